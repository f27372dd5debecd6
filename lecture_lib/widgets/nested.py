"""The widget of chapter 7: the optimism of tuning without nesting, against nested cross-validation.

The pure :func:`tuning_bias_report` (HTML, tested directly) reads a
:func:`lecture_lib.nested.simulate_tuning_bias` result; the explorer simulates
each pair of fold numbers once and redraws the curves by blitting.

Taught in chapter 7 (``notebooks/07-nested-cv``).
"""

from __future__ import annotations

from functools import cache

import ipywidgets as widgets
import numpy as np

from .._drawing import mark_grid_size, tuning_bias_curves, tuning_bias_title
from .._validation import as_generator, check_count, check_instance
from ..live_figure import LiveFigure
from ..nested import TuningBias, simulate_tuning_bias

__all__ = [
    "tuning_bias_report",
    "tuning_bias_explorer",
]


def tuning_bias_report(result, n_configs: int) -> str:
    """An HTML sentence on the optimism of the non-nested estimate at one grid size.

    Parameters
    ----------
    result : TuningBias
        As returned by :func:`lecture_lib.nested.simulate_tuning_bias`.
    n_configs : int
        The grid size to report (1 to the largest grid simulated).

    Returns
    -------
    html : str
        Both mean estimates, their Monte Carlo standard errors and the
        optimism (non-nested minus truth) in percentage points.

    Examples
    --------
    >>> from lecture_lib.nested import simulate_tuning_bias
    >>> from lecture_lib.widgets import tuning_bias_report
    >>> "optimism" in tuning_bias_report(simulate_tuning_bias(max_configs=5, n_reps=50), 5)
    True
    """
    check_instance(result, TuningBias, "result")
    n_configs = check_count(n_configs, "n_configs", minimum=1)
    if n_configs > result.n_configs[-1]:
        raise ValueError(f"n_configs must be at most {int(result.n_configs[-1])}, got {n_configs}")
    i = n_configs - 1
    optimism = 100 * (result.non_nested[i] - result.truth)
    nested_gap = 100 * (result.nested[i] - result.truth)
    return (
        f"<p>Best of <b>{n_configs}</b> configuration(s), {result.outer_cv}-fold CV: mean reported accuracy "
        f"<b>{result.non_nested[i]:.3f}</b> (MC s.e. {result.non_nested_se[i]:.3f}), an optimism of "
        f"<b>{optimism:+.1f}</b> percentage points over the truth {result.truth:g}.</p>"
        f"<p>Nested CV ({result.outer_cv} outer x {result.inner_cv} inner folds): "
        f"<b>{result.nested[i]:.3f}</b> (MC s.e. {result.nested_se[i]:.3f}), {nested_gap:+.1f} points.</p>"
    )


def tuning_bias_explorer(n_samples: int = 60, max_configs: int = 30, n_reps: int = 100, seed: int = 0):
    """Sliders for outer k, inner k and grid size over :func:`simulate_tuning_bias`.

    Each pair of fold numbers is simulated once (10 to 35 ms for the
    default sizes, outer and inner k from 2 to 10) and cached. The axes stay
    fixed while the sliders move (the y axis widens only if a curve leaves
    it), so the curves can be compared between fold settings and every
    callback only redraws the curves on a kept background.
    """
    n_samples = check_count(n_samples, "n_samples", minimum=1)
    n_reps = check_count(n_reps, "n_reps", minimum=1)
    max_configs = check_count(max_configs, "max_configs", minimum=1)
    as_generator(seed)  # checks the seed

    @cache
    def simulate(outer_cv, inner_cv):
        return simulate_tuning_bias(n_samples, max_configs, outer_cv, inner_cv, n_reps, seed)

    style = {"description_width": "initial"}
    outer = widgets.IntSlider(
        value=5, min=2, max=10, description="outer k", continuous_update=False, style=style
    )
    inner = widgets.IntSlider(
        value=2, min=2, max=10, description="inner k", continuous_update=False, style=style
    )
    size = widgets.IntSlider(value=10, min=1, max=max_configs, description="grid size", style=style)
    report = widgets.HTML()

    def background(figure, y_limits):
        ax = figure.add_subplot()
        ax.set_xlim(0, max_configs + 1)
        ax.set_ylim(*y_limits)
        ax.set_xlabel("number of configurations tried (grid size)")
        ax.set_ylabel("mean estimated accuracy")
        ax.set_title("the title keeps its room in the layout", fontsize="medium").set_animated(True)
        return ax

    def moving(ax, result, n_configs):
        artists = tuning_bias_curves(ax, result) + mark_grid_size(ax, result, n_configs)
        ax.title.set_text(tuning_bias_title(result))
        return [*artists, ax.title, ax.legend(frameon=False, fontsize="small", loc="upper left")]

    live = LiveFigure(background, moving, figsize=(6, 3.6))

    def y_limits(result):
        """0.3 to 0.9 (steps of 0.1), widened to hold both bands and the truth."""
        bands = np.concatenate(
            [
                result.non_nested + 2 * result.non_nested_se,
                result.nested - 2 * result.nested_se,
                result.non_nested - 2 * result.non_nested_se,
                result.nested + 2 * result.nested_se,
                [result.truth],
            ]
        )
        return (min(0.3, np.floor(bands.min() * 10) / 10), max(0.9, np.ceil(bands.max() * 10) / 10))

    def update(_change=None):
        result = simulate(outer.value, inner.value)
        n_configs = size.value
        report.value = tuning_bias_report(result, n_configs)
        i = n_configs - 1
        live.show(
            y_limits(result),
            result,
            n_configs,
            alt=f"Mean estimated accuracy on random labels against the grid size, for the non-nested best CV "
            f"score (red, rising to {result.non_nested[-1]:.3f} at {max_configs} configurations) and "
            f"nested CV (blue, staying near the true {result.truth:g}); at grid size {n_configs}: "
            f"{result.non_nested[i]:.3f} and {result.nested[i]:.3f}.",
            caption=f"{result.outer_cv}-fold outer, {result.inner_cv}-fold inner CV; grey line: grid size "
            f"{n_configs}. Bands: +-2 Monte Carlo standard errors.",
        )

    for control in (outer, inner, size):
        control.observe(update, names="value")
    update()
    return widgets.VBox([widgets.HBox([outer, inner, size]), live.widget, report])
