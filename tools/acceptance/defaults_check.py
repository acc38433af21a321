#!/usr/bin/env python3
"""The acceptance checks of the defaults (docs/defaults.md), with no options unless a line says so.

    python3 tools/acceptance/defaults_check.py [--work /tmp/defaults-check] [--parts accuracy,sweep,group,video,speed]
        [--peers-python ../peers-venv/bin/python] [--deface ../deface-venv/bin/deface] [--binary PATH]

Run from the repository with `../shared` beside it and a release build (`swift build -c release`).
Parts:
- accuracy: detection-dev at the defaults and with `--landmarks none --classification none`: AP (every
  annotated face, score.py), and the pairs of reported faces in one photo with IoU >= 0.5;
- sweep: tools/acceptance/synthetic_scenes.py sweep, exactly one face per image;
- group: the 4000 x 3000 JPEG of tools/acceptance/synthetic_scenes.py group: every face once and no other box;
  detection time with 1 thread (median of 3 runs) against OpenCV's YuNet_n at full resolution
  (peers.py --peer yunet-n, 3 passes, 1 thread) in the same run; peak RSS of `-o out.png --threads 2`;
- video: tools/acceptance/video_tracking_clip.py --scene leaving (10 s, 720p, faces 150 and 190 px, one leaves
  and comes back): `--blur` hides every visible face-frame, no ID switch (from `--json`), wall and
  CPU time against deface's (its defaults) on the same clip, `--video-rounds` interleaved rounds
  (default 3), medians;
- speed: the 40 photos of `peers.py --sample 40`, 1 thread, `--rounds` interleaved rounds (OpenCV's
  YuNet_n and Haar cascade, then each configuration), per photo the fastest round, the median over
  photos: the defaults with `--landmarks none --classification none` and the whole default pipeline
  against `yunet-n`; `--mode fast --min-face-size 20px` against OpenCV's Haar cascade (not with
  OpenCV 5, whose wheels ship no cascade: `--peers-python` of a venv with OpenCV 5 compares YuNet_n
  there).
Peers need the venv of ../shared/tools/README.md; deface its own (`pip install deface onnxruntime`).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools" / "benchmarks"))
SHARED = ROOT.parent / "shared"
DETECTION = SHARED / "eval" / "detection-dev"


def run(command, **kwargs):
    return subprocess.run(command, check=True, capture_output=True, text=True, **kwargs)


def iou(a, b):
    w = max(0.0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    inter = w * h
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0


def records(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]


def overlapping_pairs(path):
    pairs = 0
    for record in records(path):
        faces = record.get("faces", [])
        pairs += sum(1 for i in range(len(faces)) for j in range(i) if iou(faces[i]["box"], faces[j]["box"]) >= 0.5)
    return pairs


def score(truth, pred, *extra):
    out = Path(pred).with_suffix(".score.json")
    run([sys.executable, str(SHARED / "tools" / "score.py"), "--truth", str(truth), "--pred", str(pred), "--quiet",
         "--json", str(out), *extra])
    return json.loads(out.read_text())["detection"]


def accuracy(args, work):
    for name, extra in [("defaults", []), ("boxes", ["--landmarks", "none", "--classification", "none"])]:
        pred = work / f"detection-{name}.jsonl"
        run([args.binary, "images", "--json", str(pred), *extra], cwd=DETECTION)
        d = score(DETECTION / "truth.json", pred)
        print(f"accuracy {name}: detection-dev AP {d['AP']:.3f}, recall {d['recall']:.3f}, "
              f"false faces per photo {d['fpPerImage']:.2f}, pairs with IoU >= 0.5: {overlapping_pairs(pred)}")


def sweep(args, work):
    directory = work / "sweep"
    if not (directory / "truth.json").exists():
        run([args.peers_python, str(ROOT / "tools" / "acceptance" / "synthetic_scenes.py"), "sweep", str(directory)])
    pred = work / "sweep.jsonl"
    run([args.binary, "images", "--json", str(pred)], cwd=directory)
    out = run([args.peers_python, str(ROOT / "tools" / "acceptance" / "synthetic_scenes.py"), "check", str(directory), str(pred)],
              ).stdout.strip().splitlines()
    print("sweep: " + out[-1])


def peak_rss_of(command, cwd):
    """Peak resident set size in MB of `command` (a child of a fresh process, so that the maximum is its own)."""
    probe = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, capture_output=True); "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    return int(run([sys.executable, "-c", probe, *command], cwd=cwd).stdout) / 1024


def group(args, work):
    directory = work / "group"
    if not (directory / "truth.json").exists():
        run([args.peers_python, str(ROOT / "tools" / "acceptance" / "synthetic_scenes.py"), "group", str(directory)])
    photo = "images/group_4000x3000.jpg"
    seconds = []
    for k in range(3):
        pred = work / f"group-{k}.jsonl"
        run(["taskset", "-c", "0", args.binary, photo, "--json", str(pred), "--threads", "1"], cwd=directory)
        seconds.append(records(pred)[0]["seconds"])
    out = run([args.peers_python, str(ROOT / "tools" / "acceptance" / "synthetic_scenes.py"), "check", str(directory),
               str(work / "group-0.jsonl")]).stdout.strip().splitlines()
    print("group: " + "; ".join(out))
    peers = work / "group-peers"
    run([args.peers_python, str(SHARED / "tools" / "peers.py"), "--set", str(directory), "--peer", "yunet-n",
         "--repeat", "3", "--threads", "1", "--out-dir", str(peers)])
    opencv = records(peers / "yunet-n.jsonl")[0]["seconds"]
    ours = statistics.median(seconds)
    print(f"group: detection {ours:.3f} s (1 thread, median of {seconds}), OpenCV {opencv_version(args.peers_python)} "
          f"YuNet_n {opencv:.3f} s: "
          f"{opencv / ours:.2f}x faster")
    rss = peak_rss_of([args.binary, photo, "-o", str(work / "group-out.png"), "--threads", "2"], directory)
    print(f"group: peak RSS with -o out.png --threads 2: {rss:.0f} MB")


def video(args, work):
    """The clip's hiding and identifiers, then `--video-rounds` interleaved rounds of `--blur` and deface
    (tools/benchmarks/video_speed.py's timing: wall time, and CPU time with the children), medians."""
    from video_speed import timed
    clip = work / "leaving.mp4"
    tool = str(ROOT / "tools" / "acceptance" / "video_tracking_clip.py")
    if not clip.exists():
        run([args.peers_python, tool, "make", str(clip), "--seconds", "10", "--scene", "leaving"])
    blur = [args.binary, str(clip), "-o", str(work / "leaving-blur.mp4"), "--blur"]
    ours = [timed(blur)]
    run([args.binary, str(clip), "--json", str(work / "leaving.jsonl")])
    report = json.loads(run([args.peers_python, tool, "check", str(clip), "--output", str(work / "leaving-blur.mp4"),
                             "--json", str(work / "leaving.jsonl"), "--scene", "leaving"]).stdout)
    print(f"video: hidden {report['hiddenPercent']} % of visible face-frames {report['visibleFrames']}, "
          f"ID switches {report['idSwitches']}, identifiers {report['idsPerFace']}")
    if not args.deface:
        print(f"video: --blur {ours[0][0]:.1f} s wall, {ours[0][1]:.1f} s CPU")
        return
    theirs = []
    for round in range(args.video_rounds):
        if round > 0:
            ours.append(timed(blur))
        theirs.append(timed([args.deface, str(clip), "-o", str(work / "leaving-deface.mp4")]))
    wall, cpu = (statistics.median(t[0] for t in ours), statistics.median(t[1] for t in ours))
    deface_wall, deface_cpu = (statistics.median(t[0] for t in theirs), statistics.median(t[1] for t in theirs))
    print(f"video: {args.video_rounds} interleaved rounds, medians: deface {deface_wall:.1f} s wall, {deface_cpu:.1f} s CPU; "
          f"facedetect --blur {wall:.1f} s wall, {cpu:.1f} s CPU: {deface_wall / wall:.1f}x faster "
          f"({deface_cpu / cpu:.1f}x in CPU time)")


def opencv_version(python):
    """The OpenCV version of the peers' Python (5.x wheels ship no Haar cascade)."""
    return run([python, "-c", "import cv2; print(cv2.__version__)"]).stdout.strip()


def speed(args, work):
    """Interleaved rounds on the 40 photos, 1 thread pinned to CPU 0: in each round OpenCV's YuNet_n
    and Haar cascade (peers.py, one pass), then facedetect once per configuration. Per photo the
    fastest round counts (other load on a shared machine only ever adds time), then the median over
    photos; both sides are timed the same way, decode excluded."""
    configs = {"boxes": ["--landmarks", "none", "--classification", "none"], "defaults": [],
               "fast20": ["--mode", "fast", "--min-face-size", "20px", "--landmarks", "none",
                          "--classification", "none"]}
    version = opencv_version(args.peers_python)
    peers = ["yunet-n"] + (["opencv-haar"] if int(version.split(".")[0]) < 5 else [])
    times, first = {}, {}

    def add(name, recs):
        first.setdefault(name, recs)
        for r in recs:
            times.setdefault(name, {}).setdefault(r["file"], []).append(r["seconds"])

    files = None
    for _ in range(args.rounds):
        out = work / "speed-peers"
        run([args.peers_python, str(SHARED / "tools" / "peers.py"), "--set", str(DETECTION), "--peer", *peers,
             "--sample", "40", "--repeat", "1", "--threads", "1", "--out-dir", str(out)])
        for peer in peers:
            add(peer, records(out / f"{peer}.jsonl"))
        files = files or "".join(r["file"] + "\n" for r in first[peers[0]])
        for name, extra in configs.items():
            result = subprocess.run(["taskset", "-c", "0", args.binary, "-", "--threads", "1", "--json", "-", "-q",
                                     *extra], input=files, cwd=DETECTION, capture_output=True, text=True)
            add(name, [json.loads(line) for line in result.stdout.splitlines()])
    median = {n: statistics.median(min(v) for v in t.values()) * 1000 for n, t in times.items()}
    print(f"speed: 40 photos, {args.rounds} interleaved rounds, 1 thread, median over photos of the fastest round; "
          f"OpenCV {version}")
    for name, ms in median.items():
        print(f"speed:   {name:12s} {ms:8.1f} ms")
    haar = (f"; fast20 {median['opencv-haar'] / median['fast20']:.1f}x OpenCV Haar" if "opencv-haar" in median
            else "; no Haar cascade in OpenCV " + version)
    print(f"speed: boxes {median['yunet-n'] / median['boxes']:.2f}x OpenCV YuNet_n; the whole default pipeline "
          f"{median['yunet-n'] / median['defaults']:.2f}x OpenCV YuNet_n's boxes alone" + haar)
    for name in ["boxes", "fast20", *peers]:
        pred = work / f"speed-{name}.jsonl"
        pred.write_text("".join(json.dumps(r) + "\n" for r in first[name]))
        d = score(DETECTION / "truth.json", pred, "--only-predicted")
        print(f"speed: {name} AP on the 40 photos {d['AP']:.3f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, default=Path("/tmp/defaults-check"))
    parser.add_argument("--parts", default="accuracy,sweep,group,video,speed")
    parser.add_argument("--peers-python", default=str(ROOT.parent / "peers-venv" / "bin" / "python"))
    parser.add_argument("--deface", default=None)
    parser.add_argument("--binary", default=str(ROOT / ".build" / "release" / "facedetect"))
    parser.add_argument("--rounds", type=int, default=5, help="speed: interleaved rounds (default 5)")
    parser.add_argument("--video-rounds", type=int, default=3, help="video: interleaved rounds (default 3)")
    args = parser.parse_args()
    args.binary = str(Path(args.binary).resolve())
    args.work.mkdir(parents=True, exist_ok=True)
    parts = {"accuracy": accuracy, "sweep": sweep, "group": group, "video": video, "speed": speed}
    for name in args.parts.split(","):
        parts[name](args, args.work)
    return 0


if __name__ == "__main__":
    sys.exit(main())
