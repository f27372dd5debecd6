"""lecture_lib: from-scratch statistical tests for comparing classifiers.

The companion library of the course "Comparing classifiers with statistical
tests". Every test is written out from its paper's formula with numpy and
scipy's distributions; scipy, statsmodels and mlxtend serve only as oracles in
the test suite.
"""

from ._results import Interval
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
from .curves import (
    ComplexityCurve,
    LearningCurve,
    holdout_accuracy_table,
    knn_complexity_curve,
    knn_predictions,
    knn_split_scores,
    learning_curve,
)
from .mcnemar import (
    TEXTBOOK_EXACT_BELOW,
    MCNEMAR_METHODS,
    McNemarResult,
    mcnemar,
    mcnemar_pvalues,
    mcnemar_table,
    mcnemar_tables,
)
from .simulate import RejectionRates, mcnemar_rejection_probability, simulate_mcnemar, wilson_interval
from .cochran import (
    CochranQResult,
    FamilywiseError,
    PairwiseMcNemarResult,
    cochrans_q,
    correctness_matrix,
    familywise_error,
    pairwise_mcnemar,
)
from .multitest import ADJUST_METHODS, adjust_pvalues
from .paired import (
    PAIRED_TESTS,
    AlgorithmComparison,
    FoldTTestResult,
    FTest5x2cvResult,
    PairedTTestResult,
    ProportionDifferenceResult,
    TTest5x2cvResult,
    compare_algorithms,
    ftest_5x2cv,
    kfold_cv_ttest,
    paired_ttest,
    proportion_difference_test,
    resampled_ttest,
    ttest_5x2cv,
)
from .simulate_paired import (
    TRAININGS_PER_ALGORITHM,
    PairedSimulation,
    PowerCurve,
    paired_power_curve,
    simulate_paired_tests,
)
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
from .friedman_nemenyi import (
    CD_TESTS,
    CONTROL_ADJUST,
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
)
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
from .guide import (
    GUIDE_CARDS,
    GUIDE_FUNCTIONS,
    Recommendation,
    guide_table_html,
    plot_decision_diagram,
    recommend_test,
    recommendation_html,
)
from .plots import (
    PAIRED_TEST_LABELS,
    mcnemar_pvalue_grid,
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
    plot_tuning_bias,
)
from .examples import (
    BenchmarkTable,
    CochranExample,
    ConfusionExample,
    PairedExample,
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
    wilcoxon_example,
    wilcoxon_examples,
)
# chapter 9: beyond one accuracy on i.i.d. data (issue 20)
from .cv_intervals import (
    CV_INTERVAL_METHODS,
    CVCoverage,
    CVIntervalResult,
    coverage_table,
    cv_interval,
    simulate_cv_coverage,
)
from .auc import DeLongResult, auc_example, delong_test, midranks
from .metric_tests import (
    BOOTSTRAP_METHODS,
    METRICS,
    PairedBootstrapResult,
    PermutationTestResult,
    paired_bootstrap,
    paired_permutation_test,
)
from .seeds import SeedSplitVariance, design_std_error, seed_split_variance

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
from .equivalence import EquivalenceResult, equivalence_test

# issue 14, one data set (chapters 4 and 7): corrected repeated cross-validation
from .paired import DEFAULT_PAIRED_TEST, Replicability, corrected_repeated_cv_ttest, replicate_comparison
from .plots import paired_test_legend_handles, plot_size_power
from .simulate_paired import SIMULATION_LEARNERS

__version__ = "0.1.0"

# Everything above, in the order of the modules (and so, roughly, of the chapters).
__all__ = [
    # results
    "Interval",
    # metrics
    "UndefinedMetricWarning",
    "accuracy",
    "confusion_matrix",
    "error_rate",
    "f1_score",
    "precision",
    "recall",
    # resampling
    "SCORINGS",
    "bootstrap",
    "cross_validate_scores",
    "estimate_632",
    "five_by_two",
    "forward_chaining",
    "group_kfold",
    "holdout",
    "kfold",
    "repeated_holdout",
    "repeated_kfold",
    "stratified_kfold",
    # curves
    "ComplexityCurve",
    "LearningCurve",
    "holdout_accuracy_table",
    "knn_complexity_curve",
    "knn_predictions",
    "knn_split_scores",
    "learning_curve",
    # mcnemar
    "TEXTBOOK_EXACT_BELOW",
    "MCNEMAR_METHODS",
    "McNemarResult",
    "mcnemar",
    "mcnemar_pvalues",
    "mcnemar_table",
    "mcnemar_tables",
    # simulate
    "RejectionRates",
    "mcnemar_rejection_probability",
    "simulate_mcnemar",
    "wilson_interval",
    # cochran
    "CochranQResult",
    "FamilywiseError",
    "PairwiseMcNemarResult",
    "cochrans_q",
    "correctness_matrix",
    "familywise_error",
    "pairwise_mcnemar",
    # multitest
    "ADJUST_METHODS",
    "adjust_pvalues",
    # paired
    "PAIRED_TESTS",
    "AlgorithmComparison",
    "FoldTTestResult",
    "FTest5x2cvResult",
    "PairedTTestResult",
    "ProportionDifferenceResult",
    "TTest5x2cvResult",
    "compare_algorithms",
    "ftest_5x2cv",
    "kfold_cv_ttest",
    "paired_ttest",
    "proportion_difference_test",
    "resampled_ttest",
    "ttest_5x2cv",
    # simulate_paired
    "TRAININGS_PER_ALGORITHM",
    "PairedSimulation",
    "PowerCurve",
    "paired_power_curve",
    "simulate_paired_tests",
    # ranks
    "rankdata",
    "tie_term",
    # wilcoxon_sign
    "ALTERNATIVES",
    "SIGN_TEST_TIES",
    "WILCOXON_AUTO_EXACT_MAX",
    "WILCOXON_EXACT_MAX",
    "WILCOXON_METHODS",
    "WILCOXON_ZERO_METHODS",
    "SignTestResult",
    "WilcoxonResult",
    "sign_test",
    "sign_test_critical_wins",
    "signed_rank_null_distribution",
    "wilcoxon_critical_value",
    "wilcoxon_signed_rank",
    "wilcoxon_steps",
    # friedman_nemenyi
    "CD_TESTS",
    "CONTROL_ADJUST",
    "BonferroniDunnResult",
    "FriedmanLevel",
    "FriedmanResult",
    "NemenyiResult",
    "bonferroni_dunn",
    "cd_cliques",
    "critical_difference",
    "critical_value",
    "friedman",
    "friedman_type1_error",
    "nemenyi",
    # nested
    "NestedComparison",
    "NestedCVResult",
    "TuningBias",
    "nested_cv",
    "nested_cv_compare",
    "nested_splits",
    "parameter_grid",
    "simulate_tuning_bias",
    # guide
    "GUIDE_CARDS",
    "GUIDE_FUNCTIONS",
    "Recommendation",
    "guide_table_html",
    "plot_decision_diagram",
    "recommend_test",
    "recommendation_html",
    # plots
    "PAIRED_TEST_LABELS",
    "mcnemar_pvalue_grid",
    "plot_complexity_curve",
    "plot_critical_difference",
    "plot_familywise_error",
    "plot_holdout_spread",
    "plot_learning_curve",
    "plot_mcnemar_pvalue_heatmap",
    "plot_mcnemar_rejection_curves",
    "plot_nested_cv_diagram",
    "plot_paired_rejection_rates",
    "plot_power_curves",
    "plot_pvalue_histogram",
    "plot_rejection_rates",
    "plot_tuning_bias",
    # examples
    "BenchmarkTable",
    "CochranExample",
    "ConfusionExample",
    "PairedExample",
    "appml_benchmark",
    "cochran_example",
    "cochran_examples",
    "demsar_table5",
    "errata",
    "evaluation_example",
    "evaluation_examples",
    "mcnemar_example",
    "mcnemar_examples",
    "nested_example",
    "paired_example",
    "paired_examples",
    "predictions_from_table",
    "wilcoxon_example",
    "wilcoxon_examples",
    # chapter 9: cv_interval, auc, metric_tests, seeds (issue 20)
    "CV_INTERVAL_METHODS",
    "CVCoverage",
    "CVIntervalResult",
    "coverage_table",
    "cv_interval",
    "simulate_cv_coverage",
    "DeLongResult",
    "auc_example",
    "delong_test",
    "midranks",
    "BOOTSTRAP_METHODS",
    "METRICS",
    "PairedBootstrapResult",
    "PermutationTestResult",
    "paired_bootstrap",
    "paired_permutation_test",
    "SeedSplitVariance",
    "seed_split_variance",
    "design_std_error",
    # bayesian (chapter 8)
    "ROPE_TESTS",
    "CorrelatedTPosterior",
    "DirichletPosterior",
    "bayesian_correlated_ttest",
    "bayesian_example",
    "bayesian_examples",
    "bayesian_sign_test",
    "bayesian_signed_rank",
    "plot_posterior_simplex",
    "plot_posterior_t",
    "posterior_report",
    # equivalence (chapter 8)
    "EquivalenceResult",
    "equivalence_test",
]

# issue 14, one test set: Cochran's Q without exchangeability; seed statements that are not errata
from .cochran import NearDuplicateSimulation, simulate_near_duplicates  # noqa: E402
from .examples import SourceNote, source_notes  # noqa: E402

__all__ += ["NearDuplicateSimulation", "simulate_near_duplicates", "SourceNote", "source_notes"]
# benchmark runner (issue 21): imported last, it calls the tests above through the package root
from .benchmark import (  # noqa: E402
    DEFAULT_CV,
    BenchmarkResult,
    benchmark_splits,
    load_benchmark,
    run_benchmark,
)

__all__ += [
    # benchmark
    "DEFAULT_CV",
    "BenchmarkResult",
    "benchmark_splits",
    "load_benchmark",
    "run_benchmark",
    # issue 14, one data set (chapters 4 and 7)
    "DEFAULT_PAIRED_TEST",
    "Replicability",
    "SIMULATION_LEARNERS",
    "corrected_repeated_cv_ttest",
    "paired_test_legend_handles",
    "plot_size_power",
    "replicate_comparison",
]

# issue 15, part 1: estimates with their uncertainty, and planning
from .intervals import (  # noqa: E402
    DIFFERENCE_METHODS,
    PROPORTION_METHODS,
    IntervalExample,
    interval_examples,
    mcnemar_odds_ratio,
    paired_accuracy_difference,
    proportion_interval,
)
from .planning import (  # noqa: E402
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

__all__ += [
    "DIFFERENCE_METHODS",
    "PROPORTION_METHODS",
    "IntervalExample",
    "interval_examples",
    "mcnemar_odds_ratio",
    "paired_accuracy_difference",
    "proportion_interval",
    "EXACT_SCAN_MAX",
    "McNemarPower",
    "McNemarSampleSize",
    "NemenyiSampleSize",
    "WilcoxonSampleSize",
    "mcnemar_power",
    "mcnemar_sample_size",
    "nemenyi_n_datasets",
    "wilcoxon_n_datasets",
]

# issue 16: multiple comparisons done right (post-hoc procedures; Looney's F and marginal homogeneity)
from .posthoc import (  # noqa: E402
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
from .homogeneity import (  # noqa: E402
    MARGINAL_HOMOGENEITY_METHODS,
    LooneyFResult,
    MarginalHomogeneityResult,
    looney_ftest,
    marginal_homogeneity_test,
)

__all__ += [
    "BERGMANN_HOMMEL_MAX_K",
    "CONTROL_ADJUSTMENTS",
    "PAIRWISE_ADJUSTMENTS",
    "POSTHOC_TESTS",
    "ControlComparisons",
    "PairwiseComparisons",
    "adjust_pairwise_pvalues",
    "control_comparisons",
    "pairwise_comparisons",
    "posthoc_example",
    "posthoc_examples",
    "shaffer_true_counts",
    "MARGINAL_HOMOGENEITY_METHODS",
    "LooneyFResult",
    "MarginalHomogeneityResult",
    "looney_ftest",
    "marginal_homogeneity_test",
]
# issue 15, part 2: the paragraph that reports a comparison
from .reporting import REPORTED_RESULTS, practical_significance, report  # noqa: E402

__all__ += [
    "REPORTED_RESULTS",
    "practical_significance",
    "report",
]
# issue 16, part 2: Nemenyi's far tail, CD diagrams from any procedure, the post-hoc explorer
from .friedman_nemenyi import studentized_range_sf  # noqa: E402

__all__ += [
    "studentized_range_sf",
]
