"""A benchmark runner: many algorithms on many data sets, on the same splits.

Every test of chapters 4 to 6 (and of the Bayesian chapter) starts from a
table of scores: algorithms x data sets (x repetitions x folds).
:func:`run_benchmark` builds that table the way those tests assume: the same
splits for every algorithm on a data set (so the comparison is paired), 10 x
10 repeated stratified cross-validation by default (Bouckaert and Frank
2004) or any scikit-learn splitter, any tuning inside the training folds
(pass a ``Pipeline`` or a ``GridSearchCV``), every cell kept in a resumable
store, cells run through joblib so that a laptop's cores or a dask cluster
do the work. Its result hands the fold scores and the per-data-set means
straight to the course's tests, and ``result.report()`` runs the test the
course recommends and writes up the conclusion.

Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).
"""

from __future__ import annotations

import copy
import dataclasses
import difflib
import hashlib
import itertools
import math
import numbers
import os
import re
import sys
import time
import warnings
from collections.abc import Mapping

import numpy as np

from . import metrics
from ._benchmark_store import BenchmarkStore, read_store, stored_seed
from ._results import Printable
from ._splits import take
from ._text import WIDTH, fill
from ._validation import (
    _show,
    check_alpha,
    check_count,
    check_features,
    check_flag,
    check_labels,
    check_option,
)
from .friedman_nemenyi import friedman, nemenyi
from .guide import recommend_test, smallest_two_sided_pvalue
from .heterogeneity import meta_analysis as _meta_analysis
from .multitest import ADJUST_METHODS, adjust_pvalues
from .paired import corrected_repeated_cv_ttest, resampled_ttest
from .posthoc import pairwise_comparisons
from .reporting import report
from .resampling import repeated_kfold
from .wilcoxon_sign import sign_test, wilcoxon_signed_rank

__all__ = [
    "BENCHMARK_TTESTS",
    "DEFAULT_CV",
    "BenchmarkResult",
    "benchmark_splits",
    "load_benchmark",
    "run_benchmark",
]

#: The default ``cv`` of :func:`run_benchmark`: 10 repetitions of stratified
#: 10-fold cross-validation (Bouckaert and Frank 2004).
DEFAULT_CV = (10, 10)

#: The ``test`` options of :meth:`BenchmarkResult.corrected_ttest` (chapter 4): all r x k folds, or
#: the k folds of the first repetition (the conservative test for unstable learners).
BENCHMARK_TTESTS = ("corrected_repeated_cv", "corrected_kfold")

# The tests of BenchmarkResult.report across data sets, in words.
_ACROSS_TESTS = {"wilcoxon": "the Wilcoxon signed-rank test", "sign": "the sign test"}

# Named scorings that lecture_lib computes itself, and whether higher is better.
_OWN_SCORINGS = {"accuracy": True, "error_rate": False}

# A memory address in a repr changes from run to run: left out of what the store compares.
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


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


def _is_splitter(cv) -> bool:
    """A scikit-learn style splitter: ``split`` and ``get_n_splits`` (KFold, GroupKFold, ...)."""
    return callable(getattr(cv, "split", None)) and callable(getattr(cv, "get_n_splits", None))


def _is_shuffle_split(cv) -> bool:
    """scikit-learn's shuffle-split family: independent random holdouts, not the folds of a partition."""
    return any(cls.__name__ == "BaseShuffleSplit" for cls in type(cv).__mro__)


def _check_splitter(cv):
    state = getattr(cv, "random_state", None)
    if state is not None and (isinstance(state, (bool, np.bool_)) or not isinstance(state, numbers.Integral)):
        raise TypeError(
            f"cv.random_state must be an int or None, got {_show(state)}: a random generator gives other "
            "splits on every call, so a resumed run or a model added later would not see the same splits "
            "(None: run_benchmark derives one per data set from seed and the data set's name)"
        )
    n_repeats = getattr(cv, "n_repeats", None)
    if n_repeats is not None:
        check_count(n_repeats, "cv.n_repeats", minimum=1)
    return cv


def _check_cv(cv):
    """(n_repeats, n_folds) for the built-in splits, a splitter, or the callable itself."""
    if isinstance(cv, type):
        raise TypeError(f"cv must be a splitter instance, got the class {cv.__name__}; write "
                        f"{cv.__name__}(...)")
    if _is_splitter(cv):
        return _check_splitter(cv)
    if callable(cv):
        return cv
    if isinstance(cv, (bool, np.bool_)):
        raise TypeError(f"cv must be (n_repeats, n_folds), a number of folds, a splitter or a callable; "
                        f"got {cv!r}")
    if isinstance(cv, numbers.Real):
        return (1, check_count(cv, "cv", minimum=2))
    if isinstance(cv, (tuple, list)) and len(cv) == 2:
        return (check_count(cv[0], "cv[0] (the number of repetitions)", minimum=1),
                check_count(cv[1], "cv[1] (the number of folds)", minimum=2))
    raise TypeError(
        "cv must be (n_repeats, n_folds) such as (10, 10), a number of folds, a scikit-learn splitter "
        f"(an object with split and get_n_splits) or a callable cv(X, y, rng) returning the splits; got "
        f"{_show(cv)}"
    )


def _describe_cv(cv) -> str:
    """The cv in words, as the result and the store record it (a store refuses another one)."""
    if isinstance(cv, tuple):
        return f"{cv[0]} x {cv[1]} stratified"
    if _is_splitter(cv):
        return _ADDRESS.sub("", " ".join(repr(cv).split()))  # one line, no memory address
    return f"callable {getattr(cv, '__qualname__', type(cv).__name__)}"


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
    """(X, y as a label array, groups as a label array or None) of one entry of ``datasets``."""
    where = f"datasets[{name!r}]"
    if callable(value):
        try:
            value = value()
        except Exception as err:
            raise ValueError(f"{where}: loading the data set failed with {type(err).__name__}: "
                             f"{err}") from err
    if hasattr(value, "data") and hasattr(value, "target"):  # a scikit-learn Bunch
        value = (value.data, value.target)
    if not isinstance(value, (tuple, list)) or len(value) not in (2, 3):
        raise TypeError(f"{where} must be a pair (X, y), a triple (X, y, groups) or a callable that returns "
                        f"one, got {_show(value)}")
    X, y, *rest = value
    groups = rest[0] if rest else None
    if y is None:
        raise TypeError(f"{where}: y must be an array of class labels, got None")
    try:
        y = check_labels(y, "y")
        X = check_features(X, y.size)
        if groups is not None:
            groups = check_labels(groups, "groups")
            if groups.size != y.size:
                raise ValueError(f"inputs must have the same length: groups has {groups.size}, y has "
                                 f"{y.size}")
    except (TypeError, ValueError) as err:
        raise type(err)(f"{where}: {err}") from None
    if getattr(X, "ndim", 2) < 2:
        raise ValueError(f"{where}: X must have one row per example (2-D), got an array of shape "
                         f"{np.shape(X)}")
    return X, y, groups


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


def _splitter_repetitions(X, y, groups, name: str, cv, seed: int) -> list:
    """A splitter's splits of one data set, grouped into repetitions (see run_benchmark's Notes)."""
    where = f"datasets[{name!r}]"
    splitter = copy.deepcopy(cv)  # the caller's object is never changed
    if getattr(splitter, "random_state", 0) is None and getattr(splitter, "shuffle", True) is not False:
        # unseeded and random: seeded from (seed, name), like the built-in splits, so that a resumed
        # run and a model added later get the very same splits
        splitter.random_state = int(_dataset_rng(seed, name).integers(2**32))
    try:
        flat = list(splitter.split(X, y, groups))
    except Exception as err:  # e.g. a group splitter without groups, more folds than examples
        raise ValueError(f"{where}: cv.split failed with {type(err).__name__}: {err}") from err
    if _is_shuffle_split(splitter):
        return [[pair] for pair in flat]  # each random holdout is a repetition of one fold
    n_repeats = getattr(splitter, "n_repeats", None)
    if n_repeats is None or not flat:
        return [flat]
    if len(flat) % n_repeats:
        raise ValueError(f"{where}: cv gave {len(flat)} splits, not a whole number of its n_repeats="
                         f"{n_repeats} repetitions")
    k = len(flat) // n_repeats
    return [flat[r * k:(r + 1) * k] for r in range(n_repeats)]


def _checked_repetitions(reps, n: int, label: str) -> list:
    """The repetitions as lists of (train, test) int64 arrays, or an error naming the bad pair."""
    if isinstance(reps, (str, bytes)) or not hasattr(reps, "__iter__"):
        raise TypeError(f"{label} must return a list of repetitions, each a list of (train_idx, "
                        f"test_idx) pairs; got {_show(reps)}")
    out = []
    for r, rep in enumerate(reps):
        if isinstance(rep, (str, bytes)) or not hasattr(rep, "__iter__"):
            raise TypeError(f"{label}[{r}] must be a list of (train_idx, test_idx) pairs, got {_show(rep)}")
        folds = []
        for f, pair in enumerate(rep):
            try:
                train, test = pair
            except (TypeError, ValueError):
                raise TypeError(f"{label}[{r}][{f}] must be a (train_idx, test_idx) pair, got "
                                f"{_show(pair)}") from None
            train = _check_index(train, n, f"{label}[{r}][{f}] train_idx")
            test = _check_index(test, n, f"{label}[{r}][{f}] test_idx")
            shared = np.intersect1d(train, test).size
            if shared:
                raise ValueError(f"{label}[{r}][{f}]: {shared} example(s) are in both the training and the "
                                 "test set")
            folds.append((train, test))
        if not folds:
            raise ValueError(f"{label}[{r}] holds no (train_idx, test_idx) pair")
        out.append(folds)
    if not out:
        raise ValueError(f"{label} returned no repetition")
    if len({len(rep) for rep in out}) != 1:
        raise ValueError(f"{label}: every repetition must have the same number of folds, got "
                         f"{[len(rep) for rep in out]}")
    return out


def _check_groups_apart(reps, groups, where: str) -> None:
    """With groups, no group may be on both sides of a split (else its examples leak into the test)."""
    for r, rep in enumerate(reps):
        for f, (train, test) in enumerate(rep):
            shared = np.intersect1d(groups[train], groups[test])
            if shared.size:
                raise ValueError(
                    f"{where}: group(s) {_show(shared.tolist())} are in both the training and the test set "
                    f"of repetition {r}, fold {f}: cv does not split by group; use a group splitter such as "
                    "scikit-learn's GroupKFold, StratifiedGroupKFold or GroupShuffleSplit"
                )


def _make_splits(X, y, groups, name: str, cv, seed: int) -> list:
    """The repetitions (lists of (train, test) pairs) of one data set."""
    n = y.size
    where = f"datasets[{name!r}]"
    if isinstance(cv, tuple):
        if groups is not None:
            raise ValueError(f"{where} has groups, but cv={cv} splits the examples, not the groups: pass "
                             "a group splitter as cv, such as scikit-learn's GroupKFold or "
                             "StratifiedGroupKFold")
        n_repeats, k = cv
        if k > n:
            raise ValueError(f"{where}: cv asks for {k} folds but the data set has only {n} examples")
        try:
            flat = list(repeated_kfold(n, k=k, n_repeats=n_repeats, seed=_dataset_rng(seed, name), y=y))
        except ValueError as err:
            raise ValueError(f"{where}: {err}; use fewer folds (cv) or drop the data set") from None
        return [flat[r * k:(r + 1) * k] for r in range(n_repeats)]
    if _is_splitter(cv):
        reps, label = _splitter_repetitions(X, y, groups, name, cv, seed), f"cv.split({where})"
    elif groups is not None:
        raise ValueError(f"{where} has groups, but a callable cv(X, y, rng) does not receive them: split by "
                         "group inside the callable (and pass (X, y)), or pass a group splitter as cv")
    else:
        reps, label = cv(X, y, _dataset_rng(seed, name)), f"cv({where})"
    reps = _checked_repetitions(reps, n, label)
    if groups is not None:
        _check_groups_apart(reps, groups, where)
    return reps


def _splits_hash(reps) -> str:
    digest = hashlib.sha256()
    for rep in reps:
        for train, test in rep:
            for idx in (train, test):
                digest.update(np.int64(idx.size).tobytes())
                digest.update(np.ascontiguousarray(idx, dtype="<i8").tobytes())
    return digest.hexdigest()


def _data_hash(X, y, groups) -> str:
    import joblib

    return joblib.hash((X, y) if groups is None else (X, y, groups))


def _fingerprint(estimator) -> str:
    """A run-independent description of an estimator and all its parameters."""
    try:
        from sklearn import config_context

        with config_context(print_changed_only=True):
            text = estimator.__repr__(N_CHAR_MAX=10**9)
    except TypeError:  # not a scikit-learn BaseEstimator
        text = repr(estimator)
    return _ADDRESS.sub("", text)


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
        model.fit(take(X, train), y[train])
        fit_time = time.perf_counter() - start
        start = time.perf_counter()
        score = scorer(model, take(X, test), y[test])
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


@dataclasses.dataclass(frozen=True, eq=False)  # holds arrays: compare the fields, not the objects
class BenchmarkResult(Printable):
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
        The splits: ``"10 x 10 stratified"`` for the built-in ones, the
        splitter's repr (``"StratifiedKFold(n_splits=10, random_state=None,
        shuffle=True)"``; for a splitter that shuffles, ``random_state=None``
        means one drawn per data set from ``seed``), or ``"callable
        <name>"``.
    seed : int
        The seed of the splits (the one drawn when ``seed=None``).
    test_train_ratio : ndarray, shape (n_datasets,)
        Mean test-set size over mean training-set size, per data set.

    Notes
    -----
    From the table to a conclusion: :meth:`recommend` names the test the
    course recommends for this many algorithms and data sets, and
    :meth:`report` runs it and writes it up (the corrected t on one data
    set, Wilcoxon's test for two algorithms over data sets, Friedman's test
    and :meth:`pairwise` for more). :meth:`corrected_ttest`,
    :meth:`friedman`, :meth:`pairwise`, :meth:`nemenyi`,
    :meth:`per_dataset` and :meth:`across_datasets` run single tests.

    The tests need every cell they use: a failed or missing cell raises a
    ValueError that names it; :meth:`select` leaves data sets or
    algorithms out.

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
        """(n_datasets, n_algorithms) mean over all r x k folds, the table that chapters 5 and 6 test.

        NaN where a cell failed or is missing. Rounded to 12 significant digits of the table's
        largest score: two algorithms with the same fold scores in another order have the same
        mean, not means one unit apart in the last binary place, which the rank tests would read
        as a win instead of a tie.
        """
        means = self.scores.mean(axis=(2, 3))
        finite = np.abs(means[np.isfinite(means)])
        largest = float(finite.max()) if finite.size else 0.0
        if largest > 0:
            means = np.round(means / largest, 12) * largest
        return means

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

    def corrected_ttest(self, algorithm_1: str, algorithm_2: str, test: str = "corrected_repeated_cv", *,
                        confidence: float = 0.95) -> dict:
        """The corrected cross-validation t-test of chapter 4, on every data set.

        Parameters
        ----------
        algorithm_1, algorithm_2 : str
            The two algorithms; the effect is algorithm_1 minus algorithm_2.
        test : {"corrected_repeated_cv", "corrected_kfold"}, default "corrected_repeated_cv"
            ``"corrected_repeated_cv"``: all r x k fold scores of a data
            set, variance factor :math:`1/(rk) + n_2/n_1` (Bouckaert and
            Frank's test for 10 x 10 cross-validation, the default of
            chapter 4). ``"corrected_kfold"``: only the k scores of the
            *first repetition*, factor :math:`1/k + n_2/n_1`: the corrected t
            on one k-fold cross-validation, as
            ``compare_algorithms(test="corrected_kfold")`` runs it, the
            conservative choice for unstable learners (see the Notes).
        confidence : float, default 0.95
            Coverage of each interval for the mean difference, in (0, 1).

        Returns
        -------
        results : dict of str to FoldTTestResult
            Data set name -> ``statistic``, ``pvalue``, ``df``,
            ``mean_difference``, ``confidence_interval``, ...

        Raises
        ------
        ValueError
            An unknown algorithm or test; ``"corrected_kfold"`` on splits
            with one fold per repetition (repeated holdout); a failed or
            missing cell.

        Notes
        -----
        With :math:`d` the r x k differences algorithm_1 - algorithm_2 on
        a data set (r = 1 for ``"corrected_kfold"``), :math:`\\bar d` their
        mean and :math:`s^2` their variance,

        .. math::

            t = \\frac{\\bar d}{\\sqrt{\\left(\\frac{1}{rk} + \\frac{n_2}{n_1}\\right) s^2}}
            \\quad \\text{on } rk - 1 \\text{ degrees of freedom}

        (Nadeau and Bengio 2003), with :math:`n_2/n_1` the data set's
        :attr:`test_train_ratio`. When that ratio is :math:`1/(k-1)`, as
        for every k-fold partition (built-in splits, ``KFold``,
        ``GroupKFold``, repeated or not), this is
        :func:`lecture_lib.corrected_repeated_cv_ttest`; otherwise (repeated
        holdout, a callable ``cv``) :func:`lecture_lib.resampled_ttest` with
        the ratio.

        Which test: in chapter 4's lab, on data sets where both algorithms
        were equally good, the corrected 10 x 10 t rejected H0 at nominal
        5 % in 4.0 % of the data sets with a stable learner (nearest
        centroid) but in 12.6 % with an unstable one (1-NN), whose model
        changes a lot with its training set, and in 7.4 % on small, noisy
        data; the corrected t on one 10-fold cross-validation stayed at or
        below 5 % in every setting (1-NN 3.8 %, small noisy data 1.8 %,
        nearest centroid 0.7 %, where it has about half the power). The
        rule: nearest neighbours, deep unpruned trees and other learners
        whose model changes a lot with a few training examples, or a small,
        noisy data set: ``test="corrected_kfold"``.

        Taught in chapter 4 (``notebooks/04-two-algorithms-one-dataset``).

        References
        ----------
        .. [1] Nadeau, C., Bengio, Y. (2003). Inference for the generalization
           error. Machine Learning 52(3), 239-281.
        .. [2] Bouckaert, R. R., Frank, E. (2004). Evaluating the replicability
           of significance tests for comparing learning algorithms. PAKDD 2004,
           LNCS 3056, 3-12.
        """
        test = check_option(test, "test", BENCHMARK_TTESTS)
        i, j = self._pair(algorithm_1, algorithm_2)
        self._complete("corrected_ttest", datasets=None, algorithms=(i, j))
        if test == "corrected_kfold" and self.n_folds < 2:
            raise ValueError(
                f"test='corrected_kfold' needs a repetition of k >= 2 folds, but cv ({self.cv}) gives "
                f"{self.n_repeats} repetitions of one holdout split: use test='corrected_repeated_cv' "
                "(the corrected resampled t on all the holdout scores)"
            )
        used = self.n_repeats if test == "corrected_repeated_cv" else 1
        return {
            name: _corrected_t(self.scores[d, i, :used], self.scores[d, j, :used],
                               float(self.test_train_ratio[d]), confidence)
            for d, name in enumerate(self.datasets)
        }

    def friedman(self, **options):
        """:func:`lecture_lib.friedman` on :attr:`mean_scores` (``higher_is_better`` from the scoring)."""
        return self.across_datasets(friedman, **options)

    def nemenyi(self, **options):
        """:func:`lecture_lib.nemenyi` on :attr:`mean_scores` (``higher_is_better`` from the scoring).

        Nemenyi's mean-rank test is the classic post-hoc test; the course
        recommends :meth:`pairwise` (Wilcoxon with Holm) for all pairs,
        whose p-value for a pair does not depend on the other algorithms.
        """
        return self.across_datasets(nemenyi, **options)

    def pairwise(self, test: str = "wilcoxon", adjust: str = "holm", **options):
        """All pairs of algorithms over the data sets: :func:`lecture_lib.pairwise_comparisons`.

        Parameters
        ----------
        test : {"wilcoxon", "sign", "nemenyi", "ttest"}, default "wilcoxon"
            The test of each pair, on :attr:`mean_scores`.
        adjust : str, default "holm"
            The multiplicity adjustment (the options of
            :func:`lecture_lib.pairwise_comparisons`).
        **options
            ``alpha``, ``test_options`` and the rest of
            :func:`lecture_lib.pairwise_comparisons`; ``names`` and
            ``higher_is_better`` default to the benchmark's.

        Returns
        -------
        result : PairwiseComparisons
            Raw and adjusted p-values, decisions, effects and groups.

        Notes
        -----
        The defaults are the procedure chapter 6 recommends for all pairs:
        Wilcoxon's signed-rank test on each pair's scores, Holm's step-down
        adjustment. A pair's p-value depends only on the two algorithms'
        scores, unlike Nemenyi's mean-rank test (:meth:`nemenyi`). With N
        data sets no Wilcoxon p-value is below :math:`2/2^N`, so with Holm
        over m pairs nothing can be significant at level alpha unless
        :math:`2m/2^N \\le \\alpha` (N >= 7 for three algorithms at 5 %).

        Taught in chapter 6 (``notebooks/06-many-algorithms-many-datasets``).

        Examples
        --------
        >>> from sklearn.datasets import make_classification
        >>> from sklearn.dummy import DummyClassifier
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from sklearn.tree import DecisionTreeClassifier
        >>> from lecture_lib import run_benchmark
        >>> data = {f"synthetic {i}": make_classification(n_samples=100, random_state=i) for i in range(8)}
        >>> models = {"naive Bayes": GaussianNB(), "majority": DummyClassifier(),
        ...           "tree": DecisionTreeClassifier(max_depth=3, random_state=0)}
        >>> result = run_benchmark(models, data, cv=(1, 5), seed=0, progress=False)
        >>> holm = result.pairwise()
        >>> for row in holm.pairs():
        ...     print(row["pair"], round(row["raw_pvalue"], 5), round(row["pvalue"], 4), row["significant"])
        ('naive Bayes', 'majority') 0.00781 0.0234 True
        ('tree', 'majority') 0.00781 0.0234 True
        ('tree', 'naive Bayes') 0.875 0.875 False

        Both learners beat the majority vote on all 8 data sets: the
        smallest Wilcoxon p-value possible with 8 data sets, 2/2^8, which
        Holm's adjustment for 3 pairs turns into 0.0234, significant at the
        5 % family-wise level. The tree and naive Bayes cannot be told
        apart: no evidence of a difference, which is not evidence that they
        are equally accurate.
        """
        if len(self.datasets) < 2:
            raise ValueError(
                f"pairwise compares the algorithms over data sets and needs at least 2, but this result has "
                f"one ({self.datasets[0]!r}): on one data set compare pairs with corrected_ttest and "
                "adjust_pvalues, or call report()"
            )
        self._complete("pairwise", datasets=None, algorithms=None)
        options = {"higher_is_better": self.higher_is_better, "names": self.algorithms, **options}
        return pairwise_comparisons(self.mean_scores, test=test, adjust=adjust, **options)

    def recommend(self, **design):
        """The test the course recommends for this benchmark: :func:`lecture_lib.recommend_test`.

        Taught in chapter 11 (``notebooks/11-choosing-a-test``).

        Parameters
        ----------
        **design
            The other questions of :func:`lecture_lib.recommend_test`
            (``commensurable``, ``control``, ``question``, ``tuning``, ...).
            ``n_models`` (the number of algorithms), ``n_datasets`` and
            ``can_retrain=True`` (the runner retrains every algorithm on every
            split) come from the result.

        Returns
        -------
        recommendation : Recommendation
            The test, the functions to call, why, and the caveats.

        Examples
        --------
        >>> from sklearn.datasets import load_wine
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from sklearn.neighbors import KNeighborsClassifier
        >>> from lecture_lib import run_benchmark
        >>> result = run_benchmark({"naive Bayes": GaussianNB(), "1-NN": KNeighborsClassifier(1)},
        ...                        {"wine": load_wine(return_X_y=True)}, cv=(2, 5), seed=0, progress=False)
        >>> result.recommend().test
        'Corrected repeated cross-validation t test (10 x 10 CV)'
        >>> result.recommend(question="practical").functions[0]
        'bayesian_correlated_ttest'

        Two algorithms on one data set: the corrected repeated
        cross-validation t of chapter 4 (for an unstable learner such as
        1-NN, ``result.corrected_ttest(..., test="corrected_kfold")``); asked
        whether one is *practically* better, the guide points to chapter 8's
        Bayesian correlated t-test instead.
        """
        fixed = {"n_models": len(self.algorithms), "n_datasets": len(self.datasets), "can_retrain": True}
        clash = sorted(set(design) & set(fixed))
        if clash:
            raise TypeError(f"recommend takes {', '.join(f'{k}={v!r}' for k, v in fixed.items())} from the "
                            f"result; do not pass {', '.join(clash)}")
        return recommend_test(**fixed, **design)

    def report(self, *, alpha: float = 0.05, test: str | None = None, adjust: str = "holm", seeds=None,
               minimum_effect: float | None = None, width: int | None = WIDTH) -> str:
        """Run the recommended analysis and write it up: :func:`lecture_lib.report`.

        Parameters
        ----------
        alpha : float, default 0.05
            The significance level fixed in advance; the intervals have
            confidence 1 - alpha (Bonferroni-simultaneous for several pairs
            on one data set).
        test : str, optional
            One data set: ``"corrected_repeated_cv"`` (default) or
            ``"corrected_kfold"`` (:meth:`corrected_ttest`; the second for
            unstable learners such as nearest neighbours). Several data sets:
            ``"wilcoxon"`` (default) or ``"sign"`` (when differences are not
            commensurable across data sets).
        adjust : str, default "holm"
            The multiplicity adjustment for more than two algorithms (one
            data set: a method of :func:`lecture_lib.adjust_pvalues`;
            several: of :meth:`pairwise`).
        seeds : int, sequence of int or str, optional
            As in :func:`lecture_lib.report`; default: the seed of the
            splits (state the estimators' own ``random_state`` too).
        minimum_effect : float, optional
            The smallest difference that matters (two algorithms only), as in
            :func:`lecture_lib.report`.
        width : int or None, default 74
            Wrap each paragraph at this many characters, as
            :func:`lecture_lib.report` does; None: one line per paragraph.

        Returns
        -------
        text : str
            Paragraphs separated by blank lines: the recommended test, the
            report of each test run, and what the design allows (with few
            data sets, whether any outcome could be significant).

        Notes
        -----
        What runs (:meth:`recommend` names it):

        * 2 algorithms, 1 data set: :meth:`corrected_ttest`;
        * k > 2 algorithms, 1 data set: :meth:`corrected_ttest` on every
          pair, p-values adjusted by ``adjust``;
        * 2 algorithms, N > 1 data sets: the Wilcoxon signed-rank test (or
          the sign test) on :attr:`mean_scores`;
        * k > 2 algorithms, N > 1 data sets: :meth:`friedman` and
          :meth:`pairwise`.

        With N data sets no two-sided Wilcoxon or sign-test p-value is below
        :math:`2/2^N` (0.5 for N = 2, 0.25 for N = 3), and an adjustment
        such as Holm's multiplies the smallest by the number of pairs m; when
        that floor exceeds alpha the text says that no outcome could have
        been significant, and how many data sets would be needed. Likewise
        for Friedman's exact p-value, whose floor is :math:`(k!)^{1-N}`.

        Taught in chapter 11 (``notebooks/11-choosing-a-test``).

        Examples
        --------
        >>> from sklearn.datasets import load_iris, load_wine
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from sklearn.neighbors import NearestCentroid
        >>> from lecture_lib import run_benchmark
        >>> result = run_benchmark({"naive Bayes": GaussianNB(), "nearest centroid": NearestCentroid()},
        ...                        {"iris": load_iris(return_X_y=True), "wine": load_wine(return_X_y=True)},
        ...                        cv=(2, 3), seed=0, progress=False)
        >>> paragraphs = result.report().split("\\n\\n")
        >>> print(paragraphs[0])
        Recommended for 2 algorithms on 2 data sets: Wilcoxon signed-rank test
        (chapter 5, recommend_test).
        >>> print(paragraphs[-1])
        With 2 data sets no outcome can be significant at the 0.05 level: the
        smallest two-sided p-value the Wilcoxon signed-rank test can give is 2/2^2
        = 0.5. So a result that is not significant here reflects the size of the
        design, and is no evidence that the algorithms are equal. Plan at least 6
        data sets (more if some differences may be zero; wilcoxon_n_datasets gives
        the number for a chosen power).

        Naive Bayes beat the nearest centroid on both data sets, and the
        Wilcoxon p-value is 0.5 (in the paragraph between these two): the
        most extreme result two data sets can give is no evidence at all.
        On one data set, ``result.select(datasets=["wine"]).report()`` runs
        the corrected t on the folds instead.
        """
        alpha = check_alpha(alpha)
        if width is not None:
            width = check_count(width, "width", minimum=20)
        k, n = len(self.algorithms), len(self.datasets)
        if k < 2:
            raise ValueError(f"report compares algorithms, but this result has one ({self.algorithms[0]!r})")
        if minimum_effect is not None and k > 2:
            raise ValueError("minimum_effect applies to two algorithms: report on a pair with "
                             "result.select(algorithms=[a, b]).report(minimum_effect=...)")
        if seeds is None:
            seeds = f"{self.seed} (the splits)"
        elif isinstance(seeds, numbers.Integral) and not isinstance(seeds, (bool, np.bool_)):
            seeds = str(int(seeds))
        elif not isinstance(seeds, str):
            raise TypeError(f"seeds must be an int, a string or None, got {_show(seeds)}")
        rec = self.recommend()
        score = "score" if self.scoring.startswith("callable") else self.scoring.replace("_", " ")
        written = {"alpha": alpha, "seeds": seeds, "score": score, "width": width}
        if n == 1:
            test = check_option("corrected_repeated_cv" if test is None else test, "test", BENCHMARK_TTESTS)
            if k == 2:
                parts = self._report_one_pair(test, written, minimum_effect)
            else:
                parts = self._report_pairs_one_dataset(test, adjust, written)
        else:
            test = check_option("wilcoxon" if test is None else test, "test", _ACROSS_TESTS)
            if k == 2:
                parts = self._report_two_across(test, written, minimum_effect)
            else:
                parts = self._report_many_across(test, adjust, written)
        header = (f"Recommended for {k} algorithms on {n} data set{'s' if n > 1 else ''}: {rec.test} "
                  f"(chapter {rec.chapter}, recommend_test).")
        if test == "corrected_kfold":
            header += (" Run here with test='corrected_kfold': the corrected t on one k-fold "
                       "cross-validation, chapter 4's choice for unstable learners.")
        elif n == 1:  # the recommendation names the 10 x 10 design: say what ran on these splits
            ratio, r, kf = float(self.test_train_ratio[0]), self.n_repeats, self.n_folds
            if kf >= 2 and math.isclose(ratio, 1 / (kf - 1), rel_tol=1e-9):
                header += (f" Run here on this benchmark's splits ({self.cv}): the corrected repeated "
                           f"cross-validation t on the {r} x {kf} fold scores.")
            else:
                header += (f" Run here on this benchmark's splits ({self.cv}): the corrected resampled t "
                           f"(Nadeau and Bengio) on the {r * kf} scores, n_test/n_train = {ratio:.3g}.")
        elif test == "sign":
            header += " Run here with test='sign': only the sign of each difference counts."
        return "\n\n".join([fill(header, width), *parts])

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

    def meta_analysis(self, algorithm_1: str, algorithm_2: str, *, method: str = "reml", test: str = "z",
                      confidence: float = 0.95, cv_test: str = "corrected_repeated_cv"):
        """A random-effects meta-analysis of the per-data-set differences (chapter 8).

        On each data set, the mean difference of the fold scores (algorithm_1
        minus algorithm_2) and its corrected standard error, as
        :meth:`corrected_ttest` computes them; then
        :func:`lecture_lib.meta_analysis` pools them: the mean difference over
        data sets like these with its confidence interval, the spread between
        data sets (``tau2``, ``i2``, ``q``) and the prediction interval for the
        difference on a new data set.

        Parameters
        ----------
        algorithm_1, algorithm_2 : str
            The two algorithms; the effect is algorithm_1 minus algorithm_2,
            in the units of the scoring (positive: algorithm_1 scored higher,
            which for a loss is worse).
        method : {"reml", "dl"}, default "reml"
            The estimator of tau^2 (see :func:`lecture_lib.meta_analysis`).
        test : {"z", "knha"}, default "z"
            Normal intervals, as metafor's default, or Knapp-Hartung's t
            intervals, the better choice with few data sets.
        confidence : float, default 0.95
            Coverage of the confidence and prediction intervals, in (0, 1).
        cv_test : {"corrected_repeated_cv", "corrected_kfold"}, default "corrected_repeated_cv"
            Which corrected standard error each data set contributes (see
            :meth:`corrected_ttest`).

        Returns
        -------
        MetaAnalysisResult
            As :func:`lecture_lib.meta_analysis` returns it.

        Raises
        ------
        ValueError
            Fewer than two data sets; an unknown ``cv_test``; a data set
            whose fold differences are all equal (estimated standard error
            0: nothing to weigh it by), named; and what
            :meth:`corrected_ttest` and :func:`lecture_lib.meta_analysis`
            refuse.

        Notes
        -----
        The standard errors are treated as known, as in every
        random-effects meta-analysis; they come from the corrected variance
        of Nadeau and Bengio, itself an approximation (chapter 4), so the
        intervals inherit its error. With a handful of data sets ``tau2`` is
        poorly estimated: prefer ``test="knha"`` and read the prediction
        interval rather than the p-value.

        Taught in chapter 8 (``notebooks/08-bayesian-comparison``).

        Examples
        --------
        >>> from sklearn.datasets import load_breast_cancer, load_iris, load_wine
        >>> from sklearn.naive_bayes import GaussianNB
        >>> from sklearn.neighbors import NearestCentroid
        >>> from lecture_lib import run_benchmark
        >>> data = {"iris": load_iris(return_X_y=True), "wine": load_wine(return_X_y=True),
        ...         "breast cancer": load_breast_cancer(return_X_y=True)}
        >>> result = run_benchmark({"naive Bayes": GaussianNB(), "nearest centroid": NearestCentroid()},
        ...                        data, cv=(2, 5), seed=0, progress=False)
        >>> meta = result.meta_analysis("naive Bayes", "nearest centroid", test="knha")
        >>> pi = meta.prediction_interval
        >>> print(f"{meta.estimate:+.3f}, new data set [{pi.low:+.3f}, {pi.high:+.3f}], I^2 = {meta.i2:.2f}")
        +0.099, new data set [-0.417, +0.615], I^2 = 0.95
        """
        if len(self.datasets) < 2:
            raise ValueError(f"meta_analysis needs at least two data sets, got {len(self.datasets)}: "
                             f"{list(self.datasets)}")
        cv_test = check_option(cv_test, "cv_test", BENCHMARK_TTESTS)  # before corrected_ttest names it "test"
        with warnings.catch_warnings():
            # an infinite t on a data set whose differences are all equal: refused below, with its name
            warnings.filterwarnings("ignore", message="every difference is the same", category=UserWarning)
            results = self.corrected_ttest(algorithm_1, algorithm_2, test=cv_test)
        differences = np.array([r.mean_difference for r in results.values()])
        std_errors = np.array([r.std_error for r in results.values()])
        flat = [name for name, se in zip(results, std_errors) if not se > 0]
        if len(flat) == len(results):
            raise ValueError(f"on every data set the fold differences between {algorithm_1!r} and "
                             f"{algorithm_2!r} are all equal, so every estimated standard error is 0 and "
                             "there is nothing to weigh the data sets by (the folds happened to agree; the "
                             "differences are not known exactly): test across data sets with "
                             "across_datasets(wilcoxon_signed_rank, ...) instead")
        if flat:
            raise ValueError(f"on data set(s) {flat} the fold differences between {algorithm_1!r} and "
                             f"{algorithm_2!r} are all equal (estimated standard error 0), so a "
                             "meta-analysis cannot weigh them. Leaving them out (select(datasets=...)) "
                             "removes data sets because of their result (often both algorithms scoring the "
                             "same on every fold), which moves the pooled difference and its prediction "
                             "interval away from what the whole benchmark shows; say so if you do, or test "
                             "across data sets with across_datasets(wilcoxon_signed_rank, ...), which keeps "
                             "them")
        return _meta_analysis(differences, std_errors, method=method, confidence=confidence, test=test)

    # ----------------------------------------------------------------- the written reports

    def _scheme(self) -> str:
        if re.fullmatch(r"\d+ x \d+ stratified", self.cv):
            return f"{self.cv} cross-validation"
        return f"{self.cv}, {self.n_repeats} x {self.n_folds} splits"

    def _design(self, test: str | None = None) -> str:
        """The resampling scheme in words, for one data set or for the mean table."""
        if len(self.datasets) > 1:
            score = "score" if self.scoring.startswith("callable") else self.scoring.replace("_", " ")
            return f"the mean {score} over {self._scheme()} on each data set: {', '.join(self.datasets)}"
        if test == "corrected_kfold":
            return (f"the {self.n_folds} folds of the first repetition of {self._scheme()} on "
                    f"{self.datasets[0]}")
        return f"{self._scheme()} on {self.datasets[0]}"

    def _report_one_pair(self, test, written, minimum_effect) -> list:
        a, b = self.algorithms
        result = self.corrected_ttest(a, b, test, confidence=1 - written["alpha"])[self.datasets[0]]
        paragraph = report(result, names=(a, b), design=self._design(test), minimum_effect=minimum_effect,
                           **written)
        width = written["width"]
        return [paragraph, fill(_stability_note(result), width), fill(_ONE_DATASET, width)]

    def _report_pairs_one_dataset(self, test, adjust, written) -> list:
        """k > 2 algorithms on one data set: every pair's corrected t, adjusted for multiplicity."""
        adjust = check_option(adjust, "adjust", ADJUST_METHODS)
        alpha, names, width = written["alpha"], self.algorithms, written["width"]
        pairs = list(itertools.combinations(range(len(names)), 2))
        m = len(pairs)
        confidence = 1 - alpha / m  # Bonferroni: the m intervals hold together with 1 - alpha
        dataset = self.datasets[0]
        results = [self.corrected_ttest(names[i], names[j], test, confidence=confidence)[dataset]
                   for i, j in pairs]
        raw = np.array([r.pvalue for r in results])
        adjusted = adjust_pvalues(raw, method=adjust)
        order = np.argsort(raw, kind="stable")
        items = []
        for index in order:
            (i, j), r, p_adjusted = pairs[index], results[index], adjusted[index]
            ci, significant = r.confidence_interval, p_adjusted <= alpha
            item = (f"- {names[i]} minus {names[j]}: mean difference {ci.estimate:.3g} "
                    f"({_percent(confidence)} CI {ci.low:.3g} to {ci.high:.3g}); t({r.df}) = "
                    f"{r.statistic:.3g}, raw {_p_words(r.pvalue)}, adjusted {_p_words(p_adjusted)}: "
                    f"{'' if significant else 'not '}significant.")
            if significant and ci.low <= 0 <= ci.high:
                item += (f" {_ADJUST_WORDS[adjust][0].upper()}{_ADJUST_WORDS[adjust][1:]} declares this pair "
                         "although its interval contains 0: the procedure tests the pairs step by step, at "
                         f"levels above the Bonferroni level {alpha:g}/{m} = {alpha / m:.3g} of the "
                         "simultaneous intervals.")
            items.append(fill(item, width, rest="  "))
        rate = "false discovery rate" if adjust in ("bh", "by") else "family-wise level"
        what = "the corrected t on one k-fold cross-validation" if test == "corrected_kfold" else \
            _FOLD_TEST_WORDS.get(results[0].method, results[0].method)
        intro = (
            f"{len(names)} algorithms were compared on one data set ({self._design(test)}), each of the {m} "
            f"pairs with {what} on {results[0].n_scores} paired {written['score']} scores; p-values adjusted "
            f"by {_ADJUST_WORDS[adjust]} for {m} comparisons at the {rate} {alpha:g}; an adjusted p-value "
            f"is a bound, not a probability. Each interval is at level 1 - {alpha:g}/{m} = "
            f"{_percent(confidence)}, so that all {m} hold together with confidence at least "
            f"{_percent(1 - alpha)} (Bonferroni)."
        )
        return [fill(intro, width), "\n".join(items), fill(f"Random seeds: {written['seeds']}.", width),
                fill(_stability_note(results[0]), width), fill(_ONE_DATASET, width)]

    def _report_two_across(self, test, written, minimum_effect) -> list:
        a, b = self.algorithms
        function = wilcoxon_signed_rank if test == "wilcoxon" else sign_test
        result = self.across_datasets(function, a, b, confidence=1 - written["alpha"])
        paragraph = report(result, names=(a, b), design=self._design(), minimum_effect=minimum_effect,
                           **written)
        n_zero = result.n_zero if test == "wilcoxon" else result.ties
        note = _floor_note(len(self.datasets), written["alpha"], _ACROSS_TESTS[test], n_zero=n_zero)
        return [paragraph] + ([fill(note, written["width"])] if note else [])

    def _report_many_across(self, test, adjust, written) -> list:
        alpha, k = written["alpha"], len(self.algorithms)
        omnibus = self.friedman()
        pairs = self.pairwise(test=test, adjust=adjust, alpha=alpha)
        parts = [report(omnibus, names=self.algorithms, design=self._design(), **written),
                 report(pairs, design=self._design(), scores=self.mean_scores, **written)]
        note = _floor_note(len(self.datasets), alpha, _ACROSS_TESTS[test], n_pairs=k * (k - 1) // 2,
                           adjust=adjust)
        return parts + ([fill(note, written["width"])] if note else [])

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
        lines = [fill(head, WIDTH, rest="  ")]
        if self.n_failed or self.n_missing:
            lines.append(f"  {self.n_failed} failed cell(s), {self.n_missing} missing cell(s)")
        width = max(len(name) for name in self.datasets) + 2
        cols = [max(9, len(name) + 2) for name in self.algorithms]
        lines.append("  mean score over the folds:")
        lines.append("  " + " " * width + "".join(f"{name:>{c}}" for name, c in zip(self.algorithms, cols)))
        for name, row in zip(self.datasets, self.mean_scores):
            lines.append(f"  {name:<{width}}" + "".join(f"{v:>{c}.4f}" for v, c in zip(row, cols)))
        return "\n".join(lines)


def _corrected_t(one, two, ratio: float, confidence: float):
    """Nadeau and Bengio's corrected t on (r, k) fold scores; Bouckaert and Frank's form for k-fold splits."""
    k = one.shape[1]
    if k >= 2 and math.isclose(ratio, 1 / (k - 1), rel_tol=1e-9):  # every k-fold partition has this ratio
        return corrected_repeated_cv_ttest(one, two, confidence=confidence)
    return resampled_ttest(one.ravel(), two.ravel(), test_train_ratio=ratio, confidence=confidence)


def _percent(fraction: float) -> str:
    return f"{100 * fraction:.4g} %"


def _p_words(p: float) -> str:
    if p == 0.0:
        return "p < 1e-300"
    return f"p = {p:.1e}" if p < 0.001 else f"p = {p:.3g}"


_FOLD_TEST_WORDS = {
    "corrected repeated cv": "the corrected repeated cross-validation t-test (Bouckaert and Frank 2004)",
    "corrected resampled": "the corrected resampled t-test (Nadeau and Bengio 2003)",
}

_ADJUST_WORDS = {
    "none": "no adjustment",
    "bonferroni": "Bonferroni's method",
    "holm": "Holm's step-down method",
    "hochberg": "Hochberg's step-up method",
    "hommel": "Hommel's method",
    "bh": "the Benjamini-Hochberg method",
    "by": "the Benjamini-Yekutieli method",
    "shaffer": "Shaffer's method",
    "bergmann-hommel": "Bergmann and Hommel's method",
    "studentized-range": "Nemenyi's studentized range",
}

# Adjustments whose smallest adjusted p-value is at least m times the smallest raw one (m pairs): the
# first step of each tests the smallest p-value against alpha / m (all m hypotheses may be true).
_TIMES_M = ("bonferroni", "holm", "shaffer", "bergmann-hommel")

_ONE_DATASET = (
    "One data set: the test compares the learning algorithms trained on this data set (training sets of "
    "this size), not on other data sets; a claim about the algorithms in general needs several data sets "
    "(chapter 5)."
)


def _stability_note(result) -> str:
    """What chapter 4's Type I error lab found for the corrected t that ran (r = 1: one k-fold CV)."""
    k = result.n_scores  # one repetition: r = 1, J = k, factor 1/k + 1/(k - 1)
    if result.method == "corrected repeated cv" and math.isclose(result.variance_factor, 1 / k + 1 / (k - 1)):
        return ("This test is conservative: in chapter 4's lab, with two equally good algorithms, it "
                "rejected H0 in 3.8 % of the data sets with the unstable 1-NN, 1.8 % on small, noisy data "
                "and 0.7 % with a stable learner (nearest centroid), where it has about half the power of "
                "the corrected 10 x 10 t.")
    if result.method == "corrected resampled":
        return ("Its 5 % level is approximate: in chapter 4's lab, with two equally good algorithms, the "
                "corrected resampled t rejected H0 in 4.5 % of the data sets with a stable learner (nearest "
                "centroid) and 7.6 % with the unstable 1-NN.")
    return ("Its 5 % level is approximate and depends on the learners: in chapter 4's lab, with two equally "
            "good algorithms, this test rejected H0 in 4.0 % of the data sets with a stable learner (nearest "
            "centroid), but in 12.6 % with an unstable one (1-NN) and 7.4 % on small, noisy data. For an "
            "unstable learner (one whose model changes a lot when a few training examples change: nearest "
            "neighbours, deep unpruned trees) or a small, noisy data set, use "
            "report(test='corrected_kfold'), which stayed at or below 5 % in every setting of the lab "
            "(1-NN: 3.8 %).")


def _floor_note(n_datasets: int, alpha: float, what: str, *, n_pairs: int = 1, adjust: str | None = None,
                n_zero: int = 0) -> str:
    """What N data sets allow a sign-based test: "" when some outcome could be significant at alpha."""
    factor = n_pairs if adjust in _TIMES_M else 1
    floor = smallest_two_sided_pvalue(n_datasets)
    if factor * floor > alpha:
        needed = n_datasets
        while factor * smallest_two_sided_pvalue(needed) > alpha:
            needed += 1
        # with several pairs the note is about the pairwise tests only: Friedman's test in the same
        # report can still be significant (its exact floor is (k!)^(1 - N), 1/36 for k = N = 3)
        subject = "no pairwise comparison" if n_pairs > 1 else "no outcome"
        text = (f"With {n_datasets} data sets {subject} can be significant at the {alpha:g} level: the "
                f"smallest two-sided p-value {what} can give is 2/2^{n_datasets} = {floor:.3g}")
        if factor > 1:
            text += f", and {_ADJUST_WORDS[adjust]} for {n_pairs} pairs multiplies the smallest by {n_pairs}"
        return text + (
            f". So a {'comparison' if n_pairs > 1 else 'result'} that is not significant here reflects the "
            "size of the design, and is no evidence that the algorithms are equal. Plan at least "
            f"{needed} data sets (more if some differences may be zero; wilcoxon_n_datasets gives the "
            "number for a chosen power)."
        )
    if n_zero and factor * smallest_two_sided_pvalue(n_datasets, n_zero) > alpha:
        return (f"{n_zero} of the {n_datasets} differences are zero and carry no sign: with the other "
                f"{n_datasets - n_zero}, the smallest two-sided p-value {what} could give is "
                f"{smallest_two_sided_pvalue(n_datasets, n_zero):.3g}, above {alpha:g}, so no outcome with "
                "these ties could have been significant.")
    return ""


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


def benchmark_splits(X, y, dataset, cv=DEFAULT_CV, seed=None, *, groups=None) -> list:
    """The splits :func:`run_benchmark` uses for one data set.

    Parameters
    ----------
    X : array_like, shape (n, n_features)
        Features (used only by a splitter or a callable ``cv``).
    y : array_like, shape (n,)
        Class labels (the built-in folds are stratified by them).
    dataset : str
        The data set's name: with ``seed`` it determines the splits, so each
        data set has its own and adding or removing another changes nothing.
    cv : (int, int), int, splitter or callable, default (10, 10)
        As in :func:`run_benchmark`.
    seed : int or None
        As in :func:`run_benchmark` (None: fresh, unreproducible splits).
    groups : array_like, shape (n,), optional
        The group of each example, for a group splitter (the third element
        of a data set ``(X, y, groups)`` in :func:`run_benchmark`).

    Returns
    -------
    splits : list of lists of (train_idx, test_idx)
        ``splits[r][f]`` is fold f of repetition r, as int64 arrays.

    Notes
    -----
    The generator of data set "name" is ``numpy.random.default_rng([seed,
    *words])``, where ``words`` are the eight 32-bit words of the SHA-256
    hash of the name; :func:`lecture_lib.repeated_kfold` (stratified by y)
    draws the built-in repetitions from it, a callable ``cv`` gets it, and a
    splitter whose ``random_state`` is None gets ``random_state`` = its
    first draw below :math:`2^{32}` (on a copy: the splitter passed in is not
    changed). How a splitter's splits become repetitions: see
    :func:`run_benchmark`.

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

    >>> from sklearn.model_selection import GroupKFold
    >>> groups = np.repeat([0, 1, 2, 3, 4], 2)  # five patients, two scans each
    >>> splits = benchmark_splits(np.zeros((10, 1)), y, "toy", cv=GroupKFold(5), seed=0, groups=groups)
    >>> len(splits), len(splits[0]), sorted(set(groups[splits[0][0][1]].tolist()))
    (1, 5, [4])

    A group splitter gives one repetition of five folds, each testing on
    the scans of one patient, never seen in training.
    """
    if not isinstance(dataset, str) or not dataset:
        raise TypeError(f"dataset must be the data set's name (a non-empty string), got {_show(dataset)}")
    cv = _check_cv(cv)
    seed = _check_seed(seed)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)
    X, y, groups = _load_dataset(dataset, (X, y) if groups is None else (X, y, groups))
    return _make_splits(X, y, groups, dataset, cv, seed)


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
    datasets : dict of str to (X, y), (X, y, groups) or callable
        Name -> the data (features and class labels), or a function of no
        argument that returns them (called once, by this process). A third
        element ``groups`` (one label per example: the patient, the user,
        the source of near-duplicates) goes to a group splitter's ``split``;
        then every split is checked to keep each group on one side.
    cv : (int, int), int, splitter or callable, default (10, 10)
        ``(n_repeats, n_folds)``: repeated stratified k-fold
        cross-validation; an int k: one stratified k-fold. A scikit-learn
        splitter (any object with ``split`` and ``get_n_splits``:
        ``RepeatedStratifiedKFold(n_splits=10, n_repeats=10)``,
        ``GroupKFold(5)``, ``ShuffleSplit(30, test_size=0.25)``, ...): its
        splits, grouped into repetitions as the Notes say. A callable
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
    paired, as the tests of chapters 4 to 6 require: the splits are drawn
    once per data set, before any model is fitted.

    A splitter is used on a copy. If its ``random_state`` is None and it
    shuffles (not ``shuffle=False``), the copy gets a ``random_state``
    drawn from ``seed`` and the data set's name, so the splits are
    reproducible like the built-in ones (a RandomState instance is refused:
    it would give other splits on a resumed run). Its splits become the
    repetitions (r) and folds (k) of ``scores`` this way:

    * ``RepeatedKFold``, ``RepeatedStratifiedKFold`` (anything with
      ``n_repeats``): r = ``n_repeats`` repetitions of k = ``n_splits``
      folds, consecutive splits forming one repetition;
    * the shuffle-split family (``ShuffleSplit``,
      ``StratifiedShuffleSplit``, ``GroupShuffleSplit``): repeated holdout,
      r = ``n_splits`` repetitions of one fold each (k = 1);
    * any other splitter (``KFold``, ``StratifiedKFold``, ``GroupKFold``,
      ``StratifiedGroupKFold``, ``LeaveOneGroupOut``, ...): one repetition
      of its k splits.

    ``test_train_ratio`` is the mean test-set size over the mean
    training-set size of the actual splits, per data set. The default, 10 x 10
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
    splits = {name: _make_splits(X, y, groups, name, cv, seed) for name, (X, y, groups) in data.items()}
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
                [(name, int(y.size), _data_hash(X, y, groups), _splits_hash(splits[name]), float(ratio))
                 for (name, (X, y, groups)), ratio in zip(data.items(), ratios)],
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
            X, y, _ = data[d]
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
