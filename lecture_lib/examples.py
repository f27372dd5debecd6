"""The seeds' worked examples as fixtures, with provenance and errata.

The numbers live in ``lecture_lib/data/*.json`` next to this module, each with
the seed file it comes from, the values the seed prints and, where the seed is
wrong, an erratum that says what is right. Tests assert every printed value to
its printed precision; notebooks load the same objects.
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from importlib import resources

import numpy as np

from ._validation import as_generator, check_count_table, check_positive_int

__all__ = [
    "McNemarExample",
    "Erratum",
    "mcnemar_examples",
    "mcnemar_example",
    "errata",
    "predictions_from_table",
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


@lru_cache(maxsize=None)
def _load(name: str) -> dict:
    text = resources.files("lecture_lib").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


def mcnemar_examples() -> dict[str, McNemarExample]:
    """All McNemar worked examples, keyed by ``key``.

    Examples
    --------
    >>> from lecture_lib.examples import mcnemar_examples
    >>> sorted(mcnemar_examples())
    ['seed000_panel_a', 'seed000_panel_b', 'seed001_rpart_ranger', 'seed002_ten_instances']
    """
    out = {}
    for item in _load("mcnemar_examples.json")["examples"]:
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
    examples = mcnemar_examples()
    if key not in examples:
        raise ValueError(f"key must be one of {tuple(examples)}, got {key!r}")
    return examples[key]


def _data_files() -> list[str]:
    return sorted(p.name for p in resources.files("lecture_lib").joinpath("data").iterdir() if p.name.endswith(".json"))


def errata() -> list[Erratum]:
    """Every erratum recorded for the seeds.

    Each chapter keeps its fixtures in its own ``data/*.json`` file; this
    gathers the ``"errata"`` lists of all of them, file by file in name order.
    """
    return [Erratum(**item) for name in _data_files() for item in _load(name).get("errata", [])]


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


# --------------------------------------------------------------------------- chapter 7


def nested_example(key: str = "seed000_nested_setup") -> dict:
    """The seed's nested cross-validation set-up, with provenance (chapter 7).

    Examples
    --------
    >>> from lecture_lib.examples import nested_example
    >>> setup = nested_example()
    >>> setup["outer_cv"], setup["inner_cv"], sorted(setup["printed"])
    (5, 2, ['DTree', 'KNN', 'RForest', 'SVM', 'Softmax'])
    """
    examples = {item["key"]: item for item in _load("nested_examples.json")["examples"]}
    if key not in examples:
        raise ValueError(f"key must be one of {tuple(examples)}, got {key!r}")
    return json.loads(json.dumps(examples[key]))  # a fresh copy: the cached fixture stays intact
