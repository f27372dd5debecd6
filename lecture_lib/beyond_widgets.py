"""Chapter 9's widgets under their former module name, kept so that existing imports keep working.

The widgets live in :mod:`lecture_lib.widgets.beyond` (and the seeds explorer, taught in chapter 10
since chapter 9 was split, in :mod:`lecture_lib.widgets.dependence`); this module only re-exports
them, for the chapter's notebook (``from lecture_lib.beyond_widgets import ...``) and for the
copies of it that learners keep (Colab, downloaded notebooks). New code imports from
:mod:`lecture_lib.widgets`.

Taught in chapter 9 (``notebooks/09-beyond-accuracy``).
"""

from .widgets.beyond import (
    bootstrap_explorer,
    bootstrap_report,
    coverage_explorer,
    coverage_report,
)
from .widgets.dependence import seeds_explorer, seeds_report

__all__ = [
    "bootstrap_explorer",
    "bootstrap_report",
    "coverage_explorer",
    "coverage_report",
    "seeds_explorer",
    "seeds_report",
]
