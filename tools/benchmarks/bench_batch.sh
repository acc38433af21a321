#!/bin/sh
# Batch throughput of the release build: images/s with 1 thread and with all cores on the
# first N JPEG/PNG files (sorted by path) of a folder.
#   tools/benchmarks/bench_batch.sh [FOLDER] [N] [extra facedetect options...]
# Defaults: ../shared/eval/detection-dev/images, 40 images, --min-face-size 20px.
# Builds with `swift build -c release` first. Timings are wall time (the machine may be shared).
set -eu
cd "$(dirname "$0")/../.."
folder=${1:-../shared/eval/detection-dev/images}
count=${2:-40}
[ $# -ge 2 ] && shift 2 || shift $#
[ $# -eq 0 ] && set -- --min-face-size 20px
swift build -c release --product facedetect >/dev/null
binary=$(swift build -c release --show-bin-path)/facedetect
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$folder" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) | LC_ALL=C sort | head -n "$count" > "$list"
n=$(wc -l < "$list")
cores=$(getconf _NPROCESSORS_ONLN)
now() { date +%s.%N; }
for threads in 1 $(seq 2 "$cores" | tail -n 1); do
    start=$(now)
    "$binary" - --json - --no-progress --threads "$threads" "$@" < "$list" > /dev/null || true
    end=$(now)
    echo "$n images, $threads thread(s): $(echo "$start $end $n" | awk '{ printf "%.2f s, %.2f images/s", $2 - $1, $3 / ($2 - $1) }')"
done
