"""The desktop simulator: the same HAL as the device, on a PC.

- a pygame-ce window drawing round glowing LEDs (`simulator.window`),
- a terminal renderer with 24-bit colour half blocks (`simulator.terminal`),
- a headless mode: computer-only games as JSON, or the firmware driven by a
  script of button presses, saving frames as PNG (`simulator.headless`).
"""
