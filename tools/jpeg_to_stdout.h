// Shared by the dev-time JPEG writers in tools/ (make_flat_progressive_jpeg.c, make_ycck_jpeg.c):
// a libjpeg compressor writing to standard output, with its error manager, size and input colour space
// set and libjpeg's defaults applied; the caller sets what differs (quality, scans, colour space).
#ifndef JPEG_TO_STDOUT_H
#define JPEG_TO_STDOUT_H

#include <stdio.h>

#include <jpeglib.h>

/// Starts `cinfo` on stdout for a `width` × `height` image of `components` samples in `space`.
static void jpeg_to_stdout(struct jpeg_compress_struct *cinfo, struct jpeg_error_mgr *errors, int width,
                           int height, int components, J_COLOR_SPACE space) {
    cinfo->err = jpeg_std_error(errors);
    jpeg_create_compress(cinfo);
    jpeg_stdio_dest(cinfo, stdout);
    cinfo->image_width = (JDIMENSION)width;
    cinfo->image_height = (JDIMENSION)height;
    cinfo->input_components = components;
    cinfo->in_color_space = space;
    jpeg_set_defaults(cinfo);
}

#endif
