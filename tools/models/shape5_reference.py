"""A numpy re-implementation of dlib's shape_predictor, run on a converted Models/shape5.fdm.

It follows dlib/image_processing/shape_predictor.h step by step and is used by
tools/fixtures/shape5_golden.py to check the conversion (float32 and float16) against the real dlib.
Coordinates are dlib's: pixel (x, y) is centred on integer (x, y); a box is dlib's inclusive
rectangle (left, top, right, bottom).
"""
import numpy as np


def similarity(from_pts, to_pts):
    """The 2x2 part of the least-squares similarity transform (rotation + scale, no reflection)
    taking from_pts to to_pts; dlib's find_similarity_transform (Umeyama) gives the same."""
    f = from_pts.astype(np.float64) - from_pts.astype(np.float64).mean(0)
    t = to_pts.astype(np.float64) - to_pts.astype(np.float64).mean(0)
    norm = (f * f).sum()
    a = (f * t).sum() / norm
    b = (f[:, 0] * t[:, 1] - f[:, 1] * t[:, 0]).sum() / norm
    return np.array([[a, -b], [b, a]]).astype(np.float32)


def predict(model, gray, box):
    """dlib's 5 points (float, before dlib rounds them) for `box` = (left, top, right, bottom)."""
    mean = model["meanShape"].astype(np.float32)
    anchors, offsets = model["anchors"], model["offsets"].astype(np.float32)
    splits = model["splitPixels"]
    thresholds = model["thresholds"].astype(np.float32)
    leaves = model["leaves"].astype(np.float32)
    left, top, right, bottom = box
    scale = np.array([right - left, bottom - top], np.float64)
    origin = np.array([left, top], np.float64)
    h, w = gray.shape
    shape = mean.copy()
    levels, trees, nsplit = thresholds.shape
    for level in range(levels):
        m = similarity(mean, shape)
        rel = (offsets[level] @ m.T).astype(np.float32) + shape[anchors[level]]
        p = np.floor(rel.astype(np.float64) * scale + origin + 0.5).astype(np.int64)
        inside = (p[:, 0] >= 0) & (p[:, 0] < w) & (p[:, 1] >= 0) & (p[:, 1] < h)
        values = np.zeros(len(p), np.float32)
        values[inside] = gray[p[inside, 1], p[inside, 0]]
        for t in range(trees):
            i = 0
            while i < nsplit:
                a, b = splits[level, t, i]
                i = 2 * i + 1 if values[a] - values[b] > thresholds[level, t, i] else 2 * i + 2
            shape = (shape.reshape(-1) + leaves[level, t, i - nsplit]).reshape(-1, 2).astype(np.float32)
    return shape.astype(np.float64) * scale + origin


def dlib_gray(rgb):
    """dlib's RGB to grey rule (pixel.h): (R + G + B) / 3, truncated."""
    return (rgb.astype(np.uint32).sum(axis=2) // 3).astype(np.uint8)
