#!/usr/bin/env python3
"""The load check of README "Reliability": many small generated images, 2 threads, memory flat.

For each COUNT (default 2000 and 20000): writes COUNT small noise PNGs (64 x 48, each different)
into a temporary folder, in subfolders of FOLDER_SIZE (default 1000), runs the release build on
it with `--threads 2 --json FILE --no-progress` (plus FLAGS), samples the tool's VmRSS and VmHWM
(its peak so far) from /proc/PID/status every 0.05 s, checks that the log has COUNT records, each
image exactly once, none with an error, and prints the peak RSS, the RSS at 10 %, 50 % and 90 % of
the run's wall time, the wall time and images/s. The images are made here, never committed.

    tools/load_check.py [COUNT ...]          FLAGS="--mode fast" FOLDER_SIZE=20000 tools/load_check.py 20000
"""

import json
import os
import random
import shlex
import struct
import subprocess
import sys
import tempfile
import time
import zlib

WIDTH, HEIGHT = 64, 48
FOLDER_SIZE = int(os.environ.get("FOLDER_SIZE", "1000"))
SAMPLE_SECONDS = 0.05


def png_chunk(kind: bytes, data: bytes) -> bytes:
    """One PNG chunk: length, type, data, CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def noise_png(rng: random.Random) -> bytes:
    """A WIDTH x HEIGHT RGB PNG of random pixels (filter 0 on every row)."""
    rows = b"".join(b"\0" + rng.randbytes(WIDTH * 3) for _ in range(HEIGHT))
    header = struct.pack(">IIBBBBB", WIDTH, HEIGHT, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + png_chunk(b"IHDR", header) + png_chunk(b"IDAT", zlib.compress(rows, 1))
            + png_chunk(b"IEND", b""))


def write_images(folder: str, count: int) -> list[str]:
    """Writes `count` different noise PNGs under `folder` (subfolders of FOLDER_SIZE); their paths."""
    rng = random.Random(count)
    paths = []
    for index in range(count):
        sub = os.path.join(folder, f"{index // FOLDER_SIZE:03d}")
        if index % FOLDER_SIZE == 0:
            os.makedirs(sub, exist_ok=True)
        path = os.path.join(sub, f"{index:06d}.png")
        with open(path, "wb") as file:
            file.write(noise_png(rng))
        paths.append(path)
    return paths


def memory_kib(pid: int, binary: str):
    """The process's (VmRSS, VmHWM) in KiB: resident now and its peak so far; None before it runs
    `binary` (just forked) and once it has exited."""
    values = {}
    try:
        if os.readlink(f"/proc/{pid}/exe") != os.path.realpath(binary):
            return None
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(("VmRSS:", "VmHWM:")):
                    values[line[:5]] = int(line.split()[1])
    except OSError:
        return None
    return (values["VmRSS"], values["VmHWM"]) if len(values) == 2 else None


def run(binary: str, folder: str, log: str, flags: list[str]):
    """Runs the tool on `folder`; its exit status, wall seconds, [(seconds, RSS KiB)] samples and the
    largest peak (VmHWM) seen, which also counts what happened between samples."""
    command = [binary, folder, "--threads", "2", "--json", log, "--no-progress"] + flags
    print("   ", shlex.join(command), flush=True)
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    samples = []
    peak = 0
    while process.poll() is None:
        memory = memory_kib(process.pid, binary)
        if memory is not None:
            samples.append((time.monotonic() - start, memory[0]))
            peak = max(peak, memory[1])
        time.sleep(SAMPLE_SECONDS)
    wall = time.monotonic() - start
    errors = process.stderr.read().decode(errors="replace").splitlines()
    if errors:
        print("    last line on standard error:", errors[-1])
    return process.returncode, wall, samples, peak


def at_fraction(samples, wall: float, fraction: float) -> int:
    """The RSS sample nearest to `fraction` of the wall time."""
    return min(samples, key=lambda sample: abs(sample[0] - fraction * wall))[1]


def check(binary: str, count: int, flags: list[str]) -> bool:
    """Generates `count` images, runs the tool on them and prints the numbers; True if all is well."""
    with tempfile.TemporaryDirectory(prefix="facedetect-load-") as work:
        folder = os.path.join(work, "images")
        start = time.monotonic()
        paths = write_images(folder, count)
        print(f"{count} images of {WIDTH} x {HEIGHT} written in {time.monotonic() - start:.1f} s", flush=True)
        log = os.path.join(work, "out.jsonl")
        status, wall, samples, peak = run(binary, folder, log, flags)
        with open(log) as file:
            records = [json.loads(line) for line in file]
        files = [record["file"] for record in records]
        failed = [record["file"] for record in records if "error" in record]
        each_once = sorted(files) == sorted(paths) and len(set(files)) == len(files)
        print(f"    exit {status}; {len(records)} records, {len(set(files))} distinct, "
              f"each image exactly once: {each_once}, errors: {len(failed)}, "
              f"faces: {sum(len(record['faces']) for record in records)}")
        if samples:
            mib = lambda kib: f"{kib / 1024:.1f} MiB"  # noqa: E731
            print(f"    peak RSS {mib(peak)} (VmHWM; largest sample {mib(max(kib for _, kib in samples))}); at 10 % {mib(at_fraction(samples, wall, 0.1))}, "
                  f"50 % {mib(at_fraction(samples, wall, 0.5))}, 90 % {mib(at_fraction(samples, wall, 0.9))} "
                  f"({len(samples)} samples every {SAMPLE_SECONDS} s)")
        print(f"    wall {wall:.2f} s, {count / wall:.0f} images/s", flush=True)
        return status == 0 and each_once and not failed


def main() -> int:
    counts = [int(argument) for argument in sys.argv[1:]] or [2000, 20000]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    os.chdir(root)
    subprocess.run(["swift", "build", "-c", "release", "--product", "facedetect"], check=True,
                   stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True,
                              capture_output=True, text=True).stdout.strip()
    binary = os.path.join(bin_path, "facedetect")
    flags = shlex.split(os.environ.get("FLAGS", ""))
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    results = [check(binary, count, flags) for count in counts]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
