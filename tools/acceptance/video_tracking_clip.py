#!/usr/bin/env python3
"""The video acceptance check (docs/video.md): a generated clip whose truth is known, and the
measures taken on the tool's (or deface's) output of it.

    tools/acceptance/video_tracking_clip.py make CLIP.mp4 [--seconds 20] [--size 1280x720] [--fps 30] [--scene S]
    tools/acceptance/video_tracking_clip.py check CLIP.mp4 --output BLURRED.mp4 [--json FACES.jsonl] [--scene S]
        [--shown NAME]
    tools/acceptance/video_tracking_clip.py reference NAME REF.png

`make` pastes two faces cut from the fixture photos on a moving colour gradient with ffmpeg; they
move on smooth paths (cosines and sines of time); a sine tone is the audio. Scene `crossing` (the
default): the astronaut 2x (face 186 px), Grace Hopper 1x (231 px); the paths cross twice, Grace
Hopper in front, so that she hides part of the astronaut's face at each crossing. Scene `leaving`:
faces 150 and 190 px wide that never overlap; the astronaut leaves the frame on the right and
comes back. Scene `side`: the two faces side by side (150 and 190 px wide, as `leaving`), each
drifting on its own half of the frame, never overlapping nor leaving it: the `--keep` clip. The
truth (each face's box in every frame) follows from the same formulas, in `truth_boxes`.

`reference NAME REF.png` writes a picture of face NAME (astronaut or grace_hopper) that is not a
frame of any clip: the fixture photo cropped wider, scaled to 0.8 and mirrored (a `--keep REF`).

`check` measures, against that truth:
- frames and duration of CLIP and OUTPUT (ffprobe);
- hidden: for every frame and face that is visible (at least half its box inside the frame and
  not covered by the face in front), whether the face's detail (sum of absolute differences of
  horizontal neighbours over its visible inner 80 %) fell below half the original's in OUTPUT;
- with --json (the tool's records with trackingId): ID switches (changes of the trackingId
  matched to a true face, IoU >= 0.3, one to one; also across an absence: a face that comes back
  after leaving the frame must get its old identifier back, the tracker's re-identification),
  the identifiers each face got, and the share of visible frames where the face was detected;
- with --shown NAME (the face `--keep NAME's reference` leaves visible): `shownPercent`, the share
  of that face's visible frames whose detail in OUTPUT is at least 0.85 of the original's (left as
  it was, but for the encoder's loss), beside every other face's `hiddenPercent`, and a verdict
  (`keepPass`: the kept face shown in >= 99 % of its frames, every other face hidden in >= 99 %).
Needs ffmpeg, ffprobe and numpy.
"""
import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Fixtures"

# name, fixture, crop (x, y, w, h) in the photo, face (x, y, w, h) in the photo, pasted size.
CROSSING_FACES = [
    ("astronaut", "astronaut.png", (160, 50, 130, 150), (177, 67, 93, 93), (260, 300)),
    ("grace_hopper", "grace_hopper.jpg", (130, 80, 260, 300), (149, 100, 231, 231), (260, 300)),
]
# The `leaving` scene: the same crops pasted so that the faces are 150 and 190 px wide.
LEAVING_FACES = [
    ("astronaut", "astronaut.png", (160, 50, 130, 150), (177, 67, 93, 93), (210, 242)),
    ("grace_hopper", "grace_hopper.jpg", (130, 80, 260, 300), (149, 100, 231, 231), (214, 247)),
]
FACES = CROSSING_FACES
SCENE = "crossing"


def reference(args):
    """A --keep reference of face `name`: its fixture photo cropped wider than the clip's patch,
    scaled to 0.8 and mirrored (ffmpeg), so that it is no frame of a clip."""
    _, fixture, crop, _, _ = next(f for f in CROSSING_FACES if f[0] == args.name)
    x, y, w, h = crop[0] - 40, crop[1] - 40, crop[2] + 80, crop[3] + 80
    graph = f"crop={w}:{h}:{max(x, 0)}:{max(y, 0)},scale=iw*0.8:ih*0.8,hflip"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", str(FIXTURES / fixture), "-vf", graph, args.ref], check=True)


def paths(width, height):
    """Each face's top-left corner as ffmpeg expressions of t and as Python functions.

    `crossing`: the two faces swap sides over 10 s and cross twice, Grace Hopper in front.
    `leaving`: the astronaut goes right, out of the frame (gone from about t = 3.3 s to 6.7 s at
    1280 px) and back; Grace Hopper drifts along the bottom; they never overlap."""
    if SCENE == "side":
        half = width // 2
        return [
            (f"{half // 2 - 105}+80*sin(2*PI*t/6)", "120+50*(1+sin(2*PI*t/5))",
             lambda t: half // 2 - 105 + 80 * math.sin(2 * math.pi * t / 6),
             lambda t: 120 + 50 * (1 + math.sin(2 * math.pi * t / 5))),
            (f"{half + half // 2 - 107}-80*sin(2*PI*t/7)", "140+40*(1+cos(2*PI*t/4))",
             lambda t: half + half // 2 - 107 - 80 * math.sin(2 * math.pi * t / 7),
             lambda t: 140 + 40 * (1 + math.cos(2 * math.pi * t / 4))),
        ]
    if SCENE == "leaving":
        span = width + 400
        return [
            (f"100+{span}*(0.5-0.5*cos(2*PI*t/10))", "40+40*(1+sin(2*PI*t/5))",
             lambda t: 100 + span * (0.5 - 0.5 * math.cos(2 * math.pi * t / 10)),
             lambda t: 40 + 40 * (1 + math.sin(2 * math.pi * t / 5))),
            (f"{width - 400}-300*(0.5-0.5*cos(2*PI*t/7))", f"{height - 247 - 60}-30*(1+sin(2*PI*t/4))",
             lambda t: width - 400 - 300 * (0.5 - 0.5 * math.cos(2 * math.pi * t / 7)),
             lambda t: height - 247 - 60 - 30 * (1 + math.sin(2 * math.pi * t / 4))),
        ]
    span = width - 260 - 200
    return [
        (f"100+{span}*(0.5-0.5*cos(2*PI*t/10))", "20+60*(1+sin(2*PI*t/5))",
         lambda t: 100 + span * (0.5 - 0.5 * math.cos(2 * math.pi * t / 10)),
         lambda t: 20 + 60 * (1 + math.sin(2 * math.pi * t / 5))),
        (f"{100 + span}-{span}*(0.5-0.5*cos(2*PI*t/10))", f"{height - 300 - 130}+60*(1+sin(2*PI*t/4))",
         lambda t: 100 + span - span * (0.5 - 0.5 * math.cos(2 * math.pi * t / 10)),
         lambda t: height - 300 - 130 + 60 * (1 + math.sin(2 * math.pi * t / 4))),
    ]


def truth_boxes(t, width, height):
    """[(patch box, face box)] of each face at time t, in the order they are drawn."""
    result = []
    for (name, _, crop, face, (pw, ph)), (_, _, fx, fy) in zip(FACES, paths(width, height)):
        x, y = math.floor(fx(t)), math.floor(fy(t))
        sx, sy = pw / crop[2], ph / crop[3]
        result.append(((x, y, pw, ph),
                       (x + (face[0] - crop[0]) * sx, y + (face[1] - crop[1]) * sy, face[2] * sx, face[3] * sy)))
    return result


def make(args):
    width, height = map(int, args.size.split("x"))
    inputs = ["-f", "lavfi", "-i", f"gradients=s={width}x{height}:r={args.fps}:d={args.seconds}:speed=0.02:seed=1"]
    graph = []
    last = "0"
    for index, ((_, fixture, crop, _, (pw, ph)), (ex, ey, _, _)) in enumerate(zip(FACES, paths(width, height))):
        inputs += ["-loop", "1", "-i", str(FIXTURES / fixture)]
        graph.append(f"[{index + 1}]crop={crop[2]}:{crop[3]}:{crop[0]}:{crop[1]},scale={pw}:{ph}[p{index}]")
        graph.append(f"[{last}][p{index}]overlay=x='{ex}':y='{ey}':shortest=1[v{index}]")
        last = f"v{index}"
    inputs += ["-f", "lavfi", "-i", f"sine=frequency=300:duration={args.seconds}"]
    command = ["ffmpeg", "-v", "error", "-y"] + inputs + [
        "-filter_complex", ";".join(graph), "-map", f"[{last}]", "-map", f"{len(FACES) + 1}:a",
        "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "aac", args.clip]
    subprocess.run(command, check=True)


def probe(path):
    out = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "stream=codec_type,nb_frames,duration",
                          "-of", "json", path], check=True, capture_output=True, text=True).stdout
    return json.loads(out)["streams"]


def frames(path, width, height):
    process = subprocess.Popen(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1"],
                               stdout=subprocess.PIPE)
    size = width * height * 3
    while True:
        data = process.stdout.read(size)
        if len(data) < size:
            break
        yield np.frombuffer(data, np.uint8).reshape(height, width, 3).astype(np.int16)
    process.wait()


def iou(a, b):
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    inter = max(0, x1 - x0) * max(0, y1 - y0)
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0


def visible_mask(index, boxes, width, height):
    """The inner 80 % of face `index` that is inside the frame and not under a later patch, as
    (y0, y1, x0, x1, mask), or None when less than half the face shows."""
    fx, fy, fw, fh = boxes[index][1]
    x0, y0 = int(math.ceil(fx + 0.1 * fw)), int(math.ceil(fy + 0.1 * fh))
    x1, y1 = int(fx + 0.9 * fw), int(fy + 0.9 * fh)
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
    if cx1 - cx0 < 2 or cy1 <= cy0:
        return None
    mask = np.ones((cy1 - cy0, cx1 - cx0), bool)
    for later in boxes[index + 1:]:
        px, py, pw, ph = later[0]
        ax0, ay0 = max(px - cx0, 0), max(py - cy0, 0)
        ax1, ay1 = min(px + pw - cx0, cx1 - cx0), min(py + ph - cy0, cy1 - cy0)
        if ax1 > ax0 and ay1 > ay0:
            mask[ay0:ay1, ax0:ax1] = False
    if mask.sum() < 0.5 * (x1 - x0) * (y1 - y0):
        return None
    return cy0, cy1, cx0, cx1, mask


def detail(frame, region):
    y0, y1, x0, x1, mask = region
    patch = frame[y0:y1, x0:x1]
    diff = np.abs(patch[:, 1:] - patch[:, :-1]).sum(axis=2)
    return float((diff * (mask[:, 1:] & mask[:, :-1])).sum())


def check(args):
    streams_in, streams_out = probe(args.clip), probe(args.output)
    video_in = next(s for s in streams_in if s["codec_type"] == "video")
    video_out = next(s for s in streams_out if s["codec_type"] == "video")
    audio_in = [s for s in streams_in if s["codec_type"] == "audio"]
    audio_out = [s for s in streams_out if s["codec_type"] == "audio"]
    report = {"framesIn": int(video_in["nb_frames"]), "framesOut": int(video_out["nb_frames"]),
              "durationIn": float(video_in["duration"]), "durationOut": float(video_out["duration"]),
              "audioIn": [(s.get("nb_frames"), s.get("duration")) for s in audio_in],
              "audioOut": [(s.get("nb_frames"), s.get("duration")) for s in audio_out]}
    size = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height,r_frame_rate",
                           "-of", "csv=p=0", args.clip], check=True, capture_output=True, text=True).stdout.strip().split(",")
    width, height = int(size[0]), int(size[1])
    num, den = map(int, size[2].split("/"))
    fps = num / den
    visible = [0] * len(FACES)
    hidden = [0] * len(FACES)
    shown = [0] * len(FACES)
    unhidden_frames = [[] for _ in FACES]
    unshown_frames = [[] for _ in FACES]
    for number, (before, after) in enumerate(zip(frames(args.clip, width, height), frames(args.output, width, height))):
        boxes = truth_boxes(number / fps, width, height)
        for index in range(len(FACES)):
            region = visible_mask(index, boxes, width, height)
            if region is None:
                continue
            visible[index] += 1
            original, written = detail(before, region), detail(after, region)
            if written < 0.5 * original:
                hidden[index] += 1
            else:
                unhidden_frames[index].append(number)
            if written >= 0.85 * original:
                shown[index] += 1
            else:
                unshown_frames[index].append(number)
    report["visibleFrames"] = visible
    report["hiddenFrames"] = hidden
    report["hiddenPercent"] = [round(100 * h / v, 2) if v else None for h, v in zip(hidden, visible)]
    report["unhiddenFrames"] = [f[:20] for f in unhidden_frames]
    if args.shown:
        kept = [name for name, *_ in FACES].index(args.shown)
        report["shownPercent"] = [round(100 * s / v, 2) if v else None for s, v in zip(shown, visible)]
        report["unshownFrames"] = [f[:20] for f in unshown_frames]
        report["keepPass"] = all(
            (report["shownPercent"][i] if i == kept else report["hiddenPercent"][i]) >= 99 for i in range(len(FACES)))
    if args.json:
        ids = [[] for _ in FACES]
        detected = [0] * len(FACES)
        for line in open(args.json):
            record = json.loads(line)
            boxes = truth_boxes(record["frame"] / fps, width, height)
            pairs = []
            for face in record["faces"]:
                for index, (_, truth) in enumerate(boxes):
                    overlap = iou(face["box"], truth)
                    if overlap >= 0.3:
                        pairs.append((overlap, index, face["trackingId"]))
            taken, used = {}, set()
            for overlap, index, tracking in sorted(pairs, reverse=True):
                if index not in taken and tracking not in used:
                    taken[index] = tracking
                    used.add(tracking)
            for index, tracking in taken.items():
                ids[index].append((record["frame"], tracking))
                detected[index] += 1
        # A switch is any change of identifier, also when the face comes back after leaving the frame.
        report["idSwitches"] = [sum(1 for (_, a), (_, b) in zip(s, s[1:]) if a != b) for s in ids]
        ids = [[tracking for _, tracking in s] for s in ids]
        report["idsPerFace"] = [sorted(set(s)) for s in ids]
        report["framesDetected"] = detected
    json.dump(report, sys.stdout, indent=1)
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make")
    m.add_argument("clip")
    m.add_argument("--seconds", type=float, default=20)
    m.add_argument("--size", default="1280x720")
    m.add_argument("--fps", type=int, default=30)
    m.add_argument("--scene", choices=["crossing", "leaving", "side"], default="crossing")
    c = sub.add_parser("check")
    c.add_argument("clip")
    c.add_argument("--output", required=True)
    c.add_argument("--json")
    c.add_argument("--scene", choices=["crossing", "leaving", "side"], default="crossing")
    c.add_argument("--shown", choices=[name for name, *_ in CROSSING_FACES])
    r = sub.add_parser("reference")
    r.add_argument("name", choices=[name for name, *_ in CROSSING_FACES])
    r.add_argument("ref")
    args = parser.parse_args()
    global FACES, SCENE
    SCENE = getattr(args, "scene", "crossing")
    FACES = LEAVING_FACES if SCENE in ("leaving", "side") else CROSSING_FACES
    {"make": make, "check": check, "reference": reference}[args.command](args)


if __name__ == "__main__":
    main()
