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
# # McNemar's test: two trained classifiers, one test set
#
# ## Overview
#
# You have trained two classifiers and scored both on the same test set. Model 1 is right on
# 99.7 % of the examples and model 2 on 99.6 %. Is model 1 really better, or would another test
# set of the same size have told the opposite story? This chapter answers that question for the
# common situation in which each model can be trained only once (a large network, say), so the
# only evidence is one test set ([Dietterich, 1998](https://doi.org/10.1162/089976698300017197)).
#
# After this chapter you will be able to
#
# - build the 2x2 table of agreement from two models' predictions, for binary and multiclass
#   problems alike;
# - explain why only the two disagreement counts b and c carry evidence, and why the accuracies
#   alone cannot;
# - separate the size of a difference in accuracy (an effect, with its interval) from the
#   evidence that it is real (a p-value), and say what a p-value is;
# - derive McNemar's statistic ([McNemar, 1947](https://doi.org/10.1007/BF02295996)), Edwards' continuity correction
#   ([Edwards, 1948](https://doi.org/10.1007/BF02289261)), the exact binomial p-value and the mid-p value ([Fagerland et al., 2013](https://doi.org/10.1186/1471-2288-13-91));
# - compute each variant's Type I error and power exactly, and explain why the course uses the
#   mid-p test by default rather than the sources' textbook rule;
# - plan how many test examples a comparison needs, and judge whether a difference matters in
#   practice by comparing its interval with the smallest difference that would;
# - state the hypothesis, interpret the p-value in words and name the test's limits.
#
# **Prerequisites:** accuracy and the confusion matrix (chapter 1), the binomial distribution,
# and what a p-value is.

# %% tags=["hide-input"]
import textwrap

import numpy as np
import matplotlib.pyplot as plt
from scipy import stats
from sklearn.datasets import load_digits
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

from lecture_lib import (
    errata,
    mcnemar,
    mcnemar_example,
    mcnemar_pvalue_grid,
    mcnemar_rejection_probability,
    mcnemar_sample_size,
    mcnemar_table,
    plot_mcnemar_pvalue_heatmap,
    plot_mcnemar_rejection_curves,
    paired_accuracy_difference,
    plot_rejection_rates,
    practical_significance,
    predictions_from_table,
    simulate_mcnemar,
    source_notes,
)
from lecture_lib.widgets import (
    mcnemar_explorer,
    mcnemar_heatmap_explorer,
    mcnemar_sample_size_explorer,
    mcnemar_type1_explorer,
)

ERRATA = {e.key: e for e in errata()}
NOTES = {note.key: note for note in source_notes()}


def in_points(interval):
    """'0.10 points [0.027, 0.173]': an accuracy difference (an Interval) in points."""
    low, high = 100 * interval.low, 100 * interval.high
    return f"{100 * interval.estimate:.2f} points [{low:.3f}, {high:.3f}]"


def in_three(interval):
    """'0.917 [0.653, 0.996] (95 % midp)': a share or odds (an Interval), 3 digits."""
    return (f"{interval.estimate:.3g} [{interval.low:.3g}, {interval.high:.3g}] "
            f"({100 * interval.confidence:g} % {interval.method})")

# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 15 minutes): *The 2x2 table of agreement*; *Only the disagreements matter*;
# *McNemar's chi-squared statistic*; *What a p-value is*; *The exact binomial test*; *How often do
# the variants reject a true $H_0$?*; *How many test examples do I need?*; *Practical and
# statistical significance*; then the *Summary*. The other sections, in order, are what the
# classes teach, except the detail to come back to when you need it: *The sources' worked
# examples*.

# %% [markdown]
# ## The wrong way first: compare the accuracies
#
# The course was built from five source documents, source 000 to source 004 (the glossary
# lists them). Source 000, Raschka's STAT 451 lecture 11 slides (Fall 2020), shows two
# situations, A and B, on a test set of 10 000 examples. In both, model 1 is right on 9 970
# examples and model 2 on 9 960. Here are predictions that produce exactly those tables.

# %%
panel_a = mcnemar_example("seed000_panel_a")
panel_b = mcnemar_example("seed000_panel_b")
PANEL = {panel_a.key: "panel A", panel_b.key: "panel B"}
for example in (panel_a, panel_b):
    y_true, y_pred_1, y_pred_2 = predictions_from_table(example.table, seed=0)
    acc_1 = np.mean(y_pred_1 == y_true)
    acc_2 = np.mean(y_pred_2 == y_true)
    print(f"{PANEL[example.key]}: n = {y_true.size}, "
          f"accuracy of model 1 = {acc_1:.3f}, of model 2 = {acc_2:.3f}")

# %% [markdown]
# The accuracies are identical in A and B: 0.997 against 0.996. In both, model 1 makes 30
# errors where model 2 makes 40, so the **effect** is the same: 0.1 percentage point, a quarter
# fewer errors. Whether an effect of that size matters (a quarter fewer misdiagnoses, or a
# rounding error in a recommender) is a practical question that no test answers.
#
# The statistical question is another one: is the difference real, or could another test set
# of the same size have reversed it? Compared by their accuracies, A and B look equally
# convincing. They are not, and the accuracies cannot tell, because they throw away the
# pairing: both models were scored on *the same* examples.

# %% [markdown]
# ## The 2x2 table of agreement
#
# For each test example, each model is either right or wrong. Counting the four combinations
# gives the table McNemar's test works on (the layout of source 000 and of mlxtend):
#
# |                     | model 2 right | model 2 wrong |
# |---------------------|:-------------:|:-------------:|
# | **model 1 right**   | a             | b             |
# | **model 1 wrong**   | c             | d             |
#
# It is not a confusion matrix of either model: it compares the two models with each other.
# Because "right" means "predicted label equals true label", the table is the same whether
# there are two classes or ten.

# %%
for example in (panel_a, panel_b):
    y_true, y_pred_1, y_pred_2 = predictions_from_table(
        example.table, n_classes=10, seed=1
    )
    print(PANEL[example.key], "\n", mcnemar_table(y_true, y_pred_1, y_pred_2))

# %% [markdown]
# Here the labels were drawn from ten classes; `mcnemar_table` recovers the tables of the
# slides exactly. Now the difference between A and B is plain: in A the models disagree on
# 12 examples and model 1 wins 11 of them; in B they disagree on 40 and model 1 wins 25.

# %% [markdown]
# ## Only the disagreements matter
#
# The accuracies are $(a + b) / n$ and $(a + c) / n$, so their difference is
#
# $$
# \mathrm{acc}_1 - \mathrm{acc}_2 = \frac{(a + b) - (a + c)}{n} = \frac{b - c}{n}.
# $$
#
# The examples both models get right (a) or both get wrong (d) cancel out. The null hypothesis
# "the two models are equally accurate" is therefore the hypothesis that a disagreement is
# equally likely to go either way, $H_0: p_b = p_c$. Source 002, a tutorial on McNemar's test
# from machinelearningmastery.com, claims the opposite ("the test is not commenting on whether
# one model is more or less accurate"); the algebra above shows that equal accuracy *is* what
# it tests.
#
# Given that the models disagree on $n_d = b + c$ examples, under $H_0$ each disagreement is a
# fair coin flip:
#
# $$
# b \mid n_d \sim \mathrm{Binomial}(n_d, 1/2).
# $$
#
# Everything that follows is a way to ask how surprising the observed b is under this coin.

# %%
print(textwrap.fill(ERRATA["seed002-not-accuracy"].says, 74))
print(textwrap.fill("Right: " + ERRATA["seed002-not-accuracy"].correct, 74))

# %% [markdown]
# ## Same effect, different precision
#
# The formula above also gives the effect's precision. Per example, the difference between the
# two models is $+1$ (b examples), $-1$ (c examples) or $0$, so the accuracy difference
# $\hat\delta = (b - c)/n$ is a mean of $n$ paired differences, with estimated variance
# $\bigl((b + c)/n - \hat\delta^2\bigr)/n$. The textbook (Wald) 95 % interval is
# $\hat\delta \pm 1.96$ times its square root. It covers the true difference too rarely when the
# models disagree on few examples, so the course uses the interval that Fagerland, Lydersen and
# Laake recommend for paired proportions after comparing many ([Fagerland et al., 2014](https://doi.org/10.1002/sim.6148)): Bonett and
# Price's ([Bonett and Price, 2012](https://doi.org/10.3102/1076998611411915)), the same formula after adding one pseudo-disagreement of each kind,
# $\tilde p_{12} = (b + 1)/(n + 2)$ and $\tilde p_{21} = (c + 1)/(n + 2)$. Every McNemar result
# carries it as `accuracy_difference`:

# %%
for example in (panel_a, panel_b):
    result = mcnemar(example.table)
    wald = paired_accuracy_difference(example.table, method="wald")
    print(f"{PANEL[example.key]}: accuracy difference "
          f"{in_points(result.accuracy_difference)} (Bonett-Price)\n{'':>9}the Wald "
          f"interval would be [{100 * wald.low:.3f}, {100 * wald.high:.3f}]")

# %% [markdown]
# Same effect, different precision. In A, where the models disagree on only 12 examples, the
# interval runs from 0.027 to 0.173 percentage points. **In words:** at the 95 % level the data
# are compatible with model 1 making anywhere from about 3 to 17 fewer errors per 10 000
# examples than model 2, and not with values outside that range; in particular not with no
# difference, nor with one in model 2's favour. In B, with 40 disagreements, it runs from
# $-0.027$ to $0.227$ points: the data are compatible with model 2 being slightly better and with
# model 1 being better by more than twice the observed difference. The interval is the effect's
# precision; the p-values below are the evidence against "no difference". Every p-value in this
# chapter is reported with this interval. (With so many test examples the Wald interval is close;
# with ten examples, below, it is not.)
#
# Source 002 suggests reporting an "effect statistical measure" after a significant result, such
# as the odds ratio. It is in the result too: `win_probability` is the share $b/(b + c)$ of the
# disagreements that go model 1's way and `odds_ratio` the same as odds, $b/c$, each with the
# interval that the result's own test inverts (mid-p for the default test, Clopper-Pearson for the
# exact one; `mcnemar_odds_ratio`): at the 95 % level, the share's interval excludes 1/2, and
# the odds' interval excludes 1, exactly when the test rejects at 5 %. In A the odds are 11 (95 % mid-p interval 1.9 to 239: twelve disagreements say
# little more than "well above 1"); in B 1.67 (0.88 to 3.2). Unlike the accuracy difference, the
# odds ratio ignores how many examples the models agree on, so it cannot say how much accuracy is
# at stake; and the Bonett-Price interval of the difference is another method, which near the
# threshold can disagree with the test (chapter 11's report says so when it does).

# %%
for example in (panel_a, panel_b):
    result = mcnemar(example.table)
    print(f"{PANEL[example.key]}: share of the disagreements won by model 1\n"
          f"{'':>9}{in_three(result.win_probability)}")
    print(f"{'':>9}as odds {in_three(result.odds_ratio)}")

# %% [markdown]
# ## McNemar's chi-squared statistic
#
# Under $H_0$, $b$ has mean $n_d/2$ and variance $n_d/4$. Standardising,
#
# $$
# z = \frac{b - n_d/2}{\sqrt{n_d/4}} = \frac{b - c}{\sqrt{b + c}}, \qquad
# \chi^2 = z^2 = \frac{(b - c)^2}{b + c},
# $$
#
# and for many disagreements $\chi^2$ is approximately chi-squared with one degree of freedom
# ([McNemar, 1947](https://doi.org/10.1007/BF02295996)). The p-value is the upper tail beyond the observed value. The slides of
# source 000 report $\chi^2 = 8.3$, $p = 0.0039$ for A and $\chi^2 = 2.5$, $p = 0.1138$ for B:

# %%
for example in (panel_a, panel_b):
    result = mcnemar(example.table, method="chi2")
    printed = example.printed
    print(f"{PANEL[example.key]}: chi2 = {result.statistic:.3f}, "
          f"p = {result.pvalue:.4f} (source 000: chi2 = "
          f"{printed['statistic_chi2']}, p = {printed['pvalue_chi2']})")

# %% [markdown]
# Both agree with the slides.
#
# ### What a p-value is
#
# The p-value is a **tail probability**: the probability, computed as if $H_0$ were true, of a
# result *at least as extreme* as the one observed. For McNemar's test, "at least as extreme"
# means a split of the $b + c$ disagreements at least as uneven as the observed one, in either
# direction. Source 003, the "Evaluation" slides of Penn's CIS 519, defines it differently: "you
# can only reject $H_0$ if $P(m \mid H_0) \le S$", the probability of the observed value $m$
# itself. That is not a p-value, and it would
# make every test reject on a large enough sample:

# %%
print("panel A, P(b = 11 exactly | 12 disagreements, H0) = "
      f"{stats.binom.pmf(11, 12, 0.5):.5f} = 12/4096")
print("panel A, P(split at least as uneven as 11:1 | H0) = "
      f"{2 * stats.binom.cdf(1, 12, 0.5):.5f} = 26/4096")
print("b = c = 5000: P(b = 5000 exactly | H0) = "
      f"{stats.binom.pmf(5000, 10_000, 0.5):.4f}, "
      f"p-value = {mcnemar([[0, 5000], [5000, 0]], method='exact').pvalue:.4f}")
print(textwrap.fill("Erratum: " + ERRATA["seed003-pvalue-definition"].correct, 74))

# %% [markdown]
# A 5 000 to 5 000 split is the result most in favour of $H_0$ there can be, yet its own
# probability is below 0.05, simply because there are 10 001 possible splits. (For a continuous
# statistic such as source 003's average difference in accuracy, the probability of any single
# value is zero.) The tail probability does not have this problem: it is 1 here.
#
# ### Source 000's p-values in words
#
# The chi-squared p-values are approximations of such tail probabilities; the exact binomial
# test below computes them without approximation.
#
# - **A** ($p = 0.0039$): the chi-squared approximation of the probability that, if the two models
#   were equally accurate, the 12 disagreements would split at least as unevenly as 11 to 1. The
#   exact probability is $26/4096 = 0.63\,\%$. Either way, strong evidence that model 1 is the
#   more accurate one, at the 5 % level and at the 1 % level; the accuracy difference is 0.10
#   points, with 95 % interval 0.03 to 0.17 points.
# - **B** ($p = 0.11$): approximates the probability of a split at least as uneven as 25 to 15
#   under equal accuracy, which is exactly 15.4 %. The test set does not give enough evidence to
#   say the models differ: the same 0.10 points, with interval $-0.03$ to $0.23$ points. It does
#   *not* show that they are equal.
#
# Same accuracies, same effect, opposite conclusions: the evidence lives in b and c.

# %% [markdown]
# ## Edwards' continuity correction
#
# b is an integer, but the chi-squared distribution is continuous. Edwards ([Edwards, 1948](https://doi.org/10.1007/BF02289261))
# proposed shrinking $|b - c|$ by one before squaring, which makes the approximate p-values
# closer to the exact ones for moderate counts. Written carefully, the corrected statistic is
#
# $$
# \chi^2_{\mathrm{cc}} = \frac{\max(|b - c| - 1,\ 0)^2}{b + c}.
# $$
#
# The $\max(\cdot, 0)$ matters when $b = c$. The textbook form $(|b - c| - 1)^2 / (b + c)$ then
# gives $1 / (b + c) > 0$: it reports some evidence against $H_0$ exactly when the data are as
# balanced as they can be. statsmodels' `mcnemar(..., exact=False, correction=True)` and mlxtend's
# `mcnemar(..., corrected=True)` use the textbook form (the test suite checks this). Real data
# hit the case: below, logistic regression and k-nearest neighbours on the digits data set
# disagree on 50 test images and each wins 25.

# %%
X, y = load_digits(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.5, random_state=0, stratify=y
)
models = {
    "logistic regression": make_pipeline(
        StandardScaler(), LogisticRegression(max_iter=2000)
    ),
    "k-NN": make_pipeline(StandardScaler(), KNeighborsClassifier()),
    "SVM": make_pipeline(StandardScaler(), SVC()),
    "decision tree": DecisionTreeClassifier(random_state=0),
}
predictions = {
    name: model.fit(X_train, y_train).predict(X_test) for name, model in models.items()
}
for name, y_pred in predictions.items():
    print(f"{name:>20}: test accuracy {np.mean(y_pred == y_test):.4f}")

# %%
table = mcnemar_table(y_test, predictions["logistic regression"], predictions["k-NN"])
b, c = table[0, 1], table[1, 0]
print(table)
print("textbook corrected statistic:", (abs(b - c) - 1) ** 2 / (b + c))
print("with max(., 0):             ", mcnemar(table, method="corrected").statistic)
print("accuracy difference:        ", in_points(mcnemar(table).accuracy_difference))

# %% [markdown]
# With $b = c = 25$ the textbook formula gives $1/50 = 0.02$; the right value is 0, and the
# p-value is 1: the two models won exactly as many disagreements each, so the test set holds no
# evidence that either is more accurate. It does not show that they are equally accurate: the
# 95 % interval of the difference runs from 1.6 points in k-NN's favour to 1.6 points in logistic
# regression's.

# %% [markdown]
# ## The exact binomial test
#
# The chi-squared distribution is only an approximation to the distribution of b. We need no
# approximation at all: under $H_0$, $b \sim \mathrm{Binomial}(b + c, 1/2)$, so the two-sided
# p-value is the probability of a split at least as uneven as the one observed,
#
# $$
# p_{\mathrm{exact}} = \min\Bigl(1,\ 2 \sum_{i=0}^{\min(b, c)} \binom{b + c}{i} 2^{-(b + c)}\Bigr).
# $$
#
# Source 000 writes the same sum from the other tail, $2 \sum_{i=\max(B, C)}^{n}$, but without the
# $\min(1, \cdot)$. When $b = c$ the two tails overlap in the middle term and the formula
# exceeds one:

# %%
n_d = 10
tail_from_max = 2 * stats.binom.sf(5 - 1, n_d, 0.5)  # 2 * P(X >= 5) for b = c = 5
print(f"source 000's formula at b = c = 5: {tail_from_max:.4f}")
print("exact p-value (capped at 1):     "
      f"{mcnemar([[0, 5], [5, 0]], method='exact').pvalue:.4f}")
print(textwrap.fill("Erratum: " + ERRATA["seed000-exact-cap"].correct, 74))

# %%
print(
    "panel A (11 vs 1): exact p = "
    f"{mcnemar(panel_a.table, method='exact').pvalue:.5f} = 26/4096 = {26 / 4096:.5f}"
)
print(
    f"panel B (25 vs 15): exact p = {mcnemar(panel_b.table, method='exact').pvalue:.4f}"
)

# %% [markdown]
# These are exact probabilities: if the models were equally accurate, 12 disagreements would
# split at least as unevenly as 11 to 1 (either way) with probability 0.63 %, and 40 at least as
# unevenly as 25 to 15 with probability 15.4 %.
#
# The binomial probabilities are computed with the regularised incomplete beta function, not by
# adding up $\binom{n}{i} 2^{-n}$ term by term: $2^{-n}$ underflows to zero in double precision
# for $n$ above about 1 075, and a sum over $i$ would loop over the data. The exact test is
# therefore as cheap and as stable for ten million disagreements as for ten:

# %%
print("2.0 ** -1100 =", 2.0 ** -1100)
huge = mcnemar([[0, 4_999_000], [5_001_000, 0]], method="exact")
print(f"b = {huge.b:,}, c = {huge.c:,}: exact p = {huge.pvalue:.4f},\n"
      f"accuracy difference {in_points(huge.accuracy_difference)}")

# %% [markdown]
# Out of ten million disagreements, a surplus of 2 000 for model 2 is well within what chance
# produces ($p = 0.53$): no evidence of a difference in accuracy. On a test set of these ten
# million examples, the difference is 0.02 points in favour of model 2, with an interval from
# 0.08 points for model 2 to 0.04 points for model 1.

# %% [markdown]
# ## The mid-p value
#
# Because b is discrete, the exact test cannot reach every significance level: with 3
# disagreements its smallest possible p-value is $2 \cdot 2^{-3} = 0.25$. Its actual Type I error
# is therefore usually well *below* the nominal $\alpha$, which costs power. The mid-p value
# counts the boundary outcome of each tail only half. With $k = \min(b, c)$ and
# $X \sim \mathrm{Binomial}(b + c, 1/2)$,
#
# $$
# p_{\mathrm{mid}} = 2\,\Bigl(P(X < k) + \tfrac12 P(X = k)\Bigr) = 2\,P(X < k) + P(X = k)
#   = p_{\mathrm{exact}} - P(X = k) \quad (b \ne c).
# $$
#
# The two-sided exact p-value has two tails, each ending in a split exactly as uneven as the
# observed one ($b = k$ on one side, $c = k$ on the other). Counting each half removes one *whole*
# $P(X = k)$, not half of it. For panel A:

# %%
exact_a = mcnemar(panel_a.table, method="exact").pvalue
point_a = stats.binom.pmf(1, 12, 0.5)
print(f"exact {exact_a:.5f} - P(X = 1) {point_a:.5f} = {exact_a - point_a:.5f}; "
      f"mid-p = {mcnemar(panel_a.table, method='midp').pvalue:.5f} = 14/4096")

# %% [markdown]
# The mid-p value is not guaranteed to keep the Type I error at or below $\alpha$ for every
# number of disagreements. Fagerland, Lydersen and Laake ([Fagerland et al., 2013](https://doi.org/10.1186/1471-2288-13-91)) compared the
# variants in 9 595 scenarios with a fixed number of paired examples: there the mid-p test
# never exceeded the nominal level and was almost as powerful as the uncorrected chi-squared
# test, while the exact test and the corrected chi-squared test performed poorly in every
# scenario, being too conservative. They recommend the mid-p test in any situation, and the
# uncorrected chi-squared test where small but frequent violations of the nominal level are
# acceptable. The rest of this chapter checks their conclusion with exact computations of its
# own, and this is why `mcnemar` uses the mid-p test by default.

# %% [markdown]
# ## Four ways to get a p-value
#
# `mcnemar(table, method=...)` offers all four; `"midp"` is the default. A fifth option,
# `"textbook"`, is the rule the sources give (sources 000 and 002, and the documentation of
# statsmodels): the exact test when $b + c < 25$, the corrected chi-squared test otherwise. The
# result says which test it used and why. (Source 000 describes mlxtend's `corrected` parameter
# as "array-like, shape=[n_samples]"; it is a boolean switch.)
#
# Each result also has a `statistic`, and what it holds depends on the method: for the two
# chi-squared variants, the chi-squared value of the formulas above; for the exact and mid-p
# tests, $\min(b, c)$, the smaller of the two counts. Their p-values are binomial tail
# probabilities of that count given $b + c$, so it is all the statistic they need.

# %%
STATISTIC = {"chi2": "chi-squared", "corrected": "chi-squared",
             "exact": "min(b, c)", "midp": "min(b, c)"}
for example in (panel_a, panel_b):
    print(PANEL[example.key], f"(b = {example.table[0, 1]}, c = {example.table[1, 0]})")
    for method in ("chi2", "corrected", "exact", "midp"):
        result = mcnemar(example.table, method=method)
        print(f"  {method:>9}: {STATISTIC[method]:>11} = {result.statistic:6.4g}, "
              f"p = {result.pvalue:.4f}")
    print(f"  the default is {mcnemar(example.table).method!r}; the textbook rule "
          "chooses:")
    print(textwrap.fill(mcnemar(example.table, method="textbook").reason, 74,
                        initial_indent="    ", subsequent_indent="    "))

# %% [markdown]
# In A all four p-values are below 0.01: every variant finds strong evidence that model 1 is
# more accurate. In B they range from 0.11 to 0.15: none finds evidence of a difference at the
# 5 % level. The variants disagree most when there are few disagreements, which is the next
# section.

# %% [markdown]
# ## Approximate or exact?
#
# The heat maps show, for every table with $b, c \le 60$, how far each approximate p-value is
# from the exact one. Blue cells are where the approximation is *smaller* than the exact p-value
# (too eager to reject), red where it is larger (too cautious).

# %% mystnb={"figure": {"caption": "Approximate minus exact McNemar p-value for every table with b and c up to 60: the uncorrected chi-squared statistic (top) and Edwards' corrected statistic (bottom); note the different colour scales. The uncorrected p-values are too small near the diagonal, by up to 0.68 for the smallest tables, while the corrected ones stay within 0.02 of the exact test.", "name": "fig-mcnemar-pvalue-heatmaps"}, "image": {"alt": "Two heat maps with b (model 1 right, model 2 wrong) from 0 to 60 on the x axis and c (model 1 wrong, model 2 right) from 0 to 60 on the y axis. The colour is the approximate minus the exact p-value: blue where the approximation is smaller (too eager to reject), red where it is larger, white where they agree. Top, uncorrected chi-squared, colour scale from -0.68 to 0.68: a blue band runs along both sides of the white diagonal b = c, dark near the origin and fading as b and c grow; the rest is nearly white. Bottom, Edwards' correction, colour scale from -0.02 to 0.02: a few dark blue cells next to the origin, faint red bands on both sides of the diagonal for small counts, and near-white elsewhere."}} tags=["hide-input"]
fig, axes = plt.subplots(2, 1, figsize=(6.4, 7.2))
plot_mcnemar_pvalue_heatmap(60, "chi2", ax=axes[0])
plot_mcnemar_pvalue_heatmap(60, "corrected", ax=axes[1])
fig.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 2.1.** Approximate minus exact McNemar p-value for every table with b and c up to 60: the uncorrected chi-squared statistic (top) and Edwards' corrected statistic (bottom); note the different colour scales. The uncorrected p-values are too small near the diagonal, by up to 0.68 for the smallest tables, while the corrected ones stay within 0.02 of the exact test.

# %%
for method in ("chi2", "corrected", "midp"):
    grid = mcnemar_pvalue_grid(60, method)
    print(f"{method:>9}: largest |p - p_exact| = {np.abs(grid).max():.3f}; "
          f"with b, c > 50: {np.abs(grid[51:, 51:]).max():.4f}")
print("b = 1, c = 0: chi2 p = "
      f"{mcnemar([[0, 1], [0, 0]], method='chi2').pvalue:.4f}, exact p = "
      f"{mcnemar([[0, 1], [0, 0]], method='exact').pvalue:.4f}")

# %% [markdown]
# The uncorrected statistic is anti-conservative: its p-values are smaller than the exact ones,
# by as much as 0.68 for the smallest tables (b = 1, c = 0 gives 0.32 instead of 1) and still
# by up to 0.08 when both counts exceed 50. Mid-p is smaller than exact by construction (by the
# probability $P(X = \min(b, c))$ of the observed split's count, whenever $b \ne c$) and behaves
# much like the uncorrected statistic. The corrected statistic tracks the exact test closely: within 0.02
# everywhere on this grid, within 0.0008 once both counts exceed 25 and within 0.0002 once both
# exceed 50.
#
# The sources give rules of thumb for when the chi-squared approximation may be used. Source 000
# asks for b and c "say > 25" on one slide and finds the approximation "reasonably well" and the
# corrected p-values "almost identical" to the exact ones above 50 on the next: two levels of
# accuracy, both confirmed by the grid. Source 002 asks that "each cell ... used in the
# calculation" hold 25, that is $\min(b, c) \ge 25$, stricter than the common $b + c \ge 25$. An earlier
# version of this course listed both as errata; they are not, and the errata page now lists them
# as notes:

# %%
for key, source in (("seed000-rules-of-thumb", "source 000"),
                    ("seed002-each-cell-25", "source 002")):
    print(textwrap.fill(f"Note on {source}: {NOTES[key].note}", 74) + "\n")

# %% [markdown]
# With the mid-p test as the default, no threshold is needed at all: it is used for every
# $b + c$. In a running notebook (JupyterLab, Binder, Colab) the explorer below zooms into the
# grid and switches between the variants; the website shows it at its first setting.

# %% tags=["nbval-ignore-output"]
mcnemar_heatmap_explorer()

# %% [markdown] tags=["part-marker"]
# **Part 2 of this chapter: McNemar's test: Type I error, power, test-set size and practical
# significance.** Part 1 (McNemar's test: the 2x2 table and four ways to a p-value) ends here;
# the instructor guide teaches each part in one class. Its class on part 1 also uses the widget
# of “Interactive: b, c and the decision”, further on.

# %% [markdown]
# ## How often do the variants reject a true $H_0$?
#
# A p-value is valid if, when $H_0$ is true, it falls below $\alpha$ in at most a fraction
# $\alpha$ of test sets. Because the test conditions on $b + c$, we can compute this Type I error
# exactly for every number of disagreements, by summing the binomial probabilities of all values
# of b that lead to rejection (`mcnemar_rejection_probability`).

# %% mystnb={"figure": {"caption": "Exact probability that each McNemar variant rejects a true H0 at alpha = 0.05, for every number of disagreements b + c from 1 to 60. The uncorrected chi-squared test reaches 0.125 at b + c = 4 and, like mid-p, often exceeds 0.05; the exact and corrected tests never do, and often stay far below it.", "name": "fig-mcnemar-type1-exact"}, "image": {"alt": "Step plot of the probability of rejecting H0 when H0 is true (y, 0 to 0.13) against the number of disagreements b + c (x, 1 to 60), with a dashed horizontal line at alpha = 0.05. Four saw-toothed curves: chi-squared (thick blue), corrected (orange), exact binomial (green) and mid-p (thin red). The chi-squared curve jumps to 0.125 at b + c = 4, then oscillates between about 0.015 and 0.08, often above the line; the mid-p curve mostly coincides with it and peaks near 0.077. The exact and corrected curves, which mostly coincide, are zero below 6 disagreements, then oscillate between about 0.01 and 0.049, always below the line."}} tags=["hide-input"]
ax = plot_mcnemar_rejection_curves(60, alpha=0.05)
ax.set_title("Exact Type I error at alpha = 0.05")
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 2.2.** Exact probability that each McNemar variant rejects a true H0 at alpha = 0.05, for every number of disagreements b + c from 1 to 60. The uncorrected chi-squared test reaches 0.125 at b + c = 4 and, like mid-p, often exceeds 0.05; the exact and corrected tests never do, and often stay far below it.

# %%
n_disc = np.arange(1, 61)
print("Exact Type I error at alpha = 0.05 over b + c = 1, ..., 60")
print(f"{'method':>9}{'worst':>8}{'at b + c':>10}{'b + c values above 0.05':>25}"
      f"{'mean':>8}")
for method in ("chi2", "corrected", "exact", "midp"):
    size = mcnemar_rejection_probability(n_disc, alpha=0.05, method=method)
    worst = np.argmax(size)
    print(f"{method:>9}{size[worst]:>8.4f}{n_disc[worst]:>10}"
          f"{f'{np.sum(size > 0.05)} of 60':>25}{size.mean():>8.4f}")

# %% [markdown]
# (Where two curves coincide, the wider one underneath shows through: the uncorrected and mid-p
# tests often reject for exactly the same splits, and so do the exact and corrected tests.)
# The uncorrected chi-squared test rejects a true $H_0$ with probability up to 12.5 % (with four
# disagreements, where it rejects whenever the split is 4 to 0). The exact and corrected tests
# never exceed 5 % but stay far below it: averaged over $b + c = 1, \dots, 60$, their
# probabilities of rejecting a true $H_0$ are 2.8 % and 2.9 %, barely more than half the nominal
# 5 %. The mid-p
# test exceeds 5 % for some values of $b + c$ (at most 7.7 %), but is close to the nominal level
# on average (4.35 %), as is the uncorrected test (4.8 %).
#
# In practice you do not know $b + c$ in advance: it depends on how often the models disagree.
# The simulation below draws many test sets of size $n$ on which two equally accurate models
# disagree with a given probability, and reports how often each variant rejects. The intervals
# are 95 % Wilson intervals for the Monte Carlo error ([Wilson, 1927](https://doi.org/10.1080/01621459.1927.10502953)).

# %% mystnb={"figure": {"caption": "Rejection rates of the four McNemar variants over 20 000 simulated test sets of 200 examples, on which two equally accurate models disagree with probability 0.05, with 95 % Wilson intervals; the dashed line is alpha = 0.05. The uncorrected and mid-p tests reject in about 4 % of the test sets, the corrected and exact tests in about 2 %.", "name": "fig-mcnemar-type1-simulated"}, "image": {"alt": "Bar chart of the rejection rate (y, 0 to 0.05) of four methods, each bar with a 95 % interval, below a dashed horizontal line at 0.05: chi-squared (McNemar) 0.043, corrected (Edwards) 0.020, exact binomial 0.021 and mid-p 0.041. No bar reaches the line."}}
null_sim = simulate_mcnemar(
    n_test=200, p_discordant=0.05, alpha=0.05, n_reps=20_000, seed=2
)
print(null_sim)
plot_rejection_rates(null_sim)
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 2.3.** Rejection rates of the four McNemar variants over 20 000 simulated test sets of 200 examples, on which two equally accurate models disagree with probability 0.05, with 95 % Wilson intervals; the dashed line is alpha = 0.05. The uncorrected and mid-p tests reject in about 4 % of the test sets, the corrected and exact tests in about 2 %.

# %% [markdown]
# With about 10 disagreements per test set, the uncorrected and mid-p tests reject a true $H_0$
# in a little over 4 % of test sets, close to the nominal 5 %, while the exact and corrected tests
# reject in only about 2 %: valid, but conservative, and a conservative test has less power to
# detect a real difference. The worst cases of the exact curves above (12.5 % for the
# uncorrected test) are diluted here because $b + c$ varies from one test set to the next. In a
# running notebook the sliders below change the test size, the disagreement rate, $\alpha$ and
# the number of simulated test sets; the website shows the explorer at its first setting.

# %% tags=["nbval-ignore-output"]
mcnemar_type1_explorer()

# %% [markdown]
# ## Power: what the caution costs
#
# A test that rejects a true $H_0$ too rarely also rejects a false one too rarely. The same
# exact computation gives the **power**: the probability of rejecting when model 1 really is
# more accurate. Here model 1 wins each disagreement with probability $p_b = 0.75$ (three
# disagreements in four), a large difference.

# %% mystnb={"figure": {"caption": "Exact power of the exact binomial and mid-p McNemar tests at alpha = 0.05 when model 1 wins each disagreement with probability 0.75, for every number of disagreements b + c from 1 to 60. Mid-p is never less powerful and often much more: at b + c = 16 it detects the difference with probability 0.63, the exact test with probability 0.405.", "name": "fig-mcnemar-power"}, "image": {"alt": "Step plot of the power (y, 0 to 1) against the number of disagreements b + c (x, 1 to 60) for two tests, exact binomial (wide, pale) and mid-p (thin, on top), with a dashed line at alpha = 0.05. Both curves rise in a saw-tooth from 0 to about 0.97 (exact) and 0.99 (mid-p); where they differ the mid-p curve is higher, for example at b + c = 16, 0.63 against 0.41."}} tags=["hide-input"]
ax = plot_mcnemar_rejection_curves(60, alpha=0.05, methods=("exact", "midp"), p_b=0.75)
ax.set_title("Exact power at alpha = 0.05, p_b = 0.75")
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 2.4.** Exact power of the exact binomial and mid-p McNemar tests at alpha = 0.05 when model 1 wins each disagreement with probability 0.75, for every number of disagreements b + c from 1 to 60. Mid-p is never less powerful and often much more: at b + c = 16 it detects the difference with probability 0.63, the exact test with probability 0.405.

# %%
print(f"{'method':>9}  mean Type I error  mean power  power at b + c = 16")
for method in ("chi2", "corrected", "exact", "midp", "textbook"):
    power = mcnemar_rejection_probability(n_disc, alpha=0.05, method=method, p_b=0.75)
    size = mcnemar_rejection_probability(n_disc, alpha=0.05, method=method)
    print(f"{method:>9}  {size.mean():17.4f}  {power.mean():10.3f}  {power[15]:19.3f}")

# %% [markdown]
# At $b + c = 16$ the mid-p test detects the 3-to-1 advantage with probability 0.630, the exact
# test with probability 0.405. Averaged over $b + c = 1, \dots, 60$, mid-p has power 0.696
# against 0.651 for the exact test; the uncorrected test gains a little more (0.708) by
# exceeding the level more often.
#
# ## The textbook rule, and the evidence against it
#
# The sources of this course give one rule: use the exact test when there are fewer than 25
# disagreements and the corrected chi-squared test otherwise (source 002; the mlxtend
# documentation quoted in source 000 finds exact=True "highly recommended ... for sample sizes
# < 25", with Edwards' correction as the default otherwise). It is available as
# `method="textbook"`. Its logic is sound as far as it goes: each half keeps the Type I error at
# or below $\alpha$. But the numbers above show what that costs. Both halves are the two most
# conservative variants, so at a nominal 5 % the rule rejects a true $H_0$ with probability 2.9 %
# on average over $b + c = 1, \dots, 60$ (and in about 2 % of the simulated test sets above, where
# it nearly always used its exact half), and it gives away power: 0.650 on average, 0.405 at 16
# disagreements. Fagerland, Lydersen and Laake reached the same conclusion
# over 9 595 scenarios ("mid-p and asymptotic are better than exact conditional", the title of
# their paper). Their scenarios fix the number of test examples, so $b + c$ varies as in the
# simulation above, where mid-p also stays below 5 %; the exact curves show that for some single
# values of $b + c$ it does not. The course therefore uses the mid-p test by default, for every
# number of disagreements; the exact test remains the choice when the Type I error must never
# exceed $\alpha$ for any $b + c$.

# %% [markdown]
# ## How many test examples do I need?
#
# Power depends on the number of disagreements, so a test set is planned from two guesses made
# before testing: the accuracy difference $\delta$ worth detecting, and the share $\psi$ of test
# examples on which the two models disagree (from a pilot run or the validation set). Under the
# alternative, $b - c$ has mean $n\delta$ and variance $n(\psi - \delta^2)$; under $H_0$ its
# variance is $n\psi$. Connor's formula (Connor, 1987) follows:
#
# $$
# n = \frac{\bigl(z_{1-\alpha/2}\sqrt{\psi} + z_{\text{power}}\sqrt{\psi - \delta^2}\bigr)^2}{\delta^2}.
# $$
#
# `mcnemar_sample_size` computes it and checks it with the exact power of the mid-p test for
# every $n$ (`mcnemar_power`). For example, to detect one point of accuracy between models that
# disagree on 5 % of the examples, with power 0.8 at the 5 % level:

# %%
print(mcnemar_sample_size(discordant_proportion=0.05, difference=0.01))

# %% [markdown]
# About 3 900 test examples: Connor's formula says 3 923, and the exact power of the mid-p test
# reaches 0.8 at 3 899.
#
# ### Plan before the test
#
# Both inputs are fixed *before* the test set is scored. $\delta$ is the smallest difference that
# would change a decision, not the difference you hope for or happen to observe; $\psi$ comes from
# a pilot, such as the validation set used while the models were developed. Suppose that for
# models like source 000's, right on about 99.7 % of the examples, a quarter fewer errors
# ($\delta$ = 0.1 point) is the smallest gain that matters, and that on the validation set the
# models disagreed on between 0.15 % and 1 % of the examples:

# %%
print("to detect 0.1 point with power 0.8 at the 5 % level:")
print("  disagreement  Connor n  exact power of the mid-p test there")
for psi in (0.0015, 0.002, 0.004, 0.01):
    plan = mcnemar_sample_size(discordant_proportion=psi, difference=0.001)
    print(f"  {100 * psi:10.2f} %  {plan.n_connor:>8}  {plan.power_at_connor:.3f}")

# %% [markdown]
# The more two models disagree, the more test examples a given difference needs, because the
# disagreements that cancel out add noise: from about 12 000 test examples when the models
# disagree on 0.15 % of them to about 78 000 when they disagree on 1 %. A pilot that pins down
# $\psi$ is worth having. (The exact power at Connor's n is a little above 0.8, most of all when
# nearly every disagreement must go one way, as at 0.15 %: there the normal approximation is
# pessimistic, and `plan.n_exact` gives the smaller exact answer.)
#
# ### After the test: the interval, not the power
#
# It is tempting to run the formula again *after* the test, with the observed difference and
# disagreement rate, and to call a non-significant result "underpowered" ("observed" or
# "post-hoc" power). That number adds nothing to the p-value: for a given test and number of
# disagreements, observed power is a decreasing function of the p-value alone ([Hoenig and Heisey, 2001](https://doi.org/10.1198/000313001300339897)).
# Here it is for every split of 40 disagreements (panel B's number), with the mid-p test at the
# 5 % level: the exact power of the test if model 1 really won each disagreement with the
# observed probability $b/40$.

# %%
print(" b   c   mid-p p   'observed power'")
for b in range(20, 31):
    p = mcnemar([[0, b], [40 - b, 0]]).pvalue
    observed = float(
        mcnemar_rejection_probability(40, alpha=0.05, method="midp", p_b=b / 40)
    )
    print(f"{b:>2}  {40 - b:>2}   {p:7.4f}   {observed:.3f}")

# %% [markdown]
# The two columns carry the same information in opposite order: every split with a p-value above
# 0.05 has an observed power below one half (0.441 at $p = 0.0596$), every significant one an
# observed power above one half. So a non-significant result always looks "underpowered", and
# saying so explains nothing. What the test set could and could not tell after the fact is in
# the interval. Panel B's runs from $-0.027$ to $0.227$ points: it contains zero, and
# differences as large as 0.2 point, so this test set cannot tell whether the models differ by
# an amount that matters, whatever its power. Panel A's, from 0.027 to 0.173 points, excludes zero and every difference
# above 0.173 point.
#
# The explorer below does the planning for any difference, disagreement rate and power. It also
# shows the other side of the same coin: the width of the interval of the difference that this
# $n$ will give. (In a running notebook it follows the sliders; the website shows its first
# setting.)

# %% tags=["nbval-ignore-output"]
mcnemar_sample_size_explorer(
    difference=0.01, discordant_proportion=0.05, power=0.8
)

# %% [markdown]
# ## Interactive: b, c and the decision
#
# Set b, c and $\alpha$, and read the four p-values and the decisions. On the website b and c go
# up to 40 each; in a running notebook up to 100. The accuracy difference and its interval also
# depend on the size n of the test set: in a running notebook you can change n and see that the
# interval moves while the p-values do not (the website keeps n at 10 000).

# %% tags=["nbval-ignore-output"]
mcnemar_explorer(b=11, c=1, n=10_000, alpha=0.05)

# %% [markdown]
# ## A real comparison, step by step
#
# Back to the digits: four models trained once on half of the 1 797 images and tested once on
# the other half. We compare logistic regression with the SVM and with the decision tree.
# $H_0$ in words: on images like these, the two models are equally accurate.

# %%
for other in ("SVM", "decision tree"):
    table = mcnemar_table(
        y_test, predictions["logistic regression"], predictions[other]
    )
    result = mcnemar(table)  # the default: mid-p
    print(
        f"logistic regression vs {other}: b = {result.b}, c = {result.c},\n"
        f"    method = {result.method}, "
        f"statistic = min(b, c) = {result.statistic:.0f}, p = {result.pvalue:.3g}"
    )

# %% [markdown]
# (As in every exact or mid-p result, the statistic is the smaller count, $\min(b, c)$.) For the
# effect, each difference below is taken in the direction of the model that won more of the
# disagreements:

# %%
for first, second in (("SVM", "logistic regression"),
                      ("logistic regression", "decision tree")):
    table = mcnemar_table(y_test, predictions[first], predictions[second])
    exact = mcnemar(table, method="exact").pvalue
    print(
        f"{first} minus {second}:\n"
        f"    exact P(split at least this uneven | H0) = {exact:.3g},\n"
        f"    accuracy difference {in_points(mcnemar(table).accuracy_difference)}"
    )

# %% [markdown]
# - **Logistic regression vs SVM** (mid-p $p = 0.14$): the SVM won 23 of the 37 disagreements.
#   If the models were equally accurate, a split at least this uneven would happen with
#   probability 0.19 (the exact p-value), about one test set in five, so this test set gives no
#   convincing evidence that the SVM is more accurate. Its lead is 1.0 point, with 95 % interval
#   from -0.4 to 2.4 points: from logistic regression ahead by 0.4 point to the SVM ahead by 2.4.
#   We cannot conclude that they are equally good either.
# - **Logistic regression vs decision tree** (mid-p $p \approx 10^{-25}$): logistic regression
#   won 130 of 143 disagreements. Under equal accuracy this would essentially never happen (exact
#   probability $2 \times 10^{-25}$); we conclude that logistic regression is the more accurate of
#   the two *trained models* on this kind of data, by 13.0 points (95 % interval 10.5 to 15.5).
#
# Note the emphasis. McNemar's test compares two trained models on one test set. It says nothing
# about how the *learning algorithms* would compare with other training sets: the variability due
# to the choice of training set and to randomness in training is not in the data, so the test is
# appropriate only when that variability is small, or when retraining is impossible
# ([Dietterich, 1998](https://doi.org/10.1162/089976698300017197)). It also needs a test set large enough to represent the population.
# Chapter 4 treats algorithms that can be retrained.

# %% [markdown]
# ## Practical and statistical significance
#
# Source 001 sketches a decision: a simple linear model reaches 90 % of the performance of a complex
# random forest; "in scenario A" (the difference is not significant) choose the linear model, "in
# scenario B" (it is significant) choose the forest. A p-value cannot carry that decision alone.
# Whether a difference is significant depends on the size of the test set as much as on the
# difference: with a large enough test set every real difference becomes significant, however
# small, and with a small one a large difference may not be. What the decision needs is the
# answer to another question: *is the difference large enough to matter?*
#
# Fix, before looking at the data, the smallest difference that would matter, $m$: the gain that
# justifies a more complex model, or a cost per error. Then compare the interval, not the
# p-value, with $\pm m$ (`practical_significance`):
#
# - the whole interval beyond $+m$ (or $-m$): the difference matters, whatever the noise;
# - the whole interval inside $(-m, m)$: any difference is too small to matter, even if it is
#   significant;
# - the interval excludes 0 but reaches inside $(-m, m)$: real, but perhaps too small to matter;
# - otherwise: the test set cannot tell; a larger one is needed (previous section).
#
# Here are the chapter's comparisons with $m$ = 1 percentage point:

# %%
comparisons = {
    "source 000, panel A": panel_a.table,
    "source 000, panel B": panel_b.table,
    "digits, SVM - logistic regression": mcnemar_table(
        y_test, predictions["SVM"], predictions["logistic regression"]
    ),
    "digits, logistic regression - tree": mcnemar_table(
        y_test, predictions["logistic regression"], predictions["decision tree"]
    ),
}
for label, table in comparisons.items():
    result = mcnemar(table)
    judgement = practical_significance(
        result.accuracy_difference, 0.01, percentage_points=True
    )
    print(f"{label}: p = {result.pvalue:.2g},\n  difference "
          f"{in_points(result.accuracy_difference)}")
    print(textwrap.fill(judgement, 74, initial_indent="    ", subsequent_indent="    "))

# %% [markdown]
# - Panel A is significant ($p = 0.0034$), and the interval is compatible only with differences
#   up to 0.17 points: negligible against one point. Source 001's rule would pick the complex
#   model for it.
# - Panel B is not significant, and its interval too lies within one point: here the data do say
#   something, that differences of one point or more are not compatible with them (at the 95 %
#   level).
# - The SVM against logistic regression is not significant, and the interval, from -0.4 to 2.4
#   points, reaches both negligible differences and differences that matter: 899 test images
#   cannot tell. Only this case is "scenario A" in source 001's sense, and the right conclusion
#   is "collect more data", not "choose the simpler model".
# - Logistic regression against the tree is significant and the whole interval lies above one
#   point: a difference that matters.
#
# The interval does the work of both of source 001's scenarios and more. A significant result with an
# interval inside $\pm m$, or a non-significant one with a wide interval, are the two traps of
# deciding by the p-value alone.

# %% [markdown]
# ## Which variant should I use?
#
# | situation | use | why |
# |---|---|---|
# | any number of disagreements (the default) | `"midp"` | Type I error close to $\alpha$ on average (4.35 % at 5 %), power close to the uncorrected test; recommended by Fagerland et al. |
# | the Type I error must never exceed $\alpha$, whatever $b + c$ | `"exact"` | guaranteed, but conservative (2.9 % on average at 5 %) and less powerful |
# | many disagreements, small violations of $\alpha$ acceptable | `"chi2"` | McNemar's original; up to 12.5 % for tiny $b + c$ |
# | reproducing the sources or a paper that used them | `"textbook"` or `"corrected"` | exact below 25 disagreements, corrected above: as conservative as the exact test |
# | you report the result | any, but say which | readers can only check a p-value whose method they know |
#
# Decide the method *before* looking at the p-values; choosing the variant that gives the
# smallest p-value inflates the Type I error.

# %% [markdown]
# ## The sources' worked examples
#
# Every McNemar example of the source documents, recomputed.
#
# **Source 002, ten test instances.** The tutorial lists for each instance whether each
# classifier was right:

# %%
ten = mcnemar_example("seed002_ten_instances")
y_true = np.ones(10, dtype=int)  # any labels will do: only correctness matters
y_pred_1 = np.where(ten.correct_1, 1, 0)
y_pred_2 = np.where(ten.correct_2, 1, 0)
table = mcnemar_table(y_true, y_pred_1, y_pred_2)
print(table)
print("accuracies:", ten.accuracies)
result = mcnemar(table, method="exact")
print(f"exact: statistic = min(b, c) = {result.statistic:.3f}, p = {result.pvalue:.3f}")
print(f"mid-p (the default): p = {mcnemar(table).pvalue:.3f}")
print(f"accuracy difference {in_points(mcnemar(table).accuracy_difference)} "
      "(Bonett-Price)")
wald = paired_accuracy_difference(table, method="wald")
print(f"{'':>20}the Wald interval would be "
      f"[{100 * wald.low:.3f}, {100 * wald.high:.3f}]")

# %% [markdown]
# The table, the accuracies (60 % and 50 %) and the printed result (statistic 1.000, which is
# $\min(b, c)$, and p-value 1.000) all agree with the tutorial. Its interpretation does not: it says the test "strongly
# confirms that there is very little difference". Failing to reject is not confirmation. With
# only three disagreements the smallest p-value the exact test can produce is

# %%
print(
    "smallest possible p with b + c = 3:",
    mcnemar([[0, 3], [0, 0]], method="exact").pvalue,
)

# %% [markdown]
# so this test could not have rejected $H_0$ at the 5 % level whatever the classifiers did (nor
# could the mid-p test, whose smallest value is $2^{-3} = 0.125$). The honest reading of
# $p = 1$ here: the ten examples contain no evidence either way, and far too few disagreements
# to detect any difference at the 5 % level, however large. The interval says the same in
# numbers: the observed 10-point lead of model 1 is compatible with anything from model 2 being
# 28 points better to model 1 being 45 points better (95 % Bonett-Price interval): ten examples
# measure nothing precisely. (The Wald interval, from 23 points one way to 43 the other, is
# narrower, most of all at the bottom: with so few examples it claims more precision than the
# data have.)
#
# **Source 001, the "Applied Machine Learning" slides (LMU Munich's lecture_appml): rpart
# against ranger on kin8nm.** The slides give the table below and a corrected statistic of about
# 2227, compared with the critical value 3.841 "for $\alpha = 0.5$".

# %%
kin = mcnemar_example("seed001_rpart_ranger")
result = mcnemar(kin.table, method="corrected")
print(kin.table)
print(
    f"corrected statistic = {result.statistic:.3f}, p-value as a double = "
    f"{result.pvalue}"
)
# chi2 with 1 df is the square of a standard normal:
# log P(chi2 > x) = log 2 + log P(Z > sqrt(x))
log10_p = (np.log(2) + stats.norm.logsf(np.sqrt(result.statistic))) / np.log(10)
print(f"log10 p = {log10_p:.1f}")
print(
    f"critical value at alpha = 0.05: {stats.chi2.ppf(0.95, 1):.3f}; at alpha = 0.5: "
    f"{stats.chi2.ppf(0.5, 1):.3f}"
)
print(
    "accuracy difference rpart - ranger: "
    f"{in_points(mcnemar(kin.table).accuracy_difference)}"
)

# %% [markdown]
# The statistic is right (2227.0). The significance level is a typo: 3.841 is the critical
# value for $\alpha = 0.05$; at $\alpha = 0.5$ it would be 0.455. The p-value, about
# $10^{-485}$, is too small for a double and prints as 0: the evidence that rpart and ranger
# differ in accuracy on this test set is overwhelming, and so is the difference: ranger is right
# on 27 points more of the examples (95 % interval 26 to 28 points). One more oddity, which does not change
# the test: the table says ranger is wrong on only 18 of 8 192 examples (0.2 % error), while
# the same slides' benchmark gives ranger a cross-validated error of 16 % on kin8nm; the
# predictions were most likely scored on ranger's own training data, where a random forest is
# nearly always right. Test on data the models have not seen.

# %% [markdown]
# ## Summary
#
# - Two models scored on the same test set are paired: summarise them by the 2x2 table of
#   agreement, not by two accuracies.
# - Only the disagreements b and c carry evidence; $H_0$ (equal accuracy) means a disagreement is
#   a fair coin flip, $b \sim \mathrm{Binomial}(b + c, 1/2)$.
# - The effect is the accuracy difference $(b - c)/n$; report it with its interval (Bonett-Price,
#   `mcnemar(...).accuracy_difference`) and, if you like, the odds ratio $b/c$ with the interval
#   that inverts the test (`mcnemar(...).odds_ratio`). Two test sets can show the same effect with
#   very different precision (panels A and B).
# - Plan the test set: Connor's formula and the exact power (`mcnemar_sample_size`) give the
#   number of examples needed to detect a difference $\delta$ when the models disagree on a share
#   $\psi$ of them; the more they disagree, the more examples the same $\delta$ needs. Plan
#   *before* the test, with a difference that matters and $\psi$ from a pilot; after the test,
#   report the interval: "observed power" only restates the p-value.
# - Statistical is not practical significance: compare the interval with the smallest difference
#   that matters, fixed in advance. Panel A is significant yet negligible; a non-significant result
#   with a wide interval calls for more data, not for the simpler model.
# - A p-value is a tail probability: the chance under $H_0$ of a result at least as extreme as
#   the observed one, not the chance of the observed value (source 003's slip).
# - McNemar's $\chi^2 = (b - c)^2/(b + c)$ is an approximation; Edwards' correction needs
#   $\max(|b - c| - 1, 0)$; the exact binomial p-value needs no approximation and is cheap even for
#   millions of disagreements; the mid-p value is the exact one minus $P(X = \min(b, c))$. For
#   the exact and mid-p tests, the result's `statistic` is $\min(b, c)$.
# - The exact and corrected tests, and the sources' textbook rule built from them, are
#   conservative (mean Type I error 2.9 % at 5 %) and lose power (0.405 against 0.630 at 16
#   disagreements with a 3-to-1 split). The course's default is the mid-p test.
# - A p-value above $\alpha$ means "no evidence of a difference", never "the models are equal",
#   and with few disagreements the test may be unable to reject at all.
# - The test compares trained models, not learning algorithms.

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** Two classifiers are scored on the same 1 000 test examples. Which counts carry the evidence in McNemar's test?
#
# <details class="quiz-answer">
# <summary>(a) The number of examples both models get wrong (d), since it shows how hard the test set is.</summary>
#
# **Not quite.** d cancels out: the accuracy difference is (b - c)/n, whatever a and d are.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) All four cells of the 2x2 table of agreement.</summary>
#
# **Not quite.** a and d (both right, both wrong) never enter the statistic or the p-value; only the sample size n uses them, in the accuracy difference and its interval.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The disagreements b (only model 1 right) and c (only model 2 right).</summary>
#
# **Right.** Under H0 each disagreement is a fair coin flip, b given b + c is Binomial(b + c, 1/2); the test asks whether b and c differ more than such a coin would make them.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The two accuracies.</summary>
#
# **Not quite.** The accuracies ignore the pairing: the same two accuracies can come from 12 or from 40 disagreements, which carry very different evidence (source 000's panels A and B).
#
# </details>
#
# **Question 2.** Source 000's panel A: two models disagree on 12 of 10 000 test examples, model 1 wins 11 of them (b = 11, c = 1). If the two models were equally accurate, how probable is a split at least as uneven as 11 to 1, in either direction?
#
# <details class="quiz-answer">
# <summary>(a) 12/4096, the probability of b = 11 exactly.</summary>
#
# **Not quite.** That is the probability of the observed value itself, source 003's definition of a p-value, which is wrong: for b = c = 5 000 it is below 0.05 although the split is perfectly even.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Exactly 26/4096, about 0.63 %.</summary>
#
# **Right.** 2 (1 + 12)/4096: the splits 11:1, 12:0 and their mirror images. The mid-p value, the course's default, is 14/4096 = 0.0034. Strong evidence that model 1 is more accurate; the effect is 0.10 points (95 % interval 0.03 to 0.17 points).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) About 0.39 %, the chi-squared p-value of (b - c)^2/(b + c) = 8.33, which is the exact answer for a 2x2 table.</summary>
#
# **Not quite.** The chi-squared p-value is a large-sample approximation of this probability; with 12 disagreements it is off. The binomial computation is exact.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) 11/12, about 92 %, the share of disagreements that model 1 won.</summary>
#
# **Not quite.** That is the estimated effect (the chance that a disagreement favours model 1), not a probability computed under H0.
#
# </details>
#
# **Question 3.** McNemar's test gives p = 0.30, and the accuracy difference is 1.2 points with a 95 % interval from -1.1 to 3.5 points. Which sentence is a correct reading?
#
# <details class="quiz-answer">
# <summary>(a) Model 1 is better with probability 70 %, since it won more of the disagreements.</summary>
#
# **Not quite.** 1 - p is not the probability that model 1 is better; no p-value is a probability of a hypothesis.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) The two models are equally accurate.</summary>
#
# **Not quite.** A large p-value is no evidence of a difference; it is not evidence of equality. The interval still allows model 1 to be 3.5 points better.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) There is a 30 % probability that H0 is true.</summary>
#
# **Not quite.** A p-value is computed assuming H0 is true; it is not the probability of H0 (chapter 8 shows what such a probability needs: a prior and a model).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) No evidence of a difference: anything from 1.1 points for model 2 to 3.5 for model 1 fits the data.</summary>
#
# **Right.** The p-value says the data are unsurprising under H0; the interval says which differences are still compatible with them, including some that may matter.
#
# </details>
#
# **Question 4.** You will compare two deep networks on one test set with McNemar's test, and your protocol requires that the test never rejects a true H0 more often than 5 %, whatever the number of disagreements. Which variant?
#
# <details class="quiz-answer">
# <summary>(a) The exact binomial test.</summary>
#
# **Right.** It never exceeds 5 % for any b + c, at a price: it is conservative (2.9 % on average over b + c = 1 to 60) and less powerful (0.405 against mid-p's 0.630 at 16 disagreements with a 3-to-1 split).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Run all four variants and report the one with the smallest p-value, which is the most powerful.</summary>
#
# **Not quite.** Choosing the variant after seeing the p-values inflates the Type I error. Fix the method before looking.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The mid-p test, the course's default.</summary>
#
# **Not quite.** Its Type I error is close to 5 % on average (4.35 % over b + c = 1 to 60), but for some numbers of disagreements it exceeds 5 %, up to 7.7 % at b + c = 16.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The uncorrected chi-squared test.</summary>
#
# **Not quite.** It rejects a true H0 in up to 12.5 % of test sets (at b + c = 4).
#
# </details>
#
# **Question 5.** On 899 test images an SVM leads logistic regression by 1.0 point (95 % interval from 0.4 points against it to 2.4 for it; mid-p p = 0.14). You decided beforehand that a gain under 1 point would not justify the SVM. What do you conclude?
#
# <details class="quiz-answer">
# <summary>(a) Switch to the SVM, since it won more of the disagreements.</summary>
#
# **Not quite.** The split of the disagreements (23 to 14) is well within what chance produces when the models are equally accurate; so is a lead of one point.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) This test set cannot tell: the interval holds negligible differences and ones that matter.</summary>
#
# **Right.** Compare the interval, not the p-value, with the smallest difference that matters. The answer is "collect more test data"; chapter 2's planning formula says how many.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The two models are practically equivalent, because the p-value is above 0.05.</summary>
#
# **Not quite.** Practical equivalence needs the whole interval inside (-1, 1) points; here it reaches 2.4.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Keep logistic regression: the difference is not significant, so the simpler model is as good.</summary>
#
# **Not quite.** Not significant is not "as good": the interval reaches 2.4 points, a difference that matters. Source 001's "scenario A" rule decides by the p-value alone.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** A model scores 91 % and another 89 % on 1 000 test examples. Give two tables,
# one where McNemar's test (mid-p, the default) rejects $H_0$ at the 5 % level and one where it
# does not. What is the effect, with its interval, in each? Store the two tables, each as
# `[[a, b], [c, d]]`, in a dict `ex1_tables` with the keys `"reject"` and `"keep"`.
#
# **Exercise 2.** For $b + c = 16$, find the smallest $b > 8$ at which each of the four variants
# rejects at $\alpha = 0.05$ (with $c = 16 - b$). Which are the most eager? Store the four
# values of b in a dict `ex2_first_b` keyed by the variant's name (`"chi2"`, `"corrected"`,
# `"exact"`, `"midp"`).
#
# **Exercise 3.** In the simulation, set the disagreement probability so that the expected
# number of disagreements is about 100. How do the four Type I errors compare now? Explain.
# Store the four rejection rates in a dict `ex3_rates` keyed by the variant's name.
#
# **Exercise 4.** Why does swapping the roles of model 1 and model 2 not change any of the
# two-sided p-values? Check it on the digits example with the exact test: store its p-value for
# SVM against k-NN and for k-NN against SVM, in that order, in a tuple `ex4_pvalues`.
#
# **Exercise 5.** Model 1 truly wins three disagreements in four. Compute the power of the
# textbook rule and of the mid-p test at $\alpha = 0.05$ with 24 and with 25 disagreements: the
# textbook rule's power rises from 24 to 25, mid-p's falls. At 25 the rule switches from the
# exact test to the corrected one. Is the switch the reason? (Hint: compute the exact and the
# corrected tests' power on their own too, and for each test the smallest number of wins b that
# rejects.) Store the powers in a dict `ex5_power` and those smallest numbers of wins in a dict
# `ex5_min_wins`, both keyed by the test's name and $b + c$, as in `ex5_power["midp", 24]`.
#
# **Exercise 6.** On a validation set, your two models disagree on 8 % of the examples. How many
# test examples do you need to detect a 2-point difference in accuracy with power 0.9 at the 5 %
# level? How wide will the 95 % interval of the difference then be, roughly? Store the number of
# test examples (Connor's formula) in `ex6_n` and the half-width of the interval, in percentage
# points, in `ex6_half_width`.

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 1</summary>
#
# The accuracies fix $b - c = 20$ (2 % of 1 000) but not $b + c$. With $b = 20, c = 0$ the
# mid-p value is $2^{-20} \approx 10^{-6}$: reject. With $b = 90, c = 70$ it is about 0.11: do
# not reject. (The table must still fit: $d = 90 - c \ge 0$.) The effect is 2 points in both;
# its interval is narrow in the first table (1.1 to 2.9 points) and wide in the second (from
# about $-0.5$ to 4.5 points). The code below checks this.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex1_tables = {}
for b, c in ((20, 0), (90, 70)):
    a = 890 - c  # model 2 is right on a + c = 890 examples
    table = [[a, b], [c, 1000 - a - b - c]]
    result = mcnemar(table)
    ex1_tables["reject" if result.pvalue <= 0.05 else "keep"] = table
    acc_1, acc_2 = (a + b) / 1000, (a + c) / 1000
    print(f"b = {b:>3}, c = {c:>3}: accuracies {acc_1:.2f} / {acc_2:.2f}, "
          f"mid-p = {result.pvalue:.3g},\n"
          f"{'':>18}difference {in_points(mcnemar(table).accuracy_difference)}")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# Compute the p-value of every split. The uncorrected chi-squared and the mid-p tests reject
# already at 12 to 4; the corrected and the exact tests need 13 to 3. The eager ones are the
# two that may exceed the nominal Type I error.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
b_values = np.arange(9, 17)
ex2_first_b = {}
for method in ("chi2", "corrected", "exact", "midp"):
    pvalues = np.array(
        [mcnemar([[0, b], [16 - b, 0]], method=method).pvalue for b in b_values]
    )
    ex2_first_b[method] = int(b_values[pvalues <= 0.05].min())
    print(f"{method:>9}: rejects from b = {ex2_first_b[method]} upward")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# With $n = 200$ and a disagreement probability of 0.5 there are about 100 disagreements. The
# rates move closer together and towards 5 %: the chi-squared approximation is good for many
# disagreements, and the discreteness of b matters less. The corrected and exact tests remain
# the most cautious. The simulation below shows it.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
about_100 = simulate_mcnemar(
    n_test=200, p_discordant=0.5, alpha=0.05, n_reps=20_000, seed=3
)
print(about_100)
ex3_rates = dict(zip(about_100.methods, about_100.rates.tolist()))

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 4</summary>
#
# Swapping the models swaps b and c. Every statistic depends on $|b - c|$ or $\min(b, c)$ and
# $b + c$, all symmetric in b and c, so the two-sided p-values are unchanged.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
forward = mcnemar(
    mcnemar_table(y_test, predictions["SVM"], predictions["k-NN"]), method="exact"
)
backward = mcnemar(
    mcnemar_table(y_test, predictions["k-NN"], predictions["SVM"]), method="exact"
)
for label, result in (("SVM vs k-NN", forward), ("k-NN vs SVM", backward)):
    print(f"{label}: b = {result.b}, c = {result.c}, exact p = {result.pvalue:.4f}")
ex4_pvalues = (forward.pvalue, backward.pvalue)

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 5</summary>
#
# No. The textbook rule uses the exact test at 24 (power 0.607) and the corrected test at 25
# (0.727), but the exact test alone, and the corrected test alone, go from 0.607 to 0.727 as
# well: at 24 and at 25 the two reject for exactly the same splits, so the switch changes
# nothing here. The cause is the discreteness of b. Each test rejects when the winner's count
# reaches a critical value. From 24 to 25 disagreements the exact and corrected tests' critical
# value stays at 18 wins, so a smaller share of wins suffices (18 of 25 instead of 18 of 24) and
# their power rises. The mid-p test rejects already at 17 wins of 24, which gives it more power
# there (0.766); at 25 it needs 18, like the others, and its power falls to 0.727. Power is a
# saw-tooth in $b + c$ for every test (the power figure above). Since the mid-p value is never
# above the exact one, the mid-p test is never less powerful than the exact test; against the
# textbook rule, whose upper half is the corrected test, the last line checks it: for no $b + c$
# from 1 to 60 is mid-p less powerful.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
tests = ("exact", "corrected", "textbook", "midp")
print(f"{'b + c':>5}" + "".join(f"{m:>17}" for m in tests))
ex5_power, ex5_min_wins = {}, {}
for n_d in (24, 25):
    cells = []
    for m in tests:
        power = float(
            mcnemar_rejection_probability(n_d, alpha=0.05, method=m, p_b=0.75)
        )
        # the smallest number of wins (above half) at which the test rejects
        wins = min(b for b in range(n_d // 2 + 1, n_d + 1)
                   if mcnemar([[0, b], [n_d - b, 0]], method=m).pvalue <= 0.05)
        ex5_power[m, n_d], ex5_min_wins[m, n_d] = power, wins
        cells.append(f"b >= {wins}: {power:.3f}")
    print(f"{n_d:>5}" + "".join(f"{cell:>17}" for cell in cells))
all_power = {m: mcnemar_rejection_probability(n_disc, alpha=0.05, method=m, p_b=0.75)
             for m in ("textbook", "midp")}
print("b + c where mid-p is less powerful than the textbook rule:",
      n_disc[all_power["midp"] < all_power["textbook"]].tolist())

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 6</summary>
#
# Connor's formula with $\psi = 0.08$, $\delta = 0.02$ and power 0.9 gives about 2 100 test
# examples, and the exact power of the mid-p test confirms it. The interval's half-width will be
# about $1.96\sqrt{(\psi - \delta^2)/n} \approx 1.2$ points: a test set that detects a 2-point
# difference reliably measures it to within about a point.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
plan = mcnemar_sample_size(discordant_proportion=0.08, difference=0.02, power=0.9)
ex6_n = plan.n_connor
ex6_half_width = 100 * 1.96 * np.sqrt((0.08 - 0.02**2) / plan.n_connor)
print(f"Connor n = {plan.n_connor} (exact power there {plan.power_at_connor:.3f}); "
      f"exact n = {plan.n_exact}")
print(f"expected half-width of the 95 % interval: {ex6_half_width:.2f} points")

# %% [markdown] tags=["references"]
# ## References
#
# - Bonett, D. G. and Price, R. M. (2012). Adjusted Wald confidence interval for a difference of binomial proportions based on paired data. *Journal of Educational and Behavioral Statistics*, 37(4), 479–488. <https://doi.org/10.3102/1076998611411915>
# - Connor, R. J. (1987). Sample size for testing differences in proportions for the paired-sample design. *Biometrics*, 43(1), 207–211.
# - Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised classification learning algorithms. *Neural Computation*, 10(7), 1895–1923. <https://doi.org/10.1162/089976698300017197>
# - Edwards, A. L. (1948). Note on the “correction for continuity” in testing the significance of the difference between correlated proportions. *Psychometrika*, 13(3), 185–187. <https://doi.org/10.1007/BF02289261>
# - Fagerland, M. W., Lydersen, S. and Laake, P. (2013). The McNemar test for binary matched-pairs data: mid-p and asymptotic are better than exact conditional. *BMC Medical Research Methodology*, 13, 91. <https://doi.org/10.1186/1471-2288-13-91>
# - Fagerland, M. W., Lydersen, S. and Laake, P. (2014). Recommended tests and confidence intervals for paired binomial proportions. *Statistics in Medicine*, 33(16), 2850–2875. <https://doi.org/10.1002/sim.6148>
# - Hoenig, J. M. and Heisey, D. M. (2001). The abuse of power: the pervasive fallacy of power calculations for data analysis. *The American Statistician*, 55(1), 19–24. <https://doi.org/10.1198/000313001300339897>
# - McNemar, Q. (1947). Note on the sampling error of the difference between correlated proportions or percentages. *Psychometrika*, 12(2), 153–157. <https://doi.org/10.1007/BF02295996>
# - Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference. *Journal of the American Statistical Association*, 22(158), 209–212. <https://doi.org/10.1080/01621459.1927.10502953>
