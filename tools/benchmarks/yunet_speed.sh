#!/bin/bash
# YuNet's network alone, this checkout against a base commit, in alternating rounds on one CPU:
# yunet-bench (Benchmarks/) per layer with exact multiply-add counts and % of a measured peak.
#   tools/benchmarks/yunet_speed.sh BASE_COMMIT ROUNDS PEAK_GMACS IMAGE...
# e.g. tools/benchmarks/yunet_speed.sh 32ba754 3 51.4 /tmp/photo1.jpg /tmp/photo2.jpg (32ba754: ffbf7ab's kernels
# with the traced run and layerCosts that yunet-bench needs)
# Builds both benches (the base in a temporary worktree, with this checkout's yunet-bench, which
# needs only YuNet.run's traced form and layerCosts: copy them onto older bases by hand) and
# writes per-round tables to /tmp/yunet-speed/{base,head}-ROUND.txt; prints each round's totals.
set -euo pipefail
base=$1 rounds=$2 peak=$3
shift 3
root=$(cd "$(dirname "$0")/../.." && pwd)
out=/tmp/yunet-speed
mkdir -p "$out"
(cd "$root/Benchmarks" && swift build -c release -Xswiftc -enable-testing --product yunet-bench >/dev/null)
cp "$root/Benchmarks/.build/release/yunet-bench" "$out/head"
if [ ! -d "$out/base-tree" ]; then git -C "$root" worktree add "$out/base-tree" "$base" >/dev/null; fi
cp "$root/Benchmarks/Sources/yunet-bench/main.swift" "$out/base-tree/Benchmarks/Sources/yunet-bench/main.swift"
(cd "$out/base-tree/Benchmarks" && swift build -c release -Xswiftc -enable-testing --product yunet-bench >/dev/null)
cp "$out/base-tree/Benchmarks/.build/release/yunet-bench" "$out/base"
for r in $(seq "$rounds"); do
    for b in base head; do
        taskset -c 1 "$out/$b" "$@" --peak "$peak" --repeat 5 --layers >"$out/$b-$r.txt"
        echo "round $r $b: $(tail -1 "$out/$b-$r.txt")"
    done
done
