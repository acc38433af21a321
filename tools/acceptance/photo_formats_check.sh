#!/bin/sh
# HEIC, AVIF and WebP input against the JPEG originals (docs/usage.md "Photo formats"):
#   tools/acceptance/photo_formats_check.sh [N] [SCRATCH]
# Makes quality-90 copies (heif-enc, heif-enc -A, cwebp) of the first N (default 40) photos of
# ../shared/eval/detection-dev/images (sorted by path) in SCRATCH (default: a new temporary folder;
# these photos are for evaluation only, so the copies are never kept in the repository), then:
#  1. accuracy: runs the release tool on the originals and on each set of copies with
#     --min-face-size 10px --landmarks none --classification none, maps each record's file back to
#     the original's name, and scores it (score.py --only-predicted): AP per format;
#  2. decoding cost on the same files: decode-bench (ImageCodec.read in its process: read + decode
#     to RGB) against the libraries' own tools, heif-convert (to .y4m) and dwebp (to .ppm), in
#     interleaved rounds (tools/benchmarks/decode_speed_vs_tools.py says how).
# Needs: apt-get install -y libheif-examples webp; builds the tool and Benchmarks/ in release mode.
# Timings are wall times on a machine that may be shared: run it on an idle one.
set -eu
cd "$(dirname "$0")/../.."
count=${1:-40}
scratch=${2:-$(mktemp -d)}
truth=../shared/eval/detection-dev/truth.json
images=../shared/eval/detection-dev/images
swift build -c release --product facedetect >/dev/null
tool=$(swift build -c release --show-bin-path)/facedetect
swift build -c release --package-path Benchmarks --product decode-bench >/dev/null
bench=$(swift build -c release --package-path Benchmarks --show-bin-path)/decode-bench

mkdir -p "$scratch"
find "$images" -type f -iname '*.jpg' | LC_ALL=C sort | head -n "$count" > "$scratch/originals.txt"
for format in heic avif webp; do
    rm -f "$scratch/$format.txt"
    while read -r original; do
        relative=${original#"$images"/}
        copy=$scratch/$format/images/${relative%.*}.$format
        mkdir -p "$(dirname "$copy")"
        if [ ! -s "$copy" ]; then
            case $format in
            heic) heif-enc -q 90 -o "$copy" "$original" >/dev/null ;;
            avif) heif-enc -A -q 90 -o "$copy" "$original" >/dev/null ;;
            webp) cwebp -quiet -q 90 "$original" -o "$copy" ;;
            esac
        fi
        echo "$copy" >> "$scratch/$format.txt"
    done < "$scratch/originals.txt"
done

echo "| input | AP | recall | faces | bytes |"
echo "|---|---|---|---|---|"
for format in jpg heic avif webp; do
    list=$scratch/$format.txt
    [ "$format" = jpg ] && list=$scratch/originals.txt
    # Run where the files are images/<event>/<name>.<ext>, so that records name them as the truth
    # does once the extension is the original's again.
    folder=$scratch/$format
    [ "$format" = jpg ] && folder=$(dirname "$images")
    (cd "$folder" && sed "s|^$folder/||; s|^$(dirname "$images")/||" "$list" \
        | "$tool" - --json - --no-progress --min-face-size 10px --landmarks none --classification none \
            2>/dev/null) | sed -E 's/\.(heic|avif|webp)", /.jpg", /' > "$scratch/$format.jsonl" || true
    python3 ../shared/tools/score.py --truth "$truth" --pred "$scratch/$format.jsonl" --only-predicted \
        --json "$scratch/$format.score.json" --quiet
    bytes=$(xargs cat < "$list" | wc -c)
    python3 - "$scratch/$format.score.json" "$scratch/$format.jsonl" "$format" "$bytes" <<'EOF'
import json, sys
score = json.load(open(sys.argv[1]))
records = [json.loads(line) for line in open(sys.argv[2])]
faces = sum(len(r.get("faces", [])) for r in records)
errors = [r for r in records if "error" in r]
detection = score.get("detection", score)
ap = detection.get("ap", detection.get("AP"))
recall = detection.get("recall", detection.get("max_recall"))
print(f"| {sys.argv[3]} ({len(records)} files, {len(errors)} errors) | {ap:.4f} | {recall:.4f} | {faces} | {sys.argv[4]} |")
EOF
done

echo
echo "Decoding (tools/benchmarks/decode_speed_vs_tools.py: per-file medians, ratios ours / theirs):"
python3 tools/benchmarks/decode_speed_vs_tools.py "$bench" "$scratch/heic.txt" "$scratch/avif.txt" "$scratch/webp.txt"
xargs "$bench" --warmup 1 --repeat 3 < "$scratch/originals.txt" 2>/dev/null \
    | awk '{ print $1 }' | sort -n | awk '{ a[NR] = $1 } END { printf "(the JPEG originals: decode-bench median %.1f ms)\n", a[int((NR + 1) / 2)] }'
echo "(scratch: $scratch)"
