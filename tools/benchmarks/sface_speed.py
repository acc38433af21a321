#!/usr/bin/env python3
"""SFace per face, this project's network against OpenCV's FaceRecognizerSF.feature, in one session on the same
crop (Fixtures/sface-golden/golden.fdm, Grace Hopper's aligned face), one thread each: ROUNDS alternating rounds of
`sface-bench` (the Swift network, thread CPU time, median of its --repeat runs) and OpenCV (cv2.setNumThreads(1),
the thread's CPU time per `feature` call, median of as many). Prints each round and the medians over the rounds.
docs/identity.md cites it.

    swift build -c release --package-path Benchmarks -Xswiftc -enable-testing --product sface-bench
    /work/peers-venv/bin/python tools/benchmarks/sface_speed.py [--rounds 5] [--repeat 51]

--faces N: the descriptor step per face on the faces of N identity-dev images (every len/N-th, as
descriptor-bench's --sample picks them), three ways in alternating rounds, CPU time per face, one thread:
  facedetect   the release tool, `--threads 1`, run on the N images with and without `--descriptors`: the
               difference of its CPU time (user + system) over the faces that got a descriptor (the
               descriptor stage: alignment, crop, network; nothing else differs between the two runs);
  OpenCV       FaceRecognizerSF alignCrop + feature on each face YuNet (FaceDetectorYN, opencv_zoo 2023mar)
               finds in the same images;
  dlib         face_recognition.face_encodings(rgb, [box], 1, "small") (its 5-point predictor, the 150x150
               chip, the ResNet) on the boxes facedetect found (the same faces), one call per face.
    swift build -c release
    taskset -c 1 /work/peers-venv/bin/python tools/benchmarks/sface_speed.py --faces 100 --rounds 3
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
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
ONNX = os.path.join(SHARED, "models", "identity", "face_recognition_sface_2021dec_int8bq.onnx")
YUNET = os.path.join(SHARED, "models", "yunet", "face_detection_yunet_2023mar.onnx")


def per_face(a):
    """The --faces mode: facedetect's stage, OpenCV's alignCrop + feature and dlib's face_encodings per face."""
    import json
    import tempfile
    import face_recognition
    from PIL import Image
    set_dir = os.path.join(SHARED, "eval", "identity-dev")
    images = json.load(open(os.path.join(set_dir, "truth.json")))["images"]
    n = min(a.faces, len(images))
    chosen = [images[k * len(images) // n]["file"] for k in range(n)]
    det = cv2.FaceDetectorYN.create(YUNET, "", (320, 320), 0.5, 0.3, 5000)
    rec = cv2.FaceRecognizerSF.create(ONNX, "")
    bgrs = {f: cv2.imread(os.path.join(set_dir, f)) for f in chosen}
    rgbs = {f: np.asarray(Image.open(os.path.join(set_dir, f)).convert("RGB")) for f in chosen}
    rows = {}
    for f, bgr in bgrs.items():
        h, w = bgr.shape[:2]
        det.setInputSize((w, h))
        _, found = det.detect(bgr)
        rows[f] = [] if found is None else list(found)
    import resource

    def tool_cpu(extra):
        """CPU seconds (user + system) of the tool on the chosen images, and its JSON Lines."""
        out = tempfile.NamedTemporaryFile(suffix=".jsonl", delete=False)
        out.close()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([a.tool, *chosen, "--threads", "1", "--json", out.name, *extra], check=True, cwd=set_dir,
                       capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        lines = open(out.name).read().splitlines()
        os.unlink(out.name)
        return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), lines

    ours, opencv, dlib = [], [], []
    boxes = None
    for r in range(a.rounds):
        plain, _ = tool_cpu([])
        described, lines = tool_cpu(["--descriptors"])
        faces = sum(1 for line in lines for face in json.loads(line)["faces"] if "descriptor" in face)
        ours.append(1e3 * (described - plain) / faces)
        m = [None, None, None, str(faces)]
        if boxes is None:
            boxes = []
            for line in lines:
                rec_line = json.loads(line)
                for face in rec_line["faces"]:
                    if "descriptor" in face:
                        x, y, w, h = face["box"]
                        boxes.append((rec_line["file"], (int(round(y)), int(round(x + w)), int(round(y + h)),
                                                          int(round(x)))))
        times = []
        for f, found in rows.items():
            for row in found:
                if not times and r == 0:
                    rec.feature(rec.alignCrop(bgrs[f], row))
                t = time.thread_time()
                rec.feature(rec.alignCrop(bgrs[f], row))
                times.append(time.thread_time() - t)
        opencv.append(1e3 * statistics.median(times))
        times = []
        for f, loc in boxes:
            if not times and r == 0:
                face_recognition.face_encodings(rgbs[f], [loc], 1, "small")
            t = time.thread_time()
            face_recognition.face_encodings(rgbs[f], [loc], 1, "small")
            times.append(time.thread_time() - t)
        dlib.append(1e3 * statistics.median(times))
        print(f"round {r + 1}: facedetect descriptors {ours[-1]:.2f} ms ({m[3]} faces; runs {plain:.2f} s and "
              f"{described:.2f} s CPU), OpenCV "
              f"{cv2.__version__} alignCrop + feature {opencv[-1]:.2f} ms ({sum(map(len, rows.values()))} faces), "
              f"face_recognition face_encodings {dlib[-1]:.2f} ms ({len(boxes)} faces) (thread CPU, medians)")
    o, c, d = statistics.median(ours), statistics.median(opencv), statistics.median(dlib)
    print(f"median over {a.rounds} rounds, {n} images: facedetect {o:.2f} ms, OpenCV FaceRecognizerSF {c:.2f} ms, "
          f"face_recognition face_encodings {d:.2f} ms per face; facedetect / face_encodings = {o / d:.3f}, "
          f"facedetect / FaceRecognizerSF = {o / c:.3f}")


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
    ap.add_argument("--faces", type=int, help="per face on N identity-dev images, three ways (see above)")
    ap.add_argument("--tool", default=os.path.join(ROOT, ".build", "release", "facedetect"))
    a = ap.parse_args()
    cv2.setNumThreads(1)
    if a.faces:
        per_face(a)
        return
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
