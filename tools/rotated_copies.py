#!/usr/bin/env python3
"""Turned copies of an evaluation set's first photos, for checking the search of turned faces.

    tools/rotated_copies.py SET DIR [--count 60]

Takes the first COUNT photos of SET (a folder with truth.json, ../shared/eval/SCHEMA.md) by file name
and writes them turned by 0, 90, 180 and 270 degrees clockwise, lossless, as DIR/rot<angle>/images/...png
with a DIR/rot<angle>/truth.json whose boxes (and landmarks) are turned with them; score.py reads each
folder as a set. The 0-degree copies are the same photos re-encoded, so that every angle starts from the
same pixels. Needs Pillow (the peers' venv has it). Keep DIR outside the repository: nothing it makes is
committed.
"""
import argparse
import json
from pathlib import Path

from PIL import Image

# Pillow's transpose for a clockwise turn of `angle` degrees.
TURNS = {0: None, 90: Image.Transpose.ROTATE_270, 180: Image.Transpose.ROTATE_180, 270: Image.Transpose.ROTATE_90}


def turned_point(x, y, angle, width, height):
    """The point (x, y) of a width x height photo in the copy turned clockwise by `angle`."""
    if angle == 90:
        return height - y, x
    if angle == 180:
        return width - x, height - y
    if angle == 270:
        return y, width - x
    return x, y


def turned_box(box, angle, width, height):
    """The box [x, y, w, h] in the turned copy."""
    x, y, w, h = box
    (ax, ay), (bx, by) = turned_point(x, y, angle, width, height), turned_point(x + w, y + h, angle, width, height)
    return [min(ax, bx), min(ay, by), abs(ax - bx), abs(ay - by)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("set", type=Path)
    parser.add_argument("dir", type=Path)
    parser.add_argument("--count", type=int, default=60)
    args = parser.parse_args()
    truth = json.loads((args.set / "truth.json").read_text())
    entries = sorted(truth["images"], key=lambda e: e["file"])[: args.count]
    for angle, turn in TURNS.items():
        out = args.dir / f"rot{angle}"
        images = []
        for entry in entries:
            photo = Image.open(args.set / entry["file"]).convert("RGB")
            width, height = photo.size
            copy = photo if turn is None else photo.transpose(turn)
            name = str(Path(entry["file"]).with_suffix(".png"))
            (out / name).parent.mkdir(parents=True, exist_ok=True)
            copy.save(out / name, compress_level=1)
            faces = []
            for face in entry["faces"]:
                turned = {k: v for k, v in face.items() if k in ("ignore",)}
                turned["box"] = turned_box(face["box"], angle, width, height)
                faces.append(turned)
            images.append({"file": name, "width": copy.size[0], "height": copy.size[1], "faces": faces})
        name = f"{truth.get('name', 'set')}-first{args.count}-rot{angle}"
        (out / "truth.json").write_text(json.dumps({"name": name, "task": ["detection"], "images": images}))
        print(out, len(images), "photos")


if __name__ == "__main__":
    main()
