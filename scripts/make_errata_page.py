"""Write errata.md, the website's errata page, from lecture_lib.errata().

Run after adding an erratum to a data file; tests/test_errata.py fails while
the page is out of date.
"""

from __future__ import annotations

import re
from itertools import groupby
from pathlib import Path

from lecture_lib import errata

ROOT = Path(__file__).resolve().parent.parent
SEEDS = {
    "000": "Seed 000: Raschka, STAT 451 lecture 11, algorithm comparisons (slides)",
    "001": "Seed 001: Applied Machine Learning, performance evaluation and hypothesis testing (slides)",
    "002": "Seed 002: a tutorial on McNemar's test for comparing classifiers",
    "003": "Seed 003: lecture slides on evaluation (metrics, cross-validation, paired t-test)",
    "004": "Seed 004: mlxtend's Cochran's Q notebook",
}


def _link(shown_in: str) -> str:
    """'notebooks/02-mcnemar (section ...)' -> a MyST link to the chapter, then the rest."""
    match = re.match(r"(notebooks/[\w-]+)(.*)", shown_in)
    if not match:
        return shown_in
    return f"[{match.group(1).split('/')[-1]}]({match.group(1)}.ipynb){match.group(2)}"


def render() -> str:
    items = errata()
    lines = [
        "# Errata of the source documents",
        "",
        "The course is built from five source documents (the *seeds*). Where a seed is wrong, the",
        "course says so in the chapter that covers the topic, shows the right number, and a test in",
        "`tests/` checks both the correct value and that the seed's value is indeed wrong. This page",
        f"lists all {len(items)} errata, generated from the fixtures in `lecture_lib/data/` by",
        "`scripts/make_errata_page.py`.",
        "",
    ]
    for seed, group in groupby(sorted(items, key=lambda e: e.seed), key=lambda e: e.seed):
        group = list(group)
        lines += [f"## {SEEDS.get(seed[:3], seed)}", "", f"File `{seed}`; {len(group)} errata.", ""]
        for e in group:
            lines += [
                f"### `{e.key}`",
                "",
                f"- **The seed says:** {e.says}",
                f"- **Correct:** {e.correct}",
                f"- **Shown in:** {_link(e.shown_in)}",
                "",
            ]
    return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    (ROOT / "errata.md").write_text(render(), encoding="utf-8")
    print(f"wrote {ROOT / 'errata.md'}")
