"""Reveal.js slide decks of the chapters, from the committed, executed notebooks (``make slides``).

Usage::

    .venv/bin/python scripts/slides.py [--output DIR] [CHAPTER ...]

CHAPTER is a notebook's number or name (``2``, ``02``, ``02-mcnemar``, ``notebooks/02-mcnemar.ipynb``);
without one every chapter is built. Each deck goes to ``DIR/NN-topic.slides.html`` (DIR defaults to
``_build/slides``), with an ``index.html`` that lists the decks. The notebooks are read, never written:
the slide structure is decided on an in-memory copy, so a deck cannot drift from its chapter.

Everything a deck loads is copied into ``DIR/vendor/`` and named by a relative URL, so the folder works
opened from disk or from any static server, with no request to another host: reveal.js, MathJax 3,
require.js and the ipywidgets HTML manager come from ``web_vendor/node_modules`` (installed by
``scripts/build_book.py``'s ``install_node_modules``, which runs npm only when the lock file changed).

The slide structure follows the rule stated in ``plan``'s docstring.
"""

from __future__ import annotations

import argparse
import base64
import copy
import html
import json
import math
import re
import shutil
import struct
import sys
import time
from pathlib import Path

import nbformat
from bs4 import BeautifulSoup
from build_book import (
    HTML_MANAGER,
    MATHJAX,
    MATHJAX_TOP_LEVEL_KEEP,
    NODE_MODULES,
    REQUIRE_CONFIG_JS,
    REQUIREJS,
    STAMP,
    install_node_modules,
)
from jinja2 import DictLoader
from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin
from nbconvert import SlidesExporter
from site_postprocess import CONTROL_MODELS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_OUTPUT = ROOT / "_build" / "slides"
COURSE = "Comparing classifiers with statistical tests"
REVEAL = NODE_MODULES / "reveal.js" / "dist"
REVEAL_FILES = ("reveal.js", "reveal.css", "theme/white.css", "plugin/notes.js")

# core-path: the reading note that ends the Overview, for the reader alone
SKIP_TAGS = {"remove-cell", "hide-cell", "solution", "quiz", "references", "core-path"}
HIDE_INPUT_TAGS = {"hide-input", "remove-input"}
HIDE_OUTPUT_TAGS = {"hide-output", "remove-output"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"

# --------------------------------------------------------------------------- the height model
# CSS pixels of a 1280 x 720 slide with the style sheet below (SLIDES_CSS); the browser test
# measures what these estimates only predict.
SLIDE_WIDTH, SLIDE_HEIGHT = 1280, 720
CONTENT_WIDTH = 1184          # 1280 minus 2 x 48 px of padding
ROOM = 640                    # 720 minus 2 x 20 px of padding, minus a safety margin
TEXT_LINE, TEXT_CHARS = 34, 84        # 26 px text, line height 1.3; characters per line
H2_LINE, H2_CHARS, H2_GAP = 44, 58, 16
H3_LINE, H3_CHARS, H3_GAP = 37, 70, 14
CODE_LINE, CODE_PAD = 23, 30           # 18 px monospace, line height 1.25; padding and margin
TABLE_LINE, TABLE_PAD = 27, 10         # 21 px table text; cell padding
BLOCK_GAP = 12
HTML_LINE, HTML_CHAR = 23, 8.0          # 17 px text in HTML outputs
HTML_BLOCKS = {"p", "div", "ul", "ol", "li", "table", "pre", "h1", "h2", "h3", "h4", "h5", "dl", "blockquote"}
MIN_FIGURE = 300
INPUT_MAX_LINES, INPUT_MAX_WIDTH = 6, 88
SHORT_PARAGRAPH, LEAD_SENTENCE, LIST_ITEM = 160, 240, 180

MARKDOWN = MarkdownIt("commonmark", {"html": True}).enable("table").use(dollarmath_plugin)
DETAILS = re.compile(r"<details\b.*?</details>", re.S | re.I)
LINK_URL = re.compile(r"\]\([^)]*\)")
ABBREVIATIONS = {"e.g.", "i.e.", "cf.", "vs.", "al.", "etc.", "fig.", "eq.", "approx.", "resp.", "no.", "p.",
                 "pp."}
SENTENCE_START = re.compile(r"[A-Z0-9$*(`\"“‘'\[]")


# --------------------------------------------------------------------------- sentences
def _cuts(text: str) -> list[tuple[int, bool]]:
    """Where ``text`` (markdown) may be cut without breaking its markup: ``(index, sentence_end)``.

    A cut is a space or the end of a sentence outside math (``$``), code, links, bold and italics.
    A sentence ends with ``.``, ``?`` or ``!`` (and any closing ``)``, ``*`` or quote) followed by a
    space and a capital, a digit, math or markup, unless the word is an abbreviation or an initial.
    """
    cuts, n, i = [], len(text), 0
    math = code = bold = italic = False
    link = 0  # 1: inside [text], 2: inside (url)
    while i < n:
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if code:
            code = ch != "`"
            i += 1
            continue
        if ch == "`":
            code = True
        elif ch == "$":
            math = not math
            i += 2 if text.startswith("$$", i) else 1
            continue
        elif math:
            pass
        elif text.startswith("**", i):
            bold = not bold
            i += 2
            continue
        elif ch == "*":
            italic = not italic
        elif ch == "[" and link == 0:
            link = 1
        elif ch == "]" and link == 1:
            link = 2 if text.startswith("](", i) else 0
        elif ch == ")" and link == 2:
            link = 0
        elif ch in ".?!" and link == 0:
            j, b, it = i + 1, bold, italic
            while j < n and text[j] in ")*\"'”’":
                if text.startswith("**", j):
                    b, j = not b, j + 2
                    continue
                it = not it if text[j] == "*" else it
                j += 1
            word = text[: i + 1].rsplit(None, 1)[-1].lstrip("(*").lower()
            initial = len(word) == 2 and word[0].isalpha()
            follows = j == n or (text[j] == " " and SENTENCE_START.match(text[j:].lstrip()) is not None)
            if follows and not b and not it and word not in ABBREVIATIONS and not initial:
                cuts.append((j, True))
        elif ch == " " and link == 0 and not bold and not italic:
            cuts.append((i, False))
        i += 1
    return cuts


#: The sentence of an exercise that names the variables to bind for the autograder (teaching/grading.yml).
ANSWER_SENTENCE = re.compile(r"(?:\s+|^|(?=:))(?::\s*)?(?:[Ss]tore|[Bb]ind)\b(?:[^.]|\.(?=\d))*?`ex\d+_"
                             r"(?:[^.]|\.(?=\d))*?(?=\.(?:\s|$))")


def first_sentence(text: str) -> str:
    """The first sentence of a markdown paragraph (the whole text when it has one sentence)."""
    text = " ".join(text.split())
    ends = [j for j, end in _cuts(text) if end]
    return text[: ends[0]].strip() if ends else text


def shorten(text: str, limit: int) -> str | None:
    """The first sentence, or failing that a prefix cut at a word (with " …"), of at most ``limit``
    visible characters; None when not even a few words fit."""
    text = " ".join(text.split())
    sentence = first_sentence(text)
    if visible_length(sentence) <= limit:
        return sentence
    spaces = [j for j, end in _cuts(sentence) if not end and visible_length(sentence[:j]) <= limit - 2]
    if not spaces or spaces[-1] < 20:
        return None
    # prefer the end of a clause (after a comma, semicolon or colon) in the second half of the room
    clauses = [j for j in spaces if sentence[j - 1] in ",;:" and visible_length(sentence[:j]) >= limit // 2]
    return sentence[: (clauses or spaces)[-1]].rstrip(" ,;:") + " …"


def visible_length(markdown: str) -> int:
    """About how many characters the markdown shows (no link targets or emphasis marks)."""
    return len(re.sub(r"[*`]|\\(?=[a-zA-Z])", "", LINK_URL.sub("]", markdown)))


def text_height(markdown: str, chars: int = TEXT_CHARS, line: int = TEXT_LINE) -> int:
    return max(1, math.ceil(visible_length(markdown) / chars)) * line


# --------------------------------------------------------------------------- markdown blocks
def markdown_blocks(source: str) -> list[dict]:
    """The top-level blocks of a markdown cell: ``{"kind", "text", "level", "items"}``.

    Kinds: heading, paragraph, list, table, math, code, quote, html. ``<details>`` folds (the
    exercises' solutions) are removed first.
    """
    source = DETAILS.sub("", source)
    lines = source.splitlines()
    blocks, tokens = [], MARKDOWN.parse(source)
    kinds = {"heading_open": "heading", "paragraph_open": "paragraph", "bullet_list_open": "list",
             "ordered_list_open": "list", "table_open": "table", "math_block": "math", "fence": "code",
             "code_block": "code", "blockquote_open": "quote", "html_block": "html"}
    for index, token in enumerate(tokens):
        if token.level != 0 or token.type not in kinds or token.map is None:
            continue
        start, end = token.map
        block = {"kind": kinds[token.type], "text": "\n".join(lines[start:end]).strip(), "level": 0}
        if block["kind"] == "heading":
            block["level"] = int(token.tag[1])
            block["text"] = tokens[index + 1].content.strip()
        elif block["kind"] == "list":
            block["ordered"] = token.type == "ordered_list_open"
            stop = next(k for k in range(index, len(tokens)) if tokens[k].type.endswith("_list_close")
                        and tokens[k].level == 0)
            items = [t.map for t in tokens[index:stop] if t.type == "list_item_open" and t.level == 1]
            block["items"] = [
                " ".join(re.sub(r"^\s*(?:[-*+]|\d+[.)])\s+", "", "\n".join(lines[a:b]), count=1).split())
                for a, b in items
            ]
        if block["kind"] == "html" and not block["text"]:
            continue
        blocks.append(block)
    return blocks


def table_rows(text: str) -> tuple[list[str], list[str]]:
    """A pipe table's header lines (header and delimiter) and its body lines."""
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[:2], lines[2:]


def table_row_height(line: str, columns: int) -> int:
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    chars = max(8, CONTENT_WIDTH // max(columns, 1) // 10)
    return max(math.ceil(visible_length(c) / chars) for c in cells) * TABLE_LINE + TABLE_PAD


def math_height(text: str) -> int:
    rows = [r for r in re.split(r"\\\\", text) if r.strip("$ \n")]
    tall = sum(60 if re.search(r"\\(frac|sum|sqrt|binom|int|prod|hat|bar)", r) else 42 for r in rows)
    return tall + 2 * BLOCK_GAP


# --------------------------------------------------------------------------- the planner
def _markdown_cell(source: str, slide_type: str) -> nbformat.NotebookNode:
    cell = nbformat.v4.new_markdown_cell(source)
    cell.metadata["slideshow"] = {"slide_type": slide_type}
    return cell


def png_size(data: str) -> tuple[int, int]:
    """Width and height in pixels of a base64 PNG (from its IHDR chunk)."""
    raw = base64.b64decode(data[:64])
    return struct.unpack(">II", raw[16:24])


def show_input(cell: nbformat.NotebookNode) -> bool:
    """A code cell's input goes on the slide when it is short (a call, not a computation) and not hidden."""
    lines = cell.source.strip().splitlines()
    return not set(cell.metadata.get("tags", [])) & HIDE_INPUT_TAGS and len(lines) <= INPUT_MAX_LINES \
        and max(map(len, lines), default=0) <= INPUT_MAX_WIDTH


class Planner:
    """Builds the cells of a deck, tracking the room left on the current slide."""

    def __init__(self, chapter: str):
        self.chapter = chapter
        self.cells: list = []
        self.room = 0
        self.heading = ""          # markdown of the current slide's heading, repeated on continuations
        self.heading_height = 0
        self.has_content = False   # something below the heading of the current slide
        self.first_paragraph = False

    # -- slides -----------------------------------------------------------------------------
    def start(self, slide_type: str, heading: str, height: int, extra: str = "") -> None:
        self.cells.append(_markdown_cell(heading + extra, slide_type))
        self.heading, self.heading_height = heading, height
        self.room, self.has_content, self.first_paragraph = ROOM - height, False, True

    def heading_slide(self, level: int, text: str) -> None:
        if level == 1:
            number = self.chapter.split("-", 1)[0].lstrip("0")
            subtitle = f"\n\n<p class='course-subtitle'>{COURSE} · chapter {number}</p>"
            self.start("slide", f"# {text}", ROOM, subtitle)
            self.heading = f"## {text}"
            self.heading_height = H2_LINE + H2_GAP
            self.has_content = True  # anything under the title goes to a slide of its own
        elif level == 2:
            self.start("slide", f"## {text}", self._heading_height(text, 2))
        elif not self.has_content and self.heading.startswith("## "):  # a section's first subsection
            height = self._heading_height(text, 3)
            self.cells.append(_markdown_cell(f"### {text}", "-"))
            self.heading, self.heading_height = f"### {text}", height
            self.room -= height
        else:
            self.start("subslide", f"### {text}", self._heading_height(text, 3))

    @staticmethod
    def _heading_height(text: str, level: int) -> int:
        if level == 2:
            return text_height(text, H2_CHARS, H2_LINE) + H2_GAP
        return text_height(text, H3_CHARS, H3_LINE) + H3_GAP

    def continuation(self) -> None:
        """A sub-slide that continues the current one under the same heading."""
        if not self.heading:
            self.start("subslide", "", 0)
            return
        marks, _, text = self.heading.partition(" ")
        text = re.sub(r" \(continued\)$", "", text)
        self.start("subslide", f"{marks} {text} (continued)", self.heading_height)

    def ensure(self, height: int) -> None:
        """Make room for ``height`` pixels: a continuation slide when the current one is too full."""
        if not self.cells:
            self.start("slide", "", 0)
        if height > self.room and self.has_content:
            self.continuation()

    def put(self, cell: nbformat.NotebookNode, height: int) -> None:
        self.ensure(height)
        cell.metadata["slideshow"] = {"slide_type": "-"}
        self.cells.append(cell)
        self.room -= height
        self.has_content = True

    def put_markdown(self, source: str, height: int) -> None:
        self.put(nbformat.v4.new_markdown_cell(source), height + BLOCK_GAP)

    def note(self, source: str) -> None:
        if not self.cells:
            self.start("slide", "", 0)
        last = self.cells[-1]
        if last.cell_type == "markdown" and last.metadata["slideshow"]["slide_type"] == "notes":
            last.source += "\n\n" + source
        else:
            self.cells.append(_markdown_cell(source, "notes"))

    # -- markdown ---------------------------------------------------------------------------
    def markdown(self, cell: nbformat.NotebookNode) -> None:
        if "part-marker" in cell.metadata.get("tags", []):
            lead = first_sentence(cell.source).strip("* ").rstrip(".")
            part, _, title = lead.partition(": ")
            self.start("slide", f"## {part}", self._heading_height(part, 2),
                       f"\n\n<p class='course-part-title'>{html.escape(title)}</p>" if title else "")
            self.room, self.has_content = 0, True  # a divider: what follows starts a new slide
            self.note(cell.source)
            return
        first_in_cell = True
        for block in markdown_blocks(cell.source):
            kind, text = block["kind"], block["text"]
            if kind == "heading" and block["level"] <= 3:
                self.heading_slide(block["level"], text)
            elif kind == "heading":
                self.put_markdown(f"**{text}**", TEXT_LINE)
            elif kind == "paragraph":
                self.paragraph(text, first_in_cell)
            elif kind == "list":
                self.bullet_list(block)
            elif kind == "table":
                self.table(text)
            elif kind == "math":
                self.put_markdown(text, math_height(text))
            elif kind == "code" and text.count("\n") <= INPUT_MAX_LINES + 1:
                self.put_markdown(text, (text.count("\n") - 1) * CODE_LINE + CODE_PAD)
            else:  # long code, quotes, raw HTML
                self.note(text)
            first_in_cell = False

    def paragraph(self, text: str, first_in_cell: bool) -> None:
        lead = first_sentence(text)
        bold_lead = re.fullmatch(r"\*\*[^*]+[.?!:]\*\*", lead) is not None
        if lead.startswith("**Exercise"):
            # the homework's plumbing ("Store ... in `ex2_first_b`") is for the notebook, not the room
            text = re.sub(r"([.?!])\.(?=\s|$)", r"\1", ANSWER_SENTENCE.sub("", text)).strip()
            self.put_markdown(text, text_height(text))
        elif visible_length(text) <= SHORT_PARAGRAPH and text_height(text) + BLOCK_GAP > self.room \
                and self.has_content:  # a remark that would be alone on a continuation slide
            self.note(text)
        elif visible_length(text) <= SHORT_PARAGRAPH:
            self.put_markdown(text, text_height(text))
        else:
            shown = None
            if bold_lead:
                shown = lead
            elif self.first_paragraph or first_in_cell and not self.has_content:
                shown = shorten(text, LEAD_SENTENCE)
            if shown:
                self.put_markdown(shown, text_height(shown))
            self.note(text)
        self.first_paragraph = False

    def bullet_list(self, block: dict) -> None:
        items = [shorten(item, LIST_ITEM) or item for item in block["items"]]
        marker = "1." if block["ordered"] else "-"
        heights = [text_height(item, TEXT_CHARS - 4) + 6 for item in items]
        # a list taller than a slide goes on in a continuation, one group of items per slide
        group: list[str] = []
        used = 0
        for item, height in zip(items, heights):
            if group and used + height > min(self.room - BLOCK_GAP, ROOM - self.heading_height):
                self.put_markdown("\n".join(f"{marker} {i}" for i in group), used)
                group, used = [], 0
                self.continuation()
            group.append(item)
            used += height
        if group:
            self.put_markdown("\n".join(f"{marker} {i}" for i in group), used)
        if any(short != item for short, item in zip(items, block["items"])):
            self.note(block["text"])

    def table(self, text: str) -> None:
        header, body = table_rows(text)
        columns = header[0].strip().strip("|").count("|") + 1
        head_height = table_row_height(header[0], columns)
        rows: list[str] = []
        used = head_height
        for row in body:
            height = table_row_height(row, columns)
            if rows and used + height > max(self.room, 0) - BLOCK_GAP and \
                    (self.has_content or used + height > ROOM - self.heading_height):
                self.put_markdown("\n".join(header + rows), used)
                self.continuation()
                rows, used = [], head_height
            rows.append(row)
            used += height
        self.put_markdown("\n".join(header + rows), used)

    # -- code -------------------------------------------------------------------------------
    def code(self, cell: nbformat.NotebookNode) -> None:
        tags = set(cell.metadata.get("tags", []))
        outputs = [] if tags & HIDE_OUTPUT_TAGS else [
            o for o in cell.outputs if not (o.output_type == "stream" and o.get("name") == "stderr")
            and o.output_type != "error"]
        if not outputs:
            return
        shown = show_input(cell)
        input_height = (cell.source.strip().count("\n") + 1) * CODE_LINE + CODE_PAD if shown else 0
        for output in outputs:
            data = output.get("data", {})
            if WIDGET_VIEW in data:
                self.widget(cell, output, shown, input_height)
            elif "image/png" in data:
                self.figure(cell, output, shown, input_height)
            elif "text/html" in data:
                self.html_output(cell, output, shown, input_height)
            else:
                text = output.get("text") if output.output_type == "stream" else data.get("text/plain", "")
                self.printed(cell, text, shown, input_height)
            shown, input_height = False, 0

    def _code_cell(self, cell, outputs: list, show_input: bool) -> nbformat.NotebookNode:
        piece = nbformat.v4.new_code_cell(cell.source, outputs=outputs, execution_count=cell.execution_count)
        if not show_input:
            piece.metadata["transient"] = {"remove_source": True}
        return piece

    def printed(self, cell, text: str, show_input: bool, input_height: int) -> None:
        lines = text.rstrip("\n").split("\n")
        while lines:
            fit = (self.room - input_height - CODE_PAD - BLOCK_GAP) // CODE_LINE
            if fit < min(len(lines), 6) and self.has_content:
                self.continuation()
                fit = (self.room - input_height - CODE_PAD - BLOCK_GAP) // CODE_LINE
            fit = max(fit, 1)
            take = len(lines)
            if take > fit:  # cut at the last blank line of the second half, if there is one
                blanks = [k for k in range(max(fit // 2, 1), fit) if not lines[k].strip()]
                take = blanks[-1] if blanks else fit
            chunk, lines = lines[:take], lines[take:]
            while lines and not lines[0].strip():
                lines = lines[1:]
            stream = nbformat.v4.new_output("stream", name="stdout", text="\n".join(chunk) + "\n")
            self.put(self._code_cell(cell, [stream], show_input),
                     input_height + len(chunk) * CODE_LINE + CODE_PAD + BLOCK_GAP)
            if lines:
                self.continuation()
            show_input, input_height = False, 0

    def figure(self, cell, output, show_input: bool, input_height: int) -> None:
        width, height = png_size(output.data["image/png"])
        # on a fresh slide the figure would be shown this tall; it takes the room left on the current
        # slide only if that keeps three quarters of it (and at least MIN_FIGURE pixels)
        best = min(height * min(1.0, CONTENT_WIDTH / width), ROOM - self.heading_height - input_height - 20)
        self.ensure(input_height + int(max(min(best, MIN_FIGURE), 0.75 * best)) + 20)
        room = max(self.room - input_height - BLOCK_GAP - 8, MIN_FIGURE)
        scale = min(1.0, room / height, CONTENT_WIDTH / width)
        shown = copy.deepcopy(output)
        shown.metadata = {"image/png": {"width": int(width * scale), "height": int(height * scale)}}
        self.put(self._code_cell(cell, [shown], show_input),
                 input_height + int(height * scale) + BLOCK_GAP + 8)

    def widget(self, cell, output, show_input: bool, input_height: int) -> None:
        if self.has_content:
            self.continuation()
        note = ("<p class='course-snapshot-note'>Snapshot: the controls do nothing here. Move them in "
                "the notebook (JupyterLab, Binder, Colab) or with <code>make app</code>.</p>")
        self.put_markdown(note, TEXT_LINE)
        self.put(self._code_cell(cell, [output], show_input), self.room)

    def html_output(self, cell, output, show_input: bool, input_height: int) -> None:
        for part, height in html_parts(output.data["text/html"], ROOM - self.heading_height - input_height):
            shown = nbformat.v4.new_output("display_data", data={"text/html": part})
            self.put(self._code_cell(cell, [shown], show_input), input_height + height + BLOCK_GAP)
            show_input, input_height = False, 0


def _text_lines(text: str, width: float, char: float) -> int:
    """Lines that ``text`` takes in a box ``width`` pixels wide (``char``: mean character width);
    every newline starts a line."""
    chars = max(8, int(width / char))
    return sum(max(1, math.ceil(len(" ".join(segment.split())) / chars)) for segment in text.split("\n"))


def _column_widths(table) -> list[float]:
    """The columns' widths in pixels: from ``<col style="width: NN%">`` where given, else equal."""
    first = table.find("tr")
    count = len(first.find_all(["td", "th"])) if first else 1
    shares = [re.search(r"width:\s*([\d.]+)%", col.get("style", "")) for col in table.find_all("col")]
    if len(shares) == count and all(shares):
        return [CONTENT_WIDTH * float(m.group(1)) / 100 for m in shares]
    return [CONTENT_WIDTH / max(count, 1)] * count


def html_height(element) -> int:
    """Estimated height of an HTML output (17 px text): block elements one under another, table rows as
    tall as their tallest cell (``<br>`` starts a line)."""
    if not getattr(element, "name", None):
        text = str(element).strip()
        return _text_lines(text, CONTENT_WIDTH, HTML_CHAR) * HTML_LINE if text else 0
    if element.name == "table":
        widths = _column_widths(element)
        height = HTML_LINE + 4 if element.find("caption") else 0
        for row in element.find_all("tr"):
            lines = 1
            for cell, width in zip(row.find_all(["td", "th"]), widths):
                cell = copy.copy(cell)
                for br in cell.find_all("br"):
                    br.replace_with("\n")
                lines = max(lines, _text_lines(cell.get_text(), width - 16, HTML_CHAR))
            height += lines * HTML_LINE + 5
        return height
    if element.name == "pre":
        return (element.get_text().strip("\n").count("\n") + 1) * CODE_LINE + 12
    blocks = [child for child in element.children if getattr(child, "name", None) in HTML_BLOCKS]
    if not blocks:  # a paragraph, list item or heading: its text, wrapped
        return _text_lines(element.get_text(" ", strip=True), CONTENT_WIDTH - 40, HTML_CHAR) * HTML_LINE + 6
    return sum(html_height(child) for child in element.children)


def html_parts(markup: str, room: int) -> list[tuple[str, int]]:
    """An HTML output cut into parts that fit ``room`` pixels each: at its top-level elements, and a
    table taller than ``room`` into groups of rows under its caption, column widths and header."""
    soup = BeautifulSoup(markup, "html.parser")
    elements = [e for e in soup.contents if str(e).strip()]
    if len(elements) == 1 and elements[0].name == "div" and html_height(elements[0]) > room:
        elements = [e for e in elements[0].contents if str(e).strip()]
    parts: list[tuple[str, int]] = []
    current: list[str] = []
    used = 0
    for element in elements:
        height = html_height(element)
        if element.name == "table" and height > room:
            if current:
                parts.append(("".join(current), used))
                current, used = [], 0
            head = "".join(str(e) for e in element.find_all(["caption", "colgroup", "thead"],
                                                            recursive=False))
            attrs = "".join(f' {k}="{html.escape(" ".join(v) if isinstance(v, list) else v)}"'
                            for k, v in element.attrs.items())
            head_height = html_height(BeautifulSoup(f"<table{attrs}>{head}</table>", "html.parser").table)
            group: list[str] = []
            group_height = head_height
            for row in [r for r in element.find_all("tr") if r.find_parent("thead") is None]:
                row_height = html_height(BeautifulSoup(f"<table{attrs}>{head}{row}</table>",
                                                       "html.parser").table) - head_height
                if group and group_height + row_height > room:
                    parts.append((f"<table{attrs}>{head}<tbody>{''.join(group)}</tbody></table>",
                                  group_height))
                    group, group_height = [], head_height
                group.append(str(row))
                group_height += row_height
            parts.append((f"<table{attrs}>{head}<tbody>{''.join(group)}</tbody></table>", group_height))
            continue
        if current and used + height > room:
            parts.append(("".join(current), used))
            current, used = [], 0
        current.append(str(element))
        used += height
    if current:
        parts.append(("".join(current), used))
    return parts


def plan(notebook: nbformat.NotebookNode, chapter: str) -> nbformat.NotebookNode:
    """The deck's notebook: new cells with ``metadata.slideshow.slide_type`` set (``notebook`` is not
    changed).

    The rule (for every cell without an explicit ``metadata.slideshow.slide_type``; a cell that has one
    keeps it and is not split, and the skipped tags below still win):

    * Skipped: cells tagged ``remove-cell``, ``hide-cell`` (a folded detail), ``solution``, ``quiz`` or
      ``references``; the ``<details>`` folds of a markdown cell (the exercises' solutions); code cells
      without outputs (set-up); stderr.
    * Structure: a ``#`` heading is the title slide, a ``##`` heading starts a slide, a ``###`` heading a
      sub-slide (a vertical slide of its section), unless it comes right under its ``##`` heading, which
      then shares the slide; a cell tagged ``part-marker`` is a divider slide. Deeper headings are bold
      lines.
    * On the slide: display math, tables, lists (each item cut to its first sentence, at most 180 visible
      characters), short paragraphs (at most 160), the first sentence of the first long paragraph of a
      slide (at most 240), the bold lead of a long paragraph (``**Source 002, ten test instances.**``),
      whole exercises (paragraphs that start with ``**Exercise``), fenced code of at most 6 lines, and the
      outputs of code cells: printed text, figures, HTML, and each widget's static snapshot (its controls
      disabled, with a one-line note). A code cell's input is shown above its outputs when it is not
      tagged ``hide-input``/``remove-input`` and has at most 6 lines of at most 88 characters: a call to
      the library, not a computation.
    * In the speaker notes (``aside.notes``; the ``S`` key): every paragraph that is not on the slide in
      full, a whole list whose items were cut, blockquotes and raw HTML; a short paragraph that would
      be alone on a continuation slide.
    * Fit (1280 x 720): each block has an estimated height (lines of text, rows of tables and formulas,
      figure pixels); a block that does not fit starts a continuation sub-slide that repeats the heading
      with "(continued)". Printed text taller than a slide is cut into parts (at a blank line where there
      is one), tables and HTML tables into groups of rows under a repeated header, lists into groups of
      items. A figure is scaled (``width`` and ``height`` attributes) to the room left, or goes to a fresh
      slide when that room would shrink it below three quarters of its size there (or below 300 px).
      Each widget gets a slide of its own and is zoomed out in the browser if it is still too tall.
      ``tests/test_slides.py`` opens every slide in Chromium and checks that nothing overflows.
    """
    planner = Planner(chapter)
    for cell in notebook.cells:
        tags = set(cell.metadata.get("tags", []))
        if tags & SKIP_TAGS:
            continue
        explicit = cell.metadata.get("slideshow", {}).get("slide_type")
        if explicit:
            kept = copy.deepcopy(cell)
            if cell.cell_type == "code" and not show_input(cell):
                kept.metadata["transient"] = {"remove_source": True}
            planner.cells.append(kept)
            if explicit in ("slide", "subslide"):
                heading = next((line for line in cell.source.splitlines() if line.startswith("#")), "")
                planner.heading, planner.heading_height = heading, H2_LINE + H2_GAP if heading else 0
                planner.room, planner.has_content = ROOM - planner.heading_height, True
            elif explicit not in ("notes", "skip"):
                planner.has_content = True
            continue
        if cell.cell_type == "markdown":
            planner.markdown(cell)
        elif cell.cell_type == "code":
            planner.code(cell)
    deck = nbformat.v4.new_notebook(metadata=copy.deepcopy(notebook.metadata))
    deck.cells = planner.cells
    state = deck.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    for model in state.values():  # a snapshot: its controls do nothing without a kernel
        if model.get("model_name") in CONTROL_MODELS:
            model["state"]["disabled"] = True
    return deck


def count_slides(deck: nbformat.NotebookNode) -> int:
    """Slides as reveal.js counts them (every slide and sub-slide; a first cell starts one anyway)."""
    types = [c.metadata.get("slideshow", {}).get("slide_type", "-") for c in deck.cells]
    visible = [t for t in types if t not in ("notes", "skip")]
    return sum(t in ("slide", "subslide") for t in visible[1:]) + 1 if visible else 0


# --------------------------------------------------------------------------- rendering
SLIDES_CSS = """\
/* The course's slides (scripts/slides.py): 1280 x 720, readable from the back of a room. */
:root {
  --r-main-font-size: 26px;
  --r-heading-text-transform: none;
  --r-heading1-size: 1.9em;
  --r-heading2-size: 1.4em;
  --r-heading3-size: 1.15em;
  --r-block-margin: 12px;
  --r-heading-margin: 0 0 16px 0;
  --r-code-font: "DejaVu Sans Mono", Menlo, Consolas, monospace;
}
.reveal .slides { text-align: left; }
.reveal .slides > section { padding: 0; }
.reveal .slides > section > section { padding: 20px 48px; box-sizing: border-box; line-height: 1.3; }
.reveal h2 { color: #1a4f8b; border-bottom: 2px solid #d6e2f0; padding-bottom: 4px; }
.reveal h3 { color: #1a4f8b; }
.reveal a.anchor-link { display: none; }
.reveal .jp-Cell { margin: 0 0 12px 0; }
.reveal .jp-RenderedHTMLCommon > :first-child { margin-top: 0; }
.reveal .jp-RenderedHTMLCommon > :last-child { margin-bottom: 0; }
.reveal p { margin: 0 0 10px 0; }
.reveal ul, .reveal ol { display: block; margin: 0 0 0 1.2em; }
.reveal li { margin: 0 0 6px 0; }
.reveal table { margin: 0; font-size: 21px; }
.reveal table th, .reveal table td { padding: 4px 10px; vertical-align: top; }
.reveal pre {
  width: auto; margin: 0; padding: 6px 12px; font-size: 18px; line-height: 1.25;
  box-shadow: none; background: #f6f8fa; border-radius: 4px; white-space: pre; overflow: hidden;
}
.reveal .jp-InputArea pre { background: #eef4fb; border-left: 4px solid #1a4f8b; }
.reveal .jp-OutputArea-output pre { border-left: 4px solid #c8ccd0; }
.reveal .jp-Cell-inputWrapper + .jp-Cell-outputWrapper { margin-top: 6px; }
.reveal .jp-RenderedImage { text-align: center; }
.reveal .jp-RenderedImage img { margin: 0 auto; max-width: 100%; max-height: none; }
.reveal .mjx-chtml, .reveal mjx-container { font-size: 100%; }
.reveal mjx-container[display="true"] { margin: 10px 0 !important; }
.reveal .course-part-title { margin-top: 60px; font-size: 1.5em; font-weight: 600; color: #1a4f8b; }
.reveal .course-subtitle { margin-top: 40px; font-size: 0.9em; color: #555; }
.reveal .course-snapshot-note { font-size: 0.7em; color: #555; }
.reveal .jupyter-widgets { font-size: 15px; line-height: 1.3; }
.reveal .jupyter-widgets img { max-height: 380px; width: auto; margin: 0; }
.reveal .jupyter-widgets pre { font-size: 14px; }
.reveal .jupyter-widgets p, .reveal .jupyter-widgets li { margin: 0 0 4px 0; }
.reveal .jp-RenderedHTML { font-size: 17px; line-height: 1.3; }
.reveal .jp-RenderedHTML table { font-size: 17px; }
.reveal .jp-RenderedHTML table td, .reveal .jp-RenderedHTML table th { padding: 2px 8px; }
.reveal .jp-RenderedHTML p { margin: 0 0 6px 0; }
.reveal .jp-RenderedHTML li { margin: 0; }
.reveal .jp-RenderedHTML pre { margin: 0 0 6px 0; }
.reveal aside.notes { display: none; }
.reveal code { font-size: 0.85em; }
.reveal pre code { font-size: inherit; }
"""

MATHJAX_CONFIG = """\
window.MathJax = {
  tex: {inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]], displayMath: [["$$", "$$"], ["\\\\[", "\\\\]"]],
        processEscapes: true, processEnvironments: true},
  options: {ignoreHtmlClass: "tex2jax_ignore", processHtmlClass: "tex2jax_process"}
};"""

# A widget snapshot's height is known only once the widget manager has drawn it: when the current
# slide is taller than the deck, its widgets are zoomed out until it fits (on every slide change and
# whenever a widget's size changes, e.g. when it is first drawn).
FIT_WIDGETS_JS = """\
(function () {
  function fit(slide) {
    if (!slide) { return; }
    var widgets = slide.querySelectorAll(".jupyter-widgets.jp-OutputArea-output");
    if (!widgets.length || !slide.offsetHeight) { return; }
    var over = slide.scrollHeight - Reveal.getConfig().height;
    if (over <= 1) { return; }
    var widget = widgets[widgets.length - 1];
    var zoom = parseFloat(widget.style.zoom || "1");
    var height = widget.offsetHeight * zoom;
    if (height > over) { widget.style.zoom = String(zoom * (height - over - 4) / height); }
  }
  Reveal.on("ready", function (event) { fit(event.currentSlide); });
  Reveal.on("slidechanged", function (event) { fit(event.currentSlide); });
  var observer = new ResizeObserver(function () { fit(Reveal.getCurrentSlide()); });
  new MutationObserver(function () {
    document.querySelectorAll(".jupyter-widgets.jp-OutputArea-output").forEach(function (w) {
      observer.observe(w);
    });
  }).observe(document.querySelector(".reveal .slides"), {childList: true, subtree: true});
})();"""

TEMPLATE = """\
{%- extends 'base.html.j2' -%}
{%- block header -%}
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ resources.course.title | e }} (slides)</title>
<link rel="stylesheet" href="vendor/reveal.js/reveal.css">
<link rel="stylesheet" href="vendor/reveal.js/theme/white.css">
{% for css in resources.inlining.css -%}
<style>{{ css }}</style>
{% endfor -%}
<link rel="stylesheet" href="vendor/course-slides.css">
<script>{{ resources.course.mathjax_config }}</script>
<script defer src="vendor/mathjax/tex-chtml.js"></script>
</head>
{%- endblock header -%}
{%- block body_header -%}
<body>
<div class="reveal"><div class="slides">
{%- endblock body_header -%}
{%- block body_footer -%}
</div></div>
{%- endblock body_footer -%}
{%- block footer -%}
{{ super() }}
<script src="vendor/reveal.js/reveal.js"></script>
<script src="vendor/reveal.js/plugin/notes.js"></script>
<script>
Reveal.initialize({
  width: 1280, height: 720, margin: 0.02, center: false, hash: true, controls: true, progress: true,
  slideNumber: "c/t", transition: "none", backgroundTransition: "none", plugins: [RevealNotes]
});
</script>
{%- if resources.course.widgets %}
<script src="vendor/requirejs/require.js"></script>
<script src="vendor/require-config.js"></script>
<script src="vendor/html-manager/embed-amd.js" data-jupyter-widgets-cdn="no-widget-cdn/"></script>
<script>{{ resources.course.fit_widgets }}</script>
{%- endif %}
</body>
</html>
{%- endblock footer -%}
"""

INDEX = """\
<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{course}: slides</title>
<style>body {{ font-family: sans-serif; max-width: 46em; margin: 2em auto; line-height: 1.5; }}
li {{ margin: 0.3em 0; }} .count {{ color: #666; }}</style></head>
<body>
<h1>{course}: slides</h1>
<p>One reveal.js deck per chapter, made from the executed notebooks by <code>make slides</code>.
Keys: arrows or space to move, <kbd>S</kbd> speaker notes, <kbd>F</kbd> full screen,
<kbd>Esc</kbd> overview.</p>
<ul>
{items}
</ul>
</body>
</html>
"""


def exporter() -> SlidesExporter:
    """nbconvert's SlidesExporter with this module's template; every URL points into vendor/."""
    return SlidesExporter(
        extra_loaders=[DictLoader({"course-slides.html.j2": TEMPLATE})],
        template_file="course-slides.html.j2",
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        reveal_url_prefix="vendor/reveal.js",
        mathjax_url="vendor/mathjax/tex-chtml.js",
        require_js_url="vendor/requirejs/require.js",
        jquery_url="",
        widget_renderer_url="vendor/html-manager/embed-amd.js",
        jupyter_widgets_base_url="vendor/html-manager/",
        mermaid_js_url="",
        font_awesome_url="",
    )


def copy_vendor(output: Path) -> None:
    """reveal.js, MathJax 3, require.js and the widget manager into ``output/vendor``."""
    missing = [name for name in REVEAL_FILES if not (REVEAL / name).exists()]
    if missing:  # node_modules is current for an older lock: install again
        STAMP.unlink(missing_ok=True)
        install_node_modules()
        missing = [name for name in REVEAL_FILES if not (REVEAL / name).exists()]
        if missing:
            sys.exit(f"reveal.js is missing from web_vendor/node_modules ({', '.join(missing)})")
    vendor = output / "vendor"
    if vendor.exists():
        shutil.rmtree(vendor)
    for name in REVEAL_FILES:
        (vendor / "reveal.js" / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(REVEAL / name, vendor / "reveal.js" / name)

    def mathjax_ignore(directory: str, names: list[str]) -> set[str]:
        if Path(directory) == MATHJAX:
            return {n for n in names if n.endswith(".js") and n not in MATHJAX_TOP_LEVEL_KEEP}
        return set()

    shutil.copytree(MATHJAX, vendor / "mathjax", ignore=mathjax_ignore)
    (vendor / "requirejs").mkdir()
    shutil.copy2(REQUIREJS, vendor / "requirejs" / "require.js")
    shutil.copytree(HTML_MANAGER, vendor / "html-manager",
                    ignore=shutil.ignore_patterns("embed.js", "embed.js.*", "libembed-amd.js", "*.map"))
    (vendor / "require-config.js").write_text(REQUIRE_CONFIG_JS, encoding="utf-8")
    (vendor / "course-slides.css").write_text(SLIDES_CSS, encoding="utf-8")


def chapter_paths(names: list[str]) -> list[Path]:
    """The notebooks named on the command line (all of them when none is)."""
    every = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    if not names:
        return every
    chosen = []
    for name in names:
        stem = Path(name).name.removesuffix(".ipynb").removesuffix(".py")
        found = [p for p in every if p.stem == stem or (stem.isdigit() and int(p.stem[:2]) == int(stem))]
        if not found:
            sys.exit(f"no chapter {name!r}: choose from {', '.join(p.stem for p in every)}")
        chosen += found
    return chosen


def build_deck(path: Path, output: Path) -> tuple[Path, str, int]:
    """Write ``output/NN-topic.slides.html``; returns its path, title and number of slides."""
    notebook = nbformat.read(path, as_version=4)
    deck = plan(notebook, path.stem)
    title = next((line[2:].strip() for c in notebook.cells if c.cell_type == "markdown"
                  for line in c.source.splitlines() if line.startswith("# ")), path.stem)
    resources = {"course": {"title": title, "mathjax_config": MATHJAX_CONFIG,
                            "widgets": WIDGET_STATE in deck.metadata.get("widgets", {}),
                            "fit_widgets": FIT_WIDGETS_JS},
                 "metadata": {"name": path.stem}}
    body, _ = exporter().from_notebook_node(deck, resources=resources)
    target = output / f"{path.stem}.slides.html"
    target.write_text(body, encoding="utf-8")
    return target, title, count_slides(deck)


def write_index(output: Path, decks: dict[str, tuple[str, int]]) -> None:
    items = "\n".join(
        f'<li><a href="{html.escape(name)}">{html.escape(title)}</a> '
        f'<span class="count">({count} slides)</span></li>'
        for name, (title, count) in sorted(decks.items()))
    (output / "index.html").write_text(INDEX.format(course=COURSE, items=items), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="folder of the decks")
    parser.add_argument("chapters", nargs="*", metavar="CHAPTER", help="number or name of a chapter")
    args = parser.parse_args(argv)
    paths = chapter_paths(args.chapters)
    start = time.perf_counter()
    install_node_modules()
    output = args.output.resolve()
    output.mkdir(parents=True, exist_ok=True)
    copy_vendor(output)
    manifest_path = output / "decks.json"
    decks = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    decks = {name: value for name, value in decks.items() if (output / name).exists()}
    for path in paths:
        target, title, count = build_deck(path, output)
        decks[target.name] = (title, count)
        print(f"{target.relative_to(output)}: {count} slides")
    manifest_path.write_text(json.dumps(decks, indent=1, ensure_ascii=False), encoding="utf-8")
    write_index(output, decks)
    seconds = time.perf_counter() - start
    print(f"{len(paths)} decks in {output} ({seconds:.1f} s); open {output / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
