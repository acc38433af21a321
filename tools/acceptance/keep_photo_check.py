#!/usr/bin/env python3
"""The `--keep` photo check (docs/usage.md, "Keeping people visible"): a group photo made of the fixture faces, whose
truth is known, and the measure taken on the tool's output of it.

    /work/peers-venv/bin/python tools/acceptance/keep_photo_check.py make GROUP.png
    /work/peers-venv/bin/python tools/acceptance/keep_photo_check.py check GROUP.png OUTPUT.png --shown grace_hopper

`make` pastes six faces on a colour gradient (1800 x 800): Grace Hopper at her size, at 0.6 and at 1.3, the astronaut
at 1.5, at 1.0 and at 2.0 (their faces 140 to 300 px wide), each cut from its fixture photo as the video clips cut
them (tools/acceptance/video_tracking_clip.py). A `--keep` reference for either is `video_tracking_clip.py reference
NAME REF.png` (the photo cropped wider, scaled to 0.8 and mirrored: no copy of a pasted face).

`check` compares each face's inner 80 % in OUTPUT with GROUP: hidden when its detail (the sum of absolute differences
of horizontal neighbours) fell below half the original's, shown when it kept at least 0.85 of it; prints each face's
verdict and `keepPass` (every face of --shown shown, every other face hidden).
"""
import argparse
import json
import math
import sys
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Fixtures"

# name, fixture, crop (x, y, w, h) in the photo, face (x, y, w, h) in the photo: as video_tracking_clip.py's.
SOURCES = {
    "astronaut": ("astronaut.png", (160, 50, 130, 150), (177, 67, 93, 93)),
    "grace_hopper": ("grace_hopper.jpg", (130, 80, 260, 300), (149, 100, 231, 231)),
}
# name, scale of the crop (the astronaut's crop is 130 px wide, Grace Hopper's 260), top-left corner.
PLACED = [
    ("grace_hopper", 1.0, (40, 60)),
    ("astronaut", 1.5, (360, 120)),
    ("grace_hopper", 0.6, (620, 380)),
    ("astronaut", 1.0, (860, 140)),
    ("grace_hopper", 1.3, (1060, 300)),
    ("astronaut", 2.0, (1450, 60)),
]
SIZE = (1800, 800)


def truth():
    """[(name, face box x, y, w, h)] of the group photo."""
    out = []
    for name, scale, (x, y) in PLACED:
        _, crop, face = SOURCES[name]
        out.append((name, (x + (face[0] - crop[0]) * scale, y + (face[1] - crop[1]) * scale,
                           face[2] * scale, face[3] * scale)))
    return out


def make(args):
    width, height = SIZE
    xs = np.linspace(0, 1, width)[None, :]
    ys = np.linspace(0, 1, height)[:, None]
    canvas = np.stack([200 * xs + 30 * ys, 120 + 80 * ys + 0 * xs, 220 - 150 * xs + 0 * ys], axis=2)
    group = Image.fromarray(np.clip(canvas, 0, 255).astype(np.uint8))
    for name, scale, (x, y) in PLACED:
        fixture, (cx, cy, cw, ch), _ = SOURCES[name]
        patch = Image.open(FIXTURES / fixture).convert("RGB").crop((cx, cy, cx + cw, cy + ch))
        patch = patch.resize((round(cw * scale), round(ch * scale)), Image.LANCZOS)
        group.paste(patch, (x, y))
    group.save(args.group)


def detail(image, box):
    x, y, w, h = box
    x0, y0 = int(math.ceil(x + 0.1 * w)), int(math.ceil(y + 0.1 * h))
    x1, y1 = int(x + 0.9 * w), int(y + 0.9 * h)
    patch = image[y0:y1, x0:x1]
    return float(np.abs(patch[:, 1:] - patch[:, :-1]).sum())


def check(args):
    before = np.asarray(Image.open(args.group).convert("RGB"), dtype=np.int32)
    after = np.asarray(Image.open(args.output).convert("RGB"), dtype=np.int32)
    faces = []
    for name, box in truth():
        ratio = detail(after, box) / detail(before, box)
        state = "hidden" if ratio < 0.5 else "shown" if ratio >= 0.85 else "partly hidden"
        wanted = "shown" if name == args.shown else "hidden"
        faces.append({"face": name, "box": [round(v, 1) for v in box], "detailRatio": round(ratio, 3),
                      "state": state, "wanted": wanted})
    report = {"faces": faces, "keepPass": all(f["state"] == f["wanted"] for f in faces)}
    json.dump(report, sys.stdout, indent=1)
    print()
    return 0 if report["keepPass"] else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make")
    m.add_argument("group")
    c = sub.add_parser("check")
    c.add_argument("group")
    c.add_argument("output")
    c.add_argument("--shown", choices=sorted(SOURCES), required=True)
    args = parser.parse_args()
    if args.command == "make":
        make(args)
    else:
        sys.exit(check(args))


if __name__ == "__main__":
    main()
