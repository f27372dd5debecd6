"""McNemar's test and DeLong's AUC test for test sets whose examples come in groups (clusters).

When a test set holds several examples of each patient, user or site, the
examples of a group are not independent, and McNemar's or DeLong's test,
which count every example as an independent observation, reject a true null
hypothesis too often. The tests here treat the *groups* as the independent
units: McNemar-type chi-squared statistics for clustered matched pairs
(Eliasziw & Donner 1991, Obuchowski 1998, Durkalski et al. 2003, Yang et al.
2010), and Obuchowski's (1997) nonparametric clustered ROC analysis.

Taught in chapter 10 (``notebooks/10-seeds-groups-time``).
"""

from __future__ import annotations

import dataclasses
import numbers

import numpy as np
from scipy import special, stats

from ._results import Interval, Printable, TestResult
from ._roc import classifier_scores, positives, structural_components
from ._validation import (
    _show,
    as_generator,
    check_alpha,
    check_comparable,
    check_labels,
    check_option,
    check_positive_int,
    check_probability,
    check_real,
    check_same_length,
)

__all__ = [
    "CLUSTERED_MCNEMAR_METHODS",
    "ClusteredAUCResult",
    "ClusteredMcNemarResult",
    "ClusteredMcNemarSimulation",
    "clustered_auc_test",
    "clustered_mcnemar",
    "simulate_clustered_mcnemar",
]

#: The methods of :func:`clustered_mcnemar`.
CLUSTERED_MCNEMAR_METHODS = ("durkalski", "eliasziw", "obuchowski", "yang")
#: The default method, chosen by the Type I error and power lab in :func:`clustered_mcnemar`'s Notes.
DEFAULT_METHOD = "yang"


# --------------------------------------------------------------------------- groups


def _group_index(groups, n: int):
    """The group of each of ``n`` examples as 0 .. K-1, and K (at least 2)."""
    labels = check_labels(groups, "groups")
    if labels.size != n:
        raise ValueError(f"inputs must have the same length: y_true has {n}, groups has {labels.size}")
    try:
        if labels.dtype.kind in "iu" and labels.size and 0 <= labels.min() and labels.max() < 4 * labels.size:
            # small non-negative integers (the usual group ids): codes in sorted order without a sort
            present = np.bincount(labels) > 0
            unit = (np.cumsum(present) - 1)[labels]
        else:
            _, unit = np.unique(labels, return_inverse=True)
    except TypeError:  # e.g. a mix of numbers and tuples: labels that cannot be sorted
        raise TypeError(f"groups must hold labels of one comparable kind, got "
                        f"{_show(labels.tolist())}") from None
    unit = unit.reshape(-1)
    n_groups = int(unit.max()) + 1
    if n_groups < 2:
        raise ValueError(f"groups holds a single group ({_show(labels[:1].tolist()[0])}); a clustered test "
                         "needs at least 2 independent groups")
    return unit, n_groups


# --------------------------------------------------------------------------- McNemar for clustered pairs


@dataclasses.dataclass(frozen=True)
class ClusteredMcNemarResult(TestResult):
    """Result of :func:`clustered_mcnemar`.

    Attributes
    ----------
    statistic : float
        The method's chi-squared statistic (1 degree of freedom).
    pvalue : float
        Upper-tail chi-squared probability of ``statistic``.
    method : str
        ``"obuchowski"``, ``"durkalski"``, ``"yang"`` or ``"eliasziw"``.
    b, c : int
        Examples only model 1 gets right, and only model 2 gets right (all groups together).
    n_groups : int
        The number K of groups.
    n : int
        The number of examples.
    accuracy_difference : Interval
        ``accuracy_1 - accuracy_2 = (b - c) / n`` with a Wald interval from the cluster-robust
        (ratio-estimator) variance; see the Notes of :func:`clustered_mcnemar`.
    icc : float or None
        ``"eliasziw"`` only: the estimated intra-cluster correlation of discordance
        :math:`\\tilde\\rho` (nan where it cannot be estimated). None for the other methods.
    inflation : float or None
        ``"eliasziw"`` only: the variance inflation factor :math:`\\hat C` that divides McNemar's
        statistic. None for the other methods.
    """

    _effect_attribute = "accuracy_difference"

    statistic: float
    pvalue: float
    method: str
    b: int
    c: int
    n_groups: int
    n: int
    accuracy_difference: Interval
    icc: float | None = None
    inflation: float | None = None


def _ratio(num, den):
    """num / den, and 0 where den is 0 (there num is 0 too: a statistic with no discordance)."""
    safe = np.where(den > 0, den, 1.0)
    return np.where(den > 0, num / safe, 0.0)


def _eliasziw(a, b, c, d):
    """Eliasziw & Donner's statistic, ICC and inflation over the last axis (groups), as in clust.bin.pair."""
    cells = np.stack([a, b, c, d], axis=-1).astype(float)  # (..., K, 4)
    n_k = cells.sum(axis=-1)
    k = n_k.shape[-1]
    total = n_k.sum(axis=-1)
    n_bar = total / k
    n_0 = n_bar - ((n_k - n_bar[..., None]) ** 2).sum(axis=-1) / (k * (k - 1) * n_bar)
    share = cells.sum(axis=-2) / total[..., None]  # P-hat of the four cells
    between = (((cells - n_k[..., None] * share[..., None, :]) ** 2).sum(axis=-1) / n_k).sum(axis=-1) / k
    within_sum = ((cells * (n_k[..., None] - cells)).sum(axis=-1) / n_k).sum(axis=-1)
    pairs = k * (n_bar - 1.0)
    # all groups of size 1: no pair within a group, nothing to estimate (and C = 1 below whatever rho is)
    within = _ratio(within_sum, pairs)
    den = between + (n_0 - 1.0) * within
    with np.errstate(divide="ignore", invalid="ignore"):
        # every example in one and the same discordant cell (den = 0): perfect clustering, rho* = 1
        rho_star = np.where(den > 0, (between - within) / np.where(den > 0, den, 1.0), 1.0)
        q = share[..., 1] + share[..., 2]
        # 1 / (1 + q (1 - r) / r) written without dividing by r (r = 0 gives rho = 0, as in R)
        rho_den = rho_star + q * (1.0 - rho_star)
        rho = np.where(rho_den != 0, rho_star / np.where(rho_den != 0, rho_den, 1.0), np.nan)
        rho = np.where(pairs > 0, rho, np.nan)
    s_k = (b + c).astype(float)
    # nc = S0 + Kd (S-bar - S0) simplifies to sum(S_k^2) / sum(S_k): defined with one discordant group too
    n_c = _ratio((s_k**2).sum(axis=-1), s_k.sum(axis=-1))
    with np.errstate(invalid="ignore"):
        inflation = np.where(n_c == 1.0, 1.0, 1.0 + (n_c - 1.0) * rho)
    inflation = np.where(np.isfinite(inflation) & (inflation > 0), inflation, 1.0)
    disc, diff = s_k.sum(axis=-1), (b - c).sum(axis=-1).astype(float)
    mcnemar = _ratio(diff**2, disc)
    return mcnemar / inflation, rho, inflation


def _statistics(method: str, a, b, c, d):
    """The chi-squared statistic of ``method`` from per-group counts (last axis: groups); any leading axes."""
    diff = (b - c).astype(float)
    k = diff.shape[-1]
    total = diff.sum(axis=-1)
    if method == "obuchowski":
        return _ratio(total**2, k / (k - 1) * (diff**2).sum(axis=-1))
    if method == "durkalski":
        w = diff / (a + b + c + d)
        return _ratio(w.sum(axis=-1) ** 2, (w**2).sum(axis=-1))
    if method == "yang":
        n_k = (a + b + c + d).astype(float)
        delta = total / n_k.sum(axis=-1)
        spread = ((diff - n_k * delta[..., None]) ** 2 + diff**2).sum(axis=-1)
        return _ratio(total**2, k / (k - 1) * 0.5 * spread)
    return _eliasziw(a, b, c, d)[0]


def _group_tables(correct_1, correct_2, unit, n_groups):
    """Per-group counts (a, b, c, d) of both right, only the first, only the second, both wrong."""
    cell = 3 - (2 * correct_1 + correct_2)  # 0: both right (a), 1: b, 2: c, 3: both wrong (d)
    counts = np.bincount(4 * unit + cell, minlength=4 * n_groups).reshape(n_groups, 4)
    return counts[:, 0], counts[:, 1], counts[:, 2], counts[:, 3]


def clustered_mcnemar(y_true, y_pred_1, y_pred_2, groups, method=DEFAULT_METHOD,
                      confidence=0.95) -> ClusteredMcNemarResult:
    """McNemar's test for two classifiers on a test set of groups of examples (clustered matched pairs).

    Parameters
    ----------
    y_true, y_pred_1, y_pred_2 : array_like of labels, shape (n,)
        True labels and the two models' predictions for the same examples.
    groups : array_like of labels, shape (n,)
        The group of each example (a patient, a user, a site): any labels
        of one sortable kind. Groups must be independent of one another;
        the examples of a group need not be. At least 2 groups.
    method : {"yang", "durkalski", "obuchowski", "eliasziw"}, default "yang"
        The clustered statistic (Notes); the default is the one the lab in
        the Notes found to keep its level everywhere with the best power.
    confidence : float, default 0.95
        Confidence level of ``accuracy_difference``, in (0, 1).

    Returns
    -------
    result : ClusteredMcNemarResult
        ``statistic``, ``pvalue``, ``method``, ``b``, ``c``, ``n_groups``,
        ``n``, ``accuracy_difference`` (an :class:`~lecture_lib.Interval`),
        and for ``"eliasziw"`` ``icc`` and ``inflation``.

    Notes
    -----
    Group :math:`k = 1..K` has :math:`n_k` examples: :math:`a_k` both models
    get right, :math:`b_k` only model 1, :math:`c_k` only model 2,
    :math:`d_k` neither; :math:`D_k = b_k - c_k`, :math:`N = \\sum n_k`,
    :math:`b = \\sum b_k`, :math:`c = \\sum c_k`. :math:`H_0`: the two models
    are equally accurate (:math:`E[b - c] = 0`; Durkalski's statistic, which weighs every group
    alike, tests the unweighted mean of the :math:`D_k / n_k` when group size matters). Each
    statistic is compared
    with :math:`\\chi^2_1`; they are computed as the R package clust.bin.pair
    (0.1.2) computes them:

    .. math::

        X^2_{O} = \\frac{(\\sum_k D_k)^2}{\\frac{K}{K-1}\\sum_k D_k^2},\\qquad
        X^2_{D} = \\frac{\\bigl(\\sum_k D_k / n_k\\bigr)^2}{\\sum_k (D_k / n_k)^2},\\qquad
        X^2_{Y} = \\frac{(\\sum_k D_k)^2}
                       {\\frac{K}{K-1}\\,\\frac12\\sum_k \\bigl[(D_k - n_k\\hat\\delta)^2 + D_k^2\\bigr]},

    with :math:`\\hat\\delta = (b - c)/N`. :math:`X^2_O` is Obuchowski's
    (1998) ratio-estimator test with its variance estimated under
    :math:`H_0`, in Yang et al.'s (2010) notation; :math:`X^2_D`
    (Durkalski et al. 2003) weighs every group equally, whatever its size;
    :math:`X^2_Y` (Yang et al. 2010) averages the variance under
    :math:`H_0` and the unrestricted one. Eliasziw and Donner (1991) divide
    McNemar's statistic by an inflation factor,
    :math:`X^2_E = \\frac{(b - c)^2}{b + c} / \\hat C`,
    :math:`\\hat C = 1 + (n_c - 1)\\tilde\\rho`, with
    :math:`n_c = \\sum_k S_k^2 / \\sum_k S_k` (:math:`S_k = b_k + c_k`; this
    is their :math:`S_0 + K_d(\\bar S - S_0)` simplified) and
    :math:`\\tilde\\rho` the intra-cluster correlation of discordance, from a
    one-way analysis of variance of the four cells (returned as ``icc``).

    With every group of size 1, :math:`X^2_D` *is* McNemar's uncorrected
    statistic :math:`(b - c)^2 / (b + c)` (:math:`D_k^2 = |D_k|`), and so is
    :math:`X^2_E` (:math:`n_c = 1`, :math:`\\hat C = 1`);
    :math:`X^2_O = \\frac{K-1}{K}(b-c)^2/(b+c)` and :math:`X^2_Y` are not.

    Degenerate cases: no discordant example (:math:`b + c = 0`), or every
    group balanced (all :math:`D_k = 0`), gives statistic 0 and p-value 1.
    For ``"eliasziw"``: with all groups of size 1 the ICC cannot be
    estimated (``icc`` is nan) and :math:`\\hat C = 1`; with one discordant
    group :math:`n_c` is its :math:`S_k` (clust.bin.pair returns NaN there);
    when every example lies in one discordant cell :math:`\\tilde\\rho = 1`;
    and where the ICC estimate is so negative that :math:`\\hat C \\le 0`
    (no valid variance; clust.bin.pair returns a negative or infinite
    statistic), :math:`\\hat C = 1` is used.

    ``accuracy_difference`` is :math:`\\hat\\delta \\pm z_{1-\\alpha/2}\\,se`
    with Obuchowski's cluster-robust variance of a ratio estimator,
    :math:`se^2 = \\frac{K}{K-1}\\sum_k (D_k - n_k\\hat\\delta)^2 / N^2`
    (not clipped to [-1, 1]; a point when all :math:`D_k / n_k` are equal).
    It excludes 0 exactly when the *Wald* form of Obuchowski's test (the
    unrestricted variance) rejects. The four tests use other variances, so
    near the threshold the interval can exclude 0 while the test does not
    reject, or the other way round; far from it they agree.

    Choice of the default (:func:`simulate_clustered_mcnemar`, 10 000 test
    sets per cell, Monte Carlo s.e. of a rate near 0.05: 0.002). K groups of
    2, 5, 10 or 1..10 examples, ICC 0, 0.2 or 0.5 (12 cells per K); the
    range of the Type I error at alpha = 0.05 (accuracies 0.8 and 0.8) and
    the mean power (0.85 against 0.75) over the 12 cells:

    ====  ================  ================  ================  ================  ================
    K     obuchowski        durkalski         yang              eliasziw          plain McNemar
    ====  ================  ================  ================  ================  ================
    10    .011-.028, 0.09   .028-.046, 0.12   .042-.065, 0.16   .051-.092, 0.20   .043-.415, 0.32
    20    .033-.042, 0.24   .043-.048, 0.25   .049-.054, 0.28   .052-.078, 0.31   .044-.409, 0.45
    50    .043-.050, 0.52   .046-.053, 0.51   .047-.056, 0.54   .049-.073, 0.57   .047-.402, 0.71
    ====  ================  ================  ================  ================  ================

    McNemar's test ignores the groups and rejects a true :math:`H_0` up to
    41 % of the time; Eliasziw-Donner's is liberal (up to 9 %), and
    Obuchowski's (variance under :math:`H_0`) conservative with few groups.
    Yang's and Durkalski's stay within Bradley's (1978) band of 0.025 to
    0.075 everywhere, and Yang's has the better power, hence the default;
    with about 10 groups it is slightly liberal (up to 6.5 % with pairs),
    and Durkalski's is the conservative alternative.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    References
    ----------
    .. [1] Eliasziw, M. and Donner, A. (1991). Application of the McNemar
       test to non-independent matched pair data. Statistics in Medicine
       10(12), 1981-1991.
    .. [2] Obuchowski, N. A. (1998). On the comparison of correlated
       proportions for clustered data. Statistics in Medicine 17(13),
       1495-1507.
    .. [3] Durkalski, V. L., Palesch, Y. Y., Lipsitz, S. R. and Rust, P. F.
       (2003). Analysis of clustered matched-pair data. Statistics in
       Medicine 22(15), 2417-2428.
    .. [4] Yang, Z., Sun, X. and Hardin, J. W. (2010). A note on the tests
       for clustered matched-pair binary data. Biometrical Journal 52(5),
       638-652.
    .. [5] Bradley, J. V. (1978). Robustness? British Journal of
       Mathematical and Statistical Psychology 31(2), 144-152.
    .. [6] Gopstein, D. (2018). clust.bin.pair: Statistical methods for
       analyzing clustered matched pair data. R package version 0.1.2.

    Examples
    --------
    Thirty patients with four scans each; model 1 is right on 80 % of the
    scans on average and model 2 on 72 %, and each model is 20 points
    better or worse on a patient, on all of that patient's scans:

    >>> import numpy as np
    >>> from lecture_lib.clustered_tests import clustered_mcnemar
    >>> from lecture_lib.mcnemar import mcnemar, mcnemar_table
    >>> rng = np.random.default_rng(3)
    >>> patient = np.repeat(np.arange(30), 4)
    >>> y = rng.integers(0, 2, 120)
    >>> favour = rng.choice([-0.2, 0.2], 30)[patient]
    >>> pred_1 = np.where(rng.random(120) < 0.8 + favour, y, 1 - y)
    >>> pred_2 = np.where(rng.random(120) < 0.72 - favour, y, 1 - y)
    >>> res = clustered_mcnemar(y, pred_1, pred_2, patient)
    >>> res.method, res.b, res.c, round(res.statistic, 3), round(res.pvalue, 4)
    ('yang', 41, 17, 4.549, 0.0329)
    >>> print(res.accuracy_difference)
    0.2 [0.0235657, 0.376434] (95 % cluster wald)
    >>> round(mcnemar(mcnemar_table(y, pred_1, pred_2), method="chi2").pvalue, 4)
    0.0016

    If the models were equally accurate, a difference as large as 41
    against 17 disagreements, in 30 independent patients, would have
    probability about 0.033; model 1 is 20 points more accurate (95 %
    interval 2 to 38 points). McNemar's test, which counts the 120 scans as
    independent, reports 0.0016: far too small for scans that come in
    patients.
    """
    y = check_labels(y_true, "y_true")
    p1 = check_labels(y_pred_1, "y_pred_1")
    p2 = check_labels(y_pred_2, "y_pred_2")
    check_comparable(y, "y_true", p1, "y_pred_1")
    check_comparable(y, "y_true", p2, "y_pred_2")
    check_same_length(y_true=y, y_pred_1=p1, y_pred_2=p2)
    unit, n_groups = _group_index(groups, y.size)
    method = check_option(method, "method", CLUSTERED_MCNEMAR_METHODS)
    confidence = check_probability(confidence, "confidence")
    a, b, c, d = _group_tables(p1 == y, p2 == y, unit, n_groups)
    if method == "eliasziw":
        stat, icc, inflation = (float(v) for v in _eliasziw(a, b, c, d))
    else:
        stat, icc, inflation = float(_statistics(method, a, b, c, d)), None, None
    n = int(y.size)
    diff = (b - c).astype(float)
    delta = float(diff.sum() / n)
    var = n_groups / (n_groups - 1) * float(((diff - (a + b + c + d) * delta) ** 2).sum()) / n**2
    half = float(special.ndtri(0.5 + confidence / 2.0)) * np.sqrt(var)
    return ClusteredMcNemarResult(
        statistic=stat,
        pvalue=float(min(1.0, special.chdtrc(1, stat))),
        method=method,
        b=int(b.sum()),
        c=int(c.sum()),
        n_groups=n_groups,
        n=n,
        accuracy_difference=Interval(delta, delta - half, delta + half, confidence, "cluster wald"),
        icc=icc,
        inflation=inflation,
    )


# --------------------------------------------------------------------------- the simulation lab


@dataclasses.dataclass(frozen=True)
class ClusteredMcNemarSimulation(Printable):
    """Result of :func:`simulate_clustered_mcnemar`.

    Attributes
    ----------
    rejection_rate : float
        Share of the simulated test sets where the test rejected at ``alpha``.
    mc_std_error : float
        Monte Carlo standard error of ``rejection_rate``, sqrt(r (1 - r) / n_sims).
    method, n_groups, group_size, icc, accuracy_1, accuracy_2, n_sims, alpha
        The settings.
    """

    rejection_rate: float
    mc_std_error: float
    method: str
    n_groups: int
    group_size: object
    icc: float
    accuracy_1: float
    accuracy_2: float
    n_sims: int
    alpha: float


def _simulate_tables(rng, n_sims, n_groups, sizes, icc, accuracy_1, accuracy_2):
    """Per-group cells a, b, c, d of shape (n_sims, n_groups) from the beta-binomial model of the lab."""
    n_k = rng.integers(sizes[0], sizes[1] + 1, (n_sims, n_groups))
    probs = []
    for acc in (accuracy_1, accuracy_2):
        if icc == 0.0:
            probs.append(np.full((n_sims, n_groups), acc))
        else:
            # Beta(acc s, (1 - acc) s) with s = 1 / icc - 1: mean acc, correlation within a group icc
            scale = 1.0 / icc - 1.0
            probs.append(rng.beta(acc * scale, (1.0 - acc) * scale, (n_sims, n_groups)))
    right_1 = rng.binomial(n_k, probs[0])
    a = rng.binomial(right_1, probs[1])  # given the group's probabilities, the models err independently
    c = rng.binomial(n_k - right_1, probs[1])
    return a, right_1 - a, c, n_k - right_1 - c


def _check_sizes(group_size):
    if isinstance(group_size, (tuple, list)):
        if len(group_size) != 2:
            raise ValueError(f"group_size must be an int or a (min, max) pair, got {_show(group_size)}")
        low, high = (check_positive_int(v, "group_size") for v in group_size)
        if low > high:
            raise ValueError(f"group_size must be (min, max) with min <= max, got {_show(group_size)}")
        return low, high
    size = check_positive_int(group_size, "group_size")
    return size, size


def simulate_clustered_mcnemar(method, n_groups, group_size, icc, accuracy_1, accuracy_2, n_sims=2000,
                               alpha=0.05, seed=None) -> ClusteredMcNemarSimulation:
    """Rejection rate of :func:`clustered_mcnemar` on simulated grouped test sets (Type I error or power).

    Parameters
    ----------
    method : {"durkalski", "obuchowski", "yang", "eliasziw"}
        The statistic whose rejections are counted.
    n_groups : int
        Groups per test set (at least 2).
    group_size : int or (int, int)
        Examples per group, or the (min, max) range from which each group's
        size is drawn uniformly.
    icc : float
        Intra-cluster correlation of each model's correctness, in [0, 1).
    accuracy_1, accuracy_2 : float
        Expected accuracies of the two models, in (0, 1). Equal values
        simulate :math:`H_0`; unequal ones, an alternative.
    n_sims : int, default 2000
        Number of simulated test sets.
    alpha : float, default 0.05
        Significance level.
    seed : int, numpy.random.Generator or None
        Source of randomness.

    Returns
    -------
    result : ClusteredMcNemarSimulation
        ``rejection_rate`` and its ``mc_std_error``, with the settings.

    Notes
    -----
    In group :math:`k`, model :math:`j` is right on each example with a
    probability :math:`p_{kj} \\sim \\mathrm{Beta}(\\mu_j s, (1 - \\mu_j) s)`,
    :math:`s = 1/\\rho - 1`, drawn independently for the two models (each
    model finds different groups hard); given the :math:`p_{kj}`, all
    correctness indicators are independent. Then each model's accuracy is
    :math:`\\mu_j` and the correlation of its correctness on two examples of
    a group is the beta-binomial :math:`\\rho` = ``icc`` (:math:`\\rho = 0`:
    no group effect). The four cells of every group of every test set are
    drawn at once (binomial draws, no loop over test sets), and all the
    statistics computed on the arrays of counts.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    Examples
    --------
    >>> from lecture_lib.clustered_tests import simulate_clustered_mcnemar
    >>> sim = simulate_clustered_mcnemar("yang", 20, (1, 10), 0.2, 0.8, 0.8, seed=0)
    >>> round(sim.rejection_rate, 4), round(sim.mc_std_error, 4)
    (0.0555, 0.0051)

    Twenty groups of 1 to 10 examples and equally accurate models: Yang's
    test rejected the true null hypothesis in 5.6 % of 2 000 simulated test
    sets, within about one Monte Carlo standard error of the 5 % level.
    """
    method = check_option(method, "method", CLUSTERED_MCNEMAR_METHODS)
    n_groups = check_positive_int(n_groups, "n_groups")
    if n_groups < 2:
        raise ValueError(f"n_groups must be at least 2, got {n_groups}")
    sizes = _check_sizes(group_size)
    icc = check_real(icc, "icc")
    if not 0.0 <= icc < 1.0:
        raise ValueError(f"icc must lie in [0, 1), got {icc!r}")
    accuracy_1 = check_probability(accuracy_1, "accuracy_1")
    accuracy_2 = check_probability(accuracy_2, "accuracy_2")
    n_sims = check_positive_int(n_sims, "n_sims")
    alpha = check_alpha(alpha)
    rng = as_generator(seed)
    tables = _simulate_tables(rng, n_sims, n_groups, sizes, icc, accuracy_1, accuracy_2)
    stat = _statistics(method, *tables)
    rate = float(np.mean(stats.chi2.sf(stat, 1) <= alpha))
    return ClusteredMcNemarSimulation(
        rejection_rate=rate,
        mc_std_error=float(np.sqrt(rate * (1.0 - rate) / n_sims)),
        method=method,
        n_groups=n_groups,
        group_size=int(group_size) if isinstance(group_size, numbers.Integral) else tuple(sizes),
        icc=icc,
        accuracy_1=accuracy_1,
        accuracy_2=accuracy_2,
        n_sims=n_sims,
        alpha=alpha,
    )


# --------------------------------------------------------------------------- Obuchowski's clustered AUC test


@dataclasses.dataclass(frozen=True)
class ClusteredAUCResult(TestResult):
    """Result of :func:`clustered_auc_test`.

    Attributes
    ----------
    statistic : float
        :math:`z = (\\hat\\theta_1 - \\hat\\theta_2) / \\widehat{SE}` with Obuchowski's clustered variance.
    pvalue : float
        Two-sided normal p-value.
    auc_1, auc_2 : float
        The two empirical AUCs over all examples (ties count one half).
    auc_difference : Interval
        ``auc_1 - auc_2`` with its z interval, which inverts the test.
    std_error : float
        The clustered standard error of the difference.
    n_groups : int
        Number of groups (clusters).
    n_positive, n_negative : int
        Numbers of positive and negative examples.
    method : str
        ``"obuchowski"``.
    """

    _effect_attribute = "auc_difference"

    statistic: float
    pvalue: float
    auc_1: float
    auc_2: float
    auc_difference: Interval
    std_error: float
    n_groups: int
    n_positive: int
    n_negative: int
    method: str


def clustered_auc_test(y_true, scores_1, scores_2, groups, positive=1, confidence=0.95) -> ClusteredAUCResult:
    """Obuchowski's test of equal AUCs for two classifiers on a test set of groups of examples.

    Parameters
    ----------
    y_true : array_like of labels, shape (n,)
        True classes: exactly two distinct labels.
    scores_1, scores_2 : array_like of float, shape (n,)
        The two classifiers' scores for the same examples; higher means
        "more likely ``positive``".
    groups : array_like of labels, shape (n,)
        The group of each example (a patient, a user, a site). A group may
        hold positives, negatives or both. At least 2 groups with a
        positive and 2 with a negative.
    positive : label, default 1
        The label of the positive class.
    confidence : float, default 0.95
        Confidence level of ``auc_difference``, in (0, 1).

    Returns
    -------
    result : ClusteredAUCResult
        ``statistic`` (z), ``pvalue`` (two-sided), ``auc_1``, ``auc_2``,
        ``auc_difference`` (an :class:`~lecture_lib.Interval`),
        ``std_error``, ``n_groups``, ``n_positive``, ``n_negative``,
        ``method``.

    Notes
    -----
    :math:`I` groups; group :math:`i` holds :math:`m_i` positives
    :math:`X_{ij}` and :math:`n_i` negatives :math:`Y_{ik}`,
    :math:`M = \\sum m_i`, :math:`N = \\sum n_i`; :math:`I_{10}` groups have a
    positive and :math:`I_{01}` a negative. With DeLong's structural
    components over *all* examples, :math:`V_{10}(X_{ij})` (the share of the
    N negatives scored below :math:`X_{ij}`, ties one half) and
    :math:`V_{01}(Y_{ik})` (the share of the M positives scored above
    :math:`Y_{ik}`), Obuchowski (1997) sums them per group,
    :math:`V_{10}(X_{i\\cdot}) = \\sum_j V_{10}(X_{ij})`,
    :math:`V_{01}(Y_{i\\cdot}) = \\sum_k V_{01}(Y_{ik})`, and estimates the
    variance of :math:`\\hat\\theta` (the AUC) from the groups:

    .. math::

        S_{10} = \\frac{I_{10}}{(I_{10} - 1) M}\\sum_i
                 \\bigl(V_{10}(X_{i\\cdot}) - m_i\\hat\\theta\\bigr)^2,\\qquad
        S_{01} = \\frac{I_{01}}{(I_{01} - 1) N}\\sum_i
                 \\bigl(V_{01}(Y_{i\\cdot}) - n_i\\hat\\theta\\bigr)^2,

        S_{11} = \\frac{I}{I - 1}\\sum_i \\bigl(V_{10}(X_{i\\cdot}) - m_i\\hat\\theta\\bigr)
                 \\bigl(V_{01}(Y_{i\\cdot}) - n_i\\hat\\theta\\bigr),\\qquad
        \\widehat{\\mathrm{Var}}(\\hat\\theta) = \\frac{S_{10}}{M} + \\frac{S_{01}}{N}
                 + \\frac{2 S_{11}}{MN}.

    The covariance of two AUCs takes the cross-products of the two
    classifiers' terms (both orders for :math:`S_{11}`), and

    .. math::

        z = \\frac{\\hat\\theta_1 - \\hat\\theta_2}
                 {\\sqrt{\\mathrm{Var}_1 + \\mathrm{Var}_2 - 2\\,\\mathrm{Cov}_{12}}}

    is compared with the standard normal; the interval
    :math:`\\hat\\theta_1 - \\hat\\theta_2 \\pm z_{1-\\alpha/2}\\widehat{SE}`
    excludes 0 exactly when the test rejects at 1 - ``confidence``.
    :math:`S_{11}` is how positives and negatives of one group move
    together. With every group of size 1, :math:`S_{11} = 0` and the test
    *is* :func:`~lecture_lib.delong_test`. The normal approximation needs
    many groups; the interval is not clipped to [-1, 1]. A standard error of
    0 gives statistic 0 and p-value 1 when the AUCs are equal, and an
    infinite statistic and p-value 0 when they differ.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    References
    ----------
    .. [1] Obuchowski, N. A. (1997). Nonparametric analysis of clustered
       ROC curve data. Biometrics 53(2), 567-578.
    .. [2] DeLong, E. R., DeLong, D. M. and Clarke-Pearson, D. L. (1988).
       Comparing the areas under two or more correlated receiver operating
       characteristic curves: a nonparametric approach. Biometrics 44(3),
       837-845.

    Examples
    --------
    Thirty patients with four examples each and a patient effect in both
    classifiers' scores:

    >>> import numpy as np
    >>> from lecture_lib.clustered_tests import clustered_auc_test
    >>> from lecture_lib.auc import delong_test
    >>> rng = np.random.default_rng(3)
    >>> patient = np.repeat(np.arange(30), 4)
    >>> y = rng.integers(0, 2, 120)
    >>> s1 = y + rng.normal(0, 1, 120) + rng.normal(0, 0.8, 30)[patient]
    >>> s2 = 0.6 * y + rng.normal(0, 1, 120) + rng.normal(0, 0.8, 30)[patient]
    >>> res = clustered_auc_test(y, s1, s2, patient)
    >>> round(res.auc_1, 3), round(res.auc_2, 3), round(res.statistic, 3), round(res.pvalue, 3)
    (0.747, 0.654, 1.209, 0.227)
    >>> print(res.auc_difference)
    0.0928036 [-0.0576607, 0.243268] (95 % obuchowski)
    >>> print(delong_test(y, s1, s2).difference)
    0.0928036 [-0.0409198, 0.226527] (95 % delong)

    The first classifier's AUC is 0.09 higher (95 % interval -0.06 to
    0.24); if the AUCs were equal, a difference at least this large either
    way would have probability about 0.23, so the data do not show which is
    better. DeLong's interval, which treats the 120 examples as
    independent, is narrower than the clustered one by about a tenth.
    """
    is_pos = positives(y_true, positive)
    s1 = classifier_scores(scores_1, "scores_1")  # the checks delong_test makes
    s2 = classifier_scores(scores_2, "scores_2")
    check_same_length(y_true=is_pos, scores_1=s1, scores_2=s2)
    confidence = check_probability(confidence, "confidence")
    unit, n_groups = _group_index(groups, is_pos.size)
    m_i = np.bincount(unit[is_pos], minlength=n_groups).astype(float)
    n_i = np.bincount(unit[~is_pos], minlength=n_groups).astype(float)
    i10, i01 = int((m_i > 0).sum()), int((n_i > 0).sum())
    if min(i10, i01) < 2:
        raise ValueError(f"the positives lie in {i10} group(s) and the negatives in {i01}; Obuchowski's "
                         "variance needs at least 2 groups with a positive and 2 with a negative")
    big_m, big_n = m_i.sum(), n_i.sum()
    x_dev, y_dev, auc = [], [], []
    thetas, v10s, v01s = structural_components(is_pos, np.stack([s1, s2]))
    for theta, v10, v01 in zip(thetas, v10s, v01s):
        auc.append(float(theta))
        x_dev.append(np.bincount(unit[is_pos], weights=v10, minlength=n_groups) - m_i * theta)
        y_dev.append(np.bincount(unit[~is_pos], weights=v01, minlength=n_groups) - n_i * theta)
    x_dev, y_dev = np.stack(x_dev), np.stack(y_dev)  # (2 classifiers, I groups)
    s10 = i10 / ((i10 - 1) * big_m) * (x_dev @ x_dev.T)
    s01 = i01 / ((i01 - 1) * big_n) * (y_dev @ y_dev.T)
    s11 = n_groups / (n_groups - 1) * (x_dev @ y_dev.T)  # [r, s]: positives of r with negatives of s
    cov = s10 / big_m + s01 / big_n + (s11 + s11.T) / (big_m * big_n)
    var = float(cov[0, 0] + cov[1, 1] - 2.0 * cov[0, 1])
    se = float(np.sqrt(max(var, 0.0)))
    diff = auc[0] - auc[1]
    if se > 0.0:
        z = diff / se
        p = float(2.0 * special.ndtr(-abs(z)))
    elif diff == 0.0:
        z, p = 0.0, 1.0
    else:
        z, p = float(np.copysign(np.inf, diff)), 0.0
    half = float(special.ndtri(0.5 + confidence / 2.0)) * se
    return ClusteredAUCResult(
        statistic=float(z),
        pvalue=min(1.0, p),
        auc_1=auc[0],
        auc_2=auc[1],
        auc_difference=Interval(diff, diff - half, diff + half, confidence, "obuchowski"),
        std_error=se,
        n_groups=n_groups,
        n_positive=int(big_m),
        n_negative=int(big_n),
        method="obuchowski",
    )
