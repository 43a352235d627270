"""A family of scoring as one record: what its games set and stake, what its hands record, how
they replay and the words it uses. Each family's module makes its record; families.py lists them."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Family:
    key: str  # as the record's rules name it: "elimination", "fixed-deals"
    settings: tuple[str, ...]  # the rule settings a game of it may change from its preset
    stakes: tuple[str, ...]  # the stakes it plays for
    takes: frozenset[str]  # what its hands record besides a winner: values, counts, adjustments…
    replay: type  # its subclass of replay.Replay; named loosely, as replay.py takes a Family
    lowest_wins: bool
    eliminates: bool  # players go out over a limit and may buy back in; a pool and no leader
    plays_deals: bool  # a fixed schedule of deals, each with its contract
    has_target: bool  # a game may end when someone reaches a target
    # Its words, plain English marked for translation (words.gettext_noop); games/present
    # translates them as it writes them into sentences.
    kalookie_word: str  # the check box: "Kalookie", "Bent the table"
    kalookie_means: str  # what the box means, with the cards held: "went out with all %(held)s…"
    kalookie_how: str  # "won by kaluki", "won by bending the table"
    pot_word: str  # what the stakes put in make: "pool" or "pot"
    points_title: str  # the points columns: "Penalty points"
    total_word: str  # the standings' column: "Total" or "Points"
    sheet_title: str  # the web sheet's points heading, with its marks
    legend: str  # the printed sheet's marks

    def takes_buy_ins(self) -> bool:
        return "buy_ins" in self.takes

    def takes_counts(self) -> bool:
        return "counts" in self.takes

    def takes_adjustments(self) -> bool:
        return "adjustments" in self.takes

    def __str__(self) -> str:
        return self.key
