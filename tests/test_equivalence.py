"""TOST equivalence test (chapter 8): statsmodels oracle, identities with the corrected and Bayesian t, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from statsmodels.stats.weightstats import ttost_paired

from lecture_lib import (
    EquivalenceResult,
    Interval,
    bayesian_correlated_ttest,
    equivalence_test,
    noninferiority_test,
    paired_accuracy_difference,
    resampled_ttest,
)

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


# ------------------------------------------------------------------ non-inferiority


def _tango_by_likelihood(delta0, b, c, n):
    """Tango's (1998) score statistic with the restricted MLE found numerically, not by his closed form.

    Under H0 p12 - p21 = delta0 the multinomial log-likelihood of the discordant cells is
    b log(p21 + delta0) + c log(p21) + (n - b - c) log(1 - 2 p21 - delta0); maximise it over p21.
    """
    from scipy import optimize

    lo, hi = max(0.0, -delta0) + 1e-15, (1.0 - delta0) / 2.0 - 1e-15

    def negloglik(p21):
        p12 = p21 + delta0
        rest = 1.0 - p12 - p21
        return -(b * np.log(p12) + c * np.log(p21) + (n - b - c) * np.log(rest))

    p21 = optimize.minimize_scalar(negloglik, bounds=(lo, hi), method="bounded",
                                   options={"xatol": 1e-13}).x
    return (b - c - n * delta0) / np.sqrt(n * (2 * p21 + delta0 * (1 - delta0)))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(0, 300), st.floats(0.005, 0.2))
def test_table_statistic_is_tango_score_statistic(b, c, concordant, margin):
    n = b + c + concordant
    ours = noninferiority_test([[concordant, b], [c, 0]], margin=margin)
    assert ours.statistic == pytest.approx(_tango_by_likelihood(-margin, b, c, n), rel=1e-5)
    assert ours.pvalue == pytest.approx(stats.norm.sf(ours.statistic), rel=1e-12)
    assert ours.method == "tango score" and ours.df is None and ours.n == n


@pytest.mark.parametrize("margin", [0.02, 0.05, 0.1])
@pytest.mark.parametrize("confidence", [0.90, 0.95])
def test_table_test_rejects_exactly_when_tango_lower_limit_is_above_minus_margin(margin, confidence):
    # Every table with n = 60 pairs: the one-sided test at alpha = (1 - confidence) / 2 and Tango's
    # interval at `confidence` (paired_accuracy_difference, method="tango") must decide alike
    alpha = (1 - confidence) / 2
    n = 60
    for b in range(n + 1):
        for c in range(n + 1 - b):
            table = [[n - b - c, b], [c, 0]]
            res = noninferiority_test(table, margin=margin, confidence=confidence)
            limit = paired_accuracy_difference(table, confidence=confidence, method="tango").low
            assert res.difference.low == pytest.approx(limit, abs=1e-12)
            if abs(limit + margin) > 1e-9:  # not on the boundary itself
                assert (res.pvalue < alpha) == (limit > -margin), (b, c)


def test_table_holds_its_level_at_the_margin():
    # Discordant probabilities p12 = 0.07, p21 = 0.09 (difference -0.02 = -margin), n = 400 pairs,
    # 4 000 test sets: the rejection rate at alpha = 0.05 is within 3 Monte Carlo sd (0.0034 each)
    # of 0.05 (Tango 1998, Table 3, reports sizes 0.044 to 0.055 in this range)
    rng = np.random.default_rng(12)
    counts = rng.multinomial(400, [0.07, 0.09, 0.84], size=4000)
    rejected = [noninferiority_test([[0, b], [c, d]], margin=0.02).pvalue < 0.05 for b, c, d in counts]
    assert abs(np.mean(rejected) - 0.05) < 3 * np.sqrt(0.05 * 0.95 / 4000)


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 200), seeds, st.floats(0.01, 1.0), st.floats(-0.5, 0.5))
def test_scores_match_scipy_one_sided_t(n, seed, margin, shift):
    # H0: mean(x - y) <= -margin is scipy's one-sample t of x - y + margin, alternative "greater"
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    y = x + rng.normal(shift, 1.0, size=n)
    ours = noninferiority_test(x, y, margin=margin)
    oracle = stats.ttest_1samp(x - y + margin, 0.0, alternative="greater")
    assert ours.statistic == pytest.approx(oracle.statistic, rel=1e-9)
    assert ours.pvalue == pytest.approx(oracle.pvalue, rel=1e-9, abs=1e-14)
    # the same one-sided test as TOST's lower half
    tost = equivalence_test(x, y, margin)
    assert ours.pvalue == pytest.approx(tost.pvalue_lower, rel=1e-12, abs=1e-15)
    # losses: the first model's advantage is y - x
    flipped = noninferiority_test(y, x, margin=margin, higher_is_better=False)
    assert flipped.statistic == pytest.approx(ours.statistic, rel=1e-12)


def test_corrected_scores_match_the_corrected_t_and_its_interval():
    # Nadeau & Bengio's variance (1/n + ratio) s^2: the corrected t of resampled_ttest, shifted by the margin
    rng = np.random.default_rng(3)
    a = rng.normal(0.80, 0.02, size=(10, 10))
    b = a - 0.004 + rng.normal(0, 0.01, size=(10, 10))
    res = noninferiority_test(a, b, margin=0.01, test_train_ratio=1 / 9)
    d = (a - b).ravel()
    se = np.sqrt((1 / 100 + 1 / 9) * d.var(ddof=1))
    assert res.statistic == pytest.approx((d.mean() + 0.01) / se, rel=1e-12)
    assert res.pvalue == pytest.approx(stats.t.sf((d.mean() + 0.01) / se, 99), rel=1e-9)
    alpha = (1 - res.difference.confidence) / 2
    assert (res.pvalue < alpha) == (res.difference.low > -0.01)
    assert res.method == "corrected t" and res.df == 99 and res.effect_null == -0.01
    assert res.effect_interval is res.difference


def test_constant_differences_give_the_documented_answer():
    x = np.array([0.8, 0.9, 0.7])
    assert noninferiority_test(x, x - 0.01, margin=0.02).pvalue == 0.0  # always 0.01 worse, within 0.02
    assert noninferiority_test(x, x + 0.05, margin=0.02).pvalue == 1.0  # always 0.05 worse


@pytest.mark.parametrize("args, kwargs, error, words", [
    (([[5, 3], [2, 1]],), {"margin": -0.1}, ValueError, "margin"),
    (([[5, 3], [2, 1]],), {"margin": 2}, ValueError, "0.02 means two points"),  # 2 meant as points
    (([[5, 3], [2, 1]],), {"margin": 1.0}, ValueError, "below 1"),
    (([[5, 3], [2, 1]],), {"margin": 0.1, "test_train_ratio": 0.2}, ValueError, "test_train_ratio"),
    (([[5, 3], [2, 1]],), {"margin": 0.1, "higher_is_better": False}, ValueError, "higher_is_better"),
    (([[0, 0], [0, 0]],), {"margin": 0.1}, ValueError, "sum to 0"),
    (([[5, -3], [2, 1]],), {"margin": 0.1}, ValueError, "non-negative"),
    (([5, 3, 2, 1],), {"margin": 0.1}, ValueError, "shape"),
    (([0.1, 0.2], [0.1, 0.2, 0.3]), {"margin": 0.1}, ValueError, "same length"),
    (([0.1, 0.2], [0.1, np.nan]), {"margin": 0.1}, ValueError, "y"),
    (([0.1, 0.2], [0.1, 0.3]), {"margin": 0.1, "higher_is_better": "no"}, TypeError, "higher_is_better"),
    (([0.1, 0.2], [0.1, 0.3]), {"margin": 0.1, "confidence": 2}, ValueError, "confidence"),
])
def test_noninferiority_bad_input(args, kwargs, error, words):
    with pytest.raises(error, match=words):
        noninferiority_test(*args, **kwargs)
    with pytest.raises(TypeError, match="margin"):
        noninferiority_test([[5, 3], [2, 1]])  # the margin has no default: it must be chosen
