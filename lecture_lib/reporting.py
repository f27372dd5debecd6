"""Reporting a comparison: the paragraph that goes into a paper or a report.

A p-value alone says neither how large a difference is nor how precisely it
was measured. :func:`report` turns a test result of the course into a
paragraph that names the test and its variant, gives the statistic, its
degrees of freedom, the p-value in words, the effect with its interval, the
sample sizes, the resampling scheme and the seeds. The first interval it
prints is the one the reported test inverts, so that "significant" and "the
interval excludes no difference" go together; where an interval printed
beside the verdict comes from another method, or where no interval inverts
the test, the same paragraph says so and why.
:func:`practical_significance` compares an interval with the smallest
difference that would matter in practice.

Taught in chapter 11 (``notebooks/11-choosing-a-test``, "Reporting a
comparison"); chapters 2 and 4 use :func:`practical_significance`.
"""

from __future__ import annotations

import math
import numbers

import numpy as np
from scipy import special

from ._interval_formulas import bonett_price, disagreement_intervals
from ._results import Interval
from ._text import WIDTH, fill
from ._validation import _show, check_alpha, check_count, check_flag, check_real_array
from .calibration import CalibrationResult
from .clustered_tests import ClusteredAUCResult, ClusteredMcNemarResult
from .cochran import CochranQResult, PairwiseMcNemarResult
from .equivalence import NonInferiorityResult
from .forecast_tests import DieboldMarianoResult
from .friedman_nemenyi import FriedmanResult, critical_difference
from .heterogeneity import MetaAnalysisResult
from .intervals import proportion_interval
from .mcnemar import MCNEMAR_INTERVALS, McNemarResult
from .paired import AlgorithmComparison, FoldTTestResult, PairedTTestResult, TTest5x2cvResult, paired_ttest
from .posthoc import ControlComparisons, PairwiseComparisons
from .ranks import rankdata
from .wilcoxon_sign import SignTestResult, WilcoxonResult, sign_test, wilcoxon_signed_rank

__all__ = ["REPORTED_RESULTS", "DISAGREEMENT_MARK", "report", "practical_significance"]

#: The result types :func:`report` knows how to write up: McNemar's test, Cochran's Q and the pairwise
#: McNemar tests; the paired, fold and 5x2cv t-tests; Wilcoxon's and the sign test; Friedman's test and the
#: post-hoc comparisons; :func:`compare_algorithms`; and (issue 27) the non-inferiority test, the
#: clustered McNemar and AUC tests, the Diebold-Mariano test, the random-effects meta-analysis and
#: Spiegelhalter's calibration test.
REPORTED_RESULTS = (
    McNemarResult,
    CochranQResult,
    PairwiseMcNemarResult,
    PairedTTestResult,
    FoldTTestResult,
    TTest5x2cvResult,
    WilcoxonResult,
    SignTestResult,
    FriedmanResult,
    PairwiseComparisons,
    ControlComparisons,
    AlgorithmComparison,
    NonInferiorityResult,
    ClusteredMcNemarResult,
    ClusteredAUCResult,
    DieboldMarianoResult,
    MetaAnalysisResult,
    CalibrationResult,
)

#: Every sentence of a report that explains why a verdict and an interval printed beside it
#: disagree about the null value contains these words.
DISAGREEMENT_MARK = "differ because"

_MCNEMAR_VARIANTS = {
    "midp": "mid-p binomial version",
    "exact": "exact binomial version",
    "chi2": "chi-squared version without continuity correction",
    "corrected": "chi-squared version with Edwards' continuity correction",
}

_INTERVAL_NAMES = {
    "midp": "mid-p",
    "clopper-pearson": "Clopper-Pearson",
    "wilson": "Wilson score",
    "wilson-cc": "Wilson score with continuity correction",
}

_FOLD_TESTS = {
    "corrected repeated cv": "the corrected repeated cross-validation t-test (Bouckaert and Frank 2004)",
    "corrected resampled": "the corrected resampled t-test (Nadeau and Bengio 2003)",
    "resampled": "Dietterich's resampled paired t-test",
    "k-fold cv": "the k-fold cross-validated paired t-test",
}

_FOLD_WARNINGS = {
    "resampled": "Caution: this test ignores the overlap of the training sets and rejects a true H0 far "
                 "too often (chapter 4); prefer the corrected repeated cross-validation t-test.",
    "k-fold cv": "Caution: this test ignores the overlap of the training sets and is liberal (chapter 4); "
                 "prefer the corrected repeated cross-validation t-test.",
}

_ADJUSTMENTS = {
    "none": "no adjustment",
    "bonferroni": "Bonferroni's method",
    "holm": "Holm's step-down method",
    "hochberg": "Hochberg's step-up method",
    "hommel": "Hommel's method",
    "bh": "the Benjamini-Hochberg method",
    "by": "the Benjamini-Yekutieli method",
    "shaffer": "Shaffer's method",
    "bergmann-hommel": "Bergmann and Hommel's method",
    "studentized-range": "Nemenyi's studentized-range method",
}

_POSTHOC_TESTS = {
    "wilcoxon": "Wilcoxon's signed-rank test",
    "sign": "the sign test",
    "ttest": "the paired t-test",
    "nemenyi": "the difference of average ranks in the Friedman ranking (mean-rank z)",
}


# --------------------------------------------------------------------------- formatting


def _p(p: float) -> str:
    """A p-value with three significant digits (two below 0.001), never rounded to 0."""
    if p == 0.0:
        return "p < 1e-300 (below the smallest double)"
    return f"p = {p:.1e}" if p < 0.001 else f"p = {p:.3g}"


def _number(value: float, points: bool, digits: int = 3, null: float | None = None) -> str:
    """``value`` to ``digits`` significant digits (two decimals in percentage points).

    With ``null``, more digits where rounding would print a limit on the other side of the null
    value, or on it: the printed interval excludes the null value exactly when the interval does.
    """
    if math.isinf(value):
        return "infinity" if value > 0 else "minus infinity"
    if math.isnan(value):
        return "undefined"
    for extra in range(13):
        text = f"{100 * value:.{2 + extra}f}" if points else f"{value:.{digits + extra}g}"
        shown = float(text) / (100.0 if points else 1.0)
        if null is None or value == null or (shown != null and (shown > null) == (value > null)):
            break
    if float(text) == 0.0:  # "-0" and "-0.00" read as a sign that is not there
        text = text.lstrip("-")
    return text


def _percent(confidence: float) -> str:
    return f"{100 * confidence:.4g} %"


def _effect(interval: Interval, points: bool, label: str | None = None, coverage: float | None = None,
            unit: str | None = None, null: float | None = None) -> str:
    """'estimate unit (95 % CI low to high, label)'; ``points``: proportions shown in percentage points."""
    unit = (" percentage points" if points else "") if unit is None else unit
    text = (f"{_number(interval.estimate, points)}{unit} ({_percent(interval.confidence)} CI "
            f"{_number(interval.low, points, null=null)} to {_number(interval.high, points, null=null)}")
    if label:
        text += f", {label}"
    if coverage is not None and not math.isclose(coverage, interval.confidence):
        text += f"; actual coverage {100 * coverage:.1f} %"
    if math.isinf(interval.low) and math.isinf(interval.high):
        text += "; unbounded: too few observations for any interval at this level"
    return text + ")"


def _verdict(p: float, alpha: float, what: str, h0: str,
             allowed: str = "the effect below shows what the data still allow") -> str:
    if p <= alpha:
        return f"Significant at the {alpha:g} level: {what} would be unlikely if {h0}."
    return f"Not significant at the {alpha:g} level; that is no evidence that H0 holds, and {allowed}."


def _excludes(interval: Interval, null: float) -> bool:
    return not float(interval.low) <= null <= float(interval.high)


def _disagreement(significant: bool, interval: Interval, null: float, reason: str,
                  what: str = "this interval", null_text: str | None = None) -> str:
    """'' when the verdict and the interval agree about ``null``; else one sentence that says why not."""
    if _excludes(interval, null) == significant:
        return ""
    shown = null_text or f"{null:g}"
    if significant:
        return f"The test is significant while {what} includes {shown}: they {DISAGREEMENT_MARK} {reason}."
    return f"The test is not significant while {what} excludes {shown}: they {DISAGREEMENT_MARK} {reason}."


def _at_threshold(p: float, alpha: float) -> str:
    """The one reason a test and the interval that inverts it can disagree."""
    return (f"p = {p:.6g} lies at the threshold alpha = {alpha:g} up to rounding, where a limit of the "
            "interval is the null value itself")


def _level(alpha, confidence: float) -> float:
    """The report's level: alpha, or 1 - confidence of the result's interval when alpha is None."""
    return round(1.0 - confidence, 12) if alpha is None else alpha


def _same_level(alpha: float, confidence: float) -> bool:
    return abs(alpha - (1.0 - confidence)) < 1e-12


def _t_interval(estimate: float, std_error: float, df: int, confidence: float, method: str) -> Interval:
    """estimate +- t_{df, (1 + confidence)/2} std_error: the interval every t-test here inverts."""
    half = float(special.stdtrit(df, 0.5 + confidence / 2.0)) * std_error
    return Interval(estimate, estimate - half, estimate + half, confidence, method)


def _names(names, k: int) -> tuple:
    if names is None:
        return tuple(f"model {i + 1}" for i in range(k))
    if isinstance(names, (str, bytes)):
        raise TypeError(f"names must be a sequence of {k} strings, got the string {names!r}")
    if not hasattr(names, "__len__"):
        raise TypeError(f"names must be a sequence of {k} strings, got {_show(names)}")
    names = tuple(names)
    if len(names) != k:
        raise ValueError(f"names must have {k} entries for this result, got {len(names)}: {_show(names)}")
    if not all(isinstance(name, str) for name in names):
        raise TypeError(f"names must be strings, got {_show(names)}")
    return names


def _check_text(value, name: str):
    if value is None:
        return None
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string or None, got {_show(value)}")
    return value.strip() or None


def _seeds_text(seeds) -> str:
    if seeds is None:
        return "Random seeds: not stated (state them, so that others can rerun the experiment)."
    if isinstance(seeds, str):
        return f"Random seeds: {seeds.strip()}."
    if isinstance(seeds, numbers.Integral) and not isinstance(seeds, bool):
        return f"Random seed: {int(seeds)}."
    try:
        values = list(seeds)
    except TypeError:
        raise TypeError(
            f"seeds must be an int, a sequence of ints, a string or None, got {_show(seeds)}"
        ) from None
    if not values or not all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in values):
        raise TypeError(f"seeds must be an int, a sequence of ints, a string or None, got {_show(seeds)}")
    return f"Random seeds: {', '.join(str(int(v)) for v in values)}."


# --------------------------------------------------------------------------- practical significance


def practical_significance(
    interval: Interval, minimum_effect: float, *, percentage_points: bool = False
) -> str:
    """Compare an interval with the smallest difference that matters in practice.

    Parameters
    ----------
    interval : Interval
        An effect with its confidence interval, for example a result's
        ``accuracy_difference`` or ``confidence_interval``.
    minimum_effect : float
        The smallest difference, in the units of the interval, that would
        matter in practice (> 0), fixed before looking at the data: say 0.01
        for one percentage point of accuracy.
    percentage_points : bool, optional
        Write the numbers in percentage points (for differences of
        proportions); the arguments stay proportions.

    Returns
    -------
    verdict : str
        One sentence: ``"practically relevant"``, ``"negligible"``,
        ``"statistically but not necessarily practically significant"`` or
        ``"inconclusive"``, with the reason.

    Notes
    -----
    With :math:`m` = ``minimum_effect`` and the interval :math:`[L, U]`:

    * :math:`L > m` or :math:`U < -m`: every difference the data allow is at
      least as large as m, in one direction: practically relevant;
    * :math:`-m < L` and :math:`U < m`: every difference the data allow is
      smaller than m: negligible in practice (with a 90 % interval this is
      the two one-sided tests procedure of equivalence testing at the 5 %
      level; with a 95 % interval it is stricter);
    * the interval excludes 0 but reaches below m: a real difference that
      may be too small to matter;
    * otherwise the data cannot tell whether the difference matters.

    A p-value cannot make this distinction: a tiny difference measured on a
    huge test set is "significant", a large one measured on a small test set
    is not (Wasserstein and Lazar 2016).

    Taught in chapters 2 and 4.

    References
    ----------
    .. [1] Wasserstein, R. L., Lazar, N. A. (2016). The ASA statement on
       p-values: context, process, and purpose. The American Statistician
       70(2), 129-133.

    Examples
    --------
    >>> from lecture_lib import mcnemar, practical_significance
    >>> panel_a = mcnemar([[9959, 11], [1, 29]]).accuracy_difference
    >>> verdict = practical_significance(panel_a, 0.005, percentage_points=True)
    >>> print(verdict)  # doctest: +NORMALIZE_WHITESPACE
    negligible in practice: the whole interval [0.0267, 0.173] percentage points lies within ±0.5
    percentage points, so the data rule out any difference that matters

    Source 000's panel A: McNemar's test finds the difference clear
    (p = 0.0034), yet if half a percentage point is the smallest gain worth
    having, the interval shows that model A does not deliver it.

    >>> panel_b = mcnemar([[9945, 25], [15, 15]]).accuracy_difference
    >>> practical_significance(panel_b, 0.001, percentage_points=True).split(":")[0]
    'inconclusive'

    Panel B, the same effect measured less precisely, cannot tell whether a
    difference of 0.1 points is there.
    """
    if not isinstance(interval, Interval):
        raise TypeError(f"interval must be an Interval, got {type(interval).__name__}")
    if isinstance(minimum_effect, bool) or not isinstance(minimum_effect, numbers.Real):
        raise TypeError(f"minimum_effect must be a positive number, got {_show(minimum_effect)}")
    m = float(minimum_effect)
    if not (m > 0 and math.isfinite(m)):
        raise ValueError(f"minimum_effect must be a positive finite number, got {minimum_effect!r}")
    if np.ndim(interval.low) or np.ndim(interval.high):
        raise ValueError("interval must hold one interval, not an array of them")
    low, high = float(interval.low), float(interval.high)
    if math.isnan(low) or math.isnan(high):
        raise ValueError(f"interval has undefined limits ({low}, {high})")
    percentage_points = check_flag(percentage_points, "percentage_points")
    scale, unit = (100.0, " percentage points") if percentage_points else (1.0, "")
    span = f"[{scale * low:.3g}, {scale * high:.3g}]{unit}"
    size = f"{scale * m:g}{unit[:-1] if scale * m == 1.0 else unit}"  # "1 percentage point"
    if low > m or high < -m:
        side = "above +" if low > m else "below -"
        return (f"practically relevant: the whole interval {span} lies {side}{size}, "
                "so every difference the data allow matters")
    if -m < low and high < m:
        return (f"negligible in practice: the whole interval {span} lies within ±{size}, "
                "so the data rule out any difference that matters")
    if low > 0 or high < 0:
        return (f"statistically but not necessarily practically significant: the interval {span} excludes 0 "
                f"but reaches differences smaller than {size}")
    return (f"inconclusive: the interval {span} holds both differences smaller than {size} and "
            "differences that would matter")


# --------------------------------------------------------------------------- the paragraphs
#
# Each builder returns (blocks, effect): blocks are paragraphs (str) and lists of items (list of
# str); effect is the interval of a difference that practical_significance may judge, or None.


def _mcnemar(r: McNemarResult, names, alpha, design, points):
    one, two = _names(names, 2)
    confidence = 1.0 - alpha
    method = MCNEMAR_INTERVALS[r.method]
    if _same_level(alpha, r.win_probability.confidence):
        share, odds, difference = r.win_probability, r.odds_ratio, r.accuracy_difference
    else:  # the verdict's level: the same intervals, recomputed from b, c and n
        share, odds = disagreement_intervals(r.b, r.c, confidence, method)
        difference = (bonett_price(r.b, r.c, r.n_examples, confidence) if r.n_examples
                      else Interval(math.nan, -1.0, 1.0, confidence, "bonett-price"))
    significant = r.pvalue <= alpha
    setting = design or "one test set; each model trained once"
    approximate = " (chi-squared approximation)" if r.method in ("chi2", "corrected") else ""
    parts = [
        f"{one} and {two} were scored on the same {r.n_examples} test examples ({setting}). "
        f"They disagreed on {r.b + r.c} of them: {one} was right on {r.b} and {two} on {r.c}.",
        f"McNemar's test ({_MCNEMAR_VARIANTS[r.method]}, two-sided): "
        f"{'min(b, c)' if r.method in ('exact', 'midp') else 'chi-squared(1)'} = {r.statistic:.4g}, "
        f"{_p(r.pvalue)}{approximate}.",
        _verdict(r.pvalue, alpha, "a split of the disagreements at least this uneven",
                 "the two models were equally accurate"),
    ]
    if r.n_examples == 0:
        parts[0] = (f"{one} and {two} were scored on no test examples at all ({setting}): there is nothing "
                    "to compare.")
    if r.b + r.c == 0:
        parts.append("With no disagreement there is nothing to estimate about which model wins one.")
    else:
        label = f"{_INTERVAL_NAMES[method]}, the interval this test inverts"
        parts.append(
            f"Share of the disagreements won by {one}: {r.b} of {r.b + r.c}, "
            f"{_effect(share, False, label, null=0.5)}; "
            f"as odds, {_effect(odds, False, null=1.0)}."
        )
        parts.append(_disagreement(significant, share, 0.5, _at_threshold(r.pvalue, alpha)))
    if r.n_examples:
        parts.append(
            f"Accuracy of {one} minus that of {two}: "
            f"{_effect(difference, points, 'Bonett-Price', null=0.0)}; "
            f"this interval comes from another method, which uses all {r.n_examples} examples and inverts "
            "no McNemar test."
        )
        parts.append(_disagreement(
            significant, difference, 0.0,
            "the Bonett-Price interval is an adjusted Wald interval, not the inversion of McNemar's test; "
            "the interval of the share above is the one that goes with the verdict",
            "the Bonett-Price interval", "no difference"))
    parts.append("The test compares these two trained models on this test set, not their learning "
                 "algorithms.")
    return [" ".join(p for p in parts if p)], (difference if r.n_examples else None)


def _t_paragraph(intro: str, statistic_text: str, p: float, alpha: float, interval: Interval,
                 effect_text: str, h0: str) -> list:
    """The paragraph of a t-test; its interval comes from the variance of the statistic, so it inverts it."""
    return [
        f"{intro}: {statistic_text}, {_p(p)} (two-sided).",
        _verdict(p, alpha, "a mean difference at least this far from 0", h0),
        effect_text,
        _disagreement(p <= alpha, interval, 0.0, _at_threshold(p, alpha), null_text="0"),
    ]


def _fold(r: FoldTTestResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    interval = r.confidence_interval
    if not _same_level(alpha, interval.confidence):
        interval = _t_interval(r.mean_difference, r.std_error, r.df, 1.0 - alpha, interval.method)
    test = _FOLD_TESTS[r.method]
    k = r.n_scores
    if r.method == "corrected repeated cv" and math.isclose(r.variance_factor, 1 / k + 1 / (k - 1)):
        # one repetition of k folds: chapter 4's conservative "corrected_kfold"
        test = "the corrected t-test on one k-fold cross-validation (conservative; chapter 4)"
    parts = _t_paragraph(
        f"{one} and {two} were compared on {r.n_scores} paired {score} scores{setting} with "
        f"{test}, variance factor {r.variance_factor:.4g}",
        f"t({r.df}) = {r.statistic:.3g}", r.pvalue, alpha, interval,
        f"Mean difference in {score} ({one} minus {two}): "
        f"{_effect(interval, points, 'from the variance of the test, the interval it inverts', null=0.0)}.",
        "the two algorithms had the same expected score")
    parts.append(_FOLD_WARNINGS.get(r.method, ""))
    return [" ".join(p for p in parts if p)], interval


def _five_by_two(r: TTest5x2cvResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else " (5 replications of 2-fold cross-validation)"
    interval = (r.confidence_interval if _same_level(alpha, r.confidence_interval.confidence)
                else _t_interval(r.first_difference, math.sqrt(r.mean_variance), 5, 1.0 - alpha, "5x2cv t"))
    parts = _t_paragraph(
        f"{one} and {two} were compared with Dietterich's 5x2cv paired t-test{setting}",
        f"t(5) = {r.statistic:.3g}", r.pvalue, alpha, interval,
        f"Difference in {score} on the first fold ({one} minus {two}), the estimate the test uses: "
        f"{_effect(interval, points, '5x2cv t, the interval the test inverts', null=0.0)}; mean of all ten "
        "differences "
        f"{_number(r.mean_difference, points)}{' percentage points' if points else ''}.",
        "the two algorithms had the same expected score")
    return [" ".join(p for p in parts if p)], interval


def _paired_t(r: PairedTTestResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    interval = (r.confidence_interval if _same_level(alpha, r.confidence_interval.confidence)
                else _t_interval(r.mean_difference, r.std_difference / math.sqrt(r.n), r.df, 1.0 - alpha,
                                 "paired t"))
    parts = _t_paragraph(
        f"{one} and {two} were compared with a paired t-test on {r.n} matched values{setting}",
        f"t({r.df}) = {r.statistic:.3g}", r.pvalue, alpha, interval,
        f"Mean difference in {score} ({one} minus {two}): {_effect(interval, points, 'paired t', null=0.0)}.",
        "the mean difference were 0")
    return [" ".join(p for p in parts if p)], interval


def _wilcoxon_reason(r: WilcoxonResult, alpha: float) -> str:
    """Why the signed-rank verdict and the Walsh-average interval can disagree, for this result."""
    if abs(r.pvalue - alpha) < 1e-9:
        return _at_threshold(r.pvalue, alpha)
    causes = []
    if not _same_level(alpha, r.confidence_interval.confidence):
        causes.append(f"the interval is a {_percent(r.confidence_interval.confidence)} interval while the "
                      f"verdict is at the {alpha:g} level")
    if r.method == "approx":
        causes.append(
            "the test's normal approximation (with the tie-corrected variance"
            f"{', zeros handled by ' + repr(r.zero_method) if r.n_zero else ''}) and the interval's (which "
            "counts Walsh averages with a half-unit correction and treats the differences as untied) are "
            "different approximations")
    elif r.n_zero or not causes:  # exact, untied and zero-free at the same level: they are exact inverses
        causes.append(
            "the exact test conditions on the observed zero and tied differences"
            f"{' (' + str(r.n_zero) + ' zero, handled by ' + repr(r.zero_method) + ')' if r.n_zero else ''}, "
            "while the Walsh-average interval treats the differences as continuous, untied and non-zero")
    return "; and ".join(causes)


def _wilcoxon(r: WilcoxonResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    method = "exact null distribution" if r.method == "exact" else "normal approximation"
    sided = "two-sided" if r.alternative == "two-sided" else f"one-sided, alternative {r.alternative!r}"
    interval = r.confidence_interval
    label = "Walsh averages, the interval that goes with the signed-rank test"
    parts = [
        f"{one} and {two} were compared over N = {r.n} data sets{setting} with the Wilcoxon signed-rank test "
        f"({method}; zero differences: {r.n_zero}, handled by {r.zero_method!r}; {sided}): "
        f"R+ = {r.r_plus:g}, R- = {r.r_minus:g}, {_p(r.pvalue)}.",
        _verdict(r.pvalue, alpha, "sign patterns at least this lopsided",
                 "the differences were distributed symmetrically about 0"),
        f"Typical difference in {score} ({one} minus {two}; Hodges-Lehmann estimate): "
        f"{_effect(interval, points, label, r.interval_coverage, null=0.0)}; "
        f"matched-pairs rank-biserial correlation {r.rank_biserial:.2f}.",
        _disagreement(r.pvalue <= alpha, interval, 0.0, _wilcoxon_reason(r, alpha), null_text="0"),
    ]
    return [" ".join(p for p in parts if p)], interval


def _sign(r: SignTestResult, names, alpha, design):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    total = r.wins + r.losses + r.ties
    ties = "ties split evenly, one ignored if odd" if r.ties_method == "split" else "ties dropped"
    if r.n == 0:
        interval = Interval(math.nan, 0.0, 1.0, 1.0 - alpha, "clopper-pearson")
    elif _same_level(alpha, r.win_probability.confidence):
        interval = r.win_probability
    else:
        interval = proportion_interval(int(r.statistic), r.n, 1.0 - alpha, "clopper-pearson")
    parts = [
        f"{one} and {two} were compared over {total} data sets{setting} with the sign test ({ties}): "
        f"{one} won {r.wins}, lost {r.losses} and tied {r.ties}; {r.statistic:g} wins of {r.n} counted, "
        f"{_p(r.pvalue)} (two-sided, exact binomial).",
        _verdict(r.pvalue, alpha, "a split at least this uneven",
                 "each algorithm were equally likely to win on a data set"),
        f"Probability that {one} wins on a data set"
        f"{' (a tie counting half)' if r.ties_method == 'split' and r.ties else ''}: "
        f"{_effect(interval, False, 'Clopper-Pearson, the interval this test inverts', null=0.5)}.",
        _disagreement(r.pvalue <= alpha, interval, 0.5, _at_threshold(r.pvalue, alpha)),
    ]
    return [" ".join(p for p in parts if p)], None


def _friedman(r: FriedmanResult, names, alpha, design):
    labels = _names(names, r.k)
    setting = f" ({design})" if design else ""
    df1, df2 = r.iman_davenport_df
    ranks = ", ".join(f"{name} {rank:.2f}" for name, rank in zip(labels, r.mean_ranks))
    source = {
        "exact": "the exact permutation distribution",
        "chi2": "the chi-squared approximation",
        "iman_davenport": f"Iman and Davenport's F({df1}, {df2}) = {r.iman_davenport:.3g}",
    }[r.method]
    why = r.pvalue_method.split(": ", 1)[-1]
    others = []
    if r.method != "exact" and not math.isnan(r.exact_pvalue):
        others.append(f"the exact p-value is {r.exact_pvalue:.3g}")
    if r.method != "chi2":
        others.append(f"the chi-squared approximation gives {_p(r.chi2_pvalue)}")
    if r.method != "iman_davenport":
        others.append(f"Iman and Davenport's F gives {_p(r.iman_davenport_pvalue)}"
                      if not math.isnan(r.iman_davenport_pvalue) else
                      "Iman and Davenport's F is infinite (every data set ranks the algorithms alike) and "
                      "has no p-value")
    parts = [
        f"{r.k} algorithms were compared over N = {r.n_datasets} data sets{setting} with the Friedman test"
        f"{' (tie-corrected)' if r.tie_correction else ''}: chi2_F({r.df}) = {r.statistic:.3g}, "
        f"{_p(r.pvalue)}, from {source}; why this p-value: {why}.",
        f"For comparison, {', and '.join(others)}; the verdict uses the p-value above.",
        _verdict(r.pvalue, alpha, "average ranks at least this unequal",
                 "the algorithms were interchangeable (every ordering equally likely on every data set)",
                 "the pairwise comparisons show what the data still allow"),
    ]
    # Without ties the most extreme outcome (every data set ranking the algorithms alike) has exact
    # probability (k!)^(1 - N); no exact p-value can be smaller, with ties it is larger still.
    smallest = math.exp((1 - r.n_datasets) * math.lgamma(r.k + 1))
    if smallest > alpha:
        parts.append(
            f"No outcome of a design with k = {r.k} algorithms and N = {r.n_datasets} data sets can be "
            f"significant at the {alpha:g} level by the exact test: its smallest attainable p-value is "
            f"(k!)^(1 - N) = {smallest:.3g}, when every data set ranks the algorithms alike."
            + (" The approximate p-value above is therefore an artefact of the approximation."
               if r.method != "exact" and r.pvalue <= alpha else "")
        )
    parts += [
        f"Effect: Kendall's W = {r.kendalls_w:.2f} (0: no agreement among the data sets on the order of the "
        f"algorithms, 1: the same ranking on every data set; a point estimate, with no interval here: "
        f"chapter 6 bootstraps one over the data sets). Average ranks (1 = best): {ranks}.",
        "Report the post-hoc comparisons (which pairs differ, with adjusted p-values and intervals) with it.",
    ]
    return [" ".join(parts)], None


def _cochran(r: CochranQResult, names, alpha, design):
    labels = _names(names, r.n_models)
    setting = f" ({design})" if design else ""
    intervals = r.accuracy_intervals
    if not _same_level(alpha, intervals[0].confidence):
        intervals = tuple(proportion_interval(round(a * r.n_examples), r.n_examples, 1.0 - alpha)
                          for a in r.accuracies)
    accuracies = "; ".join(f"{name} {_effect(iv, True, 'Wilson', unit=' %')}"
                           for name, iv in zip(labels, intervals))
    parts = [
        f"{r.n_models} models were scored on the same {r.n_examples} test examples{setting}; "
        f"{r.n_informative} examples split them. Cochran's Q test: Q({r.df}) = {r.statistic:.3g}, "
        f"{_p(r.pvalue)} (chi-squared approximation).",
        _verdict(r.pvalue, alpha, "accuracies at least this unequal",
                 "the models were equally accurate (exchangeable on every example)"),
        f"Accuracies in per cent: {accuracies}.",
        "Each of these intervals is for one model's accuracy on its own, not for a difference between "
        "models: whether two of them overlap is not a test and can contradict the test above (which uses "
        "the pairing of the predictions on the same examples), so read neither overlap as \"no difference\" "
        "nor separation as \"a difference\". Which models differ, and by how much, is for the pairwise "
        "comparisons (pairwise_mcnemar), with each difference and its interval.",
    ]
    return [" ".join(parts)], None


# ------------------------------------------------------------------ beyond one i.i.d. test set (issue 27)


_NONINFERIORITY_TESTS = {
    "tango score": ("Tango's score test for paired proportions (Tango 1998)", "Tango score"),
    "paired t": ("the one-sided paired t-test", "paired t"),
    "corrected t": ("the one-sided corrected resampled t-test (Nadeau and Bengio 2003)", "corrected t"),
}

_CLUSTERED_MCNEMAR = {
    "yang": ("Yang, Sun and Hardin's (2010) statistic",
             "Yang et al.'s statistic averages the variance under H0 and the unrestricted one"),
    "durkalski": ("Durkalski et al.'s (2003) statistic",
                  "Durkalski et al.'s statistic gives every group the same weight, whatever its size"),
    "obuchowski": ("Obuchowski's (1998) statistic, variance under H0",
                   "Obuchowski's statistic estimates the variance under H0"),
    "eliasziw": ("Eliasziw and Donner's (1991) statistic, McNemar's divided by a variance inflation factor",
                 "Eliasziw and Donner's statistic divides McNemar's by an inflation factor from the "
                 "intra-cluster correlation"),
}

_TAU2_ESTIMATORS = {
    "REML": "restricted maximum likelihood (REML)",
    "DerSimonian-Laird": "DerSimonian and Laird's moment estimator",
}


def _amount(value: float, points: bool) -> str:
    """A margin in words: '2 percentage points' (a proportion shown in points) or '0.02'."""
    if points:
        return f"{100 * value:.4g} percentage point{'' if 100 * value == 1.0 else 's'}"
    return f"{value:.4g}"


def _quantile(probability: float, df: float) -> float:
    """Student's t quantile with ``df`` degrees of freedom; the normal one for df = inf."""
    return float(special.ndtri(probability) if math.isinf(df) else special.stdtrit(df, probability))


def _wald_interval(estimate: float, std_error: float, df: float, confidence: float, method: str) -> Interval:
    """estimate +- q std_error, q the two-sided quantile of t(df) (normal for df = inf)."""
    half = _quantile(0.5 + confidence / 2.0, df) * std_error
    return Interval(estimate, estimate - half, estimate + half, confidence, method)


def _noninferiority(r: NonInferiorityResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    margin = _amount(r.margin, points)
    interval = r.difference
    test, label = _NONINFERIORITY_TESTS[r.method]
    significant = r.pvalue <= alpha
    # a one-sided test at alpha goes with the two-sided interval at 1 - 2 alpha: its lower limit decides
    matched = 1.0 - 2.0 * alpha
    same = abs(interval.confidence - matched) < 1e-12
    if same:
        label += ", the interval whose lower limit decides the test"
    if r.method == "tango score":
        intro = f"{one} and {two} were scored on the same {r.n} test examples{setting}."
        statistic = f"score z = {r.statistic:.3g}"
        what = f"accuracy of {one} minus that of {two}"
    else:
        intro = f"{one} and {two} were compared on {r.n} paired {score} scores{setting}."
        statistic = f"t({r.df}) = {r.statistic:.3g}"
        what = f"mean difference in {score}, oriented so that positive favours {one}"
    if significant:
        verdict = (f"Significant at the {alpha:g} level: {one} is non-inferior to {two} within {margin}; "
                   f"an advantage at least this large would be unlikely if {one} were worse by {margin} or "
                   "more.")
    else:
        verdict = (f"Not significant at the {alpha:g} level: non-inferiority within {margin} is not shown "
                   f"(a loss of {margin} or more is still compatible with the data).")
    parts = [
        intro,
        f"Non-inferiority test of {one} against {two} with the margin {margin} by {test}; H0: {one} is "
        f"worse than {two} by {margin} or more: {statistic}, {_p(r.pvalue)} (one-sided).",
        verdict,
        f"Advantage of {one} ({what}): {_effect(interval, points, label, null=-r.margin)}.",
    ]
    if not same:
        goes_with = (f"the {_percent(matched)} interval (1 - 2 alpha), whose lower limit lies above "
                     f"-{margin} exactly when the test is significant" if matched > 0 else
                     "no two-sided interval (1 - 2 alpha is not a confidence level)")
        parts.append(f"This is a {_percent(interval.confidence)} interval, while the one-sided test at the "
                     f"{alpha:g} level goes with {goes_with}.")
    shown = interval.low > -r.margin  # the interval rules out a loss of the margin or more
    if shown != significant:
        reason = (_at_threshold(r.pvalue, alpha) if same else
                  f"the interval is a {_percent(interval.confidence)} interval while the verdict is a "
                  f"one-sided test at the {alpha:g} level"
                  + (", which no two-sided interval matches" if matched <= 0 else ""))
        where = "is not above" if significant else "lies above"
        parts.append(f"The test is {'' if significant else 'not '}significant while the lower limit of the "
                     f"interval {where} -{margin}: they {DISAGREEMENT_MARK} {reason}.")
    return [" ".join(parts)], None


def _clustered_mcnemar(r: ClusteredMcNemarResult, names, alpha, design, points):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    interval = r.accuracy_difference
    if not _same_level(alpha, interval.confidence):  # the same cluster-robust standard error, another level
        z = _quantile(0.5 + interval.confidence / 2.0, math.inf)
        std_error = (interval.high - interval.low) / (2.0 * z)
        interval = _wald_interval(interval.estimate, std_error, math.inf, 1.0 - alpha, interval.method)
    name, variance = _CLUSTERED_MCNEMAR[r.method]
    significant = r.pvalue <= alpha
    parts = [
        f"{one} and {two} were scored on the same {r.n} test examples in {r.n_groups} groups{setting}; "
        f"the groups, not the examples, are the independent units. They disagreed on {r.b + r.c} "
        f"examples: {one} was right on {r.b} and {two} on {r.c}.",
        f"Clustered McNemar test ({name}): chi-squared(1) = {r.statistic:.4g}, {_p(r.pvalue)} "
        "(chi-squared approximation, which needs many groups).",
    ]
    if r.method == "eliasziw":
        icc = ("could not be estimated (no group holds two examples)" if r.icc is None or math.isnan(r.icc)
               else f"{r.icc:.3g}")
        parts.append(f"Intra-cluster correlation of discordance: {icc}; variance inflation factor "
                     f"{r.inflation:.3g}.")
    parts += [
        _verdict(r.pvalue, alpha, "a split of the disagreements at least this uneven",
                 "the two models were equally accurate"),
        f"Accuracy of {one} minus that of {two}: "
        f"{_effect(interval, points, 'cluster-robust Wald', null=0.0)}; this interval uses Obuchowski's "
        "unrestricted cluster-robust variance and inverts the Wald form of his test, not the statistic "
        "above.",
    ]
    reason = (_at_threshold(r.pvalue, alpha) if abs(r.pvalue - alpha) < 1e-9 else
              f"{variance}, while the interval uses the unrestricted variance; near the threshold the two "
              "can fall on different sides, and the verdict goes with the test's p-value")
    parts.append(_disagreement(significant, interval, 0.0, reason, "the Wald interval", "no difference"))
    parts.append("The test compares these two trained models on this test set, not their learning "
                 "algorithms.")
    return [" ".join(p for p in parts if p)], interval


def _clustered_auc(r: ClusteredAUCResult, names, alpha, design, points):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    interval = r.auc_difference
    if not _same_level(alpha, interval.confidence):
        interval = _wald_interval(interval.estimate, r.std_error, math.inf, 1.0 - alpha, interval.method)
    label = "Obuchowski's clustered variance, the interval this test inverts"
    parts = [
        f"{one} and {two} were scored on the same {r.n_positive + r.n_negative} test examples "
        f"({r.n_positive} positive, {r.n_negative} negative) in {r.n_groups} groups{setting}; the groups, "
        "not the examples, are the independent units.",
        f"Obuchowski's (1997) clustered test of the difference of the AUCs: z = {r.statistic:.3g}, "
        f"{_p(r.pvalue)} (two-sided; normal approximation, which needs many groups).",
        _verdict(r.pvalue, alpha, "a difference of the AUCs at least this far from 0",
                 "the two AUCs were equal"),
        f"AUC of {one} {r.auc_1:.3g}, of {two} {r.auc_2:.3g}; difference ({one} minus {two}): "
        f"{_effect(interval, points, label, null=0.0)}.",
        _disagreement(r.pvalue <= alpha, interval, 0.0, _at_threshold(r.pvalue, alpha), null_text="0"),
    ]
    return [" ".join(p for p in parts if p)], interval


def _diebold_mariano(r: DieboldMarianoResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    interval = r.confidence_interval
    if not _same_level(alpha, interval.confidence):  # the same standard error and reference, another level
        confidence = 1.0 - alpha
        q = _quantile(0.5 + confidence / 2.0 if r.alternative == "two-sided" else confidence, r.df)
        est = r.mean_difference
        interval = Interval(est, -math.inf if r.alternative == "less" else est - q * r.std_error,
                            math.inf if r.alternative == "greater" else est + q * r.std_error, confidence,
                            interval.method)
    if math.isinf(r.df):
        test = ("the original Diebold-Mariano test (normal reference, which rejects too often in small "
                "samples)")
        statistic = f"z = {r.statistic:.3g}"
    else:
        test = "the Diebold-Mariano test with Harvey, Leybourne and Newbold's small-sample correction"
        statistic = f"t({r.df:g}) = {r.statistic:.3g}"
    lags = "lag 0 only" if r.horizon == 1 else f"the autocovariances at lags 0 to {r.horizon - 1}"
    sided, what = {
        "two-sided": ("two-sided", "a mean loss difference at least this far from 0"),
        "less": (f"one-sided; H1: {one} has the lower expected loss",
                 "a mean loss difference at least this far below 0"),
        "greater": (f"one-sided; H1: {two} has the lower expected loss",
                    "a mean loss difference at least this far above 0"),
    }[r.alternative]
    losses = "losses" if score == "accuracy" else f"losses ({score})"
    parts = [
        f"{one} and {two} were compared on their {losses} at the same {r.n} time points{setting} with "
        f"{test}; forecast horizon {r.horizon}, so the variance of the mean uses {lags}: {statistic}, "
        f"{_p(r.pvalue)} ({sided}).",
    ]
    if "lag-0" in r.method:
        parts.append(f"The long-run variance at horizon {r.horizon} came out not positive, so the lag-0 "
                     "variance (horizon 1) was used instead, as forecast::dm.test does: the p-value then "
                     "ignores the autocorrelation the horizon implies and is only a rough guide.")
    if r.std_error == 0.0:
        parts.append("Every loss difference is the same, so the variance is zero: the p-value is 0 or 1 by "
                     "convention (0 when the differences lie on the side of H1) and the interval is a point.")
    parts.append(_verdict(r.pvalue, alpha, what, "the two models had the same expected loss"))
    label = f"{interval.method}, the interval this test inverts"
    unit = " percentage points" if points else ""
    if r.alternative == "two-sided":
        effect = _effect(interval, points, label, null=0.0)
    else:  # one limit is infinite: give the other as a bound
        bound = (f"at most {_number(interval.high, points, null=0.0)}" if r.alternative == "less" else
                 f"at least {_number(interval.low, points, null=0.0)}")
        effect = (f"{_number(interval.estimate, points)}{unit} ({_percent(interval.confidence)} one-sided "
                  f"CI: {bound}{unit}, {label})")
    parts.append(f"Mean loss difference ({one} minus {two}; negative: {one} had the lower loss): {effect}.")
    parts.append(_disagreement(r.pvalue <= alpha, interval, 0.0, _at_threshold(r.pvalue, alpha),
                               null_text="0"))
    return [" ".join(p for p in parts if p)], interval


def _meta_analysis(r: MetaAnalysisResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    knha = r.test == "Knapp-Hartung t"
    df = float(r.q_df) if knha else math.inf
    ci, pi = r.confidence_interval, r.prediction_interval
    if not _same_level(alpha, ci.confidence):  # the same standard errors and quantile, another level
        ci = _wald_interval(r.estimate, r.std_error, df, 1.0 - alpha, ci.method)
        pi = _wald_interval(r.estimate, math.sqrt(r.tau2 + r.std_error**2), df, 1.0 - alpha, pi.method)
    test = f"Knapp and Hartung's t test on k - 1 = {r.q_df} df" if knha else "the z test"
    statistic = f"t({r.q_df}) = {r.statistic:.3g}" if knha else f"z = {r.statistic:.3g}"
    unit = " percentage points" if points else ""
    homogeneity = ("evidence that the true difference varies across data sets" if r.q_pvalue <= alpha else
                   "no evidence of heterogeneity, which does not show that the true differences agree: the "
                   "test has little power with few data sets")
    parts = [
        f"{one} and {two} were compared on k = {r.n_datasets} data sets{setting} by a random-effects "
        f"meta-analysis of the per-data-set differences in {score} ({one} minus {two}), each with its "
        f"standard error; tau^2, the variance of the true differences across data sets, estimated by "
        f"{_TAU2_ESTIMATORS[r.method]}, and {test}: {statistic}, {_p(r.pvalue)} (two-sided).",
        _verdict(r.pvalue, alpha, "a pooled difference at least this far from 0",
                 "the mean difference over data sets were 0"),
        f"Pooled difference, the mean over data sets like these: "
        f"{_effect(ci, points, ci.method + ', the interval this test inverts', null=0.0)}.",
        _disagreement(r.pvalue <= alpha, ci, 0.0, _at_threshold(r.pvalue, alpha), null_text="0"),
        f"On a new data set like these, the difference would lie in {_number(pi.low, points)} to "
        f"{_number(pi.high, points)}{unit} ({_percent(pi.confidence)} prediction interval).",
        f"Heterogeneity: tau^2 = {r.tau2:.3g} (tau = {_number(math.sqrt(r.tau2), points)}{unit}), "
        f"I^2 = {100 * r.i2:.1f} % (the share of the variance of the estimates due to heterogeneity); "
        f"Cochran's Q({r.q_df}) = {r.q:.3g}, {_p(r.q_pvalue)} (test of homogeneity: {homogeneity}).",
    ]
    if r.n_datasets < 5:
        parts.append(f"With only {r.n_datasets} data sets tau^2 is poorly estimated (often 0)"
                     + (", and the z interval, which treats it as known, is too narrow: prefer Knapp and "
                        "Hartung's test (test=\"knha\")." if not knha else "."))
    elif r.n_datasets < 10 and not knha:
        parts.append(f"With {r.n_datasets} data sets the z interval, which treats tau^2 as known, is too "
                     "narrow and its p-value too small: prefer Knapp and Hartung's test (test=\"knha\").")
    return [" ".join(p for p in parts if p)], ci


def _calibration(r: CalibrationResult, names, alpha, design):
    name = "the model" if names is None else _names(names, 1)[0]
    setting = f" ({design})" if design else ""
    if r.pvalue <= alpha:
        verdict = (f"Significant at the {alpha:g} level: evidence of miscalibration; a z at least this far "
                   "from 0 would be unlikely if every outcome occurred with its predicted probability.")
    else:
        verdict = (f"Not significant at the {alpha:g} level: no evidence of miscalibration (which does not "
                   "show that the probabilities are calibrated: the test has little power against "
                   "probabilities too high in one range and too low in another, and none where every "
                   "probability is 1/2).")
    direction = ("larger than" if r.brier_score > r.expected_brier else
                 "smaller than" if r.brier_score < r.expected_brier else "the same as")
    parts = [
        f"The predicted probabilities of {name} on {r.n} test examples{setting} were tested with "
        f"Spiegelhalter's z test of calibration: z = {r.statistic:.3g}, {_p(r.pvalue)} (two-sided, normal "
        "approximation).",
        verdict,
        f"Brier score {r.brier_score:.4g}, {direction} {r.expected_brier:.4g}, its expectation if the "
        "probabilities were calibrated.",
    ]
    if "zero variance" in r.method:
        parts.append("Every probability is 0, 1/2 or 1, so z has no variance: it is 0 when no certain "
                     "prediction was wrong, and infinite (p = 0) when one was.")
    parts.append("The test has no single effect with an interval: to see where the probabilities are off "
                 "(which range of predicted probabilities, in which direction), read reliability_table or "
                 "plot_reliability.")
    return [" ".join(parts)], None


# ------------------------------------------------------------------ several comparisons at once


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _adjustment_text(adjust: str, m: int, alpha: float) -> str:
    if adjust == "none":
        worst = 1.0 - (1.0 - alpha) ** m
        return (f"p-values not adjusted: each of the {m} comparisons is tested at level {alpha:g} on its "
                f"own, so if all the algorithms were equal, each would come out significant by chance with "
                f"probability {alpha:g}, and the chance that at least one does is larger: "
                f"1 - (1 - {alpha:g})^{m} = {worst:.2g} for independent tests, at most "
                f"{m} x {alpha:g} = {min(1.0, m * alpha):.2g} in general")
    if adjust in ("bh", "by"):
        return (f"p-values adjusted by {_ADJUSTMENTS[adjust]} for {m} comparisons, which keeps the false "
                f"discovery rate (the expected share of false findings among the significant pairs) at "
                f"{alpha:g}; an adjusted p-value is the smallest level at which the pair would be declared, "
                "a bound, not a probability")
    return (f"p-values adjusted by {_ADJUSTMENTS[adjust]} for {m} comparisons at the family-wise level "
            f"{alpha:g}; an adjusted p-value is the smallest family-wise level at which the procedure "
            "declares the pair, a bound, not a probability")


def _simultaneous_text(m: int, alpha: float, single: bool) -> str:
    if single:
        return (f"each interval is at level {_percent(1 - alpha)} for its pair alone, the level of the "
                "unadjusted tests")
    return (f"each interval is at level 1 - {alpha:g}/{m} = {_percent(1 - alpha / m)}, so that all {m} hold "
            f"together with confidence at least {_percent(1 - alpha)} (Bonferroni)")


def _procedure_reason(adjust: str, rank: int, m: int, alpha: float) -> str:
    """Why a multiplicity procedure declares a pair whose simultaneous interval holds the null value."""
    if adjust == "holm":
        return (f"Holm's step-down method compared this pair's raw p-value, the {_ordinal(rank)} smallest of "
                f"{m}, with {alpha:g}/{m - rank + 1} = {alpha / (m - rank + 1):.3g}, while the simultaneous "
                f"intervals use {alpha:g}/{m} = {alpha / m:.3g} for every pair")
    what = ("controls the false discovery rate, not the family-wise error, and" if adjust in ("bh", "by")
            else "is")
    return (f"{_ADJUSTMENTS[adjust]} {what} more lenient than the Bonferroni level {alpha:g}/{m} = "
            f"{alpha / m:.3g} of the simultaneous intervals")


def _pair_verdict(significant: bool, interval: Interval, null: float, null_text: str, own_test: bool,
                  test_reason: str, procedure_reason: str) -> str:
    """The disagreement sentence of one pair; ``own_test``: the pair's test at the interval's level."""
    reasons = []
    if own_test != significant:
        reasons.append(procedure_reason)
    if own_test != _excludes(interval, null):
        reasons.append(test_reason)
    return _disagreement(significant, interval, null, "; and ".join(reasons), "its interval", null_text)


def _pairwise_mcnemar(r: PairwiseMcNemarResult, names, alpha, design):
    labels = r.names if names is None else _names(names, len(r.names))
    setting = f" ({design})" if design else ""
    m = r.n_comparisons
    confidence = 1.0 - alpha / m
    ranks = np.argsort(np.argsort(r.pvalue, kind="stable"), kind="stable") + 1
    intro = (
        f"Every pair of the {len(labels)} models was compared on the same test examples{setting} with "
        f"McNemar's test ({_MCNEMAR_VARIANTS.get(r.method, r.method)}); "
        f"{_adjustment_text(r.adjust, m, alpha)}. For each pair, the share of the disagreements won by the "
        f"first model comes with the interval its McNemar test inverts, and the accuracy difference with "
        f"its Bonett-Price interval (another method); {_simultaneous_text(m, alpha, False)}."
    )
    items = []
    for idx, (i, j) in enumerate(r.pairs):
        b, c = int(r.b[idx]), int(r.c[idx])
        method = MCNEMAR_INTERVALS[r.methods[idx]]
        significant = bool(r.pvalue_adjusted[idx] <= alpha)
        own_test = bool(r.pvalue[idx] <= alpha / m)
        text = f"{labels[i]} vs {labels[j]}: "
        if b + c == 0:
            text += "no disagreement, nothing to estimate about who wins one"
        else:
            share = disagreement_intervals(b, c, confidence, method)[0]
            text += (f"{labels[i]} won {b} of the {b + c} disagreements, "
                     f"{_effect(share, False, _INTERVAL_NAMES[method], null=0.5)}")
        text += (f"; raw {_p(r.pvalue[idx])}, adjusted {_p(r.pvalue_adjusted[idx])}: "
                 f"{'significant' if significant else 'not significant'}; accuracy difference "
                 f"{_effect(r.differences[idx], True, 'Bonett-Price', null=0.0)}.")
        procedure = _procedure_reason(r.adjust, int(ranks[idx]), m, alpha)
        said = ""
        if b + c:
            said = _pair_verdict(significant, share, 0.5, "0.5", own_test,
                                 _at_threshold(float(r.pvalue[idx]), alpha / m), procedure)
        bonett_price = r.differences[idx]
        if said and _excludes(bonett_price, 0.0) == _excludes(share, 0.5):
            side = "excludes" if _excludes(bonett_price, 0.0) else "includes"
            said += f" The Bonett-Price interval {side} no difference too, for the same reason."
        else:
            said += " " + _pair_verdict(significant, bonett_price, 0.0, "no difference", own_test,
                                        "the Bonett-Price interval is not the inversion of McNemar's test",
                                        procedure)
        text += " " + said
        items.append(" ".join(text.split()))
    return [intro, items], None


def _posthoc_columns(r) -> list:
    """(first, second, raw p, adjusted p, significant, effect, rank) of each comparison of a post-hoc
    result, the most significant first."""
    if isinstance(r, PairwiseComparisons):
        k = len(r.names)
        rows = []
        for i, j in zip(*np.triu_indices(k, 1)):
            e = float(r.effect[i, j])
            first, second = (int(i), int(j)) if e >= 0 else (int(j), int(i))
            rows.append([first, second, float(r.raw_pvalues[i, j]), float(r.pvalues[i, j]),
                         bool(r.significant[i, j]), abs(e)])
    else:
        rows = [[r.control, int(o), float(r.raw_pvalues[n]), float(r.pvalues[n]), bool(r.significant[n]),
                 float(r.effect[n])] for n, o in enumerate(r.others)]
    order = sorted(range(len(rows)), key=lambda n: (rows[n][2], rows[n][3]))  # the most significant first
    for rank, n in enumerate(order, start=1):
        rows[n].append(rank)
    return [rows[n] for n in order]


def _check_posthoc_scores(r, scores) -> np.ndarray:
    """The score table of a post-hoc result, checked against the effects the result holds."""
    arr = check_real_array(scores, "scores", ndim=2, what="the 2-D score table (data sets x algorithms)")
    k = len(r.names)
    if arr.shape != (r.n_datasets, k):
        raise ValueError(f"scores must be the ({r.n_datasets}, {k}) table the comparisons were computed "
                         f"from, got shape {arr.shape}")
    if r.test == "nemenyi":  # its effects are gaps of average ranks: compare the ranks
        ranks = rankdata(-arr if r.higher_is_better else arr, axis=1).mean(axis=0)
        if not np.allclose(ranks, r.mean_ranks, rtol=0.0, atol=1e-9):
            found, held = _show(ranks.round(4)), _show(np.round(r.mean_ranks, 4))
            raise ValueError(f"scores do not match the result: their average ranks are {found}, the result's "
                             f"{held}; pass the score table the comparisons were computed from")
        return arr
    summary = np.mean if r.test == "ttest" else np.median
    scale = 1e-9 * max(1.0, float(np.max(np.abs(arr))))
    for first, second, _, _, _, effect, _ in _posthoc_columns(r):
        d = arr[:, first] - arr[:, second]
        found = float(summary(d if r.higher_is_better else -d))
        if abs(found - effect) > scale:
            raise ValueError(
                f"scores do not match the result: the {summary.__name__} advantage of {r.names[first]} over "
                f"{r.names[second]} is {found:.6g} in scores but {effect:.6g} in the result; pass the score "
                "table the comparisons were computed from")
    return arr


def _posthoc_interval(r, arr, first: int, second: int, confidence: float, alpha: float):
    """The interval of one comparison that its test inverts (for Wilcoxon: goes with it), and why they
    could still disagree; (None, "") without the score table."""
    options = dict(getattr(r, "test_options", None) or {})
    k = len(r.names)
    if r.test == "nemenyi":
        gap = float(r.mean_ranks[second] - r.mean_ranks[first])
        if r.adjust == "studentized-range":  # Nemenyi's simultaneous intervals: gap +- CD
            half = critical_difference(k, r.n_datasets, alpha, "nemenyi")
        else:
            std_error = math.sqrt(k * (k + 1.0) / (6.0 * r.n_datasets))
            half = float(special.ndtri(0.5 + confidence / 2.0)) * std_error
        return Interval(gap, gap - half, gap + half, confidence, "mean-rank z"), ""
    if arr is None:
        return None, ""
    better, worse = (arr[:, first], arr[:, second]) if r.higher_is_better else (arr[:, second], arr[:, first])
    if r.test == "sign":
        return sign_test(arr[:, first], arr[:, second], higher_is_better=r.higher_is_better,
                         confidence=confidence, **options).win_probability, ""
    if r.test == "ttest":
        return paired_ttest(better, worse, confidence).confidence_interval, ""
    res = wilcoxon_signed_rank(better, worse, confidence=confidence, **options)
    return res.confidence_interval, _wilcoxon_reason(res, round(1.0 - confidence, 12))


def _posthoc(r, names, alpha, design, score, scores):
    labels = r.names if names is None else _names(names, len(r.names))
    setting = f" ({design})" if design else ""
    rows = _posthoc_columns(r)
    m = len(rows)
    single = r.adjust == "none"
    together = r.adjust == "studentized-range"
    confidence = 1.0 - alpha if single or together else 1.0 - alpha / m
    arr = None
    if scores is None:
        scores = getattr(r, "scores", None)
    if scores is not None:
        arr = _check_posthoc_scores(r, scores)
    difference = (f"the {score} of the first minus that of the second" if r.higher_is_better else
                  f"the {score} of the second minus that of the first (lower is better)")
    null, null_text, what = {
        "wilcoxon": (0.0, "0", f"advantage, {difference}, as a Hodges-Lehmann estimate with its "
                               "Walsh-average interval (0: no difference, positive: the first is better)"),
        "sign": (0.5, "0.5", "probability of winning a data set, with its Clopper-Pearson interval (0.5: no "
                             "difference, above: the first is better)"),
        "ttest": (0.0, "0", f"mean advantage, {difference}, with its paired t interval (0: no difference, "
                            "positive: the first is better)"),
        "nemenyi": (0.0, "0", "advantage in average rank, the second's average rank minus the first's (0: no "
                              "difference, positive: the first is better)"),
    }[r.test]
    if isinstance(r, PairwiseComparisons):
        who = f"Every pair of the {len(labels)} algorithms was compared"
    else:
        who = f"{labels[r.control]} (the control) was compared with each of the other {m} algorithms"
    intro = [
        f"{who} over N = {r.n_datasets} data sets{setting} with {_POSTHOC_TESTS[r.test]}; "
        f"{_adjustment_text(r.adjust, m, alpha)}.",
    ]
    if r.test == "nemenyi":
        intro.append("The mean-rank z of a pair depends on the other algorithms in the pool, and the "
                     "family-wise control of mean-rank procedures holds when all the algorithms are "
                     "exchangeable (chapter 6).")
    if r.test == "nemenyi" or arr is not None:
        level = ("they are Nemenyi's simultaneous intervals, the difference of average ranks plus or minus "
                 f"the critical difference, which hold together with confidence {_percent(1 - alpha)} when "
                 "all the algorithms are exchangeable" if together else _simultaneous_text(m, alpha, single))
        intro.append(f"Each comparison, first against second, gives the first's {what}; {level}.")
    else:
        intro.append("The result holds no score table, so no interval is printed: pass the table as "
                     "report(result, scores=...) to add each comparison's interval. The effect given is the "
                     f"{'mean' if r.test == 'ttest' else 'median'} advantage of the first over the second, "
                     f"{difference}.")
    items = []
    for first, second, raw, adjusted, significant, effect, rank in rows:
        interval, test_reason = _posthoc_interval(r, arr, first, second, confidence, alpha)
        text = f"{labels[first]} vs {labels[second]}: "
        text += _effect(interval, False, null=null) if interval is not None else f"advantage {effect:.3g}"
        text += (f"; raw {_p(raw)}, adjusted {_p(adjusted)}: "
                 f"{'significant' if significant else 'not significant'}.")
        if interval is not None:
            own_test = adjusted <= alpha if together else raw <= (alpha if single else alpha / m)
            test_reason = test_reason or _at_threshold(adjusted if together else raw, 1.0 - confidence)
            text += " " + _pair_verdict(significant, interval, null, null_text, own_test, test_reason,
                                        _procedure_reason(r.adjust, rank, m, alpha))
        items.append(text.strip())
    return [" ".join(intro), items], None


def _layout(blocks: list, width) -> str:
    """Paragraphs (str) and item lists (list of str), each wrapped at ``width`` characters (None: not)."""
    out = []
    for block in blocks:
        if isinstance(block, str):
            out.append(fill(block, width))
        else:
            out.append("\n".join(fill(item, width, "- ", "  ") for item in block))
    return "\n\n".join(out)


def _check_minimum_effect(minimum_effect):
    if minimum_effect is None:
        return None
    if isinstance(minimum_effect, bool) or not isinstance(minimum_effect, numbers.Real):
        raise TypeError(f"minimum_effect must be a positive number or None, got {_show(minimum_effect)}")
    if not (float(minimum_effect) > 0 and math.isfinite(minimum_effect)):
        raise ValueError(f"minimum_effect must be a positive finite number, got {minimum_effect!r}")
    return float(minimum_effect)


def _result_level(result, alpha):
    """The report's significance level for ``result`` (see the ``alpha`` parameter of :func:`report`)."""
    if isinstance(result, (PairwiseMcNemarResult, PairwiseComparisons, ControlComparisons)):
        if alpha is not None and abs(alpha - result.alpha) > 1e-12:
            raise ValueError(
                f"alpha = {alpha:g} differs from the level {result.alpha:g} the {type(result).__name__} was "
                f"computed at, which its decisions use: recompute it with alpha={alpha:g}, or leave alpha "
                "out")
        return result.alpha
    interval = {
        McNemarResult: lambda r: r.win_probability,
        CochranQResult: lambda r: r.accuracy_intervals[0],
        PairedTTestResult: lambda r: r.confidence_interval,
        FoldTTestResult: lambda r: r.confidence_interval,
        TTest5x2cvResult: lambda r: r.confidence_interval,
        WilcoxonResult: lambda r: r.confidence_interval,
        SignTestResult: lambda r: r.win_probability,
        ClusteredMcNemarResult: lambda r: r.accuracy_difference,
        ClusteredAUCResult: lambda r: r.auc_difference,
        DieboldMarianoResult: lambda r: r.confidence_interval,
        MetaAnalysisResult: lambda r: r.confidence_interval,
    }.get(type(result))
    if isinstance(result, NonInferiorityResult):  # one-sided: a 1 - 2 alpha interval goes with level alpha
        return round((1.0 - result.difference.confidence) / 2.0, 12) if alpha is None else alpha
    if interval is None:  # Friedman, calibration: no interval to match
        return 0.05 if alpha is None else alpha
    return _level(alpha, interval(result).confidence)


def report(result, names=None, *, alpha: float | None = None, design: str | None = None, seeds=None,
           score: str = "accuracy", percentage_points: bool | None = None,
           minimum_effect: float | None = None, width: int | None = WIDTH, scores=None) -> str:
    """The paragraph that reports a comparison: test, statistic, p-value, effect, interval, design, seeds.

    Parameters
    ----------
    result : test result
        A result of :func:`lecture_lib.mcnemar`, :func:`lecture_lib.cochrans_q`,
        :func:`lecture_lib.pairwise_mcnemar`, :func:`lecture_lib.paired_ttest`,
        the fold t-tests (:func:`lecture_lib.corrected_repeated_cv_ttest`,
        :func:`lecture_lib.resampled_ttest`, :func:`lecture_lib.kfold_cv_ttest`),
        :func:`lecture_lib.ttest_5x2cv`, :func:`lecture_lib.wilcoxon_signed_rank`,
        :func:`lecture_lib.sign_test`, :func:`lecture_lib.friedman`,
        :func:`lecture_lib.pairwise_comparisons`,
        :func:`lecture_lib.control_comparisons`,
        :func:`lecture_lib.compare_algorithms`,
        :func:`lecture_lib.noninferiority_test`,
        :func:`lecture_lib.clustered_mcnemar`,
        :func:`lecture_lib.clustered_auc_test`,
        :func:`lecture_lib.diebold_mariano_test`,
        :func:`lecture_lib.meta_analysis` or
        :func:`lecture_lib.calibration_test` (see :data:`REPORTED_RESULTS`).
    names : sequence of str, optional
        The names of the models or algorithms, in the order of the test's
        arguments (two; k for Cochran's Q, Friedman and the post-hoc
        results; one for the calibration test); default "model 1",
        "model 2", ... ("the model" for the calibration test; the result's
        own names for the post-hoc results).
    alpha : float, optional
        The significance level fixed in advance, in (0, 1). Default (None):
        1 - the confidence of the result's interval (0.05 with the library's
        defaults), (1 - confidence) / 2 for the non-inferiority test (whose
        1 - 2 alpha interval goes with its one-sided test), 0.05 for
        Friedman and the calibration test, and the level the result was computed
        at for :func:`pairwise_mcnemar`, :func:`pairwise_comparisons` and
        :func:`control_comparisons` (another level is refused for these:
        their decisions are part of the result). For the other results the
        intervals are printed at level 1 - alpha (recomputed from the result
        where its own interval has another level; for Wilcoxon and the
        non-inferiority test, where it cannot always be recomputed, the
        paragraph says which level the interval has instead).
    design : str, optional
        The data and the resampling scheme in words, e.g. ``"10 x 10-fold
        cross-validation on breast cancer, 569 examples"``. For
        :func:`compare_algorithms` it defaults to the result's description.
    seeds : int, sequence of int or str, optional
        The random seeds of the splits and of the learners. When None the
        paragraph says that they were not stated.
    score : str, optional
        What the scores measure (default ``"accuracy"``), used in the text.
    percentage_points : bool, optional
        Write differences of proportions in percentage points. Default
        (None): True for the tests on one test set (McNemar, Cochran,
        pairwise McNemar, clustered McNemar, and the non-inferiority test
        of a McNemar table), False otherwise.
    minimum_effect : float, optional
        The smallest difference that matters in practice, in the units of
        the effect (a proportion, e.g. 0.01, even when the text is in
        percentage points); adds the verdict of
        :func:`practical_significance`. Only for results whose effect is a
        difference (McNemar, the t-tests, Wilcoxon, the clustered tests,
        Diebold-Mariano, the meta-analysis); the non-inferiority test has
        its margin instead.
    width : int or None, optional
        Wrap each paragraph at this many characters (at least 20; default
        74, which fits the course website's output column, 77 characters
        at 1280 px). None: one line per paragraph.
    scores : array_like, shape (n_datasets, k), optional
        For :class:`PairwiseComparisons` and :class:`ControlComparisons`
        only: the score table they were computed from, which the results do
        not keep; with it each comparison gets its interval (a table whose
        effects differ from the result's is refused). The mean-rank tests
        need no table.

    Returns
    -------
    paragraph : str
        Plain text: one paragraph, and for the results that compare several
        pairs a list with one item per pair, wrapped at ``width``.

    Notes
    -----
    What a reader needs to judge and repeat a comparison (chapter 11): the
    test and its variant (mid-p or exact, corrected or not, which zero
    convention), the statistic with its degrees of freedom, the p-value
    with its verdict at the level fixed in advance (never "accept H0"), the
    effect in the units of the score with its interval and the interval's
    method, the sample sizes (test examples, folds, data sets), the
    resampling scheme, and the seeds.

    **The verdict and the intervals agree, or the paragraph says why.** The
    first interval printed is the one the reported test inverts: the
    interval holds the values :math:`\\theta_0` that the test would not
    reject, so it excludes the null value exactly when
    :math:`p \\le \\alpha`. For McNemar's test that is an interval for the
    share of the disagreements won by the first model (mid-p,
    Clopper-Pearson, Wilson or Wilson with continuity correction, following
    the test's method; :data:`lecture_lib.MCNEMAR_INTERVALS`); for the
    t-tests the t interval from the test's own variance; for the sign test
    Clopper-Pearson's interval of the probability of a win. Wherever an
    interval printed beside the verdict does not invert the test, and
    disagrees with it, a sentence in the same paragraph (containing
    :data:`DISAGREEMENT_MARK`) says why:

    * McNemar's Bonett-Price interval for the difference of the accuracies
      is another method (it uses all n examples);
    * Wilcoxon's Walsh-average (Hodges-Lehmann) interval treats the
      differences as continuous, while the exact test conditions on zeros
      and ties and the normal approximations of the two differ;
    * after a multiplicity adjustment the intervals are
      Bonferroni-simultaneous (level 1 - alpha/m), while Holm's step-down,
      Hochberg's, Hommel's, Shaffer's, Bergmann and Hommel's and the FDR
      procedures declare more pairs than Bonferroni does; Nemenyi's
      intervals (average-rank gap plus or minus the critical difference)
      invert its decisions exactly.

    Cochran's Q has no interval that inverts it; its paragraph gives each
    model's accuracy with its own interval and says that overlapping or
    separate intervals are not a test of a difference. Friedman's paragraph
    says which p-value it read (exact, chi-squared or Iman and Davenport's)
    and why, gives the others for comparison, and says when no outcome of
    the design could be significant at alpha (the smallest exact p-value
    is :math:`(k!)^{1-N}`, 0.5 for k = N = 2). Adjusted p-values are
    described as bounds, never as probabilities.

    The tests of chapters 8 to 10 (issue 27):

    * non-inferiority: the verdict is about the margin m ("non-inferior
      within m", or "not shown": a loss of m or more is still compatible
      with the data); the one-sided test at alpha goes with the
      :math:`1 - 2\\alpha` interval of the first model's advantage, whose
      lower limit lies above -m exactly when the test rejects; an interval
      at another level is printed as it is, and the paragraph says so;
    * clustered McNemar: the interval of the accuracy difference is a
      cluster-robust Wald interval, which inverts none of the four
      statistics, so near the threshold it can disagree with the verdict
      (and the paragraph says why); Obuchowski's clustered AUC test is
      inverted by its z interval;
    * Diebold-Mariano: the interval of the mean loss difference inverts
      the test; for a one-sided alternative it is a bound ("at most x",
      "at least x"); a fall-back of the long-run variance to lag 0 is
      stated;
    * meta-analysis: the confidence interval of the pooled difference
      inverts the test; the prediction interval, tau^2, I^2 and Cochran's
      Q (whose non-significance shows no homogeneity) follow, with a
      warning when fewer than 5 data sets leave tau^2 poorly estimated;
    * calibration: Spiegelhalter's z has no effect with an interval; no
      evidence of miscalibration is never read as calibration, and the
      paragraph points to :func:`lecture_lib.reliability_table`.

    Taught in chapter 11 (``notebooks/11-choosing-a-test``).

    Examples
    --------
    >>> from lecture_lib import mcnemar, report
    >>> result = mcnemar([[9959, 11], [1, 29]])
    >>> print(report(result, names=("model A", "model B"), design="10 000 test images",
    ...              seeds=0))
    model A and model B were scored on the same 10000 test examples (10 000
    test images). They disagreed on 12 of them: model A was right on 11 and
    model B on 1. McNemar's test (mid-p binomial version, two-sided):
    min(b, c) = 1, p = 0.00342. Significant at the 0.05 level: a split of the
    disagreements at least this uneven would be unlikely if the two models
    were equally accurate. Share of the disagreements won by model A: 11 of
    12, 0.917 (95 % CI 0.653 to 0.996, mid-p, the interval this test inverts);
    as odds, 11 (95 % CI 1.88 to 239). Accuracy of model A minus that of model
    B: 0.10 percentage points (95 % CI 0.03 to 0.17, Bonett-Price); this
    interval comes from another method, which uses all 10000 examples and
    inverts no McNemar test. The test compares these two trained models on
    this test set, not their learning algorithms. Random seed: 0.

    Source 000's panel A, written up: the difference is clear, and small;
    the mid-p interval excludes 1/2, as the test rejects.

    >>> print(report(mcnemar([[980, 9], [2, 9]]), names=("A", "B"), seeds="not stated"))
    A and B were scored on the same 1000 test examples (one test set; each
    model trained once). They disagreed on 11 of them: A was right on 9 and B
    on 2. McNemar's test (mid-p binomial version, two-sided): min(b, c) = 2,
    p = 0.0386. Significant at the 0.05 level: a split of the disagreements at
    least this uneven would be unlikely if the two models were equally
    accurate. Share of the disagreements won by A: 9 of 11, 0.818 (95 % CI
    0.517 to 0.968, mid-p, the interval this test inverts); as odds, 4.5 (95 %
    CI 1.07 to 30.6). Accuracy of A minus that of B: 0.70 percentage points
    (95 % CI -0.01 to 1.40, Bonett-Price); this interval comes from another
    method, which uses all 1000 examples and inverts no McNemar test. The test
    is significant while the Bonett-Price interval includes no difference:
    they differ because the Bonett-Price interval is an adjusted Wald
    interval, not the inversion of McNemar's test; the interval of the share
    above is the one that goes with the verdict. The test compares these two
    trained models on this test set, not their learning algorithms. Random
    seeds: not stated.

    Review S4's table: the mid-p test is significant (p = 79/2048 = 0.039)
    and its own interval excludes 1/2, while the Bonett-Price interval of
    the accuracy difference just includes 0; the paragraph says why, and
    which interval goes with the verdict.

    >>> from lecture_lib import noninferiority_test
    >>> result = noninferiority_test([[900, 30], [38, 32]], margin=0.02)
    >>> print(report(result, names=("pruned", "full"), seeds=0))
    pruned and full were scored on the same 1000 test examples.
    Non-inferiority test of pruned against full with the margin 2 percentage
    points by Tango's score test for paired proportions (Tango 1998); H0:
    pruned is worse than full by 2 percentage points or more: score z = 1.43,
    p = 0.0768 (one-sided). Not significant at the 0.05 level: non-inferiority
    within 2 percentage points is not shown (a loss of 2 percentage points or
    more is still compatible with the data). Advantage of pruned (accuracy of
    pruned minus that of full): -0.80 percentage points (90 % CI -2.19 to
    0.57, Tango score, the interval whose lower limit decides the test).
    Random seed: 0.

    A pruned model against the full one (chapter 8): the 90 % interval of
    its advantage reaches below -2 points, so the one-sided test at 0.05
    cannot rule out a loss of 2 points; nothing here says the two are alike.
    """
    alpha = None if alpha is None else check_alpha(alpha)
    design = _check_text(design, "design")
    score = _check_text(score, "score") or "accuracy"
    if percentage_points is not None:
        percentage_points = check_flag(percentage_points, "percentage_points")
    minimum_effect = _check_minimum_effect(minimum_effect)
    width = None if width is None else check_count(width, "width", minimum=20)
    seeds_text = _seeds_text(seeds)
    if isinstance(result, AlgorithmComparison):
        design = design or result.description
        result = result.result
    if not isinstance(result, REPORTED_RESULTS):
        supported = ", ".join(t.__name__ for t in REPORTED_RESULTS)
        raise TypeError(f"result must be one of {supported}; got {type(result).__name__}")
    if scores is not None and not isinstance(result, (PairwiseComparisons, ControlComparisons)):
        raise ValueError("scores is the score table of a PairwiseComparisons or ControlComparisons result, "
                         f"not used for a {type(result).__name__}; leave it out")
    alpha = _result_level(result, alpha)
    one_test_set = (
        isinstance(result, (McNemarResult, CochranQResult, PairwiseMcNemarResult, ClusteredMcNemarResult))
        or (isinstance(result, NonInferiorityResult) and result.method == "tango score"))
    points = one_test_set if percentage_points is None else percentage_points
    if isinstance(result, McNemarResult):
        blocks, effect = _mcnemar(result, names, alpha, design, points)
    elif isinstance(result, FoldTTestResult):
        blocks, effect = _fold(result, names, alpha, design, points, score)
    elif isinstance(result, TTest5x2cvResult):
        blocks, effect = _five_by_two(result, names, alpha, design, points, score)
    elif isinstance(result, PairedTTestResult):
        blocks, effect = _paired_t(result, names, alpha, design, points, score)
    elif isinstance(result, WilcoxonResult):
        blocks, effect = _wilcoxon(result, names, alpha, design, points, score)
    elif isinstance(result, SignTestResult):
        blocks, effect = _sign(result, names, alpha, design)
    elif isinstance(result, FriedmanResult):
        blocks, effect = _friedman(result, names, alpha, design)
    elif isinstance(result, CochranQResult):
        blocks, effect = _cochran(result, names, alpha, design)
    elif isinstance(result, PairwiseMcNemarResult):
        blocks, effect = _pairwise_mcnemar(result, names, alpha, design)
    elif isinstance(result, NonInferiorityResult):
        blocks, effect = _noninferiority(result, names, alpha, design, points, score)
    elif isinstance(result, ClusteredMcNemarResult):
        blocks, effect = _clustered_mcnemar(result, names, alpha, design, points)
    elif isinstance(result, ClusteredAUCResult):
        blocks, effect = _clustered_auc(result, names, alpha, design, points)
    elif isinstance(result, DieboldMarianoResult):
        blocks, effect = _diebold_mariano(result, names, alpha, design, points, score)
    elif isinstance(result, MetaAnalysisResult):
        blocks, effect = _meta_analysis(result, names, alpha, design, points, score)
    elif isinstance(result, CalibrationResult):
        blocks, effect = _calibration(result, names, alpha, design)
    else:
        blocks, effect = _posthoc(result, names, alpha, design, score, scores)
    if minimum_effect is not None:
        if isinstance(result, NonInferiorityResult):
            raise ValueError("minimum_effect is not used for a NonInferiorityResult: its margin "
                             f"({result.margin:g}) is the smallest difference that matters; leave it out")
        if effect is None and not isinstance(result, McNemarResult):
            raise ValueError(
                "minimum_effect applies to results whose effect is a difference (McNemar, t-tests, "
                "Wilcoxon, the clustered tests, Diebold-Mariano, the meta-analysis), not to "
                f"{type(result).__name__}"
            )
        if effect is not None and not math.isnan(effect.estimate):
            shown = (
                f"{100 * minimum_effect:g} percentage point{'' if minimum_effect == 0.01 else 's'}"
                if points
                else f"{minimum_effect:g}"
            )
            verdict = practical_significance(effect, minimum_effect, percentage_points=points)
            blocks[0] += (f" Compared with the smallest difference that matters ({shown}), the result is "
                          f"{verdict}.")
    if isinstance(blocks[-1], str):
        blocks[-1] += " " + seeds_text
    else:
        blocks.append(seeds_text)
    return _layout(blocks, width)
