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
