"""Make the chapters' markup render everywhere a learner opens them.

Usage (after the chapter branches are merged; then re-sync and re-execute)::

    .venv/bin/python scripts/portable_notebooks.py            # rewrites notebooks/NN-*.py
    .venv/bin/python scripts/portable_notebooks.py --check    # exit 1 if anything would change

The script edits the jupytext twins (``notebooks/NN-topic.py``) only; ``make
execute`` then syncs and re-executes the ``.ipynb``. It is idempotent: a second
run changes nothing. It works on any chapter ``notebooks/NN-topic.py``, so new
chapters (08-bayesian-comparison, 09-beyond-accuracy, 10-seeds-groups-time) need
nothing but a run.

Why: the book (Jupyter Book, MyST) is only one of the places a learner reads
a chapter. JupyterLab, Voila and Colab render Markdown cells with plain
CommonMark + HTML: a MyST directive such as ``{cite}`` or ``{admonition}``
shows there as raw text, and a "dropdown" solution shows open. (jupyterlab-myst
renders MyST in JupyterLab only; Voila renders Markdown on the server with
nbconvert and Colab loads no JupyterLab extension, so that route leaves two of
the four channels raw.) So the notebooks are written in markup all four render:

1. Citations ``{cite}`key1,key2``` become readable text with a link, e.g.
   "([Dietterich, 1998](https://doi.org/...))", and a "References" cell at the
   end of the chapter lists the full entries (from references.bib).
2. Admonitions: a ``{admonition}`` with ``:class: dropdown`` (a folded
   solution) becomes an HTML ``<details class="solution">`` fold whose inner
   Markdown and math still render; a note/tip/warning becomes a quoted
   paragraph with a bold title. Any other directive stops the script with the
   cell named (so new MyST syntax cannot slip in unnoticed).
3. Solution code: each code cell right after a solution fold is tagged
   ``solution`` (the book build moves it, with its output, into the fold;
   JupyterLab shows it collapsed through ``jupyter.source_hidden`` and
   ``jupyter.outputs_hidden``; ``make app`` tells Voila to leave it out).
4. Figure captions: each figure cell (``mystnb.figure.caption``, which the book
   shows) is followed by a Markdown cell "**Figure N.M.** caption" tagged
   ``remove-cell`` (the book drops it, since it has its own caption) and
   ``figure-caption``, so JupyterLab, Voila and Colab show the caption too.
5. Colab: the first cell installs the course from the repository URL set in
   _config.yml when lecture_lib is missing, and does nothing elsewhere (tagged
   ``remove-cell``: the book does not show it).
6. Self-check quiz: the chapter's questions from quizzes/quizzes.yml, as
   Markdown with one ``<details>`` per answer (click an answer to see whether it
   is right and why), before the "## Exercises" heading. No JavaScript, so it
   works offline on the website, in JupyterLab (trusted or not), Voila and Colab.
"""

from __future__ import annotations

import argparse
import re
import sys
import unicodedata
from pathlib import Path

import jupytext
import nbformat
import yaml

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
CHAPTER = re.compile(r"^(\d\d)-([a-z0-9-]+)\.py$")

INSTALL_MARKER = "# Runs only where the course library is missing (Colab, a fresh Binder or venv)"
REFERENCES_TAG = "references"
CAPTION_TAG = "figure-caption"
QUIZ_TAG = "quiz"
SOLUTION_TAG = "solution"

CITE = re.compile(r"\{cite(?::[pt])?\}`([^`]+)`")
FENCE_OPEN = re.compile(r"^(`{3,}|:{3,})\{([\w:-]+)\}\s*(.*)$")
PLAIN_ADMONITIONS = {"note": "Note", "tip": "Tip", "warning": "Warning", "important": "Important",
                     "caution": "Caution", "hint": "Hint", "attention": "Attention", "seealso": "See also"}


# ----------------------------------------------------------------------------- inputs


def repository() -> tuple[str, str]:
    """The one repository URL of the course and its branch (from _config.yml)."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    return config["repository"]["url"].rstrip("/"), config["repository"].get("branch", "main")


def install_cell_source(url: str | None = None, branch: str | None = None) -> str:
    """The code of the first cell of every chapter."""
    if url is None or branch is None:
        url, branch = repository()
    return "\n".join([
        INSTALL_MARKER + ":",
        "# install it from the course repository. Elsewhere this cell does nothing.",
        "import importlib.util, subprocess, sys",
        "",
        'if importlib.util.find_spec("lecture_lib") is None:',
        "    subprocess.run(",
        '        [sys.executable, "-m", "pip", "install", "--quiet",',
        f'         "lecture_lib @ git+{url}@{branch}"],',
        "        check=True,",
        "    )",
    ])


# LaTeX accent commands of references.bib and the Unicode combining mark each one adds
LATEX_ACCENTS = {"'": "\u0301", "`": "\u0300", '"': "\u0308", "^": "\u0302", "~": "\u0303", "=": "\u0304",
                 ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
                 "r": "\u030a"}
LATEX_ACCENT = re.compile(r"\\([`'\"^~=.uvHckr])(?:\{\s*([A-Za-z])\s*\}|\s*([A-Za-z]))")


def latex_to_unicode(text: str) -> str:
    """Accents (Dem{\\v{s}}ar, M{\\"u}ller) and escaped symbols (\\&) as plain Unicode text."""
    text = LATEX_ACCENT.sub(
        lambda m: unicodedata.normalize("NFC", (m.group(2) or m.group(3)) + LATEX_ACCENTS[m.group(1)]), text
    )
    return re.sub(r"\\([&%$#_])", r"\1", text)


def bibliography() -> dict:
    """references.bib as {key: {"cite": "Author, year", "link": url or "", "full": markdown}}."""
    from pybtex.database import parse_file

    data = parse_file(str(ROOT / "references.bib"))
    clean = latex_to_unicode
    entries = {}
    for key, entry in data.entries.items():
        people = entry.persons.get("author") or entry.persons.get("editor") or []
        last = [clean(" ".join(p.last_names)).replace("{", "").replace("}", "") for p in people]
        if len(last) == 1:
            short = last[0]
        elif len(last) == 2:
            short = f"{last[0]} and {last[1]}"
        else:
            short = f"{last[0]} et al."
        fields = {k.lower(): clean(v).replace("{", "").replace("}", "").replace("``", "\u201c")
                  .replace("''", "\u201d").replace("--", "\u2013") for k, v in entry.fields.items()}
        year = fields.get("year", "n.d.")
        link = f"https://doi.org/{fields['doi']}" if "doi" in fields else fields.get("url", "")
        names = []
        for p in people:
            initials = " ".join(n[0] + "." for n in p.first_names + p.middle_names)
            name = clean(" ".join(p.last_names) + ", " + initials)
            names.append(name.replace("{", "").replace("}", "").rstrip(", "))
        authors = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        venue = (fields.get("journal") or fields.get("booktitle") or fields.get("publisher")
                 or fields.get("howpublished", ""))
        details = ", ".join(part for part in (
            f"*{venue}*" if venue else "",
            fields.get("volume", "") + (f"({fields['number']})" if "number" in fields else ""),
            fields.get("pages", ""),
        ) if part)
        full = f"{authors} ({year}). {fields.get('title', key)}." + (f" {details}." if details else "")
        if link:
            full += f" <{link}>"
        entries[key] = {"cite": f"{short}, {year}", "link": link, "full": full}
    return entries


def quizzes() -> dict:
    path = ROOT / "quizzes" / "quizzes.yml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else {}


# ----------------------------------------------------------------------------- markdown


def replace_citations(text: str, bib: dict, cited: list[str], where: str) -> str:
    def one(match):
        keys = [k.strip() for k in match.group(1).split(",") if k.strip()]
        parts = []
        for key in keys:
            if key not in bib:
                raise SystemExit(f"{where}: {{cite}} names {key!r}, which is not in references.bib")
            if key not in cited:
                cited.append(key)
            entry = bib[key]
            parts.append(f"[{entry['cite']}]({entry['link']})" if entry["link"] else entry["cite"])
        return "(" + "; ".join(parts) + ")"

    return CITE.sub(one, text)


def replace_directives(text: str, where: str) -> tuple[str, bool]:
    """MyST fences -> portable markup. Returns the text and whether it holds a solution fold."""
    lines = text.split("\n")
    out, i, solution = [], 0, False
    while i < len(lines):
        match = FENCE_OPEN.match(lines[i])
        if not match:
            out.append(lines[i])
            i += 1
            continue
        fence, name, argument = match.groups()
        j = i + 1
        options = {}
        while j < len(lines) and lines[j].startswith(":") and not lines[j].startswith(fence[0] * 3):
            key, _, value = lines[j][1:].partition(":")
            options[key.strip()] = value.strip()
            j += 1
        body = []
        while j < len(lines) and lines[j].strip() != fence:
            body.append(lines[j])
            j += 1
        if j == len(lines):
            raise SystemExit(f"{where}: the {{{name}}} fence opened by {lines[i]!r} is never closed")
        while body and not body[0].strip():
            body.pop(0)
        while body and not body[-1].strip():
            body.pop()
        classes = options.get("class", "").split()
        if name == "admonition" and "dropdown" in classes:
            title = argument or "Details"
            kind = "solution" if title.lower().startswith("solution") else "fold"
            solution = solution or kind == "solution"
            out += [f'<details class="{kind}">', f"<summary>{title}</summary>", "", *body, "", "</details>"]
        elif name == "admonition" or name in PLAIN_ADMONITIONS:
            title = argument if name == "admonition" else PLAIN_ADMONITIONS[name]
            out += [f"> **{title}.**" + (f" {body[0]}" if body else "")]
            out += [f"> {line}" if line else ">" for line in body[1:]]
        else:
            raise SystemExit(f"{where}: the MyST directive {{{name}}} does not render in JupyterLab, "
                             "Voila or Colab; write it in Markdown/HTML or teach "
                             "scripts/portable_notebooks.py about it")
        i = j + 1
    return "\n".join(out), solution


def quiz_markdown(quiz: dict, chapter: int) -> str:
    lines = ["## Self-check", "",
             "Click an answer to see whether it is right, and why. (Nothing is recorded.)", ""]
    for number, question in enumerate(quiz["questions"], start=1):
        lines += [f"**Question {number}.** {question['question'].strip()}", ""]
        answers = list(question["answers"])
        shift = (3 * number + chapter) % len(answers)  # the right answer is not always (a)
        answers = answers[shift:] + answers[:shift]
        for letter, answer in zip("abcdefgh", answers):
            verdict = "Right." if answer.get("correct") else "Not quite."
            lines += ['<details class="quiz-answer">',
                      f"<summary>({letter}) {answer['text'].strip()}</summary>", "",
                      f"**{verdict}** {answer['why'].strip()}", "", "</details>", ""]
    return "\n".join(lines).rstrip() + "\n"


# ----------------------------------------------------------------------------- notebook


def _tags(cell) -> list:
    return cell.setdefault("metadata", {}).setdefault("tags", [])


def _has_tag(cell, tag) -> bool:
    return tag in cell.get("metadata", {}).get("tags", [])


def _set_tags(cell, add=(), remove=()):
    tags = [t for t in cell.get("metadata", {}).get("tags", []) if t not in remove]
    for tag in add:
        if tag not in tags:
            tags.append(tag)
    if tags:
        cell.setdefault("metadata", {})["tags"] = tags
    else:
        cell.get("metadata", {}).pop("tags", None)


def convert(nb, chapter: int, slug: str, bib: dict, quiz_bank: dict, where: str):
    """Apply every step to a notebook (nbformat node, changed in place)."""
    # drop what an earlier run generated; it is made again below from the current content
    nb.cells = [c for c in nb.cells if not (
        _has_tag(c, REFERENCES_TAG) or _has_tag(c, CAPTION_TAG) or _has_tag(c, QUIZ_TAG)
        or (c.cell_type == "code" and c.source.startswith(INSTALL_MARKER)))]

    cited: list[str] = []
    cells = []
    after_solution = False
    figure = 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            text, solution = replace_directives(cell.source, where)
            text = replace_citations(text, bib, cited, where)
            solution = solution or '<details class="solution">' in text
            cell.source = text
            cells.append(cell)
            after_solution = solution
            continue
        if after_solution:
            _set_tags(cell, add=[SOLUTION_TAG], remove=["hide-input", "hide-output", "hide-cell"])
            jupyter = cell.metadata.setdefault("jupyter", {})
            jupyter["source_hidden"] = True
            jupyter["outputs_hidden"] = True
        cells.append(cell)
        caption = cell.metadata.get("mystnb", {}).get("figure", {}).get("caption")
        if caption:
            figure += 1
            cells.append(nbformat.v4.new_markdown_cell(
                f"**Figure {chapter}.{figure}.** {caption}",
                metadata={"tags": ["remove-cell", CAPTION_TAG]}))

    quiz = quiz_bank.get(slug)
    if quiz:
        block = nbformat.v4.new_markdown_cell(quiz_markdown(quiz, chapter).rstrip("\n"),
                                              metadata={"tags": [QUIZ_TAG]})
        position = next((i for i, c in enumerate(cells)
                         if c.cell_type == "markdown" and c.source.lstrip().startswith("## Exercises")),
                        len(cells))
        cells.insert(position, block)
    for cell in cells:  # citations converted by an earlier run count too
        if cell.cell_type == "markdown":
            for key, entry in bib.items():
                if key in cited:
                    continue
                if entry["link"]:
                    found = f"[{entry['cite']}]({entry['link']})" in cell.source
                else:  # "(Kohavi, 1995)" or "...; Kohavi, 1995)"
                    pattern = r"[(;]\s?" + re.escape(entry["cite"]) + r"[;)]"
                    found = re.search(pattern, cell.source) is not None
                if found:
                    cited.append(key)
    if cited:
        listing = "\n".join(f"- {bib[key]['full']}" for key in sorted(cited, key=lambda k: bib[k]["cite"]))
        cells.append(nbformat.v4.new_markdown_cell("## References\n\n" + listing,
                                                   metadata={"tags": [REFERENCES_TAG]}))
    install = nbformat.v4.new_code_cell(install_cell_source(), metadata={"tags": ["remove-cell"]})
    nb.cells = [install] + cells
    for cell in nb.cells:  # jupytext keeps no ids in the .py twin
        cell.pop("id", None)
    return nb


def chapters(folder: Path = NOTEBOOKS) -> list[tuple[Path, int, str]]:
    found = []
    for path in sorted(folder.glob("*.py")):
        match = CHAPTER.match(path.name)
        if match:
            found.append((path, int(match.group(1)), match.group(2)))
    return found


def process(path: Path, chapter: int, slug: str, bib: dict, quiz_bank: dict) -> tuple[str, str]:
    """(old text, new text) of one twin."""
    old = path.read_text(encoding="utf-8")
    nb = jupytext.reads(old, fmt="py:percent")
    convert(nb, chapter, slug, bib, quiz_bank, path.name)
    new = jupytext.writes(nb, fmt="py:percent")
    return old, new


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a twin would change")
    parser.add_argument("--folder", type=Path, default=NOTEBOOKS, help="folder of the NN-topic.py twins")
    args = parser.parse_args(argv)
    bib, quiz_bank = bibliography(), quizzes()
    changed = []
    for path, chapter, slug in chapters(args.folder):
        old, new = process(path, chapter, slug, bib, quiz_bank)
        if old != new:
            changed.append(path.name)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    verb = "would change" if args.check else "changed"
    print(f"{verb}: {', '.join(changed) if changed else 'nothing'}")
    return 1 if (args.check and changed) else 0


if __name__ == "__main__":
    sys.exit(main())
