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



# --------------------------------------------------------------------------- chapter 7


def tuning_bias_report(result, n_configs: int) -> str:
    """An HTML sentence on the optimism of the non-nested estimate at one grid size.

    Parameters
    ----------
    result : TuningBias
        As returned by :func:`lecture_lib.nested.simulate_tuning_bias`.
    n_configs : int
        The grid size to report (1 to the largest grid simulated).

    Returns
    -------
    html : str
        Both mean estimates, their Monte Carlo standard errors and the
        optimism (non-nested minus truth) in percentage points.

    Examples
    --------
    >>> from lecture_lib.nested import simulate_tuning_bias
    >>> from lecture_lib.widgets import tuning_bias_report
    >>> "optimism" in tuning_bias_report(simulate_tuning_bias(max_configs=5, n_reps=50), 5)
    True
    """
    from .nested import TuningBias

    if not isinstance(result, TuningBias):
        raise TypeError(f"result must be a TuningBias, got {type(result).__name__}")
    n_configs = check_count(n_configs, "n_configs", minimum=1)
    if n_configs > result.n_configs[-1]:
        raise ValueError(f"n_configs must be at most {int(result.n_configs[-1])}, got {n_configs}")
    i = n_configs - 1
    optimism = 100 * (result.non_nested[i] - result.truth)
    nested_gap = 100 * (result.nested[i] - result.truth)
    return (
        f"<p>Best of <b>{n_configs}</b> configuration(s), {result.outer_cv}-fold CV: mean reported accuracy "
        f"<b>{result.non_nested[i]:.3f}</b> (MC s.e. {result.non_nested_se[i]:.3f}), an optimism of "
        f"<b>{optimism:+.1f}</b> percentage points over the truth {result.truth:g}.</p>"
        f"<p>Nested CV ({result.outer_cv} outer x {result.inner_cv} inner folds): "
        f"<b>{result.nested[i]:.3f}</b> (MC s.e. {result.nested_se[i]:.3f}), {nested_gap:+.1f} points.</p>"
    )


def tuning_bias_explorer(n_samples: int = 60, max_configs: int = 30, n_reps: int = 100, seed: int = 0):
    """Sliders for outer k, inner k and grid size over :func:`simulate_tuning_bias`.

    Each pair of fold numbers is simulated once (10 to 35 ms for the
    default sizes, outer and inner k from 2 to 10) and cached, so the
    grid-size slider only redraws; drawing the figure (about 65 ms) is most
    of a callback.
    """
    from functools import lru_cache

    from .nested import simulate_tuning_bias
    from .plots import plot_tuning_bias

    @lru_cache(maxsize=None)
    def simulate(outer_cv, inner_cv):
        return simulate_tuning_bias(n_samples, max_configs, outer_cv, inner_cv, n_reps, seed)

    style = {"description_width": "initial"}
    outer = widgets.IntSlider(value=5, min=2, max=10, description="outer k", continuous_update=False, style=style)
    inner = widgets.IntSlider(value=2, min=2, max=10, description="inner k", continuous_update=False, style=style)
    size = widgets.IntSlider(value=10, min=1, max=max_configs, description="grid size", style=style)

    def draw(outer_cv, inner_cv, n_configs):
        result = simulate(outer_cv, inner_cv)
        fig, ax = plt.subplots(figsize=(6, 3.6))
        plot_tuning_bias(result, n_configs, ax=ax)
        plt.show()
        display_html = widgets.HTML(tuning_bias_report(result, n_configs))
        from IPython.display import display

        display(display_html)

    out = widgets.interactive_output(draw, {"outer_cv": outer, "inner_cv": inner, "n_configs": size})
    return widgets.VBox([widgets.HBox([outer, inner, size]), out])
