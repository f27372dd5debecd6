"""What cross-validation estimates, and an interval that covers it (chapter 9).

Cross-validation averages the scores of K models, each trained on a
different (K - 1)/K of the data. Bates, Hastie and Tibshirani (2024) show that
the average estimates the score of the *procedure* (Err: the average over
training sets of this size) better than that of the model fitted to the data
at hand (Err_XY), and that the usual interval, mean +- z sd / sqrt(n), covers
too rarely because the n per-example scores are not independent: every
example is used to train K - 1 of the models that score the others. Their
nested cross-validation estimates the mean squared error of the CV estimate
directly and gives a wider interval. It is not the nested cross-validation of
chapter 7 (:func:`~lecture_lib.nested_cv`, hyperparameters tuned inside each
outer fold): it tunes nothing, and its inner cross-validation, run on K - 1
folds, is checked against the held-out fold to measure how far a CV estimate
lands from the accuracy of the model it estimates. The interval is built to
cover Err_XY, the accuracy of the model fitted to these data; in the paper and
in chapter 9's lab it covers Err about equally well (in that lab it was
conservative: 95 % at nominal 90 %).

Taught in chapter 9 (``notebooks/09-beyond-accuracy``), which explains the
algorithm step by step.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy import special, stats

from ._results import Interval, Printable
from ._splits import class_codes, fold_ids_stratified, take
from ._validation import (
    _show,
    as_generator,
    check_count,
    check_estimator,
    check_features,
    check_instance,
    check_labels,
    check_option,
    check_probability,
)
from .intervals import proportion_interval

__all__ = [
    "CV_INTERVAL_METHODS",
    "CVCoverage",
    "CVIntervalResult",
    "coverage_table",
    "cv_interval",
    "simulate_cv_coverage",
]

#: Methods of :func:`cv_interval`.
CV_INTERVAL_METHODS = ("nested", "naive")
#: Repetitions of nested cross-validation when ``n_repeats`` is not given.
DEFAULT_NESTED_REPEATS = 20
_SCORINGS = ("accuracy", "error_rate")


@dataclasses.dataclass(frozen=True)
class CVIntervalResult(Printable):
    """Result of :func:`cv_interval`.

    Attributes
    ----------
    interval : Interval
        The point estimate of the score with its interval (clipped to
        [0, 1], the range of the score; clipping never changes coverage).
    std_error : float
        The standard error the interval uses.
    naive_std_error : float
        sd / sqrt(n) of the per-example scores (of the inner scores for
        ``"nested"``): what the naive interval uses.
    inflation : float
        ``std_error / naive_std_error`` (1 for ``"naive"``; between 1 and
        sqrt(K) for ``"nested"``).
    bias : float
        The bias correction subtracted from the nested estimate (0 for
        ``"naive"``).
    cv_estimate : float
        The plain cross-validation mean (over all repetitions for
        ``"nested"``).
    scoring, method : str
    n_folds, n_repeats, n_fits : int
        K, the number of repetitions, and the number of models trained.
    """

    interval: Interval
    std_error: float
    naive_std_error: float
    inflation: float
    bias: float
    cv_estimate: float
    scoring: str
    method: str
    n_folds: int
    n_repeats: int
    n_fits: int


# --------------------------------------------------------------------------- the two intervals


def _z(confidence: float) -> float:
    return float(special.ndtri(0.5 + confidence / 2.0))


def _naive_summary(scores: np.ndarray, confidence: float):
    """(estimate, se) of the naive interval from one K-fold's per-example scores."""
    n = scores.size
    return float(scores.mean()), float(scores.std(ddof=1) / np.sqrt(n))


def _nested_summary(repetitions, k: int, n: int):
    """Bates, Hastie & Tibshirani's nested-CV estimate from per-example scores.

    ``repetitions`` is a list of (ids, outer, inner): ids[i] the fold of
    example i, outer[i] its score from the model trained without its fold,
    inner[i, j] (j != ids[i]) its score from the model trained without its
    fold and fold j. Returns (estimate, se, naive se, bias, cv estimate).
    """
    a_terms, b_terms, inner_all, outer_all = [], [], [], []
    for ids, outer, inner in repetitions:
        for j in range(k):
            e_out = outer[ids == j]
            e_in = inner[ids != j, j]
            a_terms.append((e_in.mean() - e_out.mean()) ** 2)
            b_terms.append(e_out.var(ddof=1) / e_out.size)
            inner_all.append(e_in)
        outer_all.append(outer)
    inner_all = np.concatenate(inner_all)
    err_ncv = float(inner_all.mean())
    err_cv = float(np.concatenate(outer_all).mean())
    mse = (k - 1) / k * (float(np.mean(a_terms)) - float(np.mean(b_terms)))
    se_low = float(inner_all.std(ddof=1) / np.sqrt(n))
    se = min(max(np.sqrt(max(mse, 0.0)), se_low), np.sqrt(k) * se_low)
    bias = (1.0 + (k - 2) / k) * (err_ncv - err_cv)
    return err_ncv - bias, float(se), se_low, float(bias), err_cv


def _interval(estimate, se, confidence, method) -> Interval:
    half = _z(confidence) * se
    low, high = max(0.0, estimate - half), min(1.0, estimate + half)
    estimate = min(max(estimate, 0.0), 1.0)
    return Interval(
        float(estimate), float(min(low, estimate)), float(max(high, estimate)), confidence, method
    )


# --------------------------------------------------------------------------- with an estimator


def _fit_correct(estimator, X, y, train, test):
    from sklearn.base import clone

    model = clone(estimator).fit(take(X, train), y[train])
    return np.asarray(model.predict(take(X, test))) == y[test]


def cv_interval(estimator, X, y, cv=10, method="nested", confidence=0.95, seed=None, n_repeats=None,
                scoring="accuracy") -> CVIntervalResult:
    """Confidence interval for a classifier's score from (nested) cross-validation.

    Parameters
    ----------
    estimator : scikit-learn style estimator
        Cloned for every fit; never fitted itself.
    X : array_like, shape (n, ...)
        Features (a numpy array or a pandas DataFrame).
    y : array_like of labels, shape (n,)
        Class labels; every class needs at least ``cv`` examples (the folds
        are stratified).
    cv : int, default 10
        Number of folds K (at least 2; at least 3 for ``"nested"``, whose
        inner cross-validation has K - 1 folds; at most n / 2).
    method : {"nested", "naive"}, default "nested"
        ``"nested"``: Bates, Hastie & Tibshirani's interval; ``"naive"``:
        mean +- z sd / sqrt(n) from one K-fold cross-validation, the
        interval that covers too rarely (kept to show it).
    confidence : float, default 0.95
        Nominal coverage, in (0, 1).
    seed : int, numpy.random.Generator or None
        Source of randomness for the folds.
    n_repeats : int, optional
        Repetitions of nested CV with fresh folds (default 20; see Notes);
        must be None or 1 for ``"naive"``.
    scoring : {"accuracy", "error_rate"}, default "accuracy"
        The per-example score (right or wrong).

    Returns
    -------
    result : CVIntervalResult
        ``interval`` (an :class:`~lecture_lib.Interval`), ``std_error``,
        ``naive_std_error``, ``inflation``, ``bias``, ``cv_estimate`` and
        the settings, with ``n_fits``, the number of models trained.

    Notes
    -----
    Naive: with per-example scores :math:`e_i` from one K-fold CV,
    :math:`\\widehat{Err} \\pm z_{1-\\alpha/2}\\, s_e/\\sqrt n`. It treats
    the :math:`e_i` as independent, which they are not.

    Nested (Bates, Hastie & Tibshirani 2024, Algorithm 1 and Section 4;
    not chapter 7's tuning-inside-the-folds :func:`~lecture_lib.nested_cv`):
    for every repetition and outer fold k, an inner CV on the other K - 1
    folds gives scores :math:`e^{in}` (one model per pair of folds left
    out), and the model trained without fold k gives :math:`e^{out}` on
    fold k. Then

    .. math::

        \\widehat{MSE} = \\overline{(\\bar e^{in} - \\bar e^{out})^2}
                        - \\overline{s^2(e^{out}) / |I_k|}

    estimates the mean squared error of the inner CV estimate (the second
    term removes the noise of the held-out fold), and the standard error is
    :math:`\\sqrt{\\max(0, \\tfrac{K-1}{K}\\widehat{MSE})}` (rescaled from
    n(K - 1)/K examples to n), kept between :math:`s_{in}/\\sqrt n` and
    :math:`\\sqrt K\\, s_{in}/\\sqrt n`. The point estimate is the mean of
    all inner scores, corrected for the smaller training sets with
    :math:`\\widehat{bias} = (1 + \\tfrac{K-2}{K})(\\widehat{Err}^{NCV} -
    \\widehat{Err}^{CV})` (a learning curve proportional to 1/n;
    :math:`\\widehat{Err}^{CV}` is the plain CV mean of the same
    repetitions). The interval is
    :math:`\\widehat{Err}^{NCV} - \\widehat{bias} \\pm z\\,\\widehat{SE}`. It
    is built to cover Err_XY, the score of the model fitted to these n
    examples (the paper assesses its coverage of Err_XY); in the paper's
    experiments and in chapter 9's lab it covers the average score Err of
    the procedure about equally well. That lab found it conservative (95 %
    and 94 % coverage at nominal 90 %, each within about 3.5 points of
    Monte Carlo error), while the naive interval under-covered (86 % and
    82 %); the paper shows the naive interval's under-coverage in
    simulations and explains it by the correlation of the per-example
    scores, without a proof.

    Each repetition trains K(K - 1)/2 + K models (55 for K = 10): this is
    the price of the honest interval. The standard error is itself a noisy
    estimate, and the authors' R package defaults to 50 repetitions. The
    default of 20 is a compromise measured on the breast-cancer data with
    naive Bayes and K = 10: over eight seeds the estimated standard error
    (about 0.011) had a standard deviation of 0.0058 with 2 repetitions,
    0.0034 with 5 and 0.0016 with 20. The R package ``nestedcv`` of the
    authors and ``mlr3inferr`` implement the same algorithm; the bias
    factor here is the paper's (nestedcv uses a power 1.5). The folds are
    stratified, as everywhere in the course.

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    References
    ----------
    .. [1] Bates, S., Hastie, T. and Tibshirani, R. (2024). Cross-validation:
       what does it estimate and how well does it do it? Journal of the
       American Statistical Association 119(546), 1434-1445.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from lecture_lib.cv_intervals import cv_interval
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> naive = cv_interval(GaussianNB(), X, y, cv=5, method="naive", seed=0)
    >>> nested = cv_interval(GaussianNB(), X, y, cv=5, n_repeats=5, seed=0)
    >>> print(naive.interval)
    0.934974 [0.914696, 0.955251] (95 % naive)
    >>> print(nested.interval)
    0.939859 [0.91847, 0.961249] (95 % nested)
    >>> round(nested.inflation, 2), nested.n_fits
    (1.09, 75)

    Naive Bayes is right on about 94 % of new patients; the nested interval
    (91.8 % to 96.1 %) is 9 % wider than the naive one, because the naive
    standard error ignores that the per-example scores of
    cross-validation are correlated. It took 75 fits instead of 5.
    """
    check_estimator(estimator)
    y_arr = check_labels(y.to_numpy() if hasattr(y, "to_numpy") else y, "y")
    n = y_arr.size
    X = check_features(X, n)
    method = check_option(method, "method", CV_INTERVAL_METHODS)
    confidence = check_probability(confidence, "confidence")
    scoring = check_option(scoring, "scoring", _SCORINGS)
    k = check_count(cv, "cv", minimum=3 if method == "nested" else 2)
    if 2 * k > n:
        raise ValueError(f"cv={k} folds need at least {2 * k} examples (two per fold), got n={n}")
    if method == "naive":
        if n_repeats not in (None, 1):
            raise ValueError(f"n_repeats must be None or 1 for method='naive', got {_show(n_repeats)}")
        n_repeats = 1
    else:
        n_repeats = (
            DEFAULT_NESTED_REPEATS if n_repeats is None else check_count(n_repeats, "n_repeats", minimum=1)
        )
    codes, n_classes = class_codes(y_arr, "y", k)
    rng = as_generator(seed)
    flip = scoring == "error_rate"

    def to_score(correct):
        return (~correct if flip else correct).astype(np.float64)

    if method == "naive":
        ids = fold_ids_stratified(codes, n_classes, k, rng)
        scores = np.empty(n)
        for j in range(k):
            test = np.flatnonzero(ids == j)
            scores[test] = to_score(_fit_correct(estimator, X, y_arr, np.flatnonzero(ids != j), test))
        estimate, se = _naive_summary(scores, confidence)
        return CVIntervalResult(_interval(estimate, se, confidence, "naive"), se, se, 1.0, 0.0, estimate,
                                scoring, "naive", k, 1, k)

    repetitions = []
    for _ in range(n_repeats):
        ids = fold_ids_stratified(codes, n_classes, k, rng)
        outer = np.empty(n)
        inner = np.full((n, k), np.nan)
        for j in range(k):
            test = np.flatnonzero(ids == j)
            outer[test] = to_score(_fit_correct(estimator, X, y_arr, np.flatnonzero(ids != j), test))
        for a in range(k):
            for b in range(a + 1, k):
                train = np.flatnonzero((ids != a) & (ids != b))
                in_a, in_b = np.flatnonzero(ids == a), np.flatnonzero(ids == b)
                correct = to_score(_fit_correct(estimator, X, y_arr, train, np.concatenate([in_a, in_b])))
                inner[in_a, b] = correct[: in_a.size]
                inner[in_b, a] = correct[in_a.size:]
        repetitions.append((ids, outer, inner))
    estimate, se, se_low, bias, err_cv = _nested_summary(repetitions, k, n)
    return CVIntervalResult(
        _interval(estimate, se, confidence, "nested"),
        se,
        se_low,
        se / se_low if se_low else 1.0,
        bias,
        err_cv,
        scoring,
        "nested",
        k,
        n_repeats,
        n_repeats * (k + k * (k - 1) // 2),
    )


# --------------------------------------------------------------------------- coverage simulation


@dataclasses.dataclass(frozen=True, eq=False)
class CVCoverage:
    """Result of :func:`simulate_cv_coverage`: one row per simulated data set.

    Attributes
    ----------
    naive, nested : ndarray, shape (n_datasets, 2)
        The lower and upper limits of the two intervals.
    accuracy_xy : ndarray, shape (n_datasets,)
        The exact accuracy of the model trained on all n examples of each
        data set (Err_XY's complement), computed from the Gaussian model.
    accuracy : float
        Its average over the data sets: the accuracy of the procedure
        (Err's complement), up to Monte Carlo error.
    confidence : float
    settings : dict
        n_examples, n_features, bayes_accuracy, k, n_repeats, seed.
    fold_seeds : ndarray of int
        The seed of the folds of each data set (to rerun one with
        :func:`cv_interval`).
    """

    naive: np.ndarray
    nested: np.ndarray
    accuracy_xy: np.ndarray
    accuracy: float
    confidence: float
    settings: dict
    fold_seeds: np.ndarray

    @property
    def n_datasets(self) -> int:
        return int(self.accuracy_xy.size)


def _simulated_dataset(rng, n, d, delta):
    y = rng.integers(0, 2, n)
    while np.bincount(y, minlength=2).min() < n // 4:  # keep both classes well represented
        y = rng.integers(0, 2, n)
    mean = delta / 2 / np.sqrt(d)
    X = rng.standard_normal((n, d)) + np.where(y[:, None] == 1, mean, -mean)
    return X, y


def _centroid_accuracy(m0, m1, delta, d):
    """Exact accuracy of the nearest-centroid rule with centroids m0, m1 under the Gaussian model."""
    w = m1 - m0
    norm = np.linalg.norm(w)
    if norm == 0:
        return 0.5
    t = w @ (m0 + m1) / 2
    mu = np.full(d, delta / 2 / np.sqrt(d))
    return float(0.5 * special.ndtr((w @ mu - t) / norm) + 0.5 * special.ndtr((t + w @ mu) / norm))


def _centroid_scores(X, y, ids, k):
    """Right/wrong of every example under every exclusion: (n, k) with column j = 'fold j also left out'.

    Column ids[i] is the outer score (only the example's own fold left out).
    """
    d = X.shape[1]
    sums = np.zeros((k, 2, d))
    counts = np.zeros((k, 2))
    np.add.at(sums, (ids, y), X)
    np.add.at(counts, (ids, y), 1.0)
    total_s, total_c = sums.sum(axis=0), counts.sum(axis=0)
    eye = np.eye(k)[:, :, None, None]
    left_s = total_s - sums[:, None] - sums[None, :] + eye * sums[:, None]
    left_c = total_c - counts[:, None] - counts[None, :] + eye[..., 0] * counts[:, None]
    centroids = left_s / left_c[..., None]
    w = centroids[:, :, 1] - centroids[:, :, 0]
    t = 0.5 * ((centroids[:, :, 1] ** 2).sum(-1) - (centroids[:, :, 0] ** 2).sum(-1))
    decision = np.einsum("nd,nkd->nk", X, w[ids]) - t[ids]
    return (decision > 0).astype(int) == y[:, None]


def simulate_cv_coverage(n_examples=100, n_features=5, bayes_accuracy=0.8, k=5, n_repeats=5, n_datasets=200,
                         confidence=0.9, seed=0) -> CVCoverage:
    """Coverage of the naive and nested CV intervals where the truth is known.

    Parameters
    ----------
    n_examples : int, default 100
        Examples per simulated data set (at least 4 k).
    n_features : int, default 5
        Gaussian features.
    bayes_accuracy : float, default 0.8
        Accuracy of the best possible rule, in (0.5, 1).
    k : int, default 5
        Folds (at least 3).
    n_repeats : int, default 5
        Repetitions of nested CV per data set.
    n_datasets : int, default 200
        Simulated data sets.
    confidence : float, default 0.9
        Nominal coverage of both intervals.
    seed : int
        Seed of the whole simulation.

    Returns
    -------
    coverage : CVCoverage
        Both intervals and the true accuracies of every data set; see
        :func:`coverage_table`.

    Notes
    -----
    Each data set has n examples of two equally likely classes with
    :math:`X \\mid y \\sim N(\\pm\\frac{\\Delta}{2\\sqrt d}\\mathbf 1, I_d)`
    and :math:`\\Phi(\\Delta/2)` = ``bayes_accuracy``. The learner is the
    nearest-centroid rule (scikit-learn's ``NearestCentroid``), fitted with
    numpy for every fold pattern at once. Because the model is linear and
    the classes Gaussian, the accuracy of the model trained on all n
    examples is known exactly: it is the target the intervals should
    cover. The intervals are those of :func:`cv_interval` with the same
    folds (``fold_seeds``), so the simulation checks the library's
    function, not a copy of it (the test suite confirms they agree).

    Taught in chapter 9 (``notebooks/09-beyond-accuracy``).

    Examples
    --------
    >>> from lecture_lib.cv_intervals import simulate_cv_coverage, coverage_table
    >>> sim = simulate_cv_coverage(n_datasets=40, seed=1)
    >>> table = coverage_table(sim)
    >>> sorted(table)
    ['naive', 'nested']

    Each entry holds the coverage of one interval with its Monte Carlo
    interval; chapter 9 runs many more data sets.
    """
    n = check_count(n_examples, "n_examples", minimum=4)
    d = check_count(n_features, "n_features", minimum=1)
    bayes = check_probability(bayes_accuracy, "bayes_accuracy")
    if bayes <= 0.5:
        raise ValueError(f"bayes_accuracy must exceed 0.5, got {bayes}")
    k = check_count(k, "k", minimum=3)
    if n < 4 * k:
        raise ValueError(f"n_examples={n} is too small for k={k} folds (at least {4 * k})")
    n_repeats = check_count(n_repeats, "n_repeats", minimum=1)
    n_datasets = check_count(n_datasets, "n_datasets", minimum=1)
    confidence = check_probability(confidence, "confidence")
    rng = as_generator(seed)
    delta = 2.0 * float(stats.norm.ppf(bayes))
    fold_seeds = rng.integers(0, 2**31, size=n_datasets)
    naive = np.empty((n_datasets, 2))
    nested = np.empty((n_datasets, 2))
    acc_xy = np.empty(n_datasets)
    for s in range(n_datasets):
        X, y = _simulated_dataset(rng, n, d, delta)
        acc_xy[s] = _centroid_accuracy(X[y == 0].mean(0), X[y == 1].mean(0), delta, d)
        codes, n_classes = class_codes(y, "y", k)
        fold_rng = np.random.default_rng(int(fold_seeds[s]))
        repetitions = []
        for r in range(n_repeats):
            ids = fold_ids_stratified(codes, n_classes, k, fold_rng)
            scores = _centroid_scores(X, y, ids, k).astype(np.float64)
            outer = scores[np.arange(n), ids]
            inner = scores.copy()
            inner[np.arange(n), ids] = np.nan
            repetitions.append((ids, outer, inner))
            if r == 0:
                est, se = _naive_summary(outer, confidence)
                iv = _interval(est, se, confidence, "naive")
                naive[s] = iv.low, iv.high
        est, se, *_ = _nested_summary(repetitions, k, n)
        iv = _interval(est, se, confidence, "nested")
        nested[s] = iv.low, iv.high
    settings = dict(n_examples=n, n_features=d, bayes_accuracy=bayes, k=k, n_repeats=n_repeats, seed=seed)
    return CVCoverage(naive, nested, acc_xy, float(acc_xy.mean()), confidence, settings, fold_seeds)


def coverage_table(coverage: CVCoverage, n_used=None, target="accuracy_xy") -> dict:
    """Coverage of both intervals over the first ``n_used`` data sets, with Wilson intervals.

    Parameters
    ----------
    coverage : CVCoverage
        The output of :func:`simulate_cv_coverage`.
    n_used : int, optional
        Use the first ``n_used`` data sets (default all).
    target : {"accuracy_xy", "accuracy"}, default "accuracy_xy"
        Cover the accuracy of the model trained on each data set, or the
        average accuracy of the procedure.

    Returns
    -------
    table : dict
        ``{"naive": (rate, low, high, mean_width), "nested": ...}``; low and
        high are a 95 % Wilson interval for the coverage.

    Examples
    --------
    >>> from lecture_lib.cv_intervals import simulate_cv_coverage, coverage_table
    >>> sim = simulate_cv_coverage(n_datasets=20, seed=2)
    >>> rate, low, high, width = coverage_table(sim)["naive"]
    >>> rate, round(low, 3), round(high, 3)
    (0.8, 0.584, 0.919)

    The naive 90 % interval covered the true accuracy in 16 of 20 data
    sets; with so few data sets the true coverage could be anywhere from
    58 % to 92 %, so chapter 9 simulates many more.
    """
    check_instance(coverage, CVCoverage, "coverage", made_by="simulate_cv_coverage")
    total = coverage.n_datasets
    n_used = total if n_used is None else check_count(n_used, "n_used", minimum=1)
    if n_used > total:
        raise ValueError(f"n_used={n_used} exceeds the {total} simulated data sets")
    target = check_option(target, "target", ("accuracy_xy", "accuracy"))
    truth = coverage.accuracy_xy[:n_used] if target == "accuracy_xy" else np.full(n_used, coverage.accuracy)
    out = {}
    for name in ("naive", "nested"):
        limits = getattr(coverage, name)[:n_used]
        hits = int(np.count_nonzero((limits[:, 0] <= truth) & (truth <= limits[:, 1])))
        rate = hits / n_used
        interval = proportion_interval(hits, n_used, 0.95)  # Wilson: contains the rate, also at 0 and n
        out[name] = (rate, interval.low, interval.high, float((limits[:, 1] - limits[:, 0]).mean()))
    return out
