"""The empirical ROC's shared core (internal): mid-ranks, the positives, the structural components.

Used by :mod:`lecture_lib.auc` (DeLong's test, AUC intervals, partial AUC) and
:mod:`lecture_lib.clustered_tests` (Obuchowski's clustered AUC test).
"""

from __future__ import annotations

import numpy as np

from ._validation import _show, check_labels, check_real_array

__all__ = ["classifier_scores", "midranks_of_sorted", "midranks_of", "positives", "structural_components"]


def midranks_of_sorted(sorted_x: np.ndarray) -> np.ndarray:
    """Mid-ranks of values that are already sorted, in that order (one pass, no sort)."""
    n = sorted_x.size
    boundary = np.empty(n + 1, dtype=bool)  # where a tie group starts, plus the end
    boundary[0] = boundary[n] = True
    np.not_equal(sorted_x[1:], sorted_x[:-1], out=boundary[1:n])
    edges = np.flatnonzero(boundary)
    mid = (edges[:-1] + edges[1:] + 1) / 2.0  # (first + last) / 2 + 1 with last = next start - 1
    return np.repeat(mid, np.diff(edges))


def midranks_of(x: np.ndarray) -> np.ndarray:
    order = np.argsort(x, kind="stable")
    out = np.empty(x.size, dtype=float)
    out[order] = midranks_of_sorted(x[order])
    return out


def classifier_scores(values, name: str) -> np.ndarray:
    return check_real_array(values, name, ndim=1, allow_bool=True, what="a 1-D array of scores")


def positives(y_true, positive) -> np.ndarray:
    y = check_labels(y_true, "y_true")
    classes = np.unique(y)
    if positive not in classes.tolist():
        text = classes.dtype.kind in "US" and not isinstance(positive, str)
        raise ValueError(f"positive={positive!r} is not a label of y_true (labels {_show(classes.tolist())})"
                         + ("; y_true holds text (str) labels, positive is not text" if text else ""))
    if classes.size != 2:
        raise ValueError(f"y_true must hold exactly two classes for an AUC, got {classes.size}: "
                         f"{_show(classes.tolist())}")
    is_pos = y == positive
    n_pos = int(is_pos.sum())
    n_neg = is_pos.size - n_pos
    if min(n_pos, n_neg) < 2:
        raise ValueError(
            f"y_true has {n_pos} positive and {n_neg} negative example(s); DeLong's variance needs at least "
            "two of each"
        )
    return is_pos


def structural_components(is_pos: np.ndarray, scores: np.ndarray):
    """AUCs and the structural components V10 (per positive) and V01 (per negative).

    ``scores`` has shape (n_classifiers, n). V10_i is the fraction of negatives
    scored below positive i (ties count 1/2); V01_j the fraction of positives
    scored above negative j. Both come from mid-ranks (Sun & Xu 2014).
    """
    m = int(is_pos.sum())
    n = is_pos.size - m
    # index of each example among the positives (or among the negatives)
    within = np.empty(is_pos.size, dtype=np.int64)
    within[is_pos] = np.arange(m)
    within[~is_pos] = np.arange(n)
    v10 = np.empty((scores.shape[0], m))
    v01 = np.empty((scores.shape[0], n))
    for r, s in enumerate(scores):
        # One sort serves all three rankings: the positives (negatives), taken in the order of the
        # sorted whole, are themselves sorted, so their mid-ranks need only one more pass.
        order = np.argsort(s, kind="stable")
        sorted_s = s[order]
        pos_sorted = is_pos[order]
        t_all = midranks_of_sorted(sorted_s)
        t_pos = midranks_of_sorted(sorted_s[pos_sorted])
        t_neg = midranks_of_sorted(sorted_s[~pos_sorted])
        # back to one fixed order of the positives (negatives), the same for every classifier
        v10[r, within[order[pos_sorted]]] = (t_all[pos_sorted] - t_pos) / n
        v01[r, within[order[~pos_sorted]]] = 1.0 - (t_all[~pos_sorted] - t_neg) / m
    auc = v10.mean(axis=1)
    return auc, v10, v01
