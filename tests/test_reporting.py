"""report() writes a comparison up; practical_significance judges an interval (issues 15 and 24).

Each paragraph is checked for the numbers it must carry, recomputed here from
the result (not copied from the function's own output): the test and its
variant, the statistic and df, the p-value, the effect with its interval and
method, the design and the seeds. Issue 24: for every result type a grid of
inputs checks that "significant" goes with a first interval that excludes the
null value, and that any other interval printed beside the verdict that
disagrees with it comes with a sentence saying why (and only then).
"""

from __future__ import annotations

import math
import re
from decimal import Decimal

import numpy as np
import pytest
from scipy import stats

from lecture_lib import (
    Interval,
    appml_benchmark,
    calibration_test,
    clustered_auc_test,
    clustered_mcnemar,
    cochrans_q,
    control_comparisons,
    corrected_repeated_cv_ttest,
    diebold_mariano_test,
    friedman,
    kfold_cv_ttest,
    mcnemar,
    meta_analysis,
    noninferiority_test,
    paired_ttest,
    pairwise_comparisons,
    pairwise_mcnemar,
    practical_significance,
    report,
    resampled_ttest,
    sign_test,
    ttest_5x2cv,
    wilcoxon_example,
    wilcoxon_signed_rank,
)
from lecture_lib.mcnemar import MCNEMAR_METHODS
from lecture_lib.paired import AlgorithmComparison
from lecture_lib.posthoc import PairwiseComparisons
from lecture_lib.reporting import DISAGREEMENT_MARK

PANEL_A = [[9959, 11], [1, 29]]  # source 000
PANEL_B = [[9945, 25], [15, 15]]
S4_TABLE = [[980, 9], [2, 9]]  # statistics review 2, item S4


def _points(x):
    return f"{100 * x:.2f}"


_CI = re.compile(r"\(([\d.]+) % CI (minus infinity|[^ ]+) to (infinity|[^ ,);]+)")


def _number(text):
    return {"infinity": math.inf, "minus infinity": -math.inf}.get(text, None) or float(text)


def _printed_intervals(text):
    """The intervals of a paragraph as printed: (confidence in per cent, low, high), in order."""
    return [(float(c), _number(lo), _number(hi)) for c, lo, hi in _CI.findall(text)]


def _excludes(low, high, null):
    return low > null or high < null


def _verdict(text, alpha):
    significant = f"Significant at the {alpha:g} level" in text
    assert significant != (f"Not significant at the {alpha:g} level" in text)
    return significant


# ---------------------------------------------------------------- practical significance


@pytest.mark.parametrize("low, high, m, verdict", [
    (0.02, 0.05, 0.01, "practically relevant"),        # all above +m
    (-0.05, -0.02, 0.01, "practically relevant"),      # all below -m
    (-0.005, 0.008, 0.01, "negligible in practice"),   # inside (-m, m)
    (0.002, 0.03, 0.01, "statistically but not necessarily practically significant"),
    (-0.03, -0.002, 0.01, "statistically but not necessarily practically significant"),
    (-0.02, 0.03, 0.01, "inconclusive"),
    (-0.005, 0.01, 0.01, "inconclusive"),              # reaching m exactly: not ruled out
    (0.01, 0.03, 0.01, "statistically but not necessarily practically significant"),  # L = m: m not exceeded
])
def test_practical_significance_categories(low, high, m, verdict):
    interval = Interval((low + high) / 2, low, high, 0.95, "wald")
    assert practical_significance(interval, m).split(":")[0] == verdict


def test_practical_significance_on_source000():
    # panel A: significant (mid-p 0.0034), interval 0.027 to 0.173 points: within +-0.5 points
    a = mcnemar(PANEL_A).accuracy_difference
    assert practical_significance(a, 0.005).startswith("negligible in practice")
    assert practical_significance(a, 0.0002).startswith("practically relevant")
    assert practical_significance(a, 0.001).startswith("statistically but not necessarily")
    b = mcnemar(PANEL_B).accuracy_difference
    assert practical_significance(b, 0.001).startswith("inconclusive")
    text = practical_significance(a, 0.01, percentage_points=True)
    assert "[0.0267, 0.173] percentage points" in text and "±1 percentage point," in text


def test_practical_significance_bad_input():
    interval = Interval(0.02, 0.01, 0.03, 0.95, "wald")
    with pytest.raises(TypeError, match="interval must be an Interval"):
        practical_significance((0.01, 0.03), 0.01)
    for bad in (0.0, -0.01, math.inf, math.nan):
        with pytest.raises(ValueError, match="minimum_effect must be a positive finite number"):
            practical_significance(interval, bad)
    with pytest.raises(TypeError, match="minimum_effect"):
        practical_significance(interval, "0.01")
    with pytest.raises(ValueError, match="undefined limits"):
        practical_significance(Interval(math.nan, math.nan, math.nan, 0.95, "x"), 0.01)
    with pytest.raises(TypeError, match="percentage_points"):
        practical_significance(interval, 0.01, percentage_points="yes")


# ---------------------------------------------------------------- McNemar


def test_report_mcnemar_numbers():
    result = mcnemar(PANEL_A)
    text = report(result, names=("A", "B"), design="10 000 images", seeds=[1, 2], width=None)
    share, odds, d = result.win_probability, result.odds_ratio, result.accuracy_difference
    assert "McNemar's test (mid-p binomial version, two-sided): min(b, c) = 1, p = 0.00342." in text  # 14/4096
    assert "They disagreed on 12 of them: A was right on 11 and B on 1." in text
    # the interval the test inverts first, then the Bonett-Price interval, labelled as another method
    assert (f"Share of the disagreements won by A: 11 of 12, {11 / 12:.3g} (95 % CI {share.low:.3g} to "
            f"{share.high:.3g}, mid-p, the interval this test inverts)") in text
    assert f"as odds, 11 (95 % CI {odds.low:.3g} to {odds.high:.3g})" in text
    assert (f"{_points(d.estimate)} percentage points (95 % CI {_points(d.low)} to {_points(d.high)}, "
            "Bonett-Price); this interval comes from another method") in text
    assert text.index("mid-p, the interval this test inverts") < text.index("Bonett-Price")
    assert "(10 000 images)" in text and "Random seeds: 1, 2." in text
    assert "Significant at the 0.05 level" in text and DISAGREEMENT_MARK not in text
    assert "Not significant at the 0.05 level; that is no evidence that H0 holds" in report(mcnemar(PANEL_B),
                                                                                             width=None)
    chi2 = report(mcnemar(PANEL_A, method="chi2"), width=None)
    assert "chi-squared(1) = 8.333" in chi2 and "without continuity correction" in chi2
    assert "p = 0.00389 (chi-squared approximation)" in chi2 and "Wilson score, the interval this test inverts" in chi2
    assert "Random seeds: not stated" in chi2
    names = {"exact": "Clopper-Pearson", "corrected": "Wilson score with continuity correction"}
    for method, name in names.items():
        assert f"{name}, the interval this test inverts" in report(mcnemar(PANEL_B, method), width=None)


def test_report_review_s4_says_why_the_bonett_price_interval_disagrees():
    # Review S4: mid-p p = 79/2048 = 0.0386 (significant) beside a Bonett-Price interval -0.01 to 1.40 points
    text = report(mcnemar(S4_TABLE), width=None)
    (_, share_low, share_high), _, (_, bp_low, bp_high) = _printed_intervals(text)
    assert "p = 0.0386" in text and _verdict(text, 0.05)
    assert share_low > 0.5  # the mid-p interval of the share excludes 1/2, as the test rejects
    assert bp_low < 0 < bp_high and (bp_low, bp_high) == (-0.01, 1.40)
    sentence = [s for s in text.split(". ") if DISAGREEMENT_MARK in s]
    assert len(sentence) == 1 and "Bonett-Price interval includes no difference" in sentence[0]
    assert "not the inversion of McNemar's test" in sentence[0]


@pytest.mark.parametrize("method", MCNEMAR_METHODS)
def test_mcnemar_verdict_and_intervals_on_every_small_table(method):
    # Issue 24: every table with b, c <= 30 at three levels, the intervals computed at the verdict's level
    # (default alpha) or recomputed by report() (alpha given, result at 95 %): "significant" exactly when
    # the first interval printed (the share) and the odds interval exclude their null values; the
    # Bonett-Price interval may disagree, and then (and only then) a sentence says why.
    explained = 0
    for alpha in (0.01, 0.05, 0.10):
        for b in range(31):
            for c in range(31):
                for result, given in ((mcnemar([[40, b], [c, 12]], method, confidence=1 - alpha), None),
                                      (mcnemar([[40, b], [c, 12]], method), alpha)):
                    text = report(result, alpha=given, width=None)
                    significant = _verdict(text, alpha)
                    assert significant == (result.pvalue <= alpha)
                    printed = _printed_intervals(text)
                    assert all(conf == pytest.approx(100 * (1 - alpha), abs=0.005) for conf, _, _ in printed)
                    if b + c:
                        (_, low, high), (_, odds_low, odds_high), (_, bp_low, bp_high) = printed
                        assert _excludes(low, high, 0.5) == significant, (b, c, alpha)
                        assert _excludes(odds_low, odds_high, 1.0) == significant, (b, c, alpha)
                    else:
                        ((_, bp_low, bp_high),) = printed
                    disagrees = _excludes(bp_low, bp_high, 0.0) != significant
                    assert (DISAGREEMENT_MARK in text) == disagrees, (b, c, alpha)
                    explained += disagrees
    assert explained > 0  # the Bonett-Price interval does disagree on some tables (S4 is one)


def test_report_mcnemar_alpha_and_minimum_effect():
    result = mcnemar(PANEL_A)
    text = report(result, alpha=0.001, width=None)
    assert "Not significant at the 0.001 level" in text
    assert "(99.9 % CI" in text and "(95 % CI" not in text  # the intervals follow the verdict's level
    assert "Significant at the 0.01 level" in report(mcnemar(PANEL_A, confidence=0.99), width=None)
    text = report(result, minimum_effect=0.005, width=None)
    assert ("Compared with the smallest difference that matters (0.5 percentage points), the result is "
            "negligible") in text
    # an all-zero table: no effect sentence, no practical verdict, still a paragraph
    empty = report(mcnemar([[0, 0], [0, 0]]), minimum_effect=0.01, width=None)
    assert "p = 1" in empty and "Accuracy of" not in empty and "smallest difference" not in empty
    assert "no test examples at all" in empty
    no_disagreement = report(mcnemar([[30, 0], [0, 5]]), width=None)
    assert "nothing to estimate about which model wins one" in no_disagreement


def test_printed_limits_never_round_onto_the_null_value():
    # a limit of 0.4996 must not print as "0.5", nor -0.00004 points as "-0.00": more digits instead
    interval = Interval(0.7, 0.49996, 0.9, 0.95, "midp")
    from lecture_lib.reporting import _effect

    assert "0.49996 to 0.9" in _effect(interval, False, null=0.5)
    assert "0.5 to 0.9" in _effect(interval, False)
    assert "-0.00004 to 1.00" in _effect(Interval(0.005, -4e-7, 0.01, 0.95, "x"), True, null=0.0)


# ---------------------------------------------------------------- Cochran's Q and pairwise McNemar


def _three_models(seed, n=300, accuracies=(0.9, 0.8, 0.7)):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, [np.where(rng.random(n) < acc, y, 1 - y) for acc in accuracies]


def test_report_cochran_says_that_overlap_is_not_a_test():
    for seed in range(30):
        y, preds = _three_models(seed, n=60, accuracies=(0.8, 0.75, 0.7))
        q = cochrans_q(y, *preds)
        text = report(q, names=("lr", "svm", "tree"), width=None)
        assert _verdict(text, 0.05) == (q.pvalue <= 0.05)
        assert "not for a difference between models: whether two of them overlap is not a test" in text
        assert "read neither overlap as \"no difference\" nor separation as \"a difference\"" in text
    first = q.accuracy_intervals[0]
    assert (f"lr {_points(first.estimate)} % (95 % CI {_points(first.low)} to {_points(first.high)}, Wilson)"
            in text)
    assert f"Q({q.df}) = {q.statistic:.3g}" in text and f"{q.n_informative} examples split them" in text
    with pytest.raises(ValueError, match="minimum_effect applies to results whose effect is a difference"):
        report(q, minimum_effect=0.01)


def _items(text):
    return [item.replace("\n  ", " ") for item in text.split("\n- ")[1:]]


@pytest.mark.parametrize("adjust", ["holm", "bonferroni", "hochberg", "bh"])
def test_pairwise_mcnemar_items_say_why_a_decision_and_an_interval_differ(adjust):
    explained = 0
    for seed in range(40):
        y, preds = _three_models(seed, n=150, accuracies=(0.85, 0.78, 0.72, 0.7))
        result = pairwise_mcnemar(y, *preds, adjust=adjust, method=("midp", "exact", "chi2", "corrected")[seed % 4])
        m = result.n_comparisons
        items = _items(report(result, width=1000))
        assert len(items) == m
        for idx, item in enumerate(items):
            significant = bool(result.reject[idx])
            assert (": significant;" in item) == significant
            printed = _printed_intervals(item)
            assert all(conf == pytest.approx(100 * (1 - 0.05 / m), abs=0.005) for conf, _, _ in printed)
            (_, low, high), (_, bp_low, bp_high) = printed
            share_disagrees = _excludes(low, high, 0.5) != significant
            bp_disagrees = _excludes(bp_low, bp_high, 0.0) != significant
            assert (DISAGREEMENT_MARK in item) == (share_disagrees or bp_disagrees), item
            # the share interval inverts the pair's test at alpha/m: only a step-wise procedure departs from it
            assert _excludes(low, high, 0.5) == (result.pvalue[idx] <= 0.05 / m)
            if share_disagrees:
                assert adjust != "bonferroni"
            explained += share_disagrees or bp_disagrees
    if adjust == "holm":
        assert explained > 0


def test_pairwise_mcnemar_holm_sentence_names_the_threshold():
    # the 3rd smallest of 3 raw p-values is compared by Holm with 0.05/1, the intervals use 0.05/3
    y, preds = _three_models(0)
    result = pairwise_mcnemar(y, *preds, names=["lr", "svm", "tree"])
    text = report(result, width=None)
    assert "Holm's step-down method for 3 comparisons at the family-wise level 0.05" in text
    assert "an adjusted p-value is the smallest family-wise level at which the procedure declares the pair, a " \
           "bound, not a probability" in text
    lr_svm = _items(text)[0]
    assert result.pvalue[0] == max(result.pvalue) and 0.05 / 3 < result.pvalue[0] <= 0.05
    assert "the 3rd smallest of 3, with 0.05/1 = 0.05, while the simultaneous intervals use 0.05/3 = 0.0167" in lr_svm
    diff = result.differences[0]
    assert f"{_points(diff.estimate)} percentage points ({100 * diff.confidence:.4g} % CI {_points(diff.low)}" in lr_svm
    with pytest.raises(ValueError, match="alpha = 0.01 differs from the level 0.05"):
        report(result, alpha=0.01)


# ---------------------------------------------------------------- t-tests


def _t_cases():
    rng = np.random.default_rng(5)
    for _ in range(60):
        shift = rng.choice([0.0, 0.005, 0.01, 0.02])
        a = 0.85 + rng.normal(0, 0.02, (10, 10))
        b = a - shift + rng.normal(0, 0.02, (10, 10))
        yield corrected_repeated_cv_ttest(a, b)
        yield kfold_cv_ttest(a[0], b[0])
        yield resampled_ttest(a.ravel()[:15], b.ravel()[:15], 0.5)
        yield paired_ttest(a[:, 0], b[:, 0])
        yield ttest_5x2cv(a[:5, :2], b[:5, :2])


def test_t_tests_verdict_and_interval_agree_on_a_grid():
    # the t interval from the test's own variance inverts it: no explanation is ever needed
    for result in _t_cases():
        for alpha in (None, 0.01, 0.05, 0.10):
            text = report(result, alpha=alpha, width=None)
            level = 0.05 if alpha is None else alpha
            significant = _verdict(text, level)
            assert significant == (result.pvalue <= level)
            (confidence, low, high), *_ = _printed_intervals(text)
            assert confidence == pytest.approx(100 * (1 - level))
            assert _excludes(low, high, 0.0) == significant
            assert DISAGREEMENT_MARK not in text


def test_t_test_at_its_own_threshold_agrees_or_says_why():
    # alpha = p exactly: a limit of the interval is 0 up to rounding; the report agrees or says so
    for result in list(_t_cases())[:40]:
        text = report(result, alpha=result.pvalue, width=None)
        (_, low, high), *_ = _printed_intervals(text)
        assert _verdict(text, result.pvalue)
        if not _excludes(low, high, 0.0):
            assert DISAGREEMENT_MARK in text and "lies at the threshold" in text


def test_report_fold_tests():
    rng = np.random.default_rng(1)
    a = 0.85 + rng.normal(0, 0.02, (10, 10))
    b = a - 0.01 + rng.normal(0, 0.02, (10, 10))
    result = corrected_repeated_cv_ttest(a, b)
    text = report(result, names=("nb", "tree"), design="10 x 10 CV", seeds=0, width=None)
    ci = result.confidence_interval
    assert "corrected repeated cross-validation t-test (Bouckaert and Frank 2004)" in text
    assert f"t({result.df}) = {result.statistic:.3g}" in text and "100 paired accuracy scores" in text
    assert (f"{ci.estimate:.3g} (95 % CI {ci.low:.3g} to {ci.high:.3g}, from the variance of the test, the "
            "interval it inverts)") in text
    assert "Random seed: 0." in text and "Caution" not in text
    points = report(result, percentage_points=True, width=None)
    assert f"{_points(ci.estimate)} percentage points" in points
    plain = report(resampled_ttest(a.ravel()[:30], b.ravel()[:30], test_train_ratio=None), width=None)
    assert "Dietterich's resampled paired t-test" in plain and "Caution" in plain
    assert "Caution" in report(kfold_cv_ttest(a[0], b[0]))
    assert "corrected resampled t-test" in report(resampled_ttest(a.ravel()[:30], b.ravel()[:30], 0.5), width=None)
    # a level other than the result's: the interval is recomputed from the same standard error
    t99 = stats.t.ppf(0.995, result.df) * result.std_error
    assert f"(99 % CI {result.mean_difference - t99:.3g} to {result.mean_difference + t99:.3g}" in report(
        result, alpha=0.01, width=None)


def test_report_5x2cv_and_paired_t():
    rng = np.random.default_rng(2)
    a = rng.normal(0.85, 0.02, (5, 2))
    b = a - rng.normal(0.01, 0.015, (5, 2))
    r52 = ttest_5x2cv(a, b)
    text = report(r52, score="AUC", width=None)
    assert f"t(5) = {r52.statistic:.3g}" in text and "first fold" in text
    assert f"{r52.confidence_interval.low:.3g} to {r52.confidence_interval.high:.3g}, 5x2cv t" in text
    rp = paired_ttest([40, 54, 32, 36, 55, 46], [30, 41, 24, 38, 56, 37])  # source 003's bank example
    text = report(rp, names=("year 1", "year 2"), score="downtime (hours)", width=None)
    # 37/6 = 6.1667 +- t(0.975, 5) * 6.1779 / sqrt(6) = 6.4833: -0.3167 to 12.64999 (to 3 digits 12.6)
    half = (
        stats.t.ppf(0.975, 5)
        * np.std(np.subtract([40, 54, 32, 36, 55, 46], [30, 41, 24, 38, 56, 37]), ddof=1)
        / np.sqrt(6)
    )
    assert "t(5) = 2.45, p = 0.0583" in text
    assert f"6.17 (95 % CI {37 / 6 - half:.3g} to {37 / 6 + half:.3g}, paired t)" in text


# ---------------------------------------------------------------- Wilcoxon and the sign test


def _wilcoxon_cases():
    rng = np.random.default_rng(24)
    for n in range(1, 21):
        for alternative in ("two-sided", "greater", "less"):
            # continuous, untied, no zeros: exact test and Walsh interval are exact inverses
            yield "untied", wilcoxon_signed_rank(rng.normal(0.4, 1, n), alternative=alternative)
            # small integers: zeros and ties, which the exact test conditions on and the interval does not
            yield "ties", wilcoxon_signed_rank(rng.integers(-2, 5, n).astype(float), alternative=alternative)
    for zero_method in ("pratt", "zsplit", "wilcox"):
        for seed in range(15):
            d = np.random.default_rng(seed).integers(-3, 6, 60).astype(float)
            yield "approx", wilcoxon_signed_rank(d, zero_method=zero_method)


def test_wilcoxon_verdict_and_interval_agree_or_the_paragraph_says_why():
    explained = 0
    for kind, result in _wilcoxon_cases():
        text = report(result, width=None)
        significant = _verdict(text, 0.05)
        assert significant == (result.pvalue <= 0.05)
        (_, low, high), *_ = _printed_intervals(text)
        disagrees = _excludes(low, high, 0.0) != significant
        assert (DISAGREEMENT_MARK in text) == disagrees, (kind, result)
        if kind == "untied":  # Hollander, Wolfe & Chicken (2014, section 3.3): the interval inverts the test
            assert not disagrees
        if disagrees:
            explained += 1
            cause = "normal approximation" if kind == "approx" else "conditions on the observed zero and tied"
            assert cause in text
    assert explained > 0


def test_wilcoxon_at_another_level_says_so_when_they_disagree():
    for seed in range(40):
        d = np.random.default_rng(seed).normal(0.5, 1, 12)
        result = wilcoxon_signed_rank(d)  # a 95 % interval
        text = report(result, alpha=0.01, width=None)
        (_, low, high), *_ = _printed_intervals(text)
        if _excludes(low, high, 0.0) != _verdict(text, 0.01):
            assert "the interval is a 95 % interval while the verdict is at the 0.01 level" in text


def test_report_wilcoxon_and_sign_numbers():
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    w = wilcoxon_signed_rank(ex.scores_1, ex.scores_2)
    text = report(w, names=("rpart", "ranger"), score="error", width=None)
    assert "R+ = 18, R- = 2, p = 0.125" in text  # 4/32
    assert "zero differences: 1, handled by 'pratt'" in text
    assert "(95 % CI -0.0018 to 0.143, Walsh averages, the interval that goes with the signed-rank test; actual " \
           "coverage 96.9 %)" in text  # 62/64
    assert "rank-biserial correlation 0.80" in text
    s = sign_test(ex.scores_2, ex.scores_1, higher_is_better=False)
    text = report(s, names=("ranger", "rpart"), width=None)
    assert "ranger won 4, lost 1 and tied 1" in text and "p = 0.375" in text  # 12/32
    assert "0.8 (95 % CI 0.284 to 0.995, Clopper-Pearson, the interval this test inverts)" in text


def test_sign_test_verdict_and_interval_agree_on_every_small_split():
    # the Clopper-Pearson interval of the (split) wins inverts the exact binomial test of the same counts
    for ties_method in ("split", "drop"):
        for wins in range(11):
            for losses in range(11):
                for ties in (0, 1, 2, 3):
                    x = np.array([1.0] * wins + [0.0] * losses + [0.5] * ties)
                    if x.size == 0:
                        continue
                    result = sign_test(x, np.full(x.size, 0.5), ties=ties_method)
                    for alpha in (0.01, 0.05, 0.10):
                        text = report(result, alpha=alpha, width=None)
                        significant = _verdict(text, alpha)
                        assert significant == (result.pvalue <= alpha)
                        (_, low, high), *_ = _printed_intervals(text)
                        assert _excludes(low, high, 0.5) == significant, (wins, losses, ties, alpha)
                        assert DISAGREEMENT_MARK not in text


# ---------------------------------------------------------------- Friedman


def test_friedman_says_which_pvalue_and_why():
    scores = np.array([[0.9, 0.8, 0.7], [0.85, 0.8, 0.75], [0.9, 0.7, 0.8], [0.95, 0.9, 0.85]])
    f = friedman(scores)
    text = report(f, names=("a", "b", "c"), width=None)
    assert f"chi2_F({f.df}) = {f.statistic:.3g}" in text and f"Kendall's W = {f.kendalls_w:.2f}" in text
    assert "a 1.00, b 2.25, c 2.75" in text
    assert f.method == "exact" and f"p = {f.pvalue:.3g}, from the exact permutation distribution" in text
    assert "why this p-value: " + f.pvalue_method.split(": ", 1)[1] in text
    assert f"the chi-squared approximation gives p = {f.chi2_pvalue:.3g}" in text
    approximate = report(friedman(scores, method="chi2"), width=None)
    assert "from the chi-squared approximation; why this p-value: chi2_F against chi-squared" in approximate
    assert f"Iman and Davenport's F gives p = {f.iman_davenport_pvalue:.3g}" in approximate


@pytest.mark.parametrize("k", [2, 3, 4])
def test_friedman_says_when_no_outcome_can_be_significant(k):
    # without ties the most extreme outcome (every data set ranking alike) has exact probability (k!)^(1 - N)
    rng = np.random.default_rng(k)
    for n in range(2, 7):
        scores = rng.normal(size=(n, k))
        smallest = math.factorial(k) ** (1 - n)
        for alpha in (0.01, 0.05, 0.10):
            result = friedman(scores)
            text = report(result, alpha=alpha, width=None)
            assert ("can be significant at the" in text) == (smallest > alpha), (k, n, alpha)
            assert result.pvalue >= smallest * (1 - 1e-12)  # the exact p-value never goes below it
    # review L1: 2 models x 2 data sets with the same winner: exact p = 0.5, never "significant"
    if k == 2:
        two = report(friedman([[0.9533, 0.9400], [0.9775, 0.8819]]), width=None)
        assert "p = 0.5, from the exact permutation distribution" in two and "Not significant" in two
        assert "smallest attainable p-value is (k!)^(1 - N) = 0.5" in two
        assert "Iman and Davenport's F is infinite" in two


# ---------------------------------------------------------------- post-hoc comparisons


def _posthoc_tables():
    rng = np.random.default_rng(6)
    for seed in range(12):
        n, k = int(rng.integers(6, 21)), int(rng.integers(3, 6))
        effects = np.linspace(0, 0.06, k)
        base = rng.normal(0.8, 0.05, (n, 1)) + effects + rng.normal(0, 0.02, (n, k))
        yield np.round(base, 2 if seed % 2 else 6)  # two decimals: zeros and ties


@pytest.mark.parametrize("test, adjusts", [
    ("wilcoxon", ("holm", "bonferroni", "none", "bh")),
    ("sign", ("holm", "hochberg")),
    ("ttest", ("holm", "bonferroni", "by")),
    ("nemenyi", ("studentized-range", "holm", "bergmann-hommel")),
])
def test_posthoc_items_say_why_a_decision_and_its_interval_differ(test, adjusts):
    null = 0.5 if test == "sign" else 0.0
    explained = 0
    for scores in _posthoc_tables():
        k = scores.shape[1]
        for adjust in adjusts:
            if adjust == "bergmann-hommel" and k > 5:
                continue
            control_adjust = "holm" if adjust in ("studentized-range", "bergmann-hommel") else adjust
            for result in (pairwise_comparisons(scores, test, adjust),
                           control_comparisons(scores, 0, test, control_adjust)):
                items = _items(report(result, scores=scores, width=1000))
                assert len(items) == (k * (k - 1) // 2 if isinstance(result, PairwiseComparisons) else k - 1)
                for item in items:
                    significant = ": significant." in item or ": significant. " in item
                    assert significant != (": not significant." in item)
                    (_, low, high), = _printed_intervals(item)
                    disagrees = _excludes(low, high, null) != significant
                    assert (DISAGREEMENT_MARK in item) == disagrees, item
                    dual = result.adjust in ("bonferroni", "none", "studentized-range") and test != "wilcoxon"
                    if disagrees and dual:
                        assert "lies at the threshold" in item  # the interval inverts the decision itself
                    explained += disagrees
    if test in ("wilcoxon", "nemenyi"):
        assert explained > 0


def test_posthoc_report_on_source001_benchmark():
    bench = appml_benchmark()
    result = pairwise_comparisons(bench.scores, names=bench.algorithms, higher_is_better=False)
    text = report(result, scores=bench.scores, score="error", width=None)
    assert "Holm's step-down method for 15 comparisons at the family-wise level 0.05" in text
    assert "an adjusted p-value is the smallest family-wise level at which the procedure declares the pair, a " \
           "bound, not a probability" in text
    assert "each interval is at level 1 - 0.05/15 = 99.67 %, so that all 15 hold together" in text
    i, j = bench.algorithms.index("ranger"), bench.algorithms.index("rpart")
    walsh = wilcoxon_signed_rank(bench.scores[:, j], bench.scores[:, i], confidence=1 - 0.05 / 15)
    ci = walsh.confidence_interval
    ranger_rpart = [item for item in _items(text) if item.startswith("ranger vs rpart")][0]
    assert f"{ci.estimate:.3g} (99.67 % CI {ci.low:.3g} to {ci.high:.3g})" in ranger_rpart
    assert f"adjusted p = {result.pvalues[i, j]:.3g}: significant" in ranger_rpart
    without = report(result, width=None)
    if getattr(result, "scores", None) is None:  # a result that keeps no score table: effects only
        assert "The result holds no score table, so no interval is printed" in without
        assert "ranger vs rpart: advantage 0.065" in without
    else:  # a result that keeps its table: the same intervals without scores=
        assert without == report(result, scores=bench.scores, width=None)
    nemenyi = report(pairwise_comparisons(bench.scores, "nemenyi", "studentized-range", names=bench.algorithms,
                                          higher_is_better=False), width=None)
    assert "Nemenyi's simultaneous intervals" in nemenyi and "depends on the other algorithms in the pool" in nemenyi
    control = report(control_comparisons(bench.scores, "ranger", names=bench.algorithms, higher_is_better=False),
                     scores=bench.scores, width=None)
    assert "ranger (the control) was compared with each of the other 5 algorithms" in control
    assert "each interval is at level 1 - 0.05/5 = 99 %" in control


def test_posthoc_scores_are_checked_against_the_result():
    bench = appml_benchmark()
    result = pairwise_comparisons(bench.scores, higher_is_better=False)
    with pytest.raises(ValueError, match=r"scores must be the \(16, 6\) table"):
        report(result, scores=bench.scores[:10])
    with pytest.raises(ValueError, match="scores do not match the result"):
        report(result, scores=bench.scores[:, ::-1])
    with pytest.raises(ValueError, match="scores is the score table of a PairwiseComparisons"):
        report(mcnemar(PANEL_A), scores=bench.scores)
    with pytest.raises(ValueError, match="alpha = 0.1 differs from the level 0.05"):
        report(result, alpha=0.1)


# ---------------------------------------------------------------- wrapping and the rest


def test_width_wraps_every_paragraph():
    bench = appml_benchmark()
    results = [mcnemar(S4_TABLE), friedman(bench.scores, higher_is_better=False),
               pairwise_comparisons(bench.scores, higher_is_better=False)]
    for result in results:
        for width in (40, 74, 88, 120):
            text = report(result, width=width)
            assert max(len(line) for line in text.splitlines()) <= width
            assert " ".join(text.split()) == " ".join(report(result, width=None).split())
        assert "\n" not in report(results[0], width=None)
    # the default: 74 characters, which fit the book's output column (77 at 1280 px)
    assert report(results[0]) == report(results[0], width=74)
    wrapped = report(mcnemar(PANEL_A), width=40)
    assert "\n%" not in wrapped and "p =\n" not in wrapped  # "95 %" and "p = 0.00342" stay on one line


def test_report_algorithm_comparison_uses_its_description():
    inner = corrected_repeated_cv_ttest([[0.8, 0.82], [0.81, 0.79]], [[0.78, 0.8], [0.8, 0.8]])
    wrapped = AlgorithmComparison(statistic=inner.statistic, pvalue=inner.pvalue, test="corrected_repeated_cv",
                                  scores_1=np.zeros(4), scores_2=np.zeros(4), n_trainings=8, result=inner,
                                  description="corrected repeated cross-validation t-test")
    assert "(corrected repeated cross-validation t-test)" in report(wrapped, width=None)
    assert "(my design)" in report(wrapped, design="my design", width=None)


def test_report_bad_input():
    result = mcnemar(PANEL_A)
    with pytest.raises(TypeError, match="result must be one of McNemarResult"):
        report((0.1, 0.2))
    with pytest.raises(ValueError, match="names must have 2 entries"):
        report(result, names=("a", "b", "c"))
    with pytest.raises(TypeError, match="names must be a sequence of 2 strings"):
        report(result, names="ab")
    with pytest.raises(TypeError, match="names must be strings"):
        report(result, names=(1, 2))
    with pytest.raises(ValueError, match="alpha"):
        report(result, alpha=1.5)
    with pytest.raises(TypeError, match="design must be a string or None"):
        report(result, design=3)
    with pytest.raises(TypeError, match="seeds must be an int, a sequence of ints, a string or None"):
        report(result, seeds=[1.5])
    with pytest.raises(TypeError, match="seeds"):
        report(result, seeds=True)
    with pytest.raises(TypeError, match="percentage_points"):
        report(result, percentage_points="yes")
    with pytest.raises(ValueError, match="minimum_effect must be a positive finite number"):
        report(result, minimum_effect=-0.1)
    with pytest.raises(ValueError, match="width must be >= 20, got 5"):
        report(result, width=5)
    with pytest.raises(TypeError, match="width must be an integer count, got '88'"):
        report(result, width="88")
    with pytest.raises(TypeError, match="width"):
        report(result, width=True)


def test_report_names_the_corrected_t_on_one_kfold():
    # one repetition of 10 folds: variance factor 1/10 + 1/9 (Nadeau and Bengio's correction on one
    # k-fold CV, chapter 4's conservative "corrected_kfold"), not Bouckaert and Frank's repeated test
    rng = np.random.default_rng(3)
    one = corrected_repeated_cv_ttest(rng.normal(0.8, 0.02, (1, 10)), rng.normal(0.79, 0.02, (1, 10)))
    assert one.variance_factor == pytest.approx(1 / 10 + 1 / 9)
    assert "corrected t-test on one k-fold cross-validation" in report(one, width=None)
    ten = corrected_repeated_cv_ttest(rng.normal(0.8, 0.02, (10, 10)), rng.normal(0.79, 0.02, (10, 10)))
    assert "Bouckaert and Frank" in report(ten, width=None)


def test_report_says_why_an_interval_is_unbounded():
    # three differences: the smallest two-sided exact Walsh interval has coverage 1 - 2/2^3 = 0.75, so
    # no finite interval reaches 95 % (Hodges-Lehmann order statistics; the signed-rank null of n = 3)
    result = wilcoxon_signed_rank([0.9, 0.8, 0.7], [0.85, 0.78, 0.71])
    assert np.isinf(result.confidence_interval.low) and np.isinf(result.confidence_interval.high)
    assert "unbounded: too few observations" in report(result, width=None)
    six = wilcoxon_signed_rank([0.9, 0.8, 0.7, 0.6, 0.75, 0.82], [0.85, 0.78, 0.71, 0.55, 0.7, 0.8])
    assert "unbounded" not in report(six, width=None)


def test_unadjusted_pairwise_report_states_the_familywise_risk():
    # walk-through M5: with m unadjusted comparisons at 0.05, the chance of at least one false
    # "significant" is 1 - 0.95^m for independent tests (3 pairs: 0.142625) and at most m x 0.05
    rng = np.random.default_rng(0)
    result = pairwise_comparisons(rng.normal(size=(10, 3)), test="wilcoxon", adjust="none")
    text = " ".join(report(result, width=None).split())
    assert "1 - (1 - 0.05)^3 = 0.14 for independent tests, at most 3 x 0.05 = 0.15 in general" in text


def test_no_negative_zero_in_a_paragraph():
    # walk-through slip: a limit of -0.0 printed as "-0" (differences with zeros; the Walsh interval's
    # lower limit is a zero difference)
    from lecture_lib.reporting import _number

    assert _number(-0.0, False) == "0" and _number(-0.0, True) == "0.00"
    assert _number(-0.0004, False) == "-0.0004"  # a real negative keeps its sign


# ---------------------------------------------------------------- issue 27: non-inferiority, clustered tests,
# Diebold-Mariano, meta-analysis, calibration
#
# The numbers a paragraph must carry are the result's own (its interval at the printed precision) or, at
# another level, recomputed here from the result's standard error with scipy.stats quantiles.


_NOT_EQUAL = re.compile(r"\bequal\b|equivalen", re.IGNORECASE)


def _at_printed_precision(text, value, scale=1.0):
    """True when the printed number ``text`` is ``scale * value`` rounded to the digits printed."""
    printed = Decimal(text)
    unit = float(Decimal(1).scaleb(printed.as_tuple().exponent))
    return abs(float(printed) - scale * value) <= 0.5 * unit * (1 + 1e-9) + 1e-12 * abs(scale * value)


def _check_printed_interval(printed, interval, scale=1.0):
    confidence, low, high = printed
    assert confidence == pytest.approx(100 * interval.confidence, abs=0.005)
    for shown, value in ((low, interval.low), (high, interval.high)):
        if math.isinf(value):
            assert shown == value
        else:
            assert _at_printed_precision(repr(shown) if isinstance(shown, float) else shown, value, scale), (
                shown, value)


def _raw_intervals(text):
    """Like _printed_intervals, but the limits as printed (strings), for the precision check."""
    return [(float(c), lo, hi) for c, lo, hi in _CI.findall(text)]


def _noninferiority_cases():
    rng = np.random.default_rng(27)
    for _ in range(40):
        n = int(rng.integers(40, 1500))
        p_b, p_c = rng.uniform(0.01, 0.15, 2)
        b, c = rng.binomial(n, p_b), rng.binomial(n, p_c)
        a = int(rng.integers(0, n - b - c + 1)) if n > b + c else 0
        table = [[a, b], [c, max(n - a - b - c, 0)]]
        for confidence in (0.90, 0.95):
            yield noninferiority_test(table, margin=float(rng.choice([0.01, 0.02, 0.05])), confidence=confidence)
        x = rng.normal(0.8, 0.03, 30)
        y = x + rng.normal(float(rng.choice([-0.02, 0.0, 0.01])), 0.02, 30)
        yield noninferiority_test(x, y, margin=0.01, confidence=float(rng.choice([0.8, 0.9])))
        yield noninferiority_test(x, y, margin=0.02, test_train_ratio=1 / 9, higher_is_better=False)


def test_noninferiority_verdict_interval_and_level():
    explained = 0
    for result in _noninferiority_cases():
        tango = result.method == "tango score"
        scale = 100.0 if tango else 1.0  # a McNemar table is reported in percentage points (one test set)
        for alpha in (None, 0.025, 0.05, 0.10):
            text = report(result, alpha=alpha, width=None)
            level = round((1 - result.difference.confidence) / 2, 12) if alpha is None else alpha
            significant = _verdict(text, level)
            assert significant == (result.pvalue <= level)
            assert ("is non-inferior to" in text) == significant
            assert ("non-inferiority within" in text and "is not shown (a loss of" in text) == (not significant)
            if not significant:
                assert not _NOT_EQUAL.search(text), text
            assert "(one-sided)" in text and "H0: model 1 is worse than model 2 by" in text
            raw = _raw_intervals(text)
            _check_printed_interval(raw[0], result.difference, scale)
            # the printed lower limit lies above -margin exactly when the result's does (no rounding across)
            assert (float(raw[0][1]) / scale > -result.margin) == (result.difference.low > -result.margin)
            # a 1 - 2 alpha interval goes with the one-sided test at alpha (Schuirmann 1987)
            mismatch = abs(result.difference.confidence - (1 - 2 * level)) > 1e-12
            assert ("interval, while the one-sided test at the" in text) == mismatch
            assert ("the interval whose lower limit decides the test" in text) == (not mismatch)
            disagrees = (result.difference.low > -result.margin) != significant
            assert (DISAGREEMENT_MARK in text) == disagrees, text
            if disagrees:
                explained += 1
                assert ("a one-sided test at the" in text) if mismatch else ("lies at the threshold" in text)
    assert explained > 0  # a 95 % interval beside a test at 0.05 does disagree on some results


def test_noninferiority_paragraph_on_the_pruned_model_example():
    # noninferiority_test's docstring example: Tango z = 1.427, p = 0.0768 (Tango 1998's score statistic at
    # -0.02 for b = 30, c = 38, n = 1000); 90 % Tango interval -2.19 to 0.57 points
    result = noninferiority_test([[900, 30], [38, 32]], margin=0.02)
    text = report(result, names=("pruned", "full"), width=None)
    d = result.difference
    assert "with the margin 2 percentage points by Tango's score test" in text
    assert f"score z = {result.statistic:.3g}, p = {result.pvalue:.3g} (one-sided)" in text
    assert (f"-0.80 percentage points (90 % CI {100 * d.low:.2f} to {100 * d.high:.2f}, Tango score, the interval "
            "whose lower limit decides the test)") in text
    assert "a loss of 2 percentage points or more is still compatible with the data" in text
    # the same result read at alpha = 0.025: its 90 % interval is not the 95 % one that goes with that level
    other = report(result, alpha=0.025, width=None)
    assert "This is a 90 % interval, while the one-sided test at the 0.025 level goes with the 95 % interval" in other
    with pytest.raises(ValueError, match="its margin"):
        report(result, minimum_effect=0.01)
    scores = noninferiority_test([0.8, 0.82, 0.79, 0.81], [0.8, 0.8, 0.8, 0.8], margin=0.02)
    assert "compared on 4 paired accuracy scores" in report(scores, width=None)
    assert "percentage points" not in report(scores, width=None)


def _grouped_predictions(seed, n_groups, icc_shift):
    rng = np.random.default_rng(seed)
    sizes = rng.integers(1, 8, n_groups)
    groups = np.repeat(np.arange(n_groups), sizes)
    n = groups.size
    y = rng.integers(0, 2, n)
    favour = rng.normal(0, icc_shift, n_groups)[groups]
    gap = rng.choice([0.0, 0.05, 0.1])
    pred_1 = np.where(rng.random(n) < np.clip(0.8 + gap / 2 + favour, 0, 1), y, 1 - y)
    pred_2 = np.where(rng.random(n) < np.clip(0.8 - gap / 2 - favour, 0, 1), y, 1 - y)
    s1 = y + rng.normal(0, 1, n) + rng.normal(0, 0.8, n_groups)[groups]
    s2 = (1 - gap * 3) * y + rng.normal(0, 1, n) + rng.normal(0, 0.8, n_groups)[groups]
    return y, pred_1, pred_2, s1, s2, groups


def test_clustered_mcnemar_verdict_and_wald_interval():
    explained = 0
    for seed in range(60):
        y, pred_1, pred_2, _, _, groups = _grouped_predictions(seed, int(10 + seed % 25), 0.15)
        for method in ("yang", "durkalski", "obuchowski", "eliasziw"):
            result = clustered_mcnemar(y, pred_1, pred_2, groups, method=method)
            d = result.accuracy_difference
            for alpha in (None, 0.01, 0.10):
                text = report(result, alpha=alpha, width=None)
                level = 0.05 if alpha is None else alpha
                significant = _verdict(text, level)
                assert significant == (result.pvalue <= level)
                if not significant:
                    assert not _NOT_EQUAL.search(text), text
                assert (f"{result.n} test examples in {result.n_groups} groups; the groups, not the examples, are "
                        "the independent units") in text
                assert f"chi-squared(1) = {result.statistic:.4g}" in text
                assert ("variance inflation factor" in text) == (method == "eliasziw")
                if alpha is None:
                    expected = d
                else:  # the same cluster-robust standard error at the verdict's level (a normal quantile)
                    se = (d.high - d.low) / (2 * stats.norm.ppf(0.975))
                    half = stats.norm.ppf(1 - alpha / 2) * se
                    expected = Interval(d.estimate, d.estimate - half, d.estimate + half, 1 - alpha, d.method)
                raw = _raw_intervals(text)
                _check_printed_interval(raw[0], expected, 100.0)  # percentage points: one test set
                assert "cluster-robust Wald" in text and "inverts the Wald form of his test" in text
                disagrees = _excludes(expected.low, expected.high, 0.0) != significant
                assert (DISAGREEMENT_MARK in text) == disagrees, text
                explained += disagrees
    assert explained > 0  # the Wald interval and the method's statistic do disagree near the threshold


def test_clustered_auc_verdict_and_interval_it_inverts():
    for seed in range(40):
        y, _, _, s1, s2, groups = _grouped_predictions(seed, int(8 + seed % 30), 0.1)
        result = clustered_auc_test(y, s1, s2, groups)
        d = result.auc_difference
        for alpha in (None, 0.01, 0.10):
            text = report(result, alpha=alpha, width=None)
            level = 0.05 if alpha is None else alpha
            significant = _verdict(text, level)
            assert significant == (result.pvalue <= level)
            if not significant:
                assert not _NOT_EQUAL.search(text), text
            # Obuchowski (1997): z = difference / SE, so the z interval from the same SE inverts the test
            half = stats.norm.ppf(1 - level / 2) * result.std_error
            expected = Interval(d.estimate, d.estimate - half, d.estimate + half, 1 - level, d.method)
            raw = _raw_intervals(text)
            _check_printed_interval(raw[0], expected)
            assert _excludes(float(raw[0][1]), float(raw[0][2]), 0.0) == significant
            assert DISAGREEMENT_MARK not in text
            assert f"in {result.n_groups} groups" in text and "the interval this test inverts" in text
            assert f"AUC of model 1 {result.auc_1:.3g}, of model 2 {result.auc_2:.3g}" in text


_ONE_SIDED = re.compile(r"\(([\d.]+) % one-sided CI: at (most|least) ([^ ,]+)")


def _dm_cases():
    rng = np.random.default_rng(9)
    for seed in range(30):
        n = int(rng.integers(12, 80))
        noise = rng.normal(0, 1, n + 3)
        d = noise[3:] + 0.6 * noise[2:-1] + 0.3 * noise[1:-2] + rng.choice([0.0, 0.3, -0.5])
        loss_2 = rng.uniform(1, 2, n)
        for horizon in (1, 2, 4):
            for alternative in ("two-sided", "less", "greater"):
                yield diebold_mariano_test(loss_2 + d, loss_2, horizon, alternative, correction=bool(seed % 3))
    # strongly negative lag-1 autocorrelation: the long-run variance at h = 2 is negative (falls back to lag 0)
    alternating = np.tile([1.0, -1.0], 10) + np.random.default_rng(1).normal(0, 0.05, 20)
    yield diebold_mariano_test(alternating + 2, np.full(20, 2.0), horizon=2)


def test_diebold_mariano_verdict_bounds_and_fallback():
    fell_back = 0
    for result in _dm_cases():
        ci = result.confidence_interval
        for alpha in (None, 0.01, 0.10):
            text = report(result, alpha=alpha, width=None)
            level = 0.05 if alpha is None else alpha
            significant = _verdict(text, level)
            assert significant == (result.pvalue <= level)
            if not significant:
                assert not _NOT_EQUAL.search(text), text
            assert f"forecast horizon {result.horizon}" in text and f"{result.n} time points" in text
            # forecast::dm.test's reference: t(n - 1) with the HLN correction, else the normal distribution
            ref = stats.norm if math.isinf(result.df) else stats.t(result.df)
            two_sided = result.alternative == "two-sided"
            q = ref.ppf(1 - level / 2 if two_sided else 1 - level)
            low, high = result.mean_difference - q * result.std_error, result.mean_difference + q * result.std_error
            if alpha is None:
                low, high = ci.low, ci.high
            if two_sided:
                raw = _raw_intervals(text)
                _check_printed_interval(raw[0], Interval(ci.estimate, low, high, 1 - level, ci.method))
                shown_low, shown_high = float(raw[0][1]), float(raw[0][2])
            else:
                ((confidence, side, bound),) = _ONE_SIDED.findall(text)
                assert float(confidence) == pytest.approx(100 * (1 - level))
                assert side == ("most" if result.alternative == "less" else "least")
                assert _at_printed_precision(bound, high if side == "most" else low)
                shown_low, shown_high = ((-math.inf, float(bound)) if side == "most" else (float(bound), math.inf))
                assert "infinity" not in text
            assert _excludes(shown_low, shown_high, 0.0) == significant
            assert DISAGREEMENT_MARK not in text
            said = "so the lag-0 variance (horizon 1) was used instead" in text
            assert said == ("lag-0" in result.method)
            fell_back += said
    assert fell_back > 0


def _meta_cases():
    rng = np.random.default_rng(11)
    for _ in range(40):
        k = int(rng.integers(2, 13))
        se = rng.uniform(0.003, 0.012, k)
        estimates = rng.normal(float(rng.choice([0.0, 0.008])), float(rng.choice([0.0, 0.006])), k)
        estimates += rng.normal(0, se)
        for method in ("reml", "dl"):
            for test in ("z", "knha"):
                yield meta_analysis(estimates, se, method=method, test=test)


def test_meta_analysis_paragraph_numbers_and_verdict():
    few = 0
    for result in _meta_cases():
        knha = result.test == "Knapp-Hartung t"
        for alpha in (None, 0.10):
            text = report(result, alpha=alpha, width=None)
            level = 0.05 if alpha is None else alpha
            significant = _verdict(text, level)
            assert significant == (result.pvalue <= level)
            if not significant:
                assert not _NOT_EQUAL.search(text), text
            # metafor's convention: both intervals use the test's quantile (t(k - 1) for Knapp-Hartung)
            ref = stats.t(result.q_df) if knha else stats.norm
            q = ref.ppf(1 - level / 2)
            ci, pi = result.confidence_interval, result.prediction_interval
            if alpha is not None:
                half, half_pi = q * result.std_error, q * math.sqrt(result.tau2 + result.std_error**2)
                ci = Interval(ci.estimate, ci.estimate - half, ci.estimate + half, 1 - level, ci.method)
                pi = Interval(pi.estimate, pi.estimate - half_pi, pi.estimate + half_pi, 1 - level, pi.method)
            raw = _raw_intervals(text)
            _check_printed_interval(raw[0], ci)
            assert _excludes(float(raw[0][1]), float(raw[0][2]), 0.0) == significant
            ((pi_low, pi_high, pi_conf),) = re.findall(
                r"would lie in ([^ ]+) to ([^ ]+) \(([\d.]+) % prediction interval\)", text)
            _check_printed_interval((float(pi_conf), pi_low, pi_high), pi)
            assert f"I^2 = {100 * result.i2:.1f} %" in text and f"tau^2 = {result.tau2:.3g}" in text
            assert f"Cochran's Q({result.q_df}) = {result.q:.3g}, p" in text
            assert ("evidence that the true difference varies" in text) == (result.q_pvalue <= level)
            assert (result.method == "REML") == ("restricted maximum likelihood (REML)" in text)
            assert ("Knapp and Hartung's t test on k - 1" in text) == knha
            small = "tau^2 is poorly estimated" in text
            assert small == (result.n_datasets < 5)
            few += small
            # the z test with fewer than 10 data sets: its interval is too narrow, whatever tau^2's estimate
            assert ("prefer Knapp and Hartung's test" in text) == (result.n_datasets < 10 and not knha)
            assert DISAGREEMENT_MARK not in text
    assert few > 0


def test_meta_analysis_on_its_docstring_example():
    # meta_analysis' example (metafor 3.8.1, rma(method = "REML", test = "knha")): p = 0.066, 95 % CI
    # -0.000756 to 0.016483, prediction interval -0.0098 to 0.0255, I^2 = 53.7 %
    diff = [0.012, 0.004, 0.021, -0.003, 0.015, 0.009]
    se = [0.006, 0.005, 0.009, 0.004, 0.007, 0.005]
    text = report(meta_analysis(diff, se, test="knha"), names=("A", "B"), percentage_points=True, width=None)
    assert "t(5) = 2.35, p = 0.066 (two-sided)" in text and "Not significant at the 0.05 level" in text
    assert "0.79 percentage points (95 % CI -0.08 to 1.65, REML Knapp-Hartung t" in text
    assert "the difference would lie in -0.98 to 2.55 percentage points (95 % prediction interval)" in text
    assert "I^2 = 53.7 %" in text and "tau^2 is poorly estimated" not in text


def test_calibration_paragraph():
    rng = np.random.default_rng(0)
    for _ in range(40):
        n = int(rng.integers(50, 400))
        prob = rng.uniform(0.05, 0.95, n)
        y = (rng.uniform(size=n) < prob).astype(int)
        sharp = np.clip(float(rng.choice([1.0, 1.3, 1.6])) * (prob - 0.5) + 0.5, 0.01, 0.99)
        result = calibration_test(y, sharp)
        for alpha in (None, 0.01):
            text = report(result, names=("forest",), alpha=alpha, width=None)
            level = 0.05 if alpha is None else alpha
            significant = _verdict(text, level)
            assert significant == (result.pvalue <= level)
            assert ("evidence of miscalibration;" in text) == significant
            if not significant:
                assert "no evidence of miscalibration (which does not show that the probabilities are calibrated" \
                    in text
                assert not _NOT_EQUAL.search(text), text
            assert f"Brier score {result.brier_score:.4g}" in text and f"{result.expected_brier:.4g}, its expectation" \
                in text
            assert "reliability_table" in text and "(95 % CI" not in text
            assert f"z = {result.statistic:.3g}" in text and "forest" in text
    # every probability 1/2: z has no variance (calibration_test's Notes)
    text = report(calibration_test([0, 1, 1, 0], [0.5] * 4), width=None)
    assert "p = 1 " in text and "z has no variance" in text and "The predicted probabilities of the model" in text
    with pytest.raises(ValueError, match="minimum_effect applies to results whose effect is a difference"):
        report(result, minimum_effect=0.01)


def _issue27_results():
    y, pred_1, pred_2, s1, s2, groups = _grouped_predictions(4, 30, 0.15)
    rng = np.random.default_rng(2)
    prob = rng.uniform(0.05, 0.95, 200)
    return [
        noninferiority_test([[900, 30], [38, 32]], margin=0.02),
        clustered_mcnemar(y, pred_1, pred_2, groups, method="eliasziw"),
        clustered_auc_test(y, s1, s2, groups),
        diebold_mariano_test(rng.uniform(0, 1, 30), rng.uniform(0, 1, 30), 3, "less"),
        meta_analysis([0.012, 0.004, 0.021], [0.006, 0.005, 0.009]),
        calibration_test((rng.uniform(size=200) < prob).astype(int), prob),
    ]


def test_issue27_paragraphs_wrap_and_refuse_wrong_names():
    for result in _issue27_results():
        k = 1 if type(result).__name__ == "CalibrationResult" else 2
        for width in (40, 74, 120):
            text = report(result, width=width)
            assert max(len(line) for line in text.splitlines()) <= width
            assert " ".join(text.split()) == " ".join(report(result, width=None).split())
        named = report(result, names=("alpha-model", "beta-model")[:k], width=None)
        assert "alpha-model" in named and "model 1" not in named
        with pytest.raises(ValueError, match=f"names must have {k} entries"):
            report(result, names=("a", "b", "c"))
        with pytest.raises(TypeError, match="names must be a sequence"):
            report(result, names="ab")
        with pytest.raises(TypeError, match="names must be strings"):
            report(result, names=(1, 2)[:k])
        with pytest.raises(ValueError, match="scores is the score table"):
            report(result, scores=np.zeros((3, 2)))


def test_issue27_results_are_registered():
    from lecture_lib.reporting import REPORTED_RESULTS

    for result in _issue27_results():
        assert type(result) in REPORTED_RESULTS
    clustered = _issue27_results()[1]
    # an effect that is a difference: minimum_effect adds practical_significance's verdict
    assert "Compared with the smallest difference that matters (1 percentage point)" in report(
        clustered, minimum_effect=0.01, width=None)


def test_issue27_tests_at_their_own_threshold_agree_or_say_why():
    # alpha = p exactly: a limit of the interval that inverts the test is the null value up to rounding
    results = [r for r in _meta_cases() if 1e-6 < r.pvalue < 0.5][:20]
    results += [r for r in _dm_cases() if r.alternative == "two-sided" and 1e-6 < r.pvalue < 0.5][:20]
    results += [r for r in _noninferiority_cases() if 1e-6 < r.pvalue < 0.25][:20]
    for result in results:
        text = report(result, alpha=result.pvalue, width=None)
        assert _verdict(text, result.pvalue)
        if DISAGREEMENT_MARK in text:
            assert "lies at the threshold" in text or "a one-sided test at the" in text
    assert len(results) == 60
