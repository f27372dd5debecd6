"""Grade a homework notebook with its chapter's autograder, locally and without Docker (issue 25).

Usage::

    .venv/bin/python scripts/grade.py path/to/NN-topic.ipynb    # make grade SUBMISSION=...

It runs ``otter run`` (through its Python API, ``otter.run.main``) with the autograder
``_build/assignments/instructor/autograder/NN-topic.zip``, which it first builds with
``scripts/assignments.py`` when it is missing or older than its sources, so it works offline on a
fresh clone. It prints one line per exercise, under a failed answer what is wrong and a hint, and
last ``score: X/Y`` (the autograded points). The chapter is the one named in the notebook's
metadata (otter's assignment name), else in its file name (so a chapter itself,
``notebooks/NN-topic.ipynb``, can be graded too: it scores full marks).

The autograders' hidden tests import this module (each autograder holds a copy, ``course_grade.py``)
and call :func:`check_answer`. It holds no expected value: it computes it. Once per grading run it
runs the chapter's own code before its exercises (the setup file ``NN-topic.setup.json`` that
``scripts/assignments.py`` writes beside ``course_grade.py``) in a clean namespace, quietly and
closing its figures; then, once per exercise, the exercise's solution code (seeded, so it
reproduces the chapter's printed outputs) in a copy of that namespace. The student's answer is
compared with what the solution binds, within the tolerance that ``teaching/grading.yml`` gives,
after the answer's own requirements (``require``) hold. The submission's other variables serve
only those requirements and the diagnoses: a student who altered a chapter variable (rounded the
data, say) is graded against the chapter's data, not the altered copy. When a known mistake fits a
wrong answer (``diagnose``), the message names it.
"""

from __future__ import annotations

import argparse
import builtins
import contextlib
import io
import json
import math
import numbers
import random
import re
import subprocess
import sys
import tempfile
import warnings
from collections.abc import Mapping
from pathlib import Path

import nbformat
import numpy as np
from otter.run import main as otter_run
from otter.run.run_autograder.utils import capture_run_output
from scipy import stats

import lecture_lib

ROOT = Path(__file__).resolve().parent.parent
AUTOGRADERS = ROOT / "_build" / "assignments" / "instructor" / "autograder"
#: What an autograder is built from: it is stale when one of these is newer.
SOURCES = (ROOT / "teaching" / "grading.yml", ROOT / "scripts" / "assignments.py", Path(__file__).resolve())
CHAPTER = re.compile(r"^\d\d-[a-z0-9-]+$")

# --------------------------------------------------------------------------- the checks (in the kernel)

#: The chapters' namespaces before their exercises, by setup file (one run per grading run), or the
#: error their code raised.
_SETUPS: dict[str, dict | Exception] = {}
#: The namespaces the exercises' solution code left, by setup file and source (one run per exercise).
_SOLVED: dict[tuple[str, str], dict] = {}


@contextlib.contextmanager
def _quietly():
    """No output, warning or figure escapes, and the global random states are left as they were."""
    try:
        from IPython.utils.capture import capture_output  # also captures rich display in a kernel
    except ImportError:  # pragma: no cover - IPython comes with the course
        capture_output = None
    numpy_state, python_state = np.random.get_state(), random.getstate()
    pyplot = sys.modules.get("matplotlib.pyplot")
    figures = set(pyplot.get_fignums()) if pyplot else set()
    try:
        with contextlib.ExitStack() as stack:
            if capture_output is not None:
                stack.enter_context(capture_output())
            stack.enter_context(contextlib.redirect_stdout(io.StringIO()))
            stack.enter_context(contextlib.redirect_stderr(io.StringIO()))
            stack.enter_context(warnings.catch_warnings())
            warnings.simplefilter("ignore")
            yield
    finally:
        pyplot = sys.modules.get("matplotlib.pyplot")  # the code may have imported it
        for number in set(pyplot.get_fignums()) - figures if pyplot else ():
            pyplot.close(number)
        np.random.set_state(numpy_state)
        random.setstate(python_state)


def _run(source: str, scope: dict, label: str) -> None:
    with _quietly():
        exec(compile(source, label, "exec"), scope)


def setup_file(setup: str | Path) -> Path:
    """A setup file named relative to this module (beside it in an autograder), or an absolute path."""
    return Path(__file__).resolve().parent / setup


def chapter_namespace(setup: str | Path | None) -> dict:
    """The variables the chapter's code before its exercises binds, in a clean namespace (cached).

    ``setup`` names the chapter's setup file (JSON: ``{"chapter": ..., "cells": [source, ...]}``); each
    cell runs as in the chapter, then the figures it opened are closed. Without one: no variables.
    """
    key = str(setup)
    if key not in _SETUPS:
        scope = {"__name__": "__main__", "__builtins__": builtins}
        try:
            cells = json.loads(setup_file(setup).read_text(encoding="utf-8"))["cells"] if setup else []
            for k, source in enumerate(cells):
                _run(source, scope, f"<chapter cell {k + 1}>")
            _SETUPS[key] = scope
        except Exception as error:
            _SETUPS[key] = RuntimeError(f"the chapter's code before its exercises ({setup}) failed: "
                                        f"{type(error).__name__}: {error}")
    namespace = _SETUPS[key]
    if isinstance(namespace, Exception):
        raise namespace
    return namespace


def solution_values(solution: str, setup: str | Path | None = None) -> dict:
    """The variables the solution code binds when it runs on a copy of the chapter's namespace."""
    key = (str(setup), solution)
    if key not in _SOLVED:
        scope = dict(chapter_namespace(setup))
        _run(solution, scope, "<solution>")
        _SOLVED[key] = scope
    return _SOLVED[key]


def _holds(expression: str, scope: dict) -> bool:
    try:
        return bool(eval(expression, scope))
    except Exception:
        return False


def _show(value) -> str:
    value = value.tolist() if isinstance(value, (np.ndarray, np.generic)) else value
    text = f"{value:.6g}" if isinstance(value, float) else repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _mismatch(path: str, answer, atol: float, rtol: float) -> str:
    if atol:
        return f"{path} = {_show(answer)} is not within {atol:g} of the solution's value"
    if rtol >= 0.005:
        return f"{path} = {_show(answer)} is not within {rtol:.0%} of the solution's value"
    return f"{path} = {_show(answer)} is not right"


def _key(key):
    if isinstance(key, np.generic):
        return key.item()
    if isinstance(key, (list, tuple)):
        return tuple(_key(k) for k in key)
    return key


def _is_real(value) -> bool:
    return isinstance(value, numbers.Real) and not isinstance(value, (bool, np.bool_))


def difference(answer, expected, atol: float, rtol: float, path: str) -> str:
    """Where ``answer`` differs from ``expected`` (empty when it does not), as a sentence."""
    if isinstance(expected, Mapping):
        if not isinstance(answer, Mapping):
            return f"{path} should be a dict, not {type(answer).__name__}"
        got = {_key(k): v for k, v in answer.items()}
        want = {_key(k): v for k, v in expected.items()}
        if set(got) != set(want):
            return f"{path} has the keys {sorted(got, key=repr)}, not {sorted(want, key=repr)}"
        return next((problem for key in want
                     if (problem := difference(got[key], want[key], atol, rtol, f"{path}[{key!r}]"))), "")
    if isinstance(expected, (set, frozenset)):
        collection = isinstance(answer, (set, frozenset, list, tuple))
        if not collection or {_key(a) for a in answer} != {_key(e) for e in expected}:
            return f"{path} = {_show(answer)} is not the right set"
        return ""
    if isinstance(expected, str):
        ok = isinstance(answer, str) and answer.strip().lower() == expected.strip().lower()
        return "" if ok else f"{path} = {_show(answer)} is not right"
    if isinstance(expected, (bool, np.bool_)):
        ok = isinstance(answer, (bool, np.bool_)) and bool(answer) == bool(expected)
        return "" if ok else f"{path} = {_show(answer)} is not right (True or False)"
    if _is_real(expected):
        if not _is_real(answer):
            return f"{path} should be a number, not {_show(answer)}"
        if math.isclose(float(answer), float(expected), rel_tol=rtol, abs_tol=atol):
            return ""
        return _mismatch(path, answer, atol, rtol)
    if isinstance(expected, (list, tuple, np.ndarray)):
        want = np.asarray(expected)
        try:
            got = np.asarray(answer)
        except Exception:
            got = np.asarray(None)
        if got.shape != want.shape:
            return f"{path} should have {want.size} values (shape {want.shape}), not {_show(answer)}"
        if want.dtype.kind in "biuf" and got.dtype.kind in "biuf":
            close = np.isclose(got.astype(float), want.astype(float), rtol=rtol, atol=atol)
            if close.all():
                return ""
            first = tuple(int(i) for i in np.argwhere(~close)[0])
            where = ", ".join(map(str, first))
            return _mismatch(f"{path}[{where}]", got[first], atol, rtol)
        return next((problem for k, (a, e) in enumerate(zip(got.ravel(), want.ravel()))
                     if (problem := difference(a, e, atol, rtol, f"{path}[{k}]"))), "")
    return "" if answer == expected else f"{path} = {_show(answer)} is not right"


def check_answer(env: Mapping, name: str, solution: str, spec: Mapping,
                 setup: str | Path | None = None) -> None:
    """Raise AssertionError, with what is wrong, unless ``env[name]`` is a right answer.

    ``spec`` is the answer's entry of teaching/grading.yml: its ``require`` rules must hold (Python
    expressions on ``answer``, the notebook's variables, ``np``, ``stats`` and ``lecture_lib``); then, unless
    ``compare`` is false, the answer must equal what ``solution`` binds to ``name`` when it runs on the
    chapter's own variables (``setup``, see :func:`chapter_namespace`), not the notebook's, within
    ``atol`` and ``rtol``. On a mismatch the first ``diagnose`` rule that holds (it also sees
    ``expected``) adds its message.
    """
    answer = env.get(name, Ellipsis)
    if answer is Ellipsis:
        raise AssertionError(f"{name} is not bound yet: replace its ... with your answer")
    scope = {**env, "answer": answer, "np": np, "stats": stats, "lecture_lib": lecture_lib}
    for rule in spec.get("require", ()):
        if not _holds(rule["expr"], scope):
            raise AssertionError(f"{name}: {rule['message']}")
    if not spec.get("compare", True):
        return
    expected = solution_values(solution, setup)[name]
    problem = difference(answer, expected, spec.get("atol", 0.0), spec.get("rtol", 1e-9), name)
    if problem:
        scope["expected"] = expected
        rules = spec.get("diagnose", ())
        diagnosis = next((rule["message"] for rule in rules if _holds(rule["expr"], scope)), "")
        raise AssertionError(problem + (f": {diagnosis}" if diagnosis else ""))


# --------------------------------------------------------------------------- the command


def chapter_of(submission: Path) -> tuple[str, bool]:
    """The chapter a submission belongs to, and whether its metadata names it (else its file name does)."""
    try:
        name = nbformat.read(submission, as_version=4).metadata.get("otter", {}).get("assignment_name", "")
    except Exception as error:
        raise SystemExit(f"cannot read {submission}: {error}") from None
    if CHAPTER.match(name or ""):
        return name, True
    match = re.match(r"\d\d", submission.name)
    chapters = sorted(ROOT.glob(f"notebooks/{match.group(0)}-*.ipynb")) if match else []
    if len(chapters) != 1:
        raise SystemExit(f"{submission} names no chapter (no otter metadata, and its name does not "
                         "start with a chapter number such as 02-): grade a notebook of "
                         "_build/assignments/student/")
    return chapters[0].stem, False


def named_copy(submission: Path, chapter: str, folder: Path) -> Path:
    """A copy of the submission whose metadata names the chapter, as otter run requires."""
    nb = nbformat.read(submission, as_version=4)
    nb.metadata.setdefault("otter", {})["assignment_name"] = chapter
    copy = folder / submission.name
    nbformat.write(nb, copy)
    return copy


def autograder(chapter: str) -> Path:
    """The chapter's autograder zip, built (or rebuilt) first when it is missing or stale."""
    path = AUTOGRADERS / f"{chapter}.zip"
    sources = (ROOT / "notebooks" / f"{chapter}.ipynb", *SOURCES)
    if not path.exists() or path.stat().st_mtime < max(s.stat().st_mtime for s in sources):
        print(f"building the autograder of {chapter} (scripts/assignments.py)", file=sys.stderr)
        subprocess.run([sys.executable, str(ROOT / "scripts" / "assignments.py"), "build", chapter],
                       check=True, stdout=sys.stderr)
    return path


def _points(value: float) -> str:
    return f"{value:g}"


def summary(results) -> list[str]:
    """One line per exercise with its points, and under each failed answer its message and hint."""
    lines = []
    for name in sorted(results.results, key=lambda n: (len(n), n)):
        test_file = results.results[name]
        lines.append(f"{name:<6}{_points(test_file.score)}/{_points(test_file.possible)}")
        for result in test_file.test_case_results:
            if result.passed or not result.test_case.points:
                continue
            reason = (result.message or "").strip().splitlines()[-1]
            reason = reason.split(": ", 1)[1] if reason.startswith("AssertionError: ") else reason
            lines.append(f"  - {reason}")
            if result.test_case.failure_message:
                lines.append(f"    hint: {result.test_case.failure_message}")
    lines.append(f"score: {_points(results.total)}/{_points(results.possible)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submission", type=Path, help="the notebook to grade (.ipynb)")
    parser.add_argument("--autograder", type=Path, help="the autograder zip to use (default: the chapter's, "
                        "built first when it is missing or stale)")
    args = parser.parse_args(argv)
    if not args.submission.is_file():
        raise SystemExit(f"no such notebook: {args.submission}")
    chapter, named = chapter_of(args.submission)
    zip_path = args.autograder or autograder(chapter)
    print(f"grading {args.submission} with the autograder of {chapter}"
          + ("" if named else " (its metadata names no chapter: chosen by its file name)"))
    with tempfile.TemporaryDirectory() as folder, capture_run_output() as log, \
            contextlib.redirect_stdout(io.StringIO()):
        submission = args.submission if named else named_copy(args.submission, chapter, Path(folder))
        try:
            results = otter_run(str(submission), autograder=str(zip_path), output_dir=None, no_logo=True)
        except Exception as error:
            sys.stderr.write(log.getvalue())
            raise SystemExit(f"otter could not grade {args.submission}: {error}") from None
    print("\n".join(summary(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
