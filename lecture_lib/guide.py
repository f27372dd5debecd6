"""Which test? The decision logic of chapter 10 ("Choosing a test").

:func:`recommend_test` maps a description of the experiment (how many models
or algorithms, whether they can be retrained, how many data sets, ...) to the
test the course recommends, the ``lecture_lib`` functions that run it, the
chapter that teaches it, why it fits, what backs the recommendation (a lab of
the course or a cited study) and what to watch out for. It is a pure
function: the widget of chapter 10 (:func:`lecture_lib.widgets.which_test_explorer`)
only displays :func:`recommendation_html` of its answer, and the decision
diagram (:func:`plot_decision_diagram`) draws its leaves from the same answers.

The recommendations follow Fagerland, Lydersen and Laake (2013) for McNemar's
test, Bouckaert and Frank (2004) and chapter 4's lab for one data set, and
Demšar (2006) and García and Herrera (2008) for many data sets.

On "omnibus first?" the course takes one position (chapters 3 and 6, the
glossary and this guide): the post-hoc procedures it teaches (Holm- or
Bonferroni-adjusted pairwise tests, Nemenyi, Bonferroni-Dunn or Holm against
a control) control the family-wise error rate on their own, so they are valid
whether or not the omnibus test rejected. The omnibus test answers another
question ("is there any difference at all?"); gating the post-hoc stage on it,
as Demšar (2006) and the seeds do, only makes it more conservative, and the two
can disagree. Report both when you run both.
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

#: Every lecture_lib function the guide may recommend.
GUIDE_FUNCTIONS = (
    "mcnemar",
    "cochrans_q",
    "pairwise_mcnemar",
    "adjust_pvalues",
    "paired_ttest",
    "proportion_difference_test",
    "compare_algorithms",
    "corrected_repeated_cv_ttest",
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

# Below this many data sets neither p-value of Friedman's test holds its level closely. Measured
# with friedman_type1_error (no ties, seed 0, 100 000 or 40 000 simulated benchmarks per cell; the
# Notes of lecture_lib.friedman describe the table). At nominal 5 %, for k = 4..10: N = 3..9,
# chi-squared 1.7-4.4 %, Iman-Davenport 5.1-7.5 %; N = 10..12, 4.2-4.6 % and 5.1-5.5 %; N = 15..100,
# 4.4-5.1 % and 4.9-5.3 %. For k = 3 both make the same decisions from N = 4 on: 3.9-7.0 % for
# N = 4..9, 4.7-5.9 % from N = 10 (at N = 3: chi-squared 2.8 %, F 19.5 %).
# tests/test_guide.py re-measures cells of this table.
_FRIEDMAN_FEW_DATASETS = 10


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
    evidence : str
        What backs the recommendation: a lab of the course (by chapter) or a
        cited study.
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
    evidence: str = ""

    @property
    def chapter_title(self) -> str:
        """The title of :attr:`chapter`."""
        return CHAPTERS[self.chapter]


def smallest_two_sided_pvalue(n_datasets: int, n_zero: int = 0) -> float:
    """Smallest two-sided p-value the exact Wilcoxon or sign test can give on n data sets.

    Parameters
    ----------
    n_datasets : int
        Number of data sets N (>= 1).
    n_zero : int, optional
        How many of them have a zero difference (a tie), 0 <= n_zero <= N.

    Returns
    -------
    p : float
        ``min(1, 2 / 2**(N - n_zero))``.

    Notes
    -----
    A zero difference carries no sign, so only the N - n_zero other signs
    are random under H0; the most extreme outcome, one algorithm winning
    every decided data set, or the mirror image, then has probability
    2 / 2**(N - n_zero). That is the smallest p-value of the exact
    Wilcoxon test (with any zero convention) and of the sign test with
    ``ties="drop"``; the sign test with ``ties="split"`` counts half of the
    ties for each side, so its smallest p-value is at least as large.

    Examples
    --------
    >>> from lecture_lib.guide import smallest_two_sided_pvalue
    >>> smallest_two_sided_pvalue(5), smallest_two_sided_pvalue(6), smallest_two_sided_pvalue(6, n_zero=1)
    (0.0625, 0.03125, 0.0625)

    With five data sets, or six of which one is a tie, neither test can
    reject H0 at the 5 % level, whatever the scores.
    """
    n_datasets = check_count(n_datasets, "n_datasets", minimum=1)
    n_zero = check_count(n_zero, "n_zero")
    if n_zero > n_datasets:
        raise ValueError(f"n_zero must lie in [0, n_datasets={n_datasets}], got {n_zero}")
    return min(1.0, 2.0 / 2.0 ** (n_datasets - n_zero))


_AVOID_PROPORTIONS = (
    "proportion_difference_test: it treats the two accuracies as independent although both are "
    "measured on the same test examples (chapter 4; Dietterich 1998)."
)
_AVOID_KFOLD = (
    "kfold_cv_ttest: the k training sets overlap, so the fold differences are correlated and the "
    "t statistic's variance is underestimated: too many false alarms (chapter 4's lab; Dietterich 1998)."
)
_AVOID_RESAMPLED = (
    "resampled_ttest with test_train_ratio=None (Dietterich's plain resampled t): overlapping training and "
    "test sets make it the most liberal test of all (chapter 4's lab)."
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
    """Recommend a test for an experimental set-up (the widget of chapter 10).

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
        trainings, caveats, the tests to avoid and the evidence behind the choice.

    Notes
    -----
    The four scenarios of seed 001 and the "many models, one test set" case of seed 000:

    * trained models, one test set: McNemar's mid-p test (two models; Fagerland,
      Lydersen and Laake 2013, and chapter 2's exact Type I error and power figures),
      Cochran's Q and pairwise McNemar tests with Holm's adjustment (more models);
      with a continuous per-example loss, the paired t-test on the losses;
    * algorithms, one data set: the corrected repeated cross-validation t test on
      10 x 10 CV (Bouckaert and Frank 2004; chapter 4's Type I error and power lab),
      pairwise with Holm's adjustment for more algorithms; never the plain k-fold or
      resampled t test;
    * two algorithms, many data sets: the Wilcoxon signed-rank test, or the sign test
      when the differences are not commensurable (Demšar 2006; chapter 5's power
      simulation);
    * many algorithms, many data sets: the Friedman test (read Iman and Davenport's
      p-value, chapter 6's simulation) and Nemenyi's test (all pairs) or
      Bonferroni-Dunn / Holm (against a control) (Demšar 2006; García and Herrera 2008).

    The post-hoc procedures are valid whether or not the omnibus test rejected
    (the course's position, stated in the module docstring).

    References
    ----------
    .. [1] M. W. Fagerland, S. Lydersen, P. Laake, "The McNemar test for binary
       matched-pairs data: mid-p and asymptotic are better than exact conditional",
       BMC Medical Research Methodology 13, 91, 2013.
    .. [2] R. R. Bouckaert, E. Frank, "Evaluating the replicability of significance
       tests for comparing learning algorithms", PAKDD 2004, LNCS 3056, 3-12.
    .. [3] J. Demšar, "Statistical comparisons of classifiers over multiple data sets",
       Journal of Machine Learning Research 7, 1-30, 2006.
    .. [4] S. García, F. Herrera, "An extension on 'Statistical comparisons of
       classifiers over multiple data sets' for all pairwise comparisons", Journal of
       Machine Learning Research 9, 2677-2694, 2008.

    Examples
    --------
    >>> from lecture_lib.guide import recommend_test
    >>> rec = recommend_test(n_models=2, n_datasets=1, can_retrain=False)
    >>> rec.test, rec.functions, rec.chapter
    ("McNemar's mid-p test", ('mcnemar',), 2)

    Two trained classifiers and one test set: McNemar's test (its mid-p
    version, the library's default), taught in chapter 2.

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
                evidence=rec.evidence + " Tuning on the evaluation data: chapter 7's optimism lab (random labels).",
            )
    return rec


_OMNIBUS_POSITION = (
    "The adjusted pairwise tests control the family-wise error rate on their own: they are valid whether "
    "or not the omnibus test rejects, and the two can disagree. Report both."
)


def _trained_models(n_models: int, per_example: str) -> Recommendation:
    scenario = f"{n_models} trained models, one test set (no retraining)"
    if n_models == 2 and per_example == "correctness":
        return Recommendation(
            scenario=scenario,
            test="McNemar's mid-p test",
            functions=("mcnemar",),
            call="mcnemar(mcnemar_table(y_true, y_pred_1, y_pred_2))  # method='midp', the default",
            chapter=2,
            why=(
                "Both models predict the same test examples, so the comparison is paired; only the "
                "examples on which they disagree (b and c) carry evidence. The mid-p version stays close to "
                "the nominal level without the conservatism of the exact and the continuity-corrected tests. "
                "It needs no retraining."
            ),
            trainings="none: each model is trained once, then predicts the test set",
            caveats=(
                "It compares these two trained models on this population of test examples, not the "
                "learning algorithms: another training set could reverse the result.",
                "Its power depends on the number of disagreements b + c, not on the size of the test set.",
                "The test examples must be independent (no duplicates or clusters), and the test set must "
                "not have been used for training, tuning or choosing the models.",
                "Report the accuracy difference (b - c) / n with its interval next to the p-value.",
            ),
            avoid=(_AVOID_PROPORTIONS,),
            evidence=(
                "Fagerland, Lydersen and Laake (2013) recommend the mid-p test; chapter 2's exact Type I "
                "error and power figures show the exact and corrected tests to be conservative."
            ),
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
            evidence=(
                "No lab of the course: it rests on the central limit theorem for the mean of n independent "
                "per-example differences."
            ),
        )
    pairs = n_models * (n_models - 1) // 2
    if per_example == "correctness":
        return Recommendation(
            scenario=scenario,
            test="Cochran's Q test and pairwise McNemar tests with Holm's adjustment",
            functions=("cochrans_q", "pairwise_mcnemar"),
            call=(
                "cochrans_q(y_true, *y_preds)  # omnibus\n"
                "pairwise_mcnemar(y_true, *y_preds, adjust='holm')  # which pairs differ"
            ),
            chapter=3,
            why=(
                f"Cochran's Q tests the omnibus hypothesis that the {n_models} models' correctness is "
                "exchangeable within each test example (which implies equal accuracies); with two models it "
                f"is McNemar's statistic. The pairwise McNemar tests say which of the {pairs} pairs differ, "
                "with Holm-adjusted p-values. " + _OMNIBUS_POSITION
            ),
            trainings="none: each model is trained once, then predicts the test set",
            caveats=(
                "Q's chi-squared reference needs exchangeability, which is stronger than equal accuracies: "
                "two near-identical models beside a different third can make Q reject too often (chapter 3).",
                "The chi-squared approximation of Q needs enough examples on which the models disagree.",
                "Without an adjustment, the chance of at least one false alarm among the pairwise tests "
                "(the family-wise error rate) grows far above alpha.",
                "Holm-adjusted p-values are bounds, not probabilities of an outcome.",
                "It compares the trained models, not the learning algorithms.",
            ),
            avoid=(
                "Pairwise McNemar tests at the unadjusted alpha: the family-wise error rate is not controlled.",
            ),
            evidence=(
                "Chapter 3's family-wise error lab (unadjusted pairwise tests find a false 'significant' pair far "
                "more often than 5 % of the time; Holm's adjustment keeps it near 5 %); Holm (1979) holds under "
                "any dependence."
            ),
        )
    return Recommendation(
        scenario=scenario,
        test="Pairwise paired t-tests on the per-example losses, with Holm's adjustment",
        functions=("paired_ttest", "adjust_pvalues"),
        call="adjust_pvalues([paired_ttest(l_i, l_j).pvalue for each pair (i, j)], 'holm')",
        chapter=4,
        why=(
            "With a continuous loss per example there is no Cochran's Q; compare the pairs with the "
            f"paired t-test and adjust the {pairs} p-values for multiplicity."
        ),
        trainings="none: each model is trained once, then predicts the test set",
        caveats=(
            "Holm's procedure controls the family-wise error rate under any dependence between the tests.",
            "The test examples must be independent and numerous enough for the t approximation.",
        ),
        avoid=("Pairwise t-tests at the unadjusted alpha: the family-wise error rate is not controlled.",),
        evidence=(
            "Holm (1979) for the adjustment; the t-tests rest on the central limit theorem (no lab of the course)."
        ),
    )


def _algorithms_one_dataset(n_models: int) -> Recommendation:
    avoid = (_AVOID_KFOLD, _AVOID_RESAMPLED, _AVOID_PROPORTIONS)
    caveats = (
        "Its 5 % level is approximate and depends on the learner: in chapter 4's lab it held the level for a "
        "stable learner but rejected a true H0 about twice as often as nominal for an unstable one (1-NN) and "
        "for small, noisy data. Read 0.01 < p < 0.05 from one data set as weak evidence.",
        "When a false alarm is costly (or 100 trainings are too many): the corrected t on a single 10-fold CV, "
        "compare_algorithms(..., test='corrected_kfold'), held its level in every setting of chapter 4's lab, "
        "at about half the power for the stable learner.",
        "The test compares the learning algorithms trained on (k - 1)/k of this data set; it says nothing "
        "about other data sets: firm conclusions need several data sets (chapter 5).",
        "The Nadeau-Bengio factor 1/(r k) + 1/(k - 1) is a heuristic: the test is conservative when the "
        "true correlation between the differences of two splits is below 1/k and liberal above (chapter 4).",
        "Use the same splits for both algorithms (paired design) and a fixed seed.",
    )
    evidence = (
        "Chapter 4's Type I error and power lab (for a stable learner the corrected 10 x 10 CV t held its level "
        "and was the most powerful valid test; for 1-NN it ran at about 12 %, like the 5x2cv tests) and "
        "Bouckaert and Frank (2004), who found it the most replicable."
    )
    if n_models == 2:
        return Recommendation(
            scenario="2 learning algorithms, one data set, retraining allowed",
            test="Corrected repeated cross-validation t test (10 x 10 CV)",
            functions=("compare_algorithms", "corrected_repeated_cv_ttest"),
            call=(
                "compare_algorithms(algorithm_1, algorithm_2, X, y, test='corrected_repeated_cv')  # 10 x 10 CV\n"
                "# or, on precomputed (10, 10) fold scores: corrected_repeated_cv_ttest(scores_1, scores_2)"
            ),
            chapter=4,
            why=(
                "Retraining on r x k cross-validation splits lets the test see the variation due to the "
                "training set, so it compares the algorithms, not two trained models; the variance factor "
                "1/(r k) + 1/(k - 1) of Nadeau and Bengio (2003), as Bouckaert and Frank (2004) apply it, "
                "accounts for the overlap of the training sets."
            ),
            trainings="r x k = 100 per algorithm (10 repetitions of 10-fold CV)",
            caveats=caveats,
            avoid=avoid,
            evidence=evidence,
        )
    pairs = n_models * (n_models - 1) // 2
    return Recommendation(
        scenario=f"{n_models} learning algorithms, one data set, retraining allowed",
        test="Pairwise corrected repeated cross-validation t tests (10 x 10 CV), with Holm's adjustment",
        functions=("corrected_repeated_cv_ttest", "adjust_pvalues"),
        call="adjust_pvalues([corrected_repeated_cv_ttest(s[i], s[j]).pvalue for each pair (i, j)], 'holm')",
        chapter=4,
        why=(
            f"There is no omnibus test of this kind: test the {pairs} pairs on the same 10 x 10 splits and "
            "adjust their p-values for multiplicity with Holm's procedure."
        ),
        trainings=f"100 per algorithm on shared splits ({100 * n_models} in all)",
        caveats=caveats
        + ("With many algorithms, several data sets and the Friedman test give a better-founded comparison.",),
        avoid=avoid,
        evidence=evidence + " Holm (1979) for the adjustment.",
    )


def _two_algorithms_many_datasets(n_datasets: int, commensurable: bool) -> Recommendation:
    smallest = smallest_two_sided_pvalue(n_datasets)
    caveats = [
        "The data sets must be independent: folds or resamples of one data set are not several data sets.",
        "The null hypothesis is about these two algorithms on a population of data sets like yours.",
        "Each zero difference (tie) removes one random sign: the smallest attainable p-value is "
        "2 / 2^(N - zeros).",
    ]
    if smallest > 0.05:
        caveats.insert(
            0,
            f"With {n_datasets} data sets the smallest two-sided p-value either test can reach is "
            f"{smallest:.4g} > 0.05: no outcome can be significant at the 5 % level. Use at least 6 "
            "(and more if some differences may be zero).",
        )
    avoid = (
        "A paired t-test over data sets: score differences are not commensurable across data sets and "
        "not normal; outliers dominate it (Demšar 2006; chapter 5).",
    )
    if commensurable:
        return Recommendation(
            scenario=f"2 algorithms, {n_datasets} data sets",
            test="Wilcoxon signed-rank test",
            functions=("wilcoxon_signed_rank",),
            call="wilcoxon_signed_rank(scores_1, scores_2)  # one score per data set; exact up to 50",
            chapter=5,
            why=(
                "It ranks the absolute differences between the two algorithms' scores over the data sets, "
                "so larger differences count more, but no normality is assumed. Report the median difference "
                "(Hodges-Lehmann) and its interval next to the p-value."
            ),
            trainings="per data set, whatever the score needs (k-fold CV: k per algorithm and data set)",
            caveats=tuple(caveats),
            avoid=avoid,
            evidence=(
                "Demšar (2006); chapter 5's power simulation (close to the t-test with normal differences, "
                "clearly better with heavy tails, always better than the sign test)."
            ),
        )
    return Recommendation(
        scenario=f"2 algorithms, {n_datasets} data sets, differences not commensurable",
        test="Sign test",
        functions=("sign_test",),
        call="sign_test(scores_1, scores_2)  # counts wins, losses and ties",
        chapter=5,
        why=(
            "When a difference of 0.01 does not mean the same on every data set, only who wins counts: "
            "the sign test compares the number of wins with a Binomial(n, 1/2). Report the share of wins "
            "with its interval next to the p-value."
        ),
        trainings="per data set, whatever the score needs (k-fold CV: k per algorithm and data set)",
        caveats=tuple(caveats) + ("It is less powerful than the Wilcoxon test when the differences are commensurable.",),
        avoid=avoid,
        evidence="Demšar (2006); chapter 5's power simulation (the sign test trails the Wilcoxon test everywhere).",
    )


def _friedman_caveat(n_models: int, n_datasets: int) -> str:
    """What the course measured about Friedman's two p-values for this k and N."""
    if n_models == 3:
        if n_datasets < _FRIEDMAN_FEW_DATASETS:
            return (
                f"With k = 3 and N = {n_datasets} Friedman's statistic takes few values: in chapter 6's "
                "simulation the chi-squared and Iman-Davenport p-values made the same decisions for N = 4..9 "
                "and rejected a true H0 in 3.9-7.0 % of benchmarks at nominal 5 % (at N = 3 the F version "
                "rejected in 19.5 %). Near 0.05, compute the exact permutation p-value."
            )
        return (
            "With k = 3 the chi-squared and Iman-Davenport p-values make the same decisions (chapter 6's "
            "simulation: 4.7-5.9 % rejections of a true H0 at nominal 5 % from N = 10 on)."
        )
    if n_datasets < _FRIEDMAN_FEW_DATASETS:
        return (
            f"With N = {n_datasets} < {_FRIEDMAN_FEW_DATASETS} data sets neither approximation of Friedman's "
            "test is accurate: in chapter 6's simulation (k = 4 to 10, no ties) the chi-squared p-value "
            "rejected a true H0 in 1.7-4.4 % of benchmarks at nominal 5 % (conservative) and the "
            "Iman-Davenport p-value in 5.1-7.5 % (liberal). Read Iman-Davenport's p-value, treat values near "
            "0.05 as borderline, or compute the exact permutation p-value."
        )
    return (
        "Read the Iman-Davenport p-value: in chapter 6's simulation (k = 4 to 10, no ties) it rejected a true "
        "H0 in 4.9-5.5 % of benchmarks at nominal 5 % from N = 10 on, the chi-squared p-value in 4.2-5.1 % "
        "(slightly conservative)."
    )


def _many_algorithms_many_datasets(n_models: int, n_datasets: int, control: bool) -> Recommendation:
    caveats = [
        _friedman_caveat(n_models, n_datasets),
        "The post-hoc test controls the family-wise error rate on its own: it is valid whether or not "
        "Friedman's test rejects, and the two can disagree. Report both.",
        "Average ranks depend on which algorithms are in the comparison: adding or removing one can move the "
        "post-hoc p-values of the others (Benavoli, Corani and Mangili 2016; chapter 6 shows it on seed 001's "
        "benchmark). Pairwise Wilcoxon tests with Holm's adjustment do not have this problem.",
        "The data sets must be independent.",
    ]
    scenario = f"{n_models} algorithms, {n_datasets} data sets"
    why = (
        f"The Friedman test ranks the {n_models} algorithms on each data set and asks whether their average "
        "ranks differ more than chance allows; it is the non-parametric repeated-measures ANOVA (Demšar 2006)."
    )
    avoid = (
        "Repeated-measures ANOVA or t-tests over data sets: normality and equal variances do not hold for scores "
        "of different data sets (Demšar 2006).",
        "Pairwise tests at the unadjusted alpha: the family-wise error rate is not controlled (chapter 6's "
        "simulation: more than a third of the benchmarks with six equal algorithms show a 'significant' pair).",
    )
    trainings = "per data set, whatever the score needs (k-fold CV: k per algorithm and data set)"
    evidence = (
        "Demšar (2006) and García and Herrera (2008); chapter 6's simulations (the family-wise error of "
        "unadjusted pairs, the level of Friedman's two p-values)."
    )
    if control:
        return Recommendation(
            scenario=scenario + ", each compared with a control",
            test="Friedman test, and Holm's procedure (or Bonferroni-Dunn) against the control",
            functions=("friedman", "bonferroni_dunn", "critical_difference"),
            call="friedman(scores); bonferroni_dunn(scores, control=0, adjust='holm')  # scores: (n_datasets, k)",
            chapter=6,
            why=why
            + f" Against one control chosen in advance there are only {n_models - 1} comparisons, so "
            "Bonferroni-Dunn is more powerful than Nemenyi, and Holm's step-down procedure on the same z-tests "
            "more powerful still (Demšar 2006; García and Herrera 2008).",
            trainings=trainings,
            caveats=tuple(caveats),
            avoid=avoid,
            evidence=evidence,
        )
    return Recommendation(
        scenario=scenario + ", all pairs",
        test="Friedman test and the Nemenyi test (critical-difference diagram)",
        functions=("friedman", "nemenyi", "critical_difference"),
        call="friedman(scores); nemenyi(scores); plot_critical_difference(...)  # scores: (n_datasets, k)",
        chapter=6,
        why=why
        + f" The Nemenyi test compares all {n_models * (n_models - 1) // 2} pairs with one critical difference "
        "of average ranks, drawn in a critical-difference diagram.",
        trainings=trainings,
        caveats=tuple(caveats)
        + (
            "The Nemenyi test is conservative: with few data sets it finds few differences. For all pairs "
            "García and Herrera (2008) recommend the more powerful procedures of Shaffer or of Bergmann and "
            "Hommel.",
        ),
        avoid=avoid,
        evidence=evidence,
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
    if rec.evidence:
        parts.append(f"<p><b>Evidence:</b> {esc(rec.evidence)}</p>")
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
        "McNemar (mid-p)", "mcnemar", "2 trained models, 1 test set",
        "a disagreement is equally likely to go either way (p_b = p_c), i.e. equal accuracies",
        "independent test examples; right/wrong per example",
        "0 (1 training each)",
        "mid-p is the default (Fagerland et al. 2013); exact and corrected are conservative; compares models, "
        "not algorithms", 2, True,
    ),
    GuideCard(
        "Difference of proportions", "proportion_difference_test", "2 trained models, 1 test set",
        "equal accuracies",
        "the two accuracies independent (false: same test set)",
        "0 (1 training each)",
        "ignores the pairing (chapter 4; Dietterich 1998): use McNemar", 4, False,
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
        "the models' correctness is exchangeable within each example (implies equal accuracies)",
        "independent examples; exchangeability; enough disagreements for chi-squared",
        "0 (1 training each)",
        "omnibus; the pairwise McNemar tests with Holm are valid without it (report both); can reject too "
        "often when two models are near-identical (chapter 3)", 3, True,
    ),
    GuideCard(
        "Holm / Bonferroni adjustment", "adjust_pvalues", "any family of tests",
        "(adjusts the p-values of the individual H0s)",
        "none (valid under any dependence)",
        "0",
        "adjusted p-values are bounds; Holm rejects everything Bonferroni rejects, and sometimes more", 3, True,
    ),
    GuideCard(
        "Corrected repeated CV t", "corrected_repeated_cv_ttest", "2 algorithms, 1 data set",
        "equal expected score (algorithms trained on (k - 1)/k of the data)",
        "s^2 / (r k) replaced by (1/(r k) + 1/(k - 1)) s^2 (Nadeau & Bengio 2003; Bouckaert & Frank 2004)",
        "r x k per algorithm (10 x 10)",
        "the course's default (chapter 4's lab); level approximate: about twice nominal for unstable learners; "
        "compare_algorithms(test='corrected_repeated_cv')", 4, True,
    ),
    GuideCard(
        "Corrected resampled t", "resampled_ttest", "2 algorithms, 1 data set",
        "equal expected score",
        "s^2 / J replaced by (1/J + n_test/n_train) s^2 over J random splits (Nadeau & Bengio 2003)",
        "J per algorithm (e.g. 30)",
        "pass test_train_ratio = n_test / n_train", 4, True,
    ),
    GuideCard(
        "Resampled paired t", "resampled_ttest", "2 algorithms, 1 data set",
        "equal expected score",
        "independent repetitions (false: training sets overlap)",
        "J per algorithm (e.g. 30)",
        "very liberal with test_train_ratio=None (chapter 4's lab)", 4, False,
    ),
    GuideCard(
        "k-fold CV paired t", "kfold_cv_ttest", "2 algorithms, 1 data set",
        "equal expected score",
        "independent folds (false: training sets overlap)",
        "k per algorithm",
        "liberal (chapter 4's lab; Dietterich 1998)", 4, False,
    ),
    GuideCard(
        "5x2cv paired t", "ttest_5x2cv", "2 algorithms, 1 data set",
        "equal expected score",
        "fold differences approximately normal",
        "10 per algorithm",
        "low power; depends on one of its ten differences; poorly replicable (chapter 4)", 4, False,
    ),
    GuideCard(
        "Combined 5x2cv F", "ftest_5x2cv", "2 algorithms, 1 data set",
        "equal expected score",
        "as 5x2cv t",
        "10 per algorithm",
        "less power than the corrected repeated CV t and no better level (chapter 4's lab: 2.9 % for a "
        "stable learner, 13.9 % for 1-NN)", 4, False,
    ),
    GuideCard(
        "Wilcoxon signed-rank", "wilcoxon_signed_rank", "2 algorithms, N data sets",
        "the differences are symmetric about 0",
        "independent data sets; commensurable differences",
        "CV on each data set",
        "needs N - zeros >= 6 to reach p < 0.05; exact with ties and zeros (Pratt's zeros by default)", 5, True,
    ),
    GuideCard(
        "Sign test", "sign_test", "2 algorithms, N data sets",
        "each algorithm wins with probability 1/2",
        "independent data sets; only the signs count",
        "CV on each data set",
        "weaker than Wilcoxon (chapter 5's power simulation); needs N >= 6 to reach p < 0.05", 5, True,
    ),
    GuideCard(
        "Friedman (+ Iman-Davenport)", "friedman", "k algorithms, N data sets",
        "all algorithms have the same expected average rank",
        "independent data sets",
        "CV on each data set",
        "omnibus; read the Iman-Davenport p-value; for N < 10 both p-values are off (chapter 6)", 6, True,
    ),
    GuideCard(
        "Nemenyi", "nemenyi", "k algorithms, N data sets, all pairs",
        "two algorithms have the same expected average rank",
        "independent data sets; controls the family-wise error on its own",
        "CV on each data set",
        "conservative; depends on the other algorithms in the pool; Shaffer / Bergmann-Hommel are more "
        "powerful (García & Herrera 2008)", 6, True,
    ),
    GuideCard(
        "Bonferroni-Dunn / Holm vs control", "bonferroni_dunn", "k algorithms, N data sets, vs a control",
        "an algorithm and the control have the same expected average rank",
        "control chosen in advance; controls the family-wise error on its own",
        "CV on each data set",
        "k - 1 comparisons only; adjust='holm' is more powerful", 6, True,
    ),
    GuideCard(
        "Critical difference", "critical_difference", "k algorithms, N data sets",
        "(the smallest significant gap in average ranks)",
        "Nemenyi or Bonferroni-Dunn",
        "0",
        "the CD diagram shows every pairwise decision at once", 6, True,
    ),
    GuideCard(
        "Nested cross-validation", "nested_cv", "algorithms with tuned hyperparameters",
        "(an estimate, not a test)",
        "tuning only inside each outer training set",
        "outer folds x grid size x inner folds",
        "gives honest scores of the tuning procedure to feed a test; expensive", 7, True,
    ),
)


def guide_table_html(cards=GUIDE_CARDS) -> str:
    """The overview table of tests as an HTML ``<table>``.

    Examples
    --------
    >>> from lecture_lib.guide import GUIDE_CARDS, guide_table_html
    >>> guide_table_html().count("<tr>") == 1 + len(GUIDE_CARDS)
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
    "McNemar's mid-p test": "McNemar\n(mid-p)",
    "Cochran's Q test and pairwise McNemar tests with Holm's adjustment": "Cochran's Q and\npairwise McNemar\n+ Holm",
    "Corrected repeated cross-validation t test (10 x 10 CV)": "corrected\nrepeated CV t\n(10 x 10)",
    "Pairwise corrected repeated cross-validation t tests (10 x 10 CV), with Holm's adjustment": "pairwise corrected\nrepeated CV t\n+ Holm",
    "Wilcoxon signed-rank test": "Wilcoxon\nsigned-rank (sign\ntest if not\ncommensurable)",
    "Friedman test and the Nemenyi test (critical-difference diagram)": "Friedman and\nNemenyi (or\nHolm vs a control)",
}


def diagram_leaves() -> list[tuple[str, str, Recommendation]]:
    """(branch, edge label, recommendation) for each leaf of :func:`plot_decision_diagram`."""
    return [
        (branch, edge, recommend_test(**kwargs)) for branch, leaves in _DIAGRAM_BRANCHES for edge, kwargs in leaves
    ]


def plot_decision_diagram(ax=None):
    """The decision diagram of chapter 10: which test for which set-up.

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
