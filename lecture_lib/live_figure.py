"""Figures that a widget redraws in place, quickly.

Drawing a matplotlib figure from scratch and encoding it as a PNG takes
40-90 ms, most of it spent laying out and rasterising text: tick labels,
titles, legends. A slider should answer well within 100 ms, so the explorers
in :mod:`lecture_lib.widgets` split each figure in two parts:

* the **background**: axes, ticks, labels, everything a control does not
  change. It is drawn once per *key* (for example once per test size), and
  its pixels are kept;
* the **moving artists**: the marker at the chosen k, the histogram of the
  first n replications, and so on. On every callback they are drawn on top
  of a copy of the kept pixels ("blitting", as matplotlib's animations do),
  and the picture goes to the browser as a PNG inside an ``<img>`` with alt
  text and a caption.

The axis limits are frozen once the background is drawn, so a moving
artist can never rescale the axes under the kept pixels. Moving artists are
drawn in z-order and legends last, so the picture matches a full draw up to
the few pixels where a moving line crosses a spine or a tick.
"""

from __future__ import annotations

import base64
import html
import io
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable

import ipywidgets as widgets
import numpy as np
from matplotlib.artist import Artist
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.container import Container
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from PIL import Image

from ._validation import _show, check_positive_int, check_real_array

__all__ = ["LiveFigure", "figure_html"]


def figure_html(png: bytes, alt: str, caption: str = "") -> str:
    """An HTML ``<figure>`` showing PNG bytes inline, with alt text and a caption.

    Parameters
    ----------
    png : bytes
        The encoded image.
    alt : str
        What the figure shows, for readers who cannot see it.
    caption : str, optional
        A visible caption under the image.

    Returns
    -------
    html : str

    Examples
    --------
    >>> from lecture_lib.live_figure import figure_html
    >>> text = figure_html(b"png", alt='k = 5 "marked"', caption="The curve.")
    >>> 'alt="k = 5 &quot;marked&quot;"' in text and "<figcaption>The curve.</figcaption>" in text
    True
    """
    if not isinstance(png, (bytes, bytearray)):
        raise TypeError(f"png must be bytes, got {type(png).__name__}")
    for name, text in (("alt", alt), ("caption", caption)):
        if not isinstance(text, str):
            raise TypeError(f"{name} must be a str, got {type(text).__name__} {_show(text)}")
    data = base64.b64encode(bytes(png)).decode("ascii")
    caption_html = f"<figcaption>{html.escape(caption)}</figcaption>" if caption else ""
    return (f'<figure style="margin: 0">'
            f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt, quote=True)}" '
            f'style="max-width: 100%; height: auto">{caption_html}</figure>')


def _flatten(items, artists: list, containers: list) -> None:
    """Collect the artists (and the containers: bars, error bars) in nested lists."""
    for item in items:
        if isinstance(item, Container):
            containers.append(item)
            _flatten(item.get_children(), artists, [])
        elif isinstance(item, Artist):
            artists.append(item)
        elif isinstance(item, Iterable) and not isinstance(item, str):
            _flatten(item, artists, containers)
        elif item is not None:
            raise TypeError(f"draw_moving must return artists, got {type(item).__name__}")


class LiveFigure:
    """A figure shown in an ``ipywidgets.HTML``, redrawn by blitting.

    Parameters
    ----------
    draw_background : callable
        ``draw_background(figure, key) -> state`` draws everything that does
        not move for this key on an empty :class:`matplotlib.figure.Figure`
        and returns whatever ``draw_moving`` needs (usually the axes).
        Artists it creates with ``animated=True`` are left out of the kept
        pixels; ``draw_moving`` can update and return them.
    draw_moving : callable
        ``draw_moving(state, *args) -> artists`` draws the moving part and
        returns the artists to show. Artists it creates are removed again
        after drawing, so every call starts from the background.
    figsize : (float, float), optional
        Figure size in inches (at ``dpi`` pixels per inch).
    dpi : int, optional
    max_backgrounds : int, optional
        How many keys keep their figure and pixels (least recently used
        ones are dropped).

    Attributes
    ----------
    widget : ipywidgets.HTML
        Put it in the widget's layout; :meth:`show` updates its value.

    Examples
    --------
    >>> from lecture_lib.live_figure import LiveFigure
    >>> def background(fig, key):
    ...     ax = fig.add_subplot()
    ...     ax.set_xlim(0, 10)
    ...     ax.set_title(f"key {key}")
    ...     return ax
    >>> def moving(ax, x):
    ...     return [ax.axvline(x, color="red")]
    >>> live = LiveFigure(background, moving, figsize=(3, 2))
    >>> live.show("a", 4, alt="a red line at x = 4")
    >>> "a red line at x = 4" in live.widget.value
    True
    >>> len(live.render("a", 6)) > 0
    True
    """

    def __init__(self, draw_background: Callable, draw_moving: Callable, figsize=(6.4, 3.6), dpi: int = 100,
                 max_backgrounds: int = 16):
        if not callable(draw_background):
            raise TypeError(f"draw_background must be callable, got {type(draw_background).__name__}")
        if not callable(draw_moving):
            raise TypeError(f"draw_moving must be callable, got {type(draw_moving).__name__}")
        figsize = check_real_array(figsize, "figsize", ndim=1, what="a (width, height) pair of inches")
        if figsize.size != 2 or not np.all(figsize > 0):
            raise ValueError("figsize must be two positive numbers (width, height) in inches, got "
                             f"{figsize.tolist()}")
        dpi = check_positive_int(dpi, "dpi")
        max_backgrounds = check_positive_int(max_backgrounds, "max_backgrounds")
        self._draw_background = draw_background
        self._draw_moving = draw_moving
        self._figsize = tuple(float(v) for v in figsize)
        self._dpi = dpi
        self._max_backgrounds = max_backgrounds
        self._cache: OrderedDict = OrderedDict()
        self.widget = widgets.HTML()

    def _background(self, key: Hashable):
        """The figure, state and kept pixels for ``key``, drawing them on first use."""
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        # "tight" fits labels into the figure, as the notebook's inline backend does for plt.show().
        figure = Figure(figsize=self._figsize, dpi=self._dpi, layout="tight")
        FigureCanvasAgg(figure)
        state = self._draw_background(figure, key)
        # Legends stay on top of everything, as in a full draw: they are drawn after the moving artists.
        legends = [ax.get_legend() for ax in figure.axes if ax.get_legend() is not None]
        for legend in legends:
            legend.set_animated(True)
        figure.canvas.draw()  # fixes the axis limits and lays out the text
        for ax in figure.axes:
            ax.set_autoscale_on(False)
        entry = (figure, state, figure.canvas.copy_from_bbox(figure.bbox), legends)
        self._cache[key] = entry
        while len(self._cache) > self._max_backgrounds:
            self._cache.popitem(last=False)
        return entry

    def prepare(self, keys: Iterable[Hashable]) -> None:
        """Draw the backgrounds of ``keys`` now, so that the first visit is fast too."""
        for key in keys:
            self._background(key)

    def render(self, key: Hashable, *args) -> bytes:
        """The PNG bytes of the background for ``key`` with the moving artists for ``args``."""
        figure, state, pixels, legends = self._background(key)
        canvas = figure.canvas
        canvas.restore_region(pixels)
        artists, containers = [], []
        _flatten(self._draw_moving(state, *args) or (), artists, containers)
        temporary = [a for a in artists if not a.get_animated()]
        # Stable sort: lower layers first, as a full draw orders them; legends last.
        artists.sort(key=lambda a: (a.get_zorder(), isinstance(a, Legend)))
        artists += [legend for legend in legends if legend not in artists]
        try:
            for artist in artists:
                artist.set_animated(True)
                figure.draw_artist(artist)
        finally:
            for container in containers:
                if any(a in temporary for a in container.get_children()):
                    container.remove()  # also removes its artists
            for artist in temporary:
                if artist.axes is not None or artist.figure is not None:
                    artist.remove()
        buffer = io.BytesIO()
        # Level 1 compresses a plot about as well as the default level 6, several times faster.
        Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba(), "raw", "RGBA", 0, 1).save(
            buffer, format="png", compress_level=1)
        return buffer.getvalue()

    def show(self, key: Hashable, *args, alt: str, caption: str = "") -> None:
        """Render and put the figure, its alt text and its caption into :attr:`widget`."""
        self.widget.value = figure_html(self.render(key, *args), alt, caption)
