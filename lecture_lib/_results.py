"""Result objects shared by all tests.

Every test returns a frozen dataclass with at least ``statistic`` and
``pvalue`` (a Python float in [0, 1]). The objects print as a short, aligned
summary so that a notebook cell shows something readable.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ._text import WIDTH, fill

__all__ = ["Interval", "Printable", "TestResult", "field_block", "format_value"]


def format_value(value) -> str:
    """A field's value as the results print it: 6 significant digits, arrays at 4 decimals."""
    if isinstance(value, float):
        if value != 0.0 and (abs(value) < 1e-4 or abs(value) >= 1e6):
            return f"{value:.4g}"
        return f"{value:.6g}"
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=4, separator=", ")
    if isinstance(value, tuple) and all(isinstance(v, float) for v in value):
        return "(" + ", ".join(format_value(v) for v in value) + ")"
    if isinstance(value, tuple) and value and all(isinstance(v, Interval) for v in value):
        return "\n".join(str(v) for v in value)  # one interval per line (TestResult indents them)
    return str(value)


def field_block(title: str, items) -> str:
    """``title``, then one aligned ``name : value`` line per (name, text) item.

    Lines of at most WIDTH characters: a long value wraps at spaces, its continuation lines
    indented under the value; a value of several lines keeps them.
    """
    items = list(items)
    width = max(len(name) for name, _ in items)
    indent = " " * (width + 5)
    lines = [title]
    for name, text in items:
        for i, part in enumerate(text.split("\n")):
            first = f"  {name:<{width}} : " if i == 0 else indent
            lines.append(fill(part, WIDTH, first, indent) if part.strip() else first + part)
    return "\n".join(lines)


class Printable:
    """The one printing base of the library's results.

    ``print(result)`` and a notebook cell that ends in ``result`` show the same text: by default
    the class name, then one aligned ``name : value`` line per field (:func:`field_block`); a
    result whose natural layout is a table writes its own ``__str__``.
    """

    __slots__ = ()

    def printed_fields(self) -> list:
        """The names a printout shows, in order.

        A private field holds values computed on first access (a subclass lists their names in
        ``_lazy_fields``); they are shown in its place.
        """
        names = []
        for f in dataclasses.fields(self):
            names.extend(getattr(self, "_lazy_fields", ()) if f.name.startswith("_") else [f.name])
        return names

    def format_field(self, name: str) -> str:
        """The printed text of one field (a subclass may shorten, e.g. large arrays)."""
        return format_value(getattr(self, name))

    def __str__(self) -> str:
        items = [(name, self.format_field(name)) for name in self.printed_fields()]
        return field_block(type(self).__name__, items)

    def _repr_pretty_(self, printer, cycle):  # IPython display hook
        printer.text(str(self))


@dataclasses.dataclass(frozen=True)
class TestResult(Printable):
    """Base class of the tests' results: ``statistic``, ``pvalue`` and the test's own fields.

    :attr:`effect_interval` is the one way to read a result's effect, whatever the test: the
    estimate of the quantity its null hypothesis is about, with the interval that goes with the
    test. It is None for omnibus tests and families of pairs (their effects are per model or per
    pair) and for the tests that carry no interval of their own (``ftest_5x2cv``,
    ``proportion_difference_test``, the permutation tests). The Bayesian tests return posteriors,
    not test results: read their ``credible_interval`` or ``probabilities``.
    """

    __test__ = False  # not a pytest test class despite its name

    #: The attribute holding the effect and its interval (None: the test has no single effect).
    _effect_attribute = None
    #: The effect's value under the null hypothesis (0 for a difference, 0.5 for a share).
    _effect_null = 0.0

    @property
    def effect_interval(self):
        """The effect with its interval, as an :class:`Interval` (None when there is no single effect).

        For McNemar's test, the share of the disagreements won by the first model; for the sign
        test, the probability of a win (with its default ``ties="split"``, half of the ties count as
        wins); each with the interval that inverts the test at the result's level, which excludes 1/2
        exactly when the p-value is at or below 1 - confidence. For the t-tests, the estimate of the
        difference the test uses (the mean difference; for Dietterich's 5x2cv t, the difference of
        the first fold of the first replication) with the test's own t interval, which excludes 0
        exactly when the test rejects. For DeLong's test, the difference of the AUCs, likewise. For
        Wilcoxon's test, the Hodges-Lehmann estimate with its Walsh-average interval: with zeros or
        ties, or near the threshold with the normal approximation (the interval has a half-unit
        correction the test has not), it can disagree with the test, and :func:`lecture_lib.report`
        says so when it does. For the equivalence test (TOST), the difference with its 1 - 2 alpha
        interval, which lies inside the margins exactly when the test declares equivalence: there
        the verdict is about the margins, not about :attr:`effect_null`. :attr:`effect_null` is the
        value that means "no difference".
        """
        return None if self._effect_attribute is None else getattr(self, self._effect_attribute)

    @property
    def effect_null(self) -> float:
        """The value of :attr:`effect_interval`'s estimate under the null hypothesis (0 or 0.5)."""
        return self._effect_null


@dataclasses.dataclass(frozen=True)
class Interval(Printable):
    """An estimate with its interval: the one interval type of the library.

    Attributes
    ----------
    estimate : float
        The point estimate (always inside ``[low, high]``).
    low, high : float
        The limits of the interval.
    confidence : float
        The nominal coverage, e.g. 0.95 (for a Bayesian result, the posterior
        probability of the credible interval).
    method : str
        How the interval was computed (e.g. ``"wilson"``).
    """

    estimate: float
    low: float
    high: float
    confidence: float
    method: str

    def __iter__(self):  # unpacks as (low, high), like a plain interval tuple
        return iter((self.low, self.high))

    def __str__(self) -> str:
        percent = f"{100 * self.confidence:g} %"
        return (
            f"{format_value(self.estimate)} [{format_value(self.low)}, "
            f"{format_value(self.high)}] ({percent} {self.method})"
        )
