"""Widgets of chapter 6: how the critical difference shrinks with N, and the post-hoc procedures.

The numbers come from pure functions tested directly (:func:`cd_subsample`,
:func:`posthoc_procedure`); the explorers run Friedman's test or a procedure
once per setting, cache it, and redraw the critical-difference diagram by
blitting (:class:`lecture_lib.live_figure.LiveFigure`).

Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).
"""

from __future__ import annotations

import dataclasses
import html
from functools import cache

import ipywidgets as widgets
import matplotlib.pyplot as plt
import numpy as np

from .._validation import check_alpha, check_count, check_flag, check_names, check_option, check_real_array
from ..friedman_nemenyi import CD_TESTS, cd_cliques, critical_difference, friedman
from ..live_figure import LiveFigure
from ..plots import plot_critical_difference

__all__ = [
    "CDSubsample",
    "cd_subsample",
    "cd_explorer",
    "POSTHOC_PROCEDURES",
    "posthoc_procedure",
    "posthoc_explorer",
]


# ----------------------------------------------------------------- how the critical difference shrinks with N


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


# ------------------------------------------------------------------------------------ the post-hoc procedures
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
    from ..posthoc import pairwise_comparisons

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
