#!/usr/bin/env python3
"""Generates the HEIF (HEIC), AVIF and WebP fixtures in Fixtures/codec/ from a synthetic pattern
and from Fixtures/astronaut.png (public domain, Fixtures/README.md).

Dev-time only (building and testing never run it). Needs Debian's encoders and Python's standard
library only:
    apt-get install -y libheif-examples webp
    python3 tools/make_heif_webp_fixtures.py

What it writes (FORMAT_NAME.EXT), and what the tests check on each:
  * heif_pattern.png: the 41 x 29 source (odd sides: libheif crops HEVC's padded picture with a
    `clap` box), written by the small PNG writer below;
  * heif_pattern.heic / avif_pattern.avif / webp_pattern.webp: the pattern through heif-enc and cwebp
    at quality 90 (lossy: the tests allow a small difference from the source);
  * heif_irotA.heic, heif_imirX.heic, heif_irot1_imir0.heic, avif_irot3.avif: heif_pattern.heic (or
    avif_pattern.avif) with an `irot` (rotation by A x 90 degrees anti-clockwise) and/or `imir`
    (mirroring; ISO/IEC 23008-12:2022 6.5.12: axis 0 exchanges top and bottom, 1 left and right)
    property added to the primary image by the box editor below. The coded picture is the same
    bytes, so the decode must equal the untransformed decode turned by the EXIF orientation the
    transform stands for (irot 1 = 8, irot 2 = 3, irot 3 = 6, imir 0 = 4, imir 1 = 2, irot 1 then
    imir 0 = 5).
  * heif_exif6.heic: heif-enc of codec/exif_orientation_6.jpg, which keeps that JPEG's Exif block
    (orientation 6) as an Exif item and no `irot`. HEIF leaves orientation to irot/imir (libheif's
    heif-convert shows it unturned), so the decode is NOT turned. heif_exif6_irot3.heic adds irot 3,
    as a phone that writes both does: turned once (orientation 6), never twice.
  * heif_alpha.heic: heif-enc of codec/png_rgba_8bit.png (alpha plane): composited over white,
    close to that PNG's reference.
  * heif_sps_16384.heic: heif_pattern.heic whose HEVC sequence parameter set (in hvcC) declares a
    16384 x 16384 picture while `ispe` still says 41 x 29: refused before decoding (the decoder
    would fill a picture of the SPS's size).
  * heif_10bit.heic: heif-enc -b 10 of codec/png_rgb_16bit.png (10-bit HEVC): reduced to 8 bits,
    close to that PNG's reference.
  * heif_collection.heic: two images (the pattern, then its negative); the first is the primary
    one: its decode is close to the pattern.
  * webp_lossless.webp, webp_alpha.webp: cwebp -lossless of heif_pattern.png and of
    codec/png_rgba_8bit.png: exact (the alpha one equals the PNG's decode over white).
  * webp_exif6.webp, webp_exif3.webp: webp_lossless.webp with an EXIF chunk (orientation 6 or 3;
    webpmux); webp_exif6_prefixed.webp: the chunk starting "Exif\\0\\0" as some writers make it.
  * webp_animated.webp: two lossless frames (the pattern, then its negative; img2webp): the first
    frame, with a warning.
  * astronaut.heic, astronaut.avif, astronaut.webp: Fixtures/astronaut.png at quality 50, for the
    command-line tests (one face).
The encoders' output depends on their versions (Debian 12: libheif 1.15.1 with x265 and aom,
libwebp 1.2.4); the tests compare decodes with each other and with the sources, never with
checksums, so a re-run with other versions keeps them valid.
"""
import os
import struct
import subprocess
import tempfile
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures")
CODEC = os.path.join(ROOT, "codec")


# ---------- the pattern, as PNG ----------

def pattern(w, h):
    """Rows of RGB triples: gradients, a white block top-left, a dark bar bottom-right (not symmetric)."""
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            pixel = (x * 255 // (w - 1), y * 255 // (h - 1), 255 - (x + y) * 255 // (w + h - 2))
            if h // 8 <= y < h // 8 + h // 4 and w // 8 <= x < w // 8 + w // 5:
                pixel = (255, 255, 255)
            if y >= h - h // 5 and w - w // 3 <= x < w - 1:
                pixel = (20, 30, 40)
            row.append(pixel)
        rows.append(row)
    return rows


def png_bytes(rows):
    """An 8-bit RGB PNG of `rows`."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    h, w = len(rows), len(rows[0])
    raw = b"".join(b"\0" + bytes(v for pixel in row for v in pixel) for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


# ---------- adding irot / imir to a HEIF file ----------

def boxes(data, start, end):
    """(type, start, size) of the boxes in data[start:end]."""
    result = []
    while start < end:
        size, kind = struct.unpack(">I4s", data[start:start + 8])
        assert size >= 8, "box sizes of 0 or 1 are not used by heif-enc"
        result.append((kind, start, size))
        start += size
    return result


def find(data, start, end, kind):
    return next(b for b in boxes(data, start, end) if b[0] == kind)


def with_transforms(data, transforms):
    """`data` (a heif-enc file: ftyp, meta, mdat) with `transforms` ([(b'irot', angle) or
    (b'imir', axis)], in order) added to ipco and associated with the primary item (essential)."""
    _, meta_start, meta_size = find(data, 0, len(data), b"meta")
    children = meta_start + 12  # meta is a full box
    _, pitm_start, _ = find(data, children, meta_start + meta_size, b"pitm")
    primary = struct.unpack(">H", data[pitm_start + 12:pitm_start + 14])[0]
    _, iprp_start, iprp_size = find(data, children, meta_start + meta_size, b"iprp")
    _, ipco_start, ipco_size = find(data, iprp_start + 8, iprp_start + iprp_size, b"ipco")
    _, ipma_start, ipma_size = find(data, iprp_start + 8, iprp_start + iprp_size, b"ipma")
    assert ipco_start < ipma_start
    properties = len(boxes(data, ipco_start + 8, ipco_start + ipco_size))
    new_properties = b"".join(struct.pack(">I4sB", 9, kind, value) for kind, value in transforms)

    # ipma: version 0, flags 0 (16-bit item ids, 1-byte associations) as heif-enc writes it.
    ipma = bytearray(data[ipma_start:ipma_start + ipma_size])
    version, flags = ipma[8], int.from_bytes(ipma[9:12], "big")
    assert version == 0 and flags & 1 == 0
    entries = struct.unpack(">I", ipma[12:16])[0]
    at = 16
    for _ in range(entries):
        item, count = struct.unpack(">HB", ipma[at:at + 3])
        if item == primary:
            added = bytes(0x80 | (properties + 1 + i) for i in range(len(transforms)))
            ipma[at + 2] = count + len(transforms)
            ipma[at + 3 + count:at + 3 + count] = added
            break
        at += 3 + count
    else:
        raise SystemExit("no ipma entry for the primary item")
    growth = len(new_properties) + len(transforms)
    ipma[0:4] = struct.pack(">I", ipma_size + len(transforms))

    out = bytearray(data)
    out[ipma_start:ipma_start + ipma_size] = ipma
    out[ipco_start + ipco_size:ipco_start + ipco_size] = new_properties
    for start in (ipco_start, iprp_start, meta_start):
        size = struct.unpack(">I", out[start:start + 4])[0]
        grown = size + (len(new_properties) if start == ipco_start else growth)
        out[start:start + 4] = struct.pack(">I", grown)
    shift_iloc(out, meta_start + 12, meta_start + meta_size + growth, growth)
    return bytes(out)


def shift_iloc(data, start, end, shift):
    """Adds `shift` to every file offset in the iloc box (construction method 0: the data moved)."""
    _, iloc_start, _ = find(data, start, end, b"iloc")
    version = data[iloc_start + 8]
    at = iloc_start + 12
    offset_size, length_size = data[at] >> 4, data[at] & 15
    base_size, index_size = data[at + 1] >> 4, (data[at + 1] & 15 if version in (1, 2) else 0)
    at += 2
    count_size = 2 if version < 2 else 4
    count = int.from_bytes(data[at:at + count_size], "big")
    at += count_size

    def field(size):
        nonlocal at
        value = int.from_bytes(data[at:at + size], "big") if size else 0
        at += size
        return value

    for _ in range(count):
        field(2 if version < 2 else 4)  # item id
        method = field(2) & 15 if version in (1, 2) else 0
        field(2)  # data reference index
        base_at = at
        base = field(base_size)
        extents = field(2)
        for _ in range(extents):
            field(index_size)
            offset_at = at
            offset = field(offset_size)
            field(length_size)
            if method == 0 and base_size == 0:
                data[offset_at:offset_at + offset_size] = (offset + shift).to_bytes(offset_size, "big")
        if method == 0 and base_size:
            data[base_at:base_at + base_size] = (base + shift).to_bytes(base_size, "big")


# ---------- rewriting the picture size of an HEVC SPS ----------

def unescape(payload):
    """A NAL payload's RBSP: each 0x03 after two zero bytes dropped."""
    out, zeros = bytearray(), 0
    for byte in payload:
        if zeros >= 2 and byte == 3:
            zeros = 0
            continue
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


def escape(rbsp):
    """An RBSP with emulation prevention bytes put back."""
    out, zeros = bytearray(), 0
    for byte in rbsp:
        if zeros >= 2 and byte <= 3:
            out.append(3)
            zeros = 0
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


def exp_golomb(value):
    value += 1
    return "0" * (value.bit_length() - 1) + format(value, "b")


def sps_with_size(nal, width, height):
    """An SPS NAL unit (no sub-layers) with pic_width/height_in_luma_samples replaced."""
    bits = "".join(f"{byte:08b}" for byte in unescape(nal[2:]))
    at = 4 + 3 + 1 + 96  # VPS id, sub-layers (0), nesting flag, profile_tier_level

    def ue():
        nonlocal at
        zeros = bits.index("1", at) - at
        value = (1 << zeros) - 1 + (int(bits[at + zeros + 1:at + 2 * zeros + 1], 2) if zeros else 0)
        at += 2 * zeros + 1
        return value

    assert bits[4:7] == "000"
    ue()
    if ue() == 3:
        at += 1
    start = at
    ue(), ue()
    rest = bits[at:].rstrip("0")[:-1]  # without the RBSP stop bit and its alignment
    out = bits[:start] + exp_golomb(width) + exp_golomb(height) + rest + "1"
    out += "0" * (-len(out) % 8)
    return nal[:2] + escape(bytes(int(out[i:i + 8], 2) for i in range(0, len(out), 8)))


def with_sps_size(data, width, height):
    """`data` (a heif-enc file) whose hvcC SPS declares width x height; the boxes around it and the
    iloc offsets follow its new length."""
    data = bytearray(data)
    at = data.find(b"hvcC") - 4
    size = struct.unpack(">I", data[at:at + 4])[0]
    body = data[at + 8:at + size]
    new, offset = bytearray(body[:23]), 23
    for _ in range(body[22]):
        kind, count = body[offset], struct.unpack(">H", body[offset + 1:offset + 3])[0]
        new += body[offset:offset + 3]
        offset += 3
        for _ in range(count):
            length = struct.unpack(">H", body[offset:offset + 2])[0]
            nal = bytes(body[offset + 2:offset + 2 + length])
            offset += 2 + length
            if kind & 0x3F == 33:
                nal = sps_with_size(nal, width, height)
            new += struct.pack(">H", len(nal)) + nal
    growth = len(new) - len(body)
    data[at + 8:at + size] = new
    data[at:at + 4] = struct.pack(">I", size + growth)
    for kind in (b"ipco", b"iprp", b"meta"):
        start = data.find(kind) - 4
        data[start:start + 4] = struct.pack(">I", struct.unpack(">I", data[start:start + 4])[0] + growth)
    _, meta_start, meta_size = find(bytes(data), 0, len(data), b"meta")
    shift_iloc(data, meta_start + 12, meta_start + meta_size, growth)
    return bytes(data)


# ---------- the fixtures ----------

def run(*command):
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def write(name, data):
    with open(os.path.join(CODEC, name), "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def main():
    with tempfile.TemporaryDirectory() as scratch:
        def tmp(name):
            return os.path.join(scratch, name)

        source = os.path.join(CODEC, "heif_pattern.png")
        rows = pattern(41, 29)
        write("heif_pattern.png", png_bytes(rows))
        negative = [[tuple(255 - v for v in pixel) for pixel in row] for row in rows]
        with open(tmp("negative.png"), "wb") as f:
            f.write(png_bytes(negative))

        run("heif-enc", "-q", "90", "-o", os.path.join(CODEC, "heif_pattern.heic"), source)
        run("heif-enc", "-A", "-q", "90", "-o", os.path.join(CODEC, "avif_pattern.avif"), source)
        heic = read(os.path.join(CODEC, "heif_pattern.heic"))
        for name, transforms in [("heif_irot1", [(b"irot", 1)]), ("heif_irot2", [(b"irot", 2)]),
                                 ("heif_irot3", [(b"irot", 3)]), ("heif_imir0", [(b"imir", 0)]),
                                 ("heif_imir1", [(b"imir", 1)]),
                                 ("heif_irot1_imir0", [(b"irot", 1), (b"imir", 0)])]:
            write(name + ".heic", with_transforms(heic, transforms))
        avif = read(os.path.join(CODEC, "avif_pattern.avif"))
        write("avif_irot3.avif", with_transforms(avif, [(b"irot", 3)]))

        run("heif-enc", "-q", "90", "-o", os.path.join(CODEC, "heif_exif6.heic"),
            os.path.join(CODEC, "exif_orientation_6.jpg"))
        write("heif_exif6_irot3.heic", with_transforms(read(os.path.join(CODEC, "heif_exif6.heic")),
                                                      [(b"irot", 3)]))
        run("heif-enc", "-q", "90", "-o", os.path.join(CODEC, "heif_alpha.heic"),
            os.path.join(CODEC, "png_rgba_8bit.png"))
        write("heif_sps_16384.heic", with_sps_size(heic, 16384, 16384))
        run("heif-enc", "-q", "90", "-b", "10", "-o", os.path.join(CODEC, "heif_10bit.heic"),
            os.path.join(CODEC, "png_rgb_16bit.png"))
        run("heif-enc", "-q", "90", "-o", os.path.join(CODEC, "heif_collection.heic"), source, tmp("negative.png"))

        run("cwebp", "-quiet", "-q", "90", source, "-o", os.path.join(CODEC, "webp_pattern.webp"))
        lossless = os.path.join(CODEC, "webp_lossless.webp")
        run("cwebp", "-quiet", "-lossless", source, "-o", lossless)
        run("cwebp", "-quiet", "-lossless", "-exact", os.path.join(CODEC, "png_rgba_8bit.png"),
            "-o", os.path.join(CODEC, "webp_alpha.webp"))
        for orientation, big_endian, prefixed, name in [(6, False, False, "webp_exif6"),
                                                        (3, True, False, "webp_exif3"),
                                                        (6, False, True, "webp_exif6_prefixed")]:
            with open(tmp("exif"), "wb") as f:
                f.write((b"Exif\0\0" if prefixed else b"") + tiff(orientation, big_endian))
            run("webpmux", "-set", "exif", tmp("exif"), lossless, "-o", os.path.join(CODEC, name + ".webp"))
        run("img2webp", "-lossless", "-d", "500", source, tmp("negative.png"),
            "-o", os.path.join(CODEC, "webp_animated.webp"))

        astronaut = os.path.join(ROOT, "astronaut.png")
        run("heif-enc", "-q", "50", "-o", os.path.join(CODEC, "astronaut.heic"), astronaut)
        run("heif-enc", "-A", "-q", "50", "-o", os.path.join(CODEC, "astronaut.avif"), astronaut)
        run("cwebp", "-quiet", "-q", "50", astronaut, "-o", os.path.join(CODEC, "astronaut.webp"))


def tiff(orientation, big_endian):
    """A TIFF structure whose IFD0 holds only the Orientation tag."""
    e = ">" if big_endian else "<"
    return ((b"MM" if big_endian else b"II") + struct.pack(e + "HI", 42, 8) + struct.pack(e + "H", 1)
            + struct.pack(e + "HHIHH", 0x0112, 3, 1, orientation, 0) + struct.pack(e + "I", 0))


if __name__ == "__main__":
    main()
