"""lecture_lib: from-scratch statistical tests for comparing classifiers.

The companion library of the course "Comparing classifiers with statistical
tests". Every test is written out from its paper's formula with numpy and
scipy's distributions; scipy, statsmodels and mlxtend serve only as oracles in
the test suite.
"""

from .examples import errata, mcnemar_example, mcnemar_examples, predictions_from_table
from .mcnemar import (
    AUTO_EXACT_BELOW,
    MCNEMAR_METHODS,
    McNemarResult,
    mcnemar,
    mcnemar_pvalues,
    mcnemar_table,
    mcnemar_tables,
)
from .metrics import UndefinedMetricWarning, accuracy, confusion_matrix, error_rate, f1_score, precision, recall
from .plots import (
    mcnemar_pvalue_grid,
    plot_mcnemar_pvalue_heatmap,
    plot_mcnemar_rejection_curves,
    plot_rejection_rates,
)
from .multitest import ADJUST_METHODS, adjust_pvalues
from .ranks import rankdata, tie_term
from .resampling import (
    SCORINGS,
    bootstrap,
    cross_validate_scores,
    estimate_632,
    five_by_two,
    holdout,
    kfold,
    repeated_holdout,
    repeated_kfold,
    stratified_kfold,
)
from .simulate import RejectionRates, mcnemar_rejection_probability, simulate_mcnemar, wilson_interval
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
from .plots import plot_nested_cv_diagram, plot_tuning_bias
from .examples import nested_example

__version__ = "0.1.0"

__all__ = [
    "ADJUST_METHODS",
    "adjust_pvalues",
    "SCORINGS",
    "UndefinedMetricWarning",
    "accuracy",
    "bootstrap",
    "confusion_matrix",
    "cross_validate_scores",
    "error_rate",
    "estimate_632",
    "f1_score",
    "five_by_two",
    "holdout",
    "kfold",
    "precision",
    "recall",
    "repeated_holdout",
    "repeated_kfold",
    "stratified_kfold",
    "AUTO_EXACT_BELOW",
    "MCNEMAR_METHODS",
    "McNemarResult",
    "RejectionRates",
    "errata",
    "mcnemar",
    "mcnemar_example",
    "mcnemar_examples",
    "mcnemar_pvalue_grid",
    "mcnemar_pvalues",
    "mcnemar_rejection_probability",
    "mcnemar_table",
    "mcnemar_tables",
    "plot_mcnemar_pvalue_heatmap",
    "plot_mcnemar_rejection_curves",
    "plot_rejection_rates",
    "predictions_from_table",
    "rankdata",
    "tie_term",
    "simulate_mcnemar",
    "wilson_interval",
    "NestedComparison",
    "NestedCVResult",
    "TuningBias",
    "nested_cv",
    "nested_cv_compare",
    "nested_splits",
    "parameter_grid",
    "plot_nested_cv_diagram",
    "plot_tuning_bias",
    "simulate_tuning_bias",
    "nested_example",
]

from .cochran import (
    CochranQResult,
    FamilywiseError,
    PairwiseMcNemarResult,
    cochrans_q,
    correctness_matrix,
    familywise_error,
    pairwise_mcnemar,
)

__all__ += [
    "CochranQResult",
    "FamilywiseError",
    "PairwiseMcNemarResult",
    "cochrans_q",
    "correctness_matrix",
    "familywise_error",
    "pairwise_mcnemar",
]
from .examples import CochranExample, cochran_example, cochran_examples

__all__ += ["CochranExample", "cochran_example", "cochran_examples"]
from .plots import plot_familywise_error

__all__ += ["plot_familywise_error"]

# chapter 1: evaluation basics
from .curves import (  # noqa: E402
    ComplexityCurve,
    LearningCurve,
    holdout_accuracy_table,
    knn_complexity_curve,
    knn_predictions,
    knn_split_scores,
    learning_curve,
)
from .examples import ConfusionExample, evaluation_example, evaluation_examples  # noqa: E402
from .plots import plot_complexity_curve, plot_holdout_spread, plot_learning_curve  # noqa: E402

__all__ += [
    "ComplexityCurve",
    "LearningCurve",
    "holdout_accuracy_table",
    "knn_complexity_curve",
    "knn_predictions",
    "knn_split_scores",
    "learning_curve",
    "ConfusionExample",
    "evaluation_example",
    "evaluation_examples",
    "plot_complexity_curve",
    "plot_holdout_spread",
    "plot_learning_curve",
]

# chapter 4: two algorithms on one data set
from .paired import (  # noqa: E402
    PAIRED_TESTS,
    AlgorithmComparison,
    FoldTTestResult,
    FTest5x2cvResult,
    PairedTTestResult,
    ProportionDifferenceResult,
    TTest5x2cvResult,
    ftest_5x2cv,
    kfold_cv_ttest,
    paired_ttest,
    proportion_difference_test,
    resampled_ttest,
    compare_algorithms,
    ttest_5x2cv,
)

__all__ += [
    "PAIRED_TESTS",
    "AlgorithmComparison",
    "compare_algorithms",
    "FoldTTestResult",
    "FTest5x2cvResult",
    "PairedTTestResult",
    "ProportionDifferenceResult",
    "TTest5x2cvResult",
    "ftest_5x2cv",
    "kfold_cv_ttest",
    "paired_ttest",
    "proportion_difference_test",
    "resampled_ttest",
    "ttest_5x2cv",
]
from .simulate_paired import (  # noqa: E402
    TRAININGS_PER_ALGORITHM,
    PairedSimulation,
    PowerCurve,
    paired_power_curve,
    simulate_paired_tests,
)

__all__ += [
    "TRAININGS_PER_ALGORITHM",
    "PairedSimulation",
    "PowerCurve",
    "paired_power_curve",
    "simulate_paired_tests",
]
from .examples import PairedExample, paired_example, paired_examples  # noqa: E402

__all__ += ["PairedExample", "paired_example", "paired_examples"]
from .plots import (  # noqa: E402
    PAIRED_TEST_LABELS,
    plot_paired_rejection_rates,
    plot_power_curves,
    plot_pvalue_histogram,
)

__all__ += ["PAIRED_TEST_LABELS", "plot_paired_rejection_rates", "plot_power_curves", "plot_pvalue_histogram"]

# Chapter 5: two algorithms over many data sets
from .ranks import (  # noqa: E402
    ALTERNATIVES,
    SIGN_TEST_TIES,
    WILCOXON_AUTO_EXACT_MAX,
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
from .examples import wilcoxon_example, wilcoxon_examples  # noqa: E402

__all__ += [
    "ALTERNATIVES",
    "SIGN_TEST_TIES",
    "WILCOXON_AUTO_EXACT_MAX",
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
    "wilcoxon_example",
    "wilcoxon_examples",
]

from .ranks import WILCOXON_EXACT_MAX  # noqa: E402

__all__ += ["WILCOXON_EXACT_MAX"]

# chapter 6: many algorithms over many data sets
from .ranks import (  # noqa: E402
    CD_TESTS,
    CONTROL_ADJUST,
    BonferroniDunnResult,
    FriedmanResult,
    NemenyiResult,
    bonferroni_dunn,
    cd_cliques,
    critical_difference,
    critical_value,
    friedman,
    nemenyi,
)

__all__ += [
    "CD_TESTS",
    "CONTROL_ADJUST",
    "BonferroniDunnResult",
    "FriedmanResult",
    "NemenyiResult",
    "bonferroni_dunn",
    "cd_cliques",
    "critical_difference",
    "critical_value",
    "friedman",
    "nemenyi",
]

from .examples import BenchmarkTable, appml_benchmark, demsar_table5  # noqa: E402

__all__ += ["BenchmarkTable", "appml_benchmark", "demsar_table5"]

from .plots import plot_critical_difference  # noqa: E402

__all__ += ["plot_critical_difference"]

# chapter 8: choosing a test
from .guide import (  # noqa: E402
    GUIDE_CARDS,
    GUIDE_FUNCTIONS,
    Recommendation,
    guide_table_html,
    plot_decision_diagram,
    recommend_test,
    recommendation_html,
)

__all__ += [
    "GUIDE_CARDS",
    "GUIDE_FUNCTIONS",
    "Recommendation",
    "guide_table_html",
    "plot_decision_diagram",
    "recommend_test",
    "recommendation_html",
]
