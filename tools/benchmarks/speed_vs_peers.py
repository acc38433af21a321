#!/usr/bin/env python3
"""Times facedetect on exactly the photos a peers.py run timed, and prints one table.

Run peers.py first (same machine, same session), e.g. from the folder holding shared/:
    peers-venv/bin/python shared/tools/peers.py --set shared/eval/detection-dev --peer all \
        --sample 40 --repeat 3 --threads 1 --out-dir peer-runs/speed
then, from the repository (release build):
    swift build -c release
    python3 tools/benchmarks/speed_vs_peers.py --set ../shared/eval/detection-dev --peers ../peer-runs/speed \
        --out ../peer-runs/speed [--repeat 3] [--min-face-size 20px]
        [--config "accurate=--mode accurate --min-face-size 10px" --config "mtcnn=--detector mtcnn" ...]

For each mode, facedetect runs single-threaded (`--threads 1`, pinned to CPU 0 like peers.py pins
itself) over the same photos `--repeat` times; per photo the median `seconds` (detect call only,
decode excluded, as peers.py times its peers) is kept, written to OUT/facedetect-<mode>.jsonl, and
the median over photos is compared with each peer's. Standard library only.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys


def records(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", required=True)
    ap.add_argument("--peers", required=True, help="peers.py --out-dir of the speed run")
    ap.add_argument("--out", required=True)
    ap.add_argument("--binary", default=".build/release/facedetect")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--min-face-size", default="20px")
    ap.add_argument("--modes", default="fast,accurate")
    ap.add_argument("--config", action="append", default=[],
                    help="NAME=ARGS: time facedetect with these arguments (after the defaults) under NAME; "
                         "replaces --modes when given; repeat for several")
    ap.add_argument("--extra", default="--landmarks none --classification none",
                    help="extra facedetect arguments (default: boxes only, as the peers give)")
    args = ap.parse_args()

    peer_files = sorted(f for f in os.listdir(args.peers) if f.endswith(".jsonl") and not f.startswith("facedetect-"))
    reference = records(os.path.join(args.peers, peer_files[0]))
    files = [r["file"] for r in reference]
    binary = os.path.abspath(args.binary)
    os.makedirs(args.out, exist_ok=True)
    rows = []
    configs = [c.split("=", 1) for c in args.config] or [(m, f"--mode {m}") for m in args.modes.split(",")]
    for name, extra in configs:
        runs = []
        for _ in range(args.repeat):
            cmd = ["taskset", "-c", "0", binary, "-", "--json", "-", "--threads", "1", "--no-progress",
                   "--min-face-size", args.min_face_size] + args.extra.split() + extra.split()
            out = subprocess.run(cmd, input="\n".join(files) + "\n", capture_output=True, text=True,
                                 cwd=args.set, check=False)
            if out.returncode not in (0, 2):
                sys.exit(f"facedetect failed ({out.returncode}): {out.stderr.strip()}")
            runs.append({r["file"]: r for r in map(json.loads, out.stdout.splitlines())})
        merged = []
        for f in files:
            first = dict(runs[0][f])
            first["secondsAll"] = [run[f]["seconds"] for run in runs]
            first["seconds"] = statistics.median(first["secondsAll"])
            merged.append(first)
        path = os.path.join(args.out, f"facedetect-{name}.jsonl")
        with open(path, "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in merged)
        rows.append((f"facedetect {name}", statistics.median(r["seconds"] for r in merged)))
    for name in peer_files:
        recs = records(os.path.join(args.peers, name))
        rows.append((name[:-6], statistics.median(r["seconds"] for r in recs if "seconds" in r)))
    print(f"{len(files)} photos, median seconds per photo (detect only), 1 thread")
    for name, median in rows:
        print(f"  {name:28s} {median * 1000:9.1f} ms")


if __name__ == "__main__":
    main()
