"""Many algorithms over many data sets: Friedman, Iman-Davenport, Nemenyi,
Bonferroni-Dunn and critical differences.

Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``). The
mid-ranks come from :mod:`lecture_lib.ranks`.
"""

from __future__ import annotations

import dataclasses
import functools
import numbers

import numpy as np
from scipy import stats as _stats  # distributions only

from ._results import Interval, TestResult
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
from .ranks import _row_ranks_and_ties

__all__ = [
    "CD_TESTS",
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
    return _row_ranks_and_ties(arr, higher_is_better)[0]


@dataclasses.dataclass(frozen=True)
class FriedmanResult(TestResult):
    """Result of :func:`friedman`.

    Attributes
    ----------
    statistic : float
        Friedman's chi2_F (tie-corrected unless ``tie_correction=False``).
    pvalue : float
        The p-value of ``statistic``: the upper tail of chi-squared with
        ``df`` degrees of freedom (Friedman's approximation, as
        ``scipy.stats.friedmanchisquare`` gives it). It is conservative for
        small N (see :func:`friedman`); the course reads
        ``iman_davenport_pvalue``. ``pvalue_method`` says so in the printout.
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
    kendalls_w : float
        The effect: Kendall's coefficient of concordance
        W = chi2_F / (N (k - 1)), in [0, 1]; 0 when the average ranks are
        all equal, 1 when every data set ranks the algorithms in the same
        order (tie-corrected when chi2_F is).
    pvalue_method : str
        What ``pvalue`` is, in words (the chi-squared approximation, not
        Iman and Davenport's F).
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
    kendalls_w: float
    pvalue_method: str = (
        "chi2: chi2_F against chi-squared (k - 1 df), conservative for small N; "
        "iman_davenport_pvalue is the F version the course reads"
    )


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
        ``statistic`` (chi2_F), ``pvalue`` (its chi-squared p-value),
        ``df``, ``mean_ranks``, ``iman_davenport``, ``iman_davenport_pvalue``
        (the p-value the course reads), ``iman_davenport_df``,
        ``n_datasets``, ``k``, ``tie_correction``, the effect
        ``kendalls_w``, and ``pvalue_method``.

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

    **Which p-value to read.** ``pvalue`` belongs to ``statistic`` (chi2_F
    against chi-squared, as in scipy and R); ``iman_davenport_pvalue`` is
    the one the course reads. Measured with :func:`friedman_type1_error`
    (no ties, seed 0, 100 000 simulated benchmarks per cell, 40 000 where
    N k > 200; nominal level 5 %): for k = 4..10 the chi-squared p-value
    rejects a true H0 in 1.7-3.8 % of benchmarks with N = 3..6, 4.0-4.6 %
    with N = 8..12 and 4.4-4.9 % with N = 15..30 (conservative, as Iman
    and Davenport found), while Iman-Davenport's F rejects in 5.3-7.5 %,
    5.1-5.9 % and 4.9-5.2 % (slightly liberal for small N). For k = 3 the
    two made the same decisions from N = 4 on, and the level swings between
    3.9 % and 7.0 % for N = 4..12 because chi2_F takes few values (at N = 3,
    F rejects in 19.5 % of benchmarks). With few data sets neither
    approximation is exact: near 0.05, compute the exact permutation
    p-value (the example below does).

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
    .. [4] Kendall, M. G., Babington Smith, B. (1939). The problem of m
       rankings. Annals of Mathematical Statistics 10(3), 275-287.

    Examples
    --------
    >>> from lecture_lib import friedman
    >>> errors = [[0.10, 0.12, 0.20], [0.05, 0.07, 0.06], [0.30, 0.31, 0.35], [0.22, 0.25, 0.24]]
    >>> result = friedman(errors, higher_is_better=False)
    >>> result.mean_ranks
    array([1. , 2.5, 2.5])
    >>> round(result.statistic, 3), round(result.pvalue, 4), round(result.iman_davenport_pvalue, 4)
    (6.0, 0.0498, 0.0156)

    The first algorithm has the lowest error on all four data sets. With
    N = 4 both approximations are poor: if the three algorithms were equally
    good, each of the 6^4 = 1296 rankings of the four data sets would be
    equally likely, and 90 of them give average ranks at least this uneven
    (chi2_F >= 6), so the exact p-value is 90/1296 = 0.069 (not significant
    at the 5 % level), against 0.0498 from chi-squared and 0.016 from F.

    >>> round(result.kendalls_w, 3)
    0.75

    The effect: W = 6 / (4 x 2) = 0.75, a strong agreement of the four data
    sets on the ordering (W = 1 would be the same ranking everywhere).
    """
    arr = _check_scores(scores)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    tie_correction = check_flag(tie_correction, "tie_correction")
    n, k = arr.shape
    ranks, ties = _row_ranks_and_ties(arr, higher_is_better)
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
    pvalue = float(_stats.chi2.sf(statistic, df))
    df_id = (k - 1, (k - 1) * (n - 1))
    iman_davenport = float(_iman_davenport(statistic, n, k))
    id_pvalue = 0.0 if np.isinf(iman_davenport) else float(_stats.f.sf(iman_davenport, *df_id))
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
        kendalls_w=float(statistic / (n * (k - 1.0))),
    )


@dataclasses.dataclass(frozen=True)
class FriedmanLevel:
    """Result of :func:`friedman_type1_error`: the actual level of Friedman's two p-values.

    Attributes
    ----------
    k, n_datasets : int
        The number of algorithms and of data sets simulated.
    alpha : float
        The nominal level.
    n_reps : int
        Number of simulated benchmarks.
    chi2 : Interval
        Rejection rate of the chi-squared p-value (``FriedmanResult.pvalue``)
        with its 95 % Wilson interval.
    iman_davenport : Interval
        Rejection rate of ``FriedmanResult.iman_davenport_pvalue``, likewise.
    """

    k: int
    n_datasets: int
    alpha: float
    n_reps: int
    chi2: Interval
    iman_davenport: Interval

    def __str__(self) -> str:
        return (
            f"FriedmanLevel (k = {self.k}, N = {self.n_datasets}, nominal {self.alpha:g}, "
            f"{self.n_reps} benchmarks)\n"
            f"  chi2           : {self.chi2}\n  iman_davenport : {self.iman_davenport}"
        )


def friedman_type1_error(
    k, n_datasets, alpha: float = 0.05, n_reps: int = 20_000, seed=0
) -> FriedmanLevel:
    """How often Friedman's chi-squared and Iman-Davenport p-values reject a true H0.

    Simulates ``n_reps`` benchmarks in which every data set orders the k
    algorithms uniformly at random (H0 of :func:`friedman`, no ties) and
    counts how often each p-value is at most ``alpha``.

    Parameters
    ----------
    k : int
        Number of algorithms (>= 2).
    n_datasets : int
        Number of data sets N (>= 2).
    alpha : float, optional
        Nominal level in (0, 1).
    n_reps : int, optional
        Number of simulated benchmarks (>= 1).
    seed : int, numpy.random.Generator or None, optional
        Seed of the simulation (a fixed int gives the same numbers every run).

    Returns
    -------
    FriedmanLevel
        The two rejection rates, each an :class:`~lecture_lib.Interval` with
        its 95 % Wilson interval (Monte Carlo error only).

    Notes
    -----
    The statistics come from the same vectorised formulas as
    :func:`friedman` (chi2_F from the average ranks, F_F from chi2_F); the
    decisions compare them with the chi-squared and F quantiles, which is
    the same as comparing the p-values with alpha. A valid test rejects a
    true H0 at most ``alpha`` of the time; the measured levels are quoted
    in the Notes of :func:`friedman` and used by the guide of chapter 10.
    Taught in chapter 6.

    Examples
    --------
    >>> from lecture_lib import friedman_type1_error
    >>> level = friedman_type1_error(k=6, n_datasets=5, n_reps=20_000, seed=0)
    >>> level.chi2.estimate, level.iman_davenport.estimate
    (0.0327, 0.0575)

    With six algorithms on five data sets the chi-squared p-value rejects a
    true H0 in about 3.3 % of benchmarks at nominal 5 % (conservative), the
    Iman-Davenport p-value in about 5.8 % (slightly liberal); both numbers
    are Monte Carlo estimates with an error of about 0.15 points.
    """
    k = _check_k(k)
    n = check_count(n_datasets, "n_datasets")
    if n < 2:
        raise ValueError(f"n_datasets must be at least 2, got {n}")
    alpha = check_alpha(alpha)
    n_reps = check_positive_int(n_reps, "n_reps")
    rng = as_generator(seed)
    chi2_crit = float(_stats.chi2.isf(alpha, k - 1))
    f_crit = float(_stats.f.isf(alpha, k - 1, (k - 1) * (n - 1)))
    chunk = max(1, 2_000_000 // (n * k))  # bounded memory: about 16 MB of uniforms per chunk
    hits_chi2 = hits_f = 0
    done = 0
    while done < n_reps:
        m = min(chunk, n_reps - done)
        # a uniformly random order of the k algorithms on each data set: ranks 0..k-1 (+1)
        ranks = np.argsort(rng.random((m, n, k)), axis=-1) + 1.0
        chi2 = _chi2_from_mean_ranks(ranks.mean(axis=1), n, k)
        hits_chi2 += int(np.count_nonzero(chi2 >= chi2_crit))
        hits_f += int(np.count_nonzero(_iman_davenport(chi2, n, k) >= f_crit))
        done += m

    return FriedmanLevel(k=k, n_datasets=n, alpha=alpha, n_reps=n_reps,
                         chi2=proportion_interval(hits_chi2, n_reps),
                         iman_davenport=proportion_interval(hits_f, n_reps))


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

    With two normals the range is |Z1 - Z2|, whose tail is erfc(q / 2):
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
    average rank. With :math:`SE = \\sqrt{k(k+1)/(6N)}`, the pair's p-value is

    .. math::

        p_{ij} = P\\Bigl(Q_{k,\\infty} \\ge \\sqrt 2\\, \\frac{|R_i - R_j|}{SE}\\Bigr),

    where :math:`Q_{k,\\infty}` is the studentized range of k standard
    normals. It controls the family-wise error over all k(k-1)/2 pairs
    (Tukey's method applied to ranks), so the p-values need no further
    adjustment; ``pvalues <= alpha`` exactly when
    :math:`|R_i - R_j| \\ge CD`.

    *Ties.* Like Demšar (2006) and scikit-posthocs'
    ``posthoc_nemenyi_friedman``, SE is the no-ties value, while
    :func:`friedman` corrects chi2_F for ties by default. Ties make the
    ranks less variable than SE assumes, so with many ties the pairwise
    p-values are somewhat too large (conservative); the course keeps the
    published formula so that its CDs match Demšar's table.

    *Omnibus first?* The test controls the family-wise error rate on its
    own, so it is valid whether or not Friedman's test rejected; gating it
    on a Friedman rejection (Demšar's procedure) only makes it more
    conservative, and the two can disagree. Report both when you run both.

    *What it depends on.* Average ranks are computed within the pool of k
    algorithms, so the p-value of a pair changes when another algorithm is
    added or removed (Benavoli, Corani and Mangili 2016): chapter 6 shows it
    on seed 001's benchmark. For all pairwise comparisons García and Herrera
    (2008) recommend Shaffer's static procedure or Bergmann and Hommel's
    over Nemenyi's.

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
    1.65 better than the first, more than the CD of 0.741: evidence at the
    5 % family-wise level of a difference. The first two are 0.30 apart:
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
        times k - 1, equivalent to comparing |R_i - R_control| with the
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

    is approximately standard normal under H0; its two-sided p-value is
    :math:`2\\,P(Z \\ge |z_i|)`. Only k - 1 hypotheses are tested instead of
    Nemenyi's k(k-1)/2, so the correction is milder and the test more
    powerful, as long as the control was chosen before seeing the results.
    Adjusted p-values come from :func:`lecture_lib.adjust_pvalues`.

    Like :func:`nemenyi`, the standard error ignores ties (conservative
    with many ties), the procedure controls the family-wise error rate
    whether or not Friedman's test rejected, and the average ranks, hence
    the p-values, depend on which other algorithms are in the pool
    (Benavoli, Corani and Mangili 2016).

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
