#!/usr/bin/env python3
"""`facedetect group` on identity-dev end to end: photos/s, score_identity.py --groups, and the two-halves
incremental run (the first half's people.json with two names written in by hand, then all the photos).

Usage (from the repository root, a release build):
  python3 tools/benchmarks/group_identity.py --tool .build/release/facedetect \
      --set ../shared/eval/identity-dev --out /tmp/group-identity [--threads N] [--limit N]

--limit N keeps the first N person folders (a subset, said so in the output). --no-halves skips the two-halves
run. Prints one JSON object with the figures (wall seconds, and the tool's CPU seconds, user + system, of all
its threads); the runs' people files stay in --out.
"""
import argparse, json, os, re, resource, subprocess, sys, time

last_cpu = [0.0]


def run(cmd, cwd, stdin=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    last_cpu[0] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode not in (0, 1):
        sys.exit(f"{' '.join(cmd)}: exit {p.returncode}\n{p.stderr}")
    return wall, p.stderr


def score(score_tool, truth, people):
    p = subprocess.run([sys.executable, score_tool, "--truth", truth, "--groups", people, "--json"],
                       capture_output=True, text=True, check=True)
    g = json.loads(p.stdout)["grouping"]
    return {"pairwiseF": round(g["pairwise"]["F"], 4), "bcubedF": round(g["bcubed"]["F"], 4),
            "pairwisePrecision": round(g["pairwise"]["precision"], 4),
            "pairwiseRecall": round(g["pairwise"]["recall"], 4), "people": g["groups"],
            "imagesGrouped": g["imagesGrouped"], "images": g["images"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tool", required=True)
    ap.add_argument("--set", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--threads", type=int)
    ap.add_argument("--limit", type=int)
    ap.add_argument("--score", default="../shared/tools/score_identity.py")
    ap.add_argument("--no-halves", action="store_true")
    a = ap.parse_args()
    tool = os.path.abspath(a.tool)
    dataset = os.path.abspath(a.set)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    truth_all = json.load(open(os.path.join(dataset, "truth.json")))
    people = sorted(os.listdir(os.path.join(dataset, "images")))
    if a.limit:
        people = people[: a.limit]
    keep = set(people)
    images = [im for im in truth_all["images"] if im["file"].split("/")[1] in keep]
    index = {im["file"]: n for n, im in enumerate(truth_all["images"])}
    kept = {index[im["file"]] for im in images}
    renumber = {old: new for new, old in enumerate(sorted(kept))}
    truth = {"images": images, "pairs": [[renumber[i], renumber[j], s, f] for i, j, s, f in truth_all["pairs"]
                                         if i in kept and j in kept]}
    truth_path = os.path.join(out, "truth.json")
    json.dump(truth, open(truth_path, "w"))
    files = sorted(im["file"] for im in images)
    threads = ["--threads", str(a.threads)] if a.threads else []
    base = [tool, "group", "--no-progress"] + threads

    # All at once: the inputs as paths on standard input (the folders of the subset).
    full = os.path.join(out, "people-full.json")
    for f in [full, os.path.join(out, "people-half.json")]:
        if os.path.exists(f):
            os.remove(f)
    wall, err = run(base + ["-", "--people", full], dataset, stdin="\n".join(files) + "\n")
    result = {"subset": f"first {a.limit} people" if a.limit else "all", "photos": len(files),
              "full": dict(score(a.score, truth_path, full), seconds=round(wall, 1),
                           photosPerSecond=round(len(files) / wall, 2), cpuSeconds=round(last_cpu[0], 1),
                           photosPerCPUSecond=round(len(files) / last_cpu[0], 2),
                           summary=err.strip().splitlines()[-2:])}
    if a.no_halves:
        print(json.dumps(result, indent=1))
        return

    # Two halves: every other photo first, two names written in by hand, then all the photos again.
    half = os.path.join(out, "people-half.json")
    run(base + ["-", "--people", half], dataset, stdin="\n".join(files[0::2]) + "\n")
    first = json.load(open(half))
    biggest = sorted(first["people"], key=lambda p: -len(p["faces"]))[:2]
    names = {p["id"]: f"Hand Name {n + 1}" for n, p in enumerate(biggest)}
    text = open(half).read()
    for pid, name in names.items():
        text, count = re.subn(r'(\{"id": %d, "name": )""' % pid, r'\1"%s"' % name, text)
        assert count == 1
    open(half, "w").write(text)
    first_faces = {p["id"]: {(f["file"], tuple(f["box"])) for f in p["faces"]} for p in first["people"]}
    wall2, err2 = run(base + ["-", "--people", half], dataset, stdin="\n".join(files) + "\n")
    second = json.load(open(half))
    by_id = {p["id"]: p for p in second["people"]}
    kept_ids = all(pid in by_id for pid in first_faces)
    kept_faces = all(faces <= {(f["file"], tuple(f["box"])) for f in by_id[pid]["faces"]}
                     for pid, faces in first_faces.items() if pid in by_id)
    kept_names = all(by_id.get(pid, {}).get("name") == name for pid, name in names.items())
    halves = score(a.score, truth_path, half)
    result["halves"] = dict(halves, secondRunSeconds=round(wall2, 1), idsKept=kept_ids, facesKept=kept_faces,
                            namesKept=kept_names, summary=err2.strip().splitlines()[-2:],
                            pairwiseFDifference=round(halves["pairwiseF"] - result["full"]["pairwiseF"], 4),
                            bcubedFDifference=round(halves["bcubedF"] - result["full"]["bcubedF"], 4))
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
