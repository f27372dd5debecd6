"""The benchmark runner (issue 21): same splits for every algorithm, resumable store, scale-out.

Oracles: scikit-learn's ``cross_val_score`` on the splits the runner reports (the scores), the
formula of the corrected repeated-CV t (Nadeau & Bengio 2003, variance factor 1/J + n2/n1, with
n2/n1 = 1/(k - 1) for r x k cross-validation as in Bouckaert & Frank 2004) written out with
numpy and scipy's t distribution, and scipy's Friedman test on the mean table.
"""

from __future__ import annotations

import dataclasses
import io
import os
import signal
import sqlite3
import subprocess
import sys
import time

import numpy as np
import pytest
from scipy import stats
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_iris, load_wine, make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import balanced_accuracy_score
from sklearn.model_selection import GridSearchCV, cross_val_score
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import NearestCentroid
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

import lecture_lib
from lecture_lib import (
    DEFAULT_CV,
    BenchmarkResult,
    benchmark_splits,
    friedman,
    load_benchmark,
    resampled_ttest,
    run_benchmark,
    wilcoxon_signed_rank,
)
from lecture_lib import benchmark as bm

# --------------------------------------------------------------------------- fixtures


def _indexed(n=60, n_classes=2, seed=0):
    """A small data set whose first feature is the row number, so a fit can report its rows."""
    X, y = make_classification(n_samples=n, n_features=4, n_informative=3, n_redundant=0,
                               n_classes=n_classes, random_state=seed)
    X[:, 0] = np.arange(n)
    return X, y


SEEN: list = []  # (tag, training rows) of every fit of a RecordingClassifier, in the serial runs
STATE = {"fits": 0, "stop_at": None}


class RecordingClassifier(BaseEstimator, ClassifierMixin):
    """Predicts the training majority; records which rows it was trained on."""

    def __init__(self, tag="a"):
        self.tag = tag

    def fit(self, X, y):
        SEEN.append((self.tag, tuple(np.asarray(X)[:, 0].astype(int))))
        values, counts = np.unique(y, return_counts=True)
        self.majority_ = values[np.argmax(counts)]
        return self

    def predict(self, X):
        return np.full(len(X), self.majority_)


class InterruptingClassifier(BaseEstimator, ClassifierMixin):
    """Nearest centroid that raises KeyboardInterrupt at the fit number STATE['stop_at'] (Ctrl-C)."""

    def fit(self, X, y):
        STATE["fits"] += 1
        if STATE["fits"] == STATE["stop_at"]:
            raise KeyboardInterrupt
        self.model_ = NearestCentroid().fit(X, y)
        return self

    def predict(self, X):
        return self.model_.predict(X)


def _holds_row_0(X) -> bool:
    """On an _indexed data set (whole row numbers in column 0), whether row 0 is among these rows."""
    column = np.asarray(X)[:, 0]
    return bool(np.all(column == np.round(column)) and 0 in column)


def _is_indexed(X) -> bool:
    column = np.asarray(X)[:, 0]
    return bool(np.all(column == np.round(column)))


class FailingClassifier(BaseEstimator, ClassifierMixin):
    """On an _indexed data set, fails to fit when row 0 is held out (one fold per repetition),
    or to predict row 0 (fail_in="predict"); works on any other data set."""

    def __init__(self, fail_in="fit"):
        self.fail_in = fail_in

    def fit(self, X, y):
        STATE["fits"] += 1
        if self.fail_in == "fit" and _is_indexed(X) and not _holds_row_0(X):
            raise ValueError("row 0 is missing")
        self.model_ = GaussianNB().fit(X, y)
        return self

    def predict(self, X):
        if self.fail_in == "predict" and _holds_row_0(X):
            raise RuntimeError("cannot predict row 0")
        return self.model_.predict(X)


@pytest.fixture(autouse=True)
def _reset():
    SEEN.clear()
    STATE.update(fits=0, stop_at=None)
    yield


@pytest.fixture(scope="module")
def small():
    """Two data sets x three algorithms, 3 x 5 folds: 90 cells, run once for the module."""
    datasets = {"iris": load_iris(return_X_y=True), "toy": _indexed(60)}
    estimators = {
        "nb": GaussianNB(),
        "tree": DecisionTreeClassifier(max_depth=2, random_state=0),
        "centroid": NearestCentroid(),
    }
    result = run_benchmark(estimators, datasets, cv=(3, 5), seed=7, progress=False)
    return estimators, datasets, result


# --------------------------------------------------------------------------- splits


def test_every_algorithm_sees_the_same_splits():
    datasets = {"one": _indexed(40, seed=1), "two": _indexed(50, n_classes=3, seed=2)}
    run_benchmark({"a": RecordingClassifier("a"), "b": RecordingClassifier("b")}, datasets,
                  cv=(3, 4), seed=11, progress=False)
    seen_a = [rows for tag, rows in SEEN if tag == "a"]
    seen_b = [rows for tag, rows in SEEN if tag == "b"]
    assert len(seen_a) == len(seen_b) == 2 * 3 * 4
    assert seen_a == seen_b
    # and they are the splits benchmark_splits reports, data set by data set, in (repetition, fold) order
    expected = []
    for name, (X, y) in datasets.items():
        for rep in benchmark_splits(X, y, name, cv=(3, 4), seed=11):
            expected.extend(tuple(train.tolist()) for train, _ in rep)
    assert seen_a == expected


def test_splits_are_stratified_partitions():
    X, y = _indexed(53, n_classes=3, seed=3)
    splits = benchmark_splits(X, y, "toy", cv=(4, 5), seed=0)
    assert len(splits) == 4 and all(len(rep) == 5 for rep in splits)
    counts = np.bincount(y)
    for rep in splits:
        tests = np.concatenate([test for _, test in rep])
        assert np.array_equal(np.sort(tests), np.arange(53))  # each example tested once per repetition
        for train, test in rep:
            assert np.intersect1d(train, test).size == 0 and train.size + test.size == 53
            per_class = np.bincount(y[test], minlength=3)
            assert np.all((per_class == counts // 5) | (per_class == counts // 5 + 1))
    # the repetitions differ (fresh shuffles), and another seed or name gives other splits
    assert not np.array_equal(splits[0][0][1], splits[1][0][1])
    assert not np.array_equal(splits[0][0][1], benchmark_splits(X, y, "toy", cv=(4, 5), seed=1)[0][0][1])
    assert not np.array_equal(splits[0][0][1], benchmark_splits(X, y, "toy2", cv=(4, 5), seed=0)[0][0][1])


def test_default_cv_is_ten_by_ten():
    assert DEFAULT_CV == (10, 10)
    X, y = _indexed(60)
    splits = benchmark_splits(X, y, "toy", seed=0)
    assert (len(splits), len(splits[0])) == (10, 10)


def test_adding_an_algorithm_or_a_data_set_later_reuses_the_splits():
    first = run_benchmark({"nb": GaussianNB()}, {"one": _indexed(40, seed=1), "two": _indexed(50, seed=2)},
                          cv=(2, 5), seed=3, progress=False)
    later = run_benchmark({"tree": DecisionTreeClassifier(random_state=0), "nb": GaussianNB()},
                          {"zero": _indexed(45, seed=4), "one": _indexed(40, seed=1), "two": _indexed(50, seed=2)},
                          cv=(2, 5), seed=3, progress=False)
    for name in ("one", "two"):
        assert np.array_equal(first.fold_scores(name, "nb"), later.fold_scores(name, "nb"))
    # a different seed does change them (else the check above could not fail)
    other = run_benchmark({"nb": GaussianNB()}, {"one": _indexed(40, seed=1)}, cv=(2, 5), seed=4, progress=False)
    assert not np.array_equal(first.fold_scores("one", "nb"), other.fold_scores("one", "nb"))


# --------------------------------------------------------------------------- scores


def test_scores_equal_sklearn_cross_val_score_on_the_same_splits(small):
    estimators, datasets, result = small
    assert result.scores.shape == (2, 3, 3, 5)
    for name, (X, y) in datasets.items():
        flat = [pair for rep in benchmark_splits(X, y, name, cv=(3, 5), seed=7) for pair in rep]
        for algorithm, estimator in estimators.items():
            expected = cross_val_score(estimator, X, y, cv=flat, scoring="accuracy")
            np.testing.assert_allclose(result.fold_scores(name, algorithm).ravel(), expected, rtol=0, atol=1e-15)


def test_records_are_the_tidy_table(small):
    _, _, result = small
    rec = result.records
    assert rec.dtype.names == ("dataset", "algorithm", "repetition", "fold", "score", "fit_time",
                               "score_time", "error")
    assert rec.size == 2 * 3 * 3 * 5 and result.n_failed == 0 and result.n_missing == 0
    assert np.all(rec["fit_time"] >= 0) and np.all(rec["score_time"] >= 0)
    # sorted by data set, algorithm, repetition, fold, in the order given
    assert rec["dataset"][0] == "iris" and rec["algorithm"][0] == "nb"
    assert rec["dataset"][-1] == "toy" and rec["algorithm"][-1] == "centroid"
    for row in rec[::7]:
        d, a = result.datasets.index(row["dataset"]), result.algorithms.index(row["algorithm"])
        assert result.scores[d, a, row["repetition"], row["fold"]] == row["score"]
    np.testing.assert_allclose(result.mean_scores, result.scores.mean(axis=(2, 3)))
    manual = [rec["score"][(rec["dataset"] == d) & (rec["algorithm"] == a)].mean()
              for d in result.datasets for a in result.algorithms]
    np.testing.assert_allclose(result.mean_scores.ravel(), manual, rtol=1e-14)


def test_to_pandas(small):
    pd = pytest.importorskip("pandas")
    _, _, result = small
    folds = result.to_pandas()
    assert list(folds.columns) == list(result.records.dtype.names) and len(folds) == result.records.size
    np.testing.assert_array_equal(folds["score"].to_numpy(), result.records["score"])
    means = result.to_pandas("means")
    assert isinstance(means, pd.DataFrame)
    assert list(means.index) == ["iris", "toy"] and list(means.columns) == ["nb", "tree", "centroid"]
    np.testing.assert_array_equal(means.to_numpy(), result.mean_scores)
    with pytest.raises(ValueError, match="table"):
        result.to_pandas("ranks")


def test_other_scorings():
    X, y = _indexed(60, n_classes=3, seed=5)
    data = {"toy": (X, y)}
    est = {"tree": DecisionTreeClassifier(max_depth=2, random_state=0)}
    acc = run_benchmark(est, data, cv=(2, 5), seed=0, progress=False)
    err = run_benchmark(est, data, cv=(2, 5), seed=0, scoring="error_rate", progress=False)
    np.testing.assert_allclose(err.scores, 1 - acc.scores, atol=1e-15)
    assert acc.higher_is_better and not err.higher_is_better
    bal = run_benchmark(est, data, cv=(2, 5), seed=0, scoring="balanced_accuracy", progress=False)
    flat = [pair for rep in benchmark_splits(X, y, "toy", cv=(2, 5), seed=0) for pair in rep]
    expected = cross_val_score(est["tree"], X, y, cv=flat, scoring="balanced_accuracy")
    np.testing.assert_allclose(bal.scores.ravel(), expected, atol=1e-15)
    own = run_benchmark(est, data, cv=(2, 5), seed=0, scoring=balanced_accuracy_score, progress=False)
    np.testing.assert_allclose(own.scores, bal.scores, atol=1e-15)
    assert own.scoring.startswith("callable")


def test_a_grid_search_is_tuned_inside_the_training_folds():
    # GridSearchCV as the estimator: its inner CV sees only the outer training rows (SEEN records them)
    X, y = _indexed(40, seed=6)
    grid = GridSearchCV(RecordingClassifier("g"), {"tag": ["g", "h"]}, cv=2)
    run_benchmark({"tuned": grid}, {"toy": (X, y)}, cv=(1, 4), seed=0, progress=False)
    splits = benchmark_splits(X, y, "toy", cv=(1, 4), seed=0)[0]
    assert len(SEEN) == 4 * (2 * 2 + 1)  # per outer fold: 2 candidates x 2 inner folds, then the refit
    for f, (train, _test) in enumerate(splits):
        for _, rows in SEEN[f * 5:(f + 1) * 5]:
            assert set(rows) <= set(train.tolist())  # no test row ever reaches a fit


def test_a_callable_cv():
    from lecture_lib import repeated_holdout

    def holdouts(X, y, rng):
        return [[pair] for pair in repeated_holdout(len(y), n_repeats=6, test_size=0.25, seed=rng, stratify=y)]

    X, y = _indexed(40, seed=7)
    result = run_benchmark({"nb": GaussianNB(), "tree": DecisionTreeClassifier(random_state=0)}, {"toy": (X, y)},
                           cv=holdouts, seed=0, progress=False)
    assert result.scores.shape == (1, 2, 6, 1) and result.cv == "callable test_a_callable_cv.<locals>.holdouts"
    np.testing.assert_allclose(result.test_train_ratio, [10 / 30])
    # a callable cv gets Nadeau and Bengio's corrected resampled t with the splits' own ratio
    got = result.corrected_ttest("nb", "tree")["toy"]
    want = resampled_ttest(result.scores[0, 0].ravel(), result.scores[0, 1].ravel(), test_train_ratio=10 / 30)
    assert got.statistic == want.statistic and got.pvalue == want.pvalue


def test_a_pandas_frame_works():
    pd = pytest.importorskip("pandas")
    X, y = load_iris(return_X_y=True, as_frame=True)
    framed = run_benchmark({"nb": GaussianNB()}, {"iris": (X, y)}, cv=(1, 5), seed=0, progress=False)
    plain = run_benchmark({"nb": GaussianNB()}, {"iris": (X.to_numpy(), y.to_numpy())}, cv=(1, 5), seed=0,
                          progress=False)
    assert isinstance(X, pd.DataFrame)
    np.testing.assert_array_equal(framed.scores, plain.scores)


def test_loaders_and_bunches():
    result = run_benchmark({"nb": GaussianNB()}, {"iris": load_iris, "wine": lambda: load_wine(return_X_y=True)},
                           cv=(1, 3), seed=0, progress=False)
    assert result.datasets == ("iris", "wine") and not np.isnan(result.scores).any()


# --------------------------------------------------------------------------- the tests on the table


def _corrected_t_by_hand(s1, s2, k):
    """Nadeau & Bengio (2003) / Bouckaert & Frank (2004): t = mean(d) / sqrt((1/J + 1/(k-1)) s^2), J - 1 df."""
    d = (np.asarray(s1) - np.asarray(s2)).ravel()
    J = d.size
    t = d.mean() / np.sqrt((1 / J + 1 / (k - 1)) * d.var(ddof=1))
    return t, 2 * stats.t.sf(abs(t), J - 1)


def test_corrected_ttest_is_the_corrected_repeated_cv_t(small):
    _, _, result = small
    tests = result.corrected_ttest("nb", "centroid")
    assert list(tests) == ["iris", "toy"]
    for d, name in enumerate(result.datasets):
        t, p = _corrected_t_by_hand(result.scores[d, 0], result.scores[d, 2], k=5)
        assert tests[name].statistic == pytest.approx(t, rel=1e-12)
        assert tests[name].pvalue == pytest.approx(p, rel=1e-9)
        assert tests[name].df == 14
        assert tests[name].mean_difference == pytest.approx(np.mean(result.scores[d, 0] - result.scores[d, 2]))
    if hasattr(lecture_lib, "corrected_repeated_cv_ttest"):  # once paired.py has it, the runner calls it
        direct = lecture_lib.corrected_repeated_cv_ttest(result.scores[0, 0], result.scores[0, 2], n_folds=5)
        assert tests["iris"].statistic == direct.statistic


def test_friedman_and_nemenyi_on_the_mean_table():
    datasets = {f"set {i}": _indexed(50, seed=10 + i) for i in range(5)}
    datasets["iris"] = load_iris(return_X_y=True)
    estimators = {"nb": GaussianNB(), "stump": DecisionTreeClassifier(max_depth=1, random_state=0),
                  "centroid": NearestCentroid()}
    acc = run_benchmark(estimators, datasets, cv=(1, 4), seed=0, progress=False)
    fr = acc.friedman()
    assert fr.statistic == pytest.approx(stats.friedmanchisquare(*acc.mean_scores.T).statistic, rel=1e-12)
    np.testing.assert_array_equal(fr.mean_ranks, friedman(acc.mean_scores, higher_is_better=True).mean_ranks)
    nem = acc.nemenyi(alpha=0.1)
    np.testing.assert_array_equal(nem.pvalues, lecture_lib.nemenyi(acc.mean_scores, alpha=0.1).pvalues)
    # with an error rate, lower is better, and the runner tells the tests so: the ranks are the same
    err = run_benchmark(estimators, datasets, cv=(1, 4), seed=0, scoring="error_rate", progress=False)
    np.testing.assert_allclose(err.friedman().mean_ranks, fr.mean_ranks)
    np.testing.assert_allclose(err.friedman(higher_is_better=True).mean_ranks, 4 - fr.mean_ranks)


def test_per_dataset_and_across_datasets_hooks(small):
    _, _, result = small
    per = result.per_dataset(resampled_ttest, "tree", "nb", test_train_ratio=0.25)
    want = resampled_ttest(result.scores[1, 1].ravel(), result.scores[1, 0].ravel(), test_train_ratio=0.25)
    assert per["toy"].statistic == want.statistic
    means = result.mean_scores
    across = result.across_datasets(wilcoxon_signed_rank, "nb", "centroid", method="exact")
    assert across.pvalue == wilcoxon_signed_rank(means[:, 0], means[:, 2], method="exact").pvalue
    with pytest.raises(ValueError, match="unknown algorithm 'svm'"):
        result.corrected_ttest("nb", "svm")
    with pytest.raises(ValueError, match="two different algorithms"):
        result.corrected_ttest("nb", "nb")
    with pytest.raises(TypeError, match="no algorithm or two"):
        result.across_datasets(friedman, "nb")
    with pytest.raises(TypeError, match="test must be"):
        result.per_dataset("ttest", "nb", "tree")


def test_select(small):
    _, _, result = small
    part = result.select(datasets=["toy"], algorithms=["centroid", "nb"])
    assert part.datasets == ("toy",) and part.algorithms == ("centroid", "nb")
    np.testing.assert_array_equal(part.scores[0, 0], result.scores[1, 2])
    np.testing.assert_array_equal(part.scores[0, 1], result.scores[1, 0])
    assert part.records.size == 2 * 15 and part.records["algorithm"][0] == "centroid"
    with pytest.raises(ValueError, match="unknown dataset 'wine'"):
        result.select(datasets=["wine"])


def test_str_shows_the_mean_table(small):
    _, _, result = small
    text = str(result)
    assert "3 algorithm(s) x 2 data set(s), 3 x 5 stratified cross-validation (seed 7)" in text
    assert f"{result.mean_scores[1, 2]:.4f}" in text.splitlines()[-1]


# --------------------------------------------------------------------------- failures


def test_a_failed_fit_is_recorded_and_the_others_go_on():
    X, y = _indexed(40, seed=8)
    result = run_benchmark({"fails": FailingClassifier("fit"), "nb": GaussianNB(),
                            "bad predict": FailingClassifier("predict")},
                           {"toy": (X, y), "iris": load_iris(return_X_y=True), "wine": load_wine(return_X_y=True)},
                           cv=(3, 4), seed=0, progress=False)
    failures = result.failures
    # row 0 of "toy" is held out once per repetition; on iris the classifier works
    fit_fail = failures[failures["algorithm"] == "fails"]
    assert fit_fail.size == 3 and set(fit_fail["dataset"]) == {"toy"}
    assert set(fit_fail["error"]) == {"ValueError: row 0 is missing"}
    predict_fail = failures[failures["algorithm"] == "bad predict"]
    assert predict_fail.size == 3 and set(predict_fail["error"]) == {"RuntimeError: cannot predict row 0"}
    assert result.n_failed == 6 and np.isnan(failures["score"]).all()
    assert not np.isnan(result.scores[:, 1]).any()  # nb untouched
    assert np.isnan(result.mean_scores[0, 0]) and not np.isnan(result.mean_scores[1, 0])
    assert "6 failed cell(s)" in str(result)
    with pytest.raises(ValueError, match=r"6 cell\(s\) failed, the first 'toy' / 'fails' .*ValueError: row 0"):
        result.friedman()
    with pytest.raises(ValueError, match="result.select"):
        result.corrected_ttest("fails", "nb")
    # without the failing algorithm (or data set) the tests run
    assert 0 <= result.select(datasets=["iris", "wine"]).friedman().pvalue <= 1


def test_a_failed_cell_is_tried_again_on_resumption(tmp_path):
    store = tmp_path / "scores.sqlite"
    X, y = _indexed(40, seed=8)
    first = run_benchmark({"fails": FailingClassifier("fit")}, {"toy": (X, y)}, cv=(2, 4), seed=0,
                          store=store, progress=False)
    assert first.n_failed == 2 and STATE["fits"] == 8
    STATE["fits"] = 0
    again = run_benchmark({"fails": FailingClassifier("fit")}, {"toy": (X, y)}, cv=(2, 4), seed=0,
                          store=store, progress=False)
    assert STATE["fits"] == 2 and again.n_failed == 2  # only the two failed cells ran again
    assert load_benchmark(store).n_failed == 2  # replaced, not duplicated


# --------------------------------------------------------------------------- resumption


def _key(row):
    return str(row["dataset"]), str(row["algorithm"]), int(row["repetition"]), int(row["fold"])


def _small_problem():
    return {"toy": _indexed(40, seed=9), "iris": load_iris(return_X_y=True)}


def test_resume_after_ctrl_c_loses_no_finished_cell(tmp_path):
    store = tmp_path / "scores.sqlite"
    estimators = {"interrupting": InterruptingClassifier(), "nb": GaussianNB()}
    reference = run_benchmark(estimators, _small_problem(), cv=(2, 5), seed=1, progress=False)
    assert STATE["fits"] == 20
    # cells run data set by data set, then repetition, fold, algorithm: the 7th fit of
    # "interrupting" is cell 12 (0-based), so 12 cells are finished when Ctrl-C comes
    STATE.update(fits=0, stop_at=7)
    with pytest.raises(KeyboardInterrupt):
        run_benchmark(estimators, _small_problem(), cv=(2, 5), seed=1, store=store, progress=False)
    partial = load_benchmark(store)
    assert partial.records.size == 12 and partial.n_missing == 40 - 12
    assert partial.datasets == ("toy", "iris") and partial.algorithms == ("interrupting", "nb")
    with pytest.raises(ValueError, match="have not run yet"):
        partial.friedman()
    STATE.update(fits=0, stop_at=None)
    resumed = run_benchmark(estimators, _small_problem(), cv=(2, 5), seed=1, store=store, progress=False)
    assert STATE["fits"] == 20 - 6  # only the cells that had not finished ran
    np.testing.assert_array_equal(resumed.scores, reference.scores)
    # the 12 stored cells were kept as they were: same fit times as before the interruption
    kept = {_key(r): r["fit_time"] for r in partial.records}
    for row in resumed.records:
        key = _key(row)
        if key in kept:
            assert row["fit_time"] == kept[key]


SLOW_MODULE = '''
import os
import time
import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.naive_bayes import GaussianNB


class Slow(BaseEstimator, ClassifierMixin):
    """Naive Bayes that sleeps SLOW_DELAY seconds per fit (so the process can be killed mid-run)."""

    def fit(self, X, y):
        time.sleep(float(os.environ.get("SLOW_DELAY", "0")))
        self.model_ = GaussianNB().fit(X, y)
        return self

    def predict(self, X):
        return self.model_.predict(X)
'''

SLOW_RUN = '''
import sys
from sklearn.datasets import load_iris
from lecture_lib import run_benchmark
from slow_estimator import Slow

run_benchmark({"slow": Slow()}, {"iris": load_iris(return_X_y=True)}, cv=(5, 10), seed=2,
              store=sys.argv[1], progress=False)
'''


def _stored_cells(path) -> int:
    try:
        con = sqlite3.connect(path, timeout=5)
        try:
            return con.execute("SELECT COUNT(*) FROM cells").fetchone()[0]
        finally:
            con.close()
    except sqlite3.Error:  # not created yet
        return 0


def test_resume_after_the_process_is_killed(tmp_path):
    (tmp_path / "slow_estimator.py").write_text(SLOW_MODULE)
    (tmp_path / "run.py").write_text(SLOW_RUN)
    store = tmp_path / "scores.sqlite"
    env = dict(os.environ, SLOW_DELAY="0.05",
               PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen([sys.executable, str(tmp_path / "run.py"), str(store)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 120
        while _stored_cells(store) < 10:
            assert proc.poll() is None, proc.stderr.read().decode()
            assert time.monotonic() < deadline, "the run wrote no cell within 120 s"
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)  # no clean-up at all
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    killed = load_benchmark(store)
    assert 10 <= killed.records.size < 50 and killed.n_failed == 0
    sys.path.insert(0, str(tmp_path))
    try:
        from slow_estimator import Slow

        X, y = load_iris(return_X_y=True)
        resumed = run_benchmark({"slow": Slow()}, {"iris": (X, y)}, cv=(5, 10), seed=2, store=store,
                                progress=False)  # no SLOW_DELAY here: the same estimator, without the sleep
        # naive Bayes on the same splits: the oracle for every cell
        flat = [pair for rep in benchmark_splits(X, y, "iris", cv=(5, 10), seed=2) for pair in rep]
        expected = cross_val_score(GaussianNB(), X, y, cv=flat)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("slow_estimator", None)
    assert resumed.n_missing == 0 and resumed.records.size == 50
    np.testing.assert_array_equal(resumed.scores.ravel(), expected)
    kept = {_key(r): r["fit_time"] for r in killed.records}
    assert sum(_key(r) in kept and r["fit_time"] == kept[_key(r)] for r in resumed.records) == len(kept)


# --------------------------------------------------------------------------- scale-out


def test_two_local_processes_give_the_serial_table(small):
    estimators, datasets, serial = small
    parallel = run_benchmark(estimators, datasets, cv=(3, 5), seed=7, n_jobs=2, progress=False)
    np.testing.assert_array_equal(parallel.scores, serial.scores)
    np.testing.assert_array_equal(parallel.records[["dataset", "algorithm", "repetition", "fold", "score"]],
                                  serial.records[["dataset", "algorithm", "repetition", "fold", "score"]])


def test_a_dask_local_cluster_gives_the_serial_table(small, tmp_path):
    distributed = pytest.importorskip("distributed")
    from joblib import parallel_config

    estimators, datasets, serial = small
    # two workers bound to 127.0.0.1, in this process (threads) but talking over TCP, so every task
    # travels pickled as it would to a remote cluster; no dashboard
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, host="127.0.0.1",
                                  protocol="tcp", dashboard_address=None) as cluster:
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        with distributed.Client(cluster) as client:
            with parallel_config(backend="dask"):
                on_dask = run_benchmark(estimators, datasets, cv=(3, 5), seed=7, progress=False,
                                        store=tmp_path / "dask.sqlite")
            assert len(client.scheduler_info()["workers"]) == 2
    np.testing.assert_array_equal(on_dask.scores, serial.scores)
    np.testing.assert_array_equal(load_benchmark(tmp_path / "dask.sqlite").scores, serial.scores)


# --------------------------------------------------------------------------- progress


def test_text_progress():
    stream = io.StringIO()
    bar = bm._Progress(total=5, done=2, mode="text", stream=stream, interval=0.0)
    bar.update(failed=False)
    bar.update(failed=True)
    bar.update(failed=False)
    bar.close()
    lines = stream.getvalue().split("\r")
    assert "2/5 cells" in lines[1]
    assert [line for line in lines if "5/5 cells" in line] == [lines[-1]]  # the end is shown once
    assert "5/5 cells (1 failed)" in lines[-1] and lines[-1].endswith("\n")


def test_widget_progress():
    pytest.importorskip("ipywidgets")
    bar = bm._Progress(total=4, done=1, mode="widget", interval=0.0)
    assert (bar.bar.value, bar.bar.max) == (1, 4)
    bar.update(failed=False)
    assert bar.bar.value == 2 and "2/4 cells" in bar.label.value
    bar.update(failed=True)
    bar.update(failed=False)
    bar.close()
    assert bar.bar.value == 4 and bar.bar.bar_style == "danger" and "(1 failed)" in bar.label.value


def test_progress_goes_to_stderr_outside_a_notebook(capsys):
    run_benchmark({"nb": GaussianNB()}, {"toy": _indexed(30)}, cv=(1, 3), seed=0)
    err = capsys.readouterr().err
    assert "3/3 cells" in err
    run_benchmark({"nb": GaussianNB()}, {"toy": _indexed(30)}, cv=(1, 3), seed=0, progress=False)
    assert capsys.readouterr().err == ""


# --------------------------------------------------------------------------- seeds and stores


def test_seed_none_draws_one_and_records_it(tmp_path):
    data = {"toy": _indexed(30)}
    one = run_benchmark({"nb": GaussianNB()}, data, cv=(1, 3), progress=False)
    assert isinstance(one.seed, int)
    again = run_benchmark({"nb": GaussianNB()}, data, cv=(1, 3), seed=one.seed, progress=False)
    np.testing.assert_array_equal(one.scores, again.scores)
    # with a store, seed=None takes the stored seed, so a resumption needs no bookkeeping
    store = tmp_path / "s.sqlite"
    first = run_benchmark({"nb": GaussianNB()}, data, cv=(1, 3), store=store, progress=False)
    later = run_benchmark({"nb": GaussianNB(), "tree": DecisionTreeClassifier(random_state=0)}, data, cv=(1, 3),
                          store=store, progress=False)
    assert later.seed == first.seed
    np.testing.assert_array_equal(later.fold_scores("toy", "nb"), first.fold_scores("toy", "nb"))


@pytest.fixture
def written_store(tmp_path):
    store = tmp_path / "setup.sqlite"
    run_benchmark({"tree": DecisionTreeClassifier(max_depth=2, random_state=0)}, {"toy": _indexed(30)},
                  cv=(2, 3), seed=5, store=store, progress=False)
    return store


@pytest.mark.parametrize(
    "change, pattern",
    [
        ({"seed": 6}, r"written with seed=5, not seed=6"),
        ({"cv": (3, 3)}, r"written with cv=2 x 3 stratified, not cv=3 x 3 stratified"),
        ({"scoring": "error_rate"}, r"written with scoring=accuracy, not scoring=error_rate"),
        ({"datasets": {"toy": _indexed(31)}}, r"datasets\['toy'\] differs .* \(X, y or groups changed; 30 examples stored, 31"),
        ({"datasets": {"toy": (_indexed(30)[0] + 1, _indexed(30)[1])}}, r"datasets\['toy'\] differs"),
        ({"estimators": {"tree": DecisionTreeClassifier(max_depth=3, random_state=0)}},
         r"estimators\['tree'\] differs .*max_depth=2.*max_depth=3"),
        ({"cv": lambda X, y, rng: [[(np.arange(10, 30), np.arange(10))]] * 2}, r"written with cv=2 x 3 stratified"),
    ],
)
def test_a_store_from_another_setup_is_refused(written_store, change, pattern):
    arguments = {"estimators": {"tree": DecisionTreeClassifier(max_depth=2, random_state=0)},
                 "datasets": {"toy": _indexed(30)}, "cv": (2, 3), "seed": 5, "store": written_store,
                 "progress": False}
    arguments.update(change)
    with pytest.raises(ValueError, match=pattern):
        run_benchmark(**arguments)
    assert load_benchmark(written_store).records.size == 6  # the store is left as it was


def test_a_store_with_other_splits_is_refused(tmp_path):
    def first_half_out(X, y, rng):
        n = len(y)
        return [[(np.arange(n // 2, n), np.arange(n // 2))]]

    def second_half_out(X, y, rng):
        n = len(y)
        return [[(np.arange(n // 2), np.arange(n // 2, n))]]

    second_half_out.__qualname__ = first_half_out.__qualname__  # same name, other splits
    store = tmp_path / "cv.sqlite"
    run_benchmark({"nb": GaussianNB()}, {"toy": _indexed(30)}, cv=first_half_out, seed=0, store=store,
                  progress=False)
    with pytest.raises(ValueError, match=r"cv gives other splits for datasets\['toy'\]"):
        run_benchmark({"nb": GaussianNB()}, {"toy": _indexed(30)}, cv=second_half_out, seed=0, store=store,
                      progress=False)


def test_a_file_that_is_not_a_store_is_refused(tmp_path):
    text = tmp_path / "notes.txt"
    text.write_text("these are not scores\n" * 100)
    with pytest.raises(ValueError, match=r"store .*notes.txt' is not a benchmark store"):
        run_benchmark({"nb": GaussianNB()}, {"toy": _indexed(30)}, cv=(1, 3), seed=0, store=text, progress=False)
    with pytest.raises(ValueError, match="is not a benchmark store"):
        load_benchmark(text)
    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    with pytest.raises(ValueError, match="is not a benchmark store"):
        run_benchmark({"nb": GaussianNB()}, {"toy": _indexed(30)}, cv=(1, 3), seed=0, store=other, progress=False)
    with pytest.raises(ValueError, match="does not exist"):
        load_benchmark(tmp_path / "missing.sqlite")
    with pytest.raises(TypeError, match="store must be"):
        load_benchmark(3)


# --------------------------------------------------------------------------- bad input


def _call(**change):
    arguments = {"estimators": {"nb": GaussianNB()}, "datasets": {"toy": _indexed(30)}, "cv": (1, 3), "seed": 0,
                 "progress": False}
    arguments.update(change)
    return run_benchmark(**arguments)


@pytest.mark.parametrize(
    "change, error, pattern",
    [
        ({"scoring": "acuracy"}, ValueError, r"scoring must be .* got 'acuracy'; did you mean 'accuracy'"),
        ({"scoring": 3}, TypeError, r"scoring must be .* got 3"),
        ({"scoring": None}, TypeError, r"scoring must be"),
        ({"estimators": {"x": object()}}, TypeError, r"estimators\['x'\] must be a scikit-learn style estimator"),
        (
            {"estimators": {"x": GaussianNB}},
            TypeError,
            r"estimators\['x'\] must be an estimator instance.*GaussianNB\(\)",
        ),
        ({"estimators": {"x": StandardScaler()}}, TypeError, r"estimators\['x'\] .* has no predict\(\)"),
        ({"estimators": [GaussianNB()]}, TypeError, r"estimators must be a dict"),
        ({"estimators": {}}, ValueError, r"estimators is empty"),
        ({"estimators": {3: GaussianNB()}}, TypeError, r"the keys of estimators must be non-empty strings"),
        (
            {"datasets": {"toy": (np.zeros((30, 2)), np.arange(29) % 2)}},
            ValueError,
            r"datasets\['toy'\]: inputs must have the same length: X has 30, y has 29",
        ),
        (
            {"datasets": {"toy": (np.zeros(30), np.arange(30) % 2)}},
            ValueError,
            r"datasets\['toy'\]: X must have one row",
        ),
        ({"datasets": {"toy": (np.zeros((3, 2)), [0, 1, np.nan])}}, ValueError, r"datasets\['toy'\]: y contains NaN"),
        ({"datasets": {"toy": (np.zeros((3, 2)), None)}}, TypeError, r"datasets\['toy'\]: y must be"),
        ({"datasets": {"toy": np.zeros((3, 2))}}, TypeError, r"datasets\['toy'\] must be a pair \(X, y\)"),
        (
            {"datasets": {"toy": lambda: 1 / 0}},
            ValueError,
            r"datasets\['toy'\]: loading the data set failed with ZeroDivisionError",
        ),
        ({"datasets": [(np.zeros((3, 2)), [0, 1, 0])]}, TypeError, r"datasets must be a dict"),
        ({"datasets": {}}, ValueError, r"datasets is empty"),
        (
            {"datasets": {"toy": (np.zeros((12, 2)), [0] * 10 + [1] * 2)}},
            ValueError,
            r"datasets\['toy'\]: y: the smallest class 1 has only 2 example\(s\), fewer than the 3 folds.*cv",
        ),
        ({"cv": (0, 5)}, ValueError, r"cv\[0\] \(the number of repetitions\) must be >= 1"),
        ({"cv": (2, 1)}, ValueError, r"cv\[1\] \(the number of folds\) must be >= 2"),
        ({"cv": 2.5}, ValueError, r"cv must be a whole number"),
        ({"cv": "ten"}, TypeError, r"cv must be \(n_repeats, n_folds\)"),
        ({"cv": True}, TypeError, r"cv must be"),
        ({"cv": 40}, ValueError, r"datasets\['toy'\]: cv asks for 40 folds but the data set has only 30"),
        (
            {"cv": lambda X, y, rng: [[(np.arange(20), np.arange(15, 30))]]},
            ValueError,
            r"cv\(datasets\['toy'\]\)\[0\]\[0\]: 5 example\(s\) are in both the training and the test set",
        ),
        (
            {"cv": lambda X, y, rng: [[(np.arange(20), np.arange(20, 31))]]},
            ValueError,
            r"test_idx has indices outside 0..29",
        ),
        (
            {"cv": lambda X, y, rng: [[(np.arange(20), np.arange(20, 30))], []]},
            ValueError,
            r"cv\(datasets\['toy'\]\)\[1\] holds no",
        ),
        (
            {"cv": lambda X, y, rng: [(np.arange(20), np.arange(20, 30))]},
            TypeError,
            r"must be a \(train_idx, test_idx\) pair",
        ),
        ({"n_jobs": 0}, ValueError, r"n_jobs must be None or a non-zero int"),
        ({"n_jobs": "2"}, TypeError, r"n_jobs must be None or a non-zero int"),
        ({"seed": -1}, ValueError, r"seed must be non-negative"),
        ({"seed": np.random.default_rng(0)}, TypeError, r"seed must be a non-negative int or None"),
        ({"store": 5}, TypeError, r"store must be None or a path"),
        ({"progress": "yes"}, TypeError, r"progress must be True or False"),
    ],
)
def test_bad_input_names_the_argument(change, error, pattern):
    with pytest.raises(error, match=pattern):
        _call(**change)


def test_an_estimator_with_a_scorer_needs_no_predict():
    # scikit-learn scorers call what they need themselves (here predict_proba through roc_auc)
    X, y = _indexed(40)
    result = _call(estimators={"logistic": make_pipeline(StandardScaler(), LogisticRegression())},
                   datasets={"toy": (X, y)}, scoring="roc_auc", cv=(1, 4))
    assert np.all((result.scores >= 0) & (result.scores <= 1))


def test_benchmark_splits_bad_input():
    X, y = _indexed(30)
    with pytest.raises(TypeError, match="dataset must be the data set's name"):
        benchmark_splits(X, y, 3)
    with pytest.raises(ValueError, match=r"datasets\['toy'\]: inputs must have the same length"):
        benchmark_splits(X[:-1], y, "toy")
    with pytest.raises(ValueError, match=r"cv\[1\]"):
        benchmark_splits(X, y, "toy", cv=(1, 1))


def test_inputs_are_not_modified(small):
    X, y = _indexed(30)
    X0, y0 = X.copy(), y.copy()
    est = DecisionTreeClassifier(max_depth=2, random_state=0)
    _call(estimators={"tree": est}, datasets={"toy": (X, y)})
    assert np.array_equal(X, X0) and np.array_equal(y, y0)
    assert not hasattr(est, "tree_")  # the estimator itself is never fitted


def test_result_type():
    result = _call()
    assert isinstance(result, BenchmarkResult)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.seed = 3
