"""The shared result types: Interval prints and unpacks as documented."""

from __future__ import annotations

import dataclasses

import pytest

from lecture_lib import Interval


def test_interval_unpacks_as_low_high_and_is_frozen():
    interval = Interval(estimate=0.5, low=0.4, high=0.7, confidence=0.95, method="wilson")
    low, high = interval
    assert (low, high) == (0.4, 0.7)
    with pytest.raises(dataclasses.FrozenInstanceError):
        interval.low = 0.0


def test_interval_prints_estimate_limits_confidence_and_method():
    text = str(Interval(estimate=0.25, low=0.125, high=0.5, confidence=0.9, method="clopper-pearson"))
    assert text == "0.25 [0.125, 0.5] (90 % clopper-pearson)"
