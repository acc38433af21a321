#!/bin/sh
# Builds a libFuzzer target of Fuzz/ (with AddressSanitizer) and runs it for SECONDS (default 60) on
# a working corpus seeded from Fixtures/, after replaying Fixtures/fuzz/TARGET/ (the regression
# inputs of earlier findings).
#   tools/dev/fuzz.sh TARGET [SECONDS] [extra libFuzzer flags...]
# TARGET: image (JPEG/PNG decode through the C shims), heif (HEIF/AVIF decode through CHEIF and
# libheif), webp (WebP decode through CWebP and libwebp), exif (orientation parser), model (ModelFile),
# cli (the command-line parser; argv is the input split at NUL bytes), resume (the --resume JSON
# Lines reader, in memory), probe (the ffprobe-output parser for videos).
# Each target builds in its own folder, Fuzz/.build/TARGET, so that going from one target to another
# does not rebuild the first. The working corpus lives in .build/fuzz-corpus/TARGET (kept between
# runs, not committed); a finding is written as .build/fuzz-findings/TARGET/crash-… (or leak-…,
# timeout-…, oom-…): make it a regression input by copying it into Fixtures/fuzz/TARGET/ and fix the
# code.
set -eu
cd "$(dirname "$0")/../.."
target=${1:?usage: tools/dev/fuzz.sh image|heif|webp|exif|model|cli|resume|probe [SECONDS] [libFuzzer flags...]}
seconds=${2:-60}
[ $# -ge 2 ] && shift 2 || shift $#
case $target in
image | heif | webp | exif | model | cli | resume | probe) ;;
*) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;;
esac
scratch=Fuzz/.build/$target
swift build --package-path Fuzz --scratch-path "$scratch" -c release --sanitize=fuzzer --sanitize=address \
    -Xswiftc -enable-testing \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp -Xcc -fsanitize=fuzzer-no-link \
    --product "fuzz-$target" >/dev/null
binary=$scratch/release/fuzz-$target
corpus=.build/fuzz-corpus/$target
findings=.build/fuzz-findings/$target
mkdir -p "$corpus" "$findings"
dictionary=
# Seeds: files of Fixtures/ (for exif, their APP1 payloads are inside; the fuzzer finds them), or,
# for the two text formats, inputs written here.
case $target in
image) for seed in $(find Fixtures -maxdepth 2 \( -iname '*.jpg' -o -iname '*.png' \) -size -200k); do
    cp "$seed" "$corpus/seed-$(basename "$seed")"; done ;;
heif) for seed in $(find Fixtures/codec -maxdepth 1 \( -name '*.heic' -o -name '*.avif' \) -size -40k); do
    cp "$seed" "$corpus/seed-$(basename "$seed")"; done ;;
webp) for seed in $(find Fixtures/codec -name '*.webp' -size -40k); do
    cp "$seed" "$corpus/seed-$(basename "$seed")"; done ;;
exif)
    # The APP1 payloads ("Exif\0\0" and the TIFF block) of the EXIF photos: a whole JPEG never
    # reaches the parser.
    for seed in $(find Fixtures/codec -name 'exif_*.jpg'); do
        python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); i = d.find(b"Exif\0\0")
sys.stdout.buffer.write(d[i:i - 2 + (d[i - 2] << 8 | d[i - 1])] if i >= 4 else b"")' "$seed" \
            > "$corpus/seed-$(basename "$seed" .jpg).app1"
    done ;;
model) for seed in $(find Fixtures Models -name '*.fdm' -size -400k); do
    cp "$seed" "$corpus/seed-$(basename "$seed")"; done ;;
cli)
    dictionary=Fuzz/Dictionaries/cli.dict
    printf '%s\0' photo.jpg > "$corpus/seed-one"
    printf '%s\0' -o out --json log.jsonl --resume --threads 2 --shard 1/4 a.jpg - > "$corpus/seed-batch"
    printf '%s\0' --mode=fast --min-face-size 40px --min-score 0.5 --crop c --crop-margin 0.2 x.png \
        > "$corpus/seed-values"
    printf '%s\0' --landmarks all --contours all --classification all --best -c --blur -q --max-pixels 100 \
        --max-file-size 9 --shard auto/3 --csv - -- -x > "$corpus/seed-flags" ;;
resume)
    printf '%s\n' '{"file": "a.jpg", "faces": []}' '{"file": "b\"\\c\n\u00e9\ud83d\ude00.png", "faces": []}' \
        '{"file": "cut' > "$corpus/seed-log" ;;
probe) for seed in $(find Fixtures/video/probe -name '*.txt'); do
    cp "$seed" "$corpus/seed-$(basename "$seed")"; done ;;
esac
# Leaks inside the system codec libraries (not instrumented, not ours) are suppressed.
export LSAN_OPTIONS="suppressions=$PWD/tools/dev/sanitizers/fuzz-lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
regressions=Fixtures/fuzz/$target
if [ -d "$regressions" ] && [ -n "$(ls -A "$regressions")" ]; then
    "$binary" -runs=0 "$regressions"/* >/dev/null 2>&1 || { echo "fuzz.sh: a regression input of $target fails again" >&2; exit 1; }
fi
"$binary" "$corpus" -max_total_time="$seconds" -max_len=262144 -rss_limit_mb=2048 -timeout=10 \
    ${dictionary:+-dict="$dictionary"} -artifact_prefix="$findings/" -print_final_stats=1 "$@"
