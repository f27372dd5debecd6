# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: -jupytext.text_representation.jupytext_version
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% tags=["remove-cell"]
# Runs only where the course library is missing (Colab, a fresh Binder or venv):
# install it from the course repository. Elsewhere this cell does nothing.
import importlib.util, subprocess, sys

if importlib.util.find_spec("lecture_lib") is None:
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet",
         "lecture_lib @ git+https://github.com/comparing-classifiers/course@main"],
        check=True,
    )

# %% [markdown]
# # Choosing a test
#
# ## Overview
#
# Chapters 2 to 10 each answered one question well. This chapter puts them side by side, so that
# when you face a comparison of your own you can name the right test in a minute and know what
# it costs and what it cannot tell you.
#
# After this chapter you will be able to
#
# - tell whether you are comparing **trained models** or **learning algorithms**, and on **one**
#   data set or **many**: the two questions that decide almost everything;
# - pick the test for each of the four resulting scenarios (source 001's three scenarios plus the
#   "many models on one test set" case of source 000), with its cost in trainings and its caveats;
# - tell a question about *any* difference (a significance test) from a question about a
#   *practical* one, and pick the Bayesian test or the equivalence test of chapter 8 for the
#   second;
# - recognise the situations of chapters 9 and 10 that change the test: the AUC or F1 instead of
#   accuracy, examples in groups or in time order, a training procedure that depends on its seed,
#   an interval for one learner, many metrics at once;
# - name the tests that look applicable but are not, and say why;
# - run the recommended `lecture_lib` call on data from the earlier chapters and read its result
#   together with the effect and its interval;
# - go from a table of scores of your own to a written conclusion: `run_benchmark`, then the
#   result's `.recommend()` and `.report()`;
# - say what backs each recommendation: a lab of the course or a published study.
#
# **Prerequisites:** the earlier chapters, or at least their summaries.
#
# **Source documents.** The course was built from five documents, source 000 to source 004 (the
# glossary lists them). This chapter takes its worked examples from two of them: source 000,
# Raschka's STAT 451 lecture 11 slides (Fall 2020), and source 001, the "Applied Machine
# Learning" slides of LMU Munich (lecture_appml).

# %% tags=["hide-input"]
import textwrap

import matplotlib.pyplot as plt
from IPython.display import HTML, display
from sklearn.datasets import (
    load_breast_cancer,
    load_iris,
    load_wine,
    make_classification,
)
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import NearestCentroid
from sklearn.tree import DecisionTreeClassifier

from lecture_lib import (
    appml_benchmark,
    auc_example,
    bayesian_signed_rank,
    compare_algorithms,
    delong_test,
    friedman,
    friedman_type1_error,
    guide_table_html,
    mcnemar,
    mcnemar_example,
    pairwise_comparisons,
    plot_critical_difference,
    plot_decision_diagram,
    recommend_test,
    recommendation_html,
    report,
    run_benchmark,
    sign_test,
    wilcoxon_example,
    wilcoxon_signed_rank,
)
from lecture_lib.guide import smallest_two_sided_pvalue
from lecture_lib.widgets import which_test_explorer

# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 8 minutes): *Three questions before any test*; *Tests to avoid*; then the
# *Summary*. The other sections, in order, are what the classes teach, except the detail to come
# back to when you need it: *The same six tasks, asked practically*; *Beyond accuracy: two AUCs on
# one test set*; *From your own benchmark to a written conclusion*.

# %% [markdown]
# ## Ask the guide
#
# Describe your experiment with the controls: the answer names the test, the `lecture_lib`
# functions to call, the chapter that teaches it, why it fits, its cost, the evidence behind the
# recommendation (a lab of the course or a cited study), its caveats and the tests to avoid. Every
# control is one argument of the pure function `recommend_test`, which the widget only displays.
# The sections after it explain the questions the controls ask, list every test of the course by
# scenario, and draw the same decisions as two diagrams.

# %% tags=["nbval-ignore-output"]
which_test_explorer()

# %% [markdown]
# The same answer without the widget, for source 001's second scenario (two algorithms, many data
# sets):

# %%
display(HTML(recommendation_html(recommend_test(n_models=2, n_datasets=6))))

# %% [markdown]
# ## Three questions before any test
#
# **What is random in your experiment?** If the classifiers are already trained (a model that
# took a week on a GPU cluster, a vendor's model you cannot retrain) and only the test set is
# random, you compare *trained models*: the conclusion is about these models on this population
# of test examples. If you can train again, the training set is random too, and you can compare
# *learning algorithms*: the conclusion is about what the algorithm does with a training set of
# this size drawn from this population ([Dietterich, 1998](https://doi.org/10.1162/089976698300017197)). The second question is stronger
# and needs a test that sees the training-set variation.
#
# **How many data sets?** On one data set the unit of replication is the example (or the
# resampled split). Over many data sets the unit is the data set: each one contributes a single
# score per algorithm, and the tests work on ranks, because a gain of 0.01 means different things
# on different problems ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)).
#
# **Any difference, or a practical one?** A significance test asks whether there is *any*
# difference; with enough data it finds one, however small, and "no evidence of a difference"
# never shows that two classifiers are equal. If the question is whether one is better *by an
# amount that matters*, or whether the two are practically equivalent, fix a region of practical
# equivalence (ROPE) before looking at the results and use the Bayesian tests of chapter 8
# ([Benavoli et al., 2017](http://jmlr.org/papers/v18/16-305.html)), or the equivalence test (TOST) ([Lakens, 2017](https://doi.org/10.1177/1948550617697177)).
#
# **Then check the assumptions of chapters 9 and 10.** The tests of chapters 2 to 7 assume a score
# that is a mean over independent examples and a training procedure that gives the same model
# every time. The AUC and F1 are not means over examples; examples can come in groups (several per
# patient) or in time order; a neural network's score moves with its seed. Each of these changes
# the test ([Bates et al., 2024](https://doi.org/10.1080/01621459.2023.2197686); [DeLong et al.,
# 1988](https://doi.org/10.2307/2531595); [Bouthillier et al.,
# 2021](https://arxiv.org/abs/2103.03098)).
#
# The tables below list the tests of the course by scenario: when each applies, what it tests and
# assumes, what it costs, and whether to use it.
#
# **Omnibus first?** One position runs through the course (chapters 3 and 6 and this guide): the
# post-hoc procedures do not wait for the omnibus test (Cochran's Q, Friedman), but they do not
# all control the family-wise error rate under the same conditions. Holm-adjusted pairwise tests
# (pairwise McNemar or Wilcoxon tests, Wilcoxon tests against a control) control it in the
# strong sense, whichever pairs are truly equal, so they are valid whether or not the omnibus
# test rejected. Nemenyi's and Bonferroni-Dunn's mean-rank tests control it only when all the
# algorithms are exchangeable; when some differ, a comparison of two equal algorithms depends on
# where the others fall, and can reject too often (an example below, in the section on many
# algorithms). The omnibus test answers a different question, "is there any difference
# at all?". Gating the post-hoc stage on an omnibus rejection, as Demšar and the source documents
# do, only makes it more conservative, and the two can disagree; report both when you run both.

# %% tags=["hide-input"]
display(HTML(guide_table_html()))

# %% [markdown]
# The same decisions as two diagrams: the first follows what you compare, on what, and the
# question; the second the situations of chapters 9 and 10.

# %% mystnb={"figure": {"caption": "The main decision diagram, read from left to right: what you compare (trained models on one test set, algorithms on one data set, algorithms on many data sets), then how many, or whether the question is a practical one; each leaf names the test and the chapter that teaches it. The footer adds nested cross-validation for tuned hyperparameters and the tests to avoid.", "name": "fig-choosing-a-test-decision-diagram"}, "image": {"alt": "A tree drawn from left to right. The root box asks: what do you compare, and on what? It branches into three boxes, each with three leaves. Trained models, one test set (no retraining): 2 models, McNemar's mid-p test (chapter 2); 3 or more, Cochran's Q or marginal homogeneity, pairwise McNemar + Holm (chapter 3); practically better or equivalent?, TOST (equivalent?) or non-inferiority (at least as good?) (chapter 8). Algorithms, one data set (retraining allowed): 2 algorithms, corrected repeated CV t (10 x 10); unstable learner: corrected t, one 10-fold CV (chapter 4); 3 or more, pairwise corrected repeated CV t + Holm (chapter 4); practically better or equivalent?, Bayesian correlated t (ROPE), TOST or non-inferiority (chapter 8). Algorithms, many data sets: 2 algorithms, Wilcoxon signed-rank, or sign test (chapter 5); 3 or more, Friedman + pairwise Wilcoxon, Holm; Wilcoxon + Holm vs a control (chapter 6); practically better or equivalent?, Bayesian signed-rank or sign test (ROPE) (chapter 8). A footer box: hyperparameters tuned on the same data need nested cross-validation (chapter 7); avoid the k-fold CV t and the plain resampled t (too liberal) and the difference of proportions (ignores the pairing)."}} tags=["hide-input"]
ax = plot_decision_diagram(part="main")
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 11.1.** The main decision diagram, read from left to right: what you compare (trained models on one test set, algorithms on one data set, algorithms on many data sets), then how many, or whether the question is a practical one; each leaf names the test and the chapter that teaches it. The footer adds nested cross-validation for tuned hyperparameters and the tests to avoid.

# %% mystnb={"figure": {"caption": "The second decision diagram: the situations of chapters 9 and 10 that change the test, for trained models on one test set (the AUC, F1 or another metric, examples in groups, groups with the AUC, groups with F1 or another metric, a test period in time order, one model's AUC) and for algorithms on one data set (examples in groups, time order, random training, an interval for one learner). The footer adds the multiplicity adjustment across metrics.", "name": "fig-choosing-a-test-beyond-diagram"}, "image": {"alt": "A tree drawn from left to right. The root box asks: which of these describes your experiment? Branch trained models, one test set: metric ROC AUC, DeLong's test (chapter 9); metric F1 or other, paired bootstrap + permutation test (chapter 9); examples in groups, clustered McNemar test (Yang) (chapter 10); groups, metric ROC AUC, clustered AUC test (Obuchowski) (chapter 10); groups, metric F1 or other, cluster bootstrap + permutation test (whole groups) (chapter 10); test period in time order, Diebold-Mariano test on the losses (chapter 10); one model: its ROC AUC, logit AUC interval (auc_interval) (chapter 9). Branch algorithms, one data set: examples in groups, corrected repeated CV t (10 x 10); unstable learner: corrected t, one 10-fold CV (chapter 4) on group_kfold splits (chapter 10); time order, forward chaining (drift) or blocked k-fold (stationary), block by block (chapter 10); random training (seeds), seeds averaged per split, corrected t (chapter 10); one learner: an interval, nested CV interval (cv_interval) (chapter 9). A footer box: several metrics or data sets tested? Adjust all the p-values together, Holm for the family-wise error rate or Benjamini-Hochberg for the false discovery rate (chapter 9)."}} tags=["hide-input"]
ax = plot_decision_diagram(part="beyond")
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 11.2.** The second decision diagram: the situations of chapters 9 and 10 that change the test, for trained models on one test set (the AUC, F1 or another metric, examples in groups, groups with the AUC, groups with F1 or another metric, a test period in time order, one model's AUC) and for algorithms on one data set (examples in groups, time order, random training, an interval for one learner). The footer adds the multiplicity adjustment across metrics.

# %% [markdown]
# ## The scenarios on data from the course
#
# ### Two trained models, one test set: McNemar
#
# Source 000's panel A: two models with accuracies 99.7 % and 99.6 % on 10 000 test examples,
# which disagree on b = 11 and c = 1 examples. $H_0$: both models have the same error rate on
# this population of test examples (equivalently, a disagreement is equally likely to go either
# way). The guide's test is the mid-p version, `mcnemar`'s default ([Fagerland et al., 2013](https://doi.org/10.1186/1471-2288-13-91)).

# %%
panel_a = mcnemar_example("seed000_panel_a")
result = mcnemar(panel_a.table, method="midp")  # the default, written out
exact = mcnemar(panel_a.table, method="exact")
(both_right, _), (_, both_wrong) = panel_a.table
print(panel_a.table)
n_test = panel_a.table.sum()
print(
    f"accuracy of model 1: {(both_right + result.b) / n_test:.1%}, "
    f"of model 2: {(both_right + result.c) / n_test:.1%}"
)
print(
    f"b = {result.b}, c = {result.c}: mid-p = {result.pvalue:.4f} ({result.method}); "
    f"exact p = {exact.pvalue:.4f} = 26/4096"
)
# the effect, as the result carries it: first the interval that inverts the test
print("share of the disagreements won by model 1:\n ", result.win_probability)
print("accuracy of model 1 minus that of model 2:\n ", result.accuracy_difference)
print(f"errors: model 1 {both_wrong + result.c}, model 2 {both_wrong + result.b}")

# %% [markdown]
# If the models were equally good, a split of the 12 disagreements at least as uneven as 11 to 1
# would occur with probability 26/4096 = 0.0063 exactly (given that there are 12 disagreements):
# that is the exact test's p-value. The
# mid-p value, 0.0034, counts the observed split and its mirror image at half weight (12/4096
# less), and stays closer to the nominal level than the exact test in chapter 2's error-rate
# figures. Either way there is evidence at the 5 % level that model 1 is more accurate on this
# population. It wins 11 of the 12 disagreements, and the interval that the mid-p test inverts
# puts its long-run share of the disagreements between 0.65 and 0.996: it excludes one half,
# as a p-value below 0.05 requires. The effect on accuracy is small: 0.1 percentage points, with
# a 95 % Bonett-Price interval from 0.03 to 0.17 points (30 errors against 40, a quarter fewer,
# which may or may not matter in practice; no test can say).
#
# ### Two algorithms, one data set, retraining allowed: corrected repeated cross-validation
#
# Chapter 4's Type I error and power lab is the evidence. The plain resampled t-test rejected a
# true $H_0$ in about 60 % of the simulated data sets; the corrected t on 10 x 10 repeated
# cross-validation ([Nadeau and Bengio, 2003](https://doi.org/10.1023/A:1024068626366)) held its level for a stable learner and was the most
# powerful valid test there, and Bouckaert and Frank (2004) found it the most replicable. Its
# level is approximate, though: for an unstable learner (1-NN) the lab saw 12.6 % rejections at
# nominal 5 %, against 3.8 % for the conservative corrected t on one 10-fold CV (the 5x2cv tests
# ([Dietterich, 1998](https://doi.org/10.1162/089976698300017197); [Alpaydın, 1999](https://doi.org/10.1162/089976699300016007)) fared no better than the first there). The guide's answer gives
# the rule for stable and unstable learners:

# %%
rec = recommend_test(n_models=2, n_datasets=1, can_retrain=True)
print(rec.test)
print(rec.call)
print(textwrap.fill(f"cost: {rec.trainings}", 74))
print(textwrap.fill(f"evidence: {rec.evidence}", 74))
print(textwrap.fill(f"why: {rec.why}", 74))
print(textwrap.fill(f"first caveat: {rec.caveats[0]}", 74))

# %% [markdown]
# ### Two algorithms over many data sets: Wilcoxon (or the sign test)
#
# Source 001's six tasks, rpart against ranger (classification error, lower is better). $H_0$:
# the differences between the two algorithms' errors are symmetric about zero over the population
# of data sets, that is, neither algorithm tends to do better.

# %%
six = wilcoxon_example("seed001_rpart_ranger_6tasks")
wil = wilcoxon_signed_rank(six.scores_1, six.scores_2)  # rpart - ranger
sgn = sign_test(six.scores_2, six.scores_1, higher_is_better=False)  # ranger's wins
print(
    f"Wilcoxon: R+ = {wil.r_plus:g}, R- = {wil.r_minus:g}, p = {wil.pvalue:.4f} "
    f"({wil.method}, zero_method={wil.zero_method!r})"
)
# the effect, as the result carries it: the Hodges-Lehmann estimate (median of the Walsh
# averages) and its interval, at the coverage that six data sets allow
hl = wil.confidence_interval
print(
    f"Hodges-Lehmann estimate of rpart - ranger = {hl.estimate:.4f},\n  "
    f"{wil.interval_coverage:.1%} interval [{hl.low:.4f}, {hl.high:.4f}]"
)
# the sign test's effect: ranger's chance of winning a task that is not a tie
win = sgn.win_probability
print(
    f"sign test: ranger wins {sgn.wins:g} of {sgn.n:g} decided tasks, "
    f"p = {sgn.pvalue:.4f}"
)
print(
    f"  its chance of winning a decided task: {win.estimate:.2f},\n  "
    f"95 % {win.method} interval [{win.low:.2f}, {win.high:.2f}]"
)
print(
    f"smallest attainable two-sided p-value with {wil.n} tasks and {wil.n_zero} tie: "
    f"{smallest_two_sided_pvalue(wil.n, n_zero=wil.n_zero):.4f}"
)

# %% [markdown]
# Ranger has the lower error on four of the six tasks, rpart on one, and one is a tie; yet the
# exact Wilcoxon p-value is 0.125: if neither algorithm were better, the signs of the five
# differences that are not zero would be fair coins, and sign patterns at least this lopsided
# would occur with probability exactly 4/32 (given the sizes of the differences). So there is no
# evidence against $H_0$ at the 5 % level. The typical difference is estimated at 0.067 in
# rpart's disfavour, but its interval (at 96.9 %, the lowest level of at least 95 % that six
# differences allow) runs from -0.002 to 0.143: the data cannot rule out no difference, nor a
# large one. The sign test, which uses only who wins, gives p = 0.375, weaker still (ranger's
# chance of winning a task that is not a tie: 0.8, 95 % interval 0.28 to 0.99). With this
# benchmark's tie only five signs are random, so the smallest two-sided p-value any exact rank
# test could reach is $2/2^5 = 0.0625$: no outcome on these six tasks could have been
# significant at 5 %. (Source 001 concluded "reject"; chapter 5 shows why that is wrong.)
#
# ### The same six tasks, asked practically
#
# Suppose the question was never "is there any difference?" but "is ranger better by more than
# one point of error, or are the two within a point of each other?". The guide's answer:

# %%
practical = recommend_test(n_models=2, n_datasets=6, question="practical")
print(practical.test, "| chapter", practical.chapter)
print("\n".join(practical.call.splitlines()[:2]))
# the ROPE is fixed before the data; the second one shows how much it matters
for rope in (0.01, 0.05):
    # accuracies, ranger first: p_right is "ranger practically better"
    post = bayesian_signed_rank(1 - six.scores_2, 1 - six.scores_1, rope=rope, seed=0)
    print(
        f"ROPE {rope}: P(rpart practically better) = {post.p_left:.3f}, "
        f"P(equivalent) = {post.p_rope:.3f},\n  P(ranger practically better) = "
        f"{post.p_right:.3f} (Monte Carlo s.e. {post.monte_carlo_se:.4f})"
    )

# %% [markdown]
# With a ROPE of one point, the posterior probability that "ranger is practically better" is the
# most probable outcome on a new task like these is 0.95, where Wilcoxon's test could not even
# reach 5 %. The two answers do not contradict each other; they answer different questions, and
# the Bayesian one leans on assumptions a reader must see. With six tasks, the posterior puts all
# its weight on the six observed differences and on the prior's pseudo-observation at zero (weight
# 0.5): it cannot imagine a task unlike these six. With a ROPE of five points the probability
# falls to 0.71: no region reaches 0.95. Report the ROPE, the prior and both numbers, as chapter 8
# recommends, and read six tasks as six tasks.
#
# ### Many algorithms over many data sets: Friedman, then a post-hoc test
#
# Source 001's third scenario: six learners on 16 tasks. $H_0$ of Friedman's test: the six
# algorithms are interchangeable, so that on every task each ordering of them is equally likely
# (and all have the same expected rank).

# %%
bench = appml_benchmark()
fr = friedman(bench.scores, higher_is_better=bench.higher_is_better)
print(f"chi2_F = {fr.statistic:.3f} (df {fr.df}); p = {fr.pvalue:.3g} ({fr.method})")
print(
    f"  chi-squared p = {fr.chi2_pvalue:.3g}; "
    f"Iman-Davenport F = {fr.iman_davenport:.2f}"
)
print(textwrap.fill(f"pvalue_method: {fr.pvalue_method}", 74))
print(f"Kendall's W = {fr.kendalls_w:.3f}")
n_tasks, n_learners = bench.scores.shape
print(textwrap.fill(recommend_test(n_learners, n_tasks).caveats[0], 74))

# %% [markdown]
# The permutation distribution of six algorithms on 16 tasks is too large to enumerate, so
# `friedman` returns the chi-squared p-value here (it errs on the safe side of the exact test),
# and the guide gives its simulated level for this design, a little below 5 %. Both approximate p-values are far below 0.05 (read them as "far
# below any level in use", not as frequencies): if the six algorithms were interchangeable,
# rankings as consistent across 16 tasks as these would essentially never occur, so there is
# strong evidence that some algorithms differ. The effect is large: Kendall's $W = 0.71$ on a
# scale from 0 (no agreement between the tasks' rankings) to 1 (every task ranks them alike);
# chapter 6 gives its bootstrap interval, 0.64 to 0.82. Which algorithms differ? The guide's
# answer for all pairs: a Wilcoxon signed-rank test of each pair on its own scores, with Holm's
# adjustment (valid without a Friedman rejection), drawn as a critical-difference diagram of
# Holm's groups:

# %% mystnb={"figure": {"caption": "Critical-difference diagram of pairwise Wilcoxon tests with Holm's adjustment for the six learners of source 001 on 16 tasks: average ranks, best on the left. Thick lines join learners that Holm's procedure did not separate at the 5 % family-wise level; ranger is joined only with svm. There is no CD bar: Holm's procedure has no single critical difference.", "name": "fig-choosing-a-test-cd-diagram"}, "image": {"alt": "Critical-difference diagram with a horizontal average-rank axis from 1 to 6 and, above it, a line naming the procedure (Wilcoxon signed-rank, Holm). The learners hang from the axis by lines to their names: ranger 1.59, svm 2.19 and kknn 3.50 on the left; rpart 3.53, cv_glmnet 4.25 and featureless 5.94 on the right. Three overlapping thick lines join the groups not significantly different: ranger and svm; svm, kknn and rpart; kknn, rpart and cv_glmnet. featureless is joined to no one."}}
holm = pairwise_comparisons(
    bench.scores, names=bench.algorithms, higher_is_better=bench.higher_is_better
)
fig, ax = plt.subplots(figsize=(8, 3))
plot_critical_difference(holm, ax=ax)
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 11.3.** Critical-difference diagram of pairwise Wilcoxon tests with Holm's adjustment for the six learners of source 001 on 16 tasks: average ranks, best on the left. Thick lines join learners that Holm's procedure did not separate at the 5 % family-wise level; ranger is joined only with svm. There is no CD bar: Holm's procedure has no single critical difference.

# %%
print(holm)

# %% [markdown]
# Algorithms joined by a thick line are not significantly different at the 5 % family-wise
# level. ranger is joined only with svm: Holm's procedure separates it from kknn, rpart,
# cv_glmnet and featureless (ranger against rpart: the median of the 16 error differences is
# 0.065 in ranger's favour, Holm-adjusted p = 0.0012). An adjusted p-value is the smallest
# family-wise level at which the procedure declares the pair: a bound, not the frequency of an
# outcome. ranger and svm are not separated (adjusted p = 0.214): no evidence of a difference,
# which is not evidence that they are equally good.
#
# Nemenyi's mean-rank test, the classic alternative, reaches the same verdict for ranger here,
# but its p-value for a pair depends on the other algorithms in the pool (ranger against rpart:
# 0.040 with all six, 0.076 without kknn; chapter 6), and it controls the family-wise error rate
# only when all the algorithms are exchangeable. The guide's caveat on it computes what can
# happen otherwise:

# %%
many = recommend_test(n_learners, n_tasks)
print(textwrap.fill(next(c for c in many.caveats if c.startswith("Nemenyi")), 74))

# %% [markdown]
# Three algorithms with the same expected rank, two of which take the first and the last place at
# random on each of 40 data sets while the third always sits in the middle: every $H_0$ of
# Nemenyi's test is true, yet it declares at least one pair different with probability 8.1 % at
# nominal 5 % (computed exactly, not simulated). Its critical difference assumes that all the
# algorithms are exchangeable, and the one in the middle breaks that: it pushes the other two
# apart on every data set. A Wilcoxon test of a pair sees only the pair's own scores.
#
# Shaffer's and Bergmann and Hommel's procedures reject more than Holm's, but only with tests of
# one parameter per algorithm, such as García and Herrera's mean-rank z-tests ([García and Herrera, 2008](https://jmlr.org/papers/v9/garcia08a.html)); with
# pairwise Wilcoxon tests their logic ("A = B and B = C imply A = C") does not hold, so the guide
# never combines them.
#
# ### Beyond accuracy: two AUCs on one test set
#
# Chapter 9's published example: does the S100B protein or the WFNS grade better predict a poor
# outcome in 113 patients? The AUC is not a mean over patients, so the guide sends us to DeLong's
# test. $H_0$: the two markers have the same AUC in the population the patients come from.

# %%
print(recommend_test(n_models=2, metric="auc").call)
asah = auc_example()
auc_result = delong_test(asah["outcome"], asah["s100b"], asah["wfns"], positive="Poor")
diff = auc_result.difference  # S100B minus WFNS, the order of the arguments
print(f"AUC S100B {auc_result.auc_1:.3f}, WFNS {auc_result.auc_2:.3f}")
print(
    f"WFNS minus S100B: {-diff.estimate:.3f}, 95 % {diff.method} interval "
    f"[{-diff.high:.3f}, {-diff.low:.3f}];\n  z = {-auc_result.statistic:.3f}, "
    f"p = {auc_result.pvalue:.4f}"
)

# %% [markdown]
# WFNS has the larger AUC by 0.092, with a 95 % interval from 0.010 to 0.174 (the numbers of
# chapter 9). DeLong's test gives p = 0.027, an approximate p-value (its statistic is compared
# with the normal distribution): evidence at the 5 % level that WFNS ranks the patients better,
# by an amount the data determine poorly. McNemar's test could not have answered this question:
# it compares right/wrong decisions at one threshold, not rankings.
#
# ### And if you tune hyperparameters?
#
# Every scenario above assumes that the scores are honest estimates. If the hyperparameters were
# chosen on the same data, the best cross-validation score is optimistic (chapter 7 shows it on
# random labels, where the truth is 50 %): tune inside each training set with nested
# cross-validation, then compare the outer scores with the test of your scenario.

# %%
tuned = recommend_test(n_models=3, n_datasets=1, can_retrain=True, tuning=True)
print(textwrap.fill(tuned.why, 74))

# %% [markdown]
# ## Tests to avoid
#
# Some tests look applicable and are not:
#
# - the **paired t-test on k-fold scores** and the **resampled t-test**: the training sets overlap,
#   the differences are correlated, and the variance is underestimated; in chapter 4's lab the
#   resampled t rejected a true $H_0$ in about 60 % of the simulated data sets at nominal 5 %,
#   and the k-fold t in up to 13 % (with 1-NN);
# - the **difference of two proportions** on one test set: it treats two accuracies measured on
#   the same examples as independent (chapter 4);
# - **all pairwise tests at 5 %** after several models: the chance of at least one false
#   "significant" pair grows with the number of pairs (chapters 3 and 6);
# - a **t-test over data sets**: the differences are not commensurable, outliers dominate and
#   normality is doubtful with few data sets (chapter 5);
# - **McNemar's test on grouped examples** (several scans per patient): examples of one group win
#   or lose together, and in chapter 10's simulation it rejected a true $H_0$ in 14 % of test sets
#   at the nominal 5 %; use the clustered McNemar test instead;
# - **two AUCs treated as independent**, or **McNemar's test for an F1 question**: the first throws
#   away the pairing, the second tests accuracy, which can disagree with F1 (chapter 9);
# - **every (split, seed) run counted as an independent observation**, and the **naive CV
#   interval** $\text{mean} \pm 1.96\,\text{sd}/\sqrt{n}$: both treat dependent scores as
#   independent and claim more precision than the data hold (chapters 9 and 10);
# - **Shaffer's or Bergmann and Hommel's adjustment on pairwise Wilcoxon or sign tests**: their
#   gain comes from the logic "A = B and B = C imply A = C", which holds for hypotheses about one
#   parameter per algorithm (a mean rank, a mean score) but not for the hypotheses of these tests,
#   so the family-wise level is no longer guaranteed; use Holm's adjustment;
# - a **p-value above 0.05 read as equivalence**: that needs a margin and an equivalence test, or
#   a ROPE (chapter 8).
#

# %% [markdown]
# ## Reporting a comparison
#
# A test result helps a reader only if they can judge it and repeat it. For every comparison,
# report:
#
# | what | for example |
# |---|---|
# | the question, $H_0$ in words, and $\alpha$, fixed before looking | "are the two trained models equally accurate?", $\alpha = 0.05$ |
# | the test and its variant | McNemar's mid-p test; Wilcoxon, exact, Pratt's zeros; Friedman, exact permutation p-value (chi-squared where it cannot be enumerated) |
# | the statistic and its degrees of freedom | $t(99) = 1.44$; $\chi^2_F(5) = 56.5$ |
# | the p-value as a number, and its verdict in words | $p = 0.153$: not significant at the 5 % level |
# | the effect in the score's units, its interval (first the one the test inverts), and the interval's method | +1.47 points, 95 % CI $-0.56$ to $3.51$ (corrected t) |
# | the sample sizes | test examples; $r \times k$ folds; data sets |
# | the data and the resampling scheme | 10 x 10-fold stratified cross-validation of 569 examples |
# | the random seeds | of the splits and of the learners |
# | with several models: the adjustment, and the post-hoc results with the omnibus one | Holm, family-wise 5 % |
#
# Never "accept $H_0$"; never a p-value without its effect; and never "p < 0.05" alone, which
# hides whether it was $0.049$ or $10^{-20}$. If a smallest difference that matters was fixed in
# advance, say how the interval compares with it (chapter 2).
#
# `report(result, names=..., design=..., seeds=...)` writes such a paragraph from any result of
# the course's tests. Here is one for each scenario of this chapter, as the library writes them;
# read them as templates.
#
# **Two trained models, one test set** (source 000's panel A):

# %%
print(
    report(
        mcnemar(mcnemar_example("seed000_panel_a").table),
        names=("model 1", "model 2"),
        design="source 000's panel A",
        seeds="not given by the source",
    )
)

# %% [markdown]
# **Two algorithms, one data set, retraining allowed** (chapter 4's comparison, with the smallest
# difference that matters set to one point of accuracy):

# %%
X_bc, y_bc = load_breast_cancer(return_X_y=True)
comparison_bc = compare_algorithms(
    GaussianNB(),
    DecisionTreeClassifier(max_depth=3, random_state=0),
    X_bc,
    y_bc,
    seed=0,
)  # the default: corrected repeated CV, 10 x 10
print(
    report(
        comparison_bc,
        names=("naive Bayes", "the depth-3 tree"),
        design=(
            "10 x 10-fold stratified cross-validation of the breast-cancer data, "
            "569 examples"
        ),
        seeds="splits 0, tree 0",
        minimum_effect=0.01,
        percentage_points=True,
    )
)

# %% [markdown]
# **Two algorithms over many data sets** (source 001's six tasks; the scores are errors):

# %%
six_tasks = wilcoxon_example("seed001_rpart_ranger_6tasks")
print(
    report(
        wilcoxon_signed_rank(six_tasks.scores_1, six_tasks.scores_2),
        names=("rpart", "ranger"),
        score="classification error",
        design="source 001's six OpenML tasks, 3-fold cross-validation each",
        seeds="not given by the source",
    )
)

# %% [markdown]
# **Many algorithms over many data sets** (source 001's 16 tasks): the omnibus test, then the
# pairwise Wilcoxon tests with Holm's adjustment (`holm`, above), each pair with its interval
# (pass the score table as `scores=`: the post-hoc result does not keep it).

# %%
print(
    report(
        friedman(bench.scores, higher_is_better=bench.higher_is_better),
        names=bench.algorithms,
        design="source 001's 16 OpenML tasks, classification error",
        seeds="not given by the source",
    )
)
print()
print(
    report(
        holm,
        score="classification error",
        design="source 001's 16 OpenML tasks",
        seeds="not given by the source",
        scores=bench.scores,
    )
)

# %% [markdown]
# Each paragraph says which test ran and how, what it found in words, how large the effect is
# and how precisely it is known, what the data were and how they were resampled, and which seeds
# make it repeatable; where the sources do not give the seeds, the paragraph says so. Where an
# interval inverts the reported test (the mid-p interval of McNemar's share, the corrected t's
# interval), it comes first and cannot disagree with the verdict. An interval from another method
# (the Bonett-Price interval beside McNemar's test, the Walsh-average interval beside Wilcoxon's
# exact test, the Bonferroni-level intervals beside Holm's decisions) can disagree with the
# verdict near the threshold, and the paragraph says where it comes from. Friedman's test has no
# interval of its own: its effect, Kendall's W, is printed without one (chapter 6 bootstraps one).
#
# The second paragraph shows what the p-value alone hides: $p = 0.153$ is "not significant", but
# the interval, from 0.56 points in the tree's favour to 3.51 in naive Bayes', holds both
# differences too small to matter and differences that would matter: the comparison is
# inconclusive, not a finding of equality. The post-hoc paragraph gives each pair's
# Hodges-Lehmann estimate, the effect that goes with the Wilcoxon test and its interval (0.05 for
# ranger against rpart), where the table printed with the diagram gave the median of the 16
# differences (0.065): two summaries of the same gap.
#
# ### From your own benchmark to a written conclusion
#
# With scores of your own, the library walks the whole path of this chapter: `run_benchmark`
# scores every algorithm on the same splits of every data set, `.recommend()` asks the guide
# which test fits the design, and `.report()` runs that test and writes it up. Here three
# learners are compared on ten synthetic problems drawn from one generator (so the population of
# data sets that the conclusion is about is well defined: problems from this generator), with
# 2 x 5 cross-validation to keep it fast:

# %%
problems = {
    f"synthetic {i}": make_classification(
        n_samples=200, n_features=10, n_informative=4, random_state=i
    )
    for i in range(10)
}
learners = {
    "naive Bayes": GaussianNB(),
    "nearest centroid": NearestCentroid(),
    "depth-3 tree": DecisionTreeClassifier(max_depth=3, random_state=0),
}
own = run_benchmark(learners, problems, cv=(2, 5), seed=0, progress=False)
print(own)
advice = own.recommend()
print(textwrap.fill(advice.test, 74))
print(advice.call)

# %%
print(own.report(seeds="splits 0, tree 0"))

# %% [markdown]
# The guide chose Friedman's test with pairwise Wilcoxon tests and Holm's adjustment, and here
# the two stages disagree, as the paragraph "Omnibus first?" warned they can. Friedman's exact
# p-value is 0.114: not significant at the 5 % level, so the omnibus test alone does not show
# that the three learners differ. Holm's procedure, valid whether or not Friedman's test rejects,
# separates one pair: the depth-3 tree against the nearest centroid, with a typical advantage
# (Hodges-Lehmann estimate) of 7.75 points of accuracy, a 98.33 % simultaneous interval from 0.375
# to 14.3 points, and an adjusted p-value of 0.041. The conclusion to write: on problems from
# this generator, the depth-3 tree is more accurate than the nearest centroid (evidence at the
# 5 % family-wise level, for an advantage known only roughly); for the other two pairs there is
# no evidence of a difference, which does not make them equal. Friedman's test spreads its power
# over every way in which three learners can differ; each pairwise test looks at one pair.
# Report both.

# %% [markdown]
# ## Summary
#
# - Decide first what is random (only the test set, or the training set too) and how many data
#   sets you have; the test follows.
# - Trained models on one test set: McNemar's mid-p test (two) or Cochran's Q with Holm-adjusted
#   pairwise McNemar tests (more). Algorithms on one data set: the corrected repeated
#   cross-validation t on 10 x 10 CV, or, for an unstable learner (nearest neighbours, deep
#   unpruned trees) or small noisy data, the conservative corrected t on one 10-fold CV. Many data
#   sets: Wilcoxon (two algorithms) or Friedman (exact p-value where it can be enumerated) with
#   pairwise Wilcoxon tests and Holm's adjustment, or Wilcoxon tests against a control with Holm's
#   adjustment; Nemenyi's test is the classic alternative, with its caveats.
# - Holm-adjusted post-hoc tests control the family-wise error on their own (in the strong sense);
#   the mean-rank tests only when all algorithms are exchangeable. Run the omnibus test too and
#   report both. With too few data sets no outcome can be significant: the guide says when.
# - A practical question (better by an amount that matters, or equivalent) needs a ROPE fixed in
#   advance: the Bayesian correlated t on one data set, the Bayesian signed-rank (or sign) test
#   over data sets, or TOST or non-inferiority; report the ROPE and the prior (chapter 8).
# - Beyond one accuracy on independent examples (chapters 9 and 10): DeLong's test for two AUCs;
#   a paired bootstrap interval and a permutation test for F1; with examples in groups, the
#   clustered McNemar or AUC test, and for F1 a cluster bootstrap and a cluster permutation test
#   that move whole groups; in time order, the Diebold-Mariano test; split by group or forward in
#   time, and test at the level that was sampled independently; average a random training's seeds
#   within each split; the nested CV interval for one learner; Holm or Benjamini-Hochberg across
#   metrics (Benjamini-Yekutieli under any dependence).
# - Tuning belongs inside the training folds: nested cross-validation.
# - A p-value above 0.05 means "not significant at the 5 % level"; a value just above 0.05 is
#   still weak evidence, and no p-value is evidence that the classifiers are equal. Report the
#   effect and its interval (accuracy difference, Hodges-Lehmann estimate, Kendall's W) next to
#   every p-value: the interval shows what the data can and cannot rule out.
# - Report the test and its variant, the statistic with its degrees of freedom, the p-value in
#   words, the effect with its interval, the sample sizes, the resampling scheme and the seeds:
#   `report(result, ...)` writes the paragraph, and `run_benchmark(...).report()` runs the
#   recommended tests on your own scores and writes them up.

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** Two deep networks, each trained once (retraining is too expensive), are scored on one test set. Which test?
#
# <details class="quiz-answer">
# <summary>(a) The corrected repeated cross-validation t-test.</summary>
#
# **Not quite.** It needs 100 trainings per algorithm (10 x 10 cross-validation).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) McNemar's test on the 2x2 table of agreement.</summary>
#
# **Right.** It compares the two trained models on one test set and needs no retraining; its conclusion is about these two models, not about their learning algorithms.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Alpaydin's 5x2cv F test.</summary>
#
# **Not quite.** It needs ten trainings per algorithm (five replications of 2-fold cross-validation), and each network here can be trained only once.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The Wilcoxon signed-rank test.</summary>
#
# **Not quite.** It needs one score per data set on several data sets.
#
# </details>
#
# **Question 2.** Five algorithms on 20 data sets, every pair of interest. Which procedure does the course recommend?
#
# <details class="quiz-answer">
# <summary>(a) Friedman's test, then pairwise Wilcoxon tests with Holm's adjustment, drawn as a critical-difference diagram.</summary>
#
# **Right.** Each pair is tested on its own scores, so its test does not change when other algorithms join the pool (only the adjustment grows with the number of pairs), and Holm's adjustment controls the family-wise error rate. Report the effects (median gaps) with the adjusted p-values.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Friedman's test, then Nemenyi's test, the classic choice, which compares the mean ranks.</summary>
#
# **Not quite.** Widely used, but a pair's p-value depends on the other algorithms in the pool (ranger against rpart: 0.040 with six learners, 0.076 without kknn), and when some algorithms differ its level for the others is not guaranteed.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Cochran's Q.</summary>
#
# **Not quite.** Cochran's Q compares trained models on one test set, not algorithms over data sets.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Ten paired t-tests at alpha = 0.05.</summary>
#
# **Not quite.** Unadjusted, the family-wise error rate is far above 5 %, and t-tests over data sets assume commensurable differences.
#
# </details>
#
# **Question 3.** You tuned hyperparameters on the same data you use to compare the algorithms. What must change?
#
# <details class="quiz-answer">
# <summary>(a) Nothing; the test accounts for tuning.</summary>
#
# **Not quite.** No test of the course does: each assumes the scores come from a fixed procedure.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Use a smaller alpha, such as 0.01.</summary>
#
# **Not quite.** A smaller alpha does not remove the bias of choosing the best score; it only makes the biased comparison rarer to reach significance.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Report the tuned scores, but add the number of configurations tried, so that readers can discount them.</summary>
#
# **Not quite.** Readers cannot undo the optimism from a count: it depends on the noise of the scores as much as on the size of the grid. Nested cross-validation removes it.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Tune inside each training set (nested cross-validation), then compare the outer scores.</summary>
#
# **Right.** Otherwise the best configuration's score is optimistic, and the comparison favours the algorithm with the larger grid.
#
# </details>
#
# **Question 4.** Source 001 compares rpart and ranger on six tasks, one of them a tie. What is the smallest two-sided p-value an exact rank test (Wilcoxon or sign) could give on these six tasks, whatever the results?
#
# <details class="quiz-answer">
# <summary>(a) Any value: an exact test can reach every significance level if the differences are large enough.</summary>
#
# **Not quite.** An exact rank test sees only signs and ranks, not sizes, so its p-value takes few values with six data sets.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) 0.125, the p-value of the benchmark as it came out.</summary>
#
# **Not quite.** 0.125 is what the data gave (ranger wins four of the five decided tasks); a clean sweep of the five would give less.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) 2/2^5 = 0.0625, so no outcome could be significant at 5 %.</summary>
#
# **Right.** With only five random signs the most lopsided pattern has probability 2/32. A benchmark that cannot reach 5 % has mostly measured its own size; report its effect and interval instead.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) 2/2^6 = 0.031, the chance that six fair coins all land the same way.</summary>
#
# **Not quite.** That holds without the tie; a tie carries no sign, so only five signs are random.
#
# </details>
#
# **Question 5.** The same six tasks, asked practically: is ranger better than rpart by more than one point of error? What does the Bayesian signed-rank test say?
#
# <details class="quiz-answer">
# <summary>(a) That ranger is practically better with probability 0.95, whatever ROPE one chooses.</summary>
#
# **Not quite.** The answer depends on the ROPE: with a ROPE of five points it falls to 0.71, and no region reaches 0.95.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) With a one-point ROPE, the posterior probability that "ranger practically better" is the most probable outcome on a new task is 0.95.</summary>
#
# **Right.** With a ROPE of five points it falls to 0.71. Report the ROPE, the prior (a pseudo-observation at 0 of weight 0.5) and both numbers, and read six tasks as six tasks.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) That ranger's mean error is lower than rpart's by more than one point with probability 0.95.</summary>
#
# **Not quite.** The signed-rank test's probabilities are not about a mean difference: they are about which outcome is the most probable on a new task like these.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Nothing: with six tasks Wilcoxon's test cannot reach 5 %, so no test can say anything.</summary>
#
# **Not quite.** The Bayesian test answers another question, with assumptions a reader must see: with six tasks the posterior cannot imagine a task unlike these six.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** A colleague trained a large language-model classifier once (three GPU-weeks) and
# a logistic regression, and scored both on the same 5 000 test examples. Which test, which
# `lecture_lib` call, and what does the conclusion cover?
#
# <details class="solution">
# <summary>Solution to exercise 1</summary>
#
# `recommend_test(2, 1, can_retrain=False)`: McNemar's test,
# `mcnemar(mcnemar_table(y_test, y_pred_1, y_pred_2))`. The conclusion covers these two trained
# models on the population the test set was drawn from, not the learning algorithms: another
# training run of the large model could come out differently, and the test cannot see that.
#
# </details>
#
# **Exercise 2.** You compare a new method with four established ones on 20 data sets, and you only
# care whether the new method beats each of them. Which post-hoc test, and why does it have
# more power than a procedure over all pairs, such as Nemenyi's?
#
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# `recommend_test(5, 20, control=True)`: Friedman's test, then a Wilcoxon test of each established
# method against the new one, `control_comparisons(scores, control=0, test="wilcoxon",
# adjust="holm")` with the new method in column 0. Holm's procedure adjusts for k - 1 = 4
# comparisons instead of all k(k - 1)/2 = 10 pairs (its first threshold is 0.05/4 instead of
# 0.05/10), so it detects smaller differences with the same family-wise error rate. Nemenyi's
# test pays for all 10 pairs; the mean-rank Bonferroni-Dunn test also adjusts for 4 only, but,
# like Nemenyi's, controls the error rate only when all the algorithms are exchangeable
# (chapter 6).
#
# </details>
#
# **Exercise 3.** With three algorithms, from how many data sets on can Friedman's test be
# significant at all? Use `recommend_test` to find out, then check it with `friedman` on the most
# extreme benchmark (every data set ranks the algorithms alike). With six algorithms on five data
# sets, which p-value does `friedman` return, and how often would the others reject a true $H_0$?
# Store that smallest number of data sets in `ex3_first_n` and the three rejection rates of six
# algorithms on five data sets in a dict `ex3_type1` with the keys `"chi2"`, `"iman_davenport"`
# and `"exact"`.
#
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# `recommend_test(3, 2)` says that no outcome can be significant: Friedman's exact p-value cannot
# fall below 1/3! = 1/6 = 0.167, the probability that two data sets rank three interchangeable
# algorithms alike. From three data sets on it can (1/36 = 0.028). The guide also warns that the
# pairwise Wilcoxon tests need more: with three pairs Holm's smallest adjusted p-value is
# 3 x 2/2^N, at most 0.05 only from N = 7. With six algorithms on five data sets `friedman`
# returns the exact permutation p-value (the design can still be enumerated), which rejects a
# true $H_0$ in at most 5 % of benchmarks (here in 4.8 %); `friedman_type1_error(6, 5)`
# enumerates how often the chi-squared and Iman-Davenport p-values of the same result would:
# in 3.4 % and 5.8 % of benchmarks, exact probabilities.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
first = next(
    n for n in range(2, 10) if "no outcome" not in recommend_test(3, n).caveats[0]
)
ex3_first_n = first
print(f"with three algorithms Friedman's test can be significant from N = {first}")
for n in (first - 1, first):
    print(f"N = {n}: most extreme p = {friedman([[3.0, 2.0, 1.0]] * n).pvalue:.3f}")
level = friedman_type1_error(6, 5)
ex3_type1 = {method: getattr(level, method).estimate
             for method in ("chi2", "iman_davenport", "exact")}
print(
    f"k = 6, N = 5 ({level.how}): chi-squared p rejects {level.chi2.estimate:.4f},\n  "
    f"Iman-Davenport {level.iman_davenport.estimate:.4f}, "
    f"exact {level.exact.estimate:.4f}"
)

# %% [markdown]
# **Exercise 4.** A hospital compares two trained models on 300 patients with three scans each,
# by F1 on the positive class. Ask `recommend_test`. Why is McNemar's test on the 900 scans wrong,
# and why is `paired_bootstrap` on the 900 scans not right either?
#
# <details class="solution">
# <summary>Solution to exercise 4</summary>
#
# `recommend_test(2, metric="other", structure="groups")` sends you to the cluster bootstrap and
# the cluster permutation test: the patients, not the scans, were sampled independently, and F1
# is not a mean over scans, so there is no per-patient F1 to average (a patient with no positive
# scan has none). `cluster_bootstrap(y_true, y_pred_1, y_pred_2, groups, metric="f1")` resamples
# whole patients for an interval of the F1 difference; `cluster_permutation_test` swaps the two
# models' predictions for all the scans of a patient at once, for the p-value. McNemar's test is
# wrong twice: it tests accuracy, not F1, and it treats the scans as independent (chapter 10's
# simulation: 14 % false alarms at nominal 5 %). `paired_bootstrap` answers the F1 question but
# resamples scans, so it too treats them as independent and gives an interval that is too narrow.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
grouped_f1 = recommend_test(2, metric="other", structure="groups")
print(grouped_f1.test)
print(grouped_f1.call)
print(textwrap.fill(f"avoid: {grouped_f1.avoid[0]}", 74))

# %% [markdown]
# **Exercise 5.** You want to claim that your new method is "at least as good as" a strong
# baseline over 12 data sets, within half a point of accuracy. Which test does the guide give?
# What must you fix before looking at the results, and what do you report?
#
# <details class="solution">
# <summary>Solution to exercise 5</summary>
#
# `recommend_test(2, 12, question="practical")`: the Bayesian signed-rank test of chapter 8 (the
# sign test if the differences are not commensurable). Fix the ROPE, here 0.005, before looking,
# and say why half a point is the difference that matters. "At least as good" is not
# `p_rope + p_right` (your method first). The model's unknowns are three shares of the population
# of data sets (for the signed-rank test, of pairs of data sets): theta_left, on which the
# baseline is practically better, theta_rope and theta_right. `p_rope + p_right` is the posterior
# probability that theta_left is not the largest of the three, and a draw in which the baseline
# is practically better on 45 % of data sets can still count for it. Fix also, before looking,
# the largest share c of data sets on which the baseline may be practically better, and report
# the posterior probability that theta_left < c, `(post.samples[:, 0] < c).mean()`. Report the
# ROPE, c, the prior strength (0.5 by default, a pseudo-observation at 0), the three
# probabilities with their Monte Carlo error, and how they change with the ROPE. The guide's
# frequentist twin is the prediction interval of `meta_analysis` on the per-data-set differences
# with their corrected standard errors: where the difference will lie on a new data set. A
# non-inferiority test on the pooled mean difference answers another question (at least as good
# on average, not on each new data set). A Wilcoxon p-value above 0.05 could not support this
# claim: no evidence of a difference is not evidence of equivalence.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
at_least = recommend_test(2, 12, question="practical")
print(at_least.test)
print("\n".join(at_least.call.splitlines()[:2]))
for caveat in at_least.caveats[:3]:
    print(textwrap.fill(caveat, 74, initial_indent="- ", subsequent_indent="  "))

# %% [markdown]
# **Exercise 6.** Run the three learners of the section "From your own benchmark to a written
# conclusion" on three of the data sets that scikit-learn bundles (iris, wine, breast cancer),
# with the same splits (`cv=(2, 5), seed=0`). What does `.report()` conclude? Which sentence can
# you write about the three learners, and which can you not? Store Friedman's p-value in
# `ex6_friedman_pvalue`.
#
# <details class="solution">
# <summary>Solution to exercise 6</summary>
#
# All three data sets rank the learners alike (naive Bayes first, the nearest centroid last), so
# Friedman's exact p-value is the smallest that three data sets allow, 1/36 = 0.0278: if the
# learners were interchangeable, three data sets would rank them alike with probability exactly
# 1/36. So there is evidence at the 5 % level that they are not interchangeable (Iman and
# Davenport's F is infinite here and gives no p-value). Which learner differs from which, the
# design cannot say: no two-sided Wilcoxon p-value on three data sets is below 2/2^3 = 0.25, and
# Holm's procedure multiplies the smallest by 3, so no pair could have been significant, and the
# report's last paragraph says so (it is about the pairwise comparisons: Friedman's test, in the
# same report, is significant). The pairs' intervals run from minus infinity to infinity for the
# same reason: with three differences no Walsh-average interval reaches the simultaneous level
# of 98.33 %.
# You can write that there is evidence at the 5 % level that the three learners are not
# interchangeable on data sets like these; you cannot write which differ, nor that any two are
# equal. Three hand-picked data sets are also a thin sample of
# "data sets like these": a claim about classification problems in general needs many more.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
bundled = {
    "iris": load_iris(return_X_y=True),
    "wine": load_wine(return_X_y=True),
    "breast cancer": load_breast_cancer(return_X_y=True),
}
three = run_benchmark(learners, bundled, cv=(2, 5), seed=0, progress=False)
ex6_friedman_pvalue = three.friedman().pvalue
print(three)
print(three.report(seeds="splits 0, tree 0"))

# %% [markdown] tags=["references"]
# ## References
#
# - Alpaydın, E. (1999). Combined 5 × 2 cv F test for comparing supervised classification learning algorithms. *Neural Computation*, 11(8), 1885–1892. <https://doi.org/10.1162/089976699300016007>
# - Bates, S., Hastie, T. and Tibshirani, R. (2024). Cross-validation: what does it estimate and how well does it do it?. *Journal of the American Statistical Association*, 119(546), 1434–1445. <https://doi.org/10.1080/01621459.2023.2197686>
# - Benavoli, A., Corani, G., Demšar, J. and Zaffalon, M. (2017). Time for a change: a tutorial for comparing multiple classifiers through Bayesian analysis. *Journal of Machine Learning Research*, 18(77), 1–36. <http://jmlr.org/papers/v18/16-305.html>
# - Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets. *Journal of Machine Learning Research*, 7, 1–30. <https://jmlr.org/papers/v7/demsar06a.html>
# - Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised classification learning algorithms. *Neural Computation*, 10(7), 1895–1923. <https://doi.org/10.1162/089976698300017197>
# - Fagerland, M. W., Lydersen, S. and Laake, P. (2013). The McNemar test for binary matched-pairs data: mid-p and asymptotic are better than exact conditional. *BMC Medical Research Methodology*, 13, 91. <https://doi.org/10.1186/1471-2288-13-91>
# - García, S. and Herrera, F. (2008). An extension on “Statistical comparisons of classifiers over multiple data sets” for all pairwise comparisons. *Journal of Machine Learning Research*, 9, 2677–2694. <https://jmlr.org/papers/v9/garcia08a.html>
# - Lakens, D. (2017). Equivalence tests: a practical primer for t tests, correlations, and meta-analyses. *Social Psychological and Personality Science*, 8(4), 355–362. <https://doi.org/10.1177/1948550617697177>
# - Nadeau, C. and Bengio, Y. (2003). Inference for the generalization error. *Machine Learning*, 52(3), 239–281. <https://doi.org/10.1023/A:1024068626366>
