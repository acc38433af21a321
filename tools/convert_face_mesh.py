#!/usr/bin/env python3
"""Converts MediaPipe's face landmark network (`face_landmark.tflite`, 468 3-D points, Apache-2.0)
into a kind-`MESH` model file. The library no longer ships that network (face mesh v2 replaced it);
this file stays for `TFLite`, the flatbuffer reader tools/convert_face_landmarker.py imports, and as
the record of how v1 was converted (its table and Swift network are in git history before their removal).

    python3 -m venv /work/venv-mesh
    /work/venv-mesh/bin/pip install numpy flatbuffers ai-edge-litert
    /work/venv-mesh/bin/pip download --no-deps mediapipe==0.10.14 -d /work/venv-mesh/dl
    (cd /work/venv-mesh/dl && unzip -o mediapipe-0.10.14-*.whl 'mediapipe/modules/face_landmark/*')
    /work/venv-mesh/bin/python tools/convert_face_mesh.py \
        /work/venv-mesh/dl/mediapipe/modules/face_landmark/face_landmark.tflite Models/face_mesh.fdm

The flatbuffer is read with the schema module LiteRT ships (`ai_edge_litert.schema_py_generated`);
no TensorFlow. `--dump` prints the op list with shapes. The graph is checked against the structure
the Swift network hard-codes (`FaceMeshNetwork.swift`); every weight sits behind a DEQUANTIZE of a
float16 buffer, and the float16 values are stored unchanged (dtype 3).

Structure (input 1x192x192x3 RGB in [0, 1], NHWC; all convolutions SAME unless noted; a stride-2
SAME 3x3 on an even size pads 0 before and 1 after):
  stem: Conv 3x3 stride 2 (3 -> 16) + PReLU                               96x96
  a *block* on x (a PReLU output): y = PReLU(skip(x) + Conv1x1(DepthwiseConv3x3(x)))
      stride 1: skip(x) = x; stride 2: the depthwise has stride 2 and
      skip(x) = MaxPool2x2/2(x), zero channels appended when the 1x1 widens the channels
  backbone.0-13: 16, 16, 32/2, 32, 32, 64/2, 64, 64, 128/2, 128, 128, 128/2, 128, 128   -> 6x6x128
  mesh.0-2 on that: 128/2, 128, 128 (3x3); mesh.reduce Conv1x1 128 -> 32 + PReLU; mesh.3 (32);
      mesh.out: Conv 3x3 VALID (32 -> 1404) = a dense layer over the 3x3x32 map = 468 x (x, y, z)
  score.0 on the 6x6x128 map: 128/2 (3x3); score.reduce Conv1x1 128 -> 32 + PReLU; score.1 (32);
      score.out: Conv 3x3 VALID (32 -> 1): the face-presence logit
Weights are stored pre-arranged for the kernels (channel-last):
  stem.weight [3, 3, 3, 16] = [ky][kx][input channel][output]; stem.bias [16]; stem.prelu.weight [16]
  <block>.dw.weight [9, C] (tap ky*3+kx), <block>.dw.bias [C]
  <block>.pw.weight [in, out] (out[o] = bias[o] + sum_c in[c] * w[c][o]), <block>.pw.bias [out]
  <block>.prelu.weight [out] (PReLU slopes)
  <head>.reduce.weight [128, 32], .bias [32], .prelu.weight [32]
  <head>.out.weight [outputs, 288] (input index (ky*3 + kx)*32 + c), <head>.out.bias [outputs]
The script then runs a plain numpy forward pass on the stored tensors (widened to float32) and
compares it with the LiteRT interpreter on a random input.
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

# (name, depthwise, pointwise, prelu, stride): the tflite layer names of each block, in order.
BACKBONE = [
    ("backbone.0", 1, 2, 2, 1), ("backbone.1", 2, 3, 3, 1), ("backbone.2", 3, 4, 4, 2),
    ("backbone.3", 4, 5, 5, 1), ("backbone.4", 5, 6, 6, 1), ("backbone.5", 6, 7, 7, 2),
    ("backbone.6", 7, 8, 8, 1), ("backbone.7", 8, 9, 9, 1), ("backbone.8", 9, 10, 10, 2),
    ("backbone.9", 10, 11, 11, 1), ("backbone.10", 11, 12, 12, 1), ("backbone.11", 12, 13, 13, 2),
    ("backbone.12", 13, 14, 14, 1), ("backbone.13", 14, 15, 15, 1),
]
MESH = [("mesh.0", 15, 16, 16, 2), ("mesh.1", 16, 17, 17, 1), ("mesh.2", 17, 18, 18, 1)]
MESH_REDUCE, MESH_BLOCK, MESH_OUT = (19, 19), ("mesh.3", 18, 20, 20, 1), 21
SCORE = [("score.0", 23, 28, 26, 2)]
SCORE_REDUCE, SCORE_BLOCK, SCORE_OUT = (29, 27), ("score.1", 24, 30, 28, 1), 31


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


def conv(g, t, name, kernel, stride, padding, into):
    """Checks the CONV_2D `name` and stores its weights as `into.weight` / `into.bias`."""
    code, ins, _, opts = g.op(name, "CONV_2D")
    assert opts["stride"] == (stride, stride), f"{name}: {opts}"
    assert kernel == 1 or opts["padding"] == padding, f"{name}: {opts}"  # a 1x1 pads nothing either way
    w = g.float16_constant(ins[1])  # [out, kh, kw, in]
    assert w.shape[1:3] == (kernel, kernel), name
    if kernel == 1:
        t[into + ".weight"] = np.ascontiguousarray(w[:, 0, 0, :].T)  # [in, out]
    elif into == "stem":
        t[into + ".weight"] = np.ascontiguousarray(w.transpose(1, 2, 3, 0))  # [ky][kx][in][out]
    else:
        t[into + ".weight"] = np.ascontiguousarray(w.reshape(w.shape[0], -1))  # [out][(ky*3+kx)*in + c]
    t[into + ".bias"] = g.float16_constant(ins[2])
    return ins[0]


def prelu(g, t, name, into):
    """Checks the PRELU `name`, stores its slopes as `into`; returns its input's name."""
    _, ins, _, _ = g.op(name, "PRELU")
    t[into] = g.float16_constant(ins[1]).reshape(-1)
    return ins[0]


def block(g, t, spec):
    """Checks one residual block, ending in PReLU `p_re_lu_<prelu>`, and stores its tensors; returns
    the name of its input (the previous PReLU's output)."""
    name, dw, pw, pr, stride = spec
    add = prelu(g, t, f"p_re_lu_{pr}", name + ".prelu.weight")
    _, (skip, branch), _, _ = g.op(add, "ADD")
    if not branch.startswith("conv2d_"):
        skip, branch = branch, skip
    assert branch == f"conv2d_{pw}", f"{name}: ADD of {skip}, {branch}"
    dwname = conv(g, t, branch, 1, 1, SAME, name + ".pw")
    assert dwname == f"depthwise_conv2d_{dw}", f"{name}: 1x1 after {dwname}"
    _, ins, _, opts = g.op(dwname, "DEPTHWISE_CONV_2D")
    assert opts["stride"] == (stride, stride) and opts["padding"] == SAME and opts["multiplier"] == 1, opts
    w = g.float16_constant(ins[1])  # [1, 3, 3, C]
    t[name + ".dw.weight"] = np.ascontiguousarray(w.reshape(9, -1))
    t[name + ".dw.bias"] = g.float16_constant(ins[2])
    x = ins[0]
    if stride == 1:
        assert skip == x, f"{name}: skip {skip} is not the block input {x}"
    else:
        if g.producer[skip][0] == "PAD":
            _, (skip, pads), _, _ = g.producer[skip]
            p = np.frombuffer(g.const[pads][3].tobytes(), "<i4").reshape(4, 2)
            assert (p[:3] == 0).all() and p[3, 0] == 0, f"{name}: pads {p}"
        _, (pool_in,), _, opts = g.op(skip, "MAX_POOL_2D")
        assert opts["filter"] == (2, 2) and opts["stride"] == (2, 2) and opts["padding"] == VALID, opts
        assert pool_in == x, f"{name}: pool of {pool_in}, not {x}"
    return x


def head(g, t, blocks, reduce, last, out, into):
    """Checks one output head and stores its tensors; returns the name of its input map."""
    tensor = f"conv2d_{out}"
    _, ins, _, opts = g.op(tensor, "CONV_2D")
    assert opts["padding"] == VALID, opts
    w = g.float16_constant(ins[1])
    assert w.shape[1:] == (3, 3, 32) and ins[0] == f"p_re_lu_{last[3]}", (w.shape, ins[0])
    t[into + ".out.weight"] = np.ascontiguousarray(w.reshape(w.shape[0], -1))
    t[into + ".out.bias"] = g.float16_constant(ins[2])
    x = block(g, t, last)
    assert x == f"p_re_lu_{reduce[1]}", x
    x = prelu(g, t, x, into + ".reduce.prelu.weight")
    assert x == f"conv2d_{reduce[0]}", x
    x = conv(g, t, x, 1, 1, SAME, into + ".reduce")
    for spec in reversed(blocks):
        x = block(g, t, spec)
    return x


def convert(g):
    """The tensors of Models/face_mesh.fdm, checked against the graph, in file order."""
    t = {}
    assert g.inputs == ["input_1"] and g.shape["input_1"] == (1, 192, 192, 3)
    assert g.outputs == [f"conv2d_{MESH_OUT}", f"conv2d_{SCORE_OUT}"]
    assert g.shape[g.outputs[0]] == (1, 1, 1, 1404) and g.shape[g.outputs[1]] == (1, 1, 1, 1)
    trunk = head(g, t, MESH, MESH_REDUCE, MESH_BLOCK, MESH_OUT, "mesh")
    assert head(g, t, SCORE, SCORE_REDUCE, SCORE_BLOCK, SCORE_OUT, "score") == trunk
    x = trunk
    for spec in reversed(BACKBONE):
        x = block(g, t, spec)
    x = prelu(g, t, x, "stem.prelu.weight")
    assert conv(g, t, x, 3, 2, SAME, "stem") == "input_1"
    order = ["stem.weight", "stem.bias", "stem.prelu.weight"]
    for name, *_ in BACKBONE + MESH + [MESH_BLOCK] + SCORE + [SCORE_BLOCK]:
        order += [f"{name}.{k}" for k in ("dw.weight", "dw.bias", "pw.weight", "pw.bias", "prelu.weight")]
    for h in ("mesh", "score"):
        order += [f"{h}.reduce.weight", f"{h}.reduce.bias", f"{h}.reduce.prelu.weight", f"{h}.out.weight", f"{h}.out.bias"]
    assert sorted(order) == sorted(t), set(order) ^ set(t)
    n_params = sum(v.size for v in t.values())
    n_graph = sum(int(np.prod(g.const[g.producer[n][1][0]][1])) for n in g.producer if g.producer[n][0] == "DEQUANTIZE")
    assert n_params == n_graph, (n_params, n_graph)
    return collections.OrderedDict((k, t[k]) for k in order), n_params


# ---- numpy reference forward pass on the stored tensors -------------------------------------------

def np_prelu(x, a):
    return np.where(x > 0, x, x * a)


def np_depthwise(x, w9, b, stride):
    h, w, c = x.shape
    if stride == 1:
        p = np.pad(x, ((1, 1), (1, 1), (0, 0)))
        oh, ow = h, w
    else:
        p = np.pad(x, ((0, 1), (0, 1), (0, 0)))
        oh, ow = h // 2, w // 2
    y = np.zeros((oh, ow, c), np.float32) + b
    for ky in range(3):
        for kx in range(3):
            y += p[ky:ky + stride * oh:stride, kx:kx + stride * ow:stride] * w9[ky * 3 + kx]
    return y


def np_block(t, name, x, stride):
    f = lambda k: t[f"{name}.{k}"].astype(np.float32)  # noqa: E731
    y = np_depthwise(x, f("dw.weight"), f("dw.bias"), stride) @ f("pw.weight") + f("pw.bias")
    if stride == 2:
        h, w, c = x.shape
        x = x.reshape(h // 2, 2, w // 2, 2, c).max(axis=(1, 3))
        x = np.pad(x, ((0, 0), (0, 0), (0, y.shape[2] - c)))
    return np_prelu(x + y, f("prelu.weight"))


def forward(t, rgb01):
    """(1404 landmark values, face logit) for a 192x192x3 float input in [0, 1]."""
    f = lambda k: t[k].astype(np.float32)  # noqa: E731
    p = np.pad(rgb01.astype(np.float32), ((0, 1), (0, 1), (0, 0)))
    w = f("stem.weight")
    x = np.zeros((96, 96, 16), np.float32) + f("stem.bias")
    for ky in range(3):
        for kx in range(3):
            x += p[ky:ky + 192:2, kx:kx + 192:2] @ w[ky, kx]
    x = np_prelu(x, f("stem.prelu.weight"))
    for name, _, _, _, s in BACKBONE:
        x = np_block(t, name, x, s)
    outs = []
    for h, blocks, last in (("mesh", MESH, MESH_BLOCK), ("score", SCORE, SCORE_BLOCK)):
        y = x
        for name, _, _, _, s in blocks:
            y = np_block(t, name, y, s)
        y = np_prelu(y @ f(h + ".reduce.weight") + f(h + ".reduce.bias"), f(h + ".reduce.prelu.weight"))
        y = np_block(t, last[0], y, 1)
        outs.append(f(h + ".out.weight") @ y.reshape(-1) + f(h + ".out.bias"))
    return outs[0], outs[1][0]


def litert(path, rgb01):
    from ai_edge_litert.interpreter import Interpreter
    it = Interpreter(model_path=path, num_threads=1)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], rgb01[None].astype(np.float32))
    it.invoke()
    o = {d["name"]: it.get_tensor(d["index"]) for d in it.get_output_details()}
    return o[f"conv2d_{MESH_OUT}"].reshape(-1), float(o[f"conv2d_{SCORE_OUT}"].reshape(-1)[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("tflite")
    ap.add_argument("output", nargs="?")
    ap.add_argument("--dump", action="store_true", help="print the op list with shapes")
    a = ap.parse_args()
    g = TFLite(a.tflite)
    if a.dump:
        g.dump()
    tensors, n_params = convert(g)
    rgb = np.random.default_rng(13).random((192, 192, 3), dtype=np.float32)
    ref_mesh, ref_score = litert(a.tflite, rgb)
    mesh, score = forward(tensors, rgb)
    print(f"{n_params} parameters; numpy vs LiteRT on a random input: landmarks max abs "
          f"{np.abs(mesh - ref_mesh).max():.2e} (range {ref_mesh.min():.1f}..{ref_mesh.max():.1f}), "
          f"face logit {abs(score - ref_score):.2e} ({ref_score:.4f})")
    assert np.abs(mesh - ref_mesh).max() < 1e-2 and abs(score - ref_score) < 1e-3
    if a.output:
        modelfile.write(a.output, "MESH", tensors)
        for p in (a.tflite, a.output):
            print(hashlib.sha256(open(p, "rb").read()).hexdigest(), os.path.getsize(p), p)


if __name__ == "__main__":
    main()
