"""The box's own words for the second edition: the rules page (/rules/hasty, from rules.md) explains
every advanced and expert card and every suspect's power, and the phone's one-screen how-to names what
the second edition changes at the table."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from controller.games.hasty.cards import ALL_CARDS, POWERS, SUSPECTS
from controller.table import Table, TableConfig
from web import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[FlaskClient]:
    t = Table.open(TableConfig(data_dir=tmp_path, players=4, game="hasty", seed=3,
                               options=("sets=base,advanced,expert", "powers")))
    t.start()
    yield create_app(t, host_key="k" * 43, public_base="http://192.168.4.1:8000").test_client()
    t.stop()


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_rules_page_explains_every_new_card_and_power(client: FlaskClient) -> None:
    page = client.get("/rules/hasty")
    assert page.status_code == 200
    text = _text(page.get_data(as_text=True))
    for card in ALL_CARDS:
        if card.set == "base":
            continue
        # the card's name, and a sentence of its own after it (not only a mention in a list)
        said = re.search(re.escape(card.title) + r"[^.]*?[.:][^.]{20,}", text)
        assert said, f"the rules page does not explain {card.title} ({card.set})"
    # each suspect's power, in the page's part on the Suspect Powers (from its heading to the next part)
    powers = text[text.rindex("Suspect Powers"):text.index("Winning", text.rindex("Suspect Powers"))]
    assert len(POWERS) == len(SUSPECTS)
    for suspect in SUSPECTS:
        said = re.search(re.escape(suspect) + r"[^.]{20,}", powers)
        assert said, f"the rules page's Suspect Powers do not explain {suspect}'s power"
    for heading in ("The advanced set", "The expert set", "Madame Rose", "Doctor White"):
        assert heading in text, heading


def test_the_phone_how_to_names_the_second_edition(client: FlaskClient) -> None:
    page = client.get("/seat/0").get_data(as_text=True)
    howto = re.search(r'<details class="panel howto" id="howto-hasty">(.*?)</details>', page, re.S)
    assert howto is not None
    words = _text(howto.group(1))
    for what in ("Second edition", "Poison", "Armor", "Dying Breath", "Sniper", "Suspect Powers"):
        assert what in words, what
    assert 'href="/rules/hasty"' in howto.group(1)
