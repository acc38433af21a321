#!/usr/bin/env python3
"""Writes the OpenCV reference data the cascade tests compare with (Fixtures/cascade/).

Run from the repository root with the peers venv (OpenCV 4.14, numpy):
    ../peers-venv/bin/python tools/make_cascade_golden.py OPENCV_HAARCASCADES_DIR

For each photo (Fixtures/astronaut.png, Fixtures/grace_hopper.jpg is skipped: JPEG decoders differ):
- CRC-32 of OpenCV's grey image (cvtColor RGB->GRAY) and of its equalizeHist;
- CRC-32 of the equalised image resized with INTER_LINEAR_EXACT to a few odd sizes;
- for each cascade, every raw window detectMultiScale3 accepts in the crop x 120..375, y 0..199 of
  the equalised image (minNeighbors=0, outputRejectLevels=True, scaleFactor 1.1, minSize 20):
  x, y, w, h and the last stage sum (a crop keeps the debug-build test short).
"""
import json
import os
import sys
import zlib

import cv2
import numpy as np

cv2.setNumThreads(1)
haar = sys.argv[1]
out = {"opencv": cv2.__version__, "images": {}}
for name in ["astronaut.png"]:
    bgr = cv2.imread(os.path.join("Fixtures", name))
    gray = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY)
    eq = cv2.equalizeHist(gray)
    entry = {"width": bgr.shape[1], "height": bgr.shape[0],
             "grayCRC32": zlib.crc32(gray.tobytes()), "equalizedCRC32": zlib.crc32(eq.tobytes()),
             "resized": [], "windows": {}}
    for w, h in [(465, 465), (301, 217), (93, 111), (512, 1), (7, 600)]:
        r = cv2.resize(eq, (w, h), interpolation=cv2.INTER_LINEAR_EXACT)
        entry["resized"].append({"width": w, "height": h, "crc32": zlib.crc32(r.tobytes())})
    for cascade in ["haarcascade_frontalface_alt2", "haarcascade_frontalface_default"]:
        cc = cv2.CascadeClassifier(os.path.join(haar, cascade + ".xml"))
        crop = np.ascontiguousarray(eq[0:200, 120:376])
        rects, levels, weights = cc.detectMultiScale3(crop, scaleFactor=1.1, minNeighbors=0, minSize=(20, 20),
                                                      flags=0, outputRejectLevels=True)
        rows = sorted([int(v) for v in r] + [round(float(s), 5)] for r, s in zip(np.reshape(rects, (-1, 4)), np.reshape(weights, -1)))
        entry["windows"][cascade] = rows
    entry["crop"] = [120, 0, 256, 200]
    out["images"][name] = entry
with open("Fixtures/cascade/opencv_reference.json", "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print({k: {c: len(v) for c, v in e["windows"].items()} for k, e in out["images"].items()})
