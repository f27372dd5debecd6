"""Figures stay readable where the course shows them: no text below 9 pt at the displayed size.

The book shows a figure at its natural size, or scaled down to the column width (688 px at a
1280 px window) if it is wider. A figure drawn at ``dpi`` dots per inch and ``w`` pixels wide, with
text of ``f`` points, therefore shows that text at ``f * dpi / 72 * min(1, 688 / w)`` CSS pixels,
that is ``0.75`` times as many CSS points. These tests compute that number for every text of every
figure the library draws for the chapters, and check the chapters' stored figures: no figure wider
than the column (so nothing is scaled down) and no font size below 9 pt in the chapters' own code.
(The critical-difference diagram and the decision diagram have their own tests.)
"""

from __future__ import annotations

import base64
import json
import re
import struct
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.font_manager import FontProperties  # noqa: E402

from lecture_lib import (  # noqa: E402
    LearningCurve,
    bayesian_correlated_ttest,
    bayesian_signed_rank,
    knn_complexity_curve,
    paired_power_curve,
    plot_complexity_curve,
    plot_holdout_spread,
    plot_learning_curve,
    plot_mcnemar_pvalue_heatmap,
    plot_mcnemar_rejection_curves,
    plot_nested_cv_diagram,
    plot_paired_rejection_rates,
    plot_posterior_simplex,
    plot_posterior_t,
    plot_power_curves,
    plot_pvalue_histogram,
    plot_rejection_rates,
    plot_tuning_bias,
    simulate_mcnemar,
    simulate_paired_tests,
    simulate_tuning_bias,
)
from lecture_lib.plots import plot_signed_rank_null  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
COLUMN_PX = 688  # the book's text column at a 1280 px window (learner-experience review)
MIN_DISPLAYED_PT = 9.0
INLINE_DPI = 100  # matplotlib's default figure.dpi, used by the inline backend that stores the PNGs
# The chapters converted to the content rules of issue 18 (03, 06 and 10 follow in the next phase).
CHAPTERS = ("01", "02", "04", "05", "07", "08", "09")


def displayed_points(fontsize_pt: float, width_px: float, dpi: float = INLINE_DPI) -> float:
    """Size in CSS points of text of ``fontsize_pt`` in a figure ``width_px`` wide, as the book shows it."""
    scale = min(1.0, COLUMN_PX / width_px)
    return fontsize_pt * dpi / 72 * scale * 0.75


def smallest_text(fig) -> tuple[float, str]:
    """Smallest font size (pt) of any visible, non-empty text of ``fig``, and that text."""
    fig.canvas.draw()
    sizes = [(t.get_fontsize(), t.get_text()) for t in fig.findobj(matplotlib.text.Text)
             if t.get_visible() and t.get_text().strip()]
    return min(sizes)


def tight_width_px(fig, dpi: float = INLINE_DPI) -> float:
    """Width in pixels of ``fig`` saved with ``bbox_inches="tight"`` (what the inline backend stores)."""
    fig.canvas.draw()
    bbox = fig.get_tightbbox(fig.canvas.get_renderer())
    return (bbox.width + 0.2) * dpi  # savefig's default pad_inches = 0.1 on each side


def test_displayed_points_formula():
    # 10 pt at 100 dpi is 13.9 px; a figure 1100 px wide is shown at 688/1100 of its size: 8.7 px = 6.5 pt.
    assert displayed_points(10, 1100) == pytest.approx(10 * 100 / 72 * 688 / 1100 * 0.75)
    assert displayed_points(10, 1100) < MIN_DISPLAYED_PT  # the review's "about 6 px" two-panel figures
    assert displayed_points(9, 600) == pytest.approx(9 * 100 / 72 * 0.75)  # not scaled: 9.4 pt
    assert displayed_points(FontProperties(size="small").get_size_in_points(), 600) < MIN_DISPLAYED_PT


def _data(seed, n=100):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 4))
    y = (X[:, 0] + rng.normal(scale=1.0, size=n) > 0).astype(int)
    return X, y


@pytest.fixture(scope="module")
def paired_null():
    return simulate_paired_tests(n_examples=100, n_reps=60, n_repeats=2, seed=11)


def _figures(paired_null):
    """One drawing of every library plot a chapter shows (small inputs, same code path)."""
    X, y = _data(1)
    curve = knn_complexity_curve(X[:70], y[:70], X[70:], y[70:], np.arange(1, 40))
    table = np.array([[0.8, 0.9, 0.85, 0.8], [0.7, 0.75, 0.8, 0.85]])
    learning = LearningCurve(np.array([10, 20, 40]), np.array([[1.0, 1.0, 0.9], [0.9, 0.95, 0.92]]),
                             np.array([[0.6, 0.7, 0.75], [0.8, 0.8, 0.8]]))
    scores_a = [0.81, 0.84, 0.80, 0.83, 0.85, 0.82, 0.84, 0.79, 0.83, 0.82]
    scores_b = [0.79, 0.81, 0.80, 0.80, 0.82, 0.80, 0.83, 0.78, 0.80, 0.81]
    return {
        "mcnemar heat map": lambda: plot_mcnemar_pvalue_heatmap(20, "corrected"),
        "mcnemar rejection curves": lambda: plot_mcnemar_rejection_curves(20, alpha=0.05),
        "mcnemar rejection rates": lambda: plot_rejection_rates(
            simulate_mcnemar(n_test=100, p_discordant=0.1, n_reps=500, seed=0)),
        "complexity curve": lambda: plot_complexity_curve(curve, k=5, reference=curve),
        "holdout spread": lambda: plot_holdout_spread(table, [0.2, 0.5], 0.5, split=1, reference=0.78),
        "learning curve": lambda: plot_learning_curve(learning, label="tree"),
        "paired rejection rates": lambda: plot_paired_rejection_rates(paired_null.rates(0.05)),
        "p-value histogram": lambda: plot_pvalue_histogram(paired_null.pvalues[:, 0], 0.05),
        "power curves": lambda: plot_power_curves(
            paired_power_curve([0.0, 0.1], n_reps=20, seed=0, n_examples=80), tests=["5x2cv_f", "mcnemar"]),
        "signed-rank null": lambda: plot_signed_rank_null([0.02, -0.01, 0.03, 0.05, 0.04, 0.0, 0.06]),
        "tuning bias": lambda: plot_tuning_bias(
            simulate_tuning_bias(n_samples=40, max_configs=6, n_reps=30, seed=0), n_configs=3),
        "nested cv diagram": lambda: plot_nested_cv_diagram(5, 2, outer_fold=0),
        "posterior t": lambda: plot_posterior_t(
            bayesian_correlated_ttest(scores_a, scores_b, 1 / 9, rope=0.01), names=("A", "B")),
        "posterior simplex": lambda: plot_posterior_simplex(
            bayesian_signed_rank(scores_a, scores_b, rope=0.01, n_samples=2000, seed=0),
            names=("A", "B"), max_points=500),
    }


def test_library_figures_show_text_of_at_least_9_pt(paired_null):
    problems = []
    for name, draw in _figures(paired_null).items():
        fig = draw().figure
        size, text = smallest_text(fig)
        shown = displayed_points(size, tight_width_px(fig))
        if shown < MIN_DISPLAYED_PT:
            problems.append(f"{name}: {text!r} at {size:g} pt shows at {shown:.1f} pt")
        plt.close(fig)
    assert not problems, "text below 9 pt at the displayed size:\n" + "\n".join(problems)


def test_the_check_catches_a_wide_figure_and_a_small_font():
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))  # the review's two-panel figures
    axes[0].set_title("ten point title")
    size, _ = smallest_text(fig)
    assert displayed_points(size, tight_width_px(fig)) < MIN_DISPLAYED_PT
    plt.close(fig)
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.legend(handles=[ax.plot([0, 1])[0]], labels=["small legend"], fontsize="small")
    size, text = smallest_text(fig)
    assert text == "small legend" and displayed_points(size, tight_width_px(fig)) < MIN_DISPLAYED_PT
    plt.close(fig)


def _png_widths(notebook: Path):
    for index, cell in enumerate(json.loads(notebook.read_text(encoding="utf-8"))["cells"]):
        for output in cell.get("outputs", []):
            png = output.get("data", {}).get("image/png")
            if png:
                header = base64.b64decode(png[:64])
                yield index, struct.unpack(">I", header[16:20])[0]


NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if p.name[:2] in CHAPTERS)
SMALL_FONT = re.compile(r"""fontsize\s*=\s*(?:["'](?:xx-small|x-small|small)["']|([0-8](?:\.\d+)?)\b)""")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_figures_fit_the_column_and_use_no_small_fonts(notebook):
    """The stored figures are shown unscaled (at most 688 px wide), so 10 pt text shows at 10.4 pt.

    Their text comes from the library's plot functions (checked above) and from matplotlib's
    defaults (10 pt and larger) unless the chapter's code asks for a smaller size, which it must not.
    """
    too_wide = [f"cell {i}: {w} px" for i, w in _png_widths(notebook) if w > COLUMN_PX + 2]
    assert not too_wide, f"{notebook.name}: figures wider than the {COLUMN_PX} px column: {too_wide}"
    assert displayed_points(plt.rcParams["font.size"], COLUMN_PX) >= MIN_DISPLAYED_PT
    code = notebook.with_suffix(".py").read_text(encoding="utf-8")
    small = [m.group(0) for m in SMALL_FONT.finditer(code)]
    assert not small, f"{notebook.name}: font sizes below 9 pt in the chapter's code: {small}"
