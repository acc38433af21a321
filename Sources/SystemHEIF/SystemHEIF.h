// libheif, found through pkg-config (Package.swift); the C shim CHEIF includes the headers itself.
#include <stddef.h>
#include <libheif/heif.h>
