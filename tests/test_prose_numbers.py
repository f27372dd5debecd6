"""No hand-copied number can go stale: every decimal number in a chapter's prose comes from its outputs.

nbval checks that a fresh run of each notebook prints what the stored outputs show; this test checks
that the prose around the code quotes those outputs. Every number with a decimal point in a Markdown
cell of notebooks/NN-*.ipynb (outside links, math, citations, the quiz and the reference list) must
equal, at the precision the prose prints it, a number in the same notebook's stored outputs, or that
number in per cent (0.0386 -> 3.86), or an output in per cent read as a proportion. A number that comes
from elsewhere (a paper, a formula constant, a table of the source documents) is listed in ALLOWED
with where it comes from.

Integers are not checked (counts, sizes, years and chapter numbers would match by accident), and a
prose number could match an unrelated output by coincidence: the test catches stale numbers, it does
not prove provenance.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))

# decimals (0.0386, 12.6) and scientific notation (3e-5, 6.27e-11), as chapters print p-values
NUMBER = re.compile(r"(?<![\w.])-?(?:\d+(?:,\d{3})*\.\d+(?:e[-+]?\d+)?|\d+e[-+]?\d+)(?![\w.])")
OUTPUT_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:,\d{3})*(?:\.\d+)?(?:e[-+]?\d+)?(?![\w.])")
# levels and conventions that prose names without computing them
CONVENTIONS = {0.05, 0.01, 0.1, 0.5, 0.95, 0.9, 0.99, 0.001}
SKIPPED_TAGS = {"quiz", "references", "figure-caption"}

#: Numbers the prose takes from elsewhere: chapter -> {number as printed: where it comes from}.
ALLOWED: dict[str, dict[str, str]] = {}


def _prose(text: str) -> str:
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    text = re.sub(r"https?://\S+|doi\.org/\S+|arXiv:\S+", "", text)
    text = re.sub(r"\$\$.*?\$\$", "", text, flags=re.S)  # display math: formulas, not results
    return re.sub(r"\$[^$\n]*\$", "", text)  # inline math


def _outputs(nb) -> str:
    texts = []
    for cell in nb.cells:
        for out in cell.get("outputs", []) if cell.cell_type == "code" else ():
            if "text" in out:
                texts.append(out["text"])
            for kind in ("text/plain", "text/html", "text/markdown"):
                value = out.get("data", {}).get(kind)
                if value:
                    texts.append(value if isinstance(value, str) else "".join(value))
    return "\n".join(texts)


def _values(text: str) -> np.ndarray:
    values = set()
    for token in OUTPUT_NUMBER.findall(text):
        try:
            values.add(float(token.replace(",", "")))
        except ValueError:
            continue
    return np.array(sorted(values))


def _matches(printed: str, outputs: np.ndarray) -> bool:
    x = float(printed.replace(",", ""))
    if "e" in printed:  # the same significant digits: half a unit of the mantissa's last digit
        mantissa, exponent = printed.split("e")
        digits = len(mantissa.split(".")[1]) if "." in mantissa else 0
        half = 0.5 * 10.0 ** (int(exponent) - digits) * (1 + 1e-9)
        return bool(np.any(np.abs(outputs - x) <= half))
    decimals = len(printed.split(".")[1])
    for candidate in (outputs, 100.0 * outputs, outputs / 100.0):
        if np.any(np.abs(np.round(candidate, decimals) - x) < 0.5 * 10.0**-decimals * 1e-6):
            return True
    return False


CHAPTER_REFERENCE = re.compile(r"\b[Cc]hapters? (\d{1,2})\b")


def _chapter_values(number: int, cache: dict) -> np.ndarray:
    if number not in cache:
        paths = [p for p in NOTEBOOKS if p.name.startswith(f"{number:02d}-")]
        text = _outputs(nbformat.read(paths[0], as_version=4)) if paths else ""
        cache[number] = _values(text)
    return cache[number]


def unmatched(path: Path) -> list[tuple[str, str]]:
    """(number, the sentence around it) for every prose number not found in the outputs."""
    nb = nbformat.read(path, as_version=4)
    outputs = _values(_outputs(nb))
    allowed = ALLOWED.get(path.stem, {})
    cache: dict = {}
    missing = []
    for cell in nb.cells:
        if cell.cell_type != "markdown" or SKIPPED_TAGS & set(cell.metadata.get("tags", [])):
            continue
        text = _prose(cell.source)
        named = [_chapter_values(int(n), cache) for n in set(CHAPTER_REFERENCE.findall(text))]
        sources = np.concatenate([outputs, *named])
        for match in NUMBER.finditer(text):
            printed = match.group()
            if printed in allowed or float(printed.replace(",", "")) in CONVENTIONS:
                continue
            if not _matches(printed, sources):
                start, end = max(0, match.start() - 60), min(len(text), match.end() + 40)
                missing.append((printed, " ".join(text[start:end].split())))
    return missing


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_prose_numbers_come_from_the_outputs(path):
    missing = unmatched(path)
    assert not missing, (
        f"{path.name}: these numbers in the prose are in none of the chapter's outputs (print them, "
        "glue them, or list them in ALLOWED with their source):\n"
        + "\n".join(f"  {number}: ...{context}..." for number, context in missing)
    )


def test_allowed_entries_are_still_used():
    # an ALLOWED entry whose number left the prose is stale too
    for stem, entries in ALLOWED.items():
        nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
        prose = "\n".join(_prose(c.source) for c in nb.cells if c.cell_type == "markdown")
        stale = [number for number in entries if number not in NUMBER.findall(prose)]
        assert not stale, f"{stem}: ALLOWED lists numbers the prose no longer has: {stale}"


def test_the_matcher_catches_a_stale_number():
    outputs = _values("level 0.0386, rate 0.126 [0.098, 0.156]")
    assert _matches("0.0386", outputs) and _matches("0.039", outputs) and _matches("12.6", outputs)
    assert not _matches("0.0387", outputs) and not _matches("13.9", outputs)
    outputs = _values("p = 3.1e-05 and p = 6.27e-11")
    assert _matches("3e-5", outputs) and _matches("6.27e-11", outputs)
    assert _matches("6.3e-11", outputs)  # 6.27e-11 to two significant digits
    assert not _matches("4e-5", outputs) and not _matches("6.28e-11", outputs)
    assert [m.group() for m in NUMBER.finditer("p = 3e-5, 6.27e-11 and 0.5; 10 x 10")] == [
        "3e-5", "6.27e-11", "0.5"]
