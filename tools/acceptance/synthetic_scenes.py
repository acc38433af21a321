#!/usr/bin/env python3
"""Generated scenes whose faces are known, and the check that the tool reports each face exactly once.

    tools/acceptance/synthetic_scenes.py sweep DIR        # one face at every size: DIR/images/*.png, DIR/truth.json
    tools/acceptance/synthetic_scenes.py group DIR        # a 4000 x 3000 JPEG with 15 faces 24-512 px wide
    tools/acceptance/synthetic_scenes.py small DIR        # faces 9-16 px wide, the sizes near the minimum
    tools/acceptance/synthetic_scenes.py check DIR PRED.jsonl

`sweep`: the astronaut's face (Fixtures/astronaut.png) pasted at widths from 12 to 1400 px, as is and
mirrored, on a plain background, a textured one and one of random 4-px blocks (168 images). The canvas is 1024 x 768 for faces up
to 600 px and grows with the face beyond (1.15 x its width, at most 1600 px; the face's surroundings
are then cut by the canvas).
`group`: the astronaut's and Grace Hopper's faces (Fixtures/grace_hopper.jpg), alternately and every
other one mirrored, at 15 widths from 24 to 512 px on a 4000 x 3000 textured background, saved as a
JPEG of quality 90 (a 12-megapixel phone photo's size).
`small`: the astronaut's face 9, 10, ..., 14 and 16 px wide, each 12 times a little larger (+0-11 %)
and moved by a pixel or two, on the plain and the textured background, as is and mirrored (336
images of 256 x 192): how far the box regression moves the widths of true faces near the minimum
(`each_face_once.py widths`).
`check`: every true face matched by exactly one reported face with IoU >= 0.5, and no other face.

The truth boxes are the faces' boxes as facedetect and OpenCV's YuNet place them on the original
photos, scaled and moved with the paste, in SCHEMA format (score.py reads them). The texture is made
from seeded noise at several scales (no faces in it). Needs numpy and Pillow (the peers' venv has
both). Nothing it makes is committed.
"""
import argparse
import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
FACE_BOX = (178.11, 64.95, 91.36, 111.41)  # x, y, w, h on astronaut.png
# photo, its face box (x, y, w, h)
PHOTOS = [("astronaut.png", FACE_BOX), ("grace_hopper.jpg", (177.41, 123.41, 178.25, 212.29))]
GROUP_WIDTHS = [512, 448, 384, 320, 256, 192, 160, 128, 96, 80, 64, 48, 40, 32, 24]
WIDTHS = [12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256, 320, 384, 448, 512, 576, 640, 720,
          800, 900, 1000, 1100, 1200, 1300, 1400]


def texture(width, height, seed):
    """Seeded noise at several scales, coloured: a busy background without faces."""
    rng = np.random.default_rng(seed)
    out = np.zeros((height, width, 3), np.float32)
    for cell, weight in [(4, 0.15), (16, 0.25), (64, 0.35), (256, 0.25)]:
        small = rng.random((height // cell + 2, width // cell + 2, 3)).astype(np.float32)
        big = Image.fromarray((small * 255).astype(np.uint8)).resize(
            ((width // cell + 2) * cell, (height // cell + 2) * cell), Image.BILINEAR)
        out += weight * np.asarray(big, np.float32)[:height, :width]
    return Image.fromarray(np.clip(out, 0, 255).astype(np.uint8))


def blocks(width, height, seed, cell=4):
    """Seeded random colours in square cells of `cell` pixels: a busy background of hard edges that makes
    YuNet's finest anchors fire (boxes of 5-10 px), without faces."""
    rng = np.random.default_rng(seed)
    small = rng.integers(0, 256, (height // cell + 1, width // cell + 1, 3), dtype=np.uint8)
    return Image.fromarray(small.repeat(cell, 0).repeat(cell, 1)[:height, :width])


BACKGROUNDS = {"plain": lambda w, h, seed: Image.new("RGB", (w, h), (128, 140, 150)), "texture": texture,
               "blocks": blocks}


def sweep(directory):
    photo = Image.open(ROOT / "Fixtures" / "astronaut.png").convert("RGB")
    fx, fy, fw, fh = FACE_BOX
    images = []
    (directory / "images").mkdir(parents=True, exist_ok=True)
    for width in WIDTHS:
        scale = width / fw
        cw = 1024 if width <= 600 else min(1600, int(width * 1.15))
        ch = 768 if width <= 600 else int(cw * 0.75)
        if width > 600:
            ch = max(ch, int(fh * scale * 1.1))
        for background in BACKGROUNDS:
            for mirrored in [False, True]:
                canvas = BACKGROUNDS[background](cw, ch, seed=width)
                # The photo around the face: 0.8 face widths each side, 0.6 heights above and below.
                margin_x, margin_y = 0.8 * fw, 0.6 * fh
                left, top = max(0, fx - margin_x), max(0, fy - margin_y)
                right, bottom = min(photo.width, fx + fw + margin_x), min(photo.height, fy + fh + margin_y)
                patch = photo.crop((int(left), int(top), int(right), int(bottom)))
                pw, ph = max(1, round(patch.width * scale)), max(1, round(patch.height * scale))
                patch = patch.resize((pw, ph), Image.LANCZOS if scale < 1 else Image.BICUBIC)
                face_x = (fx - int(left)) * scale
                face_y = (fy - int(top)) * scale
                if mirrored:
                    patch = patch.transpose(Image.FLIP_LEFT_RIGHT)
                    face_x = pw - face_x - fw * scale
                # The face's centre at the canvas's centre, moved a little off it by size.
                ox = round(cw / 2 - (face_x + fw * scale / 2) + (width % 7) * 3)
                oy = round(ch / 2 - (face_y + fh * scale / 2) + (width % 5) * 3)
                canvas.paste(patch, (ox, oy))
                name = f"images/w{width:04d}_{background}{'_mirror' if mirrored else ''}.png"
                canvas.save(directory / name)
                box = [ox + face_x, oy + face_y, fw * scale, fh * scale]
                images.append({"file": name, "width": cw, "height": ch,
                               "faces": [{"box": [round(v, 2) for v in box]}]})
    truth = {"name": "scale-sweep", "task": ["detection"],
             "source": "tools/acceptance/synthetic_scenes.py sweep, from Fixtures/astronaut.png (public domain)", "images": images}
    (directory / "truth.json").write_text(json.dumps(truth, indent=1))
    print(f"{len(images)} images in {directory}")


def small(directory):
    photo = Image.open(ROOT / "Fixtures" / "astronaut.png").convert("RGB")
    (directory / "images").mkdir(parents=True, exist_ok=True)
    images = []
    for width in [9, 10, 11, 12, 13, 14, 16]:
        for step in range(12):
            for background in ["plain", "texture"]:
                for mirrored in [False, True]:
                    k = len(images)
                    canvas = BACKGROUNDS[background](256, 192, seed=k)
                    patch, face = head(photo, FACE_BOX, width / FACE_BOX[2] * (1 + 0.01 * step), mirrored)
                    ox, oy = 100 + step % 4, 80 + step // 4
                    canvas.paste(patch, (ox, oy))
                    name = f"images/s{k:04d}.png"
                    canvas.save(directory / name)
                    box = [face[0] + ox, face[1] + oy, face[2], face[3]]
                    images.append({"file": name, "width": 256, "height": 192,
                                   "faces": [{"box": [round(v, 2) for v in box]}]})
    truth = {"name": "small-faces", "task": ["detection"],
             "source": "tools/acceptance/synthetic_scenes.py small, from Fixtures/astronaut.png (public domain)",
             "images": images}
    (directory / "truth.json").write_text(json.dumps(truth, indent=1))
    print(f"{len(images)} images in {directory}")


def iou(a, b):
    ax2, ay2, bx2, by2 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    w = max(0.0, min(ax2, bx2) - max(a[0], b[0]))
    h = max(0.0, min(ay2, by2) - max(a[1], b[1]))
    inter = w * h
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


def head(photo, face, scale, mirrored):
    """The photo around its face (0.8 face widths each side, 0.6 heights above and below), scaled by
    `scale` and mirrored if asked, and the face's box in it."""
    fx, fy, fw, fh = face
    left, top = max(0, int(fx - 0.8 * fw)), max(0, int(fy - 0.6 * fh))
    right, bottom = min(photo.width, int(fx + 1.8 * fw)), min(photo.height, int(fy + 1.6 * fh))
    patch = photo.crop((left, top, right, bottom))
    pw, ph = max(1, round(patch.width * scale)), max(1, round(patch.height * scale))
    patch = patch.resize((pw, ph), Image.LANCZOS if scale < 1 else Image.BICUBIC)
    x, y = (fx - left) * scale, (fy - top) * scale
    if mirrored:
        patch = patch.transpose(Image.FLIP_LEFT_RIGHT)
        x = pw - x - fw * scale
    return patch, [x, y, fw * scale, fh * scale]


def group(directory):
    photos = [(Image.open(ROOT / "Fixtures" / name).convert("RGB"), box) for name, box in PHOTOS]
    width, height, gap = 4000, 3000, 60
    canvas = texture(width, height, seed=12)
    faces = []
    x, y, row = gap, gap, 0
    for k, face_width in enumerate(GROUP_WIDTHS):
        photo, box = photos[k % 2]
        patch, face = head(photo, box, face_width / box[2], mirrored=(k // 2) % 2 == 1)
        if x + patch.width > width - gap:
            x, y, row = gap, y + row + gap, 0
        assert y + patch.height <= height, "the faces do not fit"
        canvas.paste(patch, (x, y))
        faces.append({"box": [round(face[0] + x, 2), round(face[1] + y, 2), round(face[2], 2), round(face[3], 2)]})
        x += patch.width + gap
        row = max(row, patch.height)
    (directory / "images").mkdir(parents=True, exist_ok=True)
    name = "images/group_4000x3000.jpg"
    canvas.save(directory / name, quality=90)
    truth = {"name": "synthetic-group", "task": ["detection"],
             "source": "tools/acceptance/synthetic_scenes.py group, from Fixtures/astronaut.png and grace_hopper.jpg (public domain)",
             "images": [{"file": name, "width": width, "height": height, "faces": faces}]}
    (directory / "truth.json").write_text(json.dumps(truth, indent=1))
    print(f"{len(faces)} faces in {directory / name}")


def check(directory, pred_path):
    truth = json.loads((directory / "truth.json").read_text())
    preds = {}
    for line in Path(pred_path).read_text().splitlines():
        if line.strip():
            record = json.loads(line)
            preds[record["file"]] = record
    failures = 0
    for image in truth["images"]:
        name = image["file"]
        record = next((r for f, r in preds.items() if f.endswith(name)), None)
        if record is None or "error" in record:
            print(f"{name}: no record")
            failures += 1
            continue
        found = record["faces"]
        problems = []
        matched = set()
        for t in image["faces"]:
            hits = [k for k, f in enumerate(found) if iou(t["box"], f["box"]) >= 0.5]
            matched.update(hits)
            if len(hits) != 1:
                problems.append(f"face {[round(v) for v in t['box']]} found {len(hits)} times")
        for k, f in enumerate(found):
            if k not in matched:
                best = max((iou(t["box"], f["box"]) for t in image["faces"]), default=0)
                problems.append(f"other box {[round(v) for v in f['box']]} score {f['score']:.2f} (best IoU {best:.2f})")
        if problems:
            failures += 1
            print(f"{name}: " + "; ".join(problems))
    total = len(truth["images"])
    print(f"{total - failures} of {total} images: every face exactly once, IoU >= 0.5, no other box")
    return 0 if failures == 0 else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ["sweep", "group", "small"]:
        sub.add_parser(name).add_argument("directory", type=Path)
    c = sub.add_parser("check")
    c.add_argument("directory", type=Path)
    c.add_argument("pred")
    args = parser.parse_args()
    if args.command in ("sweep", "group", "small"):
        {"sweep": sweep, "group": group, "small": small}[args.command](args.directory)
        return 0
    return check(args.directory, args.pred)


if __name__ == "__main__":
    sys.exit(main())
