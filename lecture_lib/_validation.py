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
    "check_real_array",
    "check_scores",
    "check_score_pair",
    "check_cv_scores",
    "check_names",
    "check_comparable",
    "check_same_length",
    "check_option",
    "check_flag",
    "check_alpha",
    "check_count",
    "check_probability",
    "check_real",
    "check_positive",
    "check_nonnegative",
    "check_positive_int",
    "check_counts",
    "check_count_table",
    "check_ax",
    "check_instance",
    "check_estimator",
    "check_holdout_row",
    "as_generator",
]

def check_score_pair(one, two, names: tuple[str, str] = ("x", "y"), *, min_size: int = 2,
                     what: str = "one score per data set") -> tuple[np.ndarray, np.ndarray]:
    """Two matched finite 1-D score arrays (:func:`check_scores` each) of the same length."""
    first = check_scores(one, names[0], min_size=min_size)
    second = check_scores(two, names[1], min_size=min_size)
    if first.size != second.size:
        raise ValueError(f"{names[0]} and {names[1]} must have the same length ({what}): {names[0]} has "
                         f"{first.size}, {names[1]} has {second.size}")
    return first, second


#: The largest count the library accepts: counts become numpy int64 values.
MAX_COUNT = np.iinfo(np.int64).max


def _show(value, limit: int = 60) -> str:
    """A short repr of ``value`` for error messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _as_array(values, name: str, what: str) -> np.ndarray:
    """``np.asarray(values)``, with a message naming ``name`` for ragged nested lists."""
    if hasattr(values, "to_numpy") and not isinstance(values, np.ndarray):  # pandas Series and frames
        values = values.to_numpy()
    try:
        return np.asarray(values)
    except (ValueError, TypeError):  # rows of different lengths ("inhomogeneous shape")
        raise ValueError(
            f"{name} must be {what}, got a ragged nested sequence (its rows differ in length): "
            f"{_show(values)}"
        ) from None


def _element_kind(v) -> str:
    """What one element of an object array is: "missing", "text", "number", "complex" or "other"."""
    if v is None or type(v).__name__ in ("NAType", "NaTType"):  # pandas' missing values
        return "missing"
    if isinstance(v, (str, np.str_)):
        return "text"
    if isinstance(v, (bool, np.bool_, numbers.Real)):
        return "missing" if v != v else "number"
    if isinstance(v, numbers.Complex):
        return "complex"
    return "other"


def _object_kinds(arr: np.ndarray) -> set:
    """The kinds of the elements of an object array (see :func:`_element_kind`)."""
    return {_element_kind(v) for v in arr.reshape(-1)}


def check_labels(values, name: str) -> np.ndarray:
    """Return ``values`` as a non-empty 1-D array of class labels.

    Labels may be integers, booleans, strings or real numbers (a pandas
    Series is taken by its values); a float NaN or None is rejected because
    ``NaN != NaN`` would silently count as a wrong prediction, and complex
    numbers, ragged nested lists and arrays that mix text with numbers are
    rejected too.
    """
    if values is None:
        raise TypeError(f"{name} must be a 1-D array of labels, got None")
    if isinstance(values, (str, bytes)) or np.isscalar(values):
        raise TypeError(f"{name} must be a 1-D array of labels, got the scalar {_show(values)}")
    arr = _as_array(values, name, "a 1-D array of labels")
    if arr.ndim != 1:
        raise ValueError(f"{name} must be 1-D, got an array of shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty: at least one example is needed")
    kind = arr.dtype.kind
    if kind == "c":
        raise TypeError(f"{name} holds complex numbers ({_show(arr.tolist())}); class labels must be "
                        "integers, booleans, strings or real numbers")
    if kind == "f":
        # min() propagates NaN and is one fast pass over the data.
        if np.isnan(arr.min()):
            where = int(np.flatnonzero(np.isnan(arr))[0])
            raise ValueError(f"{name} contains NaN (first at index {where}); labels must be defined")
    elif kind == "O":
        for i, v in enumerate(arr):
            if _element_kind(v) == "missing":
                raise ValueError(f"{name} contains a missing label {v!r} at index {i}")
        kinds = _object_kinds(arr)
        if "complex" in kinds:
            raise TypeError(f"{name} holds complex numbers; class labels must be integers, booleans, "
                            "strings or real numbers")
        if "other" in kinds:
            odd = next(v for v in arr if _element_kind(v) == "other")
            raise TypeError(f"{name} must hold labels (numbers or strings), got {_show(odd)} "
                            f"of type {type(odd).__name__}")
        if kinds == {"text", "number"}:
            raise TypeError(f"{name} mixes text and numbers ({_show(arr.tolist())}); "
                            f"use one type for all labels")
    elif kind not in "biuUSM":
        raise TypeError(f"{name} has unsupported dtype {arr.dtype}")
    return arr


def check_real_array(values, name: str, *, ndim=None, min_size: int = 1, finite: bool = True,
                     allow_bool: bool = False, what: str = "an array of numbers") -> np.ndarray:
    """Return ``values`` as a float64 array of real numbers.

    Parameters
    ----------
    values : array_like
        Numbers (a pandas object is taken by its values).
    name : str
        The argument's name, for the messages.
    ndim : int or tuple of int, optional
        The allowed numbers of dimensions (default: any).
    min_size : int, optional
        The fewest numbers accepted (default 1: not empty).
    finite : bool, optional
        Refuse NaN and infinity (default True).
    allow_bool : bool, optional
        Accept booleans as 0 and 1 (default False: a boolean where a number
        is expected is usually a mistake).
    what : str, optional
        What ``values`` should be, for the messages ("a 1-D array of
        p-values").

    Raises
    ------
    TypeError
        For None, text, complex numbers or other non-numbers.
    ValueError
        For ragged nested lists, a wrong number of dimensions, too few
        numbers, NaN or infinity.
    """
    if values is None or isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be {what}, got {_show(values)}")
    arr = _as_array(values, name, what)
    kind = arr.dtype.kind
    if kind == "c":
        raise TypeError(f"{name} holds complex numbers ({_show(arr.tolist())}); give real numbers "
                        f"(the imaginary part would be lost)")
    if kind == "O":
        for i, v in enumerate(arr.reshape(-1)):
            if v is None:
                raise ValueError(f"{name} contains None (first at flat index {i}); give a number for every "
                                 "entry")
            is_bool = isinstance(v, (bool, np.bool_))
            if (is_bool and not allow_bool) or not isinstance(v, (numbers.Real, np.bool_)):
                raise TypeError(f"{name} must hold real numbers, got {_show(v)} of type {type(v).__name__} "
                                f"at flat index {i}")
    elif kind == "b" and not allow_bool:
        raise TypeError(f"{name} must hold numbers, got dtype bool ({_show(arr.tolist())}); "
                        f"convert it with .astype(float) if you mean 0 and 1")
    elif kind not in "biuf":
        raise TypeError(f"{name} must hold numbers, got dtype {arr.dtype} ({_show(arr.tolist())})")
    # no copy of float64 input: callers never write into it (the fuzz test checks inputs)
    arr = arr.astype(np.float64, copy=False)
    if ndim is not None:
        allowed = (ndim,) if isinstance(ndim, int) else tuple(ndim)
        if arr.ndim == 0 and 0 not in allowed:
            raise TypeError(f"{name} must be {what}, got the scalar {_show(arr.item())}")
        if arr.ndim not in allowed:
            wanted = " or ".join(f"{d}-D" for d in allowed)
            raise ValueError(f"{name} must be {wanted}, got an array of shape {arr.shape}")
    if arr.size < min_size:
        if arr.size == 0:
            needed = f": at least {min_size} numbers are needed" if min_size > 1 else ""
            raise ValueError(f"{name} is empty{needed}")
        raise ValueError(f"{name} needs at least {min_size} numbers, got {arr.size}")
    if finite and arr.size and not np.isfinite(arr).all():
        flat = int(np.flatnonzero(~np.isfinite(arr.reshape(-1)))[0])
        where = flat if arr.ndim == 1 else tuple(int(i) for i in np.unravel_index(flat, arr.shape))
        value = float(arr.reshape(-1)[flat])
        first = "NaN" if np.isnan(value) else repr(value)
        raise ValueError(f"{name} contains {first} (first at index {where}): {name} must be finite, "
                         f"got {_show(arr.tolist())}")
    return arr


def check_scores(values, name: str, *, min_size: int = 2) -> np.ndarray:
    """A finite 1-D float array of at least ``min_size`` scores (one per fold, data set, ...)."""
    return check_real_array(values, name, ndim=1, min_size=min_size, what="a 1-D array of scores")


def check_cv_scores(values, name: str):
    """Scores of r x k cross-validation: 1-D, or 2-D (r, k) flattened; returns (array, shape)."""
    what = "an array of scores (1-D, or 2-D r x k)"
    arr = check_real_array(values, name, ndim=(1, 2), min_size=2, what=what)
    return arr.reshape(-1), arr.shape


def check_names(names, count: int, name: str = "names", *, default=None, what: str = "entry") -> tuple:
    """``count`` names as a tuple of str; None gives ``default`` (which must then be given).

    A single string is refused (it would be split into characters), and so
    is anything that is not a sequence of exactly ``count`` items.
    """
    if names is None and default is not None:
        return tuple(default)
    if isinstance(names, (str, bytes)):  # a sequence, but of characters
        raise ValueError(f"{name} must be a sequence of {count} names (one per {what}), got the single "
                         f"string {_show(names)}")
    if names is None or not hasattr(names, "__len__"):
        raise TypeError(f"{name} must be a sequence of {count} names (one per {what}), got {_show(names)}")
    items = list(names.tolist() if isinstance(names, np.ndarray) else names)
    if len(items) != count:
        raise ValueError(f"{name} must have one entry per {what} ({count}), got {len(items)}: {_show(items)}")
    return tuple(str(item) for item in items)


def check_features(X, n: int, name: str = "X"):
    """X as an array (a pandas frame is kept as it is) with one row per label; ``n`` labels.

    The values themselves are the estimator's business (some accept missing
    values or text), but None, a scalar, a ragged nested list and complex
    numbers are refused here.
    """
    if X is None or isinstance(X, (str, bytes)):
        raise TypeError(f"{name} must be an array of features, got {_show(X)}")
    if not hasattr(X, "iloc"):
        X = _as_array(X, name, "an array of features")
        if X.ndim == 0:
            raise TypeError(f"{name} must be an array of features, got the scalar {_show(X.item())}")
        if X.dtype.kind == "c":
            raise TypeError(f"{name} holds complex numbers; features must be real numbers (or what the "
                            f"estimator accepts)")
    if len(X) != n:
        raise ValueError(f"inputs must have the same length: {name} has {len(X)}, y has {n}")
    return X


def _label_family(arr: np.ndarray) -> str:
    kind = arr.dtype.kind
    if kind in "US":
        return "text"
    if kind in "biufc":
        return "number"
    if kind == "O":
        kinds = _object_kinds(arr) - {"missing"}
        if len(kinds) == 1:
            return next(iter(kinds))
    return "other"


def check_comparable(reference: np.ndarray, ref_name: str, other: np.ndarray, other_name: str) -> None:
    """Refuse to compare text labels with numeric labels (they never match).

    Numpy's text arrays and object arrays of strings (a pandas Series of
    strings) both count as text.
    """
    fam_ref, fam_other = _label_family(reference), _label_family(other)
    if {fam_ref, fam_other} == {"text", "number"}:
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
    return str(value)  # a numpy str becomes a plain one


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


def check_real(value, name: str) -> float:
    """A finite real number (not a bool), returned as a Python float."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number, got {_show(value)}")
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"{name} must be finite, got {value!r}")
    return value


def check_positive(value, name: str) -> float:
    """A finite real number > 0."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a positive number, got {_show(value)}")
    value = float(value)
    if not (np.isfinite(value) and value > 0.0):
        raise ValueError(f"{name} must be a finite number > 0, got {value!r}")
    return value


def check_nonnegative(value, name: str) -> float:
    """A finite real number >= 0."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a non-negative number, got {_show(value)}")
    value = float(value)
    if not (np.isfinite(value) and value >= 0.0):
        raise ValueError(f"{name} must be a finite number >= 0, got {value!r}")
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
    if out > MAX_COUNT:
        raise ValueError(f"{name} must be at most {MAX_COUNT}, got {_show(value)}")
    return out


def check_counts(values, name: str, minimum: int = 0, *, min_size: int = 1) -> np.ndarray:
    """A whole number >= ``minimum``, or an array of them of any shape, returned as int64.

    Integral floats (11.0) are accepted; booleans, text, None, NaN, infinity,
    fractions and counts beyond int64 are refused with the value shown.
    """
    if values is None or isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be a whole number or an array of them, got {_show(values)}")
    if isinstance(values, (bool, np.bool_)):
        raise TypeError(f"{name} must be a whole number, got {values!r}")
    arr = _as_array(values, name, "a whole number or an array of them")
    if arr.dtype.kind == "b":
        raise TypeError(f"{name} must hold whole numbers, got booleans")
    if arr.dtype.kind == "c":
        raise TypeError(f"{name} must hold whole numbers, got complex numbers {_show(arr.tolist())}")
    if arr.dtype.kind not in "iuf":
        raise TypeError(f"{name} must hold whole numbers, got {_show(values)}")
    if arr.size < min_size:
        raise ValueError(f"{name} is empty: at least one count is needed")
    if arr.dtype.kind == "f":
        if not np.all(np.isfinite(arr)):
            raise ValueError(f"{name} must hold finite whole numbers, got {_show(values)}")
        if np.any(arr != np.round(arr)):
            raise ValueError(f"{name} must hold whole numbers, got {_show(values)}")
    if np.any(arr < minimum):
        raise ValueError(f"{name} must be >= {minimum}, got {_show(values)}")
    if np.any(arr > MAX_COUNT):  # beyond int64: the cast would overflow
        raise ValueError(f"{name} holds a count too large (at most {MAX_COUNT}), got {_show(values)}")
    return arr.astype(np.int64, copy=False)


def check_positive_int(value, name: str) -> int:
    """A whole number >= 1."""
    return check_count(value, name, minimum=1)


def check_count_table(table, name: str = "table", shape: tuple[int, int] = (2, 2)) -> np.ndarray:
    """A table of non-negative whole-number counts, returned as int64."""
    if table is None or isinstance(table, (str, bytes)):
        raise TypeError(f"{name} must be a {shape[0]}x{shape[1]} array of counts, got {_show(table)}")
    arr = _as_array(table, name, f"a {shape[0]}x{shape[1]} array of counts")
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
    if arr.dtype.kind != "i" and np.any(arr > MAX_COUNT):  # floats and uint64 beyond int64
        raise ValueError(f"{name} holds a count too large for int64 (at most {MAX_COUNT}), got "
                         f"{arr.tolist()}")
    return arr.astype(np.int64)


def check_ax(ax, name: str = "ax"):
    """None (draw on a new figure) or one matplotlib Axes; returned unchanged."""
    if ax is None:
        return None
    from matplotlib.axes import Axes

    if isinstance(ax, Axes):
        return ax
    if isinstance(ax, np.ndarray):
        hint = "; pick one of the array's Axes, e.g. axes[0]"
    elif type(ax).__name__ in ("Figure", "SubFigure"):
        hint = "; give one of its Axes, e.g. fig.add_subplot() or fig.axes[0]"
    else:
        hint = ""
    raise TypeError(f"{name} must be a matplotlib Axes or None, got {type(ax).__name__} {_show(ax)}{hint}")


def check_instance(value, cls: type, name: str, *, made_by: str = "", allow_none: bool = False):
    """``value`` must be an instance of ``cls`` (a result type), or None if ``allow_none``; returned as is."""
    if value is None and allow_none:
        return None
    if not isinstance(value, cls):
        where = f" (as {made_by} returns it)" if made_by else ""
        raise TypeError(f"{name} must be a {cls.__name__}{where}, got {type(value).__name__} {_show(value)}")
    return value


def check_estimator(estimator, name: str = "estimator"):
    """A scikit-learn style estimator instance: ``fit``, ``predict``, copyable by ``sklearn.base.clone``."""
    if isinstance(estimator, type):
        raise TypeError(f"{name} must be an estimator instance, got the class {estimator.__name__}; "
                        f"write {estimator.__name__}()")
    for method in ("get_params", "fit", "predict"):
        if not callable(getattr(estimator, method, None)):
            raise TypeError(
                f"{name} must be a scikit-learn style estimator (with get_params, fit and predict), "
                f"got {type(estimator).__name__} {_show(estimator)}, which has no {method}()"
            )
    return estimator


def check_holdout_row(table, test_sizes, test_size) -> tuple[int, np.ndarray]:
    """The row of a holdout table (chapter 1) for one test size: (row index, accuracies of its splits).

    ``table`` has one row per entry of ``test_sizes`` (as
    :func:`lecture_lib.holdout_accuracy_table` returns it) and
    ``test_size`` must be one of ``test_sizes``.
    """
    table = check_real_array(table, "table", ndim=2, what="a 2-D array (test sizes x splits)")
    sizes = check_real_array(test_sizes, "test_sizes", ndim=1, what="a 1-D array of test fractions")
    if table.shape[0] != sizes.size:
        raise ValueError(f"table must have one row per test size ({sizes.size}), got shape {table.shape}")
    test_size = check_probability(test_size, "test_size")
    # a float32 fraction (0.2 is 0.20000000298 in float32) still finds its row
    hits = np.flatnonzero(np.isclose(sizes, test_size, rtol=1e-6, atol=1e-9))
    if hits.size == 0:
        raise ValueError(f"test_size must be one of {sizes.tolist()}, got {test_size!r}")
    return int(hits[0]), table[hits[0]]


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
