#!/usr/bin/env python3
"""Writes the decompression bombs and other hostile inputs of docs/reliability.md to a folder.

    tools/hostile_inputs.py OUTDIR

Nothing here is committed as a fixture: the files are made from `Fixtures/codec` and zlib, so
that the large ones (a PNG whose IDAT inflates to gigabytes) do not sit in the repository.
`tools/hostile_check.sh` runs the tool on each and reports its status, time and peak RSS.
"""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, raw_bytes, chunk_size=1 << 20):
    """An 8-bit RGB PNG of width x height whose IDAT inflates to raw_bytes zero bytes."""
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    compressor = zlib.compressobj(9)
    zeros = bytes(chunk_size)
    data = bytearray()
    left = raw_bytes
    while left > 0:
        data += compressor.compress(zeros[: min(left, chunk_size)])
        left -= chunk_size
    data += compressor.flush()
    return out + chunk(b"IDAT", bytes(data)) + chunk(b"IEND", b"")


def repeated_last_scan(jpeg, copies):
    """`jpeg` (progressive) with its last scan repeated `copies` more times before EOI."""
    eoi = len(jpeg) - 2
    assert jpeg[eoi:] == b"\xff\xd9"
    last = jpeg.rindex(b"\xff\xda", 0, eoi)
    return jpeg[:eoi] + jpeg[last:eoi] * copies + b"\xff\xd9"


def with_ispe(heif, width, height):
    """`heif` with every `ispe` box (an image's declared size) saying width x height."""
    data = bytearray(heif)
    at = data.find(b"ispe")
    while at >= 0:
        data[at + 8: at + 16] = struct.pack(">II", width, height)  # after the full box's version and flags
        at = data.find(b"ispe", at + 4)
    return bytes(data)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    codec = os.path.join(ROOT, "Fixtures", "codec")

    def write(name, data):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")

    # Headers that declare more than the limits: refused from the header alone.
    for name in ["huge_sof.jpg", "huge_ihdr.png"]:
        with open(os.path.join(codec, "bad", name), "rb") as f:
            write(name, f.read())
    # 30000 x 30000 declared (900 MP, above the 100 MP budget), IDAT inflating to 2.7 GB.
    write("idat_bomb_900mp.png", png(30000, 30000, 30000 * (1 + 3 * 30000)))
    # 100 x 100 declared, IDAT inflating to 1 GiB: libpng must stop after the image's rows.
    write("idat_overflow.png", png(100, 100, 1 << 30))
    # Exactly at the default budget: 10000 x 10000 (100 MP), accepted and decoded (300 MB of RGB).
    write("at_limit_100mp.png", png(10000, 10000, 10000 * (1 + 3 * 10000)))
    # A progressive JPEG with 5000 scans: refused (more than 1000 scans).
    with open(os.path.join(codec, "jpeg_progressive.jpg"), "rb") as f:
        write("scans_5000.jpg", repeated_last_scan(f.read(), 5000))
    # HEIF (HEIC), AVIF and WebP, from the committed astronaut copies: cut in half, cut inside the
    # header, empty, and headers that lie about the size (refused before any pixel is decoded).
    for name in ["astronaut.heic", "astronaut.avif", "astronaut.webp"]:
        with open(os.path.join(codec, name), "rb") as f:
            data = f.read()
        stem, extension = name.split(".")
        write(f"{stem}_half.{extension}", data[: len(data) // 2])
        write(f"{stem}_header_cut.{extension}", data[:200])
        write(f"{stem}_empty.{extension}", b"")
        if extension == "webp":
            # The VP8 key frame's 14-bit width and height, both 16383 (268 MP): the frame data stays 512 x 512.
            frame = data.index(b"\x9d\x01\x2a")
            lying = bytearray(data)
            lying[frame + 3: frame + 7] = struct.pack("<HH", 16383, 16383)
            write("astronaut_vp8_16383.webp", bytes(lying))
        else:
            for width, label in [(100000, "100000"), (30000, "30000")]:
                write(f"{stem}_ispe_{label}.{extension}", with_ispe(data, width, width))
    # An animation's canvas (VP8X) declared 16384 x 16384 around 41 x 29 frames.
    with open(os.path.join(codec, "webp_animated.webp"), "rb") as f:
        lying = bytearray(f.read())
    lying[24:27] = (16383).to_bytes(3, "little")
    lying[27:30] = (16383).to_bytes(3, "little")
    write("animated_canvas_16384.webp", bytes(lying))
    # 999 scans of a flat 8000 x 8000 image (470 KB): below the scan count limit, refused by the
    # scans x pixels limit (it took 50 s to decode without it). Needs a C compiler and libjpeg.
    compiler = shutil.which("cc") or shutil.which("clang")
    if compiler:
        with tempfile.TemporaryDirectory() as scratch:
            tool = os.path.join(scratch, "make_flat_progressive_jpeg")
            source = os.path.join(ROOT, "tools", "make_flat_progressive_jpeg.c")
            subprocess.run([compiler, "-O2", "-o", tool, source, "-ljpeg"], check=True)
            flat = subprocess.run([tool, "8000", "8000"], check=True, capture_output=True).stdout
        write("scans_999_8000px.jpg", repeated_last_scan(flat, 989))
    else:
        print("no C compiler: scans_999_8000px.jpg not made", file=sys.stderr)


if __name__ == "__main__":
    main()
