"""The signed ranks and the exact null distribution of Wilcoxon's R+ (internal).

:mod:`lecture_lib.wilcoxon_sign` documents the test and checks its inputs;
the simulations of chapter 5 (:mod:`lecture_lib.simulate`) and the figure
of R+'s null distribution (:mod:`lecture_lib.plots`) use the same pieces on
inputs they have already checked.
"""

from __future__ import annotations

import functools

import numpy as np

from ._ranking import ranks_and_ties

__all__ = ["WILCOXON_EXACT_MAX", "signed_ranks", "doubled_rank_pmf", "untied_signed_rank_cdf",
           "signed_rank_moments"]

#: ``method="exact"`` refuses more ranked differences than this (its cost grows as n^3:
#: about 1.5 s at n = 1000).
WILCOXON_EXACT_MAX = 2000


def signed_ranks(d: np.ndarray, zero_method: str):
    """Ranks of |d| under a zero convention.

    Returns ``(ranks, positive, constant, count, n_zero, ties)``: the ranks
    whose signs are random under H0, whether each belongs to a positive
    difference, the part of R+ that is fixed (half the zero ranks for
    ``"zsplit"``), the number of ranked values, the number of zeros and the
    tie term sum(t^3 - t) that the normal approximation uses.
    """
    zero = d == 0.0
    n_zero = int(np.count_nonzero(zero))
    nonzero = d[~zero] if n_zero else d
    if zero_method == "wilcox":
        count = nonzero.size
        ranks, ties = ranks_and_ties(np.abs(nonzero)) if count else (np.zeros(0), 0.0)
        constant = 0.0
    else:
        count = d.size
        all_ranks, ties = ranks_and_ties(np.abs(d))
        ranks = all_ranks[~zero] if n_zero else all_ranks
        if zero_method == "zsplit":
            constant = float(all_ranks[zero].sum()) / 2.0  # the zeros' group stays in `ties`, as in scipy
        else:  # pratt: zero ranks are dropped, and so is their group from the tie term
            constant = 0.0
            ties -= float(n_zero**3 - n_zero)
    return ranks, nonzero > 0, constant, count, n_zero, ties


def doubled_rank_pmf(weights: np.ndarray) -> np.ndarray:
    """pmf of S = sum of a random subset of the integer ``weights``.

    Each weight enters with probability 1/2, independently: the generating
    function is prod_i (1 + x^{w_i}) / 2, multiplied out one factor at a time.
    Entry s of the result is P(S = s), for s = 0 .. sum(weights).
    """
    if weights.size > WILCOXON_EXACT_MAX:
        raise ValueError(
            f"method='exact' computes the null distribution in about n^3 steps; n = {weights.size} ranked "
            f"differences is above the limit of {WILCOXON_EXACT_MAX} (minutes of work): use method='approx', "
            "which is accurate at this size"
        )
    weights = np.sort(weights.astype(np.int64))
    total = int(weights.sum())
    pmf = np.zeros(total + 1)
    pmf[0] = 1.0
    reach = 0  # pmf is zero beyond index `reach`
    for w in weights:
        w = int(w)
        # multiply by (1 + x^w) / 2: halve, then add the old pmf shifted by w
        shifted = pmf[: reach + 1].copy()
        pmf[: reach + 1] *= 0.5
        pmf[w : w + reach + 1] += 0.5 * shifted
        reach += w
    return pmf


@functools.lru_cache(maxsize=64)
def untied_signed_rank_cdf(n: int) -> np.ndarray:
    """P(R+ <= t), t = 0 .. n(n+1)/2, for n untied, non-zero differences (read-only)."""
    cdf = np.cumsum(doubled_rank_pmf(2 * np.arange(1, n + 1))[::2])  # R+ takes whole values
    cdf.flags.writeable = False
    return cdf


def signed_rank_moments(d: np.ndarray, zero_method: str):
    """Mean and standard deviation of R+ used by the normal approximation (checked differences d)."""
    _, _, _, count, n_zero, ties = signed_ranks(d, zero_method)
    mean = count * (count + 1) / 4.0
    var24 = count * (count + 1) * (2.0 * count + 1)
    if zero_method == "pratt":
        mean -= n_zero * (n_zero + 1) / 4.0
        var24 -= n_zero * (n_zero + 1) * (2.0 * n_zero + 1)
    return float(mean), float(np.sqrt(max((var24 - ties / 2.0) / 24.0, 0.0)))
