"""Chapter 4's figures and widgets: the pure functions behind them, and callback speed."""

import time

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from lecture_lib import (  # noqa: E402
    PAIRED_TEST_LABELS,
    PAIRED_TESTS,
    paired_power_curve,
    paired_test_legend_handles,
    plot_paired_rejection_rates,
    plot_power_curves,
    plot_pvalue_histogram,
    plot_size_power,
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


COLUMN = {test: j for j, test in enumerate(PAIRED_TESTS)}


@pytest.fixture(scope="module")
def sims():
    null = simulate_paired_tests(n_examples=150, n_reps=400, n_repeats=3, seed=11)
    alt = simulate_paired_tests(n_examples=150, accuracy_2=0.7, n_reps=200, n_repeats=3, seed=12)
    return null, alt


@pytest.fixture(scope="module")
def nn_null():
    return simulate_paired_tests(n_examples=80, n_reps=150, n_repeats=2, learner="1nn", seed=13)


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
    assert "100 data sets" in sub and f"{np.mean(null.pvalues[:100, COLUMN['5x2cv_f']] <= 0.1):.3f}" in sub
    # under an alternative the report speaks of power, not of Type I error
    html = type1_lab_report(alt, "5x2cv_f", 0.05)
    assert "power" in html and "Type I error" not in html
    assert "30 trainings" in type1_lab_report(null, "resampled") and "1 training per" in type1_lab_report(
        null, "mcnemar"
    )
    # the repeated CV costs r k trainings (3 x 10 here), the single-CV tests k
    assert "30 trainings" in type1_lab_report(null, "corrected_repeated_cv")
    assert "10 trainings" in type1_lab_report(null, "corrected_kfold")
    assert "nearest-centroid learner" in type1_lab_report(null)


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
    plain = resampled_ttest(A, B, test_train_ratio=None)
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


def test_widgets_build_and_answer_fast(sims, nn_null):
    null, _ = sims
    lab = type1_error_lab({"nearest centroid": null, "1-NN": nn_null})
    (learner, chooser), (alpha, reps) = lab.children[0].children, lab.children[1].children
    report = lab.children[2]
    assert reps.max == 150  # the smaller of the two simulations
    before = report.value
    start = time.perf_counter()
    chooser.value = "5x2cv_t"
    elapsed = time.perf_counter() - start
    assert report.value != before and "5x2cv t" in report.value and "nearest-centroid" in report.value
    assert elapsed < 0.5  # generous on a loaded 2-core machine; typically about 20 ms
    learner.value = "1-NN"
    assert "1-nearest-neighbour" in report.value
    rate = np.mean(nn_null.pvalues[:150, COLUMN["5x2cv_t"]] <= alpha.value)
    assert f"{rate:.3f}" in report.value
    # one simulation alone works too; bad input is named
    assert type1_error_lab(null).children[0].children[0].options == ("nearest_centroid",)
    with pytest.raises(TypeError, match="simulations"):
        type1_error_lab([null])
    with pytest.raises(TypeError, match="simulations"):
        type1_error_lab({"a": 3})
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
    ax = plot_pvalue_histogram(null.pvalues[:, COLUMN["5x2cv_f"]], 0.05)
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


def test_size_power_plot(sims, nn_null):
    null, alt = sims
    ax = plot_size_power(null, alt)
    # one marker per test except the plain resampled t (default), at (Type I error, power)
    points = [container.lines[0] for container in ax.containers]  # one errorbar container per test
    assert len(points) == len(PAIRED_TESTS) - 1
    j = COLUMN["corrected_repeated_cv"]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    k = labels.index("corrected repeated CV t")
    assert points[k].get_xdata()[0] == pytest.approx(null.rates(0.05).rates[j])
    assert points[k].get_ydata()[0] == pytest.approx(alt.rates(0.05).rates[j])
    assert "nearest centroid" in ax.get_title()
    # the same colour per test in every panel, and hollow markers for the tests that reject a true H0 too often
    handles = {h.get_label(): h for h in paired_test_legend_handles()}
    assert set(handles) == set(labels)
    low = null.rates(0.05).ci_low
    for label, line in zip(labels, points):
        assert line.get_color() == handles[label].get_color()
        test = next(t for t in PAIRED_TESTS if PAIRED_TEST_LABELS[t] == label)
        assert (line.get_markerfacecolor() == "white") == bool(low[COLUMN[test]] > 0.05)
    assert plot_size_power(null, alt, legend=False).get_legend() is None
    assert len(paired_test_legend_handles(["mcnemar", "5x2cv_f"])) == 2
    with pytest.raises(ValueError, match="tests"):
        paired_test_legend_handles(["wilcoxon"])
    with pytest.raises(TypeError, match="tests"):
        paired_test_legend_handles("mcnemar")
    plt.close("all")
    with pytest.raises(ValueError, match="null_simulation"):
        plot_size_power(alt, alt)
    with pytest.raises(ValueError, match="alternative_simulation"):
        plot_size_power(null, null)
    with pytest.raises(ValueError, match="learner"):
        plot_size_power(nn_null, alt)
    with pytest.raises(TypeError, match="null_simulation"):
        plot_size_power("x", alt)
    with pytest.raises(ValueError, match="tests"):
        plot_size_power(null, alt, tests=["wilcoxon"])
