"""Issue 15, part 2: report() writes a comparison up; practical_significance judges an interval.

Each paragraph is checked for the numbers it must carry, recomputed here from
the result (not copied from the function's own output): the test and its
variant, the statistic and df, the p-value, the effect with its interval and
method, the design and the seeds.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from lecture_lib import (
    Interval,
    cochrans_q,
    corrected_repeated_cv_ttest,
    friedman,
    kfold_cv_ttest,
    mcnemar,
    paired_ttest,
    pairwise_mcnemar,
    practical_significance,
    report,
    resampled_ttest,
    sign_test,
    ttest_5x2cv,
    wilcoxon_example,
    wilcoxon_signed_rank,
)
from lecture_lib.paired import AlgorithmComparison

PANEL_A = [[9959, 11], [1, 29]]  # seed 000
PANEL_B = [[9945, 25], [15, 15]]


def _points(x):
    return f"{100 * x:.2f}"


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


def test_practical_significance_on_seed000():
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


# ---------------------------------------------------------------- report: one test set


def test_report_mcnemar():
    result = mcnemar(PANEL_A)
    text = report(result, names=("A", "B"), design="10 000 images", seeds=[1, 2])
    d = result.accuracy_difference
    assert "McNemar's test (mid-p binomial version, two-sided): min(b, c) = 1" in text
    assert "p = 0.00342" in text  # 14/4096
    assert (
        f"{_points(d.estimate)} percentage points (95 % CI {_points(d.low)} to {_points(d.high)}, Bonett-Price)" in text
    )
    assert "odds that a disagreement favours A: 11 (95 % CI 1.6 to 473, exact conditional)" in text
    assert "(10 000 images)" in text and "Random seeds: 1, 2." in text
    assert "Significant at the 0.05 level" in text
    not_significant = report(mcnemar(PANEL_B), alpha=0.05)
    assert "Not significant at the 0.05 level; that is no evidence that H0 holds" in not_significant
    chi2 = report(mcnemar(PANEL_A, method="chi2"))
    assert "chi-squared(1) = 8.333" in chi2 and "without continuity correction" in chi2
    assert "Random seeds: not stated" in chi2


def test_report_mcnemar_alpha_and_minimum_effect():
    result = mcnemar(PANEL_A)
    assert "Not significant at the 0.001 level" in report(result, alpha=0.001)
    text = report(result, minimum_effect=0.005)
    assert (
        "Compared with the smallest difference that matters (0.5 percentage points), the result is negligible" in text
    )
    # an all-zero table: no effect sentence, no practical verdict, still a paragraph
    empty = report(mcnemar([[0, 0], [0, 0]]), minimum_effect=0.01)
    assert "p = 1" in empty and "Accuracy of" not in empty and "smallest difference" not in empty


def test_report_cochran_and_pairwise():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 300)
    preds = [np.where(rng.random(300) < acc, y, 1 - y) for acc in (0.9, 0.8, 0.7)]
    q = cochrans_q(y, *preds)
    text = report(q, names=("lr", "svm", "tree"))
    assert f"Q({q.df}) = {q.statistic:.3g}" in text and f"{q.n_informative} examples split them" in text
    first = q.accuracy_intervals[0]
    assert (
        f"lr {_points(first.estimate)} percentage points (95 % CI {_points(first.low)} to {_points(first.high)}, "
        "Wilson)"
        in text
    )
    pairs = pairwise_mcnemar(y, *preds, names=["lr", "svm", "tree"])
    text = report(pairs)
    assert "Holm's method for 3 comparisons" in text and "Bonferroni-simultaneous" in text
    diff = pairs.differences[0]
    assert f"lr vs svm: b = {pairs.b[0]}, c = {pairs.c[0]}" in text
    assert f"{_points(diff.estimate)} percentage points ({100 * diff.confidence:g} % CI {_points(diff.low)}" in text
    with pytest.raises(ValueError, match="minimum_effect applies to results whose effect is a difference"):
        report(q, minimum_effect=0.01)


# ---------------------------------------------------------------- report: t-tests


def test_report_fold_tests():
    rng = np.random.default_rng(1)
    a = 0.85 + rng.normal(0, 0.02, (10, 10))
    b = a - 0.01 + rng.normal(0, 0.02, (10, 10))
    result = corrected_repeated_cv_ttest(a, b)
    text = report(result, names=("nb", "tree"), design="10 x 10 CV", seeds=0)
    ci = result.confidence_interval
    assert "corrected repeated cross-validation t-test (Bouckaert and Frank 2004)" in text
    assert f"t({result.df}) = {result.statistic:.3g}" in text and "100 paired accuracy scores" in text
    assert f"{ci.estimate:.3g} (95 % CI {ci.low:.3g} to {ci.high:.3g}, from the same variance as the test)" in text
    assert "Random seed: 0." in text and "Caution" not in text
    points = report(result, percentage_points=True)
    assert f"{_points(ci.estimate)} percentage points" in points
    plain = report(resampled_ttest(a.ravel()[:30], b.ravel()[:30], test_train_ratio=None))
    assert "Dietterich's resampled paired t-test" in plain and "Caution" in plain
    assert "Caution" in report(kfold_cv_ttest(a[0], b[0]))
    assert "corrected resampled t-test" in report(resampled_ttest(a.ravel()[:30], b.ravel()[:30], 0.5))


def test_report_5x2cv_and_paired_t():
    rng = np.random.default_rng(2)
    a = rng.normal(0.85, 0.02, (5, 2))
    b = a - rng.normal(0.01, 0.015, (5, 2))
    r52 = ttest_5x2cv(a, b)
    text = report(r52, score="AUC")
    assert f"t(5) = {r52.statistic:.3g}" in text and "first fold" in text
    assert f"{r52.confidence_interval.low:.3g} to {r52.confidence_interval.high:.3g}, 5x2cv t" in text
    rp = paired_ttest([40, 54, 32, 36, 55, 46], [30, 41, 24, 38, 56, 37])  # seed 003's bank example
    text = report(rp, names=("year 1", "year 2"), score="downtime (hours)")
    # 37/6 = 6.1667 +- t(0.975, 5) * 6.1779 / sqrt(6) = 6.4833: -0.3167 to 12.64999 (to 3 digits 12.6)
    half = (
        stats.t.ppf(0.975, 5)
        * np.std(np.subtract([40, 54, 32, 36, 55, 46], [30, 41, 24, 38, 56, 37]), ddof=1)
        / np.sqrt(6)
    )
    assert "t(5) = 2.45, p = 0.0583" in text
    assert f"6.17 (95 % CI {37 / 6 - half:.3g} to {37 / 6 + half:.3g}, paired t)" in text


# ---------------------------------------------------------------- report: many data sets


def test_report_wilcoxon_sign_friedman():
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    w = wilcoxon_signed_rank(ex.scores_1, ex.scores_2)
    text = report(w, names=("rpart", "ranger"), score="error")
    assert "R+ = 18, R- = 2, p = 0.125" in text  # 4/32
    assert "zero differences: 1, handled by 'pratt'" in text
    assert "(95 % CI -0.0018 to 0.143, Walsh averages; actual coverage 96.9 %)" in text  # 62/64
    assert "rank-biserial correlation 0.80" in text
    s = sign_test(ex.scores_2, ex.scores_1, higher_is_better=False)
    text = report(s, names=("ranger", "rpart"))
    assert "ranger won 4, lost 1 and tied 1" in text and "p = 0.375" in text  # 12/32
    assert "0.8 (95 % CI 0.284 to 0.995, Clopper-Pearson)" in text
    scores = np.array([[0.9, 0.8, 0.7], [0.85, 0.8, 0.75], [0.9, 0.7, 0.8], [0.95, 0.9, 0.85]])
    f = friedman(scores)
    text = report(f, names=("a", "b", "c"))
    assert f"chi2_F({f.df}) = {f.statistic:.3g}" in text and f"Kendall's W = {f.kendalls_w:.2f}" in text
    assert "a 1.00, b 2.25, c 2.75" in text
    # N = 4, k = 3: the exact p-value, and the report says it is exact
    assert f.method == "exact" and f"p = {f.pvalue:.3g} (exact permutation distribution)" in text
    # review L1: 2 models x 2 data sets with the same winner: exact p = 0.5, never "significant"
    two = report(friedman([[0.9533, 0.9400], [0.9775, 0.8819]]))
    assert "p = 0.5 (exact permutation distribution)" in two and "Not significant" in two


def test_report_algorithm_comparison_uses_its_description():
    inner = corrected_repeated_cv_ttest([[0.8, 0.82], [0.81, 0.79]], [[0.78, 0.8], [0.8, 0.8]])
    wrapped = AlgorithmComparison(statistic=inner.statistic, pvalue=inner.pvalue, test="corrected_repeated_cv",
                                  scores_1=np.zeros(4), scores_2=np.zeros(4), n_trainings=8, result=inner,
                                  description="corrected repeated cross-validation t-test")
    assert "(corrected repeated cross-validation t-test)" in report(wrapped)
    assert "(my design)" in report(wrapped, design="my design")


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
