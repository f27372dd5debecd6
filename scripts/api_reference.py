"""The book's API reference page (api.md), generated from the docstrings when the book is built.

A Sphinx extension (``_config.yml`` loads it under ``sphinx: local_extensions``):

* When Sphinx reads ``api.md``, the line :data:`MARKER` is replaced by one section per chapter
  (and a last one for the names no chapter teaches): an autosummary table, then the autodoc entry
  of every name of ``lecture_lib.__all__`` in that section. Nothing is written to disk, so the page
  follows ``__all__``: a public name added to the library is on the page at the next build
  (``tests/test_book.py`` fails if one is missing).
* A name's chapter is the first "Taught in chapter N" of its docstring (for a constant: its ``#:``
  comment), else of its module's docstring; CONTRIBUTING asks every docstring for the line
  "Taught in chapter N (``notebooks/NN-topic``)".
* In every docstring on the page, "Taught in chapter N" becomes a link to the chapter; an entry
  whose chapter comes from its module gets that sentence after its summary. The numbered
  references of the numpydoc "References" sections (``.. [1]``) become plain text, since
  the same labels in 260 docstrings on one page would be duplicate citations.
* References that name the defining module (``:func:`lecture_lib.curves.learning_curve```) resolve to
  the flat entry; ``:attr:`` of a dataclass field resolves to its class's entry (missing-reference).
* A sentence after the last Parameters/Returns/Attributes section, which numpydoc reads as one more
  field (shown in bold with its markup raw), is a warning, so an error in the book build.

``python scripts/api_reference.py`` prints the generated MyST (to read it, or to debug the page).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import sys
from pathlib import Path

from sphinx.util import logging

LOGGER = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "lecture_lib"
DOCNAME = "api"
#: The line of api.md that the generated sections replace.
MARKER = "% api-entries: generated at build time by scripts/api_reference.py"
#: "Taught in chapter 6", "Taught in\nchapters 2 and 4": the first number is the name's chapter.
TAUGHT = re.compile(r"Taught\s+in\s+chapters?\s+(\d+)")
#: Heading of the section of the names that no docstring assigns to a chapter.
OTHER_TITLE = "Across the chapters: the interval type, worked examples and data"
OTHER_ANCHOR = "api-other"
#: Constants whose value prints longer than this are shown without it (their comment says what they hold).
MAX_VALUE_CHARS = 100


@dataclasses.dataclass(frozen=True)
class Entry:
    name: str  # the public name, e.g. "mcnemar"
    kind: str  # "function", "class", "exception" or "data"
    module: str  # the module that defines it, e.g. "lecture_lib.mcnemar"
    chapter: int | None
    own_line: bool  # True when its own docstring says "Taught in chapter N"


def chapter_pages(root: Path = ROOT) -> dict[int, str]:
    """Chapter number -> its document name, from the notebooks ``notebooks/NN-topic.ipynb``."""
    pages = {}
    for notebook in sorted((root / "notebooks").glob("[0-9][0-9]-*.ipynb")):
        pages[int(notebook.name[:2])] = f"notebooks/{notebook.stem}"
    return pages


def _kind(obj) -> str:
    if inspect.isclass(obj):
        return "exception" if issubclass(obj, BaseException) else "class"
    if inspect.isfunction(obj) or inspect.isbuiltin(obj):
        return "function"
    return "data"


def _defining_module(name: str, obj, package) -> str:
    if _kind(obj) != "data":
        return obj.__module__
    # a constant has no __module__: the public module whose __all__ exports this very object
    for modname, module in sorted(sys.modules.items()):
        if (
            modname.startswith(PACKAGE + ".")
            and name in getattr(module, "__all__", ())
            and getattr(module, name, None) is obj
        ):
            return modname
    return package.__name__


def data_comment(module: str, name: str) -> list[str]:
    """The ``#:`` comment above a module-level constant (what autodoc shows for it)."""
    from sphinx.pycode import ModuleAnalyzer

    try:
        docs = ModuleAnalyzer.for_module(module).find_attr_docs()
    except Exception:  # noqa: BLE001 - no source: the constant has no comment
        return []
    return list(docs.get(("", name), []))


def own_doc(entry_kind: str, module: str, name: str, obj) -> str:
    if entry_kind == "data":
        return "\n".join(data_comment(module, name))
    return inspect.getdoc(obj) or ""


def first_chapter(text: str) -> int | None:
    match = TAUGHT.search(text)
    return int(match.group(1)) if match else None


def entries() -> list[Entry]:
    """Every name of ``lecture_lib.__all__``, in that order, with its kind, module and chapter."""
    package = importlib.import_module(PACKAGE)
    found = []
    for name in package.__all__:
        obj = getattr(package, name)
        kind = _kind(obj)
        module = _defining_module(name, obj, package)
        chapter = first_chapter(own_doc(kind, module, name, obj))
        own_line = chapter is not None
        if chapter is None:
            chapter = first_chapter(inspect.getdoc(sys.modules[module]) or "")
        found.append(Entry(name, kind, module, chapter, own_line))
    return found


def _directive(entry: Entry) -> list[str]:
    if entry.kind == "function":
        return [f".. autofunction:: {entry.name}"]
    if entry.kind in ("class", "exception"):
        return [f".. auto{entry.kind}:: {entry.name}", "   :members:"]
    lines = [f".. autodata:: {entry.name}"]
    value = getattr(importlib.import_module(PACKAGE), entry.name)
    if len(repr(value)) > MAX_VALUE_CHARS:
        lines.append("   :no-value:")
    return lines


def _section(title: str, anchor: str, intro: str, group: list[Entry]) -> list[str]:
    lines = [f"({anchor})=", f"## {title}", "", intro, ""]
    lines += ["```{eval-rst}", f".. currentmodule:: {PACKAGE}", ""]
    lines += [".. autosummary::", "   :nosignatures:", ""]
    lines += [f"   {entry.name}" for entry in group]
    lines.append("")
    for entry in group:
        lines += _directive(entry)
        lines.append("")
    lines += ["```", ""]
    return lines


def render(all_entries: list[Entry] | None = None, pages: dict[int, str] | None = None) -> str:
    """The MyST that replaces :data:`MARKER` in api.md."""
    all_entries = entries() if all_entries is None else all_entries
    pages = chapter_pages() if pages is None else pages
    unknown = sorted({e.chapter for e in all_entries if e.chapter is not None} - set(pages))
    if unknown:
        names = [e.name for e in all_entries if e.chapter in unknown]
        raise ValueError(f"docstrings name chapters without a notebook: {unknown} ({', '.join(names)})")
    titles = getattr(importlib.import_module(PACKAGE), "CHAPTERS", {})
    lines: list[str] = []
    for number in sorted(pages):
        group = [e for e in all_entries if e.chapter == number]
        if not group:
            continue
        title = f"Chapter {number}. {titles[number]}" if number in titles else f"Chapter {number}"
        intro = f"Taught in chapter {number}, {{doc}}`/{pages[number]}`."
        lines += _section(title, f"api-chapter-{number}", intro, group)
    other = [e for e in all_entries if e.chapter is None]
    if other:
        intro = (
            "Names that no docstring assigns to a chapter: the interval type that every test returns, "
            "the worked examples and published data that the chapters load (the {doc}`errata` page "
            "lists what the source documents got wrong), and helpers that no chapter teaches."
        )
        lines += _section(OTHER_TITLE, OTHER_ANCHOR, intro, other)
    return "\n".join(lines)


# --- docstring processing ------------------------------------------------------------------------------

_CHAPTER_LIST = re.compile(
    r"(?P<lead>Taught\s+in\s+)(?P<word>chapters?)(?P<space>\s+)"
    r"(?P<list>\d+(?:\s*\([^)]*\))?(?:(?:,\s*|\s+and\s+|,\s+and\s+)\d+(?:\s*\([^)]*\))?)*)"
)
_NUMBER = re.compile(r"(?<![\w/.-])(\d+)(?![\w-])")
_CITATION = re.compile(r"^(?P<indent>\s*)\.\. \[(?P<label>[\w-]+)\]\s+(?P<text>.*)$")
_CITATION_REFERENCE = re.compile(r"\[(\w+)\]_")


def link_chapters(text: str, pages: dict[int, str]) -> str:
    """Turn "Taught in chapter 6" (and "chapters 2 and 4") into links to the chapters."""

    def link(number: str, label: str) -> str:
        page = pages.get(int(number))
        return f":doc:`{label} </{page}>`" if page else label

    def replace(match: re.Match) -> str:
        if match.group("word") == "chapter":
            number = re.match(r"\d+", match.group("list")).group(0)
            rest = match.group("list")[len(number):]
            return f"{match.group('lead')}{link(number, 'chapter ' + number)}{rest}"
        # outside the parentheses only: "(``notebooks/06-...``)" names a file, not a chapter
        parts = re.split(r"(\([^)]*\))", match.group("list"))
        parts = [
            part if part.startswith("(") else _NUMBER.sub(lambda m: link(m.group(1), m.group(1)), part)
            for part in parts
        ]
        return f"{match.group('lead')}{match.group('word')}{match.group('space')}{''.join(parts)}"

    return _CHAPTER_LIST.sub(replace, text)


def plain_references(lines: list[str]) -> list[str]:
    """``.. [1] Author (year)...`` -> a paragraph ``[1] Author (year)...``; ``[1]_`` -> ``[1]``."""
    out: list[str] = []
    citation_indent: str | None = None
    for line in lines:
        match = _CITATION.match(line)
        if match:
            citation_indent = match.group("indent")
            if out and out[-1].strip():
                out.append("")
            out.append(f"{citation_indent}[{match.group('label')}] {match.group('text')}")
            continue
        indent = len(line) - len(line.lstrip())
        if citation_indent is not None and line.strip() and indent > len(citation_indent):
            out.append(citation_indent + line.strip())  # the citation's continuation lines: same paragraph
            continue
        if line.strip():
            citation_indent = None
        out.append(_CITATION_REFERENCE.sub(r"[\1]", line))
    return out


_FIELD_SECTIONS = {
    "parameters", "other parameters", "returns", "yields", "receives", "raises", "warns", "attributes",
}


def misplaced_paragraphs(lines: list[str]) -> list[str]:
    """Sentences that follow a field section (Parameters, Returns, Attributes, ...) at its indentation.

    numpydoc (and napoleon) read them as one more field: "Taught in chapter 1 (...)." after the
    Attributes becomes an attribute of that name, in bold, with its markup shown raw. Such a
    paragraph belongs above the first section or in Notes.
    """
    found = []
    section: str | None = None
    indent = 0
    for index, line in enumerate(lines):
        stripped = line.strip()
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if stripped and following and set(following) == {"-"} and len(following) >= 3:
            section, indent = stripped.lower(), len(line) - len(line.lstrip())
            continue
        if section not in _FIELD_SECTIONS or not stripped or set(stripped) == {"-"}:
            continue
        if len(line) - len(line.lstrip()) == indent and (stripped.endswith(".") or "``" in stripped):
            found.append(stripped)
    return found


def _after_summary(lines: list[str], paragraph: str) -> list[str]:
    """Insert a paragraph after the first paragraph of a docstring (its summary)."""
    for index, line in enumerate(lines):
        if not line.strip():
            return lines[:index] + ["", paragraph] + lines[index:]
    return lines + ["", paragraph]


class _Page:
    """What the docstring hook needs to know about the page (computed once per build)."""

    def __init__(self):
        self._entries: dict[str, Entry] | None = None
        self._pages: dict[int, str] | None = None

    @property
    def entries(self) -> dict[str, Entry]:
        if self._entries is None:
            self._entries = {f"{PACKAGE}.{e.name}": e for e in entries()}
        return self._entries

    @property
    def pages(self) -> dict[int, str]:
        if self._pages is None:
            self._pages = chapter_pages()
        return self._pages


PAGE = _Page()


def process_docstring(app, what, name, obj, options, lines) -> None:
    """autodoc-process-docstring: chapter links and plain references in every lecture_lib docstring."""
    if not name.startswith(PACKAGE + "."):
        return
    entry = PAGE.entries.get(name)
    if entry is not None and entry.kind == "data":
        # autodoc looks for the #: comment in the package root, where the name is only imported
        lines[:] = data_comment(entry.module, entry.name) or lines
    new = plain_references(list(lines))
    new = link_chapters("\n".join(new), PAGE.pages).split("\n")
    if entry is not None and not entry.own_line and entry.chapter is not None:
        new = _after_summary(new, f"Taught in :doc:`chapter {entry.chapter} </{PAGE.pages[entry.chapter]}>`.")
    lines[:] = new


def resolve_missing(app, env, node, contnode):
    """missing-reference: the docstrings' references that name the library as it is laid out.

    * ``:func:`lecture_lib.curves.learning_curve``` (the defining module) -> the flat entry
      ``lecture_lib.learning_curve``, the one the page documents;
    * ``:mod:`lecture_lib.resampling``` -> plain code: the page documents names, not modules;
    * ``:attr:`records``` in a docstring of ``BenchmarkResult`` -> the class's entry, whose
      Attributes section describes the field.
    """
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    target = node["reftarget"]
    parts = target.split(".")
    if node["reftype"] == "mod":
        return contnode if parts[0] == PACKAGE and target in sys.modules else None
    if parts[0] == PACKAGE and len(parts) >= 3:
        flat = ".".join([PACKAGE, *parts[2:]])
        if flat in domain.objects:
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], flat, node, contnode
            )
    if node["reftype"] == "attr" and len(parts) == 1 and node.get("py:class"):
        owner = f"{node.get('py:module') or PACKAGE}.{node['py:class']}"
        cls = PAGE.entries.get(owner)
        fields = {f.name for f in dataclasses.fields(getattr(sys.modules[PACKAGE], cls.name))} if (
            cls is not None and dataclasses.is_dataclass(getattr(sys.modules[PACKAGE], cls.name))
        ) else set()
        if target in fields:
            return domain.resolve_xref(env, node["refdoc"], app.builder, "class", owner, node, contnode)
    return None


def check_sections(app, what, name, obj, options, lines) -> None:
    """autodoc-process-docstring, before napoleon: warn (an error in the book build) about
    paragraphs that numpydoc would read as fields (:func:`misplaced_paragraphs`)."""
    if not name.startswith(PACKAGE + "."):
        return
    for sentence in misplaced_paragraphs(list(lines)):
        LOGGER.warning(
            "%s: %r follows a Parameters/Returns/Attributes section and would render as a field; "
            "move it above the first section or into Notes", name, sentence,
        )


def source_read(app, docname, source) -> None:
    """Replace the marker line of api.md by the generated sections."""
    if docname != DOCNAME:
        return
    text = source[0]
    if MARKER not in text:
        raise ValueError(f"{DOCNAME}.md has lost its marker line {MARKER!r}")
    source[0] = text.replace(MARKER, render(list(PAGE.entries.values()), PAGE.pages))


def setup(app):
    for extension in ("sphinx.ext.autodoc", "sphinx.ext.autosummary", "sphinx.ext.napoleon"):
        app.setup_extension(extension)
    app.connect("source-read", source_read)
    app.connect("autodoc-process-docstring", check_sections, priority=400)
    # after napoleon (priority 500) has turned the numpydoc sections into reST
    app.connect("autodoc-process-docstring", process_docstring, priority=600)
    app.connect("missing-reference", resolve_missing)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    print(render())
