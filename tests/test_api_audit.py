"""Bad-input audit of the whole public API (issue 9).

Every public function of ``lecture_lib`` must have an entry in ``VALID``: one
call that works. From it the audit derives bad calls by changing one argument
at a time, chosen by the argument's name:

* array arguments (``y_true``, ``scores_1``, ``table``, ...): ``None``, an empty
  array, an array with NaN, a wrong number of dimensions;
* option arguments (``method``, ``alternative``, ...): an unknown string, a number;
* probabilities (``alpha``, ``confidence``, ...): 0, 1, 1.5, NaN, a string;
* counts and sizes (``k``, ``n_reps``, ...): -1, 2.5, a string.

Each bad call must raise ValueError or TypeError whose message names the
argument; never an IndexError, a ZeroDivisionError, a numpy warning (the
pytest configuration turns RuntimeWarnings from lecture_lib into errors) or
a silent result. A new public function without an entry fails
``test_every_public_function_is_audited``, so none can skip the audit.
"""

from __future__ import annotations

import inspect
import math
import types

import numpy as np
import pytest

import lecture_lib

Y = np.array([0, 1, 1, 0, 1, 0, 1, 1, 0, 0])
P1 = np.array([0, 1, 0, 0, 1, 0, 1, 1, 1, 0])
P2 = np.array([1, 1, 1, 0, 0, 0, 1, 0, 0, 0])
TABLE = np.array([[5, 3], [1, 2]])
XK = np.random.default_rng(0).normal(size=(20, 2))
YK = np.array([0, 1] * 10)
S1 = np.array([0.8, 0.7, 0.9, 0.85])
S2 = np.array([0.75, 0.7, 0.8, 0.8])
F1 = np.full((5, 2), 0.8) + np.arange(10).reshape(5, 2) / 100
F2 = np.full((5, 2), 0.8)
T64 = np.random.default_rng(1).random((6, 4))  # 6 data sets x 4 algorithms
S_AUC1 = np.array([0.9, 0.8, 0.3, 0.2, 0.7, 0.4, 0.6, 0.65, 0.1, 0.3])  # scores for Y (chapter 9)
S_AUC2 = np.array([0.5, 0.6, 0.2, 0.4, 0.9, 0.1, 0.7, 0.3, 0.5, 0.2])
G = np.array(["p1", "p1", "p2", "p2", "p2", "p3", "p4", "p4", "p5", "p5"])  # groups of Y (patients)

# name -> (args, kwargs) of one valid call
VALID: dict[str, tuple[tuple, dict]] = {
    "accuracy": ((Y, P1), {}),
    "adjust_pvalues": (([0.01, 0.2, 0.04],), {"method": "holm"}),
    "bootstrap": ((10,), {"n_bootstraps": 3, "seed": 0}),
    "confusion_matrix": ((Y, P1), {}),
    "error_rate": ((Y, P1), {}),
    "estimate_632": ((0.9, [0.8, 0.7, 0.75]), {}),
    "f1_score": ((Y, P1), {"positive": 1}),
    "five_by_two": ((Y,), {"seed": 0}),
    "holdout": ((10,), {"test_size": 0.3, "seed": 0}),
    "kfold": ((10,), {"k": 5, "seed": 0}),
    "mcnemar": ((TABLE,), {"method": "exact"}),
    "mcnemar_example": (("seed000_panel_a",), {}),
    "mcnemar_pvalue_grid": ((10,), {"method": "corrected"}),
    "mcnemar_pvalues": (([3, 4], [1, 9]), {"method": "exact"}),
    "mcnemar_rejection_probability": ((20,), {"alpha": 0.05, "method": "exact", "p_b": 0.5}),
    "mcnemar_table": ((Y, P1, P2), {}),
    "mcnemar_tables": ((Y, P1, P2), {}),
    "precision": ((Y, P1), {"positive": 1}),
    "predictions_from_table": ((TABLE,), {"n_classes": 2, "seed": 0}),
    "rankdata": (([0.3, 0.1, 0.3],), {}),
    "recall": ((Y, P1), {"positive": 1}),
    "repeated_holdout": ((10,), {"n_repeats": 2, "test_size": 0.3, "seed": 0}),
    "repeated_kfold": ((10,), {"k": 2, "n_repeats": 2, "seed": 0}),
    "simulate_mcnemar": ((50, 0.2), {"alpha": 0.05, "n_reps": 100, "seed": 0}),
    "stratified_kfold": ((Y,), {"k": 2, "seed": 0}),
    "tie_term": (([1, 2, 2],), {}),
    # chapter 1
    "evaluation_example": (("seed003_confusion",), {}),
    "holdout_accuracy_table": ((XK, YK, [0.2, 0.5]), {"n_splits": 3, "n_neighbors": 3, "seed": 0}),
    "knn_complexity_curve": ((XK[:14], YK[:14], XK[14:], YK[14:], [1, 3]), {}),
    "knn_predictions": ((XK[:14], YK[:14], XK[14:], 3), {}),
    "knn_split_scores": ((XK, YK, [(np.arange(14), np.arange(14, 20))]), {"n_neighbors": 3}),
    # chapter 3
    "cochran_example": (("seed004_kuncheva_three_models",), {}),
    "cochrans_q": ((Y, P1, P2), {}),
    "correctness_matrix": ((Y, P1, P2), {}),
    "familywise_error": ((3,), {"alpha": 0.05, "n_sim": 50, "seed": 0}),
    "pairwise_mcnemar": ((Y, P1, P2), {"method": "exact", "adjust": "holm", "alpha": 0.05}),
    "plot_familywise_error": ((), {"max_models": 3, "alpha": 0.05, "n_sim": 50}),
    # chapter 4
    "paired_example": (("seed003_bank_downtime",), {}),
    "paired_ttest": ((S1, S2), {"confidence": 0.95}),
    "proportion_difference_test": ((0.84, 0.8, 500), {}),
    "resampled_ttest": ((S1, S2), {"test_train_ratio": 0.5}),
    "kfold_cv_ttest": ((S1, S2), {}),
    "ttest_5x2cv": ((F1, F2), {}),
    "ftest_5x2cv": ((F1, F2), {}),
    # issue 14, one data set (chapters 4 and 7)
    "corrected_repeated_cv_ttest": ((np.vstack([S1, S1]), np.vstack([S2, S2 + 0.01])), {"confidence": 0.9}),
    "simulate_paired_tests": ((), {"n_examples": 40, "n_reps": 3, "n_resamples": 5, "k": 5, "seed": 0}),
    "paired_power_curve": (([0.0, 0.05],), {"accuracy_1": 0.8, "alpha": 0.05, "n_reps": 2, "seed": 0}),
    "plot_pvalue_histogram": (([0.1, 0.5, 0.9],), {"alpha": 0.05}),
    # chapter 5
    "wilcoxon_example": (("seed001_rpart_ranger_6tasks",), {}),
    "wilcoxon_signed_rank": ((S1, S2), {"zero_method": "zsplit", "method": "exact", "alternative": "two-sided"}),
    "signed_rank_null_distribution": ((S1, S2), {"zero_method": "pratt"}),
    "wilcoxon_steps": ((S1 - S2,), {"zero_method": "wilcox", "alternative": "greater"}),
    "sign_test": ((S1, S2), {"ties": "split"}),
    "sign_test_critical_wins": ((10,), {"alpha": 0.05, "alternative": "two-sided"}),
    "wilcoxon_critical_value": ((10,), {"alpha": 0.05}),
    # chapter 6
    "appml_benchmark": ((), {"precise_rows": True}),
    "friedman": ((T64,), {"higher_is_better": True, "tie_correction": True}),
    "nemenyi": ((T64,), {"alpha": 0.05, "higher_is_better": False}),
    "bonferroni_dunn": ((T64, 0), {"alpha": 0.05, "higher_is_better": True, "adjust": "holm"}),
    "critical_difference": ((4, 6), {"alpha": 0.05, "test": "bonferroni-dunn"}),
    "critical_value": ((4,), {"alpha": 0.05, "test": "nemenyi"}),
    "cd_cliques": (([1.5, 2.0, 3.1, 3.4],), {"cd": 1.0}),
    "plot_critical_difference": (([1.5, 2.0, 3.1, 3.4], ["a", "b", "c", "d"], 1.0), {}),
    # chapter 7
    "nested_example": (("seed000_nested_setup",), {}),
    "nested_splits": ((YK,), {"outer_cv": 2, "inner_cv": 2, "seed": 0}),
    "parameter_grid": (({"n_neighbors": [1, 3]},), {}),
    "plot_nested_cv_diagram": ((), {"outer_cv": 3, "inner_cv": 2, "outer_fold": 1}),
    "simulate_tuning_bias": ((), {"n_samples": 30, "max_configs": 3, "outer_cv": 3, "inner_cv": 2, "n_reps": 5}),
    # chapter 8
    "recommend_test": ((3, 12), {"can_retrain": False, "per_example": "correctness", "control": True}),
    # issue 14, one test set: Cochran's Q without exchangeability
    "simulate_near_duplicates": ((), {"n_examples": 50, "accuracy": 0.8, "disagreement": 0.02, "alpha": 0.05,
                                      "n_sim": 100, "seed": 0, "method": "midp"}),
    # issue 16, chapter 3: the exchangeability lab (Q, Looney's F, Stuart under near-copies)
    "simulate_homogeneity_tests": ((0.1,), {"n_examples": 50, "accuracy": 0.8, "alpha": 0.05,
                                                  "n_sim": 100, "seed": 0}),
    "homogeneity_lab_rows": ((lecture_lib.simulate_homogeneity_tests([0.0, 0.1], n_sim=50, seed=0), 0.05), {}),
    # chapter 9 (issue 20)
    "group_kfold": ((["a", "a", "b", "c", "c", "d"],), {"k": 2, "seed": 0}),
    "forward_chaining": ((12,), {"k": 3, "n_test": 2, "gap": 1}),
    "delong_test": ((Y, S_AUC1, S_AUC2), {"positive": 1, "confidence": 0.95}),
    "auc_interval": ((Y, S_AUC1), {"method": "bootstrap", "confidence": 0.9, "positive": 1, "n_resamples": 20,
                                   "seed": 0}),
    "partial_auc": ((Y, S_AUC1), {"specificity": (1.0, 0.8), "corrected": True, "positive": 1}),
    "blocked_kfold": ((12,), {"k": 3, "gap": 1}),
    "clustered_mcnemar": ((Y, P1, P2, G), {"method": "durkalski", "confidence": 0.9}),
    "clustered_auc_test": ((Y, S_AUC1, S_AUC2, G), {"positive": 1, "confidence": 0.9}),
    "simulate_clustered_mcnemar": (("yang", 10, (1, 5), 0.2, 0.8, 0.75), {"n_sims": 50, "alpha": 0.05, "seed": 0}),
    "midranks": (([0.3, 0.1, 0.3],), {}),
    "paired_bootstrap": ((Y, P1, P2), {"metric": "accuracy", "n_resamples": 50, "confidence": 0.9, "seed": 0,
                                       "method": "percentile"}),
    "paired_permutation_test": ((Y, P1, P2), {"metric": "f1", "n_resamples": 50, "seed": 0}),
    # issue 24: grouped test sets
    "cluster_bootstrap": ((Y, P1, P2, G), {"metric": "f1", "positive": 1, "n_resamples": 50, "confidence": 0.9,
                                           "seed": 0, "method": "bca"}),
    "cluster_permutation_test": ((Y, P1, P2, G), {"metric": "f1", "positive": 1, "n_resamples": 50, "seed": 0}),
    "simulate_cv_coverage": ((), {"n_examples": 40, "n_features": 2, "bayes_accuracy": 0.8, "k": 3, "n_repeats": 1,
                                  "n_datasets": 2, "confidence": 0.9}),
    "seed_split_variance": ((T64,), {}),
    # Bayesian comparison and equivalence (issue 17)
    "bayesian_correlated_ttest": ((S1, S2), {"test_train_ratio": 0.25, "rope": 0.01, "confidence": 0.95}),
    "bayesian_sign_test": ((S1, S2), {"rope": 0.01, "prior_strength": 1.0, "n_samples": 100, "seed": 0}),
    "bayesian_signed_rank": ((S1, S2), {"rope": 0.01, "prior_strength": 0.5, "n_samples": 100, "seed": 0}),
    "bayesian_example": (("benavoli2017_uci54",), {}),
    "equivalence_test": ((S1, S2), {"margin": 0.05, "test_train_ratio": 0.25, "confidence": 0.9}),
    "meta_analysis": (([0.01, 0.03, -0.005, 0.02], [0.01, 0.012, 0.008, 0.015]), {"method": "reml",
                                                                                 "confidence": 0.95, "test": "knha"}),
    "noninferiority_test": ((S1, S2), {"margin": 0.05, "test_train_ratio": 0.25, "higher_is_better": True,
                                       "confidence": 0.9}),
    # h3 (chapters 5, 6 and the guide)
    "friedman_type1_error": ((6, 5), {"alpha": 0.05, "n_reps": 200, "seed": 0}),
    # benchmark runner (issue 21): only scoring is audited by name here; the rest in tests/test_benchmark_runner.py
    "run_benchmark": (({"nb": __import__("sklearn.naive_bayes").naive_bayes.GaussianNB()}, {"toy": (XK, YK)}),
                      {"cv": (1, 2), "scoring": "accuracy", "seed": 0, "progress": False}),
    # issue 15, part 1: intervals and planning
    "proportion_interval": ((7, 20), {"confidence": 0.95, "method": "clopper-pearson"}),
    "paired_accuracy_difference": ((TABLE,), {"confidence": 0.9, "method": "tango"}),
    "mcnemar_odds_ratio": ((TABLE,), {"confidence": 0.95}),
    "mcnemar_power": ((200, 0.1, 0.05), {"alpha": 0.05, "method": "exact"}),
    "mcnemar_sample_size": ((0.2, 0.1), {"alpha": 0.05, "power": 0.8, "method": "midp"}),
    "wilcoxon_n_datasets": ((0.5,), {"alpha": 0.05, "power": 0.8}),
    "nemenyi_n_datasets": ((4, 1.0), {"alpha": 0.05, "power": 0.8}),
    # issue 16: multiple comparisons (post-hoc procedures; Looney's F, marginal homogeneity)
    "shaffer_true_counts": ((4,), {}),
    "adjust_pairwise_pvalues": ((np.eye(4) + np.full((4, 4), 0.01) * (1 - np.eye(4)),), {"method": "shaffer"}),
    "pairwise_comparisons": ((T64,), {"test": "ttest", "adjust": "bergmann-hommel", "higher_is_better": True,
                                     "alpha": 0.05, "names": ["a", "b", "c", "d"]}),
    "control_comparisons": ((T64, 0), {"test": "sign", "adjust": "hochberg", "higher_is_better": False,
                                       "alpha": 0.05, "names": ["a", "b", "c", "d"]}),
    "posthoc_example": (("demsar2006_table6",), {}),
    # issue 24: the post-hoc lab (simulate.py)
    "posthoc_scores": (("always-middle", 6), {"n_reps": 3, "seed": 0}),
    "posthoc_error_rates": (("non-transitive", 6), {"test": "wilcoxon", "adjusts": ("holm", "shaffer"),
                                                   "alpha": 0.05, "n_reps": 20, "seed": 0}),
    "looney_ftest": ((Y, P1, P2), {"confidence": 0.95}),
    "marginal_homogeneity_test": ((Y, P1, P2), {"method": "bhapkar", "confidence": 0.9}),
}

# Public functions audited elsewhere, with the reason.
EXEMPT = {
    "errata": "takes no arguments",
    "mcnemar_examples": "takes no arguments",
    "cross_validate_scores": "takes an estimator; its bad input is tested in tests/test_resampling.py",
    "plot_mcnemar_pvalue_heatmap": "plotting; bad input tested in tests/test_bad_input.py",
    "plot_mcnemar_rejection_curves": "plotting; bad input tested in tests/test_bad_input.py",
    "plot_rejection_rates": "takes a result object; tested in tests/test_bad_input.py",
    "plot_reliability": "takes a result object; fuzzed in tests/test_fuzz.py, tested in tests/test_calibration.py",
    "cochran_examples": "takes no arguments",
    "evaluation_examples": "takes no arguments",
    "paired_examples": "takes no arguments",
    "wilcoxon_examples": "takes no arguments",
    "demsar_table5": "takes no arguments",
    "nested_cv": "takes an estimator and a grid; bad input tested in tests/test_nested.py",
    "nested_cv_compare": "takes estimators; bad input tested in tests/test_nested.py",
    "plot_tuning_bias": "takes a result object; tested in tests/test_nested.py",
    "recommendation_html": "takes a result object; tested in tests/test_guide.py",
    "guide_table_html": "takes the guide's own cards; tested in tests/test_guide.py",
    "plot_decision_diagram": "takes only an optional Axes; tested in tests/test_guide.py",
    "learning_curve": "takes an estimator; bad input tested in tests/test_ch1_curves.py",
    "compare_algorithms": "takes estimators; bad input tested in tests/test_paired.py",
    "plot_complexity_curve": "takes a result object; tested in tests/test_ch1_curves.py",
    "plot_holdout_spread": "draws a precomputed table; tested in tests/test_ch1_curves.py",
    "plot_learning_curve": "takes a result object; tested in tests/test_ch1_curves.py",
    "plot_paired_rejection_rates": "takes a result object; tested in tests/test_paired_widgets.py",
    "plot_power_curves": "takes a result object; tested in tests/test_paired_widgets.py",
    "source_notes": "takes no arguments",
    "auc_example": "takes no arguments",
    "cv_interval": "takes an estimator; bad input tested in tests/test_cv_intervals.py",
    "coverage_table": "takes a result object; tested in tests/test_cv_intervals.py",
    "design_std_error": "takes a result object; tested in tests/test_metric_tests.py",
    "bayesian_examples": "takes no arguments",
    "plot_posterior_t": "takes a result object; tested in tests/test_bayesian.py",
    "plot_posterior_simplex": "takes a result object; tested in tests/test_bayesian.py",
    "posterior_report": "takes a result object; tested in tests/test_bayesian.py",
    "benchmark_splits": "X may hold NaN (estimators that handle missing values); tested in "
    "tests/test_benchmark_runner.py",
    "load_benchmark": "reads a store file; bad input tested in tests/test_benchmark_runner.py",
    "plot_size_power": "takes two simulation results; tested in tests/test_paired_widgets.py",
    "paired_test_legend_handles": "returns legend artists; tested in tests/test_paired_widgets.py",
    "replicate_comparison": "takes estimators; bad input tested in tests/test_paired.py",
    "interval_examples": "takes no arguments",
    "posthoc_examples": "takes no arguments",  # issue 16
}

# Arguments that legitimately take arrays of any shape (element-wise or along an axis).
ANY_SHAPE = {
    ("mcnemar_pvalues", "b"), ("mcnemar_pvalues", "c"),  # vectorised over grids of counts
    ("rankdata", "a"), ("tie_term", "a"),  # rank along one axis of any array
}
# Probabilities for which 0 and 1 are meaningful (a simulation at the boundary).
CLOSED_PROBABILITIES = {
    ("mcnemar_rejection_probability", "p_b"), ("simulate_mcnemar", "p_discordant"),
    ("proportion_difference_test", "accuracy_1"), ("proportion_difference_test", "accuracy_2"),  # 0 and 1 happen
    ("simulate_near_duplicates", "disagreement"),  # 0: two exact copies
    ("simulate_homogeneity_tests", "disagreement"),  # 0: two exact copies
    ("homogeneity_lab_rows", "disagreement"),  # 0: the grid's first point
}

ARRAY_NAMES = {
    "y_true", "y_pred", "y_pred_1", "y_pred_2", "y_preds", "y", "x", "a", "b", "c", "table",
    "pvalues", "scores", "mean_ranks", "names", "scores_1", "scores_2", "oob_scores", "n_or_y", "differences",
    "X", "X_train", "y_train", "X_test", "y_test", "X_query", "test_sizes",
}
OPTION_NAMES = {"method", "zero_method", "alternative", "ties", "test", "adjust", "scoring", "per_example"}
PROBABILITY_NAMES = {"alpha", "confidence", "p_b", "p_discordant", "test_size", "accuracy", "accuracy_1",
                     "accuracy_2", "correlation", "disagreement"}
POSITIVE_NAMES = {"test_train_ratio", "cd", "rope", "prior_strength", "margin"}  # positive real numbers (rope: or 0)
FLAG_NAMES = {
    "can_retrain",
    "commensurable",
    "control",
    "tuning",
    "higher_is_better",
    "tie_correction",
    "correction",
    "pooled",
    "precise_rows",
    "show_ranks",
    "shuffle",
    "exact_check",
}
COUNT_NAMES = {
    "k", "n_reps", "n_repeats", "n_bootstraps", "n_classes", "max_count", "n_discordant", "n_test",
    "n_models", "n_sim", "n_examples", "n_features", "n_resamples", "batch_size", "n_neighbors",
    "n_splits", "max_models", "n_datasets", "n_outer", "n_inner", "outer_cv", "inner_cv",
    "n_samples", "max_configs", "outer_fold",
}
# chapter 9 (issue 20)
ARRAY_NAMES |= {"groups"}
OPTION_NAMES |= {"metric"}
PROBABILITY_NAMES |= {"bayes_accuracy"}
COUNT_NAMES |= {"gap", "n_datasets"}
# issue 15, part 1
PROBABILITY_NAMES |= {"power", "discordant_proportion"}
CLOSED_PROBABILITIES |= {("mcnemar_power", "discordant_proportion"), ("mcnemar_sample_size", "discordant_proportion")}
POSITIVE_NAMES |= {"rank_gap", "standardized_shift"}
# issue 15, part 2: `successes` (proportion_interval) is a count everywhere; the reporting paragraph and the
# practical-significance verdict
COUNT_NAMES |= {"successes"}
POSITIVE_NAMES |= {"minimum_effect"}
VALID.update({
    "report": ((lecture_lib.mcnemar(TABLE),), {"names": ("A", "B"), "alpha": 0.05, "minimum_effect": 0.01}),
    "practical_significance": ((lecture_lib.Interval(0.02, 0.01, 0.03, 0.95, "wald"), 0.01), {}),
})
# issue 19: public names of the modules now exported at the package root
OPTION_NAMES |= {"part"}
VALID.update({
    "plot_signed_rank_null": ((np.array([0.05, -0.01, 0.03, 0.02, 0.04, 0.0]),), {"zero_method": "zsplit"}),
    "sign_test_critical_table": ((), {}),
    "diagram_leaves": ((), {"part": "beyond"}),
    "smallest_two_sided_pvalue": ((6,), {}),
})
# issue 27: grouped data, non-inferiority, heterogeneity, probabilities, time, AUC intervals
ARRAY_NAMES |= {"score", "estimates", "std_errors", "loss_1", "loss_2", "prob"}
OPTION_NAMES |= {"strategy"}
COUNT_NAMES |= {"n_bins", "horizon", "n_groups", "n_options"}
POSITIVE_NAMES |= {"eps"}
PROBABILITY_NAMES |= {"icc", "correlation"}
CLOSED_PROBABILITIES |= {("simulate_clustered_mcnemar", "icc"),  # 0: independent examples
                         ("selection_error_rate", "correlation")}  # 0: independent, 1: identical analyses
FLAG_NAMES |= {"corrected"}
LOSS_1 = np.array([0.3, 0.1, 0.5, 0.2, 0.4, 0.35, 0.15, 0.25, 0.45, 0.05])
LOSS_2 = np.array([0.2, 0.3, 0.4, 0.1, 0.5, 0.3, 0.2, 0.2, 0.35, 0.15])
PROB = np.array([0.2, 0.8, 0.6, 0.3, 0.9, 0.1, 0.7, 0.55, 0.4, 0.25])
VALID.update({
    "diebold_mariano_test": ((LOSS_1, LOSS_2), {"horizon": 2, "alternative": "less", "correction": True,
                                                "confidence": 0.9}),
    "brier_scores": ((Y, PROB), {"positive": 1}),
    "log_losses": ((Y, PROB), {"positive": 1, "eps": 1e-6}),
    "calibration_test": ((Y, PROB), {"positive": 1}),
    "selection_error_rate": ((5, 0.5), {"alpha": 0.05}),
    "reliability_table": ((Y, PROB), {"n_bins": 3, "strategy": "uniform", "confidence": 0.9, "positive": 1}),
})
# issue 16, part 2: Nemenyi's far tail, the post-hoc explorer
VALID.update({
    "studentized_range_sf": (([2.0, 9.0],), {"k": 4}),
})


def public_functions() -> list[str]:
    return sorted(
        name for name in lecture_lib.__all__
        if isinstance(getattr(lecture_lib, name), types.FunctionType)
    )


def test_every_public_function_is_audited():
    missing = [n for n in public_functions() if n not in VALID and n not in EXEMPT]
    assert not missing, f"add a valid call for {missing} to VALID in tests/test_api_audit.py"
    stale = [n for n in list(VALID) + list(EXEMPT) if n not in lecture_lib.__all__]
    assert not stale, f"entries for functions that are no longer public: {stale}"


def call(name, args, kwargs):
    result = getattr(lecture_lib, name)(*args, **kwargs)
    if isinstance(result, types.GeneratorType):  # splitters validate when iterated at the latest
        result = list(result)
    return result


@pytest.mark.parametrize("name", sorted(VALID))
def test_valid_call_works(name):
    args, kwargs = VALID[name]
    call(name, args, kwargs)


def bound_arguments(name):
    args, kwargs = VALID[name]
    sig = inspect.signature(getattr(lecture_lib, name))
    bound = sig.bind(*args, **kwargs)
    return sig, bound


def bad_values(name: str, param: str, value, default=inspect.Parameter.empty):
    """(label, bad value) pairs for an argument, by its name and valid value."""
    if param in ARRAY_NAMES and not isinstance(value, (int, np.integer)):
        arr = np.asarray(value)
        if default is not None:  # None is valid where it is the default (x alone holds the differences)
            yield "None", None
        yield "empty", np.array([])
        if arr.dtype.kind in "biuf":  # numbers: one NaN among them
            with_nan = arr.astype(float).copy()
            with_nan.flat[0] = np.nan
            yield "NaN", with_nan
        if (name, param) not in ANY_SHAPE:
            yield "too many dimensions", arr[np.newaxis, np.newaxis, ...] if arr.ndim else np.zeros((2, 2, 2))
    elif param in OPTION_NAMES:
        yield "unknown option", "no-such-option"
        yield "number as option", 3
    elif param in PROBABILITY_NAMES:
        boundary = () if (name, param) in CLOSED_PROBABILITIES else (0.0, 1.0)
        for bad in (*boundary, -0.5, 1.5, math.nan):
            yield f"probability {bad}", bad
        yield "text probability", "0.05"
    elif param in FLAG_NAMES:
        yield "text flag", "yes"
        yield "None flag", None
    elif param in POSITIVE_NAMES:
        for bad in (-0.5, math.nan, math.inf):
            yield f"number {bad}", bad
        yield "text number", "0.5"
    elif param in COUNT_NAMES or param == "n" or (param in ARRAY_NAMES and isinstance(value, (int, np.integer))):
        yield "negative count", -1
        yield "fractional count", 2.5
        yield "text count", "5"


def audit_cases():
    for name in sorted(VALID):
        sig, bound = bound_arguments(name)
        for param, value in bound.arguments.items():
            kind = sig.parameters[param].kind
            if kind is inspect.Parameter.VAR_POSITIONAL:  # *y_preds: spoil the first one
                for label, bad in bad_values(name, "y_preds", value[0]):
                    yield pytest.param(name, param, label, bad, id=f"{name}-{param}-{label}")
                continue
            for label, bad in bad_values(name, param, value, sig.parameters[param].default):
                yield pytest.param(name, param, label, bad, id=f"{name}-{param}-{label}")


# Gaps found by the audit and not yet fixed: strict xfail, so fixing one forces its removal here.
KNOWN_GAPS: set[str] = set()


def marked(cases):
    for case in cases:
        if case.id in KNOWN_GAPS:
            yield pytest.param(*case.values, id=case.id, marks=pytest.mark.xfail(strict=True, reason="known gap"))
        else:
            yield case


@pytest.mark.parametrize("name, param, label, bad", list(marked(audit_cases())))
def test_bad_argument_raises_a_clear_error(name, param, label, bad):
    sig, bound = bound_arguments(name)
    arguments = dict(bound.arguments)
    if sig.parameters[param].kind is inspect.Parameter.VAR_POSITIONAL:
        arguments[param] = (bad,) + tuple(arguments[param][1:])
        shown = param
    else:
        arguments[param] = bad
        shown = param
    args, kwargs = [], {}
    by_keyword = False  # once a parameter is left at its default, the rest go by keyword
    for p in sig.parameters.values():
        if p.name not in arguments:
            by_keyword = True
            continue
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            args.extend(arguments[p.name])
        elif p.kind is inspect.Parameter.KEYWORD_ONLY or by_keyword:
            kwargs[p.name] = arguments[p.name]
        else:
            args.append(arguments[p.name])
    with pytest.raises((ValueError, TypeError)) as info:
        call(name, tuple(args), kwargs)
    message = str(info.value)
    # the message names the argument ("y_preds[0]" counts for *y_preds)
    assert shown.rstrip("s") in message or shown in message, f"{name}: {message!r} does not name {shown!r}"
