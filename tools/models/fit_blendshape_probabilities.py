#!/usr/bin/env python3
"""Fits the smiling and eye-open probabilities the library reads from MediaPipe's blendshapes
(`BlendshapeProbabilities.swift`), from runs of the tool with `--blendshapes all` on eyes-dev and
smile-dev, and cross-validates the candidate feature sets over several fold seeds.

    bin=$(swift build -c release --show-bin-path)/facedetect
    (cd ../shared/eval/eyes-dev && $bin images --json /tmp/eyes-bs.jsonl --blendshapes all)
    (cd ../shared/eval/smile-dev && $bin images --json /tmp/smile-bs.jsonl --blendshapes all)
    python3 tools/models/fit_blendshape_probabilities.py --eyes ../shared/eval/eyes-dev /tmp/eyes-bs.jsonl \
        --smile ../shared/eval/smile-dev /tmp/smile-bs.jsonl

The face that speaks for an image is the one nearest the image centre (score.py --pick central).
Features are the log-odds of coefficients (clamped to 1e-4 ... 1 - 1e-4, as the tool prints them to 4
decimals). Eyes: one model for both eyes, on the eye's own `eyeBlink`; the two eyes of a face stay in
one fold. Each fit's intercept is then moved to a 50/50 prior (the sets' class mixes are not the world's:
eyes-dev is 82 % closed eyes), so that 0.5 is where the odds are even, the point where ML Kit's
probability changes its answer. Fit: L2-penalised logistic regression by Newton steps (L2 0.01);
here over fold seeds 1...5. numpy only.
"""
import argparse
import json
import os

import numpy as np


def fit(X, y, l2):
    A = np.c_[np.ones(len(X)), X]
    w = np.zeros(A.shape[1])
    P = np.eye(A.shape[1]) * l2; P[0, 0] = 0
    for _ in range(50):
        p = 1 / (1 + np.exp(-A @ w))
        g = A.T @ (p - y) + P @ w
        H = A.T @ (A * (p * (1 - p))[:, None]) + P + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(H, g)
        w -= step
        if np.abs(step).max() < 1e-10:
            break
    return w


def predict(w, X):
    return 1 / (1 + np.exp(-(w[0] + X @ w[1:])))


def auc(p, y):
    pos, neg = p[y == 1], p[y == 0]
    return ((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()) / (len(pos) * len(neg))


NAMES = [
    "_neutral", "browDownLeft", "browDownRight", "browInnerUp", "browOuterUpLeft", "browOuterUpRight", "cheekPuff",
    "cheekSquintLeft", "cheekSquintRight", "eyeBlinkLeft", "eyeBlinkRight", "eyeLookDownLeft", "eyeLookDownRight",
    "eyeLookInLeft", "eyeLookInRight", "eyeLookOutLeft", "eyeLookOutRight", "eyeLookUpLeft", "eyeLookUpRight",
    "eyeSquintLeft", "eyeSquintRight", "eyeWideLeft", "eyeWideRight", "jawForward", "jawLeft", "jawOpen", "jawRight",
    "mouthClose", "mouthDimpleLeft", "mouthDimpleRight", "mouthFrownLeft", "mouthFrownRight", "mouthFunnel",
    "mouthLeft", "mouthLowerDownLeft", "mouthLowerDownRight", "mouthPressLeft", "mouthPressRight", "mouthPucker",
    "mouthRight", "mouthRollLower", "mouthRollUpper", "mouthShrugLower", "mouthShrugUpper", "mouthSmileLeft",
    "mouthSmileRight", "mouthStretchLeft", "mouthStretchRight", "mouthUpperUpLeft", "mouthUpperUpRight",
    "noseSneerLeft", "noseSneerRight",
]
SEEDS = [1, 2, 3, 4, 5]
L2 = 0.01


def logit(p):
    p = np.clip(np.asarray(p, float), 1e-4, 1 - 1e-4)
    return np.log(p / (1 - p))


def central_faces(set_dir, pred_path):
    """(truth face, predicted face or None) per image, the prediction nearest the image centre."""
    truth = json.load(open(os.path.join(set_dir, "truth.json")))
    preds = {}
    for line in open(pred_path):
        if line.strip():
            r = json.loads(line)
            preds[r["file"]] = r
    out = []
    for img in truth["images"]:
        (face,) = img["faces"]
        r = preds.get(img["file"])
        dets = [d for d in (r or {}).get("faces", []) if "blendshapes" in d]
        pick = None
        if dets:
            cx, cy = img["width"] / 2, img["height"] / 2
            pick = min(dets, key=lambda d: (np.hypot(d["box"][0] + d["box"][2] / 2 - cx,
                                                     d["box"][1] + d["box"][3] / 2 - cy), -d["score"]))
        out.append((face, pick))
    return out


def cv_auc(X, y, groups, seed, folds=10):
    rng = np.random.default_rng(seed)
    unique = np.unique(groups)
    fold_of = dict(zip(unique, rng.permutation(len(unique)) % folds))
    fold = np.array([fold_of[g] for g in groups])
    p = np.zeros(len(y))
    for k in range(folds):
        w = fit(X[fold != k], y[fold != k], L2)
        p[fold == k] = predict(w, X[fold == k])
    return auc(p, y), p


def report(name, X, y, groups):
    w = fit(X, y, L2)
    aucs = [cv_auc(X, y, groups, s)[0] for s in SEEDS]
    shift = np.log((y == 0).sum() / (y == 1).sum())
    w[0] += shift
    p = predict(w, X)
    print(f"{name}: n {len(y)} ({int(y.sum())} positive); 10-fold AUC over seeds {SEEDS}: "
          + " ".join(f"{a:.4f}" for a in aucs) + f" (mean {np.mean(aucs):.4f}); in-sample {auc(p, y):.4f}; "
          f"balanced recall at 0.5: positive {np.mean(p[y == 1] >= 0.5):.3f} negative {np.mean(p[y == 0] < 0.5):.3f}")
    print("    LogisticModel(weights: [" + ", ".join(f"{v:.4f}" for v in w[1:]) + f"], bias: {w[0]:.4f})")
    return w


def eyes(set_dir, pred_path):
    X, y, groups, missing = [], [], [], 0
    for k, (face, det) in enumerate(central_faces(set_dir, pred_path)):
        if det is None:
            missing += 1
            continue
        b = det["blendshapes"]
        for side, name in (("leftEyeOpen", "eyeBlinkLeft"), ("rightEyeOpen", "eyeBlinkRight")):
            if side in face:
                X.append([logit(1 - b[name])])
                y.append(1.0 if face[side] else 0.0)
                groups.append(k)
    X, y = np.array(X), np.array(y)
    print(f"== eyes-dev: {missing} images without a face; raw 1 - eyeBlink pooled AUC {auc(X[:, 0], y):.4f}")
    report("eye open from logit(1 - eyeBlink)", X, y, np.array(groups))


def smile(set_dir, pred_path):
    rows, y, missing = [], [], 0
    for face, det in central_faces(set_dir, pred_path):
        if det is None:
            missing += 1
            continue
        rows.append([det["blendshapes"][n] for n in NAMES])
        y.append(1.0 if face["smiling"] else 0.0)
    B, y = np.array(rows), np.array(y)
    col = {n: i for i, n in enumerate(NAMES)}
    groups = np.arange(len(y))
    mean_smile = (B[:, col["mouthSmileLeft"]] + B[:, col["mouthSmileRight"]]) / 2
    print(f"== smile-dev: {missing} images without a face; raw mean mouthSmile AUC {auc(mean_smile, y):.4f}")
    sets = {
        "logit(mean mouthSmile)": lambda: logit(mean_smile)[:, None],
        "logit(mouthSmileLeft), logit(mouthSmileRight)": lambda: logit(B[:, [col["mouthSmileLeft"], col["mouthSmileRight"]]]),
        "+ cheekSquint L/R": lambda: logit(B[:, [col[n] for n in ("mouthSmileLeft", "mouthSmileRight", "cheekSquintLeft",
                                                                 "cheekSquintRight")]]),
        "+ cheekSquint, mouthDimple, mouthStretch, jawOpen": lambda: logit(B[:, [col[n] for n in (
            "mouthSmileLeft", "mouthSmileRight", "cheekSquintLeft", "cheekSquintRight", "mouthDimpleLeft",
            "mouthDimpleRight", "mouthStretchLeft", "mouthStretchRight", "jawOpen")]]),
        "all 52 (logits)": lambda: logit(B),
    }
    for name, make in sets.items():
        report(name, make(), y, groups)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--eyes", nargs=2, metavar=("SET", "PRED"))
    ap.add_argument("--smile", nargs=2, metavar=("SET", "PRED"))
    a = ap.parse_args()
    if a.eyes:
        eyes(*a.eyes)
    if a.smile:
        smile(*a.smile)


if __name__ == "__main__":
    main()
