#!/usr/bin/env python3
"""Golden tensors for the Swift YuNet: onnxruntime's 12 outputs of both models on three RGB inputs of odd
sizes (a random 53x37 image, a 100x75 crop of Fixtures/astronaut.png, a 250x190 crop of it), written to
Fixtures/yunet-golden/golden.fdm (kind GOLD): `<name>.rgb` u8 [h, w, 3] and `<model>.<name>.<output>` f32.

    /work/peers-venv/bin/python tools/yunet_golden.py
"""
import collections
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402
from convert_mtcnn import read_png_rgb8  # noqa: E402
from convert_yunet import onnx_outputs  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODELS = os.path.join(ROOT, "..", "shared", "models", "yunet")


def main():
    photo = read_png_rgb8(os.path.join(ROOT, "Fixtures", "astronaut.png"))
    rng = np.random.default_rng(37)
    inputs = collections.OrderedDict([
        ("random", rng.integers(0, 256, (37, 53, 3), dtype=np.uint8)),
        ("crop", np.ascontiguousarray(photo[40:115, 150:250])),
        ("large", np.ascontiguousarray(photo[10:200, 100:350])),
    ])
    t = collections.OrderedDict()
    for name, rgb in inputs.items():
        t[f"{name}.rgb"] = rgb
    for tag in ("n", "s"):
        for name, rgb in inputs.items():
            outs = onnx_outputs(os.path.join(MODELS, f"yunet_{tag}_dynamic.onnx"), rgb)
            for k, v in outs.items():
                t[f"{tag}.{name}.{k}"] = v.astype("<f4").reshape(v.shape[-2], v.shape[-1])
    modelfile.write_golden("yunet-golden", t)


if __name__ == "__main__":
    main()
