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
    errata,
    familywise_error,
    mcnemar,
    mcnemar_table,
    pairwise_mcnemar,
    plot_familywise_error,
)
from lecture_lib import widgets as lw  # noqa: E402

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


def test_erratum_seed004_kuncheva_q_typo():
    # seed004-kuncheva-q-typo: Kuncheva (2004) prints 3.7647; the right value is 7.5294
    erratum = {e.key: e for e in errata()}["seed004-kuncheva-q-typo"]
    assert "3.7647" in erratum.says and "7.5294" in erratum.correct
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


@pytest.mark.parametrize("method", ["auto", "chi2", "corrected", "exact", "midp"])
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
    assert len(lines) == 2 + 1 + 3
    assert lines[1].split()[:2] == ["model", "i"] and "p holm" in lines[1]
    assert lines[3].startswith("M1") and "M2" in lines[3] and "M3" in lines[5]
    assert all(line == line.rstrip() for line in lines)
    # columns are aligned: the raw p-value column ends at the same place in every row
    ends = {line.index(f"{p:.4f}") + 6 for line, p in zip(lines[3:], result.pvalue)}
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
        ({"method": "fisher"}, ValueError, r"method must be one of \('auto', 'chi2', 'corrected', 'exact', 'midp'\)"),
        ({"adjust": "sidak"}, ValueError, r"adjust must be one of \('bonferroni', 'holm'\), got 'sidak'"),
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
    result = familywise_error(k, alpha=0.05, n_sim=4000, seed=11)
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
