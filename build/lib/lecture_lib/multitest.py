"""Adjusting p-values for multiple comparisons (chapters 3 and 6).

When m hypotheses are tested at level alpha each, the chance of at least one
false rejection (the family-wise error rate, FWER) grows towards
``1 - (1 - alpha) ** m``. The adjustments here keep the FWER at alpha.
"""

from __future__ import annotations

import numpy as np

from ._validation import check_option

__all__ = ["ADJUST_METHODS", "adjust_pvalues"]

ADJUST_METHODS = ("bonferroni", "holm")


def _as_pvalues(pvalues) -> np.ndarray:
    if pvalues is None or isinstance(pvalues, (str, bytes)):
        raise TypeError(f"pvalues must be a 1-D array of p-values, got {pvalues!r}")
    try:
        p = np.asarray(pvalues, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"pvalues must be a 1-D array of p-values, got {pvalues!r:.80}") from None
    if p.ndim != 1:
        raise ValueError(f"pvalues must be 1-D, got an array of shape {p.shape}")
    if p.size == 0:
        raise ValueError("pvalues is empty")
    if np.isnan(p).any():
        raise ValueError(f"pvalues contains NaN (first at index {int(np.flatnonzero(np.isnan(p))[0])})")
    bad = (p < 0) | (p > 1)
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"pvalues must lie in [0, 1], got {float(p[i])!r} at index {i}")
    return p


def adjust_pvalues(pvalues, method: str = "holm") -> np.ndarray:
    """Adjusted p-values that control the family-wise error rate.

    Reject hypothesis i at level alpha when its adjusted p-value is at most
    alpha. Chapter 3 applies this to pairwise McNemar tests after Cochran's Q,
    chapter 6 to comparisons with a control after Friedman's test.

    Parameters
    ----------
    pvalues : array_like, shape (m,)
        Raw p-values, each in [0, 1].
    method : {"holm", "bonferroni"}, optional
        ``"bonferroni"``: multiply every p-value by m. ``"holm"`` (default):
        Holm's step-down procedure, never less powerful than Bonferroni.

    Returns
    -------
    adjusted : ndarray of float, shape (m,)
        In the order of the input, capped at 1.

    Notes
    -----
    Bonferroni: :math:`\\tilde p_i = \\min(1, m p_i)`.

    Holm (1979): sort the p-values, :math:`p_{(1)} \\le \\dots \\le p_{(m)}`, and
    set

    .. math::

        \\tilde p_{(j)} = \\min\\Bigl(1, \\max_{l \\le j} (m - l + 1)\\, p_{(l)}\\Bigr).

    The running maximum makes the adjusted values monotone in the raw ones,
    which is what "step down, stop at the first non-rejection" amounts to.
    Since ``(m - l + 1) p <= m p``, every Holm value is at most the
    Bonferroni value: Holm rejects everything Bonferroni rejects, and more.
    Ties among raw p-values get equal adjusted values.

    References
    ----------
    Holm, S. (1979). A simple sequentially rejective multiple test
    procedure. Scandinavian Journal of Statistics, 6(2), 65-70.

    Demšar, J. (2006). Statistical comparisons of classifiers over multiple
    data sets. Journal of Machine Learning Research, 7, 1-30.

    Examples
    --------
    >>> from lecture_lib import adjust_pvalues
    >>> adjust_pvalues([0.01, 0.04, 0.03], method="holm")
    array([0.03, 0.06, 0.06])
    >>> adjust_pvalues([0.01, 0.04, 0.03], method="bonferroni")
    array([0.03, 0.12, 0.09])

    At the 5 % level Holm and Bonferroni both reject only the first hypothesis.
    """
    p = _as_pvalues(pvalues)
    method = check_option(method, "method", ADJUST_METHODS)
    m = p.size
    if method == "bonferroni":
        return np.minimum(1.0, m * p)
    order = np.argsort(p, kind="stable")
    stepped = np.maximum.accumulate((m - np.arange(m)) * p[order])
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(1.0, stepped)
    return adjusted
