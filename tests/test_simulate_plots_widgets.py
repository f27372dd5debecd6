"""Simulation, figures and widget logic of chapter 2."""

import itertools

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from statsmodels.stats.proportion import proportion_confint  # noqa: E402

from lecture_lib import (  # noqa: E402
    MCNEMAR_METHODS,
    mcnemar,
    mcnemar_pvalue_grid,
    mcnemar_rejection_probability,
    plot_mcnemar_pvalue_heatmap,
    plot_mcnemar_rejection_curves,
    plot_rejection_rates,
    proportion_interval,
    simulate_mcnemar,
)
from lecture_lib import widgets as lw  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


# ---------------------------------------------------------------- simulation


@pytest.mark.parametrize("n", [1, 4, 7, 12, 25, 40])
@pytest.mark.parametrize("method", MCNEMAR_METHODS)
def test_rejection_probability_by_enumeration(n, method):
    """Sum over all 2^n sign patterns (the definition) for small n."""
    if n <= 12:
        hits = 0
        for pattern in itertools.product((0, 1), repeat=n):
            b = sum(pattern)
            hits += mcnemar([[0, b], [n - b, 0]], method).pvalue <= 0.05
        total = hits / 2**n
    else:  # enumerate b with its binomial weight, one mcnemar call per table
        from math import comb

        total = sum(comb(n, b) / 2**n for b in range(n + 1) if mcnemar([[0, b], [n - b, 0]], method).pvalue <= 0.05)
    assert mcnemar_rejection_probability(n, 0.05, method) == pytest.approx(total, abs=1e-12)


def test_valid_tests_never_exceed_alpha():
    n = np.arange(0, 120)
    for method in ("exact", "corrected"):
        assert np.all(mcnemar_rejection_probability(n, 0.05, method) <= 0.05)
    # ... while the uncorrected one does: 12.5 % at b + c = 4
    assert mcnemar_rejection_probability(4, 0.05, "chi2") == 0.125


def _oracle_rejection_probability(n, method, alpha=0.05, p_b=0.5):
    """Independent route: scipy's binomtest, chi2 and binom for every b, weighted by Bin(n, p_b)."""
    from scipy import stats

    total = 0.0
    for b in range(n + 1):
        c = n - b
        if method == "exact":
            p = stats.binomtest(b, n, 0.5).pvalue
        elif method == "midp":
            k = min(b, c)
            p = min(1.0, 2 * stats.binom.cdf(k, n, 0.5) - stats.binom.pmf(k, n, 0.5))
        elif method == "chi2":
            p = stats.chi2.sf((b - c) ** 2 / n, 1)
        else:  # corrected, with the max(., 0) of the course
            p = stats.chi2.sf(max(abs(b - c) - 1, 0) ** 2 / n, 1)
        if p <= alpha:
            total += stats.binom.pmf(b, n, p_b)
    return total


def test_the_lab_numbers_behind_the_midp_default():
    # Review A2 (statistics review, November 2026): mean exact Type I error over b + c = 1..60 at
    # alpha = 0.05 is corrected 0.028, exact 0.029, mid-p 0.0435, chi2 0.048; power at b + c = 16
    # with p_b = 0.75 is exact 0.405 against mid-p 0.630. Each recomputed here by scipy.
    n = np.arange(1, 61)
    printed = {"corrected": (0.028, 3), "exact": (0.029, 3), "midp": (0.0435, 4), "chi2": (0.048, 3)}
    for method, (value, decimals) in printed.items():
        ours = mcnemar_rejection_probability(n, 0.05, method)
        oracle = np.array([_oracle_rejection_probability(int(m), method) for m in n])
        np.testing.assert_allclose(ours, oracle, atol=1e-12)
        assert round(ours.mean(), decimals) == value, method
    assert round(mcnemar_rejection_probability(16, 0.05, "exact", p_b=0.75), 3) == 0.405
    assert round(mcnemar_rejection_probability(16, 0.05, "midp", p_b=0.75), 3) == 0.630
    assert mcnemar_rejection_probability(16, 0.05, "midp", p_b=0.75) == pytest.approx(
        _oracle_rejection_probability(16, "midp", p_b=0.75), abs=1e-12)
    # chapter 2: mid-p's worst conditional Type I error for b + c <= 60 is 0.077 (it is not
    # guaranteed to stay below alpha for every b + c), and the textbook rule is as conservative
    # as its two halves: mean 0.029
    assert round(mcnemar_rejection_probability(n, 0.05, "midp").max(), 3) == 0.077
    assert round(mcnemar_rejection_probability(n, 0.05, "textbook").mean(), 3) == 0.029
    # the default of mcnemar_rejection_probability is the library's default, mid-p
    np.testing.assert_array_equal(mcnemar_rejection_probability(n), mcnemar_rejection_probability(n, 0.05, "midp"))


def test_power_grows_with_effect():
    powers = [mcnemar_rejection_probability(60, 0.05, "exact", p_b=p) for p in (0.5, 0.6, 0.7, 0.8)]
    assert powers == sorted(powers) and powers[-1] > 0.9


def test_simulation_matches_exact_rates():
    # With p_discordant = 1 every example is a disagreement: b + c = n_test exactly, so the
    # Monte Carlo rate must cover the exact conditional rejection probability.
    res = simulate_mcnemar(30, 1.0, n_reps=40_000, seed=11)
    for method, low, high in zip(res.methods, res.ci_low, res.ci_high):
        exact = mcnemar_rejection_probability(30, 0.05, method)
        assert low - 0.002 <= exact <= high + 0.002, method


def test_simulation_seeded_and_shaped():
    a = simulate_mcnemar(200, 0.05, n_reps=5000, seed=4)
    b = simulate_mcnemar(200, 0.05, n_reps=5000, seed=np.random.default_rng(4))
    np.testing.assert_array_equal(a.rates, b.rates)
    assert a.methods == ("chi2", "corrected", "exact", "midp")
    assert np.all((a.ci_low <= a.rates) & (a.rates <= a.ci_high))
    assert "95% Monte Carlo interval" in str(a)
    textbook = simulate_mcnemar(200, 0.05, n_reps=5000, seed=4, methods="textbook")
    assert textbook.methods == ("textbook",)
    with pytest.raises(ValueError, match="'textbook'"):
        simulate_mcnemar(200, 0.05, n_reps=50, seed=4, methods=("midp", "auto"))


def test_wilson_matches_statsmodels():
    for k, n in [(0, 10), (3, 10), (50, 1000), (999, 1000), (1000, 1000)]:
        interval = proportion_interval(k, n)  # method="wilson", the default
        low, high = interval.low, interval.high
        ref_low, ref_high = proportion_confint(k, n, alpha=0.05, method="wilson")
        assert float(low) == pytest.approx(ref_low, abs=1e-12)
        assert float(high) == pytest.approx(ref_high, abs=1e-12)


# ---------------------------------------------------------------- figures


def test_pvalue_grid_orientation_and_values():
    grid = mcnemar_pvalue_grid(30, "chi2")
    assert grid.shape == (31, 31)
    b, c = 11, 1
    expected = mcnemar([[0, b], [c, 0]], "chi2").pvalue - mcnemar([[0, b], [c, 0]], "exact").pvalue
    assert grid[c, b] == pytest.approx(expected)  # rows are c, columns are b
    np.testing.assert_allclose(grid, grid.T, atol=1e-15)  # symmetric in b and c
    assert grid[0, 0] == 0.0


def test_heatmap_draws_the_grid():
    ax = plot_mcnemar_pvalue_heatmap(20, "corrected")
    images = ax.get_images()
    assert len(images) == 1
    np.testing.assert_allclose(images[0].get_array(), mcnemar_pvalue_grid(20, "corrected"))
    low, high = images[0].get_clim()
    assert low == pytest.approx(-high)  # centred colour scale
    assert "b (model 1 right" in ax.get_xlabel() and "c (model 1 wrong" in ax.get_ylabel()
    assert len(ax.figure.axes) == 2  # the plot and its colour bar


def test_rejection_curves_one_line_per_method():
    ax = plot_mcnemar_rejection_curves(30, alpha=0.1, methods=("chi2", "exact"))
    lines = ax.get_lines()
    assert [line.get_label() for line in lines] == ["chi-squared (McNemar)", "exact binomial", "alpha = 0.1"]
    np.testing.assert_allclose(lines[1].get_ydata(), mcnemar_rejection_probability(np.arange(1, 31), 0.1, "exact"))


def test_power_curves_use_p_b():
    ax = plot_mcnemar_rejection_curves(40, alpha=0.05, methods=("exact", "midp"), p_b=0.75)
    lines = ax.get_lines()
    np.testing.assert_allclose(lines[1].get_ydata(),
                               mcnemar_rejection_probability(np.arange(1, 41), 0.05, "midp", p_b=0.75))
    assert "power" in ax.get_ylabel() and "0.75" in ax.get_ylabel()
    assert plot_mcnemar_rejection_curves(10).get_ylabel() == "P(reject H0 | H0 true)"


def test_rejection_bars():
    res = simulate_mcnemar(100, 0.1, n_reps=2000, seed=1)
    ax = plot_rejection_rates(res)
    heights = [p.get_height() for p in ax.patches]
    np.testing.assert_allclose(heights, res.rates)


# ---------------------------------------------------------------- widget logic


def test_report_lists_all_methods_and_decisions():
    text = lw.mcnemar_report(11, 1, n=10_000, alpha=0.05)
    for method in ("chi2", "corrected", "exact", "midp (default)"):
        assert f"<td>{method}</td>" in text
        method = method.split()[0]
        p = mcnemar([[0, 11], [1, 0]], method).pvalue
        # four decimals, as chapter 2 prints p-values (all four are above 0.001 here)
        assert f"<td class='pvalue'>{p:.4f}</td>" in text
    assert text.count("<td>reject H0</td>") == 4
    # a p-value below 0.001 keeps three significant digits instead of rounding to 0.0000
    tiny = mcnemar([[0, 40], [0, 0]], "midp").pvalue
    assert f"<td class='pvalue'>{tiny:.3g}</td>" in lw.mcnemar_report(40, 0, n=10_000, alpha=0.05)
    assert 'method="textbook")</code>, would use exact (b + c < 25)' in text
    assert "<td>midp (default)</td>" in text
    assert "default is <b>midp</b>" in text
    assert "would use corrected (b + c >= 25)" in lw.mcnemar_report(25, 15)
    assert "(b - c) / n = +0.10 percentage points" in text
    # the Bonett-Price interval of seed 000's panel A: (b+1)/(n+2) - (c+1)/(n+2) = 10/10002, plus or minus
    # z sqrt((p12 + p21 - (p12 - p21)^2) / (n + 2)) (Bonett & Price 2012), here computed by hand
    p12, p21 = 12 / 10_002, 2 / 10_002
    half = 1.959963984540054 * np.sqrt((p12 + p21 - (p12 - p21) ** 2) / 10_002)
    assert f"95 % interval {100 * (p12 - p21 - half):+.2f} to {100 * (p12 - p21 + half):+.2f} (Bonett-Price)" in text
    assert "95 % interval +0.03 to +0.17 (Bonett-Price)" in text  # 0.027 to 0.173 points
    # panel B: the same effect, an interval that includes 0 (-0.027 to 0.227 points)
    assert "95 % interval -0.03 to +0.23 (Bonett-Price)" in lw.mcnemar_report(25, 15, n=10_000)


def test_report_says_what_the_statistic_is_and_names_the_sources():
    text = lw.mcnemar_report(11, 1, n=10_000)
    # learner review 2, L4 and L6: "source", not "seed"; the exact and mid-p statistic is min(b, c)
    assert "The sources' textbook rule" in text and "seed" not in text
    assert "for exact and midp it is min(b, c), the smaller count" in text
    assert "<td>exact</td><td>1</td>" in text and "<td>midp (default)</td><td>1</td>" in text


def test_report_gives_the_interval_the_default_test_inverts():
    # source 000's panel A: model 1 won 11 of 12; the 95 % mid-p interval of the share b / (b + c)
    # (mcnemar's win_probability) excludes 1/2 exactly when the mid-p test rejects at 5 %
    text = lw.mcnemar_report(11, 1, n=10_000)
    share = mcnemar([[0, 11], [1, 0]]).win_probability
    assert share.method == "midp" and share.confidence == 0.95 and share.low > 0.5
    assert "Here it excludes one half; the Bonett-Price interval above excludes zero too." in text
    # panel B: no rejection, both intervals include the null value
    assert "Here it includes one half; the Bonett-Price interval above includes zero too." in (
        lw.mcnemar_report(25, 15, n=10_000))
    # without n there is no Bonett-Price interval to compare
    assert "Here it includes one half.</p>" in lw.mcnemar_report(3, 4)
    # what the sentence says is what the interval does, on the website's whole grid
    for b, c in itertools.product(range(41), repeat=2):
        share = mcnemar([[0, b], [c, 0]]).win_probability
        excludes = share.low > 0.5 or share.high < 0.5
        assert (f"Here it {'excludes' if excludes else 'includes'} one half" in lw.mcnemar_report(b, c)), (b, c)


def test_report_says_when_the_bonett_price_interval_disagrees_with_the_test():
    # b = 0, c = 5: mid-p p = P(X = 0) = 1/32 rejects at 5 % and the mid-p interval of the share
    # excludes 1/2, but the Bonett-Price interval on 10 000 examples includes 0 (another method)
    assert mcnemar([[0, 0], [5, 0]]).pvalue == pytest.approx(1 / 32)
    assert mcnemar([[0, 0], [5, 0]]).win_probability.high < 0.5
    text = lw.mcnemar_report(0, 5, n=10_000)
    assert ("Here it excludes one half; the Bonett-Price interval above includes zero although the "
            "mid-p test rejects: it comes from another method") in text
    # every variant of the text has the same numbers and tags, line by line, so that the website
    # stores the states compactly (tests/test_static_widgets.py checks the weight)
    from lecture_lib._static_widgets import _TOKEN

    shapes = {
        tuple(len(_TOKEN.split(line)) for line in lw.mcnemar_report(b, c, 10_000, alpha).split("\n"))
        for b in range(41) for c in range(0, 41, 3) for alpha in (0.01, 0.05, 0.10)
    }
    assert len(shapes) == 1


def test_report_decision_depends_on_alpha():
    # seed 000 panel B: chi2 p = 0.1138 is significant at 0.12 but not at 0.10
    assert "<td>chi2</td><td>2.5</td><td class='pvalue'>0.1138</td><td>reject H0</td>" in lw.mcnemar_report(
        25, 15, alpha=0.12
    )
    assert "<td>chi2</td><td>2.5</td><td class='pvalue'>0.1138</td><td>do not reject H0</td>" in lw.mcnemar_report(
        25, 15, alpha=0.10
    )


def test_explorer_updates_when_b_moves():
    box = lw.mcnemar_explorer(b=11, c=1, n=10_000)
    b_slider = box.children[0].children[0]
    report = box.children[2]
    assert b_slider.description == "b"
    before = report.value
    b_slider.value = 2
    assert report.value != before
    assert report.value == lw.mcnemar_report(2, 1, 10_000, 0.05)


def test_heatmap_and_type1_explorers_build():
    heat = lw.mcnemar_heatmap_explorer(max_count=20)
    assert heat.children[0].children[0].value == 20
    sim = lw.mcnemar_type1_explorer(n_test=100, n_reps=1000)
    assert [w.description for w in sim.children[0].children] == ["test size n", "P(disagree)"]
