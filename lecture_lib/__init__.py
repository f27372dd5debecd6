"""lecture_lib: from-scratch statistical tests for comparing classifiers.

The companion library of the course "Comparing classifiers with statistical
tests". Every test is written out from its paper's formula with numpy and
scipy's distributions; scipy, statsmodels and mlxtend serve only as oracles in
the test suite.

The package root exports the public names of every module (each module's
``__all__``), grouped by chapter below. The widgets (the package
``lecture_lib.widgets``, one module per chapter) and the live figures
(``lecture_lib.live_figure``) are imported from their modules: they load
ipywidgets and matplotlib's pyplot, which ``import lecture_lib`` does not
(the figures import pyplot when they draw), so that a kernel starts quickly.
Modules whose names start with an underscore are internal.
"""

# The imports follow the chapters (each "isort: split" starts a section that ruff sorts on its own).
# No module imports the package root (tests/test_layout.py), so the order is for the reader only.
# isort: split
# results: the one interval type of every test (all chapters)
from ._results import Interval

# isort: split
# chapter 1: metrics, resampling designs, holdout and learning curves
from .curves import (
    ComplexityCurve,
    LearningCurve,
    holdout_accuracy_table,
    knn_complexity_curve,
    knn_predictions,
    knn_split_scores,
    learning_curve,
)
from .metrics import (
    UndefinedMetricWarning,
    accuracy,
    confusion_matrix,
    error_rate,
    f1_score,
    precision,
    recall,
)
from .resampling import (
    SCORINGS,
    blocked_kfold,
    bootstrap,
    cross_validate_scores,
    estimate_632,
    five_by_two,
    forward_chaining,
    group_kfold,
    holdout,
    kfold,
    repeated_holdout,
    repeated_kfold,
    stratified_kfold,
)

# isort: split
# chapter 2: McNemar's test on one test set, its simulation, intervals and planning
from .intervals import (
    DIFFERENCE_METHODS,
    ODDS_RATIO_METHODS,
    PROPORTION_METHODS,
    IntervalExample,
    interval_examples,
    mcnemar_odds_ratio,
    paired_accuracy_difference,
    proportion_interval,
)
from .mcnemar import (
    MCNEMAR_INTERVALS,
    MCNEMAR_METHODS,
    TEXTBOOK_EXACT_BELOW,
    McNemarResult,
    mcnemar,
    mcnemar_pvalues,
    mcnemar_table,
    mcnemar_tables,
)
from .planning import (
    EXACT_SCAN_MAX,
    McNemarPower,
    McNemarSampleSize,
    NemenyiSampleSize,
    WilcoxonSampleSize,
    mcnemar_power,
    mcnemar_sample_size,
    nemenyi_n_datasets,
    wilcoxon_n_datasets,
)
from .simulate import RejectionRates, mcnemar_rejection_probability, simulate_mcnemar

# isort: split
# chapter 3: several classifiers on one test set
from .cochran import (
    CochranQResult,
    FamilywiseError,
    NearDuplicateSimulation,
    PairwiseMcNemarResult,
    cochrans_q,
    correctness_matrix,
    familywise_error,
    pairwise_mcnemar,
    simulate_near_duplicates,
)
from .homogeneity import (
    MARGINAL_HOMOGENEITY_METHODS,
    HomogeneitySimulation,
    LooneyFResult,
    MarginalHomogeneityResult,
    homogeneity_lab_rows,
    looney_ftest,
    marginal_homogeneity_test,
    simulate_homogeneity_tests,
)
from .multitest import ADJUST_METHODS, adjust_pvalues

# isort: split
# chapter 4: two algorithms on one data set (and the replicability of chapter 7)
from .paired import (
    DEFAULT_PAIRED_TEST,
    PAIRED_TESTS,
    AlgorithmComparison,
    FoldTTestResult,
    FTest5x2cvResult,
    PairedTTestResult,
    ProportionDifferenceResult,
    Replicability,
    TTest5x2cvResult,
    compare_algorithms,
    corrected_repeated_cv_ttest,
    ftest_5x2cv,
    kfold_cv_ttest,
    paired_ttest,
    proportion_difference_test,
    replicate_comparison,
    resampled_ttest,
    ttest_5x2cv,
)
from .simulate_paired import (
    SIMULATION_LEARNERS,
    TRAININGS_PER_ALGORITHM,
    PairedSimulation,
    PowerCurve,
    paired_power_curve,
    simulate_paired_tests,
)

# isort: split
# chapter 5: two algorithms on many data sets
from .ranks import rankdata, tie_term
from .wilcoxon_sign import (
    ALTERNATIVES,
    SIGN_TEST_TIES,
    WILCOXON_AUTO_EXACT_MAX,
    WILCOXON_EXACT_MAX,
    WILCOXON_METHODS,
    WILCOXON_ZERO_METHODS,
    SignTestResult,
    WilcoxonResult,
    sign_test,
    sign_test_critical_wins,
    signed_rank_null_distribution,
    wilcoxon_critical_value,
    wilcoxon_signed_rank,
    wilcoxon_steps,
)

# isort: split
# chapter 6: many algorithms on many data sets, post-hoc procedures
from .friedman_nemenyi import (
    CD_TESTS,
    CONTROL_ADJUST,
    EXACT_MAX_DATASETS,
    FRIEDMAN_METHODS,
    BonferroniDunnResult,
    FriedmanLevel,
    FriedmanResult,
    NemenyiResult,
    bonferroni_dunn,
    cd_cliques,
    critical_difference,
    critical_value,
    friedman,
    friedman_type1_error,
    nemenyi,
    studentized_range_sf,
)
from .posthoc import (
    BERGMANN_HOMMEL_MAX_K,
    CONTROL_ADJUSTMENTS,
    PAIRWISE_ADJUSTMENTS,
    POSTHOC_TESTS,
    ControlComparisons,
    PairwiseComparisons,
    adjust_pairwise_pvalues,
    control_comparisons,
    pairwise_comparisons,
    posthoc_example,
    posthoc_examples,
    shaffer_true_counts,
)
from .simulate import (
    POSTHOC_CONFIGURATIONS,
    POSTHOC_MAX_DATASETS,
    PosthocErrorRates,
    posthoc_error_rates,
    posthoc_scores,
)

# isort: split
# chapter 7: tuning inside the evaluation (nested cross-validation)
from .nested import (
    NestedComparison,
    NestedCVResult,
    TuningBias,
    nested_cv,
    nested_cv_compare,
    nested_splits,
    parameter_grid,
    simulate_tuning_bias,
)

# isort: split
# chapter 8: Bayesian comparison and equivalence
from .bayesian import (
    ROPE_TESTS,
    CorrelatedTPosterior,
    DirichletPosterior,
    bayesian_correlated_ttest,
    bayesian_example,
    bayesian_examples,
    bayesian_sign_test,
    bayesian_signed_rank,
    plot_posterior_simplex,
    plot_posterior_t,
    posterior_report,
)
from .equivalence import EquivalenceResult, NonInferiorityResult, equivalence_test, noninferiority_test
from .heterogeneity import MetaAnalysisResult, meta_analysis

# isort: split
# chapter 9: beyond accuracy: what CV estimates, AUC, F1, probabilities and many metrics
from .auc import DeLongResult, auc_example, auc_interval, delong_test, midranks, partial_auc
from .calibration import (
    RELIABILITY_STRATEGIES,
    CalibrationResult,
    ReliabilityTable,
    brier_scores,
    calibration_test,
    log_losses,
    plot_reliability,
    reliability_table,
)
from .cv_intervals import (
    CV_INTERVAL_METHODS,
    CVCoverage,
    CVIntervalResult,
    coverage_table,
    cv_interval,
    simulate_cv_coverage,
)
from .flexibility import selection_error_rate
from .metric_tests import (
    BOOTSTRAP_METHODS,
    METRICS,
    PairedBootstrapResult,
    PermutationTestResult,
    paired_bootstrap,
    paired_permutation_test,
)

# isort: split
# chapter 10: seeds, groups and time
from .clustered import cluster_bootstrap, cluster_permutation_test
from .clustered_tests import (
    CLUSTERED_MCNEMAR_METHODS,
    ClusteredAUCResult,
    ClusteredMcNemarResult,
    ClusteredMcNemarSimulation,
    clustered_auc_test,
    clustered_mcnemar,
    simulate_clustered_mcnemar,
)
from .forecast_tests import DM_ALTERNATIVES, DieboldMarianoResult, diebold_mariano_test
from .seeds import SeedSplitVariance, design_std_error, seed_split_variance

# isort: split
# chapter 11: choosing a test, and reporting it
from .guide import (
    CHAPTERS,
    GUIDE_FUNCTIONS,
    METRIC_OPTIONS,
    PER_EXAMPLE_OPTIONS,
    QUESTION_OPTIONS,
    STRUCTURE_OPTIONS,
    Recommendation,
    recommend_test,
    smallest_two_sided_pvalue,
)
from .guide_views import (
    CARD_GROUPS,
    DIAGRAM_PARTS,
    GUIDE_CARDS,
    WHICH_TEST_SITUATIONS,
    GuideCard,
    diagram_leaves,
    guide_table_html,
    plot_decision_diagram,
    recommendation_html,
)
from .reporting import DISAGREEMENT_MARK, REPORTED_RESULTS, practical_significance, report

# isort: split
# figures of every chapter (the widgets live in the package lecture_lib.widgets)
from .plots import (
    PAIRED_TEST_LABELS,
    mcnemar_pvalue_grid,
    paired_test_legend_handles,
    plot_complexity_curve,
    plot_critical_difference,
    plot_familywise_error,
    plot_holdout_spread,
    plot_learning_curve,
    plot_mcnemar_pvalue_heatmap,
    plot_mcnemar_rejection_curves,
    plot_nested_cv_diagram,
    plot_paired_rejection_rates,
    plot_power_curves,
    plot_pvalue_histogram,
    plot_rejection_rates,
    plot_signed_rank_null,
    plot_size_power,
    plot_tuning_bias,
)

# isort: split
# the source documents' worked examples and published data
from .examples import (
    BenchmarkTable,
    CochranExample,
    ConfusionExample,
    Erratum,
    McNemarExample,
    PairedExample,
    SourceNote,
    WilcoxonExample,
    appml_benchmark,
    cochran_example,
    cochran_examples,
    demsar_table5,
    errata,
    evaluation_example,
    evaluation_examples,
    mcnemar_example,
    mcnemar_examples,
    nested_example,
    paired_example,
    paired_examples,
    predictions_from_table,
    sign_test_critical_table,
    source_notes,
    wilcoxon_example,
    wilcoxon_examples,
)

# isort: split
# the benchmark runner of chapter 6 (its result runs the tests of chapters 4 to 6, 8 and 11)
from .benchmark import (
    BENCHMARK_TTESTS,
    DEFAULT_CV,
    BenchmarkResult,
    benchmark_splits,
    load_benchmark,
    run_benchmark,
)

__version__ = "0.1.0"

__all__ = [
    # results: the one interval type of every test (all chapters)
    "Interval",
    # chapter 1: metrics, resampling designs, holdout and learning curves
    # metrics
    "UndefinedMetricWarning",
    "confusion_matrix",
    "accuracy",
    "error_rate",
    "precision",
    "recall",
    "f1_score",
    # resampling
    "SCORINGS",
    "holdout",
    "repeated_holdout",
    "kfold",
    "stratified_kfold",
    "repeated_kfold",
    "five_by_two",
    "bootstrap",
    "estimate_632",
    "cross_validate_scores",
    "group_kfold",
    "forward_chaining",
    "blocked_kfold",
    # curves
    "ComplexityCurve",
    "LearningCurve",
    "knn_predictions",
    "knn_complexity_curve",
    "knn_split_scores",
    "holdout_accuracy_table",
    "learning_curve",
    # chapter 2: McNemar's test on one test set, its simulation, intervals and planning
    # mcnemar
    "MCNEMAR_METHODS",
    "MCNEMAR_INTERVALS",
    "TEXTBOOK_EXACT_BELOW",
    "McNemarResult",
    "mcnemar_table",
    "mcnemar_tables",
    "mcnemar",
    "mcnemar_pvalues",
    # simulate
    "mcnemar_rejection_probability",
    "RejectionRates",
    "simulate_mcnemar",
    # intervals
    "PROPORTION_METHODS",
    "DIFFERENCE_METHODS",
    "ODDS_RATIO_METHODS",
    "IntervalExample",
    "proportion_interval",
    "paired_accuracy_difference",
    "mcnemar_odds_ratio",
    "interval_examples",
    # planning
    "EXACT_SCAN_MAX",
    "McNemarPower",
    "McNemarSampleSize",
    "WilcoxonSampleSize",
    "NemenyiSampleSize",
    "mcnemar_power",
    "mcnemar_sample_size",
    "wilcoxon_n_datasets",
    "nemenyi_n_datasets",
    # chapter 3: several classifiers on one test set
    # cochran
    "CochranQResult",
    "correctness_matrix",
    "cochrans_q",
    "PairwiseMcNemarResult",
    "pairwise_mcnemar",
    "FamilywiseError",
    "familywise_error",
    "NearDuplicateSimulation",
    "simulate_near_duplicates",
    # multitest
    "ADJUST_METHODS",
    "adjust_pvalues",
    # homogeneity
    "MARGINAL_HOMOGENEITY_METHODS",
    "LooneyFResult",
    "looney_ftest",
    "MarginalHomogeneityResult",
    "marginal_homogeneity_test",
    "HomogeneitySimulation",
    "simulate_homogeneity_tests",
    "homogeneity_lab_rows",
    # chapter 4: two algorithms on one data set (and the replicability of chapter 7)
    # paired
    "PairedTTestResult",
    "ProportionDifferenceResult",
    "FoldTTestResult",
    "TTest5x2cvResult",
    "FTest5x2cvResult",
    "paired_ttest",
    "proportion_difference_test",
    "resampled_ttest",
    "kfold_cv_ttest",
    "corrected_repeated_cv_ttest",
    "ttest_5x2cv",
    "ftest_5x2cv",
    "PAIRED_TESTS",
    "DEFAULT_PAIRED_TEST",
    "AlgorithmComparison",
    "compare_algorithms",
    "Replicability",
    "replicate_comparison",
    # simulate_paired
    "PairedSimulation",
    "PowerCurve",
    "simulate_paired_tests",
    "paired_power_curve",
    "TRAININGS_PER_ALGORITHM",
    "SIMULATION_LEARNERS",
    # chapter 5: two algorithms on many data sets
    # ranks
    "rankdata",
    "tie_term",
    # wilcoxon_sign
    "WILCOXON_ZERO_METHODS",
    "WILCOXON_METHODS",
    "ALTERNATIVES",
    "SIGN_TEST_TIES",
    "WILCOXON_AUTO_EXACT_MAX",
    "WILCOXON_EXACT_MAX",
    "WilcoxonResult",
    "SignTestResult",
    "wilcoxon_signed_rank",
    "signed_rank_null_distribution",
    "wilcoxon_critical_value",
    "wilcoxon_steps",
    "sign_test",
    "sign_test_critical_wins",
    # chapter 6: many algorithms on many data sets, post-hoc procedures
    # friedman_nemenyi
    "CD_TESTS",
    "EXACT_MAX_DATASETS",
    "FRIEDMAN_METHODS",
    "CONTROL_ADJUST",
    "FriedmanResult",
    "FriedmanLevel",
    "NemenyiResult",
    "BonferroniDunnResult",
    "friedman",
    "friedman_type1_error",
    "critical_value",
    "critical_difference",
    "nemenyi",
    "bonferroni_dunn",
    "cd_cliques",
    "studentized_range_sf",
    # posthoc
    "POSTHOC_TESTS",
    "PAIRWISE_ADJUSTMENTS",
    "CONTROL_ADJUSTMENTS",
    "BERGMANN_HOMMEL_MAX_K",
    "shaffer_true_counts",
    "adjust_pairwise_pvalues",
    "PairwiseComparisons",
    "pairwise_comparisons",
    "ControlComparisons",
    "control_comparisons",
    "posthoc_examples",
    "posthoc_example",
    # the post-hoc lab (simulate.py)
    "POSTHOC_CONFIGURATIONS",
    "POSTHOC_MAX_DATASETS",
    "PosthocErrorRates",
    "posthoc_scores",
    "posthoc_error_rates",
    # chapter 7: tuning inside the evaluation (nested cross-validation)
    "NestedCVResult",
    "NestedComparison",
    "TuningBias",
    "parameter_grid",
    "nested_splits",
    "nested_cv",
    "nested_cv_compare",
    "simulate_tuning_bias",
    # chapter 8: Bayesian comparison and equivalence
    # bayesian
    "ROPE_TESTS",
    "CorrelatedTPosterior",
    "DirichletPosterior",
    "bayesian_correlated_ttest",
    "bayesian_sign_test",
    "bayesian_signed_rank",
    "plot_posterior_t",
    "plot_posterior_simplex",
    "posterior_report",
    "bayesian_examples",
    "bayesian_example",
    # equivalence
    "EquivalenceResult",
    "equivalence_test",
    "NonInferiorityResult",
    "noninferiority_test",
    # heterogeneity
    "MetaAnalysisResult",
    "meta_analysis",
    # chapter 9: beyond accuracy: what CV estimates, AUC, F1, probabilities and many metrics
    # cv_intervals
    "CV_INTERVAL_METHODS",
    "CVCoverage",
    "CVIntervalResult",
    "coverage_table",
    "cv_interval",
    "simulate_cv_coverage",
    # auc
    "DeLongResult",
    "auc_example",
    "delong_test",
    "midranks",
    "auc_interval",
    "partial_auc",
    # metric_tests
    "BOOTSTRAP_METHODS",
    "METRICS",
    "PairedBootstrapResult",
    "PermutationTestResult",
    "paired_bootstrap",
    "paired_permutation_test",
    # calibration
    "RELIABILITY_STRATEGIES",
    "CalibrationResult",
    "ReliabilityTable",
    "brier_scores",
    "log_losses",
    "calibration_test",
    "reliability_table",
    "plot_reliability",
    # flexibility
    "selection_error_rate",
    # chapter 10: seeds, groups and time
    # clustered
    "cluster_bootstrap",
    "cluster_permutation_test",
    # forecast_tests
    "DM_ALTERNATIVES",
    "DieboldMarianoResult",
    "diebold_mariano_test",
    # clustered_tests
    "CLUSTERED_MCNEMAR_METHODS",
    "ClusteredMcNemarResult",
    "ClusteredAUCResult",
    "ClusteredMcNemarSimulation",
    "clustered_mcnemar",
    "clustered_auc_test",
    "simulate_clustered_mcnemar",
    # seeds
    "SeedSplitVariance",
    "design_std_error",
    "seed_split_variance",
    # chapter 11: choosing a test, and reporting it
    # guide
    "CHAPTERS",
    "GUIDE_FUNCTIONS",
    "PER_EXAMPLE_OPTIONS",
    "QUESTION_OPTIONS",
    "METRIC_OPTIONS",
    "STRUCTURE_OPTIONS",
    "DIAGRAM_PARTS",
    "CARD_GROUPS",
    "Recommendation",
    "GuideCard",
    "GUIDE_CARDS",
    "recommend_test",
    "recommendation_html",
    "smallest_two_sided_pvalue",
    "guide_table_html",
    "diagram_leaves",
    "plot_decision_diagram",
    "WHICH_TEST_SITUATIONS",
    # reporting
    "REPORTED_RESULTS",
    "DISAGREEMENT_MARK",
    "report",
    "practical_significance",
    # figures of every chapter (the widgets live in the package lecture_lib.widgets)
    "mcnemar_pvalue_grid",
    "plot_mcnemar_pvalue_heatmap",
    "plot_mcnemar_rejection_curves",
    "plot_rejection_rates",
    "plot_familywise_error",
    "plot_complexity_curve",
    "plot_holdout_spread",
    "plot_learning_curve",
    "PAIRED_TEST_LABELS",
    "plot_paired_rejection_rates",
    "plot_power_curves",
    "plot_pvalue_histogram",
    "plot_size_power",
    "paired_test_legend_handles",
    "plot_signed_rank_null",
    "plot_critical_difference",
    "plot_tuning_bias",
    "plot_nested_cv_diagram",
    # the source documents' worked examples and published data
    "McNemarExample",
    "Erratum",
    "mcnemar_examples",
    "mcnemar_example",
    "errata",
    "SourceNote",
    "source_notes",
    "predictions_from_table",
    "CochranExample",
    "cochran_examples",
    "cochran_example",
    "ConfusionExample",
    "evaluation_examples",
    "evaluation_example",
    "PairedExample",
    "paired_examples",
    "paired_example",
    "WilcoxonExample",
    "wilcoxon_examples",
    "wilcoxon_example",
    "sign_test_critical_table",
    "BenchmarkTable",
    "appml_benchmark",
    "demsar_table5",
    "nested_example",
    # the benchmark runner of chapter 6 (its result runs the tests of chapters 4 to 6, 8 and 11)
    "BENCHMARK_TTESTS",
    "DEFAULT_CV",
    "BenchmarkResult",
    "benchmark_splits",
    "load_benchmark",
    "run_benchmark",
]
