#!/bin/bash
# The tool's detection time per photo for two builds, measured in alternating rounds on the same photos.
#
#   tools/cost_vs_build.sh OLD_BINARY NEW_BINARY ROUNDS [TOOL OPTIONS...]
#
# Runs each binary on the first 40 images (sorted paths) of ../shared/eval/detection-dev with
# `--threads 1 --min-face-size 20px` and the given options, OLD then NEW in every round, and prints
# the mean over photos of each photo's fastest `seconds` (detection alone, decoding excluded) for
# both, and their ratio. Build the old one in a worktree, e.g.
#   git worktree add /tmp/old COMMIT && (cd /tmp/old && swift build -c release --product facedetect)
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 OLD_BINARY NEW_BINARY ROUNDS [TOOL OPTIONS...]" >&2; exit 2; }
old=$(realpath "$1"); new=$(realpath "$2"); rounds=$3; shift 3
set_dir="$(dirname "$0")/../../shared/eval/detection-dev"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$set_dir"
find images -type f | sort | head -40 > "$work/list.txt"
for r in $(seq 1 "$rounds"); do
    "$old" - --threads 1 --min-face-size 20px "$@" --json "$work/old-$r.jsonl" -q < "$work/list.txt" || true
    "$new" - --threads 1 --min-face-size 20px "$@" --json "$work/new-$r.jsonl" -q < "$work/list.txt" || true
done
python3 - "$work" "$rounds" <<'P'
import json, sys
work, rounds = sys.argv[1], int(sys.argv[2])
means = {}
for side in ("old", "new"):
    fastest, faces = {}, 0
    for r in range(1, rounds + 1):
        for line in open(f"{work}/{side}-{r}.jsonl"):
            record = json.loads(line)
            fastest[record["file"]] = min(fastest.get(record["file"], float("inf")), record["seconds"])
            faces += len(record["faces"]) if r == 1 else 0
    means[side] = 1000 * sum(fastest.values()) / len(fastest)
    print(f"{side}: {len(fastest)} photos, {faces} faces, {means[side]:.2f} ms per photo")
print(f"ratio new/old {means['new'] / means['old']:.2f}")
P
