"""Mid-ranks from one sort, and the rounding that keeps decimal ties tied (internal).

:func:`lecture_lib.rankdata` and :func:`lecture_lib.tie_term` check their
input and call these; the rank tests of chapters 5 and 6 (Wilcoxon, the
sign test, Friedman, the post-hoc comparisons and their simulations) call
them on arrays they have already checked, where a second check would cost
more than the ranking.
"""

from __future__ import annotations

import numpy as np

__all__ = ["tie_groups", "ranks_and_ties", "row_ranks_and_ties", "significant_decimals"]


def tie_groups(a: np.ndarray):
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


def ranks_and_ties(a: np.ndarray):
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


def row_ranks_and_ties(arr: np.ndarray, higher_is_better: bool):
    """Mid-ranks along rows (1 = best) and the total tie term, from one sort."""
    order, first, last = tie_groups(-arr if higher_is_better else arr)
    ranks = np.empty(arr.shape, dtype=float)
    np.put_along_axis(ranks, order, (first + last) / 2.0 + 1.0, axis=-1)
    size = (last - first + 1).astype(float)
    return ranks, float((size**2 - 1.0).sum())


def significant_decimals(arr: np.ndarray) -> int:
    """Decimals that keep 12 significant digits of the table's largest magnitude."""
    largest = float(np.max(np.abs(arr)))
    return 12 - int(np.floor(np.log10(largest))) if largest > 0 else 12
