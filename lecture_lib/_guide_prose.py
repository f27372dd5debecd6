"""The prose of chapter 11's guide: its standing sentences, its tables' rows and its diagrams' labels.

Kept apart from the decision logic (:mod:`lecture_lib.guide`) and its views
(:mod:`lecture_lib.guide_views`) so that a sentence can be read and edited whole, and so that
every number it quotes from a chapter is registered in one place (:data:`QUOTED`), where
``tests/test_guide.py`` reads each one back from the executed chapter.
"""

from __future__ import annotations

import dataclasses
import math

__all__ = [
    "Quoted",
    "QUOTED",
    "quoted",
    "AVOID_PROPORTIONS",
    "AVOID_KFOLD",
    "AVOID_RESAMPLED",
    "AVOID_MCNEMAR_CLUSTERED",
    "AVOID_PER_RUN",
    "OMNIBUS_POSITION",
    "STABILITY_RULE",
    "ROPE_CAVEAT",
    "PRACTICAL_WHY",
    "WHICH_QUESTION",
    "MC_SE",
    "CARD_ROWS",
    "SHORT_NAMES",
    "DIAGRAM_FOOTERS",
    "DIAGRAM_TITLES",
]

# ------------------------------------------------------------------ numbers quoted from the chapters


@dataclasses.dataclass(frozen=True)
class Quoted:
    """A number the guide quotes from a computation of the course, and where that computation prints it.

    The number is the first one printed after ``label``, itself the first occurrence after ``after``,
    in the stored outputs of ``notebooks/NN-*.ipynb`` (chapter ``chapter``), or, when ``source`` is
    set, in the text that ``source`` names: ``"lecture_lib.<function>"`` for a lab reported in that
    function's docstring, a repository path (``"tests/test_auc.py"``) for a measurement that a test
    writes down and re-checks; ``chapter`` is then the chapter that teaches the function. The guide
    prints it as ``text``, that number times ``scale`` rounded to the decimals of ``text`` (a trailing
    " %" is not part of the number); ``skip`` numbers after ``label`` are passed over first (a column of
    a table row). tests/test_guide.py checks every entry against its source (the notebooks are kept
    equal to a fresh run by nbval).
    """

    text: str
    chapter: int
    label: str
    after: str = ""
    scale: float = 1.0
    source: str = ""
    skip: int = 0


# PairedSimulation prints its heading in lines of at most 74 characters: the anchors hold its line break
_NC = "nearest centroid learner (H0 true: equal accuracies;\n  Bayes accuracies 0.8 and 0.8"
_NN = "1-nearest neighbour learner (H0 true: equal accuracies;\n  Bayes accuracies 0.8 and 0.8"
_SMALL = "nearest centroid learner (H0 true: equal accuracies;\n  Bayes accuracies 0.75 and 0.75"
_POWER = "nearest centroid: trained accuracies"
_FWER_3 = "P(at least one pair declared significant):"
_AUC_LAB = "covered: Wald (delong)  logit"
_AUC_ROW = "0.95         20"  # true AUC, examples per class; then the Wald and the logit coverage

#: Every number the guide quotes from a chapter's outputs, by key (see :class:`Quoted`).
QUOTED = {
    # chapter 3: five equally accurate models, pairwise McNemar tests
    "ch3-unadjusted": Quoted("27 %", 3, "unadjusted pairwise tests", _FWER_3, 100),
    "ch3-holm": Quoted("3.6 %", 3, "Holm-adjusted", _FWER_3, 100),
    # chapter 4's Type I error lab (nearest centroid: stable; 1-NN: unstable; small noisy data) and power
    "ch4-stable-repeated": Quoted("4.0 %", 4, "corrected_repeated_cv", _NC, 100),
    "ch4-stable-kfold": Quoted("0.7 %", 4, "corrected_kfold", _NC, 100),
    "ch4-stable-5x2f": Quoted("3.1 %", 4, "5x2cv_f", _NC, 100),
    "ch4-1nn-repeated": Quoted("12.6 %", 4, "corrected_repeated_cv", _NN, 100),
    "ch4-1nn-kfold": Quoted("3.8 %", 4, "corrected_kfold", _NN, 100),
    "ch4-1nn-5x2f": Quoted("12.4 %", 4, "5x2cv_f", _NN, 100),
    "ch4-small-repeated": Quoted("7.4 %", 4, "corrected_repeated_cv", _SMALL, 100),
    "ch4-small-kfold": Quoted("1.8 %", 4, "corrected_kfold", _SMALL, 100),
    "ch4-power-repeated": Quoted("0.77", 4, "corrected_repeated_cv", _POWER),
    "ch4-power-kfold": Quoted("0.35", 4, "corrected_kfold", _POWER),
    # chapter 6: six equal algorithms, 15 unadjusted pairwise tests (independent of friedman())
    "ch6-unadjusted": Quoted("37 %", 6, "unadjusted pairwise tests: at least one 'significant' pair in"),
    "ch6-nemenyi": Quoted("4.0 %", 6, "at least one significant pair in", "Nemenyi (CD ="),
    # chapter 8: the tutorial's examples (Benavoli et al. 2017)
    "ch8-anneal-right": Quoted("0.954", 8, "P(AODE better) =", "anneal:"),
    "ch8-anneal-rope": Quoted("0.046", 8, "P(rope) =", "anneal:"),
    "ch8-54-signed-rank": Quoted("0.875", 8, "p_left (AODE) =", "NBC vs AODE, ours (tutorial)"),
    # chapter 9
    "ch9-coverage-model-naive": Quoted("86 %", 9, "accuracy_xy  naive", scale=100),
    "ch9-coverage-model-nested": Quoted("95 %", 9, "accuracy_xy nested", scale=100),
    "ch9-coverage-procedure-naive": Quoted("82 %", 9, "accuracy  naive", scale=100),
    "ch9-coverage-procedure-nested": Quoted("94 %", 9, "accuracy nested", scale=100),
    "ch9-delong-z": Quoted("-2.209", 9, "z =", "DeLong (paired):"),
    "ch9-delong-p": Quoted("0.0272", 9, "p =", "DeLong (paired):"),
    "ch9-delong-p-short": Quoted("0.027", 9, "p =", "DeLong (paired):"),
    "ch9-unpaired-auc-p": Quoted("0.15", 9, "p =", "as if independent:"),
    "ch9-f1-accuracy-gap": Quoted("13.7", 9, "accuracy difference (balanced - plain):", scale=-100),
    "ch9-bootstrap-percentile": Quoted("95.6 %", 9, "percentile: coverage", scale=100),
    "ch9-bootstrap-bca": Quoted("94.7 %", 9, "bca: coverage", scale=100),
    "ch9-fwer-unadjusted": Quoted("52 %", 9, "unadjusted: P(any false claim) =", scale=100),
    "ch9-fwer-holm": Quoted("4 %", 9, "Holm: P(any false claim) =", scale=100),
    "ch9-fwer-bh": Quoted("15 %", 9, "BH: P(any false claim) =", scale=100),
    "ch9-fdr-bh": Quoted("4 %", 9, "false discovery rate =", "BH: P(any false claim)", 100),
    # chapter 9's coverage lab of one AUC's interval: the row "true AUC 0.95, 20 per class", 1 000 test sets
    "ch9-auc-wald-coverage": Quoted("85.6 %", 9, _AUC_ROW, _AUC_LAB, 100),
    "ch9-auc-logit-coverage": Quoted("94.3 %", 9, _AUC_ROW, _AUC_LAB, 100, skip=1),
    # chapter 10
    "ch10-seeds-runs-p": Quoted("0.15", 10, "p =", "paired t over all 32 runs"),
    "ch10-seeds-split-p": Quoted("0.44", 10, "pvalue", "FoldTTestResult"),
    "ch10-seeds-split-se": Quoted("0.0061", 10, "std_error", "FoldTTestResult"),
    "ch10-seeds-design-se": Quoted("0.0034", 10, "8 splits x 4 seeds"),
    "ch10-groups-shuffled": Quoted("99 %", 10, "scans shuffled:", scale=100),
    "ch10-groups-grouped": Quoted("73 %", 10, "patients kept whole:", scale=100),
    "ch10-groups-new": Quoted("81 %", 10, "new patients:", scale=100),
    "ch10-mcnemar-scans": Quoted("14 %", 10, "rejects a true H0 in", "McNemar on scans", 100),
    "ch10-patient-means": Quoted("4.2 %", 10, "rejects a true H0 in", "paired t on patient means", 100),
    "ch10-cluster-bootstrap-miss": Quoted("5.0 %", 10, "misses the true 0 in", "F1, cluster bootstrap", 100),
    "ch10-example-bootstrap-miss": Quoted("16.5 %", 10, "misses the true 0 in", "per-example bootstrap", 100),
    "ch10-time-shuffled": Quoted("85 %", 10, "shuffled 5-fold CV:", scale=100),
    "ch10-time-past-majority": Quoted("71 %", 10, "predicting the state more common in the past:", scale=100),
    "ch10-time-forward": Quoted("70 %", 10, "forward chaining:", scale=100),
    "ch10-time-trivial": Quoted("74 %", 10, "always predicting the more common state:", scale=100),
    "ch10-yang-scans": Quoted("4.3 %", 10, "rejects a true H0 in", "clustered McNemar (Yang)", 100),
    "ch10-dm-paired-t": Quoted("17 %", 10, "rejects a true H0 in", "paired t (ignores time)", 100),
    "ch10-dm-level": Quoted("5.1 %", 10, "rejects a true H0 in", "Diebold-Mariano, h = 3", 100),
    # labs reported in the docstrings of issue 27's functions
    "lab-mcnemar-on-groups": Quoted("41 %", 10, "up to", "McNemar's test ignores the groups",
                                    source="lecture_lib.clustered_mcnemar"),
    "lab-yang-ten-groups": Quoted("6.5 %", 10, "up to", "with about 10 groups",
                                  source="lecture_lib.clustered_mcnemar"),
}


def quoted(key: str) -> str:
    """The text of a quoted number (a KeyError for a key that is not registered)."""
    return QUOTED[key].text


_q = quoted  # short: it sits inside long f-strings


# ------------------------------------------------------------------ standing sentences of the answers

AVOID_PROPORTIONS = (
    "proportion_difference_test: it treats the two accuracies as independent although both are measured on "
    "the same test examples (chapter 4; Dietterich 1998)."
)

AVOID_KFOLD = (
    "kfold_cv_ttest: the k training sets overlap, so the fold differences are correlated and the t "
    "statistic's variance is underestimated: too many false alarms (chapter 4's lab; Dietterich 1998)."
)

AVOID_RESAMPLED = (
    "resampled_ttest with test_train_ratio=None (Dietterich's plain resampled t): overlapping training and "
    "test sets make it the most liberal test of all (chapter 4's lab)."
)

AVOID_MCNEMAR_CLUSTERED = (
    "mcnemar on the examples: it treats the test examples as independent; examples of one group (or "
    "neighbours in time) win or lose together, and chapter 10's simulation (40 patients x 5 scans, two "
    f"equally accurate models) saw it reject a true H0 in {_q('ch10-mcnemar-scans')} of test sets at nominal "
    "5 %."
)

AVOID_PER_RUN = (
    "A t-test that counts every (split, seed) run as an independent observation: the runs on one split share "
    "it, and the splits overlap; chapter 10 found an interval half as wide as the honest one."
)

OMNIBUS_POSITION = (
    "Holm's procedure on the pairwise tests controls the family-wise error rate in the strong sense "
    "(whichever models are truly equal) on its own: it is valid whether or not the omnibus test rejects, and "
    "the two can disagree. Report both."
)

# The one-line rule of chapter 4 for one data set (review L7): the default, and when to leave it.
STABILITY_RULE = (
    " The rule of chapter 4: the corrected t on 10 x 10 CV by default; for an unstable learner (one whose "
    "model changes a lot when a few training examples change: nearest neighbours, deep "
    "unpruned trees) or a small, noisy data set, the conservative corrected t on one 10-fold CV "
    "(test='corrected_kfold')."
)

ROPE_CAVEAT = (
    "Choose the ROPE (or equivalence margin) before looking at the results, on the scale of the scores (0.01 "
    "= one point of accuracy in [0, 1]), from what difference would matter in the application; report it, "
    "and how the conclusion changes with it."
)

PRACTICAL_WHY = (
    "The question is not 'is there any difference?' but 'is one practically better, or are the two "
    "practically equivalent?'. That needs a region of practical equivalence (ROPE) fixed in advance; a "
    "p-value cannot answer it, and 'no evidence of a difference' never shows equivalence."
)

WHICH_QUESTION = (
    "Say in advance which question you ask. TOST: 'are the two practically equivalent?' (within the "
    "margin either way). Non-inferiority: 'is model 1 at least as good, within the margin?' (one-sided; "
    "model 1 may be better). Non-inferiority does not show equivalence, and a failed TOST does not show "
    "a difference."
)

# Monte Carlo standard error of a probability estimated from the 50 000 draws of the Bayesian sign and
# signed-rank tests, at its largest (p = 1/2).
MC_SE = math.sqrt(0.25 / 50_000)


# ------------------------------------------------------------------ the overview tables of tests


def _group(index: int, *rows) -> tuple:
    return ((index, rows),)


#: (index in CARD_GROUPS, rows) of the overview tables; each row holds the fields of a GuideCard
#: up to ``recommended``.
CARD_ROWS = _group(
    0,
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
     "omnibus; the pairwise McNemar tests with Holm are valid without it (report both); can reject too often "
     "when two models are near-identical (chapter 3)", 3, True),
    ("DeLong's test (AUC)", "delong_test", "2 trained models, 1 test set, ROC AUC",
     "the two AUCs are equal", "independent examples; normal approximation", "0 (1 training each)",
     "uses the correlation of the two AUCs; gives the difference and its interval (pROC's example "
     "reproduced)",
     9, True),
    ("Paired bootstrap and permutation test (F1, any metric)", "paired_bootstrap",
     "2 trained models, 1 test set, F1 or another metric",
     "the two predictions of each example are exchangeable (permutation test)",
     "independent examples; resamples whole examples", "0 (1 training each)",
     f"BCa interval by default (chapter 9's lab: {_q('ch9-bootstrap-bca')} at nominal 95 %); p-value from "
     "paired_permutation_test",
     9, True),
    ("Paired test on group means", "paired_ttest",
     "trained models, test examples in groups (patients), a mean score (accuracy, a loss)",
     "the mean group-level difference is 0", "independent groups (not examples)", "0 (1 training each)",
     "for a loss per example; for right/wrong scores the clustered McNemar test is the default: the mean of "
     "group means weighs every group alike, whatever its size (chapter 10)", 10, True),
    ("Clustered McNemar (Yang)", "clustered_mcnemar",
     "2 trained models, test examples in groups (patients), right/wrong per example",
     "equal accuracies (E[b - c] = 0)", "independent groups (not examples); enough groups for chi-squared",
     "0 (1 training each)",
     "method='yang' (the default) held Bradley's 0.025-0.075 band with 10-50 groups in the lab of "
     f"help(clustered_mcnemar), where McNemar on the examples reached {_q('lab-mcnemar-on-groups')}; "
     "method='durkalski' is the conservative alternative with few groups (chapter 10)", 10, True),
    ("Clustered AUC test (Obuchowski)", "clustered_auc_test",
     "2 trained models, test examples in groups, ROC AUC",
     "the two AUCs are equal", "independent groups; normal approximation (many groups)",
     "0 (1 training each)",
     "DeLong's test with the variances taken from the groups (it is DeLong's test with one example per "
     "group); few groups: cluster_bootstrap for the interval (chapter 10)", 10, True),
    ("Diebold-Mariano test", "diebold_mariano_test",
     "2 trained models, a later test period in time order, a loss per example (0/1 errors or a loss)",
     "equal expected loss (the mean loss difference is 0)",
     "stationary loss differences, correlated up to lag horizon - 1 only", "0 (1 training each)",
     "horizon = how far ahead the models predict; the Harvey-Leybourne-Newbold correction by default; "
     "block means with a paired t are the alternative (chapter 10)", 10, True),
    ("AUC interval of one model (logit)", "auc_interval", "1 trained model, 1 test set, ROC AUC",
     "(an interval, not a test)", "independent examples; DeLong's standard error on the logit scale",
     "0 (1 training)",
     f"method='logit' stays inside (0, 1): at AUC 0.95 with 20 + 20 examples it covered "
     f"{_q('ch9-auc-logit-coverage')}, the clipped Wald interval {_q('ch9-auc-wald-coverage')} "
     "(chapter 9's lab, 1 000 test sets; Qin & Hotilovac 2008)", 9, True),
    ("Cluster bootstrap and permutation test", "cluster_bootstrap",
     "trained models, test examples in groups, F1, the AUC or another metric that is not a mean",
     "the two models' predictions are exchangeable within each group (permutation test)",
     "independent groups; resamples or permutes whole groups", "0 (1 training each)",
     "no per-group F1 or AUC to average: resample whole groups for the interval; p-value from "
     "cluster_permutation_test (chapter 10)", 10, True),
    ("McNemar on grouped examples", "mcnemar", "trained models, test examples in groups",
     "equal accuracies", "independent examples (false: a group wins or loses together)",
     "0 (1 training each)",
     f"chapter 10: {_q('ch10-mcnemar-scans')} rejections of a true H0 at nominal 5 % with 5 scans per "
     "patient",
     10, False),
) + _group(
    1,
    ("Corrected repeated CV t", "corrected_repeated_cv_ttest", "2 algorithms, 1 data set",
     "equal expected score (algorithms trained on (k - 1)/k of the data)",
     "s^2 / (r k) replaced by (1/(r k) + 1/(k - 1)) s^2 (Nadeau & Bengio 2003; Bouckaert & Frank 2004)",
     "r x k per algorithm (10 x 10)",
     f"the course's default (chapter 4's lab: {_q('ch4-stable-repeated')} at nominal 5 % with a stable "
     f"learner, {_q('ch4-1nn-repeated')} with 1-NN); for unstable learners use the corrected t on one k-fold "
     "CV; run_benchmark or compare_algorithms(test='corrected_repeated_cv')", 4, True),
    ("Corrected t on one k-fold CV", "compare_algorithms", "2 algorithms, 1 data set, unstable learner "
     "(nearest neighbours, deep unpruned trees) or small noisy data",
     "equal expected score (algorithms trained on (k - 1)/k of the data)",
     "the same correction with r = 1: (1/k + 1/(k - 1)) s^2, larger than the need for a stable learner",
     "k per algorithm (10)",
     f"conservative: at or below 5 % in every setting of chapter 4's lab (1-NN: {_q('ch4-1nn-kfold')}), at "
     f"the cost of power ({_q('ch4-power-kfold')} against {_q('ch4-power-repeated')} with a stable learner); "
     "compare_algorithms(test='corrected_kfold')", 4, True),
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
     "less power than the corrected repeated CV t and no better level (chapter 4's lab: "
     f"{_q('ch4-stable-5x2f')} for a stable learner, {_q('ch4-1nn-5x2f')} for 1-NN)", 4, False),
    ("Nested cross-validation", "nested_cv", "algorithms with tuned hyperparameters",
     "(an estimate, not a test)", "tuning only inside each outer training set",
     "outer folds x grid size x inner folds",
     "gives honest scores of the tuning procedure to feed a test; expensive", 7, True),
    ("Seeds averaged within splits", "seed_split_variance", "2 algorithms with random training (seeds)",
     "equal expected score (corrected t on the split means)", "same splits for both; seeds unrelated",
     "splits x seeds per algorithm",
     "counting every run as independent overstates the evidence (chapter 10); design_std_error plans the "
     "design",
     10, True),
    ("Grouped cross-validation", "group_kfold", "algorithms, examples in groups",
     "(splits, not a test)", "every group whole in one fold", "as the test it feeds",
     f"shuffled folds leak groups (chapter 10: {_q('ch10-groups-shuffled')} shuffled, "
     f"{_q('ch10-groups-grouped')} "
     f"grouped, {_q('ch10-groups-new')} on new patients)", 10, True),
    ("Forward chaining", "forward_chaining", "algorithms, time-ordered data that may drift",
     "(splits, not a test)", "train on the past, test on the next block (with a gap)", "k per algorithm",
     "answers the deployment question; block scores are not exchangeable: compare them block by block "
     "(chapter 10)", 10, True),
    ("Blocked k-fold with a gap", "blocked_kfold", "algorithms, a stationary time series",
     "(splits, not a test)", "contiguous test blocks, a gap of unused examples on each side",
     "k per algorithm",
     "every block tested once, less variable than forward chaining for a stationary series (Bergmeir, "
     "Hyndman & Koo 2018); the fold scores are correlated like k-fold scores (chapter 10)", 10, True),
    ("Nested CV interval of one learner", "cv_interval", "1 algorithm, 1 data set: how good is it?",
     "(an interval, not a test)", "independent examples", "K(K - 1)/2 + K per repetition",
     "method='nested' (the default) covered at or above its level in chapter 9's lab (conservative "
     "there); 'naive' covered too rarely", 9, True),
) + _group(
    2,
    ("Wilcoxon signed-rank", "wilcoxon_signed_rank", "2 algorithms, N data sets",
     "the differences are symmetric about 0", "independent data sets; commensurable differences",
     "CV on each data set",
     "needs N - zeros >= 6 to reach p < 0.05; exact with ties and zeros (Pratt's zeros by default)", 5, True),
    ("Sign test", "sign_test", "2 algorithms, N data sets", "each algorithm wins with probability 1/2",
     "independent data sets; only the signs count", "CV on each data set",
     "weaker than Wilcoxon (chapter 5's power simulation); needs N >= 6 to reach p < 0.05", 5, True),
    ("Friedman", "friedman", "k algorithms, N data sets",
     "on every data set each ordering of the algorithms is equally likely (so equal expected average ranks)",
     "independent data sets",
     "CV on each data set",
     "omnibus; its default p-value is exact wherever the design can be enumerated (never above 5 % under "
     "H0), else the chi-squared p-value; the chi-squared and F p-values it also returns can be far off "
     "with few data sets; no outcome can be significant while k!^(N - 1) < 20 (chapter 6)", 6, True),
    ("Pairwise Wilcoxon + Holm", "pairwise_comparisons", "k algorithms, N data sets, all pairs",
     "for each pair: the differences are symmetric about 0",
     "independent data sets; commensurable differences",
     "CV on each data set",
     "the course's all-pairs procedure: strong control of the family-wise error rate, with or without "
     "Friedman; a pair's p-value ignores the rest of the pool; pairwise_comparisons(scores, test='wilcoxon', "
     "adjust='holm') (chapter 6)", 6, True),
    ("Wilcoxon vs a control + Holm", "control_comparisons", "k algorithms, N data sets, vs a control",
     "for each algorithm: its differences from the control are symmetric about 0",
     "control chosen in advance; independent data sets", "CV on each data set",
     "k - 1 comparisons only, so more powerful than all pairs; strong control of the family-wise error rate "
     "(chapter 6)", 6, True),
    ("Nemenyi", "nemenyi", "k algorithms, N data sets, all pairs",
     "two algorithms have the same expected average rank",
     "independent data sets; controls the family-wise error only when all algorithms are exchangeable",
     "CV on each data set",
     "the classic alternative to pairwise Wilcoxon + Holm: one critical difference, conservative under the "
     "complete null, but a pair's p-value depends on the other algorithms in the pool (chapter 6)", 6, True),
    ("Bonferroni-Dunn / Holm vs control", "bonferroni_dunn", "k algorithms, N data sets, vs a control",
     "an algorithm and the control have the same expected average rank",
     "control chosen in advance; controls the family-wise error only when all algorithms are exchangeable",
     "CV on each data set",
     "the classic alternative to Wilcoxon vs a control + Holm; adjust='holm' is more powerful than "
     "Bonferroni-Dunn; depends on the pool like Nemenyi", 6, True),
    ("Shaffer / Bergmann-Hommel on Wilcoxon or sign tests", "pairwise_comparisons",
     "k algorithms, N data sets, all pairs", "for each pair: the differences are symmetric about 0",
     "transitive pairwise hypotheses (false for Wilcoxon and sign tests)", "CV on each data set",
     "their logical restrictions need one parameter per algorithm: use them only with mean-rank z-tests "
     "(García & Herrera 2008) or paired t-tests on mean scores; lecture_lib refuses them with Wilcoxon or "
     "sign tests", 6, False),
    ("Random-effects meta-analysis", "meta_analysis",
     "2 algorithms, N data sets, a difference and its corrected standard error per data set",
     "the mean difference over data sets is 0",
     "independent data sets; commensurable differences; honest (corrected) standard errors",
     "CV on each data set",
     "beside Wilcoxon, not instead: estimates the spread across data sets (tau^2) and a prediction interval "
     "for the difference on a new data set; test='knha' with few data sets (chapter 8)", 8, True),
    ("Critical difference", "critical_difference", "k algorithms, N data sets",
     "(the smallest significant gap in average ranks)", "Nemenyi or Bonferroni-Dunn", "0",
     "the CD diagram shows every pairwise decision at once; plot_critical_difference(pairwise_comparisons("
     "...)) draws Holm's groups, without a CD bar", 6, True),
) + _group(
    3,
    ("Bayesian correlated t", "bayesian_correlated_ttest", "2 algorithms, 1 data set, r x k CV scores",
     "(posterior probabilities that the mean difference mu lies below -rope, inside the ROPE, above +rope)",
     "Nadeau-Bengio correlation rho = n_test/n = 1/k (test_train_ratio 1/(k - 1)); flat prior",
     "r x k per algorithm (10 x 10)",
     "ROPE fixed in advance; with rope = 0 its tail is the corrected t's one-sided p (chapter 8)", 8, True),
    ("Bayesian signed-rank", "bayesian_signed_rank", "2 algorithms, N data sets, commensurable scores",
     "(posterior probabilities that each outcome, second better, equivalent or first better, is the most "
     "probable one on a new data set: about shares of (pairs of) data sets, not a mean difference)",
     "independent data sets; Dirichlet process, prior pseudo-observation at 0 (weight 0.5)",
     "CV on each data set",
     f"report the ROPE and the prior; Monte Carlo error at most {MC_SE:.3g} with 50 000 draws", 8, True),
    ("Bayesian sign test", "bayesian_sign_test", "2 algorithms, N data sets, scores not commensurable",
     "(posterior probabilities that each outcome is the most probable one on a new data set: about shares "
     "of data sets, not a mean difference)", "independent data sets; prior weight 1 at 0",
     "CV on each data set", "counts data sets on each side of the ROPE, ignores sizes", 8, True),
    ("Equivalence test (TOST)", "equivalence_test",
     "2 models or algorithms, margin fixed in advance: are the two practically equivalent?",
     "|difference| >= margin (rejecting it shows equivalence)",
     "paired t, or the corrected t with test_train_ratio", "as the test it uses",
     "answers 'equivalent within the margin, either way'; rejects when the 90 % interval lies inside "
     "(-margin, margin) (chapter 8)", 8, True),
    ("Non-inferiority test", "noninferiority_test",
     "2 models or algorithms, margin m fixed in advance: is the first at least as good, within m?",
     "the first is worse by m or more (rejecting it shows non-inferiority)",
     "Tango's score test on a McNemar table; paired t, or the corrected t with test_train_ratio, on scores",
     "as the test it uses",
     "answers 'not worse by m' (it may be better), one-sided: the lower limit of the 90 % interval above -m; "
     "not a claim of equivalence (chapter 8)", 8, True),
) + _group(
    4,
    ("Holm / Bonferroni adjustment", "adjust_pvalues", "any family of tests (pairs, metrics, data sets)",
     "(adjusts the p-values of the individual H0s)", "none (valid under any dependence)", "0",
     "controls the family-wise error rate; adjusted p-values are bounds; Holm rejects everything Bonferroni "
     "rejects, and sometimes more", 3, True),
    ("Benjamini-Hochberg", "adjust_pvalues", "many comparisons screened for the few worth a closer look",
     "(adjusts the p-values of the individual H0s)", "independent or positively dependent tests", "0",
     "controls the false discovery rate, not the chance of any false claim (chapter 9's "
     "simulation)", 9, True),
)


# ------------------------------------------------------------------ the decision diagrams

#: The diagrams' short names of the tests recommend_test names.
SHORT_NAMES = {
    "McNemar's mid-p test": "McNemar's mid-p test",
    "Cochran's Q test (or the marginal-homogeneity test) and pairwise McNemar tests with Holm's adjustment":
        "Cochran's Q or marginal homogeneity,\npairwise McNemar + Holm",
    "Corrected repeated cross-validation t test (10 x 10 CV)": "corrected repeated CV t (10 x 10);\n"
                                                               "unstable learner: corrected t, one 10-fold "
                                                               "CV",
    "Pairwise corrected repeated cross-validation t tests (10 x 10 CV), with Holm's adjustment":
        "pairwise corrected repeated CV t + Holm",
    "Wilcoxon signed-rank test": "Wilcoxon signed-rank, or sign test",
    "Friedman test, then pairwise Wilcoxon signed-rank tests with Holm's adjustment":
        "Friedman + pairwise Wilcoxon, Holm;\nWilcoxon + Holm vs a control",
    "Equivalence test (TOST) or non-inferiority test on the per-example scores":
        "TOST (equivalent?) or non-inferiority\n(at least as good?)",
    "Bayesian correlated t-test with a ROPE (TOST to show equivalence, the non-inferiority test for "
    "'at least as good')": "Bayesian correlated t (ROPE), TOST\nor non-inferiority",
    "Bayesian signed-rank test with a ROPE": "Bayesian signed-rank or sign test (ROPE)",
    "DeLong's test for two correlated AUCs": "DeLong's test",
    "Paired bootstrap interval and paired permutation test": "paired bootstrap + permutation test",
    "Paired test on the per-group mean scores": "paired t or Wilcoxon on group means",
    "Clustered McNemar test (Yang)": "clustered McNemar test (Yang)",
    "Clustered AUC test (Obuchowski)": "clustered AUC test (Obuchowski)",
    "Diebold-Mariano test on the per-example losses in time order": "Diebold-Mariano test on the losses",
    "Logit interval for the AUC (DeLong's standard error on the logit scale)": "logit AUC interval "
                                                                               "(auc_interval)",
    "Cluster bootstrap interval and cluster permutation test": "cluster bootstrap + permutation test\n"
                                                               "(whole groups)",
    "Forward-chaining (drifting data) or blocked k-fold (stationary data) evaluation, compared block by "
    "block": "forward chaining (drift) or blocked\nk-fold (stationary), block by block",
    "Blocked k-fold scores (stationary series), then the Bayesian correlated t, TOST or the non-inferiority "
    "test with the corrected variance": "blocked k-fold, then correlated t,\nTOST or non-inferiority",
    "Corrected repeated cross-validation t on the split means over seeds": "seeds averaged per split, "
                                                                           "corrected t",
    "Nested cross-validation interval of Bates, Hastie and Tibshirani": "nested CV interval (cv_interval)",
}

DIAGRAM_FOOTERS = {
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
DIAGRAM_TITLES = {
    "main": "Choosing a test: what you compare, on what, and the question",
    "beyond": "Beyond one accuracy on independent examples (chapters 9 and 10)",
}
