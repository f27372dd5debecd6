"""scripts/portable_notebooks.py and the markup of the chapters.

Two kinds of tests:

- the script on small synthetic chapters (citations, folds, captions, the
  install cell, quizzes, idempotence, clear errors);
- the real chapters (``test_chapter_*``): no raw MyST in any Markdown cell,
  solutions folded, every figure's caption visible outside the book, the
  install cell first, the quiz before the exercises, and the script has
  nothing left to change. These hold once the lead has run the script on the
  merged chapters (see README "Website").
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jupytext
import nbformat
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import portable_notebooks as portable  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
RAW_MYST = re.compile(
    r"\{(cite|admonition|note|warning|tip|figure|glue|numref|ref|doc|eq|math)[:}]|^:class:|^```\{|^:::\{", re.M
)
MAX_CODE_LINE = 88


def _chapter(tmp_path: Path, name: str, cells: list) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.metadata["jupytext"] = {"formats": "ipynb,py:percent"}
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nb.cells = cells
    path = tmp_path / name
    path.write_text(jupytext.writes(nb, fmt="py:percent"), encoding="utf-8")
    return path


def _cells(path: Path):
    return jupytext.reads(path.read_text(encoding="utf-8"), fmt="py:percent").cells


@pytest.fixture
def toy(tmp_path):
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell
    return _chapter(tmp_path, "05-toy-topic.py", [
        md("# Toy\n\n## Overview\n\nAs {cite}`mcnemar1947` and {cite:p}`dietterich1998,nadeau2003` show."),
        code("from lecture_lib import mcnemar", metadata={"tags": ["hide-input"]}),
        code("plot()", metadata={"mystnb": {"figure": {"caption": "A toy figure of the chapter.", "name": "fig-toy"}}}),
        md("```{note}\nRead this.\n```"),
        md("## Exercises\n\n**Exercise 1.** Why?"),
        md("```{admonition} Solution to exercise 1\n:class: dropdown\nBecause $b + c$ matters.\n```"),
        code("print(1)", metadata={"tags": ["hide-input"]}),
    ])


def test_script_makes_every_part_portable(toy):
    bank = {"toy-topic": {"questions": [
        {"question": "Q?", "answers": [{"text": "yes", "correct": True, "why": "because"},
                                       {"text": "no", "why": "not so"}]}]}}
    bib = portable.bibliography()
    old, new = portable.process(toy, 5, "toy-topic", bib, bank)
    cells = jupytext.reads(new, fmt="py:percent").cells
    # 1. the install cell comes first, hidden from the book, with the one repository URL
    url, branch = portable.repository()
    assert cells[0].cell_type == "code" and cells[0].source == portable.install_cell_source()
    assert f"git+{url}@{branch}" in cells[0].source and cells[0].metadata["tags"] == ["remove-cell"]
    markdown = "\n".join(c.source for c in cells if c.cell_type == "markdown")
    # 2. citations are readable links; the references cell lists them in full
    assert "([McNemar, 1947](https://doi.org/10.1007/BF02295996))" in markdown
    assert "([Dietterich, 1998](https://doi.org/10.1162/089976698300017197); [Nadeau and Bengio, 2003](" in markdown
    references = [c for c in cells if "references" in c.metadata.get("tags", [])]
    assert len(references) == 1 and references[0].source.startswith("## References")
    assert references[0].source.count("\n- ") == 3 and "McNemar, Q. (1947)." in references[0].source
    # 3. the solution is a <details> fold; its code cell is tagged and collapsed
    assert (
        '<details class="solution">\n<summary>Solution to exercise 1</summary>\n\nBecause $b + c$ '
        'matters.\n\n</details>'
        in markdown
    )
    solution_code = [c for c in cells if "solution" in c.metadata.get("tags", [])]
    assert [c.source for c in solution_code] == ["print(1)"]
    assert solution_code[0].metadata["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
    assert "hide-input" not in solution_code[0].metadata["tags"]
    # 4. a note becomes a quoted paragraph; no MyST is left
    assert "> **Note.** Read this." in markdown
    assert not RAW_MYST.search(markdown), RAW_MYST.search(markdown)
    # 5. the figure's caption follows it, numbered as the book numbers it, hidden from the book
    figure = next(i for i, c in enumerate(cells) if c.source == "plot()")
    assert cells[figure + 1].source == "**Figure 5.1.** A toy figure of the chapter."
    assert cells[figure + 1].metadata["tags"] == ["remove-cell", "figure-caption"]
    # 6. the quiz comes just before the exercises
    quiz = next(i for i, c in enumerate(cells) if "quiz" in c.metadata.get("tags", []))
    assert cells[quiz + 1].source.startswith("## Exercises")
    assert "<summary>(a) " in cells[quiz].source and "**Right.** because" in cells[quiz].source


def test_script_is_idempotent_and_check_reports_changes(toy):
    assert portable.main(["--folder", str(toy.parent), "--check"]) == 1
    assert portable.main(["--folder", str(toy.parent)]) == 0
    once = toy.read_text()
    assert portable.main(["--folder", str(toy.parent), "--check"]) == 0
    assert portable.main(["--folder", str(toy.parent)]) == 0
    assert toy.read_text() == once


def test_unknown_directive_and_unknown_citation_stop_the_script(tmp_path):
    md = nbformat.v4.new_markdown_cell
    bib = portable.bibliography()
    path = _chapter(tmp_path, "01-a.py", [md("```{glue:figure} fig\n```")])
    with pytest.raises(SystemExit, match="01-a.py: the MyST directive \\{glue:figure\\} does not render"):
        portable.process(path, 1, "a", bib, {})
    path = _chapter(tmp_path, "02-b.py", [md("As {cite}`nobody2020` said.")])
    with pytest.raises(SystemExit, match="'nobody2020', which is not in references.bib"):
        portable.process(path, 2, "b", bib, {})


def test_quiz_bank_is_well_formed():
    bank = yaml.safe_load((ROOT / "quizzes" / "quizzes.yml").read_text(encoding="utf-8"))
    planned = {"bayesian-comparison", "beyond-accuracy", "choosing-a-test"}
    present = {p.stem.split("-", 1)[1] for p in NOTEBOOKS}
    assert set(bank) <= present | planned, set(bank) - present - planned
    for slug, quiz in bank.items():
        assert 3 <= len(quiz["questions"]) <= 5, slug
        for question in quiz["questions"]:
            assert sum(bool(a.get("correct")) for a in question["answers"]) == 1, question["question"]
            assert all(a["why"].strip() for a in question["answers"]), question["question"]


def test_install_cell_installs_from_the_one_repository_url():
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    source = portable.install_cell_source()
    assert f"lecture_lib @ git+{config['repository']['url']}@{config['repository']['branch']}" in source
    compile(source, "install-cell", "exec")
    # where lecture_lib is importable (here), the cell does nothing and prints nothing
    result = subprocess.run([sys.executable, "-c", source], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0 and result.stdout == "" and result.stderr == ""


# ------------------------------------------------------------------------ the real chapters


def _notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_markup_has_no_raw_myst(notebook):
    for cell in _notebook(notebook)["cells"]:
        if cell["cell_type"] == "markdown":
            source = "".join(cell["source"])
            match = RAW_MYST.search(source)
            assert match is None, (
                f"{notebook.name}: raw MyST {match.group(0)!r} in {source[:80]!r} (run scripts/portable_notebooks.py)"
            )


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_is_as_the_script_leaves_it(notebook):
    twin = notebook.with_suffix(".py")
    match = portable.CHAPTER.match(twin.name)
    old, new = portable.process(twin, int(match.group(1)), match.group(2), portable.bibliography(), portable.quizzes())
    assert old == new, f"{twin.name}: run scripts/portable_notebooks.py, then make execute"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_solutions_captions_install_cell_and_quiz(notebook):
    cells = _notebook(notebook)["cells"]
    assert "".join(cells[0]["source"]) == portable.install_cell_source(), "the install cell must come first"
    folds = [
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown" and '<details class="solution">' in "".join(c["source"])
    ]
    assert folds, f"{notebook.name}: no folded solution"
    for i, cell in enumerate(cells):
        tags = cell["metadata"].get("tags", [])
        if cell["cell_type"] == "code" and "solution" in tags:
            assert cell["metadata"]["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
            assert cells[i - 1]["cell_type"] == "code" or i - 1 in folds
        caption = cell["metadata"].get("mystnb", {}).get("figure", {}).get("caption")
        if caption:
            after = cells[i + 1]
            assert "figure-caption" in after["metadata"].get("tags", []) and caption in "".join(after["source"])
    slug = notebook.stem.split("-", 1)[1]
    if slug in portable.quizzes():
        quiz = [i for i, c in enumerate(cells) if "quiz" in c["metadata"].get("tags", [])]
        assert len(quiz) == 1 and "".join(cells[quiz[0] + 1]["source"]).startswith("## Exercises")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_code_lines_fit_in_88_characters(notebook):
    """A notebook-content rule: code lines of at most 88 characters (they fit the page at 1280 px)."""
    long_lines = [
        f"{len(line)}: {line[:60]}..."
        for cell in _notebook(notebook)["cells"] if cell["cell_type"] == "code"
        for line in "".join(cell["source"]).splitlines() if len(line) > MAX_CODE_LINE
    ]
    assert not long_lines, (
        f"{notebook.name}: {len(long_lines)} code lines over {MAX_CODE_LINE} characters:\n" + "\n".join(long_lines)
    )


def test_bibliography_has_no_latex_left():
    # review L15: "Dem\vsar" showed in the references of chapters 8 and 10; accents and escaped
    # symbols of references.bib become plain Unicode
    assert portable.latex_to_unicode(r"Dem{\v{s}}ar, M{\"u}ller, Fr{\'e}d{\'e}rique, Chapman \& Hall") == (
        "Dem{š}ar, M{ü}ller, Fr{é}d{é}rique, Chapman & Hall"
    )
    for key, entry in portable.bibliography().items():
        for text in (entry["cite"], entry["full"]):
            assert "\\" not in text, f"{key}: LaTeX left in {text!r}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_reference_list_has_no_latex_left(notebook):
    for cell in _notebook(notebook)["cells"]:
        if cell["cell_type"] == "markdown" and "references" in cell.get("metadata", {}).get("tags", []):
            assert "\\" not in "".join(cell["source"]), f"{notebook.name}: LaTeX escape in the references"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_chapter_outputs_do_not_depend_on_the_checkout(notebook):
    # nbval compares stored outputs strictly; a warning printed to stderr carries the path of
    # the library's file, so a clone in another directory (CI's) fails. Warnings a chapter
    # wants to show are caught and printed without a path.
    nb = nbformat.read(notebook, as_version=4)
    for number, cell in enumerate(nb.cells):
        for output in cell.get("outputs", []):
            assert output.get("name") != "stderr", f"cell {number} writes to stderr"
            text = output.get("text", "") + json.dumps(output.get("data", {}))
            assert str(ROOT) not in text, f"cell {number} prints the checkout's path {ROOT}"
