"""Chapter 3: Cochran's Q, pairwise McNemar post-hoc tests, family-wise error.

Oracles: mlxtend.evaluate.cochrans_q, statsmodels' cochrans_q (on the correctness
matrix) and multipletests; the worked example of seed 004; Cochran's (1950) formula.
"""

import collections
import dataclasses
import itertools
import warnings

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from mlxtend.evaluate import cochrans_q as mlxtend_cochrans_q  # noqa: E402
from scipy import stats  # noqa: E402
from statsmodels.stats.contingency_tables import cochrans_q as statsmodels_cochrans_q  # noqa: E402
from statsmodels.stats.multitest import multipletests  # noqa: E402

from lecture_lib import (  # noqa: E402
    CochranQResult,
    FamilywiseError,
    PairwiseMcNemarResult,
    cochran_example,
    cochran_examples,
    cochrans_q,
    correctness_matrix,
    familywise_error,
    mcnemar,
    mcnemar_table,
    pairwise_mcnemar,
    plot_familywise_error,
    simulate_near_duplicates,
    source_notes,
)
from lecture_lib import widgets as lw  # noqa: E402
from lecture_lib._results import Interval  # noqa: E402

SEED004 = "seed004_kuncheva_three_models"


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def random_models(seed, n=None, k=None, n_classes=None):
    """Labels and k correlated classifiers of unequal accuracy on n examples."""
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 300)) if n is None else n
    k = int(rng.integers(2, 9)) if k is None else k
    n_classes = int(rng.integers(2, 5)) if n_classes is None else n_classes
    y = rng.integers(0, n_classes, n)
    hardness = rng.random(n)  # shared difficulty: the models tend to err together
    preds = []
    for _ in range(k):
        skill = rng.uniform(0.2, 0.95)
        right = rng.random(n) < np.where(hardness < skill, 0.95, 0.3)
        preds.append(np.where(right, y, (y + rng.integers(1, n_classes, n)) % n_classes))
    return y, preds


# ----------------------------------------------------------------------------- seed 004


def test_seed004_arrays_give_the_printed_pattern_table():
    ex = cochran_example(SEED004)
    correct = correctness_matrix(ex.y_true, *ex.y_preds)
    counts = collections.Counter("".join(str(int(v)) for v in row) for row in correct)
    # seed 004's table: 111:80, 110:2, 101:0, 100:2, 011:9, 010:1, 001:3, 000:3
    assert {p: counts.get(p, 0) for p in ex.pattern_counts} == ex.pattern_counts
    assert ex.pattern_counts == {"111": 80, "110": 2, "101": 0, "100": 2, "011": 9, "010": 1, "001": 3, "000": 3}
    assert ex.n == 100 == sum(ex.pattern_counts.values())


def test_seed004_every_printed_value_reproduced():
    ex = cochran_example(SEED004)
    three = cochrans_q(ex.y_true, *ex.y_preds)
    two = cochrans_q(ex.y_true, *ex.y_preds[:2])
    mc = mcnemar(mcnemar_table(ex.y_true, *ex.y_preds[:2]), "chi2")
    computed = {
        "accuracy_1": three.accuracies[0],
        "accuracy_2": three.accuracies[1],
        "accuracy_3": three.accuracies[2],
        "statistic": three.statistic,
        "pvalue": three.pvalue,
        "statistic_two_models": two.statistic,
        "pvalue_two_models": two.pvalue,
        "mcnemar_chi2_models_1_2": mc.statistic,
        "mcnemar_pvalue_models_1_2": mc.pvalue,
    }
    assert set(ex.printed) == set(computed)
    for name, printed in ex.printed.items():
        assert round(computed[name], ex.decimals[name]) == pytest.approx(printed), name
    assert three.df == 2 and two.df == 1  # seed 004: L - 1 = 2 degrees of freedom
    assert three.n_informative == 100 - 80 - 3  # patterns 111 and 000 carry no evidence


def test_seed004_step_by_step_terms():
    # seed 004: Q = 2 * (3 * (84^2 + 92^2 + 92^2) - 268^2) / (3 * 268 - (80*9 + 11*4 + 6*1))
    ex = cochran_example(SEED004)
    correct = correctness_matrix(ex.y_true, *ex.y_preds).astype(int)
    G, L = correct.sum(axis=0), correct.sum(axis=1)
    assert G.tolist() == [84, 92, 92] and G.sum() == L.sum() == 268
    assert np.sum(L**2) == 80 * 9 + 11 * 4 + 6 * 1 == 770
    numerator, denominator = 3 * np.sum(G**2) - 268**2, 3 * 268 - 770
    assert (numerator, denominator) == (128, 34)
    assert cochrans_q(ex.y_true, *ex.y_preds).statistic == pytest.approx(2 * 128 / 34, rel=1e-15)


def test_note_seed004_kuncheva_q_typo():
    # note key: seed004-kuncheva-q-typo (an erratum until the November 2026 review): seed 004
    # itself says that Kuncheva (2004) prints 3.7647 and that 7.5294 is right
    note = {n.key: n for n in source_notes()}["seed004-kuncheva-q-typo"]
    assert "3.7647" in note.says and "7.5294" in note.says and "7.5294" in note.note
    ex = cochran_example(SEED004)
    result = cochrans_q(ex.y_true, *ex.y_preds)
    assert round(result.statistic, 4) == 7.5294 != 3.7647
    # the typo is the ratio without the factor (L - 1) = 2
    assert round(result.statistic / (result.n_models - 1), 4) == 3.7647
    # and it would reverse the decision at the 5 % level (p = 0.152 instead of 0.023)
    assert round(stats.chi2.sf(3.7647, 2), 3) == 0.152
    assert result.pvalue < 0.05 < stats.chi2.sf(3.7647, 2)


def test_erratum_seed000_cochran_df_letter():
    # seed000-cochran-df-letter: the reference distribution has k - 1 df for k models
    for k in range(2, 7):
        y, preds = random_models(100 + k, n=150, k=k)
        result = cochrans_q(y, *preds)
        assert result.n_models == k and result.df == k - 1
        assert result.pvalue == pytest.approx(stats.chi2.sf(result.statistic, k - 1), rel=1e-12, abs=1e-300)


def test_cochran_examples_loader():
    assert sorted(cochran_examples()) == [SEED004]
    ex = cochran_example(SEED004)
    with pytest.raises(ValueError, match="read-only"):
        ex.y_preds[0][0] = 5
    with pytest.raises(ValueError, match=r"key must be one of \('seed004_kuncheva_three_models',\), got 'nope'"):
        cochran_example("nope")


# ----------------------------------------------------------------------------- formula and oracles


@pytest.mark.parametrize("seed", range(150))
def test_matches_mlxtend_and_statsmodels(seed):
    y, preds = random_models(seed)
    ours = cochrans_q(y, *preds)
    correct = np.column_stack([p == y for p in preds])
    if ours.n_informative == 0:
        # both oracles divide 0 by 0 here; we return the documented 0 and 1
        assert (ours.statistic, ours.pvalue) == (0.0, 1.0)
        return
    q_mlx, p_mlx = mlxtend_cochrans_q(y, *preds)
    sm = statsmodels_cochrans_q(correct.astype(int))
    assert ours.statistic == pytest.approx(q_mlx, rel=1e-9, abs=1e-12)
    assert ours.pvalue == pytest.approx(p_mlx, rel=1e-9, abs=1e-15)
    assert ours.statistic == pytest.approx(sm.statistic, rel=1e-9, abs=1e-12)
    assert ours.pvalue == pytest.approx(sm.pvalue, rel=1e-9, abs=1e-15)
    assert ours.df == sm.df == len(preds) - 1


@pytest.mark.parametrize("seed", range(60))
def test_two_models_equal_uncorrected_mcnemar(seed):
    y, preds = random_models(seed, k=2)
    ours = cochrans_q(y, *preds)
    mc = mcnemar(mcnemar_table(y, *preds), "chi2")
    assert ours.statistic == pytest.approx(mc.statistic, rel=1e-12, abs=1e-12)
    assert ours.pvalue == pytest.approx(mc.pvalue, rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("seed", range(30))
def test_deviation_form_and_invariances(seed):
    y, preds = random_models(seed, n=200)
    ours = cochrans_q(y, *preds)
    correct = np.column_stack([p == y for p in preds]).astype(float)
    k = correct.shape[1]
    G, L = correct.sum(axis=0), correct.sum(axis=1)
    # Cochran (1950): Q = k (k - 1) sum (G_i - mean G)^2 / sum L_j (k - L_j)
    denominator = np.sum(L * (k - L))
    expected = k * (k - 1) * np.sum((G - G.mean()) ** 2) / denominator if denominator else 0.0
    assert ours.statistic == pytest.approx(expected, rel=1e-12, abs=1e-12)
    rng = np.random.default_rng(seed)
    # order of the models and of the examples does not matter
    order = rng.permutation(y.size)
    shuffled = cochrans_q(y[order], *[p[order] for p in preds[::-1]])
    assert shuffled.statistic == pytest.approx(ours.statistic, rel=1e-12, abs=1e-12)
    # examples that all models get right (or all wrong) change nothing but n
    extra = np.full(50, 7)
    padded = cochrans_q(np.r_[y, extra, extra], *[np.r_[p, extra, extra + 1] for p in preds])
    assert padded.statistic == pytest.approx(ours.statistic, rel=1e-12, abs=1e-12)
    assert padded.n_informative == ours.n_informative and padded.n_examples == y.size + 100
    # labels may be text
    names = np.array(list("abcdefg"))
    as_text = cochrans_q(names[y], *[names[p] for p in preds])
    assert as_text.statistic == ours.statistic


def test_large_input_matches_statsmodels():
    rng = np.random.default_rng(7)
    n, k = 1_000_000, 10
    y = rng.integers(0, 3, n)
    preds = [np.where(rng.random(n) < 0.80 + 0.002 * i, y, (y + 1) % 3) for i in range(k)]
    ours = cochrans_q(y, *preds)
    sm = statsmodels_cochrans_q(np.column_stack([p == y for p in preds]).astype(np.int8))
    assert ours.statistic == pytest.approx(sm.statistic, rel=1e-9)
    assert ours.pvalue == pytest.approx(sm.pvalue, rel=1e-9, abs=1e-300)
    assert ours.n_examples == n and len(ours.accuracies) == k


@pytest.mark.parametrize(
    "y, preds",
    [
        ([0, 1, 2], [[0, 1, 2], [0, 1, 2], [0, 1, 2]]),  # all right
        ([0, 1, 2], [[1, 2, 0], [2, 0, 1]]),  # all wrong
        ([0, 1, 2, 3], [[0, 1, 0, 0], [0, 1, 1, 1], [0, 1, 3, 2]]),  # each example all-right or all-wrong
        ([5], [[5], [5]]),  # one example
    ],
)
def test_degenerate_inputs_give_zero_and_one(y, preds):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = cochrans_q(np.array(y), *[np.array(p) for p in preds])
    assert (result.statistic, result.pvalue, result.n_informative) == (0.0, 1.0, 0)
    assert result.df == len(preds) - 1


def test_oracles_divide_zero_by_zero_where_we_return_zero_and_one():
    # no informative example: mlxtend and statsmodels return nan (with a RuntimeWarning)
    y = np.array([0, 1, 2, 3])
    preds = [np.array([0, 1, 0, 0]), np.array([0, 1, 1, 1]), np.array([0, 1, 3, 2])]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        assert np.isnan(mlxtend_cochrans_q(y, *preds)[0])
        assert np.isnan(statsmodels_cochrans_q(np.column_stack([p == y for p in preds]).astype(int)).statistic)
    result = cochrans_q(y, *preds)
    assert (result.statistic, result.pvalue) == (0.0, 1.0)


def test_result_is_frozen_and_readable():
    result = cochrans_q([0, 0, 1, 1], [0, 1, 1, 1], [1, 1, 0, 1], [0, 0, 1, 0])
    assert isinstance(result, CochranQResult)
    assert all(isinstance(v, float) for v in (result.statistic, result.pvalue))
    assert isinstance(result.df, int) and 0.0 <= result.pvalue <= 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.statistic = 3.0
    text = str(result)
    assert text.startswith("CochranQResult") and "n_informative" in text and "accuracies" in text


def test_correctness_matrix():
    correct = correctness_matrix(["a", "b", "c"], ["a", "x", "c"], ["y", "b", "c"])
    assert correct.dtype == bool and correct.shape == (3, 2)
    assert correct.tolist() == [[True, False], [False, True], [True, True]]


Y = np.array([0, 1, 1, 0])


@pytest.mark.parametrize(
    "args, error, match",
    [
        ((Y,), ValueError, "y_preds: at least two models are needed, got 0"),
        ((Y, Y), ValueError, "y_preds: at least two models are needed, got 1"),
        ((Y, np.ones((3, 4))), ValueError, r"one argument of shape \(3, 4\); pass each model's predictions"),
        ((Y, Y, [0, 1, 1]), ValueError, "same length: y_true has 4, y_preds\\[0\\] has 4, y_preds\\[1\\] has 3"),
        (([], [], []), ValueError, "y_true is empty"),
        ((Y, Y, [0.0, np.nan, 1.0, 0.0]), ValueError, r"y_preds\[1\] contains NaN \(first at index 1\)"),
        (([0.0, np.inf, np.nan, 1.0], Y, Y), ValueError, "y_true contains NaN"),
        ((Y, [[0, 1, 1, 0]], Y), ValueError, r"y_preds\[0\] must be 1-D"),
        ((np.ones((2, 2)), Y, Y), ValueError, r"y_true must be 1-D, got an array of shape \(2, 2\)"),
        ((None, Y, Y), TypeError, "y_true must be a 1-D array of labels, got None"),
        ((Y, Y, 3), TypeError, r"y_preds\[1\] must be a 1-D array of labels, got the scalar 3"),
        ((Y, ["a", "b", "a", "b"], Y), TypeError, r"y_preds\[0\] holds text labels"),
    ],
)
@pytest.mark.parametrize("func", [cochrans_q, correctness_matrix, pairwise_mcnemar])
def test_bad_input(func, args, error, match):
    with pytest.raises(error, match=match):
        func(*args)


# ----------------------------------------------------------------------------- pairwise post hoc


@pytest.mark.parametrize("method", ["textbook", "chi2", "corrected", "exact", "midp"])
@pytest.mark.parametrize("adjust", ["holm", "bonferroni"])
@pytest.mark.parametrize("seed", range(8))
def test_pairwise_matches_mcnemar_and_multipletests(seed, adjust, method):
    y, preds = random_models(seed, n=250)
    result = pairwise_mcnemar(y, *preds, method=method, adjust=adjust, alpha=0.05)
    k = len(preds)
    assert result.pairs == tuple(itertools.combinations(range(k), 2))
    for idx, (i, j) in enumerate(result.pairs):
        single = mcnemar(mcnemar_table(y, preds[i], preds[j]), method)
        assert (result.b[idx], result.c[idx]) == (single.b, single.c)
        assert result.statistic[idx] == single.statistic
        assert result.pvalue[idx] == single.pvalue
        assert result.methods[idx] == single.method
    expected = multipletests(result.pvalue, alpha=0.05, method=adjust)
    np.testing.assert_allclose(result.pvalue_adjusted, expected[1], rtol=0, atol=1e-12)
    np.testing.assert_array_equal(result.reject, expected[0])


@pytest.mark.parametrize("seed", range(20))
def test_holm_rejects_everything_bonferroni_rejects(seed):
    y, preds = random_models(seed, n=300, k=6)
    holm = pairwise_mcnemar(y, *preds, adjust="holm")
    bonf = pairwise_mcnemar(y, *preds, adjust="bonferroni")
    assert np.all(holm.pvalue_adjusted <= bonf.pvalue_adjusted + 1e-15)
    assert np.all(holm.reject >= bonf.reject)


def test_holm_can_reject_more_than_bonferroni():
    # A is wrong only on example 399; B is wrong on 0..11 and 399; C is wrong on 12..20.
    # A vs B: b = 12, c = 0, exact p = 2 / 2^12 = 0.000488; A vs C: b = 9, c = 1,
    # exact p = 2 * 11 / 2^10 = 0.0215, between alpha / 3 and alpha / 2: Holm rejects it
    # (0.0215 * 2 = 0.043), Bonferroni does not (0.0215 * 3 = 0.064).
    y = np.zeros(400, dtype=int)
    a, b, c = (np.zeros(400, dtype=int) for _ in range(3))
    a[399] = 1
    b[list(range(12)) + [399]] = 1
    c[12:21] = 1
    holm = pairwise_mcnemar(y, a, b, c, method="exact", adjust="holm")
    bonf = pairwise_mcnemar(y, a, b, c, method="exact", adjust="bonferroni")
    assert (holm.b[1], holm.c[1]) == (9, 1)
    assert holm.pvalue[1] == pytest.approx(22 / 1024)
    assert holm.reject.tolist() == [True, True, False]
    assert bonf.reject.tolist() == [True, False, False]


def test_pairwise_result_table_and_html():
    ex = cochran_example(SEED004)
    result = pairwise_mcnemar(ex.y_true, *ex.y_preds, method="chi2", names=["M1", "M2", "M3"])
    assert isinstance(result, PairwiseMcNemarResult) and result.n_comparisons == 3
    # seed 004's models 1 and 2: b = 2, c = 10, chi2 = 5.333 (the seed's McNemar value)
    assert (result.b[0], result.c[0]) == (2, 10) and round(result.statistic[0], 3) == 5.333
    lines = str(result).splitlines()
    assert len(lines) == 2 + 1 + 3 + 1  # title, header, rule, three pairs, the intervals' note
    assert lines[-1].startswith("Differences: Bonett-Price intervals, each at 98.33 %")
    assert lines[1].split()[:2] == ["model", "i"] and "p holm" in lines[1]
    assert lines[3].startswith("M1") and "M2" in lines[3] and "M3" in lines[5]
    assert all(line == line.rstrip() for line in lines)
    # columns are aligned: the raw p-value column ends at the same place in every row
    ends = {line.index(f"{p:.4f}") + 6 for line, p in zip(lines[3:6], result.pvalue)}
    assert len(ends) == 1
    html = result._repr_html_()
    assert html.count("<tr>") == 4 and "M3" in html and "holm" in html
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.alpha = 0.1
    with pytest.raises(ValueError, match="read-only"):
        result.pvalue_adjusted[0] = 0.0


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"method": "fisher"}, ValueError,
         r"method must be one of \('chi2', 'corrected', 'exact', 'midp', 'textbook'\)"),
        ({"method": "auto"}, ValueError, r"got 'auto': that option was removed. Use 'textbook'"),
        ({"adjust": "sidak"}, ValueError,
         r"adjust must be one of \('bonferroni', 'holm', 'hochberg', 'hommel', 'bh', 'by'\), got 'sidak'"),
        ({"alpha": 0.0}, ValueError, r"alpha must lie in \(0, 1\), got 0.0"),
        ({"alpha": 1.5}, ValueError, "alpha must lie in"),
        ({"alpha": "0.05"}, TypeError, "alpha must be a number"),
        ({"names": ["a", "b"]}, ValueError, r"names must have one entry per model \(3\), got 2"),
        ({"names": ["a", "a", "b"]}, ValueError, "names must be distinct"),
        ({"names": "abc"}, TypeError, "names must be a sequence of 3 strings, got the string 'abc'"),
        ({"names": [1, 2, 3]}, TypeError, "names must be strings"),
    ],
)
def test_pairwise_bad_options(kwargs, error, match):
    with pytest.raises(error, match=match):
        pairwise_mcnemar(Y, Y, Y, 1 - Y, **kwargs)


def test_pairwise_and_familywise_default_to_midp():
    y, preds = random_models(3, n=200, k=4)
    assert pairwise_mcnemar(y, *preds).methods == ("midp",) * 6
    assert familywise_error(3, n_sim=100, seed=0).method == "midp"
    assert familywise_error(3, n_sim=100, seed=0) == familywise_error(3, n_sim=100, seed=0, method="midp")


def test_pairwise_no_disagreement():
    result = pairwise_mcnemar(Y, Y, Y)
    assert (result.b[0], result.c[0], result.pvalue[0], result.pvalue_adjusted[0]) == (0, 0, 1.0, 1.0)
    assert not result.reject[0]


# ----------------------------------------------------------------------------- family-wise error


def test_familywise_formula_and_bound():
    result = familywise_error(5, alpha=0.05, n_sim=200, seed=1)
    assert isinstance(result, FamilywiseError) and result.n_pairs == 10
    # 1 - 0.95^10 = 0.40126 (independent tests); Bonferroni bound 10 * 0.05 = 0.5
    assert round(result.independent, 5) == 0.40126
    assert result.bonferroni_bound == pytest.approx(0.5)
    assert familywise_error(10, alpha=0.05, n_sim=50).bonferroni_bound == 1.0  # 45 * 0.05 capped at 1


def test_familywise_is_reproducible_and_seeded():
    a = familywise_error(4, n_sim=300, seed=3)
    b = familywise_error(4, n_sim=300, seed=3)
    c = familywise_error(4, n_sim=300, seed=np.random.default_rng(3))
    assert a == b == c
    assert familywise_error(4, n_sim=300, seed=4) != a


@pytest.mark.parametrize("k", [2, 3, 6])
def test_familywise_procedures(k):
    # the uncorrected McNemar test, so that with k = 2 it is Cochran's Q (checked below)
    result = familywise_error(k, alpha=0.05, n_sim=4000, seed=11, method="chi2")
    se = result.monte_carlo_se
    # under the complete null Holm and Bonferroni reject something in exactly the same test sets
    assert result.holm == result.bonferroni
    assert result.bonferroni <= result.unadjusted
    assert result.omnibus_gate <= min(result.unadjusted, result.cochran)
    assert result.bonferroni <= 0.05 + 3 * se  # FWER control
    assert result.unadjusted <= result.independent + 3 * se  # positively dependent tests
    assert abs(result.cochran - 0.05) < 4 * se  # Q keeps its level under H0 (chi-squared, k - 1 df)
    if k == 2:
        # one pair: McNemar's chi2 is Cochran's Q, so all procedures coincide
        assert result.unadjusted == result.cochran == result.omnibus_gate == result.bonferroni
    else:
        assert result.unadjusted > 0.05 + 4 * se  # the multiple-comparisons problem


def test_familywise_simulation_agrees_with_a_loop_over_public_functions():
    # same random draws, analysed one test set at a time with cochrans_q, mcnemar, adjust_pvalues
    k, n_sim, n, acc, rho, alpha = 4, 40, 60, 0.8, 0.3, 0.1
    result = familywise_error(k, alpha=alpha, n_sim=n_sim, seed=np.random.default_rng(5), n_examples=n,
                              accuracy=acc, correlation=rho, method="exact")
    rng = np.random.default_rng(5)
    scale = (1 - rho) / rho
    p = rng.beta(acc * scale, (1 - acc) * scale, size=(n_sim, n, 1))
    correct = rng.random((n_sim, n, k)) < p
    counts = collections.Counter()
    y = np.zeros(n, dtype=int)
    for s in range(n_sim):
        preds = [np.where(correct[s, :, i], 0, 1) for i in range(k)]
        pair = pairwise_mcnemar(y, *preds, method="exact", adjust="holm", alpha=alpha)
        q = cochrans_q(y, *preds)
        counts["unadjusted"] += bool(np.any(pair.pvalue <= alpha))
        counts["holm"] += bool(np.any(pair.reject))
        counts["cochran"] += q.pvalue <= alpha
        counts["gate"] += bool(q.pvalue <= alpha and np.any(pair.pvalue <= alpha))
    assert result.unadjusted == counts["unadjusted"] / n_sim
    assert result.holm == counts["holm"] / n_sim
    assert result.cochran == counts["cochran"] / n_sim
    assert result.omnibus_gate == counts["gate"] / n_sim


def test_familywise_independent_models():
    # correlation 0: the models err independently; the rates are still controlled
    result = familywise_error(3, alpha=0.05, n_sim=2000, seed=2, correlation=0.0)
    assert result.bonferroni <= 0.05 + 3 * result.monte_carlo_se


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        ({"n_models": 1}, ValueError, "n_models must be at least 2, got 1"),
        ({"n_models": 0}, ValueError, "n_models must be >= 1, got 0"),
        ({"n_models": 2.5}, ValueError, "n_models must be a whole number, got 2.5"),
        ({"n_models": 3, "alpha": 1.0}, ValueError, r"alpha must lie in \(0, 1\), got 1.0"),
        ({"n_models": 3, "n_sim": 0}, ValueError, "n_sim must be >= 1, got 0"),
        ({"n_models": 3, "n_examples": -5}, ValueError, "n_examples must be >= 1, got -5"),
        ({"n_models": 3, "accuracy": 1.0}, ValueError, r"accuracy must lie in \(0, 1\), got 1.0"),
        ({"n_models": 3, "correlation": 1.0}, ValueError, r"correlation must lie in \[0, 1\), got 1.0"),
        ({"n_models": 3, "correlation": -0.1}, ValueError, r"correlation must lie in \[0, 1\], got -0.1"),
        ({"n_models": 3, "method": "z"}, ValueError, "method must be one of"),
        ({"n_models": 3, "seed": "a"}, TypeError, "seed must be an int"),
        ({"n_models": 3, "seed": -1}, ValueError, "seed must be non-negative, got -1"),
    ],
)
def test_familywise_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        familywise_error(**kwargs)


# ----------------------------------------------------------------------------- widget and figure


def test_familywise_report_shows_the_numbers():
    result = familywise_error(6, alpha=0.1, n_sim=2000, seed=0)
    html = lw.familywise_report(6, 0.1, n_sim=2000, seed=0)
    assert "m = 15 pairs" in html and "alpha = 0.1" in html
    for value in (result.unadjusted, result.independent, result.bonferroni, result.holm, result.omnibus_gate):
        assert f"<td class='rate'>{value:.3f}</td>" in html
    assert html.count("<tr>") == 7
    with pytest.raises(ValueError, match="n_models must be at least 2"):
        lw.familywise_report(1)


def test_familywise_explorer_updates():
    box = lw.familywise_explorer(n_models=3, alpha=0.05, max_models=4, n_sim=300)
    k_slider, alpha_slider = box.children[0].children
    report = box.children[1]
    before = report.value
    assert "m = 3 pairs" in before
    k_slider.value = 4
    assert "m = 6 pairs" in report.value
    alpha_slider.value = 0.1
    assert report.value == lw.familywise_report(4, 0.1, n_sim=300, seed=0)


def test_plot_familywise_error():
    ax = plot_familywise_error(max_models=4, alpha=0.05, n_sim=300, seed=0, highlight=3)
    assert len(ax.get_lines()) == 5 + 2  # five curves, the alpha line and the highlight
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    unadjusted = ax.get_lines()[1].get_ydata()
    expected = [familywise_error(k, n_sim=300, seed=0).unadjusted for k in (2, 3, 4)]
    np.testing.assert_array_equal(unadjusted, expected)
    with pytest.raises(ValueError, match="max_models must be >= 2, got 1"):
        plot_familywise_error(max_models=1)


# ----------------------------------------------------------------------------- exact probabilities


def _within_row_permutations(correct):
    """Every equally likely within-row rearrangement of a correctness matrix (brute force)."""
    rows = [sorted(set(itertools.permutations(row))) for row in correct.tolist()]
    for choice in itertools.product(*rows):
        yield np.array(choice)


def _q(matrix):
    k = matrix.shape[1]
    G, L = matrix.sum(axis=0), matrix.sum(axis=1)
    T = G.sum()
    den = k * T - np.sum(L * L)
    return 0.0 if den == 0 else (k - 1) * (k * np.sum(G * G) - T * T) / den


def test_docstring_example_exact_permutation_probability_is_6_of_27():
    # Review A1: cochrans_q's docstring example (Q = 4.67, chi-squared p = 0.097) has three
    # informative rows; of their 3^3 = 27 equally likely within-row arrangements, 6 give a Q at
    # least as large: exact permutation probability 6/27 = 0.22, not "about 10 %".
    y = [0] * 6
    preds = ([0, 0, 0, 0, 1, 1], [0, 0, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1])
    result = cochrans_q(y, *preds)
    assert round(result.statistic, 4) == 4.6667 and round(result.pvalue, 3) == 0.097
    assert result.n_informative == 3
    correct = correctness_matrix(y, *preds).astype(int)
    arrangements = list(_within_row_permutations(correct))
    assert len(arrangements) == 27  # rows with L = 0 or 3 have one arrangement, the others three
    hits = sum(_q(m) >= result.statistic - 1e-12 for m in arrangements)
    assert hits == 6
    assert "6/27 = 0.22" in cochrans_q.__doc__


def test_seed004_exact_permutation_probabilities():
    # Chapter 3 (exercise 2 and the Holm bound, review A12): seed 004's 17 informative rows, six
    # with one right answer and eleven with two. The within-row permutation distribution
    # depends only on how many rows of each kind take each of their 3 arrangements, so it is
    # enumerated exactly over 28 x 78 multinomial compositions (instead of 3^17 arrangements),
    # then checked against a seeded Monte Carlo of actual row shuffles, within its 99.9 % error.
    from math import factorial

    from lecture_lib import mcnemar_pvalues

    ex = cochran_example(SEED004)
    correct = correctness_matrix(ex.y_true, *ex.y_preds).astype(int)
    informative = correct[(correct.sum(axis=1) > 0) & (correct.sum(axis=1) < 3)]
    one = [tuple(r) for r in informative if r.sum() == 1]
    two = [tuple(r) for r in informative if r.sum() == 2]
    assert (len(one), len(two)) == (6, 11)
    q_obs = cochrans_q(ex.y_true, *ex.y_preds).statistic
    pairs = list(itertools.combinations(range(3), 2))

    def pair_counts(rows):
        b = np.array([sum(r[i] and not r[j] for r in rows) for i, j in pairs])
        c = np.array([sum(r[j] and not r[i] for r in rows) for i, j in pairs])
        return b, c

    p_obs = mcnemar_pvalues(*pair_counts(one + two), "midp")[1]
    # seed 004's pairs with the default mid-p test: 2 vs 10, 4 vs 12, 3 vs 3
    np.testing.assert_allclose(p_obs, [92 / 4096, 3214 / 65536, 1.0], rtol=1e-12)
    fixed = correct[(correct.sum(axis=1) == 0) | (correct.sum(axis=1) == 3)].sum(axis=0)
    patterns_one = [(1, 0, 0), (0, 1, 0), (0, 0, 1)]
    patterns_two = [(1, 1, 0), (1, 0, 1), (0, 1, 1)]

    def compositions(n):
        return [(i, j, n - i - j) for i in range(n + 1) for j in range(n - i + 1)]

    def weight(comp):
        return factorial(sum(comp)) / np.prod([factorial(x) for x in comp]) / 3 ** sum(comp)

    q_tail = min_p_tail = 0.0
    for c1 in compositions(6):
        for c2 in compositions(11):
            rows = [p for p, m in zip(patterns_one, c1) for _ in range(m)]
            rows += [p for p, m in zip(patterns_two, c2) for _ in range(m)]
            w = weight(c1) * weight(c2)
            G = fixed + np.array(rows).sum(axis=0)
            q_tail += w * (_q_from_totals(G, correct) >= q_obs - 1e-9)
            min_p_tail += w * (mcnemar_pvalues(*pair_counts(rows), "midp")[1].min() <= p_obs.min() * (1 + 1e-12))
    # exact permutation p-value of Q (the chi-squared value is 0.023)
    assert round(q_tail, 4) == 0.0242
    # the Holm-adjusted p of the first pair, 3 x 0.0225 = 0.067, bounds the exact probability of
    # a smallest raw p this small, 0.062 (the review's 0.047 is P(min p < 0.0209), strictly less)
    assert round(min_p_tail, 3) == 0.062
    assert min_p_tail <= 3 * p_obs.min()
    # Monte Carlo check of both enumerations by shuffling the rows themselves
    rng = np.random.default_rng(2026)
    n_perm = 40_000
    order = np.argsort(rng.random((n_perm, informative.shape[0], 3)), axis=2)
    shuffled = np.take_along_axis(np.broadcast_to(informative, order.shape), order, axis=2)
    b = np.stack([np.sum((shuffled[:, :, i] == 1) & (shuffled[:, :, j] == 0), axis=1) for i, j in pairs], axis=1)
    c = np.stack([np.sum((shuffled[:, :, i] == 0) & (shuffled[:, :, j] == 1), axis=1) for i, j in pairs], axis=1)
    mc_min_p = np.mean(mcnemar_pvalues(b, c, "midp")[1].min(axis=1) <= p_obs.min() * (1 + 1e-12))
    G_perm = fixed + shuffled.sum(axis=1)
    mc_q = np.mean([_q_from_totals(G, correct) >= q_obs - 1e-9 for G in G_perm])
    half_width = 3.3 * np.sqrt(0.25 / n_perm)
    assert abs(mc_min_p - min_p_tail) < half_width and abs(mc_q - q_tail) < half_width


def _q_from_totals(G, correct):
    """Q from new column totals; the row totals (hence T and sum L^2) are fixed by the shuffle."""
    k = correct.shape[1]
    L = correct.sum(axis=1)
    T = L.sum()
    return (k - 1) * (k * np.sum(G * G) - T * T) / (k * T - np.sum(L * L))


# ----------------------------------------------------------------------------- exchangeability


def _limit_rejection_rate(disagreement, accuracy=0.8, alpha=0.05):
    """Large-sample rejection rate of Q in simulate_near_duplicates' model, from its covariance.

    Q tends to sum_i lambda_i Z_i^2 with lambda the eigenvalues of k (k - 1) P S P / E[L (k - L)]
    (S the covariance of the right/wrong vector, P the centring projection); integrate
    P(lambda_1 Z_1^2 + lambda_2 Z_2^2 > chi2_{2, 1 - alpha}) numerically.
    """
    from scipy import integrate

    half = disagreement / 2
    ab = {(1, 1): accuracy - half, (1, 0): half, (0, 1): half, (0, 0): 1 - accuracy - half}
    patterns = np.array(list(itertools.product((0, 1), repeat=3)))
    prob = np.array([ab[a, b] * (accuracy if c else 1 - accuracy) for a, b, c in patterns])
    mean = prob @ patterns
    cov = (patterns * prob[:, None]).T @ patterns - np.outer(mean, mean)
    L = patterns.sum(axis=1)
    centre = np.eye(3) - 1 / 3
    lam = np.sort(np.linalg.eigvalsh(6 * centre @ cov @ centre / (prob @ (L * (3 - L)))))[::-1]
    crit = stats.chi2.ppf(1 - alpha, 2)
    if lam[1] < 1e-12:
        return stats.chi2.sf(crit / lam[0], 1)
    inner = integrate.quad(lambda y: stats.chi2.sf((crit - lam[1] * y) / lam[0], 1) * stats.chi2.pdf(y, 1),
                           0, crit / lam[1])[0]
    return inner + stats.chi2.sf(crit / lam[1], 1)


def test_near_duplicates_limit_is_twice_a_chi2_with_one_df():
    # disagreement 0: A = B, so Q -> 2 chi2_1 and rejects with P(chi2_1 > 5.991 / 2) = 0.0835
    assert _limit_rejection_rate(0.0) == pytest.approx(stats.chi2.sf(stats.chi2.ppf(0.95, 2) / 2, 1), rel=1e-9)
    assert round(stats.chi2.sf(stats.chi2.ppf(0.95, 2) / 2, 1), 4) == 0.0835
    result = simulate_near_duplicates(5000, disagreement=0.0, n_sim=40_000, seed=1)
    assert result.cochran.low <= 0.0835 <= result.cochran.high
    # with two exact copies the pair A vs B never disagrees, so its test never rejects
    assert result.pairwise[0].estimate == 0.0


@pytest.mark.parametrize("n, disagreement", [(200, 0.01), (2000, 0.01), (2000, 0.1)])
def test_near_duplicates_q_is_too_liberal_and_mcnemar_is_not(n, disagreement):
    # Review A8: Q rejects about 8.1 % at nominal 5 % (n = 200 and 2000), pairwise McNemar
    # 4.9-5.4 %. Checked against the large-sample rate computed from the model's covariance.
    result = simulate_near_duplicates(n, disagreement=disagreement, n_sim=40_000, seed=7)
    limit = _limit_rejection_rate(disagreement)
    assert result.cochran.low - 0.004 <= limit <= result.cochran.high + 0.004
    assert result.cochran.low > 0.05  # too liberal, significantly
    if disagreement == 0.01:
        assert round(limit, 3) == 0.081
    for j in (1, 2):  # A vs C and B vs C: many disagreements, mid-p close to 5 %
        assert result.pairwise[j].low - 0.005 <= 0.05 <= result.pairwise[j].high + 0.005
    assert result.holm.high < 0.05  # the adjusted pairwise procedure keeps its level


def test_near_duplicates_agrees_with_the_public_tests_one_test_set_at_a_time():
    # same multinomial draws, expanded to predictions and analysed with cochrans_q, pairwise_mcnemar
    n, n_sim, alpha = 60, 300, 0.1
    result = simulate_near_duplicates(n, accuracy=0.7, disagreement=0.2, alpha=alpha, n_sim=n_sim,
                                      seed=np.random.default_rng(9), method="exact")
    rng = np.random.default_rng(9)
    patterns = np.array(list(itertools.product((0, 1), repeat=3)))
    ab = {(1, 1): 0.6, (1, 0): 0.1, (0, 1): 0.1, (0, 0): 0.2}
    prob = np.array([ab[a, b] * (0.7 if c else 0.3) for a, b, c in patterns])
    counts = rng.multinomial(n, prob / prob.sum(), size=n_sim)
    y = np.zeros(n, dtype=int)
    q_rej, pair_rej, holm_rej = 0, np.zeros(3), 0
    for row in counts:
        right = np.repeat(patterns, row, axis=0)
        preds = [np.where(right[:, i] == 1, 0, 1) for i in range(3)]
        q_rej += cochrans_q(y, *preds).pvalue <= alpha
        pair = pairwise_mcnemar(y, *preds, method="exact", adjust="holm", alpha=alpha)
        pair_rej += pair.pvalue <= alpha
        holm_rej += bool(np.any(pair.reject))
    assert result.cochran.estimate == q_rej / n_sim
    np.testing.assert_array_equal([iv.estimate for iv in result.pairwise], pair_rej / n_sim)
    assert result.holm.estimate == holm_rej / n_sim
    assert result.pairs == ("A vs B", "A vs C", "B vs C")


def test_near_duplicates_result_and_errors():
    result = simulate_near_duplicates(100, n_sim=500, seed=0)
    again = simulate_near_duplicates(100, n_sim=500, seed=0)
    assert result == again and result.method == "midp"
    assert isinstance(result.cochran, Interval) and result.cochran.method == "wilson"
    assert result.cochran.low <= result.cochran.estimate <= result.cochran.high
    text = str(result)
    assert "Cochran's Q" in text and "any pair after Holm" in text and "A vs C" in text
    assert len({line.index("[") for line in text.splitlines()[2:]}) == 1  # aligned columns
    with pytest.raises(ValueError, match=r"disagreement must be at most 2 min\(accuracy, 1 - accuracy\) = 0.4"):
        simulate_near_duplicates(100, accuracy=0.8, disagreement=0.5)
    with pytest.raises(ValueError, match="disagreement must lie in"):
        simulate_near_duplicates(100, disagreement=-0.1)
    with pytest.raises(ValueError, match="'textbook'"):
        simulate_near_duplicates(100, method="auto")
    with pytest.raises(ValueError, match="n_examples must be >= 1"):
        simulate_near_duplicates(0)
