"""Researcher degrees of freedom: the error rate of choosing the analysis after looking at the data.

Trying several metrics, several subsets of data sets, or rerunning cross-validation with new seeds
until p <= alpha, and reporting the one that "worked", is a family of tests in disguise. When the
candidate analyses are equally correlated test statistics, the chance that at least one of them
rejects a true null hypothesis has a one-dimensional integral, computed here exactly (to
quadrature accuracy), so the course can state it as a frequency.

Taught in chapter 9 (``notebooks/09-beyond-accuracy``).
"""

from __future__ import annotations

import numpy as np
from scipy import integrate, special

from ._validation import check_alpha, check_count, check_probability

__all__ = ["selection_error_rate"]

#: Beyond this many standard deviations the shared component's density is below 1e-18.
_TAIL = 9.0


def selection_error_rate(n_options, correlation, alpha=0.05) -> float:
    """The probability that the best of ``n_options`` correlated analyses rejects a true null hypothesis.

    Parameters
    ----------
    n_options : int
        How many analyses were tried (metrics, subsets of data sets, cross-validation reruns),
        >= 1.
    correlation : float
        The correlation between any two of their test statistics, in [0, 1]: 0 for independent
        analyses (new data each time), near 1 for analyses that barely differ (a rerun of
        cross-validation with another seed on the same data).
    alpha : float, optional
        The level of each two-sided test, in (0, 1); default 0.05.

    Returns
    -------
    rate : float
        P(at least one of the ``n_options`` two-sided z-tests has p <= alpha | H0 true for all),
        which is also the Type I error of "rerun until p <= alpha, at most ``n_options`` times".

    Notes
    -----
    The model: the statistics are standard normal under :math:`H_0`, equally correlated with
    correlation :math:`\\rho`, so :math:`Z_m = \\sqrt\\rho\\,W + \\sqrt{1 - \\rho}\\,E_m` with
    independent standard normal W and :math:`E_m`. Given W the tests are independent, so with
    :math:`c = z_{1 - \\alpha/2}`

    .. math::

        P(\\text{no rejection}) = \\int \\varphi(w)
            \\Big[\\Phi\\Big(\\frac{c - \\sqrt\\rho\\,w}{\\sqrt{1-\\rho}}\\Big)
                 - \\Phi\\Big(\\frac{-c - \\sqrt\\rho\\,w}{\\sqrt{1-\\rho}}\\Big)\\Big]^{n}\\,dw,

    computed by adaptive quadrature with the integrand's steps at :math:`w = \\pm c/\\sqrt\\rho`
    marked (the tests check it against scipy's multivariate normal distribution and against
    simulation). :math:`\\rho = 0` gives
    :math:`1 - (1 - \\alpha)^n`, :math:`\\rho = 1` gives :math:`\\alpha`. Stopping at the first rerun
    with :math:`p \\le \\alpha` rejects exactly when the best of the reruns does, so both questions
    have this answer.

    Real analyses are not equally correlated and their statistics are only approximately normal;
    the number is a guide to the size of the problem, not a correction. The correction is to fix
    the analysis (metric, data sets, seeds, number of reruns) before looking, or to adjust for
    every analysis tried (Holm, chapter 3).

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Simmons, J. P., Nelson, L. D. and Simonsohn, U. (2011). False-positive psychology:
       undisclosed flexibility in data collection and analysis allows presenting anything as
       significant. Psychological Science 22(11), 1359-1366.
    .. [2] Gelman, A. and Loken, E. (2013). The garden of forking paths. Department of
       Statistics, Columbia University.

    Examples
    --------
    >>> from lecture_lib import selection_error_rate
    >>> round(selection_error_rate(1, 0.5), 4), round(selection_error_rate(5, 0.0), 4)
    (0.05, 0.2262)
    >>> round(selection_error_rate(10, 0.8), 3)
    0.173

    Ten reruns whose statistics correlate at 0.8, stopping at the first p <= 0.05: a true null
    hypothesis is rejected with probability 0.173, more than three times the 5 % the report
    claims.
    """
    n = check_count(n_options, "n_options", minimum=1)
    rho = check_probability(correlation, "correlation", open_interval=False)
    alpha = check_alpha(alpha)
    c = float(special.ndtri(1.0 - alpha / 2.0))
    if n == 1:
        return alpha
    if rho == 1.0:  # one statistic in n copies
        return alpha
    shared, own = np.sqrt(rho), np.sqrt(1.0 - rho)

    def integrand(w):
        inside = special.ndtr((c - shared * w) / own) - special.ndtr((-c - shared * w) / own)
        return np.exp(-0.5 * w * w) / np.sqrt(2.0 * np.pi) * inside**n

    # near rho = 1 the bracket steps from 1 to 0 around w = +-c / sqrt(rho): tell the quadrature
    steps = [v for v in (-c / shared, c / shared) if abs(v) < _TAIL] if shared > 0.0 else []
    none, _ = integrate.quad(integrand, -_TAIL, _TAIL, points=steps or None, epsabs=1e-13, epsrel=1e-12,
                             limit=500)
    return float(min(1.0, max(alpha, 1.0 - none)))
