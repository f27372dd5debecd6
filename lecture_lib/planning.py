"""Planning a comparison: power and sample size.

How many test examples does McNemar's test need to detect a given difference
in accuracy (:func:`mcnemar_power`, :func:`mcnemar_sample_size`)? How many
data sets do the Wilcoxon signed-rank test and the Nemenyi test need
(:func:`wilcoxon_n_datasets`, :func:`nemenyi_n_datasets`)? The McNemar power
is exact; the numbers of data sets come from normal approximations whose
accuracy the test suite checks by simulation.

Taught in chapters 2 (test examples), 5 and 6 (data sets).
"""

from __future__ import annotations

import dataclasses
import math
import numbers

import numpy as np
from scipy import special, stats

from ._mcnemar_options import check_mcnemar_method
from ._results import Printable
from ._validation import _show, check_alpha, check_count, check_flag, check_probability
from .friedman_nemenyi import critical_value
from .mcnemar import mcnemar_pvalues

__all__ = [
    "EXACT_SCAN_MAX",
    "McNemarPower",
    "McNemarSampleSize",
    "WilcoxonSampleSize",
    "NemenyiSampleSize",
    "mcnemar_power",
    "mcnemar_sample_size",
    "wilcoxon_n_datasets",
    "nemenyi_n_datasets",
]

#: :func:`mcnemar_sample_size` scans the exact power of every n up to twice
#: the sample size it finds, as long as that stays at or below this many pairs.
EXACT_SCAN_MAX = 100_000

# Binomial probability left out at each end of the number of disagreements:
# the exact sums neglect less than twice this.
_TAIL = 1e-16


@dataclasses.dataclass(frozen=True)
class McNemarPower(Printable):
    """Result of :func:`mcnemar_power`.

    Attributes
    ----------
    power : float
        Exact probability that the test rejects H0 at level ``alpha``.
    power_normal : float
        Connor's (1987) normal approximation of the same probability.
    n : int
        Number of test examples (pairs of predictions).
    discordant_proportion : float
        Probability psi that the two models disagree on an example.
    difference : float
        True accuracy of model 1 minus that of model 2 (delta).
    alpha : float
        Significance level.
    method : str
        The McNemar variant whose power this is.
    """

    power: float
    power_normal: float
    n: int
    discordant_proportion: float
    difference: float
    alpha: float
    method: str


@dataclasses.dataclass(frozen=True)
class McNemarSampleSize(Printable):
    """Result of :func:`mcnemar_sample_size`.

    Attributes
    ----------
    n_connor : int
        Connor's (1987) sample size, his formula rounded up.
    n_exact : int or None
        Smallest n at which the exact power of ``method`` reaches ``power``
        (None when the scan would exceed ``EXACT_SCAN_MAX`` pairs, or
        without ``exact_check``).
    n_exact_stable : int or None
        Smallest n from which the exact power stays at or above ``power``
        for every larger n scanned (up to twice the larger of the two sample
        sizes); above ``n_exact`` when the power curve saw-tooths.
    power_at_connor : float or None
        Exact power of ``method`` at ``n_connor`` (None without
        ``exact_check``).
    power_at_exact : float or None
        Exact power of ``method`` at ``n_exact``.
    discordant_proportion, difference, alpha, power : float
        The design: psi, delta, the level and the target power.
    method : str
        The McNemar variant of the exact check.
    """

    n_connor: int
    n_exact: int | None
    n_exact_stable: int | None
    power_at_connor: float | None
    power_at_exact: float | None
    discordant_proportion: float
    difference: float
    alpha: float
    power: float
    method: str


@dataclasses.dataclass(frozen=True)
class WilcoxonSampleSize(Printable):
    """Result of :func:`wilcoxon_n_datasets`.

    Attributes
    ----------
    n_datasets : int
        Number of data sets to plan for.
    n_noether : float
        Noether's (1987) formula before rounding up.
    n_minimum : int
        Fewest data sets with which the exact two-sided test can reject at
        all at level ``alpha``.
    standardized_shift : float
        Mean of the per-data-set score differences over their standard
        deviation.
    p_positive : float
        P(D > 0): the probability that algorithm 1 wins on a random data set
        (normal differences).
    p_walsh : float
        P(D + D' > 0) for two independent data sets, the quantity Noether's
        formula needs (normal differences).
    alpha, power : float
        Level (two-sided) and target power.
    """

    n_datasets: int
    n_noether: float
    n_minimum: int
    standardized_shift: float
    p_positive: float
    p_walsh: float
    alpha: float
    power: float


@dataclasses.dataclass(frozen=True)
class NemenyiSampleSize(Printable):
    """Result of :func:`nemenyi_n_datasets`.

    Attributes
    ----------
    n_datasets : int
        Number of data sets to plan for.
    n_formula : float
        The formula before rounding up.
    k : int
        Number of algorithms.
    rank_gap : float
        Difference in mean rank to detect.
    q_alpha : float
        Nemenyi's critical value (studentized range quantile over sqrt 2).
    alpha, power : float
        Family-wise level and target power.
    """

    n_datasets: int
    n_formula: float
    k: int
    rank_gap: float
    q_alpha: float
    alpha: float
    power: float


# --------------------------------------------------------------------------- checks


def _check_real(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {_show(value)}")
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value!r}")
    return value


def _check_design(discordant_proportion, difference) -> tuple[float, float]:
    psi = check_probability(discordant_proportion, "discordant_proportion", open_interval=False)
    if psi == 0.0:
        raise ValueError(
            "discordant_proportion must be > 0, got 0.0: models that never disagree can never be told apart"
        )
    delta = _check_real(difference, "difference")
    if abs(delta) > psi:
        raise ValueError(
            f"difference must lie in [-discordant_proportion, discordant_proportion] = [{-psi}, {psi}], "
            f"got {delta}: the accuracies can differ only where the models disagree"
        )
    return psi, delta


def _check_positive(value, name: str) -> float:
    value = _check_real(value, name)
    if value <= 0.0:
        raise ValueError(f"{name} must be > 0, got {value!r}")
    return value


# --------------------------------------------------------------------------- McNemar


def _critical_count(m: np.ndarray, alpha: float, method: str) -> np.ndarray:
    """Largest k <= m/2 with p(b = k, c = m - k) <= alpha, or -1 if none.

    For a fixed number of disagreements m every variant's p-value grows with
    min(b, c), so the test rejects exactly when min(b, c) <= this count; a
    vectorised bisection over all m at once finds it.
    """
    m = np.asarray(m, dtype=np.int64)
    low = np.zeros_like(m)
    high = m // 2
    _, p_zero = mcnemar_pvalues(low, m, method)
    possible = p_zero <= alpha
    while True:
        active = np.flatnonzero(possible & (low < high))
        if active.size == 0:
            break
        mid = (low[active] + high[active] + 1) // 2
        _, p = mcnemar_pvalues(mid, m[active] - mid, method)
        ok = p <= alpha
        low[active[ok]] = mid[ok]
        high[active[~ok]] = mid[~ok] - 1
    return np.where(possible, low, -1)


def _rejection_given_discordant(m: np.ndarray, p_b: float, alpha: float, method: str) -> np.ndarray:
    """P(the test rejects | b + c = m) when b ~ Binomial(m, p_b)."""
    k = _critical_count(m, alpha, method)
    # reject when b <= k or c <= k (never both: k < m / 2, as p = 1 at b = c)
    return stats.binom.cdf(k, m, p_b) + stats.binom.cdf(k, m, 1.0 - p_b)


def _connor_power(n: int, psi: float, delta: float, alpha: float) -> float:
    z = float(special.ndtri(1.0 - alpha / 2.0))
    spread = math.sqrt(max(psi - delta * delta, 0.0))
    signal = abs(delta) * math.sqrt(n) - z * math.sqrt(psi)
    if spread == 0.0:
        return 1.0 if signal > 0 else 0.0
    return float(special.ndtr(signal / spread))


def _exact_power(n: int, psi: float, p_b: float, alpha: float, method: str) -> float:
    lo = int(stats.binom.ppf(_TAIL, n, psi))
    hi = int(stats.binom.isf(_TAIL, n, psi))
    m = np.arange(max(lo - 1, 0), min(hi + 1, n) + 1)
    weights = stats.binom.pmf(m, n, psi)
    return float(min(np.sum(weights * _rejection_given_discordant(m, p_b, alpha, method)), 1.0))


def mcnemar_power(n, discordant_proportion, difference, alpha: float = 0.05,
                  method: str = "midp") -> McNemarPower:
    """Exact power of McNemar's test for a planned test set.

    Parameters
    ----------
    n : int
        Number of test examples, >= 1.
    discordant_proportion : float
        psi in (0, 1]: the probability that the two models disagree on a
        test example (one right, the other wrong).
    difference : float
        delta: the true accuracy of model 1 minus that of model 2, with
        :math:`|\\delta| \\le \\psi`. 0 gives the Type I error rate.
    alpha : float, optional
        Significance level in (0, 1), default 0.05.
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        The variant of :func:`lecture_lib.mcnemar`; default ``"midp"``, the
        library's default.

    Returns
    -------
    result : McNemarPower
        ``power`` (exact), ``power_normal`` (Connor's approximation) and the
        design.

    Notes
    -----
    Each example falls in one of the four cells with probabilities
    :math:`p_{11}, p_{12}, p_{21}, p_{22}`; :math:`\\psi = p_{12} + p_{21}`
    and :math:`\\delta = p_{12} - p_{21}`. The number of disagreements
    :math:`m = b + c` is Binomial(n, psi) and, given m, b is
    Binomial(m, p_b) with :math:`p_b = p_{12}/\\psi = (\\psi + \\delta)/(2\\psi)`.
    The test conditions on m, so its power is the exact sum

    .. math::

        \\text{power} = \\sum_{m=0}^{n} \\binom{n}{m}\\psi^m(1-\\psi)^{n-m}
            \\, P(p(b, m - b) \\le \\alpha \\mid m),

    where :math:`p(b, c)` is the p-value of :func:`lecture_lib.mcnemar_pvalues`
    (the library's own decision rule) and the inner probability sums the
    Binomial(m, p_b) probabilities of the b that reject. For each m the test
    rejects exactly when min(b, c) is at most a critical count, which a
    vectorised bisection finds. The values of m with probability below 1e-16
    at either end are left out, so the sum is exact up to 2e-16.

    Connor's (1987) normal approximation, with :math:`z = z_{1-\\alpha/2}`:

    .. math::

        \\text{power} \\approx \\Phi\\Bigl(\\frac{|\\delta|\\sqrt n - z\\sqrt\\psi}
            {\\sqrt{\\psi - \\delta^2}}\\Bigr).

    It ignores the discreteness of the test, so it is too optimistic for the
    conservative exact test and close for the mid-p test.

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    References
    ----------
    .. [1] Connor, R. J. (1987). Sample size for testing differences in
       proportions for the paired-sample design. Biometrics 43(1), 207-211.
    .. [2] Fagerland, M. W., Lydersen, S., Laake, P. (2013). The McNemar test
       for binary matched-pairs data: mid-p and asymptotic are better than
       exact conditional. BMC Medical Research Methodology 13, 91.

    Examples
    --------
    >>> from lecture_lib import mcnemar_power
    >>> result = mcnemar_power(1000, discordant_proportion=0.05, difference=0.01)
    >>> round(result.power, 3), round(result.power_normal, 3)
    (0.291, 0.292)

    On 1000 test examples, two models that disagree on 5 % of them and
    differ by one percentage point in accuracy are told apart by the mid-p
    McNemar test with probability 0.29 only: most such comparisons would
    come out "not significant" although the difference is real.

    >>> round(mcnemar_power(1000, 0.05, 0.0).power, 4)
    0.0493

    With no true difference the power is the Type I error rate: 4.9 %,
    just below the nominal 5 %.
    """
    n = check_count(n, "n", minimum=1)
    psi, delta = _check_design(discordant_proportion, difference)
    alpha = check_alpha(alpha)
    check_mcnemar_method(method)
    p_b = (psi + delta) / (2.0 * psi)
    return McNemarPower(
        power=_exact_power(n, psi, p_b, alpha, method),
        power_normal=_connor_power(n, psi, delta, alpha),
        n=n,
        discordant_proportion=psi,
        difference=delta,
        alpha=alpha,
        method=method,
    )


def _scan_exact_power(psi: float, p_b: float, alpha: float, method: str, target: float, n_min_end: int):
    """Exact power for n = 1, 2, ... by the recursion of the binomial weights.

    Returns the powers as an array (index 0 is n = 1), or None when the scan
    would exceed ``EXACT_SCAN_MAX``. Scans until the target is reached and
    then to twice the larger of that n and ``n_min_end``.
    """
    tiny = 1e-20  # weights below this are dropped at the two ends: less than 1e-14 in all
    size = 1024
    weights = np.zeros(size)  # weights[m] = P(m disagreements among n examples), for lo <= m <= hi
    weights[0] = 1.0
    lo = hi = 0
    rejection = _rejection_given_discordant(np.arange(size), p_b, alpha, method)
    powers = []
    n_end = None
    n = 0
    while n_end is None or n < n_end:
        n += 1
        if n > EXACT_SCAN_MAX:
            return None
        if hi + 2 > size:  # room for one more m, and the rejection probabilities up there
            grown = max(2 * size, hi + 2)
            weights = np.concatenate([weights, np.zeros(grown - size)])
            rejection = np.concatenate(
                [rejection, _rejection_given_discordant(np.arange(size, grown), p_b, alpha, method)]
            )
            size = grown
        # P_n(m) = (1 - psi) P_{n-1}(m) + psi P_{n-1}(m - 1), in place
        moved = psi * weights[lo : hi + 1]
        weights[lo : hi + 1] *= 1.0 - psi
        weights[lo + 1 : hi + 2] += moved
        hi += 1
        while weights[lo] < tiny and lo < hi:
            weights[lo] = 0.0
            lo += 1
        while weights[hi] < tiny and hi > lo:
            weights[hi] = 0.0
            hi -= 1
        powers.append(min(float(np.dot(weights[lo : hi + 1], rejection[lo : hi + 1])), 1.0))
        if n_end is None and powers[-1] >= target:
            n_end = 2 * max(n, n_min_end)
            if n_end > EXACT_SCAN_MAX:
                return None
    return np.array(powers)


def mcnemar_sample_size(
    discordant_proportion, difference, alpha: float = 0.05, power: float = 0.8, method: str = "midp",
    exact_check: bool = True,
) -> McNemarSampleSize:
    """Number of test examples McNemar's test needs (Connor 1987, checked exactly).

    Parameters
    ----------
    discordant_proportion : float
        psi in (0, 1]: the probability that the two models disagree on a
        test example.
    difference : float
        delta != 0: the accuracy difference to detect (model 1 minus model
        2), with :math:`|\\delta| \\le \\psi`.
    alpha : float, optional
        Two-sided significance level in (0, 1), default 0.05.
    power : float, optional
        Target power in (0, 1), default 0.8.
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        The McNemar variant of the exact check (default ``"midp"``, the
        library's default).

    exact_check : bool, optional
        Check Connor's n with the exact power (default True). False gives
        the formula alone, in microseconds (``n_exact``, ``n_exact_stable``,
        ``power_at_connor`` and ``power_at_exact`` are then None): what a
        slider needs.
    Returns
    -------
    result : McNemarSampleSize
        ``n_connor`` (the formula), ``n_exact`` and ``n_exact_stable`` (the
        exact check), the exact power at both, and the design.

    Notes
    -----
    Connor's (1987) formula, with :math:`z_a = z_{1-\\alpha/2}` and
    :math:`z_b = z_{\\text{power}}`:

    .. math::

        n = \\Bigl\\lceil \\frac{\\bigl(z_a\\sqrt\\psi + z_b\\sqrt{\\psi - \\delta^2}\\bigr)^2}
            {\\delta^2} \\Bigr\\rceil.

    It is a normal approximation: under H0 the difference b - c has
    variance :math:`n\\psi`, under the alternative :math:`n(\\psi - \\delta^2)`.

    The exact check computes the exact power of :func:`mcnemar_power` for
    n = 1, 2, ... (each from the previous by the recursion of binomial
    probabilities) and reports the smallest n at which it reaches the target.
    The power of a discrete test need not grow with n: it can fall back
    below the target for a larger n (a saw-tooth). This happens when the
    number of disagreements is nearly fixed (psi close to 1, as in
    conditioning on b + c, chapter 2's curves); with psi well below 1 the
    binomial number of disagreements smooths the curve. ``n_exact_stable``
    is the smallest n from which the power stays at or above the target for
    every n scanned, up to twice the larger of ``n_exact`` and
    ``n_connor``. The scan is skipped (fields None) when that would exceed
    ``EXACT_SCAN_MAX`` (100 000) pairs.

    For the exact conditional test Connor's n is too small (it ignores how
    conservative the test is); for the mid-p test it is close, slightly
    above the exact answer.

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    References
    ----------
    .. [1] Connor, R. J. (1987). Sample size for testing differences in
       proportions for the paired-sample design. Biometrics 43(1), 207-211.

    Examples
    --------
    >>> from lecture_lib import mcnemar_sample_size
    >>> plan = mcnemar_sample_size(discordant_proportion=0.05, difference=0.01)
    >>> plan.n_connor, plan.n_exact, round(plan.power_at_connor, 3)
    (3923, 3899, 0.802)

    To detect a one-point difference in accuracy between two models that
    disagree on 5 % of the examples, with 80 % power at the 5 % level, plan
    for about 3900 test examples: Connor's formula says 3923, the exact
    power of the mid-p test reaches 80 % at 3899.

    >>> plan = mcnemar_sample_size(0.05, 0.01, method="exact")
    >>> plan.n_exact > plan.n_connor
    True

    The exact conditional test, more conservative, needs more examples than
    the formula promises.
    """
    psi, delta = _check_design(discordant_proportion, difference)
    if delta == 0.0:
        raise ValueError("difference must not be 0: no test set is large enough to detect no difference")
    alpha = check_alpha(alpha)
    power = check_probability(power, "power")
    check_mcnemar_method(method)
    exact_check = check_flag(exact_check, "exact_check")
    z_a = float(special.ndtri(1.0 - alpha / 2.0))
    z_b = float(special.ndtri(power))
    n_formula = (z_a * math.sqrt(psi) + z_b * math.sqrt(max(psi - delta * delta, 0.0))) ** 2 / delta**2
    n_connor = max(1, math.ceil(n_formula - 1e-9))  # the tolerance keeps an exact integer from rounding up
    p_b = (psi + delta) / (2.0 * psi)
    # the scan would end at 2 max(n_exact, n_connor) >= 2 n_connor: skip it at once when that is too far
    if not exact_check or 2 * n_connor > EXACT_SCAN_MAX:
        curve = None
    else:
        curve = _scan_exact_power(psi, p_b, alpha, method, power, n_connor)
    if curve is None:
        n_exact = n_stable = power_exact = None
        power_connor = _exact_power(n_connor, psi, p_b, alpha, method) if exact_check else None
    else:
        reached = np.flatnonzero(curve >= power)
        n_exact = int(reached[0]) + 1
        below = np.flatnonzero(curve < power)
        n_stable = int(below[-1]) + 2 if below.size else 1
        power_exact = float(curve[n_exact - 1])
        power_connor = float(curve[n_connor - 1])
    return McNemarSampleSize(
        n_connor=n_connor,
        n_exact=n_exact,
        n_exact_stable=n_stable,
        power_at_connor=power_connor,
        power_at_exact=power_exact,
        discordant_proportion=psi,
        difference=delta,
        alpha=alpha,
        power=power,
        method=method,
    )


# --------------------------------------------------------------------------- many data sets


def wilcoxon_n_datasets(standardized_shift, alpha: float = 0.05, power: float = 0.8) -> WilcoxonSampleSize:
    """Number of data sets the Wilcoxon signed-rank test needs (Noether 1987).

    Parameters
    ----------
    standardized_shift : float
        The effect to detect, > 0: the mean of the per-data-set score
        differences of the two algorithms over their standard deviation
        (e.g. a typical gain of 1 point with a spread of 2 points across data
        sets is 0.5).
    alpha : float, optional
        Two-sided significance level in (0, 1), default 0.05.
    power : float, optional
        Target power in (0, 1), default 0.8.

    Returns
    -------
    result : WilcoxonSampleSize
        ``n_datasets`` and the quantities behind it.

    Notes
    -----
    Noether (1987) gives, for the signed-rank test at two-sided level alpha,

    .. math::

        N = \\frac{(z_{1-\\alpha/2} + z_{\\text{power}})^2}{3\\,(p' - 1/2)^2},
            \\qquad p' = P(D + D' > 0),

    with D and D' the score differences on two independent data sets. The
    test itself assumes no distribution; to turn a shift into p' this
    function assumes normal differences, :math:`D \\sim N(\\Delta, \\sigma^2)`,
    so that :math:`p' = \\Phi(\\sqrt 2\\,\\Delta/\\sigma)`; the result also
    reports :math:`P(D > 0) = \\Phi(\\Delta/\\sigma)`, the chance that
    algorithm 1 wins on a random data set. ``n_datasets`` is the formula
    rounded up, and at least the fewest data sets with which the exact
    two-sided test can reject at all (six at alpha = 0.05: the smallest
    two-sided p-value with N data sets is :math:`2/2^N`).

    The formula is approximate and errs on the safe side. By seeded
    simulation (exact two-sided test, normal differences, 8000 to 20 000
    replications; the tests check the shifts 0.3 and 0.5) the power at the
    returned N is about 0.81 for shifts of 0.2 and 0.3, 0.84-0.85 for 0.5
    and 0.91 for 0.8, for a target of 0.8: the larger the effect, the more
    data sets the formula asks for beyond what is needed. A quarter fewer
    data sets than returned leaves the power near 0.70.

    Taught in chapter 5 (``notebooks/05-two-algorithms-many-datasets``).

    References
    ----------
    .. [1] Noether, G. E. (1987). Sample size determination for some common
       nonparametric tests. JASA 82(398), 645-647.

    Examples
    --------
    >>> from lecture_lib import wilcoxon_n_datasets
    >>> plan = wilcoxon_n_datasets(0.5)
    >>> plan.n_datasets, round(plan.p_positive, 2)
    (39, 0.69)

    If algorithm 1's gain has half the spread of the gains across data sets
    (it wins on about 69 % of data sets), 39 data sets give the signed-rank
    test at least 80 % power; the 14 data sets of Demšar's (2006) example
    would not.
    """
    shift = _check_positive(standardized_shift, "standardized_shift")
    alpha = check_alpha(alpha)
    power = check_probability(power, "power")
    p_walsh = float(special.ndtr(math.sqrt(2.0) * shift))
    excess = p_walsh - 0.5
    z_sum = float(special.ndtri(1.0 - alpha / 2.0)) + float(special.ndtri(power))
    if excess <= 0.0:  # the shift underflows: no finite number of data sets
        raise ValueError(f"standardized_shift is too small to plan for, got {shift!r}")
    n_noether = z_sum**2 / (3.0 * excess**2)
    n_minimum = max(1, math.ceil(math.log2(2.0 / alpha) - 1e-12))
    return WilcoxonSampleSize(
        n_datasets=max(math.ceil(n_noether - 1e-9), n_minimum),
        n_noether=float(n_noether),
        n_minimum=n_minimum,
        standardized_shift=shift,
        p_positive=float(special.ndtr(shift)),
        p_walsh=p_walsh,
        alpha=alpha,
        power=power,
    )


def nemenyi_n_datasets(k, rank_gap, alpha: float = 0.05, power: float = 0.8) -> NemenyiSampleSize:
    """Number of data sets the Nemenyi test needs to separate two algorithms.

    Parameters
    ----------
    k : int
        Number of algorithms compared, >= 2.
    rank_gap : float
        The true difference in mean rank to detect, in (0, k - 1].
    alpha : float, optional
        Family-wise significance level in (0, 1), default 0.05.
    power : float, optional
        Target power in (0, 1), default 0.8.

    Returns
    -------
    result : NemenyiSampleSize
        ``n_datasets`` and the quantities behind it.

    Notes
    -----
    The Nemenyi test declares two algorithms different when their mean ranks
    differ by more than the critical difference
    :math:`q_\\alpha\\sqrt{k(k+1)/(6N)}` (Demšar 2006), with
    :math:`q_\\alpha` the studentized range quantile over :math:`\\sqrt 2`
    (:func:`lecture_lib.critical_value`). Treating the difference of mean
    ranks as normal with mean :math:`\\delta` (``rank_gap``) and its
    null-hypothesis variance :math:`k(k+1)/(6N)`, the power reaches the
    target when

    .. math::

        N \\ge \\frac{(q_\\alpha + z_{\\text{power}})^2\\, k(k+1)}{6\\,\\delta^2}.

    The far tail is ignored, and the variance of the rank difference is
    smaller under the alternative than under H0, so the formula errs on the
    safe side: by seeded simulation (tests/test_planning.py, one algorithm
    better than k - 1 equal ones, normal scores, 4000 replications) the power
    at the returned N is about 0.82 for k = 6 and a gap of 1 (96 data sets)
    and for k = 4 and a gap of 0.5 (156), for a target of 0.8; with 30 %
    fewer data sets it drops to about 0.61.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. JMLR 7, 1-30.
    .. [2] Nemenyi, P. B. (1963). Distribution-free multiple comparisons.
       PhD thesis, Princeton University.

    Examples
    --------
    >>> from lecture_lib import nemenyi_n_datasets
    >>> plan = nemenyi_n_datasets(6, 1.0)
    >>> plan.n_datasets, round(plan.q_alpha, 3)
    (96, 2.85)

    To separate, with 80 % power, two of six algorithms whose mean ranks
    truly differ by one place, plan for 96 data sets: far more than the
    dozen or so of a typical benchmark.
    """
    k = check_count(k, "k", minimum=2)
    gap = _check_positive(rank_gap, "rank_gap")
    if gap > k - 1:
        raise ValueError(f"rank_gap must be at most k - 1 = {k - 1}, the largest possible gap, got {gap!r}")
    alpha = check_alpha(alpha)
    power = check_probability(power, "power")
    q_alpha = critical_value(k, alpha, "nemenyi")
    n_formula = (q_alpha + float(special.ndtri(power))) ** 2 * k * (k + 1) / (6.0 * gap * gap)
    return NemenyiSampleSize(
        n_datasets=max(1, math.ceil(n_formula - 1e-9)),
        n_formula=float(n_formula),
        k=k,
        rank_gap=gap,
        q_alpha=float(q_alpha),
        alpha=alpha,
        power=power,
    )
