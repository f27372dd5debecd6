"""Chapter 4's figures and widgets: the pure functions behind them, and callback speed."""

import time

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from lecture_lib import (  # noqa: E402
    PAIRED_TESTS,
    paired_power_curve,
    plot_paired_rejection_rates,
    plot_power_curves,
    plot_pvalue_histogram,
    resampled_ttest,
    simulate_paired_tests,
)
from lecture_lib.widgets import (  # noqa: E402
    corrected_t_report,
    corrected_ttest_explorer,
    type1_error_lab,
    type1_lab_report,
)

A = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.79, 0.83, 0.82]
B = [0.79, 0.81, 0.80, 0.80, 0.82, 0.80, 0.83, 0.78, 0.80, 0.81]


@pytest.fixture(scope="module")
def sims():
    null = simulate_paired_tests(n_examples=150, n_reps=400, seed=11)
    alt = simulate_paired_tests(n_examples=150, accuracy_2=0.7, n_reps=200, seed=12)
    return null, alt


def test_type1_lab_report_verdicts(sims):
    null, alt = sims
    rates = null.rates(0.05)
    for j, test in enumerate(PAIRED_TESTS):
        html = type1_lab_report(null, test, 0.05)
        assert f"{rates.rates[j]:.3f}" in html and "Type I error" in html
        if rates.ci_low[j] > 0.05:
            assert "too liberal" in html
        elif rates.ci_high[j] < 0.05:
            assert "conservative" in html
        else:
            assert "holds its level" in html
    # the resampled t is far too liberal (Dietterich 1998)
    assert "too liberal" in type1_lab_report(null, "resampled", 0.05)
    # subsets of replications and another alpha are honoured
    sub = type1_lab_report(null, "5x2cv_f", 0.1, n_reps=100)
    assert "100 data sets" in sub and f"{np.mean(null.pvalues[:100, 6] <= 0.1):.3f}" in sub
    # under an alternative the report speaks of power, not of Type I error
    html = type1_lab_report(alt, "5x2cv_f", 0.05)
    assert "power" in html and "Type I error" not in html
    assert "30 trainings" in type1_lab_report(null, "resampled") and "1 training per" in type1_lab_report(null, "mcnemar")


def test_type1_lab_report_bad_input(sims):
    null, _ = sims
    with pytest.raises(TypeError, match="simulation"):
        type1_lab_report("sim", "resampled")
    with pytest.raises(ValueError, match="test"):
        type1_lab_report(null, "wilcoxon")
    with pytest.raises(ValueError, match="alpha"):
        type1_lab_report(null, "resampled", alpha=2)
    with pytest.raises(ValueError, match="n_reps"):
        type1_lab_report(null, "resampled", n_reps=10**6)


def test_corrected_t_report(sims):
    null, _ = sims
    html = corrected_t_report(A, B, 0.5, null)
    plain = resampled_ttest(A, B)
    corrected = resampled_ttest(A, B, test_train_ratio=0.5)
    assert f"{plain.statistic:.3f}" in html and f"{corrected.statistic:.3f}" in html
    assert f"{corrected.pvalue:.4f}" in html
    rate = np.mean(null.corrected_pvalues(0.5) <= 0.05)
    assert f"rejects in {rate:.3f}" in html
    # ratio 0 is the plain test, twice
    assert html.count(f"{plain.statistic:.3f}") == 1
    assert corrected_t_report(A, B, 0.0).count(f"{plain.statistic:.3f}") == 2
    with pytest.raises(ValueError, match="test_train_ratio"):
        corrected_t_report(A, B, -0.2)
    with pytest.raises(TypeError, match="simulation"):
        corrected_t_report(A, B, 0.5, simulation=3)


def test_widgets_build_and_answer_fast(sims):
    null, _ = sims
    lab = type1_error_lab(null)
    chooser, alpha, reps = lab.children[0].children
    report = lab.children[1]
    before = report.value
    start = time.perf_counter()
    chooser.value = "5x2cv_t"
    elapsed = time.perf_counter() - start
    assert report.value != before and "5x2cv t" in report.value
    assert elapsed < 0.5  # generous on a loaded 2-core machine; typically about 20 ms
    plt.close("all")
    explorer = corrected_ttest_explorer(A, B, null)
    slider, html = explorer.children
    start = time.perf_counter()
    slider.value = 0.25
    assert time.perf_counter() - start < 0.1
    assert "0.25" in html.value


def test_figures(sims):
    null, _ = sims
    ax = plot_paired_rejection_rates(null.rates(0.05))
    assert len(ax.patches) == len(PAIRED_TESTS) and ax.get_title()
    ax = plot_pvalue_histogram(null.pvalues[:, 6], 0.05)
    assert ax.get_xlabel() == "p-value"
    curve = paired_power_curve([0.0, 0.1], n_reps=40, seed=0, n_examples=100)
    ax = plot_power_curves(curve, tests=["5x2cv_f", "mcnemar"])
    assert len(ax.get_lines()) == 3  # two tests and the alpha line
    plt.close("all")
    with pytest.raises(TypeError, match="result"):
        plot_paired_rejection_rates("rates")
    with pytest.raises(TypeError, match="curve"):
        plot_power_curves(null)
    with pytest.raises(ValueError, match="tests"):
        plot_power_curves(curve, tests=["wilcoxon"])
    with pytest.raises(ValueError, match="pvalues"):
        plot_pvalue_histogram([0.5, 1.5])
    with pytest.raises(TypeError, match="pvalues"):
        plot_pvalue_histogram(None)
