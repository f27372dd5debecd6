"""Widgets of chapter 2: McNemar's four p-values, their differences and Type I error, and the test-set size.

The widgets are thin: each callback calls a pure function of the library
(``mcnemar_report``, ``mcnemar_pvalue_grid``, ``simulate_mcnemar``) that the
tests exercise directly, then shows the result.

Taught in chapter 2 (``notebooks/02-mcnemar``).
"""

from __future__ import annotations

import html

import ipywidgets as widgets
import numpy as np

from .._drawing import rejection_rate_bars, rejection_rate_frame
from .._validation import as_generator, check_alpha, check_count, check_option, check_probability, check_real
from ..intervals import paired_accuracy_difference
from ..live_figure import LiveFigure
from ..mcnemar import TEXTBOOK_EXACT_BELOW, mcnemar
from ..planning import mcnemar_power, mcnemar_sample_size
from ..plots import plot_mcnemar_pvalue_heatmap
from ..simulate import simulate_mcnemar

__all__ = [
    "mcnemar_report",
    "mcnemar_explorer",
    "mcnemar_heatmap_explorer",
    "mcnemar_type1_explorer",
    "SAMPLE_SIZE_EXACT_MAX_VARIANCE",
    "mcnemar_sample_size_report",
    "mcnemar_sample_size_explorer",
]


# --------------------------------------------- McNemar's four p-values, their differences, their Type I error

_REPORT_METHODS = ("chi2", "corrected", "exact", "midp")


def mcnemar_report(b: int, c: int, n: int | None = None, alpha: float = 0.05) -> str:
    """An HTML table of the four McNemar p-values for given b and c.

    Parameters
    ----------
    b, c : int
        Disagreements won by model 1 (b) and by model 2 (c).
    n : int, optional
        Size of the test set (>= b + c), used to show the accuracy
        difference (b - c) / n with its 95 % Bonett-Price interval
        (:func:`lecture_lib.paired_accuracy_difference`); the p-values do
        not depend on it.
    alpha : float, optional
        Significance level for the decisions.

    Returns
    -------
    html : str
        A ``<table>`` with one row per method (statistic, p-value, decision;
        the default, mid-p, marked), what the statistic is for each method
        (the chi-squared value, or min(b, c) for the exact and mid-p tests),
        a sentence naming what the sources' ``method="textbook"`` rule would
        choose, with ``n`` the accuracy difference with its Bonett-Price
        interval, and whether the 95 % mid-p interval of model 1's share of
        the disagreements (``mcnemar(table).win_probability``, the interval
        the default test inverts) excludes one half, and whether the
        Bonett-Price interval agrees with it (another method: near the
        threshold it can disagree, and the sentence says so).

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
        label = f"{method} (default)" if method == "midp" else method
        # four decimals, as the chapter prints p-values; tiny ones in three digits
        shown = f"{res.pvalue:.4f}" if res.pvalue >= 1e-3 else f"{res.pvalue:.3g}"
        rows.append(
            f"<tr><td>{label}</td><td>{res.statistic:.4g}</td>"
            f"<td class='pvalue'>{shown}</td><td>{decision}</td></tr>"
        )
    textbook = mcnemar(table, "textbook")
    below = b + c < TEXTBOOK_EXACT_BELOW
    # the default test at the 5 % level and the interval it inverts (b + c = 0 gives [0, 1]).
    # Every variant of the text below has the same numbers and tags, and the words that vary sit
    # in as few places as possible, so that the website stores the explorer's 5 043 states
    # compactly (lecture_lib/_static_widgets.py; tests/test_static_widgets.py checks the weight).
    midp_rejects = mcnemar(table).pvalue <= 0.05
    lines = [
        f"<p>b = {b}, c = {c}: model 1 won {b} of the {b + c} disagreements.</p>",
        "<table class='mcnemar-report'><thead><tr><th>method</th><th>statistic</th>"
        f"<th>p-value</th><th>decision at alpha = {alpha:g}</th></tr></thead><tbody>",
        *rows,
        "</tbody></table>",
        "<p>The statistic is the chi-squared value for chi2 and corrected; for exact and midp it "
        "is min(b, c), the smaller count, whose binomial tail probabilities are their "
        "p-values.</p>",
        "<p>The course's default is <b>midp</b> (<code>mcnemar(table)</code>). The sources' textbook "
        'rule, <code>mcnemar(table, method="textbook")</code>, would use '
        f"{textbook.method} (b + c {'<' if below else '>='} {TEXTBOOK_EXACT_BELOW}).</p>",
    ]
    here = f"Here it {'excludes' if midp_rejects else 'includes'} one half"
    if n is not None:
        # the Bonett-Price interval depends on b, c and n only, so a and d can be split any way
        effect = paired_accuracy_difference([[n - b - c, b], [c, 0]])
        lines.append(
            f"<p>On n = {n} test examples the accuracies differ by (b - c) / n = "
            f"{100 * effect.estimate:+.2f} percentage points, 95 % interval {100 * effect.low:+.2f} to "
            f"{100 * effect.high:+.2f} (Bonett-Price): the p-values above do not depend on n, the "
            "interval does.</p>"
        )
        excludes_zero = effect.low > 0.0 or effect.high < 0.0
        here += f"; the Bonett-Price interval above {'excludes' if excludes_zero else 'includes'} zero"
        if excludes_zero == midp_rejects:
            here += " too"
        else:
            here += (f" although the mid-p test {'does not reject' if excludes_zero else 'rejects'}: "
                     "it comes from another method, which also uses n, and near the threshold the two "
                     "can disagree")
    lines.append(
        "<p>Model 1's share of the disagreements has a 95 % mid-p interval "
        "(<code>mcnemar(table).win_probability</code>), the interval the default test inverts: it "
        f"excludes one half exactly when mid-p rejects H0 at the 5 % level. {here}.</p>"
    )
    return "\n".join(lines)


def mcnemar_explorer(b: int = 11, c: int = 1, n: int = 10_000, alpha: float = 0.05):
    """Sliders for b, c, n and alpha with the live table of :func:`mcnemar_report`."""
    b, c, alpha = check_count(b, "b"), check_count(c, "c"), check_alpha(alpha)
    n = check_count(n, "n", minimum=1)
    style = {"description_width": "initial"}
    b_slider = widgets.IntSlider(value=b, min=0, max=100, description="b", style=style)
    c_slider = widgets.IntSlider(value=c, min=0, max=100, description="c", style=style)
    n_slider = widgets.IntSlider(
        value=n, min=200, max=20_000, step=100, description="n (test size)", style=style
    )
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
    """Heat map of approximate minus exact p-values with a grid-size slider.

    The whole 150 x 150 grid is drawn once per variant; the slider zooms
    (the largest difference sits at small b and c, so the colour scale is
    the same at every grid size).
    """
    largest = 150
    max_count = check_count(max_count, "max_count", minimum=1)
    method = check_option(method, "method", ("chi2", "corrected", "midp"))
    size = widgets.IntSlider(value=max_count, min=10, max=largest, step=5, description="max b, c",
                             continuous_update=False)
    choice = widgets.Dropdown(options=["chi2", "corrected", "midp"], value=method, description="variant")

    def background(figure, method):
        ax = figure.add_subplot()
        plot_mcnemar_pvalue_heatmap(largest, method, ax=ax)
        for artist in (ax.images[0], ax.xaxis, ax.yaxis):
            artist.set_animated(True)  # they change with the zoom
        return ax

    def moving(ax, max_count):
        ax.set_xlim(-0.5, max_count + 0.5)
        ax.set_ylim(-0.5, max_count + 0.5)
        return [ax.images[0], ax.xaxis, ax.yaxis]

    live = LiveFigure(background, moving, figsize=(5.2, 4.2))
    live.prepare(choice.options)  # three backgrounds: every change is then a zoom or a swap

    def update(_change=None):
        live.show(
            choice.value,
            size.value,
            alt=f"Heat map over b and c from 0 to {size.value} of the {choice.value} p-value minus the exact "
            "p-value: red where the variant is more conservative, blue where it rejects more easily.",
            caption=f"{choice.value} minus exact McNemar p-value for b, c = 0..{size.value}.",
        )

    for control in (size, choice):
        control.observe(update, names="value")
    update()
    return widgets.VBox([widgets.HBox([size, choice]), live.widget])


def _rate_axis_top(rates, alpha):
    """The top of the y axis for rejection rates: the first step of a ladder above the data."""
    need = max(float(np.max(rates)), alpha) * 1.15
    return next(top for top in (0.1, 0.2, 0.3, 0.5, 1.0) if top >= need or top == 1.0)


def mcnemar_type1_explorer(
    n_test: int = 200, p_discordant: float = 0.05, alpha: float = 0.05, n_reps: int = 10_000, seed: int = 0
):
    """Simulated Type I error of the four variants; sliders for the set-up."""
    n_test, n_reps = check_count(n_test, "n_test", minimum=1), check_count(n_reps, "n_reps", minimum=1)
    p_discordant = check_probability(p_discordant, "p_discordant", open_interval=False)
    alpha = check_alpha(alpha)
    as_generator(seed)  # checks the seed; each simulation starts from it again
    style = {"description_width": "initial"}
    n_slider = widgets.IntSlider(value=n_test, min=20, max=2000, step=20, description="test size n",
                                 continuous_update=False, style=style)
    p_slider = widgets.FloatSlider(value=p_discordant, min=0.005, max=0.3, step=0.005, readout_format=".3f",
                                   description="P(disagree)", continuous_update=False, style=style)
    a_slider = widgets.FloatSlider(value=alpha, min=0.01, max=0.10, step=0.01, readout_format=".2f",
                                   description="alpha", continuous_update=False, style=style)
    r_slider = widgets.IntSlider(value=n_reps, min=1000, max=100_000, step=1000, description="replications",
                                 continuous_update=False, style=style)
    text = widgets.HTML()

    def background(figure, key):
        top, methods = key
        ax = figure.add_subplot()
        rejection_rate_frame(ax, methods)
        ax.set_ylim(0, top)
        ax.set_title("Simulated rejection rates under H0 (dashed: alpha)")
        return ax

    def moving(ax, result):
        return rejection_rate_bars(ax, result)

    live = LiveFigure(background, moving, figsize=(5.2, 3.4))

    def update(_change=None):
        result = simulate_mcnemar(n_slider.value, p_slider.value, a_slider.value, r_slider.value, seed=seed)
        text.value = (
            f"<p>Expected number of disagreements per test set: {n_slider.value * p_slider.value:.1f}.</p>"
            f"<pre>{html.escape(str(result))}</pre>"
        )
        rates = ", ".join(f"{m} {r:.3f}" for m, r in zip(result.methods, result.rates))
        live.show(
            (_rate_axis_top(result.ci_high, result.alpha), result.methods),
            result,
            alt=f"Bar chart of the rejection rates under H0 with 95% Monte Carlo intervals: {rates}; "
            f"dashed line at alpha = {result.alpha:g}.",
            caption=f"{result.n_reps} simulated test sets of n = {n_slider.value}, alpha = {result.alpha:g}.",
        )

    for control in (n_slider, p_slider, a_slider, r_slider):
        control.observe(update, names="value")
    update()
    return widgets.VBox(
        [widgets.HBox([n_slider, p_slider]), widgets.HBox([a_slider, r_slider]), text, live.widget]
    )


# ------------------------------------------------------------------------------------------ the test-set size

#: :func:`mcnemar_sample_size_report` computes the exact power only when the number of
#: disagreements has at most this variance n psi (1 - psi) (at most about 30 ms);
#: beyond it the normal approximation is within a few thousandths of it.
SAMPLE_SIZE_EXACT_MAX_VARIANCE = 2000.0


def mcnemar_sample_size_report(
    difference: float = 0.01, discordant_proportion: float = 0.05, power: float = 0.8, alpha: float = 0.05
) -> str:
    """How many test examples McNemar's test needs: the widget's text (chapter 2).

    Parameters
    ----------
    difference : float
        The accuracy difference to detect (a proportion, e.g. 0.01 for one
        percentage point), 0 < difference <= discordant_proportion.
    discordant_proportion : float
        The share of test examples on which the two models disagree, in
        (0, 1].
    power : float, optional
        The probability of detecting the difference, in (0, 1).
    alpha : float, optional
        Two-sided significance level, in (0, 1).

    Returns
    -------
    html : str
        Connor's (1987) number of test examples
        (:func:`lecture_lib.mcnemar_sample_size`'s ``n_connor``), the expected
        number of disagreements, the exact power of the mid-p test at that n
        (:func:`lecture_lib.mcnemar_power`, when the number of disagreements
        varies little enough to compute it in a few milliseconds), and the
        expected half-width of the 95 % interval of the difference,
        :math:`z_{0.975}\\sqrt{(\\psi - \\delta^2)/n}`.

    Examples
    --------
    >>> from lecture_lib.widgets import mcnemar_sample_size_report
    >>> "n = 3923" in mcnemar_sample_size_report(0.01, 0.05)
    True

    One point of accuracy between models that disagree on 5 % of the
    examples: about 3900 test examples for 80 % power (Connor's example).
    """
    if check_real(difference, "difference") <= 0.0:
        raise ValueError(f"difference must be positive (a difference to detect), got {difference!r}")
    plan = mcnemar_sample_size(discordant_proportion, difference, alpha=alpha, power=power, exact_check=False)
    n, psi, delta, alpha, power = (
        plan.n_connor,
        plan.discordant_proportion,
        plan.difference,
        plan.alpha,
        plan.power,
    )
    lines = [
        f"<p>To detect a difference of <b>{100 * delta:.2g} percentage "
        f"point{'' if delta == 0.01 else 's'}</b> "
        "in accuracy between two models "
        f"that disagree on {100 * psi:.3g} % of the test examples, with power {power:.2f} at the two-sided "
        f"{alpha:g} level, McNemar's test needs about <b>n = {n}</b> test examples (Connor's formula): about "
        f"{n * psi:.0f} disagreements.</p>"
    ]
    if n * psi * (1.0 - psi) <= SAMPLE_SIZE_EXACT_MAX_VARIANCE:
        exact = mcnemar_power(n, psi, delta, alpha=alpha).power
        lines.append(f"<p>Exact power of the mid-p test (the course's default) at n = {n}: {exact:.3f}.</p>")
    else:
        lines.append(
            f"<p>So many disagreements that the normal approximation is accurate; for the exact power "
            f"call <code>mcnemar_power({n}, {psi:g}, {delta:g})</code>.</p>"
        )
    half = 1.959963984540054 * np.sqrt(max(psi - delta * delta, 0.0) / n)
    lines.append(f"<p>With n = {n}, the 95 % interval of the difference will be about "
                 f"&plusmn;{100 * half:.2g} points wide: power and precision come together.</p>")
    return "\n".join(lines)


def mcnemar_sample_size_explorer(
    difference: float = 0.01, discordant_proportion: float = 0.05, power: float = 0.8, alpha: float = 0.05
):
    """Sliders for the difference, the disagreement rate and the power.

    The text below them is :func:`mcnemar_sample_size_report`.
    """
    mcnemar_sample_size_report(
        difference, discordant_proportion, power, alpha
    )  # the checks, before any slider
    style = {"description_width": "initial"}
    d_slider = widgets.FloatSlider(value=100 * difference, min=0.5, max=10.0, step=0.5, readout_format=".1f",
                                   description="difference (points)", style=style)
    psi_slider = widgets.FloatSlider(value=100 * discordant_proportion, min=1.0, max=50.0, step=1.0,
                                     readout_format=".0f", description="disagreement (%)", style=style)
    power_slider = widgets.FloatSlider(value=power, min=0.5, max=0.95, step=0.05, readout_format=".2f",
                                       description="power", style=style)
    text = widgets.HTML()

    def update(_change=None):
        psi = psi_slider.value / 100.0
        delta = min(d_slider.value / 100.0, psi)  # a difference cannot exceed the disagreement rate
        text.value = mcnemar_sample_size_report(delta, psi, power_slider.value, alpha)

    for slider in (d_slider, psi_slider, power_slider):
        slider.observe(update, names="value")
    update()
    return widgets.VBox([widgets.HBox([d_slider, psi_slider]), power_slider, text])
