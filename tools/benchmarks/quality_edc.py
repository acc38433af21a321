#!/usr/bin/env python3
"""Error versus discard (ISO/IEC 29794-1's EDC) of `captureQuality` on an identity set's pairs (docs/quality.md).

  quality_edc.py --truth ../shared/eval/identity-dev/truth.json --pred run.jsonl [--descriptors run2.jsonl]
                 [--discard 0.1 0.2 ...]

--pred is `facedetect IMAGES --descriptors --json run.jsonl` run in the set's folder. With --descriptors, the
descriptors are taken from that run instead, face by face where the boxes are the same (a run of a build whose
faces and descriptors are the same, e.g. the base's, so that --pred need not compute them again). Each image's face is the one
nearest its centre (as score_identity.py picks it); a pair's similarity is the cosine of the two descriptors. The
threshold is the one that gives a false-match rate of 1e-3 over all different-person pairs (score_identity.py's
rule: the similarity of the (floor(1e-3 n) + 1)-th most similar such pair; a match is a similarity above it), fixed
before anything is discarded. A pair's quality is the lower of its two faces'. Discarding a fraction of the
same-person pairs, those of the lowest quality, the false non-match rate of the pairs kept is reported, for three
qualities: captureQuality, the detector's score, and the face's size (the box's side, the square root of its area).
A pair with a face that has no descriptor counts as a non-match; one without a quality is discarded first.
"""
import argparse
import json
import math
import os


def central(faces, width, height):
    best, bd = None, None
    for f in faces:
        b = f["box"]
        d = (b[0] + b[2] / 2 - width / 2) ** 2 + (b[1] + b[3] / 2 - height / 2) ** 2
        if bd is None or d < bd:
            best, bd = f, d
    return best


def cosine(a, b):
    na = math.sqrt(sum(x * x for x in a)) or 1.0
    nb = math.sqrt(sum(x * x for x in b)) or 1.0
    return sum(x * y for x, y in zip(a, b)) / (na * nb)


QUALITIES = {
    "captureQuality": lambda f: f.get("captureQuality"),
    "detector score": lambda f: f["score"],
    "face size": lambda f: math.sqrt(f["box"][2] * f["box"][3]),
}


def load_records(path):
    """The JSON Lines records of a run, by file (without a leading "./")."""
    records = {}
    for line in open(path):
        r = json.loads(line)
        records[r["file"].removeprefix("./")] = r
    return records


def attach(records, path, key):
    """Copies `key` of each face of the run at `path` onto the face of `records` with the same box; returns how
    many faces got it."""
    attached = 0
    for line in open(path):
        other = json.loads(line)
        r = records.get(other["file"].removeprefix("./"))
        if not r:
            continue
        boxes = {tuple(f["box"]): f.get(key) for f in other.get("faces", [])}
        for f in r.get("faces", []):
            if boxes.get(tuple(f["box"])) is not None:
                f[key] = boxes[tuple(f["box"])]
                attached += 1
    return attached


def central_faces(truth, records):
    """Each truth image's face nearest its centre (None without a face), in the truth's order."""
    faces = []
    for image in truth["images"]:
        r = records.get(image["file"])
        faces.append(central(r.get("faces", []), r.get("width", image["width"]), r.get("height", image["height"]))
                     if r and r.get("faces") else None)
    return faces


def verification(truth, faces):
    """The pairs as (i, j, same, cosine or None), the FMR-1e-3 threshold, how many different-person pairs may
    lie above it, and the same-person pairs."""
    pairs = []
    for i, j, same, _ in truth["pairs"]:
        a, b = faces[i], faces[j]
        s = cosine(a["descriptor"], b["descriptor"]) if a and b and "descriptor" in a and "descriptor" in b else None
        pairs.append((i, j, bool(same), s))
    negatives = sorted((s for _, _, same, s in pairs if not same and s is not None), reverse=True)
    allowed = int(math.floor(1e-3 * sum(1 for p in pairs if not p[2])))
    threshold = negatives[allowed] if allowed < len(negatives) else -float("inf")
    return pairs, threshold, allowed, [p for p in pairs if p[2]]


def pair_quality(faces, quality, pair):
    """The lower of the pair's two faces' `quality`, or -1 where either has none (discarded first)."""
    qa = quality(faces[pair[0]]) if faces[pair[0]] else None
    qb = quality(faces[pair[1]]) if faces[pair[1]] else None
    return -1.0 if qa is None or qb is None else min(qa, qb)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--truth", required=True)
    p.add_argument("--pred", required=True)
    p.add_argument("--descriptors")
    p.add_argument("--discard", type=float, nargs="+", default=[0.05, 0.1, 0.2, 0.3])
    args = p.parse_args()
    truth = json.load(open(args.truth))
    records = load_records(args.pred)
    if args.descriptors:
        attach(records, args.descriptors, "descriptor")
    faces = central_faces(truth, records)
    pairs, threshold, allowed, mated = verification(truth, faces)
    print(f"threshold {threshold:.4f} (FMR 1e-3: {allowed} of {sum(1 for p in pairs if not p[2])} different-person "
          f"pairs above it); {len(mated)} same-person pairs")
    header = "| discarded | " + " | ".join(f"FNMR by {q}" for q in QUALITIES) + " |"
    print(header)
    print("|" + "---|" * (len(QUALITIES) + 1))
    rows = {}
    for name, quality in QUALITIES.items():
        # Lowest quality first (ties keep the pairs' order).
        ranked = sorted(mated, key=lambda pair: pair_quality(faces, quality, pair))
        rows[name] = []
        for fraction in [0.0] + args.discard:
            kept = ranked[int(round(fraction * len(ranked))):]
            errors = sum(1 for *_, s in kept if s is None or s <= threshold)
            rows[name].append(errors / len(kept))
    for k, fraction in enumerate([0.0] + args.discard):
        cells = []
        for name in QUALITIES:
            fnmr = rows[name][k]
            change = "" if k == 0 else f" ({(fnmr / rows[name][0] - 1) * 100:+.0f} %)"
            cells.append(f"{fnmr:.4f}{change}")
        print(f"| {fraction:.0%} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
