#!/usr/bin/env python3
"""Runs the two reference face-descriptor pipelines over an identity set (shared/eval/identity-dev), writes their
descriptors in score_identity.py's format, groups face_recognition's descriptors with dlib's Chinese whispers, scores
everything with score_identity.py and prints one table. docs/identity.md cites it.

    /work/peers-venv/bin/python tools/benchmarks/identity_peers.py --out-dir /tmp/identity-peers

Peers (one process, one thread: OMP/OpenBLAS/OpenCV threads = 1 and the process pinned to one CPU):
  sface   OpenCV's cv2.FaceDetectorYN (YuNet 2023mar, opencv_zoo, score >= --yunet-score, NMS 0.3) finds the faces;
          cv2.FaceRecognizerSF with shared/models/identity's SFace int8bq file: alignCrop(image, row) + feature(crop)
          on the face nearest the image centre (the face score_identity.py reads). Descriptor: the 128 raw outputs
          (the scorer compares by cosine).
  dlib    face_recognition (dlib-bin): face_locations(rgb, 1, "hog") finds the faces (when HOG finds none, the sface
          run's YuNet box of that image is used, and counted); face_encodings(rgb, [central box], 1, "small")
          = the 5-point shape predictor, get_face_chip 150x150 padding 0.25, the ResNet. Descriptor: its 128 numbers
          (scored by euclidean distance, face_recognition's own metric; cosine printed too).
  groups  dlib.chinese_whispers_clustering(dlib descriptors, --cw-threshold 0.5), as dlib's face_clustering.py
          example; also SFace's L2-normalised descriptors by Chinese whispers at --sface-cw-threshold (1.128 = the
          L2 form of SFace's cosine threshold 0.363), an extra row that is no reference.

Time per face = the descriptor step alone (alignment + network: alignCrop + feature for SFace; face_encodings for
dlib, which includes its 5-point predictor and chip), wall (perf_counter) and CPU (thread_time) per face, median
and mean over the set, after one untimed warm-up; detection is timed apart and not included.

Writes OUT/sface.jsonl, OUT/dlib.jsonl (one record per image: file, width, height, faces [{box, score,
descriptor}] with the central face only; seconds), OUT/dlib-groups.json and OUT/sface-groups.json (the
--groups format), OUT/summary.json (versions, CPU, settings, timings, scores). --cw-sweep only regroups an earlier
run's descriptor files by Chinese whispers at several distances and prints their scores.
"""
import argparse
import datetime
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time

THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS",
               "VECLIB_MAXIMUM_THREADS", "OPENCV_FOR_THREADS_NUM")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")


def limit_threads(n):
    """Sets the thread variables to n and pins the process to n CPUs (before numpy, cv2, dlib load)."""
    for var in THREAD_VARS:
        os.environ[var] = str(n)
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, cpus[:n])
    return sorted(os.sched_getaffinity(0))


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def central_index(boxes, w, h):
    """Index of the box [x, y, w, h] whose centre is nearest the image centre (score_identity.py's pick)."""
    best, bd = None, None
    for k, b in enumerate(boxes):
        d = (b[0] + b[2] / 2 - w / 2) ** 2 + (b[1] + b[3] / 2 - h / 2) ** 2
        if bd is None or d < bd:
            best, bd = k, d
    return best


def cpu_model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def stats(values):
    if not values:
        return {}
    return {"median": statistics.median(values), "mean": statistics.fmean(values), "n": len(values)}


def run_sface(images, set_dir, models, threads, score_threshold, out_path):
    import cv2
    cv2.setNumThreads(threads)
    det_path = os.path.join(models, "yunet", "face_detection_yunet_2023mar.onnx")
    rec_path = os.path.join(models, "identity", "face_recognition_sface_2021dec_int8bq.onnx")
    det = cv2.FaceDetectorYN.create(det_path, "", (320, 320), score_threshold, 0.3, 5000,
                                    cv2.dnn.DNN_BACKEND_OPENCV, cv2.dnn.DNN_TARGET_CPU)
    rec = cv2.FaceRecognizerSF.create(rec_path, "", cv2.dnn.DNN_BACKEND_OPENCV, cv2.dnn.DNN_TARGET_CPU)
    size, boxes = None, {}
    wall, cpu, align_wall, net_wall, det_wall = [], [], [], [], []
    warm = False
    with open(out_path, "w") as out:
        for im in images:
            bgr = cv2.imread(os.path.join(set_dir, im["file"]))
            h, w = bgr.shape[:2]
            if size != (w, h):
                det.setInputSize((w, h))
                size = (w, h)
            t0 = time.perf_counter()
            _, rows = det.detect(bgr)
            det_wall.append(time.perf_counter() - t0)
            rec_out = {"file": im["file"], "width": w, "height": h, "faces": []}
            if rows is not None and len(rows):
                k = central_index([r[:4] for r in rows], w, h)
                row = rows[k]
                if not warm:
                    rec.feature(rec.alignCrop(bgr, row))
                    warm = True
                c0, t0 = time.thread_time(), time.perf_counter()
                crop = rec.alignCrop(bgr, row)
                t1 = time.perf_counter()
                feat = rec.feature(crop)
                t2, c2 = time.perf_counter(), time.thread_time()
                wall.append(t2 - t0)
                cpu.append(c2 - c0)
                align_wall.append(t1 - t0)
                net_wall.append(t2 - t1)
                box = [round(float(v), 2) for v in row[:4]]
                boxes[im["file"]] = box
                rec_out["faces"].append({"box": box, "score": round(float(row[14]), 5),
                                         "descriptor": [float(v) for v in feat.reshape(-1)]})
                rec_out["seconds"] = {"descriptor": t2 - t0, "align": t1 - t0, "network": t2 - t1}
            out.write(json.dumps(rec_out) + "\n")
    meta = {"opencv": cv2.__version__, "detector": os.path.relpath(det_path, models),
            "detectorSha256": sha256(det_path), "recognizer": os.path.relpath(rec_path, models),
            "recognizerSha256": sha256(rec_path), "scoreThreshold": score_threshold, "nms": 0.3,
            "perFaceWall": stats(wall), "perFaceCPU": stats(cpu), "alignWall": stats(align_wall),
            "networkWall": stats(net_wall), "detectWall": stats(det_wall), "faces": len(wall),
            "raw": {"perFaceWall": wall, "perFaceCPU": cpu, "alignWall": align_wall, "networkWall": net_wall,
                    "detectWall": det_wall}}
    return meta, boxes


def run_dlib(images, set_dir, fallback_boxes, out_path, pipeline_faces_path):
    import dlib
    import face_recognition
    import numpy as np
    from PIL import Image
    wall, cpu, det_wall = [], [], []
    fallback, missing = 0, 0
    warm = False
    descs = {}
    # The end-to-end pipeline (decode, HOG, face_encodings of every HOG face): its time per image and every face's
    # descriptor, for grouping all faces as `facedetect group` does. The central face's timed call is part of it.
    pipe_wall, pipe_cpu, pipe_faces = 0.0, 0.0, []
    with open(out_path, "w") as out:
        for im in images:
            p0, q0 = time.perf_counter(), time.thread_time()
            rgb = np.asarray(Image.open(os.path.join(set_dir, im["file"])).convert("RGB"))
            h, w = rgb.shape[:2]
            t0 = time.perf_counter()
            locs = face_recognition.face_locations(rgb, 1, "hog")
            det_wall.append(time.perf_counter() - t0)
            if not locs:
                pipe_wall += time.perf_counter() - p0
                pipe_cpu += time.thread_time() - q0
            rec_out = {"file": im["file"], "width": w, "height": h, "faces": []}
            boxes = [[l, t, r - l, b - t] for t, r, b, l in locs]
            if boxes:
                k = central_index(boxes, w, h)
                loc = locs[k]
                box = boxes[k]
            elif im["file"] in fallback_boxes:
                x, y, bw, bh = fallback_boxes[im["file"]]
                loc = (int(round(y)), int(round(x + bw)), int(round(y + bh)), int(round(x)))
                box = [loc[3], loc[0], loc[1] - loc[3], loc[2] - loc[0]]
                fallback += 1
            else:
                loc = None
                missing += 1
            if loc is not None:
                if not warm:
                    w0, wq = time.perf_counter(), time.thread_time()
                    face_recognition.face_encodings(rgb, [loc], 1, "small")
                    warm = True
                    p0, q0 = p0 + time.perf_counter() - w0, q0 + time.thread_time() - wq
                c0, t0 = time.thread_time(), time.perf_counter()
                enc = face_recognition.face_encodings(rgb, [loc], 1, "small")[0]
                t1, c1 = time.perf_counter(), time.thread_time()
                wall.append(t1 - t0)
                cpu.append(c1 - c0)
                descs[im["file"]] = (box, enc)
                rec_out["faces"].append({"box": box, "descriptor": [float(v) for v in enc],
                                         "detector": "hog" if boxes else "yunet-fallback"})
                rec_out["seconds"] = {"descriptor": t1 - t0}
            if boxes:
                rest = [n for n in range(len(locs)) if n != k]
                encs = face_recognition.face_encodings(rgb, [locs[n] for n in rest], 1, "small") if rest else []
                pipe_wall += time.perf_counter() - p0
                pipe_cpu += time.thread_time() - q0
                pipe_faces.append((im["file"], box, enc))
                pipe_faces.extend((im["file"], boxes[n], e) for n, e in zip(rest, encs))
            out.write(json.dumps(rec_out) + "\n")
    import face_recognition_models
    with open(pipeline_faces_path, "w") as out:
        for f, b, e in pipe_faces:
            out.write(json.dumps({"file": f, "box": b, "descriptor": [float(v) for v in e]}) + "\n")
    pipeline = {"images": len(images), "faces": len(pipe_faces), "perImageStepsWall": pipe_wall,
                "perImageStepsCPU": pipe_cpu}
    meta = {"dlib": dlib.__version__, "face_recognition": _version("face_recognition"),
            "face_recognition_models": _version("face_recognition_models"),
            "recognizerSha256": sha256(face_recognition_models.face_recognition_model_location()),
            "detector": "face_locations(rgb, 1, 'hog')", "encodings": "face_encodings(rgb, [box], 1, 'small')",
            "hogFallbackToYuNet": fallback, "noFace": missing,
            "perFaceWall": stats(wall), "perFaceCPU": stats(cpu), "detectWall": stats(det_wall), "faces": len(wall),
            "pipeline": pipeline, "raw": {"perFaceWall": wall, "perFaceCPU": cpu, "detectWall": det_wall}}
    return meta, descs


def pipeline_groups(faces_path, threshold, out_path, pipeline):
    """The end-to-end pipeline's last step: every HOG face's descriptor (faces_path) grouped by
    dlib.chinese_whispers_clustering; adds the grouping time and the totals to `pipeline`."""
    import dlib
    faces = [json.loads(line) for line in open(faces_path)]
    vecs = [dlib.vector(f["descriptor"]) for f in faces]
    g0, gq = time.perf_counter(), time.thread_time()
    labels = dlib.chinese_whispers_clustering(vecs, threshold)
    group_wall, group_cpu = time.perf_counter() - g0, time.thread_time() - gq
    people = {}
    for f, lab in zip(faces, labels):
        people.setdefault(int(lab), []).append({"file": f["file"], "box": f["box"]})
    with open(out_path, "w") as out:
        json.dump({"people": [{"id": k, "faces": v} for k, v in sorted(people.items())]}, out)
    wall, cpu = pipeline["perImageStepsWall"] + group_wall, pipeline["perImageStepsCPU"] + group_cpu
    pipeline.update({"groups": len(people), "groupingWall": group_wall, "groupingCPU": group_cpu, "wall": wall,
                     "cpu": cpu, "photosPerSecondWall": pipeline["images"] / wall,
                     "photosPerSecondCPU": pipeline["images"] / cpu})


def merge_shards(out_dir, count, images):
    """Joins the --shard runs of OUT/shard-K (K < count) into one run's files and summary."""
    files = [im["file"] for im in images]
    order = {f: n for n, f in enumerate(files)}
    summaries = [json.load(open(os.path.join(out_dir, f"shard-{k}", "summary.json"))) for k in range(count)]
    merged = dict(summaries[0], shards=count, pinnedCPUs=sorted({c for m in summaries for c in m["pinnedCPUs"]}),
                  images=sum(m["images"] for m in summaries))
    for peer in ("sface", "dlib"):
        if peer not in summaries[0]:
            continue
        meta = dict(summaries[0][peer])
        raw = {key: [v for m in summaries for v in m[peer]["raw"][key]] for key in meta["raw"]}
        for key, values in raw.items():
            meta[key] = stats(values)
        meta["raw"] = raw
        meta["faces"] = sum(m[peer]["faces"] for m in summaries)
        for key in ("hogFallbackToYuNet", "noFace"):
            if key in meta:
                meta[key] = sum(m[peer][key] for m in summaries)
        if peer == "dlib":
            meta["pipeline"] = {key: sum(m[peer]["pipeline"][key] for m in summaries)
                                for key in ("images", "faces", "perImageStepsWall", "perImageStepsCPU")}
        merged[peer] = meta
        lines = []
        for k in range(count):
            lines += open(os.path.join(out_dir, f"shard-{k}", peer + ".jsonl")).readlines()
        lines.sort(key=lambda line: order[json.loads(line)["file"]])
        open(os.path.join(out_dir, peer + ".jsonl"), "w").writelines(lines)
    with open(os.path.join(out_dir, "dlib-pipeline-faces.jsonl"), "w") as out:
        for k in range(count):
            out.writelines(open(os.path.join(out_dir, f"shard-{k}", "dlib-pipeline-faces.jsonl")).readlines())
    return merged


def _version(dist):
    from importlib import metadata
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


def chinese_whispers(descs, threshold, out_path, normalise=False):
    """Groups {file: (box, vector)} with dlib.chinese_whispers_clustering and writes the --groups JSON."""
    import dlib
    import numpy as np
    files = sorted(descs)
    vecs = []
    for f in files:
        v = np.asarray(descs[f][1], dtype=np.float64)
        if normalise:
            v = v / (np.linalg.norm(v) or 1.0)
        vecs.append(dlib.vector(v.tolist()))
    t0 = time.perf_counter()
    labels = dlib.chinese_whispers_clustering(vecs, threshold)
    seconds = time.perf_counter() - t0
    people = {}
    for f, lab in zip(files, labels):
        people.setdefault(int(lab), []).append({"file": f, "box": descs[f][0]})
    doc = {"people": [{"id": k, "faces": v} for k, v in sorted(people.items())]}
    with open(out_path, "w") as out:
        json.dump(doc, out)
    return {"threshold": threshold, "groups": len(people), "seconds": seconds}


def score(scorer, truth, pred=None, groups=None, metric="cosine"):
    cmd = [sys.executable, scorer, "--truth", truth, "--json", "--metric", metric]
    if pred:
        cmd += ["--pred", pred]
    if groups:
        cmd += ["--groups", groups]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def cw_sweep(out_dir, scorer, truth):
    """Chinese whispers at several distances over the descriptor files of an earlier run (a markdown table)."""
    print("| descriptors | distance | groups | pairwise P | pairwise R | pairwise F | BCubed F |")
    print("|---|---|---|---|---|---|---|")
    for name, normalise, thresholds in (("dlib", False, (0.4, 0.45, 0.5)), ("sface", True, (0.9, 1.0, 1.05, 1.1, 1.128))):
        descs = {}
        for line in open(os.path.join(out_dir, name + ".jsonl")):
            r = json.loads(line)
            if r["faces"]:
                descs[r["file"]] = (r["faces"][0]["box"], r["faces"][0]["descriptor"])
        for t in thresholds:
            path = os.path.join(out_dir, f"sweep-{name}-{t}.json")
            info = chinese_whispers(descs, t, path, normalise=normalise)
            g = score(scorer, truth, groups=path)["grouping"]
            print(f"| {name} | {t} | {info['groups']} | {g['pairwise']['precision']:.4f} | "
                  f"{g['pairwise']['recall']:.4f} | {g['pairwise']['F']:.4f} | {g['bcubed']['F']:.4f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", default=os.path.join(SHARED, "eval", "identity-dev"), help="identity set folder")
    ap.add_argument("--models", default=os.path.join(SHARED, "models"), help="shared/models")
    ap.add_argument("--scorer", default=os.path.join(SHARED, "tools", "score_identity.py"))
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--peer", default="all", help="sface, dlib or all (dlib falls back on sface's boxes)")
    ap.add_argument("--limit", type=int, help="first N images only (a quick check; scores then mean little)")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--yunet-score", type=float, default=0.5, help="FaceDetectorYN score threshold")
    ap.add_argument("--cw-threshold", type=float, default=0.5, help="Chinese whispers distance, dlib descriptors")
    ap.add_argument("--sface-cw-threshold", type=float, default=1.128,
                    help="Chinese whispers distance, L2-normalised SFace descriptors")
    ap.add_argument("--cw-sweep", action="store_true",
                    help="only group OUT's sface.jsonl and dlib.jsonl by Chinese whispers at several distances")
    ap.add_argument("--shard", help="K/N: only every N-th image from the K-th, into OUT/shard-K (no grouping, "
                    "no scores); N such runs side by side, then --merge N")
    ap.add_argument("--merge", type=int, help="join OUT/shard-0 … shard-(N-1), then group, score and print")
    a = ap.parse_args()
    if a.cw_sweep:
        limit_threads(a.threads)
        cw_sweep(a.out_dir, a.scorer, os.path.join(a.set, "truth.json"))
        return
    pinned = limit_threads(a.threads)
    truth_path = os.path.join(a.set, "truth.json")
    truth = json.load(open(truth_path))
    images = truth["images"][: a.limit] if a.limit else truth["images"]
    out_dir = a.out_dir
    if a.shard:
        k, n = map(int, a.shard.split("/"))
        images = images[k::n]
        out_dir = os.path.join(a.out_dir, f"shard-{k}")
    os.makedirs(out_dir, exist_ok=True)
    summary = {"date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"), "cpu": cpu_model(),
               "pinnedCPUs": pinned, "threads": a.threads, "python": platform.python_version(),
               "images": len(images), "set": truth.get("name"), "command": sys.argv}
    peers = ("sface", "dlib") if a.peer == "all" else (a.peer,)
    if a.merge:
        summary = merge_shards(a.out_dir, a.merge, images)
        summary["mergeCommand"] = sys.argv
        peers = ()
    boxes = {}
    sface_path = os.path.join(out_dir, "sface.jsonl")
    if "sface" in peers:
        summary["sface"], boxes = run_sface(images, a.set, a.models, a.threads, a.yunet_score, sface_path)
        print(f"sface: {summary['sface']['faces']} faces", file=sys.stderr)
    elif os.path.exists(sface_path):
        for line in open(sface_path):
            r = json.loads(line)
            if r["faces"]:
                boxes[r["file"]] = r["faces"][0]["box"]
    if "dlib" in peers:
        dlib_path = os.path.join(out_dir, "dlib.jsonl")
        summary["dlib"], descs = run_dlib(images, a.set, boxes, dlib_path,
                                          os.path.join(out_dir, "dlib-pipeline-faces.jsonl"))
        print(f"dlib: {summary['dlib']['faces']} faces", file=sys.stderr)
    if a.shard:
        with open(os.path.join(out_dir, "summary.json"), "w") as out:
            json.dump(summary, out, indent=1)
        return
    if "dlib" in summary:
        descs = {}
        for line in open(os.path.join(a.out_dir, "dlib.jsonl")):
            r = json.loads(line)
            if r["faces"]:
                descs[r["file"]] = (r["faces"][0]["box"], r["faces"][0]["descriptor"])
        summary["dlibGroups"] = chinese_whispers(descs, a.cw_threshold, os.path.join(a.out_dir, "dlib-groups.json"))
        pipeline_groups(os.path.join(a.out_dir, "dlib-pipeline-faces.jsonl"), a.cw_threshold,
                        os.path.join(a.out_dir, "dlib-pipeline-groups.json"), summary["dlib"]["pipeline"])
    if os.path.exists(sface_path) and "sface" in summary:
        sdescs = {}
        for line in open(sface_path):
            r = json.loads(line)
            if r["faces"]:
                sdescs[r["file"]] = (r["faces"][0]["box"], r["faces"][0]["descriptor"])
        summary["sfaceGroups"] = chinese_whispers(sdescs, a.sface_cw_threshold,
                                                  os.path.join(a.out_dir, "sface-groups.json"), normalise=True)
    scores = {}
    if "sface" in summary:
        scores["sface"] = score(a.scorer, truth_path, pred=sface_path, groups=os.path.join(a.out_dir, "sface-groups.json"))
    if "dlib" in summary:
        dp, dg = os.path.join(a.out_dir, "dlib.jsonl"), os.path.join(a.out_dir, "dlib-groups.json")
        scores["dlib"] = score(a.scorer, truth_path, pred=dp, groups=dg, metric="euclidean")
        scores["dlibCosine"] = score(a.scorer, truth_path, pred=dp, metric="cosine")
        scores["dlibPipeline"] = score(a.scorer, truth_path, groups=os.path.join(a.out_dir, "dlib-pipeline-groups.json"))
    summary["scores"] = scores
    for peer in ("sface", "dlib"):
        summary.get(peer, {}).pop("raw", None)
    with open(os.path.join(a.out_dir, "summary.json"), "w") as out:
        json.dump(summary, out, indent=1)

    print(f"{summary['set']}, {len(images)} images, {a.threads} thread(s), {summary['cpu']}, {summary['date']}")
    print("| pipeline | accuracy (10-fold) | TAR@FAR 1e-3 | coverage | ms/face wall median (mean) | "
          "ms/face CPU median | grouping | pairwise F | BCubed F |")
    print("|---|---|---|---|---|---|---|---|---|")
    rows = []
    if "sface" in summary:
        rows.append(("OpenCV YuNet + FaceRecognizerSF (SFace int8bq), cosine", summary["sface"], scores["sface"],
                     f"CW {a.sface_cw_threshold} on L2-normalised (extra)"))
    if "dlib" in summary:
        rows.append(("face_recognition (dlib-bin) HOG + face_encodings, euclidean", summary["dlib"], scores["dlib"],
                     f"chinese_whispers_clustering {a.cw_threshold}"))
        rows.append(("face_recognition, cosine", summary["dlib"], scores["dlibCosine"], ""))
    for name, m, s, gname in rows:
        v, g = s["verification"], s.get("grouping")
        pf = f"{g['pairwise']['F']:.4f}" if g else ""
        bf = f"{g['bcubed']['F']:.4f}" if g else ""
        print(f"| {name} | {v['accuracy']:.4f} ± {v['accuracyStd']:.4f} | {v['tarAtFar1e-3']:.4f} | "
              f"{v['coverage']:.4f} | {m['perFaceWall']['median'] * 1e3:.1f} ({m['perFaceWall']['mean'] * 1e3:.1f}) | "
              f"{m['perFaceCPU']['median'] * 1e3:.1f} | {gname if g else ''} | {pf} | {bf} |")
    if "sface" in summary:
        s = summary["sface"]
        print(f"sface split: alignCrop {s['alignWall']['median'] * 1e3:.2f} ms, feature "
              f"{s['networkWall']['median'] * 1e3:.2f} ms, YuNet detect {s['detectWall']['median'] * 1e3:.2f} ms "
              f"(medians)")
    if "dlib" in summary:
        d = summary["dlib"]
        print(f"dlib: HOG detect {d['detectWall']['median'] * 1e3:.1f} ms median; HOG found none on "
              f"{d['hogFallbackToYuNet']} images (YuNet box used), no face at all on {d['noFace']}")
        p, g = d["pipeline"], scores["dlibPipeline"]["grouping"]
        print(f"dlib pipeline end to end (decode + HOG + face_encodings of every HOG face + chinese_whispers "
              f"{a.cw_threshold}): {p['images']} photos, {p['faces']} faces, {p['groups']} groups, "
              f"{p['wall']:.1f} s wall ({p['photosPerSecondWall']:.2f} photos/s), {p['cpu']:.1f} s thread CPU "
              f"({p['photosPerSecondCPU']:.2f} photos/s), grouping {p['groupingWall']:.2f} s; "
              f"pairwise F {g['pairwise']['F']:.4f}, BCubed F {g['bcubed']['F']:.4f}")


if __name__ == "__main__":
    main()
