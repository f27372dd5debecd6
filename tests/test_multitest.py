"""adjust_pvalues against statsmodels' multipletests (oracle) and Holm's definition."""

import numpy as np
import pytest
from statsmodels.stats.multitest import multipletests

from lecture_lib import adjust_pvalues


@pytest.mark.parametrize("method", ["holm", "bonferroni"])
@pytest.mark.parametrize("seed", range(30))
def test_matches_statsmodels(method, seed):
    rng = np.random.default_rng(seed)
    m = int(rng.integers(1, 40))
    p = rng.random(m) ** 3  # many small values, as after a real omnibus rejection
    p[rng.random(m) < 0.2] = p[0]  # and some ties
    expected = multipletests(p, method=method)[1]
    np.testing.assert_allclose(adjust_pvalues(p, method), expected, rtol=0, atol=1e-12)


@pytest.mark.parametrize("seed", range(30))
def test_holm_properties(seed):
    rng = np.random.default_rng(seed)
    p = rng.random(int(rng.integers(2, 25))) ** 2
    holm, bonf = adjust_pvalues(p, "holm"), adjust_pvalues(p, "bonferroni")
    assert np.all(holm <= bonf + 1e-15)  # Holm is never less powerful than Bonferroni
    assert np.all(holm >= p) and np.all(holm <= 1)
    order = np.argsort(p)
    assert np.all(np.diff(holm[order]) >= 0)  # monotone in the raw p-values
    perm = rng.permutation(p.size)  # input order kept: permuting the input permutes the output
    np.testing.assert_array_equal(adjust_pvalues(p[perm], "holm"), holm[perm])


def test_holm_step_down_by_hand():
    # Holm (1979) by hand for m = 4: sorted 0.01, 0.02, 0.03, 0.2 -> 0.04, 0.06, 0.06, 0.2
    np.testing.assert_allclose(adjust_pvalues([0.2, 0.01, 0.03, 0.02]), [0.2, 0.04, 0.06, 0.06])


@pytest.mark.parametrize(
    "pvalues, method, error, match",
    [
        ([], "holm", ValueError, "pvalues is empty"),
        ([0.1, np.nan], "holm", ValueError, r"pvalues contains NaN \(first at index 1\)"),
        ([0.1, 1.5], "holm", ValueError, r"pvalues must lie in \[0, 1\], got 1.5 at index 1"),
        ([-0.1], "holm", ValueError, "got -0.1 at index 0"),
        ([[0.1, 0.2]], "holm", ValueError, r"pvalues must be 1-D, got an array of shape \(1, 2\)"),
        (None, "holm", TypeError, "pvalues must be a 1-D array of p-values, got None"),
        ("0.1", "holm", TypeError, "pvalues must be a 1-D array"),
        ([0.1], "sidak", ValueError, r"method must be one of \('bonferroni', 'holm'\), got 'sidak'"),
        ([0.1], 3, TypeError, "method must be one of"),
    ],
)
def test_bad_input(pvalues, method, error, match):
    with pytest.raises(error, match=match):
        adjust_pvalues(pvalues, method)
