#!/usr/bin/env bash
# The JSON a build writes, at the settings a refactoring must not change (issue [house]'s
# acceptance): detection-dev at the defaults, in fast and thorough mode, with every contour and
# blendshape, and a generated clip; the timing fields (`seconds`, `decodeSeconds`) removed.
#
#   tools/acceptance/same_json.sh write FACEDETECT OUT_DIR     # one build's JSON into OUT_DIR
#   tools/acceptance/same_json.sh compare DIR_A DIR_B          # exit 1 and the first differences
#
# The clip is made once into OUT_DIR/../clip.mp4 by tools/video_tracking_clip.py (4 s, two faces).
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
eval_dir="${EVAL_DIR:-$here/../shared/eval}"

strip_times() { sed -E 's/, "(seconds|decodeSeconds)": [0-9.eE+-]+//g' "$1"; }

case "${1:-}" in
write)
    tool="$2" out="$3"
    mkdir -p "$out/raw"
    clip="$(dirname "$out")/clip.mp4"
    [ -f "$clip" ] || python3 "$here/tools/video_tracking_clip.py" make "$clip" --seconds 4 > /dev/null
    images="$eval_dir/detection-dev/images"
    "$tool" "$images" --json "$out/raw/defaults.jsonl" --threads 2 || [ $? -eq 2 ]
    "$tool" "$images" --json "$out/raw/fast.jsonl" --mode fast --threads 2 || [ $? -eq 2 ]
    "$tool" "$images" --json "$out/raw/thorough.jsonl" --mode thorough --threads 2 || [ $? -eq 2 ]
    "$tool" "$images" --json "$out/raw/contours-blendshapes.jsonl" --contours all --blendshapes all --threads 2 || [ $? -eq 2 ]
    "$tool" "$clip" --json "$out/raw/video.jsonl" --threads 2 || [ $? -eq 2 ]
    for f in "$out"/raw/*.jsonl; do strip_times "$f" > "$out/$(basename "$f")"; done
    rm -r "$out/raw"
    wc -l "$out"/*.jsonl
    ;;
compare)
    status=0
    for f in "$2"/*.jsonl; do
        name="$(basename "$f")"
        if cmp -s "$f" "$3/$name"; then
            echo "same: $name ($(wc -l < "$f") lines)"
        else
            echo "DIFFERENT: $name"
            diff "$f" "$3/$name" | head -c 2000
            echo
            status=1
        fi
    done
    exit $status
    ;;
*)
    sed -n '2,9p' "$0"
    exit 64
    ;;
esac
