"""Looney's F test and the marginal-homogeneity test (chapter 3, issue 16).

Oracles: mlxtend.evaluate.ftest (Looney's F), statsmodels' two-way ANOVA (anova_lm) of the
right/wrong table, Cochran's Q through the identity F = (n - 1) Q / (n (k - 1) - Q), statsmodels'
SquareTable (Stuart-Maxwell and Bhapkar tests of a 2 x 2 table) and McNemar's statistic for two
models, a direct numpy computation of the quadratic forms for more, and a seeded simulation of
review A8's scenario (two near-copies beside a third model, all 80 % accurate).
"""

import time

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mlxtend.evaluate import ftest
from scipy import stats
from statsmodels.formula.api import ols
from statsmodels.stats.anova import anova_lm
from statsmodels.stats.contingency_tables import SquareTable
from statsmodels.stats.proportion import proportion_confint

from lecture_lib import (
    cochrans_q,
    correctness_matrix,
    homogeneity_lab_rows,
    looney_ftest,
    marginal_homogeneity_test,
    mcnemar,
    mcnemar_table,
    proportion_interval,
    simulate_homogeneity_tests,
    simulate_near_duplicates,
)
from lecture_lib.homogeneity import _ABC, _marginal_homogeneity, _q_and_f_pvalues
from lecture_lib.widgets import homogeneity_explorer, homogeneity_lab_report


def _models(seed, n=None, k=None, n_classes=3):
    rng = np.random.default_rng(seed)
    n = n or int(rng.integers(10, 300))
    k = k or int(rng.integers(2, 6))
    y = rng.integers(0, n_classes, n)
    preds = [np.where(rng.random(n) < rng.uniform(0.55, 0.95), y, (y + 1) % n_classes) for _ in range(k)]
    return y, preds


# --------------------------------------------------------------------------- Looney's F


@pytest.mark.parametrize("seed", range(25))
def test_looney_statistic_matches_mlxtend(seed):
    y, preds = _models(seed)
    n, k = y.size, len(preds)
    f_ref, p_ref = ftest(y, *preds)
    res = looney_ftest(y, *preds)
    assert res.statistic == pytest.approx(f_ref, rel=1e-10)
    assert res.df == (k - 1, (k - 1) * (n - 1))
    assert res.pvalue == pytest.approx(stats.f.sf(f_ref, k - 1, (k - 1) * (n - 1)), rel=1e-9, abs=1e-300)
    # mlxtend refers the same F to (k - 1, (k - 1) n) degrees of freedom (documented difference)
    assert p_ref == pytest.approx(stats.f.sf(f_ref, k - 1, (k - 1) * n), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("seed", range(8))
def test_looney_is_the_two_way_anova_of_the_right_wrong_table(seed):
    y, preds = _models(seed, n=int(np.random.default_rng(seed).integers(8, 60)))
    correct = correctness_matrix(y, *preds).astype(float)
    n, k = correct.shape
    long = pd.DataFrame({"right": correct.ravel(), "example": np.repeat(np.arange(n), k),
                         "model": np.tile(np.arange(k), n)})
    table = anova_lm(ols("right ~ C(model) + C(example)", data=long).fit())
    res = looney_ftest(y, *preds)
    assert res.sum_of_squares["models"] == pytest.approx(table.loc["C(model)", "sum_sq"], rel=1e-9, abs=1e-12)
    assert res.sum_of_squares["examples"] == pytest.approx(table.loc["C(example)", "sum_sq"], rel=1e-9, abs=1e-12)
    assert res.sum_of_squares["interaction"] == pytest.approx(table.loc["Residual", "sum_sq"], rel=1e-9)
    assert res.df == (int(table.loc["C(model)", "df"]), int(table.loc["Residual", "df"]))
    assert res.statistic == pytest.approx(table.loc["C(model)", "F"], rel=1e-8)
    assert res.pvalue == pytest.approx(table.loc["C(model)", "PR(>F)"], rel=1e-7)


@pytest.mark.parametrize("seed", range(20))
def test_looney_f_is_a_monotone_function_of_cochrans_q(seed):
    y, preds = _models(seed)
    n, k = y.size, len(preds)
    q = cochrans_q(y, *preds).statistic
    assert looney_ftest(y, *preds).statistic == pytest.approx((n - 1) * q / (n * (k - 1) - q), rel=1e-10)


def test_looney_worked_example_and_degenerate_cases():
    # the three models of cochrans_q's docstring: right on 4, 2, 1 of 6 examples
    y = [0] * 6
    res = looney_ftest(y, [0, 0, 0, 0, 1, 1], [0, 0, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1])
    f_ref, _ = ftest(np.array(y), np.array([0, 0, 0, 0, 1, 1]), np.array([0, 0, 1, 1, 1, 1]),
                     np.array([0, 1, 1, 1, 1, 1]))
    assert res.statistic == pytest.approx(f_ref)
    # every example right for all models or wrong for all: no evidence, F = 0 and p = 1
    same = looney_ftest([0, 1, 0, 1], [0, 1, 1, 0], [0, 1, 1, 0])
    assert (same.statistic, same.pvalue) == (0.0, 1.0)
    # one model right everywhere, the other wrong everywhere: no interaction, F = inf and p = 0
    apart = looney_ftest([0, 1, 0, 1], [0, 1, 0, 1], [1, 0, 1, 0])
    assert (apart.statistic, apart.pvalue) == (np.inf, 0.0)


@pytest.mark.parametrize("seed", range(5))
def test_accuracy_intervals_are_wilson(seed):
    y, preds = _models(seed)
    n = y.size
    for func in (looney_ftest, marginal_homogeneity_test):
        res = func(y, *preds, confidence=0.9)
        for acc, pred in zip(res.accuracies, preds):
            right = int(np.sum(pred == y))
            low, high = proportion_confint(right, n, alpha=0.1, method="wilson")
            assert acc.estimate == right / n and acc.confidence == 0.9 and acc.method == "wilson"
            assert acc.low == pytest.approx(low, abs=1e-12) and acc.high == pytest.approx(high, abs=1e-12)


# --------------------------------------------------------------------------- marginal homogeneity


@pytest.mark.parametrize("seed", range(25))
def test_two_models_match_mcnemar_and_statsmodels_square_table(seed):
    y, preds = _models(seed, k=2)
    table = mcnemar_table(y, *preds)
    square = SquareTable(table, shift_zeros=False)
    (_, b), (c, _) = table
    stuart = marginal_homogeneity_test(y, *preds, method="stuart")
    bhapkar = marginal_homogeneity_test(y, *preds, method="bhapkar")
    if b + c == 0:
        assert (stuart.statistic, stuart.pvalue, stuart.df) == (0.0, 1.0, 0)
        return
    assert stuart.statistic == pytest.approx(mcnemar(table, "chi2").statistic, rel=1e-10)
    assert stuart.statistic == pytest.approx(square.homogeneity("stuart_maxwell").statistic, rel=1e-10)
    assert stuart.pvalue == pytest.approx(stats.chi2.sf(square.homogeneity("stuart_maxwell").statistic, 1), rel=1e-6)
    if b == 0 or c == 0 or b + c < y.size:  # statsmodels' Bhapkar needs a non-singular covariance
        ref = square.homogeneity("bhapkar")
        assert bhapkar.statistic == pytest.approx(ref.statistic, rel=1e-9)
        # statsmodels computes 1 - cdf, which loses the far tail (0 below about 1e-16): compare with
        # scipy's survival function of statsmodels' statistic instead
        assert bhapkar.pvalue == pytest.approx(stats.chi2.sf(ref.statistic, 1), rel=1e-6, abs=1e-300)
        if ref.pvalue > 1e-10:
            assert bhapkar.pvalue == pytest.approx(ref.pvalue, rel=1e-6)


def _direct(correct, method):
    """The quadratic form straight from its definition, with numpy (no pattern counts)."""
    x = correct.astype(float)
    n = x.shape[0]
    d = x[:, :-1] - x[:, -1:]
    mean = d.mean(axis=0)
    s = d.T @ d / n
    if method == "bhapkar":
        s = s - np.outer(mean, mean)
    return n * mean @ np.linalg.solve(s, mean)


@pytest.mark.parametrize("seed", range(25))
@pytest.mark.parametrize("method", ["stuart", "bhapkar"])
def test_quadratic_form_by_definition_and_invariant_to_the_reference_model(seed, method):
    y, preds = _models(seed, n=int(np.random.default_rng(seed).integers(40, 400)), k=int(seed % 3) + 3)
    res = marginal_homogeneity_test(y, *preds, method=method)
    correct = correctness_matrix(y, *preds)
    assert res.statistic == pytest.approx(_direct(correct, method), rel=1e-9)
    k = len(preds)
    assert res.df == k - 1 and res.pvalue == pytest.approx(stats.chi2.sf(res.statistic, k - 1), rel=1e-9)
    # which model is the reference (the last) does not matter, nor does the order of the examples
    perm = np.random.default_rng(seed).permutation(k)
    moved = marginal_homogeneity_test(y, *[preds[i] for i in perm], method=method)
    assert moved.statistic == pytest.approx(res.statistic, rel=1e-9)
    rows = np.random.default_rng(seed + 1).permutation(y.size)
    shuffled = marginal_homogeneity_test(y[rows], *[p[rows] for p in preds], method=method)
    assert shuffled.statistic == pytest.approx(res.statistic, rel=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 5), st.integers(5, 80))
def test_bhapkar_is_stuart_over_one_minus_stuart_over_n(seed, k, n):
    y, preds = _models(seed, n=n, k=k, n_classes=2)
    ws = marginal_homogeneity_test(y, *preds, method="stuart")
    wb = marginal_homogeneity_test(y, *preds, method="bhapkar")
    assert 0.0 <= ws.pvalue <= 1.0 and 0.0 <= wb.pvalue <= 1.0
    if np.isfinite(wb.statistic) and ws.df == wb.df and ws.df > 0:
        assert wb.statistic == pytest.approx(ws.statistic / (1 - ws.statistic / n), rel=1e-7, abs=1e-9)
        assert wb.statistic >= ws.statistic - 1e-9


def test_singular_covariances():
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 100)
    a = np.where(rng.random(100) < 0.8, y, 1 - y)
    c = np.where(rng.random(100) < 0.7, y, 1 - y)
    # a model given twice: the difference between the copies is always 0, so one degree of freedom goes
    twice = marginal_homogeneity_test(y, a, a.copy(), c)
    alone = marginal_homogeneity_test(y, a, c)
    assert twice.df == 1 and "rank 1" in twice.reason
    assert twice.statistic == pytest.approx(alone.statistic, rel=1e-10)
    # nothing splits the models
    none = marginal_homogeneity_test(y, a, a.copy(), a.copy())
    assert (none.statistic, none.pvalue, none.df) == (0.0, 1.0, 0) and "no example splits" in none.reason
    # one model right everywhere, the other wrong everywhere: Stuart gives n, Bhapkar infinity
    wrong = 1 - y
    assert marginal_homogeneity_test(y, y, wrong).statistic == pytest.approx(100.0)
    inf = marginal_homogeneity_test(y, y, wrong, method="bhapkar")
    assert (inf.statistic, inf.pvalue) == (np.inf, 0.0) and "no sampling variance" in inf.reason


def test_input_checks_and_inputs_left_alone():
    y = np.array([0, 1, 1, 0, 1])
    p1, p2 = np.array([0, 1, 0, 0, 1]), np.array([1, 1, 1, 0, 0])
    before = (y.copy(), p1.copy(), p2.copy())
    marginal_homogeneity_test(y, p1, p2)
    looney_ftest(y, p1, p2)
    for arr, old in zip((y, p1, p2), before):
        np.testing.assert_array_equal(arr, old)
    for func in (looney_ftest, marginal_homogeneity_test):
        with pytest.raises(ValueError, match="at least two models"):
            func(y, p1)
        with pytest.raises(ValueError, match="y_true: at least 2 test examples"):
            func([1], [1], [0])
        with pytest.raises(ValueError, match="same length"):
            func(y, p1, p2[:4])
        with pytest.raises(ValueError, match=r"confidence must lie in \(0, 1\)"):
            func(y, p1, p2, confidence=1.0)
    with pytest.raises(ValueError, match="method must be one of"):
        marginal_homogeneity_test(y, p1, p2, method="wald")
    assert "accuracies" in str(marginal_homogeneity_test(y, p1, p2))
    assert "sum_of_squares" in str(looney_ftest(y, p1, p2))


# --------------------------------------------------------------------------- review A8: exchangeability

_PATTERNS = np.array([[(i >> 2) & 1, (i >> 1) & 1, i & 1] for i in range(8)])


def _near_duplicate_counts(n, n_sim, seed, accuracy=0.8, disagreement=0.01):
    """Review A8's scenario as multinomial counts of the 8 right/wrong patterns of models (A, B, C):
    A and B near-copies (they differ in correctness on a fraction `disagreement` of examples, half
    each way), C independent, all three with the same accuracy."""
    half = disagreement / 2
    ab = {(1, 1): accuracy - half, (1, 0): half, (0, 1): half, (0, 0): 1 - accuracy - half}
    cells = np.array([ab[a, b] * (accuracy if c else 1 - accuracy) for a, b, c in _PATTERNS])
    return np.random.default_rng(seed).multinomial(n, cells / cells.sum(), size=n_sim)


def test_vectorised_statistic_is_the_public_one():
    counts = _near_duplicate_counts(60, 40, seed=1, disagreement=0.1)
    for method in ("stuart", "bhapkar"):
        stat, df, pvalue, _, _ = _marginal_homogeneity(_PATTERNS, counts, method)
        for s in range(40):
            correct = np.repeat(_PATTERNS, counts[s], axis=0).astype(bool)
            y = np.ones(correct.shape[0], dtype=int)
            preds = [np.where(correct[:, i], 1, 0) for i in range(3)]
            res = marginal_homogeneity_test(y, *preds, method=method)
            assert res.statistic == pytest.approx(stat[s], rel=1e-12) and res.df == df[s]
            assert res.pvalue == pytest.approx(pvalue[s], rel=1e-12)


def _rate(rejections):
    hits = int(np.sum(rejections))
    interval = proportion_interval(hits, len(rejections), 0.99)
    low, high = interval.low, interval.high
    return hits / len(rejections), float(low), float(high)


@pytest.mark.parametrize("n", [200, 2000])
def test_marginal_homogeneity_holds_its_level_where_cochrans_q_does_not(n):
    # Review A8: all three models 80 % accurate, A and B near-copies (1 % disagreement), C unrelated.
    # Equal accuracy is true. Cochran's Q rejects about 8 % at the nominal 5 % (its reference
    # distribution assumes exchangeable models); the marginal-homogeneity test stays within 5 %
    # (99 % Monte Carlo intervals, 20 000 seeded test sets).
    alpha, n_sim = 0.05, 20_000
    q = simulate_near_duplicates(n, accuracy=0.8, disagreement=0.01, alpha=alpha, n_sim=n_sim, seed=16)
    assert q.cochran.low > alpha, q.cochran
    counts = _near_duplicate_counts(n, n_sim, seed=16)
    for method in ("stuart", "bhapkar"):
        _, _, pvalue, _, _ = _marginal_homogeneity(_PATTERNS, counts, method)
        rate, low, high = _rate(pvalue <= alpha)
        assert low <= alpha, (method, rate)  # not liberal beyond Monte Carlo error
        assert high >= 0.025, (method, rate)  # and not uselessly conservative


def test_looney_f_inherits_the_exchangeability_assumption():
    # F is a monotone function of Q, so it rejects too often in the same scenario (n = 200)
    alpha, n_sim, n = 0.05, 5_000, 200
    counts = _near_duplicate_counts(n, n_sim, seed=3)
    rejections = []
    for row in counts:
        correct = np.repeat(_PATTERNS, row, axis=0).astype(bool)
        y = np.ones(n, dtype=int)
        rejections.append(looney_ftest(y, *[np.where(correct[:, i], 1, 0) for i in range(3)]).pvalue <= alpha)
    rate, low, _ = _rate(rejections)
    assert low > alpha, rate


def test_stuart_holds_its_level_in_small_test_sets_where_bhapkar_does_not():
    # n = 50 and 20 % disagreement between A and B: Bhapkar's Wald statistic is liberal, Stuart's
    # (the default) is not; the reason for the default.
    alpha, n_sim = 0.05, 20_000
    counts = _near_duplicate_counts(50, n_sim, seed=5, disagreement=0.2)
    stuart = _rate(_marginal_homogeneity(_PATTERNS, counts, "stuart")[2] <= alpha)
    bhapkar = _rate(_marginal_homogeneity(_PATTERNS, counts, "bhapkar")[2] <= alpha)
    assert stuart[1] <= alpha, stuart
    assert bhapkar[1] > alpha, bhapkar


# --------------------------------------------------------------------------- the exchangeability lab
# Oracles: the one-test-set functions on test sets rebuilt from the simulated pattern counts; known
# behaviour within 4 binomial Monte Carlo standard errors.


def _tolerance(rate, n_sim):
    return 4 * np.sqrt(rate * (1 - rate) / n_sim)


@pytest.mark.parametrize("seed", range(5))
def test_vectorised_pvalues_match_the_one_test_set_functions(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 60))
    counts = rng.multinomial(n, rng.dirichlet(np.ones(8)), size=6)
    q_p, f_p = _q_and_f_pvalues(counts, n)
    _, _, s_p, _, _ = _marginal_homogeneity(_ABC, counts, "stuart")
    for row, qp, fp, sp in zip(counts, q_p, f_p, s_p):
        correct = np.repeat(_ABC, row, axis=0)
        y_true = np.ones(n, dtype=int)
        preds = [correct[:, i] for i in range(3)]
        assert qp == pytest.approx(cochrans_q(y_true, *preds).pvalue, rel=1e-9, abs=1e-12)
        assert fp == pytest.approx(looney_ftest(y_true, *preds).pvalue, rel=1e-9, abs=1e-12)
        assert sp == pytest.approx(marginal_homogeneity_test(y_true, *preds).pvalue,
                                   rel=1e-9, abs=1e-12)


def test_independent_models_reject_at_the_nominal_level():
    n_sim = 20_000
    lab = simulate_homogeneity_tests(0.32, n_examples=200, accuracy=0.8, n_sim=n_sim, seed=11)
    for rate in lab.rates[:, 0]:
        assert abs(rate - 0.05) < _tolerance(0.05, n_sim)


def test_near_copies_inflate_q_and_f_but_not_stuart():
    n_sim = 20_000
    lab = simulate_homogeneity_tests(0.0, n_examples=400, accuracy=0.8, n_sim=n_sim, seed=12)
    limit = stats.chi2.sf(stats.chi2.isf(0.05, 2) / 2, 1)  # 0.0833
    q_rate, f_rate, stuart_rate = lab.rates[:, 0]
    assert abs(q_rate - limit) < _tolerance(limit, n_sim)
    assert abs(f_rate - limit) < _tolerance(limit, n_sim)
    assert abs(stuart_rate - 0.05) < _tolerance(0.05, n_sim)


def test_q_excess_shrinks_as_the_copies_drift_apart():
    lab = simulate_homogeneity_tests([0.0, 0.16, 0.32], n_sim=20_000, seed=13)
    q = lab.rates[0]
    assert q[0] > q[1] > q[2]
    assert lab.standard_error == pytest.approx(np.sqrt(lab.rates * (1 - lab.rates) / 20_000))


def test_seeded_and_readonly():
    one = simulate_homogeneity_tests([0.0, 0.1], n_sim=300, seed=5)
    two = simulate_homogeneity_tests([0.0, 0.1], n_sim=300, seed=5)
    np.testing.assert_array_equal(one.rates, two.rates)
    with pytest.raises(ValueError):
        one.rates[0, 0] = 1.0
    assert "Stuart" in str(one) and "0.100" in str(one)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"disagreement": 0.5}, r"disagreement: every value must be in .* = \[0, 0.4\].*got 0.5"),
        ({"disagreement": -0.1}, "disagreement"),
        ({"disagreement": [[0.1]]}, "disagreement"),
        ({"disagreement": 0.1, "n_examples": 1}, "n_examples"),
        ({"disagreement": 0.1, "n_sim": 0}, "n_sim"),
        ({"disagreement": 0.1, "accuracy": 1.0}, "accuracy"),
        ({"disagreement": 0.1, "alpha": 0.0}, "alpha"),
        ({"disagreement": 0.1, "seed": "x"}, "seed"),
    ],
)
def test_input_errors_name_the_argument(kwargs, message):
    with pytest.raises((ValueError, TypeError), match=message):
        simulate_homogeneity_tests(**kwargs)


def test_lab_rows_take_the_nearest_grid_point():
    lab = simulate_homogeneity_tests([0.0, 0.1, 0.2], n_sim=200, seed=0)
    rows = homogeneity_lab_rows(lab, 0.13)
    assert [r[0] for r in rows] == list(lab.tests)
    assert all(r[1] == 0.1 for r in rows)
    assert [r[2] for r in rows] == list(lab.rates[:, 1])
    with pytest.raises(TypeError, match="simulation must be a HomogeneitySimulation"):
        homogeneity_lab_rows("lab", 0.1)
    with pytest.raises((TypeError, ValueError), match="disagreement"):
        homogeneity_lab_rows(lab, "x")
    with pytest.raises(ValueError, match=r"disagreement must lie in the lab's grid \[0, 0.2\]"):
        homogeneity_lab_rows(lab, 0.3)


def test_report_and_widget_respond_fast():
    lab = simulate_homogeneity_tests(0.0, n_examples=400, n_sim=20_000, seed=12)
    text = homogeneity_lab_report(lab, 0.0)
    assert "too often" in text.split("Looney")[1].split("</tr>")[0]
    assert "near nominal" in text.split("Stuart")[1]
    box = homogeneity_explorer(n_sim=500)
    slider, report = box.children
    start = time.perf_counter()
    slider.value = slider.max
    elapsed = time.perf_counter() - start
    assert elapsed < 0.1
    assert "32.0 %" in report.value
