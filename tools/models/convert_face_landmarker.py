#!/usr/bin/env python3
"""Converts the two networks of MediaPipe's face landmarker (Apache-2.0; ../shared/models/face_landmarker/)
into Models/face_mesh_v2.fdm (kind `MSH2`) and Models/face_blendshapes.fdm (kind `BLND`); tensor tables
in Models/README.md.

    python3 -m venv /work/venv-expr
    /work/venv-expr/bin/pip install numpy flatbuffers ai-edge-litert pillow   # (2026-12-05: ai-edge-litert 2.3.0)
    M=../shared/models/face_landmarker
    /work/venv-expr/bin/python tools/models/convert_face_landmarker.py \
        $M/face_landmarks_detector.tflite $M/face_blendshapes.tflite Models/

The flatbuffers are read with `TFLite` below (LiteRT's schema module, no
TensorFlow). Every op is checked against the structure the Swift networks hard-code; every weight sits
behind a DEQUANTIZE of a float16 buffer, and the float16 values are stored unchanged (dtype 3). Then a
plain numpy forward pass on the stored tensors is compared with the LiteRT interpreter on random inputs.

Face mesh v2 (`face_landmarks_detector.tflite`; input 1x256x256x3 RGB in [0, 1], NHWC; TensorFlow SAME
padding, which for a stride-2 3x3 on an even size pads 0 before and 1 after):
  stem: Conv 3x3 stride 2 (3 -> 16) + PReLU                                   128x128x16
  a *block* on x (C channels, a PReLU output), with m = its middle channels:
      y = PReLU(skip(x) + Conv1x1(DepthwiseConv3x3(PReLU(reduce(x)))))
      stride 1: reduce = Conv1x1 C -> m (m = C/2), skip(x) = x;
      stride 2: reduce = Conv 2x2 stride 2 C -> m, skip(x) = MaxPool2x2/2(x) with zero channels
      appended when the block widens
  blocks (out channels / middle channels, stride): 4 x 16/8 at 128x128; 32/16 /2 + 4 x 32/16;
      64/32 /2 + 4 x 64/32; 128/64 /2 + 4 x 128/64 (16x16); then three times 128/64 /2 + 4 x 128/64
      (8x8, 4x4, 2x2): 34 blocks
  heads on the 2x2x128 map, each a 2x2 VALID convolution = a dense layer over 512 inputs:
      `Identity` 1434 = 478 x (x, y, z) in input pixels; `Identity_1` the face-presence logit;
      (`Identity_2`, the sigmoid of a third such head, is not used and not stored)
Blendshapes (`face_blendshapes.tflite`, an MLP-Mixer; input 1x146x2 points in pixels):
  normalise: p -= mean(p); p /= mean_i |p_i|; p *= 0.5 (`input.scale`)
  tokens: [2, 146] @ stem.tokens (146 -> 96) -> transpose -> [96, 2] @ stem.channels (2 -> 64);
      a learned token (`stem.extraToken`) first: 97 x 64
  4 mixer blocks: x += TokenMLP(LN(x)) (along the 97 tokens: 97 -> 384 ReLU -> 97, per channel);
      x += ChannelMLP(LN(x)) (64 -> 256 ReLU -> 64, per token); LN: over the 64 channels, scale
      only (no offset), epsilon `mixer.epsilon`
  output: token 0 -> dense 64 -> 52 -> sigmoid

Layout (channel-last, weights pre-arranged for the kernels; float16 unless noted):
  MSH2: stem.weight [3, 3, 3, 16] = [ky][kx][in][out], stem.bias [16], stem.prelu.weight [16];
    block.K (K = 0..33): .reduce.weight [in, m] (stride 1) or [4 * in, m] (stride 2, input index
    (ky*2 + kx)*in + c), .reduce.bias [m], .reduce.prelu.weight [m], .dw.weight [9, m] (tap ky*3+kx),
    .dw.bias [m], .pw.weight [m, out], .pw.bias [out], .prelu.weight [out];
    landmarks.weight [1434, 512], landmarks.bias [1434], presence.weight [1, 512], presence.bias [1]
    (input index (ky*2 + kx)*128 + c)
  BLND: input.scale [1]; stem.tokens.weight [96, 146], .bias [96]; stem.channels.weight [2, 64],
    .bias [64]; stem.extraToken [64]; mixer.epsilon [1];
    mixer.K (K = 0..3): .tokenNorm.weight [64], .tokens1.weight [384, 98] (column 97 = the bias),
    .tokens2.weight [97, 385] (column 384 = the bias), .channelNorm.weight [64],
    .channels1.weight [64, 256], .channels1.bias [256], .channels2.weight [256, 64], .channels2.bias [64];
    output.weight [64, 52], output.bias [52]
"""
import argparse
import collections
import hashlib
import os
import sys

import numpy as np
from ai_edge_litert import schema_py_generated as schema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402


class TFLite:
    """The one subgraph of a .tflite file: ops by output tensor name, constant buffers by name."""

    def __init__(self, path):
        self.buf = open(path, "rb").read()
        m = schema.Model.GetRootAsModel(self.buf, 0)
        assert m.SubgraphsLength() == 1
        names = {v: k for k, v in vars(schema.BuiltinOperator).items() if not k.startswith("_")}
        codes = []
        for i in range(m.OperatorCodesLength()):
            c = m.OperatorCodes(i)
            codes.append(names[max(c.BuiltinCode(), c.DeprecatedBuiltinCode())])
        g = m.Subgraphs(0)
        self.tensors = []
        for i in range(g.TensorsLength()):
            t = g.Tensors(i)
            data = m.Buffers(t.Buffer()).DataAsNumpy()
            shape = tuple(int(d) for d in t.ShapeAsNumpy()) if t.ShapeLength() else ()
            self.tensors.append((t.Name().decode(), shape, t.Type(), data if isinstance(data, np.ndarray) else None))
        self.inputs = [self.tensors[i][0] for i in g.InputsAsNumpy()]
        self.outputs = [self.tensors[i][0] for i in g.OutputsAsNumpy()]
        self.ops = []  # (opcode name, input names, output names, options)
        for k in range(g.OperatorsLength()):
            op = g.Operators(k)
            code = codes[op.OpcodeIndex()]
            ins = [self.tensors[i][0] if i >= 0 else None for i in op.InputsAsNumpy()]
            outs = [self.tensors[i][0] for i in op.OutputsAsNumpy()]
            self.ops.append((code, ins, outs, self.options(code, op.BuiltinOptions())))
        self.producer = {o: op for op in self.ops for o in op[2]}
        self.shape = {t[0]: t[1] for t in self.tensors}
        self.const = {t[0]: t for t in self.tensors if t[3] is not None}

    @staticmethod
    def options(code, table):
        if code == "CONV_2D":
            o = schema.Conv2DOptions()
        elif code == "DEPTHWISE_CONV_2D":
            o = schema.DepthwiseConv2DOptions()
        elif code == "MAX_POOL_2D":
            o = schema.Pool2DOptions()
        elif code == "ADD":
            o = schema.AddOptions()
        else:
            return {}
        o.Init(table.Bytes, table.Pos)
        d = {"activation": o.FusedActivationFunction()}
        if code != "ADD":
            d.update(padding=o.Padding(), stride=(o.StrideH(), o.StrideW()))
        if code == "MAX_POOL_2D":
            d["filter"] = (o.FilterHeight(), o.FilterWidth())
        if code == "DEPTHWISE_CONV_2D":
            d["multiplier"] = o.DepthMultiplier()
        return d

    def op(self, output, code):
        """The op of type `code` that writes tensor `output`."""
        op = self.producer[output]
        assert op[0] == code, f"{output}: expected {code}, found {op[0]}"
        assert op[3].get("activation", 0) == 0, f"{output}: fused activation"
        return op

    def float16_constant(self, name):
        """The float16 values behind the DEQUANTIZE op that writes `name`, in their tflite shape."""
        op = self.op(name, "DEQUANTIZE")
        source, shape, dtype, data = self.const[op[1][0]]
        assert dtype == schema.TensorType.FLOAT16, f"{source}: not float16"
        return np.frombuffer(data.tobytes(), "<f2").reshape(shape)

    def dump(self):
        print("inputs", [(n, self.shape[n]) for n in self.inputs], "outputs", [(n, self.shape[n]) for n in self.outputs])
        for code, ins, outs, opts in self.ops:
            if code != "DEQUANTIZE":
                print(code, [(i, self.shape.get(i)) for i in ins if i], "->", [(o, self.shape[o]) for o in outs], opts)

SAME, VALID = schema.Padding.SAME, schema.Padding.VALID

# (middle channels, output channels, stride) of the 34 blocks.
BLOCKS = (
    [(8, 16, 1)] * 4
    + [(16, 32, 2)] + [(16, 32, 1)] * 4
    + [(32, 64, 2)] + [(32, 64, 1)] * 4
    + ([(64, 128, 2)] + [(64, 128, 1)] * 4) * 4
)


class Walker:
    """Follows a graph forward from a tensor: the ops that read each tensor."""

    def __init__(self, g):
        self.g = g
        self.readers = collections.defaultdict(list)
        for op in g.ops:
            for i in op[1]:
                if i is not None:
                    self.readers[i].append(op)

    def only(self, tensor, code):
        """The one op reading `tensor`; it must be a `code`."""
        ops = [op for op in self.readers[tensor] if op[0] != "DEQUANTIZE"]
        assert len(ops) == 1 and ops[0][0] == code, f"{tensor}: read by {[op[0] for op in ops]}, expected {code}"
        return ops[0]

    def readers_of(self, tensor):
        return sorted(self.readers[tensor], key=lambda op: op[0])


def f16(g, name):
    """The float16 values behind the DEQUANTIZE op that writes `name`."""
    return g.float16_constant(name)


def conv_weights(g, op, kernel, stride, padding, activation=0):
    """(weight [out, kh, kw, in], bias) of CONV_2D `op`, after checking its options."""
    code, ins, _, opts = op
    assert code == "CONV_2D" and opts["stride"] == (stride, stride) and opts["activation"] == activation, opts
    assert kernel == 1 or opts["padding"] == padding, opts
    w = f16(g, ins[1])
    assert w.shape[1:3] == (kernel, kernel), w.shape
    return w, f16(g, ins[2])


def mesh_tensors(g):
    """The tensors of Models/face_mesh_v2.fdm, checked against the graph, in file order."""
    assert g.inputs == ["input_12"] and g.shape["input_12"] == (1, 256, 256, 3), g.inputs
    walk = Walker(g)
    t = collections.OrderedDict()
    op = walk.only("input_12", "CONV_2D")
    w, b = conv_weights(g, op, 3, 2, SAME)
    t["stem.weight"] = np.ascontiguousarray(w.transpose(1, 2, 3, 0))
    t["stem.bias"] = b
    op = walk.only(op[2][0], "PRELU")
    t["stem.prelu.weight"] = f16(g, op[1][1]).reshape(-1)
    x, channels = op[2][0], 16
    for k, (mid, out, stride) in enumerate(BLOCKS):
        name = f"block.{k}"
        readers = [r for r in walk.readers[x] if r[0] != "DEQUANTIZE"]
        reduce = [r for r in readers if r[0] == "CONV_2D"]
        assert len(reduce) == 1, f"{name}: {len(reduce)} convolutions read the input"
        if stride == 1:
            w, b = conv_weights(g, reduce[0], 1, 1, SAME)
            t[name + ".reduce.weight"] = np.ascontiguousarray(w[:, 0, 0, :].T)
        else:
            w, b = conv_weights(g, reduce[0], 2, 2, VALID)
            t[name + ".reduce.weight"] = np.ascontiguousarray(w.reshape(w.shape[0], -1).T)
        assert w.shape[0] == mid and w.shape[3] == channels, (name, w.shape)
        t[name + ".reduce.bias"] = b
        p = walk.only(reduce[0][2][0], "PRELU")
        t[name + ".reduce.prelu.weight"] = f16(g, p[1][1]).reshape(-1)
        d = walk.only(p[2][0], "DEPTHWISE_CONV_2D")
        assert d[3]["stride"] == (1, 1) and d[3]["padding"] == SAME and d[3]["multiplier"] == 1, d[3]
        assert d[3]["activation"] == 0
        t[name + ".dw.weight"] = np.ascontiguousarray(f16(g, d[1][1]).reshape(9, mid))
        t[name + ".dw.bias"] = f16(g, d[1][2])
        c = walk.only(d[2][0], "CONV_2D")
        w, b = conv_weights(g, c, 1, 1, SAME)
        assert w.shape == (out, 1, 1, mid), (name, w.shape)
        t[name + ".pw.weight"] = np.ascontiguousarray(w[:, 0, 0, :].T)
        t[name + ".pw.bias"] = b
        add = walk.only(c[2][0], "ADD")
        skip = [i for i in add[1] if i != c[2][0]][0]
        if stride == 1:
            assert skip == x, f"{name}: skip {skip} is not the block input"
        else:
            src = g.producer[skip]
            if src[0] == "PAD":
                pads = np.frombuffer(g.const[src[1][1]][3].tobytes(), "<i4").reshape(4, 2)
                assert (pads[:3] == 0).all() and pads[3, 0] == 0 and pads[3, 1] == out - channels, pads
                src = g.producer[src[1][0]]
            else:
                assert out == channels, name
            assert src[0] == "MAX_POOL_2D" and src[1][0] == x, f"{name}: skip from {src[0]}"
            o = src[3]
            assert o["filter"] == (2, 2) and o["stride"] == (2, 2) and o["padding"] == VALID, o
        p = walk.only(add[2][0], "PRELU")
        t[name + ".prelu.weight"] = f16(g, p[1][1]).reshape(-1)
        x, channels = p[2][0], out
    assert g.shape[x] == (1, 2, 2, 128), g.shape[x]
    heads = {}
    for op in walk.readers[x]:
        w, b = conv_weights(g, op, 2, 1, VALID)
        heads[op[2][0]] = (np.ascontiguousarray(w.reshape(w.shape[0], -1)), b)
    landmarks, presence = g.outputs[0], g.outputs[1]
    assert g.shape[landmarks] == (1, 1, 1, 1434) and g.shape[presence] == (1, 1, 1, 1)
    t["landmarks.weight"], t["landmarks.bias"] = heads[landmarks]
    t["presence.weight"], t["presence.bias"] = heads[presence]
    return t


def blendshape_tensors(g):
    """The tensors of Models/face_blendshapes.fdm, checked against the graph, in file order."""
    (inp,) = g.inputs
    assert g.shape[inp] == (1, 146, 2), g.shape[inp]
    ops = [op for op in g.ops if op[0] != "DEQUANTIZE"]
    codes = [op[0] for op in ops]
    head = ["MEAN", "SUB", "MUL", "SUM", "SQRT", "MEAN", "DIV", "RESHAPE", "STRIDED_SLICE", "MUL", "TRANSPOSE",
            "CONV_2D", "TRANSPOSE", "CONV_2D", "CONCATENATION"]
    norm = ["MEAN", "NEG", "SQUARED_DIFFERENCE", "MEAN", "ADD", "RSQRT", "MUL", "MUL", "MUL", "ADD"]
    block = norm + ["TRANSPOSE", "CONV_2D", "CONV_2D", "TRANSPOSE", "ADD"] + norm + ["CONV_2D", "CONV_2D", "ADD"]
    tail = ["STRIDED_SLICE", "STRIDED_SLICE", "CONV_2D", "LOGISTIC", "RESHAPE", "STRIDED_SLICE"]
    assert codes == head + block * 4 + tail, codes
    ints = lambda name: np.frombuffer(g.const[name][3].tobytes(), "<i4").tolist()  # noqa: E731
    t = collections.OrderedDict()
    # normalisation: the slice keeps everything; then the scale
    assert ints(ops[0][1][1]) == [-2] and ints(ops[3][1][1]) == [-1] and ints(ops[5][1][1]) == [-2]
    assert ints(ops[8][1][1]) == [0, 0, 0, 0] and ints(ops[8][1][2]) == [0, 1, 146, 2], "slice"
    t["input.scale"] = f16(g, ops[9][1][1]).reshape(1)
    w, b = conv_weights(g, ops[11], 1, 1, VALID)
    assert w.shape == (96, 1, 1, 146)
    t["stem.tokens.weight"], t["stem.tokens.bias"] = np.ascontiguousarray(w[:, 0, 0, :]), b
    w, b = conv_weights(g, ops[13], 1, 1, VALID)
    assert w.shape == (64, 1, 1, 2)
    t["stem.channels.weight"], t["stem.channels.bias"] = np.ascontiguousarray(w[:, 0, 0, :].T), b
    concat = ops[14]
    assert concat[1][1] == ops[13][2][0], "the extra token comes first"
    t["stem.extraToken"] = f16(g, concat[1][0]).reshape(64)
    pos = len(head)
    t["mixer.epsilon"] = epsilon = f16(g, ops[pos + 4][1][1]).reshape(1)
    for k in range(4):
        name = f"mixer.{k}"
        b0 = ops[pos:pos + len(block)]
        for at, label in ((0, "tokenNorm"), (len(norm) + 5, "channelNorm")):
            assert ints(b0[at][1][1]) == [3] and ints(b0[at + 3][1][1]) == [3]
            assert f16(g, b0[at + 4][1][1]).reshape(1) == epsilon
            t[f"{name}.{label}.weight"] = f16(g, b0[at + 6][1][1]).reshape(64)
        w1, c1 = conv_weights(g, b0[11], 1, 1, VALID, activation=1)
        w2, c2 = conv_weights(g, b0[12], 1, 1, VALID)
        assert w1.shape == (384, 1, 1, 97) and w2.shape == (97, 1, 1, 384)
        t[f"{name}.tokens1.weight"] = np.concatenate([w1[:, 0, 0, :], c1[:, None]], axis=1)
        t[f"{name}.tokens2.weight"] = np.concatenate([w2[:, 0, 0, :], c2[:, None]], axis=1)
        t.move_to_end(f"{name}.channelNorm.weight")
        w1, c1 = conv_weights(g, b0[len(norm) + 5 + len(norm)], 1, 1, VALID, activation=1)
        w2, c2 = conv_weights(g, b0[len(norm) + 6 + len(norm)], 1, 1, VALID)
        assert w1.shape == (256, 1, 1, 64) and w2.shape == (64, 1, 1, 256)
        t[f"{name}.channels1.weight"], t[f"{name}.channels1.bias"] = np.ascontiguousarray(w1[:, 0, 0, :].T), c1
        t[f"{name}.channels2.weight"], t[f"{name}.channels2.bias"] = np.ascontiguousarray(w2[:, 0, 0, :].T), c2
        pos += len(block)
    first, second = ops[pos], ops[pos + 1]
    assert ints(first[1][2]) == [0, 0, 2, 0] and ints(second[1][2]) == [0, 0, 1, 0], "token 0"
    w, b = conv_weights(g, ops[pos + 2], 1, 1, VALID)
    assert w.shape == (52, 1, 1, 64)
    t["output.weight"], t["output.bias"] = np.ascontiguousarray(w[:, 0, 0, :].T), b
    return t


# ---- numpy reference forward passes on the stored tensors ------------------------------------------

def prelu(x, a):
    return np.where(x > 0, x, x * a)


def depthwise(x, w9, b):
    h, w, c = x.shape
    p = np.pad(x, ((1, 1), (1, 1), (0, 0)))
    y = np.zeros((h, w, c), np.float32) + b
    for ky in range(3):
        for kx in range(3):
            y += p[ky:ky + h, kx:kx + w] * w9[ky * 3 + kx]
    return y


def mesh_forward(t, rgb01):
    """(1434 landmark values, presence logit) for a 256x256x3 float input in [0, 1]."""
    f = lambda k: t[k].astype(np.float32)  # noqa: E731
    p = np.pad(rgb01.astype(np.float32), ((0, 1), (0, 1), (0, 0)))
    w = f("stem.weight")
    x = np.zeros((128, 128, 16), np.float32) + f("stem.bias")
    for ky in range(3):
        for kx in range(3):
            x += p[ky:ky + 256:2, kx:kx + 256:2] @ w[ky, kx]
    x = prelu(x, f("stem.prelu.weight"))
    for k, (mid, out, stride) in enumerate(BLOCKS):
        n = f"block.{k}."
        h, wd, c = x.shape
        if stride == 1:
            r = x @ f(n + "reduce.weight")
            skip = x
        else:
            patches = x.reshape(h // 2, 2, wd // 2, 2, c).transpose(0, 2, 1, 3, 4).reshape(h // 2, wd // 2, 4 * c)
            r = patches @ f(n + "reduce.weight")
            skip = x.reshape(h // 2, 2, wd // 2, 2, c).max(axis=(1, 3))
            skip = np.pad(skip, ((0, 0), (0, 0), (0, out - c)))
        r = prelu(r + f(n + "reduce.bias"), f(n + "reduce.prelu.weight"))
        y = depthwise(r, f(n + "dw.weight"), f(n + "dw.bias")) @ f(n + "pw.weight") + f(n + "pw.bias")
        x = prelu(y + skip, f(n + "prelu.weight"))
    v = x.reshape(-1)
    return f("landmarks.weight") @ v + f("landmarks.bias"), float((f("presence.weight") @ v + f("presence.bias"))[0])


def layer_norm(x, gamma, epsilon):
    m = x.mean(axis=1, keepdims=True)
    v = ((x - m) ** 2).mean(axis=1, keepdims=True)
    return (x - m) / np.sqrt(v + epsilon) * gamma


def blendshape_forward(t, points):
    """The 52 coefficients for 146 points (pixels)."""
    f = lambda k: t[k].astype(np.float32)  # noqa: E731
    p = points.astype(np.float32) - points.astype(np.float32).mean(axis=0)
    p = p / np.sqrt((p * p).sum(axis=1)).mean() * f("input.scale")[0]
    x = p.T @ f("stem.tokens.weight").T + f("stem.tokens.bias")  # [2, 96]
    x = x.T @ f("stem.channels.weight") + f("stem.channels.bias")  # [96, 64]
    x = np.concatenate([f("stem.extraToken")[None], x])  # [97, 64]
    eps = f("mixer.epsilon")[0]
    for k in range(4):
        n = f"mixer.{k}."
        y = layer_norm(x, f(n + "tokenNorm.weight"), eps)
        w1, w2 = f(n + "tokens1.weight"), f(n + "tokens2.weight")
        hidden = np.maximum(w1[:, :97] @ y + w1[:, 97:], 0)  # [384, 64]
        x = x + w2[:, :384] @ hidden + w2[:, 384:]
        y = layer_norm(x, f(n + "channelNorm.weight"), eps)
        hidden = np.maximum(y @ f(n + "channels1.weight") + f(n + "channels1.bias"), 0)
        x = x + hidden @ f(n + "channels2.weight") + f(n + "channels2.bias")
    return 1 / (1 + np.exp(-(x[0] @ f("output.weight") + f("output.bias"))))


def graph_parameters(g):
    """The number of weights behind the graph's DEQUANTIZE ops."""
    return sum(int(np.prod(g.const[op[1][0]][1])) for op in g.ops if op[0] == "DEQUANTIZE")


def litert(path, value):
    """The outputs of the model at `path` on `value` (the batch dimension added), by name."""
    from ai_edge_litert.interpreter import Interpreter
    it = Interpreter(model_path=path, num_threads=1)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], value[None].astype(np.float32))
    it.invoke()
    return {d["name"]: it.get_tensor(d["index"]) for d in it.get_output_details()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mesh")
    ap.add_argument("blendshapes")
    ap.add_argument("output_dir", nargs="?")
    a = ap.parse_args()
    rng = np.random.default_rng(13)
    mesh = mesh_tensors(TFLite(a.mesh))
    rgb = rng.random((256, 256, 3), dtype=np.float32)
    ref = litert(a.mesh, rgb)
    landmarks, logit = mesh_forward(mesh, rgb)
    ref_landmarks, ref_logit = ref["Identity"].reshape(-1), float(ref["Identity_1"].reshape(-1)[0])
    n_mesh = sum(v.size for v in mesh.values())
    print(f"mesh v2: {n_mesh} parameters; numpy vs LiteRT on a random input: landmarks max abs "
          f"{np.abs(landmarks - ref_landmarks).max():.2e} (range {ref_landmarks.min():.1f}..{ref_landmarks.max():.1f}), "
          f"presence logit {abs(logit - ref_logit):.2e} ({ref_logit:.4f})")
    assert np.abs(landmarks - ref_landmarks).max() < 1e-2 and abs(logit - ref_logit) < 1e-2
    blend = blendshape_tensors(TFLite(a.blendshapes))
    n_blend = sum(v.size for v in blend.values())
    assert n_blend == graph_parameters(TFLite(a.blendshapes)), "every weight is stored"
    points = (ref_landmarks.reshape(478, 3)[:146, :2] * 3 + rng.normal(0, 4, (146, 2))).astype(np.float32)
    (ref_blend,) = litert(a.blendshapes, points).values()
    out = blendshape_forward(blend, points)
    print(f"blendshapes: {n_blend} parameters; numpy vs LiteRT on random points: max abs "
          f"{np.abs(out - ref_blend.reshape(-1)).max():.2e} (range {ref_blend.min():.3f}..{ref_blend.max():.3f})")
    assert np.abs(out - ref_blend.reshape(-1)).max() < 1e-4
    if a.output_dir:
        for kind, tensors, file, source in (("MSH2", mesh, "face_mesh_v2.fdm", a.mesh),
                                            ("BLND", blend, "face_blendshapes.fdm", a.blendshapes)):
            path = os.path.join(a.output_dir, file)
            for k, v in tensors.items():
                assert v.dtype == np.dtype("<f2"), (k, v.dtype)
            modelfile.write(path, kind, tensors)
            for p in (source, path):
                print(hashlib.sha256(open(p, "rb").read()).hexdigest(), os.path.getsize(p), p)


if __name__ == "__main__":
    main()
