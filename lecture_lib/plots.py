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


# ---------------------------------------------------------------- chapter 6: critical-difference diagrams

import numbers as _numbers  # noqa: E402

from .ranks import cd_cliques as _cd_cliques  # noqa: E402

__all__ += ["plot_critical_difference"]

# vertical layout of a CD diagram, in data units (y grows upwards)
_CD_TICK_LABEL_Y = 0.12
_CD_BAR_Y = 0.55
_CD_GROUP_Y0 = -0.25
_CD_GROUP_STEP = 0.2
_CD_NAME_STEP = 0.4
_CD_INCH_PER_UNIT = 0.62


def _check_cd_inputs(mean_ranks, names, cd, control):
    if mean_ranks is None or isinstance(mean_ranks, (str, bytes)):
        raise TypeError(f"mean_ranks must be a 1-D array of numbers, got {mean_ranks!r:.60}")
    try:
        ranks = np.asarray(mean_ranks, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"mean_ranks must be a 1-D array of numbers, got {mean_ranks!r:.60}") from None
    if ranks.ndim != 1:
        raise ValueError(f"mean_ranks must be 1-D, got an array of shape {ranks.shape}")
    k = ranks.size
    if k < 2:
        raise ValueError(f"mean_ranks must hold at least 2 algorithms, got {k}")
    if not np.all(np.isfinite(ranks)):
        raise ValueError(f"mean_ranks must be finite, got {ranks.tolist()}")
    if ranks.min() < 1 - 1e-9 or ranks.max() > k + 1e-9:
        raise ValueError(f"mean_ranks of {k} algorithms must lie in [1, {k}], got {ranks.tolist()}")
    if isinstance(names, (str, bytes)) or not hasattr(names, "__len__"):
        raise TypeError(f"names must be a sequence of {k} strings, got {names!r:.60}")
    names = [str(n) for n in names]
    if len(names) != k:
        raise ValueError(f"names must have one entry per algorithm ({k}), got {len(names)}")
    if isinstance(cd, (bool, np.bool_)) or not isinstance(cd, _numbers.Real):
        raise TypeError(f"cd must be a number, got {cd!r:.60}")
    cd = float(cd)
    if not (np.isfinite(cd) and cd > 0):
        raise ValueError(f"cd must be a positive finite number, got {cd!r}")
    if control is not None:
        if isinstance(control, str):
            if control not in names:
                raise ValueError(f"control must be one of names {tuple(names)}, got {control!r}")
            control = names.index(control)
        elif isinstance(control, (bool, np.bool_)) or not isinstance(control, _numbers.Integral):
            raise TypeError(f"control must be a column index or a name, got {control!r:.60}")
        elif not 0 <= int(control) < k:
            raise ValueError(f"control must be a column index in [0, {k - 1}], got {control}")
        control = int(control)
    return ranks, names, cd, control


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


def plot_critical_difference(mean_ranks, names, cd, ax=None, control=None, title=None, show_ranks=True):
    """Demšar's critical-difference diagram, drawn from scratch.

    Parameters
    ----------
    mean_ranks : array_like, shape (k,)
        Average ranks, 1 = best (as :func:`lecture_lib.friedman` returns).
    names : sequence of str, length k
        Algorithm names, in the order of ``mean_ranks``.
    cd : float
        Critical difference (:func:`lecture_lib.critical_difference`).
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

    Returns
    -------
    ax : matplotlib.axes.Axes
        The artists carry ``gid`` labels so they can be inspected:
        ``"name"`` (one text per algorithm, the name), ``"rank-label"``,
        ``"tick-label"``, ``"cd-bar"`` (a line from 1 to 1 + cd),
        ``"cd-label"``, ``"group"`` (one line per group), ``"elbow"``,
        ``"control-interval"``.

    Notes
    -----
    Rank 1 (best) is on the left; the better half of the algorithms is
    named on the left, the rest on the right, with elbow lines to their
    ranks. Groups may overlap, because "not significantly different" is not
    transitive; overlapping bars are drawn on separate levels. The figure
    height grows with k, so 2 to 20 (and more) algorithms stay readable.
    The diagram shows Nemenyi or Bonferroni-Dunn decisions only: it cannot
    show Holm's step-down decisions, which have no single critical
    difference. Taught in chapter 6.

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
    """
    ranks, names, cd, control = _check_cd_inputs(mean_ranks, names, cd, control)
    if not isinstance(show_ranks, (bool, np.bool_)):
        raise TypeError(f"show_ranks must be True or False, got {show_ranks!r:.60}")
    k = ranks.size
    order = np.argsort(ranks, kind="stable")
    n_left = (k + 1) // 2
    left, right = order[:n_left], order[n_left:][::-1]  # right side: worst on top
    if control is None:
        cliques = _cd_cliques(ranks, cd)
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
        fig, ax = plt.subplots(figsize=(7.0, height))
        fig.subplots_adjust(left=0.02, right=0.98, bottom=0.02, top=0.98 if not title else 0.9)
    gap = 0.05 * (k - 1) + 0.12  # horizontal legs reach this far beyond the axis
    # a CD longer than the axis (few data sets) pushes the right-hand names out of its way
    x_left, x_right = 1.0 - gap, max(float(k), 1.0 + cd) + gap
    line_kw = dict(color="black", linewidth=1.0, solid_capstyle="butt")
    # the axis of average ranks with integer ticks
    ax.plot([1, k], [0, 0], gid="axis", **line_kw)
    tick_step = 1 if k <= 20 else int(np.ceil(k / 20))
    for t in range(1, k + 1, tick_step):
        ax.plot([t, t], [0, 0.06], gid="tick", **line_kw)
        ax.text(t, _CD_TICK_LABEL_Y, str(t), ha="center", va="bottom", fontsize=9, gid="tick-label")
    for t in np.arange(1.5, k, 1.0 * tick_step):
        ax.plot([t, t], [0, 0.03], gid="tick", **line_kw)
    # the CD bar, from rank 1 to 1 + cd
    ax.plot([1, 1 + cd], [_CD_BAR_Y, _CD_BAR_Y], gid="cd-bar", color="black", linewidth=1.6)
    for x in (1, 1 + cd):
        ax.plot([x, x], [_CD_BAR_Y - 0.05, _CD_BAR_Y + 0.05], gid="cd-bar-end", **line_kw)
    ax.text(1 + cd / 2, _CD_BAR_Y + 0.08, f"CD = {cd:.2f}", ha="center", va="bottom", fontsize=9, gid="cd-label")
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
                ha="right" if side == "left" else "left", va="center", fontsize=10, fontweight=weight, gid="name",
            )
            if show_ranks:
                ax.text(
                    x_end + (0.02 if side == "left" else -0.02) * (k / 6 + 0.5), y + 0.02, f"{ranks[j]:.2f}",
                    ha="left" if side == "left" else "right", va="bottom", fontsize=7.5, color="0.25", gid="rank-label",
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
