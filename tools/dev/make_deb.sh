#!/usr/bin/env bash
# shellcheck disable=SC2001 # sed over a variable reads better here than ${var//...}
# Builds a Debian package of the facedetect tool for machines without Swift (docs/install.md).
#
#   tools/dev/make_deb.sh [--output DIR] [--cpu NAME] [--check-in-chroot ROOT] [--mirror URL]
#
# 1. builds the `facedetect` product in release mode with the Swift runtime linked in
#    (--static-swift-stdlib), for any x86-64 CPU (FACEDETECT_CPU=portable, see Package.swift),
#    in its own scratch path (.build/deb/build), so that `.build`'s own builds are not touched.
#    --cpu NAME builds for that CPU instead (FACEDETECT_CPU=NAME, e.g. haswell for x86-64-v3:
#    faster, but the tool then refuses older CPUs with exit status 69); the version gets +NAME;
# 2. checks with ldd that only system libraries remain (libc, libm, libjpeg, libpng16, libz, libheif
#    and the decoders it loads (libde265, libdav1d, libaom, libx265, libnuma), libwebp and
#    libwebpdemux, and libstdc++ and libgcc_s, which the static Swift runtime needs), and fails otherwise;
# 3. strips the binary, makes a man page from --help with help2man, and a copyright file from
#    NOTICE, the licences in Models/ and LICENSE;
# 4. computes Depends with dpkg-shlibdeps and packages everything with dpkg-deb into
#    DIR/facedetect_VERSION_ARCH.deb (DIR defaults to .build/deb). VERSION is the tool's own
#    version (HelpText.version), then +git, the number of commits and the commit: 0.2.0+git218.61c40a2
#    (.dirty added when the work tree has uncommitted changes).
#
# --check-in-chroot ROOT then installs the package in ROOT, a Debian 12 root: made with
# `debootstrap --variant=minbase bookworm ROOT` when ROOT does not exist yet (an existing root is
# used as it is, so a copy of a fresh debootstrap gives a clean check each time). There it runs
# `dpkg -i`, `apt-get -f install` for the dependencies, and `facedetect` on Fixtures/astronaut.png,
# which must print exactly one face. /proc is mounted inside for the time of the check. Needs root
# and the network (a Debian mirror, --mirror, default http://deb.debian.org/debian).
#
# Needs: swift, git, dpkg-deb, dpkg-shlibdeps (dpkg-dev), help2man, strip, ldd; as root, the
# missing Debian packages among dpkg-dev, help2man, binutils and debootstrap are installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

die() { echo "make_deb: $*" >&2; exit 1; }
note() { echo "make_deb: $*" >&2; }

output="$repo/.build/deb"
chroot_root=""
cpu=portable
mirror="http://deb.debian.org/debian"
while [ $# -gt 0 ]; do
    case "$1" in
        --output) [ $# -ge 2 ] || die "--output needs a directory"; output=$2; shift 2 ;;
        --output=*) output=${1#*=}; shift ;;
        --check-in-chroot) [ $# -ge 2 ] || die "--check-in-chroot needs a directory"; chroot_root=$2; shift 2 ;;
        --check-in-chroot=*) chroot_root=${1#*=}; shift ;;
        --cpu) [ $# -ge 2 ] || die "--cpu needs a CPU name (portable, haswell, ...)"; cpu=$2; shift 2 ;;
        --cpu=*) cpu=${1#*=}; shift ;;
        --mirror) [ $# -ge 2 ] || die "--mirror needs a URL"; mirror=$2; shift 2 ;;
        --mirror=*) mirror=${1#*=}; shift ;;
        -h | --help) sed -n '/^# Builds a Debian/,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done
[[ $cpu =~ ^[a-z0-9][a-z0-9-]*$ ]] || die "--cpu: '$cpu' is not a CPU name (portable, haswell, znver4, ...)"
mkdir -p "$output"
output=$(cd "$output" && pwd)

# Debian packages that provide the commands this script needs, installed when missing (as root).
need() { # need COMMAND PACKAGE
    command -v "$1" > /dev/null 2>&1 && return 0
    [ "$(id -u)" -eq 0 ] || die "'$1' is missing: install the Debian package $2 (apt-get install $2)"
    note "installing $2 for '$1'"
    apt-get install -y "$2" > /dev/null || { apt-get update > /dev/null && apt-get install -y "$2" > /dev/null; } ||
        die "could not install $2"
}
command -v swift > /dev/null || die "swift is not on PATH (this script builds the package; see README)"
need git git
need dpkg-deb dpkg
need dpkg-shlibdeps dpkg-dev
need help2man help2man
need strip binutils
need ldd libc-bin

# MARK: - Version

base_version=$(sed -n 's/^ *static let version = "\([^"]*\)".*/\1/p' Sources/FaceDetectCLI/Options/HelpText.swift)
[ -n "$base_version" ] || die "no 'static let version' in Sources/FaceDetectCLI/Options/HelpText.swift"
commit=$(git rev-parse --short=7 HEAD)
version="$base_version+git$(git rev-list --count HEAD).$commit"
[ -z "$(git status --porcelain --untracked-files=no)" ] || version="$version.dirty"
[ "$cpu" = portable ] || version="$version+$cpu"
arch=$(dpkg --print-architecture)
maintainer="${DEBFULLNAME:-$(git log -1 --format=%an)} <${DEBEMAIL:-$(git log -1 --format=%ae)}>"
# Reproducible dates (man page, file times): the commit's.
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct)}
note "facedetect $version ($arch)"

# MARK: - Build

scratch="$repo/.build/deb/build"
[ "$cpu" = portable ] || scratch="$scratch-$cpu"
build=(swift build -c release --static-swift-stdlib --product facedetect --scratch-path "$scratch")
note "building: FACEDETECT_CPU=$cpu ${build[*]}"
FACEDETECT_CPU=$cpu "${build[@]}" || die "the release build failed"
binary="$(FACEDETECT_CPU=$cpu "${build[@]}" --show-bin-path)/facedetect"
[ -x "$binary" ] || die "no binary at $binary after the build"

# MARK: - Only system libraries

# Allowed: the C library (libc, libm and glibc's other names), libjpeg, libpng16, zlib, libheif
# with the codec libraries it links (HEVC: libde265, and libx265 with libnuma; AV1: libdav1d,
# libaom), libwebp and libwebpdemux, and the C++ runtime that the static Swift runtime needs
# (libstdc++, libgcc_s). A Swift library here
# (libswiftCore, libFoundation, libdispatch, ...) means the runtime was not linked in.
allowed='^(linux-vdso\.so\.1|/lib64/ld-linux-x86-64\.so\.2|ld-linux[-a-z0-9_.]*\.so\.[0-9]+|libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|librt\.so\.1|libutil\.so\.1|libjpeg\.so\.62|libpng16\.so\.16|libz\.so\.1|libheif\.so\.1|libde265\.so\.[0-9]+|libx265\.so\.[0-9]+|libnuma\.so\.1|libdav1d\.so\.[0-9]+|libaom\.so\.[0-9]+|libwebp\.so\.[0-9]+|libwebpdemux\.so\.[0-9]+|libsharpyuv\.so\.[0-9]+|libstdc\+\+\.so\.6|libgcc_s\.so\.1)$'
ldd_output=$(ldd "$binary") || die "ldd failed on $binary"
echo "$ldd_output" | sed 's/ (0x[0-9a-f]*)$//' >&2
if echo "$ldd_output" | grep -q 'not found'; then
    die "libraries not found: $(echo "$ldd_output" | grep 'not found' | awk '{print $1}' | tr '\n' ' ')"
fi
unexpected=$(echo "$ldd_output" | awk '{print $1}' | grep -Ev "$allowed" || true)
[ -z "$unexpected" ] || die "$binary links libraries that are not system libraries: $(echo "$unexpected" | tr '\n' ' ')"

# MARK: - Package tree

staging="$repo/.build/deb/root"
rm -rf "$staging"
umask 022
mkdir -p "$staging/DEBIAN" "$staging/usr/bin" "$staging/usr/share/man/man1" "$staging/usr/share/doc/facedetect"
cp "$binary" "$staging/usr/bin/facedetect"
strip --remove-section=.comment --remove-section=.note "$staging/usr/bin/facedetect"
"$staging/usr/bin/facedetect" --version > /dev/null || die "the stripped binary does not run"

# The man page: help2man wants "Usage:" where the help says "USAGE:", so it reads the help
# through a wrapper that changes that word only.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/facedetect" << EOF
#!/bin/sh
if [ "\$1" = --help ]; then "$staging/usr/bin/facedetect" --help | sed '1s/^USAGE:/Usage:/'
else exec "$staging/usr/bin/facedetect" "\$@"; fi
EOF
chmod 755 "$work/facedetect"
cat > "$work/man.include" << 'EOF'
[SEE ALSO]
The README of the source repository describes every option, the JSON Lines format and the
library; /usr/share/doc/facedetect/copyright lists the licences of the tool and of the models
built into it.
EOF
help2man --no-info --section 1 --name "find faces in photos (JPEG, PNG, HEIC, AVIF, WebP)" --include "$work/man.include" \
    --output "$work/facedetect.1" "$work/facedetect" || die "help2man failed"
grep -q '^\.SH SYNOPSIS' "$work/facedetect.1" || die "help2man found no usage line in --help"
gzip -9n < "$work/facedetect.1" > "$staging/usr/share/man/man1/facedetect.1.gz"

# The copyright file: what is in the binary and under which licence, then the texts.
apache=/usr/share/common-licenses/Apache-2.0
{
    cat << EOF
facedetect $version, built from commit $(git rev-parse HEAD)

The facedetect command-line tool. Its source code is under the Apache License 2.0 (LICENSE, the
last text below). The binary also contains:
- the trained models and data listed in NOTICE (below), each under its own licence, whose texts
  follow NOTICE;
- the Swift runtime (standard library and Synchronization), linked in statically: Apache License
  2.0 with the Runtime Library Exception, which needs no attribution for code embedded into a
  binary by compiling.
It is linked dynamically against Debian's libjpeg-turbo, libpng, libwebp and libheif (with the
HEVC and AV1 decoders libheif uses), each installed as its own package under its own licence;
libheif and libde265 are under the GNU LGPL 3.0 or later (see NOTICE).
EOF
    for file in NOTICE Models/*-LICENSE-*.txt LICENSE; do
        printf '\n%s\n%s\n\n' "==> $file <==" "$(printf '%*s' 78 '' | tr ' ' '=')"
        # Debian systems have the Apache License 2.0 itself in base-files: refer to it, as Debian does.
        if [ "$file" = LICENSE ] && [ -f "$apache" ] && diff -q <(sed 's/[[:space:]]*$//' LICENSE) \
            <(sed 's/[[:space:]]*$//' "$apache") > /dev/null; then
            echo "The Apache License, Version 2.0; on Debian systems its full text is in $apache."
        else
            cat "$file"
        fi
    done
} > "$staging/usr/share/doc/facedetect/copyright"

# A changelog, which Debian wants in every package: the commit this package was built from.
cat << EOF | gzip -9n > "$staging/usr/share/doc/facedetect/changelog.gz"
facedetect ($version) unstable; urgency=medium

  * Built by tools/dev/make_deb.sh from commit $(git rev-parse --short=12 HEAD).

 -- $maintainer  $(date -R -u -d "@$SOURCE_DATE_EPOCH")
EOF

# Depends: from the libraries the binary needs (dpkg-shlibdeps reads the host's shlibs files,
# so the build machine should be the Debian release the package is for).
mkdir -p "$work/shlibs/debian"
printf 'Source: facedetect\n\nPackage: facedetect\nArchitecture: any\n' > "$work/shlibs/debian/control"
depends=$(cd "$work/shlibs" && dpkg-shlibdeps -O "$staging/usr/bin/facedetect" 2> "$work/shlibdeps.log" |
    sed -n 's/^shlibs:Depends=//p') || { cat "$work/shlibdeps.log" >&2; die "dpkg-shlibdeps failed"; }
[ -n "$depends" ] || { cat "$work/shlibdeps.log" >&2; die "dpkg-shlibdeps gave no dependencies"; }
for package in libjpeg62-turbo libpng16-16 libheif1 libwebp libwebpdemux; do
    case "$depends" in *"$package"*) ;; *) die "Depends lacks $package: $depends" ;; esac
done

cat > "$staging/DEBIAN/control" << EOF
Package: facedetect
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --apparent-size "$staging/usr" | cut -f1)
Depends: $depends
Section: graphics
Priority: optional
Description: find faces in photos (JPEG, PNG, HEIC, AVIF, WebP)
 facedetect finds every face in JPEG, PNG, HEIC/HEIF, AVIF and WebP photos
 and reports the box, landmarks, Euler angles and smile and eye-open
 probabilities (as Android's FaceDetector and ML Kit report them), as text,
 JSON Lines or CSV, or drawn onto a copy of the picture. It runs offline:
 the models (YuNet, MTCNN, dlib's 5-point predictor, MediaPipe's face mesh,
 OpenCV's Haar cascades) are compiled into the binary. It prints faces as
 Debian's older facedetect did ('x y w h'), so scripts written for that tool
 keep running.
EOF
[ "$cpu" = portable ] || printf ' .\n This build is for %s CPUs only.\n' "$cpu" >> "$staging/DEBIAN/control"
find "$staging" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +

deb="$output/facedetect_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$staging" "$deb" > /dev/null || die "dpkg-deb failed"
note "binary: $(stat -c %s "$binary") bytes built, $(stat -c %s "$staging/usr/bin/facedetect") bytes stripped"
note "Depends: $depends"
note "package: $deb ($(stat -c %s "$deb") bytes)"

[ -n "$chroot_root" ] || exit 0

# MARK: - Check in a clean Debian 12 root

[ "$(id -u)" -eq 0 ] || die "--check-in-chroot needs root (debootstrap, mount, chroot)"
need debootstrap debootstrap
if [ ! -e "$chroot_root" ]; then
    note "making a Debian 12 root in $chroot_root (debootstrap --variant=minbase bookworm, $mirror)"
    debootstrap --variant=minbase bookworm "$chroot_root" "$mirror" > "$work/debootstrap.log" 2>&1 ||
        { tail -n 20 "$work/debootstrap.log" >&2; die "debootstrap failed (log above)"; }
fi
[ -x "$chroot_root/usr/bin/dpkg" ] || die "$chroot_root is not a Debian root (no usr/bin/dpkg)"
grep -q '^12\.' "$chroot_root/etc/debian_version" ||
    die "$chroot_root is Debian $(cat "$chroot_root/etc/debian_version"), not 12 (bookworm)"
chroot_root=$(cd "$chroot_root" && pwd)
[ "$chroot_root" != / ] || die "--check-in-chroot / would install into this machine"

mounted=""
cleanup() {
    [ -z "$mounted" ] || umount "$chroot_root/proc" || echo "make_deb: could not unmount $chroot_root/proc" >&2
    rm -rf "$work"
}
trap cleanup EXIT
if ! mountpoint -q "$chroot_root/proc"; then
    mount -t proc proc "$chroot_root/proc"
    mounted=yes
fi
cp /etc/resolv.conf "$chroot_root/etc/resolv.conf"
mkdir -p "$chroot_root/tmp/facedetect-check"
cp "$deb" Fixtures/astronaut.png "$chroot_root/tmp/facedetect-check/"
in_root() { chroot "$chroot_root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 "$@"; }

note "installing $(basename "$deb") in $chroot_root: dpkg -i, then apt-get -f install"
in_root dpkg -i "/tmp/facedetect-check/$(basename "$deb")" > "$work/dpkg.log" 2>&1 ||
    note "dpkg -i left dependencies to install (as expected in a minimal root)"
in_root apt-get update > "$work/apt.log" 2>&1 || { cat "$work/apt.log" >&2; die "apt-get update failed in the root"; }
in_root env DEBIAN_FRONTEND=noninteractive apt-get -f install -y > "$work/apt.log" 2>&1 ||
    { cat "$work/dpkg.log" "$work/apt.log" >&2; die "apt-get -f install failed in the root"; }
# shellcheck disable=SC2016 # dpkg-query's own ${field} syntax
in_root dpkg-query -W -f='${Status} ${Version}\n' facedetect | grep -q '^install ok installed' ||
    die "facedetect is not installed in the root"
# shellcheck disable=SC2016
note "installed: $(in_root dpkg-query -W -f='${Package} ${Version}' facedetect)"
in_root ldd /usr/bin/facedetect | sed 's/ (0x[0-9a-f]*)$//' >&2
faces=$(in_root facedetect /tmp/facedetect-check/astronaut.png) || die "facedetect failed in the root"
echo "$faces" | sed 's/^/make_deb: chroot: facedetect astronaut.png: /' >&2
if ! [[ $faces =~ ^[0-9]+\ [0-9]+\ [0-9]+\ [0-9]+$ ]]; then
    die "expected exactly one face ('x y w h') on astronaut.png in the root, got: ${faces:-nothing}"
fi
note "chroot check passed: the package installs on Debian 12 and finds the astronaut's face"
