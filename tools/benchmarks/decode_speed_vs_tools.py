#!/usr/bin/env python3
"""Decoding time of facedetect's HEIF/AVIF/WebP decoders against the libraries' own tools.

    tools/benchmarks/decode_speed_vs_tools.py DECODE_BENCH LIST [LIST ...]

Each LIST is a text file of paths of one format (.heic, .avif or .webp; tools/acceptance/photo_formats_check.sh
writes them). For every file, in 3 interleaved rounds: decode-bench (ImageCodec.read in its process:
read + decode to RGB; one timed run after one warm-up) and the library's tool, heif-convert to .y4m
(libheif's decode without the conversion to RGB) or dwebp to .ppm, as a child process whose wall
and CPU time (user + system, all threads, from getrusage) are taken less those of the same command
on a 41 x 29 fixture (its start-up, best of 5). Per format it prints the per-file medians (of the
best of the 3 rounds) and the median of the per-file ratios ours / theirs, for wall and for CPU time.
Interleaving keeps a shared machine's changing load out of the ratio as far as it can.
"""
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def child_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command):
    """(wall, CPU) seconds of `command` run to completion."""
    cpu = child_cpu()
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, child_cpu() - cpu


def tool_command(path, scratch):
    if path.endswith(".webp"):
        return ["dwebp", "-quiet", "-ppm", path, "-o", os.path.join(scratch, "out.ppm")]
    return ["heif-convert", "--quiet", path, os.path.join(scratch, "out.y4m")]


def main():
    bench, lists = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as scratch:
        print("| input | files | ours wall ms | tool | tool wall ms | wall ratio | ours CPU ms | tool CPU ms | CPU ratio |")
        print("|---|---|---|---|---|---|---|---|---|")
        for list_path in lists:
            files = [line.strip() for line in open(list_path) if line.strip()]
            extension = files[0].rsplit(".", 1)[1]
            tiny = {"heic": "heif_pattern.heic", "avif": "avif_pattern.avif", "webp": "webp_pattern.webp"}[extension]
            tiny = os.path.join(ROOT, "Fixtures", "codec", tiny)
            start_up = [timed(tool_command(tiny, scratch)) for _ in range(5)]
            base_wall, base_cpu = min(w for w, _ in start_up), min(c for _, c in start_up)
            ours_wall, ours_cpu, theirs_wall, theirs_cpu = [], [], [], []
            for path in files:
                best = [float("inf")] * 4
                for _ in range(3):
                    line = subprocess.run([bench, "--warmup", "1", "--repeat", "1", path], check=True,
                                          capture_output=True, text=True).stdout.split()
                    wall, cpu = timed(tool_command(path, scratch))
                    best = [min(best[0], float(line[0])), min(best[1], float(line[1])),
                            min(best[2], (wall - base_wall) * 1000), min(best[3], (cpu - base_cpu) * 1000)]
                ours_wall.append(best[0])
                ours_cpu.append(best[1])
                theirs_wall.append(best[2])
                theirs_cpu.append(best[3])
            name = "dwebp" if extension == "webp" else "heif-convert"
            wall_ratio = statistics.median(o / t for o, t in zip(ours_wall, theirs_wall) if t > 0)
            cpu_ratio = statistics.median(o / t for o, t in zip(ours_cpu, theirs_cpu) if t > 0)
            print(f"| {extension} | {len(files)} | {statistics.median(ours_wall):.1f} | {name} | "
                  f"{statistics.median(theirs_wall):.1f} | {wall_ratio:.2f} | {statistics.median(ours_cpu):.1f} | "
                  f"{statistics.median(theirs_cpu):.1f} | {cpu_ratio:.2f} |")
            print(f"  (start-up subtracted: {base_wall * 1000:.1f} ms wall, {base_cpu * 1000:.1f} ms CPU)",
                  file=sys.stderr)


if __name__ == "__main__":
    main()
