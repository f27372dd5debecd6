"""Rank-based tests over many data sets (chapters 5 and 6).

Every test here starts from the same building block: mid-ranks, where tied
values share the average of the ranks they occupy.
"""

from __future__ import annotations

import functools

import numpy as np

__all__ = ["rankdata", "tie_term"]


def _tie_groups(a: np.ndarray):
    """Sort along the last axis; return the order and, per sorted position,
    the first and last positions of its tie group."""
    order = np.argsort(a, axis=-1, kind="stable")
    sorted_a = np.take_along_axis(a, order, axis=-1)
    n = a.shape[-1]
    pos = np.broadcast_to(np.arange(n), a.shape)
    starts_group = np.ones(a.shape, dtype=bool)
    starts_group[..., 1:] = sorted_a[..., 1:] != sorted_a[..., :-1]
    ends_group = np.ones(a.shape, dtype=bool)
    ends_group[..., :-1] = starts_group[..., 1:]
    first = np.maximum.accumulate(np.where(starts_group, pos, 0), axis=-1)
    # the last position of a group: a running minimum taken from the right
    last = np.flip(np.minimum.accumulate(np.flip(np.where(ends_group, pos, n - 1), -1), axis=-1), -1)
    return order, first, last


def _as_finite(a, name: str) -> np.ndarray:
    try:
        arr = np.asarray(a, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be an array of numbers, got {a!r:.80}") from None
    if arr.ndim == 0:
        raise ValueError(f"{name} must be an array, got the scalar {arr.item()!r}")
    if arr.shape[-1] == 0:
        raise ValueError(f"{name} is empty")
    if np.isnan(arr).any():
        raise ValueError(f"{name} contains NaN")
    return arr


def rankdata(a, axis: int = -1) -> np.ndarray:
    """Mid-ranks along one axis: 1 for the smallest, ties share their average rank.

    Vectorised over all other axes, so the rows of an (n_datasets, k) score
    table are ranked in one call.

    Parameters
    ----------
    a : array_like
        Numbers to rank (NaN is refused; ``inf`` ranks last).
    axis : int, optional
        The axis along which to rank; default the last.

    Returns
    -------
    ranks : ndarray of float
        Same shape as ``a``; along ``axis`` the ranks sum to ``n (n + 1) / 2``.

    Notes
    -----
    If values ``x_(i) = ... = x_(j)`` occupy sorted positions ``i..j``
    (1-based), each gets rank ``(i + j) / 2``, the convention of Demšar
    (2006) and of ``scipy.stats.rankdata(method="average")``.

    Examples
    --------
    >>> from lecture_lib import rankdata
    >>> rankdata([0.3, 0.1, 0.3, 0.2])
    array([3.5, 1. , 3.5, 2. ])

    The two 0.3s would occupy ranks 3 and 4, so each gets 3.5.
    """
    arr = _as_finite(a, "a")
    arr = np.moveaxis(arr, axis, -1)
    order, first, last = _tie_groups(arr)
    mid = (first + last) / 2.0 + 1.0
    ranks = np.empty(arr.shape, dtype=float)
    np.put_along_axis(ranks, order, mid, axis=-1)
    return np.moveaxis(ranks, -1, axis)


def tie_term(a, axis: int = -1) -> np.ndarray:
    """Sum of ``t**3 - t`` over the tie groups along ``axis`` (0 with no ties).

    The quantity that every tie correction of a rank statistic's variance
    uses (Wilcoxon's signed-rank variance, Friedman's chi2_F).

    Examples
    --------
    >>> from lecture_lib import tie_term
    >>> float(tie_term([1, 2, 2, 3, 3, 3]))  # groups of 2 and 3: 6 + 24
    30.0
    """
    arr = _as_finite(a, "a")
    arr = np.moveaxis(arr, axis, -1)
    _, first, last = _tie_groups(arr)
    size = (last - first + 1).astype(float)
    # each member of a group of size t contributes t**2 - 1; t of them give t**3 - t
    return (size**2 - 1.0).sum(axis=-1)


# ---------------------------------------------------------------------------
# Two algorithms over many data sets: Wilcoxon signed-rank test and sign test
# (chapter 5, ``notebooks/05-two-algorithms-many-datasets``).
# ---------------------------------------------------------------------------

import dataclasses  # noqa: E402

from scipy import special  # noqa: E402

from ._results import TestResult  # noqa: E402
from ._validation import _show, check_alpha, check_count, check_flag, check_option  # noqa: E402

__all__ += [
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

#: The ``zero_method`` options of :func:`wilcoxon_signed_rank` (scipy's names).
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


def _ranks_and_ties(a: np.ndarray):
    """Mid-ranks of a 1-D array and its tie term sum(t^3 - t), from one sort.

    Any sort order works here (tied values share a rank), so the faster
    unstable sort is used.
    """
    order = np.argsort(a)
    sorted_a = a[order]
    starts = np.empty(a.size, dtype=bool)
    starts[:1] = True
    np.not_equal(sorted_a[1:], sorted_a[:-1], out=starts[1:])
    group_start = np.flatnonzero(starts)
    group_size = np.diff(np.append(group_start, a.size))
    mid = group_start + (group_size + 1) / 2.0  # 1-based mid-rank of each group
    ranks = np.empty(a.size, dtype=float)
    ranks[order] = np.repeat(mid, group_size)
    size = group_size.astype(float)
    return ranks, float((size**3 - size).sum())


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


def signed_rank_null_distribution(x, y=None, zero_method: str = "zsplit"):
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


def _signed_rank_moments(differences, zero_method: str = "zsplit"):
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
    zero_method: str = "zsplit",
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
    zero_method : {"zsplit", "pratt", "wilcox"}, optional
        What to do with zero differences (scipy's names and conventions):
        ``"zsplit"`` (default) ranks the zeros with the rest and adds half of
        their ranks to R+ and half to R-; ``"pratt"`` ranks the zeros with
        the rest, then drops their ranks; ``"wilcox"`` drops the zeros before
        ranking.
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

    Examples
    --------
    >>> from lecture_lib import wilcoxon_signed_rank
    >>> rpart = [0.4987, 0.1543, 0.19, 0.224, 0.2795, 0.0108]
    >>> ranger = [0.5005, 0.0117, 0.118, 0.1629, 0.1608, 0.0108]
    >>> res = wilcoxon_signed_rank(rpart, ranger)
    >>> res.r_plus, res.r_minus, res.statistic, round(res.pvalue, 4), res.method
    (18.5, 2.5, 2.5, 0.125, 'exact')

    rpart's error is higher on four of the six tasks (seed 001), yet sign
    patterns at least this lopsided arise in 12.5 % of the 64 equally likely
    ones under H0: no evidence at the 5 % level that either is better.
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
    if ranks.size == 0:
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

    Reject H0 at level ``alpha`` when T is at most this value (no ties, no
    zeros). Returns -1 when no T can reach the level (n <= 5 at 0.05).

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


def wilcoxon_steps(differences, names=None, zero_method: str = "zsplit", alternative: str = "two-sided") -> dict:
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
    >>> steps = wilcoxon_steps([0.3, -0.1, 0.0], names=["a", "b", "c"])
    >>> [(r["name"], r["rank"], r["to_r_plus"], r["to_r_minus"]) for r in steps["rows"]]
    [('c', 1.0, 0.5, 0.5), ('b', 2.0, 0.0, 2.0), ('a', 3.0, 3.0, 0.0)]
    >>> steps["r_plus"], steps["r_minus"]
    (3.5, 2.5)

    The zero gets the smallest rank and ``"zsplit"`` shares it; "b" adds its rank to R-.
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
    from .mcnemar import mcnemar_pvalues  # the same two-sided binomial tail

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


# ----------------------------------------------------------------------------
# Chapter 6: many algorithms over many data sets (Friedman, Nemenyi,
# Bonferroni-Dunn, critical differences). Taught in
# ``notebooks/06-many-algorithms-many-datasets``.
# ----------------------------------------------------------------------------

import dataclasses  # noqa: E402
import numbers  # noqa: E402

from scipy import stats as _stats  # noqa: E402  (distributions only)

from ._results import TestResult  # noqa: E402
from ._validation import check_alpha, check_count, check_option  # noqa: E402
from .multitest import adjust_pvalues  # noqa: E402

__all__ += [
    "CD_TESTS",
    "FriedmanResult",
    "NemenyiResult",
    "BonferroniDunnResult",
    "friedman",
    "critical_value",
    "critical_difference",
    "nemenyi",
    "bonferroni_dunn",
    "cd_cliques",
]

#: The ``test`` options of :func:`critical_value` and :func:`critical_difference`.
CD_TESTS = ("nemenyi", "bonferroni-dunn")


def _check_scores(scores, name: str = "scores") -> np.ndarray:
    """A finite (n_datasets, k) table of scores with n_datasets >= 2 and k >= 2."""
    if scores is None or isinstance(scores, (str, bytes)):
        raise TypeError(f"{name} must be a 2-D array of numbers (data sets x algorithms), got {scores!r:.60}")
    try:
        arr = np.asarray(scores, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a 2-D array of numbers (data sets x algorithms), got {scores!r:.60}") from None
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D (data sets x algorithms), got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape})")
    if not np.all(np.isfinite(arr)):
        bad = np.argwhere(~np.isfinite(arr))[0]
        raise ValueError(f"{name} must be finite, got {float(arr[tuple(bad)])!r} at row {bad[0]}, column {bad[1]}")
    n, k = arr.shape
    if k < 2:
        raise ValueError(f"{name} must have at least 2 algorithms (columns), got {k}")
    if n < 2:
        raise ValueError(f"{name} must have at least 2 data sets (rows), got {n}")
    return arr


def _row_ranks_and_ties(arr: np.ndarray, higher_is_better: bool):
    """Mid-ranks along rows (1 = best) and the total tie term, from one sort."""
    order, first, last = _tie_groups(-arr if higher_is_better else arr)
    ranks = np.empty(arr.shape, dtype=float)
    np.put_along_axis(ranks, order, (first + last) / 2.0 + 1.0, axis=-1)
    size = (last - first + 1).astype(float)
    return ranks, float((size**2 - 1.0).sum())


def _ranks_best_first(arr: np.ndarray, higher_is_better: bool) -> np.ndarray:
    # rank 1 = best on each data set; ties share their mid-rank
    return _row_ranks_and_ties(arr, higher_is_better)[0]


@dataclasses.dataclass(frozen=True)
class FriedmanResult(TestResult):
    """Result of :func:`friedman`.

    Attributes
    ----------
    statistic : float
        Friedman's chi2_F (tie-corrected unless ``tie_correction=False``).
    pvalue : float
        Upper tail of chi-squared with ``df`` degrees of freedom.
    df : int
        k - 1.
    mean_ranks : ndarray, shape (k,)
        Average rank of each algorithm over the data sets (1 = best).
    iman_davenport : float
        Iman and Davenport's F_F (``inf`` when every data set ranks the
        algorithms identically without ties).
    iman_davenport_pvalue : float
        Upper tail of F with ``iman_davenport_df`` degrees of freedom.
    iman_davenport_df : tuple of int
        (k - 1, (k - 1)(N - 1)).
    n_datasets, k : int
        N (rows) and k (columns) of the score table.
    tie_correction : bool
        Whether chi2_F was divided by the tie correction factor.
    """

    statistic: float
    pvalue: float
    df: int
    mean_ranks: np.ndarray
    iman_davenport: float
    iman_davenport_pvalue: float
    iman_davenport_df: tuple
    n_datasets: int
    k: int
    tie_correction: bool


def friedman(scores, higher_is_better: bool = True, tie_correction: bool = True) -> FriedmanResult:
    """Friedman's test of equal average ranks, with Iman and Davenport's F.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k)
        One row per data set, one column per algorithm (accuracies, errors,
        AUCs, ...). At least 2 data sets and 2 algorithms; finite values.
    higher_is_better : bool, optional
        True for accuracies (default), False for errors or losses. Decides
        only which end gets rank 1; the test statistics do not depend on it.
    tie_correction : bool, optional
        Divide chi2_F by the tie correction factor (default True, as
        ``scipy.stats.friedmanchisquare`` and R's ``friedman.test`` do).
        False gives Demšar's (2006) formula exactly.

    Returns
    -------
    result : FriedmanResult
        ``statistic`` (chi2_F), ``pvalue``, ``df``, ``mean_ranks``,
        ``iman_davenport``, ``iman_davenport_pvalue``, ``iman_davenport_df``,
        ``n_datasets``, ``k``, ``tie_correction``.

    Notes
    -----
    H0: all k algorithms perform equally well, so on every data set each
    ordering of them is equally likely and their average ranks
    :math:`R_j` are equal. With N data sets, Demšar (2006, eq. 1) writes

    .. math::

        \\chi^2_F = \\frac{12N}{k(k+1)}\\Bigl[\\sum_j R_j^2 - \\frac{k(k+1)^2}{4}\\Bigr]
                 = \\frac{12N}{k(k+1)} \\sum_j \\Bigl(R_j - \\frac{k+1}{2}\\Bigr)^2,

    approximately chi-squared with k - 1 df under H0 (Demšar's rule of thumb:
    N > 10 and k > 5; otherwise the approximation is rough). Ties within a
    data set get mid-ranks, which shrinks the variance of the ranks; the tie
    correction divides by

    .. math::

        C = 1 - \\frac{\\sum_i \\sum_{g} (t_{ig}^3 - t_{ig})}{N k (k^2 - 1)},

    where :math:`t_{ig}` are the sizes of the tie groups of data set i. The
    corrected statistic equals :math:`SS_{\\text{total}} / SS_{\\text{error}}`
    computed on the ranks (the form seed 001 uses). Iman and Davenport (1980)
    showed chi2_F to be conservative and proposed

    .. math::

        F_F = \\frac{(N - 1)\\chi^2_F}{N(k - 1) - \\chi^2_F}
        \\sim F\\bigl(k - 1, (k - 1)(N - 1)\\bigr),

    which, computed from the tie-corrected chi2_F, is exactly the F statistic
    of a two-way (repeated-measures) analysis of variance of the ranks.

    Degenerate tables: when every data set ties all algorithms, there is no
    evidence of any difference: statistic 0, p-value 1, F_F 0 and its p-value
    1. When every data set ranks the algorithms in the same order with no
    ties, chi2_F reaches its maximum N(k - 1) and F_F is infinite (p-value 0).

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Friedman, M. (1937). The use of ranks to avoid the assumption of
       normality implicit in the analysis of variance. Journal of the American
       Statistical Association 32(200), 675-701.
    .. [2] Iman, R. L., Davenport, J. M. (1980). Approximations of the
       critical region of the Friedman statistic. Communications in
       Statistics - Theory and Methods 9(6), 571-595.
    .. [3] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. Journal of Machine Learning Research 7, 1-30.

    Examples
    --------
    >>> from lecture_lib import friedman
    >>> errors = [[0.10, 0.12, 0.20], [0.05, 0.07, 0.06], [0.30, 0.31, 0.35], [0.22, 0.25, 0.24]]
    >>> result = friedman(errors, higher_is_better=False)
    >>> result.mean_ranks
    array([1. , 2.5, 2.5])
    >>> round(result.statistic, 3), round(result.pvalue, 4)
    (6.0, 0.0498)

    The first algorithm has the lowest error on all four data sets; if all
    three were equally good, average ranks this uneven would occur in about
    5 % of such benchmarks.
    """
    arr = _check_scores(scores)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    tie_correction = check_flag(tie_correction, "tie_correction")
    n, k = arr.shape
    ranks, ties = _row_ranks_and_ties(arr, higher_is_better)
    mean_ranks = ranks.mean(axis=0)
    statistic = 12.0 * n / (k * (k + 1.0)) * float(np.sum((mean_ranks - (k + 1.0) / 2.0) ** 2))
    if tie_correction:
        # ties: the sum over data sets and tie groups of t^3 - t (see tie_term)
        factor = 1.0 - ties / (n * k * (k * k - 1.0))
        # factor == 0 only when every data set ties all algorithms; then the
        # mean ranks are all (k + 1) / 2 and the statistic is already 0.
        statistic = statistic / factor if factor > 0 else 0.0
    statistic = min(statistic, n * (k - 1.0))  # its maximum; guards against rounding
    df = k - 1
    pvalue = float(_stats.chi2.sf(statistic, df))
    df_id = (k - 1, (k - 1) * (n - 1))
    denominator = n * (k - 1.0) - statistic
    if denominator <= 1e-12 * n * (k - 1.0):
        iman_davenport, id_pvalue = float("inf"), 0.0
    else:
        iman_davenport = (n - 1.0) * statistic / denominator
        id_pvalue = float(_stats.f.sf(iman_davenport, *df_id))
    return FriedmanResult(
        statistic=float(statistic),
        pvalue=float(np.clip(pvalue, 0.0, 1.0)),
        df=df,
        mean_ranks=mean_ranks,
        iman_davenport=float(iman_davenport),
        iman_davenport_pvalue=float(np.clip(id_pvalue, 0.0, 1.0)),
        iman_davenport_df=df_id,
        n_datasets=n,
        k=k,
        tie_correction=tie_correction,
    )


def _check_k(k, name: str = "k") -> int:
    k = check_count(k, name)
    if k < 2:
        raise ValueError(f"{name} must be at least 2 algorithms, got {k}")
    return k


@functools.lru_cache(maxsize=256)
def _nemenyi_quantile(k: int, alpha: float) -> float:
    # scipy inverts a numerical integral here (milliseconds); the same (k, alpha) recurs in
    # every widget redraw and in every nemenyi() call, so it is computed once
    return float(_stats.studentized_range.ppf(1.0 - alpha, k, np.inf) / np.sqrt(2.0))


def critical_value(k, alpha: float = 0.05, test: str = "nemenyi") -> float:
    """The critical value q_alpha of the Nemenyi or Bonferroni-Dunn test.

    Parameters
    ----------
    k : int
        Number of algorithms (>= 2).
    alpha : float, optional
        Family-wise significance level in (0, 1).
    test : {"nemenyi", "bonferroni-dunn"}, optional
        ``"nemenyi"``: all k(k - 1)/2 pairs; ``"bonferroni-dunn"``: k - 1
        comparisons with a control.

    Returns
    -------
    q_alpha : float
        The value Demšar (2006) tabulates in Table 5.

    Notes
    -----
    Nemenyi: :math:`q_\\alpha = q_{1-\\alpha}(k, \\infty) / \\sqrt 2`, the upper
    quantile of the studentized range of k independent standard normals,
    from ``scipy.stats.studentized_range`` with infinite degrees of freedom.
    Bonferroni-Dunn: :math:`q_\\alpha = z_{1 - \\alpha / (2(k - 1))}`, the
    two-sided normal quantile at the Bonferroni level alpha / (k - 1).
    No lookup table: any k and alpha work.

    Demšar's (2006) Table 5 (k = 2..10, alpha = 0.05 and 0.10) is
    reproduced to its 3 decimals with four exceptions. Three Nemenyi entries
    are off by 0.001 because the table divides the 3-decimal quantiles of q
    by sqrt(2) and rounds again: k = 3 and k = 7 at alpha = 0.05 (exact
    2.3437 and 2.9483, printed 2.343 and 2.949) and k = 5 at alpha = 0.10
    (exact 2.4595, printed 2.459). The Bonferroni-Dunn entry for k = 9 at
    alpha = 0.05 is a misprint (2.724 for 2.7344). scipy's quantiles agree
    with an independent quadrature of the range distribution to 1e-9.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    Examples
    --------
    >>> from lecture_lib import critical_value
    >>> round(critical_value(6, 0.05, "nemenyi"), 3), round(critical_value(6, 0.05, "bonferroni-dunn"), 3)
    (2.85, 2.576)

    With six algorithms the control comparisons need a smaller critical value
    than all pairwise comparisons: five comparisons instead of fifteen.
    """
    k = _check_k(k)
    alpha = check_alpha(alpha)
    check_option(test, "test", CD_TESTS)
    if test == "nemenyi":
        return _nemenyi_quantile(k, alpha)
    return float(_stats.norm.isf(alpha / (2.0 * (k - 1))))


def critical_difference(k, n_datasets, alpha: float = 0.05, test: str = "nemenyi") -> float:
    """The critical difference of average ranks (Demšar 2006, eq. 5).

    Parameters
    ----------
    k : int
        Number of algorithms (>= 2).
    n_datasets : int
        Number of data sets N (>= 2).
    alpha : float, optional
        Family-wise significance level in (0, 1).
    test : {"nemenyi", "bonferroni-dunn"}, optional
        See :func:`critical_value`.

    Returns
    -------
    cd : float
        Two average ranks that differ by at least ``cd`` are significantly
        different at level alpha.

    Notes
    -----
    .. math::

        CD = q_\\alpha \\sqrt{\\frac{k(k+1)}{6N}},

    with :math:`q_\\alpha` from :func:`critical_value`. The square root is the
    standard error of the difference of two average ranks under H0 (without
    ties). CD shrinks like :math:`1/\\sqrt N`.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    Examples
    --------
    >>> from lecture_lib import critical_difference
    >>> round(critical_difference(6, 16), 3)
    1.885

    Seed 001's benchmark: six learners on 16 tasks need average ranks 1.885
    apart before the Nemenyi test calls them different.
    """
    k = _check_k(k)
    n_datasets = check_count(n_datasets, "n_datasets")
    if n_datasets < 2:
        raise ValueError(f"n_datasets must be at least 2, got {n_datasets}")
    q = critical_value(k, alpha, test)
    return float(q * np.sqrt(k * (k + 1.0) / (6.0 * n_datasets)))


@dataclasses.dataclass(frozen=True)
class NemenyiResult(TestResult):
    """Result of :func:`nemenyi`.

    Attributes
    ----------
    statistic : float
        The largest standardised difference of average ranks,
        max |R_i - R_j| / sqrt(k(k+1)/(6N)).
    pvalue : float
        The smallest pairwise p-value (that of the largest difference): the
        p-value of "at least one pair differs".
    mean_ranks : ndarray, shape (k,)
        Average ranks (1 = best).
    cd : float
        Nemenyi critical difference at ``alpha``.
    pvalues : ndarray, shape (k, k)
        Pairwise p-values, already adjusted for the k(k-1)/2 comparisons
        (symmetric, 1 on the diagonal).
    significant : ndarray of bool, shape (k, k)
        ``pvalues <= alpha`` (False on the diagonal).
    alpha : float
        The family-wise level used for ``cd`` and ``significant``.
    n_datasets : int
        N.
    """

    statistic: float
    pvalue: float
    mean_ranks: np.ndarray
    cd: float
    pvalues: np.ndarray
    significant: np.ndarray
    alpha: float
    n_datasets: int


def nemenyi(scores, alpha: float = 0.05, higher_is_better: bool = True) -> NemenyiResult:
    """Nemenyi's test: every pair of algorithms, after Friedman's test.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k)
        As for :func:`friedman`.
    alpha : float, optional
        Family-wise significance level in (0, 1).
    higher_is_better : bool, optional
        True for accuracies, False for errors.

    Returns
    -------
    result : NemenyiResult
        ``statistic``, ``pvalue``, ``mean_ranks``, ``cd``, ``pvalues``
        (k x k), ``significant`` (k x k), ``alpha``, ``n_datasets``.

    Notes
    -----
    H0 for the pair (i, j): algorithms i and j have the same expected
    average rank. With :math:`SE = \\sqrt{k(k+1)/(6N)}`, the pair's p-value is

    .. math::

        p_{ij} = P\\Bigl(Q_{k,\\infty} \\ge \\sqrt 2\\, \\frac{|R_i - R_j|}{SE}\\Bigr),

    where :math:`Q_{k,\\infty}` is the studentized range of k standard
    normals. It controls the family-wise error over all k(k-1)/2 pairs
    (Tukey's method applied to ranks), so the p-values need no further
    adjustment; ``pvalues <= alpha`` exactly when
    :math:`|R_i - R_j| \\ge CD`. Like Demšar (2006) and scikit-posthocs'
    ``posthoc_nemenyi_friedman``, SE ignores ties, which makes the test
    slightly conservative when there are many.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Nemenyi, P. B. (1963). Distribution-free multiple comparisons.
       PhD thesis, Princeton University.
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. Journal of Machine Learning Research 7, 1-30.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import nemenyi
    >>> rng = np.random.default_rng(0)
    >>> accuracies = rng.normal(0.8, 0.05, size=(20, 1)) + [0.0, 0.01, 0.04] + rng.normal(0, 0.01, (20, 3))
    >>> result = nemenyi(accuracies)
    >>> result.mean_ranks.round(2), round(result.cd, 3)
    (array([2.65, 2.35, 1.  ]), 0.741)
    >>> bool(result.significant[0, 2]), bool(result.significant[0, 1])
    (True, False)

    Over 20 data sets the third algorithm (best everywhere, rank 1) is
    significantly better than the first; the first two cannot be told apart.
    """
    arr = _check_scores(scores)
    alpha = check_alpha(alpha)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    n, k = arr.shape
    rank_sums = _ranks_best_first(arr, higher_is_better).sum(axis=0)  # multiples of 1/2: exact
    mean_ranks = rank_sums / n
    se = np.sqrt(k * (k + 1.0) / (6.0 * n))
    z = np.abs(mean_ranks[:, None] - mean_ranks[None, :]) / se
    upper = np.triu_indices(k, 1)
    pvalues = np.ones((k, k))
    # each sf value is a numerical integral; pairs with the same rank-sum gap share one
    gaps, which = np.unique(np.abs(rank_sums[upper[0]] - rank_sums[upper[1]]), return_inverse=True)
    unique_p = _stats.studentized_range.sf(np.sqrt(2.0) * gaps / n / se, k, np.inf)
    pvalues[upper] = np.clip(unique_p[which.ravel()], 0.0, 1.0)
    pvalues[upper[1], upper[0]] = pvalues[upper]
    significant = pvalues <= alpha
    np.fill_diagonal(significant, False)
    return NemenyiResult(
        statistic=float(z.max()),
        pvalue=float(pvalues[upper].min()),
        mean_ranks=mean_ranks,
        cd=critical_difference(k, n, alpha, "nemenyi"),
        pvalues=pvalues,
        significant=significant,
        alpha=alpha,
        n_datasets=n,
    )


#: The ``adjust`` options of :func:`bonferroni_dunn`.
CONTROL_ADJUST = ("bonferroni", "holm")
__all__ += ["CONTROL_ADJUST"]


@dataclasses.dataclass(frozen=True)
class BonferroniDunnResult(TestResult):
    """Result of :func:`bonferroni_dunn`.

    Attributes
    ----------
    statistic : float
        The largest |z| over the k - 1 comparisons.
    pvalue : float
        The smallest adjusted p-value.
    control : int
        Column index of the control algorithm.
    others : tuple of int
        Column indices of the other algorithms, in the order of the arrays
        below.
    z : ndarray, shape (k - 1,)
        (R_other - R_control) / SE: positive when the other algorithm has
        a worse (higher) average rank than the control.
    raw_pvalues : ndarray, shape (k - 1,)
        Two-sided normal p-values, not adjusted.
    pvalues : ndarray, shape (k - 1,)
        Adjusted by ``adjust`` for the k - 1 comparisons.
    significant : ndarray of bool, shape (k - 1,)
        ``pvalues <= alpha``.
    mean_ranks : ndarray, shape (k,)
        Average ranks (1 = best).
    cd : float
        The Bonferroni-Dunn critical difference at ``alpha`` (for
        ``adjust="holm"`` too: Holm's step-down has no single CD, and rejects
        at least what this CD rejects).
    adjust : str
        ``"bonferroni"`` or ``"holm"``.
    alpha : float
        The family-wise level.
    """

    statistic: float
    pvalue: float
    control: int
    others: tuple
    z: np.ndarray
    raw_pvalues: np.ndarray
    pvalues: np.ndarray
    significant: np.ndarray
    mean_ranks: np.ndarray
    cd: float
    adjust: str
    alpha: float


def bonferroni_dunn(
    scores, control, alpha: float = 0.05, higher_is_better: bool = True, adjust: str = "bonferroni"
) -> BonferroniDunnResult:
    """Compare one control algorithm with each of the others (after Friedman).

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k)
        As for :func:`friedman`.
    control : int
        Column index of the control (say, a new method or a baseline).
    alpha : float, optional
        Family-wise significance level in (0, 1).
    higher_is_better : bool, optional
        True for accuracies, False for errors.
    adjust : {"bonferroni", "holm"}, optional
        ``"bonferroni"`` (default): the Bonferroni-Dunn test, each p-value
        times k - 1, equivalent to comparing |R_i - R_control| with the
        Bonferroni-Dunn CD. ``"holm"``: Holm's step-down procedure on the
        same p-values (Demšar 2006, section 3.2.2), never less powerful.

    Returns
    -------
    result : BonferroniDunnResult
        The same type for both ``adjust`` options.

    Notes
    -----
    H0 for algorithm i: it has the same expected average rank as the
    control. The statistic

    .. math::

        z_i = \\frac{R_i - R_{\\text{control}}}{\\sqrt{k(k+1)/(6N)}}

    is approximately standard normal under H0; its two-sided p-value is
    :math:`2\\,P(Z \\ge |z_i|)`. Only k - 1 hypotheses are tested instead of
    Nemenyi's k(k-1)/2, so the correction is milder and the test more
    powerful, as long as the control was chosen before seeing the results.
    Adjusted p-values come from :func:`lecture_lib.adjust_pvalues`.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Dunn, O. J. (1961). Multiple comparisons among means. Journal of
       the American Statistical Association 56(293), 52-64.
    .. [2] Holm, S. (1979). A simple sequentially rejective multiple test
       procedure. Scandinavian Journal of Statistics 6(2), 65-70.
    .. [3] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. Journal of Machine Learning Research 7, 1-30.

    Examples
    --------
    >>> from lecture_lib import bonferroni_dunn
    >>> errors = [[0.10, 0.12, 0.20], [0.05, 0.07, 0.06], [0.30, 0.31, 0.35],
    ...           [0.22, 0.25, 0.24], [0.15, 0.18, 0.19], [0.40, 0.41, 0.45]]
    >>> result = bonferroni_dunn(errors, control=0, higher_is_better=False)
    >>> result.others, result.z.round(3), result.pvalues.round(4)
    ((1, 2), array([2.309, 2.887]), array([0.0418, 0.0078]))

    The control (column 0) has the lowest error everywhere; after adjusting
    for two comparisons both others are significantly worse at the 5 % level.
    """
    arr = _check_scores(scores)
    alpha = check_alpha(alpha)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    check_option(adjust, "adjust", CONTROL_ADJUST)
    n, k = arr.shape
    if isinstance(control, (bool, np.bool_)) or not isinstance(control, numbers.Integral):
        raise TypeError(f"control must be a column index (int), got {control!r:.60}")
    control = int(control)
    if not 0 <= control < k:
        raise ValueError(f"control must be a column index in [0, {k - 1}], got {control}")
    mean_ranks = _ranks_best_first(arr, higher_is_better).mean(axis=0)
    others = tuple(i for i in range(k) if i != control)
    se = np.sqrt(k * (k + 1.0) / (6.0 * n))
    z = (mean_ranks[list(others)] - mean_ranks[control]) / se
    raw = np.clip(2.0 * _stats.norm.sf(np.abs(z)), 0.0, 1.0)
    adjusted = adjust_pvalues(raw, method=adjust)
    return BonferroniDunnResult(
        statistic=float(np.abs(z).max()),
        pvalue=float(adjusted.min()),
        control=control,
        others=others,
        z=z,
        raw_pvalues=raw,
        pvalues=adjusted,
        significant=adjusted <= alpha,
        mean_ranks=mean_ranks,
        cd=critical_difference(k, n, alpha, "bonferroni-dunn"),
        adjust=adjust,
        alpha=alpha,
    )


def cd_cliques(mean_ranks, cd) -> list:
    """Maximal groups of algorithms whose average ranks lie within ``cd``.

    Parameters
    ----------
    mean_ranks : array_like, shape (k,)
        Average ranks.
    cd : float
        Critical difference (> 0).

    Returns
    -------
    cliques : list of tuple of int
        Each tuple lists column indices in increasing order of average rank;
        every pair in it differs by less than ``cd``, and no algorithm can be
        added. Groups of one are left out; the list is sorted by best rank.

    Notes
    -----
    "Not significantly different" (|R_i - R_j| < CD) is not transitive, so
    groups may overlap. On a line, the maximal cliques of this relation are
    maximal runs of sorted ranks whose range is below CD: the thick bars of
    Demšar's (2006) critical-difference diagrams.

    Examples
    --------
    >>> from lecture_lib import cd_cliques
    >>> cd_cliques([1.0, 1.5, 2.4, 3.0, 4.6], cd=1.0)
    [(0, 1), (1, 2), (2, 3)]

    Neighbours cannot be told apart, yet algorithm 0 is significantly better
    than algorithm 2 (1.4 apart): the bars overlap, and algorithm 4 stands
    alone.

    >>> cd_cliques([1.0, 1.5, 2.4, 3.0, 4.6], cd=2.0)
    [(0, 1, 2), (1, 2, 3), (3, 4)]

    With a larger CD the groups grow and still overlap.
    """
    ranks = _as_finite(mean_ranks, "mean_ranks")
    if ranks.ndim != 1:
        raise ValueError(f"mean_ranks must be 1-D, got an array of shape {ranks.shape}")
    if not np.all(np.isfinite(ranks)):
        raise ValueError(f"mean_ranks must be finite, got {ranks.tolist()!r:.80}")
    if isinstance(cd, (bool, np.bool_)) or not isinstance(cd, numbers.Real):
        raise TypeError(f"cd must be a number, got {cd!r:.60}")
    cd = float(cd)
    if not (np.isfinite(cd) and cd > 0):
        raise ValueError(f"cd must be a positive finite number, got {cd!r}")
    order = np.argsort(ranks, kind="stable")
    sorted_ranks = ranks[order]
    k = ranks.size
    # for each start i, the last j with sorted_ranks[j] - sorted_ranks[i] < cd
    last = np.searchsorted(sorted_ranks, sorted_ranks + cd, side="left") - 1
    cliques = []
    reach = -1
    for i in range(k):
        j = int(last[i])
        if j > i and j > reach:
            cliques.append(tuple(int(c) for c in order[i : j + 1]))
        reach = max(reach, j)
    return cliques
