"""Diebold-Mariano test (chapter 10): R forecast oracle, paired-t identity, formula, interval, size, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from lecture_lib.forecast_tests import (
    DieboldMarianoResult,
    _diebold_mariano_core,
    _pvalues,
    diebold_mariano_test,
)

ORACLE = Path(__file__).parent / "oracles" / "forecast_dm.json"
seeds = st.integers(0, 2**32 - 1)
alternatives = st.sampled_from(["two-sided", "less", "greater"])


def _ma_losses(rng, n, h):
    """Squared MA(h - 1) errors of two models: autocorrelated loss differences, as h-step forecasts give."""
    theta = np.r_[1.0, rng.uniform(0.2, 0.9, h - 1)]
    errors = [np.convolve(rng.normal(size=n + h - 1), theta, mode="valid") for _ in range(2)]
    return errors[0] ** 2, errors[1] ** 2


# ------------------------------------------------------------------ oracle: R forecast 8.20


def _oracle_cases():
    return json.loads(ORACLE.read_text())["cases"]


@pytest.mark.parametrize("case", _oracle_cases(), ids=lambda c: f"n{len(c['loss_1'])}-h{c['horizon']}")
def test_matches_forecast_dm_test(case):
    # Values from forecast::dm.test (R 4.2.2, forecast 8.20), tests/oracles/forecast_dm.R: losses given as
    # "errors" with power = 1, so that dm.test's d = |e1| - |e2| is exactly loss_1 - loss_2.
    alternative = case["alternative"].replace(".", "-")  # R's "two.sided"
    res = diebold_mariano_test(case["loss_1"], case["loss_2"], horizon=case["horizon"], alternative=alternative)
    assert res.statistic == pytest.approx(case["statistic"], rel=1e-9, abs=1e-12)
    assert res.pvalue == pytest.approx(case["pvalue"], rel=1e-9, abs=1e-15)
    # dm.test warned "Variance is negative" exactly when we fell back to lag 0 (horizon 1)
    assert ("was not positive" in res.method) == case["fallback"]
    if "statistic_power_2" in case:  # the same test run on the raw errors with power = 2
        assert res.statistic == pytest.approx(case["statistic_power_2"], rel=1e-9, abs=1e-12)
        assert res.pvalue == pytest.approx(case["pvalue_power_2"], rel=1e-9, abs=1e-15)


def test_oracle_covers_all_horizons_alternatives_and_the_fallback():
    cases = _oracle_cases()
    assert len(cases) >= 40
    assert {c["horizon"] for c in cases} == {1, 2, 3, 4}
    assert {c["alternative"] for c in cases} == {"two.sided", "less", "greater"}
    assert any(c["fallback"] for c in cases) and not all(c["fallback"] for c in cases)


# ------------------------------------------------------------------ identities and the formula


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 150), seeds, alternatives, st.floats(0.5, 0.99))
def test_horizon_one_with_correction_is_the_paired_t_test(n, seed, alternative, confidence):
    # At h = 1 the HLN factor sqrt((n - 1) / n) turns gamma_0 / n (divisor n) into s^2 / n (divisor n - 1):
    # the corrected DM test is the paired t-test, so scipy.stats.ttest_rel is an oracle (statistic, p, interval).
    rng = np.random.default_rng(seed)
    loss_1, loss_2 = rng.exponential(1.0, n), rng.exponential(1.1, n)
    res = diebold_mariano_test(loss_1, loss_2, alternative=alternative, confidence=confidence)
    ref = stats.ttest_rel(loss_1, loss_2, alternative=alternative)
    assert res.statistic == pytest.approx(ref.statistic, rel=1e-9)
    assert res.pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-15)
    assert res.df == ref.df == n - 1
    low, high = ref.confidence_interval(confidence)
    assert res.confidence_interval.low == pytest.approx(low, rel=1e-9, abs=1e-12)
    assert res.confidence_interval.high == pytest.approx(high, rel=1e-9, abs=1e-12)


def _dm_by_the_formula(d, h, correction):
    """Diebold & Mariano (1995) eq. (3) with the rectangular kernel, and HLN (1997) eq. (9), in plain loops."""
    n = len(d)
    mean = sum(d) / n
    gamma = [sum((d[t] - mean) * (d[t - k] - mean) for t in range(k, n)) / n for k in range(h)]
    variance = (gamma[0] + 2 * sum(gamma[1:])) / n
    if variance <= 0:  # forecast's fall-back: lag 0 and h = 1
        variance, h = gamma[0] / n, 1
    statistic = mean / np.sqrt(variance)
    if not correction:
        return statistic, 2 * stats.norm.sf(abs(statistic))
    statistic *= np.sqrt((n + 1 - 2 * h + h * (h - 1) / n) / n)
    return statistic, 2 * stats.t.sf(abs(statistic), n - 1)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 6), st.integers(0, 80), seeds, st.booleans())
def test_matches_the_formula_of_the_papers(h, extra, seed, correction):
    n = h + 1 + extra
    rng = np.random.default_rng(seed)
    loss_1, loss_2 = _ma_losses(rng, n, h)
    res = diebold_mariano_test(loss_1, loss_2, horizon=h, correction=correction)
    statistic, pvalue = _dm_by_the_formula(list(loss_1 - loss_2), h, correction)
    assert res.statistic == pytest.approx(statistic, rel=1e-9)
    assert res.pvalue == pytest.approx(pvalue, rel=1e-9, abs=1e-15)
    assert res.df == (n - 1 if correction else np.inf)
    assert res.mean_difference == pytest.approx(np.mean(loss_1 - loss_2), rel=1e-12, abs=1e-15)
    assert res.statistic == pytest.approx(res.mean_difference / res.std_error, rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 4), st.integers(3, 60), seeds, alternatives, st.booleans(), st.floats(0.6, 0.99))
def test_interval_inverts_the_test(h, extra, seed, alternative, correction, confidence):
    # Shifting loss_1 by a limit of the interval leaves the variance alone and puts the mean difference at
    # the limit: the test of "mean difference = limit" must then have p-value exactly 1 - confidence.
    n = h + extra
    rng = np.random.default_rng(seed)
    loss_1, loss_2 = _ma_losses(rng, n, h)
    res = diebold_mariano_test(loss_1, loss_2, h, alternative, correction, confidence)
    ci = res.confidence_interval
    assert ci.low <= ci.estimate == res.mean_difference <= ci.high and ci.confidence == confidence
    assert (alternative == "less") == (ci.low == -np.inf) and (alternative == "greater") == (ci.high == np.inf)
    for limit in (ci.low, ci.high):
        if np.isfinite(limit):
            shifted = diebold_mariano_test(loss_1 - limit, loss_2, h, alternative, correction)
            assert shifted.pvalue == pytest.approx(1 - confidence, rel=1e-6)
    assert res.effect_interval is ci and res.effect_null == 0.0


def test_alternatives_follow_forecast_dm_test():
    # forecast's documentation: "less" = method 2 less accurate than method 1 (loss_1 lower).
    rng = np.random.default_rng(3)
    loss_2 = rng.exponential(1.0, 60)
    loss_1 = loss_2 * 0.6  # model 1 clearly more accurate
    less = diebold_mariano_test(loss_1, loss_2, alternative="less")
    greater = diebold_mariano_test(loss_1, loss_2, alternative="greater")
    both = diebold_mariano_test(loss_1, loss_2)
    assert less.statistic < 0 and less.pvalue < 1e-6 and greater.pvalue > 1 - 1e-6
    assert both.pvalue == pytest.approx(2 * less.pvalue, rel=1e-12)
    assert less.pvalue + greater.pvalue == pytest.approx(1.0, rel=1e-12)


def test_negative_long_run_variance_falls_back_to_horizon_one():
    # d alternates in sign: gamma_1 < -gamma_0 / 2, so gamma_0 + 2 gamma_1 < 0 at h = 2 (forecast warns and
    # reruns with h = 1; we document it in method).
    d = 0.1 + np.tile([1.0, -1.0], 10) * np.linspace(0.5, 1.0, 20)
    res = diebold_mariano_test(d, np.zeros(20), horizon=2)
    at_one = diebold_mariano_test(d, np.zeros(20), horizon=1)
    assert (res.statistic, res.pvalue) == (at_one.statistic, at_one.pvalue)
    assert "was not positive" in res.method and res.horizon == 2 and "not positive" not in at_one.method


def test_zero_variance_is_defined():
    # All differences equal: forecast's dm.test stops ("Variance of DM statistic is zero"); we document this.
    same = np.linspace(1.0, 2.0, 10)
    tie = diebold_mariano_test(same, same, horizon=3)
    assert (tie.statistic, tie.pvalue, tie.std_error) == (0.0, 1.0, 0.0)
    assert "zero variance" in tie.method and "not positive" not in tie.method
    shift = diebold_mariano_test(same + 0.1, same)  # d = 0.1 (up to rounding) everywhere
    assert shift.statistic == np.inf and shift.pvalue == 0.0
    assert diebold_mariano_test(same + 0.1, same, alternative="greater").pvalue == 0.0
    assert diebold_mariano_test(same + 0.1, same, alternative="less").pvalue == 1.0
    ci = shift.confidence_interval
    assert ci.low == ci.high == ci.estimate == shift.mean_difference
    assert diebold_mariano_test(same - 0.1, same, alternative="less").statistic == -np.inf


# ------------------------------------------------------------------ size by simulation


def test_type_one_error_with_ma1_differences():
    # H0 true: d_t = u_t + 0.6 u_(t-1), mean 0 (two-step-ahead forecasts, h = 2), n = 50, 4000 series, alpha 5 %.
    # Monte Carlo sd of a rejection rate near 0.05 is sqrt(0.05 * 0.95 / 4000) = 0.0034.
    rng = np.random.default_rng(20261130)
    m, n = 4000, 50
    u = rng.normal(size=(m, n + 1))
    d = u[:, 1:] + 0.6 * u[:, :-1]

    def rejection_rate(h, correction):
        statistic, _, se, _ = _diebold_mariano_core(d, h, correction)
        return (_pvalues(statistic, se, n - 1.0 if correction else np.inf, "two-sided") <= 0.05).mean()

    # HLN-corrected, lag-1 autocovariance included: near 0.05. HLN's correction removes most, not all, of
    # the small-sample excess (the variance estimate's own noise remains), so the band is 0.05 +- 0.02:
    # 3 MC sd (0.01) plus 0.01 for that remaining excess.
    corrected = rejection_rate(2, True)
    assert 0.03 < corrected < 0.07
    # the original test (normal, no HLN factor) over-rejects more (HLN 1997's motivation)
    assert rejection_rate(2, False) > corrected + 0.005
    # ignoring the autocorrelation (h = 1, as a paired t-test does) inflates it roughly threefold:
    # Var(d-bar) is underestimated by the factor (1 + theta^2) / (1 + theta)^2 = 0.53
    assert rejection_rate(1, True) > 0.12


def test_vectorised_core_matches_the_function():
    rng = np.random.default_rng(11)
    d = rng.normal(0.1, 1.0, (25, 30))
    statistic, _, se, _ = _diebold_mariano_core(d, 3, True)
    pvalue = _pvalues(statistic, se, 29.0, "greater")
    for i in range(d.shape[0]):
        res = diebold_mariano_test(d[i], np.zeros(30), horizon=3, alternative="greater")
        assert (res.statistic, res.pvalue) == pytest.approx((statistic[i], pvalue[i]), rel=1e-12)


# ------------------------------------------------------------------ the result and bad input


def test_result_prints_within_the_width_and_is_frozen():
    loss_1, loss_2 = _ma_losses(np.random.default_rng(5), 40, 2)
    before = loss_1.copy(), loss_2.copy()
    res = diebold_mariano_test(loss_1, loss_2, horizon=2, correction=False)
    assert isinstance(res, DieboldMarianoResult)
    np.testing.assert_array_equal(loss_1, before[0])
    np.testing.assert_array_equal(loss_2, before[1])
    assert all(isinstance(getattr(res, f), float) for f in ("statistic", "pvalue", "std_error", "df"))
    assert res.df == np.inf and "normal" in res.method and res.n == 40 and res.horizon == 2
    text = str(res)
    assert "confidence_interval" in text and max(len(line) for line in text.splitlines()) <= 74
    with pytest.raises(AttributeError):
        res.pvalue = 0.5


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"loss_2": [1.0, 2.0]}, ValueError, "same length"),
        ({"loss_1": [1.0], "loss_2": [2.0]}, ValueError, "at least 2"),
        ({"loss_1": [1.0, float("nan"), 2.0, 1.0]}, ValueError, "loss_1 must be finite"),
        ({"loss_2": [1.0, float("inf"), 2.0, 1.0]}, ValueError, "loss_2 must be finite"),
        ({"loss_1": [1 + 1j, 2.0, 3.0, 1.0]}, TypeError, "loss_1 holds complex"),
        ({"loss_1": [[1.0, 2.0], [3.0, 4.0]]}, ValueError, "loss_1 must be 1-D"),
        ({"loss_1": "abcd"}, TypeError, "loss_1"),
        ({"loss_1": []}, ValueError, "loss_1 is empty"),
        ({"loss_1": [1e308, 1.0, 1.0, 1.0], "loss_2": [-1e308, 1.0, 2.0, 1.0]}, ValueError, "overflows"),
        ({"horizon": 0}, ValueError, "horizon must be >= 1"),
        ({"horizon": 4}, ValueError, r"horizon must be smaller than the number of time points \(4\), got 4"),
        ({"horizon": 1.5}, ValueError, "horizon must be a whole number"),
        ({"horizon": "2"}, TypeError, "horizon"),
        ({"alternative": "two.sided"}, ValueError, "alternative must be one of"),
        ({"alternative": None}, TypeError, "alternative"),
        ({"correction": "yes"}, TypeError, "correction must be True or False"),
        ({"confidence": 1.0}, ValueError, "confidence must lie in"),
    ],
)
def test_bad_input(kwargs, error, words):
    args = {"loss_1": [1.0, 2.0, 1.5, 0.5], "loss_2": [1.2, 2.5, 1.0, 0.9]}
    args.update(kwargs)
    with pytest.raises(error, match=words):
        diebold_mariano_test(**args)
