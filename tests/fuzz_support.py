"""The machinery of tests/test_fuzz.py: argument roles, their mutations, and the contract checks.

Every public function is called once as its catalogue entry says (a valid call), and then once
per mutation of one argument. What a mutation is depends on the argument's *role* (labels, real
scores, a probability, a count, an Axes, ...). A mutation is either

* ``bad``: a value the function must refuse with ValueError or TypeError, whose message names the
  argument (and, for a scalar, shows the value); or
* ``alt``: a legitimate alternative type (a list, a tuple, float32, a pandas Series, a numpy
  scalar, ...), whose result must equal the result for ``baseline``, the plain float64 (or int64)
  value it stands for.

Whatever happens, a call must not emit a warning (other than the documented
``UndefinedMetricWarning``), must not change its inputs, and every p-value it returns must lie in
[0, 1]. This module holds no test; it is imported by tests/test_fuzz.py.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import numbers
import signal
import threading
import types
import warnings
from collections.abc import Callable, Iterator

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.axes import Axes  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

try:  # pandas is optional: its cases are added when it is installed
    import pandas as pd
except ImportError:  # pragma: no cover - pandas is installed in the project's environment
    pd = None

NOTHING = inspect.Parameter.empty


@dataclasses.dataclass(frozen=True)
class Mutation:
    """One changed argument: a label for the test id, the value, and what must happen."""

    label: str
    value: object
    kind: str  # "bad" or "alt"
    baseline: object = NOTHING  # for "alt": the plain value whose result it must equal
    shown: tuple = ()  # for "bad": the message must contain one of these (case-insensitive); () = no demand


def bad(label, value, *shown):
    return Mutation(label, value, "bad", shown=tuple(shown))


def alt(label, value, baseline):
    return Mutation(label, value, "alt", baseline=baseline)


# --------------------------------------------------------------------------- values that break things


class _NotAnEstimator:
    """A class (not an instance) where an estimator instance is expected."""


def _figure():
    return plt.figure()


def _axes_array():
    return plt.subplots(1, 2)[1]


def _ragged_1d(arr: np.ndarray):
    values = arr.tolist()
    return [values[:2], values[2:3] or values[:1]]


def _ragged_2d(arr: np.ndarray):
    rows = arr.tolist()
    rows[-1] = rows[-1][:-1]
    return rows


def _with_first(arr: np.ndarray, value, dtype=float):
    out = np.array(arr, dtype=dtype, copy=True)
    out.flat[0] = value
    return out


def _none_inside(arr: np.ndarray):
    values = arr.tolist()
    values[0] = None
    return values


def _shorter(arr: np.ndarray):
    return arr[:-1].copy()


def _is_integral(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "iu" or (arr.dtype.kind == "f" and bool(np.all(arr == np.round(arr))))


def _scalar_shown(value):
    """What a message that shows the scalar ``value`` contains."""
    if value is None:
        return ("None",)
    if isinstance(value, float) and math.isnan(value):
        return ("nan",)
    if isinstance(value, complex):
        return ("complex", repr(value))
    if isinstance(value, float) and abs(value) >= 1e300:
        return ("1e+300", "too large", "at most")
    return (repr(value), str(value))


# --------------------------------------------------------------------------- roles


def labels_mutations(value, ctx):
    arr = np.asarray(value)
    yield bad("None", None, "None")
    yield bad("text scalar", "abc", "abc")
    yield bad("number scalar", 5, "5")
    yield bad("empty", np.array([]), "empty", "0")
    yield bad("2-D", arr[np.newaxis, :], "1-D", "shape", "dimension")
    yield bad("ragged", _ragged_1d(arr))
    numeric = arr.astype(complex) if arr.dtype.kind in "biuf" else np.arange(arr.size).astype(complex)
    yield bad("complex", numeric + 1j, "complex", "j)")
    with_nan = _with_first(arr, np.nan) if arr.dtype.kind in "biuf" else _none_inside(arr)
    yield bad("NaN", with_nan, "nan", "none", "missing")
    yield bad("None inside", _none_inside(arr), "None", "missing")
    if ctx.get("arrays", 1) > 1:
        yield bad("shorter", _shorter(arr), "length", "has")
    if arr.dtype.kind in "iu" and ctx.get("label_arrays", 1) > 1:  # compared with numeric labels
        yield bad("text among numbers", np.array([str(v) for v in arr.tolist()]), "text", "str")
    if arr.dtype.kind in "iu":
        yield alt("list", arr.tolist(), arr)
        yield alt("tuple", tuple(arr.tolist()), arr)
        yield alt("int32", arr.astype(np.int32), arr)
        yield alt("float labels", arr.astype(float), arr)
    elif arr.dtype.kind in "US":
        yield alt("list", arr.tolist(), arr)
        yield alt("object array", arr.astype(object), arr)
    if pd is not None and arr.dtype.kind in "iuUS":
        yield alt("pandas Series", pd.Series(arr.tolist()), arr)


def reals_mutations(value, ctx):
    """Real numbers: scores, losses, differences, score tables (1-D or 2-D)."""
    arr = np.asarray(value, dtype=float)
    yield bad("None", None, "None")
    yield bad("text", "abc", "abc")
    if arr.ndim == 0:  # a single real number (where an array is also accepted)
        yield bad("complex", complex(value, 1.0), "complex", "j)")
        yield bad("NaN", math.nan, "nan")
        yield bad("inf", math.inf, "inf")
        yield bad("bool", True, "True", "bool")
        yield alt("numpy float64", np.float64(value), float(value))
        yield alt("numpy float32", np.float32(value), float(np.float32(value)))
        return
    yield bad("empty", np.array([]), "empty", "0", "at least")
    if not ctx.get("any_shape"):
        yield bad("too many dimensions", arr[np.newaxis, np.newaxis, ...], "shape", "-D", "dimension")
    yield bad("ragged", _ragged_1d(arr) if arr.ndim == 1 else _ragged_2d(arr))
    yield bad("complex", arr.astype(complex) + 1j, "complex", "j)")
    yield bad("NaN", _with_first(arr, np.nan), "nan")
    yield bad("inf", _with_first(arr, np.inf), "inf")
    yield bad("text array", np.full(arr.shape, "a"), "str", "<U", "number", "dtype")
    yield bad("None inside", _none_inside(arr) if arr.ndim == 1 else [_none_inside(np.asarray(r)) for r in arr],
              "None", "number", "object")
    if ctx.get("arrays", 1) > 1 and arr.ndim >= 1 and arr.shape[0] > 1:
        yield bad("shorter", _shorter(arr), "length", "shape", "has", "same")
    yield alt("list", arr.tolist(), arr)
    if arr.ndim == 1:
        yield alt("tuple", tuple(arr.tolist()), arr)
    as32 = arr.astype(np.float32)
    yield alt("float32", as32, as32.astype(np.float64))
    if _is_integral(arr):
        yield alt("int64", arr.astype(np.int64), arr)
    if pd is not None and arr.ndim == 1:
        yield alt("pandas Series", pd.Series(arr), arr)
    if pd is not None and arr.ndim == 2:
        yield alt("pandas DataFrame", pd.DataFrame(arr), arr)


def pvalues_mutations(value, ctx):
    yield from reals_mutations(value, ctx)
    arr = np.asarray(value, dtype=float)
    yield bad("negative p-value", _with_first(arr, -0.1), "-0.1")
    yield bad("p-value above 1", _with_first(arr, 1.5), "1.5")


def counts_mutations(value, ctx):
    """Whole-number counts: a scalar or an array (vectorised functions)."""
    arr = np.asarray(value)
    scalar = arr.ndim == 0
    yield bad("None", None, "None")
    yield bad("text", "5", "'5'", "str")
    yield bad("negative", -1 if scalar else _with_first(arr, -1, np.int64), "-1", "negative", ">= 0", "non-negative")
    yield bad("fractional", 2.5 if scalar else _with_first(arr, 2.5), "2.5", "whole")
    yield bad("NaN", math.nan if scalar else _with_first(arr, np.nan), "nan")
    yield bad("inf", math.inf if scalar else _with_first(arr, np.inf), "inf")
    yield bad("complex", complex(int(arr.flat[0]), 1) if scalar else arr.astype(complex) + 1j, "complex", "j)")
    yield bad("bool", True if scalar else arr.astype(bool), "True", "bool")
    yield bad("1e300", 1e300 if scalar else _with_first(arr, 1e300), "1e+300", "too large", "at most")
    if not scalar:
        yield bad("ragged", _ragged_1d(arr.reshape(-1)))
        yield alt("list", arr.tolist(), arr)
        yield alt("int32", arr.astype(np.int32), arr)
        yield alt("integral floats", arr.astype(float), arr)
    else:
        yield alt("numpy int64", np.int64(int(arr)), int(arr))
        yield alt("integral float", float(arr), int(arr))


def table_mutations(value, ctx):
    """A 2x2 table of counts."""
    arr = np.asarray(value)
    yield bad("None", None, "None")
    yield bad("text", "abcd", "abcd")
    yield bad("empty", [], "shape", "empty")
    yield bad("ragged", [[1, 2], [3]])
    yield bad("wrong shape", [[1, 2, 3], [4, 5, 6]], "shape")
    yield bad("negative", _with_first(arr, -1, np.int64), "negative", "-1")
    yield bad("fractional", _with_first(arr, 2.5), "whole", "2.5")
    yield bad("NaN", _with_first(arr, np.nan), "nan", "finite")
    yield bad("inf", _with_first(arr, np.inf), "inf", "finite")
    yield bad("complex", arr.astype(complex) + 1j, "complex", "j)")
    yield bad("bool", arr.astype(bool), "bool")
    yield bad("1e300", _with_first(arr, 1e300), "1e+300", "too large", "at most")
    yield alt("list", arr.tolist(), arr)
    yield alt("integral floats", arr.astype(float), arr)
    yield alt("int32", arr.astype(np.int32), arr)
    if pd is not None:
        yield alt("pandas DataFrame", pd.DataFrame(arr), arr)


def features_mutations(value, ctx):
    """X: a 2-D array of features, one row per label."""
    arr = np.asarray(value, dtype=float)
    yield bad("None", None, "None")
    yield bad("text", "abc", "abc")
    yield bad("scalar", 3.0, "3.0", "scalar")
    yield bad("ragged", _ragged_2d(arr))
    yield bad("complex", arr.astype(complex) + 1j, "complex", "j)")
    yield bad("NaN", _with_first(arr, np.nan), "nan")
    yield bad("inf", _with_first(arr, np.inf), "inf")
    if ctx.get("arrays", 1) > 1:
        yield bad("fewer rows", arr[:-1].copy(), "length", "rows", "has")
    yield alt("list of lists", arr.tolist(), arr)
    as32 = arr.astype(np.float32)
    yield alt("float32", as32, as32.astype(np.float64))
    if pd is not None and not ctx.get("numpy_only"):
        yield alt("pandas DataFrame", pd.DataFrame(arr), arr)


def probability_mutations(value, ctx):
    closed = ctx.get("closed", False)
    given = value is not None
    value = value if given else 0.5
    if ctx.get("default") is not None:
        yield bad("None", None, "None")
    yield bad("text", "0.05", "'0.05'")
    yield bad("complex", complex(value, 0.0), "complex", "j)")
    yield bad("NaN", math.nan, "nan")
    yield bad("inf", math.inf, "inf")
    yield bad("negative", -0.5, "-0.5")
    yield bad("above 1", 1.5, "1.5")
    if not closed:
        yield bad("zero", 0.0, "0.0", "(0, 1)")
        yield bad("one", 1.0, "1.0", "(0, 1)")
    yield bad("bool", True, "True", "bool")
    yield bad("list", [value], "[", "list")
    if given:
        yield alt("numpy float64", np.float64(value), float(value))
        yield alt("numpy float32", np.float32(value), float(np.float32(value)))


def positive_mutations(value, ctx):
    """A positive real number (a ratio, a critical difference)."""
    given = value is not None
    value = value if given else 0.5
    if ctx.get("default") is not None:
        yield bad("None", None, "None")
    yield bad("text", "0.5", "'0.5'")
    yield bad("complex", complex(value, 0.0), "complex", "j)")
    yield bad("NaN", math.nan, "nan")
    yield bad("inf", math.inf, "inf")
    yield bad("negative", -0.5, "-0.5")
    yield bad("zero", 0.0, "0", "positive", "> 0")
    yield bad("bool", True, "True", "bool")
    if given:
        yield alt("numpy float64", np.float64(value), float(value))


def nonnegative_mutations(value, ctx):
    """A real number >= 0 (a ROPE half-width: 0 is a point null)."""
    given = value is not None
    value = value if given else 0.5
    if ctx.get("default") is not None:
        yield bad("None", None, "None")
    yield bad("text", "0.5", "'0.5'")
    yield bad("complex", complex(value, 0.0), "complex", "j)")
    yield bad("NaN", math.nan, "nan")
    yield bad("inf", math.inf, "inf")
    yield bad("negative", -0.5, "-0.5")
    yield bad("bool", True, "True", "bool")
    if given:
        yield alt("numpy float64", np.float64(value), float(value))


def count_mutations(value, ctx):
    given = value is not None
    value = value if given else 2
    if ctx.get("default") is not None:
        yield bad("None", None, "None")
    yield bad("text", "5", "'5'")
    yield bad("fractional", 2.5, "2.5")
    yield bad("negative", -1, "-1")
    yield bad("NaN", math.nan, "nan")
    yield bad("inf", math.inf, "inf")
    yield bad("bool", True, "True")
    yield bad("1e300", 1e300, "1e+300", "too large", "at most")
    yield bad("complex", complex(value, 0), "complex", "j)", repr(complex(value, 0)))
    yield bad("list", [value], "[", "list")
    if given:
        yield alt("numpy int64", np.int64(value), int(value))
        yield alt("numpy int32", np.int32(value), int(value))
        yield alt("integral float", float(value), int(value))


def index_mutations(value, ctx):
    """A position (a column, a split, a marked k): an int in a range."""
    if ctx.get("default", NOTHING) is NOTHING:
        yield bad("None", None, "None")
    yield bad("text", "x0", "'x0'")
    yield bad("fractional", 0.5, "0.5")
    yield bad("bool", True, "True", "bool")
    yield bad("out of range", 10**6, "1000000")
    yield bad("NaN", math.nan, "nan")
    if value is not None and value is not NOTHING and not isinstance(value, str):
        yield alt("numpy int64", np.int64(value), value)


def option_mutations(value, ctx):
    if ctx.get("default") is not None:
        yield bad("None", None, "None")
    yield bad("unknown option", "no-such-option", "'no-such-option'")
    yield bad("number", 3, "3")
    yield bad("list", [value], "[", "list")
    if isinstance(value, str):
        yield bad("upper case", value.upper(), repr(value.upper()))
        yield alt("numpy str", np.str_(value), value)


def options_mutations(value, ctx):
    """A sequence of options."""
    yield bad("unknown option", ("no-such-option",), "'no-such-option'")
    yield bad("number", 3, "3")
    yield bad("empty", (), "empty", "at least")
    yield bad("None inside", (None,), "None")
    if value is not None:
        yield alt("list", list(value), value)


def flag_mutations(value, ctx):
    if ctx.get("default") is not None:
        yield bad("None", None, "None")
    yield bad("text", "yes", "'yes'")
    yield bad("number", 2, "2")
    if value is not None:  # None is an "automatic" default, not a flag
        yield alt("numpy bool", np.bool_(value), value)


def seed_mutations(value, ctx):
    yield bad("text", "one", "'one'")
    yield bad("negative", -3, "-3")
    yield bad("fractional", 2.5, "2.5")
    yield bad("bool", True, "True")
    yield bad("1e300", 1e300, "1e+300")
    if isinstance(value, int) and not isinstance(value, bool):
        yield alt("numpy int64", np.int64(value), value)


def cv_mutations(value, ctx):
    """A cross-validation design: a number of folds, or (n_repeats, n_folds)."""
    yield bad("text", "10x10", "'10x10'")
    yield bad("bool", True, "True")
    yield bad("one fold", 1 if not isinstance(value, tuple) else (1, 1), "1")
    yield bad("fractional", 2.5 if not isinstance(value, tuple) else (1, 2.5), "2.5")
    yield bad("NaN", math.nan, "nan")
    if isinstance(value, tuple):
        yield bad("triple", (1, 2, 3), "(1, 2, 3)")
        yield alt("list", list(value), value)
        yield alt("numpy ints", tuple(np.int64(v) for v in value), value)
    else:
        yield alt("numpy int64", np.int64(value), value)


def name_mutations(value, ctx):
    """A name (of a data set): a non-empty string."""
    yield bad("None", None, "None")
    yield bad("number", 3, "3")
    yield bad("empty", "", "''", "empty")
    yield alt("numpy str", np.str_(value), value)


def path_mutations(value, ctx):
    """A file path (a store)."""
    if ctx.get("default", NOTHING) is not None:
        yield bad("None", None, "None")
    yield bad("number", 3, "3")
    yield bad("missing file", "/no/such/dir/store.sqlite", "/no/such/dir/store.sqlite")
    yield bad("a directory", "/", "'/'")


def ax_mutations(value, ctx):
    yield bad("Figure", _figure, "Figure")
    yield bad("array of Axes", _axes_array, "ndarray", "array", "Axes")
    yield bad("text", "ax", "'ax'")
    yield bad("number", 3, "3")


def estimator_mutations(value, ctx):
    if ctx.get("default", NOTHING) is not None:
        yield bad("None", None, "None")
    yield bad("dict", {"n_neighbors": 3}, "dict", "{")
    yield bad("class", _NotAnEstimator, "class", "type", "_NotAnEstimator")
    yield bad("text", "knn", "'knn'")


def label_mutations(value, ctx):
    """One class label (the positive class)."""
    yield bad("None", None, "None")
    yield bad("absent label", 99, "99")
    yield bad("list", [value], "[", "list")
    yield bad("NaN", math.nan, "nan")
    yield bad("complex", complex(value, 1), "complex", "j)")
    yield alt("numpy int64", np.int64(value), value)


def key_mutations(value, ctx):
    yield bad("None", None, "None")
    yield bad("unknown key", "no-such-key", "'no-such-key'")
    yield bad("number", 3, "3")


def names_mutations(value, ctx):
    if ctx.get("default", NOTHING) is not None:
        yield bad("None", None, "None")
    yield bad("text", "abc", "'abc'")
    yield bad("number", 3, "3")
    yield bad("one too few", list(value)[:-1], "length", "entries", "has", "one per", "names")
    yield alt("tuple", tuple(value), list(value))
    yield alt("numpy array", np.array(list(value)), list(value))


def splits_mutations(value, ctx):
    yield bad("None", None, "None")
    yield bad("number", 5, "5")
    yield bad("text", "abc", "'abc'")
    yield bad("no pairs", [], "no")
    yield bad("triple", [(np.arange(2), np.arange(2, 4), np.arange(1))], "pair")
    yield bad("float indices", [(np.array([0.0, 1.0]), np.array([2.0, 3.0]))], "integer")
    yield bad("index out of range", [(np.array([0, 1]), np.array([10**6]))], "outside", "range")


def result_mutations(value, ctx):
    if ctx.get("default", NOTHING) is not None:
        yield bad("None", None, "None")
    yield bad("dict", {}, "dict")
    yield bad("text", "result", "str", "'result'")
    yield bad("wrong result type", _WRONG_RESULT, "Interval")


_WRONG_RESULT = None  # set by test_fuzz.py: a result object of a type no function takes


def callable_mutations(value, ctx):
    yield bad("None", None, "None")
    yield bad("number", 3, "int", "3")
    yield bad("text", "draw", "str", "'draw'")


def size_mutations(value, ctx):
    """A (width, height) pair of positive numbers."""
    yield bad("None", None, "None")
    yield bad("text", "ab", "'ab'")
    yield bad("one number", (3.0,), "[3.0]", "two")
    yield bad("negative", (-1.0, 2.0), "-1.0")
    yield bad("NaN", (math.nan, 2.0), "nan")
    yield bad("complex", (3 + 1j, 2.0), "complex", "j)")
    yield alt("list", list(value), tuple(value))
    yield alt("numpy array", np.asarray(value, dtype=float), tuple(value))


def bytes_mutations(value, ctx):
    yield bad("None", None, "None")
    yield bad("text", "png", "str")
    yield alt("bytearray", bytearray(value), bytes(value))


def text_mutations(value, ctx):
    """Free text (a title, a label, alt text): a non-text value is refused or shown as text."""
    yield bad("number", 3, "3", "str")
    yield bad("list", ["a"], "list", "str", "[")


ROLES: dict[str, Callable] = {
    "labels": labels_mutations,
    "reals": reals_mutations,
    "pvalues": pvalues_mutations,
    "counts": counts_mutations,
    "table": table_mutations,
    "features": features_mutations,
    "probability": probability_mutations,
    "positive": positive_mutations,
    "nonnegative": nonnegative_mutations,
    "count": count_mutations,
    "index": index_mutations,
    "option": option_mutations,
    "options": options_mutations,
    "flag": flag_mutations,
    "seed": seed_mutations,
    "cv": cv_mutations,
    "name": name_mutations,
    "path": path_mutations,
    "ax": ax_mutations,
    "estimator": estimator_mutations,
    "key": key_mutations,
    "label": label_mutations,
    "names": names_mutations,
    "splits": splits_mutations,
    "result": result_mutations,
    "callable": callable_mutations,
    "bytes": bytes_mutations,
    "size": size_mutations,
    "text": text_mutations,
    # arguments left alone, each with the reason in the catalogue
    "skip": lambda value, ctx: iter(()),
}


# --------------------------------------------------------------------------- calling


def materialise(value):
    """Values that must be made fresh for each call (figures) are stored as factories."""
    if value is _figure or value is _axes_array:
        return value()
    return value


def call(func, args, kwargs):
    result = func(*args, **kwargs)
    if isinstance(result, (types.GeneratorType, Iterator)) and not isinstance(result, (str, bytes)):
        result = list(result)  # splitters validate when iterated at the latest
    return result


def arguments_with(func, args, kwargs, param, new_value):
    """(args, kwargs) of the call with ``param`` replaced (``*varargs``: its first element)."""
    sig = inspect.signature(func)
    bound = sig.bind(*args, **kwargs)
    arguments = dict(bound.arguments)
    p = sig.parameters[param]
    if p.kind is inspect.Parameter.VAR_POSITIONAL:
        arguments[param] = (new_value,) + tuple(arguments[param][1:])
    else:
        arguments[param] = new_value
    out_args, out_kwargs = [], {}
    by_keyword = False
    for q in sig.parameters.values():
        if q.name not in arguments:
            by_keyword = True
            continue
        if q.kind is inspect.Parameter.VAR_POSITIONAL:
            out_args.extend(arguments[q.name])
        elif q.kind is inspect.Parameter.VAR_KEYWORD:
            out_kwargs.update(arguments[q.name])
        elif q.kind is inspect.Parameter.KEYWORD_ONLY or by_keyword:
            out_kwargs[q.name] = arguments[q.name]
        else:
            out_args.append(arguments[q.name])
    return tuple(out_args), out_kwargs


class CallTimedOut(Exception):
    """A call that ran longer than ``Outcome.TIME_LIMIT`` seconds (an endless loop, a huge count)."""


def _time_out(signum, frame):
    raise CallTimedOut(f"the call ran longer than {Outcome.TIME_LIMIT} s")


class Outcome:
    """What one call did: its result or exception, and the warnings it emitted."""

    TIME_LIMIT = 20.0

    def __init__(self, func, args, kwargs):
        self.result = None
        self.error = None
        can_alarm = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        if can_alarm:
            previous = signal.signal(signal.SIGALRM, _time_out)
            signal.setitimer(signal.ITIMER_REAL, self.TIME_LIMIT)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                try:
                    self.result = call(func, args, kwargs)
                except Exception as err:  # noqa: BLE001 - the test judges the type
                    self.error = err
        finally:
            if can_alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
        self.warnings = [w for w in caught if w.category.__name__ != "UndefinedMetricWarning"]


# --------------------------------------------------------------------------- comparing


def freeze(value, depth=0):
    """A comparable snapshot of an input, to see whether a call changed it."""
    if depth > 6:
        return ("deep",)
    if isinstance(value, np.ndarray):
        return ("ndarray", value.dtype.str, value.shape, value.tobytes() if value.dtype.kind != "O"
                else tuple(freeze(v, depth + 1) for v in value.reshape(-1)))
    if pd is not None and isinstance(value, (pd.Series, pd.DataFrame)):
        return ("pandas", freeze(value.to_numpy(), depth + 1), tuple(map(str, value.index)))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(freeze(v, depth + 1) for v in value))
    if isinstance(value, dict):
        return ("dict", tuple((repr(k), freeze(v, depth + 1)) for k, v in value.items()))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, tuple(freeze(getattr(value, f.name), depth + 1)
                                             for f in dataclasses.fields(value)))
    if hasattr(value, "get_params") and not isinstance(value, type):  # an estimator: params, and never fitted
        fitted = sorted(k for k in vars(value) if k.endswith("_") and not k.startswith("_"))
        return ("estimator", type(value).__name__, freeze(value.get_params(deep=False), depth + 1), tuple(fitted))
    if isinstance(value, (Axes, Figure, np.random.Generator)) or callable(value):
        return ("skipped", type(value).__name__)
    if isinstance(value, float) and math.isnan(value):
        return ("nan",)
    try:
        hash(value)
        return value
    except TypeError:
        return ("unhashable", repr(value))


def fingerprint(obj, depth=0):
    """A structure of plain values and arrays that says what a result is (and draws)."""
    if depth > 8:
        return "deep"
    if isinstance(obj, Axes):
        return axes_fingerprint(obj)
    if isinstance(obj, np.ndarray) and obj.dtype == object and obj.size and isinstance(obj.flat[0], Axes):
        return [axes_fingerprint(a) for a in obj.flat]
    if isinstance(obj, np.ndarray) and obj.dtype.names:  # a table of records: timings are the clock's, not the call's
        return ("records", obj.shape, {name: "a timing" if name.endswith("_time") else fingerprint(obj[name], depth + 1)
                                       for name in obj.dtype.names})
    if isinstance(obj, np.ndarray):
        if obj.dtype.kind in "biuf":
            return ("array", obj.shape, np.asarray(obj, dtype=float))
        return ("array", obj.shape, tuple(fingerprint(v, depth + 1) for v in obj.reshape(-1).tolist()))
    if isinstance(obj, (bool, np.bool_)):
        return bool(obj)
    if isinstance(obj, (numbers.Integral,)):
        return int(obj)
    if isinstance(obj, numbers.Real):
        return float(obj)
    if isinstance(obj, (str, bytes, type(None))):
        return obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return (type(obj).__name__,
                {f.name: fingerprint(getattr(obj, f.name), depth + 1) for f in dataclasses.fields(obj)})
    if isinstance(obj, dict):
        return {repr(k): fingerprint(v, depth + 1) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [fingerprint(v, depth + 1) for v in obj]
    if hasattr(obj, "children") and hasattr(obj, "keys"):  # an ipywidgets container
        return (type(obj).__name__, [fingerprint(c, depth + 1) for c in obj.children])
    if hasattr(obj, "value") and hasattr(obj, "keys"):  # an ipywidgets control or output
        return (type(obj).__name__, fingerprint(obj.value, depth + 1))
    return (type(obj).__name__,)


def axes_fingerprint(ax):
    texts = [(t.get_text(), tuple(np.round(np.asarray(t.get_position(), dtype=float), 9))) for t in ax.texts]
    lines = [np.asarray(line.get_xydata(), dtype=float) for line in ax.get_lines()]
    patches = []
    for patch in ax.patches:
        try:
            patches.append(np.asarray(patch.get_bbox().bounds, dtype=float))
        except Exception:  # noqa: BLE001 - a patch without a data bounding box
            patches.append(type(patch).__name__)
    collections = []
    for coll in ax.collections:
        paths = coll.get_paths()
        collections.append([np.asarray(p.vertices, dtype=float) for p in paths[:50]])
    images = [np.asarray(im.get_array(), dtype=float) for im in ax.images]
    return {
        "title": ax.get_title(), "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
        "texts": texts, "lines": lines, "patches": patches, "collections": collections, "images": images,
    }


def same(a, b, path="result", rtol=1e-12):
    """None if fingerprints a and b agree, else a sentence saying where they differ."""
    if isinstance(a, tuple) and len(a) == 3 and a[:1] == ("array",):
        if not (isinstance(b, tuple) and len(b) == 3 and b[:1] == ("array",)):
            return f"{path}: array vs {type(b).__name__}"
        if a[1] != b[1]:
            return f"{path}: shape {a[1]} vs {b[1]}"
        if isinstance(a[2], np.ndarray) and isinstance(b[2], np.ndarray):
            if not np.allclose(a[2], b[2], rtol=rtol, atol=1e-300, equal_nan=True):
                return f"{path}: values differ: {a[2].ravel()[:6]} vs {b[2].ravel()[:6]}"
            return None
        return same(a[2], b[2], path, rtol)
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a_arr, b_arr = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
        if a_arr.shape != b_arr.shape or not np.allclose(a_arr, b_arr, rtol=rtol, atol=1e-300, equal_nan=True):
            return f"{path}: arrays differ"
        return None
    if isinstance(a, float) and isinstance(b, float):
        if math.isnan(a) and math.isnan(b):
            return None
        if not math.isclose(a, b, rel_tol=rtol, abs_tol=1e-300):
            return f"{path}: {a!r} vs {b!r}"
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            return f"{path}: keys {sorted(a)} vs {sorted(b)}"
        for key in a:
            where = same(a[key], b[key], f"{path}[{key}]", rtol)
            if where:
                return where
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: length {len(a)} vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            where = same(x, y, f"{path}[{i}]", rtol)
            if where:
                return where
        return None
    if type(a) is not type(b) and not (isinstance(a, numbers.Number) and isinstance(b, numbers.Number)) and not (
            isinstance(a, str) and isinstance(b, str)):  # a numpy str echoed back equals the plain one
        return f"{path}: {type(a).__name__} vs {type(b).__name__}"
    if a != b:
        return f"{path}: {a!r:.80} vs {b!r:.80}"
    return None


PVALUE_FIELDS = ("pvalue", "pvalues", "adjusted", "pvalue_lower", "pvalue_upper", "iman_davenport_pvalue")


def bad_pvalues(obj, path="result", depth=0):
    """Sentences naming every p-value in ``obj`` that is outside [0, 1] (or NaN)."""
    problems = []
    if depth > 5:
        return problems
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            value = getattr(obj, f.name)
            if f.name in PVALUE_FIELDS or f.name.endswith("_pvalue") or f.name.endswith("_pvalues"):
                arr = np.asarray(value, dtype=float) if value is not None else np.array([])
                if arr.size and not np.all((arr >= 0) & (arr <= 1)):
                    problems.append(f"{path}.{f.name} = {value!r:.80} is not in [0, 1]")
            else:
                problems += bad_pvalues(value, f"{path}.{f.name}", depth + 1)
    elif isinstance(obj, dict):
        for key, value in obj.items():
            problems += bad_pvalues(value, f"{path}[{key!r}]", depth + 1)
    elif isinstance(obj, (list, tuple)):
        for i, value in enumerate(obj):
            problems += bad_pvalues(value, f"{path}[{i}]", depth + 1)
    return problems
