"""Which games the firmware can show: an engine plus a screens module."""

from engines_core import registry


def ui_class(name):
    """The `UI` class of firmware/<name>_screens.py (ImportError if missing)."""
    mod = __import__("firmware." + name + "_screens")
    return getattr(getattr(mod, name + "_screens"), "UI")


def playable():
    """Names of games with both an engine and screens on this build."""
    return [n for n in registry.available() if registry.probe("firmware." + n + "_screens")]
