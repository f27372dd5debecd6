"""Plain-text paragraphs for reports: wrapped at a readable width without splitting what reads as one.

Shared by :func:`lecture_lib.report` and :meth:`lecture_lib.BenchmarkResult.report`.
"""

from __future__ import annotations

import ast
import textwrap

__all__ = ["WIDTH", "fill", "fit_code"]

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


# ------------------------------------------------------------------ code snippets


def _code_marks(line: str):
    """(position, character, bracket depth, in a lambda's parameters) of each character of ``line``
    outside string literals."""
    depth, quote, lambda_depth = 0, None, None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == ":" and lambda_depth == depth:
            lambda_depth = None
        elif line.startswith("lambda ", i) and not (line[i - 1: i].isalnum() or line[i - 1: i] == "_"):
            lambda_depth = depth
        yield i, ch, depth, lambda_depth is not None


def _is_code(text: str) -> bool:
    try:
        ast.parse(text.replace("...", "x"))
    except SyntaxError:
        return False
    return "(" in text


def _fit_code_line(line: str, width: int) -> list:
    if len(line) <= width:
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    marks = list(_code_marks(line))
    comment = next((i for i, ch, _, _ in marks if ch == "#"), None)
    if comment is not None and line[:comment].strip():  # code, then a comment: the comment goes above
        return _fit_code_line(indent + line[comment:], width) + _fit_code_line(line[:comment].rstrip(), width)
    if comment is not None:  # a comment line
        text = line[comment + 1:].strip()
        if _is_code(text):  # commented-out code breaks as code
            return [f"{indent}# {part}" for part in _fit_code_line(text, width - len(indent) - 2)]
        head, colon, tail = text.partition(": ")
        if colon and _is_code(tail):  # "what: code" -> the words, then the code, each commented
            code = _fit_code_line(tail, width - len(indent) - 2)
            return _fit_code_line(f"{indent}# {head}:", width) + [f"{indent}# {part}" for part in code]
        return fill(text, width, indent + "# ", indent + "# ").split("\n")
    statements = [i for i, ch, depth, _ in marks if ch == ";" and depth == 0]
    if statements:  # one statement per line
        cut = statements[0]
        rest = indent + line[cut + 1:].strip()
        return _fit_code_line(line[:cut].rstrip(), width) + _fit_code_line(rest, width)
    # break after a comma inside brackets (not between a lambda's parameters), at the shallowest
    # depth, as late as fits
    commas = [(depth, i) for i, ch, depth, params in marks if ch == "," and depth > 0 and not params
              and i < width]
    if not commas:
        return [line]
    shallowest = min(depth for depth, _ in commas)
    cut = max(i for depth, i in commas if depth == shallowest)
    return [line[: cut + 1]] + _fit_code_line(indent + "    " + line[cut + 1:].strip(), width)


def fit_code(call: str, width: int = WIDTH) -> str:
    """A call snippet in lines of at most ``width`` characters that still parse as the same Python.

    A trailing comment that makes a line too long moves to its own line above the code, a long
    comment wraps, two statements on one line are split, and long code breaks after a comma inside
    brackets (continued four spaces in).

    Examples
    --------
    >>> from lecture_lib._text import fit_code
    >>> print(fit_code("paired_ttest(losses_1, losses_2)  # per-example losses, same test set", 40))
    # per-example losses, same test set
    paired_ttest(losses_1, losses_2)
    """
    return "\n".join(part for line in call.split("\n") for part in _fit_code_line(line, width))
