"""Every change to a night or a group is a command through the one `apply`: its version, its key,
its history line; 409 when stale, 422 for a key used for another request."""

from decimal import Decimal

import pytest

from kalooki_ledger.games import commands
from kalooki_ledger.games.commands import Verdict
from kalooki_ledger.nights.commands import (
    AddGame,
    AddRegular,
    CarryOver,
    RecordPayment,
    TakeBackPayment,
    TakeOutGame,
    WriteOff,
)
from kalooki_ledger.nights.group_settings import SetGroupZone
from kalooki_ledger.nights.models import Night

from .factories import finished, group, night, sent, stopped

pytestmark = pytest.mark.django_db
D = Decimal


def owed(n):
    return {(t.payer, t.payee, t.amount) for t in n.settle().transfers}


def test_a_night_sums_its_games_and_a_player_who_sat_out_nets_nothing():
    first = finished()
    second = finished(["Andy", "Mark", "Sue", "Frank"])  # John sits out, Sue joins
    n = night(None, first, second)
    settled = n.settle()
    assert settled.totals == {
        "Andy": D(-14),
        "Mark": D(-32),
        "John": D(30),
        "Frank": D(-14),
        "Sue": D(30),
    }
    assert settled.games[1].nets["John"] == 0
    assert len(settled.transfers) == 4


def test_a_stopped_game_counts_as_it_was_stopped():
    game = stopped("split")
    n = night(None, game)
    nets = {s.name: s.net for s in game.ledger().standings}
    assert n.settle().totals == nets
    assert sum(nets.values()) == 0


def test_a_game_in_another_currency_is_refused_with_a_sentence_saying_why():
    n = night(None)
    outcome = commands.apply(n, sent(n.version), AddGame(finished(currency="GBP").pk))
    assert outcome.verdict is Verdict.REFUSED
    assert "a night settles in one currency" in outcome.notice
    assert n.night_games.count() == 0


def test_a_game_is_in_one_night_at_most():
    game = finished()
    night(None, game)
    other = night(None)
    outcome = commands.apply(other, sent(other.version), AddGame(game.pk))
    assert outcome.verdict is Verdict.REFUSED
    assert "already in another night" in outcome.notice


def test_a_game_taken_out_leaves_the_night_with_a_history_line():
    game = finished()
    n = night(None, game)
    outcome = commands.apply(n, sent(n.version), TakeOutGame(game.pk))
    assert outcome.applied
    assert n.settle().totals == {p: 0 for p in n.settle().players}
    assert n.lines().first().text.startswith("Took a game out of the night")


def test_a_payment_is_a_fact_and_the_rest_is_settled_again():
    n = night(None, finished())
    before = n.version
    outcome = commands.apply(n, sent(n.version), RecordPayment("Mark", "John", D(16)))
    assert outcome.applied and n.version == before + 1
    assert owed(n) == {("Andy", "John", D(7)), ("Frank", "John", D(7))}
    payment = n.night_payments.get()
    assert (payment.who, payment.payer, payment.amount) == ("iPhone 3fa2", "Mark", D(16))
    assert n.lines().first().text == "Paid: Mark paid John 16"


def test_the_same_key_again_stores_the_payment_once_and_another_request_is_refused():
    n = night(None, finished())
    again = sent(n.version, key="same-key-1234")
    assert commands.apply(n, again, RecordPayment("Mark", "John", D(16))).applied
    replay = commands.apply(n, again, RecordPayment("Mark", "John", D(16)))
    assert replay.verdict is Verdict.REPLAYED
    other = commands.apply(n, sent(n.version, key="same-key-1234"), WriteOff())
    assert other.verdict is Verdict.REFUSED and "already used" in other.notice
    assert n.night_payments.count() == 1


def test_two_phones_ticking_the_same_transfer_store_it_once():
    n = night(None, finished())
    version = n.version
    assert commands.apply(n, sent(version), RecordPayment("Mark", "John", D(16))).applied
    second = commands.apply(
        Night.objects.get(pk=n.pk),
        sent(version, who="Android 1b2c"),
        RecordPayment("Mark", "John", D(16)),
    )
    assert second.verdict is Verdict.UNCHANGED
    assert n.night_payments.count() == 1


def test_a_tick_of_a_transfer_the_night_no_longer_has_is_refused_as_stale():
    n = night(None, finished())
    outcome = commands.apply(n, sent(n.version), RecordPayment("John", "Mark", D(5)))
    assert outcome.verdict is Verdict.STALE
    assert n.night_payments.count() == 0


def test_a_payment_taken_back_is_told_in_the_history():
    n = night(None, finished())
    commands.apply(n, sent(n.version), RecordPayment("Mark", "John", D(16)))
    payment = n.night_payments.get()
    assert commands.apply(n, sent(n.version), TakeBackPayment(payment.pk)).applied
    assert len(owed(n)) == 3
    assert n.lines().first().text == "Payment taken back: Mark paid John 16"


def test_a_stale_carry_is_refused_with_409_and_what_changed():
    n = night(None, finished())
    old = n.version
    commands.apply(n, sent(n.version), RecordPayment("Mark", "John", D(16)))
    outcome = commands.apply(n, sent(old), CarryOver())
    assert outcome.verdict is Verdict.STALE
    assert "Mark paid John" in outcome.notice


def test_what_is_left_is_carried_into_the_next_night_as_opening_balances():
    g = group()
    n = night(g, finished())
    commands.apply(n, sent(n.version), RecordPayment("Mark", "John", D(16)))
    outcome = commands.apply(n, sent(n.version), CarryOver())
    assert outcome.applied
    n.refresh_from_db()
    following = n.carried_to
    assert following.number == 2
    assert following.opening == {"Andy": "-7", "John": "14", "Frank": "-7"}
    assert n.settle().settled
    assert {(t.payer, t.payee, t.amount) for t in following.settle().transfers} == {
        ("Andy", "John", D(7)),
        ("Frank", "John", D(7)),
    }
    assert following.lines().first().text.startswith("Opening balances carried in from night 1")


def test_a_write_off_closes_the_night_with_a_history_line():
    n = night(None, finished())
    assert commands.apply(n, sent(n.version), WriteOff()).applied
    n.refresh_from_db()
    assert n.settle().settled and n.closed == "written-off"
    assert n.lines().first().text.startswith("Wrote off what was left unpaid: Andy -7")
    later = commands.apply(n, sent(n.version), RecordPayment("Mark", "John", D(16)))
    assert later.verdict is Verdict.REFUSED


def test_a_regular_is_added_once():
    g = group(regulars=["Andy"])
    assert commands.apply(g, sent(g.version), AddRegular("  Sue ")).applied
    assert commands.apply(g, sent(g.version), AddRegular("sue")).verdict is Verdict.UNCHANGED
    g.refresh_from_db()
    assert g.regulars == ["Andy", "Sue"]
    assert g.lines().first().text == "Added a regular player: Sue"


def test_a_version_the_night_never_had_is_refused():
    n = night(None)
    outcome = commands.apply(n, sent(n.version + 5), WriteOff())
    assert outcome.verdict is Verdict.REFUSED and "never had" in outcome.notice


def test_a_payment_another_phone_marked_keeps_its_key_as_a_no_op_of_that_request():
    n = night(None, finished())
    version = n.version
    assert commands.apply(n, sent(version), RecordPayment("Mark", "John", D(16))).applied
    late = sent(version, who="Android 1b2c", key="late-tick-1234")
    first = commands.apply(Night.objects.get(pk=n.pk), late, RecordPayment("Mark", "John", D(16)))
    again = commands.apply(Night.objects.get(pk=n.pk), late, RecordPayment("Mark", "John", D(16)))
    other = commands.apply(Night.objects.get(pk=n.pk), late, WriteOff())
    assert first.verdict is again.verdict is Verdict.UNCHANGED
    assert other.verdict is Verdict.REFUSED and "already used" in other.notice
    assert n.night_payments.count() == 1 and Night.objects.get(pk=n.pk).closed == ""


def test_a_group_setting_set_to_what_it_is_keeps_its_key_and_moves_no_version():
    g = group(regulars=["Andy"])
    version = g.version
    same = sent(version, key="same-zone-1234")
    assert commands.apply(g, same, SetGroupZone("")).verdict is Verdict.UNCHANGED
    assert commands.apply(g, same, SetGroupZone("")).verdict is Verdict.UNCHANGED
    other = commands.apply(g, same, SetGroupZone("Europe/Stockholm"))
    assert other.verdict is Verdict.REFUSED and "already used" in other.notice
    g.refresh_from_db()
    assert (g.version, g.time_zone, g.lines().count()) == (version, "", 1)


# Each made from the night (with one game, Mark owing John 16) and a game in no night.
DECIDED_ON_WHAT_WAS_READ = {
    "RecordPayment": lambda n, spare: RecordPayment("Mark", "John", D(16)),
    "TakeBackPayment": lambda n, spare: TakeBackPayment(0),
    "CarryOver": lambda n, spare: CarryOver(),
    "WriteOff": lambda n, spare: WriteOff(),
    "TakeOutGame": lambda n, spare: TakeOutGame(n.night_games.get().game_id),
    "AddGame": lambda n, spare: AddGame(spare.pk),
}


@pytest.mark.parametrize("name", sorted(DECIDED_ON_WHAT_WAS_READ))
def test_a_night_command_decides_on_what_it_read_without_a_query(name, django_assert_num_queries):
    n = night(None, finished())
    command = DECIDED_ON_WHAT_WAS_READ[name](n, finished())
    read = command.load(n, [])
    with django_assert_num_queries(0):  # no lock, no read, no write: pure over `read`
        try:
            answer = command.decide(read).values
        except commands.Refusal as refusal:
            answer = refusal.outcome.verdict
    assert answer
