"""lecture_lib.auc: DeLong's test against pROC, a brute-force O(n^2) version, sklearn and scipy."""

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from sklearn.metrics import roc_auc_score

from lecture_lib import Interval, auc_example, delong_test, midranks, proportion_interval
from lecture_lib.auc import auc_interval, partial_auc


def brute_force_delong(y, s1, s2, positive=1):
    """DeLong et al. (1988) written out with the m x n matrix of psi(X_i, Y_j)."""
    pos = y == positive
    out = []
    comps = []
    for s in (s1, s2):
        x, z = s[pos][:, None], s[~pos][None, :]
        psi = (x > z) + 0.5 * (x == z)
        comps.append((psi.mean(axis=1), psi.mean(axis=0)))
        out.append(psi.mean())
    m, n = int(pos.sum()), int((~pos).sum())
    v10 = np.stack([c[0] for c in comps])
    v01 = np.stack([c[1] for c in comps])
    s10 = np.cov(v10)
    s01 = np.cov(v01)
    cov = s10 / m + s01 / n
    var = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        z = (out[0] - out[1]) / np.sqrt(var)
    return out[0], out[1], z, 2 * stats.norm.sf(abs(z)), np.sqrt(var)


# ------------------------------------------------------------------ published example (pROC)


@pytest.mark.parametrize("first, second, key", [
    ("s100b", "wfns", "s100b_vs_wfns"),
    ("s100b", "ndka", "s100b_vs_ndka"),
    ("wfns", "ndka", "wfns_vs_ndka"),
])
def test_proc_asah_example(first, second, key):
    # pROC 1.18.0, roc.test(roc(aSAH$outcome, aSAH$<marker>), ..., method = "delong"); its help page prints
    # Z = -2.209, p-value = 0.0272 for s100b vs wfns (values stored in lecture_lib/data/auc_examples.json)
    asah = auc_example()
    printed = asah["printed"]
    res = delong_test(asah["outcome"], asah[first], asah[second], positive="Poor")
    assert res.auc_1 == pytest.approx(printed[f"auc_{first}"], rel=1e-10)
    assert res.auc_2 == pytest.approx(printed[f"auc_{second}"], rel=1e-10)
    assert res.statistic == pytest.approx(printed[key]["statistic"], rel=1e-10)
    assert res.pvalue == pytest.approx(printed[key]["pvalue"], rel=1e-9)
    assert (res.difference.low, res.difference.high) == pytest.approx(printed[key]["ci95"], rel=1e-9)
    assert isinstance(res.difference, Interval) and res.difference.method == "delong"
    assert (res.n_positive, res.n_negative) == (41, 72)  # table(aSAH$outcome): Good 72, Poor 41


def test_proc_rounded_values_of_the_help_page():
    # pROC's roc.test help page: "Z = -2.209, p-value = 0.0272", AUCs 0.7313686 and 0.8236789
    asah = auc_example()
    res = delong_test(asah["outcome"], asah["s100b"], asah["wfns"], positive="Poor")
    assert round(res.statistic, 3) == -2.209
    assert round(res.pvalue, 4) == 0.0272
    assert round(res.auc_1, 7) == 0.7313686 and round(res.auc_2, 7) == 0.8236789


def test_proc_variance_and_covariance():
    # pROC 1.18.0: var(roc1, method = "delong") = 0.00266868245717244 and
    # cov(roc1, roc2, method = "delong") = 0.00119615567376754 (s100b, wfns); so
    # corr = cov / sqrt(var1 var2) gives var2 from our correlation and standard error.
    asah = auc_example()
    res = delong_test(asah["outcome"], asah["s100b"], asah["wfns"], positive="Poor")
    var1, cov12 = asah["printed"]["var_auc_s100b"], asah["printed"]["cov_auc_s100b_wfns"]
    assert res.std_error_1**2 == pytest.approx(var1, rel=1e-10)
    var2 = res.std_error**2 - var1 + 2 * cov12
    assert res.std_error_2**2 == pytest.approx(var2, rel=1e-9)
    assert res.correlation == pytest.approx(cov12 / np.sqrt(var1 * var2), rel=1e-9)
    # pROC's ci.auc(roc1, method = "delong"): 0.630118211762 - 0.83261891561
    low, high = asah["printed"]["ci95_auc_s100b"]
    assert res.auc_1 - stats.norm.ppf(0.975) * res.std_error_1 == pytest.approx(low, rel=1e-10)
    assert res.auc_1 + stats.norm.ppf(0.975) * res.std_error_1 == pytest.approx(high, rel=1e-10)


# ------------------------------------------------------------------ brute force and oracles


@st.composite
def scored_samples(draw):
    n = draw(st.integers(4, 60))
    seed = draw(st.integers(0, 10**6))
    levels = draw(st.sampled_from([3, 10, 1000]))  # few levels: many ties
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2], y[2:4] = 0, 1  # at least two of each class
    s1 = rng.integers(0, levels, n) + y * draw(st.integers(0, 3))
    s2 = rng.integers(0, levels, n).astype(float) / 7
    return y, s1.astype(float), s2


@settings(deadline=None, max_examples=200)
@given(scored_samples())
def test_agrees_with_brute_force_structural_components(sample):
    y, s1, s2 = sample
    auc1, auc2, z, p, se = brute_force_delong(y, s1, s2)
    res = delong_test(y, s1, s2)
    assert res.auc_1 == pytest.approx(auc1, abs=1e-12)
    assert res.auc_2 == pytest.approx(auc2, abs=1e-12)
    if se > 1e-12:
        assert res.std_error == pytest.approx(se, rel=1e-9)
        assert res.statistic == pytest.approx(z, rel=1e-9, abs=1e-12)
        assert res.pvalue == pytest.approx(p, rel=1e-9, abs=1e-14)
    assert res.auc_1 == pytest.approx(roc_auc_score(y, s1), abs=1e-12)  # sklearn's AUC (ties count 1/2)


@settings(deadline=None, max_examples=100)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=50))
def test_midranks_equal_scipy_rankdata(values):
    np.testing.assert_allclose(midranks(np.array(values, dtype=float)), stats.rankdata(values, method="average"))


def test_invariances():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 300)
    s1 = y + rng.normal(0, 1.2, 300)
    s2 = y + rng.normal(0, 1.5, 300)
    res = delong_test(y, s1, s2)
    swapped = delong_test(y, s2, s1)
    assert swapped.statistic == pytest.approx(-res.statistic) and swapped.pvalue == pytest.approx(res.pvalue)
    monotone = delong_test(y, np.exp(s1), 3 * s2 - 7)  # only the order of the scores matters
    assert monotone.statistic == pytest.approx(res.statistic, rel=1e-12)
    order = rng.permutation(300)
    assert delong_test(y[order], s1[order], s2[order]).pvalue == pytest.approx(res.pvalue, rel=1e-12)
    flipped = delong_test(1 - y, -s1, -s2, positive=1)  # relabel the classes and reverse the scores
    assert flipped.statistic == pytest.approx(res.statistic, rel=1e-12)
    text = delong_test(np.where(y == 1, "sick", "well"), s1, s2, positive="sick")
    assert text.pvalue == pytest.approx(res.pvalue, rel=1e-12)


def test_type_one_error_near_nominal():
    # H0 true: both scores are the same signal plus independent noise of equal size. 2000 test sets of 200.
    rng = np.random.default_rng(11)
    rejections = 0
    for _ in range(2000):
        y = rng.integers(0, 2, 200)
        signal = y * 1.0
        p = delong_test(y, signal + rng.normal(0, 1, 200), signal + rng.normal(0, 1, 200)).pvalue
        rejections += p <= 0.05
    rate = proportion_interval(rejections, 2000, confidence=0.999)
    assert rate.low <= 0.05 <= rate.high, rejections


def test_interval_matches_test():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 400)
    res = delong_test(y, y + rng.normal(0, 1, 400), y + rng.normal(0, 2, 400), confidence=0.95)
    # the 95 % interval excludes 0 exactly when p < 0.05
    assert (res.difference.low > 0 or res.difference.high < 0) == (res.pvalue < 0.05)
    half = res.difference.high - res.difference.estimate
    assert half == pytest.approx(stats.norm.ppf(0.975) * res.std_error)


# ------------------------------------------------------------------ degenerate and bad input


def test_identical_scores_give_p_one():
    y = np.array([0, 0, 1, 1, 0, 1])
    s = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.9])
    res = delong_test(y, s, s)
    assert (res.statistic, res.pvalue, res.std_error) == (0.0, 1.0, 0.0)


def test_both_perfect_give_p_one():
    y = np.array([0, 0, 0, 1, 1, 1])
    res = delong_test(y, [1, 2, 3, 4, 5, 6], [0.1, 0.2, 0.3, 0.7, 0.8, 0.9])
    assert res.auc_1 == res.auc_2 == 1.0 and res.pvalue == 1.0


@pytest.mark.parametrize("y, message", [
    ([1, 1, 1, 1, 1, 1], "exactly two classes"),
    ([0, 1, 2, 0, 1, 2], "exactly two classes"),
    ([0, 0, 0, 0, 0, 1], "at least two of each"),
    ([2, 2, 3, 3, 2, 3], "positive=1 is not a label"),
])
def test_bad_labels(y, message):
    with pytest.raises(ValueError, match=message):
        delong_test(y, [1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1])


def test_bad_scores():
    y = [0, 1, 0, 1]
    with pytest.raises(ValueError, match="scores_2 must be finite"):
        delong_test(y, [1, 2, 3, 4], [1, np.inf, 3, 4])
    with pytest.raises(TypeError, match="scores_1 must hold numbers"):
        delong_test(y, ["a", "b", "c", "d"], [1, 2, 3, 4])
    with pytest.raises(ValueError, match="same length"):
        delong_test(y, [1, 2, 3], [1, 2, 3, 4])


def test_inputs_not_modified():
    y = np.array([0, 1, 0, 1, 1, 0])
    s1 = np.array([0.3, 0.2, 0.1, 0.9, 0.5, 0.5])
    s2 = s1[::-1].copy()
    copies = y.copy(), s1.copy(), s2.copy()
    delong_test(y, s1, s2)
    for a, b in zip((y, s1, s2), copies):
        np.testing.assert_array_equal(a, b)


# ------------------------------------------------------------------ auc_interval and partial_auc

PROC = json.loads((Path(__file__).parent / "oracles" / "proc_auc.json").read_text())


@pytest.mark.parametrize("case", PROC["cases"], ids=lambda c: f"n{len(c['y'])}")
def test_auc_interval_and_partial_auc_match_proc(case):
    # pROC 1.18.0's ci.auc(method = "delong") (clipped to [0, 1]) and auc(partial.auc = ...) on
    # inputs drawn by tests/oracles/proc_auc.R (ties and near-perfect separation included)
    y, s = np.array(case["y"]), np.array(case["score"], dtype=float)
    for confidence, key in ((0.95, "ci95_delong"), (0.90, "ci90_delong")):
        iv = auc_interval(y, s, confidence=confidence)
        assert iv.estimate == pytest.approx(case["auc"], abs=1e-12)
        assert (iv.low, iv.high) == pytest.approx(tuple(case[key]), abs=1e-9)
    for part in case["partial"]:
        spec = tuple(part["specificity"])
        assert partial_auc(y, s, specificity=spec) == pytest.approx(part["area"], abs=1e-9)
        corrected = partial_auc(y, s, specificity=spec, corrected=True)
        if part["corrected"] == "NA":
            # pROC refuses McClish's correction for a curve below the diagonal over the range; the
            # formula itself (ours, and scikit-learn's max_fpr) then gives less than 0.5
            assert corrected < 0.5
        else:
            assert corrected == pytest.approx(part["corrected"], abs=1e-9)


def test_partial_auc_matches_proc_on_asah():
    # pROC 1.18.0, auc(roc(aSAH$outcome, aSAH$s100b), partial.auc = ...), tests/oracles/proc_auc.R
    asah = auc_example()
    for part in PROC["asah_s100b"]["partial"]:
        spec = tuple(part["specificity"])
        assert partial_auc(asah["outcome"], asah["s100b"], spec, positive="Poor") == pytest.approx(
            part["area"], abs=1e-12)
        assert partial_auc(asah["outcome"], asah["s100b"], spec, corrected=True, positive="Poor") == \
            pytest.approx(part["corrected"], abs=1e-12)


def test_bootstrap_interval_agrees_with_proc_within_monte_carlo_error():
    # pROC's stratified bootstrap percentile interval with 20 000 resamples on aSAH's S100B
    # (tests/oracles/proc_auc.R). Each limit has a Monte Carlo sd of about 0.001 per run (the AUC's
    # sd is 0.05, the 2.5 % quantile's sd sqrt(0.025 * 0.975 / 20000) / density); two independent
    # runs differ by 0.0014 sd: 0.006 is over four of them.
    asah = auc_example()
    iv = auc_interval(asah["outcome"], asah["s100b"], method="bootstrap", n_resamples=20_000, seed=3,
                      positive="Poor")
    low, high = PROC["asah_s100b"]["ci95_bootstrap_20000"]
    assert iv.low == pytest.approx(low, abs=0.006)
    assert iv.high == pytest.approx(high, abs=0.006)
    assert iv.method == "bootstrap" and iv.low <= iv.estimate <= iv.high


def test_bootstrap_aucs_equal_a_loop_over_the_same_draws():
    # The same generator draws (negatives' indices, then positives', one chunk) replayed by hand,
    # each resample's AUC from scikit-learn
    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 60)
    s = np.round(rng.normal(size=60) + y, 1)  # ties
    iv = auc_interval(y, s, method="bootstrap", n_resamples=50, seed=4, confidence=0.8)
    pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
    replay = np.random.default_rng(4)
    neg_draws = replay.integers(0, neg.size, size=(50, neg.size))
    pos_draws = replay.integers(0, pos.size, size=(50, pos.size))
    aucs = []
    for a, b in zip(neg_draws, pos_draws, strict=True):
        idx = np.r_[neg[a], pos[b]]
        aucs.append(roc_auc_score(y[idx], s[idx]))
    low, high = np.quantile(aucs, [0.1, 0.9])
    assert (iv.low, iv.high) == pytest.approx((low, high), abs=1e-12)


def test_logit_interval_is_the_delong_interval_on_the_logit_scale():
    # Pepe (2003), sec. 5.2: logit(AUC) +- z se / (AUC (1 - AUC)); symmetric on that scale
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 80)
    s = rng.normal(size=80) + 2.5 * y
    res = delong_test(y, s, rng.normal(size=80))
    iv = auc_interval(y, s, method="logit")
    a = res.auc_1
    z = stats.norm.ppf(0.975)
    logit = np.log(a / (1 - a))
    half = z * res.std_error_1 / (a * (1 - a))
    assert iv.low == pytest.approx(1 / (1 + np.exp(-(logit - half))), rel=1e-12)
    assert iv.high == pytest.approx(1 / (1 + np.exp(-(logit + half))), rel=1e-12)
    assert 0 < iv.low < a < iv.high < 1


def test_logit_keeps_its_coverage_near_one_where_delong_does_not():
    # Binormal scores with true AUC 0.95 (means sqrt(2) z_0.95 apart), 20 positives and 20 negatives,
    # 1 000 test sets: the clipped Wald interval covers about 83 % (Monte Carlo sd 0.012), the logit
    # interval about 93.5 %. Qin & Hotilovac (2008) report the same ordering.
    rng = np.random.default_rng(1)
    true = 0.95
    mu = stats.norm.ppf(true) * np.sqrt(2)
    y = np.r_[np.ones(20), np.zeros(20)]
    covered = {"delong": 0, "logit": 0}
    for _ in range(1000):
        s = np.r_[rng.normal(mu, 1, 20), rng.normal(0, 1, 20)]
        for method in covered:
            iv = auc_interval(y, s, method=method)
            covered[method] += iv.low <= true <= iv.high
    assert covered["delong"] / 1000 < 0.88
    assert covered["logit"] / 1000 > 0.91


def test_perfect_separation_gives_the_point():
    y = np.r_[np.ones(5), np.zeros(5)]
    s = np.arange(10.0)[::-1]
    for method in ("delong", "logit", "bootstrap"):
        iv = auc_interval(y, s, method=method, seed=0)
        assert (iv.estimate, iv.low, iv.high) == (1.0, 1.0, 1.0)


@settings(deadline=None, max_examples=150)
@given(scored_samples(), st.floats(0.01, 0.99))
def test_corrected_partial_auc_equals_sklearn_max_fpr(sample, max_fpr):
    # scikit-learn's roc_auc_score(max_fpr=b) is McClish's standardised area over FPR in [0, b]
    y, s1, _ = sample
    ours = partial_auc(y, s1, specificity=(1.0, 1.0 - max_fpr), corrected=True)
    assert ours == pytest.approx(roc_auc_score(y, s1, max_fpr=max_fpr), abs=1e-9)


@settings(deadline=None, max_examples=150)
@given(scored_samples(), st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_partial_areas_add_up_to_the_auc(sample, u, v):
    # The integral over [0, 1] split at two points: pAUC(1, u) + pAUC(u, v) + pAUC(v, 0) = AUC
    y, s1, _ = sample
    hi, lo = max(u, v), min(u, v)
    parts = 0.0
    for spec in ((1.0, hi), (hi, lo), (lo, 0.0)):
        parts += partial_auc(y, s1, specificity=spec) if spec[0] != spec[1] else 0.0
    assert parts == pytest.approx(roc_auc_score(y, s1), abs=1e-12)
    assert partial_auc(y, s1, specificity=(0.0, 1.0)) == pytest.approx(roc_auc_score(y, s1), abs=1e-12)


def test_partial_auc_depends_on_the_order_of_the_scores_only():
    rng = np.random.default_rng(6)
    y = rng.integers(0, 2, 90)
    s = rng.normal(size=90) + y
    spec = (0.95, 0.75)
    assert partial_auc(y, np.exp(3 * s), spec) == pytest.approx(partial_auc(y, s, spec), abs=1e-15)
    assert partial_auc(y, s, spec) == partial_auc(y, s, spec[::-1])


@pytest.mark.parametrize("kwargs, error, words", [
    ({"specificity": 0.9}, TypeError, "specificity must be a pair"),
    ({"specificity": (1.0, 0.9, 0.8)}, TypeError, "specificity must be a pair"),
    ({"specificity": (1.2, 0.9)}, ValueError, "specificity"),
    ({"specificity": (0.9, 0.9)}, ValueError, "two different limits"),
    ({"specificity": "ab"}, TypeError, "specificity"),
    ({"corrected": "yes"}, TypeError, "corrected"),
])
def test_partial_auc_bad_input(kwargs, error, words):
    with pytest.raises(error, match=words):
        partial_auc([0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8], **kwargs)


@pytest.mark.parametrize("kwargs, error, words", [
    ({"method": "wald"}, ValueError, "method"),
    ({"method": "bootstrap", "n_resamples": 0}, ValueError, "n_resamples"),
    ({"confidence": 1.0}, ValueError, "confidence"),
    ({"seed": -1, "method": "bootstrap"}, ValueError, "seed"),
])
def test_auc_interval_bad_input(kwargs, error, words):
    with pytest.raises(error, match=words):
        auc_interval([0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8], **kwargs)
