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

# %% [markdown]
# # Choosing a test
#
# ## Overview
#
# Chapters 2 to 7 each answered one question well. This chapter puts them side by side, so that
# when you face a comparison of your own you can name the right test in a minute and know what
# it costs and what it cannot tell you.
#
# After this chapter you will be able to
#
# - tell whether you are comparing **trained models** or **learning algorithms**, and on **one**
#   data set or **many**: the two questions that decide almost everything;
# - pick the test for each of the four resulting scenarios (seed 001's three scenarios plus the
#   "many models on one test set" case of seed 000), with its cost in trainings and its caveats;
# - name the tests that look applicable but are not, and say why;
# - run the recommended `lecture_lib` call on data from the earlier chapters and read its p-value.
#
# **Prerequisites:** the earlier chapters, or at least their summaries.

# %% tags=["hide-input"]
import numpy as np
import matplotlib.pyplot as plt
from IPython.display import HTML, display

from lecture_lib import (
    appml_benchmark,
    friedman,
    guide_table_html,
    mcnemar,
    mcnemar_example,
    nemenyi,
    plot_critical_difference,
    plot_decision_diagram,
    recommend_test,
    recommendation_html,
    sign_test,
    wilcoxon_example,
    wilcoxon_signed_rank,
)
from lecture_lib.widgets import which_test_explorer

# %% [markdown]
# ## Two questions before any test
#
# **What is random in your experiment?** If the classifiers are already trained (a model that
# took a week on a GPU cluster, a vendor's model you cannot retrain) and only the test set is
# random, you compare *trained models*: the conclusion is about these models on this population
# of test examples. If you can train again, the training set is random too, and you can compare
# *learning algorithms*: the conclusion is about what the algorithm does with a training set of
# this size drawn from this population {cite}`dietterich1998`. The second question is stronger
# and needs a test that sees the training-set variation.
#
# **How many data sets?** On one data set the unit of replication is the example (or the
# resampled split). Over many data sets the unit is the data set: each one contributes a single
# score per algorithm, and the tests work on ranks, because a gain of 0.01 means different things
# on different problems {cite}`demsar2006`.
#
# The table below lists the tests of the course by scenario: what they assume, what they cost and
# what to watch out for.

# %% tags=["hide-input"]
display(HTML(guide_table_html()))

# %% [markdown]
# The same decisions as a diagram: follow the top-level question, then the number of models or
# algorithms.

# %% mystnb={"figure": {"caption": "The decision diagram: start at the top with what you compare, follow your branch, then the number of models or algorithms; each leaf names a test and the chapter that teaches it. The footer adds nested cross-validation for tuned hyperparameters and the tests to avoid.", "name": "fig-choosing-a-test-decision-diagram"}, "image": {"alt": "A tree diagram titled Choosing a test. The root asks what you compare, and on what. Branch 1, trained models on one test set (no retraining): McNemar (chapter 2) for 2 models; Cochran's Q, then pairwise McNemar with Holm (chapter 3) for 3 or more. Branch 2, algorithms on one data set (retraining allowed): the 5x2cv F test, or the 5x2cv t or corrected resampled t (chapter 4), for 2 algorithms; pairwise 5x2cv F with Holm (chapter 4) for 3 or more. Branch 3, algorithms over many data sets: the Wilcoxon signed-rank test, or the sign test if differences are not commensurable (chapter 5), for 2; Friedman, then Nemenyi, or Bonferroni-Dunn or Holm against a control (chapter 6), for 3 or more. A footer box: hyperparameters tuned on the same data need nested cross-validation (chapter 7); avoid the k-fold CV t test and the plain resampled t test (too liberal) and the difference of proportions (ignores pairing)."}} tags=["hide-input"]
fig, ax = plt.subplots(figsize=(11, 6.2))
plot_decision_diagram(ax=ax)
plt.show()

# %% [markdown]
# ## Ask the guide
#
# Describe your experiment with the controls: the answer names the test, the `lecture_lib`
# functions to call, the chapter that teaches it, why it fits, its cost, its caveats and the
# tests to avoid. The logic is the pure function `recommend_test`, which the widget only
# displays.

# %% tags=["nbval-ignore-output"]
which_test_explorer()

# %% [markdown]
# The same answer without the widget, for seed 001's second scenario (two algorithms, many data
# sets):

# %%
display(HTML(recommendation_html(recommend_test(n_models=2, n_datasets=6))))

# %% [markdown]
# ## The four scenarios on data from the course
#
# ### Two trained models, one test set: McNemar
#
# Seed 000's panel A: two models with accuracies 99.7 % and 99.6 % on 10 000 test examples, which
# disagree on b = 11 and c = 1 examples. $H_0$: both models have the same error rate on this
# population of test examples (equivalently, a disagreement is equally likely to go either way).

# %%
panel_a = mcnemar_example("seed000_panel_a")
result = mcnemar(panel_a.table)
print(panel_a.table)
print(result)

# %% [markdown]
# With only 12 disagreements `method="auto"` uses the exact binomial test. A p-value of
# about 0.006 means that a split of the disagreements as uneven as 11 to 1 would happen in less
# than 1 % of test sets if the models were equally good: evidence at the 5 % level that model 1
# is better on this population, although the accuracies differ by only 0.1 percentage points.
# (Chapter 2 shows why the approximate versions disagree here.)
#
# ### Two algorithms, one data set, retraining allowed: 5x2cv
#
# Chapter 4's Type I error lab is the evidence: the resampled t-test rejected a true $H_0$ in
# about 60 % of the simulated data sets, while the 5x2cv tests, McNemar and the corrected
# resampled t held the 5 % level {cite}`dietterich1998,alpaydin1999,nadeau2003`. The guide
# recommends Alpaydin's combined F test first:

# %%
rec = recommend_test(n_models=2, n_datasets=1, can_retrain=True)
print(rec.test)
print(rec.call)
print("cost:", rec.trainings)

# %% [markdown]
# ### Two algorithms over many data sets: Wilcoxon (or the sign test)
#
# Seed 001's six tasks, rpart against ranger (classification error, lower is better). $H_0$: the
# differences between the two algorithms' errors are symmetric about zero over the population of
# data sets, that is, neither algorithm tends to do better.

# %%
six = wilcoxon_example("seed001_rpart_ranger_6tasks")
wil = wilcoxon_signed_rank(six.scores_1, six.scores_2)
sgn = sign_test(six.scores_1, six.scores_2, higher_is_better=False)
print(f"Wilcoxon: R+ = {wil.r_plus:g}, R- = {wil.r_minus:g}, p = {wil.pvalue:.4f} ({wil.method})")
print(f"sign test: ranger wins {sgn.losses:g} of {sgn.wins + sgn.losses:g} decided tasks, p = {sgn.pvalue:.4f}")

# %% [markdown]
# Ranger has the lower error on four of the six tasks, rpart on one, and one is a tie; yet the
# exact Wilcoxon p-value is 0.125:
# with six data sets, results at least this lopsided occur in one benchmark in eight when neither
# algorithm is better, so there is no evidence against $H_0$ at the 5 % level. The sign test,
# which uses only who wins, gives p = 0.375, weaker still. With six data sets the smallest
# two-sided p-value any exact rank test can reach is $2/2^6 \approx 0.031$: small benchmarks
# cannot show much. (Seed 001 concluded "reject"; chapter 5 shows why that is wrong.)
#
# ### Many algorithms over many data sets: Friedman, then a post-hoc test
#
# Seed 001's third scenario: six learners on 16 tasks. $H_0$ of Friedman's test: all six
# algorithms have the same expected rank.

# %%
bench = appml_benchmark()
fr = friedman(bench.scores, higher_is_better=bench.higher_is_better)
print(f"chi2_F = {fr.statistic:.3f} (df {fr.df}), p = {fr.pvalue:.3g}")
print(f"Iman-Davenport F = {fr.iman_davenport:.2f}, p = {fr.iman_davenport_pvalue:.3g}")

# %% [markdown]
# Both p-values are far below 0.05: if all six algorithms were equally good, rankings this
# consistent across 16 tasks would essentially never happen, so at least one algorithm differs.
# Which ones? Nemenyi's test compares every pair with one critical difference of mean ranks:

# %% mystnb={"figure": {"caption": "Critical-difference diagram of the Nemenyi test for the six learners of seed 001 on 16 tasks: average ranks, best on the left, with the critical difference as the bar at the top. Thick lines join learners that are not significantly different at the 5 % level; ranger is joined only with svm.", "name": "fig-choosing-a-test-cd-diagram"}, "image": {"alt": "Critical-difference diagram with a horizontal average-rank axis from 1 to 6 and a bar labelled CD = 1.88 above it. The learners hang from the axis by lines to their names: ranger 1.59, svm 2.19 and kknn 3.50 on the left; rpart 3.53, cv_glmnet 4.25 and featureless 5.94 on the right. Four overlapping thick lines join the groups not significantly different: ranger and svm; svm, kknn and rpart; kknn, rpart and cv_glmnet; cv_glmnet and featureless."}}
nem = nemenyi(bench.scores, higher_is_better=bench.higher_is_better)
fig, ax = plt.subplots(figsize=(8, 3))
plot_critical_difference(nem.mean_ranks, bench.algorithms, nem.cd, ax=ax)
plt.show()

# %% [markdown]
# Algorithms joined by a thick line are not significantly different at the 5 % level; ranger's
# mean rank differs from rpart's and featureless's by more than the critical difference.
#
# ### And if you tune hyperparameters?
#
# Every scenario above assumes that the scores are honest estimates. If the hyperparameters were
# chosen on the same data, the best cross-validation score is optimistic (chapter 7 shows it on
# random labels, where the truth is 50 %): tune inside each training set with nested
# cross-validation, then compare the outer scores with the test of your scenario.

# %%
print(recommend_test(n_models=3, n_datasets=1, can_retrain=True, tuning=True).why)

# %% [markdown]
# ## Tests to avoid
#
# Some tests look applicable and are not:
#
# - the **paired t-test on k-fold scores** and the **resampled t-test**: the training sets overlap,
#   the differences are correlated, and the variance is underestimated; their false-alarm rate is
#   far above the nominal level (chapter 4);
# - the **difference of two proportions** on one test set: it treats two accuracies measured on
#   the same examples as independent (chapter 4);
# - **all pairwise tests at 5 %** after several models: the chance of at least one false
#   "significant" pair grows with the number of pairs (chapters 3 and 6);
# - a **t-test over data sets**: the differences are not commensurable, outliers dominate and
#   normality is doubtful with few data sets (chapter 5).
#
# ## Summary
#
# - Decide first what is random (only the test set, or the training set too) and how many data
#   sets you have; the test follows.
# - Trained models on one test set: McNemar (two) or Cochran's Q with Holm-adjusted pairwise
#   McNemar tests (more). Algorithms on one data set: 5x2cv F / t or the corrected resampled t.
#   Many data sets: Wilcoxon (two algorithms) or Friedman with Nemenyi / Bonferroni-Dunn / Holm.
# - Tuning belongs inside the training folds: nested cross-validation.
# - A p-value above 0.05 is no evidence against $H_0$; it is not evidence that the classifiers are
#   equal. Report the effect (accuracy difference, mean ranks) next to every p-value.
#
# ## Exercises
#
# **Exercise 1.** A colleague trained a large language-model classifier once (three GPU-weeks) and
# a logistic regression, and scored both on the same 5 000 test examples. Which test, which
# `lecture_lib` call, and what does the conclusion cover?
#
# ```{admonition} Solution to exercise 1
# :class: dropdown
# `recommend_test(2, 1, can_retrain=False)`: McNemar's test,
# `mcnemar(mcnemar_table(y_test, y_pred_1, y_pred_2))`. The conclusion covers these two trained
# models on the population the test set was drawn from, not the learning algorithms: another
# training run of the large model could come out differently, and the test cannot see that.
# ```
#
# **Exercise 2.** You compare a new method with four established ones on 20 data sets, and you only
# care whether the new method beats each of them. Which post-hoc test, and why is it more
# powerful than Nemenyi's?
#
# ```{admonition} Solution to exercise 2
# :class: dropdown
# `recommend_test(5, 20, control=True)`: Friedman's test, then Bonferroni-Dunn (or Holm) against
# the control. It adjusts for k - 1 = 4 comparisons instead of all k(k - 1)/2 = 10 pairs, so its
# critical difference is smaller and it detects smaller differences with the same family-wise
# error rate (chapter 6).
# ```
#
# **Exercise 3.** Use `recommend_test` to find the smallest number of data sets for which the
# guide stops warning that the chi-squared approximation of Friedman's statistic may be poor with
# six algorithms. Where does that threshold come from?
#
# ```{admonition} Solution to exercise 3
# :class: dropdown
# Loop over `n_datasets` and look at `rec.caveats`. The warning disappears for N > 10 (with
# k > 5): Demšar (2006) quotes these as the sizes above which the chi-squared approximation of
# chi2_F is good enough; below them, use exact critical values or the Iman-Davenport F, which is
# less conservative.
# ```
