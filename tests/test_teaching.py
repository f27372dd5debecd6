"""The teaching plan (teaching/sessions.yml) and the instructor guide rendered from it (issue 25).

The plan keeps its rules against the chapters as they are: no class over 75 minutes, minutes that
follow the stated rule, every section of every chapter exactly once (in class or read at home),
every self-check question and exercise exactly once, headings written as the chapters write them.
Each rule is shown to fail on a broken copy of the plan, and the committed page is what the
script writes.
"""

import copy
import dataclasses
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent


def _guide_module():
    spec = importlib.util.spec_from_file_location("instructor_guide", ROOT / "scripts" / "instructor_guide.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


guide = _guide_module()
PLAN = guide.load_plan()
CHAPTERS = guide.read_chapters()


def _session(plan, session_id):
    return next(s for s in plan["sessions"] if s["id"] == session_id)


def _broken(edit):
    """A deep copy of the plan with ``edit(plan)`` applied, and its problems."""
    plan = copy.deepcopy(PLAN)
    edit(plan)
    return guide.problems(plan, CHAPTERS)


# ------------------------------------------------------------------------- the plan as committed


def test_the_plan_keeps_every_rule():
    plan = copy.deepcopy(PLAN)
    assert guide.problems(plan, CHAPTERS) == []
    assert plan == PLAN  # checking changes nothing


def test_the_page_is_current():
    page = (ROOT / "instructor-guide.md").read_text(encoding="utf-8")
    assert page == guide.render(PLAN, CHAPTERS), f"run: {guide.COMMAND}"
    assert guide.main(["--check"]) == 0


def test_the_plan_covers_the_course_in_about_seventeen_classes():
    sessions = PLAN["sessions"]
    assert 14 <= len(sessions) <= 18
    assert {s["chapter"] for s in sessions} == set(CHAPTERS) and len(CHAPTERS) == 11
    assert all(s["minutes"] <= PLAN["rule"]["max_minutes"] == 75 for s in sessions)
    # a chapter's classes follow each other, in the order of the chapters
    order = [s["chapter"] for s in sessions]
    assert order == sorted(order)


def test_most_activities_use_the_chapters_own_widget():
    with_widget = [s for s in PLAN["sessions"] if s["activity"].get("widget")]
    assert len(with_widget) > len(PLAN["sessions"]) / 2
    for session in PLAN["sessions"]:
        assert 10 <= session["activity"]["minutes"] <= 15
        assert len(session["activity"]["task"].split()) >= 30, session["id"]  # a task, not a topic


def test_the_page_links_every_chapter_as_the_other_root_pages_do():
    page = (ROOT / "instructor-guide.md").read_text(encoding="utf-8")
    errata = (ROOT / "errata.md").read_text(encoding="utf-8")
    for stem in CHAPTERS:
        link = f"[{stem}](notebooks/{stem}.ipynb)"
        assert link in page
        assert (ROOT / "notebooks" / f"{stem}.ipynb").is_file()
    assert "](notebooks/02-mcnemar.ipynb)" in errata  # the form errata.md uses
    for n, session in enumerate(PLAN["sessions"], 1):
        assert f"## Class {n}: {session['title']}\n" in page
        stem = session["chapter"]  # the term plan names the chapter by its number (phone width)
        assert f"| {n} | [{int(stem[:2])}](notebooks/{stem}.ipynb) | {session['title']} | " \
               f"{session['minutes']} |" in page


# ----------------------------------------------------------- every rule fails on a broken copy


def test_a_class_over_75_minutes_is_refused():
    def longer(plan):
        session = _session(plan, "s13")
        session["activity"]["minutes"] = 15
        session["minutes"] = guide.session_minutes(session, CHAPTERS[session["chapter"]], plan["rule"])

    found = _broken(longer)
    assert _session(PLAN, "s13")["minutes"] + 3 > 75  # the copy really is over
    assert any("over the maximum of 75" in p for p in found), found


def test_a_class_of_80_minutes_is_refused():
    def eighty(plan):
        # teach chapter 6's second class inside its first: far more than 75 minutes
        first, second = _session(plan, "s10"), _session(plan, "s11")
        first["sections"] += second["sections"]
        second["sections"], second["pre_reading"] = [], []
        first["minutes"] = guide.session_minutes(first, CHAPTERS[first["chapter"]], plan["rule"])
        second["minutes"] = guide.session_minutes(second, CHAPTERS[second["chapter"]], plan["rule"])
        assert first["minutes"] >= 80

    found = _broken(eighty)
    assert any(p.startswith("session 's10'") and "over the maximum" in p for p in found), found


def test_minutes_that_do_not_follow_the_rule_are_refused():
    found = _broken(lambda plan: _session(plan, "s05").update(minutes=_session(PLAN, "s05")["minutes"] + 1))
    assert found == [f"session 's05': minutes is {_session(PLAN, 's05')['minutes'] + 1}, "
                     f"the rule gives {_session(PLAN, 's05')['minutes']}"]


def test_a_missing_section_is_refused():
    title = _session(PLAN, "s05")["sections"][2]
    found = _broken(lambda plan: _session(plan, "s05")["sections"].remove(title))
    assert f"03-cochrans-q: section {title!r} is in no session (in class or at home)" in found


def test_a_section_named_twice_is_refused():
    title = _session(PLAN, "s05")["sections"][1]
    found = _broken(lambda plan: _session(plan, "s06")["homework"].setdefault("at_home", []).append(title))
    assert f"03-cochrans-q: section {title!r} is named 2 times" in found


def test_a_made_up_heading_is_refused():
    made_up = "A heading the chapter does not have"
    found = _broken(lambda plan: _session(plan, "s03")["sections"].append(made_up))
    assert f"session 's03': sections names {made_up!r}, which is not a heading of 02-mcnemar" in found
    # a heading of another chapter is as wrong as a made-up one
    found = _broken(lambda plan: _session(plan, "s03")["pre_reading"].append("Building Q step by step"))
    assert any("'Building Q step by step', which is not a heading of 02-mcnemar" in p for p in found)


def test_a_heading_must_be_written_exactly():
    title = _session(PLAN, "s09")["sections"][3]
    found = _broken(lambda plan: _session(plan, "s09")["sections"].__setitem__(3, title.lower()))
    assert any(f"names {title.lower()!r}, which is not a heading" in p for p in found)
    assert any(f"section {title!r} is in no session" in p for p in found)


def test_every_exercise_and_question_is_set_once():
    found = _broken(lambda plan: _session(plan, "s12")["homework"]["exercises"].remove(4))
    assert "07-nested-cv: exercises number 4 is set 0 times (once is right)" in found
    found = _broken(lambda plan: _session(plan, "s02")["homework"]["self_check"].append(1))
    assert "01-evaluation-basics: self_check number 1 is set 2 times (once is right)" in found
    found = _broken(lambda plan: _session(plan, "s17")["homework"]["exercises"].append(99))
    assert "11-choosing-a-test: exercises number 99 does not exist" in found


def test_pre_reading_is_part_of_the_class_and_short():
    outside = _session(PLAN, "s04")["sections"][0]
    found = _broken(lambda plan: _session(plan, "s03")["pre_reading"].append(outside))
    assert f"session 's03': pre-reading {outside!r} is not one of the session's sections" in found

    def everything(plan):
        session = _session(plan, "s13")
        session["pre_reading"] = list(session["sections"])
    found = _broken(everything)
    assert any(p.startswith("session 's13': the pre-reading takes") for p in found), found


def test_the_activity_rules_are_checked():
    found = _broken(lambda plan: _session(plan, "s01")["activity"].update(minutes=5))
    assert "session 's01': the activity lasts 5 minutes, the rule allows 10 to 15" in found
    found = _broken(lambda plan: _session(plan, "s01")["activity"].update(widget="rope_explorer"))
    assert "session 's01': the activity's widget rope_explorer() is not called in 01-evaluation-basics" in found
    found = _broken(lambda plan: _session(plan, "s01").update(outcomes=["one outcome"]))
    assert "session 's01': 1 outcomes, the plan asks for 2 to 4" in found


def test_a_chapter_without_a_class_is_refused():
    found = _broken(lambda plan: plan["sessions"].remove(_session(plan, "s12")))
    assert "07-nested-cv: no session covers this chapter" in found


def test_a_stale_page_fails_the_check_and_a_broken_plan_writes_nothing(tmp_path):
    page = tmp_path / "instructor-guide.md"
    intro = tmp_path / "intro.md"
    intro.write_text((ROOT / "intro.md").read_text(encoding="utf-8"), encoding="utf-8")
    assert guide.main(["--page", str(page), "--intro", str(intro)]) == 0
    assert page.read_text(encoding="utf-8") == (ROOT / "instructor-guide.md").read_text(encoding="utf-8")
    assert intro.read_text(encoding="utf-8") == (ROOT / "intro.md").read_text(encoding="utf-8")
    assert guide.main(["--check", "--page", str(page), "--intro", str(intro)]) == 0
    page.write_text(page.read_text(encoding="utf-8").replace("| 40 |", "| 45 |", 1), encoding="utf-8")
    assert guide.main(["--check", "--page", str(page), "--intro", str(intro)]) == 1
    assert guide.main(["--check", "--page", str(tmp_path / "missing.md"), "--intro", str(intro)]) == 1

    plan = copy.deepcopy(PLAN)
    _session(plan, "s07")["minutes"] = 90
    broken = tmp_path / "sessions.yml"
    broken.write_text(yaml.safe_dump(plan, allow_unicode=True, sort_keys=False), encoding="utf-8")
    before = page.read_text(encoding="utf-8")
    assert guide.main(["--sessions", str(broken), "--page", str(page)]) == 1
    assert page.read_text(encoding="utf-8") == before


def test_the_landing_page_reading_times_are_measured(tmp_path):
    # intro.md's table: every chapter, with the words and code cells the measurement counts up to its
    # exercises, and minutes at the plan's reading rate (200 words a minute) plus 20 s a code cell
    chapters = guide.read_chapters()
    table = guide.reading_table(PLAN, chapters)
    intro = (ROOT / "intro.md").read_text(encoding="utf-8")
    assert table in intro
    rows = [line for line in table.splitlines() if re.match(r"\| \d+\. ", line)]
    assert len(rows) == len(chapters) == 11
    first = chapters["01-evaluation-basics"]
    shown = first.sections[: [s.title for s in first.sections].index(guide.EXERCISES)]
    words, cells = sum(s.words for s in shown), sum(s.code_cells for s in shown)
    assert f"| {words:,} | {cells} |".replace(",", " ") in rows[0]
    assert f"| {5 * round((words / 200 + cells / 3) / 5)} min |" in rows[0]
    # a chapter that grew makes the committed table stale
    stale = tmp_path / "intro.md"
    stale.write_text(intro.replace(rows[0], rows[0].replace(" min |", "0 min |")), encoding="utf-8")
    assert guide.main(["--check", "--intro", str(stale)]) == 1
    with pytest.raises(ValueError, match="markers"):
        guide.intro_with_table("no markers here", table)


# --------------------------------------------------------------------------- the measurement


def _notebook(path, cells):
    def cell(kind, text, tags=()):
        return {"cell_type": kind, "metadata": {"tags": list(tags)}, "source": text,
                **({"outputs": [], "execution_count": None} if kind == "code" else {})}
    path.write_text(json.dumps({"cells": [cell(*c) for c in cells], "metadata": {}, "nbformat": 4,
                                "nbformat_minor": 5}), encoding="utf-8")
    return path


def test_the_measurement_counts_what_a_class_sees(tmp_path):
    chapter = guide.read_chapter(_notebook(tmp_path / "99-toy.ipynb", [
        ("code", "print('install')", ["remove-cell"]),
        ("markdown", "# A toy chapter\n\n## Overview\n\nFour words of prose."),
        ("code", "x = 1"),
        ("markdown", "Two more, $x = 1$ and a dash -\n\n```python\n# ## not a heading\n```"),
        ("markdown", "**Figure.** A caption repeated for Colab.", ["remove-cell", "figure-caption"]),
        ("markdown", "## Part two\n\n### A subsection\n\nOne.\n\n<details class=\"fold\">\n<summary>For the "
                     "curious</summary>\n\nmany words that are read at home\n</details>"),
        ("code", "y = 2", ["hide-cell"]),
        ("code", "z = 3", ["hide-input"]),
        ("markdown", "# Part 2\n\n## Self-check\n\n**Question 1.** Why?\n\n**Question 2.** How?"),
        ("markdown", "## Exercises\n\n**Exercise 1.** Do it. See exercise 3.\n\n**Exercise 2.** Again."),
    ]))
    assert chapter.title == "A toy chapter"
    sections = {s.title: (s.level, s.words, s.code_cells) for s in chapter.sections}
    # "# ## not a heading" sits in a code fence: three words, not a section (the fence lines are not
    # words). Tokens without a letter or a digit ("=", "-") are not words; "1$" and "1.**" are.
    assert sections == {
        "Overview": (2, 4 + 7 + 3, 1),  # "Four words of prose." "Two more, $x = 1$ and a dash -"
        "Part two": (2, 0, 0),
        "A subsection": (3, 1, 1),  # the fold and the hide-cell cell are left out
        "Part 2": (1, 0, 0),  # a heading a chapter adds later must be placed in the plan too
        "Self-check": (2, 3 + 3, 0),
        "Exercises": (2, 7 + 3, 0),
    }
    assert chapter.questions == (1, 2) and chapter.exercises == (1, 2)
    assert chapter.link == "[99-toy](notebooks/99-toy.ipynb)"


def test_the_rule_adds_prose_code_activity_and_questions():
    rule = PLAN["rule"]
    chapter = CHAPTERS["05-two-algorithms-many-datasets"]
    session = _session(PLAN, "s09")
    words = sum(chapter.section(t).words for t in session["sections"])
    cells = sum(chapter.section(t).code_cells for t in session["sections"])
    expected = words / rule["prose_words_per_minute"] + cells * rule["minutes_per_code_cell"] \
        + session["activity"]["minutes"] + rule["questions_minutes"]
    assert guide.session_minutes(session, chapter, rule) == session["minutes"] == -int(-expected // 1)


def test_the_page_states_the_rule_with_its_numbers():
    page = (ROOT / "instructor-guide.md").read_text(encoding="utf-8")
    rule = PLAN["rule"]
    assert f"**prose**: {rule['prose_words_per_minute']} words a minute" in page
    assert f"**code**: {rule['minutes_per_code_cell']} minute per code cell" in page
    assert f"**questions**: {rule['questions_minutes']} minutes per class" in page
    total = sum(s["minutes"] for s in PLAN["sessions"])
    assert f"In all {total} minutes of class." in page
    assert not re.search(r"\{[a-z_]+\}", page)  # no unformatted placeholder


# ------------------------------------------------- the chapters signpost where the plan splits them


def test_every_split_chapter_signposts_its_second_part_and_no_other_chapter_does():
    split = {s["chapter"] for s in PLAN["sessions"]} - {
        stem for stem in CHAPTERS if sum(s["chapter"] == stem for s in PLAN["sessions"]) == 1}
    assert split == {stem for stem, chapter in CHAPTERS.items() if chapter.markers}
    assert len(split) == 6  # chapters 1, 2, 3, 4, 6 and 9 take two classes each (sessions.yml)
    for stem in split:
        second = [s for s in PLAN["sessions"] if s["chapter"] == stem][1]
        (text, heading), = CHAPTERS[stem].markers
        assert text.startswith(f"**Part 2 of this chapter: {second['title']}.**")
        assert heading in second["sections"]


def test_a_signpost_out_of_step_with_the_plan_is_refused():
    def renamed(plan):
        _session(plan, "s04")["title"] = "McNemar's test, the second class"

    found = _broken(renamed)
    assert any(p.startswith("02-mcnemar: the part signpost") for p in found), found
    # a chapter that loses its signpost (here: chapter 3 read without its marker)
    chapters = dict(CHAPTERS)
    chapters["03-cochrans-q"] = guide.Chapter(**{**CHAPTERS["03-cochrans-q"].__dict__, "markers": ()})
    assert "03-cochrans-q: 0 part signposts (cells tagged 'part-marker'); the plan's 2 classes need 1" \
        in guide.problems(PLAN, chapters)


# --------------------------------------------------------------------------- the core-path notes


def test_every_chapter_ends_its_overview_with_the_plans_core_path():
    for stem, chapter in CHAPTERS.items():
        [(text, before)] = chapter.core_paths
        titles = [s.title for s in chapter.sections]
        assert before == titles[titles.index("Overview") + 1], stem
        mine = [s for s in PLAN["sessions"] if s["chapter"] == stem]
        # every pre-reading section (the Overview aside) is named, and the Summary last
        for title in {t for s in mine for t in s["pre_reading"]} - {"Overview"}:
            assert f"*{title}*" in text, (stem, title)
        assert text.startswith("**Core path.**") and "*Summary*" in text, stem
        for title in {t for s in mine for t in s["homework"].get("at_home") or []} - {guide.REFERENCES}:
            assert f"*{title}*" in text.split("detail to come back to")[1], (stem, title)


def test_a_stale_or_missing_core_path_note_is_refused():
    # the plan moves a section into the pre-reading: the note no longer says what the plan says
    found = _broken(lambda plan: _session(plan, "s09")["pre_reading"].append("Demšar's own example: 14 data sets"))
    assert any(p.startswith("05-two-algorithms-many-datasets: the core-path note does not say") and
               "Demšar's own example: 14 data sets" in p for p in found), found
    # a chapter without its note, or with two
    chapters = dict(CHAPTERS)
    chapters["07-nested-cv"] = dataclasses.replace(CHAPTERS["07-nested-cv"], core_paths=())
    chapters["08-bayesian-comparison"] = dataclasses.replace(
        CHAPTERS["08-bayesian-comparison"], core_paths=CHAPTERS["08-bayesian-comparison"].core_paths * 2)
    found = guide.problems(PLAN, chapters)
    assert any(p.startswith("07-nested-cv: 0 core-path notes") and "**Core path.**" in p for p in found), found
    assert any(p.startswith("08-bayesian-comparison: 2 core-path notes") for p in found), found
