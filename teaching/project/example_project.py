"""The worked example of the term project (teaching/project/brief.md): four learners on twelve data sets.

Usage::

    .venv/bin/python teaching/project/example_project.py                  # writes example-output.txt
    .venv/bin/python teaching/project/example_project.py --output OTHER   # writes OTHER instead
    .venv/bin/python teaching/project/example_project.py --output -       # prints to the terminal only

It does what the brief asks of a student, in the order the brief gives (sections 1 to 9 of the output):

1. the design, fixed before any model is fitted: learners, data sets, splits, seeds, alpha, the
   smallest difference that matters, and the tests the course's guide recommends for it;
2. the check that the design can reach significance at all (the smallest attainable p-values);
3. the benchmark: ``run_benchmark`` with 10 x 10 stratified cross-validation, the same splits for
   every learner (chapter 6);
4. the primary analysis: ``result.recommend()`` and ``result.report()`` (Friedman's test, then the
   pairwise Wilcoxon signed-rank tests with Holm's adjustment; chapters 5, 6 and 11) and
   ``result.pairwise()``;
5. the zoom-in on one data set and one pair fixed in advance: the corrected t on one 10-fold
   cross-validation, because one of the two learners (k-NN) is unstable (chapter 4);
6. the extension: the practical question with the Bayesian signed-rank test and a ROPE of one
   point of accuracy fixed in advance (chapter 8).

Everything the report (example-report.md) quotes is printed here; tests/test_term_project.py runs
this script and checks every number of the report against its output. The seeds are fixed, so a
second run prints the same text; the first line (the versions) is the only one that depends on the
installation. It takes 10 to 30 seconds on two cores (the run time goes to stderr, not the file).
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

import numpy as np
import scipy
import sklearn
from sklearn.datasets import load_breast_cancer, load_digits, load_iris, load_wine, make_classification
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.tree import DecisionTreeClassifier

import lecture_lib
from lecture_lib import bayesian_signed_rank, run_benchmark
from lecture_lib.guide import smallest_two_sided_pvalue

HERE = Path(__file__).resolve().parent
OUTPUT = HERE / "example-output.txt"

SEED = 0  # the splits (run_benchmark derives each data set's splits from it and the data set's name)
TREE_SEED = 0  # the decision tree's random_state (its tie-breaking between equally good splits)
BAYES_SEED = 0  # the Monte Carlo draws of the Bayesian signed-rank test
ALPHA = 0.05
CV = (10, 10)  # 10 repetitions of stratified 10-fold cross-validation, the runner's default
ROPE = 0.01  # the smallest difference in accuracy that matters: one point
DECISION = 0.95  # the Bayesian extension calls a result when one of its probabilities exceeds this
N_JOBS = 2

# The synthetic family of the brief (family A): one generator, difficulty set by the class separation.
# Each entry: (class_sep, random_state). Everything else is fixed in synthetic_problem().
SYNTHETIC = [(0.5, 1), (1.0, 2), (1.5, 3), (0.5, 4), (1.0, 5), (1.5, 6), (0.5, 7), (1.0, 8)]

# The zoom-in and the extension, fixed before the run (see example-report.md, "Design").
ZOOM_DATASET = "breast cancer"
ZOOM_PAIR = ("logistic regression", "5-NN")
PRACTICAL_PAIR = ("5-NN", "logistic regression")


def synthetic_problem(class_sep: float, random_state: int):
    """Family A of the brief: 300 examples, 10 features (4 informative, 2 redundant), 5 % random labels."""
    return make_classification(n_samples=300, n_features=10, n_informative=4, n_redundant=2,
                               class_sep=class_sep, flip_y=0.05, random_state=random_state)


def datasets() -> dict:
    """The twelve data sets: scikit-learn's four bundled classification sets and eight from family A."""
    data = {
        "iris": load_iris(return_X_y=True),
        "wine": load_wine(return_X_y=True),
        "breast cancer": load_breast_cancer(return_X_y=True),
        "digits": load_digits(return_X_y=True),
    }
    for number, (class_sep, random_state) in enumerate(SYNTHETIC, start=1):
        data[f"synthetic {number}"] = synthetic_problem(class_sep, random_state)
    return data


def learners() -> dict:
    """The four learners; scaling sits inside the pipelines, so it is fitted on the training folds only."""
    return {
        "naive Bayes": GaussianNB(),
        "logistic regression": make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)),
        "5-NN": make_pipeline(StandardScaler(), KNeighborsClassifier(n_neighbors=5)),
        "depth-4 tree": DecisionTreeClassifier(max_depth=4, random_state=TREE_SEED),
    }


def section(title: str) -> str:
    return f"\n== {title} ==\n"


def describe_design(data: dict, models: dict) -> list[str]:
    lines = [section("1. Design (fixed before the run)")]
    lines.append(f"{len(models)} learners: " + ", ".join(models))
    lines.append(f"{len(data)} data sets (examples, features, classes):")
    width = max(len(name) for name in data) + 2
    for name, (X, y) in data.items():
        extra = ""
        if name.startswith("synthetic"):
            class_sep, random_state = SYNTHETIC[int(name.split()[1]) - 1]
            extra = f"   family A, class_sep {class_sep}, random_state {random_state}"
        lines.append(f"  {name:<{width}}{X.shape[0]:>5} {X.shape[1]:>4} {np.unique(y).size:>3}{extra}")
    lines.append(f"splits: {CV[0]} x {CV[1]} stratified cross-validation, seed {SEED}; "
                 f"tree random_state {TREE_SEED}; Bayesian sampler seed {BAYES_SEED}")
    lines.append(f"alpha = {ALPHA}; smallest difference that matters (ROPE): {ROPE} accuracy")
    lines.append(f"zoom-in: {ZOOM_PAIR[0]} vs {ZOOM_PAIR[1]} on {ZOOM_DATASET}, test='corrected_kfold' "
                 "(k-NN is unstable)")
    lines.append(f"extension: Bayesian signed-rank test, {PRACTICAL_PAIR[0]} vs {PRACTICAL_PAIR[1]}, "
                 f"rope = {ROPE}, a decision when a probability exceeds {DECISION}")
    return lines


def describe_floor(k: int, n_datasets: int) -> list[str]:
    """Can this design give a significant result at all? The smallest p-values it can reach."""
    pairs = k * (k - 1) // 2
    floor = smallest_two_sided_pvalue(n_datasets)
    lines = [section("2. Can the design reach significance?")]
    lines.append(f"pairs of learners: m = {pairs}")
    lines.append(f"smallest two-sided Wilcoxon p-value with N = {n_datasets} data sets: "
                 f"2/2^{n_datasets} = {floor:.3g}")
    lines.append(f"after Holm's adjustment for {pairs} pairs at least {pairs} x {floor:.3g} = "
                 f"{pairs * floor:.3g} ({'below' if pairs * floor <= ALPHA else 'above'} alpha = {ALPHA})")
    needed = next(n for n in range(2, 40) if pairs * smallest_two_sided_pvalue(n) <= ALPHA)
    lines.append(f"fewest data sets at which {pairs} Holm-adjusted Wilcoxon tests can reach {ALPHA}: "
                 f"{needed}")
    return lines


def describe_wins(result) -> list[str]:
    """Wins, ties and losses of every pair over the data sets (from the mean accuracies)."""
    means = result.mean_scores
    names = result.algorithms
    lines = [section("7. Wins, ties and losses over the data sets (row against column)")]
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            diff = means[:, i] - means[:, j]
            wins, ties, losses = int((diff > 0).sum()), int((diff == 0).sum()), int((diff < 0).sum())
            lines.append(f"  {names[i]} vs {names[j]}: {wins} wins, {ties} ties, {losses} losses")
    return lines


def describe_practical(result) -> list[str]:
    first, second = PRACTICAL_PAIR
    post = result.across_datasets(bayesian_signed_rank, first, second, rope=ROPE, seed=BAYES_SEED)
    lines = [section(f"9. Extension: is {first} practically better than {second}? (chapter 8)")]
    lines.append(f"Bayesian signed-rank test over the {len(result.datasets)} data sets, rope = {ROPE}, "
                 f"prior strength {post.prior_strength}, {post.n_samples} draws, seed {BAYES_SEED}")
    # orientation: first minus second, so p_right is "first practically better"
    rows = [(f"P({first} practically better)", post.p_right), ("P(practically equivalent)", post.p_rope),
            (f"P({second} practically better)", post.p_left)]
    width = max(len(label) for label, _ in rows)
    lines += [f"  {label:<{width}} = {value:.3f}" for label, value in rows]
    lines.append(f"  Monte Carlo standard error of these probabilities at most {post.monte_carlo_se:.4f}")
    reached = [label for label, value in rows if value > DECISION]
    lines.append(f"  above the decision threshold {DECISION}: "
                 f"{', '.join(reached) if reached else 'none of the three'}")
    return lines


def run() -> tuple[str, float]:
    """Run the example; return its printed text and the run time of the benchmark in seconds."""
    data, models = datasets(), learners()
    versions = [("Python", platform.python_version()), ("numpy", np.__version__),
                ("scipy", scipy.__version__), ("scikit-learn", sklearn.__version__),
                ("lecture_lib", lecture_lib.__version__)]
    # the only line that depends on the installation
    lines = ["environment: " + ", ".join(f"{name} {version}" for name, version in versions)]
    lines += describe_design(data, models)
    lines += describe_floor(len(models), len(data))

    start = time.perf_counter()
    result = run_benchmark(models, data, cv=CV, seed=SEED, n_jobs=N_JOBS, progress=False)
    seconds = time.perf_counter() - start
    if result.n_failed:
        raise RuntimeError(f"{result.n_failed} cells failed: {result.failures[:3]}")

    lines.append(section("3. Mean accuracy over the 10 x 10 folds"))
    lines.append(str(result))
    ranks = result.friedman().mean_ranks
    lines.append("  average rank (1 = best): " + ", ".join(
        f"{name} {rank:.3f}" for name, rank in zip(result.algorithms, ranks)))

    advice = result.recommend()
    lines.append(section("4. The guide's recommendation (result.recommend(), chapter 11)"))
    lines.append(f"test: {advice.test} (chapter {advice.chapter})")
    lines.append(advice.call)
    lines.append(section("5. Primary analysis (result.report())"))
    lines.append(result.report(alpha=ALPHA, seeds=f"splits {SEED}, tree {TREE_SEED}"))
    lines.append(section("6. The pairwise table (result.pairwise())"))
    lines.append(str(result.pairwise(alpha=ALPHA)))

    lines += describe_wins(result)

    zoom = result.select(datasets=[ZOOM_DATASET], algorithms=list(ZOOM_PAIR))
    lines.append(section(f"8. Zoom-in: {ZOOM_PAIR[0]} vs {ZOOM_PAIR[1]} on {ZOOM_DATASET} (chapter 4)"))
    lines.append(zoom.report(alpha=ALPHA, test="corrected_kfold", minimum_effect=ROPE,
                             seeds=f"splits {SEED}"))

    lines += describe_practical(result)
    return "\n".join(lines) + "\n", seconds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default=str(OUTPUT),
                        help="file to write the output to ('-': print it only); default %(default)s")
    args = parser.parse_args(argv)
    text, seconds = run()
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"wrote {args.output}", file=sys.stderr)
    print(f"benchmark: {seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
