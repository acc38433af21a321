#!/usr/bin/env python3
"""Converts YuNet (Wu, Peng, Yu 2023) from its ONNX files into Models/yunet_n.fdm and Models/yunet_s.fdm
(kind `YUNT`; tensor table in Models/README.md).

    /work/peers-venv/bin/python tools/models/convert_yunet.py \
        --onnx-n ../shared/models/yunet/yunet_n_dynamic.onnx --onnx-s ../shared/models/yunet/yunet_s_dynamic.onnx

The graph is walked and checked against the structure the Swift network hard-codes (`YuNet.swift`):
  stem: Conv 3x3 stride 2 pad 1 (3 -> 16) + ReLU
  then "blocks": Conv 1x1 (no activation) followed by a depthwise Conv 3x3 pad 1, + ReLU except in the heads
  backbone.0 (/2) | MaxPool | backbone.1-4 (/4) | MaxPool | backbone.5-6 (/8) = P8 | MaxPool |
  backbone.7-8 (/16) = P16 | MaxPool | backbone.9-10 (/32) | neck.32 = N32 | up(N32) + P16 -> neck.16 = N16 |
  up(N16) + P8 -> neck.8 = N8 | head.s (s = 8, 16, 32; YuNet_n only) on N8, N16, N32 | out.s: the four output heads
  (cls 1, obj 1, bbox 4, kps 10 channels) stacked into one 16-channel block, no ReLU.
Weights are stored pre-arranged for the kernels (channel-last):
  stem.weight [3, 3, 3, 16] = [ky][kx][input channel in R, G, B order (the ONNX input is B, G, R)][output]
  <block>.pw.weight [in, out] (1x1: out[o] = bias[o] + sum_c in[c] * w[c][o]), <block>.pw.bias [out]
  <block>.dw.weight [9, channels] (tap ky*3+kx), <block>.dw.bias [channels]
The script then runs a plain numpy forward pass on the stored tensors and compares it with onnxruntime.
"""
import argparse
import collections
import hashlib
import os
import sys

import numpy as np
import onnx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402
from onnx_graph import OnnxGraph  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADS = ("cls", "obj", "bbox", "kps")  # stacked order of the 16 output channels: 1 + 1 + 4 + 10
BACKBONE_STAGES = [1, 4, 2, 2, 2]      # blocks per stage, /2 ... /32, a MaxPool between stages


class Graph(OnnxGraph):
    def only(self, tensor, op):
        cs = [c for c in self.consumers[tensor] if c.op_type == op]
        assert len(cs) == 1, (tensor, op, [c.op_type for c in self.consumers[tensor]])
        return cs[0]

    def conv(self, n, k, group_is_channels, stride=1):
        a = self.attrs(n)
        w, b = self.inits[n.input[1]], self.inits[n.input[2]]
        assert n.op_type == "Conv" and a["kernel_shape"] == [k, k] and a["strides"] == [stride, stride]
        assert a["pads"] == ([k // 2] * 4), a
        assert a.get("group", 1) == (w.shape[0] if group_is_channels else 1) or w.shape[0] == 1
        return w.astype(np.float32), b.astype(np.float32)

    def block(self, tensor, relu=True, pw_node=None):
        """The 1x1 + depthwise 3x3 (+ ReLU) block reading `tensor`; returns (weights, output tensor)."""
        pw = pw_node or self.only(tensor, "Conv")
        wp, bp = self.conv(pw, 1, False)
        dw = self.only(pw.output[0], "Conv")
        wd, bd = self.conv(dw, 3, True)
        assert wd.shape[1] == 1 and wd.shape[0] == wp.shape[0]
        out = dw.output[0]
        if relu:
            out = self.only(out, "Relu").output[0]
        return (wp, bp, wd, bd), out


def arrange_block(prefix, ws, tensors):
    wp, bp, wd, bd = ws
    tensors[prefix + ".pw.weight"] = wp[:, :, 0, 0].T.copy()          # [in, out]
    tensors[prefix + ".pw.bias"] = bp
    tensors[prefix + ".dw.weight"] = wd.reshape(wd.shape[0], 9).T.copy()  # [9, channels]
    tensors[prefix + ".dw.bias"] = bd


def convert(path):
    g = Graph(path)
    t = collections.OrderedDict()
    stem = g.only("input", "Conv")
    w, b = g.conv(stem, 3, False, stride=2)
    assert w.shape[1] == 3
    t["stem.weight"] = w[:, ::-1].transpose(2, 3, 1, 0).copy()  # [ky][kx][RGB][out]
    t["stem.bias"] = b
    x = g.only(stem.output[0], "Relu").output[0]
    k, features = 0, {}
    for stage, count in enumerate(BACKBONE_STAGES):
        if stage > 0:
            pool = g.only(x, "MaxPool")
            a = g.attrs(pool)
            assert a["kernel_shape"] == [2, 2] and a["strides"] == [2, 2] and a.get("ceil_mode", 0) == 0
            x = pool.output[0]
        for _ in range(count):
            ws, x = g.block(x)
            arrange_block(f"backbone.{k}", ws, t)
            k += 1
        features[8 << (stage - 2) if stage >= 2 else stage] = x
    # neck.32 reads the last backbone output; neck.16 and neck.8 read up(previous) + skip.
    ws, n32 = g.block(x)
    arrange_block("neck.32", ws, t)
    necks = {32: n32}
    low = n32
    for s in (16, 8):
        resize = g.only(low, "Resize")
        add = g.only(resize.output[0], "Add")
        assert set(add.input) == {resize.output[0], features[s]}, (add.input, features[s])
        ws, low = g.block(add.output[0])
        arrange_block(f"neck.{s}", ws, t)
        necks[s] = low
    for s in (8, 16, 32):
        pw = [c for c in g.consumers[necks[s]] if c.op_type == "Conv"]
        # YuNet_n has one more shared block per level (head.s) before the output heads; YuNet_s has
        # none (the four heads read the neck directly).
        assert len(pw) in (1, 4), (s, len(pw))
        h = necks[s]
        if len(pw) == 1:
            ws, h = g.block(necks[s], pw_node=pw[0])
            arrange_block(f"head.{s}", ws, t)
        # The four output heads read h; identify them by the output they lead to.
        heads = {}
        for pw in [c for c in g.consumers[h] if c.op_type == "Conv"]:
            hw, y = g.block(h, relu=False, pw_node=pw)
            out = y
            while not any(out == f"{name}_{s}" for name in HEADS):
                nxt = g.consumers[out]
                assert len(nxt) >= 1, out
                out = [c for c in nxt if c.op_type in ("Transpose", "Reshape", "Sigmoid")][0].output[0]
            heads[out.split("_")[0]] = hw
        assert set(heads) == set(HEADS), heads.keys()
        stacked = [np.concatenate([heads[n][i] for n in HEADS]) for i in range(4)]
        assert stacked[0].shape[0] == 16
        arrange_block(f"out.{s}", stacked, t)
    shared = 3 if "head.8.pw.weight" in t else 0
    assert len([n for n in g.nodes if n.op_type == "Conv"]) == 1 + 2 * (sum(BACKBONE_STAGES) + 3 + shared + 12)
    return t


# ----------------------------------------------------------------------------- numpy reference

def conv_nhwc_3x3(x, w9, b, depthwise):
    """x: (H, W, C); pad 1, stride 1. depthwise: w9 (9, C). Returns (H, W, C)."""
    h, wd, c = x.shape
    p = np.zeros((h + 2, wd + 2, c), np.float64)
    p[1:-1, 1:-1] = x
    y = np.zeros((h, wd, c), np.float64) + b
    for ky in range(3):
        for kx in range(3):
            y += p[ky:ky + h, kx:kx + wd] * w9[ky * 3 + kx]
    return y


def block(t, name, x, relu=True):
    y = x @ t[name + ".pw.weight"].astype(np.float64) + t[name + ".pw.bias"]
    y = conv_nhwc_3x3(y, t[name + ".dw.weight"], t[name + ".dw.bias"], True)
    return np.maximum(y, 0) if relu else y


def pool(x):
    h, w, c = x.shape
    return x[:h // 2 * 2, :w // 2 * 2].reshape(h // 2, 2, w // 2, 2, c).max(axis=(1, 3))


def up(x):
    return x.repeat(2, axis=0).repeat(2, axis=1)


def reference(t, rgb):
    """RGB (H, W, 3) uint8 -> dict of the 12 outputs, as onnxruntime names them."""
    h, w, _ = rgb.shape
    ph, pw = ((h - 1) // 32 + 1) * 32, ((w - 1) // 32 + 1) * 32
    x = np.zeros((ph + 2, pw + 2, 3), np.float64)
    x[1:h + 1, 1:w + 1] = rgb
    ws, y = t["stem.weight"].astype(np.float64), np.zeros((ph // 2, pw // 2, 16)) + t["stem.bias"]
    for ky in range(3):
        for kx in range(3):
            y += x[ky:ky + ph:2, kx:kx + pw:2] @ ws[ky, kx]
    x = np.maximum(y, 0)
    k, feats = 0, {}
    for stage, count in enumerate(BACKBONE_STAGES):
        if stage > 0:
            x = pool(x)
        for _ in range(count):
            x = block(t, f"backbone.{k}", x)
            k += 1
        feats[stage] = x
    n = {32: block(t, "neck.32", x)}
    n[16] = block(t, "neck.16", up(n[32]) + feats[3])
    n[8] = block(t, "neck.8", up(n[16]) + feats[2])
    out = {}
    for s in (8, 16, 32):
        h = block(t, f"head.{s}", n[s]) if f"head.{s}.pw.weight" in t else n[s]
        o = block(t, f"out.{s}", h, relu=False).reshape(-1, 16)
        out[f"cls_{s}"] = 1 / (1 + np.exp(-o[:, 0:1]))
        out[f"obj_{s}"] = 1 / (1 + np.exp(-o[:, 1:2]))
        out[f"bbox_{s}"] = o[:, 2:6]
        out[f"kps_{s}"] = o[:, 6:16]
    return out


def onnx_outputs(path, rgb):
    import onnxruntime as ort
    h, w, _ = rgb.shape
    ph, pw = ((h - 1) // 32 + 1) * 32, ((w - 1) // 32 + 1) * 32
    x = np.zeros((1, 3, ph, pw), np.float32)
    x[0, :, :h, :w] = rgb[:, :, ::-1].transpose(2, 0, 1)
    sess = ort.InferenceSession(path, providers=["CPUExecutionProvider"])
    names = [o.name for o in sess.get_outputs()]
    return dict(zip(names, [o[0] if o.ndim == 3 else o for o in sess.run(None, {"input": x})]))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--onnx-n", default=os.path.join(ROOT, "..", "shared", "models", "yunet", "yunet_n_dynamic.onnx"))
    ap.add_argument("--onnx-s", default=os.path.join(ROOT, "..", "shared", "models", "yunet", "yunet_s_dynamic.onnx"))
    args = ap.parse_args()
    rng = np.random.default_rng(2023)
    for tag, path in (("n", args.onnx_n), ("s", args.onnx_s)):
        print(f"sha256 {hashlib.sha256(open(path, 'rb').read()).hexdigest()}  {os.path.basename(path)}")
        t = convert(path)
        out = os.path.join(ROOT, "Models", f"yunet_{tag}.fdm")
        modelfile.write(out, "YUNT", t)
        print(f"sha256 {hashlib.sha256(open(out, 'rb').read()).hexdigest()}  {os.path.relpath(out, ROOT)}")
        for name, arr in t.items():
            print(f"  {name:24s} {str(arr.dtype):8s} {list(arr.shape)}")
        _, stored = modelfile.read(out)
        rgb = rng.integers(0, 256, (45, 70, 3), dtype=np.uint8)
        ref, ort_out = reference(stored, rgb), onnx_outputs(path, rgb)
        worst = max(float(np.abs(ref[k] - ort_out[k].reshape(ref[k].shape)).max()) for k in ref)
        print(f"numpy reference vs onnxruntime on a 70x45 random image: max |diff| {worst:.2e}")
        assert worst < 1e-3


if __name__ == "__main__":
    main()
