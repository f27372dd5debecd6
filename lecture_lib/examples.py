"""The worked examples of the source documents as fixtures, with provenance and errata.

The numbers live in ``lecture_lib/data/*.json`` next to this module, each with
the seed file it comes from, the values the seed prints and, where the seed is
wrong, an erratum that says what is right. Tests assert every printed value to
its printed precision; notebooks load the same objects.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ._data import fixture_files, load, pick
from ._validation import as_generator, check_count_table, check_flag, check_positive_int

__all__ = [
    # chapter 2 and the errata
    "McNemarExample",
    "Erratum",
    "mcnemar_examples",
    "mcnemar_example",
    "errata",
    "SourceNote",
    "source_notes",
    "predictions_from_table",
    # chapter 3
    "CochranExample",
    "cochran_examples",
    "cochran_example",
    # chapter 1
    "ConfusionExample",
    "evaluation_examples",
    "evaluation_example",
    # chapter 4
    "PairedExample",
    "paired_examples",
    "paired_example",
    # chapter 5
    "WilcoxonExample",
    "wilcoxon_examples",
    "wilcoxon_example",
    "sign_test_critical_table",
    # chapter 6
    "BenchmarkTable",
    "appml_benchmark",
    "demsar_table5",
    # chapter 7
    "nested_example",
]


@dataclasses.dataclass(frozen=True)
class McNemarExample:
    """A worked McNemar example from a source document.

    Attributes
    ----------
    key, title, source : str
        Identifier, short title and where it comes from.
    models : tuple of str
        Names of model 1 and model 2.
    table : ndarray, shape (2, 2)
        ``[[a, b], [c, d]]`` as in :func:`lecture_lib.mcnemar_table`.
    printed : dict
        The values the source prints, keyed by what they are.
    decimals : dict
        The number of decimals each printed value is given to.
    notes : str
        How the fixture was read off the source.
    correct_1, correct_2 : ndarray of bool or None
        Per-example correctness, where the source lists it.
    """

    key: str
    title: str
    source: str
    models: tuple
    table: np.ndarray
    printed: dict
    decimals: dict
    notes: str
    correct_1: np.ndarray | None = None
    correct_2: np.ndarray | None = None

    @property
    def n(self) -> int:
        """Number of test examples."""
        return int(self.table.sum())

    @property
    def accuracies(self) -> tuple[float, float]:
        """Accuracies of model 1, (a + b) / n, and model 2, (a + c) / n."""
        (a, b), (c, _) = self.table
        return float((a + b) / self.n), float((a + c) / self.n)


@dataclasses.dataclass(frozen=True)
class Erratum:
    """An error in a source document and its correction."""

    key: str
    seed: str
    says: str
    correct: str
    shown_in: str


def mcnemar_examples() -> dict[str, McNemarExample]:
    """All McNemar worked examples, keyed by ``key``.

    Examples
    --------
    >>> from lecture_lib.examples import mcnemar_examples
    >>> sorted(mcnemar_examples())
    ['seed000_panel_a', 'seed000_panel_b', 'seed001_rpart_ranger', 'seed002_ten_instances']
    """
    out = {}
    for item in load("mcnemar_examples.json")["examples"]:
        fields = dict(item)
        fields["models"] = tuple(fields["models"])
        fields["table"] = np.array(fields["table"], dtype=np.int64)
        for name in ("correct_1", "correct_2"):
            if name in fields:
                fields[name] = np.array(fields[name], dtype=bool)
        out[item["key"]] = McNemarExample(**fields)
    return out


def mcnemar_example(key: str) -> McNemarExample:
    """One McNemar worked example by key (see :func:`mcnemar_examples`)."""
    return pick(mcnemar_examples(), key)


def errata() -> list[Erratum]:
    """Every erratum recorded for the source documents.

    Each chapter keeps its fixtures in its own ``data/*.json`` file; this
    gathers the ``"errata"`` lists of all of them, file by file in name order.
    """
    return [Erratum(**item) for name in fixture_files() for item in load(name).get("errata", [])]


@dataclasses.dataclass(frozen=True)
class SourceNote:
    """A statement of a source document that was once listed as an erratum and is not one.

    Attributes
    ----------
    key, seed : str
        Identifier (the former erratum's key) and the seed file.
    says : str
        What the seed says.
    note : str
        Why it is not an error, and what the course shows instead.
    shown_in : str
        The chapter (and section) that discusses it.
    """

    key: str
    seed: str
    says: str
    note: str
    shown_in: str


def source_notes() -> list[SourceNote]:
    """Statements of the source documents that were re-examined and found not to be errors.

    The errata page lists them after the errata, so a reader who remembers
    an entry finds out why it went. Each chapter keeps them in its own
    ``data/*.json`` file under ``"notes"``.

    Examples
    --------
    >>> from lecture_lib import errata, source_notes
    >>> notes = {note.key for note in source_notes()}
    >>> "seed004-kuncheva-q-typo" in notes, notes.isdisjoint(e.key for e in errata())
    (True, True)

    Source 004 itself points out the typo in its source: a note, not an erratum.
    """
    return [SourceNote(**item) for name in fixture_files() for item in load(name).get("notes", [])]


def predictions_from_table(table, n_classes: int = 2, seed=0):
    """Labels and predictions of two models that realise a McNemar table.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        Counts ``[[a, b], [c, d]]``.
    n_classes : int, optional
        Number of classes (>= 2); wrong predictions pick another class at
        random, so multiclass problems give the same table.
    seed : int or numpy.random.Generator, optional
        Seed for the labels and the order of the examples.

    Returns
    -------
    y_true, y_pred_1, y_pred_2 : ndarray of int
        Arrays of length a + b + c + d with
        ``mcnemar_table(y_true, y_pred_1, y_pred_2) == table``.

    Examples
    --------
    >>> from lecture_lib import mcnemar_table
    >>> from lecture_lib.examples import predictions_from_table
    >>> mcnemar_table(*predictions_from_table([[4, 2], [1, 3]], n_classes=3))
    array([[4, 2],
           [1, 3]])
    """
    table = check_count_table(table, "table")
    n_classes = check_positive_int(n_classes, "n_classes")
    if n_classes < 2:
        raise ValueError(f"n_classes must be >= 2, got {n_classes}")
    rng = as_generator(seed)
    (a, b), (c, d) = table
    n = int(table.sum())
    if n == 0:
        raise ValueError("table is all zeros: there are no examples to generate")
    right_1 = np.repeat([True, True, False, False], [a, b, c, d])
    right_2 = np.repeat([True, False, True, False], [a, b, c, d])
    order = rng.permutation(n)
    right_1, right_2 = right_1[order], right_2[order]
    y_true = rng.integers(0, n_classes, size=n)
    # A wrong label is the true one shifted by 1..n_classes-1 (mod n_classes).
    shift_1 = rng.integers(1, n_classes, size=n)
    shift_2 = rng.integers(1, n_classes, size=n)
    y_pred_1 = np.where(right_1, y_true, (y_true + shift_1) % n_classes)
    y_pred_2 = np.where(right_2, y_true, (y_true + shift_2) % n_classes)
    return y_true, y_pred_1, y_pred_2


# ----------------------------------------------------------------------------- chapter 3: Cochran's Q


@dataclasses.dataclass(frozen=True)
class CochranExample:
    """A worked Cochran's Q example from a source document.

    Attributes
    ----------
    key, title, source : str
        Identifier, short title and where it comes from.
    models : tuple of str
        Model names.
    y_true : ndarray
        The true labels, as the source lists them.
    y_preds : tuple of ndarray
        Each model's predictions, as the source lists them.
    pattern_counts : dict
        Number of examples per right (1) / wrong (0) pattern, as the source
        tabulates them (pattern "110": models 1 and 2 right, model 3 wrong).
    printed : dict
        The values the source prints, keyed by what they are.
    decimals : dict
        The number of decimals each printed value is given to.
    notes : str
        How the fixture was read off the source.
    """

    key: str
    title: str
    source: str
    models: tuple
    y_true: np.ndarray
    y_preds: tuple
    pattern_counts: dict
    printed: dict
    decimals: dict
    notes: str

    @property
    def n(self) -> int:
        """Number of test examples."""
        return int(self.y_true.size)


def cochran_examples() -> dict[str, CochranExample]:
    """All Cochran's Q worked examples, keyed by ``key`` (chapter 3).

    Examples
    --------
    >>> from lecture_lib.examples import cochran_examples
    >>> sorted(cochran_examples())
    ['seed004_kuncheva_three_models']
    """
    out = {}
    for item in load("cochran_examples.json")["examples"]:
        n = item["n"]
        y_true = np.full(n, item["y_true_value"], dtype=np.int64)
        y_preds = []
        for ones in item["predicts_one_at"]:
            pred = np.zeros(n, dtype=np.int64)
            pred[ones] = 1
            pred.flags.writeable = False
            y_preds.append(pred)
        y_true.flags.writeable = False
        out[item["key"]] = CochranExample(
            key=item["key"],
            title=item["title"],
            source=item["source"],
            models=tuple(item["models"]),
            y_true=y_true,
            y_preds=tuple(y_preds),
            pattern_counts=dict(item["pattern_counts"]),
            printed=dict(item["printed"]),
            decimals=dict(item["decimals"]),
            notes=item["notes"],
        )
    return out


def cochran_example(key: str) -> CochranExample:
    """One Cochran's Q worked example by key (see :func:`cochran_examples`)."""
    return pick(cochran_examples(), key)


# --------------------------------------------------------------------------- chapter 1


@dataclasses.dataclass(frozen=True)
class ConfusionExample:
    """A worked two-class confusion matrix from a source document (chapter 1).

    Attributes
    ----------
    key, title, source : str
        Identifier, short title and where it comes from.
    tp, fn, fp, tn : int
        True positives, false negatives, false positives, true negatives.
    printed : dict
        The values the source prints, keyed by what they are.
    decimals : dict
        The number of decimals each printed value is given to.
    notes : str
        How the fixture was read off the source.
    """

    key: str
    title: str
    source: str
    tp: int
    fn: int
    fp: int
    tn: int
    printed: dict
    decimals: dict
    notes: str

    @property
    def n(self) -> int:
        """Number of examples, TP + FN + FP + TN."""
        return self.tp + self.fn + self.fp + self.tn

    def labels(self, seed=None):
        """``(y_true, y_pred)`` with positive = 1 and negative = 0 that give this table.

        With ``seed=None`` the examples come in the order TP, FN, FP, TN;
        otherwise they are shuffled by ``numpy.random.default_rng(seed)``.

        Examples
        --------
        >>> from lecture_lib import confusion_matrix
        >>> from lecture_lib.examples import evaluation_example
        >>> y_true, y_pred = evaluation_example("seed003_confusion").labels()
        >>> confusion_matrix(y_true, y_pred, labels=[1, 0])
        array([[100,   5],
               [ 10,  50]])

        With the positive class first, the matrix reads as on the slide:
        [[TP, FN], [FP, TN]].
        """
        counts = [self.tp, self.fn, self.fp, self.tn]
        y_true = np.repeat([1, 1, 0, 0], counts)
        y_pred = np.repeat([1, 0, 1, 0], counts)
        if seed is not None:
            order = as_generator(seed).permutation(self.n)
            y_true, y_pred = y_true[order], y_pred[order]
        return y_true, y_pred


def evaluation_examples() -> dict[str, ConfusionExample]:
    """All chapter 1 worked examples (confusion matrices), keyed by ``key``.

    Examples
    --------
    >>> from lecture_lib.examples import evaluation_examples
    >>> sorted(evaluation_examples())
    ['seed003_confusion']
    """
    return {item["key"]: ConfusionExample(**item) for item in load("evaluation_examples.json")["examples"]}


def evaluation_example(key: str) -> ConfusionExample:
    """One chapter 1 worked example by key (see :func:`evaluation_examples`)."""
    return pick(evaluation_examples(), key)


# --------------------------------------------------------------------------- chapter 4


@dataclasses.dataclass(frozen=True)
class PairedExample:
    """A worked example of chapter 4 (paired t-tests, Dietterich's tests).

    Attributes
    ----------
    key, title, source : str
        Identifier, short title and where it comes from.
    kind : str
        ``"paired"`` (raw matched values in ``data["x"]``, ``data["y"]``),
        ``"summary"`` (only n, mean and standard deviation are printed) or
        ``"claims"`` (statements to check by simulation).
    data : dict
        The example's numbers (lists become float arrays for ``x``, ``y``).
    printed : dict
        The values the source prints.
    decimals : dict
        Decimals each printed value is given to.
    truncated : tuple of str
        Printed values that the source cuts off instead of rounding.
    notes : str
        How the fixture was read off the source.
    """

    key: str
    title: str
    source: str
    kind: str
    data: dict
    printed: dict
    decimals: dict
    truncated: tuple
    notes: str

    def matches_printed(self, name: str, value: float) -> bool:
        """Whether ``value`` shows as the printed number (rounded, or cut if the source truncates)."""
        places = self.decimals[name]
        scale = 10.0**places
        shown = np.trunc(value * scale) / scale if name in self.truncated else round(value, places)
        return bool(abs(shown - self.printed[name]) < 0.5 / scale)


def paired_examples() -> dict[str, PairedExample]:
    """All chapter 4 worked examples, keyed by ``key``.

    Examples
    --------
    >>> from lecture_lib.examples import paired_examples
    >>> sorted(paired_examples())
    ['seed000_dietterich_summary', 'seed001_kin8nm_brier', 'seed003_bank_downtime']
    """
    out = {}
    for item in load("paired_examples.json")["examples"]:
        fields = dict(item)
        data = dict(fields["data"])
        for name in ("x", "y"):
            if name in data:
                data[name] = np.array(data[name], dtype=float)
        fields["data"] = data
        fields["truncated"] = tuple(fields["truncated"])
        out[item["key"]] = PairedExample(**fields)
    return out


def paired_example(key: str) -> PairedExample:
    """One chapter 4 worked example by key (see :func:`paired_examples`)."""
    return pick(paired_examples(), key)


# ---------------------------------------------------------------- chapter 5


@dataclasses.dataclass(frozen=True)
class WilcoxonExample:
    """Two algorithms' scores on several data sets, from a source document.

    Attributes
    ----------
    key, title, source, provenance, measure, notes : str
        What the example is and where it comes from.
    datasets : tuple of str
        Data set names, one per row.
    algorithms : tuple of str
        Names of algorithm 1 (``scores_1``) and algorithm 2 (``scores_2``).
    scores_1, scores_2 : ndarray of float
        Their scores, one per data set.
    printed : dict
        The values the source prints, keyed by what they are.
    decimals : dict
        The number of decimals each printed value is given to.
    """

    key: str
    title: str
    source: str
    provenance: str
    measure: str
    datasets: tuple
    algorithms: tuple
    scores_1: np.ndarray
    scores_2: np.ndarray
    printed: dict
    decimals: dict
    notes: str

    @property
    def differences(self) -> np.ndarray:
        """scores_1 - scores_2, rounded to the scores' precision (4 decimals).

        Subtracting decimal scores in binary floating point can break a
        tie that the printed differences have (0.3 - 0.1 is
        0.19999999999999998 but 0.5 - 0.3 is 0.2); rounding to the printed
        precision keeps equal differences equal and zeros exactly zero.
        """
        return np.round(self.scores_1 - self.scores_2, 4)


def wilcoxon_examples() -> dict[str, WilcoxonExample]:
    """The worked examples of chapter 5 (Wilcoxon and sign tests), keyed by ``key``.

    Examples
    --------
    >>> from lecture_lib.examples import wilcoxon_examples
    >>> sorted(wilcoxon_examples())
    ['demsar2006_table2', 'seed001_rpart_ranger_6tasks']
    """
    out = {}
    for item in load("wilcoxon_examples.json")["examples"]:
        fields = dict(item)
        for name in ("datasets", "algorithms"):
            fields[name] = tuple(fields[name])
        for name in ("scores_1", "scores_2"):
            fields[name] = np.array(fields[name], dtype=float)
        out[item["key"]] = WilcoxonExample(**fields)
    return out


def wilcoxon_example(key: str) -> WilcoxonExample:
    """One chapter-5 example by key (see :func:`wilcoxon_examples`)."""
    return pick(wilcoxon_examples(), key)


def sign_test_critical_table() -> dict:
    """Demšar's (2006) Table 3: critical numbers of wins for the sign test.

    Returns
    -------
    table : dict
        ``n_datasets`` (5..25), ``w_0.05`` and ``w_0.10`` (lists of int),
        ``source`` and ``notes``.

    Examples
    --------
    >>> from lecture_lib.examples import sign_test_critical_table
    >>> table = sign_test_critical_table()
    >>> table["w_0.05"][table["n_datasets"].index(6)]
    6
    """
    return dict(load("wilcoxon_examples.json")["sign_test_table"])


# ---------------------------------------------------------------- chapter 6


@dataclasses.dataclass(frozen=True)
class BenchmarkTable:
    """A table of scores: data sets (rows) by algorithms (columns).

    Attributes
    ----------
    key, title, source, provenance, measure, notes : str
        What the table is and where it comes from.
    algorithms : tuple of str
        Column names.
    datasets : tuple of str
        Row names.
    scores : ndarray, shape (n_datasets, k)
        The scores (here classification errors: lower is better).
    higher_is_better : bool
        False for errors.
    printed : dict
        Values the source prints, keyed by what they are.
    decimals : dict
        Printed precision of each value.
    reproducible : tuple of str
        The printed values that can be recomputed from ``scores``.
    """

    key: str
    title: str
    source: str
    provenance: str
    measure: str
    algorithms: tuple
    datasets: tuple
    scores: np.ndarray
    higher_is_better: bool
    printed: dict
    decimals: dict
    reproducible: tuple
    notes: str


def appml_benchmark(precise_rows: bool = True) -> BenchmarkTable:
    """Source 001's benchmark: 6 mlr3 learners on 16 OpenML tasks (classification error).

    Parameters
    ----------
    precise_rows : bool, optional
        True (default): the four rows the source gives with four decimals
        (pollen, threeOf9, fri_c1_500_5, strikes) replace their 2-decimal
        versions; this reproduces the source's average ranks. False: the
        2-decimal table as published.

    Returns
    -------
    table : BenchmarkTable

    Examples
    --------
    >>> from lecture_lib.examples import appml_benchmark
    >>> table = appml_benchmark()
    >>> table.scores.shape, table.algorithms[2:4]
    ((16, 6), ('rpart', 'ranger'))
    """
    precise_rows = check_flag(precise_rows, "precise_rows")
    item = next(e for e in load("friedman_examples.json")["examples"] if e["key"] == "appml_benchmark_16x6")
    datasets = tuple(item["tasks"])
    scores = np.array(item["errors"], dtype=float)
    if precise_rows:
        for task, values in item["precise_rows"].items():
            scores[datasets.index(task)] = values
    scores.setflags(write=False)
    return BenchmarkTable(
        key=item["key"],
        title=item["title"],
        source=item["source"],
        provenance=item["provenance"],
        measure=item["measure"],
        algorithms=tuple(item["learners"]),
        datasets=datasets,
        scores=scores,
        higher_is_better=False,
        printed=dict(item["printed"]),
        decimals=dict(item["decimals"]),
        reproducible=tuple(item["reproducible"]),
        notes=item["notes"],
    )


def demsar_table5() -> dict:
    """Demšar's (2006) Table 5: critical values q_alpha for k = 2..10.

    Returns
    -------
    table : dict
        ``{"k": [2, ..., 10], "nemenyi_0.05": [...], "nemenyi_0.10": [...],
        "bonferroni-dunn_0.05": [...], "bonferroni-dunn_0.10": [...],
        "source": ..., "notes": ...}`` with the values as printed.

    Examples
    --------
    >>> from lecture_lib.examples import demsar_table5
    >>> demsar_table5()["nemenyi_0.05"][4]  # k = 6
    2.85
    """
    item = next(e for e in load("friedman_examples.json")["examples"] if e["key"] == "demsar2006_table5")
    out = {"k": list(item["k"])}
    out.update({name: list(values) for name, values in item["printed"].items()})
    out["source"] = item["source"]
    out["notes"] = item["notes"]
    return out


# --------------------------------------------------------------------------- chapter 7


def nested_example(key: str = "seed000_nested_setup") -> dict:
    """The nested cross-validation set-up of source 000, with provenance (chapter 7).

    Examples
    --------
    >>> from lecture_lib.examples import nested_example
    >>> setup = nested_example()
    >>> setup["outer_cv"], setup["inner_cv"], sorted(setup["printed"])
    (5, 2, ['DTree', 'KNN', 'RForest', 'SVM', 'Softmax'])
    """
    examples = {item["key"]: item for item in load("nested_examples.json")["examples"]}
    return pick(examples, key)  # load gave a fresh copy: the cached fixture stays intact
