"""The house rules of CONTRIBUTING.md, checked: the linter, the module layout, names, widgets, test files.

* ``ruff check lecture_lib tests benchmarks scripts`` finds nothing (the rules are in pyproject.toml);
* every module of ``lecture_lib`` has one import block at the top and one ``__all__`` (no
  ``__all__ +=``), and every name in ``__all__`` exists;
* randomness is always called ``seed`` (``random_state`` survives only as nested.py's undocumented
  keyword alias), and ``adjust=`` is the only name of a multiplicity adjustment inside a procedure;
* the widgets live in the package ``lecture_lib/widgets/``, one module per chapter that says which
  ("Taught in chapter N"), re-exported by the package; the two older module names
  (``bayesian_widgets``, ``beyond_widgets``) only re-export; the widget modules use public functions
  and the documented internal modules only, and draw through :class:`lecture_lib.live_figure.LiveFigure`;
* every test file follows the naming scheme (``tests/test_<module>.py``, ``tests/test_widgets_<module>.py``
  for ``lecture_lib/widgets/<module>.py``) or is a listed exception;
* the import graph: no module imports the package root, no private name crosses from a public
  module, only ``_data.py`` reads the package's files, and ``import lecture_lib`` loads neither
  matplotlib's pyplot nor ipywidgets nor scikit-learn, nor the widgets; every package of lecture_lib
  is in the wheel.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import inspect
import pkgutil
import re
import subprocess
import sys
import types
from pathlib import Path

import numpy as np
import pytest

import lecture_lib

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lecture_lib"
LINTED = ("lecture_lib", "tests", "benchmarks", "scripts", "teaching")

# --------------------------------------------------------------------------- the linter


def _ruff(*args, stdin: str | None = None):
    try:
        import ruff  # noqa: F401 - only to say clearly what is missing
    except ImportError:
        pytest.fail("ruff is not installed: install the test extra (pip install -e '.[test]', or make test)")
    return subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=120)


def test_ruff_finds_nothing():
    result = _ruff("check", *LINTED, "--output-format", "concise")
    assert result.returncode == 0, "ruff check found:\n" + result.stdout + result.stderr


def test_ruff_uses_the_project_rules():
    # The same command on a probe file that breaks a rule of each family must fail: an unused import (F),
    # unsorted imports (I), a mutable default (B), an old-style annotation (UP), a 111-character line in
    # the library (E501 at 110).
    probe = ("import sys\nimport os\nfrom typing import List\n\n\ndef f(x: List[int] = []):\n"
             f"    return {'1 + ' * 26}1\n")
    result = _ruff("check", "--stdin-filename", "lecture_lib/_probe.py", "--output-format", "concise", "-",
                   stdin=probe)
    found = {line.split()[1] for line in result.stdout.splitlines() if line.startswith("lecture_lib/_probe.py")}
    assert result.returncode == 1
    assert {"F401", "I001", "B006", "UP006", "E501"} <= found, result.stdout
    # no file is exempt from a rule (the temporary per-file ignores of issue 26 are gone)
    for config in (ROOT / "pyproject.toml", ROOT / "tests" / "ruff.toml"):
        assert "per-file-ignores" not in config.read_text(encoding="utf-8"), config.name


# --------------------------------------------------------------------------- one import block, one __all__

LAYOUT_EXEMPT: set = set()  # no module is exempt


def _modules():
    """Every module of the library, the widget package's included."""
    return sorted(PACKAGE.rglob("*.py"))


def _module_name(path: Path) -> str:
    """``lecture_lib/widgets/mcnemar.py`` -> ``lecture_lib.widgets.mcnemar`` (an ``__init__.py``: its package)."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _rel(path: Path) -> str:
    """The test id of a module: its path inside lecture_lib (``mcnemar.py``, ``widgets/mcnemar.py``)."""
    return path.relative_to(PACKAGE).as_posix()


def layout_problems(source: str) -> list[str]:
    """Where a module breaks "one import block at the top, one ``__all__``"."""
    body = ast.parse(source).body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the module docstring
    problems, first_statement, assignments = [], None, 0
    for node in body:
        is_import = isinstance(node, (ast.Import, ast.ImportFrom))
        if is_import and first_statement is not None:
            problems.append(f"line {node.lineno}: an import after the first statement (line {first_statement})")
        if not is_import and first_statement is None:
            first_statement = node.lineno
        if not is_import and any(isinstance(sub, (ast.Import, ast.ImportFrom)) for sub in ast.walk(node)) \
                and not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            problems.append(f"line {node.lineno}: an import inside a top-level {type(node).__name__}")
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
            if isinstance(node, ast.AugAssign):
                problems.append(f"line {node.lineno}: __all__ += (list every name in the one __all__)")
            else:
                assignments += 1
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "__all__":
                problems.append(f"line {node.lineno}: __all__.{func.attr}(...)")
    if assignments != 1:
        problems.append(f"{assignments} assignments to __all__ (one is needed)")
    return problems


@pytest.mark.parametrize("path", [p for p in _modules() if _rel(p) not in LAYOUT_EXEMPT], ids=_rel)
def test_one_import_block_and_one_all(path):
    assert layout_problems(path.read_text(encoding="utf-8")) == []


def test_the_layout_check_catches_each_breach():
    good = '"""Doc."""\n\nfrom __future__ import annotations\n\nimport numpy as np\n\n__all__ = ["f"]\n\n\ndef f():\n' \
           '    import os\n    return os\n'
    assert layout_problems(good) == []
    assert "an import after" in layout_problems(good + "\nimport sys\n")[0]
    assert "__all__ +=" in layout_problems(good + '\n__all__ += ["g"]\n')[0]
    assert "__all__.append" in layout_problems(good + '\n__all__.append("g")\n')[0]
    assert "an import inside" in layout_problems(good + "\ntry:\n    import pandas\nexcept ImportError:\n    pass\n")[0]
    assert "0 assignments" in layout_problems('"""Doc."""\n\nimport os\n')[0]


@pytest.mark.parametrize("path", _modules(), ids=_rel)
def test_every_name_in_all_exists_once(path):
    module = importlib.import_module(_module_name(path))
    names = list(module.__all__)
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})
    assert [n for n in names if not hasattr(module, n)] == []


# The modules whose public names are not exported at the package root: the widgets and live figures
# need ipywidgets and are imported from their modules (CONTRIBUTING.md, "The widget pattern").
NOT_AT_ROOT = {"widgets", "bayesian_widgets", "beyond_widgets", "live_figure"}


def test_the_root_exports_every_public_module_name():
    # One rule instead of a list: lecture_lib.__all__ holds each public module's __all__, so that
    # ``from lecture_lib import X`` works for every documented X (and the fuzz and API audit see it).
    missing = {}
    for info in pkgutil.iter_modules(lecture_lib.__path__):
        if info.name.startswith("_") or info.name in NOT_AT_ROOT:
            continue
        module = importlib.import_module(f"lecture_lib.{info.name}")
        absent = [n for n in module.__all__ if n not in lecture_lib.__all__]
        if absent:
            missing[info.name] = absent
    assert missing == {}, f"add these to lecture_lib/__init__.py (import and __all__): {missing}"
    widget_names = {n for m in NOT_AT_ROOT for n in importlib.import_module(f"lecture_lib.{m}").__all__}
    assert not widget_names & set(lecture_lib.__all__), "widgets are imported from their modules"
    assert lecture_lib.Interval is importlib.import_module("lecture_lib._results").Interval


# --------------------------------------------------------------------------- names


def _public_callables():
    out = {}
    modules = [lecture_lib] + [importlib.import_module(f"lecture_lib.{m.name}")
                               for m in pkgutil.iter_modules(lecture_lib.__path__) if not m.name.startswith("_")]
    for module in modules:
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, types.FunctionType) or (isinstance(obj, type) and not dataclasses.is_dataclass(obj)
                                                        and "__init__" in vars(obj)):
                out[name] = obj
    return out


# nested.py's former name of seed, kept as an undocumented keyword-only alias (CONTRIBUTING.md, "Names")
SEED_ALIASES = {"nested_splits", "nested_cv", "nested_cv_compare"}


def test_randomness_is_called_seed():
    wrong = []
    for name, func in _public_callables().items():
        params = inspect.signature(func).parameters
        for other in ("random_state", "rng", "random_seed", "generator"):
            if other not in params:
                continue
            alias = params[other].kind is inspect.Parameter.KEYWORD_ONLY and "seed" in params
            if other == "random_state" and name in SEED_ALIASES and alias:
                continue
            wrong.append(f"{name}({other})")
    assert wrong == [], f"call the argument seed: {wrong}"


@pytest.mark.parametrize("name", sorted(SEED_ALIASES))
def test_random_state_is_an_undocumented_alias_of_seed(name):
    func = getattr(lecture_lib, name)
    parameters = inspect.getdoc(func).split("Returns")[0]  # the documented API names seed, not random_state
    assert re.search(r"\bseed\b", parameters) and "random_state" not in parameters
    from sklearn.neighbors import KNeighborsClassifier

    y = np.repeat([0, 1], 10)
    X = np.random.default_rng(0).normal(size=(20, 2)) + y[:, None]
    args = {"nested_splits": (y, 4, 2), "nested_cv": (KNeighborsClassifier(), {"n_neighbors": [1, 3]}, X, y, 4, 2),
            "nested_cv_compare": ({"knn": (KNeighborsClassifier(), {"n_neighbors": [1, 3]})}, X, y, 4, 2)}[name]
    by_seed, by_alias = func(*args, seed=3), func(*args, random_state=3)
    if name == "nested_splits":
        assert all(np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1]) for a, b in zip(by_seed, by_alias))
        other = func(*args, seed=4)
        assert not all(np.array_equal(a[1], b[1]) for a, b in zip(by_seed, other))  # another seed, other folds
    else:
        scores = "scores" if name == "nested_cv_compare" else "outer_scores"
        assert np.array_equal(getattr(by_seed, scores), getattr(by_alias, scores))
    with pytest.raises(TypeError, match="not both"):
        func(*args, seed=3, random_state=3)
    with pytest.raises(ValueError, match="random_state must be non-negative"):
        func(*args, random_state=-1)


def test_adjust_names_a_multiplicity_adjustment_and_method_does_not():
    # CONTRIBUTING.md: method= chooses how a function computes its own result; adjust= chooses the
    # multiplicity adjustment inside a procedure. adjust_pvalues(pvalues, method=...) is the adjustment
    # itself, so there method= names one (and so does adjust_pairwise_pvalues, its pairwise version).
    adjustments = set(lecture_lib.ADJUST_METHODS)
    problems = []
    for name, func in _public_callables().items():
        params = inspect.signature(func).parameters
        if "adjust" in params and params["adjust"].default not in adjustments:
            problems.append(f"{name}(adjust={params['adjust'].default!r}) is not a multiplicity adjustment")
        if (
            name not in ("adjust_pvalues", "adjust_pairwise_pvalues")
            and "method" in params
            and params["method"].default in adjustments
        ):
            problems.append(f"{name}(method={params['method'].default!r}) chooses an adjustment: call it adjust")
    assert problems == []


# --------------------------------------------------------------------------- the widget pattern

WIDGETS = PACKAGE / "widgets"
# One module per chapter (issue 26): lecture_lib/widgets/<topic>.py, whose docstring says "Taught in
# chapter N (``notebooks/NN-topic``)"; lecture_lib/widgets/__init__.py re-exports every public name, so
# notebooks import ``from lecture_lib.widgets import ...``. A helper that several widget modules share
# goes in a private module of the package (lecture_lib/widgets/_something.py).
WIDGET_MODULES = sorted(p for p in WIDGETS.glob("*.py") if not p.name.startswith("_"))
# The modules of chapters 8 and 9 before the package, kept because the chapters (and the copies that
# learners keep on Colab) import from them: they only re-export the package modules named here
# (chapter 9's seeds explorer moved to chapter 10's module when the chapter was split).
FORMER_WIDGET_MODULES = {"bayesian_widgets.py": ("bayesian",), "beyond_widgets.py": ("beyond", "dependence")}
# Outside the package, only these modules import ipywidgets (none of them defines a widget).
IPYWIDGETS_ELSEWHERE = {
    "live_figure.py": "the live figures the widgets draw in",
    "_static_widgets.py": "the book build sets the explorers' controls",
    "benchmark.py": "the runner's progress bar",
}
# the internal modules a widget may use: the documented drawing pieces, the input checks, the result types
WIDGET_INTERNALS = {"_drawing", "_validation", "_results"}
TAUGHT_IN = re.compile(r"Taught in chapter (\d+) \(``notebooks/((\d\d)-[a-z0-9-]+)``\)")
WIDGET_IMPORT = re.compile(r"^lecture_lib\.(widgets|bayesian_widgets|beyond_widgets)$")


@pytest.mark.parametrize("path", sorted(WIDGETS.glob("*.py")) + [PACKAGE / n for n in FORMER_WIDGET_MODULES],
                         ids=_rel)
def test_widgets_use_public_functions_and_live_figures(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own_private = path.parent == WIDGETS  # a private module of the widget package itself: widgets/_x.py
    private = [f"line {node.lineno}: {alias.name} from {'.' * node.level}{node.module}"
               for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level >= 1 and node.module
               and node.module.split(".")[-1] not in WIDGET_INTERNALS
               and not (own_private and node.level == 1 and node.module.startswith("_"))
               for alias in node.names if alias.name.startswith("_")]
    assert private == [], "a widget reaches into a private helper; make it a documented piece (_drawing.py)"
    interactive = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                   and node.attr == "interactive_output"]
    assert interactive == [], f"interactive_output at lines {interactive}: draw through LiveFigure"
    shows = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Call)
             and isinstance(node.func, ast.Attribute) and node.func.attr == "show"
             and isinstance(node.func.value, ast.Name) and node.func.value.id == "plt"]
    assert shows == [], f"plt.show() at lines {shows}: draw through LiveFigure"


def _chapter_of(path: Path) -> int:
    """The chapter a widget module's docstring names, checked against the notebook it names."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    match = TAUGHT_IN.search(doc)
    assert match, f"{_rel(path)}: the module docstring needs 'Taught in chapter N (``notebooks/NN-topic``)'"
    chapter, notebook, number = int(match.group(1)), match.group(2), int(match.group(3))
    assert chapter == number and (ROOT / "notebooks" / f"{notebook}.ipynb").exists(), match.group(0)
    return chapter


@pytest.mark.parametrize("path", WIDGET_MODULES, ids=_rel)
def test_every_widget_module_says_which_chapter_it_serves(path):
    _chapter_of(path)


def _notebook_widget_imports() -> dict[int, set]:
    """Chapter -> the widget names its notebook imports (from its jupytext twin)."""
    found = {}
    for twin in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.py")):
        names = {alias.name for node in ast.walk(ast.parse(twin.read_text(encoding="utf-8")))
                 if isinstance(node, ast.ImportFrom) and WIDGET_IMPORT.match(node.module or "")
                 for alias in node.names}
        if names:
            found[int(twin.name[:2])] = names
    return found


def test_one_widget_module_per_chapter_and_a_chapter_uses_its_own():
    chapters = {}
    for path in WIDGET_MODULES:
        chapters.setdefault(_chapter_of(path), []).append(_rel(path))
    assert {c: m for c, m in chapters.items() if len(m) > 1} == {}, "one widget module per chapter"
    owner = {}  # widget name -> the chapter of its module
    for path in WIDGET_MODULES:
        owner.update(dict.fromkeys(importlib.import_module(_module_name(path)).__all__, _chapter_of(path)))
    used = _notebook_widget_imports()
    assert set(used) == set(chapters), "every chapter that shows a widget has its module, and no module is idle"
    elsewhere = {chapter: sorted(n for n in names if owner.get(n) != chapter) for chapter, names in used.items()}
    assert {c: n for c, n in elsewhere.items() if n} == {}, (
        "a chapter's widgets live in the module of that chapter (lecture_lib/widgets/<topic>.py)")


def _only_imports_and_all(source: str) -> list[str]:
    """The statements of a module that are neither its docstring, a relative import nor ``__all__``."""
    body = ast.parse(source).body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return [f"line {node.lineno}: {type(node).__name__}" for node in body
            if not (isinstance(node, ast.ImportFrom) and node.level == 1)
            and not (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["__all__"])]


def test_the_widget_package_reexports_every_module_and_defines_nothing():
    package = importlib.import_module("lecture_lib.widgets")
    assert _only_imports_and_all((WIDGETS / "__init__.py").read_text(encoding="utf-8")) == []
    names = []
    for path in WIDGET_MODULES:
        module = importlib.import_module(_module_name(path))
        names += module.__all__
        for name in module.__all__:
            obj = getattr(module, name)
            assert getattr(package, name) is obj, f"lecture_lib.widgets.{name} is not {module.__name__}.{name}"
            if isinstance(obj, (types.FunctionType, type)):
                assert obj.__module__ == module.__name__, f"{name} is defined in {obj.__module__}, not here"
    assert sorted(package.__all__) == sorted(names), "lecture_lib.widgets.__all__: every name of every module"


@pytest.mark.parametrize("filename", sorted(FORMER_WIDGET_MODULES))
def test_the_former_widget_modules_only_reexport_the_package(filename):
    source = (PACKAGE / filename).read_text(encoding="utf-8")
    assert _only_imports_and_all(source) == [], f"{filename} keeps old imports working: it defines nothing"
    origins = {f"widgets.{name}" for name in FORMER_WIDGET_MODULES[filename]}
    assert {node.module for node in ast.parse(source).body if isinstance(node, ast.ImportFrom)} == origins
    former = importlib.import_module(f"lecture_lib.{filename[:-3]}")
    names = [n for origin in origins for n in importlib.import_module(f"lecture_lib.{origin}").__all__]
    package = importlib.import_module("lecture_lib.widgets")
    assert sorted(former.__all__) == sorted(names)
    assert all(getattr(former, n) is getattr(package, n) for n in former.__all__)


def test_no_widget_is_defined_outside_the_package():
    # Outside lecture_lib/widgets/, ipywidgets is imported only where IPYWIDGETS_ELSEWHERE says why, and
    # only the former module names import the package (the library does not depend on its widgets).
    problems = []
    for path in _modules():
        if path.parent == WIDGETS:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        uses = any(isinstance(node, ast.Import) and any(a.name.split(".")[0] == "ipywidgets" for a in node.names)
                   or isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "ipywidgets"
                   for node in ast.walk(tree))
        if uses and _rel(path) not in IPYWIDGETS_ELSEWHERE:
            problems.append(f"{_rel(path)} imports ipywidgets: put the widget in lecture_lib/widgets/")
        imports_widgets = any(isinstance(node, ast.ImportFrom) and node.level == 1
                              and ((node.module or "").split(".")[0] == "widgets"
                                   or node.module is None and any(a.name == "widgets" for a in node.names))
                              for node in ast.walk(tree))
        if imports_widgets and _rel(path) not in FORMER_WIDGET_MODULES:
            problems.append(f"{_rel(path)} imports lecture_lib.widgets")
    assert problems == []
    assert [name for name in IPYWIDGETS_ELSEWHERE if not (PACKAGE / name).exists()] == []


# --------------------------------------------------------------------------- test file names

# tests/test_<module>.py tests lecture_lib/<module>.py, and tests/test_widgets_<module>.py tests
# lecture_lib/widgets/<module>.py. The suites below check something across the package (or the website)
# and are named after what they check.
CROSS_CUTTING = {
    "test_api_audit.py": "bad input, one call per public function",
    "test_assignments.py": "the homework editions and their autograders (scripts/assignments.py, grade.py; issue 25)",
    "test_bad_input.py": "bad input, by hand",
    "test_book.py": "the website builds",
    "test_browser.py": "the website and Voila in Chromium",
    "test_browser_layout.py": "the website's layout at 1280 and 390 px in Chromium",
    "test_term_project.py": "the term project: brief, rubric and worked example (issue 25)",
    "test_slides.py": "the slide decks built from the chapters (make slides)",
    "test_teaching.py": "the teaching plan and the instructor guide (issue 25)",
    "test_channels.py": "Binder, Colab, the licences and the GitHub workflows",
    "test_effects.py": "the effect and its interval in every test result (issue 15)",
    "test_errata.py": "every erratum of the seeds has a test",
    "test_fuzz.py": "the fuzzing test over the public API",
    "test_layout.py": "these house rules",
    "test_portable_notebooks.py": "the notebooks' markup renders in the book, JupyterLab, Voila and Colab",
    "test_project.py": "environment files, notebook pairing",
    "test_properties.py": "hypothesis properties across tests",
    "test_prose_numbers.py": "every decimal number in a chapter's prose against the chapter's outputs",
    "test_quizzes.py": "the self-check quizzes: their rules, and every quoted number against the executed chapters",
}
# Older names for tests of one module (CONTRIBUTING.md lists them; new files follow the scheme).
EXCEPTIONS = {
    "test_benchmark_runner.py": "benchmark.py and _benchmark_store.py",
    "test_cd_plot.py": "plot_critical_difference (plots.py) and the CD widget (widgets/posthoc.py)",
    "test_ch1_curves.py": "curves.py and chapter 1's figures and widgets (widgets/evaluation.py)",
    "test_grouped_splits.py": "group_kfold and forward_chaining (resampling.py)",
    "test_paired_widgets.py": "chapter 4's figures (plots.py) and widgets (widgets/paired.py)",
    "test_ranks_basics.py": "ranks.py",
    "test_simulate_plots_widgets.py": "simulate.py and chapter 2's figures and widgets (widgets/mcnemar.py)",
}


def _tested_as(path: Path) -> str:
    """What follows ``test_`` in the name of a module's test file: ``mcnemar`` for mcnemar.py, ``results`` for
    _results.py, ``widgets_mcnemar`` for widgets/mcnemar.py."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return "_".join(part.strip("_") for part in (parts[:-1] if parts[-1] == "__init__" else parts))


def test_test_files_follow_the_naming_scheme():
    modules = {_tested_as(p) for p in _modules()}
    assert {"results", "widgets_mcnemar", "widgets"} <= modules
    odd = [p.name for p in sorted((ROOT / "tests").glob("test_*.py"))
           if p.stem[len("test_"):] not in modules and p.name not in CROSS_CUTTING and p.name not in EXCEPTIONS]
    assert odd == [], f"name a test file tests/test_<module>.py, or list it in tests/test_layout.py: {odd}"
    stale = [name for name in {**CROSS_CUTTING, **EXCEPTIONS} if not (ROOT / "tests" / name).exists()]
    assert stale == []


# --------------------------------------------------------------------------- the import graph (issue 26)
#
# Three rules that keep the library's floors honest:
# * no module imports the package root (``import lecture_lib``, ``from lecture_lib import``, or
#   ``from . import <a name that is not a module>``), so the order of __init__.py's imports cannot matter;
# * no module takes a private name (``_x``) from a public sibling (``from .mcnemar import _check`` or
#   ``resampling._take``): shared private helpers live in ``_``-prefixed modules, which say what they offer;
# * one module, _data.py, reads the fixture files of lecture_lib/data/.
# They hold in the widget package too (``from ..mcnemar import _check`` is a breach, ``from .. import x``
# imports the root; its private modules, ``widgets/_x.py``, are internal like ``_validation.py``).

def _submodules(folder: Path = PACKAGE) -> set:
    return {info.name for info in pkgutil.iter_modules([str(folder)])}


def root_import_problems(source: str, submodules: set) -> list[str]:
    """Where a library module imports the package root (or itself by its absolute name)."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            problems += [f"line {node.lineno}: import {a.name}" for a in node.names
                         if a.name.split(".")[0] == "lecture_lib"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 \
                and (node.module or "").split(".")[0] == "lecture_lib":
            problems.append(f"line {node.lineno}: from {node.module} import ... (import relatively, from the "
                            "defining module)")
        elif isinstance(node, ast.ImportFrom) and node.level >= 1 and node.module is None:
            problems += [f"line {node.lineno}: from {'.' * node.level} import {a.name} (a name of the package root: "
                         "import it from the module that defines it)"
                         for a in node.names if node.level > 1 or a.name not in submodules]
    return problems


def private_import_problems(source: str) -> list[str]:
    """Where a module takes a private name from a public sibling module."""
    tree = ast.parse(source)
    problems, siblings = [], {}  # local name -> public sibling bound by ``from . import module [as name]``
    for node in ast.walk(tree):
        if not (isinstance(node, ast.ImportFrom) and node.level >= 1):
            continue
        if node.module is None:
            siblings.update({a.asname or a.name: a.name for a in node.names if not a.name.startswith("_")})
        elif not any(part.startswith("_") for part in node.module.split(".")):
            problems += [f"line {node.lineno}: {a.name} from {'.' * node.level}{node.module}" for a in node.names
                         if a.name.startswith("_")]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in siblings \
                and node.attr.startswith("_") and not node.attr.startswith("__"):
            problems.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
    return problems


DATA_READERS = {"importlib", "importlib.resources", "pkgutil", "pkg_resources"}


def data_reader_problems(source: str) -> list[str]:
    """Where a module other than _data.py reaches for the package's files."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            problems += [f"line {node.lineno}: imports {a.name}" for a in node.names if a.name in DATA_READERS]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            # the most specific name: "from importlib import resources" imports importlib.resources
            found = [f"{node.module}.{a.name}" for a in node.names if f"{node.module}.{a.name}" in DATA_READERS]
            found = found or ([node.module] if node.module in DATA_READERS else [])
            problems += [f"line {node.lineno}: imports {m}" for m in found]
        if isinstance(node, ast.Name) and node.id == "__file__":
            problems.append(f"line {node.lineno}: __file__")
    return problems


@pytest.mark.parametrize("path", _modules(), ids=_rel)
def test_no_module_imports_the_package_root(path):
    if path == PACKAGE / "__init__.py":
        return  # the root itself imports every module, relatively
    assert root_import_problems(path.read_text(encoding="utf-8"), _submodules(path.parent)) == []


@pytest.mark.parametrize("path", _modules(), ids=_rel)
def test_no_private_name_crosses_from_a_public_module(path):
    problems = private_import_problems(path.read_text(encoding="utf-8"))
    assert problems == [], ("move the shared helper to an internal module (a name starting with _, like "
                            f"_validation.py or _paired_cores.py) and import it from there: {problems}")


@pytest.mark.parametrize("path", [p for p in _modules() if _rel(p) != "_data.py"], ids=_rel)
def test_only_the_data_module_reads_package_files(path):
    problems = data_reader_problems(path.read_text(encoding="utf-8"))
    assert problems == [], f"read lecture_lib/data/ through lecture_lib._data.load: {problems}"


def test_the_import_graph_checks_catch_each_breach():
    modules = {"metrics", "mcnemar", "_validation"}
    assert root_import_problems("from . import metrics\nfrom ._validation import check_option\n", modules) == []
    assert "from . import correctness_matrix" in root_import_problems("from . import correctness_matrix\n", modules)[0]
    assert "import lecture_lib" in root_import_problems("def f():\n    import lecture_lib\n", modules)[0]
    assert "from lecture_lib import" in root_import_problems("from lecture_lib import mcnemar\n", modules)[0]
    assert "from lecture_lib.mcnemar import" in root_import_problems("from lecture_lib.mcnemar import x\n",
                                                                      modules)[0]
    assert private_import_problems("from ._validation import _show\nfrom . import curves as _curves\n"
                                   "x = _curves.LearningCurve\n") == []
    assert private_import_problems("from .mcnemar import _check_method\n") == [
        "line 1: _check_method from .mcnemar"]
    assert private_import_problems("from . import resampling\n\n\ndef f(x):\n    return resampling._take(x, 0)\n") \
        == ["line 5: resampling._take"]
    # in the widget package: the library is two dots away, the package's own private modules one
    assert "from .. import mcnemar" in root_import_problems("from .. import mcnemar\n", {"mcnemar", "paired"})[0]
    assert root_import_problems("from ..mcnemar import mcnemar\nfrom . import paired\n", {"mcnemar", "paired"}) == []
    assert private_import_problems("from .._validation import _show\nfrom ._common import _style\n") == []
    assert private_import_problems("from ..mcnemar import _check_method\n") == [
        "line 1: _check_method from ..mcnemar"]
    assert private_import_problems("from .. import resampling\nx = resampling._take\n") == ["line 2: resampling._take"]
    assert data_reader_problems("import json\n") == []
    assert data_reader_problems("from importlib import resources\n") == ["line 1: imports importlib.resources"]
    assert data_reader_problems("import pathlib\np = pathlib.Path(__file__)\n") == ["line 2: __file__"]


def test_the_breaches_fixed_by_issue_26_stay_fixed():
    # The modules that once imported the root or reached into a sibling: the rules above would name them.
    assert "from . import" not in (PACKAGE / "homogeneity.py").read_text(encoding="utf-8")
    benchmark = (PACKAGE / "benchmark.py").read_text(encoding="utf-8")
    assert "_paired_function" not in benchmark and "import lecture_lib" not in benchmark


# --------------------------------------------------------------------------- import weight (issue 26)

# What ``import lecture_lib`` must not load: a kernel start (and every Voila page) would pay for it.
# The widgets and the figures import these when they are used.
HEAVY_MODULES = ("matplotlib.pyplot", "ipywidgets", "sklearn")


def _heavy_modules_after(statement: str, modules: tuple = HEAVY_MODULES) -> list[str]:
    code = (f"import sys\n{statement}\n"
            f"print(sorted(m for m in {modules!r} if m in sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    return ast.literal_eval(result.stdout.strip().splitlines()[-1])


def test_import_lecture_lib_loads_no_plotting_widget_or_learner_library():
    assert _heavy_modules_after("import lecture_lib") == [], (
        "import these inside the functions that need them (lecture_lib.plots._subplots shows how)")
    # the check sees them when they are loaded: the widget package needs both pyplot and ipywidgets
    assert _heavy_modules_after("import lecture_lib.widgets") == ["ipywidgets", "matplotlib.pyplot"]


def test_import_lecture_lib_leaves_the_widgets_alone():
    # lecture_lib/__init__.py imports none of the modules that are imported by name (NOT_AT_ROOT)
    widget_modules = tuple(f"lecture_lib.{name}" for name in sorted(NOT_AT_ROOT))
    assert _heavy_modules_after("import lecture_lib", widget_modules) == []
    assert _heavy_modules_after("import lecture_lib.bayesian_widgets", widget_modules) == [
        "lecture_lib.bayesian_widgets", "lecture_lib.live_figure", "lecture_lib.widgets"]


# --------------------------------------------------------------------------- packaging

def test_the_wheel_lists_every_package_of_the_library():
    # setuptools' packages list is explicit: a package missing there (lecture_lib/widgets/, say) is missing
    # from the wheel that Binder and Colab install. tests/test_channels.py builds that wheel from a clone.
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    packages = {_module_name(init) for init in PACKAGE.rglob("__init__.py")}
    assert packages - listed == set(), "add them to [tool.setuptools] packages in pyproject.toml"


# --------------------------------------------------------------------------- the guide apart (issue 26, rule 3)

def _string_literals(path: Path) -> list[str]:
    """The string constants of a module outside docstrings (an f-string's literal parts count)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(body[0].value) for node in ast.walk(tree)
                  if isinstance(body := getattr(node, "body", None), list) and body
                  and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)}
    return [node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings]


def _sentences(path: Path, words: int = 12) -> list[str]:
    """Literals that read as a sentence: at least ``words`` words of letters outside HTML tags."""
    return [text for text in _string_literals(path)
            if len(re.findall(r"[A-Za-z][a-z'-]+", re.sub(r"<[^>]*>?", " ", text))) >= words]


def test_the_guide_keeps_its_logic_views_and_prose_apart():
    # the logic builds answers: no HTML and no figure
    logic = (PACKAGE / "guide.py").read_text(encoding="utf-8")
    assert "import html" not in logic and "matplotlib" not in logic and "<p>" not in logic
    # the views draw answers: no sentence of their own (those live in _guide_prose.py)
    assert _sentences(PACKAGE / "guide_views.py") == []
    # the prose is data: constants and the lookup of quoted numbers, no decision
    prose = ast.parse((PACKAGE / "_guide_prose.py").read_text(encoding="utf-8"))
    functions = {node.name for node in ast.walk(prose) if isinstance(node, ast.FunctionDef)}
    assert functions <= {"quoted", "_group"}, functions
    # the check sees a sentence where there is one
    assert _sentences(PACKAGE / "_guide_prose.py")


# --------------------------------------------------------------------------- one printing base (issue 26, rule 5)

def test_every_printed_result_shares_one_printing_base():
    from lecture_lib._results import Printable

    printed = []
    for path in _modules():
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            if "_repr_pretty_" in methods:
                assert _rel(path) == "_results.py" and node.name == "Printable", (
                    f"{_rel(path)}: {node.name} defines _repr_pretty_; inherit it from _results.Printable")
            if "__str__" in methods or "format_field" in methods or "printed_fields" in methods:
                printed.append((path, node.name))
    assert len(printed) >= 20  # the check sees the results that print themselves
    for path, name in printed:
        module = importlib.import_module("lecture_lib." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts))
        assert issubclass(getattr(module, name), Printable), f"{_rel(path)}: {name} prints but is not a Printable"


def test_no_docstring_holds_a_control_character():
    # A docstring that is not raw turns "\frac", "\tilde", "\bar" and "\alpha" into a form feed, a tab, a
    # backspace and a bell (the walk-through of issue 27 found four): help() and the API page show them garbled.
    control = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
    modules = [lecture_lib] + [importlib.import_module(f"lecture_lib.{info.name}")
                               for info in pkgutil.walk_packages(lecture_lib.__path__, "")]
    bad = set()
    for module in modules:
        for obj in [module, *vars(module).values()]:
            doc = getattr(obj, "__doc__", None)
            if isinstance(doc, str) and control.search(doc):
                bad.add(f"{module.__name__}.{getattr(obj, '__qualname__', '')}")
    assert not bad, f"control characters in the docstrings of {sorted(bad)}: double the backslashes"
