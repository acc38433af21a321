#!/usr/bin/env bash
# The JSON a build writes, at the settings a refactoring must not change (issue [house]'s
# acceptance): detection-dev at the defaults, in fast and thorough mode, with every contour and
# blendshape, and a generated clip; the timing fields (`seconds`, `decodeSeconds`) removed.
#
#   tools/acceptance/same_json.sh write FACEDETECT OUT_DIR     # one build's JSON into OUT_DIR
#   tools/acceptance/same_json.sh compare DIR_A DIR_B          # exit 1 and the first differences
#
# The clip (OUT_DIR/../clip.mp4) is made by tools/acceptance/video_tracking_clip.py (4 s, two faces) when it is
# not there; keep one clip for the builds compared.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
eval_dir="$(cd "${EVAL_DIR:-$here/../shared/eval}" && pwd)"

strip_times() { sed -E 's/, "(seconds|decodeSeconds)": [0-9.eE+-]+//g' "$1"; }

case "${1:-}" in
write)
    tool="$(cd "$(dirname "$2")" && pwd)/$(basename "$2")"
    mkdir -p "$3/raw"
    out="$(cd "$3" && pwd)"
    clip_dir="$(dirname "$out")"
    [ -f "$clip_dir/clip.mp4" ] || python3 "$here/tools/acceptance/video_tracking_clip.py" make "$clip_dir/clip.mp4" --seconds 4 > /dev/null
    # Relative input paths, so that the records' `file` is the same wherever the tree is.
    cd "$eval_dir/detection-dev"
    images=images
    "$tool" "$images" --json "$out/raw/defaults.jsonl" --threads 2 || [ $? -eq 2 ]
    "$tool" "$images" --json "$out/raw/fast.jsonl" --mode fast --threads 2 || [ $? -eq 2 ]
    "$tool" "$images" --json "$out/raw/thorough.jsonl" --mode thorough --threads 2 || [ $? -eq 2 ]
    "$tool" "$images" --json "$out/raw/contours-blendshapes.jsonl" --contours all --blendshapes all --threads 2 || [ $? -eq 2 ]
    (cd "$clip_dir" && "$tool" clip.mp4 --json "$out/raw/video.jsonl" --threads 2) || [ $? -eq 2 ]
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
