#!/usr/bin/env python3
"""Fits the eye-open model that adds the face mesh's eyelid aperture to the pixel model, from two
runs of the tool on eyes-dev (and reports what the mesh's lip geometry adds to the smile model).

    bin=$(swift build -c release --show-bin-path)/facedetect
    (cd ../shared/eval/eyes-dev && $bin images --json /tmp/eyes-pixel.jsonl --mode accurate --min-face-size 20px)
    (cd ../shared/eval/eyes-dev && $bin images --json /tmp/eyes-mesh.jsonl --mode accurate --min-face-size 20px \
        --contours all)
    python3 tools/fit_mesh_attributes.py --eyes ../shared/eval/eyes-dev /tmp/eyes-pixel.jsonl /tmp/eyes-mesh.jsonl
    (the same with smile-dev and --smile)

The run without contours gives the pixel model's probabilities (``EyeStateClassifier``,
``SmileClassifier``: the mesh does not run, so they are not the combined ones); the run with
contours gives the mesh's eye and lip contours, from which the features are computed here as
``MeshEyeStateClassifier`` computes them from the mesh points (contour point k of `leftEye` is
mesh point `FaceContour.Kind.leftEye.meshIndices[k]`):
- aperture of an eye: the mean distance between the upper and lower lid over three pairs (contour
  points 3/13, 4/12, 5/11: mesh 144/160, 145/159, 153/158 on the right eye, 373/387, 374/386,
  380/385 on the left) over the eye width (points 0/8: mesh 33/133, 263/362);
- the eye's own aperture and the pixel model's logit (its probability clamped to 1e-4…1 − 1e-4,
  as the tool prints it to 4 decimals). Adding the other eye's aperture scores higher (the line
  printed first), but its weight then exceeds the eye's own: eyes-dev has no winks (both eyes of a
  face share their state), and such a model would call a winking face's open eye the closed one.
The face that speaks for an image is the one nearest the image centre (score.py --pick central).
Fit, cross-validation (10 folds, the two eyes of a face in one fold), the 50/50 prior and the
printout are `fit_attributes.py`'s. Caveat: the pixel model's own coefficients were fitted on all of
eyes-dev (its cross-validated AUC 0.899 against 0.907 in-sample), so its logit carries a little of
each held-out fold; the cross-validated AUC here is optimistic by at most about that much.

Smile (reported only; not in the library): lip-corner lift (the mean of the inner lip centre,
mesh 13/14, minus the mean of the corners 61/291, along the face's vertical, in eye distances,
eye centres = the eye contours' means) and mouth width (61 to 291), with the pixel model's logit.
Measured 2026-12-04 on smile-dev: 10-fold AUC 0.897 (the pixel logit alone, refitted: 0.884; lift and
width alone: 0.884), too little to be worth a second smile model.
numpy only.
"""
import argparse
import json

import numpy as np

from fit_attributes import auc, crossval, report


def central(rec, key):
    faces = [f for f in rec["faces"] if key in f]
    if not faces:
        return None
    cx, cy = rec["width"] / 2, rec["height"] / 2
    return min(faces, key=lambda f: (f["box"][0] + f["box"][2] / 2 - cx) ** 2 + (f["box"][1] + f["box"][3] / 2 - cy) ** 2)


def logit(p):
    p = min(max(p, 1e-4), 1 - 1e-4)
    return np.log(p / (1 - p))


def aperture(contour):
    c = np.array(contour)
    width = np.linalg.norm(c[0] - c[8])
    return np.mean([np.linalg.norm(c[a] - c[b]) for a, b in ((3, 13), (4, 12), (5, 11))]) / width


def pairs(set_dir, pixel_path, mesh_path, key):
    truth = {im["file"]: im for im in json.load(open(f"{set_dir}/truth.json"))["images"]}
    pixel = {json.loads(l)["file"]: json.loads(l) for l in open(pixel_path)}
    for line in open(mesh_path):
        rec = json.loads(line)
        f = central(rec, "contours")
        g = central(pixel.get(rec["file"], {"faces": [], "width": 0, "height": 0}), key)
        if f is None or g is None or rec["file"] not in truth:
            continue
        yield truth[rec["file"]]["faces"][0], f, g, rec["file"]


def eyes(set_dir, pixel_path, mesh_path):
    X, y, groups = [], [], []
    for t, f, g, file in pairs(set_dir, pixel_path, mesh_path, "leftEyeOpenProbability"):
        a = {"left": aperture(f["contours"]["leftEye"]), "right": aperture(f["contours"]["rightEye"])}
        for own, other in (("left", "right"), ("right", "left")):
            X.append([a[own], a[other], logit(g[f"{own}EyeOpenProbability"])])
            y.append(bool(t[f"{own}EyeOpen"]))
            groups.append(file)
    return np.array(X), np.array(y, float), groups


def smile(set_dir, pixel_path, mesh_path):
    X, y = [], []
    for t, f, g, _ in pairs(set_dir, pixel_path, mesh_path, "smilingProbability"):
        c = {k: np.array(v) for k, v in f["contours"].items()}
        left, right = c["leftEye"].mean(0), c["rightEye"].mean(0)
        d = np.linalg.norm(left - right)
        ex = (left - right) / d
        ey = np.array([-ex[1], ex[0]])  # the face's downward direction in the image
        frame = lambda p: np.array([(p - right) @ ex, (p - right) @ ey]) / d
        corner_r, corner_l = frame(c["upperLipTop"][0]), frame(c["upperLipTop"][10])
        inner = (frame(c["upperLipBottom"][4]) + frame(c["lowerLipTop"][4])) / 2
        lift = inner[1] - (corner_r[1] + corner_l[1]) / 2
        X.append([lift, np.linalg.norm(corner_l - corner_r), logit(g["smilingProbability"])])
        y.append(bool(t["smiling"]))
    return np.array(X), np.array(y, float)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--eyes", nargs=3, metavar=("SET", "PIXEL_PRED", "MESH_PRED"))
    ap.add_argument("--smile", nargs=3, metavar=("SET", "PIXEL_PRED", "MESH_PRED"))
    ap.add_argument("--l2", type=float, default=0.01)
    a = ap.parse_args()
    if a.eyes:
        X, y, groups = eyes(*a.eyes)
        for name, cols in (("own aperture", [0]), ("both apertures", [0, 1]), ("pixel logit", [2])):
            print(f"10-fold AUC {name}: {auc(crossval(X[:, cols], y, a.l2, groups=groups), y):.3f}")
        print(f"10-fold AUC both apertures and pixel logit (not used: see above): "
              f"{auc(crossval(X, y, a.l2, groups=groups), y):.3f}")
        report("eyes: own aperture, pixel logit", X[:, [0, 2]], y, a.l2, groups=groups, balance=True)
    if a.smile:
        X, y = smile(*a.smile)
        for name, cols in (("lift, width", [0, 1]), ("pixel logit", [2])):
            print(f"10-fold AUC {name}: {auc(crossval(X[:, cols], y, a.l2), y):.3f}")
        report("smile: lift, width, pixel logit", X, y, a.l2)


if __name__ == "__main__":
    main()
