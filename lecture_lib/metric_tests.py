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

Taught in chapter 9 (``notebooks/09-beyond-accuracy``).
"""

from __future__ import annotations

import dataclasses
import math
import warnings

import numpy as np
from scipy import special, stats

from ._results import Interval, TestResult, _format_value
from ._validation import (
    _show,
    as_generator,
    check_comparable,
    check_count,
    check_labels,
    check_option,
    check_probability,
    check_same_length,
)
from .metrics import UndefinedMetricWarning

__all__ = [
    "BOOTSTRAP_METHODS",
    "METRICS",
    "PairedBootstrapResult",
    "PermutationTestResult",
    "paired_bootstrap",
    "paired_permutation_test",
]

#: The named metrics computed from counts (a callable is accepted too).
METRICS = ("accuracy", "error_rate", "f1")
#: Interval methods of :func:`paired_bootstrap`.
BOOTSTRAP_METHODS = ("bca", "percentile")
#: The exact permutation distribution is enumerated when it has at most this many points.
EXACT_MAX_POINTS = 4_000_000


# --------------------------------------------------------------------------- results


@dataclasses.dataclass(frozen=True, eq=False)
class PairedBootstrapResult:
    """Result of :func:`paired_bootstrap`.

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

    def __str__(self) -> str:
        lines = [type(self).__name__]
        for name in ("difference", "metric_1", "metric_2", "std_error", "metric", "method", "n_resamples"):
            lines.append(f"  {name:<11} : {_format_value(getattr(self, name))}")
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):  # IPython display hook
        printer.text(str(self))


@dataclasses.dataclass(frozen=True)
class PermutationTestResult(TestResult):
    """Result of :func:`paired_permutation_test`.

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
        ones a swap changes.
    """

    statistic: float
    pvalue: float
    metric_1: float
    metric_2: float
    metric: str
    method: str
    n_resamples: int
    n_discordant: int


# --------------------------------------------------------------------------- inputs


def _inputs(y_true, y_pred_1, y_pred_2, metric, positive):
    y = check_labels(y_true, "y_true")
    p1 = check_labels(y_pred_1, "y_pred_1")
    p2 = check_labels(y_pred_2, "y_pred_2")
    check_same_length(y_true=y, y_pred_1=p1, y_pred_2=p2)
    check_comparable(y, "y_true", p1, "y_pred_1")
    check_comparable(y, "y_true", p2, "y_pred_2")
    if callable(metric):
        name = getattr(metric, "__name__", "custom")
    else:
        name = check_option(metric, "metric", METRICS)
        if name == "f1":
            if isinstance(positive, (list, tuple, dict, set, np.ndarray)):
                raise TypeError(f"positive must be a single class label, got {_show(positive)}")
            if not ((y == positive).any() or (p1 == positive).any() or (p2 == positive).any()):
                raise ValueError(f"positive={positive!r} appears in neither y_true nor the predictions")
    if y.size < 2:
        raise ValueError(f"y_true has {y.size} example; resampling needs at least 2")
    return y, p1, p2, name


def _cells(y, p1, p2, name, positive) -> np.ndarray:
    """Counts of the cells the named metric depends on."""
    if name == "f1":
        code = 4 * (y == positive) + 2 * (p1 == positive) + (p2 == positive)
        return np.bincount(code.astype(np.intp), minlength=8).astype(np.int64)
    code = 2 * (p1 != y) + (p2 != y)  # 0 both right, 1 only model 1 right, 2 only model 2 right, 3 both wrong
    return np.bincount(code.astype(np.intp), minlength=4).astype(np.int64)


def _f1(tp, fp, fn):
    tp, fp, fn = (np.asarray(v, dtype=np.float64) for v in (tp, fp, fn))
    denom = 2.0 * tp + fp + fn
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(tp > 0, 2.0 * tp / np.where(denom > 0, denom, 1.0), 0.0)


def _metrics_from_cells(cells, name):
    """(metric_1, metric_2) from cell counts of shape (..., n_cells)."""
    c = np.asarray(cells, dtype=np.float64)
    if name == "f1":
        tp1, fp1, fn1 = c[..., 6] + c[..., 7], c[..., 2] + c[..., 3], c[..., 4] + c[..., 5]
        tp2, fp2, fn2 = c[..., 5] + c[..., 7], c[..., 1] + c[..., 3], c[..., 4] + c[..., 6]
        return _f1(tp1, fp1, fn1), _f1(tp2, fp2, fn2)
    n = c.sum(axis=-1)
    if name == "accuracy":
        return (c[..., 0] + c[..., 1]) / n, (c[..., 0] + c[..., 2]) / n
    return (c[..., 2] + c[..., 3]) / n, (c[..., 1] + c[..., 3]) / n  # error_rate


def _difference_from_cells(cells, name):
    m1, m2 = _metrics_from_cells(cells, name)
    return m1 - m2


def _warn_undefined_f1(cells, positive):
    c = np.asarray(cells)
    for model, tp in ((1, c[6] + c[7]), (2, c[5] + c[7])):
        if tp == 0:
            warnings.warn(
                f"F1 of model {model} is undefined (no true positives for positive={positive!r}); it counts "
                "as 0.0",
                UndefinedMetricWarning,
                stacklevel=3,
            )


def _callable_difference(metric, y, p1, p2) -> float:
    value = float(metric(y, p1)) - float(metric(y, p2))
    if not np.isfinite(value):
        raise ValueError(f"metric returned a non-finite difference ({value}) on the data")
    return value


def _batch_size(n: int, n_resamples: int) -> int:
    """Rows of resampled indices drawn at once in the loop for a callable (about 8 MB)."""
    return max(1, min(n_resamples, 2**20 // n))


# --------------------------------------------------------------------------- bootstrap


def _percentile_of_score(values: np.ndarray, score: float) -> float:
    # ties count one half, as in scipy.stats.bootstrap
    return (np.count_nonzero(values < score) + np.count_nonzero(values <= score)) / (2.0 * values.size)


def _acceleration(jack_values: np.ndarray, weights: np.ndarray) -> float:
    """Efron's jackknife acceleration from leave-one-out values (with multiplicities)."""
    total = weights.sum()
    mean = float((weights * jack_values).sum() / total)
    u = mean - jack_values
    den = float((weights * u**2).sum())
    if den == 0.0:
        return 0.0
    return float((weights * u**3).sum() / (6.0 * den**1.5))


def _bca_levels(distribution, theta_hat, accel, alpha):
    z0 = special.ndtri(_percentile_of_score(distribution, theta_hat))
    z_lo, z_hi = special.ndtri(alpha), special.ndtri(1.0 - alpha)
    levels = []
    for z in (z_lo, z_hi):
        num = z0 + z
        levels.append(float(special.ndtr(z0 + num / (1.0 - accel * num))))
    return levels


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

    BCa is the default: it corrects the percentile interval for the bias and
    skewness of a ratio such as F1, and chapter 9's coverage lab finds it
    closer to the nominal level. A degenerate distribution (the two models
    agree on every example) gives the interval [estimate, estimate]. Should
    the estimate fall outside the quantile interval (possible with a very
    skewed distribution), the interval is widened to include it, as every
    :class:`~lecture_lib.Interval` does. F1 with
    no true positive counts as 0 (and warns on the data, not on each
    resample).

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
    y, p1, p2, name = _inputs(y_true, y_pred_1, y_pred_2, metric, positive)
    n_resamples = check_count(n_resamples, "n_resamples", minimum=1)
    confidence = check_probability(confidence, "confidence")
    method = check_option(method, "method", BOOTSTRAP_METHODS)
    rng = as_generator(seed)
    n = y.size
    alpha = (1.0 - confidence) / 2.0

    if callable(metric):
        m1, m2 = float(metric(y, p1)), float(metric(y, p2))
        theta_hat = _callable_difference(metric, y, p1, p2)
        distribution = np.empty(n_resamples)
        batch = _batch_size(n, n_resamples)
        for start in range(0, n_resamples, batch):
            rows = min(batch, n_resamples - start)
            idx = rng.integers(0, n, (rows, n))
            for r in range(rows):
                i = idx[r]
                distribution[start + r] = float(metric(y[i], p1[i])) - float(metric(y[i], p2[i]))
        if method == "bca":
            keep = np.ones(n, dtype=bool)
            jack = np.empty(n)
            for i in range(n):
                keep[i] = False
                jack[i] = float(metric(y[keep], p1[keep])) - float(metric(y[keep], p2[keep]))
                keep[i] = True
            accel = _acceleration(jack, np.ones(n))
    else:
        cells = _cells(y, p1, p2, name, positive)
        if name == "f1":
            _warn_undefined_f1(cells, positive)
        m1, m2 = (float(v) for v in _metrics_from_cells(cells, name))
        theta_hat = m1 - m2
        draws = rng.multinomial(n, cells / n, size=n_resamples)
        distribution = _difference_from_cells(draws, name)
        if method == "bca":
            present = np.flatnonzero(cells)
            minus_one = np.repeat(cells[np.newaxis, :], present.size, axis=0)
            minus_one[np.arange(present.size), present] -= 1
            accel = _acceleration(_difference_from_cells(minus_one, name), cells[present].astype(float))

    if not np.all(np.isfinite(distribution)):
        raise ValueError("metric returned a non-finite value on a bootstrap resample")
    if np.all(distribution == distribution[0]):
        low = high = float(distribution[0])
    else:
        if method == "percentile":
            levels = [alpha, 1.0 - alpha]
        else:
            levels = _bca_levels(distribution, theta_hat, accel, alpha)
        low, high = (float(v) for v in np.quantile(distribution, levels))
    low, high = min(low, theta_hat), max(high, theta_hat)  # the estimate always lies in its interval
    se = float(distribution.std(ddof=1)) if n_resamples > 1 else 0.0
    return PairedBootstrapResult(
        difference=Interval(float(theta_hat), low, high, confidence, method),
        metric_1=float(m1),
        metric_2=float(m2),
        std_error=se,
        metric=name,
        method=method,
        n_resamples=n_resamples,
        distribution=distribution,
    )


# --------------------------------------------------------------------------- permutation


def _two_sided(null_values, probabilities, observed, adjustment=0.0, total=1.0) -> float:
    """2 * min(P(T <= t), P(T >= t)), capped at 1, with scipy's tolerance for ties."""
    gamma = abs(observed) * np.finfo(float).eps * 100
    less = (probabilities[null_values <= observed + gamma].sum() + adjustment) / total
    greater = (probabilities[null_values >= observed - gamma].sum() + adjustment) / total
    return float(min(1.0, 2.0 * min(less, greater)))


def _swapped_cells(cells, k, name):
    """Cell counts after the swaps: k holds the new count of one discordant cell per stratum.

    accuracy / error_rate: k[..., 0] is the new b (from b + c discordant examples).
    f1: k[..., 0] the new n(1,1,0) (from n(1,1,0) + n(1,0,1)), k[..., 1] the new n(0,1,0).
    """
    out = np.broadcast_to(cells, k.shape[:-1] + cells.shape).copy()
    if name == "f1":
        m1 = cells[6] + cells[5]
        m0 = cells[2] + cells[1]
        out[..., 6], out[..., 5] = k[..., 0], m1 - k[..., 0]
        out[..., 2], out[..., 1] = k[..., 1], m0 - k[..., 1]
    else:
        m = cells[1] + cells[2]
        out[..., 1], out[..., 2] = k[..., 0], m - k[..., 0]
    return out


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
    independent examples; it does not see training-set variation.

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
    y, p1, p2, name = _inputs(y_true, y_pred_1, y_pred_2, metric, positive)
    n_resamples = check_count(n_resamples, "n_resamples", minimum=1)
    rng = as_generator(seed)  # checked even when the exact test needs no random numbers
    discordant = np.flatnonzero(p1 != p2)
    n_d = int(discordant.size)

    if callable(metric):
        m1, m2 = float(metric(y, p1)), float(metric(y, p2))
        observed = _callable_difference(metric, y, p1, p2)
        if n_d == 0:
            return PermutationTestResult(observed, 1.0, m1, m2, name, "exact", 0, 0)
        if 2**n_d <= n_resamples:
            patterns = ((np.arange(2**n_d)[:, None] >> np.arange(n_d)) & 1).astype(bool)
            null = np.empty(patterns.shape[0])
            for r, swap in enumerate(patterns):
                q1, q2 = p1.copy(), p2.copy()
                q1[discordant[swap]], q2[discordant[swap]] = p2[discordant[swap]], p1[discordant[swap]]
                null[r] = float(metric(y, q1)) - float(metric(y, q2))
            pvalue = _two_sided(null, np.full(null.size, 1.0 / null.size), observed)
            return PermutationTestResult(observed, pvalue, m1, m2, name, "exact", 0, n_d)
        null = np.empty(n_resamples)
        for r in range(n_resamples):
            swap = rng.random(n_d) < 0.5
            q1, q2 = p1.copy(), p2.copy()
            q1[discordant[swap]], q2[discordant[swap]] = p2[discordant[swap]], p1[discordant[swap]]
            null[r] = float(metric(y, q1)) - float(metric(y, q2))
        pvalue = _two_sided(null, np.ones(n_resamples), observed, adjustment=1.0, total=n_resamples + 1.0)
        return PermutationTestResult(observed, pvalue, m1, m2, name, "monte-carlo", n_resamples, n_d)

    cells = _cells(y, p1, p2, name, positive)
    if name == "f1":
        _warn_undefined_f1(cells, positive)
    m1, m2 = (float(v) for v in _metrics_from_cells(cells, name))
    observed = m1 - m2
    if name == "f1":
        sizes = [int(cells[6] + cells[5]), int(cells[2] + cells[1])]
    else:
        sizes = [int(cells[1] + cells[2])]
    if n_d == 0:
        return PermutationTestResult(observed, 1.0, m1, m2, name, "exact", 0, 0)
    points = math.prod(s + 1 for s in sizes)
    if points <= EXACT_MAX_POINTS:
        grids = np.meshgrid(*[np.arange(s + 1) for s in sizes], indexing="ij")
        k = np.stack([g.reshape(-1) for g in grids], axis=-1)
        probs = np.ones(k.shape[0])
        for j, s in enumerate(sizes):
            probs = probs * stats.binom.pmf(k[:, j], s, 0.5)
        null = _difference_from_cells(_swapped_cells(cells, k, name), name)
        pvalue = _two_sided(null, probs, observed)
        return PermutationTestResult(observed, pvalue, m1, m2, name, "exact", 0, n_d)
    k = np.stack([rng.binomial(s, 0.5, size=n_resamples) for s in sizes], axis=-1)
    null = _difference_from_cells(_swapped_cells(cells, k, name), name)
    pvalue = _two_sided(null, np.ones(n_resamples), observed, adjustment=1.0, total=n_resamples + 1.0)
    return PermutationTestResult(observed, pvalue, m1, m2, name, "monte-carlo", n_resamples, n_d)
