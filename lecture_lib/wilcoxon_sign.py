"""Two algorithms over many data sets: Wilcoxon signed-rank test and sign test.

Taught in chapter 5 (``notebooks/05-two-algorithms-many-datasets``). The
mid-ranks come from :mod:`lecture_lib.ranks`.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import special

from ._results import TestResult
from ._validation import _show, check_alpha, check_count, check_flag, check_option
from .mcnemar import mcnemar_pvalues  # the sign test uses the same two-sided binomial tail
from .ranks import _ranks_and_ties, rankdata

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
#: ``method="exact"`` refuses more ranked differences than this (its cost grows as n^3:
#: about 1.5 s at n = 1000).
WILCOXON_EXACT_MAX = 2000


def _check_score_vector(values, name: str) -> np.ndarray:
    """A non-empty 1-D array of finite real numbers (one per data set)."""
    if values is None or isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a 1-D array of numbers, got {_show(values)}")
    if np.isscalar(values):
        raise TypeError(f"{name} must be a 1-D array of numbers, got the scalar {_show(values)}")
    try:
        arr = np.asarray(values)
    except ValueError as err:  # ragged nested lists
        raise ValueError(f"{name} must be a 1-D array of numbers: {err}") from None
    if arr.dtype.kind == "b":
        raise TypeError(f"{name} must hold numbers, got booleans")
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must be a 1-D array of numbers, got dtype {arr.dtype} ({_show(values)})")
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty: at least one data set is needed")
    arr = arr.astype(float, copy=False)
    if not np.isfinite(arr).all():
        bad = ~np.isfinite(arr)
        where = int(np.flatnonzero(bad)[0])
        raise ValueError(f"{name} must hold finite numbers, got {float(arr[where])!r} at index {where}")
    return arr


def _paired_differences(x, y) -> np.ndarray:
    x = _check_score_vector(x, "x")
    if y is None:
        return x
    y = _check_score_vector(y, "y")
    if x.size != y.size:
        raise ValueError(f"x and y must have the same length (one score per data set): x has {x.size}, y has {y.size}")
    return x - y



def _signed_ranks(d: np.ndarray, zero_method: str):
    """Ranks of |d| under a zero convention.

    Returns ``(ranks, positive, constant, count, n_zero, ties)``: the ranks
    whose signs are random under H0, whether each belongs to a positive
    difference, the part of R+ that is fixed (half the zero ranks for
    ``"zsplit"``), the number of ranked values, the number of zeros and the
    tie term sum(t^3 - t) that the normal approximation uses.
    """
    zero = d == 0.0
    n_zero = int(np.count_nonzero(zero))
    nonzero = d[~zero] if n_zero else d
    if zero_method == "wilcox":
        count = nonzero.size
        ranks, ties = _ranks_and_ties(np.abs(nonzero)) if count else (np.zeros(0), 0.0)
        constant = 0.0
    else:
        count = d.size
        all_ranks, ties = _ranks_and_ties(np.abs(d))
        ranks = all_ranks[~zero] if n_zero else all_ranks
        if zero_method == "zsplit":
            constant = float(all_ranks[zero].sum()) / 2.0  # the zeros' group stays in `ties`, as in scipy
        else:  # pratt: zero ranks are dropped, and so is their group from the tie term
            constant = 0.0
            ties -= float(n_zero**3 - n_zero)
    return ranks, nonzero > 0, constant, count, n_zero, ties


def _doubled_rank_pmf(weights: np.ndarray) -> np.ndarray:
    """pmf of S = sum of a random subset of the integer ``weights``.

    Each weight enters with probability 1/2, independently: the generating
    function is prod_i (1 + x^{w_i}) / 2, multiplied out one factor at a time.
    Entry s of the result is P(S = s), for s = 0 .. sum(weights).
    """
    if weights.size > WILCOXON_EXACT_MAX:
        raise ValueError(
            f"method='exact' computes the null distribution in about n^3 steps; n = {weights.size} ranked "
            f"differences is above the limit of {WILCOXON_EXACT_MAX} (minutes of work): use method='approx', "
            "which is accurate at this size"
        )
    weights = np.sort(weights.astype(np.int64))
    total = int(weights.sum())
    pmf = np.zeros(total + 1)
    pmf[0] = 1.0
    reach = 0  # pmf is zero beyond index `reach`
    for w in weights:
        w = int(w)
        # multiply by (1 + x^w) / 2: halve, then add the old pmf shifted by w
        shifted = pmf[: reach + 1].copy()
        pmf[: reach + 1] *= 0.5
        pmf[w : w + reach + 1] += 0.5 * shifted
        reach += w
    return pmf


def signed_rank_null_distribution(x, y=None, zero_method: str = "pratt"):
    """Exact null distribution of R+ for the given data (its conditional distribution).

    Under H0 each non-zero difference is as likely to be positive as
    negative, independently, whatever its size; the ranks of the observed
    |d| are fixed. R+ is then a sum of a random subset of the ranks (plus,
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
    ranks, _, constant, _, _, _ = _signed_ranks(d, zero_method)
    weights = np.rint(2.0 * ranks).astype(np.int64)
    pmf = _doubled_rank_pmf(weights)
    values = constant + np.arange(pmf.size) / 2.0
    keep = pmf > 0
    return values[keep], pmf[keep]


def _signed_rank_exact_pvalue(ranks, positive, alternative: str) -> float:
    if ranks.size == 0:
        return 1.0
    weights = np.rint(2.0 * ranks).astype(np.int64)
    observed = int(weights[positive].sum())
    pmf = _doubled_rank_pmf(weights)
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
    """

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


def _signed_rank_moments(differences, zero_method: str = "pratt"):
    """Mean and standard deviation of R+ used by the normal approximation."""
    d = _check_score_vector(differences, "differences")
    check_option(zero_method, "zero_method", WILCOXON_ZERO_METHODS)
    _, _, _, count, n_zero, ties = _signed_ranks(d, zero_method)
    mean = count * (count + 1) / 4.0
    var24 = count * (count + 1) * (2.0 * count + 1)
    if zero_method == "pratt":
        mean -= n_zero * (n_zero + 1) / 4.0
        var24 -= n_zero * (n_zero + 1) * (2.0 * n_zero + 1)
    return float(mean), float(np.sqrt(max((var24 - ties / 2.0) / 24.0, 0.0)))


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
        |d| (valid with ties and zeros). ``"approx"``: the normal
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

    Returns
    -------
    result : WilcoxonResult
        ``statistic``, ``pvalue``, ``r_plus``, ``r_minus``, ``z``, ``n``,
        ``n_zero``, ``method``, ``zero_method``, ``alternative``, ``reason``.

    Notes
    -----
    H0: the distribution of the differences d_i is symmetric about zero
    (neither algorithm is better on a typical data set). The |d_i| are
    ranked with mid-ranks for ties, and

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
    of |d|; Pratt's method subtracts the zeros' share from both (Cureton
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

    Differences from scipy 1.17 (the oracle in the tests): scipy's
    ``statistic`` is the same (min(R+, R-) two-sided, R+ one-sided); scipy
    reports ``zstatistic`` only for ``method="asymptotic"`` and as -|z|
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
    """
    d = _paired_differences(x, y)
    check_option(zero_method, "zero_method", WILCOXON_ZERO_METHODS)
    check_option(method, "method", WILCOXON_METHODS)
    check_option(alternative, "alternative", ALTERNATIVES)
    correction = check_flag(correction, "correction")
    ranks, positive, constant, count, n_zero, ties = _signed_ranks(d, zero_method)
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
    pmf = _doubled_rank_pmf(2 * np.arange(1, n + 1))[::2]  # R+ takes whole values
    cdf = np.cumsum(pmf)
    ok = np.flatnonzero(2.0 * cdf <= alpha * (1 + 1e-12))
    return int(ok[-1]) if ok.size else -1


def wilcoxon_steps(differences, names=None, zero_method: str = "pratt", alternative: str = "two-sided") -> dict:
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
        ``rows``: one dict per data set, sorted by |d|, with ``name``, ``d``,
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
    d = _check_score_vector(differences, "differences")
    check_option(zero_method, "zero_method", WILCOXON_ZERO_METHODS)
    check_option(alternative, "alternative", ALTERNATIVES)
    if names is None:
        names = [f"data set {i + 1}" for i in range(d.size)]
    else:
        if isinstance(names, str):
            raise TypeError(f"names must be a sequence of strings, got {names!r}")
        names = [str(s) for s in names]
        if len(names) != d.size:
            raise ValueError(f"names must have one entry per difference: got {len(names)} names for {d.size} differences")
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
    """

    statistic: float
    pvalue: float
    wins: int
    losses: int
    ties: int
    n: int
    ties_method: str


def sign_test(x, y, ties: str = "split", higher_is_better: bool = True) -> SignTestResult:
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

    Returns
    -------
    result : SignTestResult
        ``statistic`` (wins of x that the test counts), ``pvalue``, ``wins``,
        ``losses``, ``ties``, ``n``, ``ties_method``.

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
    """
    x = _check_score_vector(x, "x")
    y = _check_score_vector(y, "y")
    if x.size != y.size:
        raise ValueError(f"x and y must have the same length (one score per data set): x has {x.size}, y has {y.size}")
    check_option(ties, "ties", SIGN_TEST_TIES)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    d = x - y if higher_is_better else y - x
    wins = int(np.count_nonzero(d > 0))
    losses = int(np.count_nonzero(d < 0))
    n_ties = int(d.size - wins - losses)
    half = n_ties // 2 if ties == "split" else 0
    k, m = wins + half, losses + half
    _, p = mcnemar_pvalues(k, m, "exact")
    return SignTestResult(statistic=float(k), pvalue=float(p), wins=wins, losses=losses, ties=n_ties,
                          n=k + m, ties_method=ties)


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
    >>> sign_test_critical_wins(6), sign_test_critical_wins(14), sign_test_critical_wins(14, alternative="greater")
    (6, 12, 11)

    Demšar's (2006) table gives 11 for N = 14 at "alpha = 0.05": that is
    the one-sided value; the two-sided test needs 12 wins.
    """
    n = check_count(n_datasets, "n_datasets", minimum=1)
    alpha = check_alpha(alpha)
    check_option(alternative, "alternative", ("two-sided", "greater"))
    w = np.arange(n + 1)
    # P(X >= w) = I_{1/2}(w, n - w + 1) for w >= 1
    upper = np.ones(n + 1)
    upper[1:] = special.betainc(w[1:], n - w[1:] + 1, 0.5)
    p = np.minimum(1.0, 2.0 * upper) if alternative == "two-sided" else upper
    ok = np.flatnonzero((p <= alpha * (1 + 1e-12)) & (w > n / 2))
    return int(ok[0]) if ok.size else n + 1
