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
from scipy import special, stats

from ._data import load
from ._results import Interval, TestResult
from ._roc import classifier_scores, midranks_of, positives, structural_components
from ._validation import (
    _show,
    as_generator,
    check_count,
    check_flag,
    check_option,
    check_probability,
    check_same_length,
)

__all__ = ["DeLongResult", "auc_example", "auc_interval", "delong_test", "midranks", "partial_auc"]


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
    return midranks_of(classifier_scores(x, "x"))


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
    is_pos = positives(y_true, positive)
    s1 = classifier_scores(scores_1, "scores_1")
    s2 = classifier_scores(scores_2, "scores_2")
    check_same_length(y_true=is_pos, scores_1=s1, scores_2=s2)
    confidence = check_probability(confidence, "confidence")
    m = int(is_pos.sum())
    n = is_pos.size - m
    auc, v10, v01 = structural_components(is_pos, np.stack([s1, s2]))
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


_INTERVAL_METHODS = ("delong", "logit", "bootstrap")


def _bootstrap_aucs(is_pos: np.ndarray, s: np.ndarray, n_resamples: int, rng) -> np.ndarray:
    """AUCs of ``n_resamples`` stratified bootstrap samples, without sorting any of them.

    Each resample reuses the original examples, so each example keeps its level among the distinct
    scores: a positive at level l beats the resampled negatives below l and ties those at l. The
    negatives' counts per level are cumulated once per resample (chunks bound the memory).
    """
    levels, codes = np.unique(s, return_inverse=True)
    pos_codes, neg_codes = codes[is_pos], codes[~is_pos]
    m, n, n_levels = pos_codes.size, neg_codes.size, levels.size
    out = np.empty(n_resamples)
    chunk = max(1, min(n_resamples, 4_000_000 // max(n_levels + m + n, 1)))
    for start in range(0, n_resamples, chunk):
        rows = min(chunk, n_resamples - start)
        neg = neg_codes[rng.integers(0, n, size=(rows, n))]
        pos = pos_codes[rng.integers(0, m, size=(rows, m))]
        offset = (np.arange(rows) * n_levels)[:, None]
        counts = np.bincount((neg + offset).ravel(), minlength=rows * n_levels).reshape(rows, n_levels)
        below = np.cumsum(counts, axis=1) - counts  # negatives strictly below each level
        wins = np.take_along_axis(below, pos, axis=1) + 0.5 * np.take_along_axis(counts, pos, axis=1)
        out[start:start + rows] = wins.sum(axis=1) / (m * n)
    return out


def auc_interval(y_true, score, method="delong", confidence=0.95, positive=1, n_resamples=2000,
                 seed=None) -> Interval:
    """The AUC of one classifier with its confidence interval.

    Parameters
    ----------
    y_true : array_like of labels, shape (n,)
        True classes; exactly two distinct labels, at least two examples of
        each.
    score : array_like of float, shape (n,)
        The classifier's scores; a higher score means "more likely
        ``positive``". Only their order matters.
    method : {"delong", "logit", "bootstrap"}, optional
        ``"delong"`` (default): the AUC plus or minus z DeLong standard
        errors, clipped to [0, 1] as pROC's ``ci.auc`` does.
        ``"logit"``: the same standard error on the logit scale, mapped
        back, so the interval stays inside (0, 1) and is asymmetric near 1.
        ``"bootstrap"``: percentiles of the AUCs of ``n_resamples``
        bootstrap samples drawn within each class (pROC's stratified
        bootstrap).
    confidence : float, optional
        Nominal coverage, in (0, 1); default 0.95.
    positive : label, default 1
        The label of the positive class.
    n_resamples : int, optional
        Bootstrap samples (``"bootstrap"`` only; default 2000, pROC's).
    seed : int, numpy.random.Generator or None, optional
        Randomness of the bootstrap (``"bootstrap"`` only).

    Returns
    -------
    interval : Interval
        ``estimate`` (the empirical AUC, ties counting one half), ``low``,
        ``high``, ``confidence`` and ``method``.

    Notes
    -----
    With m positives, n negatives and DeLong's structural components
    :math:`V_{10}`, :math:`V_{01}` (see :func:`delong_test`), the standard
    error is :math:`\\widehat{SE} = \\sqrt{s^2_{10}/m + s^2_{01}/n}` and, with
    :math:`z = z_{(1 + \\mathrm{confidence})/2}`,

    .. math::

        \\text{delong:}\\ \\widehat{AUC} \\pm z\\,\\widehat{SE};\\qquad
        \\text{logit:}\\ \\operatorname{expit}\\Big(\\operatorname{logit}\\widehat{AUC}
            \\pm \\frac{z\\,\\widehat{SE}}{\\widehat{AUC}(1 - \\widehat{AUC})}\\Big).

    The Wald interval is symmetric, while the sampling distribution of an
    AUC near 1 is skewed: its upper limit passes 1 and is cut there, and its
    coverage falls below the nominal level when the AUC is high and the
    sample small; the logit interval (Pepe 2003, sec. 5.2; Qin & Hotilovac
    2008) keeps its coverage better there. The bootstrap percentile interval
    needs no normal approximation but is too short with few examples of a
    class. An observed AUC of exactly 0 or 1 has DeLong standard error 0,
    and every method then returns the point: a perfect ranking of a small
    test set is common for a good classifier and is no evidence that its
    AUC is exactly 1, so report the numbers of each class beside it.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] DeLong, E. R., DeLong, D. M. and Clarke-Pearson, D. L. (1988).
       Comparing the areas under two or more correlated receiver operating
       characteristic curves: a nonparametric approach. Biometrics 44(3),
       837-845.
    .. [2] Pepe, M. S. (2003). The Statistical Evaluation of Medical Tests for
       Classification and Prediction. Oxford University Press.
    .. [3] Qin, G. and Hotilovac, L. (2008). Comparison of non-parametric
       confidence intervals for the area under the ROC curve of a continuous-
       scale diagnostic test. Statistical Methods in Medical Research 17(2),
       207-221.
    .. [4] Robin, X. et al. (2011). pROC: an open-source package for R and
       S+ to analyze and compare ROC curves. BMC Bioinformatics 12, 77.

    Examples
    --------
    >>> from lecture_lib.auc import auc_example, auc_interval
    >>> asah = auc_example()
    >>> print(auc_interval(asah["outcome"], asah["s100b"], positive="Poor"))
    0.731369 [0.630118, 0.832619] (95 % delong)
    >>> print(auc_interval(asah["outcome"], asah["s100b"], method="logit", positive="Poor"))
    0.731369 [0.619217, 0.820086] (95 % logit)

    The S100B marker ranks a random patient with a poor outcome above a
    random patient with a good one with probability about 0.73 (95 %
    interval 0.63 to 0.83, the interval pROC's ``ci.auc`` prints).
    """
    is_pos = positives(y_true, positive)
    s = classifier_scores(score, "score")
    check_same_length(y_true=is_pos, score=s)
    method = check_option(method, "method", _INTERVAL_METHODS)
    confidence = check_probability(confidence, "confidence")
    m = int(is_pos.sum())
    n = is_pos.size - m
    auc, v10, v01 = structural_components(is_pos, s[None, :])
    estimate = float(auc[0])
    z = float(stats.norm.ppf(0.5 + confidence / 2.0))
    if method == "bootstrap":
        n_resamples = check_count(n_resamples, "n_resamples", minimum=1)
        rng = as_generator(seed)
        aucs = _bootstrap_aucs(is_pos, s, n_resamples, rng)
        low, high = np.quantile(aucs, [0.5 - confidence / 2.0, 0.5 + confidence / 2.0])
        return Interval(estimate, min(float(low), estimate), max(float(high), estimate), confidence, method)
    se = float(np.sqrt(v10.var(ddof=1) / m + v01.var(ddof=1) / n))
    if method == "delong":
        low, high = max(estimate - z * se, 0.0), min(estimate + z * se, 1.0)
    elif 0.0 < estimate < 1.0:
        centre = np.log(estimate / (1.0 - estimate))
        half = z * se / (estimate * (1.0 - estimate))
        low, high = float(special.expit(centre - half)), float(special.expit(centre + half))
    else:  # logit of 0 or 1 is infinite; DeLong's standard error is 0 there
        low = high = estimate
    return Interval(estimate, low, high, confidence, method)


def _check_specificity(specificity) -> tuple[float, float]:
    if isinstance(specificity, (str, bytes)) or not hasattr(specificity, "__len__") or len(specificity) != 2:
        raise TypeError(f"specificity must be a pair (high, low) of specificities, got {_show(specificity)}")
    pair = [check_probability(v, "specificity", open_interval=False) for v in specificity]
    if pair[0] == pair[1]:
        raise ValueError(f"specificity must give two different limits, got {_show(tuple(specificity))}")
    return max(pair), min(pair)


def _roc_vertices(is_pos: np.ndarray, s: np.ndarray):
    """False- and true-positive rates of the empirical ROC, one vertex per distinct score, from (0, 0)."""
    order = np.argsort(-s, kind="stable")
    sorted_s, pos = s[order], is_pos[order]
    last = np.r_[sorted_s[1:] != sorted_s[:-1], True]  # the last example of each tie group
    tp = np.cumsum(pos)[last]
    fp = np.cumsum(~pos)[last]
    m = tp[-1]
    return np.r_[0.0, fp / (pos.size - m)], np.r_[0.0, tp / m]


def _area_to(x: np.ndarray, y: np.ndarray, cumulative: np.ndarray, t: float) -> float:
    """The area under the polyline (x, y) from 0 to t (x nondecreasing from 0 to 1)."""
    k = int(np.searchsorted(x, t, side="right")) - 1  # the last vertex at or left of t
    if k >= x.size - 1:
        return float(cumulative[-1])
    width = x[k + 1] - x[k]
    y_t = y[k] + (y[k + 1] - y[k]) * (t - x[k]) / width if width > 0 else y[k]
    return float(cumulative[k] + (t - x[k]) * (y[k] + y_t) / 2.0)


def partial_auc(y_true, score, specificity=(1.0, 0.9), corrected=False, positive=1) -> float:
    """The area under the ROC curve over a range of specificities.

    Parameters
    ----------
    y_true : array_like of labels, shape (n,)
        True classes; exactly two distinct labels, at least two examples of
        each.
    score : array_like of float, shape (n,)
        The classifier's scores; a higher score means "more likely
        ``positive``".
    specificity : pair of float, optional
        The range of specificities, each in [0, 1], in either order;
        default (1.0, 0.9): false-positive rates from 0 to 0.1, where a
        screening test must work.
    corrected : bool, optional
        False (default): the area itself, between 0 and the width of the
        range (pROC's default). True: McClish's (1989) standardisation to
        [0.5, 1] for a curve above the diagonal (0.5: no better than
        chance over the range; 1: perfect).
    positive : label, default 1
        The label of the positive class.

    Returns
    -------
    area : float
        The partial AUC (standardised when ``corrected``).

    Notes
    -----
    With false-positive rates :math:`a = 1 - \\mathrm{spec}_{high}` and
    :math:`b = 1 - \\mathrm{spec}_{low}`, the partial area is
    :math:`A = \\int_a^b \\mathrm{ROC}(t)\\,dt` under the empirical ROC curve,
    whose tied scores make diagonal segments (as in the AUC, where a tie
    counts one half); the curve is interpolated linearly at a and b.
    McClish's standardisation divides out the range: with
    :math:`A_{min} = (b^2 - a^2)/2` (the diagonal) and :math:`A_{max} = b - a`,

    .. math::

        A_{corrected} = \\frac12\\Big(1 + \\frac{A - A_{min}}{A_{max} - A_{min}}\\Big).

    For a = 0 this is the value of scikit-learn's
    ``roc_auc_score(max_fpr=b)``. A curve that falls below the diagonal over
    the range gives a corrected value below 0.5 (McClish's formula is meant
    for curves above it). With the full range (1, 0) the area is the AUC.
    Compare two classifiers' partial AUCs with the paired bootstrap
    (:func:`paired_bootstrap` with a callable metric); DeLong's variance
    is for the full AUC only.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] McClish, D. K. (1989). Analyzing a portion of the ROC curve.
       Medical Decision Making 9(3), 190-195.
    .. [2] Robin, X. et al. (2011). pROC: an open-source package for R and
       S+ to analyze and compare ROC curves. BMC Bioinformatics 12, 77.

    Examples
    --------
    >>> from lecture_lib.auc import auc_example, partial_auc
    >>> asah = auc_example()
    >>> y, s100b = asah["outcome"], asah["s100b"]
    >>> round(partial_auc(y, s100b, positive="Poor"), 5)
    0.03276
    >>> round(partial_auc(y, s100b, corrected=True, positive="Poor"), 4)
    0.6461

    Over specificities from 100 % to 90 %, S100B covers 0.033 of the
    0.1 available; standardised, 0.65: better than chance (0.5) in the
    range that matters for ruling out a poor outcome with few false alarms,
    but far from perfect (1). pROC's ``auc(partial.auc = c(1, .9))`` prints
    the same numbers.
    """
    is_pos = positives(y_true, positive)
    s = classifier_scores(score, "score")
    check_same_length(y_true=is_pos, score=s)
    high, low = _check_specificity(specificity)
    corrected = check_flag(corrected, "corrected")
    x, y = _roc_vertices(is_pos, s)
    cumulative = np.r_[0.0, np.cumsum(np.diff(x) * (y[1:] + y[:-1]) / 2.0)]
    a, b = 1.0 - high, 1.0 - low
    area = _area_to(x, y, cumulative, b) - _area_to(x, y, cumulative, a)
    if not corrected:
        return float(area)
    smallest, largest = (b * b - a * a) / 2.0, b - a
    return float(0.5 * (1.0 + (area - smallest) / (largest - smallest)))


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
