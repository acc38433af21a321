#!/usr/bin/env python3
"""One face at every size: the astronaut's face (Fixtures/astronaut.png) pasted at widths from 12 to
1400 px, as is and mirrored, on a plain and on a textured background, and the check that the tool
reports it exactly once.

    tools/scale_sweep.py make DIR            # DIR/images/*.png and DIR/truth.json (SCHEMA format)
    tools/scale_sweep.py check DIR PRED.jsonl  # exactly one face with IoU >= 0.5 in every image

The canvas is 1024 x 768 for faces up to 600 px and grows with the face beyond (1.15 x its width,
at most 1600 px; the face's surroundings are then cut by the canvas). The truth box is the
astronaut's face box as facedetect and OpenCV's YuNet place it on the original photo, scaled and
moved with the paste. The texture is made from seeded noise at several scales (no faces in it).
Needs numpy and Pillow (the peers' venv has both). Nothing it makes is committed.
"""
import argparse
import json
import sys
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
FACE_BOX = (178.11, 64.95, 91.36, 111.41)  # x, y, w, h on astronaut.png
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


def make(directory):
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
        for background in ["plain", "texture"]:
            for mirrored in [False, True]:
                canvas = (Image.new("RGB", (cw, ch), (128, 140, 150)) if background == "plain"
                          else texture(cw, ch, seed=width))
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
             "source": "tools/scale_sweep.py from Fixtures/astronaut.png (public domain)", "images": images}
    (directory / "truth.json").write_text(json.dumps(truth, indent=1))
    print(f"{len(images)} images in {directory}")


def iou(a, b):
    ax2, ay2, bx2, by2 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
    w = max(0.0, min(ax2, bx2) - max(a[0], b[0]))
    h = max(0.0, min(ay2, by2) - max(a[1], b[1]))
    inter = w * h
    return inter / (a[2] * a[3] + b[2] * b[3] - inter)


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
        true_box = image["faces"][0]["box"]
        if record is None or "error" in record:
            print(f"{name}: no record")
            failures += 1
            continue
        faces = record["faces"]
        ious = [iou(true_box, f["box"]) for f in faces]
        good = sum(1 for v in ious if v >= 0.5)
        ok = len(faces) == 1 and good == 1
        if not ok:
            failures += 1
            detail = ", ".join(f"{f['score']:.2f}@{v:.2f}" for f, v in zip(faces, ious))
            print(f"{name}: {len(faces)} faces ({detail or 'none'})")
    total = len(truth["images"])
    print(f"{total - failures} of {total} images: exactly one face, IoU >= 0.5")
    return 0 if failures == 0 else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make")
    m.add_argument("directory", type=Path)
    c = sub.add_parser("check")
    c.add_argument("directory", type=Path)
    c.add_argument("pred")
    args = parser.parse_args()
    if args.command == "make":
        make(args.directory)
        return 0
    return check(args.directory, args.pred)


if __name__ == "__main__":
    sys.exit(main())
