"""The Diebold-Mariano test: comparing two models' losses on time-ordered data.

When the examples are time points (forecasts one or more steps ahead), the
per-example loss differences are autocorrelated: a forecast h steps ahead
shares h - 1 periods of unknown future with its neighbours. The paired t-test
assumes independent differences and understates the variance of their mean;
the Diebold-Mariano test estimates the long-run variance instead.

Taught in chapter 10 (``notebooks/10-seeds-groups-time``).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import special

from ._paired_cores import ratio
from ._results import Interval, TestResult
from ._validation import check_flag, check_option, check_positive_int, check_probability, check_score_pair

__all__ = ["DM_ALTERNATIVES", "DieboldMarianoResult", "diebold_mariano_test"]

#: The ``alternative`` options of :func:`diebold_mariano_test` (forecast's dm.test, with a hyphen).
DM_ALTERNATIVES = ("two-sided", "less", "greater")


@dataclasses.dataclass(frozen=True)
class DieboldMarianoResult(TestResult):
    """Result of :func:`diebold_mariano_test`.

    Attributes
    ----------
    statistic : float
        The mean loss difference over its standard error, signed like
        ``mean_difference`` (negative: model 1 had the lower losses).
    pvalue : float
        p-value for ``alternative``.
    mean_difference : float
        Mean of d = loss_1 - loss_2.
    std_error : float
        Standard error of the mean difference from the long-run variance,
        divided by the Harvey-Leybourne-Newbold factor when ``correction``
        is True, so that ``statistic = mean_difference / std_error``.
    confidence_interval : Interval
        The mean difference with the interval from the same standard error
        and reference distribution: it inverts the test (two-sided, or
        one-sided with an infinite limit for a one-sided ``alternative``).
    df : float
        Degrees of freedom of the Student t reference, n - 1; ``inf`` (the
        normal distribution) without the correction.
    horizon : int
        The forecast horizon h requested.
    alternative : str
        ``"two-sided"``, ``"less"`` or ``"greater"``.
    n : int
        Number of time points.
    method : str
        The variant used, and whether the long-run variance fell back to
        lag 0 or was zero (see the Notes of :func:`diebold_mariano_test`).
    """

    _effect_attribute = "confidence_interval"

    statistic: float
    pvalue: float
    mean_difference: float
    std_error: float
    confidence_interval: Interval
    df: float
    horizon: int
    alternative: str
    n: int
    method: str


def _hln_factor(n: int, horizon) -> np.ndarray:
    """Harvey, Leybourne & Newbold's factor sqrt((n + 1 - 2h + h (h - 1) / n) / n), positive for h < n."""
    h = np.asarray(horizon, dtype=float)
    return np.sqrt((n + 1.0 - 2.0 * h + h * (h - 1.0) / n) / n)


def _diebold_mariano_core(d: np.ndarray, horizon: int, correction: bool):
    """Statistic, mean, standard error and fall-back flag of the DM test for each row of ``d`` (shape (m, n)).

    Vectorised over rows so that simulations run many tests at once. The
    standard error is 0 exactly when a row's differences are equal up to
    rounding (the rule of the paired t-tests), and the statistic is then 0 or
    +-inf.
    """
    n = d.shape[-1]
    biggest = np.maximum(d.max(axis=-1), -d.min(axis=-1))  # max |d| without an |d| array
    # divide by a power of two near the largest |d| (exact: no overflow or underflow in the squares);
    # magnitudes that square safely are left alone, which saves a pass over the data
    if np.all((biggest > 1e-100) & (biggest < 1e100)):
        exponent = np.zeros(biggest.shape, dtype=int)
        scaled = d
    else:
        exponent = np.frexp(biggest)[1]
        scaled = np.ldexp(d, -exponent[..., None])
    mean = scaled.mean(axis=-1)
    centred = scaled - mean[..., None]
    sum_squares = np.einsum("...t,...t->...", centred, centred)
    # equal up to rounding counts as equal, as in the paired t-tests: every centred value within
    # 1e-12 of the largest |d| (checked on their sum of squares, which is at hand: no extra pass)
    constant = sum_squares <= n * (1e-12 * np.ldexp(biggest, -exponent)) ** 2
    variance = np.where(constant, 0.0, sum_squares / (n - 1))
    # autocovariances at lags 0..h-1, divisor n (as R's acf(type = "covariance"))
    lagged = [np.einsum("...t,...t->...", centred[..., k:], centred[..., : n - k]) / n
              for k in range(1, horizon)]
    gammas = np.stack([sum_squares / n, *lagged], axis=-1)
    long_run = gammas[..., 0] + 2.0 * gammas[..., 1:].sum(axis=-1)
    constant = variance == 0.0  # equal up to rounding: no variance at all
    # a negative (or zero) estimate at h > 1: lag 0 only and h = 1 throughout, as forecast's dm.test
    fell_back = (long_run <= 0.0) & (horizon > 1) & ~constant
    long_run = np.where(fell_back, gammas[..., 0], long_run)
    long_run = np.where(constant, 0.0, long_run)
    se = np.sqrt(long_run / n)
    if correction:
        se = se / _hln_factor(n, np.where(fell_back, 1, horizon))
    statistic = ratio(mean, se)
    with np.errstate(over="ignore", under="ignore"):
        return statistic, np.ldexp(mean, exponent), np.ldexp(se, exponent), fell_back


def _tail_probabilities(statistic: np.ndarray, df: float):
    """P(T <= t) and P(T >= t) for Student's t with ``df`` (inf: the normal distribution)."""
    if np.isinf(df):
        return special.ndtr(statistic), special.ndtr(-statistic)
    return special.stdtr(df, statistic), special.stdtr(df, -statistic)


def _pvalues(statistic: np.ndarray, se: np.ndarray, df: float, alternative: str) -> np.ndarray:
    """p-values for ``alternative``; with se = 0 the sign of the statistic decides (see the Notes)."""
    lower, upper = _tail_probabilities(statistic, df)
    if alternative == "two-sided":
        pvalue = np.minimum(1.0, 2.0 * np.minimum(lower, upper))
    else:
        pvalue = lower if alternative == "less" else upper
    # zero variance: all differences equal; p = 0 on the side of H1, else 1 (no evidence at all)
    on_side = {"two-sided": statistic != 0, "less": statistic < 0, "greater": statistic > 0}[alternative]
    return np.where(se > 0, pvalue, np.where(on_side, 0.0, 1.0))


def diebold_mariano_test(loss_1, loss_2, horizon=1, alternative="two-sided", correction=True,
                         confidence=0.95) -> DieboldMarianoResult:
    """Diebold-Mariano test of equal expected loss for two time-ordered series of losses.

    Parameters
    ----------
    loss_1, loss_2 : array_like, shape (n,)
        The losses of models 1 and 2 at the same n time points, in time order
        (e.g. squared or absolute forecast errors, or per-example log losses
        of a classifier scored on consecutive periods). n >= 2.
    horizon : int, optional
        The forecast horizon h >= 1 (default 1), with h < n: h-step-ahead
        forecast errors are autocorrelated up to lag h - 1, so the variance
        uses the autocovariances at lags 0 to h - 1.
    alternative : {"two-sided", "less", "greater"}, optional
        H1, worded as R's ``forecast::dm.test``: ``"two-sided"`` (default), the
        two models differ in expected loss; ``"less"``, model 2 is less accurate
        than model 1 (loss_1 has the lower expected loss, the mean difference
        is negative); ``"greater"``, model 2 is more accurate than model 1
        (loss_1 has the higher expected loss).
    correction : bool, optional
        True (default, as ``dm.test``): the Harvey, Leybourne & Newbold (1997)
        small-sample factor and Student's t with n - 1 degrees of freedom.
        False: Diebold & Mariano's (1995) original statistic with the normal
        distribution, which rejects too often in small samples.
    confidence : float, optional
        Coverage of the reported interval, in (0, 1) (default 0.95).

    Returns
    -------
    result : DieboldMarianoResult
        ``statistic``, ``pvalue``, ``mean_difference``, ``std_error``,
        ``confidence_interval``, ``df``, ``horizon``, ``alternative``,
        ``n`` and ``method``.

    Notes
    -----
    H0: :math:`E[d_t] = 0` for the loss differential
    :math:`d_t = L_{1t} - L_{2t}` (equal expected loss). With the sample
    autocovariances of d (divisor n, as R's ``acf``)

    .. math::

        \\hat\\gamma_k = \\frac{1}{n} \\sum_{t=k+1}^{n} (d_t - \\bar d)(d_{t-k} - \\bar d),
        \\qquad
        \\widehat{\\mathrm{Var}}(\\bar d) = \\frac{1}{n}
            \\Big(\\hat\\gamma_0 + 2 \\sum_{k=1}^{h-1} \\hat\\gamma_k\\Big),

    (the rectangular kernel of Diebold & Mariano 1995, ``varestimator =
    "acf"``, the default of forecast 8.20), the statistic is

    .. math::

        DM = \\frac{\\bar d}{\\sqrt{\\widehat{\\mathrm{Var}}(\\bar d)}}
        \\sqrt{\\frac{n + 1 - 2h + h(h - 1)/n}{n}}
        \\sim t_{n-1},

    the Harvey-Leybourne-Newbold (1997) modification; without the square-root
    factor and with the normal distribution it is the original test. The
    interval :math:`\\bar d \\pm q\\, se` uses the same standard error
    :math:`se = \\bar d / DM` and quantile q, so it excludes 0 exactly when
    the test rejects at level 1 - confidence.

    The test is about the expected losses, not about the models: it holds
    the two fitted models fixed, and it assumes d is covariance-stationary
    with autocorrelation beyond lag h - 1 negligible. With h > 1 the
    rectangular-kernel variance can be negative (or zero); then, as
    ``forecast::dm.test`` does (it warns), only :math:`\\hat\\gamma_0` is used
    and h = 1 in the correction factor, and ``method`` says so. If all
    differences are equal the variance is zero (``dm.test`` stops with an
    error; equal up to rounding counts as equal, as in the paired t-tests):
    then ``statistic`` is 0 when they are 0 and otherwise
    :math:`\\pm\\infty` with the sign of the mean, the p-value is 0 when the
    differences lie on the side of H1 and 1 otherwise, and the interval is
    the point (with an infinite limit for a one-sided alternative).

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    References
    ----------
    .. [1] Diebold, F. X., Mariano, R. S. (1995). Comparing predictive
       accuracy. Journal of Business & Economic Statistics 13(3), 253-263.
    .. [2] Harvey, D., Leybourne, S., Newbold, P. (1997). Testing the
       equality of prediction mean squared errors. International Journal of
       Forecasting 13(2), 281-291.
    .. [3] Hyndman, R. J., Khandakar, Y. (2008). Automatic time series
       forecasting: the forecast package for R. Journal of Statistical
       Software 27(3), 1-22.

    Examples
    --------
    >>> from lecture_lib import diebold_mariano_test
    >>> loss_1 = [0.8, 1.1, 0.4, 0.9, 1.6, 0.7, 0.5, 1.2, 0.9, 0.6, 1.0, 0.8]
    >>> loss_2 = [1.0, 1.5, 0.6, 1.0, 1.9, 1.2, 0.6, 1.3, 1.4, 0.7, 1.1, 1.2]
    >>> res = diebold_mariano_test(loss_1, loss_2, horizon=2)
    >>> round(res.statistic, 3), round(res.pvalue, 7), res.df
    (-8.092, 5.9e-06, 11.0)
    >>> print(res.confidence_interval)
    -0.25 [-0.318001, -0.181999] (95 % HLN-corrected DM t)

    Model 1's two-step-ahead losses were lower by 0.25 on average (95 %
    interval 0.18 to 0.32); if both models had the same expected loss, a
    mean difference this far from 0 would have probability about 6e-06.
    """
    one, two = check_score_pair(loss_1, loss_2, ("loss_1", "loss_2"), what="one loss per time point")
    n = one.size
    horizon = check_positive_int(horizon, "horizon")
    if horizon >= n:
        raise ValueError(f"horizon must be smaller than the number of time points ({n}), got {horizon}")
    alternative = check_option(alternative, "alternative", DM_ALTERNATIVES)
    correction = check_flag(correction, "correction")
    confidence = check_probability(confidence, "confidence")

    with np.errstate(over="ignore"):
        d = one - two
        largest = max(d.max(), -d.min())
    if not np.isfinite(largest):  # 1e308 - (-1e308); the inputs themselves are finite
        where = int(np.flatnonzero(~np.isfinite(d))[0])
        raise ValueError(f"loss_1 - loss_2 overflows to infinity at index {where}; rescale the losses")
    statistic, mean, se, fell_back = _diebold_mariano_core(d[None, :], horizon, correction)
    df = float(n - 1) if correction else np.inf
    pvalue = _pvalues(statistic, se, df, alternative)
    mean, se = float(mean[0]), float(se[0])

    two_sided = alternative == "two-sided"
    level = 0.5 + confidence / 2.0 if two_sided else confidence
    quantile = float(special.ndtri(level) if np.isinf(df) else special.stdtrit(df, level))
    half = quantile * se
    low = -np.inf if alternative == "less" else mean - half
    high = np.inf if alternative == "greater" else mean + half

    name = "HLN-corrected DM t" if correction else "DM normal"
    method = ("Diebold-Mariano with the Harvey-Leybourne-Newbold correction, t with n - 1 df" if correction
              else "Diebold-Mariano (original), normal distribution")
    if se == 0.0:
        method += "; all loss differences are equal (zero variance)"
    elif fell_back[0]:
        method += (f"; the long-run variance at horizon {horizon} was not positive, so the lag-0 variance "
                   "(horizon 1) was used, as forecast::dm.test does")
    return DieboldMarianoResult(
        statistic=float(statistic[0]),
        pvalue=float(pvalue[0]),
        mean_difference=mean,
        std_error=se,
        confidence_interval=Interval(mean, float(low), float(high), confidence, name),
        df=df,
        horizon=horizon,
        alternative=alternative,
        n=n,
        method=method,
    )
