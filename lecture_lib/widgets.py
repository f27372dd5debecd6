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



# ---------------------------------------------------------------- chapter 6: how CD shrinks with N

import dataclasses as _dataclasses  # noqa: E402

import numpy as _np  # noqa: E402

from .plots import plot_critical_difference  # noqa: E402
from .ranks import CD_TESTS, _check_flag, _check_scores, cd_cliques, critical_difference, friedman  # noqa: E402
from ._validation import check_option  # noqa: E402

__all__ += ["CDSubsample", "cd_subsample", "cd_explorer"]


@_dataclasses.dataclass(frozen=True)
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
    friedman_pvalue, iman_davenport_pvalue : float
        The omnibus tests on those rows.
    cliques : list of tuple of int
        Groups not significantly different (Nemenyi) or, for
        Bonferroni-Dunn, an empty list.
    """

    rows: _np.ndarray
    mean_ranks: _np.ndarray
    cd: float
    friedman_pvalue: float
    iman_davenport_pvalue: float
    cliques: list


def cd_subsample(scores, n_datasets, alpha=0.05, test="nemenyi", higher_is_better=True, seed=0) -> CDSubsample:
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
    arr = _check_scores(scores)
    n_total, k = arr.shape
    n_datasets = check_count(n_datasets, "n_datasets")
    if not 2 <= n_datasets <= n_total:
        raise ValueError(f"n_datasets must lie in [2, {n_total}] (the rows of scores), got {n_datasets}")
    check_option(test, "test", CD_TESTS)
    higher_is_better = _check_flag(higher_is_better, "higher_is_better")
    order = _np.random.default_rng(check_count(seed, "seed")).permutation(n_total)
    rows = _np.sort(order[:n_datasets])
    result = friedman(arr[rows], higher_is_better=higher_is_better)
    cd = critical_difference(k, n_datasets, alpha, test)
    cliques = cd_cliques(result.mean_ranks, cd) if test == "nemenyi" else []
    return CDSubsample(rows, result.mean_ranks, cd, result.pvalue, result.iman_davenport_pvalue, cliques)


def cd_explorer(scores, names, higher_is_better=True, control=None, seed=0):
    """Sliders for alpha and the number of data sets, redrawing the CD diagram.

    ``control=None`` draws the Nemenyi diagram; a name or index draws the
    Bonferroni-Dunn diagram around that control. The numbers come from
    :func:`cd_subsample`.
    """
    arr = _check_scores(scores)
    names = list(names)
    test = "nemenyi" if control is None else "bonferroni-dunn"
    style = {"description_width": "initial"}
    n_slider = widgets.IntSlider(value=arr.shape[0], min=2, max=arr.shape[0], description="data sets N",
                                 continuous_update=False, style=style)
    a_slider = widgets.FloatSlider(value=0.05, min=0.01, max=0.20, step=0.01, readout_format=".2f",
                                   description="alpha", continuous_update=False, style=style)

    def draw(n_datasets, alpha):
        summary = cd_subsample(arr, n_datasets, alpha, test, higher_is_better, seed)
        print(f"N = {n_datasets}: CD = {summary.cd:.3f}; Friedman p = {summary.friedman_pvalue:.3g}, "
              f"Iman-Davenport p = {summary.iman_davenport_pvalue:.3g}")
        plot_critical_difference(summary.mean_ranks, names, summary.cd, control=control,
                                 title=f"{test}, alpha = {alpha:.2f}, N = {n_datasets}")
        plt.show()

    out = widgets.interactive_output(draw, {"n_datasets": n_slider, "alpha": a_slider})
    return widgets.VBox([widgets.HBox([n_slider, a_slider]), out])
