"""Chapter 4's simulation: the numpy learners, the p-values, Dietterich's finding, bad input."""

import numpy as np
import pytest
from scipy import special

from lecture_lib import (
    PAIRED_TESTS,
    corrected_repeated_cv_ttest,
    ftest_5x2cv,
    kfold_cv_ttest,
    mcnemar,
    paired_power_curve,
    proportion_difference_test,
    resampled_ttest,
    simulate_paired_tests,
    ttest_5x2cv,
)
from lecture_lib.simulate_paired import (
    _centroid_correct,
    _fold_accuracies,
    _fold_ids,
    _neighbour_lists,
    _nn_correct,
    _one_batch,
    _random_masks,
)

COLUMN = {test: j for j, test in enumerate(PAIRED_TESTS)}


def _blocks(seed, n_reps=3, n=60, p=4):
    rng = np.random.default_rng(seed)
    is_one = rng.random((n_reps, n)) < 0.5
    X = rng.standard_normal((n_reps, n, 2, p)) + np.where(is_one, 0.4, -0.4)[:, :, None, None]
    return rng, X, is_one


def _sklearn_fold_correctness(model_factory, X, is_one, fold, k):
    """The reference: a scikit-learn model per data set, fold and block, trained on the other folds."""
    R, n = is_one.shape
    out = np.empty((R, n, 2), dtype=bool)
    for r in range(R):
        for f in range(k):
            train, test = fold[r] != f, fold[r] == f
            for b in range(2):
                model = model_factory().fit(X[r, train, b], is_one[r, train])
                out[r, test, b] = model.predict(X[r, test, b]) == is_one[r, test]
    return out


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("k", [2, 5])
def test_vectorised_nearest_centroid_matches_sklearn(seed, k):
    from sklearn.neighbors import NearestCentroid

    rng, X, is_one = _blocks(seed)
    fold = _fold_ids(rng, 3, 60, k)
    expected = _sklearn_fold_correctness(NearestCentroid, X, is_one, fold, k)
    np.testing.assert_array_equal(_centroid_correct(X, is_one, fold, k), expected)
    # a holdout split is fold 1 = test: only the test examples' predictions are read
    test = _random_masks(rng, 3, 60, 20)
    got = _centroid_correct(X, is_one, test.astype(np.int64), 2)
    for r in range(3):
        model = NearestCentroid().fit(X[r, ~test[r], 0], is_one[r, ~test[r]])
        np.testing.assert_array_equal(got[r, test[r], 0], model.predict(X[r, test[r], 0]) == is_one[r, test[r]])
    acc = _fold_accuracies(got, test.astype(np.int64), 2)
    for r in range(3):
        np.testing.assert_allclose(acc[r, 1], got[r][test[r]].mean(axis=0), rtol=1e-15)


@pytest.mark.parametrize("seed", range(2))
@pytest.mark.parametrize("k, n_neighbours", [(2, 48), (5, 48), (2, 3), (10, 2)])
def test_vectorised_1nn_matches_sklearn(seed, k, n_neighbours):
    # short neighbour lists (3, 2) force the exact search of examples whose listed neighbours all
    # share their fold, so that path is checked too
    from sklearn.neighbors import KNeighborsClassifier

    rng, X, is_one = _blocks(seed, n=50, p=3)
    fold = _fold_ids(rng, 3, 50, k)
    neighbours = _neighbour_lists(X, n_neighbours)
    got = _nn_correct(X, is_one, fold, neighbours, (k - 1) / k)
    expected = _sklearn_fold_correctness(lambda: KNeighborsClassifier(n_neighbors=1), X, is_one, fold, k)
    np.testing.assert_array_equal(got, expected)
    # only some targets: the same answers for those examples
    targets = np.sort(rng.permuted(np.tile(np.arange(50), (3, 1)), axis=1)[:, :7], axis=1)
    part = _nn_correct(X, is_one, fold, neighbours, (k - 1) / k, targets)
    np.testing.assert_array_equal(part, np.take_along_axis(expected, targets[:, :, None], axis=1))


def test_neighbour_lists_are_sorted_nearest_others():
    rng, X, is_one = _blocks(0, n=40, p=3)
    lists = _neighbour_lists(X, 5).reshape(3, 40, 2, 5)
    for r in range(3):
        for b in range(2):
            d = ((X[r, :, None, b, :] - X[r, None, :, b, :]) ** 2).sum(-1)
            np.fill_diagonal(d, np.inf)
            np.testing.assert_array_equal(lists[r, :, b, :] - r * 40, np.argsort(d, axis=1)[:, :5])


def test_split_helpers():
    rng = np.random.default_rng(0)
    masks = _random_masks(rng, 50, 31, 11)
    assert (masks.sum(axis=1) == 11).all()
    # every example is in the test set with probability 11/31 (each row a uniform draw)
    assert abs(masks.mean() - 11 / 31) < 0.02
    ids = _fold_ids(rng, 50, 31, 10)
    # KFold sizes: 31 = 4 + 3 * 9, the first 31 % 10 = 1 fold one larger
    assert all(np.bincount(row, minlength=10).tolist() == [4] + [3] * 9 for row in ids)
    # and every example lands in every fold about equally often
    assert abs((ids == 0).mean() - 4 / 31) < 0.02


@pytest.mark.parametrize("learner", ["nearest_centroid", "1nn"])
def test_simulated_pvalues_are_the_public_tests_on_the_same_scores(learner):
    rng = np.random.default_rng(3)
    details = {}
    delta = 2 * special.ndtri(np.array([0.8, 0.75]))
    out, moments, _ = _one_batch(rng, 6, 90, 3, delta, 30, 8, 5, 3, learner, details=details)
    for r in range(6):
        d = details["resampled"][r]
        assert out[r, COLUMN["resampled"]] == pytest.approx(resampled_ttest(d, np.zeros(8), None).pvalue,
                                                           rel=1e-12, abs=1e-15)
        corrected = resampled_ttest(d, np.zeros(8), test_train_ratio=30 / 60).pvalue
        assert out[r, COLUMN["corrected"]] == pytest.approx(corrected, rel=1e-12, abs=1e-15)
        cv = details["cv"][r]  # (3, 5): 3 repetitions of 5-fold CV
        assert out[r, COLUMN["kfold_cv"]] == pytest.approx(kfold_cv_ttest(cv[0], np.zeros(5)).pvalue,
                                                          rel=1e-12, abs=1e-15)
        single = corrected_repeated_cv_ttest(cv[:1], np.zeros((1, 5))).pvalue
        assert out[r, COLUMN["corrected_kfold"]] == pytest.approx(single, rel=1e-12, abs=1e-15)
        repeated = corrected_repeated_cv_ttest(cv, np.zeros((3, 5))).pvalue
        assert out[r, COLUMN["corrected_repeated_cv"]] == pytest.approx(repeated, rel=1e-12, abs=1e-15)
        d52 = details["five_by_two"][r]
        assert out[r, COLUMN["5x2cv_t"]] == pytest.approx(ttest_5x2cv(d52, np.zeros((5, 2))).pvalue,
                                                         rel=1e-12, abs=1e-15)
        assert out[r, COLUMN["5x2cv_f"]] == pytest.approx(ftest_5x2cv(d52, np.zeros((5, 2))).pvalue,
                                                         rel=1e-12, abs=1e-15)
        b, c = int(details["b"][r]), int(details["c"][r])
        # McNemar's test in the lab is the library's default, the mid-p test (Fagerland et al. 2013)
        assert out[r, COLUMN["mcnemar"]] == pytest.approx(mcnemar([[0, b], [c, 0]], method="midp").pvalue,
                                                         rel=1e-12)
        acc = details["holdout_accuracy"][r]
        assert out[r, COLUMN["prop_diff"]] == pytest.approx(proportion_difference_test(acc[0], acc[1], 30).pvalue,
                                                           rel=1e-12)
        # b - c is the difference in correct answers on the holdout test set
        assert (b - c) / 30 == pytest.approx(acc[0] - acc[1], abs=1e-12)
        mean, var = moments["resampled"]
        assert mean[r] == pytest.approx(d.mean()) and var[r] == pytest.approx(d.var(ddof=1))
        mean, var = moments["repeated"]
        assert mean[r] == pytest.approx(cv.mean()) and var[r] == pytest.approx(cv.var(ddof=1))


def test_simulated_fold_scores_are_real_trainings():
    # the lab's 5-fold differences, recomputed with scikit-learn's 1-NN on the lab's own data and folds
    from sklearn.neighbors import KNeighborsClassifier

    from lecture_lib import simulate_paired as sp

    rng = np.random.default_rng(12)
    delta = 2 * special.ndtri(np.array([0.8, 0.8]))
    captured = {}
    real = sp._Learner

    class Spy(real):
        def __init__(self, kind, X, is_one):
            super().__init__(kind, X, is_one)
            captured.update(X=X, is_one=is_one, folds=[])

        def correct(self, fold, k, train_fraction, targets=None):
            captured["folds"].append((fold.copy(), k, targets))
            return super().correct(fold, k, train_fraction, targets)

    sp._Learner = Spy
    try:
        details = {}
        _one_batch(rng, 2, 60, 3, delta, 20, 3, 5, 2, "1nn", details=details)
    finally:
        sp._Learner = real
    X, is_one = captured["X"], captured["is_one"]
    cv_folds = [f for f, k, t in captured["folds"] if k == 5]
    for i, fold in enumerate(cv_folds):
        for r in range(2):
            for f in range(5):
                train, test = fold[r] != f, fold[r] == f
                acc = []
                for b in range(2):
                    model = KNeighborsClassifier(n_neighbors=1).fit(X[r, train, b], is_one[r, train])
                    acc.append(np.mean(model.predict(X[r, test, b]) == is_one[r, test]))
                assert details["cv"][r, i, f] == pytest.approx(acc[0] - acc[1], abs=1e-12)


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
    # Nadeau and Bengio (2003): the corrected resampled t repairs the resampled t, and so does
    # Bouckaert and Frank's (2004) corrected 10 x 10 CV t, for this stable learner
    assert rates["corrected"] <= 0.05 + 0.015
    assert rates["corrected_repeated_cv"] <= 0.05 + 0.015
    # review A3: the same correction on ONE 10-fold CV is conservative for a stable learner
    high = dict(zip(PAIRED_TESTS, null_sim.rates(0.05).ci_high))
    assert high["corrected_kfold"] < 0.05
    # a valid test's p-values are (roughly) uniform under H0: check the 5x2cv F's median
    assert 0.4 < np.median(null_sim.pvalues[:, COLUMN["5x2cv_f"]]) < 0.7


def test_variance_factors_explain_the_rates(null_sim):
    factors = null_sim.variance_factors()
    assert set(factors) == {"resampled", "kfold", "repeated_cv"}
    needed, plain, corrected = factors["kfold"]
    assert (plain, corrected) == (pytest.approx(0.1), pytest.approx(0.1 + 1 / 9))
    # one 10-fold CV of a stable learner: the test folds are disjoint and the models nearly equal,
    # so the plain factor 1/k is about right (within the ~4 % Monte Carlo error of 1500 data sets,
    # widened to 20 %) and the corrected one about twice too large: the conservative rate above
    assert abs(needed / plain - 1) < 0.2 and corrected > 1.7 * needed
    needed, plain, corrected = factors["repeated_cv"]
    assert corrected > needed > 5 * plain  # 10 x 10 CV: plain far too small, the correction above the need
    needed, plain, corrected = factors["resampled"]
    assert needed > 5 * plain  # why the plain resampled t fails


def test_corrected_pvalues_recompute_both_resampled_columns(null_sim):
    np.testing.assert_allclose(null_sim.corrected_pvalues(0.0), null_sim.pvalues[:, COLUMN["resampled"]],
                               rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(
        null_sim.corrected_pvalues(null_sim.test_train_ratio), null_sim.pvalues[:, COLUMN["corrected"]],
        rtol=1e-12, atol=1e-15,
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
    a = simulate_paired_tests(
        n_examples=60, n_reps=30, batch_size=12, seed=5, progress=lambda d, t: calls.append((d, t))
    )
    b = simulate_paired_tests(n_examples=60, n_reps=30, batch_size=12, seed=5)
    np.testing.assert_array_equal(a.pvalues, b.pvalues)
    assert calls == [(12, 30), (24, 30), (30, 30)]
    assert a.pvalues.shape == (30, 9) and np.all((a.pvalues >= 0) & (a.pvalues <= 1))
    c = simulate_paired_tests(n_examples=60, n_reps=30, batch_size=12, seed=5, learner="1nn", n_repeats=2)
    d = simulate_paired_tests(n_examples=60, n_reps=30, batch_size=12, seed=5, learner="1nn", n_repeats=2)
    np.testing.assert_array_equal(c.pvalues, d.pvalues)
    assert c.learner == "1nn" and "1-nearest neighbour" in str(c) and "2 x 10 CV" in str(c)


def test_power_grows_with_the_difference():
    curve = paired_power_curve([0.0, 0.05, 0.15], n_reps=200, seed=9, n_examples=200, n_repeats=3)
    assert curve.rates.shape == (3, 9) and curve.learner == "nearest_centroid"
    for j, test in enumerate(PAIRED_TESTS):
        assert curve.rates[2, j] > curve.rates[0, j], test
    # with a 15-point gap the 5x2cv F (Alpaydin 1999) and the corrected repeated CV t detect it most of the time
    assert curve.rates[2, COLUMN["5x2cv_f"]] > 0.5 and curve.rates[2, COLUMN["corrected_repeated_cv"]] > 0.5
    # the trained algorithms differ by about the Bayes difference (nearest centroid is close to Bayes)
    assert curve.trained_differences[0] == pytest.approx(0.0, abs=0.01)
    assert curve.trained_differences[2] == pytest.approx(0.15, abs=0.02)
    assert "difference" in str(curve) and "corrected_repeated_cv" in str(curve)


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
        (dict(n_repeats=0), ValueError, "n_repeats"),
        (dict(learner="knn"), ValueError, "learner"),
        (dict(learner=1), TypeError, "learner"),
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


def test_unstable_learner_breaks_the_corrected_repeated_cv_t():
    # Chapter 4's finding: with 1-NN (one of Dietterich's and Bouckaert and Frank's learners) the data
    # set's own luck is shared by every fold, so the corrected 10 x 10 CV t and the plain k-fold t reject a
    # true H0 too often (about 11-13 % at a nominal 5 % in the chapter's runs), and the variance factor
    # the 10 x 10 design needs is above the 1/(rk) + 1/(k-1) the correction uses.
    sim = simulate_paired_tests(n_examples=100, n_reps=600, learner="1nn", seed=31)
    rates = sim.rates(0.05)
    low = dict(zip(PAIRED_TESTS, rates.ci_low))
    assert low["corrected_repeated_cv"] > 0.05 and low["kfold_cv"] > 0.05
    needed, _, corrected = sim.variance_factors()["repeated_cv"]
    assert needed > 1.2 * corrected
    # the single-CV correction is about twice the plain factor, enough for this learner
    needed, plain, corrected = sim.variance_factors()["kfold"]
    assert plain < needed < 1.2 * corrected
