#!/usr/bin/env python3
"""Makes README's picture, docs/images/faces.png: the two public-domain fixture photos' faces
(Fixtures/astronaut.png, Fixtures/grace_hopper.jpg; Fixtures/README.md) pasted at 28 to 190 px on a
plain canvas, then drawn on by the tool itself with its defaults and `--labels`.

    ../peers-venv/bin/python tools/dev/make_readme_picture.py [--binary .build/release/facedetect]

Needs Pillow and a release build. The scene goes to a temporary folder; only the tool's output is kept.
"""
import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "acceptance"))
from synthetic_scenes import PHOTOS, head  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# (photo index, face width, mirrored) of each pasted head, left to right.
LAYOUT = [(0, 150, False), (1, 110, True), (0, 76, True), (1, 52, False), (0, 36, False), (1, 26, True)]
GAP = 36


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "facedetect"))
    args = parser.parse_args()
    photos = [(Image.open(ROOT / "Fixtures" / name).convert("RGB"), box) for name, box in PHOTOS]
    patches = [head(photos[index][0], photos[index][1], width / photos[index][1][2], mirrored)[0]
               for index, width, mirrored in LAYOUT]
    width = GAP + sum(patch.width + GAP for patch in patches)
    height = max(patch.height for patch in patches) + 2 * GAP
    canvas = Image.new("RGB", (width, height), (226, 230, 234))
    x = GAP
    for patch in patches:
        canvas.paste(patch, (x, height - GAP - patch.height))  # bottoms aligned
        x += patch.width + GAP
    out = ROOT / "docs" / "images" / "faces.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as directory:
        scene = Path(directory) / "scene.png"
        canvas.save(scene)
        subprocess.run([args.binary, str(scene), "-o", str(out), "--labels"], check=True)
    print(out)


if __name__ == "__main__":
    main()
