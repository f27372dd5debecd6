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
        {"mlxtend": median_time(lambda: mlxtend_table(y, p1, p2), repeats), "numpy floor": median_time(floor, repeats)},
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
            "statsmodels": median_time(lambda: statsmodels_mcnemar(table, exact=False, correction=True), repeats),
            "mlxtend": median_time(lambda: mlxtend_mcnemar(table, corrected=True), repeats),
        },
    )


def main() -> None:
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"numpy {np.__version__}")
    print("median wall time per call; ratio = ours / theirs (below 1: lecture_lib is faster)\n")
    bench_table()
    bench_exact()
    bench_chi2()


if __name__ == "__main__":
    main()


# ---------------------------------------------------------------- chapter 6: Friedman and Nemenyi


def bench_friedman(n_datasets: int = 100_000, k: int = 10, repeats: int = 7) -> None:
    from lecture_lib import friedman

    rng = np.random.default_rng(6)
    scores = np.round(rng.random((n_datasets, k)), 2)  # rounded: many ties
    assert abs(friedman(scores).statistic - stats.friedmanchisquare(*scores.T).statistic) < 1e-8
    row(
        f"Friedman chi2_F (ties), {n_datasets:.0e} x {k}",
        median_time(lambda: friedman(scores), repeats),
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


if __name__ == "__main__":
    bench_friedman()
    bench_nemenyi()
