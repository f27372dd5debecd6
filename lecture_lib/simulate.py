"""Type I error and power of the tests, exactly where possible, else by simulation.

Chapter 2 uses the McNemar part: how often each variant rejects a true H0
when there are only a few disagreements, and with what power it detects a
real difference (the evidence behind the mid-p default).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import stats

from ._results import _format_value
from ._validation import (
    as_generator,
    check_alpha,
    check_counts,
    check_positive_int,
    check_probability,
)
from .intervals import proportion_interval
from .mcnemar import _check_method, mcnemar_pvalues

__all__ = [
    "mcnemar_rejection_probability",
    "RejectionRates",
    "simulate_mcnemar",
]

def mcnemar_rejection_probability(n_discordant, alpha: float = 0.05, method: str = "midp", p_b: float = 0.5):
    """Exact probability that McNemar's test rejects, given b + c.

    Parameters
    ----------
    n_discordant : int or array_like of int
        Number of disagreements b + c (the test conditions on it).
    alpha : float, optional
        Significance level in (0, 1).
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        The variant of :func:`lecture_lib.mcnemar` (default ``"midp"``, the
        library's default).
    p_b : float, optional
        Probability that a disagreement goes model 1's way. 0.5 is H0, so
        the result is the Type I error; any other value gives the power.

    Returns
    -------
    probability : float or ndarray
        :math:`\\sum_k P(b = k) \\, 1[p(k, n - k) \\le \\alpha]` with
        :math:`b \\sim \\mathrm{Bin}(n, p_b)`; same shape as ``n_discordant``.

    Notes
    -----
    No simulation: every possible b is weighted by its binomial probability.
    A test is valid when this stays at or below alpha under H0. Taught in
    chapter 2.

    Examples
    --------
    >>> from lecture_lib.simulate import mcnemar_rejection_probability
    >>> float(mcnemar_rejection_probability(4, method="chi2"))
    0.125
    >>> float(mcnemar_rejection_probability(4, method="exact"))
    0.0

    With four disagreements the uncorrected chi-squared test rejects a true
    H0 in 12.5 % of test sets (b = 0 or b = 4), 2.5 times the nominal 5 %;
    the exact test never rejects, since its smallest p-value is 0.125.

    >>> round(mcnemar_rejection_probability(16, method="exact", p_b=0.75), 3)
    0.405
    >>> round(mcnemar_rejection_probability(16, p_b=0.75), 3)
    0.63

    With 16 disagreements of which model 1 truly wins three in four, the
    exact test detects the difference with probability 0.405, the mid-p
    test with probability 0.630 (chapter 2's power comparison).
    """
    alpha = check_alpha(alpha)
    _check_method(method)
    p_b = check_probability(p_b, "p_b", open_interval=False)
    n_arr = check_counts(n_discordant, "n_discordant")
    flat = n_arr.reshape(-1)
    out = np.empty(flat.shape, dtype=float)
    for i, n in enumerate(flat):  # one vectorised pass over all b for each n
        k = np.arange(n + 1)
        _, p = mcnemar_pvalues(k, n - k, method)
        out[i] = float(np.sum(stats.binom.pmf(k, n, p_b)[p <= alpha]))
    return out.reshape(n_arr.shape) if n_arr.ndim else float(out[0])


@dataclasses.dataclass(frozen=True)
class RejectionRates:
    """Monte Carlo rejection rates of several test variants.

    Attributes
    ----------
    methods : tuple of str
        The variants simulated.
    rates : ndarray
        Fraction of replications in which each variant rejected H0.
    ci_low, ci_high : ndarray
        95 % Wilson intervals of the rates (Monte Carlo error).
    n_reps : int
        Number of replications.
    alpha : float
        Significance level used.
    """

    methods: tuple
    rates: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    n_reps: int
    alpha: float

    def __str__(self) -> str:
        lines = [f"Rejection rates at alpha = {_format_value(self.alpha)} ({self.n_reps} replications)"]
        lines.append(f"  {'method':<10} {'rate':>7}   95% Monte Carlo interval")
        for m, r, lo, hi in zip(self.methods, self.rates, self.ci_low, self.ci_high):
            lines.append(f"  {m:<10} {r:7.4f}   [{lo:.4f}, {hi:.4f}]")
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):
        printer.text(str(self))


def simulate_mcnemar(
    n_test: int,
    p_discordant: float,
    alpha: float = 0.05,
    n_reps: int = 10_000,
    p_b: float = 0.5,
    methods=("chi2", "corrected", "exact", "midp"),
    seed=None,
) -> RejectionRates:
    """Simulate McNemar's test on many test sets of two fixed classifiers.

    Parameters
    ----------
    n_test : int
        Size of each test set (>= 1).
    p_discordant : float
        Probability that the two models disagree in correctness on an
        example (so b + c ~ Binomial(n_test, p_discordant)).
    alpha : float, optional
        Significance level in (0, 1).
    n_reps : int, optional
        Number of simulated test sets.
    p_b : float, optional
        Probability that a disagreement favours model 1. ``0.5`` makes both
        models equally accurate (H0 true: the rates are Type I errors); any
        other value gives power.
    methods : sequence of str, optional
        Variants from {"midp", "exact", "chi2", "corrected", "textbook"}.
    seed : int, numpy.random.Generator or None, optional
        Random seed.

    Returns
    -------
    RejectionRates
        Rates with 95 % Wilson intervals.

    Notes
    -----
    The null construction: on every example the two models disagree with
    probability ``p_discordant``, and each disagreement favours model 1 or
    model 2 with probability 1/2, so their accuracies are equal by
    construction. Only b and c are drawn (a and d do not enter the test),
    which makes 10 000 replications take milliseconds. Taught in chapter 2.

    Examples
    --------
    >>> from lecture_lib.simulate import simulate_mcnemar
    >>> res = simulate_mcnemar(200, 0.05, n_reps=20_000, seed=1)
    >>> res.methods
    ('chi2', 'corrected', 'exact', 'midp')
    >>> bool(res.rates[2] <= 0.05)
    True

    With about ten disagreements per test set the exact test keeps its
    promise of at most 5 % false rejections.
    """
    n_test = check_positive_int(n_test, "n_test")
    p_discordant = check_probability(p_discordant, "p_discordant", open_interval=False)
    alpha = check_alpha(alpha)
    n_reps = check_positive_int(n_reps, "n_reps")
    p_b = check_probability(p_b, "p_b", open_interval=False)
    if isinstance(methods, str):
        methods = (methods,)
    if not hasattr(methods, "__iter__"):
        raise TypeError(f"methods must be a method name or a sequence of them, got {methods!r}")
    methods = tuple(_check_method(m, "methods") for m in methods)
    if not methods:
        raise ValueError("methods must name at least one variant, got ()")
    rng = as_generator(seed)
    n_disc = rng.binomial(n_test, p_discordant, size=n_reps)
    b = rng.binomial(n_disc, p_b)
    c = n_disc - b
    rejections = []
    for method in methods:
        p = mcnemar_pvalues(b, c, method)[1]
        rejections.append(np.count_nonzero(p <= alpha))
    rejections = np.array(rejections)
    interval = proportion_interval(rejections, n_reps)
    low, high = interval.low, interval.high
    return RejectionRates(
        methods=methods, rates=rejections / n_reps, ci_low=low, ci_high=high, n_reps=n_reps, alpha=alpha
    )

