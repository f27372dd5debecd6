"""Speed of chapter 9's functions and of the seeds widget of chapter 10 (issue 20); printed, not asserted.

Run: .venv/bin/python benchmarks/bench_beyond.py

Rows:
- delong_test on 10^6 examples: no Python package implements DeLong's test, so the reference is
  the floor a DeLong test cannot beat, two AUCs from scikit-learn's roc_auc_score (which sorts
  and sums but computes no variance), and the absolute time;
- paired_bootstrap of an F1 and an accuracy difference against scipy.stats.bootstrap(paired=True)
  on the same data, with scipy's vectorised statistic and the same n_resamples;
- the three widget callbacks of chapters 9 and 10.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats
from sklearn.metrics import roc_auc_score

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import median_time, row  # noqa: E402  (the shared timing helpers of make bench)

from lecture_lib import (  # noqa: E402
    delong_test,
    paired_bootstrap,
    paired_permutation_test,
    seed_split_variance,
    simulate_cv_coverage,
)
from lecture_lib.widgets import bootstrap_report, coverage_report, seeds_report  # noqa: E402


def bench_delong(n: int = 1_000_000, repeats: int = 5) -> None:
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, n)
    s1 = y + rng.normal(0, 1.0, n)
    s2 = np.round(y + rng.normal(0, 1.2, n), 2)  # rounded: many ties
    res = delong_test(y, s1, s2)
    assert abs(res.auc_1 - roc_auc_score(y, s1)) < 1e-12 and abs(res.auc_2 - roc_auc_score(y, s2)) < 1e-12
    row(
        f"delong_test, n = {n:.0e} (with ties)",
        median_time(lambda: delong_test(y, s1, s2), repeats),
        {
            "sklearn roc_auc_score x 2 (AUCs only)": median_time(
                lambda: (roc_auc_score(y, s1), roc_auc_score(y, s2)), repeats
            )
        },
    )


def _f1_counts(y, p, axis=-1):
    tp = np.sum((y == 1) & (p == 1), axis=axis)
    fp = np.sum((y != 1) & (p == 1), axis=axis)
    fn = np.sum((y == 1) & (p != 1), axis=axis)
    return np.where(tp > 0, 2 * tp / np.maximum(2 * tp + fp + fn, 1), 0.0)


def bench_bootstrap(n: int = 1_000, n_resamples: int = 9_999, repeats: int = 3) -> None:
    rng = np.random.default_rng(1)
    y = (rng.random(n) < 0.2).astype(int)
    p1 = np.where(rng.random(n) < 0.85, y, 1 - y)
    p2 = np.where(rng.random(n) < 0.80, y, 1 - y)

    def scipy_f1(method):
        return stats.bootstrap(
            (y, p1, p2),
            lambda a, b, c, axis=-1: _f1_counts(a, b, axis) - _f1_counts(a, c, axis),
            paired=True,
            vectorized=True,
            n_resamples=n_resamples,
            method=method,
            rng=np.random.default_rng(0),
        )

    def scipy_acc(method):
        return stats.bootstrap(
            (y, p1, p2),
            lambda a, b, c, axis=-1: np.mean(a == b, axis) - np.mean(a == c, axis),
            paired=True,
            vectorized=True,
            n_resamples=n_resamples,
            method=method,
            rng=np.random.default_rng(0),
        )

    for method, scipy_method in (("percentile", "percentile"), ("bca", "BCa")):
        ours = paired_bootstrap(
            y, p1, p2, metric="f1", n_resamples=n_resamples, seed=0, method=method
        ).difference
        theirs = scipy_f1(scipy_method).confidence_interval
        print(
            f"  F1 {method}: ours [{ours.low:.4f}, {ours.high:.4f}], scipy [{theirs.low:.4f}, "
            f"{theirs.high:.4f}]"
        )
        row(
            f"paired_bootstrap F1 {method}, n = {n}, B = {n_resamples}",
            median_time(
                lambda method=method: paired_bootstrap(
                    y, p1, p2, metric="f1", n_resamples=n_resamples, seed=0, method=method
                ),
                repeats,
            ),
            {
                "scipy.stats.bootstrap (vectorised)": median_time(
                    lambda scipy_method=scipy_method: scipy_f1(scipy_method), repeats
                )
            },
        )
        row(
            f"paired_bootstrap accuracy {method}, n = {n}, B = {n_resamples}",
            median_time(
                lambda method=method: paired_bootstrap(
                    y, p1, p2, metric="accuracy", n_resamples=n_resamples, seed=0, method=method
                ),
                repeats,
            ),
            {
                "scipy.stats.bootstrap (vectorised)": median_time(
                    lambda scipy_method=scipy_method: scipy_acc(scipy_method), repeats
                )
            },
        )
    row(f"paired_permutation_test F1 (exact), n = {n}",
        median_time(lambda: paired_permutation_test(y, p1, p2, metric="f1"), repeats), {})


def bench_widgets(repeats: int = 21) -> None:
    coverage = simulate_cv_coverage(n_examples=100, n_features=50, k=5, n_repeats=5, n_datasets=300, seed=0)
    rng = np.random.default_rng(2)
    y = (rng.random(1000) < 0.1).astype(int)
    p1 = np.where(rng.random(1000) < 0.85, y, 1 - y)
    p2 = np.where(rng.random(1000) < 0.80, y, 1 - y)
    variance = seed_split_variance(rng.normal(0, 0.02, (8, 4)))
    for name, func in (
        ("coverage_report (coverage_explorer)", lambda: coverage_report(coverage, 150)),
        ("bootstrap_report (bootstrap_explorer)", lambda: bootstrap_report(y, p1, p2, "f1", "bca", 0.9)),
        ("seeds_report (seeds_explorer)", lambda: seeds_report(variance, 12, 3)),
    ):
        print(f"{name:<44} {median_time(func, repeats) * 1e3:8.2f} ms")


def main() -> None:
    start = time.perf_counter()
    bench_delong()
    bench_bootstrap()
    bench_widgets()
    print(f"chapter 9 and 10 benchmarks: {time.perf_counter() - start:.1f} s in all")


if __name__ == "__main__":
    main()
