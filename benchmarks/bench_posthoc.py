"""Speed of the post-hoc procedures of chapter 6 and of the one-test-set tests of chapter 3 (issue 16).

Run alone (``python benchmarks/bench_posthoc.py``) or from ``benchmarks/run.py``
(``import bench_posthoc; bench_posthoc.main()``). Every row is measured in this
run on this machine: the median of several repeats, and for the rows with a
reference library the ratio ours / theirs (below 1: lecture_lib is faster).
Before timing, each row checks that both give the same answer, so a fast
wrong answer cannot pass unnoticed. Goals from issue 16: pairwise Wilcoxon
with Holm on 1 000 data sets x 20 algorithms no slower than scikit-posthocs
(ratio <= 1); Bergmann-Hommel interactive, under 100 ms at k = 8 after the
first call.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd
import scikit_posthocs as sp
from mlxtend.evaluate import ftest
from run import median_time, row

from lecture_lib import adjust_pairwise_pvalues, looney_ftest, marginal_homogeneity_test, pairwise_comparisons
from lecture_lib._pairwise_adjust import exhaustive_sets


def bench_pairwise_wilcoxon_holm(n_datasets: int = 1_000, k: int = 20, repeats: int = 5) -> None:
    """All 190 pairs of 20 algorithms on 1 000 data sets, Wilcoxon signed-rank, Holm."""
    rng = np.random.default_rng(0)
    scores = (
        rng.normal(size=(n_datasets, 1)) + rng.normal(size=(n_datasets, k)) * 0.1 + np.linspace(0, 0.02, k)
    )
    long = pd.DataFrame({"v": scores.ravel(), "g": np.tile(np.arange(k), n_datasets)})
    options = {"zero_method": "wilcox"}  # scikit-posthocs' default; no zeros in these scores anyway

    def ours():
        return pairwise_comparisons(scores, "wilcoxon", "holm", test_options=options).pvalues

    def theirs():
        return sp.posthoc_wilcoxon(
            long, val_col="v", group_col="g", zero_method="wilcox", method="asymptotic", p_adjust="holm"
        ).to_numpy()

    np.testing.assert_allclose(ours(), theirs(), rtol=1e-9, atol=1e-15)
    row(f"pairwise Wilcoxon-Holm, {n_datasets} sets x {k} algs", median_time(ours, repeats),
        {"scikit-posthocs": median_time(theirs, repeats)})


def bench_bergmann_hommel(repeats: int = 7) -> None:
    """Bergmann-Hommel adjustment of k(k-1)/2 p-values.

    The first call builds the exhaustive sets; later calls reuse them.
    """
    for k in (8, 10):
        rng = np.random.default_rng(k)
        p = rng.random((k, k)) ** 3
        p = np.triu(p, 1) + np.triu(p, 1).T + np.eye(k)
        exhaustive_sets.cache_clear()
        start = time.perf_counter()
        adjust_pairwise_pvalues(p, "bergmann-hommel")
        first = time.perf_counter() - start
        later = median_time(lambda p=p: adjust_pairwise_pvalues(p, "bergmann-hommel"), repeats)
        sets = exhaustive_sets(k)[1].size
        print(
            f"{f'Bergmann-Hommel, k = {k} ({sets} exhaustive sets)':<44} first call {first * 1e3:8.1f} ms | "
            f"later calls {later * 1e3:8.2f} ms"
        )
    scores = np.random.default_rng(1).normal(size=(30, 8))
    total = median_time(lambda: pairwise_comparisons(scores, "nemenyi", "bergmann-hommel"), repeats)
    print(
        f"{'pairwise_comparisons mean-rank z + B-H, 30 x 8':<44} {total * 1e3:9.2f} ms (28 z-tests)"
    )
    shaffer = median_time(lambda: adjust_pairwise_pvalues(np.full((20, 20), 0.5), "shaffer"), repeats)
    print(f"{'Shaffer, k = 20 (190 p-values)':<44} {shaffer * 1e3:9.3f} ms")


def bench_one_test_set(n: int = 1_000_000, k: int = 5, repeats: int = 5) -> None:
    """Looney's F against mlxtend's ftest on 10^6 examples and 5 models.

    Also the marginal-homogeneity test alone.
    """
    rng = np.random.default_rng(0)
    y = rng.integers(0, 3, n)
    preds = [np.where(rng.random(n) < 0.8 + 0.01 * i, y, (y + 1) % 3) for i in range(k)]
    f_ref, _ = ftest(y, *preds)
    assert abs(looney_ftest(y, *preds).statistic - f_ref) <= 1e-9 * f_ref
    row(f"Looney's F, n = {n:.0e}, k = {k}", median_time(lambda: looney_ftest(y, *preds), repeats),
        {"mlxtend ftest": median_time(lambda: ftest(y, *preds), max(1, repeats // 2))})
    mh = median_time(lambda: marginal_homogeneity_test(y, *preds), repeats)
    print(
        f"{f'marginal homogeneity, n = {n:.0e}, k = {k}':<44} {mh * 1e3:9.1f} ms (no reference "
        "implementation)"
    )


def main() -> None:
    bench_pairwise_wilcoxon_holm()
    bench_bergmann_hommel()
    bench_one_test_set()


if __name__ == "__main__":
    main()
