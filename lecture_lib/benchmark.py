"""A benchmark runner: many algorithms on many data sets, on the same splits.

Every test of chapters 4 to 6 (and of the Bayesian chapter) starts from a
table of scores: algorithms x data sets (x repetitions x folds).
:func:`run_benchmark` builds that table the way those tests assume: the same
splits for every algorithm on a data set (so the comparison is paired), 10 x
10 repeated stratified cross-validation by default (Bouckaert and Frank
2004), any tuning inside the training folds (pass a ``Pipeline`` or a
``GridSearchCV``), every cell kept in a resumable store, cells run through
joblib so that a laptop's cores or a dask cluster do the work. Its result
hands the fold scores and the per-data-set means straight to the course's
tests.

Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import math
import numbers
import os
import re
import sys
import time
from collections.abc import Mapping

import numpy as np

from . import metrics
from ._benchmark_store import BenchmarkStore, read_store, stored_seed
from ._validation import _show, check_count, check_features, check_flag, check_labels
from .resampling import _take, repeated_kfold

__all__ = [
    "DEFAULT_CV",
    "BenchmarkResult",
    "benchmark_splits",
    "load_benchmark",
    "run_benchmark",
]

#: The default ``cv`` of :func:`run_benchmark`: 10 repetitions of stratified
#: 10-fold cross-validation (Bouckaert and Frank 2004).
DEFAULT_CV = (10, 10)

# Named scorings that lecture_lib computes itself, and whether higher is better.
_OWN_SCORINGS = {"accuracy": True, "error_rate": False}


# --------------------------------------------------------------------------- arguments


@dataclasses.dataclass(frozen=True)
class _Scorer:
    """A picklable scoring rule: ``kind`` is "own", "sklearn" or "callable"."""

    name: str
    kind: str
    function: object
    higher_is_better: bool

    def __call__(self, model, X_test, y_test) -> float:
        if self.kind == "sklearn":
            return float(self.function(model, X_test, y_test))
        return float(self.function(y_test, model.predict(X_test)))


def _check_scoring(scoring) -> _Scorer:
    if callable(scoring) and not isinstance(scoring, type):
        name = getattr(scoring, "__qualname__", None) or type(scoring).__name__
        return _Scorer(f"callable {name}", "callable", scoring, True)
    if not isinstance(scoring, str):
        raise TypeError(
            f"scoring must be one of {tuple(_OWN_SCORINGS)}, a scikit-learn scorer name or a callable "
            f"scoring(y_true, y_pred); got {_show(scoring)}"
        )
    if scoring in _OWN_SCORINGS:
        return _Scorer(scoring, "own", getattr(metrics, scoring), _OWN_SCORINGS[scoring])
    from sklearn.metrics import get_scorer, get_scorer_names

    names = list(get_scorer_names())
    if scoring in names:
        # scikit-learn's scorers are all "higher is better" (losses come negated, "neg_...")
        return _Scorer(scoring, "sklearn", get_scorer(scoring), True)
    close = difflib.get_close_matches(scoring, list(_OWN_SCORINGS) + names, n=3)
    hint = f"; did you mean {' or '.join(map(repr, close))}?" if close else ""
    raise ValueError(
        f"scoring must be one of {tuple(_OWN_SCORINGS)}, a scikit-learn scorer name "
        f"(sklearn.metrics.get_scorer_names()) or a callable scoring(y_true, y_pred); got {scoring!r}{hint}"
    )


def _check_cv(cv):
    """(n_repeats, n_folds) for the built-in splits, or the callable itself."""
    if callable(cv):
        return cv
    if isinstance(cv, (bool, np.bool_)):
        raise TypeError(f"cv must be (n_repeats, n_folds), a number of folds or a callable; got {cv!r}")
    if isinstance(cv, numbers.Real):
        return (1, check_count(cv, "cv", minimum=2))
    if isinstance(cv, (tuple, list)) and len(cv) == 2:
        return (check_count(cv[0], "cv[0] (the number of repetitions)", minimum=1),
                check_count(cv[1], "cv[1] (the number of folds)", minimum=2))
    raise TypeError(
        "cv must be (n_repeats, n_folds) such as (10, 10), a number of folds, or a callable "
        f"cv(X, y, rng) returning the splits; got {_show(cv)}"
    )


def _describe_cv(cv) -> str:
    if callable(cv):
        return f"callable {getattr(cv, '__qualname__', type(cv).__name__)}"
    return f"{cv[0]} x {cv[1]} stratified"


def _check_seed(seed):
    if seed is None:
        return None
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
        raise TypeError(
            f"seed must be a non-negative int or None, got {_show(seed)} (a Generator cannot be "
            "recorded in the store or reproduced by a later run)"
        )
    if seed < 0:
        raise ValueError(f"seed must be non-negative, got {seed}")
    return int(seed)


def _check_n_jobs(n_jobs):
    if n_jobs is None:
        return None
    if isinstance(n_jobs, (bool, np.bool_)) or not isinstance(n_jobs, numbers.Integral):
        raise TypeError(f"n_jobs must be None or a non-zero int (-1: all cores), got {_show(n_jobs)}")
    if n_jobs == 0:
        raise ValueError("n_jobs must be None or a non-zero int (-1: all cores), got 0")
    return int(n_jobs)


def _check_name(name, argument: str) -> str:
    if not isinstance(name, str) or not name:
        raise TypeError(f"the keys of {argument} must be non-empty strings (the names in the tables), got "
                        f"{_show(name)}")
    return name


def _check_estimators(estimators, scorer: _Scorer) -> dict:
    if not isinstance(estimators, Mapping):
        raise TypeError(
            "estimators must be a dict of name -> scikit-learn style estimator, e.g. "
            f"{{'tree': DecisionTreeClassifier()}}; got {_show(estimators)}"
        )
    if not estimators:
        raise ValueError("estimators is empty: give at least one named estimator")
    needed = ("get_params", "fit") if scorer.kind == "sklearn" else ("get_params", "fit", "predict")
    out = {}
    for name, estimator in estimators.items():
        _check_name(name, "estimators")
        where = f"estimators[{name!r}]"
        if isinstance(estimator, type):
            raise TypeError(f"{where} must be an estimator instance, got the class {estimator.__name__}; "
                            f"write {estimator.__name__}()")
        for method in needed:
            if not callable(getattr(estimator, method, None)):
                raise TypeError(
                    f"{where} must be a scikit-learn style estimator with {', '.join(needed)}; "
                    f"{_show(estimator)} has no {method}()"
                )
        out[name] = estimator
    return out


def _load_dataset(name, value):
    """(X, y as a label array) of one entry of ``datasets``."""
    where = f"datasets[{name!r}]"
    if callable(value):
        try:
            value = value()
        except Exception as err:
            raise ValueError(f"{where}: loading the data set failed with {type(err).__name__}: "
                             f"{err}") from err
    if hasattr(value, "data") and hasattr(value, "target"):  # a scikit-learn Bunch
        value = (value.data, value.target)
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise TypeError(f"{where} must be a pair (X, y) or a callable that returns one, got {_show(value)}")
    X, y = value
    if y is None:
        raise TypeError(f"{where}: y must be an array of class labels, got None")
    try:
        y = check_labels(y, "y")
        X = check_features(X, y.size)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{where}: {err}") from None
    if getattr(X, "ndim", 2) < 2:
        raise ValueError(f"{where}: X must have one row per example (2-D), got an array of shape "
                         f"{np.shape(X)}")
    return X, y


def _dataset_words(name: str) -> list[int]:
    """The data set's name as 32-bit words: part of its seed, so each data set has its own splits."""
    return np.frombuffer(hashlib.sha256(name.encode("utf-8")).digest(), dtype="<u4").tolist()


def _dataset_rng(seed: int, name: str) -> np.random.Generator:
    return np.random.default_rng([seed, *_dataset_words(name)])


def _check_index(idx, n: int, where: str) -> np.ndarray:
    arr = np.asarray(idx)
    if arr.ndim != 1 or arr.size == 0 or arr.dtype.kind not in "iu":
        raise ValueError(f"{where} must be a non-empty 1-D array of integer indices, got "
                         f"{_show(arr.tolist())}")
    if arr.min() < 0 or arr.max() >= n:
        raise ValueError(f"{where} has indices outside 0..{n - 1}")
    return arr.astype(np.int64, copy=False)


def _make_splits(X, y, name: str, cv, seed: int) -> list:
    """The repetitions (lists of (train, test) pairs) of one data set."""
    n = y.size
    rng = _dataset_rng(seed, name)
    where = f"datasets[{name!r}]"
    if not callable(cv):
        n_repeats, k = cv
        if k > n:
            raise ValueError(f"{where}: cv asks for {k} folds but the data set has only {n} examples")
        try:
            flat = list(repeated_kfold(n, k=k, n_repeats=n_repeats, seed=rng, y=y))
        except ValueError as err:
            raise ValueError(f"{where}: {err}; use fewer folds (cv) or drop the data set") from None
        return [flat[r * k:(r + 1) * k] for r in range(n_repeats)]
    reps = cv(X, y, rng)
    if isinstance(reps, (str, bytes)) or not hasattr(reps, "__iter__"):
        raise TypeError(f"cv({where}) must return a list of repetitions, each a list of (train_idx, "
                        f"test_idx) pairs; got {_show(reps)}")
    out = []
    for r, rep in enumerate(reps):
        if isinstance(rep, (str, bytes)) or not hasattr(rep, "__iter__"):
            raise TypeError(f"cv({where})[{r}] must be a list of (train_idx, test_idx) pairs, got "
                            f"{_show(rep)}")
        folds = []
        for f, pair in enumerate(rep):
            try:
                train, test = pair
            except (TypeError, ValueError):
                raise TypeError(f"cv({where})[{r}][{f}] must be a (train_idx, test_idx) pair, got "
                                f"{_show(pair)}") from None
            train = _check_index(train, n, f"cv({where})[{r}][{f}] train_idx")
            test = _check_index(test, n, f"cv({where})[{r}][{f}] test_idx")
            shared = np.intersect1d(train, test).size
            if shared:
                raise ValueError(f"cv({where})[{r}][{f}]: {shared} example(s) are in both the training and "
                                 "the test set")
            folds.append((train, test))
        if not folds:
            raise ValueError(f"cv({where})[{r}] holds no (train_idx, test_idx) pair")
        out.append(folds)
    if not out:
        raise ValueError(f"cv({where}) returned no repetition")
    if len({len(rep) for rep in out}) != 1:
        raise ValueError(f"cv({where}): every repetition must have the same number of folds, got "
                         f"{[len(rep) for rep in out]}")
    return out


def _splits_hash(reps) -> str:
    digest = hashlib.sha256()
    for rep in reps:
        for train, test in rep:
            for idx in (train, test):
                digest.update(np.int64(idx.size).tobytes())
                digest.update(np.ascontiguousarray(idx, dtype="<i8").tobytes())
    return digest.hexdigest()


def _data_hash(X, y) -> str:
    import joblib

    return joblib.hash((X, y))


def _fingerprint(estimator) -> str:
    """A run-independent description of an estimator and all its parameters."""
    try:
        from sklearn import config_context

        with config_context(print_changed_only=True):
            text = estimator.__repr__(N_CHAR_MAX=10**9)
    except TypeError:  # not a scikit-learn BaseEstimator
        text = repr(estimator)
    return re.sub(r" at 0x[0-9a-fA-F]+", "", text)  # memory addresses change from run to run


# --------------------------------------------------------------------------- one cell


def _run_cell(key, estimator, X, y, train, test, scorer):
    """Fit a fresh clone on ``train`` and score it on ``test``; failures become a message.

    Returns (key, score, fit_time, score_time, error); error is "" on success.
    """
    from sklearn.base import clone

    fit_time = score_time = math.nan
    start = time.perf_counter()
    try:
        model = clone(estimator)
        start = time.perf_counter()
        model.fit(_take(X, train), y[train])
        fit_time = time.perf_counter() - start
        start = time.perf_counter()
        score = scorer(model, _take(X, test), y[test])
        score_time = time.perf_counter() - start
    except Exception as err:  # recorded; KeyboardInterrupt and SystemExit still stop the run
        elapsed = time.perf_counter() - start
        if math.isnan(fit_time):
            fit_time = elapsed
        else:
            score_time = elapsed
        return key, math.nan, fit_time, score_time, f"{type(err).__name__}: {err}"
    if not math.isfinite(score):
        return key, math.nan, fit_time, score_time, f"the scoring returned {score}"
    return key, score, fit_time, score_time, ""


# --------------------------------------------------------------------------- progress


def _in_notebook() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


class _Progress:
    """Counts cells and shows them: an ipywidgets bar in a notebook, a text line in a terminal."""

    def __init__(self, total: int, done: int, mode: str, stream=None, interval: float = 0.2):
        self.total, self.done, self.failed = total, done, 0
        self.mode, self.stream, self.interval = mode, stream or sys.stderr, interval
        self.start = time.perf_counter()
        self.first = done  # cells found in the store: not part of the rate
        self._last = -math.inf
        self._shown = None  # the count last shown
        self.bar = self.label = None
        if mode == "widget":
            import ipywidgets as widgets
            from IPython.display import display

            self.bar = widgets.IntProgress(value=done, min=0, max=max(total, 1), description="cells",
                                           layout=widgets.Layout(width="50%"))
            self.label = widgets.HTML()
            display(widgets.HBox([self.bar, self.label]))
        self._show(force=True)

    def text(self) -> str:
        elapsed = time.perf_counter() - self.start
        words = f"{self.done}/{self.total} cells"
        if self.failed:
            words += f" ({self.failed} failed)"
        words += f", {elapsed:.0f} s"
        ran = self.done - self.first
        if 0 < ran and self.done < self.total:
            words += f", about {elapsed / ran * (self.total - self.done):.0f} s left"
        return words

    def update(self, failed: bool) -> None:
        self.done += 1
        self.failed += bool(failed)
        self._show(force=self.done == self.total)

    def _show(self, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self._last < self.interval:
            return
        self._last, self._shown = now, self.done
        if self.mode == "widget":
            self.bar.value = self.done
            self.label.value = self.text()
        elif self.mode == "text":
            width = 30
            filled = width * self.done // max(self.total, 1)
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.text()}   ")
            self.stream.flush()

    def close(self) -> None:
        if self._shown != self.done:
            self._show(force=True)
        if self.mode == "text":
            self.stream.write("\n")
            self.stream.flush()
        elif self.mode == "widget":
            self.bar.bar_style = "danger" if self.failed or self.done < self.total else "success"


# --------------------------------------------------------------------------- the result


def _paired_function():
    """The course's corrected repeated-CV t-test: ``corrected_repeated_cv_ttest`` once paired.py has it.

    Until then the same statistic through ``resampled_ttest`` with n_test/n_train = 1/(k - 1):
    the variance factor 1/(r k) + 1/(k - 1) and r k - 1 degrees of freedom either way.
    """
    import lecture_lib

    test = getattr(lecture_lib, "corrected_repeated_cv_ttest", None)
    if test is not None:
        return lambda s1, s2, k: test(s1, s2, n_folds=k)
    return lambda s1, s2, k: lecture_lib.resampled_ttest(s1.ravel(), s2.ravel(), test_train_ratio=1 / (k - 1))


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class BenchmarkResult:
    """The scores of a benchmark and the ways to test them (result of :func:`run_benchmark`).

    Attributes
    ----------
    records : numpy structured array
        The tidy fold-level table, one row per cell, sorted by data set,
        algorithm, repetition, fold; fields ``dataset``, ``algorithm``,
        ``repetition``, ``fold``, ``score``, ``fit_time``, ``score_time``
        (seconds) and ``error`` ("" when the cell ran; else the exception,
        and ``score`` is NaN). :meth:`to_pandas` gives it as a DataFrame.
    scores : ndarray, shape (n_datasets, n_algorithms, n_repeats, n_folds)
        The same scores as an array; NaN where a fit failed or a cell is
        missing (a partly finished store read by :func:`load_benchmark`).
    datasets, algorithms : tuple of str
        The names, in the order of the axes.
    scoring : str
        The scoring's name.
    higher_is_better : bool
        False for ``"error_rate"``; True otherwise.
    cv : str
        The splits, e.g. ``"10 x 10 stratified"``.
    seed : int
        The seed of the splits (the one drawn when ``seed=None``).
    test_train_ratio : ndarray, shape (n_datasets,)
        Mean test-set size over mean training-set size, per data set.

    Notes
    -----
    The tests need every cell they use: a failed or missing cell raises a
    ValueError that names it; :meth:`select` leaves data sets or
    algorithms out. The methods ``friedman`` and ``nemenyi`` call the
    functions of the package root, so they always use the library's
    current versions.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).
    """

    records: np.ndarray
    scores: np.ndarray
    datasets: tuple
    algorithms: tuple
    scoring: str
    higher_is_better: bool
    cv: str
    seed: int
    test_train_ratio: np.ndarray

    # ----------------------------------------------------------------- tables

    @property
    def n_repeats(self) -> int:
        """Number of repetitions r."""
        return self.scores.shape[2]

    @property
    def n_folds(self) -> int:
        """Number of folds k per repetition."""
        return self.scores.shape[3]

    @property
    def mean_scores(self) -> np.ndarray:
        """(n_datasets, n_algorithms) mean over all r x k folds: the table chapters 5 and 6 test.

        NaN where a cell failed or is missing.
        """
        return self.scores.mean(axis=(2, 3))

    @property
    def n_failed(self) -> int:
        """Number of cells whose fit or scoring raised an error."""
        return int(np.count_nonzero(self.records["error"] != ""))

    @property
    def n_missing(self) -> int:
        """Number of cells not run yet (only a partly finished store has any)."""
        return self.scores.size - self.records.size

    @property
    def failures(self) -> np.ndarray:
        """The rows of :attr:`records` whose fit or scoring failed."""
        return self.records[self.records["error"] != ""]

    def fold_scores(self, dataset: str, algorithm: str) -> np.ndarray:
        """The (n_repeats, n_folds) scores of one algorithm on one data set."""
        return self.scores[self._index(dataset, "dataset", self.datasets),
                           self._index(algorithm, "algorithm", self.algorithms)].copy()

    def to_pandas(self, table: str = "folds"):
        """The fold-level table (``table="folds"``) or the mean table (``"means"``) as a DataFrame.

        Needs pandas (not a dependency of lecture_lib).
        """
        if table not in ("folds", "means"):
            raise ValueError(f"table must be one of ('folds', 'means'), got {_show(table)}")
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("to_pandas needs pandas: pip install pandas (or use .records / "
                              ".mean_scores)") from None
        if table == "means":
            return pd.DataFrame(self.mean_scores, index=pd.Index(self.datasets, name="dataset"),
                                columns=pd.Index(self.algorithms, name="algorithm"))
        return pd.DataFrame({name: self.records[name] for name in self.records.dtype.names})

    def select(self, datasets=None, algorithms=None) -> BenchmarkResult:
        """The result restricted to some data sets and/or algorithms (in the order given)."""
        d_names = self.datasets if datasets is None else tuple(datasets)
        a_names = self.algorithms if algorithms is None else tuple(algorithms)
        if not d_names or not a_names:
            raise ValueError("select needs at least one data set and one algorithm")
        d_idx = [self._index(name, "dataset", self.datasets) for name in d_names]
        a_idx = [self._index(name, "algorithm", self.algorithms) for name in a_names]
        keep = np.isin(self.records["dataset"], d_names) & np.isin(self.records["algorithm"], a_names)
        return dataclasses.replace(
            self,
            records=_sorted_records(self.records[keep], d_names, a_names),
            scores=self.scores[np.ix_(d_idx, a_idx)],
            datasets=d_names,
            algorithms=a_names,
            test_train_ratio=self.test_train_ratio[d_idx],
        )

    # ----------------------------------------------------------------- tests

    def corrected_ttest(self, algorithm_1: str, algorithm_2: str) -> dict:
        """The corrected repeated cross-validation t-test on every data set.

        Returns a dict data set -> result (``statistic``, ``pvalue``,
        ``mean_difference`` of algorithm_1 minus algorithm_2, ...). With the
        built-in r x k splits this is Bouckaert and Frank's test, variance
        factor :math:`1/(rk) + 1/(k-1)`; with a callable ``cv``, Nadeau and
        Bengio's corrected resampled t with the splits' own n_test/n_train.
        With a single repetition (``cv=k``) the correction is very
        conservative; use repetitions (the default is 10 x 10).
        """
        i, j = self._pair(algorithm_1, algorithm_2)
        self._complete("corrected_ttest", datasets=None, algorithms=(i, j))
        out = {}
        if not self.cv.startswith("callable"):
            test = _paired_function()
            for d, name in enumerate(self.datasets):
                out[name] = test(self.scores[d, i], self.scores[d, j], self.n_folds)
        else:
            from . import resampled_ttest

            for d, name in enumerate(self.datasets):
                out[name] = resampled_ttest(self.scores[d, i].ravel(), self.scores[d, j].ravel(),
                                            test_train_ratio=float(self.test_train_ratio[d]))
        return out

    def friedman(self, **options):
        """:func:`lecture_lib.friedman` on :attr:`mean_scores` (``higher_is_better`` from the scoring)."""
        import lecture_lib

        return self.across_datasets(lecture_lib.friedman, **options)

    def nemenyi(self, **options):
        """:func:`lecture_lib.nemenyi` on :attr:`mean_scores` (``higher_is_better`` from the scoring)."""
        import lecture_lib

        return self.across_datasets(lecture_lib.nemenyi, **options)

    def per_dataset(self, test, algorithm_1: str, algorithm_2: str, **options) -> dict:
        """Run a two-sample test on the fold scores of each data set.

        ``test(scores_1, scores_2, **options)`` gets the r x k scores of the
        two algorithms as 1-D arrays (repetition by repetition), the form
        :func:`lecture_lib.resampled_ttest` and the Bayesian correlated t-test
        take. Returns a dict data set -> result.
        """
        if not callable(test):
            raise TypeError(f"test must be a test function such as resampled_ttest, got {_show(test)}")
        i, j = self._pair(algorithm_1, algorithm_2)
        self._complete(getattr(test, "__name__", "test"), datasets=None, algorithms=(i, j))
        return {name: test(self.scores[d, i].ravel(), self.scores[d, j].ravel(), **options)
                for d, name in enumerate(self.datasets)}

    def across_datasets(self, test, *algorithms: str, **options):
        """Run a test across data sets on :attr:`mean_scores`.

        With no algorithm named, ``test(mean_scores, **options)`` (Friedman,
        Nemenyi, ...); with two, ``test(means_1, means_2, **options)``
        (Wilcoxon, sign test, Bayesian sign and signed-rank tests). A
        ``higher_is_better`` parameter of ``test`` is set from the scoring
        unless ``options`` sets it.
        """
        import inspect

        if not callable(test):
            raise TypeError(f"test must be a test function such as friedman, got {_show(test)}")
        try:
            parameters = inspect.signature(test).parameters
        except (TypeError, ValueError):
            parameters = {}
        if "higher_is_better" in parameters and "higher_is_better" not in options:
            options["higher_is_better"] = self.higher_is_better
        name = getattr(test, "__name__", "test")
        if not algorithms:
            self._complete(name, datasets=None, algorithms=None)
            return test(self.mean_scores, **options)
        if len(algorithms) != 2:
            raise TypeError(f"across_datasets takes no algorithm or two, got {len(algorithms)}: {algorithms}")
        i, j = self._pair(*algorithms)
        self._complete(name, datasets=None, algorithms=(i, j))
        means = self.mean_scores
        return test(means[:, i], means[:, j], **options)

    # ----------------------------------------------------------------- helpers

    @staticmethod
    def _index(name, what: str, names: tuple) -> int:
        try:
            return names.index(name)
        except ValueError:
            raise ValueError(f"unknown {what} {_show(name)}; the result has {list(names)}") from None

    def _pair(self, algorithm_1, algorithm_2):
        i = self._index(algorithm_1, "algorithm", self.algorithms)
        j = self._index(algorithm_2, "algorithm", self.algorithms)
        if i == j:
            raise ValueError(f"algorithm_1 and algorithm_2 are both {algorithm_1!r}: name two different "
                             "algorithms")
        return i, j

    def _complete(self, test_name: str, datasets, algorithms) -> None:
        """A test needs every cell it uses: else say which ones fail or are missing."""
        cols = list(algorithms) if algorithms is not None else list(range(len(self.algorithms)))
        block = self.scores[:, cols]
        if not np.isnan(block).any():
            return
        used = {self.algorithms[c] for c in cols}
        failed = self.failures
        failed = failed[np.isin(failed["algorithm"], list(used))]
        if failed.size:
            first = failed[0]
            detail = (f"{failed.size} cell(s) failed, the first {str(first['dataset'])!r} / "
                      f"{str(first['algorithm'])!r} repetition {int(first['repetition'])} fold "
                      f"{int(first['fold'])}: {first['error']}")
        else:
            detail = f"{int(np.isnan(block).sum())} cell(s) have not run yet (the store is not finished)"
        raise ValueError(
            f"{test_name} needs a score for every cell it uses, but {detail}. Fix the estimator and run "
            "again under a new name, or leave the data set or algorithm out with result.select(...)"
        )

    def __str__(self) -> str:
        head = (f"BenchmarkResult: {len(self.algorithms)} algorithm(s) x {len(self.datasets)} data set(s), "
                f"{self.cv} cross-validation (seed {self.seed}), scoring {self.scoring} "
                f"({'higher' if self.higher_is_better else 'lower'} is better)")
        lines = [head]
        if self.n_failed or self.n_missing:
            lines.append(f"  {self.n_failed} failed cell(s), {self.n_missing} missing cell(s)")
        width = max(len(name) for name in self.datasets) + 2
        cols = [max(9, len(name) + 2) for name in self.algorithms]
        lines.append("  mean score over the folds:")
        lines.append("  " + " " * width + "".join(f"{name:>{c}}" for name, c in zip(self.algorithms, cols)))
        for name, row in zip(self.datasets, self.mean_scores):
            lines.append(f"  {name:<{width}}" + "".join(f"{v:>{c}.4f}" for v, c in zip(row, cols)))
        return "\n".join(lines)

    def _repr_pretty_(self, printer, cycle):  # IPython display hook
        printer.text(str(self))


_RECORD_FIELDS = ("dataset", "algorithm", "repetition", "fold", "score", "fit_time", "score_time", "error")


def _sorted_records(records: np.ndarray, datasets, algorithms) -> np.ndarray:
    d_pos = {name: i for i, name in enumerate(datasets)}
    a_pos = {name: i for i, name in enumerate(algorithms)}
    d = np.array([d_pos[name] for name in records["dataset"]], dtype=np.int64)
    a = np.array([a_pos[name] for name in records["algorithm"]], dtype=np.int64)
    order = np.lexsort((records["fold"], records["repetition"], a, d))
    return records[order]


def _build_result(cells: dict, datasets, algorithms, n_repeats, n_folds, *, scoring, higher_is_better, cv,
                  seed,
                  ratios) -> BenchmarkResult:
    """The result from cells: key (dataset, algorithm, rep, fold) -> (score, fit, score time, error)."""
    rows = list(cells.items())

    def width(values):
        return max([1, *(len(v) for v in values)])

    dtype = [
        ("dataset", f"U{width(datasets)}"),
        ("algorithm", f"U{width(algorithms)}"),
        ("repetition", np.int64),
        ("fold", np.int64),
        ("score", np.float64),
        ("fit_time", np.float64),
        ("score_time", np.float64),
        ("error", f"U{width([value[3] for _, value in rows])}"),
    ]
    records = np.array([(*key, *value) for key, value in rows], dtype=dtype)
    scores = np.full((len(datasets), len(algorithms), n_repeats, n_folds), np.nan)
    if rows:
        d_pos = {name: i for i, name in enumerate(datasets)}
        a_pos = {name: i for i, name in enumerate(algorithms)}
        d = np.array([d_pos[name] for name in records["dataset"]])
        a = np.array([a_pos[name] for name in records["algorithm"]])
        scores[d, a, records["repetition"], records["fold"]] = records["score"]
    return BenchmarkResult(
        records=_sorted_records(records, datasets, algorithms),
        scores=scores,
        datasets=tuple(datasets),
        algorithms=tuple(algorithms),
        scoring=scoring,
        higher_is_better=higher_is_better,
        cv=cv,
        seed=seed,
        test_train_ratio=np.asarray(ratios, dtype=np.float64),
    )


# --------------------------------------------------------------------------- public functions


def benchmark_splits(X, y, dataset, cv=DEFAULT_CV, seed=None) -> list:
    """The splits :func:`run_benchmark` uses for one data set.

    Parameters
    ----------
    X : array_like, shape (n, n_features)
        Features (used only by a callable ``cv``).
    y : array_like, shape (n,)
        Class labels (the folds are stratified by them).
    dataset : str
        The data set's name: with ``seed`` it determines the splits, so each
        data set has its own and adding or removing another changes nothing.
    cv : (int, int), int or callable, default (10, 10)
        As in :func:`run_benchmark`.
    seed : int or None
        As in :func:`run_benchmark` (None: fresh, unreproducible splits).

    Returns
    -------
    splits : list of lists of (train_idx, test_idx)
        ``splits[r][f]`` is fold f of repetition r, as sorted int64 arrays.

    Notes
    -----
    The generator of data set "name" is ``numpy.random.default_rng([seed,
    *words])``, where ``words`` are the eight 32-bit words of the SHA-256
    hash of the name; :func:`lecture_lib.repeated_kfold` (stratified by y)
    draws the repetitions from it.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib import benchmark_splits
    >>> y = np.array([0] * 6 + [1] * 4)
    >>> splits = benchmark_splits(np.zeros((10, 1)), y, "toy", cv=(2, 2), seed=0)
    >>> len(splits), len(splits[0])
    (2, 2)
    >>> [np.bincount(y[test]).tolist() for train, test in splits[0]]
    [[3, 2], [3, 2]]

    Two repetitions of stratified 2-fold cross-validation: every test fold
    keeps the 6 : 4 class proportions.
    """
    if not isinstance(dataset, str) or not dataset:
        raise TypeError(f"dataset must be the data set's name (a non-empty string), got {_show(dataset)}")
    cv = _check_cv(cv)
    seed = _check_seed(seed)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)
    X, y = _load_dataset(dataset, (X, y))
    return _make_splits(X, y, dataset, cv, seed)


def run_benchmark(estimators, datasets, cv=DEFAULT_CV, scoring="accuracy", n_jobs=None, seed=None, store=None,
                  progress=True) -> BenchmarkResult:
    """Score every algorithm on every data set, on the same splits.

    Parameters
    ----------
    estimators : dict of str to estimator
        Name -> scikit-learn style estimator (``get_params``, ``fit``,
        ``predict``); each cell fits a fresh clone. A ``Pipeline`` or a
        ``GridSearchCV`` is fine: the preprocessing and the tuning then
        happen inside the training folds, as they must. Fix the estimators'
        ``random_state`` for a reproducible table.
    datasets : dict of str to (X, y) or callable
        Name -> the data (features and class labels), or a function of no
        argument that returns them (called once, by this process).
    cv : (int, int), int or callable, default (10, 10)
        ``(n_repeats, n_folds)``: repeated stratified k-fold
        cross-validation; an int k: one stratified k-fold. A callable
        ``cv(X, y, rng)`` returns the splits of a data set as a list of
        repetitions, each a list of ``(train_idx, test_idx)`` pairs, drawing
        its randomness from ``rng`` (a ``numpy.random.Generator`` seeded per
        data set).
    scoring : {"accuracy", "error_rate"}, str or callable, default "accuracy"
        Also any scikit-learn scorer name (``"balanced_accuracy"``,
        ``"roc_auc"``, ``"neg_log_loss"``, ...; all higher-is-better) or a
        callable ``scoring(y_true, y_pred)`` (higher is better).
    n_jobs : int or None, default None
        Cells run in parallel through joblib: -1 uses every core, None runs
        them one after the other unless a ``joblib.parallel_config``
        around the call says otherwise. Under
        ``joblib.parallel_config(backend="dask")`` the cells run on the
        dask.distributed cluster of the current ``Client``.
    seed : int or None, default None
        Seed of the splits. Each data set's splits follow from the seed and
        its name only, so adding an algorithm or a data set later reuses
        the splits already drawn. None draws a seed (recorded in the result,
        or taken from ``store`` when that already holds one).
    store : str, os.PathLike or None, default None
        A SQLite file that keeps every finished cell. Call again with the
        same arguments after an interruption and only the missing cells
        run; new algorithms or data sets can be added to a store later.
    progress : bool, default True
        Show a progress bar (ipywidgets in a notebook, a text line on
        stderr elsewhere).

    Returns
    -------
    result : BenchmarkResult
        The fold-level table (``records``, ``scores``, ``to_pandas()``),
        the per-data-set means (``mean_scores``) and the tests on them
        (``corrected_ttest``, ``friedman``, ``nemenyi``, ``per_dataset``,
        ``across_datasets``).

    Raises
    ------
    ValueError, TypeError
        Bad input, naming the argument: an unknown scoring, an estimator
        without ``fit``, a data set whose X and y differ in length, a store
        written with another seed, cv, scoring, data or estimator.

    Notes
    -----
    A cell is one (data set, algorithm, repetition, fold): a clone of the
    estimator fitted on the training indices and scored on the test fold.
    Every algorithm sees the same splits of a data set, so the scores are
    paired, as the tests of chapters 4 to 6 require. The default, 10 x 10
    stratified cross-validation tested with the corrected repeated-CV t
    (variance factor :math:`1/(rk) + n_2/n_1` with :math:`n_2/n_1 =
    1/(k - 1)`), is the replicable choice of Bouckaert and Frank (2004); the
    mean over the r k folds is the score of a data set in Demšar's (2006)
    comparisons over many data sets.

    A fit or scoring that raises an exception is recorded with its error
    (score NaN) and the other cells go on; a later call with the same
    ``store`` tries such cells again. Ctrl-C stops the run, and every cell
    finished by then is in the store. Cells finish in any order; the tables
    are sorted, so a parallel or a dask run gives the table of the serial
    run (the scores; not the times). In this process the cells run with
    BLAS and OpenMP limited to one thread (``threadpoolctl``; restored
    afterwards): for many small fits that is faster, and ``n_jobs`` is the
    way to use more cores.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    References
    ----------
    .. [1] Bouckaert, R. R., Frank, E. (2004). Evaluating the replicability
       of significance tests for comparing learning algorithms. PAKDD 2004,
       LNCS 3056, 3-12.
    .. [2] Nadeau, C., Bengio, Y. (2003). Inference for the generalization
       error. Machine Learning 52(3), 239-281.
    .. [3] Demšar, J. (2006). Statistical comparisons of classifiers over
       multiple data sets. Journal of Machine Learning Research 7, 1-30.

    Examples
    --------
    >>> from sklearn.datasets import load_iris, load_wine
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from sklearn.neighbors import NearestCentroid
    >>> from lecture_lib import run_benchmark
    >>> result = run_benchmark(
    ...     {"naive Bayes": GaussianNB(), "nearest centroid": NearestCentroid()},
    ...     {"iris": load_iris(return_X_y=True), "wine": load_wine(return_X_y=True)},
    ...     cv=(5, 10), seed=0, progress=False)
    >>> result.scores.shape  # data sets x algorithms x repetitions x folds
    (2, 2, 5, 10)
    >>> print(result.mean_scores.round(3))
    [[0.955 0.924]
     [0.976 0.729]]
    >>> wine = result.corrected_ttest("naive Bayes", "nearest centroid")["wine"]
    >>> print(f"{wine.mean_difference:.3f}, t = {wine.statistic:.2f}, p = {wine.pvalue:.1e}")
    0.248, t = 6.84, p = 1.2e-08

    On wine, naive Bayes is 24.8 points more accurate than the nearest
    centroid over the 5 x 10 folds; even the corrected t, which allows for
    the overlap of the training sets, finds a difference this large
    extremely unlikely if both had the same expected accuracy.
    """
    scorer = _check_scoring(scoring)
    estimators = _check_estimators(estimators, scorer)
    if not isinstance(datasets, Mapping):
        raise TypeError("datasets must be a dict of name -> (X, y) or a loader function; got "
                        f"{_show(datasets)}")
    if not datasets:
        raise ValueError("datasets is empty: give at least one named data set")
    cv = _check_cv(cv)
    n_jobs = _check_n_jobs(n_jobs)
    seed = _check_seed(seed)
    if store is not None and not isinstance(store, (str, os.PathLike)):
        raise TypeError(f"store must be None or a path (str or os.PathLike), got {_show(store)}")
    progress = check_flag(progress, "progress")

    data = {}
    for name, value in datasets.items():
        data[_check_name(name, "datasets")] = _load_dataset(name, value)
    if seed is None:
        seed = stored_seed(store) if store is not None else None
        if seed is None:
            seed = int(np.random.SeedSequence().entropy)
    splits = {name: _make_splits(X, y, name, cv, seed) for name, (X, y) in data.items()}
    shapes = {(len(reps), len(reps[0])) for reps in splits.values()}
    if len(shapes) != 1:
        raise ValueError(f"cv must give every data set the same number of repetitions and folds, got "
                         f"{ {name: (len(r), len(r[0])) for name, r in splits.items()} }")
    n_repeats, n_folds = shapes.pop()
    ratios = []
    for reps in splits.values():
        n_test = np.mean([test.size for rep in reps for _, test in rep])
        n_train = np.mean([train.size for rep in reps for train, _ in rep])
        ratios.append(n_test / n_train)
    description = _describe_cv(cv)

    names_d, names_a = list(data), list(estimators)
    cells = {}
    db = None
    if store is not None:
        db = BenchmarkStore(store, {"seed": seed, "cv": description, "scoring": scorer.name,
                                    "n_repeats": n_repeats, "n_folds": n_folds})
    try:
        if db is not None:
            db.register(
                [(name, int(y.size), _data_hash(X, y), _splits_hash(splits[name]), float(ratio))
                 for (name, (X, y)), ratio in zip(data.items(), ratios)],
                [(name, _fingerprint(est)) for name, est in estimators.items()],
            )
            cells = {key: (*value, "") for key, value in db.finished(names_d, names_a).items()}
        todo = [
            (d, a, r, f)
            for d in names_d
            for r in range(n_repeats)
            for f in range(n_folds)
            for a in names_a
            if (d, a, r, f) not in cells
        ]
        total = len(names_d) * len(names_a) * n_repeats * n_folds
        mode = ("widget" if _in_notebook() else "text") if progress else "off"
        bar = _Progress(total, total - len(todo), mode)
        try:
            if todo:
                _execute(todo, estimators, data, splits, scorer, n_jobs, cells, db, bar)
        finally:
            bar.close()
    finally:
        if db is not None:
            db.close()
    return _build_result(cells, names_d, names_a, n_repeats, n_folds, scoring=scorer.name,
                         higher_is_better=scorer.higher_is_better, cv=description, seed=seed, ratios=ratios)


def _parallel(joblib, n_jobs):
    """joblib.Parallel yielding each cell as it finishes, so that it can be stored at once."""
    try:
        return joblib.Parallel(n_jobs=n_jobs, return_as="generator_unordered")  # joblib >= 1.4
    except (TypeError, ValueError):
        pass
    try:
        return joblib.Parallel(n_jobs=n_jobs, return_as="generator")  # joblib 1.3: in order, still one by one
    except (TypeError, ValueError):
        raise ImportError(
            f"run_benchmark needs joblib >= 1.3 (results as they finish), found {joblib.__version__}: "
            "pip install -U joblib"
        ) from None


def _execute(todo, estimators, data, splits, scorer, n_jobs, cells, db, bar) -> None:
    """Run the cells through joblib, writing each to ``cells`` (and the store) as it finishes."""
    import joblib

    def tasks():
        for key in todo:
            d, a, r, f = key
            X, y = data[d]
            train, test = splits[d][r][f]
            yield joblib.delayed(_run_cell)(key, estimators[a], X, y, train, test, scorer)

    from threadpoolctl import threadpool_limits

    # Cells, not BLAS threads, are the unit of parallelism (n_jobs): many small fits run several
    # times faster on one thread, above all on a busy machine where idle BLAS threads spin.
    # joblib's worker processes get their own limits; these are restored on exit.
    with threadpool_limits(limits=1):
        outputs = _parallel(joblib, n_jobs)(tasks())
        try:
            for key, score, fit_time, score_time, error in outputs:
                cells[key] = (score, fit_time, score_time, error)
                if db is not None:
                    db.write(key, score, fit_time, score_time, error)
                bar.update(failed=bool(error))
        finally:
            close = getattr(outputs, "close", None)
            if close is not None:
                close()  # stops the remaining tasks when the loop is left early (Ctrl-C)


def load_benchmark(store) -> BenchmarkResult:
    """Read a store written by :func:`run_benchmark`, finished or not.

    Parameters
    ----------
    store : str or os.PathLike
        The SQLite file.

    Returns
    -------
    result : BenchmarkResult
        Every data set and algorithm the store holds; cells not run yet are
        NaN in ``scores`` and counted by ``n_missing``.

    Notes
    -----
    Useful for a long run on a cluster: the notebook that analyses the
    scores reads the store, with no estimator or data at hand.

    Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

    Examples
    --------
    >>> import os, tempfile
    >>> from sklearn.datasets import load_iris
    >>> from sklearn.naive_bayes import GaussianNB
    >>> from lecture_lib import load_benchmark, run_benchmark
    >>> path = os.path.join(tempfile.mkdtemp(), "scores.sqlite")
    >>> first = run_benchmark({"naive Bayes": GaussianNB()}, {"iris": load_iris(return_X_y=True)},
    ...                       cv=(2, 5), seed=0, store=path, progress=False)
    >>> again = load_benchmark(path)
    >>> again.algorithms, again.n_missing, bool((again.scores == first.scores).all())
    (('naive Bayes',), 0, True)

    The store gives back the same table without refitting anything.
    """
    setup, datasets, algorithms, rows = read_store(store)
    scoring = setup["scoring"]
    cells = {(d, a, int(r), int(f)): (s, ft, st, e) for d, a, r, f, s, ft, st, e in rows}
    return _build_result(
        cells,
        [name for name, _, _ in datasets],
        algorithms,
        int(setup["n_repeats"]),
        int(setup["n_folds"]),
        scoring=scoring,
        higher_is_better=_OWN_SCORINGS.get(scoring, True),
        cv=setup["cv"],
        seed=int(setup["seed"]),
        ratios=[ratio for _, _, ratio in datasets],
    )
