"""Post-build steps on the course website (run by scripts/build_book.py after Sphinx).

1. Widgets. The pages embed the notebooks' widget state, so the sliders render,
   but without a kernel nothing answers them. For the explorers listed in
   ``lecture_lib._static_widgets.STATIC_EXPLORERS`` (McNemar, family-wise error,
   which test?) the widget is replaced by native HTML controls and the
   explorer's output for every state, computed here by lecture_lib
   (``precompute_explorer``) and swapped in by ``_static/course/course.js``.
   Every other widget stays a snapshot: its controls are marked disabled in the
   embedded state (the widget manager greys them out) and a one-line note says
   how to make it live (Binder, Colab, ``make app``).
2. Solutions. A code cell tagged ``solution`` (scripts/portable_notebooks.py
   tags them) is moved, input and output, into the ``<details>`` fold of the
   solution text just before it, so one click shows the whole answer and
   nothing of it is visible before.
3. Thebe: sphinx-thebe's scripts, styles and example config are removed (the
   site has no live-code button; its duplicated inline script threw an error).
4. Figures: on a phone a figure shrinks to the column and its text to a few
   pixels, so every output image becomes a link to the image file itself: a tap
   opens it at full size, where it can be zoomed. The link's accessible name is
   the image's alt text plus "(opens the figure at full size)". Figures that a
   widget snapshot draws (``lecture_lib.live_figure``: a PNG inside an HTML
   widget's value) are written to ``_static/course/figures/`` and linked the
   same way in the embedded widget state.
5. Accessibility fixes for markup that comes from the theme and myst-nb, not
   from the course (axe-core rule in brackets):
   - myst-nb's "Show code cell source" toggles carry ``aria-label="Toggle hidden
     content"``, a name that does not contain their visible text
     (label-content-name-mismatch): the label is dropped, so the visible text
     names them;
   - the theme's search button reads "Search Ctrl+K" but is labelled "Search"
     (label-content-name-mismatch): same fix;
   - sphinxcontrib-bibtex puts back-reference links straight inside
     ``role="list"`` (aria-required-children): the citation list gets no list
     role (it is a plain ``<div>`` of entries).

Every step is idempotent on a page it has already processed (the page carries
``data-course-postprocessed``), and ``build_book.py`` rebuilds every page
anyway.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "_build" / ".explorer-cache"

MARKER = "data-course-postprocessed"
FIGURE_LINK = "course-figure-link"
FULL_SIZE = " (opens the figure at full size)"
DATA_PNG = re.compile(r'<img src="data:image/png;base64,([A-Za-z0-9+/=]+)"([^>]*)>')
STATE_TYPE = "application/vnd.jupyter.widget-state+json"
VIEW_TYPE = "application/vnd.jupyter.widget-view+json"
CONTROL_MODELS = {
    "IntSliderModel", "FloatSliderModel", "SelectionSliderModel", "DropdownModel", "CheckboxModel",
    "ToggleButtonsModel", "RadioButtonsModel", "ToggleButtonModel", "FloatTextModel", "IntTextModel",
    "BoundedFloatTextModel", "BoundedIntTextModel", "TextModel", "SelectionRangeSliderModel",
    "IntRangeSliderModel", "FloatRangeSliderModel", "ButtonModel",
}


def _lecture_lib_digest() -> str:
    digest = hashlib.sha256()
    for path in sorted((ROOT / "lecture_lib").rglob("*")):
        if path.is_file() and path.suffix in {".py", ".json"}:
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _children(state: dict, model_id: str):
    """The model and every model it refers to (children, layout excluded)."""
    seen, stack = [], [model_id]
    while stack:
        current = stack.pop()
        if current in seen or current not in state:
            continue
        seen.append(current)
        for child in state[current]["state"].get("children", []) or []:
            if isinstance(child, str) and child.startswith("IPY_MODEL_"):
                stack.append(child[len("IPY_MODEL_"):])
    return seen


def _cell_source(output_div) -> str:
    """The code of the cell whose output this is (the text of its input block)."""
    cell = output_div.find_parent("div", class_="cell")
    if cell is None:
        return ""
    block = cell.find("div", class_="cell_input")
    return block.get_text() if block is not None else ""


def _control_markup(explorer_id: str, spec: dict) -> str:
    parts = []
    for j, control in enumerate(spec["controls"]):
        cid = f"{explorer_id}-c{j}"
        label = html.escape(control["description"])
        labels = control["labels"]
        initial = control["initial"]
        if control["kind"] == "range":
            parts.append(
                '<div class="course-explorer-control course-explorer-range"><label '
                f'for="{cid}">{label}</label>'
                f'<input type="range" id="{cid}" data-axis="{j}" min="0" max="{len(labels) - 1}" step="1" '
                f'value="{initial}" aria-valuetext="{html.escape(labels[initial])}">'
                f'<output for="{cid}">{html.escape(labels[initial])}</output></div>'
            )
        elif control["kind"] == "select":
            options = "".join(
                f'<option value="{i}"{" selected" if i == initial else ""}>{html.escape(text)}</option>'
                for i, text in enumerate(labels)
            )
            parts.append(
                '<div class="course-explorer-control course-explorer-select"><label '
                f'for="{cid}">{label}</label>'
                f'<select id="{cid}" data-axis="{j}">{options}</select></div>'
            )
        elif control["kind"] == "checkbox":
            checked = " checked" if initial == 1 else ""
            parts.append(
                f'<div class="course-explorer-control course-explorer-checkbox">'
                f'<input type="checkbox" id="{cid}" data-axis="{j}"{checked}><label '
                f'for="{cid}">{label}</label></div>'
            )
        else:
            parts.append(
                f'<div class="course-explorer-control course-explorer-fixed">{label}: '
                f'<strong>{html.escape(labels[0])}</strong> (fixed on this page)</div>'
            )
    return "".join(parts)


def static_explorer(name: str, args: tuple, kwargs: dict, embedded_outputs: list[str], where: str) -> dict:
    """Precompute one explorer (cached on the call, the grid and lecture_lib's source)."""
    sys.path.insert(0, str(ROOT))
    from lecture_lib import widgets as course_widgets
    from lecture_lib._static_widgets import STATIC_EXPLORERS, explorer_controls, precompute_explorer

    grids = STATIC_EXPLORERS[name]
    key = hashlib.sha256(
        json.dumps([name, args, kwargs, {k: list(v) for k, v in grids.items()}, _lecture_lib_digest()],
                   sort_keys=True, default=str).encode()
    ).hexdigest()[:24]
    cached = CACHE / f"{name}-{key}.json"
    widget = getattr(course_widgets, name)(*args, **kwargs)
    _, outputs = explorer_controls(widget)
    now = [out.value for out in outputs]
    if now != embedded_outputs:
        raise SystemExit(
            f"{where}: the {name} output saved in the notebook differs from what lecture_lib computes now "
            "for the same call: the notebook's outputs are stale (run `make execute`)."
        )
    if cached.exists():
        return json.loads(cached.read_text(encoding="utf-8"))
    spec = precompute_explorer(widget, grids)
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(spec, separators=(",", ":")), encoding="utf-8")
    return spec


def _full_size_link(href: str) -> tuple[str, str]:
    """The markup around an image that makes it a link to ``href`` (opening and closing)."""
    return (f'<a class="{FIGURE_LINK}" href="{html.escape(href, quote=True)}">',
            f'<span class="course-sr-only">{FULL_SIZE}</span></a>')


def _link_widget_figures(value: str, html_root: Path, static_prefix: str) -> tuple[str, int]:
    """An HTML widget's value with each embedded PNG written to a file and linked to it."""
    count = 0

    def replace(match):
        nonlocal count
        png = base64.b64decode(match.group(1))
        name = f"course/figures/{hashlib.sha256(png).hexdigest()[:20]}.png"
        target = html_root / "_static" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(png)
        count += 1
        opening, closing = _full_size_link(static_prefix + name)
        return f'{opening}<img src="{static_prefix}{name}"{match.group(2)}>{closing}'

    return DATA_PNG.sub(replace, value), count


def launch_links(page_rel: str, config: dict) -> tuple[str, str]:
    """Binder and Colab URLs of a chapter page, from _config.yml's one repository setting."""
    repo = config["repository"]["url"].rstrip("/")
    branch = config["repository"].get("branch", "main")
    owner_name = repo.split("github.com/", 1)[1]
    notebook = page_rel[: -len(".html")] + ".ipynb"
    binderhub = config["launch_buttons"]["binderhub_url"].rstrip("/")
    binder = f"{binderhub}/v2/gh/{owner_name}/{branch}?urlpath=lab/tree/{notebook}"
    colab = (
        f"{config['launch_buttons']['colab_url'].rstrip('/')}/github/{owner_name}/blob/{branch}/{notebook}"
    )
    return binder, colab


#: An inline code span naming one library function or class: `name`, `name()`, `lecture_lib.name`,
#: or a call `name(...)`.
API_MENTION = re.compile(r"(?:lecture_lib\.)?([A-Za-z_][A-Za-z0-9_]*)(?:\(.*\))?", re.S)
_ANCHORS: dict[Path, frozenset] = {}


#: Another library's function named just before a code span ("statsmodels' `mcnemar(...)`",
#: "mlxtend's `mcnemar(...)`"): not ours.
OTHER_LIBRARY = re.compile(r"\b(statsmodels|mlxtend|scipy|scipy\.stats|scikit-learn|sklearn|baycomp|"
                           r"scikit-posthocs|R)(?:'s|')\s*$", re.I)


def _is_ours(match, code) -> bool:
    """Whether a code span that names a lecture_lib function means that function: not another
    library's function of the same name (named just before it, or called with arguments ours lacks)."""
    import inspect

    import lecture_lib

    before = code.find_previous(string=True)
    text = ""
    while before is not None and len(text) < 60:
        text = str(before) + text
        before = before.find_previous(string=True)
    if OTHER_LIBRARY.search(text[-60:]):
        return False
    call = match.group(0)[len(match.group(0)) - len(match.group(0).lstrip()):]
    keywords = re.findall(r"[(,]\s*([A-Za-z_][A-Za-z0-9_]*)\s*=", call)
    try:
        parameters = inspect.signature(getattr(lecture_lib, match.group(1))).parameters
    except (AttributeError, TypeError, ValueError):
        return True
    takes_any = any(p.kind is p.VAR_KEYWORD for p in parameters.values())
    return takes_any or all(name in parameters for name in keywords)


def _api_anchors(html_root: Path) -> frozenset:
    """The ids of the API page's top-level entries (``lecture_lib.mcnemar``, ...); empty without one."""
    if html_root not in _ANCHORS:
        page = html_root / "api.html"
        text = page.read_text(encoding="utf-8") if page.is_file() else ""
        entry = r'<dt[^>]*\bid="(lecture_lib\.[A-Za-z_][A-Za-z0-9_]*)"'
        _ANCHORS[html_root] = frozenset(re.findall(entry, text))
    return _ANCHORS[html_root]


def process_page(path: Path, html_root: Path, config: dict, report: dict) -> None:
    from bs4 import BeautifulSoup

    text = path.read_text(encoding="utf-8")
    if MARKER in text:
        return
    soup = BeautifulSoup(text, "html.parser")
    page_rel = path.relative_to(html_root).as_posix()
    depth = page_rel.count("/")
    static_prefix = "../" * depth + "_static/"

    # -- Thebe: Jupyter Book 1.x always loads sphinx-thebe, whose inline script (written
    # twice, so the second copy throws "Identifier 'THEBE_JS_URL' has already been
    # declared") names a CDN and whose config points at an example repository. The
    # site has no live-code button (the launch buttons open Binder and Colab), so
    # all of it goes.
    for script in soup.find_all("script"):
        body = script.string or ""
        if (
            "THEBE_JS_URL" in body
            or script.get("type") == "text/x-thebe-config"
            or "sphinx-thebe.js" in script.get("src", "")
        ):
            script.decompose()
    for link in soup.find_all("link", href=re.compile(r"sphinx-thebe\.css")):
        link.decompose()

    # -- accessibility fixes (theme and extension markup) --------------------------------------
    for summary in soup.find_all("summary", attrs={"aria-label": "Toggle hidden content"}):
        del summary["aria-label"]
    for button in soup.select("button.search-button-field[aria-label]"):
        del button["aria-label"]
    for citations in soup.select('div.citation-list[role="list"]'):
        del citations["role"]
    # Sphinx writes a signature of one parameter per line as a <dl> of <dd> items with no
    # <dt> (axe-core's definition-list rule, serious); the same layout as a list of divs.
    for params in soup.select("dt.sig > dl"):
        if params.find("dt", recursive=False) is None:
            params.name = "div"
            params["class"] = params.get("class", []) + ["sig-param-list"]
            for item in params.find_all("dd", recursive=False):
                item.name = "div"
                item["class"] = item.get("class", []) + ["sig-param-line"]

    # -- solutions: the solution code cell goes into the fold before it ----------------------
    for cell in soup.select("div.cell.tag_solution"):
        fold = cell.find_previous("details", class_="solution")
        if fold is not None and fold.find(class_="cell") is None:
            fold.append(cell.extract())
            report["solutions"] += 1

    # -- the library in a chapter's prose links to the API reference -------------------------
    # An inline code span that names a public function or class (`mcnemar`, `mcnemar()`,
    # `lecture_lib.mcnemar`, or a call `mcnemar(table, method="exact")`) links to its entry on
    # api.html. Done here, not in the notebooks: in Jupyter, Voila and Colab there is no API page
    # to link to, and a dead link is worse than none.
    if page_rel.startswith("notebooks/"):
        anchors = _api_anchors(html_root)
        for code in soup.select("article code.docutils.literal"):
            if code.find_parent(["a", "h1", "h2", "h3", "h4", "h5", "h6", "pre"]) is not None:
                continue
            match = API_MENTION.fullmatch(code.get_text())
            if match is None or f"lecture_lib.{match.group(1)}" not in anchors:
                continue
            if not _is_ours(match, code):
                continue
            link = soup.new_tag("a", href=f"{'../' * depth}api.html#lecture_lib.{match.group(1)}")
            link["class"] = ["reference", "internal", "api-link"]
            link["title"] = f"lecture_lib.{match.group(1)} in the API reference"
            code.wrap(link)
            report["api_links"] = report.get("api_links", 0) + 1

    # -- figures: a tap opens each output image at full size ---------------------------------
    for img in soup.select("div.cell_output img"):
        src = img.get("src", "")
        if not src or src.startswith("data:") or img.find_parent("a") is not None:
            continue
        link = soup.new_tag("a", href=src, attrs={"class": FIGURE_LINK})
        img.wrap(link)
        hint = soup.new_tag("span", attrs={"class": "course-sr-only"})
        hint.string = FULL_SIZE
        link.append(hint)
        report["figure_links"] += 1

    # -- widgets ---------------------------------------------------------------------------
    state_tag = soup.find("script", attrs={"type": STATE_TYPE})
    views = soup.find_all("script", attrs={"type": VIEW_TYPE})
    if state_tag is not None and views:
        sys.path.insert(0, str(ROOT))
        from lecture_lib._static_widgets import explorer_call

        state_doc = json.loads(state_tag.string)
        state = state_doc["state"]
        binder, colab = launch_links(page_rel, config) if page_rel.startswith("notebooks/") else ("", "")
        for number, view in enumerate(views, start=1):
            model_id = json.loads(view.string)["model_id"]
            models = _children(state, model_id)
            output_div = view.parent
            call = explorer_call(_cell_source(output_div))
            if call is not None:
                name, args, kwargs = call
                embedded = [state[m]["state"].get("value", "") for m in models
                            if state[m]["model_name"] in ("HTMLModel", "HTMLMathModel")]
                spec = static_explorer(name, args, kwargs, embedded, f"{page_rel} ({name})")
                from lecture_lib._static_widgets import render_state

                explorer_id = f"explorer-{path.stem}-{number}"
                data_rel = f"course/explorers/{path.stem}-{number}.js"
                data_path = html_root / "_static" / data_rel
                data_path.parent.mkdir(parents=True, exist_ok=True)
                payload = json.dumps(spec, separators=(",", ":"))
                data_path.write_text(
                    f"courseExplorer({json.dumps(explorer_id)}, {payload});\n", encoding="utf-8"
                )
                outputs = render_state(spec, [c["initial"] for c in spec["controls"]])
                states = 1
                for size in spec["sizes"]:
                    states *= size
                markup = (
                    f'<div class="course-explorer" id="{explorer_id}" data-explorer="{name}">'
                    '<p class="course-explorer-note">Works on this page: lecture_lib computed the result '
                    f"for each of the {states:,} settings below when the site was built.</p>"
                    f'<form class="course-explorer-controls" onsubmit="return false">'
                    f"{_control_markup(explorer_id, spec)}</form>"
                    + "".join(
                        f'<div class="course-explorer-output" aria-live="polite">{out}</div>'
                        for out in outputs
                    )
                    + f'</div><script src="{static_prefix}{data_rel}"></script>'
                )
                view.replace_with(BeautifulSoup(markup, "html.parser"))
                for m in models:  # the ipywidgets version is not rendered any more
                    state.pop(m, None)
                report["static"].append((page_rel, name, states, data_path.stat().st_size))
                continue
            disabled = 0
            for m in models:
                if state[m]["model_name"] in CONTROL_MODELS:
                    state[m]["state"]["disabled"] = True
                    disabled += 1
                value = state[m]["state"].get("value")
                if state[m]["model_name"] in ("HTMLModel", "HTMLMathModel") and isinstance(value, str):
                    value, linked = _link_widget_figures(value, html_root, static_prefix)
                    state[m]["state"]["value"] = value
                    report["figure_links"] += linked
            if disabled:
                live = (
                    f'open the chapter on <a href="{binder}">Binder</a> or <a href="{colab}">Colab</a>, or '
                    "run <code>make app</code> in a clone"
                    if binder
                    else "run <code>make app</code> in a clone"
                )
                note = BeautifulSoup(
                    '<p class="course-snapshot-note"><strong>Snapshot:</strong> the controls below do '
                    f"nothing on this static page. To move them, {live}.</p>",
                    "html.parser",
                )
                output_div.insert(0, note)
                report["snapshots"].append((page_rel, disabled))
        state_tag.string = json.dumps(state_doc)

    body = soup.find("body")
    if body is not None:
        body[MARKER] = "1"
    path.write_text(str(soup), encoding="utf-8")


def postprocess(html_root: Path, config: dict) -> dict:
    """Run every step on every page of a built site; returns what was done."""
    report = {"static": [], "snapshots": [], "solutions": 0, "figure_links": 0}
    for path in sorted(html_root.rglob("*.html")):
        if "_static" in path.relative_to(html_root).parts:
            continue
        process_page(path, html_root, config, report)
    return report


if __name__ == "__main__":  # pragma: no cover - manual use: python scripts/site_postprocess.py _build/html
    import yaml

    result = postprocess(Path(sys.argv[1]), yaml.safe_load((ROOT / "_config.yml").read_text()))
    print(json.dumps(result, indent=1))
