"""Input checks shared by every module.

Each helper raises ``ValueError`` or ``TypeError`` with a message that names
the argument and shows the offending value, so a learner sees at once which
input was wrong and why.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable

import numpy as np

__all__ = [
    "check_labels",
    "check_features",
    "check_comparable",
    "check_same_length",
    "check_option",
    "check_alpha",
    "check_count",
    "check_probability",
    "check_positive_int",
    "check_count_table",
    "as_generator",
]


def _show(value, limit: int = 60) -> str:
    """A short repr of ``value`` for error messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_labels(values, name: str) -> np.ndarray:
    """Return ``values`` as a non-empty 1-D array of class labels.

    Labels may be integers, booleans, strings or floats; a float NaN is
    rejected because ``NaN != NaN`` would silently count as a wrong
    prediction.
    """
    if values is None:
        raise TypeError(f"{name} must be a 1-D array of labels, got None")
    if isinstance(values, (str, bytes)) or np.isscalar(values):
        raise TypeError(f"{name} must be a 1-D array of labels, got the scalar {_show(values)}")
    arr = np.asarray(values)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty: at least one example is needed")
    kind = arr.dtype.kind
    if kind == "f" or kind == "c":
        # min() propagates NaN and is one fast pass over the data.
        if np.isnan(arr.min() if kind == "f" else np.abs(arr).min()):
            where = int(np.flatnonzero(np.isnan(arr))[0])
            raise ValueError(f"{name} contains NaN (first at index {where}); labels must be defined")
    elif kind == "O":
        for i, v in enumerate(arr):
            if v is None or (isinstance(v, float) and np.isnan(v)):
                raise ValueError(f"{name} contains a missing label {v!r} at index {i}")
    elif kind not in "biuUSM":
        raise TypeError(f"{name} has unsupported dtype {arr.dtype}")
    return arr


def check_features(X, n: int):
    """X as an array (a pandas frame is kept as it is) with one row per label; ``n`` labels."""
    if X is None:
        raise TypeError("X must be an array of features, got None")
    if not hasattr(X, "iloc"):
        X = np.asarray(X)
        if X.ndim == 0:
            raise TypeError(f"X must be an array of features, got the scalar {_show(X.item())}")
    if len(X) != n:
        raise ValueError(f"inputs must have the same length: X has {len(X)}, y has {n}")
    return X


def _label_family(arr: np.ndarray) -> str:
    kind = arr.dtype.kind
    if kind in "US":
        return "text"
    if kind in "biufc":
        return "number"
    return "other"


def check_comparable(reference: np.ndarray, ref_name: str, other: np.ndarray, other_name: str) -> None:
    """Refuse to compare text labels with numeric labels (they never match)."""
    fam_ref, fam_other = _label_family(reference), _label_family(other)
    if "other" not in (fam_ref, fam_other) and fam_ref != fam_other:
        raise TypeError(
            f"{other_name} holds {fam_other} labels ({other.dtype}) but {ref_name} holds "
            f"{fam_ref} labels ({reference.dtype}); no prediction could ever be correct"
        )


def check_same_length(**arrays) -> int:
    """All arrays must have the same length; return it."""
    lengths = {name: len(arr) for name, arr in arrays.items()}
    distinct = set(lengths.values())
    if len(distinct) > 1:
        listing = ", ".join(f"{name} has {n}" for name, n in lengths.items())
        raise ValueError(f"inputs must have the same length: {listing}")
    return distinct.pop()


def check_option(value, name: str, options: Iterable[str]) -> str:
    """``value`` must be one of the strings in ``options``."""
    options = tuple(options)
    if not isinstance(value, str):
        raise TypeError(f"{name} must be one of {options}, got {_show(value)}")
    if value not in options:
        raise ValueError(f"{name} must be one of {options}, got {value!r}")
    return value


def check_flag(value, name: str) -> bool:
    """``value`` must be a boolean (Python's or numpy's); returned as a Python bool."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, got {_show(value)}")
    return bool(value)


def check_probability(value, name: str, *, open_interval: bool = True) -> float:
    """A real number in (0, 1) (or [0, 1] when ``open_interval`` is False)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {_show(value)}")
    value = float(value)
    if open_interval:
        ok = 0.0 < value < 1.0
        interval = "(0, 1)"
    else:
        ok = 0.0 <= value <= 1.0
        interval = "[0, 1]"
    if not ok:  # also catches NaN
        raise ValueError(f"{name} must lie in {interval}, got {value!r}")
    return value


def check_alpha(alpha) -> float:
    """A significance level strictly between 0 and 1."""
    return check_probability(alpha, "alpha")


def check_count(value, name: str, *, minimum: int = 0) -> int:
    """A whole number >= ``minimum`` (integral floats such as 11.0 are accepted)."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an integer count, got {value!r}")
    if isinstance(value, numbers.Integral):
        out = int(value)
    elif isinstance(value, numbers.Real):
        if not np.isfinite(value) or float(value) != int(value):
            raise ValueError(f"{name} must be a whole number, got {value!r}")
        out = int(value)
    else:
        raise TypeError(f"{name} must be an integer count, got {_show(value)}")
    if out < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {out}")
    return out


def check_positive_int(value, name: str) -> int:
    """A whole number >= 1."""
    return check_count(value, name, minimum=1)


def check_count_table(table, name: str = "table", shape: tuple[int, int] = (2, 2)) -> np.ndarray:
    """A table of non-negative whole-number counts, returned as int64."""
    if table is None or isinstance(table, (str, bytes)):
        raise TypeError(f"{name} must be a {shape[0]}x{shape[1]} array of counts, got {_show(table)}")
    try:
        arr = np.asarray(table)
    except ValueError as err:  # ragged nested lists
        raise ValueError(f"{name} must be a {shape[0]}x{shape[1]} array of counts: {err}") from None
    if arr.dtype.kind == "b":
        raise TypeError(f"{name} must hold counts, got booleans")
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold numeric counts, got dtype {arr.dtype}")
    if arr.shape != shape:
        raise ValueError(f"{name} must have shape {shape}, got {arr.shape}")
    if arr.dtype.kind == "f":
        if not np.all(np.isfinite(arr)):
            raise ValueError(f"{name} must hold finite counts, got {arr.tolist()}")
        if np.any(arr != np.round(arr)):
            raise ValueError(f"{name} must hold whole-number counts, got {arr.tolist()}")
    if np.any(arr < 0):
        raise ValueError(f"{name} must hold non-negative counts, got {arr.tolist()}")
    return arr.astype(np.int64)


def as_generator(seed, name: str = "seed") -> np.random.Generator:
    """A ``numpy.random.Generator`` from an int seed, a Generator or None."""
    if isinstance(seed, np.random.Generator):
        return seed
    if seed is None:
        return np.random.default_rng()
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"{name} must be an int, a numpy.random.Generator or None, got {_show(seed)}")
    if seed < 0:
        raise ValueError(f"{name} must be non-negative, got {seed}")
    return np.random.default_rng(int(seed))
