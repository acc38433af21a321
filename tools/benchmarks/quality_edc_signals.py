#!/usr/bin/env python3
"""EDC of several quality signals on identity-dev with quality_edc.py's protocol (its functions, imported).

  quality_edc_signals.py --truth TRUTH --pred run.jsonl --norms norms.jsonl [--quality run-quality.jsonl]

Faces, pair similarities, the FMR-1e-3 threshold, the ranking (pair quality = min of the two faces', a pair
lacking a quality first, ties in pair order) and the FNMR of the kept same-person pairs are computed exactly as
quality_edc.py does (the same functions), for more qualities. --quality: a run whose faces carry captureQuality; it
is attached to --pred's faces where the boxes are the same (quality_edc.py's `attach`, as its --descriptors). --norms: quality_sface_norm.py's output.
Besides the table, the false non-matches (kept-pair errors at 0 % discard) are listed by distinct pair of photos,
and for each signal it is counted how many of them (instances and distinct pairs) the 10 % discard removes.
"""
import argparse
import bisect
import json
import math
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from quality_edc import attach, central_faces, load_records, pair_quality, verification  # noqa: E402


def rank_normaliser(values):
    """Map each value to its mid-rank percentile in (0, 1) among `values`."""
    s = sorted(values)
    n = len(s)

    def f(v):
        lo, hi = bisect.bisect_left(s, v), bisect.bisect_right(s, v)
        return (lo + hi) / 2 / n
    return f


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--truth", required=True)
    p.add_argument("--pred", required=True)
    p.add_argument("--norms", required=True)
    p.add_argument("--quality")
    p.add_argument("--discard", type=float, nargs="+", default=[0.05, 0.1, 0.2, 0.3])
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args()
    truth = json.load(open(args.truth))
    records = load_records(args.pred)
    if args.quality:
        print(f"captureQuality attached to {attach(records, args.quality, 'captureQuality')} faces")
    norms = {}
    for line in open(args.norms):
        n = json.loads(line)
        norms[(n["file"], tuple(n["box"]))] = n["norm"]
    faces = central_faces(truth, records)
    for image, f in zip(truth["images"], faces):
        if f is not None:
            f["norm"] = norms.get((image["file"], tuple(f["box"])))
    pairs, threshold, allowed, mated = verification(truth, faces)
    print(f"threshold {threshold:.4f} (FMR 1e-3: {allowed} of {sum(1 for p in pairs if not p[2])} different-person "
          f"pairs above it); {len(mated)} same-person pairs")

    # normalisers over the central faces of the photos that are in pairs
    paired = sorted({k for p in pairs for k in p[:2]})
    pf = [faces[k] for k in paired if faces[k] is not None]
    nvals = [f["norm"] for f in pf if f.get("norm") is not None]
    nmin, nmax = min(nvals), max(nvals)
    print(f"SFace raw feature norm over the {len(nvals)} central faces of paired photos: min {nmin:.3f}, "
          f"max {nmax:.3f}, mean {sum(nvals) / len(nvals):.3f}, "
          f"median {sorted(nvals)[len(nvals) // 2]:.3f}")
    nrank = rank_normaliser(nvals)
    qvals = [f["captureQuality"] for f in pf if f.get("captureQuality") is not None]
    qrank = rank_normaliser(qvals) if qvals else None
    if qvals:
        print(f"captureQuality over {len(qvals)} such faces: min {min(qvals):.4f}, max {max(qvals):.4f}")

    def nn(f):
        return None if f.get("norm") is None else (f["norm"] - nmin) / (nmax - nmin)

    qualities = {"feature norm": lambda f: f.get("norm")}
    if qvals:
        qualities["captureQuality"] = lambda f: f.get("captureQuality")
    qualities["detector score"] = lambda f: f["score"]
    qualities["face size"] = lambda f: math.sqrt(f["box"][2] * f["box"][3])
    if qvals:
        def both(g):
            def q(f):
                a, b = f.get("captureQuality"), nn(f)
                return None if a is None or b is None else g(a, b)
            return q
        qualities["cQ × norm01"] = both(lambda a, b: a * b)
        qualities["min(cQ, norm01)"] = both(min)

        def minrank(f):
            a, b = f.get("captureQuality"), f.get("norm")
            return None if a is None or b is None else min(qrank(a), nrank(b))
        qualities["min of ranks"] = minrank

    # false non-matches at 0 % discard
    fnm = [k for k, p in enumerate(mated) if p[3] is None or p[3] <= threshold]
    distinct = {}
    for k in fnm:
        key = tuple(sorted(mated[k][:2]))
        distinct.setdefault(key, []).append(k)
    print(f"{len(fnm)} false non-matches among {len(mated)} same-person pairs = {len(distinct)} distinct photo pairs")

    fractions = [0.0] + args.discard
    rows, hits = {}, {}
    for name, quality in qualities.items():
        order = sorted(range(len(mated)), key=lambda k: pair_quality(faces, quality, mated[k]))
        rows[name] = []
        hits[name] = {}
        for fraction in fractions:
            cut = int(round(fraction * len(order)))
            kept = [mated[k] for k in order[cut:]]
            errors = sum(1 for *_, s in kept if s is None or s <= threshold)
            rows[name].append((errors, len(kept), errors / len(kept)))
            gone = set(order[:cut])
            hits[name][fraction] = (sum(1 for k in fnm if k in gone),
                                    sum(1 for key, ks in distinct.items() if all(k in gone for k in ks)),
                                    cut)
        missing = sum(1 for p in mated if pair_quality(faces, quality, p) == -1.0)
        if missing:
            print(f"  {name}: {missing} same-person pairs without a quality (discarded first)")

    names = list(qualities)
    print()
    print("| discarded | " + " | ".join(f"FNMR by {q}" for q in names) + " |")
    print("|" + "---|" * (len(names) + 1))
    for k, fraction in enumerate(fractions):
        cells = []
        for name in names:
            e, n, fnmr = rows[name][k]
            change = "" if k == 0 else f" ({(fnmr / rows[name][0][2] - 1) * 100:+.1f} %)"
            cells.append(f"{fnmr:.4f}{change} [{e}/{n}]")
        print(f"| {fraction:.0%} | " + " | ".join(cells) + " |")
    print()
    print("| discarded | " + " | ".join(f"FNM removed by {q} (instances of {len(fnm)}, distinct of {len(distinct)})"
                                       for q in names) + " |")
    print("|" + "---|" * (len(names) + 1))
    for fraction in args.discard:
        print(f"| {fraction:.0%} ({hits[names[0]][fraction][2]} pairs) | "
              + " | ".join(f"{hits[q][fraction][0]} / {hits[q][fraction][1]}" for q in names) + " |")

    # the distinct false non-match pairs with each face's values
    print()
    print("| pair (photo i / photo j) | times drawn | cosine | norm i / j | cQ i / j | score i / j | size i / j |")
    print("|---|---|---|---|---|---|---|")

    def fmt(f, key, spec):
        if f is None:
            return "–"
        v = (math.sqrt(f["box"][2] * f["box"][3]) if key == "size" else f.get(key))
        return "–" if v is None else format(v, spec)
    for key, ks in sorted(distinct.items(), key=lambda kv: -len(kv[1])):
        i, j = key
        a, b = faces[i], faces[j]
        s = mated[ks[0]][3]
        print(f"| {truth['images'][i]['file'].split('/')[-1]} / {truth['images'][j]['file'].split('/')[-1]} | "
              f"{len(ks)} | {'–' if s is None else format(s, '.3f')} | {fmt(a, 'norm', '.2f')} / {fmt(b, 'norm', '.2f')} | "
              f"{fmt(a, 'captureQuality', '.3f')} / {fmt(b, 'captureQuality', '.3f')} | "
              f"{fmt(a, 'score', '.3f')} / {fmt(b, 'score', '.3f')} | {fmt(a, 'size', '.1f')} / {fmt(b, 'size', '.1f')} |")
    # where the FNM faces' norms sit among all paired faces
    fnm_faces = sorted({k for key in distinct for k in key})
    pct = [nrank(faces[k]["norm"]) for k in fnm_faces if faces[k] is not None and faces[k].get("norm") is not None]
    lower = [min(nrank(faces[i]["norm"]), nrank(faces[j]["norm"])) for i, j in distinct
             if faces[i] and faces[j] and faces[i].get("norm") is not None and faces[j].get("norm") is not None]
    allmin = sorted(min(nrank(faces[p[0]]["norm"]), nrank(faces[p[1]]["norm"])) for p in mated
                    if faces[p[0]] and faces[p[1]] and faces[p[0]].get("norm") is not None
                    and faces[p[1]].get("norm") is not None)
    if pct:
        print(f"\nnorm percentile (among paired faces) of the {len(pct)} faces in false non-match pairs: "
              f"median {sorted(pct)[len(pct) // 2]:.2f}; pair-min percentile of the {len(lower)} distinct FNM pairs: "
              f"median {sorted(lower)[len(lower) // 2]:.2f} (all same-person pairs' pair-min: median "
              f"{allmin[len(allmin) // 2]:.2f}); 10 %-discard cut of pair-min percentile: "
              f"{allmin[int(round(0.1 * len(allmin))) - 1]:.3f}")


if __name__ == "__main__":
    main()
