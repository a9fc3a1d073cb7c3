"""The device fan-out: table snapshots become the pads' lights and the OLED's frames.

It stands between the table and the devices: it reads the table's published
:class:`~controller.table.Snapshot` and asks the game dealt (through the games' registry, by the
snapshot's game name) what its pads' lights, pad rounds and screens are; the devices it feeds know
buttons and pixels only. Nothing but ``run`` depends on it.

- :mod:`controller.fanout.feeder`: the feeder thread (:class:`~controller.fanout.feeder.DeviceFeeder`)
  and the OLED as the web app sees it (:class:`~controller.fanout.feeder.LateDisplay`).
- :mod:`controller.fanout.opening`: opening the pads and the OLED the box was asked for.
- :mod:`controller.fanout.lights`: the pads' lights and their rounds of presses.
- :mod:`controller.fanout.moments`: when the OLED shows a game's "everyone look" moment, and the clock.
"""
