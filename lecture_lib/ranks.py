"""Mid-ranks, the building block of every rank test of chapters 5 and 6.

Taught in chapter 5 (``notebooks/05-two-algorithms-many-datasets``).

Tied values share the average of the ranks they occupy. The tests themselves
live in :mod:`lecture_lib.wilcoxon_sign` (two algorithms over many data
sets, chapter 5) and :mod:`lecture_lib.friedman_nemenyi` (many algorithms
over many data sets, chapter 6); both rank with the one-sort helpers of
the internal module ``_ranking``, on inputs they have already checked.
"""

from __future__ import annotations

import numpy as np

from ._ranking import tie_groups
from ._validation import _show, check_real_array

__all__ = ["rankdata", "tie_term"]


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
    order, first, last = tie_groups(arr)
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
    _, first, last = tie_groups(arr)
    size = (last - first + 1).astype(float)
    # each member of a group of size t contributes t**2 - 1; t of them give t**3 - t
    return (size**2 - 1.0).sum(axis=-1)


