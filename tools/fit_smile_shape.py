#!/usr/bin/env python3
"""Fits the smile model on the shape of the face mesh's 133 ML Kit contour points (issue 13, item 4),
from one run of the tool on smile-dev, and writes it as Swift (SmileShapeModel.swift).

    bin=$(swift build -c release --show-bin-path)/facedetect
    (cd ../shared/eval/smile-dev && $bin images --json /tmp/smile-mesh.jsonl --mode accurate \
        --min-face-size 20px --contours all --classification all --landmarks all)
    python3 tools/fit_smile_shape.py ../shared/eval/smile-dev /tmp/smile-mesh.jsonl \
        --swift Sources/FaceDetection/Attributes/SmileShapeModel.swift

Features (``SmileShapeClassifier`` computes the same from the mesh): the 133 contour points in
ML Kit's order (``FaceContour.Kind.allCases``, each kind's points in order), aligned by the eyes:
the similarity transform that puts the right eye centre (the mean of the `rightEye` contour's 16
points) at (−0.5, 0) and the left one at (+0.5, 0), x towards the subject's left, y down the face;
266 numbers (x₀, y₀, x₁, y₁, …). Every training set gets the mirror images of its shapes added
with the same labels (x negated, each point swapped with its mirror point: left and right contours
point by point, the face oval k ↔ 36 − k, the lips and the nose bottom reversed; off with
``--no-mirror-augment``). On such a mirror-symmetric training set the (unique, L2-penalised)
logistic optimum is itself mirror-symmetric, so a mirrored face gets the same probability, and
the shape differences that only say which way the head turns carry no weight. (Measured
2026-12-04, 10 folds, K 20, L2 0.01: the mirror images added 0.922; each shape averaged with its
mirror image before the PCA instead 0.916; neither 0.922, but a mirrored face's probability then
moved by 0.08 on average, up to 0.74.)
Model: PCA of the (training) shapes to K components, the component scores divided by their
standard deviation, then a logistic regression with an L2 penalty on the weights
(``fit_attributes.fit``, Newton's method). K and the penalty are chosen from a small grid by an
inner 5-fold cross-validation inside each training fold (mean inner AUC), so the outer 10-fold
AUC never sees the held-out fold; the final model is fitted on the whole set with K and the penalty
chosen by the same 10-fold search over all of it. ``--components`` / ``--l2`` fix them instead.
AUC: Mann–Whitney with ties counted half, as score.py's ``roc_auc``.

The PCA projection, the scaling and the logistic weights are linear, so the final model is
written collapsed: one weight per aligned coordinate and a bias,
``w_shape = Bᵀ (w / σ)``, ``bias = b − w_shape · mean`` (B the K × 266 basis, σ the scores'
deviations, mean the mean aligned shape); the probability is exactly the PCA + logistic model's.
``--pixel`` also reports the model with the pixel model's logit (``SmileClassifier``) added as
a feature (that model was itself fitted on all of smile-dev, so its figure is optimistic).
``--reference N`` prints N faces' contour points and probabilities for the Swift reference test.
The face that speaks for an image is the one nearest the image centre (score.py --pick central).
numpy only.
"""
import argparse
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_attributes import auc, fit, predict  # noqa: E402

# ML Kit's contour kinds in FaceContour.Kind.allCases order, and their point counts.
KINDS = [
    ("face", 36), ("leftEyebrowTop", 5), ("leftEyebrowBottom", 5), ("rightEyebrowTop", 5),
    ("rightEyebrowBottom", 5), ("leftEye", 16), ("rightEye", 16), ("upperLipTop", 11),
    ("upperLipBottom", 9), ("lowerLipTop", 9), ("lowerLipBottom", 9), ("noseBridge", 2),
    ("noseBottom", 3), ("leftCheek", 1), ("rightCheek", 1),
]
OFFSET = {}
_n = 0
for _kind, _count in KINDS:
    OFFSET[_kind] = _n
    _n += _count
POINTS = _n  # 133


def mirror_permutation():
    """Index of each contour point's mirror image (FaceContour.swift: left contours mirror the
    right ones point by point, the oval runs from the forehead's top, the lips run corner to corner)."""
    perm = np.arange(POINTS)
    swap = [("leftEyebrowTop", "rightEyebrowTop"), ("leftEyebrowBottom", "rightEyebrowBottom"),
            ("leftEye", "rightEye"), ("leftCheek", "rightCheek")]
    counts = dict(KINDS)
    for a, b in swap:
        for k in range(counts[a]):
            perm[OFFSET[a] + k], perm[OFFSET[b] + k] = OFFSET[b] + k, OFFSET[a] + k
    for k in range(36):
        perm[OFFSET["face"] + k] = OFFSET["face"] + (36 - k) % 36
    for kind in ("upperLipTop", "upperLipBottom", "lowerLipTop", "lowerLipBottom", "noseBottom", "noseBridge"):
        n = counts[kind]
        for k in range(n):
            perm[OFFSET[kind] + k] = OFFSET[kind] + (n - 1 - k if kind != "noseBridge" else k)
    return perm


MIRROR = mirror_permutation()
AUGMENT = True  # --no-mirror-augment turns it off


def aligned(contours):
    """The 133 points in the eye frame, as a 266-vector (x₀, y₀, …)."""
    p = np.concatenate([np.asarray(contours[kind], float).reshape(count, 2) for kind, count in KINDS])
    right = p[OFFSET["rightEye"]:OFFSET["rightEye"] + 16].mean(0)
    left = p[OFFSET["leftEye"]:OFFSET["leftEye"] + 16].mean(0)
    d = np.linalg.norm(left - right)
    ex = (left - right) / d
    ey = np.array([-ex[1], ex[0]])  # down the face (image y down, x towards the subject's left)
    q = p - (left + right) / 2
    return np.stack([q @ ex, q @ ey], 1).reshape(-1) / d


def mirrored(X):
    """The mirror images of the aligned shapes (rows of X)."""
    return (X.reshape(len(X), POINTS, 2)[:, MIRROR] * np.array([-1.0, 1.0])).reshape(len(X), -1)


def central(rec):
    faces = [f for f in rec["faces"] if "contours" in f and "smilingProbability" in f]
    if not faces:
        return None
    cx, cy = rec["width"] / 2, rec["height"] / 2
    return min(faces, key=lambda f: (f["box"][0] + f["box"][2] / 2 - cx) ** 2 + (f["box"][1] + f["box"][3] / 2 - cy) ** 2)


def load(set_dir, pred_path):
    truth = {im["file"]: im for im in json.load(open(f"{set_dir}/truth.json"))["images"]}
    X, pixel, y, faces, files = [], [], [], [], []
    for line in open(pred_path):
        rec = json.loads(line)
        f = central(rec)
        if f is None or rec["file"] not in truth:
            continue
        X.append(aligned(f["contours"]))
        p = min(max(f["smilingProbability"], 1e-4), 1 - 1e-4)
        pixel.append(np.log(p / (1 - p)))
        y.append(bool(truth[rec["file"]]["faces"][0]["smiling"]))
        faces.append(f)
        files.append(rec["file"])
    return np.array(X), np.array(pixel), np.array(y, float), faces, files, len(truth)


class ShapeModel:
    """PCA to k components (scores scaled to unit variance), optionally extra raw columns, logistic."""

    def __init__(self, X, y, k, l2, extra=None):
        if AUGMENT:  # the mirror images join the training shapes, with the same labels
            X, y = np.r_[X, mirrored(X)], np.r_[y, y]
            extra = None if extra is None else np.r_[extra, extra]
        self.mean = X.mean(0)
        _, s, vt = np.linalg.svd(X - self.mean, full_matrices=False)
        self.basis = vt[:k]
        self.sigma = s[:k] / np.sqrt(len(X))
        self.w = fit(self.features(X, extra), y, l2)

    def features(self, X, extra=None):
        Z = (X - self.mean) @ self.basis.T / self.sigma
        return Z if extra is None else np.c_[Z, extra]

    def predict(self, X, extra=None):
        return predict(self.w, self.features(X, extra))

    def collapsed(self):
        """(weights per aligned coordinate, bias) of the same linear logit (shape-only models)."""
        w_shape = self.basis.T @ (self.w[1:1 + len(self.sigma)] / self.sigma)
        return w_shape, self.w[0] - w_shape @ self.mean


def folds_of(n, folds, seed):
    rng = np.random.default_rng(seed)
    return rng.permutation(n) % folds


def cv_predict(X, y, k, l2, folds, seed, extra=None):
    fold = folds_of(len(y), folds, seed)
    out = np.zeros(len(y))
    for f in range(folds):
        tr, te = fold != f, fold == f
        e_tr = None if extra is None else extra[tr]
        e_te = None if extra is None else extra[te]
        out[te] = ShapeModel(X[tr], y[tr], k, l2, e_tr).predict(X[te], e_te)
    return out


def choose(X, y, grid, folds, seed, extra=None):
    """The (k, l2) of `grid` with the best cross-validated AUC on (X, y)."""
    best = None
    for k, l2 in grid:
        a = auc(cv_predict(X, y, k, l2, folds, seed, extra), y)
        if best is None or a > best[0] + 1e-12:
            best = (a, k, l2)
    return best[1], best[2]


def nested_cv(X, y, grid, extra=None, folds=10, seed=20240611):
    """Outer 10-fold out-of-fold probabilities, (k, l2) chosen inside each training fold."""
    fold = folds_of(len(y), folds, seed)
    out = np.zeros(len(y))
    chosen = []
    for f in range(folds):
        tr, te = fold != f, fold == f
        e_tr = None if extra is None else extra[tr]
        e_te = None if extra is None else extra[te]
        k, l2 = choose(X[tr], y[tr], grid, 5, seed + 1 + f, e_tr)
        chosen.append((k, l2))
        out[te] = ShapeModel(X[tr], y[tr], k, l2, e_tr).predict(X[te], e_te)
    return out, chosen


def swift_file(w, bias, k, l2, cv_auc, n, positives, args):
    rows = []
    for i in range(0, len(w), 8):
        rows.append("        " + ", ".join(f"{v:.6g}" for v in w[i:i + 8]) + f",  // point {i // 2}")
    return f"""// Generated by tools/fit_smile_shape.py — do not edit; rerun the tool to refit:
//   python3 tools/fit_smile_shape.py {args.set_dir} PRED.jsonl --swift {args.swift}
// PRED.jsonl: `facedetect images --json PRED.jsonl --mode accurate --min-face-size 20px
// --contours all --classification all --landmarks all`, run in the set's folder.
// Fitted on smile-dev only ({n} faces with a mesh, {positives} smiling, and their mirror images):
// the eye-aligned contour shape, PCA to {k} components (scores scaled to unit variance), logistic
// regression with L2 {l2:g}; K and L2 chosen by 10-fold cross-validation from a small grid.
// Nested 10-fold cross-validated AUC {cv_auc:.3f} (K and L2 chosen inside each fold).
// The PCA basis, scaling and logistic weights are collapsed into one weight per aligned coordinate.

extension SmileShapeClassifier {{
    /// The fitted model: one weight per aligned contour coordinate and a bias; see the header of
    /// this generated file.
    static let fitted = LogisticModel(weights: weights, bias: {bias:.6g})

    /// The weights of x₀, y₀, x₁, y₁, … (contour points in ``FaceContour/Kind/allCases`` order).
    private static let weights: [Float] = [
{chr(10).join(rows)}
    ]
}}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dir")
    ap.add_argument("pred")
    ap.add_argument("--swift", help="write the fitted model to this Swift file")
    ap.add_argument("--components", type=int, nargs="*", default=[10, 15, 20, 25, 30])
    ap.add_argument("--l2", type=float, nargs="*", default=[0.01, 1])
    ap.add_argument("--no-mirror-augment", dest="augment", action="store_false")
    ap.add_argument("--pixel", action="store_true", help="also report the model with the pixel logit added")
    ap.add_argument("--reference", type=int, default=0, metavar="N")
    a = ap.parse_args()
    X, pixel, y, faces, files, labelled = load(a.set_dir, a.pred)
    global AUGMENT
    AUGMENT = a.augment
    grid = [(k, l2) for k in a.components for l2 in a.l2]
    print(f"smile-dev: {labelled} labelled, {len(y)} with a mesh ({int(y.sum())} smiling); "
          f"aligned shape{', mirror images added to each training set' if a.augment else ''}; grid K {a.components} × L2 {a.l2}")
    print(f"pixel model's own probabilities (as reported): AUC {auc(pixel, y):.3f}")
    for k in (20,):
        for l2 in (0.01,):
            print(f"fixed K {k}, L2 {l2}: 10-fold AUC {auc(cv_predict(X, y, k, l2, 10, 20240611), y):.3f}")
    p_cv, chosen = nested_cv(X, y, grid)
    cv_auc = auc(p_cv, y)
    print(f"nested 10-fold AUC (K, L2 chosen inside each fold): {cv_auc:.3f}; chosen {chosen}")
    print(f"  cv recall smiling {np.mean(p_cv[y == 1] >= 0.5):.3f}  not smiling {np.mean(p_cv[y == 0] < 0.5):.3f}")
    if a.pixel:
        p_px, chosen_px = nested_cv(X, y, grid, extra=pixel[:, None])
        print(f"with the pixel logit: nested 10-fold AUC {auc(p_px, y):.3f}; chosen {chosen_px}")
    k, l2 = choose(X, y, grid, 10, 20240611)
    model = ShapeModel(X, y, k, l2)
    w, bias = model.collapsed()
    p_in = model.predict(X)
    print(f"final: K {k}, L2 {l2}; in-sample AUC {auc(p_in, y):.3f}")
    print("  reliability (cross-validated): bin  n  mean p  observed rate")
    for lo in np.arange(0, 1, 0.1):
        sel = (p_cv >= lo) & (p_cv < lo + 0.1 + (lo >= 0.9) * 1e-9)
        if sel.any():
            print(f"    {lo:.1f}-{lo + 0.1:.1f}  {sel.sum():4d}  {p_cv[sel].mean():.3f}  {y[sel].mean():.3f}")
    # The collapsed form gives the same probabilities.
    assert np.allclose(1 / (1 + np.exp(-(X @ w + bias))), p_in, atol=1e-9)
    if a.swift:
        with open(a.swift, "w") as out:
            out.write(swift_file(w, bias, k, l2, cv_auc, len(y), int(y.sum()), a))
        print(f"wrote {a.swift}")
        # The probability as the Swift code computes it from the written (rounded) coefficients.
        w = np.array([float(f"{v:.6g}") for v in w])
        bias = float(f"{bias:.6g}")
    for i in np.linspace(0, len(y) - 1, a.reference).astype(int) if a.reference else []:
        pts = {kind: faces[i]["contours"][kind] for kind, _ in KINDS}
        x = aligned(pts)
        print(f"reference {files[i]} smiling={bool(y[i])} probability {1 / (1 + np.exp(-(x @ w + bias))):.6f}")
        print("  " + json.dumps([pt for kind, _ in KINDS for pt in pts[kind]], separators=(",", ":")))


if __name__ == "__main__":
    main()
