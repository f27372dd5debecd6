"""Paired bootstrap and permutation tests for any metric, F1 included (chapter 9).

McNemar's test (chapter 2) compares two trained models through the
examples on which they disagree, which is exactly right for accuracy: a
per-example score. F1, precision and recall do not decompose into a sum over
examples, so their difference needs another route. Both functions here keep
the pairing: the bootstrap resamples whole examples (each with its true label
and both predictions), and the permutation test swaps the two models'
predictions within an example.

For the named metrics the work is done on counts: a metric of two label
vectors depends only on how many examples fall into each cell of a small
table (4 cells for accuracy, 8 for F1), so a bootstrap resample is a
multinomial draw of that table and a permutation of the swaps is a binomial
draw, whatever the number of examples. An arbitrary callable is evaluated on
resampled label vectors in a loop.

The resampling code (the internal module ``_unit_resampling``) works on
*units*: here every example is its own unit; :mod:`lecture_lib.clustered`
passes the groups of a grouped test set (all examples of a patient) to the
same code, so the cluster bootstrap and the cluster permutation test reduce
to these two functions when every group has one example.

Taught in chapter 9 (``notebooks/09-beyond-accuracy``).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ._results import Interval, Printable, TestResult
from ._unit_resampling import (
    BOOTSTRAP_METHODS,
    EXACT_MAX_POINTS,  # noqa: F401 - read here by learners (see paired_permutation_test's Notes)
    METRICS,
    bootstrap,
    permutation,
    prepare,
)

__all__ = [
    "BOOTSTRAP_METHODS",
    "METRICS",
    "PairedBootstrapResult",
    "PermutationTestResult",
    "paired_bootstrap",
    "paired_permutation_test",
]
# METRICS, BOOTSTRAP_METHODS and EXACT_MAX_POINTS live in _unit_resampling.py, with the code they steer


# --------------------------------------------------------------------------- results


@dataclasses.dataclass(frozen=True, eq=False)
class PairedBootstrapResult(Printable):
    """Result of :func:`paired_bootstrap` and :func:`~lecture_lib.clustered.cluster_bootstrap`.

    Attributes
    ----------
    difference : Interval
        ``metric_1 - metric_2`` on the data, with its bootstrap interval.
    metric_1, metric_2 : float
        The metric of each model on the data.
    std_error : float
        Standard deviation (ddof = 1) of the bootstrap distribution.
    metric : str
        ``"accuracy"``, ``"error_rate"``, ``"f1"`` or the callable's name.
    method : str
        ``"bca"`` or ``"percentile"``.
    n_resamples : int
        Number of bootstrap resamples.
    distribution : ndarray, shape (n_resamples,)
        The bootstrap replicates of the difference.
    """

    difference: Interval
    metric_1: float
    metric_2: float
    std_error: float
    metric: str
    method: str
    n_resamples: int
    distribution: np.ndarray

    def printed_fields(self) -> list:
        return [name for name in super().printed_fields() if name != "distribution"]  # 10 000 numbers


@dataclasses.dataclass(frozen=True)
class PermutationTestResult(TestResult):
    """Result of :func:`paired_permutation_test` and :func:`~lecture_lib.clustered.cluster_permutation_test`.

    Attributes
    ----------
    statistic : float
        The observed difference ``metric_1 - metric_2``.
    pvalue : float
        Two-sided p-value: twice the smaller one-sided tail of the
        permutation distribution, capped at 1.
    metric_1, metric_2 : float
        The metric of each model on the data.
    metric : str
        ``"accuracy"``, ``"error_rate"``, ``"f1"`` or the callable's name.
    method : str
        ``"exact"`` (the whole permutation distribution) or
        ``"monte-carlo"`` (random swaps).
    n_resamples : int
        Number of random swap patterns drawn (0 when exact).
    n_discordant : int
        Number of examples on which the two predictions differ: the only
        ones a swap changes (examples, also when whole groups are swapped).
    """

    statistic: float
    pvalue: float
    metric_1: float
    metric_2: float
    metric: str
    method: str
    n_resamples: int
    n_discordant: int


# --------------------------------------------------------------------------- bootstrap


def paired_bootstrap(y_true, y_pred_1, y_pred_2, metric, n_resamples=10_000, confidence=0.95, seed=None,
                     method="bca", positive=1) -> PairedBootstrapResult:
    """Bootstrap interval for the difference of a metric between two models on one test set.

    Parameters
    ----------
    y_true, y_pred_1, y_pred_2 : array_like of labels, shape (n,)
        True labels and the two models' predictions for the same examples.
    metric : {"f1", "accuracy", "error_rate"} or callable
        The metric; a callable is called as ``metric(y_true, y_pred)`` and
        returns a float.
    n_resamples : int, default 10000
        Number of bootstrap resamples (at least 1).
    confidence : float, default 0.95
        Confidence level of the interval, in (0, 1).
    seed : int, numpy.random.Generator or None
        Source of randomness.
    method : {"bca", "percentile"}, default "bca"
        ``"bca"``: Efron's bias-corrected and accelerated interval;
        ``"percentile"``: the plain percentile interval.
    positive : label, default 1
        The positive class of ``"f1"`` (ignored by the other metrics).

    Returns
    -------
    result : PairedBootstrapResult
        ``difference`` (an :class:`~lecture_lib.Interval` for
        ``metric_1 - metric_2``), ``metric_1``, ``metric_2``, ``std_error``,
        ``distribution`` and the settings.

    Notes
    -----
    A resample draws n examples with replacement, each with its true label
    and *both* predictions, and recomputes :math:`\\hat\\theta^* =
    M(y^*, \\hat y_1^*) - M(y^*, \\hat y_2^*)`. The percentile interval takes
    the :math:`\\alpha/2` and :math:`1-\\alpha/2` quantiles of the
    :math:`\\hat\\theta^*` (linear interpolation, as ``numpy.quantile``). The
    BCa interval takes the quantiles at

    .. math::

        \\alpha_{1,2} = \\Phi\\Bigl(\\hat z_0 + \\frac{\\hat z_0 + z_{\\alpha/2, 1-\\alpha/2}}
                         {1 - \\hat a(\\hat z_0 + z_{\\alpha/2, 1-\\alpha/2})}\\Bigr),

    with the bias correction :math:`\\hat z_0 = \\Phi^{-1}` (share of
    replicates below :math:`\\hat\\theta`, ties counting one half) and the
    acceleration :math:`\\hat a = \\sum_i u_i^3 / (6 (\\sum_i u_i^2)^{3/2})`,
    :math:`u_i = \\bar\\theta_{(\\cdot)} - \\hat\\theta_{(i)}` from the
    jackknife (Efron & Tibshirani 1993, ch. 14). Both follow
    ``scipy.stats.bootstrap(paired=True)``; for a callable metric the
    resamples are drawn as scipy draws them, so a matched seed and ``batch``
    reproduce scipy's interval exactly.

    For ``"accuracy"``, ``"error_rate"`` and ``"f1"`` the metric depends only
    on the counts of a small table (the 2x2 right/wrong table of chapter 2;
    the 2x2x2 table of truth and the two predictions for F1), so a resample
    is one multinomial draw of that table: the same bootstrap distribution,
    at a cost independent of n. A callable is evaluated in a loop
    (``n_resamples`` calls for each model, plus n jackknife calls for BCa).

    BCa is the default for a theoretical reason: it corrects the percentile
    interval for the bias and skewness of a statistic such as F1, each of
    its limits is second-order accurate (a one-sided coverage error of
    order :math:`1/n`, against :math:`1/\\sqrt{n}` for the percentile
    limits), and it respects monotone transformations (DiCiccio & Efron
    1996). These are large-sample properties; on a given test set the two
    intervals can be equally good. A degenerate distribution (the two
    models agree on every example) gives the interval [estimate, estimate].
    Should the estimate fall outside the quantile interval (possible with a
    very skewed distribution), the interval is widened to include it, as
    every :class:`~lecture_lib.Interval` does. F1 with no true positive
    counts as 0 (and warns on the data, not on each resample).

    For a test set whose examples come in groups (several per patient),
    :func:`~lecture_lib.clustered.cluster_bootstrap` resamples whole groups;
    with one example per group it gives this function's numbers.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Efron, B. and Tibshirani, R. J. (1993). An Introduction to the
       Bootstrap. Chapman & Hall, chapters 13-14.
    .. [2] DiCiccio, T. J. and Efron, B. (1996). Bootstrap confidence
       intervals. Statistical Science 11(3), 189-228.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.metric_tests import paired_bootstrap
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 500)
    >>> pred_1 = np.where(rng.random(500) < 0.85, y, 1 - y)  # right 85 % of the time
    >>> pred_2 = np.where(rng.random(500) < 0.80, y, 1 - y)  # right 80 % of the time
    >>> res = paired_bootstrap(y, pred_1, pred_2, metric="f1", seed=1)
    >>> print(res.difference)
    0.0601941 [0.0143301, 0.105063] (95 % bca)

    Model 1's F1 is higher by 0.060 on these 500 examples; the 95 %
    interval, 0.014 to 0.105, excludes 0.
    """
    y, p1, p2, name = prepare(y_true, y_pred_1, y_pred_2, metric, positive)
    return PairedBootstrapResult(**bootstrap(y, p1, p2, metric, name, positive, np.arange(y.size), y.size,
                                             n_resamples, confidence, method, seed))


# --------------------------------------------------------------------------- permutation


def paired_permutation_test(y_true, y_pred_1, y_pred_2, metric, n_resamples=10_000, seed=None,
                            positive=1) -> PermutationTestResult:
    """Permutation test of equal metrics: swap the two models' predictions per example.

    Parameters
    ----------
    y_true, y_pred_1, y_pred_2 : array_like of labels, shape (n,)
        True labels and the two models' predictions for the same examples.
    metric : {"f1", "accuracy", "error_rate"} or callable
        The metric; a callable is called as ``metric(y_true, y_pred)``.
    n_resamples : int, default 10000
        Number of random swap patterns when the test is not exact.
    seed : int, numpy.random.Generator or None
        Source of randomness (unused when the test is exact).
    positive : label, default 1
        The positive class of ``"f1"``.

    Returns
    -------
    result : PermutationTestResult
        ``statistic`` (the observed ``metric_1 - metric_2``), ``pvalue``,
        ``metric_1``, ``metric_2``, ``method`` (``"exact"`` or
        ``"monte-carlo"``), ``n_resamples``, ``n_discordant``.

    Notes
    -----
    :math:`H_0`: the two models are exchangeable on every example, that is,
    for each test example the pair of predictions was as likely to come in
    the other order. Under :math:`H_0` each of the :math:`2^n` swap patterns
    is equally likely; the p-value compares the observed difference with
    the difference under those patterns (two-sided: twice the smaller tail,
    the convention of ``scipy.stats.permutation_test``). Only the
    :math:`n_d` examples where the predictions differ are changed by a swap.

    For the named metrics the permutation distribution is exact and cheap.
    For accuracy the new number of "only model 1 right" examples is
    :math:`\\mathrm{Binomial}(b + c, 1/2)`, so this test *is* the exact
    McNemar test of chapter 2. For F1 the discordant examples split by true
    class into two independent binomials, and the exact distribution has
    :math:`(m_1 + 1)(m_0 + 1)` points; beyond ``EXACT_MAX_POINTS`` points,
    ``n_resamples`` binomial draws are used. A callable is exact when
    :math:`2^{n_d} \\le` ``n_resamples`` (every pattern of the discordant
    examples is enumerated) and otherwise uses ``n_resamples`` random
    patterns. A random-pattern p-value is :math:`(1 + \\#\\{\\text{at least as
    extreme}\\}) / (1 + B)` per tail (Phipson & Smyth 2010), never 0.

    Like McNemar's test, this compares two trained models on one test set of
    independent examples; it does not see training-set variation. For a
    test set whose examples come in groups, use
    :func:`~lecture_lib.clustered.cluster_permutation_test`, which swaps the
    predictions of whole groups.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Good, P. (2005). Permutation, Parametric, and Bootstrap Tests of
       Hypotheses, 3rd ed. Springer.
    .. [2] Phipson, B. and Smyth, G. K. (2010). Permutation p-values should
       never be zero. Statistical Applications in Genetics and Molecular
       Biology 9(1), article 39.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.metric_tests import paired_permutation_test
    >>> rng = np.random.default_rng(0)
    >>> y = rng.integers(0, 2, 500)
    >>> pred_1 = np.where(rng.random(500) < 0.85, y, 1 - y)
    >>> pred_2 = np.where(rng.random(500) < 0.80, y, 1 - y)
    >>> res = paired_permutation_test(y, pred_1, pred_2, metric="f1")
    >>> res.method, round(res.statistic, 4), round(res.pvalue, 4)
    ('exact', 0.0602, 0.009)

    If the two models were exchangeable, a difference in F1 at least this
    large either way would arise from 0.9 % of the equally likely swap
    patterns (an exact probability).
    """
    y, p1, p2, name = prepare(y_true, y_pred_1, y_pred_2, metric, positive)
    return PermutationTestResult(**permutation(y, p1, p2, metric, name, positive, np.arange(y.size), y.size,
                                               n_resamples, seed))
