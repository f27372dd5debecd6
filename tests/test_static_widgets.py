"""lecture_lib._static_widgets: the explorers the website runs without a kernel.

The website shows, for each state of an explorer's controls, the HTML that the
explorer's own callback writes. These tests drive the real ipywidgets explorer
to a state and compare its output with what the stored spec decodes to, so
they fail if the compact storage loses or mixes anything up.
"""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from lecture_lib import widgets as course_widgets
from lecture_lib._static_widgets import (
    STATIC_EXPLORERS,
    _grid,
    explorer_call,
    explorer_controls,
    precompute_explorer,
    render_state,
)

# The calls the chapters make (chapter 2, chapter 3, the guide); the site reads
# them from the notebook cells, see scripts/site_postprocess.py.
CALLS = {
    "mcnemar_explorer": {"b": 11, "c": 1, "n": 10_000, "alpha": 0.05},
    "familywise_explorer": {"n_models": 5, "alpha": 0.05},
    "which_test_explorer": {},
}


@pytest.fixture(scope="module")
def specs():
    built = {}
    for name, kwargs in CALLS.items():
        widget = getattr(course_widgets, name)(**kwargs)
        built[name] = (widget, precompute_explorer(widget, STATIC_EXPLORERS[name]))
    return built


def _drive(widget, grids, index):
    controls, outputs = explorer_controls(widget)
    for control, override, i in zip(controls, grids, index):
        control.value = _grid(control, override)[1][i]
    return [out.value for out in outputs]


def _states(spec):
    return itertools.product(*(range(n) for n in spec["sizes"]))


def test_every_static_explorer_is_html_only_and_names_real_controls():
    for name, grids in STATIC_EXPLORERS.items():
        controls, outputs = explorer_controls(getattr(course_widgets, name)(**CALLS[name]))
        assert outputs, f"{name} writes no HTML"
        assert set(grids) <= {c.description for c in controls}, name


@pytest.mark.parametrize("name", ["familywise_explorer"])
def test_every_state_decodes_to_the_explorers_own_output(specs, name):
    widget, spec = specs[name]
    controls, _ = explorer_controls(widget)
    overrides = [STATIC_EXPLORERS[name].get(c.description) for c in controls]
    for index in _states(spec):
        assert render_state(spec, index) == _drive(widget, overrides, index), index


@pytest.mark.parametrize("name", ["mcnemar_explorer", "which_test_explorer"])
def test_random_states_decode_to_the_explorers_own_output(specs, name):
    widget, spec = specs[name]
    controls, _ = explorer_controls(widget)
    overrides = [STATIC_EXPLORERS[name].get(c.description) for c in controls]
    rng = np.random.default_rng(18)
    for _ in range(400):
        index = [int(rng.integers(n)) for n in spec["sizes"]]
        assert render_state(spec, index) == _drive(widget, overrides, index), index


def test_mcnemar_states_are_lecture_libs_report(specs):
    from lecture_lib.widgets import mcnemar_report

    _, spec = specs["mcnemar_explorer"]
    labels = {c["description"]: c["labels"] for c in spec["controls"]}
    assert labels["b"][0] == "0" and labels["b"][-1] == "40"
    assert labels["alpha"] == ["0.01", "0.05", "0.10"]
    # b = 25, c = 15 (seed 000's panel B) at alpha = 0.05: the page shows exactly the report
    order = [c["description"] for c in spec["controls"]]
    index = [0] * len(order)
    index[order.index("b")], index[order.index("c")], index[order.index("alpha")] = 25, 15, 1
    assert render_state(spec, index)[0] == mcnemar_report(25, 15, 10_000, 0.05)


def test_initial_state_is_the_notebooks(specs):
    for name, (_, spec) in specs.items():
        _, outputs = explorer_controls(getattr(course_widgets, name)(**CALLS[name]))  # fresh: the others move theirs
        initial = [c["initial"] for c in spec["controls"]]
        assert render_state(spec, initial) == [o.value for o in outputs], name


def test_storage_is_compact(specs):
    """The three explorers together add under 500 kB (the README reports the weight).

    The which-test explorer grew with issue 27's routes (grouped, time-ordered, practical): 458 kB
    for the three, about 65 kB gzipped as a server sends them.
    """
    sizes = {name: len(json.dumps(spec, separators=(",", ":"))) for name, (_, spec) in specs.items()}
    assert sum(sizes.values()) < 500_000, sizes
    states = {name: int(np.prod(spec["sizes"])) for name, (_, spec) in specs.items()}
    # the grid of _static_widgets.STATIC_EXPLORERS: 2 comparisons x 3 model counts x 3 data-set counts
    # x 2 questions x 7 situations x 2**4 check boxes
    assert states["which_test_explorer"] == 2 * 3 * 3 * 2 * 7 * 2**4


def test_unknown_grid_and_bad_index_are_clear_errors():
    widget = course_widgets.familywise_explorer()
    with pytest.raises(ValueError, match="controls the explorer does not have: \\['k'\\]"):
        precompute_explorer(widget, {"k": (2, 3)})
    with pytest.raises(ValueError, match="not in its static grid"):
        precompute_explorer(course_widgets.mcnemar_explorer(b=60), STATIC_EXPLORERS["mcnemar_explorer"])
    spec = precompute_explorer(course_widgets.familywise_explorer())
    with pytest.raises(ValueError, match="one position per control within \\[9, 10\\], got \\[9, 0\\]"):
        render_state(spec, [9, 0])


def test_explorer_with_an_image_cannot_be_precomputed():
    import ipywidgets as widgets

    box = widgets.VBox([widgets.IntSlider(description="k"), widgets.Output()])
    with pytest.raises(ValueError, match="Output widget"):
        explorer_controls(box)


def test_explorer_call_reads_literal_calls_only():
    assert explorer_call("x = 1\nfamilywise_explorer(n_models=5, alpha=0.05)") == (
        "familywise_explorer", (), {"n_models": 5, "alpha": 0.05})
    assert explorer_call("which_test_explorer()") == ("which_test_explorer", (), {})
    assert explorer_call("mcnemar_explorer(b=b0)") is None  # a notebook variable: a snapshot
    assert explorer_call("cd_explorer(errors, names)") is None
    assert explorer_call("this is not python (") is None
