// libwebp and its demuxer, found through pkg-config (Package.swift); the C shim CWebP includes the headers itself.
#include <stddef.h>
#include <webp/decode.h>
#include <webp/demux.h>
