"""The web app of a box that shows one record file (``jaccuse-table run --record FILE``): the retelling
page and the records of the HTTP contract for that one game, nothing else.

No table runs: nothing is dealt, no seat can be taken, no journal is opened, and no request changes
anything, so the app has no host key and no live stream. The page steps through the file on its own
(arrow keys, its buttons), drawn by the game's own table part as the table page's retelling is
(``static/retell.js``), and a reload keeps the step (it is in the address).
"""

from __future__ import annotations

from flask import Flask, Response, render_template

from controller.games.registry import game
from controller.table.records import RecordFile
from web import MAX_BODY, _serve_game_files, api, guards, i18n, pages, records
from web.guards import BoxNames
from web.page_base import game_page, html


def create_record_app(source: RecordFile, names: BoxNames | None = None) -> Flask:
    """The app showing ``source``; ``names`` are the names and addresses it answers to (web.guards)."""
    app = Flask(__name__, static_folder=None)
    _serve_game_files(app)
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, JSON_SORT_KEYS=False, JACCUSE_HOST_KEY=None)
    guards.install(app, names if names is not None else BoxNames())
    i18n.install(app)  # the page in its viewer's language, as a phone's is
    records.serve(app, source)
    name = source.replayed.kept.game
    page = game_page(name)

    @app.get("/")
    def retelling() -> Response:
        return html(render_template("retell.html", game=page, game_title=game(name).title,
                                          preload=pages.preloads(name, "table")))

    app.add_url_rule("/rules", "rules", lambda: pages.rules_page(name))
    app.add_url_rule("/rules/<name>", "rules_of", pages.rules_page)
    app.add_url_rule("/favicon.ico", "favicon", pages.favicon)
    api.register_error_handlers(app)
    return app
