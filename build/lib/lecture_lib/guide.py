"""Which test? The decision logic of chapter 8 ("Choosing a test").

:func:`recommend_test` maps a description of the experiment (how many models
or algorithms, whether they can be retrained, how many data sets, ...) to the
test the course recommends, the ``lecture_lib`` functions that run it, the
chapter that teaches it, why it fits and what to watch out for. It is a pure
function: the widget of chapter 8 (:func:`lecture_lib.widgets.which_test_explorer`)
only displays :func:`recommendation_html` of its answer, and the decision
diagram (:func:`plot_decision_diagram`) draws its leaves from the same answers.

The recommendations follow Dietterich (1998) for one data set, Nadeau and
Bengio (2003) and Alpaydin (1999) for the resampling tests, and Demšar (2006)
and García and Herrera (2008) for many data sets.
"""

from __future__ import annotations

import dataclasses
import html

import matplotlib.pyplot as plt

from ._validation import check_count, check_flag, check_option

__all__ = [
    "CHAPTERS",
    "GUIDE_FUNCTIONS",
    "PER_EXAMPLE_OPTIONS",
    "Recommendation",
    "GuideCard",
    "GUIDE_CARDS",
    "recommend_test",
    "recommendation_html",
    "smallest_two_sided_pvalue",
    "guide_table_html",
    "diagram_leaves",
    "plot_decision_diagram",
]

#: The course's chapters, by number (the guide names them in its answers).
CHAPTERS = {
    1: "Evaluating one classifier: metrics and resampling",
    2: "McNemar's test",
    3: "Cochran's Q and post-hoc comparisons",
    4: "Comparing two learning algorithms: Dietterich's tests",
    5: "Two algorithms over many data sets: Wilcoxon and sign tests",
    6: "Many algorithms over many data sets: Friedman, Nemenyi, critical differences",
    7: "Nested cross-validation",
    8: "Choosing a test",
}

#: Every lecture_lib function the guide may recommend (the fixed public API of DESIGN.md).
GUIDE_FUNCTIONS = (
    "mcnemar",
    "cochrans_q",
    "pairwise_mcnemar",
    "adjust_pvalues",
    "paired_ttest",
    "proportion_difference_test",
    "resampled_ttest",
    "kfold_cv_ttest",
    "ttest_5x2cv",
    "ftest_5x2cv",
    "wilcoxon_signed_rank",
    "sign_test",
    "friedman",
    "nemenyi",
    "bonferroni_dunn",
    "critical_difference",
    "nested_cv",
)

#: What is recorded for each test example when one test set is used.
PER_EXAMPLE_OPTIONS = ("correctness", "loss")

# Demšar (2006, section 3.2.2): the chi-squared approximation of Friedman's
# statistic is good enough for N > 10 data sets and k > 5 algorithms.
_FRIEDMAN_MIN_DATASETS = 10
_FRIEDMAN_MIN_ALGORITHMS = 5


@dataclasses.dataclass(frozen=True)
class Recommendation:
    """The guide's answer for one experimental set-up.

    Attributes
    ----------
    scenario : str
        The set-up in words.
    test : str
        The recommended test (or procedure), by name.
    functions : tuple of str
        The lecture_lib functions to call, in the order you call them; every
        name is in :data:`GUIDE_FUNCTIONS`.
    call : str
        A sketch of the call (Python source).
    chapter : int
        The chapter that teaches the test (a key of :data:`CHAPTERS`).
    why : str
        One or two sentences on why this test fits the set-up.
    trainings : str
        The cost: how many times each model or algorithm is trained.
    caveats : tuple of str
        What to check before trusting the p-value.
    avoid : tuple of str
        Tests that look applicable but are not, each with the reason.
    """

    scenario: str
    test: str
    functions: tuple
    call: str
    chapter: int
    why: str
    trainings: str
    caveats: tuple = ()
    avoid: tuple = ()

    @property
    def chapter_title(self) -> str:
        """The title of :attr:`chapter`."""
        return CHAPTERS[self.chapter]


def smallest_two_sided_pvalue(n_datasets: int) -> float:
    """Smallest two-sided p-value the exact sign or Wilcoxon test can give on n data sets.

    Both reach it when one algorithm wins on every data set (no ties): the
    probability of that, or of the mirror image, under H0 is 2 / 2**n.

    Examples
    --------
    >>> from lecture_lib.guide import smallest_two_sided_pvalue
    >>> smallest_two_sided_pvalue(5), smallest_two_sided_pvalue(6)
    (0.0625, 0.03125)

    With five data sets neither test can reject H0 at the 5 % level, whatever
    the scores.
    """
    n_datasets = check_count(n_datasets, "n_datasets", minimum=1)
    return min(1.0, 2.0 / 2.0**n_datasets)


_AVOID_PROPORTIONS = (
    "proportion_difference_test: it treats the two accuracies as independent although both are "
    "measured on the same test examples; Dietterich (1998) found its Type I error too high."
)
_AVOID_KFOLD = (
    "kfold_cv_ttest: the k training sets overlap, so the fold differences are correlated and the "
    "t statistic's variance is underestimated: too many false alarms (Dietterich 1998)."
)
_AVOID_RESAMPLED = (
    "resampled_ttest without test_train_ratio (Dietterich's resampled t): overlapping training and "
    "test sets make it the most liberal test of all; pass test_train_ratio for the corrected version."
)


def recommend_test(
    n_models: int,
    n_datasets: int = 1,
    can_retrain: bool = False,
    per_example: str = "correctness",
    commensurable: bool = True,
    control: bool = False,
    tuning: bool = False,
) -> Recommendation:
    """Recommend a test for an experimental set-up (the widget of chapter 8).

    Parameters
    ----------
    n_models : int
        How many models (trained classifiers) or learning algorithms you compare, >= 2.
    n_datasets : int, optional
        On how many (independent) data sets, >= 1.
    can_retrain : bool, optional
        With one data set: can each learning algorithm be trained again on resampled
        training sets (then you compare *algorithms*)? ``False`` means the models are
        trained once and only a test set is left (you compare *trained models*).
        Ignored with several data sets, where the score per data set already comes from
        resampling.
    per_example : {"correctness", "loss"}, optional
        With one test set and trained models: is each prediction scored as right/wrong
        (``"correctness"``) or by a continuous loss such as the Brier score (``"loss"``)?
    commensurable : bool, optional
        With several data sets: are differences in score comparable across data sets
        (a gain of 0.01 means as much on each)? If not, only the sign of each difference
        can be trusted.
    control : bool, optional
        With more than two algorithms: do you compare each one with a control (your new
        method) rather than all pairs?
    tuning : bool, optional
        Are hyperparameters tuned on the data you evaluate with? Then the tuning must be
        repeated inside every training set: nested cross-validation.

    Returns
    -------
    Recommendation
        The test, the lecture_lib functions to call, the chapter, why, the cost in
        trainings, caveats and the tests to avoid.

    Notes
    -----
    The four scenarios of seed 001 and the recommendations of seed 000:

    * trained models, one test set: McNemar's test (two models), Cochran's Q with
      pairwise McNemar tests and Holm's correction (more models); with a continuous
      per-example loss, the paired t-test on the losses;
    * algorithms, one data set: the combined 5x2cv F test (Alpaydin 1999), the 5x2cv
      t test (Dietterich 1998) or the corrected resampled t test (Nadeau and Bengio
      2003); never the plain k-fold or resampled t test;
    * two algorithms, many data sets: the Wilcoxon signed-rank test, or the sign test
      when the differences are not commensurable (Demšar 2006);
    * many algorithms, many data sets: the Friedman test, then Nemenyi (all pairs) or
      Bonferroni-Dunn / Holm (against a control) (Demšar 2006; García and Herrera 2008).

    References
    ----------
    .. [1] T. G. Dietterich, "Approximate statistical tests for comparing supervised
       classification learning algorithms", Neural Computation 10(7), 1895-1923, 1998.
    .. [2] J. Demšar, "Statistical comparisons of classifiers over multiple data sets",
       Journal of Machine Learning Research 7, 1-30, 2006.

    Examples
    --------
    >>> from lecture_lib.guide import recommend_test
    >>> rec = recommend_test(n_models=2, n_datasets=1, can_retrain=False)
    >>> rec.test, rec.functions, rec.chapter
    ("McNemar's test", ('mcnemar',), 2)

    Two trained classifiers and one test set: McNemar's test, taught in chapter 2.

    >>> recommend_test(n_models=4, n_datasets=12).functions
    ('friedman', 'nemenyi', 'critical_difference')
    """
    n_models = check_count(n_models, "n_models", minimum=2)
    n_datasets = check_count(n_datasets, "n_datasets", minimum=1)
    can_retrain = check_flag(can_retrain, "can_retrain")
    per_example = check_option(per_example, "per_example", PER_EXAMPLE_OPTIONS)
    commensurable = check_flag(commensurable, "commensurable")
    control = check_flag(control, "control")
    tuning = check_flag(tuning, "tuning")

    if n_datasets == 1 and not can_retrain:
        rec = _trained_models(n_models, per_example)
    elif n_datasets == 1:
        rec = _algorithms_one_dataset(n_models)
    elif n_models == 2:
        rec = _two_algorithms_many_datasets(n_datasets, commensurable)
    else:
        rec = _many_algorithms_many_datasets(n_models, n_datasets, control)

    if tuning:
        if n_datasets == 1 and not can_retrain:
            rec = dataclasses.replace(
                rec,
                caveats=rec.caveats
                + (
                    "The models were tuned: the test set must not have been used for the tuning "
                    "(nor for early stopping or model choice), or the p-value means nothing.",
                ),
            )
        else:
            rec = dataclasses.replace(
                rec,
                functions=("nested_cv",) + rec.functions,
                why=rec.why
                + " The hyperparameters are tuned, so wrap each training in nested cross-validation "
                "(chapter 7): the inner loop tunes on the training part only, the outer loop scores.",
                trainings=rec.trainings + "; times the inner grid search (grid size x inner folds) for each",
            )
    return rec


def _trained_models(n_models: int, per_example: str) -> Recommendation:
    scenario = (
        f"{n_models} trained models, one test set (no retraining)"
    )
    if n_models == 2 and per_example == "correctness":
        return Recommendation(
            scenario=scenario,
            test="McNemar's test",
            functions=("mcnemar",),
            call="mcnemar(mcnemar_table(y_true, y_pred_1, y_pred_2), method='auto')",
            chapter=2,
            why=(
                "Both models predict the same test examples, so the comparison is paired; only the "
                "examples on which they disagree (b and c) carry evidence. It needs no retraining, and "
                "Dietterich (1998) found its Type I error close to the nominal level."
            ),
            trainings="none: each model is trained once, then predicts the test set",
            caveats=(
                "It compares these two trained models on this population of test examples, not the "
                "learning algorithms: another training set could reverse the result.",
                "Its power depends on the number of disagreements b + c; method='auto' uses the exact "
                "binomial test when b + c < 25.",
                "The test set must not have been used for training, tuning or choosing the models.",
            ),
            avoid=(_AVOID_PROPORTIONS,),
        )
    if n_models == 2:
        return Recommendation(
            scenario=scenario,
            test="Paired t-test on the per-example losses",
            functions=("paired_ttest",),
            call="paired_ttest(losses_1, losses_2)",
            chapter=4,
            why=(
                "Each test example gives one loss per model (for instance the Brier score), so the "
                "differences d_i = loss_1 - loss_2 are paired; the t-test asks whether their mean is zero."
            ),
            trainings="none: each model is trained once, then predicts the test set",
            caveats=(
                "The test examples must be independent; the mean difference is close to normal only with "
                "enough examples (a few dozen at least) unless the differences are themselves normal.",
                "It works on the differences, so it assumes nothing about the variances of the two losses.",
                "Like McNemar's test, it compares the trained models, not the algorithms.",
            ),
            avoid=(_AVOID_PROPORTIONS,),
        )
    if per_example == "correctness":
        return Recommendation(
            scenario=scenario,
            test="Cochran's Q test, then pairwise McNemar tests with Holm's correction",
            functions=("cochrans_q", "pairwise_mcnemar"),
            call=(
                "cochrans_q(y_true, *y_preds); then, if it rejects, "
                "pairwise_mcnemar(y_true, *y_preds, adjust='holm')  # McNemar per pair, Holm-adjusted"
            ),
            chapter=3,
            why=(
                f"Cochran's Q is the omnibus test of H0 'all {n_models} models have the same accuracy' "
                "on one test set (with two models it is McNemar's statistic). Only if it rejects do the "
                "pairwise McNemar tests say which models differ, with p-values adjusted for the "
                f"{n_models * (n_models - 1) // 2} comparisons."
            ),
            trainings="none: each model is trained once, then predicts the test set",
            caveats=(
                "The chi-squared approximation of Q needs enough examples on which the models disagree.",
                "Without an adjustment, the chance of at least one false alarm among the pairwise tests "
                "(the family-wise error rate) grows far above alpha.",
                "It compares the trained models, not the learning algorithms.",
            ),
            avoid=(
                "Pairwise McNemar tests at the unadjusted alpha: the family-wise error rate is not controlled.",
            ),
        )
    return Recommendation(
        scenario=scenario,
        test="Pairwise paired t-tests on the per-example losses, with Holm's correction",
        functions=("paired_ttest", "adjust_pvalues"),
        call="adjust_pvalues([paired_ttest(l_i, l_j).pvalue for each pair (i, j)], 'holm')",
        chapter=4,
        why=(
            "With a continuous loss per example there is no Cochran's Q; compare the pairs with the "
            f"paired t-test and adjust the {n_models * (n_models - 1) // 2} p-values for multiplicity."
        ),
        trainings="none: each model is trained once, then predicts the test set",
        caveats=(
            "Holm's procedure controls the family-wise error rate under any dependence between the tests.",
            "The test examples must be independent and numerous enough for the t approximation.",
        ),
        avoid=("Pairwise t-tests at the unadjusted alpha: the family-wise error rate is not controlled.",),
    )


def _algorithms_one_dataset(n_models: int) -> Recommendation:
    avoid = (_AVOID_KFOLD, _AVOID_RESAMPLED, _AVOID_PROPORTIONS)
    caveats = (
        "The test compares the learning algorithms on training sets of half (5x2cv) or most of the "
        "data set's size, on this one data set; it says nothing about other data sets.",
        "5x2cv tests have low power; the corrected resampled t test (test_train_ratio = n_test / n_train) "
        "is more powerful for the same Type I error, at the price of more trainings.",
        "Use the same splits for both algorithms (paired design) and a fixed random_state.",
    )
    if n_models == 2:
        return Recommendation(
            scenario="2 learning algorithms, one data set, retraining allowed",
            test="Combined 5x2cv F test (or 5x2cv t test, or corrected resampled t test)",
            functions=("ftest_5x2cv", "ttest_5x2cv", "resampled_ttest"),
            call="ftest_5x2cv(scores_1, scores_2)  # scores of shape (5, 2) on the same five_by_two splits",
            chapter=4,
            why=(
                "Retraining lets the test see the variation due to the training set, so it compares the "
                "algorithms, not two trained models. The 5x2cv tests keep the Type I error near alpha "
                "(Dietterich 1998); Alpaydin's combined F is more robust than the 5x2cv t, which depends on "
                "one of its ten differences."
            ),
            trainings="10 per algorithm (5 replications x 2 folds); the corrected resampled t: r x k per algorithm",
            caveats=caveats,
            avoid=avoid,
        )
    pairs = n_models * (n_models - 1) // 2
    return Recommendation(
        scenario=f"{n_models} learning algorithms, one data set, retraining allowed",
        test="Pairwise combined 5x2cv F tests, with Holm's correction",
        functions=("ftest_5x2cv", "adjust_pvalues"),
        call="adjust_pvalues([ftest_5x2cv(s[i], s[j]).pvalue for each pair (i, j)], 'holm')",
        chapter=4,
        why=(
            f"There is no omnibus 5x2cv test: test the {pairs} pairs on the same 5x2 splits and adjust "
            "their p-values for multiplicity with Holm's procedure."
        ),
        trainings=f"10 per algorithm on shared splits ({10 * n_models} in all)",
        caveats=caveats
        + ("With many algorithms, several data sets and the Friedman test give a better-founded comparison.",),
        avoid=avoid,
    )


def _two_algorithms_many_datasets(n_datasets: int, commensurable: bool) -> Recommendation:
    smallest = smallest_two_sided_pvalue(n_datasets)
    caveats = [
        "The data sets must be independent: folds or resamples of one data set are not several data sets.",
        "The null hypothesis is about these two algorithms on a population of data sets like yours.",
    ]
    if smallest > 0.05:
        caveats.insert(
            0,
            f"With {n_datasets} data sets the smallest two-sided p-value either test can reach is "
            f"{smallest:.4g} > 0.05: no outcome can be significant at the 5 % level. Use at least 6.",
        )
    avoid = (
        "A paired t-test over data sets: score differences are not commensurable across data sets and "
        "not normal; outliers dominate it (Demšar 2006).",
    )
    if commensurable:
        return Recommendation(
            scenario=f"2 algorithms, {n_datasets} data sets",
            test="Wilcoxon signed-rank test",
            functions=("wilcoxon_signed_rank",),
            call="wilcoxon_signed_rank(scores_1, scores_2)  # one score per data set",
            chapter=5,
            why=(
                "It ranks the absolute differences between the two algorithms' scores over the data sets, "
                "so larger differences count more, but no normality is assumed (Demšar 2006)."
            ),
            trainings="per data set, whatever the score needs (k-fold CV: k per algorithm and data set)",
            caveats=tuple(caveats),
            avoid=avoid,
        )
    return Recommendation(
        scenario=f"2 algorithms, {n_datasets} data sets, differences not commensurable",
        test="Sign test",
        functions=("sign_test",),
        call="sign_test(scores_1, scores_2)  # counts wins, losses and ties",
        chapter=5,
        why=(
            "When a difference of 0.01 does not mean the same on every data set, only who wins counts: "
            "the sign test compares the number of wins with a Binomial(n, 1/2)."
        ),
        trainings="per data set, whatever the score needs (k-fold CV: k per algorithm and data set)",
        caveats=tuple(caveats) + ("It is less powerful than the Wilcoxon test when the differences are commensurable.",),
        avoid=avoid,
    )


def _many_algorithms_many_datasets(n_models: int, n_datasets: int, control: bool) -> Recommendation:
    caveats = [
        "Run the post-hoc test only when the Friedman test rejects H0.",
        "Mean ranks depend on which algorithms are in the comparison: adding one can change the others' ranks.",
        "The data sets must be independent.",
    ]
    if n_datasets <= _FRIEDMAN_MIN_DATASETS or n_models <= _FRIEDMAN_MIN_ALGORITHMS:
        caveats.insert(
            0,
            f"With N = {n_datasets} data sets and k = {n_models} algorithms the chi-squared approximation "
            "of Friedman's statistic is rough (Demšar asks for N > 10 and k > 5): read the Iman-Davenport "
            "p-value, which the result also gives.",
        )
    scenario = f"{n_models} algorithms, {n_datasets} data sets"
    why = (
        f"The Friedman test ranks the {n_models} algorithms on each data set and asks whether their mean ranks "
        "differ more than chance allows; it is the non-parametric repeated-measures ANOVA (Demšar 2006)."
    )
    avoid = (
        "Repeated ANOVA or t-tests over data sets: normality and equal variances do not hold for scores "
        "of different data sets (Demšar 2006).",
        "Pairwise Wilcoxon tests at the unadjusted alpha: the family-wise error rate is not controlled.",
    )
    trainings = "per data set, whatever the score needs (k-fold CV: k per algorithm and data set)"
    if control:
        return Recommendation(
            scenario=scenario + ", each compared with a control",
            test="Friedman test, then Bonferroni-Dunn (or Holm) against the control",
            functions=("friedman", "bonferroni_dunn", "adjust_pvalues", "critical_difference"),
            call="friedman(scores); then bonferroni_dunn(scores, control=0) or Holm via adjust_pvalues",
            chapter=6,
            why=why
            + f" Against one control there are only {n_models - 1} comparisons, so Bonferroni-Dunn is more "
            "powerful than Nemenyi, and Holm's step-down procedure more powerful still (García and Herrera 2008).",
            trainings=trainings,
            caveats=tuple(caveats),
            avoid=avoid,
        )
    return Recommendation(
        scenario=scenario + ", all pairs",
        test="Friedman test, then the Nemenyi test (critical-difference diagram)",
        functions=("friedman", "nemenyi", "critical_difference"),
        call="friedman(scores); then nemenyi(scores) and plot_critical_difference(...)  # scores: (n_datasets, k)",
        chapter=6,
        why=why
        + f" The Nemenyi test compares all {n_models * (n_models - 1) // 2} pairs with one critical difference "
        "of mean ranks, drawn in a critical-difference diagram.",
        trainings=trainings,
        caveats=tuple(caveats) + ("The Nemenyi test is conservative: with few data sets it finds few differences.",),
        avoid=avoid,
    )


def recommendation_html(rec: Recommendation) -> str:
    """The widget's view of a :class:`Recommendation` (an HTML fragment).

    Examples
    --------
    >>> from lecture_lib.guide import recommend_test, recommendation_html
    >>> "<code>mcnemar</code>" in recommendation_html(recommend_test(2))
    True
    """
    if not isinstance(rec, Recommendation):
        raise TypeError(f"rec must be a Recommendation, got {type(rec).__name__}")
    esc = html.escape
    functions = ", ".join(f"<code>{esc(name)}</code>" for name in rec.functions)
    parts = [
        f"<div class='guide-answer'><p><b>Your set-up:</b> {esc(rec.scenario)}.</p>",
        f"<p><b>Use:</b> <span class='guide-test'>{esc(rec.test)}</span></p>",
        f"<p><b>Chapter {rec.chapter}:</b> {esc(rec.chapter_title)}. <b>lecture_lib:</b> {functions}</p>",
        f"<pre class='guide-call'>{esc(rec.call)}</pre>",
        f"<p><b>Why:</b> {esc(rec.why)}</p>",
        f"<p><b>Cost:</b> {esc(rec.trainings)}.</p>",
    ]
    if rec.caveats:
        parts.append("<p><b>Caveats:</b></p><ul>" + "".join(f"<li>{esc(c)}</li>" for c in rec.caveats) + "</ul>")
    if rec.avoid:
        parts.append("<p><b>Avoid:</b></p><ul>" + "".join(f"<li>{esc(a)}</li>" for a in rec.avoid) + "</ul>")
    parts.append("</div>")
    return "\n".join(parts)


@dataclasses.dataclass(frozen=True)
class GuideCard:
    """One row of the course's overview table of tests."""

    test: str
    function: str
    scenario: str
    null_hypothesis: str
    assumptions: str
    trainings: str
    caveats: str
    chapter: int
    recommended: bool


GUIDE_CARDS = (
    GuideCard(
        "McNemar", "mcnemar", "2 trained models, 1 test set",
        "the two models have the same accuracy (p_b = p_c)",
        "independent test examples; right/wrong per example",
        "0 (1 training each)",
        "exact or mid-p when b + c is small; compares models, not algorithms", 2, True,
    ),
    GuideCard(
        "Difference of proportions", "proportion_difference_test", "2 trained models, 1 test set",
        "equal accuracies",
        "the two accuracies independent (false: same test set)",
        "0 (1 training each)",
        "too liberal (Dietterich 1998): use McNemar", 4, False,
    ),
    GuideCard(
        "Paired t on per-example losses", "paired_ttest", "2 trained models, 1 test set, continuous loss",
        "the mean loss difference is 0",
        "independent examples; mean difference approximately normal",
        "0 (1 training each)",
        "compares models, not algorithms", 4, True,
    ),
    GuideCard(
        "Cochran's Q", "cochrans_q", "3+ trained models, 1 test set",
        "all models have the same accuracy",
        "independent examples; enough disagreements for chi-squared",
        "0 (1 training each)",
        "omnibus only: follow with pairwise McNemar + Holm", 3, True,
    ),
    GuideCard(
        "Holm / Bonferroni adjustment", "adjust_pvalues", "any family of tests",
        "(adjusts the p-values of the individual H0s)",
        "none (valid under any dependence)",
        "0",
        "Bonferroni is conservative; Holm is uniformly more powerful", 3, True,
    ),
    GuideCard(
        "Resampled paired t", "resampled_ttest", "2 algorithms, 1 data set",
        "equal expected score",
        "independent repetitions (false: training sets overlap)",
        "r per algorithm (e.g. 30)",
        "very liberal unless test_train_ratio is given (Nadeau-Bengio correction)", 4, False,
    ),
    GuideCard(
        "Corrected resampled t", "resampled_ttest", "2 algorithms, 1 data set",
        "equal expected score",
        "variance inflated by 1/J + n_test/n_train (Nadeau & Bengio 2003)",
        "r x k per algorithm (e.g. 10 x 10)",
        "pass test_train_ratio = n_test / n_train", 4, True,
    ),
    GuideCard(
        "k-fold CV paired t", "kfold_cv_ttest", "2 algorithms, 1 data set",
        "equal expected score",
        "independent folds (false: training sets overlap)",
        "k per algorithm",
        "somewhat liberal (Dietterich 1998)", 4, False,
    ),
    GuideCard(
        "5x2cv paired t", "ttest_5x2cv", "2 algorithms, 1 data set",
        "equal expected score",
        "fold differences approximately normal",
        "10 per algorithm",
        "low power; depends on one of the ten differences", 4, True,
    ),
    GuideCard(
        "Combined 5x2cv F", "ftest_5x2cv", "2 algorithms, 1 data set",
        "equal expected score",
        "as 5x2cv t",
        "10 per algorithm",
        "more robust than 5x2cv t (Alpaydin 1999)", 4, True,
    ),
    GuideCard(
        "Wilcoxon signed-rank", "wilcoxon_signed_rank", "2 algorithms, N data sets",
        "the differences are symmetric about 0",
        "independent data sets; commensurable differences",
        "CV on each data set",
        "needs N >= 6 to reach p < 0.05; zeros and ties need a rule", 5, True,
    ),
    GuideCard(
        "Sign test", "sign_test", "2 algorithms, N data sets",
        "each algorithm wins with probability 1/2",
        "independent data sets; only the signs count",
        "CV on each data set",
        "weaker than Wilcoxon; needs N >= 6 to reach p < 0.05", 5, True,
    ),
    GuideCard(
        "Friedman (+ Iman-Davenport)", "friedman", "k algorithms, N data sets",
        "all algorithms have the same mean rank",
        "independent data sets; chi-squared for N > 10, k > 5",
        "CV on each data set",
        "omnibus only; Iman-Davenport's F is less conservative", 6, True,
    ),
    GuideCard(
        "Nemenyi", "nemenyi", "k algorithms, N data sets, all pairs",
        "two algorithms have the same mean rank",
        "after Friedman rejects",
        "CV on each data set",
        "conservative; one critical difference for all pairs", 6, True,
    ),
    GuideCard(
        "Bonferroni-Dunn", "bonferroni_dunn", "k algorithms, N data sets, vs a control",
        "an algorithm and the control have the same mean rank",
        "after Friedman rejects",
        "CV on each data set",
        "k - 1 comparisons only; Holm is more powerful", 6, True,
    ),
    GuideCard(
        "Critical difference", "critical_difference", "k algorithms, N data sets",
        "(the smallest significant gap in mean ranks)",
        "Nemenyi or Bonferroni-Dunn",
        "0",
        "the CD diagram shows every pairwise decision at once", 6, True,
    ),
    GuideCard(
        "Nested cross-validation", "nested_cv", "algorithms with tuned hyperparameters",
        "(an estimate, not a test)",
        "tuning only inside each outer training set",
        "outer folds x grid size x inner folds",
        "gives unbiased scores to feed a test; expensive", 7, True,
    ),
)


def guide_table_html(cards=GUIDE_CARDS) -> str:
    """The overview table of tests as an HTML ``<table>``.

    Examples
    --------
    >>> from lecture_lib.guide import guide_table_html
    >>> guide_table_html().count("<tr>") == 1 + 17
    True
    """
    esc = html.escape
    header = (
        "<tr><th>test</th><th>lecture_lib</th><th>when</th><th>H0</th><th>assumptions</th>"
        "<th>trainings</th><th>caveats</th><th>chapter</th><th>use it?</th></tr>"
    )
    rows = [
        "<tr>"
        + "".join(
            f"<td>{cell}</td>"
            for cell in (
                esc(card.test), f"<code>{esc(card.function)}</code>", esc(card.scenario),
                esc(card.null_hypothesis), esc(card.assumptions), esc(card.trainings),
                esc(card.caveats), str(card.chapter), "yes" if card.recommended else "no",
            )
        )
        + "</tr>"
        for card in cards
    ]
    return "<table class='guide-cards'><thead>" + header + "</thead><tbody>" + "".join(rows) + "</tbody></table>"


# The leaves of the decision diagram: (label on the edge, recommend_test arguments).
_DIAGRAM_BRANCHES = (
    (
        "Trained models,\none test set\n(no retraining)",
        (("2 models", dict(n_models=2)), ("3 or more", dict(n_models=3))),
    ),
    (
        "Algorithms,\none data set\n(retraining allowed)",
        (("2 algorithms", dict(n_models=2, can_retrain=True)), ("3 or more", dict(n_models=3, can_retrain=True))),
    ),
    (
        "Algorithms,\nmany data sets",
        (("2 algorithms", dict(n_models=2, n_datasets=12)), ("3 or more", dict(n_models=4, n_datasets=12))),
    ),
)

_SHORT_NAMES = {
    "McNemar's test": "McNemar",
    "Cochran's Q test, then pairwise McNemar tests with Holm's correction": "Cochran's Q, then\npairwise McNemar\n+ Holm",
    "Combined 5x2cv F test (or 5x2cv t test, or corrected resampled t test)": "5x2cv F (or 5x2cv t,\nor corrected\nresampled t)",
    "Pairwise combined 5x2cv F tests, with Holm's correction": "pairwise 5x2cv F\n+ Holm",
    "Wilcoxon signed-rank test": "Wilcoxon\nsigned-rank (sign\ntest if not\ncommensurable)",
    "Friedman test, then the Nemenyi test (critical-difference diagram)": "Friedman, then\nNemenyi (or\nBonferroni-Dunn /\nHolm vs a control)",
}


def diagram_leaves() -> list[tuple[str, str, Recommendation]]:
    """(branch, edge label, recommendation) for each leaf of :func:`plot_decision_diagram`."""
    return [
        (branch, edge, recommend_test(**kwargs)) for branch, leaves in _DIAGRAM_BRANCHES for edge, kwargs in leaves
    ]


def plot_decision_diagram(ax=None):
    """The decision diagram of chapter 8: which test for which set-up.

    The leaves are the answers of :func:`recommend_test` for each branch, so
    the diagram and the widget cannot disagree.

    Returns
    -------
    matplotlib.axes.Axes
    """
    if ax is None:
        _, ax = plt.subplots(figsize=(12, 6.6))
    ax.set_xlim(0, 12)
    ax.set_ylim(0, 6.6)
    ax.axis("off")
    box = dict(boxstyle="round,pad=0.4", linewidth=1.2)

    def node(x, y, text, face, size=10, weight="normal"):
        ax.text(x, y, text, ha="center", va="center", fontsize=size, fontweight=weight,
                bbox=dict(box, facecolor=face, edgecolor="0.3"))

    def edge(x0, y0, x1, y1, label=None):
        ax.annotate("", xy=(x1, y1), xytext=(x0, y0),
                    arrowprops=dict(arrowstyle="-|>", color="0.35", linewidth=1.2, shrinkA=14, shrinkB=18))
        if label:
            # Nearer the child than the parent, so the labels of sibling edges stay apart.
            ax.text(x0 + 0.7 * (x1 - x0), y0 + 0.7 * (y1 - y0), label, ha="center", va="center", fontsize=9,
                    color="0.15", bbox=dict(boxstyle="round,pad=0.15", facecolor="white", edgecolor="none"))

    node(6, 6.1, "What do you compare, and on what?", "#dbe9f6", size=11, weight="bold")
    leaves = diagram_leaves()
    branch_x = (2, 6, 10)
    for i, (branch, _) in enumerate(_DIAGRAM_BRANCHES):
        bx = branch_x[i]
        edge(6, 6.1, bx, 4.6)
        node(bx, 4.6, branch, "#eef3e2")
        for j, offset in enumerate((-1.0, 1.0)):
            _, label, rec = leaves[2 * i + j]
            lx = bx + offset
            edge(bx, 4.6, lx, 2.35, label)
            text = _SHORT_NAMES.get(rec.test, rec.test) + f"\n(chapter {rec.chapter})"
            node(lx, 2.2, text, "#fdf0d5", size=9)
    node(
        6, 0.55,
        "Hyperparameters tuned on the same data? Tune inside each training set: nested cross-validation (chapter 7).\n"
        "Avoid: k-fold CV t test and plain resampled t test (too liberal), difference of proportions (ignores pairing).",
        "#f6dede", size=9,
    )
    ax.set_title("Choosing a test: follow the branch that describes your experiment", fontsize=12)
    return ax
