"""Fake CircuitPython `board`: pin objects D0-D30, A0-A5, GP0-GP29, NEOPIXEL."""

board_id = "fake_feather"


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


_g = globals()
for _i in range(31):
    _g["D%d" % _i] = Pin("D%d" % _i)
for _i in range(30):
    _g["GP%d" % _i] = Pin("GP%d" % _i)
for _i in range(6):
    _g["A%d" % _i] = Pin("A%d" % _i)
NEOPIXEL = Pin("NEOPIXEL")
