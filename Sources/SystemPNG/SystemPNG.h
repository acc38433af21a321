// libpng, found through pkg-config (Package.swift); the C shim CPNG includes the headers itself.
#include <stddef.h>
#include <png.h>
