"""Mid-ranks and the tie term against scipy (oracle) on random inputs."""

import numpy as np
import pytest
from scipy import stats

from lecture_lib import rankdata, tie_term


@pytest.mark.parametrize("seed", range(20))
def test_rankdata_matches_scipy_on_rows_with_ties(seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 5, size=(7, 9)).astype(float)  # few distinct values: many ties
    np.testing.assert_array_equal(rankdata(a), stats.rankdata(a, axis=1))
    np.testing.assert_array_equal(rankdata(a, axis=0), stats.rankdata(a, axis=0))


@pytest.mark.parametrize("seed", range(20))
def test_tie_term_matches_group_sizes(seed):
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 4, size=(5, 11))
    expected = [sum(t**3 - t for t in np.unique(row, return_counts=True)[1]) for row in a]
    np.testing.assert_array_equal(tie_term(a), expected)


def test_rank_sums_and_no_ties():
    a = np.random.default_rng(0).random((3, 6))
    np.testing.assert_allclose(rankdata(a).sum(axis=1), 6 * 7 / 2)
    np.testing.assert_array_equal(tie_term(a), 0.0)


@pytest.mark.parametrize(
    "a, error, match",
    [([], ValueError, "a is empty"), ([1.0, np.nan], ValueError, "a contains NaN"),
     (3.0, ValueError, "scalar 3.0"), (["x", "y"], TypeError, "a must hold numbers")],
)
def test_rankdata_bad_input(a, error, match):
    with pytest.raises(error, match=match):
        rankdata(a)


@pytest.mark.parametrize("func", [rankdata, tie_term])
@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        # issue 19: numpy's AxisError (message without the argument's name) no longer leaks
        (dict(a=[1.0, 2.0], axis=1), ValueError, r"axis must lie in \[-1, 0\] for an array of 1 dimension\(s\), got 1"),
        (dict(a=[[1.0, 2.0]], axis=-3), ValueError, "axis must lie in .*got -3"),
        (dict(a=[1.0, 2.0], axis=1.5), TypeError, "axis must be an integer, got 1.5"),
        (dict(a=[1.0, 2.0], axis=True), TypeError, "axis must be an integer, got True"),
        # issue 19: complex input used to lose its imaginary part silently
        (dict(a=np.array([1 + 2j, 2.0])), TypeError, "a holds complex numbers"),
    ],
)
def test_axis_and_complex_input_are_refused_clearly(func, kwargs, error, match):
    with pytest.raises(error, match=match):
        func(**kwargs)


def test_axis_may_count_from_the_end():
    a = np.array([[3.0, 1.0], [1.0, 3.0]])
    np.testing.assert_array_equal(rankdata(a, axis=-2), rankdata(a, axis=0))
    np.testing.assert_array_equal(rankdata(a, axis=np.int64(0)), [[2.0, 1.0], [1.0, 2.0]])
