#!/usr/bin/env python3
"""The load check of docs/reliability.md: many small generated images, 2 threads, memory flat.

For each COUNT (default 2000 and 20000): writes COUNT small noise PNGs (64 x 48, each different)
into a temporary folder, in subfolders of FOLDER_SIZE (default 1000), runs the release build on
it with `--threads 2 --json FILE --no-progress` (plus FLAGS), samples the tool's VmRSS and VmHWM
(its peak so far) from /proc/PID/status every 0.05 s, checks that the log has COUNT records, each
image exactly once, none with an error, and prints the peak RSS, the RSS at 10 %, 50 % and 90 % of
the run's wall time, the wall time and images/s. The images are made here, never committed.

With --corrupt, every third file is broken instead (text named .jpg, 0 bytes named .png, a PNG cut
in half), the others are copies of the astronaut's face cut out by the tool: every good file must
have a face, every bad one an error record, exit status 1.

    tools/acceptance/load_check.py [--corrupt] [COUNT ...]          FLAGS="--mode fast" FOLDER_SIZE=20000 tools/acceptance/load_check.py 20000
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


def write_every_third_corrupt(folder: str, count: int, face_photo: bytes) -> tuple[list[str], list[str]]:
    """Writes `count` files under `folder` (subfolders of FOLDER_SIZE): every third one broken (text named
    .jpg, 0 bytes named .png, `face_photo` cut in half named .png, in turn), the others copies of
    `face_photo`; the good paths and the bad ones."""
    good, bad = [], []
    broken = [(".jpg", b"a web page saved as a photo\n"), (".png", b""), (".png", face_photo[:len(face_photo) // 2])]
    for index in range(count):
        sub = os.path.join(folder, f"{index // FOLDER_SIZE:03d}")
        if index % FOLDER_SIZE == 0:
            os.makedirs(sub, exist_ok=True)
        if index % 3 == 2:
            suffix, content = broken[(index // 3) % len(broken)]
            path = os.path.join(sub, f"{index:06d}-bad{suffix}")
            bad.append(path)
        else:
            path, content = os.path.join(sub, f"{index:06d}.png"), face_photo
            good.append(path)
        with open(path, "wb") as file:
            file.write(content)
    return good, bad


def face_crop(binary: str, work: str) -> bytes:
    """The astronaut's face with 0.4 of its width around it (180 x 180), cut out by the tool itself."""
    subprocess.run([binary, "Fixtures/astronaut.png", "--crop", os.path.join(work, "crop"), "--crop-margin", "0.4",
                    "--min-face-size", "0.15", "--no-progress"], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(work, "crop", "astronaut_face1.png"), "rb") as file:
        return file.read()


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
    largest peak (VmHWM) seen, which also counts what happened between samples; its standard error's lines."""
    command = [binary, folder, "--threads", "2", "--json", log, "--no-progress"] + flags
    print("   ", shlex.join(command), flush=True)
    start = time.monotonic()
    # Standard error goes to a file: thousands of error lines would fill a pipe read only at the end.
    error_path = log + ".stderr"
    with open(error_path, "wb") as error_file:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=error_file)
    samples = []
    peak = 0
    while process.poll() is None:
        memory = memory_kib(process.pid, binary)
        if memory is not None:
            samples.append((time.monotonic() - start, memory[0]))
            peak = max(peak, memory[1])
        time.sleep(SAMPLE_SECONDS)
    wall = time.monotonic() - start
    with open(error_path, errors="replace") as error_file:
        errors = error_file.read().splitlines()
    summary = [line for line in errors if line.startswith("facedetect: ") and " images, " in line]
    print("    summary:", summary[-1] if summary else "none")
    return process.returncode, wall, samples, peak, errors


def at_fraction(samples, wall: float, fraction: float) -> int:
    """The RSS sample nearest to `fraction` of the wall time."""
    return min(samples, key=lambda sample: abs(sample[0] - fraction * wall))[1]


def check(binary: str, count: int, flags: list[str], corrupt: bool) -> bool:
    """Generates `count` images (with `corrupt`, every third file broken and the others a face), runs the
    tool on them and prints the numbers; True if all is well."""
    with tempfile.TemporaryDirectory(prefix="facedetect-load-") as work:
        folder = os.path.join(work, "images")
        start = time.monotonic()
        if corrupt:
            good, bad = write_every_third_corrupt(folder, count, face_crop(binary, work))
            paths = good + bad
            print(f"{len(good)} faces of 180 x 180 and {len(bad)} broken files written", end="")
        else:
            paths, bad = write_images(folder, count), []
            print(f"{count} images of {WIDTH} x {HEIGHT} written", end="")
        print(f" in {time.monotonic() - start:.1f} s", flush=True)
        log = os.path.join(work, "out.jsonl")
        status, wall, samples, peak, errors = run(binary, folder, log, flags)
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
        if not corrupt:
            return status == 0 and each_once and not failed
        bad_set = set(bad)
        faces_in_good = all(record["faces"] for record in records if record["file"] not in bad_set)
        listed = {line[2:].split(": ")[0] for line in errors if line.startswith("  ")}
        print(f"    every good file has a face: {faces_in_good}; the failed are exactly the bad files: "
              f"{sorted(failed) == sorted(bad)}; all listed at the end: {listed == bad_set}", flush=True)
        return status == 1 and each_once and faces_in_good and sorted(failed) == sorted(bad) and listed == bad_set


def main() -> int:
    arguments = sys.argv[1:]
    corrupt = "--corrupt" in arguments
    counts = [int(argument) for argument in arguments if argument != "--corrupt"] or [2000, 20000]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    os.chdir(root)
    subprocess.run(["swift", "build", "-c", "release", "--product", "facedetect"], check=True,
                   stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True,
                              capture_output=True, text=True).stdout.strip()
    binary = os.path.join(bin_path, "facedetect")
    flags = shlex.split(os.environ.get("FLAGS", ""))
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    results = [check(binary, count, flags, corrupt) for count in counts]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
