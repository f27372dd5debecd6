"""Side-by-side speed of lecture_lib against the reference libraries (`make bench`).

Every row is measured in this one run on this machine: the median of several
repeats for each contender, then the ratio ours / theirs (below 1: we are
faster). Results are printed, not asserted: speed claims come from here, not
from timed tests.
"""

from __future__ import annotations

import os
import platform
import statistics
import time

import numpy as np
from mlxtend.evaluate import mcnemar as mlxtend_mcnemar
from mlxtend.evaluate import mcnemar_table as mlxtend_table
from scipy import stats
from statsmodels.stats.contingency_tables import mcnemar as statsmodels_mcnemar

from lecture_lib import mcnemar, mcnemar_table


def median_time(func, repeats: int) -> float:
    func()  # warm-up: imports, caches, page faults
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def row(task: str, ours: float, others: dict[str, float]) -> None:
    cells = [f"ours {ours * 1e3:9.3f} ms"]
    for name, t in others.items():
        cells.append(f"{name} {t * 1e3:9.3f} ms (ratio {ours / t:5.2f})")
    print(f"{task:<44} " + " | ".join(cells))


def import_time(statement: str, repeats: int = 7) -> float:
    """Best wall time of ``python -c statement`` in a fresh interpreter (start-up included).

    With compiled bytecode, as a learner has it (pip compiles an installed wheel; a checkout caches
    on first import): a temporary PYTHONPYCACHEPREFIX holds the cache of every module, and one
    warm-up run fills it, so PYTHONDONTWRITEBYTECODE (set in some containers) cannot make lecture_lib
    recompile its source at every run while numpy and scipy load theirs precompiled.
    """
    import subprocess
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        subprocess.run([sys.executable, "-c", statement], check=True, env=env)  # warm-up: fills the cache
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-c", statement], check=True, env=env)
            times.append(time.perf_counter() - start)
    return min(times)


def bench_import(repeats: int = 7) -> None:
    """What a learner pays at every kernel start (and Voila at every page): ``import lecture_lib``.

    Against its floor, numpy and scipy.stats, which lecture_lib needs anyway. The goal is a ratio of at
    most 1.3 (issue 26): matplotlib's pyplot, scikit-learn and ipywidgets are imported by the functions
    that use them, not by ``import lecture_lib`` (tests/test_layout.py checks that structurally).
    """
    row(
        f"import lecture_lib (fresh interpreter, best of {repeats})",
        import_time("import lecture_lib", repeats),
        {"import numpy, scipy.stats": import_time("import numpy, scipy.stats", repeats)},
    )


def bench_table(n: int = 10_000_000, repeats: int = 7) -> None:
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    p1 = np.where(rng.random(n) < 0.9, y, 1 - y)
    p2 = np.where(rng.random(n) < 0.85, y, 1 - y)

    def floor():  # two comparisons plus three counts: the least any 2x2 builder can do
        c1 = p1 == y
        c2 = p2 == y
        return np.count_nonzero(c1), np.count_nonzero(c2), np.count_nonzero(c1 & c2)

    assert np.array_equal(mcnemar_table(y, p1, p2), mlxtend_table(y, p1, p2))
    ours = median_time(lambda: mcnemar_table(y, p1, p2), repeats)
    row(
        f"mcnemar_table, n = {n:.0e} (int labels)",
        ours,
        {
            "mlxtend": median_time(lambda: mlxtend_table(y, p1, p2), repeats),
            "numpy floor": median_time(floor, repeats),
        },
    )


def bench_exact(n: int = 10_000_000, repeats: int = 21) -> None:
    b = n // 2 - 1_000
    table = np.array([[0, b], [n - b, 0]])
    ours = mcnemar(table, "exact").pvalue
    ref = statsmodels_mcnemar(table, exact=True).pvalue
    assert abs(ours - ref) < 1e-9
    row(
        f"exact McNemar p, b + c = {n:.0e}",
        median_time(lambda: mcnemar(table, "exact"), repeats),
        {
            "statsmodels": median_time(lambda: statsmodels_mcnemar(table, exact=True), repeats),
            "mlxtend": median_time(lambda: mlxtend_mcnemar(table, exact=True), repeats),
            "scipy binomtest": median_time(lambda: stats.binomtest(b, n, 0.5), repeats),
        },
    )


def bench_chi2(repeats: int = 201) -> None:
    table = np.array([[9945, 25], [15, 15]])
    row(
        "corrected McNemar, one 2x2 table",
        median_time(lambda: mcnemar(table, "corrected"), repeats),
        {
            "statsmodels": median_time(
                lambda: statsmodels_mcnemar(table, exact=False, correction=True), repeats
            ),
            "mlxtend": median_time(lambda: mlxtend_mcnemar(table, corrected=True), repeats),
        },
    )


def bench_5x2cv(n_tests: int = 1000, repeats: int = 5) -> None:
    """1000 5x2cv t-tests (chapter 4) on precomputed fold scores.

    mlxtend's paired_ttest_5x2cv takes estimators and cannot be given scores, so
    its per-test cost is measured with the cheapest possible learner
    (DummyClassifier on 100 examples): what remains is its own work per test
    (5 train_test_split calls, 20 fits, 20 scorer calls). Ours: the public
    ttest_5x2cv called once per test, and the vectorised core that the
    simulation uses, on all 1000 tests at once.
    """
    from mlxtend.evaluate import paired_ttest_5x2cv
    from sklearn.dummy import DummyClassifier

    from lecture_lib import ttest_5x2cv
    from lecture_lib._paired_cores import t_5x2cv  # the core that ttest_5x2cv and the simulations share

    rng = np.random.default_rng(0)
    s1 = rng.uniform(0.7, 0.9, (n_tests, 5, 2))
    s2 = rng.uniform(0.7, 0.9, (n_tests, 5, 2))
    batch_t, batch_p = t_5x2cv(s1 - s2)[:2]
    for i in (0, n_tests - 1):
        one = ttest_5x2cv(s1[i], s2[i])
        assert abs(one.statistic - batch_t[i]) < 1e-12 and abs(one.pvalue - batch_p[i]) < 1e-12
    X = rng.normal(size=(100, 3))
    y = rng.integers(0, 2, 100)
    dummy_1 = DummyClassifier(strategy="most_frequent")
    dummy_2 = DummyClassifier(strategy="uniform", random_state=0)  # two different learners: no 0/0
    per_mlxtend_call = median_time(lambda: paired_ttest_5x2cv(dummy_1, dummy_2, X, y, random_seed=0), repeats)
    loop = median_time(lambda: [ttest_5x2cv(s1[i], s2[i]) for i in range(n_tests)], repeats)
    batch = median_time(lambda: t_5x2cv(s1 - s2), repeats * 4)
    row(
        f"{n_tests} 5x2cv t-tests, precomputed scores",
        batch,
        {
            "ours, one call per test": loop,
            f"mlxtend x {n_tests} (DummyClassifier)": per_mlxtend_call * n_tests,
        },
    )
    print(f"{'':<44} mlxtend / ours: {per_mlxtend_call * n_tests / batch:,.0f} x (batch), "
          f"{per_mlxtend_call * n_tests / loop:,.0f} x (one call per test)")


def bench_cochran(repeats: int = 5) -> None:
    """Cochran's Q from labels: 10 models on 10^6 examples (and 10^5 for mlxtend)."""
    from mlxtend.evaluate import cochrans_q as mlxtend_cochrans_q
    from statsmodels.stats.contingency_tables import cochrans_q as statsmodels_cochrans_q

    from lecture_lib import cochrans_q

    def data(n, k=10):
        rng = np.random.default_rng(1)
        y = rng.integers(0, 3, n)
        return y, [np.where(rng.random(n) < 0.80 + 0.005 * i, y, (y + 1) % 3) for i in range(k)]

    def statsmodels_from_labels(y, preds):  # statsmodels takes the 0/1 matrix: build it from the labels
        return statsmodels_cochrans_q(np.column_stack([p == y for p in preds]).astype(np.int8))

    y, preds = data(1_000_000)
    ours = cochrans_q(y, *preds)
    assert abs(ours.statistic - statsmodels_from_labels(y, preds).statistic) <= 1e-9 * ours.statistic
    row(
        "cochrans_q 1e6x10 (labels)",
        median_time(lambda: cochrans_q(y, *preds), repeats),
        {"statsmodels": median_time(lambda: statsmodels_from_labels(y, preds), repeats)},
    )
    # mlxtend loops over all 2^k right/wrong patterns (about 27 s per call at n = 1e6, k = 10),
    # so its row uses n = 1e5, with the same input for every contender
    y, preds = data(100_000)
    ours = cochrans_q(y, *preds)
    assert abs(ours.statistic - mlxtend_cochrans_q(y, *preds)[0]) <= 1e-9 * ours.statistic
    row(
        "cochrans_q 1e5x10 (mlxtend too slow at 1e6)",
        median_time(lambda: cochrans_q(y, *preds), repeats),
        {
            "mlxtend": median_time(lambda: mlxtend_cochrans_q(y, *preds), 3),
            "statsmodels": median_time(lambda: statsmodels_from_labels(y, preds), repeats),
        },
    )




# --------------------------------------------------------------------------- chapter 1


def bench_knn_curve(n_train: int = 210, n_query: int = 2_000, k_max: int = 50, repeats: int = 3) -> None:
    from sklearn.datasets import make_classification
    from sklearn.neighbors import KNeighborsClassifier

    from lecture_lib import knn_complexity_curve

    X, y = make_classification(n_train + n_query, n_features=10, n_informative=4, flip_y=0.1, random_state=1)
    X_train, y_train, X_test, y_test = X[:n_train], y[:n_train], X[n_train:], y[n_train:]
    ks = np.arange(1, k_max + 1)

    def sklearn_curve():
        out = []
        for k in ks:
            model = KNeighborsClassifier(int(k)).fit(X_train, y_train)
            out.append((np.mean(model.predict(X_train) != y_train), np.mean(model.predict(X_test) != y_test)))
        return np.array(out)

    ours = knn_complexity_curve(X_train, y_train, X_test, y_test, ks)
    assert np.array_equal(np.c_[ours.train_error, ours.test_error], sklearn_curve())
    row(
        f"k-NN error curve, k = 1..{k_max}, {n_train} train",
        median_time(lambda: knn_complexity_curve(X_train, y_train, X_test, y_test, ks), repeats),
        {"sklearn KNeighbors loop": median_time(sklearn_curve, repeats)},
    )


def bench_knn_splits(n: int = 300, n_splits: int = 200, repeats: int = 3) -> None:
    from sklearn.datasets import make_classification
    from sklearn.neighbors import KNeighborsClassifier

    from lecture_lib import cross_validate_scores, knn_split_scores, repeated_holdout

    X, y = make_classification(n, n_features=10, n_informative=4, flip_y=0.1, random_state=1)
    splits = list(repeated_holdout(n, n_splits, 0.3, seed=0, stratify=y))
    ours = knn_split_scores(X, y, splits, 15)
    assert np.array_equal(ours, cross_validate_scores(KNeighborsClassifier(15), X, y, splits))
    row(
        f"15-NN on {n_splits} holdout splits, n = {n}",
        median_time(lambda: knn_split_scores(X, y, splits, 15), repeats),
        {"cross_validate_scores + sklearn": median_time(
            lambda: cross_validate_scores(KNeighborsClassifier(15), X, y, splits), repeats)},
    )




# ---------------------------------------------------------------- chapter 5: Wilcoxon and sign tests


def bench_wilcoxon(repeats: int = 21) -> None:
    from lecture_lib import sign_test, wilcoxon_signed_rank

    rng = np.random.default_rng(5)
    tied = np.round(rng.normal(0.3, 1.0, 12), 1)  # ties and zeros: both sides exact
    ours = wilcoxon_signed_rank(tied, method="exact").pvalue
    assert (
        abs(ours - stats.wilcoxon(tied, zero_method="zsplit", method=stats.PermutationMethod()).pvalue) < 1e-9
    )
    row(
        "exact Wilcoxon p, n = 12 with ties/zeros",
        median_time(lambda: wilcoxon_signed_rank(tied, method="exact"), repeats),
        {"scipy permutation (2^12)": median_time(
            lambda: stats.wilcoxon(tied, zero_method="zsplit", method=stats.PermutationMethod()), 5)},
    )
    cont = rng.normal(0.2, 1.0, 50)
    row(
        "exact Wilcoxon p, n = 50, no ties",
        median_time(lambda: wilcoxon_signed_rank(cont, method="exact"), repeats),
        {"scipy exact": median_time(lambda: stats.wilcoxon(cont, method="exact"), repeats)},
    )
    big = np.round(rng.normal(0.01, 1.0, 1_000_000), 3)
    row(
        "normal-approx Wilcoxon p, n = 1e6 (ties)",
        median_time(lambda: wilcoxon_signed_rank(big, method="approx"), 5),
        {"scipy asymptotic": median_time(
            lambda: stats.wilcoxon(big, zero_method="zsplit", method="asymptotic"), 5)},
    )
    x, y = rng.random(1_000_000), rng.random(1_000_000)
    row(
        "sign test, n = 1e6 data sets",
        median_time(lambda: sign_test(x, y, ties="drop"), repeats),
        {"numpy count + scipy binomtest": median_time(
            lambda: stats.binomtest(int(np.sum(x > y)), int(np.sum(x != y))), repeats)},
    )




# ---------------------------------------------------------------- chapter 6: Friedman and Nemenyi


def bench_friedman(n_datasets: int = 100_000, k: int = 10, repeats: int = 7) -> None:
    from lecture_lib import friedman

    rng = np.random.default_rng(6)
    scores = np.round(rng.random((n_datasets, k)), 2)  # rounded: many ties
    assert abs(friedman(scores).statistic - stats.friedmanchisquare(*scores.T).statistic) < 1e-8
    # method="chi2": what scipy computes (the default also checks whether the exact p-value can
    # be enumerated; at this size it cannot)
    row(
        f"Friedman chi2_F (ties), {n_datasets:.0e} x {k}",
        median_time(lambda: friedman(scores, method="chi2"), repeats),
        {"scipy": median_time(lambda: stats.friedmanchisquare(*scores.T), repeats)},
    )


def bench_nemenyi(n_datasets: int = 1_000, k: int = 20, repeats: int = 7) -> None:
    import scikit_posthocs as sp

    from lecture_lib import nemenyi

    rng = np.random.default_rng(6)
    scores = rng.random((n_datasets, k)) + np.linspace(0, 0.2, k)
    ref = sp.posthoc_nemenyi_friedman(scores).to_numpy()
    assert np.allclose(nemenyi(scores).pvalues, ref, rtol=1e-9, atol=1e-13)
    row(
        f"Nemenyi p-values, {n_datasets} x {k}",
        median_time(lambda: nemenyi(scores), repeats),
        {"scikit-posthocs": median_time(lambda: sp.posthoc_nemenyi_friedman(scores), repeats)},
    )


# ---------------------------------------------------------------- issue 9 rows: sizes of the brief


def bench_rank_tests_issue_sizes(repeats: int = 21) -> None:
    from lecture_lib import friedman, wilcoxon_signed_rank

    rng = np.random.default_rng(9)
    d20 = rng.normal(0.3, 1.0, 20)
    assert (
        abs(wilcoxon_signed_rank(d20, method="exact").pvalue - stats.wilcoxon(d20, method="exact").pvalue)
        < 1e-9
    )
    row("exact Wilcoxon p, n = 20", median_time(lambda: wilcoxon_signed_rank(d20, method="exact"), repeats),
        {"scipy exact": median_time(lambda: stats.wilcoxon(d20, method="exact"), repeats)})
    d5k = rng.normal(0.05, 1.0, 5_000)
    row("normal-approx Wilcoxon p, n = 5 000",
        median_time(lambda: wilcoxon_signed_rank(d5k, method="approx"), repeats),
        {"scipy asymptotic": median_time(
            lambda: stats.wilcoxon(d5k, zero_method="zsplit", method="asymptotic"), repeats)})
    scores = rng.random((2_000, 30))
    row("Friedman chi2_F, 2 000 x 30", median_time(lambda: friedman(scores, method="chi2"), repeats),
        {"scipy": median_time(lambda: stats.friedmanchisquare(*scores.T), repeats)})


def bench_type1_lab(n_reps: int = 1_000) -> None:
    """The chapter 4 lab: nine tests on n_reps simulated data sets, both learners (no peer has one)."""
    from lecture_lib import TRAININGS_PER_ALGORITHM, simulate_paired_tests

    trainings = (
        1 + TRAININGS_PER_ALGORITHM["resampled"] - 1 + TRAININGS_PER_ALGORITHM["corrected_repeated_cv"] + 10
    )
    for learner in ("nearest_centroid", "1nn"):
        start = time.perf_counter()
        simulate_paired_tests(n_reps=n_reps, learner=learner, seed=0)
        print(
            f"{f'Type I error lab ({learner}), {n_reps:,} replications':<44} ours "
            f"{time.perf_counter() - start:9.3f} s "
            f"(9 tests, {trainings} trainings per algorithm per data set)"
        )


def bench_notebooks() -> None:
    """Wall time of the whole nbval suite, as make test runs it."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "notebooks"],
                          cwd=root, capture_output=True, text=True)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr[-200:]
    print(f"{'nbval, every notebook':<44} {time.perf_counter() - start:9.1f} s  ({last})")


# The benchmarks of the later chapters live in their own files (each runs alone too); make bench runs
# them here, after the rows above: chapter 8 against baycomp, chapter 9, the benchmark runner and
# issue 27's methods (about 10 s, 15 s, 100 s and 5 s on a 2-core machine).
LATER_BENCHMARKS = ("bench_intervals", "bench_posthoc", "bench_bayesian", "bench_beyond", "bench_runner",
                    "bench_methods")


def main() -> None:
    import importlib

    import widget_latency

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"numpy {np.__version__}")
    print("median wall time per call (import: best of several); ratio = ours / theirs "
          "(below 1: lecture_lib is faster)\n")
    for bench in (bench_import, bench_table, bench_exact, bench_chi2, bench_cochran, bench_5x2cv,
                  bench_knn_curve, bench_knn_splits, bench_wilcoxon, bench_rank_tests_issue_sizes,
                  bench_friedman, bench_nemenyi, bench_type1_lab):
        bench()
    for name in LATER_BENCHMARKS:
        print(f"\n# {name}.py")
        importlib.import_module(name).main()
    print()
    widget_latency.main()
    print()
    bench_notebooks()


if __name__ == "__main__":
    main()
