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

The resampling code works on *units*: here every example is its own unit;
:mod:`lecture_lib.clustered` passes the groups of a grouped test set (all
examples of a patient) to the same code, so the cluster bootstrap and the
cluster permutation test reduce to these two functions when every group has
one example.

Taught in chapter 9 (``notebooks/09-beyond-accuracy``).
"""

from __future__ import annotations

import dataclasses
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
#: Number of cells of the count table of each named metric (see ``_cell_codes``).
_N_CELLS = {"f1": 8, "accuracy": 4, "error_rate": 4}
#: The cells that a swap of the two predictions exchanges, as (model 1's side, model 2's side): for F1
#: "only model 1 says positive" with "only model 2 says positive" (truth positive, then negative); for
#: accuracy "only model 1 right" with "only model 2 right".
_SWAPPED_CELLS = {"f1": ((6, 5), (2, 1)), "accuracy": ((1, 2),), "error_rate": ((1, 2),)}


# --------------------------------------------------------------------------- results


@dataclasses.dataclass(frozen=True, eq=False)
class PairedBootstrapResult:
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

    def __str__(self) -> str:
        lines = [type(self).__name__]
        for name in ("difference", "metric_1", "metric_2", "std_error", "metric", "method", "n_resamples"):
            lines.append(f"  {name:<11} : {_format_value(getattr(self, name))}")
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):  # IPython display hook
        printer.text(str(self))


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


def _cell_codes(y, p1, p2, name, positive) -> np.ndarray:
    """The cell of each example: 4 truth + 2 model 1 + model 2 (positive or not) for F1, else right/wrong."""
    if name == "f1":
        code = 4 * (y == positive) + 2 * (p1 == positive) + (p2 == positive)
    else:  # 0 both right, 1 only model 1 right, 2 only model 2 right, 3 both wrong
        code = 2 * (p1 != y) + (p2 != y)
    return code.astype(np.intp)


def _cells(y, p1, p2, name, positive) -> np.ndarray:
    """Counts of the cells the named metric depends on."""
    return np.bincount(_cell_codes(y, p1, p2, name, positive), minlength=_N_CELLS[name]).astype(np.int64)


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


def _warn_undefined_f1(cells, positive, stacklevel=3):
    c = np.asarray(cells)
    for model, tp in ((1, c[6] + c[7]), (2, c[5] + c[7])):
        if tp == 0:
            warnings.warn(
                f"F1 of model {model} is undefined (no true positives for positive={positive!r}); it counts "
                "as 0.0",
                UndefinedMetricWarning,
                stacklevel=stacklevel,
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


def _unit_layout(unit: np.ndarray, n_units: int):
    """Examples sorted by unit, and where each unit starts and how many examples it has."""
    sizes = np.bincount(unit, minlength=n_units)
    order = np.argsort(unit, kind="stable")
    return order, np.cumsum(sizes) - sizes, sizes


def _examples_of(units: np.ndarray, layout) -> np.ndarray:
    """Indices of all examples of ``units`` (a unit drawn twice brings its examples twice)."""
    order, starts, sizes = layout
    if sizes.size == order.size:  # one example per unit
        return order[units]
    lengths = sizes[units]
    offsets = np.cumsum(lengths) - lengths
    within = np.arange(int(lengths.sum())) - np.repeat(offsets, lengths)
    return order[np.repeat(starts[units], lengths) + within]


def _unit_types(codes: np.ndarray, unit: np.ndarray, n_units: int, n_cells: int):
    """The distinct cell-count vectors of the units (rows of ``types``) and how many units have each.

    Every unit vector of the table is among the types (with count 0 if no unit has it), and the types
    are in decreasing lexicographic order, so that with one example per unit the types are the cells
    themselves, in their order: the multinomial draw is then exactly that of a table of examples.
    """
    if n_units == codes.size:
        return np.eye(n_cells, dtype=np.int64), np.bincount(codes, minlength=n_cells).astype(np.int64)
    unit_cells = np.bincount(unit * n_cells + codes, minlength=n_units * n_cells).reshape(n_units, n_cells)
    rows = np.concatenate([unit_cells, np.eye(n_cells, dtype=np.int64)])
    types, counts = np.unique(rows, axis=0, return_counts=True)
    counts = counts - (types.sum(axis=1) == 1)  # the unit vectors added above (counts are >= 0)
    return types[::-1].astype(np.int64), counts[::-1].astype(np.int64)


def _count_bootstrap(types, counts, name, n_resamples, rng, bca):
    """Bootstrap of the difference from counts: n_units units drawn with replacement, as a multinomial
    draw of the unit types; a resample's table is the sum of the tables of the units drawn."""
    n_units = int(counts.sum())
    distribution = np.empty(n_resamples)
    batch = max(1, min(n_resamples, 2**20 // types.shape[0]))
    for start in range(0, n_resamples, batch):
        draws = rng.multinomial(n_units, counts / n_units, size=min(batch, n_resamples - start))
        distribution[start:start + draws.shape[0]] = _difference_from_cells(draws @ types, name)
    if not bca:
        return distribution, 0.0
    present = np.flatnonzero(counts)  # leave one unit out: the same value for all units of a type
    total = counts @ types
    accel = _acceleration(_difference_from_cells(total - types[present], name), counts[present].astype(float))
    return distribution, accel


def _callable_bootstrap(metric, y, p1, p2, unit, n_units, n_resamples, rng, bca):
    """The same bootstrap for a callable metric: each resample draws n_units units and evaluates the metric
    on all their examples; the jackknife leaves out one unit at a time."""
    layout = _unit_layout(unit, n_units)
    distribution = np.empty(n_resamples)
    batch = _batch_size(n_units, n_resamples)
    for start in range(0, n_resamples, batch):
        rows = min(batch, n_resamples - start)
        drawn = rng.integers(0, n_units, (rows, n_units))
        for r in range(rows):
            i = _examples_of(drawn[r], layout)
            distribution[start + r] = float(metric(y[i], p1[i])) - float(metric(y[i], p2[i]))
    if not bca:
        return distribution, 0.0
    jack = np.empty(n_units)
    for u in range(n_units):
        keep = unit != u
        jack[u] = float(metric(y[keep], p1[keep])) - float(metric(y[keep], p2[keep]))
    return distribution, _acceleration(jack, np.ones(n_units))


def _bootstrap(y, p1, p2, metric, name, positive, unit, n_units, n_resamples, confidence, method, seed):
    """The bootstrap shared by paired_bootstrap (a unit is an example) and cluster_bootstrap (a group)."""
    n_resamples = check_count(n_resamples, "n_resamples", minimum=1)
    confidence = check_probability(confidence, "confidence")
    method = check_option(method, "method", BOOTSTRAP_METHODS)
    rng = as_generator(seed)
    alpha = (1.0 - confidence) / 2.0

    if callable(metric):
        m1, m2 = float(metric(y, p1)), float(metric(y, p2))
        theta_hat = _callable_difference(metric, y, p1, p2)
        distribution, accel = _callable_bootstrap(metric, y, p1, p2, unit, n_units, n_resamples, rng,
                                                  method == "bca")
    else:
        codes = _cell_codes(y, p1, p2, name, positive)
        types, counts = _unit_types(codes, unit, n_units, _N_CELLS[name])
        cells = counts @ types
        if name == "f1":
            _warn_undefined_f1(cells, positive, stacklevel=4)
        m1, m2 = (float(v) for v in _metrics_from_cells(cells, name))
        theta_hat = m1 - m2
        distribution, accel = _count_bootstrap(types, counts, name, n_resamples, rng, method == "bca")

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
    y, p1, p2, name = _inputs(y_true, y_pred_1, y_pred_2, metric, positive)
    return _bootstrap(y, p1, p2, metric, name, positive, np.arange(y.size), y.size, n_resamples, confidence,
                      method, seed)


# --------------------------------------------------------------------------- permutation


def _two_sided(null_values, probabilities, observed, adjustment=0.0, total=1.0) -> float:
    """2 * min(P(T <= t), P(T >= t)), capped at 1, with scipy's tolerance for ties."""
    gamma = abs(observed) * np.finfo(float).eps * 100
    less = (probabilities[null_values <= observed + gamma].sum() + adjustment) / total
    greater = (probabilities[null_values >= observed - gamma].sum() + adjustment) / total
    return float(min(1.0, 2.0 * min(less, greater)))


def _swap_orbits(codes: np.ndarray, unit: np.ndarray, n_units: int, name: str):
    """How a swap of the predictions moves the count table, unit by unit (a unit is an example or a group).

    A swap exchanges the cells of each pair in ``_SWAPPED_CELLS``, so a unit's swap moves the table by
    ``-v`` along the directions ``e_a - e_b`` of the pairs, where ``v[j] = n_a - n_b`` in the unit. Units
    with the same ``v`` up to its sign are interchangeable under the null: ``keys`` holds each such
    ``v`` once (first non-zero entry positive; in decreasing lexicographic order), ``sizes`` the number
    of units with ``v`` or ``-v``, ``observed`` the number with ``v`` itself. Units with ``v = 0`` (a swap
    changes nothing) are left out.
    """
    pairs = _SWAPPED_CELLS[name]
    if n_units == codes.size:  # one example per unit: v is +-1 along one pair (the same result, faster)
        cells = np.bincount(codes, minlength=_N_CELLS[name]).astype(np.int64)
        sizes = np.array([cells[a] + cells[b] for a, b in pairs])
        return np.eye(len(pairs), dtype=np.int64), sizes, np.array([cells[a] for a, _ in pairs])
    v = np.stack([np.bincount(unit, weights=(codes == a).astype(float) - (codes == b), minlength=n_units)
                  for a, b in pairs], axis=1).astype(np.int64)
    v = v[np.any(v != 0, axis=1)]
    sign = np.sign(v[np.arange(v.shape[0]), np.argmax(v != 0, axis=1)])
    keys, inverse = np.unique(v * sign[:, np.newaxis], axis=0, return_inverse=True)
    inverse = keys.shape[0] - 1 - inverse.reshape(-1)
    sizes = np.bincount(inverse, minlength=keys.shape[0])
    observed = np.bincount(inverse, weights=sign > 0, minlength=keys.shape[0])
    return keys[::-1], sizes, observed.astype(np.int64)


def _null_from_shifts(cells, shift, name):
    """The difference on the table moved by ``shift[..., j]`` units along each pair ``e_a - e_b``."""
    moved = np.broadcast_to(cells, shift.shape[:-1] + cells.shape).copy()
    for j, (a, b) in enumerate(_SWAPPED_CELLS[name]):
        moved[..., a] += shift[..., j]
        moved[..., b] -= shift[..., j]
    return _difference_from_cells(moved, name)


def _shift_distribution(keys, sizes):
    """Exact law of sum_t K_t keys[t] with K_t ~ Binomial(sizes[t], 1/2) independent, on its lattice.

    Returns the lattice's lowest point and the probabilities of all its points (an array with one axis
    per pair of swapped cells). Built orbit by orbit: each adds K_t keys[t] to the sum, a sum of
    ``sizes[t] + 1`` shifted copies of the lattice so far. With one example per unit the keys are the unit
    vectors, the lattice is the product grid of the binomial counts, and every probability is the product
    of their binomial probabilities, computed as the paired test always did.
    """
    pmf = np.ones((1,) * keys.shape[1])
    for key, size in zip(keys, sizes):
        grown = np.zeros(tuple(np.array(pmf.shape) + size * np.abs(key)))
        weights = stats.binom.pmf(np.arange(size + 1), size, 0.5)
        start = np.where(key < 0, size * -key, 0)
        for j, weight in enumerate(weights):
            corner = start + j * key
            grown[tuple(slice(c, c + extent) for c, extent in zip(corner, pmf.shape))] += weight * pmf
        pmf = grown
    low = np.sum(np.minimum(keys, 0) * sizes[:, np.newaxis], axis=0)
    return low, pmf


def _count_permutation(cells, keys, sizes, observed, name, n_resamples, rng):
    """Permutation distribution from counts: the number of units of orbit t shown in orientation ``keys[t]``
    is Binomial(sizes[t], 1/2) under the null, independently over orbits, and the table moves by
    ``(K - observed) @ keys``. Exact when the lattice of that shift has at most EXACT_MAX_POINTS points
    (and building it costs at most ten times as much), else n_resamples random draws."""
    base = observed @ keys
    points = np.prod(np.cumsum(np.abs(keys) * sizes[:, np.newaxis], axis=0) + 1, axis=1)  # after each orbit
    before = np.concatenate([[1], points])
    work = int(np.sum((sizes + 1) * before[:-1] + points))  # the shifted copies added, the arrays allocated
    points = int(before[-1])  # 1 when no unit moves the table (each has as many b as c examples)
    if points <= EXACT_MAX_POINTS and work <= 10 * EXACT_MAX_POINTS:
        low, pmf = _shift_distribution(keys, sizes)
        grid = np.stack(np.meshgrid(*[np.arange(n) for n in pmf.shape], indexing="ij"), axis=-1)
        shift = grid.reshape(-1, keys.shape[1]) + low
        return _null_from_shifts(cells, shift - base, name), pmf.reshape(-1), True
    shift = np.zeros((n_resamples, keys.shape[1]), dtype=np.int64)
    for key, size in zip(keys, sizes):
        shift += rng.binomial(size, 0.5, size=n_resamples)[:, np.newaxis] * key
    return _null_from_shifts(cells, shift - base, name), np.ones(n_resamples), False


def _callable_permutation(metric, y, p1, p2, unit, n_resamples, rng):
    """Permutation distribution for a callable: swap the predictions of all examples of a unit together.
    Only units with a discordant example matter; exact when their 2^u patterns are at most n_resamples."""
    discordant = np.flatnonzero(p1 != p2)
    moving, unit_of = np.unique(unit[discordant], return_inverse=True)
    u = int(moving.size)

    def difference(swap_units):
        swap = discordant[swap_units[unit_of]]
        q1, q2 = p1.copy(), p2.copy()
        q1[swap], q2[swap] = p2[swap], p1[swap]
        return float(metric(y, q1)) - float(metric(y, q2))

    if 2**u <= n_resamples:
        patterns = ((np.arange(2**u)[:, np.newaxis] >> np.arange(u)) & 1).astype(bool)
        return np.array([difference(swap) for swap in patterns]), True
    return np.array([difference(rng.random(u) < 0.5) for _ in range(n_resamples)]), False


def _permutation(y, p1, p2, metric, name, positive, unit, n_units, n_resamples, seed):
    """The permutation test shared by paired_permutation_test (a unit is an example) and
    cluster_permutation_test (a group): the two models' predictions swapped for whole units."""
    n_resamples = check_count(n_resamples, "n_resamples", minimum=1)
    rng = as_generator(seed)  # checked even when the exact test needs no random numbers
    n_d = int(np.count_nonzero(p1 != p2))
    if callable(metric):
        m1, m2 = float(metric(y, p1)), float(metric(y, p2))
        observed = _callable_difference(metric, y, p1, p2)
    else:
        codes = _cell_codes(y, p1, p2, name, positive)
        cells = np.bincount(codes, minlength=_N_CELLS[name]).astype(np.int64)
        if name == "f1":
            _warn_undefined_f1(cells, positive, stacklevel=4)
        m1, m2 = (float(v) for v in _metrics_from_cells(cells, name))
        observed = m1 - m2
    if n_d == 0:
        return PermutationTestResult(observed, 1.0, m1, m2, name, "exact", 0, 0)
    if callable(metric):
        null, exact = _callable_permutation(metric, y, p1, p2, unit, n_resamples, rng)
        probs = np.full(null.size, 1.0 / null.size) if exact else np.ones(null.size)
    else:
        keys, sizes, counts = _swap_orbits(codes, unit, n_units, name)
        null, probs, exact = _count_permutation(cells, keys, sizes, counts, name, n_resamples, rng)
    if exact:
        pvalue = _two_sided(null, probs, observed)
        return PermutationTestResult(observed, pvalue, m1, m2, name, "exact", 0, n_d)
    pvalue = _two_sided(null, probs, observed, adjustment=1.0, total=n_resamples + 1.0)
    return PermutationTestResult(observed, pvalue, m1, m2, name, "monte-carlo", n_resamples, n_d)


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
    y, p1, p2, name = _inputs(y_true, y_pred_1, y_pred_2, metric, positive)
    return _permutation(y, p1, p2, metric, name, positive, np.arange(y.size), y.size, n_resamples, seed)
