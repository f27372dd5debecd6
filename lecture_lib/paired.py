"""Tests that compare two learning algorithms on one data set.

Functions of scores (precomputed per-example losses or per-fold scores):
the paired t-test, the difference of two proportions, the resampled t-test
(with Nadeau and Bengio's corrected variance as an option), the k-fold
cross-validated t-test, the 5x2cv t-test and the combined 5x2cv F test.

Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).
"""

from __future__ import annotations

import dataclasses
import numbers
import warnings

import numpy as np
from scipy import special

from . import metrics, resampling
from ._paired_cores import f_5x2cv, fold_t, t_5x2cv, z_proportions
from ._results import Interval, Printable, TestResult, format_value
from ._splits import take
from ._text import WIDTH, fill
from ._validation import (
    _show,
    as_generator,
    check_alpha,
    check_count,
    check_estimator,
    check_features,
    check_flag,
    check_labels,
    check_option,
    check_probability,
    check_real_array,
    check_score_pair,
)
from .mcnemar import mcnemar, mcnemar_table

__all__ = [
    "PairedTTestResult",
    "ProportionDifferenceResult",
    "FoldTTestResult",
    "TTest5x2cvResult",
    "FTest5x2cvResult",
    "paired_ttest",
    "proportion_difference_test",
    "resampled_ttest",
    "kfold_cv_ttest",
    "corrected_repeated_cv_ttest",
    "ttest_5x2cv",
    "ftest_5x2cv",
    # runners on estimators
    "PAIRED_TESTS",
    "DEFAULT_PAIRED_TEST",
    "AlgorithmComparison",
    "compare_algorithms",
    "Replicability",
    "replicate_comparison",
]


# --------------------------------------------------------------------------- checks


def _check_pair(scores_1, scores_2, names=("scores_1", "scores_2"), *, what: str = "one score per split"):
    return check_score_pair(scores_1, scores_2, names, what=what)


def _check_5x2(values, name: str) -> np.ndarray:
    arr = check_real_array(values, name, what="a (5, 2) array of scores")
    if arr.shape != (5, 2):
        hint = " (use np.reshape(scores, (5, 2)) on the 10 scores of five_by_two)" if arr.size == 10 else ""
        raise ValueError(f"{name} must have shape (5, 2) (replication x fold), got {arr.shape}{hint}")
    return arr


def _check_accuracy(value, name: str) -> float:
    return check_probability(value, name, open_interval=False)


def _check_ratio(value):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(
            f"test_train_ratio must be None or a positive number n_test / n_train, got {_show(value)}"
        )
    value = float(value)
    if not (np.isfinite(value) and value > 0):
        raise ValueError(f"test_train_ratio must be a positive finite number n_test / n_train, got {value!r}")
    return value


# --------------------------------------------------------------------------- results


@dataclasses.dataclass(frozen=True)
class PairedTTestResult(TestResult):
    """Result of :func:`paired_ttest`.

    Attributes
    ----------
    statistic : float
        Student's t, :math:`\\bar d / (s_d / \\sqrt n)` with d = x - y.
    pvalue : float
        Two-sided p-value.
    df : int
        Degrees of freedom, n - 1.
    mean_difference : float
        :math:`\\bar d`, the mean of x - y.
    confidence_interval : Interval
        The t interval for the mean difference (95 % by default); it
        excludes 0 exactly when the two-sided test rejects at level
        1 - confidence. Unpacks as ``low, high``.
    std_difference : float
        :math:`s_d`, the standard deviation of the differences (ddof = 1).
    n : int
        Number of pairs.
    """

    _effect_attribute = "confidence_interval"

    statistic: float
    pvalue: float
    df: int
    mean_difference: float
    confidence_interval: Interval
    std_difference: float
    n: int


@dataclasses.dataclass(frozen=True)
class ProportionDifferenceResult(TestResult):
    """Result of :func:`proportion_difference_test`.

    Attributes
    ----------
    statistic : float
        The z statistic (accuracy_1 - accuracy_2) / standard error.
    pvalue : float
        Two-sided normal p-value.
    difference : float
        accuracy_1 - accuracy_2.
    std_error : float
        The standard error used (pooled or not).
    pooled : bool
        Whether the pooled variance of Dietterich (1998) was used.
    """

    statistic: float
    pvalue: float
    difference: float
    std_error: float
    pooled: bool


@dataclasses.dataclass(frozen=True)
class FoldTTestResult(TestResult):
    """Result of :func:`resampled_ttest` and :func:`kfold_cv_ttest`.

    Attributes
    ----------
    statistic : float
        :math:`\\bar d / \\sqrt{c\\, s^2}` with c the variance factor.
    pvalue : float
        Two-sided p-value from Student's t with ``df`` degrees of freedom.
    df : int
        Number of scores minus one.
    mean_difference : float
        Mean of scores_1 - scores_2: the estimated effect.
    confidence_interval : Interval
        The t interval for the expected difference built from the same
        variance as the test, :math:`\\bar d \\pm t_{df,\\,(1+\\gamma)/2}
        \\sqrt{c\\, s^2}` (:math:`\\gamma` the confidence, 95 % by default):
        it excludes 0 exactly when the two-sided test rejects at level
        :math:`1 - \\gamma`.
    std_error : float
        :math:`\\sqrt{c\\, s^2}`, the denominator of the statistic.
    variance_factor : float
        c = 1/J (Dietterich's resampled and k-fold t), 1/J + n_test/n_train
        (Nadeau and Bengio's corrected resampled t) or 1/(r k) + 1/(k - 1)
        (Bouckaert and Frank's corrected repeated cross-validation t).
    n_scores : int
        J, the number of resamples or folds (r k for repeated cross-validation).
    method : str
        ``"resampled"``, ``"corrected resampled"``, ``"k-fold cv"`` or
        ``"corrected repeated cv"``.
    """

    _effect_attribute = "confidence_interval"

    statistic: float
    pvalue: float
    df: int
    mean_difference: float
    confidence_interval: Interval
    std_error: float
    variance_factor: float
    n_scores: int
    method: str


@dataclasses.dataclass(frozen=True)
class TTest5x2cvResult(TestResult):
    """Result of :func:`ttest_5x2cv`.

    Attributes
    ----------
    statistic : float
        :math:`\\tilde t = p_1^{(1)} / \\sqrt{\\frac15 \\sum_i s_i^2}`.
    pvalue : float
        Two-sided p-value from Student's t with 5 degrees of freedom.
    df : int
        Always 5.
    first_difference : float
        :math:`p_1^{(1)}`, the difference on fold 1 of replication 1.
    mean_variance : float
        :math:`\\frac15 \\sum_i s_i^2`.
    mean_difference : float
        Mean of all ten differences (reported, not used by the test).
    confidence_interval : Interval
        The interval that the test inverts,
        :math:`p_1^{(1)} \\pm t_{5,\\,(1+\\gamma)/2}\\sqrt{\\frac15 \\sum_i s_i^2}`
        (:math:`\\gamma` the confidence): centred on ``first_difference``,
        not on ``mean_difference``, and built from the same variance as the
        statistic, so it excludes 0 exactly when the test rejects at level
        :math:`1 - \\gamma`.
    """

    _effect_attribute = "confidence_interval"

    statistic: float
    pvalue: float
    df: int
    first_difference: float
    mean_variance: float
    mean_difference: float
    confidence_interval: Interval


@dataclasses.dataclass(frozen=True)
class FTest5x2cvResult(TestResult):
    """Result of :func:`ftest_5x2cv`.

    Attributes
    ----------
    statistic : float
        :math:`f = \\sum_i \\sum_j (p_i^{(j)})^2 / (2 \\sum_i s_i^2)`.
    pvalue : float
        Upper tail of the F distribution with (10, 5) degrees of freedom.
    df : tuple of int
        (10, 5).
    sum_squared_differences : float
        The numerator :math:`\\sum_i \\sum_j (p_i^{(j)})^2`.
    sum_variances : float
        :math:`\\sum_i s_i^2`.
    mean_difference : float
        Mean of all ten differences (reported, not used by the test).
    """

    statistic: float
    pvalue: float
    df: tuple
    sum_squared_differences: float
    sum_variances: float
    mean_difference: float


# --------------------------------------------------------------------------- tests


def paired_ttest(x, y, confidence: float = 0.95) -> PairedTTestResult:
    """Paired t-test on matched values, e.g. per-example losses of two models.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Matched measurements (n >= 2), for example the Brier score of model 1
        and of model 2 on each of n test examples. d = x - y.
    confidence : float, optional
        Coverage of the confidence interval for the mean difference, in (0, 1).

    Returns
    -------
    result : PairedTTestResult
        ``statistic``, ``pvalue`` (two-sided), ``df`` (n - 1),
        ``mean_difference``, ``confidence_interval``, ``std_difference``, ``n``.

    Notes
    -----
    H0: the mean difference is zero.

    .. math::

        t = \\frac{\\bar d}{s_d / \\sqrt n}, \\qquad
        s_d = \\sqrt{\\frac{\\sum_i (d_i - \\bar d)^2}{n - 1}}
            = \\sqrt{\\frac{\\sum_i d_i^2 - n \\bar d^2}{n - 1}},

    referred to Student's t with n - 1 degrees of freedom; the interval is
    :math:`\\bar d \\pm t_{n-1, (1+\\mathrm{confidence})/2}\\, s_d/\\sqrt n`.
    The test assumes the n differences are independent (true for the
    examples of one test set given two fixed models; false for the folds
    of a cross-validation, which share training data) and roughly normal,
    or n large enough for the central limit theorem.

    When all differences are equal (:math:`s_d = 0`) the statistic is the
    limit of the formula: 0 with p-value 1 if they are all zero, else
    :math:`\\pm\\infty` with p-value 0, and the interval is the point
    :math:`(\\bar d, \\bar d)`. (scipy's ``ttest_rel`` gives nan for all-zero
    differences and warns for a constant non-zero one.)

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Student (1908). The probable error of a mean. Biometrika 6(1), 1-25.

    Examples
    --------
    >>> from lecture_lib import paired_ttest
    >>> res = paired_ttest([40, 54, 32, 36, 55, 46], [30, 41, 24, 38, 56, 37])
    >>> round(res.statistic, 3), res.df, round(res.pvalue, 4)
    (2.445, 5, 0.0583)
    >>> print(res.confidence_interval)
    6.16667 [-0.31666, 12.65] (95 % paired t)

    The bank branches' downtime fell by 6.17 hours on average; a change at
    least this large in either direction would happen in about 5.8 % of
    samples if the true mean change were zero: weak evidence, not
    significant at the 5 % level. The 95 % interval, from a rise of 0.3
    hours to a fall of 12.7 hours, says the same in the data's own units.
    """
    x, y = _check_pair(x, y, ("x", "y"), what="one value per matched pair")
    confidence = check_probability(confidence, "confidence")
    n = x.size
    statistic, pvalue, mean, se = fold_t(x - y, 1.0 / n)  # the fold t with factor 1/n is Student's t
    statistic, pvalue, mean, se = float(statistic), float(pvalue), float(mean), float(se)
    std = se * np.sqrt(n)
    half = float(special.stdtrit(n - 1, 0.5 + confidence / 2.0)) * se
    return PairedTTestResult(
        statistic=statistic,
        pvalue=pvalue,
        df=n - 1,
        mean_difference=mean,
        confidence_interval=Interval(mean, mean - half, mean + half, confidence, "paired t"),
        std_difference=std,
        n=n,
    )


def proportion_difference_test(
    accuracy_1, accuracy_2, n_test, pooled: bool = True
) -> ProportionDifferenceResult:
    """Test for the difference of two proportions (Dietterich's test 2).

    Parameters
    ----------
    accuracy_1, accuracy_2 : float
        Accuracies (or error rates) of the two models on the same test set,
        in [0, 1].
    n_test : int
        Number of test examples (>= 1).
    pooled : bool, optional
        True (default): the pooled variance of Dietterich (1998),
        :math:`2 p (1 - p) / n` with :math:`p = (p_A + p_B) / 2`.
        False: the unpooled :math:`(p_A(1-p_A) + p_B(1-p_B)) / n`, as in
        mlxtend's ``proportion_difference``.

    Returns
    -------
    result : ProportionDifferenceResult
        ``statistic`` (z), ``pvalue`` (two-sided), ``difference``,
        ``std_error``, ``pooled``.

    Notes
    -----
    H0: the two models have the same accuracy.

    .. math::

        z = \\frac{p_A - p_B}{\\sqrt{2 p (1 - p) / n}}, \\qquad p = \\frac{p_A + p_B}{2},

    referred to the standard normal distribution. The formula treats the two
    accuracies as independent binomial proportions, but they are measured
    on the same test examples, so they are positively correlated and the
    variance is overestimated; it also ignores the variation due to the
    choice of training set. Dietterich (1998) found its Type I error
    too high in some settings and recommends against it. It costs one
    training per algorithm. Accuracies and error rates give the same
    statistic up to its sign.

    Zero variance (both accuracies 0 or both 1 when pooled): statistic 0,
    p-value 1 when the accuracies are equal, else :math:`\\pm\\infty` with
    p-value 0 (possible only with ``pooled=False``).

    mlxtend's ``proportion_difference`` returns the unpooled z and
    ``norm.cdf(z)``, a one-sided lower-tail p-value; here the p-value is
    two-sided, :math:`2\\Phi(-|z|)`.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.

    Examples
    --------
    >>> from lecture_lib import proportion_difference_test
    >>> res = proportion_difference_test(0.84, 0.80, n_test=500)
    >>> round(res.statistic, 3), round(res.pvalue, 4)
    (1.646, 0.0997)

    Four points of accuracy on 500 examples: p = 0.10, no evidence against
    H0 at the 5 % level. The p-value is only approximate, and here it rests
    on an assumption that does not hold: this unpaired z-test treats the two
    accuracies as independent, while both models were scored on the same
    500 examples (chapter 4; McNemar's test uses the pairing).
    """
    p1 = _check_accuracy(accuracy_1, "accuracy_1")
    p2 = _check_accuracy(accuracy_2, "accuracy_2")
    n_test = check_count(n_test, "n_test", minimum=1)
    pooled = check_flag(pooled, "pooled")
    statistic, pvalue, se = z_proportions(p1, p2, n_test, pooled)
    return ProportionDifferenceResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        difference=p1 - p2,
        std_error=float(se),
        pooled=bool(pooled),
    )


def _check_confidence(confidence) -> float:
    return check_probability(confidence, "confidence")


def _fold_result(differences, factor: float, method: str, confidence: float) -> FoldTTestResult:
    """The result of a fold t-test on 1-D ``differences`` with variance factor ``factor``."""
    n = differences.size
    statistic, pvalue, mean, se = fold_t(differences, factor)
    mean, se = float(mean), float(se)
    if se == 0.0 and mean != 0.0:
        # the documented limit of the formula, not certainty: say so where it happens
        warnings.warn(
            f"every difference is the same ({mean:g}), so their sample variance is 0 and t is infinite: "
            "p = 0 and the point interval are the formula's limit, not certainty; use more folds or "
            "repetitions", UserWarning, stacklevel=3)
    half = float(special.stdtrit(n - 1, 0.5 + confidence / 2.0)) * se
    return FoldTTestResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        df=n - 1,
        mean_difference=mean,
        confidence_interval=Interval(mean, mean - half, mean + half, confidence, f"{method} t"),
        std_error=se,
        variance_factor=float(factor),
        n_scores=n,
        method=method,
    )


def resampled_ttest(scores_1, scores_2, test_train_ratio, *, confidence: float = 0.95) -> FoldTTestResult:
    """Resampled paired t-test, plain (Dietterich) or corrected (Nadeau and Bengio).

    Parameters
    ----------
    scores_1, scores_2 : array_like, shape (J,)
        Scores of the two algorithms on J >= 2 random train/test splits
        (the same splits for both), e.g. from
        :func:`lecture_lib.repeated_holdout`.
    test_train_ratio : float or None
        Required, with no default, so that the choice is always visible. A
        positive number n_test / n_train (0.5 for splits with a third of the
        data in test): Nadeau and Bengio's corrected variance factor
        1/J + n_test/n_train, the test to use. None: Dietterich's plain
        resampled t, variance factor 1/J, which rejects a true H0 far too
        often (taught in chapter 4 as the wrong way; never use it for a
        decision).
    confidence : float, optional
        Coverage of the confidence interval for the mean difference, in (0, 1).

    Returns
    -------
    result : FoldTTestResult
        ``statistic``, ``pvalue`` (two-sided), ``df`` (J - 1),
        ``mean_difference``, ``confidence_interval`` (an :class:`Interval`),
        ``std_error``, ``variance_factor``, ``n_scores``, ``method``.

    Notes
    -----
    H0: the two algorithms, trained on training sets of this size, have the
    same expected score. With :math:`d_j` = scores_1 - scores_2 on split j,

    .. math::

        t = \\frac{\\bar d}{\\sqrt{c\\, s^2}}, \\qquad
        s^2 = \\frac{1}{J-1} \\sum_j (d_j - \\bar d)^2, \\qquad
        c = \\frac1J \\;\\text{(Dietterich)} \\quad\\text{or}\\quad
        c = \\frac1J + \\frac{n_2}{n_1} \\;\\text{(Nadeau and Bengio)},

    with J - 1 degrees of freedom; the interval is
    :math:`\\bar d \\pm t_{J-1}\\sqrt{c\\, s^2}`.

    Why a correction: the J splits reuse one data set, so the :math:`d_j`
    are positively correlated. If every pair has correlation :math:`\\rho`,
    :math:`\\mathrm{Var}(\\bar d) = \\sigma^2 (\\rho + (1-\\rho)/J)`, while
    :math:`s^2` estimates only :math:`(1-\\rho)\\sigma^2`; hence
    :math:`\\mathrm{Var}(\\bar d) = (1-\\rho)\\sigma^2\\,(1/J + \\rho/(1-\\rho))`
    and :math:`s^2/J` is too small: Dietterich (1998) found the plain test's
    Type I error far above alpha, and rising with J. Nadeau and Bengio
    (2003) put :math:`\\rho = n_2/(n_1 + n_2)`, which gives
    :math:`\\rho/(1-\\rho) = n_2/n_1` (n_1 training, n_2 test examples).
    That value is exact for a decision function that does not depend on
    the training set: two independent test sets of n_2 examples drawn from
    the same n share the data set, and their means then have covariance
    :math:`\\sigma_L^2/n` and variances :math:`\\sigma_L^2/n_2`
    (:math:`\\sigma_L^2` the variance of one example's loss difference).
    A real learner's model changes with its training set, which changes the
    true correlation in a direction that depends on the learner and the
    data: the corrected test is conservative when the true :math:`\\rho` is
    below :math:`n_2/n`, liberal when it is above, so it can err either way
    (chapter 4's lab measures both). It is an approximation, not an exact
    test. The same correction with ratio 1/(k-1) applies to repeated k-fold
    scores: :func:`corrected_repeated_cv_ttest`. Cost: 2J trainings
    (J = 30 in Dietterich's study).

    If all differences are equal (s = 0): statistic 0 and p-value 1 when
    they are zero, else :math:`\\pm\\infty` and p-value 0; the interval is
    the point :math:`(\\bar d, \\bar d)`.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.
    .. [2] Nadeau, C., Bengio, Y. (2003). Inference for the generalization
       error. Machine Learning 52(3), 239-281.

    Examples
    --------
    >>> from lecture_lib import resampled_ttest
    >>> a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.79, 0.83, 0.82]
    >>> b = [0.79, 0.81, 0.80, 0.80, 0.82, 0.80, 0.83, 0.78, 0.80, 0.81]
    >>> round(resampled_ttest(a, b, test_train_ratio=None).pvalue, 4)
    0.0004
    >>> res = resampled_ttest(a, b, test_train_ratio=0.5)
    >>> round(res.pvalue, 4)
    0.0528
    >>> print(res.confidence_interval)
    0.019 [-0.000283701, 0.0382837] (95 % corrected resampled t)

    Treated as independent, ten overlapping splits look overwhelming
    (p = 0.0004); once the overlap of a 2:1 train/test split is accounted
    for, the mean gain of 1.9 points has p = 0.053 and a 95 % interval from
    -0.03 to 3.8 points: not significant at the 5 % level, and the data are
    compatible with anything from no gain to a gain of almost 4 points.
    """
    one, two = _check_pair(scores_1, scores_2)
    ratio = _check_ratio(test_train_ratio)
    confidence = _check_confidence(confidence)
    n = one.size
    factor = 1.0 / n if ratio is None else 1.0 / n + ratio
    return _fold_result(
        one - two, factor, "resampled" if ratio is None else "corrected resampled", confidence
    )


def kfold_cv_ttest(scores_1, scores_2, *, confidence: float = 0.95) -> FoldTTestResult:
    """k-fold cross-validated paired t-test (Dietterich's test 4).

    Parameters
    ----------
    scores_1, scores_2 : array_like, shape (k,)
        Scores of the two algorithms on the k test folds of one k-fold
        cross-validation (same folds for both), k >= 2.
    confidence : float, optional
        Coverage of the confidence interval for the mean difference, in (0, 1).

    Returns
    -------
    result : FoldTTestResult
        ``statistic``, ``pvalue`` (two-sided), ``df`` (k - 1),
        ``mean_difference``, ``confidence_interval``, ``std_error``,
        ``variance_factor`` (1/k), ``n_scores`` (k), ``method`` (``"k-fold cv"``).

    Notes
    -----
    H0: the two algorithms have the same expected score. The formula is the
    paired t-test on the k fold differences,

    .. math::

        t = \\frac{\\bar d \\sqrt k}{\\sqrt{\\sum_i (d_i - \\bar d)^2 / (k - 1)}},

    with k - 1 degrees of freedom. The test folds are disjoint, but any two
    training sets share (k - 2)/(k - 1) of their examples, so for a learner
    whose model changes with its training set the :math:`d_i` are
    correlated and the variance is underestimated: Dietterich (1998) found
    a somewhat elevated Type I error. Cost: 2k trainings. For a test that
    accounts for the overlap use :func:`corrected_repeated_cv_ttest`
    (r repetitions of k-fold; 10 x 10 is the course's recommendation).

    If all differences are equal (s = 0): statistic 0 and p-value 1 when
    they are zero, else :math:`\\pm\\infty` and p-value 0.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.

    Examples
    --------
    >>> from lecture_lib import kfold_cv_ttest
    >>> res = kfold_cv_ttest([0.90, 0.92, 0.88, 0.91, 0.93], [0.88, 0.91, 0.88, 0.89, 0.90])
    >>> round(res.statistic, 3), round(res.pvalue, 4)
    (3.138, 0.0349)

    A p-value of 3.5 % would be evidence against H0 at the 5 % level if the
    folds were independent; they are not, so the real risk of a false alarm
    is larger than the nominal 5 %.
    """
    one, two = _check_pair(scores_1, scores_2)
    confidence = _check_confidence(confidence)
    return _fold_result(one - two, 1.0 / one.size, "k-fold cv", confidence)


def _check_cv_grid(values, name: str, n_folds) -> np.ndarray:
    """Scores of r x k cross-validation as an (r, k) float array."""
    if values is None or isinstance(values, (str, bytes)) or np.isscalar(values):
        raise TypeError(f"{name} must be an (r, k) array of cross-validation scores, got {_show(values)}")
    try:
        arr = np.asarray(values)
    except ValueError as err:  # ragged nested lists
        raise ValueError(f"{name} must be an (r, k) array of cross-validation scores: {err}") from None
    if arr.dtype.kind == "b" or arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype}")
    arr = arr.astype(np.float64)
    if arr.ndim == 1:
        if n_folds is None:
            raise ValueError(
                f"{name} is 1-D ({arr.size} scores): give n_folds (k) so that the r x k layout is known, "
                f"or pass an array of shape (r, k)"
            )
        if arr.size == 0 or arr.size % n_folds:
            raise ValueError(
                f"{name} has {arr.size} scores, which is not a whole number of repetitions of "
                f"n_folds={n_folds} folds"
            )
        arr = arr.reshape(-1, n_folds)
    elif arr.ndim == 2:
        if n_folds is not None and arr.shape[1] != n_folds:
            raise ValueError(f"{name} has shape {arr.shape} (r, k) but n_folds={n_folds}")
    else:
        raise ValueError(
            f"{name} must be 1-D (with n_folds) or 2-D (r, k), got an array of shape {arr.shape}"
        )
    if arr.shape[1] < 2:
        raise ValueError(f"{name} must hold k >= 2 folds per repetition, got shape {arr.shape}")
    if arr.shape[0] < 1:
        raise ValueError(f"{name} must hold at least one repetition, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)):
        where = tuple(int(i) for i in np.argwhere(~np.isfinite(arr))[0])
        raise ValueError(f"{name} must be finite, got {arr[where]!r} at (repetition, fold) {where}")
    return arr


def corrected_repeated_cv_ttest(
    scores_1, scores_2, n_folds=None, *, confidence: float = 0.95
) -> FoldTTestResult:
    """Corrected repeated cross-validation t-test (Bouckaert and Frank 2004).

    Parameters
    ----------
    scores_1, scores_2 : array_like, shape (r, k) or (r * k,)
        Scores of the two algorithms on the same r repetitions of k-fold
        cross-validation (row i: the k folds of repetition i). A 1-D array
        lists repetition 0's k folds, then repetition 1's, and so on (the
        order of :func:`lecture_lib.repeated_kfold`), and needs ``n_folds``.
    n_folds : int or None, optional
        k, the number of folds per repetition (>= 2). Required for 1-D
        scores; for 2-D scores it defaults to the number of columns (and must
        equal it when given).
    confidence : float, optional
        Coverage of the confidence interval for the mean difference, in (0, 1).

    Returns
    -------
    result : FoldTTestResult
        ``statistic``, ``pvalue`` (two-sided), ``df`` (r k - 1),
        ``mean_difference``, ``confidence_interval`` (an :class:`Interval`),
        ``std_error``, ``variance_factor`` (1/(r k) + 1/(k - 1)),
        ``n_scores`` (r k), ``method`` (``"corrected repeated cv"``).

    Notes
    -----
    H0: the two algorithms, trained on training sets of n (k - 1)/k
    examples from this population, have the same expected score. With
    :math:`d_{ij}` = scores_1 - scores_2 on fold j of repetition i,
    :math:`\\bar d` the mean of all r k differences and :math:`s^2` their
    sample variance (ddof = 1),

    .. math::

        t = \\frac{\\bar d}{\\sqrt{\\left(\\frac{1}{r k} + \\frac{n_2}{n_1}\\right) s^2}},
        \\qquad \\frac{n_2}{n_1} = \\frac{n/k}{n (k-1)/k} = \\frac{1}{k - 1},

    referred to Student's t with r k - 1 degrees of freedom; the interval is
    :math:`\\bar d \\pm t_{rk-1}\\sqrt{(1/(rk) + 1/(k-1))\\, s^2}`. This is
    Nadeau and Bengio's (2003) corrected variance with J = r k and their
    ratio n_test/n_train for k-fold splits, the test Bouckaert and Frank
    (2004) recommend with r = k = 10 because its verdicts vary least when
    the cross-validation is rerun with other seeds (replicability). The
    result equals ``resampled_ttest(d, 0, test_train_ratio=1/(k-1))`` on the
    flattened scores (tested). Cost: r k trainings per algorithm (100 for
    10 x 10).

    With r = 1 (one k-fold cross-validation) the same formula is very
    conservative for stable learners: the test folds of one partition are
    disjoint, so the differences are far less correlated than the
    correction assumes; chapter 4's lab measures it. The correction is an
    approximation in both directions (see :func:`resampled_ttest`); the
    degrees of freedom r k - 1 are those of Bouckaert and Frank, although
    the r k differences are not independent.

    If all differences are equal (s = 0): statistic 0 and p-value 1 when
    they are zero, else :math:`\\pm\\infty` and p-value 0; the interval is
    the point :math:`(\\bar d, \\bar d)`.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``) and
    used on nested outer scores in chapter 7.

    References
    ----------
    .. [1] Nadeau, C., Bengio, Y. (2003). Inference for the generalization
       error. Machine Learning 52(3), 239-281.
    .. [2] Bouckaert, R. R., Frank, E. (2004). Evaluating the replicability
       of significance tests for comparing learning algorithms. Advances in
       Knowledge Discovery and Data Mining (PAKDD 2004), LNCS 3056, 3-12.

    Examples
    --------
    >>> from lecture_lib import corrected_repeated_cv_ttest
    >>> a = [[0.84, 0.80, 0.86, 0.82, 0.83], [0.85, 0.81, 0.83, 0.84, 0.82]]
    >>> b = [[0.81, 0.80, 0.83, 0.80, 0.82], [0.82, 0.80, 0.81, 0.83, 0.79]]
    >>> res = corrected_repeated_cv_ttest(a, b)
    >>> round(res.statistic, 3), res.df, round(res.pvalue, 4)
    (2.918, 9, 0.0171)
    >>> print(res.confidence_interval)
    0.019 [0.00427183, 0.0337282] (95 % corrected repeated cv t)

    Two repetitions of 5-fold cross-validation: algorithm 1 scored 1.9
    points more on average, with a 95 % interval from 0.4 to 3.4 points.
    The p-value, 0.017 (approximate, like the correction), is evidence at
    the 5 % level that algorithm 1 is the more accurate.
    """
    if n_folds is not None:
        n_folds = check_count(n_folds, "n_folds", minimum=2)
    one = _check_cv_grid(scores_1, "scores_1", n_folds)
    two = _check_cv_grid(scores_2, "scores_2", n_folds)
    if one.shape != two.shape:
        raise ValueError(
            f"inputs must have the same shape (r, k): scores_1 has {one.shape}, scores_2 has {two.shape}"
        )
    confidence = _check_confidence(confidence)
    r, k = one.shape
    factor = 1.0 / (r * k) + 1.0 / (k - 1)
    return _fold_result((one - two).ravel(), factor, "corrected repeated cv", confidence)


def ttest_5x2cv(scores_1, scores_2, *, confidence: float = 0.95) -> TTest5x2cvResult:
    """Dietterich's 5x2cv paired t-test.

    Parameters
    ----------
    scores_1, scores_2 : array_like, shape (5, 2)
        Scores of the two algorithms on 5 replications (rows) of 2-fold
        cross-validation (columns), e.g. ``np.reshape(scores, (5, 2))`` on
        the scores of :func:`lecture_lib.five_by_two`.
    confidence : float, optional
        Coverage of the confidence interval, in (0, 1); default 0.95.

    Returns
    -------
    result : TTest5x2cvResult
        ``statistic``, ``pvalue`` (two-sided), ``df`` (5),
        ``first_difference``, ``mean_variance``, ``mean_difference``,
        ``confidence_interval``.

    Notes
    -----
    H0: the two algorithms, trained on half the data, have the same
    expected score. With :math:`p_i^{(j)}` the difference scores_1 -
    scores_2 on fold j of replication i, :math:`\\bar p_i =
    (p_i^{(1)} + p_i^{(2)})/2` and :math:`s_i^2 = (p_i^{(1)} - \\bar p_i)^2
    + (p_i^{(2)} - \\bar p_i)^2`,

    .. math::

        \\tilde t = \\frac{p_1^{(1)}}{\\sqrt{\\frac15 \\sum_{i=1}^5 s_i^2}}
        \\sim t_5 \\text{ under H0 (approximately)}.

    Only the first difference enters the numerator: Dietterich chose it so
    that numerator and denominator are (approximately) independent, which a
    mean of all ten differences would not be. The consequence is that the
    statistic depends on which fold is labelled first;
    :func:`ftest_5x2cv` uses all ten differences. Each :math:`s_i^2` is a
    sum of two squared deviations (an estimate of the variance with one
    degree of freedom), not a mean. Cost: 10 trainings per algorithm.
    Dietterich (1998) found its Type I error at or below alpha and its power
    slightly above McNemar's.

    If every :math:`s_i^2` is zero, the statistic is 0 with p-value 1 when
    :math:`p_1^{(1)} = 0`, else :math:`\\pm\\infty` with p-value 0, and the
    interval is the point :math:`p_1^{(1)}`.
    (mlxtend's ``paired_ttest_5x2cv`` returns nan, with a RuntimeWarning,
    when all differences are zero, e.g. for two identical learners.)

    **The interval.** Whatever the expected difference :math:`\\mu`,
    :math:`(p_1^{(1)} - \\mu)/\\sqrt{\\frac15\\sum_i s_i^2}` is approximately
    :math:`t_5` (the :math:`s_i^2` do not depend on :math:`\\mu`), so the
    values of :math:`\\mu` the test does not reject form the interval
    :math:`p_1^{(1)} \\pm t_{5,\\,(1+\\gamma)/2}\\sqrt{\\frac15\\sum_i s_i^2}`.
    It rests on one difference out of ten, the price of Dietterich's
    construction, and is correspondingly wide.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import ttest_5x2cv
    >>> a = np.array([[0.86, 0.84], [0.85, 0.87], [0.84, 0.86], [0.87, 0.85], [0.85, 0.85]])
    >>> b = np.array([[0.83, 0.83], [0.84, 0.84], [0.84, 0.83], [0.85, 0.84], [0.84, 0.83]])
    >>> res = ttest_5x2cv(a, b)
    >>> round(res.statistic, 3), round(res.pvalue, 4)
    (2.176, 0.0815)
    >>> print(res.confidence_interval)
    0.03 [-0.00543303, 0.065433] (95 % 5x2cv t)

    A first-fold gain of 3 points against a fold-to-fold spread of about 1.4
    points: a statistic at least this far from zero has probability 8.2 %
    under H0 (approximately), not significant at the 5 % level. The 95 %
    interval for the expected gain, from -0.5 to 6.5 points, includes 0 and
    shows how little one first-fold difference pins down.
    """
    one = _check_5x2(scores_1, "scores_1")
    two = _check_5x2(scores_2, "scores_2")
    confidence = _check_confidence(confidence)
    d = one - two
    statistic, pvalue, first, mean_s2, root_mean_s2 = t_5x2cv(d)
    first = float(first)
    half = float(special.stdtrit(5, 0.5 + confidence / 2.0)) * float(root_mean_s2)
    return TTest5x2cvResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        df=5,
        first_difference=first,
        mean_variance=float(mean_s2),
        mean_difference=float(d.mean()),
        confidence_interval=Interval(first, first - half, first + half, confidence, "5x2cv t"),
    )


def ftest_5x2cv(scores_1, scores_2) -> FTest5x2cvResult:
    """Alpaydin's combined 5x2cv F test.

    Parameters
    ----------
    scores_1, scores_2 : array_like, shape (5, 2)
        Scores of the two algorithms on 5 replications (rows) of 2-fold
        cross-validation (columns), as for :func:`ttest_5x2cv`.

    Returns
    -------
    result : FTest5x2cvResult
        ``statistic``, ``pvalue`` (upper tail), ``df`` ((10, 5)),
        ``sum_squared_differences``, ``sum_variances``, ``mean_difference``.

    Notes
    -----
    H0: the two algorithms have the same expected score. With the
    :math:`p_i^{(j)}` and :math:`s_i^2` of :func:`ttest_5x2cv`,

    .. math::

        f = \\frac{\\sum_{i=1}^5 \\sum_{j=1}^2 \\left(p_i^{(j)}\\right)^2}
                 {2 \\sum_{i=1}^5 s_i^2} \\sim F_{10, 5}
        \\text{ under H0 (approximately)}.

    Each :math:`(p_i^{(j)})^2/\\sigma^2` is roughly chi-squared with 1 df and
    each :math:`s_i^2/\\sigma^2` roughly chi-squared with 1 df, so :math:`s_i^2`
    is the SUM of the two squared deviations (not their mean, as
    ``np.var(ddof=0)`` would give, which doubles f). All ten differences are
    used, so the result does not depend on which fold comes first, and
    Alpaydin (1999) found it has lower Type I error and higher power than
    the 5x2cv t. The test is one-sided by construction (large f is evidence
    of a difference, in either direction). Cost: 10 trainings per algorithm.

    If every :math:`s_i^2` is zero, the statistic is 0 with p-value 1 when all
    differences are zero, else :math:`+\\infty` with p-value 0.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Alpaydin, E. (1999). Combined 5 x 2 cv F test for comparing
       supervised classification learning algorithms. Neural Computation
       11(8), 1885-1892.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import ftest_5x2cv
    >>> a = np.array([[0.86, 0.84], [0.85, 0.87], [0.84, 0.86], [0.87, 0.85], [0.85, 0.85]])
    >>> b = np.array([[0.83, 0.83], [0.84, 0.84], [0.84, 0.83], [0.85, 0.84], [0.84, 0.83]])
    >>> res = ftest_5x2cv(a, b)
    >>> round(res.statistic, 3), round(res.pvalue, 4)
    (2.053, 0.2212)

    Using all ten folds, F = 2.05 on (10, 5) degrees of freedom gives
    p = 0.22: no evidence against H0 at the 5 % level. The F distribution is
    an approximation (if the test's assumptions held, a ratio this large
    would be exceeded in about 22 % of experiments under H0); chapter 4's
    lab finds its actual level well above 5 % with the unstable 1-NN.
    """
    one = _check_5x2(scores_1, "scores_1")
    two = _check_5x2(scores_2, "scores_2")
    d = one - two
    statistic, pvalue, numerator, denominator = f_5x2cv(d)
    return FTest5x2cvResult(
        statistic=float(statistic),
        pvalue=float(pvalue),
        df=(10, 5),
        sum_squared_differences=float(numerator),
        sum_variances=float(denominator),
        mean_difference=float(d.mean()),
    )


# --------------------------------------------------------------------------- runners on estimators

#: The ``test`` options of :func:`compare_algorithms` and of the chapter 4 simulation.
PAIRED_TESTS = (
    "mcnemar",
    "prop_diff",
    "resampled",
    "corrected",
    "kfold_cv",
    "corrected_kfold",
    "corrected_repeated_cv",
    "5x2cv_t",
    "5x2cv_f",
)

#: The default ``test`` of :func:`compare_algorithms`: the one chapter 4's lab supports.
DEFAULT_PAIRED_TEST = "corrected_repeated_cv"

_TEST_NAMES = {
    "mcnemar": "McNemar's mid-p test on one holdout split (compares two trained models)",
    "prop_diff": "difference of two proportions on one holdout split (compares two trained models)",
    "resampled": "resampled paired t-test (Dietterich 1998; rejects a true H0 far too often)",
    "corrected": "corrected resampled t-test (Nadeau and Bengio 2003)",
    "kfold_cv": "k-fold cross-validated paired t-test (liberal: ignores overlapping training sets)",
    "corrected_kfold": "corrected t on one k-fold cross-validation (conservative)",
    "corrected_repeated_cv": "corrected repeated cross-validation t-test (Bouckaert and Frank 2004)",
    "5x2cv_t": "5x2cv paired t-test (Dietterich 1998)",
    "5x2cv_f": "combined 5x2cv F test (Alpaydin 1999)",
}


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class AlgorithmComparison(TestResult):
    """Result of :func:`compare_algorithms`: the scores and the test.

    Attributes
    ----------
    statistic, pvalue : float
        Copied from ``result``.
    test : str
        The test run, one of :data:`PAIRED_TESTS`.
    scores_1, scores_2 : ndarray
        The scores of the two algorithms on the same splits (shape (J,),
        (k,), (r, k) for the repeated cross-validation, (5, 2), or (1,) for
        the two holdout tests).
    n_trainings : int
        How many models were fitted, both algorithms together.
    result : TestResult
        The full result of the test function (for the t-tests on folds it
        carries ``mean_difference`` and ``confidence_interval``).
    description : str
        The test's name in words.
    """

    statistic: float
    pvalue: float
    test: str
    scores_1: np.ndarray
    scores_2: np.ndarray
    n_trainings: int
    result: TestResult
    description: str

    @property
    def effect_interval(self):
        """The effect and interval of the test that ran (``result.effect_interval``)."""
        return self.result.effect_interval

    @property
    def effect_null(self) -> float:
        return self.result.effect_null

    def __str__(self) -> str:
        def show(name, s):
            s = np.asarray(s)
            if s.size > 10:  # a summary, not a wall of numbers
                text = f"{s.size} scores, shape {s.shape}"
            else:
                # 58 characters after the 16 of the label: lines of at most 74
                text = np.array2string(np.round(s, 4), separator=", ", max_line_width=58)
                text = text.replace("\n", "\n" + " " * 16)
            summary = f"mean {s.mean():.4f}, sd {s.std(ddof=1):.4f}" if s.size > 1 else "one test set"
            return f"  {name:<11} : {text}\n  {'':<11}   ({summary})"

        details = ", ".join(
            f"{name} = {format_value(getattr(self.result, name))}"
            for name in self.result.printed_fields()
            if name not in ("statistic", "pvalue", "reason")
        )
        lines = [
            fill(f"{type(self).__name__}: {self.description}", WIDTH, rest="  "),
            show("scores_1", self.scores_1),
            show("scores_2", self.scores_2),
            f"  n_trainings : {self.n_trainings} (both algorithms)",
            f"  statistic   : {format_value(self.statistic)}",
            f"  pvalue      : {format_value(self.pvalue)}",
        ]
        for i, part in enumerate(details.split("\n")):
            lines.append(fill(part, WIDTH, "  details     : " if i == 0 else " " * 16, " " * 16))
        return "\n".join(lines)


def compare_algorithms(
    estimator_1,
    estimator_2,
    X,
    y,
    test: str = DEFAULT_PAIRED_TEST,
    scoring="accuracy",
    seed=None,
    *,
    n_resamples: int = 30,
    test_size: float = 1 / 3,
    k: int = 10,
    n_repeats: int = 10,
) -> AlgorithmComparison:
    """Train two learning algorithms on the same splits and run one test.

    Parameters
    ----------
    estimator_1, estimator_2 : scikit-learn style estimators
        Cloned for every split (never fitted themselves).
    X : array_like, shape (n, ...)
        Features.
    y : array_like, shape (n,)
        Class labels.
    test : {"corrected_repeated_cv", "mcnemar", "prop_diff", "resampled", "corrected", "kfold_cv", \
"corrected_kfold", "5x2cv_t", "5x2cv_f"}
        ``"corrected_repeated_cv"`` (default): ``n_repeats`` x ``k``
        stratified cross-validation, :func:`corrected_repeated_cv_ttest`
        (Bouckaert and Frank 2004); with the default 10 x 10 it is the test
        chapter 4 recommends (see the Notes for its limits).
        ``"corrected_kfold"``: the same on one stratified k-fold
        cross-validation (r = 1; conservative for stable learners).
        ``"mcnemar"``: one stratified holdout split, :func:`mcnemar` with the
        library's default method (the mid-p test) on the two models'
        predictions; it compares the two *trained models*, not the
        algorithms (one training set, so training-set variation is not
        measured). ``"prop_diff"``: the same split,
        :func:`proportion_difference_test` (also about the two models).
        ``"resampled"``/``"corrected"``: ``n_resamples`` stratified holdout
        splits, :func:`resampled_ttest` without/with the Nadeau-Bengio
        correction (ratio n_test / n_train of the actual split sizes).
        ``"kfold_cv"``: stratified k-fold, :func:`kfold_cv_ttest`.
        ``"5x2cv_t"``/``"5x2cv_f"``: stratified 5x2 splits,
        :func:`ttest_5x2cv`/:func:`ftest_5x2cv`. ``"resampled"`` and
        ``"kfold_cv"`` are the wrong ways chapter 4 demonstrates (too many
        false alarms); they stay available for teaching.
    scoring : {"accuracy", "error_rate"} or callable, optional
        As in :func:`lecture_lib.cross_validate_scores`; the two holdout
        tests need a named scoring (they test proportions).
    seed : int, numpy.random.Generator or None
        Source of randomness for the splits.
    n_resamples : int, optional
        Number of holdout splits of the resampled tests (Dietterich used 30).
    test_size : float, optional
        Fraction of examples in the test set of every holdout split.
    k : int, optional
        Number of folds of the k-fold tests and of every repetition of the
        repeated cross-validation.
    n_repeats : int, optional
        r, the number of repetitions of ``"corrected_repeated_cv"`` (>= 1).

    Returns
    -------
    result : AlgorithmComparison
        The scores of both algorithms, the cost (number of trainings) and
        the test result.

    Notes
    -----
    Both algorithms see exactly the same splits, made by
    :mod:`lecture_lib.resampling` (stratified by y). Costs (trainings per
    algorithm): 1 for the holdout tests, ``n_resamples`` for the resampled
    tests, k for the k-fold tests, 10 for the 5x2cv tests and
    ``n_repeats * k`` (100) for the corrected repeated cross-validation.
    For a given seed, the first repetition of ``"corrected_repeated_cv"``
    uses the folds of ``"kfold_cv"`` and ``"corrected_kfold"``.

    Why the default: in chapter 4's lab the corrected 10 x 10
    cross-validation t held its level with a stable learner (nearest
    centroid: Type I error 4.0 % at alpha = 5 %) and had the highest power
    of the tests that did (0.77 against 0.58 for the 5x2cv F at a 10-point
    difference); its p-values moved least when the splits were redrawn, as
    Bouckaert and Frank (2004) found. Its level is approximate: with an
    unstable learner (1-NN) it rejected a true H0 in 12.6 % of the data sets,
    no better than the 5x2cv t and F. ``"corrected_kfold"`` held its level
    in every setting of the lab, at about half the power with the stable
    learner: the choice for unstable learners (nearest neighbours, deep
    unpruned trees), small noisy data, or when a false alarm is costly.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.
    .. [2] Bouckaert, R. R., Frank, E. (2004). Evaluating the replicability
       of significance tests for comparing learning algorithms. PAKDD 2004,
       LNCS 3056, 3-12.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from lecture_lib import compare_algorithms
    >>> X, y = load_iris(return_X_y=True)
    >>> res = compare_algorithms(GaussianNB(), DecisionTreeClassifier(random_state=0), X, y, seed=0)
    >>> res.test, res.scores_1.shape, res.n_trainings
    ('corrected_repeated_cv', (10, 10), 200)
    >>> round(res.pvalue, 2)
    0.84
    >>> print(res.result.confidence_interval)
    0.00333333 [-0.0296269, 0.0362936] (95 % corrected repeated cv t)

    Over 10 x 10 folds naive Bayes scored 0.3 points more than the tree on
    average, with a 95 % interval from -3.0 to +3.6 points, and p = 0.84:
    no evidence of a difference at the 5 % level (which does not show that
    the two are equally accurate; the interval says how large a difference
    the data leave open).
    """
    from sklearn.base import clone

    check_estimator(estimator_1, "estimator_1")
    check_estimator(estimator_2, "estimator_2")
    test = check_option(test, "test", PAIRED_TESTS)
    if not callable(scoring):
        check_option(scoring, "scoring", resampling.SCORINGS)
    n_resamples = check_count(n_resamples, "n_resamples", minimum=2)
    k = check_count(k, "k", minimum=2)
    n_repeats = check_count(n_repeats, "n_repeats", minimum=1)
    test_size = check_probability(test_size, "test_size")
    y_arr = check_labels(y.to_numpy() if hasattr(y, "to_numpy") else y, "y")
    X = check_features(X, y_arr.size)
    rng = as_generator(seed)
    n = len(y_arr)

    if test in ("mcnemar", "prop_diff"):
        if callable(scoring):
            raise ValueError(
                f"scoring must be one of {resampling.SCORINGS} for test={test!r}, got {_show(scoring)}"
            )
        [(train, test_idx)] = list(resampling.holdout(n, test_size=test_size, seed=rng, stratify=y_arr))
        score = getattr(metrics, scoring)
        preds = []
        for est in (estimator_1, estimator_2):
            model = clone(est)
            model.fit(take(X, train), y_arr[train])
            preds.append(model.predict(take(X, test_idx)))
        s1 = np.array([float(score(y_arr[test_idx], preds[0]))])
        s2 = np.array([float(score(y_arr[test_idx], preds[1]))])
        if test == "mcnemar":
            result = mcnemar(
                mcnemar_table(y_arr[test_idx], preds[0], preds[1])
            )  # the library's default method
        else:
            result = proportion_difference_test(float(s1[0]), float(s2[0]), test_idx.size)
        trainings = 2
    else:
        if test in ("resampled", "corrected"):
            splits = list(
                resampling.repeated_holdout(
                    n, n_repeats=n_resamples, test_size=test_size, seed=rng, stratify=y_arr
                )
            )
        elif test in ("kfold_cv", "corrected_kfold"):
            splits = list(resampling.stratified_kfold(y_arr, k=k, seed=rng))
        elif test == "corrected_repeated_cv":
            splits = list(resampling.repeated_kfold(n, k=k, n_repeats=n_repeats, seed=rng, y=y_arr))
        else:
            splits = list(resampling.five_by_two(y_arr, seed=rng))
        s1 = resampling.cross_validate_scores(estimator_1, X, y_arr, splits, scoring)
        s2 = resampling.cross_validate_scores(estimator_2, X, y_arr, splits, scoring)
        trainings = 2 * len(splits)
        if test == "resampled":
            result = resampled_ttest(s1, s2, test_train_ratio=None)
        elif test == "corrected":
            n_test = splits[0][1].size
            result = resampled_ttest(s1, s2, test_train_ratio=n_test / (n - n_test))
        elif test == "kfold_cv":
            result = kfold_cv_ttest(s1, s2)
        elif test in ("corrected_kfold", "corrected_repeated_cv"):
            s1, s2 = s1.reshape(-1, k), s2.reshape(-1, k)
            result = corrected_repeated_cv_ttest(s1, s2)
        else:
            s1, s2 = s1.reshape(5, 2), s2.reshape(5, 2)
            result = ttest_5x2cv(s1, s2) if test == "5x2cv_t" else ftest_5x2cv(s1, s2)
    return AlgorithmComparison(
        statistic=float(result.statistic),
        pvalue=float(result.pvalue),
        test=test,
        scores_1=s1,
        scores_2=s2,
        n_trainings=trainings,
        result=result,
        description=_TEST_NAMES[test],
    )


# --------------------------------------------------------------------------- replicability


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class Replicability(Printable):
    """The same comparison rerun with other random splits: how much do the p-values move?

    Attributes
    ----------
    tests : tuple of str
        The tests run (columns of ``pvalues``).
    seeds : tuple of int
        The seeds of the splits (rows of ``pvalues``).
    pvalues : ndarray, shape (n_seeds, n_tests)
        P-value of every test with every seed.
    mean_differences : ndarray, shape (n_seeds, n_tests)
        Mean score difference (first minus second algorithm) behind each p-value.
    alpha : float
        The level at which decisions are counted.
    """

    tests: tuple
    seeds: tuple
    pvalues: np.ndarray
    mean_differences: np.ndarray
    alpha: float

    @property
    def rejections(self) -> np.ndarray:
        """(n_tests,) how many seeds gave p <= alpha."""
        return np.count_nonzero(self.pvalues <= self.alpha, axis=0)

    @property
    def agreement(self) -> np.ndarray:
        """(n_tests,) the share of pairs of seeds whose decisions at alpha agree.

        With m seeds of which a reject, :math:`(\\binom a2 + \\binom{m-a}2) / \\binom m2`:
        1 when every seed gives the same verdict, about 1/2 at worst (a
        replicability measure in the spirit of Bouckaert and Frank 2004).
        """
        m = self.pvalues.shape[0]
        a = self.rejections
        return (a * (a - 1) + (m - a) * (m - a - 1)) / (m * (m - 1))

    def __str__(self) -> str:
        m = len(self.seeds)
        lines = [
            f"Replicability: {m} reruns with seeds {self.seeds[0]}..{self.seeds[-1]}, decisions at alpha = "
            f"{self.alpha:g}",
            f"  {'test':<22} {'min p':>7} {'median p':>9} {'max p':>7} {'p <= alpha':>11} {'agreement':>10}",
        ]
        for j, test in enumerate(self.tests):
            p = self.pvalues[:, j]
            lines.append(
                f"  {test:<22} {p.min():7.3f} {np.median(p):9.3f} {p.max():7.3f} "
                f"{f'{self.rejections[j]} of {m}':>11} {self.agreement[j]:10.2f}"
            )
        return "\n".join(lines)


def replicate_comparison(
    estimator_1,
    estimator_2,
    X,
    y,
    tests=("5x2cv_t", "5x2cv_f", "corrected_repeated_cv"),
    seeds=20,
    alpha: float = 0.05,
    **options,
) -> Replicability:
    """Run :func:`compare_algorithms` with several seeds and collect the p-values.

    Parameters
    ----------
    estimator_1, estimator_2, X, y
        As in :func:`compare_algorithms`.
    tests : sequence of str, optional
        Tests from :data:`PAIRED_TESTS`.
    seeds : int or sequence of int, optional
        An int m means the seeds 0, 1, ..., m - 1 (m >= 2).
    alpha : float, optional
        Level at which decisions are counted.
    **options
        Passed on to :func:`compare_algorithms` (scoring, n_resamples,
        test_size, k, n_repeats).

    Returns
    -------
    result : Replicability
        The p-values (seeds x tests) and mean differences, with the number
        of rejections and the agreement between seeds.

    Notes
    -----
    The data do not change between reruns, only the random splits: a test
    whose verdict depends on the seed gives a researcher the choice of
    verdict. Bouckaert and Frank (2004) call a test replicable when reruns
    agree, and found the corrected 10 x 10 cross-validation t the most
    replicable of the tests they studied. Each rerun costs what
    :func:`compare_algorithms` costs (200 trainings for the 10 x 10 CV).

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Bouckaert, R. R., Frank, E. (2004). Evaluating the replicability
       of significance tests for comparing learning algorithms. PAKDD 2004,
       LNCS 3056, 3-12.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from lecture_lib import replicate_comparison
    >>> X, y = load_iris(return_X_y=True)
    >>> rep = replicate_comparison(GaussianNB(), DecisionTreeClassifier(max_depth=2, random_state=0), X, y,
    ...                            tests=("5x2cv_t", "5x2cv_f"), seeds=5)
    >>> rep.pvalues.shape
    (5, 2)

    Five reruns of two tests; ``print(rep)`` shows how far each test's
    p-value moves with the seed.
    """
    check_estimator(estimator_1, "estimator_1")
    check_estimator(estimator_2, "estimator_2")
    if isinstance(tests, str) or not isinstance(tests, (list, tuple)) or len(tests) == 0:
        raise TypeError(f"tests must be a non-empty list of names from {PAIRED_TESTS}, got {_show(tests)}")
    tests = tuple(check_option(t, "tests", PAIRED_TESTS) for t in tests)
    if isinstance(seeds, numbers.Integral) and not isinstance(seeds, bool):
        seeds = tuple(range(check_count(seeds, "seeds", minimum=2)))
    elif isinstance(seeds, (list, tuple, range, np.ndarray)):
        seeds = tuple(check_count(s, "seeds", minimum=0) for s in seeds)
        if len(seeds) < 2:
            raise ValueError(f"seeds must hold at least 2 seeds, got {len(seeds)}")
    else:
        raise TypeError(f"seeds must be a count or a sequence of int seeds, got {_show(seeds)}")
    alpha = check_alpha(alpha)
    # tests on the same splits (the two 5x2cv tests; the plain and corrected single k-fold t) share
    # one set of trainings per seed: the second is computed from the first one's scores
    shared = {"5x2cv_t": "5x2", "5x2cv_f": "5x2", "kfold_cv": "kfold", "corrected_kfold": "kfold"}
    rescore = {
        "5x2cv_t": ttest_5x2cv,
        "5x2cv_f": ftest_5x2cv,
        "kfold_cv": kfold_cv_ttest,
        "corrected_kfold": lambda a, b: corrected_repeated_cv_ttest(
            np.reshape(a, (1, -1)), np.reshape(b, (1, -1))
        ),
    }
    pvalues = np.empty((len(seeds), len(tests)))
    means = np.empty((len(seeds), len(tests)))
    for i, seed in enumerate(seeds):
        done = {}
        for j, test in enumerate(tests):
            design = shared.get(test)
            if design in done:
                scores_1, scores_2 = done[design]
                pvalue = float(rescore[test](scores_1, scores_2).pvalue)
            else:
                res = compare_algorithms(estimator_1, estimator_2, X, y, test=test, seed=seed, **options)
                scores_1, scores_2, pvalue = res.scores_1, res.scores_2, res.pvalue
                if design is not None:
                    done[design] = (scores_1, scores_2)
            pvalues[i, j] = pvalue
            means[i, j] = float(np.mean(scores_1) - np.mean(scores_2))
    return Replicability(tests=tests, seeds=seeds, pvalues=pvalues, mean_differences=means, alpha=alpha)
