#!/usr/bin/env python3
"""Fits the smile and eye-open logistic models from the features the Swift dev harness dumps.

    ATTR_EVAL_SET=../shared/eval/smile-dev ATTR_EVAL_OUT=/tmp/attr/smile-dev-mtcnn.jsonl \
        swift test -c release -Xswiftc -enable-testing --filter attributeEvaluation
    (same for eyes-dev)
    The feature-dumping harness (Tests/FaceDetectionIOTests/Photos/AttributeEvaluation.swift) needs
    internal API and was removed from the test target; restore it from git to refit:
    `git show bee099b:Tests/FaceDetectionIOTests/Photos/AttributeEvaluation.swift`.
    python3 tools/fit_attributes.py --smile ../shared/eval/smile-dev /tmp/attr/smile-dev-mtcnn.features.jsonl \
        --eyes ../shared/eval/eyes-dev /tmp/attr/eyes-dev-mtcnn.features.jsonl

The face that speaks for an image is the detection nearest the image centre (as score.py
--pick central). Prints, per attribute: the
10-fold cross-validated AUC (honest), the in-sample AUC, per-class rates at 0.5, a reliability
table of the cross-validated probabilities, and the coefficients as Swift code to paste into
SmileClassifier.fitted / EyeStateClassifier.fitted (both since removed: the probabilities come from the
blendshapes; tools/fit_blendshape_probabilities.py imports `fit`, `auc` and `predict` from here). Fit: maximum-likelihood logistic regression
(Newton's method) on raw features with an L2 penalty `--l2` on the weights (not the bias).
The eye set is unbalanced (360 closed / 78 open faces): its fitted intercept is moved to a 50/50
prior, so 0.5 means "as likely open as closed" rather than reflecting eyes-dev's mix.
numpy only.
"""
import argparse
import json

import numpy as np


def load(set_dir, features_path, kind):
    truth = {im["file"]: im for im in json.load(open(f"{set_dir}/truth.json"))["images"]}
    X, y, files = [], [], []
    for line in open(features_path):
        rec = json.loads(line)
        im = truth[rec["file"]]
        face_truth = im["faces"][0]
        cx, cy = rec["width"] / 2, rec["height"] / 2
        faces = [f for f in rec["faces"] if f["smile" if kind == "smile" else "leftEye"]]
        if not faces:
            continue
        f = min(faces, key=lambda f: (f["box"][0] + f["box"][2] / 2 - cx) ** 2 + (f["box"][1] + f["box"][3] / 2 - cy) ** 2)
        if kind == "smile":
            X.append(f["smile"]); y.append(bool(face_truth["smiling"])); files.append(rec["file"])
        else:
            for eye, label in (("leftEye", "leftEyeOpen"), ("rightEye", "rightEyeOpen")):
                X.append(f[eye]); y.append(bool(face_truth[label])); files.append(rec["file"])
    return np.array(X, float), np.array(y, float), files


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


def crossval(X, y, l2, folds=10, groups=None):
    """Out-of-fold probabilities; rows of one group (the two eyes of a face) stay in one fold."""
    rng = np.random.default_rng(20240611)
    keys = np.array(groups) if groups is not None else np.arange(len(y))
    unique = np.unique(keys)
    fold_of = dict(zip(unique, rng.permutation(len(unique)) % folds))
    fold = np.array([fold_of[k] for k in keys])
    out = np.zeros(len(y))
    for k in range(folds):
        w = fit(X[fold != k], y[fold != k], l2)
        out[fold == k] = predict(w, X[fold == k])
    return out


def report(name, X, y, l2, groups=None, balance=False):
    w = fit(X, y, l2)
    p_in = predict(w, X)
    p_cv = crossval(X, y, l2, groups=groups)
    weight = np.ones(len(y))
    if balance:
        # The set's class mix is not the world's: move the intercept to a 50/50 prior (Bayes' rule
        # on the odds) and weigh the classes equally in the reliability table.
        shift = np.log((y == 0).sum() / (y == 1).sum())
        w[0] += shift
        p_in = predict(w, X)
        p_cv = 1 / (1 + (1 / p_cv - 1) * np.exp(-shift))
        weight = np.where(y == 1, 0.5 / (y == 1).mean(), 0.5 / (y == 0).mean())
        print(f"(intercept shifted by {shift:.3f} to a balanced prior; reliability weighted per class)")
    print(f"== {name}: n {len(y)} ({int(y.sum())} positive)")
    print(f"AUC cross-validated {auc(p_cv, y):.3f}   in-sample {auc(p_in, y):.3f}")
    for label, p in (("cv", p_cv), ("in", p_in)):
        print(f"  {label}: positive recall {np.mean(p[y == 1] >= 0.5):.3f}  negative recall {np.mean(p[y == 0] < 0.5):.3f}")
    for j in range(X.shape[1]):
        print(f"  feature {j}: AUC alone {auc(X[:, j], y):.3f}  mean pos {X[y == 1, j].mean():.3f} neg {X[y == 0, j].mean():.3f}")
    print("  reliability (cross-validated): bin  n  mean p  observed rate")
    for lo in np.arange(0, 1, 0.1):
        sel = (p_cv >= lo) & (p_cv < lo + 0.1 + (lo >= 0.9) * 1e-9)
        if sel.any():
            observed = (weight[sel] * y[sel]).sum() / weight[sel].sum()
            print(f"    {lo:.1f}-{lo + 0.1:.1f}  {sel.sum():4d}  {p_cv[sel].mean():.3f}  {observed:.3f}")
    weights = ", ".join(f"{v:.4f}" for v in w[1:])
    print(f"  Swift: LogisticModel(weights: [{weights}], bias: {w[0]:.4f})")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--smile", nargs=2, metavar=("SET", "FEATURES"))
    ap.add_argument("--eyes", nargs=2, metavar=("SET", "FEATURES"))
    ap.add_argument("--l2", type=float, default=0.01)
    a = ap.parse_args()
    if a.smile:
        X, y, _ = load(*a.smile, "smile")
        report("smile", X, y, a.l2)
    if a.eyes:
        X, y, files = load(*a.eyes, "eyes")
        report("eyes (both eyes pooled)", X, y, a.l2, groups=files, balance=True)


if __name__ == "__main__":
    main()
