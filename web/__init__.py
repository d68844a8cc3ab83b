"""The web page: the device's firmware in MicroPython's WebAssembly port, in
a browser (index.html, page.js, page.py; built and served by tools/web.py)."""
