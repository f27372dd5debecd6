"""Issue 15, part 2: the effect and its interval in every test result.

Oracles: brute-force Walsh averages and a brute-force enumeration of the 2^n
sign patterns (the order statistics R's wilcox.test(conf.int = TRUE)
documents: qsignrank(alpha/2, n) as the index of the lower limit), scipy's
binomtest().proportion_ci, ttest_rel().confidence_interval(), spearmanr and
statsmodels' proportion_confint; the definitions of the rank-biserial
correlation (Kerby 2014) and of Kendall's W (Kendall & Babington Smith
1939); duality of each interval with its test; coverage by simulation.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats
from statsmodels.stats.proportion import proportion_confint

from lecture_lib import (
    Interval,
    cochrans_q,
    corrected_repeated_cv_ttest,
    friedman,
    mcnemar,
    mcnemar_odds_ratio,
    mcnemar_tables,
    paired_accuracy_difference,
    paired_ttest,
    pairwise_mcnemar,
    plot_paired_rejection_rates,
    plot_rejection_rates,
    proportion_interval,
    sign_test,
    simulate_mcnemar,
    ttest_5x2cv,
    wilcoxon_example,
    wilcoxon_signed_rank,
)
from lecture_lib.simulate_paired import simulate_paired_tests
from lecture_lib.wilcoxon_sign import _walsh_order_statistics


def _walsh(d):
    """Every Walsh average (d_i + d_j) / 2, i <= j, sorted: the brute-force oracle."""
    d = np.sort(np.asarray(d, dtype=float))
    i, j = np.triu_indices(d.size)
    return np.sort((d[i] + d[j]) / 2.0)


def _signrank_cdf_by_enumeration(n):
    """P(R+ <= t) for ranks 1..n, by listing all 2^n sign patterns (n <= 14)."""
    ranks = np.arange(1, n + 1)
    patterns = np.array(list(itertools.product((0, 1), repeat=n)), dtype=np.int64)
    r_plus = patterns @ ranks
    counts = np.bincount(r_plus, minlength=n * (n + 1) // 2 + 1)
    return np.cumsum(counts) / 2.0**n


def _r_interval(d, confidence):
    """R's documented exact algorithm, with qsignrank from the enumeration (two-sided)."""
    n = len(d)
    walsh = _walsh(d)
    cdf = _signrank_cdf_by_enumeration(n)
    alpha = 1 - confidence
    qu = int(np.flatnonzero(cdf >= alpha / 2)[0])  # qsignrank(alpha / 2, n): smallest q with P(R+ <= q) >= alpha/2
    if qu == 0:
        return None  # R then returns [min, max] with a lower confidence; the library returns (-inf, inf)
    ql = n * (n + 1) // 2 - qu
    return walsh[qu - 1], walsh[ql]  # R's diffs[qu] and diffs[ql + 1], 1-based


# ---------------------------------------------------------------- Wilcoxon: Hodges-Lehmann


@pytest.mark.parametrize("seed", range(30))
def test_hodges_lehmann_is_the_median_of_the_walsh_averages(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 80))
    d = np.round(rng.normal(0.2, 1.0, n), int(rng.integers(0, 3)))  # ties and zeros
    for zero_method in ("pratt", "zsplit", "wilcox"):
        res = wilcoxon_signed_rank(d, zero_method=zero_method)
        assert res.hodges_lehmann == np.median(_walsh(d))  # the same float sums: exactly equal
        assert res.confidence_interval.estimate == res.hodges_lehmann


@pytest.mark.parametrize("seed", range(12))
def test_walsh_selection_without_listing_matches_brute_force(seed):
    # the path used above 2 million Walsh averages, forced on small inputs
    rng = np.random.default_rng(1000 + seed)
    n = int(rng.integers(1, 400))
    d = rng.standard_t(2, n) if seed % 3 else np.round(rng.normal(size=n), 1)
    walsh = _walsh(d)
    ks = np.unique(rng.integers(1, walsh.size + 1, size=min(walsh.size, 40)))
    for finish in (0, 7, 1000):
        got = _walsh_order_statistics(d, ks, list_max=0, finish=finish)
        np.testing.assert_array_equal(got, walsh[ks - 1])


@pytest.mark.parametrize("n", [6, 7, 9, 10, 12, 14])
@pytest.mark.parametrize("confidence", [0.8, 0.9, 0.95, 0.99])
def test_exact_interval_follows_rs_documented_algorithm(n, confidence):
    rng = np.random.default_rng(n * 100 + int(confidence * 100))
    d = rng.normal(0.3, 1.0, n)
    res = wilcoxon_signed_rank(d, method="exact", confidence=confidence)
    expected = _r_interval(d, confidence)
    if expected is None:
        assert (res.confidence_interval.low, res.confidence_interval.high) == (-math.inf, math.inf)
        assert res.interval_coverage == 1.0
    else:
        assert (res.confidence_interval.low, res.confidence_interval.high) == expected
        # its coverage for continuous differences, from the enumeration: 1 - 2 P(R+ <= c)
        cdf = _signrank_cdf_by_enumeration(n)
        c = int(np.flatnonzero(cdf <= (1 - confidence) / 2)[-1])
        assert res.interval_coverage == pytest.approx(1 - 2 * cdf[c], abs=1e-12)
        assert res.interval_coverage >= confidence
    assert res.confidence_interval.confidence == confidence
    assert res.confidence_interval.method == "exact signed-rank (Walsh averages)"


def test_seed001_interval_spans_all_walsh_averages():
    # seed 001, rpart - ranger on six tasks: c = 0, so the exact interval runs from the smallest to
    # the largest Walsh average with coverage 1 - 2/64 = 62/64 (Hollander, Wolfe & Chicken 2014, 3.3)
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    res = wilcoxon_signed_rank(ex.differences)
    walsh = _walsh(ex.differences)
    assert (res.confidence_interval.low, res.confidence_interval.high) == (walsh[0], walsh[-1])
    assert res.interval_coverage == 62 / 64
    assert res.hodges_lehmann == pytest.approx(0.06655, abs=1e-12)  # median (11th of 21) Walsh average


def test_too_few_pairs_give_the_whole_line():
    # n = 5: the smallest two-sided exact p-value is 2/32 > 0.05, so no shift can be rejected
    res = wilcoxon_signed_rank([0.1, 0.2, 0.3, 0.4, 0.5], method="exact")
    assert (res.confidence_interval.low, res.confidence_interval.high) == (-math.inf, math.inf)
    assert res.interval_coverage == 1.0
    assert res.hodges_lehmann == 0.3
    # at 90 % the same data give a finite interval: 2/32 <= 0.10, c = 0
    res90 = wilcoxon_signed_rank([0.1, 0.2, 0.3, 0.4, 0.5], method="exact", confidence=0.9)
    assert (res90.confidence_interval.low, res90.confidence_interval.high) == (0.1, 0.5)


@pytest.mark.parametrize("seed", range(60))
def test_exact_interval_excludes_zero_exactly_when_the_exact_test_rejects(seed):
    # continuous differences (no ties, no zeros): the interval is the set of shifts the test keeps
    rng = np.random.default_rng(5000 + seed)
    n = int(rng.integers(6, 30))
    d = rng.normal(rng.uniform(0, 1.2), 1.0, n)
    for confidence in (0.9, 0.95, 0.99):
        alpha = 1 - confidence
        two = wilcoxon_signed_rank(d, method="exact", confidence=confidence)
        excludes = two.confidence_interval.low > 0 or two.confidence_interval.high < 0
        assert excludes == (two.pvalue <= alpha)
        greater = wilcoxon_signed_rank(d, method="exact", alternative="greater", confidence=confidence)
        assert greater.confidence_interval.high == math.inf
        assert (greater.confidence_interval.low > 0) == (greater.pvalue <= alpha)
        less = wilcoxon_signed_rank(d, method="exact", alternative="less", confidence=confidence)
        assert less.confidence_interval.low == -math.inf
        assert (less.confidence_interval.high < 0) == (less.pvalue <= alpha)


def test_duality_sees_both_outcomes():
    # the duality test above is only worth something if both decisions occur
    outcomes = set()
    for seed in range(60):
        rng = np.random.default_rng(5000 + seed)
        n = int(rng.integers(6, 30))
        d = rng.normal(rng.uniform(0, 1.2), 1.0, n)
        outcomes.add(wilcoxon_signed_rank(d, method="exact").pvalue <= 0.05)
    assert outcomes == {True, False}


@pytest.mark.parametrize("n", [51, 80, 150, 300])
def test_normal_interval_is_close_to_the_exact_one(n):
    # the normal count c differs from the exact one by at most one Walsh average
    rng = np.random.default_rng(n)
    d = rng.normal(0.1, 1.0, n)
    approx = wilcoxon_signed_rank(d, method="approx")
    exact = wilcoxon_signed_rank(d, method="exact")
    walsh = _walsh(d)
    low_index = np.searchsorted(walsh, approx.confidence_interval.low)
    exact_index = np.searchsorted(walsh, exact.confidence_interval.low)
    assert abs(low_index - exact_index) <= 1
    assert approx.confidence_interval.method == "normal signed-rank (Walsh averages)"
    assert approx.interval_coverage == pytest.approx(exact.interval_coverage, abs=0.003)


def test_exact_coverage_by_simulation():
    # n = 7 normal differences around 0.4: the true centre is 0.4; the exact interval must cover
    # it in 1 - 2 P(R+ <= 2) = 1 - 6/128 = 0.953 of samples (Monte Carlo sd about 0.0034)
    rng = np.random.default_rng(11)
    hits, n_sim = 0, 4000
    for _ in range(n_sim):
        res = wilcoxon_signed_rank(rng.normal(0.4, 1.0, 7), method="exact")
        hits += res.confidence_interval.low <= 0.4 <= res.confidence_interval.high
    assert res.interval_coverage == pytest.approx(1 - 6 / 128)
    assert abs(hits / n_sim - (1 - 6 / 128)) < 4 * math.sqrt(0.953 * 0.047 / n_sim)


def test_coverage_with_rounded_data_stays_near_nominal():
    # scores rounded to 0.01 (ties and zeros): the closed interval still covers the centre
    rng = np.random.default_rng(12)
    hits, n_sim = 0, 3000
    for _ in range(n_sim):
        d = np.round(rng.normal(0.02, 0.03, 14), 2)
        res = wilcoxon_signed_rank(d)
        hits += res.confidence_interval.low <= 0.02 <= res.confidence_interval.high
    assert hits / n_sim >= 0.95 - 4 * math.sqrt(0.95 * 0.05 / n_sim)


@pytest.mark.parametrize("seed", range(25))
def test_rank_biserial_matches_its_definition(seed):
    rng = np.random.default_rng(200 + seed)
    d = np.round(rng.normal(0.3, 1.0, int(rng.integers(2, 40))), 1)
    for zero_method in ("pratt", "zsplit", "wilcox"):
        res = wilcoxon_signed_rank(d, zero_method=zero_method)
        # Kerby's (2014) simple difference formula, from scipy's ranks (independent of ours)
        if zero_method == "wilcox":
            kept = d[d != 0]
            ranks = stats.rankdata(np.abs(kept))
            plus, minus = ranks[kept > 0].sum(), ranks[kept < 0].sum()
        else:
            ranks = stats.rankdata(np.abs(d))
            plus, minus = ranks[d > 0].sum(), ranks[d < 0].sum()
            if zero_method == "zsplit":
                plus += ranks[d == 0].sum() / 2
                minus += ranks[d == 0].sum() / 2
        expected = (plus - minus) / (plus + minus) if plus + minus > 0 else 0.0
        assert res.rank_biserial == pytest.approx(expected, abs=1e-12)
        assert -1.0 <= res.rank_biserial <= 1.0


def test_rank_biserial_ends_and_zeros():
    assert wilcoxon_signed_rank([0.1, 0.2, 0.3]).rank_biserial == 1.0
    assert wilcoxon_signed_rank([-0.1, -0.2, -0.3]).rank_biserial == -1.0
    assert wilcoxon_signed_rank([0.0, 0.0]).rank_biserial == 0.0  # nothing ranked: no effect either way
    # no zeros: (R+ - R-) / (n (n + 1) / 2) = 4 R+ / (n (n + 1)) - 1
    res = wilcoxon_signed_rank([0.5, -0.1, 0.3, 0.2])
    assert res.rank_biserial == pytest.approx(4 * res.r_plus / 20 - 1)


def test_wilcoxon_confidence_bad_input():
    with pytest.raises(ValueError, match=r"confidence must lie in \(0, 1\), got 1.0"):
        wilcoxon_signed_rank([0.1, 0.2], confidence=1.0)
    with pytest.raises(TypeError, match="confidence must be a number"):
        wilcoxon_signed_rank([0.1, 0.2], confidence="95%")


# ---------------------------------------------------------------- sign test


@pytest.mark.parametrize("seed", range(30))
def test_sign_test_win_probability_is_clopper_pearson(seed):
    rng = np.random.default_rng(300 + seed)
    n = int(rng.integers(1, 40))
    x = np.round(rng.normal(0.1, 1, n), 1)
    y = np.round(rng.normal(0.0, 1, n), 1)
    for ties in ("split", "drop"):
        for confidence in (0.9, 0.95):
            res = sign_test(x, y, ties=ties, confidence=confidence)
            if res.n == 0:
                assert math.isnan(res.win_probability.estimate)
                assert (res.win_probability.low, res.win_probability.high) == (0.0, 1.0)
                continue
            ci = stats.binomtest(int(res.statistic), res.n).proportion_ci(confidence, method="exact")
            assert res.win_probability.low == pytest.approx(ci.low, abs=1e-10)
            assert res.win_probability.high == pytest.approx(ci.high, abs=1e-10)
            assert res.win_probability.estimate == res.statistic / res.n
            # the interval excludes 1/2 exactly when the exact two-sided test rejects
            excludes = res.win_probability.low > 0.5 or res.win_probability.high < 0.5
            assert excludes == (res.pvalue <= 1 - confidence)


def test_sign_test_win_probability_demsar():
    # Demšar (2006): tuned C4.5 gets 10 wins, 2 losses, 2 ties; split ties: 11 of 14
    dem = wilcoxon_example("demsar2006_table2")
    res = sign_test(dem.scores_1, dem.scores_2)
    assert (res.statistic, res.n) == (11.0, 14)
    ci = stats.binomtest(11, 14).proportion_ci(0.95, method="exact")
    assert (res.win_probability.low, res.win_probability.high) == pytest.approx((ci.low, ci.high), abs=1e-12)
    assert res.win_probability.low < 0.5 < res.win_probability.high and res.pvalue > 0.05


# ---------------------------------------------------------------- Friedman: Kendall's W


def _kendalls_w_direct(scores):
    """W = 12 S / (N^2 (k^3 - k) - N sum T) with mid-ranks per data set (higher score = rank 1)."""
    scores = np.asarray(scores, dtype=float)
    n, k = scores.shape
    ranks = np.vstack([stats.rankdata(-row) for row in scores])
    rank_sums = ranks.sum(axis=0)
    s = np.sum((rank_sums - n * (k + 1) / 2) ** 2)
    ties = 0.0
    for row in scores:
        _, counts = np.unique(row, return_counts=True)
        ties += np.sum(counts**3 - counts)
    return 12 * s / (n**2 * (k**3 - k) - n * ties)


@pytest.mark.parametrize("seed", range(30))
def test_kendalls_w_matches_its_direct_formula(seed):
    rng = np.random.default_rng(400 + seed)
    n, k = int(rng.integers(2, 25)), int(rng.integers(2, 8))
    scores = np.round(rng.normal(np.arange(k) * rng.uniform(0, 0.5), 1.0, (n, k)), int(rng.integers(0, 3)))
    if np.all(scores == scores[:, :1]):
        scores[0, 0] += 1.0
    res = friedman(scores)
    assert res.kendalls_w == pytest.approx(_kendalls_w_direct(scores), rel=1e-10, abs=1e-12)
    assert res.kendalls_w == pytest.approx(res.statistic / (n * (k - 1)), rel=1e-12)
    assert 0.0 <= res.kendalls_w <= 1.0 + 1e-12


@pytest.mark.parametrize("seed", range(10))
def test_kendalls_w_and_the_average_spearman_correlation(seed):
    # without ties, the mean Spearman correlation over pairs of data sets is (N W - 1) / (N - 1)
    rng = np.random.default_rng(500 + seed)
    n, k = int(rng.integers(3, 12)), int(rng.integers(3, 7))
    scores = rng.normal(np.arange(k) * 0.4, 1.0, (n, k))
    w = friedman(scores).kendalls_w
    rhos = [stats.spearmanr(scores[i], scores[j])[0] for i, j in itertools.combinations(range(n), 2)]
    assert np.mean(rhos) == pytest.approx((n * w - 1) / (n - 1), abs=1e-10)


def test_kendalls_w_ends():
    same_order = np.array([[0.9, 0.8, 0.7]] * 5)
    assert friedman(same_order).kendalls_w == 1.0
    all_tied = np.full((4, 3), 0.5)
    assert friedman(all_tied).kendalls_w == 0.0


# ---------------------------------------------------------------- McNemar and Cochran


@pytest.mark.parametrize("seed", range(20))
def test_mcnemar_carries_the_difference_and_the_odds_ratio(seed):
    rng = np.random.default_rng(600 + seed)
    table = rng.integers(0, 40, size=(2, 2))
    if table.sum() == 0:
        table[0, 0] = 1
    for confidence in (0.9, 0.95):
        res = mcnemar(table, confidence=confidence)
        assert res.accuracy_difference == paired_accuracy_difference(table, confidence)
        expected_or = mcnemar_odds_ratio(table, confidence)
        assert (res.odds_ratio.low, res.odds_ratio.high) == (expected_or.low, expected_or.high)
        assert res.accuracy_difference.estimate == (table[0, 1] - table[1, 0]) / table.sum()
        # the exact conditional interval of the odds ratio excludes 1 exactly when the exact test rejects
        exact = mcnemar(table, method="exact", confidence=confidence)
        if table[0, 1] + table[1, 0] > 0:
            excludes = exact.odds_ratio.low > 1 or exact.odds_ratio.high < 1
            assert excludes == (exact.pvalue <= 1 - confidence)


def test_mcnemar_all_zero_table_has_no_estimate():
    res = mcnemar([[0, 0], [0, 0]])
    assert res.pvalue == 1.0
    assert math.isnan(res.accuracy_difference.estimate)
    assert (res.accuracy_difference.low, res.accuracy_difference.high) == (-1.0, 1.0)
    assert math.isnan(res.odds_ratio.estimate) and res.odds_ratio.high == math.inf


def test_mcnemar_seed000_panels():
    # seed 000: the same effect (0.1 points) in both panels; A's interval excludes 0, B's does not
    a = mcnemar([[9959, 11], [1, 29]]).accuracy_difference
    b = mcnemar([[9945, 25], [15, 15]]).accuracy_difference
    assert a.estimate == b.estimate == 0.001
    assert a.low > 0 > b.low
    assert a.method == b.method == "bonett-price"


@pytest.mark.parametrize("seed", range(10))
def test_cochran_accuracy_intervals_are_wilson(seed):
    rng = np.random.default_rng(700 + seed)
    n, k = int(rng.integers(5, 200)), int(rng.integers(2, 6))
    y = rng.integers(0, 3, n)
    preds = [np.where(rng.random(n) < rng.uniform(0.3, 0.95), y, (y + 1) % 3) for _ in range(k)]
    res = cochrans_q(y, *preds, confidence=0.9)
    for pred, interval, accuracy in zip(preds, res.accuracy_intervals, res.accuracies):
        right = int(np.sum(pred == y))
        low, high = proportion_confint(right, n, alpha=0.1, method="wilson")
        assert interval.estimate == accuracy == right / n
        assert (interval.low, interval.high) == pytest.approx((low, high), abs=1e-12)
        assert interval.confidence == 0.9 and interval.method == "wilson"
    text = str(res)
    assert text.count("(90 % wilson)") == k


def test_pairwise_differences_are_bonferroni_simultaneous_bonett_price():
    rng = np.random.default_rng(8)
    n = 300
    y = rng.integers(0, 2, n)
    preds = [np.where(rng.random(n) < acc, y, 1 - y) for acc in (0.9, 0.85, 0.8, 0.7)]
    res = pairwise_mcnemar(y, *preds, alpha=0.05)
    tables = mcnemar_tables(y, *preds)
    m = len(res.pairs)
    for (i, j), difference in zip(res.pairs, res.differences):
        assert difference == paired_accuracy_difference(tables[i, j], 1 - 0.05 / m)
    for pred, interval in zip(preds, res.accuracy_intervals):
        assert interval == proportion_interval(int(np.sum(pred == y)), n, 0.95)


def test_pairwise_intervals_cover_together():
    # three models, 95 % family-wise: all three intervals cover their true differences together
    # in at least about 95 % of test sets (Monte Carlo sd about 0.005)
    rng = np.random.default_rng(9)
    n, n_sim, hits = 200, 1500, 0
    true_acc = np.array([0.85, 0.8, 0.8])
    for _ in range(n_sim):
        y = np.zeros(n, dtype=int)
        preds = [np.where(rng.random(n) < a, 0, 1) for a in true_acc]  # independent errors
        res = pairwise_mcnemar(y, *preds)
        hits += all(iv.low <= true_acc[i] - true_acc[j] <= iv.high for (i, j), iv in zip(res.pairs, res.differences))
    assert hits / n_sim >= 0.95 - 4 * math.sqrt(0.05 * 0.95 / n_sim)


# ---------------------------------------------------------------- t-tests


@pytest.mark.parametrize("seed", range(30))
def test_5x2cv_interval_inverts_the_test(seed):
    rng = np.random.default_rng(900 + seed)
    a = rng.normal(0.85, 0.02, (5, 2))
    b = a - rng.normal(rng.uniform(0, 0.03), 0.015, (5, 2))
    for confidence in (0.9, 0.95):
        res = ttest_5x2cv(a, b, confidence=confidence)
        half = stats.t.ppf(0.5 + confidence / 2, 5) * math.sqrt(res.mean_variance)
        ci = res.confidence_interval
        assert ci.estimate == res.first_difference == pytest.approx(a[0, 0] - b[0, 0], abs=1e-15)
        assert (ci.low, ci.high) == pytest.approx((res.first_difference - half, res.first_difference + half),
                                                  rel=1e-12, abs=1e-15)
        assert (ci.low > 0 or ci.high < 0) == (res.pvalue <= 1 - confidence)
        assert ci.method == "5x2cv t" and ci.confidence == confidence


def test_fold_and_paired_t_intervals_are_intervals():
    res = paired_ttest([0.9, 0.8, 0.85, 0.7], [0.85, 0.8, 0.8, 0.72])
    assert isinstance(res.confidence_interval, Interval)
    low, high = res.confidence_interval  # still unpacks as a pair
    assert low < res.mean_difference < high and res.confidence_interval.method == "paired t"
    cv = corrected_repeated_cv_ttest([[0.8, 0.82], [0.81, 0.79]], [[0.78, 0.8], [0.8, 0.8]])
    assert isinstance(cv.confidence_interval, Interval)


# ---------------------------------------------------------------- Wilson replaced


# The old private Wilson formula put the rate outside its own interval by rounding at exactly these
# sizes: 0 rejections of 3 gave a lower limit of 5.6e-17 > 0, and 20 000 of 20 000 an upper limit
# 1.1e-16 below 1, so the error bars came out negative and matplotlib refused to draw them.
@pytest.mark.parametrize("n_reps", [1, 3, 37, 20_000])
def test_rejection_rates_at_zero_and_at_all_rejections_draw(n_reps):
    import matplotlib.pyplot as plt

    # never rejects: no disagreements at all; always rejects: model 1 wins every disagreement
    never = simulate_mcnemar(500, 0.0, n_reps=n_reps, seed=0)
    always = simulate_mcnemar(2000, 0.5, n_reps=n_reps, p_b=1.0, seed=0)
    assert np.all(never.rates == 0.0) and np.all(never.ci_low == 0.0)
    assert np.all(always.rates == 1.0) and np.all(always.ci_high == 1.0)
    for result in (never, always):
        assert np.all(result.ci_low <= result.rates) and np.all(result.rates <= result.ci_high)
        fig, ax = plt.subplots()
        plot_rejection_rates(result, ax=ax)  # negative error bars used to crash matplotlib here
        plt.close(fig)


def test_paired_rejection_plot_draws_at_the_ends():
    import matplotlib.pyplot as plt

    sim = simulate_paired_tests(n_reps=20, seed=0)
    rates = sim.rates(0.05)
    assert np.all(rates.ci_low <= rates.rates) and np.all(rates.rates <= rates.ci_high)
    for alpha in (1e-12, 0.999999):  # (nearly) never and (nearly) always rejecting
        result = sim.rates(alpha)
        fig, ax = plt.subplots()
        plot_paired_rejection_rates(result, ax=ax)
        plt.close(fig)


# ---------------------------------------------------------------- widgets (chapters 2 and 5)


@pytest.mark.parametrize("difference, psi, power", [(0.01, 0.05, 0.8), (0.02, 0.1, 0.9), (0.05, 0.3, 0.8),
                                                    (0.005, 0.5, 0.95), (0.1, 0.1, 0.5)])
def test_sample_size_report_gives_connors_n_and_the_exact_power(difference, psi, power):
    from lecture_lib import mcnemar_power, mcnemar_sample_size
    from lecture_lib.widgets import SAMPLE_SIZE_EXACT_MAX_VARIANCE, mcnemar_sample_size_report

    text = mcnemar_sample_size_report(difference, psi, power)
    n = mcnemar_sample_size(psi, difference, power=power).n_connor
    assert f"n = {n}</b>" in text
    if n * psi * (1 - psi) <= SAMPLE_SIZE_EXACT_MAX_VARIANCE:
        assert f"at n = {n}: {mcnemar_power(n, psi, difference).power:.3f}" in text
    else:
        assert f"mcnemar_power({n}, {psi:g}, {difference:g})" in text
    half = stats.norm.ppf(0.975) * math.sqrt((psi - difference**2) / n)
    assert f"&plusmn;{100 * half:.2g} points" in text


def test_sample_size_report_connor_fixture():
    # Connor (1987) via issue 15: psi = 0.05, delta = 0.01 gives n = 3923
    from lecture_lib.widgets import mcnemar_sample_size_report

    assert "n = 3923</b>" in mcnemar_sample_size_report(0.01, 0.05, 0.8, 0.05)


def test_sample_size_report_bad_input():
    from lecture_lib.widgets import mcnemar_sample_size_report

    with pytest.raises(ValueError, match="difference"):
        mcnemar_sample_size_report(0.2, 0.1)  # a difference larger than the disagreement rate
    with pytest.raises(ValueError, match="difference must be positive"):
        mcnemar_sample_size_report(-0.01, 0.1)
    with pytest.raises(ValueError, match="power"):
        mcnemar_sample_size_report(0.01, 0.1, power=1.0)
    with pytest.raises(ValueError, match="alpha"):
        mcnemar_sample_size_report(0.01, 0.1, alpha=0.0)


def test_sample_size_explorer_follows_its_sliders():
    from lecture_lib.widgets import mcnemar_sample_size_explorer, mcnemar_sample_size_report

    box = mcnemar_sample_size_explorer()
    (d_slider, _psi_slider), power_slider, text = box.children[0].children, box.children[1], box.children[2]
    assert text.value == mcnemar_sample_size_report(0.01, 0.05, 0.8)
    power_slider.value = 0.9
    assert text.value == mcnemar_sample_size_report(0.01, 0.05, 0.9)
    d_slider.value = 10.0  # more than the 5 % disagreement: clamped to it
    assert text.value == mcnemar_sample_size_report(0.05, 0.05, 0.9)


def test_wilcoxon_report_shows_the_effect():
    from lecture_lib.widgets import wilcoxon_report

    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    res = wilcoxon_signed_rank(ex.differences, method="exact")
    html = wilcoxon_report(ex.differences, ex.datasets)
    assert f"(Hodges-Lehmann) {res.hodges_lehmann:+.4g}" in html
    assert "coverage 96.9 %" in html and "rank-biserial correlation +0.80" in html
