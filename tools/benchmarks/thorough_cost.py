#!/usr/bin/env python3
"""Thorough mode's and `--rotations all`'s cost against accurate mode's defaults: the Cost table of
docs/thorough.md.

    tools/benchmarks/thorough_cost.py FILES [--set ../shared/eval/detection-dev] [--binary .build/release/facedetect]
        [--rounds 3]

FILES lists photos relative to the set, one a line (docs/thorough.md uses `peers.py --sample 40`'s 40).
As tools/acceptance/defaults_check.py's `speed`: in each of `--rounds` interleaved rounds, one process per
configuration reads every photo (1 thread, pinned to CPU 0); per photo the fastest round counts (other
load on a shared machine only ever adds time), decode excluded; then the median over photos and the
sum over photos of each configuration, and thorough's over accurate's. Also each process's CPU time
(user + system, the least over the rounds; it includes start-up and decoding), which waiting for a
busy core does not lengthen.
"""
import argparse
import json
import resource
import statistics
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOXES = ["--landmarks", "none", "--classification", "none"]
CONFIGS = {"accurate boxes": BOXES, "accurate defaults": [], "rotations boxes": ["--rotations", "all", *BOXES],
           "thorough boxes": ["--mode", "thorough", *BOXES], "thorough defaults": ["--mode", "thorough"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", type=Path)
    ap.add_argument("--set", type=Path, default=ROOT.parent / "shared/eval/detection-dev")
    ap.add_argument("--binary", type=Path, default=ROOT / ".build/release/facedetect")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    files = args.files.read_text()
    times = {name: {} for name in CONFIGS}
    cpu = {name: [] for name in CONFIGS}
    for round in range(args.rounds):
        for name, extra in CONFIGS.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run(["taskset", "-c", "0", str(args.binary.resolve()), "-", "--threads", "1", "--json",
                                  "-", "-q", *extra], input=files, cwd=args.set, capture_output=True, text=True,
                                 check=True).stdout
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            for line in out.splitlines():
                r = json.loads(line)
                times[name].setdefault(r["file"], []).append(r["seconds"])
            print(f"round {round + 1} {name}: {sum(min(t) for t in times[name].values()):.1f} s so far", flush=True)
    best = {name: {f: min(t) for f, t in per.items()} for name, per in times.items()}
    median = {name: statistics.median(b.values()) * 1000 for name, b in best.items()}
    total = {name: sum(b.values()) for name, b in best.items()}
    print(f"{len(best['accurate boxes'])} photos, {args.rounds} interleaved rounds, 1 thread, fastest round per photo")
    print("| configuration | median ms per photo | total s | process CPU s |\n|---|---|---|---|")
    for name in CONFIGS:
        print(f"| {name} | {median[name]:.0f} | {total[name]:.1f} | {min(cpu[name]):.1f} |")
    for a, b in [("rotations boxes", "accurate boxes"), ("thorough boxes", "accurate boxes"), ("thorough defaults", "accurate defaults"),
                 ("thorough boxes", "accurate defaults")]:
        ratios = [best[a][f] / best[b][f] for f in best[a]]
        print(f"{a} / {b}: medians {median[a] / median[b]:.1f}x, totals {total[a] / total[b]:.1f}x, "
              f"per photo {min(ratios):.1f}x to {max(ratios):.1f}x (median {statistics.median(ratios):.1f}x), "
              f"process CPU {min(cpu[a]) / min(cpu[b]):.1f}x")


if __name__ == "__main__":
    main()
