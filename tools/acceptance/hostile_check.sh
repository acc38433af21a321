#!/bin/sh
# Peak memory and time of the tool on hostile inputs (docs/reliability.md), release build:
# each file of Fixtures/codec/bad and of tools/fixtures/hostile_inputs.py (JPEG, PNG, HEIF, AVIF, WebP) alone
# with --threads 2, then all of
# them as one batch with --threads 2 (two images decoded at once). One line per run: exit status,
# wall seconds, peak RSS (/usr/bin/time -v), and the tool's error line.
# The tool runs with its defaults (accurate mode, landmarks, classification) plus $FLAGS.
#   FLAGS="--max-pixels 50000000" tools/acceptance/hostile_check.sh
set -eu
cd "$(dirname "$0")/../.."
swift build -c release --product facedetect >/dev/null
binary=$(swift build -c release --show-bin-path)/facedetect
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 tools/fixtures/hostile_inputs.py "$work/in" >/dev/null
cp Fixtures/codec/bad/*.jpg Fixtures/codec/bad/*.png Fixtures/codec/bad/image.* "$work/in/"

run() {
    label=$1
    shift
    # shellcheck disable=SC2086 # FLAGS is a list of words
    /usr/bin/time -v -o "$work/time" "$binary" "$@" --json "$work/out.jsonl" --no-progress --threads 2 \
        ${FLAGS:-} 2>"$work/err" && status=0 || status=$?
    rss=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$work/time")  # MiB
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ { print $2 }' "$work/time")
    printf '%-24s exit %s  %8s  %4s MiB  %s\n' "$label" "$status" "$wall" "$rss" "$(head -n 1 "$work/err" | cut -c 1-110)"
}

for file in "$work"/in/*; do
    run "$(basename "$file")" "$file"
done
run "all, one batch" "$work/in"
