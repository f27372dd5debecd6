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


# --------------------------------------------------------------------------- chapter 4

from .simulate_paired import PowerCurve  # noqa: E402

__all__ += ["PAIRED_TEST_LABELS", "plot_paired_rejection_rates", "plot_power_curves", "plot_pvalue_histogram"]

#: Readable names of the chapter 4 tests (keys: :data:`lecture_lib.PAIRED_TESTS`).
PAIRED_TEST_LABELS = {
    "mcnemar": "McNemar (1 holdout)",
    "prop_diff": "difference of proportions",
    "resampled": "resampled t",
    "corrected": "corrected resampled t",
    "kfold_cv": "k-fold CV t",
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
    if not isinstance(result, RejectionRates):
        raise TypeError(f"result must be a RejectionRates, got {type(result).__name__}")
    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 3.4))
    y = np.arange(len(result.methods))[::-1]
    err = np.vstack([result.rates - result.ci_low, result.ci_high - result.rates])
    colours = ["tab:red" if lo > result.alpha else "tab:blue" for lo in result.ci_low]
    ax.barh(y, result.rates, xerr=err, capsize=3, color=colours, alpha=0.85)
    ax.axvline(result.alpha, color="black", linestyle="--", linewidth=1, label=f"alpha = {result.alpha:g}")
    ax.set_yticks(y, [PAIRED_TEST_LABELS.get(m, m) for m in result.methods])
    ax.set_xlabel("rejection rate (95 % Wilson interval)")
    ax.set_xlim(0, max(1.05 * float(result.ci_high.max()), 2 * result.alpha))
    ax.set_title(title or f"{result.n_reps} simulated data sets, alpha = {result.alpha:g}")
    ax.legend(frameon=False, fontsize="small", loc="lower right")
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
    if not isinstance(curve, PowerCurve):
        raise TypeError(f"curve must be a PowerCurve, got {type(curve).__name__}")
    chosen = curve.tests if tests is None else tuple(check_option(t, "tests", curve.tests) for t in tests)
    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 3.8))
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
    ax.set_title(f"Power, {curve.n_reps} data sets per point (bands: 95 % intervals), alpha = {curve.alpha:g}",
                 fontsize="medium")
    ax.legend(frameon=False, fontsize="x-small", ncol=2, loc="center left")
    return ax


def plot_pvalue_histogram(pvalues, alpha: float = 0.05, ax=None, title: str | None = None):
    """Histogram of simulated p-values with the uniform density a valid test has under H0.

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
    alpha = check_alpha(alpha)
    if pvalues is None or isinstance(pvalues, (str, bytes)):
        raise TypeError(f"pvalues must be an array of p-values, got {pvalues!r}")
    p = np.asarray(pvalues, dtype=float)
    if p.ndim != 1:
        raise ValueError(f"pvalues must be 1-D, got an array of shape {p.shape}")
    if p.size == 0 or not np.all((p >= 0) & (p <= 1)):
        raise ValueError("pvalues must be a non-empty array of numbers in [0, 1]")
    if ax is None:
        _, ax = plt.subplots(figsize=(4.6, 3.0))
    ax.hist(p, bins=20, range=(0, 1), density=True, color="tab:blue", alpha=0.8)
    ax.axhline(1.0, color="black", linewidth=1, linestyle="--", label="uniform (valid test under H0)")
    ax.axvline(alpha, color="tab:red", linewidth=1, label=f"alpha = {alpha:g}")
    ax.set_xlabel("p-value")
    ax.set_ylabel("density")
    ax.set_title(title or f"{p.size} simulated p-values")
    ax.legend(frameon=False, fontsize="x-small")
    return ax
