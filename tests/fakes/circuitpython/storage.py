"""Fake CircuitPython `storage`: remember remounts."""

remounts = []


def remount(path, readonly=False, disable_concurrent_write_protection=False):
    remounts.append((path, readonly))
