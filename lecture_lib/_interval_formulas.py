"""The formulas behind the intervals of :mod:`lecture_lib.intervals` (internal).

The limits of one binomial proportion (Wilson, Wilson with continuity
correction, Clopper-Pearson, mid-p) and of the difference of two paired
proportions (Wald, Bonett-Price, Newcombe, Tango), on inputs their callers
have already checked. :mod:`lecture_lib.intervals` documents them and checks
the inputs; :mod:`lecture_lib.mcnemar` and :mod:`lecture_lib.reporting` call
:func:`bonett_price` and :func:`disagreement_intervals` directly, because a
test result carries the interval that inverts its own test.
"""

from __future__ import annotations

import math

import numpy as np
from scipy import optimize, special

from ._results import Interval

__all__ = [
    "z_quantile",
    "wilson_limits",
    "lower_limit",
    "difference_interval",
    "difference_limits",
    "tango_statistic",
    "bonett_price",
    "disagreement_intervals",
]


def z_quantile(confidence: float) -> float:
    """The two-sided normal quantile z_{(1 + confidence) / 2}."""
    return float(special.ndtri(0.5 + confidence / 2.0))


def wilson_limits(k: np.ndarray, n: np.ndarray, z: float):
    """Wilson (1927) score limits (callers clamp them to [0, k/n] and [k/n, 1])."""
    z2 = z * z
    centre = (k + z2 / 2.0) / (n + z2)
    half = z / (n + z2) * np.sqrt(k * (n - k) / n + z2 / 4.0)
    return centre - half, centre + half


def _midp_upper_tail(p: float, k: float, n: float) -> float:
    """P(X > k) + P(X = k) / 2 for X ~ Binomial(n, p), 1 <= k <= n: increasing in p."""
    # P(X >= j) is the regularised incomplete beta function I_p(j, n - j + 1)
    above_k = 0.0 if k >= n else special.betainc(k + 1.0, n - k, p)
    return 0.5 * (special.betainc(k, n - k + 1.0, p) + above_k)


def _midp_lower_limits(k, n, tail: float, exact):
    """Mid-p lower limits for 1 <= k <= n (arrays), given the Clopper-Pearson ones (``exact``).

    Each solves P(X > k) + P(X = k)/2 = tail, a root bracketed by the exact
    limits of k and of k + 1 successes (1 at k = n); Brent's method finds it
    to a few units in the last place, one distinct (k, n) at a time.
    """
    k, n, exact = np.broadcast_arrays(k, n, exact)
    out = np.empty(k.shape)
    solved = {}
    for index in np.ndindex(k.shape):
        key = (float(k[index]), float(n[index]))
        if key not in solved:
            kk, nn = key
            upper = 1.0 if kk >= nn else float(special.betaincinv(kk + 1.0, nn - kk, tail))
            low = float(exact[index])
            if _midp_upper_tail(low, kk, nn) >= tail:  # the exact limit is already the root (to rounding)
                solved[key] = low
            else:
                solved[key] = optimize.brentq(lambda p, kk=kk, nn=nn: _midp_upper_tail(p, kk, nn) - tail,
                                              low, upper, xtol=1e-300, rtol=4.0 * np.finfo(float).eps)
        out[index] = solved[key]
    return out


def lower_limit(k, n, confidence: float, method: str):
    """Lower limit of the two-sided interval of k successes in n trials (float arrays, 0 <= k <= n).

    For ``"wilson"``, ``"wilson-cc"``, ``"clopper-pearson"`` and ``"midp"``; each
    treats successes and failures alike, so the upper limit is 1 minus the lower
    limit of n - k successes (which keeps 1 - limit exact near 1, where the odds
    ratio needs it). The limit is 0 at k = 0 and never above k / n.
    """
    tail = (1.0 - confidence) / 2.0
    if method == "wilson":
        low = wilson_limits(k, n, z_quantile(confidence))[0]
    elif method == "wilson-cc":
        # Newcombe (1998), method 4: k - 1/2 - n p = z sqrt(n p (1 - p)) below k / n
        z = z_quantile(confidence)
        shifted = np.maximum(k - 0.5, 0.0)
        low = (2.0 * shifted + z * z - z * np.sqrt(z * z + 4.0 * shifted * (1.0 - shifted / n))) / (
            2.0 * (n + z * z)
        )
    else:
        some = k > 0
        k_safe = np.where(some, k, 1.0)  # dummy arguments where the limit is 0 anyway
        exact = special.betaincinv(k_safe, n - k_safe + 1.0, tail)  # P(X >= k) = tail: Clopper-Pearson
        if method == "clopper-pearson":
            low = exact
        else:  # midp: P(X > k) + P(X = k) / 2 = tail
            low = _midp_lower_limits(k_safe, n, tail, exact)
        low = np.where(some, low, 0.0)
    return np.minimum(np.maximum(low, 0.0), k / n)


def tango_statistic(delta0: float, b: int, c: int, n: int) -> float:
    """Tango's (1998) score statistic for H0: difference = delta0."""
    # Restricted maximum likelihood estimate of p21 = P(model 1 wrong, model 2 right)
    # under p12 - p21 = delta0: the positive root of A x^2 + B x + C = 0.
    qa = 2.0 * n
    qb = -b - c + (2.0 * n - b + c) * delta0
    qc = -c * delta0 * (1.0 - delta0)
    root = math.sqrt(max(qb * qb - 4.0 * qa * qc, 0.0))
    # the two algebraically equal forms of the root, each free of cancellation on its side
    p21 = (root - qb) / (2.0 * qa) if qb <= 0.0 else -2.0 * qc / (root + qb)
    variance = n * (2.0 * p21 + delta0 * (1.0 - delta0))
    numerator = b - c - n * delta0
    if variance <= 0.0:
        return 0.0 if numerator == 0.0 else math.copysign(math.inf, numerator)
    return numerator / math.sqrt(variance)


def _tango_limits(b: int, c: int, n: int, z: float) -> tuple[float, float]:
    estimate = (b - c) / n
    edge = 1e-12  # the statistic is singular at -1 and 1 themselves
    limits = []
    for target, inner, outer in ((z, estimate, -1.0 + edge), (-z, estimate, 1.0 - edge)):
        if (target > 0 and estimate == -1.0) or (target < 0 and estimate == 1.0):
            limits.append(estimate)
            continue

        def f(delta0, target=target):
            return tango_statistic(delta0, b, c, n) - target

        if f(outer) * f(inner) > 0:  # no sign change inside the parameter space: the limit is the bound
            limits.append(-1.0 if target > 0 else 1.0)
            continue
        lo, hi = sorted((inner, outer))
        limits.append(optimize.brentq(f, lo, hi, xtol=1e-14, rtol=1e-14, maxiter=200))
    return limits[0], limits[1]


def _newcombe_limits(a: int, b: int, c: int, d: int, n: int, z: float) -> tuple[float, float]:
    p1, p2 = (a + b) / n, (a + c) / n
    (l1, l2), (u1, u2) = wilson_limits(np.array([a + b, a + c], float), float(n), z)
    l1, l2 = max(min(l1, p1), 0.0), max(min(l2, p2), 0.0)  # exactly 0 and 1 at the ends
    u1, u2 = min(max(u1, p1), 1.0), min(max(u2, p2), 1.0)
    margins = [float(a + b), float(c + d), float(a + c), float(b + d)]
    if min(margins) == 0.0:
        psi = 0.0
    else:
        # Newcombe's (1998) continuity-corrected phi coefficient
        cross = float(a) * d - float(b) * c
        scale = math.sqrt(margins[0] * margins[1] * margins[2] * margins[3])
        if cross > n / 2.0:
            psi = (cross - n / 2.0) / scale
        elif cross >= 0.0:
            psi = 0.0
        else:
            psi = cross / scale
    estimate = (b - c) / n
    below = (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2.0 * psi * (p1 - l1) * (u2 - p2)
    above = (p2 - l2) ** 2 + (u1 - p1) ** 2 - 2.0 * psi * (p2 - l2) * (u1 - p1)
    return estimate - math.sqrt(max(below, 0.0)), estimate + math.sqrt(max(above, 0.0))


def difference_interval(a: int, b: int, c: int, d: int, n: int, confidence: float, method: str) -> Interval:
    """:func:`paired_accuracy_difference` on a checked table with n > 0."""
    estimate = (b - c) / n
    low, high = difference_limits(a, b, c, d, n, z_quantile(confidence), method)
    # A safety net against rounding only: the tests check on every table up to
    # n = 40 (25 for Newcombe) that the formulas themselves contain the estimate.
    return Interval(float(estimate), min(low, estimate), max(high, estimate), confidence, method)


def bonett_price(b: int, c: int, n: int, confidence: float) -> Interval:
    """The default interval of :func:`paired_accuracy_difference` (only b, c and n matter)."""
    return difference_interval(0, b, c, 0, n, confidence, "bonett-price")


def difference_limits(a: int, b: int, c: int, d: int, n: int, z: float, method: str) -> tuple[float, float]:
    """The limits of :func:`paired_accuracy_difference`, as each method defines them."""
    estimate = (b - c) / n
    if method == "wald":
        spread = math.sqrt(max(b + c - (b - c) ** 2 / n, 0.0)) / n
        low, high = estimate - z * spread, estimate + z * spread
    elif method == "bonett-price":
        p12, p21 = (b + 1.0) / (n + 2.0), (c + 1.0) / (n + 2.0)
        centre = p12 - p21
        spread = math.sqrt((p12 + p21 - centre * centre) / (n + 2.0))
        low, high = centre - z * spread, centre + z * spread
    elif method == "newcombe":
        low, high = _newcombe_limits(a, b, c, d, n, z)
    else:
        low, high = _tango_limits(b, c, n, z)
    return max(-1.0, float(low)), min(1.0, float(high))


def disagreement_intervals(b: int, c: int, confidence: float, method: str) -> tuple[Interval, Interval]:
    """The share b / (b + c) and the odds b / c with the intervals of ``method`` (checked counts).

    Also called by ``mcnemar``, whose tests these intervals invert.
    """
    if b + c == 0:
        return (Interval(math.nan, 0.0, 1.0, confidence, method),
                Interval(math.nan, 0.0, math.inf, confidence, method))
    # the lower limits of b and of c out of b + c: the share's interval is [low_b, 1 - low_c]
    low_b, low_c = (float(x) for x in lower_limit(np.array([b, c], float), float(b + c), confidence, method))
    share = b / (b + c)
    share_interval = Interval(share, min(low_b, share), max(1.0 - low_c, share), confidence, method)
    odds = math.inf if c == 0 else b / c
    low = low_b / (1.0 - low_b)
    high = math.inf if low_c == 0.0 else (1.0 - low_c) / low_c
    return share_interval, Interval(float(odds), min(low, odds), max(high, odds), confidence, method)
