"""The game state of one generation. Plain data; the engine (``engine.py``) is what changes it.

States are values: ``apply`` never changes the state it is given, nor any list, dict or object
inside it, so a refused action leaves the caller's state exactly as it was (R23). To stay fast it
copies on write: the state it returns shares every part the action did not change with the state
it was given. Treat a state you did not build as read-only; to change one by hand (a test setting
up an odd position), take ``copy()`` first, which shares nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from controller.games.jaccuse.cards import Color
from controller.games.jaccuse.deal import Deal, DealError, check_deal

Phase = Literal["setup", "election", "parley", "presidency", "replace_membership", "enact", "over"]
PHASES: Final = ("setup", "election", "parley", "presidency", "replace_membership", "enact", "over")

#: what follows once an accused seat has placed its new membership card (R16, R17)
AfterMembership = Literal["enact", "president", "crisis"]

START_STABILITY: Final = 5


@dataclass(slots=True)
class Policy:
    color: Color
    kind: Literal["free", "enacted"]
    card: str | None = None

    def to_dict(self) -> dict[str, str]:
        out: dict[str, str] = {"color": self.color, "kind": self.kind}
        if self.card is not None:
            out["card"] = self.card
        return out


@dataclass(slots=True)
class VoteRound:
    """A picture of one round of an election; ``number`` 1 is the first, 2+ are tie rounds (R11).

    ``GameState.vote_round`` gives one, made from the state's own round fields, for code that reads
    a round whole (the sampler, tests); setting it writes those fields. The engine keeps the round in
    the state itself, per seat, so that a press changes one list rather than build a round anew.
    """

    number: int
    voters: list[int]
    selected: dict[int, str]
    pressed: dict[int, Literal["reveal", "abstain"]]

    @property
    def waiting(self) -> list[int]:
        """The voters yet to press, in seat order."""
        return [seat for seat in self.voters if seat not in self.pressed]


@dataclass(slots=True)
class Parley:
    president: int
    target: int
    offered: tuple[str, ...]


@dataclass(slots=True)
class GenerationResult:
    winning_color: Color | None
    membership: list[str | None]

    def to_dict(self) -> dict[str, object]:
        return {"winning_color": self.winning_color, "membership": list(self.membership)}


@dataclass(slots=True)
class Campaign:
    """The multi-generation variant: network cards stay, everything else is dealt anew.

    The deals of later generations are fixed when the campaign starts (from a given list or the
    seeded RNG), so moving to the next generation needs no randomness inside the engine. They are
    secret and never reach a view.
    """

    generations: int
    later_deals: tuple[Deal, ...]
    generation: int = 1
    history: list[GenerationResult] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    over: bool = False
    winners: list[int] = field(default_factory=list)

    def copy(self) -> Campaign:
        return Campaign(
            self.generations,
            self.later_deals,
            self.generation,
            [GenerationResult(h.winning_color, list(h.membership)) for h in self.history],
            list(self.vp),
            self.over,
            list(self.winners),
        )


@dataclass(slots=True, init=False)
class GameState:
    """One generation's state; ``new_state`` makes one from its fields.

    ``GameState()`` alone makes an empty object with no field set, for ``derive`` to fill: a class
    without an ``__init__`` of its own is built in C by a compiled build (calling ``__new__``
    through Python cost a compiled move some 450 instructions), and as plain Python the call
    costs no more than ``__new__`` did.
    """

    players: int
    hands: list[list[str]]
    network: tuple[Color, ...]
    membership: list[str | None]
    discard: list[str]
    policies: list[Policy]
    stability: int
    xp: list[int]
    phase: Phase
    #: the election round under way (see ``vote_round``): its number, 1 the first and 2+ the tie
    #: rounds (R11), or 0 when no round is under way, and then the three lists below are empty
    round_number: int
    #: the seats voting in this round, in seat order
    voters: list[int]
    #: by seat, the card it has selected to vote with, or None; a seat that pressed abstain has
    #: none (R7), so a voter that pressed revealed exactly when it has one
    selected: list[str | None]
    #: the voters yet to press, in seat order
    waiting: list[int]
    #: cards left face up by tie rounds of the current election: (seat, card)
    table_cards: list[tuple[int, str]]
    #: the cards shown by the most recently resolved round, public until the next one resolves
    last_revealed: list[tuple[int, str]]
    president: int | None
    presidents_since_election: list[int]
    incorrect_accusations: int
    parley_used: bool
    parley: Parley | None
    replacing: int | None
    after_membership: AfterMembership | None
    winning_color: Color | None
    aligned: list[int]
    winners: list[int]
    #: accepted actions so far; the public view's ``version``
    version: int
    campaign: Campaign | None

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def vote_round(self) -> VoteRound | None:
        """The round under way as one picture (a new one at every call), or None."""
        if not self.round_number:
            return None
        selected = self.selected
        waiting = self.waiting
        chosen: dict[int, str] = {}
        pressed: dict[int, Literal["reveal", "abstain"]] = {}
        for seat in self.voters:
            card = selected[seat]
            if card is not None:
                chosen[seat] = card
            if seat not in waiting:
                pressed[seat] = "abstain" if card is None else "reveal"
        return VoteRound(self.round_number, list(self.voters), chosen, pressed)

    @vote_round.setter
    def vote_round(self, r: VoteRound | None) -> None:
        if r is None:
            self.round_number, self.voters, self.selected, self.waiting = 0, [], [], []
            return
        selected: list[str | None] = [None] * self.players
        for seat, card in r.selected.items():
            if r.pressed.get(seat) != "abstain":
                selected[seat] = card
        for seat, how in r.pressed.items():
            if how == "reveal" and selected[seat] is None:
                raise ValueError(f"seat {seat} pressed reveal without a selected card")
        self.round_number = r.number
        self.voters = list(r.voters)
        self.selected = selected
        self.waiting = r.waiting

    def network_of(self, seat: int) -> tuple[Color, Color]:
        """The two network cards a seat sees: the one to its right, then its own (R2)."""
        return self.network[(seat - 1) % self.players], self.network[seat]

    def copy(self) -> GameState:
        return new_state(
            players=self.players,
            hands=[list(h) for h in self.hands],
            network=self.network,
            membership=list(self.membership),
            discard=list(self.discard),
            policies=[Policy(p.color, p.kind, p.card) for p in self.policies],
            stability=self.stability,
            xp=list(self.xp),
            phase=self.phase,
            round_number=self.round_number,
            voters=list(self.voters),
            selected=list(self.selected),
            waiting=list(self.waiting),
            table_cards=list(self.table_cards),
            last_revealed=list(self.last_revealed),
            president=self.president,
            presidents_since_election=list(self.presidents_since_election),
            incorrect_accusations=self.incorrect_accusations,
            parley_used=self.parley_used,
            parley=Parley(self.parley.president, self.parley.target, self.parley.offered)
            if self.parley
            else None,
            replacing=self.replacing,
            after_membership=self.after_membership,
            winning_color=self.winning_color,
            aligned=list(self.aligned),
            winners=list(self.winners),
            version=self.version,
            campaign=self.campaign.copy() if self.campaign else None,
        )

    def derive(self) -> GameState:
        """A new state object sharing every part with this one, for the engine to replace parts of.

        Nothing inside is copied: the engine replaces a list (or the vote round, the campaign)
        with a changed copy and never changes one in place, so this state stays as it was.
        """
        new = GameState()
        new.players = self.players
        new.hands = self.hands
        new.network = self.network
        new.membership = self.membership
        new.discard = self.discard
        new.policies = self.policies
        new.stability = self.stability
        new.xp = self.xp
        new.phase = self.phase
        new.round_number = self.round_number
        new.voters = self.voters
        new.selected = self.selected
        new.waiting = self.waiting
        new.table_cards = self.table_cards
        new.last_revealed = self.last_revealed
        new.president = self.president
        new.presidents_since_election = self.presidents_since_election
        new.incorrect_accusations = self.incorrect_accusations
        new.parley_used = self.parley_used
        new.parley = self.parley
        new.replacing = self.replacing
        new.after_membership = self.after_membership
        new.winning_color = self.winning_color
        new.aligned = self.aligned
        new.winners = self.winners
        new.version = self.version
        new.campaign = self.campaign
        return new

    def all_cards(self) -> list[str]:
        """Every influence card in the game, wherever it lies (for conservation checks)."""
        cards = [c for h in self.hands for c in h]
        cards += [m for m in self.membership if m is not None]
        cards += self.discard
        cards += [c for _, c in self.table_cards]
        cards += [p.card for p in self.policies if p.card is not None]
        return cards


def new_state(
    players: int,
    hands: list[list[str]],
    network: tuple[Color, ...],
    membership: list[str | None],
    discard: list[str],
    policies: list[Policy] | None = None,
    stability: int = START_STABILITY,
    xp: list[int] | None = None,
    phase: Phase = "setup",
    vote_round: VoteRound | None = None,
    round_number: int = 0,
    voters: list[int] | None = None,
    selected: list[str | None] | None = None,
    waiting: list[int] | None = None,
    table_cards: list[tuple[int, str]] | None = None,
    last_revealed: list[tuple[int, str]] | None = None,
    president: int | None = None,
    presidents_since_election: list[int] | None = None,
    incorrect_accusations: int = 0,
    parley_used: bool = False,
    parley: Parley | None = None,
    replacing: int | None = None,
    after_membership: AfterMembership | None = None,
    winning_color: Color | None = None,
    aligned: list[int] | None = None,
    winners: list[int] | None = None,
    version: int = 0,
    campaign: Campaign | None = None,
) -> GameState:
    """A state from its fields (``GameState()`` makes an empty one, for ``derive`` to fill).

    A round under way is given either whole (``vote_round``) or as the state's own fields.
    """
    s = GameState()
    s.players = players
    s.hands = hands
    s.network = network
    s.membership = membership
    s.discard = discard
    s.policies = [] if policies is None else policies
    s.stability = stability
    s.xp = [] if xp is None else xp
    s.phase = phase
    s.round_number = round_number
    s.voters = [] if voters is None else voters
    s.selected = [] if selected is None else selected
    s.waiting = [] if waiting is None else waiting
    if vote_round is not None:
        s.vote_round = vote_round
    s.table_cards = [] if table_cards is None else table_cards
    s.last_revealed = [] if last_revealed is None else last_revealed
    s.president = president
    s.presidents_since_election = [] if presidents_since_election is None else presidents_since_election
    s.incorrect_accusations = incorrect_accusations
    s.parley_used = parley_used
    s.parley = parley
    s.replacing = replacing
    s.after_membership = after_membership
    s.winning_color = winning_color
    s.aligned = [] if aligned is None else aligned
    s.winners = [] if winners is None else winners
    s.version = version
    s.campaign = campaign
    return s


MIN_GENERATIONS: Final = 2
MAX_GENERATIONS: Final = 8


def new_game(deal: Deal, *, generations: int | None = None, later_deals: tuple[Deal, ...] = ()) -> GameState:
    """The state right after the deal: every seat must now place a membership card.

    With ``generations`` the game is a campaign; ``later_deals`` holds the deals of generations
    2, 3, ... (their network cards are ignored: the first deal's stay for the whole campaign).
    """
    check_deal(deal.players, deal)
    n = deal.players
    campaign = None
    if generations is not None:
        if not (MIN_GENERATIONS <= generations <= MAX_GENERATIONS) or generations % 2:
            raise DealError(
                f"a campaign has an even number of generations from {MIN_GENERATIONS} to {MAX_GENERATIONS}"
            )
        if len(later_deals) != generations - 1:
            raise DealError(f"a {generations}-generation campaign needs {generations - 1} later deals")
        for later in later_deals:
            check_deal(n, Deal(later.hands, deal.network, later.discard))
        campaign = Campaign(generations, later_deals, vp=[0] * n)
    return new_state(
        players=n,
        hands=[list(h) for h in deal.hands],
        network=deal.network,
        membership=[None] * n,
        discard=list(deal.discard),
        xp=[0] * n,
        campaign=campaign,
    )
