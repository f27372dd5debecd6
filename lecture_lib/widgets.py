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



# ----------------------------------------------------------------------------- chapter 3


def familywise_report(n_models: int = 5, alpha: float = 0.05, n_sim: int = 2000, seed: int = 0) -> str:
    """An HTML table of the family-wise error rates for k equally accurate models.

    Parameters
    ----------
    n_models : int, optional
        Number of models k >= 2.
    alpha : float, optional
        Significance level in (0, 1).
    n_sim, seed : int, optional
        Size and seed of the simulation (:func:`lecture_lib.familywise_error`).

    Returns
    -------
    html : str
        One row per procedure: its simulated chance of at least one false
        "significant" pair, as a number and as a bar, next to alpha.

    Examples
    --------
    >>> from lecture_lib.widgets import familywise_report
    >>> "45 pairs" in familywise_report(10, 0.05)
    True
    """
    from .cochran import familywise_error

    result = familywise_error(n_models, alpha=alpha, n_sim=n_sim, seed=seed)
    rows = [
        ("unadjusted pairwise McNemar", result.unadjusted, "simulated"),
        ("if the m tests were independent", result.independent, "1 - (1 - alpha)^m"),
        ("Bonferroni's bound on the unadjusted rate", result.bonferroni_bound, "min(1, m alpha)"),
        ("Cochran's Q first, then unadjusted", result.omnibus_gate, "simulated"),
        ("Bonferroni-adjusted", result.bonferroni, "simulated"),
        ("Holm-adjusted", result.holm, "simulated"),
    ]
    body = []
    for label, value, how in rows:
        colour = "#c0392b" if value > alpha + 2 * result.monte_carlo_se else "#2e86c1"
        bar = (f"<div style='background:{colour};height:0.8em;width:{200 * value:.0f}px'></div>")
        body.append(f"<tr><td>{label}</td><td class='rate'>{value:.3f}</td><td>{bar}</td><td>{how}</td></tr>")
    return "\n".join([
        f"<p>{result.n_models} equally accurate models: m = {result.n_pairs} pairs, each tested at "
        f"alpha = {alpha:g}. Chance of at least one false 'significant' pair "
        f"({result.n_sim} simulated test sets, Monte Carlo error up to {result.monte_carlo_se:.3f}):</p>",
        "<table class='familywise-report'><thead><tr><th>procedure</th><th>P(any false rejection)</th>"
        "<th></th><th>how</th></tr></thead><tbody>",
        *body,
        "</tbody></table>",
    ])


def familywise_explorer(n_models: int = 5, alpha: float = 0.05, max_models: int = 10, n_sim: int = 2000, seed: int = 0):
    """Sliders for the number of models and alpha with the live table of :func:`familywise_report`.

    The simulations for every k are run once when the widget is built, so
    moving a slider only thresholds stored p-values.
    """
    from .cochran import familywise_error

    max_models = check_count(max_models, "max_models", minimum=2)
    for k in range(2, max_models + 1):  # warm the cache: later callbacks only threshold
        familywise_error(k, alpha=alpha, n_sim=n_sim, seed=seed)
    style = {"description_width": "initial"}
    k_slider = widgets.IntSlider(value=n_models, min=2, max=max_models, description="number of models k", style=style)
    alpha_slider = widgets.FloatSlider(
        value=alpha, min=0.01, max=0.10, step=0.01, description="alpha", readout_format=".2f", style=style
    )
    report = widgets.HTML(familywise_report(n_models, alpha, n_sim, seed))

    def update(_change=None):
        report.value = familywise_report(k_slider.value, alpha_slider.value, n_sim, seed)

    for slider in (k_slider, alpha_slider):
        slider.observe(update, names="value")
    return widgets.VBox([widgets.HBox([k_slider, alpha_slider]), report])


__all__ += ["familywise_report", "familywise_explorer"]
