"""Widgets of chapter 4: the Type I error lab of the paired tests and the corrected resampled t.

Each widget is a pure ``*_report`` function (HTML, tested directly) over
precomputed simulations (:func:`lecture_lib.simulate_paired_tests`) and a thin
explorer whose callbacks only count p-values.

Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .._drawing import pvalue_histogram_bars, pvalue_histogram_frame
from .._validation import check_alpha, check_instance, check_nonnegative, check_option
from ..live_figure import LiveFigure
from ..paired import PAIRED_TESTS, resampled_ttest
from ..plots import PAIRED_TEST_LABELS
from ..simulate_paired import TRAININGS_PER_ALGORITHM, PairedSimulation

__all__ = [
    "type1_lab_report",
    "type1_error_lab",
    "corrected_t_report",
    "corrected_ttest_explorer",
]


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
