#!/usr/bin/env python3
"""Checks score.py does not make, on attribute predictions (SCHEMA JSON Lines) of the dev sets:

    python3 tools/acceptance/attribute_checks.py SET_DIR PREDICTIONS.jsonl

- roll: mean |eulerZ - angle of the truth eye line| (degrees, ML Kit sign: counter-clockwise in the
  image positive, i.e. atan2(-(leftEye.y - rightEye.y), leftEye.x - rightEye.x));
- smile / eyes: per-class rates at 0.5 and a reliability table (probability bins vs observed rate).
The face that speaks for an image is the detection nearest the image centre (score.py --pick central).
"""
import json
import math
import sys


def central(rec):
    cx, cy = rec["width"] / 2, rec["height"] / 2
    return min(rec["faces"], key=lambda f: (f["box"][0] + f["box"][2] / 2 - cx) ** 2 + (f["box"][1] + f["box"][3] / 2 - cy) ** 2, default=None)


def reliability(pairs, name):
    print(f"{name}: n {len(pairs)}")
    pos = [p for p, y in pairs if y]; neg = [p for p, y in pairs if not y]
    print(f"  positive recall (p >= 0.5) {sum(p >= 0.5 for p in pos) / max(1, len(pos)):.3f} of {len(pos)}"
          f"   negative recall (p < 0.5) {sum(p < 0.5 for p in neg) / max(1, len(neg)):.3f} of {len(neg)}")
    print("  bin       n   mean p  observed")
    for b in range(10):
        sel = [(p, y) for p, y in pairs if b / 10 <= p < (b + 1) / 10 or (b == 9 and p == 1)]
        if sel:
            print(f"  {b / 10:.1f}-{(b + 1) / 10:.1f}  {len(sel):4d}  {sum(p for p, _ in sel) / len(sel):.3f}  {sum(y for _, y in sel) / len(sel):.3f}")


def main():
    set_dir, pred_path = sys.argv[1], sys.argv[2]
    truth = {im["file"]: im for im in json.load(open(f"{set_dir}/truth.json"))["images"]}
    rolls, smiles, eyes = [], [], []
    for line in open(pred_path):
        rec = json.loads(line)
        f, t = central(rec), truth[rec["file"]]["faces"][0]
        if f is None:
            continue
        L = t.get("landmarks", {})
        if "eulerZ" in f and "leftEye" in L and "rightEye" in L:
            le, re = L["leftEye"], L["rightEye"]
            line_angle = math.degrees(math.atan2(-(le[1] - re[1]), le[0] - re[0]))
            rolls.append(abs((f["eulerZ"] - line_angle + 180) % 360 - 180))
        if "smiling" in t and "smilingProbability" in f:
            smiles.append((f["smilingProbability"], t["smiling"]))
        for side in ("left", "right"):
            if f"{side}EyeOpen" in t and f"{side}EyeOpenProbability" in f:
                eyes.append((f[f"{side}EyeOpenProbability"], t[f"{side}EyeOpen"]))
    if rolls:
        rolls.sort()
        print(f"roll: mean |eulerZ - eye line| {sum(rolls) / len(rolls):.2f} deg  median {rolls[len(rolls) // 2]:.2f}  n {len(rolls)}")
    if smiles:
        reliability(smiles, "smiling")
    if eyes:
        reliability(eyes, "eye open (both eyes pooled)")


if __name__ == "__main__":
    main()
