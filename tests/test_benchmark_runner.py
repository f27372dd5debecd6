"""The benchmark runner (issues 21 and 24): same splits for every algorithm, resumable store, scale-out,
scikit-learn splitters, and the way from the score table to a conclusion (recommend, report, pairwise).

Oracles: scikit-learn's ``cross_val_score`` and its splitters' own ``split`` on the splits the runner
reports (the scores and the splits), the formula of the corrected repeated-CV t (Nadeau & Bengio 2003,
variance factor 1/J + n2/n1, with n2/n1 = 1/(k - 1) for r x k cross-validation as in Bouckaert & Frank
2004) written out with numpy and scipy's t distribution, scipy's Friedman statistic on the mean table,
the exact Wilcoxon and Friedman p-values by enumeration of every sign pattern or arrangement of ranks,
statsmodels' Holm adjustment, and the README section's code run as written (with fewer folds).
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import itertools
import os
import re
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest
from scipy import stats
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.datasets import load_iris, load_wine, make_classification
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import balanced_accuracy_score
from sklearn.model_selection import (
    GridSearchCV,
    GroupKFold,
    GroupShuffleSplit,
    KFold,
    RepeatedStratifiedKFold,
    ShuffleSplit,
    StratifiedKFold,
    StratifiedShuffleSplit,
    cross_val_score,
)
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
    compare_algorithms,
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
    np.testing.assert_allclose(result.mean_scores, result.scores.mean(axis=(2, 3)), rtol=1e-11)
    manual = [rec["score"][(rec["dataset"] == d) & (rec["algorithm"] == a)].mean()
              for d in result.datasets for a in result.algorithms]
    # mean_scores are rounded to 12 significant digits (ties that round-off would break stay ties)
    np.testing.assert_allclose(result.mean_scores.ravel(), manual, rtol=1e-11)


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
    direct = lecture_lib.corrected_repeated_cv_ttest(result.scores[0, 0], result.scores[0, 2])
    assert tests["iris"].statistic == direct.statistic and tests["iris"].method == "corrected repeated cv"


def _scores_result(scores, test_train_ratio=1 / 4, cv="2 x 5 stratified"):
    """A BenchmarkResult over given scores (data sets x 2 algorithms x repetitions x folds), no fitting."""
    scores = np.asarray(scores, dtype=float)
    n = scores.shape[0]
    return lecture_lib.BenchmarkResult(
        records=np.zeros(0, dtype=[("dataset", "U8"), ("algorithm", "U1"), ("repetition", "i8"), ("fold", "i8"),
                                   ("error", "U1")]), scores=scores,
        datasets=tuple(f"set {i}" for i in range(n)),
        algorithms=("a", "b"), scoring="accuracy", higher_is_better=True, cv=cv, seed=0,
        test_train_ratio=np.full(n, test_train_ratio))


def test_meta_analysis_pools_the_corrected_differences_of_each_data_set():
    rng = np.random.default_rng(3)
    # five data sets, 2 x 5 folds; algorithm a is ahead by a data-set-dependent amount plus fold noise
    shift = rng.normal(0.02, 0.03, (5, 1, 1))
    b = rng.uniform(0.6, 0.9, (5, 1, 1)) + rng.normal(0, 0.02, (5, 2, 5))
    a = b + shift + rng.normal(0, 0.02, (5, 2, 5))
    result = _scores_result(np.stack([a, b], axis=1))
    before = result.scores.copy()
    # the oracle: the mean fold difference and Nadeau and Bengio's corrected standard error, by hand
    d = (a - b).reshape(5, -1)
    se = np.sqrt((1 / 10 + 1 / 4) * d.var(axis=1, ddof=1))
    for method, test in (("reml", "z"), ("dl", "knha")):
        got = result.meta_analysis("a", "b", method=method, test=test)
        want = lecture_lib.meta_analysis(d.mean(axis=1), se, method=method, test=test)
        assert got.estimate == pytest.approx(want.estimate, rel=1e-12)
        assert got.tau2 == pytest.approx(want.tau2, rel=1e-9, abs=1e-15)
        assert got.prediction_interval.low == pytest.approx(want.prediction_interval.low, rel=1e-9)
        assert got.n_datasets == 5
    # the sign follows the order of the algorithms
    assert result.meta_analysis("b", "a").estimate == pytest.approx(-result.meta_analysis("a", "b").estimate)
    # corrected_kfold: the first repetition only, factor 1/5 + 1/4
    first = (a - b)[:, 0, :]
    kfold = result.meta_analysis("a", "b", cv_test="corrected_kfold", method="dl")
    want = lecture_lib.meta_analysis(first.mean(axis=1), np.sqrt((1 / 5 + 1 / 4) * first.var(axis=1, ddof=1)),
                                     method="dl")
    assert kfold.estimate == pytest.approx(want.estimate, rel=1e-12)
    np.testing.assert_array_equal(result.scores, before)  # nothing modified


def test_meta_analysis_says_what_it_cannot_pool():
    rng = np.random.default_rng(4)
    b = rng.uniform(0.6, 0.9, (3, 1, 2, 5))
    a = b + rng.normal(0.01, 0.02, (3, 1, 2, 5))
    a[1] = b[1] + 0.05  # data set 'set 1': the same difference on every fold, standard error 0
    result = _scores_result(np.concatenate([a, b], axis=1))
    with pytest.raises(ValueError, match=r"\['set 1'\] the fold differences between 'a' and 'b' are all equal.*"
                                         r"across_datasets\(wilcoxon_signed_rank"):
        result.meta_analysis("a", "b")
    assert result.select(datasets=["set 0", "set 2"]).meta_analysis("a", "b").n_datasets == 2
    with pytest.raises(ValueError, match="at least two data sets, got 1"):
        result.select(datasets=["set 0"]).meta_analysis("a", "b")
    with pytest.raises(ValueError, match="unknown algorithm 'c'"):
        result.meta_analysis("a", "c")
    with pytest.raises(ValueError, match="method must be one of"):
        result.select(datasets=["set 0", "set 2"]).meta_analysis("a", "b", method="pm")
    with pytest.raises(ValueError, match="test must be one of"):
        result.select(datasets=["set 0", "set 2"]).meta_analysis("a", "b", test="t")
    with pytest.raises(ValueError, match="cv_test must be one of .* got '5x2'"):  # not "test", its own argument
        result.meta_analysis("a", "b", cv_test="5x2")
    # two identical algorithms: no data set varies, and dropping data sets cannot help
    same = _scores_result(np.concatenate([b, b], axis=1))
    with pytest.raises(ValueError, match="on every data set the fold differences .* across_datasets"):
        same.meta_analysis("a", "b")


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
    assert "3 algorithm(s) x 2 data set(s), 3 x 5 stratified cross-validation (seed 7)" in " ".join(text.split())
    assert f"{result.mean_scores[1, 2]:.4f}" in text.splitlines()[-1]
    assert max(len(line) for line in text.splitlines()) <= 74  # the first line wraps (chapter 6 prints it)


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
        ({"datasets": {"toy": _indexed(31)}},
         r"datasets\['toy'\] differs .* \(X, y or groups changed; 30 examples stored, 31"),
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


# --------------------------------------------------------------------------- scikit-learn splitters


def _grouped(n_splits, flat):
    """sklearn's flat list of splits as repetitions of n_splits consecutive splits."""
    return [flat[r:r + n_splits] for r in range(0, len(flat), n_splits)]


def _same_splits(ours, theirs):
    return len(ours) == len(theirs) and all(
        len(a) == len(b) and all(np.array_equal(ta, tb) and np.array_equal(sa, sb) for (ta, sa), (tb, sb) in zip(a, b))
        for a, b in zip(ours, theirs))


def test_a_seeded_splitter_gives_its_own_splits_to_every_algorithm():
    X, y = _indexed(45, n_classes=3, seed=12)
    splitter = RepeatedStratifiedKFold(n_splits=4, n_repeats=3, random_state=5)
    result = run_benchmark({"a": RecordingClassifier("a"), "b": RecordingClassifier("b")}, {"toy": (X, y)},
                           cv=splitter, seed=11, progress=False)
    # the oracle: scikit-learn's own splits, consecutive runs of n_splits forming a repetition
    expected = _grouped(4, list(RepeatedStratifiedKFold(n_splits=4, n_repeats=3, random_state=5).split(X, y)))
    assert _same_splits(benchmark_splits(X, y, "toy", cv=splitter, seed=11), expected)
    seen_a = [rows for tag, rows in SEEN if tag == "a"]
    assert seen_a == [rows for tag, rows in SEEN if tag == "b"]
    assert seen_a == [tuple(train.tolist()) for rep in expected for train, _ in rep]
    assert result.scores.shape == (1, 2, 3, 4) and (result.n_repeats, result.n_folds) == (3, 4)
    assert result.cv == "RepeatedStratifiedKFold(n_repeats=3, n_splits=4, random_state=5)"
    # scores: scikit-learn's cross_val_score with the same splitter
    scores = run_benchmark({"nb": GaussianNB()}, {"toy": (X, y)}, cv=splitter, seed=0, progress=False).scores
    np.testing.assert_allclose(scores.ravel(), cross_val_score(GaussianNB(), X, y, cv=splitter), rtol=0, atol=1e-15)
    # a k-fold partition has n_test/n_train = (n/k) / (n - n/k) = 1/(k - 1) exactly
    assert result.test_train_ratio[0] == pytest.approx(1 / 3, rel=1e-12)


def test_an_unseeded_splitter_is_seeded_from_seed_and_the_name(tmp_path):
    X, y = _indexed(40, seed=13)
    splitter = StratifiedKFold(n_splits=4, shuffle=True)
    first = benchmark_splits(X, y, "toy", cv=splitter, seed=3)
    assert splitter.random_state is None  # the caller's splitter is not changed
    # the documented derivation, written out: the first draw below 2**32 of default_rng([seed, *sha256 words])
    words = np.frombuffer(hashlib.sha256(b"toy").digest(), dtype="<u4").tolist()
    state = int(np.random.default_rng([3, *words]).integers(2**32))
    oracle = list(StratifiedKFold(n_splits=4, shuffle=True, random_state=state).split(X, y))
    assert _same_splits(first, [oracle])
    assert _same_splits(benchmark_splits(X, y, "toy", cv=splitter, seed=3), first)  # reproducible
    assert not _same_splits(benchmark_splits(X, y, "toy", cv=splitter, seed=4), first)
    assert not _same_splits(benchmark_splits(X, y, "toy2", cv=splitter, seed=3), first)
    # not shuffled: nothing to seed, the splits are scikit-learn's fixed ones
    assert _same_splits(benchmark_splits(X, y, "toy", cv=KFold(4), seed=3), [list(KFold(4).split(X))])
    # a model added later, through a store, gets the very same splits
    store = tmp_path / "s.sqlite"
    one = run_benchmark({"nb": GaussianNB()}, {"toy": (X, y)}, cv=splitter, seed=3, store=store, progress=False)
    two = run_benchmark({"nb": GaussianNB(), "tree": DecisionTreeClassifier(random_state=0)}, {"toy": (X, y)},
                        cv=StratifiedKFold(n_splits=4, shuffle=True), seed=3, store=store, progress=False)
    np.testing.assert_array_equal(two.fold_scores("toy", "nb"), one.fold_scores("toy", "nb"))
    assert load_benchmark(store).cv == "StratifiedKFold(n_splits=4, random_state=None, shuffle=True)"


def test_a_store_written_with_another_splitter_is_refused(tmp_path):
    store = tmp_path / "s.sqlite"
    data = {"toy": _indexed(30)}
    run_benchmark({"nb": GaussianNB()}, data, cv=KFold(3, shuffle=True), seed=0, store=store, progress=False)
    with pytest.raises(ValueError, match=r"written with cv=KFold\(n_splits=3, random_state=None, shuffle=True\), "
                                         r"not cv=StratifiedKFold"):
        run_benchmark({"nb": GaussianNB()}, data, cv=StratifiedKFold(3, shuffle=True), seed=0, store=store,
                      progress=False)
    with pytest.raises(ValueError, match=r"not cv=1 x 3 stratified"):
        run_benchmark({"nb": GaussianNB()}, data, cv=3, seed=0, store=store, progress=False)


def test_shuffle_split_is_repeated_holdout():
    X, y = _indexed(40, seed=14)
    cv = ShuffleSplit(n_splits=6, test_size=0.25, random_state=1)
    result = run_benchmark({"nb": GaussianNB(), "tree": DecisionTreeClassifier(random_state=0)}, {"toy": (X, y)},
                           cv=cv, seed=0, progress=False)
    assert result.scores.shape == (1, 2, 6, 1)  # 6 repetitions of one holdout fold
    assert _same_splits(benchmark_splits(X, y, "toy", cv=cv, seed=0), [[pair] for pair in cv.split(X)])
    np.testing.assert_allclose(result.test_train_ratio, [10 / 30])
    # Nadeau and Bengio's corrected resampled t, by hand: t = mean(d) / sqrt((1/J + n2/n1) s^2), J - 1 df
    d = (result.scores[0, 0] - result.scores[0, 1]).ravel()
    t = d.mean() / np.sqrt((1 / 6 + 10 / 30) * d.var(ddof=1))
    got = result.corrected_ttest("nb", "tree")["toy"]
    assert got.method == "corrected resampled" and got.df == 5
    assert got.statistic == pytest.approx(t, rel=1e-12)
    assert got.pvalue == pytest.approx(2 * stats.t.sf(abs(t), 5), rel=1e-9)
    with pytest.raises(ValueError, match=r"test='corrected_kfold' needs a repetition of k >= 2 folds.*ShuffleSplit"):
        result.corrected_ttest("nb", "tree", test="corrected_kfold")
    stratified = StratifiedShuffleSplit(n_splits=3, test_size=0.5, random_state=0)
    assert run_benchmark({"nb": GaussianNB()}, {"toy": (X, y)}, cv=stratified, seed=0,
                         progress=False).scores.shape == (1, 1, 3, 1)


def test_a_group_splitter_gets_the_groups_and_keeps_them_apart(tmp_path):
    X, y = _indexed(48, seed=15)
    groups = np.repeat(np.arange(12), 4)  # 12 patients, 4 examples each
    result = run_benchmark({"a": RecordingClassifier("a")}, {"toy": (X, y, groups)}, cv=GroupKFold(4), seed=0,
                           progress=False)
    assert result.scores.shape == (1, 1, 1, 4)
    expected = [list(GroupKFold(4).split(X, y, groups))]
    assert _same_splits(benchmark_splits(X, y, "toy", cv=GroupKFold(4), seed=0, groups=groups), expected)
    assert len(SEEN) == 4
    for (_, rows), (_, test) in zip(SEEN, expected[0]):  # no training set holds a patient of its test fold
        assert not set(groups[list(rows)]) & set(groups[test]) and len(set(groups[list(rows)])) == 9
    shuffled = run_benchmark({"nb": GaussianNB()}, {"toy": (X, y, groups)}, cv=GroupShuffleSplit(5, test_size=3),
                             seed=0, progress=False)
    assert shuffled.scores.shape == (1, 1, 5, 1)
    # the groups are part of the data set: other groups in a store are refused
    store = tmp_path / "g.sqlite"
    run_benchmark({"nb": GaussianNB()}, {"toy": (X, y, groups)}, cv=GroupKFold(4), seed=0, store=store,
                  progress=False)
    with pytest.raises(ValueError, match=r"X, y or groups changed"):
        run_benchmark({"nb": GaussianNB()}, {"toy": (X, y, groups[::-1])}, cv=GroupKFold(4), seed=0, store=store,
                      progress=False)


@pytest.mark.filterwarnings("ignore:The groups parameter is ignored by KFold")
@pytest.mark.parametrize(
    "change, error, pattern",
    [
        ({"cv": KFold}, TypeError, r"cv must be a splitter instance, got the class KFold; write KFold\(\.\.\.\)"),
        ({"cv": KFold(3, shuffle=True, random_state=np.random.RandomState(0))}, TypeError,
         r"cv.random_state must be an int or None, got RandomState"),
        ({"cv": KFold(40)}, ValueError, r"datasets\['toy'\]: cv.split failed with ValueError: .*n_splits=40"),
        ({"datasets": {"toy": (*_indexed(30), np.arange(30) // 3)}}, ValueError,
         r"datasets\['toy'\] has groups, but cv=\(1, 3\) splits the examples, not the groups"),
        ({"datasets": {"toy": (*_indexed(30), np.arange(30) // 3)}, "cv": KFold(3)}, ValueError,
         r"datasets\['toy'\]: group\(s\) .* are in both the training and the test set of repetition 0, fold 0: "
         r"cv does not split by group"),
        ({"datasets": {"toy": (*_indexed(30), np.arange(30) // 3)},
          "cv": lambda X, y, rng: [[(np.arange(10, 30), np.arange(10))]]}, ValueError,
         r"a callable cv\(X, y, rng\) does not receive them"),
        ({"cv": GroupKFold(3)}, ValueError, r"datasets\['toy'\]: cv.split failed with ValueError: .*groups"),
        ({"datasets": {"toy": (*_indexed(30), np.arange(29))}}, ValueError,
         r"datasets\['toy'\]: inputs must have the same length: groups has 29, y has 30"),
        ({"datasets": {"toy": (*_indexed(30), [0] * 29 + [np.nan])}}, ValueError,
         r"datasets\['toy'\]: groups contains NaN"),
        ({"datasets": {"toy": (1, 2, 3, 4)}}, TypeError, r"a pair \(X, y\), a triple \(X, y, groups\)"),
    ],
)
def test_bad_splitters_and_groups_name_the_argument(change, error, pattern):
    with pytest.raises(error, match=pattern):
        _call(**change)


class _ThreeRepeats:
    """A splitter whose n_repeats does not divide its splits."""

    n_repeats = 3

    def get_n_splits(self, X=None, y=None, groups=None):
        return 4

    def split(self, X, y=None, groups=None):
        n = len(X)
        for i in range(4):
            test = np.arange(i, n, 4)
            yield np.setdiff1d(np.arange(n), test), test


def test_a_custom_splitter():
    with pytest.raises(ValueError, match=r"cv gave 4 splits, not a whole number of its n_repeats=3 repetitions"):
        _call(cv=_ThreeRepeats())
    splitter = _ThreeRepeats()
    splitter.n_repeats = 2
    result = _call(cv=splitter)
    assert result.scores.shape == (1, 1, 2, 2)
    assert re.fullmatch(r"<(tests\.)?test_benchmark_runner\._ThreeRepeats object>", result.cv)  # no address


def test_a_multiline_repr_is_one_line():
    result = _call(cv=StratifiedShuffleSplit(n_splits=2, test_size=0.5, random_state=0))
    assert result.cv == "StratifiedShuffleSplit(n_splits=2, random_state=0, test_size=0.5, train_size=None)"


# --------------------------------------------------------------------------- the conservative corrected t


def test_corrected_kfold_is_the_corrected_t_on_the_first_repetition(small):
    estimators, datasets, result = small
    tests = result.corrected_ttest("nb", "centroid", test="corrected_kfold")
    for d, name in enumerate(result.datasets):
        # by hand, on repetition 0 only: factor 1/k + 1/(k - 1), k - 1 df
        t, p = _corrected_t_by_hand(result.scores[d, 0, 0], result.scores[d, 2, 0], k=5)
        assert tests[name].statistic == pytest.approx(t, rel=1e-12) and tests[name].df == 4
        assert tests[name].pvalue == pytest.approx(p, rel=1e-9)
        assert tests[name].variance_factor == pytest.approx(1 / 5 + 1 / 4)
    # as compare_algorithms(test="corrected_kfold") runs it: its one stratified k-fold from the same
    # generator is the benchmark's first repetition, so the p-values coincide
    X, y = datasets["iris"]
    direct = compare_algorithms(estimators["nb"], estimators["centroid"], X, y, test="corrected_kfold", k=5,
                                seed=bm._dataset_rng(7, "iris"))
    assert direct.pvalue == pytest.approx(tests["iris"].pvalue, rel=1e-12)
    np.testing.assert_array_equal(direct.scores_1.ravel(), result.scores[0, 0, 0])
    # the interval follows confidence
    wide, narrow = tests["iris"].confidence_interval, result.corrected_ttest(
        "nb", "centroid", test="corrected_kfold", confidence=0.5)["iris"].confidence_interval
    assert narrow.low > wide.low and narrow.high < wide.high
    with pytest.raises(ValueError, match=r"test must be one of .*'corrected_kfold'"):
        result.corrected_ttest("nb", "centroid", test="kfold_cv")


# --------------------------------------------------------------------------- from the table to a conclusion


@pytest.fixture(scope="module")
def eight():
    """Three algorithms on eight synthetic data sets, 1 x 5 folds (the example of BenchmarkResult.pairwise)."""
    data = {f"synthetic {i}": make_classification(n_samples=100, random_state=i) for i in range(8)}
    models = {"naive Bayes": GaussianNB(), "majority": DummyClassifier(),
              "tree": DecisionTreeClassifier(max_depth=3, random_state=0)}
    return run_benchmark(models, data, cv=(1, 5), seed=0, progress=False)


def _exact_wilcoxon_by_enumeration(d):
    """Two-sided exact signed-rank p-value by enumerating the 2^n signs of the non-zero differences.

    Pratt's convention (the library's default): |d| ranked with mid-ranks, zeros included, then the zeros'
    ranks dropped; differences rounded to 12 decimals first, so that 0.86 - 0.85 and 0.94 - 0.93 tie.
    """
    d = np.round(np.asarray(d, dtype=float), 12)
    ranks = stats.rankdata(np.abs(d))[d != 0]
    observed = ranks[d[d != 0] > 0].sum()
    totals = np.array([ranks[np.array(signs, dtype=bool)].sum()
                       for signs in itertools.product([0, 1], repeat=ranks.size)])
    return min(1.0, 2 * min(np.mean(totals <= observed + 1e-9), np.mean(totals >= observed - 1e-9)))


def test_pairwise_is_wilcoxon_with_holm_on_the_mean_table(eight):
    from statsmodels.stats.multitest import multipletests

    holm = eight.pairwise()
    assert holm.test == "wilcoxon" and holm.adjust == "holm" and holm.names == eight.algorithms
    means = eight.mean_scores
    pairs = list(itertools.combinations(range(3), 2))
    raw = []
    for i, j in pairs:
        raw.append(_exact_wilcoxon_by_enumeration(means[:, i] - means[:, j]))
        assert holm.raw_pvalues[i, j] == pytest.approx(raw[-1], rel=1e-12)
    adjusted = multipletests(raw, method="holm")[1]  # statsmodels, the oracle of Holm's procedure
    np.testing.assert_allclose([holm.pvalues[i, j] for i, j in pairs], adjusted, rtol=1e-12)
    # options pass on; names and orientation come from the benchmark
    sign = eight.pairwise(test="sign", adjust="bonferroni", alpha=0.1)
    assert (sign.test, sign.adjust, sign.alpha) == ("sign", "bonferroni", 0.1)
    np.testing.assert_array_equal(
        sign.pvalues, lecture_lib.pairwise_comparisons(means, "sign", "bonferroni", alpha=0.1).pvalues)
    with pytest.raises(ValueError, match=r"pairwise compares the algorithms over data sets and needs at least 2"):
        eight.select(datasets=["synthetic 0"]).pairwise()


def test_pairwise_follows_the_orientation_of_the_scoring():
    data = {f"s{i}": make_classification(n_samples=60, random_state=i) for i in range(3)}
    models = {"nb": GaussianNB(), "majority": DummyClassifier()}
    acc = run_benchmark(models, data, cv=(1, 3), seed=0, progress=False).pairwise()
    errors = run_benchmark(models, data, cv=(1, 3), seed=0, scoring="error_rate", progress=False)
    err = errors.pairwise()
    assert acc.effect[0, 1] > 0 and err.effect[0, 1] > 0  # positive: the row (nb) is the better one
    np.testing.assert_allclose(err.mean_ranks, acc.mean_ranks)
    # the report names the score and gives the difference as measured: nb's error minus the majority's
    text = errors.report(width=None)
    assert "Typical difference in error rate (nb minus majority" in text
    assert errors.across_datasets(wilcoxon_signed_rank, "nb", "majority").hodges_lehmann < 0


def test_recommend_fills_in_the_design(eight, small):
    assert eight.recommend() == lecture_lib.recommend_test(3, 8, can_retrain=True)
    assert eight.recommend(control=True) == lecture_lib.recommend_test(3, 8, can_retrain=True, control=True)
    one = small[2].select(datasets=["iris"], algorithms=["nb", "tree"])
    assert one.recommend().functions[0] == "compare_algorithms"  # chapter 4's corrected t
    with pytest.raises(TypeError, match=r"recommend takes n_models=3, n_datasets=8, can_retrain=True from the "
                                        r"result; do not pass n_datasets"):
        eight.recommend(n_datasets=3)


_NUMBER = r"(\d+(?:\.\d+)?(?:e[+-]\d+)?)"


def _flat(text):
    """The text with its line breaks (report() wraps at 74 characters) as single spaces."""
    return " ".join(text.split())


def _verdicts(text):
    """(p, alpha, significant) of every verdict of report(): the last p-value printed before it."""
    text = _flat(text)
    found = []
    for match in re.finditer(r"(Significant|Not significant) at the ([0-9.]+) level", text):
        # the p-value the verdict reads: not those "for comparison" ("the chi-squared approximation gives p = ")
        p = re.findall(r"(?<!gives )\bp = " + _NUMBER, text[:match.start()])[-1]
        found.append((float(p), float(match.group(2)), match.group(1) == "Significant"))
    return found


def _pair_verdicts(text):
    """(adjusted p, significant) of every pair of a report() list: "adjusted p = 0.0234: significant"."""
    return [(float(p), not_ == "")
            for p, not_ in re.findall(r"adjusted p = " + _NUMBER + r": (not )?significant", _flat(text))]


def _agree(text):
    verdicts = _verdicts(text)
    assert verdicts, "no verdict printed"
    for p, alpha, significant in verdicts:
        assert significant == (p <= alpha), (p, alpha, significant)
    return verdicts


def test_report_with_two_data_sets_cannot_be_significant():
    # review L1: 2 models x 2 data sets, cv=(2, 3), naive Bayes wins on both
    result = run_benchmark({"naive Bayes": GaussianNB(), "nearest centroid": NearestCentroid()},
                           {"iris": load_iris(return_X_y=True), "wine": load_wine(return_X_y=True)},
                           cv=(2, 3), seed=0, progress=False)
    assert np.all(result.mean_scores[:, 0] > result.mean_scores[:, 1])
    text = result.report(width=None)
    assert max(len(line) for line in result.report().splitlines()) <= 74  # wrapped as report() wraps
    # both signs positive: P(R+ >= 3) = 1/4 over the 4 sign patterns, two-sided 0.5
    assert _agree(text) == [(0.5, 0.05, False)]
    assert result.recommend().test in text.split("\n\n")[0] and "signed-rank" in result.recommend().test
    assert "With 2 data sets no outcome can be significant at the 0.05 level" in text
    assert "2/2^2 = 0.5" in text and "Plan at least 6 data sets" in text
    # at alpha = 0.5 an outcome can be significant, and this one is: no floor note then
    loose = result.report(alpha=0.5, width=None)
    assert _agree(loose) == [(0.5, 0.5, True)] and "no outcome can be significant" not in loose
    sign = result.report(test="sign", width=None)
    assert "sign test" in sign and "2/2^2 = 0.5" in sign and _agree(sign) == [(0.5, 0.05, False)]


def test_floor_note_by_brute_force():
    # the smallest N with m * 2 / 2^N <= alpha, searched independently of the library
    for m, alpha in [(1, 0.05), (3, 0.05), (6, 0.05), (1, 0.01)]:
        needed = next(n for n in range(1, 40) if m * 2 / 2**n <= alpha)
        assert needed == {(1, 0.05): 6, (3, 0.05): 7, (6, 0.05): 8, (1, 0.01): 8}[(m, alpha)]
        note = bm._floor_note(needed - 1, alpha, "the test", n_pairs=m, adjust="holm")
        assert f"Plan at least {needed} data sets" in note
        assert bm._floor_note(needed, alpha, "the test", n_pairs=m, adjust="holm") == ""
    # Hochberg's step-up adjustment can reject all m pairs at raw p <= alpha: only the raw floor counts
    assert bm._floor_note(6, 0.05, "the test", n_pairs=3, adjust="hochberg") == ""
    # zeros carry no sign: 7 data sets with 2 ties leave 5 signs, floor 2/2^5 = 0.0625
    assert "no outcome with these ties could have been significant" in bm._floor_note(7, 0.05, "t", n_zero=2)
    # the floor itself: with 3 data sets, all three signs positive is the most extreme outcome
    assert _exact_wilcoxon_by_enumeration(np.array([0.1, 0.2, 0.3])) == 0.25


def _friedman_exact_by_enumeration(scores):
    """P(chi2_F >= observed) over all (k!)^N arrangements of each row's ranks (no ties)."""
    ranks = stats.rankdata(-scores, axis=1)
    n, k = ranks.shape

    def statistic(table):
        return np.sum((table.sum(axis=0) - n * (k + 1) / 2) ** 2)

    observed = statistic(ranks)
    perms = list(itertools.permutations(range(k)))
    values = [statistic(np.array([ranks[d, list(p)] for d, p in enumerate(choice)]))
              for choice in itertools.product(perms, repeat=n)]
    return np.mean(np.array(values) >= observed - 1e-9)


def test_report_for_many_algorithms_over_data_sets(eight):
    text = eight.report(width=None)
    paragraphs = text.split("\n\n")
    assert eight.recommend().test in paragraphs[0] and eight.recommend().functions[:2] == ("friedman",
                                                                                            "pairwise_comparisons")
    # the p-value report prints is friedman()'s (checked by enumeration on a 3 x 3 sub-table below)
    omnibus = eight.friedman()
    assert f"p = {omnibus.pvalue:.1e}" in paragraphs[1] or f"p = {omnibus.pvalue:.3g}" in paragraphs[1]
    _agree(paragraphs[1])
    holm = eight.pairwise()
    assert "Holm" in paragraphs[2] and "a bound, not a probability" in paragraphs[2]
    pairs = sorted(_pair_verdicts(text))  # report()'s list, one item per pair, with its interval
    expected = sorted((float(f"{q:.3g}"), q <= 0.05) for q in holm.pvalues[np.triu_indices(3, 1)])
    assert pairs == expected and sum(significant for _, significant in pairs) == 2
    assert "98.33 % CI" in paragraphs[3]  # the intervals: report() got the table
    assert "no outcome can be significant" not in text  # 8 data sets: 3 * 2/2^8 = 0.023 < 0.05
    # three data sets: Friedman's floor (3!)^-2 = 0.028 allows significance; Holm's Wilcoxon floor does not
    small = eight.select(datasets=["synthetic 0", "synthetic 1", "synthetic 2"])
    small_text = small.report(width=None)
    assert small.friedman().pvalue == pytest.approx(_friedman_exact_by_enumeration(small.mean_scores), rel=1e-9)
    # the note is about the pairs: Friedman's exact p-value can reach 1/36 on three data sets
    assert "With 3 data sets no pairwise comparison can be significant" in small_text
    assert "no outcome can be significant" not in small_text and "Plan at least 7" in small_text
    assert "(k!)^(1 - N)" not in small_text  # report()'s note on Friedman's floor: not here
    # two data sets: not even Friedman's exact test can reach 5 %: (3!)^(1 - 2) = 1/6
    two = eight.select(datasets=["synthetic 0", "synthetic 1"]).report(width=None)
    assert "(k!)^(1 - N) = 0.167" in two and "With 2 data sets no pairwise comparison can be significant" in two
    with pytest.raises(ValueError, match=r"minimum_effect applies to two algorithms"):
        eight.report(minimum_effect=0.01)


def test_report_on_one_data_set(small):
    estimators, datasets, result = small
    one = result.select(datasets=["iris"], algorithms=["nb", "centroid"])
    text = one.report(width=None)
    t, p = _corrected_t_by_hand(one.scores[0, 0], one.scores[0, 1], k=5)
    assert f"t(14) = {t:.3g}" in text and _agree(text) == [(float(f"{p:.3g}"), 0.05, p <= 0.05)]
    assert "Random seeds: 7 (the splits)." in text
    assert "use report(test='corrected_kfold')" in text and "One data set" in text
    # the header names the design that ran, not only the recommended 10 x 10 (walk-through M7)
    assert "Run here on this benchmark's splits (3 x 5 stratified): the corrected repeated" in text
    assert "on the 3 x 5 fold scores" in text
    kfold = one.report(test="corrected_kfold", alpha=0.1, seeds="7 (splits), 0 (the tree)", width=None)
    t, p = _corrected_t_by_hand(one.scores[0, 0, 0], one.scores[0, 1, 0], k=5)
    assert f"t(4) = {t:.3g}" in kfold and _agree(kfold) == [(float(f"{p:.3g}"), 0.1, p <= 0.1)]
    assert "the 5 folds of the first repetition" in kfold and "This test is conservative" in kfold
    assert "90 % CI" in kfold and "Random seeds: 7 (splits), 0 (the tree)." in kfold
    # one repetition: the default is the conservative single-CV test, and says so
    single = run_benchmark({"nb": GaussianNB(), "centroid": NearestCentroid()}, {"iris": datasets["iris"]},
                           cv=5, seed=0, progress=False)
    assert "This test is conservative" in single.report()
    with pytest.raises(ValueError, match=r"test must be one of \('corrected_repeated_cv', 'corrected_kfold'\)"):
        one.report(test="wilcoxon")
    with pytest.raises(ValueError, match=r"test must be one of \('wilcoxon', 'sign'\)"):
        result.select(algorithms=["nb", "tree"]).report(test="corrected_kfold")
    with pytest.raises(TypeError, match=r"seeds must be an int, a string or None"):
        one.report(seeds=[1, 2])
    with pytest.raises(ValueError, match=r"alpha"):
        one.report(alpha=1.5)
    with pytest.raises(ValueError, match=r"width must be >= 20"):
        one.report(width=5)
    with pytest.raises(ValueError, match=r"report compares algorithms, but this result has one"):
        result.select(algorithms=["nb"]).report()


def test_report_of_many_algorithms_on_one_data_set(small):
    from statsmodels.stats.multitest import multipletests

    _, _, result = small
    one = result.select(datasets=["toy"])
    text = one.report(width=None)
    names, pairs = one.algorithms, list(itertools.combinations(range(3), 2))
    raw = [_corrected_t_by_hand(one.scores[0, i], one.scores[0, j], k=5)[1] for i, j in pairs]
    adjusted = multipletests(raw, method="holm")[1]
    assert one.recommend().test in text.split("\n\n")[0] and "adjust_pvalues" in one.recommend().functions
    assert "Each interval is at level 1 - 0.05/3 = 98.33 %" in text
    for (i, j), p, q in zip(pairs, raw, adjusted):
        line = re.search(rf"- {names[i]} minus {names[j]}: .*", text).group(0)
        shown = re.search(r"raw p = ([0-9.e+-]+), adjusted p = ([0-9.e+-]+): (not )?significant", line)
        assert float(shown.group(1)) == pytest.approx(p, rel=5e-3)
        assert float(shown.group(2)) == pytest.approx(q, rel=5e-3)
        assert (shown.group(3) is None) == (q <= 0.05)
        ci = one.corrected_ttest(names[i], names[j], confidence=1 - 0.05 / 3)["toy"].confidence_interval
        assert f"98.33 % CI {ci.low:.3g} to {ci.high:.3g}" in line
    bonferroni = one.report(adjust="bonferroni")
    assert "Bonferroni's method" in bonferroni
    with pytest.raises(ValueError, match=r"adjust must be one of"):
        one.report(adjust="shaffer")


# --------------------------------------------------------------------------- the README's path


ROOT = Path(__file__).resolve().parents[1]

# What the test changes in the README's code, and why: 10 x 10 folds take about a minute on two cores,
# 2 x 5 a few seconds; the verdicts are checked against the p-values of the same run.
README_SUBSTITUTIONS = {'seed=0, store="scores.sqlite", n_jobs=-1)':
                        'cv=(2, 5), seed=0, store="scores.sqlite", n_jobs=-1)'}


def _readme_blocks():
    """The fenced blocks of the README section "Comparing your own models": (language, code)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index("## Comparing your own models\n")
    section = text[start:text.index("\n## ", start + 1)]
    blocks = re.findall(r"^( *)```(\w+)\n(.*?)^\1```$", section, flags=re.S | re.M)
    return [(language, textwrap.dedent(code)) for _, language, code in blocks]


def test_the_readme_section_runs_and_its_verdicts_agree_with_the_p_values(tmp_path, monkeypatch):
    from statsmodels.stats.multitest import multipletests

    blocks = _readme_blocks()
    python = [code for language, code in blocks if language == "python"]
    expected = [code for language, code in blocks if language == "text"]
    cluster = [code for code in python if "Client(" in code]
    assert len(cluster) == 1 and len(expected) == 1  # the dask block needs a cluster: the only one not run
    source = "\n".join(code for code in python if code not in cluster)
    for old, new in README_SUBSTITUTIONS.items():
        assert source.count(old) == 1
        source = source.replace(old, new)
    monkeypatch.chdir(tmp_path)  # the store goes to a fresh directory
    out = io.StringIO()
    namespace: dict = {}
    with contextlib.redirect_stdout(out):
        exec(compile(source, "README.md", "exec"), namespace)
    printed = out.getvalue()
    result = namespace["result"]
    assert result.scores.shape == (3, 3, 2, 5) and (tmp_path / "scores.sqlite").exists()

    # the conclusion: the recommended test, its report, the floor of 3 data sets shown in the README
    recommended = result.recommend().test
    assert result.recommend().functions[:2] == ("friedman", "pairwise_comparisons")
    assert recommended in _flat(printed)
    assert expected[0] in printed  # the README shows it as report() prints it
    # Friedman's p-value (exact, by enumeration of the 6^3 arrangements) and its verdict
    p_friedman = _friedman_exact_by_enumeration(result.mean_scores)
    assert result.friedman().pvalue == pytest.approx(p_friedman, rel=1e-9)
    # the pairs: Wilcoxon by enumeration, Holm by statsmodels; with 3 data sets none can be significant
    pairs = list(itertools.combinations(range(3), 2))
    raw = [_exact_wilcoxon_by_enumeration(result.mean_scores[:, i] - result.mean_scores[:, j]) for i, j in pairs]
    assert min(raw) >= 0.25 and min(multipletests(raw, method="holm")[1]) >= 0.75
    holm = result.pairwise()
    assert not holm.significant.any() and "  *" not in printed
    # the two pairs on breast cancer: the corrected 10 x 10 t (here 2 x 5) and the single-CV t, by hand
    cancer = result.datasets.index("breast cancer")
    nb, logistic, knn = (result.algorithms.index(a) for a in ("naive Bayes", "logistic regression", "k-NN (tuned)"))
    _, p_stable = _corrected_t_by_hand(result.scores[cancer, nb], result.scores[cancer, logistic], k=5)
    _, p_unstable = _corrected_t_by_hand(result.scores[cancer, nb, 0], result.scores[cancer, knn, 0], k=5)
    verdicts = _agree(printed)  # every verdict printed agrees with the p-value before it
    assert [(p, significant) for p, _, significant in verdicts] == [
        (float(f"{p_friedman:.3g}"), p_friedman <= 0.05),
        (float(f"{p_stable:.3g}"), p_stable <= 0.05),
        (float(f"{p_unstable:.3g}"), p_unstable <= 0.05),
    ]
    assert "Run here with test='corrected_kfold'" in _flat(printed) and "This test is conservative" in _flat(printed)
    assert all(not significant for _, significant in _pair_verdicts(printed)) and len(_pair_verdicts(printed)) == 3


def test_mean_scores_keep_ties_that_round_off_would_break():
    # walk-through finding E1: two algorithms whose fold scores are the same numbers in another order
    # had means one unit apart in the last binary place (0.88 vs 0.8799999999999999), and Friedman read
    # the tie as a win; the means are rounded to 12 significant digits, so they tie
    folds = np.array([0.1, 0.7, 0.2, 0.9, 0.3, 0.6, 0.4, 0.8, 0.05, 0.95])
    shuffled = folds[np.argsort(-folds)]
    assert folds.mean() != shuffled.mean()  # 0.5 and 0.4999999999999999: the premise
    scores = np.stack([folds, shuffled])[None, :, None, :]  # 1 data set, 2 algorithms, 1 x 10 folds
    result = BenchmarkResult(records=np.zeros(0, dtype=[("error", "U1")]), scores=np.repeat(scores, 3, axis=0),
                             datasets=("a", "b", "c"), algorithms=("x", "y"), scoring="accuracy",
                             higher_is_better=True, cv="1 x 10 stratified", seed=0,
                             test_train_ratio=np.full(3, 1 / 9))
    means = result.mean_scores
    assert means[0, 0] == means[0, 1]  # tied after rounding
    assert result.friedman().mean_ranks.tolist() == [1.5, 1.5]
