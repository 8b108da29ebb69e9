"""Order files: reading, parsing with the game's grammar, and reporting problems."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lifegames.engine.core import orders
from lifegames.engine.core.orders import (
    MAX_FILE_BYTES,
    MAX_LINE_CHARS,
    Problem,
    commands,
    grammar,
    parse_bytes,
    parse_text,
    suggest,
    usage,
)
from lifegames.engine.files.data import grammar_path
from toygame import GRAMMAR as TOY_GRAMMAR

G = "simple_kingdoms"
PATH = "Ironhold/Ironhold_orders.txt"


def parse(raw: bytes | str, name: str = G):
    if isinstance(raw, str):
        raw = raw.encode("utf-8")
    return parse_bytes(name, raw, PATH)


def codes(parsed) -> list[str]:
    return [p.code for p in parsed.problems]


# -- tolerance of what editors write ---------------------------------------------------------


def test_blank_lines_and_comments_are_ignored_and_lines_keep_their_numbers():
    """Blank lines, whole-line comments and trailing comments are skipped, and each order keeps
    the line number it has in the file."""
    text = (
        "\n"
        "# a note\n"
        "   # an indented note\n"
        'build(0,0, "farm")   # trailing note\n'
        "\n"
        "claim_tile(1,1)#tight note\n"
    )
    parsed = parse(text)
    assert parsed.problems == []
    assert [(o.command, o.line) for o in parsed.orders] == [("build", 4), ("claim_tile", 6)]
    assert parsed.orders[0]["building"] == "farm"


def test_trailing_spaces_tabs_and_inner_whitespace_are_accepted():
    """Trailing blanks, tabs and spaces between the tokens of an order are not errors, and the
    argument values are unaffected."""
    text = 'build( 0 ,\t0 , "farm" )  \t \n\tgive("wood",\t5)\t\n  claim_tile(1,1)   \n'
    parsed = parse(text)
    assert parsed.problems == []
    assert [o.command for o in parsed.orders] == ["build", "give", "claim_tile"]
    assert parsed.orders[1]["resource"] == "wood" and parsed.orders[1]["amount"] == 5


@pytest.mark.parametrize("newline", [b"\r\n", b"\r", b"\n"], ids=["crlf", "cr", "lf"])
def test_every_line_ending_style_gives_the_same_orders_and_line_numbers(newline):
    """CRLF (Windows), lone CR (old Mac) and LF files parse the same, with the same line
    numbers, and a CR never ends up inside an order."""
    lines = [b'build(0,0, "farm")', b"", b"# note", b"claim_tile(1,1)", b"claim_tile("]
    parsed = parse(newline.join(lines) + newline)
    assert [(o.command, o.line) for o in parsed.orders] == [("build", 1), ("claim_tile", 4)]
    assert [(p.code, p.line) for p in parsed.problems] == [("E-SYNTAX", 5)]
    assert all("\r" not in o.source for o in parsed.orders)


def test_mixed_line_endings_count_lines_like_an_editor():
    """A file mixing CRLF, CR and LF numbers its lines as an editor shows them."""
    parsed = parse(b"claim_tile(0,0)\r\nclaim_tile(0,1)\rclaim_tile(0,2)\nclaim_tile(0,3)")
    assert [o.line for o in parsed.orders] == [1, 2, 3, 4]
    assert [o["col"] for o in parsed.orders] == [0, 1, 2, 3]


def test_utf8_bom_is_ignored_and_does_not_shift_columns():
    """A UTF-8 byte-order mark (Notepad) is dropped: the first order parses and starts at
    column 1, with the same argument columns as without the mark."""
    plain = parse(b"claim_tile(1,2)\n")
    bom = parse(b"\xef\xbb\xbfclaim_tile(1,2)\n")
    assert bom.problems == []
    assert bom.orders == plain.orders
    assert bom.orders[0].column == 1


@pytest.mark.parametrize(
    "quoted", ['"farm"', "'farm'", "\u201cfarm\u201d", "\u2018farm\u2019"],
    ids=["double", "single", "typographic-double", "typographic-single"],
)
def test_all_quote_styles_give_the_same_name(quoted):
    """Straight and typographic ("smart") quotes, single or double, all quote a name; the
    value is the bare name and the argument's columns cover the quotes."""
    line = f"build(0,0, {quoted})"
    parsed = parse(line)
    assert parsed.problems == []
    (order,) = parsed.orders
    assert order["building"] == "farm"
    arg = order.arg("building")
    assert line[arg.column - 1:arg.end_column - 1] == quoted


def test_empty_and_whitespace_only_files_hold_no_orders_and_no_problems():
    """An empty file, or one of blanks and comments, means 'no actions', not an error."""
    for raw in (b"", b"\n\n", b"   \t\n# only notes\r\n", b"\xef\xbb\xbf"):
        parsed = parse(raw)
        assert parsed.orders == [] and parsed.problems == [], raw


# -- every problem, located -------------------------------------------------------------------


def test_every_syntax_error_in_a_file_is_reported_with_its_line():
    """One bad line does not hide the next: three bad lines among good ones give exactly three
    problems, on the right lines, and the good lines still parse."""
    text = "\n".join([
        "claim_tile(1,1)",
        "claim_tile(1,",          # 2: stops early
        'build(0,0, "farm")',
        "biuld(0,0, 'farm')",     # 4: unknown command
        "# fine",
        'give("wood" 5)',          # 6: missing comma
        "give('wood', 5)",
    ])
    parsed = parse(text)
    assert [(p.line, p.code) for p in parsed.problems] == [
        (2, "E-SYNTAX"), (4, "E-UNKNOWN-COMMAND"), (6, "E-SYNTAX")]
    assert [o.line for o in parsed.orders] == [1, 3, 7]
    assert all(p.path == PATH for p in parsed.problems)


def test_unknown_command_points_at_the_word_and_suggests_the_nearest():
    """A misspelt command is E-UNKNOWN-COMMAND, located on the word itself (after any indent),
    with a did-you-mean naming the real command."""
    (problem,) = parse("   biuld(0,0, 'farm')").problems
    assert problem.code == "E-UNKNOWN-COMMAND"
    assert (problem.line, problem.column, problem.end_column) == (1, 4, 9)
    assert '"biuld"' in problem.message
    assert 'did you mean "build"?' in problem.hint


def test_unknown_command_without_a_near_match_lists_every_command():
    """When nothing is close, the hint lists every command of the grammar instead."""
    (problem,) = parse("xyzzy(1)").problems
    assert problem.code == "E-UNKNOWN-COMMAND"
    for command in commands(G):
        assert command in problem.hint


def test_commands_and_plan_words_ignore_case_and_are_written_in_lower_case():
    """The case policy: what a player types is not case-sensitive (commands, plan words,
    facts); executed_orders.txt writes one spelling. `BIULD` still finds `build`."""
    parsed = parse('BUILD(0,0, "farm")\nIF Pool > 1: Claim_Tile(1,1)\nStanding NONE\n')
    assert parsed.problems == []
    assert [o.canonical() for o in parsed.orders] == ['build(0, 0, "farm")', "claim_tile(1, 1)"]
    assert parsed.lines[1].condition.parts[0].parts == ("pool",)
    (problem,) = parse('BIULD(0,0, "farm")').problems
    assert problem.code == "E-UNKNOWN-COMMAND"
    assert '"build"' in problem.hint


@pytest.mark.parametrize("line, column, end, text", [
    ('give("wood" 5)', 13, 14, "unexpected '5'"),
    ("claim_tile(1,", 14, 15, "stops early"),
    ('build(0,0,"farm)', 11, 12, "not closed"),
    ("claim_tile(1,1) x", 17, 18, "unexpected"),
    ("claim_tile(1;1)", 13, 14, "unexpected character ';'"),
])
def test_syntax_errors_are_located_and_say_how_to_write_the_order(line, column, end, text):
    """A malformed order of a known command is E-SYNTAX at the offending column, and the hint
    shows the command's written form from the grammar."""
    (problem,) = parse(line).problems
    assert problem.code == "E-SYNTAX"
    assert (problem.line, problem.column, problem.end_column) == (1, column, end)
    assert text in problem.message
    command = line.split("(")[0]
    assert problem.hint == f"write it as {usage(G, command)}"
    assert problem.source == line


def test_numbers_of_more_than_nine_digits_are_refused_where_they_stand():
    """A 10-digit number is E-NUMBER-TOO-LARGE with the caret span on the number; nine digits,
    and leading zeros, are fine."""
    line = "claim_tile(1234567890, 1)"
    (problem,) = parse(line).problems
    assert problem.code == "E-NUMBER-TOO-LARGE"
    assert line[problem.column - 1:problem.end_column - 1] == "1234567890"
    assert "row" in problem.message
    fine = parse("hire_soldiers(0, 0, 999999999)\nhire_soldiers(0, 0, -000000000007)")
    assert fine.problems == []
    assert [o["count"] for o in fine.orders] == [999999999, -7]


def test_both_too_large_numbers_of_one_order_are_reported():
    """Each oversized argument is its own problem (the second is not hidden by the first)."""
    parsed = parse("claim_tile(99999999999, 88888888888)")
    assert codes(parsed) == ["E-NUMBER-TOO-LARGE", "E-NUMBER-TOO-LARGE"]
    assert parsed.orders == []


def test_overlong_lines_are_refused_but_long_comments_are_not():
    """A line over MAX_LINE_CHARS is E-LINE-TOO-LONG on its own line (and the lines around it
    still parse); a long comment line is just a comment."""
    long_line = "claim_tile(1,1)" + " " * 5 + "x" * MAX_LINE_CHARS
    parsed = parse(f"claim_tile(0,0)\n{long_line}\n#{'c' * 1000}\nclaim_tile(2,2)")
    assert [(p.code, p.line, p.column) for p in parsed.problems] == [
        ("E-LINE-TOO-LONG", 2, MAX_LINE_CHARS + 1)]
    assert [o.line for o in parsed.orders] == [1, 4]
    at_limit = parse("#" + "\n" + "claim_tile(1,1)" + " " * (MAX_LINE_CHARS - 15))
    assert "E-LINE-TOO-LONG" not in codes(at_limit)


def test_oversized_files_are_refused_whole():
    """A file over MAX_FILE_BYTES is one E-FILE-TOO-LARGE problem at 1:1 and no orders; a file of
    exactly the limit is read."""
    too_big = parse(b"# " + b"x" * MAX_FILE_BYTES)
    assert [(p.code, p.line, p.column) for p in too_big.problems] == [("E-FILE-TOO-LARGE", 1, 1)]
    assert too_big.orders == []
    line = b"#" + b"x" * 98 + b"\n"
    exact = b"claim_tile(1,1)\n" + line * ((MAX_FILE_BYTES - 16) // 100)
    exact += b"#" * (MAX_FILE_BYTES - len(exact))
    assert len(exact) == MAX_FILE_BYTES
    assert parse(exact).problems == [] and len(parse(exact).orders) == 1


def test_nul_bytes_mean_a_binary_file_located_on_its_line():
    """A NUL byte makes the file E-BINARY (one problem, no orders), on the NUL's line."""
    parsed = parse(b"claim_tile(1,1)\n\nclaim\x00tile(1,1)\n")
    assert [(p.code, p.line) for p in parsed.problems] == [("E-BINARY", 3)]
    assert parsed.orders == []


def test_non_utf8_bytes_are_an_encoding_error_at_their_line_and_column():
    """A byte that is not UTF-8 is E-ENCODING at its line:col and the message names the byte."""
    parsed = parse(b"claim_tile(1,1)\nclaim_tile(\xff1,1)\n")
    (problem,) = parsed.problems
    assert (problem.code, problem.line, problem.column) == ("E-ENCODING", 2, 12)
    assert "0xff" in problem.message
    assert parsed.orders == []


def test_encoding_error_column_counts_characters_not_bytes():
    """Columns count characters everywhere; the E-ENCODING column after a multi-byte character
    must too (o-umlaut is 2 bytes but 1 column)."""
    (problem,) = parse('give("w\xc3\xb6od\xff", 1)'.encode("latin-1")).problems
    assert problem.code == "E-ENCODING"
    assert problem.column == 11  # give("wöod is 10 characters; the bad byte is the 11th


def test_encoding_error_column_ignores_the_byte_order_mark():
    """The BOM is not a column: a bad byte after `claim_tile(` on line 1 of a BOM file is at
    column 12, as without the BOM."""
    (problem,) = parse(b"\xef\xbb\xbfclaim_tile(\xff1,1)").problems
    assert (problem.code, problem.line, problem.column) == ("E-ENCODING", 1, 12)


def test_encoding_and_binary_errors_count_lone_cr_line_ends():
    """The order parser ends lines at CR too, so the line of an E-ENCODING or E-BINARY problem in
    a CR-only file must count them the same way."""
    enc = parse(b"claim_tile(0,0)\rclaim_tile(0,1)\rclaim_tile(\xff)").problems[0]
    assert (enc.code, enc.line, enc.column) == ("E-ENCODING", 3, 12)
    nul = parse(b"claim_tile(0,0)\rclaim_tile(0,1)\r\x00").problems[0]
    assert (nul.code, nul.line) == ("E-BINARY", 3)


def test_orders_after_an_end_line_are_each_refused():
    """`end` (any case, with a note) closes the file: every order after it is E-AFTER-END on
    its own line, spanning the order; notes and blanks after it are fine; orders before run."""
    text = "claim_tile(1,1)\n  End  # done\n\n# note\nclaim_tile(2,2)\n\tgive('wood', 1)\n"
    parsed = parse(text)
    assert parsed.ended
    assert [o.line for o in parsed.orders] == [1]
    assert [(p.code, p.line, p.column, p.end_column) for p in parsed.problems] == [
        ("E-AFTER-END", 5, 1, 16), ("E-AFTER-END", 6, 2, 17)]
    assert parse("claim_tile(1,1)\nend\n").problems == []


def test_syntax_errors_after_end_are_reported_as_after_end_too():
    """Even a malformed line after `end` is reported (as E-AFTER-END), not silently dropped."""
    parsed = parse("end\nnonsense((\n")
    assert codes(parsed) == ["E-AFTER-END"]


# -- orders and their positions -------------------------------------------------------------


def test_order_and_argument_positions_cover_the_written_text():
    """An order's column/end_column span the order without indent or trailing note, and each
    argument's span is exactly its text: that is what carets are drawn under."""
    line = '  build( 2 , 1, "farm" )   # note'
    (order,) = parse(line).orders
    assert order.source == line
    assert line[order.column - 1:order.end_column - 1] == 'build( 2 , 1, "farm" )'
    spans = {a.name: line[a.column - 1:a.end_column - 1] for a in order.args}
    assert spans == {"row": "2", "col": "1", "building": '"farm"'}
    assert [a.name for a in order.args] == list(commands(G)["build"])


def test_order_end_column_is_not_cut_at_a_hash_inside_quotes():
    """A `#` inside a quoted name is not a note: the order's span still reaches its `)`."""
    line = 'build(0,0, "a#b")'
    (order,) = parse(line).orders
    assert order["building"] == "a#b"
    assert order.end_column == len(line) + 1


def test_quoted_names_are_stripped_of_inner_padding():
    """`" farm "` is the name farm (stray spaces inside quotes are not part of a name)."""
    (order,) = parse('build(0,0, "  farm ")').orders
    assert order["building"] == "farm"


def test_order_lookup_by_argument_name():
    """order[name] gives the value, order.arg(name) the Arg; unknown names: KeyError / None."""
    (order,) = parse("move_soldiers(0,0, 1,0, 2)").orders
    assert (order["from_row"], order["to_row"], order["count"]) == (0, 1, 2)
    assert order.arg("count").value == 2
    assert order.arg("nope") is None
    with pytest.raises(KeyError):
        order["nope"]


# -- rendering ---------------------------------------------------------------------------------


def test_render_shows_location_code_message_source_caret_and_hint():
    """render() is `file:line:col: CODE: message`, the line indented by 4, a caret under the
    offending text, then the hint indented by 2."""
    (problem,) = parse('claim_tile(0,0)\ngive("wood" 5)').problems
    assert problem.render() == (
        f"{PATH}:2:13: E-SYNTAX: unexpected '5'; expected ','\n"
        '    give("wood" 5)\n'
        "                ^\n"
        "  write it as give(resource, amount)"
    )


@pytest.mark.parametrize("line", [
    "  biuld(0,0, 'farm')",
    "\tbiuld(0,0, 'farm')",
    "claim_tile(1234567890, 1)",
    "claim_tile(1,1)\n\t\tclaim_tile(\t1, 99999999999 )",
    "end\n\t  give('wood', 5)",
])
def test_render_caret_sits_under_the_problem_columns(line):
    """The carets in the rendered problem sit exactly under columns column..end_column-1 of the
    shown source line, also when the line is indented with tabs."""
    problem = parse(line).problems[-1]
    rendered = problem.render().splitlines()
    shown, caret = rendered[1], rendered[2]
    assert shown.startswith("    ") and caret.startswith("    ")
    shown, caret = shown[4:], caret[4:]
    start = caret.index("^")
    assert start == problem.column - 1
    assert caret[start:] == "^" * (problem.end_column - problem.column)
    src = problem.source.expandtabs(1)
    assert shown == src
    assert shown[start:len(caret)] == src[problem.column - 1:problem.end_column - 1]


def test_render_without_a_source_line_has_no_caret():
    """Whole-file problems (binary, too large) render as a location line plus hint only."""
    (problem,) = parse(b"\x00").problems
    rendered = problem.render()
    assert rendered.startswith(f"{PATH}:1:1: E-BINARY: ")
    assert "^" not in rendered
    assert rendered.splitlines()[1] == "  save it as plain UTF-8 text"


def test_multi_line_hints_are_each_indented():
    """Every line of a hint is indented under the problem."""
    problem = Problem("f.txt", 1, 1, 2, "E-X", "bad", "one\ntwo", "x")
    assert problem.render().splitlines()[-2:] == ["  one", "  two"]


# -- the grammar is the single source of commands -----------------------------------------


def _grammar_rules(path) -> dict[str, str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"//[^\n]*", "", text)
    text = text.replace("%override order:", "order:")  # a game's commands replace common's
    return {m.group(1): m.group(2).strip()
            for m in re.finditer(r"^(\w+):(.*?)(?=^\w+:|^%|^[A-Z_]+:|\Z)", text, re.M | re.S)}


@pytest.mark.parametrize("name", [G, TOY_GRAMMAR])
def test_commands_and_usage_are_derived_from_the_grammar_file(name):
    """commands() lists the alternatives of the grammar's `order` rule in file order with each
    rule's argument names, and usage() writes each command as its grammar rule spells it."""
    rules = _grammar_rules(grammar_path(name))
    alternatives = [a.strip() for a in rules["order"].split("|")]
    assert list(commands(name)) == alternatives
    for command, args in commands(name).items():
        body = rules[command]
        assert tuple(re.findall(r"\b[a-z_]+\b", re.sub(r'"[^"]*"i?', "", body))) == args
        expected = re.sub(r'"([^"]*)"i?', r"\1", body).replace(" ", "")
        assert usage(name, command).replace(" ", "") == expected


def test_usage_spells_commands_with_a_space_after_each_comma():
    """usage() is the human form shown on sheets and in help: `move_soldiers(from_row, ...)`."""
    assert usage(G, "build") == "build(row, col, building)"
    assert usage(G, "move_soldiers") == "move_soldiers(from_row, from_col, to_row, to_col, count)"
    assert usage(TOY_GRAMMAR, "roll") == "roll()"
    assert usage(TOY_GRAMMAR, "answer") == "answer(choice)"
    with pytest.raises(KeyError):
        usage(G, "no_such_command")


def test_the_real_grammar_has_the_simple_kingdoms_commands():
    """The shipped grammar exposes the eight Simple Kingdoms orders with their argument names."""
    assert commands(G) == {
        "build": ("row", "col", "building"),
        "hire_soldiers": ("row", "col", "count"),
        "dismiss_soldiers": ("row", "col", "count"),
        "move_soldiers": ("from_row", "from_col", "to_row", "to_col", "count"),
        "claim_tile": ("row", "col"),
        "give": ("resource", "amount"),
        "buy_resource": ("resource", "amount"),
        "sell_resource": ("resource", "amount"),
    }


def test_grammars_are_built_once_and_cached():
    """grammar() returns the very same parser object on every call (LALR tables are built
    once per process), for named and path grammars alike."""
    assert grammar(G) is grammar(G)
    assert grammar(TOY_GRAMMAR) is grammar(TOY_GRAMMAR)
    assert grammar(G) is not grammar(TOY_GRAMMAR)
    assert commands(G) is commands(G)


def test_a_grammar_given_by_path_parses_that_grammars_orders():
    """A game may name its grammar by .lark path: its commands parse, the real game's don't."""
    parsed = parse("add(3)\nroll()\nanswer(keep)\nclaim_tile(1,1)", TOY_GRAMMAR)
    assert [o.command for o in parsed.orders] == ["add", "roll", "answer"]
    assert [(p.code, p.line) for p in parsed.problems] == [("E-UNKNOWN-COMMAND", 4)]


# -- canonical spelling ---------------------------------------------------------------------

NAMES = st.text(alphabet=st.characters(codec="utf-8", categories=["L", "N", "Zs", "Pd"],
                                       exclude_characters="\u00a0\u2028\u2029"),
                max_size=12).map(str.strip)
NUMBERS = st.integers(min_value=-999_999_999, max_value=999_999_999)


@st.composite
def real_orders(draw):
    command = draw(st.sampled_from(sorted(commands(G))))
    values = []
    for arg in commands(G)[command]:
        values.append(draw(NAMES) if arg in ("building", "resource") else draw(NUMBERS))
    return command, values


@settings(max_examples=150, deadline=None, database=None, derandomize=True)
@given(real_orders(), st.sampled_from(['"{}"', "'{}'", "\u201c{}\u201d", "\u2018{}\u2019"]))
def test_canonical_round_trips_through_the_parser(drawn, quote):
    """Any order, written with any quote style, parses; its canonical() spelling (the line in
    executed_orders.txt) parses back to the same command and values, and is a fixed point."""
    command, values = drawn
    written = ", ".join(quote.format(v) if isinstance(v, str) else str(v) for v in values)
    (order,) = parse(f"{command}({written})").orders
    assert order.command == command
    assert [a.value for a in order.args] == values
    (again,) = parse(order.canonical()).orders
    assert (again.command, again.args and [a.value for a in again.args]) == (
        command, [a.value for a in order.args])
    assert again.canonical() == order.canonical()


def test_a_name_holding_a_quote_character_is_refused():
    """No name may hold a quote character (common.lark): otherwise a name written in single
    quotes could hold `"` and its canonical spelling would not parse back, and
    executed_orders.txt could not be replayed."""
    for line in ("build(0,0, 'big \"farm\"')", "build(0,0, \"it's\")",
                 "build(0,0, \u201cbig 'farm'\u201d)"):
        parsed = parse(line)
        assert parsed.orders == []
        assert [p.code for p in parsed.problems] == ["E-SYNTAX"]


def test_canonical_of_a_command_without_arguments_round_trips():
    """`roll()` takes no arguments; its canonical form must still be something the grammar
    accepts (replays read executed_orders.txt back through the parser)."""
    (order,) = parse("roll()", TOY_GRAMMAR).orders
    reparsed = parse(order.canonical(), TOY_GRAMMAR)
    assert reparsed.problems == [], order.canonical()
    assert reparsed.orders[0].command == "roll"


def test_canonical_of_a_bare_word_argument_round_trips():
    """Grammars may take unquoted WORD names (common.lark offers WORD); canonical() must write
    them so that the same grammar reads them back."""
    (order,) = parse("answer(keep)", TOY_GRAMMAR).orders
    reparsed = parse(order.canonical(), TOY_GRAMMAR)
    assert reparsed.problems == [], order.canonical()
    assert reparsed.orders[0]["choice"] == "keep"


# -- robustness ----------------------------------------------------------------------------


@settings(max_examples=300, deadline=None, database=None, derandomize=True)
@given(st.binary(max_size=200) | st.text(max_size=120).map(lambda s: s.encode("utf-8")))
def test_any_bytes_give_orders_or_located_problems_never_a_crash(raw):
    """Whatever a file holds, parsing returns orders and problems; every problem is on a real
    line (1..number of lines) at a column >= 1, with end_column > column, and renders."""
    parsed = parse(raw)
    lines = max(1, len(re.split(rb"\r\n|\r|\n", raw)))
    for problem in parsed.problems:
        assert 1 <= problem.line <= lines
        assert problem.column >= 1 and problem.end_column > problem.column
        assert problem.render().startswith(f"{PATH}:{problem.line}:{problem.column}: E-")
    assert [p.line for p in parsed.problems] == sorted(p.line for p in parsed.problems)


def test_parse_text_and_parse_bytes_agree_on_decoded_text():
    """parse_bytes is decode + parse_text: both give the same orders for valid UTF-8."""
    text = "claim_tile(1,1)\r\nbiuld(0,0,'x')\n"
    assert parse_text(G, text, PATH) == parse_bytes(G, text.encode(), PATH)


def test_suggest_names_the_closest_options_or_nothing():
    """suggest() gives a did-you-mean for a near miss (case-insensitively), '' otherwise."""
    assert suggest("farn", ["farm", "mine", "wall"]) == 'did you mean "farm"?'
    assert suggest("FARM", ["farm"]) == 'did you mean "farm"?'
    assert suggest("hamstr", ["Hamster", "Cat"]) == 'did you mean "Hamster"?', "its own case"
    assert suggest("qqqq", ["farm", "mine"]) == ""


def test_limits_are_what_the_module_documents():
    """The documented limits: 64 KiB files, 400-character lines, 9-digit numbers."""
    assert (orders.MAX_FILE_BYTES, orders.MAX_LINE_CHARS, orders.MAX_INT_DIGITS) == (
        64 * 1024, 400, 9)


# -- messages that lead to the fix ---------------------------------------------------------------


@pytest.mark.parametrize("name, line, fixed", [
    (G, "build(0,0, farm)", 'build(0, 0, "farm")'),
    (G, "give(wood, 5)", 'give("wood", 5)'),
    ("lifestyle", "roll(city car)", 'roll("city car")'),
    ("a_simple_life", "upgrade(fishing rod)", "upgrade(fishing_rod)"),
])
def test_a_name_without_quotes_is_shown_with_them(name, line, fixed):
    """The commonest slip, a name without quotes (or, where names may be bare, with spaces),
    is named as such with the corrected line, not as an unexpected character."""
    (problem,) = parse(line, name).problems
    assert problem.code == "E-NAME-NOT-QUOTED"
    assert problem.hint == f"did you mean {fixed}?"
    assert parse(fixed, name).problems == []


def test_two_orders_joined_by_a_semicolon_are_told_one_order_per_line():
    """`a; b` is located at the ';' and says one order per line (a ';' in a name is not)."""
    (problem,) = parse('build(0,0, "farm"); claim_tile(1,1)').problems
    assert (problem.code, problem.column) == ("E-SYNTAX", 19)
    assert "one order per line" in problem.hint
    assert "';'" in problem.message
