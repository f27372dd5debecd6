"""Speed of lecture_lib's interval and planning functions against statsmodels and scipy.

Run with ``.venv/bin/python benchmarks/bench_intervals.py``. As in
``benchmarks/run.py``: the median of several repeats of each contender, then
the ratio ours / theirs (below 1: we are faster); printed, never asserted.
The vectorised proportion interval is what the simulations call on every
replication count at once; the single-call rows show the overhead a widget sees.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time

import numpy as np
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from lecture_lib import (  # noqa: E402
    mcnemar_odds_ratio,
    mcnemar_power,
    mcnemar_sample_size,
    paired_accuracy_difference,
    proportion_interval,
)

STATSMODELS_NAME = {
    "wilson": "wilson",
    "clopper-pearson": "beta",
    "agresti-coull": "agresti_coull",
    "wald": "normal",
}


def median_time(func, repeats: int) -> float:
    func()  # warm-up
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
    print(f"{task:<52} " + " | ".join(cells))


def bench_vectorised(size: int = 1_000_000, repeats: int = 7) -> None:
    rng = np.random.default_rng(0)
    n = rng.integers(1, 10_000, size)
    k = rng.integers(0, n + 1)
    for method, name in STATSMODELS_NAME.items():
        ours = proportion_interval(k, n, 0.95, method)
        low, high = proportion_confint(k, n, alpha=0.05, method=name)
        assert np.allclose(ours.low, low, atol=1e-9) and np.allclose(ours.high, high, atol=1e-9)
        row(
            f"proportion_interval {method}, {size:.0e} counts",
            median_time(lambda method=method: proportion_interval(k, n, 0.95, method), repeats),
            {
                "statsmodels": median_time(
                    lambda name=name: proportion_confint(k, n, alpha=0.05, method=name), repeats
                )
            },
        )


def bench_single(repeats: int = 201) -> None:
    result = stats.binomtest(37, 50)
    row(
        "proportion_interval clopper-pearson, one count",
        median_time(lambda: proportion_interval(37, 50, 0.95, "clopper-pearson"), repeats),
        {
            "statsmodels": median_time(
                lambda: proportion_confint(37, 50, alpha=0.05, method="beta"), repeats
            ),
            "scipy binomtest": median_time(lambda: stats.binomtest(37, 50).proportion_ci(), repeats),
            "scipy ci only": median_time(lambda: result.proportion_ci(), repeats),
        },
    )
    table = [[9945, 25], [15, 15]]
    for method in ("bonett-price", "newcombe", "tango", "wald"):
        row(
            f"paired_accuracy_difference {method}",
            median_time(lambda method=method: paired_accuracy_difference(table, 0.95, method), repeats),
            {},
        )
    row("mcnemar_odds_ratio", median_time(lambda: mcnemar_odds_ratio(table), repeats), {})


def bench_planning(repeats: int = 5) -> None:
    row("mcnemar_power, n = 4000", median_time(lambda: mcnemar_power(4000, 0.05, 0.01), repeats), {})
    row("mcnemar_power, n = 1e6", median_time(lambda: mcnemar_power(10**6, 0.05, 0.001), repeats), {})
    row(
        "mcnemar_sample_size (exact scan to 2 x 3923)",
        median_time(lambda: mcnemar_sample_size(0.05, 0.01), repeats),
        {},
    )


def main() -> None:
    """Every row of this file (benchmarks/run.py calls it)."""
    print(
        f"{platform.python_implementation()} {platform.python_version()}, numpy {np.__version__}, "
        f"{os.cpu_count()} CPUs"
    )
    bench_vectorised()
    bench_single()
    bench_planning()


if __name__ == "__main__":
    main()
