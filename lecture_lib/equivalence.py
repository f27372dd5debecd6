"""Equivalence and non-inferiority: tests whose null hypothesis is a difference that matters.

A significance test asks "is there evidence of *a* difference?"; an
equivalence test asks "is there evidence that the difference is *smaller than
a margin* that matters?". The null hypothesis is now the difference of
practical interest, so a small p-value supports practical equivalence. A
non-inferiority test keeps one of the two one-sided tests: a small p-value is
evidence that the first model is not worse than the second by the margin or
more (the question "is the cheaper model at least as good?").

Taught in chapter 8 (``notebooks/08-bayesian-comparison``).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import special, stats

from ._interval_formulas import difference_interval, tango_statistic
from ._paired_cores import mean_and_variance
from ._results import Interval, TestResult
from ._validation import (
    check_count_table,
    check_cv_scores,
    check_flag,
    check_positive,
    check_probability,
    check_score_pair,
)

__all__ = ["EquivalenceResult", "NonInferiorityResult", "equivalence_test", "noninferiority_test"]


@dataclasses.dataclass(frozen=True)
class EquivalenceResult(TestResult):
    """Result of :func:`equivalence_test`.

    Attributes
    ----------
    statistic : float
        The t statistic of the one-sided test with the larger p-value (the
        one that decides).
    pvalue : float
        max(pvalue_lower, pvalue_upper): small values are evidence that the
        mean difference lies inside (-margin, margin).
    pvalue_lower : float
        p-value of H0: mean difference <= -margin against H1: > -margin.
    pvalue_upper : float
        p-value of H0: mean difference >= margin against H1: < margin.
    statistic_lower, statistic_upper : float
        (mean + margin) / se and (mean - margin) / se.
    margin : float
        The equivalence margin (half-width of the equivalence region).
    df : int
        Degrees of freedom, n - 1.
    mean_difference : float
        Mean of x - y.
    std_error : float
        se = sqrt(c s^2), c = 1/n (paired t) or 1/n + n_test/n_train
        (corrected t).
    confidence_interval : Interval
        The interval whose inclusion in (-margin, margin) is the TOST
        decision at level (1 - confidence) / 2.
    method : str
        ``"paired t"`` or ``"corrected t"``.
    """

    _effect_attribute = "confidence_interval"

    statistic: float
    pvalue: float
    pvalue_lower: float
    pvalue_upper: float
    statistic_lower: float
    statistic_upper: float
    margin: float
    df: int
    mean_difference: float
    std_error: float
    confidence_interval: Interval
    method: str


def _score_pair(x, y, test_train_ratio):
    """(ratio or None, x, y) checked: a paired pair, or two r x k fold-score arrays of one shape."""
    ratio = None if test_train_ratio is None else check_positive(test_train_ratio, "test_train_ratio")
    if ratio is None:
        one, two = check_score_pair(x, y)
    else:
        one, shape_1 = check_cv_scores(x, "x")
        two, shape_2 = check_cv_scores(y, "y")
        if shape_1 != shape_2:
            raise ValueError(f"x and y must have the same shape (the same length): x has shape {shape_1}, "
                             f"y has {shape_2}")
    return ratio, one, two


def equivalence_test(x, y, margin, test_train_ratio=None, confidence=0.90) -> EquivalenceResult:
    """Two one-sided t-tests (TOST) for the practical equivalence of two algorithms.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Paired scores (n >= 2): per-example losses of two models (paired t),
        or the scores of two algorithms on the same n = r k cross-validation
        folds (corrected t; then a 2-D (r, k) array is accepted too).
    margin : float
        The equivalence margin m > 0, on the scale of the scores: differences
        within (-m, m) are practically irrelevant. Fix it before looking at
        the data.
    test_train_ratio : float or None, optional
        None (default): the paired t (independent differences). A positive
        number n_test / n_train: Nadeau and Bengio's corrected variance for
        overlapping cross-validation folds (1 / (k - 1) for k-fold).
    confidence : float, optional
        Coverage of the reported interval, in (0, 1). The default 0.90 is the
        interval that matches TOST at the 5 % level: the test rejects exactly
        when the 90 % interval lies inside (-margin, margin).

    Returns
    -------
    result : EquivalenceResult
        ``pvalue`` (the larger of ``pvalue_lower`` and ``pvalue_upper``),
        both one-sided statistics and p-values, ``mean_difference``,
        ``std_error``, ``df`` and ``confidence_interval``.

    Notes
    -----
    H0: :math:`|\\mu| \\ge m` (the difference matters); H1: :math:`|\\mu| < m`.
    With d = x - y, :math:`se = \\sqrt{c\\, s^2}` (c = 1/n, or
    1/n + n_2/n_1 for the corrected t) and n - 1 degrees of freedom,

    .. math::

        t_L = \\frac{\\bar d + m}{se},\\quad p_L = P(T \\ge t_L);
        \\qquad
        t_U = \\frac{\\bar d - m}{se},\\quad p_U = P(T \\le t_U),

    and the TOST p-value is :math:`\\max(p_L, p_U)`: equivalence is shown at
    level alpha when both one-sided tests reject at alpha (Schuirmann 1987),
    which is the same as the :math:`1 - 2\\alpha` confidence interval lying
    inside (-m, m). A large p-value says only that equivalence is not shown,
    never that the algorithms differ.

    With the corrected t, :math:`p_L` and :math:`p_U` equal ``p_left`` and
    ``p_right`` of :func:`lecture_lib.bayesian_correlated_ttest` with
    ``rope = margin`` and the same ratio, so TOST rejects at alpha exactly when
    both tails of the Bayesian posterior outside the ROPE are below alpha.

    If all differences are equal (se = 0), :math:`p_L` is 0 when
    :math:`\\bar d > -m` and 1 otherwise, :math:`p_U` is 0 when
    :math:`\\bar d < m` and 1 otherwise, and the interval is the point.

    Taught in chapter 8 (``notebooks/08-bayesian-comparison``).

    References
    ----------
    .. [1] Schuirmann, D. J. (1987). A comparison of the two one-sided tests
       procedure and the power approach for assessing the equivalence of
       average bioavailability. Journal of Pharmacokinetics and
       Biopharmaceutics 15(6), 657-680.
    .. [2] Lakens, D. (2017). Equivalence tests: a practical primer for t
       tests, correlations, and meta-analyses. Social Psychological and
       Personality Science 8(4), 355-362.
    .. [3] Nadeau, C., Bengio, Y. (2003). Inference for the generalization
       error. Machine Learning 52(3), 239-281.

    Examples
    --------
    >>> from lecture_lib import equivalence_test
    >>> a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.79, 0.83, 0.82]
    >>> b = [0.80, 0.83, 0.81, 0.82, 0.84, 0.82, 0.84, 0.80, 0.82, 0.81]
    >>> res = equivalence_test(a, b, margin=0.02, test_train_ratio=1 / 9)
    >>> round(res.pvalue, 4), round(res.pvalue_lower, 4), round(res.pvalue_upper, 4)
    (0.0013, 0.0001, 0.0013)
    >>> print(res.confidence_interval)
    0.004 [-0.00310254, 0.0111025] (90 % corrected t)

    If the two algorithms differed by 2 points of accuracy or more, a mean
    difference this close to 0 (0.4 points, 90 % interval -0.3 to 1.1
    points) would have probability at most 0.0013: evidence at the 5 % level
    that they are practically equivalent within a margin of 2 points.
    """
    ratio, one, two = _score_pair(x, y, test_train_ratio)
    margin = check_positive(margin, "margin")
    confidence = check_probability(confidence, "confidence")
    n = one.size
    mean, var = mean_and_variance(one - two)
    mean, var = float(mean), float(var)
    factor = 1.0 / n if ratio is None else 1.0 / n + ratio
    se = float(np.sqrt(factor * var))
    df = n - 1
    if se > 0:
        t_lower = (mean + margin) / se
        t_upper = (mean - margin) / se
        # special.stdtr is Student's CDF: P(T >= t) = stdtr(df, -t), P(T <= t) = stdtr(df, t).
        p_lower = float(special.stdtr(df, -t_lower))
        p_upper = float(special.stdtr(df, t_upper))
        half = float(special.stdtrit(df, 0.5 + confidence / 2.0)) * se
    else:
        t_lower = np.inf if mean > -margin else (0.0 if mean == -margin else -np.inf)
        t_upper = -np.inf if mean < margin else (0.0 if mean == margin else np.inf)
        p_lower = 0.0 if mean > -margin else 1.0
        p_upper = 0.0 if mean < margin else 1.0
        half = 0.0
    binding = t_lower if p_lower >= p_upper else t_upper
    return EquivalenceResult(
        statistic=float(binding),
        pvalue=max(p_lower, p_upper),
        pvalue_lower=p_lower,
        pvalue_upper=p_upper,
        statistic_lower=float(t_lower),
        statistic_upper=float(t_upper),
        margin=margin,
        df=df,
        mean_difference=mean,
        std_error=se,
        confidence_interval=Interval(mean, mean - half, mean + half, confidence,
                                     "paired t" if ratio is None else "corrected t"),
        method="paired t" if ratio is None else "corrected t",
    )


@dataclasses.dataclass(frozen=True)
class NonInferiorityResult(TestResult):
    """Result of :func:`noninferiority_test`.

    Attributes
    ----------
    statistic : float
        The one-sided statistic at the margin: Tango's score z for a table,
        (mean + margin) / se for scores.
    pvalue : float
        One-sided p-value of H0: difference <= -margin (the first model is
        worse by the margin or more) against H1: difference > -margin.
    margin : float
        The non-inferiority margin m > 0.
    difference : Interval
        The first model's advantage (accuracy of the first minus the second
        for a table; mean of the scores' differences, oriented so that
        positive favours the first) with the two-sided interval at
        ``confidence``, the same kind as the test: Tango's score interval or
        the (corrected) t interval. Its lower limit is above -margin exactly
        when ``pvalue`` < (1 - confidence) / 2.
    df : int or None
        Degrees of freedom of the t-tests (n - 1); None for the score test.
    n : int
        Pairs in the table, or number of scores.
    method : str
        ``"tango score"``, ``"paired t"`` or ``"corrected t"``.
    """

    _effect_attribute = "difference"

    statistic: float
    pvalue: float
    margin: float
    difference: Interval
    df: int | None
    n: int
    method: str

    @property
    def effect_null(self) -> float:
        """The boundary of the null hypothesis, minus the margin (the first model worse by the margin)."""
        return -self.margin


def noninferiority_test(x, y=None, *, margin, test_train_ratio=None, higher_is_better=True,
                        confidence=0.90) -> NonInferiorityResult:
    """Test that the first model is not worse than the second by a margin or more.

    Parameters
    ----------
    x : array_like
        Either a McNemar table ``[[a, b], [c, d]]`` of counts (with ``y``
        None), as :func:`lecture_lib.mcnemar_table` returns it for two
        models on one test set (b: the first right, the second wrong), or
        the first model's scores (with ``y``).
    y : array_like or None, optional
        The second model's scores, paired with ``x``: per-example losses or
        scores (paired t), or the scores of r x k cross-validation folds
        (corrected t, with ``test_train_ratio``; 2-D (r, k) arrays are
        accepted). None when ``x`` is a table.
    margin : float
        The margin m > 0 on the scale of the difference (a proportion below 1
        for a table, e.g. 0.02 for two points of accuracy): a first model worse
        by less than m counts as "not worse". Fix it before looking at the
        data.
    test_train_ratio : float or None, optional
        Scores only: None for the paired t; n_test / n_train for Nadeau and
        Bengio's corrected variance (1 / (k - 1) for k-fold).
    higher_is_better : bool, optional
        Scores only: True (default) for accuracies, False for losses and
        error rates (then the advantage of the first model is y - x).
    confidence : float, optional
        Coverage of the reported two-sided interval, default 0.90: the
        interval whose lower limit decides the test at the 5 % level.

    Returns
    -------
    result : NonInferiorityResult
        ``statistic``, ``pvalue`` (one-sided), ``margin``, ``difference``
        (an :class:`~lecture_lib.Interval`), ``df``, ``n``, ``method``.

    Notes
    -----
    H0: :math:`\\delta \\le -m`; H1: :math:`\\delta > -m`, with
    :math:`\\delta` the first model's advantage. A small p-value is
    evidence that the first model is at most m worse (it may be better);
    a large one says only that this is not shown.

    For a table (n pairs, b and c discordant), Tango's (1998) score
    statistic at :math:`\\delta_0 = -m`,

    .. math::

        T = \\frac{b - c - n\\delta_0}{\\sqrt{n\\,(2\\tilde p_{21} + \\delta_0(1 - \\delta_0))}},
        \\qquad p = 1 - \\Phi(T),

    with :math:`\\tilde p_{21}` the restricted maximum-likelihood estimate of
    P(first wrong, second right) under :math:`\\delta = \\delta_0`. It is
    the test that Tango's score interval inverts
    (:func:`lecture_lib.paired_accuracy_difference` with ``method="tango"``):
    p < alpha exactly when the lower limit of the 1 - 2 alpha interval lies
    above -m. Tango's statistic keeps its level better than the Wald
    statistic for small discordant counts (Tango 1998; Fagerland, Lydersen
    & Laake 2014).

    For scores, d = x - y (or y - x), :math:`se = \\sqrt{c\\,s^2}` with
    c = 1/n (paired t) or 1/n + n_test/n_train (corrected t), and
    :math:`t = (\\bar d + m)/se` on n - 1 degrees of freedom: one of the two
    tests of :func:`equivalence_test`. If all differences are equal (se =
    0), p is 0 when :math:`\\bar d > -m` and 1 otherwise.

    A non-inferiority claim needs a margin set in advance and a test set
    (or cross-validation) large enough for the interval to be narrower than
    the margin; choose the margin from what a loss of accuracy costs, never
    from the data.

    Taught in chapter 8 (``notebooks/08-bayesian-comparison``).

    References
    ----------
    .. [1] Tango, T. (1998). Equivalence test and confidence interval for
       the difference in proportions for the paired-sample design.
       Statistics in Medicine 17(8), 891-908.
    .. [2] Fagerland, M. W., Lydersen, S. and Laake, P. (2014). Recommended
       tests and confidence intervals for paired binomial proportions.
       Statistics in Medicine 33(16), 2850-2875.
    .. [3] Nadeau, C., Bengio, Y. (2003). Inference for the generalization
       error. Machine Learning 52(3), 239-281.
    .. [4] Wellek, S. (2010). Testing Statistical Hypotheses of Equivalence
       and Noninferiority, 2nd ed. Chapman & Hall/CRC.

    Examples
    --------
    A pruned model against the full one on 1 000 test examples: the pruned
    model was right where the full one was wrong 30 times, and wrong where
    it was right 38 times.

    >>> from lecture_lib import noninferiority_test
    >>> res = noninferiority_test([[900, 30], [38, 32]], margin=0.02)
    >>> round(res.statistic, 3), round(res.pvalue, 4)
    (1.427, 0.0768)
    >>> print(res.difference)
    -0.008 [-0.0219061, 0.00566437] (90 % tango)

    The pruned model is 0.8 points less accurate (90 % interval -2.2 to
    +0.6 points). Its lower limit passes -2 points, so non-inferiority
    within 2 points is not shown at the 5 % level (p = 0.077): a loss of 2
    points or more is still compatible with these data.
    """
    confidence = check_probability(confidence, "confidence")
    margin = check_positive(margin, "margin")
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    if y is None:
        if test_train_ratio is not None:
            raise ValueError(f"test_train_ratio applies to scores, not to a table; got {test_train_ratio!r} "
                             "with y=None")
        if not higher_is_better:
            raise ValueError("higher_is_better=False applies to scores (losses), not to a table of right and "
                             "wrong answers")
        if margin >= 1.0:
            raise ValueError(f"margin must be a difference of proportions below 1 for a table (0.02 means "
                             f"two points of accuracy), got {margin!r}")
        table = check_count_table(x, "x")
        (a, b), (c, d) = table.tolist()
        n = a + b + c + d
        if n == 0:
            raise ValueError("x must hold at least one pair: its counts sum to 0")
        statistic = tango_statistic(-margin, b, c, n)
        interval = difference_interval(a, b, c, d, n, confidence, "tango")
        return NonInferiorityResult(float(statistic), float(stats.norm.sf(statistic)), margin, interval,
                                    None, int(n), "tango score")
    ratio, one, two = _score_pair(x, y, test_train_ratio)
    n = one.size
    mean, var = mean_and_variance(one - two if higher_is_better else two - one)
    mean, var = float(mean), float(var)
    se = float(np.sqrt((1.0 / n if ratio is None else 1.0 / n + ratio) * var))
    method = "paired t" if ratio is None else "corrected t"
    if se > 0:
        statistic = (mean + margin) / se
        pvalue = float(special.stdtr(n - 1, -statistic))
        half = float(special.stdtrit(n - 1, 0.5 + confidence / 2.0)) * se
    else:
        statistic = np.inf if mean > -margin else (0.0 if mean == -margin else -np.inf)
        pvalue = 0.0 if mean > -margin else 1.0
        half = 0.0
    interval = Interval(mean, mean - half, mean + half, confidence, method)
    return NonInferiorityResult(float(statistic), pvalue, margin, interval, n - 1, n, method)
