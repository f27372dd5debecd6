"""Every erratum (and every re-examined note) is complete, unique, backed by a test, shown in a
chapter and on the errata page; the counts the README and the page print are generated."""

import importlib.util
import re
from pathlib import Path

import pytest

from lecture_lib import errata, source_notes

ROOT = Path(__file__).resolve().parent.parent
ITEMS = errata()
NOTES = source_notes()
TEST_SOURCES = {
    p.name: p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("test_*.py") if p.name != "test_errata.py"
}


def _page_module():
    spec = importlib.util.spec_from_file_location("make_errata_page", ROOT / "scripts" / "make_errata_page.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_keys_are_unique():
    keys = [e.key for e in ITEMS] + [n.key for n in NOTES]
    assert len(keys) == len(set(keys))  # a key is an erratum or a note, never both
    assert len(ITEMS) >= 20  # the five seeds hold at least this many errors (see errata.md)


@pytest.mark.parametrize("item", ITEMS + NOTES, ids=lambda e: e.key)
def test_erratum_is_backed_by_a_test(item):
    # the test that checks the correct value (or the note's claim) names the key
    assert any(item.key in source for source in TEST_SOURCES.values()), f"no test mentions {item.key!r}"


@pytest.mark.parametrize("item", ITEMS, ids=lambda e: e.key)
def test_erratum_is_shown_in_a_chapter(item):
    notebook = item.shown_in.split()[0]
    assert (ROOT / f"{notebook}.ipynb").exists(), item.shown_in
    assert item.says.strip() and item.correct.strip() and item.says != item.correct


@pytest.mark.parametrize("note", NOTES, ids=lambda n: n.key)
def test_note_is_shown_in_a_chapter(note):
    notebook = note.shown_in.split()[0]
    assert (ROOT / f"{notebook}.ipynb").exists(), note.shown_in
    assert note.says.strip() and note.note.strip()
    # the chapter names the key, so a reader of the page finds the discussion
    assert note.key in (ROOT / f"{notebook}.py").read_text(encoding="utf-8"), note.key


def test_errata_page_is_up_to_date():
    page = (ROOT / "errata.md").read_text(encoding="utf-8")
    assert page == _page_module().render(), "run: .venv/bin/python scripts/make_errata_page.py"
    for item in ITEMS + NOTES:
        assert f"`{item.key}`" in page
    # the page's own count is the number of fixtures (the page is generated; this guards render())
    assert f"lists all {len(ITEMS)} errata" in page
    assert page.count("\n### `") == len(ITEMS) + len(NOTES)


def test_readme_count_is_the_number_of_errata():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    counts = re.findall(r"`scripts/make_errata_page\.py`: (\d+) errors in the five source documents", readme)
    assert counts == [str(len(ITEMS))], "run: .venv/bin/python scripts/make_errata_page.py"
    module = _page_module()
    assert module.readme_with_count(readme) == readme
    # the generator really rewrites a stale number
    stale = readme.replace(f": {len(ITEMS)} errors in", ": 999 errors in")
    assert module.readme_with_count(stale) == readme
