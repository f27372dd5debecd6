"""The resumable store of :func:`lecture_lib.run_benchmark`: one SQLite file.

Only the process that calls ``run_benchmark`` opens the file (the workers of
joblib or dask never do), so it can sit on a local disk even when the cells
run on a cluster. Every finished cell is one committed transaction: a run
that is interrupted, by Ctrl-C or by a killed process, leaves every cell it
had written and nothing half-written. The journal is SQLite's write-ahead log
with ``synchronous=NORMAL``: a commit survives the death of the process at
once and a crash of the whole machine after the next checkpoint, at a cost of
tens of microseconds per cell instead of a disk flush.

The file records the set-up (seed, cv, scoring), a fingerprint of every data
set (its X, y and groups, and its splits) and of every estimator, so a run
that would mix cells from different set-ups is refused with an error naming
the argument that differs.
"""

from __future__ import annotations

import math
import os
import sqlite3

from ._validation import _show

__all__ = ["FORMAT", "BenchmarkStore", "read_store", "stored_seed"]

#: Written into every store; a file without it is not a benchmark store.
FORMAT = "lecture_lib benchmark store 1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS setup (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS datasets (
    name TEXT PRIMARY KEY, position INTEGER NOT NULL, n INTEGER NOT NULL,
    data_hash TEXT NOT NULL, splits_hash TEXT NOT NULL, test_train_ratio REAL NOT NULL);
CREATE TABLE IF NOT EXISTS algorithms (
    name TEXT PRIMARY KEY, position INTEGER NOT NULL, fingerprint TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS cells (
    dataset TEXT NOT NULL, algorithm TEXT NOT NULL, repetition INTEGER NOT NULL, fold INTEGER NOT NULL,
    score REAL, fit_time REAL, score_time REAL, error TEXT NOT NULL,
    PRIMARY KEY (dataset, algorithm, repetition, fold));
"""

# The set-up keys compared on resumption, with the argument each one comes from.
_COMPARED = (("seed", "seed"), ("cv", "cv"), ("scoring", "scoring"))


def _connect(path) -> sqlite3.Connection:
    try:
        connection = sqlite3.connect(os.fspath(path), timeout=30.0)
    except sqlite3.DatabaseError as err:  # a directory, a folder that does not exist, no permission
        raise ValueError(f"store {os.fspath(path)!r} cannot be opened ({err})") from None
    try:
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.DatabaseError as err:  # "file is not a database"
        connection.close()
        raise ValueError(
            f"store {os.fspath(path)!r} is not a benchmark store written by run_benchmark ({err})"
        ) from None
    return connection


def _read_setup(connection, path) -> dict:
    try:
        rows = connection.execute("SELECT key, value FROM setup").fetchall()
    except sqlite3.DatabaseError as err:  # not SQLite at all, or SQLite without our tables
        raise ValueError(f"store {os.fspath(path)!r} is not a benchmark store written by run_benchmark "
                         f"({err})") from None
    setup = dict(rows)
    if setup.get("format") != FORMAT:
        raise ValueError(
            f"store {os.fspath(path)!r} is not a benchmark store written by run_benchmark "
            f"(its format is {setup.get('format')!r}, expected {FORMAT!r})"
        )
    return setup


def _is_empty_file(path) -> bool:
    return not os.path.exists(path) or os.path.getsize(path) == 0


def stored_seed(path):
    """The seed recorded in the store at ``path`` (an int), or None if there is no store yet."""
    if _is_empty_file(path):
        return None
    connection = _connect(path)
    try:
        return int(_read_setup(connection, path)["seed"])
    finally:
        connection.close()


class BenchmarkStore:
    """An open store: checks a set-up against the file, then appends cells.

    Parameters
    ----------
    path : str or os.PathLike
        The SQLite file; created (with its set-up) if it does not exist.
    setup : dict of str to str
        ``seed``, ``cv``, ``scoring``, ``n_repeats``, ``n_folds`` of this run.
    """

    def __init__(self, path, setup: dict):
        self.path = os.fspath(path)
        new = _is_empty_file(self.path)
        self._connection = _connect(self.path)
        try:
            if new:
                with self._connection:
                    self._connection.executescript(_SCHEMA)
                    self._connection.executemany(
                        "INSERT INTO setup (key, value) VALUES (?, ?)",
                        [("format", FORMAT), *((k, str(v)) for k, v in setup.items())],
                    )
            else:
                self._check_setup(setup)
        except BaseException:
            self._connection.close()
            raise

    def _check_setup(self, setup: dict) -> None:
        stored = _read_setup(self._connection, self.path)
        for key, argument in _COMPARED:
            if stored.get(key) != str(setup[key]):
                raise ValueError(
                    f"store {self.path!r} was written with {argument}={stored.get(key)}, not "
                    f"{argument}={setup[key]}: resume with the same {argument}, or pass a new store"
                )
        # the shape follows from cv, except for a callable cv: check it too
        for key in ("n_repeats", "n_folds"):
            if stored.get(key) != str(setup[key]):
                raise ValueError(
                    f"cv gives {setup['n_repeats']} x {setup['n_folds']} splits, but store {self.path!r} "
                    f"holds {stored.get('n_repeats')} x {stored.get('n_folds')}: resume with the same cv, "
                    "or pass a new store"
                )

    def register(self, datasets: list, algorithms: list) -> None:
        """Record new data sets and algorithms; refuse changed ones.

        ``datasets``: (name, n, data_hash, splits_hash, test_train_ratio);
        ``algorithms``: (name, fingerprint).
        """
        con = self._connection
        known_data = {row[0]: row[1:] for row in con.execute("SELECT name, n, data_hash, splits_hash FROM "
                                                             "datasets")}
        known_algos = dict(con.execute("SELECT name, fingerprint FROM algorithms"))
        for name, n, data_hash, splits_hash, _ in datasets:
            if name not in known_data:
                continue
            old_n, old_data, old_splits = known_data[name]
            if (old_n, old_data) != (n, data_hash):
                raise ValueError(
                    f"datasets[{name!r}] differs from the data set of that name in store {self.path!r} "
                    f"(X, y or groups changed; {old_n} examples stored, {n} given): rename the data set or "
                    "pass a new store"
                )
            if old_splits != splits_hash:
                raise ValueError(
                    f"cv gives other splits for datasets[{name!r}] than those in store {self.path!r} "
                    "(a different cv callable or splitter class, or a lecture_lib or scikit-learn version "
                    "that splits differently): "
                    "resume with the same cv, or pass a new store"
                )
        for name, fingerprint in algorithms:
            if name in known_algos and known_algos[name] != fingerprint:
                raise ValueError(
                    f"estimators[{name!r}] differs from the estimator of that name in store {self.path!r}: "
                    f"stored {_show(known_algos[name], 200)}, given {_show(fingerprint, 200)}; "
                    "rename it or pass a new store"
                )
        with con:
            start = con.execute("SELECT COUNT(*) FROM datasets").fetchone()[0]
            new_data = [d for d in datasets if d[0] not in known_data]
            con.executemany(
                "INSERT INTO datasets (name, position, n, data_hash, splits_hash, test_train_ratio) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(name, start + i, n, dh, sh, ratio) for i, (name, n, dh, sh, ratio) in enumerate(new_data)],
            )
            start = con.execute("SELECT COUNT(*) FROM algorithms").fetchone()[0]
            new_algos = [a for a in algorithms if a[0] not in known_algos]
            con.executemany(
                "INSERT INTO algorithms (name, position, fingerprint) VALUES (?, ?, ?)",
                [(name, start + i, fp) for i, (name, fp) in enumerate(new_algos)],
            )

    def finished(self, datasets, algorithms) -> dict:
        """Cells of these data sets and algorithms that ran without error: key -> (score, fit, score time)."""
        wanted_d, wanted_a = set(datasets), set(algorithms)
        rows = self._connection.execute(
            "SELECT dataset, algorithm, repetition, fold, score, fit_time, score_time FROM cells WHERE "
            "error = ''"
        )
        nan = float("nan")
        return {
            (d, a, r, f): (s, nan if ft is None else ft, nan if st is None else st)
            for d, a, r, f, s, ft, st in rows
            if d in wanted_d and a in wanted_a
        }

    def write(self, key, score, fit_time, score_time, error) -> None:
        """Append one cell (replacing a failed attempt at the same cell) and commit."""
        with self._connection:
            self._connection.execute(
                "INSERT OR REPLACE INTO cells VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (*key, _sql_float(score), _sql_float(fit_time), _sql_float(score_time), error),
            )

    def close(self) -> None:
        self._connection.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _sql_float(value):
    return None if value is None or math.isnan(value) else float(value)


def read_store(path) -> tuple[dict, list, list, list]:
    """(setup, datasets, algorithms, cells) of the store at ``path``, in recorded order.

    ``datasets``: (name, n, test_train_ratio); ``algorithms``: names;
    ``cells``: (dataset, algorithm, repetition, fold, score, fit_time, score_time, error)
    with NaN for a missing number.
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"store must be a path (str or os.PathLike), got {_show(path)}")
    if _is_empty_file(path):
        raise ValueError(f"store {os.fspath(path)!r} does not exist or is empty")
    connection = _connect(path)
    try:
        setup = _read_setup(connection, path)
        datasets = connection.execute(
            "SELECT name, n, test_train_ratio FROM datasets ORDER BY position").fetchall()
        algorithms = [row[0] for row in connection.execute("SELECT name FROM algorithms ORDER BY position")]
        nan = float("nan")
        cells = [
            (d, a, r, f, nan if s is None else s, nan if ft is None else ft, nan if st is None else st, e)
            for d, a, r, f, s, ft, st, e in connection.execute("SELECT * FROM cells")
        ]
    finally:
        connection.close()
    return setup, datasets, algorithms, cells
