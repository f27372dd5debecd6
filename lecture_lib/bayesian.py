"""Bayesian comparison of two algorithms, with a region of practical equivalence.

Instead of a p-value, each function returns three posterior probabilities,
named after the three regions of the difference ``first - second``:

* ``p_left``: below ``-rope``, the *second* algorithm is practically better;
* ``p_rope``: inside ``[-rope, rope]``, the region of practical equivalence
  (ROPE), the two are practically equivalent;
* ``p_right``: above ``rope``, the *first* algorithm is practically better.

What they are probabilities *of* depends on the test. For
:func:`bayesian_correlated_ttest` (one data set), they are the posterior
probabilities that the mean difference on that data set lies in each region.
For :func:`bayesian_sign_test` and :func:`bayesian_signed_rank` (many data
sets), the model has no mean difference: its unknowns are the shares
(theta_left, theta_rope, theta_right) of the population of data sets (of pairs
of data sets, for the signed-rank test) that fall in each region, and
``p_right`` is the posterior probability that theta_right is the largest of
the three, i.e. that "first practically better" is the most probable outcome
on a new data set like these. These are not shares of data sets, and
``p_rope + p_right`` is the probability that theta_left is not the largest,
not that the first algorithm is "at least as good"; ask such questions of the
``samples`` of the shares (e.g. the share of samples with theta_left < 0.1).

The orientation is the library's everywhere: differences are first minus
second, so ``p_right`` is good news for the first argument.

* :func:`bayesian_correlated_ttest`: one data set, r x k cross-validation
  scores (Corani and Benavoli 2015). The posterior is a Student distribution,
  so the probabilities are exact.
* :func:`bayesian_sign_test` and :func:`bayesian_signed_rank`: many data
  sets, one score per data set (Benavoli et al. 2014; 2017). The posterior
  comes from a Dirichlet process and is sampled (vectorised over samples).
* :func:`plot_posterior_t` and :func:`plot_posterior_simplex` draw them.

Taught in chapter 8 (``notebooks/08-bayesian-comparison``).
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import numpy as np
from scipy import special

from ._data import load
from ._drawing import REGION_COLOURS, simplex_frame, simplex_points
from ._paired_cores import mean_and_variance
from ._results import Interval, Printable, format_value
from ._validation import (
    as_generator,
    check_ax,
    check_cv_scores,
    check_names,
    check_nonnegative,
    check_option,
    check_positive,
    check_positive_int,
    check_probability,
    check_score_pair,
)

__all__ = [
    "ROPE_TESTS",
    "CorrelatedTPosterior",
    "DirichletPosterior",
    "bayesian_correlated_ttest",
    "bayesian_sign_test",
    "bayesian_signed_rank",
    "plot_posterior_t",
    "plot_posterior_simplex",
    "posterior_report",
    "bayesian_examples",
    "bayesian_example",
]

#: The tests on many data sets, by name (the ``test`` option of the chapter's widget).
ROPE_TESTS = ("sign", "signed-rank")


# --------------------------------------------------------------------------- results


class _Summary(Printable):
    """Prints the fields one per line; large arrays as their shape."""

    def format_field(self, name: str) -> str:
        value = getattr(self, name)
        if isinstance(value, np.ndarray) and value.size > 12:
            return f"array of shape {value.shape}"
        return format_value(value)

    @property
    def probabilities(self) -> tuple[float, float, float]:
        """``(p_left, p_rope, p_right)``."""
        return (self.p_left, self.p_rope, self.p_right)


@dataclasses.dataclass(frozen=True)
class CorrelatedTPosterior(_Summary):
    """Result of :func:`bayesian_correlated_ttest`.

    Attributes
    ----------
    p_left, p_rope, p_right : float
        Posterior probabilities that the mean difference (scores_1 -
        scores_2) is below ``-rope`` (the second algorithm practically
        better), inside ``[-rope, rope]``, and above ``rope`` (the first
        practically better). Exact (Student CDF); they sum to 1.
    mean : float
        Posterior location: the mean of the differences.
    scale : float
        Posterior scale: :math:`\\sqrt{(1/n + n_2/n_1)\\, s^2}`, the
        standard error of the corrected resampled t-test.
    df : int
        Degrees of freedom, n - 1.
    rope : float
        Half-width of the region of practical equivalence.
    credible_interval : Interval
        Equal-tailed credible interval for the mean difference.
    n_scores : int
        Number of scores per algorithm (r k for r repetitions of k-fold CV).
    test_train_ratio : float
        n_test / n_train, the Nadeau-Bengio correlation factor
        :math:`\\rho / (1 - \\rho)`.
    variance_factor : float
        1/n + test_train_ratio.
    """

    p_left: float
    p_rope: float
    p_right: float
    mean: float
    scale: float
    df: int
    rope: float
    credible_interval: Interval
    n_scores: int
    test_train_ratio: float
    variance_factor: float


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class DirichletPosterior(_Summary):
    """Result of :func:`bayesian_sign_test` and :func:`bayesian_signed_rank`.

    Attributes
    ----------
    p_left, p_rope, p_right : float
        Monte Carlo estimates of the posterior probabilities that, among
        (theta_left, theta_rope, theta_right), the left one (the second
        algorithm practically better on a new data set), the rope one or
        the right one (the first algorithm practically better) is the
        largest. They sum to 1.
    samples : ndarray, shape (n_samples, 3)
        Posterior samples of (theta_left, theta_rope, theta_right); each row
        sums to 1. Plot them with :func:`plot_posterior_simplex`.
    theta_mean : tuple of float
        Exact posterior mean of (theta_left, theta_rope, theta_right).
    monte_carlo_se : float
        The largest Monte Carlo standard error of the three probabilities,
        :math:`\\sqrt{p (1 - p) / n_{samples}}`.
    rope : float
        Half-width of the region of practical equivalence.
    prior_strength : float
        Weight s of the prior pseudo-observation at 0.
    n_datasets : int
        Number of paired scores (data sets).
    n_samples : int
        Number of posterior samples.
    method : str
        ``"sign"`` or ``"signed-rank"``.
    """

    p_left: float
    p_rope: float
    p_right: float
    samples: np.ndarray
    theta_mean: tuple
    monte_carlo_se: float
    rope: float
    prior_strength: float
    n_datasets: int
    n_samples: int
    method: str


# --------------------------------------------------------------------------- checks


def _check_cv_pair(scores_1, scores_2):
    one, shape_1 = check_cv_scores(scores_1, "scores_1")
    two, shape_2 = check_cv_scores(scores_2, "scores_2")
    if shape_1 != shape_2:
        raise ValueError(f"scores_1 and scores_2 must have the same shape, got {shape_1} and {shape_2}")
    return one, two


def _check_required_ratio(value) -> float:
    if value is None:
        raise TypeError(
            "test_train_ratio is required: n_test / n_train, e.g. 1 / (k - 1) for k-fold cross-validation, "
            "got None"
        )
    return check_positive(value, "test_train_ratio")


# --------------------------------------------------------------------------- correlated t


def bayesian_correlated_ttest(scores_1, scores_2, test_train_ratio, rope=0.0,
                              confidence=0.95) -> CorrelatedTPosterior:
    """Bayesian correlated t-test on the r x k cross-validation scores of two algorithms.

    Parameters
    ----------
    scores_1, scores_2 : array_like, shape (n,) or (r, k)
        Scores (e.g. accuracies) of the two algorithms on the same n = r k
        folds of r repetitions of k-fold cross-validation (at least 2); a
        2-D array (repetition x fold) is flattened.
    test_train_ratio : float
        n_test / n_train of one fold, which fixes the correlation between
        fold differences (Nadeau and Bengio 2003): 1 / (k - 1) for k-fold
        cross-validation. Required: there is no safe default.
    rope : float, optional
        Half-width of the region of practical equivalence, on the scale of
        the scores (0.01 = one point of accuracy when scores are in [0, 1]).
        0 (default) gives no region: ``p_rope`` is 0 (except for identical
        scores, see Notes).
    confidence : float, optional
        Posterior probability of the credible interval, in (0, 1).

    Returns
    -------
    result : CorrelatedTPosterior
        ``p_left`` (scores_2 practically better), ``p_rope``, ``p_right``
        (scores_1 practically better), the posterior ``mean``, ``scale``,
        ``df`` and ``credible_interval`` of the mean difference.

    Notes
    -----
    With differences :math:`d_i` = scores_1 - scores_2, their mean
    :math:`\\bar d` and sample variance :math:`s^2`, the fold differences are
    modelled as normal with mean :math:`\\mu` and a common correlation
    :math:`\\rho = n_2 / (n_1 + n_2)` between any two of them (n_1 training,
    n_2 test examples). Under the non-informative prior of Corani and
    Benavoli (2015), the posterior of :math:`\\mu` is Student's t

    .. math::

        \\mu \\mid d \\sim \\mathrm{St}\\Big(n - 1,\\; \\bar d,\\;
        \\big(\\tfrac1n + \\tfrac{\\rho}{1-\\rho}\\big) s^2\\Big),
        \\qquad \\frac{\\rho}{1-\\rho} = \\frac{n_2}{n_1},

    and :math:`p_{left} = P(\\mu < -r)`, :math:`p_{right} = P(\\mu > r)`,
    :math:`p_{rope} = P(-r \\le \\mu \\le r)` for the ROPE half-width r.
    The scale is the standard error of the corrected resampled t-test
    (:func:`lecture_lib.resampled_ttest` with the same ratio), so with
    ``rope = 0``, ``p_left`` equals the one-sided corrected-t p-value for
    H1 "scores_1 > scores_2": a frequentist and a Bayesian reading of the
    same numbers. The variance factor inherits the approximation of the
    corrected t: the correlation n_2 / (n_1 + n_2) is a heuristic, and the
    test is about this data set only.

    If all differences are equal (s = 0), the posterior is a point mass at
    :math:`\\bar d`: ``p_left`` is 1 if :math:`\\bar d < -r`, ``p_right`` is
    1 if :math:`\\bar d > r`, else ``p_rope`` is 1 (also when r = 0 and
    :math:`\\bar d = 0`; baycomp splits that case 0.5 / 0.5), and the credible
    interval is the point.

    Taught in chapter 8 (``notebooks/08-bayesian-comparison``).

    References
    ----------
    .. [1] Corani, G., Benavoli, A. (2015). A Bayesian approach for comparing
       cross-validated algorithms on multiple data sets. Machine Learning
       100(2-3), 285-304.
    .. [2] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for
       a change: a tutorial for comparing multiple classifiers through
       Bayesian analysis. Journal of Machine Learning Research 18(77), 1-36.
    .. [3] Nadeau, C., Bengio, Y. (2003). Inference for the generalization
       error. Machine Learning 52(3), 239-281.

    Examples
    --------
    >>> from lecture_lib import bayesian_correlated_ttest
    >>> a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.79, 0.83, 0.82]
    >>> b = [0.79, 0.81, 0.80, 0.80, 0.82, 0.80, 0.83, 0.78, 0.80, 0.81]
    >>> res = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9, rope=0.01)
    >>> [round(p, 3) for p in res.probabilities]
    [0.0, 0.054, 0.946]
    >>> print(res.credible_interval)
    0.019 [0.00756147, 0.0304385] (95 % Student posterior, equal-tailed)

    On one 10-fold cross-validation, the first algorithm is better by more
    than one point of accuracy with posterior probability 0.946; the mean
    gain is 1.9 points (95 % credible interval 0.8 to 3.0 points). Without a
    ROPE, ``p_left`` is the one-sided p-value of the corrected t-test:

    >>> from lecture_lib import resampled_ttest
    >>> no_rope = bayesian_correlated_ttest(a, b, test_train_ratio=1 / 9)
    >>> corrected = resampled_ttest(a, b, test_train_ratio=1 / 9)
    >>> bool(abs(no_rope.p_left - corrected.pvalue / 2) < 1e-12)
    True
    """
    one, two = _check_cv_pair(scores_1, scores_2)
    ratio = _check_required_ratio(test_train_ratio)
    rope = check_nonnegative(rope, "rope")
    confidence = check_probability(confidence, "confidence")
    n = one.size
    mean, var = mean_and_variance(one - two)
    mean, var = float(mean), float(var)
    factor = 1.0 / n + ratio
    scale = float(np.sqrt(factor * var))
    df = n - 1
    if scale > 0.0:
        # special.stdtr is the CDF of Student's t; P(mu < a) = stdtr(df, (a - mean) / scale).
        p_left = float(special.stdtr(df, (-rope - mean) / scale))
        p_right = float(special.stdtr(df, (mean - rope) / scale))
        p_rope = 0.0 if rope == 0.0 else float(min(max(1.0 - p_left - p_right, 0.0), 1.0))
        half = float(special.stdtrit(df, 0.5 + confidence / 2.0)) * scale
    else:  # a point mass at the mean
        p_left = float(mean < -rope)
        p_right = float(mean > rope)
        p_rope = 1.0 - p_left - p_right
        half = 0.0
    interval = Interval(mean, mean - half, mean + half, confidence, "Student posterior, equal-tailed")
    return CorrelatedTPosterior(
        p_left=p_left,
        p_rope=p_rope,
        p_right=p_right,
        mean=mean,
        scale=scale,
        df=df,
        rope=rope,
        credible_interval=interval,
        n_scores=n,
        test_train_ratio=ratio,
        variance_factor=factor,
    )


# --------------------------------------------------------------------------- Dirichlet-process tests


def _heaviside(a: np.ndarray) -> np.ndarray:
    """1 above zero, 1/2 at zero, 0 below (the Wilcoxon convention for ties)."""
    return np.where(a > 0, 1.0, np.where(a == 0, 0.5, 0.0))


def _most_probable(theta: np.ndarray) -> np.ndarray:
    """Share of samples in which each row of ``theta`` (3, n_samples) is the largest; ties share equally."""
    top = np.maximum(np.maximum(theta[0], theta[1]), theta[2])
    wins = theta == top  # (3, n_samples); one row per region, contiguous
    count = wins.sum(axis=0, dtype=np.int8)
    if np.all(count == 1):  # no ties: the usual case with continuous draws
        return wins.mean(axis=1)
    return (wins / count).mean(axis=1)


def _gammas(rng: np.random.Generator, shape, size) -> np.ndarray:
    """Gamma(shape, 1) draws, with shape 0 giving exactly 0 (a degenerate Dirichlet part)."""
    if shape == 0:
        return np.zeros(size)
    if shape == 1:
        return rng.standard_exponential(size)
    return rng.standard_gamma(shape, size)


@lru_cache(maxsize=1)
def _blas_controller():
    from threadpoolctl import ThreadpoolController

    return ThreadpoolController()


def _signed_rank_theta(weights: np.ndarray, z: np.ndarray, rope: float) -> np.ndarray:
    """(theta_left, theta_rope, theta_right) for each row of Dirichlet weights.

    theta_right = sum_ij w_i w_j H(z_i + z_j - 2 rope), theta_left the same
    with H(-(z_i + z_j) - 2 rope): the quadratic forms w A w^T of all rows at
    once, as one matrix product (no loop over samples).
    """
    sums = z[:, None] + z[None, :]
    both = np.concatenate([_heaviside(-sums - 2.0 * rope), _heaviside(sums - 2.0 * rope)], axis=1)
    m = z.size
    out = np.empty((3, weights.shape[0]))  # one row per region: fast to compare and count
    step = max(1, 2_000_000 // (2 * m))  # rows per block: bounded memory for large inputs
    # A tall, thin product: one BLAS thread is as fast, and on a busy machine spinning threads
    # make it several times slower. The previous limits are restored on exit.
    with _blas_controller().limit(limits=1, user_api="blas"):
        for start in range(0, weights.shape[0], step):
            w = weights[start:start + step]
            products = w @ both  # (rows, 2m)
            out[0, start:start + step] = np.einsum("ij,ij->i", products[:, :m], w)
            out[2, start:start + step] = np.einsum("ij,ij->i", products[:, m:], w)
    out[1] = np.clip(1.0 - out[0] - out[2], 0.0, 1.0)
    return out


def _posterior(theta, theta_mean, rope, prior_strength, n, method) -> DirichletPosterior:
    """The result from samples ``theta`` of shape (3, n_samples)."""
    probs = _most_probable(theta)
    n_samples = theta.shape[1]
    se = float(np.max(np.sqrt(probs * (1.0 - probs) / n_samples)))
    theta.setflags(write=False)
    return DirichletPosterior(
        p_left=float(probs[0]),
        p_rope=float(probs[1]),
        p_right=float(probs[2]),
        samples=theta.T,  # (n_samples, 3), a read-only view
        theta_mean=tuple(float(v) for v in theta_mean),
        monte_carlo_se=se,
        rope=rope,
        prior_strength=prior_strength,
        n_datasets=n,
        n_samples=n_samples,
        method=method,
    )


def bayesian_sign_test(x, y, rope=0.0, prior_strength=1.0, n_samples=50_000, seed=None) -> DirichletPosterior:
    """Bayesian sign test over data sets, with a region of practical equivalence.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Scores of two algorithms on the same n >= 2 data sets (one score
        per data set, e.g. the mean accuracy of a cross-validation).
    rope : float, optional
        Half-width of the region of practical equivalence, on the scale of
        the scores. 0 (default): only exact ties count as equivalent.
    prior_strength : float, optional
        Weight s > 0 of the prior pseudo-observation at difference 0
        (default 1, as in Benavoli et al. 2017 and baycomp).
    n_samples : int, optional
        Number of posterior samples (>= 1).
    seed : int, numpy.random.Generator or None, optional
        Source of randomness; an int makes the result reproducible.

    Returns
    -------
    result : DirichletPosterior
        ``p_left``, ``p_rope``, ``p_right``: the posterior probabilities
        that "y practically better", "practically equivalent" and "x
        practically better" is the most probable outcome on a new data set;
        the ``samples`` of (theta_left, theta_rope, theta_right), their exact
        ``theta_mean`` and the Monte Carlo error.

    Notes
    -----
    With :math:`d_i = x_i - y_i`, let :math:`n_l, n_e, n_r` count the data
    sets with :math:`d_i < -r`, :math:`|d_i| \\le r` and :math:`d_i > r`.
    The distribution of the difference on a new data set gets a Dirichlet
    process prior whose base measure is a single pseudo-observation at 0
    (inside the ROPE) of weight s. The posterior probabilities of the three
    regions are then

    .. math::

        (\\theta_l, \\theta_e, \\theta_r) \\sim
        \\mathrm{Dirichlet}(n_l,\\; n_e + s,\\; n_r),

    sampled as independent Gamma variables divided by their sum (a zero
    parameter gives a component that is exactly 0). ``p_right`` is the
    share of samples in which :math:`\\theta_r` is the largest of the three
    ("on a new data set, x practically wins more often than anything
    else"), and so on; exact ties of the largest share equally. The exact
    posterior mean is :math:`(n_l, n_e + s, n_r) / (n + s)`. The Monte Carlo
    standard error of each probability is :math:`\\sqrt{p(1-p)/n_{samples}}`,
    at most 0.0022 with the default 50 000 samples.

    The test needs only the signs of :math:`d_i \\pm r`, so scores on
    incommensurable scales are fine; it assumes independent data sets.
    Differences are compared with the ROPE in floating point: round the
    scores to their precision first, or 0.768 - 0.763 (= 0.005000000000000004)
    falls outside a ROPE of 0.005.
    baycomp adds 0.0001 to every Dirichlet parameter and, when rope = 0,
    reports only :math:`p_l / (p_l + p_r)` and :math:`p_r / (p_l + p_r)`.

    Taught in chapter 8 (``notebooks/08-bayesian-comparison``).

    References
    ----------
    .. [1] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for
       a change: a tutorial for comparing multiple classifiers through
       Bayesian analysis. Journal of Machine Learning Research 18(77), 1-36.
    .. [2] Benavoli, A., Mangili, F., Corani, G., Zaffalon, M., Ruggeri, F.
       (2014). A Bayesian Wilcoxon signed-rank test based on the Dirichlet
       process. Proceedings of ICML 2014, PMLR 32, 1026-1034.

    Examples
    --------
    >>> from lecture_lib import bayesian_sign_test
    >>> tuned = [0.768, 0.591, 0.971, 0.661, 0.888, 0.931, 0.668, 0.583, 0.838, 1.0, 0.962, 0.666,
    ...          0.981, 0.978]
    >>> plain = [0.763, 0.599, 0.954, 0.628, 0.882, 0.936, 0.661, 0.583, 0.775, 1.0, 0.940, 0.619,
    ...          0.972, 0.957]
    >>> res = bayesian_sign_test(tuned, plain, rope=0.01, seed=0)
    >>> [round(p, 3) for p in res.probabilities], res.theta_mean
    ([0.0, 0.787, 0.213], (0.0, 0.6, 0.4))

    On Demšar's (2006) 14 data sets, tuning C4.5's m gains more than 0.01
    AUC on 6 data sets, loses more than 0.01 on none and stays within 0.01
    on 8. The posterior probability that "practically equivalent" is the
    most frequent outcome on a new data set of this kind is 0.79 (and 0.21
    that "tuning practically better" is).
    """
    x, y = check_score_pair(x, y)
    rope = check_nonnegative(rope, "rope")
    prior_strength = check_positive(prior_strength, "prior_strength")
    n_samples = check_positive_int(n_samples, "n_samples")
    rng = as_generator(seed)
    d = x - y
    n_left = int(np.count_nonzero(d < -rope))
    n_right = int(np.count_nonzero(d > rope))
    alpha = np.array([n_left, d.size - n_left - n_right + prior_strength, n_right], dtype=float)
    theta = np.empty((3, n_samples))  # one row per region
    for row, a in enumerate(alpha):
        theta[row] = _gammas(rng, a, n_samples)
    theta /= theta[0] + theta[1] + theta[2]
    return _posterior(theta, alpha / alpha.sum(), rope, prior_strength, d.size, "sign")


def bayesian_signed_rank(x, y, rope=0.0, prior_strength=0.5, n_samples=50_000,
                         seed=None) -> DirichletPosterior:
    """Bayesian signed-rank test over data sets, with a region of practical equivalence.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Scores of two algorithms on the same n >= 2 data sets (one score
        per data set, e.g. the mean accuracy of a cross-validation).
    rope : float, optional
        Half-width of the region of practical equivalence, on the scale of
        the scores. 0 (default): no region, ``p_rope`` is 0.
    prior_strength : float, optional
        Weight s > 0 of the prior pseudo-observation at difference 0
        (default 0.5, as in baycomp).
    n_samples : int, optional
        Number of posterior samples (>= 1).
    seed : int, numpy.random.Generator or None, optional
        Source of randomness; an int makes the result reproducible.

    Returns
    -------
    result : DirichletPosterior
        ``p_left``, ``p_rope``, ``p_right``: the posterior probabilities
        that "y practically better", "practically equivalent" and "x
        practically better" is the most probable outcome on a new pair of data
        sets (their average difference);
        the ``samples`` of (theta_left, theta_rope, theta_right), their exact
        ``theta_mean`` and the Monte Carlo error.

    Notes
    -----
    Let :math:`z_0 = 0` be the prior pseudo-observation and
    :math:`z_i = x_i - y_i` (i = 1..n) the differences. Under a Dirichlet
    process prior with base measure :math:`s\\,\\delta_0`, the posterior of
    the distribution of the difference on a new data set puts random weights

    .. math::

        (w_0, w_1, \\dots, w_n) \\sim \\mathrm{Dirichlet}(s, 1, \\dots, 1)

    on :math:`z_0, \\dots, z_n`. The signed-rank test looks at the sum of
    the differences of two independent new data sets (the Walsh averages
    behind Wilcoxon's statistic), so its three parameters are

    .. math::

        \\theta_r = \\sum_{i=0}^{n} \\sum_{j=0}^{n} w_i w_j\\, H(z_i + z_j - 2r),
        \\quad
        \\theta_l = \\sum_{i,j} w_i w_j\\, H(-z_i - z_j - 2r),
        \\quad
        \\theta_e = 1 - \\theta_l - \\theta_r,

    with H(a) = 1 for a > 0, 1/2 for a = 0 and 0 below (as baycomp and
    the tutorial's code). Each is a quadratic form :math:`w A w^\\top`; all
    samples are computed at once as one matrix product (the weights are
    normalised Gamma variables). ``p_right`` is the share of samples in which
    :math:`\\theta_r` is the largest of the three, and so on (exact ties
    share equally); their Monte Carlo standard error is at most 0.0022 with
    50 000 samples. The exact posterior mean uses
    :math:`E[w_i w_j] = \\alpha_i(\\alpha_j + [i = j]) / (\\alpha_0(\\alpha_0 + 1))`
    with :math:`\\alpha = (s, 1, \\dots, 1)`, :math:`\\alpha_0 = n + s`.

    Like Wilcoxon's test, it treats the differences as commensurable across
    data sets and the data sets as independent. Time and memory grow as
    n_samples x n^2 (the n + 1 by n + 1 matrix of pair sums), which is fine
    for the tens to hundreds of data sets of a benchmark. With rope = 0, ``p_rope`` is
    0 and all differences equal to 0 give ``p_left = p_right = 0.5``.

    Taught in chapter 8 (``notebooks/08-bayesian-comparison``).

    References
    ----------
    .. [1] Benavoli, A., Mangili, F., Corani, G., Zaffalon, M., Ruggeri, F.
       (2014). A Bayesian Wilcoxon signed-rank test based on the Dirichlet
       process. Proceedings of ICML 2014, PMLR 32, 1026-1034.
    .. [2] Benavoli, A., Corani, G., Demšar, J., Zaffalon, M. (2017). Time for
       a change: a tutorial for comparing multiple classifiers through
       Bayesian analysis. Journal of Machine Learning Research 18(77), 1-36.

    Examples
    --------
    >>> from lecture_lib import bayesian_signed_rank
    >>> tuned = [0.768, 0.591, 0.971, 0.661, 0.888, 0.931, 0.668, 0.583, 0.838, 1.0, 0.962, 0.666,
    ...          0.981, 0.978]
    >>> plain = [0.763, 0.599, 0.954, 0.628, 0.882, 0.936, 0.661, 0.583, 0.775, 1.0, 0.940, 0.619,
    ...          0.972, 0.957]
    >>> res = bayesian_signed_rank(tuned, plain, rope=0.01, seed=0)
    >>> [round(p, 3) for p in res.probabilities]
    [0.0, 0.329, 0.671]

    Wilcoxon's test on these 14 data sets (Demšar 2006) gives p = 0.008,
    but with a ROPE of 0.01 AUC the posterior probability that tuning C4.5's
    m is practically better is only 0.67, and 0.33 that the two are
    practically equivalent: the data do not settle the practical question.
    """
    x, y = check_score_pair(x, y)
    rope = check_nonnegative(rope, "rope")
    prior_strength = check_positive(prior_strength, "prior_strength")
    n_samples = check_positive_int(n_samples, "n_samples")
    rng = as_generator(seed)
    z = np.concatenate([[0.0], x - y])
    # The data's Exp(1) draws first, then the prior's Gamma(s): the same seed gives the same
    # data weights whatever s is, so the chapter's widget moves the points smoothly.
    gammas = np.empty((n_samples, z.size))
    gammas[:, 1:] = rng.standard_exponential((n_samples, z.size - 1))
    gammas[:, 0] = _gammas(rng, prior_strength, n_samples)
    weights = gammas / gammas.sum(axis=1, keepdims=True)
    theta = _signed_rank_theta(weights, z, rope)
    return _posterior(theta, _signed_rank_mean(z, prior_strength, rope), rope, prior_strength, z.size - 1,
                      "signed-rank")


def _signed_rank_mean(z: np.ndarray, prior_strength: float, rope: float) -> np.ndarray:
    """Exact posterior mean of (theta_left, theta_rope, theta_right) of the signed-rank test."""
    alpha = np.ones(z.size)
    alpha[0] = prior_strength
    total = alpha.sum()
    second_moment = (np.outer(alpha, alpha) + np.diag(alpha)) / (total * (total + 1.0))  # E[w_i w_j]
    sums = z[:, None] + z[None, :]
    left = float(np.sum(second_moment * _heaviside(-sums - 2.0 * rope)))
    right = float(np.sum(second_moment * _heaviside(sums - 2.0 * rope)))
    return np.array([left, max(1.0 - left - right, 0.0), right])


# --------------------------------------------------------------------------- plots

#: Colours of the three regions: second better, practically equivalent, first better.


def _check_names(names):
    return check_names(names, 2, default=("scores_1", "scores_2"), what="algorithm (first, second)")


def _check_result(result, kinds, name="result"):
    if not isinstance(result, kinds):
        wanted = " or ".join(k.__name__ for k in kinds)
        raise TypeError(f"{name} must be a {wanted}, got {type(result).__name__}")
    return result


def plot_posterior_t(result, names=None, ax=None):
    """Posterior density of the mean difference, with the ROPE shaded (chapter 8).

    Parameters
    ----------
    result : CorrelatedTPosterior
        From :func:`bayesian_correlated_ttest`.
    names : (str, str), optional
        Names of the first and the second algorithm.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure by default.

    Returns
    -------
    ax : matplotlib.axes.Axes
        The Student density, its area below ``-rope`` (second algorithm
        practically better), inside the ROPE and above ``rope`` (first
        practically better) in three colours, each labelled with its
        probability; dashed lines at the ROPE's limits. A posterior with
        zero scale is drawn as a single spike (a point mass).

    Examples
    --------
    >>> from lecture_lib import bayesian_correlated_ttest, plot_posterior_t
    >>> res = bayesian_correlated_ttest([0.8, 0.82, 0.85, 0.81], [0.79, 0.8, 0.82, 0.8], 1 / 3, rope=0.01)
    >>> ax = plot_posterior_t(res, names=("A", "B"))
    >>> ax.get_xlabel()
    'mean difference A - B'
    """
    import matplotlib.pyplot as plt
    from scipy import stats

    check_ax(ax)
    result = _check_result(result, (CorrelatedTPosterior,))
    first, second = _check_names(names)
    if ax is None:
        _, ax = plt.subplots(figsize=(6.4, 3.4))
    labels = (f"{second} practically better: {result.p_left:.3g}",
              f"practically equivalent: {result.p_rope:.3g}",
              f"{first} practically better: {result.p_right:.3g}")
    rope = result.rope
    if result.scale > 0:
        low = min(result.mean + result.scale * float(special.stdtrit(result.df, 0.0005)), -1.3 * rope)
        high = max(result.mean + result.scale * float(special.stdtrit(result.df, 0.9995)), 1.3 * rope)
        grid = np.linspace(low, high, 801)
        density = stats.t.pdf(grid, result.df, loc=result.mean, scale=result.scale)
        ax.plot(grid, density, color="black", linewidth=1.2)
        regions = (grid <= -rope, (grid >= -rope) & (grid <= rope), grid >= rope)
        for region, colour, label in zip(regions, REGION_COLOURS, labels):
            if rope == 0 and colour == REGION_COLOURS[1]:
                continue
            ax.fill_between(grid, density, where=region, color=colour, alpha=0.45, linewidth=0, label=label)
        ax.set_ylim(bottom=0)
    else:
        which = int(np.argmax(result.probabilities))
        ax.vlines(result.mean, 0, 1, color=REGION_COLOURS[which], linewidth=3,
                  label=f"point mass at {result.mean:.4g}: {labels[which]}")
        span = max(rope, abs(result.mean), 1e-3)
        ax.set_xlim(-1.5 * span, 1.5 * span)
        ax.set_ylim(0, 1.2)
    if rope > 0:
        for edge in (-rope, rope):
            ax.axvline(edge, color="0.3", linestyle="--", linewidth=1)
    ax.axvline(0, color="0.3", linestyle=":", linewidth=1)
    ax.set_xlabel(f"mean difference {first} - {second}")
    ax.set_ylabel("posterior density")
    ax.legend(loc="upper left", fontsize=9, frameon=False)
    return ax


def plot_posterior_simplex(result, names=None, ax=None, max_points: int = 5000):
    """Posterior samples of a sign or signed-rank test in the probability simplex (chapter 8).

    Parameters
    ----------
    result : DirichletPosterior
        From :func:`bayesian_sign_test` or :func:`bayesian_signed_rank`.
    names : (str, str), optional
        Names of the first and the second algorithm.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure by default.
    max_points : int, optional
        How many samples to draw (the first ones: the samples are i.i.d.).

    Returns
    -------
    ax : matplotlib.axes.Axes
        An equilateral triangle (fixed aspect ratio) whose corners are
        "second practically better" (bottom left, theta_left = 1), "first
        practically better" (bottom right) and "practically equivalent"
        (top). Each sample (theta_left, theta_rope, theta_right) is a point
        in barycentric coordinates, coloured by its largest component; the
        dashed lines from the centre bound the three regions, so the share
        of points in a region is that region's probability, printed at its
        corner.

    Examples
    --------
    >>> from lecture_lib import bayesian_signed_rank, plot_posterior_simplex
    >>> res = bayesian_signed_rank([0.8, 0.7, 0.9, 0.85, 0.6], [0.78, 0.7, 0.85, 0.86, 0.58],
    ...                            rope=0.01, seed=0)
    >>> ax = plot_posterior_simplex(res, names=("A", "B"), max_points=500)
    >>> ax.get_aspect()
    1.0
    """
    import matplotlib.pyplot as plt

    check_ax(ax)
    result = _check_result(result, (DirichletPosterior,))
    first, second = _check_names(names)
    max_points = check_positive_int(max_points, "max_points")
    if ax is None:
        _, ax = plt.subplots(figsize=(5.0, 4.6))
    simplex_frame(ax, first, second)
    simplex_points(ax, result, max_points)
    return ax


# --------------------------------------------------------------------------- report


def posterior_report(result, names=None, decision: float = 0.95) -> str:
    """The three probabilities of a Bayesian comparison as HTML, in words (chapter 8).

    Parameters
    ----------
    result : CorrelatedTPosterior or DirichletPosterior
        From any of the three tests of this module.
    names : (str, str), optional
        Names of the first and the second algorithm.
    decision : float, optional
        The posterior probability above which a region counts as settled
        (0.95 in Benavoli et al. 2017), in (0, 1).

    Returns
    -------
    html : str
        A table of the three regions and their probabilities, and a
        sentence: which region (if any) has probability above ``decision``.

    Examples
    --------
    >>> from lecture_lib import bayesian_correlated_ttest, posterior_report
    >>> res = bayesian_correlated_ttest([0.8, 0.82, 0.85, 0.81], [0.79, 0.8, 0.82, 0.8], 1 / 3, rope=0.01)
    >>> "practically equivalent" in posterior_report(res, names=("A", "B"))
    True
    """
    result = _check_result(result, (CorrelatedTPosterior, DirichletPosterior))
    first, second = _check_names(names)
    decision = check_probability(decision, "decision")
    rope = result.rope
    what = (f"{second} practically better (difference below -{rope:g})",
            f"practically equivalent (difference within ±{rope:g})",
            f"{first} practically better (difference above {rope:g})")
    rows = "".join(f"<tr><td>{w}</td><td class='probability'>{p:.3f}</td></tr>"
                   for w, p in zip(what, result.probabilities))
    if isinstance(result, DirichletPosterior):
        source = (f"Bayesian {result.method} test on {result.n_datasets} data sets, prior strength "
                  f"{result.prior_strength:g}, {result.n_samples} posterior samples (Monte Carlo "
                  f"standard error up to {result.monte_carlo_se:.4f})")
        new = "a new pair of data sets" if result.method == "signed-rank" else "a new data set"
        header = f"posterior probability that this outcome is the most probable on {new}"
        outcomes = (f"'{second} practically better'", "'practically equivalent'",
                    f"'{first} practically better'")
        settled = [f"{o} is the most probable outcome on {new} of this kind"
                   for o, p in zip(outcomes, result.probabilities) if p > decision]
        unit = f"about the most probable outcome on {new} of this kind"
    else:
        source = (f"Bayesian correlated t-test on {result.n_scores} cross-validation scores; mean difference "
                  f"{result.mean:.4g}, {100 * result.credible_interval.confidence:g} % credible interval "
                  f"[{result.credible_interval.low:.4g}, {result.credible_interval.high:.4g}]")
        header = "posterior probability"
        settled = [f"{w} ({first} vs {second}) for the mean difference on this data set"
                   for w, p in zip(("the second is practically better", "they are practically equivalent",
                                    "the first is practically better"), result.probabilities) if p > decision]
        unit = "for the mean difference on this data set"
    if settled:
        verdict = f"With posterior probability above {decision:g}, {settled[0]}."
    else:
        verdict = (f"No region has posterior probability above {decision:g}: the data do not settle the "
                   f"comparison {unit}.")
    return (f"<p>{source}.</p><table class='posterior'><thead><tr><th>region</th><th>{header}</th>"
            f"</tr></thead><tbody>{rows}</tbody></table><p>{verdict}</p>")


# --------------------------------------------------------------------------- published examples


def bayesian_examples() -> dict:
    """The published examples of chapter 8, keyed by ``key`` (fresh copies).

    Returns
    -------
    examples : dict
        ``"benavoli2017_anneal_audiology"``: 10 x 10 cross-validation
        accuracies (percent) of NBC and AODE on anneal and audiology, with
        the tutorial's printed probabilities. ``"benavoli2017_uci54"``: the
        mean accuracies (percent) of five classifiers on 54 UCI data sets,
        with the probabilities printed by the tutorial and by baycomp's
        documentation. Each has ``source``, ``provenance`` and ``notes``.

    Examples
    --------
    >>> from lecture_lib import bayesian_examples
    >>> sorted(bayesian_examples())
    ['benavoli2017_anneal_audiology', 'benavoli2017_uci54']
    """
    return {item["key"]: item for item in load("bayesian_examples.json")["examples"]}


def bayesian_example(key: str) -> dict:
    """One example of :func:`bayesian_examples` by key (a fresh copy).

    Examples
    --------
    >>> from lecture_lib import bayesian_example
    >>> uci = bayesian_example("benavoli2017_uci54")
    >>> len(uci["datasets"]), uci["classifiers"]
    (54, ['nbc', 'aode', 'hnb', 'j48', 'j48gr'])
    """
    examples = bayesian_examples()
    check_option(key, "key", tuple(examples))
    return examples[key]
