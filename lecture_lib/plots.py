"""Course figures, drawn from scratch with matplotlib.

Every function draws on the Axes it is given (or a new one) and returns it;
nothing here changes matplotlib's global settings.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from ._validation import check_alpha, check_count, check_option
from .mcnemar import MCNEMAR_METHODS, mcnemar_pvalues
from .simulate import RejectionRates, mcnemar_rejection_probability

__all__ = [
    "mcnemar_pvalue_grid",
    "plot_mcnemar_pvalue_heatmap",
    "plot_mcnemar_rejection_curves",
    "plot_rejection_rates",
]

_APPROXIMATE = ("chi2", "corrected", "midp")

_LABELS = {
    "chi2": "chi-squared (McNemar)",
    "corrected": "corrected (Edwards)",
    "exact": "exact binomial",
    "midp": "mid-p",
    "auto": "auto",
}


def mcnemar_pvalue_grid(max_count: int, method: str = "corrected"):
    """p-values of ``method`` minus exact p-values for b, c = 0..max_count.

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
    conservative); blue: smaller (anti-conservative). The figure seed 000
    describes, for any grid size. Taught in chapter 2.
    """
    diff = mcnemar_pvalue_grid(max_count, method)
    if ax is None:
        _, ax = plt.subplots(figsize=(5.2, 4.2))
    limit = max(float(np.abs(diff).max()), 1e-12)
    image = ax.imshow(
        diff, origin="lower", cmap="RdBu_r", vmin=-limit, vmax=limit, interpolation="nearest",
        extent=(-0.5, max_count + 0.5, -0.5, max_count + 0.5),
    )
    ax.figure.colorbar(image, ax=ax, label=f"p({method}) - p(exact)")
    ax.set_xlabel("b (model 1 right, model 2 wrong)")
    ax.set_ylabel("c (model 1 wrong, model 2 right)")
    ax.set_title(f"{_LABELS[method]} vs exact p-value")
    return ax


def plot_mcnemar_rejection_curves(
    max_discordant: int = 60, alpha: float = 0.05, methods=("chi2", "corrected", "exact", "midp"), ax=None
):
    """Exact Type I error of McNemar variants against the number of disagreements.

    Parameters
    ----------
    max_discordant : int, optional
        Largest b + c shown.
    alpha : float, optional
        Nominal significance level (drawn as a dashed line).
    methods : sequence of str, optional
        Variants from {"auto", "chi2", "corrected", "exact", "midp"}.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when None.

    Returns
    -------
    ax : matplotlib.axes.Axes
        One line per method (labelled with its name), plus the alpha line.
    """
    max_discordant = check_count(max_discordant, "max_discordant", minimum=1)
    alpha = check_alpha(alpha)
    for m in methods:
        check_option(m, "methods", MCNEMAR_METHODS)
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.6))
    n = np.arange(1, max_discordant + 1)
    # Curves often coincide (chi2 and mid-p, exact and corrected): the ones drawn first are
    # wider and paler, so a curve drawn on top of another leaves it visible.
    for i, method in enumerate(methods):
        size = mcnemar_rejection_probability(n, alpha, method)
        width = 1.2 + 2.0 * (len(methods) - 1 - i) / max(len(methods) - 1, 1)
        ax.step(n, size, where="mid", label=_LABELS[method], linewidth=width, alpha=0.85)
    ax.axhline(alpha, color="black", linestyle="--", linewidth=1, label=f"alpha = {alpha:g}")
    ax.set_xlabel("number of disagreements b + c")
    ax.set_ylabel("P(reject H0 | H0 true)")
    ax.set_xlim(0.5, max_discordant + 0.5)
    ax.set_ylim(0, None)
    ax.legend(frameon=False, fontsize="small")
    return ax


def plot_rejection_rates(result: RejectionRates, ax=None):
    """Bar chart of simulated rejection rates with their Monte Carlo intervals.

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
    if not isinstance(result, RejectionRates):
        raise TypeError(f"result must be a RejectionRates, got {type(result).__name__}")
    if ax is None:
        _, ax = plt.subplots(figsize=(5.2, 3.4))
    x = np.arange(len(result.methods))
    err = np.vstack([result.rates - result.ci_low, result.ci_high - result.rates])
    ax.bar(x, result.rates, yerr=err, capsize=4, color="tab:blue", alpha=0.8)
    ax.axhline(result.alpha, color="black", linestyle="--", linewidth=1)
    ax.set_xticks(x, [_LABELS[m] for m in result.methods], rotation=15)
    ax.set_ylabel("rejection rate")
    ax.set_title(f"{result.n_reps} simulated test sets, alpha = {result.alpha:g}")
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
    from .nested import TuningBias

    if not isinstance(result, TuningBias):
        raise TypeError(f"result must be a TuningBias, got {type(result).__name__}")
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.6))
    g = result.n_configs
    for values, se, label, color in (
        (result.non_nested, result.non_nested_se, "non-nested: best CV score of the grid", "tab:red"),
        (result.nested, result.nested_se, "nested CV", "tab:blue"),
    ):
        ax.plot(g, values, marker="o", markersize=3, color=color, label=label)
        ax.fill_between(g, values - 2 * se, values + 2 * se, color=color, alpha=0.15, linewidth=0)
    ax.axhline(result.truth, color="black", linestyle="--", linewidth=1, label=f"true accuracy {result.truth:g}")
    if n_configs is not None:
        n_configs = check_count(n_configs, "n_configs", minimum=1)
        if n_configs > g[-1]:
            raise ValueError(f"n_configs must be at most {int(g[-1])}, got {n_configs}")
        i = n_configs - 1
        ax.axvline(n_configs, color="grey", linewidth=1)
        ax.annotate(f"{result.non_nested[i]:.3f}", (n_configs, result.non_nested[i]), textcoords="offset points",
                    xytext=(5, 5), color="tab:red")
        ax.annotate(f"{result.nested[i]:.3f}", (n_configs, result.nested[i]), textcoords="offset points",
                    xytext=(5, -12), color="tab:blue")
    ax.set_xlabel("number of configurations tried (grid size)")
    ax.set_ylabel("mean estimated accuracy")
    ax.set_title(f"Random labels, n = {result.n_samples}: {result.outer_cv}-fold outer, "
                 f"{result.inner_cv}-fold inner, {result.n_reps} data sets", fontsize="medium")
    ax.legend(frameon=False, fontsize="small", loc="upper left")
    return ax


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
        _, ax = plt.subplots(figsize=(7.5, 0.45 * (outer_cv + inner_cv) + 1.6))
    colors = {"outer train": "#c6dbef", "outer test": "#fd8d3c", "inner train": "#bcbddc", "validation": "#74c476"}
    width = 1.0 / outer_cv
    row = 0.0
    for i in range(outer_cv):
        y = -row
        for j in range(outer_cv):
            kind = "outer test" if j == i else "outer train"
            ax.add_patch(Rectangle((j * width, y), width, 0.8, facecolor=colors[kind], edgecolor="white"))
        edge = "black" if i == outer_fold else "none"
        ax.add_patch(Rectangle((0, y), 1, 0.8, fill=False, edgecolor=edge, linewidth=1.5))
        ax.text(-0.02, y + 0.4, f"outer fold {i + 1}", ha="right", va="center", fontsize="small")
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
        ax.text(-0.02, y + 0.4, f"inner split {f + 1}", ha="right", va="center", fontsize="small")
        row += 1.0
    ax.text(left, -(outer_cv + 1.0) + 0.95, f"inner loop of outer fold {outer_fold + 1}: its outer training "
            f"part, split into {inner_cv} folds", ha="left", va="bottom", fontsize="small")
    ax.set_xlim(-0.25, 1.05)
    ax.set_ylim(-row, 1.0)
    ax.axis("off")
    ax.legend(handles=[Patch(facecolor=c, label=k) for k, c in colors.items()], loc="upper center",
              ncol=4, fontsize="small", frameon=False, bbox_to_anchor=(0.5, 0.0))
    ax.set_title(f"Nested CV: {outer_cv} outer folds estimate, {inner_cv} inner folds tune", fontsize="medium")
    return ax
