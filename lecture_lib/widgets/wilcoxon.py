"""The widget of chapter 5: every step of the Wilcoxon signed-rank test, on editable differences.

The pure :func:`wilcoxon_report` (HTML, tested directly) carries the logic;
:func:`wilcoxon_explorer` only calls it.

Taught in chapter 5 (``notebooks/05-two-algorithms-many-datasets``).
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .._validation import check_alpha, check_names, check_option, check_scores
from ..wilcoxon_sign import WILCOXON_ZERO_METHODS, wilcoxon_signed_rank, wilcoxon_steps

__all__ = [
    "wilcoxon_report",
    "wilcoxon_explorer",
]


def wilcoxon_report(differences, names=None, zero_method: str = "pratt", alpha: float = 0.05) -> str:
    """HTML table of every step of the Wilcoxon signed-rank test (chapter 5).

    Parameters
    ----------
    differences : array_like, shape (n,)
        d_i = score of algorithm 1 minus score of algorithm 2, per data set.
    names : sequence of str, optional
        Data set names.
    zero_method : {"pratt", "zsplit", "wilcox"}, optional
        As in :func:`lecture_lib.wilcoxon_signed_rank`.
    alpha : float, optional
        Significance level for the decisions.

    Returns
    -------
    html : str
        One row per data set, sorted by |d| (d, |d|, rank, sign, share of R+
        and R-), then R+, R-, T = min(R+, R-), z and the exact and normal
        two-sided p-values with the decision for each; the logic is
        :func:`lecture_lib.wilcoxon_steps`. Last, the effect: the
        Hodges-Lehmann estimate with its exact interval and the
        rank-biserial correlation (:func:`lecture_lib.wilcoxon_signed_rank`).

    Examples
    --------
    >>> from lecture_lib.widgets import wilcoxon_report
    >>> html = wilcoxon_report([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    >>> "R+ = 21" in html and "reject H0" in html
    True
    """
    alpha = check_alpha(alpha)
    zero_method = check_option(zero_method, "zero_method", WILCOXON_ZERO_METHODS)
    if names is not None:
        names = list(check_names(names, np.size(check_scores(differences, "differences", min_size=1)),
                                 what="difference"))
    steps = wilcoxon_steps(differences, names=names, zero_method=zero_method)
    effect = wilcoxon_signed_rank(differences, zero_method=zero_method, method="exact")

    def fmt(v):
        return "dropped" if v is None else f"{v:g}"

    rows = [
        f"<tr><td>{r['name']}</td><td>{r['d']:+.4g}</td><td>{r['abs_d']:.4g}</td><td>{fmt(r['rank'])}</td>"
        f"<td>{r['sign']}</td><td>{r['to_r_plus']:g}</td><td>{r['to_r_minus']:g}</td></tr>"
        for r in steps["rows"]
    ]

    def decision(p):
        return "reject H0" if p <= alpha else "do not reject H0"

    lines = [
        "<table class='wilcoxon-steps'><thead><tr><th>data set</th><th>d</th><th>|d|</th><th>rank</th>"
        "<th>sign</th><th>to R+</th><th>to R-</th></tr></thead><tbody>",
        *rows,
        "</tbody></table>",
        f"<p>R+ = {steps['r_plus']:g}, R- = {steps['r_minus']:g}, T = min(R+, R-) = {steps['statistic']:g}, "
        f"z = {steps['z']:+.3f} (zero_method = {zero_method!r})</p>",
        "<table class='wilcoxon-pvalues'><thead><tr><th>two-sided p-value</th><th>value</th>"
        f"<th>decision at alpha = {alpha:g}</th></tr></thead><tbody>",
        f"<tr><td>exact</td><td class='pvalue'>{steps['pvalue_exact']:.4g}</td>"
        f"<td>{decision(steps['pvalue_exact'])}</td></tr>",
        f"<tr><td>normal approximation</td><td class='pvalue'>{steps['pvalue_normal']:.4g}</td>"
        f"<td>{decision(steps['pvalue_normal'])}</td></tr>",
        "<tr><td>normal, continuity-corrected</td><td "
        f"class='pvalue'>{steps['pvalue_normal_corrected']:.4g}</td>"
        f"<td>{decision(steps['pvalue_normal_corrected'])}</td></tr>",
        "</tbody></table>",
        f"<p>The effect: typical difference (Hodges-Lehmann) {effect.hodges_lehmann:+.4g}, interval "
        f"{effect.confidence_interval.low:+.4g} to {effect.confidence_interval.high:+.4g} (exact, coverage "
        f"{100 * effect.interval_coverage:.1f} %); rank-biserial correlation "
        f"{effect.rank_biserial:+.2f}.</p>",
    ]
    return "\n".join(lines)


def wilcoxon_explorer(differences, names=None, zero_method: str = "pratt", alpha: float = 0.05):
    """Editable per-data-set differences with the live table of :func:`wilcoxon_report`."""
    wilcoxon_report(differences, names, zero_method, alpha)  # checks the arguments before any control
    values = [float(v) for v in check_scores(differences, "differences", min_size=1)]
    names = list(check_names(names, len(values), default=[f"data set {i + 1}" for i in range(len(values))],
                             what="difference"))
    zero_method = str(zero_method)
    style = {"description_width": "initial"}
    boxes = [widgets.FloatText(value=v, step=0.001, description=name, style=style,
                               layout=widgets.Layout(width="260px")) for v, name in zip(values, names)]
    choice = widgets.Dropdown(
        options=list(WILCOXON_ZERO_METHODS),
        value=zero_method,
        description="zero_method",
        style={"description_width": "initial"},
    )  # the label is not cut ("zero_met...")
    alpha_slider = widgets.FloatSlider(value=alpha, min=0.01, max=0.10, step=0.01, description="alpha",
                                       readout_format=".2f", style=style)
    report = widgets.HTML(wilcoxon_report(values, names, zero_method, alpha))

    def update(_change=None):
        report.value = wilcoxon_report([b.value for b in boxes], names, choice.value, alpha_slider.value)

    for w in (*boxes, choice, alpha_slider):
        w.observe(update, names="value")
    half = (len(boxes) + 1) // 2
    grid = widgets.HBox([widgets.VBox(boxes[:half]), widgets.VBox(boxes[half:])])
    return widgets.VBox([grid, widgets.HBox([choice, alpha_slider]), report])
