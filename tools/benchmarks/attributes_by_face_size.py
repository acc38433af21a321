#!/usr/bin/env python3
"""How the measured attributes hold as faces get small: each photo of a labelled set shrunk so that
its central face is N pixels wide, then scored by score.py at the binary's defaults.

For every set and size, each image is shrunk (box filter) by N / w, where w is the width of the
central face the binary finds in the full-size image, and framed by a mid-grey border N pixels wide
(a face crop shrunk to 16 px would otherwise be a 16-px image); the truth is moved with it. Images
whose face is already narrower than N are left out of that size. Prints one line per set and size
with the figures score.py gives (eyes-dev: pooled eye-open AUC; smile-dev: smile AUC and NME;
landmarks5-dev: NME; each with its coverage).

docs/what-is-reported.md uses it to choose the face size from which the mesh runs
(`FaceDetector.meshMinimumFace`): run it once with the release binary and once with a build whose
`meshMinimumFace` is 0 (the mesh on every face), and compare.

    tools/benchmarks/attributes_by_face_size.py --binary .build/release/facedetect \\
        --eval ../shared/eval --sizes 16 24 32 48 64

Python 3 with Pillow (dev-time only).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from PIL import Image

SETS = {"eyes-dev": "eyes", "smile-dev": "smile", "landmarks5-dev": "landmarks"}


def run_binary(binary, folder, out):
    subprocess.run([binary, "images", "--json", out, "-q", "--threads", "2"], cwd=folder, check=True)
    return {r["file"]: r for r in map(json.loads, open(out))}


def central_width(record):
    """The width of the detection nearest the image centre (None without one)."""
    cx, cy = record["width"] / 2, record["height"] / 2
    best = None
    for f in record.get("faces", []):
        x, y, w, h = f["box"]
        d = (x + w / 2 - cx) ** 2 + (y + h / 2 - cy) ** 2
        if best is None or d < best[0]:
            best = (d, w)
    return best and best[1]


def moved(value, k, pad):
    """A box [x, y, w, h] or a point [x, y] shrunk by k and shifted by the border."""
    if len(value) == 4:
        return [value[0] * k + pad, value[1] * k + pad, value[2] * k, value[3] * k]
    return [value[0] * k + pad, value[1] * k + pad]


def shrunk_set(root, truth, widths, size, folder):
    """Writes the set shrunk to `size`-px central faces into `folder`; returns how many images."""
    images = []
    for img in truth["images"]:
        w = widths.get(img["file"])
        if not w or w <= size:
            continue
        k = size / w
        pad = size
        with Image.open(os.path.join(root, img["file"])) as src:
            src = src.convert("RGB")
            small = src.resize((max(1, round(src.width * k)), max(1, round(src.height * k))), Image.BOX)
        canvas = Image.new("RGB", (small.width + 2 * pad, small.height + 2 * pad), (128, 128, 128))
        canvas.paste(small, (pad, pad))
        path = os.path.join(folder, img["file"])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        canvas.save(os.path.splitext(path)[0] + ".png")
        faces = []
        for f in img["faces"]:
            f = dict(f)
            f["box"] = moved(f["box"], k, pad)
            if "landmarks" in f:
                f["landmarks"] = {n: moved(p, k, pad) for n, p in f["landmarks"].items()}
            faces.append(f)
        images.append(dict(img, file=os.path.splitext(img["file"])[0] + ".png",
                           width=canvas.width, height=canvas.height, faces=faces))
    json.dump(dict(truth, images=images), open(os.path.join(folder, "truth.json"), "w"))
    return len(images)


def score_lines(score, folder, pred, kind):
    out = subprocess.run([sys.executable, score, "--truth", os.path.join(folder, "truth.json"), "--pred", pred,
                          "--pick", "central"], capture_output=True, text=True, check=True).stdout
    keep = {"eyes": ("pooled",), "smile": ("smiling", "landmarks  NME"), "landmarks": ("landmarks  NME",)}[kind]
    return [" ".join(l.split()) for l in out.splitlines() if any(s in l for s in keep)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--binary", required=True)
    ap.add_argument("--eval", required=True, help="the folder holding eyes-dev, smile-dev, landmarks5-dev")
    ap.add_argument("--score", default=None, help="score.py (default: EVAL/../tools/score.py)")
    ap.add_argument("--sizes", type=int, nargs="+", default=[16, 24, 32, 48, 64])
    ap.add_argument("--sets", nargs="+", default=list(SETS))
    a = ap.parse_args()
    binary = os.path.abspath(a.binary)
    score = a.score or os.path.join(a.eval, "..", "tools", "score.py")
    with tempfile.TemporaryDirectory() as tmp:
        for name in a.sets:
            root = os.path.join(a.eval, name)
            truth = json.load(open(os.path.join(root, "truth.json")))
            full = run_binary(binary, root, os.path.join(tmp, name + "-full.jsonl"))
            widths = {f: central_width(r) for f, r in full.items()}
            for size in a.sizes:
                folder = os.path.join(tmp, f"{name}-{size}")
                os.makedirs(folder)
                n = shrunk_set(root, truth, widths, size, folder)
                pred = os.path.join(tmp, f"{name}-{size}.jsonl")
                run_binary(binary, folder, pred)
                for line in score_lines(score, folder, pred, SETS[name]):
                    print(f"{name:15s} {size:4d} px  n {n:4d}  {line}", flush=True)


if __name__ == "__main__":
    main()
