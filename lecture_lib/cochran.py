"""Cochran's Q test and pairwise McNemar post-hoc tests: several models, one test set.

Taught in chapter 3 (``notebooks/03-cochrans-q``).
"""

from __future__ import annotations

import dataclasses
import functools
import html
import itertools

import numpy as np
from scipy import special

from ._mcnemar_options import check_mcnemar_method
from ._results import Interval, Printable, TestResult
from ._validation import (
    as_generator,
    check_alpha,
    check_comparable,
    check_labels,
    check_option,
    check_positive_int,
    check_probability,
    check_same_length,
)
from .intervals import paired_accuracy_difference, proportion_interval
from .mcnemar import TEXTBOOK_EXACT_BELOW, mcnemar_pvalues
from .multitest import ADJUST_METHODS, adjust_pvalues

__all__ = [
    "CochranQResult",
    "correctness_matrix",
    "cochrans_q",
    "PairwiseMcNemarResult",
    "pairwise_mcnemar",
    "FamilywiseError",
    "familywise_error",
    "NearDuplicateSimulation",
    "simulate_near_duplicates",
]


def _check_models(y_true, y_preds, what: str = "y_preds") -> tuple[np.ndarray, list[np.ndarray], list[str]]:
    """Validate the truth and two or more prediction arrays; return them and their names."""
    if len(y_preds) == 1:
        only = np.asarray(y_preds[0]) if not isinstance(y_preds[0], (str, bytes)) else None
        if only is not None and only.ndim == 2:
            raise ValueError(
                f"{what}: at least two models are needed, got one argument of shape {only.shape}; "
                "pass each model's predictions as a separate argument, e.g. cochrans_q(y_true, *preds)"
            )
    if len(y_preds) < 2:
        raise ValueError(f"{what}: at least two models are needed, got {len(y_preds)}")
    y_true = check_labels(y_true, "y_true")
    names = [f"{what}[{i}]" for i in range(len(y_preds))]
    preds = []
    for pred, name in zip(y_preds, names):
        pred = check_labels(pred, name)
        check_comparable(y_true, "y_true", pred, name)
        preds.append(pred)
    check_same_length(y_true=y_true, **dict(zip(names, preds)))
    return y_true, preds, names


def correctness_matrix(y_true, *y_preds) -> np.ndarray:
    """The n x k matrix of right (True) and wrong (False) predictions.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class labels (binary or multiclass, numbers or text).
    *y_preds : array_like, shape (n,)
        Predictions of two or more models for the same examples.

    Returns
    -------
    correct : ndarray of bool, shape (n, k)
        ``correct[j, i]`` is True when model i predicts example j correctly.

    Notes
    -----
    This is the table Cochran's Q works on (Kuncheva 2004 arranges it the
    same way): one row per test example, one column per model.
    Taught in chapter 3 (``notebooks/03-cochrans-q``).

    Examples
    --------
    >>> from lecture_lib import correctness_matrix
    >>> correctness_matrix([0, 1, 2], [0, 1, 1], [0, 0, 2]).astype(int)
    array([[1, 1],
           [1, 0],
           [0, 1]])

    Both models get the first example right; each gets one of the others wrong.
    """
    y_true, preds, _ = _check_models(y_true, y_preds)
    return np.column_stack([p == y_true for p in preds])


@dataclasses.dataclass(frozen=True)
class CochranQResult(TestResult):
    """Result of :func:`cochrans_q`.

    Attributes
    ----------
    statistic : float
        Cochran's Q (0 when no example splits the models).
    pvalue : float
        Upper tail of chi-squared with ``df`` degrees of freedom, in [0, 1].
    df : int
        Degrees of freedom, k - 1.
    n_models, n_examples : int
        k and n.
    n_informative : int
        Examples on which the models are neither all right nor all wrong;
        only these enter Q.
    accuracies : tuple of float
        Accuracy of each model, in the order given.
    accuracy_intervals : tuple of Interval
        Each model's accuracy with its Wilson interval
        (:func:`lecture_lib.proportion_interval`; individual intervals, not
        simultaneous).
    """

    statistic: float
    pvalue: float
    df: int
    n_models: int
    n_examples: int
    n_informative: int
    accuracies: tuple
    accuracy_intervals: tuple


def _q_from_counts(k, col_counts, row_count_squares, total):
    """Cochran's Q from the column totals G_i, sum_j L_j^2 and T (vectorised over leading axes).

    ``col_counts`` has shape (..., k); the others broadcast against (...,).
    Returns Q (0 where the denominator vanishes) as float arrays.
    """
    col_counts = np.asarray(col_counts, dtype=np.float64)
    total = np.asarray(total, dtype=np.float64)
    numerator = k * np.sum(col_counts * col_counts, axis=-1) - total * total
    denominator = k * total - np.asarray(row_count_squares, dtype=np.float64)
    # denominator = sum_j L_j (k - L_j) >= 0, zero only when every example is
    # all-right or all-wrong; then every G_i is equal and the numerator is zero too.
    degenerate = denominator <= 0
    q = (k - 1) * numerator / np.where(degenerate, 1.0, denominator)
    return np.where(degenerate, 0.0, np.maximum(q, 0.0))


def cochrans_q(y_true, *y_preds, confidence: float = 0.95) -> CochranQResult:
    """Cochran's Q test of equal accuracy for two or more classifiers on one test set.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class labels (binary or multiclass, numbers or text).
    *y_preds : array_like, shape (n,)
        Predictions of k >= 2 models for the same n examples, one argument
        per model.
    confidence : float, optional
        Coverage of each accuracy's interval, in (0, 1); default 0.95.

    Returns
    -------
    result : CochranQResult
        ``statistic`` (Q), ``pvalue``, ``df`` (k - 1), ``n_models``,
        ``n_examples``, ``n_informative``, ``accuracies`` and
        ``accuracy_intervals`` (Wilson).

    Notes
    -----
    Let :math:`G_i` be the number of examples model i gets right,
    :math:`L_j` the number of models that get example j right and
    :math:`T = \\sum_i G_i = \\sum_j L_j`. Cochran's (1950) statistic is

    .. math::

        Q = (k - 1)\\,\\frac{k \\sum_{i=1}^{k} G_i^2 - T^2}
                             {k T - \\sum_{j=1}^{n} L_j^2}
          = k (k - 1)\\,\\frac{\\sum_i (G_i - \\bar G)^2}{\\sum_j L_j (k - L_j)}.

    H0, stated precisely: on every example the models' right and wrong
    answers are exchangeable, that is, each arrangement of the example's
    :math:`L_j` right answers among the k models is equally likely. The
    permutation distribution of Q (shuffle each row among the models) and
    its chi-squared approximation with k - 1 degrees of freedom, good when
    there are many informative examples (those with :math:`0 < L_j < k`; the
    others contribute nothing to either sum), are derived under this H0.
    Exchangeability implies equal accuracies but is stronger: it also asks
    that every pair of models agree equally often. Equally accurate models
    whose errors are correlated differently violate it, and Q then rejects
    too often: with two near-copies beside an unrelated third model, all
    80 % accurate, about 8 % of test sets at the nominal 5 %, however large
    the test set (chapter 3; :func:`simulate_near_duplicates`). With k = 2
    the two hypotheses coincide, and Q equals McNemar's uncorrected statistic
    :math:`(b - c)^2/(b + c)`.

    When no example is informative (every example is right for all models or
    wrong for all), the formula is 0/0; the test then has no evidence either
    way and this function returns statistic 0 and p-value 1.

    Q measures no effect: report it with each model's accuracy and its
    interval (``accuracy_intervals``), and the differences between pairs,
    with intervals that use the pairing, from :func:`pairwise_mcnemar`.
    The accuracy intervals are individual: two overlapping intervals do not
    show that the models are equally accurate, nor do two disjoint ones
    replace a paired comparison.

    The counts are exact integers; the work is k comparisons and k + 1 passes
    over the data (10^6 examples and 10 models: about 10 ms, see
    ``benchmarks/run.py``).

    Taught in chapter 3 (``notebooks/03-cochrans-q``).

    References
    ----------
    .. [1] Cochran, W. G. (1950). The comparison of percentages in matched
       samples. Biometrika 37(3/4), 256-266.
    .. [2] Kuncheva, L. I. (2004). Combining Pattern Classifiers: Methods and
       Algorithms. Wiley. (Section 4.4; its worked example prints Q = 3.7647,
       a typo for 7.5294, as source 004 points out: see chapter 3.)

    Examples
    --------
    >>> from lecture_lib import cochrans_q
    >>> y_true = [0, 0, 0, 0, 0, 0]
    >>> result = cochrans_q(y_true, [0, 0, 0, 0, 1, 1], [0, 0, 1, 1, 1, 1], [0, 1, 1, 1, 1, 1])
    >>> round(result.statistic, 4), round(result.pvalue, 4), result.df
    (4.6667, 0.097, 2)
    >>> print(result.accuracy_intervals[0])
    0.666667 [0.299993, 0.903229] (95 % wilson)

    Model 1 is right on 4 of the 6 examples, model 2 on 2, model 3 on 1. The
    p-value 0.097 is a chi-squared approximation, and a rough one: only three
    examples are informative. Under H0 each of them is equally likely to have
    its answers in any of 3 arrangements among the models; of the 27
    equally likely rearrangements, 6 give a Q at least this large, so the
    exact permutation probability is 6/27 = 0.22. No evidence of a
    difference at the 5 % level (six examples are far too few to tell): the
    first model's accuracy, 4/6, is only known to lie between 0.30 and 0.90.
    """
    y_true, preds, _ = _check_models(y_true, y_preds)
    confidence = check_probability(confidence, "confidence")
    k = len(preds)
    n = y_true.size
    row_counts = np.zeros(n, dtype=np.int16 if k < 2**15 else np.int64)
    col_counts = []
    for pred in preds:
        right = pred == y_true
        col_counts.append(int(np.count_nonzero(right)))
        row_counts += right
    # sum_j L_j^2 from the histogram of L_j: exact in integers, one pass
    hist = np.bincount(row_counts, minlength=k + 1)
    values = np.arange(k + 1, dtype=np.int64)
    row_count_squares = int(np.dot(hist, values * values))
    total = sum(col_counts)
    informative = int(n - hist[0] - hist[k])
    # exact integer numerator and denominator (Python ints: no overflow)
    numerator = k * sum(g * g for g in col_counts) - total * total
    denominator = k * total - row_count_squares
    if denominator == 0:
        statistic, pvalue = 0.0, 1.0
    else:
        statistic = max((k - 1) * numerator / denominator, 0.0)
        pvalue = float(np.clip(special.chdtrc(k - 1, statistic), 0.0, 1.0))
    return CochranQResult(
        statistic=float(statistic),
        pvalue=pvalue,
        df=k - 1,
        n_models=k,
        n_examples=int(n),
        n_informative=informative,
        accuracies=tuple(g / n for g in col_counts),
        accuracy_intervals=tuple(proportion_interval(g, n, confidence) for g in col_counts),
    )


# ----------------------------------------------------------------------------- post hoc


@dataclasses.dataclass(frozen=True, eq=False)
class PairwiseMcNemarResult(TestResult):
    """Result of :func:`pairwise_mcnemar`: one McNemar test per pair of models.

    The arrays are read-only. ``str(result)`` (and the notebook display)
    is an aligned table with one row per pair.

    Attributes
    ----------
    names : tuple of str
        Model names, in the order given.
    pairs : tuple of (int, int)
        The m = k (k - 1) / 2 pairs ``(i, j)``, i < j, in the order of the
        arrays below.
    b, c : ndarray of int, shape (m,)
        Disagreements won by model i (b) and by model j (c).
    statistic : ndarray of float, shape (m,)
        McNemar statistic of each pair (see ``methods``).
    pvalue : ndarray of float, shape (m,)
        Raw (unadjusted) p-values.
    pvalue_adjusted : ndarray of float, shape (m,)
        p-values adjusted for the m comparisons with ``adjust``.
    reject : ndarray of bool, shape (m,)
        ``pvalue_adjusted <= alpha``.
    methods : tuple of str
        The McNemar method used for each pair (differs between pairs only
        with ``method="textbook"``).
    method, adjust : str
        The options requested.
    alpha : float
        Family-wise significance level.
    accuracy_intervals : tuple of Interval
        Each model's accuracy with its individual Wilson interval at level
        1 - alpha, in the order of ``names``.
    differences : tuple of Interval
        For each pair, accuracy of model i minus accuracy of model j,
        (b - c) / n, with its Bonett-Price interval at level 1 - alpha / m:
        Bonferroni-simultaneous, so all m intervals cover their true
        differences together with probability at least 1 - alpha.
    """

    names: tuple
    pairs: tuple
    b: np.ndarray
    c: np.ndarray
    statistic: np.ndarray
    pvalue: np.ndarray
    pvalue_adjusted: np.ndarray
    reject: np.ndarray
    methods: tuple
    method: str
    adjust: str
    alpha: float
    accuracy_intervals: tuple
    differences: tuple

    @property
    def n_comparisons(self) -> int:
        """m, the number of pairs."""
        return len(self.pairs)

    def _rows(self) -> list[list[str]]:
        rows = []
        for idx, (i, j) in enumerate(self.pairs):
            rows.append([
                self.names[i],
                self.names[j],
                str(int(self.b[idx])),
                str(int(self.c[idx])),
                self.methods[idx],
                f"{self.statistic[idx]:.4g}",
                _fmt_p(self.pvalue[idx]),
                _fmt_p(self.pvalue_adjusted[idx]),
                "reject H0" if self.reject[idx] else "no evidence",
                _fmt_difference(self.differences[idx]),
            ])
        return rows

    def _header(self) -> list[str]:
        return ["model i", "model j", "b", "c", "method", "statistic", "p raw", f"p {self.adjust}",
                f"at alpha = {self.alpha:g}", "acc i - acc j [simultaneous CI]"]

    def __str__(self) -> str:
        header = self._header()
        rows = self._rows()
        widths = [max(len(r[col]) for r in [header, *rows]) for col in range(len(header))]
        left = {0, 1, 4, 8}

        def line(cells):
            cells = (
                c.ljust(w) if col in left else c.rjust(w) for col, (c, w) in enumerate(zip(cells, widths))
            )
            return "  ".join(cells).rstrip()

        title = (f"Pairwise McNemar tests ({self.method}), {self.n_comparisons} comparisons, "
                 f"{self.adjust}-adjusted p-values; b = model i right and model j wrong, c = the reverse")
        out = [title, line(header), "  ".join("-" * w for w in widths)]
        out.extend(line(r) for r in rows)
        out.append(self._interval_note())
        return "\n".join(out)

    def _interval_note(self) -> str:
        level = 100 * (1 - self.alpha)
        accuracies = ", ".join(
            f"{name} {_fmt_accuracy(iv)}" for name, iv in zip(self.names, self.accuracy_intervals)
        )
        return (
            "Differences: Bonett-Price intervals, each at "
            f"{100 * (1 - self.alpha / self.n_comparisons):.4g} % "
            f"(Bonferroni: {level:g} % for all {self.n_comparisons} together). "
            f"Accuracies with individual {level:g} % Wilson intervals: {accuracies}."
        )

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(h)}</th>" for h in self._header())
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
            for row in self._rows()
        )
        caption = html.escape(
            f"Pairwise McNemar tests ({self.method}), {self.adjust}-adjusted p-values, alpha = {self.alpha:g}"
        )
        note = f"<p>{html.escape(self._interval_note())}</p>"
        return (f"<table class='pairwise-mcnemar'><caption>{caption}</caption><thead><tr>{head}</tr></thead>"
                f"<tbody>{body}</tbody></table>{note}")


def _fmt_p(p: float) -> str:
    p = float(p)
    if p == 0.0:
        return "0"
    return f"{p:.3g}" if p < 1e-3 else f"{p:.4f}"


def _fmt_difference(interval: Interval) -> str:
    return f"{interval.estimate:+.4f} [{interval.low:+.4f}, {interval.high:+.4f}]"


def _fmt_accuracy(interval: Interval) -> str:
    return f"{interval.estimate:.4f} [{interval.low:.4f}, {interval.high:.4f}]"


def _readonly(arr) -> np.ndarray:
    arr = np.array(arr)
    arr.flags.writeable = False
    return arr


def pairwise_mcnemar(y_true, *y_preds, method: str = "midp", adjust: str = "holm", alpha: float = 0.05,
                     names=None) -> PairwiseMcNemarResult:
    """McNemar's test for every pair of models, with p-values adjusted for multiplicity.

    The post-hoc stage after Cochran's Q: which pairs of models differ?

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class labels.
    *y_preds : array_like, shape (n,)
        Predictions of k >= 2 models, one argument per model.
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        The McNemar variant, as in :func:`lecture_lib.mcnemar` (default
        ``"midp"``, the course's recommendation; ``"textbook"`` chooses per
        pair: exact when b + c < 25, else corrected).
    adjust : {"holm", "bonferroni"}, optional
        Adjustment of the m = k (k - 1) / 2 p-values (default Holm's, which
        rejects everything Bonferroni rejects, and sometimes more).
    alpha : float, optional
        Family-wise significance level in (0, 1), used for ``reject``.
    names : sequence of str, optional
        One name per model (default ``"model 1"``, ``"model 2"``, ...).

    Returns
    -------
    result : PairwiseMcNemarResult
        Pairs, b, c, statistics, raw and adjusted p-values, decisions, each
        model's accuracy and each pair's accuracy difference with their
        intervals; prints as a table.

    Notes
    -----
    Testing m pairs at level alpha each lets the chance of at least one
    false "significant" pair grow towards :math:`1 - (1 - \\alpha)^m`
    (for independent tests). Bonferroni's adjustment
    :math:`\\min(1, m p)` and Holm's (1979) step-down adjustment keep that
    family-wise error rate at most alpha whatever the dependence between the
    tests. The adjustment is done by :func:`lecture_lib.adjust_pvalues`.

    Because the adjustment controls the family-wise error rate on its own,
    the pairwise tests are valid whether or not Cochran's Q rejected. The
    omnibus test answers another question (is there any difference at
    all?); running the pairwise stage only after Q rejects, as the course's
    sources do, is a convention that makes it more conservative, and the two
    can disagree. Report both when you run both.

    An adjusted p-value is a bound, not a probability. It is the smallest
    family-wise level at which the procedure rejects the pair. For the pair
    with the smallest raw p-value :math:`p_{(1)}`, Holm's and Bonferroni's
    adjusted value is :math:`m p_{(1)}`: if all models were equally
    accurate, a smallest raw p-value this small would occur with probability
    *at most* :math:`m p_{(1)}` (Boole's inequality; exactly so for raw
    p-values that never exceed their level, approximately for mid-p ones).
    Chapter 3 computes the exact probability for source 004's example by
    enumerating the within-row permutations: 0.062, against the bound 0.067.

    **The effects.** Each pair's difference in accuracy, (b - c) / n, comes
    with the Bonett-Price interval of :func:`lecture_lib.paired_accuracy_difference`
    at level :math:`1 - \\alpha/m`. By Bonferroni's inequality all m
    intervals hold together with probability at least :math:`1 - \\alpha`,
    the same family-wise guarantee as the adjusted p-values. Like them, the
    simultaneous intervals are wider than one comparison's 95 % interval;
    they need not agree with Holm's decisions exactly (Holm rejects
    everything Bonferroni rejects and sometimes more, and the Bonett-Price
    interval is not the inversion of a McNemar test).

    Taught in chapter 3 (``notebooks/03-cochrans-q``).

    References
    ----------
    .. [1] Holm, S. (1979). A simple sequentially rejective multiple test
       procedure. Scandinavian Journal of Statistics 6(2), 65-70.
    .. [2] McNemar, Q. (1947). Note on the sampling error of the difference
       between correlated proportions or percentages. Psychometrika 12(2),
       153-157.

    Examples
    --------
    >>> from lecture_lib import pairwise_mcnemar
    >>> y = [0] * 40
    >>> strong, weak = [0] * 40, [1] * 12 + [0] * 28
    >>> result = pairwise_mcnemar(y, strong, strong, weak, method="exact", names=["A", "B", "C"])
    >>> result.b.tolist(), result.c.tolist()
    ([0, 12, 12], [0, 0, 0])
    >>> result.pvalue_adjusted.round(5).tolist()
    [1.0, 0.00146, 0.00146]

    A and B never disagree (no evidence either way); C loses all 12 of its
    disagreements with A and with B, which would be very unlikely if C were as
    accurate as they are, even after allowing for three comparisons.

    >>> print(result.differences[1])
    0.3 [0.100388, 0.471041] (98.3333 % bonett-price)

    A is 30 points more accurate than C on these 40 examples; the interval
    (one of three that hold together with 95 % confidence) says at least
    about 10 points.
    """
    check_mcnemar_method(method)
    check_option(adjust, "adjust", ADJUST_METHODS)
    alpha = check_alpha(alpha)
    y_true, preds, _ = _check_models(y_true, y_preds)
    n = y_true.size
    k = len(preds)
    if names is None:
        names = tuple(f"model {i + 1}" for i in range(k))
    else:
        if isinstance(names, (str, bytes)):
            raise TypeError(f"names must be a sequence of {k} strings, got the string {names!r}")
        if not hasattr(names, "__len__"):
            raise TypeError(f"names must be a sequence of {k} strings, got {names!r}")
        names = tuple(names)
        if len(names) != k:
            raise ValueError(f"names must have one entry per model ({k}), got {len(names)}: {names!r}")
        if not all(isinstance(name, str) for name in names):
            raise TypeError(f"names must be strings, got {names!r}")
        if len(set(names)) != k:
            raise ValueError(f"names must be distinct, got {names!r}")
    correct = [p == y_true for p in preds]
    right = np.array([np.count_nonzero(cc) for cc in correct], dtype=np.int64)
    pairs = tuple(itertools.combinations(range(k), 2))
    both = np.array([np.count_nonzero(correct[i] & correct[j]) for i, j in pairs], dtype=np.int64)
    first = np.array([i for i, _ in pairs])
    second = np.array([j for _, j in pairs])
    b = right[first] - both
    c = right[second] - both
    statistic, pvalue = mcnemar_pvalues(b, c, method)
    adjusted = adjust_pvalues(pvalue, adjust)
    if method == "textbook":
        methods = tuple("exact" if bb + cc < TEXTBOOK_EXACT_BELOW else "corrected" for bb, cc in zip(b, c))
    else:
        methods = (method,) * len(pairs)
    simultaneous = 1.0 - alpha / len(pairs)
    differences = tuple(
        paired_accuracy_difference(
            [[int(ab), int(bb)], [int(cb), n - int(ab) - int(bb) - int(cb)]], simultaneous
        )
        for ab, bb, cb in zip(both, b, c)
    )
    return PairwiseMcNemarResult(
        names=names,
        pairs=pairs,
        b=_readonly(b),
        c=_readonly(c),
        statistic=_readonly(statistic),
        pvalue=_readonly(pvalue),
        pvalue_adjusted=_readonly(adjusted),
        reject=_readonly(adjusted <= alpha),
        methods=methods,
        method=method,
        adjust=adjust,
        alpha=alpha,
        accuracy_intervals=tuple(proportion_interval(int(g), n, 1.0 - alpha) for g in right),
        differences=differences,
    )


# ----------------------------------------------------------------------------- family-wise error


@dataclasses.dataclass(frozen=True)
class FamilywiseError(Printable):
    """Result of :func:`familywise_error`.

    Attributes
    ----------
    n_models, n_pairs : int
        k and m = k (k - 1) / 2.
    alpha : float
        Level of each test (unadjusted) or of the family (adjusted).
    unadjusted, bonferroni, holm : float
        Simulated family-wise error rate: the fraction of simulated test sets
        with at least one pair declared significant, although all models are
        equally accurate.
    omnibus_gate : float
        The same for "Cochran's Q first (at alpha), then unadjusted pairwise
        tests only if Q rejects".
    cochran : float
        How often Cochran's Q itself rejected (its Type I error).
    independent : float
        :math:`1 - (1 - \\alpha)^m`, the family-wise error rate if the m
        tests were independent and exact.
    bonferroni_bound : float
        :math:`\\min(1, m \\alpha)`, Boole's upper bound on the unadjusted
        family-wise error rate, whatever the dependence.
    n_sim, n_examples : int
        Simulated test sets, and examples in each.
    method : str
        McNemar variant of the pairwise tests.
    """

    n_models: int
    n_pairs: int
    alpha: float
    unadjusted: float
    bonferroni: float
    holm: float
    omnibus_gate: float
    cochran: float
    independent: float
    bonferroni_bound: float
    n_sim: int
    n_examples: int
    method: str

    @property
    def monte_carlo_se(self) -> float:
        """Largest standard error of a simulated rate, sqrt(0.25 / n_sim)."""
        return float(np.sqrt(0.25 / self.n_sim))

    def __str__(self) -> str:
        lines = [
            f"{self.n_models} equally accurate models, {self.n_pairs} pairs, alpha = {self.alpha:g}, "
            f"{self.n_sim} simulated test sets of {self.n_examples} examples ({self.method} McNemar)",
            "P(at least one pair declared significant):",
            f"  unadjusted pairwise tests          : {self.unadjusted:.3f}",
            f"    if the tests were independent    : {self.independent:.3f}",
            f"    Bonferroni's bound m * alpha     : {self.bonferroni_bound:.3f}",
            f"  Cochran's Q gate, then unadjusted  : {self.omnibus_gate:.3f}",
            f"  Bonferroni-adjusted                : {self.bonferroni:.3f}",
            f"  Holm-adjusted                      : {self.holm:.3f}",
            f"  (Cochran's Q alone rejects         : {self.cochran:.3f})",
        ]
        return "\n".join(lines)


def _simulate_null_pvalues(n_models, n_sim, n_examples, accuracy, correlation, method, rng):
    """Pairwise McNemar p-values and Cochran's Q p-values for test sets where H0 holds.

    Each example j gets a probability p_j ~ Beta with mean ``accuracy`` and
    intra-class correlation ``correlation``; every model is right on it with
    probability p_j, independently given p_j. The models are therefore
    exchangeable (equally accurate), and correlated as real classifiers are
    (they tend to fail on the same hard examples).
    """
    if correlation > 0:
        scale = (1.0 - correlation) / correlation
        p = rng.beta(accuracy * scale, (1.0 - accuracy) * scale, size=(n_sim, n_examples, 1))
    else:
        p = np.full((n_sim, n_examples, 1), accuracy)
    correct = rng.random((n_sim, n_examples, n_models)) < p
    as_float = correct.astype(np.float32)
    # both[s, i, j] = examples right for models i and j: one batched matrix product
    both = np.matmul(as_float.transpose(0, 2, 1), as_float)
    right = np.einsum("sii->si", both)
    first, second = np.triu_indices(n_models, k=1)
    both_pairs = both[:, first, second]
    b = np.rint(right[:, first] - both_pairs).astype(np.int64)
    c = np.rint(right[:, second] - both_pairs).astype(np.int64)
    _, pvalues = mcnemar_pvalues(b, c, method)
    row = correct.sum(axis=2, dtype=np.int64)
    q = _q_from_counts(n_models, right, np.sum(row * row, axis=1), row.sum(axis=1))
    q_pvalues = np.where(q > 0, special.chdtrc(n_models - 1, q), 1.0)
    return pvalues, q_pvalues


@functools.lru_cache(maxsize=64)
def _cached_null_pvalues(n_models, n_sim, n_examples, accuracy, correlation, method, seed):
    """The simulation for an integer seed, kept so a widget can move alpha instantly."""
    out = _simulate_null_pvalues(n_models, n_sim, n_examples, accuracy, correlation, method,
                                 np.random.default_rng(seed))
    for arr in out:
        arr.flags.writeable = False
    return out


def familywise_error(
    n_models: int,
    alpha: float = 0.05,
    n_sim: int = 2000,
    seed=0,
    *,
    n_examples: int = 200,
    accuracy: float = 0.8,
    correlation: float = 0.3,
    method: str = "midp",
) -> FamilywiseError:
    """How often pairwise McNemar tests find a "significant" pair among equally accurate models.

    Parameters
    ----------
    n_models : int
        Number of models k >= 2 (m = k (k - 1) / 2 pairs are tested).
    alpha : float, optional
        Significance level in (0, 1).
    n_sim : int, optional
        Number of simulated test sets (>= 1).
    seed : int or numpy.random.Generator, optional
        Seed, so the same call gives the same numbers.
    n_examples : int, optional
        Examples per test set.
    accuracy : float, optional
        The common accuracy of every model, in (0, 1).
    correlation : float, optional
        In [0, 1): how strongly the models' errors go together (0: the models
        err independently; near 1: they nearly always agree).
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        McNemar variant of the pairwise tests (default ``"midp"``, as
        everywhere in the course).

    Returns
    -------
    result : FamilywiseError
        The simulated family-wise error rates of unadjusted, Bonferroni,
        Holm and "Cochran's Q first" procedures, with the independence
        formula and the Bonferroni bound.

    Notes
    -----
    All models are equally accurate (the complete null hypothesis): each
    example's pattern of right and wrong answers is exchangeable across the
    models. Under the complete null, Holm and Bonferroni have the *same*
    family-wise error rate: both declare something significant exactly when
    the smallest p-value is at most alpha / m. Holm's advantage is power
    when some models really differ. The pairwise tests are dependent (they
    share models, and the models share hard examples); in these simulations
    the unadjusted rate (k >= 3) stays well below the independence value
    :math:`1 - (1 - \\alpha)^m`, but far above alpha.

    Everything is vectorised: one batched matrix product gives every
    pair's b and c in every simulated test set.

    Taught in chapter 3 (``notebooks/03-cochrans-q``).

    Examples
    --------
    >>> from lecture_lib import familywise_error
    >>> result = familywise_error(5, alpha=0.05, n_sim=2000, seed=0)
    >>> result.n_pairs, round(result.independent, 3)
    (10, 0.401)
    >>> result.unadjusted > 0.15 > 0.06 > result.holm
    True

    With five equally good models, ten unadjusted tests find at least one
    "significant" pair far more often than 5 % of the time; Holm's adjustment
    brings that back below 5 %.
    """
    n_models = check_positive_int(n_models, "n_models")
    if n_models < 2:
        raise ValueError(f"n_models must be at least 2, got {n_models}")
    alpha = check_alpha(alpha)
    n_sim = check_positive_int(n_sim, "n_sim")
    n_examples = check_positive_int(n_examples, "n_examples")
    accuracy = check_probability(accuracy, "accuracy")
    correlation = check_probability(correlation, "correlation", open_interval=False)
    if correlation >= 1.0:
        raise ValueError(f"correlation must lie in [0, 1), got {correlation!r}")
    check_mcnemar_method(method)
    if isinstance(seed, np.random.Generator):
        pvalues, q_pvalues = _simulate_null_pvalues(
            n_models, n_sim, n_examples, accuracy, correlation, method, seed
        )
    else:
        as_generator(seed)  # validates the seed
        if seed is None:
            pvalues, q_pvalues = _simulate_null_pvalues(
                n_models, n_sim, n_examples, accuracy, correlation, method, as_generator(None)
            )
        else:
            pvalues, q_pvalues = _cached_null_pvalues(
                n_models, n_sim, n_examples, accuracy, correlation, method, int(seed)
            )
    m = pvalues.shape[1]
    smallest = pvalues.min(axis=1)
    any_unadjusted = smallest <= alpha
    # Bonferroni and Holm both reject at least one hypothesis iff min p <= alpha / m
    any_adjusted = smallest * m <= alpha
    # Holm, vectorised over the simulated test sets: sort each row, step down
    ordered = np.sort(pvalues, axis=1)
    holm_adjusted = np.maximum.accumulate(ordered * (m - np.arange(m)), axis=1)
    holm_any = np.any(holm_adjusted <= alpha, axis=1)
    cochran_rejects = q_pvalues <= alpha
    return FamilywiseError(
        n_models=n_models,
        n_pairs=int(m),
        alpha=alpha,
        unadjusted=float(np.mean(any_unadjusted)),
        bonferroni=float(np.mean(any_adjusted)),
        holm=float(np.mean(holm_any)),
        omnibus_gate=float(np.mean(any_unadjusted & cochran_rejects)),
        cochran=float(np.mean(cochran_rejects)),
        independent=float(1.0 - (1.0 - alpha) ** m),
        bonferroni_bound=float(min(1.0, m * alpha)),
        n_sim=n_sim,
        n_examples=n_examples,
        method=method,
    )


# ----------------------------------------------------------------------------- exchangeability


@dataclasses.dataclass(frozen=True)
class NearDuplicateSimulation(Printable):
    """Result of :func:`simulate_near_duplicates`.

    Attributes
    ----------
    n_examples, n_sim : int
        Examples per simulated test set, and simulated test sets.
    accuracy : float
        The common accuracy of the three models A, B and C.
    disagreement : float
        Probability that A and B disagree in correctness on an example.
    alpha : float
        Nominal level of every test.
    method : str
        McNemar variant of the pairwise tests.
    cochran : Interval
        Rejection rate of Cochran's Q at ``alpha``, with its 95 % Wilson
        interval (the Monte Carlo error).
    pairs : tuple of str
        ``("A vs B", "A vs C", "B vs C")``.
    pairwise : tuple of Interval
        Rejection rate of each pair's unadjusted McNemar test, with its 95 %
        Wilson interval, in the order of ``pairs``.
    holm : Interval
        How often Holm-adjusted pairwise tests reject at least one pair (the
        family-wise error rate), with its 95 % Wilson interval.
    """

    n_examples: int
    n_sim: int
    accuracy: float
    disagreement: float
    alpha: float
    method: str
    cochran: Interval
    pairs: tuple
    pairwise: tuple
    holm: Interval

    def __str__(self) -> str:
        rows = [("Cochran's Q", self.cochran)]
        rows += [(f"McNemar ({self.method}), {pair}", iv) for pair, iv in zip(self.pairs, self.pairwise)]
        rows.append(("any pair after Holm", self.holm))
        width = max(len(label) for label, _ in rows)
        lines = [
            f"Three models, each {100 * self.accuracy:g} % accurate; A and B disagree on "
            f"{100 * self.disagreement:g} % of the examples, C is independent of both.",
            f"{self.n_sim} simulated test sets of {self.n_examples} examples; rejection rates at "
            f"alpha = {self.alpha:g} with 95 % Monte Carlo intervals:",
        ]
        lines += [
            f"  {label:<{width}}  {iv.estimate:.4f}  [{iv.low:.4f}, {iv.high:.4f}]" for label, iv in rows
        ]
        return "\n".join(lines)

#: The eight right/wrong patterns of models (A, B, C), in the order of the cell probabilities.
_PATTERNS = np.array([[(i >> 2) & 1, (i >> 1) & 1, i & 1] for i in range(8)], dtype=np.int64)


def simulate_near_duplicates(n_examples: int = 200, accuracy: float = 0.8, disagreement: float = 0.01,
                             alpha: float = 0.05, n_sim: int = 20_000, seed=0, *,
                             method: str = "midp") -> NearDuplicateSimulation:
    """Cochran's Q and pairwise McNemar tests when equal accuracy holds but exchangeability does not.

    Parameters
    ----------
    n_examples : int, optional
        Examples per simulated test set (>= 1).
    accuracy : float, optional
        The accuracy of each of the three models, in (0, 1).
    disagreement : float, optional
        Probability that the two near-identical models A and B disagree in
        correctness on an example, half of the time in each direction, so
        both keep the same accuracy. In [0, 2 min(accuracy, 1 - accuracy)].
    alpha : float, optional
        Nominal level of every test, in (0, 1).
    n_sim : int, optional
        Number of simulated test sets (>= 1).
    seed : int or numpy.random.Generator, optional
        Seed, so the same call gives the same numbers.
    method : {"midp", "exact", "chi2", "corrected", "textbook"}, optional
        McNemar variant of the pairwise tests.

    Returns
    -------
    result : NearDuplicateSimulation
        Rejection rates of Q, of each pair's McNemar test and of Holm's
        procedure, each an :class:`~lecture_lib.Interval` with its 95 %
        Wilson interval for the Monte Carlo error.

    Notes
    -----
    Model C is right on each example with probability ``accuracy``,
    independently of A and B. A is right with the same probability, and B
    copies A's answer except on a fraction ``disagreement`` of the examples,
    where their correctness differs (A right and B wrong, or the reverse,
    with equal probability). All three models have the same accuracy, so the
    hypothesis of equal accuracy (marginal homogeneity) is true, and every
    pairwise McNemar test is testing a true H0. But on an example where
    exactly one model is right, that model is C far more often than A or B:
    the models' answers are not exchangeable within examples, which is what
    Cochran's chi-squared (and permutation) reference distribution assumes.
    As ``disagreement`` goes to 0, Q tends in distribution to twice a
    chi-squared with 1 degree of freedom instead of a chi-squared with 2, so
    at alpha = 0.05 it rejects in :math:`P(\\chi^2_1 > 5.991 / 2) = 0.083` of
    large test sets.

    Only the counts of the eight right/wrong patterns matter, so each test
    set is one multinomial draw: 20 000 test sets take milliseconds at any
    ``n_examples``.

    Taught in chapter 3 (``notebooks/03-cochrans-q``).

    References
    ----------
    .. [1] Cochran, W. G. (1950). The comparison of percentages in matched
       samples. Biometrika 37(3/4), 256-266.

    Examples
    --------
    >>> from lecture_lib import simulate_near_duplicates
    >>> result = simulate_near_duplicates(200, n_sim=20_000, seed=0)
    >>> result.cochran.estimate > 0.07 > 0.06 > result.pairwise[1].estimate
    True

    All three models are 80 % accurate, yet Cochran's Q rejects "equal
    accuracy" in about 8 % of test sets at the nominal 5 %, while the
    McNemar test of A against C stays near 5 %.
    """
    n_examples = check_positive_int(n_examples, "n_examples")
    accuracy = check_probability(accuracy, "accuracy")
    disagreement = check_probability(disagreement, "disagreement", open_interval=False)
    largest = 2.0 * min(accuracy, 1.0 - accuracy)
    if disagreement > largest:
        raise ValueError(
            f"disagreement must be at most 2 min(accuracy, 1 - accuracy) = {largest:g} for "
            f"accuracy = {accuracy:g}, got {disagreement!r}"
        )
    alpha = check_alpha(alpha)
    n_sim = check_positive_int(n_sim, "n_sim")
    check_mcnemar_method(method)
    rng = as_generator(seed)
    half = disagreement / 2.0
    pair_ab = {(1, 1): accuracy - half, (1, 0): half, (0, 1): half, (0, 0): 1.0 - accuracy - half}
    cells = np.array([pair_ab[a, b] * (accuracy if c else 1.0 - accuracy) for a, b, c in _PATTERNS])
    counts = rng.multinomial(n_examples, cells / cells.sum(), size=n_sim)
    right = counts @ _PATTERNS  # (n_sim, 3): G_i
    row = _PATTERNS.sum(axis=1)
    q = _q_from_counts(3, right, counts @ (row * row), counts @ row)
    q_pvalues = np.where(q > 0, special.chdtrc(2, q), 1.0)
    first, second = np.triu_indices(3, k=1)
    b = counts @ (_PATTERNS[:, first] * (1 - _PATTERNS[:, second]))
    c = counts @ ((1 - _PATTERNS[:, first]) * _PATTERNS[:, second])
    _, pvalues = mcnemar_pvalues(b, c, method)
    ordered = np.sort(pvalues, axis=1)
    holm_any = np.any(np.maximum.accumulate(ordered * (3 - np.arange(3)), axis=1) <= alpha, axis=1)

    def rate(rejections):
        return proportion_interval(int(np.count_nonzero(rejections)), n_sim)

    return NearDuplicateSimulation(
        n_examples=n_examples,
        n_sim=n_sim,
        accuracy=accuracy,
        disagreement=disagreement,
        alpha=alpha,
        method=method,
        cochran=rate(q_pvalues <= alpha),
        pairs=("A vs B", "A vs C", "B vs C"),
        pairwise=tuple(rate(pvalues[:, j] <= alpha) for j in range(3)),
        holm=rate(holm_any),
    )
