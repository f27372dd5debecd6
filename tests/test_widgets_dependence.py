"""lecture_lib.widgets.dependence: chapter 10's seeds explorer (a pure HTML report) and its wiring."""

import numpy as np
import pytest
from scipy import stats

from lecture_lib import SeedSplitVariance, design_std_error, seed_split_variance
from lecture_lib.widgets import seeds_explorer, seeds_report

RNG = np.random.default_rng(0)
# six splits x three seeds: a split effect (sd 0.03) shared by the seeds of a split, and seed noise (sd 0.02)
VARIANCE = seed_split_variance(RNG.normal(0, 0.02, (6, 3)) + RNG.normal(0, 0.03, (6, 1)))


def test_seeds_report_standard_error_and_half_width():
    html = seeds_report(VARIANCE, 12, 3, confidence=0.9)
    se = design_std_error(VARIANCE, 12, 3)
    assert f"{se:.4f}" in html
    assert f"{stats.norm.ppf(0.95) * se:.4f}" in html  # the 90 % half-width, z = 1.645
    assert "72 trainings" in html  # 12 splits x 3 seeds x 2 algorithms
    assert f"{VARIANCE.mean:+.4f}" in html


def test_seeds_report_share_of_the_seeds():
    # split variance 4e-4, seed variance 8e-4: with 2 splits x 1 seed the seeds' share is
    # (8e-4 / 2) / (4e-4 / 2 + 8e-4 / 2) = 2/3; with 2 splits x 4 seeds it is 1/3
    v = SeedSplitVariance(0.01, 4e-4, 8e-4, 0.5, 10, 5)
    assert "due to the seeds: 67%" in seeds_report(v, 2, 1)
    assert "due to the seeds: 33%" in seeds_report(v, 2, 4)


def test_reports_reject_bad_input():
    with pytest.raises(ValueError, match="n_seeds must be >= 1"):
        seeds_report(VARIANCE, 3, 0)
    with pytest.raises(TypeError):
        seeds_explorer({"split_variance": 1.0})


def test_explorer_updates_its_report():
    box = seeds_explorer(VARIANCE)
    splits, seeds = box.children[0].children
    before = box.children[1].value
    seeds.value = 4
    assert box.children[1].value != before
    assert box.children[1].value == seeds_report(VARIANCE, splits.value, 4)
    splits.value = 20
    assert box.children[1].value == seeds_report(VARIANCE, 20, 4)
