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
# # Two algorithms over many data sets: the Wilcoxon signed-rank and sign tests
#
# ## Overview
#
# The earlier chapters compared models on *one* data set. A paper that proposes a new learning
# algorithm makes a broader claim: "my algorithm is better than the old one *in general*", and
# it backs the claim with a benchmark, one score per algorithm on each of several data sets.
# The data sets are now the sample: each one is a single paired observation, and the question
# is whether the pattern of wins and losses across them would be likely if the two algorithms
# were equally good ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)).
#
# After this chapter you will be able to
#
# - explain why a paired t-test (or an average) over data sets is the wrong tool: scores of
#   different data sets are not commensurable, a few outliers dominate, and normality cannot
#   be checked on six numbers;
# - carry out the Wilcoxon signed-rank test by hand: rank |d|, sum the ranks by sign, and get
#   the exact p-value from all $2^n$ equally likely sign patterns, or its normal approximation;
# - treat a zero difference (a tie between the algorithms) as the library does by default,
#   with Pratt's convention, and say why; the other conventions are a detail for the curious;
# - report the effect next to the p-value: the Hodges-Lehmann estimate of the typical
#   difference with its confidence interval, the rank-biserial correlation, and for the sign test
#   the probability of a win with its exact interval;
# - plan how many data sets a comparison needs;
# - run the sign test, split ties as Demšar recommends, and see why it is so weak with few
#   data sets (and that the table of critical wins in Demšar's paper is one-sided);
# - check a published worked example, and say plainly what a p-value does and does not mean.
#
# **Prerequisites:** paired data and the paired t-test, the binomial distribution, what a
# p-value is (chapter 2).

# %% tags=["hide-input"]
import itertools
import textwrap

import matplotlib.pyplot as plt
import numpy as np
from scipy import stats

from lecture_lib import (
    errata,
    rankdata,
    sign_test,
    sign_test_critical_wins,
    signed_rank_null_distribution,
    wilcoxon_critical_value,
    wilcoxon_example,
    wilcoxon_n_datasets,
    wilcoxon_signed_rank,
    wilcoxon_steps,
)
from lecture_lib.examples import sign_test_critical_table
from lecture_lib.plots import plot_signed_rank_null
from lecture_lib.widgets import wilcoxon_explorer

ERRATA = {e.key: e for e in errata()}

# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 14 minutes): *The wrong way first: a paired t-test over data sets*; *The Wilcoxon
# signed-rank test, step by step*; *The sign test*; then the *Summary*. The other sections, in
# order, are what the classes teach, except the detail to come back to when you need it: *Source
# 001's slide, checked*.

# %% [markdown]
# ## The data: rpart and ranger on six tasks
#
# Source 001 (one of the five documents the course was built from: the slides of the Applied
# Machine Learning lecture, LMU Munich) has a scenario 2, "two algorithms on multiple data
# sets". It benchmarks a decision tree (`rpart`) and a random forest (`ranger`), both with
# default settings, on six OpenML classification tasks. Each score is a 3-fold
# cross-validated classification error, so *lower is better*. The fixture records where the
# numbers come from; they agree with the published source tables.

# %%
ex = wilcoxon_example("seed001_rpart_ranger_6tasks")
d = ex.differences  # rpart - ranger, rounded to the 4 printed decimals
print(textwrap.fill(ex.provenance, 74, break_on_hyphens=False))
print()
print(f"{'task':<18}{'rpart':>8}{'ranger':>8}{'d = rpart - ranger':>20}")
for name, e1, e2, di in zip(ex.datasets, ex.scores_1, ex.scores_2, d):
    print(f"{name:<18}{e1:>8.4f}{e2:>8.4f}{di:>+20.4f}")

# %% [markdown]
# ranger has the lower error on four tasks, rpart on one (pollen, by 0.0018), and on
# monks-problems-3 they tie exactly. Does this show that ranger is the better algorithm on
# tasks like these, or could six coin flips have produced it?

# %% [markdown]
# ## The wrong way first: a paired t-test over data sets
#
# The familiar reflex is a paired t-test on the six differences,
# $t = \bar d / (s_d / \sqrt{N})$ with $N - 1$ degrees of freedom. We compute it from the
# formula (and check against scipy's `ttest_rel`):

# %%
def paired_t(differences):
    n = differences.size
    t_value = differences.mean() / (differences.std(ddof=1) / np.sqrt(n))
    return t_value, 2 * stats.t.sf(abs(t_value), n - 1)


t_value, p_t = paired_t(d)
check = stats.ttest_rel(ex.scores_1, ex.scores_2)
half_width = stats.t.ppf(0.975, d.size - 1) * d.std(ddof=1) / np.sqrt(d.size)
print(f"mean difference = {d.mean():.4f}, 95 % t interval "
      f"[{d.mean() - half_width:.4f}, {d.mean() + half_width:.4f}],\n"
      f"t = {t_value:.3f}, p = {p_t:.4f}")
print(f"scipy.stats.ttest_rel agrees: {np.isclose(check.pvalue, p_t)}")

# %% [markdown]
# With p = 0.043 the t-test "finds" ranger significantly better at the 5 % level: rpart's error
# would be higher by 0.065 on average, with a 95 % interval from 0.003 to 0.128. Before
# believing any of it, look at what the test assumes ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)):
#
# 1. **Commensurability.** $\bar d$ averages error differences of *different* problems. A
#    difference of 0.14 on threeOf9 (error 15 % against 1 %) and 0.0018 on pollen (both near
#    50 %, a task nobody solves) are treated as the same currency. If we measure the
#    differences relative to the tasks' error levels instead, a choice just as defensible,
#    the conclusion changes.
# 2. **Normality.** With $N = 6$ the t-test needs normally distributed differences, and six
#    numbers are far too few to check that.
# 3. **Outliers.** One extreme data set inflates $s_d$ and can *reduce* the evidence.
#
# The next cell shows points 1 and 3: relative differences, and a version of the benchmark in
# which ranger does *even better* on threeOf9.

# %%
relative = d / ((ex.scores_1 + ex.scores_2) / 2)
print(f"relative differences: {np.round(relative, 3)}")
print(f"  t-test p = {paired_t(relative)[1]:.4f}   Wilcoxon exact p = "
      f"{wilcoxon_signed_rank(relative).pvalue:.4f}")
for better in (0.3, 0.6, 0.9):
    d_out = d.copy()
    d_out[ex.datasets.index("threeOf9")] = better  # ranger wins threeOf9 by even more
    print(f"threeOf9 difference {better:.1f}: t-test p = {paired_t(d_out)[1]:.4f}   "
          f"Wilcoxon exact p = {wilcoxon_signed_rank(d_out).pvalue:.4f}")

# %% [markdown]
# Rescaling the differences moves the t-test's p-value from 0.043 to 0.11, and the better
# ranger does on one task, the *less* significant the t-test finds the comparison (p rises
# to 0.24), because the outlier inflates the standard deviation more than the mean. The
# Wilcoxon test, introduced next, does not move: it uses only the signs of the differences
# and the order of their sizes, and neither changed.

# %% [markdown]
# ## The Wilcoxon signed-rank test, step by step
#
# **Hypotheses.** $H_0$: the differences $d_i$ are distributed symmetrically about zero, so on
# a data set drawn from the same population each algorithm is as likely to win as to lose, by
# margins of the same sizes. $H_1$ (two-sided): the distribution is shifted one way. Source 001
# phrases $H_0$ as "the algorithms have tied ranks in model performance"; ranks are a tool of
# the test, not the hypothesis (erratum `seed001-wilcoxon-hypothesis`).
#
# **Statistic** ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)). Rank the $|d_i|$ from smallest (rank 1) to largest, with
# mid-ranks for ties, and add the ranks of the positive and of the negative differences:
#
# $$
# R^+ = \sum_{d_i > 0} \mathrm{rank}(|d_i|), \qquad
# R^- = \sum_{d_i < 0} \mathrm{rank}(|d_i|), \qquad T = \min(R^+, R^-).
# $$
#
# Here $d = $ rpart $-$ ranger, so $R^+$ collects the tasks where rpart has the *higher*
# error. (Source 001 defines $R^+$ in words as the sum where algorithm 1 is better, and by its
# formula as the sum over $d_m > 0$; with an error these are opposite sums. Its printed
# $R^+ = 2$ follows the words. Two-sided tests do not care, one-sided tests do:
# erratum `seed001-wilcoxon-sign-convention`.)

# %%
steps = wilcoxon_steps(d, names=ex.datasets)  # zero_method="pratt", the default
print(f"{'task':<18}{'d':>9}{'|d|':>8}{'rank':>6}{'sign':>6}{'to R+':>7}{'to R-':>7}")
for row in steps["rows"]:
    print(
        f"{row['name']:<18}{row['d']:>+9.4f}{row['abs_d']:>8.4f}{row['rank']:>6g}"
        f"{row['sign']:>6}{row['to_r_plus']:>7g}{row['to_r_minus']:>7g}"
    )
print(
    f"R+ = {steps['r_plus']:g}, R- = {steps['r_minus']:g}, T = {steps['statistic']:g}"
)

# %% [markdown]
# The zero of monks-problems-3 has the smallest |d| and gets rank 1. A zero has no sign, so
# the default convention, Pratt's (Pratt, 1959), ranks it with the others and then leaves
# its rank out of both sums: $R^+ = 6 + 4 + 3 + 5 = 18$ and $R^- = 2$, which add up to
# $21 - 1 = 20$ (the six ranks add up to $6 \cdot 7 / 2 = 21$). Why this convention: see the
# section on zero differences below.
#
# **The exact null distribution.** Under $H_0$ the sizes $|d_i|$ are what they are, but each
# non-zero difference is as likely to be positive as negative. The five non-zero differences
# have $2^5 = 32$ equally likely sign patterns; listing them all gives the null distribution
# of $R^+$:

# %%
free_ranks = np.array([row["rank"] for row in steps["rows"] if row["sign"] != "0"])
fixed = sum(
    row["to_r_plus"] for row in steps["rows"] if row["sign"] == "0"
)  # 0 with Pratt's zeros
patterns = list(itertools.product((0, 1), repeat=free_ranks.size))
r_plus_all = np.array(
    [fixed + free_ranks[np.array(p, dtype=bool)].sum() for p in patterns]
)
centre = fixed + free_ranks.sum() / 2  # the null mean of R+ (10 here)
extreme = np.abs(r_plus_all - centre) >= abs(steps["r_plus"] - centre)
print(
    f"{len(patterns)} sign patterns; as or more extreme than R+ = "
    f"{steps['r_plus']:g}: {extreme.sum()}"
)
print(
    f"two-sided exact p-value = {extreme.sum()} / {len(patterns)} = "
    f"{extreme.mean():.4f}"
)
res_exact = wilcoxon_signed_rank(ex.scores_1, ex.scores_2, method="exact")
print(f"wilcoxon_signed_rank(..., method='exact').pvalue = {res_exact.pvalue:.4f}")

# %% [markdown]
# Only 4 of the 32 patterns are as lopsided as the one observed (all five non-zero
# differences in ranger's favour, or four of them with rpart winning only the smallest one,
# and the two mirror images). **Interpretation:** if rpart and ranger were equally good on
# such tasks, a benchmark at least this one-sided would turn up with probability exactly
# 4/32 = 12.5 % (given these six |d|). That is not rare enough: there is no evidence at the
# 5 % level that either algorithm is better. (This does not show that they are equally good;
# six tasks are simply too few to tell.) In fact no benchmark of these six tasks could have
# been significant: with one tie only five signs are random, and the most lopsided pattern has
# probability $2/2^5 = 0.0625$.
#
# **The effect and its interval.** A p-value says nothing about *how much* better. The
# estimate that goes with the signed-rank test is the Hodges-Lehmann estimate (Hodges and Lehmann, 1963),
# the median of the $n(n+1)/2$ averages $(d_i + d_j)/2$, $i \le j$ (the Walsh averages). For
# continuous differences, $R^+$ computed on $d - \theta$ is the number of Walsh averages above
# $\theta$, so the shifts $\theta$ that the test would not reject form an interval between two
# Walsh averages: from the $(c+1)$-th smallest to the $(c+1)$-th largest, where $c$ is the
# critical value of $T$ (Hollander et al., 2014) (R's `wilcox.test(conf.int = TRUE)` computes
# the same). Every result of `wilcoxon_signed_rank` carries them: `hodges_lehmann`,
# `confidence_interval` and its exact coverage `interval_coverage`. With $n = 6$, $c = 0$ and
# the interval spans all 21 Walsh averages, with coverage $1 - 2/64 = 96.9\,\%$: the next
# narrower one, from the second-smallest to the second-largest Walsh average, would cover only
# $1 - 4/64 = 93.75\,\%$, less than the 95 % asked for. (The interval treats the differences as
# continuous; with the zero here its coverage is approximate.) The result also gives the
# matched-pairs **rank-biserial correlation** $(R^+ - R^-)/(R^+ + R^-)$ (Kerby, 2014), the
# effect in the test's own currency: the share of the rank sum on rpart's side minus the share
# on ranger's.

# %%
res_pratt = wilcoxon_signed_rank(d)
i, j = np.triu_indices(d.size)
walsh = np.sort((d[i] + d[j]) / 2)  # the 21 Walsh averages, listed to check the library
print(f"Hodges-Lehmann estimate of rpart - ranger: {res_pratt.hodges_lehmann:.4f}\n"
      f"(median of the Walsh averages: {np.median(walsh):.4f})")
ci_pratt = res_pratt.confidence_interval
print(f"95 % interval [{ci_pratt.low:.4f}, {ci_pratt.high:.4f}] ({ci_pratt.method}),\n"
      f"coverage {res_pratt.interval_coverage:.1%} "
      f"(smallest and largest Walsh average: {walsh[0]:.4f}, {walsh[-1]:.4f})")
print(f"rank-biserial correlation (R+ - R-)/(R+ + R-) = ({res_pratt.r_plus:g} - "
      f"{res_pratt.r_minus:g}) / "
      f"{res_pratt.r_plus + res_pratt.r_minus:g} = {res_pratt.rank_biserial:.2f}")

# %% [markdown]
# In words: on a typical task of this kind rpart's error is about 0.067 higher than ranger's,
# but the data are compatible with anything from ranger being 0.002 *worse* to 0.143 better.
# The interval contains zero, as the p-value of 0.125 said; it also shows how large a
# difference six tasks cannot rule out. The rank-biserial correlation, 0.8, says that 90 % of
# the rank sum goes against rpart; a strong pattern, on too few tasks to be conclusive.
#
# Listing $2^n$ patterns is hopeless for 60 data sets ($10^{18}$ patterns). `lecture_lib`
# never lists them: $R^+$ is a sum of ranks each included with probability 1/2, so its
# distribution is the product of the polynomials $(1 + x^{2 r_i})/2$, with the ranks doubled
# so that mid-ranks such as 3.5 become integers. Multiplying them out one factor at a time
# costs about $n^3$ operations (about a millisecond for $n = 100$) and stays exact with ties
# and zeros. The figure shows the resulting distribution for our six tasks.

# %% mystnb={"figure": {"caption": "Exact null distribution of the rank sum R+ for the six differences between rpart and ranger (the zero's rank left out, Pratt's convention), with its normal approximation. The red bars, the outcomes at least as extreme as the observed R+ = 18, add up to the exact p-value 0.125; the normal approximation gives 0.0917.", "name": "fig-two-algorithms-many-datasets-signed-rank-null"}, "image": {"alt": "Bar chart of the exact probability under H0 (y, up to about 0.09) of each possible value of R+, the sum of the ranks of the positive differences (x, 0 to 20), with a black bell-shaped normal curve centred at 10 and a dashed red vertical line at the observed R+ = 18. The bars are symmetric around 10, with heights that are multiples of 1/32; R+ = 1 and 19 cannot occur. Four bars are red, two in each tail (at 0 and 2, and at 18 and 20), each of height 1/32, together 4/32 = 0.125."}} tags=["hide-input"]
fig, ax = plt.subplots(figsize=(6.6, 3.6))
plot_signed_rank_null(d, ax=ax)
fig.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 5.1.** Exact null distribution of the rank sum R+ for the six differences between rpart and ranger (the zero's rank left out, Pratt's convention), with its normal approximation. The red bars, the outcomes at least as extreme as the observed R+ = 18, add up to the exact p-value 0.125; the normal approximation gives 0.0917.

# %% [markdown]
# **The normal approximation.** For many data sets, $R^+$ is approximately normal with mean
# $n(n+1)/4$ and variance $n(n+1)(2n+1)/24$ (minus a tie correction; Pratt's convention also
# subtracts the zeros' share, here rank 1, from both), so $z = (R^+ - E R^+) / \mathrm{sd}$.
# With six data sets the bars above are visibly not a normal curve, and the tails matter most:

# %%
res_normal = wilcoxon_signed_rank(ex.scores_1, ex.scores_2, method="approx")
res_corrected = wilcoxon_signed_rank(
    ex.scores_1, ex.scores_2, method="approx", correction=True
)
print(
    f"z = {res_normal.z:.4f}: normal p = {res_normal.pvalue:.4f},\n"
    f"with continuity correction p = {res_corrected.pvalue:.4f}, exact p = "
    f"{res_exact.pvalue:.4f}"
)
print(res_exact)

# %% [markdown]
# The normal p-value 0.092 understates the exact 0.125 by a quarter (the continuity correction
# brings it to 0.114); neither crosses 0.05 here, but with a handful of data sets an
# approximate p-value can land on the wrong side of the threshold. For up to 50 data sets
# `method="auto"` therefore uses the exact distribution (scipy's `"auto"` does so only without
# ties and zeros, and runs a permutation test or the normal approximation otherwise).

# %% [markdown]
# ## Zero differences: Pratt's convention
#
# A zero difference, like monks-problems-3's, carries no sign: neither algorithm won.
# `wilcoxon_signed_rank` treats zeros by Pratt's convention (Pratt, 1959), its default
# `zero_method="pratt"`, which the step-by-step table above already used:
#
# 1. rank the zeros together with the other |d|; they take the smallest ranks, so every non-zero
#    difference keeps the rank it has in the full list;
# 2. then leave the zeros' ranks out of both $R^+$ and $R^-$.
#
# Under $H_0$ only the signs of the non-zero differences are random. The zeros add nothing
# random, so Pratt's convention leaves them out of the null distribution and out of the
# variance of the normal approximation. Two properties make it the default:
#
# - **Its exact p-value is that of the zero-splitting in Demšar's examples.** Splitting the
#   zeros' ranks evenly between $R^+$ and $R^-$ shifts $R^+$ by a constant (half the zeros'
#   ranks) and leaves the exact p-value unchanged. On source 001's six tasks every convention
#   gives the exact p-value 0.125.
# - **Its normal approximation holds its level when there are many zeros.** Splitting the
#   zeros' ranks and keeping them in the variance, as scipy's `zsplit` formula and Demšar's $z$
#   do, treats fixed ranks as if their signs were random, and the test becomes conservative. A
#   simulation under $H_0$ shows it: 20 000 samples of 200 differences drawn from
#   $\{-5, \dots, 5\}$, half of them zero, each tested at the nominal 5 % with both normal
#   approximations (computed for all samples at once; the first rows are checked against
#   `wilcoxon_signed_rank`).

# %%
rng_zeros = np.random.default_rng(1)
reps, n_sets = 20_000, 200
magnitude = rng_zeros.integers(1, 6, size=(reps, n_sets)) * rng_zeros.choice(
    [-1.0, 1.0], size=(reps, n_sets)
)
d_sim = np.where(rng_zeros.random((reps, n_sets)) < 0.5, 0.0, magnitude)  # H0 holds
ranks_sim = rankdata(np.abs(d_sim))  # mid-ranks, row by row
zero = d_sim == 0
r_plus_sim = np.sum(ranks_sim * (d_sim > 0), axis=1)
random_ranks = ranks_sim * ~zero  # the ranks whose sign is random under H0
normal_p = {
    # Pratt: mean and variance of R+ from the non-zero ranks only
    "pratt": 2 * stats.norm.sf(
        np.abs(r_plus_sim - random_ranks.sum(axis=1) / 2)
        / np.sqrt(np.sum(random_ranks**2, axis=1) / 4)
    ),
    # zsplit: half the zeros' ranks added to R+, and all ranks in the variance
    "zsplit": 2 * stats.norm.sf(
        np.abs(r_plus_sim + np.sum(ranks_sim * zero, axis=1) / 2
               - ranks_sim.sum(axis=1) / 2)
        / np.sqrt(np.sum(ranks_sim**2, axis=1) / 4)
    ),
}
for zero_method, pvalues in normal_p.items():
    library = [
        wilcoxon_signed_rank(row, zero_method=zero_method, method="approx").pvalue
        for row in d_sim[:5]
    ]
    assert np.allclose(pvalues[:5], library)
    print(f"{zero_method:>6}: rejects a true H0 in {np.mean(pvalues <= 0.05):.1%} of "
          f"{reps:,} samples (nominal 5 %)")
print(f"Monte Carlo standard error of each rate: "
      f"{100 * np.sqrt(0.05 * 0.95 / reps):.2f} points")

# %% [markdown]
# Pratt's normal approximation rejects a true $H_0$ in 4.8 % of the samples, at the nominal
# level within the simulation's noise; the split zeros reject in only 3.7 %. A conservative
# test wastes power: it needs stronger evidence than its level says. (The Notes of
# `wilcoxon_signed_rank` give other settings.)
#
# <details class="fold">
# <summary>For the curious: three other conventions for zeros, checked against scipy and
# Demšar</summary>
#
# - `zsplit` (scipy's name): rank the zeros with the rest and give half of their ranks to each
#   sum, so that $R^+ + R^- = n(n+1)/2$ as in Demšar's examples;
# - `wilcox` (scipy's default): drop the zeros before ranking ($n$ shrinks);
# - Demšar (2006) and source 001: split the zeros' ranks evenly, "if there is an odd number of
#   them, one is ignored". That differs from `zsplit`, which never ignores a zero: with one
#   zero, Demšar gives $R^+ = 18$, $R^- = 2$ (the same sums as `pratt`), `zsplit` gives 18.5
#   and 2.5.
#
# The code cell right after this fold (collapsed) prints each convention's rank sums and
# p-values on source 001's six tasks, with scipy's normal p-values beside ours. The rank sums
# and the normal p-values (0.075 to 0.094) depend on the convention; the exact p-value is 0.125
# under all of them, because the five non-zero differences keep their order and their signs.
# In every convention the conclusion is the same: no evidence at the 5 % level. Demšar's row
# is source 001's computation: $T = 2$ and $z = -1.78$ come from ignoring the zero and keeping
# $N = 6$ in the formula. (Our `z` is the normal score of $R^+$, positive when $R^+$ is above
# its mean; Demšar's formula standardises $T = \min(R^+, R^-)$, so his $z$ is never positive.)
#
# `pratt` and `zsplit` always have the same exact p-value: the zeros hold the smallest ranks,
# and the two differ only by a constant in $R^+$. `wilcox` re-ranks without the zeros and can
# give another one. Pratt (Pratt, 1959) argued against it: dropping the zeros before ranking
# can make a sample look *more* positive when its values decrease. Conover (Conover, 1973)
# found neither of the two treatments more efficient in every situation. `zsplit` stays
# available to reproduce Demšar's rank sums, as the section on his example below does.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["hide-cell"]
print(f"{'convention':<12}{'R+':>6}{'R-':>6}{'T':>6}{'z':>8}{'exact p':>9}"
      f"{'normal p':>10}{'scipy':>8}")
for zero_method in ("pratt", "zsplit", "wilcox"):
    exact = wilcoxon_signed_rank(d, zero_method=zero_method, method="exact")
    normal = wilcoxon_signed_rank(d, zero_method=zero_method, method="approx")
    scipy_p = stats.wilcoxon(d, zero_method=zero_method, method="approx").pvalue
    print(
        f"{zero_method:<12}{exact.r_plus:>6g}{exact.r_minus:>6g}{exact.statistic:>6g}"
        f"{normal.z:>8.3f}{exact.pvalue:>9.4f}{normal.pvalue:>10.4f}{scipy_p:>8.4f}"
    )
n = 6  # Demšar: the single zero ignored, N = 6 kept in the formula
z_demsar = (2 - n * (n + 1) / 4) / np.sqrt(n * (n + 1) * (2 * n + 1) / 24)
p_demsar = 2 * stats.norm.cdf(z_demsar)
print(f"{'Demšar':<12}{18:>6}{2:>6}{2:>6}{z_demsar:>8.3f}{'':>9}{p_demsar:>10.4f}")

# %% [markdown]
# **Ties.** Ties among the non-zero |d| get mid-ranks. Demšar warns not to round the
# differences to one or two decimals before ranking, since that creates ties and loses power.
# Beware of the opposite problem too: subtracting decimal scores in floating point can *break*
# a tie that the printed numbers have ($0.3 - 0.1 \ne 0.5 - 0.3$ in binary), which is why the
# fixtures round the differences to the printed precision.

# %%
print(
    0.3 - 0.1 == 0.5 - 0.3,
    rankdata(np.abs([0.3 - 0.1, 0.5 - 0.3])),
    rankdata(np.round([0.3 - 0.1, 0.5 - 0.3], 4)),
)

# %% [markdown]
# ## Demšar's own example: 14 data sets
#
# Demšar ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)) compares C4.5 with and without a tuned pruning parameter m on 14
# UCI data sets (AUC, higher is better; d = tuned $-$ untuned). Two differences are zero and
# two pairs of |d| tie. He splits the zeros' ranks between the sums, so we reproduce his ranks
# and sums with `zero_method="zsplit"`; Pratt's default leaves the two zeros' ranks (1.5 each)
# out and gives the same exact p-value:

# %%
dem = wilcoxon_example("demsar2006_table2")
d_dem = dem.differences
res_dem = wilcoxon_signed_rank(d_dem, zero_method="zsplit")
res_dem_pratt = wilcoxon_signed_rank(d_dem)
print(textwrap.fill(f"ranks: {rankdata(np.abs(d_dem)).tolist()}", 74))
print(f"R+ = {res_dem.r_plus:g} (paper: 93), R- = {res_dem.r_minus:g} (paper: 12), T = "
      f"{res_dem.statistic:g},\n"
      f"critical T for N = 14: {wilcoxon_critical_value(14)} (paper: 21)")
print(f"Pratt: R+ = {res_dem_pratt.r_plus:g}, R- = {res_dem_pratt.r_minus:g}; "
      f"exact p = {res_dem.pvalue:.4f} (both), normal p = "
      f"{wilcoxon_signed_rank(d_dem, method='approx').pvalue:.4f}")
print(f"Hodges-Lehmann estimate of the AUC gain: {res_dem.hodges_lehmann:.4f};\n"
      f"interval [{res_dem.confidence_interval.low:.4f}, "
      f"{res_dem.confidence_interval.high:.4f}] "
      f"(coverage {res_dem.interval_coverage:.1%} for continuous differences);\n"
      f"rank-biserial correlation {res_dem.rank_biserial:.2f} (zsplit), "
      f"{res_dem_pratt.rank_biserial:.2f} (Pratt)")

# %% [markdown]
# $T = 12 \le 21$, and the exact p-value is 0.0078: if tuning m made no difference, sign
# patterns at least this lopsided would have probability 0.0078 (given these 14 |d|), fewer
# than 1 in 100. There is evidence at the 5 % (even the 1 %) level that tuning m improves
# C4.5's AUC on such data sets. By how much? The typical gain is estimated at 0.013 AUC, with
# a 95 % interval from 0.003 to 0.028 (coverage 95.1 % for continuous differences; approximate
# here, as there are ties and zeros): a real but small improvement. The rank-biserial
# correlation, 0.79 with Pratt's zeros, says the tuned version collects about 90 % of the rank
# sum. The normal approximation (p = 0.011) leads to the same decision
# at 5 %, but not at 1 %: with 14 data sets its tail is still noticeably off. (The critical
# value 21, like every table of $T$, assumes no ties and no zeros; the exact p-value does not
# need that assumption.)

# %% [markdown]
# ## The sign test
#
# The sign test throws away the sizes of the differences and keeps only who won.
# **$H_0$:** on a data set from the population, each algorithm is equally likely to win. Then
# the number of wins among $N$ data sets is Binomial($N$, 1/2), and the two-sided p-value is
# $\min(1, 2 P(X \le \min(W, N - W)))$. It needs no commensurability at all: any score on any
# scale can be compared, as long as the data sets are independent. Ties support $H_0$, so
# Demšar splits them evenly between the two algorithms and ignores one if their number is odd
# (`ties="split"`); the textbook version discards them (`ties="drop"`).

# %%
for ties in ("split", "drop"):
    res = sign_test(
        ex.scores_2, ex.scores_1, ties=ties, higher_is_better=False
    )  # x = ranger
    print(
        f"ties={ties!r}: ranger wins {res.wins}, loses {res.losses}, "
        f"ties {res.ties}; counted {res.statistic:g} of {res.n}, p = {res.pvalue:.4f}"
    )
print(f"check with scipy.stats.binomtest: p = {stats.binomtest(4, 5).pvalue:.4f}")
# the effect: ranger's probability of winning a decided task,
# with the exact (Clopper-Pearson) interval
win = res.win_probability
print(f"ranger's probability of winning a task: {win.estimate:.2f},\n"
      f"95 % interval [{win.low:.2f}, {win.high:.2f}] ({win.method})")

# %% [markdown]
# ranger wins 4 of the 5 decided tasks; if both algorithms were equally likely to win, a split
# at least this uneven would occur with probability 0.375 (exactly, 12/32). No evidence at the
# 5 % level: even less than from the Wilcoxon test, because the sign test ignores that ranger's
# wins are large and rpart's only win is tiny. The estimated probability that ranger wins a
# task is 0.8, but five tasks only pin it down to between 0.28 and 0.99 (95 % interval).
#
# **How many wins are needed?** The smallest number of wins out of $N$ that is significant:

# %%
table = sign_test_critical_table()
print(f"{'N':>3}{'two-sided 0.05':>16}{'its level':>11}{'one-sided 0.05':>16}"
      f"{'Demšar w_0.05':>15}")
for n_sets, w_paper in zip(table["n_datasets"], table["w_0.05"]):
    if n_sets in (5, 6, 8, 10, 11, 14, 20, 23, 24, 25):
        w_two = sign_test_critical_wins(n_sets)
        two = f"{w_two}" if w_two <= n_sets else "none"
        # the real level: the chance under H0 that either side reaches w_two wins
        level = 2 * stats.binom.sf(w_two - 1, n_sets, 0.5) if w_two <= n_sets else 0.0
        one = sign_test_critical_wins(n_sets, alternative="greater")
        print(f"{n_sets:>3}{two:>16}{level:>11.4f}{one:>16}{w_paper:>15}")

# %% [markdown]
# With six data sets, only 6 wins out of 6 are significant at 5 % (two-sided p = 2/64 =
# 0.031); five of six gives $p = 14/64 \approx 0.22$. The column "its level" is the chance
# under $H_0$ of reaching the critical number: the false-alarm rate the test really has. It is
# never above 5 % and often far below (0.8 % at $N = 8$), because the number of wins moves in
# whole steps. The last two columns reveal something about Demšar's
# Table 3, labelled "two-tailed": its $\alpha = 0.05$ row is the exact **one-sided** critical
# number (two-sided at 0.10), apart from $N = 23, 24$, and its $\alpha = 0.10$ row is the
# one-sided test at 0.10 for every $N$. His sign-test example says that 11 wins out of 14 are
# significant with $p < 0.05$; the exact two-sided p-value is

# %%
sign_dem = sign_test(dem.scores_1, dem.scores_2)
print(f"wins {sign_dem.wins} + half of {sign_dem.ties} ties = {sign_dem.statistic:g} "
      f"of {sign_dem.n}:\n"
      f"two-sided p = {sign_dem.pvalue:.4f}, one-sided p = {sign_dem.pvalue / 2:.4f}")
win = sign_dem.win_probability
print(f"probability that tuned C4.5 wins a data set: {win.estimate:.3f},\n"
      f"95 % interval [{win.low:.3f}, {win.high:.3f}] ({win.method})")

# %% [markdown]
# p = 0.057: not significant at the 5 % level, only weak evidence from the sign test on these
# 14 data sets, although the Wilcoxon test on the same data gave p = 0.008. The tuned C4.5 is
# credited with 11 of the 14 counted data sets (10 wins and half of the 2 ties, 0.79), and the
# 95 % interval for its probability of winning, 0.49 to 0.95, just reaches one half.

# %% [markdown]
# ## Power: how often does each test detect a real difference?
#
# Suppose one algorithm really is better: the differences are drawn around a positive shift.
# We simulate 20 000 benchmarks for each number of data sets and count how often each
# two-sided 5 % test rejects. (All three decisions are vectorised: the exact Wilcoxon test
# rejects when $T$ is at most `wilcoxon_critical_value(N)`, the sign test when the winner has
# at least `sign_test_critical_wins(N)` wins.) Left: normal differences, the t-test's home
# ground. Right: heavy-tailed differences (Student t with 2 df), as with occasional extreme
# data sets.

# %% mystnb={"figure": {"caption": "Power of the paired t-test, the exact Wilcoxon signed-rank test and the sign test at the 5 % level against the number of data sets N, from 20 000 simulated benchmarks per point, for normal differences (top) and heavy-tailed differences (bottom), both shifted by 0.5. With normal differences the t-test leads narrowly; with heavy tails the Wilcoxon test wins (0.458 against 0.285 at N = 30); the sign test never beats the Wilcoxon test.", "name": "fig-two-algorithms-many-datasets-power"}, "image": {"alt": "Two line charts with a shared power axis (rejection rate at 5 %) against the number of data sets N (6 to 30), each with three lines: paired t-test (blue), Wilcoxon exact (orange) and sign test (green). Top, normal differences: the t-test and Wilcoxon lines rise almost together, from 0.17 and 0.11 at N = 6 to 0.75 and 0.73 at N = 30; the sign test rises in a saw-tooth, dipping from 0.11 at N = 6 to 0.05 at N = 8, and reaches 0.55. Bottom, heavy tails: all lines are lower; Wilcoxon rises to 0.46, the sign test to 0.42, overtaking the t-test from N = 20, and the t-test only to 0.29."}}
def rejection_rates(draw, n_values, n_reps=20_000, seed=5):
    rng = np.random.default_rng(seed)
    rates = {"paired t-test": [], "Wilcoxon (exact)": [], "sign test": []}
    for n_sets in n_values:
        diffs = draw(rng, (n_reps, n_sets))
        t_values = diffs.mean(axis=1) / (diffs.std(axis=1, ddof=1) / np.sqrt(n_sets))
        rates["paired t-test"].append(
            np.mean(np.abs(t_values) >= stats.t.ppf(0.975, n_sets - 1))
        )
        ranks = rankdata(np.abs(diffs))
        r_plus = np.sum(ranks * (diffs > 0), axis=1)
        t_stat = np.minimum(r_plus, n_sets * (n_sets + 1) / 2 - r_plus)
        rates["Wilcoxon (exact)"].append(
            np.mean(t_stat <= wilcoxon_critical_value(n_sets))
        )
        wins = np.sum(diffs > 0, axis=1)
        rates["sign test"].append(
            np.mean(np.maximum(wins, n_sets - wins) >= sign_test_critical_wins(n_sets))
        )
    return rates


n_values = [6, 8, 10, 14, 20, 30]
scenarios = {
    "normal differences, shift 0.5 sd": lambda rng, size: rng.normal(0.5, 1.0, size),
    "heavy tails (t, 2 df), shift 0.5": lambda rng, size: 0.5 + rng.standard_t(2, size),
}
fig, axes = plt.subplots(2, 1, figsize=(6.4, 7.2), sharey=True)
for ax, (title, draw) in zip(axes, scenarios.items()):
    rates = rejection_rates(draw, n_values)
    print(f"{title} (N = {n_values}):")
    for name, values in rates.items():
        print(f"  {name:<17} {np.round(values, 3).tolist()}")
    for name, values in rates.items():
        ax.plot(n_values, values, marker="o", label=name)
    ax.set_title(title)
    ax.set_xlabel("number of data sets N")
    ax.set_ylabel("power (rejection rate at 5 %)")
    ax.grid(alpha=0.3)
axes[0].legend()
fig.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 5.2.** Power of the paired t-test, the exact Wilcoxon signed-rank test and the sign test at the 5 % level against the number of data sets N, from 20 000 simulated benchmarks per point, for normal differences (top) and heavy-tailed differences (bottom), both shifted by 0.5. With normal differences the t-test leads narrowly; with heavy tails the Wilcoxon test wins (0.458 against 0.285 at N = 30); the sign test never beats the Wilcoxon test.

# %% [markdown]
# With normal differences the t-test is the most powerful and the Wilcoxon test is close
# behind; with heavy tails the Wilcoxon test overtakes it clearly (0.46 against 0.29 at
# N = 30). The sign test trails the Wilcoxon test everywhere (with heavy tails it still
# beats the t-test from N = 20 on). At N = 6 the Wilcoxon and sign tests have the same power,
# because both reject only a clean sweep. The sign test's saw-tooth shape (less power at
# N = 8 than at N = 6) comes from the discreteness of its statistic: its attainable
# significance levels jump with N, and at N = 8 the largest one below 5 % is 0.8 % (the column
# "its level" of the sign-test table).

# %% [markdown]
# ## How many data sets do I need?
#
# The power curves answer the question backwards: given $N$, how likely is a rejection? Planning
# asks it forwards, before the benchmark is run. State the effect worth detecting as a
# *standardized shift*: the typical difference between the algorithms divided by its spread
# across data sets (a gain of 1 point that varies by 2 points from data set to data set is a
# shift of 0.5; algorithm 1 then wins on about 69 % of data sets). Noether's formula
# (Noether, 1987) gives the number of data sets for the signed-rank test,
#
# $$
# N = \frac{(z_{1-\alpha/2} + z_{\text{power}})^2}{3\,(p' - 1/2)^2}, \qquad p' = P(D + D' > 0),
# $$
#
# where $D$, $D'$ are the differences on two independent data sets; `wilcoxon_n_datasets`
# computes it, assuming normal differences to turn the shift into $p'$.

# %%
print("        P(algorithm 1      data sets needed")
print(" shift  wins a data set)  for power 0.8  for power 0.9")
for shift in (0.3, 0.5, 0.8, 1.0):
    plan, plan_90 = wilcoxon_n_datasets(shift), wilcoxon_n_datasets(shift, power=0.9)
    print(f"{shift:>6}  {plan.p_positive:>16.2f}  {plan.n_datasets:>13}  "
          f"{plan_90.n_datasets:>13}")
# check the plan for shift 0.5 by simulation, as in the power figure
n_planned = wilcoxon_n_datasets(0.5).n_datasets
check_plan = rejection_rates(scenarios["normal differences, shift 0.5 sd"], [n_planned])
print(f"simulated power of the exact Wilcoxon test at N = {n_planned}, shift 0.5: "
      f"{check_plan['Wilcoxon (exact)'][0]:.3f}")

# %% [markdown]
# To detect a shift of 0.5 with power 0.8 takes about 39 data sets; a shift of 0.3, 97. The
# formula errs on the safe side here: simulated as in the power figure, the exact test at
# $N = 39$ reaches power 0.844 rather than 0.8 (the Notes of `wilcoxon_n_datasets` give other
# settings). Compare the power curves above: with normal differences shifted by 0.5, 30 data
# sets gave the Wilcoxon test power 0.73. Source 001's six tasks, or even Demšar's 14, can
# detect only large, consistent differences; a benchmark that finds "no significant
# difference" with a handful of data sets has mostly measured its own size.
# This is why the interval matters more than the verdict: it shows which differences the
# benchmark could and could not rule out.

# %% [markdown]
# ## Interactive: edit the differences
#
# The boxes hold the six differences of source 001 (rpart $-$ ranger). In JupyterLab, Binder
# or Colab, change any of them, or the zero convention, and watch the ranks, $R^+$, $R^-$ and
# the exact and normal p-values follow. Try: make pollen's difference positive (all five
# decided tasks then go the same way); make monks-problems-3's difference non-zero; make two
# |d| equal. On this page the widget is a snapshot of source 001's differences with Pratt's
# zeros, the table computed above.

# %% tags=["nbval-ignore-output"]
wilcoxon_explorer(d, names=ex.datasets)

# %% [markdown]
# ## Which test, and what the p-value means
#
# | situation | test |
# |---|---|
# | two algorithms, N data sets, scores on comparable scales | Wilcoxon signed-rank (exact for N up to about 50) |
# | scores on incomparable scales, or only wins and losses known | sign test (weak: needs nearly all wins for small N) |
# | many data sets and the differences really are commensurable and roughly normal | paired t-test is possible, but rarely justified |
# | more than two algorithms | Friedman test and post-hoc tests (chapter 6) |
#
# Whatever the test, the data sets are the sample: the conclusion is about data sets like
# these, and a benchmark of six is a very small sample. A p-value above 0.05 says the
# benchmark is not sufficient evidence, never that the algorithms are equal; the estimate of the
# typical difference and its interval show how large a difference the data still allow. And two
# algorithms compared on the same data set's cross-validation folds are *not* independent
# observations: the tests of this chapter assume one independent score per data set.

# %% [markdown]
# ## Source 001's slide, checked
#
# The slide computes $R^+ = 2$, $R^- = 15$, $T = 2$ and $z = -1.78$, then says the two-sided
# critical value at $\alpha = 0.05$ is 1, that $-1.78 < 1$, and rejects $H_0$. Three things are
# wrong:

# %%
for key in (
    "seed001-wilcoxon-rminus",
    "seed001-wilcoxon-critical-value",
    "seed001-wilcoxon-decision",
):
    print(f"[{key}]")
    for label, text in (("says", ERRATA[key].says), ("right", ERRATA[key].correct)):
        print(textwrap.fill(f"{label}: {text}", 74, initial_indent="  ",
                            subsequent_indent="    "))
    print()
print(
    f"exact critical value of T for N = 6: {wilcoxon_critical_value(6)}; "
    f"normal critical value: {stats.norm.ppf(0.975):.2f}"
)

# %% [markdown]
# The ranks 1 to 6 sum to 21, so $R^- = 15$ cannot go with $R^+ = 2$; the right value is
# $R^- = 18$ (or 18.5 with `zsplit`). $T = 2$ and $z = -1.78$ are consistent with that. The
# decision rule compares a negative $z$ with a positive "critical value": the two-sided 5 %
# test rejects when $z \le -1.96$. In terms of $T$, the exact table
# for six data sets rejects only when $T = 0$, i.e. when one algorithm wins on all six.
#
# **The corrected conclusion.** $z = -1.78$ (normal p = 0.075), exact p = 0.125: the benchmark
# gives no evidence at the 5 % level that ranger and rpart differ on tasks of this kind; the
# typical difference is estimated at 0.067 in rpart's disfavour, with a 96.9 % interval from
# -0.002 to 0.143 that includes zero. The source's "there is evidence that the two algorithms
# do not perform equally well" does not follow. Only the t-test gave p < 0.05, and its
# assumptions cannot be checked on six tasks (its p-value moved to 0.11 under a rescaling of the
# differences).

# %% [markdown]
# ## Summary
#
# - Over several data sets, each data set gives one paired difference $d_i$. Averaging or a
#   paired t-test treats differences from unrelated problems as commensurable, is driven by
#   outliers and needs normality that six numbers cannot show: on source 001's benchmark it
#   gives p = 0.043, and p = 0.11 when the differences are measured relative to the error
#   levels, a choice just as defensible.
# - The Wilcoxon signed-rank test ranks $|d_i|$ and compares $R^+$ with $R^-$. Its exact null
#   distribution follows from the $2^n$ equally likely sign patterns and is computed without
#   listing them; `lecture_lib` keeps it exact with ties and zeros.
# - A zero difference has no sign. By default (Pratt's convention) zeros are ranked with the
#   rest and their ranks then left out of both sums. Its exact p-value is that of Demšar's
#   zero-splitting, and its normal approximation holds its level with many zeros (4.8 % against
#   3.7 % for split zeros, at a nominal 5 %). Other conventions change the rank sums; on
#   source 001's data the exact p-value is 0.125 under all of them.
# - Each zero removes one random sign: with one tie among six tasks the smallest attainable
#   p-value is $2/2^5 = 0.0625$, so source 001's benchmark could not have been significant.
# - Report the effect with the p-value: the Hodges-Lehmann estimate of the typical difference
#   and its interval (source 001: 0.067, interval from -0.002 to 0.143 with coverage
#   96.9 %), and the rank-biserial correlation (0.8). `wilcoxon_signed_rank` returns all three.
# - Plan the benchmark: Noether's formula (`wilcoxon_n_datasets`) asks for 39 data sets to detect
#   a standardized shift of 0.5 with power 0.8; six tasks detect only large, consistent
#   differences.
# - Source 001's slide has $R^- = 15$ (should be 18 or 18.5), a critical value of 1 (should be
#   $-1.96$ for z, or $T \le 0$ for $N = 6$) and rejects $H_0$; correctly, there is no evidence
#   at the 5 % level that rpart and ranger differ.
# - The sign test needs no commensurability but is weak: with six data sets only a clean
#   sweep is significant. Its effect is the probability of a win, with the exact interval the
#   test inverts (source 001: 0.8, from 0.28 to 0.99). Demšar's table of critical wins is
#   one-sided.

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** Two algorithms are compared on 14 data sets. Why does the course prefer the Wilcoxon signed-rank test to a paired t-test on the 14 differences?
#
# <details class="quiz-answer">
# <summary>(a) Differences from different problems are not commensurable and may include outliers; Wilcoxon uses only signs and ranks.</summary>
#
# **Right.** On source 001's six tasks, rescaling the differences moved the t-test's p-value from 0.043 to 0.11, and a larger win on one task made it less significant; Wilcoxon's exact p-value stayed 0.125.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) The Wilcoxon test is always more powerful.</summary>
#
# **Not quite.** With normal differences the t-test is slightly more powerful (chapter 5's power figure); Wilcoxon wins when the tails are heavy.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The t-test needs at least 30 data sets.</summary>
#
# **Not quite.** No such rule applies; the concern is the distribution of the differences, not a minimum count.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The Wilcoxon test makes no assumption at all, so it also works on the folds of one cross-validation.</summary>
#
# **Not quite.** It assumes independent data sets and, under H0, differences symmetric about zero. The folds of one data set are not independent observations (chapter 4).
#
# </details>
#
# **Question 2.** Demšar's example credits tuned C4.5 with 11 of 14 data sets (10 wins and half of 2 ties) and calls this significant at p < 0.05 by the sign test. What is the exact two-sided p-value?
#
# <details class="quiz-answer">
# <summary>(a) 0.79, the share of data sets that tuned C4.5 wins.</summary>
#
# **Not quite.** That is the effect estimate, not a p-value: the share of wins, computed with no reference to H0.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) 0.029, significant, as Demšar's table of critical wins says.</summary>
#
# **Not quite.** 0.029 is the one-sided p-value. The table labelled "two-tailed" in Demšar's paper gives the one-sided critical numbers at alpha = 0.05 (apart from N = 23 and 24).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) 0.008, the same as the Wilcoxon test on these data.</summary>
#
# **Not quite.** 0.008 is Wilcoxon's p-value, which uses the sizes of the differences; the sign test uses only who wins, and is weaker.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) 0.057, not significant at 5 %.</summary>
#
# **Right.** Weak evidence only. The effect: tuned C4.5's chance of winning a data set is estimated at 0.79, with a 95 % interval from 0.49 to 0.95 that just reaches one half.
#
# </details>
#
# **Question 3.** You compare two algorithms on 12 data sets, but the scores are on incomparable scales (accuracy on some, AUC or a leaderboard rank on others): only who won each data set is meaningful. Which test?
#
# <details class="quiz-answer">
# <summary>(a) A paired t-test on the 12 differences.</summary>
#
# **Not quite.** It averages the differences, which is meaningless when they are measured in different units.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) McNemar's test on the test examples of all 12 data sets pooled into one table.</summary>
#
# **Not quite.** McNemar's test compares two trained models on one test set; pooling examples of different data sets treats them as one population, and accuracy may not even be the score.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The Wilcoxon signed-rank test.</summary>
#
# **Not quite.** It ranks the sizes of the differences across data sets, which assumes that a difference on one scale can be compared with a difference on another.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The sign test.</summary>
#
# **Right.** It uses only wins and losses, so any score on any scale will do, as long as the data sets are independent. It is weak: with few data sets it needs nearly all of them won.
#
# </details>
#
# **Question 4.** Source 001's slide: rpart against ranger on six tasks (one tie), R+ = 18, R- = 2, z = -1.78, "reject H0". The exact p-value is 0.125. What is the right conclusion?
#
# <details class="quiz-answer">
# <summary>(a) The two algorithms are equally good on tasks like these.</summary>
#
# **Not quite.** No evidence of a difference is not evidence of equality; the interval allows rpart's error to be up to 0.143 higher.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Ranger is better, since it wins four of the five decided tasks.</summary>
#
# **Not quite.** If both were equally good, patterns at least this lopsided would occur with probability 4/32 (given these six |d|); that is not rare enough at 5 %.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) No evidence at 5 %: rpart's typical excess error is 0.067, from 0.002 below ranger's to 0.143 above.</summary>
#
# **Right.** The Hodges-Lehmann interval (coverage 96.9 %, the smallest of at least 95 % that six data sets allow) shows how large a difference six tasks cannot rule out.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Reject H0: z = -1.78 is below the critical value, so the two algorithms differ.</summary>
#
# **Not quite.** The two-sided 5 % test rejects only when z is at most -1.96 (normal p = 0.075); with six tasks the exact test rejects only a clean sweep, T = 0.
#
# </details>
#
# **Question 5.** What must hold for chapter 5's tests over data sets (Wilcoxon, sign) to be valid?
#
# <details class="quiz-answer">
# <summary>(a) Every data set has the same number of examples.</summary>
#
# **Not quite.** The data sets may differ in size; each contributes one paired difference.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) The data sets are independent: not, for instance, five resamplings of one data set.</summary>
#
# **Right.** The data sets are the sample. Five versions of one problem are not five independent observations, and the conclusion covers only data sets like those sampled.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Each algorithm wins on at least one data set.</summary>
#
# **Not quite.** A clean sweep is allowed; with six data sets it is the only outcome the exact tests can call significant at 5 %.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The data sets are of similar difficulty, so that a difference on one means the same as on another.</summary>
#
# **Not quite.** That is what the t-test would need. Wilcoxon needs the sizes of the differences to be comparable enough to rank; the sign test needs not even that.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** How many of the six tasks would ranger have to win, and with which ranks,
# for the two-sided exact Wilcoxon test to reject at 5 %? Use `wilcoxon_critical_value` and
# explain the answer with the 64 sign patterns. Store the critical value in `ex1_critical_value`
# and the two-sided p-values of $T = 0$ and of $T \le 1$, in that order, in a tuple
# `ex1_pvalues`.
#
# **Exercise 2.** Take Demšar's 14 differences and round them to two decimals before testing.
# What happens to the number of zeros and ties, to $R^+$, and to the exact p-value? Store the
# numbers of zeros in a dict `ex2_zeros` and the p-values in a dict `ex2_pvalues`, both keyed by
# the number of decimals (3 and 2).
#
# **Exercise 3.** Test source 001's benchmark one-sided: $H_1$ "ranger has the lower error".
# Which `alternative` is it with `x = rpart`, `y = ranger`? Interpret the p-value. Why must the
# alternative be chosen before looking at the data? Store the alternative in `ex3_alternative`
# and the p-value in `ex3_pvalue`.
#
# **Exercise 4.** Find a set of six differences for which the normal approximation rejects at
# 5 % but the exact test does not: with the widget (in JupyterLab, Binder or Colab), or with
# `wilcoxon_signed_rank(..., method="approx")` and `method="exact"`. Store the six differences in
# `ex4_differences`.

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 1</summary>
#
# `wilcoxon_critical_value(6)` is 0: only $T = 0$ is significant, i.e. one algorithm wins
# every task (with no zero difference). Of the 64 sign patterns, "all positive" and "all
# negative" are the only ones with $T = 0$, so $p = 2/64 = 0.031$; the next most extreme
# patterns ($T = 1$) bring it to $4/64 = 0.0625 > 0.05$. ranger must win all six, so the
# monks-problems-3 tie alone already rules out significance.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex1_critical_value = wilcoxon_critical_value(6)
print("critical T for N = 6:", ex1_critical_value)
print("all six positive:", wilcoxon_signed_rank(np.abs(d) + 0.001).pvalue)
values, probs = signed_rank_null_distribution(np.arange(1.0, 7.0))
ex1_pvalues = (2 * probs[values <= 0].sum(), 2 * probs[values <= 1].sum())
print("P(T <= 0) * 2 =", ex1_pvalues[0], "  P(T <= 1) * 2 =", ex1_pvalues[1])

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# Rounding to two decimals turns the two differences of $\pm 0.005$ into zeros (4 zeros
# instead of 2) and leaves only 6 distinct |d| instead of 12: more zeros, more ties. The rank
# sums change and the exact p-value grows from 0.0078 to 0.0098: the test loses information,
# as Demšar warns. The code below shows the numbers.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
rounded = np.round(d_dem, 2)
ex2_zeros, ex2_pvalues = {}, {}
for decimals, values_ in ((3, d_dem), (2, rounded)):
    res = wilcoxon_signed_rank(values_)
    ex2_zeros[decimals], ex2_pvalues[decimals] = res.n_zero, res.pvalue
    print(f"{decimals} decimals: zeros = {res.n_zero}, distinct |d| = "
          f"{np.unique(np.abs(values_)).size},\n  "
          f"R+ = {res.r_plus:g}, R- = {res.r_minus:g}, exact p = {res.pvalue:.4f}")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# With $d = $ rpart $-$ ranger, "ranger has the lower error" means $d$ tends to be positive:
# `alternative="greater"`. With the zero of monks-problems-3 only five signs are random, so
# there are 32 equally likely sign patterns, and 2 of them are at least this favourable to
# ranger (all five decided tasks, or all but pollen's, the smallest): the exact one-sided
# p-value is 2/32 = 0.0625. Not significant at the 5 % level, though weak evidence in
# ranger's favour. The one-sided interval that goes with it starts at the third-smallest Walsh
# average, which is exactly 0 (monks-problems-3's zero difference averaged with itself), and runs
# to infinity: it just includes 0. Choosing the direction after seeing the data halves the p-value for free,
# which is exactly why it must be fixed in advance.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex3_alternative = "greater"
one_sided = wilcoxon_signed_rank(ex.scores_1, ex.scores_2, alternative=ex3_alternative)
ex3_pvalue = one_sided.pvalue
print(f"statistic R+ = {one_sided.statistic:g}, one-sided exact p = "
      f"{one_sided.pvalue:.4f}")
ci_one = one_sided.confidence_interval
print(f"one-sided 95 % interval for the typical difference:\n[{ci_one.low:.4f}, "
      f"{ci_one.high}), coverage {one_sided.interval_coverage:.1%}\n"
      f"({ci_one.method})")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 4</summary>
#
# Six differences of equal sign except the smallest one, e.g. $-0.01, 0.02, \dots, 0.06$:
# $T = 1$, the normal p-value is 0.046 but the exact one is 4/64 = 0.0625. The normal
# approximation is too optimistic in the tails for such a small N.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex4_differences = np.array([-0.01, 0.02, 0.03, 0.04, 0.05, 0.06])
print(
    f"normal p = {wilcoxon_signed_rank(ex4_differences, method='approx').pvalue:.4f}, "
    f"exact p = {wilcoxon_signed_rank(ex4_differences, method='exact').pvalue:.4f}"
)

# %% [markdown] tags=["references"]
# ## References
#
# - Conover, W. J. (1973). On methods of handling ties in the Wilcoxon signed-rank test. *Journal of the American Statistical Association*, 68(344), 985–988.
# - Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets. *Journal of Machine Learning Research*, 7, 1–30. <https://jmlr.org/papers/v7/demsar06a.html>
# - Hodges, J. L. and Lehmann, E. L. (1963). Estimates of location based on rank tests. *The Annals of Mathematical Statistics*, 34(2), 598–611.
# - Hollander, M., Wolfe, D. A. and Chicken, E. (2014). Nonparametric Statistical Methods. *Wiley*.
# - Kerby, D. S. (2014). The simple difference formula: an approach to teaching nonparametric correlation. *Comprehensive Psychology*, 3, 11.IT.3.1.
# - Noether, G. E. (1987). Sample size determination for some common nonparametric tests. *Journal of the American Statistical Association*, 82(398), 645–647.
# - Pratt, J. W. (1959). Remarks on zeros and ties in the Wilcoxon signed rank procedures. *Journal of the American Statistical Association*, 54(287), 655–667.
