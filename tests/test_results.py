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


def test_a_tuple_of_intervals_prints_one_per_line():
    # Cochran's Q and other results hold one interval per model: each on its own line, aligned
    # under the first, instead of the tuple's repr.
    import dataclasses

    from lecture_lib import Interval
    from lecture_lib._results import TestResult

    @dataclasses.dataclass(frozen=True)
    class Example(TestResult):
        statistic: float
        intervals: tuple

    text = str(Example(1.5, (Interval(0.5, 0.25, 0.75, 0.95, "wilson"), Interval(1.0, 0.5, 1.0, 0.95, "wilson"))))
    assert text.splitlines() == [
        "Example",
        "  statistic : 1.5",
        "  intervals : 0.5 [0.25, 0.75] (95 % wilson)",
        "              1 [0.5, 1] (95 % wilson)",
    ]
