"""The bootstrap and the permutation test of a metric's difference, on units (internal).

:mod:`lecture_lib.metric_tests` (chapter 9: a unit is an example) and
:mod:`lecture_lib.clustered` (a unit is a group of examples, e.g. a patient)
run the same code: :func:`prepare` checks the labels and the metric,
:func:`bootstrap` and :func:`permutation` resample or permute whole units
and return the fields of the public result objects. For the named metrics
the work is done on counts (see the module docstring of
:mod:`lecture_lib.metric_tests`); a callable is evaluated in a loop.
"""

from __future__ import annotations

import warnings

import numpy as np
from scipy import special, stats

from ._results import Interval
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

__all__ = ["METRICS", "BOOTSTRAP_METHODS", "EXACT_MAX_POINTS", "prepare", "bootstrap", "permutation"]

#: The named metrics computed from counts (a callable is accepted too).
METRICS = ("accuracy", "error_rate", "f1")
#: Interval methods of :func:`lecture_lib.paired_bootstrap`.
BOOTSTRAP_METHODS = ("bca", "percentile")
#: The exact permutation distribution is enumerated when it has at most this many points.
EXACT_MAX_POINTS = 4_000_000
#: Number of cells of the count table of each named metric (see ``_cell_codes``).
_N_CELLS = {"f1": 8, "accuracy": 4, "error_rate": 4}
#: The cells that a swap of the two predictions exchanges, as (model 1's side, model 2's side): for F1
#: "only model 1 says positive" with "only model 2 says positive" (truth positive, then negative); for
#: accuracy "only model 1 right" with "only model 2 right".
_SWAPPED_CELLS = {"f1": ((6, 5), (2, 1)), "accuracy": ((1, 2),), "error_rate": ((1, 2),)}


def prepare(y_true, y_pred_1, y_pred_2, metric, positive):
    """The checked labels and predictions, and the metric's name: ``(y, p1, p2, name)``."""
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


def bootstrap(y, p1, p2, metric, name, positive, unit, n_units, n_resamples, confidence, method, seed):
    """The bootstrap shared by paired_bootstrap (a unit is an example) and cluster_bootstrap (a group).

    Returns the fields of :class:`lecture_lib.metric_tests.PairedBootstrapResult`, as a dict.
    """
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
    return dict(  # the fields of PairedBootstrapResult
        difference=Interval(float(theta_hat), low, high, confidence, method),
        metric_1=float(m1),
        metric_2=float(m2),
        std_error=se,
        metric=name,
        method=method,
        n_resamples=n_resamples,
        distribution=distribution,
    )


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


def _permutation_fields(statistic, pvalue, metric_1, metric_2, metric, method, n_resamples, n_discordant):
    """The fields of PermutationTestResult, by name."""
    return dict(statistic=statistic, pvalue=pvalue, metric_1=metric_1, metric_2=metric_2, metric=metric,
                method=method, n_resamples=n_resamples, n_discordant=n_discordant)


def permutation(y, p1, p2, metric, name, positive, unit, n_units, n_resamples, seed):
    """The permutation test shared by paired_permutation_test (a unit is an example) and
    cluster_permutation_test (a group): the two models' predictions swapped for whole units.

    Returns the fields of :class:`lecture_lib.metric_tests.PermutationTestResult`, as a dict.
    """
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
        return _permutation_fields(observed, 1.0, m1, m2, name, "exact", 0, 0)
    if callable(metric):
        null, exact = _callable_permutation(metric, y, p1, p2, unit, n_resamples, rng)
        probs = np.full(null.size, 1.0 / null.size) if exact else np.ones(null.size)
    else:
        keys, sizes, counts = _swap_orbits(codes, unit, n_units, name)
        null, probs, exact = _count_permutation(cells, keys, sizes, counts, name, n_resamples, rng)
    if exact:
        pvalue = _two_sided(null, probs, observed)
        return _permutation_fields(observed, pvalue, m1, m2, name, "exact", 0, n_d)
    pvalue = _two_sided(null, probs, observed, adjustment=1.0, total=n_resamples + 1.0)
    return _permutation_fields(observed, pvalue, m1, m2, name, "monte-carlo", n_resamples, n_d)
