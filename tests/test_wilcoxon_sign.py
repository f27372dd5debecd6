"""Chapter 5: Wilcoxon signed-rank test and sign test.

Oracles: scipy.stats.wilcoxon (scipy 1.17: method="asymptotic", "exact" and
PermutationMethod, which enumerates all 2^n sign patterns for n <= 13) and
scipy.stats.binomtest; an independent brute-force enumeration of sign
patterns; the worked examples of seed 001 and of Demšar (2006).
"""

import itertools
import warnings

import numpy as np
import pytest
from scipy import stats

from lecture_lib import (
    rankdata,
    sign_test,
    sign_test_critical_wins,
    signed_rank_null_distribution,
    wilcoxon_critical_value,
    wilcoxon_example,
    wilcoxon_signed_rank,
    wilcoxon_steps,
)
from lecture_lib.examples import errata, sign_test_critical_table

ZERO_METHODS = ("zsplit", "pratt", "wilcox")
ALTERNATIVES = ("two-sided", "greater", "less")


def _rounded_differences(rng, n):
    """Differences rounded to 0-2 decimals: many ties and zeros."""
    return np.round(rng.normal(0.3, 1.0, size=n), int(rng.integers(0, 3)))


# ---------------------------------------------------------------- oracles: scipy


@pytest.mark.parametrize("seed", range(40))
def test_normal_approximation_matches_scipy(seed):
    rng = np.random.default_rng(seed)
    d = _rounded_differences(rng, int(rng.integers(2, 90)))
    if seed % 10 == 0:
        d[: 3] = 0.0  # always some zeros
    for zero_method, alternative, correction in itertools.product(ZERO_METHODS, ALTERNATIVES, (False, True)):
        ours = wilcoxon_signed_rank(d, zero_method=zero_method, method="approx", alternative=alternative,
                                    correction=correction)
        ref = stats.wilcoxon(d, zero_method=zero_method, method="asymptotic", alternative=alternative,
                             correction=correction)
        assert ours.statistic == pytest.approx(float(ref.statistic), rel=1e-12, abs=1e-12)
        assert ours.pvalue == pytest.approx(float(ref.pvalue), rel=1e-9, abs=1e-15)
        # scipy reports -|z| for two-sided tests; ours keeps the sign
        z = -abs(ours.z) if alternative == "two-sided" else ours.z
        assert z == pytest.approx(float(ref.zstatistic), rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("seed", range(30))
def test_exact_without_ties_matches_scipy_exact(seed):
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(1, 200)) if seed % 3 == 0 else int(rng.integers(1, 51))
    x, y = rng.normal(size=n), rng.normal(0.2, 1.0, size=n)  # continuous: no ties, no zeros
    for alternative in ALTERNATIVES:
        ours = wilcoxon_signed_rank(x, y, method="exact", alternative=alternative)
        ref = stats.wilcoxon(x, y, method="exact", alternative=alternative)
        assert ours.statistic == pytest.approx(float(ref.statistic), rel=1e-12)
        assert ours.pvalue == pytest.approx(float(ref.pvalue), rel=1e-9, abs=1e-300)
        if n <= 50:  # scipy's "auto" is exact here too
            auto = wilcoxon_signed_rank(x, y, alternative=alternative)
            assert auto.method == "exact" and auto.pvalue == ours.pvalue
            assert auto.pvalue == pytest.approx(float(stats.wilcoxon(x, y, alternative=alternative).pvalue), rel=1e-9)


@pytest.mark.parametrize("seed", range(25))
def test_exact_with_ties_and_zeros_matches_scipy_permutation(seed):
    # for n <= 13 (here n <= 10, for speed), PermutationMethod() enumerates all 2^n sign patterns (2^13 < 9999
    # resamples)
    rng = np.random.default_rng(200 + seed)
    d = _rounded_differences(rng, int(rng.integers(2, 11)))
    for zero_method, alternative in itertools.product(ZERO_METHODS, ALTERNATIVES):
        ours = wilcoxon_signed_rank(d, zero_method=zero_method, method="exact", alternative=alternative)
        ref = stats.wilcoxon(d, zero_method=zero_method, method=stats.PermutationMethod(), alternative=alternative)
        assert ours.pvalue == pytest.approx(float(ref.pvalue), rel=1e-9, abs=1e-15)
        assert ours.statistic == pytest.approx(float(ref.statistic), rel=1e-12, abs=1e-12)


def test_scipy_exact_is_not_exact_with_ties_but_ours_is():
    # scipy's method="exact" rounds R+ and uses the no-ties table; with mid-ranks that is off
    d = np.array([1.0, 1.0, 2.0, -3.0, 4.0, 4.0, 5.0, -0.5])
    ours = wilcoxon_signed_rank(d, method="exact").pvalue
    perm = stats.wilcoxon(d, method=stats.PermutationMethod()).pvalue  # full enumeration (2^8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rounded = stats.wilcoxon(d, method="exact").pvalue
    assert ours == pytest.approx(perm, rel=1e-12)
    assert abs(rounded - perm) > 1e-3


@pytest.mark.parametrize("seed", range(10))
def test_auto_switches_to_approx_above_50_pairs(seed):
    rng = np.random.default_rng(300 + seed)
    d = _rounded_differences(rng, int(rng.integers(51, 150)))
    res = wilcoxon_signed_rank(d)
    assert res.method == "approx" and "n = " in res.reason
    # the default zero method is Pratt's
    assert res.pvalue == pytest.approx(float(stats.wilcoxon(d, zero_method="pratt", correction=False).pvalue), rel=1e-9)
    small = wilcoxon_signed_rank(d[:20])
    assert small.method == "exact"


# ---------------------------------------------------------------- oracle: brute force


def _brute_force(d, zero_method):
    """Every one of the 2^m sign patterns of the non-zero differences, listed."""
    d = np.asarray(d, dtype=float)
    if zero_method == "wilcox":
        d = d[d != 0]
    ranks = stats.rankdata(np.abs(d)) if d.size else np.zeros(0)
    zero = d == 0
    fixed = ranks[zero].sum() / 2 if zero_method == "zsplit" else 0.0
    free = ranks[~zero]
    observed = fixed + ranks[d > 0].sum()
    sums = np.array([fixed + free[list(s)].sum() if s else fixed
                     for k in range(free.size + 1) for s in itertools.combinations(range(free.size), k)])
    return observed, sums


@pytest.mark.parametrize("seed", range(30))
def test_exact_pvalue_and_distribution_match_enumeration(seed):
    rng = np.random.default_rng(400 + seed)
    d = _rounded_differences(rng, int(rng.integers(1, 11)))
    for zero_method in ZERO_METHODS:
        observed, sums = _brute_force(d, zero_method)
        values, probs = signed_rank_null_distribution(d, zero_method=zero_method)
        brute_values, counts = np.unique(sums, return_counts=True)
        np.testing.assert_allclose(values, brute_values, rtol=0, atol=1e-12)
        np.testing.assert_allclose(probs, counts / sums.size, rtol=1e-12)
        lower = np.mean(sums <= observed + 1e-9)
        upper = np.mean(sums >= observed - 1e-9)
        expected = {"less": lower, "greater": upper, "two-sided": min(1.0, 2 * min(lower, upper))}
        for alternative in ALTERNATIVES:
            res = wilcoxon_signed_rank(d, zero_method=zero_method, method="exact", alternative=alternative)
            assert res.pvalue == pytest.approx(expected[alternative], rel=1e-12)
            assert res.r_plus == pytest.approx(observed)


def test_exact_tail_probability_for_many_pairs_is_not_lost():
    # all 60 differences positive: P(R+ = max) = 2^-60 exactly (one sign pattern of 2^60)
    res = wilcoxon_signed_rank(np.arange(1.0, 61.0), method="exact", alternative="greater")
    assert res.pvalue == pytest.approx(2.0**-60, rel=1e-9)


# ---------------------------------------------------------------- properties and degenerate input


@pytest.mark.parametrize("zero_method", ZERO_METHODS)
@pytest.mark.parametrize("method", ("exact", "approx"))
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("correction", (False, True))
def test_all_differences_zero_give_p_one(zero_method, method, alternative, correction):
    # issue 19: the one-sided normal approximation with zsplit used to return 0.5 while its reason said 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = wilcoxon_signed_rank([0.2, 0.5, 0.1], [0.2, 0.5, 0.1], zero_method=zero_method, method=method,
                                   alternative=alternative, correction=correction)
    assert res.pvalue == 1.0 and res.z == 0.0 and res.n_zero == 3 and "p = 1" in res.reason
    assert res.r_plus == res.r_minus


def test_swapping_x_and_y_swaps_the_sums():
    rng = np.random.default_rng(5)
    x, y = rng.random(12), rng.random(12)
    a, b = wilcoxon_signed_rank(x, y), wilcoxon_signed_rank(y, x)
    assert (a.r_plus, a.r_minus) == (b.r_minus, b.r_plus)
    assert a.pvalue == pytest.approx(b.pvalue, rel=1e-12)
    assert wilcoxon_signed_rank(x, y, alternative="greater").pvalue == pytest.approx(
        wilcoxon_signed_rank(y, x, alternative="less").pvalue, rel=1e-12)


def test_rank_sums_add_up():
    d = np.array([0.0, 0.0, 0.0, 1.0, -1.0, 2.0, 3.0])  # three zeros (odd)
    n = d.size
    assert sum(_sums(d, "zsplit")) == n * (n + 1) / 2  # zsplit never drops a zero
    assert sum(_sums(d, "pratt")) == n * (n + 1) / 2 - 6  # zeros' ranks 1, 2, 3 dropped
    assert sum(_sums(d, "wilcox")) == 4 * 5 / 2  # four non-zero values re-ranked


def _sums(d, zero_method):
    res = wilcoxon_signed_rank(d, zero_method=zero_method)
    return res.r_plus, res.r_minus


def test_default_zero_method_is_pratt():
    # decision (review C): Pratt (1959) by default; see wilcoxon_signed_rank's Notes
    d = [0.0, 0.3, -0.1, 0.2]
    assert wilcoxon_signed_rank(d).zero_method == "pratt"
    assert wilcoxon_steps(d)["zero_method"] == "pratt"
    values, _ = signed_rank_null_distribution(d)
    np.testing.assert_array_equal(values, signed_rank_null_distribution(d, zero_method="pratt")[0])


@pytest.mark.parametrize("seed", range(20))
def test_pratt_and_zsplit_exact_pvalues_coincide(seed):
    # the zeros hold the smallest ranks and their share of R+ is a constant: same exact test
    rng = np.random.default_rng(700 + seed)
    d = _rounded_differences(rng, int(rng.integers(3, 40)))
    d[: int(rng.integers(1, 4))] = 0.0
    for alternative in ALTERNATIVES:
        pratt = wilcoxon_signed_rank(d, zero_method="pratt", method="exact", alternative=alternative)
        zsplit = wilcoxon_signed_rank(d, zero_method="zsplit", method="exact", alternative=alternative)
        assert pratt.pvalue == pytest.approx(zsplit.pvalue, rel=1e-12, abs=1e-300)
        assert zsplit.r_plus - pratt.r_plus == pytest.approx(pratt.n_zero * (pratt.n_zero + 1) / 4)


def _signed_rank_normal_pvalues(d, zero_method):
    """Two-sided normal p-values of many rows at once (scipy's formulas), for the size check."""
    ranks = stats.rankdata(np.abs(d), axis=1)
    zero = d == 0
    if zero_method == "zsplit":
        r_plus = (ranks * (d > 0)).sum(axis=1) + (ranks * zero).sum(axis=1) / 2
        var = np.sum(ranks**2, axis=1) / 4
        mean = np.sum(ranks, axis=1) / 2
    else:  # pratt: only the non-zero ranks are random
        r_plus = (ranks * (d > 0)).sum(axis=1)
        var = np.sum(ranks**2 * ~zero, axis=1) / 4
        mean = np.sum(ranks * ~zero, axis=1) / 2
    return 2 * stats.norm.sf(np.abs(r_plus - mean) / np.sqrt(var))


def test_zsplit_normal_approximation_is_conservative_with_many_zeros():
    # the measurement behind the default (wilcoxon_signed_rank's Notes: n = 200, 50 % zeros,
    # differences in {-5, ..., 5}: zsplit 3.7 %, pratt 4.9 % at nominal 5 %), repeated with 4000 samples
    rng = np.random.default_rng(2)
    reps, n = 4000, 200
    magnitude = rng.integers(1, 6, size=(reps, n)) * rng.choice([-1.0, 1.0], size=(reps, n))
    d = np.where(rng.random((reps, n)) < 0.5, 0.0, magnitude)
    # the vectorised helper reproduces the library on a few rows (variance sum(r^2)/4 = scipy's with ties)
    for row in d[:5]:
        for zero_method in ("zsplit", "pratt"):
            ours = wilcoxon_signed_rank(row, zero_method=zero_method, method="approx").pvalue
            assert _signed_rank_normal_pvalues(row[None, :], zero_method)[0] == pytest.approx(ours, rel=1e-9)
    size = {zm: np.mean(_signed_rank_normal_pvalues(d, zm) <= 0.05) for zm in ("zsplit", "pratt")}
    se = np.sqrt(0.05 * 0.95 / reps)  # 0.0034
    assert size["zsplit"] < 0.05 - 2 * se  # conservative
    assert abs(size["pratt"] - 0.05) < 3 * se  # holds the level


def test_wilcoxon_critical_value_assumes_no_ties_or_zeros():
    # documented: the table value is for ranks 1..n; with a zero the exact test can be stricter
    assert "no ties and no zeros" in wilcoxon_critical_value.__doc__
    d = np.array([0.0, 0.1, 0.2, 0.3, 0.4, 0.5])  # T = 0 <= wilcoxon_critical_value(6) = 0 ...
    assert wilcoxon_signed_rank(d).statistic <= wilcoxon_critical_value(6)
    assert wilcoxon_signed_rank(d).pvalue == pytest.approx(2 / 32)  # ... yet p = 0.0625 > 0.05


def test_exact_test_size_under_h0():
    # H0 (symmetric differences): the exact test rejects at most alpha of the time
    rng = np.random.default_rng(11)
    d = rng.standard_t(3, size=(400, 9)) * rng.uniform(0.5, 2, size=(400, 1))
    rejections = np.mean([wilcoxon_signed_rank(row, method="exact").pvalue <= 0.05 for row in d])
    # exact size at n = 9: P(T <= 5) * 2 = 0.0391 (wilcoxon_critical_value(9) = 5); 3 sd of 400 draws
    assert rejections <= 0.0391 + 3 * np.sqrt(0.0391 * 0.9609 / 400)


# ---------------------------------------------------------------- critical values


def test_wilcoxon_critical_values_match_published_tables():
    # exact two-sided 5 % table (e.g. TracerBench's critical-values.ts, N = 6..15);
    # Demšar (2006, section 3.1.3): 21 for N = 14
    table = {6: 0, 7: 2, 8: 3, 9: 5, 10: 8, 11: 10, 12: 13, 13: 17, 14: 21, 15: 25}
    assert {n: wilcoxon_critical_value(n) for n in table} == table
    assert wilcoxon_critical_value(5) == -1  # 2 / 32 = 0.0625 > 0.05: nothing can be significant


@pytest.mark.parametrize("n", range(1, 12))
def test_wilcoxon_critical_value_by_enumeration(n):
    sums = np.array([sum(s) for k in range(n + 1) for s in itertools.combinations(range(1, n + 1), k)])
    t = wilcoxon_critical_value(n, alpha=0.10)
    assert 2 * np.mean(sums <= t) <= 0.10 < 2 * np.mean(sums <= t + 1)


def test_sign_test_critical_wins_reproduce_demsar_table3():
    table = sign_test_critical_table()
    # Demšar's Table 3, labelled "two-tailed", is the exact one-sided test ...
    for n, w10 in zip(table["n_datasets"], table["w_0.10"]):
        assert sign_test_critical_wins(n, 0.10, alternative="greater") == w10
    for n, w05 in zip(table["n_datasets"], table["w_0.05"]):
        ours = sign_test_critical_wins(n, 0.05, alternative="greater")
        # ... except at N = 23 and 24, where the paper asks for one more win than needed
        assert ours == (w05 - 1 if n in (23, 24) else w05), n
    # the example the task names: N = 6 needs all 6 wins at 0.05, one- or two-sided
    assert sign_test_critical_wins(6) == 6 == table["w_0.05"][table["n_datasets"].index(6)]
    # two-sided exact values are larger where the one-sided ones are not enough
    assert sign_test_critical_wins(14) == 12 and sign_test_critical_wins(5) == 6  # 6 > 5: impossible


@pytest.mark.parametrize("n", range(1, 30))
def test_sign_test_critical_wins_is_the_binomial_boundary(n):
    w = sign_test_critical_wins(n)
    if w <= n:
        assert stats.binomtest(w, n).pvalue <= 0.05 < stats.binomtest(w - 1, n).pvalue
    else:
        assert stats.binomtest(n, n).pvalue > 0.05


# ---------------------------------------------------------------- sign test vs scipy.stats.binomtest


@pytest.mark.parametrize("seed", range(40))
def test_sign_test_matches_binomtest(seed):
    rng = np.random.default_rng(500 + seed)
    n = int(rng.integers(1, 60))
    x, y = np.round(rng.random(n), 1), np.round(rng.random(n), 1)  # many ties
    wins, losses, ties = int(np.sum(x > y)), int(np.sum(x < y)), int(np.sum(x == y))
    split = sign_test(x, y, ties="split")
    k, m = wins + ties // 2, losses + ties // 2
    assert (split.wins, split.losses, split.ties, split.statistic, split.n) == (wins, losses, ties, k, k + m)
    expected = stats.binomtest(k, k + m).pvalue if k + m else 1.0
    assert split.pvalue == pytest.approx(expected, rel=1e-9)
    drop = sign_test(x, y, ties="drop")
    assert drop.statistic == wins and drop.n == wins + losses
    assert drop.pvalue == pytest.approx(stats.binomtest(wins, wins + losses).pvalue if wins + losses else 1.0, rel=1e-9)
    errors = sign_test(x, y, higher_is_better=False)
    assert (errors.wins, errors.losses) == (losses, wins)


def test_sign_test_all_ties():
    res = sign_test([0.5, 0.5, 0.5], [0.5, 0.5, 0.5])
    assert (res.statistic, res.n, res.pvalue) == (1.0, 2, 1.0)  # one tie ignored, one each
    assert sign_test([0.5], [0.5], ties="drop").pvalue == 1.0


# ---------------------------------------------------------------- worked examples


def test_seed001_table_printed_values():
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    d = ex.differences
    np.testing.assert_allclose(d, ex.printed["diff"], atol=5e-5)  # 4 decimals in seed 001
    np.testing.assert_array_equal(rankdata(np.abs(d)), ex.printed["rank"])
    # min(R+, R-) = 2 and z = -1.78: Demšar's convention (the single zero ignored), N = 6 in the formula
    pratt = wilcoxon_signed_rank(d, zero_method="pratt")
    assert pratt.statistic == ex.printed["min_r"] == 2
    n = 6
    z = (2 - n * (n + 1) / 4) / np.sqrt(n * (n + 1) * (2 * n + 1) / 24)
    assert round(z, 2) == ex.printed["z"]


def test_erratum_seed001_wilcoxon_decision():
    # key: seed001-wilcoxon-decision. |z| = 1.78 < 1.96: no rejection at 5 %
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    z = ex.printed["z"]
    assert abs(z) < stats.norm.ppf(0.975)
    assert 2 * stats.norm.cdf(z) == pytest.approx(0.0751, abs=1e-4)  # normal p of the printed z
    for zero_method in ("zsplit", "pratt", "wilcox"):
        assert wilcoxon_signed_rank(ex.differences, zero_method=zero_method, method="exact").pvalue == 0.125
        assert wilcoxon_signed_rank(ex.differences, zero_method=zero_method, method="approx").pvalue > 0.05


def test_erratum_seed001_wilcoxon_rminus():
    # key: seed001-wilcoxon-rminus. The ranks sum to 21 and no convention gives 15
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    assert sum(ex.printed["rank"]) == 21
    sums = {zm: _sums(ex.differences, zm) for zm in ZERO_METHODS}
    assert sums["zsplit"] == (18.5, 2.5) and sums["pratt"] == (18.0, 2.0) and sums["wilcox"] == (14.0, 1.0)
    assert all(ex.printed["r_minus"] not in pair for pair in sums.values())


def test_erratum_seed001_wilcoxon_critical_value():
    # key: seed001-wilcoxon-critical-value. N = 6: exact critical T is 0; z scale: 1.96
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    assert wilcoxon_critical_value(6) == 0 != ex.printed["critical_value"]
    assert round(stats.norm.ppf(0.975), 2) == 1.96
    assert ex.printed["min_r"] > wilcoxon_critical_value(6)


def test_erratum_seed001_wilcoxon_sign_convention():
    # key: seed001-wilcoxon-sign-convention. The slide's formula (d > 0) on d = rpart - ranger
    # gives R+ = 18 (pratt) / 18.5 (zsplit); its printed R+ = 2 is the sum where rpart is better
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    assert wilcoxon_signed_rank(ex.scores_1, ex.scores_2, zero_method="pratt").r_plus == 18
    assert wilcoxon_signed_rank(ex.scores_2, ex.scores_1, zero_method="pratt").r_plus == ex.printed["r_plus"]
    # two-sided p does not depend on the orientation, one-sided p does
    a = wilcoxon_signed_rank(ex.scores_1, ex.scores_2, alternative="greater").pvalue
    b = wilcoxon_signed_rank(ex.scores_2, ex.scores_1, alternative="greater").pvalue
    assert a == pytest.approx(0.0625) and b == pytest.approx(0.96875)  # 4/64 and 62/64


def test_erratum_seed001_wilcoxon_hypothesis():
    # key: seed001-wilcoxon-hypothesis. H0 is symmetry of d about 0: the null distribution of
    # R+ is symmetric about its mean n(n+1)/4, whatever the |d| (here with ties and a zero)
    d = [0.0, 0.1, -0.1, 0.3, 0.7, -0.2]
    values, probs = signed_rank_null_distribution(d, zero_method="zsplit")
    np.testing.assert_allclose(probs, probs[::-1], rtol=1e-12)
    assert np.sum(values * probs) == pytest.approx(6 * 7 / 4)
    # Pratt's R+ leaves out the zero's rank 1: symmetric about (21 - 1) / 2
    values, probs = signed_rank_null_distribution(d)
    np.testing.assert_allclose(probs, probs[::-1], rtol=1e-12)
    assert np.sum(values * probs) == pytest.approx((6 * 7 / 2 - 1) / 2)


def test_seed001_errata_are_recorded():
    keys = {e.key for e in errata()}
    for key in ("seed001-wilcoxon-decision", "seed001-wilcoxon-rminus", "seed001-wilcoxon-critical-value",
                "seed001-wilcoxon-sign-convention", "seed001-wilcoxon-hypothesis"):
        assert key in keys


def test_seed001_sign_test():
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    res = sign_test(ex.scores_2, ex.scores_1, higher_is_better=False)  # ranger wins where its error is lower
    assert (res.wins, res.losses, res.ties, res.n) == (4, 1, 1, 5)
    assert res.pvalue == pytest.approx(12 / 32)  # 2 * P(X >= 4), X ~ Bin(5, 1/2)


def test_demsar_table2_wilcoxon_and_sign_test():
    ex = wilcoxon_example("demsar2006_table2")
    d = ex.differences
    np.testing.assert_array_equal(rankdata(np.abs(d)), ex.printed["rank"])  # Demšar's Table 2
    np.testing.assert_allclose(d, ex.scores_1 - ex.scores_2, atol=1e-12)
    res = wilcoxon_signed_rank(d, zero_method="zsplit")  # Demšar splits the two zeros' ranks
    assert (res.r_plus, res.r_minus) == (ex.printed["r_plus"], ex.printed["r_minus"])  # 93 and 12
    pratt = wilcoxon_signed_rank(d)  # the default drops the zeros' ranks 1.5 + 1.5, same exact p-value
    assert (pratt.r_plus, pratt.r_minus) == (91.5, 10.5) and pratt.pvalue == res.pvalue
    assert wilcoxon_critical_value(14) == ex.printed["critical_value"]  # 21
    assert res.statistic <= 21 and res.pvalue < 0.05
    sign = sign_test(ex.scores_1, ex.scores_2)
    assert sign.statistic == ex.printed["sign_test_wins"]  # 11 of 14, one tie counted
    # Demšar calls 11 of 14 significant at p < 0.05; the exact two-sided p is 2 * 470 / 2^14
    assert sign.pvalue == pytest.approx(2 * 470 / 2**14) and sign.pvalue > 0.05


# ---------------------------------------------------------------- the widget's pure function


def test_wilcoxon_steps_add_up():
    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    for zero_method in ZERO_METHODS:
        steps = wilcoxon_steps(ex.differences, names=ex.datasets, zero_method=zero_method)
        res = wilcoxon_signed_rank(ex.differences, zero_method=zero_method, method="exact")
        assert sum(r["to_r_plus"] for r in steps["rows"]) == res.r_plus == steps["r_plus"]
        assert sum(r["to_r_minus"] for r in steps["rows"]) == res.r_minus == steps["r_minus"]
        assert steps["pvalue_exact"] == res.pvalue
        assert steps["pvalue_normal"] == wilcoxon_signed_rank(ex.differences, zero_method=zero_method,
                                                              method="approx").pvalue
        assert [r["abs_d"] for r in steps["rows"]] == sorted(np.abs(ex.differences).tolist())
    monks = [r for r in steps["rows"] if r["name"] == "monks-problems-3"][0]
    assert monks["rank"] is None and monks["sign"] == "0"  # wilcox drops the zero


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(x=[]), ValueError, "x is empty"),
        (dict(x=[1.0, np.nan]), ValueError, r"x contains NaN \(first at index 1\)"),
        (dict(x=[1.0, 2.0], y=[1.0, np.inf]), ValueError, r"y contains inf \(first at index 1\)"),
        (dict(x=[[1.0, 2.0]]), ValueError, r"x must be 1-D, got an array of shape \(1, 2\)"),
        (dict(x="abc"), TypeError, "x must be a 1-D array of scores, got 'abc'"),
        (dict(x=None), TypeError, "x must be a 1-D array of scores, got None"),
        (dict(x=3.0), TypeError, "got the scalar 3.0"),
        (dict(x=[True, False]), TypeError, "x must hold numbers, got dtype bool"),
        (dict(x=["a", "b"]), TypeError, "x must hold numbers, got dtype <U1"),
        (dict(x=[1.0, 2.0], y=[1.0]), ValueError, "same length.*x has 2, y has 1"),
        (dict(x=[1.0], zero_method="split"), ValueError, "zero_method must be one of.*got 'split'"),
        (dict(x=[1.0], method="asymptotic"), ValueError, "method must be one of.*got 'asymptotic'"),
        (dict(x=[1.0], alternative="two_sided"), ValueError, "alternative must be one of.*got 'two_sided'"),
        (dict(x=[1.0], correction="yes"), TypeError, "correction must be True or False, got 'yes'"),
        (dict(x=[1.0], method=None), TypeError, "method must be one of"),
    ],
)
def test_wilcoxon_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        wilcoxon_signed_rank(**kwargs)


@pytest.mark.parametrize(
    "call, error, match",
    [
        (lambda: sign_test([1.0, 2.0], [1.0]), ValueError, "x has 2, y has 1"),
        (lambda: sign_test([1.0], [2.0], ties="half"), ValueError, "ties must be one of.*got 'half'"),
        (lambda: sign_test([1.0], [2.0], higher_is_better=1), TypeError, "higher_is_better must be True or False"),
        (lambda: sign_test([], []), ValueError, "x is empty"),
        (lambda: sign_test([1.0], [np.nan]), ValueError, "y contains NaN"),
        (lambda: sign_test_critical_wins(0), ValueError, "n_datasets must be >= 1, got 0"),
        (lambda: sign_test_critical_wins(10, alpha=1.5), ValueError, r"alpha must lie in \(0, 1\), got 1.5"),
        (lambda: sign_test_critical_wins(10, alternative="less"), ValueError, "alternative must be one of"),
        (lambda: wilcoxon_critical_value(2.5), ValueError, "n_datasets must be a whole number, got 2.5"),
        (lambda: wilcoxon_critical_value(10, alpha=0), ValueError, "alpha must lie in"),
        (lambda: signed_rank_null_distribution([1.0], zero_method="x"), ValueError, "zero_method must be one of"),
        (lambda: wilcoxon_steps([1.0, 2.0], names=["a"]), ValueError, "got 1 names for 2 differences"),
        (lambda: wilcoxon_steps([1.0, 2.0], names="ab"), TypeError, "names must be a sequence of strings"),
        (lambda: wilcoxon_steps([np.nan]), ValueError, "differences contains NaN"),
        (lambda: wilcoxon_signed_rank(np.arange(1.0, 2002.0), method="exact"), ValueError,
         "n = 2001 ranked differences is above the limit of 2000"),
    ],
)
def test_other_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ---------------------------------------------------------------- widget report and figure


def test_wilcoxon_report_shows_the_steps_and_both_pvalues():
    from lecture_lib.widgets import wilcoxon_explorer, wilcoxon_report

    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    html = wilcoxon_report(ex.differences, ex.datasets)
    res = wilcoxon_signed_rank(ex.differences, method="exact")
    assert f"R+ = {res.r_plus:g}, R- = {res.r_minus:g}" in html  # 18 and 2 (pratt, the default)
    assert f"{res.pvalue:.4g}" in html and "do not reject H0" in html
    assert html.count("<tr>") == 6 + 1 + 3 + 1  # six data sets, three p-values, two header rows
    assert "dropped" in wilcoxon_report(ex.differences, ex.datasets, zero_method="wilcox")
    # all six positive: T = 0, exact p = 2 / 64 = 0.03125 <= 0.05
    assert "reject H0" in wilcoxon_report(np.abs(ex.differences) + 0.01).replace("do not reject H0", "")
    with pytest.raises(ValueError, match="alpha must lie in"):
        wilcoxon_report([1.0], alpha=2)
    box = wilcoxon_explorer(ex.differences, ex.datasets)
    first = box.children[0].children[0].children[0]
    first.value = 0.5  # edit pollen's difference: the report follows
    assert "+0.5" in box.children[2].value


def test_plot_signed_rank_null_marks_the_pvalue():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from lecture_lib.plots import plot_signed_rank_null

    ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
    ax = plot_signed_rank_null(ex.differences)
    heights = np.array([p.get_height() for p in ax.patches])
    red = np.array([p.get_facecolor()[0] > 0.7 for p in ax.patches])  # tab:red vs tab:blue
    assert heights.sum() == pytest.approx(1.0)
    assert heights[red].sum() == pytest.approx(wilcoxon_signed_rank(ex.differences).pvalue)  # 0.125
    assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title()
    plt.close("all")


@pytest.mark.parametrize("seed", range(10))
def test_internal_ranks_and_tie_term_match_the_tested_rankdata(seed):
    from lecture_lib._ranking import ranks_and_ties

    a = np.random.default_rng(600 + seed).integers(0, 6, size=int(3 + seed * 7)).astype(float)
    ranks, ties = ranks_and_ties(a)
    np.testing.assert_array_equal(ranks, stats.rankdata(a))
    assert ties == sum(t**3 - t for t in np.unique(a, return_counts=True)[1])


def test_wilcoxon_example_unknown_key():
    with pytest.raises(ValueError, match="key must be one of.*got 'seed009'"):
        wilcoxon_example("seed009")
