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
# # Many algorithms over many data sets: Friedman, pairwise Wilcoxon with Holm, Nemenyi and critical-difference diagrams
#
# ## Overview
#
# A benchmark study runs k learning algorithms on N data sets and reports an N x k table of
# scores. Chapter 5 compared *two* algorithms over many data sets with the Wilcoxon signed-rank
# and sign tests. With six algorithms there are fifteen pairs, and fifteen separate tests at the
# 5 % level will find "significant" differences far too often. This chapter follows the
# procedure Demšar recommends for this situation ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)), with the refinements of
# García and Herrera ([García and Herrera, 2008](https://jmlr.org/papers/v9/garcia08a.html)): one omnibus test on the ranks, and post-hoc tests that
# control the error over the whole family of comparisons.
#
# After this chapter you will be able to
#
# - rank algorithms within each data set (mid-ranks for ties) and explain why average ranks,
#   not average scores, are compared across data sets;
# - run Friedman's test, with and without the tie correction, with its exact p-value and Iman and
#   Davenport's F, and say from the enumerated null distribution how well each p-value holds its
#   level;
# - report the size of the effect next to each p-value: Kendall's W for the omnibus test,
#   gaps in average rank with intervals for the pairs;
# - compute the critical difference (CD) of the Nemenyi test for any number of algorithms and
#   data sets, and read and draw a critical-difference diagram;
# - compare all pairs by Wilcoxon signed-rank tests with Holm's adjustment, use Shaffer's or
#   Bergmann and Hommel's procedure only with tests of one parameter per algorithm (mean ranks,
#   mean scores), and draw a critical-difference diagram from any of them;
# - compare every algorithm with a control by Wilcoxon tests with Holm's adjustment and by the
#   Bonferroni-Dunn test, and explain why this has more power than comparing all pairs;
# - say under which null hypothesis each post-hoc procedure controls the family-wise error rate,
#   why none needs an omnibus rejection first, and why the p-value of a mean-rank test of a pair
#   depends on which other algorithms are in the comparison;
# - check a published analysis (source 001's) number by number, and run a small benchmark of
#   your own from start to finish with `run_benchmark` (the same folds for every classifier).
#
# **Prerequisites:** p-values and the family-wise error rate (chapter 3), ranks and the
# Wilcoxon signed-rank test (chapter 5).

# %% tags=["hide-input"]
import textwrap
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
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

from lecture_lib import (
    adjust_pvalues,
    appml_benchmark,
    bonferroni_dunn,
    cd_cliques,
    control_comparisons,
    critical_difference,
    critical_value,
    demsar_table5,
    errata,
    friedman,
    nemenyi,
    nemenyi_n_datasets,
    pairwise_comparisons,
    plot_critical_difference,
    posthoc_error_rates,
    posthoc_example,
    friedman_type1_error,
    rankdata,
    run_benchmark,
    tie_term,
    wilcoxon_signed_rank,
)
from lecture_lib.widgets import cd_explorer, cd_subsample, posthoc_explorer

ERRATA = {e.key: e for e in errata()}

# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 20 minutes): *Ranks within each data set*; *Friedman's test*; *Nemenyi's test:
# every pair*; *All pairs, recommended: pairwise Wilcoxon tests with Holm's adjustment*;
# *Comparing with a control: Holm's procedure and Bonferroni-Dunn*; then the *Summary*. The other
# sections, in order, are what the classes teach, except the detail to come back to when you need
# it: *A live benchmark*; *The source's numbers, checked*.

# %% [markdown]
# ## The benchmark
#
# Source 001, the "Applied Machine Learning" slides (LMU's lecture_appml), benchmarks six
# learners of the R package mlr3 with default settings on 16 binary classification tasks from
# OpenML: a featureless baseline (always predicts the majority class), a penalised logistic
# regression (cv_glmnet), a decision tree (rpart), a random forest (ranger), k-nearest
# neighbours (kknn) and a support vector machine (svm). The score is the 3-fold cross-validated
# classification error, so **lower is better**. The slides print only three rows; the course
# ships the whole table with its provenance (two decimals, four where the source gives them).

# %%
bench = appml_benchmark()
names = bench.algorithms
errors = bench.scores
widths = [max(len(name), 6) + 2 for name in names]  # narrow columns: fits a page
print(f"{'task':<17}" + "".join(f"{name:>{w}}" for name, w in zip(names, widths)))
for task, row in zip(bench.datasets, errors):
    print(f"{task:<17}" + "".join(f"{value:>{w}.4g}" for value, w in zip(row, widths)))

# %% [markdown]
# ## The wrong ways first
#
# **Averaging the scores.** The mean error of each learner over the 16 tasks looks like a fair
# summary:

# %%
for name, mean_error in zip(names, errors.mean(axis=0)):
    print(f"{name:>12}: mean error {mean_error:.4f}")

# %% [markdown]
# But errors on different tasks are not commensurable: an improvement of 0.05 on the nearly
# solved monks-problems-3 task means something very different from 0.05 on pollen, where no
# learner beats guessing. A single hard task with large errors can dominate the average, and
# nothing says the errors of 16 unrelated tasks come from one normal distribution, as a t-test or
# an ANOVA would need ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)).
#
# **Testing every pair separately.** Six learners make fifteen pairs. If each pair is tested at
# the 5 % level, the probability of at least one false alarm is far above 5 %. The simulation
# below draws 4 000 benchmarks of 16 data sets in which all six algorithms are *equally good*
# (each data set orders them at random), and tests every pair with an unadjusted two-sided
# z-test on the difference of average ranks; then it does the same with Nemenyi's critical
# difference, introduced below.

# %%
rng = np.random.default_rng(6)
n_reps, n_sets, k = 4_000, 16, 6
null_ranks = rankdata(rng.random((n_reps, n_sets, k)))  # random orders: H0 is true
mean_null = null_ranks.mean(axis=1)
spread = mean_null.max(axis=1) - mean_null.min(
    axis=1
)  # the largest pairwise difference
se = np.sqrt(k * (k + 1) / (6 * n_sets))
one_pair_limit = stats.norm.isf(0.025) * se
print(
    "unadjusted pairwise tests: at least one 'significant' pair in\n  "
    f"{np.mean(spread >= one_pair_limit):.1%} of benchmarks"
)
print(
    f"Nemenyi (CD = {critical_difference(k, n_sets):.3f}): at least one significant "
    "pair in\n  "
    f"{np.mean(spread >= critical_difference(k, n_sets)):.1%} of benchmarks"
)

# %% [markdown]
# With fifteen unadjusted tests, more than a third of the benchmarks in which nothing differs
# report a "significant" difference. The post-hoc tests of this chapter keep that rate, the
# family-wise error rate, at or below 5 % on their own when, as here, all algorithms are equally
# good. When only *some* are equal, the procedures differ: Holm-adjusted pairwise tests still
# keep the promise, mean-rank tests such as Nemenyi's may not (the lab in the all-pairs section
# shows both). An omnibus test of all algorithms together answers a different question, "is
# there any difference at all?"; the course runs it too, and reports both (more on this below).

# %% [markdown]
# ## Ranks within each data set
#
# On every data set, rank the algorithms: 1 for the lowest error, k for the highest; tied
# algorithms share the average of the ranks they occupy (mid-ranks). Ranks are comparable across
# data sets whatever the scale of the errors, and an outlying task can move an algorithm's rank by
# at most k - 1.

# %%
ranks = rankdata(errors, axis=1)  # errors: rank 1 = lowest error
print(f"{'task':<17}" + "".join(f"{name:>{w}}" for name, w in zip(names, widths)))
for task, row in zip(bench.datasets, ranks):
    print(f"{task:<17}" + "".join(f"{value:>{w}g}" for value, w in zip(row, widths)))
average = ranks.mean(axis=0)
averages = "".join(f"{v:>{w}.4g}" for v, w in zip(average, widths))
print(f"{'average rank':<17}" + averages)

# %% [markdown]
# The rows pollen, threeOf9 and strikes are the three the slides print, with the same ranks
# (pollen has a tie between featureless and cv_glmnet at 0.5148: both get 5.5). Every row of
# ranks sums to $k(k+1)/2 = 21$, so the average ranks always average to $(k+1)/2 = 3.5$.
# ranger has the best average rank (1.59), then svm (2.19); featureless has the worst (5.94).

# %% [markdown]
# ## Friedman's test
#
# $H_0$ in words: the six learners are interchangeable: on every data set each ordering of them
# is equally likely, so their expected average ranks are equal (the hypothesis asks more than
# equal expected ranks: the lab below shows learners with equal ranks that are not
# interchangeable); the observed differences in
# average rank are due to chance. With average ranks $R_j$ on N data sets, Friedman's statistic
# ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)) is
#
# $$\chi^2_F = \frac{12N}{k(k+1)}\Bigl[\sum_j R_j^2 - \frac{k(k+1)^2}{4}\Bigr],$$
#
# approximately chi-squared with $k - 1$ degrees of freedom under $H_0$ when N and k are not too
# small (Demšar's rule of thumb: N > 10 and k > 5; source 001 asks for M > 15). Ties make the ranks
# less variable than $1, \dots, k$; the **tie correction** divides $\chi^2_F$ by
# $C = 1 - \sum (t^3 - t) / (N k (k^2 - 1))$, where the sum runs over the tie groups (of size t)
# of all data sets. It is what `scipy.stats.friedmanchisquare` and R's `friedman.test` compute;
# Demšar's formula is the uncorrected one.

# %%
plain = friedman(errors, higher_is_better=False, tie_correction=False)
corrected = friedman(errors, higher_is_better=False)
n_sets, k = errors.shape
factor = 1 - tie_term(errors, axis=1).sum() / (n_sets * k * (k**2 - 1))
print(
    f"chi2_F without tie correction (Demšar): {plain.statistic:.3f}, "
    f"chi-squared p = {plain.chi2_pvalue:.3g}"
)
print(f"tie correction factor C = {factor:.4f}")
print(
    f"chi2_F with tie correction:             {corrected.statistic:.3f}, "
    f"chi-squared p = {corrected.chi2_pvalue:.3g}"
)
print(
    f"critical value of chi2 with {corrected.df} df at alpha = 0.05: "
    f"{stats.chi2.ppf(0.95, corrected.df):.3f}"
)

# %% [markdown]
# The rounding of the errors to two decimals creates many ties (C = 0.96), and the correction
# raises the statistic from 54.2 to 56.5. Either way the p-value is below $10^{-9}$ (a
# chi-squared approximation, so read it as "far below any level in use", not as an exact
# frequency): if the six learners were interchangeable, average ranks as unequal as these would
# essentially never occur. We reject $H_0$ at the 5 % level. Friedman's test says only that
# *some* learners differ; which ones is for the post-hoc tests.
#
# **How large is the effect?** The companion of $\chi^2_F$ is Kendall's coefficient of
# concordance $W = \chi^2_F / (N(k-1))$ (Kendall and Babington Smith, 1939): 0 when the average
# ranks are all equal, $1/N$ on average when the data sets rank the learners at random ($H_0$),
# and 1 when every data set ranks them in the same order. `friedman` returns it
# as `kendalls_w` (tie-corrected when $\chi^2_F$ is). The library gives no interval for W; a
# percentile bootstrap over the data sets gives an approximate one. It is rough with 16 data
# sets, and shifted up by about $(1 - W)/N$: a resample repeats some data sets, and a repeated
# data set agrees perfectly with itself.

# %%
def kendalls_w(ranks, ties, n_boot=2000, seed=0):
    """Tie-corrected Kendall's W with a 95 % bootstrap interval over the data sets."""
    n, k = ranks.shape

    def w(rows):  # rows: (..., n) indices of data sets
        mean_ranks = ranks[rows].mean(axis=-2)
        chi2 = 12 * n / (k * (k + 1)) * np.sum((mean_ranks - (k + 1) / 2) ** 2, axis=-1)
        factor = 1 - ties[rows].sum(axis=-1) / (n * k * (k**2 - 1))
        return chi2 / factor / (n * (k - 1))

    boot = w(np.random.default_rng(seed).integers(0, n, size=(n_boot, n)))
    return float(w(np.arange(n))), *np.percentile(boot, [2.5, 97.5])


w_hat, w_low, w_high = kendalls_w(ranks, tie_term(errors, axis=1))
assert np.isclose(
    w_hat, corrected.kendalls_w
)  # the bootstrap's point estimate is the library's W
print(
    f"Kendall's W = {corrected.kendalls_w:.3f} (= {corrected.statistic:.2f} / "
    f"({n_sets} x {k - 1})),\n"
    f"95 % bootstrap interval [{w_low:.2f}, {w_high:.2f}]"
)

# %% [markdown]
# $W = 0.71$, with a bootstrap interval from 0.64 to 0.82: the 16 tasks agree strongly on how the six
# learners rank, far from the $1/N = 1/16$ that $H_0$ gives on average.

# %% [markdown]
# ## Iman and Davenport's F
#
# Iman and Davenport found the chi-squared approximation of Friedman's statistic too
# conservative (it rejects less often than it should) and proposed (Iman and Davenport, 1980; [Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html))
#
# $$F_F = \frac{(N-1)\chi^2_F}{N(k-1) - \chi^2_F} \sim F\bigl(k-1, (k-1)(N-1)\bigr).$$
#
# Computed from the tie-corrected $\chi^2_F$, $F_F$ is exactly the F statistic of a two-way
# analysis of variance of the *ranks* (data sets as blocks; the test suite checks it against
# statsmodels). The same $H_0$ is tested.

# %%
print(
    f"F_F = {corrected.iman_davenport:.3f} with df = {corrected.iman_davenport_df}, "
    f"p = {corrected.iman_davenport_pvalue:.3g}"
)
print(
    f"critical value of F{corrected.iman_davenport_df} at alpha = 0.05: "
    f"{stats.f.ppf(0.95, *corrected.iman_davenport_df):.3f}"
)

# %% [markdown]
# $F_F = 36.2$ against a critical value of 2.34: the p-value ($10^{-18}$) is even smaller than
# Friedman's, and the conclusion is the same. There is overwhelming evidence against the
# hypothesis that the six learners are interchangeable on tasks like these, and the effect is
# large (Kendall's $W = 0.71$ above).
#
# **Which p-value holds its level?** Under $H_0$ each data set orders the k learners uniformly
# at random, so the null distribution of $\chi^2_F$ can be *enumerated*: the $(k!)^N$ rankings
# are equally likely (`friedman` builds the distribution data set by data set, so it does not
# list them one by one). From it, `friedman_type1_error` computes exactly how often each of three
# p-values would reject a true $H_0$ at the 5 % level: the chi-squared approximation, Iman and
# Davenport's F, and the **exact** p-value, the share of rankings at least as uneven as the one
# observed.

# %%
print("Rejection rates (%) of a true H0 at nominal 5 %,\nenumerated exactly (no ties)")
print(f"{'':<22}" + "".join(f"{'N=' + str(n):>5}" for n in range(2, 11)))
for k_level in (2, 3, 4):
    levels = [friedman_type1_error(k_level, n_level) for n_level in range(2, 11)]
    for field, label in (
        ("chi2", "chi-squared"),
        ("iman_davenport", "Iman-Davenport"),
        ("exact", "exact"),
    ):
        rates = "".join(f"{100 * getattr(lv, field).estimate:5.1f}" for lv in levels)
        print(f"k = {k_level}  {label:<15}{rates}")

# %% [markdown]
# Read the small designs first. With two learners and three data sets, all three data sets pick
# the same winner with probability $2/8$; then Kendall's $W = 1$, $\chi^2_F$ reaches its maximum
# and Iman and Davenport's $F_F$ is infinite. The F distribution puts no probability beyond
# infinity, so read literally its p-value is 0 (`friedman` gives `iman_davenport_pvalue = nan`
# there and reads the exact p-value instead): read that way, it rejects a true $H_0$ in 25.0 % of
# benchmarks, and in 50.0 % with two data sets. The chi-squared p-value is not safe
# either (12.5 % at k = 2, N = 4), and it is far too conservative elsewhere (1.7 % at k = 4,
# N = 3). The exact p-value never rejects more often than 5 %, by construction; with so few data
# sets it often cannot reject at all (k = 2, N up to 5: the smallest possible p-value is above
# 0.05). For three and four learners the three p-values agree to within a point or two from
# about N = 8, and for k = 4 Iman and Davenport's F stays a little liberal (5.3 % at N = 10).
# With two learners the steps of the discrete distribution stay large for longer: at N = 8 both
# approximations reject a true $H_0$ in 7.0 % of benchmarks, the exact p-value in 0.8 %.
#
# Larger designs take longer to enumerate; the simulation covers them (k = 6, 20 000 simulated
# benchmarks where the exact distribution is too large):

# %%
header = ("N", "chi-squared p", "Iman-Davenport p", "exact p")
print(f"{header[0]:>4}  {header[1]:>20}  {header[2]:>20}  {header[3]:>14}   (k = 6)")
for n_level in (3, 4, 5, 6, 10, 16, 30):
    level = friedman_type1_error(6, n_level, n_reps=20_000, seed=0)

    def show(rate):
        if level.how == "enumerated":
            return f"{rate.estimate:>8.3f} (exact)"
        return f"{rate.estimate:>8.3f} [{rate.low:.3f}, {rate.high:.3f}]"

    exact = show(level.exact) if not np.isnan(level.exact.estimate) else "(too large)"
    print(
        f"{n_level:>4}  {show(level.chi2):>20}  {show(level.iman_davenport):>20}  "
        f"{exact:>14}"
    )

# %% [markdown]
# With six learners the chi-squared p-value is conservative for small N (1.8 % at N = 3) and Iman
# and Davenport's liberal (6.2 % at N = 3, 5.7 % at N = 6); from about 16 data sets both are
# within half a point of 5 %. So `friedman` **reads the exact p-value by default wherever it can
# enumerate it** (k = 2 with any N; k = 3 up to 200 data sets, k = 4 up to 30, k = 5 up to 10,
# k = 6 up to 5; `EXACT_MAX_DATASETS`), and the chi-squared approximation for larger designs: in
# every design the course can enumerate, chi-squared calls a result significant at 1 % or 5 %
# only where the exact test does too, while Iman and Davenport's F sometimes does where the exact
# test does not (the test suite checks both). `result.pvalue` is always the p-value of the method
# it names in `result.method`, and
# `pvalue_method` says why; `chi2_pvalue`, `iman_davenport_pvalue` and `exact_pvalue` are all
# there to compare. This benchmark (N = 16, k = 6) is too large to enumerate:

# %%
print(f"method: {corrected.method}, p = {corrected.pvalue:.3g}")
print(textwrap.fill(f"why: {corrected.pvalue_method}", 74, subsequent_indent="     "))

# %% [markdown]
# ## Nemenyi's test: every pair
#
# The Nemenyi test compares all $k(k-1)/2$ pairs. $H_0$ for the pair (i, j) in words: algorithms i
# and j have the same expected average rank. When *all* k algorithms are interchangeable (Friedman's
# $H_0$, the complete null), the difference of two average ranks has standard error
# $\sqrt{k(k+1)/(6N)}$, and the largest of the k average ranks minus the smallest behaves like
# the range of k normal variables. (When only i and j are equal, the standard error depends on
# where the other algorithms rank; the lab in the all-pairs section shows what that does.) Two
# algorithms differ significantly when their average ranks differ by at least the **critical
# difference**
#
# $$CD = q_\alpha \sqrt{\frac{k(k+1)}{6N}}, \qquad q_\alpha = \frac{q_{1-\alpha}(k, \infty)}{\sqrt 2},$$
#
# where $q_{1-\alpha}(k, \infty)$ is the upper quantile of the studentized range. Demšar tabulates
# $q_\alpha$ for $k \le 10$; `critical_value` computes it for any k and $\alpha$ from scipy's
# studentized range distribution. Against Demšar's Table 5:

# %%
table5 = demsar_table5()
print("k        " + "".join(f"{k_:>7}" for k_ in table5["k"]))
for test in ("nemenyi", "bonferroni-dunn"):
    print(f"{test}, alpha = 0.05:")
    print("  Demšar " + "".join(f"{v:>7.3f}" for v in table5[f"{test}_0.05"]))
    exact = [critical_value(k_, 0.05, test) for k_ in table5["k"]]
    print("  exact  " + "".join(f"{v:>7.4f}" for v in exact))
print(
    "nemenyi, k = 20: q = {:.4f}; k = 50: q = {:.4f}".format(
        critical_value(20, 0.05), critical_value(50, 0.05)
    )
)

# %% [markdown]
# Demšar's Nemenyi row agrees to its three decimals except for k = 3 and k = 7, where it is
# 0.001 off: it divides the three-decimal quantiles of q by $\sqrt 2$ and rounds a second time.
# The Bonferroni-Dunn row, $z_{1-\alpha/(2(k-1))}$, agrees except for one misprint, k = 9:
# 2.724 for 2.734. (The tests of the course check every entry, for both levels of the table.)
#
# For our benchmark:

# %%
nem = nemenyi(errors, higher_is_better=False, alpha=0.05)
print(f"CD = {nem.cd:.3f} for k = {k} and N = {n_sets}")
pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
pairs.sort(key=lambda ij: nem.pvalues[ij])
print("gap: difference of average ranks;\ngap +- CD: simultaneous, approximate 95 %")
print(f"{'better':>11}   {'worse':<11}{'gap':>6}{'gap +- CD':>17}{'p':>10}  at 5 %")
for i, j in pairs:
    better, worse = (i, j) if nem.mean_ranks[i] < nem.mean_ranks[j] else (j, i)
    gap = abs(nem.mean_ranks[i] - nem.mean_ranks[j])
    p = nem.pvalues[i, j]
    verdict = "differ" if p <= 0.05 else "no evidence"
    print(
        f"{names[better]:>11} < {names[worse]:<11}{gap:>6.2f}"
        f"  [{gap - nem.cd:+.2f}, {gap + nem.cd:+.2f}]{p:>10.3g}  {verdict}"
    )

# %% [markdown]
# Each line gives one of the fifteen p-values with its effect, the gap, and an interval for it.
# "differ": evidence at the 5 % family-wise level that the first learner ranks better than the
# second; "no evidence": no evidence of a difference, which is not evidence that the two are
# equally good. A Nemenyi p-value is (approximately, by the
# normal approximation of average ranks) the probability, if all six learners were interchangeable,
# that the *largest* gap among their average ranks would be at least the gap observed for this
# pair; the p-values are therefore already adjusted for the whole family of fifteen comparisons
# and are compared with 0.05 directly. Eight pairs differ significantly. The source's example,
# rpart against ranger (gap 1.94, p = 0.040), just clears the CD of 1.885: there is evidence that
# ranger would rank better than rpart on more tasks like these, by somewhere between 0.05 and 3.8
# ranks (the interval gap $\pm$ CD, which uses the null standard error and so is approximate).
# ranger against svm (gap 0.59, p = 0.95) gives no evidence either way: the interval runs from
# svm being 1.3 ranks *better* to 2.5 ranks worse, so the data cannot tell them apart, which does
# not mean they are equally good.
#
# **Omnibus first?** Demšar, and source 001, run the post-hoc tests only after Friedman's test has
# rejected. The course does not need that gate. When all the learners are interchangeable
# (Friedman's $H_0$), Nemenyi's test keeps the family-wise error rate at or below 5 % on its
# own, so its decisions are valid whether or not Friedman's test rejected, and the gate only
# makes it more conservative. When only *some* learners are equal, the gate cannot help:
# Friedman's $H_0$ is then false, Friedman's test may rightly reject, and a mean-rank test can
# still declare a truly equal pair different too often (the lab in the all-pairs section
# shows how). The procedure the course recommends for all pairs, pairwise Wilcoxon tests with
# Holm's adjustment, controls the family-wise error whichever pairs are equal, with no gate.
# Friedman's test and the post-hoc tests can disagree (Friedman rejects while no pair reaches
# the CD, or the reverse), because they use different statistics: the range test behind Nemenyi
# has its own omnibus p-value, the p-value of the largest gap, which `NemenyiResult.pvalue`
# reports. Report both:
#
# %%
print(f"Friedman (Iman-Davenport) p = {corrected.iman_davenport_pvalue:.3g}")
print(f"Nemenyi range test p = {nem.pvalue:.3g}")
print(textwrap.fill(f"({nem.pvalue_method})", 74))

# %% [markdown]
# The Nemenyi p-values agree with those of scikit-posthocs' `posthoc_nemenyi_friedman` to
# $10^{-9}$ (the test suite checks it on many tables with ties); like Demšar, both ignore ties
# in the standard error, which makes them somewhat conservative when there are many ties (while
# `friedman` corrects $\chi^2_F$ for ties).

# %% [markdown]
# ## The critical-difference diagram
#
# Demšar's diagram shows all fifteen decisions at once. The axis carries the average ranks, best
# on the left; the bar at the top has the length of the CD; thick lines join groups of algorithms
# whose average ranks differ by less than the CD, that is, groups with no significant difference
# inside them.

# %% mystnb={"figure": {"caption": "Critical-difference diagram of the Nemenyi test for six learners on 16 tasks at alpha = 0.05: average ranks on the axis, best on the left, and the critical difference (1.885) as the bar at the top. Thick lines join learners whose average ranks differ by less than the CD; ranger and rpart, 1.94 apart, are not joined.", "name": "fig-many-algorithms-many-datasets-cd-nemenyi"}, "image": {"alt": "Critical-difference diagram. A horizontal average-rank axis runs from 1 to 6, with a bar labelled CD = 1.88 above it. The learners hang from the axis by lines to their names: ranger 1.59, svm 2.19 and kknn 3.50 on the left; rpart 3.53, cv_glmnet 4.25 and featureless 5.94 on the right. Four overlapping thick lines join the groups not significantly different: ranger and svm; svm, kknn and rpart; kknn, rpart and cv_glmnet; cv_glmnet and featureless."}}
ax = plot_critical_difference(
    nem.mean_ranks, names, nem.cd, title="Nemenyi, alpha = 0.05, 16 tasks"
)
plt.show()
print("groups not significantly different:")
for clique in cd_cliques(nem.mean_ranks, nem.cd):
    print("  " + ", ".join(names[i] for i in clique))

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 6.1.** Critical-difference diagram of the Nemenyi test for six learners on 16 tasks at alpha = 0.05: average ranks on the axis, best on the left, and the critical difference (1.885) as the bar at the top. Thick lines join learners whose average ranks differ by less than the CD; ranger and rpart, 1.94 apart, are not joined.

# %% [markdown]
# Read it pairwise: two learners differ significantly exactly when no bar covers both. ranger
# and svm share a bar; ranger and rpart, 1.94 apart, do not. The groups overlap (svm is grouped
# both with ranger and with rpart, but ranger and rpart differ) because "not significantly
# different" is not transitive: a bar is not a cluster of equally good learners.

# %% [markdown]
# ## The pool matters: a pair's p-value depends on the other learners
#
# An average rank is a rank *among the learners in the study*. Add or remove a learner and the
# ranks of the others can change, and so does k, hence the CD. Benavoli, Corani and Mangili
# ([Benavoli et al., 2016](https://jmlr.org/papers/v17/benavoli16a.html)) point out the consequence: the Nemenyi (or Bonferroni-Dunn) p-value of a
# pair depends on which other algorithms happen to be in the comparison. On source 001's benchmark,
# drop one learner at a time and watch the p-value of ranger against rpart:

# %%
def nemenyi_pair(columns, first="ranger", second="rpart"):
    kept = [names[c] for c in columns]
    result = nemenyi(errors[:, columns], higher_is_better=False)
    i, j = kept.index(first), kept.index(second)
    return result.pvalues[i, j], result.mean_ranks[j] - result.mean_ranks[i], result.cd


all_columns = list(range(k))
print(
    f"{'learners in the study':<22}{'gap rpart - ranger':>20}{'CD':>8}{'Nemenyi p':>11}"
)
for dropped in [None] + [name for name in names if name not in ("ranger", "rpart")]:
    columns = [c for c in all_columns if names[c] != dropped]
    p_pair, gap, cd_pool = nemenyi_pair(columns)
    label = "all six" if dropped is None else f"without {dropped}"
    print(f"{label:<22}{gap:>20.3f}{cd_pool:>8.3f}{p_pair:>11.4f}")
pair_wilcoxon = wilcoxon_signed_rank(
    errors[:, names.index("rpart")], errors[:, names.index("ranger")]
)
print(
    "Wilcoxon signed-rank test of the two columns alone:\n  p = "
    f"{pair_wilcoxon.pvalue:.2g} whatever the pool"
)

# %% [markdown]
# The same two columns of errors give p = 0.040 with all six learners, 0.076 without kknn (not
# significant at the 5 % level) and 0.0048 without the featureless baseline. Removing kknn
# changes the ranks of ranger and rpart (kknn beat rpart on many tasks, so without it rpart moves
# up by half a rank) and shrinks their gap from 1.94 to 1.44; removing featureless, which is last
# everywhere, leaves every other rank as it was but lowers k, and with it the CD. Nothing about
# ranger and rpart changed, only the company they keep. A test of the pair on its own data, such
# as the Wilcoxon signed-rank test of chapter 5 ($p = 1.2 \times 10^{-4}$ here), does not depend
# on the pool; with several pairs its p-values still need an adjustment for multiplicity
# (Holm's), which depends only on how many pairs are tested.
#
# For comparing all pairs, García and Herrera ([García and Herrera, 2008](https://jmlr.org/papers/v9/garcia08a.html)) also recommend two procedures more
# powerful than Nemenyi's, Shaffer's static procedure and Bergmann and Hommel's, which use the
# logical relations between the pairwise hypotheses. They apply them to the same mean-rank
# z-tests, so the pool dependence stays. This chapter teaches Nemenyi's test because the
# critical-difference diagram was built on it; when you read one, keep in mind that its p-values
# depend on the pool, and that its guarantee holds when all the algorithms are interchangeable. The
# next section gives the all-pairs analysis the course recommends.

# %% [markdown] tags=["part-marker"]
# **Part 2 of this chapter: All pairs and a control: pairwise Wilcoxon with Holm, and which
# promises hold.** Part 1 (Many algorithms over many data sets: ranks, Friedman, Nemenyi and the
# CD diagram) ends here; the instructor guide teaches each part in one class. Its class on part
# 1 also uses the widget of “Interactive: how the CD shrinks with more data sets”, further on.

# %% [markdown]
# ## All pairs, recommended: pairwise Wilcoxon tests with Holm's adjustment
#
# The remedy for the pool dependence is to test each pair on its own data: a Wilcoxon signed-rank
# test (chapter 5) of the two columns of errors, then an adjustment of the fifteen p-values for
# multiplicity. $H_0$ for each pair, in words: the difference between the two learners' errors
# is, on every task, distributed symmetrically about zero. Holm's step-down procedure controls
# the family-wise error rate in the *strong* sense: whichever pairs are truly equal, the
# probability of declaring at least one of them different is at most 5 %, under any dependence
# between the tests.
#
# García and Herrera ([García and Herrera, 2008](https://jmlr.org/papers/v9/garcia08a.html)) add two
# refinements that use the logic of the pairwise hypotheses: if "ranger = svm" and "svm = kknn"
# are true, so is "ranger = kknn", so not every combination of true hypotheses is possible.
# **Shaffer's** procedure divides alpha by the largest number of hypotheses that can still be
# true, and **Bergmann and Hommel's** tests every set of hypotheses that can be true together.
# That logic holds when each hypothesis says that one number per learner is equal: the expected
# average rank in their mean-rank z-tests, or the mean error in a paired t-test. It does not hold
# for Wilcoxon's hypothesis, which is about the pair's differences: ranger - svm and svm - kknn
# can both be symmetric about zero while ranger - kknn is not. The library refuses Shaffer's and
# Bergmann and Hommel's procedures on Wilcoxon or sign tests; the lab below shows why.

# %%
holm = pairwise_comparisons(
    errors, test="wilcoxon", adjust="holm", names=names, higher_is_better=False
)
print(f"{'pair (better first)':<24}{'median gap':>11}{'raw p':>9}{'Holm p':>9}")
for row in holm.pairs():
    pair = " > ".join(row["pair"])
    print(
        f"{pair:<24}{row['effect']:>11.3f}"
        f"{row['raw_pvalue']:>9.5f}{row['pvalue']:>9.4f}"
    )
procedures = {
    "Wilcoxon, Holm": holm,
    "mean ranks, Shaffer": pairwise_comparisons(
        errors, test="nemenyi", adjust="shaffer", names=names, higher_is_better=False
    ),
    "mean ranks, Bergmann-Hommel": pairwise_comparisons(
        errors,
        test="nemenyi",
        adjust="bergmann-hommel",
        names=names,
        higher_is_better=False,
    ),
    "Nemenyi": pairwise_comparisons(
        errors,
        test="nemenyi",
        adjust="studentized-range",
        names=names,
        higher_is_better=False,
    ),
}
for label, result in procedures.items():
    significant = int(result.significant.sum()) // 2
    print(f"{label + ':':<29}{significant:>3} of 15 pairs significant at the 5 % level")
try:
    pairwise_comparisons(
        errors, test="wilcoxon", adjust="shaffer", names=names, higher_is_better=False
    )
except ValueError as error:
    print("Wilcoxon with Shaffer:")
    message = textwrap.wrap(str(error), 72, break_on_hyphens=False)
    print("\n".join("  " + line for line in message))

# %% [markdown]
# The table lists the pairs from the most to the least significant; "median gap" is the median
# over the 16 tasks of the worse learner's error minus the better one's. Holm's procedure on the
# Wilcoxon tests separates 9 of the 15 pairs. On the mean-rank z-tests, Bergmann and Hommel's
# procedure separates 9 as well and Shaffer's 8, as many as Nemenyi's test; these three keep the
# pool dependence shown above, and their promise holds only when all learners are
# exchangeable (the lab below). An adjusted p-value is a bound: "the family-wise error rate of
# rejecting this pair and every pair above it is at most p", not the frequency of anything.
#
# A p-value says nothing about size, so read each with its effect. For two pairs the Wilcoxon
# test's own Hodges-Lehmann estimate of the difference in error, and its interval:

# %%
for better, worse in (("ranger", "rpart"), ("ranger", "svm")):
    pair_test = wilcoxon_signed_rank(
        errors[:, names.index(worse)], errors[:, names.index(better)]
    )
    low, high = pair_test.confidence_interval
    i, j = names.index(better), names.index(worse)
    print(
        f"{worse} - {better}: Hodges-Lehmann {pair_test.hodges_lehmann:.3f},\n  "
        f"{pair_test.interval_coverage:.0%} interval [{low:.3f}, {high:.3f}], "
        f"Holm p = {holm.pvalues[i, j]:.4f}"
    )

# %% [markdown]
# rpart's error exceeds ranger's by an estimated 0.050 (96 % interval 0.034 to 0.076; the exact
# signed-rank interval has a coverage of its own): a clear difference in a clear direction.
# ranger against svm is not significant after adjustment, and its interval includes 0: no
# evidence of a difference, which does not make the two equal.
#
# The critical-difference diagram can show any procedure's decisions: a bar joins learners among
# which the procedure found no significant difference. Only Nemenyi's test has a single critical
# difference, so only its diagram carries the CD bar.

# %% mystnb={"figure": {"caption": "Critical-difference diagrams of source 001's benchmark from three all-pairs procedures at the 5 % family-wise level: pairwise Wilcoxon tests with Holm's adjustment (the course's recommendation), Bergmann and Hommel's procedure on the mean-rank z-tests, and Nemenyi's test (with its CD bar). The first two draw the same groups and separate one pair more than Nemenyi.", "name": "fig-many-algorithms-many-datasets-cd-procedures"}, "image": {"alt": "Three critical-difference diagrams stacked vertically, with the same average ranks: ranger 1.59, svm 2.19, kknn 3.50 on the left; rpart 3.53, cv_glmnet 4.25, featureless 5.94 on the right. The top (Wilcoxon with Holm) and middle (mean-rank z with Bergmann-Hommel) have no CD bar and three group bars: ranger and svm; svm, kknn and rpart; kknn, rpart and cv_glmnet. featureless is joined to no one. The bottom one, Nemenyi's, has a CD bar of 1.88 and four group bars: the same three and cv_glmnet with featureless."}}
fig, axes = plt.subplots(3, 1, figsize=(7.0, 7.5))
plot_critical_difference(holm, ax=axes[0], title="pairwise Wilcoxon, Holm")
plot_critical_difference(
    procedures["mean ranks, Bergmann-Hommel"],
    ax=axes[1],
    title="mean-rank z, Bergmann-Hommel",
)
plot_critical_difference(
    procedures["Nemenyi"], ax=axes[2], title="Nemenyi (mean ranks)"
)
fig.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 6.2.** Critical-difference diagrams of source 001's benchmark from three all-pairs procedures at the 5 % family-wise level: pairwise Wilcoxon tests with Holm's adjustment (the course's recommendation), Bergmann and Hommel's procedure on the mean-rank z-tests, and Nemenyi's test (with its CD bar). The first two draw the same groups and separate one pair more than Nemenyi.

# %% [markdown]
# **Interactive.** Switch the post-hoc procedure on the same benchmark and watch the groups: the
# unadjusted Wilcoxon tests (the wrong way) separate 13 pairs, the adjusted procedures 8 or 9,
# and only Nemenyi's diagram has a CD bar. The paragraph under the menu gives the most
# significant pair with its effect and adjusted p-value.

# %% tags=["nbval-ignore-output"]
posthoc_explorer(errors, names, higher_is_better=False)

# %% [markdown]
# ### Demšar's Table 6: exact or approximate?
#
# Demšar's four variants of C4.5 over 14 data sets are a classic example where the choice of the
# Wilcoxon null distribution decides the outcome. With the normal approximation (zeros handled by
# Pratt's method), the smallest Holm-adjusted p-value of the six pairs is 0.065, and no pair is
# significant; with the exact null distribution, the library's default for 14 data sets, it is
# 0.047, C4.5+m against C4.5:

# %%
table6 = posthoc_example("demsar2006_table6")
for method in ("exact", "approx"):
    result = pairwise_comparisons(
        table6.scores, names=table6.algorithms, test_options={"method": method}
    )
    top = result.pairs()[0]
    print(
        f"{method:>6}: smallest Holm-adjusted p = {top['pvalue']:.3f}\n"
        f"        ({' > '.join(top['pair'])}, median AUC gain {top['effect']:.3f})"
    )

# %% [markdown]
# Both are honest analyses; the exact one is more accurate here, and the difference is a
# reminder that 0.047 and 0.065 are the same evidence on either side of an arbitrary line. The
# median gain of C4.5+m over C4.5 in AUC is printed above; report it with the p-value.

# %% [markdown]
# ### Which procedures keep their promise: a lab
#
# A family-wise error rate is a promise about repeated benchmarks: whichever hypotheses are true,
# at most 5 % of benchmarks should reject one of them. `posthoc_error_rates` checks the promise
# on simulated benchmarks whose truth is known. In the configuration "non-transitive" three
# algorithms A, B and C are built so that the differences A - B and B - C are symmetric about
# zero (Wilcoxon's "A = B" and "B = C" are true), while A - C is +1 or +2 on five data sets in
# six and -6 on the sixth, on average (plus a little noise): its mean is 0, but it is not
# symmetric, so Wilcoxon's "A = C" is false.

# %%
def show_lab(lab):
    """One simulated post-hoc lab: the family-wise error and each rejection rate."""
    true = [h for h, t in zip(lab.hypotheses, lab.true_null) if t]
    false = [h for h, t in zip(lab.hypotheses, lab.true_null) if not t]
    print(
        f"test={lab.test!r}, configuration {lab.configuration!r},\n  "
        f"N = {lab.n_datasets}, {lab.n_reps:,} benchmarks, nominal {lab.alpha:.0%}"
    )
    print(f"  true: {', '.join(true)}; false: {', '.join(false) or 'none'}")
    columns = true + (["false (mean)"] if false else [])
    widths = [max(len(c), 5) + 2 for c in columns]
    print(
        "  rejection rates: of each true hypothesis"
        + (",\n  and the mean over the false ones" if false else "")
    )
    print(
        f"  {'adjust':<16}{'family-wise error [95 %]':>26}"
        + "".join(f"{c:>{w}}" for c, w in zip(columns, widths))
    )
    for adjust in lab.adjusts:
        fwer, rates = lab.fwer[adjust], lab.rejection_rates[adjust]
        shown = [r.estimate for r, t in zip(rates, lab.true_null) if t]
        if false:
            wrong = [r.estimate for r, t in zip(rates, lab.true_null) if not t]
            shown.append(np.mean(wrong))
        error = f"{fwer.estimate:.2%} [{fwer.low:.2%}, {fwer.high:.2%}]"
        print(
            f"  {adjust:<16}{error:>26}"
            + "".join(f"{v:>{w}.3f}" for v, w in zip(shown, widths))
        )

labs = [
    posthoc_error_rates(
        "non-transitive", n_lab, "wilcoxon", ("holm", "shaffer"), n_reps=reps, seed=0
    )
    for n_lab, reps in ((30, 50_000), (100, 50_000), (300, 20_000))
]
print(textwrap.fill(labs[0].description, 74))
for lab in labs:
    show_lab(lab)

# %% [markdown]
# With 100 data sets per benchmark, Holm's procedure rejected a true hypothesis in 4.30 % of the
# simulated benchmarks (Monte Carlo interval 4.12 % to 4.48 %), within the promised 5 %;
# Shaffer's rejected one in 7.41 % (7.18 % to 7.64 %). The false "A = C" is rejected in most
# benchmarks; Shaffer's procedure then counts on at most one of "A = B" and "B = C" being true
# and tests each at the full 5 %, but both are true. The more data sets, the more often "A = C"
# is rejected and the larger the error: 6.47 % with 30 data sets, 9.92 % with 300. (Bergmann and
# Hommel's procedure is the same as Shaffer's for three algorithms.)
#
# With tests of one parameter per algorithm the logic is sound. In "two-pairs" four learners
# form two pairs of equal ones (normal scores, 30 data sets), and the pairs are compared by paired
# t-tests on the mean scores:

# %%
show_lab(
    posthoc_error_rates(
        "two-pairs", 30, "ttest", ("holm", "shaffer", "bergmann-hommel"), seed=0
    )
)

# %% [markdown]
# All three procedures keep the promise, as theory says they must: 3.94 % for Holm, 4.14 % for
# Shaffer and 5.00 % for Bergmann and Hommel (Monte Carlo interval 4.59 % to 5.44 %: at the
# nominal 5 %, within the simulation's error), and each step up in error buys power: the false hypotheses are rejected in 88.6 %, 89.7 % and
# 92.9 % of the benchmarks on average.
#
# ### Mean-rank tests: a promise under the complete null
#
# Nemenyi's and Bonferroni-Dunn's critical differences use the standard error of a gap in average
# rank when all learners are exchangeable (every ordering equally likely on every data set). In the configuration "always-middle", A and B take the
# first and the last place at random on each data set and C is always second: all three have the
# same mean score and the same expected rank, so every pairwise hypothesis is true, but C is not
# exchangeable with A and B.

# %%
middle = {
    "Nemenyi": posthoc_error_rates(
        "always-middle", 40, "nemenyi", "studentized-range", seed=0
    ),
    "Bonferroni-Dunn, control A": posthoc_error_rates(
        "always-middle", 40, "nemenyi", "bonferroni", control="A", seed=0
    ),
    "Wilcoxon, Holm": posthoc_error_rates(
        "always-middle", 40, "wilcoxon", "holm", seed=0
    ),
}
print(f"{'always-middle, N = 40':<28}{'A = B rejected':>16}{'family-wise error':>29}")
for label, result in middle.items():
    adjust = result.adjusts[0]
    fwer, a_b = result.fwer[adjust], result.rejection_rates[adjust][0]
    print(
        f"{label:<28}{a_b.estimate:>16.2%}"
        f"{fwer.estimate:>12.2%} [{fwer.low:.2%}, {fwer.high:.2%}]"
    )

# %% [markdown]
# Nemenyi's and Bonferroni-Dunn's tests declare the truly equal A and B different in 8.42 % of
# the simulated benchmarks, at a nominal 5 %; pairwise Wilcoxon tests with Holm's adjustment
# stay below 5 % (3.66 %). The rate of the mean-rank tests can be computed exactly. On every data
# set $r_A - r_B$ is $+2$ or $-2$, so its variance is 4, where the critical difference assumes
# $k(k+1)/6 = 2$. The gap in average rank depends only on the number w of data sets that A wins,
# a binomial count, so each test rejects for the same values of w on every benchmark of 40 data
# sets; adding up their binomial probabilities gives the exact family-wise error:

# %%
n_mid = 40
reject = {"Nemenyi": [], "Bonferroni-Dunn": [], "Friedman": []}
for w in range(n_mid + 1):  # A wins w data sets, B the others; C always in the middle
    table = np.where(np.arange(n_mid)[:, None] < w, [1.0, 0.0, 0.5], [0.0, 1.0, 0.5])
    reject["Nemenyi"].append(bool(nemenyi(table).significant.any()))
    reject["Bonferroni-Dunn"].append(bool(bonferroni_dunn(table, 0).significant.any()))
    reject["Friedman"].append(friedman(table).pvalue <= 0.05)
weights = stats.binom.pmf(np.arange(n_mid + 1), n_mid, 0.5)
for test, rejected in reject.items():
    wins = [w for w in range(n_mid + 1) if rejected[w]]
    low_end = max(w for w in wins if w < n_mid / 2)
    assert wins == [w for w in range(n_mid + 1) if min(w, n_mid - w) <= low_end]
    print(
        f"{test:<16} rejects when A wins at most {low_end} or at least "
        f"{n_mid - low_end} of {n_mid}:\n{'':<17}"
        f"probability {weights[rejected].sum():.2%}"
    )
for test in ("nemenyi", "bonferroni-dunn"):  # many data sets: |Z| >= q_alpha / sqrt(2)
    limit = 2 * stats.norm.sf(critical_value(3, 0.05, test) / np.sqrt(2))
    print(f"{test}: family-wise error for many data sets {limit:.2%}")

# %% [markdown]
# The exact error at N = 40 is 8.07 %, and the simulation's 8.42 % (interval 7.89 % to 8.98 %)
# agrees with it. With more data sets the normal approximation takes over, and the error tends
# to 9.75 % for Nemenyi's test and 11.30 % for Bonferroni-Dunn's. Friedman's test rejects on
# exactly the same tables: its $H_0$, that every ordering of A, B and C is equally likely, is
# false here, so it rejects rightly, and waiting for a Friedman rejection does not protect the
# post-hoc test. The post-hoc guarantee of a mean-rank test holds under the complete null, when
# all learners are exchangeable; the guarantee of Holm's adjustment of valid pairwise p-values
# holds whichever learners are equal.

# %% [markdown]
# ## Comparing with a control: Holm's procedure and Bonferroni-Dunn
#
# Often the question is narrower: is each learner better than the **featureless baseline**? Or:
# is my new method better than each existing one? Then only the k - 1 comparisons with the
# control matter. The control must be chosen before looking at the results; picking the best
# learner after the fact and testing against it is a data-dependent choice that no correction
# covers.
#
# The procedure the course recommends is the all-pairs one, restricted to the control: a
# Wilcoxon signed-rank test of each learner against the control on their two columns of errors,
# and Holm's adjustment of the k - 1 = 5 p-values (`control_comparisons`). $H_0$ for learner i,
# in words: the difference between learner i's error and the control's is distributed
# symmetrically about zero on every task. Holm's step-down procedure sorts the p-values, compares
# the smallest with $\alpha/(k-1)$, the next with $\alpha/(k-2)$ and so on, and stops at the
# first that is not rejected; it rejects everything Bonferroni's correction rejects, and
# sometimes more.

# %%
control = names.index("featureless")
versus = control_comparisons(
    errors, control, test="wilcoxon", adjust="holm", names=names, higher_is_better=False
)
print(f"Wilcoxon signed-rank tests against {names[control]}, Holm's adjustment")
print(f"{'learner':>10}{'median gain':>13}{'wins/ties':>11}{'raw p':>11}{'Holm p':>11}")
for idx, other in enumerate(versus.others):
    wins = int(np.sum(errors[:, other] < errors[:, control]))
    ties = int(np.sum(errors[:, other] == errors[:, control]))
    print(
        f"{names[other]:>10}{-versus.effect[idx]:>13.3f}{f'{wins}/{ties}':>11}"
        f"{versus.raw_pvalues[idx]:>11.3g}{versus.pvalues[idx]:>11.3g}"
    )

# %% [markdown]
# "median gain" is the median over the 16 tasks of the baseline's error minus the learner's.
# Every learner beats the featureless baseline: four of them on all 16 tasks, cv_glmnet on 14
# with 2 ties and no loss. The median gains in error run from 0.231 (cv_glmnet) to 0.370
# (ranger), and every Holm-adjusted p-value is 0.000153: strong evidence that each of the five
# learners is better than the baseline on tasks like these.
#
# **The mean-rank version: Bonferroni-Dunn.** Demšar's procedure for a control compares average
# ranks instead. $H_0$ for learner i in words: learner i and the control have the same expected
# average rank. The statistic
#
# $$z_i = \frac{R_i - R_{\text{control}}}{\sqrt{k(k+1)/(6N)}}$$
#
# is compared with the standard normal. The **Bonferroni-Dunn** test multiplies each two-sided
# p-value by k - 1, which is the same as requiring $|R_i - R_\text{control}| \ge CD$ with
# $q_\alpha = z_{1-\alpha/(2(k-1))}$. It is more powerful than Nemenyi's test because the family
# now holds k - 1 = 5 hypotheses instead of $k(k-1)/2 = 15$, so protecting it costs less: the
# critical value for k = 6 is 2.576 instead of 2.850, and the CD shrinks accordingly.

# %%
cd_nemenyi = critical_difference(k, n_sets, 0.05, "nemenyi")
cd_bd = critical_difference(k, n_sets, 0.05, "bonferroni-dunn")
print(
    f"q_alpha: Nemenyi {critical_value(k, 0.05):.3f}, Bonferroni-Dunn "
    f"{critical_value(k, 0.05, 'bonferroni-dunn'):.3f}"
)
print(f"CD:      Nemenyi {cd_nemenyi:.3f}, Bonferroni-Dunn {cd_bd:.3f}")

# %% [markdown]
# Holm's procedure runs on these z-test p-values too ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)):
# `bonferroni_dunn(..., adjust="holm")` returns the same result object with Holm-adjusted
# p-values (computed by `adjust_pvalues`), and its `procedure` says that Holm's procedure ran,
# not Bonferroni-Dunn's.

# %%
bd = bonferroni_dunn(errors, control, higher_is_better=False, adjust="bonferroni")
holm_ranks = bonferroni_dunn(errors, control, higher_is_better=False, adjust="holm")
print(f"control: {names[control]} (average rank {bd.mean_ranks[control]:.3f})")
print(textwrap.fill(f"Holm p: {holm_ranks.procedure}", 74, break_on_hyphens=False))
print(
    f"{'learner':>10}{'gap':>6}{'gap +- CD_BD':>16}{'z':>7}{'raw p':>9}"
    f"{'B-D p':>9}{'Holm p':>9}{'Nemenyi':>8}"
)
for idx, other in enumerate(bd.others):
    gap = bd.mean_ranks[control] - bd.mean_ranks[other]  # better than the baseline
    print(
        f"{names[other]:>10}{gap:>6.2f}  [{gap - bd.cd:5.2f}, {gap + bd.cd:4.2f}]"
        f"{bd.z[idx]:>7.2f}{bd.raw_pvalues[idx]:>9.3g}{bd.pvalues[idx]:>9.3g}"
        f"{holm_ranks.pvalues[idx]:>9.3g}{nem.pvalues[control, other]:>8.2g}"
    )
np.testing.assert_allclose(
    holm_ranks.pvalues, adjust_pvalues(bd.raw_pvalues, method="holm")
)

# %% [markdown]
# Negative z means the learner ranks better than the baseline; B-D p is Bonferroni-Dunn's
# adjusted p-value. In words, at the 5 % level:
#
# - **ranger, svm, kknn and rpart** (adjusted p-values between $3 \times 10^{-10}$ and 0.004,
#   whichever of the three adjustments): strong evidence that each ranks better than the
#   featureless baseline, by 2.4 to 4.3 ranks (the intervals, gap $\pm$ the Bonferroni-Dunn CD of
#   1.70, are approximate and simultaneous for the five comparisons).
# - **cv_glmnet** ranks 1.69 better than the baseline, with an interval from just below 0 to 3.4
#   ranks. Its raw p-value is 0.011. Bonferroni multiplies it by 5 (adjusted p = 0.054): not
#   significant at the 5 % level. Holm compares it last, after the four smaller p-values were
#   rejected, with 0.05 itself (adjusted p = 0.011): evidence that cv_glmnet ranks better than the
#   baseline. Nemenyi's all-pairs test, paying for fifteen comparisons, gives 0.11: not
#   significant. (An adjusted p-value is the smallest family-wise level at which the comparison
#   would be rejected, a bound, not the probability of an outcome.)
#
# Same data, the same nominal family-wise error rate of 5 %, and four answers for cv_glmnet,
# from "not significant" (0.11) to "clearly better" (0.000153). The fewer and the more cleverly
# ordered the comparisons, the more power; and the mean-rank tests answer a different question.
# cv_glmnet's average rank says where it falls among *all six* learners, mostly behind the four
# others, which has nothing to do with the baseline; the Wilcoxon test looks only at the two
# columns the question is about. Two more reasons to prefer it: a mean-rank p-value depends on the
# other learners in the pool, and Bonferroni-Dunn's test (with Bonferroni's or Holm's adjustment)
# controls the family-wise error only when all learners are exchangeable: in the always-middle lab
# above it declares the equal A and B different in 8.07 % of benchmarks of 40 data sets.
#
# The CD diagram for the control shows the Bonferroni-Dunn interval: control rank $\pm$ CD.
# Learners outside it differ significantly from the control by that test. (Holm's decisions have
# no single CD, so no diagram shows them.)

# %% mystnb={"figure": {"caption": "Critical-difference diagram of the Bonferroni-Dunn test with the featureless baseline as control (alpha = 0.05, CD = 1.704); the red interval reaches one CD from the control's average rank. ranger, svm, kknn and rpart lie outside it and rank significantly better than the baseline; cv_glmnet, 1.69 ranks away, falls just inside.", "name": "fig-many-algorithms-many-datasets-cd-control"}, "image": {"alt": "Critical-difference diagram with a horizontal average-rank axis from 1 to 6 and a bar labelled CD = 1.70 above it. The learners hang from the axis by lines to their names: ranger 1.59, svm 2.19 and kknn 3.50 on the left; rpart 3.53, cv_glmnet 4.25 and featureless 5.94, printed in bold as the control, on the right. A thick red line runs from the control's rank leftwards by one CD, ending just short of cv_glmnet's rank 4.25, so cv_glmnet lies inside the interval and the other four learners outside."}} tags=["hide-input"]
ax = plot_critical_difference(
    bd.mean_ranks,
    names,
    bd.cd,
    control="featureless",
    title="Bonferroni-Dunn, control = featureless, alpha = 0.05",
)
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 6.3.** Critical-difference diagram of the Bonferroni-Dunn test with the featureless baseline as control (alpha = 0.05, CD = 1.704); the red interval reaches one CD from the control's average rank. ranger, svm, kknn and rpart lie outside it and rank significantly better than the baseline; cv_glmnet, 1.69 ranks away, falls just inside.

# %% [markdown]
# ## Interactive: how the CD shrinks with more data sets
#
# The critical difference falls like $1/\sqrt N$: four times as many data sets halve it. Move the
# slider to use only the first N tasks (in a fixed random order, so adding tasks never removes
# one) and watch the groups break apart, or change $\alpha$.

# %%
for n in (4, 8, 16, 64):
    print(
        f"N = {n:>2}: Nemenyi CD = {critical_difference(6, n):.3f}, Bonferroni-Dunn CD "
        "= "
        f"{critical_difference(6, n, test='bonferroni-dunn'):.3f}"
    )
small = cd_subsample(errors, 6, alpha=0.05, higher_is_better=False, seed=0)
print("first 6 tasks of the widget's order:")
print("  " + ", ".join(bench.datasets[i] for i in small.rows))
print(
    f"  Friedman p = {small.friedman_pvalue:.3g} ({small.friedman_method}), "
    f"CD = {small.cd:.3f}"
)
print("  groups not significantly different:")
for clique in small.cliques:
    print("    " + ", ".join(names[i] for i in clique))
ranks_text = ", ".join(f"{names[i]} {r:.2f}" for i, r in enumerate(small.mean_ranks))
print(textwrap.fill(f"  average ranks: {ranks_text}", 74, subsequent_indent="    "))

# %% [markdown]
# On these six tasks the CD is 3.08 instead of 1.885. Friedman's test still rejects
# (p = 0.00136 from chi-squared, the default where six data sets of six learners are too many
# to enumerate), but the Nemenyi test separates only ranger and svm from the featureless
# baseline, which they beat by 3.92 and 4.00 ranks; every other pair shares a group. Here the
# two kinds of test tell different stories, as they may: Friedman's
# test pools the evidence of all six learners, Nemenyi's must find it in a single pair. Few data
# sets can detect only large differences.

# %% tags=["nbval-ignore-output"]
cd_explorer(errors, names, higher_is_better=False, seed=0)

# %% [markdown]
# ## How many data sets do I need?
#
# The widget shows the CD shrinking; planning turns it around: how many data sets must a
# benchmark have for the Nemenyi test to separate, with power 0.8, two algorithms whose expected
# average ranks differ by $\delta$? The observed gap scatters around $\delta$ with standard error
# $\sqrt{k(k+1)/(6N)}$, and it must clear the CD, so (exercise 2 derives it)
#
# $$
# N \ge \frac{(q_\alpha + z_{\text{power}})^2\, k(k+1)}{6\,\delta^2}.
# $$
#
# `nemenyi_n_datasets` computes it:

# %%
print(" k  rank gap  data sets for power 0.8")
for k_plan, gap in ((4, 1.0), (6, 1.0), (6, 2.0), (10, 1.0), (10, 2.0)):
    print(f"{k_plan:>2}  {gap:>8}  {nemenyi_n_datasets(k_plan, gap).n_datasets:>23}")
detectable = (critical_value(6, 0.05) + stats.norm.ppf(0.8)) * np.sqrt(6 * 7 / (6 * 16))
print(f"k = 6 on 16 data sets: power 0.8 for a rank gap of {detectable:.2f}")

# %% [markdown]
# Separating two of six algorithms whose average ranks truly differ by one place takes 96 data
# sets; source 001's 16 tasks are enough only for gaps of about 2.4 ranks (a simulation in the
# tests of `nemenyi_n_datasets` confirms the power). With ten algorithms, each extra learner in
# the pool costs power: 295 data sets for the same one-place gap. Plan the benchmark, and read a
# non-significant pair on a small one as "not measured", not as "equal".

# %% [markdown]
# ## A live benchmark
#
# Now a benchmark of our own: five scikit-learn classifiers on 14 data sets (iris, wine, breast
# cancer, three two-digit subsets of the digits, and eight synthetic problems from
# `make_classification` with different sizes, separations and label noise); one decision stump
# (a tree of depth 1) is included as a weak reference. `run_benchmark` builds the table of scores
# the tests take. Each accuracy is the mean over two repetitions of stratified 5-fold
# cross-validation (2 x 5 = 10 folds), small enough to run in a few seconds; a study of your own
# would keep the runner's default of 10 x 10. Accuracy: higher is better.

# %%
datasets = {
    "iris": load_iris(return_X_y=True),
    "wine": load_wine(return_X_y=True),
    "breast cancer": load_breast_cancer(return_X_y=True),
}
X_digits, y_digits = load_digits(return_X_y=True)
for a, b in ((3, 8), (1, 7), (4, 9)):
    keep = (y_digits == a) | (y_digits == b)
    datasets[f"digits {a} vs {b}"] = (X_digits[keep], (y_digits[keep] == a).astype(int))
# eight synthetic problems: (features, informative ones, class separation, label noise)
settings = [
    (10, 4, 1.0, 0.01),
    (20, 5, 0.8, 0.05),
    (5, 3, 1.5, 0.0),
    (30, 10, 0.6, 0.02),
    (8, 2, 1.0, 0.1),
    (15, 8, 0.5, 0.03),
    (12, 6, 1.2, 0.05),
    (6, 4, 0.7, 0.0),
]
for i, (n_features, n_informative, separation, noise) in enumerate(settings):
    datasets[f"synthetic {i + 1}"] = make_classification(
        n_samples=300,
        n_features=n_features,
        n_informative=n_informative,
        n_redundant=0,
        class_sep=separation,
        flip_y=noise,
        random_state=i,
    )
classifiers = {
    "logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
    "naive Bayes": GaussianNB(),
    "tree": DecisionTreeClassifier(random_state=0),
    "k-NN": make_pipeline(StandardScaler(), KNeighborsClassifier(algorithm="brute")),
    "stump": DecisionTreeClassifier(max_depth=1, random_state=0),
}
live = run_benchmark(classifiers, datasets, cv=(2, 5), seed=0, progress=False)
accuracy = live.mean_scores  # 14 data sets x 5 classifiers: the mean of the 10 folds
live_names = list(live.algorithms)
first_line, table = str(live).split("\n", 1)
print(textwrap.fill(first_line, 74))
print(table)
print(f"{live.records.size} fold scores in live.records, {live.n_failed} failed fits")

# %% [markdown]
# The runner fits a fresh copy of every classifier on the same folds of a data set, and those
# folds follow from the seed and the data set's name only: a classifier added to the study later
# gets the very same folds, so the comparison stays paired within each data set. Now the whole
# procedure: Friedman's test, then the all-pairs procedure this chapter recommends
# (`live.pairwise()`: Wilcoxon's signed-rank test on each pair, Holm's adjustment), with
# Nemenyi's test and its diagram beside it. $H_0$ of Friedman's test: the five classifiers are
# interchangeable on data sets like these (every ordering equally likely on each).

# %%
live_fr = live.friedman()  # friedman(accuracy, higher_is_better=True)
print(textwrap.fill(
    "average ranks: "
    + ", ".join(f"{name} {r:.3f}" for name, r in zip(live_names, live_fr.mean_ranks)),
    74, subsequent_indent="  "
))
print(
    f"chi2_F = {live_fr.statistic:.3f} (chi-squared p = {live_fr.chi2_pvalue:.2g}); "
    f"F_F = {live_fr.iman_davenport:.3f}, p = {live_fr.pvalue:.2g} ({live_fr.method})"
)
live_w = kendalls_w(rankdata(-accuracy, axis=1), tie_term(accuracy, axis=1))
print(
    f"Kendall's W = {live_w[0]:.3f}, "
    f"95 % bootstrap interval [{live_w[1]:.2f}, {live_w[2]:.2f}]"
)
live_holm = live.pairwise()  # Wilcoxon's test on each pair, Holm's adjustment
print(f"{'pair (better first)':<24}{'median gain':>12}{'raw p':>10}{'Holm p':>10}")
for row in live_holm.pairs():
    pair = " > ".join(row["pair"])
    print(
        f"{pair:<24}{row['effect']:>12.4f}{row['raw_pvalue']:>10.2g}"
        f"{row['pvalue']:>10.2g}" + ("  *" if row["significant"] else "")
    )

# %% mystnb={"figure": {"caption": "Critical-difference diagrams for five classifiers on the 14 data sets of this chapter (2 x 5 cross-validation by run_benchmark) at the 5 % family-wise level: pairwise Wilcoxon tests with Holm's adjustment (top) and Nemenyi's test (bottom, CD = 1.63). Holm's procedure separates logistic regression, naive Bayes and k-NN from the decision stump, Nemenyi's test only logistic regression and k-NN. Learners joined by a thick line: no evidence of a difference.", "name": "fig-many-algorithms-many-datasets-cd-live"}, "image": {"alt": "Two critical-difference diagrams on the same average-rank axis from 1 to 5: logistic 2.07, k-NN 2.18 and naive Bayes 3.14 on the left; tree 3.25 and stump 4.36 on the right. The top one (pairwise Wilcoxon, Holm) has no CD bar and two thick lines: logistic, k-NN, naive Bayes and tree; tree and stump. The bottom one (Nemenyi) has a bar labelled CD = 1.63 and two thick lines: logistic, k-NN, naive Bayes and tree; naive Bayes, tree and stump."}}
live_nem = live.nemenyi()  # nemenyi(accuracy, higher_is_better=True)
fig, axes = plt.subplots(2, 1, figsize=(7.0, 5.0))
plot_critical_difference(
    live_holm, ax=axes[0], title=f"{len(datasets)} data sets: pairwise Wilcoxon, Holm"
)
plot_critical_difference(
    live_nem.mean_ranks,
    live_names,
    live_nem.cd,
    ax=axes[1],
    title=f"{len(datasets)} data sets: Nemenyi, alpha = 0.05",
)
fig.tight_layout()
plt.show()
print(f"Nemenyi CD for k = 5 and N = {len(datasets)}: {live_nem.cd:.3f}")
for i, j in zip(*np.nonzero(np.triu(live_nem.significant, k=1))):
    gap = abs(live_nem.mean_ranks[i] - live_nem.mean_ranks[j])
    print(
        f"Nemenyi, significant: {live_names[i]} vs {live_names[j]}\n  "
        f"(p = {live_nem.pvalues[i, j]:.2g}; gap {gap:.2f}, "
        f"interval [{gap - live_nem.cd:.2f}, {gap + live_nem.cd:.2f}])"
    )
real = [live_names.index(name) for name in ("logistic", "naive Bayes", "tree", "k-NN")]
logistic_knn = abs(live_fr.mean_ranks[0] - live_fr.mean_ranks[live_names.index("k-NN")])
span = np.ptp(live_fr.mean_ranks[real])
print(
    f"the four real classifiers' average ranks span {span:.2f};\n"
    f"logistic and k-NN are {logistic_knn:.2f} apart"
)

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 6.4.** Critical-difference diagrams for five classifiers on the 14 data sets of this chapter (2 x 5 cross-validation by run_benchmark) at the 5 % family-wise level: pairwise Wilcoxon tests with Holm's adjustment (top) and Nemenyi's test (bottom, CD = 1.63). Holm's procedure separates logistic regression, naive Bayes and k-NN from the decision stump, Nemenyi's test only logistic regression and k-NN. Learners joined by a thick line: no evidence of a difference.

# %% [markdown]
# Friedman's test rejects $H_0$ (chi-squared approximation, the default beyond enumeration:
# p = 0.00056; Iman and Davenport's $F_F = 7.08$ would give a smaller p-value): if the five
# classifiers were interchangeable, average ranks this uneven would be very unlikely (the p-value
# is an approximation, far below 0.05). The agreement
# among the data sets is moderate: Kendall's $W = 0.35$, with a bootstrap interval from 0.14 to
# 0.67.
#
# Holm's pairwise Wilcoxon tests, the procedure this chapter recommends, find three significant
# pairs at the 5 % family-wise level: logistic regression (adjusted p = 0.0098), naive Bayes
# (0.014) and k-NN (0.03) are more accurate than the decision stump, by a median of 5.25, 3.83 and
# 6.83 points over the data sets. The tree's advantage over the stump (raw p = 0.0089) does not
# survive the adjustment (0.062): no evidence at the 5 % family-wise level, which does not mean
# that the tree is no better. Nemenyi's test finds two of the three: logistic regression
# (p = 0.0012) and k-NN (p = 0.0025) rank better than the decision stump, by 2.29 and 2.18 ranks
# (approximate simultaneous intervals 0.66 to 3.92 and 0.55 to 3.81).
#
# For the other pairs there is no evidence of a difference at the 5 % level. With 14 data sets
# Nemenyi's CD is 1.63 ranks, and the average ranks of the four real classifiers span only 1.18
# ranks. That is not evidence that they are equally good; a benchmark with more data sets could
# separate them. The eight synthetic problems were made up for this notebook and the real ones
# are small, so these conclusions speak about problems like these, not about classification in
# general.
#
# **One data set at a time.** The runner keeps every fold score, so the corrected repeated
# cross-validation t-test of chapter 4 runs on each data set directly. Logistic regression and
# k-NN, the two best-ranked classifiers, are 0.07 ranks apart. $H_0$ on one data set: the two have
# the same expected accuracy when trained on four fifths of data like these. Fourteen data sets
# make fourteen tests, so their p-values are adjusted with Holm's procedure.
#
# One caveat from chapter 4: nearest-neighbour learners are *unstable* (the model changes a lot
# when a few training examples change), and in chapter 4's lab the corrected repeated CV t
# rejected a true $H_0$ in 12.6 % of the data sets with 1-NN, at a nominal 5 %. For such learners
# chapter 4 recommends the conservative corrected t on a single k-fold cross-validation,
# `live.corrected_ttest("logistic", "k-NN", test="corrected_kfold")`: here the five folds of the
# first repetition, so with little power. The table shows both.

# %%
# one corrected repeated-CV t-test per data set, then Holm over the 14 of them
per_set = live.corrected_ttest("logistic", "k-NN")
holm_per_set = adjust_pvalues([res.pvalue for res in per_set.values()], method="holm")
with warnings.catch_warnings(record=True) as caught:  # printed below, with no path
    warnings.simplefilter("always")
    one_cv = live.corrected_ttest("logistic", "k-NN", test="corrected_kfold")
print("logistic - k-NN: the corrected repeated CV t on all 2 x 5 folds;")
print("last column: the corrected t on the first 5 folds only")
print("(conservative for unstable learners)")
print(
    f"{'data set':<16}{'diff':>9}  {'95 % interval':<16}{'p':>8}{'Holm p':>8}"
    f"{'5-fold p':>10}"
)
for (name, result), p_holm in zip(per_set.items(), holm_per_set):
    ci = result.confidence_interval
    print(
        f"{name:<16}{result.mean_difference:>+9.3f}  [{ci.low:+.3f}, {ci.high:+.3f}]"
        f"{result.pvalue:>8.2g}{p_holm:>8.2g}{one_cv[name].pvalue:>10.2g}"
    )
synthetic_1 = live.datasets.index("synthetic 1")
logistic, knn = live_names.index("logistic"), live_names.index("k-NN")
differences = live.scores[synthetic_1, logistic] - live.scores[synthetic_1, knn]
print("synthetic 1, the fold differences logistic - k-NN:")
for repetition, row in enumerate(differences, start=1):
    print(f"  repetition {repetition}: " + " ".join(f"{d:+.3f}" for d in row))
t_1 = per_set["synthetic 1"]
factor = abs(t_1.statistic) / stats.t.isf(0.025, t_1.df)
print(f"repeated CV t = {t_1.statistic:.2f} on {t_1.df} df, p = {t_1.pvalue:.2g}:")
print(f"  p would reach 0.05 only with a standard error {factor:.1f} times larger")
for warning in caught:
    print(textwrap.fill(f"Warning from the 5-fold test: {warning.message}", 74))

# %% [markdown]
# On synthetic 1 k-NN is more accurate by 9.8 points (95 % interval 6.0 to 13.7), with
# p = 0.0003 (Holm-adjusted 0.004): evidence at the 5 % level that on this data set k-NN is the
# better algorithm. The caveat does not overturn it: the p-value is far from 0.05 (the standard
# error would have to be 2.6 times larger to reach it), and all ten fold differences favour k-NN.
# The conservative test on five folds prints p = 0 here, and warns: this is *not* certainty. In
# the first repetition the five folds happen to give the same difference, -0.100 (6 of 60 test
# examples each), so their sample variance is 0 and the t statistic is infinite. Five numbers cannot
# estimate a spread well, least of all when they agree by chance; read such a p-value as the
# formula's limit, and trust the interval of all ten folds instead.
#
# On the thirteen other data sets neither test finds evidence of a difference at the 5 % level,
# and most intervals are wide (on the 300-example synthetic problems up to 19 points from end to
# end), so they cannot rule out differences that would matter. The two analyses answer different
# questions: the per-data-set tests ask about *this* data set (with 2 x 5 folds they have less
# power than with the 10 x 10 of chapter 4), the tests over data sets (Friedman's, Wilcoxon's,
# Nemenyi's) ask about the population of data sets the benchmark samples; neither answer carries
# over to the other.
#
# **A benchmark that needs hours.** The same call runs a larger grid on a cluster: every cell goes
# through joblib, so a dask.distributed cluster does the work unchanged, and with `store=` each
# finished cell is written to a SQLite file at once. If the run is interrupted (Ctrl-C, a crash, a
# killed job), calling `run_benchmark` again with the same arguments runs only the missing cells,
# and `load_benchmark` reads the store, finished or not, without refitting anything. Not executed
# here:
#
# ```python
# from dask.distributed import Client
# from joblib import parallel_config
#
# client = Client("tcp://scheduler:8786")  # your cluster's scheduler
# with parallel_config(backend="dask"):
#     grid = run_benchmark(
#         classifiers, datasets, cv=(10, 10), seed=0, store="chapter6-grid.sqlite"
#     )
#
# grid = load_benchmark("chapter6-grid.sqlite")  # later, in another session: no refitting
# grid.friedman(), grid.pairwise()
# ```

# %% [markdown]
# ## Guidelines
#
# - Use ranks, not average scores, to compare algorithms over data sets; report the average
#   ranks together with the raw table.
# - Run Friedman's test and read its `pvalue`: the exact permutation p-value where it can be
#   enumerated, the chi-squared approximation for larger designs (`method` says which); with few
#   data sets never read the F or chi-squared approximations alone. Report Kendall's W with it. The
#   post-hoc tests do not have to wait for a Friedman rejection: Holm-adjusted pairwise tests
#   control the family-wise error rate on their own whichever algorithms are equal, mean-rank
#   tests only when all of them are exchangeable, and a Friedman gate does not repair that. Report
#   both, and say so when they disagree.
# - To compare all pairs, run Wilcoxon's signed-rank test on each pair with Holm's adjustment
#   (`pairwise_comparisons`, or `result.pairwise()` on a `run_benchmark` result): a pair's p-value
#   depends on its two algorithms only. Nemenyi's test and the CD diagram are the classic choice,
#   but their p-values depend on the other algorithms in the pool, and their guarantee holds only
#   when all algorithms are exchangeable. The more powerful procedures of Shaffer and of Bergmann
#   and Hommel ([García and Herrera, 2008](https://jmlr.org/papers/v9/garcia08a.html)) apply to
#   tests with one parameter per algorithm (mean ranks, the t-test on means), not to Wilcoxon's.
#   The CD diagram can draw the groups of any of these procedures.
# - To compare with one control chosen in advance, run Wilcoxon's test of each algorithm against
#   the control with Holm's adjustment (`control_comparisons`). Bonferroni-Dunn's mean-rank test
#   is the classic choice, with the caveats of every mean-rank test (the pool, the complete
#   null); Holm's procedure on its p-values rejects everything it rejects, and sometimes more.
# - Report the effects next to the p-values: the median difference in score, with the
#   Hodges-Lehmann interval, for Wilcoxon's tests; the gap in average rank, with its interval,
#   for the mean-rank tests.
# - Say which variant you used (tie correction or not, which post-hoc test, $\alpha$): readers can
#   only check what they can reproduce, as the errata above show.
# - A test is a reassurance, not a verdict. It cannot weigh what matters besides predictive
#   performance (speed, interpretability, simplicity) and should not be the sole reason to
#   accept or reject a method ([Japkowicz and Shah, 2011](https://doi.org/10.1017/CBO9780511921803)).
# - The data sets should be a sample of the kind of problems you care about; the conclusions
#   extend to that population only.

# %% [markdown]
# ## The source's numbers, checked
#
# Source 001 prints the following for this benchmark. The course recomputes each one.

# %%
printed = bench.printed
rpart, ranger = names.index("rpart"), names.index("ranger")
rank_sums = ranks.sum(axis=0)
print(
    f"overall mean rank: {ranks.mean():.3f} "
    f"(source: {printed['overall_mean_rank']} and later 3.427)"
)
print(
    f"average rank of rpart:  {rank_sums[rpart]:.1f} / 16 = "
    f"{rank_sums[rpart] / 16:.2f} "
    f"(source: {printed['mean_rank_rpart']};\n  divided by 6 it would be "
    f"{rank_sums[rpart] / 6:.2f})"
)
print(
    f"average rank of ranger: {rank_sums[ranger]:.1f} / 16 = "
    f"{rank_sums[ranger] / 16:.2f} "
    f"(source: {printed['mean_rank_ranger']};\n  divided by 6 it would be "
    f"{rank_sums[ranger] / 6:.2f})"
)
print(
    f"difference: {(rank_sums[rpart] - rank_sums[ranger]) / 16:.4f} (source: "
    f"{printed['mean_rank_difference_rpart_ranger']})"
)
print(
    f"SS_total / SS_error as printed: {printed['ss_total']} / {printed['ss_error']} = "
    f"{printed['ss_total'] / printed['ss_error']:.2f} (source: "
    f"{printed['statistic_friedman']})"
)
print(
    f"0.95 quantile of chi2 with 5 df: {stats.chi2.ppf(0.95, 5):.4f} (source: "
    f"{printed['chi2_critical_5df']})"
)
q = critical_value(6, 0.05) * np.sqrt(2)
print(
    f"q_0.05(6, inf) = {q:.4f} (source: {printed['q_nemenyi_k6']}); "
    f"CD = {critical_difference(6, 16):.4f} (source: {printed['cd_nemenyi']})"
)
print(
    f"Bonferroni-Dunn level per comparison: 0.05 / (6 - 1) = {0.05 / 5:.2f} (source: "
    f"{printed['alpha_bonferroni_dunn']})"
)

# %% [markdown]
# What agrees: the printed ranks, the average ranks of rpart (3.53) and ranger (1.59), their
# difference (1.94), the critical difference (1.88, to two decimals) and the Bonferroni level
# 0.01. What does not:
#
# - **Overall mean rank.** The slides first compute it correctly as 3.5, then use 3.427 in both
#   sums of squares. Since every row of ranks sums to 21, the overall mean is always exactly
#   $(k+1)/2 = 3.5$; 3.427 is impossible. (Erratum `seed001-friedman-overall-mean-rank`.)
# - **Average ranks over 16 tasks divided by 6.** The slides write $\frac{1}{6}\sum_{m=1}^{16}$;
#   the average is over the M = 16 data sets, $\frac{1}{16}\sum_{m=1}^{16}$. With 1/6 the average
#   ranks would be 9.42 and 4.25, impossible for six algorithms. (Erratum
#   `seed001-friedman-mean-rank-divisor`.)
# - **The statistic.** The printed parts give $187.281 / 3.481 = 53.80$, not the printed 52.872,
#   so the three numbers cannot all be right. The slides may have computed them from unrounded
#   errors, which are not published; from the published table, the tie-corrected $\chi^2_F$
#   (which is what $SS_{total}/SS_{error}$ with the correct mean 3.5 computes, see below) is
#   56.55. Every version is far above the critical value; the conclusion stands. (Erratum
#   `seed001-friedman-statistic`.)
# - **The chi-squared quantile** is 11.070, not 11.075; the decision is unchanged. (Erratum
#   `seed001-friedman-chi2-quantile`.)
# - **The studentized range quantile** for k = 6 at $\alpha = 0.05$ is 4.030, not 4.02. The CD
#   computed from the correct value, 1.885, still rounds to the printed 1.88. (Erratum
#   `seed001-nemenyi-q`.)
#
# The slides' sums of squares, taken around the correct overall mean 3.5, reproduce the
# tie-corrected Friedman statistic exactly:

# %%
overall = (k + 1) / 2
ss_total = n_sets * np.sum((ranks.mean(axis=0) - overall) ** 2)
ss_error = np.sum((ranks - overall) ** 2) / (n_sets * (k - 1))
print(
    f"SS_total = {ss_total:.3f}, SS_error = {ss_error:.4f}, ratio = "
    f"{ss_total / ss_error:.3f};\n"
    f"friedman(...).statistic = {corrected.statistic:.3f}"
)
for key in sorted(
    k_
    for k_ in ERRATA
    if k_.startswith("seed001-friedman") or k_ == "seed001-nemenyi-q"
):
    print(textwrap.fill(f"- {key}: {ERRATA[key].correct}", 74, subsequent_indent="  "))

# %% [markdown]
# ## Summary
#
# - Many algorithms on many data sets: rank them on each data set, then compare average ranks.
#   Averaging raw scores mixes incommensurable data sets; testing every pair separately inflates
#   the family-wise error.
# - Friedman's $\chi^2_F$ tests $H_0$: the algorithms are interchangeable (every ordering equally
#   likely on every data set). Correct it for ties (as
#   scipy and R do), or use Demšar's formula and say so. With few data sets both approximations
#   can be far off: Iman and Davenport's $F_F$, the ANOVA F of the ranks, is infinite whenever
#   every data set ranks the algorithms alike and rejects a true $H_0$ in 25.0 % of benchmarks
#   with two algorithms on three data sets; the chi-squared p-value is mostly conservative. The
#   exact p-value, enumerated, never rejects more often than the level; `friedman` uses it
#   wherever it can, and beyond it the chi-squared approximation, which errs on the safe side.
#   Kendall's W
#   (`friedman(...).kendalls_w`) measures the effect: 0.71 for source 001's benchmark.
# - For all pairs, test each pair on its own scores (Wilcoxon signed-rank) and adjust with
#   Holm's procedure: it controls the family-wise error rate whichever pairs are equal, and a
#   pair's p-value does not depend on the other algorithms; on source 001's benchmark it
#   separates 9 of the 15 pairs. Shaffer's and Bergmann and Hommel's procedures need one parameter
#   per algorithm; with Wilcoxon's tests they lose their error control (7.41 % at a nominal 5 %
#   in the lab with 100 data sets), so use them only on mean ranks (8 and 9 pairs here) or means.
#   Adjusted p-values are bounds, and each comes with its effect and interval.
# - The Nemenyi test compares all pairs with the critical difference
#   $CD = q_\alpha\sqrt{k(k+1)/(6N)}$ (8 of the 15 pairs here). It controls the family-wise error
#   on its own when all algorithms are exchangeable, with or without a Friedman rejection, but
#   not always when only some are equal (8.07 % at a nominal 5 % in the always-middle lab, with
#   40 data sets), and a pair's p-value depends on which other algorithms are in the pool (ranger
#   vs rpart: 0.040, 0.076 or 0.0048). The CD diagram shows any procedure's groups
#   (`plot_critical_difference(pairwise_comparisons(...))`); only Nemenyi's has a CD bar.
# - Comparing with a control needs only k - 1 tests: Wilcoxon's tests against the control with
#   Holm's adjustment (all five learners beat the featureless baseline). Bonferroni-Dunn's
#   mean-rank test, or better Holm's procedure on its p-values, is the classic choice, with the
#   caveats of Nemenyi's test (cv_glmnet: 0.054 and 0.011, against 0.000153 by Wilcoxon's test).
# - The CD shrinks like $1/\sqrt N$: benchmarks on few data sets detect only large differences,
#   and a CD just below a gap of interest gives only about even odds of detecting it. Plan the
#   number of data sets (`nemenyi_n_datasets`): 96 to separate a one-place gap among six
#   algorithms with power 0.8.
# - Source 001's analysis reaches the right conclusions, but five of its printed numbers are wrong
#   (overall mean rank, the divisor of the average ranks, the sums of squares and the statistic,
#   the chi-squared quantile, the studentized range quantile).

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** What does Friedman's test compare?
#
# <details class="quiz-answer">
# <summary>(a) The ranks of the algorithms' mean scores, computed once over all data sets pooled.</summary>
#
# **Not quite.** Ranking the averages mixes incommensurable scores first; one hard data set with large errors can decide the order.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) The average ranks of the algorithms, ranked within each data set.</summary>
#
# **Right.** Under H0 every ordering of the algorithms is equally likely on every data set, so their expected average ranks are equal. Kendall's W measures how far the data sets agree on one order.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Every pair of algorithms, one at a time.</summary>
#
# **Not quite.** That is the job of the post-hoc tests; Friedman's is one omnibus test of "no difference at all".
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The mean accuracies of the algorithms over the data sets.</summary>
#
# **Not quite.** That would be a repeated-measures ANOVA on scores of different data sets, which are not commensurable and need not be normal.
#
# </details>
#
# **Question 2.** On source 001's 16 tasks, Nemenyi's p-value for ranger against rpart is 0.040 with all six learners. The kknn learner is dropped from the study, and nothing else changes. What is the p-value now?
#
# <details class="quiz-answer">
# <summary>(a) Still 0.040: the two columns of errors of ranger and rpart are the same.</summary>
#
# **Not quite.** Average ranks are ranks among the learners in the study. Without kknn, rpart moves up on many tasks and the gap shrinks from 1.94 to 1.44 ranks.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) 0.0048: with fewer learners the critical difference is smaller, so the pair is easier to separate.</summary>
#
# **Not quite.** 0.0048 is the p-value without the featureless baseline, which is last everywhere: removing it changes no other rank. Removing kknn changes the ranks of both.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) 0.076: no longer significant at the 5 % level, although ranger's and rpart's errors did not change.</summary>
#
# **Right.** The gap is now 1.44 ranks against a critical difference of 1.525. Nothing about ranger and rpart changed, only the company they keep; a test of the pair on its own data, Wilcoxon's (p = 0.00012), does not depend on the pool.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) 0.00012, the Wilcoxon p-value, since Nemenyi's test ranks the pair alone.</summary>
#
# **Not quite.** Nemenyi's test uses the average ranks among all learners in the study; Wilcoxon's test of the two columns is the one that ignores the pool.
#
# </details>
#
# **Question 3.** You compare all 15 pairs of six learners over 16 data sets with pairwise Wilcoxon signed-rank tests. Which adjustment of the 15 p-values controls the family-wise error rate?
#
# <details class="quiz-answer">
# <summary>(a) Holm's procedure.</summary>
#
# **Right.** Holm's step-down procedure controls the family-wise error rate in the strong sense for valid p-values under any dependence; on source 001's benchmark it separates 9 of the 15 pairs, Nemenyi's test 8.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Shaffer's procedure, which uses the logic of the pairs (if A equals B and B equals C, then A equals C).</summary>
#
# **Not quite.** That logic holds for one parameter per algorithm (mean ranks, mean scores), not for Wilcoxon's null "the differences are symmetric about 0": in chapter 6's lab, with 100 data sets, Shaffer's procedure on Wilcoxon tests rejected a true hypothesis in 7.4 % of the benchmarks at nominal 5 %. The library refuses the combination.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) None: each Wilcoxon test is exact, so its p-value is valid as it is.</summary>
#
# **Not quite.** Each p-value is valid alone, but fifteen tests at 5 % make a false "significant" pair likely: in chapter 6's simulation, fifteen unadjusted rank tests found one in 37 % of benchmarks where nothing differs.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The Bonferroni-Dunn correction, which divides alpha by k - 1 = 5.</summary>
#
# **Not quite.** Bonferroni-Dunn is for k - 1 comparisons with one control; 15 pairs need an adjustment for 15 tests.
#
# </details>
#
# **Question 4.** On a critical-difference diagram of Nemenyi's test, ranger and svm are joined by a thick line, and so are svm and rpart, but ranger and rpart are not. How do you read it?
#
# <details class="quiz-answer">
# <summary>(a) Ranger and svm are equally good.</summary>
#
# **Not quite.** No evidence of a difference is not evidence of equality, least of all with 16 data sets.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Each line is a cluster of equally good algorithms, and every algorithm outside a line differs from every one inside.</summary>
#
# **Not quite.** Lines overlap: svm shares one with ranger and another with rpart. Read the diagram pair by pair.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) No evidence that ranger differs from svm, nor svm from rpart; evidence that ranger and rpart differ.</summary>
#
# **Right.** A line joins algorithms whose average ranks differ by less than the critical difference. "Not significantly different" is not transitive, so the groups can overlap.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The diagram contradicts itself: if ranger equals svm and svm equals rpart, ranger must equal rpart.</summary>
#
# **Not quite.** A line means "no evidence of a difference", not "equal", and absence of evidence does not chain.
#
# </details>
#
# **Question 5.** You only want to know which of five learners beat a featureless baseline chosen in advance. What does chapter 6 recommend?
#
# <details class="quiz-answer">
# <summary>(a) The Bonferroni-Dunn test on average ranks: it multiplies each of the five p-values by five.</summary>
#
# **Not quite.** The classic choice, but weaker: cv_glmnet is fifth on half the tasks, just ahead of the baseline and behind the other four, so it ranks only 1.69 places better and gets 0.054, not significant. A mean-rank p-value depends on the whole pool.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Nemenyi's test on all 15 pairs, then read off the five pairs with the baseline.</summary>
#
# **Not quite.** It pays for 15 comparisons to answer 5: cv_glmnet against the baseline gets 0.11, not significant.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The five comparisons with the baseline, without adjustment, since there are only five.</summary>
#
# **Not quite.** Five tests are still a family: unadjusted, the chance of a false "better than the baseline" grows with each one.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Wilcoxon tests of each learner against the baseline, adjusted by Holm's procedure.</summary>
#
# **Right.** Five hypotheses instead of fifteen, each tested on the two learners' own errors: every learner beats the baseline (Holm-adjusted p = 0.00015 each), cv_glmnet included, which wins on 14 tasks and ties on 2. Unlike a mean-rank test, such a comparison does not depend on the other learners in the pool.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** Using source 001's table, compare every learner with **ranger** as the control:
# by Wilcoxon tests with Holm's adjustment, and by the mean-rank tests with Bonferroni-Dunn's and
# with Holm's adjustment. Which learners are significantly worse than ranger? Why is choosing
# ranger as the control *after* seeing that it ranks best a problem? Store, for each procedure,
# the set of learners significantly worse than ranger at the 5 % level in a dict `ex1_worse`
# with the keys `"wilcoxon"`, `"bonferroni-dunn"` and `"holm"`.
#
# **Exercise 2.** How many data sets would a benchmark of k = 6 algorithms need for the CD of the
# Nemenyi test to fall below 1? Would such a benchmark reliably detect two algorithms whose
# expected average ranks differ by 1? How many data sets give 80 % power for that, by the normal
# approximation of the gap between two average ranks (as `nemenyi_n_datasets` computes it)? And
# with k = 10? Store the numbers of data sets in two dicts keyed by k: `ex2_n_cd` (the CD
# below 1) and `ex2_n_power` (80 % power).
#
# **Exercise 3.** Show that with k = 2 algorithms the Nemenyi and the Bonferroni-Dunn critical
# values are both $z_{1-\alpha/2}$, and explain why. Store the two critical values, Nemenyi's
# first, in a tuple `ex3_critical_values`.
#
# **Exercise 4.** Construct a small table (5 data sets, 3 algorithms) on which the tie-corrected
# and the uncorrected Friedman statistic lead to different decisions at $\alpha = 0.05$ with the
# chi-squared p-value. Which decision does the exact p-value give (`friedman`'s default for this
# design), and why does it not depend on the tie correction? Store the table in `ex4_table` and
# whether the exact p-value rejects $H_0$ (True or False) in `ex4_exact_rejects`.

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 1</summary>
#
# With ranger as control, all three procedures find featureless, cv_glmnet, rpart and kknn
# significantly worse (by 4.34, 2.66, 1.94 and 1.91 ranks; median errors higher by 0.370,
# 0.120, 0.065 and 0.030), and svm not: 0.59 ranks worse, raw p = 0.37 for the mean-rank z-test,
# a median difference of 0.005 and Holm-adjusted p = 0.19 for Wilcoxon's test. That is no
# evidence of a difference, which is not evidence that svm is as good. The control was chosen
# because it ranked best: the largest observed differences are then always with the control, and
# the Type I error of the k - 1 comparisons is no longer controlled. Fix the control before
# running the benchmark (a baseline, or the method the study proposes).
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
best = names.index("ranger")
by_wilcoxon = control_comparisons(errors, best, names=names, higher_is_better=False)
by_bd = bonferroni_dunn(errors, best, higher_is_better=False, adjust="bonferroni")
by_holm = bonferroni_dunn(errors, best, higher_is_better=False, adjust="holm")
print(f"{'':<12}{'mean-rank z-tests':^35}  {'Wilcoxon tests':^19}")
print(
    f"{'vs ranger':<12}{'rank gap':>9}{'raw p':>9}{'B-D p':>9}{'Holm p':>8}"
    f"{'median':>9}{'Holm p':>10}"
)
for idx, other in enumerate(by_bd.others):
    assert by_wilcoxon.others[idx] == other
    gap = by_bd.mean_ranks[other] - by_bd.mean_ranks[best]
    print(
        f"{names[other]:<12}{gap:>9.2f}{by_bd.raw_pvalues[idx]:>9.2g}"
        f"{by_bd.pvalues[idx]:>9.2g}{by_holm.pvalues[idx]:>8.2g}"
        f"{by_wilcoxon.effect[idx]:>9.3f}{by_wilcoxon.pvalues[idx]:>10.2g}"
    )
by_procedure = {"wilcoxon": by_wilcoxon, "bonferroni-dunn": by_bd, "holm": by_holm}
ex1_worse = {
    procedure: {names[o] for o, p in zip(result.others, result.pvalues) if p <= 0.05}
    for procedure, result in by_procedure.items()
}

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# Solve $q_\alpha\sqrt{k(k+1)/(6N)} < 1$ for N: $N > q_\alpha^2 k(k+1)/6$. For k = 6 this gives
# N = 57 data sets, for k = 10 N = 184. But a CD just below 1 is not enough to *detect* a true gap
# of 1: the observed gap scatters around 1 with standard error $SE = \sqrt{k(k+1)/(6N)}$, so it
# exceeds the CD only about half of the time (power about 50 %). For power $1 - \beta$ the gap
# must sit $z_{1-\beta}$ standard errors above the CD: $\delta \ge (q_\alpha + z_{1-\beta})\,SE$,
# that is $N \ge (q_\alpha + z_{0.8})^2 k(k+1)/(6\delta^2)$ = 96 data sets for k = 6 and 80 %
# power, and 295 for k = 10. The simulation below (one algorithm worse than five equal ones,
# shifted so that its expected average rank is exactly 1 above theirs) agrees within a few
# points: power 0.53 at N = 57 and 0.82 at N = 96. Benchmarks with a
# dozen data sets can only detect large differences in average rank.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
z_80 = stats.norm.ppf(0.8)
ex2_n_cd, ex2_n_power = {}, {}
for k_ in (6, 10):
    n_needed = int(np.floor(critical_value(k_, 0.05) ** 2 * k_ * (k_ + 1) / 6)) + 1
    n_power = int(np.ceil((critical_value(k_, 0.05) + z_80) ** 2 * k_ * (k_ + 1) / 6))
    ex2_n_cd[k_], ex2_n_power[k_] = n_needed, n_power
    print(
        f"k = {k_}: N = {n_needed} gives CD = {critical_difference(k_, n_needed):.4f}, "
        f"N = {n_needed - 1} gives CD = {critical_difference(k_, n_needed - 1):.4f}"
    )
    print(
        f"        80 % power needs N = {n_power} "
        f"(nemenyi_n_datasets: {nemenyi_n_datasets(k_, 1.0).n_datasets})"
    )
# simulated power for k = 6: the last algorithm's scores are shifted so that
# E[its rank] - E[others'] = 1
shift = np.sqrt(2) * stats.norm.ppf(
    2 / 3
)  # 1 + 5 Phi(a) - (3 + Phi(-a)) = 1  <=>  Phi(a) = 2/3
rng_power = np.random.default_rng(2)
for n_power in (57, 96):
    draws = rng_power.normal(size=(4000, n_power, 6))
    draws[..., 5] += shift
    mean_ranks_sim = rankdata(draws, axis=-1).mean(axis=1)
    gaps = mean_ranks_sim[:, 5] - mean_ranks_sim[:, 0]
    power = np.mean(np.abs(gaps) >= critical_difference(6, n_power))
    se = np.sqrt(6 * 7 / (6 * n_power))
    approximation = stats.norm.sf((critical_difference(6, n_power) - 1) / se)
    print(
        f"k = 6, N = {n_power}: mean simulated gap {gaps.mean():.3f};\n"
        f"  power {power:.3f} (4000 simulated benchmarks),"
    )
    print(f"  {approximation:.3f} by the normal approximation")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# With two algorithms there is one pair, which is also the one comparison with the control: no
# multiplicity to correct for. The range of two standard normals is $|Z_1 - Z_2| = \sqrt 2 |Z|$,
# so $q_{1-\alpha}(2, \infty)/\sqrt 2 = z_{1-\alpha/2}$; Bonferroni with k - 1 = 1 comparison is
# the plain two-sided normal test.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex3_critical_values = (
    critical_value(2, 0.05, "nemenyi"),
    critical_value(2, 0.05, "bonferroni-dunn"),
)
print(
    f"{ex3_critical_values[0]:.10f} {ex3_critical_values[1]:.10f} "
    f"{stats.norm.isf(0.025):.10f}"
)

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 4</summary>
#
# Many ties shrink the variance of the ranks, so the uncorrected statistic is too small. In the
# table below algorithm A is best on four data sets and the other two tie everywhere except on
# one data set; the corrected statistic crosses the 5 % critical value of chi-squared with 2
# degrees of freedom, 5.99, the uncorrected one does not.
#
# The exact p-value is the same for both, 0.0247, and rejects at the 5 % level. It compares the
# observed statistic with the statistics of all the rank tables that $H_0$ makes equally likely:
# the ranks of each data set permuted among the algorithms. A permutation keeps each data set's
# ties, so the correction factor C is the same for every table, and dividing every statistic by
# the same C changes no ordering, hence no p-value. The tie correction only repairs the
# chi-squared approximation.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex4_table = np.array(
    [
        [0.9, 0.8, 0.8],
        [0.9, 0.7, 0.7],
        [0.8, 0.6, 0.6],
        [0.9, 0.8, 0.8],
        [0.7, 0.8, 0.6],
    ]
)
critical = stats.chi2.isf(0.05, 2)
print(f"critical value of chi2 with 2 df at alpha = 0.05: {critical:.2f}")
for correction in (False, True):
    result = friedman(ex4_table, tie_correction=correction)
    print(
        f"tie_correction={correction}: chi2_F = {result.statistic:.3f},\n  "
        f"chi-squared p = {result.chi2_pvalue:.4f}, "
        f"{result.method} p = {result.pvalue:.4f}"
    )
ex4_exact_rejects = bool(friedman(ex4_table).pvalue <= 0.05)

# %% [markdown] tags=["references"]
# ## References
#
# - Benavoli, A., Corani, G. and Mangili, F. (2016). Should we really use post-hoc tests based on mean-ranks?. *Journal of Machine Learning Research*, 17(5), 1–10. <https://jmlr.org/papers/v17/benavoli16a.html>
# - Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets. *Journal of Machine Learning Research*, 7, 1–30. <https://jmlr.org/papers/v7/demsar06a.html>
# - García, S. and Herrera, F. (2008). An extension on “Statistical comparisons of classifiers over multiple data sets” for all pairwise comparisons. *Journal of Machine Learning Research*, 9, 2677–2694. <https://jmlr.org/papers/v9/garcia08a.html>
# - Iman, R. L. and Davenport, J. M. (1980). Approximations of the critical region of the Friedman statistic. *Communications in Statistics - Theory and Methods*, 9(6), 571–595.
# - Japkowicz, N. and Shah, M. (2011). Evaluating Learning Algorithms: A Classification Perspective. *Cambridge University Press*. <https://doi.org/10.1017/CBO9780511921803>
# - Kendall, M. G. and Babington Smith, B. (1939). The problem of $m$ rankings. *The Annals of Mathematical Statistics*, 10(3), 275–287.
