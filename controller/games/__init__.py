"""The games layer: one package per game, and what every game shares.

A game's package holds everything that game is (its pure rules core, table adapter, bots, replay reader,
balance report, OLED screens, page parts and players' rules page) and exports one ``game.Game`` that
describes it. The shared modules here are the shape every game has (``shape.py``, explained in
docs/dev-interfaces.md, "Adding a game"), the ``Game`` value (``game.py``), the registry that finds
games through their entry points (``registry.py``) and the driver that plays any game (``driver.py``).
"""
