"""The widget of chapter 8: move the ROPE and the prior, watch the posterior.

Thin, like every widget of :mod:`lecture_lib.widgets`: every callback calls the pure
functions :func:`lecture_lib.bayesian_sign_test` / :func:`lecture_lib.bayesian_signed_rank`
and :func:`lecture_lib.posterior_report`, which the tests exercise directly,
then redraws the simplex by blitting (:class:`lecture_lib.live_figure.LiveFigure`).

Taught in chapter 8 (``notebooks/08-bayesian-comparison``).
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .._drawing import simplex_frame, simplex_points
from .._validation import (
    check_names,
    check_nonnegative,
    check_option,
    check_positive,
    check_positive_int,
    check_scores,
)
from ..bayesian import ROPE_TESTS, bayesian_sign_test, bayesian_signed_rank, posterior_report
from ..live_figure import LiveFigure

__all__ = ["rope_posterior", "rope_explorer"]

_TESTS = {"sign": bayesian_sign_test, "signed-rank": bayesian_signed_rank}


def rope_posterior(x, y, test: str = "signed-rank", rope: float = 0.0, prior_strength: float = 0.5,
                   n_samples: int = 20_000, seed=0):
    """The posterior the widget shows: one of the two tests on many data sets.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Scores of the two algorithms, one per data set.
    test : {"sign", "signed-rank"}, optional
        :func:`lecture_lib.bayesian_sign_test` or
        :func:`lecture_lib.bayesian_signed_rank`.
    rope, prior_strength, n_samples, seed
        Passed on unchanged.

    Returns
    -------
    result : DirichletPosterior

    Examples
    --------
    >>> from lecture_lib.widgets import rope_posterior
    >>> res = rope_posterior([0.8, 0.7, 0.9], [0.75, 0.7, 0.8], test="sign", rope=0.01, prior_strength=1.0)
    >>> res.method, res.n_samples
    ('sign', 20000)
    """
    check_option(test, "test", ROPE_TESTS)
    return _TESTS[test](x, y, rope=rope, prior_strength=prior_strength, n_samples=n_samples, seed=seed)


def _alt_text(result, first: str, second: str) -> str:
    return (f"Triangle of posterior samples of the Bayesian {result.method} test with ROPE {result.rope:g} "
            f"and prior strength {result.prior_strength:g}: bottom left corner '{second} practically better' "
            f"(probability {result.p_left:.3f}), bottom right '{first} practically better' "
            f"({result.p_right:.3f}), "
            f"top 'practically equivalent' ({result.p_rope:.3f}); each point is one posterior sample, "
            "coloured by the region it falls in.")


def rope_explorer(x, y, names=None, test: str = "signed-rank", rope: float = 0.01,
                  prior_strength: float = 0.5, rope_max: float | None = None, n_samples: int = 10_000,
                  max_points: int = 2000, seed=0):
    """Sliders for the ROPE and the prior strength, a choice of test, and the live simplex (chapter 8).

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Scores of the two algorithms, one per data set.
    names : (str, str), optional
        Names of the two algorithms.
    test : {"sign", "signed-rank"}, optional
        The test shown first.
    rope, prior_strength : float, optional
        Starting values of the sliders.
    rope_max : float, optional
        Right end of the ROPE slider; by default the largest |x - y|.
    n_samples : int, optional
        Posterior samples per update (the same seed every time, so the
        points move smoothly when the ROPE or the prior changes).
    max_points : int, optional
        Samples drawn in the triangle.
    seed : int, optional

    Returns
    -------
    widget : ipywidgets.VBox
    """
    x, y = check_scores(x, "x"), check_scores(y, "y")
    if x.size != y.size:
        raise ValueError(f"x and y must have the same length (one score per data set): x has {x.size}, y "
                         f"has {y.size}")
    first, second = check_names(names, 2, default=("scores_1", "scores_2"), what="algorithm (first, second)")
    test = check_option(test, "test", ROPE_TESTS)
    rope = check_nonnegative(rope, "rope")
    prior_strength = check_positive(prior_strength, "prior_strength")
    n_samples = check_positive_int(n_samples, "n_samples")
    max_points = check_positive_int(max_points, "max_points")
    if rope_max is None:
        rope_max = float(np.max(np.abs(x - y))) or 1.0
    rope_max = check_positive(rope_max, "rope_max")
    style = {"description_width": "initial"}
    rope_slider = widgets.FloatSlider(value=min(rope, rope_max), min=0.0, max=rope_max, step=rope_max / 100,
                                      readout_format=".4g", description="ROPE half-width", style=style,
                                      continuous_update=False)
    prior_slider = widgets.FloatSlider(value=prior_strength, min=0.1, max=5.0, step=0.1, readout_format=".1f",
                                       description="prior strength s", style=style, continuous_update=False)
    test_buttons = widgets.ToggleButtons(options=list(ROPE_TESTS), value=test, description="test")
    report = widgets.HTML()

    def background(figure, _key):
        ax = figure.add_subplot()
        simplex_frame(ax, first, second)
        return ax

    def moving(ax, result):
        return simplex_points(ax, result, max_points)

    live = LiveFigure(background, moving, figsize=(5.0, 4.4))

    def update(_change=None):
        result = rope_posterior(x, y, test_buttons.value, rope_slider.value, prior_slider.value, n_samples,
                                seed)
        report.value = posterior_report(result, names=(first, second))
        live.show(None, result, alt=_alt_text(result, first, second),
                  caption=f"Posterior samples of the Bayesian {result.method} test in the probability "
                          "simplex.")

    for control in (rope_slider, prior_slider, test_buttons):
        control.observe(update, names="value")
    update()
    return widgets.VBox([test_buttons, widgets.HBox([rope_slider, prior_slider]),
                         widgets.HBox([live.widget, report])])
