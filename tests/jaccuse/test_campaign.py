"""The multi-generation campaign: hand-over between generations, scoring, and the replay's version 2."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.games.jaccuse import (
    Accepted,
    Action,
    DealError,
    apply,
    deal_cards,
    new_game,
    next_bot_action,
    play_bot_game,
    public_view,
    seat_view,
)
from controller.games.jaccuse.cards import color_of, influence_deck
from controller.games.jaccuse.deal import Deal
from controller.games.jaccuse.state import GameState
from controller.replay import InputError, replay_text


def _campaign(players: int = 6, generations: int = 2, seed: int = 1) -> GameState:
    rng = random.Random(seed)
    first = deal_cards(players, rng)
    later = tuple(Deal(d.hands, first.network, d.discard)
                  for d in (deal_cards(players, rng) for _ in range(generations - 1)))
    return new_game(first, generations=generations, later_deals=later)


def _do(s: GameState, seat: int, act: str, **kw: object) -> GameState:
    result = apply(s, Action(seat, act, **kw))  # type: ignore[arg-type]
    assert isinstance(result, Accepted), result
    return result.state


def _place_memberships(s: GameState, prefer: str) -> GameState:
    for seat in range(s.players):
        hand = sorted(s.hands[seat], key=lambda c: color_of(c) != prefer)
        s = _do(s, seat, "membership", card=hand[0])
    return s


def _consensus(s: GameState, colour: str) -> GameState:
    """One election in which every seat shows a card of ``colour`` or abstains."""
    for seat in list(s.vote_round.voters):
        cards = [c for c in s.hands[seat] if color_of(c) == colour]
        if cards:
            s = _do(s, seat, "vote", card=cards[0])
            s = _do(s, seat, "reveal")
        else:
            s = _do(s, seat, "abstain")
    return s


def _finish_generation(s: GameState, colour: str) -> GameState:
    generation = s.campaign.generation
    s = _place_memberships(s, colour)
    while s.campaign.generation == generation and not s.over:
        s = _consensus(s, colour)
    return s


def test_campaign_needs_an_even_number_of_generations_from_2_to_8() -> None:
    deal = deal_cards(6, random.Random(0))
    for bad in (1, 3, 10, 0):
        with pytest.raises(DealError):
            new_game(deal, generations=bad, later_deals=(deal,) * max(bad - 1, 0))
    assert new_game(deal, generations=8, later_deals=(deal,) * 7).campaign.generations == 8


def test_next_generation_deals_anew_and_keeps_the_network_and_xp() -> None:
    s = _campaign()
    network = s.network
    s.xp[2] = 3  # as if earned
    later = s.campaign.later_deals[0]
    s = _finish_generation(s, "red")
    assert s.campaign.generation == 2 and s.phase == "setup"
    assert s.network == network and s.xp[2] == 3
    assert s.hands == [list(h) for h in later.hands] and s.discard == list(later.discard)
    assert s.membership == [None] * 6
    assert Counter(s.all_cards()) == Counter(influence_deck(6))


def test_historical_echo_is_a_free_policy_of_the_last_winner_and_counts_toward_the_end() -> None:
    s = _finish_generation(_campaign(), "black")
    assert [p.to_dict() for p in s.policies] == [{"color": "black", "kind": "free"}]
    s = _place_memberships(s, "black")
    for _ in range(4):  # the echo plus four more black policies reach stability 5
        assert len(s.campaign.history) == 1
        s = _consensus(s, "black")
    assert s.over and s.campaign.over
    assert [h.winning_color for h in s.campaign.history] == ["black", "black"]


def test_stability_rises_by_one_up_to_five_and_crises_carry_over() -> None:
    s = _campaign()
    s = _place_memberships(s, "red")
    s.stability = 3  # as if two crises happened
    while s.campaign.generation == 1:
        s = _consensus(s, "red")
    assert s.stability == 4
    s2 = _finish_generation(_campaign(), "red")
    assert s2.stability == 5


def test_generation_with_no_winning_colour_scores_nothing_and_passes_no_echo() -> None:
    s = _place_memberships(_campaign(), "red")
    for seat in range(6):  # nobody can vote and no policy has passed: R8 ends it with no colour
        s.hands[seat] = []
    s.vote_round = None
    from controller.games.jaccuse.engine import _start_election

    events: list = []
    _start_election(s, events)
    assert s.campaign.history[0].winning_color is None
    assert s.campaign.vp == [0] * 6 and s.policies == [] and s.campaign.generation == 2


def test_membership_vp_each_generation_and_network_vp_at_the_end() -> None:
    s = _finish_generation(_campaign(seed=5), "red")
    first = s.campaign.history[0]
    expected = [1 if m is not None and color_of(m) == "red" else 0 for m in first.membership]
    assert s.campaign.vp == expected
    s = _finish_generation(s, "black")
    second = s.campaign.history[1]
    for seat in range(6):
        membership_vp = expected[seat] + (color_of(second.membership[seat]) == "black")
        network_vp = sum(1 for c in s.network_of(seat) if c == "red") + sum(
            1 for c in s.network_of(seat) if c == "black")
        assert s.campaign.vp[seat] == membership_vp + network_vp
    assert s.aligned == [] and s.winners == []


def test_campaign_winners_break_vp_ties_by_xp_and_share_exact_ties() -> None:
    s = _finish_generation(_campaign(seed=5), "red")
    s = _place_memberships(s, "red")
    s.xp = [0, 0, 0, 0, 0, 0]
    while not s.over:
        s = _consensus(s, "red")
    best = max(s.campaign.vp)
    leaders = [i for i, v in enumerate(s.campaign.vp) if v == best]
    assert s.campaign.winners == leaders  # equal XP: all leaders share
    s2 = _finish_generation(_campaign(seed=5), "red")
    s2 = _place_memberships(s2, "red")
    s2.xp = [0] * 6
    s2.xp[leaders[-1]] = 2
    while not s2.over:
        s2 = _consensus(s2, "red")
    assert s2.campaign.winners == [leaders[-1]]


def test_network_cards_stay_secret_until_the_campaign_ends() -> None:
    game = play_bot_game(6, 3, generations=2, max_actions=50_000)
    s = new_game(game.deal, generations=2, later_deals=game.later_deals)
    for action in game.actions:
        view = public_view(s)
        assert view["reveal"] is None and "network" not in json.dumps(view)
        s = apply(s, action).state  # type: ignore[union-attr]
    assert public_view(s)["reveal"]["network"] == list(s.network)


@settings(max_examples=40)
@given(players=st.integers(5, 14), seed=st.integers(0, 2**32 - 1))
def test_campaign_conserves_cards_and_hides_networks_from_other_seats(players: int, seed: int) -> None:
    rng = random.Random(seed)
    first = deal_cards(players, rng)
    second = deal_cards(players, rng)
    later = (Deal(second.hands, first.network, second.discard),)
    s = new_game(first, generations=2, later_deals=later)
    deck = Counter(influence_deck(players))
    steps = 0
    while not s.over and steps < 50_000:
        s = apply(s, next_bot_action(s, rng)).state  # type: ignore[arg-type, union-attr]
        steps += 1
        assert Counter(s.all_cards()) == deck
        if not s.over:
            seat = rng.randrange(players)
            flipped = s.copy()
            seen = {(seat - 1) % players, seat}
            flipped.network = tuple(c if k in seen else ("red" if c == "black" else "black")
                                    for k, c in enumerate(s.network))
            assert seat_view(s, seat) == seat_view(flipped, seat)
    assert s.over and s.campaign.over


# ---------------------------------------------------------------- replay version 2


def _v2_file(generations: int = 2, seed: int = 11) -> dict:
    game = play_bot_game(6, seed, generations=generations, max_actions=50_000)
    return {
        "version": 2, "players": 6, "deal": game.deal.to_dict(),
        "campaign": {"generations": generations,
                     "deals": [{"hands": [list(h) for h in d.hands], "discard": list(d.discard)}
                               for d in game.later_deals]},
        "actions": [a.to_dict() for a in game.actions],
    }


def test_replay_v2_plays_a_whole_campaign_and_reports_the_campaign_keys() -> None:
    out = replay_text(json.dumps(_v2_file()))
    assert out["ok"] and out["over"] and out["campaign_over"]
    assert out["generation"] == 2 and len(out["generations"]) == 2
    assert set(out["generations"][0]) == {"winning_color", "membership"}
    assert len(out["vp"]) == 6 and out["campaign_winners"]
    assert out["aligned"] == [] and out["winners"] == []


def test_replay_v2_without_deals_uses_the_seed() -> None:
    data = {"version": 2, "players": 7, "seed": 4, "campaign": {"generations": 4}, "actions": []}
    assert replay_text(json.dumps(data)) == replay_text(json.dumps(data))
    assert replay_text(json.dumps(data))["generation"] == 1


def test_version_1_files_get_no_campaign_keys() -> None:
    out = replay_text(json.dumps({"version": 1, "players": 5, "seed": 1, "actions": []}))
    assert "generation" not in out and "vp" not in out


BAD_CAMPAIGNS = [
    {"generations": 3}, {"generations": 10}, {"generations": "2"},
    {"generations": 2, "deals": "x"}, [], {"generations": 2, "deals": [{}]},
]


@pytest.mark.parametrize("campaign", BAD_CAMPAIGNS)
def test_replay_v2_rejects_bad_campaigns_as_input(campaign: object) -> None:
    with pytest.raises(InputError):
        replay_text(json.dumps({"version": 2, "players": 6, "campaign": campaign, "actions": []}))
