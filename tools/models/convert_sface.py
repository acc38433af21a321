#!/usr/bin/env python3
"""Converts SFace (opencv_zoo's face_recognition_sface_2021dec_int8bq.onnx, Apache-2.0) into Models/sface.fdm (kind
`SFCE`), keeping its int8 weight blocks and their scales, with BatchNorm folded into the block scales and biases.
docs/identity.md cites it (the graph table, the checks).

    /work/peers-venv/bin/python tools/models/convert_sface.py \
        --onnx ../shared/models/identity/face_recognition_sface_2021dec_int8bq.onnx [--out Models/sface.fdm]
    /work/peers-venv/bin/python tools/models/convert_sface.py --onnx ... --check [--set ../shared/eval/identity-dev]

The ONNX graph (opset 21) is a MobileNet-v1-shaped chain, checked node by node here: (x - 127.5) * 0.0078125 on the
RGB input; conv_1 = 3x3 stride 1 (3 -> 32) + BN + PReLU; conv_2 ... conv_14 = depthwise 3x3 (stride 2 in conv_3, 5,
7 and 13) + BN + PReLU, then 1x1 + BN + PReLU; bn1 (BN after the last PReLU); Dropout (identity at inference);
Flatten (channel, y, x); Gemm 50176 -> 128 (pre_fc1) + BN (fc1). No residual additions. Every weight is a
DequantizeLinear of int8 blocks: y = (q - zero) * scale, one scale and one zero per block of `block_size`
consecutive inputs of an output row (27 for conv_1, 9 for the depthwise kernels, 32 for conv_2's 1x1, 64 else).

Folding: a BN that follows a convolution or the Gemm scales output row o by s_o = gamma_o / sqrt(var_o + eps); every
block of that row lies in the row, so s_o multiplies the row's block scales (the int8 values stay) and the bias
becomes (bias - mean) * s + beta. bn1 follows a PReLU and has negative scales, so it stays a per-channel affine
layer (x * scale + shift; the Swift loader may fold it into the dense weights after dequantising them).

Tensors (L = layer name, in run order; q and zero are int8 stored as their uint8 bit patterns):
  input.mean f32 [1] = 127.5, input.scale f32 [1] = 0.0078125 (input channels in R, G, B order)
  names u8 [n] (comma-separated layer names, ASCII), layout i32 [layers, 5] = kind (0 conv 3x3, 1 depthwise 3x3,
      2 pointwise, 3 affine, 4 dense), kernel, stride, input channels, output channels
  L.q u8 [out, inputs] (conv: inputs in (channel, ky, kx) order; depthwise: [channels, 9]; fc: (channel, y, x)),
  L.zero u8 [out, blocks], L.scale f32 [out, blocks], L.bias f32 [out], L.prelu f32 [out] (not for fc)
  bn1.scale f32 [1024], bn1.shift f32 [1024]
--check runs sface_reference.py's numpy network from the written file against onnxruntime and OpenCV's
FaceRecognizerSF.feature on aligned LFW faces, and its alignment against FaceRecognizerSF.alignCrop.
"""
import argparse
import collections
import hashlib
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402
from onnx_graph import OnnxGraph  # noqa: E402
import sface_reference as ref  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")
DW_STRIDE2 = {3, 5, 7, 13}


class Graph(OnnxGraph):
    def next(self, tensor, op):
        cs = self.consumers[tensor]
        assert len(cs) == 1 and cs[0].op_type == op, (tensor, op, [c.op_type for c in cs])
        return cs[0]

    def blocks(self, weight_input):
        """int8 q [out, inputs], zero [out, blocks], scale [out, blocks] of the DequantizeLinear behind a weight."""
        n = self.producer[weight_input]
        if n.op_type == "Reshape":
            n = self.producer[n.input[0]]
        assert n.op_type == "DequantizeLinear", n.op_type
        a = self.attrs(n)
        q, s, z = (self.inits[i] for i in n.input)
        assert q.dtype == np.int8 and z.dtype == np.int8 and s.dtype == np.float32
        assert a["axis"] == 1 and q.ndim == 2 and q.shape[1] == s.shape[1] * a["block_size"], (a, q.shape, s.shape)
        return q, z, s

    def dequantised(self, weight_input):
        n = self.producer[weight_input]
        q, s, z = (self.inits[i] for i in n.input)
        a = self.attrs(n)
        rep = np.repeat(np.arange(s.shape[0]), a["block_size"])[: q.shape[0]]
        return (q.astype(np.float64) - z[rep]) * s[rep]

    def bn(self, n):
        assert n.op_type == "BatchNormalization"
        g, b, m, v = (self.inits[i].astype(np.float64) for i in n.input[1:])
        eps = self.attrs(n).get("epsilon", 1e-5)
        s = g / np.sqrt(v + eps)
        return s, b - m * s


def convert(onnx_path):
    g = Graph(onnx_path)
    names, layout, tensors = [], [], collections.OrderedDict()
    data = g.model.graph.input[0].name
    sub = g.next(data, "Sub")
    mul = g.next(sub.output[0], "Mul")
    mean, scale = float(g.inits[sub.input[1]][0]), float(g.inits[mul.input[1]][0])
    tensors["input.mean"] = np.array([mean], np.float32)
    tensors["input.scale"] = np.array([scale], np.float32)
    x = mul.output[0]
    specs = [("conv1", "conv_1", 0, 1)]
    for k in range(2, 15):
        specs.append((f"dw{k}", f"conv_{k}_dw", 1, 2 if k in DW_STRIDE2 else 1))
        specs.append((f"pw{k}", f"conv_{k}", 2, 1))
    per_layer = []
    for name, onnx_name, kind, stride in specs:
        conv = g.next(x, "Conv")
        assert conv.output[0] == onnx_name + "_conv2d", (conv.output[0], onnx_name)
        a = g.attrs(conv)
        kernel = 1 if kind == 2 else 3
        assert a["kernel_shape"] == [kernel, kernel] and a["strides"] == [stride, stride]
        assert a["pads"] == [kernel // 2] * 4 and a.get("dilations", [1, 1]) == [1, 1]
        q, z, s = g.blocks(conv.input[1])
        assert len(conv.input) == 2  # no bias: the BN gives it
        shape = g.inits[g.producer[conv.input[1]].input[1]]
        out, cin = int(shape[0]), int(shape[1])
        if kind == 1:
            assert a["group"] == out and cin == 1
            cin = out
        else:
            assert a.get("group", 1) == 1
        bn = g.next(conv.output[0], "BatchNormalization")
        bs, bb = g.bn(bn)
        pr = g.next(bn.output[0], "PRelu")
        slopes = g.inits[pr.input[1]].reshape(-1)
        assert slopes.shape == (out,)
        tensors[name + ".q"] = q.view(np.uint8)
        tensors[name + ".zero"] = z.view(np.uint8)
        tensors[name + ".scale"] = (s.astype(np.float64) * bs[:, None]).astype(np.float32)
        tensors[name + ".bias"] = bb.astype(np.float32)
        tensors[name + ".prelu"] = slopes.astype(np.float32)
        names.append(name)
        layout.append([kind, kernel, stride, cin, out])
        per_layer.append((name, onnx_name, q.shape[1] // s.shape[1]))
        x = pr.output[0]
    bn1 = g.next(x, "BatchNormalization")
    s1, b1 = g.bn(bn1)
    tensors["bn1.scale"], tensors["bn1.shift"] = s1.astype(np.float32), b1.astype(np.float32)
    names.append("bn1")
    layout.append([3, 1, 1, len(s1), len(s1)])
    drop = g.next(bn1.output[0], "Dropout")
    flat = g.next(drop.output[0], "Flatten")
    gemm = g.next(flat.output[0], "Gemm")
    a = g.attrs(gemm)
    assert a.get("transB") == 1 and a.get("transA", 0) == 0 and a.get("alpha", 1) == 1 and a.get("beta", 1) == 1
    q, z, s = g.blocks(gemm.input[1])
    bias = g.dequantised(gemm.input[2])
    fc1 = g.next(gemm.output[0], "BatchNormalization")
    fs, fb = g.bn(fc1)
    assert fc1.output[0] == g.model.graph.output[0].name
    tensors["fc.q"] = q.view(np.uint8)
    tensors["fc.zero"] = z.view(np.uint8)
    tensors["fc.scale"] = (s.astype(np.float64) * fs[:, None]).astype(np.float32)
    tensors["fc.bias"] = (bias * fs + fb).astype(np.float32)
    names.append("fc")
    layout.append([4, 1, 1, q.shape[1], q.shape[0]])
    per_layer.append(("fc", "pre_fc1 + fc1", q.shape[1] // s.shape[1]))
    tensors["names"] = np.frombuffer(",".join(names).encode("ascii"), np.uint8)
    tensors["layout"] = np.array(layout, np.int32)
    tensors.move_to_end("names", last=False)
    tensors.move_to_end("layout", last=False)
    tensors.move_to_end("input.scale", last=False)
    tensors.move_to_end("input.mean", last=False)
    return tensors, names, layout, dict((n, b) for n, _, b in per_layer)


RUNTIME = {0: "lacks: 3x3 stride 1 with pad 1, 3 -> 32, PReLU (StemConvolution is stride 2, 16 outputs, ReLU; "
              "Convolution is unpadded: a bordered input holding the normalised zero works)",
           1: "has DepthwiseConvolution / StridedDepthwiseConvolution 3x3 pad 1, but ReLU only and specialised for "
              "16/32/64 channels: lacks PReLU and 128-1024 channels",
           2: "has PointwiseConvolution (ReLU or none): lacks the PReLU epilogue",
           3: "lacks (a per-channel scale and shift; foldable into the dense weights at load)",
           4: "has Dense (inputOrder maps the (c, y, x) flatten onto a channel-last map; PReLU optional)"}


def graph_table(names, layout, blocks):
    """Markdown rows: layer, op, output shape, MMAC per face, weights, int8+scales bytes, fp32 bytes, runtime."""
    rows, h = [], 112
    total_mac = total_w = total_q = 0
    ops = {0: "conv 3x3", 1: "depthwise 3x3", 2: "pointwise 1x1", 3: "affine (BN)", 4: "dense"}
    for name, (kind, kernel, stride, cin, cout) in zip(names, layout):
        if kind in (0, 1):
            h = (h - 1) // stride + 1
        if kind == 0:
            mac, nw = h * h * cin * 9 * cout, cin * 9 * cout
        elif kind == 1:
            mac, nw = h * h * 9 * cout, 9 * cout
        elif kind == 2:
            mac, nw = h * h * cin * cout, cin * cout
        elif kind == 3:
            mac, nw = h * h * cout, 0
        else:
            mac, nw = cin * cout, cin * cout
        b = blocks.get(name)
        qbytes = nw + (nw // b) * 5 if b else 0
        extra = (cout * 8 if kind != 4 else cout * 4) if kind != 3 else cout * 8  # bias+prelu / bias / scale+shift
        shape = f"{cout}×{h}×{h}" if kind != 4 else f"{cout}"
        desc = ops[kind] + (f" /{stride}" if stride == 2 else "") + (f", {cin}→{cout}" if kind in (0, 2, 4) else
                                                                     f", {cout} ch")
        rows.append(f"| {name} | {desc} | {shape} | {mac / 1e6:.2f} | {nw:,} | {b or '-'} | {qbytes + extra:,} | "
                    f"{4 * nw + extra:,} | {RUNTIME[kind]} |")
        total_mac += mac
        total_w += nw
        total_q += qbytes + extra
    return rows, total_mac, total_w, total_q


def aligned_faces(set_dir, n):
    """n LFW images spread over identity-dev with YuNet's central face row (as identity_peers.py picks it)."""
    import cv2
    truth = json.load(open(os.path.join(set_dir, "truth.json")))
    det = cv2.FaceDetectorYN.create(os.path.join(SHARED, "models", "yunet", "face_detection_yunet_2023mar.onnx"),
                                    "", (250, 250), 0.5, 0.3, 5000)
    out = []
    images = truth["images"]
    for k in range(n):
        im = images[k * len(images) // n]
        bgr = cv2.imread(os.path.join(set_dir, im["file"]))
        det.setInputSize((bgr.shape[1], bgr.shape[0]))
        _, rows = det.detect(bgr)
        if rows is None:
            continue
        c = min(rows, key=lambda r: (r[0] + r[2] / 2 - bgr.shape[1] / 2) ** 2 + (r[1] + r[3] / 2 - bgr.shape[0] / 2) ** 2)
        out.append((im["file"], bgr, c))
    return out


def check(fdm, onnx_path, set_dir, n):
    import cv2
    import onnxruntime as ort
    cv2.setNumThreads(1)
    net = ref.load(fdm)
    import onnx
    so = ort.SessionOptions()
    so.intra_op_num_threads = 1
    so.log_severity_level = 3
    model = onnx.load(onnx_path)
    # the file still declares the float weights it replaced by DequantizeLinear as graph inputs: drop them
    keep = [i for i in model.graph.input if i.name == "data" or i.name in {t.name for t in model.graph.initializer}]
    del model.graph.input[:]
    model.graph.input.extend(keep)
    sess = ort.InferenceSession(model.SerializeToString(), so, providers=["CPUExecutionProvider"])
    rec = cv2.FaceRecognizerSF.create(onnx_path, "")
    worst_ort = worst_cv = worst_bgr = 0.0
    pix_max, pix_diff, float_max, float_diff, m_err = 0, 0, 0, 0, 0.0
    total = 0
    for file, bgr, row in aligned_faces(set_dir, n):
        crop = rec.alignCrop(bgr, row)
        mine = ref.align_crop(bgr, row[4:14].reshape(5, 2))
        fl = ref.warp_affine_float(bgr, ref.similarity(row[4:14].reshape(5, 2)))
        d = np.abs(mine.astype(int) - crop.astype(int))
        df = np.abs(fl.astype(int) - crop.astype(int))
        pix_max, pix_diff = max(pix_max, int(d.max())), pix_diff + int((d > 0).sum())
        float_max, float_diff = max(float_max, int(df.max())), float_diff + int((df > 0).sum())
        total += d.size
        y = ref.forward(net, crop)
        rgb = crop[:, :, ::-1].astype(np.float32).transpose(2, 0, 1)[None]
        o = sess.run(None, {"data": np.ascontiguousarray(rgb)})[0].reshape(-1).astype(np.float64)
        obgr = sess.run(None, {"data": np.ascontiguousarray(crop.astype(np.float32).transpose(2, 0, 1)[None])})[0]
        c = rec.feature(crop).reshape(-1).astype(np.float64)
        rel = lambda a, b: float(np.abs(a - b).max() / np.abs(b).max())
        worst_ort, worst_cv = max(worst_ort, rel(y, o)), max(worst_cv, rel(y, c))
        worst_bgr = max(worst_bgr, rel(obgr.reshape(-1).astype(np.float64), c))
        print(f"{file}: numpy vs onnxruntime {rel(y, o):.2e}, vs FaceRecognizerSF.feature {rel(y, c):.2e}; "
              f"alignment: {int((d > 0).sum())} of {d.size} channel values differ (max {int(d.max())}), "
              f"float warp {int((df > 0).sum())} (max {int(df.max())})")
    print(f"worst relative difference (max |diff| / max |reference|): numpy vs onnxruntime {worst_ort:.2e}, numpy vs "
          f"FaceRecognizerSF.feature {worst_cv:.2e}; onnxruntime fed BGR vs feature {worst_bgr:.2e} (so the "
          f"network reads RGB)")
    print(f"alignment vs alignCrop: fixed-point warp {pix_diff} of {total} values differ, max {pix_max}; "
          f"float bilinear warp {float_diff} differ, max {float_max}")
    return worst_ort, worst_cv


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--onnx", default=os.path.join(SHARED, "models", "identity",
                                                   "face_recognition_sface_2021dec_int8bq.onnx"))
    ap.add_argument("--out", default=os.path.join(ROOT, "Models", "sface.fdm"))
    ap.add_argument("--check", action="store_true", help="compare the numpy reference with onnxruntime and OpenCV")
    ap.add_argument("--set", default=os.path.join(SHARED, "eval", "identity-dev"))
    ap.add_argument("--faces", type=int, default=8, help="aligned faces for --check")
    ap.add_argument("--table", action="store_true", help="print the graph table (markdown)")
    a = ap.parse_args()
    tensors, names, layout, blocks = convert(a.onnx)
    modelfile.write(a.out, "SFCE", tensors)
    digest = hashlib.sha256(open(a.out, "rb").read()).hexdigest()
    print(f"{a.out}: {os.path.getsize(a.out):,} bytes, sha256 {digest}, {len(names)} layers")
    rows, mac, nw, qb = graph_table(names, layout, blocks)
    if a.table:
        print("| layer | op | output | MMAC | weights | block | bytes (int8 blocks) | bytes (fp32) | runtime |")
        print("|---|---|---|---|---|---|---|---|---|")
        print("\n".join(rows))
    print(f"total {mac / 1e6:.1f} MMAC per face, {nw:,} weights: {qb:,} bytes as int8 blocks + scales vs "
          f"{4 * nw:,} bytes of fp32 weights")
    if a.check:
        check(a.out, a.onnx, a.set, a.faces)


if __name__ == "__main__":
    main()
