"""``make slides`` (issue 25): scripts/slides.py turns the executed chapters into reveal.js decks.

(a) The slide-type rule, on a small synthetic notebook: headings start slides and sub-slides, long prose
    goes to the speaker notes with its first sentence on the slide, solutions, quizzes, references and
    removed cells are skipped, long printed output is cut across slides, short inputs are shown and
    long ones hidden, an explicit ``slideshow.slide_type`` is kept, and the notebook is not changed.
(b) Every chapter's deck names no asset (script, style sheet, font, image) on another host.
(c) In the system Chromium (marker ``browser``): every deck, built by ``scripts/slides.py`` and served
    from 127.0.0.1 at 1280 x 720, is ready, has at least one slide per ``#``/``##`` heading of its
    chapter, nothing on any slide is taller or wider than the slide, MathJax typeset its formulas, its
    widget snapshots rendered, and no request left 127.0.0.1 (nor failed).
"""

from __future__ import annotations

import copy
import html
import importlib
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest
from bs4 import BeautifulSoup

from conftest import serve_directory

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
SLIDE_WIDTH, SLIDE_HEIGHT = 1280, 720
MAX_SLIDES = 120  # a deck longer than this has been cut into far too many continuations
SECRET = "SOLUTION-TEXT-THAT-MUST-NOT-SHOW"


@pytest.fixture(scope="module")
def slides():
    """scripts/slides.py as a module (it imports build_book and site_postprocess from scripts/)."""
    sys.path.insert(0, str(SCRIPTS))
    try:
        return importlib.import_module("slides")
    finally:
        sys.path.remove(str(SCRIPTS))


# --------------------------------------------------------------------------- (a) the rule
LONG_PROSE = (
    "Two models scored on the same test set are paired. Each test example gives one verdict for each "
    "model, so the two accuracies are not independent, and any test that treats them as independent "
    "gets the variance wrong. The rest of this chapter builds the test that uses the pairing."
)


def synthetic_notebook() -> nbformat.NotebookNode:
    md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell

    def stream(text):
        return nbformat.v4.new_output("stream", name="stdout", text=text)

    def tagged(cell, *tags):
        cell.metadata["tags"] = list(tags)
        return cell

    long_output = "".join(f"row {k:3d}: {'x' * 40}\n" for k in range(80))
    cells = [
        tagged(code("install()", outputs=[stream("installing\n")]), "remove-cell"),
        md("# The chapter\n\n## Overview\n\n" + LONG_PROSE + "\n\n- first objective. It has detail.\n"
           "- second objective"),
        code("print(mcnemar(table))", outputs=[stream("statistic 4.5, p-value 0.0339\n")]),
        md("## The formula\n\nUnder $H_0$ the split is fair.\n\n$$\nz = \\frac{b - c}{\\sqrt{b + c}}\n$$\n\n"
           "### A detail\n\nShort remark."),
        code("\n".join(f"step_{k} = {k}" for k in range(10)) + "\nprint(table)", outputs=[stream(long_output)]),
        md("## Exercises\n\n**Exercise 1.** Compute the statistic for b = 11 and c = 1. What is the p-value?"),
        md(f'<details class="solution">\n<summary>Solution to exercise 1</summary>\n\n{SECRET} in prose.\n\n'
           "</details>"),
        tagged(code("print(answer)", outputs=[stream(f"{SECRET} in code\n")]), "solution"),
        tagged(md(f"## Self-check\n\n{SECRET} in the quiz."), "quiz"),
        tagged(md(f"## References\n\n- {SECRET} in the references."), "references"),
        code("setup = 1"),  # no output: set-up, not on a slide
        md("A cell the author placed on a slide of its own."),
        md("A cell the author left out of the slides."),
    ]
    cells[-2].metadata["slideshow"] = {"slide_type": "slide"}
    cells[-1].metadata["slideshow"] = {"slide_type": "skip"}
    return nbformat.v4.new_notebook(cells=cells)


def _types(deck):
    return [(c.metadata.get("slideshow", {}).get("slide_type", "-"), c.cell_type, c.source) for c in deck.cells]


def test_the_slide_type_rule_on_a_synthetic_notebook(slides):
    notebook = synthetic_notebook()
    before = copy.deepcopy(notebook)
    deck = slides.plan(notebook, "02-synthetic")
    assert notebook == before, "the notebook itself must not change (the rule works on a copy)"
    types = _types(deck)
    starts = [(kind, source.splitlines()[0]) for kind, _, source in types if kind in ("slide", "subslide")]

    # headings: # and ## start slides, ### a sub-slide, in the order of the chapter
    headings = [line for _, line in starts if not line.endswith("(continued)")]
    assert headings[:5] == ["# The chapter", "## Overview", "## The formula", "### A detail", "## Exercises"]
    kinds = {line: kind for kind, line in starts}
    assert kinds["# The chapter"] == kinds["## Overview"] == kinds["## The formula"] == "slide"
    assert kinds["### A detail"] == "subslide"

    # prose: the whole paragraph in the notes, only its first sentence on the slide
    notes = "\n".join(source for kind, _, source in types if kind == "notes")
    on_slides = [source for kind, cell_type, source in types if kind not in ("notes", "skip")]
    assert LONG_PROSE in notes
    assert "Two models scored on the same test set are paired." in on_slides
    assert not any("gets the variance wrong" in source for source in on_slides)
    # display math, a short paragraph, a list (items cut to their first sentence) and an exercise stay
    assert any(source.startswith("$$") and "\\frac{b - c}" in source for source in on_slides)
    assert "Short remark." in on_slides
    assert "- first objective.\n- second objective" in on_slides
    assert any(source.startswith("**Exercise 1.** Compute") for source in on_slides)

    # skipped: removed cells, solutions (markdown folds and code), quiz, references, set-up code
    everything = json.dumps(deck)
    assert SECRET not in everything
    assert "installing" not in everything and "Self-check" not in everything and "References" not in everything
    assert "setup = 1" not in everything

    # code: a short input is shown with its output; a long one is hidden, its output cut across slides
    codes = [c for c in deck.cells if c.cell_type == "code"]
    assert codes[0].source == "print(mcnemar(table))" and "transient" not in codes[0].metadata
    assert codes[0].outputs[0].text == "statistic 4.5, p-value 0.0339\n"
    parts = [c for c in codes if c.source.startswith("step_0")]
    assert len(parts) >= 3, "80 printed lines fit no slide: they must be cut into parts"
    assert all(c.metadata["transient"] == {"remove_source": True} for c in parts)
    printed = [line for c in parts for line in c.outputs[0].text.splitlines()]
    assert printed == [f"row {k:3d}: {'x' * 40}" for k in range(80)]
    assert all(len(c.outputs[0].text.splitlines()) <= 26 for c in parts)
    # each part after the first is on a continuation slide of the same section
    assert sum(line == "## The formula (continued)" or line == "### A detail (continued)" for _, line in starts) \
        >= len(parts) - 1

    # explicit slide types are kept: a slide of its own, and a cell left out
    assert ("slide", "markdown", "A cell the author placed on a slide of its own.") in types
    assert "left out of the slides" not in "".join(s for k, _, s in types if k != "skip")
    assert slides.count_slides(deck) == len(starts)


def test_sentences_are_cut_outside_markup(slides):
    assert slides.first_sentence("See e.g. the table. Next one.") == "See e.g. the table."
    assert slides.first_sentence("With $p = 0.05$. Then more.") == "With $p = 0.05$."
    assert slides.first_sentence("**Source 002, ten instances.** The tutorial lists.") == \
        "**Source 002, ten instances.**"
    assert slides.first_sentence("By R. J. Connor (1987). The formula.") == "By R. J. Connor (1987)."
    assert slides.first_sentence("A link [Edwards, 1948. Psych.](https://doi.org/x.y) here. Next.") == \
        "A link [Edwards, 1948. Psych.](https://doi.org/x.y) here."
    short = slides.shorten("word " * 80, 50)
    assert short.endswith(" …") and slides.visible_length(short) <= 50
    assert slides.shorten("$" + "x" * 300 + "$", 100) is None  # no safe cut inside the formula


def test_a_tall_html_table_is_cut_into_groups_of_rows(slides):
    rows = "".join(f"<tr><td>test {k}</td><td>{'when, H0, assumptions ' * 6}</td></tr>" for k in range(30))
    markup = f"<table class='cards'><caption>Tests</caption><thead><tr><th>a</th><th>b</th></tr></thead>" \
             f"<tbody>{rows}</tbody></table>"
    parts = slides.html_parts(markup, 500)
    assert len(parts) > 2 and all(height <= 500 for _, height in parts)
    for part, _ in parts:
        table = BeautifulSoup(part, "html.parser").table
        assert table["class"] == ["cards"] and table.caption.text == "Tests" and table.thead is not None
    assert sum(part.count("<tr><td>") for part, _ in parts) == 30


# --------------------------------------------------------------------------- (b) no remote assets
ASSET_ATTRIBUTES = {"script": "src", "link": "href", "img": "src", "source": "src", "iframe": "src",
                    "video": "src", "audio": "src", "embed": "src", "object": "data"}
REMOTE = re.compile(r"^\s*(https?:)?//", re.I)
CSS_REMOTE = re.compile(r"""(url\(\s*['"]?\s*(https?:)?//|@import\s+(url\()?\s*['"]?\s*(https?:)?//)""", re.I)


def remote_assets(markup: str) -> list[str]:
    """The asset URLs of a page (and of the HTML inside its widget state) that point to another host."""
    soup = BeautifulSoup(markup, "html.parser")
    found = [f"<{tag.name} {attr}={tag[attr]}>" for name, attr in ASSET_ATTRIBUTES.items()
             for tag in soup.find_all(name) if tag.get(attr) and REMOTE.match(tag[attr])]
    found += [f"style: {m.group(0)}" for style in soup.find_all("style") for m in CSS_REMOTE.finditer(style.text)]
    found += [f"style attribute: {tag['style'][:80]}" for tag in soup.find_all(style=CSS_REMOTE)]
    found += [f"{tag.name} data-jupyter-widgets-cdn={tag['data-jupyter-widgets-cdn']}"
              for tag in soup.find_all(attrs={"data-jupyter-widgets-cdn": REMOTE})]
    for state in soup.find_all("script", type="application/vnd.jupyter.widget-state+json"):
        for model in json.loads(state.string)["state"].values():
            value = model["state"].get("value")
            if isinstance(value, str) and "<" in value:
                found += [f"widget {model['model_name']}: {url}" for url in remote_assets(value)]
    return found


def test_the_remote_asset_check_catches_each_kind():
    page = ('<script src="https://cdn.example/x.js"></script><link rel="stylesheet" href="//fonts.example/f.css">'
            '<style>@import "https://fonts.example/a.css"; .x { background: url(http://x/y.png) }</style>'
            '<img src="http://x/y.png"><div style="background: url(\'https://x/z.png\')"></div>'
            '<script src="vendor/reveal.js/reveal.js"></script><a href="https://doi.org/10.1/x">a paper</a>')
    assert len(remote_assets(page)) == 6


@pytest.fixture(scope="module")
def rendered_decks(slides, tmp_path_factory) -> Path:
    """Every chapter's deck rendered in-process (no vendor files, so no npm needed)."""
    output = tmp_path_factory.mktemp("decks-html")
    for chapter in CHAPTERS:
        slides.build_deck(chapter, output)
    return output


def test_no_deck_loads_an_asset_from_another_host(slides, rendered_decks):
    assert len(list(rendered_decks.glob("*.slides.html"))) == len(CHAPTERS) >= 10
    problems = {path.name: remote_assets(path.read_text(encoding="utf-8"))
                for path in sorted(rendered_decks.glob("*.slides.html"))}
    assert not {name: found for name, found in problems.items() if found}
    assert not CSS_REMOTE.search(slides.SLIDES_CSS) and "http" not in slides.REQUIRE_CONFIG_JS
    # every local asset a deck names is one that copy_vendor() writes
    vendored = {f"vendor/reveal.js/{name}" for name in slides.REVEAL_FILES} | {
        "vendor/mathjax/tex-chtml.js", "vendor/requirejs/require.js", "vendor/require-config.js",
        "vendor/html-manager/embed-amd.js", "vendor/course-slides.css"}
    soup = BeautifulSoup((rendered_decks / "02-mcnemar.slides.html").read_text(encoding="utf-8"), "html.parser")
    named = {tag.get("src") or tag.get("href") for tag in soup.find_all(["script", "link"])} - {None}
    assert named == vendored


def test_no_deck_shows_a_solution_or_the_quiz(rendered_decks):
    for chapter in CHAPTERS:
        notebook = nbformat.read(chapter, as_version=4)
        solutions = [c for c in notebook.cells if "solution" in c.metadata.get("tags", [])]
        elsewhere = json.dumps([c for c in notebook.cells if c not in solutions], ensure_ascii=False)
        printed = {line.strip() for c in solutions for o in c.get("outputs", []) if o.output_type == "stream"
                   for line in o.text.splitlines() if len(line.strip()) > 30}
        only_in_solutions = {line for line in printed if json.dumps(line, ensure_ascii=False)[1:-1] not in elsewhere}
        deck = (rendered_decks / f"{chapter.stem}.slides.html").read_text(encoding="utf-8")
        shown = [line for line in only_in_solutions if html.escape(line, quote=False) in deck]
        assert only_in_solutions and not shown, f"{chapter.name}: solution output on a slide: {shown[:3]}"
        soup = BeautifulSoup(deck, "html.parser")
        assert "Self-check" not in soup.get_text(), chapter.name
        # the homework's answer names ("Store ... in `ex2_first_b`") stay in the notebook, off the slides
        for notes in soup.select("aside.notes"):
            notes.decompose()
        exercises = "Exercise 1." in soup.get_text()
        assert exercises and not re.findall(r"\bex\d+_\w+", soup.get_text()), chapter.name


def test_an_exercise_loses_its_answer_names_and_a_cut_prefers_a_clause(slides):
    text = ("**Exercise 4.** Why? Check it with the exact test: store its p-value for SVM against k-NN, in "
            "that order, in a tuple `ex4_pvalues`. Then explain. Store the rates at `0.01` and `0.05` in `ex5_rates`.")
    kept = slides.ANSWER_SENTENCE.sub("", text)
    assert "ex4_" not in kept and "ex5_" not in kept
    assert "Check it with the exact test" in kept and "Then explain" in kept
    long = ("When the two models disagree on many examples, the chi-squared approximation is good, and the four "
            "variants give nearly the same p-value for every split of the disagreements")
    cut = slides.shorten(long, 120)
    assert cut.endswith("is good …"), cut  # at the comma, not in the middle of the next clause


# --------------------------------------------------------------------------- (c) in Chromium
def chapter_headings(chapter: Path, skipped: set[str]) -> int:
    """The ``#`` and ``##`` headings of a chapter's cells that go on slides."""
    notebook = nbformat.read(chapter, as_version=4)
    return sum(line.startswith(("# ", "## "))
               for cell in notebook.cells if cell.cell_type == "markdown"
               and not set(cell.metadata.get("tags", [])) & skipped
               for line in cell.source.splitlines())


@pytest.fixture(scope="module")
def built_slides(tmp_path_factory) -> Path:
    """``scripts/slides.py --output DIR``, as ``make slides`` runs it (vendor files included)."""
    output = tmp_path_factory.mktemp("slides")
    result = subprocess.run([sys.executable, str(SCRIPTS / "slides.py"), "--output", str(output)],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return output


@pytest.fixture(scope="module")
def slides_server(built_slides):
    """The decks on http://127.0.0.1:<free port>/ (stopped after the module)."""
    with serve_directory(built_slides) as url:
        yield url


# Every slide in turn (two frames each, so the widget-fitting script has run): the bottom and right edge
# of its content, in slide pixels, and any <pre> that would need a horizontal scroll bar.
WALK_JS = """
async () => {
  const box = document.querySelector('.reveal .slides').getBoundingClientRect();
  const scale = Reveal.getScale();
  const slides = [];
  const stacks = Reveal.getHorizontalSlides();
  for (let h = 0; h < stacks.length; h++) {
    const count = Math.max(stacks[h].querySelectorAll(':scope > section').length, 1);
    for (let v = 0; v < count; v++) {
      Reveal.slide(h, v);
      await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
      const slide = Reveal.getCurrentSlide();
      let bottom = 0, right = 0, scrolling = 0;
      for (const el of slide.querySelectorAll('*')) {
        if (el.closest('aside.notes')) continue;
        const r = el.getBoundingClientRect();
        if (!r.width && !r.height) continue;
        bottom = Math.max(bottom, (r.bottom - box.top) / scale);
        right = Math.max(right, (r.right - box.left) / scale);
        if (el.tagName === 'PRE' && el.scrollWidth > el.clientWidth + 1) scrolling += 1;
      }
      const title = (slide.querySelector('h1, h2, h3') || {textContent: ''}).textContent.trim().slice(0, 60);
      slides.push({h, v, title, bottom: Math.round(bottom), right: Math.round(right), scrolling});
    }
  }
  return slides;
}
"""
WIDGETS_DRAWN_JS = """
() => document.querySelectorAll('script[type="application/vnd.jupyter.widget-view+json"]').length
      <= document.querySelectorAll('.widget-subarea > *').length
"""


@pytest.mark.browser
def test_every_deck_fits_1280_by_720_and_stays_on_the_machine(slides, built_slides, slides_server, new_page):
    started = time.perf_counter()
    manifest = json.loads((built_slides / "decks.json").read_text(encoding="utf-8"))
    index = (built_slides / "index.html").read_text(encoding="utf-8")
    assert sorted(manifest) == [f"{c.stem}.slides.html" for c in CHAPTERS]
    assert all(f'href="{name}"' in index for name in manifest)
    problems, counts = [], {}
    for chapter in CHAPTERS:
        name = f"{chapter.stem}.slides.html"
        page, log = new_page()
        page.set_viewport_size({"width": SLIDE_WIDTH, "height": SLIDE_HEIGHT})
        response = page.goto(f"{slides_server}/{name}", wait_until="load", timeout=30_000)
        assert response is not None and response.ok, f"{name}: {response and response.status}"
        page.wait_for_function("window.Reveal && Reveal.isReady()", timeout=20_000)
        page.wait_for_function("window.MathJax && MathJax.startup && MathJax.startup.promise", timeout=20_000)
        page.evaluate("MathJax.startup.promise")
        page.wait_for_function(WIDGETS_DRAWN_JS, timeout=20_000)
        total = page.evaluate("Reveal.getTotalSlides()")
        counts[name] = total
        minimum = chapter_headings(chapter, slides.SKIP_TAGS)
        assert minimum <= total <= MAX_SLIDES, f"{name}: {total} slides for {minimum} headings"
        assert total == manifest[name][1], f"{name}: reveal.js counts {total}, the planner {manifest[name][1]}"
        math = page.evaluate("document.querySelectorAll('.slides mjx-container').length")
        math_errors = page.evaluate("document.querySelectorAll('.slides mjx-merror').length")
        assert math > 0 and math_errors == 0, f"{name}: {math} formulas typeset, {math_errors} TeX errors"
        assert page.evaluate("document.querySelectorAll('.slides aside.notes').length") > 0, name
        for slide in page.evaluate(WALK_JS):
            if slide["bottom"] > SLIDE_HEIGHT + 1 or slide["right"] > SLIDE_WIDTH + 1 or slide["scrolling"]:
                problems.append(f"{name} slide {slide['h']}/{slide['v']} {slide['title']!r}: bottom "
                                f"{slide['bottom']}, right {slide['right']}, {slide['scrolling']} scrolling <pre>")
        assert not log.external, f"{name}: requests left 127.0.0.1: {log.external}"
        failed = [(status, url) for status, url in log.failed_responses if not url.endswith("/favicon.ico")]
        assert not failed, f"{name}: failed requests {failed}"
        assert not log.page_errors, f"{name}: page errors {log.page_errors}"
        page.close()
    assert not problems, f"{len(problems)} slides do not fit 1280 x 720:\n" + "\n".join(problems[:20])
    assert time.perf_counter() - started < 60, f"walking the decks took {time.perf_counter() - started:.0f} s"
