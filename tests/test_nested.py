"""Chapter 7: nested cross-validation, checked against scikit-learn, and the tuning-bias simulation."""

import dataclasses

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from sklearn.datasets import load_breast_cancer, load_iris, load_wine, make_classification  # noqa: E402
from sklearn.linear_model import LogisticRegression  # noqa: E402
from sklearn.metrics import balanced_accuracy_score, make_scorer, zero_one_loss  # noqa: E402
from sklearn.model_selection import GridSearchCV, ParameterGrid, cross_val_score  # noqa: E402
from sklearn.neighbors import KNeighborsClassifier, NearestCentroid  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402

from lecture_lib import (  # noqa: E402
    NestedComparison,
    NestedCVResult,
    TuningBias,
    nested_cv,
    nested_cv_compare,
    nested_splits,
    parameter_grid,
    plot_nested_cv_diagram,
    plot_tuning_bias,
    simulate_tuning_bias,
)
from lecture_lib import nested as nested_module  # noqa: E402
from lecture_lib import widgets as lw  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(autouse=True, scope="module")
def _one_thread():
    """scikit-learn's side of the comparisons: many tiny fits run faster on one thread."""
    from threadpoolctl import threadpool_limits

    with threadpool_limits(limits=1):
        yield


def _iris():
    return load_iris(return_X_y=True)


def _wine():
    return load_wine(return_X_y=True)


# The set-ups the equivalence tests run: a pipeline with nested parameter names, a tree with a
# random state, a list-of-dicts grid with a float grid, and a grid full of ties (max_depth 3..5
# on iris often score the same: ties must be broken as GridSearchCV breaks them).
CASES = {
    "knn-pipeline": (
        make_pipeline(StandardScaler(), KNeighborsClassifier()),
        {"kneighborsclassifier__n_neighbors": [1, 3, 5, 9, 15], "kneighborsclassifier__p": [1, 2]},
    ),
    "tree-ties": (
        DecisionTreeClassifier(random_state=0),
        {"max_depth": [1, 2, 3, 4, 5], "criterion": ["gini", "entropy"]},
    ),
    "logreg-list": (
        make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
        [
            {"logisticregression__C": [0.01, 0.1, 1.0, 10.0]},
            {"logisticregression__C": [1.0], "logisticregression__fit_intercept": [False]},
        ],
    ),
}


# ---------------------------------------------------------------- sklearn equivalence


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("data", ["iris", "wine"])
@pytest.mark.parametrize("random_state", [0, 1, 2])
def test_matches_gridsearchcv_fold_by_fold(case, data, random_state):
    """Every inner mean, every choice and every outer score equal GridSearchCV's on the same folds."""
    estimator, grid = CASES[case]
    X, y = _iris() if data == "iris" else _wine()
    result = nested_cv(estimator, grid, X, y, outer_cv=5, inner_cv=3, random_state=random_state)
    splits = nested_splits(y, 5, 3, random_state)
    for i, (train, test, inner) in enumerate(splits):
        search = GridSearchCV(estimator, grid, cv=[(a, b) for a, b in inner], scoring="accuracy", refit=True)
        search.fit(X[train], y[train])
        # the oracle: scikit-learn's own grid search, handed the course's fold indices
        np.testing.assert_allclose(result.inner_scores[i], search.cv_results_["mean_test_score"], rtol=0, atol=1e-12)
        assert result.best_params[i] == search.best_params_
        assert result.best_inner_scores[i] == pytest.approx(search.best_score_, abs=1e-12)
        assert result.outer_scores[i] == pytest.approx(search.score(X[test], y[test]), abs=1e-12)
    # the grid points are scikit-learn's, in its order
    assert list(result.candidates) == list(ParameterGrid(grid))


class CourseInnerFolds:
    """A scikit-learn splitter that hands GridSearchCV the course's inner folds.

    cross_val_score passes every outer training set's row numbers as ``groups``; the splitter
    looks up the inner folds that nested_splits drew for that outer training set.
    """

    def __init__(self, splits):
        self.by_train = {tuple(train.tolist()): inner for train, _, inner in splits}
        self.n_splits = len(splits[0][2])

    def split(self, X, y=None, groups=None):
        return iter(self.by_train[tuple(np.asarray(groups).tolist())])

    def get_n_splits(self, X=None, y=None, groups=None):
        return self.n_splits


@pytest.mark.parametrize("case", sorted(CASES))
@pytest.mark.parametrize("random_state", [0, 7])
def test_matches_gridsearchcv_inside_cross_val_score(case, random_state):
    """The one-liner of the seed's code example: cross_val_score(GridSearchCV(...), cv=outer)."""
    estimator, grid = CASES[case]
    X, y = load_breast_cancer(return_X_y=True)
    X = X[:, :8]  # keep it quick; still 569 examples
    result = nested_cv(estimator, grid, X, y, outer_cv=5, inner_cv=2, random_state=random_state)
    splits = nested_splits(y, 5, 2, random_state)
    search = GridSearchCV(estimator, grid, cv=CourseInnerFolds(splits), scoring="accuracy")
    outer = [(train, test) for train, test, _ in splits]
    expected = cross_val_score(search, X, y, cv=outer, params={"groups": np.arange(y.size)})
    np.testing.assert_allclose(result.outer_scores, expected, rtol=0, atol=1e-12)


def test_error_rate_is_minimised_like_a_loss_in_gridsearchcv():
    X, y = _iris()
    estimator, grid = CASES["tree-ties"]
    result = nested_cv(estimator, grid, X, y, outer_cv=4, inner_cv=2, scoring="error_rate", random_state=3)
    loss = make_scorer(zero_one_loss, greater_is_better=False)  # sklearn maximises -error
    for i, (train, test, inner) in enumerate(nested_splits(y, 4, 2, 3)):
        search = GridSearchCV(estimator, grid, cv=list(inner), scoring=loss).fit(X[train], y[train])
        np.testing.assert_allclose(result.inner_scores[i], -search.cv_results_["mean_test_score"], atol=1e-12)
        assert result.best_params[i] == search.best_params_
        assert result.outer_scores[i] == pytest.approx(-search.score(X[test], y[test]), abs=1e-12)
    assert np.all(result.best_inner_scores == result.inner_scores.min(axis=1))


def test_callable_scoring_is_maximised():
    X, y = _wine()
    estimator, grid = CASES["knn-pipeline"]
    result = nested_cv(estimator, grid, X, y, outer_cv=3, inner_cv=2, scoring=balanced_accuracy_score, random_state=5)
    assert result.scoring == "balanced_accuracy_score"
    for i, (train, test, inner) in enumerate(nested_splits(y, 3, 2, 5)):
        search = GridSearchCV(estimator, grid, cv=list(inner), scoring="balanced_accuracy").fit(X[train], y[train])
        np.testing.assert_allclose(result.inner_scores[i], search.cv_results_["mean_test_score"], atol=1e-12)
        assert result.outer_scores[i] == pytest.approx(search.score(X[test], y[test]), abs=1e-12)


def test_compare_uses_the_same_folds_for_every_algorithm():
    X, y = _wine()
    algorithms = {name: CASES[name] for name in ("knn-pipeline", "tree-ties")}
    comparison = nested_cv_compare(algorithms, X, y, outer_cv=4, inner_cv=2, random_state=11)
    assert isinstance(comparison, NestedComparison)
    assert comparison.names == ("knn-pipeline", "tree-ties")
    assert comparison.scores.shape == (4, 2)
    for k, name in enumerate(comparison.names):
        alone = nested_cv(*algorithms[name], X, y, outer_cv=4, inner_cv=2, random_state=11)
        np.testing.assert_array_equal(comparison.scores[:, k], alone.outer_scores)
        np.testing.assert_array_equal(comparison[name].inner_scores, alone.inner_scores)
    assert "knn-pipeline" in str(comparison)
    with pytest.raises(KeyError, match="name must be one of"):
        comparison["svm"]


def test_one_grid_point_is_plain_cross_validation():
    """Nothing to tune: the outer scores are those of the fixed model on the outer folds."""
    from lecture_lib import cross_validate_scores

    X, y = _wine()
    model = make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=7))
    result = nested_cv(model, {"kneighborsclassifier__n_neighbors": [7]}, X, y, outer_cv=5, inner_cv=3, random_state=9)
    outer = [(train, test) for train, test, _ in nested_splits(y, 5, 3, 9)]
    np.testing.assert_array_equal(result.outer_scores, cross_validate_scores(model, X, y, outer))
    assert result.chosen_counts == (({"kneighborsclassifier__n_neighbors": 7}, 5),)
    assert "most often chosen: {n_neighbors: 7} in 5 of 5 folds" in str(result)


def test_identical_outer_scores_give_zero_spread():
    # two well separated blobs: every fold is classified perfectly, std is 0 and no warning is raised
    X = np.r_[np.zeros((20, 2)), np.full((20, 2), 10.0)] + np.random.default_rng(0).normal(0, 0.1, (40, 2))
    y = np.repeat([0, 1], 20)
    result = nested_cv(KNeighborsClassifier(), {"n_neighbors": [1, 3]}, X, y, outer_cv=4, inner_cv=2, random_state=0)
    assert result.mean == 1.0 and result.std == 0.0
    # every grid point ties at 1.0 in every fold: the first one is chosen, as GridSearchCV does
    assert result.best_params == ({"n_neighbors": 1},) * 4


def test_nested_splits_bad_input():
    with pytest.raises(ValueError, match="y is empty"):
        nested_splits([], 2, 2)
    with pytest.raises(TypeError, match="y must be a 1-D array of labels, got None"):
        nested_splits(None, 2, 2)
    with pytest.raises(ValueError, match="outer_cv=3 folds is more than the 2 example"):
        nested_splits([0, 0, 0, 1, 1], 3, 2)


# ---------------------------------------------------------------- splits and result


@pytest.mark.parametrize("outer_cv, inner_cv", [(2, 2), (5, 2), (5, 5), (10, 3)])
def test_nested_splits_partition_and_stratify(outer_cv, inner_cv):
    X, y = make_classification(n_samples=97, n_classes=3, n_informative=4, weights=[0.5, 0.3, 0.2], random_state=0)
    splits = nested_splits(y, outer_cv, inner_cv, random_state=4)
    assert len(splits) == outer_cv
    tests = np.concatenate([test for _, test, _ in splits])
    np.testing.assert_array_equal(np.sort(tests), np.arange(y.size))  # each example tested once
    for train, test, inner in splits:
        assert np.intersect1d(train, test).size == 0 and train.size + test.size == y.size
        assert len(inner) == inner_cv
        valid = np.concatenate([v for _, v in inner])
        np.testing.assert_array_equal(np.sort(valid), np.arange(train.size))  # positions within train
        for fit, v in inner:
            assert np.intersect1d(fit, v).size == 0 and fit.size + v.size == train.size
            # stratified: every class within one example of its share
            share = np.bincount(y[train], minlength=3) * v.size / train.size
            assert np.all(np.abs(np.bincount(y[train][v], minlength=3) - share) < 1 + 1e-9)
    again = nested_splits(y, outer_cv, inner_cv, random_state=4)
    for (a, b, c), (d, e, f) in zip(splits, again):
        assert np.array_equal(a, d) and np.array_equal(b, e)
        assert all(np.array_equal(p, q) for pair_1, pair_2 in zip(c, f) for p, q in zip(pair_1, pair_2))


def test_result_fields_and_summary():
    X, y = _iris()
    result = nested_cv(*CASES["tree-ties"], X, y, outer_cv=5, inner_cv=2, random_state=0)
    assert isinstance(result, NestedCVResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.mean = 1.0
    assert result.mean == pytest.approx(np.mean(result.outer_scores))
    assert result.std == pytest.approx(np.std(result.outer_scores, ddof=1))
    assert isinstance(result.mean, float) and isinstance(result.std, float)
    assert result.inner_scores.shape == (5, 10)  # 5 depths x 2 criteria
    assert sum(count for _, count in result.chosen_counts) == 5
    counts = [count for _, count in result.chosen_counts]
    assert counts == sorted(counts, reverse=True)
    text = str(result)
    assert f"outer mean {result.mean:.4f}" in text
    # title (two lines of at most 74 characters), header, 5 folds, mean, most often chosen
    assert text.count("\n") == 5 + 4 and max(len(line) for line in text.splitlines()) <= 74


def test_pandas_input_gives_the_same_result():
    pd = pytest.importorskip("pandas")
    X, y = _iris()
    a = nested_cv(*CASES["tree-ties"], X, y, outer_cv=3, inner_cv=2, random_state=2)
    b = nested_cv(*CASES["tree-ties"], pd.DataFrame(X), pd.Series(y), outer_cv=3, inner_cv=2, random_state=2)
    np.testing.assert_array_equal(a.outer_scores, b.outer_scores)


def test_parameter_grid_order_is_sklearns():
    grids = [
        {"b": [1, 2], "a": ["x", "y", "z"]},
        [{"kernel": ["rbf"], "C": [1, 10], "gamma": [0.1, 1]}, {"kernel": ["linear"], "C": [1, 10]}],
        {"n_neighbors": np.arange(1, 4)},
    ]
    for grid in grids:
        assert list(parameter_grid(grid)) == list(ParameterGrid(grid))


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "grid, error, match",
    [
        ({}, ValueError, "param_grid is empty"),
        ([], ValueError, "param_grid is an empty list"),
        ({"max_depth": []}, ValueError, r"param_grid\['max_depth'\] is an empty list"),
        ({"max_dept": [1, 2]}, ValueError, "param_grid names the unknown parameter 'max_dept'"),
        ([{"max_depth": [1]}, {"C": [1.0]}], ValueError, r"param_grid\[1\] names the unknown parameter 'C'"),
        ([{"max_depth": [1]}, {}], ValueError, r"param_grid\[1\] is empty"),
        ({"max_depth": 3}, TypeError, r"param_grid\['max_depth'\] must be a list"),
        ({"criterion": "gini"}, TypeError, r"param_grid\['criterion'\] must be a list"),
        ("max_depth", TypeError, "param_grid must be a dict"),
        (None, TypeError, "param_grid must be a dict"),
        ([["max_depth", [1]]], TypeError, r"param_grid\[0\] must be a dict"),
        ({3: [1]}, TypeError, "param_grid keys must be parameter names"),
    ],
)
def test_bad_param_grid(grid, error, match):
    X, y = _iris()
    with pytest.raises(error, match=match):
        nested_cv(DecisionTreeClassifier(), grid, X, y)


def test_unknown_parameter_of_a_pipeline_lists_the_valid_ones():
    X, y = _iris()
    pipe = make_pipeline(StandardScaler(), KNeighborsClassifier())
    with pytest.raises(ValueError, match="'n_neighbors' of Pipeline.*kneighborsclassifier__n_neighbors"):
        nested_cv(pipe, {"n_neighbors": [1, 3]}, X, y)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"outer_cv": 60}, ValueError, "outer_cv=60 folds is more than the 50 example"),
        ({"outer_cv": 1}, ValueError, "outer_cv must be >= 2"),
        ({"outer_cv": 2.5}, ValueError, "outer_cv must be a whole number"),
        ({"inner_cv": 1}, ValueError, "inner_cv must be >= 2"),
        ({"inner_cv": "2"}, TypeError, "inner_cv must be an integer"),
        ({"outer_cv": 2, "inner_cv": 30}, ValueError, "inner_cv=30 folds is more than the 25 example"),
        ({"scoring": "f1"}, ValueError, r"scoring must be one of \('accuracy', 'error_rate'\), got 'f1'"),
        ({"scoring": 3}, TypeError, "scoring must be one of"),
        ({"random_state": -1}, ValueError, "random_state must be non-negative"),
        ({"random_state": "seed"}, TypeError, "random_state must be an int"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    X, y = _iris()  # 50 examples per class
    with pytest.raises(error, match=match):
        nested_cv(DecisionTreeClassifier(), {"max_depth": [1, 2]}, X, y, **kwargs)


def test_bad_data_and_estimator():
    X, y = _iris()
    grid = {"max_depth": [1, 2]}
    with pytest.raises(ValueError, match="X has 149, y has 150"):
        nested_cv(DecisionTreeClassifier(), grid, X[:-1], y)
    with pytest.raises(TypeError, match="X must be an array of features, got None"):
        nested_cv(DecisionTreeClassifier(), grid, None, y)
    with pytest.raises(ValueError, match="y contains NaN"):
        nested_cv(DecisionTreeClassifier(), grid, X, np.where(np.arange(150) == 3, np.nan, y))
    with pytest.raises(TypeError, match="estimator must be a scikit-learn style estimator.*no get_params"):
        nested_cv(object(), grid, X, y)
    with pytest.raises(TypeError, match="estimator must be a scikit-learn style estimator.*no predict"):
        nested_cv(StandardScaler(), grid, X, y)  # a transformer, not a classifier
    with pytest.raises(TypeError, match="estimator must be an estimator instance, got the class"):
        nested_cv(DecisionTreeClassifier, grid, X, y)


def test_bad_compare_arguments():
    X, y = _iris()
    with pytest.raises(TypeError, match="algorithms must be a dict"):
        nested_cv_compare([DecisionTreeClassifier()], X, y)
    with pytest.raises(ValueError, match="algorithms is empty"):
        nested_cv_compare({}, X, y)
    with pytest.raises(TypeError, match=r"algorithms\['tree'\] must be an \(estimator, param_grid\) pair"):
        nested_cv_compare({"tree": DecisionTreeClassifier()}, X, y)
    with pytest.raises(ValueError, match=r"algorithms\['tree'\]: param_grid names the unknown parameter 'k'"):
        nested_cv_compare({"tree": (DecisionTreeClassifier(), {"k": [1]})}, X, y)


# ---------------------------------------------------------------- the tuning-bias simulation


def _reference_scores(X, y1, outer_ids, inner_ids, outer_cv, inner_cv):
    """Loops over data sets, folds and features with sklearn's NearestCentroid on one feature."""
    R, n, m = X.shape
    outer = np.empty((R, outer_cv, m))
    inner = np.zeros((R, outer_cv, m))
    y = y1.astype(int)
    for r in range(R):
        for i in range(outer_cv):
            test = outer_ids[r] == i
            for j in range(m):
                model = NearestCentroid().fit(X[r][~test][:, [j]], y[r][~test])
                outer[r, i, j] = np.mean(model.predict(X[r][test][:, [j]]) == y[r][test])
                for f in range(inner_cv):
                    valid = inner_ids[r, i] == f
                    fit = ~test & ~valid
                    model = NearestCentroid().fit(X[r][fit][:, [j]], y[r][fit])
                    inner[r, i, j] += np.mean(model.predict(X[r][valid][:, [j]]) == y[r][valid]) / inner_cv
    return outer, inner


@pytest.mark.parametrize("outer_cv, inner_cv, n", [(2, 2, 24), (3, 2, 31), (5, 3, 40)])
def test_vectorised_scores_match_nearest_centroid_loops(outer_cv, inner_cv, n):
    rng = np.random.default_rng(outer_cv * 10 + inner_cv)
    R, m = 4, 3
    X = rng.standard_normal((R, n, m))
    # both classes in every row and every training set: NearestCentroid refuses a single class
    y1 = np.zeros((R, n), dtype=bool)
    for r in range(R):
        y1[r, rng.permutation(n)[: n // 2]] = True
    ranks = np.argsort(np.argsort(rng.random((R, n)), axis=1), axis=1)
    outer_ids = ranks % outer_cv
    inner_ids = np.full((R, outer_cv, n), -1)
    for r in range(R):
        for i in range(outer_cv):
            members = np.flatnonzero(outer_ids[r] != i)
            inner_ids[r, i, rng.permutation(members)] = np.arange(members.size) % inner_cv
    got = nested_module._tuning_bias_scores(X, y1, outer_ids, inner_ids, outer_cv, inner_cv)
    want = _reference_scores(X, y1, outer_ids, inner_ids, outer_cv, inner_cv)
    for a, b in zip(got, want):
        np.testing.assert_allclose(a, b, rtol=0, atol=1e-12)


def test_rule_never_predicts_a_class_absent_from_training():
    X = np.array([[[0.0], [5.0], [-5.0]]])
    ys = np.array([[True, False, True]])
    # training sums of a set with class 0 only (two examples, mean 1.0)
    sums, counts = np.array([[[2.0]], [[0.0]]]), np.array([[2.0], [0.0]])
    acc = nested_module._rule_accuracy(sums, counts, X, ys)
    assert acc[0, 0] == pytest.approx(1 / 3)  # always "class 0": right on the one False only
    sums, counts = np.array([[[0.0]], [[2.0]]]), np.array([[0.0], [2.0]])
    assert nested_module._rule_accuracy(sums, counts, X, ys)[0, 0] == pytest.approx(2 / 3)


def test_first_argmax_prefix_matches_argmax():
    rng = np.random.default_rng(0)
    values = rng.integers(0, 4, size=(50, 3, 12)).astype(float)  # many ties
    got = nested_module._first_argmax_prefix(values)
    for g in range(1, 13):
        np.testing.assert_array_equal(got[..., g - 1], np.argmax(values[..., :g], axis=-1))


def test_simulation_null_behaviour():
    result = simulate_tuning_bias(n_samples=60, max_configs=20, outer_cv=5, inner_cv=2, n_reps=2000, seed=1)
    assert isinstance(result, TuningBias) and result.truth == 0.5
    # with one configuration there is nothing to select: both are the same 5-fold estimate
    assert result.non_nested[0] == result.nested[0]
    # nested CV is unbiased for the truth 0.5 at every grid size (4 Monte Carlo s.e.)
    assert np.all(np.abs(result.nested - 0.5) < 4 * result.nested_se)
    # the best-of-grid score is optimistic, more so with more configurations
    assert np.all(np.diff(result.non_nested) >= 0)
    assert result.non_nested[-1] - 0.5 > 20 * result.non_nested_se[-1]
    assert result.non_nested[-1] > result.non_nested[4] > result.non_nested[1] > result.nested[1]


def test_simulation_keeps_the_data_when_the_folds_change():
    a = simulate_tuning_bias(n_samples=40, max_configs=5, outer_cv=2, inner_cv=2, n_reps=50, seed=3)
    b = simulate_tuning_bias(n_samples=40, max_configs=5, outer_cv=2, inner_cv=2, n_reps=50, seed=3)
    c = simulate_tuning_bias(n_samples=40, max_configs=5, outer_cv=4, inner_cv=2, n_reps=50, seed=3)
    np.testing.assert_array_equal(a.nested, b.nested)  # reproducible
    assert not np.array_equal(a.non_nested, c.non_nested)  # other folds, other scores
    assert "TuningBias: 50 data sets of 40 examples" in str(a)


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"n_samples": 8}, ValueError, "n_samples=8 is too small for outer_cv=5"),
        ({"n_samples": 12, "outer_cv": 2, "inner_cv": 4}, ValueError, "inner_cv=4 is too many folds"),
        ({"max_configs": 0}, ValueError, "max_configs must be >= 1"),
        ({"n_reps": 1}, ValueError, "n_reps must be >= 2"),
        ({"outer_cv": 1}, ValueError, "outer_cv must be >= 2"),
        ({"seed": "a"}, TypeError, "seed must be an int"),
    ],
)
def test_simulation_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        simulate_tuning_bias(**kwargs)


# ---------------------------------------------------------------- widget logic and figures


def test_tuning_bias_report_shows_the_numbers():
    result = simulate_tuning_bias(n_samples=40, max_configs=8, n_reps=60, seed=0)
    html = lw.tuning_bias_report(result, 8)
    assert f"<b>{result.non_nested[7]:.3f}</b>" in html
    assert f"<b>{result.nested[7]:.3f}</b>" in html
    assert f"<b>{100 * (result.non_nested[7] - 0.5):+.1f}</b> percentage points" in html
    with pytest.raises(ValueError, match="n_configs must be at most 8, got 9"):
        lw.tuning_bias_report(result, 9)
    with pytest.raises(TypeError, match="result must be a TuningBias"):
        lw.tuning_bias_report("result", 1)


def test_tuning_bias_explorer_builds():
    box = lw.tuning_bias_explorer(n_samples=30, max_configs=5, n_reps=20)
    sliders = box.children[0].children
    assert [s.description for s in sliders] == ["outer k", "inner k", "grid size"]
    assert sliders[2].max == 5


def test_plots():
    result = simulate_tuning_bias(n_samples=40, max_configs=6, n_reps=30, seed=0)
    ax = plot_tuning_bias(result, n_configs=3)
    assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
    assert len(ax.lines) == 4  # two curves, the truth, the marker
    with pytest.raises(ValueError, match="n_configs must be at most 6"):
        plot_tuning_bias(result, n_configs=7)
    with pytest.raises(TypeError, match="result must be a TuningBias"):
        plot_tuning_bias([0.5])
    ax = plot_nested_cv_diagram(5, 2, outer_fold=1)
    assert len(ax.patches) == 5 * 5 + 5 + 2 * 2  # outer blocks, row frames, inner blocks
    assert "5 outer folds" in ax.get_title()
    with pytest.raises(ValueError, match="outer_fold must be below outer_cv=5"):
        plot_nested_cv_diagram(5, 2, outer_fold=5)
    with pytest.raises(ValueError, match="inner_cv must be at most 10"):
        plot_nested_cv_diagram(5, 11)


# ---------------------------------------------------------------- the seed's set-up


def test_seed000_setup_fixture_matches_the_defaults():
    import inspect

    from lecture_lib import nested_example

    setup = nested_example("seed000_nested_setup")
    defaults = inspect.signature(nested_cv).parameters
    # seed 000's code example: inner StratifiedKFold(n_splits=2) inside outer StratifiedKFold(n_splits=5)
    assert (setup["outer_cv"], setup["inner_cv"]) == (5, 2)
    assert (defaults["outer_cv"].default, defaults["inner_cv"].default) == (5, 2)
    assert setup["stratified"] and setup["scoring"] == defaults["scoring"].default == "accuracy"
    # the linked notebook prints "KNN | outer ACC 91.10% +/- 0.58"
    assert setup["printed"]["KNN"] == [91.10, 0.58]
    setup["printed"]["KNN"][0] = 0  # a copy: the cached fixture is not changed
    assert nested_example()["printed"]["KNN"] == [91.10, 0.58]
    with pytest.raises(ValueError, match="key must be one of"):
        nested_example("seed999")


def test_paired_outer_scores_feed_the_corrected_repeated_cv_ttest():
    """The chapter's recipe: the corrected t on the paired outer scores, n_test/n_train = 1/(K - 1)."""
    from scipy import stats

    from lecture_lib import corrected_repeated_cv_ttest, resampled_ttest

    X, y = _wine()
    algorithms = {name: CASES[name] for name in ("knn-pipeline", "tree-ties")}
    comparison = nested_cv_compare(algorithms, X, y, outer_cv=5, inner_cv=2, random_state=0)
    d = comparison.scores[:, 0] - comparison.scores[:, 1]
    K = d.size
    # Nadeau and Bengio (2003): t = mean(d) / sqrt((1/K + n_test/n_train) s^2), K - 1 df, n_test/n_train = 1/(K-1)
    t = d.mean() / np.sqrt((1 / K + 1 / (K - 1)) * d.var(ddof=1))
    result = comparison.ttest("knn-pipeline", "tree-ties")
    assert result.statistic == pytest.approx(t, rel=1e-12)
    assert result.pvalue == pytest.approx(2 * stats.t.sf(abs(t), K - 1), rel=1e-9)
    same = resampled_ttest(comparison.scores[:, 0], comparison.scores[:, 1], test_train_ratio=1 / (K - 1))
    assert same.statistic == pytest.approx(t, rel=1e-12)
    # repeated nested CV: r x K outer scores, the corrected repeated CV t with J = r K (Bouckaert & Frank 2004)
    repeated = nested_cv_compare(algorithms, X, y, outer_cv=5, inner_cv=2, random_state=0, n_repeats=3)
    assert repeated.scores.shape == (15, 2)
    np.testing.assert_array_equal(repeated.scores[:5], comparison.scores)  # repetition 0 = the single nested CV
    expected = corrected_repeated_cv_ttest(repeated.scores[:, 0].reshape(3, 5), repeated.scores[:, 1].reshape(3, 5))
    assert repeated.ttest("knn-pipeline", "tree-ties") == expected
    assert expected.df == 14
    single = repeated.repetition(0)
    np.testing.assert_array_equal(single.scores, comparison.scores)
    assert str(single) == str(comparison)
    with pytest.raises(KeyError, match="name must be one of"):
        repeated.ttest("knn-pipeline", "svm")


def test_repeated_nested_splits_and_result():
    X, y = _iris()
    splits = nested_splits(y, 4, 2, random_state=3, n_repeats=3)
    assert len(splits) == 12
    single = nested_splits(y, 4, 2, random_state=3)
    for (a, b, _), (c, d, _) in zip(splits[:4], single):
        assert np.array_equal(a, c) and np.array_equal(b, d)
    for r in range(3):  # every repetition is a partition of the examples
        tests = np.concatenate([test for _, test, _ in splits[4 * r: 4 * r + 4]])
        np.testing.assert_array_equal(np.sort(tests), np.arange(y.size))
    assert not np.array_equal(splits[0][1], splits[4][1])  # fresh folds in repetition 1
    result = nested_cv(*CASES["tree-ties"], X, y, outer_cv=4, inner_cv=2, random_state=3, n_repeats=3)
    assert result.outer_scores.shape == (12,) and result.inner_scores.shape == (12, 10)
    assert result.n_repeats == 3 and result.outer_cv == 4 and len(result.best_params) == 12
    alone = nested_cv(*CASES["tree-ties"], X, y, outer_cv=4, inner_cv=2, random_state=3)
    np.testing.assert_array_equal(result.outer_scores[:4], alone.outer_scores)
    assert result.best_inner_scores.shape == (12,)
    # each repetition, alone, is a nested CV of its own: repetition 0 is the single run
    first = result.repetition(0)
    np.testing.assert_array_equal(first.inner_scores, alone.inner_scores)
    assert first.best_params == alone.best_params and first.mean == alone.mean and first.n_repeats == 1
    assert str(first) == str(alone)
    np.testing.assert_array_equal(result.repetition(2).outer_scores, result.outer_scores[8:])
    with pytest.raises(ValueError, match="number"):
        result.repetition(3)
    text = str(result)
    assert "3 x 4 outer x 2 inner" in text and "repetition" in text and "over 12 folds" in text
    assert text.count("\n") == 8 - 1  # title (two lines), header, 3 repetitions, mean, most often chosen
    with pytest.raises(ValueError, match="n_repeats"):
        nested_splits(y, 4, 2, n_repeats=0)
    with pytest.raises(TypeError, match="n_repeats"):
        nested_cv(*CASES["tree-ties"], X, y, n_repeats="2")
