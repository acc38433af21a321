#!/usr/bin/env python3
"""Converts OpenCV boosted-cascade XML files ("new" format, Haar features) into the project's
model container (tools/models/modelfile.py, kind "HAAR"). Dev-time only; needs numpy.

Source of the XML files (Debian package opencv-data 4.6.0+dfsg-12):

    apt-get download opencv-data=4.6.0+dfsg-12
    dpkg-deb -x opencv-data_4.6.0+dfsg-12_all.deb opencv-data
    python3 tools/models/convert_cascades.py opencv-data/usr/share/opencv4/haarcascades Models

Tensors written (W weak classifiers, N tree nodes, L leaves, F features, S stages):
    window          i32 [2]      window width, height in pixels
    stageThreshold  f32 [S]      a stage passes when the sum of its leaves >= threshold
    stageWeakCount  i32 [S]      weak classifiers per stage, in order
    weakNodeStart   i32 [W]      index of the weak classifier's root in the node arrays
    weakLeafStart   i32 [W]      index of its first leaf in `leaves`
    nodeFeature     i32 [N]      feature index
    nodeThreshold   f32 [N]      go to `nodeLeft` when the normalised feature value < threshold
    nodeLeft        i32 [N]      > 0: node index relative to the root; <= 0: leaf -value
    nodeRight       i32 [N]      same, for value >= threshold
    leaves          f32 [L]      leaf values
    featureRects    i32 [F,3,4]  up to three rectangles x, y, w, h (unused rows are zero)
    featureWeights  f32 [F,3]    rectangle weights (zero for unused rows)
    featureTilted   u8  [F]      1 for a 45-degree rotated feature
"""
import os
import sys
import xml.etree.ElementTree as ET

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import modelfile  # noqa: E402

MODELS = ["haarcascade_frontalface_default", "haarcascade_frontalface_alt2"]


def numbers(text):
    return text.split()


def convert(xml_path):
    """Returns the ordered tensors of one Haar cascade XML file."""
    cascade = ET.parse(xml_path).getroot().find("cascade")
    assert cascade.findtext("featureType").strip() == "HAAR", "only Haar cascades are supported"
    window = [int(cascade.findtext("width")), int(cascade.findtext("height"))]
    stage_thr, stage_count, node_start, leaf_start = [], [], [], []
    nfeat, nthr, nleft, nright, leaves = [], [], [], [], []
    for stage in cascade.find("stages"):
        stage_thr.append(float(stage.findtext("stageThreshold")))
        weak = list(stage.find("weakClassifiers"))
        stage_count.append(len(weak))
        for w in weak:
            node_start.append(len(nfeat))
            leaf_start.append(len(leaves))
            internal = numbers(w.findtext("internalNodes"))
            assert len(internal) % 4 == 0
            for i in range(0, len(internal), 4):
                nleft.append(int(internal[i]))
                nright.append(int(internal[i + 1]))
                nfeat.append(int(internal[i + 2]))
                nthr.append(float(internal[i + 3]))
            leaves.extend(float(v) for v in numbers(w.findtext("leafValues")))
    rects, weights, tilted = [], [], []
    for f in cascade.find("features"):
        rs = list(f.find("rects"))
        assert 2 <= len(rs) <= 3
        r = np.zeros((3, 4), np.int32)
        wt = np.zeros(3, np.float32)
        for i, e in enumerate(rs):
            v = numbers(e.text)
            r[i] = [int(x) for x in v[:4]]
            wt[i] = float(v[4])
        rects.append(r)
        weights.append(wt)
        tilted.append(int((f.findtext("tilted") or "0").strip()))
    return {
        "window": np.array(window, np.int32),
        "stageThreshold": np.array(stage_thr, np.float32),
        "stageWeakCount": np.array(stage_count, np.int32),
        "weakNodeStart": np.array(node_start, np.int32),
        "weakLeafStart": np.array(leaf_start, np.int32),
        "nodeFeature": np.array(nfeat, np.int32),
        "nodeThreshold": np.array(nthr, np.float32),
        "nodeLeft": np.array(nleft, np.int32),
        "nodeRight": np.array(nright, np.int32),
        "leaves": np.array(leaves, np.float32),
        "featureRects": np.array(rects, np.int32).reshape(-1, 3, 4),
        "featureWeights": np.array(weights, np.float32).reshape(-1, 3),
        "featureTilted": np.array(tilted, np.uint8),
    }


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: convert_cascades.py HAARCASCADES_DIR OUTPUT_DIR")
    src, dst = sys.argv[1], sys.argv[2]
    for name in MODELS:
        tensors = convert(os.path.join(src, name + ".xml"))
        out = os.path.join(dst, name + ".fdm")
        modelfile.write(out, "HAAR", tensors)
        t = tensors
        print(f"{out}: window {t['window'].tolist()}, {len(t['stageThreshold'])} stages, "
              f"{len(t['weakNodeStart'])} weak classifiers, {len(t['nodeFeature'])} nodes, "
              f"{len(t['featureTilted'])} features ({int(t['featureTilted'].sum())} tilted)")


if __name__ == "__main__":
    main()
