"""Course figures, drawn from scratch with matplotlib.

Every function draws on the Axes it is given (or a new one) and returns it;
nothing here changes matplotlib's global settings.
"""

from __future__ import annotations

import matplotlib.pyplot as plt
import numpy as np

from ._validation import check_alpha, check_count, check_flag, check_option
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
    _rejection_rate_frame(ax, result.methods)
    _rejection_rate_bars(ax, result)
    ax.set_title(f"{result.n_reps} simulated test sets, alpha = {result.alpha:g}")
    return ax


def _rejection_rate_frame(ax, methods):
    """The method names under the bars and the y label."""
    ax.set_xticks(np.arange(len(methods)), [_LABELS[m] for m in methods], rotation=15)
    ax.set_xlim(-0.6, len(methods) - 0.4)
    ax.set_ylabel("rejection rate")


def _rejection_rate_bars(ax, result):
    """The bars with their Monte Carlo intervals and the line at alpha (the artists)."""
    x = np.arange(len(result.methods))
    err = np.vstack([result.rates - result.ci_low, result.ci_high - result.rates])
    bars = ax.bar(x, result.rates, yerr=err, capsize=4, color="tab:blue", alpha=0.8)
    return [bars, bars.errorbar, ax.axhline(result.alpha, color="black", linestyle="--", linewidth=1)]


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
    from .cochran import familywise_error

    max_models = check_count(max_models, "max_models", minimum=2)
    alpha = check_alpha(alpha)
    if highlight is not None:
        highlight = check_count(highlight, "highlight", minimum=2)
    ks = np.arange(2, max_models + 1)
    results = [familywise_error(int(k), alpha=alpha, n_sim=n_sim, seed=seed) for k in ks]
    if ax is None:
        _, ax = plt.subplots(figsize=(6.0, 3.8))
    ax.plot(ks, [r.independent for r in results], color="grey", linestyle=":", label="1 - (1 - alpha)^m (independent tests)")
    ax.plot(ks, [r.unadjusted for r in results], "o-", color="tab:red", label="unadjusted pairwise McNemar")
    ax.plot(ks, [r.omnibus_gate for r in results], "s--", color="tab:orange", label="Cochran's Q first, then unadjusted")
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
    ax.legend(frameon=False, fontsize="small")
    return ax


__all__ += ["plot_familywise_error"]


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
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.8))
    ks = curve.n_neighbors
    ax.plot(ks, curve.train_error, color="tab:blue", label=f"training error (n = {curve.n_train})")
    ax.plot(ks, curve.test_error, color="tab:orange", label=f"test error (n = {curve.n_test})")
    if reference is not None:
        ax.plot(reference.n_neighbors, reference.test_error, color="black", linestyle="--", linewidth=1,
                label=f"error on {reference.n_test} new examples")
    if k is not None:
        _mark_k(ax, curve, k)
    ax.set_xscale("log")
    ax.set_xlim(ks.max() * 1.05, ks.min() * 0.95)
    ax.set_xlabel("k (number of neighbours; complexity grows to the right)")
    ax.set_ylabel("error rate")
    ax.set_title("k-NN: training and test error against model complexity")
    ax.legend(loc="upper right", fontsize="small")
    return ax


def _mark_k(ax, curve, k):
    """The vertical line and the two points at k on a complexity curve (the artists)."""
    train, test = curve.at(k)
    return [ax.axvline(k, color="grey", linewidth=0.8), *ax.plot([k, k], [train, test], "o", color="grey")]


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
    from .curves import _table_row

    row, scores = _table_row(table, test_sizes, test_size)
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.6))
    bins = np.linspace(table.min() - 0.005, table.max() + 0.005, 41)
    ax.hist(scores, bins=bins, color="tab:blue", alpha=0.7, label=f"{scores.size} random splits")
    if split is not None:
        _mark_split(ax, scores, split)
    if reference is not None:
        ax.axvline(reference, color="black", linestyle="--", linewidth=1, label=f"new data: {reference:.3f}")
    ax.set_xlabel("test accuracy")
    ax.set_ylabel("number of splits")
    ax.set_title(f"Holdout with {test_size:.0%} of the data as test set")
    ax.legend(loc="upper left", fontsize="small")
    return ax


def _mark_split(ax, scores, split):
    """The line at one split's accuracy on a holdout histogram."""
    split = check_count(split, "split")
    if split >= scores.size:
        raise ValueError(f"split must be < {scores.size}, got {split}")
    return ax.axvline(scores[split], color="tab:orange", linewidth=2, label=f"split {split}: {scores[split]:.3f}")


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
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.8))
    prefix = f"{label}: " if label else ""
    m = curve.train_sizes
    for scores, name, style in ((curve.train_scores, "training", "--"), (curve.test_scores, "test", "-")):
        mean, sd = scores.mean(axis=0), scores.std(axis=0)
        (line,) = ax.plot(m, mean, style, marker="o", markersize=3, label=f"{prefix}{name} score")
        ax.fill_between(m, mean - sd, mean + sd, color=line.get_color(), alpha=0.15)
    ax.set_xlabel("number of training examples")
    ax.set_ylabel("accuracy")
    ax.set_title("Learning curve (mean +- 1 sd over the splits)")
    ax.legend(fontsize="small")
    return ax


__all__ += ["plot_complexity_curve", "plot_holdout_spread", "plot_learning_curve"]


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
    _pvalue_histogram_frame(ax, title or f"{p.size} simulated p-values")
    _pvalue_histogram_bars(ax, p, alpha)
    return ax


def _pvalue_histogram_frame(ax, title):
    """What does not depend on the p-values: the uniform line, the labels, the title."""
    ax.axhline(1.0, color="black", linewidth=1, linestyle="--", label="uniform (valid test under H0)")
    ax.set_xlabel("p-value")
    ax.set_ylabel("density")
    ax.set_title(title)


def _pvalue_histogram_bars(ax, p, alpha):
    """The density histogram of ``p`` in 20 bins, the line at alpha and the legend."""
    _, _, bars = ax.hist(p, bins=20, range=(0, 1), density=True, color="tab:blue", alpha=0.8)
    line = ax.axvline(alpha, color="tab:red", linewidth=1, label=f"alpha = {alpha:g}")
    return [bars, line, ax.legend(frameon=False, fontsize="x-small")]


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
    show_ranks = check_flag(show_ranks, "show_ranks")
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
    _tuning_bias_curves(ax, result)
    if n_configs is not None:
        _mark_grid_size(ax, result, n_configs)
    ax.set_xlabel("number of configurations tried (grid size)")
    ax.set_ylabel("mean estimated accuracy")
    ax.set_title(_tuning_bias_title(result), fontsize="medium")
    ax.legend(frameon=False, fontsize="small", loc="upper left")
    return ax


def _tuning_bias_title(result):
    return (f"Random labels, n = {result.n_samples}: {result.outer_cv}-fold outer, "
            f"{result.inner_cv}-fold inner, {result.n_reps} data sets")


def _tuning_bias_curves(ax, result):
    """Both mean estimates with +-2 standard-error bands, and the truth (the artists)."""
    g = result.n_configs
    artists = []
    for values, se, label, color in (
        (result.non_nested, result.non_nested_se, "non-nested: best CV score of the grid", "tab:red"),
        (result.nested, result.nested_se, "nested CV", "tab:blue"),
    ):
        artists += ax.plot(g, values, marker="o", markersize=3, color=color, label=label)
        artists.append(ax.fill_between(g, values - 2 * se, values + 2 * se, color=color, alpha=0.15, linewidth=0))
    artists.append(ax.axhline(result.truth, color="black", linestyle="--", linewidth=1,
                              label=f"true accuracy {result.truth:g}"))
    return artists


def _mark_grid_size(ax, result, n_configs):
    """The line at one grid size and the two estimates written next to it (the artists)."""
    g = result.n_configs
    n_configs = check_count(n_configs, "n_configs", minimum=1)
    if n_configs > g[-1]:
        raise ValueError(f"n_configs must be at most {int(g[-1])}, got {n_configs}")
    i = n_configs - 1
    return [
        ax.axvline(n_configs, color="grey", linewidth=1),
        ax.annotate(f"{result.non_nested[i]:.3f}", (n_configs, result.non_nested[i]), textcoords="offset points",
                    xytext=(5, 5), color="tab:red"),
        ax.annotate(f"{result.nested[i]:.3f}", (n_configs, result.nested[i]), textcoords="offset points",
                    xytext=(5, -12), color="tab:blue"),
    ]


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
