"""Speed of the benchmark runner (issue 21), printed by `make bench`.

1. Overhead per cell: `run_benchmark` (serial, no store, no progress bar) against a plain loop
   of scikit-learn's `cross_validate` on the same splits, and against the floor (clone, fit,
   predict and count in a bare Python loop). Both sides run with BLAS/OpenMP at one thread,
   as the runner does, so the ratio measures the runner and not the thread pools; one more
   row shows `cross_validate` with the default thread pools. The scores are checked equal.
2. The cost of the store (one SQLite commit per cell) on the same grid, and the overhead alone:
   the three loops with a DummyClassifier, whose fit and predict cost almost nothing.
3. Wall time with n_jobs=2 (joblib's process pool, started before timing) against serial.

The contenders run in turns (A B C, A B C, ...) and the medians are printed, so a load change
on a shared machine hits all of them alike. Results are printed, not asserted.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
import time

import numpy as np
from sklearn.base import clone
from sklearn.datasets import load_breast_cancer, load_digits, load_iris, load_wine, make_classification
from sklearn.dummy import DummyClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_validate
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier
from threadpoolctl import threadpool_limits

from lecture_lib import benchmark_splits, run_benchmark

CV = (5, 10)
SEED = 0


def grid():
    X_digits, y_digits = load_digits(return_X_y=True)
    keep = (y_digits == 3) | (y_digits == 8)
    datasets = {
        "iris": load_iris(return_X_y=True),
        "wine": load_wine(return_X_y=True),
        "breast cancer": load_breast_cancer(return_X_y=True),
        "digits 3 vs 8": (X_digits[keep], (y_digits[keep] == 3).astype(int)),
        "synthetic": make_classification(n_samples=300, n_features=10, n_informative=4, random_state=0),
    }
    estimators = {
        "naive Bayes": GaussianNB(),
        "tree": DecisionTreeClassifier(random_state=0),
        "logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
    }
    return estimators, datasets


def cross_validate_loop(estimators, datasets, splits):
    out = {}
    for name, (X, y) in datasets.items():
        for algorithm, estimator in estimators.items():
            out[name, algorithm] = cross_validate(estimator, X, y, cv=splits[name], scoring="accuracy")[
                "test_score"
            ]
    return out


def floor_loop(estimators, datasets, splits):
    out = {}
    for name, (X, y) in datasets.items():
        for algorithm, estimator in estimators.items():
            scores = []
            for train, test in splits[name]:
                model = clone(estimator).fit(X[train], y[train])
                scores.append(np.mean(model.predict(X[test]) == y[test]))
            out[name, algorithm] = np.array(scores)
    return out


def timed(func):
    start = time.perf_counter()
    value = func()
    return time.perf_counter() - start, value


def main(rounds: int = 3) -> None:
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    print(
        f"benchmark runner: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}{load}",
        flush=True,
    )
    estimators, datasets = grid()
    splits = {name: [pair for rep in benchmark_splits(X, y, name, cv=CV, seed=SEED) for pair in rep]
              for name, (X, y) in datasets.items()}
    n_cells = len(datasets) * len(estimators) * CV[0] * CV[1]
    print(
        f"grid: {len(estimators)} algorithms x {len(datasets)} data sets x {CV[0]} x {CV[1]} folds = "
        f"{n_cells} cells"
    )

    def runner():
        return run_benchmark(estimators, datasets, cv=CV, seed=SEED, progress=False)

    def runner_store():
        with tempfile.TemporaryDirectory() as tmp:
            return run_benchmark(estimators, datasets, cv=CV, seed=SEED, progress=False,
                                 store=os.path.join(tmp, "scores.sqlite"))

    def one_thread(func):
        def call():
            with threadpool_limits(limits=1):
                return func(estimators, datasets, splits)
        return call

    contenders = {
        "run_benchmark": runner,
        "run_benchmark + store": runner_store,
        "cross_validate loop": one_thread(cross_validate_loop),
        "floor (clone, fit, predict)": one_thread(floor_loop),
    }
    # warm-up and the check that every contender computes the same scores
    result = runner()
    reference = cross_validate_loop(estimators, datasets, splits)
    for (name, algorithm), scores in reference.items():
        assert np.array_equal(result.fold_scores(name, algorithm).ravel(), scores), (name, algorithm)
    assert np.array_equal(runner_store().scores, result.scores)
    times = {name: [] for name in contenders}
    for _ in range(rounds):
        for name, func in contenders.items():
            times[name].append(timed(func)[0])
    median = {name: statistics.median(values) for name, values in times.items()}
    # once: what a learner's plain loop costs with the default BLAS/OpenMP thread pools
    median["cross_validate loop, default threads (1 run)"] = timed(
        lambda: cross_validate_loop(estimators, datasets, splits))[0]
    base = median["cross_validate loop"]
    print(f"{'contender':<46} {'total':>9} {'per cell':>10} {'ratio to cross_validate':>24}")
    for name, value in median.items():
        print(f"{name:<46} {value:8.2f}s {value / n_cells * 1e3:8.3f}ms {value / base:24.3f}")
    overhead = (median["run_benchmark"] - median["floor (clone, fit, predict)"]) / n_cells
    print(
        f"runner overhead over the bare loop: {overhead * 1e6:.0f} us per cell; "
        f"the store adds {(median['run_benchmark + store'] - median['run_benchmark']) / n_cells * 1e6:.0f} "
        "us per cell"
    )

    # The overhead alone: an estimator whose fit and predict do almost nothing
    dummy = {"dummy": DummyClassifier()}
    few = {name: datasets[name] for name in ("iris", "wine")}
    few_splits = {name: splits[name] for name in few}
    dummy_cells = len(few) * CV[0] * CV[1]
    rows = {"run_benchmark": [], "cross_validate loop": [], "floor": []}
    with threadpool_limits(limits=1):
        for _ in range(2 * rounds):
            rows["run_benchmark"].append(
                timed(lambda: run_benchmark(dummy, few, cv=CV, seed=SEED, progress=False))[0]
            )
            rows["cross_validate loop"].append(timed(lambda: cross_validate_loop(dummy, few, few_splits))[0])
            rows["floor"].append(timed(lambda: floor_loop(dummy, few, few_splits))[0])
    per_cell = {name: statistics.median(values) / dummy_cells * 1e6 for name, values in rows.items()}
    print(
        f"DummyClassifier, {dummy_cells} cells, per cell: "
        + ", ".join(f"{name} {value:.0f} us" for name, value in per_cell.items())
        + "; ratio run_benchmark / cross_validate "
          f"{per_cell['run_benchmark'] / per_cell['cross_validate loop']:.3f}"
    )

    # n_jobs=2 against serial: the pool is started (and the workers warmed) before timing
    run_benchmark(estimators, {"iris": datasets["iris"]}, cv=(1, 4), seed=SEED, n_jobs=2, progress=False)
    serial, parallel = [], []
    for _ in range(max(2, rounds // 2)):
        serial.append(timed(runner)[0])
        seconds, on_two = timed(lambda: run_benchmark(estimators, datasets, cv=CV, seed=SEED, n_jobs=2,
                                                      progress=False))
        parallel.append(seconds)
        assert np.array_equal(on_two.scores, result.scores)
    s, p = statistics.median(serial), statistics.median(parallel)
    print(f"wall time, {n_cells} cells: serial {s:.2f} s, n_jobs=2 {p:.2f} s (speed-up {s / p:.2f})")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
