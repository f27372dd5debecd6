"""Intervals for accuracies and paired differences: published examples, oracles, coverage, bad input.

Sources of the numbers: lecture_lib/data/interval_examples.json (each entry
names its paper and where its values were read); oracles are statsmodels'
proportion_confint and confint_proportions_2indep and scipy's binomtest; the mid-p
limits are checked against a brute-force root finder on their defining equation.
"""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import optimize, special, stats
from statsmodels.stats.proportion import confint_proportions_2indep, proportion_confint

from lecture_lib import (
    DIFFERENCE_METHODS,
    MCNEMAR_METHODS,
    PROPORTION_METHODS,
    Interval,
    interval_examples,
    mcnemar,
    mcnemar_odds_ratio,
    paired_accuracy_difference,
    proportion_interval,
)
from lecture_lib._interval_formulas import difference_limits, z_quantile
from lecture_lib.intervals import ODDS_RATIO_METHODS
from lecture_lib.mcnemar import MCNEMAR_INTERVALS

EXAMPLES = interval_examples()
STATSMODELS_NAME = {"wilson": "wilson", "clopper-pearson": "beta", "agresti-coull": "agresti_coull", "wald": "normal"}


def _printed_cases(kind):
    for key, example in sorted(EXAMPLES.items()):
        if example.kind == kind:
            for method, limits in example.printed.items():
                yield pytest.param(example, method, limits, id=f"{key}-{method}")


def _assert_to_printed(value, printed, decimals):
    # the source rounds to `decimals`: ours must round to the same number
    assert abs(value - printed) <= 0.5 * 10.0**-decimals + 1e-12, (value, printed)


def test_fixture_file_has_provenance():
    assert len(EXAMPLES) >= 15
    for example in EXAMPLES.values():
        assert example.source and example.notes and example.title
        assert example.kind in {
            "proportion",
            "paired_difference",
            "odds_ratio",
            "mcnemar_sample_size",
            "nemenyi_n_datasets",
        }


# --------------------------------------------------------------------------- one proportion


@pytest.mark.parametrize("example, method, limits", list(_printed_cases("proportion")))
def test_proportion_published_examples(example, method, limits):
    # Newcombe (1998, single proportion) and Fagerland et al.'s contingencytables package
    inputs = example.inputs
    result = proportion_interval(inputs["successes"], inputs["n"], inputs["confidence"], method)
    _assert_to_printed(result.low, limits[0], example.decimals)
    _assert_to_printed(result.high, limits[1], example.decimals)
    assert result.estimate == inputs["successes"] / inputs["n"]


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 5000), st.data(), st.sampled_from(sorted(STATSMODELS_NAME)),
       st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_proportion_matches_statsmodels(n, data, method, confidence):
    k = data.draw(st.one_of(st.just(0), st.just(n), st.integers(0, n)))
    ours = proportion_interval(k, n, confidence, method)
    low, high = proportion_confint(k, n, alpha=1 - confidence, method=STATSMODELS_NAME[method])
    assert ours.low == pytest.approx(float(low), abs=1e-9)
    assert ours.high == pytest.approx(float(high), abs=1e-9)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 3000), st.data(), st.sampled_from([0.9, 0.95, 0.99]))
def test_proportion_matches_scipy_binomtest(n, data, confidence):
    k = data.draw(st.one_of(st.just(0), st.just(n), st.integers(0, n)))
    result = stats.binomtest(k, n)
    for ours_name, scipy_name in (("clopper-pearson", "exact"), ("wilson", "wilson"), ("wilson-cc", "wilsoncc")):
        ref = result.proportion_ci(confidence_level=confidence, method=scipy_name)
        ours = proportion_interval(k, n, confidence, ours_name)
        assert ours.low == pytest.approx(float(ref.low), abs=1e-9)
        assert ours.high == pytest.approx(float(ref.high), abs=1e-9)


@pytest.mark.parametrize("method", PROPORTION_METHODS)
def test_proportion_contains_estimate_and_is_exact_at_the_ends(method):
    # every k of every n up to 300, vectorised; rounding must never leave the estimate outside
    for n in range(1, 301):
        k = np.arange(n + 1)
        result = proportion_interval(k, n, 0.95, method)
        assert np.all(result.low <= result.estimate) and np.all(result.estimate <= result.high)
        assert np.all((0.0 <= result.low) & (result.high <= 1.0))
        assert result.low[0] == 0.0 and result.high[-1] == 1.0  # exactly [0, x] and [x, 1]
        assert result.estimate[0] == 0.0 and result.estimate[-1] == 1.0


def test_proportion_boundaries_exactly_zero_where_the_old_helper_was_not():
    # issue 15: the Wilson helper of the simulations put the lower limit of 0/3 at 5.6e-17
    for n in (3, 7, 10, 1000, 10**7):
        assert proportion_interval(0, n).low == 0.0
        assert proportion_interval(n, n).high == 1.0


def test_wald_collapses_at_the_ends():
    # the wrong way: 0 of 20 gives the single point [0, 0]
    result = proportion_interval(0, 20, method="wald")
    assert (result.low, result.high) == (0.0, 0.0)
    assert proportion_interval(0, 20, method="wilson").high > 0.15


def test_wilson_limits_invert_the_score_test():
    # definition: the Wilson limits are the p at which |k/n - p| = z sqrt(p (1 - p) / n)
    rng = np.random.default_rng(11)
    n = rng.integers(2, 2000, 200)
    k = rng.integers(1, n)  # 1 <= k < n
    z = stats.norm.ppf(0.975)
    result = proportion_interval(k, n)
    for p in (result.low, result.high):
        assert np.allclose(np.abs(k / n - p), z * np.sqrt(p * (1 - p) / n), rtol=1e-9, atol=1e-13)


def test_clopper_pearson_limits_are_binomial_tail_quantiles():
    # definition: P(X >= k | p_low) = alpha / 2 and P(X <= k | p_high) = alpha / 2
    rng = np.random.default_rng(12)
    n = rng.integers(2, 2000, 200)
    k = rng.integers(1, n)
    result = proportion_interval(k, n, 0.9, "clopper-pearson")
    assert np.allclose(stats.binom.sf(k - 1, n, result.low), 0.05, rtol=1e-8)
    assert np.allclose(stats.binom.cdf(k, n, result.high), 0.05, rtol=1e-8)


def _midp_tails_by_summation(p, k, n):
    """P(X > k) + P(X = k)/2 and P(X < k) + P(X = k)/2 for X ~ Bin(n, p), summed term by term."""
    pmf = [math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(n + 1)]
    return sum(pmf[k + 1 :]) + pmf[k] / 2, sum(pmf[:k]) + pmf[k] / 2


@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_midp_limits_solve_their_defining_equation(confidence):
    # Berry & Armitage (1995): each mid-p limit puts (1 - confidence)/2 in the mid-p tail beyond k.
    # Oracle: the tails summed term by term and solved with brentq, for every k of every n <= 40
    # (independent of the incomplete beta function and the root finder of the library).
    tail = (1 - confidence) / 2
    for n in range(1, 41):
        result = proportion_interval(np.arange(n + 1), n, confidence, "midp")
        for k in range(n + 1):
            def excess(p, side, k=k, n=n):
                return _midp_tails_by_summation(p, k, n)[side] - tail

            low = 0.0 if k == 0 else optimize.brentq(excess, 1e-15, 1.0, args=(0,), xtol=1e-16, rtol=1e-14)
            high = 1.0 if k == n else optimize.brentq(excess, 0.0, 1.0 - 1e-15, args=(1,), xtol=1e-16, rtol=1e-14)
            assert result.low[k] == pytest.approx(low, rel=1e-11, abs=1e-15), (n, k)
            assert result.high[k] == pytest.approx(high, rel=1e-11, abs=1e-15), (n, k)


def test_midp_limits_at_the_ends_have_a_closed_form():
    # k = n: P(X = n)/2 = p^n / 2 = alpha/2 gives p_L = alpha^(1/n); by symmetry p_U = 1 - alpha^(1/n) at k = 0
    for n in (1, 2, 7, 50, 1000):
        for alpha in (0.01, 0.05, 0.2):
            assert proportion_interval(n, n, 1 - alpha, "midp").low == pytest.approx(alpha ** (1 / n), rel=1e-12)
            assert proportion_interval(0, n, 1 - alpha, "midp").high == pytest.approx(
                -math.expm1(math.log(alpha) / n), rel=1e-11)


def test_midp_lies_between_the_exact_limits_and_is_narrower():
    # the mid-p tail is the average of P(X >= k) and P(X >= k + 1): its lower limit lies between the
    # Clopper-Pearson lower limits of k and k + 1 successes (Berry & Armitage 1995)
    for n in (5, 16, 100, 2000):
        k = np.arange(1, n)
        midp = proportion_interval(k, n, 0.95, "midp")
        exact = proportion_interval(k, n, 0.95, "clopper-pearson")
        exact_next = proportion_interval(k + 1, n, 0.95, "clopper-pearson")
        assert np.all(exact.low <= midp.low) and np.all(midp.low <= exact_next.low)
        assert np.all(midp.high <= exact.high)


@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
def test_wilson_cc_limits_invert_the_corrected_score_test(confidence):
    # definition (Newcombe 1998, method 4): max(|k - n p| - 1/2, 0) = z sqrt(n p (1 - p)) at each limit
    z = stats.norm.ppf(0.5 + confidence / 2)
    rng = np.random.default_rng(13)
    n = rng.integers(2, 3000, 300)
    k = rng.integers(1, n)  # 1 <= k < n: both limits strictly inside (0, 1)
    result = proportion_interval(k, n, confidence, "wilson-cc")
    for p in (result.low, result.high):
        assert np.allclose(np.abs(k - n * p) - 0.5, z * np.sqrt(n * p * (1 - p)), rtol=1e-9, atol=1e-9)
    assert np.all(result.low < k / n) and np.all(k / n < result.high)


def test_proportion_vectorised_equals_scalar_calls_and_broadcasts():
    k = np.array([[0, 3, 9], [10, 1, 2]])
    n = np.array([10, 12, 9])
    result = proportion_interval(k, n, method="agresti-coull")
    assert result.low.shape == (2, 3)
    for i in range(2):
        for j in range(3):
            one = proportion_interval(int(k[i, j]), int(n[j]), method="agresti-coull")
            assert (result.low[i, j], result.high[i, j], result.estimate[i, j]) == (one.low, one.high, one.estimate)
    scalar = proportion_interval(3, 10)
    assert isinstance(scalar, Interval) and isinstance(scalar.low, float)
    low, high = scalar  # unpacks like a tuple
    assert (low, high) == (scalar.low, scalar.high)


def test_proportion_does_not_modify_inputs():
    k = np.array([1, 2, 3])
    n = np.array([5, 5, 5])
    proportion_interval(k, n)
    assert k.tolist() == [1, 2, 3] and n.tolist() == [5, 5, 5]


def test_exact_coverage_clopper_pearson_never_below_and_wald_far_below():
    # Clopper & Pearson (1934): coverage >= nominal for every p. Brown, Cai & DasGupta (2001):
    # the Wald interval's coverage is far below nominal for p near 0 or 1.
    n = 30
    k = np.arange(n + 1)
    cp = proportion_interval(k, n, 0.95, "clopper-pearson")
    wald = proportion_interval(k, n, 0.95, "wald")
    wilson = proportion_interval(k, n, 0.95, "wilson")

    def coverage(interval, p):
        return float(np.sum(stats.binom.pmf(k, n, p)[(interval.low <= p) & (p <= interval.high)]))

    grid = np.linspace(0.001, 0.999, 999)
    cp_cov = np.array([coverage(cp, p) for p in grid])
    wald_cov = np.array([coverage(wald, p) for p in grid])
    wilson_cov = np.array([coverage(wilson, p) for p in grid])
    assert cp_cov.min() >= 0.95
    assert coverage(wald, 0.02) < 0.6  # 0 successes has probability 0.98^30 = 0.55 and [0, 0] misses p
    assert wald_cov.mean() < 0.92 < wilson_cov.mean()
    assert abs(wilson_cov.mean() - 0.95) < 0.01


def test_proportion_bad_input():
    with pytest.raises(ValueError, match="successes must not exceed n"):
        proportion_interval(11, 10)
    with pytest.raises(ValueError, match="successes must not exceed n"):
        proportion_interval([1, 11], 10)
    with pytest.raises(ValueError, match="successes must be >= 0"):
        proportion_interval(-1, 10)
    with pytest.raises(ValueError, match="successes must hold whole numbers"):
        proportion_interval(2.5, 10)
    with pytest.raises(ValueError, match="successes must hold finite"):
        proportion_interval([1, np.nan], 10)
    with pytest.raises(TypeError, match="successes"):
        proportion_interval(True, 10)
    with pytest.raises(TypeError, match="successes"):
        proportion_interval("3", 10)
    with pytest.raises(TypeError, match="successes"):
        proportion_interval(None, 10)
    with pytest.raises(ValueError, match="successes is empty"):
        proportion_interval([], 10)
    with pytest.raises(ValueError, match="n must be >= 1"):
        proportion_interval(0, 0)
    with pytest.raises(ValueError, match="n must hold whole numbers"):
        proportion_interval(1, 2.5)
    with pytest.raises(ValueError, match="broadcast"):
        proportion_interval([1, 2, 3], [5, 5])
    for bad in (0.0, 1.0, -0.1, 1.5, math.nan):
        with pytest.raises(ValueError, match="confidence"):
            proportion_interval(1, 10, confidence=bad)
    with pytest.raises(ValueError, match="method"):
        proportion_interval(1, 10, method="jeffreys")


# --------------------------------------------------------------------------- paired difference


@pytest.mark.parametrize("example, method, limits", list(_printed_cases("paired_difference")))
def test_difference_published_examples(example, method, limits):
    # Fagerland et al. (2014, 2017), Newcombe (1998), Tango (1998), Agresti & Min (2005):
    # see each fixture's source
    result = paired_accuracy_difference(example.inputs["table"], example.inputs["confidence"], method)
    _assert_to_printed(result.low, limits[0], example.decimals)
    _assert_to_printed(result.high, limits[1], example.decimals)
    (a, b), (c, d) = example.inputs["table"]
    assert result.estimate == (b - c) / (a + b + c + d)
    assert result.method == method and result.confidence == example.inputs["confidence"]


def test_default_is_bonett_price():
    # Fagerland, Lydersen & Laake (2014) recommend the Wald interval with the Bonett-Price adjustment
    table = [[1, 1], [7, 12]]
    assert paired_accuracy_difference(table) == paired_accuracy_difference(table, 0.95, "bonett-price")


def _table_strategy(max_n=300):
    return st.lists(st.integers(0, max_n // 4), min_size=4, max_size=4).filter(lambda t: sum(t) > 0)


@settings(max_examples=150, deadline=None)
@given(_table_strategy(), st.sampled_from([0.8, 0.9, 0.95, 0.99]))
def test_wald_and_bonett_price_from_per_pair_differences(cells, confidence):
    # definition: Wald = mean +- z sd / sqrt(n) of the per-pair differences (+1, -1 or 0),
    # with the plug-in variance (divisor n); Bonett-Price = the same after adding one pair
    # of each discordant kind (b + 1, c + 1, n + 2)
    a, b, c, d = cells
    z = stats.norm.ppf(0.5 + confidence / 2)
    for extra, method in ((0, "wald"), (1, "bonett-price")):
        x = np.concatenate([np.ones(b + extra), -np.ones(c + extra), np.zeros(a + d)])
        centre, spread = x.mean(), np.sqrt(x.var() / x.size)
        result = paired_accuracy_difference([[a, b], [c, d]], confidence, method)
        assert result.low == pytest.approx(max(-1.0, min(centre - z * spread, result.estimate)), abs=1e-12)
        assert result.high == pytest.approx(min(1.0, max(centre + z * spread, result.estimate)), abs=1e-12)


def test_newcombe_without_correlation_is_the_independent_newcombe_interval():
    # oracle: where Newcombe's corrected phi is 0 (0 <= ad - bc <= n/2, or a zero margin) his paired
    # interval is his hybrid score interval for two independent proportions, which statsmodels implements
    rng = np.random.default_rng(7)
    checked = 0
    for a, b, c, d in rng.integers(0, 40, size=(20000, 4)):
        a, b, c, d = int(a), int(b), int(c), int(d)
        n = a + b + c + d
        zero_margin = min(a + b, c + d, a + c, b + d) == 0
        if n == 0 or not (zero_margin or 0 <= a * d - b * c <= n / 2):
            continue
        confidence = (0.9, 0.95)[checked % 2]
        low, high = confint_proportions_2indep(a + b, n, a + c, n, method="newcomb", alpha=1 - confidence)
        result = paired_accuracy_difference([[a, b], [c, d]], confidence, "newcombe")
        assert result.low == pytest.approx(float(low), abs=1e-9)
        assert result.high == pytest.approx(float(high), abs=1e-9)
        checked += 1
    assert checked >= 200


def _tango_statistic_by_likelihood(delta0, b, c, n):
    """Tango's score statistic with the restricted MLE of p21 found numerically (no closed form)."""
    lo, hi = max(0.0, -delta0), (1.0 - delta0) / 2.0  # p21 >= 0, p12 = p21 + delta0 >= 0, p12 + p21 <= 1

    def negative_loglik(p21):
        p12 = p21 + delta0
        return -(special.xlogy(b, p12) + special.xlogy(c, p21) + special.xlog1py(n - b - c, -p12 - p21))

    p21 = optimize.minimize_scalar(negative_loglik, bounds=(lo, hi), method="bounded", options={"xatol": 1e-12}).x
    return (b - c - n * delta0) / math.sqrt(n * (2 * p21 + delta0 * (1 - delta0)))


@pytest.mark.parametrize("table", [[[4, 9], [3, 16]], [[59, 6], [16, 80]], [[2, 5], [1, 0]], [[10, 0], [3, 7]]])
def test_tango_interval_is_where_the_score_test_does_not_reject(table):
    # Tango (1998): the interval holds the delta0 with |T(delta0)| <= z; T recomputed with a
    # numerically maximised likelihood, independent of the closed-form root used by the library
    (a, b), (c, d) = table
    n = a + b + c + d
    z = stats.norm.ppf(0.975)
    result = paired_accuracy_difference(table, 0.95, "tango")
    inside = (result.low + result.high) / 2
    assert abs(_tango_statistic_by_likelihood(inside, b, c, n)) <= z
    for limit in (result.low, result.high):
        if abs(limit) < 1 - 1e-9:
            assert abs(_tango_statistic_by_likelihood(limit, b, c, n)) == pytest.approx(z, abs=1e-5)
    for outside in (result.low - 1e-3, result.high + 1e-3):
        if -1 < outside < 1:
            assert abs(_tango_statistic_by_likelihood(outside, b, c, n)) > z


def test_every_method_contains_the_estimate_on_every_small_table():
    # The formulas themselves (before the library's rounding safety net): Wald, Bonett-Price and
    # Tango depend on b, c and n only, so every (b, c) with b + c <= n <= 40; Newcombe on every
    # table up to n = 25.
    z = z_quantile(0.95)
    for n in range(1, 41):
        for b in range(n + 1):
            for c in range(n + 1 - b):
                for method in ("wald", "bonett-price", "tango"):
                    low, high = difference_limits(n - b - c, b, c, 0, n, z, method)
                    assert -1.0 <= low <= (b - c) / n <= high <= 1.0, (n, b, c, method)
    for n in range(1, 26):
        for a in range(n + 1):
            for b in range(n + 1 - a):
                for c in range(n + 1 - a - b):
                    low, high = difference_limits(a, b, c, n - a - b - c, n, z, "newcombe")
                    assert -1.0 <= low <= (b - c) / n <= high <= 1.0, (a, b, c, n)


@settings(max_examples=100, deadline=None)
@given(_table_strategy(), st.sampled_from(DIFFERENCE_METHODS))
def test_swapping_the_models_negates_the_interval(cells, method):
    a, b, c, d = cells
    one = paired_accuracy_difference([[a, b], [c, d]], 0.95, method)
    other = paired_accuracy_difference([[a, c], [b, d]], 0.95, method)
    assert other.estimate == -one.estimate
    assert other.low == pytest.approx(-one.high, abs=1e-10)
    assert other.high == pytest.approx(-one.low, abs=1e-10)


@pytest.mark.parametrize("method", DIFFERENCE_METHODS)
def test_wider_with_higher_confidence_and_narrower_with_more_pairs(method):
    table = np.array([[30, 9], [4, 17]])
    widths = [paired_accuracy_difference(table, conf, method) for conf in (0.8, 0.9, 0.95, 0.99)]
    assert all(w1.high - w1.low < w2.high - w2.low for w1, w2 in zip(widths, widths[1:]))
    small, large = paired_accuracy_difference(table, 0.95, method), paired_accuracy_difference(10 * table, 0.95, method)
    assert large.high - large.low < small.high - small.low


def test_no_disagreement():
    for method in DIFFERENCE_METHODS:
        result = paired_accuracy_difference([[40, 0], [0, 10]], 0.95, method)
        assert result.estimate == 0.0
        if method == "wald":
            assert (result.low, result.high) == (0.0, 0.0)  # degenerate, documented
        else:
            assert result.low < -0.01 and result.high > 0.01
            assert result.low == pytest.approx(-result.high, abs=1e-12)


def _all_tables(n):
    a, b, c = np.meshgrid(np.arange(n + 1), np.arange(n + 1), np.arange(n + 1), indexing="ij")
    keep = a + b + c <= n
    a, b, c = a[keep], b[keep], c[keep]
    return a, b, c, n - a - b - c


def _limits_of_all_tables(n, method):
    z = z_quantile(0.95)
    cache = {}
    cells = _all_tables(n)
    low, high = np.empty(cells[0].size), np.empty(cells[0].size)
    for i, (a, b, c, d) in enumerate(zip(*(x.tolist() for x in cells))):
        key = (b, c) if method != "newcombe" else (a, b, c)
        if key not in cache:
            cache[key] = difference_limits(a, b, c, d, n, z, method)
        low[i], high[i] = cache[key]
    return cells, low, high


def _exact_coverage(n, cells, low, high, p):
    a, b, c, d = cells
    log_pmf = (special.gammaln(n + 1) - sum(special.gammaln(x + 1) for x in cells)
               + special.xlogy(a, p[0]) + special.xlogy(b, p[1]) + special.xlogy(c, p[2]) + special.xlogy(d, p[3]))
    delta = p[1] - p[2]
    return float(np.sum(np.exp(log_pmf)[(low <= delta) & (delta <= high)]))


SCENARIOS = [
    ((1 - p12 - p21) * share, p12, p21, (1 - p12 - p21) * (1 - share))
    for p12 in (0.02, 0.05, 0.1, 0.2, 0.3)
    for p21 in (0.02, 0.05, 0.1, 0.2, 0.3)
    for share in (0.5, 0.8)
]


@pytest.mark.parametrize("n", [20, 40])
def test_exact_coverage_over_a_grid_of_true_tables(n):
    # Exact coverage (sum over every possible table) at 50 true tables per n. Documented behaviour:
    # Newcombe (1998) and Fagerland et al. (2014): the Wald interval covers too rarely in small
    # samples; the Bonett-Price, Newcombe and Tango intervals stay close to the nominal 95 % on
    # average, without serious under-coverage.
    coverage = {}
    for method in DIFFERENCE_METHODS:
        cells, low, high = _limits_of_all_tables(n, method)
        coverage[method] = np.array([_exact_coverage(n, cells, low, high, p) for p in SCENARIOS])
    for method in ("bonett-price", "newcombe", "tango"):
        assert 0.945 <= coverage[method].mean() <= 0.98, (method, coverage[method].mean())
        assert coverage[method].min() >= 0.92, (method, coverage[method].min())
    assert coverage["wald"].mean() < 0.94
    assert coverage["wald"].min() < 0.87
    if n == 20:
        assert coverage["wald"].mean() < 0.92 and coverage["wald"].min() < 0.8


def test_monte_carlo_coverage_agrees_with_the_exact_sum():
    # a seeded simulation of one scenario checks the enumeration above, within Monte Carlo error
    n, p = 20, (0.6, 0.05, 0.2, 0.15)
    rng = np.random.default_rng(2026)
    tables = rng.multinomial(n, p, size=4000)
    delta = p[1] - p[2]
    for method in DIFFERENCE_METHODS:
        cells, low, high = _limits_of_all_tables(n, method)
        exact = _exact_coverage(n, cells, low, high, p)
        hits = np.mean([
            (lambda r: r.low <= delta <= r.high)(paired_accuracy_difference([[a, b], [c, d]], 0.95, method))
            for a, b, c, d in tables
        ])
        assert abs(hits - exact) <= 4 * math.sqrt(exact * (1 - exact) / len(tables)) + 1e-3, (method, hits, exact)


def test_difference_bad_input():
    with pytest.raises(ValueError, match="table must hold at least one pair"):
        paired_accuracy_difference([[0, 0], [0, 0]])
    with pytest.raises(ValueError, match="table"):
        paired_accuracy_difference([[1, -1], [2, 3]])
    with pytest.raises(ValueError, match="table"):
        paired_accuracy_difference([[1, 0.5], [2, 3]])
    with pytest.raises(ValueError, match="table"):
        paired_accuracy_difference([1, 2, 3, 4])
    with pytest.raises(ValueError, match="method"):
        paired_accuracy_difference([[1, 2], [3, 4]], method="agresti-min")
    with pytest.raises(ValueError, match="confidence"):
        paired_accuracy_difference([[1, 2], [3, 4]], confidence=1.0)
    table = np.array([[1, 2], [3, 4]])
    paired_accuracy_difference(table, 0.9, "tango")
    assert table.tolist() == [[1, 2], [3, 4]]


# --------------------------------------------------------------------------- odds ratio


@pytest.mark.parametrize("example, method, limits", list(_printed_cases("odds_ratio")))
def test_odds_ratio_published_examples(example, method, limits):
    # Fagerland et al. (2014, Bentur: exact, mid-p and Wilson), (2017, Ezra: exact; Cavo: Wilson)
    result = mcnemar_odds_ratio(example.inputs["table"], example.inputs["confidence"], method)
    _assert_to_printed(result.low, limits[0], example.decimals)
    _assert_to_printed(result.high, limits[1], example.decimals)
    (_, b), (c, _) = example.inputs["table"]
    assert result.estimate == pytest.approx(b / c)
    assert result.method == method


def test_odds_ratio_default_is_midp():
    # the interval of the course's default test, mcnemar(method="midp")
    table = [[3, 9], [2, 5]]
    assert mcnemar_odds_ratio(table) == mcnemar_odds_ratio(table, 0.95, "midp")
    assert ODDS_RATIO_METHODS == tuple(MCNEMAR_INTERVALS[m] for m in ("midp", "exact", "chi2", "corrected"))


@pytest.mark.parametrize("test", [m for m in MCNEMAR_METHODS if m != "textbook"])
def test_odds_ratio_interval_excludes_one_exactly_when_its_test_rejects(test):
    # duality: each interval inverts one McNemar test (every b, c <= 20 at three levels here; the
    # results of mcnemar() are checked on every b, c <= 30 in tests/test_mcnemar.py)
    method = MCNEMAR_INTERVALS[test]
    for confidence in (0.9, 0.95, 0.99):
        for b in range(21):
            for c in range(21):
                if b + c == 0:
                    continue
                table = [[3, b], [c, 5]]
                result = mcnemar_odds_ratio(table, confidence, method)
                rejects = mcnemar(table, method=test).pvalue <= 1 - confidence
                assert (not result.low <= 1.0 <= result.high) == rejects, (b, c, confidence)


SCIPY_NAME = {"clopper-pearson": "exact", "wilson": "wilson", "wilson-cc": "wilsoncc"}


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 500), st.integers(1, 500), st.sampled_from(sorted(SCIPY_NAME)))
def test_odds_ratio_is_the_mapped_binomial_interval_and_reciprocal_under_swap(b, c, method):
    # compared on the scale of mu = b / (b + c): mu / (1 - mu) magnifies any difference near mu = 1
    # (at b = 94, c = 1 scipy's upper mu is 2.7e-13 above the closed form 0.975^(1/95); ours is not)
    share = stats.binomtest(b, b + c).proportion_ci(method=SCIPY_NAME[method])
    result = mcnemar_odds_ratio([[0, b], [c, 0]], 0.95, method)
    assert result.low / (1 + result.low) == pytest.approx(share.low, abs=1e-11)
    assert result.high / (1 + result.high) == pytest.approx(share.high, abs=1e-11)
    swapped = mcnemar_odds_ratio([[0, c], [b, 0]], 0.95, method)
    assert swapped.estimate == pytest.approx(1 / result.estimate)
    assert swapped.low == pytest.approx(1 / result.high, rel=1e-9)
    assert swapped.high == pytest.approx(1 / result.low, rel=1e-9)


def test_odds_ratio_upper_limit_with_one_loss_has_a_closed_form():
    # with c = 1 the Clopper-Pearson upper limit of mu solves 1 - mu^(b+1) = alpha/2
    for b in (1, 5, 94, 500):
        log_mu = math.log(0.975) / (b + 1)
        odds = math.exp(log_mu) / -math.expm1(log_mu)  # 1 - mu without cancellation
        assert mcnemar_odds_ratio([[0, b], [1, 0]], method="clopper-pearson").high == pytest.approx(odds, rel=1e-11)


@pytest.mark.parametrize("method, share_low", [
    ("clopper-pearson", 0.025 ** (1 / 4)),  # mu_L = (alpha/2)^(1/b) (Clopper-Pearson at k = n)
    ("midp", 0.05 ** (1 / 4)),  # mu_L = alpha^(1/b): P(X = b)/2 = mu^b / 2 = alpha/2
])
def test_odds_ratio_degenerate_tables(method, share_low):
    won_all = mcnemar_odds_ratio([[5, 4], [0, 1]], method=method)
    assert won_all.estimate == math.inf and won_all.high == math.inf
    assert won_all.low == pytest.approx(share_low / (1 - share_low))
    lost_all = mcnemar_odds_ratio([[5, 0], [4, 1]], method=method)
    assert lost_all.estimate == 0.0 and lost_all.low == 0.0
    assert lost_all.high == pytest.approx(1 / won_all.low)
    nothing = mcnemar_odds_ratio([[5, 0], [0, 1]], method=method)
    assert math.isnan(nothing.estimate) and (nothing.low, nothing.high) == (0.0, math.inf)


def test_odds_ratio_bad_input():
    with pytest.raises(ValueError, match="table"):
        mcnemar_odds_ratio([[1, 2], [3]])
    with pytest.raises(TypeError, match="table"):
        mcnemar_odds_ratio("table")
    with pytest.raises(ValueError, match="confidence"):
        mcnemar_odds_ratio([[1, 2], [3, 4]], confidence=0.0)
    with pytest.raises(ValueError, match="method must be one of .*'exact'"):
        mcnemar_odds_ratio([[1, 2], [3, 4]], method="exact")  # a test's name, not an interval's
