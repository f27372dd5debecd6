"""McNemar's test: two trained classifiers, one test set.

Taught in chapter 2 (``notebooks/02-mcnemar``).
"""

from __future__ import annotations

import dataclasses
import itertools

import numpy as np
from scipy import special

from ._results import TestResult
from ._validation import (
    check_comparable,
    check_count_table,
    check_labels,
    check_option,
    check_same_length,
)

__all__ = [
    "MCNEMAR_METHODS",
    "AUTO_EXACT_BELOW",
    "McNemarResult",
    "mcnemar_table",
    "mcnemar_tables",
    "mcnemar",
    "mcnemar_pvalues",
]

#: The ``method`` options of :func:`mcnemar`.
MCNEMAR_METHODS = ("auto", "chi2", "corrected", "exact", "midp")

#: ``method="auto"`` uses the exact test when b + c is below this number.
AUTO_EXACT_BELOW = 25


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
        The method actually used (never ``"auto"``).
    b, c : int
        The discordant counts: model 1 right and model 2 wrong (b), and the
        reverse (c).
    reason : str
        Why this method was used (spelled out for ``method="auto"``).
    """

    statistic: float
    pvalue: float
    method: str
    b: int
    c: int
    reason: str


def mcnemar_pvalues(b, c, method: str = "corrected"):
    """Vectorised McNemar statistics and p-values for arrays of b and c.

    Parameters
    ----------
    b, c : array_like of non-negative integers
        Discordant counts (broadcast against each other).
    method : {"auto", "chi2", "corrected", "exact", "midp"}
        As in :func:`mcnemar`; ``"auto"`` chooses per cell (exact where
        b + c < 25, else corrected).

    Returns
    -------
    statistic, pvalue : ndarray of float
        Arrays of the broadcast shape; where b + c = 0 the statistic is 0 and
        the p-value 1.

    Notes
    -----
    Used for the heat maps and simulations of chapter 2, where thousands of
    tables are tested at once.

    Examples
    --------
    >>> from lecture_lib import mcnemar_pvalues
    >>> stat, p = mcnemar_pvalues([11, 25], [1, 15], method="chi2")
    >>> stat.round(3).tolist(), p.round(4).tolist()
    ([8.333, 2.5], [0.0039, 0.1138])

    Seed 000's subpanels A and B: only A is significant at the 5 % level.
    """
    check_option(method, "method", MCNEMAR_METHODS)
    if method == "auto":
        stat_exact, p_exact = mcnemar_pvalues(b, c, "exact")
        stat_corr, p_corr = mcnemar_pvalues(b, c, "corrected")
        small = np.asarray(b) + np.asarray(c) < AUTO_EXACT_BELOW
        return np.where(small, stat_exact, stat_corr), np.where(small, p_exact, p_corr)
    b = np.asarray(b)
    c = np.asarray(c)
    for name, arr in (("b", b), ("c", c)):
        if arr.dtype.kind not in "iu" and not (
            arr.dtype.kind == "f" and np.all(np.isfinite(arr)) and np.all(arr == np.round(arr))
        ):
            raise ValueError(f"{name} must hold whole-number counts, got dtype {arr.dtype}")
        if np.any(arr < 0):
            raise ValueError(f"{name} must hold non-negative counts, got a minimum of {arr.min()}")
    b, c = np.broadcast_arrays(b.astype(np.int64), c.astype(np.int64))
    n = b + c
    empty = n == 0
    safe_n = np.where(empty, 1, n)
    if method in ("chi2", "corrected"):
        diff = np.abs(b - c).astype(np.float64)
        if method == "corrected":
            # Edwards (1948): shrink |b - c| by one, but never below zero. With
            # b = c, (|b - c| - 1)^2 would otherwise be 1, not 0.
            diff = np.maximum(diff - 1.0, 0.0)
        statistic = np.where(empty, 0.0, diff * diff / safe_n)
        # chi-squared upper tail with 1 df: the function behind scipy.stats.chi2.sf,
        # called directly to skip about 35 microseconds of argument checking per call
        pvalue = special.chdtrc(1.0, statistic)
    else:
        k = np.minimum(b, c)
        statistic = k.astype(np.float64)
        # P(X <= k) for X ~ Binomial(n, 1/2) is the regularised incomplete beta
        # function I_{1/2}(n - k, k + 1): no 2^-n term that underflows, no loop over n.
        # special.betainc (Boost, as behind scipy.stats.binom.cdf) is accurate to ~1e-13
        # at n = 10^7, where special.bdtr (Cephes) is off by ~3e-9; calling it directly
        # skips ~35 microseconds of argument checking per call.
        cdf_k = special.betainc(safe_n - k, k + 1, 0.5)
        if method == "exact":
            # Two-sided binomial test with p = 1/2: twice the smaller tail.
            pvalue = 2.0 * cdf_k
        else:
            # Mid-p: the observed outcome counts half,
            # 2 P(X < k) + P(X = k) = P(X < k) + P(X <= k), with no cancellation.
            cdf_below = np.where(k > 0, special.betainc(safe_n - k + 1, np.maximum(k, 1), 0.5), 0.0)
            pvalue = cdf_below + cdf_k
    pvalue = np.where(empty, 1.0, np.clip(pvalue, 0.0, 1.0))
    return np.asarray(statistic, dtype=float), np.asarray(pvalue, dtype=float)


_REASONS = {
    "chi2": "McNemar's (1947) chi-squared statistic (b - c)^2 / (b + c) with 1 df, as requested",
    "corrected": "Edwards' (1948) continuity-corrected chi-squared, max(|b - c| - 1, 0)^2 / (b + c), as requested",
    "exact": "exact two-sided binomial test of b ~ Binomial(b + c, 1/2), as requested",
    "midp": "mid-p binomial test (the observed outcome counts half), as requested",
}


def mcnemar(table, method: str = "auto") -> McNemarResult:
    """McNemar's test of equal accuracy for two classifiers on one test set.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        Non-negative counts ``[[a, b], [c, d]]`` as returned by
        :func:`mcnemar_table`: b = model 1 right and model 2 wrong,
        c = model 1 wrong and model 2 right.
    method : {"auto", "chi2", "corrected", "exact", "midp"}, optional
        ``"chi2"``: McNemar's statistic, chi-squared with 1 df.
        ``"corrected"``: Edwards' continuity correction.
        ``"exact"``: two-sided binomial test (statistic = min(b, c)).
        ``"midp"``: mid-p binomial test (statistic = min(b, c)).
        ``"auto"`` (default): ``"exact"`` when b + c < 25, else
        ``"corrected"``; the result's ``method`` and ``reason`` say which.

    Returns
    -------
    result : McNemarResult
        ``statistic``, ``pvalue``, ``method`` (the one used), ``b``, ``c``,
        ``reason``.

    Notes
    -----
    Under H0 the two models have the same accuracy, which for paired
    predictions means the two kinds of disagreement are equally likely:
    given n = b + c disagreements, b ~ Binomial(n, 1/2). The concordant cells
    a and d carry no information about the difference. The statistics are

    .. math::

        \\chi^2 = \\frac{(b - c)^2}{b + c}, \\qquad
        \\chi^2_{\\mathrm{cc}} = \\frac{\\max(|b - c| - 1, 0)^2}{b + c},

    both referred to chi-squared with 1 degree of freedom (a large-sample
    approximation: poor when b + c is small). The exact p-value is
    :math:`\\min(1, 2 P(X \\le \\min(b, c)))` for
    :math:`X \\sim \\mathrm{Bin}(b + c, 1/2)`, computed with the regularised
    incomplete beta function, so it is stable for b + c up to 10^7 and more;
    the mid-p value is :math:`2 P(X < \\min(b, c)) + P(X = \\min(b, c))`.
    The ``max(., 0)`` in the corrected statistic matters when b = c: the
    formula as usually printed gives :math:`1/(b + c) > 0` there
    (statsmodels and mlxtend do so) although the evidence against H0 is nil.

    With no disagreements (b + c = 0) there is no evidence either way: the
    statistic is 0 and the p-value 1 for every method.

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
    >>> result = mcnemar([[9959, 11], [1, 29]], method="chi2")
    >>> round(result.statistic, 3), round(result.pvalue, 4)
    (8.333, 0.0039)

    Model 1 won 11 of the 12 disagreements; if both models were equally
    accurate, a split this lopsided would happen in about 0.4 % of test sets.

    >>> mcnemar([[9959, 11], [1, 29]]).method
    'exact'
    """
    table = check_count_table(table, "table")
    check_option(method, "method", MCNEMAR_METHODS)
    b, c = int(table[0, 1]), int(table[1, 0])
    n = b + c
    if method == "auto":
        used = "exact" if n < AUTO_EXACT_BELOW else "corrected"
        if used == "exact":
            reason = (
                f"auto: b + c = {n} < {AUTO_EXACT_BELOW}, too few disagreements for the "
                "chi-squared approximation, so the exact binomial test was used"
            )
        else:
            reason = (
                f"auto: b + c = {n} >= {AUTO_EXACT_BELOW}, enough disagreements for the "
                "chi-squared approximation; Edwards' continuity correction was used"
            )
    else:
        used = method
        reason = _REASONS[method]
    if n == 0:
        reason += "; no disagreements (b + c = 0), so there is no evidence either way: p = 1"
    statistic, pvalue = mcnemar_pvalues(b, c, used)
    return McNemarResult(
        statistic=float(statistic), pvalue=float(pvalue), method=used, b=b, c=c, reason=reason
    )
