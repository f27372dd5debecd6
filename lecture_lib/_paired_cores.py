"""The vectorised cores of the tests of two algorithms on one data set (internal).

Each core computes a test statistic and its p-value along the last axis (or
the last two, for the 5x2cv tests) of inputs its caller has already checked,
so the public tests of :mod:`lecture_lib.paired` and the simulations of
chapter 4 (:mod:`lecture_lib.simulate_paired`, :mod:`lecture_lib.simulate`)
run the very same code, on one comparison or on thousands of replications
at once. :mod:`lecture_lib.bayesian` and :mod:`lecture_lib.equivalence`
share :func:`mean_and_variance`, so that their "no variance" agrees with the
t-tests'.
"""

from __future__ import annotations

import numpy as np
from scipy import special

__all__ = ["ratio", "t_pvalue", "mean_and_variance", "fold_t", "t_5x2cv", "f_5x2cv", "z_proportions"]


def ratio(numerator, denominator):
    """numerator / denominator, with 0/0 = 0 and x/0 = sign(x) * inf (no warning)."""
    numerator = np.asarray(numerator, dtype=float)
    denominator = np.asarray(denominator, dtype=float)
    zero = denominator == 0
    safe = np.where(zero, 1.0, denominator)
    inf = np.where(numerator == 0, 0.0, np.copysign(np.inf, numerator))
    return np.where(zero, inf, numerator / safe)


def t_pvalue(statistic, df):
    """Two-sided p-value of Student's t with ``df`` degrees of freedom."""
    # special.stdtr is the CDF behind scipy.stats.t; 2 * CDF(-|t|) is the two-sided tail.
    return np.clip(2.0 * special.stdtr(df, -np.abs(statistic)), 0.0, 1.0)


def _normalised(d, axes):
    """``d`` divided by a power of two near its largest magnitude along ``axes``, and that exponent.

    Dividing by ``2**e`` changes only the floating-point exponents, so it is
    exact: the t and F statistics, ratios of sums of squares, come out the
    same at any scale instead of overflowing at 1e300 (t = 0) or underflowing
    at 1e-300 (t = inf). Where every value is zero the exponent is 0.
    """
    peak = np.max(np.abs(d), axis=axes, keepdims=True)
    exponent = np.frexp(peak)[1]  # peak = m * 2**e with 0.5 <= m < 1; frexp(0) gives e = 0
    return np.ldexp(d, -exponent), np.squeeze(exponent, axis=axes)


def _rescaled(value, exponent, power: int = 1):
    """``value * 2**(power * exponent)``: back to the data's units (inf beyond the float range)."""
    with np.errstate(over="ignore", under="ignore"):
        return np.ldexp(value, power * exponent)


def mean_and_variance(d):
    """Mean and unbiased variance along the last axis; exactly 0 when all values are equal.

    Equal up to rounding counts as equal: scores such as 0.86 - 0.85 and 0.94 - 0.93 differ in the
    last bits only, and a variance of 1e-34 would give a huge t where the test has no variance at all.
    """
    d = np.asarray(d, dtype=float)
    mean = d.mean(axis=-1)
    var = d.var(axis=-1, ddof=1)
    constant = np.ptp(d, axis=-1) <= 1e-12 * np.max(np.abs(d), axis=-1)
    return mean, np.where(constant, 0.0, var)


def fold_t(differences, variance_factor):
    """t = mean / sqrt(factor * s^2) along the last axis; returns (t, p, mean, se)."""
    n = np.shape(differences)[-1]
    d, exponent = _normalised(np.asarray(differences, dtype=float), -1)
    mean, var = mean_and_variance(d)
    se = np.sqrt(variance_factor * var)
    statistic = ratio(mean, se)
    return statistic, t_pvalue(statistic, n - 1), _rescaled(mean, exponent), _rescaled(se, exponent)


def t_5x2cv(differences):
    """Dietterich's 5x2cv t on (..., 5, 2) differences; returns (t, p, p11, mean s^2, its square root)."""
    d, exponent = _normalised(np.asarray(differences, dtype=float), (-2, -1))
    mean = (d[..., 0] + d[..., 1]) / 2.0
    s2 = (d[..., 0] - mean) ** 2 + (d[..., 1] - mean) ** 2
    mean_s2 = s2.sum(axis=-1) / 5.0
    first = d[..., 0, 0]
    statistic = ratio(first, np.sqrt(mean_s2))
    return (statistic, t_pvalue(statistic, 5), _rescaled(first, exponent), _rescaled(mean_s2, exponent, 2),
            _rescaled(np.sqrt(mean_s2), exponent))


def f_5x2cv(differences):
    """Alpaydin's combined F on (..., 5, 2) differences; returns (F, p, sum p^2, sum s^2)."""
    d, exponent = _normalised(np.asarray(differences, dtype=float), (-2, -1))
    mean = (d[..., 0] + d[..., 1]) / 2.0
    s2 = (d[..., 0] - mean) ** 2 + (d[..., 1] - mean) ** 2
    numerator = (d**2).sum(axis=(-2, -1))
    denominator = s2.sum(axis=-1)
    statistic = ratio(numerator, 2.0 * denominator)
    # special.fdtrc is the upper tail behind scipy.stats.f.sf; F = inf gives 0.
    pvalue = np.where(
        np.isinf(statistic), 0.0, special.fdtrc(10, 5, np.where(np.isinf(statistic), 0.0, statistic))
    )
    return (statistic, np.clip(pvalue, 0.0, 1.0), _rescaled(numerator, exponent, 2),
            _rescaled(denominator, exponent, 2))


def z_proportions(accuracy_1, accuracy_2, n_test, pooled=True):
    """z statistic and two-sided normal p-value (vectorised)."""
    p1 = np.asarray(accuracy_1, dtype=float)
    p2 = np.asarray(accuracy_2, dtype=float)
    if pooled:
        p = (p1 + p2) / 2.0
        var = 2.0 * p * (1.0 - p) / n_test
    else:
        var = (p1 * (1.0 - p1) + p2 * (1.0 - p2)) / n_test
    se = np.sqrt(np.maximum(var, 0.0))
    statistic = ratio(p1 - p2, se)
    pvalue = np.clip(2.0 * special.ndtr(-np.abs(statistic)), 0.0, 1.0)
    return statistic, pvalue, se
