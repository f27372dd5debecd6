"""Multiplicity adjustments of a family of pairwise p-values (internal).

Holm, Bonferroni and the other methods of :func:`lecture_lib.adjust_pvalues`,
vectorised over many families at once, and the two procedures that use the
logic of pairwise hypotheses (Shaffer's static one and Bergmann and
Hommel's). :mod:`lecture_lib.posthoc` checks its inputs and calls these;
the simulations of chapter 6 (:mod:`lecture_lib.simulate`) adjust thousands
of simulated families with the same code.
"""

from __future__ import annotations

import functools

import numpy as np

from .multitest import adjust_pvalues

__all__ = ["BERGMANN_HOMMEL_MAX_K", "shaffer_set", "exhaustive_sets", "check_bergmann_hommel_k",
           "adjust_family", "adjust_pairs"]

#: The largest number of algorithms for Bergmann and Hommel's procedure (115 975 exhaustive sets at k = 10).
BERGMANN_HOMMEL_MAX_K = 10


@functools.cache
def shaffer_set(k: int) -> frozenset:
    """Shaffer's set S(k) (see :func:`lecture_lib.shaffer_true_counts`), for k >= 0."""
    if k <= 1:
        return frozenset({0})
    out = set()
    for j in range(1, k + 1):  # the group that holds the first algorithm has j members
        within = j * (j - 1) // 2
        out.update(within + s for s in shaffer_set(k - j))
    return frozenset(out)


def _shaffer_multipliers(k: int) -> np.ndarray:
    """t_j, j = 1..m: the most hypotheses that can be true when j - 1 are false."""
    m = k * (k - 1) // 2
    possible = np.array(sorted(shaffer_set(k)))
    remaining = m - np.arange(m)  # hypotheses not yet rejected at step j
    return possible[np.searchsorted(possible, remaining, side="right") - 1].astype(float)


@functools.cache
def exhaustive_sets(k: int) -> tuple[np.ndarray, np.ndarray, tuple]:
    """Every non-empty set of pairwise hypotheses that can be true while the rest are false.

    One per partition of the k algorithms into groups (the pairs inside the
    groups), except the partition into single algorithms. Returned as a
    read-only boolean matrix (m, n_sets), row h telling which sets hold the
    h-th pair of ``np.triu_indices(k, 1)``; the set sizes; and, per pair,
    the indices of the sets that hold it.
    """
    # restricted growth strings: labels[s, a] is the group of algorithm a in partition s
    labels = np.zeros((1, 1), dtype=np.int8)
    largest = np.zeros(1, dtype=np.int8)
    for _ in range(1, k):
        choices = largest.astype(np.int64) + 2  # an existing group or a new one
        rows = np.repeat(np.arange(labels.shape[0]), choices)
        starts = np.cumsum(choices) - choices
        new = (np.arange(rows.size) - np.repeat(starts, choices)).astype(np.int8)
        labels = np.column_stack([labels[rows], new])
        largest = np.maximum(largest[rows], new)
    first, second = np.triu_indices(k, 1)
    holds = labels[:, first].T == labels[:, second].T  # (m, number of partitions)
    holds = np.ascontiguousarray(holds[:, holds.any(axis=0)])
    holds.setflags(write=False)
    sizes = holds.sum(axis=0).astype(float)
    sizes.setflags(write=False)
    members = tuple(np.flatnonzero(row).astype(np.int32) for row in holds)
    return holds, sizes, members


def _bergmann_hommel(p: np.ndarray, k: int) -> np.ndarray:
    """Adjusted p-values: max over exhaustive sets I containing H of |I| min_{i in I} p_i."""
    holds, sizes, members = exhaustive_sets(k)
    smallest = np.empty(sizes.size)
    open_sets = np.ones(sizes.size, dtype=bool)
    for h in np.argsort(p, kind="stable"):  # the first member met in p order has the smallest p-value
        hit = holds[h] & open_sets
        smallest[hit] = p[h]
        open_sets &= ~holds[h]
    values = sizes * smallest
    # every pair is in some exhaustive set (the partition that joins just that pair)
    return np.minimum(1.0, np.array([values[idx].max() for idx in members]))


def check_bergmann_hommel_k(k: int, name: str) -> None:
    if k > BERGMANN_HOMMEL_MAX_K:
        raise ValueError(
            f"{name}='bergmann-hommel' is limited to k <= {BERGMANN_HOMMEL_MAX_K} algorithms (its exhaustive "
            f"sets number B_k - 1, the Bell number less one: 678 569 at k = 11), got k = {k}; "
            f"use {name}='shaffer', nearly as powerful"
        )


def _step_down(p: np.ndarray, multipliers: np.ndarray) -> np.ndarray:
    """Step-down adjusted p-values along the last axis: min(1, running max of c_j p_(j)), input order."""
    order = np.argsort(p, axis=-1, kind="stable")
    stepped = np.maximum.accumulate(multipliers * np.take_along_axis(p, order, axis=-1), axis=-1)
    adjusted = np.empty_like(p)
    np.put_along_axis(adjusted, order, np.minimum(1.0, stepped), axis=-1)
    return adjusted


def adjust_family(p: np.ndarray, method: str) -> np.ndarray:
    """A method of :func:`adjust_pvalues` (or "none") along the last axis of p, shape (..., m)."""
    m = p.shape[-1]
    if method == "none":
        return p.copy()
    if method == "holm":  # vectorised over the rows: the simulations adjust thousands of families
        return _step_down(p, m - np.arange(m, dtype=float))
    if method == "bonferroni":
        return np.minimum(1.0, m * p)
    return np.apply_along_axis(adjust_pvalues, -1, p, method)


def adjust_pairs(p: np.ndarray, k: int, method: str) -> np.ndarray:
    """Adjust the m = k(k-1)/2 pairwise p-values (triu order) along the last axis of p, shape (..., m).

    Any pairwise method but Nemenyi's; one call adjusts one family (m,) or many (n_reps, m).
    """
    if method == "shaffer":
        return _step_down(p, _shaffer_multipliers(k))
    if method == "bergmann-hommel":
        check_bergmann_hommel_k(k, "method")
        return np.apply_along_axis(_bergmann_hommel, -1, p, k)
    return adjust_family(p, method)
