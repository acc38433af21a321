#!/usr/bin/env python3
"""SFace's raw (un-normalised) feature norm for the face quality_edc.py picks in each photo.

  quality_sface_norm.py --truth TRUTH --pred run.jsonl --images DIR --out norms.jsonl

For every image of truth.json, the face nearest the image's centre (quality_edc.py's `central`) of the run's
faces is aligned by OpenCV's FaceRecognizerSF.alignCrop from a YuNet-style face row built from the tool's own box
and five landmarks (subject's right eye, left eye, nose tip, right mouth corner, left mouth corner, as
SFaceAlignment.landmarkTypes; the tool's coordinates put pixel centres at +0.5, OpenCV's at whole numbers, so 0.5
is subtracted, as SFaceAlignment does), then FaceRecognizerSF.feature gives the 1x128 output. Written per image:
file, the box, the L2 norm of the raw feature, the cosine of the normalised feature with the tool's descriptor
(a check that the same face and alignment were used), and the seconds alignCrop + feature took.
"""
import argparse
import json
import math
import os
import sys
import time

import cv2
import numpy as np

sys.dont_write_bytecode = True  # import quality_edc without writing a __pycache__ into tools/
SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from quality_edc import central  # noqa: E402  (the same pick of the face)

ORDER = ["rightEye", "leftEye", "noseTip", "mouthRight", "mouthLeft"]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--truth", required=True)
    p.add_argument("--pred", required=True)
    p.add_argument("--images", required=True, help="the set's folder (files are relative to it)")
    p.add_argument("--model", default=os.path.join(SHARED, "models", "identity", "face_recognition_sface_2021dec_int8bq.onnx"))
    p.add_argument("--out", required=True)
    p.add_argument("--only-paired", action="store_true", help="only the images that are in a pair")
    p.add_argument("--align", choices=["tool", "tool+yunet", "yunet"], default="tool",
                   help="tool: the tool's five points only (faces lacking one get no norm); tool+yunet: a point the "
                        "tool's JSON leaves out (hidden by yaw) taken from OpenCV's YuNet face that overlaps the "
                        "tool's box most; yunet: OpenCV's reference pipeline, YuNet's whole face row")
    p.add_argument("--yunet", default=os.path.join(SHARED, "models", "yunet", "face_detection_yunet_2023mar.onnx"))
    args = p.parse_args()
    cv2.setNumThreads(1)
    truth = json.load(open(args.truth))
    records = {}
    for line in open(args.pred):
        r = json.loads(line)
        records[r["file"].removeprefix("./")] = r
    paired = set()
    for i, j, *_ in truth["pairs"]:
        paired.update((i, j))
    rec = cv2.FaceRecognizerSF.create(args.model, "")
    det = cv2.FaceDetectorYN.create(args.yunet, "", (320, 320), 0.5, 0.3, 5000) if args.align != "tool" else None

    def iou(a, b):
        ax2, ay2, bx2, by2 = a[0] + a[2], a[1] + a[3], b[0] + b[2], b[1] + b[3]
        w = max(0.0, min(ax2, bx2) - max(a[0], b[0]))
        h = max(0.0, min(ay2, by2) - max(a[1], b[1]))
        u = a[2] * a[3] + b[2] * b[3] - w * h
        return w * h / u if u > 0 else 0.0
    out = open(args.out, "w")
    n = 0
    for k, image in enumerate(truth["images"]):
        if args.only_paired and k not in paired:
            continue
        r = records.get(image["file"])
        if not r or not r.get("faces"):
            continue
        f = central(r["faces"], r.get("width", image["width"]), r.get("height", image["height"]))
        lm = f.get("landmarks", {})
        lacking = [name for name in ORDER if name not in lm]
        if lacking and args.align == "tool":
            out.write(json.dumps({"file": image["file"], "box": f["box"], "norm": None}) + "\n")
            continue
        img = cv2.imread(os.path.join(args.images, image["file"]), cv2.IMREAD_COLOR)
        yrow = None
        if args.align != "tool" and (lacking or args.align == "yunet"):
            det.setInputSize((img.shape[1], img.shape[0]))
            _, found = det.detect(img)
            tb = [f["box"][0] - 0.5, f["box"][1] - 0.5, f["box"][2], f["box"][3]]
            if found is not None and len(found):
                best = max(found, key=lambda y: iou(tb, y[:4]))
                if iou(tb, best[:4]) > 0.3:
                    yrow = [float(v) for v in best[:15]]
            if yrow is None:
                out.write(json.dumps({"file": image["file"], "box": f["box"], "norm": None,
                                      "lacking": lacking, "yunet": False}) + "\n")
                continue
        if args.align == "yunet":
            row = yrow
        else:
            row = list(f["box"][:2]) + list(f["box"][2:4])
            row = [row[0] - 0.5, row[1] - 0.5, row[2], row[3]]
            for k, name in enumerate(ORDER):
                if name in lm:
                    row += [lm[name][0] - 0.5, lm[name][1] - 0.5]
                else:
                    row += yrow[4 + 2 * k: 6 + 2 * k]
            row.append(f["score"])
        t0 = time.perf_counter()
        crop = rec.alignCrop(img, np.array([row], dtype=np.float32))
        feat = rec.feature(crop).reshape(-1).astype(np.float64)
        dt = time.perf_counter() - t0
        norm = float(np.linalg.norm(feat))
        cos = None
        if "descriptor" in f:
            d = np.array(f["descriptor"], dtype=np.float64)
            cos = float(feat @ d / (norm * (np.linalg.norm(d) or 1.0)))
        out.write(json.dumps({"file": image["file"], "box": f["box"], "norm": norm, "cosTool": cos,
                              "seconds": dt, "lacking": lacking}) + "\n")
        n += 1
    out.close()
    print(f"{n} faces", file=sys.stderr)


if __name__ == "__main__":
    main()
