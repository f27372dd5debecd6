"""Property-based tests (hypothesis): oracles, ranges and invariances (issue 9).

Each property states something that must hold for every valid input, so a
wrong formula, a swapped cell or a missing cap is found on inputs nobody
thought of. Oracles: statsmodels and scipy.
"""

from __future__ import annotations

import numpy as np
import pytest
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


# ---------------------------------------------------------------- chapters 3 to 6

from lecture_lib import (  # noqa: E402
    cochrans_q,
    friedman,
    ftest_5x2cv,
    kfold_cv_ttest,
    nemenyi,
    paired_ttest,
    resampled_ttest,
    sign_test,
    ttest_5x2cv,
    wilcoxon_signed_rank,
)

finite = st.integers(-10_000, 10_000).map(lambda v: v / 100)  # scores with two decimals, as published


@st.composite
def predictions_of_k_models(draw):
    k = draw(st.integers(2, 5))
    n = draw(st.integers(1, 40))
    y = np.array(draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)))
    preds = [np.array(draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))) for _ in range(k)]
    return y, preds


@SETTINGS
@given(predictions_of_k_models(), st.randoms(use_true_random=False))
def test_cochrans_q_invariances(data, rnd):
    y, preds = data
    base = cochrans_q(y, *preds)
    assert 0.0 <= base.pvalue <= 1.0 and base.statistic >= 0.0
    order = np.array(rnd.sample(range(y.size), y.size))
    models = rnd.sample(range(len(preds)), len(preds))
    moved = cochrans_q(y[order], *[preds[m][order] for m in models])  # examples and models permuted
    relabel = np.array([7, 3, 5])  # a bijection of the labels 0, 1, 2
    renamed = cochrans_q(relabel[y], *[relabel[p] for p in preds])
    for other in (moved, renamed):
        assert abs(other.statistic - base.statistic) <= 1e-9 * max(1.0, base.statistic)
        assert abs(other.pvalue - base.pvalue) <= 1e-12


@SETTINGS
@given(st.lists(st.tuples(finite, finite), min_size=1, max_size=30), st.integers(-6, 6))
def test_wilcoxon_and_sign_test_symmetry_and_scale(pairs, power):
    x, y = np.array(pairs).T
    scale = 2.0**power  # exact in floating point, so no tie or zero is created or broken
    for method in ("exact", "approx"):
        one = wilcoxon_signed_rank(x, y, method=method)
        assert 0.0 <= one.pvalue <= 1.0
        # swapping the two algorithms keeps the two-sided p-value and swaps R+ and R-
        other = wilcoxon_signed_rank(y, x, method=method)
        assert abs(one.pvalue - other.pvalue) <= 1e-12
        assert one.r_plus == other.r_minus
        # ranks ignore the unit of the scores
        scaled = wilcoxon_signed_rank(scale * x, scale * y, method=method)
        assert abs(scaled.pvalue - one.pvalue) <= 1e-12
    s1, s2 = sign_test(x, y), sign_test(y, x)
    assert s1.pvalue == s2.pvalue and s1.wins == s2.losses


@SETTINGS
@given(st.integers(2, 12), st.integers(2, 6), st.integers(0, 2**32 - 1), st.floats(0.1, 10))
def test_friedman_and_nemenyi_invariances(n_datasets, k, seed, scale):
    rng = np.random.default_rng(seed)
    scores = np.round(rng.random((n_datasets, k)), 1)  # rounded: ties happen
    base = friedman(scores)
    # never 0 (issue 24); Iman-Davenport's p-value is undefined (NaN) exactly when its F is infinite
    assert 0.0 < base.pvalue <= 1.0 and 0.0 < base.chi2_pvalue <= 1.0
    assert np.isnan(base.iman_davenport_pvalue) == np.isinf(base.iman_davenport)
    shuffled = friedman(scores[rng.permutation(n_datasets)])  # data sets in another order
    rescaled = friedman(scale * scores + 3.0)  # a monotone change of unit
    for other in (shuffled, rescaled):
        assert abs(other.statistic - base.statistic) <= 1e-9 * max(1.0, base.statistic)
        assert other.pvalue == pytest.approx(base.pvalue, rel=1e-9) and other.method == base.method
        np.testing.assert_allclose(other.mean_ranks, base.mean_ranks, rtol=0, atol=1e-12)
    # algorithms in another order: the same statistic, the mean ranks permuted
    perm = rng.permutation(k)
    swapped = friedman(scores[:, perm])
    assert abs(swapped.statistic - base.statistic) <= 1e-9 * max(1.0, base.statistic)
    assert swapped.pvalue == pytest.approx(base.pvalue, rel=1e-9)
    np.testing.assert_allclose(swapped.mean_ranks, base.mean_ranks[perm], atol=1e-12)
    np.testing.assert_allclose(
        nemenyi(scores[:, perm]).pvalues, nemenyi(scores).pvalues[np.ix_(perm, perm)], atol=1e-12
    )


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.floats(0.0, 0.1))
def test_paired_score_tests_are_symmetric(seed, shift):
    rng = np.random.default_rng(seed)
    a = rng.normal(0.8, 0.03, (5, 2))
    b = a - shift + rng.normal(0, 0.02, (5, 2))
    for test in (ttest_5x2cv, ftest_5x2cv):
        one, other = test(a, b), test(b, a)
        assert 0.0 <= one.pvalue <= 1.0
        assert abs(one.pvalue - other.pvalue) <= 1e-12
    x, y = a.ravel(), b.ravel()
    for one, other in ((paired_ttest(x, y), paired_ttest(y, x)), (kfold_cv_ttest(x, y), kfold_cv_ttest(y, x)),
                       (resampled_ttest(x, y, 0.25), resampled_ttest(y, x, 0.25))):
        assert abs(one.pvalue - other.pvalue) <= 1e-12
        assert abs(one.statistic + other.statistic) <= 1e-9 * max(1.0, abs(one.statistic))
