"""Classification metrics: confusion matrix, accuracy, error rate, precision, recall, F1.

Taught in chapter 1 (``notebooks/01-evaluation-basics``).
"""

from __future__ import annotations

import warnings

import numpy as np

from ._validation import _show, check_comparable, check_labels, check_same_length

__all__ = [
    "UndefinedMetricWarning",
    "confusion_matrix",
    "accuracy",
    "error_rate",
    "precision",
    "recall",
    "f1_score",
]


class UndefinedMetricWarning(UserWarning):
    """A metric is 0/0 on the given data; 0.0 was returned instead.

    Emitted by :func:`precision` when nothing was predicted positive, by
    :func:`recall` when no example is positive, and by :func:`f1_score` when
    precision + recall = 0.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.metrics import UndefinedMetricWarning
    >>> issubclass(UndefinedMetricWarning, UserWarning)
    True
    """


def _pair(y_true, y_pred):
    """Validated ``(y_true, y_pred)`` arrays of equal length."""
    y_true = check_labels(y_true, "y_true")
    y_pred = check_labels(y_pred, "y_pred")
    check_comparable(y_true, "y_true", y_pred, "y_pred")
    check_same_length(y_true=y_true, y_pred=y_pred)
    return y_true, y_pred


def confusion_matrix(y_true, y_pred, labels=None) -> np.ndarray:
    """The confusion matrix: rows are true classes, columns predicted classes.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class labels (numbers, booleans or text; binary or multiclass).
    y_pred : array_like, shape (n,)
        Predicted class labels for the same examples.
    labels : array_like, optional
        The classes, in the order of the rows and columns. Default: the sorted
        union of the labels in ``y_true`` and ``y_pred``. It may hold classes
        that never occur (their row and column are zero), but it must hold
        every label that occurs in the data.

    Returns
    -------
    matrix : ndarray of int64, shape (k, k)
        ``matrix[i, j]`` is the number of examples of true class
        ``labels[i]`` predicted as ``labels[j]``.

    Notes
    -----
    For two classes with ``labels=[negative, positive]`` the layout is

    .. math::

        \\begin{pmatrix} TN & FP \\\\ FN & TP \\end{pmatrix},

    the layout of scikit-learn. The diagonal holds the correct predictions,
    so accuracy is its sum over n.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.metrics import confusion_matrix
    >>> confusion_matrix([0, 0, 1, 1, 2], [0, 1, 1, 1, 0])
    array([[1, 1, 0],
           [0, 2, 0],
           [1, 0, 0]])

    Both examples of class 1 were recognised; the one example of class 2 was
    mistaken for class 0.
    """
    y_true, y_pred = _pair(y_true, y_pred)
    if labels is None:
        labels = np.unique(np.concatenate([y_true, y_pred]))
    else:
        labels = check_labels(labels, "labels")
        check_comparable(y_true, "y_true", labels, "labels")
        uniq, counts = np.unique(labels, return_counts=True)
        if np.any(counts > 1):
            raise ValueError(f"labels must not repeat a class, got {_show(labels.tolist())}")
    k = labels.size
    order = np.argsort(labels, kind="stable")
    sorted_labels = labels[order]

    def codes(arr, name):
        pos = np.searchsorted(sorted_labels, arr)
        pos_clipped = np.minimum(pos, k - 1)
        found = (pos < k) & (sorted_labels[pos_clipped] == arr)
        if not np.all(found):
            missing = np.unique(arr[~found]).tolist()
            raise ValueError(
                f"labels {_show(labels.tolist())} miss the label(s) {_show(missing)} found in {name}"
            )
        return order[pos_clipped]

    t = codes(y_true, "y_true")
    p = codes(y_pred, "y_pred")
    return np.bincount(t * k + p, minlength=k * k).reshape(k, k).astype(np.int64)


def accuracy(y_true, y_pred) -> float:
    """The proportion of correct predictions.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (n,)
        True and predicted class labels.

    Returns
    -------
    accuracy : float
        (number of examples with ``y_pred == y_true``) / n, in [0, 1].

    Notes
    -----
    .. math:: \\mathrm{accuracy} = \\frac{TP + TN}{N}

    for two classes; in general the trace of the confusion matrix over n.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.metrics import accuracy
    >>> accuracy([1, 1, 0, 0, 2], [1, 0, 0, 0, 2])
    0.8

    Four of the five predictions are right.
    """
    y_true, y_pred = _pair(y_true, y_pred)
    return int(np.count_nonzero(y_true == y_pred)) / int(y_true.size)


def error_rate(y_true, y_pred) -> float:
    """The proportion of wrong predictions, 1 - accuracy.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (n,)
        True and predicted class labels.

    Returns
    -------
    error : float
        (number of examples with ``y_pred != y_true``) / n, in [0, 1].

    Notes
    -----
    .. math:: \\mathrm{error} = 1 - \\mathrm{accuracy} = \\frac{FP + FN}{N}

    It is counted directly (not as ``1 - accuracy``) so that no rounding
    error appears: ``error_rate([0], [0])`` is exactly 0.0.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.metrics import error_rate
    >>> error_rate([1, 1, 0, 0, 2], [1, 0, 0, 0, 2])
    0.2

    One of the five predictions is wrong.
    """
    y_true, y_pred = _pair(y_true, y_pred)
    return int(np.count_nonzero(y_true != y_pred)) / int(y_true.size)


def _counts(y_true, y_pred, positive):
    """TP, FP, FN for the class ``positive`` against all others."""
    y_true, y_pred = _pair(y_true, y_pred)
    if isinstance(positive, (list, tuple, dict, set, np.ndarray)):
        raise TypeError(f"positive must be a single class label, got {_show(positive)}")
    true_pos = y_true == positive
    pred_pos = y_pred == positive
    if not (np.any(true_pos) or np.any(pred_pos)):
        seen = np.unique(np.concatenate([y_true, y_pred])).tolist()
        raise ValueError(
            f"positive={positive!r} appears in neither y_true nor y_pred "
            f"(their labels are {_show(seen)})"
        )
    tp = int(np.count_nonzero(true_pos & pred_pos))
    fp = int(np.count_nonzero(pred_pos & ~true_pos))
    fn = int(np.count_nonzero(true_pos & ~pred_pos))
    return tp, fp, fn


def _undefined(what: str) -> float:
    warnings.warn(what + "; returning 0.0", UndefinedMetricWarning, stacklevel=3)
    return 0.0


def precision(y_true, y_pred, positive=1) -> float:
    """The proportion of positive predictions that are right.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (n,)
        True and predicted class labels (binary or multiclass).
    positive : label, default 1
        The class treated as positive; every other class is negative
        (one-vs-rest). It must occur in ``y_true`` or ``y_pred``.

    Returns
    -------
    precision : float
        TP / (TP + FP), in [0, 1].

    Warns
    -----
    UndefinedMetricWarning
        When nothing is predicted positive (TP + FP = 0): precision is 0/0,
        and 0.0 is returned (as scikit-learn does by default).

    Notes
    -----
    .. math:: \\mathrm{precision} = \\frac{TP}{TP + FP}

    "Of the records retrieved, how many are relevant?"

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.metrics import precision
    >>> precision([1, 1, 0, 0, 1], [1, 0, 1, 0, 1])
    0.6666666666666666

    Two of the three examples predicted positive really are positive.
    """
    tp, fp, _ = _counts(y_true, y_pred, positive)
    if tp + fp == 0:
        return _undefined(f"precision is undefined: no example was predicted as positive={positive!r}")
    return tp / (tp + fp)


def recall(y_true, y_pred, positive=1) -> float:
    """The proportion of positive examples that are found (sensitivity).

    Parameters
    ----------
    y_true, y_pred : array_like, shape (n,)
        True and predicted class labels (binary or multiclass).
    positive : label, default 1
        The class treated as positive (one-vs-rest). It must occur in
        ``y_true`` or ``y_pred``.

    Returns
    -------
    recall : float
        TP / (TP + FN), in [0, 1].

    Warns
    -----
    UndefinedMetricWarning
        When no example is positive (TP + FN = 0): recall is 0/0, and 0.0 is
        returned.

    Notes
    -----
    .. math:: \\mathrm{recall} = \\frac{TP}{TP + FN}

    "Of the relevant records, how many were retrieved?"

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.metrics import recall
    >>> recall([1, 1, 0, 0, 1], [1, 0, 1, 0, 1])
    0.6666666666666666

    Two of the three positive examples were found.
    """
    tp, _, fn = _counts(y_true, y_pred, positive)
    if tp + fn == 0:
        return _undefined(f"recall is undefined: no example of positive={positive!r} in y_true")
    return tp / (tp + fn)


def f1_score(y_true, y_pred, positive=1) -> float:
    """The harmonic mean of precision and recall.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (n,)
        True and predicted class labels (binary or multiclass).
    positive : label, default 1
        The class treated as positive (one-vs-rest). It must occur in
        ``y_true`` or ``y_pred``.

    Returns
    -------
    f1 : float
        2 TP / (2 TP + FP + FN), in [0, 1].

    Warns
    -----
    UndefinedMetricWarning
        When precision + recall = 0 (that is, TP = 0): the harmonic mean is
        0/0, and 0.0 is returned.

    Notes
    -----
    .. math::

        F_1 = \\frac{2 \\cdot \\mathrm{precision} \\cdot \\mathrm{recall}}
                    {\\mathrm{precision} + \\mathrm{recall}}
            = \\frac{2\\,TP}{2\\,TP + FP + FN}

    The second form is used, so a precision or recall that is itself 0/0
    raises no second warning. Note that scikit-learn (1.3 and later) returns
    0.0 without a warning when TP = 0 but FP + FN > 0.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.metrics import f1_score
    >>> f1_score([1, 1, 0, 0, 1], [1, 0, 1, 0, 1])
    0.6666666666666666

    Precision and recall are both 2/3, so their harmonic mean is 2/3 too.
    """
    tp, fp, fn = _counts(y_true, y_pred, positive)
    if tp == 0:
        return _undefined(
            f"F1 is undefined: precision + recall = 0 (no true positives for positive={positive!r})"
        )
    return 2 * tp / (2 * tp + fp + fn)
