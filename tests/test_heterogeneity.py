"""Random-effects meta-analysis (chapter 8): metafor and statsmodels oracles, brute-force REML, coverage, bad input."""

from __future__ import annotations

import dataclasses
import json
import pathlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import optimize, stats
from statsmodels.stats.meta_analysis import combine_effects

import lecture_lib.heterogeneity as meta_module
from lecture_lib._results import Interval, TestResult
from lecture_lib.heterogeneity import MetaAnalysisResult, meta_analysis

seeds = st.integers(0, 2**32 - 1)
ORACLE = json.loads((pathlib.Path(__file__).parent / "oracles" / "metafor.json").read_text())


# --------------------------------------------------------------------------- metafor oracle

def _metafor_cases():
    bcg = ORACLE["bcg"]
    # escalc's variances; their square roots squared again agree to an ulp or two
    yield "bcg", np.array(bcg["yi"]), np.sqrt(bcg["vi"]), bcg["level"], bcg["fits"]
    for i, case in enumerate(ORACLE["random"]):
        yield f"random{i}", np.array(case["yi"]), np.array(case["sei"]), case["level"], case["fits"]


METAFOR_CASES = [pytest.param(y, se, level, key, fit, id=f"{name}-{key}")
                 for name, y, se, level, fits in _metafor_cases() for key, fit in fits.items()]


@pytest.mark.parametrize("y, se, level, key, fit", METAFOR_CASES)
def test_matches_metafor_rma_and_predict(y, se, level, key, fit):
    # tests/oracles/metafor.json: rma(yi, vi, method, test, level) and predict() from metafor 3.8.1 (R 4.2.2),
    # written by tests/oracles/metafor.R. REML there iterates to a change below 1e-12, so it is compared at
    # 1e-6 relative (it agrees to about 1e-8); DL is closed-form (1e-9). metafor's REML stops a hair above a
    # zero tau2 (below 1e-12), which abs covers.
    method, test = key.split("_")
    res = meta_analysis(y, se, method=method.lower(), test=test, confidence=level / 100)
    rel = 1e-6 if method == "REML" else 1e-9
    assert res.estimate == pytest.approx(fit["estimate"], rel=rel, abs=1e-12)
    assert res.std_error == pytest.approx(fit["se"], rel=rel)
    assert res.statistic == pytest.approx(fit["statistic"], rel=rel, abs=1e-9)
    assert res.pvalue == pytest.approx(fit["pval"], rel=rel, abs=1e-12)
    assert tuple(res.confidence_interval) == pytest.approx((fit["ci_lb"], fit["ci_ub"]), rel=rel, abs=1e-12)
    assert tuple(res.prediction_interval) == pytest.approx((fit["pi_lb"], fit["pi_ub"]), rel=rel, abs=1e-12)
    assert res.tau2 == pytest.approx(fit["tau2"], rel=rel, abs=1e-10)
    assert res.i2 == pytest.approx(fit["I2"] / 100, rel=rel, abs=1e-9)  # metafor prints I^2 in percent
    assert res.q == pytest.approx(fit["QE"], rel=1e-9)  # the fixed-effect Q: closed-form for both methods
    assert res.q_pvalue == pytest.approx(fit["QEp"], rel=1e-9, abs=1e-15)
    assert res.n_datasets == fit["k"] and res.q_df == fit["k"] - 1
    assert res.method == {"REML": "REML", "DL": "DerSimonian-Laird"}[method]
    assert res.test == {"z": "z", "knha": "Knapp-Hartung t"}[test]


def test_oracle_covers_truncation_and_interior_fits():
    # The random cases must exercise both regimes of REML and DL, or the oracle above proves little.
    fits = [case["fits"] for case in ORACLE["random"]]
    for key in ("REML_z", "DL_z"):
        zero = sum(f[key]["tau2"] < 1e-9 for f in fits)
        assert 5 <= zero <= len(fits) - 5, (key, zero)
    assert {case["fits"]["REML_z"]["k"] for case in ORACLE["random"]} >= {2, 3, 4, 5}


def test_bcg_vaccine_reml_fit_as_published():
    # Viechtbauer (2010), J Stat Softw 36(3), and metafor's rma() printout for dat.bcg (Colditz et al. 1994) as
    # log risk ratios: estimate -0.7145, se 0.1798, z -3.9744, 95 % CI [-1.0669, -0.3622], tau^2 0.3132,
    # I^2 92.22 %, Q(df = 12) = 152.2330; predict(res, transf = exp): prediction interval 0.15 to 1.55.
    bcg = ORACLE["bcg"]
    res = meta_analysis(bcg["yi"], np.sqrt(bcg["vi"]))
    assert round(res.estimate, 4) == -0.7145 and round(res.std_error, 4) == 0.1798
    assert round(res.statistic, 4) == -3.9744
    assert [round(v, 4) for v in res.confidence_interval] == [-1.0669, -0.3622]
    assert round(res.tau2, 4) == 0.3132 and round(100 * res.i2, 2) == 92.22
    assert round(res.q, 4) == 152.2330 and res.q_df == 12 and res.pvalue < 1e-4
    assert [round(float(np.exp(v)), 2) for v in res.prediction_interval] == [0.15, 1.55]


# --------------------------------------------------------------------------- statsmodels oracle (DL)

def _draw(rng, k, tau2, low=0.02, high=0.4):
    se = rng.uniform(low, high, k)
    return rng.normal(0.1, 0.2) + rng.normal(0.0, np.sqrt(tau2), k) + rng.normal(0.0, se), se


@pytest.mark.filterwarnings("ignore:invalid value encountered in sqrt:RuntimeWarning")  # statsmodels, tau2 < 0
@settings(max_examples=100, deadline=None)
@given(st.integers(2, 40), seeds, st.sampled_from([0.0, 0.01, 0.05, 0.3]))
def test_dl_matches_statsmodels_combine_effects(k, seed, tau2_true):
    # statsmodels 0.15 combine_effects(method_re="dl"): its tau2 = (Q - (k - 1)) / C and i2 = 1 - (k - 1) / Q
    # are NOT truncated at 0; ours are (as DerSimonian & Laird 1986 and metafor). When Q > k - 1 they agree;
    # otherwise its tau2 < 0 and i2 < 0, ours are 0 and the pooled estimate is the fixed-effect one.
    y, se = _draw(np.random.default_rng(seed), k, tau2_true)
    sm = combine_effects(y, se**2, method_re="dl")
    res = meta_analysis(y, se, method="dl")
    knha = meta_analysis(y, se, method="dl", test="knha")
    assert res.q == pytest.approx(sm.q, rel=1e-9)
    assert res.q_df == sm.df_resid == k - 1
    if sm.q > k - 1:
        assert res.tau2 == pytest.approx(sm.tau2, rel=1e-9)
        assert res.i2 == pytest.approx(sm.i2, rel=1e-9)
        assert res.estimate == pytest.approx(sm.mean_effect_re, rel=1e-9, abs=1e-14)
        assert res.std_error == pytest.approx(sm.sd_eff_w_re, rel=1e-9)
        # Knapp-Hartung is statsmodels' "HKSJ" (WLS scale) standard error and its t interval on k - 1 df
        assert knha.std_error == pytest.approx(sm.sd_eff_w_re_hksj, rel=1e-9)
        ci_re, ci_re_wls = sm.conf_int(alpha=0.05, use_t=True)[1::2]
        assert tuple(knha.confidence_interval) == pytest.approx(tuple(ci_re_wls), rel=1e-9, abs=1e-12)
        ci_re_z = sm.conf_int(alpha=0.05, use_t=False)[1]
        assert tuple(res.confidence_interval) == pytest.approx(tuple(ci_re_z), rel=1e-9, abs=1e-12)
    else:
        assert sm.tau2 <= 0.0 and res.tau2 == 0.0 and res.i2 == 0.0
        assert res.estimate == pytest.approx(sm.mean_effect_fe, rel=1e-9, abs=1e-14)
        assert res.std_error == pytest.approx(sm.sd_eff_w_fe, rel=1e-9)


# --------------------------------------------------------------------------- REML by brute force

def _restricted_loglik_matrix(tau2, y, v):
    # The REML log-likelihood in matrix form (Viechtbauer 2005, eq. 9; without its constant), written
    # independently of the library: -1/2 [log|V| + log|X'V^-1 X| + y'Py], X a column of ones.
    V_inv = np.diag(1.0 / (v + tau2))
    X = np.ones((v.size, 1))
    XtVX = X.T @ V_inv @ X
    P = V_inv - V_inv @ X @ np.linalg.inv(XtVX) @ X.T @ V_inv
    return -0.5 * (np.sum(np.log(v + tau2)) + np.linalg.slogdet(XtVX)[1] + y @ P @ y)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 25), seeds, st.sampled_from([0.0, 0.01, 0.05, 0.3]))
def test_reml_tau2_is_the_argmax_of_the_restricted_likelihood(k, seed, tau2_true):
    y, se = _draw(np.random.default_rng(seed), k, tau2_true)
    v = se**2
    res = meta_analysis(y, se)
    grid = np.concatenate(([0.0], np.geomspace(1e-7, 5.0, 1500)))
    loglik = np.array([_restricted_loglik_matrix(t, y, v) for t in grid])
    best = int(np.argmax(loglik))
    lo, hi = grid[max(best - 1, 0)], grid[min(best + 1, grid.size - 1)]
    found = optimize.minimize_scalar(lambda t: -_restricted_loglik_matrix(t, y, v), bounds=(lo, hi),
                                     method="bounded", options={"xatol": 1e-13})
    assert found.success
    if best == 0:  # the maximum is on the boundary: truncated at exactly 0
        assert res.tau2 == 0.0
        assert found.x == pytest.approx(0.0, abs=1e-6)
    else:
        assert res.tau2 == pytest.approx(found.x, rel=1e-5, abs=1e-9)
    # ours is at least as high as the brute-force maximum (to rounding)
    assert _restricted_loglik_matrix(res.tau2, y, v) >= -found.fun - 1e-10


def test_reml_convergence_failure_is_reported(monkeypatch):
    # The root search is given one iteration: it must stop with an error that says so, not return a value.
    y, se = _draw(np.random.default_rng(3), 12, 0.3)
    monkeypatch.setattr(meta_module, "_MAX_ITER", 1)
    with pytest.raises(RuntimeError, match="REML did not converge"):
        meta_analysis(y, se)
    assert meta_analysis(y, se, method="dl").tau2 > 0  # DL has no iteration


# --------------------------------------------------------------------------- coverage by simulation

def test_confidence_interval_coverage_k10():
    # 2000 meta-analyses of k = 10 with tau2 = 0.04 and equal se = 0.15. With equal standard errors the
    # Knapp-Hartung interval is the one-sample t interval on the estimates (iid N(mu, tau2 + se^2)), so its
    # coverage is exactly 0.95; Monte Carlo sd sqrt(0.95 * 0.05 / 2000) = 0.0049, tolerance 4 sd = 0.02. The
    # z interval ignores the uncertainty in tau2 and covers less (Knapp & Hartung 2003; IntHout, Ioannidis &
    # Borm 2014, BMC Med Res Methodol 14:25, find DL z error rates above the nominal 5 % with few studies).
    rng = np.random.default_rng(20261130)
    reps, k, mu, tau2 = 2000, 10, 0.05, 0.04
    se = np.full(k, 0.15)
    covered = {"z": 0, "knha": 0}
    for _ in range(reps):
        y = mu + rng.normal(0.0, np.sqrt(tau2), k) + rng.normal(0.0, se)
        for test in covered:
            low, high = meta_analysis(y, se, method="dl", test=test).confidence_interval
            covered[test] += low <= mu <= high
    share = {test: n / reps for test, n in covered.items()}
    assert abs(share["knha"] - 0.95) < 0.02, share
    assert share["z"] < share["knha"], share
    assert 0.85 < share["z"] < 0.96, share


def test_prediction_interval_covers_a_new_data_set_k30():
    # 1000 meta-analyses of k = 30, tau2 = 0.09 (large next to the se in [0.05, 0.2]); each predicts the true
    # difference theta_new ~ N(mu, tau2) of a new data set. Monte Carlo sd at 0.95: sqrt(0.95 * 0.05 / 1000)
    # = 0.0069; tolerance 4 sd = 0.028 (REML, Knapp-Hartung t, as Higgins, Thompson & Spiegelhalter 2009).
    rng = np.random.default_rng(8)
    reps, k, mu, tau2 = 1000, 30, -0.02, 0.09
    hits = 0
    for _ in range(reps):
        se = rng.uniform(0.05, 0.2, k)
        y = mu + rng.normal(0.0, np.sqrt(tau2), k) + rng.normal(0.0, se)
        low, high = meta_analysis(y, se, test="knha").prediction_interval
        hits += low <= rng.normal(mu, np.sqrt(tau2)) <= high
    assert abs(hits / reps - 0.95) < 0.028, hits / reps


# --------------------------------------------------------------------------- properties

@settings(max_examples=60, deadline=None)
@given(st.integers(2, 30), seeds, st.sampled_from(["reml", "dl"]), st.sampled_from(["z", "knha"]),
       st.floats(0.5, 0.999))
def test_interval_inverts_the_test_and_the_prediction_interval_contains_it(k, seed, method, test, confidence):
    y, se = _draw(np.random.default_rng(seed), k, 0.05)
    res = meta_analysis(y, se, method=method, test=test, confidence=confidence)
    ci, pi = res.confidence_interval, res.prediction_interval
    # the interval excludes 0 exactly when p < 1 - confidence (both from the same distribution and se)
    if abs(res.pvalue - (1 - confidence)) > 1e-9:
        assert (res.pvalue < 1 - confidence) == (not ci.low <= 0.0 <= ci.high)
    assert pi.low <= ci.low <= res.estimate <= ci.high <= pi.high
    assert ci.high - ci.low == pytest.approx(2 * (ci.high - res.estimate), rel=1e-12)
    assert res.statistic == pytest.approx(res.estimate / res.std_error, rel=1e-12)
    assert 0.0 <= res.pvalue <= 1.0 and 0.0 <= res.q_pvalue <= 1.0 and 0.0 <= res.i2 < 1.0
    assert res.tau2 >= 0.0 and ci.confidence == pi.confidence == confidence
    assert isinstance(res, TestResult) and res.effect_interval is ci and res.effect_null == 0.0
    assert all(type(getattr(res, f)) is float for f in ("statistic", "pvalue", "estimate", "std_error", "tau2",
                                                         "i2", "q", "q_pvalue"))


def test_i2_is_tau2_over_tau2_plus_typical_variance():
    # Higgins & Thompson (2002) with metafor's typical variance s^2 = (k - 1) sum w / ((sum w)^2 - sum w^2);
    # for DL it equals (Q - (k - 1)) / Q.
    y, se = _draw(np.random.default_rng(11), 15, 0.2)
    w = 1 / se**2
    typical = (15 - 1) * w.sum() / (w.sum() ** 2 - (w**2).sum())
    for method in ("reml", "dl"):
        res = meta_analysis(y, se, method=method)
        assert res.i2 == pytest.approx(res.tau2 / (res.tau2 + typical), rel=1e-12)
    dl = meta_analysis(y, se, method="dl")
    assert dl.i2 == pytest.approx((dl.q - 14) / dl.q, rel=1e-12)


@pytest.mark.parametrize("factor", [2.0**-996, 2.0**-40, 2.0**40, 2.0**996])
def test_scaling_estimates_and_std_errors_together(factor):
    # A power of two scales every number exactly: the tests and I^2 are unchanged, the effects scale.
    y, se = _draw(np.random.default_rng(5), 9, 0.1)
    for method in ("reml", "dl"):
        for test in ("z", "knha"):
            plain = meta_analysis(y, se, method=method, test=test)
            scaled = meta_analysis(y * factor, se * factor, method=method, test=test)
            for name in ("statistic", "pvalue", "i2", "q", "q_pvalue"):
                assert getattr(scaled, name) == getattr(plain, name), name
            assert scaled.estimate == plain.estimate * factor
            assert tuple(scaled.prediction_interval) == tuple(v * factor for v in plain.prediction_interval)
            if abs(np.log2(factor)) < 500:  # tau2 * factor^2 underflows (overflows) at 2^-996 (2^996)
                assert scaled.tau2 == pytest.approx(plain.tau2 * factor**2, rel=1e-15)


def test_two_data_sets_knha_uses_t_with_one_df():
    # k = 2: Knapp-Hartung's t has k - 1 = 1 degree of freedom (Knapp & Hartung 2003).
    res = meta_analysis([0.3, 0.1], [0.1, 0.1], method="dl", test="knha")
    assert res.q_df == 1
    crit = stats.t.isf(0.025, 1)  # 12.706, Student's t table
    assert res.confidence_interval.high - res.estimate == pytest.approx(crit * res.std_error, rel=1e-12)
    assert res.pvalue == pytest.approx(2 * stats.t.sf(abs(res.statistic), 1), rel=1e-12)


# --------------------------------------------------------------------------- degenerate input

@pytest.mark.parametrize("method", ["reml", "dl"])
def test_identical_estimates(method):
    # Q = 0 by definition, so tau2 = 0 (truncated), q_pvalue = P(chi2 >= 0) = 1, I^2 = 0; the z analysis is
    # the fixed-effect one: estimate 0.1 and se (sum 1 / se^2)^(-1/2).
    se = np.array([0.1, 0.2, 0.3])
    res = meta_analysis([0.1, 0.1, 0.1], se, method=method)
    assert (res.tau2, res.q, res.q_pvalue, res.i2) == (0.0, 0.0, 1.0, 0.0)
    assert res.estimate == pytest.approx(0.1, rel=1e-15)
    assert res.std_error == pytest.approx(np.sum(se**-2) ** -0.5, rel=1e-14)
    # Knapp-Hartung's variance factor is 0: a point interval, p-value 0 (metafor sets s2w = 0 the same way)
    knha = meta_analysis([0.1, 0.1, 0.1], se, method=method, test="knha")
    assert knha.std_error == 0.0 and knha.statistic == np.inf and knha.pvalue == 0.0
    assert tuple(knha.confidence_interval) == (knha.estimate, knha.estimate)
    zero = meta_analysis([0.0, 0.0], [0.1, 0.2], method=method, test="knha")
    assert (zero.statistic, zero.pvalue) == (0.0, 1.0)


def test_stable_when_one_weight_dominates_or_the_spread_is_tiny():
    # By hand: weights 1e20, 1, 1 give mu_FE = 1 + 1e-20 and Q = 1 + O(1e-20) < k - 1 = 2, so tau2 = 0.
    # (metafor 3.8.1 warns about the variance ratio here and prints Q = 1821.2: cancellation in its P matrix;
    # tr(P) = sum w - sum w^2 / sum w cancels the same way unless summed as products.)
    res = meta_analysis([1.0, 2.0, 1.0], [1e-10, 1.0, 1.0], method="dl")
    assert res.q == pytest.approx(1.0, rel=1e-12) and res.tau2 == 0.0 and res.i2 == 0.0
    # By hand: equal weights, mu = a = 1e-300 / 3, residuals (-a, -a, 2a), so the Knapp-Hartung variance is
    # 6 a^2 / (2 * 3) = a^2 and t = mu / a = 1 with 2 df: p = 1 - 1 / sqrt(3). Squaring 1e-300 would give 0.
    knha = meta_analysis([0.0, 0.0, 1e-300], [1.0, 1.0, 1.0], test="knha")
    assert knha.statistic == pytest.approx(1.0, rel=1e-12)
    assert knha.pvalue == pytest.approx(1 - 1 / np.sqrt(3), rel=1e-12)


def test_inputs_are_not_modified_and_alternative_types_agree():
    y, se = _draw(np.random.default_rng(2), 7, 0.1)
    y_copy, se_copy = y.copy(), se.copy()
    res = meta_analysis(y, se)
    assert np.array_equal(y, y_copy) and np.array_equal(se, se_copy)
    pd = pytest.importorskip("pandas")
    for yy, ss in ((y.tolist(), se.tolist()), (tuple(y), tuple(se)), (pd.Series(y), pd.Series(se))):
        assert meta_analysis(yy, ss) == res
    assert meta_analysis([1, 2, 4], [1, 1, 2]) == meta_analysis([1.0, 2.0, 4.0], [1.0, 1.0, 2.0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.tau2 = 1.0  # type: ignore[misc]
    assert isinstance(res.confidence_interval, Interval) and isinstance(res, MetaAnalysisResult)


# --------------------------------------------------------------------------- bad input

GOOD_Y, GOOD_SE = [0.1, 0.2, 0.05], [0.05, 0.04, 0.06]


@pytest.mark.parametrize("kwargs, error, words", [
    ({"estimates": None}, TypeError, ["estimates", "None"]),
    ({"estimates": "abc"}, TypeError, ["estimates", "abc"]),
    ({"estimates": 0.1}, TypeError, ["estimates", "scalar"]),
    ({"estimates": [[0.1, 0.2, 0.3]]}, ValueError, ["estimates", "1-D", "(1, 3)"]),
    ({"estimates": []}, ValueError, ["estimates", "empty"]),
    ({"estimates": [0.1], "std_errors": [0.1]}, ValueError, ["estimates", "at least 2"]),
    ({"estimates": [0.1, 0.2]}, ValueError, ["same length", "estimates has 2", "std_errors has 3"]),
    ({"estimates": [0.1, np.nan, 0.2]}, ValueError, ["estimates", "NaN"]),
    ({"std_errors": [0.1, np.inf, 0.2]}, ValueError, ["std_errors", "inf"]),
    ({"estimates": [0.1 + 1j, 0.2, 0.3]}, TypeError, ["estimates", "complex"]),
    ({"estimates": [True, False, True]}, TypeError, ["estimates", "bool"]),
    ({"estimates": [0.1, None, 0.2]}, ValueError, ["estimates", "None"]),
    ({"std_errors": [0.05, 0.0, 0.06]}, ValueError, ["std_errors", "0.0", "index 1", "infinite weight"]),
    ({"std_errors": [0.05, 0.04, -0.06]}, ValueError, ["std_errors", "-0.06", "index 2"]),
    ({"std_errors": [0.05, 1e-60, 0.06]}, ValueError, ["std_errors", "1e-60"]),
    ({"method": "ml"}, ValueError, ["method", "'ml'", "reml", "dl"]),
    ({"method": None}, TypeError, ["method", "None"]),
    ({"test": "t"}, ValueError, ["test", "'t'", "knha"]),
    ({"test": 1}, TypeError, ["test", "1"]),
    ({"confidence": 95}, ValueError, ["confidence", "95"]),
    ({"confidence": 0.0}, ValueError, ["confidence", "0.0"]),
    ({"confidence": np.nan}, ValueError, ["confidence", "nan"]),
    ({"confidence": "0.95"}, TypeError, ["confidence", "0.95"]),
])
def test_bad_input_is_refused_with_a_clear_message(kwargs, error, words):
    call = {"estimates": GOOD_Y, "std_errors": GOOD_SE, **kwargs}
    with pytest.raises(error) as info:
        meta_analysis(**call)
    for word in words:
        assert word in str(info.value), (word, str(info.value))
