"""Developer tools: tests, simulator launch, MicroPython runner, build, flash, bench."""
