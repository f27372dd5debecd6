"""Median latency of every widget callback (part of `make bench`).

Each public widget factory in ``lecture_lib.widgets`` is built with its
defaults; then every slider, dropdown and toggle in it is moved to another
value a few times and the time from the assignment to the end of the
synchronous callback is measured: the computation, the HTML, and every
figure rendered to PNG as the notebook's inline backend does at ``plt.show()``.
That is the work the kernel does before the browser can repaint; the network hop of a live
session comes on top.
"""

from __future__ import annotations

import contextlib
import inspect
import io
import statistics
import time

import matplotlib

matplotlib.use("Agg")

import ipywidgets as widgets  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

from lecture_lib import widgets as course_widgets  # noqa: E402

CONTROL_TYPES = (widgets.IntSlider, widgets.FloatSlider, widgets.Dropdown, widgets.ToggleButtons,
                 widgets.RadioButtons, widgets.Checkbox, widgets.ToggleButton, widgets.SelectionSlider)


def controls_of(widget):
    """All interactive controls below a widget, depth first."""
    found = []
    stack = [widget]
    while stack:
        w = stack.pop()
        if isinstance(w, CONTROL_TYPES) and not getattr(w, "disabled", False):
            found.append(w)
        stack.extend(reversed(list(getattr(w, "children", ()))))
    return found


def other_values(control, how_many: int = 3):
    """A few values different from the current one, within the control's range."""
    if isinstance(control, (widgets.IntSlider, widgets.FloatSlider)):
        lo, hi, v = control.min, control.max, control.value
        candidates = [lo + (hi - lo) * f for f in (0.25, 0.5, 0.75, 0.4, 0.6)]
        if isinstance(control, widgets.IntSlider):
            candidates = [int(round(c)) for c in candidates]
        values = [c for c in candidates if c != v]
    elif isinstance(control, (widgets.Checkbox, widgets.ToggleButton)):
        values = [not control.value, control.value]
    else:
        values = [o for o in control.options if not isinstance(o, tuple)] or [o[1] for o in control.options]
        values = [o for o in values if o != control.value] + [control.value]
    return values[:how_many]


def _inputs():
    """The data the notebooks hand to the explorers that need some (small, seeded)."""
    import numpy as np
    from sklearn.datasets import make_classification

    import lecture_lib as ll

    X, y = make_classification(300, n_features=10, n_informative=4, flip_y=0.1, random_state=1)
    simulation = ll.simulate_paired_tests(n_reps=200, seed=0)
    bench = ll.appml_benchmark()
    rng = np.random.default_rng(0)
    s1, s2 = 0.8 + 0.02 * rng.standard_normal(10), 0.79 + 0.02 * rng.standard_normal(10)
    example = ll.wilcoxon_example("seed001_rpart_ranger_6tasks")
    return {
        "complexity_explorer": (
            (ll.knn_complexity_curve(X[:200], y[:200], X[200:], y[200:], range(1, 51)),),
            {},
        ),
        "holdout_explorer": (
            (ll.holdout_accuracy_table(X, y, [0.1, 0.2, 0.3, 0.5], n_splits=200), [0.1, 0.2, 0.3, 0.5]),
            {"test_size": 0.3},
        ),
        "type1_error_lab": ((simulation,), {}),
        "corrected_ttest_explorer": ((s1, s2), {"simulation": simulation}),
        "wilcoxon_explorer": ((example.differences,), {"names": example.datasets}),
        "cd_explorer": ((bench.scores, bench.algorithms), {"higher_is_better": bench.higher_is_better}),
    }


def factories():
    names = getattr(course_widgets, "__all__", dir(course_widgets))
    inputs = _inputs()
    for name in names:
        func = getattr(course_widgets, name)
        if not inspect.isfunction(func):
            continue
        if name in inputs:
            args, kwargs = inputs[name]
            yield name, lambda func=func, args=args, kwargs=kwargs: func(*args, **kwargs)
            continue
        params = inspect.signature(func).parameters.values()
        if any(
            p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
            for p in params
        ):
            continue  # a pure function with required arguments, not a widget factory
        yield name, func


def _show_as_png(*_args, **_kwargs):
    """What the inline backend does at plt.show(): render each open figure to PNG."""
    for number in plt.get_fignums():
        plt.figure(number).savefig(io.BytesIO(), format="png")
    plt.close("all")


plt.show = _show_as_png


def measure(func, repeats: int = 3):
    """Median seconds per control change, and the slowest control."""
    with contextlib.redirect_stdout(io.StringIO()):
        root = func()
    if not isinstance(root, widgets.Widget):
        return None
    times, worst = [], (0.0, "")
    for control in controls_of(root):
        for value in other_values(control, repeats):
            with contextlib.redirect_stdout(io.StringIO()):
                start = time.perf_counter()
                control.value = value
                elapsed = time.perf_counter() - start
            plt.close("all")
            times.append(elapsed)
            if elapsed > worst[0]:
                worst = (elapsed, control.description or type(control).__name__)
    if not times:
        return None
    return statistics.median(times), worst, len(times)


def main() -> None:
    print("widget callback latency (median over every control change; figures rendered to PNG)")
    for name, func in factories():
        result = measure(func)
        if result is None:
            continue
        median, (worst, control), count = result
        flag = "" if median <= 0.05 else "   <-- above the 50 ms target"
        print(f"  {name:<34} median {median * 1e3:7.1f} ms over {count:2d} changes; "
              f"slowest {worst * 1e3:7.1f} ms ({control}){flag}")


if __name__ == "__main__":
    main()
