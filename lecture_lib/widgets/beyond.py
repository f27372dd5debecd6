"""Widgets of chapter 9: coverage of CV intervals, bootstrap intervals for F1.

Each widget is a thin ipywidgets front end over a pure ``*_report`` function
that returns HTML and is tested directly; every callback only counts or
resamples precomputed counts, so it answers in a few milliseconds.

Taught in chapter 9 (``notebooks/09-beyond-accuracy``).
"""

from __future__ import annotations

import ipywidgets as widgets

from .._validation import check_count, check_instance, check_option, check_probability
from ..cv_intervals import CVCoverage, coverage_table
from ..metric_tests import BOOTSTRAP_METHODS, paired_bootstrap, paired_permutation_test

__all__ = [
    "bootstrap_explorer",
    "bootstrap_report",
    "coverage_explorer",
    "coverage_report",
]

_STYLE = {"description_width": "initial"}


def coverage_report(coverage: CVCoverage, n_used=None, target: str = "accuracy_xy") -> str:
    """HTML table: how often each interval covered the truth in the first ``n_used`` data sets.

    Examples
    --------
    >>> from lecture_lib.cv_intervals import simulate_cv_coverage
    >>> from lecture_lib.widgets import coverage_report
    >>> "nested" in coverage_report(simulate_cv_coverage(n_datasets=10, seed=0), n_used=5)
    True
    """
    check_instance(coverage, CVCoverage, "coverage", made_by="simulate_cv_coverage")
    n_used = coverage.n_datasets if n_used is None else check_count(n_used, "n_used", minimum=1)
    table = coverage_table(coverage, n_used, target)
    what = ("the accuracy of the model trained on each data set (Err_XY)" if target == "accuracy_xy"
            else f"the average accuracy of the procedure ({coverage.accuracy:.3f}, Err)")
    rows = []
    for name in ("naive", "nested"):
        rate, low, high, width = table[name]
        flag = " (below nominal)" if high < coverage.confidence else ""
        rows.append(f"<tr><td>{name}</td><td>{rate:.3f}{flag}</td><td>[{low:.3f}, {high:.3f}]</td>"
                    f"<td>{width:.3f}</td></tr>")
    return "\n".join([
        f"<p>Coverage of {what} by the {coverage.confidence:.0%} intervals, over {n_used} simulated data "
        "sets.</p>",
        "<table class='cv-coverage'><thead><tr><th>interval</th><th>coverage</th>"
        "<th>95 % Monte Carlo interval</th><th>mean width</th></tr></thead><tbody>",
        *rows,
        "</tbody></table>",
    ])


def coverage_explorer(coverage: CVCoverage, step: int = 50):
    """A slider for the number of simulated data sets counted, and the target to cover."""
    check_instance(coverage, CVCoverage, "coverage", made_by="simulate_cv_coverage")
    step = check_count(step, "step", minimum=1)
    total = coverage.n_datasets
    slider = widgets.IntSlider(value=min(step, total), min=min(step, total), max=total, step=step,
                               description="data sets counted", style=_STYLE)
    target = widgets.Dropdown(options=[("model at hand (Err_XY)", "accuracy_xy"),
                                       ("procedure (Err)", "accuracy")],
                              value="accuracy_xy", description="target", style=_STYLE)
    report = widgets.HTML(coverage_report(coverage, slider.value, target.value))

    def update(_change=None):
        report.value = coverage_report(coverage, slider.value, target.value)

    slider.observe(update, names="value")
    target.observe(update, names="value")
    return widgets.VBox([widgets.HBox([slider, target]), report])


def bootstrap_report(y_true, y_pred_1, y_pred_2, metric: str = "f1", method: str = "bca",
                     confidence: float = 0.95,
                     n_resamples: int = 2000, seed: int = 0, positive=1) -> str:
    """HTML: the metric of both models, the bootstrap interval of the difference and the permutation p-value.

    Examples
    --------
    >>> from lecture_lib.widgets import bootstrap_report
    >>> y = [0, 1, 1, 0, 1, 0, 1, 1, 0, 0]
    >>> "permutation" in bootstrap_report(y, [0, 1, 0, 0, 1, 0, 1, 1, 1, 0], [1, 1, 1, 0, 0, 0, 1, 0, 0, 0])
    True
    """
    method = check_option(method, "method", BOOTSTRAP_METHODS)
    confidence = check_probability(confidence, "confidence")
    n_resamples = check_count(n_resamples, "n_resamples", minimum=1)
    boot = paired_bootstrap(y_true, y_pred_1, y_pred_2, metric=metric, n_resamples=n_resamples,
                            confidence=confidence, seed=seed, method=method, positive=positive)
    perm = paired_permutation_test(y_true, y_pred_1, y_pred_2, metric=metric, seed=seed, positive=positive)
    iv = boot.difference
    excludes = iv.low > 0 or iv.high < 0
    return "\n".join([
        f"<p>{metric}: model 1 {boot.metric_1:.4f}, model 2 {boot.metric_2:.4f}; difference "
        f"<b>{iv.estimate:+.4f}</b>, {confidence:.0%} {method} interval [{iv.low:+.4f}, {iv.high:+.4f}] "
        f"({'excludes' if excludes else 'includes'} 0; {n_resamples} resamples).</p>",
        f"<p>Paired permutation test ({perm.method}): p = {perm.pvalue:.4g} "
        f"(H0: the two models' predictions are exchangeable on every example).</p>",
    ])


def bootstrap_explorer(y_true, y_pred_1, y_pred_2, positive=1):
    """Dropdowns for the metric and the interval method, a slider for the confidence level."""
    metric = widgets.Dropdown(options=["f1", "accuracy"], value="f1", description="metric", style=_STYLE)
    method = widgets.Dropdown(options=list(BOOTSTRAP_METHODS), value="bca", description="interval",
                              style=_STYLE)
    level = widgets.FloatSlider(value=0.95, min=0.80, max=0.99, step=0.01, readout_format=".2f",
                                description="confidence", style=_STYLE)
    report = widgets.HTML(bootstrap_report(y_true, y_pred_1, y_pred_2, positive=positive))

    def update(_change=None):
        report.value = bootstrap_report(y_true, y_pred_1, y_pred_2, metric.value, method.value, level.value,
                                        positive=positive)

    for control in (metric, method, level):
        control.observe(update, names="value")
    return widgets.VBox([widgets.HBox([metric, method, level]), report])
