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
]

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
