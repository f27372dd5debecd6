"""The term project (teaching/project, issue 25): brief, rubric and worked example.

* The worked example runs (teaching/project/example_project.py, seeded), its committed output is what
  it prints, and every number of the example report comes from that output: a number that drifts,
  in the report or in the run, fails a test.
* Every data set the brief lists loads with the network blocked, and has the size the brief gives.
* The rubric's points add up to its stated total, and the example's grading uses the rubric's
  criteria, maxima and levels.
"""

import ast
import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import numpy as np
import pytest
import sklearn.datasets

import lecture_lib
from lecture_lib.guide import smallest_two_sided_pvalue

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "teaching" / "project"
SCRIPT = PROJECT / "example_project.py"
OUTPUT = PROJECT / "example-output.txt"
REPORT = PROJECT / "example-report.md"
BRIEF = PROJECT / "brief.md"
RUBRIC = PROJECT / "rubric.md"
GRADED = "## Graded against the rubric"
REGENERATE = f"rerun: {sys.executable} {SCRIPT.relative_to(ROOT)}"

# A number as the output and the report write it: "0.0146", "-0.0191", "12"; not the digits inside a
# name ("5-NN" gives 5, "depth-4 tree" and "chi2_F" give nothing, "H_0" nothing).
NUMBER = re.compile(r"(?<![\w.\-])-?\d+(?:\.\d+)?")
# "chapter 4", "chapters 5 and 6": references to the course, not results.
CHAPTERS = re.compile(r"chapters?\s+\d+(?:(?:,\s*|\s+and\s+|\s+or\s+)\d+)*")


def numbers(text: str) -> list[str]:
    return NUMBER.findall(text)


def _magnitude(token: str) -> str:
    """A report may write an interval's bound by its size and side ("0.0463 in logistic regression's favour")."""
    return token.lstrip("-")


# --------------------------------------------------------------------------- the worked example


@pytest.fixture(scope="module")
def example_run(tmp_path_factory) -> tuple[str, float]:
    """A fresh run of the worked example, as a student runs it: its output and the benchmark's seconds."""
    path = tmp_path_factory.mktemp("term_project") / "example-output.txt"
    run = subprocess.run([sys.executable, str(SCRIPT), "--output", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    seconds = float(re.search(r"^benchmark: ([\d.]+) s$", run.stderr, re.M).group(1))
    return path.read_text(encoding="utf-8"), seconds


@pytest.fixture(scope="module")
def example_output(example_run) -> str:
    return example_run[0]


def _without_environment(text: str) -> list[str]:
    """The output without its first line, the versions (the only line that depends on the installation)."""
    lines = text.splitlines()
    assert lines[0].startswith("environment: "), lines[0]
    return lines[1:]


def test_the_committed_output_is_what_the_script_prints(example_output):
    """Seeded: the committed output, from another run, is the text of this one (apart from the versions)."""
    committed = OUTPUT.read_text(encoding="utf-8")
    assert _without_environment(committed) == _without_environment(example_output), REGENERATE


def test_the_example_is_quick(example_run):
    # 10 s on two idle cores, 30 s on a busy machine; the margin is for a slower one
    assert example_run[1] < 90, f"the benchmark took {example_run[1]:.0f} s; the brief promises well under a minute"


def _report_parts() -> tuple[str, str]:
    text = REPORT.read_text(encoding="utf-8")
    assert text.count(GRADED) == 1, f"the example report needs one section {GRADED!r}"
    body, graded = text.split(GRADED)
    return body, graded


FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
INLINE_CODE = re.compile(r"`[^`\n]+`")


def unsupported_numbers(report_body: str, output: str) -> list[str]:
    """The numbers of the report's prose and tables that the output does not print.

    Code (fenced blocks, which test_the_report_quotes_the_output_verbatim checks, and inline code)
    and references to chapters are left out; everything else that looks like a number must be a
    number of the output, written the same way (an interval's bound may drop its minus sign when
    the sentence names the side instead).
    """
    prose = FENCE.sub(" ", report_body)
    prose = INLINE_CODE.sub(" ", prose)
    prose = CHAPTERS.sub(" ", prose)
    printed = {_magnitude(token) for token in numbers(output)}
    return [token for token in numbers(prose) if _magnitude(token) not in printed]


def test_every_number_of_the_report_comes_from_the_output(example_output):
    body, _ = _report_parts()
    assert len(numbers(body)) > 150  # the report quotes the run throughout: the check has something to check
    missing = unsupported_numbers(body, example_output)
    assert missing == [], f"numbers in example-report.md that example_project.py does not print: {missing}"


def test_the_graded_section_quotes_only_printed_decimals(example_output):
    """The grading quotes results too ("p = 0.04"); its whole numbers are points, checked below."""
    _, graded = _report_parts()
    printed = {_magnitude(token) for token in numbers(example_output)}
    quoted = [token for token in numbers(INLINE_CODE.sub(" ", graded)) if "." in token]
    assert quoted, "the grading discusses no number at all"
    assert [token for token in quoted if _magnitude(token) not in printed] == []


def test_the_report_quotes_the_output_verbatim(example_output):
    body, _ = _report_parts()
    blocks = [block for language, block in FENCE.findall(body) if language == "text"]
    assert blocks, "the report shows no block of the output"
    printed = "\n".join(line.rstrip() for line in example_output.splitlines())
    for block in blocks:
        assert "\n".join(line.rstrip() for line in block.strip("\n").splitlines()) in printed


def test_each_row_of_the_pairwise_table_is_its_pair_in_the_output(example_output):
    """Row by row, not only number by number: a raw and an adjusted p-value swapped between pairs fail."""
    body, _ = _report_parts()
    rows = re.findall(r"^\| (.+?) minus (.+?) \| (\S+) \| (\S+) to (\S+) \| (\S+) \| (\S+) \| (.+?) \|$", body, re.M)
    assert len(rows) == 6
    printed = " ".join(example_output.split())
    for first, second, estimate, low, high, raw, adjusted, verdict in rows:
        line = (f"- {first} vs {second}: {estimate} (99.17 % CI {low} to {high}); raw p = {raw}, "
                f"adjusted p = {adjusted}: {verdict}.")
        assert line in printed, line


@pytest.mark.parametrize("original, drifted", [
    ("0.0146", "0.0147"),  # the Holm-adjusted p-value of the one significant pair
    ("0.144", "0.145"),  # Friedman's exact p-value
    ("0.00383", "0.00384"),  # a bound of the simultaneous interval
    ("0.605", "0.606"),  # the zoom-in's t statistic
    ("0.769", "0.768"),  # a posterior probability
])
def test_a_drifted_number_is_caught(example_output, original, drifted):
    body, _ = _report_parts()
    assert original in body
    assert drifted in unsupported_numbers(body.replace(original, drifted), example_output)


def test_a_drifted_run_is_caught(example_output):
    """If the run printed another p-value, the report's number would no longer be found."""
    body, _ = _report_parts()
    assert "0.0146" in unsupported_numbers(body, example_output.replace("0.0146", "0.0152"))


# --------------------------------------------------------------------------- the rubric


def _rubric():
    text = RUBRIC.read_text(encoding="utf-8")
    total = int(re.search(r"\*\*total: (\d+) points\*\*", text).group(1))
    summary = dict(re.findall(r"^\| (\d+\. [^|]+?) \| (\d+) \|$", text, re.M))
    summary = {name: int(points) for name, points in summary.items()}
    table_total = int(re.search(r"^\| \*\*total\*\* \| \*\*(\d+)\*\* \|$", text, re.M).group(1))
    sections = {}
    for match in re.finditer(r"^## (\d+\. .+?) \((\d+) points\)\n(.*?)(?=^## |\Z)", text, re.M | re.S):
        name, points, content = match.group(1), int(match.group(2)), match.group(3)
        levels = [int(p) for p in re.findall(r"^\| (\d+) \| ", content, re.M)]
        sections[name] = (points, levels)
    return total, table_total, summary, sections


def test_the_rubric_adds_up():
    total, table_total, summary, sections = _rubric()
    assert total == table_total == sum(summary.values()) == 100
    assert list(sections) == list(summary), "the criteria's sections and the summary table name the same criteria"
    for name, (points, levels) in sections.items():
        assert points == summary[name], name
        assert levels[0] == points and levels[-1] == 0, f"{name}: levels {levels} run from the maximum to 0"
        assert levels == sorted(set(levels), reverse=True), f"{name}: levels {levels} strictly descending"
        assert len(levels) >= 4, f"{name}: at least four levels"


def test_the_rubric_covers_what_the_brief_asks():
    _, _, summary, _ = _rubric()
    names = " ".join(summary).lower()
    for topic in ("design", "tests", "numbers", "intervals", "non-significant", "multiple comparisons",
                  "reproducibility", "writing"):
        assert topic in names, topic


def test_the_example_is_graded_with_the_rubric():
    _, graded = _report_parts()
    total, _, summary, sections = _rubric()
    rows = re.findall(r"^\| (\d+\. [^|]+?) \| (\d+) \| (\d+) \| (.+) \|$", graded, re.M)
    assert [name for name, *_ in rows] == list(summary), "one row per criterion, in the rubric's order"
    for name, maximum, score, reason in rows:
        assert int(maximum) == summary[name], name
        assert int(score) in sections[name][1], f"{name}: {score} is not one of the levels {sections[name][1]}"
        assert len(reason.split()) >= 8, f"{name}: give the reason"
    stated = re.search(r"^\| \*\*total\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \|$", graded, re.M)
    assert int(stated.group(1)) == total
    assert int(stated.group(2)) == sum(int(score) for _, _, score, _ in rows)


# --------------------------------------------------------------------------- the brief's data sets


@pytest.fixture
def offline(monkeypatch, tmp_path):
    """No network, and an empty scikit-learn data folder: only bundled or generated data can load."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"a data set of the brief tried to use the network: {args}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(urllib.request, "urlopen", refuse)
    monkeypatch.setenv("SCIKIT_LEARN_DATA", str(tmp_path / "no_cached_downloads"))


def _data_section() -> str:
    text = BRIEF.read_text(encoding="utf-8")
    match = re.search(r"^## Data sets that work offline\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, "the brief has a section 'Data sets that work offline'"
    return match.group(1)


def _table_rows(section: str) -> list[dict]:
    """Every row of every table of the section, as a dict keyed by the table's header."""
    rows = []
    for table in re.findall(r"((?:^\|.*\|\n)+)", section, re.M):
        lines = table.strip("\n").splitlines()
        header = [cell.strip() for cell in lines[0].strip("|").split("|")]
        for line in lines[2:]:
            cells = [cell.strip() for cell in line.strip("|").split("|")]
            rows.append(dict(zip(header, cells)))
    return rows


def _calls() -> list[dict]:
    rows = [row for row in _table_rows(_data_section()) if "call" in row or "call (one member)" in row]
    for row in rows:
        row["code"] = (row.get("call") or row["call (one member)"]).strip("`")
    return rows


LECTURE_LIB_DATA = ("auc_example", "appml_benchmark", "posthoc_example", "wilcoxon_example", "bayesian_example")


def _function_name(code: str) -> str:
    tree = ast.parse(code, mode="eval").body
    assert isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name), f"{code!r} is not a single call"
    return tree.func.id


def _namespace() -> dict:
    names = {name: getattr(sklearn.datasets, name) for name in dir(sklearn.datasets)
             if name.startswith(("load_", "make_"))}
    names.update({name: getattr(lecture_lib, name) for name in LECTURE_LIB_DATA})
    return names


def test_the_brief_lists_data_sets_of_every_kind():
    codes = [row["code"] for row in _calls()]
    assert len(codes) >= 20
    functions = {_function_name(code) for code in codes}
    assert {"load_iris", "load_wine", "load_breast_cancer", "load_digits", "make_classification"} <= functions
    assert set(LECTURE_LIB_DATA) <= functions
    assert not [name for name in functions if name.startswith("fetch_")]


def _check_classification_data(X, y, where: str) -> None:
    X, y = np.asarray(X), np.asarray(y)
    assert X.ndim == 2 and X.shape[0] == y.shape[0], where
    counts = np.unique(y, return_counts=True)[1]
    assert counts.size >= 2, f"{where}: one class only"
    assert counts.min() >= 10, f"{where}: a class with {counts.min()} examples; stratified 10-fold needs 10"


def test_every_data_set_of_the_brief_loads_offline(offline):
    namespace = _namespace()
    for row in _calls():
        code = row["code"]
        name = _function_name(code)
        assert name in namespace, f"{name} is neither a scikit-learn loader or generator nor a lecture_lib loader"
        value = eval(compile(code, "<brief>", "eval"), {"__builtins__": {}}, namespace)
        size = row.get("size", "")
        if name.startswith(("load_", "make_")):
            X, y = value
            _check_classification_data(X, y, code)
            match = re.match(r"([\d ]+) x (\d+), (\d+) classes", size)
            if match:  # the bundled sets: "1 797 x 64, 10 classes"
                assert (X.shape[0], X.shape[1], np.unique(y).size) == tuple(
                    int(group.replace(" ", "")) for group in match.groups()), code
        elif name == "auc_example":
            assert len(value["outcome"]) == int(size.split()[0])
        elif name == "wilcoxon_example":
            assert value.scores_1.size == value.scores_2.size == int(re.search(r"x (\d+)", size).group(1))
        elif name == "bayesian_example":
            assert value["source"] and value["printed"]
            if "datasets" in value:
                assert (len(value["classifiers"]), len(value["datasets"])) == tuple(
                    int(n) for n in re.match(r"(\d+) classifiers x (\d+)", size).groups())
        else:  # BenchmarkTable: "6 learners x 16 OpenML tasks"
            k, n = (int(n) for n in re.match(r"(\d+) [^x]+ x (\d+)", size).groups())
            assert value.scores.shape == (n, k), code


def test_the_brief_code_for_derived_data_sets_runs_offline(offline):
    blocks = [block for language, block in FENCE.findall(_data_section()) if language == "python"]
    assert blocks
    namespace = {}
    for block in blocks:
        exec(compile(block, "<brief>", "exec"), namespace)
    assert len(namespace["digit_pairs"]) == 3
    for name, (X, y) in namespace["digit_pairs"].items():
        _check_classification_data(X, y, name)
    _check_classification_data(namespace["X_asah"], namespace["y_asah"], "aSAH")


def test_the_brief_names_every_loader_and_excludes_the_downloads():
    """Each of scikit-learn's load_* and fetch_* functions is named in the brief (listed or excluded)."""
    section = _data_section()
    listed = {_function_name(row["code"]) for row in _calls()}
    for name in dir(sklearn.datasets):
        if name.startswith(("load_", "fetch_")):
            assert f"`{name}`" in section or name in listed, f"the brief does not say whether {name} may be used"
    for name in re.findall(r"`(fetch_\w+)`", section):
        assert hasattr(sklearn.datasets, name), f"the brief names {name}, which scikit-learn does not have"
        assert name not in listed


def test_the_floor_table_of_the_brief():
    """The fewest data sets at which Holm-adjusted pairwise Wilcoxon tests can reach 5 %."""
    text = BRIEF.read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d) \| (\d+) \| (\d+) \|$", text, re.M)
    assert [int(k) for k, _, _ in rows] == [3, 4, 5, 6]
    for k, m, n in rows:
        k, m, n = int(k), int(m), int(n)
        assert m == k * (k - 1) // 2
        assert m * smallest_two_sided_pvalue(n) <= 0.05 < m * smallest_two_sided_pvalue(n - 1)


def test_the_example_follows_the_brief():
    """The example's design respects the brief's scope: k learners, at least the floor of data sets."""
    text = OUTPUT.read_text(encoding="utf-8")
    k = int(re.search(r"^(\d+) learners:", text, re.M).group(1))
    n = int(re.search(r"^(\d+) data sets", text, re.M).group(1))
    pairs = k * (k - 1) // 2
    assert 3 <= k <= 6 and pairs * smallest_two_sided_pvalue(n) <= 0.05
    assert "10 x 10 stratified" in text
