#!/usr/bin/env python3
"""No crash or hang on mutated HEIF (HEIC), AVIF and WebP files (docs/reliability.md).

    tools/acceptance/mutated_photos_check.py [COUNT] [--seed S] [--keep DIR]

Writes COUNT (default 1000) mutated copies of the committed HEIC, AVIF and WebP fixtures
(Fixtures/codec: the astronaut copies and the small patterns) into a temporary folder (or DIR),
never committed: each copy gets one to three of byte flips, random bytes over a stretch, a cut, a
removed or repeated stretch, or a box/chunk size set to a random value. Then runs the release build
on each file alone (with a 30 s limit per run: a hang fails) and on the whole folder as one batch
(--threads 2), and checks that every run ended with status 0 or 1 (never a signal or another
status), that every file has exactly one JSON Lines record, and that no record has both an error
and faces. Prints a summary line and the files that failed, if any; exit 1 when some did.
"""
import argparse
import collections
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
SOURCES = ["astronaut.heic", "astronaut.avif", "astronaut.webp", "heif_pattern.heic", "heif_irot1_imir0.heic",
           "heif_alpha.heic", "heif_exif6_irot3.heic", "avif_pattern.avif", "webp_pattern.webp",
           "webp_alpha.webp", "webp_animated.webp", "webp_exif6.webp"]


def mutate(data, rng):
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        at = rng.randrange(len(data)) if data else 0
        if kind == 0:  # flip a few bytes
            for _ in range(rng.randint(1, 8)):
                if data:
                    data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif kind == 1:  # random bytes over a stretch
            length = rng.randint(1, 64)
            data[at:at + length] = bytes(rng.randrange(256) for _ in range(min(length, len(data) - at)))
        elif kind == 2:  # cut
            data = data[:at]
        elif kind == 3:  # remove a stretch
            del data[at:at + rng.randint(1, 256)]
        elif kind == 4:  # repeat a stretch
            stretch = data[at:at + rng.randint(1, 256)]
            data[at:at] = stretch * rng.randint(1, 4)
        else:  # a box (big-endian) or chunk (little-endian) size: the 4 bytes before a known type
            types = [b"ftyp", b"meta", b"iloc", b"iinf", b"iprp", b"ipco", b"ipma", b"ispe", b"hvcC", b"av1C",
                     b"mdat", b"pitm", b"RIFF", b"VP8 ", b"VP8L", b"VP8X", b"ANIM", b"ANMF", b"ALPH", b"EXIF"]
            found = [i for t in types for i in [bytes(data).find(t)] if i >= 4]
            if found:
                i = rng.choice(found)
                little = bytes(data[i:i + 4]) in (b"RIFF", b"VP8 ", b"VP8L", b"VP8X", b"ANIM", b"ANMF",
                                                  b"ALPH", b"EXIF")
                value = rng.choice([0, 1, 7, 8, 0xFFFFFFFF, 0x7FFFFFFF, rng.randrange(1 << 32),
                                    rng.randrange(len(data) + 64)])
                target = i + 4 if little else i - 4
                data[target:target + 4] = struct.pack("<I" if little else ">I", value)
    return bytes(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int, nargs="?", default=1000)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--keep", help="write the files into this folder and keep them")
    arguments = parser.parse_args()

    subprocess.run(["swift", "build", "-c", "release", "--product", "facedetect"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    binary = os.path.join(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                                         check=True, capture_output=True, text=True).stdout.strip(), "facedetect")
    folder = arguments.keep or tempfile.mkdtemp(prefix="facedetect-mutated-")
    os.makedirs(folder, exist_ok=True)
    rng = random.Random(arguments.seed)
    sources = {name: open(os.path.join(ROOT, "Fixtures", "codec", name), "rb").read() for name in SOURCES}
    names = []
    for number in range(arguments.count):
        source = SOURCES[number % len(SOURCES)]
        stem, extension = source.rsplit(".", 1)
        name = f"{number:04d}_{stem}.{extension}"
        with open(os.path.join(folder, name), "wb") as f:
            f.write(mutate(sources[source], rng))
        names.append(name)

    flags = ["--no-progress", "--threads", "2", "--min-face-size", "0.1"]
    failures = []
    outcomes = collections.Counter()
    slowest = (0.0, "")
    for name in names:
        start = time.monotonic()
        try:
            run = subprocess.run([binary, name, "--json", "-"] + flags, cwd=folder, capture_output=True, timeout=30)
        except subprocess.TimeoutExpired:
            failures.append(f"{name}: hang (more than 30 s)")
            continue
        elapsed = time.monotonic() - start
        slowest = max(slowest, (elapsed, name))
        if run.returncode not in (0, 1):
            failures.append(f"{name}: exit status {run.returncode}")
            continue
        lines = run.stdout.decode().splitlines()
        records = [json.loads(line) for line in lines]
        if len(records) != 1 or ("error" in records[0] and records[0].get("faces")):
            failures.append(f"{name}: records {lines}")
            continue
        record = records[0]
        outcomes["error" if "error" in record else ("faces" if record["faces"] else "decoded, no face")] += 1

    start = time.monotonic()
    batch = subprocess.run([binary, ".", "--json", "-"] + flags, cwd=folder, capture_output=True, timeout=1200)
    batch_seconds = time.monotonic() - start
    records = [json.loads(line) for line in batch.stdout.decode().splitlines()]
    files = collections.Counter(record["file"].removeprefix("./") for record in records)
    if batch.returncode not in (0, 1):
        failures.append(f"batch: exit status {batch.returncode}")
    if sorted(files) != sorted(names) or any(count != 1 for count in files.values()):
        failures.append(f"batch: {len(records)} records for {len(names)} files")

    print(f"{len(names)} mutated files (seed {arguments.seed}): alone, {dict(outcomes)}; slowest run "
          f"{slowest[0]:.2f} s ({slowest[1]}); one batch: exit {batch.returncode}, {len(records)} records, "
          f"{batch_seconds:.1f} s; {len(failures)} failures")
    for failure in failures:
        print("  " + failure)
    if not arguments.keep:
        shutil.rmtree(folder)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
