"""Nested cross-validation: tune in an inner loop, estimate in an outer loop.

Model selection (choosing hyperparameters) and performance estimation must
not use the same test folds: the best of many configurations, scored on the
folds that chose it, looks better than it is. Nested cross-validation keeps
them apart. The outer loop splits the data into training and test folds as
for an ordinary estimate; inside each outer training set an inner k-fold
loop picks the hyperparameters; the model refit with them is scored once on
the untouched outer test fold.

The loops are written out on the course's own splitters
(:func:`lecture_lib.resampling.stratified_kfold`) and runner
(:func:`lecture_lib.resampling.cross_validate_scores`); scikit-learn supplies
the estimators only (``clone`` and ``set_params``).

Taught in chapter 7 (``notebooks/07-nested-cv``).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Mapping, Sequence

import numpy as np

from ._results import Printable
from ._splits import take
from ._text import WIDTH, fill
from ._validation import _show, as_generator, check_count, check_features, check_labels, check_option
from .paired import corrected_repeated_cv_ttest
from .resampling import SCORINGS, cross_validate_scores, stratified_kfold

__all__ = [
    "NestedCVResult",
    "NestedComparison",
    "TuningBias",
    "parameter_grid",
    "nested_splits",
    "nested_cv",
    "nested_cv_compare",
    "simulate_tuning_bias",
]

#: Scorings for which a smaller value is better (the inner loop minimises them).
_LOWER_IS_BETTER = ("error_rate",)


# --------------------------------------------------------------------------- grids


def parameter_grid(param_grid, estimator=None) -> tuple[dict, ...]:
    """Every point of a parameter grid, in scikit-learn's order.

    Parameters
    ----------
    param_grid : dict of str to list, or list of such dicts
        Each dict maps parameter names to the list of values to try; the
        grid is the Cartesian product of the lists. A list of dicts is the
        union of their grids (for parameters that only make sense together,
        such as an SVM's ``gamma`` with the RBF kernel only).
    estimator : scikit-learn style estimator, optional
        When given, every parameter name must be one of
        ``estimator.get_params()`` (nested names such as
        ``"kneighborsclassifier__n_neighbors"`` of a pipeline included).

    Returns
    -------
    candidates : tuple of dict
        The grid points. Within each dict the keys are sorted and the last
        key varies fastest, as in scikit-learn's ``ParameterGrid``, so ties
        in the inner loop are broken the same way as by ``GridSearchCV``.

    Raises
    ------
    ValueError
        For an empty grid, an empty list of values or an unknown parameter.
    TypeError
        When the grid is not a dict (or list of dicts) of lists.

    Examples
    --------
    >>> from lecture_lib.nested import parameter_grid
    >>> for candidate in parameter_grid({"n_neighbors": [1, 5], "p": [1, 2]}):
    ...     print(candidate)
    {'n_neighbors': 1, 'p': 1}
    {'n_neighbors': 1, 'p': 2}
    {'n_neighbors': 5, 'p': 1}
    {'n_neighbors': 5, 'p': 2}

    Two values of each of two parameters give four candidates.
    """
    if isinstance(param_grid, Mapping):
        grids = [param_grid]
    elif isinstance(param_grid, Sequence) and not isinstance(param_grid, (str, bytes)):
        grids = list(param_grid)
        if not grids:
            raise ValueError("param_grid is an empty list: give at least one dict of parameter lists")
    else:
        raise TypeError("param_grid must be a dict of lists or a list of such dicts, got "
                        f"{_show(param_grid)}")
    valid = None
    if estimator is not None:
        _check_estimator(estimator)
        valid = set(estimator.get_params(deep=True))
    candidates = []
    for number, grid in enumerate(grids):
        single = len(grids) == 1 and isinstance(param_grid, Mapping)
        where = "param_grid" if single else f"param_grid[{number}]"
        if not isinstance(grid, Mapping):
            raise TypeError(f"{where} must be a dict of parameter lists, got {_show(grid)}")
        if not grid:
            raise ValueError(f"{where} is empty: name at least one parameter and its values")
        for name, values in grid.items():
            if not isinstance(name, str):
                raise TypeError(f"{where} keys must be parameter names (str), got {_show(name)}")
            if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
                raise TypeError(f"{where}[{name!r}] must be a list of values, got {_show(values)}")
            if len(values) == 0:
                raise ValueError(f"{where}[{name!r}] is an empty list: give at least one value")
            if valid is not None and name not in valid:
                known = ", ".join(sorted(valid))
                raise ValueError(
                    f"{where} names the unknown parameter {name!r} of {type(estimator).__name__}; "
                    f"valid parameters are: {_show(known, 300)}"
                )
        keys = sorted(grid)
        for values in itertools.product(*(grid[k] for k in keys)):
            candidates.append(dict(zip(keys, values)))
    return tuple(candidates)


# --------------------------------------------------------------------------- splits


def _generator(seed, random_state) -> np.random.Generator:
    """The generator of the folds from ``seed`` (the name used across the library).

    ``random_state`` is this module's former name for ``seed``; it is still
    accepted as a keyword (messages then name it), but not both at once.
    """
    if random_state is None:
        return as_generator(seed, "seed")
    if seed is not None:
        raise TypeError("give seed or random_state (its former name), not both: "
                        f"got seed={seed!r:.40} and random_state={random_state!r:.40}")
    return as_generator(random_state, "random_state")


def _labels(y) -> np.ndarray:
    return check_labels(y.to_numpy() if hasattr(y, "to_numpy") else y, "y")


def nested_splits(y, outer_cv=5, inner_cv=2, seed=None, n_repeats=1, *, random_state=None) -> tuple:
    """The outer and inner stratified folds of a nested cross-validation.

    Parameters
    ----------
    y : array_like of labels, shape (n,)
        Class labels; every class needs at least ``outer_cv`` examples, and
        at least ``inner_cv`` in every outer training set.
    outer_cv, inner_cv : int
        Number of outer and inner folds (at least 2 each).
    seed : int, numpy.random.Generator or None
        Source of randomness. One generator draws the outer folds first and
        then the inner folds of outer fold 0, 1, ... in turn (and then the
        next repetition).
    n_repeats : int, default 1
        Repetitions of the whole nested cross-validation with fresh outer
        and inner folds (r of an r x K repeated outer cross-validation).

    Returns
    -------
    splits : tuple of (train_idx, test_idx, inner_splits)
        One triple per outer fold, ``n_repeats * outer_cv`` of them
        (repetition 0's folds first). ``train_idx`` and ``test_idx`` index the
        whole data; ``inner_splits`` is a tuple of ``(train, validation)``
        pairs that index *positions within* ``train_idx`` (what a model fit
        on ``X[train_idx]`` sees, and what scikit-learn's ``cv=`` expects).

    Notes
    -----
    :func:`nested_cv` and :func:`nested_cv_compare` use exactly these
    splits for the same arguments, so they can be handed to another
    implementation (scikit-learn's ``GridSearchCV``) as ``cv=`` lists.

    Taught in chapter 7 (``notebooks/07-nested-cv``).

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.nested import nested_splits
    >>> y = np.repeat([0, 1], 10)
    >>> splits = nested_splits(y, outer_cv=5, inner_cv=2, seed=0)
    >>> train, test, inner = splits[0]
    >>> len(splits), len(train), len(test), [len(v) for t, v in inner]
    (5, 16, 4, [8, 8])

    Five outer folds; the first trains on 16 examples, which the inner loop
    halves twice.
    """
    y = _labels(y)
    outer_cv = check_count(outer_cv, "outer_cv", minimum=2)
    inner_cv = check_count(inner_cv, "inner_cv", minimum=2)
    n_repeats = check_count(n_repeats, "n_repeats", minimum=1)
    classes, counts = np.unique(y, return_counts=True)
    if counts.min() < outer_cv:
        small = classes.tolist()[int(np.argmin(counts))]
        raise ValueError(
            f"outer_cv={outer_cv} folds is more than the {counts.min()} example(s) of class {small!r} in y; "
            f"stratified folds need at least outer_cv examples of every class"
        )
    rng = _generator(seed, random_state)
    out = []
    for _ in range(n_repeats):
        outer = list(stratified_kfold(y, outer_cv, seed=rng))
        for number, (train, test) in enumerate(outer):
            y_train = y[train]
            _, train_counts = np.unique(y_train, return_counts=True)
            if train_counts.size < classes.size or train_counts.min() < inner_cv:
                raise ValueError(
                    f"inner_cv={inner_cv} folds is more than the {train_counts.min()} example(s) of the "
                    f"smallest class in outer training set {number}; lower inner_cv (or outer_cv)"
                )
            inner = tuple(stratified_kfold(y_train, inner_cv, seed=rng))
            out.append((train, test, inner))
    return tuple(out)


# --------------------------------------------------------------------------- result


def _format_params(params: dict) -> str:
    def show(value):
        if isinstance(value, (float, np.floating)):
            return f"{float(value):g}"
        if isinstance(value, np.integer):
            return str(int(value))
        if hasattr(value, "get_params"):
            return type(value).__name__
        return repr(value)

    return "{" + ", ".join(f"{k.split('__')[-1]}: {show(v)}" for k, v in params.items()) + "}"


@dataclasses.dataclass(frozen=True, eq=False)
class NestedCVResult(Printable):
    """What a nested cross-validation found.

    Attributes
    ----------
    outer_scores : ndarray, shape (n_repeats * outer_cv,)
        Score of the tuned model on each outer test fold: the estimate
        (repetition 0's folds first).
    best_params : tuple of dict
        The hyperparameters the inner loop chose in each outer fold.
    inner_scores : ndarray, shape (n_repeats * outer_cv, n_candidates)
        Mean inner-validation score of every grid point in every outer fold.
    candidates : tuple of dict
        The grid points, in the column order of ``inner_scores``.
    scoring : str
        Name of the score (``"accuracy"``, ``"error_rate"`` or a callable's name).
    outer_cv, inner_cv : int
        Numbers of outer and inner folds.
    mean, std : float
        Mean and standard deviation (ddof = 1) of ``outer_scores``.
    n_repeats : int
        Repetitions of the nested cross-validation (1: a single one).
    """

    outer_scores: np.ndarray
    best_params: tuple
    inner_scores: np.ndarray
    candidates: tuple
    scoring: str
    outer_cv: int
    inner_cv: int
    mean: float
    std: float
    n_repeats: int = 1

    @property
    def best_inner_scores(self) -> np.ndarray:
        """The winning inner score in each outer fold.

        This is what ``GridSearchCV.best_score_`` reports: the score of the
        chosen configuration on the very folds that chose it, hence
        optimistic.
        """
        pick = np.argmin if self.scoring in _LOWER_IS_BETTER else np.argmax
        return self.inner_scores[np.arange(len(self.outer_scores)), pick(self.inner_scores, axis=1)]

    @property
    def chosen_counts(self) -> tuple:
        """``(params, count)`` pairs: how often each configuration was chosen.

        Most frequent first (ties in grid order). One configuration chosen in
        every outer fold means a stable choice.
        """
        counts = {}
        for params in self.best_params:
            key = self.candidates.index(params)
            counts[key] = counts.get(key, 0) + 1
        order = sorted(counts, key=lambda key: (-counts[key], key))
        return tuple((self.candidates[key], counts[key]) for key in order)

    def repetition(self, number: int) -> NestedCVResult:
        """The result of repetition ``number`` alone (0 to n_repeats - 1), as a single nested CV.

        Repetition 0 equals :func:`nested_cv` with ``n_repeats=1`` and the same
        arguments (the folds are drawn in the same order).
        """
        number = check_count(number, "number", minimum=0)
        if number >= self.n_repeats:
            raise ValueError(f"number must be below n_repeats={self.n_repeats}, got {number}")
        rows = slice(number * self.outer_cv, (number + 1) * self.outer_cv)
        outer = self.outer_scores[rows].copy()
        return NestedCVResult(
            outer_scores=outer,
            best_params=self.best_params[rows],
            inner_scores=self.inner_scores[rows].copy(),
            candidates=self.candidates,
            scoring=self.scoring,
            outer_cv=self.outer_cv,
            inner_cv=self.inner_cv,
            mean=float(outer.mean()),
            std=float(outer.std(ddof=1)),
            n_repeats=1,
        )

    def __str__(self) -> str:
        n_folds = len(self.outer_scores)
        repeats = f"{self.n_repeats} x " if self.n_repeats > 1 else ""
        lines = [
            fill(f"NestedCVResult: {repeats}{self.outer_cv} outer x {self.inner_cv} inner stratified "
                 f"folds, {len(self.candidates)} grid point(s), scoring = {self.scoring}", WIDTH, rest="  "),
        ]
        if n_folds <= 10:
            lines.append(f"  {'fold':>4}  {'outer score':>11}  {'best inner':>10}  chosen parameters")
            for fold, (score, inner, params) in enumerate(zip(self.outer_scores, self.best_inner_scores,
                                                              self.best_params)):
                lines.append(fill(f"{_format_params(params)}", WIDTH,
                                  f"  {fold:>4}  {score:>11.4f}  {inner:>10.4f}  ", " " * 33))
        else:  # one line per repetition, not a wall of folds
            lines.append(f"  {'repetition':>10}  {'mean outer':>10}  {'mean best inner':>15}")
            outer = self.outer_scores.reshape(self.n_repeats, self.outer_cv).mean(axis=1)
            inner = self.best_inner_scores.reshape(self.n_repeats, self.outer_cv).mean(axis=1)
            for number, (a, b) in enumerate(zip(outer, inner)):
                lines.append(f"  {number:>10}  {a:>10.4f}  {b:>15.4f}")
        lines.append(f"  outer mean {self.mean:.4f}, std {self.std:.4f} (ddof 1, over {n_folds} folds)")
        top, count = self.chosen_counts[0]
        if count == 1 and n_folds > 1:
            lines.append("  every outer fold chose a different configuration")
        else:
            lines.append(fill(f"most often chosen: {_format_params(top)} in {count} of {n_folds} folds",
                              WIDTH, "  ", "    "))
        return "\n".join(lines)


@dataclasses.dataclass(frozen=True, eq=False)
class NestedComparison(Printable):
    """Several algorithms tuned and scored by nested CV on the same folds.

    Attributes
    ----------
    names : tuple of str
        The algorithms, in the order given.
    results : tuple of NestedCVResult
        One nested cross-validation per algorithm.
    scores : ndarray, shape (n_repeats * outer_cv, n_algorithms)
        The outer scores side by side: row i holds every algorithm's score
        on outer test fold i, so the columns are paired (the input of the
        paired tests of chapter 4).
    """

    names: tuple
    results: tuple
    scores: np.ndarray

    def __getitem__(self, name: str) -> NestedCVResult:
        if name not in self.names:
            raise KeyError(f"name must be one of {self.names}, got {name!r}")
        return self.results[self.names.index(name)]

    def repetition(self, number: int) -> NestedComparison:
        """The comparison of repetition ``number`` alone (see :meth:`NestedCVResult.repetition`)."""
        results = tuple(result.repetition(number) for result in self.results)
        return NestedComparison(names=self.names, results=results,
                                scores=np.column_stack([r.outer_scores for r in results]))

    def ttest(self, name_1: str, name_2: str, confidence: float = 0.95):
        """Corrected repeated cross-validation t-test of two algorithms' paired outer scores.

        :func:`lecture_lib.corrected_repeated_cv_ttest` on the r x K outer
        scores of ``name_1`` and ``name_2`` (H0: the two tuned algorithms
        have the same expected score), with the mean difference and its
        interval. With a single nested cross-validation (r = 1) this is the
        corrected t on one K-fold CV: valid but conservative for stable
        learners (chapter 4's lab), and with K - 1 = 4 degrees of freedom
        its p-value moves a lot with the folds; repeat the nested CV
        (``n_repeats``) to test the difference with more power.
        """
        first, second = self[name_1], self[name_2]
        return corrected_repeated_cv_ttest(first.outer_scores, second.outer_scores, n_folds=first.outer_cv,
                                           confidence=confidence)

    def __str__(self) -> str:
        first = self.results[0]
        width = max(len(n) for n in self.names)
        repeats = f"{first.n_repeats} x " if first.n_repeats > 1 else ""
        what = "outer scores" if len(first.outer_scores) <= 10 else "mean of each repetition"
        rows = []
        for name, res in zip(self.names, self.results):
            values = res.outer_scores if len(res.outer_scores) <= 10 else \
                res.outer_scores.reshape(res.n_repeats, res.outer_cv).mean(axis=1)
            scores = ", ".join(f"{s:.4f}" for s in values)
            rows.append((f"  {name:<{width}}  {res.mean:>7.4f}  {res.std:>7.4f}", scores))
        # the scores beside the mean and sd when they fit, else on lines of their own
        beside = all(len(row) + 2 + len(scores) <= WIDTH for row, scores in rows)
        lines = [
            fill(f"NestedComparison: {len(self.names)} algorithms on the same {repeats}{first.outer_cv} "
                 f"outer x {first.inner_cv} inner folds, scoring = {first.scoring}", WIDTH, rest="  "),
            f"  {'algorithm':<{width}}  {'mean':>7}  {'std':>7}" + (f"  {what}" if beside else ""),
        ]
        for row, scores in rows:
            below = [row, fill(scores, WIDTH, f"    {what}: ", "      ")]
            lines.extend([f"{row}  {scores}"] if beside else below)
        return "\n".join(lines)


# --------------------------------------------------------------------------- the loops


def _check_estimator(estimator, name: str = "estimator"):
    if isinstance(estimator, type):
        raise TypeError(f"{name} must be an estimator instance, got the class {estimator.__name__}; "
                        f"write {estimator.__name__}()")
    for method in ("get_params", "set_params", "fit", "predict"):
        if not callable(getattr(estimator, method, None)):
            raise TypeError(
                f"{name} must be a scikit-learn style estimator with get_params, set_params, fit and "
                f"predict; {_show(estimator)} has no {method}()"
            )


def _check_scoring(scoring) -> tuple:
    """(name, scoring argument for cross_validate_scores, lower_is_better)."""
    if callable(scoring):
        return getattr(scoring, "__name__", "custom"), scoring, False
    check_option(scoring, "scoring", SCORINGS)
    return scoring, scoring, scoring in _LOWER_IS_BETTER


def _run(estimator, candidates, X, y, splits, scoring, lower_is_better, scoring_name, n_repeats=1):
    from threadpoolctl import threadpool_limits

    # Many small fits: starting BLAS/OpenMP thread teams for each costs more than it saves,
    # and on a busy machine spinning threads make it up to ten times slower. One thread for
    # the duration of the loops; the previous limits are restored on exit.
    with threadpool_limits(limits=1):
        return _run_loops(estimator, candidates, X, y, splits, scoring, lower_is_better, scoring_name,
                          n_repeats)


def _run_loops(estimator, candidates, X, y, splits, scoring, lower_is_better, scoring_name, n_repeats):
    from sklearn.base import clone

    outer_scores = np.empty(len(splits))
    inner_scores = np.empty((len(splits), len(candidates)))
    best_params = []
    for fold, (train, test, inner) in enumerate(splits):
        X_train, y_train = take(X, train), y[train]
        for j, params in enumerate(candidates):
            model = clone(estimator).set_params(**params)
            inner_scores[fold, j] = cross_validate_scores(model, X_train, y_train, inner, scoring).mean()
        # the first best grid point, as GridSearchCV breaks ties
        best = int(np.argmin(inner_scores[fold]) if lower_is_better else np.argmax(inner_scores[fold]))
        best_params.append(dict(candidates[best]))
        model = clone(estimator).set_params(**candidates[best])
        outer_scores[fold] = cross_validate_scores(model, X, y, [(train, test)], scoring)[0]
    return NestedCVResult(
        outer_scores=outer_scores,
        best_params=tuple(best_params),
        inner_scores=inner_scores,
        candidates=candidates,
        scoring=scoring_name,
        outer_cv=len(splits) // n_repeats,
        inner_cv=len(splits[0][2]),
        mean=float(outer_scores.mean()),
        std=float(outer_scores.std(ddof=1)),
        n_repeats=n_repeats,
    )


def nested_cv(estimator, param_grid, X, y, outer_cv=5, inner_cv=2, scoring="accuracy", seed=None,
              n_repeats=1, *, random_state=None) -> NestedCVResult:
    """Nested cross-validation of one learning algorithm with its tuning.

    Parameters
    ----------
    estimator : scikit-learn style classifier
        The algorithm (for example a ``Pipeline``); it is cloned, never fit.
    param_grid : dict of str to list, or list of such dicts
        The hyperparameter grid searched by the inner loop (see
        :func:`parameter_grid`).
    X : array_like, shape (n, n_features)
        Features.
    y : array_like, shape (n,)
        Class labels.
    outer_cv : int, default 5
        Number of stratified outer folds (the estimate).
    inner_cv : int, default 2
        Number of stratified inner folds (the tuning), drawn inside every
        outer training set (see the Notes for the default).
    scoring : {"accuracy", "error_rate"} or callable, default "accuracy"
        The score used in both loops. ``"error_rate"`` is minimised; a
        callable ``scoring(y_true, y_pred)`` is maximised.
    seed : int, numpy.random.Generator or None
        Seed of the folds (see :func:`nested_splits`).
    n_repeats : int, default 1
        Repetitions of the whole nested cross-validation with fresh folds;
        r > 1 gives r x K outer scores, the input of the corrected repeated
        cross-validation t-test (chapter 4).

    Returns
    -------
    result : NestedCVResult
        Outer scores, parameters chosen per outer fold, the inner scores of
        every grid point, mean and standard deviation of the outer scores.

    Notes
    -----
    For each outer fold :math:`i = 1, \\dots, K` with training set
    :math:`D_{-i}` and test fold :math:`D_i`:

    1. for every grid point :math:`\\lambda`, the inner k-fold score
       :math:`\\bar s_i(\\lambda)` is the mean over the inner folds of
       :math:`D_{-i}`;
    2. :math:`\\hat\\lambda_i = \\arg\\max_\\lambda \\bar s_i(\\lambda)`
       (the first of equal scores, as ``GridSearchCV``);
    3. the model is refit on all of :math:`D_{-i}` with
       :math:`\\hat\\lambda_i` and scored once on :math:`D_i`.

    The estimate :math:`\\frac1K \\sum_i s_i` is that of the whole
    procedure "tune by inner CV, then refit", because :math:`D_i` took no
    part in choosing :math:`\\hat\\lambda_i`. It estimates the expected
    score of that procedure over training sets of this size (Err in the
    notation of Bates, Hastie and Tibshirani 2024), not the score of the
    one model fitted on these data (Err_XY). The winning inner scores
    (:attr:`NestedCVResult.best_inner_scores`) did choose it and are
    optimistic (Varma and Simon 2006; Cawley and Talbot 2010). The outer
    scores share training data, so their standard deviation understates
    the uncertainty of the mean (see chapter 4).

    Why ``inner_cv=2`` (source 000's choice) is the default: with any number
    of inner folds every example of the outer training set is validated
    exactly once, so the inner scores average the same number of
    predictions; what the number of folds changes is the size of the inner
    training sets (1/2 of the outer training set for 2 folds, 4/5 for 5)
    and the cost (2 or 5 fits per grid point). Measured on the breast
    cancer data (5 outer folds, 20 seeds, the grids of chapter 7), the mean
    outer accuracy of the procedure with 2 / 5 / 10 inner folds was 0.9640 /
    0.9653 / 0.9656 for tuned k-NN, 0.9242 / 0.9264 / 0.9273 for a tuned
    tree and 0.9750 / 0.9738 / 0.9747 for tuned logistic regression:
    differences of at most 0.3 points and of no consistent sign, for 2.5 to
    5 times the cost. When the best hyperparameter depends strongly on the
    training-set size (small data, the k of k-NN), 5 or 10 inner folds tune
    for a size closer to that of the refit.

    Equal to ``GridSearchCV(estimator, param_grid, cv=inner)`` refit and
    scored on every outer fold, given the same folds (tested). The loops run
    with BLAS and OpenMP limited to one thread (``threadpoolctl``; restored
    afterwards): for many small fits this is faster, not slower.

    Taught in chapter 7 (``notebooks/07-nested-cv``).

    References
    ----------
    .. [1] Raschka, S. (2018). Model evaluation, model selection, and
       algorithm selection in machine learning. arXiv:1811.12808.
    .. [2] Varma, S. and Simon, R. (2006). Bias in error estimation when
       using cross-validation for model selection. BMC Bioinformatics 7, 91.
    .. [3] Cawley, G. C. and Talbot, N. L. C. (2010). On over-fitting in
       model selection and subsequent selection bias in performance
       evaluation. JMLR 11, 2079-2107.
    .. [4] Bates, S., Hastie, T. and Tibshirani, R. (2024). Cross-validation:
       what does it estimate and how well does it do it? JASA 119(546),
       1434-1445.

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> from lecture_lib.nested import nested_cv
    >>> X, y = load_iris(return_X_y=True)
    >>> result = nested_cv(KNeighborsClassifier(), {"n_neighbors": [1, 5, 15]}, X, y, seed=0)
    >>> result.outer_scores.shape, result.inner_scores.shape
    ((5,), (5, 3))
    >>> bool(0.9 < result.mean < 1.0)
    True

    Five outer accuracies, each from a k-NN tuned on its own outer training
    set; their mean, above 0.9, estimates the accuracy of "k-NN tuned by
    2-fold CV" on iris.
    """
    _check_estimator(estimator)
    candidates = parameter_grid(param_grid, estimator)
    scoring_name, scoring, lower = _check_scoring(scoring)
    y = _labels(y)
    X = check_features(X, y.size)
    splits = nested_splits(y, outer_cv, inner_cv, _generator(seed, random_state), n_repeats)
    return _run(estimator, candidates, X, y, splits, scoring, lower, scoring_name, n_repeats)


def nested_cv_compare(algorithms, X, y, outer_cv=5, inner_cv=2, scoring="accuracy", seed=None,
                      n_repeats=1, *, random_state=None) -> NestedComparison:
    """Nested cross-validation of several algorithms on the same folds.

    Parameters
    ----------
    algorithms : dict of str to (estimator, param_grid)
        Name of each algorithm, its estimator and its grid.
    X, y, outer_cv, inner_cv, scoring, seed, n_repeats
        As in :func:`nested_cv`. One set of folds (outer and inner, in every
        repetition) serves every algorithm.

    Returns
    -------
    comparison : NestedComparison
        The per-algorithm results and the paired outer scores, shape
        ``(n_repeats * outer_cv, n_algorithms)``;
        ``comparison.ttest(name_1, name_2)`` tests a pair.

    Notes
    -----
    Because every algorithm is scored on the same outer test folds, the
    scores are paired: fold difficulty cancels in the differences, which is
    what the paired tests of chapter 4 exploit. The test to use is the
    corrected repeated cross-validation t (Bouckaert and Frank 2004;
    :meth:`NestedComparison.ttest`), which Nadeau and Bengio's variance
    correction justifies for r x K repeated cross-validation. On the
    outer scores of a single nested CV (r = 1) the same formula is valid
    but conservative for stable learners (the K differences come from
    disjoint test folds and are nearly uncorrelated, while the correction
    assumes a correlation of 1/K), and its K - 1 degrees of freedom make the
    p-value unstable from one set of folds to the next: repeat the nested
    CV (``n_repeats``) when the comparison matters. The plain K-fold t
    (:func:`lecture_lib.kfold_cv_ttest`) ignores the overlap of the outer
    training sets and can be liberal.

    Taught in chapter 7 (``notebooks/07-nested-cv``).

    Examples
    --------
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.neighbors import KNeighborsClassifier
    >>> from sklearn.tree import DecisionTreeClassifier
    >>> from lecture_lib.nested import nested_cv_compare
    >>> X, y = load_iris(return_X_y=True)
    >>> comparison = nested_cv_compare(
    ...     {"k-NN": (KNeighborsClassifier(), {"n_neighbors": [1, 5, 15]}),
    ...      "tree": (DecisionTreeClassifier(random_state=0), {"max_depth": [1, 2, 3]})},
    ...     X, y, seed=0)
    >>> comparison.scores.shape
    (5, 2)

    One row per outer fold, one column per algorithm.
    """
    if not isinstance(algorithms, Mapping):
        raise TypeError("algorithms must be a dict of name -> (estimator, param_grid), got "
                        f"{_show(algorithms)}")
    if not algorithms:
        raise ValueError("algorithms is empty: give at least one name -> (estimator, param_grid)")
    scoring_name, scoring, lower = _check_scoring(scoring)
    prepared = []
    for name, pair in algorithms.items():
        if not isinstance(name, str):
            raise TypeError(f"algorithms keys must be names (str), got {_show(name)}")
        if not isinstance(pair, (tuple, list)) or len(pair) != 2:
            raise TypeError(f"algorithms[{name!r}] must be an (estimator, param_grid) pair, got "
                            f"{_show(pair)}")
        estimator, grid = pair
        _check_estimator(estimator, f"algorithms[{name!r}] estimator")
        try:
            candidates = parameter_grid(grid, estimator)
        except (TypeError, ValueError) as err:
            raise type(err)(f"algorithms[{name!r}]: {err}") from None
        prepared.append((name, estimator, candidates))
    y = _labels(y)
    X = check_features(X, y.size)
    splits = nested_splits(y, outer_cv, inner_cv, _generator(seed, random_state), n_repeats)
    results = tuple(_run(est, cands, X, y, splits, scoring, lower, scoring_name, n_repeats)
                    for _, est, cands in prepared)
    return NestedComparison(
        names=tuple(name for name, _, _ in prepared),
        results=results,
        scores=np.column_stack([r.outer_scores for r in results]),
    )


# --------------------------------------------------------------------------- simulation


@dataclasses.dataclass(frozen=True, eq=False)
class TuningBias(Printable):
    """Mean estimated accuracy on random labels, with and without nesting.

    Attributes
    ----------
    n_configs : ndarray of int, shape (max_configs,)
        Grid sizes 1, 2, ..., max_configs.
    non_nested, nested : ndarray, shape (max_configs,)
        Mean over the simulated data sets of the non-nested estimate (best
        k-fold score over the grid) and of the nested estimate, for each
        grid size.
    non_nested_se, nested_se : ndarray, shape (max_configs,)
        Their Monte Carlo standard errors.
    truth : float
        The accuracy of every classifier on new data: 0.5 (labels are fair
        coin flips independent of the features).
    n_samples, outer_cv, inner_cv, n_reps : int
        The set-up.
    """

    n_configs: np.ndarray
    non_nested: np.ndarray
    nested: np.ndarray
    non_nested_se: np.ndarray
    nested_se: np.ndarray
    truth: float
    n_samples: int
    outer_cv: int
    inner_cv: int
    n_reps: int

    def __str__(self) -> str:
        lines = [
            fill(f"TuningBias: {self.n_reps} data sets of {self.n_samples} examples with random labels "
                 f"(true accuracy {self.truth:g}), {self.outer_cv}-fold outer / {self.inner_cv}-fold "
                 "inner CV", WIDTH, rest="  "),
            f"  {'grid size':>9}  {'non-nested':>10}  {'nested':>8}",
        ]
        sizes = sorted({1, 2, 5, 10, 20, 50, 100, int(self.n_configs[-1])})
        for g in sizes:
            if g <= self.n_configs[-1]:
                i = g - 1
                lines.append(f"  {g:>9}  {self.non_nested[i]:>10.4f}  {self.nested[i]:>8.4f}")
        return "\n".join(lines)


def _random_ranks(rng, shape) -> np.ndarray:
    return np.argsort(np.argsort(rng.random(shape), axis=-1), axis=-1)


def _members(ids, value, size) -> np.ndarray:
    """Indices (R, size) of the examples whose id equals ``value`` in every row.

    The fold sizes are the same in every simulated data set, so the result
    is rectangular.
    """
    return np.argsort(ids != value, axis=1, kind="stable")[:, :size]


def _class_sums(X, y1, idx):
    """Gathered features (R, s, m), labels (R, s) and per-class sums and counts."""
    Xs = np.take_along_axis(X, idx[:, :, None], axis=1)
    ys = np.take_along_axis(y1, idx, axis=1)
    sum_1 = np.einsum("rs,rsm->rm", ys.astype(np.float64), Xs)
    n_1 = ys.sum(axis=1).astype(np.float64)
    return Xs, ys, np.stack([Xs.sum(axis=1) - sum_1, sum_1]), np.stack([idx.shape[1] - n_1, n_1])


def _rule_accuracy(sums, counts, Xs, ys) -> np.ndarray:
    """Accuracy on (Xs, ys) of the one-feature nearest-centroid rules.

    ``sums`` (2, R, m) and ``counts`` (2, R) are the per-class sums and
    sizes of the training set; configuration j predicts the class whose
    training mean of feature j is nearer (a class absent from the training
    set is never predicted). Returns shape (R, m).
    """
    n_0, n_1 = counts
    m_0 = sums[0] / np.maximum(n_0, 1.0)[:, None]
    m_1 = sums[1] / np.maximum(n_1, 1.0)[:, None]
    middle = 0.5 * (m_0 + m_1)
    direction = m_1 - m_0
    middle[(n_0 == 0) | (n_1 == 0)] = -np.inf
    direction[n_1 == 0] = -1.0  # always class 0
    direction[n_0 == 0] = 1.0  # always class 1
    says_1 = (Xs - middle[:, None, :]) * direction[:, None, :] > 0
    return (says_1 == ys[:, :, None]).mean(axis=1)


def _tuning_bias_scores(X, y1, outer_ids, inner_ids, outer_cv, inner_cv):
    """Outer test accuracies and mean inner accuracies of every configuration.

    ``outer_ids`` (R, n) is the outer fold of each example; ``inner_ids``
    (R, outer_cv, n) the inner fold of each example in each outer training
    set (-1 for the outer test examples). Fold sizes must be equal across
    the R rows. Returns arrays of shape (R, outer_cv, m): ``outer[r, i, j]``
    is configuration j fit on outer training set i and scored on outer test
    fold i; ``inner[r, i, j]`` its mean accuracy over the inner folds of
    outer training set i.

    Only class sums are recomputed per split (training sums = total minus
    held-out sums), and every example is predicted once per outer fold, so
    the cost does not grow with ``inner_cv``.
    """
    R, n, m = X.shape
    _, _, all_sums, all_counts = _class_sums(X, y1, np.broadcast_to(np.arange(n), (R, n)))
    outer = np.empty((R, outer_cv, m))
    inner = np.zeros((R, outer_cv, m))
    for i in range(outer_cv):
        size = int((outer_ids[0] == i).sum())
        Xs, ys, sums, counts = _class_sums(X, y1, _members(outer_ids, i, size))
        train_sums, train_counts = all_sums - sums, all_counts - counts
        outer[:, i] = _rule_accuracy(train_sums, train_counts, Xs, ys)
        for f in range(inner_cv):
            size = int((inner_ids[0, i] == f).sum())
            Xv, yv, v_sums, v_counts = _class_sums(X, y1, _members(inner_ids[:, i], f, size))
            inner[:, i] += _rule_accuracy(train_sums - v_sums, train_counts - v_counts, Xv, yv)
    inner /= inner_cv
    return outer, inner


def _first_argmax_prefix(values) -> np.ndarray:
    """Index of the first maximum of ``values[..., :g]`` for every g (last axis)."""
    m = values.shape[-1]
    running = np.maximum.accumulate(values, axis=-1)
    new = np.ones(values.shape, dtype=bool)
    new[..., 1:] = values[..., 1:] > running[..., :-1]
    return np.maximum.accumulate(np.where(new, np.arange(m), 0), axis=-1)


def simulate_tuning_bias(n_samples=60, max_configs=20, outer_cv=5, inner_cv=2, n_reps=200,
                         seed=0) -> TuningBias:
    """How optimistic is the best tuned score? A simulation on random labels.

    Parameters
    ----------
    n_samples : int, default 60
        Examples per simulated data set (at least ``2 * outer_cv``).
    max_configs : int, default 20
        Largest grid searched; results are returned for every grid size
        1..max_configs.
    outer_cv : int, default 5
        Folds of the plain (non-nested) CV and of the outer nested loop.
    inner_cv : int, default 2
        Folds of the inner loop.
    n_reps : int, default 200
        Number of simulated data sets.
    seed : int or numpy.random.Generator, default 0
        Source of randomness; the data sets depend on ``seed``,
        ``n_samples``, ``max_configs`` and ``n_reps`` only, so changing the
        numbers of folds keeps the data.

    Returns
    -------
    result : TuningBias
        Mean non-nested and nested estimates (and their Monte Carlo standard
        errors) for every grid size; the true accuracy is 0.5.

    Notes
    -----
    Each data set has ``max_configs`` standard normal features and labels
    that are fair coin flips, independent of the features, so every
    classifier has accuracy exactly 1/2 on new data. Configuration j is the
    nearest-centroid rule on feature j alone (a cheap stand-in for a grid
    of hyperparameters; all configurations are equally useless).

    - *Non-nested*: the k-fold accuracy of every configuration on the same
      folds, and the best of them reported, as ``GridSearchCV.best_score_``
      does. With a grid of g configurations it estimates
      :math:`E\\,\\max_{j \\le g} \\hat a_j > 1/2`.
    - *Nested*: in each outer fold the inner loop picks a configuration;
      it is scored on the outer test fold, which played no part in the
      choice. Its expectation is exactly 1/2 whatever g (a test label is
      a coin flip independent of everything the procedure saw).

    Everything is vectorised over data sets and configurations; the loop
    runs over the outer_cv x (1 + inner_cv) train/test masks only.

    Taught in chapter 7 (``notebooks/07-nested-cv``).

    References
    ----------
    .. [1] Varma, S. and Simon, R. (2006). Bias in error estimation when
       using cross-validation for model selection. BMC Bioinformatics 7, 91.
    .. [2] Cawley, G. C. and Talbot, N. L. C. (2010). On over-fitting in
       model selection and subsequent selection bias in performance
       evaluation. JMLR 11, 2079-2107.

    Examples
    --------
    >>> from lecture_lib.nested import simulate_tuning_bias
    >>> result = simulate_tuning_bias(max_configs=20, n_reps=200, seed=0)
    >>> bool(result.non_nested[-1] > 0.6), bool(abs(result.nested[-1] - 0.5) < 0.03)
    (True, True)

    Reporting the best of 20 useless configurations suggests an accuracy
    above 0.6; nested CV stays at chance, as it should.
    """
    outer_cv = check_count(outer_cv, "outer_cv", minimum=2)
    inner_cv = check_count(inner_cv, "inner_cv", minimum=2)
    n_samples = check_count(n_samples, "n_samples", minimum=2)
    max_configs = check_count(max_configs, "max_configs", minimum=1)
    n_reps = check_count(n_reps, "n_reps", minimum=2)
    if n_samples < 2 * outer_cv:
        raise ValueError(f"n_samples={n_samples} is too small for outer_cv={outer_cv}: need at least "
                         f"{2 * outer_cv}")
    smallest_train = n_samples - -(-n_samples // outer_cv)
    if smallest_train < 2 * inner_cv:
        raise ValueError(
            f"inner_cv={inner_cv} is too many folds for outer training sets of {smallest_train} examples"
        )
    rng = as_generator(seed)
    X = rng.standard_normal((n_reps, n_samples, max_configs))
    y1 = rng.random((n_reps, n_samples)) < 0.5
    # folds come from a generator of their own, so the data do not depend on them
    fold_rng = np.random.default_rng([int(rng.integers(2**32)), outer_cv, inner_cv])
    outer_ids = _random_ranks(fold_rng, (n_reps, n_samples)) % outer_cv
    keys = fold_rng.random((n_reps, outer_cv, n_samples))
    keys = np.where(outer_ids[:, None, :] == np.arange(outer_cv)[None, :, None], np.inf, keys)
    inner_ids = np.argsort(np.argsort(keys, axis=-1), axis=-1) % inner_cv
    inner_ids = np.where(np.isinf(keys), -1, inner_ids)
    outer, inner = _tuning_bias_scores(X, y1, outer_ids, inner_ids, outer_cv, inner_cv)

    cv_mean = outer.mean(axis=1)  # (R, m): plain k-fold accuracy of each configuration
    non_nested = np.maximum.accumulate(cv_mean, axis=-1)  # best of the first g
    pick = _first_argmax_prefix(inner)  # (R, outer_cv, m): the inner loop's choice
    nested = np.take_along_axis(outer, pick, axis=-1).mean(axis=1)  # (R, m)
    root = np.sqrt(n_reps)
    return TuningBias(
        n_configs=np.arange(1, max_configs + 1),
        non_nested=non_nested.mean(axis=0),
        nested=nested.mean(axis=0),
        non_nested_se=non_nested.std(axis=0, ddof=1) / root,
        nested_se=nested.std(axis=0, ddof=1) / root,
        truth=0.5,
        n_samples=n_samples,
        outer_cv=outer_cv,
        inner_cv=inner_cv,
        n_reps=n_reps,
    )
