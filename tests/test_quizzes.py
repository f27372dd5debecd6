"""quizzes/quizzes.yml: the self-check quizzes that scripts/portable_notebooks.py puts in the chapters.

Two kinds of checks:

- the rules written in the bank's header: 3-5 questions per chapter, four answers with exactly
  one correct and a reason for each, a scenario and a number question in every chapter, and
  neither the length nor the position of an answer that gives it away;
- every number a question quotes from a chapter (``check``) is in that chapter's executed
  notebook: the named code cell exists once, its stored output still contains the copied line,
  and the quiz's number is that output's number, rounded. When a chapter is re-executed and
  its output changes, the test names the question to re-read.
"""

from __future__ import annotations

import functools
import re
import sys
from collections import Counter
from pathlib import Path

import nbformat
import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import portable_notebooks as portable  # noqa: E402

BANK = yaml.safe_load((ROOT / "quizzes" / "quizzes.yml").read_text(encoding="utf-8"))
NOTEBOOKS = {int(p.name[:2]): p for p in sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))}
CHAPTER_OF = {p.stem.split("-", 1)[1]: number for number, p in NOTEBOOKS.items()}
QUESTIONS = [(slug, number, question) for slug, quiz in BANK.items()
             for number, question in enumerate(quiz["questions"], start=1)]
CHECKS = [(slug, number, question, check) for slug, number, question in QUESTIONS
          for check in ([question["check"]] if isinstance(question.get("check"), dict) else question.get("check", []))]
KINDS = {"concept", "scenario", "number"}
QUESTION_KEYS = {"question", "kind", "depends_on", "check", "answers"}
CHECK_KEYS = {"chapter", "cell", "output", "quoted"}
MAX_SHARE = 0.40  # of questions whose right answer is the strictly longest (or shortest); of right answers per letter


def _id(item) -> str:
    return f"{item[0]}-Q{item[1]}"


def _words(text: str) -> str:
    return " ".join(str(text).split())


def _quiz_text(question: dict) -> str:
    """Everything a learner reads for one question: the question, every answer and every reason."""
    parts = [question["question"]] + [part for a in question["answers"] for part in (a["text"], a["why"])]
    return _words(" ".join(parts))


# ------------------------------------------------------------------------------------ the rules


def test_every_chapter_has_a_quiz_under_its_slug():
    assert set(BANK) == set(CHAPTER_OF), (set(BANK) ^ set(CHAPTER_OF))


@pytest.mark.parametrize("item", QUESTIONS, ids=_id)
def test_four_answers_exactly_one_right_and_every_answer_says_why(item):
    slug, number, question = item
    assert set(question) <= QUESTION_KEYS, set(question) - QUESTION_KEYS
    assert _words(question["question"]).endswith("?"), "a question ends with a question mark"
    answers = question["answers"]
    assert len(answers) == 4, f"{slug} Q{number}: {len(answers)} answers"
    assert [a.get("correct", False) for a in answers].count(True) == 1
    assert all(set(a) <= {"text", "correct", "why"} and a.get("correct", False) in (True, False) for a in answers)
    texts = [_words(a["text"]) for a in answers]
    assert len(set(texts)) == 4 and all(texts), texts
    for answer in answers:  # a reason, not a bare verdict
        assert len(_words(answer["why"]).split()) >= 8, answer["text"]
    kinds = question.get("kind")
    assert isinstance(kinds, list) and kinds and set(kinds) <= KINDS, kinds


@pytest.mark.parametrize("slug", sorted(BANK))
def test_each_chapter_has_3_to_5_questions_a_scenario_and_a_number(slug):
    questions = BANK[slug]["questions"]
    assert 3 <= len(questions) <= 5
    kinds = [kind for q in questions for kind in q["kind"]]
    assert "scenario" in kinds, f"{slug}: no 'which test for this set-up?' question"
    assert "number" in kinds, f"{slug}: no question whose answer is a number the chapter computes"


@pytest.mark.parametrize("item", QUESTIONS, ids=_id)
def test_a_number_from_a_chapter_names_where_it_comes_from(item):
    slug, number, question = item
    if "number" in question["kind"]:
        assert question.get("check"), f"{slug} Q{number} asks for a number but has no check"
    if question.get("check"):
        assert _words(question.get("depends_on", "")).startswith("chapter "), "depends_on: 'chapter N: what'"


def _extreme(question: dict, longest: bool) -> bool:
    """Is the right answer strictly the longest (or the shortest) of the four?"""
    lengths = [len(_words(a["text"])) for a in question["answers"]]
    right = next(i for i, a in enumerate(question["answers"]) if a.get("correct"))
    others = [n for i, n in enumerate(lengths) if i != right]
    return lengths[right] > max(others) if longest else lengths[right] < min(others)


@pytest.mark.parametrize("longest", [True, False], ids=["longest", "shortest"])
def test_the_length_of_an_answer_does_not_give_it_away(longest):
    flagged = [f"{slug} Q{n}" for slug, n, q in QUESTIONS if _extreme(q, longest)]
    assert len(flagged) <= MAX_SHARE * len(QUESTIONS), (
        f"the right answer is the strictly {'longest' if longest else 'shortest'} in {len(flagged)} of "
        f"{len(QUESTIONS)} questions: {flagged}"
    )
    per_chapter = Counter(item.split(" Q")[0] for item in flagged)
    assert all(count <= len(BANK[slug]["questions"]) / 2 for slug, count in per_chapter.items()), per_chapter


def test_the_position_of_the_right_answer_does_not_give_it_away():
    """Letters as a learner sees them, after scripts/portable_notebooks.py has rotated the answers."""
    letters = []
    for slug, quiz in BANK.items():
        rendered = portable.quiz_markdown(quiz, CHAPTER_OF[slug])
        rights = re.findall(r"<summary>\((\w)\) .*?</summary>\n\n\*\*Right\.\*\*", rendered)
        assert len(rights) == len(quiz["questions"]), slug
        letters += rights
    counts = Counter(letters)
    assert set(counts) == set("abcd") and max(counts.values()) <= MAX_SHARE * len(letters), counts


# ------------------------------------------------------------------ numbers against the chapters


@functools.cache
def _code_cells(chapter: int) -> list[tuple[str, str]]:
    """(source, stored text output) of every code cell of the executed chapter."""
    notebook = nbformat.read(NOTEBOOKS[chapter], as_version=4)
    cells = []
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        text = ""
        for output in cell.get("outputs", []):
            if output.output_type == "stream":
                text += output.get("text", "")
            elif output.output_type in ("execute_result", "display_data"):
                text += output.get("data", {}).get("text/plain", "")
        cells.append((cell.source, text))
    return cells


_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def _value_and_half_unit(text: str) -> tuple[float, float]:
    """'0.63 %' -> (0.0063, 0.00005); '2.4 x 10^-6' -> (2.4e-6, 5e-8); '1.5 points' -> (0.015, 0.0005)."""
    text = text.strip()
    power = re.search(r"x\s*10\^([-+]?\d+)", text)
    mantissa = _NUMBER.search(text).group(0)
    value = float(mantissa)
    decimals = len(mantissa.split("e")[0].split("E")[0].partition(".")[2])
    exponent = int(re.search(r"[eE]([-+]?\d+)", mantissa).group(1)) if re.search(r"[eE]", mantissa) else 0
    half = 0.5 * 10.0 ** (exponent - decimals)
    scale = 10.0 ** int(power.group(1)) if power else 1.0
    if "%" in text or "point" in text:  # percentages and percentage points of a proportion
        scale /= 100
    return abs(value * scale), abs(half * scale)


@pytest.mark.parametrize("item", CHECKS, ids=_id)
def test_quoted_numbers_are_the_executed_chapters(item):
    slug, number, question, check = item
    where = f"{slug} Q{number} ({question.get('depends_on', '')})"
    assert set(check) == CHECK_KEYS, f"{where}: check needs exactly {sorted(CHECK_KEYS)}"
    chapter = check["chapter"]
    assert chapter in NOTEBOOKS, f"{where}: no notebook for chapter {chapter}"
    cells = [output for source, output in _code_cells(chapter) if check["cell"] in source]
    assert len(cells) == 1, (
        f"{where}: {len(cells)} code cells of {NOTEBOOKS[chapter].name} contain {check['cell']!r}; "
        "name exactly one"
    )
    lines = [check["output"]] if isinstance(check["output"], str) else list(check["output"])
    for line in lines:
        assert line in cells[0], (
            f"{where}: the stored output of {NOTEBOOKS[chapter].name} no longer contains {line!r}. "
            f"Re-read the question against the new output and update quiz and check together. "
            f"The output now:\n{cells[0]}"
        )
    text = _quiz_text(question)
    for quoted, printed in check["quoted"].items():
        assert re.search(rf"(?<![\d.]){re.escape(quoted)}(?!\d)", text), f"{where}: the quiz does not say {quoted!r}"
        assert any(printed in line for line in lines), f"{where}: {printed!r} is not in the checked output"
        said, said_half = _value_and_half_unit(quoted)
        shown, shown_half = _value_and_half_unit(printed)
        assert abs(said - shown) <= said_half + shown_half + 1e-12, (
            f"{where}: the quiz says {quoted}, the chapter prints {printed}"
        )


def test_the_number_parser_reads_what_the_quizzes_write():
    # the rounding rule above, on the forms the bank uses
    assert _value_and_half_unit("0.63 %") == pytest.approx((0.0063, 0.00005))
    assert _value_and_half_unit("2.4 x 10^-6") == pytest.approx((2.4e-6, 5e-8))
    assert _value_and_half_unit("2.4e-06") == pytest.approx((2.4e-6, 5e-8))
    assert _value_and_half_unit("1.5 points") == pytest.approx((0.015, 0.0005))
    assert _value_and_half_unit("-0.0018") == pytest.approx((0.0018, 0.00005))
    # a number one unit off what the output prints is caught (0.65 % for 0.00635), a rounding is not
    shown, shown_half = _value_and_half_unit("0.00635")
    for quoted, agrees in (("0.63 %", True), ("0.65 %", False), ("0.0063", True), ("0.007", False)):
        said, said_half = _value_and_half_unit(quoted)
        assert (abs(said - shown) <= said_half + shown_half + 1e-12) is agrees, quoted


# ------------------------------------------------------------------- the words the quizzes use


SOURCE = re.compile(r"\bsources? (00[0-4])\b", re.I)


def test_source_documents_are_sources_and_the_glossary_names_each_one():
    """'seed' means a random seed (chapter 10); the five source documents are 'source 000' ... 'source 004'."""
    texts = {name: (ROOT / name).read_text(encoding="utf-8")
             for name in ("quizzes/quizzes.yml", "glossary.md", "intro.md")}
    for name, text in texts.items():
        prose = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("cell:", "#")))
        found = re.findall(r"\bseeds?(?:'s|')? 00\d", prose, re.I)
        assert not found, f"{name}: {found}; call them 'source 000' ... 'source 004'"
    glossary = texts["glossary.md"].split("```{glossary}")[1].split("```")[0]
    entry = next(block for block in glossary.strip().split("\n\n") if block.startswith("Source documents"))
    assert set(SOURCE.findall(entry)) == {"000", "001", "002", "003", "004"}, entry
    used = set(SOURCE.findall(texts["quizzes/quizzes.yml"])) | set(SOURCE.findall(texts["intro.md"]))
    assert used <= {"000", "001", "002", "003", "004"}
