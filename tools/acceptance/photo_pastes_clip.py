#!/usr/bin/env python3
"""Clips of real faces on a real background, for the tracker's identities (docs/video.md): the
fixture photos (Fixtures/README.md: public domain) pasted, moving, hidden for a while and pasted
back mirrored, over a panning copy of the fixture photo `camera.png` with film grain.

    tools/acceptance/photo_pastes_clip.py make CLIP.mp4 --scene S [--seconds 10] [--fps 30]
    tools/acceptance/photo_pastes_clip.py check CLIP.mp4 --json FACES.jsonl --scene S

Scenes:
- `side-by-side` (1280 × 360, as an interview's two shots side by side): the astronaut (face
  129 px) on the left, who looks away (her face is gone) from 4.0 to 5.2 s; Grace Hopper (151 px)
  on the right, whose face a skin-coloured block (a hand) sweeps over from 6.0 to 7.5 s.
- `returning` (1280 × 720): the astronaut (186 px) stays on the left; Grace Hopper (190 px) walks
  out of the frame on the right from 1.5 s and comes back mirrored, smaller (159 px), from 5.0 s.

`check` compares the tool's `--json` records with the truth (each face's box in every frame follows
from the same formulas): a face is visible in a frame when at least 60 % of its box is inside the
frame and not under the hand; a reported face is matched to the visible face it overlaps most
(intersection over union at least 0.3, one to one); it reports, per person, the trackingIds and
the visible frames where the person was reported, and the reported boxes on no face (less than
30 % of the box over any face, visible or not). Needs ffmpeg.
"""
import argparse
import json
import math
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "Fixtures"
ASTRONAUT = ("astronaut.png", (160, 50, 130, 150), (177, 67, 93, 93))
HOPPER = ("grace_hopper.jpg", (130, 80, 260, 300), (149, 100, 231, 231))

# Each paste: person (None for the hand), photo, crop, face in the photo, pasted size, mirrored,
# x and y of its top-left corner (ffmpeg expressions of t, also evaluated here), shown from/until.
SCENES = {
    "side-by-side": {
        "size": (1280, 360),
        "pastes": [
            ("astronaut", ASTRONAUT, (180, 208), False, "220+25*sin(2*PI*t/3)", "70+10*sin(2*PI*t/2.3)",
             None, None),
            ("astronaut", ASTRONAUT, (180, 208), False, "220+25*sin(2*PI*t/3)", "70+10*sin(2*PI*t/2.3)",
             5.2, None),
            ("grace_hopper", HOPPER, (170, 196), False, "860+30*sin(2*PI*t/4)", "80+12*cos(2*PI*t/2.7)",
             None, None),
            (None, None, (120, 260), False, "640+(t-6)*300", "60", 6.0, 7.5),
        ],
        # The astronaut's first paste is shown until 4.0 s.
        "until": {0: 4.0},
    },
    "returning": {
        "size": (1280, 720),
        "pastes": [
            ("astronaut", ASTRONAUT, (260, 300), False, "150+80*sin(2*PI*t/6)", "200+40*sin(2*PI*t/4)",
             None, None),
            ("grace_hopper", HOPPER, (214, 247), False, "800+max(0,t-1.5)*400", "240+30*sin(2*PI*t/3)",
             None, 5.0),
            ("grace_hopper", HOPPER, (180, 208), True, "max(850,1300-(t-5)*400)", "260+30*sin(2*PI*t/3)",
             5.0, None),
        ],
        "until": {},
    },
}


def evaluate(expression, t):
    return eval(expression, {"sin": math.sin, "cos": math.cos, "max": max, "min": min, "PI": math.pi, "t": t})


def shown(scene, index, t):
    paste = scene["pastes"][index]
    start, end = paste[6], scene["until"].get(index, paste[7])
    return (start is None or t >= start) and (end is None or t < end)


def truth(scene, t):
    """[(person or None, paste box, face box)] of the pastes shown at t, in drawing order."""
    result = []
    for index, (person, photo, (pw, ph), mirrored, ex, ey, _, _) in enumerate(scene["pastes"]):
        if not shown(scene, index, t):
            continue
        x, y = math.floor(evaluate(ex, t)), math.floor(evaluate(ey, t))
        if photo is None:
            result.append((None, (x, y, pw, ph), None))
            continue
        _, crop, face = photo
        sx, sy = pw / crop[2], ph / crop[3]
        fx = (face[0] - crop[0]) * sx
        if mirrored:
            fx = pw - fx - face[2] * sx
        result.append((person, (x, y, pw, ph), (x + fx, y + (face[1] - crop[1]) * sy, face[2] * sx, face[3] * sy)))
    return result


def make(args):
    scene = SCENES[args.scene]
    width, height = scene["size"]
    inputs = ["-loop", "1", "-framerate", str(args.fps), "-t", str(args.seconds), "-i", str(FIXTURES / "camera.png")]
    graph = [f"[0]scale={int(width * 1.3)}:-2,crop={width}:{height}:x='40+t*12':y='ih-{height}-40+20*sin(t/2)',"
             f"format=yuv420p[bg]"]
    last = "bg"
    for index, (person, photo, (pw, ph), mirrored, ex, ey, _, _) in enumerate(scene["pastes"]):
        start, end = scene["pastes"][index][6], scene["until"].get(index, scene["pastes"][index][7])
        if photo is None:
            inputs += ["-f", "lavfi", "-i", f"color=c=0xC89478:s={pw}x{ph}:r={args.fps}:d={args.seconds}"]
            graph.append(f"[{index + 1}]null[p{index}]")
        else:
            fixture, crop, _ = photo
            inputs += ["-loop", "1", "-framerate", str(args.fps), "-t", str(args.seconds), "-i", str(FIXTURES / fixture)]
            flip = ",hflip" if mirrored else ""
            graph.append(f"[{index + 1}]crop={crop[2]}:{crop[3]}:{crop[0]}:{crop[1]},scale={pw}:{ph}{flip}[p{index}]")
        conditions = []
        if start is not None:
            conditions.append(f"gte(t,{start})")
        if end is not None:
            conditions.append(f"lt(t,{end})")
        enable = f":enable='{'*'.join(conditions)}'" if conditions else ""
        graph.append(f"[{last}][p{index}]overlay=x='{ex}':y='{ey}':eof_action=pass{enable}[v{index}]")
        last = f"v{index}"
    graph.append(f"[{last}]noise=alls=4:allf=t,format=yuv420p[out]")
    command = ["ffmpeg", "-v", "error", "-y"] + inputs + [
        "-filter_complex", ";".join(graph), "-map", "[out]", "-t", str(args.seconds), "-r", str(args.fps),
        "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p", args.clip]
    subprocess.run(command, check=True)


def overlap(a, b):
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return max(0, x1 - x0) * max(0, y1 - y0)


def iou(a, b):
    inter = overlap(a, b)
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0


def visible(box, hands, width, height):
    inside = overlap(box, (0, 0, width, height))
    covered = sum(overlap(box, hand) for hand in hands)
    return inside - covered >= 0.6 * box[2] * box[3]


def check(args):
    scene = SCENES[args.scene]
    width, height = scene["size"]
    size = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=r_frame_rate",
                           "-of", "csv=p=0", args.clip], check=True, capture_output=True, text=True).stdout.strip()
    num, den = map(int, size.split("/"))
    fps = num / den
    people = sorted({p[0] for p in scene["pastes"] if p[0]})
    ids = {p: [] for p in people}
    seen = {p: 0 for p in people}
    shown_frames = {p: 0 for p in people}
    extra = []
    for line in open(args.json):
        record = json.loads(line)
        boxes = truth(scene, record["frame"] / fps)
        hands = [paste for person, paste, _ in boxes if person is None]
        faces = [(person, face) for person, _, face in boxes if person is not None]
        in_view = [(person, face) for person, face in faces if visible(face, hands, width, height)]
        for person, _ in in_view:
            shown_frames[person] += 1
        pairs = sorted(((iou(f["box"], face), person, n) for n, f in enumerate(record["faces"])
                        for person, face in in_view if iou(f["box"], face) >= 0.3), reverse=True)
        taken, used = {}, set()
        for _, person, n in pairs:
            if person not in taken and n not in used:
                taken[person] = n
                used.add(n)
        for person, n in taken.items():
            seen[person] += 1
            ids[person].append(record["faces"][n].get("trackingId"))
        for n, f in enumerate(record["faces"]):
            box = f["box"]
            if n not in used and all(overlap(box, face) < 0.3 * box[2] * box[3] for _, face in faces):
                extra.append((record["frame"], [round(v) for v in box], f["score"]))
    report = {p: {"trackingIds": sorted(set(ids[p])),
                  "idChanges": sum(1 for a, b in zip(ids[p], ids[p][1:]) if a != b),
                  "visibleFrames": shown_frames[p], "reportedFrames": seen[p]} for p in people}
    report["extraBoxes"] = len(extra)
    report["extraExamples"] = extra[:10]
    json.dump(report, sys.stdout, indent=1)
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make")
    m.add_argument("clip")
    m.add_argument("--scene", choices=sorted(SCENES), required=True)
    m.add_argument("--seconds", type=float, default=10)
    m.add_argument("--fps", type=int, default=30)
    c = sub.add_parser("check")
    c.add_argument("clip")
    c.add_argument("--json", required=True)
    c.add_argument("--scene", choices=sorted(SCENES), required=True)
    args = parser.parse_args()
    make(args) if args.command == "make" else check(args)


if __name__ == "__main__":
    main()
