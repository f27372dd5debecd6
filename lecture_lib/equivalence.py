"""Equivalence testing: two one-sided tests (TOST), the frequentist counterpart of a ROPE.

A significance test asks "is there evidence of *a* difference?"; an
equivalence test asks "is there evidence that the difference is *smaller than
a margin* that matters?". The null hypothesis is now the difference of
practical interest, so a small p-value supports practical equivalence.

Taught in chapter 8 (``notebooks/08-bayesian-comparison``).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import special

from ._paired_cores import mean_and_variance
from ._results import Interval, TestResult
from ._validation import check_cv_scores, check_positive, check_probability, check_score_pair

__all__ = ["EquivalenceResult", "equivalence_test"]


@dataclasses.dataclass(frozen=True)
class EquivalenceResult(TestResult):
    """Result of :func:`equivalence_test`.

    Attributes
    ----------
    statistic : float
        The t statistic of the one-sided test with the larger p-value (the
        one that decides).
    pvalue : float
        max(pvalue_lower, pvalue_upper): small values are evidence that the
        mean difference lies inside (-margin, margin).
    pvalue_lower : float
        p-value of H0: mean difference <= -margin against H1: > -margin.
    pvalue_upper : float
        p-value of H0: mean difference >= margin against H1: < margin.
    statistic_lower, statistic_upper : float
        (mean + margin) / se and (mean - margin) / se.
    margin : float
        The equivalence margin (half-width of the equivalence region).
    df : int
        Degrees of freedom, n - 1.
    mean_difference : float
        Mean of x - y.
    std_error : float
        se = sqrt(c s^2), c = 1/n (paired t) or 1/n + n_test/n_train
        (corrected t).
    confidence_interval : Interval
        The interval whose inclusion in (-margin, margin) is the TOST
        decision at level (1 - confidence) / 2.
    method : str
        ``"paired t"`` or ``"corrected t"``.
    """

    _effect_attribute = "confidence_interval"

    statistic: float
    pvalue: float
    pvalue_lower: float
    pvalue_upper: float
    statistic_lower: float
    statistic_upper: float
    margin: float
    df: int
    mean_difference: float
    std_error: float
    confidence_interval: Interval
    method: str


def equivalence_test(x, y, margin, test_train_ratio=None, confidence=0.90) -> EquivalenceResult:
    """Two one-sided t-tests (TOST) for the practical equivalence of two algorithms.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Paired scores (n >= 2): per-example losses of two models (paired t),
        or the scores of two algorithms on the same n = r k cross-validation
        folds (corrected t; then a 2-D (r, k) array is accepted too).
    margin : float
        The equivalence margin m > 0, on the scale of the scores: differences
        within (-m, m) are practically irrelevant. Fix it before looking at
        the data.
    test_train_ratio : float or None, optional
        None (default): the paired t (independent differences). A positive
        number n_test / n_train: Nadeau and Bengio's corrected variance for
        overlapping cross-validation folds (1 / (k - 1) for k-fold).
    confidence : float, optional
        Coverage of the reported interval, in (0, 1). The default 0.90 is the
        interval that matches TOST at the 5 % level: the test rejects exactly
        when the 90 % interval lies inside (-margin, margin).

    Returns
    -------
    result : EquivalenceResult
        ``pvalue`` (the larger of ``pvalue_lower`` and ``pvalue_upper``),
        both one-sided statistics and p-values, ``mean_difference``,
        ``std_error``, ``df`` and ``confidence_interval``.

    Notes
    -----
    H0: :math:`|\\mu| \\ge m` (the difference matters); H1: :math:`|\\mu| < m`.
    With d = x - y, :math:`se = \\sqrt{c\\, s^2}` (c = 1/n, or
    1/n + n_2/n_1 for the corrected t) and n - 1 degrees of freedom,

    .. math::

        t_L = \\frac{\\bar d + m}{se},\\quad p_L = P(T \\ge t_L);
        \\qquad
        t_U = \\frac{\\bar d - m}{se},\\quad p_U = P(T \\le t_U),

    and the TOST p-value is :math:`\\max(p_L, p_U)`: equivalence is shown at
    level alpha when both one-sided tests reject at alpha (Schuirmann 1987),
    which is the same as the :math:`1 - 2\\alpha` confidence interval lying
    inside (-m, m). A large p-value says only that equivalence is not shown,
    never that the algorithms differ.

    With the corrected t, :math:`p_L` and :math:`p_U` equal ``p_left`` and
    ``p_right`` of :func:`lecture_lib.bayesian_correlated_ttest` with
    ``rope = margin`` and the same ratio, so TOST rejects at alpha exactly when
    both tails of the Bayesian posterior outside the ROPE are below alpha.

    If all differences are equal (se = 0), :math:`p_L` is 0 when
    :math:`\\bar d > -m` and 1 otherwise, :math:`p_U` is 0 when
    :math:`\\bar d < m` and 1 otherwise, and the interval is the point.

    Taught in chapter 8 (``notebooks/08-bayesian-comparison``).

    References
    ----------
    .. [1] Schuirmann, D. J. (1987). A comparison of the two one-sided tests
       procedure and the power approach for assessing the equivalence of
       average bioavailability. Journal of Pharmacokinetics and
       Biopharmaceutics 15(6), 657-680.
    .. [2] Lakens, D. (2017). Equivalence tests: a practical primer for t
       tests, correlations, and meta-analyses. Social Psychological and
       Personality Science 8(4), 355-362.
    .. [3] Nadeau, C., Bengio, Y. (2003). Inference for the generalization
       error. Machine Learning 52(3), 239-281.

    Examples
    --------
    >>> from lecture_lib import equivalence_test
    >>> a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.79, 0.83, 0.82]
    >>> b = [0.80, 0.83, 0.81, 0.82, 0.84, 0.82, 0.84, 0.80, 0.82, 0.81]
    >>> res = equivalence_test(a, b, margin=0.02, test_train_ratio=1 / 9)
    >>> round(res.pvalue, 4), round(res.pvalue_lower, 4), round(res.pvalue_upper, 4)
    (0.0013, 0.0001, 0.0013)
    >>> print(res.confidence_interval)
    0.004 [-0.00310254, 0.0111025] (90 % corrected t)

    If the two algorithms differed by 2 points of accuracy or more, a mean
    difference this close to 0 (0.4 points, 90 % interval -0.3 to 1.1
    points) would have probability at most 0.0013: evidence at the 5 % level
    that they are practically equivalent within a margin of 2 points.
    """
    ratio = None if test_train_ratio is None else check_positive(test_train_ratio, "test_train_ratio")
    if ratio is None:
        one, two = check_score_pair(x, y)
    else:
        one, shape_1 = check_cv_scores(x, "x")
        two, shape_2 = check_cv_scores(y, "y")
        if shape_1 != shape_2:
            raise ValueError(f"x and y must have the same shape (the same length): x has shape {shape_1}, "
                             f"y has {shape_2}")
    margin = check_positive(margin, "margin")
    confidence = check_probability(confidence, "confidence")
    n = one.size
    mean, var = mean_and_variance(one - two)
    mean, var = float(mean), float(var)
    factor = 1.0 / n if ratio is None else 1.0 / n + ratio
    se = float(np.sqrt(factor * var))
    df = n - 1
    if se > 0:
        t_lower = (mean + margin) / se
        t_upper = (mean - margin) / se
        # special.stdtr is Student's CDF: P(T >= t) = stdtr(df, -t), P(T <= t) = stdtr(df, t).
        p_lower = float(special.stdtr(df, -t_lower))
        p_upper = float(special.stdtr(df, t_upper))
        half = float(special.stdtrit(df, 0.5 + confidence / 2.0)) * se
    else:
        t_lower = np.inf if mean > -margin else (0.0 if mean == -margin else -np.inf)
        t_upper = -np.inf if mean < margin else (0.0 if mean == margin else np.inf)
        p_lower = 0.0 if mean > -margin else 1.0
        p_upper = 0.0 if mean < margin else 1.0
        half = 0.0
    binding = t_lower if p_lower >= p_upper else t_upper
    return EquivalenceResult(
        statistic=float(binding),
        pvalue=max(p_lower, p_upper),
        pvalue_lower=p_lower,
        pvalue_upper=p_upper,
        statistic_lower=float(t_lower),
        statistic_upper=float(t_upper),
        margin=margin,
        df=df,
        mean_difference=mean,
        std_error=se,
        confidence_interval=Interval(mean, mean - half, mean + half, confidence,
                                     "paired t" if ratio is None else "corrected t"),
        method="paired t" if ratio is None else "corrected t",
    )
