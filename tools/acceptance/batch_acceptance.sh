#!/bin/sh
# The [batch] acceptance checks, on the release build (run when the machine is quiet):
#  1. wall time of 40 photos with 1 and 2 threads (--min-face-size 20px);
#  2. peak RSS (/usr/bin/time -v) for 20 and 200 photos, and for the 20 fed 10 times;
#  3. SIGKILL in the middle of a run, then --resume: every photo once, every line valid JSON;
#  4. --shard 1/3, 2/3, 3/3 cover the set exactly once.
#   tools/acceptance/batch_acceptance.sh [FOLDER]     (default ../shared/eval/detection-dev/images)
set -eu
cd "$(dirname "$0")/../.."
folder=$(cd "${1:-../shared/eval/detection-dev/images}" && pwd)
swift build -c release --product facedetect >/dev/null
binary=$(swift build -c release --show-bin-path)/facedetect
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
find "$folder" -type f -iname '*.jpg' | LC_ALL=C sort > "$work/all"
head -n 40 "$work/all" > "$work/40"; head -n 20 "$work/all" > "$work/20"; head -n 200 "$work/all" > "$work/200"
for i in 1 2 3 4 5 6 7 8 9 10; do cat "$work/20"; done > "$work/20x10"

# What the machine gives right now: a CPU loop in 1 process, then in 2 at once (2x the work).
loop='n = 0
for i in range(6_000_000): n += i'
start=$(date +%s.%N); python3 -c "$loop"; one=$(date +%s.%N)
python3 -c "$loop" & python3 -c "$loop"; wait; two=$(date +%s.%N)
echo "$start $one $two" | awk '{ printf "machine check: a CPU loop runs %.2fx faster in 2 processes than in 1\n", 2 * ($2 - $1) / ($3 - $2) }'

for threads in 1 2; do
    /usr/bin/time -f "40 photos, $threads thread(s): %e s wall, %U s user" \
        "$binary" - --json - --no-progress --threads "$threads" --min-face-size 20px < "$work/40" 2>&1 >/dev/null | tail -n 1
done
for list in 20 200 20x10; do
    /usr/bin/time -f "$list photos, 2 threads: peak RSS %M KB" \
        "$binary" - --json - --no-progress --threads 2 --min-face-size 20px < "$work/$list" 2>&1 >/dev/null | tail -n 1
done

"$binary" - --json "$work/kill.jsonl" --no-progress --min-face-size 20px < "$work/40" 2>/dev/null &
pid=$!
sleep 4
kill -KILL "$pid" || true
wait "$pid" 2>/dev/null || true
echo "killed after $(wc -l < "$work/kill.jsonl") records"
"$binary" - --json "$work/kill.jsonl" --resume --no-progress --min-face-size 20px < "$work/40" 2>&1 | tail -n 1
python3 - "$work/kill.jsonl" "$work/40" <<'PY'
import json, sys
files = [json.loads(line)["file"] for line in open(sys.argv[1])]
wanted = [line.strip() for line in open(sys.argv[2])]
print(f"after --resume: {len(files)} records, every photo once: {sorted(files) == sorted(wanted)}")
PY

for k in 1 2 3; do
    "$binary" "$folder" --json "$work/shard$k.jsonl" --shard "$k/3" --no-progress 2>/dev/null
done
cat "$work"/shard*.jsonl | python3 -c '
import json, sys
files = [json.loads(line)["file"] for line in sys.stdin]
print(f"shards 1/3+2/3+3/3: {len(files)} records, {len(set(files))} distinct")'
echo "photos in the folder: $(wc -l < "$work/all")"
