"""Type I error and power of the chapter 4 tests, by a vectorised simulation.

The set-up follows the spirit of Dietterich (1998): many data sets are drawn
from one population, and on each of them two learning algorithms are compared
by every test, with real training on real resamples, so the dependence
between overlapping training sets that inflates some tests is genuine.

The population and the two algorithms
-------------------------------------
The class y is 0 or 1 with probability 1/2. The features come in two blocks
of ``n_features`` each; given y, block b is Gaussian with identity covariance
and mean :math:`\\pm \\frac{\\Delta_b}{2 \\sqrt{p}} (1, \\dots, 1)` (+ for
class 1). Algorithm A is a nearest-centroid classifier on block 1, algorithm B
the same classifier on block 2. With the true centroids this rule is the Bayes
rule of its block, with accuracy :math:`\\Phi(\\Delta_b / 2)`: we choose
:math:`\\Delta_b = 2 \\Phi^{-1}(\\text{accuracy}_b)`.

H0 (``accuracy_2 == accuracy_1``): the blocks are exchangeable, so the two
algorithms have exactly the same expected accuracy for every training-set
size: swapping the blocks swaps the algorithms. Every rejection is a false
positive. Alternatives (``accuracy_2 < accuracy_1``): block 2 is less
informative, and the difference in (Bayes) accuracy is known; trained
classifiers are slightly less accurate than the Bayes rule, by about the same
amount for both.

Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).
"""

from __future__ import annotations

import dataclasses
import numbers

import numpy as np
from scipy import special

from ._results import _format_value
from ._validation import _show, as_generator, check_alpha, check_count, check_probability
from .mcnemar import mcnemar_pvalues
from .paired import PAIRED_TESTS, _f_5x2cv, _fold_t, _t_5x2cv, _t_pvalue, _z_proportions
from .simulate import RejectionRates, wilson_interval

__all__ = [
    "PairedSimulation",
    "PowerCurve",
    "simulate_paired_tests",
    "paired_power_curve",
    "TRAININGS_PER_ALGORITHM",
]

#: Number of trainings of each algorithm that each test needs (with the default sizes).
TRAININGS_PER_ALGORITHM = {
    "mcnemar": 1,
    "prop_diff": 1,
    "resampled": 30,
    "corrected": 30,
    "kfold_cv": 10,
    "5x2cv_t": 10,
    "5x2cv_f": 10,
}


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class PairedSimulation:
    """The p-values of every test on many simulated data sets.

    Attributes
    ----------
    tests : tuple of str
        :data:`lecture_lib.PAIRED_TESTS`, the column order of ``pvalues``.
    pvalues : ndarray, shape (n_reps, 7)
        P-value of each test (column) on each simulated data set (row).
    resampled_mean, resampled_var : ndarray, shape (n_reps,)
        Mean and variance (ddof = 1) of the resampled score differences,
        so the corrected t can be recomputed for any ratio.
    accuracy_1, accuracy_2 : float
        Bayes accuracies of the two blocks (equal under H0).
    trained_accuracy_1, trained_accuracy_2 : float
        Mean holdout accuracy of the trained classifiers (Monte Carlo).
    n_examples, n_test, n_resamples, k, n_features : int
        The set-up (n_test: test-set size of the holdout splits).
    """

    tests: tuple
    pvalues: np.ndarray
    resampled_mean: np.ndarray
    resampled_var: np.ndarray
    accuracy_1: float
    accuracy_2: float
    trained_accuracy_1: float
    trained_accuracy_2: float
    n_examples: int
    n_test: int
    n_resamples: int
    k: int
    n_features: int

    @property
    def n_reps(self) -> int:
        """Number of simulated data sets."""
        return int(self.pvalues.shape[0])

    @property
    def null_is_true(self) -> bool:
        """True when both algorithms have the same accuracy (rates are Type I errors)."""
        return self.accuracy_1 == self.accuracy_2

    @property
    def test_train_ratio(self) -> float:
        """n_test / n_train of the holdout splits (the Nadeau-Bengio ratio)."""
        return self.n_test / (self.n_examples - self.n_test)

    def rates(self, alpha: float = 0.05, n_reps: int | None = None) -> RejectionRates:
        """Rejection rate of every test at level ``alpha`` with 95 % Wilson intervals.

        ``n_reps`` uses only the first that many replications (default: all).
        """
        alpha = check_alpha(alpha)
        n = self.n_reps if n_reps is None else check_count(n_reps, "n_reps", minimum=1)
        if n > self.n_reps:
            raise ValueError(f"n_reps must be at most the {self.n_reps} replications simulated, got {n}")
        rejections = np.count_nonzero(self.pvalues[:n] <= alpha, axis=0)
        low, high = wilson_interval(rejections, n)
        return RejectionRates(
            methods=self.tests, rates=rejections / n, ci_low=low, ci_high=high, n_reps=n, alpha=alpha
        )

    def corrected_pvalues(self, test_train_ratio) -> np.ndarray:
        """P-values of the resampled t with variance factor 1/J + ``test_train_ratio``.

        ``test_train_ratio = 0`` gives Dietterich's plain resampled t;
        :attr:`test_train_ratio` gives Nadeau and Bengio's corrected t.
        """
        if isinstance(test_train_ratio, bool) or not isinstance(test_train_ratio, numbers.Real):
            raise TypeError(f"test_train_ratio must be a number >= 0, got {_show(test_train_ratio)}")
        ratio = float(test_train_ratio)
        if not (np.isfinite(ratio) and ratio >= 0):
            raise ValueError(f"test_train_ratio must be a finite number >= 0, got {ratio!r}")
        se = np.sqrt((1.0 / self.n_resamples + ratio) * self.resampled_var)
        safe = np.where(se == 0, 1.0, se)
        t = np.where(se == 0, np.where(self.resampled_mean == 0, 0.0, np.inf), self.resampled_mean / safe)
        return _t_pvalue(t, self.n_resamples - 1)

    def __str__(self) -> str:
        kind = "H0 true: equal accuracies" if self.null_is_true else "H0 false"
        return (
            f"PairedSimulation ({kind}; Bayes accuracies {self.accuracy_1:.4g} and {self.accuracy_2:.4g}, "
            f"trained about {self.trained_accuracy_1:.3f} and {self.trained_accuracy_2:.3f})\n"
            f"  {self.n_reps} data sets of n = {self.n_examples}; holdout test size {self.n_test}, "
            f"{self.n_resamples} resamples, {self.k}-fold CV, 5x2 CV\n" + str(self.rates(0.05))
        )

    def _repr_pretty_(self, printer, cycle):
        printer.text(str(self))


# --------------------------------------------------------------------------- numpy learners


def _random_masks(rng, n_reps: int, n: int, n_in: int) -> np.ndarray:
    """(n_reps, n) boolean masks with exactly n_in True entries per row, uniformly at random."""
    order = np.argsort(rng.random((n_reps, n)), axis=1)
    mask = np.zeros((n_reps, n), dtype=bool)
    np.put_along_axis(mask, order[:, :n_in], True, axis=1)
    return mask


def _fold_ids(rng, n_reps: int, n: int, k: int) -> np.ndarray:
    """(n_reps, n) fold numbers 0..k-1, fold sizes as in KFold (first n % k folds one larger)."""
    sizes = np.full(k, n // k)
    sizes[: n % k] += 1
    labels = np.repeat(np.arange(k), sizes)
    order = np.argsort(rng.random((n_reps, n)), axis=1)
    ids = np.empty((n_reps, n), dtype=np.int64)
    np.put_along_axis(ids, order, np.broadcast_to(labels, (n_reps, n)), axis=1)
    return ids


def _correct(X, is_one, train):
    """Nearest-centroid classifiers, one per block, trained on ``train``; correctness on all examples.

    X: (R, n, 2, p); is_one: (R, n) bool; train: (R, n) bool. Returns (R, n, 2) bool.
    """
    w1 = (train & is_one).astype(float)
    w0 = (train & ~is_one).astype(float)
    c1 = np.maximum(w1.sum(axis=1), 1.0)[:, None, None]
    c0 = np.maximum(w0.sum(axis=1), 1.0)[:, None, None]
    m1 = np.einsum("rn,rnbp->rbp", w1, X) / c1
    m0 = np.einsum("rn,rnbp->rbp", w0, X) / c0
    w = m1 - m0
    offset = np.einsum("rbp,rbp->rb", (m1 + m0) / 2.0, w)
    score = np.einsum("rnbp,rbp->rnb", X, w) - offset[:, None, :]
    return (score > 0) == is_one[:, :, None]


def _accuracies(correct, test):
    """(R, 2) accuracies of both algorithms on the examples in ``test``."""
    hits = np.einsum("rnb,rn->rb", correct.astype(float), test.astype(float))
    return hits / test.sum(axis=1)[:, None]


def _check_accuracy(value, name):
    value = check_probability(value, name)
    if value <= 0.5:
        raise ValueError(f"{name} must lie in (0.5, 1): a Bayes accuracy above chance, got {value!r}")
    return value


def _one_batch(rng, n_reps, n, p, delta, n_test, n_resamples, k, details=None):
    """Simulate one batch; ``details`` (a dict) receives the score differences, for the tests."""
    is_one = rng.random((n_reps, n)) < 0.5
    sign = np.where(is_one, 0.5, -0.5)[:, :, None, None]
    means = (np.asarray(delta) / np.sqrt(p))[None, None, :, None]
    X = rng.standard_normal((n_reps, n, 2, p)) + sign * means
    out = np.empty((n_reps, len(PAIRED_TESTS)))

    # J holdout splits: the first one also serves McNemar and the difference of proportions
    diffs = np.empty((n_reps, n_resamples))
    for j in range(n_resamples):
        test = _random_masks(rng, n_reps, n, n_test)
        correct = _correct(X, is_one, ~test)
        acc = _accuracies(correct, test)
        diffs[:, j] = acc[:, 0] - acc[:, 1]
        if j == 0:
            holdout_acc = acc
            a_right = correct[:, :, 0] & test
            b_right = correct[:, :, 1] & test
            b = np.count_nonzero(a_right & ~b_right, axis=1)
            c = np.count_nonzero(~a_right & b_right & test, axis=1)
            out[:, 0] = mcnemar_pvalues(b, c, "corrected")[1]
            out[:, 1] = _z_proportions(acc[:, 0], acc[:, 1], n_test)[1]
    out[:, 2] = _fold_t(diffs, 1.0 / n_resamples)[1]
    out[:, 3] = _fold_t(diffs, 1.0 / n_resamples + n_test / (n - n_test))[1]
    mean = diffs.mean(axis=1)
    var = diffs.var(axis=1, ddof=1)
    var = np.where(np.all(diffs == diffs[:, :1], axis=1), 0.0, var)

    ids = _fold_ids(rng, n_reps, n, k)
    kdiffs = np.empty((n_reps, k))
    for f in range(k):
        test = ids == f
        acc = _accuracies(_correct(X, is_one, ~test), test)
        kdiffs[:, f] = acc[:, 0] - acc[:, 1]
    out[:, 4] = _fold_t(kdiffs, 1.0 / k)[1]

    d52 = np.empty((n_reps, 5, 2))
    for i in range(5):
        first = _random_masks(rng, n_reps, n, (n + 1) // 2)
        for j, test in enumerate((~first, first)):  # train on S1 and test on S2, then swap
            acc = _accuracies(_correct(X, is_one, ~test), test)
            d52[:, i, j] = acc[:, 0] - acc[:, 1]
    out[:, 5] = _t_5x2cv(d52)[1]
    out[:, 6] = _f_5x2cv(d52)[1]
    if details is not None:
        details.update(resampled=diffs, kfold=kdiffs, five_by_two=d52, b=b, c=c, holdout_accuracy=holdout_acc)
    return out, mean, var, holdout_acc.sum(axis=0)


def _print_progress(done: int, total: int) -> None:
    print(f"simulated {done} of {total} data sets", flush=True)


def simulate_paired_tests(
    n_examples: int = 300,
    accuracy_1: float = 0.8,
    accuracy_2: float | None = None,
    n_reps: int = 1000,
    n_features: int = 5,
    test_size: float = 1 / 3,
    n_resamples: int = 30,
    k: int = 10,
    seed=None,
    batch_size: int = 250,
    progress=None,
) -> PairedSimulation:
    """Run all seven chapter 4 tests on many simulated data sets.

    Parameters
    ----------
    n_examples : int, optional
        Size of each simulated data set (>= 20).
    accuracy_1 : float, optional
        Bayes accuracy of feature block 1 (algorithm A), in (0.5, 1).
    accuracy_2 : float or None, optional
        Bayes accuracy of block 2 (algorithm B); None means ``accuracy_1``
        (H0 true, the rates are Type I errors).
    n_reps : int, optional
        Number of simulated data sets.
    n_features : int, optional
        Features per block (>= 1).
    test_size : float, optional
        Fraction of examples in the test set of the holdout splits
        (McNemar, difference of proportions, resampled t), in (0, 1).
    n_resamples : int, optional
        Number of holdout splits J of the resampled t-tests (>= 2).
    k : int, optional
        Number of folds of the k-fold CV t-test (>= 2).
    seed : int, numpy.random.Generator or None
        Source of randomness; with an int the result is reproducible (for
        the same ``batch_size``).
    batch_size : int, optional
        Replications simulated at once (memory: about
        ``batch_size * n_examples * n_features * 32`` bytes).
    progress : callable, bool or None, optional
        Called as ``progress(done, total)`` after every batch; True prints a
        line of text per batch ("simulated 250 of 1000 data sets"); None or
        False for silence.

    Returns
    -------
    result : PairedSimulation
        The p-values of every test on every data set; ``result.rates(alpha)``
        gives the rejection rates with Wilson intervals.

    Notes
    -----
    Per data set each algorithm is trained 1 + J - 1 + k + 10 times (the
    first holdout split is shared by McNemar, the difference of proportions
    and the resampled tests). McNemar's test uses Edwards' continuity
    correction, as in Dietterich (1998). Every training is a real
    nearest-centroid fit on that split's training examples, vectorised over
    the replications of a batch with numpy.

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.

    Examples
    --------
    >>> from lecture_lib import simulate_paired_tests
    >>> sim = simulate_paired_tests(n_examples=200, n_reps=400, seed=0)
    >>> rates = sim.rates(0.05)
    >>> bool(dict(zip(rates.methods, rates.rates))["resampled"] > 0.1)
    True

    Under H0 the resampled t-test rejects far more often than the nominal
    5 %.
    """
    n = check_count(n_examples, "n_examples", minimum=20)
    acc1 = _check_accuracy(accuracy_1, "accuracy_1")
    acc2 = acc1 if accuracy_2 is None else _check_accuracy(accuracy_2, "accuracy_2")
    n_reps = check_count(n_reps, "n_reps", minimum=1)
    p = check_count(n_features, "n_features", minimum=1)
    test_size = check_probability(test_size, "test_size")
    n_test = int(np.ceil(test_size * n))
    if n_test >= n - 1:
        raise ValueError(f"test_size={test_size} leaves fewer than 2 training examples out of n={n}")
    n_resamples = check_count(n_resamples, "n_resamples", minimum=2)
    k = check_count(k, "k", minimum=2)
    if k > n // 2:
        raise ValueError(f"k={k} folds is too many for n_examples={n} (at most n // 2)")
    batch_size = check_count(batch_size, "batch_size", minimum=1)
    if progress is True:
        progress = _print_progress
    elif progress is None or progress is False:
        progress = None
    elif not callable(progress):
        raise TypeError(f"progress must be a callable progress(done, total), True, False or None, got {_show(progress)}")
    rng = as_generator(seed)
    delta = 2.0 * special.ndtri(np.array([acc1, acc2]))

    pvalues, means, variances = [], [], []
    acc_sum = np.zeros(2)
    done = 0
    while done < n_reps:
        size = min(batch_size, n_reps - done)
        out, mean, var, acc = _one_batch(rng, size, n, p, delta, n_test, n_resamples, k)
        pvalues.append(out)
        means.append(mean)
        variances.append(var)
        acc_sum += acc
        done += size
        if progress is not None:
            progress(done, n_reps)
    return PairedSimulation(
        tests=PAIRED_TESTS,
        pvalues=np.concatenate(pvalues),
        resampled_mean=np.concatenate(means),
        resampled_var=np.concatenate(variances),
        accuracy_1=acc1,
        accuracy_2=acc2,
        trained_accuracy_1=float(acc_sum[0] / n_reps),
        trained_accuracy_2=float(acc_sum[1] / n_reps),
        n_examples=n,
        n_test=n_test,
        n_resamples=n_resamples,
        k=k,
        n_features=p,
    )


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class PowerCurve:
    """Rejection rates of every test against the accuracy difference.

    Attributes
    ----------
    tests : tuple of str
        Column order of ``rates``.
    differences : ndarray, shape (m,)
        accuracy_1 - accuracy_2 (Bayes accuracies); 0 is H0.
    rates, ci_low, ci_high : ndarray, shape (m, 7)
        Rejection rates and their 95 % Wilson intervals.
    alpha : float
        Significance level.
    n_reps : int
        Replications per difference.
    """

    tests: tuple
    differences: np.ndarray
    rates: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    alpha: float
    n_reps: int

    def __str__(self) -> str:
        head = "  ".join(f"{t:>9}" for t in self.tests)
        lines = [f"Rejection rates at alpha = {_format_value(self.alpha)} ({self.n_reps} data sets per row)",
                 f"  {'difference':>10}  {head}"]
        for d, row in zip(self.differences, self.rates):
            lines.append(f"  {d:>10.3f}  " + "  ".join(f"{r:>9.3f}" for r in row))
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):
        printer.text(str(self))


def paired_power_curve(differences, accuracy_1: float = 0.8, alpha: float = 0.05, n_reps: int = 300, seed=None, **options) -> PowerCurve:
    """Rejection rate of every test for several true accuracy differences.

    Parameters
    ----------
    differences : array_like of float
        accuracy_1 - accuracy_2, each in [0, accuracy_1 - 0.5).
    accuracy_1 : float, optional
        Bayes accuracy of algorithm A.
    alpha : float, optional
        Significance level.
    n_reps : int, optional
        Data sets simulated per difference.
    seed : int, numpy.random.Generator or None
        One generator drives all differences.
    **options
        Passed on to :func:`simulate_paired_tests` (n_examples, n_features,
        test_size, n_resamples, k, batch_size, progress).

    Returns
    -------
    curve : PowerCurve

    Examples
    --------
    >>> from lecture_lib import paired_power_curve
    >>> curve = paired_power_curve([0.0, 0.15], n_reps=100, seed=1, n_examples=200)
    >>> bool((curve.rates[1] > curve.rates[0]).all())
    True

    Every test rejects more often when algorithm B is 15 points worse.
    """
    alpha = check_alpha(alpha)
    acc1 = _check_accuracy(accuracy_1, "accuracy_1")
    if differences is None or isinstance(differences, (str, bytes)):
        raise TypeError(f"differences must be a 1-D array of accuracy differences, got {_show(differences)}")
    diffs = np.asarray(differences, dtype=float)
    if diffs.ndim > 1:
        raise ValueError(f"differences must be 1-D, got an array of shape {diffs.shape}")
    diffs = diffs.reshape(-1)
    if diffs.size == 0 or not np.all(np.isfinite(diffs)) or np.any(diffs < 0) or np.any(diffs >= acc1 - 0.5):
        raise ValueError(
            f"differences must be non-empty, with each in [0, accuracy_1 - 0.5) = [0, {acc1 - 0.5:.4g}), "
            f"got {_show(np.asarray(differences).tolist())}"
        )
    rng = as_generator(seed)
    rows = []
    for d in diffs:
        sim = simulate_paired_tests(accuracy_1=acc1, accuracy_2=acc1 - d, n_reps=n_reps, seed=rng, **options)
        rows.append(np.count_nonzero(sim.pvalues <= alpha, axis=0))
    rejections = np.array(rows)
    low, high = wilson_interval(rejections, n_reps)
    return PowerCurve(
        tests=PAIRED_TESTS, differences=diffs, rates=rejections / n_reps, ci_low=low, ci_high=high,
        alpha=alpha, n_reps=n_reps,
    )
