"""McNemar's test: two trained classifiers, one test set.

Taught in chapter 2 (``notebooks/02-mcnemar``).
"""

from __future__ import annotations

import dataclasses
import itertools
import types
from typing import ClassVar

import numpy as np
from scipy import special

from ._interval_formulas import bonett_price, disagreement_intervals
from ._mcnemar_options import MCNEMAR_METHODS, TEXTBOOK_EXACT_BELOW, check_mcnemar_method
from ._results import Interval, TestResult
from ._tails import binomial_half_two_sided, chi2_1_sf
from ._validation import (
    check_comparable,
    check_count_table,
    check_counts,
    check_labels,
    check_probability,
    check_same_length,
)

__all__ = [
    "MCNEMAR_METHODS",
    "MCNEMAR_INTERVALS",
    "TEXTBOOK_EXACT_BELOW",
    "McNemarResult",
    "mcnemar_table",
    "mcnemar_tables",
    "mcnemar",
    "mcnemar_pvalues",
]

#: For each test of :func:`mcnemar`, the interval of :func:`lecture_lib.proportion_interval` that
#: inverts it (for the share b / (b + c) of the disagreements won by model 1): it excludes 1/2
#: exactly when the test has p <= 1 - confidence. Read-only.
MCNEMAR_INTERVALS = types.MappingProxyType(
    {"midp": "midp", "exact": "clopper-pearson", "chi2": "wilson", "corrected": "wilson-cc"}
)


def _correct(y_true, y_pred, name_pred):
    pred = check_labels(y_pred, name_pred)
    check_comparable(y_true, "y_true", pred, name_pred)
    return pred


def mcnemar_table(y_true, y_pred_1, y_pred_2) -> np.ndarray:
    """The 2x2 table of agreement in correctness of two classifiers.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class labels (any labels: binary or multiclass, numbers or text).
    y_pred_1, y_pred_2 : array_like, shape (n,)
        Labels predicted by model 1 and model 2 for the same examples.

    Returns
    -------
    table : ndarray of int64, shape (2, 2)
        ``[[a, b], [c, d]]`` where a = both correct, b = model 1 correct and
        model 2 wrong, c = model 1 wrong and model 2 correct, d = both wrong.

    Notes
    -----
    A prediction is correct when it equals the true label, so the table is
    the same for binary and multiclass problems. Only the off-diagonal cells
    b and c enter McNemar's test. The counting costs two comparisons and
    three counts over the data: a = #(both), b = #(1 correct) - a,
    c = #(2 correct) - a, d = n - a - b - c.

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    Examples
    --------
    >>> from lecture_lib import mcnemar_table
    >>> mcnemar_table([0, 1, 1, 0, 2], [0, 1, 0, 1, 2], [0, 0, 1, 1, 1])
    array([[1, 2],
           [1, 1]])

    One example (the first) is right for both models, two are right only for
    model 1, one only for model 2, and one is wrong for both.
    """
    y_true = check_labels(y_true, "y_true")
    y_pred_1 = _correct(y_true, y_pred_1, "y_pred_1")
    y_pred_2 = _correct(y_true, y_pred_2, "y_pred_2")
    n = check_same_length(y_true=y_true, y_pred_1=y_pred_1, y_pred_2=y_pred_2)
    correct_1 = y_pred_1 == y_true
    correct_2 = y_pred_2 == y_true
    return _table_from_correct(correct_1, correct_2, n)


def _table_from_correct(correct_1: np.ndarray, correct_2: np.ndarray, n: int) -> np.ndarray:
    n1 = np.count_nonzero(correct_1)
    n2 = np.count_nonzero(correct_2)
    a = np.count_nonzero(correct_1 & correct_2)
    b = n1 - a
    c = n2 - a
    return np.array([[a, b], [c, n - a - b - c]], dtype=np.int64)


def mcnemar_tables(y_true, *y_preds) -> dict[tuple[int, int], np.ndarray]:
    """McNemar tables for every pair of two or more models.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class labels.
    *y_preds : array_like, shape (n,)
        Predictions of two or more models.

    Returns
    -------
    tables : dict
        ``{(i, j): table}`` for every pair ``i < j`` (0-based model indices);
        each table is laid out as in :func:`mcnemar_table` with model i as
        "model 1".

    Notes
    -----
    Each prediction is compared with the truth once; the pairs then only
    count. Taught in chapters 2 and 3.

    Examples
    --------
    >>> from lecture_lib import mcnemar_tables
    >>> tables = mcnemar_tables([1, 1, 0, 0], [1, 1, 0, 1], [1, 0, 0, 0], [0, 0, 0, 0])
    >>> sorted(tables)
    [(0, 1), (0, 2), (1, 2)]
    >>> tables[0, 2]
    array([[1, 2],
           [1, 0]])

    Model 0 is right on two examples where model 2 is wrong, and wrong on one
    where model 2 is right.
    """
    if len(y_preds) < 2:
        raise ValueError(f"y_preds: at least two models are needed, got {len(y_preds)}")
    y_true = check_labels(y_true, "y_true")
    names = [f"y_preds[{i}]" for i in range(len(y_preds))]
    preds = [_correct(y_true, p, name) for p, name in zip(y_preds, names)]
    n = check_same_length(y_true=y_true, **dict(zip(names, preds)))
    correct = [p == y_true for p in preds]
    return {
        (i, j): _table_from_correct(correct[i], correct[j], n)
        for i, j in itertools.combinations(range(len(correct)), 2)
    }


class _Deferred:
    """A value computed from ``function(*arguments)`` the first time it is read."""

    __slots__ = ("_function", "_arguments", "_value")

    def __init__(self, function, *arguments):
        self._function, self._arguments, self._value = function, arguments, None

    def value(self):
        if self._value is None:
            self._value = self._function(*self._arguments)
        return self._value


@dataclasses.dataclass(frozen=True)
class McNemarResult(TestResult):
    """Result of :func:`mcnemar`.

    Attributes
    ----------
    statistic : float
        Chi-squared statistic (``"chi2"``, ``"corrected"``) or min(b, c)
        (``"exact"``, ``"midp"``).
    pvalue : float
        Two-sided p-value in [0, 1].
    method : str
        The method actually used: never ``"textbook"``, which resolves to
        ``"exact"`` or ``"corrected"``.
    b, c : int
        The discordant counts: model 1 right and model 2 wrong (b), and the
        reverse (c).
    reason : str
        Why this method was used (for ``method="textbook"``, which branch of
        the rule applied).
    win_probability : Interval
        The effect the test is about: the probability that a disagreement
        goes model 1's way, estimated by b / (b + c), with the interval that
        inverts the test used (``MCNEMAR_INTERVALS``: mid-p, Clopper-Pearson,
        Wilson or Wilson with continuity correction). It excludes 1/2 exactly
        when ``pvalue <= 1 - confidence``. With b + c = 0 the estimate is
        ``nan`` and the interval [0, 1].
    odds_ratio : Interval
        The same effect as odds, b / c, with the same interval mapped by
        :math:`\\mu \\mapsto \\mu/(1 - \\mu)`
        (:func:`lecture_lib.mcnemar_odds_ratio` with the test's interval); it
        excludes 1 exactly when the test rejects. ``inf`` when c = 0, ``nan``
        with the interval [0, inf] when b = c = 0.
    accuracy_difference : Interval
        Accuracy of model 1 minus accuracy of model 2, (b - c) / n with
        n = a + b + c + d, and its Bonett-Price interval
        (:func:`lecture_lib.paired_accuracy_difference`). It needs the whole
        table and is not the inversion of any of the tests, so near the
        threshold it can include 0 while the test rejects, or the reverse.
        With an all-zero table the estimate is ``nan`` and the interval
        [-1, 1].
    n_examples : int
        n = a + b + c + d, the number of test examples.
    """

    _effect_attribute = "win_probability"
    _effect_null = 0.5

    statistic: float
    pvalue: float
    method: str
    b: int
    c: int
    reason: str
    # win_probability and odds_ratio are computed when first read (the mid-p limits need root
    # finding, several times the cost of the test); printed in place of _effects
    _effects: _Deferred = dataclasses.field(repr=False, compare=False)
    accuracy_difference: Interval
    n_examples: int

    _lazy_fields: ClassVar[tuple] = ("win_probability", "odds_ratio")

    @property
    def win_probability(self) -> Interval:
        return self._effects.value()[0]

    @property
    def odds_ratio(self) -> Interval:
        return self._effects.value()[1]


def mcnemar_pvalues(b, c, method: str = "midp"):
    """Vectorised McNemar statistics and p-values for arrays of b and c.

    Parameters
    ----------
    b, c : array_like of non-negative integers
        Discordant counts (broadcast against each other).
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        As in :func:`mcnemar` (default ``"midp"``); ``"textbook"`` chooses
        per cell (exact where b + c < 25, else corrected).

    Returns
    -------
    statistic, pvalue : ndarray of float
        Arrays of the broadcast shape; where b + c = 0 the statistic is 0 and
        the p-value 1.

    Notes
    -----
    Used for the heat maps and simulations of chapter 2, where thousands of
    tables are tested at once, and by the pairwise tests of chapter 3.

    Examples
    --------
    >>> from lecture_lib import mcnemar_pvalues
    >>> stat, p = mcnemar_pvalues([11, 25], [1, 15], method="chi2")
    >>> stat.round(3).tolist(), p.round(4).tolist()
    ([8.333, 2.5], [0.0039, 0.1138])
    >>> mcnemar_pvalues([11, 25], [1, 15])[1].round(4).tolist()
    [0.0034, 0.1173]

    Source 000's subpanels A and B: with either variant only A is significant
    at the 5 % level.
    """
    check_mcnemar_method(method)
    if method == "textbook":
        stat_exact, p_exact = mcnemar_pvalues(b, c, "exact")
        stat_corr, p_corr = mcnemar_pvalues(b, c, "corrected")
        small = np.asarray(b) + np.asarray(c) < TEXTBOOK_EXACT_BELOW
        return np.where(small, stat_exact, stat_corr), np.where(small, p_exact, p_corr)
    b = check_counts(b, "b", min_size=0)
    c = check_counts(c, "c", min_size=0)
    try:
        b, c = np.broadcast_arrays(b, c)
    except ValueError:
        raise ValueError(
            f"b and c must have shapes that broadcast together, got {b.shape} and {c.shape}"
        ) from None
    n = b + c
    empty = n == 0
    if method in ("chi2", "corrected"):
        diff = np.abs(b - c).astype(np.float64)
        if method == "corrected":
            # Edwards (1948): shrink |b - c| by one, but never below zero. With
            # b = c, (|b - c| - 1)^2 would otherwise be 1, not 0.
            diff = np.maximum(diff - 1.0, 0.0)
        statistic = np.where(empty, 0.0, diff * diff / np.where(empty, 1, n))
        pvalue = np.where(empty, 1.0, np.clip(chi2_1_sf(statistic), 0.0, 1.0))
    else:
        # exact: twice the smaller binomial tail; mid-p: the boundary outcome counts half
        # (lecture_lib/_tails.py, shared with the sign test of chapter 5)
        k = np.minimum(b, c)
        statistic = k.astype(np.float64)
        pvalue = binomial_half_two_sided(k, n, mid=method == "midp")
    return np.asarray(statistic, dtype=float), np.asarray(pvalue, dtype=float)


def _one_statistic_and_pvalue(b: int, c: int, method: str) -> tuple[float, float]:
    """:func:`mcnemar_pvalues` for one table of checked counts, in Python numbers.

    ``mcnemar`` takes this path: the formulas of ``_tails`` without the array
    operations, which cost more than the special functions for one table.
    A test checks that both paths agree.
    """
    n = b + c
    if n == 0:
        return 0.0, 1.0
    if method in ("chi2", "corrected"):
        diff = max(abs(b - c) - (method == "corrected"), 0)
        statistic = diff * diff / n
        return statistic, min(max(float(special.chdtrc(1.0, statistic)), 0.0), 1.0)
    k = min(b, c)
    cdf_k = float(special.betaincc(k + 1.0, float(n - k), 0.5))
    if method == "exact":
        pvalue = 2.0 * cdf_k
    else:
        pvalue = cdf_k + (float(special.betaincc(float(k), n - k + 1.0, 0.5)) if k > 0 else 0.0)
    return float(k), min(max(pvalue, 0.0), 1.0)


_REASONS = {
    "chi2": "McNemar's (1947) chi-squared statistic (b - c)^2 / (b + c) with 1 df, as requested",
    "corrected": "Edwards' (1948) continuity-corrected chi-squared, max(|b - c| - 1, 0)^2 / (b + c), as "
    "requested",
    "exact": "exact two-sided binomial test of b ~ Binomial(b + c, 1/2), as requested",
    "midp": (
        "mid-p binomial test, 2 P(X < min(b, c)) + P(X = min(b, c)) for X ~ Binomial(b + c, 1/2): "
        "the course's default (Fagerland, Lydersen & Laake 2013; chapter 2)"
    ),
}


def mcnemar(table, method: str = "midp", *, confidence: float = 0.95) -> McNemarResult:
    """McNemar's test of equal accuracy for two classifiers on one test set.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        Non-negative counts ``[[a, b], [c, d]]`` as returned by
        :func:`mcnemar_table`: b = model 1 right and model 2 wrong,
        c = model 1 wrong and model 2 right.
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        ``"midp"`` (default): mid-p binomial test (statistic = min(b, c)).
        ``"exact"``: exact two-sided binomial test (statistic = min(b, c)).
        ``"chi2"``: McNemar's statistic, chi-squared with 1 df.
        ``"corrected"``: Edwards' continuity correction.
        ``"textbook"``: the rule of the course's sources, ``"exact"`` when
        b + c < ``TEXTBOOK_EXACT_BELOW`` (25), else ``"corrected"``; the
        result's ``method`` and ``reason`` say which was used.
    confidence : float, optional
        Coverage of the intervals in the result, in (0, 1); default 0.95.

    Returns
    -------
    result : McNemarResult
        ``statistic``, ``pvalue``, ``method`` (the one used), ``b``, ``c``,
        ``reason``, the effect with the interval that inverts the test
        (``win_probability``, b / (b + c), and ``odds_ratio``, b / c), the
        difference of the accuracies with its Bonett-Price interval
        (``accuracy_difference``) and ``n_examples``.

    Notes
    -----
    Under H0 the two models have the same accuracy, which for paired
    predictions means the two kinds of disagreement are equally likely:
    given n = b + c disagreements, b ~ Binomial(n, 1/2). The concordant cells
    a and d carry no information about the difference. With
    :math:`X \\sim \\mathrm{Bin}(b + c, 1/2)` and :math:`k = \\min(b, c)`,

    .. math::

        p_{\\mathrm{exact}} = \\min\\bigl(1, 2 P(X \\le k)\\bigr), \\qquad
        p_{\\mathrm{mid}} = 2 P(X < k) + P(X = k) = 2 P(X \\le k) - P(X = k),

    so for b != c the mid-p value is the exact p-value minus the whole
    probability P(X = k): each of the two tails counts its boundary outcome
    (b = k or c = k) half. The asymptotic statistics are

    .. math::

        \\chi^2 = \\frac{(b - c)^2}{b + c}, \\qquad
        \\chi^2_{\\mathrm{cc}} = \\frac{\\max(|b - c| - 1, 0)^2}{b + c},

    both referred to chi-squared with 1 degree of freedom (a large-sample
    approximation: poor when b + c is small). The binomial tails use the
    regularised incomplete beta function, so they are stable for b + c up to
    10^7 and more. The ``max(., 0)`` in the corrected statistic matters when
    b = c: the formula as usually printed gives :math:`1/(b + c) > 0` there
    (statsmodels and mlxtend do so) although the evidence against H0 is nil.

    Why mid-p is the default: Fagerland, Lydersen & Laake (2013) compared the
    variants in 9595 scenarios with a fixed number of pairs; the mid-p test
    never exceeded the nominal level there and was almost as powerful as the
    uncorrected asymptotic test, while the exact conditional test and the
    corrected asymptotic test performed poorly in every scenario (too
    conservative). They recommend mid-p in any situation, and the uncorrected
    test where small but frequent violations of the level are acceptable.
    Chapter 2 recomputes this exactly: over b + c = 1..60 at alpha = 0.05 the
    mean Type I error is 0.028 (corrected), 0.029 (exact), 0.0435 (mid-p) and
    0.048 (chi2), and at b + c = 16 with a 3:1 true split the power is 0.405
    (exact) against 0.630 (mid-p). For a single b + c the mid-p test can
    exceed alpha (up to 0.077 for b + c <= 60); averaged over the random
    number of disagreements it stays close to, and mostly below, alpha.

    With no disagreements (b + c = 0) there is no evidence either way: the
    statistic is 0 and the p-value 1 for every method.

    **The effect beside the p-value.** The p-value says how surprising the
    split of the disagreements would be if the models were equally
    accurate, not how large the difference is. Each test is a test of
    :math:`H_0: \\mu = 1/2` for the probability :math:`\\mu` that a
    disagreement goes model 1's way, and each has an interval for
    :math:`\\mu` that inverts it (:data:`MCNEMAR_INTERVALS`): the mid-p
    interval for ``"midp"``, Clopper-Pearson's for ``"exact"``, Wilson's
    score interval for ``"chi2"`` (the uncorrected statistic is the score
    statistic :math:`(b - m/2)^2 / (m/4)` with m = b + c) and Wilson's with
    continuity correction for ``"corrected"`` (the correction shrinks
    :math:`|b - m\\mu_0|` by 1/2, never below 0, which at
    :math:`\\mu_0 = 1/2` is Edwards' ``max(|b - c| - 1, 0)``). The result
    carries it as ``win_probability``, and as odds b / c in ``odds_ratio``:
    both exclude the null value (1/2, and 1) exactly when
    ``pvalue <= 1 - confidence``. The boundary convention: the test rejects
    at :math:`p \\le \\alpha`, and the interval holds the :math:`\\mu_0` whose
    test has :math:`p > \\alpha`, so the two could differ only at
    :math:`p = \\alpha` exactly, when a limit equals 1/2 (the tests check that
    no table with b, c <= 30 comes within 1e-6 of that at
    :math:`\\alpha` = 0.01, 0.05 and 0.10).

    The result also carries the difference of the accuracies,
    (b - c) / n, with the interval that Fagerland, Lydersen & Laake (2014)
    recommend (Bonett-Price). It uses the whole table, not only the
    disagreements, and inverts none of these tests, so near the threshold
    it can include 0 while the test rejects, or the reverse: for
    [[980, 9], [2, 9]] the mid-p test gives p = 0.039 while the difference
    interval runs from -0.005 to 1.40 percentage points.

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    References
    ----------
    .. [1] McNemar, Q. (1947). Note on the sampling error of the difference
       between correlated proportions or percentages. Psychometrika 12(2),
       153-157.
    .. [2] Edwards, A. L. (1948). Note on the "correction for continuity" in
       testing the significance of the difference between correlated
       proportions. Psychometrika 13(3), 185-187.
    .. [3] Fagerland, M. W., Lydersen, S., Laake, P. (2013). The McNemar test
       for binary matched-pairs data: mid-p and asymptotic are better than
       exact conditional. BMC Medical Research Methodology 13, 91.

    Examples
    --------
    >>> from lecture_lib import mcnemar
    >>> result = mcnemar([[9959, 11], [1, 29]])
    >>> result.method, result.statistic, round(result.pvalue, 5)
    ('midp', 1.0, 0.00342)
    >>> round(mcnemar([[9959, 11], [1, 29]], method="exact").pvalue, 5)
    0.00635

    Model 1 won 11 of the 12 disagreements. If both models were equally
    accurate, a split at least this lopsided (11 to 1 or 12 to 0, either
    way) would occur with probability exactly 26/4096 = 0.63 %, the exact
    p-value; the mid-p value 14/4096 = 0.34 % counts the two splits exactly
    as lopsided as the observed one (11 to 1 and 1 to 11) half.

    >>> print(result.win_probability)
    0.916667 [0.652531, 0.995832] (95 % midp)

    Model 1 won 11 of the 12 disagreements; the interval that inverts the
    mid-p test says it wins between 65 % and 99.6 % of them in the long run,
    and it excludes 1/2, as the test rejects at the 5 % level.

    >>> print(result.accuracy_difference)
    0.001 [0.000266857, 0.00173274] (95 % bonett-price)

    In accuracy, model 1 is 0.1 percentage points better, and the 95 %
    Bonett-Price interval puts the true advantage between about 0.03 and
    0.17 points: a clear difference that is small in size.

    >>> mcnemar([[9959, 11], [1, 29]], method="textbook").method
    'exact'
    """
    table = check_count_table(table, "table")
    check_mcnemar_method(method)
    confidence = check_probability(confidence, "confidence")
    b, c = int(table[0, 1]), int(table[1, 0])
    n = b + c
    if method == "textbook":
        used = "exact" if n < TEXTBOOK_EXACT_BELOW else "corrected"
        if used == "exact":
            reason = (
                f"textbook rule: b + c = {n} < {TEXTBOOK_EXACT_BELOW}, too few disagreements for the "
                "chi-squared approximation, so the exact binomial test was used"
            )
        else:
            reason = (
                f"textbook rule: b + c = {n} >= {TEXTBOOK_EXACT_BELOW}, enough disagreements for the "
                "chi-squared approximation; Edwards' continuity correction was used"
            )
    else:
        used = method
        reason = _REASONS[method]
    if n == 0:
        reason += "; no disagreements (b + c = 0), so there is no evidence either way: p = 1"
    # The table is checked once, here: the p-value and the intervals come from the formulas
    # behind mcnemar_pvalues, mcnemar_odds_ratio and paired_accuracy_difference without their
    # argument checks.
    statistic, pvalue = _one_statistic_and_pvalue(b, c, used)
    effects = _Deferred(disagreement_intervals, b, c, confidence, MCNEMAR_INTERVALS[used])
    total = int(table.sum())
    if total == 0:  # no pairs at all: no estimate, every difference possible
        difference = Interval(float("nan"), -1.0, 1.0, confidence, "bonett-price")
    else:
        difference = bonett_price(b, c, total, confidence)
    return McNemarResult(
        statistic=float(statistic), pvalue=float(pvalue), method=used, b=b, c=c, reason=reason,
        _effects=effects, accuracy_difference=difference,
        n_examples=total,
    )
