"""Adjusting p-values for multiple comparisons (chapters 3 and 6).

When m hypotheses are tested at level alpha each, the chance of at least one
false rejection (the family-wise error rate, FWER) grows towards
``1 - (1 - alpha) ** m``. Bonferroni, Holm, Hochberg and Hommel keep the FWER
at alpha; Benjamini-Hochberg and Benjamini-Yekutieli keep the false discovery
rate (FDR), the expected share of false rejections among the rejections, at
alpha instead.

Taught in chapter 3 (``notebooks/03-cochrans-q``).
"""

from __future__ import annotations

import numpy as np

from ._validation import check_option, check_real_array

__all__ = ["ADJUST_METHODS", "adjust_pvalues"]

#: The ``method`` options of :func:`adjust_pvalues`: four that control the FWER, two the FDR.
ADJUST_METHODS = ("bonferroni", "holm", "hochberg", "hommel", "bh", "by")


def _as_pvalues(pvalues) -> np.ndarray:
    p = check_real_array(pvalues, "pvalues", ndim=1, what="a 1-D array of p-values")
    bad = (p < 0) | (p > 1)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"pvalues must lie in [0, 1], got {float(p[i])!r} at index {i}")
    return p


def _hommel(sorted_p: np.ndarray) -> np.ndarray:
    """Hommel-adjusted values of p-values sorted in increasing order.

    The adjusted p-value of a hypothesis is the largest Simes p-value over
    all intersections that contain it (closed testing). Simes' p-value only
    grows when a p-value grows, so among the sets of size s that contain the
    hypothesis at sorted position r, the largest is the one filled up with the
    s - 1 largest other p-values: position r itself plus the top s - 1 (or,
    when r is already among the top s, the top s). One pass per size s,
    O(m) each.
    """
    m = sorted_p.size
    adjusted = sorted_p.copy()  # size 1: the hypothesis alone
    for size in range(2, m + 1):
        first_top = m - size + 1  # sorted positions first_top.. are the s - 1 largest
        # Simes over the s - 1 largest, in the ranks 2..s they take in a set of size s
        tail = np.min(size * sorted_p[first_top:] / np.arange(2, size + 1))
        value = np.minimum(size * sorted_p, tail)
        # a hypothesis among the s - 1 largest: the worst set is the top s
        value[first_top:] = value[first_top - 1]
        np.maximum(adjusted, value, out=adjusted)
    return adjusted


def adjust_pvalues(pvalues, method: str = "holm") -> np.ndarray:
    """Adjusted p-values for a family of hypotheses, FWER or FDR.

    Reject hypothesis i at level alpha when its adjusted p-value is at most
    alpha. Chapter 3 applies this to pairwise McNemar tests after Cochran's Q,
    chapter 6 to comparisons of algorithms over many data sets.

    Parameters
    ----------
    pvalues : array_like, shape (m,)
        Raw p-values, each in [0, 1].
    method : {"holm", "bonferroni", "hochberg", "hommel", "bh", "by"}, optional
        Family-wise error rate (FWER) control: ``"bonferroni"`` (every
        p-value times m), ``"holm"`` (default; Holm's step-down, valid under
        any dependence and never less powerful than Bonferroni),
        ``"hochberg"`` (Hochberg's step-up) and ``"hommel"`` (Hommel's
        closed Simes procedure); the last two reject at least what Holm
        rejects but need Simes' inequality to hold (independent or
        positively dependent p-values). False discovery rate (FDR) control:
        ``"bh"`` (Benjamini-Hochberg, independent or positively dependent
        p-values) and ``"by"`` (Benjamini-Yekutieli, any dependence).

    Returns
    -------
    adjusted : ndarray of float, shape (m,)
        In the order of the input, each in [raw p-value, 1]. Equal raw
        p-values get equal adjusted values. The definitions are those of
        R's ``p.adjust`` and of ``statsmodels.stats.multitest.multipletests``
        (``"simes-hochberg"``, ``"fdr_bh"``, ``"fdr_by"`` there; ``"BH"``,
        ``"BY"`` in R); the tests check the values against statsmodels, with
        ties, zeros and ones.

    Notes
    -----
    Sort the p-values, :math:`p_{(1)} \\le \\dots \\le p_{(m)}`.

    *Bonferroni*: :math:`\\tilde p_i = \\min(1, m p_i)`.

    *Holm (1979), step-down*: start at the smallest p-value and compare
    :math:`p_{(j)}` with :math:`\\alpha / (m - j + 1)`; stop at the first
    one that is not rejected and keep it and all larger ones. In adjusted
    form,

    .. math::

        \\tilde p_{(j)} = \\min\\Bigl(1, \\max_{l \\le j} (m - l + 1)\\, p_{(l)}\\Bigr),

    the running maximum making the adjusted values monotone in the raw ones.
    Since :math:`(m - l + 1) p \\le m p`, Holm rejects everything Bonferroni
    rejects, and more.

    *Hochberg (1988), step-up*: the same thresholds :math:`\\alpha/(m-j+1)`,
    walked from the largest p-value down; the first :math:`p_{(j)}` below its
    threshold is rejected together with every smaller one:
    :math:`\\tilde p_{(j)} = \\min_{l \\ge j} \\min(1, (m - l + 1) p_{(l)})`.

    *Hommel (1988), closed testing*: a hypothesis is rejected when every
    intersection of hypotheses that contains it is rejected by Simes' test,
    whose p-value for a set I of size s with sorted p-values
    :math:`p_{(1:I)} \\le \\dots` is :math:`\\min_j s\\, p_{(j:I)} / j`. The
    adjusted p-value is the largest Simes p-value over those sets; Hommel
    rejects everything Hochberg rejects. Computing it takes :math:`O(m^2)`
    operations (the worst set of each size is known in closed form).

    *Benjamini-Hochberg (1995)*:
    :math:`\\tilde p_{(j)} = \\min_{l \\ge j} \\min(1, m\\, p_{(l)} / l)`;
    rejecting where :math:`\\tilde p \\le \\alpha` keeps the expected share
    of false discoveries among the discoveries at most alpha.
    *Benjamini-Yekutieli (2001)* multiplies by
    :math:`c(m) = \\sum_{i=1}^m 1/i` to hold under any dependence. FDR
    control fits screening (many metrics, data sets or candidate models,
    where a few false leads are acceptable), not confirming that one
    algorithm beats another: there the FWER is what matters.

    References
    ----------
    .. [1] Holm, S. (1979). A simple sequentially rejective multiple test
       procedure. Scandinavian Journal of Statistics 6(2), 65-70.
    .. [2] Hochberg, Y. (1988). A sharper Bonferroni procedure for multiple
       tests of significance. Biometrika 75(4), 800-802.
    .. [3] Hommel, G. (1988). A stagewise rejective multiple test procedure
       based on a modified Bonferroni test. Biometrika 75(2), 383-386.
    .. [4] Benjamini, Y., & Hochberg, Y. (1995). Controlling the false
       discovery rate. JRSS B 57(1), 289-300.
    .. [5] Benjamini, Y., & Yekutieli, D. (2001). The control of the false
       discovery rate in multiple testing under dependency. Annals of
       Statistics 29(4), 1165-1188.
    .. [6] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. Journal of Machine Learning Research 7, 1-30.

    Examples
    --------
    >>> from lecture_lib import adjust_pvalues
    >>> adjust_pvalues([0.01, 0.04, 0.03], method="holm")
    array([0.03, 0.06, 0.06])
    >>> adjust_pvalues([0.01, 0.04, 0.03], method="bonferroni")
    array([0.03, 0.12, 0.09])

    At the 5 % level Holm and Bonferroni both reject only the first hypothesis.

    >>> adjust_pvalues([0.01, 0.04, 0.03], method="hochberg")
    array([0.03, 0.04, 0.04])

    Hochberg's step-up rejects all three: the largest p-value, 0.04, is
    below alpha on its own, and so every smaller one is rejected with it.
    Demšar's (2006) comparisons of three tuned C4.5 variants with plain C4.5
    (raw p = 0.016, 0.019, 0.607):

    >>> adjust_pvalues([0.016, 0.019, 0.607], method="holm").round(3)
    array([0.048, 0.048, 0.607])
    >>> adjust_pvalues([0.016, 0.019, 0.607], method="hommel").round(3)
    array([0.032, 0.038, 0.607])

    Holm and Hommel both reject the first two at the 5 % level, as Demšar
    reports; Hommel's adjusted values are smaller (closed testing with Simes'
    test uses that 0.019 is small too).
    """
    p = _as_pvalues(pvalues)
    method = check_option(method, "method", ADJUST_METHODS)
    m = p.size
    if method == "bonferroni":
        return np.minimum(1.0, m * p)
    order = np.argsort(p, kind="stable")
    ranked = p[order]
    j = np.arange(1, m + 1)  # 1-based position in the sorted order
    if method == "holm":
        values = np.maximum.accumulate((m - j + 1) * ranked)
    elif method == "hochberg":
        values = np.minimum.accumulate(((m - j + 1) * ranked)[::-1])[::-1]
    elif method == "hommel":
        values = _hommel(ranked)
    else:  # "bh" or "by"
        factor = 1.0 if method == "bh" else float(np.sum(1.0 / j))
        values = np.minimum.accumulate((factor * m * ranked / j)[::-1])[::-1]
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(1.0, values)
    return adjusted
