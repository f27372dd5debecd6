"""Course figures, drawn from scratch with matplotlib.

Every function draws on the Axes it is given (or a new one) and returns it;
nothing here changes matplotlib's global settings.
"""

from __future__ import annotations

import numbers

import numpy as np

from . import curves as _curves
from ._drawing import (
    METHOD_LABELS,
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
from ._mcnemar_options import check_mcnemar_method
from ._signed_rank import signed_rank_moments
from ._validation import (
    _show,
    check_alpha,
    check_ax,
    check_count,
    check_flag,
    check_holdout_row,
    check_instance,
    check_names,
    check_option,
    check_probability,
    check_real_array,
    check_scores,
)
from .cochran import familywise_error
from .friedman_nemenyi import cd_cliques, critical_difference
from .mcnemar import mcnemar_pvalues
from .nested import TuningBias
from .posthoc import PairwiseComparisons
from .simulate import RejectionRates, mcnemar_rejection_probability
from .simulate_paired import PairedSimulation, PowerCurve
from .wilcoxon_sign import (
    WILCOXON_ZERO_METHODS,
    signed_rank_null_distribution,
    wilcoxon_signed_rank,
)

__all__ = [
    # chapter 2
    "mcnemar_pvalue_grid",
    "plot_mcnemar_pvalue_heatmap",
    "plot_mcnemar_rejection_curves",
    "plot_rejection_rates",
    # chapter 3
    "plot_familywise_error",
    # chapter 1
    "plot_complexity_curve",
    "plot_holdout_spread",
    "plot_learning_curve",
    # chapter 4
    "PAIRED_TEST_LABELS",
    "plot_paired_rejection_rates",
    "plot_power_curves",
    "plot_pvalue_histogram",
    "plot_size_power",
    "paired_test_legend_handles",
    # chapter 5
    "plot_signed_rank_null",
    # chapter 6
    "plot_critical_difference",
    # chapter 7
    "plot_tuning_bias",
    "plot_nested_cv_diagram",
]

_APPROXIMATE = ("chi2", "corrected", "midp")


def _subplots(**kwargs):
    """``matplotlib.pyplot.subplots(**kwargs)``: pyplot is imported when a figure is drawn.

    Importing pyplot sets up a backend and costs about as much as numpy and
    scipy together; ``import lecture_lib`` (every kernel start, every Voila
    page) does not pay it (tests/test_layout.py keeps it so).
    """
    import matplotlib.pyplot as plt

    return plt.subplots(**kwargs)


def _check_choices(values, name: str, options) -> tuple:
    """A non-empty sequence (``methods``, ``tests``) of items of ``options``; returned as a tuple."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a sequence of options from {tuple(options)}, got {_show(values)}")
    chosen = tuple(check_option(v, name, options) for v in values)
    if not chosen:
        raise ValueError(f"{name} is empty: give at least one of {tuple(options)}")
    return chosen


def mcnemar_pvalue_grid(max_count: int, method: str = "corrected"):
    """p-values of ``method`` minus exact p-values for b, c = 0..max_count.

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    Parameters
    ----------
    max_count : int
        Largest b and c on the grid (>= 1).
    method : {"chi2", "corrected", "midp"}, optional
        The variant compared with the exact binomial test.

    Returns
    -------
    difference : ndarray, shape (max_count + 1, max_count + 1)
        ``difference[c, b] = p_method(b, c) - p_exact(b, c)``: positive where
        the variant is more conservative than the exact test.

    Examples
    --------
    >>> from lecture_lib.plots import mcnemar_pvalue_grid
    >>> grid = mcnemar_pvalue_grid(60, "corrected")
    >>> float(abs(grid[51:, 51:]).max()) < 0.01
    True

    Once both b and c exceed 50, Edwards' corrected p-value is within 0.01
    of the exact one everywhere on the grid.
    """
    max_count = check_count(max_count, "max_count", minimum=1)
    check_option(method, "method", _APPROXIMATE)
    counts = np.arange(max_count + 1)
    b, c = np.meshgrid(counts, counts)
    return mcnemar_pvalues(b, c, method)[1] - mcnemar_pvalues(b, c, "exact")[1]


def plot_mcnemar_pvalue_heatmap(max_count: int = 60, method: str = "corrected", ax=None):
    """Heat map of approximate minus exact McNemar p-values over b and c.

    Parameters
    ----------
    max_count : int, optional
        Largest b and c shown.
    method : {"chi2", "corrected", "midp"}, optional
        The variant compared with the exact binomial test.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    Red cells: the variant gives a larger p-value than the exact test (more
    conservative); blue: smaller (anti-conservative). The figure source 000
    describes, for any grid size. Taught in chapter 2.
    """
    check_ax(ax)
    diff = mcnemar_pvalue_grid(max_count, method)
    if ax is None:
        _, ax = _subplots(figsize=(5.2, 4.2))
    limit = max(float(np.abs(diff).max()), 1e-12)
    image = ax.imshow(
        diff, origin="lower", cmap="RdBu_r", vmin=-limit, vmax=limit, interpolation="nearest",
        extent=(-0.5, max_count + 0.5, -0.5, max_count + 0.5),
    )
    ax.figure.colorbar(image, ax=ax, label=f"p({method}) - p(exact)")
    ax.set_xlabel("b (model 1 right, model 2 wrong)")
    ax.set_ylabel("c (model 1 wrong, model 2 right)")
    ax.set_title(f"{METHOD_LABELS[method]} vs exact p-value")
    return ax


def plot_mcnemar_rejection_curves(
    max_discordant: int = 60, alpha: float = 0.05, methods=("chi2", "corrected", "exact", "midp"), ax=None,
    p_b: float = 0.5,
):
    """Exact Type I error (or power) of McNemar variants against the number of disagreements.

    Parameters
    ----------
    max_discordant : int, optional
        Largest b + c shown.
    alpha : float, optional
        Nominal significance level (drawn as a dashed line).
    methods : sequence of str, optional
        Variants from {"midp", "exact", "chi2", "corrected", "textbook"}.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.
    p_b : float, optional
        Probability that a disagreement favours model 1: 0.5 (H0, the
        default) draws the Type I error, any other value the power
        (see :func:`lecture_lib.mcnemar_rejection_probability`).

    Returns
    -------
    ax : matplotlib.axes.Axes
        One line per method (labelled with its name), plus the alpha line.

    Notes
    -----
    Taught in chapter 2 (``notebooks/02-mcnemar``).
    """
    check_ax(ax)
    max_discordant = check_count(max_discordant, "max_discordant", minimum=1)
    alpha = check_alpha(alpha)
    p_b = check_probability(p_b, "p_b", open_interval=False)
    if isinstance(methods, (str, bytes)) or not hasattr(methods, "__iter__"):
        raise TypeError(f"methods must be a sequence of McNemar methods, got {_show(methods)}")
    methods = tuple(check_mcnemar_method(m, "methods") for m in methods)
    if not methods:
        raise ValueError("methods is empty: give at least one McNemar method")
    if ax is None:
        _, ax = _subplots(figsize=(6.4, 3.6))
    n = np.arange(1, max_discordant + 1)
    # Curves often coincide (chi2 and mid-p, exact and corrected): the ones drawn first are
    # wider and paler, so a curve drawn on top of another leaves it visible.
    for i, method in enumerate(methods):
        size = mcnemar_rejection_probability(n, alpha, method, p_b=p_b)
        width = 1.2 + 2.0 * (len(methods) - 1 - i) / max(len(methods) - 1, 1)
        ax.step(n, size, where="mid", label=METHOD_LABELS[method], linewidth=width, alpha=0.85)
    ax.axhline(alpha, color="black", linestyle="--", linewidth=1, label=f"alpha = {alpha:g}")
    ax.set_xlabel("number of disagreements b + c")
    ax.set_ylabel("P(reject H0 | H0 true)" if p_b == 0.5 else f"power (P(reject H0), p_b = {p_b:g})")
    ax.set_xlim(0.5, max_discordant + 0.5)
    ax.set_ylim(0, None)
    ax.legend(frameon=False, fontsize=9)
    return ax


def plot_rejection_rates(result: RejectionRates, ax=None):
    """Bar chart of simulated rejection rates with their Monte Carlo intervals.

    Taught in chapter 2 (``notebooks/02-mcnemar``).

    Parameters
    ----------
    result : RejectionRates
        As returned by :func:`lecture_lib.simulate.simulate_mcnemar`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib.axes.Axes
    """
    check_ax(ax)
    check_instance(result, RejectionRates, "result")
    if ax is None:
        _, ax = _subplots(figsize=(5.2, 3.4))
    rejection_rate_frame(ax, result.methods)
    rejection_rate_bars(ax, result)
    ax.set_title(f"{result.n_reps} simulated test sets, alpha = {result.alpha:g}")
    return ax


# ----------------------------------------------------------------------------- chapter 3


def plot_familywise_error(max_models: int = 10, alpha: float = 0.05, n_sim: int = 2000, seed: int = 0,
                          highlight: int | None = None, ax=None):
    """Family-wise error rate against the number of equally accurate models.

    Parameters
    ----------
    max_models : int, optional
        Largest number of models k (the curves run over k = 2..max_models).
    alpha : float, optional
        Significance level.
    n_sim : int, optional
        Simulated test sets per k (see :func:`lecture_lib.familywise_error`).
    seed : int, optional
        Seed of the simulation.
    highlight : int, optional
        A k to mark with a vertical line.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    Taught in chapter 3 (``notebooks/03-cochrans-q``).
    """
    check_ax(ax)
    max_models = check_count(max_models, "max_models", minimum=2)
    alpha = check_alpha(alpha)
    n_sim = check_count(n_sim, "n_sim", minimum=1)
    if highlight is not None:
        highlight = check_count(highlight, "highlight", minimum=2)
        if highlight > max_models:
            raise ValueError(f"highlight must be a number of models in [2, max_models={max_models}], got "
                             f"{highlight}")
    ks = np.arange(2, max_models + 1)
    results = [familywise_error(int(k), alpha=alpha, n_sim=n_sim, seed=seed) for k in ks]
    if ax is None:
        _, ax = _subplots(figsize=(6.0, 3.8))
    ax.plot(ks, [r.independent for r in results], color="grey", linestyle=":", label="1 - (1 - alpha)^m "
                                                                                     "(independent tests)")
    ax.plot(ks, [r.unadjusted for r in results], "o-", color="tab:red", label="unadjusted pairwise McNemar")
    ax.plot(ks, [r.omnibus_gate for r in results], "s--", color="tab:orange", label="Cochran's Q first, "
                                                                                    "then unadjusted")
    ax.plot(ks, [r.bonferroni for r in results], "^-", color="tab:blue", label="Bonferroni")
    ax.plot(ks, [r.holm for r in results], "v:", color="tab:green", label="Holm (same as Bonferroni here)")
    ax.axhline(alpha, color="black", linestyle="--", linewidth=1)
    if highlight is not None:
        ax.axvline(highlight, color="black", alpha=0.12, linewidth=8)
    ax.set_xlabel("number of models k (m = k (k - 1) / 2 pairs)")
    ax.set_ylabel("P(at least one false 'significant' pair)")
    ax.set_title(f"All models equally accurate, alpha = {alpha:g}, {n_sim} test sets per k")
    ax.set_ylim(0, 1)
    ax.set_xticks(ks)
    ax.legend(frameon=False, fontsize=9)
    return ax


# --------------------------------------------------------------------------- chapter 1


def plot_complexity_curve(curve, k=None, reference=None, ax=None):
    """Training and test error of k-NN against k, complexity growing to the right.

    Parameters
    ----------
    curve : lecture_lib.curves.ComplexityCurve
        From :func:`lecture_lib.curves.knn_complexity_curve`.
    k : int, optional
        A value of k on the curve to mark with a vertical line.
    reference : lecture_lib.curves.ComplexityCurve, optional
        A second curve over the same k whose ``test_error`` is drawn dashed
        (in chapter 1: the error on thousands of new examples, the "true"
        error the test set estimates).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    The k axis is logarithmic and reversed: small k (a flexible model) is on
    the right, so the picture reads like the textbook one, error against
    model complexity. Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.curves import ComplexityCurve
    >>> from lecture_lib.plots import plot_complexity_curve
    >>> curve = ComplexityCurve(np.array([1, 5, 25]), np.array([0.0, 0.1, 0.2]),
    ...                         np.array([0.3, 0.15, 0.25]), 100, 50)
    >>> ax = plot_complexity_curve(curve, k=5)
    >>> [line.get_label() for line in ax.get_lines()][:2]
    ['training error (n = 100)', 'test error (n = 50)']

    Two curves, and a marker at k = 5.
    """
    check_ax(ax)
    check_instance(curve, _curves.ComplexityCurve, "curve", made_by="knn_complexity_curve")
    check_instance(reference, _curves.ComplexityCurve, "reference", allow_none=True)
    if ax is None:
        _, ax = _subplots(figsize=(6.4, 3.8))
    ks = curve.n_neighbors
    ax.plot(ks, curve.train_error, color="tab:blue", label=f"training error (n = {curve.n_train})")
    ax.plot(ks, curve.test_error, color="tab:orange", label=f"test error (n = {curve.n_test})")
    if reference is not None:
        ax.plot(reference.n_neighbors, reference.test_error, color="black", linestyle="--", linewidth=1,
                label=f"error on {reference.n_test} new examples")
    if k is not None:
        mark_k(ax, curve, k)
    ax.set_xscale("log")
    ax.set_xlim(ks.max() * 1.05, ks.min() * 0.95)
    ax.set_xlabel("k (number of neighbours; complexity grows to the right)")
    ax.set_ylabel("error rate")
    ax.set_title("k-NN: training and test error against model complexity")
    ax.legend(loc="upper right", fontsize=9)
    return ax


def plot_holdout_spread(table, test_sizes, test_size, split=None, reference=None, ax=None):
    """Histogram of holdout accuracies over many splits, for one test size.

    Parameters
    ----------
    table : ndarray, shape (len(test_sizes), n_splits)
        From :func:`lecture_lib.curves.holdout_accuracy_table`.
    test_sizes : sequence of float
        The test fractions of the rows of ``table``.
    test_size : float
        The row to draw (one of ``test_sizes``).
    split : int, optional
        A split (column) to mark with a vertical line.
    reference : float, optional
        An accuracy to mark with a dashed line (in chapter 1: the accuracy of
        the model trained on all the data, measured on new examples).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    Taught in chapter 1 (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.plots import plot_holdout_spread
    >>> table = np.array([[0.80, 0.90, 0.85], [0.70, 0.75, 0.80]])
    >>> ax = plot_holdout_spread(table, [0.2, 0.5], 0.2, split=1)
    >>> ax.get_title()
    'Holdout with 20% of the data as test set'

    The histogram of the first row, with split 1 (accuracy 0.90) marked.
    """
    check_ax(ax)
    row, scores = check_holdout_row(table, test_sizes, test_size)
    table = check_real_array(table, "table", ndim=2)
    test_size = check_probability(test_size, "test_size")
    if split is not None:
        split = check_count(split, "split")
        if split >= scores.size:
            raise ValueError(f"split must be < {scores.size} (the number of splits), got {split}")
    if reference is not None:
        reference = check_probability(reference, "reference", open_interval=False)
    if ax is None:
        _, ax = _subplots(figsize=(6.4, 3.6))
    bins = np.linspace(table.min() - 0.005, table.max() + 0.005, 41)
    ax.hist(scores, bins=bins, color="tab:blue", alpha=0.7, label=f"{scores.size} random splits")
    if split is not None:
        mark_split(ax, scores, split)
    if reference is not None:
        ax.axvline(reference, color="black", linestyle="--", linewidth=1, label=f"new data: {reference:.3f}")
    ax.set_xlabel("test accuracy")
    ax.set_ylabel("number of splits")
    ax.set_title(f"Holdout with {test_size:.0%} of the data as test set")
    ax.legend(loc="upper left", fontsize=9)
    return ax


def plot_learning_curve(curve, ax=None, label=None):
    """Mean training and test score against the training size, with a band of +- 1 sd.

    Parameters
    ----------
    curve : lecture_lib.curves.LearningCurve
        From :func:`lecture_lib.curves.learning_curve`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.
    label : str, optional
        Name of the learner, put in front of the legend entries.

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    The band is the standard deviation over the splits: the spread of one
    split's score, not the uncertainty of the mean. Taught in chapter 1
    (``notebooks/01-evaluation-basics``).

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.curves import LearningCurve
    >>> from lecture_lib.plots import plot_learning_curve
    >>> curve = LearningCurve(np.array([10, 20]), np.array([[1.0, 0.9], [1.0, 0.9]]),
    ...                       np.array([[0.6, 0.8], [0.7, 0.8]]))
    >>> ax = plot_learning_curve(curve, label="tree")
    >>> [line.get_label() for line in ax.get_lines()]
    ['tree: training score', 'tree: test score']

    The training score falls and the test score rises as the training set grows.
    """
    check_ax(ax)
    check_instance(curve, _curves.LearningCurve, "curve", made_by="learning_curve")
    if ax is None:
        _, ax = _subplots(figsize=(6.4, 3.8))
    prefix = f"{label}: " if label else ""
    m = curve.train_sizes
    for scores, name, style in ((curve.train_scores, "training", "--"), (curve.test_scores, "test", "-")):
        mean, sd = scores.mean(axis=0), scores.std(axis=0)
        (line,) = ax.plot(m, mean, style, marker="o", markersize=3, label=f"{prefix}{name} score")
        ax.fill_between(m, mean - sd, mean + sd, color=line.get_color(), alpha=0.15)
    ax.set_xlabel("number of training examples")
    ax.set_ylabel("accuracy")
    ax.set_title("Learning curve (mean +- 1 sd over the splits)")
    ax.legend(fontsize=9)
    return ax


# --------------------------------------------------------------------------- chapter 4

#: Readable names of the chapter 4 tests (keys: :data:`lecture_lib.PAIRED_TESTS`).
#: Taught in chapter 4.
#: Taught in chapter 4.
#: Taught in chapter 4.
PAIRED_TEST_LABELS = {
    "mcnemar": "McNemar (1 holdout)",
    "prop_diff": "difference of proportions",
    "resampled": "resampled t",
    "corrected": "corrected resampled t",
    "kfold_cv": "k-fold CV t",
    "corrected_kfold": "corrected t, one k-fold CV",
    "corrected_repeated_cv": "corrected repeated CV t",
    "5x2cv_t": "5x2cv t",
    "5x2cv_f": "5x2cv F",
}


def plot_paired_rejection_rates(result: RejectionRates, ax=None, title: str | None = None):
    """Horizontal bars of the chapter 4 tests' rejection rates with Monte Carlo intervals.

    Parameters
    ----------
    result : RejectionRates
        As returned by ``PairedSimulation.rates(alpha)``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.
    title : str, optional
        Figure title (default: the number of data sets and alpha).

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    A bar whose interval lies wholly to the right of the dashed line (alpha)
    belongs to a test that rejects a true H0 too often. Taught in chapter 4.
    """
    check_ax(ax)
    check_instance(result, RejectionRates, "result")
    if ax is None:
        _, ax = _subplots(figsize=(6.0, 3.4))
    y = np.arange(len(result.methods))[::-1]
    # clipped at 0: a rate of 0 or 1 is valid, and rounding must not make an error bar negative
    err = np.maximum(np.vstack([result.rates - result.ci_low, result.ci_high - result.rates]), 0.0)
    colours = ["tab:red" if lo > result.alpha else "tab:blue" for lo in result.ci_low]
    ax.barh(y, result.rates, xerr=err, capsize=3, color=colours, alpha=0.85)
    ax.axvline(result.alpha, color="black", linestyle="--", linewidth=1, label=f"alpha = {result.alpha:g}")
    ax.set_yticks(y, [PAIRED_TEST_LABELS.get(m, m) for m in result.methods])
    ax.set_xlabel("rejection rate (95 % Wilson interval)")
    ax.set_xlim(0, max(1.05 * float(result.ci_high.max()), 2 * result.alpha))
    ax.set_title(title or f"{result.n_reps} simulated data sets, alpha = {result.alpha:g}")
    ax.legend(frameon=False, fontsize=9, loc="lower right")
    return ax


def plot_power_curves(curve: PowerCurve, ax=None, tests=None):
    """Rejection rate against the true accuracy difference, one line per test.

    Parameters
    ----------
    curve : PowerCurve
        As returned by :func:`lecture_lib.paired_power_curve`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.
    tests : iterable of str, optional
        The tests to draw (default: all).

    Returns
    -------
    ax : matplotlib.axes.Axes
    """
    check_ax(ax)
    check_instance(curve, PowerCurve, "curve")
    chosen = curve.tests if tests is None else _check_choices(tests, "tests", curve.tests)
    if ax is None:
        _, ax = _subplots(figsize=(6.0, 3.8))
    styles = {"resampled": ":", "kfold_cv": "--", "prop_diff": "-."}
    for name in chosen:
        j = curve.tests.index(name)
        (line,) = ax.plot(curve.differences, curve.rates[:, j], marker="o", markersize=3,
                          linestyle=styles.get(name, "-"), label=PAIRED_TEST_LABELS.get(name, name))
        # the 95 % Wilson interval of every rate, as a faint band
        ax.fill_between(curve.differences, curve.ci_low[:, j], curve.ci_high[:, j], color=line.get_color(),
                        alpha=0.08, linewidth=0)
    ax.axhline(curve.alpha, color="black", linewidth=0.8, linestyle="--")
    ax.set_xlabel("true accuracy difference (Bayes accuracies)")
    ax.set_ylabel("rejection rate")
    ax.set_ylim(0, 1)
    ax.set_title(f"Power, {curve.n_reps} data sets per point (bands: 95 % intervals), alpha = "
                 f"{curve.alpha:g}",
                 fontsize="medium")
    ax.legend(frameon=False, fontsize=9, ncol=2, loc="center left")
    return ax


#: One colour and marker per chapter 4 test, the same in every panel (red is kept for warnings).
_PAIRED_STYLES = {
    "mcnemar": ("tab:blue", "o"),
    "prop_diff": ("tab:orange", "s"),
    "resampled": ("tab:gray", "X"),
    "corrected": ("tab:green", "D"),
    "kfold_cv": ("tab:purple", "^"),
    "corrected_kfold": ("tab:brown", "v"),
    "corrected_repeated_cv": ("tab:pink", "P"),
    "5x2cv_t": ("tab:olive", "<"),
    "5x2cv_f": ("tab:cyan", ">"),
}


def plot_size_power(null_simulation, alternative_simulation, alpha: float = 0.05, ax=None, tests=None,
                    title: str | None = None, legend: bool = True):
    """Power against Type I error, one point per test, with both Monte Carlo intervals.

    Parameters
    ----------
    null_simulation : PairedSimulation
        A simulation under H0 (``accuracy_2`` None): its rejection rates are
        the Type I errors (x axis).
    alternative_simulation : PairedSimulation
        A simulation under an alternative with the same learner: its
        rejection rates are the powers (y axis).
    alpha : float, optional
        Significance level; drawn as a dashed vertical line.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.
    tests : iterable of str, optional
        The tests to draw (default: all but the plain resampled t, whose
        Type I error would squeeze the others into a corner).
    title : str, optional
        Figure title (default: the learner and the difference).
    legend : bool, optional
        Draw a legend below the axes (False: draw none, e.g. to share one
        legend between panels; every test keeps its colour and marker).

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    The best test sits high (power) and left of the dashed line (a Type I
    error at most alpha). A hollow marker belongs to a test whose whole
    Type I error interval lies right of the line: it rejects a true H0 too
    often, and its power is not comparable with the others'. Taught in
    chapter 4.
    """
    check_ax(ax)
    for name, sim in (("null_simulation", null_simulation),
                      ("alternative_simulation", alternative_simulation)):
        check_instance(sim, PairedSimulation, name)
    if not null_simulation.null_is_true:
        raise ValueError("null_simulation must be simulated under H0 (accuracy_2=None)")
    if alternative_simulation.null_is_true:
        raise ValueError("alternative_simulation must be simulated under an alternative (accuracy_2 < "
                         "accuracy_1)")
    if null_simulation.learner != alternative_simulation.learner:
        raise ValueError(
            f"the two simulations must use the same learner, got {null_simulation.learner!r} and "
            f"{alternative_simulation.learner!r}"
        )
    alpha = check_alpha(alpha)
    legend = check_flag(legend, "legend")
    default = tuple(t for t in null_simulation.tests if t != "resampled")
    chosen = default if tests is None else _check_choices(tests, "tests", null_simulation.tests)
    size, power = null_simulation.rates(alpha), alternative_simulation.rates(alpha)
    if ax is None:
        _, ax = _subplots(figsize=(6.0, 4.6))
    for name in chosen:
        j = null_simulation.tests.index(name)
        colour, marker = _PAIRED_STYLES.get(name, ("black", "o"))
        x, y = size.rates[j], power.rates[j]
        liberal = size.ci_low[j] > alpha
        ax.errorbar(x, y, xerr=[[x - size.ci_low[j]], [size.ci_high[j] - x]],
                    yerr=[[y - power.ci_low[j]], [power.ci_high[j] - y]], fmt=marker, color=colour,
                    markerfacecolor="white" if liberal else colour, markeredgewidth=1.5, capsize=2,
                    markersize=7, elinewidth=1, label=PAIRED_TEST_LABELS.get(name, name))
    ax.axvline(alpha, color="black", linestyle="--", linewidth=1)
    highest = float(max(size.ci_high[null_simulation.tests.index(t)] for t in chosen))
    ax.set_xlim(0, max(2.2 * alpha, 1.05 * highest))
    ax.set_ylim(0, 1)
    ax.set_xlabel("Type I error (H0 true)")
    ax.set_ylabel("power")
    difference = alternative_simulation.accuracy_1 - alternative_simulation.accuracy_2
    learner = {"nearest_centroid": "nearest centroid", "1nn": "1-NN"}.get(null_simulation.learner,
                                                                          null_simulation.learner)
    ax.set_title(title or f"{learner}: power at a Bayes difference of {difference:.2g}", fontsize="medium")
    if legend:
        ax.legend(frameon=False, fontsize=9, ncol=2, loc="upper center", bbox_to_anchor=(0.5, -0.15))
    return ax


def paired_test_legend_handles(tests=None):
    """Legend entries with the colour and marker :func:`plot_size_power` gives each test.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    Parameters
    ----------
    tests : iterable of str, optional
        Tests from :data:`lecture_lib.PAIRED_TESTS` (default: all but the
        plain resampled t, as in :func:`plot_size_power`).

    Returns
    -------
    handles : list of matplotlib.lines.Line2D
        For ``figure.legend(handles=...)``, one legend shared by several panels.
    """
    from matplotlib.lines import Line2D

    if tests is None:
        chosen = tuple(t for t in _PAIRED_STYLES if t != "resampled")
    else:
        chosen = _check_choices(tests, "tests", tuple(_PAIRED_STYLES))
    return [Line2D([], [], color=_PAIRED_STYLES[t][0], marker=_PAIRED_STYLES[t][1], linestyle="none",
                   markersize=7, label=PAIRED_TEST_LABELS[t]) for t in chosen]


def plot_pvalue_histogram(pvalues, alpha: float = 0.05, ax=None, title: str | None = None):
    """Histogram of simulated p-values with the uniform density a valid test has under H0.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    Parameters
    ----------
    pvalues : array_like of float in [0, 1]
        One p-value per simulated data set.
    alpha : float, optional
        Drawn as a vertical line: the share of p-values left of it is the
        rejection rate.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.
    title : str, optional
        Figure title.

    Returns
    -------
    ax : matplotlib.axes.Axes
    """
    check_ax(ax)
    alpha = check_alpha(alpha)
    p = check_real_array(pvalues, "pvalues", ndim=1, what="a 1-D array of p-values")
    outside = np.flatnonzero((p < 0) | (p > 1))
    if outside.size:
        raise ValueError(f"pvalues must lie in [0, 1], got {p[outside[0]]!r} at index {int(outside[0])}")
    if ax is None:
        _, ax = _subplots(figsize=(4.6, 3.0))
    pvalue_histogram_frame(ax, title or f"{p.size} simulated p-values")
    pvalue_histogram_bars(ax, p, alpha)
    return ax


# ---------------------------------------------------------------- chapter 5


def plot_signed_rank_null(differences, zero_method: str = "pratt", ax=None):
    """Exact null distribution of R+ with the observed value and the normal curve.

    Parameters
    ----------
    differences : array_like, shape (n,)
        Per-data-set differences d_i (algorithm 1 minus algorithm 2).
    zero_method : {"pratt", "zsplit", "wilcox"}, optional
        As in :func:`lecture_lib.wilcoxon_signed_rank`.
    ax : matplotlib Axes, optional

    Returns
    -------
    ax : matplotlib Axes
        Bars: P(R+ = r) under H0 (red where r is at least as far from the
        mean as the observed R+, the two-sided p-value); line: the normal
        approximation's density per unit of r. Taught in chapter 5.
    """
    check_ax(ax)
    differences = check_scores(differences, "differences", min_size=1)
    zero_method = check_option(zero_method, "zero_method", WILCOXON_ZERO_METHODS)
    values, probs = signed_rank_null_distribution(differences, zero_method=zero_method)
    res = wilcoxon_signed_rank(differences, zero_method=zero_method, method="exact")
    normal = wilcoxon_signed_rank(differences, zero_method=zero_method, method="approx")
    if ax is None:
        _, ax = _subplots(figsize=(6, 3.4))
    mean, sd = signed_rank_moments(differences, zero_method)  # of the normal approximation
    far = np.abs(values - mean) >= abs(res.r_plus - mean) - 1e-9
    step = float(np.min(np.diff(values))) if values.size > 1 else 1.0
    ax.bar(values, probs, width=0.8 * step, color=np.where(far, "tab:red", "tab:blue"), alpha=0.8,
           label="exact P(R+ = r); red: as or more extreme")
    if sd > 0:
        grid = np.linspace(values.min() - 1, values.max() + 1, 300)
        density = np.exp(-0.5 * ((grid - mean) / sd) ** 2) / (sd * np.sqrt(2 * np.pi))
        ax.plot(grid, density * step, color="black", lw=1.2, label="normal approximation")
    ax.axvline(res.r_plus, color="tab:red", ls="--", lw=1.2, label=f"observed R+ = {res.r_plus:g}")
    ax.set_xlabel("R+ (sum of the ranks of positive differences)")
    ax.set_ylabel("probability under H0")
    ax.set_title(f"Null distribution of R+ (n = {res.n}, zero_method = {zero_method!r}): "
                 f"exact p = {res.pvalue:.3g}, normal p = {normal.pvalue:.3g}", fontsize=9)
    ax.legend(fontsize=9, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, frameon=False)
    return ax


# ---------------------------------------------------------------- chapter 6: critical-difference diagrams

# vertical layout of a CD diagram, in data units (y grows upwards)
_CD_TICK_LABEL_Y = 0.12
_CD_BAR_Y = 0.55
_CD_GROUP_Y0 = -0.25
_CD_GROUP_STEP = 0.2
_CD_NAME_STEP = 0.4
_CD_INCH_PER_UNIT = 0.62


def _check_cd_inputs(mean_ranks, names, cd, control):
    ranks = check_real_array(mean_ranks, "mean_ranks", ndim=1, what="a 1-D array of average ranks")
    k = ranks.size
    if k < 2:
        raise ValueError(f"mean_ranks must hold at least 2 algorithms, got {k}")
    if ranks.min() < 1 - 1e-9 or ranks.max() > k + 1e-9:
        raise ValueError(f"mean_ranks of {k} algorithms must lie in [1, {k}], got {ranks.tolist()}")
    if isinstance(names, (str, bytes)):
        raise TypeError(f"names must be a sequence of {k} strings, got the single string {names!r:.60}")
    names = list(check_names(names, k, what="algorithm"))
    if isinstance(cd, (bool, np.bool_)) or not isinstance(cd, numbers.Real):
        raise TypeError(f"cd must be a number, got {_show(cd)}")
    cd = float(cd)
    if not (np.isfinite(cd) and cd > 0):
        raise ValueError(f"cd must be a positive finite number, got {cd!r}")
    if control is not None:
        if isinstance(control, str):
            if control not in names:
                raise ValueError(f"control must be one of names {tuple(names)}, got {control!r}")
            control = names.index(control)
        elif isinstance(control, (bool, np.bool_)) or not isinstance(control, numbers.Integral):
            raise TypeError(f"control must be a column index or a name, got {control!r:.60}")
        elif not 0 <= int(control) < k:
            raise ValueError(f"control must be a column index in [0, {k - 1}], got {control}")
        control = int(control)
    return ranks, names, cd, control


#: Words for the procedure label of a CD diagram drawn from a PairwiseComparisons result.
_CD_TEST_WORDS = {
    "wilcoxon": "Wilcoxon signed-rank", "sign": "sign test", "ttest": "paired t", "nemenyi": "mean-rank z",
}
_CD_ADJUST_WORDS = {
    "holm": "Holm", "bonferroni": "Bonferroni", "hochberg": "Hochberg", "hommel": "Hommel",
    "bh": "Benjamini-Hochberg", "by": "Benjamini-Yekutieli", "shaffer": "Shaffer",
    "bergmann-hommel": "Bergmann-Hommel", "none": "no adjustment",
}


def _cd_source(mean_ranks, names, cd, groups, control):
    """Unpack a PairwiseComparisons result; returns (ranks, names, cd, groups, procedure label)."""
    procedure = "bars join algorithms with no significant difference"
    if isinstance(mean_ranks, PairwiseComparisons):
        result = mean_ranks
        if cd is not None or groups is not None or control is not None:
            raise ValueError(
                "with a pairwise_comparisons result, cd, groups and control must be None (the result "
                f"gives the groups), got cd={cd!r}, groups={groups!r:.60}, control={control!r}"
            )
        k = len(result.names)
        if result.test == "nemenyi" and result.adjust == "studentized-range":
            cd = critical_difference(k, result.n_datasets, result.alpha, "nemenyi")
        else:
            groups = result.groups
        test = _CD_TEST_WORDS.get(result.test, result.test)
        adjust = _CD_ADJUST_WORDS.get(result.adjust, result.adjust)
        rate = (f"each pair at level {result.alpha:g}" if result.adjust == "none"
                else f"{result.error_rate} {result.alpha:g}")
        procedure = f"{test}, {adjust}: bars join algorithms with no significant difference ({rate})"
        return result.mean_ranks, result.names if names is None else names, cd, groups, procedure
    if names is None:
        raise TypeError("names is required with an array of average ranks (one name per algorithm)")
    if groups is not None and cd is not None:
        raise ValueError(
            f"give either cd (Nemenyi's or Bonferroni-Dunn's bars) or groups (another procedure's), "
            f"not both; got cd={cd!r}"
        )
    if groups is not None and control is not None:
        raise ValueError(
            f"control draws the Bonferroni-Dunn interval and needs cd, not groups; got control={control!r}"
        )
    if groups is None and cd is None:
        raise TypeError("cd is required with an array of average ranks unless groups is given")
    return mean_ranks, names, cd, groups, procedure


def _check_groups(groups, k):
    """Groups as a list of tuples of distinct column indices in [0, k)."""
    if isinstance(groups, (str, bytes)) or not hasattr(groups, "__iter__"):
        raise TypeError(f"groups must be a sequence of sequences of column indices, got {_show(groups)}")
    out = []
    for group in groups:
        if isinstance(group, (str, bytes)) or not hasattr(group, "__iter__"):
            raise TypeError(f"groups must hold sequences of column indices, got the element {_show(group)}")
        members = []
        for j in group:
            if isinstance(j, (bool, np.bool_)) or not isinstance(j, numbers.Integral):
                raise TypeError(
                    f"groups must hold integer column indices, got {j!r:.60} in {tuple(group)!r:.80}"
                )
            if not 0 <= int(j) < k:
                raise ValueError(
                    f"groups must hold column indices in [0, {k - 1}], got {int(j)} in {tuple(group)!r:.80}"
                )
            members.append(int(j))
        if len(set(members)) < 2:
            raise ValueError(f"each group must hold at least 2 distinct algorithms, got {tuple(group)!r:.80}")
        out.append(tuple(sorted(set(members))))
    return out


def _group_levels(cliques, ranks):
    """Stack overlapping bars on separate levels (greedy, first fit)."""
    ends = []
    levels = []
    for clique in cliques:
        lo, hi = ranks[list(clique)].min(), ranks[list(clique)].max()
        for level, end in enumerate(ends):
            if lo > end + 0.05:
                ends[level] = hi
                levels.append(level)
                break
        else:
            ends.append(hi)
            levels.append(len(ends) - 1)
    return levels


def plot_critical_difference(
    mean_ranks, names=None, cd=None, ax=None, control=None, title=None, show_ranks=True, groups=None
):
    """Demšar's critical-difference diagram, drawn from scratch.

    Parameters
    ----------
    mean_ranks : array_like, shape (k,), or PairwiseComparisons
        Average ranks, 1 = best (as :func:`lecture_lib.friedman` returns);
        or the result of :func:`lecture_lib.pairwise_comparisons`, whose
        ``mean_ranks``, ``names`` and ``groups`` are drawn (any test and any
        adjustment: Wilcoxon with Holm, Shaffer, Bergmann-Hommel, ...). For
        such a result the CD bar is drawn only for Nemenyi's own procedure
        (``test="nemenyi"``, ``adjust="studentized-range"``), whose CD is
        computed from the result; other procedures have no critical
        difference, and a line of text names the procedure instead.
    names : sequence of str, length k, optional
        Algorithm names, in the order of ``mean_ranks`` (required with an
        array of ranks; defaults to the result's names).
    cd : float, optional
        Critical difference (:func:`lecture_lib.critical_difference`) of
        Nemenyi's or the Bonferroni-Dunn test: required with an array of
        ranks unless ``groups`` is given, not allowed with a result or with
        ``groups``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure sized for k algorithms when None.
    control : int or str, optional
        None (default): the Nemenyi diagram, with thick bars joining the
        maximal groups of algorithms whose ranks differ by less than ``cd``
        (:func:`lecture_lib.cd_cliques`). An index or a name: the
        Bonferroni-Dunn diagram, with the interval control rank +- ``cd``
        (clipped to [1, k]); algorithms outside it differ significantly from
        the control.
    title : str, optional
        Axes title.
    show_ranks : bool, optional
        Print each average rank next to its name (default True).
    groups : sequence of sequences of int, optional
        With an array of ranks and no ``cd``: the bars to draw, each a set
        of column indices of algorithms that no procedure found different
        (for instance ``pairwise_comparisons(...).groups``). No CD bar.

    Returns
    -------
    ax : matplotlib.axes.Axes
        The artists carry ``gid`` labels so they can be inspected:
        ``"name"`` (one text per algorithm, the name), ``"rank-label"``,
        ``"tick-label"``, ``"cd-bar"`` (a line from 1 to 1 + cd),
        ``"cd-label"``, ``"group"`` (one line per group), ``"elbow"``,
        ``"control-interval"``, ``"procedure-label"`` (the procedure's name
        in place of the CD bar, for groups from another procedure).

    Notes
    -----
    Rank 1 (best) is on the left; the better half of the algorithms is
    named on the left, the rest on the right, with elbow lines to their
    ranks. Groups may overlap, because "not significantly different" is not
    transitive; overlapping bars are drawn on separate levels. The figure
    height grows with k, so 2 to 20 (and more) algorithms stay readable.
    With a CD the bars are Nemenyi's or Bonferroni-Dunn's decisions. Holm's
    step-down procedure, Shaffer's and Bergmann-Hommel's have no single
    critical difference: pass their result (or its ``groups``) and the bars
    are that procedure's groups, with no CD bar. Taught in chapter 6.

    Examples
    --------
    >>> from lecture_lib import plot_critical_difference
    >>> ax = plot_critical_difference([1.3, 1.9, 3.1, 3.7], ["ranger", "svm", "rpart", "featureless"], cd=1.0)
    >>> sorted(t.get_text() for t in ax.texts if t.get_gid() == "name")
    ['featureless', 'ranger', 'rpart', 'svm']
    >>> sum(line.get_gid() == "group" for line in ax.lines)
    2

    ranger and svm are 0.6 apart, rpart and featureless too: two bars. svm
    and rpart are 1.2 apart, more than CD = 1.0, so no bar joins them.

    From any post-hoc procedure, here pairwise Wilcoxon tests with Holm's
    adjustment on source 001's benchmark (error rates: lower is better):

    >>> from lecture_lib import appml_benchmark, pairwise_comparisons
    >>> bench = appml_benchmark()
    >>> holm = pairwise_comparisons(bench.scores, names=bench.algorithms, higher_is_better=False)
    >>> ax = plot_critical_difference(holm)
    >>> [t.get_text() for t in ax.texts if t.get_gid() == "procedure-label"]
    ['Wilcoxon signed-rank, Holm: bars join algorithms with no significant difference (FWER 0.05)']
    >>> len([line for line in ax.lines if line.get_gid() == "cd-bar"])
    0

    Each bar joins algorithms among which Holm's procedure found no
    significant difference; there is no critical difference to draw.
    """
    check_ax(ax)
    mean_ranks, names, cd, groups, procedure = _cd_source(mean_ranks, names, cd, groups, control)
    ranks, names, cd, control = _check_cd_inputs(mean_ranks, names, 1.0 if cd is None else cd, control)
    if groups is not None:
        groups = _check_groups(groups, ranks.size)
        cd = None
    show_ranks = check_flag(show_ranks, "show_ranks")
    k = ranks.size
    order = np.argsort(ranks, kind="stable")
    n_left = (k + 1) // 2
    left, right = order[:n_left], order[n_left:][::-1]  # right side: worst on top
    if groups is not None:
        cliques = groups
        levels = _group_levels(cliques, ranks)
        n_levels = max(levels, default=-1) + 1
    elif control is None:
        cliques = cd_cliques(ranks, cd)
        levels = _group_levels(cliques, ranks)
        n_levels = max(levels, default=-1) + 1
    else:
        cliques, levels, n_levels = [], [], 1
    name_y0 = _CD_GROUP_Y0 - _CD_GROUP_STEP * max(n_levels, 1) - 0.15
    n_rows = max(len(left), len(right))
    y_bottom = name_y0 - _CD_NAME_STEP * (n_rows - 1) - 0.3
    y_top = _CD_BAR_Y + 0.35
    if ax is None:
        height = max(1.8, (y_top - y_bottom) * _CD_INCH_PER_UNIT + (0.35 if title else 0.1))
        fig, ax = _subplots(figsize=(7.0, height))
        fig.subplots_adjust(left=0.02, right=0.98, bottom=0.02, top=0.98 if not title else 0.9)
    gap = 0.05 * (k - 1) + 0.12  # horizontal legs reach this far beyond the axis
    # a CD longer than the axis (few data sets) pushes the right-hand names out of its way
    x_left, x_right = 1.0 - gap, max(float(k), 1.0 + (cd or 0.0)) + gap
    line_kw = dict(color="black", linewidth=1.0, solid_capstyle="butt")
    # the axis of average ranks with integer ticks
    ax.plot([1, k], [0, 0], gid="axis", **line_kw)
    tick_step = 1 if k <= 20 else int(np.ceil(k / 20))
    for t in range(1, k + 1, tick_step):
        ax.plot([t, t], [0, 0.06], gid="tick", **line_kw)
        ax.text(t, _CD_TICK_LABEL_Y, str(t), ha="center", va="bottom", fontsize=9, gid="tick-label")
    for t in np.arange(1.5, k, 1.0 * tick_step):
        ax.plot([t, t], [0, 0.03], gid="tick", **line_kw)
    if cd is not None:  # the CD bar, from rank 1 to 1 + cd
        ax.plot([1, 1 + cd], [_CD_BAR_Y, _CD_BAR_Y], gid="cd-bar", color="black", linewidth=1.6)
        for x in (1, 1 + cd):
            ax.plot([x, x], [_CD_BAR_Y - 0.05, _CD_BAR_Y + 0.05], gid="cd-bar-end", **line_kw)
        ax.text(1 + cd / 2, _CD_BAR_Y + 0.08, f"CD = {cd:.2f}", ha="center", va="bottom", fontsize=9,
                gid="cd-label")
    else:  # groups from a procedure with no critical difference: name it instead
        ax.text((1 + k) / 2, _CD_BAR_Y, procedure, ha="center", va="bottom", fontsize=9,
                gid="procedure-label")
    # names with elbow lines
    name_texts = {}
    for side, members in (("left", left), ("right", right)):
        for row, j in enumerate(members):
            y = name_y0 - _CD_NAME_STEP * row
            x_end = x_left if side == "left" else x_right
            ax.plot([ranks[j], ranks[j], x_end], [0, y, y], gid="elbow", color="0.35", linewidth=0.9)
            weight = "bold" if control == j else "normal"
            name_texts[j] = ax.text(
                x_end + (-0.03 if side == "left" else 0.03) * (k / 6 + 0.5), y, names[j],
                ha="right" if side == "left" else "left", va="center", fontsize=10, fontweight=weight,
                gid="name",
            )
            if show_ranks:
                ax.text(
                    x_end + (0.02 if side == "left" else -0.02) * (k / 6 + 0.5), y + 0.02, f"{ranks[j]:.2f}",
                    ha="left" if side == "left" else "right", va="bottom", fontsize=9, color="0.25",
                    gid="rank-label",
                )
    # groups of algorithms that are not significantly different
    for clique, level in zip(cliques, levels):
        y = _CD_GROUP_Y0 - _CD_GROUP_STEP * level
        members = ranks[list(clique)]
        ax.plot([members.min(), members.max()], [y, y], gid="group", color="black", linewidth=4,
                solid_capstyle="round")
    if control is not None:
        lo, hi = max(1.0, ranks[control] - cd), min(float(k), ranks[control] + cd)
        ax.plot([lo, hi], [_CD_GROUP_Y0, _CD_GROUP_Y0], gid="control-interval", color="tab:red", linewidth=4,
                solid_capstyle="butt", alpha=0.8)
        ax.plot([ranks[control]], [_CD_GROUP_Y0], marker="o", color="tab:red", gid="control-marker")
    # room for the names: solve for the x-limits that make the widest names fit
    ordered = [name_texts[j] for j in order]
    try:
        renderer = ax.figure.canvas.get_renderer()
        left_px = max(t.get_window_extent(renderer).width for t in ordered[:n_left])
        right_px = max((t.get_window_extent(renderer).width for t in ordered[n_left:]), default=0.0)
        width_px = ax.get_window_extent(renderer).width
    except AttributeError:  # a backend without a renderer: estimate from the characters
        left_px = 7.0 * max(len(names[j]) for j in left)
        right_px = 7.0 * max((len(names[j]) for j in right), default=0)
        width_px = ax.figure.get_figwidth() * ax.figure.dpi * ax.get_position().width
    pad_px = 8.0
    inner = x_right - x_left + 2 * 0.05 * (k / 6 + 0.5)
    free_px = max(width_px - left_px - right_px - 2 * pad_px, 0.3 * width_px)
    per_px = inner / free_px
    ax.set_xlim(x_left - 0.05 * (k / 6 + 0.5) - (left_px + pad_px) * per_px,
                x_right + 0.05 * (k / 6 + 0.5) + (right_px + pad_px) * per_px)
    ax.set_ylim(y_bottom, y_top)
    ax.set_axis_off()
    if title:
        ax.set_title(title)
    return ax


# --------------------------------------------------------------------------- chapter 7


def plot_tuning_bias(result, n_configs=None, ax=None):
    """Mean non-nested and nested estimates against the grid size.

    Parameters
    ----------
    result : TuningBias
        As returned by :func:`lecture_lib.nested.simulate_tuning_bias`.
    n_configs : int, optional
        A grid size to mark with a vertical line and the two values.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    The bands are plus or minus two Monte Carlo standard errors. Taught in
    chapter 7 (``notebooks/07-nested-cv``).
    """
    check_ax(ax)
    check_instance(result, TuningBias, "result")
    if n_configs is not None:
        n_configs = _check_grid_size(result, n_configs)
    if ax is None:
        _, ax = _subplots(figsize=(6, 3.6))
    tuning_bias_curves(ax, result)
    if n_configs is not None:
        mark_grid_size(ax, result, n_configs)
    ax.set_xlabel("number of configurations tried (grid size)")
    ax.set_ylabel("mean estimated accuracy")
    ax.set_title(tuning_bias_title(result), fontsize="medium")
    ax.legend(frameon=False, fontsize=9, loc="upper left")
    return ax


def _check_grid_size(result, n_configs) -> int:
    """A grid size between 1 and the largest one simulated in ``result``."""
    n_configs = check_count(n_configs, "n_configs", minimum=1)
    if n_configs > result.n_configs[-1]:
        raise ValueError(f"n_configs must be at most {int(result.n_configs[-1])} (the largest grid "
                         f"simulated), got {n_configs}")
    return n_configs


def plot_nested_cv_diagram(outer_cv=5, inner_cv=2, outer_fold=0, ax=None):
    """The nested loop as a picture: outer folds, and the inner folds of one of them.

    Parameters
    ----------
    outer_cv, inner_cv : int
        Numbers of outer and inner folds (2 to 20 and 2 to 10).
    outer_fold : int, default 0
        The outer fold whose inner loop is drawn (0-based).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib.axes.Axes

    Notes
    -----
    Each row is one train/test split of the data (a bar from left to
    right). Taught in chapter 7 (``notebooks/07-nested-cv``).
    """
    check_ax(ax)
    from matplotlib.patches import Patch, Rectangle

    outer_cv = check_count(outer_cv, "outer_cv", minimum=2)
    inner_cv = check_count(inner_cv, "inner_cv", minimum=2)
    outer_fold = check_count(outer_fold, "outer_fold")
    if outer_cv > 20:
        raise ValueError(f"outer_cv must be at most 20 to be drawn, got {outer_cv}")
    if inner_cv > 10:
        raise ValueError(f"inner_cv must be at most 10 to be drawn, got {inner_cv}")
    if outer_fold >= outer_cv:
        raise ValueError(f"outer_fold must be below outer_cv={outer_cv}, got {outer_fold}")
    if ax is None:
        _, ax = _subplots(figsize=(7.5, 0.45 * (outer_cv + inner_cv) + 1.6))
    colors = {"outer train": "#c6dbef", "outer test": "#fd8d3c", "inner train": "#bcbddc",
              "validation": "#74c476"}
    width = 1.0 / outer_cv
    row = 0.0
    for i in range(outer_cv):
        y = -row
        for j in range(outer_cv):
            kind = "outer test" if j == i else "outer train"
            ax.add_patch(Rectangle((j * width, y), width, 0.8, facecolor=colors[kind], edgecolor="white"))
        edge = "black" if i == outer_fold else "none"
        ax.add_patch(Rectangle((0, y), 1, 0.8, fill=False, edgecolor=edge, linewidth=1.5))
        ax.text(-0.02, y + 0.4, f"outer fold {i + 1}", ha="right", va="center", fontsize=9)
        row += 1.0
    # the inner loop of the chosen outer fold: its training part, re-split
    row += 1.0
    train_blocks = [j for j in range(outer_cv) if j != outer_fold]
    left = min(train_blocks) * width
    span = (outer_cv - 1) * width
    inner_width = span / inner_cv
    for f in range(inner_cv):
        y = -row
        for g in range(inner_cv):
            kind = "validation" if g == f else "inner train"
            ax.add_patch(Rectangle((left + g * inner_width, y), inner_width, 0.8, facecolor=colors[kind],
                                   edgecolor="white"))
        ax.text(-0.02, y + 0.4, f"inner split {f + 1}", ha="right", va="center", fontsize=9)
        row += 1.0
    ax.text(left, -(outer_cv + 1.0) + 0.95, f"inner loop of outer fold {outer_fold + 1}: its outer training "
            f"part, split into {inner_cv} folds", ha="left", va="bottom", fontsize=9)
    ax.set_xlim(-0.25, 1.05)
    ax.set_ylim(-row, 1.0)
    ax.axis("off")
    ax.legend(handles=[Patch(facecolor=c, label=k) for k, c in colors.items()], loc="upper center",
              ncol=4, fontsize=9, frameon=False, bbox_to_anchor=(0.5, 0.0))
    ax.set_title(f"Nested CV: {outer_cv} outer folds estimate, {inner_cv} inner folds tune",
                 fontsize="medium")
    return ax
