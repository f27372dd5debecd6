"""TOST equivalence test (chapter 8): statsmodels oracle, identities with the corrected and Bayesian t, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.weightstats import ttost_paired

from lecture_lib import EquivalenceResult, Interval, bayesian_correlated_ttest, equivalence_test, resampled_ttest

seeds = st.integers(0, 2**32 - 1)


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 200), seeds, st.floats(0.01, 1.0), st.floats(-0.5, 0.5))
def test_paired_tost_matches_statsmodels(n, seed, margin, shift):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    y = x + rng.normal(shift, 1.0, size=n)
    ours = equivalence_test(x, y, margin)
    pvalue, (t_low, p_low, df_low), (t_upp, p_upp, df_upp) = ttost_paired(x, y, -margin, margin)
    assert ours.pvalue == pytest.approx(pvalue, rel=1e-9, abs=1e-14)
    assert ours.pvalue_lower == pytest.approx(p_low, rel=1e-9, abs=1e-14)
    assert ours.pvalue_upper == pytest.approx(p_upp, rel=1e-9, abs=1e-14)
    assert ours.statistic_lower == pytest.approx(t_low, rel=1e-9)
    assert ours.statistic_upper == pytest.approx(t_upp, rel=1e-9)
    assert ours.df == df_low == df_upp == n - 1
    assert ours.statistic == pytest.approx(t_low if p_low >= p_upp else t_upp, rel=1e-9)
    assert ours.method == "paired t" and 0.0 <= ours.pvalue <= 1.0


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10), st.integers(2, 10), seeds, st.floats(0.001, 0.05), st.floats(-0.03, 0.03))
def test_corrected_tost_tails_are_the_bayesian_posterior_outside_the_rope(r, k, seed, margin, shift):
    # With the same ratio, TOST's two one-sided p-values are the posterior's two tails outside
    # [-margin, margin] (Corani & Benavoli 2015's posterior has the corrected t's scale and df).
    rng = np.random.default_rng(seed)
    base = rng.uniform(0.7, 0.9, (r, k))
    s1, s2 = base + rng.normal(shift, 0.02, (r, k)), base + rng.normal(0, 0.02, (r, k))
    ratio = 1 / (k - 1)
    tost = equivalence_test(s1, s2, margin, test_train_ratio=ratio)
    bayes = bayesian_correlated_ttest(s1, s2, ratio, rope=margin)
    assert tost.pvalue_lower == pytest.approx(bayes.p_left, rel=1e-9, abs=1e-14)
    assert tost.pvalue_upper == pytest.approx(bayes.p_right, rel=1e-9, abs=1e-14)
    assert tost.std_error == pytest.approx(bayes.scale, rel=1e-12)
    # ... and each is a one-sided corrected resampled t-test on shifted scores
    shifted = resampled_ttest((s1 + margin).ravel(), s2.ravel(), test_train_ratio=ratio)
    one_sided = shifted.pvalue / 2 if shifted.statistic >= 0 else 1 - shifted.pvalue / 2
    assert tost.pvalue_lower == pytest.approx(one_sided, rel=1e-7, abs=1e-12)


@settings(max_examples=80, deadline=None)
@given(st.integers(3, 60), seeds, st.floats(0.05, 1.0), st.floats(-0.6, 0.6))
def test_tost_rejects_exactly_when_the_90_percent_interval_is_inside_the_margin(n, seed, margin, shift):
    # Schuirmann (1987): TOST at alpha = the (1 - 2 alpha) confidence interval inside (-margin, margin).
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    y = x + rng.normal(shift, 0.8, size=n)
    res = equivalence_test(x, y, margin, confidence=0.90)
    inside = -margin < res.confidence_interval.low and res.confidence_interval.high < margin
    assert (res.pvalue < 0.05) == inside or abs(res.pvalue - 0.05) < 1e-9
    d = x - y
    expected = stats.t.interval(0.90, n - 1, loc=d.mean(), scale=d.std(ddof=1) / np.sqrt(n))
    assert isinstance(res.confidence_interval, Interval)
    assert (res.confidence_interval.low, res.confidence_interval.high) == pytest.approx(expected, rel=1e-9)


def test_tost_equivalent_when_close_and_not_when_far():
    rng = np.random.default_rng(1)
    x = rng.normal(0.8, 0.02, 100)
    close = equivalence_test(x, x + rng.normal(0.0, 0.005, 100), margin=0.01)
    far = equivalence_test(x, x + rng.normal(0.03, 0.005, 100), margin=0.01)
    assert close.pvalue < 1e-6 and far.pvalue > 0.999


def test_tost_2d_only_with_the_corrected_t():
    rng = np.random.default_rng(2)
    s1, s2 = rng.uniform(0.7, 0.9, (2, 3, 5))
    assert equivalence_test(s1, s2, 0.05, test_train_ratio=0.25) == equivalence_test(s1.ravel(), s2.ravel(), 0.05,
                                                                                      test_train_ratio=0.25)
    with pytest.raises(ValueError, match="1-D"):
        equivalence_test(s1, s2, 0.05)


def test_tost_zero_variance():
    same = np.full(8, 0.8)
    inside = equivalence_test(same + 0.005, same, 0.01)
    assert (inside.pvalue_lower, inside.pvalue_upper, inside.pvalue) == (0.0, 0.0, 0.0)
    outside = equivalence_test(same + 0.02, same, 0.01)
    assert (outside.pvalue_lower, outside.pvalue_upper, outside.pvalue) == (0.0, 1.0, 1.0)
    assert outside.confidence_interval.low == outside.confidence_interval.high == pytest.approx(0.02)


def test_tost_result_prints_and_is_frozen():
    res = equivalence_test([0.8, 0.82, 0.85, 0.81], [0.79, 0.8, 0.82, 0.8], 0.05)
    assert isinstance(res, EquivalenceResult)
    assert "pvalue_lower" in str(res) and "margin" in str(res)
    with pytest.raises(AttributeError):
        res.pvalue = 0.5


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"margin": 0.0}, ValueError, "margin"),
        ({"margin": -0.1}, ValueError, "margin"),
        ({"margin": None}, TypeError, "margin"),
        ({"test_train_ratio": 0.0}, ValueError, "test_train_ratio"),
        ({"confidence": 0.0}, ValueError, "confidence"),
        ({"y": [0.7, 0.8]}, ValueError, "same length"),
        ({"x": [0.8], "y": [0.7]}, ValueError, "at least 2"),
        ({"x": [0.8, float("nan"), 0.7]}, ValueError, "x must be finite"),
    ],
)
def test_tost_bad_input(kwargs, error, words):
    args = {"x": [0.8, 0.7, 0.9], "y": [0.75, 0.7, 0.8], "margin": 0.05}
    args.update(kwargs)
    with pytest.raises(error, match=words):
        equivalence_test(**args)
