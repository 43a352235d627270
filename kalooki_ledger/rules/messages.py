"""Every problem the engine can tell a scorer: a stable code and its English template, whose
%(name)s slots the problem's params fill. The web layer translates the template (the msgid)
and fills it the same way; codes never change once used, templates may be reworded."""

from .words import gettext_noop as _

MESSAGES: dict[str, str] = {
    # A game's seats and rules (replay.check_seats, families.family_of).
    "players-count": _("a game has %(low)s to %(high)s players, not %(count)s"),
    "player-unnamed": _("every player needs a name"),
    "player-twice": _("two players are called %(name)r: give each a different name"),
    # Also the record's (record.py): two names whose Unicode skeletons match (names.py).
    "players-lookalike": _(
        "%(one)r and %(other)r look the same (a letter of another alphabet, such as a Cyrillic "
        "A for a Latin A, draws alike): give each player a name that looks different"
    ),
    "first-dealer-unknown": _("the first dealer %(name)s is not one of the players (%(players)s)"),
    "limit-too-low": _("the limit must be at least 1"),
    "family-unavailable": _("the %(family)s family of scoring is not available yet"),
    # A hand that can't be played (replay.Replay.play, ledger).
    "too-many-hands": _("a game has at most %(most)s hands: start a new game to play on"),
    "hand-after-win": _(
        "the game was over after hand %(after)s (%(winner)s won): "
        "delete this hand or correct an earlier one"
    ),
    "hand-after-tie": _(
        "the game was over after hand %(after)s (%(names)s tied): "
        "delete this hand or correct an earlier one"
    ),
    "stopped-after-win": _(
        "the game finished after hand %(after)s (%(winner)s won), "
        "so it can't be stopped early as well: remove the early stop"
    ),
    "stopped-after-tie": _(
        "the game finished after hand %(after)s (%(names)s tied), "
        "so it can't be stopped early as well: remove the early stop"
    ),
    "void-buy-in": _("a void hand scores nothing, so no buy-in follows it"),
    # Who won and who has a value (replay.Replay.check_entries).
    "unknown-player": _("there is no player called %(name)s (players: %(players)s)"),
    "void-with-entries": _("a void hand has no winner and no hand values"),
    "no-winner": _("choose who won the hand, or mark it void"),
    "winner-unknown": _("the winner %(name)s is not one of the players (%(players)s)"),
    "winner-out": _("is out of the game after hand %(after)s and can't win"),
    "winner-has-value": _("won the hand, so has no hand value"),
    "out-has-value": _("is out of the game after hand %(after)s and has no hand value any more"),
    # Entries another family of scoring takes (replay.Replay.foreign_entries).
    "values-elsewhere": _(
        "a per-hand game counts the cards and jokers left in hand: "
        "give counts, not a hand value or a card list"
    ),
    "counts-elsewhere": _(
        "counts of cards and jokers are for per-hand games: "
        "give a hand value or the cards left in hand"
    ),
    "adjustments-elsewhere": _(
        "penalty adjustments are for fixed-deals games: remove the adjustment"
    ),
    "buy-ins-elsewhere": _("buy-ins belong to elimination games: remove the decision"),
    # A loser's hand value (replay.hand_values).
    "value-and-cards": _("give a hand value or a card list, not both"),
    "value-not-whole": _("a hand value is a whole number from %(low)s to %(high)s"),
    "value-missing": _(
        "no hand value recorded for a player still in: enter a number from %(low)s "
        "to %(high)s or the cards left in their hand"
    ),
    "value-too-high": _("no %(held)s-card hand is worth more than %(high)s (entered %(value)s)"),
    "value-too-low": _("a loser's hand is worth at least %(low)s: one card (entered %(value)s)"),
    # Cards left in hand (cards.py), alone and across the losers' lists.
    "not-a-card": _(
        "%(text)s is not a card: write a rank (A, K, Q, J, 10…2) with an optional suit "
        "(S, H, D, C), or Joker"
    ),
    "cards-none": _("a loser holds at least one card"),
    "cards-too-many": _("a loser holds at most %(most)s cards, not %(count)s"),
    "aces-differ": _("red and black aces differ in this game: write AS, AC, AH or AD"),
    "deck-jokers": _("the deck has only %(jokers)s jokers"),
    "deck-card": _("the deck has only %(packs)s of %(card)s"),
    "deck-rank": _("the deck has only %(count)s cards of rank %(rank)s"),
    "deck-jokers-between": _(
        "the deck has only %(jokers)s jokers, but the card lists of %(players)s hold more "
        "between them"
    ),
    "deck-card-between": _(
        "the deck has only %(packs)s of %(card)s, but the card lists of %(players)s hold more "
        "between them"
    ),
    "deck-rank-between": _(
        "the deck has only %(count)s cards of rank %(rank)s, but the card lists of %(players)s "
        "hold more between them"
    ),
    # Buy-ins (elimination.py).
    "no-leader": _(
        "an elimination game has no leader to take the pool: "
        "stop it with a refund or a split instead"
    ),
    "not-offered-already-out": _(
        "was not offered a buy-in after this hand: they were already out of the game after "
        "hand %(after)s; remove the decision"
    ),
    "not-offered-within": _(
        "was not offered a buy-in after this hand: they are within the limit; remove the decision"
    ),
    "not-offered-game-over": _(
        "was not offered a buy-in after this hand: only %(name)s is within the limit, "
        "so the game is over; remove the decision"
    ),
    "not-offered-too-few": _(
        "was not offered a buy-in after this hand: buy-ins need %(needed)s players within "
        "the limit and only %(within)s are; remove the decision"
    ),
    "not-offered-none-allowed": _(
        "was not offered a buy-in after this hand: this game allows no buy-ins; remove the decision"
    ),
    "not-offered-used-all": _(
        "was not offered a buy-in after this hand: they have used all %(allowed)s buy-ins; "
        "remove the decision"
    ),
    "decision-missing": _(
        "was offered a buy-in after this hand and no decision is recorded: "
        "record whether they bought in or dropped out"
    ),
    # Counts of cards and jokers (per_hand.py).
    "count-missing": _(
        "no count recorded for a player still in: give the cards left in hand "
        "(1 to %(held)s) and how many of them are jokers"
    ),
    "count-cards": _("a loser holds 1 to %(held)s cards, not %(cards)s"),
    "count-jokers": _(
        "%(jokers)s jokers among %(cards)s cards can't be: 0 to %(most)s (the deck has %(deck)s)"
    ),
    # Penalty adjustments (fixed_deals.py).
    "reason-alone": _("a reason goes with a penalty adjustment: add the points or remove it"),
    "adjustment-range": _(
        "a penalty adjustment is a whole number of points from -1000 to 1000, not %(points)s"
    ),
    # Names people read (names.py); `what` is the kind of name, already in the reader's words.
    "name-empty": _("%(what)s can't be empty: type some letters"),
    "name-hidden": _(
        "%(what)s is letters, digits, spaces and punctuation: %(char)s is "
        "invisible or turns the text around, so two names could look alike"
    ),
    "name-long": _("%(what)s has at most %(limit)s characters"),
    # A record's shape, read from JSON (record.py): key names stay as the record spells them.
    "int-not-whole": _("%(what)s must be a whole number from %(low)s to %(high)s"),
    "int-range": _("%(what)s must be from %(low)s to %(high)s, not %(value)s"),
    "not-bool": _("%(what)s must be true or false, not %(value)s"),
    "unknown-preset": _("unknown preset %(preset)s: use one of %(presets)s"),
    "unknown-rule": _("unknown rule %(rule)s: the rules are %(rules)s"),
    "unknown-family": _("family must be one of %(families)s, not %(value)s"),
    "out-at-shape": _('out_at must be "over" (past the limit) or "reach" (on reaching it)'),
    "winner-bonus-shape": _('winner_bonus is {"call_up": n, "kalookie": n}'),
    "stakes-shape": _('stakes is an object such as {"currency": "GBP", "call_up": "0.10"}'),
    "unknown-stake": _("unknown stake %(stake)s: the stakes are %(stakes)s"),
    "currency-shape": _('currency must be an ISO code such as GBP, or "units", not %(currency)s'),
    "stake-not-string": _(
        'the %(stake)s stake must be written as a decimal string such as "0.50", not %(value)s'
    ),
    "map-shape": _("%(key)s must map player names to values"),
    "map-stranger": _("%(key)s names %(name)s, who is not one of the players (%(players)s)"),
    "map-twice": _("%(key)s names %(name)s twice: give each player once"),
    "hand-shape": _('a hand is an object such as {"winner": "Mark", ...}'),
    "hand-unknown-key": _("unknown key %(key)s: a hand has %(keys)s"),
    "void-alone": _("a void hand has nothing else: no winner, values or buy-ins"),
    "hand-no-winner": _('a hand needs a winner, or "void": true'),
    "value-shape": _("a hand value is a whole number such as 42, not %(value)s"),
    "cards-shape": _('cards are a list such as ["Joker", "AS", "10H"]'),
    "cards-most": _("at most %(most)s cards"),
    "counts-shape": _('counts are {"cards": n, "jokers": n}'),
    "adjustment-shape": _("an adjustment is a whole number of points"),
    "reason-shape": _(
        "a reason is text of at most %(most)s characters, without control characters"
    ),
    "buy-in-shape": _("a buy-in decision is true (bought in) or false (dropped out)"),
    "players-shape": _(
        'players is a list of names in clockwise seat order, such as ["Andy", "Mark"]'
    ),
    "name-hidden-given": _(
        "%(what)s is letters, digits, spaces and punctuation: %(char)s is "
        "invisible or turns the text around, so two names could look alike: %(given)r"
    ),
    "name-long-given": _("%(what)s has at most %(limit)s characters: %(given)r"),
    "players-twice-alike": _(
        "two players are called %(name)r: give each a different name (names that differ "
        "only in case, width or how an accent is written are one name)"
    ),
    "not-utf8": _("that file is not UTF-8 text: save the record as UTF-8 JSON"),
    "key-twice": _("the key %(keys)s appears twice in one object: keep one of each"),
    "not-json": _(
        "that file is not JSON: upload a kalooki-game/1 record, such as the "
        "“Download JSON” file of a game"
    ),
    "record-shape": _("a game record is a JSON object"),
    "record-unknown-key": _("unknown key %(keys)s: a record has %(known)s"),
    "record-unknown-keys": _("unknown keys %(keys)s: a record has %(known)s"),
    "format-shape": _('format must be "%(format)s", not %(value)s'),
    "title-shape": _("title is text of at most %(most)s characters, without control characters"),
    "title-hidden": _(
        "a game's title is letters, digits, spaces and punctuation: %(char)s is invisible or "
        "turns the text around, so the title could read other than it shows"
    ),
    "played-on-shape": _('played_on is a date such as "2026-11-20"'),
    "rules-shape": _('rules is an object such as {"preset": "british"}'),
    "hands-shape": _("hands is a list of hands"),
    "record-too-many-hands": _(
        "a game has at most %(most)s hands, and this record has %(count)s: "
        "split it into games of fewer hands"
    ),
    "stopped-shape": _(
        'stopped is null, {"settle": "refund"} or {"settle": "split"}, '
        'or {"settle": "leader"} where the game has a leader'
    ),
    # A stake (money.parse_amount); `what` names it ("the call_up stake").
    "amount-float": _('%(what)s must be written as a decimal string such as "0.50"'),
    "amount-not-number": _('%(what)s must be an amount such as "0.50", not %(value)s'),
    "amount-shape": _('%(what)s must be an amount such as "0.50"'),
    "amount-negative": _("%(what)s can't be negative: use 0 or more"),
    "amount-too-big": _("%(what)s can be at most %(most)s"),
    "amount-zero": _("%(what)s must be more than 0"),
    "amount-whole": _("%(what)s in %(currency)s can have no decimal places"),
    "amount-places": _("%(what)s in %(currency)s can have at most %(digits)s decimal places"),
}
