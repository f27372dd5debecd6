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
class 1). Algorithm A is a learner trained on block 1, algorithm B the same
learner on block 2. With the true class means, the nearest-centroid rule is
the Bayes rule of its block, with accuracy :math:`\\Phi(\\Delta_b / 2)`: we
choose :math:`\\Delta_b = 2 \\Phi^{-1}(\\text{accuracy}_b)`.

Two learners are offered, to see whether a conclusion depends on how much the
trained model changes with its training set:

- ``"nearest_centroid"``: the class means of the training set, a stable
  learner (a model with 2 p parameters estimated from hundreds of examples);
- ``"1nn"``: the first nearest neighbour (Euclidean), an unstable one (each
  prediction rests on a single training example), one of the learners of
  Dietterich (1998) and of Bouckaert and Frank (2004).

H0 (``accuracy_2 == accuracy_1``): the blocks are exchangeable, so the two
algorithms have exactly the same expected accuracy for every training-set
size: swapping the blocks swaps the algorithms. Every rejection is a false
positive. Alternatives (``accuracy_2 < accuracy_1``): block 2 is less
informative, and the difference in Bayes accuracy is known; trained
classifiers are less accurate than the Bayes rule (1-NN clearly so), and
the difference between the two trained algorithms is reported as
``trained_accuracy_1 - trained_accuracy_2``.

Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).
"""

from __future__ import annotations

import dataclasses
import numbers

import numpy as np
from scipy import special

from ._paired_cores import f_5x2cv, fold_t, t_5x2cv, t_pvalue, z_proportions
from ._results import Printable, format_value
from ._text import WIDTH, fill
from ._validation import (
    _show,
    as_generator,
    check_alpha,
    check_count,
    check_option,
    check_probability,
    check_real_array,
)
from .intervals import proportion_interval
from .mcnemar import mcnemar_pvalues
from .paired import PAIRED_TESTS
from .simulate import RejectionRates

__all__ = [
    "PairedSimulation",
    "PowerCurve",
    "simulate_paired_tests",
    "paired_power_curve",
    "TRAININGS_PER_ALGORITHM",
    "SIMULATION_LEARNERS",
]

#: Number of trainings of each algorithm that each test needs (with the default sizes).
TRAININGS_PER_ALGORITHM = {
    "mcnemar": 1,
    "prop_diff": 1,
    "resampled": 30,
    "corrected": 30,
    "kfold_cv": 10,
    "corrected_kfold": 10,
    "corrected_repeated_cv": 100,
    "5x2cv_t": 10,
    "5x2cv_f": 10,
}

#: The learners of :func:`simulate_paired_tests`: a stable one and an unstable one.
SIMULATION_LEARNERS = ("nearest_centroid", "1nn")

_LEARNER_NAMES = {"nearest_centroid": "nearest centroid", "1nn": "1-nearest neighbour"}


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class PairedSimulation(Printable):
    """The p-values of every test on many simulated data sets.

    Attributes
    ----------
    tests : tuple of str
        :data:`lecture_lib.PAIRED_TESTS`, the column order of ``pvalues``.
    pvalues : ndarray, shape (n_reps, 9)
        P-value of each test (column) on each simulated data set (row).
    resampled_mean, resampled_var : ndarray, shape (n_reps,)
        Mean and variance (ddof = 1) of the resampled score differences,
        so the corrected t can be recomputed for any ratio.
    kfold_mean, kfold_var, repeated_mean, repeated_var : ndarray, shape (n_reps,)
        The same for the k differences of the single k-fold CV and the r k
        differences of the repeated CV (see :meth:`variance_factors`).
    accuracy_1, accuracy_2 : float
        Bayes accuracies of the two blocks (equal under H0).
    trained_accuracy_1, trained_accuracy_2 : float
        Mean holdout accuracy of the trained classifiers (Monte Carlo).
    n_examples, n_test, n_resamples, k, n_repeats, n_features : int
        The set-up (n_test: test-set size of the holdout splits; n_repeats x
        k: the repeated cross-validation).
    learner : str
        One of :data:`SIMULATION_LEARNERS`.
    """

    tests: tuple
    pvalues: np.ndarray
    resampled_mean: np.ndarray
    resampled_var: np.ndarray
    kfold_mean: np.ndarray
    kfold_var: np.ndarray
    repeated_mean: np.ndarray
    repeated_var: np.ndarray
    accuracy_1: float
    accuracy_2: float
    trained_accuracy_1: float
    trained_accuracy_2: float
    n_examples: int
    n_test: int
    n_resamples: int
    k: int
    n_repeats: int
    n_features: int
    learner: str

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
        interval = proportion_interval(rejections, n)
        return RejectionRates(
            methods=self.tests,
            rates=rejections / n,
            ci_low=interval.low,
            ci_high=interval.high,
            n_reps=n,
            alpha=alpha,
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
        return t_pvalue(t, self.n_resamples - 1)

    def variance_factors(self) -> dict:
        """The variance factor each design would need, measured, next to the ones the tests use.

        For each design the fold t-tests estimate :math:`\\mathrm{Var}(\\bar d)`
        by c s^2. Over the simulated data sets the factor that would be right
        is :math:`\\mathrm{Var}(\\bar d) / E[s^2]` (Monte Carlo; relative
        standard error about :math:`\\sqrt{2/n_{reps}}`). Returns
        ``{design: (needed, plain, corrected)}`` for ``"resampled"`` (J
        holdout splits: plain 1/J, corrected 1/J + n_test/n_train),
        ``"kfold"`` (one k-fold CV: plain 1/k, corrected 1/k + 1/(k-1)) and
        ``"repeated_cv"`` (r x k CV: plain 1/(rk), corrected 1/(rk) + 1/(k-1)).
        A test whose factor is below the needed one is liberal, above it
        conservative.
        """
        if self.n_reps < 2:
            raise ValueError("variance_factors needs at least 2 simulated data sets")
        J, k, r = self.n_resamples, self.k, self.n_repeats
        designs = {
            "resampled": (self.resampled_mean, self.resampled_var, 1.0 / J, 1.0 / J + self.test_train_ratio),
            "kfold": (self.kfold_mean, self.kfold_var, 1.0 / k, 1.0 / k + 1.0 / (k - 1)),
            "repeated_cv": (
                self.repeated_mean,
                self.repeated_var,
                1.0 / (r * k),
                1.0 / (r * k) + 1.0 / (k - 1),
            ),
        }
        return {
            name: (float(np.var(mean, ddof=1) / np.mean(var)), plain, corrected)
            for name, (mean, var, plain, corrected) in designs.items()
        }

    def table(self, alpha: float = 0.05) -> str:
        """The rejection rates as an aligned text table (one row per test)."""
        result = self.rates(alpha)
        what = "Type I error" if self.null_is_true else "power"
        lines = [f"  {'test':<22} {what:>12}   95 % Monte Carlo interval"]
        for m, r, lo, hi in zip(result.methods, result.rates, result.ci_low, result.ci_high):
            lines.append(f"  {m:<22} {r:12.3f}   [{lo:.3f}, {hi:.3f}]")
        return "\n".join(lines)

    def __str__(self) -> str:
        kind = "H0 true: equal accuracies" if self.null_is_true else "H0 false"
        head = (
            f"PairedSimulation, {_LEARNER_NAMES[self.learner]} learner ({kind}; Bayes accuracies "
            f"{self.accuracy_1:.4g} and {self.accuracy_2:.4g}, trained about {self.trained_accuracy_1:.3f} "
            f"and {self.trained_accuracy_2:.3f})"
        )
        design = (
            f"{self.n_reps} data sets of n = {self.n_examples}; holdout test size {self.n_test}, "
            f"{self.n_resamples} resamples, {self.k}-fold CV, {self.n_repeats} x {self.k} CV, 5x2 CV; "
            "alpha = 0.05"
        )
        return fill(head, WIDTH, rest="  ") + "\n" + fill(design, WIDTH, "  ", "  ") + "\n" + self.table(0.05)


# --------------------------------------------------------------------------- numpy learners
#
# Every learner is trained "by folds": given a fold number for every example,
# each example is predicted by the model trained on the examples of all the
# *other* folds. One call thus serves a whole k-fold cross-validation, both
# halves of a 2-fold one, or a holdout split (fold 1 = test, fold 0 = train;
# only the test examples' predictions are used).


def _random_masks(rng, n_reps: int, n: int, n_in: int) -> np.ndarray:
    """(n_reps, n) boolean masks with exactly n_in True entries per row, uniformly at random."""
    row = np.zeros(n, dtype=bool)
    row[:n_in] = True
    return rng.permuted(np.tile(row, (n_reps, 1)), axis=1)


def _fold_ids(rng, n_reps: int, n: int, k: int) -> np.ndarray:
    """(n_reps, n) fold numbers 0..k-1, fold sizes as in KFold (first n % k folds one larger)."""
    sizes = np.full(k, n // k)
    sizes[: n % k] += 1
    labels = np.repeat(np.arange(k), sizes)
    return rng.permuted(np.tile(labels, (n_reps, 1)), axis=1)


def _one_hot(fold, k):
    """(R, n, k) float indicators of the fold of every example."""
    return (fold[:, :, None] == np.arange(k)).astype(float)


def _centroid_correct(X, is_one, fold, k):
    """Nearest-centroid classifiers, one per block, trained without each example's fold.

    X: (R, n, 2, p); is_one: (R, n) bool; fold: (R, n) ints in 0..k-1.
    Returns (R, n, 2) bool: is example i right when predicted by the
    classifier of its block trained on the examples of the other folds?
    The class sums of a training set are the totals minus the held-out
    fold's sums, so one pass serves all k folds.
    """
    R, n, _, p = X.shape
    member = _one_hot(fold, k)
    ones = is_one[:, :, None].astype(float)
    flat = X.reshape(R, n, 2 * p)
    s1 = np.matmul(np.swapaxes(member * ones, 1, 2), flat).reshape(R, k, 2, p)  # class-1 sums of every fold
    s0 = np.matmul(np.swapaxes(member, 1, 2), flat).reshape(R, k, 2, p) - s1
    n_fold = member.sum(axis=1)  # (R, k)
    n1 = (member * ones).sum(axis=1)
    n0 = n_fold - n1
    c1 = np.maximum(n1.sum(axis=1, keepdims=True) - n1, 1.0)[:, :, None, None]
    c0 = np.maximum(n0.sum(axis=1, keepdims=True) - n0, 1.0)[:, :, None, None]
    m1 = (s1.sum(axis=1, keepdims=True) - s1) / c1  # training class means of every fold's model
    m0 = (s0.sum(axis=1, keepdims=True) - s0) / c0
    w = m1 - m0  # (R, k, 2, p)
    offset = ((m1 + m0) / 2.0 * w).sum(axis=-1)  # (R, k, 2)
    correct = np.empty((R, n, 2), dtype=bool)
    for b in range(2):
        # every example scored by every fold's model, then its own fold's score kept
        scores = (
            np.matmul(X[:, :, b, :], np.swapaxes(w[:, :, b, :], 1, 2)) - offset[:, None, :, b]
        )  # (R, n, k)
        own = np.take_along_axis(scores, fold[:, :, None], axis=2)[:, :, 0]
        correct[:, :, b] = (own > 0) == is_one
    return correct


#: Nearest neighbours listed per example for the 1-NN learner.
_MAX_NEIGHBOURS = 24


def _neighbour_lists(X, n_neighbours: int = _MAX_NEIGHBOURS, chunk: int = 16) -> np.ndarray:
    """Every example's m nearest other examples in each block, nearest first.

    Returns (R * n, 2, m) int64 *flat* indices r * n + j into the R data sets
    of a batch (so that gathers are single ``take`` calls).
    """
    R, n, _, _ = X.shape
    m = min(n_neighbours, n - 1)
    out = np.empty((R, n, 2, m), dtype=np.int64)
    sq = np.einsum("rnbp,rnbp->rnb", X, X)
    diagonal = np.arange(n)
    for start in range(0, R, chunk):
        part = slice(start, min(start + chunk, R))
        for b in range(2):
            Xb = X[part, :, b, :]
            d = sq[part, :, b, None] + sq[part, None, :, b] - 2.0 * np.matmul(Xb, np.swapaxes(Xb, 1, 2))
            d[:, diagonal, diagonal] = np.inf  # an example is never its own neighbour
            near = (
                np.argpartition(d, m - 1, axis=-1)[..., :m] if m < n - 1 else np.argsort(d, axis=-1)[..., :m]
            )
            order = np.argsort(np.take_along_axis(d, near, axis=-1), axis=-1)
            out[part, :, b, :] = np.take_along_axis(near, order, axis=-1)
    out += (np.arange(R) * n)[:, None, None, None]
    return out.reshape(R * n, 2, m)


def _list_length(train_fraction: float, m: int) -> int:
    """Neighbours to scan: none of them is a training example with probability below 1e-6.

    The rare example whose scanned neighbours are all outside its training
    set is searched exactly, so this only trades speed, never correctness.
    """
    if train_fraction >= 1.0:
        return 1
    return int(min(m, max(1, np.ceil(np.log(1e-6) / np.log1p(-train_fraction)))))


def _nn_correct(X, is_one, fold, neighbours, train_fraction, targets=None):
    """1-NN classifiers, one per block, trained without each example's fold.

    ``neighbours``: from :func:`_neighbour_lists`. ``targets`` (R, t)
    indices: predict only these examples (default: all). Each example's
    nearest neighbour among the training examples is the first entry of its
    list whose fold differs from its own; an example whose scanned entries
    all share its fold is searched exactly. Returns (R, t, 2) bool.
    """
    R, n = is_one.shape
    if targets is None:
        targets = np.broadcast_to(np.arange(n), (R, n))
    t = targets.shape[1]
    flat_targets = (targets + (np.arange(R) * n)[:, None]).reshape(-1)
    m = _list_length(train_fraction, neighbours.shape[-1])
    near = neighbours[flat_targets, :, :m]  # (R t, 2, m)
    fold_flat = fold.reshape(-1)
    usable = fold_flat[near] != fold_flat[flat_targets][:, None, None]
    first = usable.argmax(axis=-1)
    nearest = np.take_along_axis(near, first[..., None], axis=-1)[..., 0]  # (R t, 2)
    for q, b in zip(*np.nonzero(~usable.any(axis=-1))):  # exact search, rarely needed
        r, example = divmod(int(flat_targets[q]), n)
        train = np.flatnonzero(fold[r] != fold[r, example])
        dist = ((X[r, train, b, :] - X[r, example, b, :]) ** 2).sum(axis=-1)
        nearest[q, b] = r * n + train[int(np.argmin(dist))]
    one_flat = is_one.reshape(-1)
    return (one_flat[nearest] == one_flat[flat_targets][:, None]).reshape(R, t, 2)


def _fold_accuracies(correct, fold, k):
    """(R, k, 2) accuracy of both algorithms on each test fold; ``correct`` is (R, n, 2)."""
    member = _one_hot(fold, k)
    hits = np.matmul(np.swapaxes(member, 1, 2), correct.astype(float))
    return hits / member.sum(axis=1)[:, :, None]


def _members(mask, size):
    """(R, size) indices of the True entries of every row of ``mask`` (each row has ``size``)."""
    return np.argsort(~mask, axis=1, kind="stable")[:, :size]


def _check_accuracy(value, name):
    value = check_probability(value, name)
    if value <= 0.5:
        raise ValueError(f"{name} must lie in (0.5, 1): a Bayes accuracy above chance, got {value!r}")
    return value


class _Learner:
    """Trains one learner on both blocks of a batch of data sets, fold by fold."""

    def __init__(self, kind, X, is_one):
        self.kind, self.X, self.is_one = kind, X, is_one
        self.neighbours = _neighbour_lists(X, _MAX_NEIGHBOURS) if kind == "1nn" else None

    def correct(self, fold, k, train_fraction, targets=None):
        """(R, n or t, 2) correctness; see :func:`_centroid_correct` and :func:`_nn_correct`."""
        if self.kind == "nearest_centroid":
            out = _centroid_correct(self.X, self.is_one, fold, k)
            return out if targets is None else np.take_along_axis(out, targets[:, :, None], axis=1)
        return _nn_correct(self.X, self.is_one, fold, self.neighbours, train_fraction, targets)


def _one_batch(rng, n_reps, n, p, delta, n_test, n_resamples, k, n_repeats, learner="nearest_centroid",
               details=None):
    """Simulate one batch; ``details`` (a dict) receives the score differences, for the tests."""
    is_one = rng.random((n_reps, n)) < 0.5
    sign = np.where(is_one, 0.5, -0.5)[:, :, None, None]
    means = (np.asarray(delta) / np.sqrt(p))[None, None, :, None]
    X = rng.standard_normal((n_reps, n, 2, p)) + sign * means
    model = _Learner(learner, X, is_one)
    out = np.empty((n_reps, len(PAIRED_TESTS)))
    column = {test: j for j, test in enumerate(PAIRED_TESTS)}

    # J holdout splits: the first one also serves McNemar and the difference of proportions
    diffs = np.empty((n_reps, n_resamples))
    for j in range(n_resamples):
        test = _random_masks(rng, n_reps, n, n_test)
        targets = _members(test, n_test)
        correct = model.correct(test.astype(np.int64), 2, (n - n_test) / (n - 1), targets)  # (R, n_test, 2)
        acc = correct.mean(axis=1)
        diffs[:, j] = acc[:, 0] - acc[:, 1]
        if j == 0:
            holdout_acc = acc
            a_right, b_right = correct[:, :, 0], correct[:, :, 1]
            b = np.count_nonzero(a_right & ~b_right, axis=1)
            c = np.count_nonzero(~a_right & b_right, axis=1)
            out[:, column["mcnemar"]] = mcnemar_pvalues(b, c, "midp")[1]
            out[:, column["prop_diff"]] = z_proportions(acc[:, 0], acc[:, 1], n_test)[1]
    out[:, column["resampled"]] = fold_t(diffs, 1.0 / n_resamples)[1]
    out[:, column["corrected"]] = fold_t(diffs, 1.0 / n_resamples + n_test / (n - n_test))[1]

    # r repetitions of k-fold CV; the first is the k-fold CV of the two single-CV tests
    cv = np.empty((n_reps, n_repeats, k))
    fraction = (n - -(-n // k)) / (n - 1)
    for i in range(n_repeats):
        fold = _fold_ids(rng, n_reps, n, k)
        acc = _fold_accuracies(model.correct(fold, k, fraction), fold, k)  # (R, k, 2)
        cv[:, i] = acc[:, :, 0] - acc[:, :, 1]
    out[:, column["kfold_cv"]] = fold_t(cv[:, 0], 1.0 / k)[1]
    out[:, column["corrected_kfold"]] = fold_t(cv[:, 0], 1.0 / k + 1.0 / (k - 1))[1]
    flat = cv.reshape(n_reps, n_repeats * k)
    out[:, column["corrected_repeated_cv"]] = fold_t(flat, 1.0 / (n_repeats * k) + 1.0 / (k - 1))[1]

    d52 = np.empty((n_reps, 5, 2))
    for i in range(5):
        first = _random_masks(rng, n_reps, n, (n + 1) // 2)
        # fold 0 = S1 (the first half), fold 1 = S2: train on S1 and test on S2 (j = 0), then swap (j = 1)
        fold = (~first).astype(np.int64)
        acc = _fold_accuracies(model.correct(fold, 2, (n // 2) / (n - 1)), fold, 2)
        d52[:, i, 0] = acc[:, 1, 0] - acc[:, 1, 1]
        d52[:, i, 1] = acc[:, 0, 0] - acc[:, 0, 1]
    out[:, column["5x2cv_t"]] = t_5x2cv(d52)[1]
    out[:, column["5x2cv_f"]] = f_5x2cv(d52)[1]
    if details is not None:
        details.update(resampled=diffs, cv=cv, five_by_two=d52, b=b, c=c, holdout_accuracy=holdout_acc)
    # mean and variance of every design's differences (exactly 0 variance when all are equal)
    moments = {}
    for name, d in (("resampled", diffs), ("kfold", cv[:, 0]), ("repeated", flat)):
        var = np.where(np.all(d == d[:, :1], axis=1), 0.0, d.var(axis=1, ddof=1))
        moments[name] = (d.mean(axis=1), var)
    return out, moments, holdout_acc.sum(axis=0)


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
    n_repeats: int = 10,
    learner: str = "nearest_centroid",
    seed=None,
    batch_size: int = 250,
    progress=None,
) -> PairedSimulation:
    """Run all nine chapter 4 tests on many simulated data sets.

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
        Number of folds of the k-fold CV tests and of each repetition of the
        repeated CV (>= 2).
    n_repeats : int, optional
        r, the repetitions of k-fold CV of the corrected repeated CV t
        (>= 1; 10 x 10 by default, as Bouckaert and Frank recommend).
    learner : {"nearest_centroid", "1nn"}, optional
        The learning algorithm of both A and B: the stable nearest-centroid
        classifier or the unstable first nearest neighbour.
    seed : int, numpy.random.Generator or None
        Source of randomness; with an int the result is reproducible (for
        the same ``batch_size``).
    batch_size : int, optional
        Replications simulated at once (memory: about
        ``batch_size * n_examples * n_features * 32`` bytes, plus
        ``batch_size * n_examples * 400`` bytes of neighbour lists for 1-NN).
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
    Per data set each algorithm is trained 1 + (J - 1) + r k + 10 times
    (140 with the defaults): the first holdout split is shared by McNemar,
    the difference of proportions and the resampled tests, and the first
    repetition of the r x k cross-validation is the k-fold CV of the plain
    and the corrected single k-fold t. McNemar's test is the mid-p test, the
    library's default (Dietterich used Edwards' correction, which is more
    conservative). Every training is a real fit on that split's training
    examples, vectorised over the data sets of a batch with numpy: the
    class means of all k training sets of a CV come from one pass (totals
    minus the held-out fold), and 1-NN scans each example's precomputed
    list of nearest neighbours for the first one outside its test fold
    (with an exact search in the rare case that the list runs out).

    Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

    References
    ----------
    .. [1] Dietterich, T. G. (1998). Approximate statistical tests for
       comparing supervised classification learning algorithms. Neural
       Computation 10(7), 1895-1923.
    .. [2] Bouckaert, R. R., Frank, E. (2004). Evaluating the replicability
       of significance tests for comparing learning algorithms. PAKDD 2004,
       LNCS 3056, 3-12.

    Examples
    --------
    >>> from lecture_lib import simulate_paired_tests
    >>> sim = simulate_paired_tests(n_examples=200, n_reps=400, seed=0)
    >>> rates = dict(zip(sim.tests, sim.rates(0.05).rates))
    >>> bool(rates["resampled"] > 0.1)
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
    n_repeats = check_count(n_repeats, "n_repeats", minimum=1)
    learner = check_option(learner, "learner", SIMULATION_LEARNERS)
    batch_size = check_count(batch_size, "batch_size", minimum=1)
    if progress is True:
        progress = _print_progress
    elif progress is None or progress is False:
        progress = None
    elif not callable(progress):
        raise TypeError(
            f"progress must be a callable progress(done, total), True, False or None, got {_show(progress)}"
        )
    rng = as_generator(seed)
    delta = 2.0 * special.ndtri(np.array([acc1, acc2]))

    from threadpoolctl import threadpool_limits

    pvalues, moments = [], {"resampled": [], "kfold": [], "repeated": []}
    acc_sum = np.zeros(2)
    done = 0
    while done < n_reps:
        size = min(batch_size, n_reps - done)
        # many small matrix products: a BLAS thread team costs more than it saves, and on a busy
        # machine it is many times slower; one thread while a batch runs (restored afterwards)
        with threadpool_limits(limits=1):
            out, batch_moments, acc = _one_batch(
                rng, size, n, p, delta, n_test, n_resamples, k, n_repeats, learner
            )
        pvalues.append(out)
        for name, pair in batch_moments.items():
            moments[name].append(pair)
        acc_sum += acc
        done += size
        if progress is not None:
            progress(done, n_reps)
    return PairedSimulation(
        tests=PAIRED_TESTS,
        pvalues=np.concatenate(pvalues),
        resampled_mean=np.concatenate([m for m, _ in moments["resampled"]]),
        resampled_var=np.concatenate([v for _, v in moments["resampled"]]),
        kfold_mean=np.concatenate([m for m, _ in moments["kfold"]]),
        kfold_var=np.concatenate([v for _, v in moments["kfold"]]),
        repeated_mean=np.concatenate([m for m, _ in moments["repeated"]]),
        repeated_var=np.concatenate([v for _, v in moments["repeated"]]),
        accuracy_1=acc1,
        accuracy_2=acc2,
        trained_accuracy_1=float(acc_sum[0] / n_reps),
        trained_accuracy_2=float(acc_sum[1] / n_reps),
        n_examples=n,
        n_test=n_test,
        n_resamples=n_resamples,
        k=k,
        n_repeats=n_repeats,
        n_features=p,
        learner=learner,
    )


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class PowerCurve(Printable):
    """Rejection rates of every test against the accuracy difference.

    Attributes
    ----------
    tests : tuple of str
        Column order of ``rates``.
    differences : ndarray, shape (m,)
        accuracy_1 - accuracy_2 (Bayes accuracies); 0 is H0.
    rates, ci_low, ci_high : ndarray, shape (m, 9)
        Rejection rates and their 95 % Wilson intervals.
    alpha : float
        Significance level.
    n_reps : int
        Replications per difference.
    learner : str
        The learner of the simulations (one of :data:`SIMULATION_LEARNERS`).
    trained_differences : ndarray, shape (m,)
        The mean difference in holdout accuracy of the two trained
        algorithms at each point (Monte Carlo), the effect the tests see.
    """

    tests: tuple
    differences: np.ndarray
    rates: np.ndarray
    ci_low: np.ndarray
    ci_high: np.ndarray
    alpha: float
    n_reps: int
    learner: str = "nearest_centroid"
    trained_differences: np.ndarray | None = None

    def __str__(self) -> str:
        lines = [
            f"Rejection rates at alpha = {format_value(self.alpha)}, {_LEARNER_NAMES[self.learner]} learner "
            f"({self.n_reps} data sets per column)",
            f"  {'difference (Bayes)':<22}" + "".join(f"{d:>8.3f}" for d in self.differences),
        ]
        if self.trained_differences is not None:
            lines.append(
                f"  {'difference (trained)':<22}" + "".join(f"{d:>8.3f}" for d in self.trained_differences)
            )
        for j, test in enumerate(self.tests):
            lines.append(f"  {test:<22}" + "".join(f"{r:>8.3f}" for r in self.rates[:, j]))
        return "\n".join(lines)


def paired_power_curve(
    differences, accuracy_1: float = 0.8, alpha: float = 0.05, n_reps: int = 300, seed=None, **options
) -> PowerCurve:
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
        test_size, n_resamples, k, n_repeats, learner, batch_size, progress).

    Returns
    -------
    curve : PowerCurve

    Examples
    --------
    >>> from lecture_lib import paired_power_curve
    >>> curve = paired_power_curve([0.0, 0.15], n_reps=100, seed=1, n_examples=200, n_repeats=2)
    >>> bool((curve.rates[1] > curve.rates[0]).all())
    True

    Every test rejects more often when algorithm B is 15 points worse.
    """
    alpha = check_alpha(alpha)
    acc1 = _check_accuracy(accuracy_1, "accuracy_1")
    diffs = check_real_array(
        differences, "differences", ndim=(0, 1), what="a 1-D array of accuracy differences"
    )
    diffs = diffs.reshape(-1)
    if np.any(diffs < 0) or np.any(diffs >= acc1 - 0.5):
        raise ValueError(
            f"differences must be non-empty, with each in [0, accuracy_1 - 0.5) = [0, {acc1 - 0.5:.4g}), "
            f"got {_show(np.asarray(differences).tolist())}"
        )
    rng = as_generator(seed)
    rows, trained = [], []
    learner = "nearest_centroid"
    for d in diffs:
        sim = simulate_paired_tests(accuracy_1=acc1, accuracy_2=acc1 - d, n_reps=n_reps, seed=rng, **options)
        rows.append(np.count_nonzero(sim.pvalues <= alpha, axis=0))
        trained.append(sim.trained_accuracy_1 - sim.trained_accuracy_2)
        learner = sim.learner
    rejections = np.array(rows)
    interval = proportion_interval(rejections, n_reps)
    return PowerCurve(
        tests=PAIRED_TESTS,
        differences=diffs,
        rates=rejections / n_reps,
        ci_low=interval.low,
        ci_high=interval.high,
        alpha=alpha,
        n_reps=n_reps,
        learner=learner,
        trained_differences=np.array(trained),
    )
