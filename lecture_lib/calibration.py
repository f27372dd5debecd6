"""Predicted probabilities: proper scores per example, Spiegelhalter's calibration test, reliability tables.

Accuracy looks only at which side of 1/2 a probability falls. A proper scoring
rule (the Brier score, the log loss) rewards honest probabilities, and its
per-example values are paired losses that the course's paired tests compare.
Calibration asks whether events forecast with probability p happen about a
fraction p of the time: Spiegelhalter's z tests it, and a reliability table
(or diagram) shows where it fails.

Taught in chapter 9 (``notebooks/09-beyond-accuracy``).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import special

from ._interval_formulas import wilson_limits, z_quantile
from ._results import Printable, TestResult
from ._text import WIDTH, fill
from ._validation import (
    _show,
    check_ax,
    check_instance,
    check_labels,
    check_option,
    check_positive_int,
    check_probability,
    check_real,
    check_real_array,
)

__all__ = [
    "RELIABILITY_STRATEGIES",
    "CalibrationResult",
    "ReliabilityTable",
    "brier_scores",
    "calibration_test",
    "log_losses",
    "plot_reliability",
    "reliability_table",
]

#: The ``strategy`` options of :func:`reliability_table` (default ``"quantile"``).
RELIABILITY_STRATEGIES = ("quantile", "uniform")


def _outcomes(y_true, positive) -> np.ndarray:
    """y_true as 0.0 / 1.0 (1 where it equals ``positive``); one or two classes."""
    y = check_labels(y_true, "y_true")
    classes = np.unique(y).tolist()
    if len(classes) > 2:
        raise ValueError(f"y_true must hold two classes (binary outcomes), got {len(classes)}: "
                         f"{_show(classes)}")
    if positive not in classes:
        if len(classes) == 2:
            raise ValueError(f"positive={positive!r} is not a label of y_true (labels {classes})")
        if isinstance(positive, str) != (y.dtype.kind in "USO" and isinstance(classes[0], str)):
            raise TypeError(f"positive={positive!r} cannot be a label of y_true, which holds {classes[0]!r}")
    return (y == positive).astype(np.float64)


def _outcomes_and_probabilities(y_true, prob, positive):
    """Checked outcomes (0.0 / 1.0) and probabilities of the positive class, of the same length."""
    y = _outcomes(y_true, positive)
    p = check_real_array(prob, "prob", ndim=1, what="a 1-D array of probabilities")
    outside = (p < 0.0) | (p > 1.0)
    if outside.any():
        where = int(np.flatnonzero(outside)[0])
        raise ValueError(f"prob must lie in [0, 1], got {float(p[where])!r} at index {where}: "
                         f"{_show(p.tolist())}")
    if p.size != y.size:
        raise ValueError(f"y_true and prob must have the same length (one probability per example): "
                         f"y_true has {y.size}, prob has {p.size}")
    return y, p


def brier_scores(y_true, prob, positive=1) -> np.ndarray:
    """Per-example Brier scores (squared errors of the predicted probability).

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Observed labels, of one or two classes.
    prob : array_like, shape (n,)
        Predicted probabilities of the class ``positive``, in [0, 1].
    positive : label, default 1
        The label whose probability ``prob`` gives. If y_true holds two
        classes it must be one of them; if it holds one other class, every
        example is negative.

    Returns
    -------
    scores : ndarray of float, shape (n,)
        :math:`(y_i - p_i)^2` with :math:`y_i = 1` for the positive class, else 0.

    Notes
    -----
    The Brier (1950) score is a strictly proper scoring rule (Gneiting &
    Raftery 2007): its expectation is smallest when the predicted probability
    is the true one. Its mean is the usual Brier score; the per-example values
    are paired losses, so the scores of two models on the same examples go
    into :func:`lecture_lib.paired_ttest` (or, for time-ordered examples,
    :func:`lecture_lib.diebold_mariano_test`). They are always finite, in [0, 1].

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Brier, G. W. (1950). Verification of forecasts expressed in terms of
       probability. Monthly Weather Review 78(1), 1-3.
    .. [2] Gneiting, T., Raftery, A. E. (2007). Strictly proper scoring rules,
       prediction, and estimation. Journal of the American Statistical
       Association 102(477), 359-378.

    Examples
    --------
    >>> from lecture_lib import brier_scores
    >>> brier_scores([1, 0, 1, 0], [0.9, 0.2, 0.4, 0.5])
    array([0.01, 0.04, 0.36, 0.25])

    The confident, correct first prediction costs 0.01; the third, which gave
    the observed event only 40 %, costs 0.36.
    """
    y, p = _outcomes_and_probabilities(y_true, prob, positive)
    return (y - p) ** 2


def log_losses(y_true, prob, positive=1, eps=None) -> np.ndarray:
    """Per-example log losses (negative log-likelihood of the observed class).

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Observed labels, of one or two classes.
    prob : array_like, shape (n,)
        Predicted probabilities of the class ``positive``, in [0, 1].
    positive : label, default 1
        The label whose probability ``prob`` gives (see :func:`brier_scores`).
    eps : float or None, optional
        None (default): no clipping, so a probability of 0 given to the class
        that occurred costs ``inf``. A number in (0, 1/2): probabilities are
        first clipped to ``[eps, 1 - eps]``, so every loss is at most
        :math:`-\\log(\\varepsilon)`.

    Returns
    -------
    losses : ndarray of float, shape (n,)
        :math:`-\\log p_i` where the positive class occurred,
        :math:`-\\log(1 - p_i)` elsewhere; ``inf`` for a wrong certain
        prediction when ``eps`` is None.

    Notes
    -----
    The log loss (logarithmic score) is strictly proper and local (Gneiting
    & Raftery 2007). It is unbounded: a model that was certain and wrong has
    an infinite loss, which is the honest value, so it is returned as
    ``inf`` rather than hidden. The course's paired tests refuse non-finite
    losses with an error naming the argument, so an ``inf`` cannot silently
    turn a comparison into ``nan``; to compare such models anyway, choose
    ``eps`` before looking at the results (as scikit-learn's ``log_loss``
    once clipped at 1e-15) and report it, since the result depends on it.
    :math:`-\\log(1 - p)` is computed as ``-log1p(-p)``, accurate for small p.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Gneiting, T., Raftery, A. E. (2007). Strictly proper scoring rules,
       prediction, and estimation. Journal of the American Statistical
       Association 102(477), 359-378.

    Examples
    --------
    >>> from lecture_lib import log_losses
    >>> log_losses([1, 0, 1], [0.9, 0.2, 0.0]).round(4)
    array([0.1054, 0.2231,    inf])
    >>> log_losses([1, 0, 1], [0.9, 0.2, 0.0], eps=1e-6).round(4)
    array([ 0.1054,  0.2231, 13.8155])

    The third prediction gave the event that occurred probability 0: its
    loss is infinite unless probabilities are clipped.
    """
    y, p = _outcomes_and_probabilities(y_true, prob, positive)
    if eps is not None:
        eps = check_real(eps, "eps")
        if not 0.0 < eps < 0.5:
            raise ValueError(f"eps must lie in (0, 0.5) (probabilities are clipped to [eps, 1 - eps]), "
                             f"got {eps!r}")
        p = np.clip(p, eps, 1.0 - eps)
    with np.errstate(divide="ignore"):  # log(0) = -inf is the documented answer
        return np.where(y == 1.0, -np.log(p), -np.log1p(-p))


@dataclasses.dataclass(frozen=True)
class CalibrationResult(TestResult):
    """Result of :func:`calibration_test`.

    The test has no single effect with an interval: its statistic combines
    how far the observed Brier score is from its expectation under
    calibration, and no interval goes with it (``effect_interval`` is None).
    Read ``brier_score`` against ``expected_brier``, and the reliability
    table (:func:`reliability_table`) for where the probabilities are off.

    Attributes
    ----------
    statistic : float
        Spiegelhalter's z: positive when the Brier score is larger than
        calibrated probabilities would make it.
    pvalue : float
        Two-sided normal p-value of H0 "the probabilities are calibrated".
    brier_score : float
        Mean Brier score, :math:`\\frac{1}{n}\\sum (y_i - p_i)^2`.
    expected_brier : float
        Its expectation under H0, :math:`\\frac{1}{n}\\sum p_i (1 - p_i)`.
    n : int
        Number of examples.
    method : str
        ``"Spiegelhalter z (normal)"``, with a note in the degenerate case.
    """

    _effect_attribute = None  # no single effect: z mixes calibration and the spread of p (see above)

    statistic: float
    pvalue: float
    brier_score: float
    expected_brier: float
    n: int
    method: str


def calibration_test(y_true, prob, positive=1) -> CalibrationResult:
    """Spiegelhalter's z test that predicted probabilities are calibrated.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Observed labels, of one or two classes.
    prob : array_like, shape (n,)
        Predicted probabilities of the class ``positive``, in [0, 1], made
        without looking at these labels (on a test set).
    positive : label, default 1
        The label whose probability ``prob`` gives (see :func:`brier_scores`).

    Returns
    -------
    result : CalibrationResult
        ``statistic`` (z), ``pvalue``, ``brier_score``, ``expected_brier``,
        ``n`` and ``method``.

    Notes
    -----
    H0: every outcome :math:`y_i` is Bernoulli(:math:`p_i`), independently.
    Under H0 the Brier score :math:`B = \\frac{1}{n}\\sum (y_i - p_i)^2` has
    mean :math:`\\frac{1}{n}\\sum p_i(1 - p_i)` and variance
    :math:`\\frac{1}{n^2}\\sum (1 - 2p_i)^2 p_i (1 - p_i)`, and since
    :math:`(y - p)^2 - p(1 - p) = (y - p)(1 - 2p)` for :math:`y \\in \\{0, 1\\}`,
    Spiegelhalter's (1986) statistic is

    .. math::

        z = \\frac{\\sum_i (y_i - p_i)(1 - 2 p_i)}
                 {\\sqrt{\\sum_i (1 - 2 p_i)^2\\, p_i (1 - p_i)}}
            \\;\\approx\\; N(0, 1),

    with the two-sided p-value :math:`2\\Phi(-|z|)`, as ``rms::val.prob``
    reports it (``S:z``, ``S:p``). The normal approximation needs many
    examples with probabilities away from 0 and 1. A large p-value is not
    evidence of calibration: the test has little power against
    miscalibration that shifts some probabilities up and others down, and
    none at p = 1/2 (whose Brier score is 1/4 whatever happens).

    The variance is zero when every :math:`p_i` is 0, 1/2 or 1. Then the
    numerator counts the certain predictions that were wrong: if there are
    none, z = 0 and the p-value is 1 (nothing to test); otherwise an event
    of probability 0 under H0 occurred, and z = inf with p-value 0. (With a
    positive variance a wrong certain prediction still refutes calibration
    outright, whatever z says; :func:`log_losses` shows it as ``inf``.)

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Spiegelhalter, D. J. (1986). Probabilistic prediction in patient
       management and clinical trials. Statistics in Medicine 5(5), 421-433.
    .. [2] Harrell, F. E. Jr. rms: Regression Modeling Strategies, R package
       (function ``val.prob``). https://CRAN.R-project.org/package=rms
    .. [3] Brier, G. W. (1950). Verification of forecasts expressed in terms of
       probability. Monthly Weather Review 78(1), 1-3.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import calibration_test
    >>> rng = np.random.default_rng(0)
    >>> prob = rng.uniform(0.05, 0.95, 400)
    >>> y = (rng.uniform(size=400) < prob).astype(int)   # calibrated by construction
    >>> res = calibration_test(y, prob)
    >>> round(res.statistic, 3), round(res.pvalue, 3)
    (-1.278, 0.201)
    >>> sharp = np.clip(1.3 * (prob - 0.5) + 0.5, 0.01, 0.99)  # over-confident
    >>> res = calibration_test(y, sharp)
    >>> round(res.statistic, 3), round(res.pvalue, 5)
    (3.469, 0.00052)
    >>> round(res.brier_score, 4), round(res.expected_brier, 4)
    (0.1683, 0.1387)

    For the calibrated probabilities, a z at least this far from 0 would
    occur with probability 0.20: no evidence against calibration. The
    over-confident ones have a Brier score of 0.168 where calibrated
    probabilities would give about 0.139; if they were calibrated, a z this
    large would have probability 0.0005.
    """
    y, p = _outcomes_and_probabilities(y_true, prob, positive)
    numerator = float(np.sum((y - p) * (1.0 - 2.0 * p)))
    variance = float(np.sum((1.0 - 2.0 * p) ** 2 * p * (1.0 - p)))
    method = "Spiegelhalter z (normal)"
    if variance > 0.0:
        z = numerator / np.sqrt(variance)
        pvalue = float(min(1.0, 2.0 * special.ndtr(-abs(z))))
    else:
        # every p is 0, 1/2 or 1: the numerator (>= 0) counts wrong certain predictions
        z, pvalue = (np.inf, 0.0) if numerator > 0.0 else (0.0, 1.0)
        method += "; zero variance (every probability is 0, 1/2 or 1)"
    return CalibrationResult(
        statistic=float(z),
        pvalue=pvalue,
        brier_score=float(np.mean((y - p) ** 2)),
        expected_brier=float(np.mean(p * (1.0 - p))),
        n=int(y.size),
        method=method,
    )


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class ReliabilityTable(Printable):
    """Result of :func:`reliability_table`: one row per non-empty bin (arrays are read-only).

    Attributes
    ----------
    bin_edges : ndarray of float, shape (n_bins + 1,)
        The edges of all bins, empty ones included. Bin j holds the
        probabilities in (bin_edges[j], bin_edges[j + 1]] (the first bin also
        its lower edge), as scikit-learn's ``calibration_curve`` bins them.
    bin_index : ndarray of int, shape (m,)
        For each row, the index j of its bin in ``bin_edges``.
    count : ndarray of int, shape (m,)
        Number of examples in the bin.
    mean_prob : ndarray of float, shape (m,)
        Mean predicted probability in the bin.
    observed : ndarray of float, shape (m,)
        Fraction of positive outcomes in the bin.
    low, high : ndarray of float, shape (m,)
        Wilson (1927) interval for the bin's true fraction of positives.
    strategy : str
        ``"quantile"`` or ``"uniform"``.
    confidence : float
        Coverage of each interval (individually, not simultaneously).
    """

    bin_edges: np.ndarray
    bin_index: np.ndarray
    count: np.ndarray
    mean_prob: np.ndarray
    observed: np.ndarray
    low: np.ndarray
    high: np.ndarray
    strategy: str
    confidence: float

    def __str__(self) -> str:
        title = fill(f"ReliabilityTable ({self.bin_edges.size - 1} {self.strategy} bins, {self.count.size} "
                     f"non-empty; {100 * self.confidence:g} % Wilson intervals)", WIDTH)
        digits = _edge_digits(self.bin_edges, self.bin_index)
        edge = [_edge_text(e, digits) for e in self.bin_edges]
        names = [f"{'[' if j == 0 else '('}{edge[j]}, {edge[j + 1]}]" for j in self.bin_index]
        width = max([len("bin"), *map(len, names)])
        head = f"  {'bin':<{width}} {'count':>6} {'mean prob':>10} {'observed':>9}   interval"
        rows = [f"  {name:<{width}} {k:>6d} {mean:>10.3f} {obs:>9.3f}   [{low:.3f}, {high:.3f}]"
                for name, k, mean, obs, low, high in zip(names, self.count, self.mean_prob, self.observed,
                                                         self.low, self.high)]
        return "\n".join([title, head, *rows])


def _edge_text(edge: float, digits: int) -> str:
    """A bin edge as printed: fixed decimals, or 1 - x and x in scientific notation at the very ends."""
    if 0.0 < edge < 10.0**-digits:
        return f"{edge:.1e}"
    if 1.0 - 10.0**-digits < edge < 1.0:
        return f"1-{1.0 - edge:.1e}"
    return f"{edge:.{digits}f}"


def _edge_digits(edges: np.ndarray, used: np.ndarray) -> int:
    """Decimals (3 to 6) enough to print the used bins' distinct edges distinctly.

    Quantile edges of a confident model crowd near 0 and 1: at 3 decimals (0.9995, 0.99998] and
    (0.99998, 1] would both read (1.000, 1.000]; the very ends are written 1-2.0e-05 and 3.0e-07.
    """
    pairs = [(edges[j], edges[j + 1]) for j in used]
    for digits in range(3, 7):
        if all(_edge_text(a, digits) != _edge_text(b, digits) for a, b in pairs if a != b):
            return digits
    return 6


def reliability_table(y_true, prob, n_bins=10, strategy="quantile", confidence=0.95,
                      positive=1) -> ReliabilityTable:
    """Observed fraction of positives against mean predicted probability, bin by bin.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        Observed labels, of one or two classes.
    prob : array_like, shape (n,)
        Predicted probabilities of the class ``positive``, in [0, 1].
    n_bins : int, optional
        Number of bins (default 10).
    strategy : {"quantile", "uniform"}, optional
        ``"quantile"`` (default): edges at the quantiles of ``prob``, so the
        bins hold about equally many examples; ``"uniform"``: equal widths
        on [0, 1]. The same edges as scikit-learn's ``calibration_curve``.
    confidence : float, optional
        Coverage of each bin's Wilson interval, in (0, 1) (default 0.95).
    positive : label, default 1
        The label whose probability ``prob`` gives (see :func:`brier_scores`).

    Returns
    -------
    table : ReliabilityTable
        ``bin_edges``, ``bin_index``, ``count``, ``mean_prob``,
        ``observed``, ``low``, ``high``; it prints as a table and
        :func:`plot_reliability` draws it.

    Notes
    -----
    In bin b with :math:`n_b` examples and :math:`k_b` positives, the
    observed fraction :math:`\\hat\\pi_b = k_b / n_b` is compared with the
    mean predicted probability :math:`\\bar p_b`; calibrated probabilities put
    the points near the diagonal (Niculescu-Mizil & Caruana 2005). The Wilson
    (1927) interval, with :math:`z = \\Phi^{-1}((1 + \\text{confidence})/2)`,

    .. math::

        \\frac{k_b + z^2/2}{n_b + z^2} \\pm \\frac{z}{n_b + z^2}
        \\sqrt{\\frac{k_b (n_b - k_b)}{n_b} + \\frac{z^2}{4}},

    shows how far the observed fraction could be from the bin's true rate;
    it treats the bin's outcomes as having one common probability, and the
    intervals are individual, not simultaneous: with 10 bins, one of them
    missing the diagonal is not evidence of miscalibration
    (:func:`calibration_test` is the test). Empty bins are dropped (with
    ``"quantile"``, ties in ``prob`` can make edges coincide); a bin edge
    belongs to the bin below it.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Niculescu-Mizil, A., Caruana, R. (2005). Predicting good
       probabilities with supervised learning. Proceedings of the 22nd
       International Conference on Machine Learning (ICML), 625-632.
    .. [2] Wilson, E. B. (1927). Probable inference, the law of succession,
       and statistical inference. Journal of the American Statistical
       Association 22(158), 209-212.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import reliability_table
    >>> rng = np.random.default_rng(0)
    >>> prob = rng.uniform(0.05, 0.95, 400)
    >>> y = (rng.uniform(size=400) < prob).astype(int)
    >>> print(reliability_table(y, prob, n_bins=4))
    ReliabilityTable (4 quantile bins, 4 non-empty; 95 % Wilson intervals)
      bin             count  mean prob  observed   interval
      [0.050, 0.308]    100      0.168     0.110   [0.063, 0.186]
      (0.308, 0.550]    100      0.428     0.400   [0.309, 0.498]
      (0.550, 0.768]    100      0.655     0.670   [0.573, 0.754]
      (0.768, 0.947]    100      0.859     0.860   [0.779, 0.915]

    The observed fractions of positives are within 6 points of the mean
    predicted probabilities, and each bin's interval contains its mean
    predicted probability: no sign of miscalibration at this resolution.
    """
    y, p = _outcomes_and_probabilities(y_true, prob, positive)
    n_bins = check_positive_int(n_bins, "n_bins")
    strategy = check_option(strategy, "strategy", RELIABILITY_STRATEGIES)
    confidence = check_probability(confidence, "confidence")
    if strategy == "quantile":
        edges = np.percentile(p, np.linspace(0.0, 1.0, n_bins + 1) * 100.0)  # sklearn's edges, to the bit
    else:
        edges = np.linspace(0.0, 1.0, n_bins + 1)
    # side="left" on the inner edges: a value on an edge goes to the bin below (as calibration_curve)
    index = np.searchsorted(edges[1:-1], p)
    count = np.bincount(index, minlength=n_bins)
    positives = np.bincount(index, weights=y, minlength=n_bins)
    prob_sums = np.bincount(index, weights=p, minlength=n_bins)
    keep = np.flatnonzero(count)
    k, m = positives[keep], count[keep].astype(np.float64)
    observed = k / m
    low, high = wilson_limits(k, m, z_quantile(confidence))
    # clamp rounding: the Wilson limits always bracket k / m inside [0, 1]
    low, high = np.clip(low, 0.0, observed), np.clip(high, observed, 1.0)
    arrays = [edges, keep, count[keep], prob_sums[keep] / m, observed, low, high]
    for arr in arrays:
        arr.setflags(write=False)
    return ReliabilityTable(*arrays, strategy=strategy, confidence=confidence)


def plot_reliability(table, ax=None):
    """Draw a reliability diagram: observed against predicted, with Wilson error bars and the diagonal.

    Parameters
    ----------
    table : ReliabilityTable
        As :func:`reliability_table` returns it.
    ax : matplotlib Axes, optional
        Where to draw (default: a new figure).

    Returns
    -------
    ax : matplotlib Axes
        The axes drawn on.

    Notes
    -----
    Each point is a bin at (mean predicted probability, observed fraction of
    positives) with its Wilson interval as a vertical error bar; the dashed
    diagonal is perfect calibration (Niculescu-Mizil & Caruana 2005). Points
    below the diagonal mean the model's probabilities were too high there.
    The intervals are individual: see :func:`reliability_table`.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Niculescu-Mizil, A., Caruana, R. (2005). Predicting good
       probabilities with supervised learning. Proceedings of the 22nd
       International Conference on Machine Learning (ICML), 625-632.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import plot_reliability, reliability_table
    >>> rng = np.random.default_rng(0)
    >>> prob = rng.uniform(0.05, 0.95, 400)
    >>> y = (rng.uniform(size=400) < prob).astype(int)
    >>> ax = plot_reliability(reliability_table(y, prob))
    >>> ax.get_xlabel()
    'mean predicted probability'

    The ten points lie close to the diagonal, as calibrated probabilities
    should.
    """
    check_instance(table, ReliabilityTable, "table", made_by="reliability_table")
    check_ax(ax)
    if ax is None:
        import matplotlib.pyplot as plt  # imported when a figure is drawn (import lecture_lib stays light)

        _, ax = plt.subplots(figsize=(4.8, 4.6))
    ax.plot([0.0, 1.0], [0.0, 1.0], linestyle="--", color="0.5", linewidth=1, label="perfect calibration")
    errors = np.vstack([table.observed - table.low, table.high - table.observed])
    percent = f"{100 * table.confidence:g} %"
    ax.errorbar(table.mean_prob, table.observed, yerr=errors, fmt="o", capsize=3,
                label=f"{table.strategy} bins, {percent}\nWilson intervals")
    # a little room beyond [0, 1], so that bins at 0 or 1 (common: confident models) are not cut
    ax.set_xlim(-0.03, 1.03)
    ax.set_ylim(-0.03, 1.03)
    ax.set_aspect("equal")
    ax.set_xlabel("mean predicted probability")
    ax.set_ylabel("observed fraction positive")
    # the points of a useful model lie near the diagonal's two ends: lower right is the free corner
    ax.legend(loc="lower right", fontsize="small")
    return ax
