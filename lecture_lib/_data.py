"""The one reader of the fixture files in ``lecture_lib/data/`` (internal).

Every worked example of the course (the source documents' numbers, with
their provenance and errata) lives in a JSON file of ``lecture_lib/data/``
that ships inside the wheel. The public loaders (``mcnemar_examples``,
``interval_examples``, ``bayesian_examples``, ``auc_example``, ...) read
those files through :func:`load` only, so there is one place that knows
where the files are and how they are read (``tests/test_layout.py`` keeps it
so; ``tests/test_channels.py`` calls every loader from an installed wheel).
"""

from __future__ import annotations

import copy
import json
from functools import cache
from importlib import resources

__all__ = ["fixture_files", "load", "pick"]


@cache
def _parsed(name: str) -> dict:
    text = resources.files("lecture_lib").joinpath("data", name).read_text(encoding="utf-8")
    return json.loads(text)


def load(name: str) -> dict:
    """The parsed file ``lecture_lib/data/<name>``, as a fresh deep copy.

    The file is read and parsed once; a caller who edits what a loader
    returns changes no later call.
    """
    return copy.deepcopy(_parsed(name))


def fixture_files() -> list[str]:
    """The names of the JSON files in ``lecture_lib/data/``, sorted."""
    folder = resources.files("lecture_lib").joinpath("data")
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))


def pick(examples: dict, key: str):
    """``examples[key]``, or a ValueError that lists the keys there are."""
    if not isinstance(key, str) or key not in examples:
        raise ValueError(f"key must be one of {tuple(examples)}, got {key!r}")
    return examples[key]
