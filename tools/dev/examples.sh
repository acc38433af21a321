#!/bin/sh
# Checks the library's examples (README "The library"): every Swift snippet in README.md and the
# DocC articles (Sources/*/*.docc/*.md) must be, byte for byte, the main.swift of one executable of
# the Examples/ package (which depends on this package by path, as an outside user's would), and
# every executable there must be such a snippet; then builds the package and runs each executable
# in a scratch folder where photo.jpg is a fixture photo (Grace Hopper, then the astronaut).
#   tools/dev/examples.sh
# The one snippet that is not a program, GettingStarted's Package.swift fragment (it starts with
# "// Package.swift"), is left out.
set -eu
cd "$(dirname "$0")/../.."
python3 - <<'PY'
import glob, re, sys
docs = ["README.md"] + sorted(glob.glob("Sources/*/*.docc/*.md"))
examples = {path: open(path).read() for path in sorted(glob.glob("Examples/Sources/*/main.swift"))}
used, failed = set(), False
for doc in docs:
    for snippet in re.findall(r"```swift\n(.*?)```", open(doc).read(), re.S):
        if snippet.startswith("// Package.swift"):
            continue
        matches = [path for path, text in examples.items() if text == snippet]
        if not matches:
            first = snippet.strip().splitlines()[-1]
            print(f"examples.sh: {doc}: a snippet is in no Examples/Sources/*/main.swift (ends: {first})", file=sys.stderr)
            failed = True
        used.update(matches)
for path in sorted(set(examples) - used):
    print(f"examples.sh: {path} is no snippet of README.md or the DocC articles", file=sys.stderr)
    failed = True
print(f"examples.sh: {len(used)} examples, each a snippet of the documentation")
sys.exit(1 if failed else 0)
PY
# The build must succeed without a warning (a snippet that warns is a bad example).
log=$(swift build --package-path Examples 2>&1) || { echo "$log" >&2; echo "examples.sh: the build failed" >&2; exit 1; }
if echo "$log" | grep -q 'warning:'; then
    echo "$log" | grep -A4 'warning:' >&2
    echo "examples.sh: the examples build with warnings" >&2
    exit 1
fi
bin=$(swift build --package-path Examples --show-bin-path)
status=0
for photo in grace_hopper.jpg astronaut.png; do
    scratch=$(mktemp -d)
    cp "Fixtures/$photo" "$scratch/photo.jpg"
    for main in Examples/Sources/*/main.swift; do
        name=$(basename "$(dirname "$main")")
        if (cd "$scratch" && "$bin/$name") >"$scratch/$name.log" 2>&1; then
            echo "examples.sh: $name on $photo: ok, $(head -c 160 "$scratch/$name.log" | head -n 1)"
        else
            cat "$scratch/$name.log" >&2
            echo "examples.sh: $name on $photo: failed" >&2
            status=1
        fi
    done
    rm -rf "$scratch"
done
exit $status
