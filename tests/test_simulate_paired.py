"""Chapter 4's simulation: the numpy learners, the p-values, Dietterich's finding, bad input."""

import numpy as np
import pytest
from scipy import special

from lecture_lib import (
    PAIRED_TESTS,
    ftest_5x2cv,
    kfold_cv_ttest,
    mcnemar,
    paired_power_curve,
    proportion_difference_test,
    resampled_ttest,
    simulate_paired_tests,
    ttest_5x2cv,
)
from lecture_lib.simulate_paired import _accuracies, _correct, _fold_ids, _one_batch, _random_masks


def _blocks(seed, n_reps=3, n=60, p=4):
    rng = np.random.default_rng(seed)
    is_one = rng.random((n_reps, n)) < 0.5
    X = rng.standard_normal((n_reps, n, 2, p)) + np.where(is_one, 0.4, -0.4)[:, :, None, None]
    return rng, X, is_one


@pytest.mark.parametrize("seed", range(5))
def test_vectorised_nearest_centroid_matches_sklearn(seed):
    from sklearn.neighbors import NearestCentroid

    rng, X, is_one = _blocks(seed)
    train = _random_masks(rng, 3, 60, 40)
    correct = _correct(X, is_one, train)
    for r in range(3):
        for b in range(2):
            model = NearestCentroid().fit(X[r, train[r], b], is_one[r, train[r]])
            expected = model.predict(X[r, :, b]) == is_one[r]
            np.testing.assert_array_equal(correct[r, :, b], expected)
    test = ~train
    acc = _accuracies(correct, test)
    for r in range(3):
        np.testing.assert_allclose(acc[r], correct[r][test[r]].mean(axis=0), rtol=1e-15)


def test_split_helpers():
    rng = np.random.default_rng(0)
    masks = _random_masks(rng, 50, 31, 11)
    assert (masks.sum(axis=1) == 11).all()
    # every example is in the test set with probability 11/31 (each row a uniform draw)
    assert abs(masks.mean() - 11 / 31) < 0.02
    ids = _fold_ids(rng, 50, 31, 10)
    # KFold sizes: 31 = 4 + 3 * 9, the first 31 % 10 = 1 fold one larger
    assert all(np.bincount(row, minlength=10).tolist() == [4] + [3] * 9 for row in ids)


def test_simulated_pvalues_are_the_public_tests_on_the_same_scores():
    rng = np.random.default_rng(3)
    details = {}
    delta = 2 * special.ndtri(np.array([0.8, 0.75]))
    out, mean, var, _ = _one_batch(rng, 6, 90, 3, delta, 30, 8, 5, details=details)
    for r in range(6):
        d = details["resampled"][r]
        assert out[r, 2] == pytest.approx(resampled_ttest(d, np.zeros(8)).pvalue, rel=1e-12, abs=1e-15)
        corrected = resampled_ttest(d, np.zeros(8), test_train_ratio=30 / 60).pvalue
        assert out[r, 3] == pytest.approx(corrected, rel=1e-12, abs=1e-15)
        assert out[r, 4] == pytest.approx(kfold_cv_ttest(details["kfold"][r], np.zeros(5)).pvalue, rel=1e-12, abs=1e-15)
        d52 = details["five_by_two"][r]
        assert out[r, 5] == pytest.approx(ttest_5x2cv(d52, np.zeros((5, 2))).pvalue, rel=1e-12, abs=1e-15)
        assert out[r, 6] == pytest.approx(ftest_5x2cv(d52, np.zeros((5, 2))).pvalue, rel=1e-12, abs=1e-15)
        b, c = int(details["b"][r]), int(details["c"][r])
        assert out[r, 0] == pytest.approx(mcnemar([[0, b], [c, 0]], method="corrected").pvalue, rel=1e-12)
        acc = details["holdout_accuracy"][r]
        assert out[r, 1] == pytest.approx(proportion_difference_test(acc[0], acc[1], 30).pvalue, rel=1e-12)
        # b - c is the difference in correct answers on the holdout test set
        assert (b - c) / 30 == pytest.approx(acc[0] - acc[1], abs=1e-12)
        assert mean[r] == pytest.approx(d.mean()) and var[r] == pytest.approx(d.var(ddof=1))


@pytest.fixture(scope="module")
def null_sim():
    return simulate_paired_tests(n_examples=300, n_reps=1500, seed=2024)


def test_dietterich_finding_under_h0(null_sim):
    rates = dict(zip(PAIRED_TESTS, null_sim.rates(0.05).rates))
    low = dict(zip(PAIRED_TESTS, null_sim.rates(0.05).ci_low))
    # Dietterich (1998): the resampled t has a Type I error far above alpha ...
    assert low["resampled"] > 0.3
    # ... while McNemar and the 5x2cv tests hold the level (here within Monte Carlo error:
    # 1500 replications give a 95 % interval half-width of about 0.011 around 0.05)
    for test in ("mcnemar", "5x2cv_t", "5x2cv_f"):
        assert rates[test] <= 0.05 + 0.015, test
    # Nadeau and Bengio (2003): the corrected resampled t repairs the resampled t
    assert rates["corrected"] <= 0.05 + 0.015
    # a valid test's p-values are (roughly) uniform under H0: check the 5x2cv F's median
    assert 0.4 < np.median(null_sim.pvalues[:, 6]) < 0.7


def test_corrected_pvalues_recompute_both_resampled_columns(null_sim):
    np.testing.assert_allclose(null_sim.corrected_pvalues(0.0), null_sim.pvalues[:, 2], rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(
        null_sim.corrected_pvalues(null_sim.test_train_ratio), null_sim.pvalues[:, 3], rtol=1e-12, atol=1e-15
    )
    assert null_sim.test_train_ratio == 100 / 200  # n_test = ceil(300 / 3) = 100 of n = 300
    with pytest.raises(ValueError, match="test_train_ratio"):
        null_sim.corrected_pvalues(-1)
    with pytest.raises(TypeError, match="test_train_ratio"):
        null_sim.corrected_pvalues("half")


def test_rates_subsets_and_text(null_sim):
    sub = null_sim.rates(0.1, n_reps=200)
    assert sub.n_reps == 200 and sub.alpha == 0.1
    np.testing.assert_array_equal(sub.rates, (null_sim.pvalues[:200] <= 0.1).mean(axis=0))
    assert "H0 true" in str(null_sim)
    with pytest.raises(ValueError, match="n_reps"):
        null_sim.rates(0.05, n_reps=10_000)
    with pytest.raises(ValueError, match="alpha"):
        null_sim.rates(1.5)


def test_reproducible_progress_and_symmetry():
    calls = []
    a = simulate_paired_tests(n_examples=60, n_reps=30, batch_size=12, seed=5, progress=lambda d, t: calls.append((d, t)))
    b = simulate_paired_tests(n_examples=60, n_reps=30, batch_size=12, seed=5)
    np.testing.assert_array_equal(a.pvalues, b.pvalues)
    assert calls == [(12, 30), (24, 30), (30, 30)]
    assert a.pvalues.shape == (30, 7) and np.all((a.pvalues >= 0) & (a.pvalues <= 1))


def test_power_grows_with_the_difference():
    curve = paired_power_curve([0.0, 0.05, 0.15], n_reps=200, seed=9, n_examples=200)
    assert curve.rates.shape == (3, 7)
    for j, test in enumerate(PAIRED_TESTS):
        assert curve.rates[2, j] > curve.rates[0, j], test
    # with a 15-point gap the 5x2cv F (Alpaydin 1999) detects the difference most of the time
    assert curve.rates[2, 6] > 0.5
    assert "difference" in str(curve)


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        (dict(n_examples=10), ValueError, "n_examples"),
        (dict(accuracy_1=0.4), ValueError, "accuracy_1"),
        (dict(accuracy_2=1.0), ValueError, "accuracy_2"),
        (dict(n_reps=0), ValueError, "n_reps"),
        (dict(n_features=0), ValueError, "n_features"),
        (dict(test_size=1.0), ValueError, "test_size"),
        (dict(test_size=0.999), ValueError, "test_size"),
        (dict(n_resamples=1), ValueError, "n_resamples"),
        (dict(k=1), ValueError, "k"),
        (dict(k=200), ValueError, "k"),
        (dict(batch_size=0), ValueError, "batch_size"),
        (dict(progress="yes"), TypeError, "progress"),
        (dict(seed="x"), TypeError, "seed"),
    ],
)
def test_simulation_bad_input(kwargs, error, words):
    with pytest.raises(error, match=words):
        simulate_paired_tests(**{"n_reps": 2, **kwargs})


def test_power_curve_bad_input():
    with pytest.raises(ValueError, match="differences"):
        paired_power_curve([0.4], accuracy_1=0.8)
    with pytest.raises(ValueError, match="differences"):
        paired_power_curve([])
    with pytest.raises(ValueError, match="differences"):
        paired_power_curve([-0.1])
    with pytest.raises(ValueError, match="alpha"):
        paired_power_curve([0.1], alpha=0)


def test_text_progress(capsys):
    simulate_paired_tests(n_examples=40, n_reps=5, batch_size=3, k=5, n_resamples=3, seed=0, progress=True)
    assert capsys.readouterr().out == "simulated 3 of 5 data sets\nsimulated 5 of 5 data sets\n"
    simulate_paired_tests(n_examples=40, n_reps=2, k=5, n_resamples=3, seed=0, progress=False)
    assert capsys.readouterr().out == ""
