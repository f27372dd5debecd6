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


# ---------------------------------------------------------------- chapter 6: the post-hoc lab (simulate.py)
# Issue 24, statistics review S1 and S3 (shared/reviews/statistics-review-2.md and its scripts
# shaffer_wilcoxon_fwer.py, nemenyi_partial_null.py).

from scipy import stats  # noqa: E402

from lecture_lib import (  # noqa: E402
    Interval,
    adjust_pairwise_pvalues,
    control_comparisons,
    critical_value,
    pairwise_comparisons,
    rankdata,
)
from lecture_lib.simulate import (  # noqa: E402
    POSTHOC_CONFIGURATIONS,
    PosthocErrorRates,
    _raw_pvalues,
    posthoc_error_rates,
    posthoc_scores,
)

K_OF = {"exchangeable": 4, "two-pairs": 4, "non-transitive": 3, "non-transitive-uniform": 3, "always-middle": 3}
LOGICAL = ("shaffer", "bergmann-hommel")


def _slow_rejections(tables, test, adjust, alpha=0.05, control=None):
    """Rejections (n_reps, m) by a loop over the library's one-table functions (the reference)."""
    k = tables.shape[2]
    iu = np.triu_indices(k, 1)
    rows = []
    for table in tables:
        if control is not None:
            rows.append(control_comparisons(table, control, test, adjust, alpha=alpha).significant)
        elif adjust in LOGICAL and test in ("wilcoxon", "sign"):  # refused by pairwise_comparisons: adjust by hand
            raw = pairwise_comparisons(table, test, "none").raw_pvalues
            rows.append(adjust_pairwise_pvalues(raw, adjust)[iu] <= alpha)
        else:
            rows.append(pairwise_comparisons(table, test, adjust, alpha=alpha).significant[iu])
    return np.array(rows)


def _counts(lab, adjust):
    return np.array([round(r.estimate * lab.n_reps) for r in lab.rejection_rates[adjust]])


@pytest.mark.parametrize("configuration", POSTHOC_CONFIGURATIONS)
@pytest.mark.parametrize("test", ["wilcoxon", "sign", "ttest", "nemenyi"])
def test_lab_equals_a_loop_over_pairwise_comparisons(configuration, test):
    # the vectorised lab must count exactly what the one-table functions decide, on the same tables;
    # N = 24 uses the exact Wilcoxon distribution, N = 60 the normal one
    adjusts = ("none", "holm", "hommel") + LOGICAL + (("studentized-range",) if test == "nemenyi" else ())
    for n in (24, 60):
        tables = posthoc_scores(configuration, n, n_reps=120, seed=5)
        lab = posthoc_error_rates(configuration, n, test, adjusts, n_reps=120, seed=5)
        for adjust in adjusts:
            slow = _slow_rejections(tables, test, adjust)
            np.testing.assert_array_equal(_counts(lab, adjust), slow.sum(axis=0), err_msg=f"{adjust}, N = {n}")
            true = np.array(lab.true_null)
            expected = np.count_nonzero((slow & true).any(axis=1)) if true.any() else 0
            assert round(lab.fwer[adjust].estimate * 120) == expected, (adjust, n)


@pytest.mark.parametrize("test", ["wilcoxon", "nemenyi"])
def test_lab_against_a_control_equals_control_comparisons(test):
    tables = posthoc_scores("always-middle", 40, n_reps=150, seed=8)
    lab = posthoc_error_rates("always-middle", 40, test, ("bonferroni", "holm"), control="A", n_reps=150, seed=8)
    assert lab.hypotheses == ("A = B", "A = C") and lab.control == "A"
    for adjust in ("bonferroni", "holm"):
        np.testing.assert_array_equal(_counts(lab, adjust), _slow_rejections(tables, test, adjust, control=0).sum(0))
    by_index = posthoc_error_rates("always-middle", 40, test, ("bonferroni",), control=0, n_reps=150, seed=8)
    assert by_index.rejection_rates == {"bonferroni": lab.rejection_rates["bonferroni"]}


def test_batch_pvalues_with_ties_and_zeros_match_the_one_table_functions():
    # rounding the scores makes tied and zero differences: the batch code hands those rows to
    # wilcoxon_signed_rank and splits the sign test's ties as sign_test does
    tables = np.round(posthoc_scores("exchangeable", 14, n_reps=60, seed=3), 0)
    iu = np.triu_indices(4, 1)
    for test in ("wilcoxon", "sign", "ttest", "nemenyi"):
        fast = _raw_pvalues(tables, test, *iu)
        slow = np.array([pairwise_comparisons(t, test, "none").raw_pvalues[iu] for t in tables])
        np.testing.assert_allclose(fast, slow, rtol=1e-12, atol=1e-15, err_msg=test)


def test_scores_are_seeded_and_are_the_tables_the_lab_tests():
    a = posthoc_scores("non-transitive", 30, n_reps=5, seed=7)
    b = posthoc_scores("non-transitive", 30, n_reps=5, seed=np.random.default_rng(7))
    np.testing.assert_array_equal(a, b)
    assert a.shape == (5, 30, 3)
    for configuration in POSTHOC_CONFIGURATIONS:
        assert posthoc_scores(configuration, 3, seed=0).shape == (1, 3, K_OF[configuration])
    # more tables than one chunk (1e6 cells: 8 333 tables of 30 x 4): the lab tests the tables posthoc_scores
    # returns; oracle: scipy's ttest_rel on every pair and Holm's rule as Holm (1979) states it
    many = posthoc_scores("exchangeable", 30, n_reps=9000, seed=2)
    np.testing.assert_array_equal(many, posthoc_scores("exchangeable", 30, n_reps=9000, seed=2))
    lab = posthoc_error_rates("exchangeable", 30, "ttest", "holm", n_reps=9000, seed=2)
    iu = np.triu_indices(4, 1)
    raw = np.column_stack([stats.ttest_rel(many[:, :, i], many[:, :, j], axis=1).pvalue for i, j in zip(*iu)])
    holm = np.array([_holm_decisions(row, 0.05) for row in raw])
    np.testing.assert_array_equal(_counts(lab, "holm"), holm.sum(axis=0))
    assert round(lab.fwer["holm"].estimate * 9000) == np.count_nonzero(holm.any(axis=1))


def _holm_decisions(p, alpha):
    """Holm's step-down: walk the sorted p-values, reject while p_(j) <= alpha / (m - j + 1)."""
    reject = np.zeros(p.size, dtype=bool)
    for step, h in enumerate(np.argsort(p, kind="stable")):
        if p[h] > alpha / (p.size - step):
            break
        reject[h] = True
    return reject


def _population(configuration, size=300_000, seed=11):
    """Many independent data sets of a configuration: shape (size, k)."""
    return posthoc_scores(configuration, 2, n_reps=size // 2, seed=seed).reshape(-1, K_OF[configuration])


@pytest.mark.parametrize("configuration", POSTHOC_CONFIGURATIONS)
def test_the_truth_of_each_hypothesis_is_the_populations(configuration):
    # The lab's true_null, checked on 300 000 simulated data sets with the population quantity each test's
    # null is about (not with the tests themselves): the t-test's mean difference, the sign test's win
    # probability, the Wilcoxon test's symmetry (two-sample Kolmogorov-Smirnov of d against -d, scipy) and the
    # mean-rank test's expected ranks. True: within 5 standard errors; false: beyond 20.
    scores = _population(configuration)
    size, k = scores.shape
    ranks = rankdata(-scores, axis=1)
    for test in ("ttest", "sign", "wilcoxon", "nemenyi"):
        truth = posthoc_error_rates(configuration, 5, test, n_reps=1).true_null
        for h, (i, j) in enumerate(zip(*np.triu_indices(k, 1))):
            d = scores[:, i] - scores[:, j]
            if test == "ttest":
                z = d.mean() / (d.std() / np.sqrt(size))
            elif test == "sign":
                z = ((d > 0).mean() - 0.5) / np.sqrt(0.25 / size)
            elif test == "nemenyi":
                g = ranks[:, i] - ranks[:, j]
                z = g.mean() / (g.std() / np.sqrt(size)) if g.std() > 0 else 0.0
            else:  # KS distance of d and -d against its null scale sqrt(2 / size) (about 1.36 at the 5 % level)
                z = stats.ks_2samp(d[: size // 2], -d[size // 2:]).statistic / np.sqrt(4.0 / size)
            if truth[h]:
                assert abs(z) < 5, (test, h, z)
            else:
                assert abs(z) > 20, (test, h, z)


@pytest.mark.parametrize("n, holm, shaffer", [(30, 0.0445, 0.071), (100, 0.0525, 0.088)])
def test_review_s1_numbers_within_monte_carlo_error(n, holm, shaffer):
    # Statistics review S1, scripts/shaffer_wilcoxon_fwer.py, 2000 benchmarks with pairwise_comparisons:
    # FWER Holm / Shaffer / Bergmann-Hommel = 0.0445 / 0.071 / 0.071 (N = 30), 0.0525 / 0.088 / 0.088
    # (N = 100). Our 20 000 benchmarks agree within 3 standard errors of the difference (the review's
    # 0.088 is about 2 of them above the rate: 0.0755 on 100 000 benchmarks, seed 2026).
    lab = posthoc_error_rates("non-transitive", n, "wilcoxon", ("holm", "shaffer", "bergmann-hommel"),
                              n_reps=20_000, seed=2024)
    for adjust, reference in (("holm", holm), ("shaffer", shaffer), ("bergmann-hommel", shaffer)):
        ours = lab.fwer[adjust].estimate
        se = np.sqrt(ours * (1 - ours) / 20_000 + reference * (1 - reference) / 2000)
        assert abs(ours - reference) < 3 * se, (adjust, ours, reference)
    # Holm keeps the level, the logical procedures do not (Wilson intervals of the Monte Carlo error)
    assert lab.fwer["holm"].low <= 0.05 < lab.fwer["shaffer"].low
    assert lab.fwer["bergmann-hommel"] == lab.fwer["shaffer"]  # k = 3: the two procedures coincide


@pytest.mark.parametrize("configuration", ["non-transitive", "non-transitive-uniform"])
@pytest.mark.parametrize("test", ["wilcoxon", "sign"])
def test_shaffer_exceeds_and_holm_keeps_the_level_without_transitivity(configuration, test):
    lab = posthoc_error_rates(configuration, 100, test, ("holm", "hochberg", "hommel") + LOGICAL,
                              n_reps=20_000, seed=99)
    assert lab.true_null == (True, False, True)
    for adjust in ("holm", "hochberg", "hommel"):
        assert lab.fwer[adjust].low <= 0.05, (adjust, str(lab.fwer[adjust]))
    for adjust in LOGICAL:
        assert lab.fwer[adjust].low > 0.055, (adjust, str(lab.fwer[adjust]))
    # the mechanism: "A = C" is false and rejected most of the time, after which Shaffer tests the two
    # true hypotheses at the full alpha
    assert lab.rejection_rates["holm"][1].estimate > 0.5


@pytest.mark.parametrize("configuration, test", [
    ("exchangeable", "ttest"), ("two-pairs", "ttest"), ("exchangeable", "nemenyi"), ("two-pairs", "nemenyi"),
    ("non-transitive", "ttest"), ("non-transitive-uniform", "ttest"),
])
def test_shaffer_keeps_the_level_with_transitive_hypotheses(configuration, test):
    # one parameter per algorithm (mean score, expected rank): Shaffer and Bergmann-Hommel hold their level,
    # up to the pairwise test's own accuracy; on the non-transitive tables every t-test null is true (mean
    # differences 0), so the question is only the t-test's own level with skewed differences at N = 100
    lab = posthoc_error_rates(configuration, 100 if "transitive" in configuration else 30, test,
                              ("holm",) + LOGICAL, n_reps=10_000, seed=4)
    for adjust in ("holm",) + LOGICAL:
        assert lab.fwer[adjust].low <= 0.05, (adjust, str(lab.fwer[adjust]))
    if configuration == "two-pairs":  # the logic is used: the last true hypotheses face a milder threshold
        assert lab.fwer["holm"].estimate < lab.fwer["shaffer"].estimate < lab.fwer["bergmann-hommel"].estimate


def _binomial_rejection(n, critical_z):
    """P(reject "A = B") on always-middle tables, exactly: r_A - r_B = +-2 on each data set, so
    R_A - R_B = 2 (2W - N) / N with W ~ Binomial(N, 1/2), and z = (R_A - R_B) / sqrt(2 / N) for k = 3."""
    w = np.arange(n + 1)
    z = 2.0 * (2 * w - n) / n / np.sqrt(2.0 / n)
    return stats.binom.pmf(w, n, 0.5)[np.abs(z) >= critical_z * (1 - 1e-12)].sum()


def test_review_s3_mean_rank_tests_under_a_partial_null():
    # Statistics review S3, scripts/nemenyi_partial_null.py (2000 benchmarks, N = 40): Nemenyi rejects A = B in
    # 0.0775. Exactly (binomial): 0.0807, for Nemenyi (|z| >= q_{0.05,3,inf} / sqrt 2 = 2.3437, scipy's
    # studentized_range) and Bonferroni-Dunn (|z| >= z_{0.05/4} = 2.2414) alike at N = 40.
    q = stats.studentized_range.ppf(0.95, 3, np.inf) / np.sqrt(2)
    assert q == pytest.approx(critical_value(3, 0.05), rel=1e-6)
    z_bd = stats.norm.isf(0.05 / 4)
    exact_nemenyi, exact_bd = _binomial_rejection(40, q), _binomial_rejection(40, z_bd)
    assert exact_nemenyi == pytest.approx(0.0807, abs=5e-5) and exact_bd == exact_nemenyi
    nem = posthoc_error_rates("always-middle", 40, "nemenyi", ("studentized-range", "shaffer"), n_reps=20_000,
                              seed=3)
    bd = posthoc_error_rates("always-middle", 40, "nemenyi", "bonferroni", control="A", n_reps=20_000, seed=3)
    wil = posthoc_error_rates("always-middle", 40, "wilcoxon", "holm", n_reps=20_000, seed=3)
    assert nem.true_null == (True, True, True) and bd.true_null == (True, True)
    for rate in (nem.rejection_rates["studentized-range"][0], bd.rejection_rates["bonferroni"][0]):
        assert rate.low <= exact_nemenyi <= rate.high  # the Monte Carlo covers the exact value
        assert abs(rate.estimate - 0.0775) < 3 * np.sqrt(0.0775 * 0.9225 / 2000)  # and the review's number
    # the family-wise error is the "A = B" rejection: |R_A - R_C| = |R_A - R_B| / 2 is never significant alone
    assert nem.fwer["studentized-range"].estimate == nem.rejection_rates["studentized-range"][0].estimate
    # Shaffer's procedure on the mean-rank z inherits the problem (it is valid only where the z-test is)
    assert nem.fwer["shaffer"].low > 0.05
    # pairwise Wilcoxon tests with Holm hold the level on the same tables
    assert wil.fwer["holm"].high < 0.05
    # at N = 100 the exact values differ for the two procedures: Nemenyi needs |2W - N| >= 18, B-D >= 16
    for adjust, critical, control in (("studentized-range", q, None), ("bonferroni", z_bd, "A")):
        lab = posthoc_error_rates("always-middle", 100, "nemenyi", adjust, control=control, n_reps=20_000, seed=6)
        exact = _binomial_rejection(100, critical)
        assert lab.rejection_rates[adjust][0].low <= exact <= lab.rejection_rates[adjust][0].high, adjust


def test_review_s3_analytic_limit():
    # The review's derivation: on always-middle tables r_A - r_B = +-2, variance 4, against the k(k+1)/6 = 2 that
    # Nemenyi's standard error assumes. So z is asymptotically N(0, 2) and P(|z| >= 2.3437) -> 2 P(Z >= 2.3437 /
    # sqrt 2) = 0.0975 (the review rounds it to "about 9.8 %"); Bonferroni-Dunn: 2 P(Z >= 2.2414 / sqrt 2) = 0.1130
    scores = _population("always-middle")
    ranks = rankdata(-scores, axis=1)
    assert np.var(ranks[:, 0] - ranks[:, 1]) == pytest.approx(4.0, rel=1e-2)
    q = stats.studentized_range.ppf(0.95, 3, np.inf) / np.sqrt(2)
    limit = 2 * stats.norm.sf(q / np.sqrt(2))
    assert limit == pytest.approx(0.0975, abs=5e-5)
    assert 2 * stats.norm.sf(stats.norm.isf(0.05 / 4) / np.sqrt(2)) == pytest.approx(0.1130, abs=5e-5)
    # the exact binomial tends to the limit, and the lab follows it at a large N
    assert _binomial_rejection(200_000, q) == pytest.approx(limit, abs=2e-3)
    lab = posthoc_error_rates("always-middle", 3000, "nemenyi", "studentized-range", n_reps=4000, seed=1)
    rate = lab.rejection_rates["studentized-range"][0]
    assert rate.low <= _binomial_rejection(3000, q) <= rate.high
    assert abs(rate.estimate - limit) < 4 * np.sqrt(limit * (1 - limit) / 4000)


def test_lab_result_type_and_text():
    lab = posthoc_error_rates("two-pairs", 12, "ttest", ["holm", "shaffer", "holm"], n_reps=300, seed=0)
    assert isinstance(lab, PosthocErrorRates) and lab.adjusts == ("holm", "shaffer")
    assert lab.names == ("A", "B", "C", "D") and lab.control is None and lab.n_reps == 300
    assert lab.true_null == (True, False, False, False, False, True)
    assert all(isinstance(r, Interval) and r.method == "wilson" for r in lab.fwer.values())
    assert all(len(rates) == 6 for rates in lab.rejection_rates.values())
    with pytest.raises(TypeError):
        lab.fwer["holm"] = None  # read-only
    text = str(lab)
    for part in ("test='ttest'", "'two-pairs'", "N = 12", "true hypotheses: A = B, C = D", "shaffer", "A = C"):
        assert part in text, part
    # no true hypothesis: no error is possible, the rate is exactly 0
    none = posthoc_error_rates("non-transitive", 12, "nemenyi", "holm", n_reps=50, seed=0)
    assert none.true_null == (False, False, False)
    assert none.fwer["holm"] == Interval(0.0, 0.0, 0.0, 1.0, "no true hypothesis: no error is possible")
    assert "0 (no true hypothesis)" in str(none)
    # seeded
    again = posthoc_error_rates("two-pairs", 12, "ttest", ["holm", "shaffer"], n_reps=300, seed=0)
    assert again.fwer == lab.fwer and again.rejection_rates == lab.rejection_rates


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"configuration": "chaos"}, ValueError, "configuration must be one of"),
        ({"n_datasets": 1}, ValueError, "n_datasets must be >= 2, got 1"),
        ({"n_datasets": 2.5}, ValueError, "n_datasets must be a whole number, got 2.5"),
        ({"n_datasets": True}, TypeError, "n_datasets must be an integer count, got True"),
        ({"n_datasets": 100_001}, ValueError, "n_datasets must be at most 100000 for the lab, got 100001"),
        ({"test": "tukey"}, ValueError, "test must be one of"),
        ({"adjusts": ()}, ValueError, "adjusts must name at least one adjustment"),
        ({"adjusts": ("holm", "tukey")}, ValueError, "adjusts must be one of"),
        ({"adjusts": 3}, TypeError, "adjusts must be an adjustment name or a sequence"),
        ({"adjusts": "studentized-range"}, ValueError, "needs test='nemenyi', got test='wilcoxon'"),
        ({"adjusts": "shaffer", "control": "A"}, ValueError, "adjusts must be one of"),
        ({"control": "E"}, ValueError, r"control must be None, one of the names \('A', 'B', 'C'\)"),
        ({"control": 3}, ValueError, r"column index in \[0, 2\], got 3"),
        ({"control": True}, ValueError, "control must be None"),
        ({"alpha": 1.5}, ValueError, "alpha"),
        ({"n_reps": 0}, ValueError, "n_reps"),
        ({"seed": "x"}, TypeError, "seed"),
    ],
)
def test_lab_bad_input(kwargs, error, match):
    call = {"configuration": "always-middle", "n_datasets": 10, "n_reps": 5} | kwargs
    with pytest.raises(error, match=match):
        posthoc_error_rates(**call)
    if set(kwargs) <= {"configuration", "n_datasets", "n_reps", "seed"}:
        with pytest.raises(error, match=match):
            posthoc_scores(call["configuration"], call["n_datasets"], call["n_reps"], call.get("seed", 0))
