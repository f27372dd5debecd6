"""Post-hoc comparisons of several algorithms over many data sets (chapter 6).

Every pair of algorithms (or every algorithm against a control) is compared
with a two-sample test on the data sets, and the family of p-values is
adjusted for multiplicity. Holm's adjustment of valid p-values controls the
family-wise error rate (FWER) in the strong sense, whatever the pairwise
test. All-pairs comparisons admit two more powerful adjustments, Shaffer's
static procedure and Bergmann and Hommel's (García & Herrera 2008), which use
the logic of hypotheses of the form "parameter of A = parameter of B" ("A = B"
and "B = C" cannot both be true while "A = C" is false). That logic holds for
the paired t-test (one mean score per algorithm) and the mean-rank z-test
(one expected rank per algorithm), not for the Wilcoxon or sign tests, whose
pairwise nulls are statements about each pair's differences: there
``pairwise_comparisons`` refuses the two procedures. Taught in chapter 6
(``notebooks/06-many-algorithms-many-datasets``).
"""

from __future__ import annotations

import dataclasses
import math
import numbers

import numpy as np
from scipy import special

from ._data import load, pick
from ._pairwise_adjust import (
    BERGMANN_HOMMEL_MAX_K,
    adjust_family,
    adjust_pairs,
    check_bergmann_hommel_k,
    shaffer_set,
)
from ._ranking import significant_decimals
from ._results import TestResult
from ._text import WIDTH, fill
from ._validation import _show, check_alpha, check_count, check_flag, check_option, check_real_array
from .examples import BenchmarkTable, wilcoxon_example
from .friedman_nemenyi import nemenyi
from .multitest import ADJUST_METHODS
from .paired import paired_ttest
from .ranks import rankdata
from .wilcoxon_sign import sign_test, wilcoxon_signed_rank

__all__ = [
    "POSTHOC_TESTS",
    "PAIRWISE_ADJUSTMENTS",
    "CONTROL_ADJUSTMENTS",
    "BERGMANN_HOMMEL_MAX_K",
    "shaffer_true_counts",
    "adjust_pairwise_pvalues",
    "PairwiseComparisons",
    "pairwise_comparisons",
    "ControlComparisons",
    "control_comparisons",
    "posthoc_examples",
    "posthoc_example",
]

#: The ``test`` options of :func:`pairwise_comparisons` and :func:`control_comparisons`.
POSTHOC_TESTS = ("wilcoxon", "sign", "nemenyi", "ttest")
#: The ``adjust`` options of :func:`pairwise_comparisons` (``"studentized-range"`` needs ``test="nemenyi"``;
#: ``"shaffer"`` and ``"bergmann-hommel"`` need ``test="ttest"`` or ``"nemenyi"``).
PAIRWISE_ADJUSTMENTS = ("none",) + ADJUST_METHODS + ("shaffer", "bergmann-hommel", "studentized-range")
#: The ``adjust`` options of :func:`control_comparisons`.
CONTROL_ADJUSTMENTS = ("none",) + ADJUST_METHODS
# BERGMANN_HOMMEL_MAX_K, the largest k of Bergmann and Hommel's procedure, comes from _pairwise_adjust.py

# which error rate the decisions of each adjustment control
_ERROR_RATE = {"none": "none (each comparison at level alpha)", "bh": "FDR", "by": "FDR"}

# the adjustments that use the logic of the pairwise hypotheses, and the tests whose pairwise nulls
# are equalities of one parameter per algorithm (a mean score, an expected rank), where that logic holds
_LOGICAL_ADJUSTMENTS = ("shaffer", "bergmann-hommel")
_TRANSITIVE_TESTS = ("ttest", "nemenyi")
# the null of each non-transitive test, in words, for the error message
_PAIR_NULLS = {
    "wilcoxon": "the differences of the pair are symmetric about 0",
    "sign": "each algorithm of the pair wins with probability 1/2",
}

# the options each pairwise test passes on to the two-sample function
_TEST_OPTIONS = {
    "wilcoxon": ("zero_method", "method", "correction"),
    "sign": ("ties",),
    "nemenyi": (),
    "ttest": (),
}


# --------------------------------------------------------------------------- logically related hypotheses


def shaffer_true_counts(k) -> tuple:
    """The numbers of pairwise hypotheses "algorithm i = algorithm j" that can be true together.

    Parameters
    ----------
    k : int
        Number of algorithms (>= 1).

    Returns
    -------
    counts : tuple of int
        Shaffer's set S(k), increasing, from 0 to k(k - 1)/2.

    Notes
    -----
    A set of equalities that hold together splits the k algorithms into
    groups of equal ones; a group of j algorithms makes j(j - 1)/2 true
    pairwise hypotheses. So (Shaffer 1986)

    .. math::

        S(k) = \\bigcup_{j=1}^{k} \\Bigl\\{ \\binom{j}{2} + x : x \\in S(k - j) \\Bigr\\},
        \\qquad S(0) = S(1) = \\{0\\},

    where j is the size of the group that holds the first algorithm. With
    k = 4, five hypotheses can never be true while the sixth is false.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Shaffer, J. P. (1986). Modified sequentially rejective multiple
       test procedures. JASA 81(395), 826-831.

    Examples
    --------
    >>> from lecture_lib import shaffer_true_counts
    >>> shaffer_true_counts(4)
    (0, 1, 2, 3, 6)

    Of the six pairs of four algorithms, either all six equalities hold or at
    most three do: once one is rejected, Shaffer's procedure divides alpha by
    3, not by 5 as Holm's does.
    """
    k = check_count(k, "k", minimum=1)
    return tuple(sorted(shaffer_set(k)))


def _check_pvalue_matrix(pvalues) -> np.ndarray:
    p = check_real_array(pvalues, "pvalues", ndim=2, finite=False,
                         what="a k x k matrix of pairwise p-values")
    if p.ndim != 2 or p.shape[0] != p.shape[1]:
        raise ValueError(f"pvalues must be a square k x k matrix, got an array of shape {p.shape}")
    if p.shape[0] < 2:
        raise ValueError(f"pvalues must compare at least 2 algorithms, got shape {p.shape}")
    if np.isnan(p).any():
        i, j = np.argwhere(np.isnan(p))[0]
        raise ValueError(f"pvalues contains NaN at [{i}, {j}] (put any p-value, e.g. 1, on the diagonal), "
                         f"got {_show(p.tolist())}")
    if np.any((p < 0) | (p > 1)):
        i, j = np.argwhere((p < 0) | (p > 1))[0]
        raise ValueError(f"pvalues must lie in [0, 1], got {float(p[i, j])!r} at [{i}, {j}]")
    asymmetric = ~np.isclose(p, p.T, rtol=1e-6, atol=1e-12)
    if asymmetric.any():
        i, j = np.argwhere(asymmetric)[0]
        raise ValueError(
            f"pvalues must be symmetric (two-sided tests): pvalues[{i}, {j}] = {float(p[i, j])!r} but "
            f"pvalues[{j}, {i}] = {float(p[j, i])!r}"
        )
    return p


def adjust_pairwise_pvalues(pvalues, method: str = "holm") -> np.ndarray:
    """Adjust a k x k matrix of all-pairs p-values, using the logic of pairwise hypotheses.

    Parameters
    ----------
    pvalues : array_like, shape (k, k)
        Symmetric matrix of two-sided p-values, ``pvalues[i, j]`` for the
        hypothesis "algorithms i and j perform equally" (for ``"shaffer"``
        and ``"bergmann-hommel"``: an equality of one parameter per
        algorithm, see Notes) (symmetric to 6
        significant digits, so printed tables can be typed in; the upper
        triangle is used). The diagonal is ignored, but must hold numbers
        in [0, 1], e.g. 1.
    method : str, optional
        One of "holm" (default), "none", "bonferroni", "hochberg", "hommel",
        "bh", "by", "shaffer", "bergmann-hommel".
        ``"shaffer"``: Shaffer's static procedure; ``"bergmann-hommel"``:
        Bergmann and Hommel's procedure (k <= 10); the others are those of
        :func:`lecture_lib.adjust_pvalues` applied to the k(k - 1)/2 p-values
        (``"none"`` leaves them as they are).

    Returns
    -------
    adjusted : ndarray, shape (k, k)
        Symmetric, 1 on the diagonal. Reject "i = j" at level alpha when
        ``adjusted[i, j] <= alpha``.

    Notes
    -----
    When each hypothesis "i = j" says that a parameter of algorithm i (its
    mean score, its expected rank) equals that of algorithm j, the
    m = k(k - 1)/2 hypotheses are logically related: if "A = B" and
    "B = C" are true, so is "A = C". Holm's step-down divides alpha by m,
    m - 1, m - 2, ... as hypotheses are rejected, as if any number of them
    could be true; Shaffer's and Bergmann-Hommel's procedures use the
    relations.

    *The assumption.* This function sees only p-values, so it cannot check
    that relation; it is the caller's promise. It holds for the paired
    t-test (equal mean scores) and the mean-rank z-test of
    :func:`pairwise_comparisons` (equal expected ranks). It fails for the
    pairwise Wilcoxon signed-rank test (null: the pair's differences are
    symmetric about 0) and the sign test (null: each wins with probability
    1/2): the differences A - B and B - C can both be symmetric about 0
    while A - C is not. The true hypotheses then need not form groups of
    equal algorithms, and Shaffer's and Bergmann-Hommel's procedures lose
    their guarantee: with three algorithms, once "A = C" is rejected they
    test "A = B" and "B = C" each at the full alpha, and the family-wise
    error reaches 0.076 at nominal 0.05 with 100 data sets and 0.096 with
    300 (the ``"non-transitive"`` configuration of
    :func:`lecture_lib.simulate.posthoc_error_rates`; Holm: 0.044, 0.049).
    :func:`pairwise_comparisons` refuses these combinations; with such
    p-values use Holm's procedure (or Hochberg's, Hommel's under their
    conditions), which needs no relation between the hypotheses.

    *Shaffer's static procedure* (Shaffer 1986) divides instead by
    :math:`t_j`, the largest number of hypotheses that can still be true
    when j - 1 have been rejected: the largest element of
    :func:`shaffer_true_counts` (S(k)) that is at most m - j + 1. Adjusted
    p-values, with sorted raw p-values :math:`p_{(1)} \\le \\dots`:

    .. math::

        \\tilde p_{(j)} = \\min\\Bigl(1, \\max_{l \\le j} t_l\\, p_{(l)}\\Bigr).

    Since :math:`t_j \\le m - j + 1`, Shaffer rejects everything Holm rejects.

    *Bergmann and Hommel's procedure* (Bergmann & Hommel 1988) looks at the
    exhaustive sets: the sets I of hypotheses that can be true while all the
    others are false, one for each partition of the k algorithms into groups
    of equal ones (the pairs inside the groups). A set is accepted when
    :math:`\\min_{i \\in I} p_i > \\alpha / |I|` (Bonferroni within the set);
    every hypothesis outside all accepted sets is rejected. As adjusted
    p-values (García & Herrera 2008),

    .. math::

        \\tilde p_i = \\min\\Bigl(1, \\max_{I \\ni i} |I| \\min_{h \\in I} p_h\\Bigr).

    It rejects everything Shaffer rejects. Both use Bonferroni inside and so
    control the family-wise error rate in the strong sense under any
    dependence of the p-values, provided each p-value is valid for its
    hypothesis and the hypotheses are related as above; Holm needs only
    valid p-values. Hochberg, Hommel and BH need positive dependence
    (Simes' inequality), BH and BY control the false discovery rate only.

    Cost: the exhaustive sets number :math:`B_k - 1`, with :math:`B_k` the
    Bell number: 51, 202, 876, 4 139, 21 146 and 115 974 for k = 5 to 10,
    growing faster than exponentially (678 569 at k = 11). They are built
    once per k and cached (a boolean matrix of 5 MB at k = 10, built in
    under 0.1 s); each call then costs :math:`O(B_k\\, m)` vectorised
    operations: under a millisecond up to k = 8, a few milliseconds at
    k = 9 and 10 (``benchmarks/bench_posthoc.py``).
    Shaffer's procedure costs :math:`O(m \\log m)` for any k.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Shaffer, J. P. (1986). Modified sequentially rejective multiple
       test procedures. JASA 81(395), 826-831.
    .. [2] Bergmann, B., & Hommel, G. (1988). Improvements of general
       multiple test procedures for redundant systems of hypotheses. In
       Multiple Hypotheseprüfung, Springer, 100-115.
    .. [3] García, S., & Herrera, F. (2008). An extension on "Statistical
       comparisons of classifiers over multiple data sets" for all pairwise
       comparisons. JMLR 9, 2677-2694.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import adjust_pairwise_pvalues
    >>> p = np.array([[1.0, 0.010, 0.020, 0.030],
    ...               [0.010, 1.0, 0.300, 0.400],
    ...               [0.020, 0.300, 1.0, 0.500],
    ...               [0.030, 0.400, 0.500, 1.0]])
    >>> adjust_pairwise_pvalues(p, "holm")[0, 1:]
    array([0.06, 0.1 , 0.12])
    >>> adjust_pairwise_pvalues(p, "shaffer")[0, 1:]
    array([0.06, 0.06, 0.09])
    >>> adjust_pairwise_pvalues(p, "bergmann-hommel")[0, 1:]
    array([0.06, 0.06, 0.06])

    Algorithm 0 looks different from the three others (raw p 0.01 to 0.03).
    Holm multiplies the three p-values by 6, 5 and 4. Shaffer knows that
    once "0 = 1" is rejected at most three equalities can still hold, and
    multiplies the next two by 3. Bergmann-Hommel takes, for "0 = 3", every
    set of equalities that can be exactly the true ones and contains it
    ({0 = 3}, {0 = 3, 1 = 2}, {0 = 2, 0 = 3, 2 = 3}, ..., all six), and the
    largest size x smallest p-value among them: 3 x 0.02 or 6 x 0.01, so
    0.06. None of the three reaches 5 %. (Shaffer's and Bergmann-Hommel's
    numbers take the four hypotheses to be equalities of a parameter per
    algorithm, such as mean scores tested by paired t-tests.)
    """
    p = _check_pvalue_matrix(pvalues)
    method = check_option(method, "method", PAIRWISE_ADJUSTMENTS[:-1])
    k = p.shape[0]
    upper = np.triu_indices(k, 1)
    adjusted = np.ones((k, k))
    adjusted[upper] = adjust_pairs(p[upper], k, method)
    adjusted[upper[1], upper[0]] = adjusted[upper]
    return adjusted


# --------------------------------------------------------------------------- the score table


def _check_score_table(scores, name: str = "scores") -> tuple[np.ndarray, tuple | None]:
    """A finite (n_datasets, k) table with n >= 2, k >= 2; also the column names of a data frame."""
    columns = None
    if hasattr(scores, "columns") and hasattr(scores, "to_numpy"):  # a pandas DataFrame
        columns = tuple(str(c) for c in scores.columns)
        scores = scores.to_numpy()
    arr = check_real_array(scores, name, ndim=2, what="a 2-D array of numbers (data sets x algorithms)")
    n, k = arr.shape
    if k < 2:
        raise ValueError(f"{name} must have at least 2 algorithms (columns), got {k}")
    if n < 2:
        raise ValueError(f"{name} must have at least 2 data sets (rows), got {n}")
    return arr, columns


def _check_names(names, k: int, columns) -> tuple:
    if names is None:
        return columns if columns is not None else tuple(f"algorithm {i}" for i in range(k))
    if isinstance(names, (str, bytes)):
        raise TypeError(f"names must be a sequence of {k} strings, got the string {names!r}")
    try:
        names = tuple(names)
    except TypeError:
        raise TypeError(f"names must be a sequence of {k} strings, got {_show(names)}") from None
    if len(names) != k:
        raise ValueError(
            f"names must have one entry per algorithm (column): got {len(names)} names for {k} columns"
        )
    names = tuple(str(s) for s in names)
    if len(set(names)) != k:
        raise ValueError(f"names must be distinct, got {names!r}")
    return names


def _check_test_options(test: str, test_options) -> dict:
    if test_options is None:
        return {}
    if not isinstance(test_options, dict):
        raise TypeError(
            f"test_options must be a dict of options for test={test!r}, got {_show(test_options)}"
        )
    allowed = _TEST_OPTIONS[test]
    unknown = [key for key in test_options if key not in allowed]
    if unknown:
        raise ValueError(
            f"test_options for test={test!r} may set {allowed if allowed else 'nothing'}, got {unknown!r}"
        )
    return dict(test_options)


def _mean_ranks(arr: np.ndarray, higher_is_better: bool) -> np.ndarray:
    """Average rank of each algorithm over the data sets, 1 = best (mid-ranks for ties)."""
    return rankdata(-arr if higher_is_better else arr, axis=1).mean(axis=0)


def _pair_test(test: str, x: np.ndarray, y: np.ndarray, higher_is_better: bool, options: dict,
               decimals: int = 12):
    """(statistic, p-value, effect) of one pair, oriented so that effect > 0 means x is better."""
    # differences equal in decimal (0.12 - 0.10 and 0.17 - 0.15) stay equal: binary round-off
    # must not break the ties that Wilcoxon's mid-ranks are there for
    diff = np.round(x - y, decimals)
    d = diff if higher_is_better else -diff
    if test == "wilcoxon":
        res = wilcoxon_signed_rank(diff, **options)
        return res.statistic, res.pvalue, float(np.median(d))
    if test == "sign":
        res = sign_test(x, y, higher_is_better=higher_is_better, **options)
        return (res.statistic, res.n - res.statistic), res.pvalue, float(np.median(d))
    res = paired_ttest(x, y)  # "ttest"
    sign = 1.0 if higher_is_better else -1.0
    return sign * res.statistic, res.pvalue, float(np.mean(d))


def _effect_name(test: str, higher_is_better: bool) -> str:
    if test == "nemenyi":
        return "difference of average ranks, column minus row (> 0: row better)"
    summary = "mean" if test == "ttest" else "median"
    if higher_is_better:
        return f"{summary} over the data sets of the score of row minus column (> 0: row better)"
    return f"{summary} over the data sets of the score of column minus row (lower is better; > 0: row better)"


def _groups(significant: np.ndarray, mean_ranks: np.ndarray) -> tuple:
    """Maximal runs of the mean-rank order in which no pair differs significantly (2 or more members)."""
    order = np.argsort(mean_ranks, kind="stable")
    k = order.size
    same = ~significant[np.ix_(order, order)]
    runs = []
    reach = -1
    for start in range(k):
        end = start
        while end + 1 < k and same[start : end + 2, end + 1].all():
            end += 1
        if end > start and end > reach:
            runs.append(tuple(int(c) for c in order[start : end + 1]))
        reach = max(reach, end)
    return tuple(runs)


def _fmt_p(p: float) -> str:
    return f"{p:.3g}" if p >= 1e-3 else f"{p:.2e}"


# --------------------------------------------------------------------------- all pairs


@dataclasses.dataclass(frozen=True)
class PairwiseComparisons(TestResult):
    """Result of :func:`pairwise_comparisons`.

    Attributes
    ----------
    statistic : float
        The test statistic of the most significant pair (smallest raw
        p-value), oriented as ``statistics``.
    pvalue : float
        The smallest adjusted p-value: the p-value of "some pair differs"
        under the chosen procedure.
    test, adjust : str
        The options used.
    alpha : float
        Level of the decisions in ``significant``.
    error_rate : str
        What the decisions control: ``"FWER"`` (family-wise error rate),
        ``"FDR"`` (false discovery rate, for ``"bh"`` and ``"by"``) or
        nothing (``"none"``). With ``test="nemenyi"`` the promise holds when
        all algorithms are exchangeable (see the Notes of
        :func:`pairwise_comparisons`).
    names : tuple of str
        Algorithm names, in column order.
    mean_ranks : ndarray, shape (k,)
        Average rank of each algorithm over the data sets (1 = best); the
        order of the groups.
    raw_pvalues, pvalues : ndarray, shape (k, k)
        Unadjusted and adjusted two-sided p-values (symmetric, 1 on the
        diagonal).
    significant : ndarray of bool, shape (k, k)
        ``pvalues <= alpha`` (False on the diagonal).
    effect : ndarray, shape (k, k)
        Effect of each pair, described by ``effect_name``; antisymmetric,
        positive when the row's algorithm is the better one.
    effect_name : str
        What ``effect`` measures.
    statistics : ndarray, shape (k, k)
        Test statistic of each pair: Wilcoxon's T = min(R+, R-) (symmetric);
        the sign test's count of the row's wins (ties split); Student's t
        and the mean-rank z, positive when the row is better.
    groups : tuple of tuple of int
        Maximal sets of algorithms, consecutive in the order of average
        ranks, in which no pair differs significantly (two or more
        members): the bars of a critical-difference diagram.
    n_datasets : int
        N, the number of data sets.
    higher_is_better : bool
        The orientation of the scores.
    """

    statistic: float
    pvalue: float
    test: str
    adjust: str
    alpha: float
    error_rate: str
    names: tuple
    mean_ranks: np.ndarray
    raw_pvalues: np.ndarray
    pvalues: np.ndarray
    significant: np.ndarray
    effect: np.ndarray
    effect_name: str
    statistics: np.ndarray
    groups: tuple
    n_datasets: int
    higher_is_better: bool

    def pairs(self) -> list:
        """One dict per pair, the most significant first.

        Keys: ``"pair"`` (the two names, better one first), ``"better"``
        (index of the better one; None when the effect is 0), ``"effect"``
        (>= 0), ``"raw_pvalue"``, ``"pvalue"`` (adjusted), ``"significant"``.
        """
        k = len(self.names)
        rows = []
        for i, j in zip(*np.triu_indices(k, 1)):
            e = float(self.effect[i, j])
            a, b = (i, j) if e >= 0 else (j, i)
            rows.append(dict(
                pair=(self.names[a], self.names[b]),
                better=None if e == 0 else int(a),
                effect=abs(e),
                raw_pvalue=float(self.raw_pvalues[i, j]),
                pvalue=float(self.pvalues[i, j]),
                significant=bool(self.significant[i, j]),
            ))
        rows.sort(key=lambda r: (r["raw_pvalue"], r["pvalue"]))
        return rows

    def __str__(self) -> str:
        rows = self.pairs()
        width = max(len(f"{r['pair'][0]} vs {r['pair'][1]}") for r in rows)
        lines = [
            fill(f"Pairwise comparisons of {len(self.names)} algorithms on {self.n_datasets} data sets: "
                 f"test={self.test!r}, adjust={self.adjust!r} ({self.error_rate} at alpha = {self.alpha:g})",
                 WIDTH, rest="  "),
            fill(f"effect: {self.effect_name}", WIDTH, "  ", "    "),
            f"  {'pair (better first)':<{width}}  {'effect':>9}  {'raw p':>9}  {'adjusted':>9}",
        ]
        for r in rows:
            label = f"{r['pair'][0]} vs {r['pair'][1]}"
            mark = "  *" if r["significant"] else ""
            lines.append(f"  {label:<{width}}  {r['effect']:9.4g}  {_fmt_p(r['raw_pvalue']):>9}  "
                         f"{_fmt_p(r['pvalue']):>9}{mark}")
        groups = "; ".join("{" + ", ".join(self.names[i] for i in g) + "}" for g in self.groups) or "none"
        lines.append(fill(f"groups not significantly different: {groups}", WIDTH, "  ", "    "))
        return "\n".join(lines)


def _pairwise_raw(arr, test, higher_is_better, options, mean_ranks):
    """Raw p-values, statistics and effects of all pairs (k x k)."""
    n, k = arr.shape
    raw = np.ones((k, k))
    stats = np.zeros((k, k))
    effect = np.zeros((k, k))
    if test == "nemenyi":
        se = math.sqrt(k * (k + 1.0) / (6.0 * n))
        gap = mean_ranks[None, :] - mean_ranks[:, None]  # column minus row: > 0 when the row ranks better
        stats = gap / se
        raw = np.minimum(1.0, 2.0 * special.ndtr(-np.abs(stats)))
        np.fill_diagonal(raw, 1.0)
        return raw, stats, gap
    decimals = significant_decimals(arr)
    for i, j in zip(*np.triu_indices(k, 1)):
        statistic, p, e = _pair_test(test, arr[:, i], arr[:, j], higher_is_better, options, decimals)
        raw[i, j] = raw[j, i] = p
        effect[i, j], effect[j, i] = e, -e
        if test == "wilcoxon":
            stats[i, j] = stats[j, i] = statistic
        elif test == "sign":  # wins of i and of j, as the test counts them
            stats[i, j], stats[j, i] = statistic
        else:
            stats[i, j], stats[j, i] = statistic, -statistic
    return raw, stats, effect


def _not_transitive_message(test: str, adjust: str) -> str:
    """Why adjust='shaffer' / 'bergmann-hommel' is refused with a Wilcoxon or sign test, and what to use."""
    return (
        f"adjust={adjust!r} cannot be used with test={test!r}: Shaffer's and Bergmann-Hommel's procedures "
        "assume that 'A = B' and 'B = C' imply 'A = C', which holds when each pairwise null is an equality "
        f"of one parameter per algorithm; the null of test={test!r} ({_PAIR_NULLS[test]}) is a statement "
        "about each pair's differences, and A - B and B - C can satisfy it while A - C does not. Then these "
        "procedures lose their error control (three algorithms, N = 100 data sets: family-wise error 0.076 "
        "at nominal 0.05, see lecture_lib.simulate.posthoc_error_rates('non-transitive', 100, "
        "adjusts=('holm', 'shaffer'))). Use adjust='holm' (valid for any p-values; 'hochberg' or 'hommel' "
        "when the p-values are positively dependent), or Shaffer/Bergmann-Hommel with test='ttest' (paired "
        "t: one mean score per algorithm) or test='nemenyi' (García and Herrera's mean-rank z: one expected "
        "rank per algorithm, valid when all algorithms are exchangeable)"
    )


def pairwise_comparisons(
    scores,
    test: str = "wilcoxon",
    adjust: str = "holm",
    higher_is_better: bool = True,
    alpha: float = 0.05,
    *,
    names=None,
    test_options=None,
) -> PairwiseComparisons:
    """Compare every pair of algorithms over many data sets, with a multiplicity adjustment.

    Parameters
    ----------
    scores : array_like or pandas.DataFrame, shape (n_datasets, k)
        One row per data set, one column per algorithm; at least 2 of each.
        A data frame's column names become ``names``.
    test : {"wilcoxon", "sign", "nemenyi", "ttest"}, optional
        The test of each pair. ``"wilcoxon"`` (default): Wilcoxon's
        signed-rank test on the paired scores
        (:func:`lecture_lib.wilcoxon_signed_rank`); ``"sign"``: the sign
        test (:func:`lecture_lib.sign_test`); ``"nemenyi"``: the difference of
        the two average ranks in the Friedman ranking of all k algorithms,
        :math:`z = (R_j - R_i) / \\sqrt{k(k+1)/(6N)}`, two-sided normal
        p-value (the statistic of Nemenyi's test and of García & Herrera's
        procedures; its level is exact when all k algorithms are
        exchangeable, see Notes); ``"ttest"``: the paired t-test
        (:func:`lecture_lib.paired_ttest`), which needs commensurable scores
        and roughly normal differences (Demšar 2006 advises against it).
    adjust : str, optional
        One of "holm" (default), "none", "bonferroni", "hochberg", "hommel",
        "bh", "by", "shaffer", "bergmann-hommel", "studentized-range".
        The multiplicity adjustment of the k(k - 1)/2 p-values
        (:func:`adjust_pairwise_pvalues`). ``"studentized-range"`` (only with
        ``test="nemenyi"``) is Nemenyi's own single-step adjustment, the
        p-values of :func:`lecture_lib.nemenyi`. ``"shaffer"`` and
        ``"bergmann-hommel"`` only with ``test="ttest"`` or ``"nemenyi"``
        (a ValueError otherwise; see Notes). ``"bh"`` and ``"by"`` control
        the false discovery rate, all others but ``"none"`` the family-wise
        error rate.
    higher_is_better : bool, optional
        True for accuracies (default), False for errors. Decides the ranks
        and the sign of the effects; p-values are two-sided and do not
        depend on it.
    alpha : float, optional
        Level of the decisions and the groups, in (0, 1).
    names : sequence of str, optional
        Algorithm names (default: a data frame's columns, else
        "algorithm 0", ...).
    test_options : dict, optional
        Passed on to the pairwise test: ``zero_method``, ``method`` and
        ``correction`` for ``"wilcoxon"``, ``ties`` for ``"sign"``.

    Returns
    -------
    result : PairwiseComparisons
        ``raw_pvalues``, ``pvalues`` (adjusted), ``significant``,
        ``effect`` (with ``effect_name``), ``statistics``, ``mean_ranks``,
        ``groups``, and the smallest adjusted p-value as ``pvalue``;
        ``pairs()`` lists them pair by pair; ``print(result)`` shows a table.

    Notes
    -----
    H0 for each pair (i, j): algorithms i and j perform equally on a
    typical data set (Wilcoxon: the differences are symmetric about 0; sign
    test: each wins with probability 1/2; t-test: mean difference 0;
    ``"nemenyi"``: equal expected average ranks).

    The Wilcoxon, sign and t tests look only at the two columns they
    compare. The mean-rank z of ``"nemenyi"`` does not: the ranks of i and
    j on each data set depend on where the other algorithms fall, so adding
    or removing a third algorithm changes the p-value of "i = j" (Benavoli,
    Corani & Mangili 2016). Its standard error
    :math:`\\sqrt{k(k+1)/(6N)}` is the one of the complete null, where all k
    algorithms are exchangeable (every order equally likely on a data
    set). With some algorithms different, the level for a pair with equal
    expected ranks depends on the others: lower when the others always
    rank above or below the pair, higher when they fall between its
    members. Example: A and B exchangeable, one best and the other worst on
    each data set, C always in the middle. All three have the same mean
    score and expected rank, yet :math:`r_A - r_B = \\pm 2` has variance 4
    instead of the assumed 2, and Nemenyi's test rejects "A = B" in 8.1 %
    of benchmarks of N = 40 data sets at nominal 5 % (9.7 % as N grows;
    the ``"always-middle"`` configuration of
    :func:`lecture_lib.simulate.posthoc_error_rates`). This is why the
    course recommends Wilcoxon with Holm for all pairs.

    *Which adjustments keep their promise.* Holm's procedure controls the
    family-wise error rate in the strong sense (whichever hypotheses are
    true) for any valid p-values, so Wilcoxon, sign or t-tests with Holm
    do. Shaffer's and Bergmann-Hommel's procedures also use the logic
    "A = B and B = C imply A = C", which holds only when each null is an
    equality of one parameter per algorithm: the mean score (``"ttest"``)
    or the expected rank (``"nemenyi"``, as García & Herrera 2008 use
    them). The null of a pairwise Wilcoxon test (the differences of the
    pair are symmetric about 0) or sign test (each wins with probability
    1/2) is not of that form, and with it these procedures can exceed
    their level (three algorithms, 100 data sets: 7.6 % at nominal 5 %,
    9.6 % with 300), so this function refuses the combination. With ``"nemenyi"`` they
    inherit the mean-rank test's dependence on the pool described above.

    The adjustments control their error rate whatever the omnibus test
    (Friedman) says, so they do not need to be gated on it; when both are
    run, report both. An adjusted p-value is a bound on the level at which
    the hypothesis would be rejected within this family, not a probability
    that it is true; a pair that is not significant is "no evidence of a
    difference", not "equal".

    ``effect`` is descriptive: the median (Wilcoxon, sign) or mean (t-test)
    of the per-data-set differences, or the difference of average ranks.
    The differences are rounded to 12 significant digits of the table's
    largest score before ranking, so that differences equal in decimal
    (0.12 - 0.10 and 0.17 - 0.15) tie, as Wilcoxon's mid-ranks intend,
    instead of being ordered by binary round-off (scipy and R do not round:
    on tables of 2-decimal scores their signed-rank p-values can differ from
    these).

    Groups: the algorithms are sorted by average rank; a group is a maximal
    run of consecutive algorithms in which no pair is significant (the
    thick bars of Demšar's diagram). With a single critical difference
    (``"studentized-range"``) these are the groups of
    :func:`lecture_lib.cd_cliques`; with pair-specific decisions a
    non-significant pair separated by an algorithm that differs from one of
    them is in no common group, so read ``significant`` for every pair.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. JMLR 7, 1-30.
    .. [2] García, S., & Herrera, F. (2008). An extension on "Statistical
       comparisons of classifiers over multiple data sets" for all pairwise
       comparisons. JMLR 9, 2677-2694.
    .. [3] Benavoli, A., Corani, G., & Mangili, F. (2016). Should we really
       use post-hoc tests based on mean-ranks? JMLR 17(5), 1-10.

    Examples
    --------
    >>> from lecture_lib import appml_benchmark, pairwise_comparisons
    >>> bench = appml_benchmark()  # source 001: classification errors, 16 tasks x 6 learners
    >>> res = pairwise_comparisons(bench.scores, "wilcoxon", "holm", higher_is_better=False,
    ...                            names=bench.algorithms)
    >>> i, j = bench.algorithms.index("ranger"), bench.algorithms.index("rpart")
    >>> (round(float(res.effect[i, j]), 3), round(float(res.raw_pvalues[i, j]), 5),
    ...  round(float(res.pvalues[i, j]), 4))
    (0.065, 0.00012, 0.0012)
    >>> [[res.names[a] for a in g] for g in res.groups]
    [['ranger', 'svm'], ['svm', 'kknn', 'rpart'], ['kknn', 'rpart', 'cv_glmnet']]

    ranger's error is lower than rpart's by 0.065 at the median over the 16
    tasks. Signed ranks this lopsided have probability 0.00012 under H0, and
    the Holm-adjusted p-value for the family of 15 pairs is 0.0012: evidence
    at the 5 % family-wise level that ranger is the better of the two.
    ranger and svm cannot be told apart (no evidence of a difference, which
    is not evidence that they are equal), nor can the learners of the
    other two groups; the featureless baseline is in no group.
    """
    arr, columns = _check_score_table(scores)
    test = check_option(test, "test", POSTHOC_TESTS)
    adjust = check_option(adjust, "adjust", PAIRWISE_ADJUSTMENTS)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    alpha = check_alpha(alpha)
    n, k = arr.shape
    names = _check_names(names, k, columns)
    options = _check_test_options(test, test_options)
    if adjust == "studentized-range" and test != "nemenyi":
        raise ValueError(
            "adjust='studentized-range' is Nemenyi's adjustment of differences of average ranks and needs "
            f"test='nemenyi', got test={test!r}"
        )
    if adjust in _LOGICAL_ADJUSTMENTS and test not in _TRANSITIVE_TESTS:
        raise ValueError(_not_transitive_message(test, adjust))
    if adjust == "bergmann-hommel":
        check_bergmann_hommel_k(k, "adjust")
    mean_ranks = _mean_ranks(arr, higher_is_better)
    raw, stats, effect = _pairwise_raw(arr, test, higher_is_better, options, mean_ranks)
    upper = np.triu_indices(k, 1)
    if adjust == "studentized-range":
        adjusted = np.array(nemenyi(arr, alpha=alpha, higher_is_better=higher_is_better).pvalues, dtype=float)
    else:
        adjusted = np.ones((k, k))
        adjusted[upper] = adjust_pairs(raw[upper], k, adjust)
        adjusted[upper[1], upper[0]] = adjusted[upper]
    significant = adjusted <= alpha
    np.fill_diagonal(significant, False)
    best = int(np.argmin(raw[upper]))
    i, j = int(upper[0][best]), int(upper[1][best])
    if effect[i, j] < 0:
        i, j = j, i
    for arr_out in (raw, adjusted, significant, effect, stats, mean_ranks):
        arr_out.setflags(write=False)
    return PairwiseComparisons(
        statistic=float(stats[i, j]),
        pvalue=float(adjusted[upper].min()),
        test=test,
        adjust=adjust,
        alpha=alpha,
        error_rate=_ERROR_RATE.get(adjust, "FWER"),
        names=names,
        mean_ranks=mean_ranks,
        raw_pvalues=raw,
        pvalues=adjusted,
        significant=significant,
        effect=effect,
        effect_name=_effect_name(test, higher_is_better),
        statistics=stats,
        groups=_groups(significant, mean_ranks),
        n_datasets=int(n),
        higher_is_better=higher_is_better,
    )


# --------------------------------------------------------------------------- one control against the others


@dataclasses.dataclass(frozen=True)
class ControlComparisons(TestResult):
    """Result of :func:`control_comparisons`.

    Attributes
    ----------
    statistic : float
        The test statistic of the most significant comparison.
    pvalue : float
        The smallest adjusted p-value.
    test, adjust : str
        The options used.
    alpha : float
        Level of the decisions.
    error_rate : str
        ``"FWER"``, ``"FDR"`` or none, as in :class:`PairwiseComparisons`
        (with ``test="nemenyi"``, when all algorithms are exchangeable).
    names : tuple of str
        Algorithm names, in column order.
    control : int
        Column index of the control.
    others : tuple of int
        Column indices of the other algorithms, in the order of the arrays
        below.
    mean_ranks : ndarray, shape (k,)
        Average ranks (1 = best).
    raw_pvalues, pvalues : ndarray, shape (k - 1,)
        Unadjusted and adjusted two-sided p-values.
    significant : ndarray of bool, shape (k - 1,)
        ``pvalues <= alpha``.
    effect : ndarray, shape (k - 1,)
        Effect of the control against each other algorithm, positive when
        the control is better (see ``effect_name``).
    effect_name : str
        What ``effect`` measures.
    statistics : ndarray, shape (k - 1,)
        Test statistic of each comparison (as in
        :class:`PairwiseComparisons`, with the control as the row).
    n_datasets : int
        N.
    higher_is_better : bool
        The orientation of the scores.
    """

    statistic: float
    pvalue: float
    test: str
    adjust: str
    alpha: float
    error_rate: str
    names: tuple
    control: int
    others: tuple
    mean_ranks: np.ndarray
    raw_pvalues: np.ndarray
    pvalues: np.ndarray
    significant: np.ndarray
    effect: np.ndarray
    effect_name: str
    statistics: np.ndarray
    n_datasets: int
    higher_is_better: bool

    def __str__(self) -> str:
        control = self.names[self.control]
        width = max(len(self.names[i]) for i in self.others)
        effect = self.effect_name.replace('row', 'control').replace('column', 'other')
        lines = [
            fill(f"{control} against {len(self.others)} other algorithms on {self.n_datasets} data sets: "
                 f"test={self.test!r}, adjust={self.adjust!r} ({self.error_rate} at alpha = {self.alpha:g})",
                 WIDTH, rest="  "),
            fill(f"effect of {control}: {effect}", WIDTH, "  ", "    "),
            f"  {'other':<{width}}  {'effect':>9}  {'raw p':>9}  {'adjusted':>9}",
        ]
        for n, i in enumerate(self.others):
            mark = "  *" if self.significant[n] else ""
            lines.append(f"  {self.names[i]:<{width}}  {self.effect[n]:9.4g}  "
                         f"{_fmt_p(self.raw_pvalues[n]):>9}  {_fmt_p(self.pvalues[n]):>9}{mark}")
        return "\n".join(lines)


def _check_control(control, names: tuple) -> int:
    k = len(names)
    if isinstance(control, (bool, np.bool_)):
        raise TypeError(f"control must be a column index (int) or an algorithm name, got {control!r}")
    if isinstance(control, str):
        if control not in names:
            raise ValueError(
                f"control must be one of the algorithm names {names!r} or a column index, got {control!r}"
            )
        return names.index(control)
    if not isinstance(control, numbers.Integral):
        raise TypeError(f"control must be a column index (int) or an algorithm name, got {_show(control)}")
    if not 0 <= int(control) < k:
        raise ValueError(f"control must be a column index in [0, {k - 1}], got {int(control)}")
    return int(control)


def control_comparisons(
    scores,
    control,
    test: str = "wilcoxon",
    adjust: str = "holm",
    higher_is_better: bool = True,
    alpha: float = 0.05,
    *,
    names=None,
    test_options=None,
) -> ControlComparisons:
    """Compare one control algorithm with each of the others, with a multiplicity adjustment.

    Parameters
    ----------
    scores : array_like or pandas.DataFrame, shape (n_datasets, k)
        As for :func:`pairwise_comparisons`.
    control : int or str
        Column index or name of the control (a new method, or a baseline),
        chosen before looking at the results.
    test : {"wilcoxon", "sign", "nemenyi", "ttest"}, optional
        As for :func:`pairwise_comparisons`. ``"nemenyi"`` gives the
        mean-rank z of Demšar (2006, section 3.2.2): with
        ``adjust="bonferroni"`` it is the Bonferroni-Dunn test, with
        ``"holm"`` Demšar's Holm procedure (:func:`lecture_lib.bonferroni_dunn`),
        whose level is exact only when all k algorithms are exchangeable
        (see Notes).
    adjust : {"holm", "none", "bonferroni", "hochberg", "hommel", "bh", "by"}, optional
        The adjustment of the k - 1 p-values (:func:`lecture_lib.adjust_pvalues`).
        Shaffer's and Bergmann-Hommel's procedures bring nothing here: any
        subset of the k - 1 hypotheses "other = control" can be true while
        the rest are false, so they reduce to Holm.
    higher_is_better : bool, optional
        True for accuracies, False for errors.
    alpha : float, optional
        Level of the decisions, in (0, 1).
    names : sequence of str, optional
        Algorithm names (default: a data frame's columns).
    test_options : dict, optional
        As for :func:`pairwise_comparisons`.

    Returns
    -------
    result : ControlComparisons
        ``others``, ``raw_pvalues``, ``pvalues``, ``significant``, ``effect``
        (the control's advantage), ``statistics``, ``mean_ranks``.

    Notes
    -----
    H0 for each other algorithm i: i and the control perform equally. Only
    k - 1 hypotheses are tested instead of k(k - 1)/2, so the adjustment is
    milder and the comparisons more powerful, provided the control was
    singled out before the experiment. Holm's step-down compares the
    sorted p-values with :math:`\\alpha/(k-1), \\alpha/(k-2), \\dots`; it
    is valid under any dependence and never less powerful than Bonferroni
    (Dunn).

    With valid p-values (Wilcoxon, sign, t) Holm controls the family-wise
    error rate in the strong sense: whichever of the k - 1 hypotheses are
    true. The mean-rank z of ``"nemenyi"`` (Bonferroni-Dunn's test) controls
    it when all algorithms are exchangeable (the complete null); with some
    algorithms different, its level for an algorithm that equals the
    control depends on the rest of the pool. With A the control, B
    exchangeable with it (one best and the other worst on each data set)
    and C always in the middle, all expected ranks are equal, yet
    Bonferroni-Dunn rejects "B = A" in 8.1 % of benchmarks of 40 data sets
    at nominal 5 % (11.3 % as N grows): the ``"always-middle"``
    configuration of :func:`lecture_lib.simulate.posthoc_error_rates`. As
    with all pairs, the Wilcoxon, sign and t tests do not depend on which
    other algorithms are in the pool; the mean-rank z does.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. JMLR 7, 1-30.
    .. [2] Holm, S. (1979). A simple sequentially rejective multiple test
       procedure. Scandinavian Journal of Statistics 6(2), 65-70.

    Examples
    --------
    >>> from lecture_lib import appml_benchmark, control_comparisons
    >>> bench = appml_benchmark()
    >>> res = control_comparisons(bench.scores, "ranger", higher_is_better=False,
    ...                           names=bench.algorithms)
    >>> [bench.algorithms[i] for i in res.others]
    ['featureless', 'cv_glmnet', 'rpart', 'kknn', 'svm']
    >>> res.effect.round(3), res.pvalues.round(4)
    (array([0.37 , 0.12 , 0.065, 0.03 , 0.005]), array([0.0002, 0.0017, 0.0004, 0.0002, 0.1941]))

    With ranger as the control, its median error is lower than each other
    learner's (positive effects: the control is better); four of the five
    differences are significant after Holm's adjustment for 5 comparisons.
    Against svm (median advantage 0.005, adjusted p = 0.19) there is no
    evidence of a difference.
    """
    arr, columns = _check_score_table(scores)
    test = check_option(test, "test", POSTHOC_TESTS)
    if adjust in ("shaffer", "bergmann-hommel", "studentized-range"):
        raise ValueError(
            f"adjust={adjust!r} is for all pairwise comparisons; against a control use one of "
            f"{CONTROL_ADJUSTMENTS} ('holm' is what Shaffer's and Bergmann-Hommel's procedures reduce to "
            "here)"
        )
    adjust = check_option(adjust, "adjust", CONTROL_ADJUSTMENTS)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    alpha = check_alpha(alpha)
    n, k = arr.shape
    names = _check_names(names, k, columns)
    control = _check_control(control, names)
    options = _check_test_options(test, test_options)
    mean_ranks = _mean_ranks(arr, higher_is_better)
    others = tuple(i for i in range(k) if i != control)
    if test == "nemenyi":
        se = math.sqrt(k * (k + 1.0) / (6.0 * n))
        effect = mean_ranks[list(others)] - mean_ranks[control]
        stats = effect / se
        raw = np.minimum(1.0, 2.0 * special.ndtr(-np.abs(stats)))
    else:
        decimals = significant_decimals(arr)
        triples = [
            _pair_test(test, arr[:, control], arr[:, i], higher_is_better, options, decimals) for i in others
        ]
        stats = np.array([t[0][0] if test == "sign" else t[0] for t in triples], dtype=float)
        raw = np.array([t[1] for t in triples], dtype=float)
        effect = np.array([t[2] for t in triples], dtype=float)
    adjusted = adjust_family(raw, adjust)
    significant = adjusted <= alpha
    best = int(np.argmin(raw))
    for arr_out in (raw, adjusted, significant, effect, stats, mean_ranks):
        arr_out.setflags(write=False)
    return ControlComparisons(
        statistic=float(stats[best]),
        pvalue=float(adjusted.min()),
        test=test,
        adjust=adjust,
        alpha=alpha,
        error_rate=_ERROR_RATE.get(adjust, "FWER"),
        names=names,
        control=control,
        others=others,
        mean_ranks=mean_ranks,
        raw_pvalues=raw,
        pvalues=adjusted,
        significant=significant,
        effect=effect,
        effect_name=_effect_name(test, higher_is_better),
        statistics=stats,
        n_datasets=int(n),
        higher_is_better=higher_is_better,
    )


# --------------------------------------------------------------------------- fixtures


def posthoc_examples() -> dict:
    """The published score tables of the post-hoc chapter, keyed by ``key``.

    Returns
    -------
    examples : dict of str to BenchmarkTable
        ``"demsar2006_table6"`` (four C4.5 variants, 14 data sets, AUC; the
        columns C4.5 and C4.5+m are those of
        ``wilcoxon_example("demsar2006_table2")``) and
        ``"garcia_herrera2008_30x5"`` (five classifiers, 30 data sets,
        accuracy). Each with its source, provenance, the values the source
        prints and notes. Source 001's 16 x 6 benchmark is
        :func:`lecture_lib.appml_benchmark`.

    Examples
    --------
    >>> from lecture_lib import posthoc_examples
    >>> {key: table.scores.shape for key, table in posthoc_examples().items()}
    {'demsar2006_table6': (14, 4), 'garcia_herrera2008_30x5': (30, 5)}
    """
    out = {}
    for item in load("posthoc_examples.json")["examples"]:
        algorithms = tuple(item["algorithms"])
        if "from_table2" in item:  # Demšar's Table 6 shares two columns with his Table 2
            table2 = wilcoxon_example("demsar2006_table2")
            columns = {name: getattr(table2, field) for name, field in item["from_table2"].items()}
            columns.update(item["columns"])
            scores = np.column_stack([np.asarray(columns[name], dtype=float) for name in algorithms])
            datasets = tuple(table2.datasets)
        else:
            scores = np.array(item["scores"], dtype=float)
            datasets = tuple(item["datasets"])
        scores.setflags(write=False)
        out[item["key"]] = BenchmarkTable(
            key=item["key"],
            title=item["title"],
            source=item["source"],
            provenance=item["provenance"],
            measure=item["measure"],
            algorithms=algorithms,
            datasets=datasets,
            scores=scores,
            higher_is_better=True,
            printed=item["printed"],  # load gave a fresh copy: the cached fixture stays intact
            decimals=dict(item["decimals"]),
            reproducible=tuple(item["reproducible"]),
            notes=item["notes"],
        )
    return out


def posthoc_example(key: str):
    """One table of :func:`posthoc_examples` by key.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import posthoc_example, pairwise_comparisons
    >>> table = posthoc_example("demsar2006_table6")
    >>> table.algorithms
    ('C4.5', 'C4.5+m', 'C4.5+cf', 'C4.5+m+cf')
    >>> res = pairwise_comparisons(table.scores, "nemenyi", "studentized-range", alpha=0.10,
    ...                            names=table.algorithms)
    >>> [(res.names[i], res.names[j]) for i, j in zip(*np.nonzero(np.triu(res.significant)))]
    [('C4.5', 'C4.5+m'), ('C4.5', 'C4.5+m+cf')]

    At the 10 % level Nemenyi's test finds C4.5 worse than C4.5+m and
    C4.5+m+cf, as Demšar (2006) reports; C4.5+cf falls in no conclusion.
    """
    return pick(posthoc_examples(), key)

