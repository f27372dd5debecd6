"""Many algorithms over many data sets: Friedman, Iman-Davenport, Nemenyi,
Bonferroni-Dunn and critical differences.

Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``). The
mid-ranks come from :mod:`lecture_lib.ranks`.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import numbers

import numpy as np
from scipy import special
from scipy import stats as _stats  # distributions only

from ._ranking import row_ranks_and_ties
from ._results import Interval, Printable, TestResult
from ._validation import (
    as_generator,
    check_alpha,
    check_count,
    check_flag,
    check_option,
    check_positive_int,
    check_real_array,
)
from .intervals import proportion_interval
from .multitest import adjust_pvalues

__all__ = [
    "CD_TESTS",
    "EXACT_MAX_DATASETS",
    "FRIEDMAN_METHODS",
    "CONTROL_ADJUST",
    "FriedmanResult",
    "FriedmanLevel",
    "NemenyiResult",
    "BonferroniDunnResult",
    "friedman",
    "friedman_type1_error",
    "critical_value",
    "critical_difference",
    "nemenyi",
    "bonferroni_dunn",
    "cd_cliques",
    "studentized_range_sf",
]

#: The ``test`` options of :func:`critical_value` and :func:`critical_difference`.
CD_TESTS = ("nemenyi", "bonferroni-dunn")
#: The ``adjust`` options of :func:`bonferroni_dunn`.
CONTROL_ADJUST = ("bonferroni", "holm")


def _check_scores(scores, name: str = "scores") -> np.ndarray:
    """A finite (n_datasets, k) table of scores with n_datasets >= 2 and k >= 2."""
    what = "a 2-D array of numbers (data sets x algorithms)"
    arr = check_real_array(scores, name, finite=False, min_size=0, what=what)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D (data sets x algorithms), got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty (shape {arr.shape})")
    if not np.all(np.isfinite(arr)):
        bad = np.argwhere(~np.isfinite(arr))[0]
        value = float(arr[tuple(bad)])
        raise ValueError(f"{name} must be finite, got {value!r} at row {bad[0]}, column {bad[1]}")
    n, k = arr.shape
    if k < 2:
        raise ValueError(f"{name} must have at least 2 algorithms (columns), got {k}")
    if n < 2:
        raise ValueError(f"{name} must have at least 2 data sets (rows), got {n}")
    return arr


def _ranks_best_first(arr: np.ndarray, higher_is_better: bool) -> np.ndarray:
    # rank 1 = best on each data set; ties share their mid-rank
    return row_ranks_and_ties(arr, higher_is_better)[0]


# --------------------------------------------------------------------------- the exact null distribution

#: The ``method`` options of :func:`friedman`.
FRIEDMAN_METHODS = ("auto", "exact", "chi2", "iman_davenport")
#: The largest N for which :func:`friedman` enumerates the exact distribution, by k (k = 2: any N).
#: Set so that a p-value takes at most about 0.2 s on a laptop without ties (ties only make it
#: faster); it covers every design with (k!)^(N - 1) <= 10^6 and many more.
EXACT_MAX_DATASETS = {3: 200, 4: 30, 5: 10, 6: 5, 7: 3, 8: 2, 9: 2}
# a guard for unusual tie patterns: at most this many (state, arrangement) pairs in one step
_EXACT_MAX_WORK = 60_000_000
# with ties, a design beyond the table is enumerated when this bounds its work
_EXACT_SMALL_WORK = 2_000_000


@functools.cache
def _index_permutations(k: int) -> np.ndarray:
    """All k! orderings of range(k), one per row (int8), built without a Python loop over them."""
    perms = np.zeros((1, 1), dtype=np.int8)
    for m in range(2, k + 1):  # insert the new largest index m - 1 at every position
        rows = []
        for pos in range(m):
            rows.append(np.insert(perms, pos, m - 1, axis=1))
        perms = np.concatenate(rows)
    perms.setflags(write=False)
    return perms


def _arrangements(row: np.ndarray) -> np.ndarray:
    """The distinct arrangements of one data set's (centred, doubled) ranks: each equally likely."""
    perms = row[_index_permutations(row.size)]
    if np.unique(row).size < row.size:  # ties: equal values give repeated arrangements
        perms = np.unique(perms, axis=0)
    return perms.astype(np.int64)


def _state_keys(states: np.ndarray, offset: int, base: int) -> np.ndarray:
    key = np.zeros(states.shape[0], dtype=np.int64)
    for j in range(states.shape[1] - 1):  # the last sum follows from the others (they add to 0)
        key = key * base + (states[:, j] + offset)
    return key


def _unique_states(states: np.ndarray, weights: np.ndarray, bound: int):
    """Merge equal (sorted) states, adding their probabilities."""
    base = 2 * bound + 1
    if (states.shape[1] - 1) * np.log2(base) < 62:
        _, first, inverse = np.unique(_state_keys(states, bound, base), return_index=True,
                                      return_inverse=True)
    else:  # too many digits for one int64 key
        _, first, inverse = np.unique(states, axis=0, return_index=True, return_inverse=True)
    return states[first], np.bincount(inverse.ravel(), weights=weights)


def _centred_ranks(ranks: np.ndarray) -> np.ndarray:
    """Twice each rank minus (k + 1): integers, 0 on average in every row, 0 everywhere when tied."""
    k = ranks.shape[1]
    return np.rint(2.0 * ranks - (k + 1.0)).astype(np.int64)


def _exact_feasible(n_varying: int, k: int, log_arrangements=None) -> bool:
    """Whether the exact distribution can be enumerated quickly.

    By the table :data:`EXACT_MAX_DATASETS` (the worst case, no ties), or, with ties, when even
    the number of arrangements multiplied out (no merging of states at all) stays small.
    """
    if n_varying <= 1 or k == 2 or n_varying <= EXACT_MAX_DATASETS.get(k, 1):
        return True
    if log_arrangements is None:
        return False
    # sum over steps of prod(m_1..m_t): the first row is fixed, so its count is left out
    logs = np.sort(np.asarray(log_arrangements))[::-1][1:]
    return bool(np.logaddexp.reduce(np.cumsum(logs)) <= math.log(_EXACT_SMALL_WORK))


def _friedman_null(centred: np.ndarray, observed=None):
    """The permutation distribution of T = sum_j (column sum of the centred ranks)^2.

    Under H0 each data set's ranks (mid-ranks with ties) are arranged over the k
    algorithms uniformly at random, independently across data sets. The distribution
    is built data set by data set: the state is the vector of column sums, kept sorted,
    since every arrangement of a row is as likely as any other (so two states that are
    permutations of each other have the same future). With ``observed`` given, returns
    P(T >= observed) without building the last step's distribution; else (values, probs).
    Returns None when a step would exceed the work guard.
    """
    rows = [row for row in centred if np.any(row)]  # all-tied data sets add nothing
    k = centred.shape[1]
    if not rows:
        return 1.0 if observed is not None else (np.zeros(1, dtype=np.int64), np.ones(1))
    arrangements = sorted((_arrangements(row) for row in rows), key=len, reverse=True)
    # the first data set's arrangement can be fixed: T does not change when the same
    # permutation is applied to every row
    states = np.sort(arrangements[0][:1], axis=1)
    probs = np.ones(1)
    bound = int(sum(np.abs(r).max() for r in rows))  # no column sum can go beyond it
    rest = arrangements[1:]
    for step, arr in enumerate(rest):
        if states.shape[0] * arr.shape[0] > _EXACT_MAX_WORK:
            return None
        last = step == len(rest) - 1
        if last and observed is not None:
            # T = |s|^2 + |a|^2 + 2 s.a, and |a|^2 is the same for every arrangement of a row
            base_t = (states**2).sum(axis=1) + int((arr[0] ** 2).sum())
            need = observed - base_t  # 2 s.a must reach this
            share = np.zeros(states.shape[0])
            chunk = max(1, 4_000_000 // arr.shape[0])
            for lo in range(0, states.shape[0], chunk):
                dots = 2 * (states[lo:lo + chunk] @ arr.T)
                share[lo:lo + chunk] = np.count_nonzero(dots >= need[lo:lo + chunk, None], axis=1)
            return float(np.dot(probs, share) / arr.shape[0])
        new = (states[:, None, :] + arr[None, :, :]).reshape(-1, k)
        new.sort(axis=1)
        weights = np.repeat(probs / arr.shape[0], arr.shape[0])
        states, probs = _unique_states(new, weights, bound)
    t = (states**2).sum(axis=1)
    if observed is not None:
        return float(probs[t >= observed].sum())
    values, inverse = np.unique(t, return_inverse=True)
    return values, np.bincount(inverse.ravel(), weights=probs)


@dataclasses.dataclass(frozen=True)
class FriedmanResult(TestResult):
    """Result of :func:`friedman`.

    Attributes
    ----------
    statistic : float
        Friedman's chi2_F (tie-corrected unless ``tie_correction=False``).
    pvalue : float
        The p-value of the method used (``method``; ``pvalue_method`` says
        which and why): the exact permutation p-value where it can be
        enumerated, else the chi-squared approximation. Never exactly 0.
    method : str
        ``"exact"``, ``"chi2"`` or ``"iman_davenport"``: where ``pvalue``
        comes from.
    df : int
        k - 1.
    mean_ranks : ndarray, shape (k,)
        Average rank of each algorithm over the data sets (1 = best).
    exact_pvalue : float
        P(chi2_F >= observed) under the permutation distribution (each data
        set's ranks arranged over the algorithms uniformly at random); NaN
        where the enumeration is too large (see :data:`EXACT_MAX_DATASETS`).
    chi2_pvalue : float
        Upper tail of chi-squared with ``df`` degrees of freedom (Friedman's
        approximation, as ``scipy.stats.friedmanchisquare`` gives it).
    iman_davenport : float
        Iman and Davenport's F_F (``inf`` when every data set ranks the
        algorithms identically, W = 1).
    iman_davenport_pvalue : float
        Upper tail of F with ``iman_davenport_df`` degrees of freedom; NaN
        when F_F is infinite (the F approximation has no answer there).
    iman_davenport_df : tuple of int
        (k - 1, (k - 1)(N - 1)).
    n_datasets, k : int
        N (rows) and k (columns) of the score table.
    tie_correction : bool
        Whether chi2_F was divided by the tie correction factor.
    kendalls_w : float
        The effect: Kendall's coefficient of concordance
        W = chi2_F / (N (k - 1)), in [0, 1]; 0 when the average ranks are
        all equal, 1 when every data set ranks the algorithms in the same
        order (tie-corrected when chi2_F is).
    pvalue_method : str
        What ``pvalue`` is and why that method, in words.
    """

    statistic: float
    pvalue: float
    method: str
    df: int
    mean_ranks: np.ndarray
    exact_pvalue: float
    chi2_pvalue: float
    iman_davenport: float
    iman_davenport_pvalue: float
    iman_davenport_df: tuple
    n_datasets: int
    k: int
    tie_correction: bool
    kendalls_w: float
    pvalue_method: str


def _iman_davenport(statistic, n: int, k: int):
    """F_F from chi2_F (vectorised): inf where chi2_F reaches its maximum N(k - 1)."""
    statistic = np.asarray(statistic, dtype=float)
    denominator = n * (k - 1.0) - statistic
    degenerate = denominator <= 1e-12 * n * (k - 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        f = np.where(degenerate, np.inf, (n - 1.0) * statistic / np.where(degenerate, 1.0, denominator))
    return f


def _chi2_from_mean_ranks(mean_ranks, n: int, k: int):
    """Demšar's chi2_F from average ranks (vectorised over leading axes), without tie correction."""
    return 12.0 * n / (k * (k + 1.0)) * np.sum((np.asarray(mean_ranks) - (k + 1.0) / 2.0) ** 2, axis=-1)


def _floor(p: float) -> float:
    # a p-value below the smallest normal double is returned as that bound, never as 0
    return float(min(1.0, max(p, _TINY)))


_TINY = float(np.finfo(float).tiny)


def _log_arrangements(rows: np.ndarray) -> np.ndarray:
    """log of k! / prod(t!) for each row: its number of distinct arrangements (t: tie group sizes)."""
    rows = np.atleast_2d(rows)
    k = rows.shape[1]
    sizes = (rows[:, :, None] == rows[:, None, :]).sum(axis=2)  # the size of each entry's tie group
    # a group of size t has t entries, each adding log(t!) / t
    return special.gammaln(k + 1) - (special.gammaln(sizes + 1) / sizes).sum(axis=1)


def _exact_pvalue(centred: np.ndarray, tied: bool = True) -> float:
    """P(T >= observed) under the permutation distribution, or NaN when it is too large to enumerate."""
    varying = centred[np.any(centred != 0, axis=1)]
    n_varying, k = varying.shape
    if n_varying == 0:
        return 1.0
    if np.all(varying == varying[0]):
        # every data set orders the algorithms alike (W = 1 when no data set is all tied): the
        # largest T there is, reached only when all rows are arranged alike: m^(1 - N)
        return _floor(math.exp((1 - n_varying) * float(_log_arrangements(varying[0])[0])))
    observed = int((varying.sum(axis=0) ** 2).sum())
    if k == 2:
        # each varying row adds +1 or -1 to the first column's sum: T = 2 S^2 with S = 2B - n,
        # B ~ Binomial(n, 1/2); the exact Friedman test is the sign test with ties dropped
        s = abs(int(varying[:, 0].sum()))
        low = (n_varying - s) // 2
        tail = 2.0 * _stats.binom.cdf(low, n_varying, 0.5) if s else 1.0
        return _floor(tail)
    feasible = _exact_feasible(n_varying, k)
    if not feasible and tied:  # ties can make a larger design cheap
        feasible = _exact_feasible(n_varying, k, _log_arrangements(varying))
    if not feasible:
        return math.nan
    p = _friedman_null(varying, observed)
    return math.nan if p is None else _floor(p)


def friedman(scores, higher_is_better: bool = True, tie_correction: bool = True,
             method: str = "auto") -> FriedmanResult:
    """Friedman's test of equal average ranks: exact, chi-squared or Iman and Davenport's F.

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
        False gives Demšar's (2006) formula exactly. The exact p-value does
        not depend on it.
    method : {"auto", "exact", "chi2", "iman_davenport"}, optional
        Where ``pvalue`` comes from. ``"exact"``: the permutation
        distribution of chi2_F, enumerated (a ValueError when the design is
        too large, see :data:`EXACT_MAX_DATASETS`); ``"chi2"``: Friedman's
        chi-squared approximation; ``"iman_davenport"``: Iman and
        Davenport's F. ``"auto"`` (default): exact where it can be
        enumerated, else the chi-squared approximation (see the Notes).

    Returns
    -------
    result : FriedmanResult
        ``statistic`` (chi2_F), ``pvalue`` (of ``method``), ``method``,
        ``df``, ``mean_ranks``, ``exact_pvalue``, ``chi2_pvalue``,
        ``iman_davenport``, ``iman_davenport_pvalue``,
        ``iman_davenport_df``, ``n_datasets``, ``k``, ``tie_correction``,
        the effect ``kendalls_w``, and ``pvalue_method``.

    Notes
    -----
    H0: the k algorithms are interchangeable: on every data set each
    ordering of them is equally likely, so their expected average ranks
    :math:`R_j` are equal (the hypothesis asks more than equal expected
    ranks: an algorithm that is always second among three has the expected
    rank of two that take first and last place at random, but the three are
    not interchangeable, and the test can reject). With N data sets, Demšar (2006, eq. 1) writes

    .. math::

        \\chi^2_F = \\frac{12N}{k(k+1)}\\Bigl[\\sum_j R_j^2 - \\frac{k(k+1)^2}{4}\\Bigr]
                 = \\frac{12N}{k(k+1)} \\sum_j \\Bigl(R_j - \\frac{k+1}{2}\\Bigr)^2,

    approximately chi-squared with k - 1 df under H0. Ties within a data
    set get mid-ranks, which shrinks the variance of the ranks; the tie
    correction divides by

    .. math::

        C = 1 - \\frac{\\sum_i \\sum_{g} (t_{ig}^3 - t_{ig})}{N k (k^2 - 1)},

    where :math:`t_{ig}` are the sizes of the tie groups of data set i. The
    corrected statistic equals :math:`SS_{\\text{total}} / SS_{\\text{error}}`
    computed on the ranks (the form source 001 uses). Iman and Davenport (1980)
    showed chi2_F to be conservative and proposed

    .. math::

        F_F = \\frac{(N - 1)\\chi^2_F}{N(k - 1) - \\chi^2_F}
        \\sim F\\bigl(k - 1, (k - 1)(N - 1)\\bigr),

    which, computed from the tie-corrected chi2_F, is exactly the F statistic
    of a two-way (repeated-measures) analysis of variance of the ranks.

    **The exact p-value.** Under H0 the ranks of each data set (with their
    ties) are arranged over the k algorithms uniformly at random,
    independently of the other data sets, and chi2_F is an increasing
    function of :math:`T = \\sum_j S_j^2`, the sum of squared rank sums. The
    distribution of T is built data set by data set, convolving the
    rank-sum vectors (kept sorted, since the future of two states that are
    permutations of each other is the same), so a p-value needs far fewer
    steps than the :math:`(k!)^{N-1}` rankings (Friedman 1937 tabulated
    them by hand for k = 3 and 4). It is done for k = 2 (any N: then it is
    the two-sided sign test with ties dropped) and, without ties, in at
    most about 0.2 s, for N up to :data:`EXACT_MAX_DATASETS` (k = 3: 200,
    k = 4: 30, k = 5: 10, k = 6: 5, k = 7: 3, k = 8 and 9: 2). When every
    data set orders the algorithms alike (W = 1), the p-value is
    :math:`m^{1-N}`, where m is the number of distinct arrangements of one
    row (k! without ties), for any design.

    **Why exact by default.** With few data sets both approximations can be
    far off, in both directions. Iman and Davenport's F is infinite whenever
    W = 1, an ordinary outcome on small designs (probability 1/2 with k = 2
    and N = 2, 1/4 with N = 3), so its p-value would be 0 where the exact
    one is 0.5 or 0.25: at k = 2, N = 3 it rejects a true H0 in 25 % of
    benchmarks at nominal 5 %. The rejection rates of all three methods,
    enumerated for k = 2, 3, 4 and N = 2..10, are in chapter 6 and
    :func:`friedman_type1_error`; for larger designs (k = 4..10 and N >= 15)
    both approximations stay within about half a point of the nominal 5 %
    (chi-squared below, F above). Beyond enumeration ``"auto"`` reads the
    chi-squared approximation, because it errs on the safe side: in every
    design with k >= 3 that the tests enumerate (k = 3 up to N = 200,
    k = 4 up to 40, k = 5 up to 12, k = 6 up to 6, k = 7 up to 3, k = 8
    and 9 at N = 2), its critical value at the 1 % and 5 % levels lies at
    or above the exact one, so it never calls a result significant that
    the exact test would not, while Iman and Davenport's F does (k = 6,
    N = 6: in about 1 % of benchmarks under H0). It is a little
    conservative there; ``method="iman_davenport"`` is closer to nominal.

    **The effect.** Kendall's coefficient of concordance

    .. math::

        W = \\frac{\\chi^2_F}{N(k - 1)}
          = \\frac{12 \\sum_j \\bigl(N R_j - N(k+1)/2\\bigr)^2}{N^2 (k^3 - k)}

    (the second form without ties; Kendall & Babington Smith 1939) measures
    how consistently the data sets order the algorithms: 0 when the
    average ranks are all equal, 1 when every data set gives the same
    ranking. With the tie correction it is Kendall's tie-corrected W. It is
    related to the average Spearman correlation between the rankings of two
    data sets, :math:`(N W - 1)/(N - 1)`. It says how strongly the ranks
    differ overall; the pairwise post-hoc tests say which algorithms differ
    and by how much.

    Degenerate tables: when every data set ties all algorithms, there is no
    evidence of any difference: statistic 0, every p-value 1, F_F 0.
    A p-value below the smallest normal double (2.2e-308) is returned as
    that number, a bound, never as 0.

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
    .. [4] Kendall, M. G., Babington Smith, B. (1939). The problem of m
       rankings. Annals of Mathematical Statistics 10(3), 275-287.

    Examples
    --------
    >>> from lecture_lib import friedman
    >>> errors = [[0.10, 0.12, 0.20], [0.05, 0.07, 0.06], [0.30, 0.31, 0.35], [0.22, 0.25, 0.24]]
    >>> result = friedman(errors, higher_is_better=False)
    >>> result.mean_ranks
    array([1. , 2.5, 2.5])
    >>> result.method, round(result.pvalue, 4)
    ('exact', 0.0694)
    >>> round(result.statistic, 3), round(result.chi2_pvalue, 4), round(result.iman_davenport_pvalue, 4)
    (6.0, 0.0498, 0.0156)

    The first algorithm has the lowest error on all four data sets. If the
    three algorithms were interchangeable, each of the 6^4 = 1296 rankings of
    the four data sets would be equally likely, and 90 of them give average
    ranks at least this uneven (chi2_F >= 6): the exact p-value is
    90/1296 = 0.069, not significant at the 5 % level, against 0.0498 from
    chi-squared and 0.016 from F.

    >>> round(result.kendalls_w, 3)
    0.75

    The effect: W = 6 / (4 x 2) = 0.75, a strong agreement of the four data
    sets on the ordering (W = 1 would be the same ranking everywhere).

    >>> two = friedman([[0.95, 0.94], [0.98, 0.88]])
    >>> two.kendalls_w, two.pvalue, two.iman_davenport_pvalue
    (1.0, 0.5, nan)

    Two algorithms on two data sets, the first better on both: W = 1, which
    happens with probability 1/2 when they are interchangeable, so p = 0.5;
    Iman and Davenport's F is infinite and gives no p-value.
    """
    arr = _check_scores(scores)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    tie_correction = check_flag(tie_correction, "tie_correction")
    method = check_option(method, "method", FRIEDMAN_METHODS)
    n, k = arr.shape
    ranks, ties = row_ranks_and_ties(arr, higher_is_better)
    mean_ranks = ranks.mean(axis=0)
    statistic = float(_chi2_from_mean_ranks(mean_ranks, n, k))
    if tie_correction:
        # ties: the sum over data sets and tie groups of t^3 - t (see tie_term)
        factor = 1.0 - ties / (n * k * (k * k - 1.0))
        # factor == 0 only when every data set ties all algorithms; then the
        # mean ranks are all (k + 1) / 2 and the statistic is already 0.
        statistic = statistic / factor if factor > 0 else 0.0
    statistic = min(statistic, n * (k - 1.0))  # its maximum; guards against rounding
    df = k - 1
    chi2_pvalue = _floor(float(_stats.chi2.sf(statistic, df)))
    df_id = (k - 1, (k - 1) * (n - 1))
    iman_davenport = float(_iman_davenport(statistic, n, k))
    id_pvalue = math.nan if math.isinf(iman_davenport) else _floor(float(_stats.f.sf(iman_davenport, *df_id)))
    exact_pvalue = _exact_pvalue(_centred_ranks(ranks), ties > 0) if method in ("auto", "exact") else math.nan
    if method == "exact" and math.isnan(exact_pvalue):
        raise ValueError(
            f"method='exact' cannot enumerate k = {k} algorithms on N = {n} data sets (the limit for "
            f"k = {k} is N = {EXACT_MAX_DATASETS.get(k, 1)}); use method='auto' or 'iman_davenport'"
        )
    if method == "chi2":
        used, pvalue = "chi2", chi2_pvalue
        why = "chi2: chi2_F against chi-squared (k - 1 df), as requested; conservative for small N, k >= 4"
    elif method == "iman_davenport" and not math.isinf(iman_davenport):
        used, pvalue = "iman_davenport", id_pvalue
        why = "iman_davenport: Iman and Davenport's F, as requested; slightly liberal for small N"
    elif not math.isnan(exact_pvalue) or method != "auto":
        if math.isnan(exact_pvalue):  # iman_davenport asked for, F infinite: say so, use the exact value
            exact_pvalue = _exact_pvalue(_centred_ranks(ranks))
        used, pvalue = "exact", exact_pvalue
        if method == "iman_davenport":
            why = ("exact: Iman and Davenport's F is infinite when every data set ranks the algorithms "
                   "alike (W = 1) and has no p-value; this is the exact permutation p-value")
        elif method == "exact":
            why = "exact: the permutation distribution of chi2_F, enumerated, as requested"
        else:
            why = (f"exact: the permutation distribution of chi2_F, enumerated (feasible for k = {k}, "
                   f"N = {n}); both approximations can be far off with few data sets")
    else:
        used, pvalue = "chi2", chi2_pvalue
        why = (f"chi2: the chi-squared approximation; the exact distribution is too large to enumerate "
               f"for k = {k}, N = {n}, and chi-squared errs on the safe side (at the 1 % and 5 % levels, "
               "in every design the course could enumerate, it rejected only where the exact test does)")
    return FriedmanResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        method=used,
        df=df,
        mean_ranks=mean_ranks,
        exact_pvalue=float(exact_pvalue),
        chi2_pvalue=chi2_pvalue,
        iman_davenport=iman_davenport,
        iman_davenport_pvalue=float(id_pvalue),
        iman_davenport_df=df_id,
        n_datasets=n,
        k=k,
        tie_correction=tie_correction,
        kendalls_w=float(statistic / (n * (k - 1.0))),
        pvalue_method=why,
    )


@dataclasses.dataclass(frozen=True)
class FriedmanLevel(Printable):
    """Result of :func:`friedman_type1_error`: the actual level of Friedman's three p-values.

    Attributes
    ----------
    k, n_datasets : int
        The number of algorithms and of data sets.
    alpha : float
        The nominal level.
    how : str
        ``"enumerated"`` (the rejection probabilities computed exactly from
        the null distribution) or ``"simulated"``.
    n_reps : int
        Number of simulated benchmarks (0 when enumerated).
    chi2 : Interval
        Rejection rate of the chi-squared p-value with its 95 % Wilson
        interval (simulated), or the exact probability (enumerated: the
        interval is the point).
    iman_davenport : Interval
        Rejection rate of Iman and Davenport's F, likewise (W = 1, where F is
        infinite, counts as a rejection: what reading its p-value as 0 does).
    exact : Interval
        Rejection rate of the exact permutation p-value, likewise; NaN where
        the exact distribution cannot be enumerated.
    """

    k: int
    n_datasets: int
    alpha: float
    how: str
    n_reps: int
    chi2: Interval
    iman_davenport: Interval
    exact: Interval

    def __str__(self) -> str:
        size = "enumerated" if self.how == "enumerated" else f"{self.n_reps} simulated benchmarks"
        lines = [f"FriedmanLevel (k = {self.k}, N = {self.n_datasets}, nominal {self.alpha:g}, {size})"]
        for name in ("chi2", "iman_davenport", "exact"):
            rate = getattr(self, name)
            shown = f"{rate.estimate:.4f} (exact probability)" if self.how == "enumerated" else str(rate)
            lines.append(f"  {name:<14} : {shown}")
        return "\n".join(lines)


def _rejection_regions(values: np.ndarray, probs: np.ndarray, n: int, k: int, alpha: float):
    """For each value of T (no ties), whether each method rejects at level alpha."""
    chi2 = np.minimum(3.0 * values / (n * k * (k + 1.0)), n * (k - 1.0))
    chi2_reject = chi2 >= float(_stats.chi2.isf(alpha, k - 1)) * (1 - 1e-12)
    f_crit = float(_stats.f.isf(alpha, k - 1, (k - 1) * (n - 1)))
    f_reject = _iman_davenport(chi2, n, k) >= f_crit * (1 - 1e-12)
    tail = np.cumsum(probs[::-1])[::-1]  # P(T >= value)
    exact_reject = tail <= alpha * (1 + 1e-12)
    return chi2_reject, f_reject, exact_reject


def _point(p: float) -> Interval:
    return Interval(float(p), float(p), float(p), 1.0, "exact (enumerated)")


def friedman_type1_error(
    k, n_datasets, alpha: float = 0.05, n_reps: int = 20_000, seed=0, how: str = "auto"
) -> FriedmanLevel:
    """How often Friedman's chi-squared, Iman-Davenport and exact p-values reject a true H0.

    Under H0 of :func:`friedman` (no ties) every data set orders the k
    algorithms uniformly at random. The rejection probability of each
    p-value at level ``alpha`` is computed exactly from the enumerated null
    distribution where it is feasible, or estimated from ``n_reps``
    simulated benchmarks.

    Parameters
    ----------
    k : int
        Number of algorithms (>= 2).
    n_datasets : int
        Number of data sets N (>= 2).
    alpha : float, optional
        Nominal level in (0, 1).
    n_reps : int, optional
        Number of simulated benchmarks (>= 1), when simulated.
    seed : int, numpy.random.Generator or None, optional
        Seed of the simulation (a fixed int gives the same numbers every run).
    how : {"auto", "enumerate", "simulate"}, optional
        ``"auto"`` (default): enumerate where :func:`friedman` can compute the
        exact p-value (k = 2, or N up to :data:`EXACT_MAX_DATASETS`), else
        simulate. ``"enumerate"`` raises a ValueError where it cannot.

    Returns
    -------
    FriedmanLevel
        The three rejection rates, each an :class:`~lecture_lib.Interval`:
        the exact probability (enumerated), or the simulated rate with its
        95 % Wilson interval (Monte Carlo error only). When simulated, the
        exact p-value's rate is simulated too where its critical value can
        be enumerated, else NaN.

    Notes
    -----
    A valid test rejects a true H0 at most ``alpha`` of the time. The exact
    p-value does so by construction, at or below alpha (below where the
    discrete distribution has no value at alpha: with k = 2 and N = 3 the
    smallest p-value is 0.25, so it never rejects at 5 %). Iman and
    Davenport's F is infinite when W = 1, and that counts as a rejection
    here: it is what reading its p-value as 0 does. The simulation uses the
    same vectorised formulas as :func:`friedman`. Taught in chapter 6; the
    measured levels are quoted in the Notes of :func:`friedman` and in the
    guide of chapter 11.

    Examples
    --------
    >>> from lecture_lib import friedman_type1_error
    >>> level = friedman_type1_error(k=2, n_datasets=3)
    >>> level.how, level.iman_davenport.estimate, level.exact.estimate
    ('enumerated', 0.25, 0.0)

    Two algorithms on three data sets: all three agree on the winner with
    probability 2/8 = 0.25, and then F is infinite, so Iman and Davenport's
    p-value rejects a true H0 in a quarter of benchmarks at nominal 5 %;
    the exact test never rejects (its smallest p-value is 0.25).

    >>> level = friedman_type1_error(k=6, n_datasets=16, n_reps=20_000, seed=0)
    >>> level.how, level.chi2.estimate, level.iman_davenport.estimate
    ('simulated', 0.04915, 0.0542)

    With six algorithms on sixteen data sets (too many to enumerate) the
    chi-squared p-value rejects a true H0 in about 4.9 % of benchmarks at
    nominal 5 %, the Iman-Davenport p-value in about 5.4 %; both numbers are
    Monte Carlo estimates with an error of about 0.15 points.
    """
    k = _check_k(k)
    n = check_count(n_datasets, "n_datasets")
    if n < 2:
        raise ValueError(f"n_datasets must be at least 2, got {n}")
    alpha = check_alpha(alpha)
    n_reps = check_positive_int(n_reps, "n_reps")
    how = check_option(how, "how", ("auto", "enumerate", "simulate"))
    rng = as_generator(seed)
    feasible = k == 2 or _exact_feasible(n, k)
    if how == "enumerate" and not feasible:
        raise ValueError(
            f"how='enumerate' cannot enumerate k = {k} algorithms on N = {n} data sets (the limit for "
            f"k = {k} is N = {EXACT_MAX_DATASETS.get(k, 1)}); use how='simulate'"
        )
    null = None
    if feasible and how != "simulate":
        null = _friedman_null(_centred_ranks(np.tile(np.arange(1.0, k + 1.0), (n, 1))))
    if null is not None:
        values, probs = null
        regions = _rejection_regions(values, probs, n, k, alpha)
        chi2, f, exact = (_point(float(probs[r].sum())) for r in regions)
        return FriedmanLevel(k=k, n_datasets=n, alpha=alpha, how="enumerated", n_reps=0,
                             chi2=chi2, iman_davenport=f, exact=exact)
    chi2_crit = float(_stats.chi2.isf(alpha, k - 1))
    f_crit = float(_stats.f.isf(alpha, k - 1, (k - 1) * (n - 1)))
    exact_crit = math.inf
    if feasible:  # the smallest chi2_F whose exact p-value is at most alpha
        values, probs = _friedman_null(_centred_ranks(np.tile(np.arange(1.0, k + 1.0), (n, 1))))
        reject = _rejection_regions(values, probs, n, k, alpha)[2]
        if reject.any():
            exact_crit = 3.0 * float(values[reject].min()) / (n * k * (k + 1.0)) * (1 - 1e-12)
    chunk = max(1, 2_000_000 // (n * k))  # bounded memory: about 16 MB of uniforms per chunk
    hits_chi2 = hits_f = hits_exact = 0
    done = 0
    while done < n_reps:
        m = min(chunk, n_reps - done)
        # a uniformly random order of the k algorithms on each data set: ranks 0..k-1 (+1)
        ranks = np.argsort(rng.random((m, n, k)), axis=-1) + 1.0
        chi2 = _chi2_from_mean_ranks(ranks.mean(axis=1), n, k)
        hits_chi2 += int(np.count_nonzero(chi2 >= chi2_crit))
        hits_f += int(np.count_nonzero(_iman_davenport(chi2, n, k) >= f_crit))
        hits_exact += int(np.count_nonzero(chi2 >= exact_crit))
        done += m
    exact = (proportion_interval(hits_exact, n_reps) if feasible
             else Interval(math.nan, math.nan, math.nan, 0.95, "not enumerable"))
    return FriedmanLevel(k=k, n_datasets=n, alpha=alpha, how="simulated", n_reps=n_reps,
                         chi2=proportion_interval(hits_chi2, n_reps),
                         iman_davenport=proportion_interval(hits_f, n_reps), exact=exact)


# Gauss-Legendre nodes and weights on [-1, 1] for the range tail integral below.
_GL_NODES, _GL_WEIGHTS = np.polynomial.legendre.leggauss(20)
#: Panels of the tail integral and the margin (in standard deviations) around [0, q].
_RANGE_PANELS = 24
_RANGE_MARGIN = 12.0


def studentized_range_sf(q, k) -> np.ndarray:
    """Upper tail of the range of k independent standard normals.

    ``P(max_i Z_i - min_i Z_i >= q)``: the survival function of the
    studentized range with infinite degrees of freedom, which gives
    Nemenyi's p-values. Computed directly as a tail (never as 1 - cdf), so
    it keeps its relative accuracy far out, where ``1 - cdf`` and
    ``scipy.stats.studentized_range.sf`` return 0 or rounding noise.

    Parameters
    ----------
    q : float or array_like of float
        Values of the range, >= 0 (finite or +inf), of any shape.
    k : int
        Number of normals, >= 2.

    Returns
    -------
    sf : ndarray of float
        Same shape as ``q``; 1 at q = 0, 0 at q = inf (and where the tail
        underflows, beyond q of about 53).

    Notes
    -----
    Conditioning on the largest normal Z = z, the others lie in (z - q, z]
    with probability Phi(z) - Phi(z - q) each, so

    .. math::

        P(Q \\ge q) = k \\int \\varphi(z)\\, \\Phi(z)^{k-1}
        \\Bigl[1 - \\Bigl(1 - \\frac{\\Phi(z - q)}{\\Phi(z)}\\Bigr)^{k-1}\\Bigr] dz .

    The bracket is evaluated as ``-expm1((k - 1) log1p(-r))`` with the ratio
    r from ``scipy.special.log_ndtr``, so no cancellation occurs however
    small the tail. The integral runs over [-12, q + 12] with 24 panels of
    20-point Gauss-Legendre quadrature (the integrand outside is below
    1e-30 of the tail); the relative error is below 1e-10 for k <= 100
    (tested against the closed form erfc(q / 2) at k = 2 and against an
    independent double integral of the joint density of the minimum and
    maximum in ``tests/test_friedman_nemenyi.py``).

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``),
    where ranger and the featureless learner differ with p of about 1e-9.

    References
    ----------
    .. [1] Tukey, J. W. (1953). The problem of multiple comparisons.
       Unpublished manuscript, Princeton University.
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. Journal of Machine Learning Research 7, 1-30.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import special
    >>> from lecture_lib import studentized_range_sf
    >>> print(f"{float(studentized_range_sf(20.0, 2)):.12e}", f"{special.erfc(10.0):.12e}")
    2.088487583763e-45 2.088487583763e-45
    >>> print(f"{float(studentized_range_sf(12.0, 6)):.4e}")
    3.2280e-16

    With two normals the range is :math:`|Z_1 - Z_2|`, whose tail is erfc(q / 2):
    the function agrees with it at 1e-45, where 1 - cdf would give 0.
    """
    k = check_positive_int(k, "k")
    if k < 2:
        raise ValueError(f"k must be at least 2 (the range of k normals), got k={k!r}")
    q_arr = check_real_array(q, "q", finite=False, what="a number or an array of numbers")
    if np.isnan(q_arr).any() or (q_arr < 0).any():
        raise ValueError(f"q must be >= 0 and not NaN, got q={q!r}")
    flat = q_arr.ravel()
    out = np.zeros(flat.shape)
    finite = np.isfinite(flat)
    if finite.any():
        out[finite] = _range_tail(tuple(flat[finite].tolist()), k)
    return out.reshape(q_arr.shape)


@functools.lru_cache(maxsize=512)
def _range_tail(qs: tuple, k: int) -> np.ndarray:
    """Vectorised tail integral of :func:`studentized_range_sf` (cached per (q values, k))."""
    from scipy import special

    q = np.asarray(qs, dtype=float)[:, None, None]
    edges = np.linspace(0.0, 1.0, _RANGE_PANELS + 1)
    low = -_RANGE_MARGIN
    width = q[..., 0, 0][:, None] + 2.0 * _RANGE_MARGIN  # (n_q, 1)
    left = low + width * edges[:-1]  # (n_q, panels)
    half = width / (2.0 * _RANGE_PANELS)  # (n_q, 1)
    z = (left + half)[..., None] + half[..., None] * _GL_NODES  # (n_q, panels, nodes)
    log_cdf = special.log_ndtr(z)
    ratio = np.exp(special.log_ndtr(z - q) - log_cdf)
    with np.errstate(divide="ignore"):
        bracket = -np.expm1((k - 1) * np.log1p(-ratio))
    log_density = -0.5 * z * z - 0.5 * np.log(2.0 * np.pi) + (k - 1) * log_cdf
    integrand = k * np.exp(log_density) * bracket
    tail = (integrand * _GL_WEIGHTS).sum(axis=(1, 2)) * half[:, 0]
    tail = np.clip(tail, 0.0, 1.0)
    tail.setflags(write=False)
    return tail


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
        different at family-wise level alpha (under the complete null; see
        Notes).

    Notes
    -----
    .. math::

        CD = q_\\alpha \\sqrt{\\frac{k(k+1)}{6N}},

    with :math:`q_\\alpha` from :func:`critical_value`. The square root is the
    standard error of the difference of two average ranks under the
    complete null of :func:`friedman`, where all k algorithms are
    exchangeable (every order equally likely on each data set), without
    ties. CD shrinks like :math:`1/\\sqrt N`.

    The family-wise level alpha is guaranteed under that complete null, not
    under a partial one. When some algorithms differ, the variance of the
    gap between two equal algorithms depends on where the others rank: it
    is smaller when the others always rank above or below the pair (the CD
    is then conservative), larger when they fall between its members. With
    A and B exchangeable, one best and the other worst on each data set,
    and C always in the middle, every expected rank is 2, yet
    :math:`r_A - r_B = \\pm 2` has variance 4 instead of
    :math:`k(k+1)/6 = 2`, and :math:`|R_A - R_B| \\ge CD` happens in 8.07 %
    of benchmarks of 40 data sets (9.7 % as N grows) at alpha = 5 %
    (:func:`lecture_lib.simulate.posthoc_error_rates` with
    ``"always-middle"``). Pairwise Wilcoxon tests with Holm's adjustment
    (:func:`lecture_lib.pairwise_comparisons`) keep their level there.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    Examples
    --------
    >>> from lecture_lib import critical_difference
    >>> round(critical_difference(6, 16), 3)
    1.885

    Source 001's benchmark: six learners on 16 tasks need average ranks
    1.885 apart before the Nemenyi test calls them different.
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
        :math:`\\max |R_i - R_j| / \\sqrt{k(k+1)/(6N)}`.
    pvalue : float
        The p-value of the studentized-range test of "no pair differs" (an
        omnibus test of its own, equal to the smallest pairwise p-value, that
        of the largest gap). It is **not** Friedman's p-value: the two
        omnibus tests use different statistics and can disagree.
        ``pvalue_method`` says so in the printout.
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
    pvalue_method : str
        What ``pvalue`` is, in words.
    """

    statistic: float
    pvalue: float
    mean_ranks: np.ndarray
    cd: float
    pvalues: np.ndarray
    significant: np.ndarray
    alpha: float
    n_datasets: int
    pvalue_method: str = (
        "studentized range: the p-value of the largest gap in average ranks ('no pair differs'); "
        "not Friedman's p-value"
    )


def nemenyi(scores, alpha: float = 0.05, higher_is_better: bool = True) -> NemenyiResult:
    """Nemenyi's test: every pair of algorithms, compared by their average ranks.

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
        (k x k), ``significant`` (k x k), ``alpha``, ``n_datasets``,
        ``pvalue_method``.

    Notes
    -----
    H0 for the pair (i, j): algorithms i and j have the same expected
    average rank. With :math:`SE = \\sqrt{k(k+1)/(6N)}`, the standard error of
    :math:`R_i - R_j` when all k algorithms are exchangeable, the pair's
    p-value is

    .. math::

        p_{ij} = P\\Bigl(Q_{k,\\infty} \\ge \\sqrt 2\\, \\frac{|R_i - R_j|}{SE}\\Bigr),

    where :math:`Q_{k,\\infty}` is the studentized range of k standard
    normals (Tukey's method applied to ranks); ``pvalues <= alpha`` exactly
    when :math:`|R_i - R_j| \\ge CD`.

    *What it controls.* Under the complete null, where all k algorithms are
    exchangeable (Friedman's H0), the probability of declaring any pair
    different is at most alpha (for large N), so the p-values need no
    further adjustment. Under a partial null it is not guaranteed: when
    some algorithms differ, the variance of :math:`R_i - R_j` for two equal
    algorithms depends on where the others rank, and so does the level for
    that pair. With A and B exchangeable, one best and the other worst on
    each data set, and C always in the middle, all three have the same
    mean score and expected rank 2, yet :math:`r_A - r_B = \\pm 2` has
    variance 4 instead of :math:`k(k+1)/6 = 2`; the test rejects "A = B"
    with probability 8.07 % at N = 40 and alpha = 5 % (a binomial tail;
    9.7 % as N grows), where pairwise Wilcoxon tests with Holm's adjustment
    stay under 5 % (:func:`lecture_lib.simulate.posthoc_error_rates`,
    ``"always-middle"``). With the others far above or below the pair, the
    test is conservative instead. Holm-adjusted pairwise tests with valid
    p-values control the family-wise error in the strong sense, whichever
    hypotheses are true.

    *Ties.* Like Demšar (2006) and scikit-posthocs'
    ``posthoc_nemenyi_friedman``, SE is the no-ties value, while
    :func:`friedman` corrects chi2_F for ties by default. Ties make the
    ranks less variable than SE assumes, so with many ties the pairwise
    p-values are somewhat too large (conservative); the course keeps the
    published formula so that its CDs match Demšar's table.

    *Omnibus first?* Under the complete null the test controls the
    family-wise error rate on its own, whether or not Friedman's test
    rejected; gating it on a Friedman rejection (Demšar's procedure) makes
    it more conservative there, and the two can disagree. Gating does not
    repair the partial-null case above, where Friedman's H0 is false and
    Friedman rejects as often as Nemenyi does. Report both when you run
    both.

    *What it depends on.* Average ranks are computed within the pool of k
    algorithms, so the p-value of a pair changes when another algorithm is
    added or removed (Benavoli, Corani and Mangili 2016): chapter 6 shows it
    on source 001's benchmark. For all pairwise comparisons García and
    Herrera (2008) recommend Shaffer's static procedure or Bergmann and
    Hommel's on the same mean-rank z-tests over Nemenyi's
    (:func:`lecture_lib.pairwise_comparisons` with ``test="nemenyi"``); they
    share its dependence on the pool. The course recommends pairwise
    Wilcoxon tests with Holm's adjustment.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Nemenyi, P. B. (1963). Distribution-free multiple comparisons.
       PhD thesis, Princeton University.
    .. [2] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. Journal of Machine Learning Research 7, 1-30.
    .. [3] García, S., Herrera, F. (2008). An extension on "Statistical
       comparisons of classifiers over multiple data sets" for all pairwise
       comparisons. Journal of Machine Learning Research 9, 2677-2694.
    .. [4] Benavoli, A., Corani, G., Mangili, F. (2016). Should we really use
       post-hoc tests based on mean-ranks? Journal of Machine Learning
       Research 17(5), 1-10.

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

    Over 20 data sets the third algorithm (best everywhere, rank 1) ranks
    1.65 better than the first, more than the CD of 0.741: evidence of a
    difference at the 5 % family-wise level (the level of the complete
    null). The first two are 0.30 apart:
    no evidence of a difference, which does not make them equal.
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
    unique_p = studentized_range_sf(np.sqrt(2.0) * gaps / n / se, k)
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


@dataclasses.dataclass(frozen=True)
class BonferroniDunnResult(TestResult):
    """Result of :func:`bonferroni_dunn`.

    Attributes
    ----------
    statistic : float
        The largest :math:`|z|` over the k - 1 comparisons.
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
    procedure : str
        The procedure that produced ``pvalues`` and ``significant``, in
        words: the Bonferroni-Dunn test, or Holm's step-down procedure on
        the same z-tests (not Bonferroni-Dunn, although the function and the
        result keep that name).
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
    procedure: str


#: :attr:`BonferroniDunnResult.procedure` for each ``adjust`` option.
_CONTROL_PROCEDURES = {
    "bonferroni": "Bonferroni-Dunn: z-tests against the control, each p-value times k - 1",
    "holm": "Holm's step-down procedure on the z-tests against the control (not Bonferroni-Dunn)",
}


def bonferroni_dunn(
    scores, control, alpha: float = 0.05, higher_is_better: bool = True, adjust: str = "bonferroni"
) -> BonferroniDunnResult:
    """Compare one control algorithm with each of the others, by average ranks.

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
        times k - 1, equivalent to comparing :math:`|R_i - R_\\mathrm{control}|` with the
        Bonferroni-Dunn CD. ``"holm"``: Holm's step-down procedure on the
        same p-values (Demšar 2006, section 3.2.2), never less powerful.

    Returns
    -------
    result : BonferroniDunnResult
        The same type for both ``adjust`` options; its ``procedure`` says
        which one ran.

    Notes
    -----
    H0 for algorithm i: it has the same expected average rank as the
    control. The statistic

    .. math::

        z_i = \\frac{R_i - R_{\\text{control}}}{\\sqrt{k(k+1)/(6N)}}

    is approximately standard normal when all k algorithms are exchangeable
    (the complete null of :func:`friedman`); its two-sided p-value is
    :math:`2\\,P(Z \\ge |z_i|)`. Only k - 1 hypotheses are tested instead of
    Nemenyi's k(k-1)/2, so the correction is milder and the test more
    powerful, as long as the control was chosen before seeing the results.
    Adjusted p-values come from :func:`lecture_lib.adjust_pvalues`.

    Like :func:`nemenyi`, the standard error ignores ties (conservative
    with many ties), and the average ranks, hence the p-values, depend on
    which other algorithms are in the pool (Benavoli, Corani and Mangili
    2016). The procedure controls the family-wise error rate when all
    algorithms are exchangeable (the complete null), whether or not
    Friedman's test rejected; with some algorithms different, its level for
    an algorithm equal to the control depends on the rest of the pool. With
    the control A and an algorithm B exchangeable (one best and the other
    worst on each data set) and C always in the middle, every expected rank
    is 2, yet "B = A" is rejected in 8.07 % of benchmarks of 40 data sets at
    alpha = 5 % (11.3 % as N grows; the ``"always-middle"`` configuration of
    :func:`lecture_lib.simulate.posthoc_error_rates`). Pairwise tests of the
    control's own scores (:func:`lecture_lib.control_comparisons` with the
    Wilcoxon test and Holm's adjustment) control it in the strong sense.

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
    >>> bonferroni_dunn(errors, control=0, higher_is_better=False, adjust="holm").procedure
    "Holm's step-down procedure on the z-tests against the control (not Bonferroni-Dunn)"

    The control (column 0) has the lowest error everywhere; the others'
    average ranks are 1.33 and 1.67 worse. After the Bonferroni adjustment
    for two comparisons (which bounds the family-wise error, so the adjusted
    p-values are not probabilities of an outcome) both differences are
    significant at the 5 % level.
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
        procedure=_CONTROL_PROCEDURES[adjust],
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
    "Not significantly different" (:math:`|R_i - R_j| < CD`) is not transitive, so
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
    ranks = check_real_array(mean_ranks, "mean_ranks", finite=False, what="a 1-D array of average ranks")
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
