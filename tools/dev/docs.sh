#!/bin/sh
# Builds the DocC documentation of the two library products, FaceDetection and FaceDetectionIO,
# from their catalogs (Sources/MODULE/MODULE.docc) and the symbol graphs of their public API, and
# fails on any DocC warning or on a public symbol without a doc comment.
#   tools/dev/docs.sh [OUTPUT_DIR]      (default .build/docs; one MODULE.doccarchive per module)
# Needs only the toolchain (docc ships with it) and python3 to read DocC's coverage report.
# Serve an archive with any static web server: python3 -m http.server -d .build/docs/FaceDetection.doccarchive
set -eu
cd "$(dirname "$0")/../.."
out=${1:-.build/docs}
graphs=$(swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members 2>&1 |
    sed -n 's/^Files written to //p')
[ -d "$graphs" ] || { echo "docs.sh: no symbol graphs were written" >&2; exit 1; }
status=0
for module in FaceDetection FaceDetectionIO; do
    input=$(mktemp -d)
    # The module's own graph and its extensions of other modules (FaceDetectionIO@FaceDetection…).
    cp "$graphs/$module.symbols.json" "$input/"
    for extension in "$graphs/$module@"*.symbols.json; do [ -e "$extension" ] && cp "$extension" "$input/"; done
    rm -rf "$out/$module.doccarchive"
    mkdir -p "$out"
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$input" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.facedetect.$module" \
        --fallback-default-module-kind "Framework" --transform-for-static-hosting \
        --output-dir "$out/$module.doccarchive" --warnings-as-errors \
        --experimental-documentation-coverage --coverage-summary-level brief >"$input/log" 2>&1 ||
        { cat "$input/log" >&2; echo "docs.sh: $module: docc failed (warnings are errors)" >&2; status=1; }
    # Every public symbol documented: a symbol without an abstract is an error, except what the
    # compiler writes, which has no source to comment: a raw-value enum's `init(rawValue:)` and a
    # Codable struct's `init(from:)` (its `encode(to:)` inherits the protocol's documentation).
    python3 - "$out/$module.doccarchive/documentation-coverage.json" "$module" <<'PY' || status=1
import json, sys
items = json.load(open(sys.argv[1]))
missing = sorted(i["referencePath"].split("/documentation/", 1)[1] for i in items
                 if i["kind"]["isSymbol"] and not i["hasAbstract"] and i["title"] not in ("init(rawValue:)", "init(from:)"))
for path in missing:
    print(f"docs.sh: {sys.argv[2]}: no doc comment: {path}", file=sys.stderr)
print(f"{sys.argv[2]}: {sum(i['kind']['isSymbol'] for i in items)} public symbols, {len(missing)} undocumented")
sys.exit(1 if missing else 0)
PY
    rm -rf "$input"
done
exit $status
