"""DeLong's test for two correlated ROC AUCs (chapter 9).

Two scoring classifiers are evaluated on the same test examples; each gives a
real-valued score per example (a probability, a margin, a clinical grade).
The area under the ROC curve (AUC) is a two-sample Mann-Whitney statistic,
and DeLong, DeLong and Clarke-Pearson (1988) estimated the covariance of two
such statistics computed on the same examples from their *structural
components*. Sun and Xu (2014) showed that every component is a difference of
mid-ranks, so the whole test costs three sorts per classifier.

Taught in chapter 9 (``notebooks/09-beyond-accuracy``).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import stats

from ._data import load
from ._results import Interval, TestResult
from ._validation import _show, check_labels, check_probability, check_real_array, check_same_length

__all__ = ["DeLongResult", "auc_example", "delong_test", "midranks"]


@dataclasses.dataclass(frozen=True)
class DeLongResult(TestResult):
    """Result of :func:`delong_test`.

    Attributes
    ----------
    statistic : float
        :math:`z = (\\widehat{AUC}_1 - \\widehat{AUC}_2) / \\widehat{SE}`.
    pvalue : float
        Two-sided normal p-value.
    auc_1, auc_2 : float
        The two empirical AUCs (ties between a positive and a negative
        count one half).
    difference : Interval
        ``auc_1 - auc_2`` with its normal (Wald) interval,
        ``difference +- z_{1 - alpha/2} * std_error``.
    std_error : float
        DeLong's standard error of the difference.
    std_error_1, std_error_2 : float
        DeLong's standard error of each AUC on its own.
    correlation : float
        Estimated correlation between the two AUC estimates (nan when one
        of their variances is 0).
    n_positive, n_negative : int
        Numbers of positive and negative examples.
    """

    _effect_attribute = "difference"

    statistic: float
    pvalue: float
    auc_1: float
    auc_2: float
    difference: Interval
    std_error: float
    std_error_1: float
    std_error_2: float
    correlation: float
    n_positive: int
    n_negative: int


def midranks(x) -> np.ndarray:
    """Mid-ranks of a 1-D array in O(n log n): ties share their average rank.

    Parameters
    ----------
    x : array_like of float, shape (n,)

    Returns
    -------
    ranks : ndarray of float, shape (n,)
        1 for the smallest value; tied values that occupy sorted positions
        i..j (1-based) all get (i + j) / 2.

    Notes
    -----
    One stable sort, then one pass over the sorted values to find where the
    tie groups start: the step Sun and Xu (2014) build their fast DeLong
    algorithm on. Same values as :func:`lecture_lib.rankdata` and
    ``scipy.stats.rankdata(method="average")``.

    Examples
    --------
    >>> from lecture_lib.auc import midranks
    >>> midranks([0.9, 0.2, 0.9, 0.5])
    array([3.5, 1. , 3.5, 2. ])

    The two scores of 0.9 would take ranks 3 and 4, so both get 3.5.
    """
    return _midranks(_classifier_scores(x, "x"))


def _midranks_of_sorted(sorted_x: np.ndarray) -> np.ndarray:
    """Mid-ranks of values that are already sorted, in that order (one pass, no sort)."""
    n = sorted_x.size
    boundary = np.empty(n + 1, dtype=bool)  # where a tie group starts, plus the end
    boundary[0] = boundary[n] = True
    np.not_equal(sorted_x[1:], sorted_x[:-1], out=boundary[1:n])
    edges = np.flatnonzero(boundary)
    mid = (edges[:-1] + edges[1:] + 1) / 2.0  # (first + last) / 2 + 1 with last = next start - 1
    return np.repeat(mid, np.diff(edges))


def _midranks(x: np.ndarray) -> np.ndarray:
    order = np.argsort(x, kind="stable")
    out = np.empty(x.size, dtype=float)
    out[order] = _midranks_of_sorted(x[order])
    return out


def _classifier_scores(values, name: str) -> np.ndarray:
    return check_real_array(values, name, ndim=1, allow_bool=True, what="a 1-D array of scores")


def _positives(y_true, positive) -> np.ndarray:
    y = check_labels(y_true, "y_true")
    classes = np.unique(y)
    if positive not in classes.tolist():
        raise ValueError(f"positive={positive!r} is not a label of y_true (labels {classes.tolist()})")
    if classes.size != 2:
        raise ValueError(f"y_true must hold exactly two classes for an AUC, got {classes.size}: "
                         f"{_show(classes.tolist())}")
    is_pos = y == positive
    n_pos = int(is_pos.sum())
    n_neg = is_pos.size - n_pos
    if min(n_pos, n_neg) < 2:
        raise ValueError(
            f"y_true has {n_pos} positive and {n_neg} negative example(s); DeLong's variance needs at least "
            "two of each"
        )
    return is_pos


def _structural_components(is_pos: np.ndarray, scores: np.ndarray):
    """AUCs and the structural components V10 (per positive) and V01 (per negative).

    ``scores`` has shape (n_classifiers, n). V10_i is the fraction of negatives
    scored below positive i (ties count 1/2); V01_j the fraction of positives
    scored above negative j. Both come from mid-ranks (Sun & Xu 2014).
    """
    m = int(is_pos.sum())
    n = is_pos.size - m
    # index of each example among the positives (or among the negatives)
    within = np.empty(is_pos.size, dtype=np.int64)
    within[is_pos] = np.arange(m)
    within[~is_pos] = np.arange(n)
    v10 = np.empty((scores.shape[0], m))
    v01 = np.empty((scores.shape[0], n))
    for r, s in enumerate(scores):
        # One sort serves all three rankings: the positives (negatives), taken in the order of the
        # sorted whole, are themselves sorted, so their mid-ranks need only one more pass.
        order = np.argsort(s, kind="stable")
        sorted_s = s[order]
        pos_sorted = is_pos[order]
        t_all = _midranks_of_sorted(sorted_s)
        t_pos = _midranks_of_sorted(sorted_s[pos_sorted])
        t_neg = _midranks_of_sorted(sorted_s[~pos_sorted])
        # back to one fixed order of the positives (negatives), the same for every classifier
        v10[r, within[order[pos_sorted]]] = (t_all[pos_sorted] - t_pos) / n
        v01[r, within[order[~pos_sorted]]] = 1.0 - (t_all[~pos_sorted] - t_neg) / m
    auc = v10.mean(axis=1)
    return auc, v10, v01


def delong_test(y_true, scores_1, scores_2, positive=1, confidence=0.95) -> DeLongResult:
    """DeLong's test of equal AUCs for two classifiers scored on the same examples.

    Parameters
    ----------
    y_true : array_like of labels, shape (n,)
        True classes; exactly two distinct labels, at least two examples of
        each.
    scores_1, scores_2 : array_like of float, shape (n,)
        The two classifiers' scores for the same examples; a higher score
        means "more likely ``positive``". Only their order matters.
    positive : label, default 1
        The label of the positive class.
    confidence : float, default 0.95
        Confidence level of the interval for the AUC difference, in (0, 1).

    Returns
    -------
    result : DeLongResult
        ``statistic`` (z), ``pvalue`` (two-sided), ``auc_1``, ``auc_2``,
        ``difference`` (an :class:`~lecture_lib.Interval`), ``std_error``,
        ``correlation``, ``n_positive``, ``n_negative``.

    Notes
    -----
    With m positives :math:`X_i` and n negatives :math:`Y_j`, and
    :math:`\\psi(x, y) = 1` if x > y, 1/2 if x = y, 0 otherwise, the AUC of
    classifier r is the Mann-Whitney statistic
    :math:`\\hat\\theta^r = \\frac{1}{mn}\\sum_i\\sum_j \\psi(X_i^r, Y_j^r)`.
    DeLong et al. (1988) define the structural components

    .. math::

        V_{10}^r(X_i) = \\frac1n \\sum_j \\psi(X_i^r, Y_j^r), \\qquad
        V_{01}^r(Y_j) = \\frac1m \\sum_i \\psi(X_i^r, Y_j^r),

    their sample covariance matrices :math:`S_{10}` (over positives) and
    :math:`S_{01}` (over negatives), and :math:`S = S_{10}/m + S_{01}/n`. Then

    .. math::

        z = \\frac{\\hat\\theta^1 - \\hat\\theta^2}
                 {\\sqrt{S_{11} + S_{22} - 2 S_{12}}}

    is approximately standard normal under :math:`H_0: \\theta^1 = \\theta^2`.
    Sun and Xu (2014) compute the components without the m x n comparison
    matrix: with :math:`T_Z` the mid-ranks among all examples and
    :math:`T_X`, :math:`T_Y` those among the positives and negatives,
    :math:`V_{10}(X_i) = (T_Z(X_i) - T_X(X_i))/n` and
    :math:`V_{01}(Y_j) = 1 - (T_Z(Y_j) - T_Y(Y_j))/m`. Cost: O(N log N) time
    and O(N) memory for N = m + n examples, instead of O(mn).

    The test compares two fixed, trained classifiers on one test set (like
    McNemar's test in chapter 2); it says nothing about training-set
    variation. It needs independent test examples and enough of each class
    for the normal approximation (the interval is not clipped to [-1, 1]).
    When the standard error is 0, the statistic is 0 and the p-value 1 if
    the AUCs are equal, and the statistic is infinite and the p-value 0 if
    they differ.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] DeLong, E. R., DeLong, D. M. and Clarke-Pearson, D. L. (1988).
       Comparing the areas under two or more correlated receiver operating
       characteristic curves: a nonparametric approach. Biometrics 44(3),
       837-845.
    .. [2] Sun, X. and Xu, W. (2014). Fast implementation of DeLong's
       algorithm for comparing the areas under correlated receiver operating
       characteristic curves. IEEE Signal Processing Letters 21(11),
       1389-1393.
    .. [3] Robin, X. et al. (2011). pROC: an open-source package for R and
       S+ to analyze and compare ROC curves. BMC Bioinformatics 12, 77.

    Examples
    --------
    pROC's documented example: two markers of the outcome of 113 patients
    after a subarachnoid haemorrhage.

    >>> from lecture_lib.auc import auc_example, delong_test
    >>> asah = auc_example()
    >>> res = delong_test(asah["outcome"], asah["s100b"], asah["wfns"], positive="Poor")
    >>> round(res.auc_1, 4), round(res.auc_2, 4), round(res.statistic, 3), round(res.pvalue, 4)
    (0.7314, 0.8237, -2.209, 0.0272)
    >>> print(res.difference)
    -0.0923103 [-0.174214, -0.0104062] (95 % delong)

    The WFNS grade has the larger AUC by 0.09 (95 % interval 0.01 to 0.17);
    a difference at least this large would be unlikely (p = 0.027) if the
    two markers had equal AUCs.
    """
    is_pos = _positives(y_true, positive)
    s1 = _classifier_scores(scores_1, "scores_1")
    s2 = _classifier_scores(scores_2, "scores_2")
    check_same_length(y_true=is_pos, scores_1=s1, scores_2=s2)
    confidence = check_probability(confidence, "confidence")
    m = int(is_pos.sum())
    n = is_pos.size - m
    auc, v10, v01 = _structural_components(is_pos, np.stack([s1, s2]))
    cov = np.cov(v10) / m + np.cov(v01) / n
    var = float(cov[0, 0] + cov[1, 1] - 2.0 * cov[0, 1])
    se = float(np.sqrt(max(var, 0.0)))
    diff = float(auc[0] - auc[1])
    if se > 0.0:
        z = diff / se
        p = float(2.0 * stats.norm.sf(abs(z)))
    elif diff == 0.0:
        z, p = 0.0, 1.0
    else:
        z, p = float(np.copysign(np.inf, diff)), 0.0
    half = float(stats.norm.ppf(0.5 + confidence / 2.0)) * se
    denom = np.sqrt(cov[0, 0] * cov[1, 1])
    corr = float(cov[0, 1] / denom) if denom > 0 else float("nan")
    return DeLongResult(
        statistic=float(z),
        pvalue=min(1.0, p),
        auc_1=float(auc[0]),
        auc_2=float(auc[1]),
        difference=Interval(diff, diff - half, diff + half, confidence, "delong"),
        std_error=se,
        std_error_1=float(np.sqrt(cov[0, 0])),
        std_error_2=float(np.sqrt(cov[1, 1])),
        correlation=corr,
        n_positive=m,
        n_negative=n,
    )


def auc_example() -> dict:
    """pROC's aSAH example: outcome and three markers of 113 patients.

    Returns
    -------
    example : dict
        ``outcome`` (array of "Good" / "Poor"; "Poor" is the positive
        class), ``s100b``, ``wfns`` and ``ndka`` (arrays of float), and
        ``printed``: the AUCs, DeLong statistics, p-values and intervals
        that pROC 1.18.0 prints for them, with ``source`` and
        ``provenance``.

    Notes
    -----
    The data of Turck et al. (2010), distributed with the R package pROC
    as ``aSAH``; the course uses them to check :func:`delong_test` against
    pROC's ``roc.test``.

    Examples
    --------
    >>> from lecture_lib.auc import auc_example
    >>> asah = auc_example()
    >>> len(asah["outcome"]), int((asah["outcome"] == "Poor").sum())
    (113, 41)

    113 patients, 41 of them with a poor outcome.
    """
    raw = load("auc_examples.json")
    out = {key: raw[key] for key in ("key", "source", "provenance", "printed")}
    out["outcome"] = np.asarray(raw["outcome"])
    for key in ("s100b", "wfns", "ndka"):
        out[key] = np.asarray(raw[key], dtype=float)
    return out
