#!/bin/sh
# The whole pipeline's cost with and without the capture-quality stage (docs/quality.md): two builds of the tool,
# A (the base) and B, run interleaved (A B A B ...) at the defaults with 1 thread on the first N photos of
# detection-dev (sorted by path); each run's user CPU time (`/usr/bin/time -f %U`: with 1 thread, the thread's)
# and wall time, then the medians and the median of B / A over the rounds.
#   tools/benchmarks/quality_cost.sh A_FACEDETECT B_FACEDETECT [ROUNDS] [N] [FOLDER]
set -eu
a=$1
b=$2
rounds=${3:-6}
count=${4:-60}
folder=${5:-$(dirname "$0")/../../../shared/eval/detection-dev/images}
list=$(mktemp)
times=$(mktemp)
trap 'rm -f "$list" "$times"' EXIT
find "$folder" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \) | LC_ALL=C sort | head -n "$count" > "$list"
for round in $(seq 1 "$rounds"); do
    for build in A B; do
        [ "$build" = A ] && tool=$a || tool=$b
        /usr/bin/time -f "$build %U %e" -a -o "$times" "$tool" - --json - --no-progress --threads 1 < "$list" > /dev/null
    done
done
awk -v n="$(wc -l < "$list")" '
    { cpu[$1, ++k[$1]] = $2; wall[$1, k[$1]] = $3 }
    function median(arr, build, count,   i, j, t, v) {
        for (i = 1; i <= count; i++) v[i] = arr[build, i]
        for (i = 1; i <= count; i++) for (j = i + 1; j <= count; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
        return count % 2 ? v[(count + 1) / 2] : (v[count / 2] + v[count / 2 + 1]) / 2
    }
    END {
        r = k["A"]
        for (i = 1; i <= r; i++) ratio["R", i] = cpu["B", i] / cpu["A", i]
        printf "%d photos, %d rounds, 1 thread: A CPU %.2f s (wall %.2f), B CPU %.2f s (wall %.2f), B / A CPU %.4f (median of rounds)\n",
            n, r, median(cpu, "A", r), median(wall, "A", r), median(cpu, "B", r), median(wall, "B", r), median(ratio, "R", r)
        for (i = 1; i <= r; i++) printf "  round %d: A %.2f s, B %.2f s\n", i, cpu["A", i], cpu["B", i]
    }' "$times"
