#!/usr/bin/env python3
"""docs/images/capture-quality.png: faces at captureQuality near 0.1, 0.3, 0.5, 0.7 and 0.9 (docs/quality.md).

  quality_picture.py FACEDETECT [--out docs/images/capture-quality.png] [--work /tmp/quality-picture]

Only redistributable fixtures (Fixtures/README.md): Fixtures/grace_hopper.jpg and Fixtures/astronaut.png,
degraded by quality_degradations.py's kinds at several strengths and in combinations (Gaussian blur, motion blur,
noise, JPEG quality, exposure, downscaling), each run through FACEDETECT at its defaults. For each target the
copy whose face scores nearest it is kept (at most one copy per target from each combination), cut around the
face box and labelled with its score.
"""
import argparse
import itertools
import json
import os
import subprocess
import sys

import cv2
import numpy as np
from PIL import Image, ImageDraw

sys.path.insert(0, os.path.dirname(__file__))
from quality_degradations import degrade, linear_to_srgb, motion_kernel, srgb_to_linear  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURES = ["Fixtures/grace_hopper.jpg", "Fixtures/astronaut.png"]
TARGETS = [0.1, 0.3, 0.5, 0.7, 0.9]


def variant(bgr, blur, motion, noise, ev, jpeg, rng):
    out = bgr
    if blur:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    if motion:
        out = cv2.filter2D(out, -1, motion_kernel(motion, 0.3))
    if ev:
        out = linear_to_srgb(srgb_to_linear(out.astype(np.float64)) * 2.0 ** ev)
    if noise:
        out = np.clip(np.round(out.astype(np.float32) + rng.normal(0, noise, out.shape)), 0, 255).astype(np.uint8)
    if jpeg:
        ok, data = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, jpeg])
        out = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("tool")
    p.add_argument("--out", default=os.path.join(ROOT, "docs/images/capture-quality.png"))
    p.add_argument("--work", default="/tmp/quality-picture")
    args = p.parse_args()
    os.makedirs(args.work, exist_ok=True)
    rng = np.random.default_rng(40)
    grid = list(itertools.product([0, 2, 5], [0, 9], [0, 25], [0, -3, 2], [0, 8]))
    names = {}
    for fixture in FIXTURES:
        bgr = cv2.imread(os.path.join(ROOT, fixture), cv2.IMREAD_COLOR)
        stem = os.path.splitext(os.path.basename(fixture))[0]
        for k, (blur, motion, noise, ev, jpeg) in enumerate(grid):
            name = f"{stem}-{k:03d}.png"
            cv2.imwrite(os.path.join(args.work, name), variant(bgr, blur, motion, noise, ev, jpeg, rng))
            names[name] = (fixture, blur, motion, noise, ev, jpeg)
    run = os.path.join(args.work, "run.jsonl")
    subprocess.run([args.tool, args.work, "--json", run, "--threads", "2"], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    scored = []
    for line in open(run):
        r = json.loads(line)
        name = os.path.basename(r["file"])
        faces = [f for f in r.get("faces", []) if "captureQuality" in f]
        if name in names and faces:
            face = max(faces, key=lambda f: f["box"][2] * f["box"][3])
            scored.append((face["captureQuality"], name, face["box"]))
    tiles = []
    for target in TARGETS:
        q, name, box = min(scored, key=lambda s: abs(s[0] - target))
        fixture, blur, motion, noise, ev, jpeg = names[name]
        print(f"target {target}: {q:.3f} {fixture} blur {blur} motion {motion} noise {noise} EV {ev:+d} JPEG {jpeg}")
        image = Image.open(os.path.join(args.work, name)).convert("RGB")
        x, y, w, h = box
        side = max(w, h) * 1.3
        cx, cy = x + w / 2, y + h / 2
        tile = image.crop((int(cx - side / 2), int(cy - side / 2), int(cx + side / 2), int(cy + side / 2)))
        tile = tile.resize((160, 160), Image.LANCZOS)
        canvas = Image.new("RGB", (160, 184), "white")
        canvas.paste(tile, (0, 0))
        ImageDraw.Draw(canvas).text((8, 166), f"captureQuality {q:.2f}", fill="black")
        tiles.append(canvas)
    strip = Image.new("RGB", (len(tiles) * 168 - 8, 184), "white")
    for k, tile in enumerate(tiles):
        strip.paste(tile, (k * 168, 0))
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    strip.save(args.out, optimize=True)
    print(args.out)


if __name__ == "__main__":
    main()
