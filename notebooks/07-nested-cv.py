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
# # Algorithm selection with nested cross-validation, and the bias it removes
#
# ## Overview
#
# Chapters 2 to 4 compared learners whose settings were fixed. In practice every learning
# algorithm comes with hyperparameters (the number of neighbours of k-NN, the depth of a tree,
# the regularisation of a logistic regression), and the honest question is not "is this SVM
# better than that tree?" but "is *an SVM tuned the way I tune it* better than *a tree tuned the
# way I tune it*?". Answering it needs a performance estimate that the tuning has not seen.
# Nested cross-validation provides one ([Raschka, 2018](https://arxiv.org/abs/1811.12808)): an outer loop estimates, an inner
# loop tunes, and the two never share a test fold.
#
# After this chapter you will be able to
#
# - tell model selection (choosing hyperparameters) from algorithm selection (choosing among
#   learning algorithms, each tuned), and say which estimate each needs;
# - explain, and measure, why the cross-validation score of the configuration that won a grid
#   search is optimistic, and why the optimism grows with the size of the grid;
# - run nested cross-validation by hand, with `nested_cv` and with scikit-learn's idiom
#   (`GridSearchCV` inside `cross_val_score`), and read its per-fold output;
# - compare several algorithms on the same outer folds, see how unstable a test on five outer
#   scores is, and test the difference with the corrected repeated cross-validation t-test of
#   chapter 4 on a repeated nested CV;
# - judge the stability of the chosen hyperparameters, build the final model for deployment, and
#   say what the nested estimate estimates: the error of the procedure, not that of the model
#   you ship.
#
# **Prerequisites:** k-fold and stratified k-fold cross-validation (chapter 1); the paired
# t-tests on cross-validation scores and why overlapping training sets break them (chapter 4).

# %% tags=["hide-input"]
import textwrap

import numpy as np
import matplotlib.pyplot as plt
from scipy import stats
from sklearn.base import clone
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import GridSearchCV, StratifiedKFold, cross_val_score
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

from lecture_lib import (
    adjust_pvalues,
    cross_validate_scores,
    kfold_cv_ttest,
    nested_cv,
    nested_cv_compare,
    nested_example,
    nested_splits,
    parameter_grid,
    plot_nested_cv_diagram,
    plot_tuning_bias,
    simulate_tuning_bias,
    stratified_kfold,
)
from lecture_lib.widgets import tuning_bias_explorer

# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 8 minutes): *The wrong way first: report the score that chose the
# hyperparameters*; *The nested loop, step by step*; then the *Summary*. The other sections, in
# order, are what the classes teach, except the detail to come back to when you need it:
# *Stability of the chosen hyperparameters*.

# %% [markdown]
# ## Model selection and algorithm selection
#
# Source 000, Raschka's STAT 451 lecture 11 slides (Fall 2020), recalls the two ways of choosing
# hyperparameters from chapter 1.
#
# - **Three-way holdout.** Split the data into training, validation and test sets; fit every
#   configuration on the training set, keep the one with the best validation score, and score
#   it once on the test set.
# - **k-fold model selection.** Score every configuration by k-fold cross-validation, keep the
#   best, refit it on all the training data, and score it once on a held-out test set.
#
# Both spend a test set that the selection never touched. *Algorithm selection* asks one level
# up: which learning algorithm, together with its tuning, should I use? With small data there
# is no test set to spare for every candidate, and the tempting shortcut, reporting the
# cross-validation score of the winning configuration, is biased. Outside research papers, this
# is the everyday question of choosing what to deploy: a tuned random forest, a tuned SVM or a
# tuned logistic regression?

# %% [markdown]
# ## The wrong way first: report the score that chose the hyperparameters
#
# Take a data set in which nothing can be learned: 100 examples with 10 features of pure
# noise, and labels that are fair coin flips drawn independently of the features. Every
# classifier, however tuned, is right on new data with probability exactly 0.5. Now tune k-NN
# over 30 configurations (15 numbers of neighbours, two weightings) by 5-fold cross-validation,
# all on the same folds, and report the best mean score, as `GridSearchCV.best_score_` would.

# %%
rng = np.random.default_rng(7)
X_null = rng.standard_normal((100, 10))
y_null = rng.integers(
    0, 2, size=100
)  # coin flips: the true accuracy of any model is 0.5

knn_grid = {"n_neighbors": list(range(1, 30, 2)), "weights": ["uniform", "distance"]}
candidates = parameter_grid(knn_grid)
folds = list(stratified_kfold(y_null, k=5, seed=1))
cv_means = np.array(
    [
        cross_validate_scores(
            KNeighborsClassifier(**params), X_null, y_null, folds
        ).mean()
        for params in candidates
    ]
)
best = int(np.argmax(cv_means))
print(
    f"{len(candidates)} configurations; their 5-fold accuracies range from "
    f"{cv_means.min():.3f} to {cv_means.max():.3f}"
)
print(f"best: {candidates[best]},\nreported accuracy {cv_means[best]:.3f}  "
      "(truth: 0.500)")

# %% [markdown]
# The "best" k-NN appears to be right 57 % of the time on data where 50 % is the ceiling. No
# configuration is better than another; the grid search simply picked the one whose noise
# happened to point up. Each of the 30 cross-validation scores is an honest estimate of its own
# configuration, but their **maximum** is not an honest estimate of the winner's accuracy: the expected
# value of a maximum is above the maximum of the expected values,
#
# $$
# \mathbb{E}\Big[\max_{j \le g} \hat a_j\Big] \;\ge\; \max_{j \le g} \mathbb{E}[\hat a_j],
# $$
#
# and the gap grows with the number $g$ of configurations tried and with the noise of each
# $\hat a_j$ (small data, small folds) ([Varma and Simon, 2006](https://doi.org/10.1186/1471-2105-7-91); [Cawley and Talbot, 2010](https://www.jmlr.org/papers/v11/cawley10a.html)).
#
# The right way keeps the examples that *measure* away from the examples that *choose*. Here is
# nested cross-validation on the same data: 5 outer folds, and inside each outer training set
# a 2-fold grid search over the same 30 configurations.

# %%
null_result = nested_cv(KNeighborsClassifier(), knn_grid, X_null, y_null,
                        outer_cv=5, inner_cv=2, seed=1)
print(null_result)

# %% [markdown]
# Read it row by row. In every outer fold the inner grid search again found a configuration
# that looks better than chance on the folds that chose it (the column *best inner*, 0.60 to
# 0.65), and every time the untouched outer test fold brought it back to earth (the column
# *outer score*). The nested estimate, 0.51, is close to the truth. Its folds vary a lot
# (0.35 to 0.70): 20 test examples per fold give a binomial standard deviation of
# $\sqrt{0.25/20} \approx 0.11$ per fold. On one small data set both numbers are noisy, and
# one comparison proves nothing; "unbiased" is a statement about the average over data sets
# (exercise 2 repeats the experiment on fresh random-label data).
#
# ### How large is the optimism? A simulation
#
# One data set proves little. `simulate_tuning_bias` repeats the experiment on many random-label
# data sets. To be fast it replaces k-NN by the cheapest tunable family there is: configuration
# $j$ is the nearest-centroid rule on feature $j$ alone, so a grid of $g$ configurations means
# $g$ equally useless classifiers. Everything is vectorised over data sets and configurations,
# and for each grid size it reports the mean of the non-nested estimate (best 5-fold score of
# the grid) and of the nested estimate, with ±2 Monte Carlo standard errors.

# %% mystnb={"figure": {"caption": "Mean estimated accuracy against the number of configurations tried, over 1000 data sets of 60 examples with random labels (true accuracy 0.5): the best cross-validation score of the grid (non-nested) and nested cross-validation with 5 outer and 2 inner folds. The non-nested estimate climbs to 0.619 with 10 configurations and 0.649 with 30, while the nested one stays at 0.50.", "name": "fig-nested-cv-tuning-bias"}, "image": {"alt": "Line chart of mean estimated accuracy (y, about 0.49 to 0.65) against the grid size from 1 to 30 configurations (x), with a dashed horizontal line at the true accuracy 0.5 and a grey vertical line at 10 configurations. The red non-nested curve starts at 0.504 for one configuration, rises steeply and then more slowly, is labelled 0.619 at 10 configurations and reaches about 0.65 at 30. The blue nested curve, with a narrow shaded band, stays flat on the dashed line and is labelled 0.502 at 10 configurations."}}
bias = simulate_tuning_bias(
    n_samples=60, max_configs=30, outer_cv=5, inner_cv=2, n_reps=1000, seed=0
)
print(bias)
ax = plot_tuning_bias(bias, n_configs=10)
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 7.1.** Mean estimated accuracy against the number of configurations tried, over 1000 data sets of 60 examples with random labels (true accuracy 0.5): the best cross-validation score of the grid (non-nested) and nested cross-validation with 5 outer and 2 inner folds. The non-nested estimate climbs to 0.619 with 10 configurations and 0.649 with 30, while the nested one stays at 0.50.

# %% [markdown]
# With one configuration there is nothing to select and the two estimates coincide (0.504, the
# truth within Monte Carlo error). Trying two configurations already adds 5 percentage points of
# optimism; ten add 12; thirty add 15, on data where no model can beat a coin. The nested
# estimate stays at 0.50 for every grid size: the outer test labels are coin flips that played
# no part in any choice, so its expectation is exactly the truth.
#
# Use the sliders to change the numbers of outer and inner folds and the grid size. (Each pair
# of fold numbers is simulated once on 100 data sets, in a few tens of milliseconds, and then
# cached; the grid-size slider only redraws the figure.)

# %% tags=["nbval-ignore-output"]
tuning_bias_explorer()

# %% [markdown]
# What to look for: the optimism of the non-nested estimate depends on the grid size far more
# than on the number of folds; more outer folds make each configuration's score a little less
# noisy but do not remove the selection effect; the nested curve stays at the truth whatever
# you choose.

# %% [markdown]
# ## The nested loop, step by step
#
# Source 000's slide puts it in two lines: the **outer loop** plays the role of the train/test
# split, and the **inner loop** is ordinary k-fold cross-validation for tuning, run on the outer
# training set only. As a picture (5 outer folds, 2 inner folds, as in the code example that the
# slides link to):

# %% mystnb={"figure": {"caption": "Nested cross-validation with 5 outer and 2 inner folds: each outer fold holds out one fifth of the data for testing, and its outer training part is split again into 2 inner folds that choose the hyperparameters. The inner loop is drawn for outer fold 1.", "name": "fig-nested-cv-diagram"}, "image": {"alt": "Diagram of horizontal bars divided into equal segments. Five rows, outer folds 1 to 5, are light blue (outer train) with one orange segment (outer test) that moves from the first of five positions in fold 1 to the last in fold 5; the row of outer fold 1 is outlined. Below, under the heading inner loop of outer fold 1, two shorter rows cover only the four training segments of outer fold 1, cut in half: inner split 1 is green (validation) on its first half and lavender (inner train) on its second; inner split 2 is the reverse. A legend names the four colours."}} tags=["hide-input"]
ax = plot_nested_cv_diagram(outer_cv=5, inner_cv=2, outer_fold=0)
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 7.2.** Nested cross-validation with 5 outer and 2 inner folds: each outer fold holds out one fifth of the data for testing, and its outer training part is split again into 2 inner folds that choose the hyperparameters. The inner loop is drawn for outer fold 1.

# %% [markdown]
# For each outer fold $i = 1, \dots, K$:
#
# 1. Hold out outer test fold $D_i$; the rest, $D_{-i}$, is the outer training set.
# 2. Split $D_{-i}$ into $k$ inner folds. For every configuration $\lambda$ of the grid,
#    average its $k$ inner validation scores: $\bar s_i(\lambda)$.
# 3. Choose $\hat\lambda_i = \arg\max_\lambda \bar s_i(\lambda)$.
# 4. Refit the algorithm with $\hat\lambda_i$ on all of $D_{-i}$ and score it once on $D_i$: $s_i$.
#
# The estimate is $\bar s = \frac1K \sum_i s_i$. It estimates the accuracy of the *procedure*
# "tune by $k$-fold CV over this grid, then refit", trained on $(K-1)/K$ of the data. The
# hyperparameters may differ between outer folds, and that is fine: we estimate the
# algorithm-with-its-tuning, not one configuration.
#
# Let us do one outer fold by hand on real data: scikit-learn's breast cancer data (569
# tumours, 30 features, malignant or benign), with a standardised logistic regression tuned
# over its regularisation strength C.

# %%
X, y = load_breast_cancer(return_X_y=True)
logreg = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000))
logreg_grid = {"logisticregression__C": [0.01, 0.1, 1.0, 10.0, 100.0]}

splits = nested_splits(y, outer_cv=5, inner_cv=2, seed=0)
train, test, inner = splits[0]  # outer fold 1
print(
    f"outer fold 1: train on {train.size} examples, test on {test.size};\n"
    f"inner folds of sizes {[v.size for _, v in inner]}"
)
inner_means = []
for params in parameter_grid(logreg_grid):
    model = clone(logreg).set_params(**params)
    scores = cross_validate_scores(
        model, X[train], y[train], inner
    )  # inner loop: D_-i only
    inner_means.append(scores.mean())
    print(
        f"  C = {params['logisticregression__C']:>6g}: inner scores "
        f"{np.round(scores, 4)}, mean {scores.mean():.4f}"
    )
chosen = parameter_grid(logreg_grid)[int(np.argmax(inner_means))]
outer_score = cross_validate_scores(
    clone(logreg).set_params(**chosen), X, y, [(train, test)]
)[0]
print(f"chosen {chosen};\nrefit on all {train.size} outer-training examples;\n"
      f"outer test accuracy {outer_score:.4f}")

# %% [markdown]
# `nested_cv` runs exactly these steps for all outer folds (on the same folds, since it draws
# them with `nested_splits` and the same `seed`); its first row repeats the numbers
# above.

# %%
logreg_result = nested_cv(logreg, logreg_grid, X, y, outer_cv=5, inner_cv=2, seed=0)
print(logreg_result)
print("fold 1 agrees with the hand computation:",
      bool(np.allclose(logreg_result.inner_scores[0], inner_means)
           and logreg_result.outer_scores[0] == outer_score))

# %% [markdown]
# With scikit-learn the whole procedure is one line: a `GridSearchCV` (the inner loop, which
# tunes and then refits on everything it is given) handed to `cross_val_score` (the outer loop,
# which gives it each outer training set and scores the refit model on the outer test fold).

# %%
inner_folds = StratifiedKFold(n_splits=2, shuffle=True, random_state=0)
outer_folds = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
search = GridSearchCV(logreg, logreg_grid, cv=inner_folds, scoring="accuracy")
sklearn_scores = cross_val_score(search, X, y, cv=outer_folds)
print("outer scores")
print(
    "  scikit-learn:",
    np.round(sklearn_scores, 4),
    f"mean {sklearn_scores.mean():.4f}",
)
print(
    "  nested_cv:   ",
    np.round(logreg_result.outer_scores, 4),
    f"mean {logreg_result.mean:.4f}",
)

# %% [markdown]
# The outer scores differ fold by fold because scikit-learn drew other random folds (here the
# two means happen to agree to four decimals). The course's implementation is tested against this
# idiom: handed the same fold indices, `GridSearchCV`
# inside `cross_val_score` gives the same inner means, the same choices and the same outer
# scores to $10^{-12}$ (`tests/test_nested.py`).
#
# **Why 2 inner folds?** Source 000's example uses them, and they are cheap. Whatever the number
# of inner folds, every example of the outer training set is used for validation exactly once, so
# the inner scores average the same number of predictions; more folds make the inner training sets
# larger (4/5 of the outer training set with 5 folds instead of 1/2), closer to the outer training
# set on which the chosen configuration is refit, and cost more fits (the grid's fits grow in
# proportion to the number of inner folds). With small data, or a hyperparameter whose best value
# depends on the training-set size (the regularisation strength, the number of neighbours), 5 or
# 10 inner folds are the safer choice. Whether the choice moves the estimate on your data is cheap
# to check: run `nested_cv` again with `inner_cv=5` on the same outer folds (same `seed`).
#
# ## Several algorithms on the same outer folds
#
# Source 000's code example runs a grid search with an inner stratified 2-fold CV inside an
# outer stratified 5-fold CV, for several algorithms. Its set-up, as recorded in the course's
# fixture:

# %% tags=["hide-input"]
setup = nested_example("seed000_nested_setup")
print(f"outer: stratified {setup['outer_cv']}-fold; inner: stratified "
      f"{setup['inner_cv']}-fold; "
      f"scoring: {setup['scoring']}")
for name, description in setup["algorithms"].items():
    print(textwrap.fill(f"{name:<8} {description}", 74, initial_indent="  ",
                        subsequent_indent=" " * 11))
print("printed (mean, ddof-0 std of the outer accuracies, %):")
for name, (mean, std) in setup["printed"].items():
    print(f"  {name:<8} {mean:6.2f} {std:5.2f}")

# %% [markdown]
# **The source, checked.** The slides' account of nested CV (outer loop for the estimate, inner
# loop for tuning, a check of stability, a final fit on the whole data set) is correct, and the
# course records no erratum for it. Two things in the linked code's output are easy to misread,
# though neither is an error. The "+/-" values are `np.std` of the five outer scores with
# ddof = 0 (the sample standard deviation is $\sqrt{5/4} \approx 1.12$ times larger), and
# neither is a standard error of the mean, since the outer scores are correlated. And the final
# grid search prints its `best_score_` as the "average over k-fold CV test folds": true, but it
# is the optimistic best-of-grid number of the second section; the accuracy to quote is the
# nested estimate or, as that notebook does, the score on a test set held out from the start.
#
# Its data (a 5 000-image subset of MNIST) are not bundled with scikit-learn, and its SVM and
# forest grids take minutes, so we keep the design and change the data: four algorithms on the
# breast cancer data, each with a small grid, all scored on **one** set of outer folds (and the
# same inner folds). Sharing the folds makes the outer scores *paired*: row $i$ holds every
# algorithm's score on the same test fold, so fold difficulty cancels when we compare.

# %%
algorithms = {
    "k-NN": (
        make_pipeline(StandardScaler(), KNeighborsClassifier()),
        {"kneighborsclassifier__n_neighbors": [1, 3, 5, 9, 15, 25]},
    ),
    "logistic regression": (logreg, logreg_grid),
    "decision tree": (
        DecisionTreeClassifier(random_state=0),
        {"max_depth": [1, 2, 3, 4, 6, None]},
    ),
    "SVM": (
        make_pipeline(StandardScaler(), SVC()),
        {"svc__C": [0.1, 1.0, 10.0, 100.0], "svc__gamma": ["scale", 0.01, 0.1]},
    ),
}
# five nested CVs with fresh folds (n_repeats=5); why will become clear when we test.
# The first repetition is an ordinary nested CV, the one we look at now.
repeated = nested_cv_compare(
    algorithms, X, y, outer_cv=5, inner_cv=2, seed=0, n_repeats=5
)
comparison = repeated.repetition(0)
print(comparison)

# %% mystnb={"figure": {"caption": "Outer test accuracy of each tuned algorithm on the same five outer folds of nested cross-validation on the breast cancer data. The lines move together (fold 3 is easy for every algorithm), which is why the comparison must be paired.", "name": "fig-nested-cv-outer-scores"}, "image": {"alt": "Line chart of outer test accuracy (y, about 0.89 to 1.0) against the outer fold, 1 to 5 (x), one line per algorithm. Logistic regression (orange): 0.965, 0.974, 0.991, 0.965, 0.991. SVM (red): 0.965, 0.974, 1.000, 0.982, 0.956. k-NN (blue): 0.947, 0.965, 0.982, 0.947, 0.982. Decision tree (green), the lowest: 0.895, 0.939, 0.965, 0.956, 0.903. Every line is at or near its highest at fold 3."}} tags=["hide-input"]
fig, ax = plt.subplots(figsize=(6, 3.4))
for k, name in enumerate(comparison.names):
    ax.plot(np.arange(1, 6), comparison.scores[:, k], marker="o", label=name)
ax.set_xticks(np.arange(1, 6))
ax.set_xlabel("outer fold")
ax.set_ylabel("outer test accuracy")
ax.set_title("Nested CV on breast cancer: the same 5 outer folds for every algorithm")
ax.legend(frameon=False, fontsize=9)
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 7.3.** Outer test accuracy of each tuned algorithm on the same five outer folds of nested cross-validation on the breast cancer data. The lines move together (fold 3 is easy for every algorithm), which is why the comparison must be paired.

# %% [markdown]
# Logistic regression (0.977) and the SVM (0.975) lead, k-NN follows (0.965) and the tree
# trails (0.931). The lines move together: fold 3 is easy for everyone, fold 1 is harder. That
# shared movement is why the comparison must be paired.
#
# Two warnings before reading the table as a verdict. First, the standard deviations above
# describe fold-to-fold spread. Divided by $\sqrt 5$ they would still not be standard errors of
# the means, because the five outer scores all come from one data set and are not independent
# (chapter 4). Second, picking the algorithm with the highest nested score and quoting that
# score is a selection again, one level up: with four algorithms the winner's score is slightly
# optimistic for the same reason the best grid point's was. The code example of source 000
# handles this the right way, by scoring the final model once on a test set held out from the
# start.

# %% [markdown]
# ## Is the leader really better? A paired test on the outer scores
#
# Logistic regression leads the SVM by 0.2 percentage points, k-NN by 1.2 and the tree by 4.6.
# Which of these differences could the luck of the folds produce? The outer scores are paired by
# fold, so chapter 4's tests on the per-fold differences $d_i = s_i^{(1)} - s_i^{(2)}$ apply.
# For each pair, $H_0$ in words: *the two algorithms, each tuned by 2-fold CV over its grid and
# trained on 4/5 of the data, have the same expected accuracy on tumours like these.*
#
# Chapter 4 also taught which tests *not* to trust. The plain k-fold t-test divides the sample
# variance of the $K$ differences by $K$, as if they were independent. They all come from one
# data set (any two outer training sets share $(K-2)/(K-1)$ of their examples, 3/4 for $K = 5$),
# and chapter 4's lab found that this matters with an unstable learner: with 1-NN the plain
# k-fold t rejected a true $H_0$ in 13.4 % of the data sets at nominal 5 %. The obvious repair,
# Nadeau and Bengio's factor with $n_\text{test}/n_\text{train} = 1/(K-1)$,
#
# $$
# t = \frac{\bar d}{\sqrt{\left(\frac1K + \frac{1}{K-1}\right) s_d^2}}, \qquad K - 1
# \text{ degrees of freedom,}
# $$
#
# is the corrected t on *one* K-fold CV. It is not what Nadeau and Bengio derived (their
# correlation is that of independent random splits, whose test sets overlap; the $K$ test folds
# of one partition do not), and chapter 4's lab found it conservative with a stable learner
# (0.7 % Type I error instead of 5 %) and below its level with 1-NN (3.8 %). It is the safe test
# of the outer scores of one nested CV (chapter 4's lab had no tuning, so that is evidence by
# analogy, not a proof), but a weak one, and with $K - 1 = 4$ degrees of freedom its p-value is
# unstable. `comparison.ttest` runs it; the plain k-fold t is shown for contrast.

# %%
K = 5
leader = comparison["logistic regression"].outer_scores
for other in ("SVM", "k-NN", "decision tree"):
    plain = kfold_cv_ttest(leader, comparison[other].outer_scores)
    single = comparison.ttest("logistic regression", other)
    ci = single.confidence_interval
    print(f"logistic regression vs {other}: mean difference "
          f"{100 * single.mean_difference:+.1f} points\n"
          f"    plain k-fold t p = {plain.pvalue:.4f}; corrected t (one nested CV) "
          f"p = {single.pvalue:.4f},\n"
          f"    95 % interval [{100 * ci.low:+.1f}, {100 * ci.high:+.1f}]")

# %% [markdown]
# On this one nested CV, the corrected test gives $p = 0.019$ against k-NN (logistic regression
# was better in every fold, by one or two test examples each time; 1.2 points on average, with a
# 95 % interval from 0.3 to 2.1 points), $p = 0.11$ against the tree (4.6 points, interval from
# $-1.5$ to $+10.7$: five scores leave room for almost anything) and $p = 0.90$ against the SVM
# (0.2 points, from $-3.6$ to $+3.9$). The plain k-fold t gives smaller p-values (0.0046 and 0.035),
# as its formula must: it divides by a smaller variance. Whether it is *too* small here cannot be
# told from one data set; chapter 4's lab is the evidence that it can be.
#
# ### How stable is a p-value from five outer scores?
#
# The nested CV above was repeated with fresh folds four more times. Here is the corrected
# single-CV p-value of each repetition, as if each had been the only one run:

# %%
print(
    f"{'repetition':<22}"
    + "".join(f"{i:>8}" for i in range(repeated.results[0].n_repeats))
)
for other in ("SVM", "k-NN", "decision tree"):
    pvalues = [
        repeated.repetition(i).ttest("logistic regression", other).pvalue
        for i in range(repeated.results[0].n_repeats)
    ]
    print(f"LR vs {other:<16}" + "".join(f"{p:>8.3f}" for p in pvalues))
first_run = [repeated.repetition(0).ttest("logistic regression", name).pvalue
             for name in ("SVM", "k-NN", "decision tree")]
print("repetition 0, Holm-adjusted over the three comparisons:\n ",
      ", ".join(f"{p:.3f}" for p in adjust_pvalues(first_run, method="holm")))

# %% [markdown]
# Plainly: **the p-value of a test on five outer scores depends on the folds as much as on the
# algorithms.** Against k-NN it ranged from 0.019 to 0.47 over five runs on the same data, so the
# "evidence at the 5 % level" above was the luck of the first draw; against the tree it went
# from 0.105 (not significant) to below 0.001. A Holm adjustment for the three comparisons would
# have turned 0.019 into 0.056 (an adjusted p-value is a bound, not a probability). None of
# these single-run p-values is a finding on its own. Each would be a valid test had its run been
# the only one, fixed in advance; but evidence that comes and goes with the folds is fragile, and
# running several and reporting the smallest would turn the test into a machine for false alarms.
#
# ### The test to report: repeated nested CV with the corrected repeated CV t
#
# Repeat the nested CV (5 times here), then run Bouckaert and Frank's corrected repeated CV t
# (chapter 4) on all the outer scores, the $r \times K$ scores of $r$ nested CVs: $J = rK$
# differences, the factor $\frac{1}{rK} + \frac{1}{K-1}$ and $rK - 1$ degrees of freedom. Here
# $r = 5$, $K = 5$: the factor is $0.04 + 0.25 = 0.29$, against $0.45$ for one nested CV, and the
# degrees of freedom go from 4 to 24. Ten repetitions would only bring it to $0.27$ (a standard
# error 4 % smaller): with $K = 5$ the term $1/(K-1)$ dominates, so five repetitions capture
# almost all of the gain. Each repetition costs a full nested CV (here about 310 fits for the four
# algorithms).

# %%
tests = {
    other: repeated.ttest("logistic regression", other)
    for other in ("SVM", "k-NN", "decision tree")
}
holm = dict(
    zip(tests, adjust_pvalues([t.pvalue for t in tests.values()], method="holm"))
)
for other, result in tests.items():
    ci = result.confidence_interval
    print(
        f"logistic regression vs {other}: mean difference "
        f"{100 * result.mean_difference:+.1f} points,\n"
        f"    95 % interval [{100 * ci.low:+.1f}, {100 * ci.high:+.1f}]; "
        f"t = {result.statistic:.2f}, df = {result.df},\n"
        f"    p = {result.pvalue:.4f}, "
        f"Holm-adjusted {holm[other]:.4f}"
    )

# %% [markdown]
# Two checks before reading these as verdicts. First, the correction is approximate (chapter 4):
# with 1-NN, 10 x 10 CV needed 1.48 times the variance it assumes. The columns marked * redo
# each test with 1.48 times the variance, to show how much a verdict leans on the correction (a
# sensitivity check borrowed from chapter 4's worst case, not a measurement for this design).
# Second, logistic regression was made the reference *after* looking at the scores, so the
# family that covers that choice is all six pairs of algorithms, not the three comparisons with
# the leader; Holm's adjustment over the six controls the chance of any false "better" among
# them, whichever pairs we end up reading.

# %%
# chapter 4's lab, 10 x 10 CV with 1-NN: needed 0.1789, corrected 0.1211 (ratio 1.48)
inflation = 1.48
pairs = [(a, b) for i, a in enumerate(repeated.names) for b in repeated.names[i + 1:]]
pair_tests = [repeated.ttest(a, b) for a, b in pairs]
holm_six = adjust_pvalues([t.pvalue for t in pair_tests], method="holm")
p_inflated = [
    2 * stats.t.sf(abs(t.statistic) / np.sqrt(inflation), t.df) for t in pair_tests
]
holm_inflated = adjust_pvalues(p_inflated, method="holm")
header = ["points", "p", "Holm", "p*", "Holm*"]
print(f"{'pair (better - worse)':<36}" + "".join(f"{h:>7}" for h in header))
for i, ((a, b), result) in enumerate(zip(pairs, pair_tests)):
    if result.mean_difference < 0:  # name the better one first
        a, b = b, a
    values = [result.pvalue, holm_six[i], p_inflated[i], holm_inflated[i]]
    print(f"{a + ' - ' + b:<36}{100 * abs(result.mean_difference):>+7.1f}"
          + "".join(f"{v:>7.4f}" for v in values))
print(f"Holm: over the six pairs; *: with {inflation} x the variance (chapter 4, 1-NN)")

# %% [markdown]
# In words, over the 25 outer folds:
#
# - **vs decision tree**: tuned logistic regression was 5.3 points more accurate on average,
#   with a 95 % interval from 2.8 to 7.8 points, $p = 0.0002$ (Holm-adjusted bound 0.0009 over
#   all six pairs): evidence that tuned logistic regression is the more accurate algorithm on
#   data like these. Neither check moves this verdict: with 1.48 times the variance,
#   $p = 0.0013$ and the Holm bound 0.0067.
# - **vs k-NN**: 1.4 points in favour of logistic regression, interval from $-0.5$ to $+3.2$
#   points, $p = 0.13$: not significant at the 5 % level. No evidence of a difference is not
#   evidence that there is none: the data are compatible with no difference and with an
#   advantage of about 3 points for logistic regression.
# - **vs SVM**: 0.2 points, interval from $-1.2$ to $+1.6$, $p = 0.76$: not significant.
#   Differences of more than about 1.2 points in the SVM's favour or 1.6 points in logistic
#   regression's are not compatible with these data at the 95 % level (as far as the
#   approximate correction holds); smaller ones, including none, are.
#
# Among the other pairs, the SVM beat the tree by 5.1 points (Holm 0.0008, and 0.0060 with the
# larger variance) and k-NN beat it by 3.9 points (Holm 0.0297). That last verdict is the one
# that leans on the correction: with 1.48 times the variance its p-value rises from 0.0074 to
# 0.0243 and its Holm bound from 0.0297 to 0.0972. Read it as weak evidence that tuned k-NN is
# better than the tuned tree.
#
# These are statements about the two tuned procedures on this population of tumours, learned
# from one data set; chapter 5 is about claims over many data sets.

# %% [markdown]
# ## Stability of the chosen hyperparameters
#
# Source 000 asks us to "check for model stability". In nested CV that means two things: do the
# outer scores vary much across folds (the spreads above), and does the inner loop choose the
# same configuration in every outer fold?

# %% tags=["hide-input"]
def describe(params):
    """{'svc__C': 10.0, 'svc__gamma': 0.01} -> 'C=10.0, gamma=0.01' (no step names)."""
    return ", ".join(f"{key.split('__')[-1]}={value}" for key, value in params.items())


for name, result in zip(comparison.names, comparison.results):
    chosen_text = "; ".join(
        f"{describe(params)} in {count} fold{'s' * (count != 1)}"
        for params, count in result.chosen_counts
    )
    print(textwrap.fill(f"{name:<20} {chosen_text}", 74, subsequent_indent=" " * 21))

# %% [markdown]
# Logistic regression chose C = 1 in four folds of five and the SVM chose (C = 10, gamma =
# 0.01) in four of five: stable choices, so the configuration the final tuning will pick is
# predictable. The decision tree's depth jumped between 2, 3 and 6, and k-NN alternated
# between 3 and 5 neighbours. Unstable choices are not necessarily bad: when several
# configurations are nearly equally good, noise decides between them, and the inner scores
# show whether that is the case. Here are the tree's inner means, fold by fold:

# %%
tree = comparison["decision tree"]
depths = [params["max_depth"] for params in tree.candidates]
print("max_depth:      ", "  ".join(f"{str(d):>6}" for d in depths))
for i, row in enumerate(tree.inner_scores):
    print(f"outer fold {i + 1}:   ", "  ".join(f"{s:6.4f}" for s in row))
middle = tree.inner_scores[:, [depths.index(d) for d in (2, 3, 4, 6)]]
spread = middle.max(axis=1) - middle.min(axis=1)
print("largest spread of depths 2 to 6 within one outer fold: "
      f"{100 * spread.max():.1f} points")

# %% [markdown]
# Depths 2 to 6 are within 2.4 percentage points of each other in every fold; which one
# wins is close to a coin toss. The estimate of the *procedure* (0.931) is still meaningful; what
# is unstable is only the name of the winning depth. A configuration chosen in every fold with a
# clear margin, on the other hand, is a sign that the grid is well placed; a winner at the edge
# of the grid (the smallest or largest C) says the grid should be extended.

# %% [markdown]
# ## The final model for deployment, and what the nested estimate estimates
#
# Nested CV is for *estimating* and *choosing the algorithm*; it does not produce the model
# you ship. Once the algorithm is chosen, do what source 000 says: "as usual, fit the model on
# the whole data set". Concretely, repeat the inner procedure once on all the data (k-fold
# tuning over the same grid), then refit the chosen configuration on all examples.
#
# What number goes with that model? Bates, Hastie and Tibshirani ([Bates et al., 2024](https://doi.org/10.1080/01621459.2023.2197686)) separate two
# targets. $\mathrm{Err}_{XY}$ is the accuracy of *the one model* fitted on the data you have;
# $\mathrm{Err}$ is the expected accuracy of *the procedure* ("tune by 2-fold CV over this grid,
# then refit") over all training sets of this size from the population. Cross-validation, nested
# or not, estimates $\mathrm{Err}$ (they prove it for linear models, and show it for many
# others): its outer folds are trained on other subsets, so it cannot know how lucky this
# particular training set was. So the nested estimate below is an estimate of how well the
# procedure does on average, for training sets of 4/5 of our size, not a measurement of the
# deployed model; naive intervals built from the fold scores also cover too rarely, for the
# overlap reasons of chapter 4. One more selection sits on top: logistic regression was chosen
# *because* its nested score was the highest of four, and the best of four noisy estimates is
# optimistic, for the same reason as the best grid point in the second section. A test set held
# out from the start, scored once by the final model, is the only unbiased measure of that model.

# %%
final_folds = list(stratified_kfold(y, k=2, seed=0))
final_means = [
    cross_validate_scores(clone(logreg).set_params(**params), X, y, final_folds).mean()
    for params in parameter_grid(logreg_grid)
]
final_params = parameter_grid(logreg_grid)[int(np.argmax(final_means))]
final_model = clone(logreg).set_params(**final_params).fit(X, y)
print(f"final tuning on all {y.size} examples chose {final_params}")
print(
    "nested estimate of the procedure (Err): "
    f"{repeated['logistic regression'].mean:.3f} over "
    f"{len(repeated['logistic regression'].outer_scores)} outer folds\n"
    f"(not the final tuning's own best score, {max(final_means):.3f})"
)

# %% [markdown]
# Report it as such: "tuned logistic regression, trained on about 455 tumours, is expected to be
# right about 97.8 % of the time (5 repetitions of nested 5-fold CV); it was the best of four
# tuned algorithms, so this is slightly optimistic". (Chapter 9 puts an interval around such an
# estimate.) The final tuning's own best inner score (the second number)
# is the optimistic best-of-grid number of the second section and is not an estimate of anything
# we want.

# %% [markdown]
# ## Summary
#
# - **Model selection** picks hyperparameters; **algorithm selection** picks a learning
#   algorithm together with its tuning. Each needs an estimate computed on data its choice never
#   saw.
# - The cross-validation score of the best configuration of a grid is **optimistic**: it is the
#   maximum of noisy estimates. On random labels (truth 0.5) the best of 30 configurations
#   reported about 0.65 with 60 examples; the optimism grows with the grid and shrinks with the
#   data.
# - **Nested CV** tunes in an inner loop on the outer training set and scores once on the outer
#   test fold (in scikit-learn: `cross_val_score(GridSearchCV(...), X, y, cv=outer)`). It
#   estimates the error of the whole procedure ($\mathrm{Err}$), without that bias (0.50 on random
#   labels), not the error of the one model you deploy ($\mathrm{Err}_{XY}$).
# - Compare algorithms on the **same outer folds**, so their scores are paired. A test on the
#   five outer scores of one nested CV is either liberal (plain k-fold t) or conservative and
#   unstable (the corrected t: here its p-value for logistic regression vs k-NN ranged from 0.019
#   to 0.47 over five runs). **The test to report: repeated nested CV with the corrected repeated
#   CV t.** Repeat the nested CV (5 times here), then run the corrected repeated CV t on all the
#   outer scores: logistic regression vs the tree, +5.3 points [2.8, 7.8], $p = 0.0002$; vs
#   k-NN, +1.4 points [$-0.5$, 3.2], $p = 0.13$, no evidence of a difference (which is not
#   evidence of equality). Its level is approximate, as in chapter 4: check that a verdict
#   survives a larger variance, and adjust over all pairs when the reference algorithm was
#   picked after looking at the scores.
# - Check **stability**: do the chosen hyperparameters agree across outer folds, and are the
#   alternatives close? Then tune once on all data and **refit for deployment**, quoting the
#   nested estimate as the procedure's and remembering the selection on top.

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** On data sets of 60 examples with random labels (every classifier is right with probability 0.5), chapter 7 tunes over a grid of 30 equally useless configurations and reports the best 5-fold cross-validation score. What is that score on average?
#
# <details class="quiz-answer">
# <summary>(a) About 0.55: the optimism of a grid search is a few points at most, whatever its size.</summary>
#
# **Not quite.** Two configurations already add about 5 points; thirty add 15. The optimism grows with the number of configurations tried.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) About 1.0, because 30 configurations can always fit the labels.</summary>
#
# **Not quite.** The scores are measured on held-out folds, where random labels cannot be fitted; the optimism comes from choosing the best of many noisy scores.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) About 0.50: each configuration's cross-validation score is unbiased, so their best is too.</summary>
#
# **Not quite.** Each score is honest about its own configuration, but the maximum of 30 noisy scores is biased upwards. 0.50 is what nested cross-validation reports on the same data.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) About 0.65, fifteen points above what any classifier can do.</summary>
#
# **Right.** The grid search picks the configuration whose noise happened to point up; the optimism grows with the grid (0.55 with two configurations). Nested CV stays at 0.50 for every grid size.
#
# </details>
#
# **Question 2.** In nested cross-validation, what does the inner loop do?
#
# <details class="quiz-answer">
# <summary>(a) It tunes once on the whole data set; the outer loop then scores that choice.</summary>
#
# **Not quite.** Then every outer test fold has helped choose the hyperparameters, and the optimism of the grid search returns.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) It chooses the hyperparameters using only the outer training part.</summary>
#
# **Right.** The outer test fold is never seen while tuning, so the outer score estimates the whole procedure, tuning included. The choice may differ from one outer fold to the next.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) It repeats the outer loop with other random seeds.</summary>
#
# **Not quite.** The inner loop splits the outer training part again; repeating the whole nested CV with fresh folds is another step, which chapter 7 takes before its final test.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) It estimates the final accuracy.</summary>
#
# **Not quite.** That is the outer loop's job: each outer test fold scores a model whose tuning never saw it.
#
# </details>
#
# **Question 3.** Four tuned algorithms were compared by nested cross-validation on the same outer folds. You want to report whether tuned logistic regression beats tuned k-NN. What does chapter 7 tell you to run?
#
# <details class="quiz-answer">
# <summary>(a) The corrected t-test on the five outer scores of one nested CV, the first run you have.</summary>
#
# **Not quite.** It is valid but weak, and unstable: over five runs on the same data its p-value against k-NN ranged from 0.019 to 0.47. Chapter 7 concludes that no single-run p-value is a finding.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Repeat the nested CV (5 times here), then the corrected repeated CV t on all the outer scores.</summary>
#
# **Right.** On 25 outer folds: logistic regression 1.4 points ahead, 95 % interval from -0.5 to 3.2 points, p = 0.13: no evidence of a difference at 5 %, and room for one of about 3 points.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The plain paired t-test on the five outer differences of one nested CV, as if they were independent.</summary>
#
# **Not quite.** The outer training sets share 3/4 of their examples, so the plain k-fold t is liberal (chapter 4); here it gave the smallest p-value, 0.0046.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) No test: nested CV has removed the bias, so the larger mean score decides.</summary>
#
# **Not quite.** Nested CV removes the tuning bias, not the noise of five folds; the difference still needs a test and an interval.
#
# </details>
#
# **Question 4.** Nested 5 x 5 cross-validation estimates tuned logistic regression's accuracy on the breast-cancer data at 0.978. What is that an estimate of?
#
# <details class="quiz-answer">
# <summary>(a) The best inner score of the final tuning on all the data.</summary>
#
# **Not quite.** That number (0.979) is the optimistic best-of-grid score of the grid search, not an estimate of anything we want.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) The accuracy of the final model, tuned and refit on all 569 examples, the one you ship.</summary>
#
# **Not quite.** That model was never scored: the outer folds train on other subsets, so cross-validation cannot know how lucky this particular training set was (Err_XY).
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) The expected accuracy of the procedure "tune by 2-fold CV over this grid, then refit", on training sets of about 455 examples.</summary>
#
# **Right.** Err, in Bates, Hastie and Tibshirani's terms. It is also slightly optimistic for the algorithm you pick, because logistic regression was chosen as the best of four.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) The accuracy of logistic regression with C = 1, the value most often chosen.</summary>
#
# **Not quite.** The estimate is of the tuning procedure, whatever it chooses in each outer fold, not of one fixed configuration.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** With `simulate_tuning_bias`, compare the optimism of the non-nested estimate
# at 20 configurations for 60 and for 240 examples per data set. Explain the difference. Store
# the two non-nested estimates in a dict `ex1_non_nested` and the two nested ones in a dict
# `ex1_nested`, both keyed by the number of examples.
#
# **Exercise 2.** Draw six fresh random-label data sets like the one of the second section
# (100 examples, 10 noise features, coin-flip labels; with `np.random.default_rng(s)` for
# s = 100, ..., 105) and compute on each the best 5-fold score of the k-NN grid, on the outer
# folds of the nested CV, and the nested estimate (both with `seed=0`). Average each over the six
# data sets. What does the spread say about one nested CV on 100 examples? Store the two
# averages in a dict `ex2_means` with the keys `"best of grid"` and `"nested"`.
#
# **Exercise 3.** For the corrected repeated CV t, compute the variance factor
# $\frac{1}{rK} + \frac{1}{K-1}$ for $K = 5$ and $K = 10$ outer folds and $r = 1, 5, 10, 50$
# repetitions, and how much the standard error shrinks relative to $r = 1$. Why does repeating
# help less and less, and why can no number of repetitions make the factor smaller than
# $1/(K-1)$? Store the factors in a dict `ex3_factors` keyed by $(K, r)$, as in
# `ex3_factors[5, 1]`.
#
# **Exercise 4.** A colleague tunes an SVM by 10-fold CV over 200 configurations and reports
# the best cross-validation accuracy, 0.93, as the accuracy of the deployed model. What do you
# tell them, and what should they report instead?

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 1</summary>
#
# With four times more examples the fold scores of each configuration are about half as noisy
# (binomial standard deviation $\propto 1/\sqrt{n_{\text{test}}}$), so the maximum over the
# grid rises less above the truth: the optimism shrinks from about 14 to about 7 percentage
# points. Nested CV stays at 0.5 in both cases.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
ex1_non_nested, ex1_nested = {}, {}
for n_samples in (60, 240):
    result = simulate_tuning_bias(
        n_samples=n_samples, max_configs=20, outer_cv=5, inner_cv=2, n_reps=500, seed=1
    )
    ex1_non_nested[n_samples] = result.non_nested[-1]
    ex1_nested[n_samples] = result.nested[-1]
    print(
        f"n = {n_samples:>3}: non-nested {result.non_nested[-1]:.3f}, nested "
        f"{result.nested[-1]:.3f}"
    )

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# On average the best-of-grid score (0.535) is about 6 percentage points above the nested
# estimate (0.473) computed on the same outer folds: the selection bias again. It is smaller
# than in the simulation's 30 configurations because k-NN's configurations are strongly
# correlated (neighbouring numbers of neighbours predict almost alike), so the grid offers
# fewer truly different chances to get lucky. Both estimates scatter widely from one data set
# to the next (0.45 to 0.62 and 0.35 to 0.58): with 100 examples the nested estimate has a
# standard deviation of about 0.085 from one data set to the next, and the average of six a
# standard error of about 0.035, so 0.473 is consistent with the truth 0.5. Unbiased is not the
# same as precise. With small data, also repeat the nested CV over several fold seeds (that
# averages away the noise of the folds, not of the data).
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
best_scores, nested_scores = [], []
for data_seed in range(100, 106):
    rng_data = np.random.default_rng(data_seed)
    X_new = rng_data.standard_normal((100, 10))
    y_new = rng_data.integers(0, 2, size=100)
    splits_new = nested_splits(y_new, outer_cv=5, inner_cv=2, seed=0)
    outer_folds = [(train, test) for train, test, _ in splits_new]
    best_scores.append(
        max(
            cross_validate_scores(
                KNeighborsClassifier(**params), X_new, y_new, outer_folds
            ).mean()
            for params in candidates
        )
    )
    nested_scores.append(
        nested_cv(KNeighborsClassifier(), knn_grid, X_new, y_new, seed=0).mean
    )
ex2_means = {"best of grid": np.mean(best_scores), "nested": np.mean(nested_scores)}
print("best of grid:", np.round(best_scores, 3), f"mean {np.mean(best_scores):.3f}")
print("nested CV:   ", np.round(nested_scores, 3), f"mean {np.mean(nested_scores):.3f}")
spread = np.std(nested_scores, ddof=1)
print(f"nested CV: standard deviation over the six data sets {spread:.3f},\n"
      f"standard error of their mean {spread / np.sqrt(6):.3f}")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# The factor falls from $0.45$ ($r = 1$) to $0.29$, $0.27$ and $0.254$ for $K = 5$, and from $0.21$
# to $0.13$, $0.12$ and $0.113$ for $K = 10$: the standard error shrinks by about 20 % with five
# repetitions and hardly more after that. Repetitions average away the variance due to the
# choice of folds (the $1/(rK)$ term), but not the variance shared by every fold because all of
# them come from the same data set (the $1/(K-1)$ term, Nadeau and Bengio's approximation of that
# shared part). Only more data shrinks it. The number of folds and of repetitions must be fixed
# before looking at the results, not chosen to get significance.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
print("variance factor 1/(rK) + 1/(K - 1) (standard error relative to r = 1)")
print(f"{'':>6}" + "".join(f"{f'r = {r}':>16}" for r in (1, 5, 10, 50)))
ex3_factors = {}
for K in (5, 10):
    base = 1 / K + 1 / (K - 1)
    factors = [1 / (r * K) + 1 / (K - 1) for r in (1, 5, 10, 50)]
    ex3_factors.update({(K, r): v for r, v in zip((1, 5, 10, 50), factors)})
    print(f"K = {K:>2}" + "".join(f"{f'{v:.3f} (x {np.sqrt(v / base):.2f})':>16}"
                                  for v in factors))

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 4</summary>
#
# The 0.93 is the best of 200 noisy cross-validation scores measured on the folds that chose
# the winner: it is biased upward, and with 200 configurations the bias can be several
# percentage points. Report instead a nested CV estimate of "SVM tuned by 10-fold CV over this
# grid" (or the score of the final model on a test set held out before any tuning). The final
# model itself may still be the one tuned on all the data.
#
# </details>

# %% [markdown] tags=["references"]
# ## References
#
# - Bates, S., Hastie, T. and Tibshirani, R. (2024). Cross-validation: what does it estimate and how well does it do it?. *Journal of the American Statistical Association*, 119(546), 1434–1445. <https://doi.org/10.1080/01621459.2023.2197686>
# - Cawley, G. C. and Talbot, N. L. C. (2010). On over-fitting in model selection and subsequent selection bias in performance evaluation. *Journal of Machine Learning Research*, 11, 2079–2107. <https://www.jmlr.org/papers/v11/cawley10a.html>
# - Raschka, S. (2018). Model evaluation, model selection, and algorithm selection in machine learning. *arXiv:1811.12808*. <https://arxiv.org/abs/1811.12808>
# - Varma, S. and Simon, R. (2006). Bias in error estimation when using cross-validation for model selection. *BMC Bioinformatics*, 7, 91. <https://doi.org/10.1186/1471-2105-7-91>
