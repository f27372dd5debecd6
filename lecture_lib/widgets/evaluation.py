"""Widgets of chapter 1: the complexity curve of k-NN and the spread of holdout estimates.

Each widget is a pure ``*_report`` function (HTML, tested directly) and a thin explorer over
precomputed curves or tables, whose callbacks call the report and redraw the figure by blitting
(:class:`lecture_lib.live_figure.LiveFigure`).

Taught in chapter 1 (``notebooks/01-evaluation-basics``).
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from .._drawing import mark_k, mark_split
from .._validation import check_count, check_holdout_row, check_instance, check_probability, check_real_array
from ..curves import ComplexityCurve
from ..live_figure import LiveFigure
from ..plots import plot_complexity_curve, plot_holdout_spread

__all__ = [
    "complexity_report",
    "complexity_explorer",
    "holdout_report",
    "holdout_explorer",
]


def complexity_report(curve, k, reference=None) -> str:
    """HTML sentences on the training and test error of k-NN at one k.

    Parameters
    ----------
    curve : lecture_lib.curves.ComplexityCurve
        From :func:`lecture_lib.curves.knn_complexity_curve`.
    k : int
        A value of k on the curve.
    reference : lecture_lib.curves.ComplexityCurve, optional
        The same values of k (``curve.n_neighbors``) scored on a large set of
        new examples, which stands for the "true" error.

    Returns
    -------
    html : str
        The two errors at ``k`` and their gap, and on which side of the best
        k the value lies (smaller k, a more flexible model: the overfitting
        side; larger k: the underfitting side). With ``reference``, the best
        k is the one with the lowest error on the new examples, and the
        report adds that error at ``k`` and what the k with the lowest
        *test* error scores on new data: the minimum of a noisy test curve is
        biased downwards. Without it, the only guide is the k with the
        lowest test error, and the report says that it is a noisy one.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.curves import ComplexityCurve
    >>> from lecture_lib.widgets import complexity_report
    >>> curve = ComplexityCurve(np.array([1, 5, 25]), np.array([0.0, 0.1, 0.2]),
    ...                         np.array([0.3, 0.15, 0.25]), 100, 50)
    >>> "overfitting" in complexity_report(curve, 1)
    True

    With k = 1 the model is more flexible than k = 5, the k with the lowest
    error on these 50 test examples.
    """
    check_instance(curve, ComplexityCurve, "curve", made_by="knn_complexity_curve")
    check_instance(reference, ComplexityCurve, "reference", made_by="knn_complexity_curve", allow_none=True)
    k = check_count(k, "k", minimum=1)
    if reference is not None and not np.array_equal(reference.n_neighbors, curve.n_neighbors):
        raise ValueError("reference must score the same values of k, in the same order, as curve; "
                         f"curve.n_neighbors has {len(curve.n_neighbors)} values, reference.n_neighbors "
                         f"{len(reference.n_neighbors)} and they differ")
    train, test = curve.at(k)
    if reference is not None:
        _, new = reference.at(k)
        best = reference.best_k
        best_what = f"the k with the lowest error on the {reference.n_test} new examples"
    else:
        best = curve.best_k
        best_what = (f"the k with the lowest error on these {curve.n_test} test examples (a noisy guide: "
                     "another test set would put the minimum elsewhere)")
    if k < best:
        side = (f"k = {k} is <b>more flexible</b> than k = {best}, {best_what}: it lies on the "
                "<b>overfitting</b> side, where the model follows noise in its training data.")
    elif k > best:
        side = (f"k = {k} is <b>more rigid</b> than k = {best}, {best_what}: it lies on the "
                "<b>underfitting</b> side, where the model is too simple to follow the classes.")
    else:
        side = f"k = {k} is {best_what}."
    lines = [
        f"<p>k = {k}: training error <b>{train:.3f}</b>, test error <b>{test:.3f}</b> "
        f"(gap {test - train:+.3f}) on {curve.n_test} test examples.</p>",
    ]
    if reference is not None:
        lines.append(f"<p>On the {reference.n_test} new examples the error at k = {k} is "
                     f"<b>{new:.3f}</b>.</p>")
    lines.append(f"<p>{side}</p>")
    if reference is not None:
        lowest = curve.best_k
        lowest_test, lowest_new = curve.at(lowest)[1], reference.at(lowest)[1]
        if lowest == best:
            where = (f"The test error is also lowest at k = {lowest} ({lowest_test:.3f}; "
                     f"{lowest_new:.3f} on new data).")
        else:
            where = (f"The test error is lowest at k = {lowest} ({lowest_test:.3f}); on new data that "
                     f"model's error is {lowest_new:.3f}, against {reference.at(best)[1]:.3f} at k = {best}.")
        lines.append(f"<p>{where} The minimum of a noisy test curve is biased downwards (optimistic on "
                     "average), and it need not mark the best k.</p>")
    return "\n".join(lines)


def complexity_explorer(curve, reference=None, k=1):
    """A slider over k with the complexity curve and :func:`complexity_report`.

    The curves are computed beforehand (``curve``, ``reference``); moving the
    slider only redraws the figure and the sentence.
    """
    complexity_report(curve, k, reference)  # checks the arguments before any control is built
    k = int(k)
    options = [int(v) for v in curve.n_neighbors]
    slider = widgets.SelectionSlider(options=options, value=int(k), description="k",
                                     continuous_update=False, style={"description_width": "initial"})
    report = widgets.HTML(complexity_report(curve, int(k), reference))

    def background(figure, _key):
        ax = figure.add_subplot()
        plot_complexity_curve(curve, reference=reference, ax=ax)
        return ax

    def moving(ax, k):
        return mark_k(ax, curve, k)

    live = LiveFigure(background, moving, figsize=(6.4, 3.6))

    def update(_change=None):
        k = slider.value
        report.value = complexity_report(curve, k, reference)
        train, test = curve.at(k)
        live.show(
            None,
            k,
            alt=f"Training error (blue) and test error (orange) of k-NN against k on a reversed log "
            f"axis; the marked k = {k} has training error {train:.3f} and test error {test:.3f}.",
            caption=f"Training and test error against k; the grey line marks k = {k}.",
        )

    slider.observe(update, names="value")
    update()
    return widgets.VBox([slider, report, live.widget])


def holdout_report(table, test_sizes, test_size, split, reference=None) -> str:
    """HTML summary of one holdout split against all splits of the same test size.

    Parameters
    ----------
    table : ndarray, shape (len(test_sizes), n_splits)
        From :func:`lecture_lib.curves.holdout_accuracy_table`.
    test_sizes : sequence of float
        Test fractions of the rows.
    test_size : float
        The row (one of ``test_sizes``).
    split : int
        The split (column), 0..n_splits - 1: the "seed" of the split.
    reference : float, optional
        The accuracy on new data of the model trained on all examples.

    Returns
    -------
    html : str
        This split's accuracy, and the mean, standard deviation and the range
        holding the middle 95 % of the accuracies over all splits.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.widgets import holdout_report
    >>> table = np.array([[0.80, 0.90, 0.85, 0.95]])
    >>> "0.950" in holdout_report(table, [0.2], 0.2, split=3)
    True
    """
    _, scores = check_holdout_row(table, test_sizes, test_size)
    test_size = check_probability(test_size, "test_size")
    split = check_count(split, "split")
    if split >= scores.size:
        raise ValueError(f"split must be < {scores.size} (the number of splits), got {split}")
    if reference is not None:
        reference = check_probability(reference, "reference", open_interval=False)
    low, high = np.quantile(scores, [0.025, 0.975])
    lines = [
        f"<p>Split {split} (test size {test_size:.0%}): test accuracy <b>{scores[split]:.3f}</b>.</p>",
        f"<p>Over all {scores.size} splits of this size: mean {scores.mean():.3f}, standard deviation "
        f"<b>{scores.std(ddof=1):.3f}</b>; the middle 95 % lie between {low:.3f} and {high:.3f}.</p>",
    ]
    if reference is not None:
        lines.append(f"<p>The model trained on all the data scores {reference:.3f} on new examples.</p>")
    return "\n".join(lines)


def holdout_explorer(table, test_sizes, reference=None, test_size=0.3, split=0):
    """Sliders for the test size and the split ("seed") over a precomputed table."""
    holdout_report(table, test_sizes, test_size, split, reference)  # checks the arguments before any control
    table = check_real_array(table, "table", ndim=2)
    test_size, split = float(test_size), int(split)
    style = {"description_width": "initial"}
    sizes = [float(s) for s in check_real_array(test_sizes, "test_sizes", ndim=1)]
    size_slider = widgets.SelectionSlider(options=[(f"{s:.0%}", s) for s in sizes], value=float(test_size),
                                          description="test size", continuous_update=False, style=style)
    split_slider = widgets.IntSlider(
        value=split,
        min=0,
        max=np.shape(table)[1] - 1,
        description="seed (split)",
        continuous_update=False,
        style=style,
    )
    report = widgets.HTML(holdout_report(table, sizes, float(test_size), split, reference))

    def background(figure, test_size):
        ax = figure.add_subplot()
        plot_holdout_spread(table, sizes, test_size, reference=reference, ax=ax)
        ax.get_legend().remove()  # redrawn with the split's line
        return ax

    def moving(ax, scores, split):
        return [*mark_split(ax, scores, split), ax.legend(loc="upper left", fontsize="small")]

    live = LiveFigure(background, moving, figsize=(6.4, 3.4))
    live.prepare(sizes)  # one background per test size: every slider move is then a blit

    def update(_change=None):
        size, split = size_slider.value, split_slider.value
        report.value = holdout_report(table, sizes, size, split, reference)
        _, scores = check_holdout_row(table, sizes, size)
        live.show(
            size,
            scores,
            split,
            alt=f"Histogram of the test accuracy over {scores.size} random holdout splits with {size:.0%} of "
            f"the data as test set; split {split} (orange line) scored {scores[split]:.3f}.",
            caption=f"Test accuracy over {scores.size} random splits, test size {size:.0%}.",
        )

    size_slider.observe(update, names="value")
    split_slider.observe(update, names="value")
    update()
    return widgets.VBox([widgets.HBox([size_slider, split_slider]), report, live.widget])
