"""Which test? The decision logic of chapter 10 ("Choosing a test").

:func:`recommend_test` maps a description of the experiment (how many models
or algorithms, whether they can be retrained, how many data sets, the
question, the metric, the structure of the data, ...) to the test or
procedure the course recommends, the ``lecture_lib`` functions that run it,
the chapter that teaches it, why it fits, what backs the recommendation (a
lab of the course or a cited study) and what to watch out for. It is a pure
function: the widget of chapter 10 (:func:`lecture_lib.widgets.which_test_explorer`) only
displays :func:`recommendation_html` of its answer, and the decision diagrams
(:func:`plot_decision_diagram`) draw their leaves from the same answers.

The recommendations follow Fagerland, Lydersen and Laake (2013) for McNemar's
test, Bouckaert and Frank (2004) and chapter 4's lab for one data set,
Demšar (2006) and García and Herrera (2008) for many data sets, Corani and
Benavoli (2015) and Benavoli et al. (2014, 2017) for the Bayesian tests
(chapter 8), and chapter 9 (Bates, Hastie and Tibshirani 2024; DeLong et al.
1988; Bouthillier et al. 2021; Benjamini and Hochberg 1995) for the routes
beyond one accuracy on independent examples.

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

from ._validation import check_ax, check_count, check_flag, check_option

__all__ = [
    "CHAPTERS",
    "GUIDE_FUNCTIONS",
    "PER_EXAMPLE_OPTIONS",
    "QUESTION_OPTIONS",
    "METRIC_OPTIONS",
    "STRUCTURE_OPTIONS",
    "DIAGRAM_PARTS",
    "CARD_GROUPS",
    "Recommendation",
    "GuideCard",
    "GUIDE_CARDS",
    "recommend_test",
    "recommendation_html",
    "smallest_two_sided_pvalue",
    "guide_table_html",
    "diagram_leaves",
    "plot_decision_diagram",
    "WHICH_TEST_SITUATIONS",
]

#: The course's chapters, by number (the guide names them in its answers).
CHAPTERS = {
    1: "Evaluating one model: metrics, overfitting and resampling estimates",
    2: "McNemar's test",
    3: "Cochran's Q and post-hoc comparisons",
    4: "Two algorithms on one data set: Dietterich's tests and the corrected t-tests",
    5: "Two algorithms over many data sets: Wilcoxon and sign tests",
    6: "Many algorithms over many data sets: Friedman, Nemenyi, critical differences",
    7: "Nested cross-validation",
    8: "Bayesian comparison: the probability that one algorithm is practically better",
    9: "Beyond one accuracy on i.i.d. data: AUC, F1, seeds, groups and time",
    10: "Choosing a test",
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
    "run_benchmark",
    # chapter 8: practical difference and equivalence
    "bayesian_correlated_ttest",
    "bayesian_signed_rank",
    "bayesian_sign_test",
    "equivalence_test",
    # chapter 9: beyond one accuracy on i.i.d. data
    "proportion_interval",
    "cv_interval",
    "delong_test",
    "paired_bootstrap",
    "paired_permutation_test",
    "group_kfold",
    "forward_chaining",
    "seed_split_variance",
    "design_std_error",
    # chapters 3 and 6: post-hoc procedures (issue 16)
    "pairwise_comparisons",
    "plot_critical_difference",
    "marginal_homogeneity_test",
)

#: What is recorded for each test example when one test set is used.
PER_EXAMPLE_OPTIONS = ("correctness", "loss")

#: The question: any difference at all (a significance test), or a practical one
#: (practically better or practically equivalent, given a region of practical
#: equivalence fixed in advance: chapter 8).
QUESTION_OPTIONS = ("difference", "practical")

#: The metric: a mean of per-example scores (accuracy, error rate, a mean loss),
#: the ROC AUC, or another metric that is not a mean over examples (F1, ...).
METRIC_OPTIONS = ("mean", "auc", "other")

#: The data: independent examples, groups of related examples (several per
#: patient), or a time order.
STRUCTURE_OPTIONS = ("iid", "groups", "time")

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
        The lecture_lib functions to call: the main test (or procedure)
        first, then the helpers (adjustments, splitters, planning); every
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


_AVOID_MCNEMAR_CLUSTERED = (
    "mcnemar on the examples: it treats the test examples as independent; examples of one group (or "
    "neighbours in time) win or lose together, and chapter 9's simulation (40 patients x 5 scans, two "
    "equally accurate models) saw it reject a true H0 in 14 % of test sets at nominal 5 %."
)
_AVOID_PER_RUN = (
    "A t-test that counts every (split, seed) run as an independent observation: the runs on one split "
    "share it, and the splits overlap; chapter 9 found an interval half as wide as the honest one."
)


def recommend_test(
    n_models: int,
    n_datasets: int = 1,
    can_retrain: bool = False,
    per_example: str = "correctness",
    commensurable: bool = True,
    control: bool = False,
    tuning: bool = False,
    *,
    question: str = "difference",
    metric: str = "mean",
    structure: str = "iid",
    random_training: bool = False,
    n_metrics: int = 1,
) -> Recommendation:
    """Recommend a test for an experimental set-up (the widget of chapter 10).

    Parameters
    ----------
    n_models : int
        How many models (trained classifiers) or learning algorithms you compare, >= 1.
        With 1 there is nothing to compare: the guide gives an interval for the one
        model's (or learning procedure's) score on one data set.
    n_datasets : int, optional
        On how many (independent) data sets, >= 1.
    can_retrain : bool, optional
        With one data set: can each learning algorithm be trained again on resampled
        training sets (then you compare *algorithms*)? ``False`` means the models are
        trained once and only a test set is left (you compare *trained models*).
        Ignored with several data sets, where the score per data set already comes from
        resampling.
    per_example : {"correctness", "loss"}, optional
        With one test set, trained models and ``metric="mean"``: is each prediction
        scored as right/wrong (``"correctness"``) or by a continuous loss such as the
        Brier score (``"loss"``)?
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
    question : {"difference", "practical"}, optional
        ``"difference"``: is there any difference at all (a significance test)?
        ``"practical"``: is one practically better, or are the two practically
        equivalent, given a region of practical equivalence (ROPE) fixed in advance
        (the Bayesian tests and TOST of chapter 8)? Ignored with one model.
    metric : {"mean", "auc", "other"}, optional
        ``"mean"``: the score is a mean of per-example scores (accuracy, error rate, a
        mean loss); ``"auc"``: the ROC AUC; ``"other"``: a metric that is not a mean
        over examples (F1, precision, recall, ...). It decides the test for trained
        models on one test set (chapter 9); with cross-validation or several data sets
        it only changes how each score is computed.
    structure : {"iid", "groups", "time"}, optional
        ``"iid"``: independent examples; ``"groups"``: several related examples per unit
        (scans per patient, near-duplicates); ``"time"``: the examples are in time order
        and the model will be used on the future (chapter 9).
    random_training : bool, optional
        Does the training procedure itself depend on a random seed (a neural network's
        initialisation and mini-batch order), so that its score moves from seed to seed
        on the same data (chapter 9)?
    n_metrics : int, optional
        How many metrics (or other families of tests, such as one per data set) you test
        and report, >= 1. More than one calls for a multiplicity adjustment across them.

    Returns
    -------
    Recommendation
        The test, the lecture_lib functions to call, the chapter, why, the cost in
        trainings, caveats, the tests to avoid and the evidence behind the choice.

    Raises
    ------
    ValueError, TypeError
        Bad input, naming the argument; ``n_models=1`` with more than one data set
        (one learner has nothing to compare across data sets).

    Notes
    -----
    The four scenarios of seed 001 and the "many models, one test set" case of seed 000:

    * trained models, one test set: McNemar's mid-p test (two models; Fagerland,
      Lydersen and Laake 2013, and chapter 2's exact Type I error and power figures),
      Cochran's Q and pairwise McNemar tests with Holm's adjustment (more models);
      with a continuous per-example loss, the paired t-test on the losses; the AUC:
      DeLong's test; F1 or another metric: a paired bootstrap interval and a paired
      permutation test (chapter 9);
    * algorithms, one data set: the corrected repeated cross-validation t test on
      10 x 10 CV (Bouckaert and Frank 2004; chapter 4's Type I error and power lab),
      pairwise with Holm's adjustment for more algorithms; never the plain k-fold or
      resampled t test; with a random training procedure, the seeds averaged within each
      split first (chapter 9);
    * two algorithms, many data sets: the Wilcoxon signed-rank test, or the sign test
      when the differences are not commensurable (Demšar 2006; chapter 5's power
      simulation);
    * many algorithms, many data sets: the Friedman test (read Iman and Davenport's
      p-value, chapter 6's simulation), then pairwise Wilcoxon tests with Holm's
      adjustment (all pairs; Shaffer's or Bergmann and Hommel's procedure for more
      power) or Holm's procedure against a control (García and Herrera 2008;
      Benavoli, Corani and Mangili 2016 on the pool dependence of Nemenyi's test).

    A practical question (``question="practical"``) goes to chapter 8: the Bayesian
    correlated t-test on one data set (or TOST to show equivalence), the Bayesian
    signed-rank or sign test over data sets. Grouped data are split by group and tested
    at the level of the groups; time-ordered data are split forward in time; several
    metrics call for Holm's procedure (family-wise error rate) or Benjamini-Hochberg
    (false discovery rate) across them (chapter 9). One learner: the nested
    cross-validation interval of Bates, Hastie and Tibshirani (2024).

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
    .. [5] A. Benavoli, G. Corani, J. Demšar, M. Zaffalon, "Time for a change: a
       tutorial for comparing multiple classifiers through Bayesian analysis", Journal
       of Machine Learning Research 18(77), 1-36, 2017.
    .. [6] S. Bates, T. Hastie, R. Tibshirani, "Cross-validation: what does it estimate
       and how well does it do it?", Journal of the American Statistical Association
       119, 1434-1445, 2024.

    Examples
    --------
    >>> from lecture_lib.guide import recommend_test
    >>> rec = recommend_test(n_models=2, n_datasets=1, can_retrain=False)
    >>> rec.test, rec.functions, rec.chapter
    ("McNemar's mid-p test", ('mcnemar',), 2)

    Two trained classifiers and one test set: McNemar's test (its mid-p
    version, the library's default), taught in chapter 2.

    >>> recommend_test(n_models=4, n_datasets=12).functions
    ('friedman', 'pairwise_comparisons', 'plot_critical_difference')
    >>> recommend_test(2, 12, question="practical").functions
    ('bayesian_signed_rank',)

    Over 12 data sets, "is one algorithm practically better?" is the Bayesian
    signed-rank test of chapter 8, with a ROPE chosen in advance.

    >>> recommend_test(2, metric="auc").functions
    ('delong_test',)
    """
    n_models = check_count(n_models, "n_models", minimum=1)
    n_datasets = check_count(n_datasets, "n_datasets", minimum=1)
    can_retrain = check_flag(can_retrain, "can_retrain")
    per_example = check_option(per_example, "per_example", PER_EXAMPLE_OPTIONS)
    commensurable = check_flag(commensurable, "commensurable")
    control = check_flag(control, "control")
    tuning = check_flag(tuning, "tuning")
    question = check_option(question, "question", QUESTION_OPTIONS)
    metric = check_option(metric, "metric", METRIC_OPTIONS)
    structure = check_option(structure, "structure", STRUCTURE_OPTIONS)
    random_training = check_flag(random_training, "random_training")
    n_metrics = check_count(n_metrics, "n_metrics", minimum=1)
    trained = n_datasets == 1 and not can_retrain  # trained models, one test set

    handled = False  # does the route itself deal with groups or time order?
    if n_models == 1:
        rec = _one_model(n_datasets, can_retrain, metric)
    elif question == "practical":
        rec = _practical(n_models, n_datasets, can_retrain, metric, commensurable)
    elif trained and structure == "groups":
        rec, handled = _grouped_test_set(n_models), True
    elif trained and structure == "time":
        rec, handled = _time_test_set(n_models), True
    elif trained and metric == "auc":
        rec = _auc(n_models)
    elif trained and metric == "other":
        rec = _other_metric(n_models)
    elif trained:
        rec = _trained_models(n_models, per_example)
    elif n_datasets == 1 and structure == "time":
        rec, handled = _time_algorithms(n_models), True
    elif n_datasets == 1 and random_training:
        rec = _seeds_one_dataset(n_models)
    elif n_datasets == 1:
        rec = _algorithms_one_dataset(n_models)
    elif n_models == 2:
        rec = _two_algorithms_many_datasets(n_datasets, commensurable)
    else:
        rec = _many_algorithms_many_datasets(n_models, n_datasets, control)

    if not handled:
        rec = _with_data_structure(rec, n_models, n_datasets, trained, structure)
    rec = _with_metric(rec, n_models, trained, metric)
    if random_training and n_models > 1 and "seed_split_variance" not in rec.functions:
        rec = _with_random_training(rec, trained)
    if tuning:
        rec = _with_tuning(rec, trained)
    if n_metrics > 1:
        rec = _with_multiplicity(rec)
    return rec


def _add(rec: Recommendation, **more) -> Recommendation:
    """A copy of ``rec`` with text appended: tuples are extended, strings continued."""
    changes = {}
    for name, extra in more.items():
        old = getattr(rec, name)
        if isinstance(old, tuple):
            new = old + tuple(name_ for name_ in extra if name_ not in old)
        else:
            new = old + extra
        changes[name] = new
    return dataclasses.replace(rec, **changes)


def _with_tuning(rec: Recommendation, trained: bool) -> Recommendation:
    if trained:
        return _add(
            rec,
            caveats=(
                "The models were tuned: the test set must not have been used for the tuning "
                "(nor for early stopping or model choice), or the p-value means nothing.",
            ),
        )
    return dataclasses.replace(
        rec,
        functions=("nested_cv",) + tuple(f for f in rec.functions if f != "nested_cv"),
        why=rec.why
        + " The hyperparameters are tuned, so wrap each training in nested cross-validation "
        "(chapter 7): the inner loop tunes on the training part only, the outer loop scores.",
        trainings=rec.trainings + "; times the inner grid search (grid size x inner folds) for each",
        evidence=rec.evidence + " Tuning on the evaluation data: chapter 7's optimism lab (random labels).",
    )


def _with_data_structure(rec, n_models, n_datasets, trained, structure) -> Recommendation:
    """Groups or time order, where the route itself does not deal with them."""
    if structure == "iid":
        return rec
    if structure == "groups" and trained:
        return _add(
            rec,
            caveats=(
                "The examples come in groups: the scores of one group are not independent. Average the "
                "per-example scores within each group and run the test (or the interval) on the group means; "
                "the groups, not the examples, are the independent units (chapter 9).",
            ),
            evidence=" Groups: chapter 9's patient simulation (McNemar on the scans rejected a true H0 in "
                     "14 % "
            "of test sets at nominal 5 %; the test on patient means held its level).",
        )
    if structure == "time" and trained:
        return _add(
            rec,
            caveats=(
                "The test examples are in time order: neighbouring errors are correlated, so a test or an "
                "interval that treats the examples as independent is too confident. Aggregate the scores "
                "into "
                "blocks long enough to be nearly independent and work with the block means, as with groups "
                "(chapter 9); the course has no lab for time series.",
            ),
        )
    if structure == "groups" and n_models == 1:
        return _add(
            rec,
            functions=("group_kfold",),
            caveats=(
                "The examples come in groups: cv_interval's folds split the examples, so a group can sit on "
                "both sides of a split and the interval is optimistic. The course has no grouped version of "
                "the interval; estimate the score at least with group_kfold folds (chapter 9).",
            ),
        )
    if structure == "groups":
        where = " within each data set" if n_datasets > 1 else ""
        return _add(
            rec,
            functions=("group_kfold",),
            call="\n# groups: splits that keep each group whole, e.g. run_benchmark(..., cv=lambda X, y, "
                 "rng: "
            "[list(group_kfold(groups, k=10, seed=rng))])  # one grouped 10-fold CV",
            caveats=(
                f"The examples come in groups: make every split{where} keep each group whole (group_kfold). "
                "Shuffled folds put a group on both sides and every test inherits their optimism (chapter 9: "
                "99 % accuracy with shuffled folds, 73 % with grouped ones, 81 % on new patients). The "
                "corrected t's variance factor uses the folds' n_test/n_train; no lab of the course checks "
                "it "
                "for grouped folds.",
                "group_kfold's partition depends on the seed only through the order of groups of equal size: "
                "when all groups differ in size, every repetition is the same partition, and repeating it "
                "would "
                "count the same folds several times. Repeat only when the repetitions differ; otherwise use "
                "one "
                "grouped k-fold (the corrected t on one k-fold is conservative: chapter 4).",
            ),
            evidence=" Groups: chapter 9's patient example (shuffled against grouped cross-validation).",
        )
    return _add(  # time order, one learner or several data sets
        rec,
        functions=("forward_chaining",),
        caveats=(
            "The examples are in time order: score each model only on data that come after its training "
            "data (forward_chaining, with a gap between training and test). Shuffled folds use the future "
            "and "
            "are optimistic (chapter 9: 85 % with shuffled folds, 70 % forward, below the 74 % of always "
            "predicting the common state).",
        ),
        evidence=" Time order: chapter 9's drifting-sensor example.",
    )


def _with_metric(rec, n_models, trained, metric) -> Recommendation:
    """AUC or another metric with cross-validation or several data sets: only the score changes."""
    if metric == "mean" or trained or n_models == 1:
        return rec
    how = ("the AUC: run_benchmark(..., scoring='roc_auc')" if metric == "auc"
           else "F1 or your metric: run_benchmark(..., scoring='f1') or a callable scoring(y_true, y_pred)")
    return _add(
        rec,
        caveats=(
            f"Score every test fold (or data set) by {how}; the tests take any score. Small folds give noisy "
            "values of metrics such as F1 that depend on a few positive examples.",
        ),
    )


def _with_random_training(rec, trained) -> Recommendation:
    if trained:
        return _add(
            rec,
            caveats=(
                "The training is random: these trained models are one draw each. The test covers them, not "
                "another run with another seed, which could reverse the result (chapter 9); to compare the "
                "procedures, retrain over splits and seeds.",
            ),
        )
    return _add(
        rec,
        functions=("seed_split_variance",),
        caveats=(
            "The training is random: average the seeds within each split (or data set) before the test, "
            "so that the runs on one split count once; seed_split_variance shows how much of the spread the "
            "seeds cause (chapter 9).",
        ),
        avoid=(_AVOID_PER_RUN,),
        evidence=" Seeds: Bouthillier et al. (2021) and chapter 9's two networks.",
    )


def _with_multiplicity(rec) -> Recommendation:
    from .multitest import ADJUST_METHODS

    if rec.chapter == 8:
        return _add(
            rec,
            caveats=(
                "You report several metrics: the posterior probabilities are per metric, not joint; "
                "report the analysis of every metric you computed, not only the favourable ones.",
            ),
        )
    if rec.functions[0] in ("cv_interval", "proportion_interval"):
        return _add(
            rec,
            caveats=(
                "With one interval per metric, each covers at its own level; together they cover less often.",
            ),
        )
    if "bh" in ADJUST_METHODS:
        fdr_call = "adjust_pvalues(all_pvalues, method='bh')  # false discovery rate (Benjamini-Hochberg)"
    else:
        fdr_call = "# false discovery rate: Benjamini-Hochberg (chapter 9 computes it in two lines of numpy)"
    return _add(
        rec,
        functions=("adjust_pvalues",),
        call="\nadjust_pvalues(all_pvalues, method='holm')  # family-wise error rate, over every metric\n"
        + fdr_call,
        why=" You test several metrics, so each comparison is several tests: adjust the p-values of "
        "all of them together, with Holm's procedure when every claim must hold (the family-wise error rate) "
        "or Benjamini-Hochberg when you screen many comparisons for the few worth a closer look (the false "
        "discovery rate). Choose before looking at the p-values.",
        caveats=(
            "Holm-adjusted p-values are bounds; Benjamini-Hochberg controls the expected share of false "
            "claims among the claims (for independent or positively dependent tests), not the chance of any "
            "false claim.",
        ),
        evidence=" Multiplicity: Holm (1979), Benjamini and Hochberg (1995), and chapter 9's simulation (20 "
        "tests, 5 real effects: unadjusted tests made a false claim in 52 % of runs, Holm in 4 %; "
        "Benjamini-Hochberg in 15 %, with 4 % false claims among its claims, and found more real effects).",
    )


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
            test="Cochran's Q test (or the marginal-homogeneity test) and pairwise McNemar tests with Holm's "
            "adjustment",
            functions=("cochrans_q", "marginal_homogeneity_test", "pairwise_mcnemar"),
            call=(
                "cochrans_q(y_true, *y_preds)  # omnibus, needs exchangeability\n"
                "marginal_homogeneity_test(y_true, *y_preds)  # omnibus, equal accuracies only\n"
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
                "two near-identical models beside a different third can make Q reject too often (chapter 3); "
                "when exchangeability is doubtful, the marginal-homogeneity test (Stuart) tests equal "
                "accuracies alone.",
                "The chi-squared approximation of Q needs enough examples on which the models disagree.",
                "Without an adjustment, the chance of at least one false alarm among the pairwise tests "
                "(the family-wise error rate) grows far above alpha.",
                "Holm-adjusted p-values are bounds, not probabilities of an outcome.",
                "It compares the trained models, not the learning algorithms.",
            ),
            avoid=(
                "Pairwise McNemar tests at the unadjusted alpha: the family-wise error rate is not "
                "controlled.",
            ),
            evidence=(
                "Chapter 3's family-wise error lab (unadjusted pairwise tests find a false 'significant' "
                "pair far "
                "more often than 5 % of the time; Holm's adjustment keeps it near 5 %); Holm (1979) holds "
                "under "
                "any dependence. The marginal-homogeneity test: Stuart (1955), Bhapkar (1966); chapter 3 "
                "shows "
                "two near-identical models beside a third, where Q and it disagree."
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
            "Holm (1979) for the adjustment; the t-tests rest on the central limit theorem (no lab of the "
            "course)."
        ),
    )


def _algorithms_one_dataset(n_models: int) -> Recommendation:
    avoid = (_AVOID_KFOLD, _AVOID_RESAMPLED, _AVOID_PROPORTIONS)
    caveats = (
        "Its 5 % level is approximate and depends on the learner: in chapter 4's lab it held the level for a "
        "stable learner but rejected a true H0 about twice as often as nominal for an unstable one (1-NN) "
        "and "
        "for small, noisy data. Read 0.01 < p < 0.05 from one data set as weak evidence.",
        "When a false alarm is costly (or 100 trainings are too many): the corrected t on a single 10-fold "
        "CV, "
        "compare_algorithms(..., test='corrected_kfold'), held its level in every setting of chapter 4's "
        "lab, "
        "at about half the power for the stable learner.",
        "The test compares the learning algorithms trained on (k - 1)/k of this data set; it says nothing "
        "about other data sets: firm conclusions need several data sets (chapter 5).",
        "The Nadeau-Bengio factor 1/(r k) + 1/(k - 1) is a heuristic: the test is conservative when the "
        "true correlation between the differences of two splits is below 1/k and liberal above (chapter 4).",
        "Use the same splits for both algorithms (paired design) and a fixed seed.",
    )
    evidence = (
        "Chapter 4's Type I error and power lab (for a stable learner the corrected 10 x 10 CV t held its "
        "level "
        "and was the most powerful valid test; for 1-NN it ran at about 12 %, like the 5x2cv tests) and "
        "Bouckaert and Frank (2004), who found it the most replicable."
    )
    if n_models == 2:
        return Recommendation(
            scenario="2 learning algorithms, one data set, retraining allowed",
            test="Corrected repeated cross-validation t test (10 x 10 CV)",
            functions=("compare_algorithms", "corrected_repeated_cv_ttest"),
            call=(
                "compare_algorithms(algorithm_1, algorithm_2, X, y, test='corrected_repeated_cv')  # 10 x "
                "10 CV\n"
                "# or, on precomputed (10, 10) fold scores: corrected_repeated_cv_ttest(scores_1, scores_2)\n"
                "# or, from run_benchmark(models, {'data': (X, y)}, seed=0): result.corrected_ttest('A', 'B')"
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
        call=(
            "adjust_pvalues([corrected_repeated_cv_ttest(s[i], s[j]).pvalue for each pair (i, j)], 'holm')\n"
            "# s[i]: the (10, 10) fold scores of algorithm i on the same splits, e.g. from run_benchmark"
        ),
        chapter=4,
        why=(
            f"There is no omnibus test of this kind: test the {pairs} pairs on the same 10 x 10 splits and "
            "adjust their p-values for multiplicity with Holm's procedure."
        ),
        trainings=f"100 per algorithm on shared splits ({100 * n_models} in all)",
        caveats=caveats
        + ("With many algorithms, several data sets and the Friedman test give a better-founded "
           "comparison.",),
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
            call=(
                "wilcoxon_signed_rank(scores_1, scores_2)  # one score per data set; exact up to 50\n"
                "# from a benchmark: run_benchmark(models, datasets, "
                "seed=0).across_datasets(wilcoxon_signed_rank, "
                "'A', 'B')"
            ),
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
        call=(
            "sign_test(scores_1, scores_2)  # counts wins, losses and ties\n"
            "# from a benchmark: run_benchmark(models, datasets, seed=0).across_datasets(sign_test, 'A', 'B')"
        ),
        chapter=5,
        why=(
            "When a difference of 0.01 does not mean the same on every data set, only who wins counts: "
            "the sign test compares the number of wins with a Binomial(n, 1/2). Report the share of wins "
            "with its interval next to the p-value."
        ),
        trainings="per data set, whatever the score needs (k-fold CV: k per algorithm and data set)",
        caveats=tuple(caveats) + ("It is less powerful than the Wilcoxon test when the differences are "
                                  "commensurable.",),
        avoid=avoid,
        evidence="Demšar (2006); chapter 5's power simulation (the sign test trails the Wilcoxon test "
                 "everywhere).",
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
        "Read the Iman-Davenport p-value: in chapter 6's simulation (k = 4 to 10, no ties) it rejected a "
        "true "
        "H0 in 4.9-5.5 % of benchmarks at nominal 5 % from N = 10 on, the chi-squared p-value in 4.2-5.1 % "
        "(slightly conservative)."
    )


def _many_algorithms_many_datasets(n_models: int, n_datasets: int, control: bool) -> Recommendation:
    caveats = [
        _friedman_caveat(n_models, n_datasets),
        "The post-hoc test controls the family-wise error rate on its own: it is valid whether or not "
        "Friedman's test rejects, and the two can disagree. Report both.",
        "Average ranks depend on which algorithms are in the comparison: adding or removing one can move the "
        "post-hoc p-values of the others (Benavoli, Corani and Mangili 2016; chapter 6 shows it on seed "
        "001's "
        "benchmark). Pairwise Wilcoxon tests with Holm's adjustment do not have this problem.",
        "The data sets must be independent.",
    ]
    scenario = f"{n_models} algorithms, {n_datasets} data sets"
    why = (
        f"The Friedman test ranks the {n_models} algorithms on each data set and asks whether their average "
        "ranks differ more than chance allows; it is the non-parametric repeated-measures ANOVA (Demšar "
        "2006)."
    )
    avoid = (
        "Repeated-measures ANOVA or t-tests over data sets: normality and equal variances do not hold for "
        "scores "
        "of different data sets (Demšar 2006).",
        "Pairwise tests at the unadjusted alpha: the family-wise error rate is not controlled (chapter 6's "
        "simulation: more than a third of the benchmarks with six equal algorithms show a 'significant' "
        "pair).",
    )
    trainings = "per data set, whatever the score needs (k-fold CV: k per algorithm and data set)"
    evidence = (
        "Demšar (2006) and García and Herrera (2008); chapter 6's simulations (the family-wise error of "
        "unadjusted pairs, the level of Friedman's two p-values)."
    )
    if control:
        return Recommendation(
            scenario=scenario + ", each compared with a control",
            test="Friedman test, and Holm's procedure against the control (Bonferroni-Dunn is its simpler, "
            "less powerful form)",
            functions=("friedman", "bonferroni_dunn", "critical_difference"),
            call=(
                "friedman(scores); bonferroni_dunn(scores, control=0, adjust='holm')  # scores: "
                "(n_datasets, k)\n"
                "# scores from a benchmark: run_benchmark(models, datasets, seed=0).mean_scores"
            ),
            chapter=6,
            why=why
            + f" Against one control chosen in advance there are only {n_models - 1} comparisons, so "
            "Bonferroni-Dunn is more powerful than Nemenyi, and Holm's step-down procedure on the same "
            "z-tests "
            "more powerful still (Demšar 2006; García and Herrera 2008).",
            trainings=trainings,
            caveats=tuple(caveats),
            avoid=avoid,
            evidence=evidence,
        )
    return Recommendation(
        scenario=scenario + ", all pairs",
        test="Friedman test, then pairwise Wilcoxon signed-rank tests with Holm's adjustment "
        "(Shaffer or Bergmann-Hommel for more power)",
        functions=("friedman", "pairwise_comparisons", "plot_critical_difference"),
        call=(
            "friedman(scores)  # omnibus; scores: (n_datasets, k)\n"
            "holm = pairwise_comparisons(scores, test='wilcoxon', adjust='holm')  # or 'shaffer'\n"
            "plot_critical_difference(holm)  # bars: groups Holm did not separate"
        ),
        chapter=6,
        why=why
        + f" Each of the {n_models * (n_models - 1) // 2} pairs is compared on its own scores by Wilcoxon's "
        "test, and Holm's procedure controls the family-wise error rate. Unlike Nemenyi's mean-rank test, a "
        "pair's p-value does not change when other algorithms join the pool.",
        trainings=trainings,
        caveats=tuple(caveats)
        + (
            "Adjusted p-values are bounds on the family-wise error, not frequencies of an outcome.",
            "Nemenyi's test (one critical difference of average ranks) is simpler but conservative, and its "
            "p-values depend on the other algorithms in the pool.",
        ),
        avoid=avoid,
        evidence=evidence
        + " García and Herrera (2008): Shaffer's and Bergmann-Hommel's procedures reject more than Nemenyi's "
        "at the same family-wise level; Benavoli, Corani and Mangili (2016): mean-rank tests depend on the "
        "pool (chapter 6 shows it on seed 001's benchmark).",
    )



# ------------------------------------------------------------------ one model: an interval, no comparison


def _one_model(n_datasets: int, can_retrain: bool, metric: str) -> Recommendation:
    if n_datasets > 1:
        raise ValueError(
            f"n_models=1 with n_datasets={n_datasets}: one learner has nothing to compare across data sets; "
            "the guide's one-model answer is an interval for its score on one data set (n_datasets=1), "
            "and comparisons need n_models >= 2"
        )
    if can_retrain:
        caveats = [
            "It is an interval for Err, the score of the learning procedure on training sets of this size "
            "from this population; the one model you ship (Err_XY) can be better or worse (chapter 9).",
            "The naive interval, mean +- z sd / sqrt(n) over the examples of one cross-validation, covers "
            "too "
            "rarely: the per-example scores share training data.",
            "It costs K(K - 1)/2 + K fits per repetition (55 for K = 10), times n_repeats.",
        ]
        if metric != "mean":
            caveats.append("cv_interval scores right/wrong per example (accuracy or error rate) only; the "
                           "course has no interval of this kind for the AUC or F1.")
        return Recommendation(
            scenario="1 learning algorithm, one data set: how good is it?",
            test="Nested cross-validation interval of Bates, Hastie and Tibshirani",
            functions=("cv_interval",),
            call="cv_interval(estimator, X, y, cv=10, method='nested', seed=0)  # 'nested' is the default",
            chapter=9,
            why=(
                "There is nothing to compare, but the score needs an interval. Nested cross-validation "
                "estimates "
                "the mean squared error of the cross-validation estimate directly, without assuming that the "
                "per-example scores are independent, and widens the interval accordingly."
            ),
            trainings="K(K - 1)/2 + K per repetition of nested CV (55 for K = 10), 20 repetitions by default",
            caveats=tuple(caveats),
            avoid=("cv_interval(method='naive'): the textbook interval, kept to show that it covers too "
                   "rarely.",),
            evidence=(
                "Bates, Hastie and Tibshirani (2024); chapter 9's coverage lab (300 simulated data sets, n "
                "= 100, "
                "50 features, nominal 90 %): the naive interval covered the model's accuracy in 86 % and the "
                "procedure's in 82 %, the nested one in 95 % and 94 %."
            ),
        )
    caveats = [
        "It covers the accuracy of this trained model on the population the test set was drawn from, if the "
        "test examples are independent and were never used for training, tuning or choosing the model.",
        "The Wald interval, accuracy +- z sqrt(acc (1 - acc) / n), can leave [0, 1] and covers too rarely "
        "near "
        "0 or 1; the Wilson interval does not.",
    ]
    if metric != "mean":
        caveats.append("The Wilson interval is for a proportion (accuracy, error rate); for the AUC or F1 "
                       "of one "
                       "model the course has no interval function: resample the test examples (a bootstrap).")
    return Recommendation(
        scenario="1 trained model, one test set: how accurate is it?",
        test="Wilson interval for the test-set accuracy",
        functions=("proportion_interval",),
        call="proportion_interval(n_correct, n_test)  # n_correct = (y_pred == y_true).sum()",
        chapter=1,
        why=(
            "With independent test examples, the number of correct predictions of one fixed model is "
            "binomial, so its accuracy is a proportion with a known kind of uncertainty."
        ),
        trainings="none: the model is trained once, then predicts the test set",
        caveats=tuple(caveats),
        evidence=(
            "Wilson (1927): the score interval for a binomial proportion; the course uses it for every rate "
            "it "
            "simulates (chapters 2, 4 and 9)."
        ),
    )


# ------------------------------------------------------------------ chapter 8: a practical question


_ROPE_CAVEAT = (
    "Choose the ROPE (or equivalence margin) before looking at the results, on the scale of the scores "
    "(0.01 = one point of accuracy in [0, 1]), from what difference would matter in the application; report "
    "it, and how the conclusion changes with it."
)
_PRACTICAL_WHY = (
    "The question is not 'is there any difference?' but 'is one practically better, or are the two "
    "practically equivalent?'. That needs a region of practical equivalence (ROPE) fixed in advance; a "
    "p-value cannot answer it, and 'no evidence of a difference' never shows equivalence."
)


def _practical(
    n_models: int, n_datasets: int, can_retrain: bool, metric: str, commensurable: bool
) -> Recommendation:
    n_pairs = n_models * (n_models - 1) // 2
    pairs = "" if n_models == 2 else f" Run it for each pair you care about ({n_pairs} pairs at most)."
    per_pair = () if n_models == 2 else (
        "The probabilities are per pair, not joint: report every pair you computed, not only the favourable "
        "ones.",
    )
    if n_datasets > 1:
        test_name = "Bayesian signed-rank test" if commensurable else "Bayesian sign test"
        function = "bayesian_signed_rank" if commensurable else "bayesian_sign_test"
        prior = "0.5" if commensurable else "1"
        how = (
            "The signed-rank version weighs the sizes of the differences (like Wilcoxon's test)"
            if commensurable
            else "The sign version counts only on which side of the ROPE each data set falls, for "
                 "differences "
            "that are not commensurable across data sets"
        )
        return Recommendation(
            scenario=f"{n_models} algorithms, {n_datasets} data sets: practically better or equivalent?",
            test=f"{test_name} with a ROPE",
            functions=(function,),
            call=(
                f"{function}(scores_1, scores_2, rope=0.01, seed=0)  # one mean score per data set\n"
                f"# from a benchmark: result.across_datasets({function}, 'A', 'B', rope=0.01, seed=0)"
            ),
            chapter=8,
            why=(
                _PRACTICAL_WHY + " Over data sets, the Dirichlet-process model of Benavoli et al. gives the "
                "posterior probabilities that the first algorithm is practically better, that the two are "
                "practically equivalent, and that the second is practically better, on a new data set like "
                "these. "
                f"{how}." + pairs
            ),
            trainings="per data set, whatever the score needs (10 x 10 CV: 100 per algorithm and data set)",
            caveats=(
                _ROPE_CAVEAT,
                f"Report the prior: a pseudo-observation at 0 of weight prior_strength (default {prior}) "
                "pulls "
                "towards equivalence; on Demšar's 14 data sets a weight of 5 raised P(rope) from 0.33 to "
                "0.64 "
                "(chapter 8).",
                "The probabilities are Monte Carlo estimates: with 50 000 draws their standard error is at "
                "most "
                "0.0022.",
                "With few data sets no region reaches a high probability; the data sets must be independent.",
                "The hierarchical model (Corani et al. 2017) uses every fold score, not only the means; it "
                "needs MCMC (baycomp), and lecture_lib does not implement it.",
            )
            + per_pair,
            avoid=(
                "Reading a significant Wilcoxon test as 'practically better': on Demšar's 14 data sets "
                "Wilcoxon's "
                "p = 0.008, yet the probability that tuning is practically better (ROPE 0.01) is only 0.67 "
                "(chapter 8).",
            ),
            evidence=(
                "Benavoli et al. (2014, 2017); chapter 8 reproduces the tutorial's published probabilities "
                "on its "
                "54 data sets within Monte Carlo error (NBC against AODE, signed-rank: 0.875 against the "
                "published "
                "0.877)."
            ),
        )
    if can_retrain:
        return Recommendation(
            scenario=f"{n_models} learning algorithms, one data set: practically better or equivalent?",
            test="Bayesian correlated t-test with a ROPE (TOST to show equivalence)",
            functions=("bayesian_correlated_ttest", "equivalence_test", "run_benchmark"),
            call=(
                "bayesian_correlated_ttest(scores_1, scores_2, test_train_ratio=1 / (k - 1), rope=0.01)  "
                "# r x k CV scores\n"
                "equivalence_test(scores_1, scores_2, margin=0.01, test_train_ratio=1 / (k - 1))  # TOST\n"
                "# from a benchmark: result.per_dataset(bayesian_correlated_ttest, 'A', 'B', "
                "test_train_ratio=1 / 9, rope=0.01)"
            ),
            chapter=8,
            why=(
                _PRACTICAL_WHY + " The correlated t-test of Corani and Benavoli turns the r x k "
                                 "cross-validation "
                "scores into a Student posterior of the mean difference, with the Nadeau-Bengio correlation "
                "(n_test/n_train = 1/(k - 1)), and gives the posterior probabilities of the three regions. "
                "To show "
                "equivalence with a frequentist test, TOST with the same corrected standard error declares "
                "the two "
                "equivalent when the 90 % interval lies inside (-margin, margin)." + pairs
            ),
            trainings="r x k = 100 per algorithm (10 repetitions of 10-fold CV)",
            caveats=(
                _ROPE_CAVEAT,
                "Report the prior (the correlated t's flat prior) and the decision threshold (for example "
                "0.95).",
                "With rope = 0 the posterior tail equals the corrected t's one-sided p-value, so chapter 4's "
                "caveat carries over: the correlation heuristic held for a stable learner and was too small "
                "for "
                "1-NN, where the corrected t rejected a true H0 about twice as often as nominal; the "
                "posterior is "
                "then too confident.",
                "It is about this data set only; several data sets need the signed-rank or sign test.",
            )
            + per_pair,
            avoid=(
                "bayesian_correlated_ttest with a tiny test_train_ratio: the naive correlation of 0 treats "
                "the "
                "overlapping folds as independent (chapter 8's exercise 2: a posterior 3.5 times too "
                "narrow).",
            ),
            evidence=(
                "Corani and Benavoli (2015) and Benavoli et al. (2017); chapter 8 reproduces the tutorial's "
                "published probabilities (NBC against AODE on anneal: 0.954 / 0.046 / 3e-7) and shows the "
                "identity "
                "with the corrected t; TOST: Schuirmann (1987), Lakens (2017)."
            ),
        )
    caveats = [
        _ROPE_CAVEAT,
        "The test examples must be independent and numerous enough for the t approximation (for right/wrong "
        "scores: enough disagreements).",
        "It compares the trained models, not the learning algorithms; the course's Bayesian tests are for "
        "cross-validation scores and for many data sets, not for one test set.",
    ]
    if metric == "auc":
        caveats.append("For the AUC: check whether DeLong's interval for the difference, at 90 % for a 5 % "
                       "TOST, "
                       "lies inside (-margin, margin) (delong_test(..., confidence=0.90)).")
    elif metric == "other":
        caveats.append("For F1 or another metric: check whether the paired bootstrap interval of the "
                       "difference, "
                       "at 90 % for a 5 % TOST, lies inside (-margin, margin).")
    return Recommendation(
        scenario=f"{n_models} trained models, one test set: practically equivalent?",
        test="Equivalence test (TOST) on the per-example scores",
        functions=("equivalence_test",),
        call="equivalence_test(score_1, score_2, margin=0.01)  # per-example 0/1 correctness or losses; "
             "paired t",
        chapter=8,
        why=(
            _PRACTICAL_WHY + " With two trained models on one test set, the two one-sided tests on the "
                             "paired "
            "per-example scores (for right/wrong scores, the accuracy difference) declare the models "
            "equivalent "
            "within the margin when the 90 % interval of the mean difference lies inside "
            "(-margin, margin)." + pairs
        ),
        trainings="none: each model is trained once, then predicts the test set",
        caveats=tuple(caveats) + per_pair,
        avoid=("Reading a McNemar p-value above 0.05 as equivalence: no evidence of a difference is not "
               "evidence "
               "of equality.",),
        evidence=(
            "Schuirmann (1987) and Lakens (2017); chapter 8 teaches TOST and shows that its two one-sided "
            "p-values "
            "are the posterior tails of the Bayesian correlated t. No lab of the course checks it on one "
            "test set."
        ),
    )


# ---------------------------------------------------- chapter 9: beyond one accuracy on i.i.d. data


def _pairwise(n_models: int, test: str) -> tuple[str, str]:
    """(why, call) additions for more than two models compared pairwise with Holm's adjustment."""
    pairs = n_models * (n_models - 1) // 2
    return (
        f" With {n_models} models, run it on each of the {pairs} pairs and adjust the p-values with Holm's "
        "procedure.",
        f"\nadjust_pvalues([{test} p-value of each pair], method='holm')",
    )


def _auc(n_models: int) -> Recommendation:
    why = (
        "The AUC is a Mann-Whitney statistic over all positive-negative pairs, not a mean over examples, so "
        "McNemar's test does not apply. DeLong's test uses the covariance of the two AUCs measured on the "
        "same "
        "examples and gives the AUC difference with its interval."
    )
    call = "delong_test(y_true, scores_1, scores_2)  # predicted scores or probabilities, not labels"
    functions = ("delong_test",)
    if n_models > 2:
        more_why, more_call = _pairwise(n_models, "delong_test")
        why, call, functions = why + more_why, call + more_call, functions + ("adjust_pvalues",)
    return Recommendation(
        scenario=f"{n_models} trained models, one test set, compared by ROC AUC",
        test="DeLong's test for two correlated AUCs"
        + (" (pairwise, with Holm's adjustment)" if n_models > 2 else ""),
        functions=functions,
        call=call,
        chapter=9,
        why=why,
        trainings="none: each model is trained once, then scores the test set",
        caveats=(
            "It compares these trained models on this population of test examples, not the learning "
            "algorithms.",
            "The test examples must be independent; its p-value is a normal approximation.",
            "Report the AUC difference and its interval next to the p-value.",
        ),
        avoid=("Treating the two AUCs as independent (adding their variances): it ignores the pairing and "
               "loses "
               "power (chapter 9: p = 0.15 instead of 0.027 on the same patients).",),
        evidence=(
            "DeLong, DeLong and Clarke-Pearson (1988), with the O(n log n) algorithm of Sun and Xu (2014); "
            "chapter 9 reproduces pROC's published example to every digit (Z = -2.209, p = 0.0272)."
        ),
    )


def _other_metric(n_models: int) -> Recommendation:
    why = (
        "F1, precision and many other metrics are not means over examples, so neither McNemar's test nor a "
        "paired t applies. Resample whole test examples, each with its label and both predictions: the "
        "paired "
        "bootstrap gives an interval for the difference (BCa by default), and the paired permutation test, "
        "which "
        "swaps the two predictions of an example at random, gives the p-value."
    )
    call = (
        "paired_bootstrap(y_true, y_pred_1, y_pred_2, metric='f1', seed=0)  # interval of the difference\n"
        "paired_permutation_test(y_true, y_pred_1, y_pred_2, metric='f1', seed=0)  # p-value"
    )
    functions = ("paired_bootstrap", "paired_permutation_test")
    if n_models > 2:
        more_why, more_call = _pairwise(n_models, "paired_permutation_test")
        why, call, functions = why + more_why, call + more_call, functions + ("adjust_pvalues",)
    return Recommendation(
        scenario=f"{n_models} trained models, one test set, compared by F1 or another metric",
        test="Paired bootstrap interval and paired permutation test"
        + (" (pairwise, with Holm)" if n_models > 2 else ""),
        functions=functions,
        call=call,
        chapter=9,
        why=why,
        trainings="none: each model is trained once, then predicts the test set",
        caveats=(
            "With few positive examples the F1 difference is poorly determined: read the interval.",
            "For accuracy the permutation test is the exact McNemar test (chapter 9); use McNemar's mid-p "
            "test.",
            "The metric can be 'accuracy', 'error_rate', 'f1' or any callable metric(y_true, y_pred).",
            "It compares these trained models on this population of test examples; the examples must be "
            "independent.",
        ),
        avoid=("McNemar's test for an F1 question: it tests accuracy, which can disagree with F1 (chapter "
               "9: the "
               "plain model more accurate by 13.7 points, the balanced one better in F1).",),
        evidence=(
            "Efron and Tibshirani (1993) for the bootstrap; chapter 9's coverage lab (1 000 test sets, F1 "
            "difference: percentile 95.6 %, BCa 94.7 % at nominal 95 %); the permutation p-value is exact "
            "for the "
            "named metrics (the whole permutation distribution) and a Monte Carlo estimate that is never 0 "
            "for a "
            "callable (Phipson and Smyth 2010)."
        ),
    )


def _grouped_test_set(n_models: int) -> Recommendation:
    why = (
        "The examples come in groups (several per patient), and the groups, not the examples, were sampled "
        "independently: a patient on whom one model does well gives it several wins at once. Average each "
        "model's per-example scores within each group, then compare the group means with a paired test: the "
        "paired t-test, or the Wilcoxon signed-rank test of chapter 5."
    )
    call = (
        "group_means_1, group_means_2 = mean score of each model per group (same group order)\n"
        "paired_ttest(group_means_1, group_means_2)  # or wilcoxon_signed_rank(group_means_1, group_means_2)"
    )
    functions = ("paired_ttest", "wilcoxon_signed_rank")
    if n_models > 2:
        more_why, more_call = _pairwise(n_models, "paired_ttest")
        why, call, functions = why + more_why, call + more_call, functions + ("adjust_pvalues",)
    return Recommendation(
        scenario=f"{n_models} trained models, one test set whose examples come in groups",
        test="Paired test on the per-group mean scores" + (" (pairwise, with Holm)" if n_models > 2 else ""),
        functions=functions,
        call=call,
        chapter=9,
        why=why,
        trainings="none: each model is trained once, then predicts the test set",
        caveats=(
            "No group of the test set may appear in the training set (split by group: group_kfold).",
            "The number of groups, not of examples, sets the power.",
            "For AUC or F1 with groups, resample whole groups (a cluster bootstrap); paired_bootstrap "
            "resamples "
            "examples.",
        ),
        avoid=(_AVOID_MCNEMAR_CLUSTERED,),
        evidence=(
            "Chapter 9's simulation (2 000 test sets of 40 patients x 5 scans, two equally accurate models): "
            "McNemar on the scans rejected a true H0 in 14 % of test sets at nominal 5 %, the paired t-test "
            "on "
            "the 40 patient means held its level."
        ),
    )


def _time_test_set(n_models: int) -> Recommendation:
    why = (
        "The test set is a later period, as it must be, but its examples are in time order: neighbouring "
        "errors are correlated, like the scans of one patient. Treat blocks (days, weeks) long enough to be "
        "nearly independent as the units: compare the two models' mean scores per block with a paired test."
    )
    call = (
        "block_means_1, block_means_2 = mean score of each model per time block\n"
        "paired_ttest(block_means_1, block_means_2)  # or wilcoxon_signed_rank(...)"
    )
    functions = ("paired_ttest", "wilcoxon_signed_rank")
    if n_models > 2:
        more_why, more_call = _pairwise(n_models, "paired_ttest")
        why, call, functions = why + more_why, call + more_call, functions + ("adjust_pvalues",)
    return Recommendation(
        scenario=f"{n_models} trained models, one test set in time order",
        test="Paired test on block means of a later test period"
        + (" (pairwise, with Holm)" if n_models > 2 else ""),
        functions=functions,
        call=call,
        chapter=9,
        why=why,
        trainings="none: each model is trained once on the past, then predicts the test period",
        caveats=(
            "The test period must come after every training example (leave a gap).",
            "Blocks that are too short stay correlated and the test is too confident; the course has no lab "
            "that "
            "measures how long is long enough.",
            "A drifting series changes the difference over time: look at the block differences in order "
            "before "
            "averaging them.",
        ),
        avoid=(_AVOID_MCNEMAR_CLUSTERED,),
        evidence=(
            "By analogy with chapter 9's grouped simulation (McNemar on clustered examples: 14 % rejections "
            "of a "
            "true H0 at nominal 5 %) and its rule that the unit of the test is the unit sampled "
            "independently; "
            "no lab of the course measures it for time series."
        ),
    )


def _time_algorithms(n_models: int) -> Recommendation:
    return Recommendation(
        scenario=f"{n_models} learning algorithms, one data set in time order",
        test="Forward-chaining evaluation, compared block by block",
        functions=("forward_chaining", "run_benchmark"),
        call=(
            "forward_chaining(len(y), k=5, gap=g)  # train on the past, test on the next block\n"
            "run_benchmark(models, {'series': (X, y)}, cv=lambda X, y, rng: "
            "[list(forward_chaining(len(y), k=5, gap=g))])"
        ),
        chapter=9,
        why=(
            "A deployed model only ever sees the past. Forward chaining trains on everything before a block "
            "and "
            "tests on the block (after a gap), so no future leaks into training; the algorithms are compared "
            "on the same blocks."
        ),
        trainings="k per algorithm (one per block)",
        caveats=(
            "The block scores are not exchangeable (later models train on more data, and the series may "
            "drift): "
            "look at the differences block by block before averaging them.",
            "No test of the course is valid for them as they stand: the corrected t assumes exchangeable "
            "splits and "
            "the blocks are correlated. Treat a t-test over the block differences as descriptive, or "
            "compare on a "
            "long final test period as trained models (with block means).",
            "Compare with a trivial forecaster (the most common recent state): chapter 9's model was worse "
            "than it.",
        ),
        avoid=("Shuffled k-fold or repeated CV on time-ordered data: it trains on the future of the test "
               "examples "
               "and is optimistic, and every test inherits that.",),
        evidence=(
            "Chapter 9's drifting-sensor example: shuffled cross-validation reported 85 %, forward chaining "
            "70 %, "
            "below the 74 % of always predicting the more common state."
        ),
    )


def _seeds_one_dataset(n_models: int) -> Recommendation:
    why = (
        "The score moves with the seed as well as with the split. The runs on one split share that split, so "
        "they are not independent observations: average the seeds within each split, then test the split "
        "means "
        "with the corrected repeated cross-validation t of chapter 4. seed_split_variance separates the two "
        "sources of variance; design_std_error tells how many splits and seeds a given precision needs "
        "(another "
        "seed only shrinks the seed part)."
    )
    call = (
        "corrected_repeated_cv_ttest(scores_1.mean(axis=-1), scores_2.mean(axis=-1))  # scores: (r, k, "
        "n_seeds)\n"
        "v = seed_split_variance((scores_1 - scores_2).reshape(r * k, n_seeds)); design_std_error(v, "
        "n_splits, n_seeds)"
    )
    functions = ("corrected_repeated_cv_ttest", "seed_split_variance", "design_std_error")
    if n_models > 2:
        more_why, more_call = _pairwise(n_models, "corrected_repeated_cv_ttest")
        why, call, functions = why + more_why, call + more_call, functions + ("adjust_pvalues",)
    return Recommendation(
        scenario=f"{n_models} learning algorithms with random training (seeds), one data set",
        test="Corrected repeated cross-validation t on the split means over seeds",
        functions=functions,
        call=call,
        chapter=9,
        why=why,
        trainings="r x k x seeds per algorithm (chapter 9: 8 splits x 4 seeds)",
        caveats=(
            "Run both procedures on the same splits; their seeds are unrelated runs.",
            "design_std_error treats the splits as independent, so for splits of one data set it is "
            "optimistic "
            "(chapter 9: 0.0034 against the corrected t's 0.0061).",
            "Chapter 4's caveat applies to the corrected t: its level is approximate, about twice nominal "
            "for "
            "unstable learners.",
        ),
        avoid=(_AVOID_PER_RUN,),
        evidence=(
            "Bouthillier et al. (2021); chapter 9's two networks (8 splits x 4 seeds): counting the 32 runs "
            "as "
            "independent gave an interval half as wide and p = 0.15, the test paired by split p = 0.44."
        ),
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
        items = "".join(f"<li>{esc(c)}</li>" for c in rec.caveats)
        parts.append("<p><b>Caveats:</b></p><ul>" + items + "</ul>")
    if rec.avoid:
        parts.append("<p><b>Avoid:</b></p><ul>" + "".join(f"<li>{esc(a)}</li>" for a in rec.avoid) + "</ul>")
    parts.append("</div>")
    return "\n".join(parts)



#: The groups of the overview table, in the order chapter 10 shows them.
CARD_GROUPS = (
    "Trained models, one test set",
    "Algorithms, one data set",
    "Algorithms, many data sets",
    "A practical question: better or equivalent?",
    "Many tests at once",
)


@dataclasses.dataclass(frozen=True)
class GuideCard:
    """One row of the course's overview tables of tests.

    Attributes
    ----------
    test, function : str
        The test's name and the lecture_lib function that runs it.
    scenario, null_hypothesis, assumptions, trainings, caveats : str
        When it applies, what it tests, what it assumes, what it costs and
        what to watch out for.
    chapter : int
        The chapter that teaches it.
    recommended : bool
        True for a test the course recommends; False for a test shown as the
        wrong way (kept callable, never the default).
    group : str
        The table it belongs to (one of :data:`CARD_GROUPS`).
    """

    test: str
    function: str
    scenario: str
    null_hypothesis: str
    assumptions: str
    trainings: str
    caveats: str
    chapter: int
    recommended: bool
    group: str = CARD_GROUPS[0]


def _cards(group: str, *rows) -> tuple:
    return tuple(GuideCard(*row, group=group) for row in rows)


GUIDE_CARDS = _cards(
    CARD_GROUPS[0],
    ("McNemar (mid-p)", "mcnemar", "2 trained models, 1 test set",
     "a disagreement is equally likely to go either way (p_b = p_c), i.e. equal accuracies",
     "independent test examples; right/wrong per example", "0 (1 training each)",
     "mid-p is the default (Fagerland et al. 2013); exact and corrected are conservative; compares models, "
     "not "
     "algorithms", 2, True),
    ("Difference of proportions", "proportion_difference_test", "2 trained models, 1 test set",
     "equal accuracies", "the two accuracies independent (false: same test set)", "0 (1 training each)",
     "ignores the pairing (chapter 4; Dietterich 1998): use McNemar", 4, False),
    ("Paired t on per-example losses", "paired_ttest", "2 trained models, 1 test set, continuous loss",
     "the mean loss difference is 0", "independent examples; mean difference approximately normal",
     "0 (1 training each)", "compares models, not algorithms", 4, True),
    ("Cochran's Q", "cochrans_q", "3+ trained models, 1 test set",
     "the models' correctness is exchangeable within each example (implies equal accuracies)",
     "independent examples; exchangeability; enough disagreements for chi-squared", "0 (1 training each)",
     "omnibus; the pairwise McNemar tests with Holm are valid without it (report both); can reject too "
     "often when "
     "two models are near-identical (chapter 3)", 3, True),
    ("DeLong's test (AUC)", "delong_test", "2 trained models, 1 test set, ROC AUC",
     "the two AUCs are equal", "independent examples; normal approximation", "0 (1 training each)",
     "uses the correlation of the two AUCs; gives the difference and its interval (pROC's example "
     "reproduced)",
     9, True),
    ("Paired bootstrap and permutation test (F1, any metric)", "paired_bootstrap",
     "2 trained models, 1 test set, F1 or another metric",
     "the two predictions of each example are exchangeable (permutation test)",
     "independent examples; resamples whole examples", "0 (1 training each)",
     "BCa interval by default (chapter 9's lab: 94.7 % at nominal 95 %); p-value from "
     "paired_permutation_test",
     9, True),
    ("Paired test on group means", "paired_ttest", "trained models, test examples in groups (patients)",
     "the mean group-level difference is 0", "independent groups (not examples)", "0 (1 training each)",
     "average each model's scores within a group, then paired t or Wilcoxon over groups "
     "(chapter 9)", 9, True),
    ("McNemar on grouped examples", "mcnemar", "trained models, test examples in groups",
     "equal accuracies", "independent examples (false: a group wins or loses together)",
     "0 (1 training each)",
     "chapter 9: 14 % rejections of a true H0 at nominal 5 % with 5 scans per patient", 9, False),
) + _cards(
    CARD_GROUPS[1],
    ("Corrected repeated CV t", "corrected_repeated_cv_ttest", "2 algorithms, 1 data set",
     "equal expected score (algorithms trained on (k - 1)/k of the data)",
     "s^2 / (r k) replaced by (1/(r k) + 1/(k - 1)) s^2 (Nadeau & Bengio 2003; Bouckaert & Frank 2004)",
     "r x k per algorithm (10 x 10)",
     "the course's default (chapter 4's lab); level approximate: about twice nominal for unstable learners; "
     "run_benchmark or compare_algorithms(test='corrected_repeated_cv')", 4, True),
    ("Corrected resampled t", "resampled_ttest", "2 algorithms, 1 data set", "equal expected score",
     "s^2 / J replaced by (1/J + n_test/n_train) s^2 over J random splits (Nadeau & Bengio 2003)",
     "J per algorithm (e.g. 30)", "pass test_train_ratio = n_test / n_train", 4, True),
    ("Resampled paired t", "resampled_ttest", "2 algorithms, 1 data set", "equal expected score",
     "independent repetitions (false: training sets overlap)", "J per algorithm (e.g. 30)",
     "very liberal with test_train_ratio=None (chapter 4's lab)", 4, False),
    ("k-fold CV paired t", "kfold_cv_ttest", "2 algorithms, 1 data set", "equal expected score",
     "independent folds (false: training sets overlap)", "k per algorithm",
     "liberal (chapter 4's lab; Dietterich 1998)", 4, False),
    ("5x2cv paired t", "ttest_5x2cv", "2 algorithms, 1 data set", "equal expected score",
     "fold differences approximately normal", "10 per algorithm",
     "low power; depends on one of its ten differences; poorly replicable (chapter 4)", 4, False),
    ("Combined 5x2cv F", "ftest_5x2cv", "2 algorithms, 1 data set", "equal expected score", "as 5x2cv t",
     "10 per algorithm",
     "less power than the corrected repeated CV t and no better level (chapter 4's lab: 2.9 % for a stable "
     "learner, 13.9 % for 1-NN)", 4, False),
    ("Nested cross-validation", "nested_cv", "algorithms with tuned hyperparameters",
     "(an estimate, not a test)", "tuning only inside each outer training set",
     "outer folds x grid size x inner folds",
     "gives honest scores of the tuning procedure to feed a test; expensive", 7, True),
    ("Seeds averaged within splits", "seed_split_variance", "2 algorithms with random training (seeds)",
     "equal expected score (corrected t on the split means)", "same splits for both; seeds unrelated",
     "splits x seeds per algorithm",
     "counting every run as independent overstates the evidence (chapter 9); design_std_error plans the "
     "design",
     9, True),
    ("Grouped cross-validation", "group_kfold", "algorithms, examples in groups",
     "(splits, not a test)", "every group whole in one fold", "as the test it feeds",
     "shuffled folds leak groups (chapter 9: 99 % shuffled, 73 % grouped, 81 % on new patients)", 9, True),
    ("Forward chaining", "forward_chaining", "algorithms, time-ordered data",
     "(splits, not a test)", "train on the past, test on the next block (with a gap)", "k per algorithm",
     "block scores are not exchangeable: compare them block by block (chapter 9)", 9, True),
    ("Nested CV interval of one learner", "cv_interval", "1 algorithm, 1 data set: how good is it?",
     "(an interval, not a test)", "independent examples", "K(K - 1)/2 + K per repetition",
     "method='nested' (the default) covered at its level in chapter 9's lab; 'naive' covered too "
     "rarely", 9, True),
) + _cards(
    CARD_GROUPS[2],
    ("Wilcoxon signed-rank", "wilcoxon_signed_rank", "2 algorithms, N data sets",
     "the differences are symmetric about 0", "independent data sets; commensurable differences",
     "CV on each data set",
     "needs N - zeros >= 6 to reach p < 0.05; exact with ties and zeros (Pratt's zeros by default)", 5, True),
    ("Sign test", "sign_test", "2 algorithms, N data sets", "each algorithm wins with probability 1/2",
     "independent data sets; only the signs count", "CV on each data set",
     "weaker than Wilcoxon (chapter 5's power simulation); needs N >= 6 to reach p < 0.05", 5, True),
    ("Friedman (+ Iman-Davenport)", "friedman", "k algorithms, N data sets",
     "all algorithms have the same expected average rank", "independent data sets", "CV on each data set",
     "omnibus; read the Iman-Davenport p-value; for N < 10 both p-values are off (chapter 6)", 6, True),
    ("Nemenyi", "nemenyi", "k algorithms, N data sets, all pairs",
     "two algorithms have the same expected average rank",
     "independent data sets; controls the family-wise error on its own", "CV on each data set",
     "conservative; depends on the other algorithms in the pool; Shaffer / Bergmann-Hommel are more powerful "
     "(García & Herrera 2008)", 6, True),
    ("Bonferroni-Dunn / Holm vs control", "bonferroni_dunn", "k algorithms, N data sets, vs a control",
     "an algorithm and the control have the same expected average rank",
     "control chosen in advance; controls the family-wise error on its own", "CV on each data set",
     "k - 1 comparisons only; adjust='holm' is more powerful", 6, True),
    ("Critical difference", "critical_difference", "k algorithms, N data sets",
     "(the smallest significant gap in average ranks)", "Nemenyi or Bonferroni-Dunn", "0",
     "the CD diagram shows every pairwise decision at once", 6, True),
) + _cards(
    CARD_GROUPS[3],
    ("Bayesian correlated t", "bayesian_correlated_ttest", "2 algorithms, 1 data set, r x k CV scores",
     "(posterior probabilities of: second better, equivalent within the ROPE, first better)",
     "Nadeau-Bengio correlation n_test/n_train = 1/(k - 1); flat prior", "r x k per algorithm (10 x 10)",
     "ROPE fixed in advance; with rope = 0 its tail is the corrected t's one-sided p (chapter 8)", 8, True),
    ("Bayesian signed-rank", "bayesian_signed_rank", "2 algorithms, N data sets, commensurable scores",
     "(posterior probabilities of the three regions on a new data set)",
     "independent data sets; Dirichlet process, prior pseudo-observation at 0 (weight 0.5)",
     "CV on each data set",
     "report the ROPE and the prior; Monte Carlo error at most 0.0022 with 50 000 draws", 8, True),
    ("Bayesian sign test", "bayesian_sign_test", "2 algorithms, N data sets, scores not commensurable",
     "(posterior probabilities of the three regions)", "independent data sets; prior weight 1 at 0",
     "CV on each data set", "counts data sets on each side of the ROPE, ignores sizes", 8, True),
    ("Equivalence test (TOST)", "equivalence_test", "2 models or algorithms, margin fixed in advance",
     "|difference| >= margin (rejecting it shows equivalence)",
     "paired t, or the corrected t with test_train_ratio", "as the test it uses",
     "rejects when the 90 % interval lies inside (-margin, margin) (chapter 8)", 8, True),
) + _cards(
    CARD_GROUPS[4],
    ("Holm / Bonferroni adjustment", "adjust_pvalues", "any family of tests (pairs, metrics, data sets)",
     "(adjusts the p-values of the individual H0s)", "none (valid under any dependence)", "0",
     "controls the family-wise error rate; adjusted p-values are bounds; Holm rejects everything Bonferroni "
     "rejects, and sometimes more", 3, True),
    ("Benjamini-Hochberg", "adjust_pvalues", "many comparisons screened for the few worth a closer look",
     "(adjusts the p-values of the individual H0s)", "independent or positively dependent tests", "0",
     "controls the false discovery rate, not the chance of any false claim (chapter 9's "
     "simulation)", 9, True),
)


def guide_table_html(cards=GUIDE_CARDS, group=None) -> str:
    """The overview tables of tests as HTML: one three-column table per group.

    Parameters
    ----------
    cards : sequence of GuideCard, optional
        The rows (default: :data:`GUIDE_CARDS`).
    group : str or None, optional
        One of :data:`CARD_GROUPS` for that table only; None for all of them.

    Returns
    -------
    str
        ``<table>`` elements with a caption each. Three columns keep them
        readable in a narrow page: the test (function, chapter); when it
        applies, its H0, assumptions and cost; whether to use it, and why.

    Examples
    --------
    >>> from lecture_lib.guide import CARD_GROUPS, GUIDE_CARDS, guide_table_html
    >>> page = guide_table_html()
    >>> page.count("<table") == len(CARD_GROUPS), page.count("<tr>") == len(GUIDE_CARDS) + len(CARD_GROUPS)
    (True, True)
    """
    cards = tuple(cards)
    if not all(isinstance(card, GuideCard) for card in cards):
        raise TypeError("cards must be GuideCard objects")
    if group is not None:
        group = check_option(group, "group", CARD_GROUPS)
    esc = html.escape
    cell = "style='vertical-align:top;overflow-wrap:anywhere;padding:0.3em 0.5em'"
    tables = []
    for name in CARD_GROUPS if group is None else (group,):
        rows = [card for card in cards if card.group == name]
        if not rows:
            continue
        body = []
        for card in rows:
            verdict = "<b>use</b>" if card.recommended else "<b>avoid</b>"
            body.append(
                "<tr>"
                f"<td {cell}><b>{esc(card.test)}</b><br><code>{esc(card.function)}</code><br>"
                f"chapter {card.chapter}</td>"
                f"<td {cell}><i>when:</i> {esc(card.scenario)}<br><i>H0:</i> {esc(card.null_hypothesis)}<br>"
                f"<i>assumes:</i> {esc(card.assumptions)}<br><i>trainings:</i> {esc(card.trainings)}</td>"
                f"<td {cell}>{verdict}: {esc(card.caveats)}</td>"
                "</tr>"
            )
        tables.append(
            "<table class='guide-cards' style='table-layout:fixed;width:100%;border-collapse:collapse'>"
            f"<caption style='caption-side:top;text-align:left;font-weight:bold'>{esc(name)}</caption>"
            "<colgroup><col style='width:30%'><col style='width:40%'><col style='width:30%'></colgroup>"
            "<thead><tr><th scope='col'>test</th><th scope='col'>when, H0, assumptions, cost</th>"
            "<th scope='col'>use it?</th></tr></thead><tbody>" + "".join(body) + "</tbody></table>"
        )
    return "\n".join(tables)


#: The two decision diagrams of chapter 10: the main scenarios, and the routes
#: beyond one accuracy on independent examples.
DIAGRAM_PARTS = ("main", "beyond")

# The leaves of the decision diagrams: (branch, [(situation, recommend_test arguments), ...]).
_DIAGRAM_BRANCHES = {
    "main": (
        (
            "Trained models,\none test set\n(no retraining)",
            (
                ("2 models", dict(n_models=2)),
                ("3 or more", dict(n_models=3)),
                ("practically better or equivalent?", dict(n_models=2, question="practical")),
            ),
        ),
        (
            "Algorithms,\none data set\n(retraining allowed)",
            (
                ("2 algorithms", dict(n_models=2, can_retrain=True)),
                ("3 or more", dict(n_models=3, can_retrain=True)),
                ("practically better or equivalent?",
                 dict(n_models=2, can_retrain=True, question="practical")),
            ),
        ),
        (
            "Algorithms,\nmany data sets",
            (
                ("2 algorithms", dict(n_models=2, n_datasets=12)),
                ("3 or more", dict(n_models=4, n_datasets=12)),
                ("practically better or equivalent?", dict(n_models=2, n_datasets=12, question="practical")),
            ),
        ),
    ),
    "beyond": (
        (
            "Trained models,\none test set",
            (
                ("metric: ROC AUC", dict(n_models=2, metric="auc")),
                ("metric: F1 or other", dict(n_models=2, metric="other")),
                ("examples in groups", dict(n_models=2, structure="groups")),
            ),
        ),
        (
            "Algorithms,\none data set",
            (
                ("examples in groups", dict(n_models=2, can_retrain=True, structure="groups")),
                ("time order", dict(n_models=2, can_retrain=True, structure="time")),
                ("random training (seeds)", dict(n_models=2, can_retrain=True, random_training=True)),
                ("one learner: an interval", dict(n_models=1, can_retrain=True)),
            ),
        ),
    ),
}

_SHORT_NAMES = {
    "McNemar's mid-p test": "McNemar's mid-p test",
    "Cochran's Q test (or the marginal-homogeneity test) and pairwise McNemar tests with Holm's adjustment":
        "Cochran's Q or marginal homogeneity,\npairwise McNemar + Holm",
    "Corrected repeated cross-validation t test (10 x 10 CV)": "corrected repeated CV t (10 x 10)",
    "Pairwise corrected repeated cross-validation t tests (10 x 10 CV), with Holm's adjustment":
        "pairwise corrected repeated CV t + Holm",
    "Wilcoxon signed-rank test": "Wilcoxon signed-rank, or sign test",
    "Friedman test, then pairwise Wilcoxon signed-rank tests with Holm's adjustment "
    "(Shaffer or Bergmann-Hommel for more power)": "Friedman + pairwise Wilcoxon, Holm\n(or Shaffer); Holm "
                                                   "vs a control",
    "Equivalence test (TOST) on the per-example scores": "equivalence test (TOST)",
    "Bayesian correlated t-test with a ROPE (TOST to show equivalence)": "Bayesian correlated t (ROPE), or "
                                                                         "TOST",
    "Bayesian signed-rank test with a ROPE": "Bayesian signed-rank or sign test (ROPE)",
    "DeLong's test for two correlated AUCs": "DeLong's test",
    "Paired bootstrap interval and paired permutation test": "paired bootstrap + permutation test",
    "Paired test on the per-group mean scores": "paired t or Wilcoxon on group means",
    "Forward-chaining evaluation, compared block by block": "forward chaining, block by block",
    "Corrected repeated cross-validation t on the split means over seeds": "seeds averaged per split, "
                                                                           "corrected t",
    "Nested cross-validation interval of Bates, Hastie and Tibshirani": "nested CV interval (cv_interval)",
}


def _leaf_text(situation: str, rec: Recommendation) -> str:
    text = f"{situation}\n" + _SHORT_NAMES.get(rec.test, rec.test) + f" (chapter {rec.chapter})"
    if "group_kfold" in rec.functions and rec.chapter != 9:
        text += "\non group_kfold splits (chapter 9)"
    return text


def diagram_leaves(part: str = "main") -> list[tuple[str, str, Recommendation]]:
    """(branch, situation, recommendation) for each leaf of :func:`plot_decision_diagram`.

    Examples
    --------
    >>> from lecture_lib.guide import diagram_leaves
    >>> [rec.functions[0] for _, _, rec in diagram_leaves("beyond")][:2]
    ['delong_test', 'paired_bootstrap']
    """
    part = check_option(part, "part", DIAGRAM_PARTS)
    return [
        (branch, situation, recommend_test(**kwargs))
        for branch, leaves in _DIAGRAM_BRANCHES[part]
        for situation, kwargs in leaves
    ]


_FOOTERS = {
    "main": (
        "Hyperparameters tuned on the same data? Tune inside each training set:\n"
        "nested cross-validation (chapter 7). Avoid: the k-fold CV t and the plain resampled t\n"
        "(too liberal), the difference of proportions (ignores the pairing)."
    ),
    "beyond": (
        "Several metrics (or data sets) tested? Adjust all the p-values together:\n"
        "Holm for the family-wise error rate, or Benjamini-Hochberg\n"
        "for the false discovery rate (chapter 9)."
    ),
}
_TITLES = {
    "main": "Choosing a test: what you compare, on what, and the question",
    "beyond": "Beyond one accuracy on independent examples (chapter 9)",
}


def plot_decision_diagram(ax=None, part: str = "main"):
    """A decision diagram of chapter 10: which test for which set-up.

    Parameters
    ----------
    ax : matplotlib Axes, optional
        Where to draw; when None, a new figure 8 inches wide whose axes fill
        it (the layout assumes one data unit per inch).
    part : {"main", "beyond"}, optional
        ``"main"``: trained models / algorithms on one data set / many data sets,
        each with two or more and the practical question (chapter 8).
        ``"beyond"``: the routes of chapter 9 (AUC, F1, groups, time order,
        seeds, an interval for one learner).

    Returns
    -------
    matplotlib.axes.Axes

    Notes
    -----
    The leaves are the answers of :func:`recommend_test` (via
    :func:`diagram_leaves`), so the diagrams and the widget cannot disagree.
    The tree runs from left to right, one leaf per row, so that the figure
    stays readable in a page 700 pixels wide: at that width the smallest
    text is drawn at about 11 pixels.
    """
    check_ax(ax)
    part = check_option(part, "part", DIAGRAM_PARTS)
    branches = _DIAGRAM_BRANCHES[part]
    leaves = diagram_leaves(part)
    row = 0.72  # inches per leaf
    height = row * len(leaves) + 1.5
    if ax is None:  # axes over the whole width, so that one data unit is one inch
        fig = plt.figure(figsize=(8, height))
        ax = fig.add_axes((0.0, 0.0, 1.0, 1.0 - 0.35 / height))
    ax.set_xlim(0, 8)
    ax.set_ylim(0, height)
    ax.axis("off")
    box = dict(boxstyle="round,pad=0.35", linewidth=1.0, edgecolor="0.35")

    def node(x, y, text, face, size=9.5, weight="normal", ha="center"):
        return ax.text(x, y, text, ha=ha, va="center", fontsize=size, fontweight=weight,
                       bbox=dict(box, facecolor=face), linespacing=1.25)

    def edge(x0, y0, x1, y1):
        ax.annotate("", xy=(x1, y1), xytext=(x0, y0),
                    arrowprops=dict(arrowstyle="-|>", color="0.4", linewidth=1.0, shrinkA=0, shrinkB=2))

    top = height - 0.55
    ys = [top - row * i for i in range(len(leaves))]
    root_y = (ys[0] + ys[-1]) / 2
    root = ("What do you\ncompare, and\non what?" if part == "main"
            else "Which of these\ndescribes your\nexperiment?")
    node(0.85, root_y, root, "#dbe9f6", size=10, weight="bold")
    i = 0
    for branch, branch_leaves in branches:
        rows = ys[i:i + len(branch_leaves)]
        by = (rows[0] + rows[-1]) / 2
        edge(1.6, root_y, 1.95, by)
        node(2.65, by, branch, "#eef3e2")
        for y in rows:
            _, situation, rec = leaves[i]
            edge(3.4, by, 3.75, y)
            node(3.8, y, _leaf_text(situation, rec), "#fdf0d5", size=9, ha="left")
            i += 1
    node(4.0, 0.5, _FOOTERS[part], "#f6dede", size=9)
    ax.set_title(_TITLES[part], fontsize=11)
    return ax


#: The "situation" choices of the which-test widget: (label, :func:`recommend_test` arguments as
#: a tuple of pairs), one option of chapter 9 at a time, as in the decision diagrams.
WHICH_TEST_SITUATIONS = (
    ("accuracy (right / wrong), independent examples", ()),
    ("a mean loss per example (e.g. Brier)", (("per_example", "loss"),)),
    ("the metric is the ROC AUC", (("metric", "auc"),)),
    ("the metric is F1 or another metric", (("metric", "other"),)),
    ("examples come in groups (e.g. patients)", (("structure", "groups"),)),
    ("examples are in time order", (("structure", "time"),)),
    ("training is random (seeds, neural networks)", (("random_training", True),)),
)


