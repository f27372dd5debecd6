"""Type I error and power of the tests, exactly where possible, else by simulation.

Chapter 2 uses the McNemar part: how often each variant rejects a true H0
when there are only a few disagreements, and with what power it detects a
real difference (the evidence behind the mid-p default).

Chapter 6 uses the post-hoc part (:func:`posthoc_error_rates`): how often
all-pairs procedures reject at least one true pairwise hypothesis, on score
tables whose truth is known (:data:`POSTHOC_CONFIGURATIONS`). It shows that
Holm's adjustment keeps its promise with any valid pairwise test, that
Shaffer's and Bergmann-Hommel's procedures keep it only with pairwise nulls
about one parameter per algorithm, and that the mean-rank tests of Nemenyi
and Bonferroni-Dunn keep it when all algorithms are exchangeable, not
whenever the compared pair is equal.
"""

from __future__ import annotations

import dataclasses
import math
import textwrap
import types

import numpy as np
from scipy import special, stats

from ._mcnemar_options import check_mcnemar_method
from ._paired_cores import fold_t
from ._pairwise_adjust import adjust_family, adjust_pairs
from ._ranking import significant_decimals
from ._results import Interval, Printable, format_value
from ._signed_rank import untied_signed_rank_cdf
from ._tails import binomial_half_two_sided
from ._validation import (
    as_generator,
    check_alpha,
    check_count,
    check_counts,
    check_option,
    check_positive_int,
    check_probability,
)
from .friedman_nemenyi import studentized_range_sf
from .intervals import proportion_interval
from .mcnemar import mcnemar_pvalues
from .posthoc import (
    CONTROL_ADJUSTMENTS,
    PAIRWISE_ADJUSTMENTS,
    POSTHOC_TESTS,
)
from .ranks import rankdata
from .wilcoxon_sign import (
    WILCOXON_AUTO_EXACT_MAX,
    wilcoxon_signed_rank,
)

__all__ = [
    "mcnemar_rejection_probability",
    "RejectionRates",
    "simulate_mcnemar",
    "POSTHOC_CONFIGURATIONS",
    "POSTHOC_MAX_DATASETS",
    "posthoc_scores",
    "PosthocErrorRates",
    "posthoc_error_rates",
]

def mcnemar_rejection_probability(n_discordant, alpha: float = 0.05, method: str = "midp", p_b: float = 0.5):
    """Exact probability that McNemar's test rejects, given b + c.

    Parameters
    ----------
    n_discordant : int or array_like of int
        Number of disagreements b + c (the test conditions on it).
    alpha : float, optional
        Significance level in (0, 1).
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        The variant of :func:`lecture_lib.mcnemar` (default ``"midp"``, the
        library's default).
    p_b : float, optional
        Probability that a disagreement goes model 1's way. 0.5 is H0, so
        the result is the Type I error; any other value gives the power.

    Returns
    -------
    probability : float or ndarray
        :math:`\\sum_k P(b = k) \\, 1[p(k, n - k) \\le \\alpha]` with
        :math:`b \\sim \\mathrm{Bin}(n, p_b)`; same shape as ``n_discordant``.

    Notes
    -----
    No simulation: every possible b is weighted by its binomial probability.
    A test is valid when this stays at or below alpha under H0. Taught in
    chapter 2.

    Examples
    --------
    >>> from lecture_lib.simulate import mcnemar_rejection_probability
    >>> float(mcnemar_rejection_probability(4, method="chi2"))
    0.125
    >>> float(mcnemar_rejection_probability(4, method="exact"))
    0.0

    With four disagreements the uncorrected chi-squared test rejects a true
    H0 in 12.5 % of test sets (b = 0 or b = 4), 2.5 times the nominal 5 %;
    the exact test never rejects, since its smallest p-value is 0.125.

    >>> round(mcnemar_rejection_probability(16, method="exact", p_b=0.75), 3)
    0.405
    >>> round(mcnemar_rejection_probability(16, p_b=0.75), 3)
    0.63

    With 16 disagreements of which model 1 truly wins three in four, the
    exact test detects the difference with probability 0.405, the mid-p
    test with probability 0.630 (chapter 2's power comparison).
    """
    alpha = check_alpha(alpha)
    check_mcnemar_method(method)
    p_b = check_probability(p_b, "p_b", open_interval=False)
    n_arr = check_counts(n_discordant, "n_discordant")
    flat = n_arr.reshape(-1)
    out = np.empty(flat.shape, dtype=float)
    for i, n in enumerate(flat):  # one vectorised pass over all b for each n
        k = np.arange(n + 1)
        _, p = mcnemar_pvalues(k, n - k, method)
        out[i] = float(np.sum(stats.binom.pmf(k, n, p_b)[p <= alpha]))
    return out.reshape(n_arr.shape) if n_arr.ndim else float(out[0])


@dataclasses.dataclass(frozen=True)
class RejectionRates(Printable):
    """Monte Carlo rejection rates of several test variants.

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    Attributes
    ----------
    methods : tuple of str
        The variants simulated.
    rates : ndarray
        Fraction of replications in which each variant rejected H0.
    ci_low, ci_high : ndarray
        95 % Wilson intervals of the rates (Monte Carlo error).
    n_reps : int
        Number of replications.
    alpha : float
        Significance level used.
    """

    methods: tuple
    rates: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    n_reps: int
    alpha: float

    def __str__(self) -> str:
        lines = [f"Rejection rates at alpha = {format_value(self.alpha)} ({self.n_reps} replications)"]
        lines.append(f"  {'method':<10} {'rate':>7}   95% Monte Carlo interval")
        for m, r, lo, hi in zip(self.methods, self.rates, self.ci_low, self.ci_high):
            lines.append(f"  {m:<10} {r:7.4f}   [{lo:.4f}, {hi:.4f}]")
        return "\n".join(lines)


def simulate_mcnemar(
    n_test: int,
    p_discordant: float,
    alpha: float = 0.05,
    n_reps: int = 10_000,
    p_b: float = 0.5,
    methods=("chi2", "corrected", "exact", "midp"),
    seed=None,
) -> RejectionRates:
    """Simulate McNemar's test on many test sets of two fixed classifiers.

    Parameters
    ----------
    n_test : int
        Size of each test set (>= 1).
    p_discordant : float
        Probability that the two models disagree in correctness on an
        example (so b + c ~ Binomial(n_test, p_discordant)).
    alpha : float, optional
        Significance level in (0, 1).
    n_reps : int, optional
        Number of simulated test sets.
    p_b : float, optional
        Probability that a disagreement favours model 1. ``0.5`` makes both
        models equally accurate (H0 true: the rates are Type I errors); any
        other value gives power.
    methods : sequence of str, optional
        Variants from {"midp", "exact", "chi2", "corrected", "textbook"}.
    seed : int, numpy.random.Generator or None, optional
        Random seed.

    Returns
    -------
    RejectionRates
        Rates with 95 % Wilson intervals.

    Notes
    -----
    The null construction: on every example the two models disagree with
    probability ``p_discordant``, and each disagreement favours model 1 or
    model 2 with probability 1/2, so their accuracies are equal by
    construction. Only b and c are drawn (a and d do not enter the test),
    which makes 10 000 replications take milliseconds. Taught in chapter 2.

    Examples
    --------
    >>> from lecture_lib.simulate import simulate_mcnemar
    >>> res = simulate_mcnemar(200, 0.05, n_reps=20_000, seed=1)
    >>> res.methods
    ('chi2', 'corrected', 'exact', 'midp')
    >>> bool(res.rates[2] <= 0.05)
    True

    With about ten disagreements per test set the exact test keeps its
    promise of at most 5 % false rejections.
    """
    n_test = check_positive_int(n_test, "n_test")
    p_discordant = check_probability(p_discordant, "p_discordant", open_interval=False)
    alpha = check_alpha(alpha)
    n_reps = check_positive_int(n_reps, "n_reps")
    p_b = check_probability(p_b, "p_b", open_interval=False)
    if isinstance(methods, str):
        methods = (methods,)
    if not hasattr(methods, "__iter__"):
        raise TypeError(f"methods must be a method name or a sequence of them, got {methods!r}")
    methods = tuple(check_mcnemar_method(m, "methods") for m in methods)
    if not methods:
        raise ValueError("methods must name at least one variant, got ()")
    rng = as_generator(seed)
    n_disc = rng.binomial(n_test, p_discordant, size=n_reps)
    b = rng.binomial(n_disc, p_b)
    c = n_disc - b
    rejections = []
    for method in methods:
        p = mcnemar_pvalues(b, c, method)[1]
        rejections.append(np.count_nonzero(p <= alpha))
    rejections = np.array(rejections)
    interval = proportion_interval(rejections, n_reps)
    low, high = interval.low, interval.high
    return RejectionRates(
        methods=methods, rates=rejections / n_reps, ci_low=low, ci_high=high, n_reps=n_reps, alpha=alpha
    )


# --------------------------------------------------------------------------- chapter 6: post-hoc procedures

#: The score configurations of :func:`posthoc_error_rates` and :func:`posthoc_scores`.
#: Taught in chapter 6.
#: Taught in chapter 6.
#: Taught in chapter 6.
POSTHOC_CONFIGURATIONS = (
    "exchangeable", "two-pairs", "non-transitive", "non-transitive-uniform", "always-middle"
)

# the review's discrete construction: U uniform on these values, V = h(U) with h the permutation below
_VALUES = np.array([-3.0, -2.0, -1.0, 1.0, 2.0, 3.0])
_PERMUTATION = np.array([0, 5, 4, 3, 2, 1])  # -3 -> -3, -2 -> 3, -1 -> 2, 1 -> 1, 2 -> -1, 3 -> -2

_CONFIGURATIONS = {
    # name: (k, description)
    "exchangeable": (
        4, "4 exchangeable algorithms: a N(0, 1) data-set effect plus independent N(0, 1) noise in every "
           "cell (the complete null of every test)"),
    "two-pairs": (
        4, "4 algorithms in two equal pairs: as 'exchangeable', with C and D 1 higher than A and B"),
    "non-transitive": (
        3, "U uniform on {-3, -2, -1, 1, 2, 3} and V = h(U), h = (-3, 3, 2, 1, -1, -2) in that order (so V "
           "has U's distribution); A = U, B = 0, C = -V, plus N(0, 0.3^2) noise: A - B and B - C are "
           "symmetric about 0, A - C = U + V (mean 0) is not"),
    "non-transitive-uniform": (
        3, "U uniform on (-3, 3) and V = U where U < -2, V = 1 - U elsewhere (so V is uniform on (-3, 3) "
           "too); A = U, B = 0, C = -V, plus N(0, 0.3^2) noise: A - B and B - C are symmetric about 0, "
           "A - C = U + V (mean 0) is not"),
    "always-middle": (
        3, "on each data set A or B (probability 1/2 each) scores 1 and the other 0, C scores 0.5, plus "
           "N(0, 0.01^2) noise: equal mean scores and expected ranks, A and B exchangeable, C never best "
           "or worst"),
}

_ALL_TESTS = ("wilcoxon", "sign", "ttest", "nemenyi")
# configuration -> test -> the pairs (i < j) whose null hypothesis is true for that test
_TRUE_PAIRS = {
    "exchangeable": dict.fromkeys(_ALL_TESTS, "all"),
    "two-pairs": dict.fromkeys(_ALL_TESTS, ((0, 1), (2, 3))),
    # the symmetric-difference and win-probability nulls do not chain; the mean differences are all 0;
    # the expected ranks differ (C beats A more often than not)
    "non-transitive": {"wilcoxon": ((0, 1), (1, 2)), "sign": ((0, 1), (1, 2)), "ttest": "all", "nemenyi": ()},
    "non-transitive-uniform": {"wilcoxon": ((0, 1), (1, 2)), "sign": ((0, 1), (1, 2)), "ttest": "all",
                              "nemenyi": ()},
    "always-middle": dict.fromkeys(_ALL_TESTS, "all"),
}

#: The largest number of data sets per simulated benchmark of :func:`posthoc_error_rates`.
#: Taught in chapter 6.
#: Taught in chapter 6.
#: Taught in chapter 6.
POSTHOC_MAX_DATASETS = 100_000

# replications drawn and tested at once: bounded memory, and the same tables whatever n_reps is
_CELLS_PER_CHUNK = 1_000_000


def _chunk_size(n: int, k: int) -> int:
    return max(1, _CELLS_PER_CHUNK // (n * k))


def _draw(configuration: str, rng: np.random.Generator, reps: int, n: int) -> np.ndarray:
    """One chunk of score tables, shape (reps, n, k); higher is better."""
    if configuration in ("exchangeable", "two-pairs"):
        scores = rng.standard_normal((reps, n, 1)) + rng.standard_normal((reps, n, 4))
        return scores + np.array([0.0, 0.0, 1.0, 1.0]) if configuration == "two-pairs" else scores
    if configuration == "always-middle":
        first = (rng.random((reps, n)) < 0.5).astype(float)
        middle = np.full((reps, n), 0.5)
        return np.stack([first, 1.0 - first, middle], axis=-1) + rng.normal(0.0, 0.01, (reps, n, 3))
    if configuration == "non-transitive":
        which = rng.integers(0, 6, (reps, n))
        u, v = _VALUES[which], _VALUES[_PERMUTATION[which]]
    else:  # non-transitive-uniform: v keeps the bottom sixth of (-3, 3) and reflects the rest onto itself
        u = rng.uniform(-3.0, 3.0, (reps, n))
        v = np.where(u < -2.0, u, 1.0 - u)
    return np.stack([u, np.zeros_like(u), -v], axis=-1) + rng.normal(0.0, 0.3, (reps, n, 3))


def _score_chunks(configuration: str, n: int, n_reps: int, rng: np.random.Generator):
    k = _CONFIGURATIONS[configuration][0]
    size = _chunk_size(n, k)
    for start in range(0, n_reps, size):
        yield _draw(configuration, rng, min(size, n_reps - start), n)


def _check_lab_common(configuration, n_datasets, n_reps):
    configuration = check_option(configuration, "configuration", POSTHOC_CONFIGURATIONS)
    n = check_count(n_datasets, "n_datasets", minimum=2)
    if n > POSTHOC_MAX_DATASETS:  # one table is n x k numbers; beyond this the lab runs out of memory or time
        raise ValueError(f"n_datasets must be at most {POSTHOC_MAX_DATASETS} for the lab, got {n}")
    return configuration, n, check_positive_int(n_reps, "n_reps")


def posthoc_scores(configuration, n_datasets, n_reps=1, seed=0) -> np.ndarray:
    """Simulated score tables of one configuration of :data:`POSTHOC_CONFIGURATIONS`.

    Parameters
    ----------
    configuration : {"exchangeable", "two-pairs", "non-transitive", "non-transitive-uniform", "always-middle"}
        How the algorithms' scores are drawn (see Notes of
        :func:`posthoc_error_rates`).
    n_datasets : int
        Number of data sets N per table, from 2 to
        :data:`POSTHOC_MAX_DATASETS` (100 000).
    n_reps : int, optional
        Number of tables (>= 1).
    seed : int, numpy.random.Generator or None, optional
        Random seed; the same seed gives the tables that
        :func:`posthoc_error_rates` tests.

    Returns
    -------
    scores : ndarray, shape (n_reps, n_datasets, k)
        Higher is better; the columns are the algorithms A, B, C (and D).

    Examples
    --------
    >>> from lecture_lib.simulate import posthoc_scores
    >>> tables = posthoc_scores("always-middle", n_datasets=5, seed=1)
    >>> tables.shape
    (1, 5, 3)
    >>> from lecture_lib import rankdata
    >>> rankdata(-tables[0])  # rank 1 = best
    array([[3., 1., 2.],
           [3., 1., 2.],
           [1., 3., 2.],
           [3., 1., 2.],
           [1., 3., 2.]])

    On every data set one of A and B is best, the other worst, and C sits
    in the middle. Taught in chapter 6
    (``notebooks/06-many-algorithms-many-datasets``).
    """
    configuration, n, n_reps = _check_lab_common(configuration, n_datasets, n_reps)
    rng = as_generator(seed)
    return np.concatenate(list(_score_chunks(configuration, n, n_reps, rng)), axis=0)


def _wilcoxon_pvalues(d: np.ndarray) -> np.ndarray:
    """Two-sided p-values of :func:`lecture_lib.wilcoxon_signed_rank` (default options) along the last axis.

    Untied, non-zero differences use the closed forms (the exact null
    distribution of R+ up to 50 pairs, the normal one beyond, as "auto"
    chooses); any row with a tie or a zero goes through the function itself.
    """
    n = d.shape[-1]
    size = np.abs(d)
    ordered = np.sort(size, axis=-1)
    special_rows = (np.diff(ordered, axis=-1) == 0).any(axis=-1) | (d == 0).any(axis=-1)
    ranks = np.argsort(np.argsort(size, axis=-1), axis=-1) + 1  # no ties: ranks 1..n
    r_plus = np.where(d > 0, ranks, 0).sum(axis=-1)
    total = n * (n + 1) // 2
    if n <= WILCOXON_AUTO_EXACT_MAX:  # P(R+ <= t) is symmetric: P(R+ >= t) = P(R+ <= total - t)
        pvalue = np.minimum(1.0, 2.0 * untied_signed_rank_cdf(n)[np.minimum(r_plus, total - r_plus)])
    else:
        z = (r_plus - n * (n + 1) / 4.0) / math.sqrt(n * (n + 1) * (2.0 * n + 1) / 24.0)
        pvalue = np.minimum(1.0, 2.0 * special.ndtr(-np.abs(z)))
    for index in zip(*np.nonzero(special_rows)):
        pvalue[index] = wilcoxon_signed_rank(d[index]).pvalue
    return pvalue


def _rounded_differences(scores: np.ndarray, first, second) -> np.ndarray:
    """x - y of each pair, shape (reps, m, n), rounded as :func:`lecture_lib.pairwise_comparisons` does."""
    d = np.ascontiguousarray(np.moveaxis(scores[..., first] - scores[..., second], -1, 1))
    decimals = np.array([significant_decimals(table) for table in scores])
    for value in np.unique(decimals):  # one rounding per number of decimals (usually one)
        rows = decimals == value
        d[rows] = np.round(d[rows], int(value))
    return d


def _raw_pvalues(scores: np.ndarray, test: str, first, second) -> np.ndarray:
    """Raw two-sided p-values of the pairs (first[h], second[h]) on each table: shape (reps, m)."""
    reps, n, k = scores.shape
    if test == "nemenyi":
        mean_ranks = rankdata(-scores, axis=-1).mean(axis=1)
        z = (mean_ranks[:, second] - mean_ranks[:, first]) / math.sqrt(k * (k + 1.0) / (6.0 * n))
        return np.minimum(1.0, 2.0 * special.ndtr(-np.abs(z)))
    if test == "wilcoxon":
        return _wilcoxon_pvalues(_rounded_differences(scores, first, second))
    d = np.ascontiguousarray(np.moveaxis(scores[..., first] - scores[..., second], -1, 1))
    if test == "ttest":
        return fold_t(d, 1.0 / n)[1]
    # sign test, ties split (one ignored when their number is odd)
    wins, losses = np.count_nonzero(d > 0, axis=-1), np.count_nonzero(d < 0, axis=-1)
    half = (n - wins - losses) // 2
    wins, losses = wins + half, losses + half
    return binomial_half_two_sided(np.minimum(wins, losses), wins + losses)


def _studentized_range_pvalues(scores: np.ndarray) -> np.ndarray:
    """Nemenyi's p-values (as :func:`lecture_lib.nemenyi`) of all pairs on each table: shape (reps, m)."""
    reps, n, k = scores.shape
    first, second = np.triu_indices(k, 1)
    rank_sums = rankdata(-scores, axis=-1).sum(axis=1)  # multiples of 1/2: exact
    gaps, which = np.unique(np.abs(rank_sums[:, first] - rank_sums[:, second]), return_inverse=True)
    se = np.sqrt(k * (k + 1.0) / (6.0 * n))
    return np.clip(studentized_range_sf(np.sqrt(2.0) * gaps / n / se, k), 0.0, 1.0)[which.reshape(reps, -1)]


@dataclasses.dataclass(frozen=True)
class PosthocErrorRates(Printable):
    """Result of :func:`posthoc_error_rates`.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    Attributes
    ----------
    configuration, description : str
        The configuration simulated, and how its scores are drawn.
    test : str
        The pairwise test.
    control : str or None
        The control's name when the algorithms were compared with a control,
        else None (all pairs).
    n_datasets, n_reps : int
        Data sets per benchmark, and simulated benchmarks.
    alpha : float
        The nominal level.
    names : tuple of str
        The algorithms ("A", "B", ...).
    hypotheses : tuple of str
        The hypotheses tested, "A = B", ... (all pairs, or control = other).
    true_null : tuple of bool
        Whether each hypothesis is true in this configuration, for this
        test's null.
    adjusts : tuple of str
        The adjustments simulated.
    fwer : mapping of str to Interval
        For each adjustment, the family-wise error rate: the share of
        benchmarks in which at least one true hypothesis was rejected, with
        its 95 % Wilson interval (Monte Carlo error). Exactly 0 (a point)
        when no hypothesis is true.
    rejection_rates : mapping of str to tuple of Interval
        For each adjustment, the share of benchmarks that rejected each
        hypothesis (a Type I error rate where it is true, power where it is
        false), with its 95 % Wilson interval.
    """

    configuration: str
    description: str
    test: str
    control: str | None
    n_datasets: int
    n_reps: int
    alpha: float
    names: tuple
    hypotheses: tuple
    true_null: tuple
    adjusts: tuple
    fwer: types.MappingProxyType
    rejection_rates: types.MappingProxyType

    def __str__(self) -> str:
        true = ", ".join(h for h, t in zip(self.hypotheses, self.true_null) if t) or "none"
        false = ", ".join(h for h, t in zip(self.hypotheses, self.true_null) if not t) or "none"
        family = "all pairs" if self.control is None else f"against the control {self.control}"
        lines = [
            f"Family-wise error of test={self.test!r}, {family}, configuration {self.configuration!r}",
            f"  N = {self.n_datasets} data sets, {self.n_reps} simulated benchmarks, nominal {self.alpha:g}",
            textwrap.fill(self.description, 100, initial_indent="  ", subsequent_indent="  "),
            f"  true hypotheses: {true}; false: {false}",
            f"  {'adjust':<18} {'FWER [95 % Wilson interval]':<28}"
            + "".join(f"{h:>8}" for h in self.hypotheses) + "  (rejection rates)",
        ]
        for adjust in self.adjusts:
            rate = self.fwer[adjust]
            shown = (f"{rate.estimate:.4f} [{rate.low:.4f}, {rate.high:.4f}]" if any(self.true_null)
                     else "0 (no true hypothesis)")
            lines.append(f"  {adjust:<18} {shown:<28}"
                         + "".join(f"{r.estimate:8.3f}" for r in self.rejection_rates[adjust]))
        return "\n".join(lines)


def _check_adjusts(adjusts, test: str, control) -> tuple:
    if isinstance(adjusts, str):
        adjusts = (adjusts,)
    if not hasattr(adjusts, "__iter__"):
        raise TypeError(f"adjusts must be an adjustment name or a sequence of them, got {adjusts!r}")
    options = PAIRWISE_ADJUSTMENTS if control is None else CONTROL_ADJUSTMENTS
    adjusts = tuple(dict.fromkeys(check_option(a, "adjusts", options) for a in adjusts))
    if not adjusts:
        raise ValueError("adjusts must name at least one adjustment, got ()")
    if "studentized-range" in adjusts and test != "nemenyi":
        raise ValueError(
            f"adjusts 'studentized-range' (Nemenyi's test) needs test='nemenyi', got test={test!r}"
        )
    return adjusts


def _check_lab_control(control, names: tuple):
    if control is None:
        return None
    if isinstance(control, str) and control in names:
        return names.index(control)
    if isinstance(control, (int, np.integer)) and not isinstance(control, (bool, np.bool_)) \
            and 0 <= int(control) < len(names):
        return int(control)
    raise ValueError(f"control must be None, one of the names {names!r} or a column index in "
                     f"[0, {len(names) - 1}], got {control!r}")


def posthoc_error_rates(
    configuration,
    n_datasets,
    test: str = "wilcoxon",
    adjusts=("holm",),
    *,
    control=None,
    alpha: float = 0.05,
    n_reps: int = 10_000,
    seed=0,
) -> PosthocErrorRates:
    """Family-wise error of post-hoc procedures on score tables whose truth is known.

    Simulates ``n_reps`` benchmarks of one configuration, runs the pairwise
    test on every pair (or every algorithm against a control), adjusts the
    p-values, and counts the benchmarks in which a true hypothesis was
    rejected.

    Parameters
    ----------
    configuration : {"exchangeable", "two-pairs", "non-transitive", "non-transitive-uniform", "always-middle"}
        How the scores are drawn (Notes).
    n_datasets : int
        Number of data sets N per benchmark, from 2 to
        :data:`POSTHOC_MAX_DATASETS` (100 000).
    test : {"wilcoxon", "sign", "nemenyi", "ttest"}, optional
        The pairwise test, as in :func:`lecture_lib.pairwise_comparisons`
        (default options: Pratt's zeros and the exact Wilcoxon test up to 50
        data sets, ties split for the sign test).
    adjusts : str or sequence of str, optional
        Adjustments to compare, on the same p-values. All pairs: any of
        :data:`lecture_lib.PAIRWISE_ADJUSTMENTS`, including ``"shaffer"``
        and ``"bergmann-hommel"`` with the Wilcoxon and sign tests, which
        :func:`lecture_lib.pairwise_comparisons` refuses (the lab shows
        why); ``"studentized-range"`` (Nemenyi's test) needs
        ``test="nemenyi"``. Against a control: any of
        :data:`lecture_lib.CONTROL_ADJUSTMENTS` (``test="nemenyi"`` with
        ``"bonferroni"`` is the Bonferroni-Dunn test).
    control : str or int, optional
        None (default): all pairs. A name ("A", ...) or column index: compare
        that algorithm with each of the others.
    alpha : float, optional
        Nominal family-wise level in (0, 1).
    n_reps : int, optional
        Number of simulated benchmarks (>= 1).
    seed : int, numpy.random.Generator or None, optional
        Random seed (the tables are those of :func:`posthoc_scores` with the
        same seed).

    Returns
    -------
    PosthocErrorRates
        The family-wise error of each adjustment and the rejection rate of
        each hypothesis, with 95 % Wilson intervals (Monte Carlo error), and
        which hypotheses are true.

    Notes
    -----
    A procedure controls the family-wise error rate (FWER) in the strong
    sense when, whichever hypotheses are true, the probability of rejecting
    at least one true hypothesis is at most alpha. The configurations (higher
    scores are better; columns A, B, C, D):

    * ``"exchangeable"`` (k = 4): every cell is a data-set effect plus
      independent noise, both N(0, 1). Every null of every test is true:
      the complete null.
    * ``"two-pairs"`` (k = 4): the same with C and D shifted up by 1. True
      for every test: "A = B" and "C = D"; the four others are false (a
      partial null, where Shaffer's and Bergmann-Hommel's logic lets them
      test the last hypotheses at a higher level than Holm's).
    * ``"non-transitive"`` (k = 3): U uniform on {-3, -2, -1, 1, 2, 3} and
      V = h(U) for the permutation h = (-3, 3, 2, 1, -1, -2) of those values
      (so V is distributed as U, symmetric about 0); A = U, B = 0, C = -V,
      plus N(0, 0.3²) noise. A - B and B - C are symmetric about 0, so the
      Wilcoxon and sign nulls of "A = B" and "B = C" are true, but
      A - C = U + V (plus noise) takes the values -6, 1, 1, 2, 1, 1: not
      symmetric, positive five times in six, so "A = C" is false for them.
      All mean differences are 0 (every t-test null is true); the expected
      ranks differ (no mean-rank null is true).
    * ``"non-transitive-uniform"`` (k = 3): the same with continuous
      variables: U uniform on (-3, 3), V = U where U < -2 and V = 1 - U
      elsewhere (uniform on (-3, 3) too); A = U, B = 0, C = -V, plus
      N(0, 0.3²) noise. A - C = U + V is 1 on five data sets in six and
      between -6 and -4 on the sixth: A beats C by a little almost always
      and loses by a lot now and then, with mean difference 0. Truth as
      for ``"non-transitive"``.
    * ``"always-middle"`` (k = 3): on each data set A or B (probability 1/2)
      scores 1 and the other 0; C scores 0.5; plus N(0, 0.01²) noise. All
      mean scores are equal and all expected ranks are 2, so every pairwise
      null of every test is true; but the k = 3 algorithms are not
      exchangeable (C is never best or worst), so Friedman's H0 is false.

    Holm's procedure needs only valid p-values; Shaffer's and
    Bergmann-Hommel's also need the true hypotheses to form groups of equal
    algorithms, which the Wilcoxon and sign nulls of the non-transitive
    configurations do not. The mean-rank z-tests (Nemenyi,
    Bonferroni-Dunn) use the standard error of the complete null, which
    "always-middle" violates: there :math:`r_A - r_B = \\pm 2` on every
    data set, variance 4 instead of :math:`k(k+1)/6 = 2`.

    Cost: the tests are vectorised over the benchmarks (the exact Wilcoxon
    distribution is computed once per N; a table with tied or zero
    differences goes through :func:`lecture_lib.wilcoxon_signed_rank`), so
    10 000 benchmarks of 100 data sets take about half a second.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Holm, S. (1979). A simple sequentially rejective multiple test
       procedure. Scandinavian Journal of Statistics 6(2), 65-70.
    .. [2] Shaffer, J. P. (1986). Modified sequentially rejective multiple
       test procedures. JASA 81(395), 826-831.
    .. [3] García, S., & Herrera, F. (2008). An extension on "Statistical
       comparisons of classifiers over multiple data sets" for all pairwise
       comparisons. JMLR 9, 2677-2694.
    .. [4] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. JMLR 7, 1-30.

    Examples
    --------
    >>> from lecture_lib.simulate import posthoc_error_rates
    >>> lab = posthoc_error_rates("non-transitive", 100, "wilcoxon", ("holm", "shaffer"), seed=0)
    >>> lab.hypotheses, lab.true_null
    (('A = B', 'A = C', 'B = C'), (True, False, True))
    >>> print(lab.fwer["holm"])
    0.0409 [0.0371912, 0.0449614] (95 % wilson)
    >>> print(lab.fwer["shaffer"])
    0.0704 [0.0655492, 0.0755807] (95 % wilson)

    On 10 000 simulated benchmarks of 100 data sets, pairwise Wilcoxon
    tests with Holm's adjustment rejected a true hypothesis in 4.1 % of
    them (Monte Carlo interval 3.7 % to 4.5 %), within the promised 5 %;
    with Shaffer's adjustment in 7.0 % (6.6 % to 7.6 %), because once
    "A = C" is rejected (in 85 % of the benchmarks) Shaffer tests "A = B"
    and "B = C" each at 5 %, counting on at most one of them being true.

    >>> middle = posthoc_error_rates("always-middle", 40, "nemenyi", ("studentized-range",), seed=0)
    >>> print(middle.rejection_rates["studentized-range"][0])  # "A = B"
    0.0842 [0.0789158, 0.0898035] (95 % wilson)

    With A and B exchangeable and C always between them, Nemenyi's test
    rejects the true "A = B" in 8.4 % of benchmarks of 40 data sets at
    nominal 5 % (the exact probability is 8.07 %, a binomial tail).
    """
    configuration, n, n_reps = _check_lab_common(configuration, n_datasets, n_reps)
    test = check_option(test, "test", POSTHOC_TESTS)
    k, description = _CONFIGURATIONS[configuration]
    names = tuple("ABCD"[:k])
    control = _check_lab_control(control, names)
    adjusts = _check_adjusts(adjusts, test, control)
    alpha = check_alpha(alpha)
    rng = as_generator(seed)
    if control is None:
        first, second = np.triu_indices(k, 1)
    else:
        second = np.array([i for i in range(k) if i != control])
        first = np.full(second.size, control)
    truth = _TRUE_PAIRS[configuration][test]
    true_null = np.array([truth == "all" or (min(i, j), max(i, j)) in truth for i, j in zip(first, second)])
    any_hits = dict.fromkeys(adjusts, 0)
    pair_hits = {adjust: np.zeros(first.size, dtype=np.int64) for adjust in adjusts}
    for scores in _score_chunks(configuration, n, n_reps, rng):
        raw = _raw_pvalues(scores, test, first, second)
        for adjust in adjusts:
            if adjust == "studentized-range":
                adjusted = _studentized_range_pvalues(scores)
            elif control is None:
                adjusted = adjust_pairs(raw, k, adjust)
            else:
                adjusted = adjust_family(raw, adjust)
            reject = adjusted <= alpha
            any_hits[adjust] += int(np.count_nonzero((reject & true_null).any(axis=-1)))
            pair_hits[adjust] += reject.sum(axis=0)
    nothing = Interval(0.0, 0.0, 0.0, 1.0, "no true hypothesis: no error is possible")
    fwer = {a: proportion_interval(any_hits[a], n_reps) if true_null.any() else nothing for a in adjusts}
    rates = {a: tuple(proportion_interval(int(h), n_reps) for h in pair_hits[a]) for a in adjusts}
    return PosthocErrorRates(
        configuration=configuration,
        description=description,
        test=test,
        control=None if control is None else names[control],
        n_datasets=n,
        n_reps=n_reps,
        alpha=alpha,
        names=names,
        hypotheses=tuple(f"{names[i]} = {names[j]}" for i, j in zip(first, second)),
        true_null=tuple(bool(t) for t in true_null),
        adjusts=adjusts,
        fwer=types.MappingProxyType(fwer),
        rejection_rates=types.MappingProxyType(rates),
    )
