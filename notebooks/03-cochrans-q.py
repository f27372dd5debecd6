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
# # Cochran's Q: more than two models on one test set
#
# ## Overview
#
# Chapter 2 compared two trained classifiers on one test set with McNemar's test. In practice you
# rarely stop at two: you train a logistic regression, a k-nearest-neighbour classifier, an SVM,
# a random forest and naive Bayes, score all five on the same test set, and want to know which
# differences are real. Five models make ten pairs. Testing each pair at the 5 % level and
# reporting the "significant" ones is the obvious thing to do, and it is wrong.
#
# After this chapter you will be able to
#
# - explain the multiple-comparisons problem and compute, or simulate, the chance of at least
#   one false "significant" pair among equally good models;
# - arrange the predictions of k models as a correctness matrix and compute Cochran's Q
#   ([Cochran, 1950](https://doi.org/10.2307/2332378)) by hand from its row and column totals;
# - state the null hypothesis of Cochran's Q precisely (exchangeable answers within each
#   example, which is more than equal accuracy), interpret its p-value, and show with a
#   simulation when the difference matters;
# - run Looney's F and the marginal-homogeneity test beside Q, say what each
#   assumes, and choose between them with the exchangeability lab;
# - show, numerically and algebraically, that with two models Q is McNemar's statistic;
# - find which pairs differ with pairwise McNemar tests whose p-values are adjusted by
#   Bonferroni, Holm or Hommel, read an adjusted p-value as the bound it is, and explain why
#   Holm's procedure is never less powerful and why it does not need Q's permission;
# - say what the Benjamini-Hochberg procedure controls and when it fits;
# - run the whole procedure on real classifiers and report it honestly, with effects and
#   intervals.
#
# **Prerequisites:** chapter 2 (McNemar's test, the 2x2 table of agreement, b and c), the
# chi-squared distribution, and what a p-value is.

# %% tags=["hide-input"]
import textwrap
from math import factorial

import numpy as np
import matplotlib.pyplot as plt
from scipy import stats
from sklearn.datasets import load_digits
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC

from lecture_lib import (
    adjust_pvalues,
    cochran_example,
    cochrans_q,
    correctness_matrix,
    errata,
    familywise_error,
    mcnemar,
    mcnemar_pvalues,
    mcnemar_table,
    pairwise_mcnemar,
    plot_familywise_error,
    looney_ftest,
    marginal_homogeneity_test,
    simulate_homogeneity_tests,
    simulate_near_duplicates,
    source_notes,
)
from lecture_lib.widgets import familywise_explorer, homogeneity_explorer

ERRATA = {e.key: e for e in errata()}
NOTES = {note.key: note for note in source_notes()}


def in_points(interval):
    """'8.0 points [1.2, 14.8]': an accuracy difference (an Interval) in points."""
    low, high = 100 * interval.low, 100 * interval.high
    return f"{100 * interval.estimate:.1f} points [{low:.1f}, {high:.1f}]"


def print_wrapped(text, width=74, indent="  "):
    """Print text, wrapping each line longer than width (continued `indent` further in).

    "alpha = 0.05" stays on one line: " = " is glued with a character textwrap keeps.
    """
    for line in str(text).splitlines():
        more = " " * (len(line) - len(line.lstrip())) + indent
        glued = line.replace(" = ", "\x1f=\x1f")
        wrapped = textwrap.fill(glued, width, subsequent_indent=more,
                                break_on_hyphens=False)
        print(wrapped.replace("\x1f", " ") if len(line) > width else line)


def _p(p):
    return "0" if p == 0 else (f"{p:.3g}" if p < 1e-3 else f"{p:.4f}")


def show_pairs(result, short=None, decimals=1):
    """Print a pairwise_mcnemar result in lines of at most 74 characters.

    Each row puts first the model that won at least as many of the pair's
    disagreements (b >= c) and gives the accuracy difference, first minus
    second, in percentage points with its simultaneous interval; a star
    after the adjusted p-value marks a rejected H0.
    """
    short = short or {}
    names = [short.get(name, name) for name in result.names]
    rows = []
    for idx, (i, j) in enumerate(result.pairs):
        b, c, sign = int(result.b[idx]), int(result.c[idx]), 1
        if c > b:
            i, j, b, c, sign = j, i, c, b, -1
        diff = result.differences[idx]
        low, high = sorted((100 * sign * diff.low, 100 * sign * diff.high))
        rows.append([
            f"{names[i]} - {names[j]}", str(b), str(c),
            _p(result.pvalue[idx]),
            _p(result.pvalue_adjusted[idx]) + (" *" if result.reject[idx] else "  "),
            f"{100 * sign * diff.estimate:+.{decimals}f} "
            f"[{low:.{decimals}f}, {high:.{decimals}f}]",
        ])
    header = ["pair", "b", "c", "p raw", f"p {result.adjust}  ", "difference"]
    widths = [max(len(row[k]) for row in [header, *rows]) for k in range(len(header))]

    def line(cells):
        return "  ".join(cell.ljust(w) if k == 0 else cell.rjust(w)
                         for k, (cell, w) in enumerate(zip(cells, widths))).rstrip()

    m = result.n_comparisons
    print(f"Pairwise McNemar tests ({result.method}), "
          f"{result.adjust}-adjusted p-values,")
    print(f"family-wise alpha = {result.alpha:g}")
    print(line(header))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print(line(row))
    accuracies = ", ".join(
        f"{name} {100 * acc.estimate:.1f} [{100 * acc.low:.1f}, {100 * acc.high:.1f}]"
        for name, acc in zip(names, result.accuracy_intervals))
    level = 100 * (1 - result.alpha)
    print(textwrap.fill(
        f"* reject H0 at the family-wise {result.alpha:g} level "
        "(no star: not rejected at that level). "
        "b = first model right and second wrong, c = the reverse. Difference: accuracy "
        "of the first minus the second, in percentage points, with a Bonett-Price "
        f"interval at {100 * (1 - result.alpha / m):.4g} % each (Bonferroni: all {m} "
        f"together at {level:g} %). Accuracies in per cent, with individual "
        f"{level:g} % Wilson intervals: {accuracies}.", 74))

# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 19 minutes): *The wrong way first: test every pair at 5 %*; *The correctness
# matrix*; *Building Q step by step*; *After Q: which pairs differ?*; *Why Holm, not Bonferroni*;
# then the *Summary*. The other sections, in order, are what the classes teach.

# %% [markdown]
# ## The wrong way first: test every pair at 5 %
#
# Suppose k models are *all equally accurate*. With $k$ models there are $m = k(k-1)/2$ pairs.
# Each pairwise McNemar test at level $\alpha = 0.05$ falsely declares its pair "significant" in
# about 5 % of test sets. But we report a finding as soon as *any* pair is significant, and the
# chance of at least one false rejection among $m$ tests, the **family-wise error rate**
# (FWER), grows with $m$. If the tests were independent it would be
#
# $$
# \mathrm{FWER} = 1 - (1 - \alpha)^m,
# $$
#
# and whatever the dependence, Boole's inequality bounds it by $m\alpha$ (the bound behind
# Bonferroni's correction). For five models, $m = 10$:

# %%
alpha = 0.05
print("k models  m pairs  1 - (1 - alpha)^m  bound m * alpha")
for k in (2, 3, 5, 10):
    m = k * (k - 1) // 2
    print(f"{k:>8}  {m:>7}  {1 - (1 - alpha) ** m:17.3f}  {min(1.0, m * alpha):15.2f}")

# %% [markdown]
# The pairwise tests are not independent: they share models, and real classifiers tend to fail
# on the same hard examples. So we simulate. `familywise_error` draws test sets on which all k
# models are equally accurate (every example has its own difficulty, and every model is right on
# it with that probability, so the pattern of right and wrong answers on each example is
# exchangeable across the models), runs all pairwise McNemar tests on each, and counts how often
# at least one pair comes out "significant". It also tries the corrections introduced below.

# %%
five = familywise_error(5, alpha=0.05, n_sim=2000, seed=0)
print_wrapped(five)

# %% [markdown]
# With five equally accurate models, testing every pair at 5 % finds at least one "significant"
# difference in about 27 % of test sets: more than one time in four, you would report a winner
# that does not exist. It is below the independence formula (0.40) because the tests are
# positively dependent, but far above 5 %. The figure shows how the problem grows with the
# number of models; the corrected procedures stay at or below $\alpha$.

# %% mystnb={"figure": {"caption": "Family-wise error rate when all k models are equally accurate (2000 simulated test sets per k, alpha = 0.05): the probability that at least one pair is declared significant, for unadjusted pairwise McNemar tests, Cochran's Q followed by unadjusted tests, Bonferroni and Holm; the dotted curve assumes independent tests. Unadjusted testing reaches 0.27 with five models (grey band), while the gated and adjusted procedures stay close to 0.05.", "name": "fig-cochrans-q-familywise-error"}, "image": {"alt": "Line chart of the probability of at least one falsely significant pair (y, 0 to 1) against the number of models k from 2 to 10 (x), with a dashed horizontal line at 0.05 and a grey vertical band at k = 5. A dotted grey curve, 1 - (1 - alpha)^m for independent tests, rises from 0.05 to 0.90. The red curve of unadjusted pairwise McNemar tests rises below it, from 0.05 at k = 2 to 0.27 at k = 5 and above 0.6 at k = 10. The orange curve (Cochran's Q first, then unadjusted tests), the blue Bonferroni curve and the green Holm curve run flat along the bottom, close to 0.05; Holm and Bonferroni coincide."}} tags=["hide-input"]
ax = plot_familywise_error(max_models=10, alpha=0.05, n_sim=2000, seed=0, highlight=5)
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 3.1.** Family-wise error rate when all k models are equally accurate (2000 simulated test sets per k, alpha = 0.05): the probability that at least one pair is declared significant, for unadjusted pairwise McNemar tests, Cochran's Q followed by unadjusted tests, Bonferroni and Holm; the dotted curve assumes independent tests. Unadjusted testing reaches 0.27 with five models (grey band), while the gated and adjusted procedures stay close to 0.05.

# %% [markdown]
# Move the sliders: the number of models and $\alpha$. The simulations are run once when the
# widget is built, so the table follows the sliders at once.

# %% tags=["nbval-ignore-output"]
familywise_explorer(n_models=5, alpha=0.05)

# %% [markdown]
# Two tools answer two questions. An **omnibus** test (Cochran's Q) tests the single hypothesis
# that the k models are interchangeable, "is there any difference at all?". Pairwise **post-hoc**
# tests, with p-values adjusted for the number of comparisons, say *which* models differ. Source
# 000, Raschka's STAT 451 lecture 11 slides (Fall 2020), one of the five source documents the
# course was built from (the glossary lists them), runs the second only after the first has
# rejected, like Demšar's recipe for chapter 6; the end of the chapter explains why the adjusted
# pairwise tests do not need that permission.

# %% [markdown]
# ## The correctness matrix
#
# Cochran's Q needs only whether each model was right or wrong on each example. Stack this as an
# $n \times k$ matrix of ones (right) and zeros (wrong): one row per test example, one column per
# model. Source 004, mlxtend's notebook on Cochran's Q test (with an example from Kuncheva's book
# ([Kuncheva, 2004](https://doi.org/10.1002/0471660264))), lists the true labels and the predictions of three classifiers on 100
# examples:

# %%
ex = cochran_example("seed004_kuncheva_three_models")
y_true, y_preds = ex.y_true, ex.y_preds
correct = correctness_matrix(y_true, *y_preds)
print("shape:", correct.shape)
print("first 8 rows (1 = right):")
print(correct[:8].astype(int))

# %% [markdown]
# Most rows repeat. Source 004 summarises them by pattern; we recount the patterns from the
# arrays and compare with its table.

# %%
print("pattern (models 1 2 3)   recounted   source 004")
for pattern, printed in ex.pattern_counts.items():
    wanted = np.array([c == "1" for c in pattern])
    count = int(np.sum(np.all(correct == wanted, axis=1)))
    print(f"        {' '.join(pattern)}{count:>19}{printed:>15}")
print("accuracies:", correct.mean(axis=0))

# %% [markdown]
# The arrays and source 004's table agree, and so do the accuracies: 84 %, 92 % and 92 %.

# %% [markdown]
# ## Building Q step by step
#
# **$H_0$ in words:** on every example, which of the models happen to be right is a matter of
# chance: each arrangement of the row's right answers among the k models is equally likely (the
# answers are *exchangeable* across the columns). Then the models are equally accurate, and the
# column totals differ only by chance. Exchangeability is more than equal accuracy: it also
# asks that every pair of models agree equally often. The section "What Cochran's Q really
# tests" below shows when that difference matters.
#
# The statistic needs a few symbols. The correctness matrix has one row per test example (row
# $j$) and one column per model (column $i$):
#
# | symbol | meaning | in source 004's example |
# |---|---|---|
# | $k$ | number of models (columns) | 3 |
# | $n$ | number of test examples (rows) | 100 |
# | $G_i$ | column total: how many examples model $i$ gets right | 84, 92, 92 |
# | $L_j$ | row total: how many models get example $j$ right | 0 to 3 |
# | $T$ | all right answers together, $T = \sum_i G_i = \sum_j L_j$ | 268 |
#
# Cochran's statistic ([Cochran, 1950](https://doi.org/10.2307/2332378)) is
#
# $$
# Q = (k - 1)\,\frac{k \sum_{i=1}^{k} G_i^2 - T^2}{k T - \sum_{j=1}^{n} L_j^2}
#   = k(k-1)\,\frac{\sum_i (G_i - \bar G)^2}{\sum_j L_j (k - L_j)} ,
# $$
#
# and under $H_0$ it is approximately chi-squared with $k - 1$ degrees of freedom when there are
# many informative rows. The second form shows what it measures: the numerator is the spread of
# the models' totals; the denominator is the variability that chance alone produces, and only
# rows with $0 < L_j < k$ contribute to it. Rows where all models are right, or all wrong, say
# nothing about which model is better and drop out of both sums, just as a and d drop out of
# McNemar's test. Each step for source 004's example:

# %%
k = correct.shape[1]
G = correct.sum(axis=0)
L = correct.sum(axis=1)
T = G.sum()
numerator = k * np.sum(G**2) - T**2
denominator = k * T - np.sum(L**2)
Q = (k - 1) * numerator / denominator
print(f"G = {G.tolist()}, T = {T}, sum of L_j^2 = {np.sum(L**2)}")
print(f"numerator   k * sum G^2 - T^2 = 3 * {np.sum(G**2)} - {T**2} = {numerator}")
print(f"denominator k T - sum L^2     = 3 * {T} - {np.sum(L**2)} = {denominator}")
print(f"Q = (k - 1) * {numerator} / {denominator} = {Q:.4f}, "
      f"p = P(chi2 with {k - 1} df > Q) = {stats.chi2.sf(Q, k - 1):.4f}")
print(f"informative rows (0 < L_j < k): {np.sum((L > 0) & (L < k))} of {L.size}")

# %% [markdown]
# These are source 004's numbers: $\sum_j L_j^2 = 80 \cdot 9 + 11 \cdot 4 + 6 \cdot 1 = 770$,
# $Q = 2 \cdot 128 / 34 \approx 7.5294$ and $p \approx 0.023$. The library function gives the
# same, with the number of informative rows and the accuracies:

# %%
result = cochrans_q(y_true, *y_preds)
print(result)

# %% [markdown]
# **Interpretation.** The p-value 0.023 is the chi-squared approximation of the probability that,
# with exchangeable models, Q would be 7.53 or more. The evidence rests on only 17 informative
# examples, so the approximation needs checking: shuffling the answers within each row gives
# the exact permutation probability, 0.024 (computed below, in the post-hoc section). At the
# 5 % level this is evidence that the three models are not interchangeable. Q does not say
# which ones differ, nor by how much: the accuracies are 84 %, 92 % and 92 %, with 95 % Wilson
# intervals from 76 % to 90 % and from 85 % to 96 % (`accuracy_intervals`; 100 test examples
# measure each accuracy only to within several points). These intervals are for each model alone:
# overlapping intervals do not show that two models are equally accurate, because they ignore that
# the models were tested on the same examples. The differences, with intervals that use the
# pairing, come with the pairwise tests below.
#
# When no example is informative at all (say, three copies of the same model), the formula is
# $0/0$. There is then no evidence either way, and `cochrans_q` returns $Q = 0$ and $p = 1$
# (mlxtend and statsmodels return `nan`, with a warning).

# %%
copies = cochrans_q(y_true, y_preds[0], y_preds[0], y_preds[0])
print(f"Q = {copies.statistic}, p = {copies.pvalue}, "
      f"informative examples: {copies.n_informative}")

# %% [markdown]
# **A typo in the sources' source.** Source 004 itself points out that Kuncheva's book prints
# $Q = 3.7647$ for this example, a typo. The arithmetic shows where it comes from: $128/34 =
# 3.7647$ is the fraction *without* the factor $k - 1 = 2$. The slip is not harmless: read
# against chi-squared with 2 df it would give $p = 0.15$ and the opposite conclusion. (An earlier
# version of this course listed it as an erratum of source 004; the source is right, so the
# errata page now keeps it as a note, `seed004-kuncheva-q-typo`.)

# %%
print(f"128 / 34 = {128 / 34:.4f}  (the fraction without the factor k - 1)")
print(f"p-value if Q were 3.7647: {stats.chi2.sf(3.7647, 2):.3f}; "
      f"for the right Q = {result.statistic:.4f}: {result.pvalue:.3f}")
print_wrapped("Note: " + NOTES["seed004-kuncheva-q-typo"].note)

# %% [markdown]
# **A slip in source 000.** Its slide writes "chi-squared with M-1 degrees of freedom, where L is
# the number of models": two letters for one quantity. With k models the degrees of freedom are $k - 1$
# (`result.df` above is 2 for three models).

# %%
print_wrapped("Erratum: " + ERRATA["seed000-cochran-df-letter"].correct)

# %% [markdown]
# ## Two models: Q is McNemar's statistic
#
# Source 004 runs Cochran's Q on models 1 and 2 alone and compares it with McNemar's test without
# continuity correction:

# %%
two = cochrans_q(y_true, y_preds[0], y_preds[1])
table = mcnemar_table(y_true, y_preds[0], y_preds[1])
mc = mcnemar(table, method="chi2")
print(table)
print(f"Cochran's Q, two models:   Q    = {two.statistic:.3f}, p = {two.pvalue:.3f}, "
      f"df = {two.df}")
print(f"McNemar, uncorrected:      chi2 = {mc.statistic:.3f}, p = {mc.pvalue:.3f}  "
      f"(b = {mc.b}, c = {mc.c})")

# %% [markdown]
# Both give 5.333 and 0.021, source 004's values. This is no coincidence. With $k = 2$ and the
# 2x2 table $[[a, b], [c, d]]$ of chapter 2, the column totals are $G_1 = a + b$ and
# $G_2 = a + c$, so $T = 2a + b + c$; the row totals are 2 ($a$ rows), 1 ($b + c$ rows) or 0
# ($d$ rows), so $\sum_j L_j^2 = 4a + b + c$. Then
#
# $$
# \begin{aligned}
# k \textstyle\sum_i G_i^2 - T^2 &= 2(a + b)^2 + 2(a + c)^2 - (2a + b + c)^2 = (b - c)^2, \\
# k T - \textstyle\sum_j L_j^2 &= 2(2a + b + c) - (4a + b + c) = b + c,
# \end{aligned}
# $$
#
# and with $k - 1 = 1$,
#
# $$
# Q = \frac{(b - c)^2}{b + c},
# $$
#
# McNemar's statistic ([McNemar, 1947](https://doi.org/10.1007/BF02295996)), on one degree of freedom. Cochran's Q is McNemar's
# test generalised to k models; it inherits the uncorrected form, with its tendency to reject a
# little too often when there are few disagreements (chapter 2). For $b = 2$, $c = 10$:
# $(2 - 10)^2 / 12 = 64/12 = 5.333$.
#
# **Interpretation** ($p = 0.021$): the chi-squared approximation of the probability that, if
# models 1 and 2 were equally accurate, their 12 disagreements would split at least as
# lopsidedly as 10 to 2. The exact probability is $2\,(1 + 12 + 66)/4096 = 158/4096 = 3.9\,\%$
# (chapter 2's exact test), not 2 %: with few disagreements the uncorrected approximation is
# too eager. Taken on its own, evidence at the 5 % level that model 2 is more accurate, by 8
# points (below, with its interval). But this is one of three pairs we could have looked at,
# which is the subject of the section after next.

# %%
exact_p = mcnemar(table, method="exact").pvalue
print(f"exact p-value, 10 vs 2: {exact_p:.4f} = 158/4096 = {158 / 4096:.4f}")

# %% [markdown]
# ## What Cochran's Q really tests
#
# With two models, exchangeable answers and equal accuracy are the same thing: an example on
# which exactly one model is right is then equally likely to favour either. With three or more
# they are not. Picture two near-copies, A and B (say the same network trained twice), and an
# unrelated model C, all three 80 % accurate. Equal accuracy holds, so every pairwise McNemar
# test is testing a true hypothesis. Exchangeability does not: on an example where exactly one
# model is right, that model is nearly always C, because A and B rarely disagree. Cochran's
# reference distribution, chi-squared or permutation, assumes the lone right answer is equally
# likely to sit with any model. `simulate_near_duplicates` draws many test sets from this
# situation (A and B disagree on 1 % of the examples; C is independent of both) and counts how
# often each test rejects at the nominal 5 %:

# %%
for n_examples in (200, 2000):
    print_wrapped(simulate_near_duplicates(n_examples, accuracy=0.8, disagreement=0.01,
                                           n_sim=20_000, seed=3))
    print()
critical = stats.chi2.ppf(0.95, 2)  # Q's 5 % critical value, chi-squared with 2 df
print(f"exact copies, the limit: P(2 * chi2(1 df) > {critical:.2f}) = "
      f"{stats.chi2.sf(critical / 2, 1):.3f}")

# %% [markdown]
# Cochran's Q rejects "equal accuracy" in about 8 % of the test sets, at 200 examples and at
# 2 000 alike: this is not a small-sample effect that more data would cure. As the copies become
# exact, Q tends to *twice* a chi-squared variable with one degree of freedom instead of a
# chi-squared with two, and $P(2\chi^2_1 > 5.99) = 0.083$. The pairwise McNemar tests of A and B
# against C reject in about 5 % of the test sets, as a valid test should; A against B rejects
# less often (they rarely disagree, so there is little to test). Holm's adjusted pairwise
# procedure keeps its family-wise error below 5 %.
#
# So a significant Q says that the models' answers are not interchangeable; usually that is
# because their accuracies differ, but not always. Read Q together with the pairwise tests and
# the accuracy differences with their intervals, and when some models are much more alike than
# others (variants of one model beside unrelated ones), let the pairwise McNemar tests decide:
# their hypothesis is exactly equal accuracy for each pair.

# %% [markdown]
# ## Two more tests of equal accuracy: Looney's F and marginal homogeneity
#
# Source 000 lists, beside Cochran's Q, an **F test for several classifiers** (mlxtend's `ftest`):
# Looney's F (Looney, 1988). It treats the correctness matrix as a two-way analysis of
# variance (models x examples) and compares the spread between the models' accuracies with the
# model-by-example interaction. **$H_0$:** all k models have the same accuracy, with the same
# assumption as Q: within an example the models' answers are exchangeable (in ANOVA terms, every
# pair of models equally correlated). It is a monotone function of Q,
# $F = (n-1)Q/(n(k-1) - Q)$, referred to an F distribution with $(k-1, (k-1)(n-1))$ degrees
# of freedom. A **test of marginal homogeneity** (Stuart's statistic (Agresti, 2013))
# tests the same $H_0$ without exchangeability: it estimates the covariance of the accuracy
# differences from the data and refers $W = d^\top V^{-1} d$ to a chi-squared with $k - 1$
# degrees of freedom. On the chapter's three models:

# %%
looney = looney_ftest(y_true, *y_preds)
stuart = marginal_homogeneity_test(y_true, *y_preds)
print(f"Cochran's Q: p = {cochrans_q(y_true, *y_preds).pvalue:.3f}")
print(f"Looney's F = {looney.statistic:.2f} on {looney.df} df: p = {looney.pvalue:.3f}")
print(f"Stuart W = {stuart.statistic:.2f} on {stuart.df} df: p = {stuart.pvalue:.3f}")
for name, acc in zip(["model 1", "model 2", "model 3"], looney.accuracies):
    print(f"  {name}: accuracy {acc.estimate:.2f} [{acc.low:.2f}, {acc.high:.2f}]")

# %% [markdown]
# Q (p = 0.023) and F (p = 0.022) agree, as they must: the same statistic with nearly the same
# reference. The marginal-homogeneity test, which does not lean on exchangeability, gives
# p = 0.067: weaker evidence. The effect in words: model 1 is right on 84 % of the examples
# (95 % interval 76 % to 90 %), models 2 and 3 on 92 % each (85 % to 96 %); model 1 looks about
# 8 points worse, and the data cannot yet exclude a gap near zero.
#
# ### Lab: what happens when exchangeability fails
#
# `simulate_homogeneity_tests` repeats the near-copies experiment above for a whole grid of
# disagreements between A and B, from exact copies (0) to independent models
# ($2 \cdot 0.8 \cdot 0.2 = 0.32$), with 10 000 test sets of 200 examples per point. All three
# models are 80 % accurate, so every rejection is a false positive.

# %% mystnb={"figure": {"caption": "Rejection rates under H0 of Cochran's Q, Looney's F and the Stuart marginal-homogeneity test against how often the near-copies A and B disagree in correctness (10 000 simulated test sets of 200 examples per point, all three models 80 % accurate, bars of plus or minus two Monte Carlo standard errors; dashed line: the nominal 0.05). Q and F coincide: 0.083 for exact copies, falling to 0.048 when the three models are independent (disagreement 0.32); the Stuart test stays between 0.040 and 0.053.", "name": "fig-cochrans-q-exchangeability-lab"}, "image": {"alt": "Line chart with error bars: rejection rate under H0 (y, about 0.04 to 0.09) against the probability that A and B disagree (x, 0 to 0.32), a dashed horizontal line at 0.05. The Q and F curves lie on top of each other, starting at 0.083 at x = 0 and falling steadily to about 0.05 at x = 0.32. The Stuart curve stays flat between 0.040 and 0.053 across the whole range."}} tags=["hide-input"]
lab = simulate_homogeneity_tests(np.linspace(0.0, 0.32, 17), n_examples=200,
                                 accuracy=0.8, n_sim=10_000, seed=3)
fig, ax = plt.subplots(figsize=(6.5, 3.6))
for rates, se, name in zip(lab.rates, lab.standard_error, lab.tests):
    ax.errorbar(lab.disagreement, rates, yerr=2 * se, marker="o", ms=3, capsize=2,
                label=name)
ax.axhline(0.05, color="grey", lw=1, ls="--")
ax.set_xlabel("probability that A and B disagree in correctness")
ax.set_ylabel("rejection rate under H0")
ax.legend(frameon=False)
fig.tight_layout()
plt.show()
print_wrapped(
    f"Three models, each {100 * lab.accuracy:g} % accurate (H0 true); rejection "
    f"rates at alpha = {lab.alpha:g} over {lab.n_sim} test sets of {lab.n_examples} "
    f"examples per row (Monte Carlo SE at most {lab.standard_error.max():.4f}):",
    indent="")
short_names = [name.replace(" marginal homogeneity", "") for name in lab.tests]
print(f"{'A/B disagree':>14}" + "".join(f"{name:>13}" for name in short_names))
for row, disagreement in enumerate(lab.disagreement):
    rates = "".join(f"{rate:>13.3f}" for rate in lab.rates[:, row])
    print(f"{disagreement:>14.3f}{rates}")

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 3.2.** Rejection rates under H0 of Cochran's Q, Looney's F and the Stuart marginal-homogeneity test against how often the near-copies A and B disagree in correctness (10 000 simulated test sets of 200 examples per point, all three models 80 % accurate, bars of plus or minus two Monte Carlo standard errors; dashed line: the nominal 0.05). Q and F coincide: 0.083 for exact copies, falling to 0.048 when the three models are independent (disagreement 0.32); the Stuart test stays between 0.040 and 0.053.

# %% [markdown]
# With exact copies Q and F both reject in 8.3 % of the test sets at the nominal 5 %, and they
# stay above 6 % until A and B disagree on about 10 % of the examples; they reach 5 % only when
# the three models are about equally correlated (0.32, 4.8 %). The Stuart test stays between 4.0 %
# and 5.3 % on the whole grid (Monte Carlo standard error at most 0.3 points): slightly
# conservative when A and B almost never disagree, nominal elsewhere. In a running notebook the
# slider below reads the three rates at any disagreement (the curves are computed once, so the
# table follows at once); the website shows the explorer at its first setting.

# %% tags=["nbval-ignore-output"]
homogeneity_explorer(n_examples=200, accuracy=0.8, n_sim=4000, seed=3)

# %% [markdown]
# **What the course recommends.** Use Cochran's Q (or Looney's F, its ANOVA twin) when the
# models' answers are plausibly exchangeable: models of different families whose errors are
# about equally correlated. When some models are variants of one another (the same network
# trained twice, one model with and without a feature), exchangeability is doubtful: use the
# marginal-homogeneity test, whose level holds either way, and report the accuracies with their
# intervals beside it.

# %% [markdown] tags=["part-marker"]
# **Part 2 of this chapter: After Q: which pairs differ? Holm, Hommel and the false discovery
# rate.** Part 1 (Cochran's Q: many models on one test set) ends here; the instructor guide
# teaches each part in one class.

# %% [markdown]
# ## After Q: which pairs differ?
#
# Cochran's Q rejected "all three interchangeable". To locate the differences we test each of
# the $m = 3$ pairs with McNemar's test (the mid-p test, chapter 2's default) and adjust the
# p-values. **$H_0$ for each pair:** these two models are equally accurate. The adjustment keeps
# the chance of *any* false rejection among the three at most $\alpha$.
#
# - **Bonferroni:** multiply each p-value by $m$ (cap at 1), i.e. test each pair at $\alpha/m$.
# - **Holm** ([Holm, 1979](https://www.jstor.org/stable/4615733)): sort the p-values, $p_{(1)} \le \dots \le p_{(m)}$ (the subscript $(r)$
#   is the rank $r$ of a p-value in this order). Compare $p_{(1)}$ with $\alpha/m$, $p_{(2)}$ with
#   $\alpha/(m-1)$, ..., $p_{(m)}$ with $\alpha$; reject until the first comparison that fails,
#   and stop there. As adjusted p-values:
#   $\tilde p_{(r)} = \min\bigl(1, \max_{s \le r} (m - s + 1)\, p_{(s)}\bigr)$.
#
# The wrong way first: the raw p-values, each read as if it were the only test.

# %%
names = ["model 1", "model 2", "model 3"]
pairs_004 = pairwise_mcnemar(y_true, *y_preds, adjust="holm", names=names)
print("raw mid-p values:", ", ".join(f"{p:.5f}" for p in pairs_004.pvalue))
for (i, j), p in zip(pairs_004.pairs, pairs_004.pvalue):
    verdict = "'significant'" if p <= 0.05 else "not significant"
    # the pair's own 95 % intervals, as if it were the only comparison, in the
    # direction of the model that won more of the pair's disagreements
    if np.sum(correct[:, j] > correct[:, i]) > np.sum(correct[:, i] > correct[:, j]):
        i, j = j, i
    pair = mcnemar(mcnemar_table(y_true, y_preds[i], y_preds[j]))
    share = pair.win_probability
    print(f"{names[i]} - {names[j]}: raw p = {p:.4f} -> {verdict} if read alone\n"
          f"    accuracy difference {in_points(pair.accuracy_difference)} "
          "(Bonett-Price)\n"
          f"    {names[i]} won {pair.b} of {pair.b + pair.c} disagreements, share "
          f"{share.estimate:.3f} [{share.low:.3f}, {share.high:.3f}] (mid-p)")

# %% [markdown]
# Read alone, two pairs look significant. Their individual 95 % intervals of the accuracy
# difference (Bonett-Price, as in chapter 2) put model 2's lead over model 1 between 0.8 and
# 14.9 points, and model 3's between -0.2 and 15.9 points. The second interval just reaches below 0
# while the mid-p value, 0.049, is just below 0.05: the Bonett-Price interval is another method,
# not the inversion of the mid-p test, and so close to the threshold the two can disagree. The
# mid-p interval of model 3's share of their 16 disagreements (0.750, from 0.501 to 0.915) does
# invert the test, and it excludes one half, just, as the test rejects (chapter 2). Adjusted:

# %%
show_pairs(pairs_004)
print()
show_pairs(pairwise_mcnemar(y_true, *y_preds, adjust="bonferroni", names=names))

# %% [markdown]
# After adjustment no pair is significant at the 5 % level: model 1 against model 2 has
# Holm-adjusted p = 0.067, model 1 against model 3 has 0.098, and models 2 and 3, with 3
# disagreements won by each, have p = 1, no evidence either way. Bonferroni gives 0.067, 0.147
# and 1.
#
# The last column gives each difference with a **simultaneous** interval: each is a 98.3 %
# interval, so that by Bonferroni's inequality all three cover their true differences together
# with probability at least 95 %, the same family-wise guarantee as the adjusted p-values. They
# all include 0, and they show what the data still allow: model 2's lead over model 1 anywhere
# from -0.7 to 16.4 points and model 3's from -1.9 to 17.6, so model 1 could be as much as 16 to
# 18 points worse than the others, or about as good; models 2 and 3 are within 6.6 points of each
# other. The lines below the table give each model's accuracy with its own interval.
#
# **An adjusted p-value is a bound, not a probability.** The 0.067 says that Holm's procedure
# rejects this pair at any family-wise level from 0.067 up, and guarantees that if all three
# models were equally accurate, a smallest raw p-value as small as 0.0225 would turn up in *at
# most* 6.7 % of test sets (by Boole's inequality, $3 \times 0.0225$). The guarantee holds for
# valid raw p-values, those that under $H_0$ fall at or below any level $x$ with probability at
# most $x$; mid-p values can slightly exceed that, so for them it is approximate. Here the exact
# probability can be computed. Under Cochran's $H_0$
# each informative row is equally likely to take each of its three arrangements, independently;
# only how many rows take each arrangement matters, so the whole permutation distribution is a
# product of two multinomials (28 x 78 cases instead of $3^{17}$ arrangements):

# %%
rows = correct[(L > 0) & (L < k)].astype(int)
n_one, n_two = int(np.sum(rows.sum(axis=1) == 1)), int(np.sum(rows.sum(axis=1) == 2))


def arrangement_counts(n_rows):
    """All (n_1, n_2, n_3) summing to n_rows, with their multinomial probabilities."""
    counts = np.array([(i, j, n_rows - i - j)
                       for i in range(n_rows + 1) for j in range(n_rows - i + 1)])
    weights = np.array([factorial(n_rows) / np.prod([factorial(x) for x in c])
                        for c in counts]) / 3.0**n_rows
    return counts, weights


# one_right[:, i]: rows with one right answer that give it to model i;
# one_wrong[:, i]: rows with two right answers that leave model i wrong
one_right, w_one = arrangement_counts(n_one)
one_wrong, w_two = arrangement_counts(n_two)
weight = np.outer(w_one, w_two)
G_perm = G - rows.sum(axis=0) + one_right[:, None, :] + (n_two - one_wrong)[None, :, :]
Q_perm = (k - 1) * (k * np.sum(G_perm**2, axis=2) - T**2) / denominator
smallest_p = np.ones_like(weight)
for i, j in [(0, 1), (0, 2), (1, 2)]:
    # model i right, model j wrong
    b_perm = one_right[:, None, i] + one_wrong[None, :, j]
    c_perm = one_right[:, None, j] + one_wrong[None, :, i]
    smallest_p = np.minimum(smallest_p, mcnemar_pvalues(b_perm, c_perm)[1])
print(f"{weight.size} cases, total probability {weight.sum():.6f}")
print(f"exact permutation p-value of Q = {Q:.4f}: "
      f"{weight[Q_perm >= Q - 1e-9].sum():.4f} "
      f"(chi-squared: {result.pvalue:.4f})")
observed_smallest = pairs_004.pvalue.min()
at_most = smallest_p <= observed_smallest * (1 + 1e-12)
print(f"P(smallest raw p <= {observed_smallest:.4f}) = {weight[at_most].sum():.4f} "
      f"(Holm bound: {pairs_004.pvalue_adjusted.min():.4f})")

# %% [markdown]
# The exact permutation probability is 0.062: with three exchangeable models, a smallest
# pairwise p-value of 0.0225 or less would turn up in 6.2 % of test sets of this kind (the same
# informative rows, their answers shuffled within each row). Holm's
# 0.067 bounds it, and here the bound is close; with more pairs, or strongly dependent ones, it
# can be far from tight. The same enumeration gives Q's exact permutation p-value, 0.024,
# against the chi-squared 0.023.
#
# Is it a contradiction, Q significant and no pair significant? No. Q pools the evidence of all
# 17 informative examples into one test of one hypothesis; each pairwise test sees only the
# disagreements of its pair (12, 16 and 6) and pays for being one of three. The honest report
# is: "Cochran's Q gives evidence against the three models being interchangeable ($Q = 7.53$,
# $p = 0.023$; exact permutation $p = 0.024$). Model 1 looks the weakest, 8 points below each of
# the other two (individual 95 % intervals of the others' leads from 0.8 to 14.9 and from -0.2 to
# 15.9 points; simultaneous ones from -0.7 to 16.4 and from -1.9 to 17.6), but this test set is
# too small to say which pairs differ at a family-wise level of 5 %." The p-value is not the
# probability that the models are interchangeable, nor its complement the probability that they
# are not; it says how surprising these data would be if they were. The exact McNemar test,
# which never exceeds $\alpha$, is more cautious still (exercise 3).

# %% [markdown]
# ### Why Holm, not Bonferroni
#
# Given valid p-values, both procedures keep the FWER at or below $\alpha$ for *any* dependence
# between the tests. Bonferroni by Boole's inequality. Holm by a short argument: let $m_0$ be the
# number of true null hypotheses among the $m$. Holm can falsely reject only if it reaches a true
# null; the first true null in the sorted order sits at a rank $r \le m - m_0 + 1$, where the
# threshold is $\alpha/(m - r + 1) \le \alpha/m_0$. So a false rejection requires some true null with
# $p \le \alpha/m_0$, which by Boole's inequality has probability at most $m_0 \cdot \alpha/m_0 = \alpha$.
#
# And Holm is **never less powerful**: its thresholds $\alpha/m, \alpha/(m-1), \dots, \alpha$
# are never smaller than Bonferroni's $\alpha/m$, so whenever Bonferroni rejects a hypothesis,
# Holm rejects it too, on every possible data set; in adjusted terms
# $(m - s + 1)\,p_{(s)} \le m\,p_{(s)}$. There is no reason to use Bonferroni except that it is
# simpler to explain. The gain appears when several hypotheses are false, as in this constructed
# test set: model A is wrong on one example, B on twelve others and on A's, C on nine others.

# %%
y_toy = np.zeros(400, dtype=int)
pred_a, pred_b, pred_c = (np.zeros(400, dtype=int) for _ in range(3))
pred_a[399] = 1
pred_b[list(range(12)) + [399]] = 1
pred_c[12:21] = 1
toy_names = ["A", "B", "C"]
for adjust in ("holm", "bonferroni"):
    show_pairs(pairwise_mcnemar(y_toy, pred_a, pred_b, pred_c, method="exact",
                                adjust=adjust, names=toy_names), decimals=2)
    print()

# %% [markdown]
# A against B: A won all 12 disagreements (raw p = 0.0005), significant under both. A against
# C: A won 9 of 10 (raw p = 0.021). Bonferroni compares it with $0.05/3 = 0.017$ and keeps $H_0$
# (adjusted 0.064); Holm, having rejected one hypothesis, compares it with $0.05/2 = 0.025$ and
# rejects (adjusted 0.043): evidence that A is more accurate than C, with the FWER still at most
# 5 %. C against B (13 to 9) shows no evidence of a difference (p = 0.52). The simultaneous
# intervals follow Bonferroni, not Holm: A's lead over C, from -0.06 to 4.04 points, just
# includes 0, the interval-shaped version of Bonferroni's verdict; Holm's extra rejection has no
# interval of its own. Under the complete null, when no model differs, Holm and Bonferroni reject something in exactly the same test sets
# (both need the smallest p-value below $\alpha/m$), which is why their curves coincide in the
# figure above.

# %% [markdown]
# ### Hommel's procedure, and what the false discovery rate is for
#
# Hommel's procedure ([Hommel, 1988](https://doi.org/10.1093/biomet/75.2.383)) is a closed test built on Simes' inequality: it
# rejects everything Holm rejects and sometimes more, and it controls the family-wise error
# rate when Simes' inequality holds: for independent tests, and for positively dependent ones
# in a technical sense (PRDS). Pairwise tests that share models are usually positively
# dependent, but for two-sided tests this is not guaranteed; Holm's procedure needs no such
# condition, which is why it stays the default. On the chapter's three models:

# %%
show_pairs(pairwise_mcnemar(y_true, *y_preds, adjust="hommel", names=names))

# %% [markdown]
# Here Hommel gives the same adjusted p-values as Holm: at most 0.067 for model 1 against
# model 2 and at most 0.098 for model 1 against model 3 (bounds, like every adjusted p-value),
# and 1 for models 2 and 3. In words: model 1 is 8 points less accurate than model 2
# (simultaneous 95 % interval of model 2's lead from -0.7 to 16.4 points) and 8 points less
# accurate than model 3 (from -1.9 to 17.6); models 2 and 3 tie (0 points, within 6.6 either
# way). No pair is significant at 5 % after adjustment, while Q was (p = 0.023): report both.
#
# **False discovery rate.** The Benjamini-Hochberg procedure ([Benjamini and Hochberg, 1995](https://doi.org/10.1111/j.2517-6161.1995.tb02031.x))
# (`adjust="bh"`) controls a different error: the expected share of false rejections among
# the rejections, not the chance of any false rejection. It rejects everything Holm rejects,
# often more, and fits
# screening: many metrics or many data sets, where a few false leads among many real ones are
# acceptable because they will be checked again. It does not fit confirming that one model is
# better than the others, where a single false claim is the error that matters; there use Holm
# or Hommel. (Under dependence of unknown sign, Benjamini-Yekutieli's `adjust="by"` keeps the
# FDR guarantee.)
#
# ### Must Q come first?
#
# The course takes one position on this, here and in chapter 6. Holm- or Bonferroni-adjusted
# pairwise tests with valid p-values, the post-hoc procedures of this chapter, control the
# family-wise error rate **on their own**, whichever of the pairs are truly equal (strong
# control), so they are valid whether or not the omnibus test rejected. (Chapter 6's mean-rank
# procedures, Nemenyi's and Bonferroni-Dunn's, hold their level only when all algorithms are
# exchangeable; with some algorithms different, their level for the equal pairs depends on the
# rest of the pool.) The omnibus test answers a different
# question, "is there any difference at all?". Running the post-hoc stage only after an omnibus
# rejection, as source 000 and Demšar ([Demšar, 2006](https://jmlr.org/papers/v7/demsar06a.html)) do, is a convention; it can only make the
# procedure more conservative. The two can disagree in both directions: source 004's example has a
# significant Q and no significant pair, and the opposite happens too, since Q pools evidence
# the pairwise tests share out (or, as shown above, reacts to non-exchangeable models). When you
# run both, report both.
#
# What the gate must not do is replace the adjustment. The figure's orange curve shows the
# popular shortcut "Q first, then *unadjusted* pairwise tests": it holds the FWER at $\alpha$
# when all models are equal (any false rejection needs Q to reject first), but fails as soon as
# one model is clearly different (exercise 4).

# %% [markdown]
# ## A real comparison: five classifiers on the digits
#
# Five classifiers, each trained once on half of the 1 797 handwritten digits and tested on the
# other half (a fixed, stratified split).

# %%
X, y = load_digits(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.5, random_state=0,
                                                    stratify=y)
models = {
    "logistic regression": make_pipeline(StandardScaler(),
                                         LogisticRegression(max_iter=2000)),
    "k-NN": make_pipeline(StandardScaler(), KNeighborsClassifier()),
    "SVM": make_pipeline(StandardScaler(), SVC()),
    "random forest": RandomForestClassifier(n_estimators=100, random_state=0),
    "naive Bayes": GaussianNB(),
}
predictions = {name: model.fit(X_train, y_train).predict(X_test)
               for name, model in models.items()}
for name, y_pred in predictions.items():
    print(f"{name:>20}: test accuracy {np.mean(y_pred == y_test):.4f}")

# %% [markdown]
# **Step 1, the omnibus test.** $H_0$: on images like these, the five trained models' answers
# are exchangeable on every image, so in particular the models are equally accurate.

# %%
digits_q = cochrans_q(y_test, *predictions.values())
print(f"Q = {digits_q.statistic:.1f}, df = {digits_q.df}, p = {digits_q.pvalue:.2g}, "
      f"informative examples: {digits_q.n_informative} of {digits_q.n_examples}")
for name, accuracy in zip(predictions, digits_q.accuracy_intervals):
    low, high = 100 * accuracy.low, 100 * accuracy.high
    estimate = 100 * accuracy.estimate
    print(f"{name:>20}: accuracy {estimate:.1f} % [{low:.1f}, {high:.1f}]")

# %% [markdown]
# A Q of 326 on 4 degrees of freedom ($p \approx 3 \times 10^{-69}$) would essentially never
# occur if the five models' answers were exchangeable: overwhelming evidence against $H_0$. The
# accuracies, from 82.9 % to 97.3 %, suggest why, but Q also reacts to models that are merely
# more alike than others, so the pairwise tests must say which accuracies differ.
#
# **Step 2, the post-hoc tests.** McNemar's test for each of the ten pairs (the mid-p test, the
# default, as in chapter 2), with Holm's adjustment, and each accuracy difference with its
# interval.

# %%
digits_pairs = pairwise_mcnemar(y_test, *predictions.values(), adjust="holm",
                                alpha=0.05, names=list(predictions))
short = {"logistic regression": "logistic", "random forest": "forest"}
show_pairs(digits_pairs, short)
print()
print("exact P(split at least this uneven | H0), pair by pair:")
preds = list(predictions.values())
for i, j in digits_pairs.pairs:
    exact = mcnemar(mcnemar_table(y_test, preds[i], preds[j]), method="exact").pvalue
    first, second = (short.get(name, name)
                     for name in (digits_pairs.names[i], digits_pairs.names[j]))
    print(f"  {first + ' vs ' + second:<26} {exact:.2g}")

# %% [markdown]
# Every p-value, in words (all at a family-wise level of 5 %):
#
# - **Naive Bayes against each of the four others** (Holm-adjusted p between $4 \times 10^{-34}$
#   and $2 \times 10^{-26}$): naive Bayes loses between 127 and 137 of its disagreements with
#   each model and wins between 4 and 12. Under equal accuracy this would essentially never
#   happen; naive Bayes is less accurate than each of the other four trained models, by 13.5 to
#   14.5 points (simultaneous 95 % intervals, all ten together, from about 10 to 18 points).
# - **Logistic regression against k-NN** and **SVM against random forest** (adjusted p = 1;
#   in the table, logistic is logistic regression and forest the random forest):
#   exactly as many disagreements won as lost (25 to 25, 15 to 15); no evidence of any
#   difference, with simultaneous intervals of $\pm 2.2$ and $\pm 1.8$ points around zero.
# - **The four other pairs among the strong models** (raw mid-p between 0.11 and 0.14, Holm-adjusted
#   0.66): the SVM and the random forest win somewhat more disagreements with logistic regression
#   and k-NN (for example 23 to 14), but if the models were equally accurate, a split at least
#   this uneven would occur with probability between 0.15 and 0.19 for each pair (the exact
#   binomial probability), and more often than that in at least one of four such pairs. Each
#   lead is 1.0 point, with simultaneous intervals from about -0.9 to 2.9 points (the SVM's or
#   the random forest's lead). No evidence of a difference; also no proof that there is none.
#
# The one-point accuracy lead of the SVM and the random forest (97.3 % against 96.3 %) is
# therefore not established by this test set. What it does show, at a family-wise level of 5 %,
# is that naive Bayes is less accurate than each of the other four.
# These are statements about these *trained models* on one test set; whether the learning
# algorithms differ when retrained on other samples is the question of chapter 4.

# %% [markdown]
# ## Summary
#
# - With k models there are $m = k(k-1)/2$ pairs; testing each at $\alpha$ makes a false
#   "significant" pair likely (27 % for five equally accurate models, up to $1 - (1-\alpha)^m$
#   for independent tests, at most $m\alpha$).
# - Cochran's Q tests one hypothesis from the correctness matrix: on every example the models'
#   answers are exchangeable. $Q = (k-1)\,(k\sum G_i^2 - T^2)/(kT - \sum L_j^2)$, approximately
#   chi-squared with $k - 1$ df. Only examples on which the models disagree enter it. Source 004's
#   example gives $Q = 7.5294$, $p = 0.023$ (exact permutation probability 0.024; Kuncheva's
#   3.7647 drops the factor $k - 1$).
# - Exchangeability is more than equal accuracy: two near-copies beside an unrelated model, all
#   equally accurate, make Q reject about 8 % of the time at a nominal 5 %, with 200 test
#   examples and with 2 000 alike, while the pairwise McNemar tests stay at or below 5 %.
# - For two models Q is exactly McNemar's uncorrected statistic $(b - c)^2/(b + c)$.
# - Q measures no effect: report each model's accuracy with its interval (`accuracy_intervals`)
#   and each pair's difference with an interval that uses the pairing.
# - Find the differing pairs with pairwise McNemar tests and adjusted p-values, each with its
#   accuracy difference and a simultaneous interval (Bonett-Price at $1 - \alpha/m$: all $m$
#   together at $1 - \alpha$). Holm's procedure controls the family-wise error rate like
#   Bonferroni's and rejects everything Bonferroni rejects, and sometimes more: prefer it. It is
#   valid with or without a significant Q; gating it on Q only makes it more conservative.
# - An adjusted p-value is a bound on a probability, not the probability (source 004: Holm 0.067,
#   exact 0.062).
# - A significant Q with no significant pair is not a contradiction: the omnibus test pools
#   evidence that the pairwise tests must share out. Report both.
# - Looney's F is Q's analysis-of-variance twin (a monotone function of Q, same assumption):
#   on source 004, F gives p = 0.022 beside Q's 0.023. The Stuart marginal-homogeneity test does
#   not assume exchangeability and gives p = 0.067.
# - The lab: with two exact copies among three equally accurate models, Q and F reject in 8.3 %
#   of test sets at a nominal 5 %, the Stuart test in 4.8 %. Use Q when exchangeability is
#   plausible, the marginal-homogeneity test when some models are variants of one another.
# - Hommel's adjustment rejects at least what Holm rejects (the same here: 0.067, 0.098, 1).
#   Benjamini-Hochberg controls the false discovery rate: for screening many metrics or data
#   sets, not for confirming one winner.
# - A p-value above $\alpha$ means "no evidence of a difference", never "the models are equal".

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** Five equally accurate models are compared pairwise with McNemar's test, each of the ten pairs at alpha = 0.05. How often does at least one pair come out "significant"?
#
# <details class="quiz-answer">
# <summary>(a) In about 27 % of test sets, by chapter 3's simulation.</summary>
#
# **Right.** More than one test set in four would show a winner that does not exist. Holm's or Bonferroni's adjustment brings it down to 3.6 % in the same simulation.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) In 10 x 0.05 = 50 % of test sets.</summary>
#
# **Not quite.** 50 % is Bonferroni's bound, the most the rate can be whatever the dependence; the rate itself is lower.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) In 5 % of test sets, the level of each test.</summary>
#
# **Not quite.** Each test alone has a 5 % chance of a false rejection; with ten chances, at least one false alarm is far more likely.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) In about 40 % of test sets, 1 - 0.95^10, as for any ten tests at the 5 % level.</summary>
#
# **Not quite.** That formula assumes independent tests. Pairs that share models are positively dependent, so the rate is lower, though still far above 5 %.
#
# </details>
#
# **Question 2.** How does Holm's procedure differ from Bonferroni's?
#
# <details class="quiz-answer">
# <summary>(a) It rejects everything Bonferroni rejects, sometimes more, with the same guarantee.</summary>
#
# **Right.** Holm compares the smallest p-value with alpha/m, the next with alpha/(m - 1), and so on, stopping at the first that fails; its thresholds are never below Bonferroni's alpha/m. Both hold for any dependence between the tests.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) It needs the tests to be independent.</summary>
#
# **Not quite.** Holm's procedure is valid for any dependence between the tests, like Bonferroni's; Hommel's procedure, which rejects at least as much, needs independent or positively dependent tests.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) It is Bonferroni's correction, applied only to the pairs of a family whose omnibus test (Cochran's Q) has rejected.</summary>
#
# **Not quite.** Holm's procedure needs no omnibus test first: it controls the family-wise error rate on its own.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) It controls the false discovery rate instead of the family-wise error rate.</summary>
#
# **Not quite.** That is Benjamini and Hochberg's procedure; Holm controls the family-wise error rate, as Bonferroni does.
#
# </details>
#
# **Question 3.** On source 004's three models Cochran's Q gives p = 0.023, but no pair of models is significant after Holm's adjustment (smallest adjusted p = 0.067). What do you report?
#
# <details class="quiz-answer">
# <summary>(a) That the pairwise tests must be wrong, since the omnibus test rejected.</summary>
#
# **Not quite.** Both can be right: Q pools the evidence of all 17 informative examples into one hypothesis, while each pair sees only its own disagreements and pays for being one of three.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Both: evidence that the models are not interchangeable, but none that locates the difference in a pair.</summary>
#
# **Right.** With the effects: model 1 is 8 points less accurate than each of the others, and the simultaneous intervals of both differences include 0. The adjusted pairwise tests control the family-wise error on their own.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The unadjusted pairwise p-values: once Q has rejected, the pairs need no adjustment.</summary>
#
# **Not quite.** That is the shortcut "Q first, then unadjusted tests": it keeps the family-wise error at alpha only when all models are equal, and fails as soon as one model is clearly different (chapter 3, exercise 4).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Nothing, because the two tests contradict each other.</summary>
#
# **Not quite.** They answer different questions ("any difference at all?" and "which pairs?"), so neither invalidates the other.
#
# </details>
#
# **Question 4.** Three models are compared on one test set: two are the same network trained twice (near-copies), the third is unrelated. Which test of "equal accuracy" keeps its level?
#
# <details class="quiz-answer">
# <summary>(a) Unadjusted pairwise McNemar tests, since each one tests equal accuracy exactly.</summary>
#
# **Not quite.** Each test is valid alone, but nothing controls the family: three unadjusted tests together can find a false "significant" pair more often than 5 %.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Cochran's Q.</summary>
#
# **Not quite.** Q assumes exchangeable answers, which near-copies violate: in chapter 3's lab it rejects a true H0 of equal accuracy in about 8 % of test sets at nominal 5 %, at 200 and at 2 000 examples alike.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) Looney's F test, the analysis-of-variance form of Q.</summary>
#
# **Not quite.** It is a monotone function of Q with the same assumption, and it rejected as often as Q in the lab.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Stuart's marginal-homogeneity test.</summary>
#
# **Right.** It estimates the covariance of the accuracy differences from the data instead of assuming exchangeable answers; in the lab it stayed near 5 % (4.8 % with exact copies). Pairwise McNemar tests with Holm's adjustment keep their level too.
#
# </details>
#
# **Question 5.** In source 004's example the Holm-adjusted p-value of model 1 against model 2 is 0.067. What does 0.067 say?
#
# <details class="quiz-answer">
# <summary>(a) About 6.7 % of the pairs declared significant are false discoveries.</summary>
#
# **Not quite.** That would be a false discovery rate, which Benjamini and Hochberg's procedure controls; Holm bounds the chance of any false rejection.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) That model 1 against model 2 would come out significant in 6.7 % of repeated test sets.</summary>
#
# **Not quite.** That reads a bound as a frequency. The bound is about the smallest of the three raw p-values when all three models are equally accurate, and here the exact probability is 6.2 %.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The probability that models 1 and 2 are equally accurate is 6.7 %.</summary>
#
# **Not quite.** No p-value, adjusted or not, is the probability of a hypothesis.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) If all three were equally accurate, a smallest raw p-value of 0.0225 or less would occur at most this often.</summary>
#
# **Right.** An adjusted p-value is a bound, not a frequency: here the exact permutation probability is 6.2 %, just under Holm's 6.7 %. With more pairs the bound can be far from tight.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** You compare 4 models on one test set. How many pairwise tests are there? What
# is the FWER of unadjusted tests at $\alpha = 0.05$ if they were independent? At what raw
# p-value does Bonferroni declare a pair significant, and what are Holm's thresholds? Store the
# number of pairs in `ex1_pairs`, the FWER in `ex1_fwer`, Bonferroni's threshold in
# `ex1_bonferroni` and Holm's six thresholds, smallest first, in a list `ex1_holm_thresholds`.
#
# **Exercise 2.** The chi-squared distribution of Q is a large-sample approximation, and
# source 004's example has only 17 informative examples. Under $H_0$ every row's pattern is
# exchangeable, so shuffling the entries *within each row* gives another equally likely data set.
# Compute the permutation p-value of $Q = 7.5294$ from 20 000 random within-row shuffles and
# compare it with the chi-squared 0.023 and with the exact enumeration of the post-hoc section.
# Store the permutation p-value in `ex2_pvalue`.
#
# **Exercise 3.** Redo the post-hoc tests of source 004's example with the exact McNemar test (the
# variant whose Type I error never exceeds $\alpha$) and with Holm's adjustment. Does any pair
# become significant? Store the three adjusted p-values, in the order `pairwise_mcnemar` gives the
# pairs, in `ex3_adjusted`, and whether any pair is significant (True or False) in
# `ex3_any_significant`.
#
# **Exercise 4.** Five models: four equally accurate (about 80 %), the fifth much worse (about
# 60 %). Among the four equal ones there are six true null hypotheses. Simulate 400 test sets of
# 300 examples and estimate, for "Q first, then unadjusted pairwise tests" and for Holm, how
# often at least one of those six pairs is declared significant. Store the three rates in a dict
# `ex4_rates` with the keys `"unadjusted"`, `"gate"` (Q first, then unadjusted) and `"holm"`.
#
# **Exercise 5.** Source 004's raw mid-p values of the three pairs are 0.02246, 0.04904 and 1.
# Compute by hand Holm's adjusted p-values and Benjamini-Hochberg's
# ($\tilde p_{(r)} = \min_{s \ge r} \min(1, m\, p_{(s)}/s)$, with ranks $r$ and $s$ as in
# Holm's procedure), check them with
# `pairwise_mcnemar(..., adjust="holm")` and `adjust="bh"`, and say in one sentence each what
# the two sets of numbers mean and which one fits a claim that model 1 is the worst of the
# three. Store the adjusted p-values, in the order of the raw ones, in a dict `ex5_adjusted` with
# the keys `"holm"` and `"bh"`.

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 1</summary>
#
# $m = 4 \cdot 3/2 = 6$ pairs. If independent, $1 - 0.95^6 \approx 0.265$. Bonferroni tests each
# pair at $0.05/6 \approx 0.0083$. Holm compares the sorted p-values with
# $0.05/6, 0.05/5, 0.05/4, 0.05/3, 0.05/2, 0.05$, rejecting while each is at or below its
# threshold, and stops at the first that exceeds it. The code below also shows `adjust_pvalues` on six made-up p-values.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
m = 4 * 3 // 2
ex1_pairs, ex1_fwer, ex1_bonferroni = m, 1 - 0.95**m, 0.05 / m
ex1_holm_thresholds = [0.05 / (m - j) for j in range(m)]
print(f"m = {m}, FWER if independent = {ex1_fwer:.3f}, "
      f"Bonferroni threshold = {ex1_bonferroni:.4f}")
print("Holm thresholds:", [round(t, 4) for t in ex1_holm_thresholds])
raw = np.array([0.004, 0.009, 0.011, 0.02, 0.3, 0.6])
print("raw       :", raw)
print("Bonferroni:", adjust_pvalues(raw, "bonferroni").round(3))
print("Holm      :", adjust_pvalues(raw, "holm").round(3))

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# Shuffling within rows leaves every $L_j$, hence $T$ and $\sum L_j^2$, unchanged; only the
# column totals $G_i$ move. Rows with $L_j = 0$ or $k$ are unchanged by any shuffle, so only the
# 17 informative rows need shuffling. The permutation p-value is the fraction of shuffles with a
# Q at least as large as the observed one: about 0.024 (with 20 000 shuffles, give or take about
# 0.001), the exact value 0.0242 of the enumeration and close to the chi-squared value 0.023.
# The conclusion at the 5 % level stands: if the three models' answers were exchangeable, a Q
# at least this large would arise in 2.4 % of the equally likely within-row arrangements of
# these informative examples (the exact enumeration's 0.0242).
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
rng = np.random.default_rng(0)
informative = correct[(L > 0) & (L < k)].astype(int)
n_perm = 20_000
order = np.argsort(rng.random((n_perm, informative.shape[0], k)), axis=2)
shuffled = np.take_along_axis(np.broadcast_to(informative, order.shape), order, axis=2)
# the other rows keep their totals
G_perm = G - informative.sum(axis=0) + shuffled.sum(axis=1)
Q_perm = (k - 1) * (k * np.sum(G_perm**2, axis=1) - T**2) / denominator
ex2_pvalue = np.mean(Q_perm >= Q - 1e-9)
print(f"permutation p-value: {ex2_pvalue:.4f}  "
      f"(chi-squared: {result.pvalue:.4f})")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# The exact test's raw p-values (0.039, 0.077, 1) are larger than the mid-p ones (0.022, 0.049,
# 1), and after Holm's adjustment (0.12, 0.15, 1) none is significant. Same conclusion, reached
# more cautiously; with only 12, 16 and 6 disagreements the exact test pays for its guarantee
# with power (chapter 2).
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
exact_pairs = pairwise_mcnemar(y_true, *y_preds, method="exact", adjust="holm",
                               names=names)
show_pairs(exact_pairs)
ex3_adjusted = exact_pairs.pvalue_adjusted
ex3_any_significant = bool(exact_pairs.reject.any())

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 4</summary>
#
# The bad model makes Q reject in nearly every test set, so the gate no longer protects
# anything: "Q first, then unadjusted" falsely declares a difference among the four equal models
# exactly as often as unadjusted tests do, 16.5 % in this run. Expect about 20 %: 400 test sets
# measure a rate only to within about 2 points, and other seeds give anything from about 14 % to
# 26 %. Holm's rate is 4.0 %, within the 5 % it guarantees. The gate protects only against the
# *complete* null hypothesis.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
rng = np.random.default_rng(4)
n_sets, n_ex = 400, 300
y_sim = np.zeros(n_ex, dtype=int)
false_gate = false_raw = false_holm = 0
for _ in range(n_sets):
    # mean 0.8, as in familywise_error
    difficulty = rng.beta(0.8 * 7 / 3, 0.2 * 7 / 3, size=n_ex)
    sim_preds = [np.where(rng.random(n_ex) < difficulty, 0, 1) for _ in range(4)]
    # the clearly worse fifth model
    sim_preds.append(np.where(rng.random(n_ex) < 0.6, 0, 1))
    q_sim = cochrans_q(y_sim, *sim_preds)
    pairs_sim = pairwise_mcnemar(y_sim, *sim_preds, adjust="holm")
    # the six true nulls
    equal = [idx for idx, (i, j) in enumerate(pairs_sim.pairs) if j < 4]
    any_raw = bool(np.any(pairs_sim.pvalue[equal] <= 0.05))
    false_raw += any_raw
    false_gate += any_raw and q_sim.pvalue <= 0.05
    false_holm += bool(np.any(pairs_sim.reject[equal]))
ex4_rates = {"unadjusted": false_raw / n_sets, "gate": false_gate / n_sets,
             "holm": false_holm / n_sets}
print(f"P(a false 'significant' pair among the four equal models), {n_sets} test sets:")
print(f"  unadjusted               : {false_raw / n_sets:.3f}")
print(f"  Q first, then unadjusted : {false_gate / n_sets:.3f}")
print(f"  Holm                     : {false_holm / n_sets:.3f}")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 5</summary>
#
# Holm: $3 \times 0.02246 = 0.0674$, then $\max(0.0674, 2 \times 0.04904) = 0.0981$, then
# $\max(0.0981, 1) = 1$. Benjamini-Hochberg, from the largest down: $1$;
# $3 \times 0.04904 / 2 = 0.0736$; $\min(0.0736, 3 \times 0.02246 / 1) = 0.0674$. An adjusted
# p-value is the smallest level at which the procedure declares the pair significant. Holm's
# are family-wise levels: Holm keeps the probability of *any* false rejection among the three
# pairs at or below the level you choose. BH's are false-discovery-rate levels: BH keeps the
# expected *share* of false rejections among the rejections at or below it. Neither rejects at
# 5 %. A claim that model 1
# is the worst is a confirmatory claim about specific pairs, so Holm (or Hommel) is the right
# reading: no pair differs significantly, although model 1's accuracy is 8 points lower in both.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex5_adjusted = {}
for adjust in ("holm", "bh"):
    result = pairwise_mcnemar(y_true, *y_preds, adjust=adjust, names=names)
    ex5_adjusted[adjust] = result.pvalue_adjusted
    print(f"{adjust:>4}: raw {np.round(result.pvalue, 4)}  "
          f"adjusted {np.round(result.pvalue_adjusted, 4)}")

# %% [markdown] tags=["references"]
# ## References
#
# - Agresti, A. (2013). Categorical Data Analysis. *Wiley*.
# - Benjamini, Y. and Hochberg, Y. (1995). Controlling the false discovery rate: a practical and powerful approach to multiple testing. *Journal of the Royal Statistical Society: Series B (Methodological)*, 57(1), 289–300. <https://doi.org/10.1111/j.2517-6161.1995.tb02031.x>
# - Cochran, W. G. (1950). The comparison of percentages in matched samples. *Biometrika*, 37(3/4), 256–266. <https://doi.org/10.2307/2332378>
# - Demšar, J. (2006). Statistical comparisons of classifiers over multiple data sets. *Journal of Machine Learning Research*, 7, 1–30. <https://jmlr.org/papers/v7/demsar06a.html>
# - Holm, S. (1979). A simple sequentially rejective multiple test procedure. *Scandinavian Journal of Statistics*, 6(2), 65–70. <https://www.jstor.org/stable/4615733>
# - Hommel, G. (1988). A Stagewise Rejective Multiple Test Procedure Based on a Modified Bonferroni Test. *Biometrika*, 75(2), 383–386. <https://doi.org/10.1093/biomet/75.2.383>
# - Kuncheva, L. I. (2004). Combining Pattern Classifiers: Methods and Algorithms. *Wiley*. <https://doi.org/10.1002/0471660264>
# - Looney, S. W. (1988). A Statistical Technique for Comparing the Accuracies of Several Classifiers. *Pattern Recognition Letters*, 8(1), 5–9.
# - McNemar, Q. (1947). Note on the sampling error of the difference between correlated proportions or percentages. *Psychometrika*, 12(2), 153–157. <https://doi.org/10.1007/BF02295996>
