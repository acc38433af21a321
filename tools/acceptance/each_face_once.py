#!/usr/bin/env python3
"""Each face reported once: per-image face counts on the generated size sweep, and the overlapping or
too-narrow faces of any prediction file (issue [tracks]'s "each face once").

    tools/acceptance/each_face_once.py counts DIR PRED.jsonl   # DIR from synthetic_scenes.py sweep
    tools/acceptance/each_face_once.py pairs PRED.jsonl [--min-width 10] [--list]
    tools/acceptance/each_face_once.py widths TRUTH.json PRED.jsonl [--below 16]

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
    args = parser.parse_args()
    if args.command == "widths":
        return widths(args.truth, args.pred, args.below)
    if args.command == "counts":
        return counts(args.directory, args.pred)
    return pairs(args.pred, args.min_width, args.slack, args.list)


if __name__ == "__main__":
    sys.exit(main())
