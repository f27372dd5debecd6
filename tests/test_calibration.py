"""Calibration and proper scores (chapter 9): rms oracle, formula, size, sklearn/statsmodels oracles, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from scipy import stats  # noqa: E402
from sklearn.calibration import calibration_curve  # noqa: E402
from sklearn.metrics import brier_score_loss, log_loss  # noqa: E402
from statsmodels.stats.proportion import proportion_confint  # noqa: E402

from lecture_lib import paired_ttest  # noqa: E402
from lecture_lib.calibration import (  # noqa: E402
    CalibrationResult,
    ReliabilityTable,
    brier_scores,
    calibration_test,
    log_losses,
    plot_reliability,
    reliability_table,
)

ORACLE = Path(__file__).parent / "oracles" / "calibration.json"
seeds = st.integers(0, 2**32 - 1)


def _sample(rng, n, distort=1.0):
    """Probabilities on (0.01, 0.99) and outcomes drawn from them (distort != 1: from sharpened/flattened ones)."""
    prob = rng.uniform(0.01, 0.99, n)
    truth = 1 / (1 + np.exp(-distort * np.log(prob / (1 - prob))))
    return (rng.uniform(size=n) < truth).astype(int), prob


# ------------------------------------------------------------------ oracle: R rms 6.5-0 val.prob


@pytest.mark.parametrize("case", json.loads(ORACLE.read_text())["cases"], ids=lambda c: f"n{len(c['prob'])}")
def test_matches_rms_val_prob(case):
    # "S:z", "S:p" and "Brier" of rms::val.prob (R 4.2.2, rms 6.5-0), tests/oracles/calibration.R
    res = calibration_test(case["y_true"], case["prob"])
    assert res.statistic == pytest.approx(case["z"], rel=1e-9, abs=1e-12)
    assert res.pvalue == pytest.approx(case["pvalue"], rel=1e-9, abs=1e-15)
    assert res.brier_score == pytest.approx(case["brier"], rel=1e-9)
    assert res.n == len(case["prob"])


def test_oracle_spans_both_tails():
    z = [case["z"] for case in json.loads(ORACLE.read_text())["cases"]]
    assert len(z) >= 30 and min(z) < -2 and max(z) > 2


# ------------------------------------------------------------------ the formula, brute force


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 120), seeds, st.floats(0.3, 3.0))
def test_matches_the_formula_term_by_term(n, seed, distort):
    # Spiegelhalter (1986): z = sum (y - p)(1 - 2p) / sqrt(sum (1 - 2p)^2 p (1 - p)), in a plain loop
    rng = np.random.default_rng(seed)
    y, prob = _sample(rng, n, distort)
    numerator = sum((yi - pi) * (1 - 2 * pi) for yi, pi in zip(y, prob))
    variance = sum((1 - 2 * pi) ** 2 * pi * (1 - pi) for pi in prob)
    res = calibration_test(y, prob)
    assert res.statistic == pytest.approx(numerator / variance**0.5, rel=1e-9, abs=1e-12)
    assert res.pvalue == pytest.approx(2 * stats.norm.sf(abs(numerator) / variance**0.5), rel=1e-9, abs=1e-15)
    # ... and z is the standardised Brier score: n (B - E[B]) / sqrt(n^2 Var(B)) under H0
    brier = sum((yi - pi) ** 2 for yi, pi in zip(y, prob)) / n
    expected = sum(pi * (1 - pi) for pi in prob) / n
    assert (res.brier_score, res.expected_brier) == pytest.approx((brier, expected), rel=1e-12)
    assert res.statistic == pytest.approx(n * (brier - expected) / variance**0.5, rel=1e-7, abs=1e-9)


def test_labels_and_positive():
    rng = np.random.default_rng(4)
    y, prob = _sample(rng, 50)
    text = np.where(y == 1, "sick", "well")
    assert calibration_test(text, prob, positive="sick") == calibration_test(y, prob)
    # the probability of the other class: z is unchanged ((y - p)(1 - 2p) is the same for 1 - y and 1 - p)
    flipped = calibration_test(text, 1 - prob, positive="well")
    assert flipped.statistic == pytest.approx(calibration_test(y, prob).statistic, rel=1e-12)
    assert calibration_test(y.astype(bool), prob) == calibration_test(y, prob)
    # one class only: all negatives (positive absent) or all positives
    assert calibration_test(np.zeros(5, int), [0.1, 0.2, 0.05, 0.3, 0.1]).brier_score == pytest.approx(
        np.mean(np.square([0.1, 0.2, 0.05, 0.3, 0.1])), rel=1e-12)


def test_zero_variance_cases_are_defined():
    # every p in {0, 1/2, 1}: the variance is 0 (val.prob returns NaN for 0/0); documented answers
    half = calibration_test([0, 1, 1, 0, 1], [0.5] * 5)
    assert (half.statistic, half.pvalue) == (0.0, 1.0) and "zero variance" in half.method
    sure_and_right = calibration_test([0, 1, 1], [0.0, 1.0, 1.0])
    assert (sure_and_right.statistic, sure_and_right.pvalue, sure_and_right.brier_score) == (0.0, 1.0, 0.0)
    sure_and_wrong = calibration_test([0, 1, 1, 0], [0.0, 1.0, 0.0, 0.5])
    assert (sure_and_wrong.statistic, sure_and_wrong.pvalue) == (np.inf, 0.0)


def test_type_one_error_under_calibrated_probabilities():
    # H0 true: y ~ Bernoulli(p), n = 200, 2000 data sets, alpha 5 %. Monte Carlo sd of the rejection rate is
    # sqrt(0.05 * 0.95 / 2000) = 0.0049; the band 0.05 +- 0.015 is 3 MC sd.
    rng = np.random.default_rng(1986)
    pvalues = np.array([calibration_test(*_sample(rng, 200)).pvalue for _ in range(2000)])
    assert abs(np.mean(pvalues <= 0.05) - 0.05) < 0.015
    # and it has power against over-confidence (outcomes from flattened probabilities, the model sharper)
    power = np.mean([calibration_test(*_sample(rng, 200, distort=0.5)).pvalue <= 0.05 for _ in range(300)])
    assert power > 0.5


# ------------------------------------------------------------------ proper scores


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 100), seeds)
def test_scores_match_sklearn(n, seed):
    rng = np.random.default_rng(seed)
    y, prob = _sample(rng, n)
    y[:2] = [0, 1]  # sklearn's log_loss needs both classes
    assert brier_scores(y, prob).mean() == pytest.approx(brier_score_loss(y, prob), rel=1e-12)
    assert log_losses(y, prob).mean() == pytest.approx(log_loss(y, prob), rel=1e-9)
    np.testing.assert_allclose(brier_scores(y, prob), (y - prob) ** 2, rtol=1e-15)
    np.testing.assert_allclose(log_losses(y, prob), -np.log(np.where(y == 1, prob, 1 - prob)), rtol=1e-12)


def test_log_loss_of_a_wrong_certain_prediction():
    losses = log_losses([1, 0, 0], [0.7, 1.0, 0.0])
    assert losses[1] == np.inf and losses[2] == 0.0 and losses[0] == pytest.approx(-np.log(0.7), rel=1e-15)
    clipped = log_losses([1, 0, 0], [0.7, 1.0, 0.0], eps=1e-6)
    assert clipped[1] == pytest.approx(-np.log(1e-6), rel=1e-9)
    assert clipped[2] == pytest.approx(-np.log1p(-1e-6), rel=1e-9)
    # the inf does not poison a paired comparison silently: the paired tests refuse it by name
    with pytest.raises(ValueError, match="inf"):
        paired_ttest(log_losses([1, 0, 0, 1], [0.7, 1.0, 0.2, 0.6]), log_losses([1, 0, 0, 1], [0.6] * 4))


def test_log1p_keeps_small_losses_accurate():
    # -log(1 - 1e-17) is 1e-17; 1 - 1e-17 rounds to 1 and log would give 0
    assert log_losses([0], [1e-17])[0] == pytest.approx(1e-17, rel=1e-12)


def test_scores_feed_the_paired_tests():
    rng = np.random.default_rng(8)
    y, prob = _sample(rng, 300)
    worse = np.clip(prob + rng.normal(0, 0.2, 300), 0.01, 0.99)
    res = paired_ttest(brier_scores(y, worse), brier_scores(y, prob))
    assert res.mean_difference > 0 and res.pvalue < 0.01


# ------------------------------------------------------------------ reliability table


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 300), seeds, st.integers(1, 15), st.sampled_from(["quantile", "uniform"]), st.booleans())
def test_reliability_table_matches_sklearn_calibration_curve(n, seed, n_bins, strategy, rounded):
    rng = np.random.default_rng(seed)
    y, prob = _sample(rng, n)
    if rounded:  # many ties: quantile edges coincide and bins come out empty
        prob = np.round(prob, 1)
    table = reliability_table(y, prob, n_bins=n_bins, strategy=strategy)
    prob_true, prob_pred = calibration_curve(y, prob, n_bins=n_bins, strategy=strategy)
    np.testing.assert_allclose(table.observed, prob_true, rtol=1e-12)
    np.testing.assert_allclose(table.mean_prob, prob_pred, rtol=1e-12)
    assert table.count.sum() == n and (table.count > 0).all() and table.bin_edges.size == n_bins + 1
    lower, upper = table.bin_edges[table.bin_index], table.bin_edges[table.bin_index + 1]
    assert (lower <= table.mean_prob + 1e-12).all() and (table.mean_prob <= upper + 1e-12).all()
    # Wilson intervals: statsmodels' proportion_confint(method="wilson") is the oracle
    low, high = proportion_confint(np.rint(table.observed * table.count), table.count, alpha=0.05, method="wilson")
    np.testing.assert_allclose(table.low, low, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(table.high, high, rtol=1e-9, atol=1e-12)
    assert ((table.low <= table.observed) & (table.observed <= table.high)).all()


def test_reliability_table_confidence_and_printout():
    rng = np.random.default_rng(2)
    y, prob = _sample(rng, 500)
    table = reliability_table(y, prob, n_bins=8, strategy="uniform", confidence=0.9)
    k = np.rint(table.observed * table.count)
    low, high = proportion_confint(k, table.count, alpha=0.10, method="wilson")
    np.testing.assert_allclose((table.low, table.high), (low, high), rtol=1e-9, atol=1e-12)
    text = str(table)
    lines = text.splitlines()
    assert len(lines) == 2 + table.count.size and max(len(line) for line in lines) <= 74
    assert "uniform" in lines[0] and "90 % Wilson" in lines[0] and lines[2].lstrip().startswith("[0.000, 0.125]")
    wide = str(reliability_table(y, prob, n_bins=100, confidence=0.999))
    assert max(len(line) for line in wide.splitlines()) <= 74
    with pytest.raises(ValueError, match="read-only"):
        table.count[0] = 3
    with pytest.raises(AttributeError):
        table.strategy = "quantile"


def test_plot_reliability():
    rng = np.random.default_rng(3)
    y, prob = _sample(rng, 200)
    table = reliability_table(y, prob, n_bins=5)
    ax = plot_reliability(table)
    low, high = ax.get_xlim()
    assert low < 0.0 and high > 1.0 and ax.get_ylim() == (low, high)  # bins at 0 or 1 are not cut
    assert ax.get_ylabel() == "observed fraction positive"
    assert len(ax.lines) >= 2  # the diagonal and the points
    points = [line for line in ax.lines if line.get_marker() == "o"]
    assert len(points) == 1
    np.testing.assert_allclose(points[0].get_xdata(), table.mean_prob)
    np.testing.assert_allclose(points[0].get_ydata(), table.observed)
    bars = ax.containers[0].lines[2][0].get_segments()  # the Wilson intervals as vertical segments
    np.testing.assert_allclose([seg[:, 1] for seg in bars], np.column_stack([table.low, table.high]))
    fig, given_ax = plt.subplots()
    assert plot_reliability(table, ax=given_ax) is given_ax
    with pytest.raises(TypeError, match="ax must be a matplotlib Axes"):
        plot_reliability(table, ax=fig)
    with pytest.raises(TypeError, match="table must be a ReliabilityTable"):
        plot_reliability(calibration_test(y, prob))
    plt.close("all")


# ------------------------------------------------------------------ results, inputs, bad input


def test_result_fields_and_no_single_effect():
    y, prob = _sample(np.random.default_rng(6), 40)
    prob_before, y_before = prob.copy(), y.copy()
    res = calibration_test(y, prob)
    reliability_table(y, prob)
    log_losses(y, prob, eps=0.01)
    np.testing.assert_array_equal(prob, prob_before)
    np.testing.assert_array_equal(y, y_before)
    assert isinstance(res, CalibrationResult) and res.effect_interval is None
    assert all(isinstance(getattr(res, f), float) for f in ("statistic", "pvalue", "brier_score", "expected_brier"))
    assert max(len(line) for line in str(res).splitlines()) <= 74
    assert isinstance(reliability_table(y, prob), ReliabilityTable)


FUNCTIONS = [brier_scores, log_losses, calibration_test, reliability_table]


@pytest.mark.parametrize("function", FUNCTIONS, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"prob": [0.2, 1.2, 0.5]}, ValueError, r"prob must lie in \[0, 1\], got 1.2 at index 1"),
        ({"prob": [0.2, -0.1, 0.5]}, ValueError, "prob must lie in"),
        ({"prob": [0.2, float("nan"), 0.5]}, ValueError, "prob contains NaN"),
        ({"prob": [0.2, 0.5]}, ValueError, "same length"),
        ({"prob": [[0.2, 0.5, 0.1]]}, ValueError, "prob must be 1-D"),
        ({"prob": [0.2j, 0.5, 0.1]}, TypeError, "prob holds complex"),
        ({"prob": [True, False, True]}, TypeError, "prob must hold numbers"),
        ({"prob": None}, TypeError, "prob"),
        ({"y_true": [0, 1, 2]}, ValueError, "two classes"),
        ({"y_true": [0, 1, float("nan")]}, ValueError, "y_true contains NaN"),
        ({"y_true": []}, ValueError, "y_true is empty"),
        ({"y_true": ["a", "b", "a"]}, ValueError, "positive=1 is not a label"),
        ({"y_true": ["a", "a", "a"]}, TypeError, "positive=1 cannot be a label"),
    ],
)
def test_bad_input(function, kwargs, error, words):
    args = {"y_true": [0, 1, 1], "prob": [0.2, 0.7, 0.5]}
    args.update(kwargs)
    with pytest.raises(error, match=words):
        function(**args)


@pytest.mark.parametrize(
    "function, kwargs, error, words",
    [
        (log_losses, {"eps": 0.5}, ValueError, r"eps must lie in \(0, 0.5\)"),
        (log_losses, {"eps": 0.0}, ValueError, "eps must lie in"),
        (log_losses, {"eps": "tiny"}, TypeError, "eps"),
        (reliability_table, {"n_bins": 0}, ValueError, "n_bins must be >= 1"),
        (reliability_table, {"n_bins": 2.5}, ValueError, "n_bins must be a whole number"),
        (reliability_table, {"strategy": "equal"}, ValueError, "strategy must be one of"),
        (reliability_table, {"confidence": 95}, ValueError, "confidence must lie in"),
    ],
)
def test_bad_options(function, kwargs, error, words):
    with pytest.raises(error, match=words):
        function([0, 1, 1], [0.2, 0.7, 0.5], **kwargs)


def test_printed_bins_stay_distinct_near_0_and_1():
    # a confident model's quantile edges crowd within 1e-12 of 0 and 1 (naive Bayes in chapter 9): at three
    # decimals two different bins both printed "(1.000, 1.000]" (walk-through of issue 27)
    rng = np.random.default_rng(4)
    prob = np.concatenate([1 - 10.0 ** -rng.uniform(3, 14, 300), 10.0 ** -rng.uniform(3, 14, 300)])
    y = (rng.random(600) < prob).astype(int)
    table = reliability_table(y, prob, n_bins=8)
    rows = str(table).splitlines()[2:]
    names = [row.split("  ")[1].strip() for row in rows]
    assert len(set(names)) == len(names) == table.count.size, names
    assert all(len(line) <= 74 for line in str(table).splitlines())
    assert any(name.endswith("1.000]") or "1-" in name for name in names)
