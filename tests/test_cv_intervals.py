"""lecture_lib.cv_intervals: naive and nested CV intervals (Bates, Hastie & Tibshirani 2024)."""

import numpy as np
import pytest
from scipy import stats
from sklearn.base import clone
from sklearn.datasets import load_breast_cancer
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import NearestCentroid

import lecture_lib.cv_intervals as cv_module
from lecture_lib import coverage_table, cv_interval, simulate_cv_coverage
from lecture_lib._splits import class_codes, fold_ids_stratified

X_BC, Y_BC = load_breast_cancer(return_X_y=True)


def nested_by_the_algorithm(estimator, X, y, k, n_repeats, seed, confidence):
    """Algorithm 1 of Bates, Hastie & Tibshirani (2024), written as the paper writes it: one model per
    inner fold of every outer fold (no sharing of fits), lists a and b, then Section 4's SE and bias."""
    codes, n_classes = class_codes(y, "y", k)
    rng = np.random.default_rng(seed)
    a_list, b_list, errors, outer_errors = [], [], [], []
    n = y.size
    for _ in range(n_repeats):
        fold = fold_ids_stratified(codes, n_classes, k, rng)
        for out in range(k):
            e_in = []
            for inner in range(k):
                if inner == out:
                    continue
                train = (fold != out) & (fold != inner)
                model = clone(estimator).fit(X[train], y[train])
                e_in.extend(model.predict(X[fold == inner]) == y[fold == inner])
            model = clone(estimator).fit(X[fold != out], y[fold != out])
            e_out = (model.predict(X[fold == out]) == y[fold == out]).astype(float)
            e_in = np.array(e_in, dtype=float)
            a_list.append((e_in.mean() - e_out.mean()) ** 2)
            b_list.append(e_out.var(ddof=1) / e_out.size)
            errors.append(e_in)
            outer_errors.append(e_out)
    errors = np.concatenate(errors)
    mse = (k - 1) / k * (np.mean(a_list) - np.mean(b_list))
    sd = errors.std(ddof=1) / np.sqrt(n)
    se = np.clip(np.sqrt(max(mse, 0)), sd, np.sqrt(k) * sd)
    bias = (1 + (k - 2) / k) * (errors.mean() - np.concatenate(outer_errors).mean())
    estimate = errors.mean() - bias
    z = stats.norm.ppf(0.5 + confidence / 2)
    return estimate, estimate - z * se, estimate + z * se, se


def test_nested_equals_the_algorithm_written_out():
    X, y = X_BC[:150, :5], Y_BC[:150]
    res = cv_interval(GaussianNB(), X, y, cv=4, n_repeats=2, seed=3, confidence=0.9)
    estimate, low, high, se = nested_by_the_algorithm(GaussianNB(), X, y, 4, 2, 3, 0.9)
    assert res.interval.estimate == pytest.approx(estimate, abs=1e-12)
    assert res.std_error == pytest.approx(se, rel=1e-12)
    assert res.interval.low == pytest.approx(max(low, 0), abs=1e-12)
    assert res.interval.high == pytest.approx(min(high, 1), abs=1e-12)
    assert res.n_fits == 2 * (4 + 6)  # K outer models and K(K - 1)/2 shared inner models per repetition


def test_naive_is_mean_plus_minus_z_sd_over_root_n():
    res = cv_interval(GaussianNB(), X_BC, Y_BC, cv=5, method="naive", seed=0, confidence=0.95)
    codes, n_classes = class_codes(Y_BC, "y", 5)
    fold = fold_ids_stratified(codes, n_classes, 5, np.random.default_rng(0))
    correct = np.empty(Y_BC.size)
    for j in range(5):
        model = GaussianNB().fit(X_BC[fold != j], Y_BC[fold != j])
        correct[fold == j] = model.predict(X_BC[fold == j]) == Y_BC[fold == j]
    half = stats.norm.ppf(0.975) * correct.std(ddof=1) / np.sqrt(Y_BC.size)
    assert res.interval.estimate == pytest.approx(correct.mean())
    assert (res.interval.low, res.interval.high) == pytest.approx((correct.mean() - half, correct.mean() + half))
    assert (res.inflation, res.bias, res.n_fits, res.n_repeats) == (1.0, 0.0, 5, 1)


def test_error_rate_mirrors_accuracy():
    acc = cv_interval(GaussianNB(), X_BC, Y_BC, cv=3, n_repeats=2, seed=1)
    err = cv_interval(GaussianNB(), X_BC, Y_BC, cv=3, n_repeats=2, seed=1, scoring="error_rate")
    assert err.interval.estimate == pytest.approx(1 - acc.interval.estimate, abs=1e-12)
    assert (err.interval.low, err.interval.high) == pytest.approx((1 - acc.interval.high, 1 - acc.interval.low))
    assert err.std_error == pytest.approx(acc.std_error) and err.bias == pytest.approx(-acc.bias)


def test_inflation_is_between_one_and_root_k():
    for seed in range(3):
        res = cv_interval(GaussianNB(), X_BC[:200], Y_BC[:200], cv=5, n_repeats=2, seed=seed)
        assert 1.0 <= res.inflation <= np.sqrt(5) + 1e-12
        assert res.interval.low <= res.interval.estimate <= res.interval.high <= 1.0


def test_simulation_uses_the_library_intervals():
    # Each simulated data set, rerun through cv_interval with scikit-learn's NearestCentroid and the
    # recorded fold seed, gives the same two intervals.
    sim = simulate_cv_coverage(n_examples=60, n_features=4, k=4, n_repeats=2, n_datasets=4, seed=5)
    rng = np.random.default_rng(5)
    rng.integers(0, 2**31, size=4)
    delta = 2 * stats.norm.ppf(0.8)
    for s in range(4):
        X, y = cv_module._simulated_dataset(rng, 60, 4, delta)
        fold_seed = int(sim.fold_seeds[s])
        naive = cv_interval(NearestCentroid(), X, y, cv=4, method="naive", seed=fold_seed, confidence=0.9)
        nested = cv_interval(NearestCentroid(), X, y, cv=4, n_repeats=2, seed=fold_seed, confidence=0.9)
        np.testing.assert_allclose(sim.naive[s], [naive.interval.low, naive.interval.high], atol=1e-12)
        np.testing.assert_allclose(sim.nested[s], [nested.interval.low, nested.interval.high], atol=1e-12)
        # the model on all the data: NearestCentroid's accuracy on a large fresh sample
        model = NearestCentroid().fit(X, y)
        fresh = np.random.default_rng(100 + s)
        y_new = fresh.integers(0, 2, 200_000)
        X_new = fresh.standard_normal((200_000, 4)) + np.where(y_new[:, None] == 1, 1, -1) * delta / 2 / 2
        acc = np.mean(model.predict(X_new) == y_new)
        assert sim.accuracy_xy[s] == pytest.approx(acc, abs=4 * np.sqrt(0.25 / 200_000))


def test_naive_covers_too_rarely_and_nested_does_not():
    # Bates, Hastie & Tibshirani's finding, in the course's simulation (fixed seed): with n = 100 and
    # 50 features the naive 90 % interval covers clearly less than 90 %, the nested one does not.
    sim = simulate_cv_coverage(n_examples=100, n_features=50, k=5, n_repeats=5, n_datasets=300, seed=3)
    table = coverage_table(sim)
    naive_rate, _, naive_high, naive_width = table["naive"]
    nested_rate, nested_low, nested_high, nested_width = table["nested"]
    assert naive_high < 0.9 <= nested_high
    assert nested_rate > naive_rate and nested_width > naive_width


def test_coverage_table_counts():
    sim = simulate_cv_coverage(n_datasets=30, seed=1)
    table = coverage_table(sim, n_used=20, target="accuracy")
    limits = sim.nested[:20]
    hits = np.sum((limits[:, 0] <= sim.accuracy) & (sim.accuracy <= limits[:, 1]))
    assert table["nested"][0] == hits / 20
    with pytest.raises(ValueError, match="exceeds the 30"):
        coverage_table(sim, n_used=31)
    with pytest.raises(TypeError, match="simulate_cv_coverage"):
        coverage_table({"naive": 1})
    with pytest.raises(ValueError, match="target must be one of"):
        coverage_table(sim, target="err")


@pytest.mark.parametrize("kwargs, error, message", [
    ({"cv": 2}, ValueError, "cv must be >= 3"),
    ({"cv": 200}, ValueError, "need at least 400 examples"),
    ({"method": "wald"}, ValueError, "method must be one of"),
    ({"scoring": "f1"}, ValueError, "scoring must be one of"),
    ({"confidence": 1.0}, ValueError, "confidence must lie in"),
    ({"method": "naive", "n_repeats": 3}, ValueError, "n_repeats must be None or 1"),
    ({"n_repeats": 0}, ValueError, "n_repeats must be >= 1"),
    ({"seed": "x"}, TypeError, "seed must be"),
])
def test_bad_input(kwargs, error, message):
    with pytest.raises(error, match=message):
        cv_interval(GaussianNB(), X_BC[:300], Y_BC[:300], **kwargs)


def test_bad_estimator_and_data():
    with pytest.raises(TypeError, match="write GaussianNB()"):
        cv_interval(GaussianNB, X_BC, Y_BC)
    with pytest.raises(ValueError, match="same length"):
        cv_interval(GaussianNB(), X_BC[:-1], Y_BC)
    y = Y_BC[:100].copy()
    y[:] = 0
    y[:3] = 1
    with pytest.raises(ValueError, match="smallest class"):
        cv_interval(GaussianNB(), X_BC[:100], y, cv=5)


def test_module_name_does_not_shadow_the_function():
    # the module was renamed from cv_interval.py: the package attribute cv_interval is the function,
    # the module is reachable as lecture_lib.cv_intervals
    import types

    import lecture_lib

    assert isinstance(lecture_lib.cv_intervals, types.ModuleType)
    assert lecture_lib.cv_interval is cv_module.cv_interval and callable(lecture_lib.cv_interval)
