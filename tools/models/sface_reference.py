#!/usr/bin/env python3
"""Plain numpy reference of SFace as stored in Models/sface.fdm (kind `SFCE`, written by convert_sface.py), and of
OpenCV's FaceRecognizerSF.alignCrop (the 5-point similarity onto the 112x112 template, then warpAffine's bilinear
warp), for the Swift port to be checked against. docs/identity.md cites it.

    import sface_reference as ref
    net = ref.load("Models/sface.fdm")
    crop = ref.align_crop(bgr_image, five_points)          # uint8 112x112x3, OpenCV's fixed-point warp
    descriptor = ref.forward(net, crop)                    # 128 float64, not normalised

Network (float64 throughout): x = (RGB - 127.5) * 0.0078125, channel-first; then the `layout` rows of the file in
order: `conv` 3x3 pad 1 (any stride), `dw` depthwise 3x3 pad 1, `pw` 1x1, each + bias + PReLU; `affine` per-channel
x * scale + shift; `fc` = flatten in (channel, y, x) order, W x + bias. Weights are (q - zero) * scale per block of
`block` consecutive inputs of one output row (q, zero: int8 stored as their uint8 bit patterns).

Alignment: `similarity(points)` is OpenCV's getSimilarityTransformMatrix (Umeyama's least-squares similarity, no
reflection), `warp_affine(image, M)` reproduces cv::warpAffine(INTER_LINEAR, BORDER_CONSTANT 0) on uint8 images
exactly: the inverse map in 10-bit fixed point per pixel, 5-bit (1/32) interpolation weights, 15-bit coefficients.
`warp_affine_float` is the plain float bilinear warp (for comparison).
"""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402

TEMPLATE = np.array([[38.2946, 51.6963], [73.5318, 51.5014], [56.0252, 71.7366],
                     [41.5493, 92.3655], [70.7299, 92.2041]])
KINDS = {0: "conv", 1: "dw", 2: "pw", 3: "affine", 4: "fc"}


def int8(a):
    return a.view(np.int8).astype(np.float64)


def dequantise(t, name):
    """(q - zero) * scale, blocks of consecutive inputs along each output row: [out, inputs] float64."""
    q, z, s = int8(t[name + ".q"]), int8(t[name + ".zero"]), t[name + ".scale"].astype(np.float64)
    out, k = q.shape
    block = k // z.shape[1]
    assert block * z.shape[1] == k
    return ((q.reshape(out, -1, block) - z[:, :, None]) * s[:, :, None]).reshape(out, k)


def load(path):
    kind, t = modelfile.read(path)
    assert kind == "SFCE", kind
    names = bytes(t["names"]).decode("ascii").split(",")
    layers = []
    for name, row in zip(names, t["layout"]):
        kind_code, kernel, stride, cin, cout = (int(v) for v in row)
        kind = KINDS[kind_code]
        layer = {"name": name, "kind": kind, "kernel": kernel, "stride": stride, "in": cin, "out": cout}
        if kind == "affine":
            layer["scale"] = t[name + ".scale"].astype(np.float64)
            layer["shift"] = t[name + ".shift"].astype(np.float64)
        else:
            layer["w"] = dequantise(t, name)
            layer["bias"] = t[name + ".bias"].astype(np.float64)
            if name + ".prelu" in t:
                layer["prelu"] = t[name + ".prelu"].astype(np.float64)
        layers.append(layer)
    return {"layers": layers, "mean": float(t["input.mean"][0]), "scale": float(t["input.scale"][0])}


def prelu(x, slopes):
    return np.where(x >= 0, x, x * slopes.reshape(-1, 1, 1))


def pad1(x):
    return np.pad(x, ((0, 0), (1, 1), (1, 1)))


def conv3x3(x, w, stride):
    """Full 3x3 convolution, pad 1: x [C, H, W], w [O, C*9] in (c, ky, kx) order."""
    c, h, wd = x.shape
    p = pad1(x)
    oh, ow = (h - 1) // stride + 1, (wd - 1) // stride + 1
    cols = np.empty((c, 3, 3, oh, ow))
    for ky in range(3):
        for kx in range(3):
            cols[:, ky, kx] = p[:, ky:ky + stride * (oh - 1) + 1:stride, kx:kx + stride * (ow - 1) + 1:stride]
    return (w @ cols.reshape(c * 9, oh * ow)).reshape(-1, oh, ow)


def depthwise3x3(x, w, stride):
    """Depthwise 3x3, pad 1: w [C, 9] (tap ky*3 + kx)."""
    c, h, wd = x.shape
    p = pad1(x)
    oh, ow = (h - 1) // stride + 1, (wd - 1) // stride + 1
    out = np.zeros((c, oh, ow))
    for ky in range(3):
        for kx in range(3):
            tap = p[:, ky:ky + stride * (oh - 1) + 1:stride, kx:kx + stride * (ow - 1) + 1:stride]
            out += tap * w[:, ky * 3 + kx].reshape(-1, 1, 1)
    return out


def forward(net, image, channels="bgr", trace=None):
    """The 128 raw outputs for a 112x112x3 uint8 image (OpenCV's BGR by default: the network reads RGB)."""
    img = np.asarray(image, dtype=np.float64)
    assert img.shape == (112, 112, 3)
    if channels == "bgr":
        img = img[:, :, ::-1]
    x = ((img - net["mean"]) * net["scale"]).transpose(2, 0, 1)
    for L in net["layers"]:
        k = L["kind"]
        if k == "conv":
            x = conv3x3(x, L["w"], L["stride"])
        elif k == "dw":
            x = depthwise3x3(x, L["w"], L["stride"])
        elif k == "pw":
            c, h, w = x.shape
            x = (L["w"] @ x.reshape(c, h * w)).reshape(-1, h, w)
        elif k == "affine":
            x = x * L["scale"].reshape(-1, 1, 1) + L["shift"].reshape(-1, 1, 1)
            if trace is not None:
                trace[L["name"]] = x
            continue
        elif k == "fc":
            x = L["w"] @ x.reshape(-1)
        if x.ndim == 3:
            x = x + L["bias"].reshape(-1, 1, 1)
        else:
            x = x + L["bias"]
        if "prelu" in L:
            x = prelu(x, L["prelu"])
        if trace is not None:
            trace[L["name"]] = x
    return x


def similarity(points, template=TEMPLATE):
    """2x3 least-squares similarity (Umeyama 1991, no reflection) taking the 5 points onto the template, computed
    as OpenCV's getSimilarityTransformMatrix does: float32 means, differences and products (summed in double),
    and the template's mean written as the constants (56.0262, 71.9008), not its exact mean."""
    f = np.float32
    src = np.asarray(points, dtype=f).reshape(5, 2)
    dst = np.asarray(template, dtype=f)
    sm = np.array([f(f(f(f(src[0, k] + src[1, k]) + src[2, k]) + src[3, k]) + src[4, k]) / f(5) for k in range(2)], f)
    dm = np.array([56.0262, 71.9008], f)
    sd, dd = (src - sm).astype(f), (dst - dm).astype(f)
    a = np.array([[sum(float(f(dd[i, r] * sd[i, c])) for i in range(5)) / 5 for c in range(2)] for r in range(2)])
    d = np.ones(2)
    if a[0, 0] * a[1, 1] - a[0, 1] * a[1, 0] < 0:
        d[1] = -1
    u, s, vt = np.linalg.svd(a)
    r = u @ np.diag(d) @ vt
    var = sum(float(f(sd[i, 0] * sd[i, 0])) for i in range(5)) / 5 + sum(float(f(sd[i, 1] * sd[i, 1])) for i in range(5)) / 5
    scale = (s * d).sum() / var
    m = np.zeros((2, 3))
    m[:, 2] = dm.astype(np.float64) - scale * (r @ sm.astype(np.float64))
    m[:, :2] = scale * r
    return m


def invert_affine(m):
    a, b, c, d = m[0, 0], m[0, 1], m[1, 0], m[1, 1]
    det = a * d - b * c
    det = 1.0 / det if det != 0 else 0.0
    ia, ib, ic, id_ = d * det, -b * det, -c * det, a * det
    return np.array([[ia, ib, -ia * m[0, 2] - ib * m[1, 2]], [ic, id_, -ic * m[0, 2] - id_ * m[1, 2]]])


def _round(v):
    """cvRound: round half to even, as saturate_cast<int>(double)."""
    return np.rint(v).astype(np.int64)


def warp_affine(image, m, size=(112, 112)):
    """cv::warpAffine(image, m, size, INTER_LINEAR, BORDER_CONSTANT, 0) on a uint8 HxWxC image, bit-exact:
    the inverse map in AB_BITS=10 fixed point, INTER_BITS=5 fractional steps, 15-bit bilinear coefficients."""
    img = np.asarray(image)
    h, w = img.shape[:2]
    ow, oh = size
    im = invert_affine(np.asarray(m, dtype=np.float64))
    ab_scale, inter_bits = 1 << 10, 5
    round_delta = ab_scale // (1 << inter_bits) // 2
    xs = np.arange(ow)
    adelta = _round(im[0, 0] * xs * ab_scale)
    bdelta = _round(im[1, 0] * xs * ab_scale)
    ys = np.arange(oh)
    x0 = _round((im[0, 1] * ys + im[0, 2]) * ab_scale) + round_delta
    y0 = _round((im[1, 1] * ys + im[1, 2]) * ab_scale) + round_delta
    X = (x0[:, None] + adelta[None, :]) >> (10 - inter_bits)
    Y = (y0[:, None] + bdelta[None, :]) >> (10 - inter_bits)
    ix, iy = X >> inter_bits, Y >> inter_bits
    ax, ay = X & 31, Y & 31
    # coefficients (32 - a)(32 - b) * 32 etc. sum to 32768 exactly
    w00, w01 = (32 - ax) * (32 - ay) * 32, ax * (32 - ay) * 32
    w10, w11 = (32 - ax) * ay * 32, ax * ay * 32
    chans = img.reshape(h, w, -1).astype(np.int64)
    padded = np.zeros((h + 2, w + 2, chans.shape[2]), dtype=np.int64)
    padded[1:-1, 1:-1] = chans

    def tap(yy, xx):
        inside = (yy >= -1) & (yy <= h) & (xx >= -1) & (xx <= w)
        v = padded[np.clip(yy + 1, 0, h + 1), np.clip(xx + 1, 0, w + 1)]
        return np.where(inside[..., None], v, 0)

    acc = (tap(iy, ix) * w00[..., None] + tap(iy, ix + 1) * w01[..., None] + tap(iy + 1, ix) * w10[..., None]
           + tap(iy + 1, ix + 1) * w11[..., None])
    out = np.clip((acc + (1 << 14)) >> 15, 0, 255).astype(np.uint8)
    return out.reshape((oh, ow) + img.shape[2:])


def warp_affine_float(image, m, size=(112, 112)):
    """Plain float bilinear warp (exact inverse map, exact weights, zero outside), rounded to uint8."""
    img = np.asarray(image).astype(np.float64)
    h, w = img.shape[:2]
    ow, oh = size
    im = invert_affine(np.asarray(m, dtype=np.float64))
    gx, gy = np.meshgrid(np.arange(ow), np.arange(oh))
    sx = im[0, 0] * gx + im[0, 1] * gy + im[0, 2]
    sy = im[1, 0] * gx + im[1, 1] * gy + im[1, 2]
    x0, y0 = np.floor(sx).astype(int), np.floor(sy).astype(int)
    fx, fy = (sx - x0)[..., None], (sy - y0)[..., None]

    def px(yy, xx):
        inside = (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
        return np.where(inside[..., None], img[np.clip(yy, 0, h - 1), np.clip(xx, 0, w - 1)], 0)

    v = (px(y0, x0) * (1 - fx) * (1 - fy) + px(y0, x0 + 1) * fx * (1 - fy) + px(y0 + 1, x0) * (1 - fx) * fy
         + px(y0 + 1, x0 + 1) * fx * fy)
    return np.clip(np.rint(v), 0, 255).astype(np.uint8)


def align_crop(image, points):
    """FaceRecognizerSF.alignCrop: the 5 points (YuNet's order: right eye, left eye, nose tip, right and left
    mouth corner, subject's sides) onto the template, warped to 112x112."""
    return warp_affine(image, similarity(points))
