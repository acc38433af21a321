#!/usr/bin/env python3
"""Dev-time helper for measuring before FaceDetectionIO decodes JPEG: decodes every image of an
eval set (as cv2.imread does, EXIF applied) into binary PPM files under OUT, and writes
OUT/list.tsv with one line per image: ppm path, the `file` of truth.json, width, height.

    ../peers-venv/bin/python tools/benchmarks/decode_to_ppm.py ../shared/eval/detection-dev /tmp/ppm/detection-dev
"""
import json
import os
import sys

import cv2

set_dir, out = sys.argv[1], sys.argv[2]
truth = json.load(open(os.path.join(set_dir, "truth.json")))
os.makedirs(out, exist_ok=True)
with open(os.path.join(out, "list.tsv"), "w") as listing:
    for i, image in enumerate(truth["images"]):
        bgr = cv2.imread(os.path.join(set_dir, image["file"]), cv2.IMREAD_COLOR)
        h, w = bgr.shape[:2]
        path = os.path.join(out, f"{i:05d}.ppm")
        with open(path, "wb") as f:
            f.write(b"P6\n%d %d\n255\n" % (w, h) + cv2.cvtColor(bgr, cv2.COLOR_BGR2RGB).tobytes())
        listing.write(f"{path}\t{image['file']}\t{w}\t{h}\n")
