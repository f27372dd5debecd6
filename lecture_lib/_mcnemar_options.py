"""The ``method`` options of McNemar's test and their check (internal).

:func:`lecture_lib.mcnemar` and everything that runs McNemar's tests on its
behalf (Cochran's post-hoc comparisons, the planning functions, the
simulations and their figures) accept the same ``method`` strings and check
them with :func:`check_mcnemar_method`, so a removed option gets the same
explanation everywhere. :mod:`lecture_lib.mcnemar` re-exports the two
constants; learners read them there.
"""

from __future__ import annotations

from ._validation import check_option

__all__ = ["MCNEMAR_METHODS", "TEXTBOOK_EXACT_BELOW", "check_mcnemar_method"]

#: The ``method`` options of :func:`mcnemar` (the default is ``"midp"``).
MCNEMAR_METHODS = ("chi2", "corrected", "exact", "midp", "textbook")

#: ``method="textbook"`` (the rule of the course's sources) uses the exact test when b + c is
#: below this number and Edwards' corrected chi-squared test otherwise.
TEXTBOOK_EXACT_BELOW = 25


def check_mcnemar_method(method, name: str = "method") -> str:
    """A McNemar ``method`` option; the removed ``"auto"`` gets a message that says what replaced it."""
    if isinstance(method, str) and method == "auto":
        raise ValueError(
            f"{name} must be one of {MCNEMAR_METHODS}, got 'auto': that option was removed. Use "
            "'textbook' for the rule of the course's sources (exact when b + c < "
            f"{TEXTBOOK_EXACT_BELOW}, else corrected) or 'midp', the default (Fagerland, Lydersen & Laake "
            "2013; chapter 2 shows why)"
        )
    return check_option(method, name, MCNEMAR_METHODS)
