"""Widgets of chapter 3: the family-wise error of pairwise tests and the exchangeability lab.

Each widget is a pure ``*_report`` function (HTML, tested directly) and a thin
explorer: the simulations run once when the widget is built, and every callback
only reads them.

Taught in chapter 3 (``notebooks/03-cochrans-q``).
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from .._validation import check_alpha, check_count, check_probability
from ..cochran import familywise_error
from ..homogeneity import homogeneity_lab_rows, simulate_homogeneity_tests

__all__ = [
    "familywise_report",
    "familywise_explorer",
    "homogeneity_lab_report",
    "homogeneity_explorer",
]


# -------------------------------------------------------------------- the family-wise error of pairwise tests


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


def familywise_explorer(
    n_models: int = 5, alpha: float = 0.05, max_models: int = 10, n_sim: int = 2000, seed: int = 0
):
    """Sliders for the number of models and alpha with the live table of :func:`familywise_report`.

    The simulations for every k are run once when the widget is built, so
    moving a slider only thresholds stored p-values.
    """
    max_models = check_count(max_models, "max_models", minimum=2)
    n_models = check_count(n_models, "n_models", minimum=2)
    if n_models > max_models:
        raise ValueError(f"n_models must be at most max_models={max_models}, got {n_models}")
    alpha = check_alpha(alpha)
    for k in range(2, max_models + 1):  # warm the cache: later callbacks only threshold
        familywise_error(k, alpha=alpha, n_sim=n_sim, seed=seed)
    style = {"description_width": "initial"}
    k_slider = widgets.IntSlider(
        value=n_models, min=2, max=max_models, description="number of models k", style=style
    )
    alpha_slider = widgets.FloatSlider(
        value=alpha, min=0.01, max=0.10, step=0.01, description="alpha", readout_format=".2f", style=style
    )
    report = widgets.HTML(familywise_report(n_models, alpha, n_sim, seed))

    def update(_change=None):
        report.value = familywise_report(k_slider.value, alpha_slider.value, n_sim, seed)

    for slider in (k_slider, alpha_slider):
        slider.observe(update, names="value")
    return widgets.VBox([widgets.HBox([k_slider, alpha_slider]), report])


# ------------------------------------------------------------------------------------ the exchangeability lab


def homogeneity_lab_report(simulation, disagreement) -> str:
    """HTML table of the three rejection rates at one A/B disagreement.

    Parameters
    ----------
    simulation : HomogeneitySimulation
        From :func:`lecture_lib.simulate_homogeneity_tests`.
    disagreement : float
        The slider's value; the nearest grid point is shown.

    Returns
    -------
    html : str
        One row per test: the rate, its Monte Carlo standard error, and
        whether it is within two standard errors of the nominal level.

    Examples
    --------
    >>> from lecture_lib import simulate_homogeneity_tests
    >>> from lecture_lib.widgets import homogeneity_lab_report
    >>> lab = simulate_homogeneity_tests([0.0, 0.32], n_sim=500, seed=0)
    >>> "Looney" in homogeneity_lab_report(lab, 0.0)
    True
    """
    rows = homogeneity_lab_rows(simulation, disagreement)
    lab = simulation
    used = rows[0][1]
    body = []
    for name, _, rate, se in rows:
        verdict = "near nominal" if abs(rate - lab.alpha) <= 2 * se + 1e-12 else (
            "too often" if rate > lab.alpha else "too rarely")
        body.append(
            f"<tr><td>{html.escape(name)}</td><td>{100 * rate:.1f} %</td>"
            f"<td>{100 * se:.1f} %</td><td>{verdict}</td></tr>"
        )
    return (
        f"<p>A and B disagree on {100 * used:.1f} % of the examples; "
        "all three models are "
        f"{100 * lab.accuracy:g} % accurate, so every rejection is a false positive "
        f"(nominal {100 * lab.alpha:g} %).</p>"
        "<table><tr><th>test</th><th>rejects H0</th><th>MC s.e.</th><th></th></tr>"
        + "".join(body) + "</table>"
    )


def homogeneity_explorer(n_examples: int = 200, accuracy: float = 0.8,
                         n_sim: int = 4000, seed: int = 0):
    """A slider for the A/B disagreement and the :func:`homogeneity_lab_report` table.

    The grid of 17 disagreements from 0 to ``2 accuracy (1 - accuracy)``
    (independent models) is simulated once when the widget is built.
    """
    accuracy = check_probability(accuracy, "accuracy")
    top = 2.0 * accuracy * (1.0 - accuracy)
    grid = np.linspace(0.0, top, 17)
    lab = simulate_homogeneity_tests(grid, n_examples, accuracy, n_sim=n_sim, seed=seed)
    slider = widgets.FloatSlider(
        value=0.0, min=0.0, max=float(grid[-1]), step=float(grid[1] - grid[0]),
        description="A/B disagreement", readout_format=".3f",
        style={"description_width": "initial"},
    )
    report = widgets.HTML(homogeneity_lab_report(lab, 0.0))

    def update(_change=None):
        report.value = homogeneity_lab_report(lab, slider.value)

    slider.observe(update, names="value")
    return widgets.VBox([slider, report])
