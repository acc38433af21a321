#!/usr/bin/env python3
"""Fits the smile model on the shape of the face mesh's 133 ML Kit contour points (issue 13, item 4)
and the brightness of the mouth's interior at the mesh's lips (and, with --trunk, the mesh network's own
features), from one run of the tool on
smile-dev and one of Benchmarks' mesh-dump (for the decoded pixels), and writes it as Swift
(SmileShapeModel.swift).

    bin=$(swift build -c release --show-bin-path)/facedetect
    (cd ../shared/eval/smile-dev && $bin images --json /tmp/smile-mesh.jsonl --mode accurate \
        --min-face-size 20px --contours all --classification all --landmarks all)
    swift build -c release --package-path Benchmarks --product mesh-dump
    mkdir -p /tmp/smile-ppm
    (cd ../shared/eval/smile-dev && python3 -c 'import json; [print(i["file"]) for i in json.load(open("truth.json"))["images"]]' \
        | $OLDPWD/Benchmarks/.build/release/mesh-dump --ppm /tmp/smile-ppm --features > /tmp/smile-dump.jsonl)
    python3 tools/fit_smile_shape.py ../shared/eval/smile-dev /tmp/smile-mesh.jsonl --images /tmp/smile-dump.jsonl \
        --trunk --swift Sources/FaceDetection/Attributes/SmileShapeModel.swift --reference

(the shipped model; without ``--features`` and ``--trunk`` the shape and brightness model alone.)

(The decoded images and the dump are per-photo data of smile-dev: keep them out of the repository.
Set OMP_NUM_THREADS=1 on a shared machine: the many small fits are faster single-threaded.)

Features (``SmileShapeClassifier`` computes the same from the mesh): the 133 contour points in
ML Kit's order (``FaceContour.Kind.allCases``, each kind's points in order), aligned by the eyes:
the similarity transform that puts the right eye centre (the mean of the `rightEye` contour's 16
points) at (−0.5, 0) and the left one at (+0.5, 0), x towards the subject's left, y down the face;
266 numbers (x₀, y₀, x₁, y₁, …); then, with ``--images``, the mouth interior's brightness
(``MouthInteriorBrightness``, ``mouth_interior_brightness`` here): the mean luma (0.299 R + 0.587 G
+ 0.114 B, bilinear, pixel i's centre at i + 0.5) of 27 samples at ¼, ½ and ¾ of the way from each
`upperLipBottom` point to its `lowerLipTop` partner, over the mean luma of 18 samples halfway across
the lips (`upperLipTop`'s inner 9 points to `upperLipBottom`, `lowerLipTop` to `lowerLipBottom`):
teeth shown in a smile are bright, a closed mouth's lip line dark, and the ratio cancels the
lighting. (Measured 2026-12-04, nested 10-fold, the same folds: shape alone 0.921, with the
brightness 0.926; alone it scores 0.771. Tried with it, each adding nothing over it (10-fold, K 20):
the interior over the cheeks' luma 0.925, its 75th percentile 0.925, a teeth-likeness (luma minus
chroma) 0.922–0.925, the inner-lip opening's area 0.923; the 468 mesh points instead of the 133
(0.922 in x, y; 0.920 with z, on the 471 faces mesh-dump meshes), the lips weighted ×2–5 before
the PCA 0.919–0.924, stronger penalties with more components 0.904–0.925.) Every training set
gets the mirror images of its shapes added with the same labels (x negated, each point swapped with its mirror point: left and right contours
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
deviations, mean the mean aligned shape); the brightness, scaled to zero mean and unit variance
over the training set for the fit, gets ``w_b / sd`` and moves the bias by ``− w_b · mean / sd``;
the probability is exactly the PCA + logistic model's.
``--trunk`` (needs ``--images``) blends in a second model on the face mesh network's own trunk
activations, which carry what the 133 points and the brightness miss. Each DUMP line may carry
``"features"``: the 6 × 6 × 128 = 4608 trunk activations (channel-last) of the face nearest the
image centre, and ``"mirrorFeatures"``: the same for the horizontally mirrored photo; a face whose
line lacks either has no trunk model. The trunk model: PCA of the training faces' activations
together with their mirrored photos' (extra rows with the same labels, as the shape model's mirror
images; off with ``--no-mirror-augment``) to K₂ components (one SVD per training set, truncated for
each K₂), scaled to unit variance, logistic with an L2 penalty; K₂ and the penalty from the grid
``--trunk-components`` 10 20 40 × ``--trunk-l2`` 1 10, chosen by the same inner folds as the shape
model's K and penalty. The blend: p = sigmoid(a·z_S + b·z_T + c), z_S the shape (+ brightness)
model's logit, z_T the trunk model's; (a, b, c) a logistic regression (L2 0.01 on a and b) on the two
chosen models' inner out-of-fold logits (the faces with activations); a face without activations
gets sigmoid(z_S). Everything is fitted inside each outer training fold, so the nested AUC is
honest; the report gives the shape (+ brightness) model's and the blend's nested AUC on the same
folds (per fold seed with ``--seeds``). The final blend: both models chosen by 10-fold CV over all
faces, (a, b, c) fitted on their 10-fold out-of-fold logits; the trunk model is written collapsed as
the shape model (``fittedTrunk``, one weight per activation, and ``fittedBlend``).
mesh-dump ``--features`` writes both fields from the library itself
(``FaceDetector.detectWithMeshes``, ``FaceMesh.features``: the trunk on a second look at the face,
through the region the first mesh places); the mirrored photo goes through the whole pipeline.
(Measured 2026-12-04 on that dump, 480 of 480 faces with activations: nested 10-fold AUC over the
fold seeds 20240611, 1–4, shape + brightness 0.9264, 0.9303, 0.9307, 0.9296, 0.9292 (mean 0.9293),
the blend 0.9297, 0.9310, 0.9315, 0.9318, 0.9329 (mean 0.9314, +0.0006 to +0.0037 per seed); the
final model K 20, L2 1, K₂ 20, L2 10, (a, b, c) (0.466, 0.733, 0.070), the trunk model alone 0.927
(10-fold), in-sample AUC 0.946 (the shape model alone 0.943). The trunk of the first look instead
(the detector's region, every face): blend mean 0.9291, nothing gained. A prototype with LiteRT's
trunk on the second-look region and flipped crops as the mirrors gave mean 0.9319.)
``--pixel`` also reports the model with the pixel model's logit (``SmileClassifier``) added as
a feature (that model was itself fitted on all of smile-dev, so its figure is optimistic; and a
PRED made with ``--contours all`` reports the shipped mesh model's probability there instead, so
for this figure PRED's smilingProbability must come from a build whose mesh smile is off).
``--reference`` prints the synthetic faces' brightness and probability for the Swift reference test
(SmileShapeTests.swift builds the same faces and image; ``synthetic_faces``).
The face that speaks for an image is the one nearest the image centre (score.py --pick central).
numpy only.
"""
import argparse
import json
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fit_attributes import auc, fit  # noqa: E402

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
# The mesh indices of each contour kind (FaceContour.swift), for the synthetic reference faces.
MESH_INDICES = {
    "face": [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377,
             152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109],
    "leftEyebrowTop": [300, 293, 334, 296, 336], "leftEyebrowBottom": [276, 283, 282, 295, 285],
    "rightEyebrowTop": [70, 63, 105, 66, 107], "rightEyebrowBottom": [46, 53, 52, 65, 55],
    "leftEye": [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
    "rightEye": [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
    "upperLipTop": [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291],
    "upperLipBottom": [191, 80, 81, 82, 13, 312, 311, 310, 415],
    "lowerLipTop": [95, 88, 178, 87, 14, 317, 402, 318, 324],
    "lowerLipBottom": [146, 91, 181, 84, 17, 314, 405, 321, 375],
    "noseBridge": [168, 1], "noseBottom": [98, 2, 327], "leftCheek": [425], "rightCheek": [205],
}
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


LUMA = np.array([0.299, 0.587, 0.114])
INTERIOR_FRACTIONS = (0.25, 0.5, 0.75)


def read_ppm(path):
    """A binary PPM (P6, maxval 255, as Benchmarks' mesh-dump writes it) as a height × width × 3 array."""
    data = open(path, "rb").read()
    magic, size, maxval, pixels = data.split(b"\n", 3)
    width, height = map(int, size.split())
    assert magic == b"P6" and maxval == b"255"
    return np.frombuffer(pixels[:width * height * 3], np.uint8).reshape(height, width, 3)


def luma_at(image, points):
    """Bilinear luma (0.299 R + 0.587 G + 0.114 B) at image points (x, y), pixel i's centre at i + 0.5,
    clamped to the centres of the outermost pixels (``AlignedFace.luma``)."""
    grey = image.astype(float) @ LUMA
    h, w = grey.shape
    x = np.clip(points[:, 0] - 0.5, 0, w - 1)
    y = np.clip(points[:, 1] - 0.5, 0, h - 1)
    x0 = np.minimum(np.floor(x).astype(int), max(w - 2, 0))
    y0 = np.minimum(np.floor(y).astype(int), max(h - 2, 0))
    x1, y1 = np.minimum(x0 + 1, w - 1), np.minimum(y0 + 1, h - 1)
    fx, fy = x - x0, y - y0
    return ((grey[y0, x0] * (1 - fx) + grey[y0, x1] * fx) * (1 - fy)
            + (grey[y1, x0] * (1 - fx) + grey[y1, x1] * fx) * fy)


def mouth_interior_brightness(contours, image):
    """The mean luma between the inner lip contours over the mean luma of the lips themselves
    (``MouthInteriorBrightness.value``): 27 samples at ¼, ½ and ¾ of the way from each of the 9
    `upperLipBottom` points to its `lowerLipTop` partner (teeth in a smile: bright; a closed mouth:
    the dark lip line), over 18 samples on the lips, halfway between `upperLipTop`'s inner 9 points
    and `upperLipBottom`, and between `lowerLipTop` and `lowerLipBottom`. A ratio of two lumas of the
    same face, so the lighting cancels; mirror-symmetric, as the samples are."""
    c = {kind: np.asarray(contours[kind], float).reshape(-1, 2)
         for kind in ("upperLipTop", "upperLipBottom", "lowerLipTop", "lowerLipBottom")}
    up, lo = c["upperLipBottom"], c["lowerLipTop"]
    interior = np.concatenate([up + t * (lo - up) for t in INTERIOR_FRACTIONS])
    lips = np.r_[(c["upperLipTop"][1:-1] + up) / 2, (lo + c["lowerLipBottom"]) / 2]
    return luma_at(image, interior).mean() / max(luma_at(image, lips).mean(), 1.0)


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
    """PCA to k components (scores scaled to unit variance), optionally extra columns (scaled to zero
    mean and unit variance over the training set, so that the penalty treats them as the scores),
    logistic."""

    def __init__(self, X, y, k, l2, extra=None):
        if AUGMENT:  # the mirror images join the training shapes, with the same labels
            X, y = np.r_[X, mirrored(X)], np.r_[y, y]
            extra = None if extra is None else np.r_[extra, extra]
        self.mean = X.mean(0)
        _, s, vt = np.linalg.svd(X - self.mean, full_matrices=False)
        self.basis = vt[:k]
        self.sigma = s[:k] / np.sqrt(len(X))
        if extra is not None:
            self.extra_mean, self.extra_sd = extra.mean(0), extra.std(0)
        self.w = fit(self.features(X, extra), y, l2)

    def features(self, X, extra=None):
        Z = (X - self.mean) @ self.basis.T / self.sigma
        return Z if extra is None else np.c_[Z, (extra - self.extra_mean) / self.extra_sd]

    def logit(self, X, extra=None):
        return self.w[0] + self.features(X, extra) @ self.w[1:]

    def predict(self, X, extra=None):
        return sigmoid(self.logit(X, extra))  # as fit_attributes.predict

    def collapsed(self):
        """(weights per aligned coordinate, then one per raw extra column; bias) of the same linear logit."""
        k = len(self.sigma)
        w_shape = self.basis.T @ (self.w[1:1 + k] / self.sigma)
        bias = self.w[0] - w_shape @ self.mean
        if len(self.w) > 1 + k:
            w_extra = self.w[1 + k:] / self.extra_sd
            return np.r_[w_shape, w_extra], bias - w_extra @ self.extra_mean
        return w_shape, bias


def sigmoid(z):
    return 1 / (1 + np.exp(-z))


def principal_axes(A, k):
    """The mean of the rows of A, its first k principal axes (k × columns) and the scores' standard
    deviations: the SVD of the centred A, computed from its rows' Gram matrix (far fewer rows than
    columns: a few hundred trunk activations of 4608 numbers each)."""
    mean = A.mean(0)
    C = A - mean
    values, vectors = np.linalg.eigh(C @ C.T)
    top = np.argsort(values)[::-1][:k]
    s = np.sqrt(values[top])
    return mean, (vectors[:, top].T @ C) / s[:, None], s / np.sqrt(len(A))


class TrunkModel:
    """PCA of the face mesh network's trunk activations to k components (scores scaled to unit
    variance), logistic; trained on each face's activations and (unless --no-mirror-augment) those of
    its mirrored photo, with the same label. `axes` (principal_axes of the same training rows, for at
    least k components) saves the SVD when several k are fitted on one training set."""

    def __init__(self, T, T_mirror, y, k, l2, axes=None):
        if AUGMENT:
            T, y = np.r_[T, T_mirror], np.r_[y, y]
        self.mean, basis, sigma = axes if axes is not None else principal_axes(T, k)
        self.basis, self.sigma = basis[:k], sigma[:k]
        self.w = fit(self.features(T), y, l2)

    def features(self, T):
        return (T - self.mean) @ self.basis.T / self.sigma

    def logit(self, T):
        return self.w[0] + self.features(T) @ self.w[1:]

    def collapsed(self):
        """(one weight per trunk activation, bias) of the same linear logit."""
        w = self.basis.T @ (self.w[1:] / self.sigma)
        return w, self.w[0] - w @ self.mean


def training_rows(T, T_mirror):
    """The trunk training rows of the faces T (the mirrored photos' joining them, as TrunkModel does)."""
    return np.r_[T, T_mirror] if AUGMENT else T


def folds_of(n, folds, seed):
    rng = np.random.default_rng(seed)
    return rng.permutation(n) % folds


def cv_logits(X, y, k, l2, folds, seed, extra=None):
    """The shape model's out-of-fold logits."""
    fold = folds_of(len(y), folds, seed)
    out = np.zeros(len(y))
    for f in range(folds):
        tr, te = fold != f, fold == f
        e_tr = None if extra is None else extra[tr]
        e_te = None if extra is None else extra[te]
        out[te] = ShapeModel(X[tr], y[tr], k, l2, e_tr).logit(X[te], e_te)
    return out


def cv_predict(X, y, k, l2, folds, seed, extra=None):
    return sigmoid(cv_logits(X, y, k, l2, folds, seed, extra))


def choose(X, y, grid, folds, seed, extra=None):
    """The (k, l2) of `grid` with the best cross-validated AUC on (X, y), and its out-of-fold logits."""
    best = None
    for k, l2 in grid:
        z = cv_logits(X, y, k, l2, folds, seed, extra)
        a = auc(sigmoid(z), y)
        if best is None or a > best[0] + 1e-12:
            best = (a, k, l2, z)
    return best[1:]


def choose_trunk(T, T_mirror, has, y, grid, folds, seed):
    """The (k, l2) of `grid` with the best cross-validated AUC of the trunk model over the faces that
    have trunk activations (`has`), and its out-of-fold logits (nan for the others). The folds are
    `choose`'s for the same (n, folds, seed); one SVD per training fold, truncated for each k."""
    fold = folds_of(len(y), folds, seed)
    z = {(k, l2): np.full(len(y), np.nan) for k, l2 in grid}
    for f in range(folds):
        tr, te = (fold != f) & has, (fold == f) & has
        axes = principal_axes(training_rows(T[tr], T_mirror[tr]), max(k for k, _ in grid))
        for k, l2 in grid:
            z[(k, l2)][te] = TrunkModel(T[tr], T_mirror[tr], y[tr], k, l2, axes).logit(T[te])
    best = None
    for k, l2 in grid:
        a = auc(z[(k, l2)][has], y[has])
        if best is None or a > best[0] + 1e-12:
            best = (a, k, l2, z[(k, l2)])
    return best[1:]


BLEND_L2 = 0.01


def fit_blend(z_shape, z_trunk, y):
    """(c, a, b) of p = sigmoid(a z_shape + b z_trunk + c), a logistic regression (L2 BLEND_L2 on a and b)
    over the faces with a trunk logit (not nan)."""
    has = ~np.isnan(z_trunk)
    return fit(np.c_[z_shape, z_trunk][has], y[has], BLEND_L2)


def blended(wb, z_shape, z_trunk):
    """The blend's probability; sigmoid(z_shape) where there is no trunk logit (nan)."""
    has = ~np.isnan(z_trunk)
    return sigmoid(np.where(has, wb[0] + wb[1] * z_shape + wb[2] * np.where(has, z_trunk, 0), z_shape))


def nested_cv(X, y, grid, extra=None, folds=10, seed=20240611, trunk=None):
    """Outer 10-fold out-of-fold probabilities of the shape model, (k, l2) chosen inside each training
    fold: (probabilities, chosen (k, l2) per fold, blend). With `trunk` = (T, T_mirror, has, trunk
    grid), `blend` is (the blend's probabilities on the same folds, the trunk model's chosen (k, l2)
    per fold, blend weights (c, a, b) per fold), everything fitted inside each outer training fold: the
    trunk model's (k, l2) chosen by its own inner CV on the shape model's inner folds, the blend
    fitted on both chosen models' inner out-of-fold logits; without it, None."""
    fold = folds_of(len(y), folds, seed)
    p_shape, p_blend = np.zeros(len(y)), np.zeros(len(y))
    chosen, chosen_trunk, weights = [], [], []
    for f in range(folds):
        tr, te = fold != f, fold == f
        e_tr = None if extra is None else extra[tr]
        e_te = None if extra is None else extra[te]
        k, l2, z_shape = choose(X[tr], y[tr], grid, 5, seed + 1 + f, e_tr)
        chosen.append((k, l2))
        zs = ShapeModel(X[tr], y[tr], k, l2, e_tr).logit(X[te], e_te)
        p_shape[te] = sigmoid(zs)
        if trunk is None:
            continue
        T, T_mirror, has, trunk_grid = trunk
        kt, l2t, z_trunk = choose_trunk(T[tr], T_mirror[tr], has[tr], y[tr], trunk_grid, 5, seed + 1 + f)
        wb = fit_blend(z_shape, z_trunk, y[tr])
        chosen_trunk.append((kt, l2t))
        weights.append(wb)
        model = TrunkModel(T[tr & has], T_mirror[tr & has], y[tr & has], kt, l2t)
        p_blend[te] = blended(wb, zs, np.where(has[te], model.logit(T[te]), np.nan))
    return p_shape, chosen, None if trunk is None else (p_blend, chosen_trunk, weights)


def swift_file(w, bias, k, l2, cv_auc, n, positives, args, trunk=None):
    """The Swift source; `trunk` (with --trunk): a dict of the collapsed trunk model ("w", "bias"), its
    "k", "l2", the faces with activations "n", the blend "weights" (c, a, b) and the shape model's
    nested CV AUC "shape_auc" (cv_auc is then the blend's)."""
    shape, mouth = w[:2 * POINTS], w[2 * POINTS:]
    rows = []
    for i in range(0, len(shape), 8):
        rows.append("        " + ", ".join(f"{v:.6g}" for v in shape[i:i + 8]) + f",  // point {i // 2}")
    features = "the eye-aligned contour shape" + (" and the mouth interior's brightness" if len(mouth) else "")
    if trunk is None:
        trunk_header = f"// Nested 10-fold cross-validated AUC {cv_auc:.3f} (K and L2 chosen inside each fold).\n"
        trunk_swift = ""
    else:
        c, a, b = trunk["weights"]
        trunk_rows = []
        for i in range(0, len(trunk["w"]), 8):
            cell, channel = divmod(i, 128)
            if channel == 0:
                trunk_rows.append(f"        // cell ({cell // 6}, {cell % 6}), channels 0–127")
            trunk_rows.append("        " + ", ".join(f"{v:.6g}" for v in trunk["w"][i:i + 8]) + ",")
        trunk_header = f"""// Trunk model: the face mesh network's trunk activations (6×6×128, channel-last; {trunk['n']} faces
// have them, with their mirrored photos' activations); PCA to {trunk['k']} components (scores scaled to unit
// variance), logistic regression with L2 {trunk['l2']:g}; K and L2 chosen by 10-fold cross-validation.
// Blend: logistic regression on the two models' logits (L2 {BLEND_L2:g} on their weights), fitted on their
// 10-fold out-of-fold logits; a face without trunk activations gets the shape model alone.
// Nested 10-fold cross-validated AUC {cv_auc:.4f} of the blend, {trunk["shape_auc"]:.4f} of the shape model alone
// (K, L2 and the blend fitted inside each fold).
// The trunk model's PCA basis, scaling and logistic weights are collapsed into one weight per activation.
"""
        trunk_swift = f"""
    /// The trunk model: one weight per trunk activation (6×6×128, channel-last) and a bias; see the header.
    static let fittedTrunk = LogisticModel(weights: trunkWeights, bias: {trunk['bias']:.6g})
    /// The blend: weights of the shape model's logit and the trunk model's logit, and a bias.
    static let fittedBlend = LogisticModel(weights: [{a:.6g}, {b:.6g}], bias: {c:.6g})

    /// The weights of the trunk activations, channel-last: cell (row, column) of the 6 × 6 grid, then
    /// its 128 channels.
    private static let trunkWeights: [Float] = [
{chr(10).join(trunk_rows)}
    ]
"""
    return f"""// Generated by tools/fit_smile_shape.py — do not edit; rerun the tool to refit (its docstring has
// the commands that make PRED.jsonl and DUMP.jsonl):
//   python3 tools/fit_smile_shape.py {args.set_dir} PRED.jsonl{' --images DUMP.jsonl' if len(mouth) else ''}{' --trunk' if trunk else ''} --swift {args.swift}
// Fitted on smile-dev only ({n} faces with a mesh, {positives} smiling, and their mirror images):
// {features};
// PCA of the shape to {k} components (scores scaled to unit variance), logistic regression with
// L2 {l2:g}; K and L2 chosen by 10-fold cross-validation from a small grid.
{trunk_header}// The PCA basis, scaling and logistic weights are collapsed into one weight per aligned coordinate.

extension SmileShapeClassifier {{
    /// The fitted model: one weight per aligned contour coordinate{', then one for' if len(mouth) else ''}
    /// {'``MouthInteriorBrightness``, ' if len(mouth) else ''}and a bias; see the header of this generated file.
    static let fitted = LogisticModel(weights: shapeWeights{' + [' + f"{mouth[0]:.6g}" + ']' if len(mouth) else ''}, bias: {bias:.6g})

    /// The weights of x₀, y₀, x₁, y₁, … (contour points in ``FaceContour/Kind/allCases`` order).
    private static let shapeWeights: [Float] = [
{chr(10).join(rows)}
    ]
{trunk_swift}}}
"""


def canonical_face():
    """MediaPipe's canonical face (468 × 3), read from CanonicalFaceModel.swift."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "FaceDetection", "Pose",
                        "CanonicalFaceModel.swift")
    text = open(path).read()
    body = text[text.index("coordinates: [Float] = [") + 24:]
    body = re.sub(r"//[^\n]*", "", body[:body.index("]")])
    return np.array([float(v) for v in body.replace(",", " ").split()]).reshape(468, 3)


def synthetic_faces():
    """The reference test's faces (SmileShapeTests.swift builds the same): the canonical face in a
    250 × 250 image, point i at (125 + 8 x, 110 − 8 y); then the same with the lower lip 6 px lower
    and the mouth corners (61, 291) 4 px higher and 3 px further out. The image: R = (3 x + 5 y) mod
    256, G = (7 x + 2 y) mod 256, B = x y mod 256 at column x, row y. Returns (image, [contours])."""
    c = canonical_face()
    rest = np.c_[125 + 8 * c[:, 0], 110 - 8 * c[:, 1]]
    smile = rest.copy()
    for kind in ("lowerLipTop", "lowerLipBottom"):
        smile[MESH_INDICES[kind], 1] += 6
    for i in (61, 291):
        smile[i] += [3 * np.sign(smile[i, 0] - 125), -4]
    yy, xx = np.mgrid[0:250, 0:250]
    image = np.stack([(3 * xx + 5 * yy) % 256, (7 * xx + 2 * yy) % 256, (xx * yy) % 256], 2).astype(np.uint8)
    return image, [{kind: mesh[MESH_INDICES[kind]].tolist() for kind, _ in KINDS} for mesh in (rest, smile)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("set_dir")
    ap.add_argument("pred")
    ap.add_argument("--images", metavar="DUMP.jsonl",
                    help="mesh-dump's output with --ppm: add the mouth interior's brightness, sampled on these images")
    ap.add_argument("--swift", help="write the fitted model to this Swift file")
    ap.add_argument("--components", type=int, nargs="*", default=[10, 15, 20, 25, 30])
    ap.add_argument("--l2", type=float, nargs="*", default=[0.01, 1])
    ap.add_argument("--no-mirror-augment", dest="augment", action="store_false")
    ap.add_argument("--pixel", action="store_true", help="also report the model with the pixel logit added")
    ap.add_argument("--seeds", type=int, default=1, metavar="N",
                    help="also repeat the nested 10-fold CV with N fold seeds (20240611, 1, 2, …) and report each, "
                         "their mean and range (on smile-dev the fold seed alone moves the AUC by up to 0.004)")
    ap.add_argument("--reference", action="store_true", help="print the synthetic reference faces' features and probabilities")
    ap.add_argument("--trunk", action="store_true",
                    help="blend in a model on the face mesh network's trunk activations (DUMP's features and "
                         "mirrorFeatures; needs --images)")
    ap.add_argument("--trunk-components", type=int, nargs="*", default=[10, 20, 40])
    ap.add_argument("--trunk-l2", type=float, nargs="*", default=[1, 10])
    a = ap.parse_args()
    if a.trunk and not a.images:
        ap.error("--trunk needs --images DUMP.jsonl (with features and mirrorFeatures)")
    X, pixel, y, faces, files, labelled = load(a.set_dir, a.pred)
    global AUGMENT
    AUGMENT = a.augment
    grid = [(k, l2) for k in a.components for l2 in a.l2]
    print(f"smile-dev: {labelled} labelled, {len(y)} with a mesh ({int(y.sum())} smiling); "
          f"aligned shape{', mirror images added to each training set' if a.augment else ''}; grid K {a.components} × L2 {a.l2}")
    print(f"pixel model's own probabilities (as reported): AUC {auc(pixel, y):.3f}")
    extra = None
    if a.images:
        ppm, activations = {}, {}
        for line in open(a.images):
            rec = json.loads(line)
            ppm[rec["file"]] = rec["ppm"]
            if a.trunk and "features" in rec and "mirrorFeatures" in rec:
                activations[rec["file"]] = (rec["features"], rec["mirrorFeatures"])
        extra = np.array([[mouth_interior_brightness(f["contours"], read_ppm(ppm[file]))]
                          for f, file in zip(faces, files)])
        print(f"mouth interior brightness alone: AUC {auc(extra[:, 0], y):.3f} "
              f"(mean smiling {extra[y == 1, 0].mean():.3f}, not {extra[y == 0, 0].mean():.3f})")
    if a.trunk:
        trunk_grid = [(k, l2) for k in a.trunk_components for l2 in a.trunk_l2]
        has = np.array([file in activations for file in files])
        T = np.zeros((len(y), 6 * 6 * 128))
        T_mirror = np.zeros_like(T)
        for i in np.flatnonzero(has):
            T[i], T_mirror[i] = activations[files[i]]
        print(f"trunk activations: {has.sum()} of {len(y)} faces ({int(y[has].sum())} smiling); "
              f"grid K {a.trunk_components} × L2 {a.trunk_l2}; blend L2 {BLEND_L2:g}")
    fixed = [(20, 0.01), (20, 1)]
    for k, l2 in fixed:
        print(f"fixed K {k}, L2 {l2}: 10-fold AUC shape {auc(cv_predict(X, y, k, l2, 10, 20240611), y):.3f}"
              + (f", with the mouth {auc(cv_predict(X, y, k, l2, 10, 20240611, extra), y):.3f}" if a.images else ""))
    if a.images:
        p_shape, chosen_shape, _ = nested_cv(X, y, grid)
        print(f"shape alone: nested 10-fold AUC {auc(p_shape, y):.3f}; chosen {chosen_shape}")
    seeds = [20240611] + list(range(1, a.seeds))
    if not a.trunk:
        p_cv, chosen, _ = nested_cv(X, y, grid, extra=extra)
        cv_auc = auc(p_cv, y)
        print(f"nested 10-fold AUC (K, L2 chosen inside each fold): {cv_auc:.3f}; chosen {chosen}")
        print(f"  cv recall smiling {np.mean(p_cv[y == 1] >= 0.5):.3f}  not smiling {np.mean(p_cv[y == 0] < 0.5):.3f}")
        if a.seeds > 1:
            aucs = [cv_auc] + [auc(nested_cv(X, y, grid, extra=extra, seed=s)[0], y) for s in seeds[1:]]
            print(f"nested 10-fold AUC over {len(seeds)} fold seeds {seeds}: "
                  + ", ".join(f"{v:.4f}" for v in aucs)
                  + f"; mean {np.mean(aucs):.4f}, range {min(aucs):.4f}–{max(aucs):.4f}")
    else:
        shape_aucs, aucs = [], []
        for s in seeds:
            p_s, chosen, (p_b, chosen_trunk, weights) = nested_cv(X, y, grid, extra, seed=s,
                                                                  trunk=(T, T_mirror, has, trunk_grid))
            shape_aucs.append(auc(p_s, y))
            aucs.append(auc(p_b, y))
            if s == seeds[0]:
                p_shape_cv, p_cv = p_s, p_b
                print(f"nested 10-fold AUC (K, L2 chosen inside each fold): {shape_aucs[0]:.3f}; chosen {chosen}")
                print(f"with the trunk model blended in: nested 10-fold AUC {aucs[0]:.3f} (the same folds; "
                      f"trunk K, L2 and blend fitted inside each fold); trunk chosen {chosen_trunk}")
                print("  blend (c, a, b) per fold: " + ", ".join(f"({c:.2f}, {wa:.2f}, {wb:.2f})" for c, wa, wb in weights))
                print(f"  cv recall smiling {np.mean(p_cv[y == 1] >= 0.5):.3f}  not smiling {np.mean(p_cv[y == 0] < 0.5):.3f}")
            else:
                print(f"  fold seed {s}: shape {shape_aucs[-1]:.4f}, blend {aucs[-1]:.4f} "
                      f"({aucs[-1] - shape_aucs[-1]:+.4f})", flush=True)
        cv_auc = aucs[0]
        if a.seeds > 1:
            for name, v in (("shape (+ brightness)", shape_aucs), ("blend with the trunk", aucs)):
                print(f"nested 10-fold AUC over {len(seeds)} fold seeds {seeds}, {name}: "
                      + ", ".join(f"{x:.4f}" for x in v)
                      + f"; mean {np.mean(v):.4f}, range {min(v):.4f}–{max(v):.4f}")
            gains = np.array(aucs) - np.array(shape_aucs)
            print(f"  blend − shape per seed: " + ", ".join(f"{g:+.4f}" for g in gains) + f"; mean {gains.mean():+.4f}")
    if a.pixel:
        both = pixel[:, None] if extra is None else np.c_[extra, pixel]
        p_px, chosen_px, _ = nested_cv(X, y, grid, extra=both)
        print(f"with the pixel logit: nested 10-fold AUC {auc(p_px, y):.3f}; chosen {chosen_px}")
    k, l2, z_shape = choose(X, y, grid, 10, 20240611, extra)
    model = ShapeModel(X, y, k, l2, extra)
    w, bias = model.collapsed()
    p_in = model.predict(X, extra)
    print(f"final: K {k}, L2 {l2}; in-sample AUC {auc(p_in, y):.3f}; accuracy at 0.5 {np.mean((p_in >= 0.5) == y):.3f}")
    # The collapsed form gives the same probabilities.
    full = X if extra is None else np.c_[X, extra]
    assert np.allclose(1 / (1 + np.exp(-(full @ w + bias))), p_in, atol=1e-9)
    trunk = None
    if a.trunk:
        kt, l2t, z_trunk = choose_trunk(T, T_mirror, has, y, trunk_grid, 10, 20240611)
        wb = fit_blend(z_shape, z_trunk, y)
        trunk_model = TrunkModel(T[has], T_mirror[has], y[has], kt, l2t)
        wt, bias_t = trunk_model.collapsed()
        assert np.allclose(sigmoid(T[has] @ wt + bias_t), sigmoid(trunk_model.logit(T[has])), atol=1e-9)
        z_in = np.where(has, trunk_model.logit(T), np.nan)
        p_in = blended(wb, model.logit(X, extra), z_in)
        print(f"final trunk model: K {kt}, L2 {l2t} (10-fold AUC {auc(sigmoid(z_trunk[has]), y[has]):.3f} over the "
              f"{has.sum()} faces with activations); blend (c, a, b) ({wb[0]:.3f}, {wb[1]:.3f}, {wb[2]:.3f}) "
              f"from the 10-fold out-of-fold logits (there {auc(blended(wb, z_shape, z_trunk), y):.3f})")
        print(f"final blend: in-sample AUC {auc(p_in, y):.3f}; accuracy at 0.5 {np.mean((p_in >= 0.5) == y):.3f}")
        trunk = {"w": wt, "bias": bias_t, "k": kt, "l2": l2t, "n": int(has.sum()), "weights": wb,
                 "shape_auc": shape_aucs[0]}
    print("  reliability (cross-validated): bin  n  mean p  observed rate")
    for lo in np.arange(0, 1, 0.1):
        sel = (p_cv >= lo) & (p_cv < lo + 0.1 + (lo >= 0.9) * 1e-9)
        if sel.any():
            print(f"    {lo:.1f}-{lo + 0.1:.1f}  {sel.sum():4d}  {p_cv[sel].mean():.3f}  {y[sel].mean():.3f}")
    if a.swift:
        with open(a.swift, "w") as out:
            out.write(swift_file(w, bias, k, l2, cv_auc, len(y), int(y.sum()), a, trunk))
        print(f"wrote {a.swift}")
        # The probability as the Swift code computes it from the written (rounded) coefficients.
        w = np.array([float(f"{v:.6g}") for v in w])
        bias = float(f"{bias:.6g}")
    if a.reference:
        image, synthetic = synthetic_faces()
        for name, contours in zip(("rest", "smile"), synthetic):
            x = aligned(contours)
            if extra is not None:
                x = np.r_[x, mouth_interior_brightness(contours, image)]
            print(f"reference {name}: mouth interior brightness {x[-1]:.6f} probability "
                  f"{1 / (1 + np.exp(-(x @ w + bias))):.6f}")


if __name__ == "__main__":
    main()
