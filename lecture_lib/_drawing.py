"""Drawing pieces shared by the course figures and the live widgets (a documented internal API).

A course figure is drawn in two layers: a *frame* (axes, labels, titles:
what a slider does not change) and the *marks* (bars, lines, points: what
it does). The public plotting functions of :mod:`lecture_lib.plots` and
:mod:`lecture_lib.bayesian` draw both layers at once; the explorers of
:mod:`lecture_lib.widgets` (one module per chapter) draw the
frame once as a :class:`lecture_lib.live_figure.LiveFigure` background and
redraw only the marks on every slider move. Both use the functions below,
so a widget's picture and the static figure cannot drift apart.

The contract of every piece:

* it takes the Axes to draw on first, then inputs **already checked** by
  its caller (a public function validates its arguments once, a widget
  validates them when it is built), and checks nothing itself;
* a ``*_frame`` function draws what does not move and returns None;
* every other function returns the list of artists it created, which is
  what :class:`~lecture_lib.live_figure.LiveFigure` needs to draw and then
  remove them;
* nothing changes matplotlib's global state.

The module is private (its name starts with an underscore): learners use
the public plotting functions; contributors who write a new widget reuse
or add pieces here (see CONTRIBUTING.md, "The widget pattern").
"""

from __future__ import annotations

import numpy as np

__all__ = [
    "METHOD_LABELS",
    "REGION_COLOURS",
    "rejection_rate_frame",
    "rejection_rate_bars",
    "mark_k",
    "mark_split",
    "pvalue_histogram_frame",
    "pvalue_histogram_bars",
    "tuning_bias_title",
    "tuning_bias_curves",
    "mark_grid_size",
    "simplex_xy",
    "simplex_frame",
    "simplex_points",
]

#: Readable names of the McNemar variants (keys: the ``method`` options of :func:`lecture_lib.mcnemar`).
METHOD_LABELS = {
    "chi2": "chi-squared (McNemar)",
    "corrected": "corrected (Edwards)",
    "exact": "exact binomial",
    "midp": "mid-p",
    "textbook": "textbook rule",
}

#: Colours of the three regions of a Bayesian comparison: second better, practically equivalent, first better.
REGION_COLOURS = ("tab:orange", "0.55", "tab:blue")

_SQRT3_2 = float(np.sqrt(3.0) / 2.0)


# --------------------------------------------------------------------------- rejection rates (chapter 2)


def rejection_rate_frame(ax, methods) -> None:
    """The McNemar variants' names under the bars and the y label."""
    ax.set_xticks(np.arange(len(methods)), [METHOD_LABELS[m] for m in methods], rotation=15)
    ax.set_xlim(-0.6, len(methods) - 0.4)
    ax.set_ylabel("rejection rate")


def rejection_rate_bars(ax, result) -> list:
    """Bars of a :class:`lecture_lib.RejectionRates` with their intervals, and the line at alpha.

    A rate of exactly 0 or 1 is a valid simulation result; rounding in an
    interval's limits (a lower limit of 5.6e-17 at 0 of n) must not make
    an error bar negative, so the bar lengths are clipped at 0.
    """
    x = np.arange(len(result.methods))
    err = np.maximum(np.vstack([result.rates - result.ci_low, result.ci_high - result.rates]), 0.0)
    bars = ax.bar(x, result.rates, yerr=err, capsize=4, color="tab:blue", alpha=0.8)
    return [bars, bars.errorbar, ax.axhline(result.alpha, color="black", linestyle="--", linewidth=1)]


# --------------------------------------------------------------------------- chapter 1


def mark_k(ax, curve, k) -> list:
    """The vertical line and the two points at ``k`` on a :class:`lecture_lib.ComplexityCurve`."""
    train, test = curve.at(k)
    return [ax.axvline(k, color="grey", linewidth=0.8), *ax.plot([k, k], [train, test], "o", color="grey")]


def mark_split(ax, scores, split: int) -> list:
    """The line at split ``split``'s accuracy on a holdout histogram (``scores``: one row of the table)."""
    return [ax.axvline(scores[split], color="tab:orange", linewidth=2, label=f"split {split}: "
                                                                             f"{scores[split]:.3f}")]


# --------------------------------------------------------------------------- p-value histograms (chapter 4)


def pvalue_histogram_frame(ax, title: str) -> None:
    """What does not depend on the p-values: the uniform density line, the labels, the title."""
    ax.axhline(1.0, color="black", linewidth=1, linestyle="--", label="uniform (valid test under H0)")
    ax.set_xlabel("p-value")
    ax.set_ylabel("density")
    ax.set_title(title)


def pvalue_histogram_bars(ax, pvalues, alpha: float) -> list:
    """The density histogram of ``pvalues`` in 20 bins on [0, 1], the line at alpha and the legend."""
    _, _, bars = ax.hist(pvalues, bins=20, range=(0, 1), density=True, color="tab:blue", alpha=0.8)
    line = ax.axvline(alpha, color="tab:red", linewidth=1, label=f"alpha = {alpha:g}")
    return [bars, line, ax.legend(frameon=False, fontsize=9)]


# --------------------------------------------------------------------------- tuning bias (chapter 7)


def tuning_bias_title(result) -> str:
    """The title of a :class:`lecture_lib.TuningBias` figure: the simulated design."""
    return (f"Random labels, n = {result.n_samples}: {result.outer_cv}-fold outer, "
            f"{result.inner_cv}-fold inner, {result.n_reps} data sets")


def tuning_bias_curves(ax, result) -> list:
    """Both mean estimates against the grid size with +-2 standard-error bands, and the truth."""
    g = result.n_configs
    artists = []
    for values, se, label, color in (
        (result.non_nested, result.non_nested_se, "non-nested: best CV score of the grid", "tab:red"),
        (result.nested, result.nested_se, "nested CV", "tab:blue"),
    ):
        artists += ax.plot(g, values, marker="o", markersize=3, color=color, label=label)
        artists.append(ax.fill_between(g, values - 2 * se, values + 2 * se, color=color, alpha=0.15,
                                       linewidth=0))
    artists.append(ax.axhline(result.truth, color="black", linestyle="--", linewidth=1,
                              label=f"true accuracy {result.truth:g}"))
    return artists


def mark_grid_size(ax, result, n_configs: int) -> list:
    """The line at grid size ``n_configs`` and the two estimates written next to it."""
    i = n_configs - 1
    return [
        ax.axvline(n_configs, color="grey", linewidth=1),
        # below and to the right of the rising curve, away from the legend (upper left)
        ax.annotate(f"{result.non_nested[i]:.3f}", (n_configs, result.non_nested[i]),
                    textcoords="offset points", xytext=(6, -4), va="top", color="tab:red"),
        ax.annotate(f"{result.nested[i]:.3f}", (n_configs, result.nested[i]),
                    textcoords="offset points", xytext=(5, -12), color="tab:blue"),
    ]


# ------------------------------------------------------------------ the probability simplex (chapter 8)


def simplex_xy(theta):
    """Barycentric coordinates: left corner (0, 0), right corner (1, 0), the ROPE corner on top."""
    theta = np.asarray(theta, dtype=float)
    return theta[..., 2] + 0.5 * theta[..., 1], _SQRT3_2 * theta[..., 1]


def simplex_frame(ax, first: str, second: str) -> None:
    """The triangle, the three regions' borders and the corners' names (nothing that moves)."""
    ax.plot([0, 1, 0.5, 0], [0, 0, _SQRT3_2, 0], color="black", linewidth=1.2)
    cx, cy = simplex_xy(np.array([1.0, 1.0, 1.0]) / 3.0)
    for mid in ([0.5, 0, 0.5], [0.5, 0.5, 0], [0, 0.5, 0.5]):
        mx, my = simplex_xy(np.array(mid))
        ax.plot([cx, mx], [cy, my], color="0.35", linewidth=1, linestyle="--")
    ax.text(-0.04, -0.05, f"{second}\npractically better", ha="center", va="top", fontsize=9)
    ax.text(1.04, -0.05, f"{first}\npractically better", ha="center", va="top", fontsize=9)
    ax.text(0.5, _SQRT3_2 + 0.1, "practically equivalent", ha="center", va="bottom", fontsize=9)
    ax.set_xlim(-0.25, 1.25)
    ax.set_ylim(-0.3, _SQRT3_2 + 0.25)
    ax.set_aspect("equal")
    ax.set_axis_off()


def simplex_points(ax, result, max_points: int) -> list:
    """The first ``max_points`` posterior samples, coloured by their largest theta, and the probabilities."""
    theta = result.samples[:max_points]
    x, y = simplex_xy(theta)
    winner = np.argmax(theta, axis=1)
    artists = []
    for k, colour in enumerate(REGION_COLOURS):  # three point clouds: much faster to draw than one scatter
        artists += ax.plot(x[winner == k], y[winner == k], ".", markersize=2.5, color=colour, alpha=0.4,
                           rasterized=True)
    probs = result.probabilities
    artists.append(ax.text(-0.04, -0.19, f"p = {probs[0]:.3f}", ha="center", va="top", fontsize=9))
    artists.append(ax.text(1.04, -0.19, f"p = {probs[2]:.3f}", ha="center", va="top", fontsize=9))
    artists.append(ax.text(0.5, _SQRT3_2 + 0.03, f"p = {probs[1]:.3f}", ha="center", va="bottom",
                           fontsize=9))
    return artists
