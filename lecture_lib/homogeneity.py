"""Equal accuracy of several classifiers on one test set, beside Cochran's Q (chapter 3).

Two tests of "all k models have the same accuracy" from the n x k matrix of
right and wrong answers: Looney's (1988) F test, the analysis-of-variance
twin of Cochran's Q, and a test of marginal homogeneity that estimates how
the models' errors are correlated instead of assuming them exchangeable
(Stuart- and Bhapkar-type statistics; Agresti 2013). Taught in chapter 3
(``notebooks/03-cochrans-q``).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import special

from ._results import Interval, Printable, TestResult
from ._validation import (
    as_generator,
    check_alpha,
    check_option,
    check_positive_int,
    check_probability,
    check_real,
    check_real_array,
)
from .cochran import correctness_matrix
from .intervals import proportion_interval

__all__ = [
    "MARGINAL_HOMOGENEITY_METHODS",
    "LooneyFResult",
    "looney_ftest",
    "MarginalHomogeneityResult",
    "marginal_homogeneity_test",
    "HomogeneitySimulation",
    "simulate_homogeneity_tests",
    "homogeneity_lab_rows",
]

#: The ``method`` options of :func:`marginal_homogeneity_test`.
MARGINAL_HOMOGENEITY_METHODS = ("stuart", "bhapkar")


def _correct(y_true, y_preds) -> np.ndarray:
    correct = correctness_matrix(y_true, *y_preds)  # validates; names y_true and y_preds[i]
    if correct.shape[0] < 2:
        raise ValueError(f"y_true: at least 2 test examples are needed, got {correct.shape[0]}")
    return correct


def _describe(result) -> str:
    """The fields one per line, like every result, with the accuracies' intervals written out."""
    fields = dataclasses.fields(result)
    width = max(len(f.name) for f in fields)
    lines = [type(result).__name__]
    for f in fields:
        value = getattr(result, f.name)
        if f.name == "accuracies":
            text = ", ".join(f"{a.estimate:.4g} [{a.low:.4g}, {a.high:.4g}]" for a in value)
            text += f" ({100 * value[0].confidence:g} % {value[0].method})"
        elif isinstance(value, dict):
            text = ", ".join(f"{key} {v:.6g}" for key, v in value.items())
        elif isinstance(value, float):
            text = f"{value:.6g}"
        else:
            text = str(value)
        lines.append(f"  {f.name:<{width}} : {text}")
    return "\n".join(lines)


def _accuracy_intervals(successes: np.ndarray, n: int, confidence: float) -> tuple:
    """Each model's accuracy with its Wilson score interval (one model at a time, not simultaneous)."""
    interval = proportion_interval(successes, n, confidence)
    low, high = interval.low, interval.high
    return tuple(
        Interval(float(s / n), float(lo), float(hi), confidence, "wilson")
        for s, lo, hi in zip(successes, np.atleast_1d(low), np.atleast_1d(high))
    )


# --------------------------------------------------------------------------- Looney's F


@dataclasses.dataclass(frozen=True)
class LooneyFResult(TestResult):
    """Result of :func:`looney_ftest`.

    Attributes
    ----------
    statistic : float
        F = MSA / MSAB (0 when no example splits the models; ``inf`` when
        the models differ but there is no interaction to compare with).
    pvalue : float
        Upper tail of F with ``df`` degrees of freedom.
    df : tuple of int
        (k - 1, (k - 1)(n - 1)).
    n_models, n_examples : int
        k and n.
    accuracies : tuple of Interval
        Each model's accuracy with its Wilson interval at ``confidence``.
    sum_of_squares : dict
        ``"models"`` (SSA), ``"examples"`` (SSB), ``"interaction"`` (SSAB)
        and ``"total"`` (SST) of the two-way layout.
    """

    statistic: float
    pvalue: float
    df: tuple
    n_models: int
    n_examples: int
    accuracies: tuple
    sum_of_squares: dict

    def __str__(self) -> str:
        return _describe(self)


def looney_ftest(y_true, *y_preds, confidence: float = 0.95) -> LooneyFResult:
    """Looney's F test of equal accuracy for two or more classifiers on one test set.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class labels (n >= 2).
    *y_preds : array_like, shape (n,)
        Predictions of k >= 2 models for the same examples, one argument
        per model.
    confidence : float, optional
        Coverage of the Wilson interval of each accuracy, in (0, 1).

    Returns
    -------
    result : LooneyFResult
        ``statistic`` (F), ``pvalue``, ``df``, ``n_models``, ``n_examples``,
        ``accuracies`` (with intervals), ``sum_of_squares``.

    Notes
    -----
    Let :math:`x_{ji} \\in \\{0, 1\\}` say whether model i is right on example
    j, :math:`\\hat p_i` the accuracy of model i, :math:`\\bar p` their mean,
    :math:`L_j` the number of models right on example j. Looney (1988) treats
    the n x k table as a two-way analysis of variance without replication
    (models x examples):

    .. math::

        SSA = n \\sum_i \\hat p_i^2 - n k \\bar p^2, \\quad
        SSB = \\frac1k \\sum_j L_j^2 - n k \\bar p^2, \\quad
        SST = n k \\bar p (1 - \\bar p),

    :math:`SSAB = SST - SSA - SSB`, and

    .. math::

        F = \\frac{SSA / (k - 1)}{SSAB / ((k - 1)(n - 1))}
        \\sim F_{k-1,\\,(k-1)(n-1)} \\text{ under } H_0.

    The same sums give Cochran's Q as :math:`Q = n (k - 1)\\, SSA / (SSA +
    SSAB)`, so :math:`F = (n - 1) Q / (n (k - 1) - Q)`: F is a monotone
    function of Q, the way Iman and Davenport's F is of Friedman's statistic.
    The two differ only in the reference distribution, and F rests on the
    same assumption as Q: within each example the models' answers are
    exchangeable (in ANOVA terms, equal correlation between every pair of
    models). With two near-copies beside a third model it rejects too
    often, like Q; :func:`marginal_homogeneity_test` does not need that
    assumption.

    The two degenerate cases follow the limits of the formula: no example
    splits the models (SSA = SSAB = 0) gives F = 0 and p = 1; models that
    differ with no interaction at all (SSAB = 0 < SSA, e.g. one model right
    everywhere and another wrong everywhere) give F = inf and p = 0.

    ``mlxtend.evaluate.ftest`` (the oracle of the tests) computes the same
    F but refers it to an F distribution with (k - 1) and (k - 1) n degrees
    of freedom, although it divides SSAB by (k - 1)(n - 1); the p-values
    differ slightly for small n. The residual degrees of freedom of the
    two-way layout are (k - 1)(n - 1).

    Taught in chapter 3 (``notebooks/03-cochrans-q``).

    References
    ----------
    .. [1] Looney, S. W. (1988). A statistical technique for comparing the
       accuracies of several classifiers. Pattern Recognition Letters 8(1),
       5-9.
    .. [2] Kuncheva, L. I. (2004). Combining Pattern Classifiers: Methods and
       Algorithms. Wiley.

    Examples
    --------
    >>> from lecture_lib import looney_ftest
    >>> y_true = [0, 0, 0, 0, 0, 0]
    >>> result = looney_ftest(y_true, [0, 0, 0, 0, 1, 1], [0, 0, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1])
    >>> round(result.statistic, 3), result.df, round(result.pvalue, 4)
    (3.182, (2, 10), 0.0852)
    >>> [round(a.estimate, 3) for a in result.accuracies]
    [0.667, 0.333, 0.167]

    The same three models as in :func:`lecture_lib.cochrans_q`'s example
    (right on 4, 2 and 1 of 6 examples): F = 3.18 on (2, 10) degrees of
    freedom, p = 0.085 (Q gave 0.097). No evidence at the 5 % level that the
    accuracies differ; with six examples their intervals are very wide.
    """
    confidence = check_probability(confidence, "confidence")
    correct = _correct(y_true, y_preds)
    n, k = correct.shape
    right = correct.sum(axis=0).astype(np.int64)  # G_i
    per_example = correct.sum(axis=1).astype(np.int64)  # L_j
    total = int(right.sum())
    # exact integers scaled by n k:
    # n k SSA = k sum G_i^2 - T^2, n k SSB = n sum L_j^2 - T^2, n k SST = n k T - T^2
    ssa_nk = k * int(np.dot(right, right)) - total * total
    ssb_nk = n * int(np.dot(per_example, per_example)) - total * total
    sst_nk = n * k * total - total * total
    ssab_nk = sst_nk - ssa_nk - ssb_nk
    df = (k - 1, (k - 1) * (n - 1))
    if ssab_nk == 0:
        statistic, pvalue = (0.0, 1.0) if ssa_nk == 0 else (np.inf, 0.0)
    else:
        statistic = max((n - 1) * ssa_nk / ssab_nk, 0.0)
        pvalue = float(np.clip(special.fdtrc(df[0], df[1], statistic), 0.0, 1.0))
    scale = n * k
    return LooneyFResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        df=df,
        n_models=int(k),
        n_examples=int(n),
        accuracies=_accuracy_intervals(right, n, confidence),
        sum_of_squares={"models": ssa_nk / scale, "examples": ssb_nk / scale, "interaction": ssab_nk / scale,
                        "total": sst_nk / scale},
    )


# --------------------------------------------------------------------------- marginal homogeneity


@dataclasses.dataclass(frozen=True)
class MarginalHomogeneityResult(TestResult):
    """Result of :func:`marginal_homogeneity_test`.

    Attributes
    ----------
    statistic : float
        The quadratic form W (0 when no example splits the models; ``inf``
        when some accuracy difference has no sampling variance at all).
    pvalue : float
        Upper tail of chi-squared with ``df`` degrees of freedom (1 when
        ``df`` is 0).
    df : int
        Rank of the estimated covariance of the accuracy differences: k - 1,
        less one for every model whose right answers can be written as a
        combination of the others' on this test set (e.g. two models right
        on exactly the same examples).
    method : str
        ``"stuart"`` or ``"bhapkar"``.
    n_models, n_examples : int
        k and n.
    accuracies : tuple of Interval
        Each model's accuracy with its Wilson interval at ``confidence``.
    reason : str
        What happened when the covariance was singular (empty otherwise).
    """

    statistic: float
    pvalue: float
    df: int
    method: str
    n_models: int
    n_examples: int
    accuracies: tuple
    reason: str

    def __str__(self) -> str:
        return _describe(self)


def _marginal_homogeneity(patterns: np.ndarray, counts: np.ndarray, method: str):
    """W, df and the number of infinite cases for many test sets at once.

    ``patterns``: (P, k) 0/1 right-answer patterns; ``counts``: (S, P) how
    often each pattern occurs in each of S test sets. Returns arrays of
    shape (S,): statistic, df, pvalue.
    """
    patterns = patterns.astype(np.int64)
    counts = np.asarray(counts, dtype=np.int64)
    k = patterns.shape[1]
    n = counts.sum(axis=1)
    diffs = patterns[:, :-1] - patterns[:, -1:]  # per pattern: right(i) - right(last), i < k - 1
    d = counts @ diffs  # n times the accuracy differences (exact integers)
    moment = np.einsum("sp,pa,pb->sab", counts, diffs, diffs)  # n times the second moments about 0
    if method == "stuart":
        scaled = moment.astype(float)  # n^2 V / n
        factor = np.ones(n.size)
    else:  # "bhapkar": centred covariance, n^2 Cov = n * moment - d d^T
        scaled = (n[:, None, None] * moment - d[:, :, None] * d[:, None, :]).astype(float)
        factor = n.astype(float)
    eigenvalues, vectors = np.linalg.eigh(scaled)
    tol = 1e-10 * np.maximum(eigenvalues.max(axis=1, initial=0.0), 1.0)[:, None]
    kept = eigenvalues > tol
    proj = np.einsum("sab,sa->sb", vectors, d.astype(float))
    safe = np.where(kept, eigenvalues, 1.0)
    statistic = factor * np.sum(np.where(kept, proj**2 / safe, 0.0), axis=1)
    scale = np.maximum(np.abs(d).max(axis=1, initial=0), 1)[:, None]
    off_range = np.any(~kept & (np.abs(proj) > 1e-8 * scale), axis=1)
    statistic = np.where(off_range, np.inf, statistic)
    df = kept.sum(axis=1)
    with np.errstate(invalid="ignore"):
        pvalue = np.where(df > 0, special.chdtrc(np.maximum(df, 1), statistic), 1.0)
    pvalue = np.where(off_range, 0.0, np.clip(pvalue, 0.0, 1.0))
    return statistic, df, pvalue, off_range, k


def _pattern_counts(correct: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct right/wrong patterns (rows) of the n x k matrix and how often each occurs."""
    n, k = correct.shape
    if k > 62:  # too many models to code a pattern as one integer
        return np.unique(correct.astype(np.int8), axis=0, return_counts=True)
    codes = correct.astype(np.int64) @ (np.int64(1) << np.arange(k, dtype=np.int64))
    values, counts = np.unique(codes, return_counts=True)
    patterns = ((values[:, None] >> np.arange(k, dtype=np.int64)) & 1).astype(np.int8)
    return patterns, counts


def marginal_homogeneity_test(y_true, *y_preds, method: str = "stuart",
                              confidence: float = 0.95) -> MarginalHomogeneityResult:
    """Test of equal accuracy that does not assume exchangeable models (marginal homogeneity).

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class labels (n >= 2).
    *y_preds : array_like, shape (n,)
        Predictions of k >= 2 models for the same examples, one argument
        per model.
    method : {"stuart", "bhapkar"}, optional
        How the covariance of the accuracy differences is estimated:
        ``"stuart"`` (default) from their second moments about 0, as H0
        says their mean is; ``"bhapkar"`` from their ordinary (centred)
        covariance, the Wald statistic. With two models ``"stuart"`` is
        McNemar's uncorrected statistic.
    confidence : float, optional
        Coverage of the Wilson interval of each accuracy, in (0, 1).

    Returns
    -------
    result : MarginalHomogeneityResult
        ``statistic``, ``pvalue``, ``df``, ``method``, ``n_models``,
        ``n_examples``, ``accuracies`` (with intervals), ``reason``.

    Notes
    -----
    H0: the k models have the same accuracy, :math:`p_1 = \\dots = p_k`
    (marginal homogeneity of the :math:`2^k` table of right/wrong patterns).
    Nothing is assumed about how the models' errors are correlated.

    For example j let :math:`\\mathbf d_j` hold the k - 1 differences
    right(model i) - right(model k), each -1, 0 or 1, and
    :math:`\\bar{\\mathbf d}` their mean: the accuracy differences
    :math:`\\hat p_i - \\hat p_k`. The statistic is the quadratic form

    .. math::

        W = n\\, \\bar{\\mathbf d}^\\top S^{-1} \\bar{\\mathbf d},
        \\qquad
        S_{\\text{stuart}} = \\frac1n \\sum_j \\mathbf d_j \\mathbf d_j^\\top,
        \\qquad
        S_{\\text{bhapkar}} = S_{\\text{stuart}} - \\bar{\\mathbf d}\\bar{\\mathbf d}^\\top,

    referred to chi-squared with k - 1 degrees of freedom. Bhapkar's S is
    the usual estimate of the covariance, so :math:`W_B` is the Wald
    statistic of H0; Stuart's estimates the same covariance assuming H0.
    They are the k-model analogues of Stuart's and Bhapkar's tests of
    marginal homogeneity for square tables, and are related by
    :math:`W_B = W_S / (1 - W_S / n)`, so Bhapkar's is always the larger.
    With k = 2, :math:`W_S = (b - c)^2/(b + c)` (McNemar) and
    :math:`W_B = (b - c)^2 / (b + c - (b - c)^2/n)`. Neither depends on
    which model is the reference k.

    Cochran's Q uses a covariance computed as if the models were
    exchangeable within each example (every pair agreeing equally often).
    When they are not, Q's chi-squared reference is wrong even for large
    n; W estimates the covariance from the data and keeps its level. In
    the course's seeded simulation (two near-copies beside a third model,
    all 80 % accurate; :func:`lecture_lib.simulate_near_duplicates`), Q
    rejects about 8 % of test sets at the nominal 5 %, W with either
    method 3 to 5 % for n = 200 and 2 000; at n = 50 Bhapkar's rejects up
    to about 7 %, Stuart's stays at or below 5 %, which is why it is the
    default (``tests/test_homogeneity.py``).
    The test is a large-sample one: with few examples on which the models
    disagree, prefer exact pairwise McNemar tests with an adjustment
    (:func:`lecture_lib.pairwise_mcnemar`).

    Singular S: if two models are right on exactly the same examples (or,
    generally, some combination of the differences is constant), S has
    rank below k - 1. The statistic then uses the pseudo-inverse and the
    degrees of freedom drop to the rank. Stuart's S, taken about 0, always
    leaves the mean differences in its range; Bhapkar's does not when a
    constant combination is not zero (one model right on every example and
    another wrong on every one): then W_B is infinite and p = 0, the limit
    of :math:`W_S / (1 - W_S/n)` as :math:`W_S \to n`. No example that
    splits the models gives W = 0, df = 0 and p = 1.

    Taught in chapter 3 (``notebooks/03-cochrans-q``).

    References
    ----------
    .. [1] Agresti, A. (2013). Categorical Data Analysis, 3rd ed. Wiley
       (chapter 11: marginal homogeneity, McNemar's, Stuart's and Bhapkar's
       statistics).
    .. [2] Bhapkar, V. P. (1966). A note on the equivalence of two test
       criteria for hypotheses in categorical data. JASA 61(313), 228-235.
    .. [3] Stuart, A. (1955). A test for homogeneity of the marginal
       distributions in a two-way classification. Biometrika 42(3/4),
       412-416.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import marginal_homogeneity_test
    >>> rng = np.random.default_rng(4)
    >>> y_true = rng.integers(0, 2, 300)
    >>> a = np.where(rng.random(300) < 0.85, y_true, 1 - y_true)
    >>> b = np.where(rng.random(300) < 0.02, 1 - a, a)  # a copies a, changing 2 % of its answers
    >>> c = np.where(rng.random(300) < 0.78, y_true, 1 - y_true)
    >>> result = marginal_homogeneity_test(y_true, a, b, c)
    >>> round(result.statistic, 2), result.df, round(result.pvalue, 4)
    (8.21, 2, 0.0165)
    >>> [round(acc.estimate, 3) for acc in result.accuracies]
    [0.807, 0.783, 0.767]
    >>> from lecture_lib import cochrans_q
    >>> round(cochrans_q(y_true, a, b, c).pvalue, 2)
    0.36

    The accuracies differ by at most 4 points. If they were equal, a W this
    large would occur in 1.6 % of test sets: evidence at the 5 % level that
    they differ. The evidence comes from a and b: they disagree on only 7
    examples, and a is the one right on all 7. Cochran's Q treats the three
    models as exchangeable, so it does not use how rarely a and b disagree,
    and finds no evidence (p = 0.36).
    """
    method = check_option(method, "method", MARGINAL_HOMOGENEITY_METHODS)
    confidence = check_probability(confidence, "confidence")
    correct = _correct(y_true, y_preds)
    n, k = correct.shape
    patterns, counts = _pattern_counts(correct)
    statistic, df, pvalue, off_range, _ = _marginal_homogeneity(patterns, counts[None, :], method)
    reason = ""
    if off_range[0]:
        reason = ("some accuracy difference has no sampling variance on this test set (a combination of the "
                  "models' answers is constant and not zero): infinite evidence, p = 0")
    elif df[0] == 0:
        reason = "no example splits the models: no evidence either way, p = 1"
    elif df[0] < k - 1:
        reason = (f"the estimated covariance of the k - 1 = {k - 1} differences has rank {int(df[0])} (some "
                  "models' right answers are combinations of the others'); pseudo-inverse, df = rank")
    return MarginalHomogeneityResult(
        statistic=float(statistic[0]),
        pvalue=float(pvalue[0]),
        df=int(df[0]),
        method=method,
        n_models=int(k),
        n_examples=int(n),
        accuracies=_accuracy_intervals(correct.sum(axis=0), n, confidence),
        reason=reason,
    )


# ------------------------------------------------------------ the exchangeability lab

#: Right/wrong patterns of models (A, B, C); row i codes A, B, C as the bits of i.
_ABC = np.array([[(i >> 2) & 1, (i >> 1) & 1, i & 1] for i in range(8)], dtype=np.int64)

#: Names of the tests in :class:`HomogeneitySimulation`, in the order of its rates.
HOMOGENEITY_LAB_TESTS = ("Cochran's Q", "Looney's F", "Stuart marginal homogeneity")


@dataclasses.dataclass(frozen=True)
class HomogeneitySimulation(Printable):
    """Result of :func:`simulate_homogeneity_tests`.

    Attributes
    ----------
    disagreement : numpy.ndarray
        The grid: probability that models A and B disagree in correctness.
    rates : numpy.ndarray
        Shape (3, len(disagreement)): rejection rates at ``alpha`` of
        Cochran's Q, Looney's F and the Stuart test, in the order of
        ``tests``.
    standard_error : numpy.ndarray
        Binomial Monte Carlo standard error of each rate,
        sqrt(rate (1 - rate) / n_sim).
    tests : tuple of str
        Names of the three tests.
    n_examples, n_sim : int
        Examples per simulated test set; test sets per grid point.
    accuracy, alpha : float
        The common accuracy of A, B and C; the nominal level.
    """

    disagreement: np.ndarray
    rates: np.ndarray
    standard_error: np.ndarray
    tests: tuple
    n_examples: int
    n_sim: int
    accuracy: float
    alpha: float

    def __str__(self) -> str:
        head = "".join(f"  {name:>27}" for name in self.tests)
        lines = [
            f"Three models, each {100 * self.accuracy:g} % accurate (H0 true); "
            f"rejection rates at alpha = {self.alpha:g},",
            f"{self.n_sim} test sets of {self.n_examples} examples per row "
            f"(Monte Carlo SE at most {self.standard_error.max():.4f}):",
            f"  {'A/B disagree':>12}{head}",
        ]
        for j, d in enumerate(self.disagreement):
            cells = "".join(f"  {rate:>27.3f}" for rate in self.rates[:, j])
            lines.append(f"  {d:>12.3f}{cells}")
        return "\n".join(lines)


def _q_and_f_pvalues(counts: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Q and Looney's F p-values of many 3-model test sets given as pattern counts."""
    k = 3
    right = counts @ _ABC  # (S, 3): G_i
    row = _ABC.sum(axis=1)
    total = counts @ row
    row_sq = counts @ (row * row)
    col_sq = np.sum(right * right, axis=1)
    numerator = (k - 1) * (k * col_sq - total * total)  # exact integers
    denominator = k * total - row_sq
    ssa_nk = k * col_sq - total * total
    ssb_nk = n * row_sq - total * total
    ssab_nk = n * k * total - total * total - ssa_nk - ssb_nk
    with np.errstate(divide="ignore", invalid="ignore"):
        q = np.where(denominator > 0, numerator / np.maximum(denominator, 1), 0.0)
        f = np.where(ssab_nk > 0, (n - 1) * ssa_nk / np.maximum(ssab_nk, 1), 0.0)
    q_p = np.where(denominator > 0, special.chdtrc(k - 1, np.maximum(q, 0.0)), 1.0)
    f_p = special.fdtrc(k - 1, (k - 1) * (n - 1), np.maximum(f, 0.0))
    f_p = np.where(ssab_nk > 0, f_p, np.where(ssa_nk > 0, 0.0, 1.0))
    return q_p, f_p


def simulate_homogeneity_tests(disagreement, n_examples: int = 200,
                               accuracy: float = 0.8, alpha: float = 0.05,
                               n_sim: int = 10_000, seed=0) -> HomogeneitySimulation:
    """Rejection rates of Q, Looney's F and Stuart's test when two models nearly copy.

    Parameters
    ----------
    disagreement : float or array_like of float
        Grid of probabilities that models A and B disagree in correctness on
        an example (half of the time each way, so both keep the same
        accuracy); each in [0, 2 min(accuracy, 1 - accuracy)]. At
        ``2 accuracy (1 - accuracy)`` A and B are independent, like C.
    n_examples : int, optional
        Examples per simulated test set (>= 2).
    accuracy : float, optional
        Accuracy of each of the three models, in (0, 1).
    alpha : float, optional
        Nominal level of the three tests, in (0, 1).
    n_sim : int, optional
        Simulated test sets per grid point (>= 1).
    seed : int or numpy.random.Generator, optional
        Seed, so the same call gives the same numbers.

    Returns
    -------
    result : HomogeneitySimulation
        Rates of shape (3, len(disagreement)) with their Monte Carlo
        standard errors.

    Notes
    -----
    Model C is right with probability ``accuracy`` independently of A and
    B; B copies A's correctness except on a fraction ``disagreement`` of
    the examples. All three accuracies are equal, so every rejection is a
    false positive. Q and Looney's F assume that the models' answers are
    exchangeable within an example (equal correlation between every pair);
    near-copies break that, and both reject too often (Q tends to about
    8.3 % at alpha = 0.05 as the disagreement goes to 0, see
    :func:`lecture_lib.simulate_near_duplicates`). The Stuart test
    (:func:`marginal_homogeneity_test`) estimates the covariance of the
    accuracy differences instead and stays near ``alpha`` in large samples.

    Each test set is one multinomial draw of the eight right/wrong pattern
    counts, and all statistics are computed for all test sets at once.

    Taught in chapter 3 (``notebooks/03-cochrans-q``).

    Examples
    --------
    >>> from lecture_lib import simulate_homogeneity_tests
    >>> lab = simulate_homogeneity_tests([0.0, 0.32], n_sim=4000, seed=2)
    >>> lab.tests
    ("Cochran's Q", "Looney's F", 'Stuart marginal homogeneity')
    >>> print(lab.rates.round(3))
    [[0.084 0.048]
     [0.084 0.048]
     [0.049 0.049]]

    With A and B exact copies (column 1) Q and F reject a true H0 in about
    8 % of test sets of 200; the Stuart test stays near 5 %. At
    0.32 = 2 p (1 - p) the three models are independent and all three rates
    are near 5 % (Monte Carlo SE about 0.0035 here).
    """
    accuracy = check_probability(accuracy, "accuracy")
    grid = check_real_array(disagreement, "disagreement", ndim=(0, 1))
    grid = np.atleast_1d(grid).astype(float)
    largest = 2.0 * min(accuracy, 1.0 - accuracy)
    bad = (grid < 0) | (grid > largest)
    if np.any(bad):
        raise ValueError(
            "disagreement: every value must be in [0, 2 min(accuracy, 1 - accuracy)]"
            " = "
            f"[0, {largest:g}] for accuracy = {accuracy:g}, got {float(grid[bad][0])!r}"
        )
    n_examples = check_positive_int(n_examples, "n_examples")
    if n_examples < 2:
        raise ValueError(f"n_examples must be at least 2, got {n_examples}")
    alpha = check_alpha(alpha)
    n_sim = check_positive_int(n_sim, "n_sim")
    rng = as_generator(seed)
    rates = np.empty((3, grid.size))
    c_right = np.where(_ABC[:, 2] == 1, accuracy, 1.0 - accuracy)
    for j, d in enumerate(grid):
        half = d / 2.0
        # (A, B) right/wrong = 00, 01, 10, 11
        ab = np.array([1.0 - accuracy - half, half, half, accuracy - half])
        cells = np.clip(ab[2 * _ABC[:, 0] + _ABC[:, 1]] * c_right, 0.0, None)
        counts = rng.multinomial(n_examples, cells / cells.sum(), size=n_sim)
        q_p, f_p = _q_and_f_pvalues(counts, n_examples)
        _, _, s_p, _, _ = _marginal_homogeneity(_ABC, counts, "stuart")
        rates[:, j] = [np.mean(p <= alpha) for p in (q_p, f_p, s_p)]
    standard_error = np.sqrt(rates * (1.0 - rates) / n_sim)
    for arr in (grid, rates, standard_error):
        arr.setflags(write=False)
    return HomogeneitySimulation(
        disagreement=grid, rates=rates, standard_error=standard_error,
        tests=HOMOGENEITY_LAB_TESTS, n_examples=n_examples, n_sim=n_sim,
        accuracy=accuracy, alpha=alpha,
    )


def homogeneity_lab_rows(simulation, disagreement) -> list:
    """The widget's table: each test's rate at the grid point nearest ``disagreement``.

    Parameters
    ----------
    simulation : HomogeneitySimulation
        Precomputed curves from :func:`simulate_homogeneity_tests`.
    disagreement : float
        The slider's value, within the range of ``simulation.disagreement``.

    Returns
    -------
    rows : list of tuple
        ``(test name, disagreement used, rate, standard error)`` per test.

    Examples
    --------
    >>> from lecture_lib import homogeneity_lab_rows, simulate_homogeneity_tests
    >>> lab = simulate_homogeneity_tests([0.0, 0.32], n_sim=500, seed=0)
    >>> [row[1] for row in homogeneity_lab_rows(lab, 0.3)]
    [0.32, 0.32, 0.32]
    """
    if not isinstance(simulation, HomogeneitySimulation):
        raise TypeError(
            "simulation must be a HomogeneitySimulation from "
            "simulate_homogeneity_tests, "
            f"got {type(simulation).__name__}"
        )
    lab = simulation
    value = check_real(disagreement, "disagreement")
    low, high = float(lab.disagreement.min()), float(lab.disagreement.max())
    if not low - 1e-9 <= value <= high + 1e-9:
        raise ValueError(
            f"disagreement must lie in the lab's grid [{low:g}, {high:g}], "
            f"got {value!r}"
        )
    j = int(np.argmin(np.abs(lab.disagreement - value)))
    return [
        (name, float(lab.disagreement[j]), float(lab.rates[i, j]),
         float(lab.standard_error[i, j]))
        for i, name in enumerate(lab.tests)
    ]
