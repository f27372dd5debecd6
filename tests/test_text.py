"""lecture_lib/_text.py: the wrapping of report paragraphs."""

from lecture_lib._text import fill


def test_fill_keeps_what_reads_as_one_on_one_line():
    words = "a level of 1 - 0.05/3 = 98.33 % and p = 0.0234 beside p < 1e-300 "
    text = words * 12
    for width in range(20, 90, 7):
        wrapped = fill(text, width)
        lines = wrapped.split("\n")
        # no line starts with "- " (it would read as a list item), "%" or "< " (split from their numbers),
        # and "p =" is never cut after the p
        assert not any(line.startswith(("- ", "%", "< ")) for line in lines), width
        assert not any(line.endswith(" p") or line.startswith("= 0.0234") for line in lines), width
        assert all(len(line) <= width for line in lines if " " in line), width
        assert wrapped.replace("\n", " ") == text.strip()


def test_fill_without_width_is_one_line_with_its_indent():
    assert fill("p = 0.5", None, first="- ") == "- p = 0.5"
    assert fill("one two three", 8, first="- ", rest="  ") == "- one\n  two\n  three"
