"""Resampling: holdout, k-fold, stratified k-fold, 5x2, bootstrap and the .632 estimate.

Every splitter validates its arguments when called and returns an iterator of
``(train_idx, test_idx)`` pairs of sorted ``int64`` index arrays, so it can be
passed straight to :func:`cross_validate_scores` (or to scikit-learn's
``cv=`` argument as a list).

Taught in chapter 1 (``notebooks/01-evaluation-basics``).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterator

import numpy as np

from . import metrics
from ._splits import class_codes, fold_ids_stratified, take
from ._validation import (
    _show,
    as_generator,
    check_count,
    check_estimator,
    check_features,
    check_flag,
    check_labels,
    check_option,
    check_probability,
    check_real_array,
)

__all__ = [
    "SCORINGS",
    "holdout",
    "repeated_holdout",
    "kfold",
    "stratified_kfold",
    "repeated_kfold",
    "five_by_two",
    "bootstrap",
    "estimate_632",
    "cross_validate_scores",
    # grouped and time-ordered data (chapter 10)
    "group_kfold",
    "forward_chaining",
    "blocked_kfold",
]

#: The named ``scoring`` options of :func:`cross_validate_scores`.
SCORINGS = ("accuracy", "error_rate")

Splits = Iterator[tuple[np.ndarray, np.ndarray]]


# --------------------------------------------------------------------------- checks


def _check_n(n, name: str = "n") -> int:
    return check_count(n, name, minimum=2)


def _check_k(k, n: int) -> int:
    k = check_count(k, "k", minimum=2)
    if k > n:
        raise ValueError(f"k={k} folds is more than the n={n} examples")
    return k


def _test_size(test_size, n: int) -> int:
    test_size = check_probability(test_size, "test_size")
    n_test = int(np.ceil(test_size * n))
    if n_test >= n:
        raise ValueError(f"test_size={test_size} leaves no training example out of n={n}")
    return n_test


def _complement(test: np.ndarray, n: int) -> np.ndarray:
    mask = np.ones(n, dtype=bool)
    mask[test] = False
    return np.flatnonzero(mask)


# --------------------------------------------------------------------------- holdout


def _stratified_test(codes: np.ndarray, n_classes: int, n_test: int, rng) -> np.ndarray:
    """Draw ``n_test`` indices, each class getting floor or ceil of its share."""
    n = codes.size
    counts = np.bincount(codes, minlength=n_classes)
    share = counts * n_test / n
    quota = np.floor(share).astype(np.int64)
    left = n_test - int(quota.sum())
    if left:
        # largest remainders first; ties broken at random
        frac = share - quota
        order = np.lexsort((rng.random(n_classes), -frac))
        quota[order[:left]] += 1
    chosen = [rng.permutation(np.flatnonzero(codes == c))[: quota[c]] for c in range(n_classes)]
    return np.sort(np.concatenate(chosen)).astype(np.int64)


def _holdout_setup(n, test_size, seed, stratify):
    n = _check_n(n)
    n_test = _test_size(test_size, n)  # ceil(test_size * n) >= 1
    rng = as_generator(seed)
    strata = None  # (class code of each example, number of classes)
    if stratify is not None:
        labels = check_labels(stratify, "stratify")
        if labels.size != n:
            raise ValueError(f"stratify has {labels.size} labels but n={n}")
        strata = class_codes(labels, "stratify", 2)
    return n, n_test, rng, strata


def _one_holdout(n, n_test, rng, strata):
    if strata is None:
        test = np.sort(rng.permutation(n)[:n_test]).astype(np.int64)
    else:
        test = _stratified_test(*strata, n_test, rng)
    return _complement(test, n), test


def holdout(n, test_size=0.3, seed=None, stratify=None) -> Splits:
    """One random split into a training set and a test set.

    Parameters
    ----------
    n : int
        Number of examples (at least 2).
    test_size : float, default 0.3
        Fraction of the examples in the test set, in (0, 1). The test set
        has ``ceil(test_size * n)`` examples (as in scikit-learn's
        ``train_test_split``); neither set may be empty.
    seed : int, numpy.random.Generator or None
        Source of randomness.
    stratify : array_like of labels, shape (n,), optional
        When given, every class gets the floor or the ceiling of its share
        of the test set, so its proportion in the test set is the one in the
        data within one example. Every class needs at least 2 examples.

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        Exactly one pair of sorted int64 index arrays.

    Notes
    -----
    The holdout estimate is cheap but uses one test set only: its variance
    is large, and it depends on the luck of the split.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.resampling import holdout
    >>> [(train, test)] = holdout(10, test_size=0.3, seed=0)
    >>> len(train), len(test)
    (7, 3)

    Seven examples train the model and three test it.
    """
    n, n_test, rng, strata = _holdout_setup(n, test_size, seed, stratify)
    return iter([_one_holdout(n, n_test, rng, strata)])


def repeated_holdout(n, n_repeats=10, test_size=0.3, seed=None, stratify=None) -> Splits:
    """Several independent holdout splits (random subsampling).

    Parameters
    ----------
    n : int
        Number of examples (at least 2).
    n_repeats : int, default 10
        Number of splits (at least 1).
    test_size : float, default 0.3
        Fraction of the examples in each test set, as in :func:`holdout`.
    seed : int, numpy.random.Generator or None
        Source of randomness (one generator drives all repetitions).
    stratify : array_like of labels, shape (n,), optional
        Stratify every split, as in :func:`holdout`.

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        ``n_repeats`` pairs of sorted int64 index arrays.

    Notes
    -----
    The test sets of different repetitions overlap, so the scores are not
    independent: a t-test on them is too liberal (Dietterich 1998), which is
    why the corrected resampled t-test of Nadeau and Bengio (2003) exists.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.

    Examples
    --------
    >>> from lecture_lib.resampling import repeated_holdout
    >>> splits = list(repeated_holdout(20, n_repeats=3, test_size=0.25, seed=1))
    >>> [len(test) for train, test in splits]
    [5, 5, 5]

    Three different test sets of five examples each.
    """
    n_repeats = check_count(n_repeats, "n_repeats", minimum=1)
    n, n_test, rng, strata = _holdout_setup(n, test_size, seed, stratify)
    return (_one_holdout(n, n_test, rng, strata) for _ in range(n_repeats))


# --------------------------------------------------------------------------- k-fold


def _fold_ids_plain(n: int, k: int, rng) -> np.ndarray:
    """Fold number of each example; the first n % k folds get one extra."""
    sizes = np.full(k, n // k, dtype=np.int64)
    sizes[: n % k] += 1
    ids = np.repeat(np.arange(k), sizes)
    if rng is None:
        return ids
    out = np.empty(n, dtype=np.int64)
    out[rng.permutation(n)] = ids
    return out


def _splits_from_ids(ids: np.ndarray, k: int) -> Splits:
    for fold in range(k):
        in_test = ids == fold
        yield np.flatnonzero(~in_test), np.flatnonzero(in_test)


def kfold(n, k=5, shuffle=True, seed=None) -> Splits:
    """k-fold cross-validation splits.

    Parameters
    ----------
    n : int
        Number of examples (at least 2).
    k : int, default 5
        Number of folds, 2 <= k <= n.
    shuffle : bool, default True
        Assign examples to folds at random; if False, fold 0 is the first
        block of examples, fold 1 the next, and so on.
    seed : int, numpy.random.Generator or None
        Source of randomness (ignored when ``shuffle`` is False).

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        ``k`` pairs; every example is in exactly one test fold, and each
        training set is the complement of its test fold.

    Notes
    -----
    The fold sizes are those of scikit-learn's ``KFold``: the first
    ``n % k`` folds have ``n // k + 1`` examples, the others ``n // k``.
    The training sets of different folds share a fraction
    :math:`(k - 2)/(k - 1)` of their examples, so the k scores are not
    independent.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.resampling import kfold
    >>> for train, test in kfold(7, k=3, shuffle=False):
    ...     print(test.tolist(), train.tolist())
    [0, 1, 2] [3, 4, 5, 6]
    [3, 4] [0, 1, 2, 5, 6]
    [5, 6] [0, 1, 2, 3, 4]

    Seven examples in three folds: the first fold gets the extra example.
    """
    n = _check_n(n)
    k = _check_k(k, n)
    shuffle = check_flag(shuffle, "shuffle")
    rng = as_generator(seed) if shuffle else None
    return _splits_from_ids(_fold_ids_plain(n, k, rng), k)


def stratified_kfold(y, k=5, seed=None) -> Splits:
    """Stratified k-fold splits: every fold keeps the class proportions.

    Parameters
    ----------
    y : array_like of labels, shape (n,)
        Class labels; every class needs at least ``k`` examples.
    k : int, default 5
        Number of folds (at least 2).
    seed : int, numpy.random.Generator or None
        Source of randomness (examples are shuffled within each class).

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        ``k`` pairs of sorted int64 index arrays.

    Notes
    -----
    The classes are laid end to end and the examples dealt to the folds in
    turn, as scikit-learn's ``StratifiedKFold`` does. Hence a class with m
    examples has ``m // k`` or ``m // k + 1`` of them in every test fold
    (its proportion is kept within one example), and the fold sizes equal
    those of ``KFold``: the first ``n % k`` folds get one extra example.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.resampling import stratified_kfold
    >>> y = np.array([0] * 6 + [1] * 3)
    >>> [np.bincount(y[test]).tolist() for train, test in stratified_kfold(y, k=3, seed=0)]
    [[2, 1], [2, 1], [2, 1]]

    Every test fold has two examples of class 0 and one of class 1, as in
    the whole data (6 : 3).
    """
    k = check_count(k, "k", minimum=2)
    codes, n_classes = class_codes(y, "y", k)
    rng = as_generator(seed)
    return _splits_from_ids(fold_ids_stratified(codes, n_classes, k, rng), k)


def repeated_kfold(n, k=5, n_repeats=10, seed=None, y=None) -> Splits:
    """k-fold cross-validation repeated with fresh shuffles.

    Parameters
    ----------
    n : int
        Number of examples (at least 2).
    k : int, default 5
        Number of folds, 2 <= k <= n.
    n_repeats : int, default 10
        Number of repetitions (at least 1).
    seed : int, numpy.random.Generator or None
        Source of randomness (one generator drives all repetitions).
    y : array_like of labels, shape (n,), optional
        When given, every repetition is stratified as in
        :func:`stratified_kfold`.

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        ``n_repeats * k`` pairs: repetition 0's k folds, then repetition 1's,
        and so on.

    Notes
    -----
    Averaging over repetitions removes the variance due to one particular
    partition, but not the dependence between folds.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from lecture_lib.resampling import repeated_kfold
    >>> splits = list(repeated_kfold(10, k=5, n_repeats=2, seed=0))
    >>> len(splits), sorted(len(test) for train, test in splits[:5])
    (10, [2, 2, 2, 2, 2])

    Two repetitions of 5-fold cross-validation give ten train/test pairs.
    """
    n = _check_n(n)
    k = _check_k(k, n)
    n_repeats = check_count(n_repeats, "n_repeats", minimum=1)
    codes = None
    if y is not None:
        labels = check_labels(y, "y")
        if labels.size != n:
            raise ValueError(f"y has {labels.size} labels but n={n}")
        codes = class_codes(labels, "y", k)
    rng = as_generator(seed)

    def generate():
        for _ in range(n_repeats):
            if codes is None:
                ids = _fold_ids_plain(n, k, rng)
            else:
                ids = fold_ids_stratified(codes[0], codes[1], k, rng)
            yield from _splits_from_ids(ids, k)

    return generate()


def five_by_two(n_or_y, seed=None) -> Splits:
    """The 5x2 cross-validation splits of Dietterich (1998).

    Parameters
    ----------
    n_or_y : int or array_like of labels
        The number of examples, or the class labels (then every replication
        is stratified; every class needs at least 2 examples).
    seed : int, numpy.random.Generator or None
        Source of randomness.

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        10 pairs: for replication i = 0..4, the data are halved into S1 and
        S2 (sizes differ by at most one), and the pairs are ``(S1, S2)`` and
        then ``(S2, S1)``.

    Notes
    -----
    The scores come out in the order (replication, fold), so
    ``np.reshape(scores, (5, 2))`` is the input of the 5x2cv t and F tests.
    Each model is trained on only half the data, which makes the scores
    pessimistic but the folds of one replication independent.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.
    .. [2] Alpaydin, E. (1999). Combined 5 x 2 cv F test for comparing
       supervised classification learning algorithms. Neural Computation
       11(8), 1885-1892.

    Examples
    --------
    >>> from lecture_lib.resampling import five_by_two
    >>> splits = list(five_by_two(10, seed=0))
    >>> len(splits)
    10
    >>> bool((splits[0][0] == splits[1][1]).all() and (splits[0][1] == splits[1][0]).all())
    True

    Ten pairs; within a replication the two halves swap roles.
    """
    if isinstance(n_or_y, numbers.Integral) and not isinstance(n_or_y, (bool, np.bool_)):
        n = _check_n(n_or_y, "n_or_y")
        codes = None
    else:
        codes = class_codes(n_or_y, "n_or_y", 2)
        n = codes[0].size
    rng = as_generator(seed)

    def generate():
        for _ in range(5):
            if codes is None:
                ids = _fold_ids_plain(n, 2, rng)
            else:
                ids = fold_ids_stratified(codes[0], codes[1], 2, rng)
            first, second = np.flatnonzero(ids == 0), np.flatnonzero(ids == 1)
            yield first, second
            yield second, first

    return generate()


# --------------------------------------------------------------------------- bootstrap


def bootstrap(n, n_bootstraps=200, seed=None) -> Splits:
    """Bootstrap samples with their out-of-bag examples.

    Parameters
    ----------
    n : int
        Number of examples (at least 2).
    n_bootstraps : int, default 200
        Number of bootstrap samples (at least 1).
    seed : int, numpy.random.Generator or None
        Source of randomness.

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        ``train_idx`` holds n indices drawn with replacement (so it has
        repeats, in the order drawn); ``test_idx`` is the sorted set of
        indices never drawn (the out-of-bag examples).

    Notes
    -----
    An example is out of bag with probability :math:`(1 - 1/n)^n \\approx
    e^{-1} \\approx 0.368`, so a training sample holds about 63.2 % of the
    distinct examples. A draw whose out-of-bag set is empty (likely only for
    very small n) is redrawn, so every test set has at least one example.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.resampling import bootstrap
    >>> [(train, oob)] = bootstrap(6, n_bootstraps=1, seed=3)
    >>> len(train), np.intersect1d(train, oob).size, np.union1d(train, oob).tolist()
    (6, 0, [0, 1, 2, 3, 4, 5])

    Six draws with replacement; the examples never drawn form the test set.
    """
    n = _check_n(n)
    n_bootstraps = check_count(n_bootstraps, "n_bootstraps", minimum=1)
    rng = as_generator(seed)

    def generate():
        for _ in range(n_bootstraps):
            while True:
                train = rng.integers(0, n, size=n).astype(np.int64)
                oob = _complement(train, n)
                if oob.size:
                    break
            yield train, oob

    return generate()


def _bootstrap_scores(values, name: str) -> np.ndarray:
    # one score per bootstrap sample: a table here is a mistake, not a batch
    return check_real_array(values, name, ndim=(0, 1), what="a number or an array of numbers").reshape(-1)


def estimate_632(resubstitution, oob_scores) -> float:
    """Efron's .632 bootstrap estimate of a score.

    Parameters
    ----------
    resubstitution : float or array_like of float
        The resubstitution (apparent) score: the model fit on all n examples
        and scored on those same examples (Efron's definition). An array
        (for example one score per bootstrap sample, the model fit on the
        sample and scored on all n examples, as mlxtend does) is averaged.
    oob_scores : array_like of float
        The scores of the bootstrap models on their out-of-bag examples (the
        ``test_idx`` of :func:`bootstrap`), one per bootstrap sample; they
        are averaged.

    Returns
    -------
    estimate : float
        ``0.368 * mean(resubstitution) + 0.632 * mean(oob_scores)``.

    Notes
    -----
    .. math::

        \\widehat{\\mathrm{Err}}_{.632} = 0.368\\,\\overline{\\mathrm{err}}
            + 0.632\\,\\widehat{\\mathrm{Err}}_{\\mathrm{oob}}

    The out-of-bag score is pessimistic (each model sees only about 63.2 %
    of the distinct examples) and the resubstitution score optimistic; the
    weights :math:`1 - e^{-1} \\approx 0.632` and :math:`e^{-1} \\approx
    0.368` balance them. Works for errors and accuracies alike (the formula
    is linear). For a model that fits the training data perfectly (1-NN, a
    deep tree) the estimate is still optimistic; Efron and Tibshirani's
    .632+ corrects that.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    References
    ----------
    .. [1] Efron, B. (1983). Estimating the error rate of a prediction rule:
       improvement on cross-validation. Journal of the American Statistical
       Association 78(382), 316-331.

    Examples
    --------
    >>> from lecture_lib.resampling import estimate_632
    >>> round(estimate_632(1.0, [0.80, 0.84, 0.82]), 4)
    0.8862

    A perfect training accuracy and an out-of-bag accuracy of 0.82 give an
    estimate of about 0.886.
    """
    resub = _bootstrap_scores(resubstitution, "resubstitution")
    oob = _bootstrap_scores(oob_scores, "oob_scores")
    return float(0.368 * resub.mean() + 0.632 * oob.mean())


# --------------------------------------------------------------------------- runner


def cross_validate_scores(estimator, X, y, splits, scoring="accuracy") -> np.ndarray:
    """Fit a fresh copy of an estimator on every split and score it.

    Parameters
    ----------
    estimator : scikit-learn style estimator
        Anything with ``fit(X, y)`` and ``predict(X)`` that
        ``sklearn.base.clone`` can copy; it is never fitted itself.
    X : array_like, shape (n, ...)
        Features (a numpy array or a pandas DataFrame).
    y : array_like, shape (n,)
        Class labels.
    splits : iterable of (train_idx, test_idx)
        For example the output of :func:`kfold` or :func:`five_by_two`.
    scoring : {"accuracy", "error_rate"} or callable, default "accuracy"
        A callable is called as ``scoring(y_true, y_pred)`` on each test set.

    Returns
    -------
    scores : ndarray of float, shape (number of splits,)
        One score per split, in the order of ``splits``.

    Notes
    -----
    Cloning for every split guarantees that no fitted state leaks from one
    fold into the next.

    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from lecture_lib.resampling import cross_validate_scores, stratified_kfold
    >>> X, y = load_iris(return_X_y=True)
    >>> scores = cross_validate_scores(DecisionTreeClassifier(random_state=0), X, y,
    ...                                stratified_kfold(y, k=5, seed=0))
    >>> scores.shape, bool(scores.min() > 0.8)
    ((5,), True)

    Five accuracies, one per test fold, all above 0.8 on iris.
    """
    from sklearn.base import clone

    check_estimator(estimator)
    if callable(scoring):
        score = scoring
    else:
        check_option(scoring, "scoring", SCORINGS)
        score = getattr(metrics, scoring)
    y_arr = check_labels(y, "y")
    n = y_arr.size
    X = check_features(X, n)
    if isinstance(splits, (str, bytes)) or not hasattr(splits, "__iter__"):
        raise TypeError(f"splits must be an iterable of (train_idx, test_idx) pairs, got {_show(splits)}")
    out = []
    for i, pair in enumerate(splits):
        try:
            train, test = pair
        except (TypeError, ValueError):
            raise TypeError(f"splits[{i}] must be a (train_idx, test_idx) pair, got {_show(pair)}") from None
        train = np.asarray(train)
        test = np.asarray(test)
        for name, idx in (("train_idx", train), ("test_idx", test)):
            if idx.ndim != 1 or idx.size == 0 or idx.dtype.kind not in "iu":
                raise ValueError(
                    f"splits[{i}]: {name} must be a non-empty 1-D array of integer indices, "
                    f"got {_show(idx.tolist())}"
                )
            if idx.min() < 0 or idx.max() >= n:
                raise ValueError(f"splits[{i}]: {name} has indices outside 0..{n - 1}")
        model = clone(estimator)
        model.fit(take(X, train), y_arr[train])
        out.append(float(score(y_arr[test], model.predict(take(X, test)))))
    if not out:
        raise ValueError("splits yielded no (train_idx, test_idx) pairs")
    return np.asarray(out, dtype=np.float64)


# ----------------------------------------------------------- grouped and time-ordered data (chapter 10)


def _group_codes(groups):
    labels = check_labels(groups, "groups")
    names, codes, sizes = np.unique(labels, return_inverse=True, return_counts=True)
    return codes.reshape(-1), sizes


def group_kfold(groups, k=5, seed=None) -> Splits:
    """k-fold splits that keep every group whole: no group is on both sides.

    Parameters
    ----------
    groups : array_like of labels, shape (n,)
        The group of each example (a patient, a user, a recording session,
        a near-duplicate cluster); at least ``k`` distinct groups.
    k : int, default 5
        Number of folds (at least 2).
    seed : int, numpy.random.Generator or None
        Source of randomness: it breaks ties between groups of equal size,
        so different seeds give different partitions when sizes repeat.

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        ``k`` pairs of sorted int64 index arrays; every example is in
        exactly one test fold, and all examples of a group are in the same
        one.

    Notes
    -----
    Groups are dealt largest first, each to the fold that holds the fewest
    examples so far (the lowest-numbered fold among equals), the allocation
    of scikit-learn's ``GroupKFold``; groups of equal size come in a random
    order. The fold sizes are then as equal as whole groups allow: they
    differ by at most the size of the largest group.

    When examples of one group are alike (several scans of one patient),
    plain k-fold puts some of them in training and others in test, and the
    model is scored partly on what it has already seen: the estimate is
    optimistic for new groups. Chapter 10 measures how much.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    Examples
    --------
    >>> from lecture_lib.resampling import group_kfold
    >>> groups = ["ann", "ann", "bob", "bob", "bob", "cat", "dan", "dan"]
    >>> for train, test in group_kfold(groups, k=3, seed=0):
    ...     print(sorted({groups[i] for i in test}), len(test))
    ['bob'] 3
    ['cat', 'dan'] 3
    ['ann'] 2

    Bob's three examples form one test fold; no patient is split.
    """
    k = check_count(k, "k", minimum=2)
    codes, sizes = _group_codes(groups)
    if sizes.size < k:
        raise ValueError(f"groups has {sizes.size} distinct group(s), fewer than the k={k} folds")
    rng = as_generator(seed)
    order = np.lexsort((rng.random(sizes.size), -sizes))  # largest first, equal sizes in random order
    fold_of_group = np.empty(sizes.size, dtype=np.int64)
    load = np.zeros(k, dtype=np.int64)
    for g in order:
        lightest = int(np.argmin(load))
        fold_of_group[g] = lightest
        load[lightest] += sizes[g]
    return _splits_from_ids(fold_of_group[codes], k)


def forward_chaining(n, k=5, n_test=None, gap=0, max_train=None) -> Splits:
    """Time-ordered splits: train on the past, test on the block that follows.

    Parameters
    ----------
    n : int
        Number of examples, **in time order** (index 0 is the oldest).
    k : int, default 5
        Number of splits (at least 2).
    n_test : int, optional
        Size of every test block; default ``n // (k + 1)``.
    gap : int, default 0
        Examples left out between the end of training and the test block
        (to keep autocorrelated neighbours apart).
    max_train : int, optional
        Keep only the most recent ``max_train`` training examples (a
        rolling window); default: all the past (an expanding window).

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        ``k`` pairs; test block i is
        ``[n - (k - i) * n_test, n - (k - i - 1) * n_test)`` and its training
        set ends ``gap`` examples before it. Deterministic: there is no seed.

    Notes
    -----
    The blocks are those of scikit-learn's ``TimeSeriesSplit`` (the test
    blocks tile the end of the series; the first training set gets what is
    left). Every model is tested only on examples that come after all of its
    training examples, as it would be when deployed; shuffled k-fold lets a
    model "see the future", which makes the estimate optimistic when the
    data drift or are autocorrelated. The k scores are not exchangeable
    (later models train on more data), so they show a trend as well as
    noise.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    Examples
    --------
    >>> from lecture_lib.resampling import forward_chaining
    >>> for train, test in forward_chaining(10, k=3, gap=1):
    ...     print(train.tolist(), test.tolist())
    [0, 1, 2] [4, 5]
    [0, 1, 2, 3, 4] [6, 7]
    [0, 1, 2, 3, 4, 5, 6] [8, 9]

    Each model trains on the past, skips one example, and is tested on the
    next two.
    """
    n = _check_n(n)
    k = check_count(k, "k", minimum=2)
    n_test = n // (k + 1) if n_test is None else check_count(n_test, "n_test", minimum=1)
    gap = check_count(gap, "gap")
    if max_train is not None:
        max_train = check_count(max_train, "max_train", minimum=1)
    if n_test < 1:
        raise ValueError(f"n={n} examples are too few for k={k} test blocks")
    first_test = n - k * n_test
    if first_test - gap < 1:
        raise ValueError(
            f"k={k} test blocks of n_test={n_test} and a gap of {gap} leave no training example "
            f"for the first split out of n={n}"
        )

    def generate():
        for i in range(k):
            start = first_test + i * n_test
            end_train = start - gap
            begin = 0 if max_train is None else max(0, end_train - max_train)
            train = np.arange(begin, end_train, dtype=np.int64)
            yield train, np.arange(start, start + n_test, dtype=np.int64)

    return generate()


def blocked_kfold(n, k=5, gap=0) -> Splits:
    """Blocked k-fold for time-ordered data: contiguous test blocks, a gap of unused examples on each side.

    Parameters
    ----------
    n : int
        Number of examples, **in time order**.
    k : int, default 5
        Number of blocks (2 <= k <= n).
    gap : int, default 0
        Examples left out of training on **each** side of the test block,
        so that no training example is within ``gap`` steps of a test
        example (Racine's h in hv-block cross-validation).

    Returns
    -------
    splits : iterator of (train_idx, test_idx)
        ``k`` pairs; the test blocks are consecutive, their sizes differ by
        at most one (the first ``n % k`` blocks have one more, as
        scikit-learn's ``KFold(shuffle=False)``), and every example is
        tested once. Deterministic: there is no seed.

    Notes
    -----
    Unlike :func:`forward_chaining`, every block is tested and the models
    train on examples from both sides of it, so the k scores use all the
    data; the price is that a model trains on the future of its test block.
    Bergmeir, Hyndman and Koo (2018) show that for a stationary series and
    a model whose errors are uncorrelated this estimate is sound and less
    variable than forward chaining; for data that drift, forward chaining
    answers the deployment question. The gap removes the examples that are
    correlated with the test block through their neighbours (Racine 2000):
    choose it at least as long as the dependence lasts (e.g. the lags the
    features use). The fold scores are not independent: combine them with
    a corrected variance, not the naive paired t.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    References
    ----------
    .. [1] Racine, J. (2000). Consistent cross-validatory model-selection
       for dependent data: hv-block cross-validation. Journal of
       Econometrics 99(1), 39-61.
    .. [2] Bergmeir, C., Hyndman, R. J. and Koo, B. (2018). A note on the
       validity of cross-validation for evaluating autoregressive time
       series prediction. Computational Statistics & Data Analysis 120,
       70-83.

    Examples
    --------
    >>> from lecture_lib.resampling import blocked_kfold
    >>> for train, test in blocked_kfold(10, k=3, gap=1):
    ...     print(train.tolist(), test.tolist())
    [5, 6, 7, 8, 9] [0, 1, 2, 3]
    [0, 1, 2, 8, 9] [4, 5, 6]
    [0, 1, 2, 3, 4, 5] [7, 8, 9]

    Each block is tested once; the example next to it on either side is
    kept out of training.
    """
    n = _check_n(n)
    k = check_count(k, "k", minimum=2)
    gap = check_count(gap, "gap")
    if k > n:
        raise ValueError(f"k={k} blocks need at least k examples, got n={n}")
    sizes = np.full(k, n // k, dtype=np.int64)
    sizes[: n % k] += 1
    ends = np.cumsum(sizes)
    starts = ends - sizes
    for start, end in zip(starts.tolist(), ends.tolist()):
        if start - gap <= 0 and end + gap >= n:
            raise ValueError(f"a gap of {gap} around the test block [{start}, {end}) leaves no training "
                             f"example out of n={n}: use a smaller gap or more blocks")

    def generate():
        index = np.arange(n, dtype=np.int64)
        for start, end in zip(starts.tolist(), ends.tolist()):
            keep = (index < start - gap) | (index >= end + gap)
            yield index[keep], index[start:end]

    return generate()
