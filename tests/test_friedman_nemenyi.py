"""Chapter 6: Friedman, Iman-Davenport, critical differences, Nemenyi, Bonferroni-Dunn.

Oracles: scipy.stats.friedmanchisquare (tie-corrected chi2_F), statsmodels' AnovaRM
(Iman-Davenport's F is the repeated-measures ANOVA F of the ranks), scikit-posthocs'
posthoc_nemenyi_friedman, statsmodels' multipletests, an independent quadrature of the
studentized range distribution, and Demšar's (2006) Table 5.
"""

import itertools

import numpy as np
import pandas as pd
import pytest
import scikit_posthocs as sp
from scipy import integrate, optimize, special, stats
from statsmodels.stats.anova import AnovaRM
from statsmodels.stats.multitest import multipletests

from lecture_lib import (
    EXACT_MAX_DATASETS,
    FRIEDMAN_METHODS,
    FriedmanLevel,
    Interval,
    appml_benchmark,
    bonferroni_dunn,
    cd_cliques,
    critical_difference,
    critical_value,
    demsar_table5,
    errata,
    friedman,
    friedman_type1_error,
    nemenyi,
    rankdata,
    studentized_range_sf,
    wilcoxon_signed_rank,
)

ERRATA = {e.key: e for e in errata()}


def _random_table(seed, ties=True):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 30))
    k = int(rng.integers(3, 9))
    if ties:  # few distinct values: many ties, some rows entirely tied
        return rng.integers(0, int(rng.integers(1, 5)) + 1, size=(n, k)).astype(float)
    return rng.normal(size=(n, k))


# ---------------------------------------------------------------- Friedman


@pytest.mark.parametrize("seed", range(120))
def test_friedman_matches_scipy_with_ties(seed):
    x = _random_table(seed)
    ours = friedman(x)
    if np.all(x == x[:, :1]):  # scipy divides 0 by 0 when every row is tied
        assert (ours.statistic, ours.pvalue) == (0.0, 1.0)
        return
    with np.errstate(invalid="ignore", divide="ignore"):
        ref = stats.friedmanchisquare(*x.T)
    assert ours.statistic == pytest.approx(ref.statistic, rel=1e-9, abs=1e-12)
    assert ours.chi2_pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-15)
    assert friedman(x, method="chi2").pvalue == ours.chi2_pvalue
    assert ours.df == x.shape[1] - 1


@pytest.mark.parametrize("seed", range(50))
def test_friedman_without_ties_scipy_and_demsar_agree(seed):
    x = _random_table(seed, ties=False)
    corrected, plain = friedman(x), friedman(x, tie_correction=False)
    ref = stats.friedmanchisquare(*x.T).statistic
    assert corrected.statistic == pytest.approx(ref, rel=1e-9)
    assert plain.statistic == pytest.approx(ref, rel=1e-9)


@pytest.mark.parametrize("seed", range(50))
def test_friedman_uncorrected_is_demsars_formula(seed):
    # Demšar (2006), eq. 1, computed from scipy's mid-ranks
    x = _random_table(seed)
    n, k = x.shape
    r = stats.rankdata(-x, axis=1).mean(axis=0)
    chi2 = 12 * n / (k * (k + 1)) * (np.sum(r**2) - k * (k + 1) ** 2 / 4)
    res = friedman(x, tie_correction=False)
    assert res.statistic == pytest.approx(chi2, rel=1e-9, abs=1e-9)
    np.testing.assert_allclose(res.mean_ranks, r, rtol=1e-12)
    # the tie correction can only increase the statistic
    assert friedman(x).statistic >= res.statistic - 1e-12


@pytest.mark.parametrize("seed", range(30))
def test_iman_davenport_is_the_anova_f_of_the_ranks(seed):
    x = _random_table(seed + 1000)
    n, k = x.shape
    r = stats.rankdata(x, axis=1)
    res = friedman(x)
    if np.all(x == x[:, :1]) or res.iman_davenport == np.inf:
        return  # ANOVA undefined (no error variance); covered by the degenerate tests
    frame = pd.DataFrame({"dataset": np.repeat(np.arange(n), k), "algo": np.tile(np.arange(k), n), "rank": r.ravel()})
    table = AnovaRM(frame, "rank", "dataset", within=["algo"]).fit().anova_table
    assert res.iman_davenport == pytest.approx(table["F Value"].iloc[0], rel=1e-9)
    assert res.iman_davenport_pvalue == pytest.approx(table["Pr > F"].iloc[0], rel=1e-8, abs=1e-14)
    assert res.iman_davenport_df == (k - 1, (k - 1) * (n - 1))


def test_iman_davenport_formula_demsar():
    # Demšar (2006), eq. 2: F_F = (N - 1) chi2_F / (N (k - 1) - chi2_F); his worked example
    # (Table 6, 14 data sets, 4 algorithms) has chi2_F = 9.28 and F_F = 3.69
    n, k, chi2 = 14, 4, 9.28
    assert round((n - 1) * chi2 / (n * (k - 1) - chi2), 2) == 3.69
    x = _random_table(7, ties=False)
    res = friedman(x)
    n, k = x.shape
    assert res.iman_davenport == pytest.approx((n - 1) * res.statistic / (n * (k - 1) - res.statistic), rel=1e-12)
    assert res.iman_davenport_pvalue == pytest.approx(stats.f.sf(res.iman_davenport, k - 1, (k - 1) * (n - 1)))


def test_friedman_direction_and_invariance():
    x = _random_table(3)
    up, down = friedman(x), friedman(x, higher_is_better=False)
    k = x.shape[1]
    np.testing.assert_allclose(up.mean_ranks + down.mean_ranks, k + 1)
    assert up.statistic == pytest.approx(down.statistic)
    # ranks are invariant under increasing transformations of each data set's scores
    rng = np.random.default_rng(0)
    y = np.exp(x) * rng.uniform(1, 3, size=(x.shape[0], 1)) + rng.normal(size=(x.shape[0], 1))
    assert friedman(y).statistic == pytest.approx(up.statistic, rel=1e-12)
    # mean ranks always average (k + 1) / 2
    assert up.mean_ranks.mean() == pytest.approx((k + 1) / 2)


def test_friedman_degenerate_all_ties():
    for correction in (True, False):
        for method in FRIEDMAN_METHODS:
            res = friedman(np.full((5, 4), 0.8), tie_correction=correction, method=method)
            assert (res.statistic, res.pvalue, res.iman_davenport, res.iman_davenport_pvalue) == (0.0, 1.0, 0.0, 1.0)
            assert res.chi2_pvalue == 1.0
            np.testing.assert_array_equal(res.mean_ranks, 2.5)


def test_friedman_degenerate_perfect_agreement():
    # every data set ranks the algorithms the same way: chi2_F = N (k - 1), its maximum
    x = np.tile([0.9, 0.8, 0.7, 0.6], (6, 1)) + np.arange(6)[:, None] * 0.01
    res = friedman(x)
    assert res.statistic == pytest.approx(6 * 3)
    # F is infinite: the F approximation gives no p-value (issue 24: never 0 from an infinite F)
    assert res.iman_davenport == np.inf and np.isnan(res.iman_davenport_pvalue)
    assert 0 < res.chi2_pvalue < 1e-3
    # the exact p-value: all six rankings alike, probability 4!^(1 - 6)
    assert res.method == "exact" and res.pvalue == pytest.approx(24.0**-5, rel=1e-12)
    # asking for Iman-Davenport at W = 1 gives the exact value and says why
    forced = friedman(x, method="iman_davenport")
    assert forced.method == "exact" and forced.pvalue == res.pvalue and "infinite" in forced.pvalue_method
    np.testing.assert_array_equal(res.mean_ranks, [1, 2, 3, 4])


def test_friedman_k2_is_defined():
    # two algorithms: chi2_F has 1 df; with no ties it is (wins - losses)^2 / N
    x = np.array([[0.9, 0.8], [0.7, 0.75], [0.6, 0.5], [0.8, 0.7], [0.9, 0.6]])
    res = friedman(x)
    assert res.df == 1
    assert res.statistic == pytest.approx((4 - 1) ** 2 / 5)


# ---------------------------------------------------------------- exact p-values, the level of both p-values


def _exact_friedman_pvalue(scores, higher_is_better=True):
    """P(chi2_F >= observed) over all (k!)^N equally likely rankings (no ties), by enumeration."""
    n, k = np.shape(scores)
    perms = np.array(list(itertools.permutations(range(1, k + 1))), dtype=float)
    every = perms[np.array(list(itertools.product(range(len(perms)), repeat=n)))]  # (k!^N, N, k)
    chi2 = 12 * n / (k * (k + 1)) * np.sum((every.mean(axis=1) - (k + 1) / 2) ** 2, axis=1)
    observed = friedman(scores, higher_is_better=higher_is_better).statistic
    return np.mean(chi2 >= observed - 1e-9), len(chi2)


def test_friedman_docstring_example_exact_pvalue():
    # review A1: the docstring's example (N = 4, k = 3) is not "about 5 %": all 6^4 = 1296 rankings
    # enumerated give P(chi2_F >= 6) = 90/1296 = 0.0694
    errors = [[0.10, 0.12, 0.20], [0.05, 0.07, 0.06], [0.30, 0.31, 0.35], [0.22, 0.25, 0.24]]
    exact, count = _exact_friedman_pvalue(errors, higher_is_better=False)
    assert count == 6**4 and exact == pytest.approx(90 / 1296, abs=1e-12)
    res = friedman(errors, higher_is_better=False)
    assert res.method == "exact" and res.pvalue == pytest.approx(90 / 1296, abs=1e-12)
    assert round(res.chi2_pvalue, 4) == 0.0498 and round(res.iman_davenport_pvalue, 4) == 0.0156
    assert "90/1296 = 0.069" in friedman.__doc__ and "about 5 %" not in friedman.__doc__


def test_friedman_exact_distribution_matches_published_table():
    # Friedman's exact tables (e.g. Hollander & Wolfe, k = 3): P(chi2_F >= 6.5 | N = 4) = 0.042,
    # P(chi2_F >= 6.0 | N = 6) = 0.052, P(chi2_F >= 7.0 | N = 6) = 0.029
    perms = np.array(list(itertools.permutations([1.0, 2.0, 3.0])))
    for n, value, expected in ((4, 6.5, 0.042), (6, 6.0, 0.052), (6, 7.0, 0.029)):
        every = perms[np.array(list(itertools.product(range(6), repeat=n)))]
        chi2 = 12 * n / 12 * np.sum((every.mean(axis=1) - 2) ** 2, axis=1)
        assert np.mean(chi2 >= value - 1e-9) == pytest.approx(expected, abs=0.0005)


def _brute_force_exact_pvalue(scores):
    """P(T >= observed) over all (k!)^N permutations of each row's mid-ranks, listed one by one.

    Repeated arrangements (ties) are kept, each permutation counting once, so this does not
    share the library's reduction to distinct arrangements or its sorted states.
    """
    ranks = rankdata(-np.asarray(scores, dtype=float), axis=1)
    n, k = ranks.shape
    perms = list(itertools.permutations(range(k)))
    rows = [np.array([row[list(p)] for p in perms]) for row in ranks]  # (k!, k) per data set
    observed = np.sum(ranks.sum(axis=0) ** 2)
    totals = rows[0]
    for row in rows[1:]:
        totals = (totals[:, None, :] + row[None, :, :]).reshape(-1, k)
    return np.mean(np.sum(totals**2, axis=1) >= observed - 1e-9)


@pytest.mark.parametrize("seed", range(40))
def test_friedman_exact_equals_brute_force_with_ties(seed):
    # issue 24: method="exact" equals a brute-force enumeration on small designs, ties included
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 5))
    n = int(rng.integers(2, {2: 9, 3: 5, 4: 4}[k]))
    x = rng.integers(0, int(rng.integers(2, 5)), size=(n, k)).astype(float)  # many ties
    res = friedman(x, method="exact")
    expected = _brute_force_exact_pvalue(x)
    assert res.method == "exact" and res.pvalue == pytest.approx(expected, rel=1e-12, abs=1e-15)
    assert friedman(x).pvalue == res.pvalue  # the default uses it on designs this small
    assert res.exact_pvalue == res.pvalue


@pytest.mark.parametrize("n, value, expected", [
    # Siegel & Castellan (1988), Table M (Friedman's exact distribution, k = 3)
    (3, 6.0, 0.028), (3, 4.667, 0.194), (3, 2.0, 0.528),
    # Hollander & Wolfe, k = 3
    (4, 6.5, 0.042), (6, 6.0, 0.052), (6, 7.0, 0.029),
])
def test_friedman_exact_matches_published_tables(n, value, expected):
    # the tables give P(chi2_F >= value); chi2_F takes few values, so read the p-value of the
    # smallest attainable chi2_F at or above the tabled one (at N = 6, 6.0 is not attainable: 6.33)
    rng = np.random.default_rng(0)
    seen = {}
    for _ in range(3000):
        x = np.array([rng.permutation(3) for _ in range(n)], dtype=float)
        res = friedman(x, method="exact")
        seen[round(res.statistic, 6)] = res.pvalue
    attainable = min(v for v in seen if v >= value - 1e-3)
    assert seen[attainable] == pytest.approx(expected, abs=0.0005)


def test_friedman_exact_k2_is_the_sign_test_with_ties_dropped():
    # with two algorithms each untied data set adds +-1 to the rank-sum difference: the exact
    # Friedman p-value is the two-sided exact sign test on the untied data sets
    rng = np.random.default_rng(5)
    for _ in range(200):
        n = int(rng.integers(2, 60))
        x = rng.integers(0, 4, size=(n, 2)).astype(float)
        wins, losses = int(np.sum(x[:, 0] > x[:, 1])), int(np.sum(x[:, 0] < x[:, 1]))
        expected = 1.0 if wins + losses == 0 else stats.binomtest(wins, wins + losses).pvalue
        assert friedman(x).pvalue == pytest.approx(expected, rel=1e-10), (wins, losses)


@pytest.mark.parametrize("k, n", [(2, 2), (3, 3), (5, 4), (10, 20), (12, 3)])
def test_friedman_perfect_agreement_has_a_closed_form(k, n):
    # W = 1 (every data set ranks the algorithms alike): p = (k!)^(1 - N), for designs of any size,
    # and never 0; with ties in the common ranking m = k! / prod(t!) replaces k!
    x = np.tile(np.arange(k, 0, -1.0), (n, 1))
    res = friedman(x)
    log_p = (1 - n) * special.gammaln(k + 1)
    assert res.kendalls_w == pytest.approx(1.0) and res.method == "exact"
    assert res.pvalue == pytest.approx(max(np.exp(log_p), np.finfo(float).tiny), rel=1e-9)
    assert res.pvalue > 0 and np.isnan(res.iman_davenport_pvalue)
    tied = np.tile([3.0, 2.0, 2.0, 1.0], (n, 1))  # m = 4! / 2! = 12 arrangements
    assert friedman(tied).pvalue == pytest.approx(12.0 ** (1 - n), rel=1e-9)


def test_friedman_two_by_two_is_not_significant():
    # review L1: 2 models x 2 data sets, the same winner on both: exact p = 0.5 (W = 1 has
    # probability 1/2 under H0), where the F approximation used to print p = 0
    res = friedman([[0.9533, 0.9400], [0.9775, 0.8819]])
    assert res.pvalue == 0.5 and res.method == "exact"


def test_friedman_methods_and_limits():
    x = appml_benchmark().scores  # 16 x 6
    with pytest.raises(ValueError, match="method='exact' cannot enumerate k = 6 algorithms on N = 16"):
        friedman(x, method="exact")
    with pytest.raises(ValueError, match="method must be one of"):
        friedman(x, method="nemenyi")
    small = x[: EXACT_MAX_DATASETS[6]]
    assert friedman(small).method == "exact"
    assert friedman(x[: EXACT_MAX_DATASETS[6] + 1]).method == "chi2"
    chi2 = friedman(x, method="chi2")
    assert chi2.method == "chi2" and chi2.pvalue == chi2.chi2_pvalue and np.isnan(chi2.exact_pvalue)


@pytest.mark.parametrize("k, largest_n", [(4, 24), (5, 9), (6, 5), (7, 3), (9, 2)])
def test_chi2_never_rejects_where_the_exact_test_does_not(k, largest_n):
    # issue 24: beyond enumeration the default reads chi-squared, because in every design that can be
    # enumerated its critical value at 1 % and 5 % lies at or above the exact one: an outcome it calls
    # significant, the exact test does too (Iman-Davenport's F does not have this property)
    from lecture_lib.friedman_nemenyi import _centred_ranks, _friedman_null

    found_liberal_f = False
    for n in range(2, largest_n + 1):
        values, probs = _friedman_null(_centred_ranks(np.tile(np.arange(1.0, k + 1.0), (n, 1))))
        tail = np.cumsum(probs[::-1])[::-1]  # exact p-value of each value of T
        chi2 = 3.0 * values / (n * k * (k + 1.0))  # chi2_F from T (no ties)
        with np.errstate(divide="ignore"):
            f = np.where(chi2 >= n * (k - 1) - 1e-9, np.inf, (n - 1) * chi2 / (n * (k - 1) - chi2))
        for alpha in (0.01, 0.05):
            exact_rejects = tail <= alpha * (1 + 1e-12)
            assert not np.any((stats.chi2.sf(chi2, k - 1) <= alpha) & ~exact_rejects), (n, alpha)
            found_liberal_f |= bool(np.any((stats.f.sf(f, k - 1, (k - 1) * (n - 1)) <= alpha) & ~exact_rejects))
    assert found_liberal_f or k == 9  # F would have called some of these significant


def _brute_force_levels(k, n, alpha=0.05):
    """Rejection probabilities of the three p-values over all (k!)^N equally likely rankings."""
    perms = np.array(list(itertools.permutations(range(1, k + 1))), dtype=float)
    every = perms[np.array(list(itertools.product(range(len(perms)), repeat=n)))]
    chi2 = 12 * n / (k * (k + 1)) * np.sum((every.mean(axis=1) - (k + 1) / 2) ** 2, axis=1)
    exact_chi2 = np.mean(chi2 >= stats.chi2.isf(alpha, k - 1))
    with np.errstate(divide="ignore"):
        f = np.where(chi2 >= n * (k - 1) - 1e-9, np.inf, (n - 1) * chi2 / (n * (k - 1) - chi2))
    exact_f = np.mean(f >= stats.f.isf(alpha, k - 1, (k - 1) * (n - 1)))
    # the exact test rejects where the share of rankings with chi2_F at least as large is <= alpha
    tails = np.array([np.mean(chi2 >= c - 1e-9) for c in np.unique(chi2)])
    rejected = np.unique(chi2)[tails <= alpha]
    exact_exact = np.mean(chi2 >= rejected.min() - 1e-9) if rejected.size else 0.0
    return exact_chi2, exact_f, exact_exact


@pytest.mark.parametrize("k, n", [(2, 2), (2, 3), (2, 6), (3, 2), (3, 4), (3, 5), (4, 3)])
def test_friedman_type1_error_enumerated_equals_brute_force(k, n):
    # the enumerated levels against all (k!)^N rankings listed one by one
    level = friedman_type1_error(k, n)
    assert level.how == "enumerated" and level.n_reps == 0
    for measured, exact in zip((level.chi2, level.iman_davenport, level.exact), _brute_force_levels(k, n)):
        assert measured.estimate == pytest.approx(exact, abs=1e-12)
        assert measured.low == measured.high == measured.estimate


@pytest.mark.parametrize("k, n", [(3, 4), (3, 5), (4, 3)])
def test_friedman_type1_error_simulation_matches_the_exact_level(k, n):
    # the simulation against the exact rejection probability of all three p-values (full enumeration)
    level = friedman_type1_error(k, n, n_reps=40_000, seed=3, how="simulate")
    assert isinstance(level, FriedmanLevel) and isinstance(level.chi2, Interval) and level.how == "simulated"
    for measured, exact in zip((level.chi2, level.iman_davenport, level.exact), _brute_force_levels(k, n)):
        se = np.sqrt(exact * (1 - exact) / 40_000)
        assert abs(measured.estimate - exact) <= 4 * se, (measured, exact)  # 4 Monte Carlo standard errors
        assert measured.low < measured.estimate < measured.high


def test_friedman_exact_test_keeps_its_level_on_small_designs():
    # issue 24: the Type I error of the three p-values for k = 2, 3, 4 and N = 2..10. The exact
    # p-value never rejects a true H0 more often than alpha; Iman-Davenport does on small designs
    # (k = 2, N = 3: all three data sets agree with probability 2/8, where F is infinite)
    worst_f = 0.0
    for k in (2, 3, 4):
        for n in range(2, 11):
            level = friedman_type1_error(k, n)
            assert level.how == "enumerated"
            assert level.exact.estimate <= 0.05 + 1e-12, (k, n, level)
            worst_f = max(worst_f, level.iman_davenport.estimate)
    assert friedman_type1_error(2, 3).iman_davenport.estimate == pytest.approx(2 / 8, abs=1e-12)
    assert worst_f > 0.2


def test_friedman_type1_error_statistics_are_friedmans():
    # the simulation's vectorised statistics agree with friedman() on the same random rankings
    from lecture_lib.friedman_nemenyi import _chi2_from_mean_ranks, _iman_davenport

    rng = np.random.default_rng(4)
    ranks = np.argsort(rng.random((50, 7, 5)), axis=-1) + 1.0
    chi2 = _chi2_from_mean_ranks(ranks.mean(axis=1), 7, 5)
    f = _iman_davenport(chi2, 7, 5)
    for table, c, ff in zip(ranks, chi2, f):
        res = friedman(table, higher_is_better=False)
        assert res.statistic == pytest.approx(c, rel=1e-12) and res.iman_davenport == pytest.approx(ff, rel=1e-12)


def test_friedman_type1_error_is_reproducible_and_checks_input():
    a = friedman_type1_error(5, 8, n_reps=3000, seed=11, how="simulate")
    assert a == friedman_type1_error(5, 8, n_reps=3000, seed=11, how="simulate")
    assert a.k == 5 and a.n_datasets == 8 and a.n_reps == 3000 and "wilson" in str(a)
    # too large to enumerate: simulated, and the exact p-value's level is unknown (NaN), not invented
    big = friedman_type1_error(6, 16, n_reps=500, seed=1)
    assert big.how == "simulated" and np.isnan(big.exact.estimate)
    with pytest.raises(ValueError, match="how='enumerate' cannot enumerate k = 6 algorithms on N = 16"):
        friedman_type1_error(6, 16, how="enumerate")
    with pytest.raises(ValueError, match="how must be one of"):
        friedman_type1_error(4, 5, how="exact")
    with pytest.raises(ValueError, match="n_datasets must be at least 2, got 1"):
        friedman_type1_error(4, 1)
    with pytest.raises(ValueError, match="n_reps must be >= 1, got 0"):
        friedman_type1_error(4, 5, n_reps=0)
    with pytest.raises(TypeError, match="seed must be an int"):
        friedman_type1_error(4, 5, seed="x")


# ---------------------------------------------------------------- what each result's p-value is


def test_results_say_which_pvalue_and_which_procedure():
    # review C: FriedmanResult.pvalue is the chi-squared p-value; NemenyiResult.pvalue is the
    # range test's, not Friedman's; bonferroni_dunn(adjust="holm") says that Holm ran
    x = appml_benchmark().scores
    fr = friedman(x, higher_is_better=False)
    # 16 data sets x 6 algorithms: too many to enumerate, so the default reads Iman-Davenport's F
    assert fr.method == "chi2" and np.isnan(fr.exact_pvalue)
    assert fr.pvalue == fr.chi2_pvalue
    assert fr.chi2_pvalue == pytest.approx(stats.chi2.sf(fr.statistic, fr.df), rel=1e-12)
    assert fr.pvalue_method.startswith("chi2") and "too large to enumerate" in fr.pvalue_method
    assert "pvalue_method" in str(fr)
    nem = nemenyi(x, higher_is_better=False)
    assert nem.pvalue == nem.pvalues[np.triu_indices(6, 1)].min() != fr.pvalue
    assert "not Friedman's" in nem.pvalue_method
    holm = bonferroni_dunn(x, 0, higher_is_better=False, adjust="holm")
    bonf = bonferroni_dunn(x, 0, higher_is_better=False)
    assert holm.procedure.startswith("Holm") and "not Bonferroni-Dunn" in holm.procedure
    assert bonf.procedure.startswith("Bonferroni-Dunn")


# ---------------------------------------------------------------- review A7: power of the Nemenyi test


def test_nemenyi_sample_size_for_a_rank_gap_of_one():
    # review A7: N = 57 makes CD < 1 but gives only about 50 % power for a true gap of 1;
    # 80 % needs N >= (q_alpha + z_0.8)^2 k (k + 1) / (6 delta^2) = 96 for k = 6
    k, q, z80 = 6, critical_value(6, 0.05), stats.norm.ppf(0.8)
    assert critical_difference(k, 57) < 1 < critical_difference(k, 56)
    assert int(np.ceil((q + z80) ** 2 * k * (k + 1) / 6)) == 96

    def analytic(n):
        se = np.sqrt(k * (k + 1) / (6 * n))
        return stats.norm.sf((critical_difference(k, n) - 1) / se)

    assert analytic(57) == pytest.approx(0.50, abs=0.01) and analytic(96) == pytest.approx(0.80, abs=0.01)
    # simulation: one algorithm worse than five equal ones, its normal shift chosen so that its
    # expected average rank is exactly 1 above theirs: 1 + 5 Phi(a) - (3 + Phi(-a)) = 1, Phi(a) = 2/3
    shift = np.sqrt(2) * stats.norm.ppf(2 / 3)
    rng = np.random.default_rng(57)
    for n, expected in ((57, 0.50), (96, 0.80)):
        x = rng.normal(size=(4000, n, k))
        x[..., 5] += shift
        mean_ranks = rankdata(x, axis=-1).mean(axis=1)
        gap = mean_ranks[:, 5] - mean_ranks[:, 0]
        assert gap.mean() == pytest.approx(1.0, abs=0.02)
        power = np.mean(np.abs(gap) >= critical_difference(k, n))
        assert power == pytest.approx(expected, abs=0.035)  # about 3 Monte Carlo standard errors


# ---------------------------------------------------------------- review A9: pool dependence


def test_nemenyi_pvalue_of_a_pair_depends_on_the_pool():
    # Benavoli, Corani & Mangili (2016); review A9 on seed 001's benchmark: ranger vs rpart
    # 0.040 with all six, 0.076 without kknn, 0.0048 without featureless
    bench = appml_benchmark()
    names = list(bench.algorithms)

    def pair_p(drop=None):
        keep = [i for i, name in enumerate(names) if name != drop]
        res = nemenyi(bench.scores[:, keep], higher_is_better=False)
        kept = [names[i] for i in keep]
        return res.pvalues[kept.index("ranger"), kept.index("rpart")]

    assert round(pair_p(), 3) == 0.040
    assert round(pair_p("kknn"), 3) == 0.076
    assert round(pair_p("featureless"), 4) == 0.0048
    # the pairwise Wilcoxon test of the same two columns does not depend on the others
    w = wilcoxon_signed_rank(bench.scores[:, names.index("rpart")], bench.scores[:, names.index("ranger")])
    assert w.pvalue == pytest.approx(2 / 2**14)  # 15 decided tasks, rpart better on one (rank 2)


# ---------------------------------------------------------------- critical values


def _range_cdf(w, k):
    """P(range of k iid N(0,1) <= w) by quadrature: k * int phi(z) (Phi(z) - Phi(z - w))^(k-1) dz."""
    def f(z):
        return stats.norm.pdf(z) * (stats.norm.cdf(z) - stats.norm.cdf(z - w)) ** (k - 1)

    return k * integrate.quad(f, -np.inf, np.inf, epsabs=1e-13, epsrel=1e-12, limit=200)[0]


@pytest.mark.parametrize("k", [3, 6, 13, 40])
@pytest.mark.parametrize("alpha", [0.01, 0.05, 0.10])
def test_nemenyi_critical_value_matches_quadrature(k, alpha):
    ours = critical_value(k, alpha, "nemenyi") * np.sqrt(2)
    # the root must lie within 1e-6 of scipy's quantile (brentq fails otherwise)
    q = optimize.brentq(lambda w: _range_cdf(w, k) - (1 - alpha), ours - 1e-6, ours + 1e-6, xtol=1e-12)
    assert ours == pytest.approx(q, abs=1e-9)


def _range_tail_oracle(q, k):
    """P(range of k iid N(0,1) >= q) from the joint density of the minimum x and the range r.

    w(r) = k (k - 1) int phi(x) phi(x + r) (Phi(x + r) - Phi(x))^(k - 2) dx, integrated over r >= q:
    a different formula from the library's (which conditions on the maximum), each piece by adaptive
    quadrature with a relative tolerance only (epsabs=0), so tiny tails keep their digits.
    """

    def inner(r):
        centre = -r / 2  # the product phi(x) phi(x + r) peaks at x = -r / 2, width about 1 / sqrt(2)

        def f(x):
            return stats.norm.pdf(x) * stats.norm.pdf(x + r) * (stats.norm.cdf(x + r) - stats.norm.cdf(x)) ** (k - 2)

        value = integrate.quad(f, centre - 15, centre + 15, points=[centre], epsabs=0, epsrel=1e-12, limit=200)[0]
        return k * (k - 1) * value

    return integrate.quad(inner, q, q + 40, epsabs=0, epsrel=1e-12, limit=200)[0]


@pytest.mark.slow  # a double integral per case, about 10 s each: make check leaves them to make test
@pytest.mark.parametrize("k", [3, 6, 20])
@pytest.mark.parametrize("q", [0.5, 4.0, 9.0, 14.0, 25.0])
def test_studentized_range_sf_matches_an_independent_double_integral(k, q):
    # documented tolerance: relative 1e-10 (the two quadratures agree to about 1e-14 in practice)
    assert float(studentized_range_sf(q, k)) == pytest.approx(_range_tail_oracle(q, k), rel=1e-10)


def test_studentized_range_sf_k2_is_the_closed_form_far_out():
    # with two normals the range is |Z1 - Z2| ~ sqrt(2) |Z|: P(range >= q) = erfc(q / 2) exactly
    q = np.array([0.0, 1.0, 5.0, 12.0, 20.0, 30.0, 40.0])
    np.testing.assert_allclose(studentized_range_sf(q, 2), special.erfc(q / 2), rtol=1e-12)


def test_studentized_range_sf_edges_and_bad_input():
    np.testing.assert_array_equal(studentized_range_sf([0.0, np.inf], 5), [1.0, 0.0])
    assert studentized_range_sf(np.ones((2, 3)), 4).shape == (2, 3)
    values = studentized_range_sf(np.linspace(0, 30, 61), 7)
    assert np.all(np.diff(values) < 0)  # strictly decreasing while above underflow
    with pytest.raises(ValueError, match="k must be at least 2"):
        studentized_range_sf(3.0, 1)
    with pytest.raises(ValueError, match="q must be >= 0"):
        studentized_range_sf(-1.0, 3)
    with pytest.raises(ValueError, match="q must be >= 0"):
        studentized_range_sf([1.0, np.nan], 3)


@pytest.mark.slow  # two double integrals (about 20 s)
def test_nemenyi_far_tail_pvalue_seed001():
    # seed 001's 16 x 6 benchmark: ranger vs featureless, rank sums 86.5 and 17, SE = sqrt(42 / 96);
    # the p-value is about 7.7e-10 and must equal the far-tail integral, not 1 - cdf's rounding noise
    bench = appml_benchmark()
    result = nemenyi(bench.scores)
    i, j = bench.algorithms.index("featureless"), bench.algorithms.index("ranger")
    gap = abs(result.mean_ranks[i] - result.mean_ranks[j])
    q = np.sqrt(2) * gap / np.sqrt(6 * 7 / (6 * 16))
    assert result.pvalues[i, j] == pytest.approx(_range_tail_oracle(q, 6), rel=1e-10)
    assert 7.6e-10 < result.pvalues[i, j] < 7.8e-10
    # a larger pool of data sets with the same ranks pushes the p-value far below 1e-16
    far = nemenyi(np.tile(bench.scores, (8, 1)))
    expected = _range_tail_oracle(np.sqrt(8) * q, 6)
    assert expected < 1e-60
    assert far.pvalues[i, j] == pytest.approx(expected, rel=1e-10)


def test_nemenyi_k2_is_the_normal_quantile():
    # with two algorithms the range is |Z1 - Z2| = sqrt(2) |Z|: q / sqrt(2) = z(1 - alpha / 2)
    for alpha in (0.01, 0.05, 0.1):
        assert critical_value(2, alpha) == pytest.approx(stats.norm.isf(alpha / 2), abs=1e-9)


def test_demsar_table5_nemenyi():
    table = demsar_table5()
    for alpha, name in ((0.05, "nemenyi_0.05"), (0.10, "nemenyi_0.10")):
        for k, printed in zip(table["k"], table[name]):
            exact = critical_value(k, alpha, "nemenyi")
            assert abs(exact - printed) < 0.0011, (k, alpha)
            # Demšar divided the 3-decimal quantile of q by sqrt(2) and rounded again
            q3 = round(exact * np.sqrt(2), 3)
            assert round(q3 / np.sqrt(2), 3) == pytest.approx(printed, abs=1e-12), (k, alpha)
    # the three entries where rounding twice shows (Table 5 (a) versus the exact values)
    assert [round(critical_value(k, a), 3) for k, a in ((3, 0.05), (7, 0.05), (5, 0.10))] == [2.344, 2.948, 2.46]


def test_demsar_table5_bonferroni_dunn():
    table = demsar_table5()
    for alpha, name in ((0.05, "bonferroni-dunn_0.05"), (0.10, "bonferroni-dunn_0.10")):
        for k, printed in zip(table["k"], table[name]):
            exact = round(critical_value(k, alpha, "bonferroni-dunn"), 3)
            if (k, alpha) == (9, 0.05):
                # misprint in Demšar's Table 5 (b): z(1 - 0.05 / 16) = 2.7344
                assert printed == 2.724 and exact == 2.734
                continue
            assert exact == pytest.approx(printed, abs=1e-12), (k, alpha)


@pytest.mark.parametrize("test", ["nemenyi", "bonferroni-dunn"])
def test_critical_values_any_k_and_alpha(test):
    ks = [2, 5, 10, 11, 25, 50, 100]
    values = [critical_value(k, 0.05, test) for k in ks]
    assert all(np.diff(values) > 0)  # more algorithms, larger critical value
    assert critical_value(12, 0.01, test) > critical_value(12, 0.05, test) > critical_value(12, 0.2, test)
    # control comparisons (k - 1 of them) never need more than all pairs
    assert critical_value(30, 0.05, "bonferroni-dunn") < critical_value(30, 0.05, "nemenyi")


def test_critical_difference_formula():
    # Demšar (2006), eq. 5, and his example: k = 4, N = 14, alpha = 0.05 gives CD = 1.25
    assert round(critical_difference(4, 14, 0.05), 2) == 1.25
    # ... and at alpha = 0.10, with q = 2.291, CD = 1.12 (same example)
    assert round(critical_difference(4, 14, 0.10), 2) == 1.12
    for n in (4, 9, 16, 100):
        assert critical_difference(6, n) == pytest.approx(critical_value(6) * np.sqrt(42 / (6 * n)), rel=1e-14)
    assert critical_difference(6, 64) == pytest.approx(critical_difference(6, 16) / 2)


# ---------------------------------------------------------------- Nemenyi


@pytest.mark.parametrize("seed", range(40))
def test_nemenyi_matches_scikit_posthocs(seed):
    x = _random_table(seed + 500, ties=seed % 2 == 0)
    ours = nemenyi(x)
    ref = sp.posthoc_nemenyi_friedman(x).to_numpy()
    np.testing.assert_allclose(ours.pvalues, ref, rtol=1e-9, atol=1e-13)
    # scikit-posthocs ranks ascending (largest value gets rank k); p-values do not care
    np.testing.assert_allclose(nemenyi(x, higher_is_better=False).pvalues, ref, rtol=1e-9, atol=1e-13)


@pytest.mark.parametrize("seed", range(40))
def test_nemenyi_decisions_agree_with_cd(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(5, 40)), int(rng.integers(3, 10))
    x = rng.normal(size=(n, k)) + np.linspace(0, rng.uniform(0, 2), k)
    res = nemenyi(x, alpha=0.05)
    diff = np.abs(res.mean_ranks[:, None] - res.mean_ranks[None, :])
    away = np.abs(diff - res.cd) > 1e-9
    np.testing.assert_array_equal(res.significant[away], (diff >= res.cd)[away])
    assert not res.significant.diagonal().any()
    assert np.all(res.pvalues.diagonal() == 1.0)
    np.testing.assert_array_equal(res.pvalues, res.pvalues.T)
    assert res.pvalue == pytest.approx(res.pvalues[np.triu_indices(k, 1)].min())
    assert res.statistic == pytest.approx(diff.max() / np.sqrt(k * (k + 1) / (6 * n)))


# ---------------------------------------------------------------- Bonferroni-Dunn and Holm


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("adjust", ["bonferroni", "holm"])
def test_bonferroni_dunn_against_statsmodels(seed, adjust):
    x = _random_table(seed + 2000, ties=seed % 2 == 0)
    n, k = x.shape
    control = seed % k
    res = bonferroni_dunn(x, control, adjust=adjust)
    r = stats.rankdata(-x, axis=1).mean(axis=0)
    others = [i for i in range(k) if i != control]
    z = (r[others] - r[control]) / np.sqrt(k * (k + 1) / (6 * n))
    raw = 2 * stats.norm.sf(np.abs(z))
    assert res.others == tuple(others)
    np.testing.assert_allclose(res.z, z, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(res.raw_pvalues, raw, rtol=1e-12)
    reject, adjusted, _, _ = multipletests(raw, alpha=0.05, method=adjust)
    np.testing.assert_allclose(res.pvalues, adjusted, rtol=1e-12)
    np.testing.assert_array_equal(res.significant, reject)


@pytest.mark.parametrize("seed", range(30))
def test_bonferroni_dunn_cd_and_holm_power(seed):
    rng = np.random.default_rng(seed)
    n, k = int(rng.integers(8, 40)), int(rng.integers(3, 9))
    x = rng.normal(size=(n, k)) + np.linspace(0, rng.uniform(0, 1.5), k)
    bd, holm = bonferroni_dunn(x, 0), bonferroni_dunn(x, 0, adjust="holm")
    d = np.abs(bd.mean_ranks[list(bd.others)] - bd.mean_ranks[0])
    away = np.abs(d - bd.cd) > 1e-9
    np.testing.assert_array_equal(bd.significant[away], (d >= bd.cd)[away])
    assert np.all(holm.significant >= bd.significant)  # Holm rejects everything Bonferroni does
    assert holm.cd == bd.cd == pytest.approx(critical_difference(k, n, 0.05, "bonferroni-dunn"))


def test_control_comparisons_need_smaller_differences_than_nemenyi():
    # the reason to compare with a control: k - 1 tests instead of k (k - 1) / 2
    for k in range(3, 15):
        assert critical_difference(k, 20, test="bonferroni-dunn") < critical_difference(k, 20)


# ---------------------------------------------------------------- groups for the CD diagram


def _brute_force_cliques(ranks, cd):
    k = len(ranks)
    close = lambda group: all(abs(ranks[a] - ranks[b]) < cd for a, b in itertools.combinations(group, 2))  # noqa: E731
    groups = [set(g) for size in range(2, k + 1) for g in itertools.combinations(range(k), size) if close(g)]
    return sorted(tuple(sorted(g)) for g in groups if not any(g < h for h in groups))


@pytest.mark.parametrize("seed", range(100))
def test_cd_cliques_are_the_maximal_cliques(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.integers(2, 9))
    ranks = np.round(rng.uniform(1, k, size=k), 1)  # rounding creates equal ranks
    cd = float(rng.uniform(0.2, 3))
    ours = cd_cliques(ranks, cd)
    assert sorted(tuple(sorted(c)) for c in ours) == _brute_force_cliques(ranks, cd)
    for c in ours:  # listed in order of rank
        assert list(ranks[list(c)]) == sorted(ranks[list(c)])


# ---------------------------------------------------------------- seed 001's benchmark


def _demsar_sums(x, rbar):
    r = stats.rankdata(x, axis=1)
    n, k = r.shape
    return n * np.sum((r.mean(axis=0) - rbar) ** 2), np.sum((r - rbar) ** 2) / (n * (k - 1))


def test_seed001_printed_ranks_and_mean_ranks():
    table = appml_benchmark()
    assert table.scores.shape == (16, 6)
    assert table.algorithms == ("featureless", "cv_glmnet", "rpart", "ranger", "kknn", "svm")
    ranks = stats.rankdata(table.scores, axis=1)  # errors: rank 1 = lowest
    for task in ("pollen", "threeOf9", "strikes"):  # seed 001 prints rows 1, 2 and 16
        np.testing.assert_array_equal(ranks[table.datasets.index(task)], table.printed[f"ranks_{task}"])
    res = friedman(table.scores, higher_is_better=False)
    names = table.algorithms
    assert round(res.mean_ranks[names.index("rpart")], 2) == 3.53  # seed 001: 3.53
    assert round(res.mean_ranks[names.index("ranger")], 2) == 1.59  # seed 001: 1.59
    assert round(res.mean_ranks[2] - res.mean_ranks[3], 2) == 1.94  # seed 001: 1.94
    assert round(critical_difference(6, 16), 2) == 1.88  # seed 001: CD = 1.88
    # "If the distance ... exceeds the CD": ranger vs svm does not, ranger vs rpart does
    nem = nemenyi(table.scores, higher_is_better=False)
    assert nem.significant[3, 2] and not nem.significant[3, 5]
    # Bonferroni-Dunn: alpha 0.05 / 5 = 0.01 per comparison
    assert 0.05 / (6 - 1) == pytest.approx(table.printed["alpha_bonferroni_dunn"])
    # the published 2-decimal table alone does not give the seed's mean ranks
    rounded = friedman(appml_benchmark(precise_rows=False).scores, higher_is_better=False)
    assert round(rounded.mean_ranks[2], 2) != 3.53


def test_seed001_friedman_overall_mean_rank():
    # erratum seed001-friedman-overall-mean-rank: the overall mean rank is (K + 1)/2 = 3.5, never 3.427
    assert "3.427" in ERRATA["seed001-friedman-overall-mean-rank"].says
    table = appml_benchmark()
    ranks = stats.rankdata(table.scores, axis=1)
    assert ranks.mean() == 3.5
    assert table.printed["overall_mean_rank"] == 3.5
    # using 3.427 changes both sums of squares (SS_total grows by 16 * 6 * 0.073^2)
    ss_t, ss_e = _demsar_sums(table.scores, 3.5)
    ss_t_wrong, _ = _demsar_sums(table.scores, 3.427)
    assert ss_t_wrong - ss_t == pytest.approx(96 * 0.073**2)
    # with 3.5, SS_total / SS_error is exactly the tie-corrected chi2_F
    assert ss_t / ss_e == pytest.approx(friedman(table.scores).statistic, rel=1e-12)


def test_seed001_friedman_mean_rank_divisor():
    # erratum seed001-friedman-mean-rank-divisor: divide by M = 16, not by 6
    table = appml_benchmark()
    sums = stats.rankdata(table.scores, axis=1).sum(axis=0)
    assert (sums[2], sums[3]) == (56.5, 25.5)
    assert (round(sums[2] / 16, 2), round(sums[3] / 16, 2)) == (3.53, 1.59)
    assert (round(sums[2] / 6, 2), round(sums[3] / 6, 2)) == (9.42, 4.25)  # > 6: impossible
    assert "1/16" in ERRATA["seed001-friedman-mean-rank-divisor"].correct


def test_seed001_friedman_chi2_quantile():
    # erratum seed001-friedman-chi2-quantile: the 0.95 quantile of chi2 with 5 df is 11.070
    assert round(stats.chi2.ppf(0.95, 5), 3) == 11.070
    assert round(stats.chi2.ppf(0.95, 5), 3) != appml_benchmark().printed["chi2_critical_5df"]  # 11.075


def test_seed001_friedman_statistic():
    # erratum seed001-friedman-statistic: the printed parts do not give the printed quotient
    printed = appml_benchmark().printed
    assert round(printed["ss_total"] / printed["ss_error"], 2) == 53.80
    assert round(printed["ss_total"] / printed["ss_error"], 3) != printed["statistic_friedman"]
    # SS_error of ranks around 3.5 is at most (K + 1) K / 12 = 3.5; 187.281 / 52.872 = 3.542 exceeds it
    assert printed["ss_total"] / printed["statistic_friedman"] > 3.5
    # what the published table gives (tie-corrected: the SS form; and Demšar's formula)
    table = appml_benchmark()
    assert round(friedman(table.scores).statistic, 2) == 56.55
    assert round(friedman(table.scores, tie_correction=False).statistic, 2) == 54.22
    assert friedman(table.scores).statistic > stats.chi2.ppf(0.95, 5)


def test_seed001_nemenyi_q():
    # erratum seed001-nemenyi-q: q_0.05(6, inf) = 4.030, not 4.02; CD = 1.885, printed 1.88
    q = critical_value(6, 0.05) * np.sqrt(2)
    assert round(q, 3) == 4.030 and round(q, 2) != 4.02
    assert round(critical_difference(6, 16), 3) == 1.885
    assert round(4.02 / np.sqrt(2) * np.sqrt(42 / 96), 3) == 1.880
    assert "4.02" in ERRATA["seed001-nemenyi-q"].says


# ---------------------------------------------------------------- bad input

BAD_SCORES = [
    (None, TypeError, "scores must be a 2-D array"),
    ("abc", TypeError, "scores must be a 2-D array"),
    ([["a", "b"], ["c", "d"]], TypeError, r"scores must hold numbers, got dtype <U1 \(\[\[.a., .b.\]"),
    ([1.0, 2.0, 3.0], ValueError, r"2-D .* shape \(3,\)"),
    (np.zeros((2, 3, 4)), ValueError, r"shape \(2, 3, 4\)"),
    (np.zeros((0, 3)), ValueError, "scores is empty"),
    ([[0.1, np.nan], [0.2, 0.3]], ValueError, "finite, got nan at row 0, column 1"),
    ([[0.1, 0.2], [np.inf, 0.3]], ValueError, "finite, got inf at row 1, column 0"),
    ([[0.1], [0.2], [0.3]], ValueError, "at least 2 algorithms .* got 1"),
    ([[0.1, 0.2, 0.3]], ValueError, "at least 2 data sets .* got 1"),
    (np.array([[1 + 1j, 2.0], [3.0, 4.0]]), TypeError, r"scores holds complex numbers \(\[\[\(1\+1j\)"),
]


@pytest.mark.parametrize("scores, error, match", BAD_SCORES)
def test_bad_scores(scores, error, match):
    for func in (friedman, nemenyi, lambda s: bonferroni_dunn(s, 0)):
        with pytest.raises(error, match=match):
            func(scores)


def test_bad_options():
    x = np.random.default_rng(0).random((5, 4))
    with pytest.raises(TypeError, match="higher_is_better must be True or False, got 'yes'"):
        friedman(x, higher_is_better="yes")
    with pytest.raises(TypeError, match="tie_correction must be True or False, got 1"):
        friedman(x, tie_correction=1)
    with pytest.raises(TypeError, match="higher_is_better"):
        nemenyi(x, higher_is_better=None)
    for alpha in (0, 1, 1.5, -0.1, float("nan")):
        with pytest.raises(ValueError, match="alpha must lie in"):
            nemenyi(x, alpha=alpha)
        with pytest.raises(ValueError, match="alpha must lie in"):
            critical_difference(4, 10, alpha=alpha)
    with pytest.raises(TypeError, match="alpha must be a number"):
        bonferroni_dunn(x, 0, alpha="0.05")
    with pytest.raises(ValueError, match="test must be one of .* got 'tukey'"):
        critical_value(4, 0.05, "tukey")
    with pytest.raises(ValueError, match="adjust must be one of .* got 'fdr'"):
        bonferroni_dunn(x, 0, adjust="fdr")
    with pytest.raises(ValueError, match=r"control must be a column index in \[0, 3\], got 4"):
        bonferroni_dunn(x, 4)
    with pytest.raises(ValueError, match="control must be a column index"):
        bonferroni_dunn(x, -1)
    for control in (True, "svm", 1.0, None):
        with pytest.raises(TypeError, match="control must be a column index"):
            bonferroni_dunn(x, control)


def test_bad_critical_difference_arguments():
    with pytest.raises(ValueError, match="k must be at least 2 algorithms, got 1"):
        critical_value(1)
    with pytest.raises(ValueError, match="k must be a whole number, got 2.5"):
        critical_difference(2.5, 10)
    with pytest.raises(TypeError, match="k must be an integer count"):
        critical_difference("6", 10)
    with pytest.raises(ValueError, match="n_datasets must be at least 2, got 1"):
        critical_difference(6, 1)
    with pytest.raises(ValueError, match="n_datasets must be >= 0, got -3"):
        critical_difference(6, -3)


def test_bad_cd_cliques_arguments():
    with pytest.raises(ValueError, match="cd must be a positive finite number, got 0.0"):
        cd_cliques([1, 2], 0.0)
    with pytest.raises(ValueError, match="cd must be a positive finite number, got inf"):
        cd_cliques([1, 2], float("inf"))
    with pytest.raises(TypeError, match="cd must be a number"):
        cd_cliques([1, 2], "1")
    with pytest.raises(ValueError, match="mean_ranks must be 1-D"):
        cd_cliques([[1, 2]], 1.0)
    with pytest.raises(ValueError, match=r"mean_ranks must be finite, got \[1.0, nan\]"):
        cd_cliques([1, np.nan], 1.0)
    with pytest.raises(ValueError, match="mean_ranks must be finite"):
        cd_cliques([1, np.inf], 1.0)
    with pytest.raises(TypeError, match="precise_rows must be True or False"):
        appml_benchmark(precise_rows="yes")


# ---------------------------------------------------------------- properties (hypothesis)

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from hypothesis.extra.numpy import arrays  # noqa: E402

_tables = st.tuples(st.integers(2, 12), st.integers(2, 7)).flatmap(
    lambda shape: arrays(float, shape, elements=st.sampled_from([0.1, 0.2, 0.3, 0.5, 0.8]))
)


@settings(max_examples=150, deadline=None)
@given(_tables, st.randoms(use_true_random=False))
def test_friedman_properties(x, rnd):
    n, k = x.shape
    res = friedman(x)
    assert 0.0 < res.pvalue <= 1.0 and 0.0 < res.chi2_pvalue <= 1.0
    assert np.isnan(res.iman_davenport_pvalue) == np.isinf(res.iman_davenport)
    assert np.isnan(res.iman_davenport_pvalue) or 0.0 < res.iman_davenport_pvalue <= 1.0
    # the exact p-value does not depend on the tie correction
    if res.method == "exact":
        assert friedman(x, tie_correction=False).pvalue == pytest.approx(res.pvalue, rel=1e-12)
    assert 0.0 <= res.statistic <= n * (k - 1) + 1e-9  # chi2_F lies between 0 and N (k - 1)
    assert res.mean_ranks.sum() == pytest.approx(k * (k + 1) / 2)
    # relabelling the algorithms permutes the average ranks and changes nothing else
    perm = list(range(k))
    rnd.shuffle(perm)
    other = friedman(x[:, perm])
    np.testing.assert_allclose(other.mean_ranks, res.mean_ranks[perm])
    assert other.statistic == pytest.approx(res.statistic, rel=1e-12, abs=1e-12)
    # the Nemenyi p-values do not depend on the direction of the scores
    np.testing.assert_allclose(nemenyi(x).pvalues, nemenyi(x, higher_is_better=False).pvalues, rtol=1e-12)
