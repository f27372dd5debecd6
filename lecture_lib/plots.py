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


# ---------------------------------------------------------------- chapter 5


def plot_signed_rank_null(differences, zero_method: str = "zsplit", ax=None):
    """Exact null distribution of R+ with the observed value and the normal curve.

    Parameters
    ----------
    differences : array_like, shape (n,)
        Per-data-set differences d_i (algorithm 1 minus algorithm 2).
    zero_method : {"zsplit", "pratt", "wilcox"}, optional
        As in :func:`lecture_lib.wilcoxon_signed_rank`.
    ax : matplotlib Axes, optional

    Returns
    -------
    ax : matplotlib Axes
        Bars: P(R+ = r) under H0 (red where r is at least as far from the
        mean as the observed R+, the two-sided p-value); line: the normal
        approximation's density per unit of r. Taught in chapter 5.
    """
    from .ranks import _signed_rank_moments, signed_rank_null_distribution, wilcoxon_signed_rank

    values, probs = signed_rank_null_distribution(differences, zero_method=zero_method)
    res = wilcoxon_signed_rank(differences, zero_method=zero_method, method="exact")
    normal = wilcoxon_signed_rank(differences, zero_method=zero_method, method="approx")
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.4))
    mean, sd = _signed_rank_moments(differences, zero_method)  # of the normal approximation
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
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=3, frameon=False)
    return ax


__all__ += ["plot_signed_rank_null"]
