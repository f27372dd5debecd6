"""lecture_lib.clustered: the cluster bootstrap and the cluster permutation test.

Oracles: the paired versions (with one example per group the cluster versions must give the same
numbers), scipy.stats.bootstrap run on the group indices (the same resamples with a matched seed and
batch, so the same percentile and BCa intervals), the exact bootstrap distribution by enumerating every
draw of a few groups, and the exact permutation distribution by enumerating every pattern of swapped
groups. Validity: simulations with patients of several scans (chapter 10's design) for the level of the
tests and the coverage of the interval.
"""

import itertools

import numpy as np
import pytest
from scipy import stats

from lecture_lib import _unit_resampling as engine  # the resampling code the public tests share
from lecture_lib.clustered import cluster_bootstrap, cluster_permutation_test
from lecture_lib.metric_tests import paired_bootstrap, paired_permutation_test
from lecture_lib.metrics import UndefinedMetricWarning
from test_metric_tests import accuracy_plain, f1_plain  # F1 and accuracy from their definitions

PLAIN = {"f1": f1_plain, "accuracy": accuracy_plain, "error_rate": lambda y, p: 1.0 - accuracy_plain(y, p)}


def grouped_predictions(n_groups, seed, sizes=(1, 6), effect=0.15, acc_1=0.75, acc_2=0.75, n_classes=2):
    """Groups of random sizes; model 1 is better by ``effect`` on some groups and worse on others."""
    rng = np.random.default_rng(seed)
    group = np.repeat(np.arange(n_groups), rng.integers(sizes[0], sizes[1] + 1, n_groups))
    n = group.size
    y = rng.integers(0, n_classes, n)
    favour = rng.choice([-effect, effect], n_groups)[group]
    wrong_1 = (y + rng.integers(1, n_classes, n)) % n_classes
    wrong_2 = (y + rng.integers(1, n_classes, n)) % n_classes
    p1 = np.where(rng.random(n) < acc_1 + favour, y, wrong_1)
    p2 = np.where(rng.random(n) < acc_2 - favour, y, wrong_2)
    return y, p1, p2, group


def chapter9_test_set(rng, n_patients=40, scans=5, effect=0.15):
    """Chapter 10's grouped simulation: two equally accurate models (75 % of scans right on average), each
    15 points better or worse on a patient, the same for all scans of that patient."""
    patient = np.repeat(np.arange(n_patients), scans)
    y = rng.integers(0, 2, patient.size)
    favour = rng.choice([-effect, effect], n_patients)[patient]
    p1 = np.where(rng.random(y.size) < 0.75 + favour, y, 1 - y)
    p2 = np.where(rng.random(y.size) < 0.75 - favour, y, 1 - y)
    return y, p1, p2, patient


def first_appearance(groups):
    _, first = np.unique(groups, return_index=True)
    return np.asarray(groups)[np.sort(first)]


# ------------------------------------------------------------------ one example per group: the paired versions


def singleton_labels(n, seed):
    """n distinct group labels (text, in a random order): every group has one example."""
    return np.random.default_rng(seed).permutation([f"patient-{i}" for i in range(n)])


@pytest.mark.parametrize("method", ["bca", "percentile"])
@pytest.mark.parametrize("metric", ["f1", "accuracy", "error_rate", "callable"])
def test_bootstrap_with_groups_of_one_is_the_paired_bootstrap(metric, method):
    y, p1, p2, _ = grouped_predictions(60, 1, sizes=(1, 1), n_classes=3)
    func = f1_plain if metric == "callable" else metric
    n_resamples = 300 if metric == "callable" else 5000
    ours = cluster_bootstrap(y, p1, p2, singleton_labels(y.size, 2), func, n_resamples=n_resamples, seed=3,
                             method=method, confidence=0.9)
    paired = paired_bootstrap(y, p1, p2, func, n_resamples=n_resamples, seed=3, method=method, confidence=0.9)
    np.testing.assert_array_equal(ours.distribution, paired.distribution)  # the same resamples
    assert ours.difference == paired.difference
    assert (ours.metric_1, ours.metric_2, ours.std_error) == (paired.metric_1, paired.metric_2, paired.std_error)


@pytest.mark.parametrize("metric", ["f1", "accuracy", "callable"])
@pytest.mark.parametrize("exact", [True, False])
def test_permutation_with_groups_of_one_is_the_paired_test(metric, exact, monkeypatch):
    y, p1, p2, _ = grouped_predictions(80, 4, sizes=(1, 1), acc_1=0.8)
    func = f1_plain if metric == "callable" else metric
    if not exact:
        monkeypatch.setattr(engine, "EXACT_MAX_POINTS", 0)
    n_resamples = (2**20 if exact else 500) if metric == "callable" else 2000
    if metric == "callable" and exact:
        y, p1, p2 = y[:30], p1[:30], p2[:30]  # at most 2^20 patterns of the discordant examples
    ours = cluster_permutation_test(y, p1, p2, singleton_labels(y.size, 5), func, n_resamples=n_resamples,
                                    seed=6)
    paired = paired_permutation_test(y, p1, p2, func, n_resamples=n_resamples, seed=6)
    assert ours.method == paired.method == ("exact" if exact else "monte-carlo")
    assert ours == paired  # the same p-value, bit for bit


# ------------------------------------------------------------------ bootstrap oracles


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("seed", [0, 1])
def test_callable_cluster_bootstrap_equals_scipy_on_group_indices(method, seed):
    # scipy.stats.bootstrap resampling the G group indices draws rng.integers(0, G, (batch, G)), as we do;
    # its BCa jackknife leaves one group index out: the group-level jackknife.
    y, p1, p2, group = grouped_predictions(25, seed)
    members = [np.flatnonzero(group == g) for g in range(25)]

    def difference(indices):
        i = np.concatenate([members[g] for g in indices])
        return f1_plain(y[i], p1[i]) - f1_plain(y[i], p2[i])

    n_resamples = 999
    ours = cluster_bootstrap(y, p1, p2, group, f1_plain, n_resamples=n_resamples, seed=seed, method=method,
                             confidence=0.9)
    theirs = stats.bootstrap((np.arange(25),), difference, vectorized=False, n_resamples=n_resamples,
                             batch=engine._batch_size(25, n_resamples), method=method,
                             confidence_level=0.9, rng=np.random.default_rng(seed))
    np.testing.assert_allclose(ours.distribution, theirs.bootstrap_distribution, rtol=0, atol=1e-14)
    assert ours.difference.low == pytest.approx(theirs.confidence_interval.low, abs=1e-12)
    assert ours.difference.high == pytest.approx(theirs.confidence_interval.high, abs=1e-12)


def exact_cluster_bootstrap_law(y, p1, p2, group, metric):
    """Every ordered draw of G groups out of G, each with probability G^-G: the exact bootstrap law."""
    n_groups = int(group.max()) + 1
    members = [np.flatnonzero(group == g) for g in range(n_groups)]
    values = []
    for draw in itertools.product(range(n_groups), repeat=n_groups):
        i = np.concatenate([members[g] for g in draw])
        values.append(metric(y[i], p1[i]) - metric(y[i], p2[i]))
    return np.sort(np.round(values, 12))


@pytest.mark.parametrize("metric", ["f1", "accuracy"])
def test_count_bootstrap_has_the_exact_cluster_bootstrap_distribution(metric):
    # 6 groups: 6^6 = 46 656 equally likely draws, enumerated. Dvoretzky-Kiefer-Wolfowitz with B draws:
    # P(sup |F_B - F| > eps) <= 2 exp(-2 B eps^2); the eps below makes that 1e-6.
    y, p1, p2, group = grouped_predictions(6, 7, sizes=(2, 7))
    law = exact_cluster_bootstrap_law(y, p1, p2, group, PLAIN[metric])
    n_resamples = 100_000
    res = cluster_bootstrap(y, p1, p2, group, metric, n_resamples=n_resamples, seed=8, method="percentile")
    points = np.unique(law)
    exact_cdf = np.searchsorted(law, points + 1e-9, side="right") / law.size
    ours_cdf = np.searchsorted(np.sort(res.distribution), points + 1e-9, side="right") / n_resamples
    eps = np.sqrt(np.log(2 / 1e-6) / (2 * n_resamples))
    assert np.max(np.abs(ours_cdf - exact_cdf)) < eps
    assert set(np.round(np.unique(res.distribution), 12)) <= set(points)  # no value the law cannot take


@pytest.mark.parametrize("metric", ["f1", "accuracy", "error_rate"])
def test_group_jackknife_acceleration_from_counts_equals_leave_one_group_out(metric):
    y, p1, p2, group = grouped_predictions(30, 9, sizes=(1, 5), n_classes=3)
    func = PLAIN[metric]
    jack = np.array([func(y[group != g], p1[group != g]) - func(y[group != g], p2[group != g])
                     for g in range(30)])
    loop = engine._acceleration(jack, np.ones(30))
    codes = engine._cell_codes(y, p1, p2, metric, 1)
    types, counts = engine._unit_types(codes, group, 30, engine._N_CELLS[metric])
    assert counts.sum() == 30 and np.array_equal(counts @ types, np.bincount(codes, minlength=types.shape[1]))
    _, accel = engine._count_bootstrap(types, counts, metric, 1, np.random.default_rng(0), bca=True)
    assert accel == pytest.approx(loop, rel=1e-10, abs=1e-15)
    assert abs(loop) > 1e-4  # a real check: the acceleration is not zero here


def test_count_and_callable_bootstraps_agree_on_bca():
    # Two routes to the same interval: counts (multinomial draws of the group tables) and the loop over
    # resampled groups. Different random numbers, so the limits agree within Monte Carlo error only:
    # with 20 000 resamples a 5 % quantile has a standard error of about 0.0018 here (binomial
    # sd of the rank, sqrt(0.05 * 0.95 / 20 000), times a density of about 1 / 0.25).
    y, p1, p2, group = grouped_predictions(40, 10)
    fast = cluster_bootstrap(y, p1, p2, group, "f1", n_resamples=20_000, seed=11, confidence=0.9)
    slow = cluster_bootstrap(y, p1, p2, group, f1_plain, n_resamples=20_000, seed=12, confidence=0.9)
    assert fast.difference.estimate == pytest.approx(slow.difference.estimate, abs=1e-15)
    assert stats.ks_2samp(fast.distribution, slow.distribution).pvalue > 1e-4
    assert fast.difference.low == pytest.approx(slow.difference.low, abs=0.01)
    assert fast.difference.high == pytest.approx(slow.difference.high, abs=0.01)


def test_count_bootstrap_does_not_depend_on_group_names_or_example_order():
    y, p1, p2, group = grouped_predictions(30, 13)
    base = cluster_bootstrap(y, p1, p2, group, "f1", n_resamples=2000, seed=14)
    rng = np.random.default_rng(15)
    renamed = rng.permutation([f"site {i}" for i in range(30)])[group]
    order = rng.permutation(y.size)
    other = cluster_bootstrap(y[order], p1[order], p2[order], renamed[order], "f1", n_resamples=2000, seed=14)
    np.testing.assert_array_equal(base.distribution, other.distribution)
    assert base.difference == other.difference


# ------------------------------------------------------------------ permutation oracles


def brute_force_cluster_pvalue(y, p1, p2, group, metric):
    """All 2^G patterns of swapped groups, each equally likely; twice the smaller tail."""
    n_groups = int(group.max()) + 1
    observed = metric(y, p1) - metric(y, p2)
    null = []
    for pattern in itertools.product([False, True], repeat=n_groups):
        swap = np.asarray(pattern)[group]
        q1, q2 = np.where(swap, p2, p1), np.where(swap, p1, p2)
        null.append(metric(y, q1) - metric(y, q2))
    null = np.asarray(null)
    tol = 1e-12
    return min(1.0, 2 * min(np.mean(null <= observed + tol), np.mean(null >= observed - tol)))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("metric", ["f1", "accuracy", "callable"])
def test_exact_cluster_permutation_equals_enumeration_of_group_swaps(seed, metric):
    y, p1, p2, group = grouped_predictions(11, seed, sizes=(1, 6), acc_1=0.85, acc_2=0.65)
    func = f1_plain if metric == "callable" else metric
    res = cluster_permutation_test(y, p1, p2, group, func, n_resamples=4096)
    assert res.method == "exact"
    plain = f1_plain if metric != "accuracy" else accuracy_plain
    assert res.pvalue == pytest.approx(brute_force_cluster_pvalue(y, p1, p2, group, plain), rel=1e-10, abs=1e-15)
    assert res.n_discordant == np.count_nonzero(p1 != p2)


def test_fewest_groups_give_a_pvalue_of_two_patterns():
    # 5 groups, model 1 always right. Accuracy: model 2 always wrong; F1: model 2 always says "positive"
    # (each group has a negative, so any swap adds a false positive to model 1 and removes one from
    # model 2). Either way, of the 2^5 = 32 equally likely swap patterns only "none swapped" and "all
    # swapped" are as extreme as the data, so p = 2 / 32 = 0.0625, the smallest two-sided p-value with
    # 5 groups (the docstring's 2^(1 - u)).
    y = np.array([0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0])
    group = np.array([0, 0, 1, 1, 1, 2, 3, 3, 3, 3, 4, 4])
    for metric, pred_2 in (("accuracy", 1 - y), ("f1", np.ones_like(y))):
        res = cluster_permutation_test(y, y, pred_2, group, metric)
        assert res.method == "exact" and res.pvalue == pytest.approx(2 / 32, rel=1e-12)
        assert res.pvalue == pytest.approx(brute_force_cluster_pvalue(y, y, pred_2, group, PLAIN[metric]))
    assert paired_permutation_test(y, y, 1 - y, "accuracy").pvalue == pytest.approx(2 / 2**12)  # 12 examples


def test_monte_carlo_cluster_permutation_agrees_with_exact(monkeypatch):
    y, p1, p2, group = grouped_predictions(60, 16, acc_1=0.8)
    exact = cluster_permutation_test(y, p1, p2, group, "f1")
    monkeypatch.setattr(engine, "EXACT_MAX_POINTS", 0)
    mc = cluster_permutation_test(y, p1, p2, group, "f1", n_resamples=40_000, seed=1)
    assert (exact.method, mc.method, mc.n_resamples) == ("exact", "monte-carlo", 40_000)
    assert mc.statistic == exact.statistic
    # Monte Carlo error of a p-value near p with B draws: sd <= 2 sqrt(p (1 - p) / B); allow 5 sd
    assert abs(mc.pvalue - exact.pvalue) <= 5 * 2 * np.sqrt(exact.pvalue * (1 - exact.pvalue) / 40_000) + 1e-4
    callable_mc = cluster_permutation_test(y, p1, p2, group, f1_plain, n_resamples=3000, seed=2)
    assert callable_mc.method == "monte-carlo"
    assert abs(callable_mc.pvalue - exact.pvalue) <= 5 * 2 * np.sqrt(exact.pvalue * (1 - exact.pvalue) / 3000) + 1e-3


def test_exact_count_distribution_equals_the_product_of_binomials():
    # _shift_distribution builds the law of sum_t K_t key_t on a lattice; compare it with the direct
    # enumeration of the product grid of the binomial counts.
    keys = np.array([[2, -1], [1, 3], [1, 0], [0, 2]])
    sizes = np.array([3, 2, 4, 1])
    low, pmf = engine._shift_distribution(keys, sizes)
    assert pmf.sum() == pytest.approx(1.0, abs=1e-14)
    direct = {}
    for k in itertools.product(*[range(s + 1) for s in sizes]):
        point = tuple(np.asarray(k) @ keys)
        prob = np.prod([stats.binom.pmf(kt, s, 0.5) for kt, s in zip(k, sizes)])
        direct[point] = direct.get(point, 0.0) + prob
    for index in zip(*np.nonzero(pmf)):
        assert pmf[index] == pytest.approx(direct.pop(tuple(np.asarray(index) + low)), rel=1e-12)
    assert direct == {}  # every point of the enumeration is on the lattice with its probability


def test_cluster_permutation_symmetry_and_degenerate_cases():
    y, p1, p2, group = grouped_predictions(30, 17)
    forward = cluster_permutation_test(y, p1, p2, group, "f1")
    backward = cluster_permutation_test(y, p2, p1, group, "f1")
    assert backward.statistic == pytest.approx(-forward.statistic)
    assert backward.pvalue == pytest.approx(forward.pvalue, rel=1e-12)
    same = cluster_permutation_test(y, p1, p1.copy(), group, "f1")
    assert (same.statistic, same.pvalue, same.method, same.n_discordant) == (0.0, 1.0, "exact", 0)
    boot = cluster_bootstrap(y, p1, p1.copy(), group, "f1", n_resamples=200, seed=0)
    assert (boot.difference.low, boot.difference.estimate, boot.difference.high) == (0.0, 0.0, 0.0)


@pytest.mark.parametrize("metric", ["accuracy", "f1", "callable"])
def test_groups_whose_swap_changes_nothing(metric):
    # Each group has one example only model 1 gets right and one only model 2 gets right, with the same
    # true class: swapping a group leaves both metrics as they are, so every one of the 2^3 patterns
    # gives the observed difference (0) and p = 1.
    y = np.array([1, 1, 0, 0, 1, 1])
    p1 = np.array([1, 0, 0, 1, 1, 0])
    p2 = np.array([0, 1, 1, 0, 0, 1])
    group = np.array(["a", "a", "b", "b", "c", "c"])
    res = cluster_permutation_test(y, p1, p2, group, f1_plain if metric == "callable" else metric)
    assert (res.statistic, res.pvalue, res.method, res.n_discordant) == (0.0, 1.0, "exact", 6)


# ------------------------------------------------------------------ validity by simulation


def test_per_example_permutation_is_liberal_and_cluster_permutation_holds_its_level():
    # Chapter 10's design with H0 true (the models are exchangeable patient by patient). Measured with
    # 4 000 test sets (the simulation of the issue 24 report): per-example test 12.2 % (accuracy: the
    # exact McNemar test; chapter 10 reports 14 % for the mid-p version) and 13.3 % (F1); cluster test
    # 3.7 % and 4.35 %, at most 5 % as an exact test must be (below it through the discreteness of the
    # permutation distribution). Here 1 000 test sets: 3 sd of a rate of 5 % is 2.1 points.
    rng = np.random.default_rng(18)
    n_sets = 1000
    rejections = {("cluster", "accuracy"): 0, ("cluster", "f1"): 0, ("example", "accuracy"): 0,
                  ("example", "f1"): 0}
    for _ in range(n_sets):
        y, p1, p2, patient = chapter9_test_set(rng)
        for metric in ("accuracy", "f1"):
            rejections["cluster", metric] += cluster_permutation_test(
                y, p1, p2, patient, metric, n_resamples=999, seed=rng).pvalue <= 0.05
            rejections["example", metric] += paired_permutation_test(
                y, p1, p2, metric, n_resamples=999, seed=rng).pvalue <= 0.05
    three_sd = 3 * np.sqrt(0.05 * 0.95 / n_sets)
    for metric in ("accuracy", "f1"):
        assert rejections["cluster", metric] / n_sets <= 0.05 + three_sd
        assert rejections["cluster", metric] / n_sets >= 0.02  # it does reject: not a vacuous test
        assert rejections["example", metric] / n_sets >= 0.10  # liberal: at least twice the level


def test_cluster_bootstrap_covers_and_the_per_example_bootstrap_does_not():
    # 50 groups of 2 to 8 examples; y positive with probability pi = 0.4; model 1 right with probability
    # 0.80 + f and model 2 with 0.74 - f, f = +-0.15 per group (chapter 10's kind of group effect). Since
    # E f = 0 and the sizes do not depend on f, the expected counts per example are TP = pi a,
    # FN = pi (1 - a), FP = (1 - pi)(1 - a), so the population F1 is 2 pi a / (2 pi a + 1 - a) with
    # a = 0.80 and 0.74. Measured with 1 000 test sets (the simulation of the issue 24 report): F1, 50
    # groups, cluster BCa 95.0 % and percentile 94.2 %, per-example BCa 85.0 %. Here 600 test sets:
    # 3 sd of a 95 % coverage is 2.7 points.
    rng = np.random.default_rng(19)
    truth = 2 * 0.4 * 0.80 / (2 * 0.4 * 0.80 + 0.20) - 2 * 0.4 * 0.74 / (2 * 0.4 * 0.74 + 0.26)
    n_sets, covered_cluster, covered_example = 600, 0, 0
    for _ in range(n_sets):
        group = np.repeat(np.arange(50), rng.integers(2, 9, 50))
        y = (rng.random(group.size) < 0.4).astype(int)
        f = rng.choice([-0.15, 0.15], 50)[group]
        p1 = np.where(rng.random(y.size) < 0.80 + f, y, 1 - y)
        p2 = np.where(rng.random(y.size) < 0.74 - f, y, 1 - y)
        ours = cluster_bootstrap(y, p1, p2, group, "f1", n_resamples=999, seed=rng).difference
        naive = paired_bootstrap(y, p1, p2, "f1", n_resamples=999, seed=rng).difference
        covered_cluster += ours.low <= truth <= ours.high
        covered_example += naive.low <= truth <= naive.high
    three_sd = 3 * np.sqrt(0.95 * 0.05 / n_sets)
    assert abs(covered_cluster / n_sets - 0.95) <= three_sd
    assert covered_example / n_sets < 0.95 - three_sd


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("func", [cluster_bootstrap, cluster_permutation_test])
def test_bad_groups(func):
    y, p1, p2, group = grouped_predictions(10, 20)
    with pytest.raises(ValueError, match=r"groups holds a single group \('a'\)"):
        func(y, p1, p2, np.full(y.size, "a"), "f1")
    with pytest.raises(ValueError, match="groups has"):
        func(y, p1, p2, group[:-1], "f1")
    with pytest.raises(ValueError, match="groups contains NaN"):
        func(y, p1, p2, np.where(group == 3, np.nan, group.astype(float)), "f1")
    with pytest.raises(TypeError, match="groups must be a 1-D array"):
        func(y, p1, p2, None, "f1")
    with pytest.raises(ValueError, match="groups must be 1-D"):
        func(y, p1, p2, group[:, None], "f1")
    with pytest.raises(ValueError, match="metric must be one of"):
        func(y, p1, p2, group, "auc")
    with pytest.raises(ValueError, match="same length"):
        func(y, p1[:-1], p2, group, "f1")
    with pytest.raises(ValueError, match="n_resamples must be >= 1"):
        func(y, p1, p2, group, "f1", n_resamples=0)
    with pytest.raises(ValueError, match="non-finite"):
        func(y, p1, p2, group, lambda a, b: np.nan)


def test_bad_bootstrap_options_and_inputs_not_modified():
    y, p1, p2, group = grouped_predictions(10, 21)
    with pytest.raises(ValueError, match="method must be one of"):
        cluster_bootstrap(y, p1, p2, group, "f1", method="basic")
    with pytest.raises(ValueError, match="confidence must lie in"):
        cluster_bootstrap(y, p1, p2, group, "f1", confidence=1.0)
    copies = y.copy(), p1.copy(), p2.copy(), group.copy()
    cluster_bootstrap(y, p1, p2, group, f1_plain, n_resamples=20, seed=0)
    cluster_bootstrap(y, p1, p2, group, "f1", n_resamples=20, seed=0)
    cluster_permutation_test(y, p1, p2, group, f1_plain, n_resamples=20, seed=0)
    cluster_permutation_test(y, p1, p2, group, "f1", n_resamples=20, seed=0)
    for a, b in zip((y, p1, p2, group), copies):
        np.testing.assert_array_equal(a, b)


def test_undefined_f1_warns_once_on_the_data():
    y = np.array([0, 0, 1, 1, 0, 1])
    group = np.array([0, 0, 1, 1, 2, 2])
    with pytest.warns(UndefinedMetricWarning, match="model 2") as record:
        res = cluster_bootstrap(y, [0, 0, 1, 1, 0, 0], [0, 0, 0, 0, 0, 0], group, "f1", n_resamples=100, seed=0)
    assert res.metric_2 == 0.0 and len(record) == 1
    assert record[0].filename == __file__  # the warning points at the caller's line
