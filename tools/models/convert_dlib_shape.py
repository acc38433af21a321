"""Converts dlib's 5-point shape predictor (shape_predictor_5_face_landmarks.dat, CC0) into
Models/shape5.fdm, the project's model container (tools/models/modelfile.py), without importing dlib.

Source: PyPI `face_recognition_models` 0.3.0 (sdist), path
`face_recognition_models/models/shape_predictor_5_face_landmarks.dat`.

    python3 tools/models/convert_dlib_shape.py DAT [OUT.fdm] [--float16]

dlib's serialisation (dlib/serialize.h, dlib/float_details.h, shape_predictor.h):
- an integer is a control byte (low 4 bits: number of bytes, 0x80: negative) followed by that
  many little-endian bytes of the magnitude;
- a float is two integers, a 64-bit mantissa m and a 16-bit exponent e: m * 2**e
  (e = 32000/32001/32002 encode +inf/-inf/nan);
- a std::vector is its size then its elements; a column matrix is -rows, -cols, then elements;
- shape_predictor = version (1), initial_shape (matrix<float,0,1>: x0, y0, x1, y1, ... in box
  units), forests (vector of levels, each a vector of trees; a tree = vector of splits
  {idx1, idx2, thresh} then vector of leaf matrices), anchor_idx (vector of vectors of unsigned
  long), deltas (vector of vectors of vector<float,2>).

The .fdm (kind "ERT5") holds, for L levels, T trees per level, S = 15 splits and 16 leaves per tree,
F feature pixels per level and P = 5 points:
    meanShape   f32 [P, 2]          the initial shape in box units (0..1 across the box)
    anchors     i32 [L, F]          landmark each feature pixel hangs from
    offsets     f32 [L, F, 2]       dlib's deltas: offset from the anchor in mean-shape units
    splitPixels i32 [L, T, S, 2]    the two feature pixels each split compares
    thresholds  f16 [L, T, S]       split: pixel[a] - pixel[b] > threshold goes left (child 2i+1)
    leaves      f32 [L, T, 16, P*2] shape increments in box units (float16 with --float16)

Thresholds are stored as floor(threshold), a whole number in -256...255 that float16 holds exactly:
the pixels are 8-bit grey levels, so their difference d is a whole number and d > t exactly when
d > floor(t). This is lossless; rounding the raw thresholds to float16 would not be. Leaves stay float32 by default: with float16 leaves (--float16, 3.7 MB instead of
6.1 MB) only 89 % of the points on the 378 dlib HOG faces of landmarks5-dev equal dlib's, up to 2 px
off; with float32 leaves all of them do (tools/models/shape5_check.py convert).
"""
import sys
from collections import OrderedDict

import numpy as np

sys.path.insert(0, __file__.rsplit("/", 1)[0] if "/" in __file__ else ".")
import modelfile  # noqa: E402


class DlibReader:
    """Sequential reader of dlib's portable serialisation."""

    def __init__(self, data):
        self.data = data
        self.pos = 0

    def int(self):
        control = self.data[self.pos]
        size = control & 0x0F
        assert size <= 8 and control & 0x70 == 0, f"bad integer control byte {control:#x} at {self.pos}"
        value = int.from_bytes(self.data[self.pos + 1:self.pos + 1 + size], "little")
        self.pos += 1 + size
        return -value if control & 0x80 else value

    def float(self):
        mantissa, exponent = self.int(), self.int()
        special = {32000: np.inf, 32001: -np.inf, 32002: np.nan}
        if exponent in special:
            return special[exponent]
        return float(np.ldexp(np.float64(mantissa), exponent))

    def column(self):
        rows, cols = self.int(), self.int()
        assert rows < 0 and cols == -1, f"expected a column matrix, found {rows}x{cols}"
        return [self.float() for _ in range(-rows)]

    def vector(self, element):
        return [element() for _ in range(self.int())]


def parse(data):
    """Returns (mean shape [P,2], anchors [L,F], deltas [L,F,2], splits [L,T,S,2],
    thresholds [L,T,S], leaves [L,T,16,2P]) as float64/int64 arrays, exactly as stored."""
    r = DlibReader(data)
    assert r.int() == 1, "unknown shape_predictor version"
    mean = np.array(r.column()).reshape(-1, 2)

    def split():
        return (r.int(), r.int(), r.float())

    def tree():
        return (r.vector(split), r.vector(r.column))

    forests = r.vector(lambda: r.vector(tree))
    anchors = r.vector(lambda: r.vector(r.int))
    deltas = r.vector(lambda: r.vector(lambda: (r.float(), r.float())))
    assert r.pos == len(data), f"{len(data) - r.pos} bytes left over"

    splits = np.array([[[(a, b) for a, b, _ in t[0]] for t in level] for level in forests])
    thresholds = np.array([[[th for _, _, th in t[0]] for t in level] for level in forests])
    leaves = np.array([[t[1] for t in level] for level in forests])
    anchors, deltas = np.array(anchors), np.array(deltas)
    levels, trees, nsplit = thresholds.shape
    assert leaves.shape == (levels, trees, nsplit + 1, mean.size)
    assert anchors.shape == deltas.shape[:2] and deltas.shape[2] == 2
    assert splits.min() >= 0 and splits.max() < anchors.shape[1]
    assert anchors.min() >= 0 and anchors.max() < len(mean)
    return mean, anchors, deltas, splits, thresholds, leaves


def tensors(parsed, half=True):
    """The .fdm tensors; leaves in float16 when `half`; thresholds always floor()ed into float16."""
    mean, anchors, deltas, splits, thresholds, leaves = parsed
    small = np.float16 if half else np.float32
    return OrderedDict([
        ("meanShape", mean.astype(np.float32)),
        ("anchors", anchors.astype(np.int32)),
        ("offsets", deltas.astype(np.float32)),
        ("splitPixels", splits.astype(np.int32)),
        ("thresholds", np.floor(thresholds).astype(np.float16)),
        ("leaves", leaves.astype(np.float32).astype(small)),
    ])


def main(argv):
    half = "--float16" in argv
    args = [a for a in argv if not a.startswith("--")]
    src = args[0]
    out = args[1] if len(args) > 1 else "Models/shape5.fdm"
    parsed = parse(open(src, "rb").read())
    mean, anchors, _, _, thresholds, _ = parsed
    print(f"{len(mean)} points, {thresholds.shape[0]} levels x {thresholds.shape[1]} trees x "
          f"{thresholds.shape[2]} splits, {anchors.shape[1]} feature pixels per level")
    modelfile.write(out, "ERT5", tensors(parsed, half))
    print(f"wrote {out} ({'float16' if half else 'float32'} leaves, whole-number float16 thresholds)")


if __name__ == "__main__":
    main(sys.argv[1:])
