"""Write instructor-guide.md, the instructor guide of the course website, from teaching/sessions.yml.

Usage::

    .venv/bin/python scripts/instructor_guide.py           # check the plan, then write the page
    .venv/bin/python scripts/instructor_guide.py --check   # exit 1 if the page is stale or a rule is broken

teaching/sessions.yml is the single source: a timing rule and one entry per 75-minute session
(chapter, the ``##``/``###`` sections covered in class, minutes, outcomes, activity, pre-reading,
homework). This script measures every section of every chapter in the executed notebooks
(``notebooks/NN-*.ipynb``: words of prose, code cells shown), recomputes each session's minutes by
the rule and checks the plan:

* every session stays within the rule's maximum, and its ``minutes`` are what the rule gives;
* every section it names is a heading of its chapter, written exactly;
* every section of every chapter is covered exactly once, in class (``sections``) or as reading
  at home (``homework.at_home``); the self-check and the exercises are covered by number
  (``homework.self_check``, ``homework.exercises``): every question and every exercise exactly once;
* the pre-reading is part of the session's own sections and fits the rule's reading time;
* the activity lasts as long as the rule allows, and its widget is one the chapter calls.

It also keeps the table of reading times on the landing page (intro.md) current.

The page is written only when the plan passes; ``--check`` also fails when the committed page
differs from what the script would write. tests/test_teaching.py runs the same checks.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = ROOT / "teaching" / "sessions.yml"
NOTEBOOKS = ROOT / "notebooks"
PAGE = ROOT / "instructor-guide.md"
#: The landing page, whose reading-time table this script keeps current (between the two markers).
INTRO = ROOT / "intro.md"
TABLE_START = "<!-- reading times: written by scripts/instructor_guide.py from the executed chapters -->"
TABLE_END = "<!-- end of reading times -->"
#: Self-study: a code cell and its output take about this long to read (and the chapter runs in seconds).
SECONDS_PER_CODE_CELL = 20
COMMAND = ".venv/bin/python scripts/instructor_guide.py"

#: Sections covered by number in the homework rather than by name (see the module docstring).
SELF_CHECK = "Self-check"
EXERCISES = "Exercises"
#: The chapters' reading lists: named in the homework like any section, and shown as further reading.
REFERENCES = "References"
#: The tag of a chapter's "**Part k of this chapter: <title of class k>.**" signpost, the markdown
#: cell just before the first section (in chapter order) that class k teaches.
PART_MARKER = "part-marker"
#: The tag of a chapter's "**Core path.**" note, the markdown cell that ends its Overview: which
#: sections to read first (the classes' pre-reading), which complete the core (taught in class) and
#: which are detail (read at home in this plan). :func:`core_path_text` writes it from the plan.
CORE_PATH = "core-path"
#: The keys of the timing rule in sessions.yml.
RULE_KEYS = (
    "prose_words_per_minute",
    "minutes_per_code_cell",
    "questions_minutes",
    "activity_minutes",
    "max_minutes",
    "reading_words_per_minute",
    "max_pre_reading_minutes",
)
SESSION_KEYS = (
    "id", "chapter", "title", "sections", "minutes", "outcomes", "activity", "pre_reading", "homework",
)

_HEADING = re.compile(r"^(#{1,6}) +(.+?) *#* *$")
_FOLD = re.compile(r'<details class="fold">.*?</details>', re.DOTALL)
_QUESTION = re.compile(r"\*\*Question (\d+)\.\*\*")
_EXERCISE = re.compile(r"\*\*Exercise (\d+)\.\*\*")
_WORD = re.compile(r"[^\W_]")  # a token counts as a word when it holds a letter or a digit


@dataclass
class Section:
    """One ``##`` or ``###`` section of a chapter: its own prose and code, up to the next heading."""

    title: str
    level: int
    words: int = 0
    code_cells: int = 0
    code: list[str] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)


@dataclass
class Chapter:
    stem: str
    title: str
    sections: list[Section]
    questions: tuple[int, ...]
    exercises: tuple[int, ...]
    #: (the signpost's text, the heading that follows it), in chapter order
    markers: tuple[tuple[str, str], ...] = ()
    #: (the core-path note's text, the heading that follows it), one per note
    core_paths: tuple[tuple[str, str], ...] = ()

    def section(self, title: str) -> Section | None:
        return next((s for s in self.sections if s.title == title), None)

    @property
    def link(self) -> str:
        """A MyST link from a page at the repository root, as errata.md writes them."""
        return f"[{self.stem}](notebooks/{self.stem}.ipynb)"


def _source(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def read_chapter(path: Path) -> Chapter:
    """Measure one executed chapter (a .ipynb) section by section.

    What a class sees counts: markdown cells and code cells, except cells removed from the book
    (tag ``remove-cell``: the install cell, the figure captions repeated for Colab), cells folded
    for the curious (tag ``hide-cell``), ``<details class="fold">`` blocks of prose and the
    "Part 2 of this chapter" signposts (tag ``part-marker``, which this plan's splits place) and the
    core-path note (tag ``core-path``, which this plan writes).
    """
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    title, sections, current, markers, pending = "", [], None, [], None
    core_paths, pending_core = [], []
    for cell in cells:
        tags = cell.get("metadata", {}).get("tags", [])
        if PART_MARKER in tags:
            pending = " ".join(_source(cell).split())
        if CORE_PATH in tags:
            pending_core.append(" ".join(_source(cell).split()))
        if {"remove-cell", "hide-cell", PART_MARKER, CORE_PATH} & set(tags):
            continue
        text = _source(cell)
        if cell["cell_type"] == "code":
            if current is not None:
                current.code_cells += 1
                current.code.append(text)
            continue
        if cell["cell_type"] != "markdown":
            continue
        fenced = False
        for line in _FOLD.sub("", text).splitlines():
            if line.lstrip().startswith(("```", "~~~")):
                fenced = not fenced
                continue
            match = None if fenced else _HEADING.match(line)
            level = len(match.group(1)) if match else 0
            if level == 1 and not title:
                title = match.group(2)  # the chapter's title; any later heading of levels 1 to 3 is a section
            elif 1 <= level <= 3:
                current = Section(match.group(2), level)
                sections.append(current)
                if pending is not None:
                    markers.append((pending, current.title))
                    pending = None
                core_paths += [(note, current.title) for note in pending_core]
                pending_core = []
            elif current is not None:
                current.words += sum(1 for token in line.split() if _WORD.search(token))
                current.prose.append(line)

    def numbers(heading: str, pattern: re.Pattern) -> tuple[int, ...]:
        text = "\n".join(line for s in sections if s.title == heading for line in s.prose)
        return tuple(sorted({int(n) for n in pattern.findall(text)}))

    core_paths += [(note, "") for note in pending_core]  # a note after the last heading
    return Chapter(path.stem, title, sections, numbers(SELF_CHECK, _QUESTION), numbers(EXERCISES, _EXERCISE),
                   tuple(markers), tuple(core_paths))


def read_chapters(notebooks: Path = NOTEBOOKS) -> dict[str, Chapter]:
    return {p.stem: read_chapter(p) for p in sorted(notebooks.glob("[0-9][0-9]-*.ipynb"))}


def load_plan(path: Path = SESSIONS) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


# ----------------------------------------------------------------------------------------- the rule


def section_minutes(section: Section, rule: dict) -> float:
    """Class time of one section by the rule: its prose explained, its code cells shown."""
    return section.words / rule["prose_words_per_minute"] + section.code_cells * rule["minutes_per_code_cell"]


def session_minutes(session: dict, chapter: Chapter, rule: dict) -> int:
    """The rule: prose and code of the sections covered, plus the activity and the questions, rounded up."""
    covered = [chapter.section(title) for title in session.get("sections") or []]
    total = sum(section_minutes(s, rule) for s in covered if s is not None)
    total += session["activity"]["minutes"] + rule["questions_minutes"]
    return math.ceil(total - 1e-9)


def self_study_minutes(sections, words_per_minute: float) -> float:
    """Reading time of sections on one's own: the prose at ``words_per_minute``, plus
    :data:`SECONDS_PER_CODE_CELL` for each code cell and its output (the landing page's measure)."""
    return (sum(s.words for s in sections) / words_per_minute
            + sum(s.code_cells for s in sections) * SECONDS_PER_CODE_CELL / 60)


def reading_minutes(titles, chapter: Chapter, rule: dict) -> int:
    """Silent reading time of some sections (prose only), rounded up."""
    words = sum(s.words for t in titles if (s := chapter.section(t)) is not None)
    return math.ceil(words / rule["reading_words_per_minute"] - 1e-9)


def _homework(session: dict) -> dict:
    return session.get("homework") or {}


def _numbers(value) -> list:
    return list(value or [])


def problems(plan: dict, chapters: dict[str, Chapter]) -> list[str]:
    """Every way in which the plan breaks a rule; empty when it is sound."""
    found = []
    rule = plan.get("rule") or {}
    missing = [key for key in RULE_KEYS if key not in rule]
    if missing:
        return [f"rule: missing {', '.join(missing)}"]
    low, high = rule["activity_minutes"]
    sessions = plan.get("sessions") or []
    ids = [s.get("id") for s in sessions]
    found += [f"session id {i!r} is used {ids.count(i)} times"
              for i in sorted(set(ids), key=str) if ids.count(i) > 1]
    for session in sessions:
        where = f"session {session.get('id')!r}"
        absent = [key for key in SESSION_KEYS if key not in session]
        if absent:
            found.append(f"{where}: missing {', '.join(absent)}")
            continue
        chapter = chapters.get(session["chapter"])
        if chapter is None:
            found.append(f"{where}: no chapter notebooks/{session['chapter']}.ipynb")
            continue
        homework = _homework(session)
        sections, pre_reading = session["sections"] or [], session["pre_reading"] or []
        outcomes = session["outcomes"] or []
        for key, titles in (("sections", sections), ("pre_reading", pre_reading),
                            ("homework.at_home", homework.get("at_home"))):
            for title in titles or []:
                if chapter.section(title) is None:
                    found.append(f"{where}: {key} names {title!r}, which is not a heading of {chapter.stem}")
        for title in pre_reading:
            if title not in sections:
                found.append(f"{where}: pre-reading {title!r} is not one of the session's sections")
        for title in sections:
            if title in (SELF_CHECK, EXERCISES):
                found.append(f"{where}: {title!r} is set by number in homework, not as a section")
        activity = session["activity"] or {}
        if not isinstance(activity.get("minutes"), int) or not low <= activity["minutes"] <= high:
            found.append(f"{where}: the activity lasts {activity.get('minutes')!r} minutes, the rule allows "
                         f"{low} to {high}")
            continue
        if not str(activity.get("task", "")).strip():
            found.append(f"{where}: the activity has no task")
        widget = activity.get("widget")
        called = rf"\b{re.escape(widget)}\(" if widget else None
        if widget and not any(re.search(called, code) for c in chapter.sections for code in c.code):
            found.append(f"{where}: the activity's widget {widget}() is not called in {chapter.stem}")
        if not 2 <= len(outcomes) <= 4:
            found.append(f"{where}: {len(outcomes)} outcomes, the plan asks for 2 to 4")
        computed = session_minutes(session, chapter, rule)
        if session["minutes"] != computed:
            found.append(f"{where}: minutes is {session['minutes']!r}, the rule gives {computed}")
        if computed > rule["max_minutes"]:
            found.append(f"{where}: {computed} minutes, over the maximum of {rule['max_minutes']}")
        reading = reading_minutes(pre_reading, chapter, rule)
        if reading > rule["max_pre_reading_minutes"]:
            found.append(f"{where}: the pre-reading takes {reading} minutes, over the maximum of "
                         f"{rule['max_pre_reading_minutes']}")
    for stem, chapter in chapters.items():
        mine = [s for s in sessions if s.get("chapter") == stem and all(k in s for k in SESSION_KEYS)]
        if not mine:
            found.append(f"{stem}: no session covers this chapter")
            continue
        titles = [s.title for s in chapter.sections]
        for title in sorted({t for t in titles if titles.count(t) > 1}):
            found.append(f"{stem}: the heading {title!r} occurs more than once, so it cannot be named")
        named = [t for s in mine for t in list(s["sections"] or []) + list(_homework(s).get("at_home") or [])]
        found += _marker_problems(stem, chapter, mine)
        found += _core_path_problems(stem, chapter, mine, rule)
        for title in titles:
            if title in (SELF_CHECK, EXERCISES):
                continue
            if named.count(title) == 0:
                found.append(f"{stem}: section {title!r} is in no session (in class or at home)")
            elif named.count(title) > 1:
                found.append(f"{stem}: section {title!r} is named {named.count(title)} times")
        for key, available in (("self_check", chapter.questions), ("exercises", chapter.exercises)):
            given = [n for s in mine for n in _numbers(_homework(s).get(key))]
            for n in available:
                if given.count(n) != 1:
                    found.append(f"{stem}: {key} number {n} is set {given.count(n)} times (once is right)")
            for n in sorted(set(given) - set(available)):
                found.append(f"{stem}: {key} number {n} does not exist")
    return found


def _listing(titles) -> str:
    return "; ".join(f"*{t}*" for t in titles)


def core_path_text(chapter: Chapter, mine: list[dict], rule: dict) -> str:
    """The chapter's core-path note, from its classes in the plan (one paragraph of markdown).

    Start with: the pre-reading of the chapter's classes (the Overview aside, which the note ends)
    and the Summary, timed as the landing page times a chapter (its prose at the reading rate, 20 s
    a code cell); detail: the sections the plan leaves to reading at home.
    """
    order = [s.title for s in chapter.sections if s.title not in (SELF_CHECK, EXERCISES, REFERENCES)]
    first = {t for session in mine for t in session.get("pre_reading") or []} - {"Overview", "Summary"}
    later = {t for session in mine for t in _homework(session).get("at_home") or []}
    read_first = [t for t in order if t in first]
    summary = ["Summary"] if "Summary" in order else []
    shown = [s for s in chapter.sections if s.title in set(read_first + summary)]
    minutes = math.ceil(self_study_minutes(shown, rule["reading_words_per_minute"]) - 1e-9)
    text = (f"**Core path.** Short of time? Start with these sections, the pre-reading of this chapter's "
            f"classes (about {minutes} minutes): {_listing(read_first)}"
            + ("; then the *Summary*." if summary else ".")
            + " The other sections, in order, are what the classes teach")
    detail = [t for t in order if t in later]
    if detail:
        text += f", except the detail to come back to when you need it: {_listing(detail)}."
    return text + ("" if detail else ".")


def _core_path_problems(stem: str, chapter: Chapter, mine: list[dict], rule: dict) -> list[str]:
    """One core-path note, where the Overview ends, saying what the plan says."""
    expected = core_path_text(chapter, mine, rule)
    titles = [s.title for s in chapter.sections]
    after = titles[titles.index("Overview") + 1] if "Overview" in titles[:-1] else None
    if len(chapter.core_paths) != 1:
        return [f"{stem}: {len(chapter.core_paths)} core-path notes (cells tagged {CORE_PATH!r}); one is "
                f"needed, just before {after!r}, reading:\n{expected}"]
    text, before = chapter.core_paths[0]
    found = []
    if before != after:
        found.append(f"{stem}: the core-path note stands before {before!r}; it belongs just before {after!r}")
    if text != " ".join(expected.split()):
        found.append(f"{stem}: the core-path note does not say what the plan says; it should read:\n"
                     f"{expected}")
    return found


def _marker_problems(stem: str, chapter: Chapter, mine: list[dict]) -> list[str]:
    """A chapter taught in k > 1 classes signposts parts 2..k where the plan splits it, no more."""
    order = {s.title: i for i, s in enumerate(chapter.sections)}
    expected = []
    for k, session in enumerate(mine[1:], start=2):
        taught = [t for t in session["sections"] or [] if t in order]
        if taught:
            first = min(taught, key=order.get)
            expected.append((f"**Part {k} of this chapter: {session['title']}.**", first))
    found = []
    for (prefix, heading), (text, before) in zip(expected, chapter.markers):
        if not text.startswith(prefix) or before != heading:
            found.append(f"{stem}: the part signpost before {before!r} should start {prefix!r} and "
                         f"stand just before {heading!r}")
    if len(expected) != len(chapter.markers):
        found.append(f"{stem}: {len(chapter.markers)} part signposts (cells tagged {PART_MARKER!r}); "
                     f"the plan's {len(mine)} classes need {len(expected)}")
    return found


# ------------------------------------------------------------------------------------------ the page


def _static_explorers() -> set:
    """The explorers that work on the website without a kernel (the book build precomputes them)."""
    try:
        from lecture_lib._static_widgets import STATIC_EXPLORERS
    except ImportError:  # the page must not depend on where the library is installed from
        return set()
    return set(STATIC_EXPLORERS)


def _numbers_text(numbers) -> str:
    numbers = list(numbers)
    if len(numbers) == 1:
        return str(numbers[0])
    return ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


def _times(ratio: float) -> str:
    return {1.0: "as", 2.0: "twice", 3.0: "three times"}.get(ratio, f"{ratio:g} times")


def _titles(titles) -> str:
    return "; ".join(f"*{t}*" for t in titles)


def _minutes(value: float) -> str:
    return f"{value:.0f}" if value >= 0.5 else "<1"


def _plural(word: str, numbers) -> str:
    return f"{word}{'s' if len(numbers) > 1 else ''} {_numbers_text(numbers)}"


#: The top of the page; the numbers come from the rule in sessions.yml.
INTRODUCTION = """\
# Instructor guide

A plan for teaching the eleven chapters in {n_sessions} classes of at most {max_minutes} minutes: for each
class, what students can do afterwards, what they read before it, which sections are taught and in
what time, an activity (most of them on the chapter's own widget), and the homework. The plan lives
in `teaching/sessions.yml`; `scripts/instructor_guide.py` measures the chapters, checks the plan
against them and writes this page, and `tests/test_teaching.py` fails when a chapter changes and
the plan no longer fits it. To adapt the plan, edit the YAML file and run `{command}`.

## How the timings are computed

The minutes of a class are measured on the executed chapters, not estimated by eye. For each
section taught in class the script counts the words of its prose (tables and formulas included;
figure captions repeated for other viewers, and text folded as optional, left out) and its code
cells shown (cells removed from the book or folded away left out). Then:

- **prose**: {prose_words_per_minute} words a minute. Students read such text silently at about
  {reading_words_per_minute} words a minute, a little below the average for non-fiction because of the
  formulas; explaining it in class, with the formula on the board and a question or two, takes
  about {times} as long (`teaching/sessions.yml` gives the sources);
- **code**: {minutes_per_code_cell} minute per code cell: run it, show the output or the figure, say in a
  sentence what it shows;
- **activity**: {activity_low} to {activity_high} minutes, as the session states;
- **questions**: {questions_minutes} minutes per class, for the pre-reading's questions at the start and
  the summary at the end;
- the sum, rounded up, is the class's minutes, at most {max_minutes}.

Sections that do not fit are read at home (listed under each class's homework), and so are the
worked examples that check the source documents' numbers, which break the flow of a lecture. The
chapters' self-check questions and exercises are homework, assigned by number. The pre-reading is
timed at {reading_words_per_minute} words a minute and kept under {max_pre_reading_minutes} minutes.
Where a class takes less than {max_minutes} minutes, the rest is room: for a longer discussion, for
the self-check in class, or (in the first class) for installing the course.

**Live widgets.** The activities need the chapters running with a kernel: on the lecturer's laptop
(`make lab`, or `make app` for the chapters as Voila apps), on Binder or Colab (the buttons on each
chapter's page), or on the students' own machines. {website}

**Slides, homework and the project.** `make slides` writes a reveal.js deck per chapter from the
same executed notebooks (long prose in the speaker notes); `make assignments` writes each chapter's
student edition (no solutions) and instructor edition (solutions, and a rubric for the written
parts), and `make grade SUBMISSION=...` scores a returned notebook's numeric answers (it runs the
student's code: grade in a throwaway environment). The term project
(`teaching/project/brief.md`, with its rubric and a graded example report) needs chapters 5, 6 and
11: hand it out after class {project_class}, so that its first weeks run alongside the classes on
chapters 7 to 11 (`recommend()` gives chapter 11's answer from the start).
"""


def _introduction(plan: dict, static: set) -> list[str]:
    rule = plan["rule"]
    if static:
        website = (f"On the website the explorers {_numbers_text(f'`{n}`' for n in sorted(static))} work "
                   "without a kernel; every other widget is a snapshot there.")
    else:
        website = "On the website the widgets are snapshots."
    # the project builds on chapter 6: after the last class of chapter 6
    project_class = max(n for n, s in enumerate(plan["sessions"], 1) if s["chapter"].startswith("06-"))
    text = INTRODUCTION.format(
        n_sessions=len(plan["sessions"]), command=COMMAND, website=website, project_class=project_class,
        times=_times(rule["reading_words_per_minute"] / rule["prose_words_per_minute"]),
        activity_low=rule["activity_minutes"][0], activity_high=rule["activity_minutes"][1], **rule,
    )
    return text.rstrip("\n").split("\n")


def _term_plan(plan: dict, chapters: dict[str, Chapter]) -> list[str]:
    sessions = plan["sessions"]
    # the chapter as its number (a link): the slugs made the table wider than a phone
    lines = ["", "## Term plan", "", "| class | chapter | title | minutes |", "|---|---|---|---:|"]
    for n, session in enumerate(sessions, 1):
        stem = session["chapter"]
        link = f"[{int(stem[:2])}](notebooks/{stem}.ipynb)"
        lines.append(f"| {n} | {link} | {session['title']} | {session['minutes']} |")
    by_count: dict[int, list] = {}
    for stem in dict.fromkeys(s["chapter"] for s in sessions):
        count = sum(s["chapter"] == stem for s in sessions)
        by_count.setdefault(count, []).append(str(int(stem[:2])))
    words = {1: "one class", 2: "two classes each", 3: "three classes each"}
    per_chapter = "; ".join(
        f"{_plural('chapter', stems)} take{'' if len(stems) > 1 else 's'} {words.get(n, f'{n} classes each')}"
        for n, stems in sorted(by_count.items(), reverse=True))
    total = sum(s["minutes"] for s in sessions)
    return lines + ["", f"In all {total} minutes of class. {per_chapter[:1].upper()}{per_chapter[1:]}.", ""]


def _homework_lines(homework: dict, chapter: Chapter, rule: dict) -> list[str]:
    items = []
    if homework.get("exercises"):
        items.append(_plural("exercise", homework["exercises"]))
    if homework.get("self_check"):
        items.append(_plural("self-check question", homework["self_check"]))
    reading = [t for t in homework.get("at_home") or [] if t != REFERENCES]
    if reading:
        minutes = reading_minutes(reading, chapter, rule)
        items.append(f"read at home (about {minutes} minute{'s' if minutes != 1 else ''}): "
                     + ", ".join(f"*{t}*" for t in reading))
    if REFERENCES in (homework.get("at_home") or []):
        items.append("the chapter's *References*, for further reading")
    lines = ["**Homework**", "", *[f"- {item};" for item in items or ["none"]]]
    lines[-1] = lines[-1][:-1] + "."
    lines.append("")
    if homework.get("note"):
        lines += [homework["note"].strip(), ""]
    return lines


def _session_lines(n: int, session: dict, chapter: Chapter, rule: dict, static: set) -> list[str]:
    covered = [chapter.section(t) for t in session["sections"]]
    words = sum(s.words for s in covered)
    cells = sum(s.code_cells for s in covered)
    activity = session["activity"]
    prose = _minutes(words / rule["prose_words_per_minute"])
    code = _minutes(cells * rule["minutes_per_code_cell"])
    reading = reading_minutes(session["pre_reading"], chapter, rule)
    lines = [
        f"## Class {n}: {session['title']}",
        "",
        f"Chapter {chapter.link}, *{chapter.title}*. **{session['minutes']} minutes**: "
        f"{words} words of prose ({prose} min), {cells} code cell{'s' if cells != 1 else ''} ({code} min), "
        f"the activity ({activity['minutes']} min) and questions ({rule['questions_minutes']} min).",
        "",
        "**Afterwards students can**",
        "",
        *[f"- {outcome}" for outcome in session["outcomes"]],
        "",
        f"**Before class** (about {reading} minutes of reading): {_titles(session['pre_reading'])}.",
        "",
        "**In class**",
        "",
        "| section | minutes |",
        "|---|---:|",
        *[f"| {s.title} | {_minutes(section_minutes(s, rule))} |" for s in covered],
        "",
    ]
    widget, where = activity.get("widget"), ""
    if widget:
        runs = "works on the website too" if widget in static else "needs a running chapter"
        where = f"; `{widget}`, {runs}"
    lines += [f"**Activity** ({activity['minutes']} minutes{where}). {activity['task'].strip()}", ""]
    if activity.get("look_for"):
        lines += [f"*What to look for:* {activity['look_for'].strip()}", ""]
    return lines + _homework_lines(_homework(session), chapter, rule)


def reading_table(plan: dict, chapters: dict[str, Chapter]) -> str:
    """The landing page's table of reading times: each chapter's text up to its exercises.

    Words and code cells are counted as for the classes (:func:`read_chapter`), the self-check
    included; minutes at the plan's silent reading rate plus :data:`SECONDS_PER_CODE_CELL` a code
    cell, rounded to 5.
    """
    rate = plan["rule"]["reading_words_per_minute"]
    lines = ["| chapter | words | code cells | about |", "|---|--:|--:|--:|"]
    total = 0
    for chapter in chapters.values():
        shown = []
        for section in chapter.sections:
            if section.title == EXERCISES:
                break
            shown.append(section)
        words = sum(s.words for s in shown)
        cells = sum(s.code_cells for s in shown)
        minutes = 5 * round(self_study_minutes(shown, rate) / 5)
        total += minutes
        number = int(chapter.stem[:2])
        short = chapter.title.split(":")[0].split(", and ")[0]  # "Seeds, groups and time" stays whole
        thousands = f"{words:,}".replace(",", " ")
        lines.append(f"| {number}. {short} | {thousands} | {cells} | {minutes} min |")
    hours = total / 60
    lines += ["", f"Reading all eleven chapters this way takes about {round(2 * hours) / 2:g} hours; "
              "the exercises come on top."]
    return "\n".join(lines)


def intro_with_table(intro: str, table: str) -> str:
    """``intro`` with the text between :data:`TABLE_START` and :data:`TABLE_END` replaced by ``table``."""
    start, end = intro.find(TABLE_START), intro.find(TABLE_END)
    if start < 0 or end < start:
        raise ValueError(f"intro.md needs the two markers {TABLE_START!r} and {TABLE_END!r}")
    return intro[: start + len(TABLE_START)] + "\n\n" + table + "\n\n" + intro[end:]


def render(plan: dict, chapters: dict[str, Chapter]) -> str:
    """The instructor guide (MyST markdown) for a plan that passes :func:`problems`."""
    static = _static_explorers()
    lines = _introduction(plan, static) + _term_plan(plan, chapters)
    for n, session in enumerate(plan["sessions"], 1):
        lines += _session_lines(n, session, chapters[session["chapter"]], plan["rule"], static)
    return "\n".join(lines).rstrip() + "\n"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="fail if the page is stale or a rule is broken")
    parser.add_argument("--sessions", type=Path, default=SESSIONS)
    parser.add_argument("--notebooks", type=Path, default=NOTEBOOKS)
    parser.add_argument("--page", type=Path, default=PAGE)
    parser.add_argument("--intro", type=Path, default=INTRO)
    args = parser.parse_args(argv)
    plan, chapters = load_plan(args.sessions), read_chapters(args.notebooks)
    found = problems(plan, chapters)
    if found:
        print(f"{args.sessions} breaks the plan's rules:", *found, sep="\n  ", file=sys.stderr)
        return 1
    page = render(plan, chapters)
    intro = args.intro.read_text(encoding="utf-8")
    new_intro = intro_with_table(intro, reading_table(plan, chapters))
    if args.check:
        if not args.page.exists() or args.page.read_text(encoding="utf-8") != page:
            print(f"{args.page} is not what {args.sessions} gives: run {COMMAND}", file=sys.stderr)
            return 1
        if new_intro != intro:
            print(f"{args.intro}: its table of reading times is stale: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    args.page.write_text(page, encoding="utf-8")
    args.intro.write_text(new_intro, encoding="utf-8")
    minutes = sum(s["minutes"] for s in plan["sessions"])
    print(f"wrote {args.page}: {len(plan['sessions'])} sessions, {minutes} minutes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
