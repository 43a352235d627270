"""The phone's reckoning without signal (outbox.js `reckon`) against the engine: random kept
sequences of hands, void hands, buy-in answers, undos, and edits and deletes of earlier hands,
from games with a few hands already on the server, replayed in both; after every command the
totals, buy-ins left, who is out, the next dealer, the question asked and the winner must agree."""

import json
import random
from dataclasses import replace

import pytest

from kalooki_ledger.rules import Hand, replay
from tests.games.web import stored_game, worked_hands

pytestmark = pytest.mark.browser

SEQUENCES = 40
RULES = [
    {"preset": "british"},
    {"preset": "british", "max_buy_ins": 1, "buy_in_needs_remaining": 3},
    {
        "preset": "british",
        "limit": 101,
        "kalookie_doubles_penalties": False,
        "winner_bonus": {"call_up": 10, "kalookie": 25},
    },
]


def random_hand(chance: random.Random, in_game: tuple[str, ...]) -> dict:
    winner = chance.choice(in_game)
    hand = {"winner": winner, "penalties": {}}
    for name in in_game:
        if name != winner:
            hand["penalties"][name] = chance.choice([2, 5, 10, 25, 40, 60, 85, 120])
    if chance.random() < 0.1:
        hand["kalookie"] = True
    return hand


def engine_hand(body: dict) -> Hand:
    if body.get("void"):
        return Hand(void=True)
    return Hand(
        winner=body["winner"], penalties=body["penalties"], kalookie=body.get("kalookie", False)
    )


def state_of(ledger) -> dict:
    over = ledger.winner is not None
    return {
        "seats": [
            {"name": s.name, "total": s.total, "left": s.buy_ins_left, "out": s.out}
            for s in ledger.standings
        ],
        "dealer": None if over else ledger.dealer,
        "asked": ledger.awaiting_buy_ins[0] if ledger.awaiting_buy_ins else None,
        "winner": ledger.winner,
    }


def a_kept_sequence(chance: random.Random, start) -> tuple[list[dict], list[dict]]:
    """Kept commands from the ledger `start`, and the engine's state after each of them."""
    game, kept, states = start.game, [], []
    hands = list(game.hands)
    lowest = len(hands) - 1  # the phone knows the game one hand back (the kit's "before")
    for _ in range(chance.randint(1, 25)):
        ledger = replay(replace(game, hands=tuple(hands)))
        if ledger.winner is not None:
            break
        if ledger.awaiting_buy_ins:
            name, choice = ledger.awaiting_buy_ins[0], chance.random() < 0.6
            hands[-1] = hands[-1].with_buy_ins({**hands[-1].buy_ins, name: choice})
            command = {"number": len(hands), "player": name, "bought_in": choice}
            kept.append({"kind": "buy-in", "body": command})
        elif hands and chance.random() < 0.12:
            changed = an_earlier_hand_changed(chance, game, hands)
            if changed is None:
                continue
            hands, command = changed
            kept.append(command)
        elif len(hands) > max(lowest, 0) and chance.random() < 0.15:
            kept.append({"kind": "undo", "body": {"number": len(hands)}})
            hands.pop()
            lowest = min(lowest, len(hands))
        else:
            body = (
                {"void": True} if chance.random() < 0.08 else random_hand(chance, ledger.in_game())
            )
            candidate = replay(replace(game, hands=(*hands, engine_hand(body))))
            if candidate.hand_problems(len(hands) + 1):
                continue
            hands.append(engine_hand(body))
            kept.append({"kind": "hand", "body": {"number": len(hands), **body}})
        states.append(state_of(replay(replace(game, hands=tuple(hands)))))
    return kept, states


def an_earlier_hand_changed(chance: random.Random, game, hands: list) -> tuple | None:
    """An earlier hand edited (its buy-in answers kept) or deleted, as the sheet's pages send it,
    when the game stays free of problems; else None."""
    number = chance.randint(1, len(hands))
    if chance.random() < 0.5:
        changed = hands[: number - 1] + hands[number:]
        command = {"kind": "delete", "body": {"number": number}}
    else:
        in_game = replay(replace(game, hands=tuple(hands[: number - 1]))).in_game()
        body = random_hand(chance, in_game)
        answers = dict(hands[number - 1].buy_ins)
        edited = engine_hand(body).with_buy_ins(answers)
        changed = [*hands[: number - 1], edited, *hands[number:]]
        command = {"kind": "edit", "body": {"number": number, **body, "buy_ins": answers}}
    if replay(replace(game, hands=tuple(changed))).problems:
        return None
    return changed, command


RECKON_EACH_PREFIX = """([kit, kept]) => kept.map((_, i) => {
  const r = window.kalookiReckon(kit, kept.slice(0, i + 1));
  return r && {seats: r.seats, dealer: r.winner ? null : r.dealer,
               asked: r.asked && r.asked.name, winner: r.winner};
})"""


def test_the_phones_reckoning_of_kept_commands_is_the_engines(phone):
    chance = random.Random(26)
    seen = {"hand": 0, "undo": 0, "buy-in": 0, "void": 0, "winner": 0, "before": 0, "edit": 0}
    seen["delete"] = 0
    for n in range(SEQUENCES):
        online = chance.randint(0, 3)
        game = stored_game(rules=RULES[n % len(RULES)], hands=worked_hands()[:online])
        if not game.ledger().can_record_hand:  # a question owed: the phone has no kit then
            continue
        phone.goto(game.get_absolute_url())
        kit = json.loads(phone.locator("form.hand").get_attribute("data-offline-kit"))
        kept, states = a_kept_sequence(chance, game.ledger())
        reckoned = phone.evaluate(RECKON_EACH_PREFIX, [kit, kept])
        for i, (phone_state, engine_state) in enumerate(zip(reckoned, states, strict=True)):
            assert phone_state == engine_state, (n, game.ledger().game.rules, kept[: i + 1])
        for command in kept:
            seen[command["kind"]] += 1
            seen["void"] += bool(command["body"].get("void"))
        seen["winner"] += any(state["winner"] for state in states)
        seen["before"] += any(
            c["kind"] == "undo" and c["body"]["number"] == online for c in kept[:1]
        )
    # The sequences did meet every case: undos (one past the server's hands too), questions
    # answered both ways, void hands and games won.
    assert all(count >= 2 for count in seen.values()), seen
