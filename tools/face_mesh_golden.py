#!/usr/bin/env python3
"""Golden tensors for the Swift face mesh network: the LiteRT interpreter's two outputs of MediaPipe's
`face_landmark.tflite` on three 192x192 RGB inputs (a face crop of Fixtures/astronaut.png, one of
Fixtures/grace_hopper.jpg, each resized with Pillow's bilinear filter, and a synthetic pattern of
gradients and blocks), written to Fixtures/face-mesh-golden/golden.fdm (kind GOLD):
`<name>.rgb` u8 [192, 192, 3] (the network sees value / 255), `<name>.landmarks` f32 [468, 3]
(x, y, z in input pixels), `<name>.score` f32 [1] (the face-presence logit, before the sigmoid) and
`<name>.trunk` f32 [6, 6, 128] (`p_re_lu_15`, the last backbone block's output that both heads read:
the features `FaceMesh.features` carries).

    /work/venv-mesh/bin/pip install numpy flatbuffers ai-edge-litert pillow   # (2026-12-04: ai-edge-litert 2.3.0)
    /work/venv-mesh/bin/python tools/face_mesh_golden.py \
        /work/venv-mesh/dl/mediapipe/modules/face_landmark/face_landmark.tflite
"""
import collections
import os
import sys

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402
from convert_face_mesh import litert  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def crop(name, box):
    image = Image.open(os.path.join(ROOT, "Fixtures", name)).convert("RGB")
    return np.asarray(image.crop(box).resize((192, 192), Image.BILINEAR), dtype=np.uint8)


def pattern():
    y, x = np.mgrid[0:192, 0:192]
    rgb = np.stack([x * 255 // 191, y * 255 // 191, ((x // 24 + y // 24) % 2) * 200 + 20], axis=-1)
    return rgb.astype(np.uint8)


def trunk(tflite, rgb01):
    """The interpreter's `p_re_lu_15` tensor (6×6×128) on `rgb01`."""
    from ai_edge_litert.interpreter import Interpreter
    it = Interpreter(model_path=tflite, num_threads=1, experimental_preserve_all_tensors=True)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], rgb01[None].astype(np.float32))
    it.invoke()
    (index,) = [d["index"] for d in it.get_tensor_details() if d["name"] == "p_re_lu_15"]
    return it.get_tensor(index).reshape(6, 6, 128)


def main():
    tflite = sys.argv[1]
    inputs = collections.OrderedDict([
        ("astronaut", crop("astronaut.png", (150, 40, 280, 170))),
        ("hopper", crop("grace_hopper.jpg", (120, 60, 400, 340))),
        ("pattern", pattern()),
    ])
    t = collections.OrderedDict()
    for name, rgb in inputs.items():
        landmarks, score = litert(tflite, rgb.astype(np.float32) / 255)
        t[f"{name}.rgb"] = rgb
        t[f"{name}.landmarks"] = landmarks.astype("<f4").reshape(468, 3)
        t[f"{name}.score"] = np.array([score], "<f4")
        t[f"{name}.trunk"] = trunk(tflite, rgb.astype(np.float32) / 255).astype("<f4")
        print(name, "logit", score, "nose tip", landmarks.reshape(468, 3)[1])
    modelfile.write_golden("face-mesh-golden", t)


if __name__ == "__main__":
    main()
