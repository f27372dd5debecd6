"""McNemar's test: formulas, worked examples, oracles, degenerate cases."""

import math
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mlxtend.evaluate import mcnemar as mlxtend_mcnemar
from mlxtend.evaluate import mcnemar_table as mlxtend_table
from scipy import special, stats
from statsmodels.stats.contingency_tables import mcnemar as sm_mcnemar

from lecture_lib import (
    MCNEMAR_METHODS,
    TEXTBOOK_EXACT_BELOW,
    mcnemar,
    mcnemar_odds_ratio,
    mcnemar_pvalues,
    mcnemar_table,
    mcnemar_tables,
    predictions_from_table,
    proportion_interval,
)
from lecture_lib.mcnemar import MCNEMAR_INTERVALS

counts = st.integers(min_value=0, max_value=400)


def _table(b, c, a=7, d=3):
    return np.array([[a, b], [c, d]])


# ---------------------------------------------------------------- the table


def _table_by_loop(y_true, p1, p2):
    """The definition, one example at a time."""
    t = np.zeros((2, 2), dtype=int)
    for truth, x1, x2 in zip(y_true, p1, p2):
        t[int(x1 != truth), int(x2 != truth)] += 1
    return t


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 300), st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_table_matches_definition_and_mlxtend(n, n_classes, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, n_classes, n)
    p1 = rng.integers(0, n_classes, n)
    p2 = np.where(rng.random(n) < 0.5, y, rng.integers(0, n_classes, n))
    ours = mcnemar_table(y, p1, p2)
    np.testing.assert_array_equal(ours, _table_by_loop(y, p1, p2))
    np.testing.assert_array_equal(ours, mlxtend_table(y, p1, p2))
    assert ours.sum() == n
    assert ours.dtype == np.int64


def test_table_text_and_boolean_labels():
    y = np.array(["cat", "dog", "bird", "cat"])
    p1 = np.array(["cat", "dog", "cat", "dog"])
    p2 = np.array(["cat", "cat", "bird", "dog"])
    # both right on 0; only 1 right on 1; only 2 right on 2; both wrong on 3
    np.testing.assert_array_equal(mcnemar_table(y, p1, p2), [[1, 1], [1, 1]])
    yb = [True, False, True]
    np.testing.assert_array_equal(mcnemar_table(yb, [True, True, True], [False, False, True]), [[1, 1], [1, 0]])


def test_table_seed002_ten_instances():
    # seed 002: the per-instance Yes/No list gives [[4, 2], [1, 3]]
    correct_1 = [1, 0, 0, 0, 1, 1, 1, 0, 1, 1]
    correct_2 = [0, 0, 1, 0, 1, 1, 1, 0, 0, 1]
    np.testing.assert_array_equal(mcnemar_table(np.ones(10), correct_1, correct_2), [[4, 2], [1, 3]])


def test_tables_for_every_pair():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 3, 200)
    preds = [np.where(rng.random(200) < q, y, (y + 1) % 3) for q in (0.9, 0.7, 0.5, 0.8)]
    tables = mcnemar_tables(y, *preds)
    assert sorted(tables) == [(i, j) for i in range(4) for j in range(i + 1, 4)]
    for (i, j), table in tables.items():
        np.testing.assert_array_equal(table, mcnemar_table(y, preds[i], preds[j]))


@pytest.mark.parametrize("table", [[[9959, 11], [1, 29]], [[4, 2], [1, 3]], [[0, 0], [0, 7]]])
def test_predictions_from_table_round_trip(table):
    for n_classes in (2, 5):
        np.testing.assert_array_equal(mcnemar_table(*predictions_from_table(table, n_classes, seed=3)), table)


# ---------------------------------------------------------------- formulas


@pytest.mark.parametrize("b, c", [(11, 1), (25, 15), (3, 9), (40, 41), (0, 6)])
def test_statistics_from_their_formulas(b, c):
    table = _table(b, c)
    # McNemar (1947): (b - c)^2 / (b + c), chi-squared with 1 df
    chi2 = (b - c) ** 2 / (b + c)
    assert mcnemar(table, "chi2").statistic == pytest.approx(chi2, rel=1e-12)
    assert mcnemar(table, "chi2").pvalue == pytest.approx(stats.chi2.sf(chi2, 1), rel=1e-12)
    # Edwards (1948): (|b - c| - 1)^2 / (b + c), with |b - c| - 1 floored at 0
    cc = max(abs(b - c) - 1, 0) ** 2 / (b + c)
    assert mcnemar(table, "corrected").statistic == pytest.approx(cc, rel=1e-12)
    # exact: twice the smaller binomial tail, by exact rational arithmetic
    n, k = b + c, min(b, c)
    tail = Fraction(sum(comb(n, i) for i in range(k + 1)), 2**n)
    assert mcnemar(table, "exact").pvalue == pytest.approx(float(min(1, 2 * tail)), rel=1e-12)
    assert mcnemar(table, "exact").statistic == k
    # mid-p (Fagerland et al. 2013): 2 P(X <= k) - P(X = k)
    midp = 2 * tail - Fraction(comb(n, k), 2**n)
    assert mcnemar(table, "midp").pvalue == pytest.approx(float(min(1, midp)), rel=1e-12)


def test_seed000_panels_chi2():
    # seed 000: subpanel A chi2 = 8.3, p = 0.0039; subpanel B chi2 = 2.5, p = 0.1138
    a = mcnemar([[9959, 11], [1, 29]], "chi2")
    assert round(a.statistic, 1) == 8.3 and round(a.pvalue, 4) == 0.0039
    b = mcnemar([[9945, 25], [15, 15]], "chi2")
    assert round(b.statistic, 1) == 2.5 and round(b.pvalue, 4) == 0.1138


def test_seed002_exact():
    # seed 002 prints statistic=1.000, pvalue=1.000 for [[4, 2], [1, 3]] with exact=True
    result = mcnemar([[4, 2], [1, 3]], "exact")
    assert f"{result.statistic:.3f}" == "1.000" and f"{result.pvalue:.3f}" == "1.000"


def test_seed001_corrected():
    # seed 001: (|1 - 2232| - 1)^2 / (1 + 2232) ~ 2227
    result = mcnemar([[5942, 1], [2232, 17]], "corrected")
    assert round(result.statistic) == 2227
    assert result.pvalue == 0.0  # about 1e-485: below the smallest double


def test_b_equals_c_gives_no_evidence_for_every_method():
    for method in MCNEMAR_METHODS:
        for b in (1, 5, 25, 1000):
            result = mcnemar(_table(b, b), method)
            assert result.pvalue == 1.0, (method, b)
    assert mcnemar(_table(25, 25), "corrected").statistic == 0.0
    assert mcnemar(_table(25, 25), "chi2").statistic == 0.0


def test_reference_libraries_get_b_equals_c_wrong():
    # The documented disagreement with the oracles: statsmodels and mlxtend use
    # (|b - c| - 1)^2 / (b + c) unfloored, so b = c = 25 gives 1/50 (not 0).
    table = _table(25, 25)
    assert sm_mcnemar(table, exact=False, correction=True).statistic == pytest.approx(1 / 50)
    assert mlxtend_mcnemar(table, corrected=True)[0] == pytest.approx(1 / 50)
    assert mcnemar(table, "corrected").statistic == 0.0


@pytest.mark.parametrize("method", MCNEMAR_METHODS)
def test_no_disagreements(method):
    result = mcnemar([[50, 0], [0, 7]], method)
    assert result.statistic == 0.0 and result.pvalue == 1.0
    assert "b + c = 0" in result.reason


def test_textbook_rule_says_what_and_why():
    # the rule of the sources: exact when b + c < 25, else Edwards-corrected (TEXTBOOK_EXACT_BELOW = 25)
    assert TEXTBOOK_EXACT_BELOW == 25
    small = mcnemar(_table(11, 1), "textbook")
    assert small.method == "exact" and "12 < 25" in small.reason and small.reason.startswith("textbook rule")
    assert small.pvalue == mcnemar(_table(11, 1), "exact").pvalue
    large = mcnemar(_table(25, 15), "textbook")
    assert large.method == "corrected" and "40 >= 25" in large.reason
    assert large.pvalue == mcnemar(_table(25, 15), "corrected").pvalue
    assert mcnemar(_table(12, 13), "textbook").method == "corrected"
    assert mcnemar(_table(12, 12), "textbook").method == "exact"
    stat, p = mcnemar_pvalues([11, 25, 12, 12], [1, 15, 13, 12], "textbook")
    np.testing.assert_array_equal(
        p, [mcnemar(_table(b, c), "textbook").pvalue for b, c in ((11, 1), (25, 15), (12, 13), (12, 12))]
    )


@settings(max_examples=100, deadline=None)
@given(counts, counts, counts, counts)
def test_default_is_midp_for_any_table(a, b, c, d):
    # the fixed decision of issue 14: mcnemar(table).method == "midp" for any table
    result = mcnemar([[a, b], [c, d]])
    assert result.method == "midp"
    assert result.pvalue == mcnemar([[a, b], [c, d]], "midp").pvalue
    assert mcnemar_pvalues(b, c)[1] == result.pvalue


def test_auto_is_gone_with_a_message_that_names_the_replacements():
    for call in (lambda: mcnemar(_table(11, 1), "auto"), lambda: mcnemar_pvalues(11, 1, "auto")):
        with pytest.raises(ValueError, match="method") as info:
            call()
        assert "'textbook'" in str(info.value) and "'midp'" in str(info.value) and "'auto'" in str(info.value)
    assert "auto" not in MCNEMAR_METHODS


def test_docstring_example_probabilities_are_exact_fractions():
    # Review A1: 11 vs 1 of 12 disagreements. P(split at least this lopsided, either way) =
    # 2 (C(12, 0) + C(12, 1)) / 2^12 = 26/4096 = 0.63 % (the exact p); the mid-p value counts the
    # two splits exactly as lopsided (11:1 and 1:11) half: 2 (1 + 12/2) / 4096 = 14/4096.
    # Review A10: mid-p = exact p - P(X = min(b, c)) = 0.00635 - 0.00293 = 0.00342.
    exact = mcnemar([[9959, 11], [1, 29]], "exact").pvalue
    midp = mcnemar([[9959, 11], [1, 29]]).pvalue
    assert exact == pytest.approx(26 / 4096, rel=1e-12) and round(100 * exact, 2) == 0.63
    assert midp == pytest.approx(14 / 4096, rel=1e-12)
    assert exact - midp == pytest.approx(comb(12, 1) / 4096, rel=1e-12)
    # 25 vs 15 (panel B): exact 15.4 %, not the chi-squared 11 %
    assert round(mcnemar([[9945, 25], [15, 15]], "exact").pvalue, 4) == 0.1539
    # 10 vs 2 (chapter 3, models 1 and 2 of seed 004): 2 (1 + 12 + 66) / 4096 = 3.9 %
    assert mcnemar(_table(2, 10), "exact").pvalue == pytest.approx(158 / 4096, rel=1e-12)


@pytest.mark.parametrize("b, c", [(11, 1), (2, 10), (3, 13), (0, 7), (40, 25)])
def test_midp_is_exact_minus_the_whole_point_probability(b, c):
    # Review A10: for b != c the two-sided mid-p value is the exact p-value minus the full
    # P(X = min(b, c)), not minus half of it (each tail counts its boundary outcome half).
    n, k = b + c, min(b, c)
    point = Fraction(comb(n, k), 2**n)
    exact = Fraction(sum(comb(n, i) for i in range(k + 1)), 2**n) * 2
    assert mcnemar(_table(b, c), "midp").pvalue == pytest.approx(float(exact - point), rel=1e-12)
    assert mcnemar(_table(b, c), "exact").pvalue - mcnemar(_table(b, c), "midp").pvalue == pytest.approx(
        float(point), rel=1e-9
    )


def test_result_types_are_plain_python():
    result = mcnemar(_table(11, 1), "chi2")
    assert type(result.statistic) is float and type(result.pvalue) is float
    assert type(result.b) is int and type(result.c) is int
    with pytest.raises(AttributeError):
        result.pvalue = 0.5  # frozen
    assert "pvalue" in str(result) and "McNemarResult" in str(result)


def test_float_counts_that_are_whole_are_accepted():
    assert mcnemar([[1.0, 11.0], [1.0, 2.0]], "chi2").statistic == mcnemar([[1, 11], [1, 2]], "chi2").statistic


# ---------------------------------------------------------------- oracles


@settings(max_examples=200, deadline=None)
@given(counts, counts, counts, counts)
def test_agrees_with_statsmodels(a, b, c, d):
    table = np.array([[a, b], [c, d]])
    if b + c == 0:
        return  # statsmodels divides by zero (nan); ours is defined as p = 1
    chi2 = sm_mcnemar(table, exact=False, correction=False)
    ours = mcnemar(table, "chi2")
    assert ours.statistic == pytest.approx(chi2.statistic, rel=1e-9, abs=1e-12)
    assert ours.pvalue == pytest.approx(chi2.pvalue, rel=1e-9, abs=1e-300)
    exact = sm_mcnemar(table, exact=True)
    ours = mcnemar(table, "exact")
    assert ours.statistic == exact.statistic
    assert ours.pvalue == pytest.approx(exact.pvalue, rel=1e-9, abs=1e-300)
    if b != c:  # at b = c statsmodels' corrected statistic is 1/(b + c): see above
        corrected = sm_mcnemar(table, exact=False, correction=True)
        ours = mcnemar(table, "corrected")
        assert ours.statistic == pytest.approx(corrected.statistic, rel=1e-9, abs=1e-12)
        assert ours.pvalue == pytest.approx(corrected.pvalue, rel=1e-9, abs=1e-300)


@settings(max_examples=200, deadline=None)
@given(counts, counts, counts, counts)
def test_agrees_with_mlxtend(a, b, c, d):
    table = np.array([[a, b], [c, d]])
    if b + c == 0:
        return
    chi2, p = mlxtend_mcnemar(table, corrected=False)
    ours = mcnemar(table, "chi2")
    assert ours.statistic == pytest.approx(chi2, rel=1e-9)
    assert ours.pvalue == pytest.approx(p, rel=1e-9, abs=1e-300)
    _, p_exact = mlxtend_mcnemar(table, exact=True)
    assert mcnemar(table, "exact").pvalue == pytest.approx(p_exact, rel=1e-9, abs=1e-300)
    if b != c:
        chi2, p = mlxtend_mcnemar(table, corrected=True)
        assert mcnemar(table, "corrected").statistic == pytest.approx(chi2, rel=1e-9)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 200), st.integers(0, 200))
def test_exact_agrees_with_scipy_binomtest(b, c):
    if b + c == 0:
        return
    ref = stats.binomtest(b, b + c, 0.5).pvalue
    assert mcnemar(_table(b, c), "exact").pvalue == pytest.approx(ref, rel=1e-9, abs=1e-300)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 3000), st.integers(0, 3000))
def test_midp_agrees_with_scipy_binom(b, c):
    # the default: 2 P(X < k) + P(X = k), X ~ Bin(b + c, 1/2), k = min(b, c) (Fagerland et al. 2013)
    if b + c == 0:
        return
    n, k = b + c, min(b, c)
    # P(X < k) summed term by term in log space: stats.binom.cdf underflows to 0 below
    # about 1e-300 (b = 11, c = 1064), where the library's tail is still accurate
    below = np.exp(special.logsumexp(stats.binom.logpmf(np.arange(k), n, 0.5))) if k > 0 else 0.0
    ref = min(1.0, 2 * below + stats.binom.pmf(k, n, 0.5))
    assert mcnemar(_table(b, c)).pvalue == pytest.approx(ref, rel=1e-9, abs=1e-300)


@settings(max_examples=100, deadline=None)
@given(counts, counts, st.sampled_from(MCNEMAR_METHODS))
def test_properties(b, c, method):
    forward = mcnemar(_table(b, c), method)
    backward = mcnemar(_table(c, b), method)
    assert 0.0 <= forward.pvalue <= 1.0
    assert forward.pvalue == pytest.approx(backward.pvalue, rel=1e-12)  # two-sided: symmetric
    # concordant cells carry no information
    assert mcnemar(_table(b, c, a=0, d=0), method).pvalue == forward.pvalue
    assert mcnemar(_table(b, c, a=10**6, d=123), method).pvalue == forward.pvalue


def test_exact_stable_for_ten_million():
    # No overflow or loop over n: 2^-n underflows for n > 1074, the incomplete beta does not.
    b, c = 4_999_000, 5_001_000
    p = mcnemar(_table(b, c), "exact").pvalue
    # Reference by another route: 2 P(X <= m - 1000) = 1 - P(m - 999 <= X <= m + 999) for
    # X ~ Bin(2m, 1/2), summing the 1999 central terms from P(X = m) (Stirling series for
    # C(2m, m) / 4^m) with the exact ratios P(X = m + j + 1) / P(X = m + j) = (m - j) / (m + j + 1).
    m = (b + c) // 2
    centre = (1 - 1 / (8 * m) + 1 / (128 * m**2) + 5 / (1024 * m**3)) / math.sqrt(math.pi * m)
    terms, term = [], centre
    for j in range(999):
        term *= (m - j) / (m + j + 1)
        terms.append(term)
    reference = 1 - (centre + 2 * math.fsum(terms))
    assert p == pytest.approx(reference, rel=1e-11)
    # normal approximation with continuity correction as a sanity check
    z = (abs(b - c) - 1) / np.sqrt(b + c)
    assert p == pytest.approx(2 * stats.norm.sf(z), rel=1e-3)
    midp = mcnemar(_table(b, c), "midp").pvalue
    assert midp < p and midp == pytest.approx(p, rel=1e-3)
    # very lopsided: tiny but representable, and right to full relative precision
    # (reference: 2 P(X <= 100) summed in log space with exact integer binomials)
    tiny = mcnemar(_table(100, 1000), "exact").pvalue
    log_tail = np.logaddexp.reduce([math.log(comb(1100, i)) for i in range(101)]) - 1100 * np.log(2)
    assert tiny == pytest.approx(2 * np.exp(log_tail), rel=1e-9)
    assert 1e-200 < tiny < 1e-150


def test_vectorised_pvalues_match_scalar_calls():
    b = np.array([0, 1, 11, 25, 30, 100])
    c = np.array([0, 4, 1, 15, 30, 70])
    for method in MCNEMAR_METHODS:
        stat, p = mcnemar_pvalues(b, c, method)
        for i in range(b.size):
            res = mcnemar(_table(b[i], c[i]), method)
            assert stat[i] == pytest.approx(res.statistic) and p[i] == pytest.approx(res.pvalue)


@pytest.mark.parametrize("method", ["exact", "midp"])
def test_far_tail_does_not_underflow(method):
    # b = 10, c = 1065: P(X <= 10) = 1.36e-300 for X ~ Bin(1075, 1/2) (term-by-term sum in
    # log space); scipy.stats.binom.cdf returns 0 there, the library must not
    tail = np.exp(special.logsumexp(stats.binom.logpmf(np.arange(11), 1075, 0.5)))
    point = stats.binom.pmf(10, 1075, 0.5)
    expected = 2 * tail if method == "exact" else 2 * tail - point
    assert mcnemar(_table(10, 1065), method).pvalue == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("method", ["chi2", "corrected", "exact", "midp"])
def test_one_table_path_agrees_with_the_vectorised_formulas(method):
    # mcnemar() computes one table in Python numbers (_one_statistic_and_pvalue);
    # mcnemar_pvalues() the same formulas on arrays. Both must give the same numbers,
    # on every small table, in the far tail and at b + c = 10^7.
    from lecture_lib.mcnemar import _one_statistic_and_pvalue

    small = np.arange(41)
    b, c = (g.ravel() for g in np.meshgrid(small, small))
    b = np.concatenate([b, [10, 1065, 5_000_123, 0, 7]])
    c = np.concatenate([c, [1065, 10, 4_999_877, 10_000_000, 7]])
    statistics, pvalues = mcnemar_pvalues(b, c, method)
    for bi, ci, stat, p in zip(b.tolist(), c.tolist(), statistics, pvalues):
        one_stat, one_p = _one_statistic_and_pvalue(bi, ci, method)
        assert one_stat == pytest.approx(stat, rel=1e-13, abs=0.0), (bi, ci)
        assert one_p == pytest.approx(p, rel=1e-12, abs=1e-300), (bi, ci)
        result = mcnemar([[0, bi], [ci, 0]], method=method)
        assert (result.statistic, result.pvalue) == (one_stat, one_p)


# ---------------------------------------------------------------- the interval that inverts each test


def _excludes(interval, null):
    return not interval.low <= null <= interval.high


@pytest.mark.parametrize("method", MCNEMAR_METHODS)
def test_the_interval_of_the_result_inverts_its_test_on_every_small_table(method):
    # Issue 24: for every table with b, c <= 30 and alpha in {0.01, 0.05, 0.10}, the share interval
    # excludes 1/2, and the odds interval excludes 1, exactly when p <= alpha. The boundary convention
    # (reject at p <= alpha; the interval holds the mu_0 whose test has p > alpha) could matter only
    # at p = alpha exactly: no table here comes within 1e-6 of it.
    closest = 1.0
    for alpha in (0.01, 0.05, 0.10):
        for b in range(31):
            for c in range(31):
                result = mcnemar(_table(b, c), method, confidence=1 - alpha)
                rejects = result.pvalue <= alpha
                assert _excludes(result.win_probability, 0.5) == rejects, (b, c, alpha)
                assert _excludes(result.odds_ratio, 1.0) == rejects, (b, c, alpha)
                assert result.win_probability.method == result.odds_ratio.method == MCNEMAR_INTERVALS[result.method]
                closest = min(closest, abs(result.pvalue - alpha))
    assert closest > 1e-6


@pytest.mark.parametrize("method", ["exact", "chi2", "corrected", "midp"])
def test_the_result_carries_the_interval_of_proportion_interval(method):
    # the same interval as proportion_interval(b, b + c, ...) and mcnemar_odds_ratio(..., method=...)
    rng = np.random.default_rng(24)
    for b, c in rng.integers(0, 300, size=(40, 2)).tolist() + [[0, 9], [9, 0], [1, 1]]:
        result = mcnemar(_table(b, c), method, confidence=0.9)
        share = proportion_interval(b, b + c, 0.9, MCNEMAR_INTERVALS[method])
        assert (result.win_probability.low, result.win_probability.high) == pytest.approx(
            (share.low, share.high), abs=1e-15)
        assert result.win_probability.estimate == b / (b + c)
        assert result.odds_ratio == mcnemar_odds_ratio(_table(b, c), 0.9, MCNEMAR_INTERVALS[method])


def test_published_binomial_tests_and_intervals_of_13_against_3():
    # Fagerland, Lydersen & Laake (2017), chapter 2, Ligarden et al.'s 13 of 16, as printed by the
    # companion package contingencytables (tests/testthat/test-ch2.R): the tests of pi = 1/2 are McNemar's
    # conditional tests of b = 13, c = 3, and the intervals are those that invert them.
    printed = {  # method: (P, 95 % interval) as printed
        "exact": (0.02127, (0.5435, 0.9595)),
        "midp": (0.01273, (0.5699, 0.9500)),
        "chi2": (0.01242, (0.5699, 0.9341)),  # score test, Z = 2.500; Wilson score interval
        "corrected": (0.02445, (0.5369, 0.9503)),  # with continuity correction, Z = 2.250
    }
    for method, (p, (low, high)) in printed.items():
        result = mcnemar(_table(13, 3), method)
        assert round(result.pvalue, 5) == p
        assert (round(result.win_probability.low, 4), round(result.win_probability.high, 4)) == (low, high)
        assert result.pvalue < 0.05 and result.win_probability.low > 0.5


def test_published_cavo_example_and_its_odds_intervals():
    # Cavo et al. (2012) in Fagerland, Lydersen & Laake (2017), chapter 8, as printed by contingencytables
    # (tests/testthat/test-ch8.R): b = 6, c = 16. Asymptotic P = 0.033006, mid-P P = 0.034690, exact
    # conditional P = 0.052479; transformed Wilson interval of the odds ratio 0.1514 to 0.9287.
    table = [[59, 6], [16, 80]]
    assert round(mcnemar(table, "chi2").pvalue, 6) == 0.033006
    assert round(mcnemar(table, "midp").pvalue, 6) == 0.034690
    assert round(mcnemar(table, "exact").pvalue, 6) == 0.052479
    wilson = mcnemar(table, "chi2").odds_ratio
    assert (round(wilson.low, 4), round(wilson.high, 4)) == (0.1514, 0.9287)
    assert mcnemar(table, "midp").odds_ratio.high < 1 < mcnemar(table, "exact").odds_ratio.high


def test_review_s4_table_now_has_an_interval_that_agrees_with_its_test():
    # Review S4: [[980, 9], [2, 9]] gave mid-p p = 0.0386 beside an exact-conditional odds interval
    # 0.931 to 42.8 (Clopper-Pearson, the exact test's interval) and a Bonett-Price interval from
    # -0.01 to 1.40 points. The mid-p value: 2 P(X < 2) + P(X = 2) for X ~ Bin(11, 1/2)
    # = (2 (1 + 11) + 55) / 2048 = 79 / 2048.
    result = mcnemar([[980, 9], [2, 9]])
    assert result.pvalue == pytest.approx(79 / 2048, rel=1e-12)
    assert result.odds_ratio.low > 1 and result.win_probability.low > 0.5  # the mid-p intervals
    exact = mcnemar([[980, 9], [2, 9]], "exact")
    assert round(exact.odds_ratio.low, 3) == 0.931 and round(exact.odds_ratio.high, 1) == 42.8  # as S4 printed
    assert result.accuracy_difference.low < 0 < result.accuracy_difference.high  # Bonett-Price: another method


def test_no_disagreement_has_no_win_probability():
    result = mcnemar([[50, 0], [0, 7]])
    assert math.isnan(result.win_probability.estimate)
    assert (result.win_probability.low, result.win_probability.high) == (0.0, 1.0)
    assert result.n_examples == 57 and mcnemar([[0, 0], [0, 0]]).n_examples == 0
