"""Write the student and instructor editions of the chapters, with their autograders (issue 25).

Usage::

    .venv/bin/python scripts/assignments.py build              # make assignments: every chapter
    .venv/bin/python scripts/assignments.py build 02-mcnemar   # one chapter (scripts/grade.py does this)

The chapters stay the single source. From each executed ``notebooks/NN-topic.ipynb`` and its entry in
``teaching/grading.yml`` this script writes an otter-grader master notebook into a temporary folder
and runs ``otter assign`` on it. The exercises are the ``## Exercises`` section; each becomes one
question, ``exN``, whose solution is the chapter's solution folds and its code cells tagged
``solution``. Into ``_build/assignments/`` go

- ``student/NN-topic.ipynb``: the chapter without solution folds, solution code, rubrics or any
  output; in place of each solution cell the answer names to bind (``ex2_first_b = ...``), a cell
  for the written answer, and a check cell that runs the public tests (is the answer bound, has it
  the form the exercise asks for; the edition says that a check tests the form only);
- ``instructor/NN-topic.ipynb``: the executed chapter with its solutions and their outputs, a
  rubric for the written parts after each solution, and the same check cells (which also run the
  hidden tests: ``instructor/course_grade.py`` and ``instructor/NN-topic.setup.json`` must sit
  beside it);
- ``instructor/autograder/NN-topic.zip``: the autograder that ``scripts/grade.py`` (``make grade``)
  runs.

``NN-topic.setup.json`` holds the chapter's code cells before its exercises: the hidden tests run
it once per grading run, in a clean namespace, and each exercise's solution in a copy of it, so the
expected values come from the chapter's data, never from the submission's (possibly altered)
variables. Both editions install the course library from the commit they were built from (``git
rev-parse HEAD``; ``main`` outside a git checkout), the one the autograder was built with; their
init cell finds the notebook also when it was renamed (``Copy of NN-topic.ipynb``) and, where
otter's checks cannot run (on Colab, or with the notebook saved elsewhere), binds a ``grader`` whose
checks say so instead of failing.

Why otter-grader and not nbgrader: otter needs no course database or fixed directory layout, keeps
the tests as plain Python next to their question, and ``otter run`` grades one notebook locally,
without Docker. No expected value is copied into a test: the hidden tests run the chapter's own
(seeded) solution code on the submission's variables and compare (``scripts/grade.py``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
import yaml
from otter.assign import main as otter_assign
from portable_notebooks import INSTALL_MARKER

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SPEC = ROOT / "teaching" / "grading.yml"
OUT = ROOT / "_build" / "assignments"
GRADE = ROOT / "scripts" / "grade.py"
#: scripts/grade.py as the autograders (and the instructor edition) import it.
CHECKS = "course_grade"
#: The chapter's code before its exercises, beside course_grade.py (see grade.chapter_namespace).
SETUP = "{chapter}.setup.json"

EXERCISES_HEADING = re.compile(r"^## Exercises\s*$", re.M)
EXERCISE = re.compile(r"\*\*Exercise (\d+)\.\*\*")
FOLD = re.compile(r'<details class="solution">.*?</details>', re.S)
FOLD_EXERCISE = re.compile(r"<summary>Solution to exercise (\d+)</summary>")
#: An answer name as an exercise announces it: `ex2_first_b` in exercise 2.
ANSWER_NAME = re.compile(r"`(ex(\d+)_[a-z0-9_]+)`")
TYPES = {"number", "integer", "bool", "string", "sequence", "dict", "set"}
SPEC_KEYS = {"type", "form", "keys", "length", "atol", "rtol", "compare", "require", "diagnose", "hint",
             "points"}
#: Cells tagged so in the master notebook: the student's written answer (kept for the student only) and
#: the rubric (kept for the instructor only).
WRITTEN_ANSWER, RUBRIC = "written-answer", "rubric"
#: otter's tags (otter.assign.solutions).
OTTER_SOLUTION, OTTER_INCLUDE = "otter_assign_solution_cell", "otter_include"
PROMPT_BLOCK = re.compile(r'^""" # BEGIN PROMPT\n.*?^""" # END PROMPT\n', re.S | re.M)
SOLUTION_MARKERS = re.compile(r"^# (BEGIN SOLUTION NO PROMPT|END SOLUTION)\n?", re.M)


@dataclass
class Exercise:
    """One exercise of a chapter: its text, its solution folds and its solution code cells."""

    number: int
    prompt: str
    folds: list[str] = field(default_factory=list)
    code: list = field(default_factory=list)

    @property
    def announced(self) -> list[str]:
        """The answer names its text asks the student to bind, in order."""
        return list(dict.fromkeys(m.group(1) for m in ANSWER_NAME.finditer(self.prompt)))

    @property
    def solution(self) -> str:
        return "\n\n".join(cell.source for cell in self.code)


def chapters() -> list[str]:
    return sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def load_spec() -> dict:
    return yaml.safe_load(SPEC.read_text(encoding="utf-8"))


def split_chapter(nb) -> tuple[list, str, dict[int, Exercise], list]:
    """The cells before the exercises, the section's introduction, the exercises, the cells after."""
    start = next(i for i, cell in enumerate(nb.cells)
                 if cell.cell_type == "markdown" and EXERCISES_HEADING.search(cell.source))
    end = next((i for i in range(start + 1, len(nb.cells))
                if "references" in nb.cells[i].metadata.get("tags", [])), len(nb.cells))
    intro, found, current = "", {}, None
    for cell in nb.cells[start:end]:
        if cell.cell_type == "code":
            if current is None or "solution" not in cell.metadata.get("tags", []):
                raise ValueError(f"a code cell in the exercises that is no solution: {cell.source[:60]!r}")
            current.code.append(cell)
            continue
        pieces = re.split(f"({FOLD.pattern})", cell.source, flags=re.S)
        for piece in pieces:
            if FOLD.fullmatch(piece):
                current = found[int(FOLD_EXERCISE.search(piece).group(1))]
                current.folds.append(piece)
                continue
            parts = EXERCISE.split(piece)
            text = parts[0].strip()
            if text and not found:
                intro = text
            elif text:
                raise ValueError(f"text outside an exercise: {text[:60]!r}")
            for number, body in zip(parts[1::2], parts[2::2]):
                found[int(number)] = Exercise(int(number), f"**Exercise {number}.**{body}".strip())
    return nb.cells[:start], intro, found, nb.cells[end:]


# --------------------------------------------------------------------------- the otter master notebook


def _raw(source: str):
    return nbformat.v4.new_raw_cell(source)


def _markdown(source: str, tags: tuple[str, ...] = ()):
    cell = nbformat.v4.new_markdown_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


def _code(source: str):
    return nbformat.v4.new_code_cell(source)


def _test_config(config: dict) -> str:
    lines = [f"{key}: {json.dumps(value)}" for key, value in config.items()]
    return '""" # BEGIN TEST CONFIG\n' + "\n".join(lines) + '\n""" # END TEST CONFIG\n'


def form_test(name: str, spec: dict) -> str:
    """The public test of an answer: it is bound, and has the announced form (no solution value)."""
    kind = spec["type"]
    checks = [f"answer = env.get({name!r}, ...)",
              f"assert answer is not ..., {name + ' is not bound yet: replace its ... with your answer'!r}"]
    expect = {
        "number": "isinstance(answer, numbers.Real) and not isinstance(answer, bool)",
        "integer": "isinstance(answer, numbers.Real) and not isinstance(answer, bool) "
                   "and float(answer).is_integer()",
        "bool": "isinstance(answer, bool) or type(answer).__name__ in ('bool', 'bool_')",
        "string": "isinstance(answer, str)",
        "sequence": "hasattr(answer, '__len__') and not isinstance(answer, (str, dict, set))",
        "dict": "isinstance(answer, dict)",
        "set": "isinstance(answer, (set, frozenset))",
    }[kind]
    checks.append(f"assert {expect}, {name + ' should be ' + spec['form']!r}")
    if "keys" in spec:
        keys = {tuple(k) if isinstance(k, list) else k for k in spec["keys"]}
        checks.append(f"assert set(answer) == {keys!r}, {name + ' should have the keys ' + _listed(keys)!r}")
    if "length" in spec:
        checks.append(f"assert len(answer) == {spec['length']}, "
                      f"{name + ' should have ' + str(spec['length']) + ' values'!r}")
    body = "\n    ".join(["import numbers", *checks])
    config = {"points": 0, "hidden": False, "failure_message": f"{name}: {spec['form']}"}
    return _test_config(config) + f"def test_{name}_form(env):\n    {body}\n"


def _listed(keys) -> str:
    return ", ".join(sorted(map(repr, keys)))


def value_test(name: str, spec: dict, solution: str, setup: str) -> str:
    """The hidden test of an answer: grade.check_answer against what the chapter's solution binds.

    ``setup`` names the chapter's setup file: the solution runs on the chapter's variables, not the
    submission's.
    """
    rules = {key: spec[key] for key in ("atol", "rtol", "compare", "require", "diagnose") if key in spec}
    config = {"points": spec.get("points", 1), "hidden": True, "failure_message": spec["hint"]}
    return (_test_config(config)
            + f"def test_{name}(env):\n    from {CHECKS} import check_answer\n"
            + f"    check_answer(env, {name!r}, {solution!r}, {rules!r}, setup={setup!r})\n")


def _check_messages(name: str, spec: dict) -> None:
    unknown = set(spec) - SPEC_KEYS
    if unknown or spec.get("type") not in TYPES or "form" not in spec or "hint" not in spec:
        raise ValueError(f"{name}: teaching/grading.yml needs type ({', '.join(sorted(TYPES))}), form and "
                         f"hint, and knows no {sorted(unknown)}")
    rules = spec.get("require", []) + spec.get("diagnose", [])
    texts = [spec["form"], spec["hint"], *(rule["message"] for rule in rules)]
    # otter writes the test file with the messages inside double quotes, and the form into a comment
    if any('"' in text or "\\" in text or "\n" in text.strip() for text in texts):
        raise ValueError(f"{name}: a message of teaching/grading.yml has a double quote, a backslash or "
                         "a newline")
    # otter strips single quotes from the ends of an assertion's message (str(error).strip("'")), and a
    # rule's message ends the assertion
    if any(rule["message"].rstrip().endswith("'") for rule in rules):
        raise ValueError(f"{name}: a message of teaching/grading.yml ends with a single quote, which otter "
                         "would cut off")


def student_prompt(exercise: Exercise, answers: dict) -> str:
    """What the student sees in place of the solution code."""
    if not answers:
        return f"# Your code for exercise {exercise.number}\n..."
    names = " and ".join(answers)
    lines = [f"# Exercise {exercise.number}: bind {names} (see the exercise), then run the check"]
    for name, spec in answers.items():
        lines += [f"# {name}: {spec['form']}", f"{name} = ..."]
    return "\n".join(lines)


def rubric_cell(exercise: Exercise, criteria: list[str]) -> str:
    items = "\n".join(f"- {criterion}" for criterion in criteria)
    return (f"**Rubric for exercise {exercise.number}** (the written part, graded by hand: one point "
            f"for each)\n\n{items}")


def question_cells(exercise: Exercise, entry: dict, setup: str) -> list:
    """Exercise ``exercise`` as one otter question: prompt, solution block, tests."""
    answers = entry.get("answers", {})
    rubric = entry.get("rubric", [])
    if answers and not exercise.code:
        raise ValueError(f"exercise {exercise.number} grades {list(answers)} but has no solution code")
    points = sum(spec.get("points", 1) for spec in answers.values())
    prompt = exercise.prompt + (f"\n\n_Autograded: {points} point{'s' * (points != 1)}._" if answers else "")
    cells = [_raw(f"# BEGIN QUESTION\nname: ex{exercise.number}"), _markdown(prompt)]
    if exercise.folds or exercise.code or rubric:
        cells.append(_raw("# BEGIN SOLUTION"))
        cells += [_markdown(fold) for fold in exercise.folds]
        for k, original in enumerate(exercise.code):
            prompt_block = ""
            if k == len(exercise.code) - 1:
                prompt_block = f'""" # BEGIN PROMPT\n{student_prompt(exercise, answers)}\n""" # END PROMPT\n'
            cell = _code(f"{prompt_block}# BEGIN SOLUTION NO PROMPT\n{original.source}\n# END SOLUTION")
            cell.outputs = original.get("outputs", [])
            cells.append(cell)
        if rubric:
            cells.append(_markdown(f"**Your answer to exercise {exercise.number}.** _Replace this text with "
                                   "your explanation._", (WRITTEN_ANSWER, OTTER_INCLUDE)))
            cells.append(_markdown(rubric_cell(exercise, rubric), (RUBRIC,)))
        cells.append(_raw("# END SOLUTION"))
    if answers:
        cells.append(_raw("# BEGIN TESTS"))
        for name, spec in answers.items():
            _check_messages(name, spec)
            cells += [_code(form_test(name, spec)), _code(value_test(name, spec, exercise.solution, setup))]
        cells.append(_raw("# END TESTS"))
    cells.append(_raw("# END QUESTION"))
    return cells


def master_notebook(chapter: str, nb, spec: dict):
    """The otter master notebook of a chapter (its config cell, its cells, its exercises as questions)."""
    head, intro, exercises, tail = split_chapter(nb)
    unknown = set(spec) - set(exercises)
    if unknown:
        raise ValueError(f"teaching/grading.yml grades exercises {sorted(unknown)} that {chapter} "
                         "does not have")
    config = {
        "name": chapter, "init_cell": True, "check_all_cell": False, "export_cell": False,
        "run_tests": False, "solutions_pdf": False, "template_pdf": False,
        "tests": {"files": False, "ok_format": False},
        "autograder_files": [f"{CHECKS}.py", SETUP.format(chapter=chapter)],
        "generate": True, "suppress_no_tests_warning": True,
    }
    cells = [_raw("# ASSIGNMENT CONFIG\n" + yaml.safe_dump(config, sort_keys=False))]
    cells += [nbformat.from_dict(dict(cell)) for cell in head]
    cells.append(_markdown(intro))
    for number in sorted(exercises):
        cells += question_cells(exercises[number], spec.get(number, {}), SETUP.format(chapter=chapter))
    cells += [nbformat.from_dict(dict(cell)) for cell in tail]
    master = nbformat.v4.new_notebook(cells=cells, metadata=dict(nb.metadata))
    master.metadata.pop("jupytext", None)  # the editions are not paired with a .py twin
    return master


# --------------------------------------------------------------------------- the editions


def instructor_edition(nb):
    """otter's autograder notebook, cleaned: solution cells as the chapter has them, no student cells."""
    cells = []
    for cell in nb.cells:
        tags = cell.metadata.get("tags", [])
        if WRITTEN_ANSWER in tags:
            continue
        if OTTER_SOLUTION in tags:
            if cell.cell_type == "code":
                cell.source = SOLUTION_MARKERS.sub("", PROMPT_BLOCK.sub("", cell.source)).rstrip("\n")
                tags = [*tags, "solution"]
            cell.metadata["tags"] = [tag for tag in tags if tag not in (OTTER_SOLUTION, OTTER_INCLUDE)]
            if not cell.metadata["tags"]:
                del cell.metadata["tags"]
        cells.append(cell)
    nb.cells = cells
    return nb


#: The chapters' install cell begins so (scripts/portable_notebooks.py writes it).
INSTALL_CELL = INSTALL_MARKER
#: The course library's address in the install cell, at the branch the chapters name.
INSTALL_REF = re.compile(r'("lecture_lib @ git\+https://[^"@]+)@main"')
#: What a check cell prints where otter's checks cannot run ({chapter}: the chapter's name; OTTER_INIT
#: spells it out).
NO_CHECKS = ("The check cells cannot run here: they need this notebook saved as {chapter}.ipynb (a "
             "renamed copy such as 'Copy of {chapter}.ipynb' will do) in the working folder, and they "
             "do not run on Colab; your answers are still graded when you hand the notebook in.")
#: otter's init cell: installs otter where it is missing, finds the notebook also when renamed, and
#: where otter cannot start (Colab: no ./tests folder; the notebook not in the working folder) binds
#: a grader whose checks say so instead of failing.
OTTER_INIT = '''\
# Initialize Otter, the grader of the check cells (installed here where it is missing, e.g. Colab)
import importlib.util, subprocess, sys

if importlib.util.find_spec("otter") is None:
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet",
                    "otter-grader>=7.0,<8"], check=True)
import otter


def _otter_grader(chapter):
    """otter's grader of this notebook (also renamed), else one whose checks say why they cannot run."""
    import glob, os

    class NoChecks:
        def check(self, *args, **kwargs):
            print(f"The check cells cannot run here: they need this notebook saved as {{chapter}}.ipynb "
                  f"(a renamed copy such as 'Copy of {{chapter}}.ipynb' will do) in the working folder, "
                  "and they do not run on Colab; your answers are still graded when you hand the "
                  "notebook in.")

    found = sorted(glob.glob(f"*{{glob.escape(chapter)}}*.ipynb"),
                   key=lambda path: (path != f"{{chapter}}.ipynb", -os.path.getmtime(path)))
    if not found or "google.colab" in sys.modules:  # on Colab otter cannot read the checks
        return NoChecks()
    try:
        return otter.Notebook(found[0])
    except Exception:
        return NoChecks()


grader = _otter_grader({chapter!r})'''
#: Said under the student edition's "## Exercises" and in each of its check cells.
FORM_ONLY = ("The check cells test only the form of an answer (that its name is bound and it has the "
             "type and shape the exercise asks for), not its value: a wrong value can pass its check "
             "and still lose its point when the notebook is graded.")
CHECK_CELL = re.compile(r'^grader\.check\("ex\d+"\)$')


def init_after_install(nb, chapter: str):
    """Move otter's init cell after the chapter's install cell, and make it robust (see OTTER_INIT).

    otter assign puts ``import otter`` first; on Colab or a fresh Binder nothing is installed yet, so
    the chapter's own install cell must run first, and otter itself may be missing.
    """
    init = next(i for i, cell in enumerate(nb.cells) if "otter.Notebook(" in cell.source)
    cell = nb.cells.pop(init)
    cell.source = OTTER_INIT.format(chapter=chapter)
    install = next((i for i, c in enumerate(nb.cells) if c.source.startswith(INSTALL_CELL)), -1)
    nb.cells.insert(install + 1, cell)
    return nb


def course_commit(root: Path = ROOT) -> str:
    """The commit the editions are built from (``git rev-parse HEAD``), or main outside a git checkout."""
    try:
        run = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                             text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return "main"
    commit = run.stdout.strip()
    return commit if re.fullmatch(r"[0-9a-f]{40}", commit) else "main"


def pin_install(nb, commit: str):
    """Let the install cell install the course library of ``commit``, the autograder's."""
    [cell] = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith(INSTALL_CELL)]
    if not INSTALL_REF.search(cell.source):
        raise ValueError(f"the install cell names no lecture_lib @ git+...@main: {cell.source!r}")
    cell.source = INSTALL_REF.sub(rf'\1@{commit}"', cell.source)
    return nb


def student_edition(nb):
    """otter's student notebook, saying under "## Exercises" and in each check cell what a check tests."""
    intro = next(cell for cell in nb.cells
                 if cell.cell_type == "markdown" and EXERCISES_HEADING.search(cell.source))
    intro.source = f"{intro.source.rstrip()}\n\n_{FORM_ONLY}_"
    for cell in nb.cells:
        if cell.cell_type == "code" and CHECK_CELL.match(cell.source.strip()):
            cell.source = textwrap.fill(FORM_ONLY, 99, initial_indent="# ", subsequent_indent="# ") \
                + f"\n{cell.source.strip()}"
    return nb


def setup_cells(head: list) -> list[str]:
    """The chapter's code before its exercises, as the hidden tests run it: no install cell, no magic."""
    cells = []
    for cell in head:
        if cell.cell_type != "code" or cell.source.startswith(INSTALL_CELL):
            continue
        lines = [line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!"))]
        if any(line.strip() for line in lines):
            cells.append("\n".join(lines))
    return cells


def build(chapter: str, spec: dict, out: Path = OUT, commit: str | None = None) -> dict[str, Path]:
    """Write a chapter's student and instructor editions and its autograder under ``out``: their paths.

    ``commit``: the course library's commit the editions install (default: :func:`course_commit`).
    """
    nb = nbformat.read(NOTEBOOKS / f"{chapter}.ipynb", as_version=4)
    master = master_notebook(chapter, nb, spec.get(chapter) or {})
    commit = commit or course_commit()
    setup = SETUP.format(chapter=chapter)
    paths = {"student": out / "student" / f"{chapter}.ipynb",
             "instructor": out / "instructor" / f"{chapter}.ipynb",
             "autograder": out / "instructor" / "autograder" / f"{chapter}.zip",
             "setup": out / "instructor" / setup}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        nbformat.write(master, work / f"{chapter}.ipynb")
        shutil.copy(GRADE, work / f"{CHECKS}.py")
        (work / setup).write_text(json.dumps({"chapter": chapter, "cells": setup_cells(split_chapter(nb)[0])},
                                             indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as log:
            try:
                otter_assign(str(work / f"{chapter}.ipynb"), str(work / "dist"), no_pdfs=True,
                             no_run_tests=True)
            except Exception:
                sys.stderr.write(log.getvalue())
                raise
        for path in paths.values():
            path.parent.mkdir(parents=True, exist_ok=True)
        student = nbformat.read(work / "dist" / "student" / f"{chapter}.ipynb", 4)
        student = pin_install(init_after_install(student_edition(student), chapter), commit)
        nbformat.write(student, paths["student"])
        edition = instructor_edition(nbformat.read(work / "dist" / "autograder" / f"{chapter}.ipynb", 4))
        edition = pin_install(init_after_install(edition, chapter), commit)
        nbformat.write(edition, paths["instructor"])
        [zip_path] = (work / "dist" / "autograder").glob("*.zip")
        shutil.copy(zip_path, paths["autograder"])
        shutil.copy(work / setup, paths["setup"])
    shutil.copy(GRADE, out / "instructor" / f"{CHECKS}.py")
    return paths


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    build_command = commands.add_parser("build", help="write the editions and autograders")
    build_command.add_argument("chapters", nargs="*", help="chapters such as 02-mcnemar (default: all)")
    build_command.add_argument("--out", type=Path, default=OUT, help=f"output folder (default: {OUT})")
    args = parser.parse_args(argv)
    names = args.chapters or chapters()
    missing = sorted(set(names) - set(chapters()))
    if missing:
        raise SystemExit(f"no such chapter: {', '.join(missing)} (the chapters: {', '.join(chapters())})")
    spec, commit = load_spec(), course_commit()
    print(f"the editions install the course library of {commit}")
    for chapter in names:
        build(chapter, spec, args.out, commit)
        print(f"{chapter}: {args.out.relative_to(ROOT) if args.out.is_relative_to(ROOT) else args.out}"
              f"/{{student,instructor}}/{chapter}.ipynb and instructor/autograder/{chapter}.zip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
