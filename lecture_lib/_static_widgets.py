"""Explorers that work on the static website: every state computed at build time.

Internal: the book build uses it.

On the course website there is no kernel, so a slider of an ipywidgets explorer
would move without effect. For the explorers whose output is HTML only (the
McNemar explorer of chapter 2, the family-wise error explorer of chapter 3 and
the "which test?" explorer of the guide), the book build instead

1. builds the explorer exactly as the notebook cell does (same arguments),
2. sets its controls to every state of a finite grid and records the HTML the
   explorer's own callbacks write (so the numbers are lecture_lib's, never a
   copy of the statistics in JavaScript), and
3. stores the recorded pages compactly (:func:`precompute_explorer`); a small
   script on the page (``course-explorers.js``) swaps in the HTML of the state
   the reader picks, with :func:`render_state`'s algorithm.

Compact storage: each output is cut into tokens (HTML tags, numbers and the
text between them). When every state has the same number of tokens, each token
is stored as a table over only the controls it depends on (a token that does
not change along a control is constant along it for every setting of the
others, so the projection is exact); otherwise the whole output is stored per
state (or, when the number of lines is the same, per line). Runs of constant
tokens are merged. The decoded HTML is therefore
exactly the explorer's output for that state (a test checks every state).

Every other explorer stays a snapshot on the website: its controls are shown
disabled with a note on how to make it live (see scripts/site_postprocess.py).
"""

from __future__ import annotations

import ast
import dataclasses
import itertools
import math
import re

import numpy as np

__all__ = [
    "STATIC_EXPLORERS",
    "StaticControl",
    "explorer_call",
    "explorer_controls",
    "precompute_explorer",
    "render_state",
]

#: The explorers the website runs without a kernel, and the grid of each
#: control there (by the control's description). A control missing here
#: takes every value it has in the notebook (every slider step, every
#: option); a single value fixes the control on the static page, where it is
#: shown as text. The grids keep the number of states, and so the added page
#: weight, small (the README gives the measured weight).
STATIC_EXPLORERS: dict[str, dict[str, tuple]] = {
    # chapter 2: b and c up to 40 cover both panels of source 000 (11/1 and 25/15) and the
    # change of method at b + c = 25; n changes only the accuracy-difference line.
    "mcnemar_explorer": {
        "b": tuple(range(0, 41)),
        "c": tuple(range(0, 41)),
        "n (test size)": (10_000,),
        "alpha": (0.01, 0.05, 0.10),
    },
    # chapter 3: k = 2..10 and alpha = 0.01..0.10, every state of the live widget
    "familywise_explorer": {},
    # the guide (last chapter): the live widget has 134 400 states (what is compared x 10 models x
    # 30 data sets x 2 questions x 7 situations x 4 check boxes); one, two and four models and
    # one, five and twelve data sets reach every route of the decision diagrams
    "which_test_explorer": {"models or algorithms": (1, 2, 4), "data sets": (1, 5, 12)},
}

_VALUE_WIDGETS = ("IntSlider", "FloatSlider", "SelectionSlider", "Dropdown", "Checkbox",
                  "ToggleButtons", "RadioButtons", "ToggleButton")
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_PIECE = re.compile(r"(?<=</li>)|(?<=</p>)|(?<=\. )|(?<=: )|(?<=, )|(?<=</b> )")
_TOKEN = re.compile(r"(<[A-Za-z/!][^>]*>|[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)")


@dataclasses.dataclass(frozen=True)
class StaticControl:
    """One control of a static explorer.

    Attributes
    ----------
    description : str
        The widget's description (its visible label).
    kind : {"range", "select", "checkbox", "fixed"}
        How the page shows it: a range input over the grid, a drop-down, a
        check box, or plain text (a single value).
    values : tuple
        The grid of values (Python values set on the widget).
    labels : tuple of str
        How each value reads (the slider's readout, the option's label).
    initial : int
        Index of the notebook's value in ``values``.
    """

    description: str
    kind: str
    values: tuple
    labels: tuple
    initial: int


def explorer_call(source: str, names=None):
    """Find the explorer call of a notebook cell: ``(name, args, kwargs)`` or None.

    Only a call of a name in ``names`` (default: :data:`STATIC_EXPLORERS`)
    whose arguments are all literals qualifies, so the build can make the same
    call; a call with a notebook variable returns None.

    Examples
    --------
    >>> explorer_call("mcnemar_explorer(b=11, c=1, n=10_000, alpha=0.05)")
    ('mcnemar_explorer', (), {'b': 11, 'c': 1, 'n': 10000, 'alpha': 0.05})
    >>> explorer_call("cd_explorer(errors, names)") is None
    True
    """
    names = STATIC_EXPLORERS if names is None else names
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names:
            try:
                args = tuple(ast.literal_eval(a) for a in node.args)
                kwargs = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
            except ValueError:
                return None
            if any(k.arg is None for k in node.keywords):
                return None
            return node.func.id, args, kwargs
    return None


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()) or ():
        yield from _walk(child)


def explorer_controls(widget):
    """The value controls and the HTML outputs of an explorer, in display order.

    Returns
    -------
    controls : list of ipywidgets widgets
        Sliders, drop-downs and check boxes (anything with a value a reader sets).
    outputs : list of ipywidgets.HTML
        The HTML widgets the callbacks write.

    Raises
    ------
    ValueError
        If the explorer shows anything else that changes (an image, an
        Output widget): such an explorer cannot be precomputed as HTML.
    """
    import ipywidgets as widgets

    controls, outputs = [], []
    for w in _walk(widget):
        kind = type(w).__name__
        if kind in _VALUE_WIDGETS:
            controls.append(w)
        elif isinstance(w, (widgets.HTML, widgets.HTMLMath)):
            outputs.append(w)
        elif isinstance(w, (widgets.Output, widgets.Image)):
            raise ValueError(f"explorer shows a {kind} widget, which cannot be precomputed as HTML")
    return controls, outputs


def _grid(control, override):
    """Values and labels of one control (its own range unless ``override`` gives a grid)."""
    kind = type(control).__name__
    if kind in ("IntSlider", "FloatSlider"):
        if override is not None:
            values = tuple(override)
        elif kind == "IntSlider":
            values = tuple(range(control.min, control.max + 1, control.step))
        else:
            count = int(math.floor((control.max - control.min) / control.step + 1e-9)) + 1
            decimals = max(0, -int(math.floor(math.log10(control.step)))) + 2
            values = tuple(round(control.min + i * control.step, decimals) for i in range(count))
        fmt = control.readout_format or ("d" if kind == "IntSlider" else ".2f")
        labels = tuple(format(v, fmt) for v in values)
        return ("fixed" if len(values) == 1 else "range"), values, labels
    if kind == "Checkbox" or kind == "ToggleButton":
        values = tuple(override) if override is not None else (False, True)
        return (
            ("fixed" if len(values) == 1 else "checkbox"),
            values,
            tuple("yes" if v else "no" for v in values),
        )
    # selection widgets: options are (label, value) pairs after ipywidgets' normalisation
    pairs = list(zip(control._options_labels, control._options_values))
    if override is not None:
        pairs = [p for p in pairs if p[1] in override or p[0] in override]
    kind_out = "range" if kind == "SelectionSlider" else "select"
    return (
        ("fixed" if len(pairs) == 1 else kind_out),
        tuple(v for _, v in pairs),
        tuple(str(lab) for lab, _ in pairs),
    )


def _encode(ids: np.ndarray, n_strings: int) -> str:
    width = max(1, math.ceil(math.log(max(n_strings, 2), 64)))
    out = []
    for value in ids.ravel(order="C").tolist():
        digits = []
        for _ in range(width):
            digits.append(_ALPHABET[value % 64])
            value //= 64
        out.append("".join(reversed(digits)))
    return "".join(out)


def _decode_id(encoded: str, position: int, width: int) -> int:
    value = 0
    for ch in encoded[position * width:(position + 1) * width]:
        value = value * 64 + _ALPHABET.index(ch)
    return value


def _token_columns(pages: list[str]) -> list[tuple[str, ...]] | None:
    tokenised = [_TOKEN.split(page) for page in pages]
    return list(zip(*tokenised)) if len({len(t) for t in tokenised}) == 1 else None


def _columns(pages: list[str]) -> list[tuple[str, ...]]:
    """Cut the pages into aligned pieces: tokens, else lines (then tokens), else whole pages."""
    columns = _token_columns(pages)
    if columns is not None:
        return columns
    lines = [page.split("\n") for page in pages]
    if len({len(split) for split in lines}) != 1:
        return [tuple(pages)]
    columns = []
    for position, column in enumerate(zip(*lines)):
        if position:
            columns.append(("\n",) * len(pages))
        columns.extend(_token_columns(list(column)) or [column])
    return columns


def _segments(pages: list[str], shape: tuple[int, ...]) -> list[dict]:
    """Compact, exact storage of one output's HTML over the grid (C order)."""
    columns = _columns(pages)
    raw = []
    for column in columns:
        strings, ids = np.unique(np.array(column, dtype=object), return_inverse=True)
        ids = ids.reshape(shape)
        axes = []
        for axis in range(len(shape)):
            if np.any(ids != np.take(ids, [0], axis=axis)):
                axes.append(axis)
        reduced = ids[tuple(slice(None) if a in axes else 0 for a in range(len(shape)))]
        raw.append((tuple(axes), [str(s) for s in strings], reduced))
    segments = []
    for axes, strings, reduced in raw:
        if not axes and segments and not segments[-1]["axes"]:
            segments[-1]["strings"][0] += strings[int(reduced)]  # merge runs of constant text
            continue
        if not axes:
            segments.append({"axes": [], "strings": [strings[int(reduced)]]})
            continue
        # renumber so the table only holds the strings this token uses
        used, local = np.unique(reduced, return_inverse=True)
        table = [strings[i] for i in used]
        segment = {
            "axes": list(axes),
            "strings": table,
            "width": max(1, math.ceil(math.log(max(len(table), 2), 64))),
            "ids": _encode(local.reshape(reduced.shape), len(table)),
        }
        if len(table) > 8 and sum(map(len, table)) > 80 * len(table):
            # long, varied text (a list of caveats): store each string as pieces
            # (sentences, list items) that the strings share
            split = [[piece for piece in _PIECE.split(s) if piece] for s in table]
            pieces = sorted({piece for parts in split for piece in parts})
            number = {piece: i for i, piece in enumerate(pieces)}
            segment["pieces"] = pieces
            segment["strings"] = [[number[piece] for piece in parts] for parts in split]
        segments.append(segment)
    return segments


def precompute_explorer(widget, grids: dict | None = None) -> dict:
    """Record an explorer's HTML outputs for every state of its controls' grid.

    Parameters
    ----------
    widget : ipywidgets.Widget
        The explorer, as its function returns it (it is modified: its
        controls end at their initial values again).
    grids : dict, optional
        ``{description: values}`` overrides of the grids (see
        :data:`STATIC_EXPLORERS`); a description that is not a control of the
        explorer raises ``ValueError``.

    Returns
    -------
    spec : dict
        JSON-serialisable: ``controls`` (description, kind, labels, initial),
        ``sizes`` (grid size of each control) and ``outputs`` (per output, its
        segments). :func:`render_state` turns it back into HTML.

    Examples
    --------
    >>> from lecture_lib.widgets import familywise_explorer, familywise_report
    >>> spec = precompute_explorer(familywise_explorer(n_models=5, alpha=0.05))
    >>> spec["sizes"]                  # k = 2..10, alpha = 0.01..0.10
    [9, 10]
    >>> render_state(spec, [3, 4])[0] == familywise_report(5, 0.05)
    True
    """
    grids = dict(grids or {})
    controls, outputs = explorer_controls(widget)
    by_name = {c.description: c for c in controls}
    unknown = sorted(set(grids) - set(by_name))
    if unknown:
        raise ValueError(
            f"grids name controls the explorer does not have: {unknown}; it has {sorted(by_name)}"
        )
    if len(by_name) != len(controls):
        raise ValueError("two controls of the explorer share a description; name them apart")
    specs, initial_values = [], [c.value for c in controls]
    for control in controls:
        kind, values, labels = _grid(control, grids.get(control.description))
        matches = [i for i, v in enumerate(values) if v == control.value]
        if not matches:
            if kind == "fixed":
                raise ValueError(f"{control.description!r} is fixed at {values[0]!r} on the static page, "
                                 f"but the notebook sets it to {control.value!r}")
            raise ValueError(f"the notebook's value {control.value!r} of {control.description!r} "
                             f"is not in its static grid {values!r}")
        specs.append(StaticControl(control.description, kind, values, labels, matches[0]))
    shape = tuple(len(s.values) for s in specs)
    pages: list[list[str]] = [[] for _ in outputs]
    current = [None] * len(controls)
    for index in itertools.product(*(range(n) for n in shape)):
        for j, i in enumerate(index):
            if current[j] != i:
                controls[j].value = specs[j].values[i]
                current[j] = i
        for j, control in enumerate(controls):
            if control.value != specs[j].values[index[j]]:
                raise ValueError(f"setting the explorer's controls changed {control.description!r}: "
                                 "controls that move each other cannot be precomputed")
        for k, out in enumerate(outputs):
            pages[k].append(out.value)
    for control, value in zip(controls, initial_values):
        control.value = value
    return {
        "controls": [
            {"description": s.description, "kind": s.kind, "labels": list(s.labels), "initial": s.initial}
            for s in specs
        ],
        "sizes": list(shape),
        "outputs": [_segments(p, shape) for p in pages],
    }


def render_state(spec: dict, index) -> list[str]:
    """The HTML of every output at one state (the algorithm of the page's script).

    Parameters
    ----------
    spec : dict
        From :func:`precompute_explorer`.
    index : sequence of int
        Position of each control in its grid.

    Returns
    -------
    list of str
        One HTML string per output of the explorer.
    """
    index = [int(i) for i in index]
    sizes = spec["sizes"]
    if len(index) != len(sizes) or any(not 0 <= i < n for i, n in zip(index, sizes)):
        raise ValueError(f"index must give one position per control within {sizes}, got {index}")
    pages = []
    for segments in spec["outputs"]:
        parts = []
        for seg in segments:
            if not seg["axes"]:
                parts.append(seg["strings"][0])
                continue
            position = 0
            for axis in seg["axes"]:
                position = position * sizes[axis] + index[axis]
            string = seg["strings"][_decode_id(seg["ids"], position, seg["width"])]
            parts.append("".join(seg["pieces"][i] for i in string) if "pieces" in seg else string)
        pages.append("".join(parts))
    return pages
