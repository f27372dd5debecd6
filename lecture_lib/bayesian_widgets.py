"""Chapter 8's widget under its former module name, kept so that existing imports keep working.

The widget lives in :mod:`lecture_lib.widgets.bayesian`; this module only re-exports it, for the
chapter's notebook (``from lecture_lib.bayesian_widgets import rope_explorer``) and for the copies of
it that learners keep (Colab, downloaded notebooks). New code imports from :mod:`lecture_lib.widgets`.

Taught in chapter 8 (``notebooks/08-bayesian-comparison``).
"""

from .widgets.bayesian import rope_explorer, rope_posterior

__all__ = ["rope_posterior", "rope_explorer"]
