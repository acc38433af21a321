#!/usr/bin/env python3
"""Wall time of `facedetect PHOTO -o out.png` and `-o out.jpg` against Pillow on the same photo.

Dev-time only. Needs Pillow (a venv from PyPI) and a release build:
    python3 -m venv /tmp/pillow-venv && /tmp/pillow-venv/bin/pip install pillow
    /tmp/pillow-venv/bin/python tools/fixtures/make_large_photo.py /tmp/large.jpg
    swift build -c release --product facedetect
    /tmp/pillow-venv/bin/python tools/benchmarks/bench_output.py /tmp/large.jpg [--binary B] [--baseline OLD] [--rounds 3]

Each round runs, one after the other (so that a shared machine's load drifts over all of them alike):
every binary (--baseline first, when given, then --binary) with `-o out.png` and `-o out.jpg`, with
`--threads 1` and with one thread per core (for a single image the threads go to its detector); then
Pillow: decode the photo, then `save(PNG, compress_level=1)` and `save(JPEG, quality=90)`, each timed
alone (Pillow's encode; its decode apart). Our runs also write `--json` to read the detection time
(`seconds`) and the decode time (`decodeSeconds`), and the kernel's peak resident memory of each run.
Printed: the median over rounds of each wall time, with its ratio to Pillow's decode + encode of the
same format, the largest peak memory, and the load average before and after.
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

from PIL import Image


def run_tool(binary, photo, output, threads, directory):
    """Wall seconds of one tool run, its peak resident memory in MB, and the record of its --json."""
    log = os.path.join(directory, "record.json")
    command = [binary, photo, "-o", output, "--threads", str(threads), "--json", log, "--no-progress"]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"{command} exited with {process.returncode}")
    with open(log) as handle:
        record = json.loads(handle.readline())
    return seconds, usage.ru_maxrss / 1024, record


def run_pillow(photo, directory):
    """Seconds of Pillow's decode, PNG save at level 1 and JPEG save at quality 90."""
    start = time.perf_counter()
    image = Image.open(photo)
    image.load()
    decoded = time.perf_counter()
    image.save(os.path.join(directory, "pillow.png"), compress_level=1)
    png = time.perf_counter()
    image.save(os.path.join(directory, "pillow.jpg"), quality=90)
    jpeg = time.perf_counter()
    return {"decode": decoded - start, "png": png - decoded, "jpg": jpeg - png}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("photo")
    parser.add_argument("--binary", default=".build/release/facedetect")
    parser.add_argument("--baseline", help="another build to time in the same rounds (e.g. before a change)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    binaries = ([("baseline", args.baseline)] if args.baseline else []) + [("build", args.binary)]
    cores = os.cpu_count() or 1
    thread_counts = sorted({1, cores})
    times = {}  # (label, format, threads) -> [wall seconds]
    details = {}  # (label, format, threads) -> [(decodeSeconds, seconds)]
    pillow = {"decode": [], "png": [], "jpg": []}
    print(f"load before: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as directory:
        for _ in range(args.rounds):
            for label, binary in binaries:
                for threads in thread_counts:
                    for extension in ["png", "jpg"]:
                        output = os.path.join(directory, f"out.{extension}")
                        seconds, megabytes, record = run_tool(binary, args.photo, output, threads, directory)
                        times.setdefault((label, extension, threads), []).append(seconds)
                        details.setdefault((label, extension, threads), []).append(
                            (record.get("decodeSeconds", 0), record.get("seconds", 0), megabytes))
            for key, value in run_pillow(args.photo, directory).items():
                pillow[key].append(value)
        sizes = {name: os.path.getsize(os.path.join(directory, name)) for name in os.listdir(directory)}
    print(f"load after: {os.getloadavg()}")
    width, height = Image.open(args.photo).size
    print(f"\n{args.photo}: {width} x {height}, {args.rounds} rounds, medians, {cores} cores\n")
    median = {key: statistics.median(value) for key, value in pillow.items()}
    print("| run | threads | wall | decode · detect (its JSON) | peak memory | vs Pillow decode + save |")
    print("|---|---|---|---|---|---|")
    for (label, extension, threads), values in sorted(times.items()):
        wall = statistics.median(values)
        runs = details[(label, extension, threads)]
        decode = statistics.median(run[0] for run in runs)
        detect = statistics.median(run[1] for run in runs)
        memory = max(run[2] for run in runs)
        reference = median["decode"] + median[extension]
        print(f"| {label} -o out.{extension} | {threads} | {wall:.2f} s | {decode:.2f} · {detect:.2f} s "
              f"| {memory:.0f} MB | {wall / reference:.2f} |")
    print(f"| Pillow decode | 1 | {median['decode']:.2f} s | | | |")
    print(f"| Pillow save PNG compress_level=1 | 1 | {median['png']:.2f} s | | | |")
    print(f"| Pillow save JPEG quality=90 | 1 | {median['jpg']:.2f} s | | | |")
    print(f"\nlast files: {sizes}")
    print(f"all rounds: {json.dumps({f'{k[0]} {k[1]} {k[2]}': [round(v, 3) for v in vs] for k, vs in times.items()})}")
    print(f"Pillow rounds: {json.dumps({k: [round(v, 3) for v in vs] for k, vs in pillow.items()})}")


if __name__ == "__main__":
    main()
