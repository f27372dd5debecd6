"""The website: it builds with warnings as errors and loads nothing from third-party servers.

The book is built once per session by the ``built_book`` fixture (conftest.py),
with scripts/build_book.py, the script ``make book`` runs.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.book

# Inline <script> bodies may name no third-party URL at all: sphinx-thebe's inline
# script (THEBE_JS_URL on unpkg) and its example config are removed by
# scripts/site_postprocess.py, since the site has no live-code button.
INLINE_SCRIPT_URL_ALLOWED: tuple[str, ...] = ()

MATHJAX = "_static/vendor/mathjax/tex-chtml.js"
REQUIREJS = "_static/vendor/requirejs/require.js"
EMBED_AMD = "_static/vendor/html-manager/embed-amd.js"


def toc_files(toc: dict) -> list[str]:
    """Every document of a jb-book _toc.yml: the root and each ``file`` entry."""
    files = [toc["root"]]

    def walk(node):
        if isinstance(node, dict):
            if "file" in node:
                files.append(node["file"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk({key: value for key, value in toc.items() if key != "root"})
    return files


class ResourceParser(HTMLParser):
    """Collects the URLs a page *loads* (not the links a reader may follow)."""

    LOADING_ATTRIBUTES = {"src", "srcset", "poster", "data"}

    def __init__(self):
        super().__init__()
        self.resources: list[tuple[str, str, str]] = []  # (tag, attribute, url)
        self.script_attribute_urls: list[tuple[str, str]] = []
        self.inline_scripts: list[str] = []
        self._in_inline_script = False

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        for name, value in attrs:
            if value is None:
                continue
            if name in self.LOADING_ATTRIBUTES:
                urls = [part.strip().split(" ")[0] for part in value.split(",")] if name == "srcset" else [value]
                self.resources.extend((tag, name, url) for url in urls if url)
            elif tag == "script" and re.match(r"\s*(https?:)?//", value):
                # e.g. data-jupyter-widgets-cdn on the widget manager
                self.script_attribute_urls.append((name, value))
        if tag == "link" and attributes.get("href"):
            self.resources.append((tag, "href", attributes["href"]))
        self._in_inline_script = tag == "script" and "src" not in attributes and attributes.get(
            "type", "text/javascript"
        ) in {"text/javascript", "module", "application/javascript"}

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_inline_script = False

    def handle_data(self, data):
        if self._in_inline_script:
            self.inline_scripts.append(data)


def parse(page: Path) -> ResourceParser:
    parser = ResourceParser()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def is_relative(url: str) -> bool:
    parts = urlsplit(url)
    return (not parts.scheme and not parts.netloc) or parts.scheme == "data"


def local_target(page: Path, url: str) -> Path:
    return (page.parent / unquote(urlsplit(url).path)).resolve()


@pytest.fixture(scope="module")
def pages(built_book) -> list[Path]:
    # the built pages, not the theme's Jinja fragments copied into _static/
    found = sorted(p for p in built_book.rglob("*.html") if "_static" not in p.relative_to(built_book).parts)
    assert found, f"no HTML in {built_book}"
    return found


def test_every_toc_page_is_built(built_book):
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    missing = [name for name in toc_files(toc) if not (built_book / f"{name}.html").is_file()]
    assert not missing, f"pages listed in _toc.yml without HTML: {missing}"
    assert (built_book / "index.html").is_file()


def test_pages_load_nothing_from_third_party_servers(pages, built_book):
    offending = []
    for page in pages:
        parsed = parse(page)
        name = page.relative_to(built_book).as_posix()
        offending += [f"{name}: <{tag} {attr}={url!r}>" for tag, attr, url in parsed.resources if not is_relative(url)]
        offending += [f"{name}: <script {attr}={url!r}>" for attr, url in parsed.script_attribute_urls]
        for body in parsed.inline_scripts:
            for url in re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[^\s\"'`)]*", body):
                if not url.startswith(INLINE_SCRIPT_URL_ALLOWED):
                    offending.append(f"{name}: inline script names {url!r}")
    assert not offending, "third-party URLs in the built pages:\n" + "\n".join(offending)


def test_stylesheets_load_nothing_from_third_party_servers(built_book):
    pattern = re.compile(r"""(url\(\s*['"]?|@import\s+['"])(https?:)?//""")
    offending = [
        css.relative_to(built_book).as_posix()
        for css in built_book.joinpath("_static").rglob("*.css")
        if pattern.search(css.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not offending, f"stylesheets that load from other hosts: {offending}"


def test_every_loaded_resource_exists(pages, built_book):
    missing = []
    for page in pages:
        for tag, attr, url in parse(page).resources:
            if not is_relative(url) or url.startswith(("data:", "#")) or not urlsplit(url).path:
                continue
            if not local_target(page, url).exists():
                missing.append(f"{page.relative_to(built_book).as_posix()}: <{tag} {attr}={url!r}>")
    assert not missing, "resources referenced but not in the build:\n" + "\n".join(missing)


def test_mathjax_and_widget_manager_are_served_locally(pages, built_book):
    """Pages with math load the local MathJax; pages with widget state load require.js and embed-amd.js."""
    for relative in (MATHJAX, REQUIREJS, EMBED_AMD):
        assert (built_book / relative).is_file(), f"{relative} is missing from the build"
    fonts = list(built_book.joinpath("_static/vendor/mathjax/output/chtml/fonts/woff-v2").glob("*.woff"))
    assert fonts, "MathJax CHTML woff-v2 fonts are missing from the build"

    math_pages = widget_pages = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        loaded = {local_target(page, url) for _, _, url in parse(page).resources if is_relative(url)}
        if 'class="math' in text:
            math_pages += 1
            assert (built_book / MATHJAX).resolve() in loaded, f"{page.name} has math but does not load {MATHJAX}"
        if "application/vnd.jupyter.widget-state+json" in text:
            widget_pages += 1
            for relative in (REQUIREJS, EMBED_AMD):
                assert (built_book / relative).resolve() in loaded, (
                    f"{page.name} has widgets but does not load {relative}"
                )
    assert math_pages, "no built page contains math: MathJax was not exercised"
    if (ROOT / "notebooks" / "02-mcnemar.ipynb").exists():
        assert widget_pages, "no built page embeds widget state"


def test_bibliography_renders(built_book):
    intro = (built_book / "intro.html").read_text(encoding="utf-8")
    # the citation {cite}`dietterich1998` and its entry in the {bibliography}
    assert 'class="bibtex-citation"' in intro or "Dietterich, 1998" in intro
    assert "Dietterich, 1998" in intro
    assert "Approximate statistical tests for comparing supervised classification learning algorithms" in intro
    assert "Neural Computation" in intro
    assert 'role="doc-bibliography"' in intro or 'class="citation' in intro


def test_launch_buttons_binder_colab_and_an_optional_jupyterhub(built_book, tmp_path):
    import subprocess
    import sys

    page = (built_book / "notebooks" / "02-mcnemar.html").read_text(encoding="utf-8")
    # Binder and Colab open the chapter's notebook from the repository named in _config.yml.
    assert (
        "https://mybinder.org/v2/gh/comparing-classifiers/course/main?urlpath=lab/tree/notebooks/02-mcnemar.ipynb"
        in page
    )
    assert (
        "https://colab.research.google.com/github/comparing-classifiers/course/blob/main/notebooks/02-mcnemar.ipynb"
        in page
    )
    assert "git-pull?repo=" not in page  # no hub given: no JupyterHub button
    # With a hub (make book JUPYTERHUB_URL=...), its button pulls the repository with nbgitpuller.
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "build_book.py"), "--path-output", str(tmp_path), "--all",
         "--jupyterhub-url", "https://hub.example.edu/"],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    # the post-processing writes "&" in attributes as "&amp;": compare the URL the browser sees
    import html

    page = html.unescape((tmp_path / "_build" / "html" / "notebooks" / "02-mcnemar.html").read_text(encoding="utf-8"))
    assert ("https://hub.example.edu/hub/user-redirect/git-pull?repo=https%3A//github.com/comparing-classifiers/course"
            "&urlpath=lab/tree/course/notebooks/02-mcnemar.ipynb&branch=main") in page
    bad = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_book.py"), "--path-output", str(tmp_path),
                          "--jupyterhub-url", "hub.example.edu"], cwd=ROOT, capture_output=True, text=True)
    assert bad.returncode != 0 and "--jupyterhub-url must be an http(s) URL, got 'hub.example.edu'" in bad.stderr


def test_footer_author_year_and_no_thebe(pages, built_book):
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    assert config["copyright"] == "2026" and "course authors" not in config["author"].lower()
    intro = (built_book / "intro.html").read_text(encoding="utf-8")
    assert "2026" in intro and config["author"] in intro
    assert "CC BY 4.0" in intro and "MIT licence" in intro
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if "<body" not in text:  # index.html only redirects to intro.html
            continue
        assert "THEBE_JS_URL" not in text and "binder-examples" not in text, page.name
        assert "data-course-postprocessed" in text, f"{page.name} was not post-processed"


def test_static_explorers_and_snapshots_are_built(built_book):
    """Three explorers run on the page (their data files are in _static); the other widgets are snapshots."""
    import json

    data = sorted(built_book.joinpath("_static", "course", "explorers").glob("*.js"))
    names = set()
    for page in built_book.joinpath("notebooks").glob("*.html"):
        names |= set(re.findall(r'data-explorer="(\w+)"', page.read_text(encoding="utf-8")))
        state = re.search(r'<script type="application/vnd.jupyter.widget-state\+json">(.*?)</script>',
                          page.read_text(encoding="utf-8"), re.S)
        if state:  # every control of a snapshot is disabled
            models = json.loads(state.group(1))["state"].values()
            controls = [
                m for m in models if m["model_name"].endswith(("SliderModel", "DropdownModel", "CheckboxModel"))
            ]
            assert all(m["state"].get("disabled") for m in controls), page.name
    assert names >= {"mcnemar_explorer", "familywise_explorer", "which_test_explorer"}
    # The which-test explorer's states grew with issue 27's routes (grouped, time-ordered, practical):
    # 447 KB raw for the three explorers at that commit, about 65 KB gzipped as a server sends them.
    assert len(data) >= 3 and sum(p.stat().st_size for p in data) < 500_000


# --------------------------------------------------------------------------- the API reference page
# api.md is filled in at build time by scripts/api_reference.py (a Sphinx extension): one section per
# chapter, labelled api-chapter-N, and a last one, api-other, for the names no chapter teaches.

API_SECTION = re.compile(r"api-(chapter-(\d+)|other)$")
TAUGHT_IN = re.compile(r"Taught\s+in\s+chapters?\s+(\d+)")


def _api_page(built_book):
    """The parsed api.html and its sections: [(chapter number or None for api-other, section element)]."""
    from bs4 import BeautifulSoup

    page = built_book / "api.html"
    assert page.is_file(), "api.html was not built (is `- file: api` in _toc.yml?)"
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    article = soup.select_one("article.bd-article")
    sections = []
    for section in article.find_all("section"):
        labels = [section.get("id", "")] + [span["id"] for span in section.find_all("span", id=True, recursive=False)]
        match = next((API_SECTION.match(label) for label in labels if API_SECTION.match(label)), None)
        if match:
            sections.append((int(match.group(2)) if match.group(2) else None, section))
    return soup, article, sections


def _top_level_entries(element):
    """(dt, dd) of the autodoc entries in ``element`` that are not members of another entry."""
    entries = []
    for dl in element.find_all("dl", class_="py"):
        if dl.find_parent("dl", class_="py") is None:
            entries.append((dl.find("dt", recursive=False), dl.find("dd", recursive=False)))
    return entries


def _chapter_page(built_book, number: int) -> list[Path]:
    return sorted((built_book / "notebooks").glob(f"{number:02d}-*.html"))


def test_api_page_has_one_entry_for_every_public_name(built_book):
    import lecture_lib

    _, article, _ = _api_page(built_book)
    ids = [dt.get("id") for dt, _ in _top_level_entries(article)]
    expected = {f"lecture_lib.{name}" for name in lecture_lib.__all__}
    missing = sorted(expected - set(ids))
    assert not missing, f"names of lecture_lib.__all__ without an entry (anchor) on api.html: {missing}"
    assert not sorted(set(ids) - expected), f"entries for names outside __all__: {sorted(set(ids) - expected)}"
    twice = sorted({i for i in ids if ids.count(i) > 1})
    assert not twice, f"names with more than one entry: {twice}"


def test_api_entries_link_to_the_chapter_that_teaches_them(built_book):
    """Each entry of section "chapter N" links to chapter N's page, which was built; the sections agree
    with the docstrings' "Taught in chapter N"; the section of the other names claims no chapter."""
    import inspect

    import lecture_lib

    _, _, sections = _api_page(built_book)
    numbers = [number for number, _ in sections if number is not None]
    assert numbers and numbers == sorted(numbers), f"chapter sections missing or out of order: {numbers}"
    where: dict[str, int | None] = {}
    problems = []
    for number, section in sections:
        entries = _top_level_entries(section)
        for dt, _ in entries:
            where[dt.get("id", "").removeprefix("lecture_lib.")] = number
        if number is None:
            continue
        pages = _chapter_page(built_book, number)
        assert len(pages) == 1, f"section api-chapter-{number}: no single built page notebooks/{number:02d}-*.html"
        target = pages[0].resolve()
        for dt, dd in entries:
            own = dd.__copy__()
            for member in own.find_all("dl", class_="py"):
                member.decompose()  # a method's own links do not count for its class
            links = [
                a for a in own.find_all("a", href=True)
                if urlsplit(a["href"]).path and local_target(built_book / "api.html", a["href"]) == target
            ]
            if not any(str(number) in a.get_text() for a in links):
                problems.append(f"{dt.get('id')} (section chapter {number}) has no link 'chapter {number}' to "
                                f"{target.relative_to(built_book.resolve()).as_posix()}")
    assert not problems, "\n".join(problems)

    for name in lecture_lib.__all__:
        obj = getattr(lecture_lib, name)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue
        taught = TAUGHT_IN.search(inspect.getdoc(obj) or "")
        if taught and where.get(name) != int(taught.group(1)):
            section = f"chapter {where[name]}" if where.get(name) else "the other names"
            problems.append(f"{name}: its docstring says chapter {taught.group(1)}, the page lists it under {section}")
    assert not problems, "\n".join(problems)


def test_api_page_shows_no_raw_markup(built_book):
    """No reST or MyST syntax is left in the page's text (code blocks and math excepted)."""
    _, article, _ = _api_page(built_book)
    for hidden in article.select("pre, script, style, .math, div.highlight"):
        hidden.decompose()
    text = article.get_text(" ")
    raw = {
        "a reST role": r":[a-z]+(?::[a-z]+)?:`",
        "a MyST role": r"\{[a-z-]+(?::[a-z-]+)?\}`",
        "reST inline literal": r"``",
        "a directive": r"(?m)^\s*\.\. [\w:-]+::|```",
        "a citation reference": r"\[\w+\]_",
        "a numpydoc section underline": r"(?m)^\s*-{4,}\s*$",
        "bold markers": r"(?<![\w*])\*\*\w[^*\n]{0,80}\*\*(?![\w*])",  # not **kwargs, not t**3
    }
    found = [
        f"{what}: ...{text[max(0, m.start() - 60):m.end() + 60]!r}..."
        for what, pattern in raw.items()
        for m in re.finditer(pattern, text)
    ]
    assert not found, "raw markup on api.html:\n" + "\n".join(found[:20])


def test_api_page_generator_guards():
    """The extension's pure parts: chapter links, plain references, and the misplaced-paragraph check."""
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        from api_reference import link_chapters, misplaced_paragraphs, plain_references
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    pages = {2: "notebooks/02-mcnemar", 4: "notebooks/04-two", 6: "notebooks/06-many"}
    assert link_chapters("Taught in\nchapter 6 (``notebooks/06-many``).", pages) == (
        "Taught in\n:doc:`chapter 6 </notebooks/06-many>` (``notebooks/06-many``)."
    )
    assert link_chapters("Taught in chapters 2 and 4.", pages) == (
        "Taught in chapters :doc:`2 </notebooks/02-mcnemar>` and :doc:`4 </notebooks/04-two>`."
    )
    assert plain_references(["See [1]_.", "", ".. [1] Author (2001). Title,", "   Journal."]) == [
        "See [1].", "", "[1] Author (2001). Title,", "Journal.",
    ]
    doc = ["Summary.", "", "Attributes", "----------", "x : int", "    The x.", "", "Taught in chapter 2."]
    assert misplaced_paragraphs(doc) == ["Taught in chapter 2."]
    assert misplaced_paragraphs(doc[:-1]) == []


def test_the_chapters_mentions_of_the_library_link_to_the_api_page(built_book):
    """Inline code naming a public function in a chapter's prose links to its API entry (issue 26); code
    cells are left alone, and every link lands on an entry that exists."""
    from bs4 import BeautifulSoup

    import lecture_lib

    _, article, _ = _api_page(built_book)
    anchors = {dt.get("id") for dt, _ in _top_level_entries(article)}
    linked = {}
    for page in sorted((built_book / "notebooks").glob("[0-9][0-9]-*.html")):
        soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
        links = soup.select("a.api-link")
        for link in links:
            href = link["href"]
            assert href.startswith("../api.html#"), (page.name, href)
            assert href.split("#")[1] in anchors, (page.name, href)
            assert link.find_parent("div", class_="cell") is None, (page.name, href)  # prose, not code
        linked[page.name] = {link["href"].split("#lecture_lib.")[1] for link in links}
        # a mention of a public name in prose that is left unlinked would be a miss
        for code in soup.select("article code.docutils.literal"):
            name = code.get_text()
            if name in lecture_lib.__all__ and code.find_parent(["a", "h1", "h2", "h3", "pre"]) is None:
                raise AssertionError(f"{page.name}: `{name}` is not linked")
    assert {"mcnemar", "mcnemar_sample_size", "mcnemar_table"} <= linked["02-mcnemar.html"]
    # another library's function of the same name is not ours: chapter 2's statsmodels and mlxtend calls
    page = BeautifulSoup((built_book / "notebooks" / "02-mcnemar.html").read_text(encoding="utf-8"), "html.parser")
    others = [code for code in page.select("article code") if "correction=True" in code.get_text()
              or "corrected=True" in code.get_text()]
    assert others and not any(code.find_parent("a") for code in others)
    assert sum(len(names) for names in linked.values()) >= 50
