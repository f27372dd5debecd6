"""Chapter 8's guide: recommend_test's decisions, its HTML, the diagram and the widget."""

import itertools

import matplotlib
import pytest

import lecture_lib
from lecture_lib import GUIDE_FUNCTIONS, recommend_test, recommendation_html
from lecture_lib.guide import CHAPTERS, diagram_leaves, guide_table_html, plot_decision_diagram, smallest_two_sided_pvalue
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
        (dict(n_models=2, n_datasets=1, can_retrain=True), "ftest_5x2cv", 4),
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
