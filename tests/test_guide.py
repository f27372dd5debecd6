"""Chapter 10's guide: recommend_test's decisions, its HTML, the diagram and the widget."""

import itertools

import matplotlib
import numpy as np
import pytest

import lecture_lib
from lecture_lib import GUIDE_FUNCTIONS, friedman_type1_error, recommend_test, recommendation_html, wilcoxon_signed_rank
from lecture_lib.guide import (
    CHAPTERS,
    GUIDE_CARDS,
    diagram_leaves,
    guide_table_html,
    plot_decision_diagram,
    smallest_two_sided_pvalue,
)
from lecture_lib.widgets import which_test_explorer

matplotlib.use("Agg")

SETUPS = list(itertools.product([2, 3, 7], [1, 4, 12], [False, True], ["correctness", "loss"], [True, False],
                                [False, True], [False, True]))


@pytest.mark.parametrize("name", GUIDE_FUNCTIONS)
def test_recommended_functions_exist(name):
    assert callable(getattr(lecture_lib, name))


@pytest.mark.parametrize("setup", SETUPS)
def test_every_answer_is_complete(setup):
    rec = recommend_test(*setup)
    assert rec.functions and set(rec.functions) <= set(GUIDE_FUNCTIONS)
    assert rec.chapter in CHAPTERS and rec.test and rec.why and rec.trainings
    # every recommendation says what backs it: a lab of the course (by chapter) or a cited study
    assert "chapter" in rec.evidence.lower() or any(ch.isdigit() for ch in rec.evidence) or "theorem" in rec.evidence
    assert rec.functions[0].split("(")[0] in rec.call or rec.functions[0] == "nested_cv"
    page = recommendation_html(rec)
    assert rec.test.replace("'", "&#x27;") in page and f"chapter {rec.chapter}" in page.lower()


# The scenarios of seed 001 and the recommendations of seed 000 (Dietterich 1998, Demšar 2006).
@pytest.mark.parametrize(
    "kwargs, first_function, chapter",
    [
        (dict(n_models=2, n_datasets=1, can_retrain=False), "mcnemar", 2),
        (dict(n_models=4, n_datasets=1, can_retrain=False), "cochrans_q", 3),
        (dict(n_models=2, n_datasets=1, can_retrain=False, per_example="loss"), "paired_ttest", 4),
        (dict(n_models=2, n_datasets=1, can_retrain=True), "compare_algorithms", 4),
        (dict(n_models=2, n_datasets=10), "wilcoxon_signed_rank", 5),
        (dict(n_models=2, n_datasets=10, commensurable=False), "sign_test", 5),
        (dict(n_models=6, n_datasets=16), "friedman", 6),
        (dict(n_models=2, n_datasets=1, can_retrain=True, tuning=True), "nested_cv", 4),
    ],
)
def test_scenarios_of_the_seeds(kwargs, first_function, chapter):
    rec = recommend_test(**kwargs)
    assert rec.functions[0] == first_function and rec.chapter == chapter


def test_control_changes_the_post_hoc_test():
    assert "nemenyi" in recommend_test(5, 16).functions
    assert "bonferroni_dunn" in recommend_test(5, 16, control=True).functions


def test_liberal_tests_are_named_as_tests_to_avoid():
    avoid = " ".join(recommend_test(2, 1, can_retrain=True).avoid)
    assert "kfold_cv_ttest" in avoid and "resampled_ttest" in avoid


def test_smallest_two_sided_pvalue_of_the_sign_test():
    # with N data sets the best a two-sided exact sign or Wilcoxon test can do is 2 / 2^N
    assert smallest_two_sided_pvalue(5) == pytest.approx(2 / 2**5)
    assert smallest_two_sided_pvalue(6) == pytest.approx(2 / 2**6)


@pytest.mark.parametrize("zero_method", ["pratt", "zsplit", "wilcox"])
def test_smallest_two_sided_pvalue_with_zeros_is_attained(zero_method):
    # review A14 (08 ~161): seed 001's six tasks have one tie, so the best is 2 / 2^5 = 0.0625, not 0.031
    assert smallest_two_sided_pvalue(6, n_zero=1) == 2 / 2**5
    clean_sweep = np.array([0.0, 0.1, 0.2, 0.3, 0.4, 0.5])  # one zero, five wins
    assert wilcoxon_signed_rank(clean_sweep, zero_method=zero_method).pvalue == pytest.approx(2 / 2**5)
    with pytest.raises(ValueError, match="n_zero must lie in"):
        smallest_two_sided_pvalue(3, n_zero=4)


def test_mcnemar_advice_is_the_mid_p_default():
    # TEAM decision: mid-p everywhere (Fagerland, Lydersen & Laake 2013)
    rec = recommend_test(2)
    assert "mid-p" in rec.test and "auto" not in rec.call and "Fagerland" in rec.evidence
    card = next(c for c in GUIDE_CARDS if c.function == "mcnemar")
    assert "mid-p" in card.test + card.caveats


def test_one_dataset_advice_is_corrected_repeated_cv():
    rec = recommend_test(2, 1, can_retrain=True)
    assert "test='corrected_repeated_cv'" in rec.call and "corrected_repeated_cv_ttest" in rec.functions
    assert "chapter 4" in rec.evidence.lower() and "Bouckaert" in rec.evidence
    assert "corrected_repeated_cv_ttest" in recommend_test(4, 1, can_retrain=True).call
    # chapter 4 lab's caveat: about twice the nominal level for 1-NN;
    # the corrected single 10-fold t is the conservative choice
    caveats = " ".join(rec.caveats)
    assert "approximate" in caveats and "twice" in caveats and "test='corrected_kfold'" in caveats


def test_cochran_card_states_exchangeability():
    # review A8: Q's hypothesis is exchangeability within examples, not only equal accuracies
    card = next(c for c in GUIDE_CARDS if c.function == "cochrans_q")
    assert "exchangeable" in card.null_hypothesis
    assert "exchangeable" in recommend_test(4).why


@pytest.mark.parametrize("setup", SETUPS)
def test_one_position_on_omnibus_first(setup):
    # TEAM decision: post-hoc procedures are valid whether or not the omnibus test rejects
    rec = recommend_test(*setup)
    text = " ".join((rec.why, rec.call, *rec.caveats)).lower()
    assert "only if it rejects" not in text and "only when the friedman test rejects" not in text
    if rec.chapter == 6 or "pairwise_mcnemar" in rec.functions:  # Friedman + post-hoc, Cochran's Q + pairs
        assert "whether or not" in text
    assert all("after friedman rejects" not in c.assumptions.lower() for c in GUIDE_CARDS)


def test_friedman_warning_depends_on_n_and_k():
    # review A14: k = 3, N = 100 gets no warning that the approximation is rough
    def caveat(k, n):
        return recommend_test(k, n).caveats[0]

    assert "neither approximation" in caveat(6, 5) and "neither approximation" in caveat(10, 9)
    assert "neither approximation" not in caveat(6, 16) and "neither approximation" not in caveat(3, 100)
    assert "same decisions" in caveat(3, 100) and "few values" in caveat(3, 6)


@pytest.mark.parametrize(
    "k, n, chi2_range, f_range",
    [
        # the ranges the guide quotes (percent, nominal 5 %), widened by about 3 Monte Carlo
        # standard errors of 20 000 benchmarks (0.45 points)
        (6, 5, (1.7, 4.4), (5.1, 7.5)),
        (10, 9, (1.7, 4.4), (5.1, 7.5)),
        (4, 12, (4.2, 5.1), (4.9, 5.5)),
        (6, 30, (4.2, 5.1), (4.9, 5.5)),
    ],
)
def test_friedman_levels_quoted_by_the_guide(k, n, chi2_range, f_range):
    level = friedman_type1_error(k, n, n_reps=20_000, seed=123)  # another seed than the quoted table's
    tol = 0.45
    assert chi2_range[0] - tol <= 100 * level.chi2.estimate <= chi2_range[1] + tol
    assert f_range[0] - tol <= 100 * level.iman_davenport.estimate <= f_range[1] + tol


def test_friedman_levels_for_three_algorithms_quoted_by_the_guide():
    # k = 3: both p-values give the same decisions from N = 4 on; N = 3 makes the F version useless
    for n in (4, 7, 100):
        level = friedman_type1_error(3, n, n_reps=20_000, seed=7)
        assert level.chi2.estimate == level.iman_davenport.estimate
    small = friedman_type1_error(3, 3, n_reps=20_000, seed=7)
    assert small.iman_davenport.estimate > 0.17 and small.chi2.estimate < 0.035  # quoted: 19.5 % and 2.8 %


def test_diagram_and_table_show_every_leaf():
    leaves = diagram_leaves()
    ax = plot_decision_diagram()
    texts = " ".join(t.get_text() for t in ax.texts)
    for branch, label, rec in leaves:
        assert branch in texts and label in texts and f"(chapter {rec.chapter})" in texts, rec.test
    table = guide_table_html()
    assert table.count("<tr") >= 5


def test_widget_updates_its_answer():
    box = which_test_explorer()
    answer = box.children[-1]
    before = answer.value
    models, datasets = box.children[0].children
    datasets.value = 16
    models.value = 6
    assert answer.value != before and "friedman" in answer.value


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(n_models=1), ValueError, "n_models"),
        (dict(n_models=2.5), ValueError, "n_models must be a whole number, got 2.5"),
        (dict(n_models=2, n_datasets=0), ValueError, "n_datasets"),
        (dict(n_models=2, can_retrain="yes"), TypeError, "can_retrain"),
        (dict(n_models=2, per_example="auc"), ValueError, "per_example"),
        (dict(n_models=3, control=None), TypeError, "control"),
    ],
)
def test_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        recommend_test(**kwargs)
