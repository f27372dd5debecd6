"""lecture_lib.widgets.beyond: chapter 9's widget logic (pure HTML reports) and the widgets' wiring."""

import numpy as np
import pytest

from lecture_lib import (
    coverage_table,
    paired_bootstrap,
    paired_permutation_test,
    simulate_cv_coverage,
)
from lecture_lib.widgets import (
    bootstrap_explorer,
    bootstrap_report,
    coverage_explorer,
    coverage_report,
)

COVERAGE = simulate_cv_coverage(n_examples=40, n_features=3, k=3, n_repeats=2, n_datasets=60, seed=4)
RNG = np.random.default_rng(0)
Y = (RNG.random(300) < 0.2).astype(int)
P1 = np.where(RNG.random(300) < 0.85, Y, 1 - Y)
P2 = np.where(RNG.random(300) < 0.75, Y, 1 - Y)


@pytest.mark.parametrize("n_used, target", [(20, "accuracy_xy"), (60, "accuracy")])
def test_coverage_report_shows_the_table(n_used, target):
    html = coverage_report(COVERAGE, n_used, target)
    table = coverage_table(COVERAGE, n_used, target)
    for name in ("naive", "nested"):
        rate, low, high, width = table[name]
        assert f"<td>{name}</td><td>{rate:.3f}" in html
        assert f"[{low:.3f}, {high:.3f}]" in html and f"<td>{width:.3f}</td>" in html
    assert f"over {n_used} simulated data sets" in html


def test_bootstrap_report_shows_interval_and_pvalue():
    html = bootstrap_report(Y, P1, P2, "f1", "percentile", 0.9, n_resamples=500, seed=3)
    boot = paired_bootstrap(Y, P1, P2, metric="f1", method="percentile", confidence=0.9, n_resamples=500, seed=3)
    perm = paired_permutation_test(Y, P1, P2, metric="f1")
    iv = boot.difference
    assert f"[{iv.low:+.4f}, {iv.high:+.4f}]" in html and f"<b>{iv.estimate:+.4f}</b>" in html
    assert f"p = {perm.pvalue:.4g}" in html
    assert ("excludes 0" in html) == (iv.low > 0 or iv.high < 0)


def test_reports_reject_bad_input():
    with pytest.raises(ValueError, match="method must be one of"):
        bootstrap_report(Y, P1, P2, method="basic")
    with pytest.raises(ValueError, match="exceeds"):
        coverage_report(COVERAGE, 61)
    with pytest.raises(TypeError):
        coverage_explorer("not a simulation")


def test_explorers_update_their_report():
    box = coverage_explorer(COVERAGE, step=20)
    slider, target = box.children[0].children
    report = box.children[1]
    before = report.value
    slider.value = 60
    assert report.value != before and report.value == coverage_report(COVERAGE, 60, target.value)

    box = bootstrap_explorer(Y, P1, P2)
    metric, method, level = box.children[0].children
    level.value = 0.9
    assert "90% bca interval" in box.children[1].value
    metric.value = "accuracy"
    assert box.children[1].value.startswith("<p>accuracy")

