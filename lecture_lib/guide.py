"""Which test? The decision logic of chapter 11 ("Choosing a test").

Taught in chapter 11 (``notebooks/11-choosing-a-test``).

:func:`recommend_test` maps a description of the experiment (how many models
or algorithms, whether they can be retrained, how many data sets, the
question, the metric, the structure of the data, ...) to the test or
procedure the course recommends, the ``lecture_lib`` functions that run it,
the chapter that teaches it, why it fits, what backs the recommendation (a
lab of the course or a cited study) and what to watch out for. It is a pure
function: the widget of chapter 11 (:func:`lecture_lib.widgets.which_test_explorer`) only
displays :func:`lecture_lib.guide_views.recommendation_html` of its answer, and the decision
diagrams (:func:`lecture_lib.guide_views.plot_decision_diagram`) draw their leaves from the same
answers. The guide's standing sentences and every number it quotes from a chapter are kept whole in
``lecture_lib/_guide_prose.py``.

The recommendations follow Fagerland, Lydersen and Laake (2013) for McNemar's
test, Bouckaert and Frank (2004) and chapter 4's lab for one data set,
Demšar (2006) and García and Herrera (2008) for many data sets, Corani and
Benavoli (2015) and Benavoli et al. (2014, 2017) for the Bayesian tests
(chapter 8, with Tango 1998 for non-inferiority), and chapters 9 and 10 (Bates, Hastie and
Tibshirani 2024; DeLong et al. 1988; Bouthillier et al. 2021; Benjamini and Hochberg
1995; Yang, Sun and Hardin 2010 and Obuchowski 1997 for grouped test sets; Diebold and
Mariano 1995 and Bergmeir, Hyndman and Koo 2018 for time order) for the routes beyond
one accuracy on independent examples.

On "omnibus first?" the course takes one position (chapters 3 and 6, the
glossary and this guide): the post-hoc procedures do not need the omnibus test
to reject first, but they do not all control the family-wise error rate under
the same null hypotheses. Holm-adjusted pairwise tests (pairwise McNemar or
Wilcoxon tests, Wilcoxon tests against a control) control it in the strong
sense, whichever pairwise hypotheses are true, so they are valid whether or not
the omnibus test rejected. Nemenyi's and Bonferroni-Dunn's mean-rank tests
control it only when all the algorithms are exchangeable (the complete null);
when some differ, the level of a comparison between two equal algorithms
depends on where the others fall (chapter 6's pool dependence) and can exceed
the nominal level (:func:`recommend_test` computes an example). The omnibus
test answers another question ("is there any difference at all?"); gating the
post-hoc stage on it, as Demšar (2006) and the source documents do, only makes
it more conservative, and the two can disagree. Report both when you run both.

Every number the guide quotes from a computation of the course is either
computed by the library when the guide runs (Friedman's levels, the
Bayesian tests on Demšar's data, the bounds on attainable p-values) or
registered with the chapter and the output that shows it (``QUOTED``);
``tests/test_guide.py`` reads each registered number from the executed
chapter.
"""

from __future__ import annotations

import dataclasses
import functools
import math

from ._guide_prose import (
    AVOID_KFOLD,
    AVOID_MCNEMAR_CLUSTERED,
    AVOID_PER_RUN,
    AVOID_PROPORTIONS,
    AVOID_RESAMPLED,
    MC_SE,
    OMNIBUS_POSITION,
    PRACTICAL_WHY,
    ROPE_CAVEAT,
    STABILITY_RULE,
    WHICH_QUESTION,
)
from ._guide_prose import quoted as _q  # short: it sits inside long f-strings
from ._text import fit_code
from ._validation import check_count, check_flag, check_option
from .bayesian import bayesian_signed_rank
from .examples import wilcoxon_example
from .friedman_nemenyi import EXACT_MAX_DATASETS, bonferroni_dunn, friedman_type1_error, nemenyi
from .multitest import ADJUST_METHODS
from .wilcoxon_sign import wilcoxon_signed_rank

__all__ = [
    "CHAPTERS",
    "GUIDE_FUNCTIONS",
    "PER_EXAMPLE_OPTIONS",
    "QUESTION_OPTIONS",
    "METRIC_OPTIONS",
    "STRUCTURE_OPTIONS",
    "Recommendation",
    "recommend_test",
    "smallest_two_sided_pvalue",
]

#: The course's chapters, by number (the guide names them in its answers).
CHAPTERS = {
    1: "Evaluating one model: metrics, overfitting and resampling estimates",
    2: "McNemar's test",
    3: "Cochran's Q and post-hoc comparisons",
    4: "Two algorithms on one data set: Dietterich's tests and the corrected t-tests",
    5: "Two algorithms over many data sets: Wilcoxon and sign tests",
    6: ("Many algorithms over many data sets: Friedman, pairwise Wilcoxon with Holm, Nemenyi, "
        "critical differences"),
    7: "Nested cross-validation",
    8: "Bayesian comparison: the probability that one algorithm is practically better",
    9: "Beyond accuracy: what CV estimates, AUC, F1, probabilities and many metrics",
    10: "Seeds, groups and time: when runs or examples are not independent",
    11: "Choosing a test",
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
    # chapters 9 and 10: beyond one accuracy on i.i.d. data
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
    "control_comparisons",
    # chapters 9 and 10: grouped test sets and metrics that are not means over examples (issue 24)
    "cluster_bootstrap",
    "cluster_permutation_test",
    # issue 27: grouped and time-ordered test sets, non-inferiority, heterogeneity, one model's AUC
    "clustered_mcnemar",
    "clustered_auc_test",
    "diebold_mariano_test",
    "blocked_kfold",
    "noninferiority_test",
    "meta_analysis",
    "auc_interval",
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

# Friedman's levels. friedman() returns the exact permutation p-value wherever the design can be
# enumerated (EXACT_MAX_DATASETS: k = 3 up to N = 200 data sets, k = 4 up to 30, ..., k = 9 up to 2),
# else the chi-squared p-value. There friedman_type1_error(k, N) enumerates the exact rejection
# probabilities of all three p-values (no ties, nominal 5 %): the exact one never exceeds 5 %; the
# approximations can be far off with few data sets, F most of all, since it is infinite whenever every
# data set ranks the algorithms alike (k = 2, N = 3: 25.0 %; k = 3, N = 3: 19.4 %; k = 4..9, N = 2 or 3
# where enumerable: 4.2-7.5 %; chi-squared 0-7.0 % for k = 3 and 0-4.5 % for k = 4..9 up to N = 10).
# Beyond the table, 100 000 simulated benchmarks per design (k = 4..10, N up to 100) put F at
# 4.9-6.1 % (the largest at k = 10, N = 2) and chi-squared, the default there, at 0.1-5.1 %. The guide
# quotes none of this by hand: _friedman_caveat computes the levels of the reader's own design.
#
# Designs enumerated live: each takes well under 0.1 s (measured on a 2-core laptop), so that the
# widget of chapter 11 stays responsive; larger enumerable designs are answered without their levels.
_FRIEDMAN_LIVE_MAX_N = {2: 1000, 3: 100, 4: 16, 5: 6, 6: 3, 7: 2, 8: 2}
# Simulated benchmarks per design beyond the table: about this many ranks drawn in all (under 0.1 s), at
# least 2 000 benchmarks; the answer prints the Monte Carlo interval.
_FRIEDMAN_SIMULATED_RANKS = 2_000_000


def _pct(probability: float) -> str:
    """A probability in per cent with one decimal, as the guide prints rates: 0.1944 -> '19.4 %'."""
    return f"{100.0 * probability:.1f} %"


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


# ------------------------------------------------------------------ numbers the guide computes when it runs


def _fewest_datasets(smallest_pvalue, alpha: float = 0.05) -> int:
    """The smallest N >= 2 with ``smallest_pvalue(N) <= alpha`` (a function decreasing in N)."""
    n = 2
    while smallest_pvalue(n) > alpha:
        n += 1
    return n


def _friedman_exact(k: int, n_datasets: int) -> bool:
    """Does friedman() return the exact p-value for this design (without ties)?"""
    return k == 2 or n_datasets <= EXACT_MAX_DATASETS.get(k, 1)


@functools.cache
def _friedman_levels(k: int, n_datasets: int):
    """How often Friedman's three p-values reject a true H0 at 5 % here, or None where it is too slow.

    Enumerated (exact) for the designs of ``_FRIEDMAN_LIVE_MAX_N``; simulated (seed 0) where
    friedman() cannot enumerate and reads the chi-squared approximation; None for the other designs, where
    friedman() is exact but enumerating its level takes longer than a widget can wait.
    """
    if n_datasets <= _FRIEDMAN_LIVE_MAX_N.get(k, 0):
        return friedman_type1_error(k, n_datasets, how="enumerate")
    if not _friedman_exact(k, n_datasets):
        n_reps = max(2_000, min(20_000, _FRIEDMAN_SIMULATED_RANKS // (n_datasets * k)))
        return friedman_type1_error(k, n_datasets, n_reps=n_reps, seed=0, how="simulate")
    return None


def _friedman_caveat(n_models: int, n_datasets: int) -> str:
    """Which p-value friedman() returns for this k and N, and how often each p-value rejects a true H0."""
    k, n = n_models, n_datasets
    levels = _friedman_levels(k, n)
    if not _friedman_exact(k, n):
        level, reps = levels.chi2, f"{levels.n_reps:,}".replace(",", " ")
        return (
            f"For k = {k} and N = {n} the exact null distribution of Friedman's statistic is too large to "
            "enumerate, so friedman(scores) returns the chi-squared p-value (method 'chi2'), which errs "
            "on the safe side: in every design the course could enumerate it rejected only where the "
            f"exact test does. In {reps} benchmarks simulated with a true H0 (friedman_type1_error({k}, "
            f"{n}, n_reps={levels.n_reps}, seed=0)) it rejected at nominal 5 % in {_pct(level.estimate)} "
            "(95 % Monte Carlo interval "
            f"{_pct(level.low)} to {_pct(level.high)}); Iman and Davenport's F, closer to nominal but "
            f"liberal, in {_pct(levels.iman_davenport.estimate)} (method='iman_davenport')."
        )
    text = (
        f"For k = {k} and N = {n} friedman(scores) returns the exact permutation p-value (its default "
        "wherever the null distribution can be enumerated; result.method says which p-value it used), "
        "which rejects a true H0 in at most 5 % of benchmarks at the 5 % level."
    )
    smallest = float(math.factorial(k)) ** (1 - n)
    if smallest > 0.05:
        needed = _fewest_datasets(lambda m: float(math.factorial(k)) ** (1 - m))
        text += (
            f" Its smallest possible value, when every data set ranks the algorithms alike, is {k}!^(1 - N) "
            f"= {smallest:.3g} > 0.05: no outcome can be significant at the 5 % level. That needs at least "
            f"{needed} data sets."
        )
    if levels is None:
        return text + (
            f" friedman_type1_error({k}, {n}) enumerates how often the result's chi2_pvalue and "
            "iman_davenport_pvalue would reject a true H0; read pvalue."
        )
    return text + (
        " Read pvalue, not the chi2_pvalue or iman_davenport_pvalue of the same result: here they reject a "
        f"true H0 in {_pct(levels.chi2.estimate)} and {_pct(levels.iman_davenport.estimate)} of benchmarks "
        f"at nominal 5 % (exact probabilities enumerated by friedman_type1_error({k}, {n}); the exact "
        f"p-value: {_pct(levels.exact.estimate)})."
    )


def _holm_reach(n_comparisons: int, n_datasets: int) -> str | None:
    """Why no comparison can be significant after Holm's adjustment, or None when one can."""
    m, n = n_comparisons, n_datasets
    smallest = smallest_two_sided_pvalue(n)
    if m * smallest <= 0.05:
        return None
    needed = _fewest_datasets(lambda size: m * smallest_two_sided_pvalue(size))
    return (
        f"Holm's procedure multiplies the smallest of the {m} p-values by {m}, and on N = {n} data sets no "
        f"exact Wilcoxon or sign p-value is below 2/2^N = {smallest:.3g}: the smallest adjusted p-value "
        f"possible is {min(1.0, m * smallest):.3g} > 0.05, so no comparison can be significant at the 5 % "
        f"family-wise level, whatever the scores. That needs at least {needed} data sets (more if some "
        "differences are zero)."
    )


@functools.cache
def _mean_rank_partial_null(procedure: str, n_datasets: int = 40) -> float:
    """Exact family-wise error of a mean-rank procedure when all three algorithms have equal expected ranks.

    On each data set A (column 0) and B (column 1) take the first and the last place at random, and C
    is always second: every pairwise H0 "equal expected rank" is true, but the algorithms are not
    exchangeable. The number of data sets A wins is Binomial(N, 1/2); the error rate sums its
    probabilities over the outcomes where the procedure (``"nemenyi"``, or ``"bonferroni-dunn"`` with A
    as the control and Holm's step-down) rejects at least one hypothesis at the 5 % level.
    """
    n = n_datasets
    level = 0.0
    for wins in range(n + 1):
        scores = [[3.0, 1.0, 2.0]] * wins + [[1.0, 3.0, 2.0]] * (n - wins)
        if procedure == "nemenyi":
            rejected = nemenyi(scores).significant.any()
        else:
            rejected = bonferroni_dunn(scores, control=0, adjust="holm").significant.any()
        if rejected:
            level += math.comb(n, wins) / 2.0**n
    return level


@functools.cache
def _demsar_bayesian() -> dict:
    """Chapter 8's example, recomputed: C4.5 with and without tuned m on Demšar's 14 data sets."""
    d = wilcoxon_example("demsar2006_table2").differences
    zeros = [0.0] * len(d)
    default = bayesian_signed_rank(d, zeros, rope=0.01, seed=0)  # prior strength 0.5
    strong = bayesian_signed_rank(d, zeros, rope=0.01, prior_strength=5.0, seed=0)
    return {
        "wilcoxon_p": f"{wilcoxon_signed_rank(d).pvalue:.3f}",
        "p_right": f"{default.p_right:.2f}",
        "p_rope": f"{default.p_rope:.2f}",
        "p_rope_strong": f"{strong.p_rope:.2f}",
    }


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
    """Recommend a test for an experimental set-up (the widget of chapter 11).

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
        and the model will be used on the future (chapter 10).
    random_training : bool, optional
        Does the training procedure itself depend on a random seed (a neural network's
        initialisation and mini-batch order), so that its score moves from seed to seed
        on the same data (chapter 10)?
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
    The four scenarios of source 001 and the "many models, one test set" case of
    source 000:

    * trained models, one test set: McNemar's mid-p test (two models; Fagerland,
      Lydersen and Laake 2013, and chapter 2's exact Type I error and power figures),
      Cochran's Q and pairwise McNemar tests with Holm's adjustment (more models);
      with a continuous per-example loss, the paired t-test on the losses; the AUC:
      DeLong's test; F1 or another metric: a paired bootstrap interval and a paired
      permutation test (chapter 9); examples in groups (chapter 10): the clustered McNemar test
      (Yang's statistic) for right/wrong scores, a paired test on the group means
      for a loss, Obuchowski's clustered AUC test for the AUC, a cluster bootstrap
      and a cluster permutation test for F1 and other metrics that are not means
      over examples; a later test period in time order: the Diebold-Mariano test
      on the per-example losses (Harvey-Leybourne-Newbold corrected; chapter 10);
    * algorithms, one data set: the corrected repeated cross-validation t test on
      10 x 10 CV (Bouckaert and Frank 2004; chapter 4's Type I error and power lab),
      or, for an unstable learner or small noisy data, the conservative corrected t on
      one 10-fold CV; pairwise with Holm's adjustment for more algorithms; never the
      plain k-fold or resampled t test; with a random training procedure, the seeds
      averaged within each split first (chapter 10);
    * two algorithms, many data sets: the Wilcoxon signed-rank test, or the sign test
      when the differences are not commensurable (Demšar 2006; chapter 5's power
      simulation); beside Wilcoxon, a random-effects meta-analysis of the per-data-set
      differences estimates their spread (tau^2) and a prediction interval;
    * many algorithms, many data sets: the Friedman test (``friedman``'s default
      p-value is exact wherever the design can be enumerated, else the chi-squared
      p-value; the answer gives the level of each p-value at your design), then
      pairwise Wilcoxon tests with Holm's adjustment (all pairs) or Wilcoxon tests
      against a control with Holm's adjustment. Shaffer's and Bergmann and Hommel's
      procedures only with tests of one parameter per algorithm (García and Herrera's
      mean-rank z-tests, paired t-tests on the means), never with Wilcoxon or sign
      tests; Nemenyi's and Bonferroni-Dunn's mean-rank tests are the classic
      alternatives, with their caveats (Benavoli, Corani and Mangili 2016 on the pool
      dependence).

    A practical question (``question="practical"``) goes to chapter 8: TOST ("are the
    two equivalent within the margin?") and the non-inferiority test ("is the first at
    least as good, within the margin?"; Tango's score test for a McNemar table) on one
    test set; on a test set of groups or in time order, TOST's logic applied to a 90 %
    interval that respects them (the cluster-robust interval of the clustered McNemar
    test or the paired tests on group means; the Diebold-Mariano interval of the loss
    difference; Obuchowski's interval or a cluster bootstrap for the AUC and F1); the
    Bayesian correlated t-test on one data set, with TOST and the
    non-inferiority test on the same corrected variance (on blocked k-fold scores for a
    stationary time series); the Bayesian signed-rank or sign test over data sets,
    with the meta-analysis's prediction interval as the frequentist twin. Grouped data
    are split by group and tested at the level of the groups; time-ordered data are
    split forward in time (forward chaining) or, when stationary, in blocks with a gap
    (Bergmeir, Hyndman and Koo 2018); several metrics call for Holm's procedure
    (family-wise error rate) or Benjamini-Hochberg (false discovery rate) across them
    (chapters 9 and 10). One learner: the nested cross-validation interval of Bates, Hastie
    and Tibshirani (2024); one trained model's AUC: the logit interval (Qin and
    Hotilovac 2008), or, on grouped or time-ordered examples, a cluster bootstrap
    against a constant scorer (the library has no clustered interval for one AUC).

    Holm-adjusted post-hoc tests are valid whether or not the omnibus test rejected;
    the mean-rank tests control the family-wise error rate only when all the algorithms
    are exchangeable (the course's position, stated in the module docstring).

    Where an outcome cannot be significant at the 5 % level whatever the scores
    (too few data sets for the exact Wilcoxon, sign or Friedman test, or for Holm's
    adjustment of many comparisons), the answer says so and how many data sets are
    needed.

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
    .. [7] Z. Yang, X. Sun, J. W. Hardin, "A note on the tests for clustered
       matched-pair binary data", Biometrical Journal 52(5), 638-652, 2010.
    .. [8] F. X. Diebold, R. S. Mariano, "Comparing predictive accuracy", Journal of
       Business & Economic Statistics 13(3), 253-263, 1995.
    .. [9] C. Bergmeir, R. J. Hyndman, B. Koo, "A note on the validity of
       cross-validation for evaluating autoregressive time series prediction",
       Computational Statistics & Data Analysis 120, 70-83, 2018.
    .. [10] T. Tango, "Equivalence test and confidence interval for the difference in
       proportions for the paired-sample design", Statistics in Medicine 17(8),
       891-908, 1998.
    .. [11] G. Qin, L. Hotilovac, "Comparison of non-parametric confidence intervals
       for the area under the ROC curve of a continuous-scale diagnostic test",
       Statistical Methods in Medical Research 17(2), 207-221, 2008.

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
    ('bayesian_signed_rank', 'meta_analysis')

    Over 12 data sets, "is one algorithm practically better?" is the Bayesian
    signed-rank test of chapter 8, with a ROPE chosen in advance; a meta-analysis
    says where the difference will lie on a new data set.

    >>> recommend_test(2, metric="auc").functions
    ('delong_test',)
    >>> recommend_test(2, structure="groups").functions
    ('clustered_mcnemar',)

    Test examples that come in groups (several scans per patient): the clustered
    McNemar test, which takes its variance from the groups.
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
    if n_models == 1 and trained and metric == "auc" and structure != "iid" and n_datasets == 1:
        rec, handled = _one_model_clustered_auc(time=structure == "time"), True
    elif n_models == 1:
        rec = _one_model(n_datasets, can_retrain, metric)
    elif question == "practical" and n_datasets == 1 and can_retrain and structure == "time":
        rec, handled = _practical_time_algorithms(n_models), True
    elif question == "practical" and trained and structure != "iid":
        time = structure == "time"
        rec, handled = _practical_structured_test_set(n_models, metric, per_example, time), True
    elif question == "practical":
        rec = _practical(n_models, n_datasets, can_retrain, metric, commensurable, per_example)
    elif trained and structure == "groups":
        rec, handled = _grouped_test_set(n_models, metric, per_example), True
    elif trained and structure == "time":
        rec, handled = _time_test_set(n_models, metric, per_example), True
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
        rec = _with_multiplicity(rec, n_models, n_metrics)
        if n_datasets > 1 and rec.chapter in (5, 6):  # exact rank tests over data sets: can any survive?
            per_metric = 1 if n_models == 2 else (n_models - 1 if control else n_models * (n_models - 1) // 2)
            reach = _holm_reach(per_metric * n_metrics, n_datasets)
            if reach:
                rec = _add(rec, caveats=(f"With {n_metrics} metrics adjusted together: {reach}",))
    return dataclasses.replace(rec, call=fit_code(rec.call))


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
                "The models were tuned: the test set must not have been used for the tuning (nor for early "
                "stopping or model choice), or the p-value means nothing.",
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
                "the groups, not the examples, are the independent units (chapter 10).",
            ),
            evidence=" Groups: chapter 10's patient simulation (McNemar on the scans rejected a true H0 in "
            f"{_q('ch10-mcnemar-scans')} of test sets at nominal 5 %, the paired t on the patient means in "
            f"{_q('ch10-patient-means')}).",
        )
    if structure == "time" and trained:  # one model: the comparisons have routes of their own
        return _add(
            rec,
            caveats=(
                "The test examples are in time order: neighbouring errors are correlated, so a test or an "
                "interval that treats the examples as independent is too confident. Aggregate the scores "
                "into blocks long enough to be nearly independent and work with the block means, as with "
                "groups (chapter 10).",
            ),
        )
    if structure == "groups" and n_models == 1:
        return _add(
            rec,
            functions=("group_kfold",),
            caveats=(
                "The examples come in groups: cv_interval's folds split the examples, so a group can sit on "
                "both sides of a split and the interval is optimistic. The course has no grouped version of "
                "the interval; estimate the score at least with group_kfold folds (chapter 10).",
            ),
        )
    if structure == "groups":
        where = " within each data set" if n_datasets > 1 else ""
        return _add(
            rec,
            functions=("group_kfold",),
            call="\n# groups: splits that keep each group whole, e.g. one grouped 10-fold CV:\n"
                 "# run_benchmark(..., cv=lambda X, y, rng: [list(group_kfold(groups, k=10, seed=rng))])",
            caveats=(
                f"The examples come in groups: make every split{where} keep each group whole (group_kfold). "
                "Shuffled folds put a group on both sides and every test inherits their optimism (chapter "
                f"10: {_q('ch10-groups-shuffled')} accuracy with shuffled folds, {_q('ch10-groups-grouped')} "
                f"with grouped ones, {_q('ch10-groups-new')} on new patients). The corrected t's variance "
                "factor uses the folds' n_test/n_train; no lab of the course checks it for grouped folds.",
                "group_kfold's partition depends on the seed only through the order of groups of equal size: "
                "when all groups differ in size, every repetition is the same partition, and repeating it "
                "would count the same folds several times. Repeat only when the repetitions differ; "
                "otherwise use one grouped k-fold (the corrected t on one k-fold is conservative: chapter "
                "4).",
            ),
            evidence=" Groups: chapter 10's patient example (shuffled against grouped cross-validation).",
        )
    return _add(  # time order, one learner or several data sets
        rec,
        functions=("forward_chaining",),
        caveats=(
            "The examples are in time order: score each model only on data that come after its training "
            "data (forward_chaining, with a gap between training and test). Shuffled folds use the future "
            f"and are optimistic (chapter 10: {_q('ch10-time-shuffled')} with shuffled folds, "
            f"{_q('ch10-time-forward')} forward, no better than the {_q('ch10-time-past-majority')} of "
            "predicting the state most common in the past, and below the "
            f"{_q('ch10-time-trivial')} of always predicting the state that turns out more common, a rule "
            "that needs hindsight).",
        ),
        evidence=" Time order: chapter 10's drifting-sensor example.",
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
                "another run with another seed, which could reverse the result (chapter 10); to compare the "
                "procedures, retrain over splits and seeds.",
            ),
        )
    return _add(
        rec,
        functions=("seed_split_variance",),
        caveats=(
            "The training is random: average the seeds within each split (or data set) before the test, so "
            "that the runs on one split count once; seed_split_variance shows how much of the spread the "
            "seeds cause (chapter 10).",
        ),
        avoid=(AVOID_PER_RUN,),
        evidence=" Seeds: Bouthillier et al. (2021) and chapter 10's two networks.",
    )


def _with_multiplicity(rec, n_models: int, n_metrics: int) -> Recommendation:
    """Several metrics: adjust the p-values together, or, for one model's intervals, widen them."""
    if rec.chapter == 8:
        return _add(
            rec,
            caveats=(
                "You report several metrics: the posterior probabilities are per metric, not joint; report "
                "the analysis of every metric you computed, not only the favourable ones.",
            ),
        )
    if n_models == 1:  # intervals, no p-values to adjust
        return _add(
            rec,
            caveats=(
                "With one interval per metric, each covers at its own level; together they cover less often. "
                f"For {n_metrics} intervals that all cover together in at least 95 % of experiments "
                "(Bonferroni's bound, when each holds its own level), give each confidence "
                f"1 - 0.05/{n_metrics} = {1 - 0.05 / n_metrics:.4g}.",
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
            "claims among the claims (for independent or positively dependent tests; usually robust for "
            "correlated two-sided tests, and Benjamini-Yekutieli (adjust_pvalues(method='by')) holds "
            "under any dependence), not the chance of any false claim.",
        ),
        evidence=" Multiplicity: Holm (1979), Benjamini and Hochberg (1995), and chapter 9's simulation (20 "
        f"tests, 5 real effects: unadjusted tests made a false claim in {_q('ch9-fwer-unadjusted')} of runs, "
        f"Holm in {_q('ch9-fwer-holm')}; Benjamini-Hochberg in {_q('ch9-fwer-bh')}, with {_q('ch9-fdr-bh')} "
        "false claims among its claims, and found more real effects).",
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
                "Both models predict the same test examples, so the comparison is paired; only the examples "
                "on which they disagree (b and c) carry evidence. The mid-p version stays close to the "
                "nominal level without the conservatism of the exact and the continuity-corrected tests. It "
                "needs no retraining."
            ),
            trainings="none: each model is trained once, then predicts the test set",
            caveats=(
                "It compares these two trained models on this population of test examples, not the learning "
                "algorithms: another training set could reverse the result.",
                "Its power depends on the number of disagreements b + c, not on the size of the test set.",
                "The test examples must be independent (no duplicates or clusters), and the test set must "
                "not have been used for training, tuning or choosing the models.",
                "Report the accuracy difference (b - c) / n with its interval next to the p-value.",
            ),
            avoid=(AVOID_PROPORTIONS,),
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
            avoid=(AVOID_PROPORTIONS,),
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
                "with Holm-adjusted p-values. " + OMNIBUS_POSITION
            ),
            trainings="none: each model is trained once, then predicts the test set",
            caveats=(
                "Q's chi-squared reference needs exchangeability, which is stronger than equal accuracies: "
                "two near-identical models beside a different third can make Q reject too often (chapter 3); "
                "when exchangeability is doubtful, the marginal-homogeneity test (Stuart) tests equal "
                "accuracies alone.",
                "The chi-squared approximation of Q needs enough examples on which the models disagree.",
                "Without an adjustment, the chance of at least one false alarm among the pairwise tests (the "
                "family-wise error rate) grows far above alpha.",
                "Holm-adjusted p-values are bounds, not probabilities of an outcome.",
                "It compares the trained models, not the learning algorithms.",
            ),
            avoid=(
                "Pairwise McNemar tests at the unadjusted alpha: the family-wise error rate is not "
                "controlled.",
            ),
            evidence=(
                "Chapter 3's family-wise error lab (five equally accurate models: unadjusted pairwise tests "
                f"found a false 'significant' pair in {_q('ch3-unadjusted')} of test sets, Holm-adjusted "
                f"ones in {_q('ch3-holm')}); Holm (1979) holds under any dependence. The "
                "marginal-homogeneity test: Stuart (1955), Bhapkar (1966); chapter 3 shows two "
                "near-identical models beside a third, where Q and it disagree."
            ),
        )
    return Recommendation(
        scenario=scenario,
        test="Pairwise paired t-tests on the per-example losses, with Holm's adjustment",
        functions=("paired_ttest", "adjust_pvalues"),
        call=(
            "from itertools import combinations\n"
            "# losses: one array of per-example losses per model, on the same test examples\n"
            "pairs = combinations(range(len(losses)), 2)\n"
            "p = [paired_ttest(losses[i], losses[j]).pvalue for i, j in pairs]\n"
            "adjust_pvalues(p, 'holm')"
        ),
        chapter=4,
        why=(
            "With a continuous loss per example there is no Cochran's Q; compare the pairs with the paired "
            f"t-test and adjust the {pairs} p-values for multiplicity."
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
    avoid = (AVOID_KFOLD, AVOID_RESAMPLED, AVOID_PROPORTIONS)
    caveats = (
        "Stable or unstable learner? In chapter 4's lab the corrected 10 x 10 CV t rejected a true H0 in "
        f"{_q('ch4-stable-repeated')} of data sets at nominal 5 % with a stable learner (nearest centroid), "
        f"but in {_q('ch4-1nn-repeated')} with an unstable one (1-NN) and in {_q('ch4-small-repeated')} on "
        "small, noisy data. The corrected t on one 10-fold CV, compare_algorithms(..., "
        f"test='corrected_kfold'), stayed at or below 5 % in every setting (1-NN: {_q('ch4-1nn-kfold')}; "
        f"small, noisy data: {_q('ch4-small-kfold')}; nearest centroid: {_q('ch4-stable-kfold')}), at the "
        f"cost of power (nearest centroid, a 10-point difference: {_q('ch4-power-kfold')} against "
        f"{_q('ch4-power-repeated')}), and with 10 trainings instead of 100. Use it for unstable learners, "
        "small noisy data, or when a false alarm is costly.",
        "Either way the 5 % level is approximate: read 0.01 < p < 0.05 from one data set as weak evidence.",
        "The test compares the learning algorithms trained on (k - 1)/k of this data set; it says nothing "
        "about other data sets: firm conclusions need several data sets (chapter 5).",
        "The Nadeau-Bengio factor 1/(r k) + 1/(k - 1) is a heuristic: the test is conservative when the true "
        "correlation between the differences of two splits is below 1/k and liberal above (chapter 4).",
        "Use the same splits for both algorithms (paired design) and a fixed seed.",
    )
    evidence = (
        "Chapter 4's Type I error and power lab (stable learner: the corrected 10 x 10 CV t held its level "
        f"and was the most powerful test that did, power {_q('ch4-power-repeated')} at a 10-point "
        f"difference; 1-NN: {_q('ch4-1nn-repeated')}, against {_q('ch4-1nn-kfold')} for the corrected t on "
        "one 10-fold CV) and Bouckaert and Frank (2004), who found the corrected 10 x 10 CV t the most "
        "replicable."
    )
    if n_models == 2:
        return Recommendation(
            scenario="2 learning algorithms, one data set, retraining allowed",
            test="Corrected repeated cross-validation t test (10 x 10 CV)",
            functions=("compare_algorithms", "corrected_repeated_cv_ttest"),
            call=(
                "compare_algorithms(algorithm_1, algorithm_2, X, y, test='corrected_repeated_cv')  # 10 x "
                "10 CV\n"
                "# unstable learner or small noisy data: compare_algorithms(..., test='corrected_kfold')\n"
                "# or, on precomputed (10, 10) fold scores: corrected_repeated_cv_ttest(scores_1, scores_2)\n"
                "# or, from run_benchmark(models, {'data': (X, y)}, seed=0): result.corrected_ttest('A', 'B')"
            ),
            chapter=4,
            why=(
                "Retraining on r x k cross-validation splits lets the test see the variation due to the "
                "training set, so it compares the algorithms, not two trained models; the variance factor "
                "1/(r k) + 1/(k - 1) of Nadeau and Bengio (2003), as Bouckaert and Frank (2004) apply it, "
                "accounts for the overlap of the training sets." + STABILITY_RULE
            ),
            trainings="r x k = 100 per algorithm (10 repetitions of 10-fold CV); 10 for "
                      "test='corrected_kfold'",
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
            "from itertools import combinations\n"
            "# s[i]: the (10, 10) fold scores of algorithm i on the same splits, e.g. from run_benchmark;\n"
            "pairs = combinations(range(len(s)), 2)\n"
            "p = [corrected_repeated_cv_ttest(s[i], s[j]).pvalue for i, j in pairs]\n"
            "adjust_pvalues(p, 'holm')\n"
            "# unstable learner or small noisy data: the same on one 10-fold CV (scores of shape (1, 10))"
        ),
        chapter=4,
        why=(
            f"There is no omnibus test of this kind: test the {pairs} pairs on the same 10 x 10 splits and "
            "adjust their p-values for multiplicity with Holm's procedure." + STABILITY_RULE.replace(
                "(test='corrected_kfold')", "(each pair's scores of shape (1, 10))")
        ),
        trainings=f"100 per algorithm on shared splits ({100 * n_models} in all); 10 each on one 10-fold CV",
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
        "Each zero difference (tie) removes one random sign: the smallest attainable p-value is 2 / 2^(N - "
        "zeros).",
    ]
    if smallest > 0.05:
        caveats.insert(
            0,
            f"With {n_datasets} data sets the smallest two-sided p-value either test can reach is "
            f"{smallest:.4g} > 0.05: no outcome can be significant at the 5 % level. Use at least "
            f"{_fewest_datasets(smallest_two_sided_pvalue)} (and more if some differences may be zero).",
        )
    avoid = (
        "A paired t-test over data sets: score differences are not commensurable across data sets and not "
        "normal; outliers dominate it (Demšar 2006; chapter 5).",
    )
    if commensurable:
        return Recommendation(
            scenario=f"2 algorithms, {n_datasets} data sets",
            test="Wilcoxon signed-rank test",
            functions=("wilcoxon_signed_rank", "meta_analysis"),
            call=(
                "wilcoxon_signed_rank(scores_1, scores_2)  # one score per data set; exact up to 50\n"
                "# from a benchmark: result = run_benchmark(models, datasets, seed=0)\n"
                "# result.across_datasets(wilcoxon_signed_rank, 'A', 'B')\n"
                "meta_analysis(differences, std_errors, test='knha')  # spread across data sets: tau2, "
                "prediction_interval\n"
                "# from a benchmark: result.meta_analysis('A', 'B', test='knha')"
            ),
            chapter=5,
            why=(
                "It ranks the absolute differences between the two algorithms' scores over the data sets, so "
                "larger differences count more, but no normality is assumed. Report the median difference "
                "(Hodges-Lehmann) and its interval next to the p-value."
            ),
            trainings="per data set, whatever the score needs (k-fold CV: k per algorithm and data set)",
            caveats=tuple(caveats) + (
                "Wilcoxon's test says whether one algorithm tends to win; it does not say how much the "
                "difference varies from data set to data set. A random-effects meta-analysis of the "
                "per-data-set differences, each with its corrected standard error (e.g. the std_error of "
                "corrected_repeated_cv_ttest), estimates that spread (tau2, I^2) and a prediction interval "
                "for the difference on a new data set (meta_analysis(differences, std_errors, "
                "test='knha'), chapter 8). Wilcoxon remains the test: the meta-analysis assumes normal "
                "differences with honest standard errors, and with few data sets tau^2 is poorly "
                "estimated.",
            ),
            avoid=avoid,
            evidence=(
                "Demšar (2006); chapter 5's power simulation (close to the t-test with normal differences, "
                "clearly better with heavy tails, always better than the sign test); for the spread across "
                "data sets, the random-effects model of DerSimonian and Laird (1986) and the prediction "
                "interval of Higgins, Thompson and Spiegelhalter (2009)."
            ),
        )
    return Recommendation(
        scenario=f"2 algorithms, {n_datasets} data sets, differences not commensurable",
        test="Sign test",
        functions=("sign_test",),
        call=(
            "sign_test(scores_1, scores_2)  # counts wins, losses and ties\n"
            "# from a benchmark: result = run_benchmark(models, datasets, seed=0)\n"
            "# result.across_datasets(sign_test, 'A', 'B')"
        ),
        chapter=5,
        why=(
            "When a difference of 0.01 does not mean the same on every data set, only who wins counts: the "
            "sign test compares the number of wins with a Binomial(n, 1/2). Report the share of wins with "
            "its interval next to the p-value."
        ),
        trainings="per data set, whatever the score needs (k-fold CV: k per algorithm and data set)",
        caveats=tuple(caveats) + ("It is less powerful than the Wilcoxon test when the differences are "
                                  "commensurable.",),
        avoid=avoid,
        evidence="Demšar (2006); chapter 5's power simulation (the sign test trails the Wilcoxon test "
                 "everywhere).",
    )


def _mean_rank_alternative(control: bool) -> str:
    """The caveat that goes with the classic mean-rank post-hoc tests (Nemenyi, Bonferroni-Dunn)."""
    if control:
        name = "Bonferroni-Dunn's test"
        call = "bonferroni_dunn(scores, control=0, adjust='holm') for Holm's form"
        event = "declares at least one algorithm different from the control A"
    else:
        name, call = "Nemenyi's test", "nemenyi(scores), with its critical-difference diagram"
        event = "declares at least one pair different"
    level = _mean_rank_partial_null("bonferroni-dunn" if control else "nemenyi")
    return (
        f"{name} ({call}) is the classic alternative (Demšar 2006): mean-rank z-tests, simpler (one critical "
        "difference of average ranks), but a comparison's p-value depends on the other algorithms in the "
        "pool (Benavoli, Corani and Mangili 2016; chapter 6 shows it on source 001's benchmark), and they "
        "control the family-wise error rate only when all the algorithms are exchangeable. Computed "
        "exactly: with k = 3 and N = 40, if A and B take the first and the last place at random on each "
        "data set and C is always second (all three with the same expected rank, so every H0 is true), "
        f"{name} {event} with probability {_pct(level)} at nominal 5 %."
    )


def _many_algorithms_many_datasets(n_models: int, n_datasets: int, control: bool) -> Recommendation:
    k, n = n_models, n_datasets
    pairs = k * (k - 1) // 2
    family = f"the {k - 1} Wilcoxon tests against the control" if control else f"the {pairs} pairwise tests"
    caveats = [_friedman_caveat(k, n)]
    reach = _holm_reach(k - 1 if control else pairs, n)
    if reach:
        caveats.append(reach)
    caveats += [
        f"Holm's procedure on {family} controls the family-wise error rate in the strong sense (whichever "
        "algorithms are truly equal) on its own: it is valid whether or not Friedman's test rejects, and "
        "the two can disagree. Report both.",
        "Each Wilcoxon test uses only the two algorithms' scores, so its p-value does not change when other "
        "algorithms join the comparison. Report each median difference (Hodges-Lehmann) with its p-value.",
        "The data sets must be independent.",
    ]
    scenario = f"{k} algorithms, {n} data sets"
    why = (
        f"The Friedman test ranks the {k} algorithms on each data set and asks whether their average ranks "
        "differ more than chance allows; it is the non-parametric repeated-measures ANOVA (Demšar 2006), "
        "and friedman() computes its exact permutation p-value where the design can be enumerated."
    )
    avoid = (
        "Repeated-measures ANOVA or t-tests over data sets: normality and equal variances do not hold for "
        "scores of different data sets (Demšar 2006).",
        "Pairwise tests at the unadjusted alpha: the family-wise error rate is not controlled (chapter 6's "
        f"simulation: with six equal algorithms, {_q('ch6-unadjusted')} of the benchmarks show a "
        "'significant' pair).",
    )
    trainings = "per data set, whatever the score needs (k-fold CV: k per algorithm and data set)"
    evidence = (
        "Demšar (2006) and García and Herrera (2008) for the procedures, Holm (1979) for the adjustment, "
        "Benavoli, Corani and Mangili (2016) for the pool dependence of mean-rank tests; chapter 6's "
        "simulations (the family-wise error of unadjusted pairs); friedman_type1_error for the level of "
        "Friedman's p-values at this design."
    )
    if control:
        return Recommendation(
            scenario=scenario + ", each compared with a control",
            test="Friedman test, then Wilcoxon signed-rank tests against the control with Holm's adjustment",
            functions=("friedman", "control_comparisons"),
            call=(
                "friedman(scores)  # omnibus, exact p-value where feasible; scores: (N, k)\n"
                "control_comparisons(scores, control=0, test='wilcoxon', adjust='holm')  # vs the control\n"
                "# scores from a benchmark: run_benchmark(models, datasets, seed=0).mean_scores"
            ),
            chapter=6,
            why=why
            + f" Against one control chosen in advance there are only {k - 1} comparisons instead of "
            f"{pairs}, so Holm's adjustment is milder and each comparison more powerful; each is a Wilcoxon "
            "test on the two algorithms' own scores.",
            trainings=trainings,
            caveats=tuple(caveats) + (_mean_rank_alternative(control=True),),
            avoid=avoid,
            evidence=evidence,
        )
    return Recommendation(
        scenario=scenario + ", all pairs",
        test="Friedman test, then pairwise Wilcoxon signed-rank tests with Holm's adjustment",
        functions=("friedman", "pairwise_comparisons", "plot_critical_difference"),
        call=(
            "friedman(scores)  # omnibus, exact p-value where feasible; scores: (N, k)\n"
            "holm = pairwise_comparisons(scores, test='wilcoxon', adjust='holm')  # which pairs differ\n"
            "plot_critical_difference(holm)  # bars: groups Holm did not separate\n"
            "# from a benchmark: result = run_benchmark(models, datasets, seed=0); result.pairwise()"
        ),
        chapter=6,
        why=why
        + f" Each of the {pairs} pairs is compared on its own scores by Wilcoxon's test, and Holm's "
        "procedure controls the family-wise error rate. Unlike Nemenyi's mean-rank test, a pair's p-value "
        "does not change when other algorithms join the pool.",
        trainings=trainings,
        caveats=tuple(caveats)
        + (
            "Adjusted p-values are bounds on the family-wise error, not frequencies of an outcome.",
            _mean_rank_alternative(control=False)
            + f" Under the complete null it is conservative (chapter 6: six equal algorithms, a significant "
            f"pair in {_q('ch6-nemenyi')} of benchmarks).",
            "Shaffer's and Bergmann-Hommel's procedures (adjust='shaffer' or 'bergmann-hommel') gain power "
            "from the logic of the pairwise hypotheses ('A = B' and 'B = C' imply 'A = C'), which holds only "
            "for tests of one parameter per algorithm: the mean-rank z-tests of García and Herrera (2008), "
            "pairwise_comparisons(scores, test='nemenyi', adjust='shaffer'), with the caveat of mean-rank "
            "tests above, or paired t-tests on the mean scores (test='ttest'), which assume commensurable, "
            "roughly normal differences across data sets (Demšar 2006).",
        ),
        avoid=avoid
        + (
            "pairwise_comparisons(test='wilcoxon' or 'sign', adjust='shaffer' or 'bergmann-hommel'): "
            "Wilcoxon's and the sign test's null hypotheses are not transitive (the differences A - B and B "
            "- C can both be symmetric about 0 while A - C is not), so the logical restrictions these "
            "procedures rely on do not hold and the family-wise error rate is not controlled; lecture_lib "
            "refuses the combination.",
        ),
        evidence=evidence,
    )


# ------------------------------------------------------------------ one model: an interval, no comparison


def _accuracy_only(metric: str) -> str:
    """The headline's warning when the metric asked about is not the accuracy the interval covers."""
    if metric == "mean":
        return ""
    asked = "the AUC" if metric == "auc" else "F1 or another metric"
    return f" (accuracy only: the course has no interval function for {asked}; see the caveats)"


def _one_model(n_datasets: int, can_retrain: bool, metric: str) -> Recommendation:
    if n_datasets > 1:
        raise ValueError(
            f"n_models=1 with n_datasets={n_datasets}: one learner has nothing to compare across data sets; "
            "the guide's one-model answer is an interval for its score on one data set (n_datasets=1), and "
            "comparisons need n_models >= 2"
        )
    if can_retrain:
        caveats = [
            "It is built to cover Err_XY, the score of the model fitted to these data; in the paper and in "
            "chapter 9's lab it covers Err, the procedure's score on training sets of this size, about "
            f"equally well (in that lab conservatively: {_q('ch9-coverage-model-nested')} of Err_XY at "
            "nominal 90 %) (chapter 9).",
            "The naive interval, mean +- z sd / sqrt(n) over the examples of one cross-validation, covers "
            "too rarely: the per-example scores share training data.",
            "It costs K(K - 1)/2 + K fits per repetition (55 for K = 10), times n_repeats.",
        ]
        if metric != "mean":
            caveats.append("cv_interval scores right/wrong per example (accuracy or error rate) only; the "
                           "course has no interval of this kind for the AUC or F1.")
        return Recommendation(
            scenario="1 learning algorithm, one data set: how good is it?",
            test="Nested cross-validation interval of Bates, Hastie and Tibshirani" + _accuracy_only(metric),
            functions=("cv_interval",),
            call="cv_interval(estimator, X, y, cv=10, method='nested', seed=0)  # 'nested' is the default",
            chapter=9,
            why=(
                "There is nothing to compare, but the score needs an interval. Nested cross-validation "
                "estimates the mean squared error of the cross-validation estimate directly, without "
                "assuming that the per-example scores are independent, and widens the interval accordingly."
            ),
            trainings="K(K - 1)/2 + K per repetition of nested CV (55 for K = 10), 20 repetitions by default",
            caveats=tuple(caveats),
            avoid=("cv_interval(method='naive'): the textbook interval, kept to show that it covers too "
                   "rarely.",),
            evidence=(
                "Bates, Hastie and Tibshirani (2024); chapter 9's coverage lab (300 simulated data sets, n "
                "= 100, 50 features, nominal 90 %): the naive interval covered the model's accuracy in "
                f"{_q('ch9-coverage-model-naive')} and the procedure's in "
                f"{_q('ch9-coverage-procedure-naive')}, the nested one in {_q('ch9-coverage-model-nested')} "
                f"and {_q('ch9-coverage-procedure-nested')}."
            ),
        )
    if metric == "auc":
        return _one_model_auc()
    caveats = [
        "It covers the accuracy of this trained model on the population the test set was drawn from, if the "
        "test examples are independent and were never used for training, tuning or choosing the model.",
        "The Wald interval, accuracy +- z sqrt(acc (1 - acc) / n), can leave [0, 1] and covers too rarely "
        "near 0 or 1; the Wilson interval does not.",
    ]
    if metric != "mean":
        caveats.append("The Wilson interval is for a proportion (accuracy, error rate); for F1 of one model "
                       "the course has no interval function: resample the test examples (a bootstrap). For "
                       "the AUC: auc_interval (recommend_test(1, metric='auc')).")
    return Recommendation(
        scenario="1 trained model, one test set: how accurate is it?",
        test="Wilson interval for the test-set accuracy" + _accuracy_only(metric),
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
            "it simulates (chapters 2, 4 and 9)."
        ),
    )


def _one_model_auc() -> Recommendation:
    return Recommendation(
        scenario="1 trained model, one test set: how good is its ROC AUC?",
        test="Logit interval for the AUC (DeLong's standard error on the logit scale)",
        functions=("auc_interval",),
        call="auc_interval(y_true, score, method='logit')  # predicted scores or probabilities, not labels",
        chapter=9,
        why=(
            "The AUC is the probability that the model scores a random positive example above a random "
            "negative one. DeLong's standard error measures its uncertainty without a model of the scores; "
            "on the logit scale the interval stays inside (0, 1) and is asymmetric near 1, where the "
            "sampling distribution of the AUC is skewed."
        ),
        trainings="none: the model is trained once, then scores the test set",
        caveats=(
            "It covers the AUC of this trained model on the population the test set was drawn from, if the "
            "test examples are independent and were never used for training, tuning or choosing the model.",
            "The plain DeLong (Wald) interval, method='delong' as pROC prints it, is symmetric and clipped "
            "at 1, and covers too rarely for a good model on a small test set; method='bootstrap' needs no "
            "normal approximation but is too short with few examples of a class.",
            "A perfect ranking (AUC 1) has standard error 0 and every method returns the point: report the "
            "numbers of positive and negative examples beside it.",
            "If only a region of high specificity matters, partial_auc(y_true, score, "
            "specificity=(1.0, low)) gives the area over specificities from low to 1 (chapter 9).",
        ),
        avoid=("The Wilson interval of the accuracy for an AUC question: it covers another quantity.",),
        evidence=(
            "Qin and Hotilovac (2008) and Pepe (2003, section 5.2); chapter 9's coverage lab (binormal "
            "scores, true AUC 0.95, 20 positive and 20 negative examples, 1 000 test sets): the logit "
            f"interval covered the true AUC in {_q('ch9-auc-logit-coverage')} of test sets at nominal 95 %, "
            f"the clipped Wald interval in {_q('ch9-auc-wald-coverage')} (Monte Carlo standard errors "
            f"sqrt(p (1 - p) / 1 000): {_mc_points('ch9-auc-logit-coverage')} and "
            f"{_mc_points('ch9-auc-wald-coverage')} points)."
        ),
    )


def _mc_points(key: str, n_sets: int = 1000) -> str:
    """Monte Carlo standard error, in points, of a quoted rate ('94.3 %') measured on ``n_sets`` sets."""
    rate = float(_q(key).removesuffix(" %")) / 100.0
    return f"{100.0 * math.sqrt(rate * (1.0 - rate) / n_sets):.1f}"


def _one_model_clustered_auc(time: bool) -> Recommendation:
    """One trained model's AUC on a test set whose examples come in groups or in time order."""
    unit, units = ("block", "blocks") if time else ("group", "groups")
    origin = (
        "The test period comes after the training data, as it must, but its examples are in time order: "
        "neighbouring scores are correlated, so blocks (days, weeks) long enough to be nearly independent "
        "are the units."
        if time else
        "The examples come in groups (several per patient), and the groups, not the examples, were sampled "
        "independently."
    )
    return Recommendation(
        scenario="1 trained model, one test set " + ("in time order" if time else "whose examples come in "
                                                     "groups") + ": how good is its ROC AUC?",
        test=f"Obuchowski's clustered interval for the AUC (against a constant scorer; few {units}: a "
             "cluster bootstrap)",
        functions=("clustered_auc_test", "cluster_bootstrap"),
        call=(
            "import numpy as np\n"
            "constant = np.full(len(score), 0.5)  # a constant scorer: AUC 0.5 and no variance\n"
            "res = clustered_auc_test(y_true, score, constant, groups)\n"
            "shifted = res.auc_difference  # AUC - 0.5, with Obuchowski's clustered standard error\n"
            "auc = shifted.estimate + 0.5  # the model's AUC\n"
            "auc_low, auc_high = shifted.low + 0.5, shifted.high + 0.5  # its 95 % interval\n"
            f"# groups: the {unit} of each test example" + (" (e.g. its week)" if time else " (e.g. the "
                                                              "patient)") + "\n"
            f"# few {units}: cluster_bootstrap(y_true, score, constant, groups, metric=roc_auc_score, seed=0)"
        ),
        chapter=10,
        why=(
            f"{origin} The AUC compares every positive with every negative example: it is not a mean over "
            f"examples, so there is no per-{unit} score to average, and auc_interval (DeLong's standard "
            "error, on the logit scale or not) counts the examples as independent. Obuchowski's (1997) "
            f"clustered variance counts the {units}; clustered_auc_test computes it for a difference of two "
            "AUCs, and against a constant scorer (AUC 0.5, all its structural components 1/2, so no "
            "variance and no covariance) the difference is the AUC minus 0.5 with the model's own clustered "
            "standard error: shifted by 0.5, its interval is the AUC's."
        ),
        trainings="none: the model is trained once, then scores the test set",
        caveats=(
            ("The test period must come after every training example (leave a gap); blocks that are too "
             "short stay correlated and the interval is too narrow." if time else
             "No group of the test set may appear in the training set (split by group: group_kfold)."),
            f"The normal interval needs many {units} with positives and with negatives, and it is not "
            "clipped to [0, 1] (near an AUC of 1 its upper limit can pass 1). With few of them use the "
            "cluster bootstrap of the same difference (last line of the sketch; roc_auc_score from "
            f"sklearn.metrics): every resample must then hold both classes, and with about ten {units} its "
            "95 % intervals covered only about 90 % (help(cluster_bootstrap); measured for differences of "
            "accuracy and F1).",
            f"The number of {units} with positives and with negatives, not of examples, sets the precision.",
        ),
        avoid=(
            "auc_interval on the examples: it treats the examples of a group (or neighbours in time) as "
            "independent, so its interval is too narrow.",
            f"Averaging per-{unit} AUC values: undefined for {units} without positive (or negative) "
            "examples, and their mean is not the AUC of the test set.",
        ),
        evidence=(
            "Obuchowski (1997) for the clustered variance (clustered_auc_test equals DeLong's test with one "
            "example per group, checked by its tests); Davison and Hinkley (1997, section 3.8) and Field "
            "and Welsh (2007) for resampling the units that were sampled independently, whole. The coverage "
            "simulation in help(cluster_bootstrap) is for differences of accuracy and F1; chapter 10's "
            "grouped lab shows what treating clustered examples "
            f"as independent costs (the per-example bootstrap missed the true difference in "
            f"{_q('ch10-example-bootstrap-miss')} of test sets at nominal 95 %, the cluster bootstrap in "
            f"{_q('ch10-cluster-bootstrap-miss')})."
        ),
    )


# ------------------------------------------------------------------ chapter 8: a practical question


def _practical(
    n_models: int, n_datasets: int, can_retrain: bool, metric: str, commensurable: bool, per_example: str
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
            functions=(function, "meta_analysis") if commensurable else (function,),
            call=(
                f"{function}(scores_1, scores_2, rope=0.01, seed=0)  # one mean score per data set\n"
                f"# from a benchmark: result.across_datasets({function}, 'A', 'B', rope=0.01, seed=0)"
                + ("\n# frequentist twin: where the difference will lie on a new data set\n"
                   "meta_analysis(differences, std_errors, test='knha').prediction_interval  # corrected "
                   "SEs\n# from a benchmark: result.meta_analysis('A', 'B', test='knha').prediction_interval"
                   if commensurable else "")
            ),
            chapter=8,
            why=(
                PRACTICAL_WHY + " Over data sets, the Dirichlet-process model of Benavoli et al. describes "
                "the population of data sets like these by three shares: theta_left, theta_rope and "
                "theta_right, the shares of data sets on which the second algorithm is practically better, "
                "the two are practically equivalent, and the first is practically better"
                + (" (for the signed-rank test, shares of pairs of data sets, judged by the mean of their "
                   "two differences)" if commensurable else "")
                + ". p_left, p_rope and p_right are the posterior probabilities that each share is the "
                "largest of the three, that is, that each outcome is the most probable one on a new data set "
                "like these: statements about shares of data sets, not about a mean difference. "
                f"{how}." + pairs
            ),
            trainings="per data set, whatever the score needs (10 x 10 CV: 100 per algorithm and data set)",
            caveats=(
                ROPE_CAVEAT,
                "'The first is at least as good as the second' is not p_rope + p_right: that sum is the "
                "posterior probability that theta_left is not the largest share, and a draw in which the "
                "second algorithm is practically better on 45 % of data sets can still count for it. Fix in "
                "advance the largest share c of data sets on which the second may be practically better, "
                f"and report the posterior probability that theta_left < c: post = {function}(scores_1, "
                "scores_2, rope=0.01, seed=0); (post.samples[:, 0] < c).mean(). Its frequentist twin is the "
                "prediction interval of a random-effects meta-analysis of the per-data-set differences with "
                "their corrected standard errors (meta_analysis(differences, std_errors, test='knha'), "
                "chapter 8): where the difference will lie on a new data set. A non-inferiority test on the "
                "pooled mean difference (its confidence interval against -margin) answers another question: "
                "whether the algorithm is at least as good on average over data sets, not on each new one.",
                f"Report the prior: a pseudo-observation at 0 of weight prior_strength (default {prior}) "
                "pulls towards equivalence; on Demšar's 14 data sets (chapter 8, signed-rank test, ROPE "
                f"0.01) a weight of 5 raises p_rope from {_demsar_bayesian()['p_rope']} to "
                f"{_demsar_bayesian()['p_rope_strong']}.",
                "The probabilities are Monte Carlo estimates: with 50 000 draws their standard error is at "
                f"most sqrt(0.25 / 50 000) = {MC_SE:.3g}.",
                "With few data sets no region reaches a high probability; the data sets must be independent.",
                "The hierarchical model (Corani et al. 2017) uses every fold score, not only the means; it "
                "needs MCMC (baycomp), and lecture_lib does not implement it.",
            )
            + per_pair,
            avoid=(
                "Reading a significant Wilcoxon test as 'practically better': on Demšar's 14 data sets "
                f"Wilcoxon's p = {_demsar_bayesian()['wilcoxon_p']}, yet with a ROPE of 0.01 the posterior "
                "probability that 'tuning practically better' is the most probable outcome is only "
                f"{_demsar_bayesian()['p_right']} (chapter 8).",
            ),
            evidence=(
                "Benavoli et al. (2014, 2017); chapter 8 reproduces the tutorial's published probabilities "
                "on its 54 data sets within Monte Carlo error (NBC against AODE, signed-rank: "
                f"{_q('ch8-54-signed-rank')} against the published 0.877). Prediction intervals: Higgins, "
                "Thompson and Spiegelhalter (2009)."
            ),
        )
    if can_retrain:
        return Recommendation(
            scenario=f"{n_models} learning algorithms, one data set: practically better or equivalent?",
            test="Bayesian correlated t-test with a ROPE (TOST to show equivalence, the non-inferiority "
            "test for 'at least as good')",
            functions=("bayesian_correlated_ttest", "equivalence_test", "noninferiority_test",
                       "run_benchmark"),
            call=(
                "bayesian_correlated_ttest(scores_1, scores_2, test_train_ratio=1 / (k - 1), rope=0.01)  "
                "# r x k CV scores\n"
                "equivalence_test(scores_1, scores_2, margin=0.01, test_train_ratio=1 / (k - 1))  # TOST\n"
                "noninferiority_test(scores_1, scores_2, margin=0.01, test_train_ratio=1 / (k - 1))  # 1 at "
                "least as good?\n"
                "# from a benchmark: result.per_dataset(bayesian_correlated_ttest, 'A', 'B', "
                "test_train_ratio=1 / 9, rope=0.01)"
            ),
            chapter=8,
            why=(
                PRACTICAL_WHY + " The correlated t-test of Corani and Benavoli turns the r x k "
                "cross-validation scores into a Student posterior of the mean difference mu, with the "
                "Nadeau-Bengio correlation (rho = n_test/n = 1/k, so test_train_ratio = 1/(k - 1)): p_left, "
                "p_rope and p_right are the "
                "posterior probabilities that mu lies below -rope, inside the ROPE and above +rope. Two "
                "frequentist tests with the same corrected standard error answer narrower questions: TOST, "
                "'are the two equivalent within the margin?', declares equivalence when the 90 % interval "
                "lies inside (-margin, margin); the non-inferiority test, 'is the first at least as good, "
                "within the margin?', needs only the interval's lower limit above -margin (the first may "
                "be better)." + pairs
            ),
            trainings="r x k = 100 per algorithm (10 repetitions of 10-fold CV)",
            caveats=(
                ROPE_CAVEAT,
                "Report the prior (the correlated t's flat prior) and the decision threshold (for example "
                "0.95).",
                "With rope = 0 the posterior tail equals the corrected t's one-sided p-value, so chapter "
                "4's caveat carries over: the correlation heuristic was about right for a stable learner "
                "and too small for 1-NN, where the corrected t rejected a true H0 in "
                f"{_q('ch4-1nn-repeated')} of data sets at nominal 5 %; the posterior is then too confident.",
                "It is about this data set only; several data sets need the signed-rank or sign test.",
            )
            + per_pair,
            avoid=(
                "bayesian_correlated_ttest with a tiny test_train_ratio: the naive correlation of 0 treats "
                "the overlapping folds as independent (chapter 8's exercise 2, 10 x 10 CV: a posterior "
                f"sqrt((1/100 + 1/9) / (1/100)) = {math.sqrt((1 / 100 + 1 / 9) / (1 / 100)):.1f} times too "
                "narrow).",
            ),
            evidence=(
                "Corani and Benavoli (2015) and Benavoli et al. (2017); chapter 8 reproduces the tutorial's "
                "published probabilities (NBC against AODE on anneal: P(AODE practically better) = "
                f"{_q('ch8-anneal-right')}, P(rope) = {_q('ch8-anneal-rope')}) and shows the identity with "
                "the corrected t; TOST: Schuirmann (1987), Lakens (2017); non-inferiority: Wellek (2010)."
            ),
        )
    caveats = [
        ROPE_CAVEAT,
        WHICH_QUESTION,
        "The test examples must be independent and numerous enough for the t approximation (for right/wrong "
        "scores: enough disagreements).",
        "It compares the trained models, not the learning algorithms; the course's Bayesian tests are for "
        "cross-validation scores and for many data sets, not for one test set.",
    ]
    if metric == "auc":
        caveats.append("For the AUC: check whether DeLong's interval for the difference, at 90 % for a 5 % "
                       "TOST, lies inside (-margin, margin) (delong_test(..., confidence=0.90)); for "
                       "non-inferiority, whether its lower limit lies above -margin.")
    elif metric == "other":
        caveats.append("For F1 or another metric: check whether the paired bootstrap interval of the "
                       "difference, at 90 % for a 5 % TOST, lies inside (-margin, margin); for "
                       "non-inferiority, whether its lower limit lies above -margin.")
    if per_example == "correctness":
        call = (
            "correct_1 = (y_pred_1 == y_true).astype(float)  # per-example 0/1 correctness\n"
            "correct_2 = (y_pred_2 == y_true).astype(float)\n"
            "equivalence_test(correct_1, correct_2, margin=0.01)  # TOST: practically equivalent?\n"
            "noninferiority_test(mcnemar_table(y_true, y_pred_1, y_pred_2), margin=0.01)  # Tango: model 1 "
            "at least as good?"
        )
        how = ("the non-inferiority test is Tango's score test on the McNemar table, which keeps its level "
               "with few disagreements")
    else:
        call = (
            "equivalence_test(losses_1, losses_2, margin=0.01)  # TOST on per-example losses: equivalent?\n"
            "noninferiority_test(losses_1, losses_2, margin=0.01, higher_is_better=False)  # 1 at least as "
            "good?"
        )
        how = "the non-inferiority test is the one-sided paired t on the per-example losses"
    return Recommendation(
        scenario=f"{n_models} trained models, one test set: practically equivalent, or at least as good?",
        test="Equivalence test (TOST) or non-inferiority test on the per-example scores",
        functions=("equivalence_test", "noninferiority_test"),
        call=call,
        chapter=8,
        why=(
            PRACTICAL_WHY + " With two trained models on one test set there are two such questions, each "
            "with its test and a margin fixed in advance. 'Are the two practically equivalent?': the two "
            "one-sided tests (TOST) on the paired per-example scores declare the models equivalent when the "
            "90 % interval of the mean difference (for right/wrong scores, the accuracy difference) lies "
            "inside (-margin, margin). 'Is model 1 at least as good, within the margin?': the "
            f"non-inferiority test asks only that the lower limit lies above -margin; {how}." + pairs
        ),
        trainings="none: each model is trained once, then predicts the test set",
        caveats=tuple(caveats) + per_pair,
        avoid=("Reading a McNemar p-value above 0.05 as equivalence: no evidence of a difference is not "
               "evidence of equality.",),
        evidence=(
            "Schuirmann (1987) and Lakens (2017) for TOST; Tango (1998) and Fagerland, Lydersen and Laake "
            "(2014) for the score test of paired proportions; chapter 8 teaches TOST and shows that its two "
            "one-sided p-values are the posterior tails of the Bayesian correlated t. No lab of the course "
            "checks them on one test set."
        ),
    )


def _margin_lines(interval: str, what: str, lower_is_better: bool) -> str:
    """Call-sketch lines that read TOST and non-inferiority off a 90 % interval of model 1 minus model 2."""
    side = ("ci.high < margin  # a loss: model 1's bad side is the UPPER limit" if lower_is_better
            else "ci.low > -margin  # higher is better: model 1's bad side is the LOWER limit")
    return (
        f"ci = {interval}  # 90 % interval of {what}\n"
        "equivalent = -margin < ci.low and ci.high < margin  # TOST's logic at 5 %: inside (-m, m)\n"
        f"at_least_as_good = {side}"
    )


def _practical_structured_test_set(
    n_models: int, metric: str, per_example: str, time: bool
) -> Recommendation:
    """A margin for trained models on one test set whose examples come in groups or in time order."""
    pairs = "" if n_models == 2 else (
        f" Run it for each pair you care about ({n_models * (n_models - 1) // 2} pairs at most).")
    margin = "margin = 0.01  # fixed in advance, on the scale of the score (or the loss)\n"
    logic = (
        " The logic is TOST's (chapter 8), applied to an interval whose variance respects the "
        + ("time order" if time else "groups")
        + ": the two models are practically equivalent at the 5 % level when the 90 % interval of the "
        "difference (model 1 minus model 2) lies inside (-margin, margin); model 1 is at least as good, "
        "within the margin (non-inferiority), when the limit on model 1's bad side clears the margin: "
        "for a score such as the accuracy or the AUC the lower limit lies above -margin, for a loss the "
        "upper limit lies below +margin."
    )
    caveats = [ROPE_CAVEAT, WHICH_QUESTION]
    avoid = [
        "equivalence_test or noninferiority_test on the per-example scores: they treat the examples of a "
        + ("stretch of time" if time else "group")
        + " as independent, so the interval is too narrow and equivalence is declared too easily.",
        "Reading a p-value above 0.05 as equivalence: no evidence of a difference is not evidence of "
        "equality.",
    ]
    unit, units = ("block", "blocks") if time else ("group", "groups")
    if metric == "mean" and time:
        errors = (
            "losses_1 = (y_pred_1 != y_true).astype(float)  # per-example 0/1 errors, in time order\n"
            "losses_2 = (y_pred_2 != y_true).astype(float)\n" if per_example == "correctness" else "")
        test = "Diebold-Mariano 90 % interval of the loss difference against the margin (TOST's logic)"
        functions = ("diebold_mariano_test",)
        call = (
            errors + margin
            + "dm = diebold_mariano_test(losses_1, losses_2, horizon=h, confidence=0.90)  # h: how many "
            "steps ahead the models predict\n"
            + _margin_lines("dm.confidence_interval", "the mean of loss_1 - loss_2", lower_is_better=True)
        )
        why = (
            " Here TOST's logic is applied to the Diebold-Mariano interval: "
            "diebold_mariano_test(losses_1, losses_2, horizon=h, confidence=0.90) gives the 90 % interval "
            "of the mean loss difference loss_1 - loss_2 (for right/wrong scores, 0/1 errors), with the "
            "autocovariances up to lag horizon - 1 in its variance and the Harvey-Leybourne-Newbold "
            "correction. It is a difference of losses, so model 1 is at least as good, within m, when the "
            "interval's upper limit lies below +m."
        )
        caveats += [
            "The test period must come after every training example (leave a gap).",
            "horizon is how far ahead the models predict (1: the next example); the variance counts no "
            "correlation beyond lag horizon - 1, so with errors in longer runs widen it (a larger horizon) "
            "or run TOST on block means (equivalence_test(block_means_1, block_means_2, margin=margin)).",
            "It assumes stationary loss differences: look at the differences in order before averaging "
            "them.",
        ]
        evidence = (
            "Schuirmann (1987) for the logic of TOST; Diebold and Mariano (1995) and Harvey, Leybourne and "
            "Newbold (1997) for the interval, which inverts the Diebold-Mariano test; chapter 10's forecasts "
            f"three steps ahead: that test rejected a true H0 in {_q('ch10-dm-level')} of simulated test "
            f"periods at nominal 5 %, the paired t that ignores the time order in {_q('ch10-dm-paired-t')}. "
            "No lab of the course checks the interval against a margin."
        )
    elif metric == "mean" and per_example == "correctness":
        test = ("Cluster-robust 90 % interval of the accuracy difference against the margin (TOST's logic), "
                "or TOST and non-inferiority on the group means")
        functions = ("clustered_mcnemar", "equivalence_test", "noninferiority_test")
        call = (
            margin
            + "res = clustered_mcnemar(y_true, y_pred_1, y_pred_2, groups, confidence=0.90)\n"
            + _margin_lines("res.accuracy_difference", "accuracy_1 - accuracy_2", lower_is_better=False)
            + "\n# or per group: each group's mean correctness, then the paired-t TOST and non-inferiority\n"
            "import numpy as np\n"
            "_, g = np.unique(groups, return_inverse=True)  # groups: the group of each test example\n"
            "means_1 = np.bincount(g, weights=(y_pred_1 == y_true).astype(float)) / np.bincount(g)\n"
            "means_2 = np.bincount(g, weights=(y_pred_2 == y_true).astype(float)) / np.bincount(g)\n"
            "equivalence_test(means_1, means_2, margin=margin)  # TOST on the group means\n"
            "noninferiority_test(means_1, means_2, margin=margin)  # model 1 at least as good?"
        )
        why = (
            " Here the interval is the one clustered_mcnemar(..., confidence=0.90) returns as "
            "accuracy_difference: accuracy_1 - accuracy_2 over all examples, with Obuchowski's "
            "cluster-robust variance taken from the groups. It is an approximate (Wald) interval, and it "
            "needs many groups. The alternative works per group: average each model's correctness within "
            "each group, then run the paired-t TOST (equivalence_test) and the non-inferiority test "
            "(noninferiority_test) on the group means."
        )
        caveats += [
            "No group of the test set may appear in the training set (split by group: group_kfold).",
            "The Wald interval needs many groups; the lab in help(clustered_mcnemar) measures the tests' "
            "level, not this interval's coverage. With few groups prefer the group means.",
            "The group means weigh every group alike, whatever its size: they compare another average than "
            "the accuracy over all examples; say which one the margin is about.",
        ]
        evidence = (
            "Schuirmann (1987) for the logic of TOST; Obuchowski's cluster-robust variance "
            "(help(clustered_mcnemar)); chapter 10's patient simulation shows what treating grouped examples "
            f"as independent costs (McNemar on the scans rejected a true H0 in {_q('ch10-mcnemar-scans')} of "
            f"test sets at nominal 5 %, the paired t on the patient means in {_q('ch10-patient-means')}). No "
            "lab of the course checks these intervals against a margin."
        )
    elif metric == "mean":
        test = "TOST and non-inferiority test on the per-group mean losses"
        functions = ("equivalence_test", "noninferiority_test")
        call = (
            margin
            + "import numpy as np\n"
            "_, g = np.unique(groups, return_inverse=True)  # groups: the group of each test example\n"
            "means_1 = np.bincount(g, weights=losses_1) / np.bincount(g)  # per-example losses of model 1\n"
            "means_2 = np.bincount(g, weights=losses_2) / np.bincount(g)\n"
            "equivalence_test(means_1, means_2, margin=margin)  # TOST on the group means\n"
            "noninferiority_test(means_1, means_2, margin=margin, higher_is_better=False)  # model 1 at "
            "least as good?"
        )
        why = (
            " Here the units are the groups: average each model's losses within each group, then run the "
            "paired-t TOST (equivalence_test) and the non-inferiority test (noninferiority_test, "
            "higher_is_better=False for a loss) on the group means."
        )
        caveats += [
            "No group of the test set may appear in the training set (split by group: group_kfold).",
            "The number of groups, not of examples, sets the precision.",
            "The group means weigh every group alike, whatever its size: they compare another average than "
            "the mean loss over all examples; say which one the margin is about.",
        ]
        evidence = (
            "Schuirmann (1987) for TOST and Wellek (2010) for non-inferiority; chapter 10's patient "
            f"simulation (the paired t on the patient means rejected a true H0 in {_q('ch10-patient-means')} "
            f"of test sets at nominal 5 %, McNemar on the scans in {_q('ch10-mcnemar-scans')}). "
            "No lab of the "
            "course checks them against a margin."
        )
    elif metric == "auc" and not time:
        test = "Clustered AUC test's 90 % interval against the margin (TOST's logic)"
        functions = ("clustered_auc_test",)
        call = (
            margin
            + "res = clustered_auc_test(y_true, scores_1, scores_2, groups, confidence=0.90)  # scores, not "
            "labels\n"
            + _margin_lines("res.auc_difference", "AUC_1 - AUC_2", lower_is_better=False)
        )
        why = (
            " Here the interval is Obuchowski's: clustered_auc_test(..., confidence=0.90).auc_difference, "
            "DeLong's interval with the variances taken from the groups (a normal approximation that needs "
            "many groups, with positives and with negatives)."
        )
        caveats += [
            "No group of the test set may appear in the training set (split by group: group_kfold).",
            "With few groups, the cluster bootstrap's interval at 90 % is the alternative: "
            "cluster_bootstrap(y_true, scores_1, scores_2, groups, metric=roc_auc_score, confidence=0.90, "
            "seed=0).difference.",
        ]
        evidence = (
            "Schuirmann (1987) for the logic of TOST; Obuchowski (1997) for the interval, which equals "
            "DeLong's with one example per group. No lab of the course checks it against a margin."
        )
    else:  # F1 or another metric; or the AUC in time order: resample whole units
        short = "AUC" if metric == "auc" else "F1"
        preds = "scores_1, scores_2" if metric == "auc" else "y_pred_1, y_pred_2"
        arg = "metric=roc_auc_score" if metric == "auc" else "metric='f1'"
        test = f"Cluster bootstrap 90 % interval of the {short} difference against the margin (TOST's logic)"
        functions = ("cluster_bootstrap",)
        call = (
            ("from sklearn.metrics import roc_auc_score\n" if metric == "auc" else "")
            + margin
            + f"boot = cluster_bootstrap(y_true, {preds}, groups, {arg}, confidence=0.90, seed=0)\n"
            + _margin_lines("boot.difference", f"{short}_1 - {short}_2", lower_is_better=False)
            + f"\n# groups: the {unit} of each test example" + (" (e.g. its week)" if time else "")
        )
        why = (
            f" Here the interval is the cluster bootstrap's, which resamples whole {units} (the {short} is "
            f"not a mean over examples, so there is no per-{unit} score to average); TOST's logic on a "
            "bootstrap interval is approximate."
        )
        caveats += [
            ("The test period must come after every training example (leave a gap); blocks that are too "
             "short stay correlated." if time else
             "No group of the test set may appear in the training set (split by group: group_kfold)."),
            f"The cluster bootstrap needs many {units}: with about ten its 95 % intervals covered only about "
            "90 % (help(cluster_bootstrap)).",
        ]
        evidence = (
            "Schuirmann (1987) for the logic of TOST; Davison and Hinkley (1997, section 3.8) for resampling "
            f"whole units; chapter 10's grouped lab (the cluster bootstrap missed the true difference in "
            f"{_q('ch10-cluster-bootstrap-miss')} of test sets at nominal 95 %). No lab of the course checks "
            "it against a margin."
        )
    caveats.append("It compares these trained models on this test set, not the learning algorithms.")
    where = "in time order" if time else "whose examples come in groups"
    return Recommendation(
        scenario=f"{n_models} trained models, one test set {where}: practically equivalent, or at least as "
        "good?",
        test=test,
        functions=functions,
        call=call,
        chapter=8 if functions[0] == "equivalence_test" else 10,
        why=PRACTICAL_WHY + logic + why + pairs,
        trainings="none: each model is trained once, then predicts the test set",
        caveats=tuple(caveats),
        avoid=tuple(avoid),
        evidence=evidence,
    )


# ------------------------------------------- chapters 9 and 10: beyond one accuracy on i.i.d. data


def _pairwise(n_models: int, test: str) -> tuple[str, str]:
    """(why, call) additions for more than two models compared pairwise with Holm's adjustment."""
    pairs = n_models * (n_models - 1) // 2
    return (
        f" With {n_models} models, run it on each of the {pairs} pairs and adjust the p-values with Holm's "
        "procedure.",
        f"\np = []\nfor i, j in pairs:  # the {pairs} pairs (i, j) of the {n_models} models\n"
        f"    p.append({test}(...).pvalue)\nadjust_pvalues(p, method='holm')",
    )


def _with_pairs(n_models: int, test: str, why: str, call: str, functions: tuple) -> tuple[str, str, tuple]:
    """(why, call, functions), extended to all pairs with Holm's adjustment beyond two models."""
    if n_models <= 2:
        return why, call, functions
    more_why, more_call = _pairwise(n_models, test)
    return why + more_why, call + more_call, functions + ("adjust_pvalues",)


def _test_set_answer(n_models: int, test: str, pairwise: str, why: str, call: str,
                     functions: tuple, chapter: int = 9, **fields) -> Recommendation:
    """An answer of chapter 9 or 10 for models on one test set; over two models, ``pairwise`` on all pairs."""
    why, call, functions = _with_pairs(n_models, pairwise, why, call, functions)
    suffix = " (pairwise, with Holm)" if n_models > 2 else ""
    return Recommendation(test=test + suffix, functions=functions, call=call, chapter=chapter, why=why,
                          **fields)


def _auc(n_models: int) -> Recommendation:
    why = (
        "The AUC is a Mann-Whitney statistic over all positive-negative pairs, not a mean over examples, so "
        "McNemar's test does not apply. DeLong's test uses the covariance of the two AUCs measured on the "
        "same examples and gives the AUC difference with its interval."
    )
    call = "delong_test(y_true, scores_1, scores_2)  # predicted scores or probabilities, not labels"
    functions = ("delong_test",)
    return _test_set_answer(
        n_models, "DeLong's test for two correlated AUCs", "delong_test", why, call, functions,
        scenario=f"{n_models} trained models, one test set, compared by ROC AUC",
        trainings="none: each model is trained once, then scores the test set",
        caveats=(
            "It compares these trained models on this population of test examples, not the learning "
            "algorithms.",
            "The test examples must be independent; its p-value is a normal approximation.",
            "Report the AUC difference and its interval next to the p-value.",
        ),
        avoid=("Treating the two AUCs as independent (adding their variances): it ignores the pairing and "
               f"loses power (chapter 9: p = {_q('ch9-unpaired-auc-p')} instead of "
               f"{_q('ch9-delong-p-short')} on the same patients).",),
        evidence=(
            "DeLong, DeLong and Clarke-Pearson (1988), with the O(n log n) algorithm of Sun and Xu (2014); "
            f"chapter 9 reproduces pROC's published example to every digit (Z = {_q('ch9-delong-z')}, p = "
            f"{_q('ch9-delong-p')}; Robin et al. 2011)."
        ),
    )


def _other_metric(n_models: int) -> Recommendation:
    why = (
        "F1, precision and many other metrics are not means over examples, so neither McNemar's test nor a "
        "paired t applies. Resample whole test examples, each with its label and both predictions: the "
        "paired bootstrap gives an interval for the difference (BCa by default), and the paired permutation "
        "test, which swaps the two predictions of an example at random, gives the p-value."
    )
    call = (
        "paired_bootstrap(y_true, y_pred_1, y_pred_2, metric='f1', seed=0)  # interval of the difference\n"
        "paired_permutation_test(y_true, y_pred_1, y_pred_2, metric='f1', seed=0)  # p-value"
    )
    functions = ("paired_bootstrap", "paired_permutation_test")
    return _test_set_answer(
        n_models, "Paired bootstrap interval and paired permutation test", "paired_permutation_test",
        why, call, functions,
        scenario=f"{n_models} trained models, one test set, compared by F1 or another metric",
        trainings="none: each model is trained once, then predicts the test set",
        caveats=(
            "With few positive examples the F1 difference is poorly determined: read the interval.",
            "For accuracy the permutation test is the exact McNemar test (chapter 9); use McNemar's mid-p "
            "test.",
            "The metric can be 'accuracy', 'error_rate', 'f1' or any callable metric(y_true, y_pred).",
            "It compares these trained models on this population of test examples; the examples must be "
            "independent.",
        ),
        avoid=("McNemar's test for an F1 question: it tests accuracy, which can disagree with F1 (chapter 9: "
               f"the plain model more accurate by {_q('ch9-f1-accuracy-gap')} points, the balanced one "
               "better in F1).",),
        evidence=(
            "Efron and Tibshirani (1993) for the bootstrap; chapter 9's coverage lab (1 000 test sets, F1 "
            f"difference: percentile {_q('ch9-bootstrap-percentile')}, BCa {_q('ch9-bootstrap-bca')} at "
            "nominal 95 %); the permutation p-value is exact for the named metrics (the whole permutation "
            "distribution) and a Monte Carlo estimate that is never 0 for a callable (Phipson and Smyth "
            "2010)."
        ),
    )


def _grouped_test_set(n_models: int, metric: str, per_example: str) -> Recommendation:
    if metric == "auc":
        return _clustered_auc(n_models)
    if metric == "other":
        return _whole_units_test_set(n_models, metric, time=False)
    if per_example == "correctness":
        return _clustered_mcnemar(n_models)
    why = (
        "The examples come in groups (several per patient), and the groups, not the examples, were sampled "
        "independently: a patient on whom one model does well gives it several wins at once. The score is a "
        "mean of per-example losses, so average each model's losses within each group, then compare the "
        "group means with a paired test: the paired t-test, or the Wilcoxon signed-rank test of chapter 5."
    )
    call = (
        "import numpy as np\n"
        "_, g = np.unique(groups, return_inverse=True)  # groups: the group of each test example\n"
        "group_means_1 = np.bincount(g, weights=losses_1) / np.bincount(g)  # per-example losses of model 1\n"
        "group_means_2 = np.bincount(g, weights=losses_2) / np.bincount(g)\n"
        "paired_ttest(group_means_1, group_means_2)  # or wilcoxon_signed_rank(group_means_1, group_means_2)"
    )
    functions = ("paired_ttest", "wilcoxon_signed_rank")
    return _test_set_answer(
        n_models, "Paired test on the per-group mean scores", "paired_ttest", why, call, functions,
        chapter=10,
        scenario=f"{n_models} trained models, one test set whose examples come in groups, a loss per example",
        trainings="none: each model is trained once, then predicts the test set",
        caveats=(
            "No group of the test set may appear in the training set (split by group: group_kfold).",
            "The number of groups, not of examples, sets the power.",
            "The unweighted mean of the group means weighs every group alike; with groups of very different "
            "sizes it is another average than the mean loss over all examples: say which one you test.",
            "For right/wrong scores the clustered McNemar test (clustered_mcnemar) tests the accuracy over "
            "all examples; for the AUC, clustered_auc_test; for F1 or another metric that is not a mean over "
            "examples there is no group mean: resample or permute whole groups (cluster_bootstrap, "
            "cluster_permutation_test; recommend_test(..., metric='other', structure='groups')).",
        ),
        avoid=(AVOID_MCNEMAR_CLUSTERED,),
        evidence=(
            "Chapter 10's simulation (2 000 test sets of 40 patients x 5 scans, two equally accurate "
            f"models): McNemar on the scans rejected a true H0 in {_q('ch10-mcnemar-scans')} of test sets at "
            f"nominal 5 %, the paired t-test on the 40 patient means in {_q('ch10-patient-means')}."
        ),
    )


def _clustered_mcnemar(n_models: int) -> Recommendation:
    why = (
        "The examples come in groups (several per patient), and the groups, not the examples, were sampled "
        "independently: a patient on whom one model does well gives it several wins at once. The clustered "
        "McNemar test keeps McNemar's question (are the two models equally accurate over all the examples?) "
        "but takes its variance from the groups, through each group's difference b_k - c_k between the "
        "disagreements won by each model. Yang, Sun and Hardin's statistic (method='yang', the default) "
        "kept its level and had the most power among the tests that did in the lab of "
        "help(clustered_mcnemar); the result also gives the accuracy difference with a cluster-robust "
        "interval."
    )
    call = (
        "clustered_mcnemar(y_true, y_pred_1, y_pred_2, groups)  # method='yang', the default\n"
        "# groups: the group (e.g. the patient) of each test example"
    )
    return _test_set_answer(
        n_models, "Clustered McNemar test (Yang)", "clustered_mcnemar", why, call, ("clustered_mcnemar",),
        chapter=10,
        scenario=f"{n_models} trained models, one test set whose examples come in groups, right/wrong per "
        "example",
        trainings="none: each model is trained once, then predicts the test set",
        caveats=(
            "No group of the test set may appear in the training set (split by group: group_kfold).",
            "The number of groups, not of examples, sets the power. With about 10 groups Yang's test is "
            f"slightly liberal (up to {_q('lab-yang-ten-groups')} at nominal 5 % in that lab); "
            "method='durkalski', which weighs every group alike, is the conservative alternative there.",
            "Its interval (result.accuracy_difference) uses Obuchowski's cluster-robust variance, not the "
            "test's own: near the 5 % threshold the two can disagree (help(clustered_mcnemar)).",
            "The alternative of chapter 10: average each model's correctness within each group and compare "
            "the group means with paired_ttest or wilcoxon_signed_rank (that lab: "
            f"{_q('ch10-patient-means')} at nominal 5 %); it weighs every group alike, whatever its size, so "
            "it tests another average than the accuracy over all examples.",
            "For the AUC: clustered_auc_test; for F1 or another metric that is not a mean over examples: "
            "resample or permute whole groups (cluster_bootstrap, cluster_permutation_test; "
            "recommend_test(..., metric='other', structure='groups')).",
        ),
        avoid=(AVOID_MCNEMAR_CLUSTERED,),
        evidence=(
            "The Type I error and power lab in help(clustered_mcnemar) (10 000 simulated test sets per "
            "setting; 10 to 50 groups of up to 10 examples, intra-group correlation up to one half): Yang's "
            "and Durkalski's tests stayed within Bradley's (1978) band of 0.025 to 0.075 everywhere, Yang's "
            "with more power, while McNemar's test on the examples rejected a true H0 in up to "
            f"{_q('lab-mcnemar-on-groups')} of test sets; chapter 10's patient simulation (40 patients x 5 "
            f"scans: Yang's test rejected a true H0 in {_q('ch10-yang-scans')} of test sets at nominal 5 %, "
            f"McNemar on the scans in {_q('ch10-mcnemar-scans')}). Yang, Sun and Hardin (2010); Durkalski "
            "et al. (2003); the published statistics of the thyroid and psychiatry data are reproduced."
        ),
    )


def _clustered_auc(n_models: int) -> Recommendation:
    why = (
        "The AUC compares every positive with every negative example, and with grouped examples those "
        "comparisons share groups. Obuchowski's (1997) test extends DeLong's: it sums DeLong's per-example "
        "components within each group and estimates the variances and the covariance of the two AUCs from "
        "the groups, which were sampled independently; with one example per group it is DeLong's test. It "
        "gives the AUC difference with its interval."
    )
    call = (
        "clustered_auc_test(y_true, scores_1, scores_2, groups)  # predicted scores, not labels\n"
        "# groups: the group (e.g. the patient) of each test example"
    )
    return _test_set_answer(
        n_models, "Clustered AUC test (Obuchowski)", "clustered_auc_test", why, call, ("clustered_auc_test",),
        chapter=10,
        scenario=f"{n_models} trained models, one test set whose examples come in groups, compared by ROC "
        "AUC",
        trainings="none: each model is trained once, then scores the test set",
        caveats=(
            "No group of the test set may appear in the training set (split by group: group_kfold).",
            "Its normal approximation needs many groups, with positives and with negatives. With few groups "
            "the cluster bootstrap is the alternative for the interval: cluster_bootstrap(y_true, scores_1, "
            "scores_2, groups, metric=roc_auc_score, seed=0) (roc_auc_score from sklearn.metrics), and "
            "cluster_permutation_test for the p-value.",
            "Report the AUC difference and its interval (result.auc_difference) next to the p-value; the "
            "interval excludes 0 exactly when the test rejects at level 1 - confidence (a 95 % interval "
            "with a 5 % test).",
        ),
        avoid=(
            "delong_test on grouped examples: it counts the examples of a group as independent, so its "
            "interval is too narrow (help(clustered_auc_test) shows one).",
            "A paired test on per-group AUC values: undefined for groups without positive (or negative) "
            "examples, and their mean is not the AUC of the test set.",
        ),
        evidence=(
            "Obuchowski (1997) derives the variance from the groups; tests/test_clustered_tests.py checks "
            "that with one example per group it is DeLong's test (pROC's example, chapter 9) and, in a small "
            "Type I error check (600 simulated test sets of 30 patients with correlated scores, tolerance "
            "of three Monte Carlo standard errors), that its rejection rate is compatible with 5 %. That "
            "check is too small to show an advantage over DeLong's test on the examples, which also passed "
            "it; the case for the clustered test is the derivation."
        ),
    )


def _whole_units_test_set(n_models: int, metric: str, time: bool) -> Recommendation:
    """F1, the AUC or another metric that is not a mean over examples, on grouped or time-ordered examples."""
    unit, units = ("block", "blocks") if time else ("group", "groups")
    short = "AUC" if metric == "auc" else "F1"
    name = "The AUC" if metric == "auc" else "F1 (like precision, recall and many other metrics)"
    preds = "scores_1, scores_2" if metric == "auc" else "y_pred_1, y_pred_2"
    arg = "metric=roc_auc_score" if metric == "auc" else "metric='f1'"
    origin = (
        "The test period comes after the training data, as it must, but its examples are in time order: "
        "neighbouring errors are correlated, so blocks (days, weeks) long enough to be nearly independent "
        "are the units."
        if time else
        "The examples come in groups (several per patient), and the groups, not the examples, were sampled "
        "independently."
    )
    why = (
        f"{origin} {name} is not a mean over examples, so there is no per-{unit} score to average (a {unit} "
        f"without positive examples has no {short} of its own, and a mean of per-{unit} values is not the "
        f"test set's value): resample or permute whole {units}. The cluster bootstrap draws {units} with "
        "replacement, each with all its examples, their labels and both models' predictions, and gives an "
        "interval for the difference; the cluster permutation test swaps the two models' predictions for "
        f"all the examples of a {unit} at once, and gives the p-value."
    )
    call = (
        f"cluster_bootstrap(y_true, {preds}, groups, {arg}, seed=0)  # interval of the difference\n"
        f"cluster_permutation_test(y_true, {preds}, groups, {arg}, seed=0)  # p-value"
        + (f"\n# groups: the {unit} of each example" + (", e.g. its week" if time else ""))
        + ("\n# roc_auc_score from sklearn.metrics, or any callable metric(y_true, score); scores, not labels"
           if metric == "auc" else "\n# the AUC: the same on predicted scores with metric=roc_auc_score "
           "(sklearn.metrics)")
    )
    caveats = [
        f"The number of {units}, not of examples, sets the precision; with few {units} the interval is wide. "
        "In chapter 10's lab (40 patients of 5 scans) the cluster bootstrap's 95 % interval missed the true "
        f"difference in {_q('ch10-cluster-bootstrap-miss')} of test sets, the per-example one in "
        f"{_q('ch10-example-bootstrap-miss')}; with about ten groups it covers only about 90 % "
        "(help(cluster_bootstrap)).",
        f"The metric is computed on all the examples of a resample together, so a large {unit} weighs more "
        "than a small one, as on the test set.",
        f"paired_bootstrap and paired_permutation_test resample single examples: with {units} they treat "
        "correlated examples as independent and are too confident.",
    ]
    if metric == "auc":
        caveats.append(f"The permutation test swaps the two models' scores within a {unit}: give it scores "
                       "on one scale (both probabilities, or each model's ranks), or the swapped scores mix "
                       "scales and the test no longer asks whether the AUCs are equal.")
    if time:
        caveats.insert(0, "The test period must come after every training example (leave a gap); blocks that "
                          "are too short stay correlated and the test is too confident.")
    else:
        caveats.insert(0, "No group of the test set may appear in the training set (split by group: "
                          "group_kfold).")
    return _test_set_answer(
        n_models, "Cluster bootstrap interval and cluster permutation test", "cluster_permutation_test",
        why, call, ("cluster_bootstrap", "cluster_permutation_test"),
        chapter=10,
        scenario=f"{n_models} trained models, one test set "
        + ("in time order" if time else "whose examples come in groups")
        + (", compared by ROC AUC" if metric == "auc" else ", compared by F1 or another metric"),
        trainings="none: each model is trained once, then predicts the test set",
        caveats=tuple(caveats),
        avoid=(
            AVOID_MCNEMAR_CLUSTERED,
            f"A paired test on per-{unit} F1 or AUC values: undefined for {units} without positive (or "
            "negative) examples, and their mean is not the metric of the test set.",
        ),
        evidence=(
            "Davison and Hinkley (1997, section 3.8): resample the units that were sampled independently, "
            "whole; chapter 10's grouped simulation shows what treating clustered examples as independent "
            f"costs (McNemar on the scans: {_q('ch10-mcnemar-scans')} rejections of a true H0 "
            "at nominal 5 %)."
        ),
    )


def _time_test_set(n_models: int, metric: str, per_example: str) -> Recommendation:
    if metric != "mean":
        return _whole_units_test_set(n_models, metric, time=True)
    why = (
        "The test set is a later period, as it must be, but its examples are in time order: neighbouring "
        "errors are correlated, like the scans of one patient. The Diebold-Mariano test compares the two "
        "models' expected loss from the per-example losses in time order and puts that correlation into "
        "its variance: forecasts made h steps ahead overlap, so their errors are correlated up to lag h - 1, "
        "and the test counts the autocovariances of the loss differences up to that lag. The Harvey-"
        "Leybourne-Newbold correction (the default) refers it to Student's t; the result gives the mean "
        "loss difference with its interval."
    )
    if per_example == "correctness":
        call = (
            "losses_1 = (y_pred_1 != y_true).astype(float)  # per-example 0/1 errors, in time order\n"
            "losses_2 = (y_pred_2 != y_true).astype(float)\n"
            "diebold_mariano_test(losses_1, losses_2, horizon=1)  # horizon: how many steps ahead they "
            "predict"
        )
    else:
        call = ("diebold_mariano_test(losses_1, losses_2, horizon=1)  # per-example losses in time order; "
                "horizon: how many steps ahead the models predict")
    return _test_set_answer(
        n_models, "Diebold-Mariano test on the per-example losses in time order", "diebold_mariano_test",
        why, call, ("diebold_mariano_test",),
        chapter=10,
        scenario=f"{n_models} trained models, one test set in time order",
        trainings="none: each model is trained once on the past, then predicts the test period",
        caveats=(
            "The test period must come after every training example (leave a gap).",
            "horizon is how far ahead the models predict (1: the next example). The variance counts no "
            "correlation beyond lag horizon - 1: when errors come in longer runs (regimes, outages), look at "
            "the autocorrelation of the loss differences and widen the window (a larger horizon) to cover "
            "it, or use the block means below.",
            "The alternative: mean losses per block (days, weeks), with blocks longer than the errors stay "
            "correlated, compared by paired_ttest(block_means_1, block_means_2) or wilcoxon_signed_rank; the "
            "block length then plays the part of the horizon.",
            "It assumes the loss differences are stationary. A drifting series changes the difference over "
            "time: look at the differences in order before averaging them.",
            "It compares these two trained models over this test period, not the learning algorithms.",
        ),
        avoid=(
            AVOID_MCNEMAR_CLUSTERED,
            "paired_ttest on the per-example losses: it is the Diebold-Mariano test with horizon 1 and "
            "treats correlated neighbours as independent.",
        ),
        evidence=(
            "Diebold and Mariano (1995), with the small-sample correction of Harvey, Leybourne and Newbold "
            "(1997); lecture_lib reproduces R's forecast::dm.test (Hyndman and Khandakar 2008). Chapter 10's "
            "forecasts three steps ahead: the Diebold-Mariano test (h = 3) rejected a true H0 in "
            f"{_q('ch10-dm-level')} of simulated test periods at nominal 5 %, the paired t that ignores the "
            f"time order in {_q('ch10-dm-paired-t')}; tests/test_forecast_tests.py finds the same with "
            "horizon 2."
        ),
    )


def _time_algorithms(n_models: int) -> Recommendation:
    return Recommendation(
        scenario=f"{n_models} learning algorithms, one data set in time order",
        test="Forward-chaining (drifting data) or blocked k-fold (stationary data) evaluation, compared "
        "block by block",
        functions=("forward_chaining", "blocked_kfold", "run_benchmark"),
        call=(
            "forward_chaining(len(y), k=5, gap=g)  # drifting data: train on the past, test the next "
            "block\n"
            "blocked_kfold(len(y), k=5, gap=g)  # stationary data: every block tested, a gap on each side\n"
            "run_benchmark(models, {'series': (X, y)}, cv=lambda X, y, rng: [list(forward_chaining(len(y), "
            "k=5, gap=g))])"
        ),
        chapter=10,
        why=(
            "A deployed model only ever sees the past. Forward chaining trains on everything before a block "
            "and tests on the block (after a gap), so no future leaks into training; it answers the "
            "deployment question, also when the series drifts. For a stationary series, blocked k-fold "
            "(blocked_kfold) tests every block once and trains on both sides of it, leaving a gap of "
            "unused examples on each side; Bergmeir, Hyndman and Koo (2018) found it sound, and less "
            "variable than forward chaining, when the series is stationary and the model's errors are "
            "uncorrelated. Either way the algorithms are compared on the same blocks."
        ),
        trainings="k per algorithm (one per block)",
        caveats=(
            "Forward-chaining block scores are not exchangeable (later models train on more data, and the "
            "series may drift): look at the differences block by block before averaging them.",
            "No test of the course is valid for forward-chaining scores as they stand: the corrected t "
            "assumes exchangeable splits and the blocks are correlated. Treat a t-test over the block "
            "differences as descriptive, or compare on a long final test period as trained models "
            "(diebold_mariano_test on the per-example losses; recommend_test(2, structure='time')).",
            "Blocked k-fold scores on a stationary series are correlated like k-fold scores: the corrected t "
            "on them, with test_train_ratio = n_test / n_train, is chapter 4's heuristic, and no lab of the "
            "course checks it on blocked folds. Choose the gap at least as long as the dependence lasts "
            "(e.g. the lags the features use).",
            "Compare with a trivial forecaster (the most common recent state): chapter 10's model did no "
            "better than it.",
        ),
        avoid=("Shuffled k-fold or repeated CV on time-ordered data: it trains on the future of the test "
               "examples and is optimistic, and every test inherits that.",),
        evidence=(
            "Chapter 10's drifting-sensor example: shuffled cross-validation reported "
            f"{_q('ch10-time-shuffled')}, forward chaining {_q('ch10-time-forward')}, below the "
            f"{_q('ch10-time-trivial')} of always predicting the more common state; Bergmeir, Hyndman and "
            "Koo (2018) for blocked cross-validation of stationary series."
        ),
    )


def _practical_time_algorithms(n_models: int) -> Recommendation:
    """A practical question about algorithms on one data set in time order."""
    pairs = "" if n_models == 2 else (
        f" Run it for each pair you care about ({n_models * (n_models - 1) // 2} pairs at most).")
    return Recommendation(
        scenario=f"{n_models} learning algorithms, one data set in time order: practically better or "
        "equivalent?",
        test="Blocked k-fold scores (stationary series), then the Bayesian correlated t, TOST or the "
        "non-inferiority test with the corrected variance",
        functions=("blocked_kfold", "bayesian_correlated_ttest", "equivalence_test", "noninferiority_test"),
        call=(
            "splits = list(blocked_kfold(len(y), k=10, gap=g))  # stationary series; g: how long the "
            "dependence lasts\n"
            "# scores_1, scores_2: each algorithm's score on the 10 test blocks of these splits\n"
            "import numpy as np\n"
            "# n_test / n_train, averaged: with a gap the end blocks lose it once, the inner blocks twice\n"
            "ratio = np.mean([len(test) / len(train) for train, test in splits])\n"
            "bayesian_correlated_ttest(scores_1, scores_2, test_train_ratio=ratio, rope=0.01)\n"
            "equivalence_test(scores_1, scores_2, margin=0.01, test_train_ratio=ratio)  # equivalent?\n"
            "noninferiority_test(scores_1, scores_2, margin=0.01, test_train_ratio=ratio)  # 1 at least as "
            "good?"
        ),
        chapter=8,
        why=(
            PRACTICAL_WHY + " On a stationary series, blocked k-fold (with a gap on each side of every test "
            "block) gives k scores per algorithm that are correlated like those of one k-fold "
            "cross-validation, so chapter 8's tools apply with the Nadeau-Bengio correction "
            "(test_train_ratio = n_test / n_train): the correlated t's posterior probabilities of "
            "'practically worse, equivalent, better', TOST for 'are the two equivalent within the margin?', "
            "and the "
            "non-inferiority test for 'is the first at least as good, within the margin?'. On a drifting "
            "series, forward chaining answers the deployment question, but its block scores are not "
            "exchangeable (later models train on more data), so no corrected variance or posterior of the "
            "course is valid for them: train both algorithms on the past, then compare the two trained "
            "models on a final test period, the 90 % Diebold-Mariano interval of their loss difference "
            "against the margin (the route of recommend_test(2, question='practical', structure='time'))."
            + pairs
        ),
        trainings="k per algorithm (one per block)",
        caveats=(
            ROPE_CAVEAT,
            "The correction is chapter 4's heuristic for k-fold scores, and one k-fold (r = 1) has few "
            "degrees of freedom; no lab of the course checks it on blocked folds of a time series, where "
            "neighbouring blocks also share their dependence: choose the gap at least as long as it lasts.",
            "Blocked k-fold trains on the future of each test block: only sound for a stationary series "
            "(Bergmeir, Hyndman and Koo 2018). If the series drifts, use the final-test-period route above.",
            "TOST and the non-inferiority test answer different questions: a non-inferior algorithm may be "
            "better, and not worse by the margin is not equivalent.",
        ),
        avoid=(
            "Shuffled 10 x 10 cross-validation on time-ordered data: it trains on the future of the test "
            "examples and is optimistic, and every test and posterior inherits that.",
            "The corrected t, the correlated t or TOST on forward-chaining block scores: they are not "
            "exchangeable, so the correction has nothing to stand on.",
        ),
        evidence=(
            "Bergmeir, Hyndman and Koo (2018) for blocked cross-validation of stationary series; Corani and "
            "Benavoli (2015) and Nadeau and Bengio (2003) for the correlated and corrected t; Schuirmann "
            "(1987) for TOST and Wellek (2010) for non-inferiority; chapter 10's drifting-sensor example for "
            "why the future must not leak into training."
        ),
    )


def _seeds_one_dataset(n_models: int) -> Recommendation:
    why = (
        "The score moves with the seed as well as with the split. The runs on one split share that split, so "
        "they are not independent observations: average the seeds within each split, then test the split "
        "means with the corrected repeated cross-validation t of chapter 4. seed_split_variance separates "
        "the two sources of variance; design_std_error tells how many splits and seeds a given precision "
        "needs (another seed only shrinks the seed part)."
    )
    call = (
        "corrected_repeated_cv_ttest(scores_1.mean(axis=-1), scores_2.mean(axis=-1))  # scores: (r, k, "
        "n_seeds)\n"
        "v = seed_split_variance((scores_1 - scores_2).reshape(r * k, n_seeds)); design_std_error(v, "
        "n_splits, n_seeds)"
    )
    functions = ("corrected_repeated_cv_ttest", "seed_split_variance", "design_std_error")
    why, call, functions = _with_pairs(n_models, "corrected_repeated_cv_ttest", why, call, functions)
    return Recommendation(
        scenario=f"{n_models} learning algorithms with random training (seeds), one data set",
        test="Corrected repeated cross-validation t on the split means over seeds",
        functions=functions,
        call=call,
        chapter=10,
        why=why,
        trainings="r x k x seeds per algorithm (chapter 10: 8 splits x 4 seeds)",
        caveats=(
            "Run both procedures on the same splits; their seeds are unrelated runs.",
            "design_std_error treats the splits as independent, so for splits of one data set it is "
            f"optimistic (chapter 10: {_q('ch10-seeds-design-se')} against the corrected t's "
            f"{_q('ch10-seeds-split-se')}).",
            "Chapter 4's caveat applies to the corrected t: its level is approximate (chapter 4's lab: "
            f"{_q('ch4-1nn-repeated')} at nominal 5 % with 1-NN, an unstable learner).",
        ),
        avoid=(AVOID_PER_RUN,),
        evidence=(
            "Bouthillier et al. (2021); chapter 10's two networks (8 splits x 4 seeds): counting the 32 runs "
            f"as independent gave an interval half as wide and p = {_q('ch10-seeds-runs-p')}, "
            "the test paired "
            f"by split p = {_q('ch10-seeds-split-p')}."
        ),
    )

