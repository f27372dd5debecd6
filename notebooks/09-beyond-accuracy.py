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
# # Beyond one accuracy on i.i.d. data: what CV estimates, AUC and F1, seeds, groups and time
#
# ## Overview
#
# The tests of chapters 2 to 7 share three assumptions: every test example gets a score of its
# own (right or wrong), the examples are independent, and a training procedure gives the same
# model every time it sees the same data. Practitioners break all three every week. They report
# the AUC or F1, which are not averages over examples; they train neural networks whose score
# moves with the random seed; and their data come in groups (several scans per patient) or in
# time order. Source 001, the slides "Performance Evaluation: Model Selection & Hypothesis
# Testing" of LMU Munich's Applied Machine Learning lecture, closes its guidelines on model
# selection with two of these warnings (data that are not i.i.d. "require special treatment", and
# a metric is only a proxy for the real goal). This chapter takes them one at a time.
#
# After this chapter you will be able to
#
# - say what a cross-validation estimate estimates (the procedure, Err, or the model at hand,
#   Err_XY), why the usual interval mean $\pm 1.96\,\mathrm{sd}/\sqrt n$ covers too rarely, and
#   compute the nested cross-validation interval of Bates, Hastie and Tibshirani
#   ([Bates et al., 2024](https://doi.org/10.1080/01621459.2023.2197686)), step by step (it is not
#   chapter 7's nested cross-validation);
# - compare two AUCs measured on the same examples with DeLong's test ([DeLong et al., 1988](https://doi.org/10.2307/2531595)), in
#   O(n log n) time ([Sun and Xu, 2014](https://doi.org/10.1109/LSP.2014.2337313));
# - put an interval on one AUC that stays inside [0, 1] near 1 (logit or bootstrap), and report
#   the partial AUC over the specificities that matter;
# - put an interval on a difference in F1 (or any metric) with a paired bootstrap and test it with
#   a paired permutation test, and see that for accuracy the permutation test *is* McNemar's;
# - compare predicted probabilities with proper scores (Brier score, log loss) and test their
#   calibration, and see how accuracy, F1 and McNemar's verdict move with the decision threshold;
# - separate the variance due to the random seed from that due to the data split
#   ([Bouthillier et al., 2021](https://arxiv.org/abs/2103.03098)), plan how many seeds a comparison needs, and test over seeds paired
#   by split;
# - split grouped and time-ordered data so that no group and no future leaks into training, say
#   what McNemar's independence assumption means for grouped test sets, compare two models on a
#   grouped test set with a clustered McNemar test or, for any metric, by resampling or permuting
#   whole groups, and compare two forecasters over time with the Diebold-Mariano test;
# - choose between controlling the family-wise error rate and the false discovery rate when you
#   compare many metrics on many data sets ([Benjamini and Hochberg, 1995](https://doi.org/10.1111/j.2517-6161.1995.tb02031.x)), and know when
#   Benjamini-Hochberg's guarantee holds and when Benjamini-Yekutieli's is needed, and say how
#   much choosing the metric, the data sets or the seed after looking inflates the error rate.
#
# **Prerequisites:** McNemar's test (chapter 2), the corrected resampled t-test (chapter 4),
# Holm's adjustment (chapter 3), cross-validation (chapter 1).

# %% tags=["hide-input"]
import dataclasses
import warnings

import numpy as np
import matplotlib.pyplot as plt
from scipy import stats
from sklearn.datasets import (
    load_breast_cancer,
    load_digits,
    load_iris,
    load_wine,
    make_classification,
)
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits

from lecture_lib import (
    accuracy,
    adjust_pvalues,
    auc_example,
    auc_interval,
    blocked_kfold,
    brier_scores,
    calibration_test,
    cluster_bootstrap,
    cluster_permutation_test,
    clustered_mcnemar,
    coverage_table,
    cross_validate_scores,
    cv_interval,
    delong_test,
    design_std_error,
    diebold_mariano_test,
    f1_score,
    forward_chaining,
    group_kfold,
    kfold,
    log_losses,
    mcnemar,
    mcnemar_table,
    paired_bootstrap,
    paired_permutation_test,
    paired_ttest,
    partial_auc,
    plot_reliability,
    proportion_interval,
    reliability_table,
    repeated_holdout,
    resampled_ttest,
    seed_split_variance,
    selection_error_rate,
    simulate_clustered_mcnemar,
    simulate_cv_coverage,
    stratified_kfold,
)
from lecture_lib.beyond_widgets import (
    bootstrap_explorer,
    coverage_explorer,
    seeds_explorer,
)

# Many tiny model fits: one BLAS thread each is faster than a team of threads per fit.
threadpool_limits(1)


def verdict(p, alpha=0.05):
    """One sentence on a p-value (never 'accept H0')."""
    if p <= alpha:
        return f"p = {p:.3g} <= {alpha}: evidence against H0 at the {alpha:.0%} level"
    return f"p = {p:.3g} > {alpha}: no evidence against H0 at the {alpha:.0%} level"


# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 16 minutes): *The wrong way first: mean $\pm$ 1.96 standard errors*; *AUC:
# DeLong's test for two correlated ROC curves*; *The published example*; *A paired bootstrap
# interval for the F1 difference*; *Random seeds: how much of the difference is luck?*; *Groups:
# several examples per patient*; *What McNemar's independence assumption means here*; *Many
# metrics, many data sets: family-wise error or false discovery rate?*; then the *Summary*. The
# other sections, in order, are what the classes teach, except the detail to come back to when you
# need it: *One AUC near 1: an interval that stays inside [0, 1]*; *Partial AUC: the end of the
# curve that matters*; *Probabilities, not only labels: proper scores and calibration*; *Brier
# score and log loss, example by example*; *Is a model calibrated? Spiegelhalter's test and the
# reliability diagram*; *The threshold decides accuracy, F1 and McNemar*; *Which clustered McNemar
# test? A small lab*; *Blocked cross-validation with a gap*; *Two forecasters in time: the
# Diebold-Mariano test*; *Researcher degrees of freedom: choosing after looking*.

# %% [markdown]
# ## What cross-validation estimates
#
# ### The wrong way first: mean $\pm$ 1.96 standard errors
#
# Ten-fold cross-validation of naive Bayes on the breast-cancer data gives one right/wrong
# score per example. The textbook interval treats those n = 569 scores as independent draws:
# $\bar e \pm z_{0.975}\, s_e / \sqrt n$, where z = 1.96 is the 97.5 % quantile of the standard
# normal distribution.

# %%
X_bc, y_bc = load_breast_cancer(return_X_y=True)
naive_bc = cv_interval(GaussianNB(), X_bc, y_bc, cv=10, method="naive", seed=0)
print(naive_bc.interval)
print(f"97.5 % quantile of the standard normal: z = {stats.norm.ppf(0.975):.2f}")

# %% [markdown]
# The scores are not independent. Each example trains nine of the ten models that score the
# others, so a lucky or unlucky example moves many scores at once. Bates, Hastie and Tibshirani
# ([Bates et al., 2024](https://doi.org/10.1080/01621459.2023.2197686)) show two things about this estimate.
#
# - **What it estimates.** Write Err_XY for the accuracy (or error) of the model trained on *our*
#   data, the one we would deploy, and Err for its average over all training sets of the same
#   size from the same population: the quality of the *procedure*. Cross-validation is a better
#   estimate of Err than of Err_XY. They prove it for the linear model fitted by least squares,
#   for cross-validation and for other common estimates (data splitting, the bootstrap); the
#   course reads every CV estimate this way. It tells us how good naive Bayes is on data sets
#   like this one, more than how good this one fitted model is.
# - **How well.** The true standard error of the CV estimate is larger than $s_e/\sqrt n$, because
#   the per-example scores are correlated, so the naive interval can cover either target far
#   less often than it claims. This they show in simulations and explain by the correlation; it
#   is not a theorem.
#
# ### Their remedy: a different "nested cross-validation"
#
# The name is the same as chapter 7's, the purpose is not. Chapter 7's nested cross-validation
# *tunes*: an inner loop chooses hyperparameters on the training folds, and the outer loop scores
# the tuned model, so the estimate is not flattered by the choice. Bates, Hastie and Tibshirani's
# nested cross-validation tunes nothing. Its inner loop is an ordinary cross-validation run on
# part of the data, and the outer fold checks how far that cross-validation landed from the
# truth. Both are "a cross-validation inside a cross-validation"; only the second one gives an
# interval. (If your learner tunes itself, for example a `GridSearchCV`, pass it whole to
# `cv_interval`: every fit then tunes inside its own training data, as chapter 7 requires, and the
# interval is for the tuned procedure.)
#
# The algorithm, for K folds (here K = 5):
#
# 1. **Cut** the data into K folds at random.
# 2. **Set one fold aside**, fold k. The other K - 1 folds are a smaller copy of our situation: a
#    data set of n(K - 1)/K examples from the same population.
# 3. **Do on the copy what we do on our data**: an ordinary cross-validation over its K - 1
#    folds (train without one of them, score it, for each in turn). The mean score $\bar e^{in}$
#    is the estimate we would have reported if the copy were all we had.
# 4. **Do what we can never do with our own data: check the estimate.** Train one model on the
#    whole copy and score it on fold k, which it has never seen. The mean $\bar e^{out}$ of those
#    scores is an unbiased, if noisy, measurement of that model's accuracy (its Err_XY).
# 5. **Measure the miss.** The squared gap $(\bar e^{in} - \bar e^{out})^2$ is the squared error
#    of the estimate of step 3 plus the noise of the measurement of step 4. That noise is known:
#    given the model, the scores on fold k are independent, so the variance of their mean is
#    $s^2(e^{out})/|I_k|$, where $|I_k|$ is the size of fold k. Subtract it.
# 6. **Average** the result over the K choices of k and over several random cuts (step 1 again):
#    an estimate of the mean squared error of a cross-validation estimate on n(K - 1)/K examples.
#    No independence between the per-example scores is assumed anywhere.
# 7. **Scale to n examples.** A mean squared error shrinks like 1/n, so multiply by (K - 1)/K;
#    the square root is the standard error. Algorithm 1 keeps it between the naive standard error
#    and $\sqrt K$ times it, a guard against a noisy estimate.
# 8. **Centre** the interval on the mean of all inner scores, corrected for the size of their
#    training sets: the inner models learned from n(K - 2)/K examples, the final model from n.
#    If the error falls like 1/(training size), the correction is (1 + (K - 2)/K) times the gap
#    between the inner mean and the plain cross-validation mean. The interval is this centre
#    $\pm\, z \times$ the standard error.
#
# Steps 2 to 4 need, per cut, one model for every pair of folds left out (K(K - 1)/2 of them,
# shared between outer folds) and K outer models. Step 5 is why the interval aims at Err_XY:
# what it measures is the distance from a cross-validation estimate to the accuracy of the model
# trained on the same data. `cv_interval(method="nested")` implements their Algorithm 1.

# %%
nested_bc = cv_interval(GaussianNB(), X_bc, y_bc, cv=5, n_repeats=10, seed=0)
naive_bc5 = cv_interval(GaussianNB(), X_bc, y_bc, cv=5, method="naive", seed=0)
print(nested_bc)
naive_iv = naive_bc5.interval
print(f"naive, same 5 folds: {naive_iv.estimate:.4f} "
      f"[{naive_iv.low:.4f}, {naive_iv.high:.4f}] (95 % naive)")

# %% [markdown]
# Here the two intervals are nearly the same. The inflation factor is exactly 1: the nested
# standard error of steps 6 and 7 came out below the naive one, and the guard of step 7 raised
# it to the naive value. Naive Bayes
# is a very stable learner (its models barely change from fold to fold), and with 569 examples
# the correlation between the per-example scores is small. The nested interval cost 150 model
# fits (10 cuts, each with 10 inner and 5 outer models) instead of 5. When does the difference
# matter? Only a simulation in which we know the truth can say.
#
# ### A coverage lab
#
# `simulate_cv_coverage` draws data sets of n = 100 examples with 50 Gaussian features, two
# classes and a Bayes accuracy of 0.8, and fits the nearest-centroid rule, for which the
# accuracy of the model trained on the data (Err_XY) is known exactly. On every data set it
# computes both 90 % intervals, exactly as `cv_interval` does (the test suite reruns some data
# sets through `cv_interval` with scikit-learn's `NearestCentroid` and gets the same numbers), and
# checks whether they contain the truth.

# %%
coverage = simulate_cv_coverage(
    n_examples=100,
    n_features=50,
    bayes_accuracy=0.8,
    k=5,
    n_repeats=5,
    n_datasets=300,
    confidence=0.9,
    seed=0,
)
print(f"{'target':>11} {'method':>6}{'coverage':>10}  {'95 % Monte Carlo interval':<27}"
      f"{'mean width':>10}")
for target in ("accuracy_xy", "accuracy"):
    table = coverage_table(coverage, target=target)
    for name, (rate, low, high, width) in table.items():
        print(f"{target:>11} {name:>6}{rate:>10.3f}  {f'[{low:.3f}, {high:.3f}]':<27}"
              f"{width:>10.3f}")

# %% mystnb={"figure": {"caption": "Coverage of the naive and the nested 90 % cross-validation intervals over 300 simulated data sets (n = 100, 50 features, nearest-centroid rule), for the accuracy of the model at hand (Err_XY) and the average accuracy of the procedure (Err), with 95 % Wilson intervals for the Monte Carlo error. The naive interval stays below the nominal 90 % for both targets; the nested one lies above it (conservative here).", "name": "fig-beyond-cv-coverage"}, "image": {"alt": "Horizontal bar chart of coverage, x axis from 0.7 to 1.0, with a dashed vertical line at the nominal 0.9. Four bars with error bars, from the top: Err_XY naive 0.86 (red), Err_XY nested 0.95 (blue), Err naive 0.82 (red), Err nested 0.94 (blue). Both red bars have their whole Monte Carlo interval left of the dashed line; both blue intervals lie right of it."}} tags=["hide-input"]
fig, ax = plt.subplots(figsize=(6.4, 2.6))
labels, rates, errs, colours = [], [], [], []
for target, label in (("accuracy_xy", "Err_XY"), ("accuracy", "Err")):
    for name, colour in (("naive", "tab:red"), ("nested", "tab:blue")):
        rate, low, high, _ = coverage_table(coverage, target=target)[name]
        labels.append(f"{label}, {name}")
        rates.append(rate)
        errs.append((rate - low, high - rate))
        colours.append(colour)
ypos = np.arange(len(labels))[::-1]
ax.barh(ypos, rates, xerr=np.array(errs).T, color=colours, alpha=0.8, capsize=3)
ax.axvline(coverage.confidence, color="k", ls="--", lw=1)
ax.set_yticks(ypos, labels)
ax.set_xlim(0.7, 1.0)
ax.set_xlabel("coverage of the 90 % interval")
plt.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 9.1.** Coverage of the naive and the nested 90 % cross-validation intervals over 300 simulated data sets (n = 100, 50 features, nearest-centroid rule), for the accuracy of the model at hand (Err_XY) and the average accuracy of the procedure (Err), with 95 % Wilson intervals for the Monte Carlo error. The naive interval stays below the nominal 90 % for both targets; the nested one lies above it (conservative here).

# %% [markdown]
# The naive 90 % interval contains the accuracy of the fitted model in only 86 % of the data
# sets, and the average accuracy of the procedure in 82 %; both Monte Carlo intervals lie
# entirely below 90 %: it is too narrow, as Bates, Hastie and Tibshirani found. The nested
# interval is about 40 % wider and covers in 95 % (Err_XY) and 94 % (Err) of the data sets, and
# both of its Monte Carlo intervals lie above 90 %: here it is conservative (95 % at nominal
# 90 %), wider than it needs to be, which is the safer way to be wrong. Every coverage here
# carries Monte Carlo error (300 data sets give about $\pm 3.5$ points); the slider recounts the
# coverage over more or fewer of the precomputed data sets, so you can watch the Monte Carlo
# interval shrink.

# %% tags=["nbval-ignore-output"]
coverage_explorer(coverage)

# %% [markdown]
# In practice: report the nested interval when the learner is unstable or the data are small
# and wide, and say what it is an interval *for*. It is built to cover Err_XY, the accuracy of the
# model fitted to these data (that is what step 5 measures); in the paper and in this chapter's
# lab it covers Err, the accuracy to expect from the procedure on data like these, about equally
# well. Its centre is a cross-validation estimate like any other; what is new is a width that
# accounts for how far such estimates land from the truth.

# %% [markdown]
# ## AUC: DeLong's test for two correlated ROC curves
#
# The AUC is the probability that a random positive example gets a higher score than a random
# negative one (ties count one half): a Mann-Whitney statistic over all positive-negative pairs,
# not an average over examples. McNemar's test does not apply. Two classifiers scored on the
# same examples give *correlated* AUCs, and the test must use that.
#
# $H_0$: the two classifiers have the same AUC in the population the test examples come from.
#
# ### The published example
#
# The R package pROC ([Robin et al., 2011](https://doi.org/10.1186/1471-2105-12-77)) documents DeLong's test on 113 patients after a
# subarachnoid haemorrhage ([Turck et al., 2010](https://doi.org/10.1007/s00134-009-1641-y)): does the S100B protein or the WFNS clinical grade
# better predict a poor outcome? pROC prints $Z = -2.209$, $p = 0.0272$.

# %%
asah = auc_example()
asah_test = delong_test(asah["outcome"], asah["s100b"], asah["wfns"], positive="Poor")
print(asah_test)
printed = asah["printed"]["s100b_vs_wfns"]
ci_low, ci_high = printed["ci95"]
print(f"pROC: Z = {printed['statistic']:.6f}, p = {printed['pvalue']:.6f}, "
      f"95 % CI [{ci_low:.6f}, {ci_high:.6f}]")
wfns_gain = asah_test.difference  # S100B minus WFNS; the prose reads it reversed
print(f"WFNS minus S100B: {-wfns_gain.estimate:.3f}, 95 % interval "
      f"[{-wfns_gain.high:.3f}, {-wfns_gain.low:.3f}]")

# %% [markdown]
# Every digit agrees with pROC. In words: the WFNS grade has the larger AUC, 0.824 against
# 0.731, a difference of 0.092 with a 95 % interval from 0.010 to 0.174. With $p = 0.027$ (from
# the normal approximation to DeLong's statistic, so an approximate p-value, not an exact
# frequency) this is evidence at the 5 % level that WFNS ranks such patients better. The
# interval is wide; the data are compatible with an advantage anywhere from negligible to large.
#
# ### The wrong way: treat the two AUCs as independent
#
# Each AUC has its own standard error. Adding their variances, as if the two AUCs came from two
# different sets of patients, ignores that the same patients are easy or hard for both markers.

# %%
se_independent = np.hypot(asah_test.std_error_1, asah_test.std_error_2)
z_independent = (asah_test.auc_1 - asah_test.auc_2) / se_independent
print(f"AUC standard errors: {asah_test.std_error_1:.4f} and "
      f"{asah_test.std_error_2:.4f}; "
      f"correlation of the two AUCs {asah_test.correlation:.2f}")
print(f"as if independent: se = {se_independent:.4f}, z = {z_independent:.3f}, "
      f"p = {2 * stats.norm.sf(abs(z_independent)):.3f}")
print(f"DeLong (paired):   se = {asah_test.std_error:.4f}, z = "
      f"{asah_test.statistic:.3f}, p = {asah_test.pvalue:.4f}")

# %% [markdown]
# The correlation of 0.60 between the two AUC estimates cuts the standard error of their
# difference from 0.064 to 0.042. Ignoring the pairing throws that away: the unpaired p-value
# is 0.15, no evidence of a difference, from the very same data. As in chapter 2, the pairing
# is where the power is.
#
# ### How it works, and how fast
#
# DeLong, DeLong and Clarke-Pearson ([DeLong et al., 1988](https://doi.org/10.2307/2531595)) give every positive example the share of
# negatives it outscores, and every negative the share of positives that outscore it (the
# *structural components*); their covariance across examples estimates the covariance of the two
# AUCs. Sun and Xu ([Sun and Xu, 2014](https://doi.org/10.1109/LSP.2014.2337313)) noticed that each component is a difference of mid-ranks, so
# the test needs three sorts per classifier instead of the m x n table of comparisons. The test
# suite checks the fast version against the m x n one; on a million examples it takes under a
# second of processor time (`make bench`).
#
# Here are two models on the breast-cancer data, trained on one half and scored on the other.

# %%
X_tr, X_te, y_tr, y_te = train_test_split(
    X_bc, y_bc, test_size=0.5, random_state=0, stratify=y_bc
)
logistic = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)).fit(
    X_tr, y_tr
)
bayes = GaussianNB().fit(X_tr, y_tr)
auc_test = delong_test(
    y_te, logistic.predict_proba(X_te)[:, 1], bayes.predict_proba(X_te)[:, 1]
)
print(auc_test)
print(verdict(auc_test.pvalue))

# %% [markdown]
# Both AUCs are high: 0.997 for logistic regression and 0.981 for naive Bayes. The difference,
# 0.016 (95 % interval 0.006 to 0.027), would be unlikely if the two models had equal AUCs
# ($p = 0.002$): evidence that logistic regression ranks such tumours better. So close to an AUC
# of 1 the normal approximation behind DeLong's test and interval is at its roughest, so read
# both as approximate. Like McNemar's test, this compares two *trained models* on one test set;
# it says nothing about the variation from one training set to another.

# %% [markdown]
# ### One AUC near 1: an interval that stays inside [0, 1]
#
# One classifier's AUC needs an interval too. DeLong's standard error gives the Wald interval,
# $\widehat{AUC} \pm 1.96\,\widehat{SE}$, which is symmetric; near 1 the sampling distribution of
# an AUC is not, and the upper limit passes 1, where pROC cuts it. Two alternatives: the same
# standard error on the logit scale, mapped back, which stays inside (0, 1) and stretches
# downwards (Pepe, 2003; [Qin and Hotilovac, 2008](https://doi.org/10.1177/0962280207087173)); and the stratified bootstrap, which resamples positives and
# negatives separately. On the logistic regression's AUC of 0.997 and naive Bayes' 0.981:

# %%
p_logistic = logistic.predict_proba(X_te)[:, 1]
p_bayes = bayes.predict_proba(X_te)[:, 1]
for name, p in (("logistic", p_logistic), ("naive Bayes", p_bayes)):
    for method in ("delong", "logit", "bootstrap"):
        iv = auc_interval(y_te, p, method=method, seed=0)
        print(f"{name:<12}{method:<10} {iv.estimate:.4f} [{iv.low:.4f}, {iv.high:.4f}]")

# %% [markdown]
# The Wald interval of the logistic model ends at exactly 1 because it was cut there. How often do
# these intervals cover the true AUC? A small lab: binormal scores with a known AUC, 1 000 test
# sets per row.

# %%
rng_auc = np.random.default_rng(1)
print("true AUC  per class  covered: Wald (delong)  logit   (nominal 0.95)")
for true_auc, n_class in ((0.8, 20), (0.95, 20), (0.95, 50), (0.99, 50)):
    shift = stats.norm.ppf(true_auc) * np.sqrt(2)  # binormal: AUC = Phi(shift / sqrt 2)
    y_sim = np.r_[np.ones(n_class), np.zeros(n_class)]
    hits = {"delong": 0, "logit": 0}
    for _ in range(1000):
        s_sim = np.r_[rng_auc.normal(shift, 1, n_class), rng_auc.normal(0, 1, n_class)]
        for method in hits:
            iv = auc_interval(y_sim, s_sim, method=method)
            hits[method] += iv.low <= true_auc <= iv.high
    print(f"{true_auc:>8}  {n_class:>9}  {hits['delong'] / 1000:>21.3f}  "
          f"{hits['logit'] / 1000:>6.3f}")

# %% [markdown]
# At an AUC of 0.8 both come close to 95 % (the Wald interval a little below, the logit one a little
# above). At 0.95 with 20 examples of each class the Wald interval
# covers the true AUC in only 86 % of test sets and the logit one in 94 %; at 0.99 with 50 of
# each, 83 % against 94 % (the Monte Carlo error of each rate is about 0.7 points). Near 1 use the
# logit interval.
#
# ### Partial AUC: the end of the curve that matters
#
# A screening test is used at high specificity: few false alarms. The whole AUC averages over
# every threshold, including those nobody would use. The partial AUC integrates the ROC curve over
# a range of specificities only, here 100 % to 90 % (false-positive rates 0 to 0.1); McClish's
# standardisation ([McClish, 1989](https://doi.org/10.1177/0272989X8900900307)) maps it to [0.5, 1] (0.5: no better than chance in that
# range). On pROC's patients:

# %%
y_asah = asah["outcome"]
for marker in ("s100b", "wfns", "ndka"):
    area = partial_auc(y_asah, asah[marker], specificity=(1.0, 0.9), positive="Poor")
    std = partial_auc(y_asah, asah[marker], specificity=(1.0, 0.9), corrected=True,
                      positive="Poor")
    full = auc_interval(y_asah, asah[marker], positive="Poor").estimate
    print(f"{marker:<6} AUC {full:.3f}   partial AUC (spec 1-0.9) {area:.4f}, "
          f"standardised {std:.3f}")
poor = (y_asah == "Poor").astype(int)
pauc_diff = paired_bootstrap(
    poor, asah["wfns"], asah["s100b"], seed=0, n_resamples=2000,
    metric=lambda y, s: partial_auc(y, s, specificity=(1.0, 0.9)),
)
print(f"WFNS minus S100B, partial AUC: {pauc_diff.difference}")

# %% [markdown]
# WFNS has the larger AUC (0.82 against 0.73, DeLong's $p = 0.027$ above), yet where false alarms
# are rare the data show no difference between the two markers: partial AUCs 0.033 and 0.033 of
# the 0.1 available, standardised 0.65 each. That is no evidence that they are alike there: the
# paired bootstrap interval of the difference, $-0.018$ to $0.020$, still allows a gap of a fifth
# of the available area either way (DeLong's variance is for the whole AUC only, so the difference
# is bootstrapped). The comparison depends on the range of specificities, so fix it before looking.

# %% [markdown]
# ## F1 and any other metric: paired bootstrap and permutation tests
#
# ### The wrong way first: McNemar's test on an F1 question
#
# On imbalanced data, accuracy and F1 can disagree. Below, 10 % of the 2 000 examples are
# positive; plain logistic regression is compared with the same model with `class_weight=
# "balanced"`, which trades accuracy for recall on the rare class.

# %%
X_imb, y_imb = make_classification(
    n_samples=2000,
    n_features=8,
    n_informative=5,
    n_redundant=1,
    weights=[0.9],
    class_sep=1.0,
    random_state=3,
)
Xa, Xb, ya, yb = train_test_split(
    X_imb, y_imb, test_size=0.5, random_state=0, stratify=y_imb
)
pred_balanced = (
    LogisticRegression(max_iter=1000, class_weight="balanced").fit(Xa, ya).predict(Xb)
)
pred_plain = LogisticRegression(max_iter=1000).fit(Xa, ya).predict(Xb)
print(f"{yb.size} test examples, {int(yb.sum())} of them positive")
for name, pred in (("balanced", pred_balanced), ("plain", pred_plain)):
    print(f"{name:>9}: accuracy {np.mean(pred == yb):.3f}, F1 {f1_score(yb, pred):.3f}")
accuracy_test = mcnemar(mcnemar_table(yb, pred_balanced, pred_plain), method="midp")
print("McNemar (mid-p) on right/wrong:\n   ", verdict(accuracy_test.pvalue))
accuracy_gap = paired_bootstrap(
    yb, pred_balanced, pred_plain, metric="accuracy", seed=0
).difference
print("accuracy difference (balanced - plain):", accuracy_gap)
print("the plain model is more accurate by "
      f"{-100 * accuracy_gap.estimate:.1f} points,\n"
      f"95 % interval {-100 * accuracy_gap.high:.1f} to {-100 * accuracy_gap.low:.1f}")

# %% [markdown]
# McNemar's test gives overwhelming evidence that the *plain* model is more accurate: by 13.7
# points (0.903 against 0.766), with a 95 % bootstrap interval from 10.7 to 16.8 points. But the
# question was F1, where the balanced model looks better (0.415 against 0.292). McNemar's test answers a question about accuracy only; its p-value says nothing about
# F1, which weighs the errors differently and is not a sum over examples.
#
# ### A paired bootstrap interval for the F1 difference
#
# Resample the 1 000 test examples with replacement, each with its label and *both*
# predictions, and recompute the F1 difference. The spread of those differences gives an
# interval; the BCa version corrects it for bias and skewness (Efron and Tibshirani, 1993).

# %%
f1_boot = paired_bootstrap(
    yb, pred_balanced, pred_plain, metric="f1", n_resamples=10_000, seed=0
)
print(f1_boot)
f1_perm = paired_permutation_test(yb, pred_balanced, pred_plain, metric="f1")
print(f1_perm)
print(verdict(f1_perm.pvalue))

# %% [markdown]
# $H_0$ of the permutation test: on every example the two predictions are exchangeable, as if
# a coin had decided which model made which. Under $H_0$ every pattern of swaps on the 263
# examples where the predictions differ is equally likely, and 1.7 % of the patterns give an F1
# difference at least as large as 0.123 in either direction: $p = 0.017$, an exact probability
# (the test computes the whole permutation distribution). The balanced model's F1 is higher by 0.12, with a 95 %
# BCa interval from 0.02 to 0.23: evidence for an advantage in F1, whose size is poorly
# determined by 104 positive examples.
#
# For accuracy the same permutation test is an old friend: swapping predictions changes only
# the b + c disagreements, and the number that favour model 1 becomes Binomial(b + c, 1/2). That
# is the exact McNemar test of chapter 2:

# %%
perm_accuracy = paired_permutation_test(
    yb, pred_balanced, pred_plain, metric="accuracy"
)
exact_mcnemar = mcnemar(mcnemar_table(yb, pred_balanced, pred_plain), method="exact")
print(
    f"permutation test on accuracy: p = {perm_accuracy.pvalue:.6g};\nexact McNemar: p "
    f"= {exact_mcnemar.pvalue:.6g}"
)

# %% [markdown]
# ### Which interval? A small coverage lab
#
# The library's default is the BCa interval. To check that choice where the truth is known,
# draw test sets of 300 examples from a population in which 10 % are positive and two models
# have known error rates (so the population F1 difference is known), and count how often each
# 95 % interval contains it. The bootstrap works on the 2 x 2 x 2 table of counts, so a
# thousand bootstraps take a second.

# %%
def population_f1(cells):
    """F1 of both models from the 8 cell probabilities (truth, model 1, model 2)."""
    c = np.asarray(cells)
    tp1, fp1, fn1 = c[6] + c[7], c[2] + c[3], c[4] + c[5]
    tp2, fp2, fn2 = c[5] + c[7], c[1] + c[3], c[4] + c[6]
    return 2 * tp1 / (2 * tp1 + fp1 + fn1), 2 * tp2 / (2 * tp2 + fp2 + fn2)


def cell_labels(counts):
    """Label vectors with the given counts of the 8 cells.

    Cell index = 4 * truth + 2 * model 1 + model 2.
    """
    code = np.repeat(np.arange(8), counts)
    return code // 4, (code // 2) % 2, code % 2


# P(positive) = 0.1; model 1 finds 70 % of positives with 4 % false alarms,
# model 2 60 % and 3 %, their errors positively correlated
rng = np.random.default_rng(1)
p_cells = np.array(
    [
        0.9 * 0.94,
        0.9 * 0.02,
        0.9 * 0.03,
        0.9 * 0.01,
        0.1 * 0.22,
        0.1 * 0.08,
        0.1 * 0.18,
        0.1 * 0.52,
    ]
)
true_diff = np.subtract(*population_f1(p_cells))
hits = {"percentile": 0, "bca": 0}
n_sets = 1000
for counts in rng.multinomial(300, p_cells, size=n_sets):
    y_s, a_s, b_s = cell_labels(counts)
    for method in hits:
        iv = paired_bootstrap(
            y_s, a_s, b_s, metric="f1", n_resamples=2000, seed=rng, method=method
        ).difference
        hits[method] += iv.low <= true_diff <= iv.high
print(f"population F1 difference: {true_diff:.4f}")
for method, count in hits.items():
    low, high = proportion_interval(count, n_sets)
    print(
        f"{method:>10}: coverage {count / n_sets:.3f} [{float(low):.3f}, "
        f"{float(high):.3f}] (nominal 0.95)"
    )

# %% [markdown]
# With about 30 positives per test set, the population F1 difference of 0.038 is covered by
# the percentile interval in 95.6 % and by BCa in 94.7 % of the 1 000 test sets, each with a
# Monte Carlo interval of about $\pm 1.4$ points that contains 95 %: here the two are equally
# good. The default is BCa because the theory says it is second-order accurate where the
# percentile interval is first-order ([DiCiccio and Efron, 1996](https://doi.org/10.1214/ss/1032280214)), which matters for skewed statistics
# and small samples; this lab found no case against it.
#
# Explore: switch the metric, the interval method and the level. Everything is recomputed from
# the counts in a few milliseconds.

# %% tags=["nbval-ignore-output"]
bootstrap_explorer(yb, pred_balanced, pred_plain)

# %% [markdown]
# ## Probabilities, not only labels: proper scores and calibration
#
# Most classifiers output a probability, and the label is that probability cut at a threshold.
# Accuracy, F1 and McNemar's test see the labels only; two ways of judging the probabilities
# themselves follow.
#
# ### Brier score and log loss, example by example
#
# A *proper* scoring rule is one whose expected value is best when the predicted probability is
# the true one ([Gneiting and Raftery, 2007](https://doi.org/10.1198/016214506000001437)): the Brier score $(y - p)^2$ ([Brier, 1950](https://doi.org/10.1175/1520-0493(1950)078<0001:VOFEIT>2.0.CO;2)) and the log
# loss $-\log p$ of the observed class are the two in common use. Both are means over examples,
# so two models' per-example scores on the same test set go into the paired t-test of chapter 4.
# The logistic regression and naive Bayes of the AUC section, on the same 285 test tumours:

# %%
brier_log, brier_nb = brier_scores(y_te, p_logistic), brier_scores(y_te, p_bayes)
print(f"mean Brier score: logistic {brier_log.mean():.4f}, "
      f"naive Bayes {brier_nb.mean():.4f}")
brier_test = paired_ttest(brier_log, brier_nb)
print(f"paired t on the per-example differences: {verdict(brier_test.pvalue)}")
print(f"  difference {brier_test.confidence_interval}")
loss_nb = log_losses(y_te, p_bayes)
print(f"naive Bayes: {int(np.isinf(loss_nb).sum())} infinite log losses; "
      f"largest {loss_nb.max():.1f}")

# %% [markdown]
# **Interpretation.** $H_0$: the two models have the same expected Brier score on tumours like
# these. Logistic regression's is lower by 0.050 (95 % interval of the difference, logistic minus
# naive Bayes: $-0.075$ to $-0.025$); a difference this large would be unlikely if the expected
# scores were equal ($p = 0.0001$). The log loss punishes a
# confident mistake without bound: naive Bayes' worst single loss is 65.8, a probability of about
# $e^{-66}$ for what happened, and a probability of exactly 0 would cost an infinite loss
# (`log_losses` reports it as `inf`, and the paired tests refuse it). The Brier score caps each
# mistake at 1. Report which score you use and why.
#
# ### Is a model calibrated? Spiegelhalter's test and the reliability diagram
#
# A model is *calibrated* when, among the examples it gives probability $p$, a share $p$ is
# positive. Spiegelhalter's $z$ ([Spiegelhalter, 1986](https://doi.org/10.1002/sim.4780050506)) compares the Brier score with its
# expectation if the probabilities were right; $H_0$: the probabilities are calibrated. The
# reliability diagram shows where: examples binned by predicted probability, the observed share
# of positives in each bin with its Wilson interval, against the diagonal.

# %%
for name, p in (("logistic", p_logistic), ("naive Bayes", p_bayes)):
    cal = calibration_test(y_te, p)
    print(f"{name:<12} z = {cal.statistic:+.2f}, {verdict(cal.pvalue)}")
sure = p_bayes >= 0.995
print(f"naive Bayes gives P(benign) >= 0.995 to {int(sure.sum())} tumours, "
      f"{int((y_te[sure] == 0).sum())} of them malignant")
print(reliability_table(y_te, p_bayes, n_bins=5))

# %% mystnb={"figure": {"caption": "Reliability diagrams of logistic regression and naive Bayes on the 285 test tumours (breast-cancer data, class 1 = benign): the tumours in five bins of equal size by predicted probability, the observed share of benign tumours in each bin with its 95 % Wilson interval, against the dashed diagonal of perfect calibration. Naive Bayes puts three bins at a predicted probability of 1.0; in one of them only 93 % are benign.", "name": "fig-beyond-reliability"}, "image": {"alt": "Two square reliability diagrams side by side, x axis mean predicted probability and y axis observed fraction positive, both from 0 to 1, with a dashed diagonal. Left, logistic: five points close to the diagonal, at about (0, 0), (0.16, 0.18), (0.93, 0.96) and two at (1.0, 1.0). Right, naive Bayes: points at (0, 0) and (0.18, 0.23), and three at a predicted probability of 1.0 with observed fractions 0.93, 0.98 and 1.0; the lowest, with an interval from 0.83 to 0.97, lies below the diagonal."}} tags=["hide-input"]
fig, axes = plt.subplots(1, 2, figsize=(7.4, 3.5), sharey=True)
for ax, (name, p) in zip(axes, (("logistic", p_logistic), ("naive Bayes", p_bayes))):
    plot_reliability(reliability_table(y_te, p, n_bins=5), ax=ax)
    ax.set_title(name)
fig.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 9.2.** Reliability diagrams of logistic regression and naive Bayes on the 285 test tumours (breast-cancer data, class 1 = benign): the tumours in five bins of equal size by predicted probability, the observed share of benign tumours in each bin with its 95 % Wilson interval, against the dashed diagonal of perfect calibration. Naive Bayes puts three bins at a predicted probability of 1.0; in one of them only 93 % are benign.

# %% [markdown]
# **Interpretation.** Naive Bayes is badly calibrated: it gives a probability of being benign of
# 0.995 or more to 171 tumours, among which its own probabilities promise fewer than one malignant
# one, and 5 are malignant; its Brier score is almost twelve times what its probabilities promise.
# Spiegelhalter's $z = 25$ says the same, but its normal approximation is rough for probabilities
# this close to 0 and 1: read its p-value only as "far below 5 %". For logistic regression
# $p = 0.050$, just above 5 %: no evidence of miscalibration at that level, which does not show that it is calibrated, and its reliability
# diagram, with five bins of 57 tumours, has wide intervals. Spiegelhalter's test has little power
# against some miscalibration (probabilities too extreme on one side and too timid on the other
# can cancel), so read the diagram beside it.
#
# ### The threshold decides accuracy, F1 and McNemar
#
# The labels, and with them every label metric and McNemar's verdict, depend on where the
# probabilities are cut. The same two models at five thresholds:

# %%
print("threshold  accuracy log / NB   F1 log / NB     McNemar p (mid-p)")
for cut in (0.1, 0.3, 0.5, 0.7, 0.9):
    lab_log, lab_nb = (p_logistic >= cut).astype(int), (p_bayes >= cut).astype(int)
    p_mc = mcnemar(mcnemar_table(y_te, lab_log, lab_nb)).pvalue
    print(f"{cut:>9}  {accuracy(y_te, lab_log):.3f} / {accuracy(y_te, lab_nb):.3f}  "
          f"{f1_score(y_te, lab_log):.3f} / {f1_score(y_te, lab_nb):.3f}   {p_mc:.2g}")

# %% [markdown]
# At a threshold of 0.3 McNemar's mid-p value is 0.00003 in favour of logistic regression; at 0.9
# it is 0.71, and naive Bayes has the higher observed accuracy (with no evidence of a difference). A threshold chosen after looking
# at these rows is one more way to find the answer you hoped for (the multiplicity of the last
# section of this chapter). Fix the threshold from the costs of the two errors before the test,
# or compare the probabilities themselves, with a proper score or the AUC.

# %% [markdown] tags=["part-marker"]
# **Part 2 of this chapter: Seeds, groups, time, and many metrics.** Part 1 (Beyond accuracy:
# what CV estimates, AUC and F1) ends here; the instructor guide teaches each part in one class.

# %% [markdown]
# ## Random seeds: how much of the difference is luck?
#
# A neural network's score depends on the seed that initialises its weights and orders its
# mini-batches. Bouthillier et al. ([Bouthillier et al., 2021](https://arxiv.org/abs/2103.03098)) measured, on real benchmarks, that the
# data split, the initialisation and the hyperparameter choices all move the results markedly,
# and that an estimate which varies more of these sources at once comes closer to the truth for
# the same cost.
#
# Two training procedures of a small network (10 hidden units; weight decay $\alpha = 10^{-4}$
# against $\alpha = 1$) on 400 simulated examples, 8 random splits (70 % train, 30 % test) x 4
# seeds each. Training stops after 30 epochs to keep the chapter fast, so scikit-learn warns
# that the optimiser has not converged: we silence exactly that warning, on purpose, and the
# seed's influence is if anything larger than after full convergence.

# %%
X_nn, y_nn = make_classification(
    n_samples=400, n_features=10, n_informative=4, flip_y=0.05, random_state=2
)
procedures = {"weight decay 1e-4": 1e-4, "weight decay 1": 1.0}
n_splits, n_seeds = 8, 4
nn_scores = np.empty((2, n_splits, n_seeds))
splits = list(
    repeated_holdout(
        len(y_nn), n_repeats=n_splits, test_size=0.3, seed=0, stratify=y_nn
    )
)
with warnings.catch_warnings():
    warnings.simplefilter("ignore", ConvergenceWarning)
    for s, (train, test) in enumerate(splits):
        scaler = StandardScaler().fit(X_nn[train])
        X_train, X_test = scaler.transform(X_nn[train]), scaler.transform(X_nn[test])
        for r in range(n_seeds):
            for a, alpha in enumerate(procedures.values()):
                net = MLPClassifier(
                    hidden_layer_sizes=(10,),
                    alpha=alpha,
                    max_iter=30,
                    learning_rate_init=0.02,
                    random_state=r,
                ).fit(X_train, y_nn[train])
                nn_scores[a, s, r] = np.mean(net.predict(X_test) == y_nn[test])
for a, name in enumerate(procedures):
    v = seed_split_variance(nn_scores[a])
    print(
        f"{name}: mean accuracy {v.mean:.4f},\n    sd between splits "
        f"{np.sqrt(v.split_variance):.4f}, "
        f"sd between seeds {np.sqrt(v.seed_variance):.4f}"
    )
differences = nn_scores[0] - nn_scores[1]
diff_var = seed_split_variance(differences)
print(diff_var)

# %% [markdown]
# Each procedure's accuracy moves by about 3 points from one split to the next and by about 2
# points from one seed to the next on the same split. For the *difference* between the two
# procedures, which is what a comparison is about, the split component was *estimated* at 0: the
# ANOVA estimate from 8 splits came out negative and was cut at 0 (`split_share` is 0; the
# section "How many seeds?" prints it before the cut). Both procedures face the same split, and
# in this example that pairing removed most of the split-to-split variation: a split that was
# easy for one was easy for the other. That is not evidence that the split component of the
# difference is 0. Eight splits cannot tell 0 from a moderate value, and in general pairing
# removes only the part of a split's luck that the two procedures share; the rest, a split that
# suits one procedure more than the other, stays in the difference. Chapter 4 traced 1-NN's
# liberal tests to this kind of data-dependent luck. The seeds of the two procedures are
# unrelated, so their variation does not cancel at all.
#
# ### The wrong way: count every run as an independent observation
#
# 32 paired runs, one t-test:

# %%
naive_runs = paired_ttest(nn_scores[0].ravel(), nn_scores[1].ravel())
low_run, high_run = (float(v) for v in naive_runs.confidence_interval)
print(f"paired t over all {naive_runs.n} runs: mean difference "
      f"{naive_runs.mean_difference:+.4f},\n"
      f"95 % CI [{low_run:+.4f}, {high_run:+.4f}], p = {naive_runs.pvalue:.3f}")

# %% [markdown]
# The 4 runs on one split share the split, and the 8 splits share most of their training
# examples (chapter 4): the runs are not 32 independent observations. The test over seeds
# *paired by split* averages the seeds within each split first, then compares the 8 split means
# with the corrected resampled t of chapter 4 (ratio $n_{test}/n_{train} = 0.3/0.7$).

# %%
split_means = nn_scores.mean(axis=2)
by_split = resampled_ttest(split_means[0], split_means[1], test_train_ratio=0.3 / 0.7)
print(by_split)
interval = by_split.confidence_interval  # t interval from the same corrected variance
print(f"mean difference {interval.estimate:+.4f}, 95 % interval [{interval.low:+.4f}, "
      f"{interval.high:+.4f}]")
print(f"in points: {100 * interval.estimate:+.1f} [{100 * interval.low:+.1f}, "
      f"{100 * interval.high:+.1f}]")
print(verdict(by_split.pvalue))

# %% [markdown]
# $H_0$: the two procedures have the same expected accuracy on training sets of 280 examples
# from this population. The strongly regularised network is half a point more accurate on
# average (weight decay $10^{-4}$ minus weight decay 1: -0.5 points), but the 95 % interval
# runs from -1.9 to +0.9 points: the data are compatible with an advantage of up to about two
# points for the strongly regularised network and of up to about one point for the other. With
# $p = 0.44$ there is no evidence of a difference at the 5 % level. Counting all 32
# runs as independent gave an interval half as wide and $p = 0.15$: more certainty than the data
# support.
#
# ### How many seeds?
#
# With the variance components, the standard error of a design of S splits x R seeds is
# $\sqrt{\sigma^2_{split}/S + \sigma^2_{seed}/(SR)}$. More seeds shrink only the second term.
# To plan the next experiment we need $\sigma^2_{split}$ of the difference, and the estimate 0
# is the one value we should not plan with. The mean of a split's R runs varies from split to
# split with variance $\sigma^2_{split} + \sigma^2_{seed}/R$; the sample variance $s^2$ of the 8
# split means gives the usual chi-squared upper bound for it, $(S - 1)\,s^2/\chi^2_{0.05,\,S-1}$,
# and that bounds $\sigma^2_{split}$ too (a rough bound: it assumes normal, independent splits).

# %%
split_means_diff = differences.mean(axis=1)
var_means = split_means_diff.var(ddof=1)  # estimates split variance + seed variance / R
print(f"variance of the {n_splits} split means of the difference: {var_means:.3g}")
print(f"  of which seed variance / {n_seeds}: {diff_var.seed_variance / n_seeds:.3g}")
raw_split = var_means - diff_var.seed_variance / n_seeds
print(f"  split variance before the cut at 0: {raw_split:+.3g}")
bound = (n_splits - 1) * var_means / stats.chi2.ppf(0.05, n_splits - 1)
print(f"95 % upper bound for the split variance: {bound:.3g} (sd {np.sqrt(bound):.4f})")
planning = dataclasses.replace(
    diff_var,
    split_variance=bound,
    split_share=bound / (bound + diff_var.seed_variance),
)
one_procedure = seed_split_variance(nn_scores[0])
print(f"\n{'':<20}{'difference,':>14}{'difference,':>14}{'one':>12}")
print(f"{'design':<20}{'estimate':>14}{'upper bound':>14}{'accuracy':>12}")
for S, R in ((8, 1), (8, 4), (8, 16), (32, 1)):
    print(f"{f'{S} splits x {R} seeds':<20}{design_std_error(diff_var, S, R):>14.4f}"
          f"{design_std_error(planning, S, R):>14.4f}"
          f"{design_std_error(one_procedure, S, R):>12.4f}")

# %% [markdown]
# The split variance of the difference, before the cut, was slightly negative; its upper bound
# corresponds to a split-to-split standard deviation of 1.5 points, half of what one procedure's
# accuracy shows but not negligible. The table gives the standard errors of four designs under
# the estimate (split part 0), under the upper bound, and for one procedure's own accuracy. With
# the estimate only the number of runs would count: 8 x 4 and 32 x 1 give the same standard
# error. With the bound, as for one procedure's accuracy, another split buys more than another
# seed at the same cost (one more training of each procedure): 32 x 1 beats 8 x 4, and 8 x 16
# hardly beats 8 x 4. Plan with the bound: more splits are never the worse choice, more seeds
# help only while the seed term dominates. The formula treats splits as independent, so for
# splits of one data set every line of the table is optimistic (the corrected t above gave a
# standard error of 0.0061 for 8 x 4, the formula 0.0034 under the estimate); so is the bound.
# The slider below uses the bound.

# %% tags=["nbval-ignore-output"]
seeds_explorer(planning)

# %% [markdown]
# ## Grouped and time-ordered data
#
# ### Groups: several examples per patient
#
# Suppose each of 60 patients contributes 5 scans, and the diagnosis belongs to the patient. The
# scans of one patient look alike. Plain k-fold puts some of a patient's scans in training and
# others in test: the model is partly tested on patients it has seen.

# %%
def patients(rng, n_patients, per_patient, d=5, spread=1.5, signal=2.0):
    """Scans of patients: a patient's centre (own look) is shifted by its diagnosis."""
    diagnosis = rng.integers(0, 2, n_patients)
    centre = rng.normal(0, spread, (n_patients, d)) + np.outer(
        np.where(diagnosis == 1, signal, -signal), np.ones(d)
    ) / np.sqrt(d)
    X = np.repeat(centre, per_patient, axis=0) + rng.normal(
        0, 0.3, (n_patients * per_patient, d)
    )
    return (
        X,
        np.repeat(diagnosis, per_patient),
        np.repeat(np.arange(n_patients), per_patient),
    )


rng = np.random.default_rng(0)
X_p, y_p, patient = patients(rng, 60, 5)
X_new, y_new, _ = patients(rng, 5000, 1)  # new patients, one scan each: the truth
one_nn = KNeighborsClassifier(n_neighbors=1)
naive_cv = cross_validate_scores(one_nn, X_p, y_p, stratified_kfold(y_p, k=5, seed=0))
grouped_cv = cross_validate_scores(one_nn, X_p, y_p, group_kfold(patient, k=5, seed=0))
truth = np.mean(one_nn.fit(X_p, y_p).predict(X_new) == y_new)
print(f"5-fold CV, scans shuffled:     {naive_cv.mean():.3f}")
print(f"5-fold CV, patients kept whole: {grouped_cv.mean():.3f}")
print(f"accuracy on 5000 new patients:  {truth:.3f}")

# %% [markdown]
# Shuffled cross-validation reports 99 % accuracy: the nearest neighbour of a test scan is
# almost always another scan of the same patient. Grouped cross-validation (`group_kfold`:
# every patient entirely in one fold) reports 73 %, much closer to the 81 % the model reaches
# on new patients (it is lower partly because each grouped model trains on 48 patients, not 60,
# and partly because a cross-validation estimate from 60 patients varies a lot). Every test of
# this course inherits the optimism of the scores it is given: a corrected t-test on leaky folds
# is a valid test of the wrong question.
#
# ### What McNemar's independence assumption means here
#
# McNemar's test (chapter 2) treats the test examples as independent. With 5 scans per patient
# they are not: a patient on whom model 1 happens to do well gives model 1 several wins at once.
# Below, two models are *equally* accurate overall, but each patient favours one of them, at
# random: the favoured model is right on 90 % of that patient's scans, the other on 60 % (75 %
# each on average). We simulate 2 000 test sets of 40
# patients x 5 scans and count how often each test rejects the true $H_0$ at the 5 % level.

# %%
rng = np.random.default_rng(1)
n_sim, n_pat, per = 2000, 40, 5
reject = {"McNemar on scans": 0, "paired t on patient means": 0,
          "clustered McNemar (Yang)": 0}
patient_of_scan = np.repeat(np.arange(n_pat), per)
truth = np.zeros(n_pat * per, dtype=int)  # class 0 everywhere: predicting 1 is wrong
for _ in range(n_sim):
    favour = rng.choice([-0.15, 0.15], n_pat)[:, None]
    right_1 = rng.random((n_pat, per)) < 0.75 + favour
    right_2 = rng.random((n_pat, per)) < 0.75 - favour
    b, c = int(np.sum(right_1 & ~right_2)), int(np.sum(~right_1 & right_2))
    reject["McNemar on scans"] += (
        mcnemar([[0, b], [c, 0]], method="midp").pvalue <= 0.05
    )
    reject["paired t on patient means"] += (
        paired_ttest(right_1.mean(1), right_2.mean(1)).pvalue <= 0.05
    )
    wrong_1, wrong_2 = (~right_1).ravel().astype(int), (~right_2).ravel().astype(int)
    reject["clustered McNemar (Yang)"] += (
        clustered_mcnemar(truth, wrong_1, wrong_2, patient_of_scan).pvalue <= 0.05
    )
print(f"share of the {n_sim} simulated test sets (95 % interval):")
for name, count in reject.items():
    low, high = proportion_interval(count, n_sim)
    print(
        f"{name:>26}: rejects a true H0 in {count / n_sim:.3f} [{float(low):.3f}, "
        f"{float(high):.3f}]"
    )

# %% [markdown]
# McNemar's test on the 200 scans rejects a true $H_0$ in 14 % of the test sets, nearly three
# times its nominal 5 %: its null distribution assumes independent disagreements, and clustered
# ones vary more. Averaging within each patient and testing the 40 patient-level differences
# (here with a paired t-test; a Wilcoxon or sign test from chapter 5 works too) restores the
# level, because the patients, not the scans, are independent. The rule: the unit of the test is
# the unit that was sampled independently.
#
# The clustered McNemar tests keep McNemar's question (does one model win more of the
# disagreements?) and count the patients as the units: they estimate the variance of the
# difference between the two models' wins from the spread of that difference across patients
# ([Durkalski et al., 2003](https://doi.org/10.1002/sim.1438); [Yang et al., 2010](https://doi.org/10.1002/bimj.201000035)). Yang's statistic, the library's default, held the level in the
# simulation above (third row), with all 200 scans and no averaging.
#
# ### Which clustered McNemar test? A small lab
#
# The four clustered statistics of the literature differ in how they estimate that variance
# ([Eliasziw and Donner, 1991](https://doi.org/10.1002/sim.4780101211); [Obuchowski, 1998](https://doi.org/10.1002/(SICI)1097-0258(19980715)17:13<1495::AID-SIM863>3.0.CO;2-I); [Durkalski et al., 2003](https://doi.org/10.1002/sim.1438); [Yang et al., 2010](https://doi.org/10.1002/bimj.201000035)). `simulate_clustered_mcnemar`
# draws test sets whose groups make their examples alike (an intra-cluster correlation, ICC) and
# counts the rejections at 5 %, 4 000 test sets per cell, first with two equally accurate models:

# %%
methods = ("obuchowski", "durkalski", "yang", "eliasziw")
print("share of 4 000 test sets rejected at 5 %")
print(f"{'groups':>6} {'size':<7} {'ICC':>4} {'accuracies':<11}"
      + "".join(f"{m:>10}" for m in methods))
for n_groups, size, icc, acc_1 in ((10, (1, 10), 0.5, 0.8), (20, 5, 0.2, 0.8),
                                   (50, 2, 0.5, 0.8), (20, 5, 0.2, 0.85)):
    acc_2 = 0.8 if acc_1 == 0.8 else 0.75
    rates = [simulate_clustered_mcnemar(m, n_groups, size, icc, acc_1, acc_2,
                                        n_sims=4000, seed=0).rejection_rate
             for m in methods]
    pair = "0.8, 0.8" if acc_1 == 0.8 else "0.85, 0.75"
    print(f"{n_groups:>6} {str(size):<7} {icc:>4} {pair:<11}"
          + "".join(f"{r:>10.3f}" for r in rates))

# %% [markdown]
# The first three rows have equally accurate models, so every rejection is a Type I error; with
# 4 000 test sets a rate's Monte Carlo standard error is about 0.0035. Eliasziw and Donner's
# statistic rejects too often (up to 7 %), Obuchowski's too rarely with ten groups of mixed sizes
# (1.4 %); Durkalski's and Yang's stay closest to 5 % (Durkalski's falls to 3.5 % with ten
# groups). The last row is power, with accuracies 0.85 and 0.75: Yang's statistic rejects more
# often than Durkalski's (0.25 against 0.23), though part of that edge is its slightly larger size
# in the same setting (0.052 against 0.046 under $H_0$), and Eliasziw's higher figure is bought with
# its excess Type I error.
# The larger grid in `help(clustered_mcnemar)` (10 to 50 groups, sizes 2 to 10, ICC 0 to 0.5)
# gives the same ranking, which is why Yang's is the default; with ten groups or fewer every one
# of them is approximate.
#
# ### F1, AUC and other metrics on grouped test sets: resample whole patients
#
# Averaging within a patient works for accuracy because accuracy *is* a mean of per-scan scores:
# the accuracy over all scans is the mean of the patients' accuracies, weighted by their numbers
# of scans. (Here every patient has 5 scans. With groups of different sizes, the plain mean of
# the patients' accuracies weighs patients equally, which is a different question; decide which
# one you are asking.) F1 is not such a mean. A patient without a positive scan has no useful F1
# of their own (it is 0 or undefined), and the mean of the patients' F1 scores is not the F1 of
# the test set. Used on
# the scans, the paired bootstrap and the paired permutation test of the F1 section repeat
# McNemar's mistake: they treat 200 scans as 200 independent examples.
#
# The remedy keeps the metric and changes what is resampled: whole groups.
#
# - The **cluster bootstrap** (`cluster_bootstrap`) draws 40 patients with replacement, keeps
#   each one with all its scans, their labels and *both* models' predictions, and recomputes
#   the F1 difference on the resample. This is the resampling of clusters that Davison and
#   Hinkley describe for hierarchical data (Davison and Hinkley, 1997); Field and Welsh (Field and Welsh, 2007)
#   show that it estimates the variance consistently as the number of groups grows, where a
#   bootstrap of single examples underestimates it when the examples of a group are alike.
# - The **cluster permutation test** (`cluster_permutation_test`) has the null hypothesis that
#   within each patient the two models are exchangeable as a block: swapping the two models'
#   predictions on *all* scans of a patient at once would give an equally likely test set. It
#   compares the observed F1 difference with the differences under all patterns of swapped
#   patients: exactly where that is feasible, from random patterns otherwise (its `method`
#   says which).
#
# With one scan per patient both are exactly the paired versions of the F1 section. Any metric
# computed from labels and predictions (or scores) can be passed as a function, an AUC too
# (exercise 5).
#
# The patients of this section, once more: logistic regression and 1-NN, both trained on the
# 60 patients above, compared by F1 on a test set of 40 new patients with 5 scans each.


# %%
rng = np.random.default_rng(5)
X_scans, y_scans, patient_scans = patients(rng, 40, 5)
logistic_p = LogisticRegression().fit(X_p, y_p)
pred_lr, pred_nn = logistic_p.predict(X_scans), one_nn.predict(X_scans)
print(f"F1 on the 200 test scans: logistic regression "
      f"{f1_score(y_scans, pred_lr):.3f}, 1-NN {f1_score(y_scans, pred_nn):.3f}")
for unit, boot, perm in (
    (
        "scans resampled (paired)",
        paired_bootstrap(y_scans, pred_lr, pred_nn, metric="f1", seed=0),
        paired_permutation_test(y_scans, pred_lr, pred_nn, metric="f1"),
    ),
    (
        "patients resampled (cluster)",
        cluster_bootstrap(
            y_scans, pred_lr, pred_nn, patient_scans, metric="f1", seed=0
        ),
        cluster_permutation_test(
            y_scans, pred_lr, pred_nn, patient_scans, metric="f1"
        ),
    ),
):
    iv = boot.difference
    print(f"{unit}: F1 difference {iv.estimate:+.3f},\n  95 % BCa interval "
          f"[{iv.low:+.3f}, {iv.high:+.3f}], permutation p = {perm.pvalue:.3f}")
print(f"F1 on 5000 new patients: logistic regression "
      f"{f1_score(y_new, logistic_p.predict(X_new)):.3f}, "
      f"1-NN {f1_score(y_new, one_nn.predict(X_new)):.3f}")


# %% [markdown]
# Resampling scans, the 95 % interval for the F1 difference excludes 0 and the permutation test
# gives $p = 0.049$: evidence, it seems, that logistic regression has the higher F1. Resampling
# patients, the interval is about twice as wide, from -0.061 to +0.200, and $p = 0.317$: 40
# patients do not settle the question at the 5 % level. The scans of one patient are near
# copies of each other (that is what let shuffled cross-validation report 99 %), so 200 scans
# carry little more information than 40 patients. Logistic regression is in fact better on new
# patients (F1 0.898 against 0.814 on 5 000 of them, which only a simulation can tell us): the
# per-example analysis was not wrong in its direction this time, but it claimed more certainty
# than 40 patients can give. How often that certainty is misplaced, a simulation with two
# equally good models shows: the design of the McNemar simulation above, each patient's
# diagnosis shared by their 5 scans, 400 test sets.


# %%
rng = np.random.default_rng(6)
n_sets = 400
scan_patient = np.repeat(np.arange(n_pat), per)
wrong = dict.fromkeys(
    [
        "F1, per-example permutation test",
        "F1, cluster permutation test",
        "accuracy, cluster permutation test",
        "F1, per-example bootstrap interval",
        "F1, cluster bootstrap interval",
    ],
    0,
)
for _ in range(n_sets):
    y_s = np.repeat(rng.integers(0, 2, n_pat), per)
    favour = rng.choice([-0.15, 0.15], n_pat)[scan_patient]
    pred_1 = np.where(rng.random(y_s.size) < 0.75 + favour, y_s, 1 - y_s)
    pred_2 = np.where(rng.random(y_s.size) < 0.75 - favour, y_s, 1 - y_s)
    pvalues_s = (
        paired_permutation_test(y_s, pred_1, pred_2, metric="f1", seed=rng).pvalue,
        cluster_permutation_test(
            y_s, pred_1, pred_2, scan_patient, metric="f1", seed=rng
        ).pvalue,
        cluster_permutation_test(
            y_s, pred_1, pred_2, scan_patient, metric="accuracy", seed=rng
        ).pvalue,
    )
    intervals_s = (
        paired_bootstrap(
            y_s, pred_1, pred_2, metric="f1", n_resamples=999, seed=rng
        ).difference,
        cluster_bootstrap(
            y_s, pred_1, pred_2, scan_patient, metric="f1", n_resamples=999, seed=rng
        ).difference,
    )
    # H0 is true: the two models are exchangeable patient by patient, so the
    # population F1 difference is 0
    for name, p in zip(list(wrong)[:3], pvalues_s):
        wrong[name] += p <= 0.05
    for name, iv in zip(list(wrong)[3:], intervals_s):
        wrong[name] += not iv.low <= 0 <= iv.high
for name, count in wrong.items():
    low, high = proportion_interval(count, n_sets)
    what = "rejects a true H0 in" if "test" in name else "misses the true 0 in"
    print(f"{name}:\n  {what} {count / n_sets:.3f} [{float(low):.3f}, "
          f"{float(high):.3f}]")


# %% [markdown]
# With two equally good models the per-example permutation test rejects the true $H_0$ in 16 %
# of the test sets, about three times its nominal 5 %, and the per-example 95 % bootstrap
# interval misses the true difference (0) in 16.5 %. Both treat 200 correlated scans as
# independent. The cluster versions hold: the cluster permutation tests reject in 4.5 % (for F1
# and for accuracy; an exact permutation test cannot exceed its level when its null hypothesis
# holds), and the cluster bootstrap interval misses 0 in 5.0 % of the test sets, as a 95 %
# interval should. With 400 test sets each rate carries a Monte Carlo error of a few points (the
# brackets). For accuracy, the cluster permutation test and the paired t on the patients' means
# are two valid routes; for F1 only the cluster methods are.
#
# Two limits. The cluster bootstrap needs enough groups: with ten or so it covers noticeably
# less than it promises (`help(cluster_bootstrap)` reports a simulation), while the cluster
# permutation test stays exact with any number of groups, but with u patients on whom the
# models disagree it cannot give a p-value below $2^{1-u}$. And like McNemar's test, both
# compare two *trained models* on one test set; the variation from one training set to another
# is the business of chapter 4.

# %% [markdown]
# ### Time order: train on the past, test on the future
#
# A sensor drifts slowly and the state it reports changes rarely. Shuffled cross-validation
# lets the model look at neighbours in time, on both sides of a test example; a deployed model
# only ever sees the past. `forward_chaining` keeps the order: each split trains on everything
# before a block and tests on the block.

# %%
rng = np.random.default_rng(7)
n_t = 600
state = np.cumsum(rng.random(n_t) < 0.02) % 2  # a state that switches rarely
X_time = (
    np.cumsum(rng.normal(0, 0.15, (n_t, 2)), axis=0)
    + 0.5 * state[:, None]
    + rng.normal(0, 0.3, (n_t, 2))
)
knn = KNeighborsClassifier(n_neighbors=5)
shuffled = cross_validate_scores(knn, X_time, state, kfold(n_t, k=5, seed=0))
forward = cross_validate_scores(knn, X_time, state, forward_chaining(n_t, k=5))
print(f"shuffled 5-fold CV:  {shuffled.mean():.3f}  (folds {np.round(shuffled, 3)})")
print(f"forward chaining:    {forward.mean():.3f}  (blocks {np.round(forward, 3)})")
print(
    "always predicting the more common state: "
    f"{max(state.mean(), 1 - state.mean()):.3f}  (known only in hindsight)"
)
past_majority = [
    np.mean(state[test] == round(state[train].mean()))
    for train, test in forward_chaining(n_t, k=5)
]
print(f"predicting the state more common in the past: {np.mean(past_majority):.3f}\n  "
      f"(blocks {np.round(past_majority, 3)})")

# %% [markdown]
# Shuffled CV finds the near-duplicates next door in time and reports 85 %. Forward chaining
# reports 70 %: on the future the model does no better than the simplest rule that also uses
# only the past, predicting the state that was more common in its training data (71 %), and
# worse than always predicting the state that turns out to be more common over the whole series
# (74 %, a rule that needs hindsight). Its block scores are not exchangeable (later models train
# on more data, and the series changes: here from 100 % to 24 %), so look at them one by one
# before averaging.

# %% [markdown]
# ### Blocked cross-validation with a gap
#
# Forward chaining tests only the later blocks. Blocked k-fold tests every block once, trains on
# the blocks on both sides, and leaves a *gap* of examples out of training next to the test
# block, so that no training example is a near neighbour in time of a test example
# ([Racine, 2000](https://doi.org/10.1016/S0304-4076(00)00030-0)):

# %%
for gap in (0, 10):
    blocks = blocked_kfold(n_t, k=5, gap=gap)
    blocked = cross_validate_scores(knn, X_time, state, blocks)
    print(f"blocked 5-fold, gap {gap:>2}: {blocked.mean():.3f}  "
          f"(blocks {np.round(blocked, 3)})")

# %% [markdown]
# Blocked folds report 72 % without a gap and 70 % with a gap of 10, close to forward chaining
# and far from the 85 % of shuffled folds. For a stationary series whose model errors are
# uncorrelated, blocked cross-validation is sound and uses all the data ([Bergmeir et al., 2018](https://doi.org/10.1016/j.csda.2017.11.003));
# this series drifts, and a model trained on the future of its test block answers a question no
# deployed model faces, so forward chaining is the honest estimate here.
#
# ### Two forecasters in time: the Diebold-Mariano test
#
# Two models that predict the same series, each scored at every time point, give paired losses;
# but losses next to each other in time are correlated, most of all when the models predict $h$
# steps ahead, since neighbouring forecasts then share $h - 1$ surprises. The paired t-test assumes
# independent pairs. Diebold and Mariano's test ([Diebold and Mariano, 1995](https://doi.org/10.1080/07350015.1995.10524599)) estimates the variance of
# the mean loss difference with its autocovariances up to lag $h - 1$, and Harvey, Leybourne and
# Newbold's correction ([Harvey et al., 1997](https://doi.org/10.1016/S0169-2070(96)00719-4)) makes it behave in small samples. $H_0$: the two
# forecasters have the same expected loss. A lab: 2 000 series of 120 three-step-ahead forecasts
# by two forecasters that are equally good on average, squared errors as losses:

# %%
rng_dm = np.random.default_rng(11)
n_fc, horizon, phi = 120, 3, 0.8


def overlapping_noise(size):
    """Noise shared by neighbouring 3-step forecasts (an MA(2) process, variance 1)."""
    w = rng_dm.normal(size=size + 2)
    return (w[:-2] + w[1:-1] + w[2:]) / np.sqrt(3)


reject_dm = {"paired t (ignores time)": 0, "Diebold-Mariano, h = 3": 0}
for _ in range(2000):
    e = rng_dm.normal(size=n_fc + 2)
    # the error of the best 3-step forecast of an AR(1) series
    best = phi**2 * e[:-2] + phi * e[1:-1] + e[2:]
    loss_a = (best + 0.7 * overlapping_noise(n_fc)) ** 2
    loss_b = (best + 0.7 * overlapping_noise(n_fc)) ** 2
    reject_dm["paired t (ignores time)"] += paired_ttest(loss_a, loss_b).pvalue <= 0.05
    reject_dm["Diebold-Mariano, h = 3"] += (
        diebold_mariano_test(loss_a, loss_b, horizon=horizon).pvalue <= 0.05
    )
for name, count in reject_dm.items():
    low, high = proportion_interval(count, 2000)
    print(f"{name:>24}: rejects a true H0 in {count / 2000:.3f} "
          f"[{float(low):.3f}, {float(high):.3f}]")
print(diebold_mariano_test(loss_a, loss_b, horizon=horizon))

# %% [markdown]
# The paired t-test rejects a true $H_0$ in 17 % of the series; Diebold-Mariano's test, in 5 %.
# Its statistic is signed by the mean of `loss_1 - loss_2` (negative: the first model had the lower
# losses), its interval is for that mean, and `horizon` is how far ahead the models predict, not
# a tuning knob: autocorrelation beyond lag $h - 1$ is assumed away. The test compares two fitted
# forecasters on one stretch of time, not their learning algorithms.

# %% [markdown]
# ## Many metrics, many data sets: family-wise error or false discovery rate?
#
# Comparing two models on 4 data sets with 3 metrics gives 12 p-values. Reading each at 5 %
# makes a false claim likely somewhere (chapter 3). Two kinds of control:
#
# - the **family-wise error rate** (FWER), the probability of even one false rejection, which
#   Holm's procedure keeps below alpha (chapter 3): right when every claim must hold, as in a
#   paper's headline "model 1 is better on all of these";
# - the **false discovery rate** (FDR), the expected share of false claims among the
#   rejections, which the Benjamini-Hochberg procedure (BH) keeps below alpha
#   ([Benjamini and Hochberg, 1995](https://doi.org/10.1111/j.2517-6161.1995.tb02031.x)) when the tests are independent or positively dependent
#   (more on that condition below): right for screening many comparisons where a few false
#   leads are acceptable.
#
# Logistic regression against naive Bayes on four of scikit-learn's data sets, each made binary
# (one class against the rest), half of each for testing: accuracy (McNemar, mid-p), F1
# (paired permutation) and AUC (DeLong), each difference with its 95 % interval (BCa bootstrap
# for accuracy and F1, DeLong's for AUC; each interval on its own, not adjusted for the twelve).

# %%
tasks = {
    "breast cancer": (X_bc, y_bc),
    "wine, class 0": (
        load_wine(return_X_y=True)[0],
        (load_wine(return_X_y=True)[1] == 0).astype(int),
    ),
    "iris, versicolor": (
        load_iris(return_X_y=True)[0],
        (load_iris(return_X_y=True)[1] == 1).astype(int),
    ),
    "digits, 8": (
        load_digits(return_X_y=True)[0],
        (load_digits(return_X_y=True)[1] == 8).astype(int),
    ),
}
rows = []
for task, (X_task, y_task) in tasks.items():
    Xa_t, Xb_t, ya_t, yb_t = train_test_split(
        X_task, y_task, test_size=0.5, random_state=0, stratify=y_task
    )
    lr = make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)).fit(
        Xa_t, ya_t
    )
    nb = GaussianNB().fit(Xa_t, ya_t)
    p_lr, p_nb = lr.predict(Xb_t), nb.predict(Xb_t)
    acc_iv = paired_bootstrap(yb_t, p_lr, p_nb, metric="accuracy", seed=0).difference
    rows.append(
        (
            task,
            "accuracy",
            acc_iv,
            mcnemar(mcnemar_table(yb_t, p_lr, p_nb), method="midp").pvalue,
        )
    )
    f1_iv = paired_bootstrap(yb_t, p_lr, p_nb, metric="f1", seed=0).difference
    rows.append(
        (
            task,
            "F1",
            f1_iv,
            paired_permutation_test(yb_t, p_lr, p_nb, metric="f1").pvalue,
        )
    )
    auc_res = delong_test(
        yb_t, lr.predict_proba(Xb_t)[:, 1], nb.predict_proba(Xb_t)[:, 1]
    )
    rows.append((task, "AUC", auc_res.difference, auc_res.pvalue))
pvalues = np.array([row[3] for row in rows])
holm = adjust_pvalues(pvalues, method="holm")
bh = adjust_pvalues(pvalues, method="bh")
by = adjust_pvalues(pvalues, method="by")
# two tables, each within the page: the effects, then the p-values and their adjustments
print(f"{'data set':<18}{'metric':<10}{'LR - NB':>9}  {'95 % interval':<16}")
for task, metric, iv, p in rows:
    print(f"{task:<18}{metric:<10}{iv.estimate:>+9.4f}  "
          f"[{iv.low:+.3f}, {iv.high:+.3f}]")
print(f"\n{'data set':<18}{'metric':<10}{'p':>10}{'Holm':>10}{'BH':>10}{'BY':>10}")
for (task, metric, iv, p), p_holm, p_bh, p_by in zip(rows, holm, bh, by):
    print(
        f"{task:<18}{metric:<10}"
        f"{p:>10.2e}{p_holm:>10.2e}{p_bh:>10.2e}{p_by:>10.2e}"
    )
print(
    f"rejections at 5 %: unadjusted {np.sum(pvalues <= 0.05)}, Holm "
    f"{np.sum(holm <= 0.05)}, BH {np.sum(bh <= 0.05)}, BY {np.sum(by <= 0.05)}"
)
harmonic = np.sum(1 / np.arange(1, pvalues.size + 1))
print(f"BY's factor for m = {pvalues.size}: 1 + 1/2 + ... + 1/{pvalues.size} "
      f"= {harmonic:.2f}")

# %% [markdown]
# Holm's adjusted p-values are bounds: rejecting where they are at most 0.05 keeps the
# probability of any false claim among the twelve at most 5 %, whatever the dependence between
# the tests. BH's are not probabilities of anything for a single row; rejecting where they are
# at most 0.05 keeps the expected share of false claims among the rejected rows at most 5 %,
# under the condition discussed next. BH rejects at least as many as Holm, never fewer (its
# threshold for the i-th smallest p-value, i alpha/m, is never below Holm's, alpha/(m - i + 1)):
# here Holm rejects 7 of the 12 hypotheses and BH 9. Read the effects with them. On digits and
# breast cancer logistic regression is better by all three metrics, after either adjustment. On
# iris (versicolor against the rest, a class that no straight line separates) naive Bayes is
# better by all three; its AUC advantage survives Holm, its accuracy and F1 advantages only BH.
# On wine the two models agree almost everywhere: no evidence of a difference, which is not
# evidence of equality.
#
# **Does BH's guarantee hold here?** Benjamini and Hochberg proved it for independent p-values;
# Benjamini and Yekutieli ([Benjamini and Yekutieli, 2001](https://doi.org/10.1214/aos/1013699998)) extended it to p-values that are positively
# dependent in a precise sense (PRDS: roughly, when the statistic of one true null hypothesis is
# more extreme, the others tend to be more extreme too). One-sided tests of positively correlated
# statistics have this property. Our twelve p-values need not: the three tests of one data set
# use the same test examples, so their statistics are correlated, and all twelve tests are
# two-sided, and two-sided p-values of correlated statistics are not PRDS in general. No theorem
# then promises BH's 5 %. BH is usually robust to dependence of this kind (the simulation below
# shows one example), but the version that holds under *any* dependence is Benjamini and
# Yekutieli's, `adjust_pvalues(method="by")`: BH's adjusted p-values multiplied by
# 1 + 1/2 + ... + 1/m, 3.10 for m = 12 (and capped at 1). Here BY rejects 7, the same seven as
# Holm, and drops the iris accuracy and F1 rows that BH keeps. An honest report says both: seven
# differences hold under any dependence (Holm or BY), and two more are discoveries at a 5 % false
# discovery rate if one trusts BH's robustness for these correlated two-sided tests.
#
# A small simulation shows what each procedure controls: 20 tests, 5 of them with a real effect,
# first independent, then in 5 blocks of 4 tests that share most of their noise (correlation
# 0.8 within a block, like several metrics on one test set), all two-sided.

# %%
rng = np.random.default_rng(3)
m, m_true, n_rep = 20, 5, 4000
z = rng.standard_normal((n_rep, m))
z[:, :m_true] += 3.0  # five real effects
common = np.repeat(rng.standard_normal((n_rep, m // 4)), 4, axis=1)
z_blocks = np.sqrt(0.8) * common + np.sqrt(0.2) * rng.standard_normal((n_rep, m))
z_blocks[:, :m_true] += 3.0  # the same five real effects


def error_rates(z, method):
    """P(any false claim), false discovery rate, share of real effects found."""
    p_sim = 2 * stats.norm.sf(np.abs(z))  # two-sided p-values
    if method is None:
        adj = p_sim
    else:
        adj = np.array([adjust_pvalues(row, method=method) for row in p_sim])
    rejected = adj <= 0.05
    false = rejected[:, m_true:].sum(axis=1)
    return (
        np.mean(false > 0),
        np.mean(false / np.maximum(rejected.sum(axis=1), 1)),
        rejected[:, :m_true].mean(),
    )


methods = {"unadjusted": None, "Holm": "holm", "BH": "bh", "BY": "by"}
print("20 independent tests")
for name, method in methods.items():
    fwer, fdr, power = error_rates(z, method)
    print(
        f"{name:>10}: P(any false claim) = {fwer:.3f}, false discovery rate = "
        f"{fdr:.3f},\n{'':>12}share of real effects found = {power:.3f}"
    )
print("\n20 tests in blocks of 4 with correlation 0.8")
print(f"{'':>10}  {'P(any false claim)':>18}  {'FDR':>6}  {'found':>6}")
for name, method in methods.items():
    fwer, fdr, power = error_rates(z_blocks, method)
    print(f"{name:>10}  {fwer:>18.3f}  {fdr:>6.3f}  {power:>6.3f}")

# %% [markdown]
# Unadjusted testing makes at least one false claim in about half of the runs (52 %). Holm
# holds that probability at 4 % and finds half of the real effects; BH lets the probability of
# some false claim rise to 15 % but keeps false claims at 4 % of all claims on average, and finds
# 65 % of the real effects. BY pays for its guarantee under any dependence: its false discovery
# rate stays far below the 5 % it promises, and here it finds even fewer real effects than Holm.
# With the correlated blocks BH's false discovery rate still stays below 5 %, one example of the
# robustness that makes BH the usual choice where its theorem does not quite apply. Choose
# before looking at the p-values: FWER when any false claim is costly, FDR when you screen many
# comparisons for the few worth a closer look, and BY when you need the FDR guarantee whatever
# the dependence.

# %% [markdown]
# ### Researcher degrees of freedom: choosing after looking
#
# The family above was fixed in advance: 20 tests, all reported. A subtler family is the one
# nobody writes down: the metric picked after seeing which one "works", the data sets kept after
# seeing which ones help, cross-validation rerun with a new seed until $p \le 0.05$
# ([Simmons et al., 2011](https://doi.org/10.1177/0956797611417632)). Each try is another test of the same null hypothesis, and reporting only
# the last one hides the family. If the $n$ tries give test statistics with a common correlation
# $\rho$, the probability that at least one of them rejects a true $H_0$ at 5 % (which is also the
# Type I error of "rerun until significant, at most $n$ times") is an integral that
# `selection_error_rate` computes exactly:

# %%
rhos = (0.0, 0.5, 0.8, 0.95)
print("P(a true H0 is rejected at 5 % by at least one of n tries)")
print(f"{'tries n':>8}" + "".join(f"{f'rho = {r}':>12}" for r in rhos))
for n_tries in (1, 2, 5, 10, 20):
    rates = [selection_error_rate(n_tries, rho) for rho in rhos]
    print(f"{n_tries:>8}" + "".join(f"{rate:>12.3f}" for rate in rates))

# %% [markdown]
# One analysis, chosen in advance, has its nominal 5 %. Five metrics that measure different things
# (correlation 0.5) give 18 %; ten reruns of cross-validation whose statistics correlate at 0.8
# give 17 %, twenty give 22 %. Even near-copies of one analysis ($\rho = 0.95$) more than double
# the error rate with twenty tries. These are exact probabilities under the equicorrelated normal model,
# not a correction for real analyses, whose correlations are unequal and unknown: the remedy is
# not a formula but a plan written down before the data are seen (a *pre-registration*): the
# metric, the data sets and why, the seeds and number of repetitions, the test, $\alpha$, and the
# margin or ROPE. What the plan fixes cannot be tuned to the data; what was decided later is
# reported as exploratory, or adjusted for every analysis tried (Holm, chapter 3).

# %% [markdown]
# ## Summary
#
# - Cross-validation estimates how good a *procedure* is on data like yours (Err) better than how
#   good your fitted model is (Err_XY). The naive interval $\bar e \pm z\,s/\sqrt n$ is too
#   narrow. The nested CV interval of Bates, Hastie and Tibshirani (not chapter 7's nested CV: it
#   tunes nothing, its inner CV measures how far a CV estimate lands from the truth) is built to
#   cover Err_XY and covers Err about equally well; in our lab it was conservative (95 % at
#   nominal 90 %). It costs K(K - 1)/2 + K fits per repetition.
# - Two AUCs on the same examples: DeLong's test, with the AUC difference and its interval.
#   Ignoring the pairing (adding the two variances) can hide a real difference. One AUC near 1: the
#   logit interval (94 % coverage where the Wald interval had 86 %, at AUC 0.95 with 20 + 20
#   examples); where false alarms must be rare, the partial AUC.
# - F1 and any non-decomposable metric: a paired bootstrap interval (BCa by default) and a paired
#   permutation test, both resampling whole examples. For accuracy the permutation test is the
#   exact McNemar test.
# - Probabilities: per-example Brier scores (or log losses) of two models go into a paired test;
#   Spiegelhalter's test and the reliability diagram check calibration. Label metrics and
#   McNemar's verdict depend on the threshold (mid-p 0.00003 at 0.3, 0.71 at 0.9 on the same two
#   models): fix it in advance.
# - Seeds: separate split and seed variance; average seeds within a split, then test over splits
#   with the corrected t. Counting every run as independent overstates the evidence. Pairing the
#   procedures on the same splits removes the split luck they share, not all of it: an estimated
#   split component of 0 is an estimate; plan with an upper bound.
# - Groups and time: split by group (`group_kfold`) or forward in time (`forward_chaining`);
#   test at the level that was sampled independently (patients, not scans). For accuracy, a
#   paired test on the per-patient means or a clustered McNemar test (Yang's held 4.3 % where
#   McNemar on the scans had 14 %); for F1, AUC or any metric, `cluster_bootstrap` and
#   `cluster_permutation_test`, which resample or swap whole patients. Losses in time order:
#   the Diebold-Mariano test (5 % where the paired t had 17 % with 3-step forecasts).
# - Many metrics and data sets: Holm controls the chance of any false claim, Benjamini-Hochberg
#   the share of false claims among the claims if the tests are independent or positively
#   dependent (usually robust beyond), Benjamini-Yekutieli under any dependence. An analysis chosen
#   after looking is a hidden family: ten reruns correlated at 0.8, until $p \le 0.05$, reject a
#   true $H_0$ with probability 0.17 (`selection_error_rate`); fix the plan before the data.

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** Two trained models are scored on 200 scans from 40 patients, 5 scans each. Which test of equal accuracy keeps its level?
#
# <details class="quiz-answer">
# <summary>(a) McNemar's test on the 200 scans.</summary>
#
# **Not quite.** It treats the scans as independent. In chapter 9's simulation, with two equally accurate models, it rejected a true H0 in 14 % of test sets at nominal 5 %.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) McNemar's test with Edwards' continuity correction, to make it more cautious.</summary>
#
# **Not quite.** The correction repairs the discreteness of b, not the dependence between the scans of one patient.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) A paired test on the 40 per-patient mean differences.</summary>
#
# **Right.** The patients, not the scans, were sampled independently: the test on patient means rejected in 4.2 % of the simulated test sets (a clustered McNemar test on all 200 scans, Yang's, in 4.3 %). The unit of the test is the unit that was sampled independently.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) DeLong's test, because it uses the pairing of the scans.</summary>
#
# **Not quite.** DeLong's test compares AUCs, and it too treats the examples as independent.
#
# </details>
#
# **Question 2.** How can you compare two classifiers' F1 scores on one test set?
#
# <details class="quiz-answer">
# <summary>(a) With DeLong's test on the two F1 scores.</summary>
#
# **Not quite.** DeLong's test compares two AUCs computed from scores, not F1 computed from decisions at one threshold.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Resample whole test examples with both predictions: a paired bootstrap interval and a paired permutation test.</summary>
#
# **Right.** F1 is not a mean of per-example scores, so McNemar's test does not apply; resampling whole examples keeps the pairing.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) With McNemar's test, which compares the two models' errors.</summary>
#
# **Not quite.** McNemar's test answers a question about accuracy; in chapter 9 the more accurate model had the lower F1.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) With a t-test on the two F1 values.</summary>
#
# **Not quite.** Two numbers give no variance; a t-test needs many paired values.
#
# </details>
#
# **Question 3.** On time-ordered data (a sensor whose state changes rarely), how should a model be evaluated?
#
# <details class="quiz-answer">
# <summary>(a) On the training data, since the future is unknown.</summary>
#
# **Not quite.** The training accuracy is optimistic whatever the data.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Grouped k-fold, with each week as a group, so that no week is split between training and test.</summary>
#
# **Not quite.** Whole weeks are kept apart, but models still train on weeks that come after the test week, which a deployed model cannot do.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) With shuffled k-fold cross-validation, as for any data.</summary>
#
# **Not quite.** Shuffling lets the model use neighbours in time on both sides of a test example: in chapter 9 it reported 85 %, against 70 % when training only on the past.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Train on the past and test on the block that follows (forward chaining).</summary>
#
# **Right.** A deployed model only ever sees the past. Look at the block scores one by one: they are not exchangeable, since later models train on more data and the series changes.
#
# </details>
#
# **Question 4.** You compare two models on 4 data sets with 3 metrics (12 p-values) to find leads worth a closer look, and a few false leads are acceptable. Which adjustment fits?
#
# <details class="quiz-answer">
# <summary>(a) Holm's procedure, the only valid choice.</summary>
#
# **Not quite.** Holm controls the chance of any false claim, which is right when every claim must hold; for screening it gives away power (half the real effects found in the simulation, against about two thirds for BH).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Benjamini-Hochberg: it keeps the expected share of false claims among the rejected ones at most alpha.</summary>
#
# **Right.** For independent or positively dependent tests; Benjamini-Yekutieli's variant (adjust="by") holds under any dependence. Choose the error to control before looking at the p-values.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Bonferroni-Dunn, which divides alpha by the number of data sets.</summary>
#
# **Not quite.** Bonferroni-Dunn compares algorithms with a control by their mean ranks; it is not an adjustment for twelve tests of different metrics.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) None: the twelve tests are on different data sets or metrics.</summary>
#
# **Not quite.** Unadjusted, a false claim somewhere becomes likely: in chapter 9's simulation of 20 tests it happened in about half of the runs.
#
# </details>
#
# **Question 5.** Two training procedures of a small network are run with 4 random seeds on each of 8 random splits (32 paired runs). How should they be compared?
#
# <details class="quiz-answer">
# <summary>(a) A paired t-test on the 32 differences, since each run is a separate training.</summary>
#
# **Not quite.** The four runs of a split share that split, and the eight splits share most of their training examples: 32 runs are not 32 independent observations.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Pick, for each procedure, the seed that gives its best score, then compare these two best scores split by split.</summary>
#
# **Not quite.** Choosing the best seed is a selection, optimistic for the same reason as the best point of a grid (chapter 7).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Average the seeds within each split, then the corrected resampled t over the 8 split means.</summary>
#
# **Right.** In chapter 9 this gives p = 0.44 with an interval from 1.9 points for one procedure to 0.9 for the other; counting the 32 runs as independent claimed an interval half as wide.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Use one seed only: then the seed cannot influence the comparison.</summary>
#
# **Not quite.** The seed's influence is still there, hidden in that one run; averaging over seeds reduces it and lets you measure it.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** In the coverage lab, the naive interval was too narrow with n = 100 and 50
# features. Rerun `simulate_cv_coverage` with 5 features instead of 50 (the learner becomes much
# more stable), with the lab's other arguments and `seed=0`. What happens to the naive interval's coverage, and to the inflation the nested
# interval applies? Store the two coverages in a dict `ex1_coverage` with the keys `"naive"` and
# `"nested"`.
#
# **Exercise 2.** pROC's example compares S100B with NDKA too. Run `delong_test` on S100B and
# NDKA and interpret the result with its effect and interval. Store the difference of the AUCs
# (S100B minus NDKA) in `ex2_difference` and the p-value in `ex2_pvalue`.
#
# **Exercise 3.** In the F1 example, F1 was computed for the rare class. Compute the paired
# bootstrap interval and the permutation test for the F1 of the *common* class (`positive=0`).
# Which model wins now, and why is the answer so different? Store the difference of the F1
# scores (balanced minus plain) in `ex3_difference` and the winner (`"balanced"` or `"plain"`) in
# `ex3_winner`.
#
# **Exercise 4.** In the patient simulation, what happens to McNemar's Type I error when each
# patient contributes 1 scan instead of 5 (keep 200 scans by taking 200 patients)? Why? Store the
# rejection rate in `ex4_rate`.
#
# **Exercise 5.** AUC on a grouped test set. Fit naive Bayes (`GaussianNB`) on the 60 training
# patients and compare its AUC with that of logistic regression (`logistic_p`) on the 40 test
# patients, from their `predict_proba` scores: first with DeLong's test on the 200 scans, then
# with `cluster_bootstrap` and `cluster_permutation_test`, passing as `metric` a function
# `auc(y_true, score)` that computes the AUC from ranks (the Mann-Whitney form of the AUC
# section). What do the two analyses conclude, and which one can you trust? Store DeLong's p-value
# in `ex5_delong_pvalue` and the cluster permutation test's in `ex5_permutation_pvalue`.

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 1</summary>
#
# With 5 features the nearest-centroid rule barely changes from fold to fold, the per-example
# scores are nearly independent, and the naive interval covers in 90 % of the data sets, as
# promised. The nested interval widens less than before (by about a quarter instead of 40 %)
# and covers in 94 % of this run's data sets (Monte Carlo interval 0.907 to 0.962): probably
# conservative again, though one run of 300 data sets with one seed suggests this rather than
# settles it. Its standard error is estimated from the data, so it is noisy, and step 7 never
# lets it fall below the naive one; where the naive one is already about right, the nested one
# tends to come out larger.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
stable = simulate_cv_coverage(
    n_examples=100,
    n_features=5,
    bayes_accuracy=0.8,
    k=5,
    n_repeats=5,
    n_datasets=300,
    confidence=0.9,
    seed=0,
)
ex1_coverage = {name: row[0] for name, row in coverage_table(stable).items()}
for name, (rate, low, high, width) in coverage_table(stable).items():
    print(
        f"{name:>6}: coverage {rate:.3f} [{low:.3f}, {high:.3f}], "
        f"mean width {width:.3f}"
    )

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# The AUCs are 0.731 (S100B) and 0.612 (NDKA); the difference, 0.119, has a 95 % interval from
# -0.049 to 0.288 that includes 0, and p = 0.16: no evidence at the 5 % level that S100B ranks
# patients better, and the data are compatible with anything from a small advantage for NDKA
# to a large one for S100B. pROC prints the same (Z = 1.391, p = 0.1643).
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
s100b_ndka = delong_test(asah["outcome"], asah["s100b"], asah["ndka"], positive="Poor")
print(s100b_ndka)
ex2_difference, ex2_pvalue = s100b_ndka.difference.estimate, s100b_ndka.pvalue

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# For the common class the plain model wins clearly: its F1 is 9.4 points higher (95 % BCa
# interval 7.6 to 11.4 points; exact permutation p below 1e-22). It labels almost everything as
# the common class, which is what the F1 of that class rewards. F1 depends on which class is
# called positive; accuracy does not. Which metric and which class matter depends on the cost of
# a missed case against a false alarm, a question the data cannot answer.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
common_f1 = paired_bootstrap(
    yb, pred_balanced, pred_plain, metric="f1", positive=0, seed=0
).difference
print("F1 of class 0, balanced - plain:\n ", common_f1)
ex3_difference = common_f1.estimate
ex3_winner = "balanced" if ex3_difference > 0 else "plain"
print(f"the plain model's F1 of class 0 is higher by "
      f"{-100 * common_f1.estimate:.1f} points,\n"
      f"95 % interval {-100 * common_f1.high:.1f} to {-100 * common_f1.low:.1f}")
print(paired_permutation_test(yb, pred_balanced, pred_plain, metric="f1", positive=0))

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 4</summary>
#
# With one scan per patient the examples are independent again, and McNemar's test holds its
# level (its rejection rate is close to or below 5 %). The excess came from clustering, not from
# the number of scans.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
rng = np.random.default_rng(2)
count = 0
for _ in range(2000):
    favour = rng.choice([-0.15, 0.15], 200)
    right_1 = rng.random(200) < 0.75 + favour
    right_2 = rng.random(200) < 0.75 - favour
    b, c = int(np.sum(right_1 & ~right_2)), int(np.sum(~right_1 & right_2))
    count += mcnemar([[0, b], [c, 0]], method="midp").pvalue <= 0.05
ex4_rate = count / 2000
print(f"one scan per patient: McNemar rejects a true H0 in {ex4_rate:.3f} of 2000 "
      "test sets")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 5</summary>
#
# On the 200 scans, DeLong's test finds naive Bayes's AUC higher, 0.963 against 0.951: a
# difference (logistic regression minus naive Bayes) of -0.012 with a 95 % interval from -0.023
# to -0.002 and $p = 0.025$, evidence at the 5 % level. Resampling whole patients, the interval
# runs from -0.047 to +0.005 and the permutation p-value is 0.33 (from 2 000 random swap
# patterns, so approximate): 40 patients cannot tell these two AUCs apart. Trust the second
# analysis: DeLong's variance treats the 200 scans as independent, and they are not. On 5 000
# new patients it is in fact logistic regression that has the higher AUC, 0.964 against 0.952:
# the per-scan test found "evidence" for the wrong model.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
def auc(y_true, score):
    """AUC as the Mann-Whitney statistic, from the mid-ranks of the positives."""
    ranks = stats.rankdata(score)
    positive = np.asarray(y_true) == 1
    n_pos, n_neg = positive.sum(), (~positive).sum()
    return (ranks[positive].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


score_lr = logistic_p.predict_proba(X_scans)[:, 1]
score_nb = GaussianNB().fit(X_p, y_p).predict_proba(X_scans)[:, 1]
scans = delong_test(y_scans, score_lr, score_nb)
print(f"AUC: logistic regression {scans.auc_1:.3f}, naive Bayes {scans.auc_2:.3f}")
print(f"DeLong on the 200 scans:\n  {scans.difference}, p = {scans.pvalue:.3f}")
boot = cluster_bootstrap(
    y_scans, score_lr, score_nb, patient_scans, metric=auc, n_resamples=2000, seed=0
)
perm = cluster_permutation_test(
    y_scans, score_lr, score_nb, patient_scans, metric=auc, n_resamples=2000, seed=0
)
ex5_delong_pvalue, ex5_permutation_pvalue = scans.pvalue, perm.pvalue
print(f"whole patients resampled:\n  {boot.difference},\n  permutation p = "
      f"{perm.pvalue:.3f} ({perm.method})")
truth_lr = auc(y_new, logistic_p.predict_proba(X_new)[:, 1])
truth_nb = auc(y_new, GaussianNB().fit(X_p, y_p).predict_proba(X_new)[:, 1])
print(f"AUC on 5000 new patients: logistic regression {truth_lr:.3f}, "
      f"naive Bayes {truth_nb:.3f}")

# %% [markdown] tags=["references"]
# ## References
#
# - Bates, S., Hastie, T. and Tibshirani, R. (2024). Cross-validation: what does it estimate and how well does it do it?. *Journal of the American Statistical Association*, 119(546), 1434–1445. <https://doi.org/10.1080/01621459.2023.2197686>
# - Benjamini, Y. and Hochberg, Y. (1995). Controlling the false discovery rate: a practical and powerful approach to multiple testing. *Journal of the Royal Statistical Society: Series B (Methodological)*, 57(1), 289–300. <https://doi.org/10.1111/j.2517-6161.1995.tb02031.x>
# - Benjamini, Y. and Yekutieli, D. (2001). The Control of the False Discovery Rate in Multiple Testing under Dependency. *The Annals of Statistics*, 29(4), 1165–1188. <https://doi.org/10.1214/aos/1013699998>
# - Bergmeir, C., Hyndman, R. J. and Koo, B. (2018). A note on the validity of cross-validation for evaluating autoregressive time series prediction. *Computational Statistics & Data Analysis*, 120, 70–83. <https://doi.org/10.1016/j.csda.2017.11.003>
# - Bouthillier, X., Delaunay, P., Bronzi, M., Trofimov, A., Nichyporuk, B., Szeto, J., Sepah, N., Raff, E., Madan, K., Voleti, V., Ebrahimi Kahou, S., Michalski, V., Serdyuk, D., Arbel, T., Pal, C., Varoquaux, G. and Vincent, P. (2021). Accounting for variance in machine learning benchmarks. *Proceedings of Machine Learning and Systems*, 3, 747–769. <https://arxiv.org/abs/2103.03098>
# - Brier, G. W. (1950). Verification of forecasts expressed in terms of probability. *Monthly Weather Review*, 78(1), 1–3. <https://doi.org/10.1175/1520-0493(1950)078<0001:VOFEIT>2.0.CO;2>
# - Davison, A. C. and Hinkley, D. V. (1997). Bootstrap Methods and their Application. *Cambridge University Press*.
# - DeLong, E. R., DeLong, D. M. and Clarke-Pearson, D. L. (1988). Comparing the areas under two or more correlated receiver operating characteristic curves: a nonparametric approach. *Biometrics*, 44(3), 837–845. <https://doi.org/10.2307/2531595>
# - DiCiccio, T. J. and Efron, B. (1996). Bootstrap confidence intervals. *Statistical Science*, 11(3), 189–228. <https://doi.org/10.1214/ss/1032280214>
# - Diebold, F. X. and Mariano, R. S. (1995). Comparing predictive accuracy. *Journal of Business & Economic Statistics*, 13(3), 253–263. <https://doi.org/10.1080/07350015.1995.10524599>
# - Durkalski, V. L., Palesch, Y. Y., Lipsitz, S. R. and Rust, P. F. (2003). Analysis of clustered matched-pair data. *Statistics in Medicine*, 22(15), 2417–2428. <https://doi.org/10.1002/sim.1438>
# - Efron, B. and Tibshirani, R. J. (1993). An Introduction to the Bootstrap. *Chapman & Hall*.
# - Eliasziw, M. and Donner, A. (1991). Application of the McNemar test to non-independent matched pair data. *Statistics in Medicine*, 10(12), 1981–1991. <https://doi.org/10.1002/sim.4780101211>
# - Field, C. A. and Welsh, A. H. (2007). Bootstrapping clustered data. *Journal of the Royal Statistical Society: Series B (Statistical Methodology)*, 69(3), 369–390.
# - Gneiting, T. and Raftery, A. E. (2007). Strictly proper scoring rules, prediction, and estimation. *Journal of the American Statistical Association*, 102(477), 359–378. <https://doi.org/10.1198/016214506000001437>
# - Harvey, D., Leybourne, S. and Newbold, P. (1997). Testing the equality of prediction mean squared errors. *International Journal of Forecasting*, 13(2), 281–291. <https://doi.org/10.1016/S0169-2070(96)00719-4>
# - McClish, D. K. (1989). Analyzing a portion of the ROC curve. *Medical Decision Making*, 9(3), 190–195. <https://doi.org/10.1177/0272989X8900900307>
# - Obuchowski, N. A. (1998). On the comparison of correlated proportions for clustered data. *Statistics in Medicine*, 17(13), 1495–1507. <https://doi.org/10.1002/(SICI)1097-0258(19980715)17:13<1495::AID-SIM863>3.0.CO;2-I>
# - Pepe, M. S. (2003). The Statistical Evaluation of Medical Tests for Classification and Prediction. *Oxford University Press*.
# - Qin, G. and Hotilovac, L. (2008). Comparison of non-parametric confidence intervals for the area under the ROC curve of a continuous-scale diagnostic test. *Statistical Methods in Medical Research*, 17(2), 207–221. <https://doi.org/10.1177/0962280207087173>
# - Racine, J. (2000). Consistent cross-validatory model-selection for dependent data: hv-block cross-validation. *Journal of Econometrics*, 99(1), 39–61. <https://doi.org/10.1016/S0304-4076(00)00030-0>
# - Robin, X., Turck, N., Hainard, A., Tiberti, N., Lisacek, F., Sanchez, J. and Müller, M. (2011). pROC: an open-source package for R and S+ to analyze and compare ROC curves. *BMC Bioinformatics*, 12, 77. <https://doi.org/10.1186/1471-2105-12-77>
# - Simmons, J. P., Nelson, L. D. and Simonsohn, U. (2011). False-positive psychology: undisclosed flexibility in data collection and analysis allows presenting anything as significant. *Psychological Science*, 22(11), 1359–1366. <https://doi.org/10.1177/0956797611417632>
# - Spiegelhalter, D. J. (1986). Probabilistic prediction in patient management and clinical trials. *Statistics in Medicine*, 5(5), 421–433. <https://doi.org/10.1002/sim.4780050506>
# - Sun, X. and Xu, W. (2014). Fast implementation of DeLong's algorithm for comparing the areas under correlated receiver operating characteristic curves. *IEEE Signal Processing Letters*, 21(11), 1389–1393. <https://doi.org/10.1109/LSP.2014.2337313>
# - Turck, N., Vutskits, L., Sanchez-Pena, P., Robin, X., Hainard, A., Gex-Fabry, M., Fouda, C., Bassem, H., Mueller, M., Lisacek, F., Puybasset, L. and Sanchez, J. (2010). A multiparameter panel method for outcome prediction following aneurysmal subarachnoid hemorrhage. *Intensive Care Medicine*, 36(1), 107–115. <https://doi.org/10.1007/s00134-009-1641-y>
# - Yang, Z., Sun, X. and Hardin, J. W. (2010). A note on the tests for clustered matched-pair binary data. *Biometrical Journal*, 52(5), 638–652. <https://doi.org/10.1002/bimj.201000035>
