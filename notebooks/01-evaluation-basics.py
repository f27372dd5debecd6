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
# # Evaluating one model: metrics, overfitting and resampling estimates
#
# ## Overview
#
# Before two classifiers can be compared, each must be measured, and measured honestly. This
# chapter is about that first step: what number describes how good a classifier is, where to
# compute it, and how much that number would change if the data had been a little different.
# Every later chapter tests a difference between such numbers, so their noise is what the tests
# of the course are about.
#
# After this chapter you will be able to
#
# - tell apart the three questions of model evaluation, model selection and algorithm selection
#   ([Raschka, 2018](https://arxiv.org/abs/1811.12808));
# - compute accuracy, error rate, precision, recall and F1 from a confusion matrix, and check a
#   worked example;
# - explain why the training accuracy cannot choose a model, and see overfitting in a plot of
#   training and test error against model complexity;
# - estimate accuracy by holdout, repeated holdout, k-fold and repeated k-fold cross-validation,
#   the bootstrap and the .632 estimate, and say how much each estimate varies;
# - give the confidence interval of one model's test accuracy, say what it means, and say how the
#   size of the test set shrinks it;
# - explain why the standard deviation of fold scores over $\sqrt{k}$ is not a standard error;
# - read a learning curve;
# - compare two classifiers on the same splits, and see why pairing helps.
#
# **Prerequisites:** Python with numpy, what a classifier is (fit on examples, predict labels),
# mean, standard deviation and correlation.

# %% tags=["hide-input"]
import textwrap

import numpy as np
import matplotlib.pyplot as plt
from sklearn.datasets import make_classification
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.linear_model import LogisticRegression
from sklearn.neighbors import KNeighborsClassifier
from sklearn.tree import DecisionTreeClassifier

from lecture_lib import (
    accuracy,
    bootstrap,
    confusion_matrix,
    cross_validate_scores,
    error_rate,
    errata,
    estimate_632,
    evaluation_example,
    f1_score,
    holdout,
    holdout_accuracy_table,
    kfold,
    knn_complexity_curve,
    knn_predictions,
    knn_split_scores,
    learning_curve,
    plot_complexity_curve,
    plot_holdout_spread,
    plot_learning_curve,
    precision,
    proportion_interval,
    recall,
    repeated_kfold,
)
from lecture_lib.widgets import complexity_explorer, holdout_explorer

ERRATA = {e.key: e for e in errata()}

# %% [markdown] tags=["core-path"]
# **Core path.** Short of time? Start with these sections, the pre-reading of this chapter's
# classes (about 16 minutes): *Three questions*; *The wrong way first: choose by training
# accuracy*; *How much does a holdout estimate move?*; *How precise is one test accuracy?*;
# *Comparing two classifiers on the same splits*; then the *Summary*. The other sections, in
# order, are what the classes teach.

# %% [markdown]
# ## Three questions
#
# Source 001, the slides of the Applied Machine Learning lecture (LMU Munich), starts from three
# different things one may want to know ([Raschka, 2018](https://arxiv.org/abs/1811.12808)). (The
# course was built from five such source documents, source 000 to source 004; the glossary lists
# them.)
#
# | question | what is compared | example | where in the course |
# |---|---|---|---|
# | **model evaluation** | one trained model against the truth | "how accurate will this spam filter be on next month's mail?" | this chapter |
# | **model selection** | several trained models, or settings of one learner | "which k for k-nearest neighbours?", "is model A more accurate than model B?" | this chapter, chapters 2, 3 and 7 |
# | **algorithm selection** | learning algorithms (the recipe that turns data into a model) | "on data like these, does a random forest learn better models than a tree?" | chapters 4 to 7 |
#
# The distinction matters because the sources of noise differ. A trained model is fixed: the
# only randomness in its measured accuracy is which test examples we happened to draw. A
# learning algorithm is evaluated through the models it builds, so the choice of *training* set
# adds a second source of variation. All three start with the same estimates, the subject of
# this chapter; the rest of the course puts tests on top of them.
#
# Source 001 then lists five ways to measure performance (holdout, repeated holdout,
# cross-validation, repeated cross-validation and the bootstrap) and asks which is best. This
# chapter tries each of them on data where the truth is known; the table near the end sums up.

# %% [markdown]
# ## Metrics from a confusion matrix
#
# A confusion matrix counts the examples of each true class (rows) by predicted class
# (columns). With two classes, the positive one ("yes") and the negative one ("no"), its four
# cells are the true positives TP, false negatives FN, false positives FP and true negatives TN.
# Source 003, the "Evaluation" slides of Penn's CIS 519, gives this example with 165 examples:
#
# | | predicted yes | predicted no | total |
# |---|:-:|:-:|:-:|
# | **actual yes** | TP = 100 | FN = 5 | 105 |
# | **actual no** | FP = 10 | TN = 50 | 60 |
# | **total** | 110 | 55 | 165 |
#
# and prints accuracy 0.91, precision 0.91 and recall 0.95. We rebuild labels and predictions
# that produce this table, and compute everything from them.

# %%
example = evaluation_example("seed003_confusion")
y_true, y_pred = example.labels(seed=0)
print("confusion matrix, positive class first (the slide's layout):")
print(confusion_matrix(y_true, y_pred, labels=[1, 0]))
print("confusion matrix, sorted labels [0, 1] (scikit-learn's layout):")
print(confusion_matrix(y_true, y_pred))
computed = {
    "accuracy": accuracy(y_true, y_pred),
    "precision": precision(y_true, y_pred, positive=1),
    "recall": recall(y_true, y_pred, positive=1),
}
for name, value in computed.items():
    printed = example.printed[name]
    same = round(value, example.decimals[name]) == printed
    print(f"{name:>9} = {value:.4f}   source prints {printed}   agree to 2 decimals: "
          f"{same}")
print(f"error rate = {error_rate(y_true, y_pred):.4f},  F1 = "
      f"{f1_score(y_true, y_pred):.4f}")
always_yes = np.ones_like(y_pred)
print(f"a model that always says 'yes': accuracy {accuracy(y_true, always_yes):.4f} "
      f"(105/165)")

# %% [markdown]
# The three printed values are right. The definitions:
#
# $$
# \begin{aligned}
# \text{accuracy} &= \frac{TP + TN}{TP + FN + FP + TN}, &
# F_1 &= \frac{2\,TP}{2\,TP + FP + FN},\\
# \text{precision} &= \frac{TP}{TP + FP}, &
# \text{recall} &= \frac{TP}{TP + FN}.
# \end{aligned}
# $$
#
# Precision answers "of the examples the model called positive, how many are?" (here 100 of
# 110), recall "of the positive examples, how many did the model find?" (100 of 105). The error
# rate is $1 - \text{accuracy} = 15/165 = 0.091$, and $F_1$ is the harmonic mean of precision and
# recall. Note the two layouts: the slide puts the positive class first, while scikit-learn and
# `confusion_matrix` sort the labels, so that the negative class 0 comes first. Always check
# which layout a table uses before reading TP off its corner.
#
# Three slips in the source's formulas, recorded as errata:

# %%
for key in (
    "seed003-precision-parentheses",
    "seed003-recall-parentheses",
    "seed003-n-two-meanings",
):
    print(f"[{key}]")
    erratum = ERRATA[key]
    for label, text in (("source says", erratum.says), ("correct", erratum.correct)):
        print(textwrap.fill(f"{label}: {text}", 74, initial_indent="  ",
                            subsequent_indent="    "))
tp, fn, fp, tn = example.tp, example.fn, example.fp, example.tn
print(
    "TP/TP + FP read literally:",
    tp / tp + fp,
    "  TP/(TP + FP):",
    round(tp / (tp + fp), 4),
)
print("positives P =", tp + fn, " negatives N =", fp + tn, " P + N =", example.n)

# %% [markdown]
# Accuracy is not the only possible summary, and on unbalanced classes it can mislead (a model
# that always says "yes" here would score 105/165 = 0.64 without learning anything). The tests in
# this course work with accuracy or error rate, because they count right and wrong predictions;
# the resampling ideas below apply to any metric.

# %% [markdown]
# ## The data of this chapter
#
# To see how good an estimate is, we need to know the truth it estimates, which real data never
# tell us. So we generate a "population" of 20 000 examples with 10 features and two classes,
# in which 10 % of the examples get a label drawn at random (`flip_y=0.1`; about half of those
# labels end up wrong). This label noise means that no classifier can be perfect.
# We draw our **data set** of 300 examples from it; the other 19 700 examples are **new data**
# that in practice we would not have. They let us check every estimate against the accuracy the
# model really has.

# %%
X_population, y_population = make_classification(
    n_samples=20_000,
    n_features=10,
    n_informative=4,
    n_redundant=2,
    flip_y=0.1,
    class_sep=1.0,
    random_state=1,
)
rng = np.random.default_rng(0)
in_data = np.zeros(y_population.size, dtype=bool)
in_data[rng.choice(y_population.size, size=300, replace=False)] = True
X, y = X_population[in_data], y_population[in_data]
X_new, y_new = X_population[~in_data], y_population[~in_data]
print(
    f"data set: {X.shape[0]} examples, {X.shape[1]} features, class counts "
    f"{np.bincount(y).tolist()}"
)
print(f"new data: {X_new.shape[0]} examples")

# %% [markdown]
# ## The wrong way first: choose by training accuracy
#
# Source 003 asks: given two classifiers, C1 a pruned decision tree and C2 the
# 1-nearest-neighbour classifier (1-NN), can we choose between them by their accuracy on the
# training data? We fit both, and a third, 15-NN, on all 300 examples and score them on the same
# 300 examples.

# %%
models = {
    "pruned tree (depth 3)": DecisionTreeClassifier(max_depth=3, random_state=0),
    "1-NN": KNeighborsClassifier(n_neighbors=1),
    "15-NN": KNeighborsClassifier(n_neighbors=15),
}
for name, model in models.items():
    model.fit(X, y)
    print(f"{name:>21}: training accuracy {accuracy(y, model.predict(X)):.3f}")

# %% [markdown]
# By training accuracy, 1-NN wins with a perfect 100 %. It has to: each training example is its
# own nearest neighbour, so 1-NN simply looks up the answer it memorised. The training accuracy
# measures memory, not generalisation. Here is how the same three models do on the 19 700 new
# examples:

# %%
for name, model in models.items():
    print(f"{name:>21}: training accuracy {accuracy(y, model.predict(X)):.3f}, "
          f"accuracy on new data {accuracy(y_new, model.predict(X_new)):.3f}")

# %% [markdown]
# The ranking turns around: 1-NN, first on the training data, is last on new data. With label
# noise in the data, memorising the training set means memorising its noise, too.
#
# **The right way** is to score each model on examples it has not seen during training. We do
# not have 19 700 spare examples in practice, so we hold some of ours out: a **holdout** split
# trains on 70 % of the data and tests on the remaining 30 %.

# %%
[(train, test)] = holdout(y.size, test_size=0.3, seed=1, stratify=y)
print(f"{train.size} training and {test.size} test examples")
for name, model in models.items():
    model.fit(X[train], y[train])
    print(f"{name:>21}: training accuracy "
          f"{accuracy(y[train], model.predict(X[train])):.3f}, "
          f"test accuracy {accuracy(y[test], model.predict(X[test])):.3f}")

# %% [markdown]
# The test accuracies put 1-NN last, as the new data did. They swap the tree and 15-NN, which
# differ by about a point on new data: one split of 90 test examples is a small sample, and how
# far to trust it is the subject of the rest of the chapter.

# %% [markdown]
# ## Training error, test error and overfitting
#
# The number of neighbours k of k-NN sets how flexible the model is. With k = 1 the decision
# boundary bends around every training example; with k = 210 (all training examples) the model
# predicts the majority class everywhere. We split the data once into 210 training and 90 test
# examples and compute both errors for every k from 1 to 210 (`knn_complexity_curve` computes the
# distances and sorts the neighbours once, so the whole curve costs about one fit). The dashed
# curve is the error of the same models on the new data.

# %% mystnb={"figure": {"caption": "Training error (210 examples), test error (90 held-out examples) and error on the 19 700 new examples of k-NN for every k from 1 to 210, with complexity growing to the right. The training error falls to 0 at k = 1, while the error on new data is lowest around k = 17 (0.145) and rises again for small k: overfitting.", "name": "fig-evaluation-basics-complexity-curve"}, "image": {"alt": "Line chart of error rate (0 to 0.5) against the number of neighbours k on a reversed logarithmic axis, k = 210 on the left and k = 1 on the right. Three curves: training error (blue), test error on 90 held-out examples (orange) and error on 19 700 new examples (black dashed). All three start near 0.5 at k = 210 and fall steeply around k = 100. Further right the training error keeps falling, to 0 at k = 1, while the test and new-data errors level off near 0.15 and rise again to about 0.2 at k = 1; the orange test curve is jagged, with its lowest point at 0.10."}}
ks = np.arange(1, 211)
curve = knn_complexity_curve(X[train], y[train], X[test], y[test], ks)
on_new = knn_complexity_curve(X[train], y[train], X_new, y_new, ks)
ax = plot_complexity_curve(curve, reference=on_new)
plt.show()
for k in (1, curve.best_k, on_new.best_k, 100, 210):
    train_err, test_err = curve.at(k)
    print(f"k = {k:>3}: training error {train_err:.3f}, test error {test_err:.3f}, "
          f"error on new data {on_new.at(k)[1]:.3f}")

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 1.1.** Training error (210 examples), test error (90 held-out examples) and error on the 19 700 new examples of k-NN for every k from 1 to 210, with complexity growing to the right. The training error falls to 0 at k = 1, while the error on new data is lowest around k = 17 (0.145) and rises again for small k: overfitting.

# %% [markdown]
# Read the plot from left (rigid) to right (flexible):
#
# - **Underfitting** (large k): the model is too simple; training and test errors are both
#   large.
# - **Overfitting** (small k): the training error falls to 0 at k = 1 while the test error rises
#   again; the model has learned the noise of its training set ([Hastie et al., 2009](https://doi.org/10.1007/978-0-387-84858-7)).
# - In between lies the best trade-off. On the new data it is around k = 17 (error 0.145). On
#   our 90 test examples the lowest test error is at k = 58 (error 0.100), where the error on
#   new data is 0.192: the test curve is itself noisy, and the k that happens to suit 90
#   particular examples best need not be good. Worse, the selected minimum is optimistic: 0.100
#   is the luckiest of 210 noisy values. A test set used to choose a model can no longer
#   estimate that model's error; chapter 7 (nested cross-validation) deals with this.
#
# The explorer below marks one k on the same curves and says on which side of k = 17, the best k
# on new data, it lies. In JupyterLab, Binder or Colab, move the slider through the values of k
# (the curves were computed above; the slider only redraws them). On this page it is a snapshot
# at k = 1, the most flexible model.

# %% tags=["nbval-ignore-output"]
complexity_explorer(curve, reference=on_new, k=1)

# %% [markdown] tags=["part-marker"]
# **Part 2 of this chapter: How much an estimate moves: holdout, intervals, cross-validation,
# pairing.** Part 1 (What to measure, and on which data) ends here; the instructor guide teaches
# each part in one class.

# %% [markdown]
# ## How much does a holdout estimate move?
#
# The holdout estimate depends on which examples land in the test set. To see by how much, we
# repeat the split many times with different seeds (`repeated_holdout`, stratified) and record
# the test accuracy of 15-NN on each. `holdout_accuracy_table` does this for 200 splits at each
# of eight test sizes. The mean of a row is the **repeated holdout** estimate (also called
# random subsampling); its spread shows how far a single holdout estimate can stray.

# %%
test_sizes = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
table = holdout_accuracy_table(X, y, test_sizes, n_splits=200, n_neighbors=15, seed=0)
truth_15 = accuracy(y_new, knn_predictions(X, y, X_new, 15)[0])
print(f"15-NN trained on all 300 examples, accuracy on new data: {truth_15:.3f}")
print("test size  n_test  mean acc.  sd      middle 95 % of the splits  1 mistake")
for size, row in zip(test_sizes, table):
    low, high = np.quantile(row, [0.025, 0.975])
    n_test = int(np.ceil(size * 300))
    print(f"   {size:.0%}     {n_test:>4}    {row.mean():.3f}   "
          f"{row.std(ddof=1):.3f}   "
          f"{low:.3f} to {high:.3f}     {100 / n_test:.1f} points")

# %% mystnb={"figure": {"caption": "Test accuracy of 15-NN over 200 random holdout splits with 10 % (top) and 50 % (bottom) of the 300 examples in the test set; the dashed line is the accuracy on new data, 0.862. The small test set gives coarse, widely spread estimates; the large one a narrower spread.", "name": "fig-evaluation-basics-holdout-spread"}, "image": {"alt": "Two histograms on the same test-accuracy axis from 0.65 to 1.0, each counting 200 random splits, with a dashed vertical line at 0.862, the accuracy on new data. Top, 10 % test set (30 examples): the accuracies take a few discrete values about 0.033 apart, from about 0.67 to 1.0, with the tallest bars at about 0.87 and 0.90. Bottom, 50 % test set (150 examples): finer-grained values concentrated between about 0.80 and 0.92 around the dashed line, with a few lower ones."}} tags=["hide-input"]
fig, axes = plt.subplots(2, 1, figsize=(6.4, 6.8), sharex=True)
plot_holdout_spread(table, test_sizes, 0.1, reference=truth_15, ax=axes[0])
plot_holdout_spread(table, test_sizes, 0.5, reference=truth_15, ax=axes[1])
fig.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 1.2.** Test accuracy of 15-NN over 200 random holdout splits with 10 % (top) and 50 % (bottom) of the 300 examples in the test set; the dashed line is the accuracy on new data, 0.862. The small test set gives coarse, widely spread estimates; the large one a narrower spread.

# %% mystnb={"figure": {"caption": "Mean and standard deviation of the holdout accuracy of 15-NN over 200 splits at each test size, against the accuracy on new data of the model trained on all 300 examples (dashed, 0.862). The spread shrinks from 0.057 at 10 % to about 0.03 from 30 % on, while the mean falls from 0.877 to 0.795 as less data is left for training.", "name": "fig-evaluation-basics-holdout-bias"}, "image": {"alt": "Line chart with error bars: test accuracy of 15-NN (y, about 0.76 to 0.93) against the test set size in percent of 300 examples (x, 10 to 80). Blue points are the means over 200 splits, with bars of plus and minus one standard deviation; a dashed horizontal line marks 0.862, the accuracy on new data. The means stay near 0.877 at 10 and 20 %, meet the dashed line at about 40 % and drop to 0.795 at 80 %; the bars are widest at 10 % and narrower from 30 % to 70 %."}} tags=["hide-input"]
fig, ax = plt.subplots(figsize=(6.4, 3.6))
ax.errorbar(
    np.array(test_sizes) * 100,
    table.mean(axis=1),
    yerr=table.std(axis=1, ddof=1),
    marker="o",
    capsize=3,
    label="holdout: mean +- 1 sd over 200 splits",
)
ax.axhline(
    truth_15,
    color="black",
    linestyle="--",
    linewidth=1,
    label="model trained on all 300, new data",
)
ax.set_xlabel("test set size (% of 300 examples)")
ax.set_ylabel("test accuracy of 15-NN")
ax.set_title("Holdout estimates: spread and bias against test size")
ax.legend(fontsize=9)
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 1.3.** Mean and standard deviation of the holdout accuracy of 15-NN over 200 splits at each test size, against the accuracy on new data of the model trained on all 300 examples (dashed, 0.862). The spread shrinks from 0.057 at 10 % to about 0.03 from 30 % on, while the mean falls from 0.877 to 0.795 as less data is left for training.

# %% [markdown]
# Read the table down its columns. Two forces pull in opposite directions (Kohavi, 1995):
#
# - A **small test set** gives a noisy estimate. With 30 test examples a single mistake is worth
#   3.3 points of accuracy (the last column), so the estimates move in coarse steps (the upper
#   histogram above) and scatter widely: the sd and the middle 95 % of the splits are widest in
#   the first row.
# - A **large test set** leaves little to train on: the model is trained on fewer examples than
#   the one we will deploy, so the estimate is biased downwards (pessimistic). The mean column
#   falls as the test share grows, steeply in the last row, where 15-NN learns from only 60
#   examples.
#
# Notice also that the means for small test sets lie about 1.5 points *above* the accuracy on
# new data (0.862). No choice of split explains that: every split is cut from the same 300
# examples, and this sample of 300 happens to be a little easier than the population (exercise 2
# measures it). That part of the error, due to the data set itself, is invisible from inside the
# data, and no amount of resampling removes it.
#
# The common 70/30 or 80/20 splits are compromises, and even they move by several points from
# one split to the next (standard deviation 0.031 at 30 %). The explorer below shows one split
# against all 200 of its size. In JupyterLab, Binder or Colab, pick a test size and step through
# the splits (each one is a random seed); on this page it is a snapshot of split 0 at 30 %.

# %% tags=["nbval-ignore-output"]
holdout_explorer(table, test_sizes, reference=truth_15, test_size=0.3, split=0)

# %% [markdown]
# ## How precise is one test accuracy?
#
# The spread above mixes two things: a new split changes both the training set (so the model)
# and the test set. For one *trained* model only the test set is random. If its $n$ test
# examples are drawn independently from the population, the number it gets right is
# Binomial($n$, $p$), where $p$ is the model's true accuracy, its accuracy on new data. A
# **confidence interval** for $p$ turns the one test accuracy into a range of accuracies that
# are compatible with it. The course uses Wilson's score interval ([Wilson, 1927](https://doi.org/10.1080/01621459.1927.10502953)), which
# Brown, Cai and DasGupta ([Brown et al., 2001](https://doi.org/10.1214/ss/1009213286)) recommend: `proportion_interval(right, n)`.
#
# Take one 70/30 split of our 300 examples, train 15-NN on the 210 training examples and test it
# on the other 90:

# %%
((train_idx, test_idx),) = holdout(y.size, test_size=0.3, seed=0, stratify=y)
pred_test, pred_new = np.split(
    knn_predictions(X[train_idx], y[train_idx], np.vstack([X[test_idx], X_new]), 15)[0],
    [test_idx.size],
)
right = int(np.sum(pred_test == y[test_idx]))
one_model = proportion_interval(right, test_idx.size)
right_new = pred_new == y_new  # what we could never know in practice
print(f"right on {right} of {test_idx.size} test examples:\n  accuracy {one_model}")
print(
    f"the same model on the {y_new.size} new examples: accuracy {right_new.mean():.4f}"
)

# %% [markdown]
# The model is right on 76 of the 90 test examples, 84.4 %. **In words:** at the 95 % level, the
# test set is compatible with any true accuracy between 75.6 % and 90.5 %; a test set of 90
# examples pins the accuracy down only to within about 7 points either way. Here we can check
# it, because we kept 19 700 new examples: the model's accuracy on them, 85.3 %, lies inside.
#
# "95 %" is a property of the procedure, not of this one interval: over many test sets, the
# interval computed this way covers the true accuracy about 95 % of the time. We can watch that
# happen by drawing 10 000 test sets of each size from the new examples (with the same trained
# model) and counting how often each interval covers the accuracy on all of them:

# %%
rng_tests = np.random.default_rng(1)
truth_model = right_new.mean()
print(" n_test  mean width of the 95 % interval  covers the true accuracy")
for n_test in (30, 90, 300, 1000, 3000):
    counts = right_new[
        rng_tests.integers(0, right_new.size, size=(10_000, n_test))
    ].sum(axis=1)
    intervals = proportion_interval(counts, n_test)
    covered = np.mean((intervals.low <= truth_model) & (truth_model <= intervals.high))
    print(
        f"{n_test:>6}  {np.mean(intervals.high - intervals.low):>10.3f} (about "
        f"+-{50 * np.mean(intervals.high - intervals.low):.1f} points)"
        f"      {covered:.1%}"
    )

# %% [markdown]
# The intervals cover the true accuracy in about 95 % of the test sets at every size, and their
# width shrinks like $1/\sqrt{n}$: four times as many test examples halve it. Thirty test
# examples leave about $\pm 12$ points; it takes about 1 000 for $\pm 2$ points and 3 000 for
# $\pm 1.3$. That is the scale to keep in mind when two models' test accuracies differ by a
# point or two (chapter 2 makes the comparison properly).
#
# **The wrong way: accuracy $\pm 1.96$ standard errors.** The textbook (Wald) interval
# $\hat p \pm 1.96\sqrt{\hat p(1 - \hat p)/n}$ looks natural, but it fails exactly where
# accurate models live. A model right on all 30 of its test examples gets a standard error of
# zero:

# %%
for method in ("wald", "wilson", "clopper-pearson"):
    print(f"30 of 30 right, {method:>15}: {proportion_interval(30, 30, method=method)}")

# %% [markdown]
# The Wald interval collapses to the single point 100 %, as if 30 examples proved the model
# perfect. Wilson's interval says what the data allow: any accuracy from 88.6 % to 100 %. (The
# Clopper-Pearson interval, which guarantees at least 95 % coverage, is a little wider.) Brown,
# Cai and DasGupta show that the Wald interval covers too rarely for many $n$ and $p$, not only at
# the ends ([Brown et al., 2001](https://doi.org/10.1214/ss/1009213286)).

# %% [markdown]
# ## k-fold cross-validation
#
# Instead of one split, **k-fold cross-validation** cuts the data into k parts (folds) of equal
# size, trains k models, each on k - 1 folds, and tests each on the fold it left out. Every
# example is tested exactly once, and every model sees a fraction $(k-1)/k$ of the data.
# Source 003 recommends reporting the mean and the standard deviation of the k fold accuracies.

# %%
fold_scores = knn_split_scores(X, y, kfold(y.size, k=10, seed=2), n_neighbors=15)
print("10 fold accuracies of 15-NN:\n", np.round(fold_scores, 3).tolist())
print(f"mean {fold_scores.mean():.3f}, sd {fold_scores.std(ddof=1):.3f}")

# %% [markdown]
# (`knn_split_scores` is k-NN written with numpy, with the distances computed once for all
# splits; for any scikit-learn classifier, `cross_validate_scores(model, X, y, splits)` does the
# same job and is used below.)
#
# The mean, 0.867, is the cross-validation estimate. It still depends on how the data were
# cut into folds: a different seed gives a different partition and a different mean. **Repeated
# k-fold cross-validation** averages over several partitions, which source 003 calls "an even
# better idea":

# %%
for seed in (2, 3, 4):
    scores = knn_split_scores(X, y, kfold(y.size, k=10, seed=seed), n_neighbors=15)
    print(f"10-fold CV, partition seed {seed}: mean {scores.mean():.4f}")
repeated_scores = knn_split_scores(
    X, y, repeated_kfold(y.size, k=10, n_repeats=10, seed=5), n_neighbors=15
)
by_repeat = repeated_scores.reshape(10, 10).mean(axis=1)
print(
    f"10 x 10-fold CV: mean {repeated_scores.mean():.4f};\n  "
    f"the 10 repetition means range from {by_repeat.min():.4f} to {by_repeat.max():.4f}"
)

# %% [markdown]
# The means of single repetitions differ by more than 3 percentage points; averaging them
# removes that part of the noise, the part due to the partition. It cannot remove the part due
# to the data set itself: all the repetitions reuse the same 300 examples. Source 003 also says
# that as k grows towards n "the model becomes more accurate (more training data)": more
# precisely, the models built inside the cross-validation get closer to the model trained on all
# n examples, so the estimate's pessimistic bias shrinks, at the price of more fits and, for
# leave-one-out, often a larger variance (Kohavi, 1995).

# %% [markdown]
# ## Why the spread of the fold scores is not a standard error
#
# A tempting next step is to treat the k fold scores as a sample and report the mean plus or
# minus $s/\sqrt{k}$, the textbook standard error. That formula assumes independent
# observations, and fold scores are not independent: any two training sets share a fraction
# $(k-2)/(k-1)$ of their examples, and with repetitions every example is tested again and again.
#
# With our population we can check. We draw 150 independent data sets of 300 examples, run
# 10-fold and 5 x 10-fold cross-validation on each, and compare the real spread of the
# cross-validation mean across data sets with the average of the textbook standard error.

# %%
sim_rng = np.random.default_rng(6)
cv_mean, cv_se, rep_mean, rep_se = [], [], [], []
for _ in range(150):
    draw = sim_rng.choice(y_population.size, size=300, replace=False)
    Xd, yd = X_population[draw], y_population[draw]
    s = knn_split_scores(Xd, yd, kfold(300, k=10, seed=sim_rng), n_neighbors=15)
    cv_mean.append(s.mean())
    cv_se.append(s.std(ddof=1) / np.sqrt(s.size))
    s = knn_split_scores(
        Xd, yd, repeated_kfold(300, k=10, n_repeats=5, seed=sim_rng), n_neighbors=15
    )
    rep_mean.append(s.mean())
    rep_se.append(s.std(ddof=1) / np.sqrt(s.size))
print("                         real sd       average of")
print("                         of the mean   s / sqrt(number of scores)")
print(
    f"10-fold (10 scores)      {np.std(cv_mean, ddof=1):.4f}        "
    f"{np.mean(cv_se):.4f}"
)
print(
    f"5 x 10-fold (50 scores)  {np.std(rep_mean, ddof=1):.4f}        "
    f"{np.mean(rep_se):.4f}"
)

# %% [markdown]
# For single 10-fold cross-validation the textbook standard error is somewhat too small (a hint
# only: measured on 150 data sets, the real sd carries a standard error of about 6 % of itself).
# With five repetitions it is far too small: the number of scores grew fivefold, so
# $s/\sqrt{50}$ shrank by a factor of about $\sqrt{5}$, but the real uncertainty barely moved,
# because the repetitions add no new data. More repetitions would make the formula ever more
# confident and ever more wrong. Bengio and Grandvalet (Bengio and Grandvalet, 2004) proved that
# no estimator of the variance of k-fold cross-validation is unbiased for all distributions;
# chapter 4 shows the consequences for tests and the corrections that exist
# ([Dietterich, 1998](https://doi.org/10.1162/089976698300017197); [Nadeau and Bengio, 2003](https://doi.org/10.1023/A:1024068626366)).
#
# So report the standard deviation of the fold scores as what it is, the spread of one fold's
# score, and do not divide it by $\sqrt{k}$ to get the uncertainty of the mean.

# %% [markdown]
# ## The bootstrap, out-of-bag and the .632 estimate
#
# A **bootstrap sample** draws n examples *with replacement* from the n we have. Some examples
# are drawn several times; about $(1 - 1/n)^n \approx e^{-1} = 36.8\,\%$ are never drawn and are
# called **out of bag** (OOB). Training on the bootstrap sample and testing on the OOB examples
# gives one estimate; 200 bootstrap samples give 200. Each model sees only about 63.2 % of the
# distinct examples, so the OOB estimate is pessimistic. Efron's **.632 estimate**
# ([Efron, 1983](https://doi.org/10.1080/01621459.1983.10477973)) mixes it with the optimistic resubstitution (training) accuracy:
#
# $$
# \widehat{\mathrm{acc}}_{.632} = 0.368 \cdot \mathrm{acc}_{\text{resubstitution}}
#   + 0.632 \cdot \overline{\mathrm{acc}}_{\text{OOB}}.
# $$

# %%
splits = list(bootstrap(y.size, n_bootstraps=200, seed=7))
oob_fraction = np.mean([oob.size / y.size for _, oob in splits])
print(f"average out-of-bag fraction: {oob_fraction:.3f}\n  (theory (1 - 1/300)^300 = "
      f"{(1 - 1 / 300) ** 300:.3f}, close to 1/e = {np.exp(-1):.3f});\n"
      f"so a bootstrap sample holds about 1 - 1/e = {1 - np.exp(-1):.1%} "
      "of the distinct examples")
print("model   resubstitution   OOB mean   .632 estimate   new data")
for k in (1, 15):
    oob_scores = knn_split_scores(X, y, splits, n_neighbors=k)
    resubstitution = accuracy(y, knn_predictions(X, y, X, k)[0])
    truth = accuracy(y_new, knn_predictions(X, y, X_new, k)[0])
    print(f"{k:>2}-NN      {resubstitution:.3f}          {oob_scores.mean():.3f}      "
          f"{estimate_632(resubstitution, oob_scores):.3f}           {truth:.3f}")

# %% [markdown]
# The average out-of-bag fraction matches the theory. For 15-NN the .632 estimate (0.870)
# lands within a point of the accuracy on new data (0.862). For 1-NN it fails: the
# resubstitution accuracy of a model that memorises is 100 % whatever the data, and 36.8 % of
# that optimism goes straight into the estimate, which overstates the accuracy by almost 8
# points (0.887 against 0.810). Efron and Tibshirani's .632+ estimate ([Efron and Tibshirani, 1997](https://doi.org/10.1080/01621459.1997.10474007)) shrinks
# the weight of the resubstitution score when the model overfits. The out-of-bag means alone
# (0.821 and 0.853) are within about a point of the truth here, one above it and one below. In
# principle they lean to the pessimistic side, since each bootstrap model sees only 63.2 % of the
# distinct examples; here the data set's own luck (this sample is a little easier than the
# population) pushes the other way.

# %% [markdown]
# ## Learning curves
#
# How does the accuracy depend on the amount of training data? Source 003's recipe: for each of
# t repetitions of k-fold cross-validation, train on growing subsets of each training set and
# score on the fold's test set; then summarise the t x k curves. Here t = 2 and k = 5, for 1-NN
# and the depth-3 tree.

# %% mystnb={"figure": {"caption": "Learning curves from 2 x 5-fold cross-validation: training and test accuracy against the number of training examples for 1-NN (top) and the depth-3 tree (bottom); the bands show the spread of single splits. 1-NN keeps a perfect training score and its test accuracy levels off near 0.83, while the tree's two curves approach each other and its test accuracy still rises, to 0.853 at 240 examples.", "name": "fig-evaluation-basics-learning-curves"}, "image": {"alt": "Two line charts one above the other with a shared accuracy axis (0.5 to 1.0) against the number of training examples (15 to 240). Each shows a dashed blue training-score curve and a solid orange test-score curve, with shaded bands. Top, 1-NN: the training score is flat at 1.0; the test score rises from 0.74 at 15 examples to 0.84 at 120 and then stays near 0.83, a gap of about 17 points. Bottom, depth-3 tree: the training score falls from about 0.99 to 0.91 while the test score rises from 0.59 to 0.85, so the gap narrows to about 6 points."}}
lc_splits = list(repeated_kfold(y.size, k=5, n_repeats=2, seed=8))
train_sizes = [15, 30, 60, 120, 180, 240]
fig, axes = plt.subplots(2, 1, figsize=(6.4, 7.2), sharey=True)
for ax, name in zip(axes, ("1-NN", "pruned tree (depth 3)")):
    lc = learning_curve(models[name], X, y, train_sizes, lc_splits, seed=9)
    plot_learning_curve(lc, ax=ax, label=name)
    ax.set_title(f"Learning curve of {name}")
    print(f"{name}:\n  mean training accuracy {np.round(lc.train_mean, 3).tolist()}\n"
          f"  mean test accuracy     {np.round(lc.test_mean, 3).tolist()}")
fig.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 1.4.** Learning curves from 2 x 5-fold cross-validation: training and test accuracy against the number of training examples for 1-NN (top) and the depth-3 tree (bottom); the bands show the spread of single splits. 1-NN keeps a perfect training score and its test accuracy levels off near 0.83, while the tree's two curves approach each other and its test accuracy still rises, to 0.853 at 240 examples.

# %% [markdown]
# 1-NN keeps a perfect training score at every size, and its test accuracy levels off around
# 0.83 from about 120 examples on: a gap of 17 points that does not close is the signature of
# overfitting. The tree starts badly (a depth-3 tree fitted to 15 examples), but its training
# and test curves approach each other, from a gap of 40 points to about 6 at 240 examples, and
# its test accuracy is still rising slowly: more data would help it a little. The bands show
# the spread of a single split's score, not the uncertainty of the mean. The curves also
# explain the pessimistic bias of the estimates above: wherever a curve still rises, a model
# trained on 240 or 270 examples is a little worse than one trained on all 300.

# %% [markdown]
# ## Comparing two classifiers on the same splits
#
# Now two learners at once. Source 003's advice is to "test each candidate learner on the same
# training/testing splits". Why the same? We run 10 x 10-fold cross-validation once, with
# shared splits, for four learners: logistic regression and linear discriminant analysis (LDA),
# two linear classifiers, and source 003's pair, the depth-3 tree and 1-NN.

# %%
shared = list(repeated_kfold(y.size, k=10, n_repeats=10, seed=10))
learners = {
    "logistic regression": LogisticRegression(solver="liblinear"),
    "LDA": LinearDiscriminantAnalysis(),
    "pruned tree (depth 3)": models["pruned tree (depth 3)"],
}
scores = {
    name: cross_validate_scores(model, X, y, shared) for name, model in learners.items()
}
scores["1-NN"] = knn_split_scores(X, y, shared, n_neighbors=1)
for name, s in scores.items():
    print(
        f"{name:>21}: mean accuracy {s.mean():.4f}, sd over the 100 splits "
        f"{s.std(ddof=1):.4f}"
    )

# %%
pairs = [("logistic regression", "LDA"), ("pruned tree (depth 3)", "1-NN")]
print(f"{'':<29}{'':>6}{'':>8}{'':>8}{'sd(a - b)':>10}{'sd(a - b)':>11}")
print(f"{'pair a - b':<29}{'corr':>6}{'sd(a)':>8}{'sd(b)':>8}{'paired':>10}"
      f"{'unpaired':>11}")
for a, b in pairs:
    sa, sb = scores[a], scores[b]
    rho = np.corrcoef(sa, sb)[0, 1]
    paired = (sa - sb).std(ddof=1)
    unpaired = np.sqrt(sa.var(ddof=1) + sb.var(ddof=1))
    print(f"{a + ' - ' + b:<29}{rho:>6.3f}{sa.std(ddof=1):>8.4f}{sb.std(ddof=1):>8.4f}"
          f"{paired:>10.4f}{unpaired:>11.4f}")
d = scores["logistic regression"] - scores["LDA"]
print(f"\nlogistic regression - LDA: mean difference {d.mean():.4f};\n"
      f"logistic regression wins / ties / loses on {np.sum(d > 0)} / {np.sum(d == 0)}"
      f" / {np.sum(d < 0)} of the 100 splits")

# %% mystnb={"figure": {"caption": "Accuracy of two learners on each of the 100 shared splits of 10 x 10-fold cross-validation, with the line of equal accuracy. Logistic regression and LDA (top) move together, correlation 0.76; the depth-3 tree and 1-NN (bottom) hardly do, correlation 0.22.", "name": "fig-evaluation-basics-paired-scores"}, "image": {"alt": "Two scatter plots, one point per split, each with a grey diagonal line where both accuracies are equal. Top: accuracy of logistic regression (y) against LDA (x), both between about 0.73 and 1.0; the points form a narrow cloud along the diagonal, a few more of them above it than below, correlation 0.76. Bottom: accuracy of the depth-3 tree (y) against 1-NN (x); the points form a wide, round cloud, mostly above the diagonal, correlation 0.22. The accuracies are multiples of 1/30, so many points overlap."}} tags=["hide-input"]
fig, axes = plt.subplots(2, 1, figsize=(6.4, 7.6))
for ax, (a, b) in zip(axes, pairs):
    ax.scatter(scores[b], scores[a], alpha=0.4)
    low = min(scores[a].min(), scores[b].min()) - 0.02
    ax.plot([low, 1], [low, 1], color="grey", linewidth=0.8)
    ax.set_xlabel(f"accuracy of {b} on the split")
    ax.set_ylabel(f"accuracy of {a} on the split")
    ax.set_title(f"{a} vs {b}: correlation "
                 f"{np.corrcoef(scores[a], scores[b])[0, 1]:.2f}")
fig.tight_layout()
plt.show()

# %% [markdown] tags=["remove-cell", "figure-caption"]
# **Figure 1.5.** Accuracy of two learners on each of the 100 shared splits of 10 x 10-fold cross-validation, with the line of equal accuracy. Logistic regression and LDA (top) move together, correlation 0.76; the depth-3 tree and 1-NN (bottom) hardly do, correlation 0.22.

# %% [markdown]
# Some test folds are hard (many wrong labels, examples near the class boundary) and some are
# easy, for both learners alike, so the scores of two learners on the same split are
# positively correlated. The per-split difference cancels what the two share:
#
# $$
# \operatorname{var}(a - b) = \operatorname{var}(a) + \operatorname{var}(b) - 2\operatorname{cov}(a, b).
# $$
#
# - **The wrong way** would score each learner on its own random splits. Then the covariance
#   is zero and the split-to-split noise of both learners enters the comparison in full: the
#   "unpaired" column.
# - **On the same splits** the covariance is subtracted. For logistic regression and LDA, two
#   similar learners whose scores correlate at 0.76, the differences vary much less than either
#   score, and half as much as unpaired ones (sd 0.0385 against 0.0787 in the table). Logistic
#   regression wins on 48 splits and loses on 23 (29 ties), a tendency that the noisy scores
#   alone would hide.
# - Pairing always helps when the correlation is positive, but the differences are less
#   variable than the scores themselves only when the correlation is high enough: for two
#   scores with equal variance, $\operatorname{var}(a - b) = 2\sigma^2(1 - \rho)$, which is below
#   $\sigma^2$ only when $\rho > 1/2$. The tree and 1-NN, two very different learners, correlate
#   at only 0.22: their differences vary *more* than either score, though still less than
#   unpaired ones.
#
# Pairing is the idea behind every test of this course:
#
# - chapter 2 (McNemar) pairs the predictions of two trained models on the same test examples;
# - chapters 3 and 4 pair several models, or learners on the same resampling splits, as here;
# - chapters 5 and 6 pair learners on the same data sets.
#
# Source 003 continues: pairing "allows us to do paired summary statistics (e.g., paired t-test)"
# over the t x k scores. The pairing is right; a t-test on the 100 differences as if they were
# independent is not, for the reason of the previous section:

# %%
print(textwrap.fill(ERRATA["seed003-paired-t-on-cv"].correct, 74))
naive_se = d.std(ddof=1) / np.sqrt(d.size)
print("\nlogistic regression - LDA: naive standard error sd / sqrt(100) = "
      f"{naive_se:.4f}")
for name in ("logistic regression", "LDA"):
    fitted = learners[name].fit(X, y)
    print(f"{name} trained on all 300 examples,\n  accuracy on new data: "
          f"{accuracy(y_new, fitted.predict(X_new)):.3f}")

# %% [markdown]
# That naive standard error treats the 100 differences as 100 independent pieces of evidence,
# when there are only 300 examples behind all of them; ten more repetitions would shrink it by
# another factor $\sqrt{2}$ without adding a single example. Chapter 4 measures how often the
# resulting test rejects a true null hypothesis, and replaces it with tests that account for the
# overlap ([Dietterich, 1998](https://doi.org/10.1162/089976698300017197); [Nadeau and Bengio, 2003](https://doi.org/10.1023/A:1024068626366)). For now only a description: on these 300 examples,
# logistic regression beat LDA on twice as many splits as it lost, by 1.3 points on average. Whether that is evidence of a
# real difference between the two learners is exactly the question chapter 4 answers. (On the
# 19 700 new examples, the two models trained on all 300 examples score 0.856 and 0.848.)
#
# Source 003's next slides introduce hypothesis tests, and define the p-value as the probability
# $P(m \mid H_0)$ of the observed value $m$ of the statistic. A p-value is a tail probability, the
# chance under $H_0$ of a result *at least as extreme* as $m$; chapter 2 shows why the difference
# matters (erratum `seed003-pvalue-definition`).

# %% [markdown]
# ## Which estimate when?
#
# | method | what it costs | strength | weakness |
# |---|---|---|---|
# | resubstitution (training accuracy) | one fit | none as an estimate | optimistic; 100 % for 1-NN |
# | holdout | one fit | simple; the only option when training is expensive | noisy; trains on less data |
# | repeated holdout | t fits | less noisy than one holdout | test sets overlap; same data reused |
# | k-fold CV | k fits | every example tested once; little bias for k = 5 or 10 | fold scores are correlated |
# | repeated k-fold CV | t k fits | removes the noise of the partition | cannot remove the noise of the data set |
# | bootstrap OOB / .632 | B fits | smooth; .632 corrects the OOB pessimism | .632 optimistic for memorising models |
#
# So which is best, source 001's question? None uniformly. Its hint that "the more resources
# invested, the better we can select a model" holds within limits: repetitions buy a smaller
# noise from the partition, never more data. ([Raschka, 2018](https://arxiv.org/abs/1811.12808)) and ([Japkowicz and Shah, 2011](https://doi.org/10.1017/CBO9780511921803))
# discuss these choices in detail.

# %% [markdown]
# ## Summary
#
# - Model evaluation, model selection and algorithm selection are different questions with
#   different sources of noise.
# - Accuracy, error rate, precision, recall and F1 all come from the confusion matrix; check its
#   layout (which class is first) before reading it. Source 003's numbers are right, but two of
#   its formulas need parentheses and its N means two different things.
# - Training accuracy measures memory: 1-NN always scores 100 % on its training data. Score
#   models on data they were not trained on.
# - Test error against complexity is U-shaped: underfitting on one side, overfitting on the
#   other. The lowest point of a noisy test curve is biased downwards and need not mark the best
#   setting: a test set used to choose a model cannot also estimate its error.
# - Every estimate varies with the split and the data set. Holdout is noisy; cross-validation and
#   the bootstrap reuse the data better; repetitions remove the noise of the partition but not
#   that of the data.
# - One trained model's test accuracy is a binomial proportion: report it with its interval
#   (Wilson's, `proportion_interval`). 90 test examples measure it to within about 7 points, 1 000
#   to within 2; the width shrinks like $1/\sqrt{n}$. The Wald interval collapses at 100 %.
# - The standard deviation of fold scores over $\sqrt{k}$ (or $\sqrt{tk}$) is not a standard error:
#   fold scores are correlated.
# - Compare learners on the same splits: positively correlated scores make the per-split
#   differences less noisy than unpaired ones, and (for scores of equal variance) less noisy
#   than the scores themselves when the correlation exceeds 1/2. Testing such paired differences
#   properly is the subject of chapters 2 to 7.

# %% [markdown] tags=["quiz"]
# ## Self-check
#
# Click an answer to see whether it is right, and why. (Nothing is recorded.)
#
# **Question 1.** In chapter 1, 1-NN is right on 100 % of its 300 training examples, a depth-3 tree on 91.7 %. What does that say about their accuracy on new data?
#
# <details class="quiz-answer">
# <summary>(a) 1-NN will be the more accurate of the two on new data, since it made no training errors.</summary>
#
# **Not quite.** The ranking turns around: on the 19 700 new examples 1-NN is right on 81.0 % and the tree on 85.0 %. With label noise in the data, memorising the training set means memorising its noise.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Nothing: each training example is its own nearest neighbour, so 1-NN scores 100 % whatever the data.</summary>
#
# **Right.** The training accuracy measures memory, not generalisation. Only examples the model did not see in training (a test set, cross-validation) estimate its accuracy on new data.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) That 1-NN underfits the data.</summary>
#
# **Not quite.** Underfitting shows as a high training error. A training error of 0 is the usual sign of a model flexible enough to overfit.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) That both will lose a few points on new data, and that 1-NN will keep its lead of 8.3 points over the tree.</summary>
#
# **Not quite.** The drop differs from model to model: 19 points for 1-NN (100 % to 81.0 %), under 7 for the tree (91.7 % to 85.0 %), so the order flips. A training score cannot tell you how large the drop will be.
#
# </details>
#
# **Question 2.** Chapter 1 trains 15-NN on 210 examples and tests it on the other 90: it is right on 76 of them, 84.4 %. Which true accuracies are compatible with that at the 95 % level (Wilson's interval)?
#
# <details class="quiz-answer">
# <summary>(a) From about 72 % to 97 %: with 90 examples any accuracy within 12 points is still plausible.</summary>
#
# **Not quite.** About 12 points either way is what 30 test examples give. With 90 the interval is narrower, about 7 points either way.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) Exactly 84.4 %; the test set measured it.</summary>
#
# **Not quite.** 84.4 % is the accuracy on these 90 examples. Another 90 examples would give another number: the count of right answers is binomial, so one test accuracy has an interval.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) From 75.6 % to 90.5 %.</summary>
#
# **Right.** Ninety test examples pin the accuracy down only to within about 7 points either way. Here we can check: on the 19 700 new examples the same model is right on 85.3 %, inside the interval.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) From 83.4 % to 85.4 %, one point either way.</summary>
#
# **Not quite.** One point either way needs thousands of test examples: in chapter 1's table, 1 000 give about 2.2 points and 3 000 about 1.3. The width shrinks only like one over the square root of the number of examples.
#
# </details>
#
# **Question 3.** Out of 300 examples, you hold out a larger and larger share for testing (from 10 % to 80 %). What happens to the holdout estimate of 15-NN's accuracy?
#
# <details class="quiz-answer">
# <summary>(a) Nothing on average; only the spread changes.</summary>
#
# **Not quite.** The trained model changes too: with fewer training examples it is usually less accurate, and the estimate is pessimistic about the model trained on all 300.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) It becomes optimistic: a larger test set contains more easy examples.</summary>
#
# **Not quite.** A larger test set holds easy and hard examples in the same proportion as a small one. The estimate moves the other way, downwards, because less is left for training.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) It becomes less variable and less biased at the same time.</summary>
#
# **Not quite.** The noise of the test set falls, but the bias grows: the model being scored saw fewer training examples.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Its test-set noise falls, but the model learns from less data, so the estimate drifts downwards.</summary>
#
# **Right.** In chapter 1 the mean holdout accuracy falls from 0.877 (10 % in test) to 0.795 (80 %), while the spread over splits falls from 0.057 to about 0.03 (and rises a little again at 80 %). The common 70/30 and 80/20 splits are compromises.
#
# </details>
#
# **Question 4.** You want to compare logistic regression with LDA on one data set of 300 examples by 10 x 10-fold cross-validation. How should the splits be made?
#
# <details class="quiz-answer">
# <summary>(a) The same 100 splits for both, compared split by split.</summary>
#
# **Right.** Hard and easy test folds are hard and easy for both learners, so the per-split difference cancels what they share (scores correlated at 0.76 in chapter 1). How to test the 100 paired differences is chapter 4's subject.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(b) The same splits for both, then a t-test on the 100 differences with standard error sd / sqrt(100).</summary>
#
# **Not quite.** Pairing is right; the standard error is not. The 100 differences share 300 examples: ten more repetitions would shrink sd / sqrt(n) again without adding a single example. Chapter 4 measures the damage and replaces this test.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(c) One 70/30 holdout split: repeating cross-validation reuses the same data, so it adds nothing.</summary>
#
# **Not quite.** Repetitions remove the noise of the partition (chapter 1's ten repetition means range from 0.853 to 0.887), though not the noise of the data set itself.
#
# </details>
#
# <details class="quiz-answer">
# <summary>(d) Draw separate random splits for each learner, so that their two sets of scores are independent samples.</summary>
#
# **Not quite.** Then the split-to-split noise of both learners enters the comparison in full: in chapter 1 the differences would vary with sd 0.079 instead of 0.039.
#
# </details>

# %% [markdown]
# ## Exercises
#
# **Exercise 1.** A classifier for a rare disease (1 % of patients) predicts "healthy" for
# everyone. On 1 000 patients, what are its accuracy, precision and recall for the class
# "disease"? Which of them reveals the problem? Store the three values in a dict `ex1_metrics`
# with the keys `"accuracy"`, `"precision"` and `"recall"`.
#
# **Exercise 2.** On our split, the k with the lowest test error, k = 58, erred 0.100 on its 90
# test examples and 0.192 on new data. Bad luck, or what choosing by the test error always does?
# Measure it on 20 other 70/30 splits (`holdout(y.size, test_size=0.3, seed=s, stratify=y)` for
# s = 100, ..., 119). On each, compute the test curve with `knn_complexity_curve`, take the k
# with the lowest test error (`best_k`), and record its test error and its error on the first
# 5 000 new examples (`knn_predictions`, trained on the split's 210 training examples). Record
# the same two errors for k = 15, a value fixed before looking. On average, by how much is the
# test error below the error on new data, for the chosen k and for k = 15? What explains each
# gap? Store the two mean gaps (error on new data minus test error) in a dict `ex2_gaps` with the
# keys `"chosen"` and `"fixed"` (k = 15).
#
# **Exercise 3.** Using the table of `holdout_accuracy_table` above, find the smallest test size
# for which the standard deviation of the holdout accuracy of 15-NN on our data is below 0.035.
# Why does the standard deviation stop falling, and even rise, for the largest test sizes?
# Store that test size, as a fraction of the data, in `ex3_test_size`.
#
# **Exercise 4.** Compare logistic regression with 15-NN on the shared splits. Is the standard
# deviation of the differences smaller than that of each score? Relate your answer to the
# correlation. Store the three standard deviations in a dict `ex4_sds` with the keys
# `"logistic regression"`, `"15-NN"` and `"difference"`, and the correlation in `ex4_correlation`.
#
# **Exercise 5.** A model is about 90 % accurate. Roughly how many test examples does it take for
# the 95 % interval of its accuracy to be $\pm 1$ point wide? Check your answer with
# `proportion_interval`. Store the number of test examples in `ex5_n`.

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 1</summary>
#
# There are 10 sick patients, all missed: TP = 0, FN = 10, FP = 0, TN = 990. Accuracy is
# 990/1000 = 0.99, which looks excellent. Recall is 0/10 = 0: the model finds no sick patient.
# Precision is 0/0, undefined, because the model never predicts "disease"; `precision` warns and
# returns 0. Recall (and F1) reveal the problem; accuracy hides it.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
import warnings

y_sick = np.r_[np.ones(10, dtype=int), np.zeros(990, dtype=int)]
y_all_healthy = np.zeros(1000, dtype=int)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    ex1_metrics = {
        "accuracy": accuracy(y_sick, y_all_healthy),
        "precision": precision(y_sick, y_all_healthy),
        "recall": recall(y_sick, y_all_healthy),
    }
print(f"accuracy {ex1_metrics['accuracy']:.3f}, recall {ex1_metrics['recall']:.3f}, "
      f"precision {ex1_metrics['precision']:.3f} (0/0 counted as 0)")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 2</summary>
#
# The chosen k's test error is below its error on new data by about 6 points on average, and
# k = 15's by between 2 and 3 (the code below prints both). Two effects add up:
#
# - k = 15 was fixed before looking, so its test error is not selected; its gap is the data
#   set's own: this sample of 300 is a little easier than the population, the effect seen in
#   the holdout table. Every split of the same 300 examples shares it.
# - The chosen k's extra gap, about 3 points, is the price of choosing. The lowest of 210 noisy
#   test errors is biased downwards: the k that happened to suit these 90 test examples wins,
#   and its luck does not carry over to new data. On new data the chosen k is, on average, no
#   better than k = 15.
#
# So k = 58 was not bad luck: a test set used to choose a model cannot also estimate its error
# (chapter 7).
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
# per split: the chosen k's test and new-data errors, then k = 15's
ks_chosen, errors = [], []
for split_seed in range(100, 120):
    [(tr, te)] = holdout(y.size, test_size=0.3, seed=split_seed, stratify=y)
    split_curve = knn_complexity_curve(X[tr], y[tr], X[te], y[te], ks)
    k_best = split_curve.best_k
    new_pred = knn_predictions(X[tr], y[tr], X_new[:5000], [k_best, 15])
    new_err = (new_pred != y_new[:5000]).mean(axis=1)
    ks_chosen.append(k_best)
    errors.append(
        [split_curve.at(k_best)[1], new_err[0], split_curve.at(15)[1], new_err[1]]
    )
errors = np.array(errors).mean(axis=0)
ex2_gaps = {"chosen": errors[1] - errors[0], "fixed": errors[3] - errors[2]}
print(textwrap.fill(f"k chosen on the 20 splits: {ks_chosen}", 74))
print(f"chosen k: mean test error {errors[0]:.3f}, on new data {errors[1]:.3f}, "
      f"gap {errors[1] - errors[0]:.3f}")
print(f"k = 15:   mean test error {errors[2]:.3f}, on new data {errors[3]:.3f}, "
      f"gap {errors[3] - errors[2]:.3f}")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 3</summary>
#
# 30 %: the sd column reads 0.043 at 20 % and 0.031 at 30 %. Two sources of noise make up
# that spread: the test set (which falls as it grows) and the model (which changes from split to
# split, more so when it is trained on fewer examples). From 30 % on the two roughly balance and
# the sd stays near 0.03; at 80 % the training set is so small (60 examples) that the model
# itself varies a lot, and the sd rises again.
#
# Each sd in the table is itself estimated from 200 splits, and is uncertain by about 5 % (for
# nearly normal values, by a factor $1/\sqrt{2 \cdot 199}$). A threshold that the table
# crosses by less than that, such as 0.03 (0.0298 at 40 %, 0.0310 at 30 %), would not give a
# reliable answer; 0.035 is crossed clearly.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
sds = table.std(axis=1, ddof=1)
for size, sd in zip(test_sizes, sds):
    print(f"test size {size:.0%}: sd {sd:.4f} "
          f"(give or take about {sd / np.sqrt(2 * 199):.4f})")
ex3_test_size = next(s for s, sd in zip(test_sizes, sds) if sd < 0.035)
print("smallest test size with sd < 0.035:", ex3_test_size)

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 4</summary>
#
# The correlation is about 0.5, right at the threshold $\rho = 1/2$ of the section: the
# standard deviation of the differences is about the same as that of each score. Pairing
# still helps a lot compared with unpaired splits, whose difference would have a standard
# deviation near 0.075.
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
scores_lr = scores["logistic regression"]
scores_15nn = knn_split_scores(X, y, shared, n_neighbors=15)
unpaired_sd = np.sqrt(scores_lr.var(ddof=1) + scores_15nn.var(ddof=1))
ex4_sds = {
    "logistic regression": scores_lr.std(ddof=1),
    "15-NN": scores_15nn.std(ddof=1),
    "difference": (scores_lr - scores_15nn).std(ddof=1),
}
ex4_correlation = np.corrcoef(scores_lr, scores_15nn)[0, 1]
print(f"sd logistic regression {ex4_sds['logistic regression']:.4f}, "
      f"sd 15-NN {ex4_sds['15-NN']:.4f}\n"
      f"sd of differences {ex4_sds['difference']:.4f}, "
      f"correlation {ex4_correlation:.3f}, "
      f"unpaired sd {unpaired_sd:.4f}")

# %% [markdown]
# <details class="solution">
# <summary>Solution to exercise 5</summary>
#
# The half-width is about $1.96\sqrt{p(1-p)/n}$; setting it to 0.01 with $p = 0.9$ gives
# $n \approx 1.96^2 \cdot 0.09 / 0.0001 \approx 3\,460$ test examples. The Wilson interval at that
# size confirms it (it is slightly asymmetric, as the accuracy cannot exceed 100 %).
#
# </details>

# %% jupyter={"outputs_hidden": true, "source_hidden": true} tags=["solution"]
n_needed = int(np.ceil(1.959964**2 * 0.9 * 0.1 / 0.01**2))
ex5_n = n_needed
check = proportion_interval(round(0.9 * n_needed), n_needed)
print(f"n = {n_needed}: {check},\n  half-widths {check.estimate - check.low:.4f} and "
      f"{check.high - check.estimate:.4f}")

# %% [markdown] tags=["references"]
# ## References
#
# - Bengio, Y. and Grandvalet, Y. (2004). No unbiased estimator of the variance of K-fold cross-validation. *Journal of Machine Learning Research*, 5, 1089–1105.
# - Brown, L. D., Cai, T. T. and DasGupta, A. (2001). Interval estimation for a binomial proportion. *Statistical Science*, 16(2), 101–133. <https://doi.org/10.1214/ss/1009213286>
# - Dietterich, T. G. (1998). Approximate statistical tests for comparing supervised classification learning algorithms. *Neural Computation*, 10(7), 1895–1923. <https://doi.org/10.1162/089976698300017197>
# - Efron, B. and Tibshirani, R. (1997). Improvements on cross-validation: the .632+ bootstrap method. *Journal of the American Statistical Association*, 92(438), 548–560. <https://doi.org/10.1080/01621459.1997.10474007>
# - Efron, B. (1983). Estimating the error rate of a prediction rule: improvement on cross-validation. *Journal of the American Statistical Association*, 78(382), 316–331. <https://doi.org/10.1080/01621459.1983.10477973>
# - Hastie, T., Tibshirani, R. and Friedman, J. (2009). The Elements of Statistical Learning: Data Mining, Inference, and Prediction. *Springer*. <https://doi.org/10.1007/978-0-387-84858-7>
# - Japkowicz, N. and Shah, M. (2011). Evaluating Learning Algorithms: A Classification Perspective. *Cambridge University Press*. <https://doi.org/10.1017/CBO9780511921803>
# - Kohavi, R. (1995). A study of cross-validation and bootstrap for accuracy estimation and model selection. *Proceedings of the 14th International Joint Conference on Artificial Intelligence (IJCAI)*, 2, 1137–1143.
# - Nadeau, C. and Bengio, Y. (2003). Inference for the generalization error. *Machine Learning*, 52(3), 239–281. <https://doi.org/10.1023/A:1024068626366>
# - Raschka, S. (2018). Model evaluation, model selection, and algorithm selection in machine learning. *arXiv:1811.12808*. <https://arxiv.org/abs/1811.12808>
# - Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference. *Journal of the American Statistical Association*, 22(158), 209–212. <https://doi.org/10.1080/01621459.1927.10502953>
