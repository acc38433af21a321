#!/usr/bin/env python3
"""Makes a large, redistributable test photo from Fixtures/grace_hopper.jpg (public domain).

Dev-time only; the result is not committed. Needs Pillow (any venv from PyPI):
    python3 -m venv /tmp/pillow-venv && /tmp/pillow-venv/bin/pip install pillow
    /tmp/pillow-venv/bin/python tools/make_large_photo.py /tmp/large.jpg [--width 4000]

Grace Hopper's 512 x 600 portrait is enlarged (Lanczos) to --width pixels across (4000 gives
4000 x 4687, the size of the phone photo in issue 11), then a fixed grain is added (a seeded
256 x 256 tile of uniform noise, +-6 per channel, tiled) so that the picture has the sensor noise of
a real photo: an enlarged picture alone is smooth and compresses far better than a camera's, which
would flatter PNG timings. Written as a baseline JPEG of quality 90, 4:2:0. Deterministic: the same
command writes the same file with the same Pillow.
"""
import argparse
import os
import random

from PIL import Image, ImageChops

FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "grace_hopper.jpg")


def grain(size, seed=11, amplitude=6, tile=256):
    """An RGB image of `size` holding 128 + uniform noise in [-amplitude, amplitude], tiled."""
    rng = random.Random(seed)
    values = bytes(128 + rng.randint(-amplitude, amplitude) for _ in range(tile * tile * 3))
    piece = Image.frombytes("RGB", (tile, tile), values)
    noise = Image.new("RGB", size)
    for y in range(0, size[1], tile):
        for x in range(0, size[0], tile):
            noise.paste(piece, (x, y))
    return noise


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", help="the JPEG to write, e.g. /tmp/large.jpg")
    parser.add_argument("--width", type=int, default=4000, help="width in pixels (default 4000)")
    args = parser.parse_args()
    source = Image.open(FIXTURE).convert("RGB")
    height = source.height * args.width // source.width
    large = source.resize((args.width, height), Image.LANCZOS)
    # (image + noise - 128), clipped: ImageChops.add(a, b, scale, offset) is (a + b) / scale + offset.
    large = ImageChops.add(large, grain(large.size), 1.0, -128)
    large.save(args.output, quality=90, subsampling="4:2:0")
    print(f"{args.output}: {large.width} x {large.height}")


if __name__ == "__main__":
    main()
