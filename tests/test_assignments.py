"""Student and instructor editions and their autograders (issue 25): scripts/assignments.py, scripts/grade.py.

Fast: every exercise has an entry in teaching/grading.yml; the answer names an exercise's text announces
are the ones the file grades and the ones its solution cell binds; the file is well formed; the checks
of scripts/grade.py (tolerances, requirements, diagnoses) and the generated public tests behave.

The editions are built once, into a temporary folder (a few seconds): the student edition holds no solution
code, solution output or rubric; the instructor edition holds all of them.

Slow (marker ``slow``, left to ``make test``): every chapter is graded twice by ``otter run`` through
scripts/grade.py (the instructor edition scores full marks, the untouched student edition zero), and two
deliberately wrong answers get their helpful messages; two workers share the two cores (about three minutes).
"""

from __future__ import annotations

import ast
import importlib.util
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace

import nbformat
import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
SCORE_LINE = re.compile(r"^score: (\d+(?:\.\d+)?)/(\d+(?:\.\d+)?)$")


def _script(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


assignments = _script("assignments")
grade = _script("grade")
SPEC = assignments.load_spec()
CHAPTERS = assignments.chapters()
GRADED = [chapter for chapter in CHAPTERS if any("answers" in entry for entry in SPEC[chapter].values())]


def _exercises(chapter: str) -> dict:
    return assignments.split_chapter(nbformat.read(ROOT / "notebooks" / f"{chapter}.ipynb", 4))[2]


def _bound_names(source: str) -> set[str]:
    return {node.id for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}


def _points(chapter: str) -> int:
    return sum(spec.get("points", 1) for entry in SPEC[chapter].values() for spec in entry.get("answers", {}).values())


# --------------------------------------------------------------------------- fast: the chapters and the spec


def test_every_chapter_is_graded():
    assert set(SPEC) == set(CHAPTERS)
    assert GRADED == CHAPTERS  # every chapter has exercises with a numeric part


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_solution_cells_bind_the_names_the_exercises_announce(chapter):
    exercises = _exercises(chapter)
    assert set(SPEC[chapter]) == set(exercises), "every exercise needs an entry: answers, a rubric or both"
    for number, exercise in exercises.items():
        entry = SPEC[chapter][number]
        assert entry.get("answers") or entry.get("rubric"), f"exercise {number}: neither answers nor rubric"
        announced = exercise.announced
        assert announced == list(entry.get("answers", {})), (
            f"exercise {number} announces {announced}, teaching/grading.yml grades {list(entry.get('answers', {}))}")
        assert all(name.startswith(f"ex{number}_") for name in announced), announced
        missing = set(announced) - _bound_names(exercise.solution)
        assert not missing, f"exercise {number}: its solution cell does not bind {sorted(missing)}"


def test_the_answer_names_are_unique_and_do_not_shadow_the_chapters():
    for chapter in CHAPTERS:
        nb = nbformat.read(ROOT / "notebooks" / f"{chapter}.ipynb", 4)
        before = set().union(*(_bound_names(cell.source) for cell in nb.cells
                               if cell.cell_type == "code" and "solution" not in cell.metadata.get("tags", [])
                               and not cell.source.lstrip().startswith(("%", "!"))))
        names = [name for entry in SPEC[chapter].values() for name in entry.get("answers", {})]
        assert len(names) == len(set(names)) and not set(names) & before, chapter


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_spec_is_well_formed(chapter):
    for number, entry in SPEC[chapter].items():
        assert set(entry) <= {"answers", "rubric"}, (chapter, number)
        assert all(isinstance(item, str) and item.strip() for item in entry.get("rubric", []))
        for name, spec in entry.get("answers", {}).items():
            assignments._check_messages(name, spec)  # type, form and hint; no character otter cannot quote
            for rule in spec.get("require", []) + spec.get("diagnose", []):
                assert set(rule) == {"expr", "message"}, (name, rule)
                compile(rule["expr"], name, "eval")
            assert spec.get("compare", True) or spec.get("require"), f"{name}: nothing would grade it"
            assert "keys" not in spec or spec["type"] == "dict", name


def test_the_master_notebook_has_one_question_per_exercise():
    chapter = "02-mcnemar"
    nb = nbformat.read(ROOT / "notebooks" / f"{chapter}.ipynb", 4)
    master = assignments.master_notebook(chapter, nb, SPEC[chapter])
    begins = [cell.source for cell in master.cells if cell.cell_type == "raw" and "# BEGIN QUESTION" in cell.source]
    assert begins == [f"# BEGIN QUESTION\nname: ex{n}" for n in sorted(_exercises(chapter))]
    assert "jupytext" not in master.metadata


def _form_test(name: str, spec: dict):
    source = assignments.form_test(name, spec)
    namespace = {}
    exec(compile(source, name, "exec"), namespace)
    return namespace[f"test_{name}_form"]


def test_the_public_tests_check_the_form_only():
    test = _form_test("ex2_first_b", SPEC["02-mcnemar"][2]["answers"]["ex2_first_b"])
    test({"ex2_first_b": {"chi2": 1, "corrected": 1, "exact": 1, "midp": 1}})  # any values: the form is right
    for wrong, message in ((..., "not bound yet"), ([12, 13, 13, 12], "should be a dict"),
                           ({"chi2": 12}, "should have the keys")):
        with pytest.raises(AssertionError, match=message):
            test({"ex2_first_b": wrong})
    for answer in (np.True_, False):
        _form_test("ex3_any_significant", SPEC["03-cochrans-q"][3]["answers"]["ex3_any_significant"])(
            {"ex3_any_significant": answer})
    integer = _form_test("ex6_n", SPEC["02-mcnemar"][6]["answers"]["ex6_n"])
    for answer in (2098, np.int64(2098), 2098.0):
        integer({"ex6_n": answer})
    with pytest.raises(AssertionError, match="an integer"):
        integer({"ex6_n": 2097.5})
    tuple_keys = _form_test("ex5_power", SPEC["02-mcnemar"][5]["answers"]["ex5_power"])
    tuple_keys({"ex5_power": {(m, n): 0.5 for m in ("exact", "corrected", "textbook", "midp") for n in (24, 25)}})


def test_check_answer_compares_with_what_the_solution_binds():
    solution = "answer_x = {'a': round(base * 2, 3), 'b': (1.5, 2.5)}\nprint('solved')"
    spec = {"atol": 0.01, "diagnose": [{"expr": "answer['a'] == base", "message": "did you double it?"}]}
    env = {"base": 1.25}
    grade.check_answer({**env, "answer_x": {"a": 2.505, "b": [1.5, 2.5]}}, "answer_x", solution, spec)
    with pytest.raises(AssertionError, match=r"answer_x\['a'\] = 1.25 is not within 0.01 .*did you double it"):
        grade.check_answer({**env, "answer_x": {"a": 1.25, "b": (1.5, 2.5)}}, "answer_x", solution, spec)
    with pytest.raises(AssertionError, match=r"answer_x\['b'\]\[1\] = 3.5 is not within"):
        grade.check_answer({**env, "answer_x": {"a": 2.5, "b": (1.5, 3.5)}}, "answer_x", solution, spec)
    with pytest.raises(AssertionError, match="has the keys"):
        grade.check_answer({**env, "answer_x": {"a": 2.5}}, "answer_x", solution, spec)
    with pytest.raises(AssertionError, match="not bound yet"):
        grade.check_answer({**env, "answer_x": ...}, "answer_x", solution, spec)


def test_check_answer_applies_the_requirements_first():
    spec = {"compare": False, "require": [{"expr": "lecture_lib.mcnemar(answer).pvalue <= 0.05", "message": "no"}]}
    grade.check_answer({"t": [[10, 20], [0, 70]]}, "t", "", spec)
    with pytest.raises(AssertionError, match="t: no"):
        grade.check_answer({"t": [[10, 20], [18, 52]]}, "t", "", spec)
    with pytest.raises(AssertionError, match="t: no"):  # a requirement that cannot be evaluated fails
        grade.check_answer({"t": "a table"}, "t", "", spec)


def test_difference_knows_sets_strings_bools_and_tuple_keys():
    assert grade.difference({"x", "y"}, {"y", "x"}, 0, 1e-9, "s") == ""
    assert "not the right set" in grade.difference({"x"}, {"y", "x"}, 0, 1e-9, "s")
    assert grade.difference(" Greater", "greater", 0, 1e-9, "s") == ""
    assert "True or False" in grade.difference(1, np.bool_(True), 0, 1e-9, "b")
    assert grade.difference({(np.str_("midp"), np.int64(24)): 0.7661}, {("midp", 24): 0.766}, 0.0005, 0, "p") == ""
    assert grade.difference(np.float64(3), 3, 0, 1e-9, "n") == ""
    assert "should be a number" in grade.difference("3", 3, 0, 1e-9, "n")


def test_the_summary_lists_each_exercise_and_ends_with_the_score():
    def case(points, passed, failure=None, message=""):
        return SimpleNamespace(passed=passed, message=message,
                               test_case=SimpleNamespace(points=points, failure_message=failure))
    results = SimpleNamespace(total=1, possible=3, results={
        "ex10": SimpleNamespace(score=1, possible=1, test_case_results=[case(0, True), case(1, True)]),
        "ex2": SimpleNamespace(score=0, possible=2, test_case_results=[
            case(0, False, "the form"),
            case(1, False, "a hint", "❌ Test case failed\nError at line 3:\n  check()\nAssertionError: x = 2 is off"),
            case(1, False, None, "AssertionError: y is not bound yet")]),
    })
    assert grade.summary(results) == ["ex2   0/2", "  - x = 2 is off", "    hint: a hint", "  - y is not bound yet",
                                      "ex10  1/1", "score: 1/3"]


# --------------------------------------------------------------------------- slow: build once, grade every chapter

#: Deliberately wrong answers: chapter -> (the line appended to a solution cell that binds the name, the message
#: the grading output must show).
WRONG = {
    "02-mcnemar": ("ex4_pvalues", "ex4_pvalues = tuple(mcnemar(mcnemar_table(y_test, predictions[a], predictions[b]))"
                                  ".pvalue for a, b in (('SVM', 'k-NN'), ('k-NN', 'SVM')))",
                   "mid-p should be smaller than the exact p-value; did you use method='exact'?"),
    "05-two-algorithms-many-datasets": ("ex3_pvalue",
                                        "ex3_pvalue = wilcoxon_signed_rank(ex.scores_1, ex.scores_2).pvalue",
                                        "that is the two-sided p-value; pass the alternative"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("assignments")
    return {chapter: assignments.build(chapter, SPEC, out) for chapter in CHAPTERS}


def _wrong_submission(built, chapter: str, folder: Path) -> Path:
    name, line, _ = WRONG[chapter]
    nb = nbformat.read(built[chapter]["instructor"], 4)
    [cell] = [c for c in nb.cells if c.cell_type == "code" and "solution" in c.metadata.get("tags", [])
              and name in _bound_names(c.source)]
    cell.source += "\n" + line
    path = folder / f"{chapter}.ipynb"
    nbformat.write(nb, path)
    return path


@pytest.fixture(scope="module")
def graded(built, tmp_path_factory):
    """The output of scripts/grade.py for each chapter's instructor and student editions and wrong answers."""
    wrong = tmp_path_factory.mktemp("wrong")
    jobs = {(chapter, edition): built[chapter][edition]
            for chapter in CHAPTERS for edition in ("instructor", "student")}
    jobs.update({(chapter, "wrong"): _wrong_submission(built, chapter, wrong) for chapter in WRONG})

    def run(key):
        chapter, _ = key
        return subprocess.run([sys.executable, str(ROOT / "scripts" / "grade.py"), str(jobs[key]),
                               "--autograder", str(built[chapter]["autograder"])],
                              capture_output=True, text=True, timeout=600)

    # the longest chapters first, so that the two workers finish together
    order = sorted(jobs, key=lambda key: key[0] not in ("01-evaluation-basics", "04-two-algorithms-one-dataset"))
    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(order, pool.map(run, order)))


def _score(run) -> tuple[float, float]:
    assert run.returncode == 0, run.stderr[-2000:]
    match = SCORE_LINE.match(run.stdout.rstrip("\n").splitlines()[-1])
    assert match, f"the last line is not 'score: X/Y': {run.stdout[-300:]}"
    return float(match.group(1)), float(match.group(2))


@pytest.mark.slow
@pytest.mark.parametrize("chapter", GRADED)
def test_the_instructor_edition_scores_full_marks(graded, chapter):
    run = graded[chapter, "instructor"]
    assert _score(run) == (_points(chapter), _points(chapter)), run.stdout


@pytest.mark.slow
@pytest.mark.parametrize("chapter", GRADED)
def test_the_untouched_student_edition_scores_zero(graded, chapter):
    run = graded[chapter, "student"]
    assert _score(run) == (0, _points(chapter)), run.stdout
    lines = run.stdout.splitlines()
    for number, entry in SPEC[chapter].items():
        if entry.get("answers"):
            assert any(re.match(rf"ex{number}\s+0/", line) for line in lines), (number, run.stdout)
            for name in entry["answers"]:
                assert any(line.startswith(f"  - {name} is not bound yet") for line in lines), name


@pytest.mark.slow
@pytest.mark.parametrize("chapter", sorted(WRONG))
def test_a_wrong_answer_gets_a_helpful_message(graded, chapter):
    name, _, message = WRONG[chapter]
    run = graded[chapter, "wrong"]
    assert _score(run) == (_points(chapter) - 1, _points(chapter)), run.stdout
    [failure] = [line for line in run.stdout.splitlines() if line.startswith(f"  - {name}")]
    assert failure.endswith(message), failure
    hint = SPEC[chapter][int(name[2:].split("_")[0])]["answers"][name]["hint"]
    assert f"    hint: {hint}" in run.stdout


def _solution_lines(chapter: str, exercise) -> set[str]:
    """Lines of the exercise's solution code that the rest of the chapter's code does not contain."""
    nb = nbformat.read(ROOT / "notebooks" / f"{chapter}.ipynb", 4)
    body = {line.strip() for cell in nb.cells if cell.cell_type == "code"
            and "solution" not in cell.metadata.get("tags", []) for line in cell.source.splitlines()}
    return {line.strip() for line in exercise.solution.splitlines()
            if len(line.strip()) > 15 and not line.strip().startswith("#")} - body


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_student_edition_holds_no_solution(built, chapter):
    nb = nbformat.read(built[chapter]["student"], 4)
    code = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "code")
    markdown = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    assert not any(cell.get("outputs") for cell in nb.cells if cell.cell_type == "code")
    assert not any({"solution", "rubric"} & set(cell.metadata.get("tags", [])) for cell in nb.cells)
    assert '<details class="solution">' not in markdown and "Rubric for exercise" not in markdown
    for number, exercise in _exercises(chapter).items():
        leaked = {line for line in _solution_lines(chapter, exercise) if line in code}
        assert not leaked, f"exercise {number}: {sorted(leaked)[:3]}"
        for name in SPEC[chapter][number].get("answers", {}):
            assert f"\n{name} = ...\n" in f"\n{code}\n", name
        for criterion in SPEC[chapter][number].get("rubric", []):
            assert criterion not in markdown
    tests = "\n".join(nb.metadata["otter"]["tests"].values())
    assert "hidden=True" not in tests and "check_answer" not in tests


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_the_instructor_edition_holds_solutions_outputs_and_rubrics(built, chapter):
    nb = nbformat.read(built[chapter]["instructor"], 4)
    solutions = [cell for cell in nb.cells if "solution" in cell.metadata.get("tags", [])]
    markdown = "\n".join(cell.source for cell in nb.cells if cell.cell_type == "markdown")
    exercises = _exercises(chapter)
    expected = [cell for number in sorted(exercises) for cell in exercises[number].code]
    assert [cell.source for cell in solutions] == [cell.source for cell in expected]
    assert [cell.outputs for cell in solutions] == [cell.outputs for cell in expected]
    for number, exercise in exercises.items():
        assert all(fold in markdown for fold in exercise.folds)
        rubric = SPEC[chapter][number].get("rubric", [])
        assert all(f"- {criterion}" in markdown for criterion in rubric)
        assert (f"**Rubric for exercise {number}**" in markdown) == bool(rubric)
    assert "Your answer to exercise" not in markdown and "BEGIN SOLUTION" not in "\n".join(c.source for c in nb.cells)
    assert (Path(built[chapter]["instructor"]).parent / "course_grade.py").is_file()


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_otter_starts_after_the_course_is_installed(built, chapter):
    # On Colab nothing is installed: the chapter's install cell runs first, then otter's init cell,
    # which installs otter itself where it is missing.
    for edition in ("student", "instructor"):
        nb = nbformat.read(built[chapter][edition], as_version=4)
        code = [cell.source for cell in nb.cells if cell.cell_type == "code"]
        assert code[0].startswith("# Runs only where the course library is missing"), (edition, code[0][:80])
        assert "otter.Notebook(" in code[1] and 'find_spec("otter") is None' in code[1], (edition, code[1][:200])
        assert not any("otter.Notebook(" in source for source in code[2:]), edition
