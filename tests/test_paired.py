"""Chapter 4's tests of scores: formulas, oracles (scipy, mlxtend), degenerate and bad input."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mlxtend.evaluate import (
    combined_ftest_5x2cv,
    paired_ttest_5x2cv,
    paired_ttest_kfold_cv,
    paired_ttest_resampled,
    proportion_difference,
)
from scipy import stats

from lecture_lib import (
    Interval,
    corrected_repeated_cv_ttest,
    cross_validate_scores,
    ftest_5x2cv,
    kfold_cv_ttest,
    paired_ttest,
    proportion_difference_test,
    resampled_ttest,
    ttest_5x2cv,
)

seeds = st.integers(0, 2**32 - 1)


def _close(a, b, rel=1e-9, abs_=1e-12):
    assert a == pytest.approx(b, rel=rel, abs=abs_)


# ---------------------------------------------------------------- paired t: scipy oracle


@settings(max_examples=80, deadline=None)
@given(st.integers(2, 200), seeds, st.floats(0.5, 0.99))
def test_paired_ttest_matches_scipy(n, seed, confidence):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=n)
    y = x * rng.uniform(0, 1) + rng.normal(0.1, 1, size=n)
    ours = paired_ttest(x, y, confidence=confidence)
    ref = stats.ttest_rel(x, y)
    _close(ours.statistic, ref.statistic)
    _close(ours.pvalue, ref.pvalue)
    assert ours.df == ref.df == n - 1
    ci = ref.confidence_interval(confidence_level=confidence)
    _close(ours.confidence_interval.low, ci.low)
    _close(ours.confidence_interval.high, ci.high)
    assert ours.confidence_interval.estimate == ours.mean_difference
    assert ours.confidence_interval.confidence == confidence
    _close(ours.mean_difference, np.mean(x - y))
    _close(ours.std_difference, np.std(x - y, ddof=1))
    assert isinstance(ours.statistic, float) and isinstance(ours.pvalue, float)
    assert 0.0 <= ours.pvalue <= 1.0


def test_paired_ttest_sign_follows_x_minus_y():
    res = paired_ttest([3.0, 4.0, 5.5], [1.0, 2.5, 3.0])  # every x above its y
    assert res.statistic > 0 and res.mean_difference > 0
    swapped = paired_ttest([1.0, 2.5, 3.0], [3.0, 4.0, 5.5])
    _close(swapped.statistic, -res.statistic)
    _close(swapped.pvalue, res.pvalue)


# ---------------------------------------------------------------- fold t-tests: the formulas


def _t_by_hand(d, factor):
    """t = mean / sqrt(factor * s^2), written out with a loop (Dietterich 1998, eq. for test 3/4)."""
    n = len(d)
    mean = sum(d) / n
    s2 = sum((v - mean) ** 2 for v in d) / (n - 1)
    t = mean / math.sqrt(factor * s2)
    return t, 2 * stats.t.sf(abs(t), n - 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 40), seeds, st.floats(0.05, 2.0))
def test_resampled_and_kfold_match_their_formulas(n, seed, ratio):
    rng = np.random.default_rng(seed)
    a = rng.uniform(0.6, 0.9, n)
    b = a - rng.normal(0.01, 0.02, n)
    d = list(a - b)
    t, p = _t_by_hand(d, 1 / n)  # Dietterich's resampled / k-fold t: s^2 / J
    for res in (resampled_ttest(a, b, test_train_ratio=None), kfold_cv_ttest(a, b)):
        _close(res.statistic, t)
        _close(res.pvalue, p)
        assert res.df == n - 1
        _close(res.variance_factor, 1 / n)
    # Nadeau & Bengio (2003): variance (1/J + n2/n1) s^2
    t, p = _t_by_hand(d, 1 / n + ratio)
    res = resampled_ttest(a, b, test_train_ratio=ratio)
    _close(res.statistic, t)
    _close(res.pvalue, p)
    assert res.method == "corrected resampled"
    # the plain statistic is the scipy paired t-test on the fold scores
    _close(resampled_ttest(a, b, None).statistic, stats.ttest_rel(a, b).statistic)


def test_corrected_t_is_plain_t_shrunk_by_the_known_factor():
    rng = np.random.default_rng(4)
    a, b = rng.uniform(0.7, 0.8, 15), rng.uniform(0.7, 0.8, 15)
    plain = resampled_ttest(a, b, None).statistic
    corrected = resampled_ttest(a, b, test_train_ratio=0.5).statistic
    # t_corrected = t_plain * sqrt((1/J) / (1/J + n2/n1)), J = 15, n2/n1 = 0.5
    _close(corrected, plain * math.sqrt((1 / 15) / (1 / 15 + 0.5)))


def test_resampled_ttest_ratio_has_no_default():
    # review C: the plain (invalid) resampled t must never be what a bare call gives
    import inspect

    assert inspect.signature(resampled_ttest).parameters["test_train_ratio"].default is inspect.Parameter.empty
    with pytest.raises(TypeError, match="test_train_ratio"):
        resampled_ttest([0.8, 0.7, 0.9], [0.7, 0.7, 0.8])


# ---------------------------------------------------------------- corrected repeated CV (Bouckaert & Frank 2004)


def test_corrected_repeated_cv_small_example_by_hand():
    # r = 2, k = 2, differences 0.02, 0.00 | 0.01, 0.03: mean 0.015, s^2 = 0.0005 / 3,
    # factor 1/(r k) + 1/(k - 1) = 1/4 + 1 = 1.25, so t^2 = 0.015^2 / (1.25 * 0.0005 / 3) = 1.08, df = 3
    a = [[0.82, 0.80], [0.81, 0.83]]
    b = [[0.80, 0.80], [0.80, 0.80]]
    res = corrected_repeated_cv_ttest(a, b)
    _close(res.statistic, math.sqrt(1.08))
    assert res.df == 3 and res.n_scores == 4 and res.method == "corrected repeated cv"
    _close(res.variance_factor, 1.25)
    _close(res.pvalue, 2 * stats.t.sf(math.sqrt(1.08), 3))
    _close(res.mean_difference, 0.015)
    _close(res.std_error, math.sqrt(1.25 * 0.0005 / 3))


def _corrected_cv_by_hand(d):
    """Bouckaert & Frank (2004): t = mean / sqrt((1/(k r) + n2/n1) s^2), n2/n1 = 1/(k-1), df = k r - 1; loops."""
    r, k = len(d), len(d[0])
    values = [v for row in d for v in row]
    n = r * k
    mean = sum(values) / n
    s2 = sum((v - mean) ** 2 for v in values) / (n - 1)
    t = mean / math.sqrt((1 / n + 1 / (k - 1)) * s2)
    return t, 2 * stats.t.sf(abs(t), n - 1), n - 1


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 12), st.integers(2, 12), seeds, st.floats(0.5, 0.99))
def test_corrected_repeated_cv_matches_its_formula_and_the_resampled_identity(r, k, seed, confidence):
    rng = np.random.default_rng(seed)
    a = rng.uniform(0.6, 0.9, (r, k))
    b = a - rng.normal(0.01, 0.03, (r, k))
    t, p, df = _corrected_cv_by_hand((a - b).tolist())
    res = corrected_repeated_cv_ttest(a, b, confidence=confidence)
    _close(res.statistic, t)
    _close(res.pvalue, p)
    assert res.df == df
    # the same as Nadeau and Bengio's corrected resampled t with J = r k and n_test/n_train = 1/(k-1)
    ref = resampled_ttest(a.ravel(), b.ravel(), test_train_ratio=1 / (k - 1), confidence=confidence)
    for name in ("statistic", "pvalue", "df", "mean_difference", "std_error", "variance_factor", "n_scores"):
        _close(getattr(res, name), getattr(ref, name))
    _close(res.confidence_interval.low, ref.confidence_interval.low)
    _close(res.confidence_interval.high, ref.confidence_interval.high)
    # 1-D scores in repeated_kfold's order (repetition 0's folds first) with n_folds give the same
    flat = corrected_repeated_cv_ttest(a.ravel(), b.ravel(), n_folds=k, confidence=confidence)
    assert flat == res
    # the interval is scipy's t interval with the test's standard error ...
    ci = res.confidence_interval
    low, high = stats.t.interval(confidence, df, loc=res.mean_difference, scale=res.std_error)
    _close(ci.low, low)
    _close(ci.high, high)
    assert isinstance(ci, Interval) and ci.estimate == res.mean_difference and ci.confidence == confidence
    # ... so it excludes 0 exactly when the test rejects at level 1 - confidence
    if abs(res.pvalue - (1 - confidence)) > 1e-9:
        assert (res.pvalue < 1 - confidence) == (not ci.low <= 0.0 <= ci.high)


def test_corrected_single_kfold_is_the_kfold_t_shrunk():
    # r = 1: the variance factor 1/k + 1/(k-1) replaces 1/k, so t shrinks by sqrt((1/k) / (1/k + 1/(k-1)))
    rng = np.random.default_rng(8)
    a, b = rng.uniform(0.7, 0.9, 10), rng.uniform(0.7, 0.9, 10)
    plain = kfold_cv_ttest(a, b)
    corrected = corrected_repeated_cv_ttest(a[None, :], b[None, :])
    _close(corrected.statistic, plain.statistic * math.sqrt(0.1 / (0.1 + 1 / 9)))
    assert corrected.df == plain.df == 9


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 30), seeds, st.floats(0.5, 0.99))
def test_fold_ttest_intervals_are_the_t_intervals_of_their_tests(n, seed, confidence):
    rng = np.random.default_rng(seed)
    a, b = rng.uniform(0.6, 0.9, n), rng.uniform(0.6, 0.9, n)
    for res in (kfold_cv_ttest(a, b, confidence=confidence),
                resampled_ttest(a, b, None, confidence=confidence),
                resampled_ttest(a, b, 0.25, confidence=confidence)):
        low, high = stats.t.interval(confidence, n - 1, loc=np.mean(a - b), scale=res.std_error)
        _close(res.confidence_interval.low, low)
        _close(res.confidence_interval.high, high)
        _close(res.mean_difference, np.mean(a - b))
    # the plain k-fold interval is scipy's paired-t interval on the fold scores
    ci = stats.ttest_rel(a, b).confidence_interval(confidence_level=confidence)
    res = kfold_cv_ttest(a, b, confidence=confidence)
    _close(res.confidence_interval.low, ci.low)
    _close(res.confidence_interval.high, ci.high)


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: corrected_repeated_cv_ttest(np.ones(20), np.ones(20)), ValueError, "n_folds"),
        (lambda: corrected_repeated_cv_ttest(np.ones(20), np.ones(20), n_folds=3), ValueError, "n_folds=3"),
        (lambda: corrected_repeated_cv_ttest(np.ones((2, 5)), np.ones((2, 5)), n_folds=4), ValueError, "n_folds=4"),
        (lambda: corrected_repeated_cv_ttest(np.ones((2, 5)), np.ones((5, 2))), ValueError, "same shape"),
        (lambda: corrected_repeated_cv_ttest(np.ones((4, 1)), np.ones((4, 1))), ValueError, "k >= 2"),
        (lambda: corrected_repeated_cv_ttest(np.ones((2, 2, 2)), np.ones((2, 2, 2))), ValueError, "scores_1"),
        (lambda: corrected_repeated_cv_ttest(np.ones((2, 5)), np.full((2, 5), np.nan)), ValueError, "scores_2"),
        (lambda: corrected_repeated_cv_ttest(np.ones(10), np.ones(10), n_folds=1), ValueError, "n_folds"),
        (lambda: corrected_repeated_cv_ttest(np.ones(10), np.ones(10), n_folds=2.5), ValueError, "n_folds"),
        (lambda: corrected_repeated_cv_ttest(np.ones(10), np.ones(10), n_folds="5"), TypeError, "n_folds"),
        (lambda: corrected_repeated_cv_ttest("ab", np.ones(10), n_folds=5), TypeError, "scores_1"),
        (lambda: corrected_repeated_cv_ttest(np.ones((2, 5), dtype=bool), np.ones((2, 5))), TypeError, "scores_1"),
        (lambda: corrected_repeated_cv_ttest(np.ones((2, 5)), np.ones((2, 5)), confidence=1.0), ValueError,
         "confidence"),
    ],
)
def test_corrected_repeated_cv_bad_input(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_corrected_repeated_cv_does_not_modify_its_inputs():
    a = np.array([[0.8, 0.7, 0.9], [0.85, 0.75, 0.8]])
    b = np.array([[0.7, 0.7, 0.8], [0.8, 0.7, 0.8]])
    a0, b0 = a.copy(), b.copy()
    corrected_repeated_cv_ttest(a, b)
    corrected_repeated_cv_ttest(a.ravel(), b.ravel(), n_folds=3)
    np.testing.assert_array_equal(a, a0)
    np.testing.assert_array_equal(b, b0)


def _5x2_by_hand(d):
    """Dietterich (1998) eq. for the 5x2cv t and Alpaydin (1999) eq. for the F, with loops."""
    s2 = []
    for i in range(5):
        mean = (d[i][0] + d[i][1]) / 2
        s2.append((d[i][0] - mean) ** 2 + (d[i][1] - mean) ** 2)
    t = d[0][0] / math.sqrt(sum(s2) / 5)
    f = sum(d[i][j] ** 2 for i in range(5) for j in range(2)) / (2 * sum(s2))
    return t, 2 * stats.t.sf(abs(t), 5), f, stats.f.sf(f, 10, 5)


@settings(max_examples=80, deadline=None)
@given(seeds)
def test_5x2cv_match_their_formulas(seed):
    rng = np.random.default_rng(seed)
    a = rng.uniform(0.6, 0.9, (5, 2))
    b = a - rng.normal(0.0, 0.03, (5, 2))
    t, pt, f, pf = _5x2_by_hand((a - b).tolist())
    rt, rf = ttest_5x2cv(a, b), ftest_5x2cv(a, b)
    _close(rt.statistic, t)
    _close(rt.pvalue, pt)
    _close(rf.statistic, f)
    _close(rf.pvalue, pf)
    assert rt.df == 5 and rf.df == (10, 5)


def test_ftest_uses_sum_not_mean_of_squared_deviations():
    # Alpaydin (1999): s_i^2 = sum of the two squared deviations. With np.var(ddof=0)
    # (the mean) the denominator halves and f doubles: check we are not that.
    d = np.array([[0.02, 0.0], [0.01, 0.03], [0.0, 0.01], [0.02, 0.02], [0.03, 0.01]])
    zero = np.zeros((5, 2))
    f = ftest_5x2cv(d, zero).statistic
    wrong = (d**2).sum() / (2 * np.var(d, axis=1, ddof=0).sum())
    right = (d**2).sum() / (2 * (2 * np.var(d, axis=1, ddof=0)).sum())
    _close(f, right)
    assert abs(f - wrong) > 0.1 * f


def test_ttest_5x2cv_uses_only_the_first_difference_in_the_numerator():
    rng = np.random.default_rng(1)
    a, b = rng.uniform(0.7, 0.9, (5, 2)), rng.uniform(0.7, 0.9, (5, 2))
    # swapping the folds of replication 1 changes t but not F (Alpaydin 1999's point)
    a2, b2 = a.copy(), b.copy()
    a2[0] = a2[0, ::-1]
    b2[0] = b2[0, ::-1]
    assert ttest_5x2cv(a, b).statistic != pytest.approx(ttest_5x2cv(a2, b2).statistic)
    _close(ftest_5x2cv(a, b).statistic, ftest_5x2cv(a2, b2).statistic)


# ---------------------------------------------------------------- proportions


@settings(max_examples=80, deadline=None)
@given(st.floats(0.01, 0.99), st.floats(0.01, 0.99), st.integers(1, 10_000))
def test_proportion_difference(p1, p2, n):
    # Dietterich (1998): z = (pA - pB) / sqrt(2 p (1 - p) / n), p = (pA + pB) / 2
    p = (p1 + p2) / 2
    z = (p1 - p2) / math.sqrt(2 * p * (1 - p) / n)
    res = proportion_difference_test(p1, p2, n)
    _close(res.statistic, z)
    _close(res.pvalue, 2 * stats.norm.sf(abs(z)))
    # accuracies or error rates: the same statistic up to its sign
    _close(proportion_difference_test(1 - p1, 1 - p2, n).statistic, -z)
    # mlxtend's proportion_difference: unpooled z, and norm.cdf(z) (one-sided) as p-value
    z_ml, p_ml = proportion_difference(p1, p2, n_1=n)
    unpooled = proportion_difference_test(p1, p2, n, pooled=False)
    _close(unpooled.statistic, z_ml)
    _close(p_ml, stats.norm.cdf(unpooled.statistic))
    _close(unpooled.pvalue, 2 * min(p_ml, 1 - p_ml), rel=1e-7)


# ---------------------------------------------------------------- mlxtend oracles, same splits
# mlxtend takes estimators; we rebuild its splits (read from mlxtend/evaluate/ttest.py and
# f_test.py: RandomState(seed).randint(0, 32767) per round, then train_test_split with that
# random_state; KFold without shuffling) and score deterministic estimators on them.


def _data(seed):
    from sklearn.datasets import make_classification

    return make_classification(n_samples=120, n_features=6, n_informative=3, random_state=seed)


def _estimators():
    from sklearn.naive_bayes import GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    return DecisionTreeClassifier(max_depth=2, random_state=0), GaussianNB()


def _mlxtend_5x2_splits(n, seed):
    from sklearn.model_selection import train_test_split

    rng = np.random.RandomState(seed)
    out = []
    for _ in range(5):
        first, second = train_test_split(np.arange(n), test_size=0.5, random_state=rng.randint(low=0, high=32767))
        out += [(first, second), (second, first)]
    return out


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_5x2cv_agree_with_mlxtend(seed):
    X, y = _data(seed)
    e1, e2 = _estimators()
    splits = _mlxtend_5x2_splits(len(y), seed)
    s1 = cross_validate_scores(e1, X, y, splits).reshape(5, 2)
    s2 = cross_validate_scores(e2, X, y, splits).reshape(5, 2)
    t_ml, p_ml = paired_ttest_5x2cv(e1, e2, X, y, random_seed=seed)
    f_ml, pf_ml = combined_ftest_5x2cv(e1, e2, X, y, random_seed=seed)
    rt, rf = ttest_5x2cv(s1, s2), ftest_5x2cv(s1, s2)
    _close(rt.statistic, t_ml)
    _close(rt.pvalue, p_ml)
    _close(rf.statistic, f_ml)
    _close(rf.pvalue, pf_ml)


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_resampled_and_kfold_agree_with_mlxtend(seed):
    from sklearn.model_selection import KFold, train_test_split

    X, y = _data(seed)
    e1, e2 = _estimators()
    rng = np.random.RandomState(seed)
    splits = []
    for _ in range(12):
        train, test = train_test_split(np.arange(len(y)), test_size=0.3, random_state=rng.randint(low=0, high=32767))
        splits.append((train, test))
    s1, s2 = (cross_validate_scores(e, X, y, splits) for e in (e1, e2))
    t_ml, p_ml = paired_ttest_resampled(e1, e2, X, y, num_rounds=12, test_size=0.3, random_seed=seed)
    res = resampled_ttest(s1, s2, test_train_ratio=None)
    _close(res.statistic, t_ml)
    _close(res.pvalue, p_ml)

    splits = list(KFold(n_splits=10).split(X))
    s1, s2 = (cross_validate_scores(e, X, y, splits) for e in (e1, e2))
    t_ml, p_ml = paired_ttest_kfold_cv(e1, e2, X, y, cv=10)
    res = kfold_cv_ttest(s1, s2)
    _close(res.statistic, t_ml)
    _close(res.pvalue, p_ml)


# ---------------------------------------------------------------- degenerate input: documented answers


def test_zero_variance_answers():
    same = [0.8, 0.8, 0.8, 0.8]
    for res in (paired_ttest(same, same), resampled_ttest(same, same, None), kfold_cv_ttest(same, same),
                corrected_repeated_cv_ttest([same, same], [same, same])):
        assert (res.statistic, res.pvalue) == (0.0, 1.0)
    # a constant non-zero difference: the limit of the formula, +-inf with p = 0
    up = [0.9, 0.9, 0.9, 0.9]
    res = paired_ttest(up, same)
    assert res.statistic == math.inf and res.pvalue == 0.0
    assert tuple(res.confidence_interval) == (res.mean_difference, res.mean_difference)
    # the fold t-tests say that p = 0 is the formula's limit, not certainty (a UserWarning)
    with pytest.warns(UserWarning, match="sample variance is 0 and t is infinite"):
        res = resampled_ttest(same, up, test_train_ratio=0.25)
    assert res.statistic == -math.inf and res.pvalue == 0.0
    assert (res.confidence_interval.low, res.confidence_interval.high) == (res.mean_difference,) * 2
    with pytest.warns(UserWarning, match="not certainty"):
        res = corrected_repeated_cv_ttest([up, up], [same, same])
    assert res.statistic == math.inf and res.pvalue == 0.0
    # differences equal up to rounding (0.1 - 0.0, 0.2 - 0.1, 0.3 - 0.2) count as constant
    with pytest.warns(UserWarning, match="not certainty"):
        res = kfold_cv_ttest([0.1, 0.2, 0.3], [0.0, 0.1, 0.2])
    assert math.isinf(res.statistic) and res.pvalue == 0.0
    eq = np.full((5, 2), 0.7)
    assert (ttest_5x2cv(eq, eq).statistic, ttest_5x2cv(eq, eq).pvalue) == (0.0, 1.0)
    assert (ftest_5x2cv(eq, eq).statistic, ftest_5x2cv(eq, eq).pvalue) == (0.0, 1.0)
    shifted = eq + np.array([[0.1], [0.0], [0.2], [0.0], [0.0]])  # equal within every replication
    assert ttest_5x2cv(shifted, eq).statistic == math.inf and ttest_5x2cv(shifted, eq).pvalue == 0.0
    assert ftest_5x2cv(shifted, eq).statistic == math.inf and ftest_5x2cv(shifted, eq).pvalue == 0.0
    assert proportion_difference_test(1.0, 1.0, 50).pvalue == 1.0
    assert proportion_difference_test(0.0, 0.0, 50).statistic == 0.0
    res = proportion_difference_test(1.0, 0.0, 50, pooled=False)
    assert res.statistic == math.inf and res.pvalue == 0.0


def test_no_warnings_on_degenerate_input():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        paired_ttest([1, 1], [1, 1])
        ttest_5x2cv(np.ones((5, 2)), np.zeros((5, 2)))
        ftest_5x2cv(np.ones((5, 2)), np.zeros((5, 2)))
        proportion_difference_test(1, 0, 10, pooled=False)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: paired_ttest(None, [1, 2]), TypeError, "x"),
        (lambda: paired_ttest([1, 2], "ab"), TypeError, "y"),
        (lambda: paired_ttest(3.0, [1, 2]), TypeError, "scalar"),
        (lambda: paired_ttest([1, 2, 3], [1, 2]), ValueError, "same length"),
        (lambda: paired_ttest([1], [2]), ValueError, "at least 2"),
        (lambda: paired_ttest([], []), ValueError, "at least 2"),
        (lambda: paired_ttest([1, np.nan], [1, 2]), ValueError, "finite"),
        (lambda: paired_ttest([1, np.inf], [1, 2]), ValueError, "finite"),
        (lambda: paired_ttest([[1, 2]], [[1, 2]]), ValueError, "1-D"),
        (lambda: paired_ttest([True, False], [1, 2]), TypeError, "dtype"),
        (lambda: paired_ttest(["a", "b"], [1, 2]), TypeError, "dtype"),
        (lambda: paired_ttest([1, 2], [1, 3], confidence=1.5), ValueError, "confidence"),
        (lambda: resampled_ttest([1, 2], [1, 3], test_train_ratio=-0.5), ValueError, "test_train_ratio"),
        (lambda: resampled_ttest([1, 2], [1, 3], test_train_ratio=0), ValueError, "test_train_ratio"),
        (lambda: resampled_ttest([1, 2], [1, 3], test_train_ratio="half"), TypeError, "test_train_ratio"),
        (lambda: resampled_ttest([1, 2], [1, 3], test_train_ratio=True), TypeError, "test_train_ratio"),
        (lambda: resampled_ttest([1, 2], [1, 3], test_train_ratio=np.nan), ValueError, "test_train_ratio"),
        (lambda: kfold_cv_ttest([0.1], [0.2]), ValueError, "scores_1"),
        (lambda: kfold_cv_ttest([0.1, 0.2], [0.2, np.nan]), ValueError, "scores_2"),
        (lambda: ttest_5x2cv(np.ones(10), np.ones(10)), ValueError, "(5, 2)"),
        (lambda: ttest_5x2cv(np.ones((2, 5)), np.ones((5, 2))), ValueError, "scores_1"),
        (lambda: ftest_5x2cv(np.ones((5, 2)), np.full((5, 2), np.nan)), ValueError, "scores_2"),
        (lambda: ftest_5x2cv(None, np.ones((5, 2))), TypeError, "scores_1"),
        (lambda: ftest_5x2cv(np.ones((5, 2), dtype=bool), np.ones((5, 2))), TypeError, "scores_1"),
        (lambda: proportion_difference_test(1.2, 0.5, 10), ValueError, "accuracy_1"),
        (lambda: proportion_difference_test(0.5, np.nan, 10), ValueError, "accuracy_2"),
        (lambda: proportion_difference_test(0.5, "0.4", 10), TypeError, "accuracy_2"),
        (lambda: proportion_difference_test(0.5, 0.4, 0), ValueError, "n_test"),
        (lambda: proportion_difference_test(0.5, 0.4, 10.5), ValueError, "n_test"),
        (lambda: proportion_difference_test(0.5, 0.4, "10"), TypeError, "n_test"),
        (lambda: proportion_difference_test(0.5, 0.4, 10, pooled="yes"), TypeError, "pooled"),
    ],
)
def test_bad_input(call, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        call()


# ---------------------------------------------------------------- runner on estimators


def test_compare_algorithms_uses_lecture_lib_splits_and_the_score_functions():
    from lecture_lib import (
        PAIRED_TESTS,
        compare_algorithms,
        five_by_two,
        holdout,
        mcnemar,
        mcnemar_table,
        repeated_holdout,
        repeated_kfold,
        stratified_kfold,
    )

    X, y = _data(7)
    e1, e2 = _estimators()
    expected_trainings = {"mcnemar": 2, "prop_diff": 2, "resampled": 24, "corrected": 24, "kfold_cv": 10,
                          "corrected_kfold": 10, "corrected_repeated_cv": 30, "5x2cv_t": 20, "5x2cv_f": 20}
    assert set(expected_trainings) == set(PAIRED_TESTS)
    for test in PAIRED_TESTS:
        res = compare_algorithms(e1, e2, X, y, test=test, seed=3, n_resamples=12, k=5, n_repeats=3)
        assert res.test == test and res.n_trainings == expected_trainings[test]
        rng = np.random.default_rng(3)
        if test in ("resampled", "corrected"):
            splits = list(repeated_holdout(len(y), 12, 1 / 3, seed=rng, stratify=y))
        elif test in ("kfold_cv", "corrected_kfold"):
            splits = list(stratified_kfold(y, k=5, seed=rng))
        elif test == "corrected_repeated_cv":
            splits = list(repeated_kfold(len(y), k=5, n_repeats=3, seed=rng, y=y))
        elif test in ("5x2cv_t", "5x2cv_f"):
            splits = list(five_by_two(y, seed=rng))
        else:
            splits = list(holdout(len(y), 1 / 3, seed=rng, stratify=y))
        s1 = cross_validate_scores(e1, X, y, splits)
        s2 = cross_validate_scores(e2, X, y, splits)
        np.testing.assert_allclose(res.scores_1.ravel(), s1, rtol=0, atol=1e-15)
        np.testing.assert_allclose(res.scores_2.ravel(), s2, rtol=0, atol=1e-15)
        n_test = splits[0][1].size
        expected = {
            "prop_diff": lambda s1=s1, s2=s2, n_test=n_test: proportion_difference_test(s1[0], s2[0], n_test),
            "resampled": lambda s1=s1, s2=s2: resampled_ttest(s1, s2, None),
            "corrected": lambda s1=s1, s2=s2, n_test=n_test: resampled_ttest(
                s1, s2, test_train_ratio=n_test / (len(y) - n_test)
            ),
            "kfold_cv": lambda s1=s1, s2=s2: kfold_cv_ttest(s1, s2),
            "corrected_kfold": lambda s1=s1, s2=s2: corrected_repeated_cv_ttest(s1, s2, n_folds=5),
            "corrected_repeated_cv": lambda s1=s1, s2=s2: corrected_repeated_cv_ttest(s1, s2, n_folds=5),
            "5x2cv_t": lambda s1=s1, s2=s2: ttest_5x2cv(s1.reshape(5, 2), s2.reshape(5, 2)),
            "5x2cv_f": lambda s1=s1, s2=s2: ftest_5x2cv(s1.reshape(5, 2), s2.reshape(5, 2)),
        }
        if test == "mcnemar":
            train, test_idx = splits[0]
            p1 = e1.fit(X[train], y[train]).predict(X[test_idx])
            p2 = e2.fit(X[train], y[train]).predict(X[test_idx])
            ref = mcnemar(mcnemar_table(y[test_idx], p1, p2))  # review C: the library's default method
        else:
            ref = expected[test]()
        assert res.statistic == ref.statistic and res.pvalue == ref.pvalue
        assert res.result == ref
        text = str(res)
        assert "scores_1" in text and "pvalue" in text
        if test == "corrected_repeated_cv":
            assert res.scores_1.shape == (3, 5)
            # the first repetition is the k-fold CV of the single-CV tests (same seed)
            single = compare_algorithms(e1, e2, X, y, test="kfold_cv", seed=3, k=5)
            np.testing.assert_array_equal(res.scores_1[0], single.scores_1)


def test_compare_algorithms_default_is_corrected_10x10_cv():
    # the chapter 4 lab's recommendation (and Bouckaert & Frank 2004): corrected 10 x 10 repeated CV
    import inspect

    from lecture_lib import DEFAULT_PAIRED_TEST, compare_algorithms

    params = inspect.signature(compare_algorithms).parameters
    assert params["test"].default == DEFAULT_PAIRED_TEST == "corrected_repeated_cv"
    assert params["k"].default == 10 and params["n_repeats"].default == 10
    X, y = _data(1)
    e1, e2 = _estimators()
    res = compare_algorithms(e1, e2, X, y, seed=0)
    assert res.test == "corrected_repeated_cv" and res.scores_1.shape == (10, 10) and res.n_trainings == 200
    assert "100 scores" in str(res)  # a summary, not 100 numbers


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        (dict(test="wilcoxon"), ValueError, "test"),
        (dict(test=3), TypeError, "test"),
        (dict(test="mcnemar", scoring=lambda a, b: 0.5), ValueError, "scoring"),
        (dict(test="prop_diff", scoring="f1"), ValueError, "scoring"),
        (dict(test="resampled", n_resamples=1), ValueError, "n_resamples"),
        (dict(test="kfold_cv", k=1), ValueError, "k"),
        (dict(test="corrected_repeated_cv", n_repeats=0), ValueError, "n_repeats"),
        (dict(test="corrected_repeated_cv", n_repeats=2.5), ValueError, "n_repeats"),
        (dict(test="5x2cv_t", seed=-1), ValueError, "seed"),
    ],
)
def test_compare_algorithms_bad_input(kwargs, error, words):
    from lecture_lib import compare_algorithms

    X, y = _data(0)
    e1, e2 = _estimators()
    with pytest.raises(error, match=words):
        compare_algorithms(e1, e2, X, y, **kwargs)


# ---------------------------------------------------------------- the seeds' worked examples and errata


def test_seed003_bank_downtime_every_printed_value():
    from lecture_lib import paired_example

    ex = paired_example("seed003_bank_downtime")
    x, y = ex.data["x"], ex.data["y"]
    d = x - y
    res = paired_ttest(x, y)
    computed = {
        "sum_d": d.sum(),
        "sum_d2": (d**2).sum(),
        "mean_d": res.mean_difference,
        "s_d": res.std_difference,
        "statistic": res.statistic,
        "df": res.df,
    }
    assert set(computed) == set(ex.printed)
    for name, value in computed.items():
        assert ex.matches_printed(name, value), (name, value, ex.printed[name])
    # scipy agrees: t = 2.445 with 5 df (seed 003), two-sided p = 0.058
    ref = stats.ttest_rel(x, y)
    _close(res.statistic, ref.statistic)
    assert round(res.pvalue, 3) == 0.058 and res.pvalue > 0.05


def test_erratum_seed003_sd_formula():
    # seed003-sd-formula: the printed (sum d_i - n dbar^2) / (n - 1) is negative; the right one is 6.178
    from lecture_lib import errata

    assert "seed003-sd-formula" in {e.key for e in errata()}
    d = np.array([40, 54, 32, 36, 55, 46]) - np.array([30, 41, 24, 38, 56, 37])
    as_printed = (d.sum() - 6 * d.mean() ** 2) / 5
    assert round(as_printed, 2) == -38.23
    right = math.sqrt(((d**2).sum() - 6 * d.mean() ** 2) / 5)
    assert round(right, 3) == 6.178
    assert paired_ttest(d, np.zeros(6)).std_difference == pytest.approx(right, rel=1e-12)


def test_erratum_seed003_truncated_digits():
    # seed003-truncated-digits: 6.1667 and 6.1779 print as 6.166 and 6.177 (cut, not rounded)
    res = paired_ttest([40, 54, 32, 36, 55, 46], [30, 41, 24, 38, 56, 37])
    assert round(res.mean_difference, 3) == 6.167 != 6.166
    assert round(res.std_difference, 3) == 6.178 != 6.177
    assert math.trunc(res.mean_difference * 1000) / 1000 == 6.166
    assert math.trunc(res.std_difference * 1000) / 1000 == 6.177
    assert round(res.statistic, 3) == 2.445  # the t the seed prints is right


def test_erratum_seed001_kin8nm_t():
    # seed001-kin8nm-t: sqrt(8192) * 0.0016 / 0.178 is 0.814, not 79.523
    from lecture_lib import paired_example

    ex = paired_example("seed001_kin8nm_brier")
    n, mean, sd = ex.data["n"], ex.data["mean_d"], ex.data["sd_d"]
    t = math.sqrt(n) * mean / sd
    assert round(t, 3) == 0.814
    assert not ex.matches_printed("statistic", t)  # the printed 79.523 is wrong
    p = 2 * stats.t.sf(t, n - 1)
    assert round(p, 2) == 0.42  # no evidence against H0 at the 5 % level
    # 79.523 would need dbar / s_d = 0.879
    assert round(79.523 / math.sqrt(n), 3) == 0.879


def test_seed001_kin8nm_rows_are_brier_scores():
    from lecture_lib import paired_example

    for row in paired_example("seed001_kin8nm_brier").data["rows"]:
        # Brier score of a positive example: (1 - p)^2, to the printed 4 decimals (+- 1e-4: rounded probabilities)
        assert (1 - row["rpart_prob"]) ** 2 == pytest.approx(row["rpart_loss"], abs=1.5e-4)
        assert (1 - row["ranger_prob"]) ** 2 == pytest.approx(row["ranger_loss"], abs=1.5e-4)
        assert row["rpart_loss"] - row["ranger_loss"] == pytest.approx(row["diff_loss"], abs=1.5e-4)


def test_erratum_seed001_critical_value():
    # seed001-critical-value: t_{0.975, 8191} = 1.9603, not 1.9637 (that is about 640 df)
    from lecture_lib import paired_example

    ex = paired_example("seed001_kin8nm_brier")
    right = stats.t.ppf(0.975, ex.data["n"] - 1)
    assert round(right, 4) == 1.9603
    assert not ex.matches_printed("critical_value", right)
    assert round(stats.t.ppf(0.975, 640), 4) == 1.9637


def test_erratum_seed001_paired_t_equal_variances():
    # seed001-paired-t-equal-variances: the paired t-test needs no equal variances of the two samples.
    from lecture_lib import paired_ttest

    rng = np.random.default_rng(11)
    # 1) It is a one-sample t-test on d = x - y: only the differences enter (oracle: scipy).
    x, y = rng.normal(0, 1, 40), rng.normal(0, 3, 40)
    ours, oracle = paired_ttest(x, y), stats.ttest_1samp(x - y, 0.0)
    assert ours.statistic == pytest.approx(oracle.statistic, rel=1e-12)
    assert ours.pvalue == pytest.approx(oracle.pvalue, rel=1e-12)
    # 2) H0 true, standard deviations 1 and 3 (variance ratio 9), 30 pairs: the rejection rate stays
    #    at 5 % (3 Monte Carlo standard errors of 4 000 replications: 0.0103).
    reps = 4000
    x, y = rng.normal(0, 1, (reps, 30)), rng.normal(0, 3, (reps, 30))
    rate = np.mean([paired_ttest(a, b).pvalue <= 0.05 for a, b in zip(x, y)])
    assert abs(rate - 0.05) < 3 * math.sqrt(0.05 * 0.95 / reps), rate


def test_seed000_dietterich_cost_ratio():
    from lecture_lib import TRAININGS_PER_ALGORITHM, paired_example

    ex = paired_example("seed000_dietterich_summary")
    # seed 000: the 5x2cv t needs 10 times the computation of McNemar's test
    ratio = TRAININGS_PER_ALGORITHM["5x2cv_t"] / TRAININGS_PER_ALGORITHM["mcnemar"]
    assert ex.matches_printed("cost_ratio_5x2cv_to_mcnemar", ratio)
    for test, n in ex.data["trainings_per_algorithm"].items():
        assert TRAININGS_PER_ALGORITHM[test] == n


def test_paired_example_bad_key():
    from lecture_lib import paired_example

    with pytest.raises(ValueError, match="key must be one of"):
        paired_example("seed009")


def test_equal_learners_mlxtend_gives_nan_we_give_a_defined_answer():
    # Two identical learners: every difference is 0. mlxtend divides 0 by 0 (nan, with a
    # RuntimeWarning); our documented answer is statistic 0 and p-value 1 (no evidence).
    import warnings

    from sklearn.dummy import DummyClassifier

    X, y = _data(0)
    dummy = DummyClassifier(strategy="most_frequent")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        t_ml, p_ml = paired_ttest_5x2cv(dummy, dummy, X, y, random_seed=0)
    assert math.isnan(t_ml) and math.isnan(p_ml)
    splits = _mlxtend_5x2_splits(len(y), 0)
    s = cross_validate_scores(dummy, X, y, splits).reshape(5, 2)
    res = ttest_5x2cv(s, s)
    assert (res.statistic, res.pvalue) == (0.0, 1.0)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_ftest_5x2cv_statistic_is_at_least_one_half(seed):
    # sum_j (p_i^(j))^2 = 2 pbar_i^2 + s_i^2 >= s_i^2, so f >= 1/2 and p <= F_{10,5}.sf(1/2) = 0.836
    # (the bound the chapter 4 notebook states)
    rng = np.random.default_rng(seed)
    res = ftest_5x2cv(rng.uniform(0.5, 1, (5, 2)), rng.uniform(0.5, 1, (5, 2)))
    assert res.statistic >= 0.5 - 1e-12
    assert res.pvalue <= stats.f.sf(0.5, 10, 5) + 1e-12
    assert round(stats.f.sf(0.5, 10, 5), 3) == 0.836


# ---------------------------------------------------------------- replicability (review A6)


def test_replicate_comparison_reruns_compare_algorithms():
    from lecture_lib import compare_algorithms, replicate_comparison

    X, y = _data(2)
    e1, e2 = _estimators()
    tests = ("5x2cv_f", "corrected_repeated_cv", "5x2cv_t", "kfold_cv", "corrected_kfold")
    rep = replicate_comparison(e1, e2, X, y, tests=tests, seeds=[4, 9, 11], n_repeats=2, k=5)
    assert rep.pvalues.shape == (3, 5) and rep.seeds == (4, 9, 11)
    for i, seed in enumerate((4, 9, 11)):
        for j, test in enumerate(tests):  # shared splits (5x2cv t and F; k-fold t, plain and corrected) reused
            res = compare_algorithms(e1, e2, X, y, test=test, seed=seed, n_repeats=2, k=5)
            assert rep.pvalues[i, j] == pytest.approx(res.pvalue, rel=1e-12, abs=1e-15)
            _close(rep.mean_differences[i, j], res.scores_1.mean() - res.scores_2.mean())
    assert "agreement" in str(rep)


def test_replicability_agreement_counts_agreeing_pairs():
    from lecture_lib import Replicability

    # 4 seeds, 1 rejection at 0.05: pairs (4 choose 2) = 6, agreeing: (1 choose 2) + (3 choose 2) = 3
    p = np.array([[0.01, 0.5], [0.2, 0.6], [0.3, 0.7], [0.4, 0.8]])
    rep = Replicability(tests=("a", "b"), seeds=(0, 1, 2, 3), pvalues=p, mean_differences=np.zeros((4, 2)),
                        alpha=0.05)
    assert rep.rejections.tolist() == [1, 0]
    _close(rep.agreement[0], 3 / 6)
    _close(rep.agreement[1], 1.0)


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        (dict(tests="5x2cv_f"), TypeError, "tests"),
        (dict(tests=()), TypeError, "tests"),
        (dict(tests=("wilcoxon",)), ValueError, "tests"),
        (dict(seeds=1), ValueError, "seeds"),
        (dict(seeds=[3]), ValueError, "seeds"),
        (dict(seeds="abc"), TypeError, "seeds"),
        (dict(seeds=[1, -2]), ValueError, "seeds"),
        (dict(alpha=1.5), ValueError, "alpha"),
    ],
)
def test_replicate_comparison_bad_input(kwargs, error, words):
    from lecture_lib import replicate_comparison

    X, y = _data(0)
    e1, e2 = _estimators()
    with pytest.raises(error, match=words):
        replicate_comparison(e1, e2, X, y, **kwargs)


@pytest.mark.parametrize("exponent", [996, -996])
def test_the_t_and_f_tests_keep_their_units_at_extreme_scales(exponent):
    # Issue 19: squaring 1e300 overflowed (t = 0) and squaring 1e-300 underflowed (t = inf). Scaling
    # the data by a power of two is exact, so the statistic and p-value must be identical and every
    # quantity in the data's units must scale by exactly that power (mean, standard error, interval).
    rng = np.random.default_rng(3)
    a, b = rng.uniform(0.7, 0.9, (5, 2)), rng.uniform(0.7, 0.9, (5, 2))
    factor = 2.0**exponent
    pairs = [
        (paired_ttest, a.ravel(), b.ravel(), {}),
        (kfold_cv_ttest, a.ravel(), b.ravel(), {}),
        (resampled_ttest, a.ravel(), b.ravel(), {"test_train_ratio": 0.25}),
        (ttest_5x2cv, a, b, {}),
    ]
    for func, x, y, kwargs in pairs:
        plain, scaled = func(x, y, **kwargs), func(x * factor, y * factor, **kwargs)
        assert scaled.statistic == plain.statistic and scaled.pvalue == plain.pvalue, func.__name__
        ci, ci_scaled = plain.confidence_interval, scaled.confidence_interval
        assert (ci_scaled.estimate, ci_scaled.low, ci_scaled.high) == pytest.approx(
            (ci.estimate * factor, ci.low * factor, ci.high * factor), rel=1e-12), func.__name__
    f_plain, f_scaled = ftest_5x2cv(a, b), ftest_5x2cv(a * factor, b * factor)
    assert (f_scaled.statistic, f_scaled.pvalue) == (f_plain.statistic, f_plain.pvalue)
