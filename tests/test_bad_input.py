"""Bad input raises ValueError/TypeError naming the argument and the value."""

import numpy as np
import pytest

from lecture_lib import (
    mcnemar,
    mcnemar_pvalue_grid,
    mcnemar_pvalues,
    mcnemar_rejection_probability,
    mcnemar_table,
    mcnemar_tables,
    plot_mcnemar_pvalue_heatmap,
    plot_mcnemar_rejection_curves,
    plot_rejection_rates,
    predictions_from_table,
    proportion_interval,
    simulate_mcnemar,
)
from lecture_lib.examples import mcnemar_example
from lecture_lib.widgets import mcnemar_report

Y = [0, 1, 1, 0]


@pytest.mark.parametrize(
    "args, error, match",
    [
        (([], [], []), ValueError, "y_true is empty"),
        ((Y, [0, 1, 1], Y), ValueError, "same length: y_true has 4, y_pred_1 has 3, y_pred_2 has 4"),
        ((Y, Y, [0, 1]), ValueError, "y_pred_2 has 2"),
        (([[0, 1], [1, 0]], Y, Y), ValueError, r"y_true must be 1-D, got an array of shape \(2, 2\)"),
        ((Y, [[0, 1, 1, 0]], Y), ValueError, r"y_pred_1 must be 1-D"),
        (([0.0, np.nan, 1.0, 0.0], Y, Y), ValueError, "y_true contains NaN"),
        ((Y, Y, [0.0, 1.0, np.nan, 1.0]), ValueError, r"y_pred_2 contains NaN \(first at index 2\)"),
        ((None, Y, Y), TypeError, "y_true must be a 1-D array of labels, got None"),
        ((5, Y, Y), TypeError, "y_true must be a 1-D array of labels, got the scalar 5"),
        ((Y, ["a", "b", "a", "b"], Y), TypeError, "y_pred_1 holds text labels"),
        (([None, 1, 0, 1], Y, Y), ValueError, "y_true contains a missing label None at index 0"),
    ],
)
def test_mcnemar_table_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        mcnemar_table(*args)


def test_mcnemar_tables_bad_input():
    with pytest.raises(ValueError, match="at least two models are needed, got 1"):
        mcnemar_tables(Y, Y)
    with pytest.raises(ValueError, match=r"y_preds\[2\] has 3"):
        mcnemar_tables(Y, Y, Y, [0, 1, 1])


@pytest.mark.parametrize(
    "table, error, match",
    [
        ([[1, 2], [3]], ValueError, "table must be a 2x2 array of counts"),
        ([[1, 2, 3], [4, 5, 6]], ValueError, r"table must have shape \(2, 2\), got \(2, 3\)"),
        ([1, 2, 3, 4], ValueError, r"table must have shape \(2, 2\), got \(4,\)"),
        ([[1, -2], [3, 4]], ValueError, r"non-negative counts, got \[\[1, -2\], \[3, 4\]\]"),
        ([[1, 2.5], [3, 4]], ValueError, r"whole-number counts, got \[\[1.0, 2.5\]"),
        ([[1, np.nan], [3, 4]], ValueError, "finite counts"),
        ([[1, np.inf], [3, 4]], ValueError, "finite counts"),
        ([[True, False], [False, True]], TypeError, "table must hold counts, got booleans"),
        ([["a", "b"], ["c", "d"]], TypeError, "numeric counts, got dtype <U1"),
        (None, TypeError, "table must be a 2x2 array of counts, got None"),
        ("abcd", TypeError, "got 'abcd'"),
        ([], ValueError, r"table must have shape \(2, 2\), got \(0,\)"),
    ],
)
def test_mcnemar_bad_table(table, error, match):
    with pytest.raises(error, match=match):
        mcnemar(table)


def test_mcnemar_bad_method():
    with pytest.raises(
        ValueError, match=r"method must be one of \('chi2', 'corrected', 'exact', 'midp', 'textbook'\), got 'fisher'"
    ):
        mcnemar([[1, 2], [3, 4]], method="fisher")
    with pytest.raises(TypeError, match="method must be one of .* got True"):
        mcnemar([[1, 2], [3, 4]], method=True)
    with pytest.raises(ValueError, match="method must be one of"):
        mcnemar_pvalues(1, 2, method="Exact")


def test_mcnemar_pvalues_bad_counts():
    with pytest.raises(ValueError, match=r"b must be >= 0, got \[-1, 2\]"):
        mcnemar_pvalues([-1, 2], [1, 2])
    with pytest.raises(ValueError, match=r"c must hold whole numbers, got \[1.5, 2\]"):
        mcnemar_pvalues([1, 2], [1.5, 2])


@pytest.mark.parametrize("alpha", [0, 1, -0.1, 1.5, float("nan")])
def test_alpha_outside_unit_interval(alpha):
    with pytest.raises(ValueError, match="alpha must lie in"):
        mcnemar_rejection_probability(10, alpha=alpha)
    with pytest.raises(ValueError, match="alpha must lie in"):
        simulate_mcnemar(100, 0.1, alpha=alpha, n_reps=10)
    with pytest.raises(ValueError, match="alpha must lie in"):
        mcnemar_report(1, 2, alpha=alpha)


def test_alpha_wrong_type():
    with pytest.raises(TypeError, match="alpha must be a number, got '0.05'"):
        mcnemar_rejection_probability(10, alpha="0.05")


def test_simulation_bad_input():
    with pytest.raises(ValueError, match="n_test must be >= 1, got 0"):
        simulate_mcnemar(0, 0.1)
    with pytest.raises(ValueError, match=r"p_discordant must lie in \[0, 1\], got 1.5"):
        simulate_mcnemar(10, 1.5)
    with pytest.raises(ValueError, match="n_reps must be >= 1, got 0"):
        simulate_mcnemar(10, 0.1, n_reps=0)
    with pytest.raises(TypeError, match="n_reps must be an integer count, got '10'"):
        simulate_mcnemar(10, 0.1, n_reps="10")
    with pytest.raises(ValueError, match="methods must be one of"):
        simulate_mcnemar(10, 0.1, methods=("chi2", "wald"))
    with pytest.raises(ValueError, match="methods must name at least one variant"):
        simulate_mcnemar(10, 0.1, methods=())
    with pytest.raises(TypeError, match="seed must be an int"):
        simulate_mcnemar(10, 0.1, seed="one")
    with pytest.raises(ValueError, match="seed must be non-negative, got -3"):
        simulate_mcnemar(10, 0.1, seed=-3)
    with pytest.raises(ValueError, match="n_discordant must be >= 0, got -1"):
        mcnemar_rejection_probability(-1)
    with pytest.raises(ValueError, match="n_discordant must hold whole numbers, got 2.5"):
        mcnemar_rejection_probability(2.5)
    with pytest.raises(ValueError, match=r"p_b must lie in \[0, 1\]"):
        mcnemar_rejection_probability(10, p_b=-0.2)


def test_wilson_bad_input():
    with pytest.raises(ValueError, match=r"successes must not exceed n, got successes = 11 with n = 10"):
        proportion_interval(11, 10)
    with pytest.raises(ValueError, match="n must be >= 1, got 0"):
        proportion_interval(0, 0)
    with pytest.raises(ValueError, match=r"confidence must lie in \(0, 1\), got 95.0"):
        proportion_interval(1, 10, confidence=95)


def test_plot_bad_input():
    with pytest.raises(ValueError, match="max_count must be >= 1, got 0"):
        mcnemar_pvalue_grid(0)
    with pytest.raises(ValueError, match=r"method must be one of \('chi2', 'corrected', 'midp'\), got 'exact'"):
        plot_mcnemar_pvalue_heatmap(10, "exact")
    with pytest.raises(ValueError, match="methods must be one of"):
        plot_mcnemar_rejection_curves(10, methods=("z",))
    with pytest.raises(TypeError, match="result must be a RejectionRates, got dict"):
        plot_rejection_rates({})


def test_examples_and_report_bad_input():
    with pytest.raises(ValueError, match="key must be one of .* got 'panel_c'"):
        mcnemar_example("panel_c")
    with pytest.raises(ValueError, match="n_classes must be >= 2, got 1"):
        predictions_from_table([[1, 1], [1, 1]], n_classes=1)
    with pytest.raises(ValueError, match="table is all zeros"):
        predictions_from_table([[0, 0], [0, 0]])
    with pytest.raises(ValueError, match="n must be at least b \\+ c = 30, got 20"):
        mcnemar_report(10, 20, n=20)
    with pytest.raises(ValueError, match="b must be >= 0, got -1"):
        mcnemar_report(-1, 2)
    with pytest.raises(TypeError, match="c must be an integer count, got True"):
        mcnemar_report(1, True)
