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
# # Beyond accuracy: what CV estimates, AUC, F1, probabilities and many metrics
#
# ## Overview
#
# The tests of chapters 2 to 7 share three assumptions: every test example gets a score of its
# own (right or wrong), the examples are independent, and a training procedure gives the same
# model every time it sees the same data. Practitioners break all three every week. They report
# the AUC or F1, which are not averages over examples, or compare predicted probabilities rather
# than labels; they train neural networks whose score moves with the random seed; and their data
# come in groups (several scans per patient) or in time order. Source 001, the slides
# "Performance Evaluation: Model Selection & Hypothesis Testing" of LMU Munich's Applied Machine
# Learning lecture, closes its guidelines on model selection with two of these warnings (a metric
# is only a proxy for the real goal, and data that are not i.i.d. "require special treatment").
# This chapter takes the first assumption, a score of its own for every example: other metrics
# than accuracy, several of them at once, and what a cross-validation estimate of any of them
# estimates. Chapter 10 takes the other two: examples that are not independent (groups, time), and
# a training procedure that depends on its random seed.
#
# After this chapter you will be able to
#
# - say what a cross-validation estimate estimates (the procedure, Err, or the model at hand,
#   Err_XY), why the usual interval mean $\pm 1.96\,\mathrm{sd}/\sqrt n$ covers too rarely, and
#   compute the nested cross-validation interval of Bates, Hastie and Tibshirani
#   ([Bates et al., 2024](https://doi.org/10.1080/01621459.2023.2197686)), step by step (it is not chapter 7's nested cross-validation);
# - compare two AUCs measured on the same examples with DeLong's test ([DeLong et al., 1988](https://doi.org/10.2307/2531595)), in
#   O(n log n) time ([Sun and Xu, 2014](https://doi.org/10.1109/LSP.2014.2337313));
# - put an interval on one AUC that stays inside [0, 1] near 1 (logit or bootstrap), and report
#   the partial AUC over the specificities that matter;
# - put an interval on a difference in F1 (or any metric) with a paired bootstrap and test it with
#   a paired permutation test, and see that for accuracy the permutation test *is* McNemar's;
# - compare predicted probabilities with proper scores (Brier score, log loss) and test their
#   calibration, and see how accuracy, F1 and McNemar's verdict move with the decision threshold;
# - choose between controlling the family-wise error rate and the false discovery rate when you
#   compare many metrics on many data sets ([Benjamini and Hochberg, 1995](https://doi.org/10.1111/j.2517-6161.1995.tb02031.x)), know when
#   Benjamini-Hochberg's guarantee holds and when Benjamini-Yekutieli's is needed, and say how
#   much choosing the metric, the data sets or the seed after looking inflates the error rate.
#
# **Prerequisites:** McNemar's test (chapter 2), the paired t-test (chapter 4), Holm's adjustment
# (chapter 3), cross-validation (chapter 1).

# %% tags=["hide-input"]
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
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits

from lecture_lib import (
    accuracy,
    adjust_pvalues,
    auc_example,
    auc_interval,
    brier_scores,
    calibration_test,
    coverage_table,
    cv_interval,
    delong_test,
    f1_score,
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
    selection_error_rate,
    simulate_cv_coverage,
)
from lecture_lib.beyond_widgets import (
    bootstrap_explorer,
    coverage_explorer,
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
# classes (about 14 minutes): *The wrong way first: mean $\pm$ 1.96 standard errors*; *AUC:
# DeLong's test for two correlated ROC curves*; *The published example*; *One AUC near 1: an
# interval that stays inside [0, 1]*; *A paired bootstrap interval for the F1 difference*; *Brier
# score and log loss, example by example*; *Many metrics, many data sets: family-wise error or
# false discovery rate?*; then the *Summary*. The other sections, in order, are what the classes
# teach.

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

# %% [markdown] tags=["part-marker"]
# **Part 2 of this chapter: F1, probabilities and many metrics.** Part 1 (What cross-validation
# estimates, and the AUC) ends here; the instructor guide teaches each part in one class.

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
# this close to 0 and 1: read its p-value only as "far below 5 %". For logistic regression the
# approximate $p = 0.050$ is just above 5 %, a borderline value from a normal approximation: no
# evidence of miscalibration at that level, which does not show that it is calibrated, and its
# reliability diagram, with five bins of 57 tumours, has wide intervals. Spiegelhalter's test has little power
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
# - Many metrics and data sets: Holm controls the chance of any false claim, Benjamini-Hochberg
#   the share of false claims among the claims if the tests are independent or positively
#   dependent (usually robust beyond), Benjamini-Yekutieli under any dependence. An analysis chosen
#   after looking is a hidden family: ten reruns correlated at 0.8, until $p \le 0.05$, reject a
#   true $H_0$ with probability 0.17 (`selection_error_rate`); fix the plan before the data.
# - Every comparison of trained models on one test set in this chapter treats the test examples as
#   independent, and answers a question about these two trained models, not about the procedures
#   that trained them; chapter 10 drops the independence and compares procedures whose results
#   move with the seed.

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** Chapter 9 draws 1 000 test sets of 20 positives and 20 negatives from a population in which a classifier's AUC is 0.95, and puts two 95 % intervals on the AUC of each: the Wald interval (the AUC plus or minus 1.96 times DeLong's standard error) and the logit interval (the same standard error on the logit scale, mapped back). How often did each contain 0.95, and what follows?
#
# <details class="quiz-answer">
# <summary>(a) Wald 85.6 %, logit 94.3 %: near an AUC of 1, report the logit interval.</summary>
#
# **Right.** Near 1 the sampling distribution of an AUC is skewed, and a symmetric interval misses the truth too often. The logit interval stays inside (0, 1) and stretches downwards, and covered close to the nominal 95 % in every row of the lab.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) About 95 % each: both rest on DeLong's standard error, which is valid at any AUC.</summary>
#
# **Not quite.** The logit interval uses the same standard error and covered 0.95 in 94.3 % of the test sets, the Wald interval in 85.6 % only. What fails near 1 is the symmetric shape: there the sampling distribution of an AUC is skewed.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Wald 85.6 %, logit 94.3 %, a small-sample effect: with 50 examples of each class the Wald interval is back at 95 %.</summary>
#
# **Not quite.** With 50 of each class the Wald interval covered 88.9 % at an AUC of 0.95 and 82.5 % at 0.99. The closer the AUC is to 1, the more examples the Wald interval needs, and 50 of each class were not enough.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Close to 95 % for both: pROC cuts the Wald interval at 1, so it can no longer miss above.</summary>
#
# **Not quite.** A true AUC of 0.95 is never above 1, so cutting the limit there changes no coverage: the Wald interval still covered 0.95 in only 85.6 % of the test sets.
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
# **Question 3.** On chapter 9's 285 breast-cancer test tumours, you want to know whether the predicted probabilities of logistic regression are better than those of naive Bayes. Which analysis answers that?
#
# <details class="quiz-answer">
# <summary>(a) McNemar's test on the labels at the threshold of 0.5.</summary>
#
# **Not quite.** McNemar's test sees right and wrong labels only: a probability of 0.51 and one of 0.99 for a benign tumour count the same. The probabilities are not compared.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) DeLong's test on the two AUCs, which are computed from the probabilities.</summary>
#
# **Not quite.** The AUC uses only the order of the probabilities, so it cannot see calibration: naive Bayes ranks these tumours well (AUC 0.981), yet it gives a probability of being benign of at least 0.995 to 171 tumours, of which 5 are malignant.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Spiegelhalter's calibration test on each model; prefer the one with the larger p-value.</summary>
#
# **Not quite.** Each test asks whether one model's probabilities are calibrated, not whose are better. And a p-value above 5 % is not evidence of calibration: logistic regression's approximate p = 0.050 (a normal approximation, and borderline) only means that the test found no evidence against its calibration at the 5 % level.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) A paired t-test on the 285 per-example differences in Brier score.</summary>
#
# **Right.** The Brier score is proper and a mean over examples, so the paired t of chapter 4 applies: logistic regression's is lower by 0.050 (95 % interval 0.025 to 0.075), with p = 0.0001 from the t approximation.
#
# </details>
#
# **Question 4.** Chapter 9 cuts the probabilities of logistic regression and naive Bayes on the 285 breast-cancer test tumours at five thresholds. McNemar's mid-p value is 0.00003 at a threshold of 0.3 and 0.71 at 0.9. What follows?
#
# <details class="quiz-answer">
# <summary>(a) Report the threshold of 0.3, where the evidence against equal accuracy is strongest.</summary>
#
# **Not quite.** A threshold chosen after looking is a hidden family of tests: picking the smallest of five p-values makes a false claim more likely than one test fixed in advance would (the last section of chapter 9).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) McNemar's verdict depends on the threshold: fix it from the costs of the two errors before testing.</summary>
#
# **Right.** Each p-value is valid for the labels at its own threshold, but each threshold makes other classifiers out of the same probabilities. Fixing it in advance keeps the test to the one question that was asked.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) McNemar's test is unreliable on these data: a valid test would give the same verdict at every threshold.</summary>
#
# **Not quite.** Each threshold makes different labels, so the five tests compare five different pairs of classifiers; different verdicts are expected, not a flaw of the test.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) At 0.9 the two models are equally accurate.</summary>
#
# **Not quite.** A p-value of 0.71 is no evidence of a difference, which is not evidence of equality; at 0.9 naive Bayes even has the higher observed accuracy (0.926 against 0.919).
#
# </details>
#
# **Question 5.** You compare two models on 4 data sets with 3 metrics (12 p-values) to find leads worth a closer look, and a few false leads are acceptable. Which adjustment fits?
#
# <details class="quiz-answer">
# <summary>(a) None: the twelve tests are on different data sets or metrics.</summary>
#
# **Not quite.** Unadjusted, a false claim somewhere becomes likely: in chapter 9's simulation of 20 tests it happened in about half of the runs.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Holm's procedure, the only valid choice.</summary>
#
# **Not quite.** Holm controls the chance of any false claim, which is right when every claim must hold; for screening it gives away power (half the real effects found in the simulation, against about two thirds for BH).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Benjamini-Hochberg: it keeps the expected share of false claims among the rejected ones at most alpha.</summary>
#
# **Right.** For independent or positively dependent tests; Benjamini-Yekutieli's variant (adjust_pvalues(p, method="by")) holds under any dependence. Choose the error to control before looking at the p-values.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Bonferroni-Dunn, which divides alpha by the number of data sets.</summary>
#
# **Not quite.** Bonferroni-Dunn compares algorithms with a control by their mean ranks; it is not an adjustment for twelve tests of different metrics.
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

# %% [markdown] tags=["references"]
# ## References
#
# - Bates, S., Hastie, T. and Tibshirani, R. (2024). Cross-validation: what does it estimate and how well does it do it?. *Journal of the American Statistical Association*, 119(546), 1434–1445. <https://doi.org/10.1080/01621459.2023.2197686>
# - Benjamini, Y. and Hochberg, Y. (1995). Controlling the false discovery rate: a practical and powerful approach to multiple testing. *Journal of the Royal Statistical Society: Series B (Methodological)*, 57(1), 289–300. <https://doi.org/10.1111/j.2517-6161.1995.tb02031.x>
# - Benjamini, Y. and Yekutieli, D. (2001). The Control of the False Discovery Rate in Multiple Testing under Dependency. *The Annals of Statistics*, 29(4), 1165–1188. <https://doi.org/10.1214/aos/1013699998>
# - Brier, G. W. (1950). Verification of forecasts expressed in terms of probability. *Monthly Weather Review*, 78(1), 1–3. <https://doi.org/10.1175/1520-0493(1950)078<0001:VOFEIT>2.0.CO;2>
# - DeLong, E. R., DeLong, D. M. and Clarke-Pearson, D. L. (1988). Comparing the areas under two or more correlated receiver operating characteristic curves: a nonparametric approach. *Biometrics*, 44(3), 837–845. <https://doi.org/10.2307/2531595>
# - DiCiccio, T. J. and Efron, B. (1996). Bootstrap confidence intervals. *Statistical Science*, 11(3), 189–228. <https://doi.org/10.1214/ss/1032280214>
# - Efron, B. and Tibshirani, R. J. (1993). An Introduction to the Bootstrap. *Chapman & Hall*.
# - Gneiting, T. and Raftery, A. E. (2007). Strictly proper scoring rules, prediction, and estimation. *Journal of the American Statistical Association*, 102(477), 359–378. <https://doi.org/10.1198/016214506000001437>
# - McClish, D. K. (1989). Analyzing a portion of the ROC curve. *Medical Decision Making*, 9(3), 190–195. <https://doi.org/10.1177/0272989X8900900307>
# - Pepe, M. S. (2003). The Statistical Evaluation of Medical Tests for Classification and Prediction. *Oxford University Press*.
# - Qin, G. and Hotilovac, L. (2008). Comparison of non-parametric confidence intervals for the area under the ROC curve of a continuous-scale diagnostic test. *Statistical Methods in Medical Research*, 17(2), 207–221. <https://doi.org/10.1177/0962280207087173>
# - Robin, X., Turck, N., Hainard, A., Tiberti, N., Lisacek, F., Sanchez, J. and Müller, M. (2011). pROC: an open-source package for R and S+ to analyze and compare ROC curves. *BMC Bioinformatics*, 12, 77. <https://doi.org/10.1186/1471-2105-12-77>
# - Simmons, J. P., Nelson, L. D. and Simonsohn, U. (2011). False-positive psychology: undisclosed flexibility in data collection and analysis allows presenting anything as significant. *Psychological Science*, 22(11), 1359–1366. <https://doi.org/10.1177/0956797611417632>
# - Spiegelhalter, D. J. (1986). Probabilistic prediction in patient management and clinical trials. *Statistics in Medicine*, 5(5), 421–433. <https://doi.org/10.1002/sim.4780050506>
# - Sun, X. and Xu, W. (2014). Fast implementation of DeLong's algorithm for comparing the areas under correlated receiver operating characteristic curves. *IEEE Signal Processing Letters*, 21(11), 1389–1393. <https://doi.org/10.1109/LSP.2014.2337313>
# - Turck, N., Vutskits, L., Sanchez-Pena, P., Robin, X., Hainard, A., Gex-Fabry, M., Fouda, C., Bassem, H., Mueller, M., Lisacek, F., Puybasset, L. and Sanchez, J. (2010). A multiparameter panel method for outcome prediction following aneurysmal subarachnoid hemorrhage. *Intensive Care Medicine*, 36(1), 107–115. <https://doi.org/10.1007/s00134-009-1641-y>
