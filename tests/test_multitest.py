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
        ([0.1], "sidak", ValueError, r"method must be one of \('bonferroni', 'holm', 'hochberg', 'hommel', 'bh', "
                                     r"'by'\), got 'sidak'"),
        ([0.1], 3, TypeError, "method must be one of"),
    ],
)
def test_bad_input(pvalues, method, error, match):
    with pytest.raises(error, match=match):
        adjust_pvalues(pvalues, method)


# ---------------------------------------------------------------- issue 16: Hochberg, Hommel, BH, BY

import itertools  # noqa: E402

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

# statsmodels' names for the same procedures (R's p.adjust: "hochberg", "hommel", "BH", "BY")
STATSMODELS = {"bonferroni": "bonferroni", "holm": "holm", "hochberg": "simes-hochberg", "hommel": "hommel",
               "bh": "fdr_bh", "by": "fdr_by"}


def _with_ties_and_edges(rng, m):
    p = rng.random(m) ** 3
    p[rng.random(m) < 0.2] = p[0]  # ties
    p[rng.random(m) < 0.1] = 0.0  # exact zeros (a p-value underflowed)
    p[rng.random(m) < 0.1] = 1.0  # and ones (b + c = 0 in McNemar's test)
    return p


@pytest.mark.parametrize("method", ["hochberg", "hommel", "bh", "by"])
@pytest.mark.parametrize("seed", range(40))
def test_new_methods_match_statsmodels(method, seed):
    rng = np.random.default_rng(100 + seed)
    p = _with_ties_and_edges(rng, int(rng.integers(1, 60)))
    expected = multipletests(p, method=STATSMODELS[method])[1]
    np.testing.assert_allclose(adjust_pvalues(p, method), expected, rtol=0, atol=1e-12)


pvalue_lists = st.lists(
    st.one_of(st.floats(0.0, 1.0), st.sampled_from([0.0, 1.0, 0.05, 0.01])), min_size=1, max_size=30
)


@settings(max_examples=60, deadline=None)
@given(pvalue_lists, st.sampled_from(sorted(STATSMODELS)))
def test_every_method_matches_statsmodels_property(pvalues, method):
    p = np.array(pvalues)
    expected = multipletests(p, method=STATSMODELS[method])[1]
    np.testing.assert_allclose(adjust_pvalues(p, method), expected, rtol=0, atol=1e-12)


def _simes(p):
    s = np.sort(p)
    return float(np.min(s.size * s / np.arange(1, s.size + 1)))


def _hommel_by_closed_testing(p):
    """Hommel's adjusted p-values from their definition: the largest Simes p-value over every
    intersection hypothesis that contains H_i (2^m subsets; small m only)."""
    m = len(p)
    out = np.zeros(m)
    for size in range(1, m + 1):
        for subset in itertools.combinations(range(m), size):
            value = _simes(p[list(subset)])
            for i in subset:
                out[i] = max(out[i], value)
    return out


@pytest.mark.parametrize("seed", range(60))
def test_hommel_is_closed_testing_with_simes(seed):
    rng = np.random.default_rng(seed)
    p = np.round(rng.random(int(rng.integers(1, 9))) ** 2, 2)  # rounding makes ties
    np.testing.assert_allclose(adjust_pvalues(p, "hommel"), _hommel_by_closed_testing(p), rtol=0, atol=1e-14)


def test_benjamini_hochberg_1995_example():
    # Benjamini & Hochberg (1995), section 4: 15 p-values from a trial (Neuhaus et al. 1992).
    # At q = 0.05 the FDR procedure rejects the four smallest, the Bonferroni-type step-down three.
    p = [0.0201, 0.7590, 0.0004, 0.0278, 0.0095, 0.3240, 0.0001, 0.0459, 0.4262, 0.0019, 0.0298,
         0.5719, 1.0, 0.6528, 0.0344]
    rejected_bh = np.sort(np.array(p)[adjust_pvalues(p, "bh") <= 0.05])
    np.testing.assert_array_equal(rejected_bh, [0.0001, 0.0004, 0.0019, 0.0095])
    assert np.count_nonzero(adjust_pvalues(p, "holm") <= 0.05) == 3
    assert np.count_nonzero(adjust_pvalues(p, "hochberg") <= 0.05) == 3


def test_hand_computed_small_family():
    # m = 3, p = (0.01, 0.03, 0.04), by hand from the step formulas:
    # Hochberg: min over l >= j of (m - l + 1) p_(l): 0.04, 0.04, 0.04 -> (0.03, 0.04, 0.04)
    # Hommel: sets containing 0.01 give Simes 0.01, 0.02, 0.02, min(0.03, 0.045, 0.04) = 0.03
    # BH: m p_(l) / l = 0.03, 0.045, 0.04, then running minimum from the top -> (0.03, 0.04, 0.04)
    # BY: BH times 1 + 1/2 + 1/3 = 11/6
    p = [0.01, 0.04, 0.03]
    np.testing.assert_allclose(adjust_pvalues(p, "hochberg"), [0.03, 0.04, 0.04])
    np.testing.assert_allclose(adjust_pvalues(p, "hommel"), [0.03, 0.04, 0.04])
    np.testing.assert_allclose(adjust_pvalues(p, "bh"), [0.03, 0.04, 0.04])
    np.testing.assert_allclose(adjust_pvalues(p, "by"), np.array([0.03, 0.04, 0.04]) * 11 / 6)


def test_demsar_2006_control_comparisons():
    # Demsar (2006), section 3.2.2 (Table 6 data): raw p 0.016, 0.019, 0.607 against C4.5.
    # Holm, Hochberg and Hommel all reject the first two at alpha = 0.05, as the paper says.
    p = [0.016, 0.019, 0.607]
    for method in ("holm", "hochberg", "hommel"):
        np.testing.assert_array_equal(adjust_pvalues(p, method) <= 0.05, [True, True, False])
    assert not np.all(adjust_pvalues(p, "bonferroni")[:2] <= 0.05)  # 3 x 0.019 = 0.057


@pytest.mark.parametrize("seed", range(40))
def test_ordering_of_the_procedures(seed):
    rng = np.random.default_rng(seed)
    p = _with_ties_and_edges(rng, int(rng.integers(1, 40)))
    adj = {method: adjust_pvalues(p, method) for method in STATSMODELS}
    tol = 1e-15
    # each FWER procedure rejects at least what the one before rejects
    assert np.all(adj["holm"] <= adj["bonferroni"] + tol)
    assert np.all(adj["hochberg"] <= adj["holm"] + tol)
    assert np.all(adj["hommel"] <= adj["hochberg"] + tol)
    assert np.all(adj["bh"] <= adj["hochberg"] + tol)  # m / l <= m - l + 1
    assert np.all(adj["bh"] <= adj["by"] + tol)
    for method, values in adj.items():
        assert np.all(values >= p - tol) and np.all(values <= 1.0), method
        order = np.argsort(p, kind="stable")
        assert np.all(np.diff(values[order]) >= -tol), method  # monotone in the raw p-values
        perm = rng.permutation(p.size)
        np.testing.assert_array_equal(adjust_pvalues(p[perm], method), values[perm])
        same = p[:, None] == p[None, :]
        assert np.all((values[:, None] == values[None, :])[same]), method  # ties stay tied


@pytest.mark.parametrize("method", sorted(STATSMODELS))
def test_single_pvalue_is_unchanged(method):
    for p in (0.0, 0.03, 1.0):
        assert adjust_pvalues([p], method)[0] == p


def test_input_is_not_modified():
    p = np.array([0.04, 0.01, 0.03])
    before = p.copy()
    for method in STATSMODELS:
        adjust_pvalues(p, method)
    np.testing.assert_array_equal(p, before)
