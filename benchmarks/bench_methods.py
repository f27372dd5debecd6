"""Speed of issue 27's methods (grouped data, heterogeneity, time, AUC intervals); printed, not asserted.

Run: .venv/bin/python benchmarks/bench_methods.py

Rows, each against the obvious baseline where one exists:
- clustered_mcnemar (all four statistics) and clustered_auc_test on 10^5 examples in 10^4 groups. No
  Python package implements them; the baselines are the floors they cannot beat: the group labels
  turned into codes by np.unique and the per-group counts of the discordant pairs by np.bincount (what
  every clustered statistic starts from), and two AUCs
  from scikit-learn's roc_auc_score (no variance at all);
- meta_analysis over 1 000 data sets (REML and DerSimonian-Laird) against statsmodels'
  combine_effects (DerSimonian-Laird; its "iterated" Paule-Mandel estimator is the nearest iterative
  one, statsmodels has no REML);
- diebold_mariano_test on 10^6 losses: at horizon 1 with the Harvey-Leybourne-Newbold correction it is
  the paired t-test, so scipy.stats.ttest_rel is the baseline; horizon 4 is shown against the same;
- partial_auc on 10^6 scores against scikit-learn's roc_auc_score(max_fpr=0.1) (the same McClish
  value); auc_interval (logit) against roc_auc_score alone.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np
from scipy import stats
from sklearn.metrics import roc_auc_score
from statsmodels.stats.meta_analysis import combine_effects

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import median_time, row  # noqa: E402  (the shared timing helpers of make bench)

from lecture_lib import (  # noqa: E402
    auc_interval,
    clustered_auc_test,
    clustered_mcnemar,
    diebold_mariano_test,
    meta_analysis,
    partial_auc,
)


def bench_clustered(n: int = 100_000, n_groups: int = 10_000, repeats: int = 5) -> None:
    rng = np.random.default_rng(0)
    groups = rng.integers(0, n_groups, n)
    y = rng.integers(0, 2, n)
    p1 = np.where(rng.random(n) < 0.80, y, 1 - y)
    p2 = np.where(rng.random(n) < 0.78, y, 1 - y)

    def counts_only():  # group labels to codes (np.unique), then the discordant pairs of each group
        _, unit = np.unique(groups, return_inverse=True)
        right_1, right_2 = p1 == y, p2 == y
        return (np.bincount(unit, weights=right_1 & ~right_2), np.bincount(unit, weights=~right_1 & right_2),
                np.bincount(unit))

    floor = {"np.unique + per-group counts (floor)": median_time(counts_only, repeats)}
    for method in ("yang", "durkalski", "obuchowski", "eliasziw"):
        row(f"clustered_mcnemar {method}, n = 1e5 in 1e4 groups",
            median_time(lambda m=method: clustered_mcnemar(y, p1, p2, groups, method=m), repeats), floor)
    s1 = y + rng.normal(0, 1.0, n)
    s2 = y + rng.normal(0, 1.2, n)
    row("clustered_auc_test, n = 1e5 in 1e4 groups",
        median_time(lambda: clustered_auc_test(y, s1, s2, groups), repeats),
        {"sklearn roc_auc_score x 2 (AUCs only)": median_time(
            lambda: (roc_auc_score(y, s1), roc_auc_score(y, s2)), repeats)})


def bench_meta(k: int = 1_000, repeats: int = 21) -> None:
    rng = np.random.default_rng(1)
    se = rng.uniform(0.01, 0.05, k)
    estimates = rng.normal(0.01, 0.02, k) + rng.normal(0.0, se)
    ours_dl = meta_analysis(estimates, se, method="dl")
    theirs = combine_effects(estimates, se**2, method_re="dl")
    assert abs(ours_dl.tau2 - theirs.tau2) < 1e-12 and abs(ours_dl.estimate - theirs.mean_effect_re) < 1e-12
    baselines = {
        "statsmodels combine_effects dl": median_time(
            lambda: combine_effects(estimates, se**2, method_re="dl"), repeats),
        "statsmodels iterated (Paule-Mandel)": median_time(
            lambda: combine_effects(estimates, se**2, method_re="iterated"), repeats),
    }
    row("meta_analysis reml, k = 1 000 data sets", median_time(lambda: meta_analysis(estimates, se), repeats),
        baselines)
    row("meta_analysis dl, k = 1 000 data sets",
        median_time(lambda: meta_analysis(estimates, se, method="dl"), repeats), baselines)


def bench_diebold_mariano(n: int = 1_000_000, repeats: int = 5) -> None:
    rng = np.random.default_rng(2)
    e = rng.normal(size=n + 1)
    loss_1 = (e[1:] + 0.5 * e[:-1]) ** 2
    loss_2 = rng.normal(size=n) ** 2
    ours = diebold_mariano_test(loss_1, loss_2)
    assert abs(ours.pvalue - stats.ttest_rel(loss_1, loss_2).pvalue) < 1e-9  # h = 1: the paired t
    baseline = {"scipy ttest_rel": median_time(lambda: stats.ttest_rel(loss_1, loss_2), repeats)}
    row("diebold_mariano_test h = 1, n = 1e6",
        median_time(lambda: diebold_mariano_test(loss_1, loss_2), repeats), baseline)
    row("diebold_mariano_test h = 4, n = 1e6",
        median_time(lambda: diebold_mariano_test(loss_1, loss_2, horizon=4), repeats), baseline)


def bench_auc(n: int = 1_000_000, repeats: int = 5) -> None:
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, n)
    s = np.round(y + rng.normal(0, 1.0, n), 3)  # rounded: many ties
    assert abs(partial_auc(y, s, (1.0, 0.9), corrected=True) - roc_auc_score(y, s, max_fpr=0.1)) < 1e-9
    row("partial_auc corrected (1, 0.9), n = 1e6",
        median_time(lambda: partial_auc(y, s, (1.0, 0.9), corrected=True), repeats),
        {"sklearn roc_auc_score(max_fpr=0.1)": median_time(
            lambda: roc_auc_score(y, s, max_fpr=0.1), repeats)})
    row("auc_interval logit, n = 1e6", median_time(lambda: auc_interval(y, s, method="logit"), repeats),
        {"sklearn roc_auc_score (AUC only)": median_time(lambda: roc_auc_score(y, s), repeats)})


def main() -> None:
    start = time.perf_counter()
    bench_clustered()
    bench_meta()
    bench_diebold_mariano()
    bench_auc()
    print(f"(issue 27's rows in {time.perf_counter() - start:.1f} s)")


if __name__ == "__main__":
    main()
