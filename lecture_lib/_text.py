"""Plain-text paragraphs for reports: wrapped at a readable width without splitting what reads as one.

Shared by :func:`lecture_lib.report` and :meth:`lecture_lib.BenchmarkResult.report`.
"""

from __future__ import annotations

import textwrap

__all__ = ["WIDTH", "fill"]

#: The width of printed results and reports: the course website's output column holds 77
#: monospace characters at 1280 px, and 74 inside a folded solution.
WIDTH = 74

# Pieces that must not be split across lines: "95 %", "p = 0.03", "min(b, c)" and "1 - 0.05/3" (a
# line that starts with "- 0.05/3" would read as a list item). They are glued with a character
# textwrap does not split at, then restored.
_GLUE = "\x1f"
_GLUED = ((" %", _GLUE + "%"), ("p = ", f"p{_GLUE}={_GLUE}"), ("p < ", f"p{_GLUE}<{_GLUE}"),
          (" - ", f"{_GLUE}-{_GLUE}"), ("min(b, c)", f"min(b,{_GLUE}c)"))


def fill(text: str, width, first: str = "", rest: str = "") -> str:
    """``text`` wrapped at ``width`` characters (None: one line), with the two indents of textwrap."""
    if width is None:
        return first + text
    for loose, glued in _GLUED:
        text = text.replace(loose, glued)
    wrapped = textwrap.fill(text, width, initial_indent=first, subsequent_indent=rest,
                            break_long_words=False, break_on_hyphens=False)
    return wrapped.replace(_GLUE, " ")
