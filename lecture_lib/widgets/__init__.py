"""The ipywidgets front ends of the notebooks: one module per chapter.

========================  =======================================================================
module                    the widgets of
========================  =======================================================================
``evaluation``            chapter 1: the complexity curve of k-NN, the spread of holdout estimates
``mcnemar``               chapter 2: McNemar's p-values, their Type I error, the test-set size
``cochran``               chapter 3: the family-wise error of pairwise tests, the exchangeability lab
``paired``                chapter 4: the Type I error lab, the corrected resampled t
``wilcoxon``              chapter 5: every step of the Wilcoxon signed-rank test
``posthoc``               chapter 6: the critical difference against N, the post-hoc procedures
``nested``                chapter 7: the optimism of tuning without nesting
``bayesian``              chapter 8: the ROPE and the prior of the Bayesian tests
``beyond``                chapter 9: coverage of CV intervals, bootstrap intervals for F1
``dependence``            chapter 10: seeds against splits
``guide``                 chapter 11: which test?
========================  =======================================================================

Import a widget from here (``from lecture_lib.widgets import mcnemar_explorer``): this package
re-exports every public name of its modules. The widgets are thin: each is a pure function (a
``*_report`` that returns HTML, or a result), tested directly, and an explorer whose callbacks
only call it and show the result (CONTRIBUTING.md, "The widget pattern"). They load ipywidgets and
matplotlib's pyplot, so ``import lecture_lib`` does not import this package.
"""

# isort: split
# chapter 1
from .evaluation import complexity_explorer, complexity_report, holdout_explorer, holdout_report

# isort: split
# chapter 2
from .mcnemar import (
    SAMPLE_SIZE_EXACT_MAX_VARIANCE,
    mcnemar_explorer,
    mcnemar_heatmap_explorer,
    mcnemar_report,
    mcnemar_sample_size_explorer,
    mcnemar_sample_size_report,
    mcnemar_type1_explorer,
)

# isort: split
# chapter 3
from .cochran import familywise_explorer, familywise_report, homogeneity_explorer, homogeneity_lab_report

# isort: split
# chapter 4
from .paired import corrected_t_report, corrected_ttest_explorer, type1_error_lab, type1_lab_report

# isort: split
# chapter 5
from .wilcoxon import wilcoxon_explorer, wilcoxon_report

# isort: split
# chapter 6
from .posthoc import (
    POSTHOC_PROCEDURES,
    CDSubsample,
    cd_explorer,
    cd_subsample,
    posthoc_explorer,
    posthoc_procedure,
)

# isort: split
# chapter 7
from .nested import tuning_bias_explorer, tuning_bias_report

# isort: split
# chapter 8
from .bayesian import rope_explorer, rope_posterior

# isort: split
# chapter 9
from .beyond import (
    bootstrap_explorer,
    bootstrap_report,
    coverage_explorer,
    coverage_report,
)

# isort: split
# chapter 10
from .dependence import seeds_explorer, seeds_report

# isort: split
# chapter 11
from .guide import which_test_explorer

__all__ = [
    # chapter 1
    "complexity_report",
    "complexity_explorer",
    "holdout_report",
    "holdout_explorer",
    # chapter 2
    "mcnemar_report",
    "mcnemar_explorer",
    "mcnemar_heatmap_explorer",
    "mcnemar_type1_explorer",
    "SAMPLE_SIZE_EXACT_MAX_VARIANCE",
    "mcnemar_sample_size_report",
    "mcnemar_sample_size_explorer",
    # chapter 3
    "familywise_report",
    "familywise_explorer",
    "homogeneity_lab_report",
    "homogeneity_explorer",
    # chapter 4
    "type1_lab_report",
    "type1_error_lab",
    "corrected_t_report",
    "corrected_ttest_explorer",
    # chapter 5
    "wilcoxon_report",
    "wilcoxon_explorer",
    # chapter 6
    "CDSubsample",
    "cd_subsample",
    "cd_explorer",
    "POSTHOC_PROCEDURES",
    "posthoc_procedure",
    "posthoc_explorer",
    # chapter 7
    "tuning_bias_report",
    "tuning_bias_explorer",
    # chapter 8
    "rope_posterior",
    "rope_explorer",
    # chapter 9
    "coverage_report",
    "coverage_explorer",
    "bootstrap_report",
    "bootstrap_explorer",
    # chapter 10
    "seeds_report",
    "seeds_explorer",
    # chapter 11
    "which_test_explorer",
]
