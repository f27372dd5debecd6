"""Post-hoc procedures of chapter 6 (issue 16): pairwise_comparisons, control_comparisons,
Shaffer's static and Bergmann-Hommel's procedures.

Oracles: scikit-posthocs (posthoc_wilcoxon, posthoc_siegel_friedman, posthoc_nemenyi_friedman),
scipy (wilcoxon, binomtest, ttest_rel), statsmodels' multipletests, the R package scmamp's printed
output (adjustShaffer, adjustBergmannHommel, friedmanPost), brute-force implementations of the
definitions (set partitions enumerated independently, exact signed-rank distribution by
enumerating every sign pattern), Demšar's (2006) printed numbers and Monte Carlo simulation of
the family-wise error rate.
"""

import itertools
import json
import time
from importlib import resources

import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
from scipy import stats
from statsmodels.stats.multitest import multipletests

from lecture_lib import (
    BERGMANN_HOMMEL_MAX_K,
    adjust_pairwise_pvalues,
    adjust_pvalues,
    appml_benchmark,
    bonferroni_dunn,
    cd_cliques,
    control_comparisons,
    critical_difference,
    friedman,
    nemenyi,
    pairwise_comparisons,
    posthoc_example,
    posthoc_examples,
    proportion_interval,
    shaffer_true_counts,
    wilcoxon_example,
)
from lecture_lib._pairwise_adjust import exhaustive_sets
from lecture_lib.widgets import POSTHOC_PROCEDURES, posthoc_explorer, posthoc_procedure

STATSMODELS = {"bonferroni": "bonferroni", "holm": "holm", "hochberg": "simes-hochberg", "hommel": "hommel",
               "bh": "fdr_bh", "by": "fdr_by"}


def _fixture_json():
    text = resources.files("lecture_lib").joinpath("data", "posthoc_examples.json").read_text(encoding="utf-8")
    return json.loads(text)


# --------------------------------------------------------------------------- independent definitions


def _set_partitions(items):
    """Every partition of a list, recursively (independent of the library's growth strings)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for partition in _set_partitions(rest):
        yield [[first]] + partition  # first alone
        for g in range(len(partition)):  # or joined to one of the groups
            yield partition[:g] + [[first] + partition[g]] + partition[g + 1:]


def _pairs(k):
    return list(itertools.combinations(range(k), 2))


def _true_sets(k):
    """Exhaustive sets as frozensets of pair indices, from the set partitions."""
    index = {pair: h for h, pair in enumerate(_pairs(k))}
    out = set()
    for partition in _set_partitions(list(range(k))):
        members = frozenset(index[tuple(sorted(pair))] for group in partition
                            for pair in itertools.combinations(group, 2))
        if members:
            out.add(members)
    return out


def _bergmann_hommel_by_definition(p, k):
    sets = _true_sets(k)
    return np.array([min(1.0, max(len(s) * min(p[list(s)]) for s in sets if h in s)) for h in range(len(p))])


def _shaffer_by_definition(p, k):
    """Step-down with t_j = the largest number of true hypotheses possible once j - 1 are rejected,
    the possible numbers taken from the set partitions (not from the recursion)."""
    possible = sorted({len(s) for s in _true_sets(k)} | {0})
    m = len(p)
    order = np.argsort(p, kind="stable")
    out = np.empty(m)
    running = 0.0
    for j, h in enumerate(order):
        t = max(c for c in possible if c <= m - j)
        running = max(running, t * p[h])
        out[h] = min(1.0, running)
    return out


def _symmetric(upper, k):
    mat = np.ones((k, k))
    iu = np.triu_indices(k, 1)
    mat[iu] = upper
    mat[iu[1], iu[0]] = upper
    return mat


# --------------------------------------------------------------------------- Shaffer's sets, exhaustive sets


def test_shaffer_true_counts_small_k():
    # k = 4 is the example of Shaffer (1986) and García & Herrera (2008): of 6 pairwise hypotheses,
    # once one is false at most 3 can be true. k = 3 and 5 by hand from the partitions of 3 and 5
    # algorithms (group sizes 3 / 2+1 / 1+1+1 give 3 / 1 / 0 true equalities).
    assert shaffer_true_counts(1) == (0,)
    assert shaffer_true_counts(2) == (0, 1)
    assert shaffer_true_counts(3) == (0, 1, 3)
    assert shaffer_true_counts(4) == (0, 1, 2, 3, 6)
    assert shaffer_true_counts(5) == (0, 1, 2, 3, 4, 6, 10)


@pytest.mark.parametrize("k", range(2, 9))
def test_shaffer_true_counts_from_partitions(k):
    assert set(shaffer_true_counts(k)) == {len(s) for s in _true_sets(k)} | {0}


@pytest.mark.parametrize("k, bell", [(2, 2), (3, 5), (4, 15), (5, 52), (6, 203), (7, 877), (8, 4140),
                                     (9, 21147), (10, 115975)])
def test_number_of_exhaustive_sets_is_bell_minus_one(k, bell):
    # Bell numbers (OEIS A000110): one exhaustive set per partition, less the all-singletons one
    holds, sizes, members = exhaustive_sets(k)
    assert holds.shape == (k * (k - 1) // 2, bell - 1)
    np.testing.assert_array_equal(sizes, holds.sum(axis=0))
    assert all(np.array_equal(np.flatnonzero(row), idx) for row, idx in zip(holds, members))
    assert not holds.flags.writeable


@pytest.mark.parametrize("k", range(2, 7))
def test_exhaustive_sets_match_set_partitions(k):
    holds, _, _ = exhaustive_sets(k)
    ours = {frozenset(np.flatnonzero(col).tolist()) for col in holds.T}
    assert ours == _true_sets(k)
    assert len(ours) == holds.shape[1]  # no duplicates


# --------------------------------------------------------------------------- adjust_pairwise_pvalues


@pytest.mark.parametrize("case", _fixture_json()["adjustment_cases"], ids=lambda c: c["key"])
@pytest.mark.parametrize("method", ["shaffer", "bergmann-hommel"])
def test_adjustments_match_scmamp(case, method):
    # R's scmamp (adjustShaffer, adjustBergmannHommel), printed to 7 significant digits in its vignettes
    ours = adjust_pairwise_pvalues(case["raw"], method)
    expected = np.array(case[method])
    positive = expected > 0
    np.testing.assert_allclose(ours[positive], expected[positive], rtol=2e-6)
    np.testing.assert_array_equal(ours[~positive], 0.0)


@pytest.mark.parametrize("seed", range(40))
def test_bergmann_hommel_and_shaffer_by_definition(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 7))
    m = k * (k - 1) // 2
    p = np.round(rng.random(m) ** 3, 3)  # rounding gives ties
    p[rng.random(m) < 0.1] = 0.0
    mat = _symmetric(p, k)
    iu = np.triu_indices(k, 1)
    np.testing.assert_allclose(adjust_pairwise_pvalues(mat, "bergmann-hommel")[iu],
                               _bergmann_hommel_by_definition(p, k), rtol=0, atol=1e-15)
    np.testing.assert_allclose(adjust_pairwise_pvalues(mat, "shaffer")[iu], _shaffer_by_definition(p, k),
                               rtol=0, atol=1e-15)


@pytest.mark.parametrize("seed", range(30))
def test_general_methods_match_statsmodels_on_pairs(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 9))
    p = rng.random(k * (k - 1) // 2) ** 2
    mat = _symmetric(p, k)
    iu = np.triu_indices(k, 1)
    for method, name in STATSMODELS.items():
        np.testing.assert_allclose(adjust_pairwise_pvalues(mat, method)[iu], multipletests(p, method=name)[1],
                                   rtol=0, atol=1e-12)
    np.testing.assert_array_equal(adjust_pairwise_pvalues(mat, "none"), mat)


@pytest.mark.parametrize("seed", range(30))
def test_logical_procedures_are_between_holm_and_raw(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 9))
    mat = _symmetric(rng.random(k * (k - 1) // 2) ** 3, k)
    holm = adjust_pairwise_pvalues(mat, "holm")
    shaffer = adjust_pairwise_pvalues(mat, "shaffer")
    bh = adjust_pairwise_pvalues(mat, "bergmann-hommel")
    assert np.all(shaffer <= holm + 1e-15)  # t_j <= m - j + 1
    assert np.all(bh <= shaffer + 1e-15)  # Bergmann-Hommel rejects all Shaffer rejects
    assert np.all(bh >= np.where(np.eye(k, dtype=bool), 1.0, mat) - 1e-15)
    for adjusted in (holm, shaffer, bh):
        np.testing.assert_array_equal(adjusted, adjusted.T)
        np.testing.assert_array_equal(np.diag(adjusted), 1.0)


def test_two_algorithms_need_no_adjustment():
    mat = np.array([[1.0, 0.03], [0.03, 1.0]])
    for method in ("holm", "shaffer", "bergmann-hommel", "hommel", "bonferroni"):
        assert adjust_pairwise_pvalues(mat, method)[0, 1] == 0.03


def test_three_algorithms_shaffer_divides_by_one_after_the_first_rejection():
    # S(3) = {0, 1, 3}: once one of the three equalities is false, at most one can be true,
    # so Shaffer multiplies the 2nd and 3rd p-values by 1 (Holm by 2 and 1)
    mat = _symmetric([0.01, 0.04, 0.045], 3)
    np.testing.assert_allclose(adjust_pairwise_pvalues(mat, "shaffer")[np.triu_indices(3, 1)], [0.03, 0.04, 0.045])
    np.testing.assert_allclose(adjust_pairwise_pvalues(mat, "holm")[np.triu_indices(3, 1)], [0.03, 0.08, 0.08])


def test_bergmann_hommel_refuses_more_than_ten_algorithms():
    k = BERGMANN_HOMMEL_MAX_K + 1
    with pytest.raises(ValueError, match="k <= 10 .* got k = 11; use method='shaffer'"):
        adjust_pairwise_pvalues(np.ones((k, k)), "bergmann-hommel")
    with pytest.raises(ValueError, match="adjust='bergmann-hommel' is limited"):
        pairwise_comparisons(np.random.default_rng(0).random((5, k)), "ttest", adjust="bergmann-hommel")
    adjust_pairwise_pvalues(np.ones((k, k)), "shaffer")  # Shaffer has no limit


@pytest.mark.parametrize(
    "pvalues, match",
    [
        (np.ones((2, 3)), r"square k x k matrix, got an array of shape \(2, 3\)"),
        (np.ones((1, 1)), "at least 2 algorithms"),
        ([[1.0, 0.1], [0.2, 1.0]], r"symmetric .* pvalues\[0, 1\] = 0.1 but pvalues\[1, 0\] = 0.2"),
        ([[1.0, 1.5], [1.5, 1.0]], r"must lie in \[0, 1\], got 1.5 at \[0, 1\]"),
        ([[np.nan, 0.1], [0.1, 1.0]], r"NaN at \[0, 0\]"),
    ],
)
def test_adjust_pairwise_bad_input(pvalues, match):
    with pytest.raises(ValueError, match=match):
        adjust_pairwise_pvalues(pvalues)


def test_adjust_pairwise_refuses_nemenyis_own_adjustment():
    with pytest.raises(ValueError, match="method must be one of"):
        adjust_pairwise_pvalues(np.ones((3, 3)), "studentized-range")


# --------------------------------------------------------------------------- pairwise_comparisons: oracles


def _long(scores):
    k = scores.shape[1]
    return pd.DataFrame({"v": scores.ravel(), "g": np.tile(np.arange(k), scores.shape[0])})


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("adjust", ["holm", "bonferroni", "hochberg", "hommel", "bh", "by"])
def test_wilcoxon_matches_scikit_posthocs(seed, adjust):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(6, 40)), int(rng.integers(3, 7))
    scores = rng.normal(size=(n, k)) + rng.normal(size=k) * 0.5  # continuous: no ties, no zeros
    for ours_method, scipy_method in (("exact", "exact"), ("approx", "asymptotic")):
        res = pairwise_comparisons(scores, "wilcoxon", adjust,
                                   test_options={"zero_method": "wilcox", "method": ours_method})
        ref = sp.posthoc_wilcoxon(_long(scores), val_col="v", group_col="g", method=scipy_method,
                                  zero_method="wilcox", p_adjust=STATSMODELS[adjust]).to_numpy()
        np.testing.assert_allclose(res.pvalues, ref, rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("seed", range(10))
def test_nemenyi_z_matches_scikit_posthocs_siegel_friedman(seed):
    rng = np.random.default_rng(seed)
    scores = rng.integers(0, 5, size=(int(rng.integers(3, 30)), int(rng.integers(3, 8)))).astype(float)
    for adjust in ("none", "holm", "hommel", "bh"):
        res = pairwise_comparisons(scores, "nemenyi", adjust)
        ref = sp.posthoc_siegel_friedman(scores, p_adjust=None if adjust == "none" else STATSMODELS[adjust])
        np.testing.assert_allclose(res.pvalues, ref.to_numpy(), rtol=1e-9, atol=1e-13)


@pytest.mark.parametrize("seed", range(10))
def test_studentized_range_is_nemenyis_test(seed):
    rng = np.random.default_rng(seed)
    scores = rng.normal(size=(int(rng.integers(5, 30)), int(rng.integers(3, 8))))
    res = pairwise_comparisons(scores, "nemenyi", "studentized-range", higher_is_better=False)
    np.testing.assert_array_equal(res.pvalues, nemenyi(scores, higher_is_better=False).pvalues)
    np.testing.assert_allclose(res.pvalues, sp.posthoc_nemenyi_friedman(scores).to_numpy(), atol=1e-6)
    # one critical difference: the groups are Demšar's CD cliques
    cd = critical_difference(scores.shape[1], scores.shape[0], 0.05)
    assert list(res.groups) == cd_cliques(res.mean_ranks, cd)


@pytest.mark.parametrize("seed", range(10))
def test_sign_and_ttest_match_scipy(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(5, 30)), int(rng.integers(3, 6))
    scores = np.round(rng.normal(size=(n, k)), 1)  # rounding: some ties
    sign = pairwise_comparisons(scores, "sign", "none", test_options={"ties": "drop"})
    t = pairwise_comparisons(scores, "ttest", "none")
    for i, j in _pairs(k):
        d = scores[:, i] - scores[:, j]
        wins, losses = int(np.sum(d > 0)), int(np.sum(d < 0))
        expected = stats.binomtest(wins, wins + losses, 0.5).pvalue if wins + losses else 1.0
        assert sign.raw_pvalues[i, j] == pytest.approx(expected, rel=1e-9)
        assert sign.statistics[i, j] == wins and sign.statistics[j, i] == losses
        if np.ptp(d) > 0:
            ref = stats.ttest_rel(scores[:, i], scores[:, j])
            assert t.raw_pvalues[i, j] == pytest.approx(ref.pvalue, rel=1e-9)
            assert t.statistics[i, j] == pytest.approx(ref.statistic, rel=1e-9)
            assert t.effect[i, j] == pytest.approx(np.mean(d), abs=1e-12)


def test_control_comparisons_reproduce_bonferroni_dunn():
    rng = np.random.default_rng(3)
    scores = rng.normal(size=(20, 5)) + [0.0, 0.3, 0.6, 0.9, 1.2]
    for adjust in ("bonferroni", "holm"):
        for control in range(5):
            ours = control_comparisons(scores, control, "nemenyi", adjust)
            ref = bonferroni_dunn(scores, control, adjust=adjust)
            assert ours.others == ref.others
            np.testing.assert_allclose(ours.statistics, ref.z, rtol=1e-12)
            np.testing.assert_allclose(ours.raw_pvalues, ref.raw_pvalues, rtol=1e-12)
            np.testing.assert_allclose(ours.pvalues, ref.pvalues, rtol=1e-12)


@pytest.mark.parametrize("seed", range(6))
def test_control_comparisons_are_a_row_of_the_pairwise_ones(seed):
    rng = np.random.default_rng(seed)
    scores = rng.normal(size=(15, 5))
    names = ("a", "b", "c", "d", "e")
    for test in ("wilcoxon", "sign", "ttest", "nemenyi"):
        pair = pairwise_comparisons(scores, test, "none", names=names)
        ctrl = control_comparisons(scores, "c", test, "holm", names=names)
        assert ctrl.control == 2 and ctrl.others == (0, 1, 3, 4)
        np.testing.assert_allclose(ctrl.raw_pvalues, pair.raw_pvalues[2, [0, 1, 3, 4]], rtol=1e-12)
        np.testing.assert_allclose(ctrl.effect, pair.effect[2, [0, 1, 3, 4]], rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(ctrl.pvalues, multipletests(ctrl.raw_pvalues, method="holm")[1], rtol=1e-12)


def test_control_comparisons_refuse_the_pairwise_procedures():
    scores = np.random.default_rng(0).random((6, 4))
    for adjust in ("shaffer", "bergmann-hommel", "studentized-range"):
        with pytest.raises(ValueError, match="reduce to here"):
            control_comparisons(scores, 0, adjust=adjust)


# --------------------------------------------------------------------------- which tests admit Shaffer (S1)


@pytest.mark.parametrize("test", ["wilcoxon", "sign"])
@pytest.mark.parametrize("adjust", ["shaffer", "bergmann-hommel"])
def test_logical_procedures_are_refused_with_pairwise_rank_and_sign_tests(test, adjust):
    # Statistics review S1: the null of a pairwise Wilcoxon (sign) test is not an equality of one parameter
    # per algorithm, so "A = B" and "B = C" do not imply "A = C" and Shaffer's logic does not apply
    scores = np.random.default_rng(0).normal(size=(10, 4))
    with pytest.raises(ValueError) as err:
        pairwise_comparisons(scores, test, adjust)
    message = str(err.value)
    for part in (f"adjust='{adjust}' cannot be used with test='{test}'", "'A = B' and 'B = C' imply 'A = C'",
                 "one parameter per algorithm", "A - B and B - C can satisfy it while A - C does not",
                 "posthoc_error_rates('non-transitive'", "adjust='holm'", "test='ttest'", "test='nemenyi'"):
        assert part in message, part
    # the same scores with a test of one parameter per algorithm are accepted
    for transitive in ("ttest", "nemenyi"):
        assert pairwise_comparisons(scores, transitive, adjust).adjust == adjust
    # Holm, Hochberg and Hommel need no logical relation
    for other in ("holm", "hochberg", "hommel", "bonferroni"):
        assert pairwise_comparisons(scores, test, other).adjust == other


def test_refusal_comes_before_the_size_limit_and_control_comparisons_keep_theirs():
    # the reason to refuse is the test, whatever k; against a control the procedures reduce to Holm anyway
    big = np.random.default_rng(1).normal(size=(6, BERGMANN_HOMMEL_MAX_K + 1))
    with pytest.raises(ValueError, match="cannot be used with test='wilcoxon'"):
        pairwise_comparisons(big, "wilcoxon", "bergmann-hommel")
    with pytest.raises(ValueError, match="reduce to here"):
        control_comparisons(big[:, :4], 0, "ttest", "shaffer")


def test_adjust_pairwise_pvalues_states_its_assumption():
    # it sees only p-values, so it documents the condition instead of checking it
    doc = adjust_pairwise_pvalues.__doc__
    assert "cannot check" in doc and "Wilcoxon" in doc and "one parameter per" in doc


# --------------------------------------------------------------------------- pool dependence (review A9)


def test_mean_rank_tests_depend_on_the_pool_and_wilcoxon_does_not():
    # Review A9 (shared/reviews/statistics-review.md): on seed 001's benchmark Nemenyi's p for
    # ranger vs rpart is 0.040 with all six learners, 0.076 without kknn, 0.0048 without featureless.
    bench = appml_benchmark()
    names = list(bench.algorithms)

    def nemenyi_p(drop):
        keep = [i for i, name in enumerate(names) if name != drop]
        sub = bench.scores[:, keep]
        kept = [names[i] for i in keep]
        ref = sp.posthoc_nemenyi_friedman(sub).to_numpy()  # the oracle, not our own nemenyi()
        return ref[kept.index("ranger"), kept.index("rpart")]

    assert nemenyi_p(None) == pytest.approx(0.040, abs=5e-4)
    assert nemenyi_p("kknn") == pytest.approx(0.076, abs=5e-4)
    assert nemenyi_p("featureless") == pytest.approx(0.0048, abs=5e-5)
    # our pairwise mean-rank test moves with the pool too; Wilcoxon's p for the pair never does
    full = pairwise_comparisons(bench.scores, "wilcoxon", "none", higher_is_better=False, names=names)
    full_z = pairwise_comparisons(bench.scores, "nemenyi", "none", higher_is_better=False, names=names)
    r, g = names.index("rpart"), names.index("ranger")
    moved = []
    for drop in ("featureless", "cv_glmnet", "kknn", "svm"):
        keep = [i for i, name in enumerate(names) if name != drop]
        kept = [names[i] for i in keep]
        sub = pairwise_comparisons(bench.scores[:, keep], "wilcoxon", "none", higher_is_better=False, names=kept)
        sub_z = pairwise_comparisons(bench.scores[:, keep], "nemenyi", "none", higher_is_better=False, names=kept)
        assert sub.raw_pvalues[kept.index("rpart"), kept.index("ranger")] == full.raw_pvalues[r, g]
        moved.append(sub_z.raw_pvalues[kept.index("rpart"), kept.index("ranger")])
    assert len({round(p, 6) for p in moved + [full_z.raw_pvalues[r, g]]}) == 5


# --------------------------------------------------------------------------- fixtures


def _demsar_table6_tie_broken_as_printed():
    table = posthoc_example("demsar2006_table6")
    scores = np.array(table.scores)
    voting = table.datasets.index("voting")
    scores[voting, 2] += 1e-4  # the paper ranks C4.5+cf (2) ahead of C4.5+m+cf (3) at the printed 0.975
    return table, scores


def test_demsar_table6_reuses_table2_and_reproduces_the_printed_ranks():
    table = posthoc_example("demsar2006_table6")
    table2 = wilcoxon_example("demsar2006_table2")
    np.testing.assert_array_equal(table.scores[:, 0], table2.scores_2)  # C4.5
    np.testing.assert_array_equal(table.scores[:, 1], table2.scores_1)  # C4.5+m
    assert table.datasets == table2.datasets
    printed = np.array(table.printed["ranks"])
    ranks = stats.rankdata(-table.scores, axis=1)
    voting = table.datasets.index("voting")
    others = np.arange(14) != voting
    np.testing.assert_array_equal(ranks[others], printed[others])
    np.testing.assert_array_equal(ranks[voting], [4, 1, 2.5, 2.5])  # tied as printed; the paper says 2 and 3
    _, scores = _demsar_table6_tie_broken_as_printed()
    np.testing.assert_array_equal(stats.rankdata(-scores, axis=1), printed)
    fr = friedman(scores, tie_correction=False)
    np.testing.assert_allclose(fr.mean_ranks, table.printed["mean_ranks"], atol=5e-4)
    assert fr.statistic == pytest.approx(table.printed["friedman_chi2"], abs=0.005)
    assert fr.iman_davenport == pytest.approx(table.printed["iman_davenport"], abs=0.005)


def test_demsar_table6_post_hoc_numbers():
    table, scores = _demsar_table6_tie_broken_as_printed()
    printed = table.printed
    # Nemenyi: nothing at 0.05; at 0.10 C4.5 is worse than C4.5+m and C4.5+m+cf (section 3.2.2)
    assert critical_difference(4, 14, 0.05) == pytest.approx(printed["cd_nemenyi_0.05"], abs=0.005)
    assert critical_difference(4, 14, 0.10) == pytest.approx(printed["cd_nemenyi_0.10"], abs=0.005)
    # 2.394 * 0.488 = 1.168: the paper truncates to 1.16, as it truncates its Table 5
    cd_bd = critical_difference(4, 14, 0.05, "bonferroni-dunn")
    assert printed["cd_bonferroni_dunn_0.05"] <= cd_bd < printed["cd_bonferroni_dunn_0.05"] + 0.01
    names = table.algorithms
    at05 = pairwise_comparisons(scores, "nemenyi", "studentized-range", names=names)
    at10 = pairwise_comparisons(scores, "nemenyi", "studentized-range", alpha=0.10, names=names)
    assert not at05.significant.any()
    found = {(names[i], names[j]) for i, j in zip(*np.nonzero(at10.significant)) if at10.effect[i, j] > 0}
    assert found == {tuple(pair) for pair in printed["nemenyi_0.10_significant_pairs"]}
    # control comparisons against C4.5 from the printed average ranks: z, p and the Holm, Hochberg,
    # Hommel decisions of the paper
    se = np.sqrt(4 * 5 / (6 * 14))
    assert se == pytest.approx(printed["se"], abs=5e-4)
    ranks = dict(zip(names, printed["mean_ranks"]))
    z = np.array([(ranks["C4.5"] - ranks[name]) / printed["se"] for name in printed["control_order"]])
    np.testing.assert_allclose(z, printed["control_z"], atol=5e-4)  # the paper divides by SE rounded to 0.488
    p = 2 * stats.norm.sf(z)
    np.testing.assert_allclose(p[:2], printed["control_p"][:2], atol=5e-4)
    assert p[2] == pytest.approx(0.608, abs=5e-4)  # printed 0.607; 2 P(Z > 0.25 / 0.488) = 0.608
    for method in ("holm", "hochberg", "hommel"):
        np.testing.assert_array_equal(adjust_pvalues(p, method) <= 0.05, [True, True, False])
    ctrl = control_comparisons(scores, "C4.5", "nemenyi", "holm", names=names)
    assert {names[i] for i, s in zip(ctrl.others, ctrl.significant) if s} == set(
        printed["control_rejected_holm_hochberg_hommel"])


def _exact_signed_rank_p(d):
    """Two-sided exact p of the zero-split signed-rank test by enumerating every sign pattern."""
    ranks = stats.rankdata(np.abs(d))
    zero = d == 0
    fixed = ranks[zero].sum() / 2  # zsplit: half the zero ranks to R+
    free = ranks[~zero]
    observed = fixed + ranks[d > 0].sum()
    signs = np.array(list(itertools.product([0, 1], repeat=free.size)))
    r_plus = fixed + signs @ free
    lo = np.mean(r_plus <= observed + 1e-9)
    hi = np.mean(r_plus >= observed - 1e-9)
    return min(1.0, 2 * min(lo, hi))


def test_demsar_table6_all_pairs_wilcoxon_holm():
    # Issue 16 says all-pairs Wilcoxon with Holm leaves nothing significant on this table (smallest
    # adjusted p about 0.066). That is the normal approximation; with the exact null distribution
    # the smallest adjusted p is 0.047: C4.5+m against C4.5 is significant at the 5 % level.
    table = posthoc_example("demsar2006_table6")
    scores = np.round(table.scores, 3)
    k = scores.shape[1]
    exact = pairwise_comparisons(scores, "wilcoxon", "holm", names=table.algorithms)
    approx = pairwise_comparisons(scores, "wilcoxon", "holm", names=table.algorithms,
                                  test_options={"method": "approx"})
    raw_exact, raw_approx = [], []
    for i, j in _pairs(k):
        d = np.round(scores[:, i] - scores[:, j], 3)
        raw_exact.append(_exact_signed_rank_p(d))
        # the library's default zero method is Pratt's (chapter 5)
        raw_approx.append(stats.wilcoxon(d, zero_method="pratt", method="asymptotic").pvalue)
    iu = np.triu_indices(k, 1)
    np.testing.assert_allclose(exact.raw_pvalues[iu], raw_exact, rtol=1e-10)
    np.testing.assert_allclose(approx.raw_pvalues[iu], raw_approx, rtol=1e-9)
    holm_exact = multipletests(raw_exact, method="holm")[1]
    holm_approx = multipletests(raw_approx, method="holm")[1]
    np.testing.assert_allclose(exact.pvalues[iu], holm_exact, rtol=1e-10)
    # 0.0648 with Pratt's zeros (0.0658 with zsplit, the "about 0.066"): nothing significant
    assert holm_approx.min() == pytest.approx(0.0648, abs=5e-4) and not (holm_approx <= 0.05).any()
    assert holm_exact.min() == pytest.approx(0.047, abs=5e-4)
    best = np.argmin(holm_exact)
    assert {table.algorithms[iu[0][best]], table.algorithms[iu[1][best]]} == {"C4.5", "C4.5+m"}
    assert exact.significant.sum() == 2 and not approx.significant.any()


def test_garcia_herrera_2008_table_against_scmamp():
    table = posthoc_example("garcia_herrera2008_30x5")
    printed = table.printed
    assert table.scores.shape == (30, 5) and table.higher_is_better
    res = pairwise_comparisons(table.scores, "nemenyi", "none", names=table.algorithms)
    np.testing.assert_allclose(res.mean_ranks, printed["mean_ranks"], atol=5e-7)
    np.testing.assert_allclose(res.raw_pvalues, printed["friedman_post_raw_pvalues"], rtol=5e-7)
    fr = friedman(table.scores, tie_correction=False)
    assert fr.statistic == pytest.approx(printed["friedman_chi2_no_tie_correction"], abs=5e-4)
    assert fr.chi2_pvalue == pytest.approx(printed["friedman_pvalue_no_tie_correction"], rel=1e-3)
    # each logical procedure rejects at least what the one before rejects, here strictly more
    rejected = {adjust: int(np.triu(pairwise_comparisons(table.scores, "nemenyi", adjust).significant).sum())
                for adjust in ("bonferroni", "holm", "shaffer", "bergmann-hommel")}
    assert rejected["bonferroni"] < rejected["holm"] < rejected["shaffer"] < rejected["bergmann-hommel"]


def test_seed001_benchmark_under_three_procedures():
    bench = appml_benchmark()
    scores, names = bench.scores, bench.algorithms
    k = len(names)
    iu = np.triu_indices(k, 1)
    # Nemenyi (studentized range) against scikit-posthocs
    nem = pairwise_comparisons(scores, "nemenyi", "studentized-range", higher_is_better=False, names=names)
    np.testing.assert_allclose(nem.pvalues, sp.posthoc_nemenyi_friedman(scores).to_numpy(), atol=1e-6)
    assert list(nem.groups) == cd_cliques(nem.mean_ranks, critical_difference(k, 16))
    # Wilcoxon with Holm: exact p by enumerating the 2^16 sign patterns, Holm by statsmodels
    raw = np.array([_exact_signed_rank_p(np.round(scores[:, i] - scores[:, j], 4)) for i, j in _pairs(k)])
    wil = pairwise_comparisons(np.round(scores, 4), "wilcoxon", "holm", higher_is_better=False, names=names)
    np.testing.assert_allclose(wil.raw_pvalues[iu], raw, rtol=1e-9)
    np.testing.assert_allclose(wil.pvalues[iu], multipletests(raw, method="holm")[1], rtol=1e-9)
    # Shaffer on the mean-rank z-tests (García & Herrera 2008), by the definition, on the raw p-values of
    # scikit-posthocs' posthoc_siegel_friedman (the same z-test, unadjusted)
    raw_z = sp.posthoc_siegel_friedman(scores).to_numpy()[iu]
    sha = pairwise_comparisons(scores, "nemenyi", "shaffer", higher_is_better=False, names=names)
    np.testing.assert_allclose(sha.pvalues[iu], _shaffer_by_definition(raw_z, k), rtol=1e-9)
    holm_z = pairwise_comparisons(scores, "nemenyi", "holm", higher_is_better=False, names=names)
    assert np.all(sha.pvalues <= holm_z.pvalues + 1e-15)
    # every group is a run of the mean-rank order with no significant pair inside
    for res in (nem, wil, sha):
        order = list(np.argsort(res.mean_ranks, kind="stable"))
        for g in res.groups:
            positions = [order.index(a) for a in g]
            assert positions == list(range(positions[0], positions[0] + len(g)))
            assert not res.significant[np.ix_(g, g)].any()


def test_posthoc_examples_are_fresh_copies():
    first = posthoc_examples()["demsar2006_table6"]
    first.printed["mean_ranks"][0] = -1.0
    assert posthoc_example("demsar2006_table6").printed["mean_ranks"][0] == 3.143
    assert not first.scores.flags.writeable
    with pytest.raises(ValueError, match="key must be one of"):
        posthoc_example("no-such-table")


# --------------------------------------------------------------------------- family-wise error by simulation


def _fwer_upper_bound_ok(rejections, alpha):
    hits = int(np.sum(rejections))
    low = proportion_interval(hits, len(rejections), 0.99).low
    return float(low) <= alpha, hits / len(rejections)


def test_familywise_error_under_the_complete_null():
    # k = 5 exchangeable algorithms on 15 data sets: every pairwise H0 is true. Each FWER procedure
    # (and BH, BY, whose FDR equals the FWER here) rejects some pair in at most alpha of the
    # experiments, up to Monte Carlo error (99 % Wilson interval). Under the complete null Shaffer's and
    # Bergmann-Hommel's first step is Bonferroni's, so they hold with any valid p-values, Wilcoxon's too;
    # under partial nulls they need transitive hypotheses (lecture_lib.simulate.posthoc_error_rates).
    rng = np.random.default_rng(2026)
    alpha, n_sim = 0.05, 1000
    methods = ("bonferroni", "holm", "hochberg", "hommel", "bh", "by", "shaffer", "bergmann-hommel")
    any_wilcoxon = {m: [] for m in methods + ("none",)}
    any_nemenyi = {m: [] for m in ("studentized-range", "holm", "shaffer", "bergmann-hommel")}
    for _ in range(n_sim):
        scores = rng.normal(size=(15, 1)) + rng.normal(size=(15, 5))  # data set effect + noise
        raw = pairwise_comparisons(scores, "wilcoxon", "none").raw_pvalues
        any_wilcoxon["none"].append((raw[np.triu_indices(5, 1)] <= alpha).any())
        for m in methods:
            any_wilcoxon[m].append((adjust_pairwise_pvalues(raw, m) <= alpha).any())
        for m in any_nemenyi:
            any_nemenyi[m].append(pairwise_comparisons(scores, "nemenyi", m).significant.any())
    for m in methods:
        ok, rate = _fwer_upper_bound_ok(any_wilcoxon[m], alpha)
        assert ok, (m, rate)
    for m, hits in any_nemenyi.items():
        ok, rate = _fwer_upper_bound_ok(hits, alpha)
        assert ok, (m, rate)
    assert np.mean(any_wilcoxon["none"]) > 0.15  # without adjustment the 10 tests reject far too often


def test_familywise_error_under_a_partial_null():
    # Two groups of two equal algorithms, apart: 2 true hypotheses (A = B, C = D), 4 false.
    # Strong FWER control: the logical procedures must not reject A = B or C = D more than alpha.
    # Paired t-tests on normal scores: equal means, a transitive relation, as Shaffer's logic needs.
    rng = np.random.default_rng(7)
    alpha, n_sim = 0.05, 800
    wrong = {m: [] for m in ("holm", "shaffer", "bergmann-hommel", "hommel")}
    power = {m: [] for m in wrong}
    for _ in range(n_sim):
        scores = rng.normal(size=(12, 1)) + rng.normal(size=(12, 4)) + [0.0, 0.0, 1.2, 1.2]
        raw = pairwise_comparisons(scores, "ttest", "none").raw_pvalues
        for m in wrong:
            sig = adjust_pairwise_pvalues(raw, m) <= alpha
            wrong[m].append(sig[0, 1] or sig[2, 3])
            power[m].append(sig[np.ix_([0, 1], [2, 3])].sum())
    for m, hits in wrong.items():
        ok, rate = _fwer_upper_bound_ok(hits, alpha)
        assert ok, (m, rate)
    # and they find more of the four true differences than Holm
    assert np.mean(power["bergmann-hommel"]) > np.mean(power["shaffer"]) > np.mean(power["holm"])


# --------------------------------------------------------------------------- behaviour, invariances, input


def test_result_fields_and_printing():
    bench = appml_benchmark()
    res = pairwise_comparisons(bench.scores, higher_is_better=False, names=bench.algorithms)
    k = len(bench.algorithms)
    for arr in (res.raw_pvalues, res.pvalues, res.effect, res.statistics):
        assert arr.shape == (k, k) and not arr.flags.writeable
    np.testing.assert_array_equal(res.effect, -res.effect.T)
    np.testing.assert_array_equal(res.pvalues, res.pvalues.T)
    assert res.pvalue == res.pvalues[np.triu_indices(k, 1)].min()
    assert res.error_rate == "FWER" and res.n_datasets == 16
    rows = res.pairs()
    assert len(rows) == k * (k - 1) // 2
    assert [r["raw_pvalue"] for r in rows] == sorted(r["raw_pvalue"] for r in rows)
    for r in rows:  # the better one first, with a non-negative effect
        i, j = bench.algorithms.index(r["pair"][0]), bench.algorithms.index(r["pair"][1])
        assert r["effect"] == res.effect[i, j] >= 0
        # errors: the better learner has the lower median error on the data sets
        assert r["effect"] == pytest.approx(np.median(bench.scores[:, j] - bench.scores[:, i]))
    text = str(res)
    assert "adjust='holm'" in text and "ranger vs featureless" in text and "groups" in text
    ctrl = control_comparisons(bench.scores, "ranger", higher_is_better=False, names=bench.algorithms)
    assert "ranger against 5 other algorithms" in str(ctrl)
    assert pairwise_comparisons(bench.scores, adjust="bh").error_rate == "FDR"


@pytest.mark.parametrize("test", ["wilcoxon", "sign", "ttest", "nemenyi"])
def test_invariances(test):
    rng = np.random.default_rng(11)
    scores = rng.normal(size=(12, 4)) + [0, 0.5, 1.0, 1.5]
    base = pairwise_comparisons(scores, test, "holm")
    # flipping the orientation (errors = -accuracies) changes nothing
    flipped = pairwise_comparisons(-scores, test, "holm", higher_is_better=False)
    np.testing.assert_allclose(flipped.pvalues, base.pvalues, rtol=1e-12)
    np.testing.assert_allclose(flipped.effect, base.effect, rtol=1e-12, atol=1e-15)
    # shuffling the data sets changes nothing
    shuffled = pairwise_comparisons(scores[rng.permutation(12)], test, "holm")
    np.testing.assert_allclose(shuffled.pvalues, base.pvalues, rtol=1e-12)
    # permuting the algorithms permutes the matrices
    perm = rng.permutation(4)
    moved = pairwise_comparisons(scores[:, perm], test, "holm")
    np.testing.assert_allclose(moved.pvalues, base.pvalues[np.ix_(perm, perm)], rtol=1e-12)
    np.testing.assert_allclose(moved.effect, base.effect[np.ix_(perm, perm)], rtol=1e-12, atol=1e-15)


def test_identical_algorithms_give_p_one_and_one_group():
    scores = np.tile(np.linspace(0.6, 0.9, 8)[:, None], (1, 3))
    for test, adjust in (("wilcoxon", "holm"), ("sign", "holm"), ("ttest", "bergmann-hommel"),
                         ("nemenyi", "bergmann-hommel")):
        res = pairwise_comparisons(scores, test, adjust)
        np.testing.assert_array_equal(res.pvalues, 1.0)
        assert res.groups == ((0, 1, 2),)
        np.testing.assert_array_equal(res.effect, 0.0)


def test_input_is_not_modified_and_data_frames_give_names():
    scores = np.random.default_rng(0).random((8, 3))
    before = scores.copy()
    pairwise_comparisons(scores, "ttest", "shaffer")
    control_comparisons(scores, 1)
    np.testing.assert_array_equal(scores, before)
    frame = pd.DataFrame(scores, columns=["x", "y", "z"])
    assert pairwise_comparisons(frame).names == ("x", "y", "z")
    assert control_comparisons(frame, "z").control == 2


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"test": "friedman"}, ValueError, "test must be one of"),
        ({"adjust": "tukey"}, ValueError, "adjust must be one of"),
        ({"adjust": "studentized-range"}, ValueError, "needs test='nemenyi', got test='wilcoxon'"),
        ({"names": ["a", "b"]}, ValueError, "got 2 names for 3 columns"),
        ({"names": ["a", "a", "b"]}, ValueError, "names must be distinct"),
        ({"names": "abc"}, TypeError, "names must be a sequence of 3 strings"),
        ({"test_options": {"alternative": "greater"}}, ValueError,
         r"may set \('zero_method', 'method', 'correction'\)"),
        ({"test": "nemenyi", "test_options": {"ties": "drop"}}, ValueError, "may set nothing"),
        ({"test_options": "exact"}, TypeError, "test_options must be a dict"),
        ({"test_options": {"method": "permutation"}}, ValueError, "method must be one of"),
        ({"higher_is_better": "yes"}, TypeError, "higher_is_better must be True or False"),
        ({"alpha": 0.0}, ValueError, r"alpha must lie in \(0, 1\)"),
    ],
)
def test_pairwise_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        pairwise_comparisons(np.random.default_rng(0).random((6, 3)), **kwargs)


@pytest.mark.parametrize(
    "scores, match",
    [
        (np.ones((1, 3)), "at least 2 data sets"),
        (np.ones((4, 1)), "at least 2 algorithms"),
        (np.ones(4), "must be 2-D"),
        ([[1.0, np.inf], [0.0, 1.0]], r"scores contains inf \(first at index \(0, 1\)\)"),
    ],
)
def test_score_table_bad_input(scores, match):
    with pytest.raises(ValueError, match=match):
        pairwise_comparisons(scores)


@pytest.mark.parametrize(
    "control, error, match",
    [
        (3, ValueError, r"column index in \[0, 2\], got 3"),
        ("d", ValueError, "one of the algorithm names"),
        (True, TypeError, "control must be a column index"),
        (1.5, TypeError, "control must be a column index"),
    ],
)
def test_control_bad_input(control, error, match):
    with pytest.raises(error, match=match):
        control_comparisons(np.random.default_rng(0).random((6, 3)), control, names=["a", "b", "c"])


# ---------------------------------------------------------------- chapter 6: the post-hoc explorer (widgets/posthoc.py)

BENCH = appml_benchmark()


@pytest.mark.parametrize("procedure", list(POSTHOC_PROCEDURES))
def test_each_procedure_is_pairwise_comparisons_with_its_options(procedure):
    test, adjust = POSTHOC_PROCEDURES[procedure]
    result, text = posthoc_procedure(BENCH.scores, procedure, BENCH.algorithms, higher_is_better=False)
    direct = pairwise_comparisons(BENCH.scores, test=test, adjust=adjust, names=BENCH.algorithms,
                                  higher_is_better=False)
    np.testing.assert_array_equal(result.pvalues, direct.pvalues)
    assert result.groups == direct.groups
    n_significant = int(direct.significant.sum()) // 2
    assert text.startswith(f"<b>{procedure}</b>: {n_significant} of 15 pairs differ significantly")
    assert ("not controlled" in text) == (adjust == "none")
    assert ("a bound on the family-wise error" in text) == (adjust != "none")


def test_procedures_are_all_accepted_and_logical_ones_use_mean_ranks():
    # issue 24: no procedure of the menu is one that pairwise_comparisons refuses (S1)
    for label, (test, adjust) in POSTHOC_PROCEDURES.items():
        if adjust in ("shaffer", "bergmann-hommel"):
            assert test in ("nemenyi", "ttest"), label
    assert len(POSTHOC_PROCEDURES) == 6
    iu = np.triu_indices(6, 1)
    raw_z = sp.posthoc_siegel_friedman(BENCH.scores).to_numpy()[iu]  # the mean-rank z, unadjusted (oracle)
    sha, text = posthoc_procedure(BENCH.scores, "mean ranks, Shaffer", BENCH.algorithms, higher_is_better=False)
    np.testing.assert_allclose(sha.pvalues[iu], _shaffer_by_definition(raw_z, 6), rtol=1e-9)
    bh, _ = posthoc_procedure(BENCH.scores, "mean ranks, Bergmann-Hommel", BENCH.algorithms, higher_is_better=False)
    np.testing.assert_allclose(bh.pvalues[iu], _bergmann_hommel_by_definition(raw_z, 6), rtol=1e-9)
    # the mean-rank procedures say under which null their family-wise promise holds; the others do not
    for label, (test, _) in POSTHOC_PROCEDURES.items():
        _, text = posthoc_procedure(BENCH.scores, label, BENCH.algorithms, higher_is_better=False)
        assert ("when all learners are exchangeable" in text) == (test == "nemenyi"), label


def test_nemenyi_procedure_is_nemenyis_test():
    # Nemenyi's own p-values, including the far-tail pair ranger vs featureless (about 7.7e-10)
    result, text = posthoc_procedure(BENCH.scores, "Nemenyi (mean ranks)", BENCH.algorithms, higher_is_better=False)
    np.testing.assert_allclose(result.pvalues, nemenyi(BENCH.scores, higher_is_better=False).pvalues, rtol=1e-12)
    assert "ranger better than featureless" in text and "7.7e-10" in text


def test_posthoc_procedure_bad_input():
    with pytest.raises(ValueError, match="procedure must be one of"):
        posthoc_procedure(BENCH.scores, "Tukey", BENCH.algorithms)


def test_explorer_switches_and_is_fast_after_the_first_draw():
    box = posthoc_explorer(BENCH.scores, BENCH.algorithms, higher_is_better=False)
    menu, text = box.children[0], box.children[1]
    assert tuple(menu.options) == tuple(POSTHOC_PROCEDURES) and menu.value == "Wilcoxon, Holm"
    for label in POSTHOC_PROCEDURES:  # first draw of each procedure (computes and caches it)
        menu.value = label
        assert text.value.startswith(f"<b>{label}</b>")
    times = []
    for label in list(POSTHOC_PROCEDURES) * 2:
        start = time.perf_counter()
        menu.value = label
        times.append(time.perf_counter() - start)
    assert np.median(times) < 0.1  # well under 100 ms on a shared machine (about 30 ms measured)


def test_explorer_bad_input():
    with pytest.raises(ValueError, match="names"):
        posthoc_explorer(BENCH.scores, ["a", "b"])
    with pytest.raises(TypeError, match="higher_is_better"):
        posthoc_explorer(BENCH.scores, BENCH.algorithms, higher_is_better="no")
