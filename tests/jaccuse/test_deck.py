"""The influence deck, the network deck and card names for every player count (R3-R6)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers import act, game, make_deal

from controller.games.jaccuse import Action, ActionFormatError, Deal, DealError, deal_cards, new_game
from controller.games.jaccuse.cards import (
    HAND_SIZE,
    RANKS,
    color_of,
    discard_at_deal,
    influence_deck,
    is_card,
    network_deck,
    rank_value,
)
from controller.games.jaccuse.deal import check_deal

# players: (deck size, hand size, left over to the discard pile)
TABLE = {
    5: (36, 7, 1),
    6: (36, 6, 0),
    7: (42, 6, 0),
    8: (48, 6, 0),
    9: (54, 6, 0),
    10: (50, 5, 0),
    11: (55, 5, 0),
    12: (60, 5, 0),
    13: (66, 5, 1),  # R5: the composition, not the table's 68
    14: (70, 5, 0),
}

# players: {rank: copies of that rank}, jokers apart
SUITED = {
    5: dict.fromkeys(RANKS[1:10], 4),
    6: dict.fromkeys(RANKS[1:10], 4),
    7: dict.fromkeys(RANKS[0:10], 4),
    8: dict.fromkeys(RANKS[1:13], 4),
    9: dict.fromkeys(RANKS, 4),
    10: dict.fromkeys(RANKS[1:13], 4),
    11: dict.fromkeys(RANKS, 4),
    12: dict.fromkeys(RANKS[1:8], 8),
    13: dict.fromkeys(RANKS[1:9], 8),
    14: {**dict.fromkeys(RANKS[1:9], 8), "10": 4},
}

JOKERS = {
    5: {},
    6: {},
    7: {"RJ": 1, "BJ": 1},
    8: {},
    9: {"RJ": 1, "BJ": 1},
    10: {"RJ": 1, "BJ": 1},
    11: {"RJ": 1, "BJ": 1, "NJ": 1},
    12: {"RJ": 2, "BJ": 2},
    13: {"RJ": 1, "BJ": 1},
    14: {"RJ": 1, "BJ": 1},
}

ALL_PLAYERS = list(range(5, 15))


def _rank(card: str) -> str:
    return card[:-1]


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_deck_size_hand_size_and_leftover_for_every_player_count(players: int) -> None:
    size, hand, left = TABLE[players]
    assert len(influence_deck(players)) == size
    assert HAND_SIZE[players] == hand
    assert discard_at_deal(players) == left
    assert size == players * hand + left


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_deck_holds_exactly_the_ranks_of_the_rulebook_guide(players: int) -> None:
    deck = influence_deck(players)
    suited = Counter(_rank(c) for c in deck if c not in ("RJ", "BJ", "NJ"))
    jokers = Counter(c for c in deck if c in ("RJ", "BJ", "NJ"))
    assert dict(suited) == SUITED[players]
    assert dict(jokers) == JOKERS[players]


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_deck_has_as_many_red_as_black_cards_of_every_rank(players: int) -> None:
    per_rank: dict[str, Counter[str | None]] = {}
    for card in influence_deck(players):
        rank = "joker" if card in ("RJ", "BJ", "NJ") else _rank(card)
        per_rank.setdefault(rank, Counter())[color_of(card)] += 1
    for rank, colours in per_rank.items():
        assert colours["red"] == colours["black"], (rank, colours)


@pytest.mark.parametrize("players", [p for p in ALL_PLAYERS if p != 11])
def test_neutral_joker_only_with_eleven_players(players: int) -> None:
    assert "NJ" not in influence_deck(players)
    assert influence_deck(11).count("NJ") == 1


@pytest.mark.parametrize("players", [12, 13, 14])
def test_r4_two_decks_give_duplicate_card_names(players: int) -> None:
    counts = Counter(influence_deck(players))
    assert counts["2H"] == 2 and counts["9S" if players > 12 else "8S"] == 2


@pytest.mark.parametrize("players", list(range(5, 12)))
def test_one_deck_counts_never_repeat_a_card(players: int) -> None:
    deck = influence_deck(players)
    assert len(deck) == len(set(deck))


def test_r5_thirteen_players_66_cards_five_each_one_to_the_discard() -> None:
    deck = influence_deck(13)
    assert len(deck) == 66
    deal = deal_cards(13, random.Random(5))
    assert all(len(h) == 5 for h in deal.hands)
    assert len(deal.discard) == 1


@pytest.mark.parametrize("players", [4, 15, 0])
def test_player_count_outside_5_to_14_is_refused(players: int) -> None:
    with pytest.raises(ValueError):
        influence_deck(players)
    with pytest.raises(DealError):
        deal_cards(players, random.Random(1))


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_seeded_deal_uses_the_whole_deck_and_puts_the_leftover_on_the_discard(players: int) -> None:
    deal = deal_cards(players, random.Random(players))
    _, hand, left = TABLE[players]
    assert len(deal.hands) == players
    assert all(len(h) == hand for h in deal.hands)
    assert len(deal.discard) == left
    assert Counter(c for h in deal.hands for c in h) + Counter(deal.discard) == Counter(
        influence_deck(players)
    )
    state = new_game(deal)
    assert sorted(state.discard) == sorted(deal.discard)


@pytest.mark.parametrize("players", [5, 9, 14])
def test_same_seed_gives_the_same_deal(players: int) -> None:
    assert deal_cards(players, random.Random(42)) == deal_cards(players, random.Random(42))
    assert deal_cards(players, random.Random(42)) != deal_cards(players, random.Random(43))


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_r6_network_deck_has_ceil_half_of_each_colour(players: int) -> None:
    half = -(-players // 2)
    deck = network_deck(players)
    assert deck.count("red") == half and deck.count("black") == half


@pytest.mark.parametrize("players", ALL_PLAYERS)
def test_r6_dealt_network_is_one_card_per_seat_within_the_deck(players: int) -> None:
    half = -(-players // 2)
    for seed in range(20):
        network = deal_cards(players, random.Random(seed)).network
        assert len(network) == players
        assert network.count("red") <= half and network.count("black") <= half
        if players % 2 == 0:
            assert network.count("red") == network.count("black")


@pytest.mark.parametrize("players", [5, 7, 13])
def test_r6_with_odd_players_the_unseen_card_may_be_either_colour(players: int) -> None:
    short = set()
    for seed in range(60):
        network = deal_cards(players, random.Random(seed)).network
        short.add("red" if network.count("red") < network.count("black") else "black")
    assert short == {"red", "black"}


def test_r6_a_deal_with_too_many_network_cards_of_one_colour_is_refused() -> None:
    deal = make_deal(5)
    bad = Deal(deal.hands, ("red", "red", "red", "red", "black"), deal.discard)
    with pytest.raises(DealError):
        check_deal(5, bad)
    check_deal(5, Deal(deal.hands, ("red", "red", "red", "black", "black"), deal.discard))
    check_deal(5, Deal(deal.hands, ("black", "red", "black", "red", "black"), deal.discard))


def test_deal_with_wrong_hand_size_or_wrong_cards_is_refused() -> None:
    deal = make_deal(6)
    short = Deal((deal.hands[0][:-1], *deal.hands[1:]), deal.network, (deal.hands[0][-1],))
    with pytest.raises(DealError):
        check_deal(6, short)
    swapped = Deal((("KH", *deal.hands[0][1:]), *deal.hands[1:]), deal.network, deal.discard)
    with pytest.raises(DealError):
        check_deal(6, swapped)
    with pytest.raises(DealError):
        new_game(Deal(deal.hands[:5], deal.network[:5], deal.discard))
    with pytest.raises(DealError):
        check_deal(6, Deal(deal.hands, deal.network[:5], deal.discard))


def test_r5_thirteen_player_deal_with_the_tables_68_cards_is_refused() -> None:
    deal = make_deal(13)
    with pytest.raises(DealError):
        check_deal(13, Deal(deal.hands, deal.network, (*deal.discard, "10H", "10S")))


def test_deal_from_dict_checks_names_colours_and_deck() -> None:
    deal = make_deal(5)
    assert Deal.from_dict(5, deal.to_dict()) == deal
    data = deal.to_dict()
    data["network"][0] = "green"
    with pytest.raises(DealError):
        Deal.from_dict(5, data)
    data = deal.to_dict()
    data["hands"][0][0] = "1H"
    with pytest.raises(DealError):
        Deal.from_dict(5, data)


# ---------------------------------------------------------------- R3 names, colours, ranks


@pytest.mark.parametrize(
    ("card", "colour"),
    [("10H", "red"), ("QD", "red"), ("AS", "black"), ("2C", "black"), ("RJ", "red"), ("BJ", "black"),
     ("NJ", None)],
)
def test_r3_card_colours_hearts_diamonds_red_spades_clubs_black(card: str, colour: str | None) -> None:
    assert color_of(card) == colour


@pytest.mark.parametrize("name", ["10H", "QS", "AC", "2D", "JH", "KC", "RJ", "BJ", "NJ"])
def test_r3_card_names_rank_then_suit_are_known(name: str) -> None:
    assert is_card(name)


@pytest.mark.parametrize("name", ["H10", "1H", "11S", "TS", "10X", "XJ", "J", "", "10h", "qs", 10])
def test_r3_other_card_names_are_unknown(name: object) -> None:
    assert not is_card(name)
    with pytest.raises(ActionFormatError):
        Action.from_dict({"seat": 0, "act": "vote", "card": name})


def test_r3_rank_order_jokers_below_ace_below_two_up_to_king() -> None:
    order = ["RJ", "AS", "2H", "3S", "4H", "5S", "6H", "7S", "8H", "9S", "10H", "JS", "QH", "KS"]
    values = [rank_value(c) for c in order]
    assert values == sorted(values) and len(set(values[1:])) == len(values) - 1
    assert rank_value("RJ") == rank_value("BJ") == rank_value("NJ") < rank_value("AH")


def test_r4_equal_names_are_interchangeable_in_hand() -> None:
    # 12 players: seat 0 holds both 5H; placing "5H" leaves the other one in hand
    state = game(12, hands={0: ["5H", "5H", "2S", "3S", "4S"]}, members={0: "5H"})
    assert state.membership[0] == "5H"
    assert Counter(state.hands[0])["5H"] == 1
    state = act(state, 0, "vote", card="5H")
    assert state.vote_round is not None and state.vote_round.selected[0] == "5H"
