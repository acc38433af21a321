#!/usr/bin/env python3
"""Generates the small synthetic codec fixtures in Fixtures/codec/ and their reference pixels.

Dev-time only (building and testing never run it). Needs Pillow and numpy:
    ../peers-venv/bin/python tools/make_codec_fixtures.py

For every image fixture it writes NAME.ref.ppm: the REFERENCE decoder's pixels as binary PPM (P6,
8-bit RGB). The reference decoder is Pillow, with the project's documented conventions applied:
  * alpha (alpha channel or tRNS) is composited over WHITE: out = (c*a + 255*(255-a) + 127) // 255;
  * 16-bit samples become 8-bit by rounding: v8 = (v16*255 + 32767) // 65535. Pillow itself reduces
    16-bit colour to 8 bits by dropping the low byte, so for 16-bit files the reference is computed
    from the samples this script wrote, after checking that Pillow's decode agrees with them;
  * JPEG EXIF orientation is applied (PIL.ImageOps.exif_transpose).
manifest.txt lists "fixture reference max_abs_difference" per line (0 = exact) for the tests.
PNG files are written by the small PNG writer below (every colour type, bit depth, tRNS and Adam7
interlacing, which Pillow cannot all write); JPEG files by Pillow (bundled libjpeg-turbo).
"""
import io
import os
import struct
import subprocess
import tempfile
import zlib

import numpy as np
from PIL import Image, ImageOps

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "codec")
manifest = []


# ---------- helpers ----------

def picture(w, h):
    """A non-symmetric RGB test picture: gradients, a white square top-left, a dark bar bottom-right."""
    x = np.arange(w)[None, :].repeat(h, 0)
    y = np.arange(h)[:, None].repeat(w, 1)
    r = x * 255 // max(w - 1, 1)
    g = y * 255 // max(h - 1, 1)
    b = 255 - (x + y) * 255 // max(w + h - 2, 1)
    img = np.stack([r, g, b], -1).astype(np.uint8)
    img[h // 8: h // 8 + max(h // 4, 1), w // 8: w // 8 + max(w // 5, 1)] = 255
    img[h - max(h // 5, 1):, w - max(w // 3, 1): w - 1] = (20, 30, 40)
    return img


def write_ppm(path, rgb):
    h, w, _ = rgb.shape
    with open(path, "wb") as f:
        f.write(b"P6\n%d %d\n255\n" % (w, h))
        f.write(np.ascontiguousarray(rgb, dtype=np.uint8).tobytes())


def over_white(rgba):
    """Composites 8-bit RGBA over white with the same integer formula as the CPNG shim."""
    rgba = rgba.astype(np.int64)
    a = rgba[..., 3:4]
    return ((rgba[..., :3] * a + 255 * (255 - a) + 127) // 255).astype(np.uint8)


def to8(v16):
    return ((v16.astype(np.int64) * 255 + 32767) // 65535).astype(np.uint8)


def reference_from_pillow(path):
    """Pillow's decode as RGB, alpha composited over white, EXIF orientation applied."""
    im = Image.open(path)
    im = ImageOps.exif_transpose(im)
    if im.mode in ("RGBA", "LA", "PA") or "transparency" in im.info:
        return over_white(np.asarray(im.convert("RGBA")))
    return np.asarray(im.convert("RGB"))


def add(name, data, reference, tolerance):
    with open(os.path.join(ROOT, name), "wb") as f:
        f.write(data)
    ref_name = name.rsplit(".", 1)[0] + ".ref.ppm"
    write_ppm(os.path.join(ROOT, ref_name), reference)
    manifest.append(f"{name} {ref_name} {tolerance}")


def add_with_pillow_reference(name, data, tolerance):
    path = os.path.join(ROOT, name)
    with open(path, "wb") as f:
        f.write(data)
    add(name, data, reference_from_pillow(path), tolerance)


def write_bad(name, data):
    os.makedirs(os.path.join(ROOT, "bad"), exist_ok=True)
    with open(os.path.join(ROOT, "bad", name), "wb") as f:
        f.write(data)


# ---------- a small PNG writer ----------

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pack_rows(samples, depth):
    """samples: (h, w, channels) integers -> list of row byte strings at `depth` bits per sample."""
    h, w, c = samples.shape
    rows = []
    for y in range(h):
        flat = samples[y].reshape(-1)
        if depth == 16:
            rows.append(flat.astype(">u2").tobytes())
        elif depth == 8:
            rows.append(flat.astype(np.uint8).tobytes())
        else:  # 1, 2, 4 bits, most significant first
            per = 8 // depth
            padded = np.zeros((len(flat) + per - 1) // per * per, dtype=np.int64)
            padded[: len(flat)] = flat
            groups = padded.reshape(-1, per)
            shifts = np.array([8 - depth * (i + 1) for i in range(per)])
            rows.append((groups << shifts).sum(1).astype(np.uint8).tobytes())
    return rows


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png_bytes(samples, color_type, depth, palette=None, trns=None, interlace=False, exif=None):
    h, w, _ = samples.shape
    raw = b""  # every row uses filter type 0 (None); the photo fixtures cover the other filters
    if interlace:
        for xs, ys, dx, dy in ADAM7:
            sub = samples[ys::dy, xs::dx]
            if sub.shape[0] == 0 or sub.shape[1] == 0:
                continue
            raw += b"".join(b"\x00" + r for r in pack_rows(sub, depth))
    else:
        raw = b"".join(b"\x00" + r for r in pack_rows(samples, depth))
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, color_type, 0, 0, 1 if interlace else 0))
    if palette is not None:
        out += chunk(b"PLTE", bytes(np.asarray(palette, dtype=np.uint8).reshape(-1)))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    if exif is not None:
        out += chunk(b"eXIf", exif)
    out += chunk(b"IDAT", zlib.compress(raw, 9))
    out += chunk(b"IEND", b"")
    return out


def check_pillow_agrees(data, high_bytes):
    """Asserts that Pillow decodes 16-bit `data` to the high bytes of the samples we wrote."""
    got = np.asarray(Image.open(io.BytesIO(data)))
    assert np.array_equal(got.reshape(high_bytes.shape), high_bytes), "Pillow disagrees with 16-bit samples"


# ---------- PNG fixtures ----------

def make_pngs(rng):
    w, h = 13, 11  # odd sizes: rows end mid-byte at 1, 2 and 4 bits
    base = picture(w, h)
    grey = (base.astype(np.int64) @ np.array([299, 587, 114]) // 1000).astype(np.uint8)

    for depth in (1, 2, 4, 8):
        levels = (1 << depth) - 1
        samples = (grey.astype(np.int64) * levels + 127) // 255
        data = png_bytes(samples[..., None], 0, depth)
        add_with_pillow_reference(f"png_grey_{depth}bit.png", data, 0)

    # 16-bit grey: Pillow keeps all 16 bits (mode I;16), so its decode is checked exactly.
    g16 = (grey.astype(np.int64) * 257 + rng.integers(0, 257, grey.shape)).clip(0, 65535)
    data = png_bytes(g16[..., None], 0, 16)
    assert np.array_equal(np.asarray(Image.open(io.BytesIO(data))).astype(np.int64), g16)
    add("png_grey_16bit.png", data, np.repeat(to8(g16)[..., None], 3, -1), 0)

    add_with_pillow_reference("png_rgb_8bit.png", png_bytes(base, 2, 8), 0)
    rgb16 = (base.astype(np.int64) * 257 + rng.integers(0, 257, base.shape)).clip(0, 65535)
    data = png_bytes(rgb16, 2, 16)
    check_pillow_agrees(data, (rgb16 >> 8).astype(np.uint8))
    add("png_rgb_16bit.png", data, to8(rgb16), 0)

    # Palette at 1, 2, 4, 8 bits; the 8-bit one also with tRNS (partial transparency).
    for depth in (1, 2, 4, 8):
        n = 1 << depth
        palette = rng.integers(0, 256, (n, 3))
        index = (np.arange(w)[None, :] * 7 + np.arange(h)[:, None] * 3) % n
        add_with_pillow_reference(f"png_palette_{depth}bit.png", png_bytes(index[..., None], 3, depth, palette), 0)
    palette = rng.integers(0, 256, (16, 3))
    alphas = bytes([0, 255, 128, 64, 200, 10, 255, 77])  # entries 8..15 stay opaque
    index = (np.arange(w)[None, :] + np.arange(h)[:, None] * 5) % 16
    add_with_pillow_reference("png_palette_trns.png", png_bytes(index[..., None], 3, 4, palette, alphas), 0)

    # Grey and RGB with a tRNS colour key.
    add_with_pillow_reference("png_grey_trns.png", png_bytes(grey[..., None], 0, 8, trns=struct.pack(">H", int(grey[0, 0]))), 0)
    key = base[h - 1, w - 2]
    add_with_pillow_reference("png_rgb_trns.png", png_bytes(base, 2, 8, trns=struct.pack(">HHH", *map(int, key))), 0)

    # Grey + alpha and RGBA, 8 and 16 bits.
    alpha = ((np.arange(w)[None, :] * 255 // (w - 1)) * np.ones((h, 1), dtype=np.int64)).astype(np.uint8)
    alpha[0, :] = 0
    alpha[1, :] = 255
    la = np.stack([grey, alpha], -1)
    add_with_pillow_reference("png_grey_alpha_8bit.png", png_bytes(la, 4, 8), 0)
    rgba = np.concatenate([base, alpha[..., None]], -1)
    add_with_pillow_reference("png_rgba_8bit.png", png_bytes(rgba, 6, 8), 0)
    rgba16 = (rgba.astype(np.int64) * 257 + rng.integers(0, 257, rgba.shape)).clip(0, 65535)
    rgba16[0, :, 3] = 0
    rgba16[1, :, 3] = 65535
    data = png_bytes(rgba16, 6, 16)
    check_pillow_agrees(data, (rgba16 >> 8).astype(np.uint8))
    add("png_rgba_16bit.png", data, over_white(to8(rgba16)), 0)
    la16 = (la.astype(np.int64) * 257 + rng.integers(0, 257, la.shape)).clip(0, 65535)
    la16[0, :, 1] = 0
    la16[1, :, 1] = 65535
    data = png_bytes(la16, 4, 16)
    g8 = to8(la16)
    add("png_grey_alpha_16bit.png", data, over_white(np.stack([g8[..., 0]] * 3 + [g8[..., 1]], -1)), 0)

    # Adam7 interlaced: RGB 8-bit, grey 1-bit and RGBA 8-bit, odd sizes so some passes are tiny.
    add_with_pillow_reference("png_rgb_adam7.png", png_bytes(base, 2, 8, interlace=True), 0)
    bits = (grey > 128).astype(np.int64)
    add_with_pillow_reference("png_grey_1bit_adam7.png", png_bytes(bits[..., None], 0, 1, interlace=True), 0)
    add_with_pillow_reference("png_rgba_adam7.png", png_bytes(rgba, 6, 8, interlace=True), 0)

    # eXIf chunk with orientation 6 (PNG 1.5 extension; Pillow's exif_transpose honours it).
    stored = np.ascontiguousarray(np.rot90(base, 1))  # the upright picture turned 90° counter-clockwise
    data = png_bytes(stored, 2, 8, exif=exif_payload(6, True)[6:])
    add_with_pillow_reference("png_exif_orientation_6.png", data, 0)
    assert np.array_equal(reference_from_pillow(os.path.join(ROOT, "png_exif_orientation_6.png")), base)


# ---------- JPEG fixtures ----------

def jpeg_bytes(im, **options):
    buffer = io.BytesIO()
    im.save(buffer, "JPEG", **options)
    return buffer.getvalue()


def exif_payload(orientation, big_endian):
    """APP1 payload: "Exif\\0\\0" + TIFF with IFD0 = Make (ASCII, by offset) and Orientation."""
    e = ">" if big_endian else "<"
    make = b"Tests\x00"
    entries = 2
    ifd_offset = 8
    data_offset = ifd_offset + 2 + entries * 12 + 4
    tiff = (b"MM" if big_endian else b"II") + struct.pack(e + "HI", 42, ifd_offset)
    tiff += struct.pack(e + "H", entries)
    tiff += struct.pack(e + "HHII", 0x010F, 2, len(make), data_offset)
    tiff += struct.pack(e + "HHI", 0x0112, 3, 1) + struct.pack(e + "HH", orientation, 0)
    tiff += struct.pack(e + "I", 0) + make
    return b"Exif\x00\x00" + tiff


def ycck_jpeg_bytes(cmyk, plain=False):
    """A YCCK JPEG of `cmyk` (stored values, Adobe convention), via the small C helper beside this script;
    with `plain`, a CMYK JPEG without an Adobe marker instead."""
    with tempfile.TemporaryDirectory() as directory:
        tool = os.path.join(directory, "make_ycck_jpeg")
        source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "make_ycck_jpeg.c")
        subprocess.run(["cc", "-O2", "-o", tool, source, "-ljpeg"], check=True)
        h, w, _ = cmyk.shape
        data = subprocess.run([tool, str(w), str(h)] + (["plain"] if plain else []),
                              input=cmyk.tobytes(), capture_output=True, check=True).stdout
    assert Image.open(io.BytesIO(data)).mode == "CMYK" and (b"Adobe" in data) != plain
    return data


# Pillow's exif_transpose methods; each stored picture is the upright one under the inverse method.
INVERSE = {1: None, 2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
           4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_90,
           7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_270}


def make_jpegs(rng):
    w, h = 40, 30
    im = Image.fromarray(picture(w, h))
    add_with_pillow_reference("jpeg_baseline.jpg", jpeg_bytes(im, quality=90), 1)
    add_with_pillow_reference("jpeg_baseline_444.jpg", jpeg_bytes(im, quality=95, subsampling=0), 1)
    add_with_pillow_reference("jpeg_progressive.jpg", jpeg_bytes(im, quality=90, progressive=True), 1)
    add_with_pillow_reference("jpeg_grey.jpg", jpeg_bytes(im.convert("L"), quality=90), 1)
    cmyk = np.stack([picture(w, h)[..., 0], picture(w, h)[..., 1], 255 - picture(w, h)[..., 2],
                     (np.arange(w)[None, :] * 200 // (w - 1) * np.ones((h, 1), dtype=np.int64)).astype(np.uint8)], -1)
    data = jpeg_bytes(Image.fromarray(cmyk.astype(np.uint8), "CMYK"), quality=95)
    assert b"Adobe" in data, "Pillow should mark CMYK JPEGs with an Adobe APP14 marker"
    add_with_pillow_reference("jpeg_cmyk_adobe.jpg", data, 1)
    add_with_pillow_reference("jpeg_ycck_adobe.jpg", ycck_jpeg_bytes(cmyk.astype(np.uint8)), 1)
    # CMYK without an Adobe marker holds plain (not inverted) ink values: R = (255-C)(255-K)/255.
    # Pillow assumes every CMYK JPEG is inverted, so the reference is computed from its raw decode,
    # whose values are 255 - stored = 255 - ink.
    data = ycck_jpeg_bytes(cmyk.astype(np.uint8), plain=True)
    inverse_ink = np.asarray(Image.open(io.BytesIO(data))).astype(np.int64)  # 255 - stored
    rgb = (inverse_ink[..., :3] * inverse_ink[..., 3:4] + 127) // 255
    add("jpeg_cmyk_plain.jpg", data, rgb.astype(np.uint8), 1)

    # Odd size for DCT scaling: references decoded by Pillow at 1/2, 1/4, 1/8 with draft().
    big = Image.fromarray(picture(203, 151))
    data = jpeg_bytes(big, quality=90)
    add_with_pillow_reference("jpeg_203x151.jpg", data, 1)
    for scale in (2, 4, 8):
        scaled = Image.open(io.BytesIO(data))
        scaled.draft("RGB", (203 // scale, 151 // scale))  # draft picks the largest scale not below this
        assert scaled.size == ((203 + scale - 1) // scale, (151 + scale - 1) // scale), scaled.size
        ref = f"jpeg_203x151.scale{scale}.ref.ppm"
        write_ppm(os.path.join(ROOT, ref), np.asarray(scaled.convert("RGB")))

    # EXIF orientations 1..8 of a non-square, non-symmetric picture; even ones big-endian ("MM").
    upright = Image.fromarray(picture(24, 16))
    for orientation in range(1, 9):
        stored = upright if INVERSE[orientation] is None else upright.transpose(INVERSE[orientation])
        data = jpeg_bytes(stored, quality=95, subsampling=0, exif=exif_payload(orientation, orientation % 2 == 0))
        add_with_pillow_reference(f"exif_orientation_{orientation}.jpg", data, 1)
    write_ppm(os.path.join(ROOT, "exif_upright.ref.ppm"), np.asarray(upright))


# ---------- inputs that must fail (or warn) ----------

def make_bad(rng):
    photo = jpeg_bytes(Image.fromarray(picture(48, 128)), quality=90)
    write_bad("empty.jpg", b"")
    write_bad("truncated.jpg", photo[: len(photo) * 6 // 10])
    write_ppm(os.path.join(ROOT, "bad", "truncated.full.ref.ppm"), np.asarray(Image.open(io.BytesIO(photo)).convert("RGB")))
    noise = png_bytes(rng.integers(0, 256, (48, 64, 3)), 2, 8)
    write_bad("truncated.png", noise[: len(noise) * 6 // 10])
    write_bad("corrupt.jpg", b"\xff\xd8\xff" + bytes(rng.integers(0, 256, 300, dtype=np.uint8)))
    flipped = bytearray(noise)
    flipped[len(noise) // 2] ^= 0xFF  # inside IDAT: the chunk CRC no longer matches
    write_bad("corrupt.png", bytes(flipped))
    write_bad("not_an_image.jpg", b"This is a text file, not a picture.\n")
    for kind, name in (("GIF", "image.gif"), ("BMP", "image.bmp"), ("TIFF", "image.tiff"), ("WEBP", "image.webp")):
        buffer = io.BytesIO()
        Image.fromarray(picture(8, 6)).save(buffer, kind)
        write_bad(name, buffer.getvalue())
    # A 100000 x 100000 RGB PNG header with valid CRCs and a token IDAT: must fail before allocating.
    huge = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
    huge += chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b"")
    write_bad("huge_ihdr.png", huge)
    # A JPEG whose SOF0 claims 65000 x 65000.
    data = bytearray(jpeg_bytes(Image.fromarray(picture(16, 16)), quality=90))
    sof = data.index(b"\xff\xc0")
    data[sof + 5: sof + 9] = struct.pack(">HH", 65000, 65000)
    write_bad("huge_sof.jpg", bytes(data))
    # A PNG named .jpg, and a JPEG named .png: decoded by content.
    write_bad("png_named.jpg", png_bytes(picture(9, 7), 2, 8))
    write_bad("jpeg_named.png", jpeg_bytes(Image.fromarray(picture(9, 7)), quality=90))


def make_photo_references():
    """For the photos in Fixtures/: CRC-32 of Pillow's RGB pixels (PNG, exact) and, for the JPEG,
    Pillow's 1/8-scale DCT decode (small enough to keep)."""
    photos = os.path.join(ROOT, "..")
    lines = []
    for name in ("astronaut.png", "camera.png"):
        rgb = reference_from_pillow(os.path.join(photos, name))
        lines.append(f"{name} {rgb.shape[1]} {rgb.shape[0]} {zlib.crc32(rgb.tobytes()) & 0xFFFFFFFF:08x}")
    with open(os.path.join(ROOT, "photo_crc32.txt"), "w") as f:
        f.write("# photo width height crc32-of-RGB-pixels (Pillow's decode; generated by tools/make_codec_fixtures.py)\n")
        f.write("\n".join(lines) + "\n")
    jpeg = Image.open(os.path.join(photos, "grace_hopper.jpg"))
    jpeg.draft("RGB", (512 // 8, 600 // 8))
    assert jpeg.size == (64, 75), jpeg.size
    write_ppm(os.path.join(ROOT, "grace_hopper.scale8.ref.ppm"), np.asarray(jpeg.convert("RGB")))


def main():
    os.makedirs(ROOT, exist_ok=True)
    rng = np.random.default_rng(20260)
    make_pngs(rng)
    make_jpegs(rng)
    make_bad(rng)
    make_photo_references()
    with open(os.path.join(ROOT, "manifest.txt"), "w") as f:
        f.write("# fixture reference max_abs_difference (generated by tools/make_codec_fixtures.py)\n")
        f.write("\n".join(manifest) + "\n")
    print(f"{len(manifest)} fixtures with references in {os.path.normpath(ROOT)}")


if __name__ == "__main__":
    main()
