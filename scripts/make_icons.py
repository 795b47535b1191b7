"""Draw the app icons with the standard library only (no Pillow): a card with a crescent moon.

    python3 scripts/make_icons.py        # writes static/icons/icon.svg, icon-192.png, icon-512.png

The PNGs are committed; rerun this only to change the design.  The drawing is
full-bleed (a maskable icon) with everything inside the central safe circle
of radius 40% that launchers may crop to.  Shapes are sampled 4x4 per pixel
for smooth edges; the output is byte-for-byte deterministic.
"""

from __future__ import annotations

import pathlib
import struct
import sys
import zlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "icons"
SIZES = (192, 512)
SAMPLES = 4

BACKGROUND = (0x4B, 0x3B, 0x2A)
CARD = (0xF7, 0xF1, 0xE3)
MOON = (0x4B, 0x5D, 0x8A)

# Geometry in the unit square (y down).
CARD_BOX = (0.29, 0.20, 0.71, 0.80)        # x0, y0, x1, y1
CARD_RADIUS = 0.05
MOON_OUTER = (0.50, 0.48, 0.15)            # cx, cy, r
MOON_INNER = (0.565, 0.43, 0.13)           # the bite taken out of it


def in_card(x: float, y: float) -> bool:
    x0, y0, x1, y1 = CARD_BOX
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    r = CARD_RADIUS
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def in_circle(x: float, y: float, c: tuple[float, float, float]) -> bool:
    return (x - c[0]) ** 2 + (y - c[1]) ** 2 <= c[2] ** 2


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    if in_circle(x, y, MOON_OUTER) and not in_circle(x, y, MOON_INNER):
        return MOON
    return CARD if in_card(x, y) else BACKGROUND


def pixels(size: int) -> bytes:
    """Raw RGB rows, each preceded by PNG filter byte 0."""
    out = bytearray()
    n = SAMPLES
    offsets = [(i + 0.5) / n for i in range(n)]
    for py in range(size):
        out.append(0)
        for px in range(size):
            r = g = b = 0
            for oy in offsets:
                for ox in offsets:
                    c = colour_at((px + ox) / size, (py + oy) / size)
                    r += c[0]
                    g += c[1]
                    b += c[2]
            k = n * n
            out += bytes(((r + k // 2) // k, (g + k // 2) // k, (b + k // 2) // k))
    return bytes(out)


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(size: int) -> bytes:
    """An 8-bit RGB PNG of the icon."""
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(pixels(size), 9)) + chunk(b"IEND", b""))


def svg() -> str:
    """The same drawing as SVG (for browsers that take SVG icons)."""
    def hx(c: tuple[int, int, int]) -> str:
        return "#%02x%02x%02x" % c

    x0, y0, x1, y1 = (v * 512 for v in CARD_BOX)
    ox, oy, orad = (v * 512 for v in MOON_OUTER)
    ix, iy, irad = (v * 512 for v in MOON_INNER)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
        f'<rect width="512" height="512" fill="{hx(BACKGROUND)}"/>'
        f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" rx="{CARD_RADIUS * 512:g}" '
        f'fill="{hx(CARD)}"/>'
        '<mask id="bite"><rect width="512" height="512" fill="#fff"/>'
        f'<circle cx="{ix:g}" cy="{iy:g}" r="{irad:g}" fill="#000"/></mask>'
        f'<circle cx="{ox:g}" cy="{oy:g}" r="{orad:g}" fill="{hx(MOON)}" mask="url(#bite)"/>'
        "</svg>\n")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg())
    for size in SIZES:
        (OUT / f"icon-{size}.png").write_bytes(png(size))
    print(f"wrote {OUT.relative_to(ROOT)}: icon.svg, " + ", ".join(f"icon-{s}.png" for s in SIZES))
    return 0


if __name__ == "__main__":
    sys.exit(main())
