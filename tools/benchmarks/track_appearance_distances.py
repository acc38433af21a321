#!/usr/bin/env python3
"""How far apart SFace's descriptors of video frames are, for the tracker's re-identification
distance (`FaceTracker.Options.reidentificationDistance`, docs/video.md): on a generated clip whose
truth is known, every reported face is matched to its true person, and the distances between
descriptors of one person (any two frames) and of two people are summarised.

    facedetect CLIP --json FACES.jsonl --descriptors
    tools/benchmarks/track_appearance_distances.py CLIP FACES.jsonl --scene S [--step 5]

S is a scene of tools/acceptance/photo_pastes_clip.py (`side-by-side`, `returning`) or of
tools/acceptance/video_tracking_clip.py (`leaving`, `crossing`). Only every `--step`-th frame is
used (all pairs of them are compared). Needs numpy and ffprobe.
"""
import argparse
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

ACCEPTANCE = Path(__file__).resolve().parents[1] / "acceptance"


def load(name):
    spec = importlib.util.spec_from_file_location(name, ACCEPTANCE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("clip")
    parser.add_argument("json")
    parser.add_argument("--scene", required=True)
    parser.add_argument("--step", type=int, default=5)
    args = parser.parse_args()
    rate = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                           "stream=r_frame_rate,width,height", "-of", "csv=p=0", args.clip],
                          check=True, capture_output=True, text=True).stdout.strip().split(",")
    width, height = int(rate[0]), int(rate[1])
    num, den = map(int, rate[2].split("/"))
    fps = num / den
    pastes = load("photo_pastes_clip")
    if args.scene in pastes.SCENES:
        scene = pastes.SCENES[args.scene]
        def faces_at(t):
            return [(person, face) for person, _, face in pastes.truth(scene, t) if person]
    else:
        tracking = load("video_tracking_clip")
        tracking.SCENE = args.scene
        tracking.FACES = tracking.LEAVING_FACES if args.scene == "leaving" else tracking.CROSSING_FACES
        def faces_at(t):
            boxes = tracking.truth_boxes(t, width, height)
            return [(tracking.FACES[i][0], face) for i, (_, face) in enumerate(boxes)]
    iou = pastes.iou
    vectors = {}
    for line in open(args.json):
        record = json.loads(line)
        if record["frame"] % args.step:
            continue
        truth = faces_at(record["frame"] / fps)
        for face in record["faces"]:
            if "descriptor" not in face:
                continue
            best = max(truth, key=lambda p: iou(face["box"], p[1]), default=None)
            if best and iou(face["box"], best[1]) >= 0.5:
                vectors.setdefault(best[0], []).append(np.array(face["descriptor"], np.float64))
    people = sorted(vectors)
    report = {}
    for i, a in enumerate(people):
        for b in people[i:]:
            x, y = np.stack(vectors[a]), np.stack(vectors[b])
            d = np.sqrt(np.maximum(0, 2 - 2 * x @ y.T))
            if a == b:
                d = d[np.triu_indices(len(x), 1)]
            else:
                d = d.ravel()
            report[f"{a}/{b}"] = {"pairs": int(d.size), "min": round(float(d.min()), 4),
                                  "median": round(float(np.median(d)), 4), "p99": round(float(np.quantile(d, 0.99)), 4),
                                  "max": round(float(d.max()), 4)}
    json.dump({"faces": {p: len(v) for p, v in vectors.items()}, "distances": report}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
