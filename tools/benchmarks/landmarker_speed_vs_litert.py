#!/usr/bin/env python3
"""Times the Swift face mesh v2 and blendshape model against LiteRT's XNNPACK runs of the same two
networks, interleaved in one run.

Each round runs, one after the other:
  - ours: Benchmarks' `landmarker-bench` (release, built with testing on) on the fixtures, 1 thread:
    `FaceMeshV2Estimator.points(for:in:)` per face (crop included), then `blendshapes(_:)` on its points;
    its median over faces of each face's median of --repeat runs, for each;
  - LiteRT: `Interpreter(model, num_threads=1).invoke()` (the XNNPACK delegate LiteRT applies by
    default) for face_landmarks_detector.tflite on a 256x256x3 float input and face_blendshapes.tflite on
    146 points, inputs already set, networks only; the median of --invokes calls of each after 10
    warm-up calls, the interpreters kept from round to round.
Prints both sides' per-face medians and their ratios for every round (mesh, blendshapes, both), then
the medians of the per-round ratios (the figures to quote: machine load moves both sides of a round alike).

    swift build -c release --package-path Benchmarks --product landmarker-bench -Xswiftc -enable-testing
    /work/venv-expr/bin/python tools/benchmarks/landmarker_speed_vs_litert.py --models ../shared/models/face_landmarker \
        [--rounds 7] [--repeat 21] [--invokes 200] [--pin 0]

--pin CPU runs both sides on one CPU (taskset / sched_setaffinity). numpy and ai-edge-litert.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = ["Fixtures/astronaut.png", "Fixtures/grace_hopper.jpg"]


def ours(binary, repeat, pin):
    """landmarker-bench's medians per face in milliseconds: (mesh v2, blendshapes)."""
    cmd = [binary, "--repeat", str(repeat), "--warmup", "3"]
    if pin is not None:
        cmd = ["taskset", "-c", str(pin)] + cmd
    out = subprocess.run(cmd, input="\n".join(FIXTURES) + "\n", capture_output=True, text=True, cwd=ROOT,
                         check=True)
    m = [re.search(rf"landmarker-bench {name} \(per face.*?median ([0-9.e-]+) s", out.stderr)
         for name in ("mesh v2", "blendshapes")]
    if not all(m):
        sys.exit("landmarker-bench printed no medians:\n" + out.stderr)
    return float(m[0][1]) * 1000, float(m[1][1]) * 1000


def interpreter(path, shape):
    from ai_edge_litert.interpreter import Interpreter
    it = Interpreter(model_path=path, num_threads=1)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], np.random.default_rng(13).random(shape, dtype=np.float32) * 100)
    for _ in range(10):
        it.invoke()
    return it


def median_invoke(it, count):
    times = []
    for _ in range(count):
        t = time.perf_counter()
        it.invoke()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", required=True, help="the folder with face_landmarks_detector.tflite and face_blendshapes.tflite")
    ap.add_argument("--binary", default=os.path.join(ROOT, "Benchmarks/.build/release/landmarker-bench"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=21, help="landmarker-bench --repeat (runs per face)")
    ap.add_argument("--invokes", type=int, default=200, help="timed LiteRT invokes per model per round")
    ap.add_argument("--pin", type=int, help="run both sides on this CPU")
    args = ap.parse_args()
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})
    mesh = interpreter(os.path.join(args.models, "face_landmarks_detector.tflite"), (1, 256, 256, 3))
    blend = interpreter(os.path.join(args.models, "face_blendshapes.tflite"), (1, 146, 2))
    rows = []
    print(f"{'round':>5} {'ours mesh':>9} {'LiteRT':>7} {'ratio':>6} {'ours blend':>10} {'LiteRT':>7} {'ratio':>6} "
          f"{'both ratio':>10}")
    for r in range(args.rounds):
        a_mesh, a_blend = ours(args.binary, args.repeat, args.pin)
        b_mesh = median_invoke(mesh, args.invokes)
        b_blend = median_invoke(blend, args.invokes)
        both = (a_mesh + a_blend) / (b_mesh + b_blend)
        rows.append((a_mesh, b_mesh, a_mesh / b_mesh, a_blend, b_blend, a_blend / b_blend, both))
        print(f"{r + 1:>5} {a_mesh:9.3f} {b_mesh:7.3f} {a_mesh / b_mesh:6.2f} {a_blend:10.3f} {b_blend:7.3f} "
              f"{a_blend / b_blend:6.2f} {both:10.2f}", flush=True)
    med = [statistics.median(c) for c in zip(*rows)]
    print(f"median over {args.rounds} rounds (ms per face): mesh v2 ours {med[0]:.3f}, LiteRT {med[1]:.3f}, "
          f"ratio {med[2]:.2f}; blendshapes ours {med[3]:.3f}, LiteRT {med[4]:.3f}, ratio {med[5]:.2f}; "
          f"both ratio {med[6]:.2f} (min {min(r[6] for r in rows):.2f}, max {max(r[6] for r in rows):.2f})")


if __name__ == "__main__":
    main()
