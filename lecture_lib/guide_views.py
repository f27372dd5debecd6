"""Views of chapter 11's guide: the widget's answer as HTML, the overview tables and the decision diagrams.

Taught in chapter 11 (``notebooks/11-choosing-a-test``).

Every view shows answers of :func:`lecture_lib.guide.recommend_test` (the decision logic); the
sentences and labels they print live with the guide's other prose in ``lecture_lib/_guide_prose.py``.
"""

from __future__ import annotations

import dataclasses
import html

from ._guide_prose import CARD_ROWS, DIAGRAM_FOOTERS, DIAGRAM_TITLES, SHORT_NAMES
from ._validation import check_ax, check_option
from .guide import Recommendation, recommend_test

__all__ = [
    "recommendation_html",
    "CARD_GROUPS",
    "GuideCard",
    "GUIDE_CARDS",
    "guide_table_html",
    "DIAGRAM_PARTS",
    "diagram_leaves",
    "plot_decision_diagram",
    "WHICH_TEST_SITUATIONS",
]


def recommendation_html(rec: Recommendation) -> str:
    """The widget's view of a :class:`Recommendation` (an HTML fragment).

    Examples
    --------
    >>> from lecture_lib.guide import recommend_test
    >>> from lecture_lib.guide_views import recommendation_html
    >>> "<code>mcnemar</code>" in recommendation_html(recommend_test(2))
    True
    """
    if not isinstance(rec, Recommendation):
        raise TypeError(f"rec must be a Recommendation, got {type(rec).__name__}")
    esc = html.escape
    functions = ", ".join(f"<code>{esc(name)}</code>" for name in rec.functions)
    parts = [
        f"<div class='guide-answer'><p><b>Your set-up:</b> {esc(rec.scenario)}.</p>",
        f"<p><b>Use:</b> <span class='guide-test'>{esc(rec.test)}</span></p>",
        f"<p><b>Chapter {rec.chapter}:</b> {esc(rec.chapter_title)}. <b>lecture_lib:</b> {functions}</p>",
        f"<pre class='guide-call'>{esc(rec.call)}</pre>",
        f"<p><b>Why:</b> {esc(rec.why)}</p>",
        f"<p><b>Cost:</b> {esc(rec.trainings)}.</p>",
    ]
    if rec.evidence:
        parts.append(f"<p><b>Evidence:</b> {esc(rec.evidence)}</p>")
    if rec.caveats:
        items = "".join(f"<li>{esc(c)}</li>" for c in rec.caveats)
        parts.append("<p><b>Caveats:</b></p><ul>" + items + "</ul>")
    if rec.avoid:
        parts.append("<p><b>Avoid:</b></p><ul>" + "".join(f"<li>{esc(a)}</li>" for a in rec.avoid) + "</ul>")
    parts.append("</div>")
    return "\n".join(parts)


#: The groups of the overview table, in the order chapter 11 shows them.
CARD_GROUPS = (
    "Trained models, one test set",
    "Algorithms, one data set",
    "Algorithms, many data sets",
    "A practical question: better or equivalent?",
    "Many tests at once",
)


@dataclasses.dataclass(frozen=True)
class GuideCard:
    """One row of the course's overview tables of tests.

    Attributes
    ----------
    test, function : str
        The test's name and the lecture_lib function that runs it.
    scenario, null_hypothesis, assumptions, trainings, caveats : str
        When it applies, what it tests, what it assumes, what it costs and
        what to watch out for.
    chapter : int
        The chapter that teaches it.
    recommended : bool
        True for a test the course recommends; False for a test shown as the
        wrong way (kept callable, never the default).
    group : str
        The table it belongs to (one of :data:`CARD_GROUPS`).
    """

    test: str
    function: str
    scenario: str
    null_hypothesis: str
    assumptions: str
    trainings: str
    caveats: str
    chapter: int
    recommended: bool
    group: str = CARD_GROUPS[0]


#: The rows of the overview tables of tests (:data:`CARD_GROUPS`), in table order.
GUIDE_CARDS = tuple(GuideCard(*row, group=CARD_GROUPS[i]) for i, rows in CARD_ROWS for row in rows)


def guide_table_html(cards=GUIDE_CARDS, group=None) -> str:
    """The overview tables of tests as HTML: one three-column table per group.

    Parameters
    ----------
    cards : sequence of GuideCard, optional
        The rows (default: :data:`GUIDE_CARDS`).
    group : str or None, optional
        One of :data:`CARD_GROUPS` for that table only; None for all of them.

    Returns
    -------
    str
        ``<table>`` elements with a caption each. Three columns keep them
        readable in a narrow page: the test (function, chapter); when it
        applies, its H0, assumptions and cost; whether to use it, and why.

    Examples
    --------
    >>> from lecture_lib.guide_views import CARD_GROUPS, GUIDE_CARDS, guide_table_html
    >>> page = guide_table_html()
    >>> page.count("<table") == len(CARD_GROUPS), page.count("<tr>") == len(GUIDE_CARDS) + len(CARD_GROUPS)
    (True, True)
    """
    cards = tuple(cards)
    if not all(isinstance(card, GuideCard) for card in cards):
        raise TypeError("cards must be GuideCard objects")
    if group is not None:
        group = check_option(group, "group", CARD_GROUPS)
    esc = html.escape
    cell = "style='vertical-align:top;overflow-wrap:anywhere;padding:0.3em 0.5em'"
    tables = []
    for name in CARD_GROUPS if group is None else (group,):
        rows = [card for card in cards if card.group == name]
        if not rows:
            continue
        body = []
        for card in rows:
            verdict = "<b>use</b>" if card.recommended else "<b>avoid</b>"
            body.append(
                f"<tr><td {cell}><b>{esc(card.test)}</b><br><code>{esc(card.function)}</code><br>chapter "
                f"{card.chapter}</td><td {cell}><i>when:</i> {esc(card.scenario)}<br><i>H0:</i> "
                f"{esc(card.null_hypothesis)}<br><i>assumes:</i> "
                f"{esc(card.assumptions)}<br><i>trainings:</i> {esc(card.trainings)}</td><td "
                f"{cell}>{verdict}: {esc(card.caveats)}</td></tr>"
            )
        tables.append(
            "<table class='guide-cards' "
            "style='table-layout:fixed;width:100%;border-collapse:collapse'><caption "
            f"style='caption-side:top;text-align:left;font-weight:bold'>{esc(name)}</caption><colgroup><col "
            "style='width:30%'><col style='width:40%'><col style='width:30%'></colgroup><thead><tr><th "
            "scope='col'>test</th><th scope='col'>when, H0, assumptions, cost</th>"
            "<th scope='col'>use it?</th></tr></thead><tbody>" + "".join(body) + "</tbody></table>"
        )
    return "\n".join(tables)


#: The two decision diagrams of chapter 11: the main scenarios, and the routes
#: beyond one accuracy on independent examples.
DIAGRAM_PARTS = ("main", "beyond")

# The leaves of the decision diagrams: (branch, [(situation, recommend_test arguments), ...]).
_DIAGRAM_BRANCHES = {
    "main": (
        (
            "Trained models,\none test set\n(no retraining)",
            (
                ("2 models", dict(n_models=2)),
                ("3 or more", dict(n_models=3)),
                ("practically better or equivalent?", dict(n_models=2, question="practical")),
            ),
        ),
        (
            "Algorithms,\none data set\n(retraining allowed)",
            (
                ("2 algorithms", dict(n_models=2, can_retrain=True)),
                ("3 or more", dict(n_models=3, can_retrain=True)),
                ("practically better or equivalent?",
                 dict(n_models=2, can_retrain=True, question="practical")),
            ),
        ),
        (
            "Algorithms,\nmany data sets",
            (
                ("2 algorithms", dict(n_models=2, n_datasets=12)),
                ("3 or more", dict(n_models=4, n_datasets=12)),
                ("practically better or equivalent?", dict(n_models=2, n_datasets=12, question="practical")),
            ),
        ),
    ),
    "beyond": (
        (
            "Trained models,\none test set",
            (
                ("metric: ROC AUC", dict(n_models=2, metric="auc")),
                ("metric: F1 or other", dict(n_models=2, metric="other")),
                ("examples in groups", dict(n_models=2, structure="groups")),
                ("groups, metric ROC AUC", dict(n_models=2, structure="groups", metric="auc")),
                ("groups, metric F1 or other", dict(n_models=2, structure="groups", metric="other")),
                ("test period in time order", dict(n_models=2, structure="time")),
                ("one model: its ROC AUC", dict(n_models=1, metric="auc")),
            ),
        ),
        (
            "Algorithms,\none data set",
            (
                ("examples in groups", dict(n_models=2, can_retrain=True, structure="groups")),
                ("time order", dict(n_models=2, can_retrain=True, structure="time")),
                ("random training (seeds)", dict(n_models=2, can_retrain=True, random_training=True)),
                ("one learner: an interval", dict(n_models=1, can_retrain=True)),
            ),
        ),
    ),
}


def _leaf_text(situation: str, rec: Recommendation) -> str:
    text = f"{situation}\n" + SHORT_NAMES.get(rec.test, rec.test) + f" (chapter {rec.chapter})"
    if "group_kfold" in rec.functions and rec.chapter != 10:
        text += "\non group_kfold splits (chapter 10)"
    return text


def diagram_leaves(part: str = "main") -> list[tuple[str, str, Recommendation]]:
    """(branch, situation, recommendation) for each leaf of :func:`plot_decision_diagram`.

    Examples
    --------
    >>> from lecture_lib.guide_views import diagram_leaves
    >>> [rec.functions[0] for _, _, rec in diagram_leaves("beyond")][:2]
    ['delong_test', 'paired_bootstrap']
    """
    part = check_option(part, "part", DIAGRAM_PARTS)
    return [
        (branch, situation, recommend_test(**kwargs))
        for branch, leaves in _DIAGRAM_BRANCHES[part]
        for situation, kwargs in leaves
    ]


def plot_decision_diagram(ax=None, part: str = "main"):
    """A decision diagram of chapter 11: which test for which set-up.

    Parameters
    ----------
    ax : matplotlib Axes, optional
        Where to draw; when None, a new figure 8 inches wide whose axes fill
        it (the layout assumes one data unit per inch).
    part : {"main", "beyond"}, optional
        ``"main"``: trained models / algorithms on one data set / many data sets,
        each with two or more and the practical question (chapter 8).
        ``"beyond"``: the routes of chapters 9 and 10 (AUC, F1, groups, time
        order, seeds, an interval for one learner).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    The leaves are the answers of :func:`recommend_test` (via
    :func:`diagram_leaves`), so the diagrams and the widget cannot disagree.
    The tree runs from left to right, one leaf per row, so that the figure
    stays readable in a page 700 pixels wide: at that width the smallest
    text is drawn at about 11 pixels.
    """
    check_ax(ax)
    part = check_option(part, "part", DIAGRAM_PARTS)
    branches = _DIAGRAM_BRANCHES[part]
    leaves = diagram_leaves(part)
    row = 0.72  # inches per leaf
    height = row * len(leaves) + 1.5
    if ax is None:  # axes over the whole width, so that one data unit is one inch
        import matplotlib.pyplot as plt  # here, not at import: pyplot is slow to load

        fig = plt.figure(figsize=(8, height))
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0 - 0.35 / height))
    ax.set_xlim(0, 8)
    ax.set_ylim(0, height)
    ax.axis("off")
    box = dict(boxstyle="round,pad=0.35", linewidth=1.0, edgecolor="0.35")

    def node(x, y, text, face, size=9.5, weight="normal", ha="center"):
        return ax.text(x, y, text, ha=ha, va="center", fontsize=size, fontweight=weight,
                       bbox=dict(box, facecolor=face), linespacing=1.25)

    def edge(x0, y0, x1, y1):
        ax.annotate("", xy=(x1, y1), xytext=(x0, y0),
                    arrowprops=dict(arrowstyle="-|>", color="0.4", linewidth=1.0, shrinkA=0, shrinkB=2))

    top = height - 0.55
    ys = [top - row * i for i in range(len(leaves))]
    root_y = (ys[0] + ys[-1]) / 2
    root = ("What do you\ncompare, and\non what?" if part == "main"
            else "Which of these\ndescribes your\nexperiment?")
    node(0.85, root_y, root, "#dbe9f6", size=10, weight="bold")
    i = 0
    for branch, branch_leaves in branches:
        rows = ys[i:i + len(branch_leaves)]
        by = (rows[0] + rows[-1]) / 2
        edge(1.6, root_y, 1.95, by)
        node(2.65, by, branch, "#eef3e2")
        for y in rows:
            _, situation, rec = leaves[i]
            edge(3.4, by, 3.75, y)
            node(3.8, y, _leaf_text(situation, rec), "#fdf0d5", size=9, ha="left")
            i += 1
    node(4.0, 0.5, DIAGRAM_FOOTERS[part], "#f6dede", size=9)
    ax.set_title(DIAGRAM_TITLES[part], fontsize=11)
    return ax


#: The "situation" choices of the which-test widget: (label, :func:`recommend_test` arguments as
#: a tuple of pairs), one option of chapters 9 and 10 at a time, as in the decision diagrams.
WHICH_TEST_SITUATIONS = (
    ("accuracy, independent examples", ()),
    ("a mean loss per example (e.g. Brier)", (("per_example", "loss"),)),
    ("the metric is the ROC AUC", (("metric", "auc"),)),
    ("the metric is F1 or another metric", (("metric", "other"),)),
    ("examples come in groups (e.g. patients)", (("structure", "groups"),)),
    ("examples are in time order", (("structure", "time"),)),
    ("training is random (seeds, networks)", (("random_training", True),)),
)


