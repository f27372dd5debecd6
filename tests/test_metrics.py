"""lecture_lib.metrics: worked example (seed 003), sklearn oracle, warnings, bad input."""

import warnings

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st

from lecture_lib.metrics import (
    UndefinedMetricWarning,
    accuracy,
    confusion_matrix,
    error_rate,
    f1_score,
    precision,
    recall,
)


def seed_003_predictions():
    """Seed 003 (003_3c17320e6dc419de.txt), "Example", N = 165: TP 100, FN 5, FP 10, TN 50."""
    y_true = np.array([1] * 100 + [1] * 5 + [0] * 10 + [0] * 50)
    y_pred = np.array([1] * 100 + [0] * 5 + [1] * 10 + [0] * 50)
    return y_true, y_pred


def test_seed_003_worked_example():
    y_true, y_pred = seed_003_predictions()
    # seed 003: the table [[TN, FP], [FN, TP]] = [[50, 10], [5, 100]], N = 165
    assert confusion_matrix(y_true, y_pred).tolist() == [[50, 10], [5, 100]]
    # seed 003: "Accuracy = (TP+TN)/N = (100+50)/165 = 0.91"
    assert round(accuracy(y_true, y_pred), 2) == 0.91
    assert accuracy(y_true, y_pred) == 150 / 165
    # seed 003: "Precision = TP/TP + FP = 100/110 = 0.91" (read TP / (TP + FP))
    assert round(precision(y_true, y_pred), 2) == 0.91
    assert precision(y_true, y_pred) == 100 / 110
    # seed 003: "Recall = TP / TP + FN = 100/105 = 0.95" (read TP / (TP + FN))
    assert round(recall(y_true, y_pred), 2) == 0.95
    assert recall(y_true, y_pred) == 100 / 105
    # error = 1 - accuracy = 15/165 (seed 003's definition of error)
    assert error_rate(y_true, y_pred) == 15 / 165
    assert f1_score(y_true, y_pred) == pytest.approx(200 / 215, abs=1e-15)


def test_return_types_are_python_floats():
    y_true, y_pred = seed_003_predictions()
    for f in (accuracy, error_rate, precision, recall, f1_score):
        assert type(f(y_true, y_pred)) is float
    cm = confusion_matrix(y_true, y_pred)
    assert cm.dtype == np.int64


def test_text_and_multiclass_labels():
    y_true = ["cat", "dog", "bird", "cat", "dog"]
    y_pred = ["cat", "cat", "bird", "dog", "dog"]
    assert confusion_matrix(y_true, y_pred).tolist() == [[1, 0, 0], [0, 1, 1], [0, 1, 1]]
    assert confusion_matrix(y_true, y_pred, labels=["dog", "cat", "bird", "fish"]).tolist() == [
        [1, 1, 0, 0],
        [1, 1, 0, 0],
        [0, 0, 1, 0],
        [0, 0, 0, 0],
    ]
    assert precision(y_true, y_pred, positive="dog") == 0.5
    assert recall(y_true, y_pred, positive="bird") == 1.0


labels_strategy = st.integers(min_value=1, max_value=60).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 3), min_size=n, max_size=n),
        st.lists(st.integers(0, 3), min_size=n, max_size=n),
    )
)


@settings(deadline=None, max_examples=200)
@given(labels_strategy)
def test_agrees_with_sklearn(pair):
    y_true, y_pred = map(np.array, pair)
    present = np.union1d(y_true, y_pred)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # sklearn warns when only one label occurs
        expected_cm = skm.confusion_matrix(y_true, y_pred, labels=present)
    np.testing.assert_array_equal(confusion_matrix(y_true, y_pred), expected_cm)
    assert accuracy(y_true, y_pred) == pytest.approx(skm.accuracy_score(y_true, y_pred), abs=1e-12)
    assert error_rate(y_true, y_pred) == pytest.approx(1 - skm.accuracy_score(y_true, y_pred), abs=1e-12)
    for positive in present:
        t = (y_true == positive).astype(int)
        p = (y_pred == positive).astype(int)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for ours, theirs in (
                (precision, skm.precision_score),
                (recall, skm.recall_score),
                (f1_score, skm.f1_score),
            ):
                expected = theirs(t, p, pos_label=1, average="binary", zero_division=0)
                assert ours(y_true, y_pred, positive=positive) == pytest.approx(expected, abs=1e-12)


@settings(deadline=None, max_examples=50)
@given(labels_strategy, st.permutations([0, 1, 2, 3, 4]))
def test_confusion_matrix_labels_order_agrees_with_sklearn(pair, order):
    y_true, y_pred = map(np.array, pair)
    np.testing.assert_array_equal(
        confusion_matrix(y_true, y_pred, labels=order),
        skm.confusion_matrix(y_true, y_pred, labels=order),
    )


def test_undefined_precision_warns():
    with pytest.warns(UndefinedMetricWarning, match="precision is undefined"):
        assert precision([1, 0, 1], [0, 0, 0]) == 0.0


def test_undefined_recall_warns():
    with pytest.warns(UndefinedMetricWarning, match="recall is undefined"):
        assert recall([0, 0, 0], [1, 0, 0]) == 0.0


def test_undefined_f1_warns():
    with pytest.warns(UndefinedMetricWarning, match="F1 is undefined"):
        assert f1_score([1, 0, 0], [0, 1, 0]) == 0.0


def test_defined_metrics_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        precision([1, 0, 1], [1, 0, 0])
        recall([1, 0, 1], [1, 0, 0])
        f1_score([1, 0, 1], [1, 0, 0])


def test_warning_is_a_user_warning():
    assert issubclass(UndefinedMetricWarning, UserWarning)


Y = [0, 1, 1, 0]


@pytest.mark.parametrize("func", [confusion_matrix, accuracy, error_rate, precision, recall, f1_score])
@pytest.mark.parametrize(
    "y_true, y_pred, error, match",
    [
        ([], [], ValueError, "y_true is empty"),
        (Y, [0, 1, 1], ValueError, "same length: y_true has 4, y_pred has 3"),
        ([[0, 1], [1, 0]], Y, ValueError, r"y_true must be 1-D, got an array of shape \(2, 2\)"),
        (Y, [[0, 1, 1, 0]], ValueError, "y_pred must be 1-D"),
        ([0.0, np.nan, 1.0, 0.0], Y, ValueError, r"y_true contains NaN \(first at index 1\)"),
        (Y, [0.0, 1.0, np.nan, 1.0], ValueError, r"y_pred contains NaN \(first at index 2\)"),
        (None, Y, TypeError, "y_true must be a 1-D array of labels, got None"),
        (Y, 3, TypeError, "y_pred must be a 1-D array of labels, got the scalar 3"),
        (Y, ["a", "b", "a", "b"], TypeError, "y_pred holds text labels"),
    ],
)
def test_bad_input(func, y_true, y_pred, error, match):
    with pytest.raises(error, match=match):
        func(y_true, y_pred)


@pytest.mark.parametrize("func", [precision, recall, f1_score])
def test_unknown_positive(func):
    with pytest.raises(
        ValueError, match=r"positive=5 appears in neither y_true nor y_pred \(their labels are \[0, 1\]\)"
    ):
        func(Y, Y, positive=5)
    with pytest.raises(ValueError, match="positive='yes' appears in neither"):
        func(["no", "no"], ["no", "no"], positive="yes")
    with pytest.raises(TypeError, match=r"positive must be a single class label, got \[1\]"):
        func(Y, Y, positive=[1])


def test_confusion_matrix_bad_labels():
    with pytest.raises(ValueError, match=r"labels \[0\] miss the label\(s\) \[1\] found in y_true"):
        confusion_matrix([0, 1], [0, 0], labels=[0])
    with pytest.raises(ValueError, match=r"miss the label\(s\) \[2\] found in y_pred"):
        confusion_matrix([0, 1], [0, 2], labels=[0, 1])
    with pytest.raises(ValueError, match=r"labels must not repeat a class, got \[0, 1, 0\]"):
        confusion_matrix([0, 1], [0, 1], labels=[0, 1, 0])
    with pytest.raises(ValueError, match="labels is empty"):
        confusion_matrix([0, 1], [0, 1], labels=[])
    with pytest.raises(TypeError, match="labels holds text labels"):
        confusion_matrix([0, 1], [0, 1], labels=["a", "b"])
