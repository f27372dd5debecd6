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
# # Two algorithms on one data set: Dietterich's tests, the corrected t-test, and a Type I error lab
#
# ## Overview
#
# Chapter 2 compared two *trained models* on one test set. Most of the time, though, the real
# question is about *learning algorithms*: "on data like these, does naive Bayes learn a better
# classifier than a depth-3 decision tree?" Then the training set is random too, and a test has
# to account for it. Cross-validation supplies many scores per algorithm, and the obvious move,
# a t-test on the fold scores, is wrong in a way that a student can see in five minutes.
# Dietterich {cite}`dietterich1998` compared five tests by simulation; Alpaydin
# {cite}`alpaydin1999` and Nadeau and Bengio {cite}`nadeau2003` repaired two of them.
#
# After this chapter you will be able to
#
# - run the paired t-test on per-example losses of two trained models, and reproduce (and correct)
#   the seeds' worked examples;
# - explain why a paired t-test on cross-validation folds treats correlated scores as independent,
#   and see its p-value shrink as you add repetitions that bring no new data;
# - run each of Dietterich's tests (McNemar, difference of proportions, resampled t, k-fold CV t,
#   5x2cv t) and Alpaydin's combined 5x2cv F in one line, state its H0, its assumptions and its
#   cost in trainings;
# - apply the Nadeau-Bengio correction of the resampled t-test and choose its ratio;
# - measure the Type I error and the power of all of them in a simulation where the truth is
#   known, and read the result with its Monte Carlo error.
#
# **Prerequisites:** resampling (holdout, k-fold, 5x2; chapter 1), McNemar's test (chapter 2),
# the t distribution and what a p-value is.

# %% tags=["hide-input"]
import numpy as np
import matplotlib.pyplot as plt
from scipy import stats
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from lecture_lib import (
    PAIRED_TESTS,
    PAIRED_TEST_LABELS,
    TRAININGS_PER_ALGORITHM,
    compare_algorithms,
    cross_validate_scores,
    errata,
    ftest_5x2cv,
    mcnemar,
    mcnemar_table,
    paired_example,
    paired_power_curve,
    paired_ttest,
    plot_paired_rejection_rates,
    plot_power_curves,
    plot_pvalue_histogram,
    repeated_kfold,
    resampled_ttest,
    simulate_paired_tests,
    ttest_5x2cv,
)
from lecture_lib.widgets import corrected_ttest_explorer, type1_error_lab

ERRATA = {e.key: e for e in errata()}


def verdict(p, alpha=0.05):
    """One sentence on a p-value (never 'accept H0')."""
    if p <= alpha:
        return f"p = {p:.3g} <= {alpha}: evidence against H0 at the {alpha:.0%} level"
    return f"p = {p:.3g} > {alpha}: no evidence against H0 at the {alpha:.0%} level"


# %% [markdown]
# ## A trained model or a learning algorithm?
#
# Seed 001 separates benchmarking scenarios. In its *first scenario* two models have been trained
# and are evaluated on one holdout test set: the randomness is only in which test examples were
# drawn. Two tests fit there: a paired t-test on per-example losses (any loss, e.g. the Brier
# score) and McNemar's test on right/wrong (chapter 2).
#
# Dietterich's question is different: are the two *algorithms* equally good when trained on
# training sets of a given size from this population? Now the training set is random as well,
# and a model trained once gives no idea how much its accuracy would move with another training
# set. The tests of this chapter retrain both algorithms on many splits of the one data set we
# have. They differ in how they reuse the data, and in how honest they are about the
# dependence that reuse creates.

# %% [markdown]
# ## The paired t-test: the bank downtime example
#
# The paired t-test asks whether the mean of matched differences $d_i = x_i - y_i$ is zero.
# $H_0$: the mean difference in the population is 0. With $n$ pairs,
#
# $$
# \bar d = \frac1n \sum_i d_i,\qquad
# s_d = \sqrt{\frac{\sum_i (d_i - \bar d)^2}{n - 1}} = \sqrt{\frac{\sum_i d_i^2 - n\bar d^2}{n - 1}},\qquad
# t = \frac{\bar d}{s_d/\sqrt n} \sim t_{n-1} \text{ under } H_0 .
# $$
#
# It assumes the $d_i$ are independent draws from one distribution, roughly normal (or $n$
# large). Seed 003 works through the downtime, in hours, of six bank branches in two years.

# %%
bank = paired_example("seed003_bank_downtime")
year1, year2 = bank.data["x"], bank.data["y"]
d = year1 - year2
for label, a, b, diff in zip(bank.data["labels"], year1, year2, d):
    print(f"branch {label}: {a:4.0f} {b:4.0f}  d = {diff:4.0f}  d^2 = {diff**2:4.0f}")
bank_result = paired_ttest(year1, year2)
print(bank_result)

# %% [markdown]
# Every number the slide prints is reproduced: $\sum d_i = 37$, $\sum d_i^2 = 419$, $t = 2.445$
# with 5 degrees of freedom. The test the slide stops short of: the two-sided p-value is 0.058,
# so there is no evidence against $H_0$ at the 5 % level. The downtime fell by 6.2 hours per
# branch on average, but with six branches and this much spread (one branch got worse by 2
# hours) a fall this large would happen in about 6 % of samples if the true mean change were
# zero. The 95 % confidence interval, which includes 0, says the same.
#
# Two slips in the slide, recorded as errata:

# %%
computed = {
    "sum_d": d.sum(), "sum_d2": (d**2).sum(), "mean_d": bank_result.mean_difference,
    "s_d": bank_result.std_difference, "statistic": bank_result.statistic, "df": bank_result.df,
}
for name, value in computed.items():
    print(f"{name:>9}: printed {bank.printed[name]:>7}, computed {value:.4f}, "
          f"matches: {bank.matches_printed(name, value)}")
as_printed = (d.sum() - 6 * d.mean() ** 2) / 5  # the slide's formula, read literally
print(f"the printed formula (sum d - n dbar^2) / (n - 1) gives {as_printed:.2f}")
for key in ("seed003-sd-formula", "seed003-truncated-digits"):
    print(f"\n[{key}] says: {ERRATA[key].says}\n  correct: {ERRATA[key].correct}")

# %% [markdown]
# The slide's formula for $s_d$ has lost the square on $d_i$ and the square root: taken
# literally it gives a negative "standard deviation", $-38.23$. The number it then prints comes
# from the right formula, but the mean and the standard deviation are cut after three decimals
# (6.166, 6.177) instead of rounded (6.167, 6.178); the `truncated` entry of the fixture lets the
# test suite check the printed digits exactly.

# %% [markdown]
# ## Per-example losses: the kin8nm example
#
# In seed 001's first scenario the pairs are test examples, $d_i = L(y_i, \hat f_1(x_i)) -
# L(y_i, \hat f_2(x_i))$, and the loss is the Brier score $(1 - \hat p_i)^2$ for a positive
# example. $H_0$: the two trained models have the same expected loss on new examples. The slide
# prints three of the 8 192 rows, the mean difference 0.0016, the standard deviation 0.178,
# and then $T = 79.523$.

# %%
kin = paired_example("seed001_kin8nm_brier")
for row in kin.data["rows"]:
    print(f"id {row['id']:>4}: rpart loss (1 - {row['rpart_prob']})^2 = {(1 - row['rpart_prob'])**2:.4f} "
          f"(printed {row['rpart_loss']}), ranger loss {(1 - row['ranger_prob'])**2:.4f} (printed {row['ranger_loss']})")
n_kin, mean_kin, sd_kin = kin.data["n"], kin.data["mean_d"], kin.data["sd_d"]
t_kin = np.sqrt(n_kin) * mean_kin / sd_kin
p_kin = 2 * stats.t.sf(abs(t_kin), n_kin - 1)
print(f"\nT = sqrt({n_kin}) * {mean_kin} / {sd_kin} = {t_kin:.3f} (printed {kin.printed['statistic']}); "
      f"two-sided p = {p_kin:.3f}")
print(f"critical value t(0.975, {n_kin - 1}) = {stats.t.ppf(0.975, n_kin - 1):.4f} "
      f"(printed {kin.printed['critical_value']})")

# %% [markdown]
# The rows are Brier scores, but the statistic is not: $\sqrt{8192}\cdot 0.0016/0.178 = 0.814$,
# not 79.5 (erratum `seed001-kin8nm-t`). With the printed summary the p-value is 0.42: no
# evidence against $H_0$ at the 5 % level, the opposite of the slide's conclusion. Which of the
# printed numbers is wrong cannot be told from the slide; a $T$ of 79.5 would need
# $s_d \approx 0.0018$. The critical value is off too: with 8 191 degrees of freedom it is
# 1.9603, while 1.9637 belongs to about 640 degrees of freedom (erratum
# `seed001-critical-value`).
#
# Here is the same procedure on data we have: two models trained once on breast-cancer data,
# each giving a probability per test example.

# %%
X, y = load_breast_cancer(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.4, random_state=0, stratify=y)
nb = GaussianNB().fit(X_train, y_train)
tree = DecisionTreeClassifier(max_depth=3, random_state=0).fit(X_train, y_train)
brier_nb = (nb.predict_proba(X_test)[:, 1] - y_test) ** 2
brier_tree = (tree.predict_proba(X_test)[:, 1] - y_test) ** 2
loss_test = paired_ttest(brier_nb, brier_tree)
print(f"mean Brier score: naive Bayes {brier_nb.mean():.4f}, tree {brier_tree.mean():.4f}")
print(loss_test)
print(verdict(loss_test.pvalue))
table = mcnemar_table(y_test, nb.predict(X_test), tree.predict(X_test))
print("McNemar table:", table.tolist(), "->", verdict(mcnemar(table).pvalue))

# %% [markdown]
# $H_0$ for the t-test: the two trained models have the same expected Brier score. The p-value
# above is far from small, so there is no evidence against $H_0$ at the 5 % level, and McNemar's
# test on the same 228 examples agrees. Both statements are about *these two fitted models*;
# neither says anything about how the algorithms would fare with another training set.
#
# Seed 001 lists a third requirement, "equal variances of both populations". That one belongs to
# the *unpaired* two-sample t-test. The paired test sees only the differences $d_i$, so the
# spread of each model's losses on its own does not enter (erratum
# `seed001-paired-t-equal-variances`). The Brier losses above are an example: their standard
# deviations differ, and the test is still valid. A quick check with a true $H_0$ and
# standard deviations 1 and 3:

# %%
print(f"standard deviation of the Brier losses: naive Bayes {brier_nb.std(ddof=1):.3f}, "
      f"tree {brier_tree.std(ddof=1):.3f}")
rng = np.random.default_rng(4)
losses_1, losses_2 = rng.normal(0, 1, (2000, 30)), rng.normal(0, 3, (2000, 30))
rate = np.mean([paired_ttest(a, b).pvalue <= 0.05 for a, b in zip(losses_1, losses_2)])
print(f"H0 true, standard deviations 1 and 3, 30 pairs: paired t rejects {rate:.3f} of 2000 times at alpha = 0.05")

# %% [markdown]
# The paired t-test rejects a true $H_0$ in about 5 % of the simulated test sets, as promised
# (the Monte Carlo standard error is 0.005), although one population's variance is nine times
# the other's.

# %% [markdown]
# ## The wrong way: a t-test on cross-validation folds
#
# To bring in the training set, cross-validate both algorithms on the same folds and compare the
# fold scores with a paired t-test. That treats the k differences as independent; they are not.
# Any two training sets of 10-fold cross-validation share 8/9 of their examples, so the
# k models of an algorithm are nearly the same model, and the fold differences move together. The
# sample variance of the $d_i$ then underestimates the variance of $\bar d$, and the t-statistic is
# too large. Repeating the cross-validation makes it worse: each repetition adds ten more scores
# (the t-test's $n$ grows) but no new data.

# %%
estimators = {"naive Bayes": GaussianNB(), "tree": DecisionTreeClassifier(max_depth=3, random_state=0)}
scores = {}
for n_repeats in (1, 2, 5, 10):
    splits = list(repeated_kfold(len(y), k=10, n_repeats=n_repeats, seed=0, y=y))
    s1 = cross_validate_scores(estimators["naive Bayes"], X, y, splits)
    s2 = cross_validate_scores(estimators["tree"], X, y, splits)
    scores[n_repeats] = (s1, s2)
    naive = paired_ttest(s1, s2)
    print(f"{n_repeats:>2} x 10-fold: {s1.size:>3} scores, mean difference {naive.mean_difference:+.4f}, "
          f"t = {naive.statistic:6.3f}, naive p = {naive.pvalue:.2g}")

# %% [markdown]
# The mean difference hardly moves (about 1.5 points in favour of naive Bayes), yet the naive
# p-value falls from 0.019 to $2.4\times 10^{-6}$ as the same 569 examples are reshuffled ten
# times. A p-value that we can drive down by pressing "run again" measures our patience, not
# the evidence. The rest of the chapter is about tests that do not fall for this.

# %% [markdown]
# ## Dietterich's five tests and Alpaydin's F
#
# Each test below compares naive Bayes with the depth-3 tree on the breast-cancer data.
# `compare_algorithms` makes the splits with `lecture_lib.resampling` (stratified), trains fresh
# copies of both estimators on every split, and returns the scores together with the result,
# so one line runs any test. In every case $H_0$ is: *the two algorithms, trained on training
# sets of this size from this population, have the same expected accuracy.*
#
# | test | data use | trainings per algorithm | assumption that can fail | Type I error in Dietterich (seed 000) |
# |---|---|:-:|---|---|
# | McNemar | one holdout split | 1 | ignores training-set variation | low |
# | difference of proportions | one holdout split | 1 | treats the two accuracies as independent | high |
# | resampled t | J random splits (J = 30) | 30 | treats overlapping splits as independent | high |
# | k-fold CV t | k folds (k = 10) | 10 | treats overlapping training sets as independent | somewhat elevated |
# | 5x2cv t | 5 replications of 2-fold CV | 10 | approximate independence of numerator and denominator | low |
# | 5x2cv F (Alpaydin) | the same 10 splits | 10 | the same, averaged over all ten differences | (not in the study; low in Alpaydin 1999) |

# %%
results = {}
for test in PAIRED_TESTS:
    results[test] = compare_algorithms(estimators["naive Bayes"], estimators["tree"], X, y, test=test, seed=0)
print(f"{'test':<28}{'trainings':>10}{'statistic':>11}{'p-value':>10}")
for test, res in results.items():
    print(f"{PAIRED_TEST_LABELS[test]:<28}{res.n_trainings:>10}{res.statistic:>11.3f}{res.pvalue:>10.4f}")

# %% [markdown]
# The sections below take the tests one at a time; the numbers are those of the table.
#
# ### McNemar's test: when you can train only once
#
# McNemar's test (chapter 2) trains each algorithm once, on two thirds of the data, and compares
# the right/wrong pattern on the remaining third. Seed 002 explains its place: when training a
# model takes days (a large deep network), resampling is out of reach, and Dietterich found
# McNemar's test the only one with acceptable Type I error among tests that train once. Its
# limits, from the same source: it measures no training-set variability (one training set, so
# it compares two models rather than two algorithms, and should be used only when that
# variability is believed small), and the test set is smaller than the data, so the models are
# trained on less than all of it.

# %%
print(results["mcnemar"])
print(verdict(results["mcnemar"].pvalue))

# %% [markdown]
# On this split both models are right on exactly the same number of test examples: b = c = 7,
# the statistic is 0 and the p-value 1. There is no evidence against $H_0$ at any level: the
# split gives no hint of a difference either way.
#
# ### Difference of two proportions
#
# With $p_A, p_B$ the two accuracies on $n$ test examples and $p = (p_A + p_B)/2$,
# $z = (p_A - p_B)/\sqrt{2p(1-p)/n}$ is referred to the normal distribution. The formula
# assumes two *independent* samples, but both accuracies come from the same test examples; it
# also ignores training-set variation. It costs one training per algorithm.

# %%
print(results["prop_diff"])
print(verdict(results["prop_diff"].pvalue))

# %% [markdown]
# Equal accuracies give $z = 0$ and $p = 1$: no evidence against $H_0$. (mlxtend's
# `proportion_difference` uses the unpooled variance and returns the one-sided `norm.cdf(z)`; the
# library's `pooled=False` reproduces its $z$, and its p-value is always two-sided.)
#
# ### The resampled paired t-test
#
# Draw $J$ random train/test splits (Dietterich used $J = 30$, two thirds for training), score
# both algorithms on each, and run the paired t-test on the $J$ differences:
# $t = \bar d \sqrt J / s$ with $J - 1$ degrees of freedom. The test sets overlap from split to
# split, and so do the training sets.

# %%
print(results["resampled"])
print(verdict(results["resampled"].pvalue))

# %% [markdown]
# The p-value is 0.034: taken at face value, evidence at the 5 % level that naive Bayes is the
# more accurate algorithm. The Type I error lab below shows that this test rejects a true $H_0$
# in more than half of all data sets, so a p-value of 0.034 from it is no evidence at all.
#
# ### The k-fold cross-validated paired t-test
#
# The same statistic on the $k$ fold differences of one k-fold cross-validation:
# $t = \bar d\sqrt k/s$, $k - 1$ degrees of freedom. The test folds are disjoint, which helps,
# but the training sets overlap by $(k-2)/(k-1)$.

# %%
print(results["kfold_cv"])
print(verdict(results["kfold_cv"].pvalue))

# %% [markdown]
# With ten folds the p-value is 0.019, again below 5 %: the same number as the first row of the
# naive computation above, because it *is* that computation (same seed, same folds). Dietterich found this test's Type I error
# "somewhat elevated": less dangerous than the resampled t, but not to be trusted at face value.
#
# ### Dietterich's 5x2cv paired t-test
#
# Five times, split the data in half at random; train on each half and test on the other. With
# $p_i^{(j)}$ the difference on fold $j$ of replication $i$, $\bar p_i$ their mean and
# $s_i^2 = (p_i^{(1)} - \bar p_i)^2 + (p_i^{(2)} - \bar p_i)^2$,
#
# $$
# \tilde t = \frac{p_1^{(1)}}{\sqrt{\tfrac15 \sum_{i=1}^5 s_i^2}} \sim t_5 .
# $$
#
# Within a replication the two training sets are disjoint, so the two differences are nearly
# independent, and each $s_i^2$ is an honest (one-degree-of-freedom) variance estimate. The
# numerator uses only the first difference, to keep it approximately independent of the
# denominator. Cost: ten trainings per algorithm, ten times McNemar's (seed 000).

# %%
t_result = results["5x2cv_t"]
print(t_result)
print(verdict(t_result.pvalue))
# the same statistic by hand, from the stored (5, 2) scores
p = t_result.scores_1 - t_result.scores_2
s2 = ((p - p.mean(axis=1, keepdims=True)) ** 2).sum(axis=1)
print(f"by hand: t = {p[0, 0] / np.sqrt(s2.mean()):.6f}")

# %% [markdown]
# The first difference happens to be negative (the tree won fold 1 of replication 1), the
# statistic is $-0.97$ and $p = 0.38$: no evidence against $H_0$ at the 5 % level.
#
# ### Alpaydin's combined 5x2cv F test
#
# The 5x2cv t depends on which fold is labelled first. Alpaydin {cite}`alpaydin1999` uses all
# ten differences:
#
# $$
# f = \frac{\sum_{i=1}^5\sum_{j=1}^2 \left(p_i^{(j)}\right)^2}{2\sum_{i=1}^5 s_i^2} \sim F_{10,5}.
# $$
#
# Note the denominator: $s_i^2$ is the *sum* of the two squared deviations, as above; writing
# `np.var(p, axis=1)` (their mean) would double $f$. Large $f$ is evidence of a difference in
# either direction, so the p-value is the upper tail.

# %%
f_result = results["5x2cv_f"]
print(f_result)
print(verdict(f_result.pvalue))
swapped = ftest_5x2cv(f_result.scores_1[:, ::-1], f_result.scores_2[:, ::-1])
swapped_t = ttest_5x2cv(f_result.scores_1[:, ::-1], f_result.scores_2[:, ::-1])
print(f"folds swapped: F = {swapped.statistic:.6f} (unchanged), t = {swapped_t.statistic:.6f} (changed)")

# %% [markdown]
# $f = 0.75$ with $p = 0.67$: no evidence against $H_0$ at the 5 % level. Swapping the two folds
# of every replication leaves $f$ unchanged but changes the 5x2cv t, which is why Alpaydin
# prefers the F test.
#
# So the two tests that treat dependent scores as independent (resampled t, k-fold t) report
# "significant", and the four that do not (McNemar, proportions on one split, 5x2cv t and F) find
# no evidence. Which to believe is a question about the tests, and the Type I error lab
# answers it.

# %% [markdown]
# ## The Nadeau-Bengio correction
#
# Nadeau and Bengio {cite}`nadeau2003` keep the resampled design but fix the variance. If each
# split puts $n_1$ examples in training and $n_2$ in test, the correlation between two split
# differences is roughly $\rho = n_2/(n_1 + n_2)$, and the variance of $\bar d$ is
# $\left(\frac1J + \frac{\rho}{1-\rho}\right)\sigma^2 = \left(\frac1J + \frac{n_2}{n_1}\right)\sigma^2$
# instead of $\sigma^2/J$:
#
# $$
# t_{\text{corrected}} = \frac{\bar d}{\sqrt{\left(\frac1J + \frac{n_2}{n_1}\right) s^2}}, \qquad J - 1 \text{ degrees of freedom.}
# $$
#
# Adding splits shrinks $1/J$ but never $n_2/n_1$: repetition can no longer manufacture
# significance. The same correction with $n_2/n_1 = 1/(k-1)$ applies to repeated k-fold scores.

# %%
s1, s2 = results["resampled"].scores_1, results["resampled"].scores_2
n_test = int(np.ceil(len(y) / 3))
ratio = n_test / (len(y) - n_test)
corrected = resampled_ttest(s1, s2, test_train_ratio=ratio)
print(f"n_test / n_train = {n_test} / {len(y) - n_test} = {ratio:.4f}")
print(corrected)
print(verdict(corrected.pvalue))
for n_repeats, (r1, r2) in scores.items():
    res = resampled_ttest(r1, r2, test_train_ratio=1 / 9)
    print(f"{n_repeats:>2} x 10-fold, corrected: t = {res.statistic:.3f}, p = {res.pvalue:.3f}")

# %% [markdown]
# The corrected test turns $p = 0.034$ into $p = 0.58$: no evidence against $H_0$ at the 5 %
# level. On the repeated 10-fold scores the corrected p-values stay between 0.03 and 0.16 instead
# of collapsing towards zero as repetitions are added.
#
# The slider sets the ratio used in the correction. At 0 it is Dietterich's resampled t; the
# true ratio of these splits is 0.50. The last line reports how often the test with that ratio
# rejects a true $H_0$ in the simulation of the next section (whose splits also have ratio 0.50).

# %%
null_sim = simulate_paired_tests(n_examples=300, n_reps=1000, seed=4)

# %% tags=["nbval-ignore-output"]
corrected_ttest_explorer(s1, s2, simulation=null_sim, test_train_ratio=ratio)

# %% [markdown]
# ## The Type I error lab
#
# To judge a test we need data sets where we *know* $H_0$ is true, many of them.
# `simulate_paired_tests` draws them from a population built so that the two algorithms are
# exactly equally good:
#
# - the class is 0 or 1 with probability 1/2; the features come in two blocks of five, each
#   Gaussian given the class, with the class means $\pm\frac{\Delta}{2\sqrt5}(1,\dots,1)$;
# - algorithm A is a nearest-centroid classifier on block 1, algorithm B the same on block 2;
# - when both blocks have the same $\Delta$, swapping the blocks swaps the algorithms, so their
#   expected accuracy is equal for every training-set size: $H_0$ holds exactly. With the true
#   centroids each would reach $\Phi(\Delta/2)$, the Bayes accuracy (0.8 here).
#
# On each simulated data set of 300 examples, every test is run as Dietterich ran it: 30 random
# splits with a third in test (the first one also serves McNemar and the difference of
# proportions), one 10-fold cross-validation and five 2-fold ones: 50 real trainings per
# algorithm per data set, vectorised over data sets with numpy. Above we ran 1 000 data sets.

# %% mystnb={"figure": {"caption": "Rejection rates of the seven tests at alpha = 0.05 on 1000 simulated data sets of 300 examples on which the two algorithms are equally good, with 95 % Wilson intervals; red bars have their whole interval above 0.05. The resampled t rejects a true H0 in 60 % of the data sets; the other tests reject in 3.2 % to 6.5 %.", "name": "fig-two-algorithms-one-dataset-type1-error"}, "image": {"alt": "Horizontal bar chart of the rejection rate (x, 0 to about 0.65) of seven tests, each bar with a 95 % interval, and a dashed vertical line at alpha = 0.05. From the top: McNemar (1 holdout) 0.041, difference of proportions 0.065 (red), resampled t 0.600 (red, twelve times the nominal level), corrected resampled t 0.044, k-fold CV t 0.061, 5x2cv t 0.036 and 5x2cv F 0.032. Apart from the resampled t, every bar ends close to the dashed line."}}
print(null_sim)
type1 = null_sim.rates(0.05)
fig, ax = plt.subplots(figsize=(6.4, 3.4))
plot_paired_rejection_rates(type1, ax=ax, title="Type I error, H0 true, 1000 data sets of 300 examples")
plt.show()

# %% [markdown]
# Each rate comes with a 95 % Wilson interval for its Monte Carlo error (1 000 data sets give
# about $\pm 1.4$ points around 5 %). The resampled t rejects a true $H_0$ in 60 % of the data
# sets, twelve times the nominal 5 %: exactly Dietterich's warning, and the reason its
# $p = 0.034$ above was worthless. The corrected resampled t (4.4 %) repairs it. McNemar's test
# (4.1 %) and the two 5x2cv tests (3.6 % and 3.2 %) hold their level, slightly conservatively.
# The k-fold CV t (6.1 %) and the difference of proportions (6.5 %, whose interval just
# excludes 5 %) are mildly liberal, in the direction Dietterich reported but nowhere near the
# resampled t: the nearest-centroid learner is very stable, so the training-set overlap that
# inflates the k-fold t matters little. Dietterich's larger rates came from less stable learners;
# exercise 3 shows how small, noisy data sets change the picture.
#
# An exact test's p-values are uniform under $H_0$, and a valid test needs at least
# $P(p \le \alpha) \le \alpha$ at every level. The resampled t's p-values pile up near 0;
# the 5x2cv F's lean the other way:

# %% mystnb={"figure": {"caption": "Histograms of the p-values of the resampled t test (left) and the 5x2cv F test (right) over the 1000 simulated data sets on which H0 is true; a valid test would follow the flat dashed line. The resampled t piles its p-values below 0.05, while the 5x2cv F never exceeds 0.836 and gives fewer small p-values than a uniform distribution: it is conservative.", "name": "fig-two-algorithms-one-dataset-pvalue-histograms"}, "image": {"alt": "Two density histograms of p-values from 0 to 1 in 20 bins, each with a dashed horizontal line at density 1 (uniform) and a red vertical line at alpha = 0.05. Left, resampled t: the first bin, p-values below 0.05, reaches a density of about 12; all other bins are low, mostly below 1. Right, 5x2cv F: the density rises from about 0.6 near 0 to a peak of about 3 near 0.8, and no p-value lies above about 0.85."}} tags=["hide-input"]
fig, axes = plt.subplots(1, 2, figsize=(9, 3))
plot_pvalue_histogram(null_sim.pvalues[:, PAIRED_TESTS.index("resampled")], ax=axes[0], title="resampled t")
plot_pvalue_histogram(null_sim.pvalues[:, PAIRED_TESTS.index("5x2cv_f")], ax=axes[1], title="5x2cv F")
plt.tight_layout()
plt.show()

# %% [markdown]
# The F test's p-values never exceed 0.836. Within a replication
# $\left(p_i^{(1)}\right)^2 + \left(p_i^{(2)}\right)^2 = 2\bar p_i^2 + s_i^2 \ge s_i^2$, so
# $f \ge 1/2$ always, and $P(F_{10,5} > 1/2) = 0.836$. Small p-values are rarer than a uniform
# distribution would make them: the test is conservative, which costs some power but never
# inflates the Type I error.
#
# Choose a test, a level and the number of simulated data sets used; the rate, its interval
# and the p-value histogram update at once (the simulation is not rerun, only its p-values
# are counted).

# %% tags=["nbval-ignore-output"]
type1_error_lab(null_sim)

# %% [markdown]
# ### Power against the size of the difference
#
# Making block 2 less informative gives algorithm B a known handicap: its Bayes accuracy is
# $0.8 - \delta$. The rejection rate at $\delta > 0$ is the power. A test that does not hold its
# level (the resampled t) has a meaningless "power": it rejects often even at $\delta = 0$.

# %% mystnb={"figure": {"caption": "Rejection rate at alpha = 0.05 of each test against the true difference between the Bayes accuracies of the two algorithms, 300 simulated data sets per point, with 95 % bands. At a difference of 0.1 the corrected resampled t (0.82) and the k-fold t (0.76) detect it most often and McNemar's test least often (0.30); the resampled t already rejects in 63 % of the data sets when there is no difference.", "name": "fig-two-algorithms-one-dataset-power"}, "image": {"alt": "Line chart of the rejection rate (y, 0 to 1) against the true accuracy difference (x, 0 to 0.1 in steps of 0.025), one line with a shaded band per test, and a dashed horizontal line at 0.05. The resampled t (green, dotted) runs far above the others, from 0.63 at no difference to 0.99. The other six start between about 0.05 and 0.11 at differences 0 and 0.025, then rise: at 0.1 they reach 0.82 for the corrected resampled t (red), 0.76 for the k-fold CV t (purple, dashed), 0.63 for the 5x2cv F (pink), 0.50 for the 5x2cv t (brown), 0.34 for the difference of proportions (orange, dash-dotted) and 0.30 for McNemar (blue)."}}
curve = paired_power_curve([0.0, 0.025, 0.05, 0.075, 0.1], accuracy_1=0.8, n_reps=300, seed=5, n_examples=300)
print(curve)
fig, ax = plt.subplots(figsize=(6.4, 3.8))
plot_power_curves(curve, ax=ax)
plt.show()

# %% [markdown]
# Each row uses 300 data sets, so every rate carries about $\pm 2.5$ points of Monte Carlo error
# near 5 % (and up to $\pm 6$ near 50 %). Among the tests that (nearly) hold their level, the
# corrected resampled t and the k-fold t detect a difference most often (0.82 and 0.76 at
# $\delta = 0.1$), then the 5x2cv F (0.63), then the 5x2cv t (0.50); McNemar's test and the
# difference of proportions, which see a single test set of 100 examples, are the weakest (0.30
# and 0.34). The 5x2cv F rejects more often than the 5x2cv t at every $\delta > 0$, as Alpaydin
# reported. Seed 000's remark that the 5x2cv t is "slightly more powerful than McNemar" holds
# here (by more than "slightly"), at ten times the cost.

# %% [markdown]
# ## The seeds' claims, checked
#
# Seed 000 summarises Dietterich in five lines. Set against the lab (1 000 data sets, H0 true):

# %% tags=["hide-input"]
claims = paired_example("seed000_dietterich_summary").data
for test, claim in claims["false_positive_rate"].items():
    j = PAIRED_TESTS.index(test)
    print(f"{PAIRED_TEST_LABELS[test]:<27} seed: {claim:<25} lab: {type1.rates[j]:.3f} "
          f"[{type1.ci_low[j]:.3f}, {type1.ci_high[j]:.3f}], {TRAININGS_PER_ALGORITHM[test]} training(s)")
print("\nErrata of this chapter:")
for key in ("seed003-sd-formula", "seed003-truncated-digits", "seed001-kin8nm-t", "seed001-critical-value",
            "seed001-paired-t-equal-variances"):
    print(f"- {key}: {ERRATA[key].correct}")

# %% [markdown]
# The lab agrees with seed 000 where it is sharpest (resampled t high, McNemar and 5x2cv t low) and
# shows that "high" and "somewhat elevated" for the difference of proportions and the k-fold t
# depend on the learner and the data size.
#
# ## Which test should I use?
#
# - Each model can be trained only once: McNemar's test (chapter 2), knowing it compares models,
#   not algorithms.
# - You can afford ten trainings per algorithm: the combined 5x2cv F test.
# - You already have resampled or repeated cross-validation scores: the corrected resampled t
#   with the ratio $n_\text{test}/n_\text{train}$ of your splits, never the plain t.
# - Decide on the test before seeing any p-value; running several and reporting the smallest is
#   itself a way to inflate the Type I error.

# %% [markdown]
# ## Summary
#
# - A paired t-test is right for per-example losses of two trained models on one test set; it is
#   wrong for fold scores, because overlapping training (and test) sets make the scores
#   dependent, and repetitions then drive the p-value to zero without new data.
# - Dietterich's resampled t rejects a true $H_0$ far too often (60 % instead of 5 % in the lab);
#   McNemar's test and the 5x2cv t hold their level; Alpaydin's combined F uses all ten 5x2
#   differences and is more powerful than the 5x2cv t.
# - Nadeau and Bengio's factor $\frac1J + \frac{n_\text{test}}{n_\text{train}}$ repairs the
#   resampled t and makes it one of the most powerful valid tests.
# - Costs differ tenfold (1, 10 or 30 trainings per algorithm); `compare_algorithms` runs any of
#   them in one line and keeps the scores.
# - The seeds' bank example is right ($t = 2.445$, $p = 0.058$) despite a misprinted formula; the
#   kin8nm statistic is not ($T = 0.81$, not 79.5, so no evidence of a difference).

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** For the 5x2 scores of naive Bayes and the tree above, compute $f$ from its
# formula with numpy and compare with `ftest_5x2cv`; then compute it wrongly with
# `np.var(p, axis=1)` in the denominator. What happens to the p-value?
#
# **Exercise 2.** In the lab, rerun the simulation with $J = 10$ and with $J = 60$ resamples
# (300 data sets each). How does the Type I error of the plain and of the corrected resampled t
# change with $J$? Explain with the variance factor.
#
# **Exercise 3.** Make the problem small and noisy: 100 examples, 20 features per block, Bayes
# accuracy 0.75. Which tests still hold their level? What is different from Dietterich's
# conclusions, and why might that be?
#
# **Exercise 4.** In seed 001's kin8nm example ($n = 8192$, $s_d = 0.178$), how large would the
# mean Brier-score difference have to be for the paired t-test to reject at the 5 % level?

# %% [markdown]
# ```{admonition} Solution to exercise 1
# :class: dropdown
# The sums of squared deviations give the library's value. With `np.var` (the mean of the two
# squared deviations) the denominator halves, $f$ doubles and the p-value drops, here from 0.67
# to 0.34: a way to reject too often.
# ```

# %% tags=["hide-input"]
p = f_result.scores_1 - f_result.scores_2
right = (p**2).sum() / (2 * ((p - p.mean(axis=1, keepdims=True)) ** 2).sum())
wrong = (p**2).sum() / (2 * np.var(p, axis=1).sum())
print(f"f = {right:.6f} (library {f_result.statistic:.6f}), p = {stats.f.sf(right, 10, 5):.4f}")
print(f"with np.var: f = {wrong:.6f}, p = {stats.f.sf(wrong, 10, 5):.4f}")

# %% [markdown]
# ```{admonition} Solution to exercise 2
# :class: dropdown
# The plain t's variance factor $1/J$ shrinks as $J$ grows while the true variance of $\bar d$
# does not fall below $\rho\sigma^2$: its Type I error grows with $J$. The corrected factor
# $1/J + n_2/n_1$ is dominated by $n_2/n_1 = 0.5$, so the corrected test stays near 5 % for
# every $J$.
# ```

# %% tags=["hide-input"]
for J in (10, 60):
    sim = simulate_paired_tests(n_examples=300, n_reps=300, n_resamples=J, seed=6)
    rates = dict(zip(PAIRED_TESTS, sim.rates(0.05).rates))
    print(f"J = {J:>2}: resampled t {rates['resampled']:.3f}, corrected t {rates['corrected']:.3f}")

# %% [markdown]
# ```{admonition} Solution to exercise 3
# :class: dropdown
# With 100 examples and 20 noisy features per block, a nearest-centroid classifier varies a lot
# from one training set to the next, and the one data set differs from the population. The
# k-fold t and both 5x2cv tests (each 5x2 model is trained on only 50 examples) now reject a
# true $H_0$ in 10 to 13 % of the data sets; the corrected resampled t (4.0 %), McNemar's test
# (3.2 %) and the difference of proportions (4.6 %) hold their level. Dietterich's conclusions came from particular learners
# and data sets; approximate tests are approximate, and a simulation like this one is how to
# check them for your setting.
# ```

# %% tags=["hide-input"]
small = simulate_paired_tests(n_examples=100, n_features=20, accuracy_1=0.75, n_reps=500, seed=7)
print(small.rates(0.05))

# %% [markdown]
# ```{admonition} Solution to exercise 4
# :class: dropdown
# Reject when $|\bar d| \ge t_{0.975, 8191}\, s_d/\sqrt n = 1.9603 \cdot 0.178/90.51 \approx
# 0.0039$: more than twice the printed 0.0016.
# ```

# %% tags=["hide-input"]
print(f"{stats.t.ppf(0.975, 8191) * 0.178 / np.sqrt(8192):.5f}")
