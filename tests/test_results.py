"""The shared result types: Interval prints and unpacks as documented."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import lecture_lib
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


# --------------------------------------------------------------------------- one way to read the effect (issue 26)

# Results with no single effect: omnibus tests (an effect per model), families of pairs (an effect per
# pair) and the tests without an interval of their own (the difference of proportions is a test to avoid;
# a permutation test gives a p-value, paired_bootstrap the interval).
NO_SINGLE_EFFECT = {
    "CochranQResult", "FriedmanResult", "LooneyFResult", "MarginalHomogeneityResult", "FTest5x2cvResult",
    "PairwiseMcNemarResult", "NemenyiResult", "BonferroniDunnResult", "PairwiseComparisons",
    "ControlComparisons", "PermutationTestResult", "ProportionDifferenceResult",
    "CalibrationResult",  # a goodness-of-fit test: the effect is the whole reliability diagram
}


def test_every_test_result_says_whether_it_has_one_effect():
    import inspect

    from lecture_lib._results import TestResult

    classes = {name: obj for name, obj in vars(lecture_lib).items()
               if inspect.isclass(obj) and issubclass(obj, TestResult) and obj is not TestResult}
    assert len(classes) >= 20
    for name, cls in classes.items():
        has_one = cls._effect_attribute is not None or name == "AlgorithmComparison"
        assert has_one != (name in NO_SINGLE_EFFECT), f"{name}: set _effect_attribute or list it as having none"


def _excludes(interval, null):
    return not interval.low <= null <= interval.high


def test_the_effect_interval_agrees_with_the_verdict_of_its_test():
    # McNemar (every variant) and the sign test: the share of the disagreements won by the first model;
    # the interval inverts the test, so it excludes 1/2 exactly when p <= 0.05 (all b, c up to 39)
    for method in ("exact", "midp", "chi2", "corrected"):
        for b in range(40):
            for c in range(40 - b):
                if b + c:
                    r = lecture_lib.mcnemar([[5, b], [c, 5]], method=method)
                    assert r.effect_null == 0.5
                    assert (r.pvalue <= 0.05) == _excludes(r.effect_interval, 0.5), (method, b, c)
    rng = np.random.default_rng(3)
    for _ in range(200):
        x, y = rng.normal(0.3, 1, 12), rng.normal(0, 1, 12)
        for r in (lecture_lib.paired_ttest(x, y), lecture_lib.sign_test(x, y),
                  lecture_lib.kfold_cv_ttest(x[:10], y[:10])):
            assert (r.pvalue <= 0.05) == _excludes(r.effect_interval, r.effect_null), type(r).__name__
        a = rng.normal(0.8, 0.02, (10, 10))
        r = lecture_lib.corrected_repeated_cv_ttest(a, a - rng.normal(0.004, 0.02, (10, 10)))
        assert (r.pvalue <= 0.05) == _excludes(r.effect_interval, 0.0)
        a5 = rng.normal(0.8, 0.02, (5, 2))
        r = lecture_lib.ttest_5x2cv(a5, a5 - rng.normal(0.01, 0.02, (5, 2)))
        assert (r.pvalue <= 0.05) == _excludes(r.effect_interval, 0.0)
    # the attribute it reads: McNemar's share, not the Bonett-Price difference of the accuracies
    r = lecture_lib.mcnemar([[50, 20], [11, 19]])
    assert r.effect_interval is r.win_probability and r.effect_interval.estimate == 20 / 31
    y = [0, 1, 1, 0, 1, 0]
    assert lecture_lib.cochrans_q(y, [0, 1, 0, 0, 1, 1], [1, 1, 1, 0, 1, 0], y).effect_interval is None
