"""The shared distribution tails (lecture_lib/_tails.py) against scipy.stats, with exact arithmetic.

The binomial tails are the ones McNemar's exact and mid-p tests (chapter 2) and the sign test
(chapter 5) use; the oracles are scipy.stats.binom, scipy.stats.binomtest and exact fractions.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from scipy import stats

from lecture_lib._tails import binomial_half_cdf, binomial_half_two_sided, chi2_1_sf


def _exact_cdf(k: int, n: int) -> Fraction:
    return Fraction(sum(comb(n, i) for i in range(k + 1)), 2**n)


def test_binomial_cdf_matches_exact_fractions_and_scipy():
    for n in range(1, 41):
        k = np.arange(n + 1)
        ours = binomial_half_cdf(k, np.full(n + 1, n))
        exact = np.array([float(_exact_cdf(i, n)) for i in range(n + 1)])
        np.testing.assert_allclose(ours, exact, rtol=1e-13, atol=0)
        np.testing.assert_allclose(ours, stats.binom.cdf(k, n, 0.5), rtol=1e-12, atol=1e-300)
    assert binomial_half_cdf(5, 5) == 1.0


def test_two_sided_exact_is_scipys_binomtest():
    rng = np.random.default_rng(0)
    n = rng.integers(1, 400, 300)
    k = rng.integers(0, n + 1) // 2  # the smaller count
    ours = binomial_half_two_sided(k, n)
    theirs = [stats.binomtest(int(a), int(b), 0.5).pvalue for a, b in zip(k, n)]
    np.testing.assert_allclose(ours, theirs, rtol=1e-10)


def test_mid_p_is_the_exact_p_minus_the_boundary_probability():
    # mid-p = 2 P(X <= k) - P(X = k) for the smaller count k (Lancaster 1961), exact fractions
    for n in range(1, 30):
        for k in range(n // 2 + 1):
            expected = 2 * _exact_cdf(k, n) - Fraction(comb(n, k), 2**n)
            assert float(binomial_half_two_sided(k, n, mid=True)) == pytest.approx(float(min(expected, 1)), rel=1e-13)
    assert binomial_half_two_sided(0, 0) == 1.0 and binomial_half_two_sided(0, 0, mid=True) == 1.0


def test_far_tail_does_not_underflow():
    # McNemar with b = 10, c = 1065: the two-sided p-value 1.36e-300 (chapter 2's far-tail example);
    # scipy's binom.cdf returns 0 there, the exact sum of the 11 terms does not.
    p = float(binomial_half_two_sided(10, 1075))
    exact = 2 * _exact_cdf(10, 1075)
    assert p == pytest.approx(float(exact), rel=1e-10) and p > 0


def test_chi2_tail_is_scipys():
    x = np.array([0.0, 0.5, 3.841458820694124, 10.0, 100.0])
    np.testing.assert_allclose(chi2_1_sf(x), stats.chi2.sf(x, 1), rtol=1e-13)
