"""Clustered McNemar tests and Obuchowski's clustered AUC test (chapter 10).

Oracles: the statistics published for the thyroid and psychiatry data (Durkalski et al. 2003, Yang et al.
2010), the R package clust.bin.pair 0.1.2 on those data and 40 random clustered test sets
(tests/oracles/clust_bin_pair.json, made by tests/oracles/clust_bin_pair.R), McNemar's statistic and
DeLong's test with one example per group, statsmodels' cluster-robust standard error of a mean, and a
direct O(n^2) implementation of Obuchowski's (1997) formulas. Validity: small simulations of the level.
"""

import json
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from lecture_lib.auc import auc_example, delong_test
from lecture_lib.clustered_tests import (
    CLUSTERED_MCNEMAR_METHODS,
    ClusteredAUCResult,
    ClusteredMcNemarResult,
    clustered_auc_test,
    clustered_mcnemar,
    simulate_clustered_mcnemar,
)
from lecture_lib.mcnemar import mcnemar, mcnemar_table

ORACLE = json.loads((Path(__file__).parent / "oracles" / "clust_bin_pair.json").read_text(encoding="utf-8"))
CASES = {case["name"]: case for case in ORACLE["cases"]}


def examples(case):
    return case["y_true"], case["y_pred_1"], case["y_pred_2"], case["groups"]


def clustered_pairs(seed, n_groups=12, sizes=(1, 8), sd=1.0):
    """Per-example predictions with group effects on each model's chance of being right."""
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(n_groups), rng.integers(sizes[0], sizes[1] + 1, n_groups))
    n = groups.size
    y = rng.integers(0, 2, n)
    right_1 = rng.random(n) < stats.norm.cdf(0.8 + rng.normal(0, sd, n_groups)[groups])
    right_2 = rng.random(n) < stats.norm.cdf(0.6 + rng.normal(0, sd, n_groups)[groups])
    return y, np.where(right_1, y, 1 - y), np.where(right_2, y, 1 - y), groups


# ------------------------------------------------------------------ published values


# Durkalski et al. (2003), their tables for the thyroid (Obuchowski 1998) and psychiatry (Donner & Petryshen
# 1989) data, and Yang et al. (2010) for "yang"; as quoted, with the paper each comes from, in clust.bin.pair
# 0.1.2's tests/testthat/test_clust_bin_pair.R ("Thyroid/Psychiatry chi-square statistics match up with
# published values"). That file also quotes 2.88 for the thyroid data from Obuchowski (1998) herself, and leaves
# that check commented out: clust.bin.pair (and so this library) gives Durkalski's 2.86.
PUBLISHED = {
    "thyroids": {"eliasziw": (3.66, 2), "obuchowski": (2.86, 2), "durkalski": (2.32, 2), "yang": (3.13, 2)},
    "psychiatry": {"eliasziw": (10.23, 2), "obuchowski": (7.19, 2), "durkalski": (7.542, 3), "yang": (8.43, 2)},
}
# McNemar's uncorrected statistic on the same data, as Durkalski et al. (2003) print it (via the same R test file)
PUBLISHED_MCNEMAR = {"thyroids": (4.5, 1), "psychiatry": (11.8451, 4)}


@pytest.mark.parametrize("data", ["thyroids", "psychiatry"])
@pytest.mark.parametrize("method", CLUSTERED_MCNEMAR_METHODS)
def test_published_statistics(data, method):
    value, decimals = PUBLISHED[data][method]
    res = clustered_mcnemar(*examples(CASES[data]), method=method)
    assert round(res.statistic, decimals) == pytest.approx(value, abs=1e-12)
    assert res.pvalue == pytest.approx(stats.chi2.sf(value, 1), abs=10 ** -decimals)


@pytest.mark.parametrize("data", ["thyroids", "psychiatry"])
def test_published_mcnemar_statistic_of_the_same_tables(data):
    value, decimals = PUBLISHED_MCNEMAR[data]
    y, p1, p2, _ = examples(CASES[data])
    assert round(mcnemar(mcnemar_table(y, p1, p2), method="chi2").statistic, decimals) == pytest.approx(value)


def test_data_sets_have_the_documented_sizes():
    # clust.bin.pair 0.1.2 man pages: thyroids has 21 patients, psychiatry 29 psychiatrists and N = 135 pairs
    assert clustered_mcnemar(*examples(CASES["thyroids"])).n_groups == 21
    res = clustered_mcnemar(*examples(CASES["psychiatry"]))
    assert (res.n_groups, res.n) == (29, 135)


# ------------------------------------------------------------------ clust.bin.pair 0.1.2 on 42 data sets


def _categorise_r_nan(case):
    """Why clust.bin.pair's Eliasziw statistic is NaN: no discordance, all groups of one example, or a single
    discordant group (Inf - Inf in its S0 + Kd (S-bar - S0))."""
    s_k = np.asarray(case["bk"]) + np.asarray(case["ck"])
    sizes = np.asarray(case["ak"]) + s_k + np.asarray(case["dk"])
    if s_k.sum() == 0:
        return "no discordance"
    if sizes.max() == 1:
        return "singletons"
    if (s_k > 0).sum() == 1:
        return "one discordant group"
    return "other"


@pytest.mark.parametrize("name", list(CASES))
def test_matches_clust_bin_pair(name):
    case = CASES[name]
    y, p1, p2, g = examples(case)
    b, c = sum(case["bk"]), sum(case["ck"])
    mcnemar_stat = 0.0 if b + c == 0 else (b - c) ** 2 / (b + c)
    for method in CLUSTERED_MCNEMAR_METHODS:
        res = clustered_mcnemar(y, p1, p2, g, method=method)
        assert (res.b, res.c, res.n_groups) == (b, c, len(case["ak"]))
        expected = case["r"][method]["statistic"]
        if expected is not None and expected >= 0:
            assert res.statistic == pytest.approx(expected, rel=1e-9, abs=1e-12)
            assert res.pvalue == pytest.approx(case["r"][method]["pvalue"], rel=1e-9, abs=1e-12)
        elif expected is None and method != "eliasziw":  # R: 0/0 without discordance; documented: 0 and 1
            assert b + c == 0 and (res.statistic, res.pvalue) == (0.0, 1.0)
        elif expected is None:
            why = _categorise_r_nan(case)
            assert why != "other", "R returned NaN for a reason the docstring does not cover"
            if why == "no discordance":
                assert (res.statistic, res.pvalue) == (0.0, 1.0)
            elif why == "singletons":
                assert res.statistic == pytest.approx(mcnemar_stat, rel=1e-12) and res.inflation == 1.0
            else:  # n_c is the one group's S_k, the limit of R's expression
                s_k = max(np.asarray(case["bk"]) + np.asarray(case["ck"]))
                assert res.inflation == pytest.approx(1 + (s_k - 1) * res.icc, rel=1e-12)
                assert res.statistic == pytest.approx(mcnemar_stat / res.inflation, rel=1e-12)
        else:  # R's statistic is negative: inflation <= 0; documented fallback C = 1
            assert method == "eliasziw" and res.inflation == 1.0
            assert res.statistic == pytest.approx(mcnemar_stat, rel=1e-12)
        assert 0.0 <= res.pvalue <= 1.0


def test_oracle_covers_the_cases_it_claims():
    reasons = {_categorise_r_nan(c) for c in ORACLE["cases"] if c["r"]["eliasziw"]["statistic"] is None}
    finite = sum(c["r"]["eliasziw"]["statistic"] is not None for c in ORACLE["cases"])
    sizes = [np.add.reduce([c["ak"], c["bk"], c["ck"], c["dk"]]) for c in ORACLE["cases"]]
    assert len(ORACLE["cases"]) == 42 and finite >= 25 and reasons <= {"no discordance", "singletons",
                                                                      "one discordant group"}
    assert any(s.min() == 1 < s.max() for s in sizes) and any(len(s) == 2 for s in sizes)
    assert ORACLE["package_version"] == "0.1.2"


# ------------------------------------------------------------------ one example per group


@pytest.mark.parametrize("seed", range(30))
def test_singleton_groups_reduce_to_mcnemar(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 200))
    y = rng.integers(0, 3, n)
    p1 = np.where(rng.random(n) < 0.8, y, (y + 1) % 3)
    p2 = np.where(rng.random(n) < 0.7, y, (y + 2) % 3)
    groups = rng.permutation(n).astype(str)
    plain = mcnemar(mcnemar_table(y, p1, p2), method="chi2")
    # Durkalski: D_k / n_k = D_k and D_k^2 = |D_k|, so the statistic is (b - c)^2 / (b + c) exactly
    assert clustered_mcnemar(y, p1, p2, groups, method="durkalski").statistic == pytest.approx(plain.statistic,
                                                                                            rel=1e-12)
    eliasziw = clustered_mcnemar(y, p1, p2, groups, method="eliasziw")
    assert eliasziw.statistic == pytest.approx(plain.statistic, rel=1e-12) and eliasziw.inflation == 1.0
    # Obuchowski's null variance carries K / (K - 1): (K - 1) / K times McNemar's statistic
    obuchowski = clustered_mcnemar(y, p1, p2, groups, method="obuchowski")
    assert obuchowski.statistic == pytest.approx((n - 1) / n * plain.statistic, rel=1e-12)
    # Yang's denominator is (b + c) - (b - c)^2 / (2 N), times K / (K - 1): not McNemar's
    b, c = plain.b, plain.c
    if b + c > 0:
        yang = clustered_mcnemar(y, p1, p2, groups, method="yang").statistic
        assert yang == pytest.approx((n - 1) / n * (b - c) ** 2 / ((b + c) - (b - c) ** 2 / (2 * n)), rel=1e-12)


# ------------------------------------------------------------------ interval, degenerate cases, results


@pytest.mark.parametrize("seed", range(20))
def test_interval_uses_statsmodels_cluster_robust_variance(seed):
    # OLS of d_i = right_1 - right_2 on a constant with cluster-robust covariance (statsmodels 0.14's
    # correction G/(G-1) (N-1)/(N-k) is G/(G-1) for k = 1): the same variance as Obuchowski's ratio estimator.
    sm = pytest.importorskip("statsmodels.api")
    y, p1, p2, g = clustered_pairs(seed, n_groups=int(np.random.default_rng(seed).integers(3, 30)))
    d = (p1 == y).astype(float) - (p2 == y)
    fit = sm.OLS(d, np.ones_like(d)).fit(cov_type="cluster", cov_kwds={"groups": g})
    res = clustered_mcnemar(y, p1, p2, g, confidence=0.9)
    ci = fit.conf_int(alpha=0.1)[0]
    assert res.accuracy_difference.estimate == pytest.approx(d.mean(), abs=1e-14)
    if fit.bse[0] > 0:  # statsmodels' normal interval when use_t is False
        assert (res.accuracy_difference.low, res.accuracy_difference.high) == pytest.approx(tuple(ci), rel=1e-9)
    assert res.effect_interval is res.accuracy_difference and res.effect_null == 0.0


def test_no_discordance_or_balanced_groups_give_zero_and_one():
    y = np.ones(8, dtype=int)
    g = np.repeat([0, 1, 2, 3], 2)
    for p1, p2 in ((y, y), (np.array([1, 0] * 4), np.array([0, 1] * 4))):  # b = c = 0; every D_k = 0
        for method in CLUSTERED_MCNEMAR_METHODS:
            res = clustered_mcnemar(y, p1, p2, g, method=method)
            assert (res.statistic, res.pvalue) == (0.0, 1.0)
            assert res.accuracy_difference.low == res.accuracy_difference.high == 0.0


def test_all_examples_in_one_discordant_cell():
    # every group has D_k = n_k: rho* = 1 (documented), so C = n_c = sum S_k^2 / sum S_k and X^2 = K for equal
    # sizes; the interval collapses to the point 1 (all D_k / n_k equal)
    y = np.ones(12, dtype=int)
    g = np.repeat(np.arange(4), 3)
    res = clustered_mcnemar(y, y, 1 - y, g, method="eliasziw")
    assert res.icc == 1.0 and res.inflation == 3.0 and res.statistic == pytest.approx(4.0)
    assert res.accuracy_difference.low == res.accuracy_difference.high == 1.0
    # Durkalski's statistic is (sum w)^2 / sum w^2 = K with w_k = 1
    assert clustered_mcnemar(y, y, 1 - y, g, method="durkalski").statistic == pytest.approx(4.0)


def test_result_fields_and_default():
    y, p1, p2, g = clustered_pairs(5)
    res = clustered_mcnemar(y, p1, p2, g)
    assert isinstance(res, ClusteredMcNemarResult) and res.method == "yang"
    assert res.icc is None and res.inflation is None
    assert res.pvalue == pytest.approx(stats.chi2.sf(res.statistic, 1), rel=1e-12)
    assert isinstance(res.statistic, float) and isinstance(res.pvalue, float)
    el = clustered_mcnemar(y, p1, p2, g, method="eliasziw")
    assert isinstance(el.icc, float) and el.inflation > 0
    assert "ClusteredMcNemarResult" in str(res)


def test_inputs_are_not_modified_and_labels_may_be_any_kind():
    y, p1, p2, g = clustered_pairs(7)
    names = np.array([f"patient-{k}" for k in g], dtype=object)
    copies = [a.copy() for a in (y, p1, p2, names)]
    by_int = clustered_mcnemar(y, p1, p2, g)
    by_name = clustered_mcnemar(y, p1, p2, names)
    assert by_int.statistic == by_name.statistic
    for a, b in zip((y, p1, p2, names), copies):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"groups": [0] * 6}, ValueError, "single group"),
    ({"groups": [0, 1, 2]}, ValueError, "same length"),
    ({"groups": [0, 1, 2, np.nan, 4, 5]}, ValueError, "NaN"),
    ({"groups": np.array([0, 1, "a", 1, 0, "a"], dtype=object)}, TypeError, "groups mixes text and numbers"),
    ({"groups": None}, TypeError, "groups"),
    ({"method": "mcnemar"}, ValueError, "method"),
    ({"method": 3}, TypeError, "method"),
    ({"confidence": 1.5}, ValueError, "confidence"),
    ({"y_pred_2": [1, 0, 1]}, ValueError, "same length"),
    ({"y_pred_1": ["a"] * 6}, TypeError, "y_pred_1"),
    ({"y_true": []}, ValueError, "y_true"),
    ({"y_pred_1": [1, 0, 1j, 1, 0, 1]}, TypeError, "y_pred_1"),
])
def test_clustered_mcnemar_bad_input(kwargs, error, match):
    args = {"y_true": [1, 0, 1, 1, 0, 1], "y_pred_1": [1, 0, 0, 1, 0, 1], "y_pred_2": [0, 0, 1, 1, 1, 1],
            "groups": [0, 0, 1, 1, 2, 2]} | kwargs
    with pytest.raises(error, match=match):
        clustered_mcnemar(**args)


# ------------------------------------------------------------------ the simulation lab


def test_generator_gives_the_requested_accuracies_and_icc():
    # Beta-binomial: with equal sizes m, Var(x_k) = m mu (1 - mu) (1 + (m - 1) rho). 200 000 groups of 5: the
    # Monte Carlo s.e. of each accuracy is about 0.0005 and of the ICC estimate about 0.004; tolerances 4 s.e.
    from lecture_lib.clustered_tests import _simulate_tables

    a, b, c, d = _simulate_tables(np.random.default_rng(1), 20_000, 10, (5, 5), 0.3, 0.8, 0.65)
    m = 5
    for right, mu in ((a + b, 0.8), (a + c, 0.65)):
        assert right.mean() / m == pytest.approx(mu, abs=0.002)
        rho = (right.var() / (m * mu * (1 - mu)) - 1) / (m - 1)
        assert rho == pytest.approx(0.3, abs=0.016)
    # no group effect: the binomial variance
    a, b, c, d = _simulate_tables(np.random.default_rng(2), 20_000, 10, (1, 10), 0.0, 0.7, 0.7)
    sizes = a + b + c + d
    assert sizes.min() == 1 and sizes.max() == 10
    assert ((a + b) - 0.7 * sizes).var() / (0.21 * sizes).mean() == pytest.approx(1.0, abs=0.02)


def test_vectorised_statistics_equal_the_public_function():
    from lecture_lib.clustered_tests import _simulate_tables, _statistics

    tables = _simulate_tables(np.random.default_rng(3), 5, 6, (1, 6), 0.3, 0.8, 0.7)
    for method in CLUSTERED_MCNEMAR_METHODS:
        stat = _statistics(method, *tables)
        for s in range(5):
            a, b, c, d = (t[s] for t in tables)
            groups = np.concatenate([np.repeat(np.arange(6), t) for t in (a, b, c, d)])
            r1 = np.concatenate([np.ones(a.sum()), np.ones(b.sum()), np.zeros(c.sum()), np.zeros(d.sum())])
            r2 = np.concatenate([np.ones(a.sum()), np.zeros(b.sum()), np.ones(c.sum()), np.zeros(d.sum())])
            one = clustered_mcnemar(np.ones_like(r1), r1, r2, groups, method=method).statistic
            assert stat[s] == pytest.approx(one, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("n_groups, size, icc", [(20, 5, 0.5), (50, (1, 10), 0.2), (20, 2, 0.0)])
def test_default_method_keeps_its_level(n_groups, size, icc):
    # 4 000 test sets: Monte Carlo s.e. of a rate of 0.05 is 0.0034; tolerance 3.5 s.e. (0.012)
    sim = simulate_clustered_mcnemar("yang", n_groups, size, icc, 0.8, 0.8, n_sims=4000, seed=11)
    assert sim.rejection_rate == pytest.approx(0.05, abs=0.012)
    assert sim.mc_std_error == pytest.approx(np.sqrt(sim.rejection_rate * (1 - sim.rejection_rate) / 4000))


def test_default_method_has_power_and_level_with_strong_clustering():
    # ICC 0.5, groups of 10: level within 0.075 (Bradley 1978), and power against 0.9 vs 0.7 (2 000 sets each)
    clustered = simulate_clustered_mcnemar("yang", 50, 10, 0.5, 0.8, 0.8, n_sims=2000, seed=4).rejection_rate
    power = simulate_clustered_mcnemar("yang", 50, 10, 0.0, 0.9, 0.7, n_sims=2000, seed=4).rejection_rate
    assert clustered < 0.075 and power > 0.9


@pytest.mark.parametrize("kwargs, error", [
    ({"method": "x"}, ValueError), ({"n_groups": 1}, ValueError), ({"group_size": (5, 2)}, ValueError),
    ({"group_size": 0}, ValueError), ({"icc": 1.0}, ValueError), ({"icc": "a"}, TypeError),
    ({"accuracy_1": 1.0}, ValueError), ({"n_sims": 0}, ValueError), ({"alpha": 0}, ValueError),
    ({"group_size": (1, 2, 3)}, ValueError),
])
def test_simulation_bad_input(kwargs, error):
    args = {"method": "yang", "n_groups": 5, "group_size": 3, "icc": 0.1, "accuracy_1": 0.8, "accuracy_2": 0.8,
            "n_sims": 10} | kwargs
    with pytest.raises(error, match=next(iter(kwargs))):
        simulate_clustered_mcnemar(**args)


# ------------------------------------------------------------------ Obuchowski's clustered AUC


def obuchowski_direct(y, s1, s2, groups):
    """Obuchowski (1997), section 2, written out with the m x n comparison matrix (no ranks)."""
    pos, neg = y == 1, y == 0
    labels = np.unique(groups)
    big_m, big_n = pos.sum(), neg.sum()
    out = []
    for s in (s1, s2):
        psi = (s[pos][:, None] > s[neg][None, :]) + 0.5 * (s[pos][:, None] == s[neg][None, :])
        theta = psi.mean()
        v10, v01 = psi.mean(axis=1), psi.mean(axis=0)
        xs = np.array([v10[groups[pos] == g].sum() - (groups[pos] == g).sum() * theta for g in labels])
        ys = np.array([v01[groups[neg] == g].sum() - (groups[neg] == g).sum() * theta for g in labels])
        out.append((theta, xs, ys))
    i10 = len(np.unique(groups[pos]))
    i01 = len(np.unique(groups[neg]))
    n_i = len(labels)

    def cov(r, s):
        (_, x_r, y_r), (_, x_s, y_s) = out[r], out[s]
        s10 = i10 / ((i10 - 1) * big_m) * np.sum(x_r * x_s)
        s01 = i01 / ((i01 - 1) * big_n) * np.sum(y_r * y_s)
        s11_rs = n_i / (n_i - 1) * np.sum(x_r * y_s)
        s11_sr = n_i / (n_i - 1) * np.sum(x_s * y_r)
        return s10 / big_m + s01 / big_n + (s11_rs + s11_sr) / (big_m * big_n)

    var = cov(0, 0) + cov(1, 1) - 2 * cov(0, 1)
    return out[0][0], out[1][0], (out[0][0] - out[1][0]) / np.sqrt(var)


def clustered_scores(seed, n_groups=15, sizes=(1, 7), shift=0.0, rounding=None):
    rng = np.random.default_rng(seed)
    groups = np.repeat(np.arange(n_groups), rng.integers(sizes[0], sizes[1] + 1, n_groups))
    n = groups.size
    # some groups all positive, some all negative, most mixed
    prevalence = rng.choice([0.0, 1.0, 0.5, 0.3], n_groups, p=[0.15, 0.15, 0.4, 0.3])[groups]
    y = (rng.random(n) < prevalence).astype(int)
    s1 = y + rng.normal(0, 1, n) + rng.normal(0, 0.8, n_groups)[groups]
    s2 = (1 + shift) * y + rng.normal(0, 1, n) + rng.normal(0, 0.8, n_groups)[groups]
    if rounding is not None:  # ties
        s1, s2 = np.round(s1, rounding), np.round(s2, rounding)
    return y, s1, s2, groups


@pytest.mark.parametrize("seed", range(25))
def test_clustered_auc_matches_the_direct_formulas(seed):
    y, s1, s2, g = clustered_scores(seed, rounding=1 if seed % 3 == 0 else None)
    if min(len(np.unique(g[y == 1])), len(np.unique(g[y == 0]))) < 2:
        pytest.skip("this draw has the positives or the negatives in one group")
    auc_1, auc_2, z = obuchowski_direct(y, s1, s2, g)
    res = clustered_auc_test(y, s1, s2, g)
    assert (res.auc_1, res.auc_2) == pytest.approx((auc_1, auc_2), rel=1e-12)
    assert res.statistic == pytest.approx(z, rel=1e-9)
    assert res.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-9)
    # the interval inverts the test
    assert (res.auc_difference.low > 0 or res.auc_difference.high < 0) == (res.pvalue < 0.05)


def test_singleton_groups_are_delongs_test_on_asah():
    asah = auc_example()
    n = len(asah["outcome"])
    ours = clustered_auc_test(asah["outcome"], asah["s100b"], asah["wfns"], np.arange(n)[::-1], positive="Poor")
    ref = delong_test(asah["outcome"], asah["s100b"], asah["wfns"], positive="Poor")
    assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert (ours.auc_difference.low, ours.auc_difference.high) == pytest.approx(
        (ref.difference.low, ref.difference.high), rel=1e-12)
    assert (ours.n_positive, ours.n_negative, ours.n_groups) == (41, 72, n)


@pytest.mark.parametrize("seed", range(20))
def test_singleton_groups_are_delongs_test_on_random_data(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 150))
    y = np.r_[0, 0, 1, 1, rng.integers(0, 2, n - 4)]
    s1 = np.round(y + rng.normal(size=n), 1)
    s2 = np.round(y * 0.5 + rng.normal(size=n), 1)
    ours = clustered_auc_test(y, s1, s2, rng.permutation(n), confidence=0.9)
    ref = delong_test(y, s1, s2, confidence=0.9)
    assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12, abs=1e-14)
    assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert ours.std_error == pytest.approx(ref.std_error, rel=1e-12)
    assert (ours.auc_difference.low, ours.auc_difference.high) == pytest.approx(
        (ref.difference.low, ref.difference.high), rel=1e-12, abs=1e-14)


def test_clustered_auc_keeps_its_level_under_a_clustered_null():
    # both classifiers equally good, each with its own patient effect: 600 test sets, Monte Carlo s.e. of a
    # rate of 0.05 is 0.009; tolerance 3 s.e. Positives and negatives share patients.
    rng = np.random.default_rng(8)
    rejections = 0
    for _ in range(600):
        g = np.repeat(np.arange(30), 4)
        y = (rng.random(120) < 0.5).astype(int)
        s1 = y + rng.normal(0, 0.7, 120) + rng.normal(0, 1.0, 30)[g]
        s2 = y + rng.normal(0, 0.7, 120) + rng.normal(0, 1.0, 30)[g]
        rejections += clustered_auc_test(y, s1, s2, g).pvalue <= 0.05
    assert abs(rejections / 600 - 0.05) < 0.027


def test_clustered_auc_result_and_degenerate_case():
    y, s1, s2, g = clustered_scores(3)
    res = clustered_auc_test(y, s1, s2, g)
    assert isinstance(res, ClusteredAUCResult) and res.method == "obuchowski"
    assert res.effect_interval is res.auc_difference and res.effect_null == 0.0
    same = clustered_auc_test(y, s1, s1, g)  # zero variance, equal AUCs: documented 0 and 1
    assert (same.statistic, same.pvalue, same.std_error) == (0.0, 1.0, 0.0)


@pytest.mark.parametrize("kwargs, error, match", [
    ({"y_true": [1] * 8}, ValueError, "two classes|positive"),
    ({"y_true": [0, 1, 2, 0, 1, 2, 0, 1]}, ValueError, "two classes"),
    ({"groups": [0] * 8}, ValueError, "single group"),
    ({"groups": [0, 0, 0, 0, 1, 1, 1, 1]}, ValueError, "positives lie in 1 group"),
    ({"scores_1": [0.1] * 7}, ValueError, "same length"),
    ({"scores_2": [0.1, np.nan, 0.3, 0.2, 0.5, 0.6, 0.1, 0.2]}, ValueError, "scores_2"),
    ({"scores_1": ["a"] * 8}, TypeError, "scores_1"),
    ({"positive": 2}, ValueError, "positive"),
    ({"confidence": 0.0}, ValueError, "confidence"),
    ({"groups": [0, 1, 2]}, ValueError, "same length"),
])
def test_clustered_auc_bad_input(kwargs, error, match):
    args = {"y_true": [1, 1, 1, 1, 0, 0, 0, 0], "scores_1": [0.9, 0.8, 0.4, 0.7, 0.3, 0.5, 0.1, 0.2],
            "scores_2": [0.6, 0.8, 0.3, 0.9, 0.2, 0.1, 0.4, 0.3], "groups": [0, 1, 0, 1, 2, 3, 2, 3]} | kwargs
    with pytest.raises(error, match=match):
        clustered_auc_test(**args)


def test_integer_group_ids_and_their_text_give_the_same_result():
    # small non-negative integer ids take a path without a sort; any relabelling must give the same numbers
    rng = np.random.default_rng(21)
    n = 300
    ids = rng.integers(0, 40, n)
    y = rng.integers(0, 2, n)
    p1 = np.where(rng.random(n) < 0.8, y, 1 - y)
    p2 = np.where(rng.random(n) < 0.7, y, 1 - y)
    s1, s2 = y + rng.normal(size=n), y + rng.normal(size=n)
    for method in CLUSTERED_MCNEMAR_METHODS:
        plain = clustered_mcnemar(y, p1, p2, ids, method=method)
        for other in (ids + 10**9, np.array([f"g{i}" for i in ids]), ids - 20):
            assert clustered_mcnemar(y, p1, p2, other, method=method) == plain
    assert clustered_auc_test(y, s1, s2, ids) == clustered_auc_test(y, s1, s2, ids.astype(str))
