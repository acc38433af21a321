#!/bin/sh
# Builds a libFuzzer target of Fuzz/ (with AddressSanitizer) and runs it for SECONDS (default 60) on
# a working corpus seeded from Fixtures/, then replays Fixtures/fuzz/TARGET/ (the regression inputs
# of earlier findings).
#   tools/fuzz.sh TARGET [SECONDS] [extra libFuzzer flags...]
# TARGET: image (JPEG/PNG decode through the C shims), exif (orientation parser), model (ModelFile),
# probe (the ffprobe-output parser for videos).
# The working corpus lives in .build/fuzz-corpus/TARGET (kept between runs, not committed); a
# finding is written as .build/fuzz-findings/TARGET/crash-… (or leak-…, timeout-…, oom-…): make it a
# regression input by copying it into Fixtures/fuzz/TARGET/ and fix the code.
set -eu
cd "$(dirname "$0")/.."
target=${1:?usage: tools/fuzz.sh image|exif|model|probe [SECONDS] [libFuzzer flags...]}
seconds=${2:-60}
[ $# -ge 2 ] && shift 2 || shift $#
swift build --package-path Fuzz -c release --sanitize=fuzzer --sanitize=address -Xswiftc -enable-testing \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xcc -fsanitize=fuzzer-no-link \
    --product "fuzz-$target" >/dev/null
binary=Fuzz/.build/release/fuzz-$target
corpus=.build/fuzz-corpus/$target
findings=.build/fuzz-findings/$target
mkdir -p "$corpus" "$findings"
case $target in
image) seeds=$(find Fixtures -maxdepth 2 \( -iname '*.jpg' -o -iname '*.png' \) -size -200k) ;;
exif) seeds=$(find Fixtures/codec -name 'exif_*.jpg') ;;
model) seeds=$(find Fixtures Models -name '*.fdm' -size -400k) ;;
probe) seeds=$(find Fixtures/video/probe -name '*.txt') ;;
*) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;;
esac
# Seeds: the files themselves (for exif, their APP1 payloads are inside; the fuzzer finds them).
for seed in $seeds; do cp "$seed" "$corpus/seed-$(basename "$seed")"; done
regressions=Fixtures/fuzz/$target
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
    "$binary" -runs=0 "$regressions"/* >/dev/null 2>&1 || { echo "fuzz.sh: a regression input of $target fails again" >&2; exit 1; }
fi
"$binary" "$corpus" -max_total_time="$seconds" -max_len=262144 -rss_limit_mb=2048 -timeout=10 \
    -artifact_prefix="$findings/" -print_final_stats=1 "$@"
