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
# # Seeds, groups and time: when runs or examples are not independent
#
# ## Overview
#
# Chapter 9 changed the metric and kept the examples independent. This chapter keeps chapter 9's
# metrics and drops the independence. The tests of chapters 2 to 7 treat the test examples as independent
# draws, and a training procedure as one that gives the same model every time it sees the same
# data. Neither holds for much of what practitioners compare: a neural network's score moves with
# the random seed that initialises it; a medical test set holds several scans of each patient;
# a sensor's readings come in time order, each much like the one before. Source 001 (the slides
# of LMU Munich's Applied Machine Learning lecture) closes its guidelines on model selection with
# the warning that data that are not i.i.d. "require special treatment". This chapter gives that
# treatment, one source of dependence at a time, and each time shows first what the tests of the
# earlier chapters claim when the dependence is ignored.
#
# After this chapter you will be able to
#
# - separate the variance due to the random seed from that due to the data split
#   ([Bouthillier et al., 2021](https://arxiv.org/abs/2103.03098)), plan how many seeds a comparison needs, and test over seeds paired
#   by split;
# - split grouped and time-ordered data so that no group and no future leaks into training;
# - say what McNemar's independence assumption means for grouped test sets, and compare two
#   models on a grouped test set with a clustered McNemar test, Obuchowski's clustered AUC test
#   or, for any metric, by resampling or permuting whole groups;
# - estimate a model's score on time-ordered data by forward chaining or blocked
#   cross-validation with a gap, and compare two forecasters over time with the Diebold-Mariano
#   test ([Diebold and Mariano, 1995](https://doi.org/10.1080/07350015.1995.10524599)).
#
# **Prerequisites:** McNemar's test (chapter 2), the corrected resampled t-test (chapter 4),
# cross-validation (chapter 1), and chapter 9's DeLong test and paired bootstrap and permutation
# tests.

# %% tags=["hide-input"]
import dataclasses
import warnings

import numpy as np
from scipy import stats
from sklearn.datasets import make_classification
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.neural_network import MLPClassifier
from sklearn.preprocessing import StandardScaler
from threadpoolctl import threadpool_limits

from lecture_lib import (
    blocked_kfold,
    cluster_bootstrap,
    cluster_permutation_test,
    clustered_auc_test,
    clustered_mcnemar,
    cross_validate_scores,
    delong_test,
    design_std_error,
    diebold_mariano_test,
    f1_score,
    forward_chaining,
    group_kfold,
    kfold,
    mcnemar,
    paired_bootstrap,
    paired_permutation_test,
    paired_ttest,
    proportion_interval,
    repeated_holdout,
    resampled_ttest,
    seed_split_variance,
    simulate_clustered_mcnemar,
    stratified_kfold,
)
from lecture_lib.widgets import seeds_explorer

# Many tiny model fits: one BLAS thread each is faster than a team of threads per fit.
threadpool_limits(1)


def verdict(p, alpha=0.05):
    """One sentence on a p-value (never 'accept H0')."""
    if p <= alpha:
        return f"p = {p:.3g} <= {alpha}: evidence against H0 at the {alpha:.0%} level"
    return f"p = {p:.3g} > {alpha}: no evidence against H0 at the {alpha:.0%} level"


# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 7 minutes): *Random seeds: how much of the difference is luck?*; *Groups: several
# examples per patient*; *What McNemar's independence assumption means here*; *Time order: train
# on the past, test on the future*; then the *Summary*. The other sections, in order, are what the
# classes teach.

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
# the scans, the paired bootstrap and the paired permutation test of chapter 9's F1 section repeat
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
# With one scan per patient both are exactly the paired versions of chapter 9. Any metric
# computed from labels and predictions (or scores) can be passed as a function, an AUC too
# (exercise 2). For the AUC there is also a closed form, Obuchowski's clustered AUC test
# (`clustered_auc_test`) ([Obuchowski, 1997](https://doi.org/10.2307/2533958)): DeLong's test with the variance computed from
# whole patients, which is DeLong's test when every patient has one scan; exercise 2 puts it
# beside the resampling answers.
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
dm_series = []  # the 2 000 pairs of loss series, kept for exercise 3
for _ in range(2000):
    e = rng_dm.normal(size=n_fc + 2)
    # the error of the best 3-step forecast of an AR(1) series
    best = phi**2 * e[:-2] + phi * e[1:-1] + e[2:]
    loss_a = (best + 0.7 * overlapping_noise(n_fc)) ** 2
    loss_b = (best + 0.7 * overlapping_noise(n_fc)) ** 2
    dm_series.append((loss_a, loss_b))
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
# ## Summary
#
# - Seeds: separate split and seed variance; average seeds within a split, then test over splits
#   with the corrected t. Counting every run as independent overstates the evidence. Pairing the
#   procedures on the same splits removes the split luck they share, not all of it: an estimated
#   split component of 0 is an estimate; plan with an upper bound.
# - Groups: split by group (`group_kfold`) and test at the level that was sampled independently
#   (patients, not scans). For accuracy, a paired test on the per-patient means or a clustered
#   McNemar test (Yang's held 4.3 % where McNemar on the scans had 14 %); for F1, AUC or any
#   metric, `cluster_bootstrap` and `cluster_permutation_test`, which resample or swap whole
#   patients.
# - Time: estimate forward in time (`forward_chaining`), or with blocked folds and a gap
#   (`blocked_kfold`) when the series is stationary and the model's errors are uncorrelated;
#   compare with a trivial rule that also uses only the past. Losses in time order: the Diebold-Mariano test (5 % where the paired t had
#   17 % with 3-step forecasts), with `horizon` set to how far ahead the models predict.

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** Two training procedures of a small network are run with 4 random seeds on each of 8 random splits (32 paired runs). How should they be compared?
#
# <details class="quiz-answer">
# <summary>(a) Pick, for each procedure, the seed that gives its best score, then compare these two best scores split by split.</summary>
#
# **Not quite.** Choosing the best seed is a selection, optimistic for the same reason as the best point of a grid (chapter 7).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Average the seeds within each split, then the corrected resampled t over the 8 split means.</summary>
#
# **Right.** In chapter 10 this gives p = 0.44 (the corrected t's variance is an approximation) with an interval from 1.9 points in favour of one procedure to 0.9 points in favour of the other; counting the 32 runs as independent claimed an interval half as wide.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Use one seed only: then the seed cannot influence the comparison.</summary>
#
# **Not quite.** The seed's influence is still there, hidden in that one run; averaging over seeds reduces it and lets you measure it.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) A paired t-test on the 32 differences, since each run is a separate training.</summary>
#
# **Not quite.** The four runs of a split share that split, and the eight splits share most of their training examples: 32 runs are not 32 independent observations.
#
# </details>
#
# **Question 2.** Two trained models are scored on 200 scans from 40 patients, 5 scans each. Which test of equal accuracy keeps its level?
#
# <details class="quiz-answer">
# <summary>(a) McNemar's test on the 200 scans.</summary>
#
# **Not quite.** It treats the scans as independent. In chapter 10's simulation, with two equally accurate models, it rejected a true H0 in 14 % of test sets at nominal 5 %.
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
# **Question 3.** Chapter 10 runs four clustered McNemar statistics on 4 000 simulated test sets per setting. Which one is the library's default, and why?
#
# <details class="quiz-answer">
# <summary>(a) Any of the four: their rejection rates differ only by Monte Carlo noise.</summary>
#
# **Not quite.** With 4 000 test sets per setting, rates of 1.4 % and 7.0 % are far outside the Monte Carlo error around 5 %: the statistics estimate the variance differently, and it shows.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Eliasziw and Donner's, which rejects most often when the two models differ.</summary>
#
# **Not quite.** Its power (0.30, against Yang's 0.25) is bought with an excess Type I error: with equally accurate models it rejected in up to 7.0 % of the test sets at nominal 5 %.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Obuchowski's, which rejects a true H0 least often of the four and is therefore the safest choice.</summary>
#
# **Not quite.** Rejecting too rarely is a defect too: 1.4 % with ten groups of mixed sizes is a conservative test, and it had the least power of the four when the models differed (0.21).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Yang's: with Durkalski's the closest to 5 % under H0, and a bit more powerful than Durkalski's.</summary>
#
# **Right.** Under H0 it rejected in 4.6 % to 5.2 % of the test sets. With accuracies 0.85 and 0.75 it rejected in 0.25 of them, Durkalski's in 0.23, an edge partly due to its slightly larger size in the same setting (0.052 against 0.046). With ten groups or fewer all four are approximate.
#
# </details>
#
# **Question 4.** On time-ordered data (a sensor whose state changes rarely), how should a model be evaluated?
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
# **Not quite.** Shuffling lets the model use neighbours in time on both sides of a test example: in chapter 10 it reported 85 %, against 70 % when training only on the past.
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
# **Question 5.** Two fitted forecasters each predict a series three steps ahead at 120 time points, and their squared errors are the losses. Which test of equal expected loss keeps its 5 % level?
#
# <details class="quiz-answer">
# <summary>(a) The Diebold-Mariano test with its default horizon=1.</summary>
#
# **Not quite.** With horizon=1 it allows for no correlation between neighbouring losses, but three-step forecasts share two surprises with their neighbours, so their losses are correlated up to lag 2: the test underestimates the variance of the mean difference and rejects a true H0 too often (exercise 3 measures how often).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) The Diebold-Mariano test with horizon=3, which allows for correlated losses up to lag 2.</summary>
#
# **Right.** It estimates the variance of the mean loss difference from the autocovariances up to lag h - 1: in the lab it rejected a true H0 in 5.1 % of the series (95 % interval 4.2 % to 6.2 %). It compares these two fitted forecasters over this stretch of time, not their learning algorithms.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The Diebold-Mariano test with the horizon from 1 to 5 that gives the smallest p-value.</summary>
#
# **Not quite.** The horizon is how far ahead the models predict, fixed by the design. The smallest of several p-values rejects whenever horizon=1 does, so on the lab's series at least as often, 17 % or more.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) A paired t-test on the 120 loss differences.</summary>
#
# **Not quite.** It assumes independent pairs, but neighbouring three-step forecasts share two surprises, so their losses are correlated: in chapter 10's lab, with two equally good forecasters, it rejected a true H0 in 17 % of 2 000 series.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** In the patient simulation, what happens to McNemar's Type I error when each
# patient contributes 1 scan instead of 5 (keep 200 scans by taking 200 patients)? Why? Store the
# rejection rate in `ex1_rate`.
#
# **Exercise 2.** AUC on a grouped test set. Fit naive Bayes (`GaussianNB`) on the 60 training
# patients and compare its AUC with that of logistic regression (`logistic_p`) on the 40 test
# patients, from their `predict_proba` scores: first with DeLong's test on the 200 scans; then
# with Obuchowski's clustered AUC test (`clustered_auc_test`, the patients as groups); then with
# `cluster_bootstrap` and `cluster_permutation_test`, passing as `metric` a function
# `auc(y_true, score)` that computes the AUC from ranks (the Mann-Whitney form of chapter 9's AUC
# section). What do the analyses conclude, and which can you trust? Store DeLong's p-value in
# `ex2_delong_pvalue`, Obuchowski's in `ex2_clustered_pvalue` and the cluster permutation test's in
# `ex2_permutation_pvalue`.
#
# **Exercise 3.** The forecasts of the Diebold-Mariano lab are three steps ahead. The lab keeps
# its 2 000 pairs of loss series in `dm_series`; test each pair with `diebold_mariano_test` and
# `horizon=1`, as if the forecasts were one step ahead. How often does it reject the true $H_0$ at
# 5 %, and why? Store the rejection rate in `ex3_rate`.

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 1</summary>
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
ex1_rate = count / 2000
print(f"one scan per patient: McNemar rejects a true H0 in {ex1_rate:.3f} of 2000 "
      "test sets")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# On the 200 scans, DeLong's test finds naive Bayes's AUC higher, 0.963 against 0.951: a
# difference (logistic regression minus naive Bayes) of -0.012 with a 95 % interval from -0.023
# to -0.002 and $p = 0.025$, evidence at the 5 % level. Obuchowski's test, with the same AUCs but
# the variance taken from whole patients, gives an interval from -0.034 to +0.010 and $p = 0.28$
# (a normal approximation, as DeLong's). Resampling whole patients, the interval runs from -0.047
# to +0.005 and the permutation p-value is 0.33 (from 2 000 random swap patterns, so
# approximate): 40 patients cannot tell these two AUCs apart. Trust the patient-level analyses:
# DeLong's variance treats the 200 scans as independent, and they are not. On 5 000
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
clustered = clustered_auc_test(y_scans, score_lr, score_nb, patient_scans)
print(f"Obuchowski, patients as groups:\n  {clustered.auc_difference}, "
      f"p = {clustered.pvalue:.3f}")
boot = cluster_bootstrap(
    y_scans, score_lr, score_nb, patient_scans, metric=auc, n_resamples=2000, seed=0
)
perm = cluster_permutation_test(
    y_scans, score_lr, score_nb, patient_scans, metric=auc, n_resamples=2000, seed=0
)
ex2_delong_pvalue, ex2_permutation_pvalue = scans.pvalue, perm.pvalue
ex2_clustered_pvalue = clustered.pvalue
print(f"whole patients resampled:\n  {boot.difference},\n  permutation p = "
      f"{perm.pvalue:.3f} ({perm.method})")
truth_lr = auc(y_new, logistic_p.predict_proba(X_new)[:, 1])
truth_nb = auc(y_new, GaussianNB().fit(X_p, y_p).predict_proba(X_new)[:, 1])
print(f"AUC on 5000 new patients: logistic regression {truth_lr:.3f}, "
      f"naive Bayes {truth_nb:.3f}")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# With `horizon=1` the test rejects as often as the paired t-test of the lab, about 17 % at
# nominal 5 %: it then allows for no correlation between neighbouring losses, and with Harvey,
# Leybourne and Newbold's correction at $h = 1$ its statistic *is* the paired t statistic. Three-step
# forecasts share two surprises with their neighbours, so their losses are correlated up to lag
# 2, which only `horizon=3` takes into account. The horizon is part of the design (how far ahead
# the models predict), fixed before looking at the data, not a setting to try.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex3_rate = np.mean([diebold_mariano_test(loss_1, loss_2, horizon=1).pvalue <= 0.05
                    for loss_1, loss_2 in dm_series])
print(f"Diebold-Mariano with horizon=1 on 3-step forecasts: rejects a true H0 "
      f"in {ex3_rate:.3f}")

# %% [markdown] tags=["references"]
# ## References
#
# - Bergmeir, C., Hyndman, R. J. and Koo, B. (2018). A note on the validity of cross-validation for evaluating autoregressive time series prediction. *Computational Statistics & Data Analysis*, 120, 70–83. <https://doi.org/10.1016/j.csda.2017.11.003>
# - Bouthillier, X., Delaunay, P., Bronzi, M., Trofimov, A., Nichyporuk, B., Szeto, J., Sepah, N., Raff, E., Madan, K., Voleti, V., Ebrahimi Kahou, S., Michalski, V., Serdyuk, D., Arbel, T., Pal, C., Varoquaux, G. and Vincent, P. (2021). Accounting for variance in machine learning benchmarks. *Proceedings of Machine Learning and Systems*, 3, 747–769. <https://arxiv.org/abs/2103.03098>
# - Davison, A. C. and Hinkley, D. V. (1997). Bootstrap Methods and their Application. *Cambridge University Press*.
# - Diebold, F. X. and Mariano, R. S. (1995). Comparing predictive accuracy. *Journal of Business & Economic Statistics*, 13(3), 253–263. <https://doi.org/10.1080/07350015.1995.10524599>
# - Durkalski, V. L., Palesch, Y. Y., Lipsitz, S. R. and Rust, P. F. (2003). Analysis of clustered matched-pair data. *Statistics in Medicine*, 22(15), 2417–2428. <https://doi.org/10.1002/sim.1438>
# - Eliasziw, M. and Donner, A. (1991). Application of the McNemar test to non-independent matched pair data. *Statistics in Medicine*, 10(12), 1981–1991. <https://doi.org/10.1002/sim.4780101211>
# - Field, C. A. and Welsh, A. H. (2007). Bootstrapping clustered data. *Journal of the Royal Statistical Society: Series B (Statistical Methodology)*, 69(3), 369–390.
# - Harvey, D., Leybourne, S. and Newbold, P. (1997). Testing the equality of prediction mean squared errors. *International Journal of Forecasting*, 13(2), 281–291. <https://doi.org/10.1016/S0169-2070(96)00719-4>
# - Obuchowski, N. A. (1997). Nonparametric analysis of clustered ROC curve data. *Biometrics*, 53(2), 567–578. <https://doi.org/10.2307/2533958>
# - Obuchowski, N. A. (1998). On the comparison of correlated proportions for clustered data. *Statistics in Medicine*, 17(13), 1495–1507. <https://doi.org/10.1002/(SICI)1097-0258(19980715)17:13<1495::AID-SIM863>3.0.CO;2-I>
# - Racine, J. (2000). Consistent cross-validatory model-selection for dependent data: hv-block cross-validation. *Journal of Econometrics*, 99(1), 39–61. <https://doi.org/10.1016/S0304-4076(00)00030-0>
# - Yang, Z., Sun, X. and Hardin, J. W. (2010). A note on the tests for clustered matched-pair binary data. *Biometrical Journal*, 52(5), 638–652. <https://doi.org/10.1002/bimj.201000035>
