"""Error curves of chapter 1: model complexity, holdout spread, learning curves.

The pure functions behind the chapter's figures and widgets. The k-nearest
neighbours classifier is written out here with numpy (squared Euclidean
distances computed once, neighbours sorted once, votes counted for every k at
the same time), so a whole curve over k, or hundreds of holdout splits, cost
about as much as one fit of scikit-learn's ``KNeighborsClassifier``; the tests
check it against that class.

Taught in chapter 1 (``notebooks/01-evaluation-basics``).
"""

from __future__ import annotations

import dataclasses
import numbers

import numpy as np

from . import metrics
from ._validation import (
    _show,
    as_generator,
    check_comparable,
    check_count,
    check_estimator,
    check_features,
    check_flag,
    check_labels,
    check_option,
    check_probability,
    check_real_array,
)
from .resampling import SCORINGS, repeated_holdout

__all__ = [
    "ComplexityCurve",
    "LearningCurve",
    "knn_predictions",
    "knn_complexity_curve",
    "knn_split_scores",
    "holdout_accuracy_table",
    "learning_curve",
]


# --------------------------------------------------------------------------- checks


def _features(X, name: str) -> np.ndarray:
    """A finite 2-D float array of features."""
    arr = check_real_array(X, name, ndim=2, allow_bool=True, what="a 2-D array of numbers (examples x "
                                                                  "features)")
    if arr.shape[0] == 0 or arr.shape[1] == 0:
        raise ValueError(f"{name} is empty: got shape {arr.shape}")
    return arr


def _labelled(X, y, x_name: str, y_name: str):
    X = _features(X, x_name)
    y = check_labels(y, y_name)
    if y.size != X.shape[0]:
        raise ValueError(f"inputs must have the same length: {x_name} has {X.shape[0]} rows, {y_name} has "
                         f"{y.size}")
    return X, y


def _neighbour_counts(n_neighbors, n_train: int, name: str = "n_neighbors") -> np.ndarray:
    """A 1-D int array of neighbour counts, each in 1..n_train."""
    if isinstance(n_neighbors, (numbers.Integral, numbers.Real)) and not isinstance(n_neighbors, np.ndarray):
        values = [n_neighbors]
    elif n_neighbors is None or isinstance(n_neighbors, (str, bytes)):
        raise TypeError(f"{name} must be an int or a sequence of ints, got {_show(n_neighbors)}")
    else:
        values = list(np.asarray(n_neighbors).reshape(-1))
        if not values:
            raise ValueError(f"{name} is empty")
    ks = np.array([check_count(v, name, minimum=1) for v in values], dtype=np.int64)
    if ks.max() > n_train:
        raise ValueError(f"{name}={int(ks.max())} is more than the {n_train} training examples")
    return ks


def _squared_distances(A: np.ndarray, B: np.ndarray) -> np.ndarray:
    """Squared Euclidean distances, rows of A against rows of B (clipped at 0).

    Features of huge or tiny magnitude (beyond 1e100 or below 1e-100) are
    first scaled by the power of two nearest their largest absolute value:
    the squares would overflow to inf or underflow to 0, and a common power
    of two changes no distance's rounding and so no neighbour.
    """
    scale = max(float(np.abs(A).max(initial=0.0)), float(np.abs(B).max(initial=0.0)))
    if scale > 1e100 or 0.0 < scale < 1e-100:
        exponent = int(np.frexp(scale)[1])
        A, B = np.ldexp(A, -exponent), np.ldexp(B, -exponent)
    d = np.einsum("ij,ij->i", A, A)[:, None] + np.einsum("ij,ij->i", B, B)[None, :] - 2.0 * (A @ B.T)
    np.maximum(d, 0.0, out=d)
    return d


def _votes(distances: np.ndarray, codes: np.ndarray, n_classes: int, ks: np.ndarray) -> np.ndarray:
    """Class codes predicted for every k: (len(ks), n_query)."""
    n_query, n_train = distances.shape
    k_max = int(ks.max())
    if k_max < n_train:
        # the k_max nearest, then sorted by (distance, training index)
        near = np.argpartition(distances, k_max - 1, axis=1)[:, :k_max]
        near.sort(axis=1)
    else:
        near = np.broadcast_to(np.arange(n_train), (n_query, n_train))
    near_d = np.take_along_axis(distances, near, axis=1)
    order = np.argsort(near_d, axis=1, kind="stable")
    neighbours = np.take_along_axis(near, order, axis=1)  # (n_query, k_max)
    one_hot = codes[neighbours][:, :, None] == np.arange(n_classes)  # (n_query, k_max, n_classes)
    counts = np.cumsum(one_hot, axis=1, dtype=np.int32)[:, ks - 1, :]  # (n_query, len(ks), n_classes)
    # argmax takes the first maximum: a tied vote goes to the smallest class
    return counts.argmax(axis=2).T


# --------------------------------------------------------------------------- k-NN


def knn_predictions(X_train, y_train, X_query, n_neighbors) -> np.ndarray:
    """Predictions of the k-nearest-neighbours classifier for several k at once.

    Parameters
    ----------
    X_train : array_like, shape (n_train, n_features)
        Training features (numbers, finite).
    y_train : array_like, shape (n_train,)
        Training labels (numbers or text).
    X_query : array_like, shape (n_query, n_features)
        The examples to classify.
    n_neighbors : int or sequence of int
        The values of k, each in 1..n_train.

    Returns
    -------
    predictions : ndarray, shape (len(n_neighbors), n_query)
        Row i holds the predictions with k = ``n_neighbors[i]`` (one row for
        a single int), as labels of ``y_train``'s dtype.

    Notes
    -----
    The k nearest training examples in Euclidean distance vote with equal
    weight. A tied vote goes to the smallest label, as in scikit-learn's
    ``KNeighborsClassifier``; a tie in distance is broken by the order of
    the training examples. When ``X_query`` is ``X_train`` itself, every
    example is its own nearest neighbour, so 1-NN makes no training error
    (unless two identical feature vectors carry different labels).

    The distances are computed once, :math:`\\lVert a - b\\rVert^2 =
    \\lVert a\\rVert^2 + \\lVert b\\rVert^2 - 2 a^\\top b`, the neighbours
    sorted once up to the largest k, and the votes for every k read off one
    cumulative sum: a whole curve over k costs one fit.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.curves import knn_predictions
    >>> X = [[0.0], [1.0], [2.0], [10.0]]
    >>> y = ["a", "a", "b", "b"]
    >>> knn_predictions(X, y, [[0.4], [9.0]], [1, 3]).tolist()
    [['a', 'b'], ['a', 'b']]

    The point 0.4 is nearest to two "a" examples; 9.0 is nearest to a "b".
    """
    X_train, y_train = _labelled(X_train, y_train, "X_train", "y_train")
    X_query = _features(X_query, "X_query")
    if X_query.shape[1] != X_train.shape[1]:
        raise ValueError(
            f"X_query has {X_query.shape[1]} features but X_train has {X_train.shape[1]}"
        )
    ks = _neighbour_counts(n_neighbors, X_train.shape[0])
    classes, codes = np.unique(y_train, return_inverse=True)
    predicted = _votes(_squared_distances(X_query, X_train), codes.reshape(-1), classes.size, ks)
    return classes[predicted]


@dataclasses.dataclass(frozen=True)
class ComplexityCurve:
    """Training and test error of k-NN over a range of k.

    Attributes
    ----------
    n_neighbors : ndarray of int
        The values of k, in the order given.
    train_error : ndarray of float
        Error on the training set (resubstitution error) for each k.
    test_error : ndarray of float
        Error on the test set for each k.
    n_train, n_test : int
        Sizes of the two sets.

    Notes
    -----
    Small k means a flexible model (1-NN memorises the training set), large
    k a rigid one (k = n_train predicts the majority class everywhere).

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).
    """

    n_neighbors: np.ndarray
    train_error: np.ndarray
    test_error: np.ndarray
    n_train: int
    n_test: int

    @property
    def best_k(self) -> int:
        """The k with the smallest test error (the smallest such k on a tie)."""
        best = self.test_error.min()
        return int(self.n_neighbors[self.test_error == best].min())

    def at(self, k) -> tuple[float, float]:
        """``(train_error, test_error)`` at one of the curve's values of k."""
        k = check_count(k, "k", minimum=1)
        hits = np.flatnonzero(self.n_neighbors == k)
        if hits.size == 0:
            raise ValueError(f"k={k} is not on the curve; its values run from {self.n_neighbors.min()} to "
                             f"{self.n_neighbors.max()}")
        return float(self.train_error[hits[0]]), float(self.test_error[hits[0]])


def knn_complexity_curve(X_train, y_train, X_test, y_test, n_neighbors) -> ComplexityCurve:
    """Training and test error of k-NN for every k in ``n_neighbors``.

    Parameters
    ----------
    X_train, y_train : array_like
        Training features (n_train, n_features) and labels (n_train,).
    X_test, y_test : array_like
        Test features (n_test, n_features) and labels (n_test,).
    n_neighbors : sequence of int
        The values of k, each in 1..n_train.

    Returns
    -------
    curve : ComplexityCurve
        ``train_error[i]`` is the error of k-NN with k = ``n_neighbors[i]``
        on the training set itself, ``test_error[i]`` on the test set.

    Notes
    -----
    The training error falls as the model becomes more flexible (k smaller)
    and reaches 0 at k = 1; the test error is U-shaped: large for a rigid
    model (underfitting), large again for a model that memorises noise
    (overfitting), smallest in between.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from sklearn.datasets import make_classification
    >>> from lecture_lib.curves import knn_complexity_curve
    >>> X, y = make_classification(400, n_features=5, flip_y=0.2, random_state=1)
    >>> curve = knn_complexity_curve(X[:200], y[:200], X[200:], y[200:], [1, 5, 25])
    >>> curve.train_error.tolist()[0], bool(curve.test_error[0] > curve.test_error[2])
    (0.0, True)

    1-NN has no training error, yet a larger test error (0.16) than 25-NN (0.10).
    """
    X_train, y_train = _labelled(X_train, y_train, "X_train", "y_train")
    X_test, y_test = _labelled(X_test, y_test, "X_test", "y_test")
    check_comparable(y_train, "y_train", y_test, "y_test")
    if X_test.shape[1] != X_train.shape[1]:
        raise ValueError(f"X_test has {X_test.shape[1]} features but X_train has {X_train.shape[1]}")
    both = knn_predictions(X_train, y_train, np.vstack([X_train, X_test]), n_neighbors)
    n_train = X_train.shape[0]
    train_error = np.mean(both[:, :n_train] != y_train, axis=1)
    test_error = np.mean(both[:, n_train:] != y_test, axis=1)
    ks = _neighbour_counts(n_neighbors, n_train)
    return ComplexityCurve(ks, train_error, test_error, n_train, int(y_test.size))


def _check_split(pair, i: int, n: int):
    try:
        train, test = pair
    except (TypeError, ValueError):
        raise TypeError(f"splits[{i}] must be a (train_idx, test_idx) pair, got {_show(pair)}") from None
    train, test = np.asarray(train), np.asarray(test)
    for name, idx in (("train_idx", train), ("test_idx", test)):
        if idx.ndim != 1 or idx.size == 0 or idx.dtype.kind not in "iu":
            raise ValueError(
                f"splits[{i}]: {name} must be a non-empty 1-D array of integer indices, got "
                f"{_show(idx.tolist())}"
            )
        if idx.min() < 0 or idx.max() >= n:
            raise ValueError(f"splits[{i}]: {name} has indices outside 0..{n - 1}")
    return train, test


def knn_split_scores(X, y, splits, n_neighbors=15) -> np.ndarray:
    """Accuracy of k-NN on every (train_idx, test_idx) split, distances computed once.

    Parameters
    ----------
    X : array_like, shape (n, n_features)
        Features (numbers, finite).
    y : array_like, shape (n,)
        Labels.
    splits : iterable of (train_idx, test_idx)
        For example :func:`lecture_lib.kfold` or :func:`lecture_lib.bootstrap`
        (training indices may repeat).
    n_neighbors : int, default 15
        k, at most the size of the smallest training set.

    Returns
    -------
    scores : ndarray of float, shape (number of splits,)
        Test accuracy of k-NN fitted on ``train_idx``, one per split.

    Notes
    -----
    Equal to :func:`lecture_lib.cross_validate_scores` with scikit-learn's
    ``KNeighborsClassifier(n_neighbors)`` (up to ties in distance), but the
    n x n distance matrix is computed once for all splits, which makes
    hundreds of splits cost milliseconds.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from lecture_lib import kfold
    >>> from lecture_lib.curves import knn_split_scores
    >>> X, y = load_iris(return_X_y=True)
    >>> scores = knn_split_scores(X, y, kfold(150, k=5, seed=0), n_neighbors=5)
    >>> scores.shape, bool(scores.min() > 0.85)
    ((5,), True)

    Five fold accuracies of 5-NN on iris, all above 0.85.
    """
    X, y = _labelled(X, y, "X", "y")
    if isinstance(splits, (str, bytes)) or not hasattr(splits, "__iter__"):
        raise TypeError(f"splits must be an iterable of (train_idx, test_idx) pairs, got {_show(splits)}")
    n = y.size
    k = check_count(n_neighbors, "n_neighbors", minimum=1)
    classes, codes = np.unique(y, return_inverse=True)
    codes = codes.reshape(-1)
    distances = _squared_distances(X, X)
    out = []
    for i, pair in enumerate(splits):
        train, test = _check_split(pair, i, n)
        if k > train.size:
            raise ValueError(f"n_neighbors={k} is more than the {train.size} training examples of "
                             f"splits[{i}]")
        predicted = _votes(distances[np.ix_(test, train)], codes[train], classes.size, np.array([k]))[0]
        out.append(np.mean(predicted == codes[test]))
    if not out:
        raise ValueError("splits yielded no (train_idx, test_idx) pairs")
    return np.asarray(out, dtype=np.float64)


def holdout_accuracy_table(X, y, test_sizes, n_splits=200, n_neighbors=15, seed=0) -> np.ndarray:
    """k-NN test accuracy on many stratified holdout splits, for several test sizes.

    Parameters
    ----------
    X : array_like, shape (n, n_features)
        Features.
    y : array_like, shape (n,)
        Labels (every class needs at least 2 examples: splits are stratified).
    test_sizes : sequence of float
        Test fractions, each in (0, 1).
    n_splits : int, default 200
        Number of random splits per test size.
    n_neighbors : int, default 15
        k of k-NN.
    seed : int, numpy.random.Generator or None
        Source of randomness; row i uses the i-th child of this seed, so
        a row does not change when other test sizes are added.

    Returns
    -------
    table : ndarray, shape (len(test_sizes), n_splits)
        ``table[i, j]`` is the test accuracy on split j with test fraction
        ``test_sizes[i]`` (splits from :func:`lecture_lib.repeated_holdout`).

    Notes
    -----
    The spread of a row is the variability of a holdout estimate due to the
    luck of the split alone: small test sets give noisy estimates, large
    test sets leave little data to train on (a pessimistic estimate).

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from lecture_lib.curves import holdout_accuracy_table
    >>> X, y = load_iris(return_X_y=True)
    >>> table = holdout_accuracy_table(X, y, [0.1, 0.5], n_splits=50, n_neighbors=5, seed=0)
    >>> table.shape, bool(table[0].std() > table[1].std())
    ((2, 50), True)

    With 15 test examples the accuracy moves more from split to split than
    with 75.
    """
    X, y = _labelled(X, y, "X", "y")
    if test_sizes is None or isinstance(test_sizes, (str, bytes)) or np.ndim(test_sizes) != 1:
        raise TypeError(f"test_sizes must be a sequence of fractions, got {_show(test_sizes)}")
    sizes = [check_probability(t, "test_sizes") for t in test_sizes]
    if not sizes:
        raise ValueError("test_sizes is empty")
    n_splits = check_count(n_splits, "n_splits", minimum=1)
    if isinstance(seed, np.random.Generator):
        children = seed.spawn(len(sizes))
    else:
        as_generator(seed)  # checks the seed
        children = [np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(len(sizes))]
    rows = [
        knn_split_scores(X, y, repeated_holdout(y.size, n_splits, size, seed=child, stratify=y), n_neighbors)
        for size, child in zip(sizes, children)
    ]
    return np.vstack(rows)


# --------------------------------------------------------------------------- learning curves


@dataclasses.dataclass(frozen=True)
class LearningCurve:
    """Scores of a learner trained on growing subsets of each training set.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Attributes
    ----------
    train_sizes : ndarray of int
        Numbers of training examples used.
    train_scores : ndarray, shape (n_splits, len(train_sizes))
        Score on the training examples used.
    test_scores : ndarray, shape (n_splits, len(train_sizes))
        Score on the split's test set.
    """

    train_sizes: np.ndarray
    train_scores: np.ndarray
    test_scores: np.ndarray

    @property
    def test_mean(self) -> np.ndarray:
        """Mean test score over the splits, one per training size."""
        return self.test_scores.mean(axis=0)

    @property
    def train_mean(self) -> np.ndarray:
        """Mean training score over the splits, one per training size."""
        return self.train_scores.mean(axis=0)


def learning_curve(estimator, X, y, train_sizes, splits, scoring="accuracy", shuffle=True,
                   seed=None) -> LearningCurve:
    """Train on the first m examples of every training set, for every m.

    Parameters
    ----------
    estimator : scikit-learn style estimator
        Cloned for every fit; never fitted itself.
    X : array_like, shape (n, ...)
        Features.
    y : array_like, shape (n,)
        Labels.
    train_sizes : sequence of int
        Numbers of training examples, each at least 1 and at most the size
        of the smallest training set.
    splits : iterable of (train_idx, test_idx)
        For example :func:`lecture_lib.repeated_kfold` (source 003's recipe:
        t repetitions of k-fold, a learning curve on each split).
    scoring : {"accuracy", "error_rate"} or callable, default "accuracy"
        As in :func:`lecture_lib.cross_validate_scores`.
    shuffle : bool, default True
        Permute each training set before taking its first m examples (the
        splitters return sorted indices, and data files are often sorted
        by class). With False the first m indices are taken as given, as
        scikit-learn's ``learning_curve(..., shuffle=False)`` does.
    seed : int, numpy.random.Generator or None
        Source of randomness for the permutations.

    Returns
    -------
    curve : LearningCurve
        Training and test scores, one row per split.

    Notes
    -----
    The subsets are nested: the m examples of a smaller size are among those
    of a larger one. The test score rises with m, quickly at first; the gap
    between training and test score shows how much the learner overfits,
    and a curve still rising at the full size says more data would help.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from lecture_lib import stratified_kfold
    >>> from lecture_lib.curves import learning_curve
    >>> X, y = load_iris(return_X_y=True)
    >>> curve = learning_curve(DecisionTreeClassifier(random_state=0), X, y, [10, 120],
    ...                        stratified_kfold(y, k=5, seed=0), seed=0)
    >>> curve.test_scores.shape, bool(curve.test_mean[1] > curve.test_mean[0])
    ((5, 2), True)

    A tree trained on 120 flowers predicts better than one trained on 10.
    """
    from sklearn.base import clone  # scikit-learn is imported only when a learning curve is drawn

    check_estimator(estimator)
    if callable(scoring):
        score = scoring
    else:
        check_option(scoring, "scoring", SCORINGS)
        score = getattr(metrics, scoring)
    shuffle = check_flag(shuffle, "shuffle")
    y = check_labels(y, "y")
    n = y.size
    X = np.asarray(check_features(X, n))
    if (train_sizes is None or isinstance(train_sizes, (str, bytes)) or np.ndim(train_sizes) != 1
            or len(train_sizes) == 0):
        raise TypeError(f"train_sizes must be a non-empty sequence of counts, got {_show(train_sizes)}")
    sizes = np.array([check_count(m, "train_sizes", minimum=1) for m in train_sizes], dtype=np.int64)
    if isinstance(splits, (str, bytes)) or not hasattr(splits, "__iter__"):
        raise TypeError(f"splits must be an iterable of (train_idx, test_idx) pairs, got {_show(splits)}")
    rng = as_generator(seed) if shuffle else None
    train_rows, test_rows = [], []
    for i, pair in enumerate(splits):
        train, test = _check_split(pair, i, n)
        if sizes.max() > train.size:
            raise ValueError(f"train_sizes holds {int(sizes.max())}, more than the {train.size} training "
                             f"examples of splits[{i}]")
        if rng is not None:
            train = rng.permutation(train)
        tr, te = [], []
        for m in sizes:
            part = train[:m]
            model = clone(estimator).fit(X[part], y[part])
            tr.append(float(score(y[part], model.predict(X[part]))))
            te.append(float(score(y[test], model.predict(X[test]))))
        train_rows.append(tr)
        test_rows.append(te)
    if not test_rows:
        raise ValueError("splits yielded no (train_idx, test_idx) pairs")
    return LearningCurve(sizes, np.array(train_rows), np.array(test_rows))
