"""Two algorithms over many data sets: Wilcoxon signed-rank test and sign test.

Taught in chapter 5 (``notebooks/05-two-algorithms-many-datasets``). The
mid-ranks and the exact null distribution of R+ come from internal modules
(``_ranking``, ``_signed_rank``) that the simulations and figures share.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

import numpy as np
from scipy import special

from ._results import Interval, TestResult
from ._signed_rank import WILCOXON_EXACT_MAX, doubled_rank_pmf, signed_ranks, untied_signed_rank_cdf
from ._tails import binomial_half_cdf, binomial_half_two_sided  # shared with McNemar
from ._validation import (
    _show,
    check_alpha,
    check_count,
    check_flag,
    check_option,
    check_probability,
    check_score_pair,
    check_scores,
)
from .intervals import proportion_interval
from .ranks import rankdata

__all__ = [
    "WILCOXON_ZERO_METHODS",
    "WILCOXON_METHODS",
    "ALTERNATIVES",
    "SIGN_TEST_TIES",
    "WILCOXON_AUTO_EXACT_MAX",
    "WILCOXON_EXACT_MAX",
    "WilcoxonResult",
    "SignTestResult",
    "wilcoxon_signed_rank",
    "signed_rank_null_distribution",
    "wilcoxon_critical_value",
    "wilcoxon_steps",
    "sign_test",
    "sign_test_critical_wins",
]

#: The ``zero_method`` options of :func:`wilcoxon_signed_rank` (scipy's names); the default is
#: ``"pratt"`` (Pratt 1959), see the Notes of :func:`wilcoxon_signed_rank`.
WILCOXON_ZERO_METHODS = ("zsplit", "pratt", "wilcox")
#: The ``method`` options of :func:`wilcoxon_signed_rank`.
WILCOXON_METHODS = ("auto", "exact", "approx")
#: The ``alternative`` options.
ALTERNATIVES = ("two-sided", "greater", "less")
#: The ``ties`` options of :func:`sign_test`.
SIGN_TEST_TIES = ("split", "drop")
#: ``method="auto"`` computes the exact null distribution up to this many pairs.
WILCOXON_AUTO_EXACT_MAX = 50
# WILCOXON_EXACT_MAX, the largest n of method="exact", comes from _signed_rank.py with the code it limits


def _paired_differences(x, y) -> np.ndarray:
    """x - y, or x itself (the differences) when y is None."""
    if y is None:
        return check_scores(x, "x", min_size=1)
    x, y = check_score_pair(x, y, min_size=1)
    return x - y


def _for_ranking(d: np.ndarray) -> np.ndarray:
    """The differences as the ranks and signs see them: to 12 significant digits of the largest.

    Differences equal in decimal (0.12 - 0.10 and 0.17 - 0.15) must tie, as the mid-ranks intend,
    and a difference of round-off size (0.88 - 0.8799999999999999) is a zero: binary round-off
    must not decide ranks or signs. Relative to the largest |d| (so the test does not depend on
    the unit), as :func:`lecture_lib.pairwise_comparisons` rounds; the Hodges-Lehmann estimate
    and interval use the differences themselves.
    """
    largest = float(np.max(np.abs(d))) if d.size else 0.0
    if not (largest > 0 and np.isfinite(largest)):
        return d
    return np.round(d / largest, 12) * largest


def signed_rank_null_distribution(x, y=None, zero_method: str = "pratt"):
    """Exact null distribution of R+ for the given data (its conditional distribution).

    Under H0 each non-zero difference is as likely to be positive as
    negative, independently, whatever its size; the ranks of the observed
    :math:`|d|` are fixed. R+ is then a sum of a random subset of the ranks (plus,
    for ``"zsplit"``, the fixed half of the zero ranks).

    Parameters
    ----------
    x, y, zero_method
        As in :func:`wilcoxon_signed_rank`.

    Returns
    -------
    values, probabilities : ndarray
        The possible values of R+ (steps of 0.5 when mid-ranks occur, else
        1) and their null probabilities (summing to 1).

    Notes
    -----
    The ranks are doubled so that mid-ranks such as 1.5 become integers;
    the distribution of the doubled sum is the product of the polynomials
    :math:`(1 + x^{2 r_i}) / 2`, expanded in :math:`O(n \\cdot n(n+1))`
    operations, not by listing the :math:`2^n` sign patterns. Taught in
    chapter 5.

    Examples
    --------
    >>> from lecture_lib import signed_rank_null_distribution
    >>> values, probs = signed_rank_null_distribution([1.0, -2.0, 3.0])
    >>> values.tolist()
    [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    >>> (probs * 8).tolist()
    [1.0, 1.0, 1.0, 2.0, 1.0, 1.0, 1.0]

    With three pairs there are 2^3 = 8 equally likely sign patterns; R+ = 3
    arises twice (rank 3 alone, or ranks 1 and 2).
    """
    d = _paired_differences(x, y)
    check_option(zero_method, "zero_method", WILCOXON_ZERO_METHODS)
    ranks, _, constant, _, _, _ = signed_ranks(_for_ranking(d), zero_method)
    if ranks.size > WILCOXON_EXACT_MAX:
        raise ValueError(
            f"x has {ranks.size} non-zero differences, above the limit of {WILCOXON_EXACT_MAX} for the exact "
            "null distribution (about n^3 steps, minutes of work); at this size R+ is close to normal: "
            "wilcoxon_signed_rank with its normal approximation (method \"approx\") gives the p-value"
        )
    weights = np.rint(2.0 * ranks).astype(np.int64)
    pmf = doubled_rank_pmf(weights)
    values = constant + np.arange(pmf.size) / 2.0
    keep = pmf > 0
    return values[keep], pmf[keep]


def _signed_rank_exact_pvalue(ranks, positive, alternative: str) -> float:
    if ranks.size == 0:
        return 1.0
    weights = np.rint(2.0 * ranks).astype(np.int64)
    observed = int(weights[positive].sum())
    pmf = doubled_rank_pmf(weights)
    # sum each tail directly (no 1 - cdf cancellation for tiny p-values)
    lower = float(pmf[: observed + 1].sum())
    upper = float(pmf[observed:].sum())
    if alternative == "less":
        p = lower
    elif alternative == "greater":
        p = upper
    else:
        p = 2.0 * min(lower, upper)
    return min(max(p, 0.0), 1.0)


# --------------------------------------------------------------------------- the effect

#: Up to this many Walsh averages (n(n + 1)/2; n = 2000) are listed and partitioned at once;
#: beyond, a randomised selection counts them row by row without listing them.
_WALSH_LIST_MAX = 2_000_000


def _count_sums_below(
    d: np.ndarray, pivot: float, strict: bool, lo: np.ndarray, hi: np.ndarray
) -> np.ndarray:
    """For each row i of the sorted ``d``: the first j in [lo[i], hi[i]] with d[i] + d[j] >= pivot
    (> pivot if not strict), or hi[i] if there is none.

    A binary search run on all rows at once, on the computed sums themselves,
    so the counts agree exactly with sorting the floating-point sums (which are
    non-decreasing in j because ``d`` is sorted). The caller knows that the
    sums before lo[i] are below the pivot and those from hi[i] on are not.
    """
    n = d.size
    lo = lo.copy()
    hi = hi.copy()
    while True:
        active = lo < hi
        if not active.any():
            return lo
        mid = (lo + hi) // 2
        sums = d + d[np.minimum(mid, n - 1)]
        below = (sums < pivot) if strict else (sums <= pivot)
        lo = np.where(active & below, mid + 1, lo)
        hi = np.where(active & ~below, mid, hi)


def _walsh_select(d: np.ndarray, k: int, rng: np.random.Generator, finish: int) -> float:
    """The k-th smallest (1-based) pair sum d[i] + d[j], i <= j, of the sorted ``d``, without listing all.

    Selection on the implicit triangle of sums, whose rows are sorted (Floyd
    and Rivest's idea): keep per row the index range of the sums still in
    play, draw a random sample of them, take two sample quantiles that
    bracket the k-th sum as pivots, count exactly how many sums lie below and
    at each pivot, and keep the part that holds the k-th. Once at most
    ``finish`` sums are left they are listed. Every round removes at least
    one pivot, so the loop ends; usually after two or three rounds.
    """
    n = d.size
    rows = np.arange(n, dtype=np.int64)
    first = rows.copy()  # sums at j < first[i] of row i are below every sum in play
    stop = np.full(n, n, dtype=np.int64)
    below = 0  # how many sums lie below every sum in play
    while True:
        sizes = stop - first
        ends = np.cumsum(sizes)
        total = int(ends[-1])
        if total <= finish:
            which = np.repeat(rows, sizes)
            cols = first[which] + (np.arange(total) - (ends - sizes)[which])
            return float(np.partition(d[which] + d[cols], k - below - 1)[k - below - 1])
        picks = rng.integers(total, size=min(total, 20_000))
        which = np.searchsorted(ends, picks, side="right")
        sample = np.sort(d[which] + d[first[which] + picks - (ends - sizes)[which]])
        share = (k - below - 0.5) / total
        spread = 3.0 * np.sqrt(share * (1.0 - share) / sample.size) + 2.0 / sample.size
        pivots = (sample[int(max(share - spread, 0.0) * (sample.size - 1))],
                  sample[int(np.ceil(min(share + spread, 1.0) * (sample.size - 1)))])
        counted = []
        for pivot in pivots:  # both lie among the sums in play, so each row's boundary is in [first, stop]
            less = _count_sums_below(d, pivot, True, first, stop)
            upto = _count_sums_below(d, pivot, False, less, stop)
            counted.append((pivot, less, int((less - rows).sum()), upto, int((upto - rows).sum())))
        (p1, less1, n_less1, upto1, n_upto1), (p2, less2, n_less2, upto2, n_upto2) = counted
        if k <= n_less1:
            stop = less1
        elif k <= n_upto1:
            return float(p1)
        elif k <= n_less2:
            first, stop = upto1, less2
            below = n_upto1
        elif k <= n_upto2:
            return float(p2)
        else:
            first = upto2
            below = n_upto2


def _walsh_order_statistics(
    differences, ks, list_max: int = _WALSH_LIST_MAX, finish: int = 1_000_000
) -> np.ndarray:
    """The ks-th smallest (1-based) Walsh averages (d_i + d_j) / 2, i <= j, of ``differences``."""
    d = np.sort(np.asarray(differences, dtype=float))
    n = d.size
    ks = np.asarray(ks, dtype=np.int64)
    if n * (n + 1) // 2 <= list_max:
        i, j = np.triu_indices(n)
        sums = d[i] + d[j]
        return np.partition(sums, np.unique(ks - 1))[ks - 1] / 2.0
    rng = np.random.default_rng(0)  # only the work depends on it, never the answer
    return np.array([_walsh_select(d, int(k), rng, max(finish, 0)) for k in ks]) / 2.0


def _signed_rank_critical_count(n: int, tail: float) -> int:
    """Largest c with P(R+ <= c) <= tail for n untied, non-zero differences (-1 if none)."""
    ok = np.flatnonzero(untied_signed_rank_cdf(n) <= tail * (1 + 1e-12))
    return int(ok[-1]) if ok.size else -1


def _signed_rank_tail_probability(n: int, c: int, exact: bool) -> float:
    """P(R+ <= c) for n untied, non-zero differences (exact, or normal with a half-unit correction)."""
    if c < 0:
        return 0.0
    if exact:
        return float(untied_signed_rank_cdf(n)[c])
    mean = n * (n + 1) / 4.0
    sd = np.sqrt(n * (n + 1) * (2.0 * n + 1) / 24.0)
    return float(special.ndtr((c + 0.5 - mean) / sd))


def _hodges_lehmann(d: np.ndarray, confidence: float, alternative: str, exact: bool):
    """Hodges-Lehmann estimate, its signed-rank interval and the interval's coverage."""
    n = d.size
    m = n * (n + 1) // 2
    tail = (1.0 - confidence) / 2.0 if alternative == "two-sided" else 1.0 - confidence
    if exact:
        c = _signed_rank_critical_count(n, tail)
    else:
        mean = n * (n + 1) / 4.0
        sd = np.sqrt(n * (n + 1) * (2.0 * n + 1) / 24.0)
        c = int(np.floor(mean - float(special.ndtri(1.0 - tail)) * sd - 0.5))
    c = max(c, -1)
    ks = [(m + 1) // 2, m // 2 + 1]
    if c >= 0:
        ks += [c + 1, m - c]
    values = _walsh_order_statistics(d, ks)
    estimate = float((values[0] + values[1]) / 2.0)
    low, high = (float(values[2]), float(values[3])) if c >= 0 else (-np.inf, np.inf)
    if alternative == "greater":
        high = np.inf
    elif alternative == "less":
        low = -np.inf
    sides = 2.0 if alternative == "two-sided" else 1.0
    coverage = 1.0 - sides * _signed_rank_tail_probability(n, c, exact)
    method = "exact signed-rank (Walsh averages)" if exact else "normal signed-rank (Walsh averages)"
    return Interval(estimate, low, high, confidence, method), coverage


class _WalshEffect:
    """The Hodges-Lehmann estimate, interval and coverage of one test, computed when first read.

    The order statistics of the n(n + 1)/2 Walsh averages cost far more than the
    test itself for large n (30 ms at n = 5 000, seconds at 10^6, against 0.3 ms
    for the p-value), so a caller who reads only the p-value does not pay for them.
    """

    __slots__ = ("_arguments", "_value")

    def __init__(self, differences: np.ndarray, confidence: float, alternative: str, exact: bool):
        self._arguments = (differences, confidence, alternative, exact)
        self._value = None

    def value(self) -> tuple:
        if self._value is None:
            interval, coverage = _hodges_lehmann(*self._arguments)
            self._value = (interval, float(coverage))
        return self._value


@dataclasses.dataclass(frozen=True)
class WilcoxonResult(TestResult):
    """Result of :func:`wilcoxon_signed_rank`.

    Attributes
    ----------
    statistic : float
        ``min(r_plus, r_minus)`` for ``alternative="two-sided"`` (Demšar's
        T, scipy's statistic), ``r_plus`` for a one-sided alternative.
    pvalue : float
        The p-value in [0, 1] of the method used.
    r_plus, r_minus : float
        Rank sums of the positive and negative differences d = x - y (with
        the zero convention applied).
    z : float
        The normal score of R+, (R+ - E R+) / sd(R+) under H0 (with the
        continuity correction when ``correction=True``); signed, so z < 0
        means R+ is below its null mean. 0 when sd(R+) = 0.
    n : int
        Number of pairs (data sets).
    n_zero : int
        Number of zero differences.
    method : str
        ``"exact"`` or ``"approx"``: the method actually used.
    zero_method, alternative : str
        The options used.
    reason : str
        Why this method was used.
    hodges_lehmann : float
        The effect: the Hodges-Lehmann estimate of the typical difference,
        the median of the n(n + 1)/2 Walsh averages (d_i + d_j)/2, i <= j.
        This and the next two attributes are computed when first read (they
        cost far more than the test for large n).
    confidence_interval : Interval
        The interval that goes with the signed-rank test, between order
        statistics of the Walsh averages (exact counts when ``method`` is
        ``"exact"``, normal approximation otherwise; one-sided for a
        one-sided ``alternative``); its ``estimate`` is ``hodges_lehmann``.
    interval_coverage : float
        The coverage of ``confidence_interval`` for continuous differences:
        at least the requested confidence, exactly computed when ``method``
        is ``"exact"`` (e.g. 0.969 for n = 6), approximately otherwise; 1.0
        when the interval is infinite.
    rank_biserial : float
        The matched-pairs rank-biserial correlation (R+ - R-)/(R+ + R-), in
        [-1, 1]: the share of the rank sum that favours x minus the share
        that favours y (0 when every difference is zero).
    """

    _effect_attribute = "confidence_interval"

    statistic: float
    pvalue: float
    r_plus: float
    r_minus: float
    z: float
    n: int
    n_zero: int
    method: str
    zero_method: str
    alternative: str
    reason: str
    _walsh: _WalshEffect = dataclasses.field(repr=False, compare=False)
    rank_biserial: float

    # printed in place of _walsh (TestResult.__str__)
    _lazy_fields: ClassVar[tuple] = ("hodges_lehmann", "confidence_interval", "interval_coverage")

    @property
    def hodges_lehmann(self) -> float:
        return self._walsh.value()[0].estimate

    @property
    def confidence_interval(self) -> Interval:
        return self._walsh.value()[0]

    @property
    def interval_coverage(self) -> float:
        return self._walsh.value()[1]


def _signed_rank_normal(r_plus, count, n_zero, ties, zero_method, alternative, correction):
    """scipy's normal approximation: mean, variance with tie (and Pratt) corrections."""
    mean = count * (count + 1) / 4.0
    var24 = count * (count + 1) * (2.0 * count + 1)
    if zero_method == "pratt":
        mean -= n_zero * (n_zero + 1) / 4.0
        var24 -= n_zero * (n_zero + 1) * (2.0 * n_zero + 1)
    var = (var24 - ties / 2.0) / 24.0
    if var <= 0.0:  # nothing left to rank: R+ is fixed, no evidence either way
        return 0.0, 1.0
    sd = float(np.sqrt(var))
    diff = r_plus - mean
    if correction:
        if alternative == "greater":
            diff -= 0.5
        elif alternative == "less":
            diff += 0.5
        else:
            diff = float(np.sign(diff)) * max(abs(diff) - 0.5, 0.0)
    z = diff / sd
    if alternative == "greater":
        p = float(special.ndtr(-z))
    elif alternative == "less":
        p = float(special.ndtr(z))
    else:
        p = min(1.0, 2.0 * float(special.ndtr(-abs(z))))
    return z, p


def wilcoxon_signed_rank(
    x,
    y=None,
    zero_method: str = "pratt",
    method: str = "auto",
    alternative: str = "two-sided",
    correction: bool = False,
    *,
    confidence: float = 0.95,
) -> WilcoxonResult:
    """Wilcoxon signed-rank test for two algorithms scored on the same data sets.

    Parameters
    ----------
    x : array_like, shape (n,)
        Scores of algorithm 1, one per data set (or the differences
        themselves when ``y`` is None).
    y : array_like, shape (n,), optional
        Scores of algorithm 2 on the same data sets; d = x - y.
    zero_method : {"pratt", "zsplit", "wilcox"}, optional
        What to do with zero differences (scipy's names and conventions):
        ``"pratt"`` (default, Pratt 1959) ranks the zeros with the rest, then
        drops their ranks; ``"zsplit"`` ranks the zeros with the rest and adds
        half of their ranks to R+ and half to R- (Demšar's 2006 rank sums);
        ``"wilcox"`` drops the zeros before ranking. Why Pratt is the default:
        see the Notes.
    method : {"auto", "exact", "approx"}, optional
        ``"exact"``: the exact null distribution of R+ given the observed
        :math:`|d|` (valid with ties and zeros). ``"approx"``: the normal
        approximation with the tie-corrected variance. ``"auto"`` (default):
        exact when there are at most ``WILCOXON_AUTO_EXACT_MAX`` = 50 pairs,
        else approx; the result's ``method`` and ``reason`` say which.
        ``"exact"`` refuses more than ``WILCOXON_EXACT_MAX`` = 2000 ranked
        differences (its cost grows as n^3; 1.5 s at n = 1000).
    alternative : {"two-sided", "greater", "less"}, optional
        ``"greater"``: the differences x - y tend to be positive (large R+).
    correction : bool, optional
        Continuity correction of the normal approximation (moves R+ half a
        unit towards its mean); ignored by the exact method, as in scipy.
    confidence : float, optional
        Requested coverage of ``confidence_interval``, in (0, 1); default
        0.95.

    Returns
    -------
    result : WilcoxonResult
        ``statistic``, ``pvalue``, ``r_plus``, ``r_minus``, ``z``, ``n``,
        ``n_zero``, ``method``, ``zero_method``, ``alternative``, ``reason``,
        and the effect: ``hodges_lehmann``, ``confidence_interval``,
        ``interval_coverage``, ``rank_biserial``.

    Notes
    -----
    H0: the distribution of the differences d_i is symmetric about zero
    (neither algorithm is better on a typical data set). The differences are
    ranked to 12 significant digits of the largest :math:`|d_i|`, so that
    differences equal in decimal (0.12 - 0.10 and 0.17 - 0.15) tie and a
    difference of binary round-off size counts as a zero (scipy and R do not
    round: on scores with two decimals their p-values can differ; the
    Hodges-Lehmann estimate and interval use the differences as they are).
    The :math:`|d_i|` are ranked with mid-ranks for ties, and

    .. math::

        R^+ = \\sum_{d_i > 0} \\mathrm{rank}(|d_i|), \\qquad
        R^- = \\sum_{d_i < 0} \\mathrm{rank}(|d_i|),

    (plus, with ``"zsplit"``, half the zero ranks each). Under H0 every
    sign is a fair coin, so the exact null distribution of R+ is that of a
    random subset sum of the ranks. It is computed by multiplying the
    polynomials :math:`(1 + x^{2 r_i})/2` on doubled ranks (integers even
    with mid-ranks): about :math:`n^3` operations instead of the
    :math:`2^n` sign patterns, so the test stays exact with ties and zeros,
    where scipy's ``method="exact"`` uses the no-ties table and rounds R+
    (scipy's ``"auto"`` switches to a permutation test for n <= 13 and to
    the normal approximation above). Two-sided p-values are
    :math:`\\min(1, 2\\min(P(R^+ \\le r), P(R^+ \\ge r)))`.

    The normal approximation uses

    .. math::

        E R^+ = \\frac{m(m+1)}{4}, \\qquad
        \\mathrm{Var}\\, R^+ = \\frac{m(m+1)(2m+1)}{24} - \\frac{\\sum (t^3 - t)}{48},

    with m the number of ranked values and t the sizes of the tie groups
    of :math:`|d|`; Pratt's method subtracts the zeros' share from both (Cureton
    1967). These are scipy's formulas, so ``"zsplit"`` keeps the zeros'
    ranks (and their tie group) in the variance although their split is not
    random; its exact distribution here treats the split halves as fixed.

    **Zeros, and why the default is Pratt's.** The zeros always hold the
    smallest ranks, and under H0 only the signs of the non-zero differences
    are random. ``"pratt"`` and ``"zsplit"`` rank the same way and differ
    only by a constant in R+ (half the zero ranks), so their *exact*
    p-values are identical; ``"wilcox"`` re-ranks without the zeros and can
    differ. Their *normal* approximations differ: ``"zsplit"`` (scipy's
    formula, and Demšar's z, which keeps N = all data sets) counts the
    zeros' fixed ranks in the variance, which makes it conservative when
    there are many zeros, while Pratt's variance is that of the random
    part. The course measured it (differences in {-5, ..., 5}, 20 000
    simulated samples per row, seed 1, nominal 5 %): n = 60 with 40 %
    zeros, zsplit 4.1 %, pratt 4.6 %; n = 200 with 50 % zeros, zsplit
    3.7 %, pratt 4.9 % (``tests/test_wilcoxon_sign.py`` repeats a smaller
    version). Pratt (1959) argued for ranking the zeros and then dropping
    them: dropping them before ranking (``"wilcox"``) can make a sample look
    *more* positive when its values decrease. Conover (1973) compared the
    two and found each more efficient than the other in some situations.
    ``"pratt"`` is therefore the default: it keeps the exact test of
    ``"zsplit"`` and Demšar, with a normal approximation that holds its
    level. ``"zsplit"`` stays available to reproduce Demšar's rank sums
    (R+ + R- = n(n + 1)/2).

    Demšar (2006) describes the zero-split with a twist: "if there is an odd
    number of them, one is ignored". scipy's ``"zsplit"`` (and this
    function) never ignores a zero: an odd number of zeros is split
    exactly in halves, so R+ and R- can end in .5 and R+ + R- = n(n+1)/2
    always. Ignoring one zero, as Demšar does, gives R+ and R- that sum to
    less than n(n+1)/2; with one zero of rank 1 it equals ``"pratt"``.

    **The effect and its interval.** The estimate that goes with the
    signed-rank test is Hodges and Lehmann's (1963): the median of the
    :math:`M = n(n+1)/2` Walsh averages :math:`(d_i + d_j)/2`, :math:`i \\le j`,
    an estimate of the centre of symmetry of the differences (the typical
    difference; the median difference when the distribution is symmetric).
    For differences from a continuous distribution, R+ computed on
    :math:`d - \\theta` equals the number of Walsh averages above
    :math:`\\theta`, so the values of :math:`\\theta` that the two-sided test
    does not reject form the interval

    .. math::

        \\bigl[W_{(c+1)},\\; W_{(M-c)}\\bigr], \\qquad
        c = \\max\\{\\, t : P(R^+ \\le t) \\le (1 - \\gamma)/2 \\,\\},

    with :math:`W_{(1)} \\le \\dots \\le W_{(M)}` the sorted Walsh averages
    and :math:`\\gamma` the confidence (Hollander, Wolfe & Chicken 2014,
    section 3.3; R's ``wilcox.test(conf.int = TRUE)`` computes the same
    order statistics). With ``method="exact"`` c comes from the exact
    distribution of R+ for n untied differences, and the coverage
    :math:`1 - 2P(R^+ \\le c)` (``interval_coverage``) is at least
    :math:`\\gamma`: 0.969 for n = 6, where c = 0 and the interval spans all
    Walsh averages. With the normal approximation,
    :math:`c = \\lfloor n(n+1)/4 - z_{(1+\\gamma)/2}\\sqrt{n(n+1)(2n+1)/24}
    - 1/2 \\rfloor`. A one-sided alternative gives the one-sided interval
    (c from :math:`1 - \\gamma`, the other limit infinite). When no c exists
    (n <= 5 at 95 % two-sided), no value of :math:`\\theta` can be rejected
    and the interval is the whole line, (-inf, inf).

    The interval assumes continuous differences: zeros and ties among the
    scores are treated as rounding, so it uses all n differences (whatever
    ``zero_method``), whereas the exact p-value conditions on the observed
    zeros and ties. With zeros or ties the interval and the test can
    therefore disagree near the threshold (R, instead, drops the zeros and
    switches to the normal approximation). The tests check the coverage by
    simulation.

    The matched-pairs rank-biserial correlation (Kerby 2014)
    :math:`r = (R^+ - R^-)/(R^+ + R^-)` is the effect size in the test's own
    currency: 1 when every ranked difference favours x, -1 when every one
    favours y. It uses R+ and R- as ``zero_method`` defines them.

    Differences from scipy 1.17 (the oracle in the tests): scipy's
    ``statistic`` is the same (min(R+, R-) two-sided, R+ one-sided); scipy
    reports ``zstatistic`` only for ``method="asymptotic"`` and as :math:`-|z|`
    for two-sided tests, where ``z`` here keeps its sign; scipy's default
    ``zero_method`` is ``"wilcox"`` and its ``"exact"`` p-values with ties
    or zeros are approximate.

    Taught in chapter 5 (``notebooks/05-two-algorithms-many-datasets``).

    References
    ----------
    .. [1] Wilcoxon, F. (1945). Individual comparisons by ranking methods.
       Biometrics Bulletin 1(6), 80-83.
    .. [2] Pratt, J. W. (1959). Remarks on zeros and ties in the Wilcoxon
       signed rank procedures. JASA 54(287), 655-667.
    .. [3] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. JMLR 7, 1-30.
    .. [4] Conover, W. J. (1973). On methods of handling ties in the
       Wilcoxon signed-rank test. JASA 68(344), 985-988.
    .. [5] Hodges, J. L., Lehmann, E. L. (1963). Estimates of location based
       on rank tests. Annals of Mathematical Statistics 34(2), 598-611.
    .. [6] Hollander, M., Wolfe, D. A., Chicken, E. (2014). Nonparametric
       Statistical Methods, 3rd ed. Wiley (section 3.3).
    .. [7] Kerby, D. S. (2014). The simple difference formula: an approach
       to teaching nonparametric correlation. Comprehensive Psychology 3,
       11.IT.3.1.

    Examples
    --------
    >>> from lecture_lib import wilcoxon_signed_rank
    >>> rpart = [0.4987, 0.1543, 0.19, 0.224, 0.2795, 0.0108]
    >>> ranger = [0.5005, 0.0117, 0.118, 0.1629, 0.1608, 0.0108]
    >>> res = wilcoxon_signed_rank(rpart, ranger)
    >>> res.r_plus, res.r_minus, res.statistic, round(res.pvalue, 4), res.method
    (18.0, 2.0, 2.0, 0.125, 'exact')

    rpart's error is higher on four of the six tasks and equal on one (seed
    001); of the 2^5 = 32 equally likely sign patterns of the five non-zero
    differences, 4 are at least this lopsided (p = 4/32 = 0.125, exactly):
    no evidence at the 5 % level that either algorithm is better.

    >>> print(res.confidence_interval)
    0.06655 [-0.0018, 0.1426] (95 % exact signed-rank (Walsh averages))
    >>> round(res.interval_coverage, 4), res.rank_biserial
    (0.9688, 0.8)

    The typical difference is estimated at 0.067 in rpart's disfavour; the
    interval (coverage 62/64 = 96.9 %, the closest to 95 % that six data sets
    allow) runs from rpart being 0.002 better to 0.143 worse, so it includes
    0 as the test does. The rank-biserial correlation 0.8: 90 % of the rank
    sum goes against rpart.
    """
    d = _paired_differences(x, y)
    check_option(zero_method, "zero_method", WILCOXON_ZERO_METHODS)
    check_option(method, "method", WILCOXON_METHODS)
    check_option(alternative, "alternative", ALTERNATIVES)
    correction = check_flag(correction, "correction")
    confidence = check_probability(confidence, "confidence")
    ranks, positive, constant, count, n_zero, ties = signed_ranks(_for_ranking(d), zero_method)
    r_plus = constant + float(ranks[positive].sum())
    r_minus = constant + float(ranks[~positive].sum())
    n = d.size
    if method == "auto":
        used = "exact" if n <= WILCOXON_AUTO_EXACT_MAX else "approx"
        reason = (
            f"auto: n = {n} <= {WILCOXON_AUTO_EXACT_MAX} pairs, so the exact null distribution of R+ "
            "was computed (exact also with ties and zeros)"
            if used == "exact"
            else f"auto: n = {n} > {WILCOXON_AUTO_EXACT_MAX} pairs, so the normal approximation was used"
        )
    else:
        used = method
        reason = (
            "exact null distribution of R+ given the observed |d|, as requested"
            if used == "exact"
            else "normal approximation with the tie-corrected variance, as requested"
        )
    z, p_normal = _signed_rank_normal(r_plus, count, n_zero, ties, zero_method, alternative, correction)
    pvalue = _signed_rank_exact_pvalue(ranks, positive, alternative) if used == "exact" else p_normal
    if ranks.size == 0:  # no sign is random: R+ is fixed whatever the method or alternative
        z, pvalue = 0.0, 1.0
        reason += "; every difference is zero, so there is no evidence either way: p = 1"
    statistic = min(r_plus, r_minus) if alternative == "two-sided" else r_plus
    rank_sum = r_plus + r_minus
    return WilcoxonResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        r_plus=float(r_plus),
        r_minus=float(r_minus),
        z=float(z),
        n=int(n),
        n_zero=n_zero,
        method=used,
        zero_method=zero_method,
        alternative=alternative,
        reason=reason,
        _walsh=_WalshEffect(d.copy(), confidence, alternative, used == "exact"),
        rank_biserial=float((r_plus - r_minus) / rank_sum) if rank_sum > 0 else 0.0,
    )


def wilcoxon_critical_value(n_datasets, alpha: float = 0.05) -> int:
    """Largest T = min(R+, R-) that is significant in a two-sided exact test.

    Reject H0 at level ``alpha`` when T is at most this value. Returns -1
    when no T can reach the level (n <= 5 at 0.05).

    The value comes from the null distribution of R+ for the ranks
    1, ..., n: it assumes **no ties and no zeros** among the differences
    (the classic tables, such as Demšar's 2006 value 21 for N = 14, assume
    the same). With mid-ranks or zeros the exact null distribution changes;
    use the p-value of :func:`wilcoxon_signed_rank` (exact with ties and
    zeros) instead of this table value.

    Examples
    --------
    >>> from lecture_lib import wilcoxon_critical_value
    >>> wilcoxon_critical_value(6), wilcoxon_critical_value(14)
    (0, 21)

    With six data sets only T = 0 (one algorithm better on all six) is
    significant at 5 %; Demšar (2006) quotes 21 for his 14 data sets.
    """
    n = check_count(n_datasets, "n_datasets", minimum=1)
    alpha = check_alpha(alpha)
    pmf = doubled_rank_pmf(2 * np.arange(1, n + 1))[::2]  # R+ takes whole values
    cdf = np.cumsum(pmf)
    ok = np.flatnonzero(2.0 * cdf <= alpha * (1 + 1e-12))
    return int(ok[-1]) if ok.size else -1


def wilcoxon_steps(
    differences, names=None, zero_method: str = "pratt", alternative: str = "two-sided"
) -> dict:
    """Every step of the signed-rank test on a few differences, for the widget.

    Parameters
    ----------
    differences : array_like, shape (n,)
        d_i = score of algorithm 1 minus score of algorithm 2, per data set.
    names : sequence of str, optional
        Data set names (default "data set 1", ...).
    zero_method, alternative
        As in :func:`wilcoxon_signed_rank`.

    Returns
    -------
    steps : dict
        ``rows``: one dict per data set, sorted by :math:`|d|`, with ``name``, ``d``,
        ``abs_d``, ``rank`` (None where ``"wilcox"`` drops a zero), ``sign``
        ("+", "-" or "0"), ``to_r_plus`` and ``to_r_minus`` (its share of
        each sum); then ``r_plus``, ``r_minus``, ``statistic``, ``z``,
        ``pvalue_exact``, ``pvalue_normal``, ``pvalue_normal_corrected``.

    Examples
    --------
    >>> from lecture_lib import wilcoxon_steps
    >>> steps = wilcoxon_steps([0.3, -0.1, 0.0], names=["a", "b", "c"], zero_method="zsplit")
    >>> [(r["name"], r["rank"], r["to_r_plus"], r["to_r_minus"]) for r in steps["rows"]]
    [('c', 1.0, 0.5, 0.5), ('b', 2.0, 0.0, 2.0), ('a', 3.0, 3.0, 0.0)]
    >>> steps["r_plus"], steps["r_minus"]
    (3.5, 2.5)

    The zero gets the smallest rank and ``"zsplit"`` shares it; "b" adds its rank to R-.
    (The default ``"pratt"`` would drop the zero's rank: R+ = 3, R- = 2.)
    """
    d = check_scores(differences, "differences", min_size=1)
    check_option(zero_method, "zero_method", WILCOXON_ZERO_METHODS)
    check_option(alternative, "alternative", ALTERNATIVES)
    if names is None:
        names = [f"data set {i + 1}" for i in range(d.size)]
    else:
        if isinstance(names, str) or not hasattr(names, "__len__"):
            raise TypeError(f"names must be a sequence of strings, got {_show(names)}")
        names = [str(s) for s in names]
        if len(names) != d.size:
            raise ValueError(
                f"names must have one entry per difference: got {len(names)} names for {d.size} differences"
            )
    zero = d == 0.0
    if zero_method == "wilcox":
        rank = np.full(d.size, np.nan)
        if (~zero).any():
            rank[~zero] = rankdata(np.abs(d[~zero]))
    else:
        rank = rankdata(np.abs(d))
    rows = []
    for i in np.argsort(np.abs(d), kind="stable"):
        r = None if np.isnan(rank[i]) else float(rank[i])
        if d[i] > 0:
            sign, plus, minus = "+", r, 0.0
        elif d[i] < 0:
            sign, plus, minus = "-", 0.0, r
        else:
            sign = "0"
            share = r / 2.0 if (r is not None and zero_method == "zsplit") else 0.0
            plus = minus = share
        rows.append(dict(name=names[i], d=float(d[i]), abs_d=float(abs(d[i])), rank=r, sign=sign,
                         to_r_plus=plus, to_r_minus=minus))
    exact = wilcoxon_signed_rank(d, zero_method=zero_method, method="exact", alternative=alternative)
    normal = wilcoxon_signed_rank(d, zero_method=zero_method, method="approx", alternative=alternative)
    corrected = wilcoxon_signed_rank(d, zero_method=zero_method, method="approx", alternative=alternative,
                                     correction=True)
    return dict(
        rows=rows,
        r_plus=exact.r_plus,
        r_minus=exact.r_minus,
        statistic=exact.statistic,
        z=normal.z,
        pvalue_exact=exact.pvalue,
        pvalue_normal=normal.pvalue,
        pvalue_normal_corrected=corrected.pvalue,
        zero_method=zero_method,
        alternative=alternative,
    )


@dataclasses.dataclass(frozen=True)
class SignTestResult(TestResult):
    """Result of :func:`sign_test`.

    Attributes
    ----------
    statistic : float
        Wins of x counted by the test: ``wins + ties // 2`` with
        ``ties="split"``, ``wins`` with ``ties="drop"``.
    pvalue : float
        Two-sided exact binomial p-value with success probability 1/2.
    wins, losses, ties : int
        Data sets where x is better, worse, equal (before any split).
    n : int
        Number of trials of the binomial test (data sets that count).
    ties_method : str
        ``"split"`` or ``"drop"``.
    win_probability : Interval
        The effect: the probability that x wins a data set (a tie counting
        half with ``"split"``), estimated by ``statistic / n`` with its exact
        (Clopper-Pearson) interval. With n = 0 there is nothing to estimate:
        ``nan`` and [0, 1].
    """

    _effect_attribute = "win_probability"
    _effect_null = 0.5

    statistic: float
    pvalue: float
    wins: int
    losses: int
    ties: int
    n: int
    ties_method: str
    win_probability: Interval


def sign_test(
    x, y, ties: str = "split", higher_is_better: bool = True, *, confidence: float = 0.95
) -> SignTestResult:
    """Sign test: count the data sets each algorithm wins.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Scores of algorithms 1 and 2 on the same data sets.
    ties : {"split", "drop"}, optional
        ``"split"`` (default, Demšar 2006): ties count half for each side;
        with an odd number of ties, one is ignored. ``"drop"``: ties are
        discarded (the textbook sign test).
    higher_is_better : bool, optional
        True for accuracy-like scores (x wins where x > y); False for errors
        or losses (x wins where x < y).
    confidence : float, optional
        Coverage of the interval for the probability of a win, in (0, 1);
        default 0.95.

    Returns
    -------
    result : SignTestResult
        ``statistic`` (wins of x that the test counts), ``pvalue``, ``wins``,
        ``losses``, ``ties``, ``n``, ``ties_method``, and the effect,
        ``win_probability`` (with its Clopper-Pearson interval).

    Notes
    -----
    H0: on a random data set each algorithm is as likely to win as the
    other. The number of wins W among the N counted data sets is then
    Binomial(N, 1/2), and the two-sided p-value is
    :math:`\\min(1, 2 P(X \\le \\min(W, N - W)))`, computed with the
    regularised incomplete beta function (the same binomial tail as the
    exact McNemar test). Only who wins counts, not by how much, so the test
    needs no commensurability of the scores, but it ignores information and
    is weak: with N = 6, only 6 wins out of 6 reach p < 0.05.

    The effect that goes with the test is the probability that x wins on a
    data set, estimated by W / N; its exact interval is Clopper and
    Pearson's, the one the exact binomial test inverts: the interval
    excludes 1/2 exactly when the two-sided test rejects at level
    1 - confidence (the tests check it; with ``"split"`` the W and N are
    those after the split).

    Demšar (2006, Table 3) tabulates critical numbers of wins labelled
    "two-tailed"; they are the exact one-sided critical values (see
    :func:`sign_test_critical_wins`), so their "alpha = 0.05" row is a
    two-sided test at 0.10.

    Taught in chapter 5 (``notebooks/05-two-algorithms-many-datasets``).

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. JMLR 7, 1-30 (section 3.1.4).
    .. [2] Salzberg, S. L. (1997). On comparing classifiers: pitfalls to
       avoid and a recommended approach. Data Mining and Knowledge
       Discovery 1, 317-328.
    .. [3] Clopper, C. J., Pearson, E. S. (1934). The use of confidence or
       fiducial limits illustrated in the case of the binomial. Biometrika
       26(4), 404-413.

    Examples
    --------
    >>> from lecture_lib import sign_test
    >>> rpart = [0.4987, 0.1543, 0.19, 0.224, 0.2795, 0.0108]
    >>> ranger = [0.5005, 0.0117, 0.118, 0.1629, 0.1608, 0.0108]
    >>> res = sign_test(ranger, rpart, higher_is_better=False)
    >>> res.wins, res.losses, res.ties, res.n, round(res.pvalue, 4)
    (4, 1, 1, 5, 0.375)

    ranger has the lower error on 4 of the 6 tasks (one tie is ignored):
    a split at least this uneven has probability 0.375 under H0.

    >>> print(res.win_probability)
    0.8 [0.283582, 0.994949] (95 % clopper-pearson)

    ranger won 4 of the 5 decided tasks, but five tasks only say that its
    probability of winning lies somewhere between 0.28 and 0.99.
    """
    x, y = check_score_pair(x, y, min_size=1)
    check_option(ties, "ties", SIGN_TEST_TIES)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    confidence = check_probability(confidence, "confidence")
    better, worse = (x, y) if higher_is_better else (y, x)
    wins = int(np.count_nonzero(better > worse))  # no difference array: two passes over the scores
    losses = int(np.count_nonzero(better < worse))
    n_ties = int(x.size - wins - losses)
    half = n_ties // 2 if ties == "split" else 0
    k, m = wins + half, losses + half
    p = binomial_half_two_sided(min(k, m), k + m)  # the exact binomial test of chapter 2
    if k + m > 0:
        win_probability = proportion_interval(k, k + m, confidence, "clopper-pearson")
    else:  # every data set tied (one, with "split"): no trial, no estimate
        win_probability = Interval(float("nan"), 0.0, 1.0, confidence, "clopper-pearson")
    return SignTestResult(statistic=float(k), pvalue=float(p), wins=wins, losses=losses, ties=n_ties,
                          n=k + m, ties_method=ties, win_probability=win_probability)


def sign_test_critical_wins(n_datasets, alpha: float = 0.05, alternative: str = "two-sided") -> int:
    """Smallest number of wins out of ``n_datasets`` that is significant.

    Parameters
    ----------
    n_datasets : int
        Number of data sets N (after ties are split or dropped).
    alpha : float, optional
        Significance level.
    alternative : {"two-sided", "greater"}, optional
        ``"two-sided"``: 2 P(X >= w) <= alpha; ``"greater"``: the one-sided
        test P(X >= w) <= alpha.

    Returns
    -------
    w : int
        The critical number of wins; ``n_datasets + 1`` when even N wins
        out of N are not significant.

    Examples
    --------
    >>> from lecture_lib import sign_test_critical_wins
    >>> (sign_test_critical_wins(6), sign_test_critical_wins(14),
    ...  sign_test_critical_wins(14, alternative="greater"))
    (6, 12, 11)

    Demšar's (2006) table gives 11 for N = 14 at "alpha = 0.05": that is
    the one-sided value; the two-sided test needs 12 wins.
    """
    n = check_count(n_datasets, "n_datasets", minimum=1)
    alpha = check_alpha(alpha)
    check_option(alternative, "alternative", ("two-sided", "greater"))
    w = np.arange(n + 1)
    upper = binomial_half_cdf(n - w, n)  # P(X >= w) = P(X <= n - w) by symmetry
    p = np.minimum(1.0, 2.0 * upper) if alternative == "two-sided" else upper
    ok = np.flatnonzero((p <= alpha * (1 + 1e-12)) & (w > n / 2))
    return int(ok[0]) if ok.size else n + 1
