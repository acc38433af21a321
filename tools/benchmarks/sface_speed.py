#!/usr/bin/env python3
"""SFace per face, this project's network against OpenCV's FaceRecognizerSF.feature, in one session on the same
crop (Fixtures/sface-golden/golden.fdm, Grace Hopper's aligned face), one thread each: ROUNDS alternating rounds of
`sface-bench` (the Swift network, thread CPU time, median of its --repeat runs) and OpenCV (cv2.setNumThreads(1),
the thread's CPU time per `feature` call, median of as many). Prints each round and the medians over the rounds.
docs/identity.md cites it.

    swift build -c release --package-path Benchmarks -Xswiftc -enable-testing --product sface-bench
    /work/peers-venv/bin/python tools/benchmarks/sface_speed.py [--rounds 5] [--repeat 51]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import cv2
import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "models"))
import modelfile  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ONNX = os.path.join(os.path.dirname(ROOT), "shared", "models", "identity", "face_recognition_sface_2021dec_int8bq.onnx")


def opencv_ms(rec, bgr, warmup, repeat):
    for _ in range(warmup):
        rec.feature(bgr)
    times = []
    for _ in range(repeat):
        t = time.thread_time()
        rec.feature(bgr)
        times.append(time.thread_time() - t)
    return 1e3 * statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=51)
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--bench", default=os.path.join(ROOT, "Benchmarks", ".build", "release", "sface-bench"))
    a = ap.parse_args()
    cv2.setNumThreads(1)
    _, t = modelfile.read(os.path.join(ROOT, "Fixtures", "sface-golden", "golden.fdm"))
    bgr = np.ascontiguousarray(t["crop.rgb"][:, :, ::-1])
    rec = cv2.FaceRecognizerSF.create(ONNX, "")
    ours, theirs = [], []
    for r in range(a.rounds):
        out = subprocess.run([a.bench, "--warmup", str(a.warmup), "--repeat", str(a.repeat)], check=True,
                             capture_output=True, text=True).stdout
        ms = float(re.search(r"sface-bench: ([0-9.]+) ms", out).group(1))
        cv = opencv_ms(rec, bgr, a.warmup, a.repeat)
        ours.append(ms)
        theirs.append(cv)
        print(f"round {r + 1}: facedetect {ms:.2f} ms, OpenCV {cv2.__version__} FaceRecognizerSF.feature {cv:.2f} ms "
              f"(thread CPU time, median of {a.repeat})")
    print(f"median over {a.rounds} rounds: facedetect {statistics.median(ours):.2f} ms, OpenCV "
          f"{statistics.median(theirs):.2f} ms per face ({statistics.median(theirs) / statistics.median(ours):.2f}x)")
    print(out.strip())


if __name__ == "__main__":
    main()
