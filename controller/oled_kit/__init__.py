"""The OLED drawing kit that the games' screens and the devices' display both use.

``model.py`` holds what a frame depends on (``DisplayModel``: the table's view and the box's moments);
``draw.py`` the panel's size, its bitmap fonts (in ``fonts/``) and the pen's helpers (centred and fitted
text, a header bar, seat names); ``box_screens.py`` the screens every game shares (a fault, the start
screen with its QR code), which win over a game's own, and the plain screen of a game that draws none.
A game's renderer is a function from ``DisplayModel`` to a 128x64 1-bit image built from these; the
devices layer only shows what it is handed.
"""
