#!/usr/bin/env python3
"""How often `--keep` would show a stranger (docs/video.md, "Keeping people visible"): reads `--pred` (JSON Lines with
"descriptor" per face, as `facedetect --descriptors --json` writes them) and the identity set's truth.json, takes each
image's face nearest its centre (as score_identity.py does), and prints, for each distance in `--at`:

- per pair: the false-keep rate over the set's different-person pairs (a stranger's face within the distance of a
  reference) and over every different-person pair of images (millions, so that rates far below 1/3000 show), and the
  true-keep rate over the set's same-person pairs;
- per track, for each k-of-n rule in `--rules` (a track is kept when k of its first n described frames are within
  the distance of one reference): tracks simulated from the set's people with at least n photos, n photos of one
  person in turn as a track's frames; a stranger's track against every photo of every other person as the reference
  (the false-keep rate), and the person's own track against each of their other photos (the true-keep rate).
  `--sliding`: also the rate when any n consecutive photos of the person (in file order) may decide, as a long
  track's sliding window of its last n described frames does (the tool's rule). Photos of one person differ more
  than a video's frames do, so the per-pair rate is the bound for a track whose
  frames all look alike (a stranger who matches once matches every frame), the simulation the rate when they differ.

    /work/peers-venv/bin/python tools/benchmarks/keep_false_keep.py --truth ../shared/eval/identity-dev/truth.json \
        --pred /tmp/cli.jsonl --at 0.9 0.95 1.0 1.05 1.1 --rules 1/1 2/3 3/3 3/5 4/5 --sliding
"""
import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "tools"))
import score_identity as si  # noqa: E402


def descriptors(truth, recs):
    """One unit descriptor per image (None without one)."""
    out = []
    for im in truth["images"]:
        r = recs.get(si._norm(im["file"]))
        f = si.central(r.get("faces", []), r.get("width", im["width"]), r.get("height", im["height"])) if r else None
        d = f.get("descriptor") if f else None
        if isinstance(d, list) and d:
            v = np.asarray(d, dtype=np.float64)
            out.append(v / (np.linalg.norm(v) or 1.0))
        else:
            out.append(None)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--truth", required=True)
    parser.add_argument("--pred", required=True)
    parser.add_argument("--at", type=float, nargs="+", default=[0.9, 0.95, 1.0, 1.05, 1.1])
    parser.add_argument("--rules", nargs="+", default=["1/1", "2/3", "3/3", "3/5", "4/5"])
    parser.add_argument("--sliding", action="store_true")
    args = parser.parse_args()

    truth = json.load(open(args.truth))
    recs = {si._norm(k): v for k, v in si.load_records(args.pred).items()}
    desc = descriptors(truth, recs)
    people = [im["person"] for im in truth["images"]]
    have = [i for i, d in enumerate(desc) if d is not None]
    print(f"{len(have)} of {len(desc)} images with a descriptor")
    matrix = np.stack([desc[i] for i in have])
    person = np.asarray([people[i] for i in have])
    # Every pair's Euclidean distance between unit vectors: sqrt(2 - 2 cos).
    dist = np.sqrt(np.clip(2 - 2 * matrix @ matrix.T, 0, None))
    index_of = {image: row for row, image in enumerate(have)}
    same = person[:, None] == person[None, :]
    upper = np.triu(np.ones_like(same), k=1)
    different_all = dist[(~same) & upper.astype(bool)]

    pair_distance = []
    for i, j, s, _ in truth["pairs"]:
        if i in index_of and j in index_of:
            pair_distance.append((dist[index_of[i], index_of[j]], bool(s)))
    listed_diff = np.asarray([d for d, s in pair_distance if not s])
    listed_same = np.asarray([d for d, s in pair_distance if s])

    print("\nper pair")
    print("| distance <= | false keep, listed pairs | false keep, every different pair | true keep, listed pairs |")
    print("|---|---|---|---|")
    for t in args.at:
        fk = int((listed_diff <= t).sum())
        fa = int((different_all <= t).sum())
        tk = float((listed_same <= t).mean())
        print(
            f"| {t} | {fk} of {len(listed_diff)} ({fk / len(listed_diff):.4f}) "
            f"| {fa} of {len(different_all)} ({fa / len(different_all):.2e}) | {tk:.4f} |")

    # Tracks: each person with at least n photos gives one track, their first n (sorted by file name).
    by_person = {}
    for row, p in enumerate(person):
        by_person.setdefault(p, []).append(row)
    print("\nper track (k of the first n described frames within the distance of one reference)")
    header = "| distance <= | rule | tracks | false keep (track, stranger's reference) | true keep (track, own photo) |"
    print(header + (" false keep, any window of all the person's photos |" if args.sliding else ""))
    print("|---|---|---|---|---|" + ("---|" if args.sliding else ""))
    for t in args.at:
        for rule in args.rules:
            k, n = (int(x) for x in rule.split("/"))
            tracks = [(p, rows[:n]) for p, rows in by_person.items() if len(rows) > n]
            false_keep = 0
            trials = 0
            true_keep = 0
            own_trials = 0
            for p, rows in tracks:
                votes = (dist[rows] <= t).sum(axis=0)  # for every reference photo: frames within t
                strangers = person != p
                false_keep += int((votes[strangers] >= k).sum())
                trials += int(strangers.sum())
                own = [r for r in by_person[p] if r not in rows]
                true_keep += int((votes[own] >= k).sum())
                own_trials += len(own)
            line = (
                f"| {t} | {k}/{n} | {len(tracks)} | {false_keep} of {trials} ({false_keep / max(trials, 1):.2e}) "
                f"| {true_keep} of {own_trials} ({true_keep / max(own_trials, 1):.4f}) |")
            if args.sliding:
                kept = 0
                windows_trials = 0
                for p, _ in tracks:
                    rows = by_person[p]
                    within = dist[rows] <= t
                    strangers = person != p
                    any_window = np.zeros(len(person), bool)
                    for start in range(len(rows) - n + 1):
                        any_window |= within[start:start + n].sum(axis=0) >= k
                    kept += int(any_window[strangers].sum())
                    windows_trials += int(strangers.sum())
                line += f" {kept} of {windows_trials} ({kept / max(windows_trials, 1):.2e}) |"
            print(line)


if __name__ == "__main__":
    main()
