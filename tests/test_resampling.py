"""lecture_lib.resampling: split properties, sklearn fold sizes, bootstrap, runner, bad input."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.datasets import load_iris
from sklearn.model_selection import KFold, StratifiedKFold
from sklearn.tree import DecisionTreeClassifier

from lecture_lib.metrics import accuracy
from lecture_lib.resampling import (
    SCORINGS,
    bootstrap,
    cross_validate_scores,
    estimate_632,
    five_by_two,
    holdout,
    kfold,
    repeated_holdout,
    repeated_kfold,
    stratified_kfold,
)


def as_lists(splits):
    return [(train.tolist(), test.tolist()) for train, test in splits]


def check_partition(splits, n):
    """Every index is in exactly one test fold; train is the complement of test."""
    counts = np.zeros(n, dtype=int)
    for train, test in splits:
        assert train.dtype == np.int64 and test.dtype == np.int64
        assert np.intersect1d(train, test).size == 0
        np.testing.assert_array_equal(np.union1d(train, test), np.arange(n))
        assert len(train) + len(test) == n
        counts[test] += 1
    np.testing.assert_array_equal(counts, np.ones(n))


def check_cover(train, test, n):
    """Train and test are disjoint and together hold every index once."""
    assert train.dtype == np.int64 and test.dtype == np.int64
    assert np.intersect1d(train, test).size == 0
    np.testing.assert_array_equal(np.sort(np.concatenate([train, test])), np.arange(n))


def check_stratified(splits, y):
    y = np.asarray(y)
    classes, totals = np.unique(y, return_counts=True)
    k = len(splits)
    for _, test in splits:
        for c, m in zip(classes, totals):
            in_fold = np.count_nonzero(y[test] == c)
            assert m // k <= in_fold <= -(-m // k)


# ------------------------------------------------------------------ k-fold


@settings(deadline=None, max_examples=100)
@given(st.integers(2, 80).flatmap(lambda n: st.tuples(st.just(n), st.integers(2, n))), st.integers(0, 10**6))
def test_kfold_partition_and_sklearn_sizes(nk, seed):
    n, k = nk
    splits = list(kfold(n, k=k, seed=seed))
    assert len(splits) == k
    check_partition(splits, n)
    expected = [len(test) for _, test in KFold(n_splits=k).split(np.zeros(n))]
    assert [len(test) for _, test in splits] == expected


def test_kfold_without_shuffle_equals_sklearn():
    ours = as_lists(kfold(11, k=4, shuffle=False))
    theirs = as_lists(KFold(n_splits=4).split(np.zeros(11)))
    assert ours == theirs


def test_kfold_seeds():
    assert as_lists(kfold(30, k=5, seed=1)) == as_lists(kfold(30, k=5, seed=1))
    assert as_lists(kfold(30, k=5, seed=1)) != as_lists(kfold(30, k=5, seed=2))
    rng_a, rng_b = np.random.default_rng(7), np.random.default_rng(7)
    assert as_lists(kfold(30, k=5, seed=rng_a)) == as_lists(kfold(30, k=5, seed=rng_b))


y_strategy = st.tuples(st.integers(2, 6), st.integers(0, 10**6)).flatmap(
    lambda ks: st.tuples(
        st.just(ks[0]),
        st.just(ks[1]),
        st.lists(st.integers(ks[0], 25), min_size=1, max_size=4),  # class sizes >= k
    )
)


@settings(deadline=None, max_examples=100)
@given(y_strategy)
def test_stratified_kfold_properties(args):
    k, seed, sizes = args
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.repeat(np.arange(len(sizes)), sizes))
    splits = list(stratified_kfold(y, k=k, seed=seed))
    assert len(splits) == k
    check_partition(splits, len(y))
    check_stratified(splits, y)
    expected = [len(test) for _, test in StratifiedKFold(n_splits=k).split(np.zeros(len(y)), y)]
    assert [len(test) for _, test in splits] == expected


def test_stratified_kfold_seeds_and_text_labels():
    y = ["a"] * 10 + ["b"] * 6 + ["c"] * 5
    assert as_lists(stratified_kfold(y, k=5, seed=3)) == as_lists(stratified_kfold(y, k=5, seed=3))
    assert as_lists(stratified_kfold(y, k=5, seed=3)) != as_lists(stratified_kfold(y, k=5, seed=4))
    check_stratified(list(stratified_kfold(y, k=5, seed=3)), y)


@pytest.mark.parametrize("y", [None, [0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0]])
def test_repeated_kfold(y):
    n, k, r = 12, 3, 4
    splits = list(repeated_kfold(n, k=k, n_repeats=r, seed=0, y=y))
    assert len(splits) == k * r
    for rep in range(r):
        block = splits[rep * k : (rep + 1) * k]
        check_partition(block, n)
        if y is not None:
            check_stratified(block, y)
    # the repetitions use different partitions
    firsts = {tuple(splits[rep * k][1].tolist()) for rep in range(r)}
    assert len(firsts) > 1
    assert as_lists(repeated_kfold(n, k, r, seed=5, y=y)) == as_lists(repeated_kfold(n, k, r, seed=5, y=y))


# ------------------------------------------------------------------ 5x2


@pytest.mark.parametrize("n_or_y", [11, [0] * 7 + [1] * 4, ["x", "y"] * 5])
def test_five_by_two_structure(n_or_y):
    n = n_or_y if isinstance(n_or_y, int) else len(n_or_y)
    splits = list(five_by_two(n_or_y, seed=0))
    assert len(splits) == 10
    for rep in range(5):
        (train_a, test_a), (train_b, test_b) = splits[2 * rep], splits[2 * rep + 1]
        np.testing.assert_array_equal(train_a, test_b)
        np.testing.assert_array_equal(test_a, train_b)
        check_partition([(train_a, test_a), (train_b, test_b)], n)
        assert abs(len(train_a) - len(test_a)) <= 1
        if not isinstance(n_or_y, int):
            check_stratified([(train_a, test_a), (train_b, test_b)], n_or_y)
    assert len({tuple(splits[2 * r][1].tolist()) for r in range(5)}) > 1
    assert as_lists(five_by_two(n_or_y, seed=1)) == as_lists(five_by_two(n_or_y, seed=1))
    assert as_lists(five_by_two(n_or_y, seed=1)) != as_lists(five_by_two(n_or_y, seed=2))


# ------------------------------------------------------------------ holdout


@settings(deadline=None, max_examples=100)
@given(st.integers(2, 100), st.floats(0.05, 0.95), st.integers(0, 10**6))
def test_holdout_sizes(n, test_size, seed):
    n_test = int(np.ceil(test_size * n))
    if n_test >= n:
        with pytest.raises(ValueError, match="leaves no training example"):
            holdout(n, test_size=test_size, seed=seed)
        return
    [(train, test)] = list(holdout(n, test_size=test_size, seed=seed))
    assert len(test) == n_test
    check_cover(train, test, n)


@settings(deadline=None, max_examples=100)
@given(st.lists(st.integers(2, 30), min_size=1, max_size=4), st.floats(0.1, 0.5), st.integers(0, 10**6))
def test_holdout_stratified(sizes, test_size, seed):
    y = np.random.default_rng(seed).permutation(np.repeat(np.arange(len(sizes)), sizes))
    n = len(y)
    [(train, test)] = list(holdout(n, test_size=test_size, seed=seed, stratify=y))
    n_test = int(np.ceil(test_size * n))
    assert len(test) == n_test
    check_cover(train, test, n)
    for c, m in enumerate(sizes):
        share = m * n_test / n
        assert np.floor(share) <= np.count_nonzero(y[test] == c) <= np.ceil(share)


def test_repeated_holdout():
    splits = list(repeated_holdout(40, n_repeats=6, test_size=0.25, seed=0))
    assert len(splits) == 6
    for train, test in splits:
        assert len(test) == 10
        check_cover(train, test, 40)
    assert len({tuple(test.tolist()) for _, test in splits}) == 6
    again = list(repeated_holdout(40, n_repeats=6, test_size=0.25, seed=0))
    assert as_lists(splits) == as_lists(again)
    assert as_lists(splits) != as_lists(repeated_holdout(40, n_repeats=6, test_size=0.25, seed=1))
    y = [0] * 30 + [1] * 10
    for _train, test in repeated_holdout(40, n_repeats=3, test_size=0.25, seed=0, stratify=y):
        assert np.count_nonzero(np.asarray(y)[test] == 1) in (2, 3)


# ------------------------------------------------------------------ bootstrap


@settings(deadline=None, max_examples=50)
@given(st.integers(2, 60), st.integers(0, 10**6))
def test_bootstrap_oob_is_complement(n, seed):
    for train, oob in bootstrap(n, n_bootstraps=20, seed=seed):
        assert len(train) == n
        assert oob.size > 0
        np.testing.assert_array_equal(oob, np.setdiff1d(np.arange(n), train))


def test_bootstrap_seeds_and_oob_fraction():
    a = as_lists(bootstrap(50, n_bootstraps=5, seed=0))
    assert a == as_lists(bootstrap(50, n_bootstraps=5, seed=0))
    assert a != as_lists(bootstrap(50, n_bootstraps=5, seed=1))
    fractions = [len(oob) / 500 for _, oob in bootstrap(500, n_bootstraps=200, seed=0)]
    assert np.mean(fractions) == pytest.approx((1 - 1 / 500) ** 500, abs=0.01)


def test_estimate_632():
    assert estimate_632(1.0, [0.8, 0.84, 0.82]) == pytest.approx(0.368 + 0.632 * 0.82)
    assert estimate_632([0.9, 1.0], [0.7]) == pytest.approx(0.368 * 0.95 + 0.632 * 0.7)
    assert type(estimate_632(1, [1])) is float


@pytest.mark.parametrize(
    "args, error, match",
    [
        ((None, [0.5]), TypeError, "resubstitution must be a number or an array of numbers, got None"),
        ((1.0, []), ValueError, "oob_scores is empty"),
        ((1.0, [0.5, np.nan]), ValueError, r"oob_scores must be finite, got \[0.5, nan\]"),
        ((1.0, ["a"]), TypeError, "oob_scores must hold numbers, got dtype <U1"),
        ((True, [0.5]), TypeError, "resubstitution must hold numbers, got dtype bool"),
    ],
)
def test_estimate_632_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        estimate_632(*args)


# ------------------------------------------------------------------ runner


def test_cross_validate_scores_equals_manual_loop():
    X, y = load_iris(return_X_y=True)
    splits = list(stratified_kfold(y, k=5, seed=0))
    est = DecisionTreeClassifier(random_state=0)
    ours = cross_validate_scores(est, X, y, splits)
    manual = []
    for train, test in splits:
        model = DecisionTreeClassifier(random_state=0).fit(X[train], y[train])
        manual.append(np.mean(model.predict(X[test]) == y[test]))
    np.testing.assert_allclose(ours, manual, rtol=0, atol=1e-15)
    assert not hasattr(est, "tree_")  # the estimator itself is never fitted
    errors = cross_validate_scores(est, X, y, splits, scoring="error_rate")
    np.testing.assert_allclose(errors, 1 - ours, atol=1e-15)
    custom = cross_validate_scores(est, X, y, splits, scoring=lambda t, p: float(np.sum(t != p)))
    np.testing.assert_allclose(custom, [round(e * len(t)) for e, (_, t) in zip(errors, splits)])


def test_cross_validate_scores_matches_sklearn_cross_val_score():
    from sklearn.model_selection import cross_val_score

    X, y = load_iris(return_X_y=True)
    splits = list(five_by_two(y, seed=1))
    ours = cross_validate_scores(DecisionTreeClassifier(random_state=0), X, y, splits)
    theirs = cross_val_score(DecisionTreeClassifier(random_state=0), X, y, cv=splits, scoring="accuracy")
    np.testing.assert_allclose(ours, theirs, atol=1e-15)
    assert ours.shape == (10,)


def test_cross_validate_scores_bootstrap_632():
    X, y = load_iris(return_X_y=True)
    est = DecisionTreeClassifier(max_depth=2, random_state=0)
    oob = cross_validate_scores(est, X, y, bootstrap(len(y), n_bootstraps=20, seed=0))
    resub = accuracy(y, DecisionTreeClassifier(max_depth=2, random_state=0).fit(X, y).predict(X))
    est632 = estimate_632(resub, oob)
    assert min(resub, oob.mean()) <= est632 <= max(resub, oob.mean())


def test_cross_validate_scores_bad_input():
    X, y = load_iris(return_X_y=True)
    est = DecisionTreeClassifier()
    splits = list(kfold(len(y), k=3, seed=0))
    with pytest.raises(ValueError, match=r"scoring must be one of \('accuracy', 'error_rate'\), got 'auc'"):
        cross_validate_scores(est, X, y, splits, scoring="auc")
    with pytest.raises(TypeError, match="scoring must be one of .* got 3"):
        cross_validate_scores(est, X, y, splits, scoring=3)
    with pytest.raises(ValueError, match="X has 149, y has 150"):
        cross_validate_scores(est, X[:-1], y, splits)
    with pytest.raises(ValueError, match="splits yielded no"):
        cross_validate_scores(est, X, y, [])
    with pytest.raises(ValueError, match="indices outside 0..149"):
        cross_validate_scores(est, X, y, [(np.arange(10), np.array([150]))])
    with pytest.raises(ValueError, match=r"splits\[0\]: test_idx must be a non-empty"):
        cross_validate_scores(est, X, y, [(np.arange(10), np.array([], dtype=int))])
    with pytest.raises(TypeError, match=r"splits\[0\] must be a \(train_idx, test_idx\) pair"):
        cross_validate_scores(est, X, y, [np.arange(3)])
    assert set(SCORINGS) == {"accuracy", "error_rate"}


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: kfold(10, k=1), ValueError, "k must be >= 2, got 1"),
        (lambda: kfold(10, k=11), ValueError, "k=11 folds is more than the n=10 examples"),
        (lambda: kfold(1, k=2), ValueError, "n must be >= 2, got 1"),
        (lambda: kfold(10, k=2.5), ValueError, "k must be a whole number, got 2.5"),
        (lambda: kfold("10"), TypeError, "n must be an integer count, got '10'"),
        (lambda: kfold(10, shuffle="yes"), TypeError, "shuffle must be True or False, got 'yes'"),
        (lambda: kfold(10, seed=-1), ValueError, "seed must be non-negative, got -1"),
        (lambda: kfold(10, seed=1.5), TypeError, "seed must be an int, a numpy.random.Generator or None"),
        (lambda: stratified_kfold([0, 0, 0, 1, 1], k=3), ValueError,
         "the smallest class 1 has only 2 example.s., fewer than the 3 folds"),
        (lambda: stratified_kfold([0, 1, 0, 1], k=1), ValueError, "k must be >= 2, got 1"),
        (lambda: stratified_kfold([], k=2), ValueError, "y is empty"),
        (lambda: stratified_kfold([0.0, np.nan, 1.0, 1.0], k=2), ValueError, "y contains NaN"),
        (lambda: repeated_kfold(10, k=5, n_repeats=0), ValueError, "n_repeats must be >= 1, got 0"),
        (lambda: repeated_kfold(10, k=2, y=[0, 1] * 4), ValueError, "y has 8 labels but n=10"),
        (lambda: repeated_kfold(6, k=3, y=[0, 0, 0, 0, 1, 1]), ValueError, "smallest class 1 has only 2"),
        (lambda: holdout(10, test_size=0.0), ValueError, r"test_size must lie in \(0, 1\), got 0.0"),
        (lambda: holdout(10, test_size=1.0), ValueError, r"test_size must lie in \(0, 1\), got 1.0"),
        (lambda: holdout(10, test_size=0.95), ValueError, "test_size=0.95 leaves no training example out of n=10"),
        (lambda: holdout(10, test_size="big"), TypeError, "test_size must be a number, got 'big'"),
        (lambda: holdout(1), ValueError, "n must be >= 2, got 1"),
        (lambda: holdout(4, stratify=[0, 1, 1]), ValueError, "stratify has 3 labels but n=4"),
        (lambda: holdout(4, stratify=[0, 1, 1, 1]), ValueError, "stratify: the smallest class 0 has only 1"),
        (lambda: repeated_holdout(10, n_repeats=0), ValueError, "n_repeats must be >= 1, got 0"),
        (lambda: five_by_two(1), ValueError, "n_or_y must be >= 2, got 1"),
        (lambda: five_by_two([0, 0, 1]), ValueError, "n_or_y: the smallest class 1 has only 1"),
        (lambda: five_by_two(None), TypeError, "n_or_y must be a 1-D array of labels, got None"),
        (lambda: bootstrap(1), ValueError, "n must be >= 2, got 1"),
        (lambda: bootstrap(10, n_bootstraps=0), ValueError, "n_bootstraps must be >= 1, got 0"),
    ],
)
def test_bad_input(call, error, match):
    # errors are raised when the splitter is called, before any iteration
    with pytest.raises(error, match=match):
        call()
