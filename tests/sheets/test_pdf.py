"""The PDF score sheet, read back with poppler: source 000's figures, page fit and paper sizes."""

import pytest
from django.utils import translation

from kalooki_ledger.rules import parse_record, replay
from kalooki_ledger.sheets.pdf import check_paper, score_sheet_html, score_sheet_pdf
from tests.helpers import (
    SCREENSHOTS,
    long_record,
    page_one_png,
    pdf_info,
    pdf_text,
    record,
    worked_example,
)


def render(data: dict, paper: str = "a4") -> bytes:
    record = parse_record(data)
    return score_sheet_pdf(record, replay(record.game), paper)


@pytest.fixture(scope="module")
def worked_pdf() -> bytes:
    return render(worked_example())


@pytest.fixture(scope="module")
def worked_lines(worked_pdf) -> list[list[str]]:
    return [line.split() for line in pdf_text(worked_pdf).splitlines() if line.strip()]


@pytest.fixture(scope="module")
def forty_hands() -> bytes:
    return render(long_record(40), "letter")


def hand_line(lines: list[list[str]], number: int) -> list[str]:
    return next(words[1:] for words in lines if words[0] == str(number))


def labelled(lines: list[list[str]], label: str) -> list[str]:
    return next(words for words in lines if words[0] == label)


def test_penalty_account_shows_source_000s_totals_stars_and_the_buy_in(worked_lines):
    penalties = [hand_line(worked_lines, n)[:4] for n in range(1, 6)]
    assert penalties == [
        ["85", "42", "*", "30"],
        ["*", "92", "45", "60"],
        ["123", "145", "*K", "100"],
        ["127", "(127)", "98", "*"],
        ["156", "198", "*", "160"],
    ]


def test_payments_account_runs_hand_by_hand_as_in_source_000(worked_lines):
    payments = [hand_line(worked_lines, n)[4:] for n in range(1, 6)]
    assert payments == [
        ["-1", "-1", "+3", "-1"],
        ["+2", "-2", "+2", "-2"],
        ["0", "-4", "+8", "-4"],
        ["-1", "-5", "+7", "-1"],
        ["-2", "-6", "+10", "-2"],
    ]


def test_pool_row_and_totals_row_close_the_payments_account(worked_lines):
    assert labelled(worked_lines, "Pool")[-4:] == ["-5", "-10", "+20", "-5"]
    assert labelled(worked_lines, "Total")[-4:] == ["-7", "-16", "+30", "-7"]


def test_header_names_the_preset_every_setting_and_the_stakes(worked_pdf):
    text = " ".join(pdf_text(worked_pdf).split())
    assert "British club" in text
    assert "Limit: out over 150" in text
    assert "Buy-ins: 2 buy-ins each while 2 players stay within the limit" in text
    assert "Stakes (units): call-up 1, kalookie 2, initial 5, buy-in 5" in text
    assert "Finished: John wins the pool of 25" in text


def test_footer_lists_the_settlement_and_a_line_for_each_signature(worked_pdf):
    text = pdf_text(worked_pdf)
    for transfer in ("Mark pays John 16", "Andy pays John 7", "Frank pays John 7"):
        assert transfer in text
    signatures = text[text.index("Agreed and settled") :]
    assert all(name in signatures for name in ("Andy", "Mark", "John", "Frank"))


def test_a_void_hand_is_marked_and_counts_as_a_row():
    data = worked_example()
    data["hands"].insert(1, {"void": True})
    lines = [line.split() for line in pdf_text(render(data)).splitlines() if line.strip()]
    assert hand_line(lines, 2)[0] == "Void:"
    assert hand_line(lines, 3)[:4] == ["*", "92", "45", "60"]


def test_five_players_and_forty_hands_fit_one_letter_page(forty_hands):
    assert pdf_info(forty_hands)["Pages"] == "1"
    lines = [line.split() for line in pdf_text(forty_hands).splitlines() if line.strip()]
    assert len(hand_line(lines, 40)) == 10


def test_a_longer_game_runs_on_to_page_two_under_the_same_headings():
    pdf = render(long_record(70, title="Marathon at the club", rules={"preset": "long-501"}))
    pages = pdf_text(pdf).split("\f")
    assert pdf_info(pdf)["Pages"] == "2"
    for heading in ("Marathon at the club", "Penalty points", "Payments", "Sarah"):
        assert heading in pages[1]
    assert "Page 2 of 2" in pages[1]
    assert [line.split()[0] for line in pages[1].splitlines() if line.strip()][-1] != "70"


@pytest.mark.parametrize(("paper", "size"), [("a4", "(A4)"), ("letter", "(letter)")])
def test_it_prints_portrait_on_a4_or_us_letter(paper, size):
    info = pdf_info(render(worked_example(), paper))
    width, _, rest = info["Page size"].partition(" x ")
    assert size in info["Page size"]
    assert float(width) < float(rest.split()[0])


def test_it_refuses_a_paper_it_has_no_layout_for():
    with pytest.raises(ValueError, match="paper must be one of a4, letter, not 'a3'"):
        check_paper("a3")


def test_page_one_turns_into_a_png_for_a_look(worked_pdf, forty_hands):
    for name, pdf in (("score-sheet-a4", worked_pdf), ("score-sheet-40-hands-letter", forty_hands)):
        assert page_one_png(pdf, SCREENSHOTS / name)[:8] == b"\x89PNG\r\n\x1a\n"


def test_penalty_points_and_their_reasons_are_told_under_the_sheet():
    data = record(
        ["Ann", "Bob", "Cy"],
        [
            {
                "winner": "Bob",
                "penalties": {"Ann": 10, "Cy": 5},
                "adjustments": {"Cy": 50},
                "reason": {"Cy": "Lost a challenge"},
            },
        ],
        rules={"preset": "trinidad"},
        stakes={"currency": "GBP", "initial": "1"},
        stopped={"settle": "leader"},
    )
    text = " ".join(pdf_text(render(data)).split())
    assert "55 (+50)" in text
    assert "Penalty points Hand 1, Cy: +50 penalty points — Lost a challenge" in text
    assert "Stopped early: the pot of £3.00 taken by the leader, Bob" in text


@pytest.mark.parametrize(
    ("rules", "legend"),
    [
        ({"preset": "trinidad"}, "* won, +n penalty points; lowest total wins"),
        (
            {"preset": "trinidad", "kalookie_doubles_penalties": True},
            "* won, *K bent the table, +n penalty points; lowest total wins",
        ),
        ({"preset": "jamaica"}, "* won, *K bent the table, +n penalty points; lowest total wins"),
    ],
)
def test_a_trinidad_sheets_legend_names_no_bending_of_the_table_unless_a_house_rule_doubles(
    rules, legend
):
    data = record(["Ann", "Bob", "Cy"], [{"winner": "Bob", "penalties": {"Ann": 10, "Cy": 5}}])
    text = " ".join(pdf_text(render({**data, "rules": rules})).split())
    assert f"Kalooki Ledger: {legend}" in text


# Words of the English sheet that are no Swedish words: none is left on the Swedish one.
ENGLISH = {"Hand", "Played", "Preset", "Seats", "Finished", "wins", "Payments", "Penalty", "Pool"}
ENGLISH |= {"Total", "Settlement", "pays", "Agreed", "settled", "Page", "of", "out", "Limit"}


def test_a_sheet_asked_for_in_swedish_is_printed_in_swedish():
    data = {**worked_example(), "title": "Fredag hos Mark", "played_on": "2026-11-20"}
    data["stakes"] = {"currency": "SEK", "call_up": "1", "kalookie": "2", "initial": "5"}
    data["stakes"] |= {"buy_in": "5"}
    with translation.override("sv"):
        pdf = render(data)
        html = score_sheet_html(parse_record(data), replay(parse_record(data).game))
    text = " ".join(pdf_text(pdf).split())
    assert '<html lang="sv">' in html
    assert "Spelat 20 november 2026 · Regler: Brittisk klubb" in text
    assert "Avslutat: John vinner potten på 25,00 kr" in text
    assert "Mark betalar John 16,00 kr" in text
    assert "Sida 1 av 1" in text
    assert "vinner 98" in text and "ute 198" in text
    assert not set(text.split()) & ENGLISH, set(text.split()) & ENGLISH
    png = page_one_png(pdf, SCREENSHOTS / "sheet-pdf-in-swedish")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_same_sheet_in_english_keeps_its_english_and_its_iso_date():
    data = {**worked_example(), "played_on": "2026-11-20"}
    text = " ".join(pdf_text(render(data)).split())
    assert "Played on 2026-11-20 · Preset: British club" in text
    assert "Page 1 of 1" in text


def test_a_changed_rule_is_named_in_the_readers_words_not_the_records_key():
    data = {**worked_example(), "played_on": "2026-11-20"}
    data["rules"] = {**data["rules"], "max_buy_ins": 3}
    with translation.override("sv"):
        text = " ".join(pdf_text(render(data)).split())
    assert "Regler: Brittisk klubb, ändrat: Inköp" in text and "3 inköp var" in text
    assert "max_buy_ins" not in text and "(british)" not in text
