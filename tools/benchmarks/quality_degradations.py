#!/usr/bin/env python3
"""Degraded copies of real faces, and the check that `captureQuality` prefers each original (docs/quality.md).

  make  OUT [--sets landmarks5-dev smile-dev] [--eval ../shared/eval]
        writes OUT/original/NAME.png (the photo as decoded) and OUT/KIND/NAME.png|jpg for every kind below,
        and OUT/faces.json (each photo's eye points, from the set's truth). The photos are evaluation data:
        keep OUT outside the repository.
  score OUT FACEDETECT
        runs FACEDETECT on each folder (`--json`, 2 threads, defaults), takes in each photo the face whose box
        holds both truth eyes (the one nearest the eyes' midpoint), and prints, per kind, the pairs where
        both faces have a captureQuality and the share where the original's is higher.

The kinds (each applied to the whole photo, in 8-bit sRGB):
  blur1.5, blur3   Gaussian blur, sigma 1.5 and 3 px (OpenCV's GaussianBlur, kernel from sigma)
  motion9          motion blur along a line 9 px long, at an angle drawn per photo (seeded)
  noise15          Gaussian noise, sigma 15 levels, per channel (seeded)
  jpeg10           JPEG at quality 10 (OpenCV's encoder, 4:2:0)
  ev-2, ev+2       exposure -2 and +2 EV: linear light (sRGB decoded) times 1/4 and 4, clipped, re-encoded
  down24           the photo scaled so that the face (twice the eye distance) is 24 px wide (area), and
                   back to its size (bilinear)
"""
import argparse
import functools
import hashlib
import json
import os
import subprocess
import sys

import cv2
import numpy as np

KINDS = ["blur1.5", "blur3", "motion9", "noise15", "jpeg10", "ev-2", "ev+2", "down24"]


def srgb_to_linear(v):
    v = v / 255.0
    return np.where(v <= 0.04045, v / 12.92, ((v + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(v):
    v = np.clip(v, 0, 1)
    s = np.where(v <= 0.0031308, v * 12.92, 1.055 * v ** (1 / 2.4) - 0.055)
    return np.clip(np.round(s * 255), 0, 255).astype(np.uint8)


def motion_kernel(length, angle):
    k = np.zeros((length, length), np.float32)
    c = (length - 1) / 2
    dx, dy = np.cos(angle), np.sin(angle)
    for t in np.linspace(-c, c, length * 4):
        x, y = int(round(c + t * dx)), int(round(c + t * dy))
        k[y, x] = 1
    return k / k.sum()


def degrade(kind, bgr, eye_distance, rng):
    """The photo `bgr` (uint8) degraded by `kind`: (array, extension)."""
    if kind == "blur1.5":
        return cv2.GaussianBlur(bgr, (0, 0), 1.5), "png"
    if kind == "blur3":
        return cv2.GaussianBlur(bgr, (0, 0), 3.0), "png"
    if kind == "motion9":
        return cv2.filter2D(bgr, -1, motion_kernel(9, rng.uniform(0, np.pi))), "png"
    if kind == "noise15":
        noisy = bgr.astype(np.float32) + rng.normal(0, 15, bgr.shape)
        return np.clip(np.round(noisy), 0, 255).astype(np.uint8), "png"
    if kind == "jpeg10":
        ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, 10])
        return cv2.imdecode(data, cv2.IMREAD_COLOR), "jpg"
    if kind in ("ev-2", "ev+2"):
        factor = 0.25 if kind == "ev-2" else 4.0
        return linear_to_srgb(srgb_to_linear(bgr.astype(np.float64)) * factor), "png"
    if kind == "down24":
        h, w = bgr.shape[:2]
        scale = 24.0 / max(2 * eye_distance, 1)
        small = cv2.resize(bgr, (max(1, round(w * scale)), max(1, round(h * scale))), interpolation=cv2.INTER_AREA)
        return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR), "png"
    raise ValueError(kind)


def make(args):
    rng = np.random.default_rng(20261207)
    faces = {}
    for name in KINDS + ["original"]:
        os.makedirs(os.path.join(args.out, name), exist_ok=True)
    for s in args.sets:
        truth = json.load(open(os.path.join(args.eval, s, "truth.json")))
        for image in truth["images"]:
            face = image["faces"][0]
            marks = face.get("landmarks", {})
            if "leftEye" not in marks or "rightEye" not in marks:
                continue
            bgr = cv2.imread(os.path.join(args.eval, s, image["file"]), cv2.IMREAD_COLOR)
            if bgr is None:
                continue
            stem = s + "__" + os.path.splitext(image["file"].replace("images/", "").replace("/", "__"))[0]
            left, right = np.array(marks["leftEye"]), np.array(marks["rightEye"])
            eye_distance = float(np.linalg.norm(left - right))
            faces[stem] = {"leftEye": marks["leftEye"], "rightEye": marks["rightEye"]}
            cv2.imwrite(os.path.join(args.out, "original", stem + ".png"), bgr)
            for kind in KINDS:
                out, ext = degrade(kind, bgr, eye_distance, rng)
                path = os.path.join(args.out, kind, stem + "." + ext)
                if ext == "jpg":
                    ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, 10])
                    open(path, "wb").write(data.tobytes())
                else:
                    cv2.imwrite(path, out)
    json.dump(faces, open(os.path.join(args.out, "faces.json"), "w"))
    print(f"{len(faces)} faces, {len(KINDS)} kinds -> {args.out}")


def face_of(record, eyes):
    """The face of `record` whose box holds both eyes, nearest their midpoint."""
    mid = (np.array(eyes["leftEye"]) + np.array(eyes["rightEye"])) / 2
    best, best_d = None, None
    for f in record.get("faces", []):
        x, y, w, h = f["box"]
        if all(x <= p[0] <= x + w and y <= p[1] <= y + h for p in (eyes["leftEye"], eyes["rightEye"])):
            d = np.linalg.norm(np.array([x + w / 2, y + h / 2]) - mid)
            if best is None or d < best_d:
                best, best_d = f, d
    return best


@functools.cache
def run_key(tool, extra):
    """A short hash of the binary and its options: a run of another build is never read back."""
    with open(tool, "rb") as f:
        return hashlib.sha256(f.read() + " ".join(extra).encode()).hexdigest()[:12]


def read_run(out, kind, tool, extra):
    path = os.path.join(out, f"run-{kind}-{run_key(tool, tuple(extra))}.jsonl")
    if not os.path.exists(path):
        subprocess.run([tool, os.path.join(out, kind), "--json", path, "--threads", "2"] + extra,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    records = {}
    for line in open(path):
        r = json.loads(line)
        records[os.path.splitext(os.path.basename(r["file"]))[0]] = r
    return records


def score(args):
    faces = json.load(open(os.path.join(args.out, "faces.json")))
    originals = read_run(args.out, "original", args.tool, args.extra)
    total_wins = total = 0
    print("| kind | pairs | original higher | share | degraded face not measured |")
    print("|---|---:|---:|---:|---:|")
    for kind in KINDS:
        degraded = read_run(args.out, kind, args.tool, args.extra)
        wins = pairs = lost = 0
        for stem, eyes in faces.items():
            a = face_of(originals.get(stem, {}), eyes)
            b = face_of(degraded.get(stem, {}), eyes)
            qa = a.get(args.key) if a else None
            if qa is None:
                continue
            qb = b.get(args.key) if b else None
            if qb is None:  # the degraded face not found or not measured in full: left out, counted
                lost += 1
                continue
            pairs += 1
            wins += qa > qb
        total_wins += wins
        total += pairs
        print(f"| {kind} | {pairs} | {wins} | {wins / max(pairs, 1):.3f} | {lost} |")
    print(f"| all | {total} | {total_wins} | {total_wins / max(total, 1):.3f} | |")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make")
    m.add_argument("out")
    m.add_argument("--sets", nargs="+", default=["landmarks5-dev", "smile-dev"])
    m.add_argument("--eval", default=os.path.join(os.path.dirname(__file__), "../../../shared/eval"))
    s = sub.add_parser("score")
    s.add_argument("out")
    s.add_argument("tool")
    s.add_argument("--key", default="captureQuality")
    s.add_argument("extra", nargs="*")
    args = p.parse_args()
    make(args) if args.command == "make" else score(args)


if __name__ == "__main__":
    sys.exit(main())
