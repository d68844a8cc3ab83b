"""Print the gamma table of hal/colour.py: round(255 * (v/255) ** 2.2)."""


def table(g=2.2):
    return [int(255 * ((i / 255) ** g) + 0.5) for i in range(256)]


if __name__ == "__main__":
    import argparse
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    vals = table()
    for i in range(0, 256, 16):
        print('    b"' + "".join("\\x%02x" % v for v in vals[i:i + 16]) + '"')
