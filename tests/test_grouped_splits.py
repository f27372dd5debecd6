"""lecture_lib.resampling: group_kfold, forward_chaining and blocked_kfold, against scikit-learn."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.model_selection import GroupKFold, KFold, TimeSeriesSplit

from lecture_lib import blocked_kfold, forward_chaining, group_kfold


def as_lists(splits):
    return [(train.tolist(), test.tolist()) for train, test in splits]


def check_partition(splits, n):
    counts = np.zeros(n, dtype=int)
    for train, test in splits:
        assert train.dtype == np.int64 and test.dtype == np.int64
        assert np.intersect1d(train, test).size == 0
        np.testing.assert_array_equal(np.union1d(train, test), np.arange(n))
        counts[test] += 1
    np.testing.assert_array_equal(counts, np.ones(n))


groups_strategy = st.tuples(st.integers(2, 6), st.integers(0, 10**6)).flatmap(
    lambda ks: st.tuples(st.just(ks[0]), st.just(ks[1]),
                         st.lists(st.integers(1, 9), min_size=ks[0], max_size=15))  # group sizes, >= k groups
)


@settings(deadline=None, max_examples=150)
@given(groups_strategy)
def test_group_kfold_keeps_groups_whole_and_balances_like_sklearn(args):
    k, seed, sizes = args
    rng = np.random.default_rng(seed)
    groups = rng.permutation(np.repeat(np.arange(len(sizes)), sizes))
    splits = list(group_kfold(groups, k=k, seed=seed))
    assert len(splits) == k
    check_partition(splits, groups.size)
    for train, test in splits:
        assert not set(groups[train]) & set(groups[test])  # no group on both sides
        assert test.size > 0
    # scikit-learn's GroupKFold deals groups largest first to the lightest fold: the multiset of fold
    # sizes does not depend on how ties are broken, so it must be the same
    theirs = sorted(len(test) for _, test in GroupKFold(n_splits=k).split(np.zeros(groups.size), groups=groups))
    assert sorted(len(test) for _, test in splits) == theirs
    assert max(len(t) for _, t in splits) - min(len(t) for _, t in splits) <= max(sizes)


def test_group_kfold_seeds_and_text_groups():
    groups = [f"p{i // 3}" for i in range(30)]  # ten patients with three examples each
    assert as_lists(group_kfold(groups, k=5, seed=1)) == as_lists(group_kfold(groups, k=5, seed=1))
    assert as_lists(group_kfold(groups, k=5, seed=1)) != as_lists(group_kfold(groups, k=5, seed=2))
    rng_a, rng_b = np.random.default_rng(3), np.random.default_rng(3)
    assert as_lists(group_kfold(groups, k=5, seed=rng_a)) == as_lists(group_kfold(groups, k=5, seed=rng_b))
    assert [len(test) for _, test in group_kfold(groups, k=5, seed=0)] == [6] * 5


def test_group_kfold_bad_input():
    with pytest.raises(ValueError, match="2 distinct group"):
        list(group_kfold([1, 1, 2, 2], k=3))
    with pytest.raises(ValueError, match="groups contains NaN"):
        group_kfold([1.0, np.nan, 2.0, 3.0], k=2)
    with pytest.raises(ValueError, match="k must be >= 2"):
        group_kfold([1, 2, 3], k=1)


@pytest.mark.parametrize("n, k, n_test, gap, max_train", [
    (10, 3, None, 0, None), (10, 3, None, 1, None), (23, 4, None, 0, None), (23, 4, 3, 2, None),
    (50, 5, 6, 0, 10), (50, 5, None, 3, 7), (12, 2, 5, 0, None), (100, 9, None, 4, 30),
])
def test_forward_chaining_equals_time_series_split(n, k, n_test, gap, max_train):
    ours = as_lists(forward_chaining(n, k=k, n_test=n_test, gap=gap, max_train=max_train))
    theirs = as_lists(TimeSeriesSplit(n_splits=k, test_size=n_test, gap=gap, max_train_size=max_train)
                      .split(np.zeros(n)))
    assert ours == theirs
    for train, test in ours:
        assert max(train) + gap < min(test)  # the model never sees the future


def test_forward_chaining_bad_input():
    with pytest.raises(ValueError, match="leave no training example"):
        forward_chaining(10, k=3, n_test=3, gap=1)
    with pytest.raises(ValueError, match="too few"):
        forward_chaining(3, k=5)
    with pytest.raises(ValueError, match="gap must be >= 0"):
        forward_chaining(20, k=3, gap=-1)
    with pytest.raises(ValueError, match="max_train must be >= 1"):
        forward_chaining(20, k=3, max_train=0)


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 80), st.integers(2, 10), st.integers(0, 6))
def test_blocked_kfold_is_kfold_without_the_neighbours(n, k, gap):
    # scikit-learn's KFold(shuffle=False) gives the blocks; the training set is every example more than
    # `gap` steps from all test examples (Racine 2000's hv-block), written out by brute force
    k = min(k, n)
    try:
        ours = as_lists(blocked_kfold(n, k=k, gap=gap))
    except ValueError as err:
        assert "leaves no training example" in str(err)
        return
    blocks = [test.tolist() for _, test in KFold(n_splits=k).split(np.zeros(n))]
    assert [test for _, test in ours] == blocks
    for train, test in ours:
        far = [i for i in range(n) if min(abs(i - j) for j in test) > gap]
        assert train == far
    assert sorted(i for _, test in ours for i in test) == list(range(n))


def test_blocked_kfold_bad_input():
    with pytest.raises(ValueError, match="k=5 blocks"):
        blocked_kfold(3, k=5)
    with pytest.raises(ValueError, match="leaves no training example"):
        blocked_kfold(4, k=2, gap=3)
    with pytest.raises(ValueError, match="gap"):
        blocked_kfold(20, k=3, gap=-1)
    with pytest.raises(ValueError, match="k must be a whole number"):
        blocked_kfold(20, k=2.5)
    with pytest.raises(TypeError, match="k"):
        blocked_kfold(20, k="3")
