#!/usr/bin/env python3
"""The "same person" distance for descriptors on an identity set (docs/identity.md): reads `--pred` (JSON Lines with
"descriptor" per face, as `facedetect --descriptors --json` writes them) and the set's truth.json, takes each image's
face nearest its centre (as score_identity.py does) and the Euclidean distance between the two unit vectors of each
pair, and prints the threshold that classifies the most pairs right (same person iff distance <= threshold) with its
false-accept rate (different-person pairs accepted) and true-accept rate, and the same for the given `--at` distances.

`--decimals N [N ...]`: score_identity.py's figures with every descriptor component rounded to N decimals, beside
the figures at the precision of the file (for choosing the decimals the JSON writes; run it on an exact file such as
descriptor-bench's `--exact`).

    python3 tools/benchmarks/identity_threshold.py --truth ../shared/eval/identity-dev/truth.json --pred X.jsonl
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "tools"))
import score_identity as si  # noqa: E402


def unit(v):
    n = math.sqrt(sum(x * x for x in v)) or 1.0
    return [x / n for x in v]


def pair_distances(truth, recs):
    desc = []
    for im in truth["images"]:
        r = recs.get(si._norm(im["file"]))
        f = si.central(r.get("faces", []), r.get("width", im["width"]), r.get("height", im["height"])) if r else None
        d = f.get("descriptor") if f else None
        desc.append(unit(d) if isinstance(d, list) and d else None)
    out = []
    for i, j, same, _ in truth["pairs"]:
        if desc[i] is None or desc[j] is None:
            out.append((None, bool(same)))
        else:
            out.append((math.sqrt(sum((a - b) ** 2 for a, b in zip(desc[i], desc[j]))), bool(same)))
    return out


def rates(pairs, t):
    pos = [d for d, s in pairs if s]
    neg = [d for d, s in pairs if not s]
    tar = sum(1 for d in pos if d is not None and d <= t) / len(pos)
    far = sum(1 for d in neg if d is not None and d <= t) / len(neg)
    acc = (sum(1 for d in pos if d is not None and d <= t) + sum(1 for d in neg if d is None or d > t)) / len(pairs)
    return far, tar, acc, sum(1 for d in neg if d is not None and d <= t), len(neg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--truth", required=True)
    ap.add_argument("--pred", required=True)
    ap.add_argument("--at", type=float, nargs="*", default=[])
    ap.add_argument("--decimals", type=int, nargs="*", default=[])
    a = ap.parse_args()
    import json
    truth = json.load(open(a.truth))
    recs = si.load_records(a.pred)
    pairs = pair_distances(truth, recs)
    ds = sorted({d for d, _ in pairs if d is not None})
    cands = [(ds[k] + ds[k + 1]) / 2 for k in range(len(ds) - 1)]
    best = max(cands, key=lambda t: rates(pairs, t)[2])
    print(f"{len(pairs)} pairs; best threshold {best:.4f}")
    for t in [best] + a.at:
        far, tar, acc, fa, n = rates(pairs, t)
        print(f"distance <= {t:.4f}: accuracy {acc:.4f}, FAR {far:.4f} ({fa} of {n}), TAR {tar:.4f}")
    if a.decimals:
        v = si.verification(truth, recs, "cosine")
        print(f"as written: accuracy {v['accuracy']:.6f}, TAR@1e-3 {v['tarAtFar1e-3']:.6f}, coverage {v['coverage']:.4f}")
        for n in a.decimals:
            rounded = {}
            for k, r in recs.items():
                r2 = dict(r)
                r2["faces"] = [dict(f, descriptor=[round(x, n) for x in f["descriptor"]]) if "descriptor" in f else f
                               for f in r.get("faces", [])]
                rounded[k] = r2
            v = si.verification(truth, rounded, "cosine")
            print(f"{n} decimals: accuracy {v['accuracy']:.6f}, TAR@1e-3 {v['tarAtFar1e-3']:.6f}, "
                  f"coverage {v['coverage']:.4f}")


if __name__ == "__main__":
    main()
