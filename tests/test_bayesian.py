"""Chapter 8's Bayesian tests: formulas, identities, baycomp oracle, published examples, bad input.

Monte Carlo tolerances. The sign and signed-rank tests estimate each
probability p as the share of n posterior samples in which a region wins, with
standard error sqrt(p (1 - p) / n). Two independent estimates (ours and
baycomp's, or ours and a published one) differ by a normal variable with
standard deviation sqrt(p (1 - p) (1 / n_1 + 1 / n_2)); the tests allow 5 of
those standard deviations (a false alarm about once in 1.7 million
comparisons) plus the rounding of a printed value. Every random draw is
seeded, so a run is repeatable.
"""

from __future__ import annotations

import baycomp
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from scipy import stats  # noqa: E402

from lecture_lib import (  # noqa: E402
    CorrelatedTPosterior,
    DirichletPosterior,
    Interval,
    bayesian_correlated_ttest,
    bayesian_example,
    bayesian_examples,
    bayesian_sign_test,
    bayesian_signed_rank,
    plot_posterior_simplex,
    plot_posterior_t,
    posterior_report,
    resampled_ttest,
    wilcoxon_example,
    wilcoxon_signed_rank,
)
from lecture_lib.bayesian import _signed_rank_theta  # noqa: E402

seeds = st.integers(0, 2**32 - 1)


def mc_tolerance(p: float, n_1: int, n_2: int, printed_rounding: float = 0.0) -> float:
    """5 standard deviations of the difference of two independent Monte Carlo estimates of p."""
    p = min(max(p, 1e-3), 1 - 1e-3)  # a floor, so that p = 0 is not a zero tolerance
    return 5.0 * np.sqrt(p * (1.0 - p) * (1.0 / n_1 + 1.0 / n_2)) + printed_rounding


def uci54(copy_of_credit=False):
    """The 54 mean accuracies (percent) of the tutorial; baycomp's docs file repeats row 5 in row 6."""
    ex = bayesian_example("benavoli2017_uci54")
    data = {name: np.array(values) for name, values in ex["mean_accuracy"].items()}
    if copy_of_credit:
        dup = ex["baycomp_docs_duplicate"]
        for values in data.values():
            values[dup["row"]] = values[dup["copy_of"]]
    return data


# ================================================================ correlated t


def cv_scores(rng, r, k, shift=0.01):
    base = rng.uniform(0.7, 0.9, size=(r, k))
    return base + rng.normal(shift, 0.02, size=(r, k)), base + rng.normal(0.0, 0.02, size=(r, k))


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 10), st.integers(2, 10), seeds, st.floats(-0.03, 0.03))
def test_correlated_t_p_left_is_the_one_sided_corrected_t_pvalue(r, k, seed, shift):
    # The identity of the issue and of Corani & Benavoli (2015): same location, scale and df.
    rng = np.random.default_rng(seed)
    s1, s2 = cv_scores(rng, r, k, shift)
    ratio = 1.0 / (k - 1)
    bayes = bayesian_correlated_ttest(s1.ravel(), s2.ravel(), test_train_ratio=ratio)
    freq = resampled_ttest(s1.ravel(), s2.ravel(), test_train_ratio=ratio)
    one_sided = freq.pvalue / 2 if freq.statistic >= 0 else 1 - freq.pvalue / 2  # H1: scores_1 > scores_2
    assert bayes.p_left == pytest.approx(one_sided, rel=1e-9, abs=1e-14)
    assert bayes.p_right == pytest.approx(1 - one_sided, rel=1e-9, abs=1e-14)
    assert bayes.p_rope == 0.0
    assert bayes.scale == pytest.approx(freq.std_error, rel=1e-12)
    assert bayes.df == freq.df and bayes.mean == pytest.approx(freq.mean_difference, rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 10), st.integers(2, 10), seeds, st.floats(0.0, 0.05), st.floats(-0.03, 0.03))
def test_correlated_t_matches_baycomp(runs, k, seed, rope, shift):
    rng = np.random.default_rng(seed)
    s1, s2 = cv_scores(rng, runs, k, shift)
    ours = bayesian_correlated_ttest(s1, s2, test_train_ratio=1.0 / (k - 1), rope=rope)
    # baycomp takes the difference y - x and calls "left" y - x < -rope: pass (scores_2, scores_1).
    theirs = baycomp.two_on_single(s2.ravel(), s1.ravel(), rope=rope, runs=runs)
    if rope > 0:
        assert ours.probabilities == pytest.approx(theirs, rel=1e-9, abs=1e-12)
    else:  # baycomp gives only (p_left, p_right) without a rope
        assert (ours.p_left, ours.p_right) == pytest.approx(theirs, rel=1e-9, abs=1e-12)
    assert sum(ours.probabilities) == pytest.approx(1.0, abs=1e-12)


def test_correlated_t_reproduces_the_tutorials_anneal_and_audiology():
    ex = bayesian_example("benavoli2017_anneal_audiology")
    assert ex["runs"] * ex["folds"] == 100
    for dataset in ("anneal", "audiology"):
        nbc = np.array(ex["scores"][dataset]["nbc"]) / 100
        aode = np.array(ex["scores"][dataset]["aode"]) / 100
        printed = ex["printed"][dataset]
        res = bayesian_correlated_ttest(aode, nbc, test_train_ratio=1 / (ex["folds"] - 1), rope=printed["rope"])
        # The notebook's P(AODE > NBC), P(rope), P(NBC > AODE), printed to 16 digits from accuracies with
        # more digits than the three decimals of a percent we have: agreement to 1e-3 (we find 2e-4).
        assert res.p_right == pytest.approx(printed["p_aode_better"], abs=1e-3)
        assert res.p_rope == pytest.approx(printed["p_rope"], abs=1e-3)
        assert res.p_left == pytest.approx(printed["p_nbc_better"], abs=1e-3, rel=0.05)
    # anneal: "about (0.954, 0.046, 3e-7)" (issue 17, from the tutorial's notebook)
    anneal = bayesian_correlated_ttest(np.array(ex["scores"]["anneal"]["aode"]) / 100,
                                       np.array(ex["scores"]["anneal"]["nbc"]) / 100, 1 / 9, rope=0.01)
    assert (round(anneal.p_right, 3), round(anneal.p_rope, 3)) == (0.954, 0.046)
    assert 2.5e-7 < anneal.p_left < 3.5e-7


def test_correlated_t_formula_and_credible_interval():
    # Corani & Benavoli (2015): St(n - 1, mean(d), (1/n + n_test/n_train) s^2)
    rng = np.random.default_rng(3)
    s1, s2 = cv_scores(rng, 3, 5)
    d = (s1 - s2).ravel()
    n = d.size
    ratio = 0.25
    res = bayesian_correlated_ttest(s1, s2, ratio, rope=0.005, confidence=0.9)
    scale = np.sqrt((1 / n + ratio) * d.var(ddof=1))
    post = stats.t(n - 1, loc=d.mean(), scale=scale)
    assert res.scale == pytest.approx(scale, rel=1e-12)
    assert res.p_left == pytest.approx(post.cdf(-0.005), rel=1e-10)
    assert res.p_right == pytest.approx(post.sf(0.005), rel=1e-10)
    assert res.p_rope == pytest.approx(post.cdf(0.005) - post.cdf(-0.005), rel=1e-9)
    assert isinstance(res.credible_interval, Interval)
    low, high = post.interval(0.9)
    assert (res.credible_interval.low, res.credible_interval.high) == pytest.approx((low, high), rel=1e-10)
    assert res.credible_interval.estimate == res.mean and res.credible_interval.confidence == 0.9
    assert res.variance_factor == pytest.approx(1 / n + ratio) and res.n_scores == n == 15


def test_correlated_t_2d_equals_flat_and_swapping_mirrors():
    rng = np.random.default_rng(4)
    s1, s2 = cv_scores(rng, 10, 10)
    two_d = bayesian_correlated_ttest(s1, s2, 1 / 9, rope=0.01)
    flat = bayesian_correlated_ttest(s1.ravel(), s2.ravel(), 1 / 9, rope=0.01)
    assert two_d == flat
    swapped = bayesian_correlated_ttest(s2, s1, 1 / 9, rope=0.01)
    assert swapped.p_left == pytest.approx(flat.p_right, rel=1e-12)
    assert swapped.p_right == pytest.approx(flat.p_left, rel=1e-12)
    assert swapped.mean == pytest.approx(-flat.mean)


@settings(max_examples=40, deadline=None)
@given(seeds, st.floats(0.0, 0.02), st.floats(0.0, 0.02))
def test_correlated_t_wider_rope_takes_probability_from_both_tails(seed, rope_a, rope_b):
    rng = np.random.default_rng(seed)
    s1, s2 = cv_scores(rng, 2, 5)
    narrow, wide = sorted((rope_a, rope_b))
    a = bayesian_correlated_ttest(s1, s2, 0.25, rope=narrow)
    b = bayesian_correlated_ttest(s1, s2, 0.25, rope=wide)
    assert b.p_rope >= a.p_rope - 1e-12
    assert b.p_left <= a.p_left + 1e-12 and b.p_right <= a.p_right + 1e-12


def test_correlated_t_zero_variance_is_a_point_mass():
    same = np.full(10, 0.8)
    equal = bayesian_correlated_ttest(same, same, 1 / 9)
    assert equal.probabilities == (0.0, 1.0, 0.0)  # all mass at exactly 0: inside the closed ROPE [-0, 0]
    assert equal.scale == 0.0 and (equal.credible_interval.low, equal.credible_interval.high) == (0.0, 0.0)
    better = bayesian_correlated_ttest(same + 0.02, same, 1 / 9, rope=0.01)
    assert better.probabilities == (0.0, 0.0, 1.0)
    inside = bayesian_correlated_ttest(same + 0.005, same, 1 / 9, rope=0.01)
    assert inside.probabilities == (0.0, 1.0, 0.0)
    worse = bayesian_correlated_ttest(same, same + 0.02, 1 / 9, rope=0.01)
    assert worse.probabilities == (1.0, 0.0, 0.0)


def test_correlated_t_result_is_frozen_and_prints():
    res = bayesian_correlated_ttest([0.8, 0.82, 0.85, 0.81], [0.79, 0.8, 0.82, 0.8], 1 / 3, rope=0.01)
    assert isinstance(res, CorrelatedTPosterior)
    with pytest.raises(AttributeError):
        res.p_left = 0.5
    text = str(res)
    assert text.startswith("CorrelatedTPosterior") and "p_rope" in text and "credible_interval" in text


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"test_train_ratio": None}, TypeError, "test_train_ratio is required"),
        ({"test_train_ratio": 0.0}, ValueError, "test_train_ratio"),
        ({"rope": -0.01}, ValueError, "rope"),
        ({"rope": float("nan")}, ValueError, "rope"),
        ({"rope": "0.01"}, TypeError, "rope"),
        ({"confidence": 1.0}, ValueError, "confidence"),
        ({"scores_2": [0.8, 0.7, 0.9]}, ValueError, "same shape"),
        ({"scores_1": [0.8], "scores_2": [0.7]}, ValueError, "at least 2"),
        ({"scores_2": np.ones((2, 2))}, ValueError, "same shape"),
    ],
)
def test_correlated_t_bad_input(kwargs, error, words):
    args = {"scores_1": [0.8, 0.7, 0.9, 0.85], "scores_2": [0.75, 0.7, 0.8, 0.8], "test_train_ratio": 1 / 3}
    args.update(kwargs)
    with pytest.raises(error, match=words):
        bayesian_correlated_ttest(**args)


def test_inputs_are_not_modified():
    s1 = np.array([0.8, 0.7, 0.9, 0.85])
    s2 = np.array([0.75, 0.7, 0.8, 0.8])
    before = (s1.copy(), s2.copy())
    bayesian_correlated_ttest(s1, s2, 1 / 3, rope=0.01)
    bayesian_sign_test(s1, s2, rope=0.01, n_samples=100, seed=0)
    bayesian_signed_rank(s1, s2, rope=0.01, n_samples=100, seed=0)
    assert np.array_equal(s1, before[0]) and np.array_equal(s2, before[1])


# ================================================================ signed-rank: the vectorised core


def test_signed_rank_theta_equals_the_double_sum():
    # theta_right = sum_i sum_j w_i w_j H(z_i + z_j - 2r) (Benavoli et al. 2014), written out as loops.
    rng = np.random.default_rng(5)
    z = np.concatenate([[0.0], np.round(rng.normal(0.01, 0.02, 9), 3), [0.01, -0.01]])  # ties and zero sums
    weights = rng.dirichlet(np.r_[0.5, np.ones(z.size - 1)], size=20)
    for rope in (0.0, 0.005, 0.01):
        fast = _signed_rank_theta(weights, z, rope)  # (3, n_samples): left, rope, right
        for row, w in enumerate(weights):
            left = right = 0.0
            for i in range(z.size):
                for j in range(z.size):
                    s = z[i] + z[j]
                    right += w[i] * w[j] * (1.0 if s > 2 * rope else 0.5 if s == 2 * rope else 0.0)
                    left += w[i] * w[j] * (1.0 if -s > 2 * rope else 0.5 if -s == 2 * rope else 0.0)
            assert fast[:, row] == pytest.approx([left, 1 - left - right, right], abs=1e-12)


def test_signed_rank_theta_blocks_match_one_product():
    # Many data sets: the core works in blocks of rows; the blocks must agree with one big product.
    rng = np.random.default_rng(6)
    z = np.concatenate([[0.0], rng.normal(0, 1, 300)])
    weights = rng.dirichlet(np.ones(z.size), size=7000)  # more rows than one block of 301 columns holds
    sums = z[:, None] + z[None, :]
    heaviside = (sums > 0) + 0.5 * (sums == 0)  # the pair (z_0, z_0) = (0, 0) counts one half
    right = np.einsum("ij,jk,ik->i", weights, heaviside, weights)
    assert _signed_rank_theta(weights, z, 0.0)[2] == pytest.approx(right, abs=1e-12)


@pytest.mark.parametrize("test, kwargs", [(bayesian_sign_test, {}), (bayesian_signed_rank, {}),
                                          (bayesian_signed_rank, {"prior_strength": 2.0})])
def test_sample_mean_of_theta_is_the_exact_posterior_mean(test, kwargs):
    rng = np.random.default_rng(7)
    x = rng.uniform(0.6, 0.9, 12)
    y = x + np.round(rng.normal(0.0, 0.02, 12), 3)
    res = test(x, y, rope=0.01, n_samples=40_000, seed=1, **kwargs)
    assert np.allclose(res.samples.sum(axis=1), 1.0)
    assert np.all(res.samples >= 0)
    se = res.samples.std(axis=0) / np.sqrt(res.n_samples)
    assert np.all(np.abs(res.samples.mean(axis=0) - res.theta_mean) <= 5 * se + 1e-12)


def test_sign_test_theta_is_the_dirichlet_of_the_counts():
    # Benavoli et al. (2017), section 4: Dirichlet(n_left, n_rope + s, n_right).
    x = np.array([0.80, 0.82, 0.85, 0.70, 0.90, 0.60, 0.75, 0.88])
    y = np.array([0.75, 0.83, 0.80, 0.70, 0.91, 0.50, 0.60, 0.90])  # d: 5, -1, 5, 0, -1, 10, 15, -2 (points)
    res = bayesian_sign_test(x, y, rope=0.015, prior_strength=1.0, n_samples=60_000, seed=2)
    alpha = np.array([1.0, 3.0 + 1.0, 4.0])  # 1 below -0.015, 3 within (plus the prior), 4 above
    assert res.theta_mean == pytest.approx(tuple(alpha / alpha.sum()))
    marginal = stats.beta(alpha[2], alpha.sum() - alpha[2])  # theta_right of a Dirichlet
    assert stats.kstest(res.samples[:, 2], marginal.cdf).pvalue > 1e-3
    assert np.var(res.samples[:, 2]) == pytest.approx(marginal.var(), rel=0.03)


def test_signed_rank_swapping_the_algorithms_mirrors_exactly():
    rng = np.random.default_rng(8)
    x, y = rng.uniform(0.6, 0.9, (2, 10))
    a = bayesian_signed_rank(x, y, rope=0.01, n_samples=5000, seed=3)
    b = bayesian_signed_rank(y, x, rope=0.01, n_samples=5000, seed=3)  # same weights, z negated
    assert np.allclose(a.samples, b.samples[:, ::-1], atol=1e-12)
    assert (a.p_left, a.p_rope, a.p_right) == pytest.approx((b.p_right, b.p_rope, b.p_left))


def test_probabilities_are_shares_of_the_largest_theta():
    res = bayesian_signed_rank([0.8, 0.7, 0.9, 0.85, 0.6], [0.78, 0.7, 0.85, 0.86, 0.58], rope=0.01,
                               n_samples=2000, seed=4)
    winners = np.bincount(np.argmax(res.samples, axis=1), minlength=3) / res.n_samples
    assert res.probabilities == pytest.approx(tuple(winners))
    assert res.monte_carlo_se == pytest.approx(max(np.sqrt(p * (1 - p) / 2000) for p in winners))


def test_seed_reproduces_and_generator_is_accepted():
    x, y = [0.8, 0.7, 0.9, 0.85], [0.75, 0.7, 0.8, 0.8]
    for test in (bayesian_sign_test, bayesian_signed_rank):
        a = test(x, y, rope=0.01, n_samples=500, seed=11)
        b = test(x, y, rope=0.01, n_samples=500, seed=np.random.default_rng(11))
        assert np.array_equal(a.samples, b.samples)
        assert isinstance(a, DirichletPosterior) and a.samples.shape == (500, 3)
        with pytest.raises(ValueError):
            a.samples[0, 0] = 1.0  # the result holds a read-only array


def test_degenerate_inputs_give_documented_answers():
    same = [0.8, 0.7, 0.9]
    # all differences 0, rope 0: every Walsh sum is 0 and H(0) = 1/2, so theta = (1/2, 0, 1/2): a tie
    tie = bayesian_signed_rank(same, same, n_samples=1000, seed=0)
    assert (tie.p_left, tie.p_rope, tie.p_right) == (0.5, 0.0, 0.5)
    assert bayesian_signed_rank(same, same, rope=0.01, n_samples=1000, seed=0).p_rope == 1.0
    # sign test: all three ties and the prior sit in the rope category, the others get Dirichlet weight 0
    sign = bayesian_sign_test(same, same, n_samples=1000, seed=0)
    assert sign.probabilities == (0.0, 1.0, 0.0) and sign.theta_mean == (0.0, 1.0, 0.0)
    everything_better = bayesian_sign_test([0.9, 0.8, 0.95], [0.7, 0.6, 0.75], rope=0.01, n_samples=2000, seed=0)
    assert everything_better.samples[:, 0].max() == 0.0  # no data set below -rope, and the prior is at 0


# ================================================================ baycomp oracle (random inputs)


ORACLE_CASES = [(seed, n, rope) for seed, n, rope in [(0, 8, 0.01), (1, 14, 0.005), (2, 30, 0.02), (3, 54, 0.01),
                                                      (4, 20, 0.0), (5, 10, 0.0)]]


@pytest.mark.parametrize("seed, n, rope", ORACLE_CASES)
@pytest.mark.parametrize("ours, theirs", [(bayesian_sign_test, baycomp.SignTest),
                                          (bayesian_signed_rank, baycomp.SignedRankTest)])
def test_dirichlet_tests_match_baycomp(seed, n, rope, ours, theirs):
    rng = np.random.default_rng(seed)
    x = rng.uniform(0.6, 0.95, n)
    y = np.clip(x + np.round(rng.normal(-0.005, 0.02, n), 3), 0, 1)
    n_ours, n_theirs = 100_000, 20_000
    res = ours(x, y, rope=rope, n_samples=n_ours, seed=seed)
    # baycomp: diff = second - first and "left" = diff < -rope, so (y, x) gives our orientation;
    # default priors agree (sign 1, signed-rank 0.5), both at 0.
    ref = theirs.probs(y, x, rope=rope, nsamples=n_theirs, random_state=seed)
    if rope > 0:
        mine = res.probabilities
    else:  # baycomp drops the middle probability without a rope and renormalises the other two
        mine = (res.p_left / (res.p_left + res.p_right), res.p_right / (res.p_left + res.p_right))
    for a, b in zip(mine, ref):
        assert a == pytest.approx(b, abs=mc_tolerance(b, n_ours, n_theirs))


# ================================================================ published examples


def test_fixture_provenance_and_shapes():
    examples = bayesian_examples()
    assert set(examples) == {"benavoli2017_anneal_audiology", "benavoli2017_uci54"}
    for ex in examples.values():
        assert ex["source"] and ex["provenance"] and ex["notes"]
    uci = examples["benavoli2017_uci54"]
    assert len(uci["datasets"]) == len(set(uci["datasets"])) == 54
    assert all(len(v) == 54 for v in uci["mean_accuracy"].values())
    pair = examples["benavoli2017_anneal_audiology"]
    assert all(len(v) == 100 for d in pair["scores"].values() for v in d.values())
    # a fresh copy each time: changing one does not change the next
    uci["datasets"][0] = "changed"
    assert bayesian_example("benavoli2017_uci54")["datasets"][0] == "anneal"
    with pytest.raises(ValueError, match="key"):
        bayesian_example("no-such-example")


def test_tutorial_signed_rank_and_sign_test_nbc_aode():
    # Tutorial notebooks Bsignedrank / Bsigntest: accuracies / 100, rope 0.01, 50 000 samples each.
    data = uci54()
    nbc, aode = data["nbc"] / 100, data["aode"] / 100
    n = 200_000
    sr = bayesian_signed_rank(nbc, aode, rope=0.01, prior_strength=0.6, n_samples=n, seed=21)
    printed = bayesian_example("benavoli2017_uci54")["printed"]["tutorial_signrank_nbc_aode"]
    assert sr.p_left == pytest.approx(printed["p_aode_better"], abs=mc_tolerance(0.877, n, 50_000, 5e-5))
    assert sr.p_rope == pytest.approx(printed["p_rope"], abs=mc_tolerance(0.123, n, 50_000, 5e-5))
    assert sr.p_right == 0.0 == printed["p_nbc_better"]
    sign = bayesian_sign_test(nbc, aode, rope=0.01, n_samples=n, seed=22)
    printed = bayesian_example("benavoli2017_uci54")["printed"]["tutorial_signtest_nbc_aode"]
    assert sign.p_left == pytest.approx(printed["p_aode_better"], abs=mc_tolerance(0.29, n, 50_000, 5e-6))
    assert sign.p_rope == pytest.approx(printed["p_rope"], abs=mc_tolerance(0.71, n, 50_000, 5e-6))


def test_tutorial_rope_notebook_j48_j48gr():
    # Tutorial notebook "The importance of the Rope": J48 vs J48gr, sign test (prior 1) and
    # signed-rank (prior 0.6) for ever smaller ROPEs; orientation: ours (j48, j48gr) -> p_left = J48gr better.
    data = uci54()
    j48, j48gr = data["j48"] / 100, data["j48gr"] / 100
    printed = bayesian_example("benavoli2017_uci54")["printed"]
    n = 200_000
    for row in printed["tutorial_signtest_j48_j48gr"]:
        res = bayesian_sign_test(j48, j48gr, rope=row["rope"], n_samples=n, seed=23)
        for ours, theirs in zip(res.probabilities, (row["p_j48gr_better"], row["p_rope"], row["p_j48_better"])):
            assert ours == pytest.approx(theirs, abs=mc_tolerance(theirs, n, 50_000, 5e-6))
    for row in printed["tutorial_signrank_j48_j48gr"]:
        res = bayesian_signed_rank(j48, j48gr, rope=row["rope"], prior_strength=row["prior_strength"],
                                   n_samples=n, seed=24)
        for ours, theirs in zip(res.probabilities, (row["p_j48gr_better"], row["p_rope"], row["p_j48_better"])):
            assert ours == pytest.approx(theirs, abs=mc_tolerance(theirs, n, 50_000, 5e-6))


def test_baycomp_documented_examples_nbc_j48():
    # baycomp 1.0.3 docs/functions.rst and classes.rst: two_on_multiple(nbc, j48, rope=1) and
    # SignTest.probs(nbc, j48, rope=1) on its docs/code/accuracies.txt (percent; row 6 repeats row 5).
    data = uci54(copy_of_credit=True)
    printed = bayesian_example("benavoli2017_uci54")["printed"]
    n = 200_000
    for test, key in (
        (bayesian_signed_rank, "baycomp_signedrank_nbc_j48"),
        (bayesian_sign_test, "baycomp_signtest_nbc_j48"),
    ):
        row = printed[key]
        res = test(data["nbc"], data["j48"], rope=1, prior_strength=row["prior_strength"], n_samples=n, seed=25)
        for ours, theirs in zip(res.probabilities, (row["p_j48_better"], row["p_rope"], row["p_nbc_better"])):
            assert ours == pytest.approx(theirs, abs=mc_tolerance(theirs, n, 50_000, 5e-6))


def test_tutorial_data_not_baycomps_copy_reproduces_the_tutorial():
    # The tutorial's sign test J48 vs J48gr at rope 0.001 printed P(J48gr better) = 0.00178; with
    # baycomp's duplicated row the posterior changes (0.004), so the fixture's rows are the tutorial's.
    n = 200_000
    honest = bayesian_sign_test(uci54()["j48"] / 100, uci54()["j48gr"] / 100, rope=0.001, n_samples=n, seed=26)
    copied = uci54(copy_of_credit=True)
    other = bayesian_sign_test(copied["j48"] / 100, copied["j48gr"] / 100, rope=0.001, n_samples=n, seed=26)
    assert honest.p_left == pytest.approx(0.00178, abs=mc_tolerance(0.00178, n, 50_000))
    assert abs(other.p_left - 0.00178) > mc_tolerance(0.00178, n, 50_000)


def test_demsar_wilcoxon_significant_but_practical_superiority_uncertain():
    # Chapter 8's claim on Demsar's (2006) Table 2: Wilcoxon rejects at 5 % (p = 0.0078, chapter 5),
    # but with a ROPE of 0.01 AUC the posterior probability that tuning m is practically better
    # stays well below 0.95.
    ex = wilcoxon_example("demsar2006_table2")
    assert wilcoxon_signed_rank(ex.differences).pvalue < 0.01
    res = bayesian_signed_rank(ex.differences, np.zeros(14), rope=0.01, n_samples=100_000, seed=27)
    # No data set loses by more than 0.01 (the worst difference is -0.008, so no pair sums below
    # -0.02): theta_left is exactly 0. Tuning is not settled as practically better (below the
    # 0.95 rule of Benavoli et al. 2017, by far), and equivalence keeps a real share.
    assert res.p_left == 0.0 and res.samples[:, 0].max() == 0.0
    assert res.p_right < 0.9 and res.p_rope > 0.1
    no_rope = bayesian_signed_rank(ex.differences, np.zeros(14), n_samples=100_000, seed=27)
    assert no_rope.p_right > 0.99  # without a ROPE the Bayesian test agrees with Wilcoxon


# ================================================================ bad input


@pytest.mark.parametrize("test", [bayesian_sign_test, bayesian_signed_rank])
@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"rope": -0.1}, ValueError, "rope"),
        ({"rope": float("inf")}, ValueError, "rope"),
        ({"prior_strength": 0.0}, ValueError, "prior_strength"),
        ({"prior_strength": -1.0}, ValueError, "prior_strength"),
        ({"prior_strength": "1"}, TypeError, "prior_strength"),
        ({"n_samples": 0}, ValueError, "n_samples"),
        ({"n_samples": 10.5}, ValueError, "n_samples"),
        ({"x": [0.8], "y": [0.7]}, ValueError, "at least 2"),
        ({"y": [0.7, 0.8]}, ValueError, "same length"),
        ({"x": [0.8, np.nan, 0.7]}, ValueError, "x must be finite"),
        ({"x": [[0.8, 0.7, 0.9]]}, ValueError, "1-D"),
        ({"seed": -1}, ValueError, "seed"),
        ({"seed": "zero"}, TypeError, "seed"),
    ],
)
def test_dirichlet_tests_bad_input(test, kwargs, error, words):
    args = {"x": [0.8, 0.7, 0.9], "y": [0.75, 0.7, 0.8], "n_samples": 100, "seed": 0}
    args.update(kwargs)
    with pytest.raises(error, match=words):
        test(**args)


# ================================================================ plots and report


def test_plot_posterior_t_shades_three_regions_with_their_probabilities():
    res = bayesian_correlated_ttest([0.8, 0.82, 0.85, 0.81, 0.83], [0.79, 0.8, 0.82, 0.8, 0.84], 1 / 4, rope=0.01)
    fig, ax = plt.subplots()
    assert plot_posterior_t(res, names=("A", "B"), ax=ax) is ax
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == [f"B practically better: {res.p_left:.3g}", f"practically equivalent: {res.p_rope:.3g}",
                      f"A practically better: {res.p_right:.3g}"]
    assert ax.get_xlabel() == "mean difference A - B"
    plt.close(fig)
    point = bayesian_correlated_ttest([0.8, 0.8, 0.8], [0.7, 0.7, 0.7], 0.5, rope=0.01)
    ax = plot_posterior_t(point)
    assert "point mass" in ax.get_legend().get_texts()[0].get_text()
    plt.close(ax.figure)


def test_plot_posterior_simplex_is_an_equilateral_triangle_with_labelled_corners():
    res = bayesian_signed_rank([0.8, 0.7, 0.9, 0.85, 0.6], [0.78, 0.7, 0.85, 0.86, 0.58], rope=0.01,
                               n_samples=3000, seed=0)
    ax = plot_posterior_simplex(res, names=("A", "B"), max_points=1000)
    assert ax.get_aspect() == 1.0
    texts = " ".join(t.get_text() for t in ax.texts)
    assert "B\npractically better" in texts and "A\npractically better" in texts and "practically equivalent" in texts
    assert f"p = {res.p_right:.3f}" in texts
    clouds = [line for line in ax.lines if line.get_marker() == "."]  # one point cloud per region
    assert len(clouds) == 3 and sum(len(line.get_xdata()) for line in clouds) == 1000
    # every point is inside the triangle with corners (0, 0), (1, 0), (1/2, sqrt(3)/2)
    x = np.concatenate([line.get_xdata() for line in clouds])
    y = np.concatenate([line.get_ydata() for line in clouds])
    assert np.all(y >= -1e-12) and np.all(y <= np.sqrt(3) * x + 1e-12) and np.all(y <= np.sqrt(3) * (1 - x) + 1e-12)
    plt.close(ax.figure)


@pytest.mark.parametrize("call", [
    lambda: plot_posterior_t("not a result"),
    lambda: plot_posterior_simplex(bayesian_correlated_ttest([0.8, 0.9], [0.7, 0.8], 0.5)),
    lambda: posterior_report(None),
])
def test_plots_and_report_refuse_other_objects(call):
    with pytest.raises(TypeError, match="result must be"):
        call()


def test_plot_names_must_be_two():
    res = bayesian_correlated_ttest([0.8, 0.9], [0.7, 0.8], 0.5)
    with pytest.raises(ValueError, match="names"):
        plot_posterior_t(res, names="AB")


def test_posterior_report_says_whether_the_comparison_is_settled():
    settled = bayesian_correlated_ttest([0.9, 0.91, 0.92, 0.9], [0.8, 0.8, 0.81, 0.79], 1 / 3, rope=0.01)
    text = posterior_report(settled, names=("A", "B"))
    assert "A vs B" in text and "the first is practically better" in text and f"{settled.p_right:.3f}" in text
    open_question = bayesian_signed_rank([0.8, 0.7, 0.9], [0.79, 0.72, 0.88], rope=0.01, n_samples=2000, seed=0)
    text = posterior_report(open_question)
    assert "do not settle" in text and "prior strength 0.5" in text
    with pytest.raises(ValueError, match="decision"):
        posterior_report(settled, decision=1.5)


# ================================================================ the chapter's widget


def test_rope_posterior_dispatches_to_the_two_tests():
    from lecture_lib.widgets import rope_posterior

    x, y = [0.8, 0.7, 0.9, 0.85], [0.75, 0.7, 0.8, 0.8]
    for test, function in (("sign", bayesian_sign_test), ("signed-rank", bayesian_signed_rank)):
        via = rope_posterior(x, y, test=test, rope=0.01, prior_strength=0.7, n_samples=300, seed=2)
        direct = function(x, y, rope=0.01, prior_strength=0.7, n_samples=300, seed=2)
        assert np.array_equal(via.samples, direct.samples) and via.method == test
    with pytest.raises(ValueError, match="test"):
        rope_posterior(x, y, test="t-test")


def test_rope_explorer_controls_change_the_report_and_the_figure():
    from lecture_lib.widgets import rope_explorer

    ex = wilcoxon_example("demsar2006_table2")
    box = rope_explorer(ex.scores_1, ex.scores_2, names=("C4.5+m", "C4.5"), rope=0.0, rope_max=0.05, n_samples=2000)
    test_buttons = box.children[0]
    rope_slider, prior_slider = box.children[1].children
    figure, report = box.children[2].children
    assert "alt=" in figure.value and "Triangle of posterior samples" in figure.value
    start_report, start_figure = report.value, figure.value
    rope_slider.value = 0.01  # a ROPE of 0.01 AUC: probability moves into the rope
    assert report.value != start_report and figure.value != start_figure
    expected = bayesian_signed_rank(ex.scores_1, ex.scores_2, rope=0.01, n_samples=2000, seed=0)
    assert f"{expected.p_rope:.3f}" in report.value and "ROPE 0.01" in figure.value
    prior_slider.value = 3.0
    assert "prior strength 3" in report.value
    test_buttons.value = "sign"
    assert "Bayesian sign test" in report.value
    with pytest.raises(ValueError, match="test"):
        rope_explorer(ex.scores_1, ex.scores_2, test="wilcoxon")
