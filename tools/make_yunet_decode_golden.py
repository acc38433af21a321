"""Writes Fixtures/yunet-golden/decode.fdm: YuNet_n's raw outputs (onnxruntime) on a small collage
of the fixture photos, and the faces cv2.FaceDetectorYN finds on the same collage, for the
decoder's unit tests (Tests/FaceDetectionTests/YuNet/YuNetDecoderTests.swift).

Run with the peers' venv (numpy, opencv-python-headless, onnxruntime):
    ../peers-venv/bin/python tools/make_yunet_decode_golden.py [--models ../shared/models/yunet]

The collage (250 x 180, not a multiple of 32, so the padding and the column count are exercised):
astronaut.png scaled to 120 x 120 at (0, 0), grace_hopper.jpg scaled to 100 x 117 at (130, 10),
astronaut.png scaled to 60 x 60 at (150, 120), on mid grey; resized with cv2.INTER_AREA.

Tensors (model kind "GOLD"):
    size                 i32 [2]       width, height of the collage
    {cls,obj}_{8,16,32}  f32 [N]       per cell, row-major over the padded grid
    bbox_{8,16,32}       f32 [N, 4]
    kps_{8,16,32}        f32 [N, 10]
    faces.{t}            f32 [F, 15]   cv2.FaceDetectorYN rows (x, y, w, h, 5 points, score) at
                                       score threshold t in {0.02, 0.3} (names faces.0.02, faces.0.3), NMS 0.45
"""
import argparse
import os
import sys

import cv2
import numpy as np
import onnxruntime as ort

sys.path.insert(0, os.path.dirname(__file__))
import modelfile  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def collage():
    canvas = np.full((180, 250, 3), 128, np.uint8)  # BGR
    astro = cv2.imread(os.path.join(ROOT, "Fixtures/astronaut.png"), cv2.IMREAD_COLOR)
    grace = cv2.imread(os.path.join(ROOT, "Fixtures/grace_hopper.jpg"), cv2.IMREAD_COLOR)
    canvas[0:120, 0:120] = cv2.resize(astro, (120, 120), interpolation=cv2.INTER_AREA)
    canvas[10:127, 130:230] = cv2.resize(grace, (100, 117), interpolation=cv2.INTER_AREA)
    canvas[120:180, 150:210] = cv2.resize(astro, (60, 60), interpolation=cv2.INTER_AREA)
    return canvas


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--models", default=os.path.join(ROOT, "..", "shared", "models", "yunet"))
    ap.add_argument("--out", default=os.path.join(ROOT, "Fixtures", "yunet-golden", "decode.fdm"))
    args = ap.parse_args()
    bgr = collage()
    h, w = bgr.shape[:2]
    pw, ph = ((w - 1) // 32 + 1) * 32, ((h - 1) // 32 + 1) * 32
    padded = np.zeros((ph, pw, 3), np.float32)
    padded[:h, :w] = bgr
    sess = ort.InferenceSession(os.path.join(args.models, "yunet_n_dynamic.onnx"), providers=["CPUExecutionProvider"])
    names = [o.name for o in sess.get_outputs()]
    outs = dict(zip(names, sess.run(None, {"input": padded.transpose(2, 0, 1)[None]})))
    tensors = {"size": np.array([w, h], np.int32)}
    for s in (8, 16, 32):
        n = (pw // s) * (ph // s)
        tensors[f"cls_{s}"] = outs[f"cls_{s}"].reshape(n).astype(np.float32)
        tensors[f"obj_{s}"] = outs[f"obj_{s}"].reshape(n).astype(np.float32)
        tensors[f"bbox_{s}"] = outs[f"bbox_{s}"].reshape(n, 4).astype(np.float32)
        tensors[f"kps_{s}"] = outs[f"kps_{s}"].reshape(n, 10).astype(np.float32)
    for t in (0.02, 0.3):
        det = cv2.FaceDetectorYN.create(os.path.join(args.models, "yunet_n_640_640.onnx"), "", (w, h), t, 0.45, 5000,
                                        cv2.dnn.DNN_BACKEND_OPENCV, cv2.dnn.DNN_TARGET_CPU)
        _, rows = det.detect(bgr)
        rows = np.zeros((0, 15), np.float32) if rows is None else rows.astype(np.float32)
        tensors[f"faces.{t}"] = rows
        print(f"threshold {t}: {len(rows)} faces; top: {np.round(rows[:4, [0, 1, 2, 3, 14]], 2).tolist()}")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    modelfile.write(args.out, "GOLD", tensors)
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes)")


if __name__ == "__main__":
    main()
