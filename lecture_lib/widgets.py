"""ipywidgets front ends for the notebooks.

The widgets are thin: each callback calls a pure function of this package
(``mcnemar_report``, ``mcnemar_pvalue_grid``, ``simulate_mcnemar``) that the
tests exercise directly, then shows the result.
"""

from __future__ import annotations

import ipywidgets as widgets
import matplotlib.pyplot as plt

from ._validation import check_alpha, check_count
from .mcnemar import AUTO_EXACT_BELOW, mcnemar
from .plots import plot_mcnemar_pvalue_heatmap, plot_rejection_rates
from .simulate import simulate_mcnemar

__all__ = [
    "mcnemar_report",
    "mcnemar_explorer",
    "mcnemar_heatmap_explorer",
    "mcnemar_type1_explorer",
]

_REPORT_METHODS = ("chi2", "corrected", "exact", "midp")


def mcnemar_report(b: int, c: int, n: int | None = None, alpha: float = 0.05) -> str:
    """An HTML table of the four McNemar p-values for given b and c.

    Parameters
    ----------
    b, c : int
        Disagreements won by model 1 (b) and by model 2 (c).
    n : int, optional
        Size of the test set (>= b + c), used to show the accuracy
        difference (b - c) / n; the p-values do not depend on it.
    alpha : float, optional
        Significance level for the decisions.

    Returns
    -------
    html : str
        A ``<table>`` with one row per method (statistic, p-value, decision)
        and a sentence naming what ``method="auto"`` would choose.

    Examples
    --------
    >>> from lecture_lib.widgets import mcnemar_report
    >>> "reject H0" in mcnemar_report(11, 1, n=10_000)
    True
    """
    b = check_count(b, "b")
    c = check_count(c, "c")
    alpha = check_alpha(alpha)
    if n is not None:
        n = check_count(n, "n", minimum=1)
        if n < b + c:
            raise ValueError(f"n must be at least b + c = {b + c}, got {n}")
    table = [[0, b], [c, 0]]
    rows = []
    for method in _REPORT_METHODS:
        res = mcnemar(table, method)
        decision = "reject H0" if res.pvalue <= alpha else "do not reject H0"
        rows.append(
            f"<tr><td>{method}</td><td>{res.statistic:.4g}</td>"
            f"<td class='pvalue'>{res.pvalue:.4g}</td><td>{decision}</td></tr>"
        )
    auto = mcnemar(table, "auto")
    lines = [
        f"<p>b = {b}, c = {c}: model 1 won {b} of the {b + c} disagreements.</p>",
        "<table class='mcnemar-report'><thead><tr><th>method</th><th>statistic</th>"
        f"<th>p-value</th><th>decision at alpha = {alpha:g}</th></tr></thead><tbody>",
        *rows,
        "</tbody></table>",
        f"<p>auto would use <b>{auto.method}</b> (b + c = {b + c} "
        f"{'<' if b + c < AUTO_EXACT_BELOW else '>='} {AUTO_EXACT_BELOW}).</p>",
    ]
    if n is not None:
        lines.append(
            f"<p>On n = {n} test examples the accuracies differ by (b - c) / n = "
            f"{(b - c) / n:+.4f}; the p-values above do not depend on n.</p>"
        )
    return "\n".join(lines)


def mcnemar_explorer(b: int = 11, c: int = 1, n: int = 10_000, alpha: float = 0.05):
    """Sliders for b, c, n and alpha with the live table of :func:`mcnemar_report`."""
    style = {"description_width": "initial"}
    b_slider = widgets.IntSlider(value=b, min=0, max=100, description="b", style=style)
    c_slider = widgets.IntSlider(value=c, min=0, max=100, description="c", style=style)
    n_slider = widgets.IntSlider(value=n, min=200, max=20_000, step=100, description="n (test size)", style=style)
    alpha_slider = widgets.FloatSlider(
        value=alpha, min=0.01, max=0.10, step=0.01, description="alpha", readout_format=".2f", style=style
    )
    report = widgets.HTML(mcnemar_report(b, c, n, alpha))

    def update(_change=None):
        report.value = mcnemar_report(b_slider.value, c_slider.value, n_slider.value, alpha_slider.value)

    for slider in (b_slider, c_slider, n_slider, alpha_slider):
        slider.observe(update, names="value")
    return widgets.VBox([widgets.HBox([b_slider, c_slider]), widgets.HBox([n_slider, alpha_slider]), report])


def mcnemar_heatmap_explorer(max_count: int = 60, method: str = "corrected"):
    """Heat map of approximate minus exact p-values with a grid-size slider."""
    size = widgets.IntSlider(value=max_count, min=10, max=150, step=5, description="max b, c", continuous_update=False)
    choice = widgets.Dropdown(options=["chi2", "corrected", "midp"], value=method, description="variant")

    def draw(max_count, method):
        fig, ax = plt.subplots(figsize=(5.2, 4.2))
        plot_mcnemar_pvalue_heatmap(max_count, method, ax=ax)
        plt.show()

    return widgets.VBox([widgets.HBox([size, choice]), widgets.interactive_output(draw, {"max_count": size, "method": choice})])


def mcnemar_type1_explorer(n_test: int = 200, p_discordant: float = 0.05, alpha: float = 0.05, n_reps: int = 10_000, seed: int = 0):
    """Simulated Type I error of the four variants; sliders for the set-up."""
    style = {"description_width": "initial"}
    n_slider = widgets.IntSlider(value=n_test, min=20, max=2000, step=20, description="test size n",
                                 continuous_update=False, style=style)
    p_slider = widgets.FloatSlider(value=p_discordant, min=0.005, max=0.3, step=0.005, readout_format=".3f",
                                   description="P(disagree)", continuous_update=False, style=style)
    a_slider = widgets.FloatSlider(value=alpha, min=0.01, max=0.10, step=0.01, readout_format=".2f",
                                   description="alpha", continuous_update=False, style=style)
    r_slider = widgets.IntSlider(value=n_reps, min=1000, max=100_000, step=1000, description="replications",
                                 continuous_update=False, style=style)

    def draw(n_test, p_discordant, alpha, n_reps):
        result = simulate_mcnemar(n_test, p_discordant, alpha, n_reps, seed=seed)
        print(f"expected number of disagreements per test set: {n_test * p_discordant:.1f}")
        print(result)
        fig, ax = plt.subplots(figsize=(5.2, 3.4))
        plot_rejection_rates(result, ax=ax)
        plt.show()

    controls = dict(n_test=n_slider, p_discordant=p_slider, alpha=a_slider, n_reps=r_slider)
    out = widgets.interactive_output(draw, controls)
    return widgets.VBox([widgets.HBox([n_slider, p_slider]), widgets.HBox([a_slider, r_slider]), out])



# ---------------------------------------------------------------- chapter 5


def wilcoxon_report(differences, names=None, zero_method: str = "zsplit", alpha: float = 0.05) -> str:
    """HTML table of every step of the Wilcoxon signed-rank test (chapter 5).

    Parameters
    ----------
    differences : array_like, shape (n,)
        d_i = score of algorithm 1 minus score of algorithm 2, per data set.
    names : sequence of str, optional
        Data set names.
    zero_method : {"zsplit", "pratt", "wilcox"}, optional
        As in :func:`lecture_lib.wilcoxon_signed_rank`.
    alpha : float, optional
        Significance level for the decisions.

    Returns
    -------
    html : str
        One row per data set, sorted by |d| (d, |d|, rank, sign, share of R+
        and R-), then R+, R-, T = min(R+, R-), z and the exact and normal
        two-sided p-values with the decision for each; the logic is
        :func:`lecture_lib.wilcoxon_steps`.

    Examples
    --------
    >>> from lecture_lib.widgets import wilcoxon_report
    >>> html = wilcoxon_report([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])
    >>> "R+ = 21" in html and "reject H0" in html
    True
    """
    from .ranks import wilcoxon_steps

    alpha = check_alpha(alpha)
    steps = wilcoxon_steps(differences, names=names, zero_method=zero_method)

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
        f"<tr><td>normal, continuity-corrected</td><td class='pvalue'>{steps['pvalue_normal_corrected']:.4g}</td>"
        f"<td>{decision(steps['pvalue_normal_corrected'])}</td></tr>",
        "</tbody></table>",
    ]
    return "\n".join(lines)


def wilcoxon_explorer(differences, names=None, zero_method: str = "zsplit", alpha: float = 0.05):
    """Editable per-data-set differences with the live table of :func:`wilcoxon_report`."""
    import numpy as np

    from .ranks import WILCOXON_ZERO_METHODS

    values = [float(v) for v in np.asarray(differences, dtype=float)]
    names = [f"data set {i + 1}" for i in range(len(values))] if names is None else [str(s) for s in names]
    style = {"description_width": "initial"}
    boxes = [widgets.FloatText(value=v, step=0.001, description=name, style=style,
                               layout=widgets.Layout(width="260px")) for v, name in zip(values, names)]
    choice = widgets.Dropdown(options=list(WILCOXON_ZERO_METHODS), value=zero_method, description="zero_method")
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


__all__ += ["wilcoxon_report", "wilcoxon_explorer"]
