"""Distribution tails shared by several tests (internal).

The binomial tails with success probability 1/2 behind McNemar's exact and
mid-p tests (chapter 2) and the sign test (chapter 5), and the chi-squared
tail with one degree of freedom of McNemar's asymptotic tests. The functions
take arrays that their callers have already checked (whole numbers,
0 <= k <= n) and work elementwise, so that a simulation evaluates thousands
of tables in one call.
"""

from __future__ import annotations

import numpy as np
from scipy import special

__all__ = ["binomial_half_cdf", "binomial_half_two_sided", "chi2_1_sf"]


def binomial_half_cdf(k, n) -> np.ndarray:
    """P(X <= k) for X ~ Binomial(n, 1/2), elementwise (0 <= k <= n, n >= 1).

    It is the regularised incomplete beta function
    I_{1/2}(n - k, k + 1) = 1 - I_{1/2}(k + 1, n - k): no 2^-n term that
    underflows and no loop over n. Boost's complement (``special.betaincc``)
    keeps the far tail down to about 1e-308, where ``betainc`` (and
    ``scipy.stats.binom.cdf``) already return 0 (k = 10, n = 1075: 1.36e-300
    for two tails); it is accurate to about 1e-13 at n = 10^7, where
    ``special.bdtr`` (Cephes) is off by about 3e-9. At k = n the cdf is 1.

    >>> from lecture_lib._tails import binomial_half_cdf
    >>> float(binomial_half_cdf(1, 3)) * 8  # (1 + 3) of the 8 outcomes have at most one success
    4.0
    """
    k = np.asarray(k)
    n = np.asarray(n)
    full = k >= n
    safe_k = np.where(full, 0, k)
    return np.where(full, 1.0, special.betaincc(safe_k + 1, n - safe_k, 0.5))


def binomial_half_two_sided(k, n, *, mid: bool = False) -> np.ndarray:
    """Two-sided p-value of the binomial test of p = 1/2 with k = the smaller count.

    ``mid=False``: the exact test, 2 P(X <= k), clipped to 1. ``mid=True``: the
    mid-p value, 2 P(X < k) + P(X = k) = P(X < k) + P(X <= k), computed as a
    sum of two tails so that nothing cancels. Where n = 0 the p-value is 1.

    >>> from lecture_lib._tails import binomial_half_two_sided
    >>> float(binomial_half_two_sided(1, 12)) * 4096  # 2 (1 + 12) of 2^12 sign patterns
    26.0
    """
    k = np.asarray(k)
    n = np.asarray(n)
    empty = n == 0
    safe_n = np.where(empty, 1, n)
    cdf_k = binomial_half_cdf(np.minimum(k, safe_n), safe_n)
    if mid:
        below = np.where(k > 0, binomial_half_cdf(np.maximum(k - 1, 0), safe_n), 0.0)
        pvalue = below + cdf_k
    else:
        pvalue = 2.0 * cdf_k
    return np.where(empty, 1.0, np.clip(pvalue, 0.0, 1.0))


def chi2_1_sf(statistic) -> np.ndarray:
    """Upper tail of the chi-squared distribution with one degree of freedom.

    ``special.chdtrc``, the function behind ``scipy.stats.chi2.sf``, called
    directly to skip about 35 microseconds of argument checking per call.

    >>> from lecture_lib._tails import chi2_1_sf
    >>> round(float(chi2_1_sf(3.841458820694124)), 6)
    0.05
    """
    return special.chdtrc(1.0, statistic)
