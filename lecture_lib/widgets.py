"""ipywidgets front ends for the notebooks.

The widgets are thin: each callback calls a pure function of this package
(``mcnemar_report``, ``mcnemar_pvalue_grid``, ``simulate_mcnemar``) that the
tests exercise directly, then shows the result.
"""

from __future__ import annotations

import dataclasses
import html
from functools import cache

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from ._drawing import (
    mark_grid_size,
    mark_k,
    mark_split,
    pvalue_histogram_bars,
    pvalue_histogram_frame,
    rejection_rate_bars,
    rejection_rate_frame,
    tuning_bias_curves,
    tuning_bias_title,
)
from ._validation import (
    as_generator,
    check_alpha,
    check_count,
    check_flag,
    check_holdout_row,
    check_instance,
    check_names,
    check_nonnegative,
    check_option,
    check_probability,
    check_real,
    check_real_array,
    check_scores,
)
from .cochran import familywise_error
from .curves import ComplexityCurve
from .friedman_nemenyi import CD_TESTS, cd_cliques, critical_difference, friedman
from .guide import WHICH_TEST_SITUATIONS, recommend_test, recommendation_html
from .homogeneity import homogeneity_lab_rows, simulate_homogeneity_tests
from .intervals import paired_accuracy_difference
from .live_figure import LiveFigure
from .mcnemar import TEXTBOOK_EXACT_BELOW, mcnemar
from .nested import TuningBias, simulate_tuning_bias
from .paired import PAIRED_TESTS, resampled_ttest
from .planning import mcnemar_power, mcnemar_sample_size
from .plots import (
    PAIRED_TEST_LABELS,
    plot_complexity_curve,
    plot_critical_difference,
    plot_holdout_spread,
    plot_mcnemar_pvalue_heatmap,
)
from .simulate import simulate_mcnemar
from .simulate_paired import TRAININGS_PER_ALGORITHM, PairedSimulation
from .wilcoxon_sign import WILCOXON_ZERO_METHODS, wilcoxon_signed_rank, wilcoxon_steps

__all__ = [
    "mcnemar_report",
    "mcnemar_explorer",
    "mcnemar_heatmap_explorer",
    "mcnemar_type1_explorer",
    "mcnemar_sample_size_report",
    "mcnemar_sample_size_explorer",
    "familywise_report",
    "familywise_explorer",
    "complexity_report",
    "complexity_explorer",
    "holdout_report",
    "holdout_explorer",
    "type1_lab_report",
    "type1_error_lab",
    "corrected_t_report",
    "corrected_ttest_explorer",
    "wilcoxon_report",
    "wilcoxon_explorer",
    "CDSubsample",
    "cd_subsample",
    "cd_explorer",
    "POSTHOC_PROCEDURES",
    "posthoc_procedure",
    "posthoc_explorer",
    "tuning_bias_report",
    "tuning_bias_explorer",
    "which_test_explorer",
    "homogeneity_lab_report",
    "homogeneity_explorer",
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


# ----------------------------------------------------------------------------- chapter 2: test-set size

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




# --------------------------------------------------------------------------- chapter 1



def complexity_report(curve, k, reference=None) -> str:
    """HTML sentences on the training and test error of k-NN at one k.

    Parameters
    ----------
    curve : lecture_lib.curves.ComplexityCurve
        From :func:`lecture_lib.curves.knn_complexity_curve`.
    k : int
        A value of k on the curve.
    reference : lecture_lib.curves.ComplexityCurve, optional
        The same values of k (``curve.n_neighbors``) scored on a large set of
        new examples, which stands for the "true" error.

    Returns
    -------
    html : str
        The two errors at ``k`` and their gap, and on which side of the best
        k the value lies (smaller k, a more flexible model: the overfitting
        side; larger k: the underfitting side). With ``reference``, the best
        k is the one with the lowest error on the new examples, and the
        report adds that error at ``k`` and what the k with the lowest
        *test* error scores on new data: the minimum of a noisy test curve is
        biased downwards. Without it, the only guide is the k with the
        lowest test error, and the report says that it is a noisy one.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.curves import ComplexityCurve
    >>> from lecture_lib.widgets import complexity_report
    >>> curve = ComplexityCurve(np.array([1, 5, 25]), np.array([0.0, 0.1, 0.2]),
    ...                         np.array([0.3, 0.15, 0.25]), 100, 50)
    >>> "overfitting" in complexity_report(curve, 1)
    True

    With k = 1 the model is more flexible than k = 5, the k with the lowest
    error on these 50 test examples.
    """
    check_instance(curve, ComplexityCurve, "curve", made_by="knn_complexity_curve")
    check_instance(reference, ComplexityCurve, "reference", made_by="knn_complexity_curve", allow_none=True)
    k = check_count(k, "k", minimum=1)
    if reference is not None and not np.array_equal(reference.n_neighbors, curve.n_neighbors):
        raise ValueError("reference must score the same values of k, in the same order, as curve; "
                         f"curve.n_neighbors has {len(curve.n_neighbors)} values, reference.n_neighbors "
                         f"{len(reference.n_neighbors)} and they differ")
    train, test = curve.at(k)
    if reference is not None:
        _, new = reference.at(k)
        best = reference.best_k
        best_what = f"the k with the lowest error on the {reference.n_test} new examples"
    else:
        best = curve.best_k
        best_what = (f"the k with the lowest error on these {curve.n_test} test examples (a noisy guide: "
                     "another test set would put the minimum elsewhere)")
    if k < best:
        side = (f"k = {k} is <b>more flexible</b> than k = {best}, {best_what}: it lies on the "
                "<b>overfitting</b> side, where the model follows noise in its training data.")
    elif k > best:
        side = (f"k = {k} is <b>more rigid</b> than k = {best}, {best_what}: it lies on the "
                "<b>underfitting</b> side, where the model is too simple to follow the classes.")
    else:
        side = f"k = {k} is {best_what}."
    lines = [
        f"<p>k = {k}: training error <b>{train:.3f}</b>, test error <b>{test:.3f}</b> "
        f"(gap {test - train:+.3f}) on {curve.n_test} test examples.</p>",
    ]
    if reference is not None:
        lines.append(f"<p>On the {reference.n_test} new examples the error at k = {k} is "
                     f"<b>{new:.3f}</b>.</p>")
    lines.append(f"<p>{side}</p>")
    if reference is not None:
        lowest = curve.best_k
        lowest_test, lowest_new = curve.at(lowest)[1], reference.at(lowest)[1]
        if lowest == best:
            where = (f"The test error is also lowest at k = {lowest} ({lowest_test:.3f}; "
                     f"{lowest_new:.3f} on new data).")
        else:
            where = (f"The test error is lowest at k = {lowest} ({lowest_test:.3f}); on new data that "
                     f"model's error is {lowest_new:.3f}, against {reference.at(best)[1]:.3f} at k = {best}.")
        lines.append(f"<p>{where} The minimum of a noisy test curve is biased downwards (optimistic on "
                     "average), and it need not mark the best k.</p>")
    return "\n".join(lines)


def complexity_explorer(curve, reference=None, k=1):
    """A slider over k with the complexity curve and :func:`complexity_report`.

    The curves are computed beforehand (``curve``, ``reference``); moving the
    slider only redraws the figure and the sentence.
    """
    complexity_report(curve, k, reference)  # checks the arguments before any control is built
    k = int(k)
    options = [int(v) for v in curve.n_neighbors]
    slider = widgets.SelectionSlider(options=options, value=int(k), description="k",
                                     continuous_update=False, style={"description_width": "initial"})
    report = widgets.HTML(complexity_report(curve, int(k), reference))

    def background(figure, _key):
        ax = figure.add_subplot()
        plot_complexity_curve(curve, reference=reference, ax=ax)
        return ax

    def moving(ax, k):
        return mark_k(ax, curve, k)

    live = LiveFigure(background, moving, figsize=(6.4, 3.6))

    def update(_change=None):
        k = slider.value
        report.value = complexity_report(curve, k, reference)
        train, test = curve.at(k)
        live.show(
            None,
            k,
            alt=f"Training error (blue) and test error (orange) of k-NN against k on a reversed log "
            f"axis; the marked k = {k} has training error {train:.3f} and test error {test:.3f}.",
            caption=f"Training and test error against k; the grey line marks k = {k}.",
        )

    slider.observe(update, names="value")
    update()
    return widgets.VBox([slider, report, live.widget])


def holdout_report(table, test_sizes, test_size, split, reference=None) -> str:
    """HTML summary of one holdout split against all splits of the same test size.

    Parameters
    ----------
    table : ndarray, shape (len(test_sizes), n_splits)
        From :func:`lecture_lib.curves.holdout_accuracy_table`.
    test_sizes : sequence of float
        Test fractions of the rows.
    test_size : float
        The row (one of ``test_sizes``).
    split : int
        The split (column), 0..n_splits - 1: the "seed" of the split.
    reference : float, optional
        The accuracy on new data of the model trained on all examples.

    Returns
    -------
    html : str
        This split's accuracy, and the mean, standard deviation and the range
        holding the middle 95 % of the accuracies over all splits.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.widgets import holdout_report
    >>> table = np.array([[0.80, 0.90, 0.85, 0.95]])
    >>> "0.950" in holdout_report(table, [0.2], 0.2, split=3)
    True
    """
    _, scores = check_holdout_row(table, test_sizes, test_size)
    test_size = check_probability(test_size, "test_size")
    split = check_count(split, "split")
    if split >= scores.size:
        raise ValueError(f"split must be < {scores.size} (the number of splits), got {split}")
    if reference is not None:
        reference = check_probability(reference, "reference", open_interval=False)
    low, high = np.quantile(scores, [0.025, 0.975])
    lines = [
        f"<p>Split {split} (test size {test_size:.0%}): test accuracy <b>{scores[split]:.3f}</b>.</p>",
        f"<p>Over all {scores.size} splits of this size: mean {scores.mean():.3f}, standard deviation "
        f"<b>{scores.std(ddof=1):.3f}</b>; the middle 95 % lie between {low:.3f} and {high:.3f}.</p>",
    ]
    if reference is not None:
        lines.append(f"<p>The model trained on all the data scores {reference:.3f} on new examples.</p>")
    return "\n".join(lines)


def holdout_explorer(table, test_sizes, reference=None, test_size=0.3, split=0):
    """Sliders for the test size and the split ("seed") over a precomputed table."""
    holdout_report(table, test_sizes, test_size, split, reference)  # checks the arguments before any control
    table = check_real_array(table, "table", ndim=2)
    test_size, split = float(test_size), int(split)
    style = {"description_width": "initial"}
    sizes = [float(s) for s in check_real_array(test_sizes, "test_sizes", ndim=1)]
    size_slider = widgets.SelectionSlider(options=[(f"{s:.0%}", s) for s in sizes], value=float(test_size),
                                          description="test size", continuous_update=False, style=style)
    split_slider = widgets.IntSlider(
        value=split,
        min=0,
        max=np.shape(table)[1] - 1,
        description="seed (split)",
        continuous_update=False,
        style=style,
    )
    report = widgets.HTML(holdout_report(table, sizes, float(test_size), split, reference))

    def background(figure, test_size):
        ax = figure.add_subplot()
        plot_holdout_spread(table, sizes, test_size, reference=reference, ax=ax)
        ax.get_legend().remove()  # redrawn with the split's line
        return ax

    def moving(ax, scores, split):
        return [*mark_split(ax, scores, split), ax.legend(loc="upper left", fontsize="small")]

    live = LiveFigure(background, moving, figsize=(6.4, 3.4))
    live.prepare(sizes)  # one background per test size: every slider move is then a blit

    def update(_change=None):
        size, split = size_slider.value, split_slider.value
        report.value = holdout_report(table, sizes, size, split, reference)
        _, scores = check_holdout_row(table, sizes, size)
        live.show(
            size,
            scores,
            split,
            alt=f"Histogram of the test accuracy over {scores.size} random holdout splits with {size:.0%} of "
            f"the data as test set; split {split} (orange line) scored {scores[split]:.3f}.",
            caption=f"Test accuracy over {scores.size} random splits, test size {size:.0%}.",
        )

    size_slider.observe(update, names="value")
    split_slider.observe(update, names="value")
    update()
    return widgets.VBox([widgets.HBox([size_slider, split_slider]), report, live.widget])




# --------------------------------------------------------------------------- chapter 4





def type1_lab_report(
    simulation: PairedSimulation, test: str = "resampled", alpha: float = 0.05, n_reps=None
) -> str:
    """HTML verdict on one test's rejection rate in a chapter 4 simulation.

    Parameters
    ----------
    simulation : PairedSimulation
        From :func:`lecture_lib.simulate_paired_tests`.
    test : {"mcnemar", "prop_diff", "resampled", "corrected", "kfold_cv", "corrected_kfold", \
"corrected_repeated_cv", "5x2cv_t", "5x2cv_f"}
        The test to report.
    alpha : float, optional
        Significance level.
    n_reps : int or None, optional
        Use the first n_reps simulated data sets (default: all).

    Returns
    -------
    html : str
        The learner, the rate, its 95 % Wilson interval, a verdict (too
        liberal, holds its level, conservative; or the power when H0 is
        false) and the cost.

    Examples
    --------
    >>> from lecture_lib import simulate_paired_tests
    >>> from lecture_lib.widgets import type1_lab_report
    >>> sim = simulate_paired_tests(n_examples=120, n_reps=200, n_repeats=2, seed=0)
    >>> "too often" in type1_lab_report(sim, "resampled", 0.05)
    True
    """
    if not isinstance(simulation, PairedSimulation):
        raise TypeError(f"simulation must be a PairedSimulation, got {type(simulation).__name__}")
    test = check_option(test, "test", PAIRED_TESTS)
    result = simulation.rates(alpha, n_reps)
    j = PAIRED_TESTS.index(test)
    rate, low, high = result.rates[j], result.ci_low[j], result.ci_high[j]
    name = PAIRED_TEST_LABELS[test]
    if simulation.null_is_true:
        if low > result.alpha:
            verdict = (f"<b>too liberal</b>: it rejects a true H0 too often, about {rate / result.alpha:.1f} "
                       "times the nominal rate")
        elif high < result.alpha:
            verdict = "<b>conservative</b>: it rejects a true H0 less often than alpha (and loses power)"
        else:
            verdict = "<b>holds its level</b>: the rate is compatible with alpha"
        what = "Type I error"
    else:
        verdict = (f"power against a true difference of {simulation.accuracy_1 - simulation.accuracy_2:.3g} "
                   "in Bayes accuracy")
        what = "rejection rate"
    cost = TRAININGS_PER_ALGORITHM[test]
    if test in ("resampled", "corrected"):
        cost = simulation.n_resamples
    elif test in ("kfold_cv", "corrected_kfold"):
        cost = simulation.k
    elif test == "corrected_repeated_cv":
        cost = simulation.n_repeats * simulation.k
    learner = {"nearest_centroid": "nearest-centroid", "1nn": "1-nearest-neighbour"}[simulation.learner]
    return "\n".join([
        f"<p><b>{name}</b>, {learner} learner: {what} {rate:.3f} at alpha = {result.alpha:g} "
        f"(95 % Monte Carlo interval [{low:.3f}, {high:.3f}], {result.n_reps} data sets).</p>",
        f"<p>Verdict: {verdict}.</p>",
        f"<p>Cost: {cost} training{'s' if cost > 1 else ''} per algorithm per data set.</p>",
    ])


def type1_error_lab(simulations, test: str = "resampled", alpha: float = 0.05):
    """Learner and test choosers, alpha and replications over precomputed simulations.

    ``simulations`` is one :class:`PairedSimulation` or a dict ``{name:
    simulation}`` (for example one per learner). The simulations are run
    once (by the caller); every callback only counts p-values, so it answers
    in milliseconds.
    """
    test = check_option(test, "test", PAIRED_TESTS)
    alpha = check_alpha(alpha)
    if isinstance(simulations, PairedSimulation):
        simulations = {simulations.learner: simulations}
    if not isinstance(simulations, dict) or not simulations:
        raise TypeError(f"simulations must be a PairedSimulation or a non-empty dict of them, got "
                        f"{type(simulations).__name__}")
    for key, sim in simulations.items():
        if not isinstance(sim, PairedSimulation):
            raise TypeError(f"simulations[{key!r}] must be a PairedSimulation, got {type(sim).__name__}")
    names = list(simulations)
    style = {"description_width": "initial"}
    learner = widgets.Dropdown(options=names, value=names[0], description="learner", style=style)
    chooser = widgets.Dropdown(options=[(PAIRED_TEST_LABELS[t], t) for t in PAIRED_TESTS], value=test,
                               description="test", style=style)
    a_slider = widgets.FloatSlider(value=alpha, min=0.01, max=0.20, step=0.01, readout_format=".2f",
                                   description="alpha", style=style)
    smallest = min(sim.n_reps for sim in simulations.values())
    r_slider = widgets.IntSlider(value=smallest, min=min(50, smallest), max=smallest, step=50,
                                 description="replications", style=style)
    report = widgets.HTML(type1_lab_report(simulations[names[0]], test, alpha, smallest))
    sizes = np.union1d(np.arange(r_slider.min, r_slider.max + 1, r_slider.step), [r_slider.max])

    def background(figure, key):
        name, test = key
        ax = figure.add_subplot()
        pvalue_histogram_frame(ax, f"{PAIRED_TEST_LABELS[test]} ({name})")
        # The y axis fits the tallest bar over every slider position, so it stays put while sliding.
        column = simulations[name].pvalues[:smallest, PAIRED_TESTS.index(test)]
        bins = np.minimum((column * 20).astype(int), 19)
        counts = np.cumsum(np.eye(20, dtype=np.int64)[bins], axis=0)[sizes - 1]
        tallest = float((counts.max(axis=1) / (0.05 * sizes)).max())
        ax.set_xlim(-0.05, 1.05)
        ax.set_ylim(0, 1.05 * max(tallest, 1.0))
        return ax

    def moving(ax, pvalues, alpha):
        return pvalue_histogram_bars(ax, pvalues, alpha)

    live = LiveFigure(background, moving, figsize=(4.6, 2.8))

    def update(_change=None):
        name, test, alpha, n_reps = learner.value, chooser.value, a_slider.value, r_slider.value
        simulation = simulations[name]
        report.value = type1_lab_report(simulation, test, alpha, n_reps)
        pvalues = simulation.pvalues[:n_reps, PAIRED_TESTS.index(test)]
        rate = float(np.mean(pvalues <= alpha))
        state = "H0" if simulation.null_is_true else "an alternative"
        live.show(
            (name, test),
            pvalues,
            alpha,
            alt=f"Histogram (density) of {n_reps} simulated p-values of the {PAIRED_TEST_LABELS[test]} "
            f"({name}) under {state}, against the flat line of a valid test under H0; {rate:.1%} fall "
            f"at or below alpha = {alpha:g} (red line).",
            caption=f"{PAIRED_TEST_LABELS[test]}, {name}: p-values of {n_reps} simulated data sets "
            f"under {state}.",
        )

    for control in (learner, chooser, a_slider, r_slider):
        control.observe(update, names="value")
    update()
    return widgets.VBox([widgets.HBox([learner, chooser]), widgets.HBox([a_slider, r_slider]), report,
                         live.widget])


def corrected_t_report(
    scores_1,
    scores_2,
    test_train_ratio: float,
    simulation: PairedSimulation | None = None,
    alpha: float = 0.05,
) -> str:
    """HTML comparison of the plain and the corrected resampled t for one ratio.

    Parameters
    ----------
    scores_1, scores_2 : array_like, shape (J,)
        Resampled scores of two algorithms.
    test_train_ratio : float
        The ratio n_test / n_train put into the Nadeau-Bengio correction
        (0 gives the plain resampled t).
    simulation : PairedSimulation, optional
        When given, the simulated Type I error of the resampled t with this
        ratio is shown too (its true ratio is ``simulation.test_train_ratio``).
    alpha : float, optional
        Significance level.

    Returns
    -------
    html : str

    Examples
    --------
    >>> from lecture_lib.widgets import corrected_t_report
    >>> a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.79, 0.83, 0.82]
    >>> b = [0.79, 0.81, 0.80, 0.80, 0.82, 0.80, 0.83, 0.78, 0.80, 0.81]
    >>> "variance factor" in corrected_t_report(a, b, 0.5)
    True
    """
    alpha = check_alpha(alpha)
    test_train_ratio = check_nonnegative(test_train_ratio, "test_train_ratio")
    check_instance(simulation, PairedSimulation, "simulation", made_by="simulate_paired_tests",
                   allow_none=True)
    plain = resampled_ttest(scores_1, scores_2, test_train_ratio=None)
    if test_train_ratio == 0:
        corrected = plain
    else:
        corrected = resampled_ttest(scores_1, scores_2, test_train_ratio=test_train_ratio)

    def decide(p):
        return "evidence against H0" if p <= alpha else "no evidence against H0"

    lines = [
        "<table class='corrected-t'><thead><tr><th>test</th><th>variance factor</th><th>t</th>"
        f"<th>p-value</th><th>at alpha = {alpha:g}</th></tr></thead><tbody>",
        f"<tr><td>resampled t (Dietterich)</td><td>1/J = {plain.variance_factor:.4f}</td>"
        f"<td>{plain.statistic:.3f}</td><td>{plain.pvalue:.4f}</td><td>{decide(plain.pvalue)}</td></tr>",
        f"<tr><td>corrected t, n_test/n_train = {float(test_train_ratio):.2f}</td>"
        f"<td>1/J + {float(test_train_ratio):.2f} = {corrected.variance_factor:.4f}</td>"
        f"<td>{corrected.statistic:.3f}</td><td>{corrected.pvalue:.4f}</td><td>{decide(corrected.pvalue)}</td></tr>",
        "</tbody></table>",
    ]
    if simulation is not None:
        if not isinstance(simulation, PairedSimulation):
            raise TypeError(f"simulation must be a PairedSimulation or None, got {type(simulation).__name__}")
        rate = float(np.mean(simulation.corrected_pvalues(test_train_ratio) <= alpha))
        lines.append(
            f"<p>In the simulation ({simulation.n_reps} data sets, H0 "
            f"{'true' if simulation.null_is_true else 'false'}), the resampled t with this factor rejects "
            f"in {rate:.3f} of the data sets; the split's true ratio is "
            f"{simulation.test_train_ratio:.2f}.</p>"
        )
    return "\n".join(lines)


def corrected_ttest_explorer(scores_1, scores_2, simulation: PairedSimulation | None = None,
                             test_train_ratio: float = 0.5, alpha: float = 0.05):
    """A slider for the ratio n_test / n_train in the Nadeau-Bengio corrected t."""
    corrected_t_report(scores_1, scores_2, test_train_ratio, simulation, alpha)  # checks the arguments first
    slider = widgets.FloatSlider(value=test_train_ratio, min=0.0, max=1.5, step=0.05, readout_format=".2f",
                                 description="n_test / n_train", style={"description_width": "initial"})
    report = widgets.HTML(corrected_t_report(scores_1, scores_2, test_train_ratio, simulation, alpha))

    def update(_change=None):
        report.value = corrected_t_report(scores_1, scores_2, slider.value, simulation, alpha)

    slider.observe(update, names="value")
    return widgets.VBox([slider, report])


# ---------------------------------------------------------------- chapter 5


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




# ---------------------------------------------------------------- chapter 6: how CD shrinks with N






@dataclasses.dataclass(frozen=True)
class CDSubsample:
    """What the CD widget shows for the first ``n_datasets`` data sets.

    Attributes
    ----------
    rows : ndarray of int
        Row indices used, the first ``n_datasets`` of a fixed seeded order.
    mean_ranks : ndarray, shape (k,)
        Average ranks on those rows (1 = best).
    cd : float
        Critical difference for k algorithms and ``n_datasets`` data sets.
    friedman_pvalue : float
        Friedman's p-value on those rows (``FriedmanResult.pvalue``: the exact
        permutation p-value where it can be enumerated, else chi-squared's).
    friedman_method : str
        Which of the two it is (``FriedmanResult.method``).
    iman_davenport_pvalue : float
        Iman and Davenport's p-value on those rows (NaN when every data set
        ranks the algorithms alike and F is infinite).
    cliques : list of tuple of int
        Groups not significantly different (Nemenyi) or, for
        Bonferroni-Dunn, an empty list.
    """

    rows: np.ndarray
    mean_ranks: np.ndarray
    cd: float
    friedman_pvalue: float
    friedman_method: str
    iman_davenport_pvalue: float
    cliques: list


def cd_subsample(scores, n_datasets, alpha=0.05, test="nemenyi", higher_is_better=True,
                 seed=0) -> CDSubsample:
    """Average ranks and CD on the first ``n_datasets`` rows of a seeded order.

    Parameters
    ----------
    scores : array_like, shape (N, k)
        The full benchmark table.
    n_datasets : int
        How many data sets to use, 2 <= n_datasets <= N.
    alpha : float, optional
        Family-wise significance level.
    test : {"nemenyi", "bonferroni-dunn"}, optional
        Which critical difference.
    higher_is_better : bool, optional
        False for errors.
    seed : int, optional
        Seed of the order in which data sets are added; the subsets are
        nested, so moving the slider up only adds data sets.

    Returns
    -------
    summary : CDSubsample

    Examples
    --------
    >>> from lecture_lib.examples import appml_benchmark
    >>> from lecture_lib.widgets import cd_subsample
    >>> table = appml_benchmark()
    >>> [round(cd_subsample(table.scores, n, higher_is_better=False).cd, 2) for n in (4, 16)]
    [3.77, 1.88]

    Four times as many data sets halve the critical difference.
    """
    arr = _check_score_table(scores)
    n_datasets = check_count(n_datasets, "n_datasets")
    if not 2 <= n_datasets <= arr.shape[0]:
        raise ValueError(f"n_datasets must lie in [2, {arr.shape[0]}] (the rows of scores), got {n_datasets}")
    alpha = check_alpha(alpha)
    test = check_option(test, "test", CD_TESTS)
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    rows = _cd_rows(arr.shape[0], n_datasets, seed)
    return _cd_summary(rows, friedman(arr[rows], higher_is_better=higher_is_better), alpha, test)


def _check_score_table(scores) -> np.ndarray:
    """A finite (data sets x algorithms) table with at least 2 rows and 2 columns."""
    arr = check_real_array(scores, "scores", ndim=2, what="a 2-D array of scores (data sets x algorithms)")
    if arr.shape[0] < 2 or arr.shape[1] < 2:
        raise ValueError(f"scores needs at least 2 data sets (rows) and 2 algorithms (columns), got shape "
                         f"{arr.shape}")
    return arr


def _cd_rows(n_total: int, n_datasets: int, seed) -> np.ndarray:
    """The first ``n_datasets`` rows of a seeded order, sorted: nested as ``n_datasets`` grows."""
    order = np.random.default_rng(check_count(seed, "seed")).permutation(n_total)
    return np.sort(order[:n_datasets])


def _cd_summary(rows, omnibus, alpha: float, test: str) -> CDSubsample:
    """The CD and the groups for checked inputs and the Friedman result ``omnibus`` on those rows."""
    cd = critical_difference(omnibus.mean_ranks.size, rows.size, alpha, test)
    cliques = cd_cliques(omnibus.mean_ranks, cd) if test == "nemenyi" else []
    return CDSubsample(rows, omnibus.mean_ranks, cd, omnibus.pvalue, omnibus.method,
                       omnibus.iman_davenport_pvalue, cliques)


def _cd_text(summary: CDSubsample, names, test: str, alpha: float) -> tuple[str, str]:
    """The sentence under the CD widget and the figure's alt text."""
    n = summary.rows.size
    method_words = {"exact": "exact", "chi2": "chi-squared", "iman_davenport": "Iman-Davenport F"}
    which = method_words[summary.friedman_method]
    text = (f"<p>N = {n} data sets: CD = {summary.cd:.3f} ({test}, alpha = {alpha:.2f}); "
            f"Friedman p = {summary.friedman_pvalue:.3g} ({which}).</p>")
    ranks = ", ".join(f"{name} {rank:.2f}" for name, rank in zip(names, summary.mean_ranks))
    if test == "nemenyi":
        groups = "; ".join("{" + ", ".join(names[j] for j in clique) + "}" for clique in summary.cliques)
        joined = f"bars join the groups not significantly different: {groups or 'none'}"
    else:
        joined = "the red interval around the control spans the ranks not significantly different from it"
    alt = (f"Critical-difference diagram on {n} data sets: average ranks (1 = best) {ranks}; "
           f"CD = {summary.cd:.2f}; {joined}.")
    return text, alt


def cd_explorer(scores, names, higher_is_better=True, control=None, seed=0):
    """Sliders for alpha and the number of data sets, redrawing the CD diagram.

    ``control=None`` draws the Nemenyi diagram; a name or index draws the
    Bonferroni-Dunn diagram around that control. The numbers come from
    :func:`cd_subsample`: the inputs are checked once, Friedman's test runs
    once per number of data sets (alpha does not change it), and a slider
    move only recomputes the critical difference and the groups.
    """
    arr = _check_score_table(scores)
    k = arr.shape[1]
    names = check_names(names, k, what="algorithm (column of scores)")
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    if isinstance(control, str):  # the rules of plot_critical_difference: a name or a column index
        if control not in names:
            raise ValueError(f"control must be one of names {names}, got {control!r}")
    elif control is not None:
        control = check_count(control, "control")
        if control >= k:
            raise ValueError(f"control must be a column index in [0, {k - 1}], got {control}")
    check_count(seed, "seed")
    test = "nemenyi" if control is None else "bonferroni-dunn"
    style = {"description_width": "initial"}
    n_slider = widgets.IntSlider(value=arr.shape[0], min=2, max=arr.shape[0], description="data sets N",
                                 continuous_update=False, style=style)
    a_slider = widgets.FloatSlider(value=0.05, min=0.01, max=0.20, step=0.01, readout_format=".2f",
                                   description="alpha", continuous_update=False, style=style)
    text = widgets.HTML()

    @cache
    def omnibus(n_datasets):
        rows = _cd_rows(arr.shape[0], n_datasets, seed)
        return rows, friedman(arr[rows], higher_is_better=higher_is_better)

    def background(figure, _key):
        ax = figure.add_subplot()
        ax.set_axis_off()
        ax.set_title(" ").set_animated(True)  # keeps the title's room in the layout; redrawn on every move
        return ax

    def moving(ax, summary, alpha):  # the whole diagram moves: its artists are new on every call
        plot_critical_difference(summary.mean_ranks, names, summary.cd, ax=ax, control=control,
                                 title=f"{test}, alpha = {alpha:.2f}, N = {summary.rows.size}")
        return [*ax.lines, *ax.texts, ax.title]

    # the height plot_critical_difference gives the diagram of all the data sets
    full_ranks = omnibus(arr.shape[0])[1].mean_ranks
    sizing = plot_critical_difference(full_ranks, names, critical_difference(k, arr.shape[0]),
                                      control=control,
                                      title=test)
    height = float(sizing.figure.get_size_inches()[1])
    plt.close(sizing.figure)
    live = LiveFigure(background, moving, figsize=(7.0, height))

    def update(_change=None):
        n_datasets, alpha = n_slider.value, a_slider.value
        rows, result = omnibus(n_datasets)
        summary = _cd_summary(rows, result, alpha, test)
        text.value, alt = _cd_text(summary, names, test, alpha)
        live.show(None, summary, alpha, alt=alt,
                  caption=f"Average ranks on {n_datasets} of the {arr.shape[0]} data sets ({test}, "
                          f"alpha = {alpha:.2f}).")

    for control_widget in (n_slider, a_slider):
        control_widget.observe(update, names="value")
    update()
    return widgets.VBox([widgets.HBox([n_slider, a_slider]), text, live.widget])


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
    check_instance(result, TuningBias, "result")
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
    default sizes, outer and inner k from 2 to 10) and cached. The axes stay
    fixed while the sliders move (the y axis widens only if a curve leaves
    it), so the curves can be compared between fold settings and every
    callback only redraws the curves on a kept background.
    """
    n_samples = check_count(n_samples, "n_samples", minimum=1)
    n_reps = check_count(n_reps, "n_reps", minimum=1)
    max_configs = check_count(max_configs, "max_configs", minimum=1)
    as_generator(seed)  # checks the seed

    @cache
    def simulate(outer_cv, inner_cv):
        return simulate_tuning_bias(n_samples, max_configs, outer_cv, inner_cv, n_reps, seed)

    style = {"description_width": "initial"}
    outer = widgets.IntSlider(
        value=5, min=2, max=10, description="outer k", continuous_update=False, style=style
    )
    inner = widgets.IntSlider(
        value=2, min=2, max=10, description="inner k", continuous_update=False, style=style
    )
    size = widgets.IntSlider(value=10, min=1, max=max_configs, description="grid size", style=style)
    report = widgets.HTML()

    def background(figure, y_limits):
        ax = figure.add_subplot()
        ax.set_xlim(0, max_configs + 1)
        ax.set_ylim(*y_limits)
        ax.set_xlabel("number of configurations tried (grid size)")
        ax.set_ylabel("mean estimated accuracy")
        ax.set_title("the title keeps its room in the layout", fontsize="medium").set_animated(True)
        return ax

    def moving(ax, result, n_configs):
        artists = tuning_bias_curves(ax, result) + mark_grid_size(ax, result, n_configs)
        ax.title.set_text(tuning_bias_title(result))
        return [*artists, ax.title, ax.legend(frameon=False, fontsize="small", loc="upper left")]

    live = LiveFigure(background, moving, figsize=(6, 3.6))

    def y_limits(result):
        """0.3 to 0.9 (steps of 0.1), widened to hold both bands and the truth."""
        bands = np.concatenate(
            [
                result.non_nested + 2 * result.non_nested_se,
                result.nested - 2 * result.nested_se,
                result.non_nested - 2 * result.non_nested_se,
                result.nested + 2 * result.nested_se,
                [result.truth],
            ]
        )
        return (min(0.3, np.floor(bands.min() * 10) / 10), max(0.9, np.ceil(bands.max() * 10) / 10))

    def update(_change=None):
        result = simulate(outer.value, inner.value)
        n_configs = size.value
        report.value = tuning_bias_report(result, n_configs)
        i = n_configs - 1
        live.show(
            y_limits(result),
            result,
            n_configs,
            alt=f"Mean estimated accuracy on random labels against the grid size, for the non-nested best CV "
            f"score (red, rising to {result.non_nested[-1]:.3f} at {max_configs} configurations) and "
            f"nested CV (blue, staying near the true {result.truth:g}); at grid size {n_configs}: "
            f"{result.non_nested[i]:.3f} and {result.nested[i]:.3f}.",
            caption=f"{result.outer_cv}-fold outer, {result.inner_cv}-fold inner CV; grey line: grid size "
            f"{n_configs}. Bands: +-2 Monte Carlo standard errors.",
        )

    for control in (outer, inner, size):
        control.observe(update, names="value")
    update()
    return widgets.VBox([widgets.HBox([outer, inner, size]), live.widget, report])


# ---------------------------------------------------------------- chapter 10: choosing a test


def which_test_explorer(n_models: int = 2, n_datasets: int = 1, can_retrain: bool = False):
    """Which test? Controls for the set-up and the live answer of :func:`lecture_lib.guide.recommend_test`.

    The widget of chapter 10: the controls set the arguments of
    :func:`lecture_lib.guide.recommend_test` (the "situation" one of the options of chapter 9
    at a time, as the diagrams do), and the answer is
    :func:`lecture_lib.guide.recommendation_html` of its result (or the reason the set-up has
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


# --------------------------------------------------------------------------- chapter 6: post-hoc procedures
# (issue 16, part 2: one benchmark, the post-hoc procedure switched)

#: The procedures of :func:`posthoc_explorer`: label -> (test, adjust) of
#: :func:`lecture_lib.pairwise_comparisons`. Shaffer's and Bergmann-Hommel's
#: procedures run on the mean-rank z-tests, as García and Herrera (2008) use
#: them: their logic needs one parameter per algorithm, which pairwise Wilcoxon
#: tests do not have (``pairwise_comparisons`` refuses that combination).
POSTHOC_PROCEDURES = {
    "Nemenyi (mean ranks)": ("nemenyi", "studentized-range"),
    "Wilcoxon, Holm": ("wilcoxon", "holm"),
    "mean ranks, Shaffer": ("nemenyi", "shaffer"),
    "mean ranks, Bergmann-Hommel": ("nemenyi", "bergmann-hommel"),
    "sign test, Holm": ("sign", "holm"),
    "Wilcoxon, no adjustment (wrong)": ("wilcoxon", "none"),
}

# what the decisions of a mean-rank procedure promise, under the paragraph of posthoc_procedure
_MEAN_RANK_NOTE = (
    " Mean-rank tests control the family-wise error when all learners are exchangeable (the complete "
    "null); otherwise the level for two equal learners depends on where the others rank."
)


def posthoc_procedure(scores, procedure: str, names=None, higher_is_better: bool = True, alpha: float = 0.05):
    """Run one all-pairs post-hoc procedure of :data:`POSTHOC_PROCEDURES`.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, k)
        One score per data set and algorithm.
    procedure : str
        A key of :data:`POSTHOC_PROCEDURES` ("Wilcoxon, Holm", ...).
    names : sequence of str, optional
        Algorithm names (default "A", "B", ...).
    higher_is_better : bool, optional
        True for accuracies, False for errors.
    alpha : float, optional
        Level of the decisions.

    Returns
    -------
    result : PairwiseComparisons
        As :func:`lecture_lib.pairwise_comparisons` returns, with the test
        and adjustment of the procedure.
    html : str
        One paragraph: how many pairs differ, and the most significant pair
        with its effect and adjusted p-value (a bound, not a frequency); for
        the mean-rank procedures, under which null their promise holds.

    Examples
    --------
    >>> from lecture_lib import appml_benchmark
    >>> from lecture_lib.widgets import posthoc_procedure
    >>> bench = appml_benchmark()
    >>> result, text = posthoc_procedure(bench.scores, "Wilcoxon, Holm", bench.algorithms,
    ...                                  higher_is_better=False)
    >>> int(result.significant.sum()) // 2
    9

    On source 001's benchmark, pairwise Wilcoxon tests with Holm's
    adjustment separate 9 of the 15 pairs (chapter 6).
    """
    from .posthoc import pairwise_comparisons

    procedure = check_option(procedure, "procedure", tuple(POSTHOC_PROCEDURES))
    test, adjust = POSTHOC_PROCEDURES[procedure]
    result = pairwise_comparisons(scores, test=test, adjust=adjust, higher_is_better=higher_is_better,
                                  alpha=alpha, names=names)
    k = len(result.names)
    n_pairs = k * (k - 1) // 2
    n_significant = int(result.significant.sum()) // 2
    top = result.pairs()[0]
    rate = ("each pair at its own level: the family-wise error is not controlled" if adjust == "none"
            else f"{result.error_rate} at {alpha:g}")
    html_text = (
        f"<b>{html.escape(procedure)}</b>: {n_significant} of {n_pairs} pairs differ significantly "
        f"({html.escape(rate)}). Most significant pair: {html.escape(' better than '.join(top['pair']))}, "
        f"effect {top['effect']:.3g} ({html.escape(result.effect_name.split(' (')[0])}), "
        f"{'unadjusted' if adjust == 'none' else 'adjusted'} p = {top['pvalue']:.2g}"
        + ("" if adjust == "none" else " (a bound on the family-wise error, not a frequency)") + "."
        + (_MEAN_RANK_NOTE if test == "nemenyi" else "")
    )
    return result, html_text


def posthoc_explorer(scores, names, higher_is_better: bool = True, alpha: float = 0.05):
    """A menu of all-pairs post-hoc procedures redrawing the CD diagram of one benchmark.

    Each procedure runs once (the first time it is chosen) and is cached;
    switching back to it only redraws the diagram. The logic is
    :func:`posthoc_procedure`; the drawing is
    :func:`lecture_lib.plot_critical_difference` (a CD bar for Nemenyi only).
    Taught in chapter 6.
    """
    arr = _check_score_table(scores)
    k = arr.shape[1]
    names = tuple(check_names(names, k, what="algorithm (column of scores)"))
    higher_is_better = check_flag(higher_is_better, "higher_is_better")
    labels = tuple(POSTHOC_PROCEDURES)
    menu = widgets.Dropdown(options=labels, value="Wilcoxon, Holm", description="procedure",
                            style={"description_width": "initial"})
    text = widgets.HTML()

    @cache
    def run(procedure):
        return posthoc_procedure(arr, procedure, names, higher_is_better, alpha)

    def background(figure, _key):
        ax = figure.add_subplot()
        ax.set_axis_off()
        ax.set_title(" ").set_animated(True)
        return ax

    def moving(ax, result, procedure):
        plot_critical_difference(result, ax=ax, title=procedure)
        return [*ax.lines, *ax.texts, ax.title]

    sizing = plot_critical_difference(run("Nemenyi (mean ranks)")[0], title="sizing")
    height = float(sizing.figure.get_size_inches()[1]) + 0.3
    plt.close(sizing.figure)
    live = LiveFigure(background, moving, figsize=(7.0, height))

    def update(_change=None):
        result, text.value = run(menu.value)
        groups = "; ".join(", ".join(result.names[i] for i in g) for g in result.groups) or "none"
        live.show(None, result, menu.value,
                  alt=f"Critical-difference diagram, {menu.value}: groups not separated: {groups}.",
                  caption=f"Average ranks over {arr.shape[0]} data sets; bars: {menu.value}'s groups.")

    menu.observe(update, names="value")
    update()
    return widgets.VBox([menu, text, live.widget])
# ------------------------------------------------------ chapter 3: exchangeability lab


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

