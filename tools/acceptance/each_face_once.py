#!/usr/bin/env python3
"""Each face reported once: per-image face counts on the generated size sweep, and the overlapping or
too-narrow faces of any prediction file (issue [tracks]'s "each face once").

    tools/acceptance/each_face_once.py counts DIR PRED.jsonl   # DIR from synthetic_scenes.py sweep
    tools/acceptance/each_face_once.py pairs PRED.jsonl [--min-width 10] [--list]
    tools/acceptance/each_face_once.py widths TRUTH.json PRED.jsonl [--below 16]
    tools/acceptance/each_face_once.py removed OLD.jsonl NEW.jsonl
    tools/acceptance/each_face_once.py apply PRED.jsonl --least-width 8 --smaller-overlap 0.7 --similar-width 0.5 \
        [--aligned-overlap 0.6 --aligned-edges 0.1] > OUT

`counts`: the number of faces the tool reported in each image of the sweep (one face each), and the
boxes of the images with another count; exit 1 unless every image has exactly one.
`pairs`: in every record, the pairs of faces with an IoU >= 0.5 or an intersection over the smaller
box >= 0.7, and the faces narrower than `--min-width` pixels (the tool's `--min-face-size`, 10 by
default; the box regression's slack allowed is given with `--slack`, 0 by default); `--list` prints
each. Exit 1 when there is any.
`widths`: how far the box regression moves the widths of true faces near the minimum: for each true
face narrower than `--below` px (not "ignore"), the reported face of the best IoU (>= 0.5), and per
true width (rounded down to a whole pixel) the reported width over the true one: least, 5th
percentile, median, largest. TRUTH is `synthetic_scenes.py small`'s truth.json or a dev set's.
`removed`: what differs between two runs' JSON Lines (`same_json.sh write`'s files, timing fields removed) when
the second only drops faces: per file, the faces of OLD missing from NEW, how narrow they were and how they
overlapped a face kept; exit 1 if anything else differs (a face added or changed, another field, the order).
`apply`: the detector's rule (`DistinctFaces`) with other constants, on the faces of a run made without it: the
faces at least `--least-width` px wide, best first, each dropped where a better kept one overlaps it by an IoU
above 0.45 or, when the narrower is at least `--similar-width` of the wider's width, by an intersection over the
smaller box of at least `--smaller-overlap` (or of `--aligned-overlap` where the two boxes' tops and bottoms are
each within `--aligned-edges` of the taller's height; off by default); the records to standard output, for score.py (how the rule's
constants were chosen: docs/what-is-reported.md).
"""
import argparse
import json
import sys
from pathlib import Path


def records(path):
    for line in Path(path).read_text().splitlines():
        if line.strip():
            yield json.loads(line)


def overlaps(a, b):
    """IoU and intersection over the smaller box of two [x, y, w, h] boxes."""
    w = max(0.0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    inter = w * h
    area_a, area_b = a[2] * a[3], b[2] * b[3]
    union = area_a + area_b - inter
    return (inter / union if union > 0 else 0.0), (inter / min(area_a, area_b) if min(area_a, area_b) > 0 else 0.0)


def counts(directory, pred_path):
    truth = json.loads((Path(directory) / "truth.json").read_text())
    preds = {r["file"]: r for r in records(pred_path)}
    bad = 0
    histogram = {}
    for image in truth["images"]:
        name = image["file"]
        record = next((r for f, r in preds.items() if f.endswith(name)), None)
        n = len(record["faces"]) if record and "faces" in record else -1
        histogram[n] = histogram.get(n, 0) + 1
        line = f"{name}: {n}"
        if n != len(image["faces"]):
            bad += 1
            faces = record["faces"] if record else []
            line += "  " + "; ".join(f"{[round(v) for v in f['box']]} {f['score']:.2f}" for f in faces)
        print(line)
    total = len(truth["images"])
    print(f"{total - bad} of {total} images with exactly one face; counts "
          + ", ".join(f"{k}: {v}" for k, v in sorted(histogram.items())))
    return 0 if bad == 0 else 1


def pairs(pred_path, min_width, slack, show):
    iou_pairs = ios_pairs = narrow = faces = 0
    files = set()
    for record in records(pred_path):
        found = record.get("faces", [])
        faces += len(found)
        for f in found:
            if f["box"][2] < min_width - slack:
                narrow += 1
                files.add(record["file"])
                if show:
                    print(f"narrow {record['file']}: {f['box']} {f['score']}")
        for i in range(len(found)):
            for j in range(i + 1, len(found)):
                iou, ios = overlaps(found[i]["box"], found[j]["box"])
                if iou >= 0.5 or ios >= 0.7:
                    files.add(record["file"])
                    iou_pairs += iou >= 0.5
                    ios_pairs += ios >= 0.7
                    if show:
                        print(f"pair {record['file']}: {found[i]['box']} {found[i]['score']} / "
                              f"{found[j]['box']} {found[j]['score']} IoU {iou:.2f} IoS {ios:.2f}")
    print(f"{faces} faces: {iou_pairs} pairs with IoU >= 0.5, {ios_pairs} with intersection over the smaller "
          f">= 0.7, {narrow} faces narrower than {min_width - slack:g} px, in {len(files)} files")
    return 0 if iou_pairs + ios_pairs + narrow == 0 else 1


def widths(truth_path, pred_path, below):
    truth = json.loads(Path(truth_path).read_text())
    preds = {r["file"]: r for r in records(pred_path)}
    ratios, missed = {}, {}
    for image in truth["images"]:
        record = preds.get(image["file"], {})
        for t in image["faces"]:
            w = t["box"][2]
            if t.get("ignore") or w >= below:
                continue
            key = int(w)
            best = max(record.get("faces", []), key=lambda f: overlaps(f["box"], t["box"])[0], default=None)
            if best is None or overlaps(best["box"], t["box"])[0] < 0.5:
                missed[key] = missed.get(key, 0) + 1
                continue
            ratios.setdefault(key, []).append(best["box"][2] / w)
    every = []
    for key in sorted(set(ratios) | set(missed)):
        r = sorted(ratios.get(key, []))
        every += r
        if r:
            print(f"true width {key} px: {len(r)} found, {missed.get(key, 0)} missed; reported / true width "
                  f"least {r[0]:.3f}, 5th percentile {r[len(r) // 20]:.3f}, median {r[len(r) // 2]:.3f}, "
                  f"largest {r[-1]:.3f}")
    every.sort()
    if every:
        print(f"all: {len(every)} found; least {every[0]:.3f}, 5th percentile {every[len(every) // 20]:.3f}, "
              f"median {every[len(every) // 2]:.3f}, largest {every[-1]:.3f}")
    return 0


def removed(old_path, new_path):
    old, new = list(records(old_path)), list(records(new_path))
    if [r["file"] for r in old] != [r["file"] for r in new]:
        print("the files differ")
        return 1
    other = total = files = 0
    for a, b in zip(old, new):
        fa, fb = a.get("faces", []), b.get("faces", [])
        rest_a = {k: v for k, v in a.items() if k != "faces"}
        rest_b = {k: v for k, v in b.items() if k != "faces"}
        # NEW's faces must be OLD's in the same order, some left out.
        k, dropped = 0, []
        for face in fa:
            if k < len(fb) and fb[k] == face:
                k += 1
            else:
                dropped.append(face)
        if k != len(fb) or rest_a != rest_b:
            other += 1
            print(f"DIFFERENT beyond dropped faces: {a['file']}")
            continue
        if dropped:
            files += 1
            total += len(dropped)
            notes = []
            for face in dropped:
                best = max(fb, key=lambda f: overlaps(f["box"], face["box"])[1], default=None)
                iou, ios = overlaps(best["box"], face["box"]) if best else (0, 0)
                notes.append(f"{[round(v, 1) for v in face['box']]} {face['score']:.2f} (kept face's IoU {iou:.2f}, "
                             f"over the smaller {ios:.2f})")
            print(f"{a['file']}: {len(dropped)} removed: " + "; ".join(notes))
    print(f"{total} faces removed in {files} files; {other} files differ otherwise")
    return 0 if other == 0 else 1


def apply(pred_path, least_width, smaller_overlap, similar_width, aligned_overlap=1.01, aligned_edges=0.1):
    for record in records(pred_path):
        faces = [f for f in record.get("faces", []) if f["box"][2] >= least_width]
        kept = []
        for f in sorted(faces, key=lambda f: -f["score"]):
            def same(g):
                a, b = g["box"], f["box"]
                iou, ios = overlaps(a, b)
                narrow, wide = sorted([a[2], b[2]])
                edges = aligned_edges * max(a[3], b[3])
                level = abs(a[1] - b[1]) < edges and abs(a[1] + a[3] - b[1] - b[3]) < edges
                return iou > 0.45 or (narrow >= similar_width * wide
                                      and (ios >= smaller_overlap or (ios >= aligned_overlap and level)))
            if not any(same(g) for g in kept):
                kept.append(f)
        if "faces" in record:
            record["faces"] = kept
        print(json.dumps(record))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("counts")
    c.add_argument("directory", type=Path)
    c.add_argument("pred")
    p = sub.add_parser("pairs")
    p.add_argument("pred")
    p.add_argument("--min-width", type=float, default=10)
    p.add_argument("--slack", type=float, default=0)
    p.add_argument("--list", action="store_true")
    w = sub.add_parser("widths")
    w.add_argument("truth")
    w.add_argument("pred")
    w.add_argument("--below", type=float, default=16)
    r = sub.add_parser("removed")
    r.add_argument("old")
    r.add_argument("new")
    a = sub.add_parser("apply")
    a.add_argument("pred")
    a.add_argument("--least-width", type=float, default=8)
    a.add_argument("--smaller-overlap", type=float, default=0.7)
    a.add_argument("--similar-width", type=float, default=0.5)
    a.add_argument("--aligned-overlap", type=float, default=1.01)
    a.add_argument("--aligned-edges", type=float, default=0.1)
    args = parser.parse_args()
    if args.command == "apply":
        return apply(args.pred, args.least_width, args.smaller_overlap, args.similar_width, args.aligned_overlap,
                     args.aligned_edges)
    if args.command == "removed":
        return removed(args.old, args.new)
    if args.command == "widths":
        return widths(args.truth, args.pred, args.below)
    if args.command == "counts":
        return counts(args.directory, args.pred)
    return pairs(args.pred, args.min_width, args.slack, args.list)


if __name__ == "__main__":
    sys.exit(main())
