"""Mid-ranks, the building block of every rank test of chapters 5 and 6.

Tied values share the average of the ranks they occupy. The tests themselves
live in :mod:`lecture_lib.wilcoxon_sign` (two algorithms over many data
sets, chapter 5) and :mod:`lecture_lib.friedman_nemenyi` (many algorithms
over many data sets, chapter 6); both rank with the helpers here.
"""

from __future__ import annotations

import numpy as np

from ._validation import _show, check_real_array

__all__ = ["rankdata", "tie_term"]


def _tie_groups(a: np.ndarray):
    """Sort along the last axis; return the order and, per sorted position,
    the first and last positions of its tie group."""
    order = np.argsort(a, axis=-1, kind="stable")
    sorted_a = np.take_along_axis(a, order, axis=-1)
    n = a.shape[-1]
    pos = np.broadcast_to(np.arange(n), a.shape)
    starts_group = np.ones(a.shape, dtype=bool)
    starts_group[..., 1:] = sorted_a[..., 1:] != sorted_a[..., :-1]
    ends_group = np.ones(a.shape, dtype=bool)
    ends_group[..., :-1] = starts_group[..., 1:]
    first = np.maximum.accumulate(np.where(starts_group, pos, 0), axis=-1)
    # the last position of a group: a running minimum taken from the right
    last = np.flip(np.minimum.accumulate(np.flip(np.where(ends_group, pos, n - 1), -1), axis=-1), -1)
    return order, first, last



def _as_finite(a, name: str) -> np.ndarray:
    """A float array of at least one dimension without NaN (infinities are values like any other)."""
    arr = check_real_array(a, name, min_size=0, finite=False, allow_bool=True)
    if arr.ndim == 0:
        raise ValueError(f"{name} must be an array, got the scalar {arr.item()!r}")
    if arr.shape[-1] == 0:
        raise ValueError(f"{name} is empty")
    if np.isnan(arr).any():
        flat = int(np.flatnonzero(np.isnan(arr.reshape(-1)))[0])
        where = flat if arr.ndim == 1 else tuple(int(i) for i in np.unravel_index(flat, arr.shape))
        raise ValueError(
            f"{name} contains NaN (first at index {where}): {name} must not have missing values, "
            f"got {_show(arr.tolist())}"
        )
    return arr


def _check_axis(axis, ndim: int) -> int:
    """``axis`` as a valid axis of an array with ``ndim`` dimensions (negative counts from the end)."""
    if isinstance(axis, (bool, np.bool_)) or not isinstance(axis, (int, np.integer)):
        raise TypeError(f"axis must be an integer, got {axis!r:.60}")
    if not -ndim <= axis < ndim:
        raise ValueError(
            f"axis must lie in [{-ndim}, {ndim - 1}] for an array of {ndim} dimension(s), got {axis}"
        )
    return int(axis)


def rankdata(a, axis: int = -1) -> np.ndarray:
    """Mid-ranks along one axis: 1 for the smallest, ties share their average rank.

    Vectorised over all other axes, so the rows of an (n_datasets, k) score
    table are ranked in one call.

    Parameters
    ----------
    a : array_like
        Numbers to rank (NaN is refused; ``inf`` ranks last).
    axis : int, optional
        The axis along which to rank; default the last.

    Returns
    -------
    ranks : ndarray of float
        Same shape as ``a``; along ``axis`` the ranks sum to ``n (n + 1) / 2``.

    Notes
    -----
    If values ``x_(i) = ... = x_(j)`` occupy sorted positions ``i..j``
    (1-based), each gets rank ``(i + j) / 2``, the convention of Demšar
    (2006) and of ``scipy.stats.rankdata(method="average")``.

    Examples
    --------
    >>> from lecture_lib import rankdata
    >>> rankdata([0.3, 0.1, 0.3, 0.2])
    array([3.5, 1. , 3.5, 2. ])

    The two 0.3s would occupy ranks 3 and 4, so each gets 3.5.
    """
    arr = _as_finite(a, "a")
    axis = _check_axis(axis, arr.ndim)
    arr = np.moveaxis(arr, axis, -1)
    order, first, last = _tie_groups(arr)
    mid = (first + last) / 2.0 + 1.0
    ranks = np.empty(arr.shape, dtype=float)
    np.put_along_axis(ranks, order, mid, axis=-1)
    return np.moveaxis(ranks, -1, axis)


def tie_term(a, axis: int = -1) -> np.ndarray:
    """Sum of ``t**3 - t`` over the tie groups along ``axis`` (0 with no ties).

    The quantity that every tie correction of a rank statistic's variance
    uses (Wilcoxon's signed-rank variance, Friedman's chi2_F).

    Examples
    --------
    >>> from lecture_lib import tie_term
    >>> float(tie_term([1, 2, 2, 3, 3, 3]))  # groups of 2 and 3: 6 + 24
    30.0
    """
    arr = _as_finite(a, "a")
    axis = _check_axis(axis, arr.ndim)
    arr = np.moveaxis(arr, axis, -1)
    _, first, last = _tie_groups(arr)
    size = (last - first + 1).astype(float)
    # each member of a group of size t contributes t**2 - 1; t of them give t**3 - t
    return (size**2 - 1.0).sum(axis=-1)


def _ranks_and_ties(a: np.ndarray):
    """Mid-ranks of a 1-D array and its tie term sum(t^3 - t), from one sort.

    Any sort order works here (tied values share a rank), so the faster
    unstable sort is used.
    """
    order = np.argsort(a)
    sorted_a = a[order]
    starts = np.empty(a.size, dtype=bool)
    starts[:1] = True
    np.not_equal(sorted_a[1:], sorted_a[:-1], out=starts[1:])
    group_start = np.flatnonzero(starts)
    group_size = np.diff(np.append(group_start, a.size))
    mid = group_start + (group_size + 1) / 2.0  # 1-based mid-rank of each group
    ranks = np.empty(a.size, dtype=float)
    ranks[order] = np.repeat(mid, group_size)
    size = group_size.astype(float)
    return ranks, float((size**3 - size).sum())


def _row_ranks_and_ties(arr: np.ndarray, higher_is_better: bool):
    """Mid-ranks along rows (1 = best) and the total tie term, from one sort."""
    order, first, last = _tie_groups(-arr if higher_is_better else arr)
    ranks = np.empty(arr.shape, dtype=float)
    np.put_along_axis(ranks, order, (first + last) / 2.0 + 1.0, axis=-1)
    size = (last - first + 1).astype(float)
    return ranks, float((size**2 - 1.0).sum())
