// libjpeg(-turbo), found through pkg-config (Package.swift); the C shim CJPEG includes the headers itself.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
