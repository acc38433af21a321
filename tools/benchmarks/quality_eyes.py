#!/usr/bin/env python3
"""The AUC of captureQuality for open against closed eyes on an eyes set (docs/quality.md).

  quality_eyes.py --truth ../shared/eval/eyes-dev/truth.json --pred run.jsonl

--pred is `facedetect images --json run.jsonl` run in the set's folder (the defaults). Each image's face is the one
nearest its centre. The AUC is the chance that an open-eyed face scores higher than a closed-eyed one (ties count
half); 0.5 means the score does not tell them apart. The same is printed for the eye-open probabilities (the lower
of the two) and for ShotValue's product (quality times 1/2 + 1/2 x the lower probability), which --best and --rank
use.
"""
import argparse
import json


def central(faces, width, height):
    return min(faces, key=lambda f: (f["box"][0] + f["box"][2] / 2 - width / 2) ** 2
               + (f["box"][1] + f["box"][3] / 2 - height / 2) ** 2) if faces else None


def auc(positive, negative):
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return wins / (len(positive) * len(negative))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--truth", required=True)
    p.add_argument("--pred", required=True)
    args = p.parse_args()
    records = {}
    for line in open(args.pred):
        r = json.loads(line)
        records[r["file"].lstrip("./")] = r
    values = {"captureQuality": ([], []), "eye-open probability": ([], []), "quality x eye factor": ([], [])}
    missing = 0
    for image in json.load(open(args.truth))["images"]:
        r = records.get(image["file"])
        face = central(r.get("faces", []), image["width"], image["height"]) if r else None
        if not face or "captureQuality" not in face or "leftEyeOpenProbability" not in face:
            missing += 1
            continue
        is_open = image["faces"][0]["leftEyeOpen"]
        eyes = min(face["leftEyeOpenProbability"], face["rightEyeOpenProbability"])
        for name, value in [("captureQuality", face["captureQuality"]), ("eye-open probability", eyes),
                            ("quality x eye factor", face["captureQuality"] * (0.5 + 0.5 * eyes))]:
            values[name][0 if is_open else 1].append(value)
    opened, closed = values["captureQuality"]
    print(f"{len(opened)} open, {len(closed)} closed, {missing} without a measured face")
    for name, (o, c) in values.items():
        mean_o, mean_c = sum(o) / len(o), sum(c) / len(c)
        print(f"{name}: AUC {auc(o, c):.3f}, mean open {mean_o:.3f}, mean closed {mean_c:.3f}")


if __name__ == "__main__":
    main()
