"""Every erratum is complete, unique, backed by a test, shown in a chapter, and on the errata page."""

import importlib.util
from pathlib import Path

import pytest

from lecture_lib import errata

ROOT = Path(__file__).resolve().parent.parent
ITEMS = errata()
TEST_SOURCES = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py") if p.name != "test_errata.py"}


def test_keys_are_unique():
    keys = [e.key for e in ITEMS]
    assert len(keys) == len(set(keys))
    assert len(keys) >= 20  # the five seeds hold at least this many errors (see errata.md)


@pytest.mark.parametrize("item", ITEMS, ids=lambda e: e.key)
def test_erratum_is_backed_by_a_test(item):
    # the test that checks the correct value names the erratum's key
    assert any(item.key in source for source in TEST_SOURCES.values()), f"no test mentions {item.key!r}"


@pytest.mark.parametrize("item", ITEMS, ids=lambda e: e.key)
def test_erratum_is_shown_in_a_chapter(item):
    notebook = item.shown_in.split()[0]
    assert (ROOT / f"{notebook}.ipynb").exists(), item.shown_in
    assert item.says.strip() and item.correct.strip() and item.says != item.correct


def test_errata_page_is_up_to_date():
    spec = importlib.util.spec_from_file_location("make_errata_page", ROOT / "scripts" / "make_errata_page.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    page = (ROOT / "errata.md").read_text(encoding="utf-8")
    assert page == module.render(), "run: .venv/bin/python scripts/make_errata_page.py"
    for item in ITEMS:
        assert f"`{item.key}`" in page
