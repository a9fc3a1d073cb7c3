"""What the strong bot (controller/games/search) needs of J'Accuse: a seat's unseen world, dealt.

``sample_state`` builds a full state from one seat's private view and the public events: every
card the seat cannot place (other hands, other memberships, the unseen part of the discard) and
the network cards it does not see are dealt at random, so that the state's view for that seat is
exactly the one given. The deal leans the way the table's votes point: a seat that revealed red
more than black is more likely to want red (its network, or its membership card when its network
is mixed). What the events do not say (who pressed reveal rather than abstain, and with which
card) is guessed as the sensible bot would have played it.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from controller.games.jaccuse.actions import Action
from controller.games.jaccuse.cards import COLORS, Color, color_of, influence_deck, rank_value
from controller.games.jaccuse.deal import Deal, deal_next_generation
from controller.games.jaccuse.feed import public_event
from controller.games.jaccuse.moves import legal_moves
from controller.games.jaccuse.state import (
    Campaign,
    GameState,
    GenerationResult,
    Parley,
    Phase,
    Policy,
    VoteRound,
    new_state,
)

Event = dict[str, Any]

#: how strongly one revealed vote of a colour tilts the deal towards that colour
LEAN: Final = 0.6
#: network deals drawn before one is picked by how well it fits the votes
NETWORK_DRAWS: Final = 4
#: how often a seat's membership card has the colour its network wants (the sensible bot: always)
MEMBERSHIP_FITS: Final = 0.8
#: how often a seat that pressed had revealed rather than abstained
REVEALED: Final = 0.8

__all__ = ["candidate_actions", "public_event", "sample_state", "score"]


def _leans(history: Sequence[Event], players: int) -> list[int]:
    """Per seat: revealed red votes minus revealed black ones."""
    lean = [0] * players
    for event in history:
        if event.get("type") == "revealed":
            for item in event["cards"]:
                colour = color_of(item["card"])
                if colour is not None:
                    lean[item["seat"]] += 1 if colour == "red" else -1
    return lean


def _since(history: Sequence[Event], kinds: tuple[str, ...]) -> list[Event]:
    """The events after the last one of ``kinds`` (all of them when there is none)."""
    for i in range(len(history) - 1, -1, -1):
        if history[i].get("type") in kinds:
            return list(history[i + 1 :])
    return list(history)


def _sign(colour: Color | None) -> int:
    return 0 if colour is None else 1 if colour == "red" else -1


def _network(view: dict[str, Any], lean: list[int], rng: random.Random) -> tuple[Color, ...]:
    """The network cards: the seat's two as seen, the others drawn from the rest of the network deck
    and picked among a few draws by how well both-same seats fit their votes."""
    seat: int = view["seat"]
    n: int = view["table"]["players"]
    left, right = view["network"]
    half = -(-n // 2)
    rest: list[Color] = ["red"] * (half - [left, right].count("red"))
    rest += ["black"] * (half - [left, right].count("black"))
    others = [i for i in range(n) if i not in ((seat - 1) % n, seat)]
    draws: list[tuple[Color, ...]] = []
    weights: list[float] = []
    for _ in range(NETWORK_DRAWS):
        rng.shuffle(rest)
        net: list[Color] = ["red"] * n
        net[(seat - 1) % n], net[seat] = left, right
        for i, colour in zip(others, rest, strict=False):
            net[i] = colour
        fit = 0
        for s in range(n):
            if s != seat and net[s - 1] == net[s]:
                fit += lean[s] * _sign(net[s])
        draws.append(tuple(net))
        weights.append(math.exp(LEAN * max(-20, min(20, fit))))
    return rng.choices(draws, weights)[0]


def _take(pool: list[str], rng: random.Random, colour: Color | None) -> str:
    """A random card of ``colour`` from ``pool`` (any card when it holds none), removed from it."""
    fits = [i for i, c in enumerate(pool) if colour is None or color_of(c) == colour]
    i = rng.choice(fits) if fits else rng.randrange(len(pool))
    return pool.pop(i)


def _wanted(network: tuple[Color, ...], seat: int, membership: str | None) -> Color | None:
    left, right = network[seat - 1], network[seat]
    if left == right:
        return left
    colour = color_of(membership) if membership is not None else None
    return colour if colour is not None else right


def sample_state(view: dict[str, Any], history: Sequence[Event], rng: random.Random) -> GameState:
    """A full state that gives ``view`` for its seat, the unseen dealt at random (see the module)."""
    t = view["table"]
    seat: int = view["seat"]
    n: int = t["players"]
    phase: Phase = t["phase"]
    lean = _leans(history, n)
    network = _network(view, lean, rng)
    policies = [Policy(p["color"], p["kind"], p.get("card")) for p in t["policies"]]
    table_cards = [(c["seat"], c["card"]) for c in t["table_cards"]]
    generation = _since(history, ("generation",))
    known_discard = [e["card"] for e in generation if e.get("type") == "elected"]
    known = [*view["hand"], *(c for _, c in table_cards), *known_discard]
    known += [p.card for p in policies if p.card is not None]
    if view["membership"] is not None:
        known.append(view["membership"])
    pool = list((Counter(influence_deck(n)) - Counter(known)).elements())
    rng.shuffle(pool)

    membership: list[str | None] = [None] * n
    membership[seat] = view["membership"]
    for s in range(n):
        if s == seat or not t["membership_placed"][s]:
            continue
        left, right = network[s - 1], network[s]
        if left == right:
            colour: Color = left if rng.random() < MEMBERSHIP_FITS else ("black" if left == "red" else "red")
        else:
            red = 1.0 / (1.0 + math.exp(-LEAN * lean[s]))
            colour = "red" if rng.random() < red else "black"
        membership[s] = _take(pool, rng, colour)

    hands: list[list[str]] = [[] for _ in range(n)]
    hands[seat] = list(view["hand"])
    for s in range(n):
        if s != seat:
            count: int = t["hand_counts"][s]
            hands[s], pool = pool[:count], pool[count:]
    discard = known_discard + pool
    if len(discard) != t["discard_count"]:
        raise ValueError(f"the cards do not add up: {len(discard)} for a discard of {t['discard_count']}")

    state = new_state(
        players=n,
        hands=hands,
        network=network,
        membership=membership,
        discard=discard,
        policies=policies,
        stability=t["stability"],
        xp=list(t["xp"]),
        phase=phase,
        table_cards=table_cards,
        last_revealed=[(c["seat"], c["card"]) for c in t["revealed"]],
        president=t["president"],
        incorrect_accusations=t["incorrect_accusations"],
        replacing=t["replacing"],
        version=t["version"],
        campaign=_campaign(t, network, rng),
    )
    since_election = _since(history, ("election",))
    if phase in ("presidency", "parley"):
        state.presidents_since_election = list(t["barred"])
    else:
        state.presidents_since_election = list(dict.fromkeys(
            e["seat"] for e in since_election if e.get("type") in ("elected", "president")
        ))
    presidency = _since(history, ("elected", "president", "election"))
    state.parley_used = any(e.get("type") == "parley_done" for e in presidency)
    if phase == "replace_membership":
        accused = [e for e in history if e.get("type") == "accused"]
        if accused and accused[-1]["correct"]:
            state.after_membership = "enact"
        else:
            state.after_membership = "crisis" if state.incorrect_accusations >= 3 else "president"
    if t["parley"] is not None:
        p = t["parley"]
        offered = view["parley_offered"]
        if offered is None:
            offered = rng.sample(hands[p["president"]], p["count"])
        state.parley = Parley(p["president"], p["target"], tuple(offered))
    if phase == "election":
        state.vote_round = _vote_round(view, state, rng)
    return state


def _vote_round(view: dict[str, Any], s: GameState, rng: random.Random) -> VoteRound:
    """The round under way: the seat's own selection as seen; a seat that pressed revealed (mostly,
    the card its side wants most) or abstained."""
    t = view["table"]
    seat: int = view["seat"]
    selected: dict[int, str] = {}
    pressed: dict[int, Any] = {}
    if view["selected"] is not None:
        selected[seat] = view["selected"]
    for s_ in t["pressed"]:
        if s_ == seat:
            pressed[s_] = "reveal" if view["selected"] is not None else "abstain"
            continue
        hand = s.hands[s_]
        if not hand or rng.random() >= REVEALED:
            pressed[s_] = "abstain"
            continue
        want = _wanted(s.network, s_, s.membership[s_])
        mine = [c for c in hand if color_of(c) == want]
        selected[s_] = max(mine, key=rank_value) if mine else rng.choice(hand)
        pressed[s_] = "reveal"
    return VoteRound(t["round"], list(t["eligible"]), selected, pressed)


def _campaign(t: dict[str, Any], network: tuple[Color, ...], rng: random.Random) -> Campaign | None:
    """The campaign's public record, with its later deals (secret to everyone) dealt anew."""
    c = t["campaign"]
    if c is None:
        return None
    template = Deal(((),) * t["players"], network, ())
    later = tuple(deal_next_generation(template, rng) for _ in range(c["generations"] - 1))
    return Campaign(
        c["generations"],
        later,
        c["generation"],
        [GenerationResult(h["winning_color"], list(h["membership"])) for h in c["history"]],
        list(c["vp"]),
        c["over"],
        list(c["winners"]),
    )


def _by_rank(cards: list[str]) -> list[str]:
    return sorted(set(cards), key=lambda c: (rank_value(c), c))


def _ends(cards: list[str]) -> list[str]:
    """Per colour (and the neutral joker): the lowest and the highest card."""
    out: list[str] = []
    for colour in (*COLORS, None):
        same = _by_rank([c for c in cards if color_of(c) == colour])
        for c in same[:1] + same[-1:]:
            if c not in out:
                out.append(c)
    return out


def candidate_actions(s: GameState, seat: int) -> list[Action]:
    """The seat's moves worth weighing: for a card, the lowest and highest of each colour (which
    colour is the choice; the rank is mostly keep-the-best or spend-the-best); every accusation;
    a one-card parley with each seat; never a gift of XP."""
    out: list[Action] = []
    hand = s.hands[seat]
    for move in legal_moves(s, seat):
        act = move["act"]
        if act in ("membership", "defect", "vote"):
            out += [Action(seat, act, card=c) for c in _ends(hand)]
        elif act == "enact":
            out += [Action(seat, act, card=c) for c in _ends(move["cards"])]
        elif act in ("reveal", "abstain", "pass"):
            out.append(Action(seat, act))
        elif act == "accuse":
            out += [Action(seat, act, target=t, color=c) for t in move["targets"] for c in COLORS]
        elif act == "parley":
            low = _by_rank(hand)[0]
            out += [Action(seat, act, target=t["seat"], cards=(low,)) for t in move["targets"]]
        elif act == "parley_reply":
            k = move["count"]
            ranked = sorted(hand, key=lambda c: (rank_value(c), c))
            for cards in (ranked[:k], ranked[-k:]):
                action = Action(seat, act, cards=tuple(cards))
                if action not in out:
                    out.append(action)
    return out


def score(s: GameState, seat: int) -> float:
    """A win is 1; being on the winning side without the most XP is a quarter."""
    if s.campaign is not None:
        return 1.0 if seat in s.campaign.winners else 0.0
    if seat in s.winners:
        return 1.0
    return 0.25 if seat in s.aligned else 0.0
