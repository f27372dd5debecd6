"""Write errata.md, the website's errata page, from lecture_lib.errata() and
lecture_lib.source_notes(), and the errata count in README.md.

Run after adding, removing or re-examining an erratum in a data file;
tests/test_errata.py fails while the page or the README's count is out of date.
"""

from __future__ import annotations

import re
from itertools import groupby
from pathlib import Path

from lecture_lib import errata, source_notes

ROOT = Path(__file__).resolve().parent.parent
SEEDS = {
    "000": "Source 000: Raschka, STAT 451 lecture 11, algorithm comparisons (slides)",
    "001": "Source 001: Applied Machine Learning, performance evaluation and hypothesis testing (slides)",
    "002": "Source 002: a tutorial on McNemar's test for comparing classifiers",
    "003": "Source 003: lecture slides on evaluation (metrics, cross-validation, paired t-test)",
    "004": "Source 004: mlxtend's Cochran's Q notebook",
}


def _link(shown_in: str) -> str:
    """'notebooks/02-mcnemar (section ...)' -> a MyST link to the chapter, then the rest."""
    match = re.match(r"(notebooks/[\w-]+)(.*)", shown_in)
    if not match:
        return shown_in
    return f"[{match.group(1).split('/')[-1]}]({match.group(1)}.ipynb){match.group(2)}"


#: The README sentence that states the number of errata; main() rewrites the number.
README_COUNT = re.compile(r"(`scripts/make_errata_page\.py`: )(\d+)( errors in the five source documents)")


def render() -> str:
    items = errata()
    notes = source_notes()
    lines = [
        "# Errata of the source documents",
        "",
        "The course is built from five source documents, source 000 to source 004 (the glossary",
        "describes them; file and fixture names keep their older name, *seed*). Where a source is wrong,",
        "the course says so in the chapter that covers the topic, shows the right number, and a test in",
        "`tests/` checks both the correct value and that the source's value is indeed wrong. This page",
        f"lists all {len(items)} errata, generated from the fixtures in `lecture_lib/data/` by",
        "`scripts/make_errata_page.py`.",
    ]
    if notes:
        lines += [
            f"After them come {len(notes)} statements that an earlier version of this page listed as",
            "errata and that, re-examined, are not errors; each says why.",
        ]
    lines.append("")
    for seed, group in groupby(sorted(items, key=lambda e: e.seed), key=lambda e: e.seed):
        group = list(group)
        lines += [f"## {SEEDS.get(seed[:3], seed)}", "", f"File `{seed}`; {len(group)} errata.", ""]
        for e in group:
            lines += [
                f"### `{e.key}`",
                "",
                f"- **The source says:** {e.says}",
                f"- **Correct:** {e.correct}",
                f"- **Shown in:** {_link(e.shown_in)}",
                "",
            ]
    if notes:
        lines += [
            "## Not errata after all",
            "",
            "Statements once listed above that a statistical review of the course (November 2026)",
            "showed to be right, or to be rules of thumb rather than errors.",
            "",
        ]
        for note in notes:
            lines += [
                f"### `{note.key}`",
                "",
                f"- **Source:** {SEEDS.get(note.seed[:3], note.seed)}",
                f"- **The source says:** {note.says}",
                f"- **Why it is not an error:** {note.note}",
                f"- **Shown in:** {_link(note.shown_in)}",
                "",
            ]
    return "\n".join(lines).rstrip() + "\n"


def readme_with_count(readme: str) -> str:
    """The README text with the number of errata set to ``len(errata())``."""
    if len(README_COUNT.findall(readme)) != 1:
        raise ValueError("README.md must state the number of errata exactly once, as "
                         "'`scripts/make_errata_page.py`: N errors in the five source documents'")
    return README_COUNT.sub(lambda m: f"{m.group(1)}{len(errata())}{m.group(3)}", readme)


if __name__ == "__main__":
    (ROOT / "errata.md").write_text(render(), encoding="utf-8")
    readme = ROOT / "README.md"
    readme.write_text(readme_with_count(readme.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {ROOT / 'errata.md'} and the errata count in {readme}")
