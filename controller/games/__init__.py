"""The games layer: one package per game, and what every game shares.

A game's package holds what only that game can say (its pure rules core, OLED screens, page parts and
players' rules page, and whatever it does its own way at the table, in its bots, replay file or
balance report) and exports one ``game.Game`` that describes it. The shared modules here are the shape
every game has (``shape.py``, explained in docs/dev-interfaces.md, "Adding a game"), the ``Game`` value
(``game.py``), the registry that finds games through their entry points (``registry.py``), the
defaults that fill in what a game leaves out (``rules.py``, ``table_adapter.py``, ``replay_frame.py``,
``balance_frame.py``), the driver that plays any game with bots (``driver.py``) and the pieces a
game's own code builds from (``common.py``).
"""
