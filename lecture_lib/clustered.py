"""Comparing two models on a test set whose examples come in groups (chapter 10).

When a test set holds several examples per patient, user or site, the
groups, not the examples, were sampled independently: a patient on whom one
model does well gives it several wins at once. For a metric that is a mean of
per-example scores (accuracy, a loss), the per-group means can go into a
paired test. F1, AUC and other metrics that are not means of per-example
scores have no per-group value to average, so the two functions here
resample or permute whole groups instead: the cluster bootstrap draws groups
with replacement, and the cluster permutation test swaps the two models'
predictions on all examples of a group together. With one example per group
they are :func:`~lecture_lib.paired_bootstrap` and
:func:`~lecture_lib.paired_permutation_test`, number for number.

Taught in chapter 10 (``notebooks/10-seeds-groups-time``, section "F1, AUC and
other metrics on grouped test sets"): on 40 patients with 5 scans each, the
per-example bootstrap and permutation test are overconfident, and these two
hold their level; chapter 9 teaches the per-example versions of both
methods, and chapter 10 for accuracy the paired test on per-group means.
"""

from __future__ import annotations

import numpy as np

from ._unit_resampling import bootstrap, permutation, prepare
from ._validation import _show, check_labels, check_same_length
from .metric_tests import PairedBootstrapResult, PermutationTestResult

__all__ = ["cluster_bootstrap", "cluster_permutation_test"]


def _group_units(groups, y):
    """The group of each example as 0, 1, ... in the order of first appearance, and the number of groups."""
    labels = check_labels(groups, "groups")
    check_same_length(y_true=y, groups=labels)
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    if first.size < 2:
        raise ValueError(f"groups holds a single group ({_show(labels[:1].tolist()[0])}); resampling or "
                         "permuting groups needs at least 2")
    rank = np.empty(first.size, dtype=np.intp)
    rank[np.argsort(first, kind="stable")] = np.arange(first.size)
    return rank[inverse.reshape(-1)], int(first.size)


def cluster_bootstrap(y_true, y_pred_1, y_pred_2, groups, metric, n_resamples=10_000, confidence=0.95,
                      seed=None, method="bca", positive=1) -> PairedBootstrapResult:
    """Cluster bootstrap interval for the difference of a metric between two models on one grouped test set.

    Parameters
    ----------
    y_true, y_pred_1, y_pred_2 : array_like of labels, shape (n,)
        True labels and the two models' predictions for the same examples
        (real-valued scores are accepted too, for a callable such as an AUC).
    groups : array_like of labels, shape (n,)
        The group of each example (a patient, a user, a site). Groups must
        be independent of one another; the examples within a group need
        not be. At least 2 distinct groups.
    metric : {"f1", "accuracy", "error_rate"} or callable
        The metric, computed on all examples together; a callable is called
        as ``metric(y_true, y_pred)`` and returns a float.
    n_resamples : int, default 10000
        Number of bootstrap resamples (at least 1).
    confidence : float, default 0.95
        Confidence level of the interval, in (0, 1).
    seed : int, numpy.random.Generator or None
        Source of randomness.
    method : {"bca", "percentile"}, default "bca"
        ``"bca"``: Efron's bias-corrected and accelerated interval, with the
        acceleration from a jackknife that leaves out one group at a time;
        ``"percentile"``: the plain percentile interval.
    positive : label, default 1
        The positive class of ``"f1"`` (ignored by the other metrics).

    Returns
    -------
    result : PairedBootstrapResult
        ``difference`` (an :class:`~lecture_lib.Interval` for
        ``metric_1 - metric_2``), ``metric_1``, ``metric_2``, ``std_error``,
        ``distribution`` and the settings, as
        :func:`~lecture_lib.paired_bootstrap` returns them.

    Notes
    -----
    The test set is a sample of :math:`G` independent groups. A resample
    draws :math:`G` groups with replacement and keeps each one whole, with
    all its examples, their true labels and *both* models' predictions
    (the resampling of clusters that Davison and Hinkley describe for
    hierarchical data); its size varies with the sizes of the groups drawn. On each resample

    .. math::

        \\hat\\theta^* = M(y^*, \\hat y_1^*) - M(y^*, \\hat y_2^*),

    the metric computed on all examples of the resample together (so a
    large group weighs more than a small one, as on the test set). The
    percentile and BCa intervals are those of
    :func:`~lecture_lib.paired_bootstrap`, with the units of the jackknife
    being the groups: :math:`\\hat\\theta_{(g)}` is the difference on the
    test set without group :math:`g`, and

    .. math::

        \\hat a = \\frac{\\sum_g u_g^3}{6 \\bigl(\\sum_g u_g^2\\bigr)^{3/2}},
        \\qquad u_g = \\bar\\theta_{(\\cdot)} - \\hat\\theta_{(g)}.

    For ``"accuracy"``, ``"error_rate"`` and ``"f1"`` the metric of a
    resample depends only on its count table, the sum of the tables of the
    groups drawn, so a resample is a multinomial draw of how often each
    distinct group table is drawn: the cost grows with the number of
    distinct group tables, not with n. A callable is evaluated on the
    examples of each resample (``n_resamples`` calls for each model, plus
    one per group for BCa), and must be defined on every resample (an AUC
    needs both classes in it).

    With every group of size 1 this *is* :func:`~lecture_lib.paired_bootstrap`:
    the same resamples for the same seed, hence the same interval.

    For clustered data, Field and Welsh (2007) show that the cluster
    bootstrap estimates the variance consistently as the number of groups
    grows, under both models of clustering they study (a random-effect and
    a transformation model); a bootstrap of the examples underestimates it
    when the examples of a group are alike. It needs many groups: with :math:`G`
    groups the bootstrap variance of a mean of group totals is
    :math:`(G - 1)/G` times its unbiased estimate. In a simulation with
    groups of 2 to 8 examples and a strong group effect (1 000 test sets
    per setting), the 95 % intervals (BCa and percentile, accuracy and F1)
    covered 90 to 91 % of the time with 10 groups, 93.5 to 94.5 % with 25,
    and 94 to 95 % with 50 and with 100; the per-example interval of
    :func:`~lecture_lib.paired_bootstrap` covered 79 to 85 % throughout. A
    degenerate distribution (the two models agree everywhere) gives the
    interval [estimate, estimate]. F1 with no true positive counts as 0
    (and warns on the data, not on each resample).

    References
    ----------
    .. [1] Davison, A. C. and Hinkley, D. V. (1997). Bootstrap Methods and
       their Application. Cambridge University Press, section 3.8.
    .. [2] Field, C. A. and Welsh, A. H. (2007). Bootstrapping clustered
       data. Journal of the Royal Statistical Society B 69(3), 369-390.
    .. [3] Efron, B. and Tibshirani, R. J. (1993). An Introduction to the
       Bootstrap. Chapman & Hall, chapter 14.

    Examples
    --------
    Forty patients with five scans each; model 1 is better on some patients
    and worse on others, by the same amount on all scans of a patient:

    >>> import numpy as np
    >>> from lecture_lib.clustered import cluster_bootstrap
    >>> from lecture_lib.metric_tests import paired_bootstrap
    >>> rng = np.random.default_rng(0)
    >>> patient = np.repeat(np.arange(40), 5)
    >>> y = rng.integers(0, 2, 200)
    >>> favour = rng.choice([-0.15, 0.15], 40)[patient]
    >>> pred_1 = np.where(rng.random(200) < 0.75 + favour, y, 1 - y)
    >>> pred_2 = np.where(rng.random(200) < 0.75 - favour, y, 1 - y)
    >>> print(cluster_bootstrap(y, pred_1, pred_2, patient, metric="f1", seed=1).difference)
    -0.00297655 [-0.106775, 0.117722] (95 % bca)
    >>> print(paired_bootstrap(y, pred_1, pred_2, metric="f1", seed=1).difference)
    -0.00297655 [-0.0911916, 0.0860618] (95 % bca)

    Resampling whole patients gives an interval about 1.3 times as wide as
    resampling scans: the scans of one patient are not independent, and
    the per-example interval overstates what 200 scans from 40 patients
    can tell.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``), with a
    simulation of its coverage against the per-example bootstrap.
    """
    y, p1, p2, name = prepare(y_true, y_pred_1, y_pred_2, metric, positive)
    unit, n_groups = _group_units(groups, y)
    return PairedBootstrapResult(**bootstrap(y, p1, p2, metric, name, positive, unit, n_groups, n_resamples,
                                             confidence, method, seed))


def cluster_permutation_test(y_true, y_pred_1, y_pred_2, groups, metric, n_resamples=10_000, seed=None,
                             positive=1) -> PermutationTestResult:
    """Permutation test of equal metrics on a grouped test set: swap the predictions of whole groups.

    Parameters
    ----------
    y_true, y_pred_1, y_pred_2 : array_like of labels, shape (n,)
        True labels and the two models' predictions for the same examples.
    groups : array_like of labels, shape (n,)
        The group of each example (a patient, a user, a site). Groups must
        be independent of one another; the examples within a group need
        not be. At least 2 distinct groups.
    metric : {"f1", "accuracy", "error_rate"} or callable
        The metric, computed on all examples together; a callable is called
        as ``metric(y_true, y_pred)``.
    n_resamples : int, default 10000
        Number of random swap patterns when the test is not exact.
    seed : int, numpy.random.Generator or None
        Source of randomness (unused when the test is exact).
    positive : label, default 1
        The positive class of ``"f1"``.

    Returns
    -------
    result : PermutationTestResult
        ``statistic`` (the observed ``metric_1 - metric_2``), ``pvalue``,
        ``metric_1``, ``metric_2``, ``method`` (``"exact"`` or
        ``"monte-carlo"``), ``n_resamples``, ``n_discordant`` (the number of
        *examples* on which the predictions differ), as
        :func:`~lecture_lib.paired_permutation_test` returns them.

    Notes
    -----
    :math:`H_0`: the groups are independent, and within each group the two
    models are exchangeable as a block: model 1's predictions on all the
    group's examples were as likely to have been model 2's, and the other
    way round. Under :math:`H_0` each of the :math:`2^G` patterns of
    swapped groups is equally likely, whatever the dependence between the
    examples of a group. The p-value compares the observed difference with
    the difference under those patterns (two-sided: twice the smaller
    tail, capped at 1). Only groups with a discordant example are changed
    by a swap; with :math:`u` of them the smallest possible p-value is
    :math:`2^{1-u}` (0.0625 for :math:`u = 5`).

    For the named metrics a swap of group :math:`g` moves the count table
    by a fixed amount: for accuracy it turns :math:`b_g - c_g` (examples
    only model 1 gets right, minus those only model 2 gets right) into
    :math:`c_g - b_g`, so the null distribution of :math:`b - c` is that of
    :math:`\\sum_g \\varepsilon_g (b_g - c_g)` with independent random signs
    :math:`\\varepsilon_g`, a sign-flip test on the groups. Groups with the
    same :math:`|b_g - c_g|` are interchangeable, so the number of them
    shown each way round is :math:`\\mathrm{Binomial}(m, 1/2)`; for F1 the
    same holds for the pair of such differences among the positive and the
    negative examples. The exact distribution is the product of these
    binomials, computed on the lattice of the possible count tables when
    that has at most ``EXACT_MAX_POINTS`` points (and the computation at
    most ten times as many steps); beyond, ``n_resamples`` draws of the
    binomials are used. A callable is
    exact when the :math:`2^u` patterns of the groups with a discordant
    example are at most ``n_resamples``, and otherwise uses ``n_resamples``
    random patterns. A random-pattern p-value is :math:`(1 + \\#\\{\\text{at
    least as extreme}\\}) / (1 + B)` per tail (Phipson & Smyth 2010).

    With every group of size 1 this *is*
    :func:`~lecture_lib.paired_permutation_test` (for accuracy, the exact
    McNemar test): the same p-value, from the same draws for the same seed.
    With several correlated examples per group, that per-example test is
    too liberal, because it treats them as independent disagreements; this
    one keeps its level. In a simulation of chapter 10's design (40
    patients with 5 scans each, two equally accurate models, each 15 points
    better on some patients; labels drawn for each scan; 4 000 test sets),
    the per-example test rejected the true :math:`H_0` at the 5 % level in
    12.2 % (accuracy) and 13.3 % (F1) of the test sets, this one in 3.7 %
    and 4.35 % (an exact test never exceeds its level; the discreteness of
    the permutation distribution keeps it below). Chapter 10's own run, with
    the diagnosis shared by all scans of a patient, finds the same pattern.

    Like McNemar's test, this compares two trained models on one test set;
    it does not see training-set variation.

    References
    ----------
    .. [1] Good, P. (2005). Permutation, Parametric, and Bootstrap Tests of
       Hypotheses, 3rd ed. Springer.
    .. [2] Phipson, B. and Smyth, G. K. (2010). Permutation p-values should
       never be zero. Statistical Applications in Genetics and Molecular
       Biology 9(1), article 39.

    Examples
    --------
    Forty patients with five scans each, as in :func:`cluster_bootstrap`,
    but model 1 is right on 82 % of the scans on average and model 2 on 75 %:

    >>> import numpy as np
    >>> from lecture_lib.clustered import cluster_permutation_test
    >>> from lecture_lib.metric_tests import paired_permutation_test
    >>> rng = np.random.default_rng(0)
    >>> patient = np.repeat(np.arange(40), 5)
    >>> y = rng.integers(0, 2, 200)
    >>> favour = rng.choice([-0.15, 0.15], 40)[patient]
    >>> pred_1 = np.where(rng.random(200) < 0.82 + favour, y, 1 - y)
    >>> pred_2 = np.where(rng.random(200) < 0.75 - favour, y, 1 - y)
    >>> res = cluster_permutation_test(y, pred_1, pred_2, patient, metric="accuracy")
    >>> res.method, round(res.statistic, 3), round(res.pvalue, 3)
    ('exact', 0.06, 0.398)
    >>> round(paired_permutation_test(y, pred_1, pred_2, metric="accuracy").pvalue, 3)
    0.23

    If the two models were exchangeable patient by patient, a difference in
    accuracy at least this large either way (6 points) would arise from
    39.8 % of the equally likely swap patterns (an exact probability); the
    per-example test, which counts the 200 scans as independent, reports
    0.23: a p-value too small for scans that come in patients.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``), with a
    simulation of its level against the per-example permutation test.
    """
    y, p1, p2, name = prepare(y_true, y_pred_1, y_pred_2, metric, positive)
    unit, n_groups = _group_units(groups, y)
    return PermutationTestResult(**permutation(y, p1, p2, metric, name, positive, unit, n_groups, n_resamples,
                                               seed))
