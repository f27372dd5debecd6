"""LiveFigure: blitted pictures match full draws, nothing accumulates, limits stay frozen."""

from __future__ import annotations

import base64
import io
import re

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from PIL import Image  # noqa: E402

from lecture_lib import widgets as lw  # noqa: E402
from lecture_lib._drawing import mark_k  # noqa: E402
from lecture_lib.curves import ComplexityCurve  # noqa: E402
from lecture_lib.live_figure import LiveFigure, figure_html  # noqa: E402
from lecture_lib.plots import plot_complexity_curve  # noqa: E402

CURVE = ComplexityCurve(np.array([1, 2, 5, 10, 25]), np.array([0.0, 0.05, 0.1, 0.15, 0.2]),
                        np.array([0.3, 0.22, 0.15, 0.18, 0.25]), 100, 50)


def _pixels(png: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


def _complexity_live():
    def background(figure, _key):
        ax = figure.add_subplot()
        plot_complexity_curve(CURVE, ax=ax)
        return ax

    return LiveFigure(background, lambda ax, k: mark_k(ax, CURVE, k), figsize=(6.4, 3.6))


def _full_draw(k: int) -> np.ndarray:
    figure = Figure(figsize=(6.4, 3.6), dpi=100, layout="tight")  # as LiveFigure draws
    FigureCanvasAgg(figure)
    plot_complexity_curve(CURVE, k=k, ax=figure.add_subplot())
    figure.canvas.draw()
    return np.asarray(figure.canvas.buffer_rgba()).copy()


@pytest.mark.parametrize("k", [1, 5, 25])
def test_blitted_picture_matches_a_full_draw(k):
    blitted = _pixels(_complexity_live().render(None, k))
    full = _full_draw(k)
    assert blitted.shape == full.shape
    differ = np.any(blitted != full, axis=2)
    # Only where the moving line meets a spine do the two draws layer pixels differently.
    assert differ.mean() < 1e-3, differ.sum()
    # ... and the marker is there: the blitted picture differs from the background alone.
    background = _pixels(_complexity_live().render(None, 5 if k != 5 else 1))
    assert np.any(blitted != background)


def test_moving_artists_do_not_accumulate_or_rescale():
    live = _complexity_live()
    first = live.render(None, 5)
    _, ax, _, _ = live._cache[None]
    lines, xlim = len(ax.lines), ax.get_xlim()
    for k in (1, 25, 10):
        live.render(None, k)
    assert live.render(None, 5) == first
    assert len(ax.lines) == lines and ax.get_xlim() == xlim

    def moving(ax, x):
        return [ax.plot([x], [x], "o")]  # far outside the frozen limits

    frozen = LiveFigure(lambda fig, key: fig.add_subplot(), moving, figsize=(2, 2))
    frozen.render("k", 0.5)
    _, ax, _, _ = frozen._cache["k"]
    before = (ax.get_xlim(), ax.get_ylim())
    frozen.render("k", 1e6)
    assert (ax.get_xlim(), ax.get_ylim()) == before


def test_backgrounds_are_kept_per_key_least_recently_used_first_out():
    calls = []

    def background(figure, key):
        calls.append(key)
        return figure.add_subplot()

    live = LiveFigure(background, lambda ax: [], figsize=(2, 2), max_backgrounds=2)
    live.prepare(["a", "b"])
    live.render("a")  # a is now the most recent
    live.render("c")  # drops b
    live.render("a")
    live.render("b")
    assert calls == ["a", "b", "c", "b"]


def test_show_writes_alt_text_and_caption_around_a_png():
    live = _complexity_live()
    live.show(None, 5, alt='k = 5 <marked> "here"', caption="Error against k.")
    value = live.widget.value
    assert 'alt="k = 5 &lt;marked&gt; &quot;here&quot;"' in value
    assert "<figcaption>Error against k.</figcaption>" in value
    data = re.search(r'src="data:image/png;base64,([^"]+)"', value).group(1)
    assert base64.b64decode(data) == live.render(None, 5)


def test_bad_arguments_are_named():
    with pytest.raises(TypeError, match="draw_background must be callable, got int"):
        LiveFigure(1, lambda ax: [])
    with pytest.raises(TypeError, match="draw_moving must be callable, got str"):
        LiveFigure(lambda fig, key: None, "x")
    live = LiveFigure(lambda fig, key: fig.add_subplot(), lambda ax: [3.0], figsize=(2, 2))
    with pytest.raises(TypeError, match="draw_moving must return artists, got float"):
        live.render("k")
    with pytest.raises(TypeError, match="png must be bytes, got str"):
        figure_html("png", alt="x")


def _img(box_value: str) -> bytes:
    return base64.b64decode(re.search(r'base64,([^"]+)"', box_value).group(1))


def test_explorers_redraw_their_figure_and_describe_it():
    box = lw.complexity_explorer(CURVE, k=1)
    slider, figure = box.children[0], box.children[2]
    before = figure.value
    slider.value = 10
    assert figure.value != before
    train, test = CURVE.at(10)
    assert f"k = 10 has training error {train:.3f} and test error {test:.3f}" in figure.value

    heat = lw.mcnemar_heatmap_explorer(max_count=20)
    size, variant = heat.children[0].children
    picture = heat.children[1]
    zoomed_in = _img(picture.value)
    size.value = 100
    assert "b and c from 0 to 100" in picture.value and _img(picture.value) != zoomed_in
    variant.value = "midp"
    assert "midp minus exact" in picture.value

    sim = lw.mcnemar_type1_explorer(n_test=100, n_reps=1000)
    text, picture = sim.children[2], sim.children[3]
    assert "Expected number of disagreements per test set: 5.0" in text.value
    assert "1000 simulated test sets of n = 100" in picture.value
