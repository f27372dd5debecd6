"""Reporting a comparison: the paragraph that goes into a paper or a report.

A p-value alone says neither how large a difference is nor how precisely it
was measured. :func:`report` turns a test result of the course into a
paragraph that names the test and its variant, gives the statistic, its
degrees of freedom, the p-value in words, the effect with its interval, the
sample sizes, the resampling scheme and the seeds.
:func:`practical_significance` compares an interval with the smallest
difference that would matter in practice.

Taught in chapter 10 (``notebooks/10-choosing-a-test``, "Reporting a
comparison"); chapters 2 and 4 use :func:`practical_significance`.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from ._results import Interval
from ._validation import _show, check_alpha, check_flag
from .cochran import CochranQResult, PairwiseMcNemarResult
from .friedman_nemenyi import FriedmanResult
from .mcnemar import McNemarResult
from .paired import AlgorithmComparison, FoldTTestResult, PairedTTestResult, TTest5x2cvResult
from .wilcoxon_sign import SignTestResult, WilcoxonResult

__all__ = ["REPORTED_RESULTS", "report", "practical_significance"]

#: The result types :func:`report` knows how to write up.
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
    AlgorithmComparison,
)

_MCNEMAR_VARIANTS = {
    "midp": "mid-p binomial version",
    "exact": "exact binomial version",
    "chi2": "chi-squared version without continuity correction",
    "corrected": "chi-squared version with Edwards' continuity correction",
}

_FOLD_TESTS = {
    "corrected repeated cv": "the corrected repeated cross-validation t-test (Bouckaert and Frank 2004)",
    "corrected resampled": "the corrected resampled t-test (Nadeau and Bengio 2003)",
    "resampled": "Dietterich's resampled paired t-test",
    "k-fold cv": "the k-fold cross-validated paired t-test",
}

_FOLD_WARNINGS = {
    "resampled": " Caution: this test ignores the overlap of the training sets and rejects a true H0 far "
                 "too often (chapter 4); prefer the corrected repeated cross-validation t-test.",
    "k-fold cv": " Caution: this test ignores the overlap of the training sets and is liberal (chapter 4); "
                 "prefer the corrected repeated cross-validation t-test.",
}


# --------------------------------------------------------------------------- formatting


def _p(p: float) -> str:
    """A p-value with three significant digits (two below 0.001), never rounded to 0."""
    if p == 0.0:
        return "p < 1e-300 (below the smallest double)"
    return f"p = {p:.1e}" if p < 0.001 else f"p = {p:.3g}"


def _number(value: float, points: bool, digits: int = 3) -> str:
    if math.isinf(value):
        return "infinity" if value > 0 else "minus infinity"
    if math.isnan(value):
        return "undefined"
    if points:
        return f"{100 * value:.2f}"
    return f"{value:.{digits}g}"


def _effect(interval: Interval, points: bool, label: str | None = None, coverage: float | None = None) -> str:
    unit = " percentage points" if points else ""
    text = (f"{_number(interval.estimate, points)}{unit} ({100 * interval.confidence:g} % CI "
            f"{_number(interval.low, points)} to {_number(interval.high, points)}")
    if label:
        text += f", {label}"
    if coverage is not None and not math.isclose(coverage, interval.confidence):
        text += f"; actual coverage {100 * coverage:.1f} %"
    return text + ")"


def _verdict(p: float, alpha: float, what: str, h0: str) -> str:
    if p <= alpha:
        return f"Significant at the {alpha:g} level: {what} would be unlikely if {h0}."
    return (f"Not significant at the {alpha:g} level; that is no evidence that H0 holds, and the effect "
            "below shows what the data still allow.")


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

    Seed 000's panel A: McNemar's test finds the difference clear
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


def _mcnemar(r: McNemarResult, names, alpha, design, points, minimum_effect):
    one, two = _names(names, 2)
    setting = design or "one test set; each model trained once"
    parts = [
        f"{one} and {two} were scored on the same test examples ({setting}). "
        f"They disagreed on {r.b + r.c} examples: {one} was right on {r.b} of them and {two} on {r.c}.",
        f"McNemar's test ({_MCNEMAR_VARIANTS[r.method]}, two-sided): "
        f"{'min(b, c)' if r.method in ('exact', 'midp') else 'chi-squared(1)'} = {r.statistic:.4g}, "
        f"{_p(r.pvalue)}.",
        _verdict(
            r.pvalue,
            alpha,
            "a split of the disagreements at least this uneven",
            "the two models were equally accurate",
        ),
    ]
    if not math.isnan(r.accuracy_difference.estimate):  # an all-zero table has no estimate
        parts.append(f"Accuracy of {one} minus that of {two}: "
                     f"{_effect(r.accuracy_difference, points, 'Bonett-Price')}; odds that a disagreement "
                     f"favours {one}: {_effect(r.odds_ratio, False, 'exact conditional')}.")
    parts.append(
        "The test compares these two trained models on this test set, not their learning algorithms."
    )
    return parts, r.accuracy_difference


def _fold(r: FoldTTestResult, names, alpha, design, points, minimum_effect, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    parts = [
        f"{one} and {two} were compared on {r.n_scores} paired {score} scores{setting} with "
        f"{_FOLD_TESTS[r.method]}, variance factor {r.variance_factor:.4g}: "
        f"t({r.df}) = {r.statistic:.3g}, {_p(r.pvalue)} (two-sided).",
        _verdict(r.pvalue, alpha, "a mean difference at least this far from 0",
                 "the two algorithms had the same expected score"),
        f"Mean difference in {score} ({one} minus {two}): "
        f"{_effect(r.confidence_interval, points, 'from the same variance as the test')}.",
    ]
    return parts, r.confidence_interval, _FOLD_WARNINGS.get(r.method, "")


def _five_by_two(r: TTest5x2cvResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else " (5 replications of 2-fold cross-validation)"
    parts = [
        f"{one} and {two} were compared with Dietterich's 5x2cv paired t-test{setting}: "
        f"t(5) = {r.statistic:.3g}, {_p(r.pvalue)} (two-sided).",
        _verdict(r.pvalue, alpha, "a statistic at least this far from 0",
                 "the two algorithms had the same expected score"),
        f"Difference in {score} on the first fold ({one} minus {two}), the estimate the test uses: "
        f"{_effect(r.confidence_interval, points, '5x2cv t')}; mean of all ten differences "
        f"{_number(r.mean_difference, points)}{' percentage points' if points else ''}.",
    ]
    return parts, r.confidence_interval


def _paired_t(r: PairedTTestResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    parts = [
        f"{one} and {two} were compared with a paired t-test on {r.n} matched values{setting}: "
        f"t({r.df}) = {r.statistic:.3g}, {_p(r.pvalue)} (two-sided).",
        _verdict(r.pvalue, alpha, "a mean difference at least this far from 0", "the mean difference were 0"),
        f"Mean difference in {score} ({one} minus {two}): "
        f"{_effect(r.confidence_interval, points, 'paired t')}.",
    ]
    return parts, r.confidence_interval


def _wilcoxon(r: WilcoxonResult, names, alpha, design, points, score):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    method = "exact null distribution" if r.method == "exact" else "normal approximation"
    sided = "two-sided" if r.alternative == "two-sided" else f"one-sided, alternative {r.alternative!r}"
    parts = [
        f"{one} and {two} were compared over N = {r.n} data sets{setting} with the Wilcoxon signed-rank test "
        f"({method}; zero differences: {r.n_zero}, handled by {r.zero_method!r}; {sided}): "
        f"R+ = {r.r_plus:g}, R- = {r.r_minus:g}, {_p(r.pvalue)}.",
        _verdict(r.pvalue, alpha, "sign patterns at least this lopsided",
                 "the differences were distributed symmetrically about 0"),
        f"Typical difference in {score} ({one} minus {two}; Hodges-Lehmann estimate): "
        f"{_effect(r.confidence_interval, points, 'Walsh averages', r.interval_coverage)}; "
        f"matched-pairs rank-biserial correlation {r.rank_biserial:.2f}.",
    ]
    return parts, r.confidence_interval


def _sign(r: SignTestResult, names, alpha, design):
    one, two = _names(names, 2)
    setting = f" ({design})" if design else ""
    total = r.wins + r.losses + r.ties
    ties = ("ties split evenly, one ignored if odd" if r.ties_method == "split" else "ties dropped")
    parts = [
        f"{one} and {two} were compared over {total} data sets{setting} with the sign test ({ties}): "
        f"{one} won {r.wins}, lost {r.losses} and tied {r.ties}; {r.statistic:g} wins of {r.n} counted, "
        f"{_p(r.pvalue)} (two-sided, exact binomial).",
        _verdict(r.pvalue, alpha, "a split at least this uneven",
                 "each algorithm were equally likely to win on a data set"),
        f"Probability that {one} wins on a data set: {_effect(r.win_probability, False, 'Clopper-Pearson')}.",
    ]
    return parts


def _friedman(r: FriedmanResult, names, alpha, design):
    labels = _names(names, r.k)
    setting = f" ({design})" if design else ""
    df1, df2 = r.iman_davenport_df
    ranks = ", ".join(f"{name} {rank:.2f}" for name, rank in zip(labels, r.mean_ranks))
    source = {
        "exact": "exact permutation distribution",
        "chi2": "chi-squared approximation",
        "iman_davenport": f"Iman and Davenport's F({df1}, {df2}) = {r.iman_davenport:.3g}",
    }[r.method]
    parts = [
        f"{r.k} algorithms were compared over N = {r.n_datasets} data sets{setting} with the Friedman test"
        f"{' (tie-corrected)' if r.tie_correction else ''}: chi2_F({r.df}) = {r.statistic:.3g}, "
        f"{_p(r.pvalue)} ({source}).",
        _verdict(r.pvalue, alpha, "average ranks at least this unequal",
                 "all the algorithms performed equally well"),
        f"Effect: Kendall's W = {r.kendalls_w:.2f} (0: no agreement among the data sets on the order of the "
        f"algorithms, 1: the same ranking on every data set). Average ranks (1 = best): {ranks}.",
        "Report the post-hoc comparisons (which pairs differ, with adjusted p-values) with it.",
    ]
    return parts


def _cochran(r: CochranQResult, names, alpha, design):
    labels = _names(names, r.n_models)
    setting = f" ({design})" if design else ""
    accuracies = "; ".join(
        f"{name} {_effect(iv, True, 'Wilson')}" for name, iv in zip(labels, r.accuracy_intervals)
    )
    parts = [
        f"{r.n_models} models were scored on the same {r.n_examples} test examples{setting}; "
        f"{r.n_informative} examples split them. Cochran's Q test: Q({r.df}) = {r.statistic:.3g}, "
        f"{_p(r.pvalue)} (chi-squared approximation).",
        _verdict(r.pvalue, alpha, "accuracies at least this unequal",
                 "the models were equally accurate (exchangeable on every example)"),
        f"Accuracies in per cent: {accuracies}.",
        "Report the pairwise comparisons, with their differences and intervals, with it.",
    ]
    return parts


def _pairwise(r: PairwiseMcNemarResult, names, alpha, design):
    labels = r.names if names is None else _names(names, len(r.names))
    setting = f" ({design})" if design else ""
    lines = []
    for idx, (i, j) in enumerate(r.pairs):
        verdict = "significant" if r.reject[idx] else "not significant"
        lines.append(
            f"{labels[i]} vs {labels[j]}: b = {int(r.b[idx])}, c = {int(r.c[idx])}, adjusted "
            f"{_p(r.pvalue_adjusted[idx])} "
            f"({verdict}); accuracy difference {_effect(r.differences[idx], True, 'Bonett-Price')}"
        )
    parts = [
        f"Every pair of the {len(labels)} models was compared on the same test examples{setting} with "
        "McNemar's "
        f"test ({_MCNEMAR_VARIANTS.get(r.method, r.method)}), p-values adjusted by "
        f"{r.adjust.capitalize()}'s method "
        f"for {r.n_comparisons} comparisons (family-wise level {r.alpha:g}; an adjusted p-value is a bound, "
        f"not a probability). The intervals are Bonferroni-simultaneous: all {r.n_comparisons} hold together "
        f"with confidence {100 * (1 - r.alpha):g} %.",
        "; ".join(lines) + ".",
    ]
    return parts


def report(result, names=None, *, alpha: float = 0.05, design: str | None = None, seeds=None,
           score: str = "accuracy", percentage_points: bool | None = None,
           minimum_effect: float | None = None) -> str:
    """The paragraph that reports a comparison: test, statistic, p-value, effect, interval, design, seeds.

    Parameters
    ----------
    result : test result
        A result of :func:`lecture_lib.mcnemar`, :func:`lecture_lib.cochrans_q`,
        :func:`lecture_lib.pairwise_mcnemar`, :func:`lecture_lib.paired_ttest`,
        the fold t-tests (:func:`lecture_lib.corrected_repeated_cv_ttest`,
        :func:`lecture_lib.resampled_ttest`, :func:`lecture_lib.kfold_cv_ttest`),
        :func:`lecture_lib.ttest_5x2cv`, :func:`lecture_lib.wilcoxon_signed_rank`,
        :func:`lecture_lib.sign_test`, :func:`lecture_lib.friedman` or
        :func:`lecture_lib.compare_algorithms` (see :data:`REPORTED_RESULTS`).
    names : sequence of str, optional
        The names of the models or algorithms, in the order of the test's
        arguments (two, or k for Cochran's Q and Friedman); default
        "model 1", "model 2", ...
    alpha : float, optional
        The significance level fixed in advance, in (0, 1); default 0.05.
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
        pairwise McNemar), False otherwise.
    minimum_effect : float, optional
        The smallest difference that matters in practice, in the units of
        the effect (a proportion, e.g. 0.01, even when the text is in
        percentage points); adds the verdict of
        :func:`practical_significance`. Only for results whose effect is a
        difference (McNemar, the t-tests, Wilcoxon).

    Returns
    -------
    paragraph : str
        Plain text, one paragraph.

    Notes
    -----
    What a reader needs to judge and repeat a comparison (chapter 10): the
    test and its variant (mid-p or exact, corrected or not, which zero
    convention), the statistic with its degrees of freedom, the p-value
    with its verdict at the level fixed in advance (never "accept H0"), the
    effect in the units of the score with its interval and the interval's
    method, the sample sizes (test examples, folds, data sets), the
    resampling scheme, and the seeds. For a Friedman or Cochran test the
    effect is Kendall's W or the models' accuracies, and the post-hoc
    comparisons are reported with it.

    Taught in chapter 10 (``notebooks/10-choosing-a-test``).

    Examples
    --------
    >>> from lecture_lib import mcnemar, report
    >>> result = mcnemar([[9959, 11], [1, 29]])
    >>> print(report(result, names=("model A", "model B"), design="10 000 test images",
    ...              seeds=0))  # doctest: +NORMALIZE_WHITESPACE
    model A and model B were scored on the same test examples (10 000 test images). They disagreed on 12
    examples: model A was right on 11 of them and model B on 1. McNemar's test (mid-p binomial version,
    two-sided): min(b, c) = 1, p = 0.00342. Significant at the 0.05 level: a split of the disagreements
    at least this uneven would be unlikely if the two models were equally accurate. Accuracy of model A
    minus that of model B: 0.10 percentage points (95 % CI 0.03 to 0.17, Bonett-Price); odds that a
    disagreement favours model A: 11 (95 % CI 1.6 to 473, exact conditional). The test compares these
    two trained models on this test set, not their learning algorithms. Random seed: 0.

    Seed 000's panel A, written up: the difference is clear, and small.
    """
    alpha = check_alpha(alpha)
    design = _check_text(design, "design")
    score = _check_text(score, "score") or "accuracy"
    if percentage_points is not None:
        percentage_points = check_flag(percentage_points, "percentage_points")
    if minimum_effect is not None:
        if isinstance(minimum_effect, bool) or not isinstance(minimum_effect, numbers.Real):
            raise TypeError(f"minimum_effect must be a positive number or None, got {_show(minimum_effect)}")
        if not (float(minimum_effect) > 0 and math.isfinite(minimum_effect)):
            raise ValueError(f"minimum_effect must be a positive finite number, got {minimum_effect!r}")
    seeds_text = _seeds_text(seeds)
    if isinstance(result, AlgorithmComparison):
        design = design or result.description
        result = result.result
    if not isinstance(result, REPORTED_RESULTS):
        supported = ", ".join(t.__name__ for t in REPORTED_RESULTS)
        raise TypeError(f"result must be one of {supported}; got {type(result).__name__}")
    one_test_set = isinstance(result, (McNemarResult, CochranQResult, PairwiseMcNemarResult))
    points = one_test_set if percentage_points is None else percentage_points
    effect, warning = None, ""
    if isinstance(result, McNemarResult):
        parts, effect = _mcnemar(result, names, alpha, design, points, minimum_effect)
    elif isinstance(result, FoldTTestResult):
        parts, effect, warning = _fold(result, names, alpha, design, points, minimum_effect, score)
    elif isinstance(result, TTest5x2cvResult):
        parts, effect = _five_by_two(result, names, alpha, design, points, score)
    elif isinstance(result, PairedTTestResult):
        parts, effect = _paired_t(result, names, alpha, design, points, score)
    elif isinstance(result, WilcoxonResult):
        parts, effect = _wilcoxon(result, names, alpha, design, points, score)
    elif isinstance(result, SignTestResult):
        parts = _sign(result, names, alpha, design)
    elif isinstance(result, FriedmanResult):
        parts = _friedman(result, names, alpha, design)
    elif isinstance(result, CochranQResult):
        parts = _cochran(result, names, alpha, design)
    else:
        parts = _pairwise(result, names, alpha, design)
    if minimum_effect is not None:
        if effect is None:
            raise ValueError(
                "minimum_effect applies to results whose effect is a difference (McNemar, t-tests, "
                "Wilcoxon), "
                f"not to {type(result).__name__}"
            )
        if not math.isnan(effect.estimate):
            shown = (
                f"{100 * minimum_effect:g} percentage point{'' if minimum_effect == 0.01 else 's'}"
                if points
                else f"{minimum_effect:g}"
            )
            verdict = practical_significance(effect, minimum_effect, percentage_points=points)
            parts.append(
                f"Compared with the smallest difference that matters ({shown}), the result is {verdict}."
            )
    text = " ".join(parts) + warning
    return f"{text} {seeds_text}"
