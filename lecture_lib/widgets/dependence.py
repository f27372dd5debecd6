"""Widget of chapter 10: how the standard error of a comparison over seeds and splits shrinks with each.

A thin ipywidgets front end over the pure :func:`seeds_report`, which returns
HTML and is tested directly; the callback only evaluates a closed form, so it
answers in well under a millisecond.

Taught in chapter 10 (``notebooks/10-seeds-groups-time``).
"""

from __future__ import annotations

import ipywidgets as widgets
from scipy import stats

from .._validation import check_count, check_instance, check_probability
from ..seeds import SeedSplitVariance, design_std_error

__all__ = ["seeds_explorer", "seeds_report"]

_STYLE = {"description_width": "initial"}


def seeds_report(variance: SeedSplitVariance, n_splits, n_seeds, confidence: float = 0.95) -> str:
    """HTML: standard error and interval half-width of a mean difference for a design of splits x seeds.

    Examples
    --------
    >>> from lecture_lib.seeds import SeedSplitVariance
    >>> from lecture_lib.widgets import seeds_report
    >>> v = SeedSplitVariance(0.01, 4e-4, 4e-4, 0.5, 10, 5)
    >>> "trainings" in seeds_report(v, 10, 3)
    True
    """
    check_instance(variance, SeedSplitVariance, "variance", made_by="seed_split_variance")
    n_splits = check_count(n_splits, "n_splits", minimum=1)
    n_seeds = check_count(n_seeds, "n_seeds", minimum=1)
    se = design_std_error(variance, n_splits, n_seeds)
    confidence = check_probability(confidence, "confidence")
    half = float(stats.norm.ppf(0.5 + confidence / 2)) * se
    seed_part = variance.seed_variance / (n_splits * n_seeds)
    split_part = variance.split_variance / n_splits
    total = split_part + seed_part
    share = seed_part / total if total > 0 else float("nan")
    return "\n".join([
        f"<p>{n_splits} split(s) x {n_seeds} seed(s) = {2 * n_splits * n_seeds} trainings for two "
        "algorithms.</p>",
        f"<p>Standard error of the mean difference: {se:.4f}; {confidence:.0%} half-width about {half:.4f} "
        f"(the observed mean difference is {variance.mean:+.4f}).</p>",
        f"<p>Share of this variance due to the seeds: {share:.0%}; the rest is the splits'. "
        "More seeds shrink only the seeds' share.</p>",
    ])


def seeds_explorer(variance: SeedSplitVariance, max_splits: int = 40, max_seeds: int = 20):
    """Sliders for the number of splits and of seeds per split."""
    check_instance(variance, SeedSplitVariance, "variance", made_by="seed_split_variance")
    splits = widgets.IntSlider(value=5, min=1, max=check_count(max_splits, "max_splits", minimum=1),
                               description="splits", style=_STYLE)
    seeds = widgets.IntSlider(value=1, min=1, max=check_count(max_seeds, "max_seeds", minimum=1),
                              description="seeds per split", style=_STYLE)
    report = widgets.HTML(seeds_report(variance, splits.value, seeds.value))

    def update(_change=None):
        report.value = seeds_report(variance, splits.value, seeds.value)

    splits.observe(update, names="value")
    seeds.observe(update, names="value")
    return widgets.VBox([widgets.HBox([splits, seeds]), report])
