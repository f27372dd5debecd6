"""Property-based tests (hypothesis): oracles, ranges and invariances (issue 9).

Each property states something that must hold for every valid input, so a
wrong formula, a swapped cell or a missing cap is found on inputs nobody
thought of. Oracles: statsmodels and scipy.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar
from statsmodels.stats.multitest import multipletests

from lecture_lib import MCNEMAR_METHODS, adjust_pvalues, mcnemar, mcnemar_table, rankdata

SETTINGS = settings(max_examples=100, deadline=None)

counts = st.integers(min_value=0, max_value=400)
labels = st.lists(st.integers(0, 3), min_size=1, max_size=60)


@st.composite
def three_label_vectors(draw):
    y = draw(labels)
    n = len(y)
    p1 = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    p2 = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    return np.array(y), np.array(p1), np.array(p2)


@SETTINGS
@given(counts, counts, counts, counts)
def test_mcnemar_matches_statsmodels_and_is_a_probability(a, b, c, d):
    table = np.array([[a, b], [c, d]])
    for method in MCNEMAR_METHODS:
        p = mcnemar(table, method).pvalue
        assert isinstance(p, float) and 0.0 <= p <= 1.0
    if b + c > 0:
        # statsmodels' exact test and chi2 with/without Edwards' correction
        assert abs(mcnemar(table, "exact").pvalue - sm_mcnemar(table, exact=True).pvalue) < 1e-9
        assert abs(mcnemar(table, "chi2").pvalue - sm_mcnemar(table, exact=False, correction=False).pvalue) < 1e-9
        if abs(b - c) >= 1:  # statsmodels uses (|b - c| - 1)^2 without the max(., 0) floor
            ours = mcnemar(table, "corrected").pvalue
            theirs = sm_mcnemar(table, exact=False, correction=True).pvalue
            assert abs(ours - theirs) < 1e-9


@SETTINGS
@given(counts, counts, counts, counts)
def test_mcnemar_swapping_the_models_keeps_the_p_value(a, b, c, d):
    for method in MCNEMAR_METHODS:
        one = mcnemar([[a, b], [c, d]], method)
        other = mcnemar([[a, c], [b, d]], method)
        assert one.pvalue == other.pvalue and one.statistic == other.statistic


@SETTINGS
@given(three_label_vectors(), st.randoms(use_true_random=False))
def test_mcnemar_table_is_invariant_to_order_and_relabelling(vectors, rnd):
    y, p1, p2 = vectors
    table = mcnemar_table(y, p1, p2)
    assert table.sum() == y.size
    order = np.array(rnd.sample(range(y.size), y.size))
    np.testing.assert_array_equal(mcnemar_table(y[order], p1[order], p2[order]), table)
    relabel = np.array(rnd.sample(range(10, 14), 4))  # a bijection of the class labels
    np.testing.assert_array_equal(mcnemar_table(relabel[y], relabel[p1], relabel[p2]), table)
    # model 2 vs model 1 is the transposed table
    np.testing.assert_array_equal(mcnemar_table(y, p2, p1), table.T)


@SETTINGS
@given(st.lists(st.floats(0, 1), min_size=1, max_size=30), st.sampled_from(["holm", "bonferroni"]))
def test_adjust_pvalues_matches_statsmodels(pvalues, method):
    ours = adjust_pvalues(pvalues, method)
    assert np.all((ours >= 0) & (ours <= 1))
    np.testing.assert_allclose(ours, multipletests(pvalues, method=method)[1], rtol=0, atol=1e-12)


@SETTINGS
@given(
    st.lists(st.integers(-5, 5), min_size=1, max_size=25),
    st.floats(0.01, 100),
    st.floats(-50, 50),
)
def test_ranks_match_scipy_and_ignore_monotone_rescaling(values, scale, shift):
    a = np.array(values, dtype=float)
    ranks = rankdata(a)
    np.testing.assert_array_equal(ranks, stats.rankdata(a))
    # a strictly increasing transformation keeps every rank
    np.testing.assert_array_equal(rankdata(scale * a + shift), ranks)
