#!/usr/bin/env python3
"""Wall and CPU time of `facedetect CLIP -o OUT --blur` against deface on the same clip (docs/video.md).

    python3 tools/benchmarks/video_speed.py CLIP [--binary PATH ...] [--deface PATH] [--rounds 3] [--work DIR]
        [--tool-arg=ARG ...]

Each round runs every binary once, then deface (its defaults), one after the other, so that the
load of a shared machine falls on all of them alike. A run's CPU time is user + system time of the
process and the children it waited for (ffprobe and the two ffmpeg processes; deface's own
threads). Prints every run, then per program the median wall and CPU time, the output's size, and
deface's medians over each binary's. Give --binary twice to compare two builds (before/after);
--tool-arg adds an argument to every facedetect run (`--tool-arg=--json --tool-arg=/dev/null`: the
records too, which the tracker's descriptors are taken for).
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def timed(command):
    """Runs `command` (output discarded); returns (wall seconds, CPU seconds of it and its children)."""
    with tempfile.TemporaryFile() as errors:
        start = time.monotonic()
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.monotonic() - start
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            sys.exit(f"{command[0]} failed ({os.waitstatus_to_exitcode(status)}): "
                     f"{errors.read().decode(errors='replace')[-500:]}")
    return wall, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("clip", type=Path)
    parser.add_argument("--binary", action="append", help="facedetect builds (default: the release build)")
    parser.add_argument("--deface", help="deface's executable (its venv: pip install deface onnxruntime)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--work", type=Path, default=Path("/tmp/video-speed"))
    parser.add_argument("--tool-arg", action="append", default=[], help="an extra argument for facedetect")
    args = parser.parse_args()
    binaries = [str(Path(b).resolve()) for b in args.binary or [ROOT / ".build" / "release" / "facedetect"]]
    args.work.mkdir(parents=True, exist_ok=True)
    programs = {}
    for k, binary in enumerate(binaries):
        out = args.work / f"facedetect-{k}.mp4"
        command = [binary, str(args.clip), "-o", str(out), "--blur", "--no-progress"] + args.tool_arg
        programs[f"facedetect[{k}]"] = (command, out)
    if args.deface:
        out = args.work / "deface.mp4"
        programs["deface"] = ([args.deface, str(args.clip), "-o", str(out)], out)
    for k, binary in enumerate(binaries):
        print(f"facedetect[{k}] = {binary}")
    runs = {name: [] for name in programs}
    for round in range(1, args.rounds + 1):
        for name, (command, _) in programs.items():
            load = os.getloadavg()[0]
            wall, cpu = timed(command)
            runs[name].append((wall, cpu))
            print(f"round {round} {name}: {wall:.2f} s wall, {cpu:.2f} s CPU (load before {load:.1f})", flush=True)
    medians = {}
    for name, (_, out) in programs.items():
        wall = statistics.median(w for w, _ in runs[name])
        cpu = statistics.median(c for _, c in runs[name])
        medians[name] = (wall, cpu)
        print(f"{name}: median {wall:.2f} s wall, {cpu:.2f} s CPU, output {out.stat().st_size / 1e6:.2f} MB")
    if "deface" in medians:
        for name in medians:
            if name != "deface":
                print(f"deface / {name}: {medians['deface'][0] / medians[name][0]:.2f}x wall, "
                      f"{medians['deface'][1] / medians[name][1]:.2f}x CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
