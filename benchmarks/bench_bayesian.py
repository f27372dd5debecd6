"""Speed of chapter 8's Bayesian tests against baycomp, and the latency of its widget.

Run alone (``python benchmarks/bench_bayesian.py``) or from ``benchmarks/run.py``
(``import bench_bayesian; bench_bayesian.main()``). Every row is measured in
this run on this machine: the median of several repeats, then the ratio
ours / baycomp (below 1: lecture_lib is faster). Before timing, each row checks
that both give the same answer (exactly for the correlated t; within 5 Monte
Carlo standard deviations for the sampled tests), so a fast wrong answer
cannot pass unnoticed. Goals from issue 17: signed-rank ratio <= 0.2,
correlated t <= 1.0; the widget well under 100 ms.
"""

from __future__ import annotations

import statistics
import time

import matplotlib

matplotlib.use("Agg")

import baycomp  # noqa: E402
import numpy as np  # noqa: E402
from run import median_time, row  # noqa: E402

from lecture_lib import (  # noqa: E402
    bayesian_correlated_ttest,
    bayesian_example,
    bayesian_sign_test,
    bayesian_signed_rank,
    wilcoxon_example,
)
from lecture_lib.widgets import rope_explorer  # noqa: E402


def _uci54():
    ex = bayesian_example("benavoli2017_uci54")
    return {name: np.array(values) for name, values in ex["mean_accuracy"].items()}


def _agree(ours, theirs, n_1, n_2):
    for a, b in zip(ours, theirs):
        p = min(max(b, 1e-3), 1 - 1e-3)
        assert abs(a - b) <= 5 * np.sqrt(p * (1 - p) * (1 / n_1 + 1 / n_2)), (ours, theirs)


def bench_signed_rank(n_samples: int = 50_000, repeats: int = 5) -> None:
    """Signed-rank posterior, 50 000 samples, 54 data sets (NBC vs J48, ROPE 1 point)."""
    data = _uci54()
    x, y = data["nbc"], data["j48"]
    ours = bayesian_signed_rank(x, y, rope=1.0, n_samples=n_samples, seed=0)
    theirs = baycomp.SignedRankTest.probs(
        y, x, rope=1.0, nsamples=n_samples, random_state=0
    )  # (y, x): our order
    _agree(ours.probabilities, theirs, n_samples, n_samples)
    row(
        f"Bayesian signed-rank, {n_samples} samples, 54 sets",
        median_time(lambda: bayesian_signed_rank(x, y, rope=1.0, n_samples=n_samples, seed=0), repeats),
        {"baycomp": median_time(lambda: baycomp.SignedRankTest.probs(y, x, rope=1.0, nsamples=n_samples,
                                                                    random_state=0), max(1, repeats // 2))},
    )


def bench_sign(n_samples: int = 50_000, repeats: int = 11) -> None:
    """Sign-test posterior, 50 000 samples, 54 data sets."""
    data = _uci54()
    x, y = data["nbc"], data["j48"]
    ours = bayesian_sign_test(x, y, rope=1.0, n_samples=n_samples, seed=0)
    theirs = baycomp.SignTest.probs(y, x, rope=1.0, nsamples=n_samples, random_state=0)
    _agree(ours.probabilities, theirs, n_samples, n_samples)
    row(
        f"Bayesian sign test, {n_samples} samples, 54 sets",
        median_time(lambda: bayesian_sign_test(x, y, rope=1.0, n_samples=n_samples, seed=0), repeats),
        {"baycomp": median_time(lambda: baycomp.SignTest.probs(y, x, rope=1.0, nsamples=n_samples,
                                                              random_state=0), repeats)},
    )


def bench_correlated_t(repeats: int = 201) -> None:
    """Correlated t on 10 x 10 cross-validation scores (NBC vs AODE on anneal)."""
    ex = bayesian_example("benavoli2017_anneal_audiology")
    aode = np.array(ex["scores"]["anneal"]["aode"]) / 100
    nbc = np.array(ex["scores"]["anneal"]["nbc"]) / 100
    ours = bayesian_correlated_ttest(aode, nbc, 1 / 9, rope=0.01)
    theirs = baycomp.two_on_single(nbc, aode, rope=0.01, runs=10)
    assert np.allclose(ours.probabilities, theirs, rtol=1e-9, atol=1e-15)
    row(
        "Bayesian correlated t, 10 x 10 CV scores",
        median_time(lambda: bayesian_correlated_ttest(aode, nbc, 1 / 9, rope=0.01), repeats),
        {"baycomp": median_time(lambda: baycomp.two_on_single(nbc, aode, rope=0.01, runs=10), repeats)},
    )


def bench_widget(moves: int = 5) -> None:
    """Median time from moving a control of the chapter's ROPE widget to the end of its callback."""
    ex = wilcoxon_example("demsar2006_table2")
    box = rope_explorer(ex.scores_1, ex.scores_2, names=("C4.5+m", "C4.5"), rope=0.01, rope_max=0.05)
    test_buttons = box.children[0]
    rope_slider, prior_slider = box.children[1].children
    for label, control, values in (
        ("ROPE slider", rope_slider, [0.0, 0.005, 0.02, 0.03, 0.01]),
        ("prior slider", prior_slider, [1.0, 2.0, 0.3, 3.0, 0.5]),
        ("test buttons", test_buttons, ["sign", "signed-rank"] * 3),
    ):
        times = []
        for value in values[:moves + 1]:
            start = time.perf_counter()
            control.value = value
            times.append(time.perf_counter() - start)
        print(
            f"{'rope_explorer: ' + label:<44} {statistics.median(times) * 1e3:9.1f} ms (median of "
            f"{len(times)})"
        )


def main() -> None:
    for bench in (bench_signed_rank, bench_sign, bench_correlated_t, bench_widget):
        bench()


if __name__ == "__main__":
    main()
