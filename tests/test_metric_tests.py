"""lecture_lib.metric_tests (paired bootstrap, paired permutation test) and lecture_lib.seeds.

Oracles: scipy.stats.bootstrap(paired=True) with a matched seed and batch (the same resamples, so the
same interval to rounding), scipy.stats.permutation_test(permutation_type="samples") in its exact mode,
the exact McNemar test, and the exact bootstrap distribution of the accuracy difference.
"""

import numpy as np
import pytest
from scipy import stats

from lecture_lib import (
    SeedSplitVariance,
    design_std_error,
    mcnemar,
    mcnemar_table,
    paired_bootstrap,
    paired_permutation_test,
    seed_split_variance,
)
from lecture_lib import _unit_resampling as engine  # the resampling code the public tests share
from lecture_lib.metrics import UndefinedMetricWarning


def f1_plain(y, p, positive=1):
    """F1 from its definition, 0 when there is no true positive (the library's convention)."""
    y, p = np.asarray(y), np.asarray(p)
    tp = np.sum((y == positive) & (p == positive))
    fp = np.sum((y != positive) & (p == positive))
    fn = np.sum((y == positive) & (p != positive))
    return 0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn)


def accuracy_plain(y, p):
    return float(np.mean(np.asarray(y) == np.asarray(p)))


def make_predictions(n, seed, acc_1=0.8, acc_2=0.75, n_classes=2):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, n_classes, n)
    wrong = (y + rng.integers(1, n_classes, n)) % n_classes
    p1 = np.where(rng.random(n) < acc_1, y, wrong)
    p2 = np.where(rng.random(n) < acc_2, y, (y + rng.integers(1, n_classes, n)) % n_classes)
    return y, p1, p2


# ------------------------------------------------------------------ bootstrap: scipy with matched resamples


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_callable_bootstrap_equals_scipy_with_matched_seed(method, seed):
    y, p1, p2 = make_predictions(60, seed)
    n_resamples = 999
    ours = paired_bootstrap(y, p1, p2, metric=f1_plain, n_resamples=n_resamples, seed=seed, method=method,
                            confidence=0.9)
    theirs = stats.bootstrap(
        (y, p1, p2), lambda a, b, c: f1_plain(a, b) - f1_plain(a, c), paired=True, vectorized=False,
        n_resamples=n_resamples, batch=engine._batch_size(60, n_resamples), method=method,
        confidence_level=0.9, rng=np.random.default_rng(seed),
    )
    np.testing.assert_allclose(ours.distribution, theirs.bootstrap_distribution, rtol=0, atol=1e-14)
    assert ours.difference.low == pytest.approx(theirs.confidence_interval.low, abs=1e-12)
    assert ours.difference.high == pytest.approx(theirs.confidence_interval.high, abs=1e-12)
    assert ours.std_error == pytest.approx(theirs.standard_error, rel=1e-12)


def exact_accuracy_difference_cdf(b, c, n):
    """Exact law of (b* - c*) / n when (b*, c*, rest) ~ Multinomial(n, (b, c, n - b - c) / n)."""
    pb, pc = b / n, c / n
    values, probs = [], []
    for bs in range(n + 1):
        p_b = stats.binom.pmf(bs, n, pb)
        if p_b < 1e-300:
            continue
        cs = np.arange(n - bs + 1)
        p_c = stats.binom.pmf(cs, n - bs, pc / (1 - pb)) if pb < 1 else (cs == 0).astype(float)
        values.append((bs - cs) / n)
        probs.append(p_b * p_c)
    diffs = np.rint(np.concatenate(values) * n).astype(int)  # b* - c*, an integer
    unique, inverse = np.unique(diffs, return_inverse=True)
    return unique / n, np.cumsum(np.bincount(inverse, weights=np.concatenate(probs)))


def test_vectorised_accuracy_bootstrap_has_the_exact_distribution():
    # Dvoretzky-Kiefer-Wolfowitz: P(sup |F_B - F| > eps) <= 2 exp(-2 B eps^2); eps below gives 1e-6.
    y, p1, p2 = make_predictions(80, 3)
    table = mcnemar_table(y, p1, p2)
    b, c = int(table[0, 1]), int(table[1, 0])
    n_resamples = 200_000
    res = paired_bootstrap(y, p1, p2, metric="accuracy", n_resamples=n_resamples, seed=4, method="percentile")
    values, cdf = exact_accuracy_difference_cdf(b, c, 80)
    empirical = np.searchsorted(np.sort(res.distribution), values + 1e-12, side="right") / n_resamples
    eps = np.sqrt(np.log(2 / 1e-6) / (2 * n_resamples))
    assert np.max(np.abs(empirical - cdf)) < eps
    assert res.difference.estimate == pytest.approx((b - c) / 80)


def test_vectorised_f1_bootstrap_matches_the_resampling_loop():
    # Same law (a resample's F1 depends only on the 2x2x2 counts); two-sample KS on 20 000 + 20 000 draws.
    y, p1, p2 = make_predictions(50, 5)
    fast = paired_bootstrap(y, p1, p2, metric="f1", n_resamples=20_000, seed=6, method="percentile")
    slow = paired_bootstrap(y, p1, p2, metric=f1_plain, n_resamples=20_000, seed=7, method="percentile")
    assert fast.difference.estimate == pytest.approx(slow.difference.estimate, abs=1e-15)
    assert stats.ks_2samp(fast.distribution, slow.distribution).pvalue > 1e-4
    # quantiles agree within Monte Carlo error (two lattice steps of the F1 difference here)
    np.testing.assert_allclose(np.quantile(fast.distribution, [0.05, 0.5, 0.95]),
                               np.quantile(slow.distribution, [0.05, 0.5, 0.95]), atol=0.02)


@pytest.mark.parametrize("name, func", [("f1", f1_plain), ("accuracy", accuracy_plain)])
def test_jackknife_acceleration_from_counts_equals_leave_one_out(name, func):
    y, p1, p2 = make_predictions(40, 8)
    n = y.size
    jack = np.array([func(np.delete(y, i), np.delete(p1, i)) - func(np.delete(y, i), np.delete(p2, i))
                     for i in range(n)])
    loop = engine._acceleration(jack, np.ones(n))
    cells = engine._cells(y, p1, p2, name, 1)
    present = np.flatnonzero(cells)
    minus_one = np.repeat(cells[None], present.size, axis=0)
    minus_one[np.arange(present.size), present] -= 1
    counts = engine._acceleration(engine._difference_from_cells(minus_one, name),
                                        cells[present].astype(float))
    assert counts == pytest.approx(loop, rel=1e-10, abs=1e-15)


def test_bootstrap_settings_and_seeds():
    y, p1, p2 = make_predictions(200, 9)
    a = paired_bootstrap(y, p1, p2, "f1", seed=3, n_resamples=500)
    b = paired_bootstrap(y, p1, p2, "f1", seed=3, n_resamples=500)
    c = paired_bootstrap(y, p1, p2, "f1", seed=4, n_resamples=500)
    np.testing.assert_array_equal(a.distribution, b.distribution)
    assert not np.array_equal(a.distribution, c.distribution)
    assert (a.metric, a.method, a.n_resamples, a.difference.confidence) == ("f1", "bca", 500, 0.95)
    assert a.difference.low <= a.difference.estimate <= a.difference.high
    wider = paired_bootstrap(y, p1, p2, "f1", seed=3, n_resamples=500, confidence=0.99)
    assert wider.difference.low <= a.difference.low and wider.difference.high >= a.difference.high
    err = paired_bootstrap(y, p1, p2, metric="error_rate", seed=3, n_resamples=500, method="percentile")
    acc = paired_bootstrap(y, p1, p2, metric="accuracy", seed=3, n_resamples=500, method="percentile")
    np.testing.assert_allclose(err.distribution, -acc.distribution, atol=1e-15)  # same draws, opposite sign


def test_bootstrap_degenerate_and_multiclass():
    y, p1, _ = make_predictions(100, 10, n_classes=3)
    same = paired_bootstrap(y, p1, p1.copy(), metric="f1", n_resamples=200, seed=0)
    assert (same.difference.low, same.difference.estimate, same.difference.high) == (0.0, 0.0, 0.0)
    y, p1, p2 = make_predictions(300, 11, n_classes=3)
    for positive in (0, 1, 2):  # F1 of one class against the rest
        res = paired_bootstrap(y, p1, p2, metric="f1", positive=positive, n_resamples=200, seed=0)
        assert res.metric_1 == pytest.approx(f1_plain(y, p1, positive))


def test_undefined_f1_warns_once_on_the_data():
    y = np.array([0, 0, 1, 1, 0, 1])
    with pytest.warns(UndefinedMetricWarning, match="model 2"):
        res = paired_bootstrap(y, [0, 0, 1, 1, 0, 0], [0, 0, 0, 0, 0, 0], "f1", n_resamples=100, seed=0)
    assert res.metric_2 == 0.0


# ------------------------------------------------------------------ permutation test


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("metric", ["accuracy", "f1", "callable"])
def test_exact_permutation_equals_scipy_exact(seed, metric):
    y, p1, p2 = make_predictions(11, seed, 0.7, 0.6)  # 2^11 = 2048 <= n_resamples: scipy is exact too
    func = {"accuracy": accuracy_plain, "f1": f1_plain, "callable": f1_plain}[metric]
    theirs = stats.permutation_test((p1, p2), lambda a, b: func(y, a) - func(y, b), permutation_type="samples",
                                    vectorized=False, n_resamples=10_000).pvalue
    ours = paired_permutation_test(y, p1, p2, metric=func if metric == "callable" else metric, n_resamples=10_000)
    assert ours.method == "exact"
    assert ours.pvalue == pytest.approx(theirs, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("seed", range(5))
def test_accuracy_permutation_test_is_the_exact_mcnemar_test(seed):
    # Swapping predictions makes b ~ Binomial(b + c, 1/2): the exact McNemar test (chapter 2).
    y, p1, p2 = make_predictions(400, seed, n_classes=3)
    res = paired_permutation_test(y, p1, p2, metric="accuracy")
    assert res.pvalue == pytest.approx(mcnemar(mcnemar_table(y, p1, p2), method="exact").pvalue, rel=1e-10)


def test_monte_carlo_permutation_agrees_with_exact(monkeypatch):
    y, p1, p2 = make_predictions(300, 12)
    exact = paired_permutation_test(y, p1, p2, metric="f1")
    monkeypatch.setattr(engine, "EXACT_MAX_POINTS", 0)
    mc = paired_permutation_test(y, p1, p2, metric="f1", n_resamples=40_000, seed=1)
    assert (exact.method, mc.method, mc.n_resamples) == ("exact", "monte-carlo", 40_000)
    # Monte Carlo error of a p-value near p with B draws: sd <= 2 sqrt(p (1 - p) / B); allow 5 sd
    assert abs(mc.pvalue - exact.pvalue) <= 5 * 2 * np.sqrt(exact.pvalue * (1 - exact.pvalue) / 40_000) + 1e-4


def test_callable_monte_carlo_agrees_with_exact():
    y, p1, p2 = make_predictions(200, 13)
    exact = paired_permutation_test(y, p1, p2, metric="f1")
    mc = paired_permutation_test(y, p1, p2, metric=f1_plain, n_resamples=4000, seed=2)
    assert mc.method == "monte-carlo" and mc.statistic == pytest.approx(exact.statistic)
    assert abs(mc.pvalue - exact.pvalue) <= 5 * 2 * np.sqrt(exact.pvalue * (1 - exact.pvalue) / 4000) + 1e-3


def test_permutation_null_calibration():
    # H0 true (exchangeable predictions): the exact p-value rejects at most 5 % of the time.
    rng = np.random.default_rng(14)
    rejections = 0
    for _ in range(1000):
        y = rng.integers(0, 2, 120)
        a = np.where(rng.random(120) < 0.8, y, 1 - y)
        b = np.where(rng.random(120) < 0.8, y, 1 - y)
        swap = rng.random(120) < 0.5
        p1, p2 = np.where(swap, b, a), np.where(swap, a, b)
        rejections += paired_permutation_test(y, p1, p2, metric="f1").pvalue <= 0.05
    assert rejections / 1000 <= 0.05 + 3 * np.sqrt(0.05 * 0.95 / 1000)


def test_permutation_degenerate_and_symmetry():
    y, p1, p2 = make_predictions(100, 15)
    same = paired_permutation_test(y, p1, p1.copy(), "f1")
    assert (same.statistic, same.pvalue, same.n_discordant) == (0.0, 1.0, 0)
    forward = paired_permutation_test(y, p1, p2, "f1")
    backward = paired_permutation_test(y, p2, p1, "f1")
    assert backward.statistic == pytest.approx(-forward.statistic) and backward.pvalue == pytest.approx(forward.pvalue)
    assert 0.0 <= forward.pvalue <= 1.0


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("func", [paired_bootstrap, paired_permutation_test])
def test_bad_input(func):
    y, p1, p2 = make_predictions(30, 16)
    with pytest.raises(ValueError, match="metric must be one of"):
        func(y, p1, p2, metric="auc")
    with pytest.raises(TypeError, match="metric"):
        func(y, p1, p2, metric=3)
    with pytest.raises(ValueError, match="positive=7 appears in neither"):
        func(y, p1, p2, metric="f1", positive=7)
    with pytest.raises(ValueError, match="same length"):
        func(y, p1[:-1], p2, "f1")
    with pytest.raises(TypeError, match="y_pred_2 holds text labels"):
        func(y, p1, p2.astype(str), "f1")
    with pytest.raises(ValueError, match="non-finite"):
        func(y, p1, p2, metric=lambda a, b: np.nan)
    with pytest.raises(ValueError, match="n_resamples must be >= 1"):
        func(y, p1, p2, "accuracy", n_resamples=0)


def test_bootstrap_bad_method_and_inputs_not_modified():
    y, p1, p2 = make_predictions(30, 17)
    with pytest.raises(ValueError, match="method must be one of"):
        paired_bootstrap(y, p1, p2, "f1", method="basic")
    copies = y.copy(), p1.copy(), p2.copy()
    paired_bootstrap(y, p1, p2, "f1", n_resamples=50, seed=0)
    paired_permutation_test(y, p1, p2, metric=f1_plain, n_resamples=50, seed=0)
    for a, b in zip((y, p1, p2), copies):
        np.testing.assert_array_equal(a, b)


# ------------------------------------------------------------------ seeds


def test_seed_split_variance_matches_one_way_anova():
    # scipy's one-way ANOVA F = MS_between / MS_within with the splits as groups
    rng = np.random.default_rng(18)
    scores = 0.8 + rng.normal(0, 0.03, (8, 1)) + rng.normal(0, 0.01, (8, 5))
    v = seed_split_variance(scores)
    f = stats.f_oneway(*scores).statistic
    ms_between = 5 * v.split_variance + v.seed_variance
    assert ms_between / v.seed_variance == pytest.approx(f, rel=1e-10)
    assert v.mean == pytest.approx(scores.mean())
    assert v.split_share == pytest.approx(v.split_variance / (v.split_variance + v.seed_variance))


def test_seed_split_variance_recovers_known_components():
    # 400 splits x 10 seeds with sigma_split = 0.03, sigma_seed = 0.01: the estimators are unbiased;
    # their standard errors here are about 7 % (split) and 2.4 % (seed) of the true values.
    rng = np.random.default_rng(19)
    scores = rng.normal(0, 0.03, (400, 1)) + rng.normal(0, 0.01, (400, 10))
    v = seed_split_variance(scores)
    assert v.split_variance == pytest.approx(0.03**2, rel=0.25)
    assert v.seed_variance == pytest.approx(0.01**2, rel=0.1)


def test_design_std_error_and_bad_input():
    v = SeedSplitVariance(0.0, 4e-4, 1e-4, 0.8, 5, 5)
    assert design_std_error(v, 4, 2) == pytest.approx(np.sqrt(4e-4 / 4 + 1e-4 / 8))
    with pytest.raises(TypeError, match="variance must be"):
        design_std_error({"split_variance": 1}, 4, 2)
    with pytest.raises(ValueError, match="n_seeds must be >= 1"):
        design_std_error(v, 4, 0)
    with pytest.raises(ValueError, match="at least 2 splits and 2 seeds"):
        seed_split_variance(np.ones((1, 5)))
    constant = seed_split_variance(np.ones((3, 3)))
    assert constant.split_variance == constant.seed_variance == 0.0 and np.isnan(constant.split_share)
