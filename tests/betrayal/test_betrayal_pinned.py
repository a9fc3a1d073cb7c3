"""Pinned Betrayal bot games: the same seed must keep giving the very same game, byte for byte.

Each digest covers the deal, every action, every event, the public view after every action, the
mover's private view before it, and the final summaries. A change to any of them, or to the order
in which the bots draw from the RNG, changes the digest: a change of the rules or the views that is
meant must re-pin them (run this file as a script to print the new tables), and say why.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import asdict
from typing import Any

import pytest

from controller.games.betrayal import (
    Accepted,
    Action,
    apply,
    deal_cards,
    new_game,
    next_bot_action,
    play_bot_game,
    public_view,
    replay_summary,
    seat_view,
)
from controller.games.betrayal.actions import ACTS
from controller.games.betrayal.balance import play_game
from controller.games.betrayal.cards import NAMES, SUITS


def _sha(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def game_digest(players: int, seed: int, twos_defend: bool = False) -> str:
    game = play_bot_game(players, seed, twos_defend=twos_defend)
    final = game.final
    return _sha({
        "deal": game.deal.to_dict(),
        "actions": [a.to_dict() for a in game.actions],
        "summary": replay_summary(final),
        "public": public_view(final),
        "seats": [seat_view(final, s) for s in range(final.players)],
    })


def walk_digest(players: int, seed: int) -> str:
    """Every step of a bot game: the mover's view before, the action, the events, the view after."""
    rng = random.Random(seed)
    state = new_game(deal_cards(players, rng))
    steps: list[Any] = []
    while not state.over:
        action = next_bot_action(state, rng)
        assert action is not None
        before = seat_view(state, state.army_seats[action.army])
        result = apply(state, action)
        assert isinstance(result, Accepted)
        steps.append([before, action.to_dict(), list(result.events), public_view(result.state)])
        state = result.state
    return _sha(steps)


def fuzz_digest(players: int, seed: int, tries: int = 6) -> str:
    """Random, mostly illegal, actions at every step of a bot game: what is refused, and how."""
    rng = random.Random(seed)
    fuzz = random.Random(seed + 1)
    state = new_game(deal_cards(players, rng))
    out: list[Any] = []

    def place() -> tuple[int, int]:
        return (fuzz.randrange(-1, state.armies + 1), fuzz.randrange(-1, 15))

    while not state.over:
        for _ in range(tries):
            action = Action(
                fuzz.randrange(-1, state.armies + 1),
                fuzz.choice(ACTS),
                red=tuple(fuzz.choice(NAMES) for _ in range(fuzz.randrange(0, 7))) if fuzz.random() < 0.5
                else None,
                suits=tuple(fuzz.choice(SUITS) for _ in range(fuzz.randrange(0, 4))) if fuzz.random() < 0.5
                else None,
                card=fuzz.randrange(-1, 15),
                target=place(),
                at=fuzz.randrange(-1, 15),
                cards=tuple(place() for _ in range(fuzz.randrange(0, 4))),
            )
            result = apply(state, action)
            if isinstance(result, Accepted):
                out.append([list(result.events), replay_summary(result.state)])
            else:
                out.append(result.to_dict())
        action = next_bot_action(state, rng)
        assert action is not None
        result = apply(state, action)
        assert isinstance(result, Accepted)
        state = result.state
    return _sha(out)


GAMES: dict[tuple[int, int, bool], str] = {
    (2, 0, False): '734bf993e679e88c21ad6562ab16b5901cea5f4f745bc466ec4313aae17857e8',
    (2, 1, False): '1e79242d5db79fe9a1dcf18745d4881357f2bb00f066bd5115c252e91976a48b',
    (2, 12345, False): 'bc152bcf80d650c1caa39960b8147b51df9f834bf1077fc1a5627159b99cce4a',
    (3, 0, False): '93626aa6d50b9e9716881d81ffd11e9a284479549dcd6605ffdcb17a1eb4ad87',
    (3, 1, False): '596db77acc3b34763f8a80049bcdf9492a55b95a97409eaa6d820022f0695633',
    (3, 12345, False): '33c77a622bb538e92a126620426fd8830ea21292433cded3eec9fe4beeeba661',
    (4, 0, False): '3c5176fb3d215778f0d3ec4bb8bdf9842fdfc619819848af80cc1fb85eac1667',
    (4, 1, False): '675cfb9e2052f7a80aabc4bef5a8fbb0d421f3d36f2fd078a8cdcfbd820fd19b',
    (4, 12345, False): '32e264863ddf7503850779217028298e2a7f3843ac550a764cbfce251bf2704c',
    (5, 0, False): '96a2aecd40d72374e8da15cad106551d634a2284d7c759c50942d83aaca5648c',
    (5, 1, False): '38ba3bed6331130552b22a9d6c90b1b2b459598bce5ad106aa8371cd7a795725',
    (5, 12345, False): '6c89cb22433a145508b39de321b92c0750aebbf2c6552f65717b907eb957dc33',
    (6, 0, False): '2726e76fa403fd172d142260c75e9214ea3e0d0a17a9f042e7731cd93de07b57',
    (6, 1, False): '7b463cf5b79b7b9da9197cd434be6549f84c158fc410c88d5da7756249763a4e',
    (6, 12345, False): '4f54d4d238f109ce449ba306234b3e843845182116be8954e193720ac11d4526',
    (7, 0, False): '32976a4c706f5a25475473915f7ac4ead6760c4837836c6bdcdde3e24eb3c105',
    (7, 1, False): '6dfc38b57f80b9f1dcf90a0aa3179fad8559f011560e81f9ed8895c6fa8a7c9e',
    (7, 12345, False): 'fa66472d12b7c80b21a06f7864c9c6809ebd550175b49200a6be8956a24ecc8e',
    (8, 0, False): 'c8c1bd3551c41316c8b50ec1cd568416a0824b4612c378d91ddbb98292e9b95b',
    (8, 1, False): '8a8232426b3315ebbe83227096d3c5cb1838d0e50337d1c0d9888bb7e74754fa',
    (8, 12345, False): '75124dd30e5b4215fc0d3a33d8cf2c3d87d11bed4dc80ba614f84897ad512cdd',
    (2, 7, True): 'a5e42130cf098abbcaccd8233d7512d72cc53d4ef80ae8143694805c24d05866',
    (5, 7, True): 'f3a0405faffbd00627a4e815ea7d449d2d53fef2f7ac4fb4ce47e5de08904da0',
    (8, 7, True): '1ae153496b50aa48adaad87b2f9ed5b3b2935dac8c6854dfc21796aedd34751b',
}
WALKS: dict[tuple[int, int], str] = {
    (2, 1): '2bbb53eeb2a19886cb007af6929f8eee07b46f34804f9f46956a8abb8cf36199',
    (3, 2): '88e5274de86e32c2ee615b2c2b6383a0f79d8089d5ffa453d0a413af52a477fa',
    (5, 3): 'fb188ef843c6321a88ca19a8b42b83f44c9679d968f1a578e9468c96c5c21cd6',
    (8, 4): '2d2c7ccac0a7c3be2ebd62ec80736e3da5832230ce8090df1d7fa00e4ee3bb1f',
}
FUZZED: dict[tuple[int, int], str] = {
    (2, 21): '260fbff22652df62ca36b9e27dc0cf72f0bee57e03fb86cd6b792d52c7b99867',
    (4, 22): 'e4755d3ee8257d2409b9a958059c40247eb458b3e0c3458edaa7da3e2b28032f',
    (5, 23): '0f6b4c2db36ddbfed1aea8ce90a565fa3f2c90922ad260280095cb4526ffe1dc',
    (8, 24): '5810ea193ab1a4254eec8b3537fcbbc160701d3074993683348740007e16dca1',
}
SIMULATED: dict[tuple[int, int, str], str] = {
    (2, 11, 'random'): '2deca0ea43483661cebe53e246ee8239eb5ca7178b43e2c0c0a0018e27859ba7',
    (2, 11, 'sensible'): 'e3c20a4bce560c295337dc0e42a932715ff14d27b561f52d337f43d538d4e3b2',
    (5, 12, 'random'): 'ec36d17716837a80c01cf4149fce0277d6a8a6ca68c1bb7ae59c75fb0a5d3aa3',
    (5, 12, 'sensible'): '96877bbe080617774b1efcda5bb5b8b0074bdb6f082b77caa31218aecdac6bd4',
    (8, 13, 'random'): '4c7994c29234bd72a57510b038ac98c179fe2b2fd4beca3e1fc4cce855a75be9',
    (8, 13, 'sensible'): 'bcf8624b57a1e31942e8a7724e61d7ff8f3fdf2f5aba52f942ec1156ae059d39',
}


@pytest.mark.parametrize(("players", "seed", "twos"), sorted(GAMES))
def test_bot_game_is_unchanged(players: int, seed: int, twos: bool) -> None:
    assert game_digest(players, seed, twos) == GAMES[(players, seed, twos)]


@pytest.mark.parametrize(("players", "seed"), sorted(WALKS))
def test_every_step_is_unchanged(players: int, seed: int) -> None:
    assert walk_digest(players, seed) == WALKS[(players, seed)]


@pytest.mark.parametrize(("players", "seed"), sorted(FUZZED))
def test_refusals_are_unchanged(players: int, seed: int) -> None:
    assert fuzz_digest(players, seed) == FUZZED[(players, seed)]


@pytest.mark.parametrize(("players", "seed", "policy"), sorted(SIMULATED))
def test_simulated_game_is_unchanged(players: int, seed: int, policy: str) -> None:
    assert _sha(_pinned_stats(players, seed, policy)) == SIMULATED[(players, seed, policy)]


def _pinned_stats(players: int, seed: int, policy: str) -> dict[str, object]:
    """A simulated game's figures, without ``winners`` (added after the digests were pinned)."""
    stats = asdict(play_game(players, seed, policy))
    del stats["winners"]
    return stats


def _print_pins() -> None:
    """The tables above, recomputed (``python tests/betrayal/test_betrayal_pinned.py``)."""
    games = {(p, s, False): game_digest(p, s) for p in range(2, 9) for s in (0, 1, 12345)}
    games.update({(p, 7, True): game_digest(p, 7, True) for p in (2, 5, 8)})
    print("GAMES =", games)
    print("WALKS =", {(p, s): walk_digest(p, s) for p, s in ((2, 1), (3, 2), (5, 3), (8, 4))})
    print("FUZZED =", {(p, s): fuzz_digest(p, s) for p, s in ((2, 21), (4, 22), (5, 23), (8, 24))})
    print("SIMULATED =", {(p, s, pol): _sha(_pinned_stats(p, s, pol))
                          for p, s in ((2, 11), (5, 12), (8, 13)) for pol in ("random", "sensible")})


if __name__ == "__main__":
    _print_pins()
