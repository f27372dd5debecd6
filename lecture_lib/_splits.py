"""Pieces of the resampling designs that other modules reuse (internal).

:mod:`lecture_lib.resampling` builds its splitters from these; the
benchmark runner, nested cross-validation and the cross-validation
intervals of chapter 9 use the same pieces, so that a stratified fold or a
row of a data set means the same thing everywhere.
"""

from __future__ import annotations

import numpy as np

from ._validation import check_labels

__all__ = ["class_codes", "fold_ids_stratified", "take"]


def class_codes(y, name: str, k: int):
    """Integer class codes of ``y``; every class needs at least ``k`` examples."""
    y = check_labels(y, name)
    classes, codes, counts = np.unique(y, return_inverse=True, return_counts=True)
    smallest = int(np.argmin(counts))
    if counts[smallest] < k:
        raise ValueError(
            f"{name}: the smallest class {classes.tolist()[smallest]!r} has only {counts[smallest]} "
            f"example(s), fewer than the {k} folds; stratification needs at least {k}"
        )
    return codes.reshape(-1), len(classes)


def fold_ids_stratified(codes: np.ndarray, n_classes: int, k: int, rng) -> np.ndarray:
    """Classes laid end to end and dealt round-robin (scikit-learn's allocation)."""
    out = np.empty(codes.size, dtype=np.int64)
    start = 0
    for c in range(n_classes):
        members = rng.permutation(np.flatnonzero(codes == c))
        out[members] = (start + np.arange(members.size)) % k
        start += members.size
    return out


def take(data, idx):
    if hasattr(data, "iloc"):
        return data.iloc[idx]
    return data[idx]
