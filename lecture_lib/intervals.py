"""Estimates with their uncertainty: confidence intervals for accuracies.

An accuracy measured on a test set is a binomial proportion, so its interval
comes from the binomial distribution (:func:`proportion_interval`). Two models
scored on the same test set are paired: the difference of their accuracies is
(b - c) / n in the McNemar table, and its interval must use the pairing
(:func:`paired_accuracy_difference`). The odds that a disagreement goes the
first model's way, b / c, has an interval conditional on b + c that inverts
one of McNemar's tests (:func:`mcnemar_odds_ratio`). Published worked examples of all three are
fixtures with provenance (:func:`interval_examples`).

Taught in chapters 1 (one accuracy) and 2 (two models on one test set).
:func:`proportion_interval` is vectorised and exact at 0 and n successes, as
the rejection rates of the simulations need. The limit formulas themselves
are in the internal module ``lecture_lib._interval_formulas``, which
McNemar's test shares.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ._data import load
from ._interval_formulas import difference_interval, disagreement_intervals, lower_limit, z_quantile
from ._results import Interval
from ._validation import check_count_table, check_counts, check_option, check_probability

__all__ = [
    "PROPORTION_METHODS",
    "DIFFERENCE_METHODS",
    "ODDS_RATIO_METHODS",
    "IntervalExample",
    "proportion_interval",
    "paired_accuracy_difference",
    "mcnemar_odds_ratio",
    "interval_examples",
]

#: The ``method`` options of :func:`proportion_interval` (default ``"wilson"``).
PROPORTION_METHODS = ("wilson", "clopper-pearson", "agresti-coull", "wald", "midp", "wilson-cc")

#: The ``method`` options of :func:`mcnemar_odds_ratio` (default ``"midp"``): the intervals of
#: :func:`proportion_interval` that invert one of McNemar's tests, mapped to the odds scale.
ODDS_RATIO_METHODS = ("midp", "clopper-pearson", "wilson", "wilson-cc")

#: The ``method`` options of :func:`paired_accuracy_difference` (default
#: ``"bonett-price"``, the first recommendation of Fagerland, Lydersen & Laake 2014).
DIFFERENCE_METHODS = ("bonett-price", "newcombe", "tango", "wald")


# --------------------------------------------------------------------------- one proportion


def proportion_interval(successes, n, confidence: float = 0.95, method: str = "wilson") -> Interval:
    """Confidence interval for a binomial proportion, such as an accuracy.

    Parameters
    ----------
    successes : int or array_like of int
        Number of successes (e.g. correctly classified test examples, or
        rejections in a simulation), 0 <= successes <= n.
    n : int or array_like of int
        Number of trials (test examples, replications), >= 1; broadcast
        against ``successes``.
    confidence : float, optional
        Nominal coverage in (0, 1), default 0.95.
    method : {"wilson", "clopper-pearson", "agresti-coull", "wald", "midp", "wilson-cc"}, optional
        ``"wilson"`` (default): Wilson's score interval.
        ``"clopper-pearson"``: the exact interval from the binomial tails;
        its coverage is never below ``confidence``.
        ``"agresti-coull"``: the Wald form around the Wilson centre.
        ``"wald"``: estimate plus or minus z standard errors, the textbook
        interval that covers too rarely (shown as the wrong way).
        ``"midp"``: the mid-p interval, Clopper-Pearson's with the observed
        outcome counted half in each tail.
        ``"wilson-cc"``: Wilson's interval with a continuity correction.
        The last four invert the binomial tests of chapter 2 (see Notes).

    Returns
    -------
    interval : Interval
        ``estimate`` (successes / n), ``low``, ``high``, ``confidence``,
        ``method``. Python floats for scalar input; for array input each of
        ``estimate``, ``low`` and ``high`` is an array of the broadcast shape.
        Unpacks as ``low, high = proportion_interval(...)``.

    Notes
    -----
    With :math:`\\hat p = k/n` and :math:`z = z_{(1+\\mathrm{confidence})/2}`:

    .. math::

        \\text{Wilson:}\\quad \\frac{k + z^2/2}{n + z^2} \\pm
            \\frac{z}{n + z^2}\\sqrt{\\frac{k(n-k)}{n} + \\frac{z^2}{4}},

        \\text{Clopper-Pearson:}\\quad
            \\bigl[B_{\\alpha/2}(k, n-k+1),\\; B_{1-\\alpha/2}(k+1, n-k)\\bigr],

        \\text{Agresti-Coull:}\\quad \\tilde p \\pm z\\sqrt{\\tilde p(1-\\tilde p)/\\tilde n},
            \\quad \\tilde n = n + z^2,\\ \\tilde p = (k + z^2/2)/\\tilde n,

        \\text{Wald:}\\quad \\hat p \\pm z\\sqrt{\\hat p(1-\\hat p)/n},

    where :math:`B_q(a, b)` is the q-quantile of the Beta(a, b) distribution
    and :math:`\\alpha = 1 - \\mathrm{confidence}`. Agresti-Coull and Wald
    limits are clipped to [0, 1]. With X ~ Binomial(n, p), the mid-p limits
    (Lancaster 1961; Berry & Armitage 1995) solve

    .. math::

        P_{p_L}(X > k) + \\tfrac12 P_{p_L}(X = k) = \\frac{\\alpha}{2}, \\qquad
        P_{p_U}(X < k) + \\tfrac12 P_{p_U}(X = k) = \\frac{\\alpha}{2}

    (found by root finding between the Clopper-Pearson limits of k and
    k + 1 successes), and Wilson's limits with continuity correction
    (Newcombe 1998, method 4) solve
    :math:`|k - np| - \\tfrac12 = z\\sqrt{np(1-p)}` on either side of k / n:

    .. math::

        p_L = \\frac{2a + z^2 - z\\sqrt{z^2 + 4a(1 - a/n)}}{2(n + z^2)},
            \\quad a = k - \\tfrac12,

    and :math:`p_U = 1 - p_L` computed for n - k successes.

    **Which test each interval inverts.** An interval is the set of values
    :math:`p_0` that a two-sided test of :math:`H_0: p = p_0` does not reject
    at level :math:`\\alpha`: Clopper-Pearson's inverts the exact test that
    doubles the smaller binomial tail, the mid-p interval the mid-p test,
    Wilson's the score test :math:`(k - np_0)^2 / (np_0(1 - p_0))` referred
    to chi-squared(1), and Wilson's with continuity correction the score
    test with :math:`|k - np_0|` shrunk by 1/2 (never below 0). So at
    :math:`p_0 = 1/2` they are McNemar's exact, mid-p, chi-squared and
    corrected tests (:func:`lecture_lib.mcnemar`): the interval excludes 1/2
    exactly when that test has :math:`p \\le \\alpha` (the tests check it on
    every table with b, c <= 30).

    The interval always contains the estimate, and at the ends it is exactly
    [0, x] (no successes) or [x, 1] (all successes): the limit is set to 0 or
    1 rather than computed, so rounding cannot put the estimate outside its
    own interval. The Wald interval collapses to the single point [0, 0] or
    [1, 1] there, although 0 failures in 20 trials are perfectly compatible
    with an error rate of a few per cent; Brown, Cai & DasGupta (2001) show
    that its coverage is erratic and often far below nominal even for large
    n, and recommend Wilson's or Agresti-Coull's interval. Clopper-Pearson
    guarantees the coverage at the price of width.

    Taught in chapter 1 (the interval of one model's accuracy); vectorised
    for the rejection rates of the simulations (chapters 2 to 4).

    References
    ----------
    .. [1] Wilson, E. B. (1927). Probable inference, the law of succession,
       and statistical inference. JASA 22(158), 209-212.
    .. [2] Clopper, C. J., Pearson, E. S. (1934). The use of confidence or
       fiducial limits illustrated in the case of the binomial. Biometrika
       26(4), 404-413.
    .. [3] Agresti, A., Coull, B. A. (1998). Approximate is better than
       "exact" for interval estimation of binomial proportions. The American
       Statistician 52(2), 119-126.
    .. [4] Brown, L. D., Cai, T. T., DasGupta, A. (2001). Interval estimation
       for a binomial proportion. Statistical Science 16(2), 101-133.
    .. [5] Newcombe, R. G. (1998). Two-sided confidence intervals for the
       single proportion: comparison of seven methods. Statistics in Medicine
       17(8), 857-872.
    .. [6] Berry, G., Armitage, P. (1995). Mid-P confidence intervals: a
       brief review. Journal of the Royal Statistical Society D 44(4),
       417-423.
    .. [7] Lancaster, H. O. (1961). Significance tests in discrete
       distributions. JASA 56(294), 223-234.

    Examples
    --------
    >>> from lecture_lib import proportion_interval
    >>> print(proportion_interval(87, 100))
    0.87 [0.790196, 0.922428] (95 % wilson)

    A model right on 87 of 100 test examples has an accuracy between about
    79 % and 92 % by the 95 % Wilson interval: 100 examples pin it down only
    to within several percentage points.

    >>> low, high = proportion_interval(0, 20, method="clopper-pearson")
    >>> low, round(high, 4)
    (0.0, 0.1684)

    No errors in 20 test examples still leaves room for an error rate of up
    to 16.8 % (exact 95 % interval, Newcombe 1998's example).

    >>> proportion_interval([0, 5, 50], 50).high.round(3)
    array([0.071, 0.214, 1.   ])

    >>> print(proportion_interval(13, 16, method="midp"))
    0.8125 [0.569937, 0.949978] (95 % midp)

    Ligarden et al.'s 13 successes in 16 trials (Fagerland, Lydersen & Laake
    2017, chapter 2, print 0.5699 to 0.9500): narrower than the exact
    interval [0.5435, 0.9595], because the observed outcome counts only half.
    """
    k = check_counts(successes, "successes", 0)
    n_arr = check_counts(n, "n", 1)
    confidence = check_probability(confidence, "confidence")
    check_option(method, "method", PROPORTION_METHODS)
    try:
        k_b, n_b = np.broadcast_arrays(k, n_arr)
    except ValueError:
        raise ValueError(
            f"successes and n must broadcast together, got shapes {k.shape} and {n_arr.shape}"
        ) from None
    if np.any(k_b > n_b):
        where = np.flatnonzero((k_b > n_b).ravel())[0]
        raise ValueError(
            f"successes must not exceed n, got successes = {k_b.ravel()[where]} with n = {n_b.ravel()[where]}"
        )
    kf = k_b.astype(np.float64)
    nf = n_b.astype(np.float64)
    estimate = kf / nf
    z = z_quantile(confidence)
    if method == "wilson":
        # one square root for both limits: the lower limit of n - k successes shares k's half-width,
        # and 1 minus it is the upper limit (computed that way, as for the other methods below)
        z2 = z * z
        half = z / (nf + z2) * np.sqrt(kf * (nf - kf) / nf + z2 / 4.0)
        low = np.minimum((kf + z2 / 2.0) / (nf + z2) - half, kf / nf)
        high = 1.0 - np.minimum((nf - kf + z2 / 2.0) / (nf + z2) - half, (nf - kf) / nf)
    elif method not in ("agresti-coull", "wald"):
        low = lower_limit(kf, nf, confidence, method)
        high = 1.0 - lower_limit(nf - kf, nf, confidence, method)
    else:
        if method == "agresti-coull":
            n_tilde = nf + z * z
            centre = (kf + z * z / 2.0) / n_tilde
            half = z * np.sqrt(centre * (1.0 - centre) / n_tilde)
        else:  # wald
            centre = estimate
            half = z * np.sqrt(estimate * (1.0 - estimate) / nf)
        low, high = centre - half, centre + half
    # Never an estimate outside its interval, never a limit outside [0, 1]; at k = 0 the
    # estimate is exactly 0.0 and at k = n exactly 1.0, so the ends come out exactly [0, x], [x, 1].
    low = np.maximum(np.minimum(low, estimate), 0.0)
    high = np.minimum(np.maximum(high, estimate), 1.0)
    if k_b.ndim == 0:
        return Interval(float(estimate), float(low), float(high), confidence, method)
    return Interval(estimate, np.asarray(low, dtype=float), np.asarray(high, dtype=float), confidence, method)


# --------------------------------------------------------------------------- paired difference


def _check_table(table) -> tuple[int, int, int, int, int]:
    table = check_count_table(table, "table")
    n = int(table.sum())
    if n == 0:
        raise ValueError("table must hold at least one pair: its counts sum to 0")
    (a, b), (c, d) = table.tolist()
    return a, b, c, d, n


def paired_accuracy_difference(table, confidence: float = 0.95, method: str = "bonett-price") -> Interval:
    """Difference of two paired accuracies, with its confidence interval.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        McNemar table ``[[a, b], [c, d]]`` of counts, as returned by
        :func:`lecture_lib.mcnemar_table`: b = model 1 right and model 2
        wrong, c = model 1 wrong and model 2 right.
    confidence : float, optional
        Nominal coverage in (0, 1), default 0.95.
    method : {"bonett-price", "newcombe", "tango", "wald"}, optional
        ``"bonett-price"`` (default): the Wald interval after adding one
        pseudo-observation to each discordant cell (Bonett & Price 2012).
        ``"newcombe"``: Newcombe's (1998) square-and-add interval (his method
        10): Wilson intervals of both accuracies, combined with a corrected
        estimate of their correlation.
        ``"tango"``: Tango's (1998) score interval, the differences at which
        the score test has :math:`|T| \\le z`.
        ``"wald"``: estimate plus or minus z standard errors, the textbook
        interval (shown as the wrong way).

    Returns
    -------
    interval : Interval
        ``estimate`` = (b - c) / n = accuracy of model 1 minus accuracy of
        model 2, with ``low``, ``high``, ``confidence`` and ``method``.

    Notes
    -----
    With n = a + b + c + d pairs, the accuracies are (a + b) / n and
    (a + c) / n; their difference :math:`\\hat\\delta = (b - c)/n` depends on
    the discordant cells only, but its variance depends on n too:
    :math:`\\mathrm{Var}(\\hat\\delta) = (p_{12} + p_{21} - \\delta^2)/n`.
    With :math:`z = z_{(1+\\mathrm{confidence})/2}`:

    .. math::

        \\text{Wald:}\\quad \\hat\\delta \\pm \\frac{z}{n}
            \\sqrt{b + c - (b - c)^2/n},

        \\text{Bonett-Price:}\\quad (\\tilde p_{12} - \\tilde p_{21}) \\pm z
            \\sqrt{\\frac{\\tilde p_{12} + \\tilde p_{21} - (\\tilde p_{12} - \\tilde p_{21})^2}{n + 2}},
            \\quad \\tilde p_{12} = \\frac{b + 1}{n + 2},\\ \\tilde p_{21} = \\frac{c + 1}{n + 2}.

    Newcombe's limits are :math:`\\hat\\delta - \\sqrt{(\\hat p_1 - l_1)^2 +
    (u_2 - \\hat p_2)^2 - 2\\hat\\psi(\\hat p_1 - l_1)(u_2 - \\hat p_2)}` and
    :math:`\\hat\\delta + \\sqrt{(\\hat p_2 - l_2)^2 + (u_1 - \\hat p_1)^2 -
    2\\hat\\psi(\\hat p_2 - l_2)(u_1 - \\hat p_1)}`, with :math:`(l_i, u_i)`
    the Wilson limits of each accuracy and :math:`\\hat\\psi` the phi
    coefficient of the table with Newcombe's continuity correction (0 when
    0 <= ad - bc <= n/2 or a margin is 0). Tango's interval holds every
    :math:`\\delta_0` with :math:`|b - c - n\\delta_0| \\le
    z\\sqrt{n(2\\tilde p_{21} + \\delta_0(1 - \\delta_0))}`, where
    :math:`\\tilde p_{21}` is the maximum likelihood estimate of
    :math:`p_{21}` under :math:`\\delta = \\delta_0`; the limits are found
    by root finding. Wald and Bonett-Price limits are clipped to [-1, 1].

    The Bonett-Price interval is centred on the adjusted difference
    :math:`\\tilde p_{12} - \\tilde p_{21}`, pulled slightly towards 0; the
    reported ``estimate`` is still the observed (b - c) / n, which every
    interval here contains (the tests check every table up to n = 40, up to
    n = 25 for Newcombe's interval, which depends on all four cells).

    Why Bonett-Price is the default: Fagerland, Lydersen & Laake (2014)
    compared these intervals (and others) in a large grid of scenarios and
    recommend the Wald interval with the Bonett-Price adjustment for the
    difference between paired proportions at every sample size, with the
    Newcombe interval as an alternative; the plain Wald interval covers too
    rarely in small samples (Newcombe 1998). The course's own check
    (tests/test_intervals.py) sums the exact coverage over every possible
    table, for 50 true tables (discordant probabilities 0.02 to 0.3) with
    n = 20 and n = 40 pairs. Mean (minimum) coverage of the 95 % intervals at
    n = 20: Bonett-Price 0.975 (0.957), Newcombe 0.966 (0.935), Tango 0.969
    (0.948), Wald 0.908 (0.761); at n = 40: 0.966 (0.946), 0.961 (0.946),
    0.954 (0.930) and 0.935 (0.864). Bonett-Price errs on the safe side,
    Wald on the wrong one.

    With no disagreements (b = c = 0) the estimate is 0; the Wald interval
    degenerates to [0, 0], the other three stay wide enough to say that a
    difference of a few per cent either way remains possible.

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    References
    ----------
    .. [1] Bonett, D. G., Price, R. M. (2012). Adjusted Wald confidence
       interval for a difference of binomial proportions based on paired
       data. Journal of Educational and Behavioral Statistics 37(4),
       479-488.
    .. [2] Newcombe, R. G. (1998). Improved confidence intervals for the
       difference between binomial proportions based on paired data.
       Statistics in Medicine 17(22), 2635-2650.
    .. [3] Tango, T. (1998). Equivalence test and confidence interval for the
       difference in proportions for the paired-sample design. Statistics in
       Medicine 17(8), 891-908.
    .. [4] Fagerland, M. W., Lydersen, S., Laake, P. (2014). Recommended
       tests and confidence intervals for paired binomial proportions.
       Statistics in Medicine 33(16), 2850-2875.

    Examples
    --------
    >>> from lecture_lib import paired_accuracy_difference
    >>> print(paired_accuracy_difference([[9959, 11], [1, 29]]))
    0.001 [0.000266857, 0.00173274] (95 % bonett-price)

    Source 000's panel A: model 1 is 0.1 percentage points more accurate, and
    the 95 % interval says the true advantage lies between about 0.03 and
    0.17 points: a difference that McNemar's test finds clear (mid-p
    p = 0.0034) but that is tiny in size.

    >>> print(paired_accuracy_difference([[9945, 25], [15, 15]]))
    0.001 [-0.000269997, 0.0022696] (95 % bonett-price)

    Panel B has the same accuracies, but its interval includes 0 (and the
    mid-p test gives p = 0.12): the same estimated effect, measured less
    precisely because the models disagree more often.
    """
    a, b, c, d, n = _check_table(table)
    confidence = check_probability(confidence, "confidence")
    check_option(method, "method", DIFFERENCE_METHODS)
    return difference_interval(a, b, c, d, n, confidence, method)


# --------------------------------------------------------------------------- odds ratio


def mcnemar_odds_ratio(table, confidence: float = 0.95, method: str = "midp") -> Interval:
    """Conditional odds ratio b / c of a McNemar table, with the interval of a McNemar test.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        McNemar table ``[[a, b], [c, d]]`` of counts: b = model 1 right and
        model 2 wrong, c = model 1 wrong and model 2 right.
    confidence : float, optional
        Nominal coverage in (0, 1), default 0.95.
    method : {"midp", "clopper-pearson", "wilson", "wilson-cc"}, optional
        The interval of the share of disagreements won by model 1
        (:func:`proportion_interval`) that is mapped to the odds scale; each
        inverts one of McNemar's tests (Notes). ``"midp"`` (default): the
        mid-p interval, which inverts the default ``mcnemar(method="midp")``.
        ``"clopper-pearson"``: the exact conditional interval, which inverts
        ``method="exact"``. ``"wilson"``: inverts ``method="chi2"``.
        ``"wilson-cc"``: inverts ``method="corrected"``.

    Returns
    -------
    interval : Interval
        ``estimate`` = b / c, the odds that a disagreement goes model 1's
        way, with ``low``, ``high``, ``confidence`` and ``method``.

    Notes
    -----
    Given the number of disagreements m = b + c, b is binomial with
    probability :math:`\\mu = p_{12}/(p_{12} + p_{21})`, and the odds ratio
    is :math:`\\theta = \\mu/(1 - \\mu)`. The interval maps an interval
    :math:`(\\mu_L, \\mu_U)` of b out of m through
    :math:`\\mu \\mapsto \\mu/(1-\\mu)`:

    .. math::

        \\Bigl[\\frac{\\mu_L}{1 - \\mu_L},\\; \\frac{\\mu_U}{1 - \\mu_U}\\Bigr].

    The map is increasing, so the interval contains b / c and keeps the
    coverage of the interval for :math:`\\mu` (conditional on m): at least
    ``confidence`` for Clopper-Pearson's, close to it on average for the
    other three. Each interval for :math:`\\mu` is the set of values that a
    two-sided test does not reject, and at :math:`\\mu = 1/2`
    (:math:`\\theta = 1`) that test is one of McNemar's: the odds interval
    excludes 1 exactly when ``mcnemar(table, method=...)`` has
    :math:`p \\le 1 - \\mathrm{confidence}`, with ``"midp"``, ``"exact"``,
    ``"chi2"`` and ``"corrected"`` for ``"midp"``, ``"clopper-pearson"``,
    ``"wilson"`` and ``"wilson-cc"`` (the tests check it on every table with
    b, c <= 30 at three levels). The concordant cells a and d play no part.

    Why mid-p by default: it inverts the course's default test, so the
    interval and the p-value never tell different stories. Fagerland,
    Lydersen & Laake (2014) compare intervals for the conditional odds ratio
    on their worked example (b = 1, c = 7: exact [0.003, 1.112], mid-p
    [0.006, 0.924], Wilson [0.023, 0.890]); as with the tests, the exact
    interval is the widest, and it includes 1 where the mid-p and the
    chi-squared tests reject at the 5 % level.

    Degenerate tables give a defined answer:

    * c = 0 < b: model 1 won every disagreement; the estimate is ``inf``
      and so is the upper limit, the lower limit is finite and above 0.
    * b = 0 < c: the estimate and the lower limit are 0, the upper limit is
      finite.
    * b = c = 0: no disagreement, no information; the estimate 0/0 is
      ``nan`` (the only case where it is not inside the interval) and the
      interval is [0, inf].

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    References
    ----------
    .. [1] Clopper, C. J., Pearson, E. S. (1934). The use of confidence or
       fiducial limits illustrated in the case of the binomial. Biometrika
       26(4), 404-413.
    .. [2] Fagerland, M. W., Lydersen, S., Laake, P. (2014). Recommended
       tests and confidence intervals for paired binomial proportions.
       Statistics in Medicine 33(16), 2850-2875.
    .. [3] Berry, G., Armitage, P. (1995). Mid-P confidence intervals: a
       brief review. Journal of the Royal Statistical Society D 44(4),
       417-423.

    Examples
    --------
    >>> from lecture_lib import mcnemar_odds_ratio
    >>> print(mcnemar_odds_ratio([[9959, 11], [1, 29]]))
    11 [1.87795, 238.925] (95 % midp)

    When the two models of source 000's panel A disagree, model 1 is right
    11 times as often as model 2; with only 12 disagreements the interval is
    very wide, but it excludes 1, as the mid-p McNemar test does
    (p = 0.0034).

    >>> print(mcnemar_odds_ratio([[1, 1], [7, 12]], method="clopper-pearson"))
    0.142857 [0.00316974, 1.11198] (95 % clopper-pearson)

    Fagerland et al.'s worked example: the exact interval includes 1, as
    the exact test does not reject (p = 0.070).

    >>> mcnemar_odds_ratio([[5, 4], [0, 1]]).high
    inf
    """
    table = check_count_table(table, "table")
    confidence = check_probability(confidence, "confidence")
    check_option(method, "method", ODDS_RATIO_METHODS)
    return disagreement_intervals(int(table[0, 1]), int(table[1, 0]), confidence, method)[1]


# --------------------------------------------------------------------------- fixtures


@dataclasses.dataclass(frozen=True)
class IntervalExample:
    """A published worked example of an interval or a sample size.

    Attributes
    ----------
    key, title, source : str
        Identifier, short title and where the numbers come from.
    kind : str
        ``"proportion"``, ``"paired_difference"``, ``"odds_ratio"``,
        ``"mcnemar_sample_size"`` or ``"nemenyi_n_datasets"``.
    inputs : dict
        The arguments of the computation (for instance ``table`` and
        ``confidence``).
    printed : dict
        The values the source prints, keyed by method (intervals as
        ``[low, high]``).
    decimals : int
        The number of decimals the source prints.
    notes : str
        How the fixture was read off the source.
    """

    key: str
    kind: str
    title: str
    source: str
    inputs: dict
    printed: dict
    decimals: int
    notes: str


def interval_examples() -> dict[str, IntervalExample]:
    """Published worked examples of intervals and sample sizes, keyed by ``key``.

    Returns
    -------
    examples : dict of IntervalExample
        Each with its source, inputs, the printed values and their decimals.

    Examples
    --------
    >>> from lecture_lib import interval_examples
    >>> example = interval_examples()["fagerland2014_bentur_difference"]
    >>> example.inputs["table"], example.printed["tango"]
    ([[1, 1], [7, 12]], [-0.517, -0.026])
    """
    return {item["key"]: IntervalExample(**item) for item in load("interval_examples.json")["examples"]}
