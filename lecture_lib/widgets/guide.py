"""The widget of chapter 11: which test? Controls for the set-up and the guide's live answer.

The logic is the guide's (:func:`lecture_lib.guide.recommend_test`, tested
directly); the explorer only sets its arguments and shows
:func:`lecture_lib.guide_views.recommendation_html` of the answer.

Taught in chapter 11 (``notebooks/11-choosing-a-test``).
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from .._validation import check_count, check_flag
from ..guide import recommend_test
from ..guide_views import WHICH_TEST_SITUATIONS, recommendation_html

__all__ = [
    "which_test_explorer",
]


def which_test_explorer(n_models: int = 2, n_datasets: int = 1, can_retrain: bool = False):
    """Which test? Controls for the set-up and the live answer of :func:`lecture_lib.guide.recommend_test`.

    The widget of chapter 11: the controls set the arguments of
    :func:`lecture_lib.guide.recommend_test` (the "situation" one of the options of chapters
    9 and 10 at a time, as the diagrams do), and the answer is
    :func:`lecture_lib.guide_views.recommendation_html` of its result (or the reason the set-up has
    no answer). Each control sits on a row of its own, so no label is cut.

    Returns
    -------
    ipywidgets.VBox
        The controls, then the answer (an ``ipywidgets.HTML``, the last child).
    """
    n_models = check_count(n_models, "n_models", minimum=1)
    n_datasets = check_count(n_datasets, "n_datasets", minimum=1)
    can_retrain = check_flag(can_retrain, "can_retrain")
    style = {"description_width": "initial"}
    row = widgets.Layout(width="100%", max_width="560px")
    compare = widgets.Dropdown(
        options=[
            ("trained models on one test set", False),
            ("learning algorithms (I can retrain them)", True),
        ],
        value=bool(can_retrain),
        description="I compare",
        style=style,
        layout=row,
    )
    models = widgets.IntSlider(value=n_models, min=1, max=10, description="models or algorithms", style=style,
                               layout=row)
    datasets = widgets.IntSlider(
        value=n_datasets, min=1, max=30, description="data sets", style=style, layout=row
    )
    question = widgets.Dropdown(
        options=[("is there any difference at all?", "difference"),
                 ("practically better or equivalent? (ROPE)", "practical")],
        value="difference", description="question", style=style, layout=row)
    # one situation at a time, as in the diagrams (recommend_test itself takes any combination)
    situation = widgets.Dropdown(options=list(WHICH_TEST_SITUATIONS), value=WHICH_TEST_SITUATIONS[0][1],
                                 description="situation", style=style, layout=row)
    flags = {
        "commensurable": widgets.Checkbox(
            value=True,
            description="score differences mean the same on every data set",
            style=style,
            layout=row,
        ),
        "control": widgets.Checkbox(
            value=False, description="compare each algorithm with a control only", style=style, layout=row
        ),
        "tuning": widgets.Checkbox(
            value=False, description="hyperparameters tuned on these data", style=style, layout=row
        ),
        "several_metrics": widgets.Checkbox(
            value=False, description="I test several metrics", style=style, layout=row
        ),
    }
    answer = widgets.HTML()

    def update(_change=None):
        options = dict(situation.value)
        per_example = options.pop("per_example", "correctness")
        try:
            rec = recommend_test(
                models.value, datasets.value, compare.value, per_example, flags["commensurable"].value,
                flags["control"].value, flags["tuning"].value, question=question.value,
                n_metrics=2 if flags["several_metrics"].value else 1, **options,
            )
        except ValueError as err:
            answer.value = (
                f"<div class='guide-answer'><p><b>No answer:</b> {html.escape(str(err))}.</p></div>"
            )
            return
        answer.value = recommendation_html(rec)

    controls = (compare, models, datasets, question, situation, *flags.values())
    for control in controls:
        control.observe(update, names="value")
    update()
    return widgets.VBox([*controls, answer])
