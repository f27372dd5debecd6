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


# ---------------------------------------------------------------- chapter 5: Wilcoxon and sign tests


def bench_wilcoxon(repeats: int = 21) -> None:
    from lecture_lib import sign_test, wilcoxon_signed_rank

    rng = np.random.default_rng(5)
    tied = np.round(rng.normal(0.3, 1.0, 12), 1)  # ties and zeros: both sides exact
    ours = wilcoxon_signed_rank(tied, method="exact").pvalue
    assert abs(ours - stats.wilcoxon(tied, zero_method="zsplit", method=stats.PermutationMethod()).pvalue) < 1e-9
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


if __name__ == "__main__":
    bench_wilcoxon()
