#!/usr/bin/env python3
"""What each pass of `--mode thorough` adds on a detection set: the table of docs/thorough.md.

    tools/benchmarks/thorough_passes.py DIR [--set ../shared/eval/detection-dev] [--binary .build/release/facedetect]

Writes the set's photos as lossless copies seen by each pass (as is, mirrored, turned 90/180/270 degrees
clockwise, enlarged twice and 1.5 times, as is and mirrored) under DIR (keep it outside the repository:
about 5 GB for detection-dev), runs the release binary's accurate-mode search on each copy
(`--min-score 0.05 --landmarks none --classification none`), maps the boxes back to the photo, merges
the passes as FaceDetector+Passes.swift and BoxVoting.swift do, and scores each combination with
score.py. The copies are enlarged by Pillow's bilinear filter, not the library's, so the last rows
differ a little from the mode itself, which the table's last line measures directly. Needs numpy and
Pillow (the peers' venv).
"""
import argparse
import json
import subprocess
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
T = Image.Transpose
VIEWS = {  # name: (how the copy is made from the photo)
    "up": lambda im: im,
    "mirror": lambda im: im.transpose(T.FLIP_LEFT_RIGHT),
    "r90": lambda im: im.transpose(T.ROTATE_270),
    "r180": lambda im: im.transpose(T.ROTATE_180),
    "r270": lambda im: im.transpose(T.ROTATE_90),
    "up2x": lambda im: im.resize((im.width * 2, im.height * 2), Image.BILINEAR),
    "mirror2x": lambda im: im.transpose(T.FLIP_LEFT_RIGHT).resize((im.width * 2, im.height * 2), Image.BILINEAR),
    "up15x": lambda im: im.resize((round(im.width * 1.5), round(im.height * 1.5)), Image.BILINEAR),
    "mirror15x": lambda im: im.transpose(T.FLIP_LEFT_RIGHT).resize((round(im.width * 1.5), round(im.height * 1.5)),
                                                                   Image.BILINEAR),
}
# FaceDetector.enlargedPasses: the face side below which each enlarged pass keeps its faces.
LIMIT = {"up2x": 32, "mirror2x": 32, "up15x": 48, "mirror15x": 48}
ENLARGED = {"up2x": 2, "mirror2x": 2, "up15x": 1.5, "mirror15x": 1.5}
OVERLAP = 0.4  # FaceDetector.votingOverlap
TURNED = 0.8  # FaceDetector.turnedFaceScore, also strongFace
TURNED_WEIGHT = 0.5  # FaceDetector.turnedFaceWeight


def photo_box(view, box, W, H):
    if view in ENLARGED:
        u, v, w, h = (x / ENLARGED[view] for x in box)
        return (u, v, w, h) if view.startswith("up") else (W - u - w, v, w, h)
    u, v, w, h = box
    return {
        "up": (u, v, w, h), "mirror": (W - u - w, v, w, h), "r90": (v, H - u - w, h, w),
        "r180": (W - u - w, H - v - h, w, h), "r270": (W - v - h, u, h, w),
    }[view]


def iou(a, bs):
    x1 = np.maximum(a[0], bs[:, 0]); y1 = np.maximum(a[1], bs[:, 1])
    x2 = np.minimum(a[0] + a[2], bs[:, 0] + bs[:, 2]); y2 = np.minimum(a[1] + a[3], bs[:, 1] + bs[:, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    return inter / (a[2] * a[3] + bs[:, 2] * bs[:, 3] - inter)


def merge(cands, voting, passes, mean="rms"):
    """cands: (box, score, view). Voting: BoxVoting.merged (each pass's best score combined by `mean`,
    "rms" as the library or "mean"); otherwise one suppression (IoU > 0.45)."""
    if not cands:
        return []
    B = np.array([c[0] for c in cands], float); S = np.array([c[1] for c in cands]); tags = [c[2] for c in cands]
    alive = np.ones(len(S), bool); out = []
    for i in np.argsort(-S, kind="stable"):
        if not alive[i]:
            continue
        m = (iou(B[i], B) > (OVERLAP if voting else 0.45)) & alive
        alive &= ~m
        if not voting:
            out.append((tuple(B[i]), S[i])); continue
        box = (B[m] * S[m][:, None]).sum(0) / S[m].sum()
        side = max(box[2], box[3])
        best = {}
        for k in np.nonzero(m)[0]:
            if side < LIMIT.get(tags[k], np.inf):
                best[tags[k]] = max(best.get(tags[k], 0), S[k])
        n = len([p for p in passes if side < LIMIT.get(p, np.inf)])
        if mean == "rms":
            out.append((tuple(box), (sum(s * s for s in best.values()) / n) ** 0.5))
        else:
            out.append((tuple(box), sum(best.values()) / n))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", type=Path)
    ap.add_argument("--set", type=Path, default=ROOT.parent / "shared/eval/detection-dev")
    ap.add_argument("--binary", type=Path, default=ROOT / ".build/release/facedetect")
    args = ap.parse_args()
    truth = json.loads((args.set / "truth.json").read_text())
    sizes = {e["file"]: (e["width"], e["height"]) for e in truth["images"]}
    found = {}
    for view, make in VIEWS.items():
        dump = args.dir / f"{view}.jsonl"
        if not dump.exists():
            for e in truth["images"]:
                out = args.dir / view / Path(e["file"]).with_suffix(".png")
                out.parent.mkdir(parents=True, exist_ok=True)
                make(Image.open(args.set / e["file"]).convert("RGB")).save(out, compress_level=1)
            subprocess.run([str(args.binary), "--min-score", "0.05", "--landmarks", "none", "--classification",
                            "none", "--no-progress", "--json", str(dump.resolve()), "images"],
                           cwd=args.dir / view, check=True)
        found[view] = {}
        for line in dump.read_text().splitlines():
            r = json.loads(line)
            f = next(k for k in sizes if Path(k).with_suffix(".png") == Path(r["file"]))
            W, H = sizes[f]
            found[view][f] = [(photo_box(view, fc["box"], W, H), fc["score"]) for fc in r["faces"]]

    def score(name, passes, voting, turned=False, mean="rms", weight=TURNED_WEIGHT):
        preds = []
        for f, (W, H) in sizes.items():
            cands = [(b, s, v) for v in passes for b, s in found[v][f] if max(b[2], b[3]) < LIMIT.get(v, np.inf)]
            faces = merge(cands, voting, passes, mean)
            if turned:
                extra = merge([(b, s, v) for v in ("r90", "r180", "r270") for b, s in found[v][f] if s >= TURNED],
                              False, [])
                for b, s in extra:
                    if not faces or iou(np.array(b), np.array([x[0] for x in faces])).max() <= 0.45:
                        faces.append((b, s * weight))
            preds.append({"file": f, "width": W, "height": H,
                          "faces": [{"box": [float(x) for x in b], "score": float(s)} for b, s in faces]})
        pred = args.dir / f"pred-{name}.jsonl"
        pred.write_text("".join(json.dumps(p) + "\n" for p in preds))
        r = subprocess.run(["python3", str(ROOT.parent / "shared/tools/score.py"), "--truth", str(args.set / "truth.json"),
                            "--pred", str(pred), "--json"], capture_output=True, text=True, check=True)
        d = json.loads(r.stdout)["detection"]
        print(f"| {name} | {d['AP']:.3f} | {d['recall']:.3f} | {d['fpPerImage']:.1f} |", flush=True)

    print("| passes | AP | recall | false faces per photo |\n|---|---|---|---|")
    score("upright pyramid", ["up"], False)
    score("+ mirrored, suppression", ["up", "mirror"], False)
    score("+ mirrored, voting (mean of the passes' best)", ["up", "mirror"], True, mean="mean")
    score("+ mirrored, voting", ["up", "mirror"], True)
    score("+ enlarged 2x, faces < 32 px", ["up", "mirror", "up2x"], True)
    score("+ enlarged 2x mirrored", ["up", "mirror", "up2x", "mirror2x"], True)
    score("all of these, suppression", ["up", "mirror", "up2x", "mirror2x"], False)
    score("+ enlarged 2x mirrored, voting by the plain mean", ["up", "mirror", "up2x", "mirror2x"], True, mean="mean")
    score("+ turned faces >= 0.8, plain mean, at their own score", ["up", "mirror", "up2x", "mirror2x"], True,
          turned=True, mean="mean", weight=1)
    score("+ turned faces >= 0.8, at their own score", ["up", "mirror", "up2x", "mirror2x"], True, turned=True,
          weight=1)
    score("+ turned faces >= 0.8, halved", ["up", "mirror", "up2x", "mirror2x"], True, turned=True)
    score("+ enlarged 1.5x, faces < 48 px (thorough)", ["up", "mirror", "up2x", "mirror2x", "up15x"], True, turned=True)
    score("+ enlarged 1.5x mirrored", ["up", "mirror", "up2x", "mirror2x", "up15x", "mirror15x"], True, turned=True)


if __name__ == "__main__":
    main()
