// Dev-time helper for tools/make_codec_fixtures.py: writes the four-component JPEGs Pillow cannot write:
// YCCK (with libjpeg's Adobe APP14 marker, transform 2), or with a third argument "plain", CMYK with
// NO Adobe marker. Usage: make_ycck_jpeg WIDTH HEIGHT [plain] < cmyk.raw > out.jpg
// Build: cc -O2 -o make_ycck_jpeg make_ycck_jpeg.c -ljpeg
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>

#include "jpeg_to_stdout.h"

int main(int argc, char **argv) {
    if (argc != 3 && argc != 4) return 2;
    int plain = argc == 4;
    int width = atoi(argv[1]), height = atoi(argv[2]);
    size_t size = (size_t)width * (size_t)height * 4;
    unsigned char *cmyk = malloc(size);
    if (cmyk == NULL || fread(cmyk, 1, size, stdin) != size) return 1;

    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr errors;
    jpeg_to_stdout(&cinfo, &errors, width, height, 4, JCS_CMYK);
    jpeg_set_colorspace(&cinfo, plain ? JCS_CMYK : JCS_YCCK);  // both make libjpeg write an Adobe marker...
    if (plain) cinfo.write_Adobe_marker = FALSE;                 // ...unless told not to
    jpeg_set_quality(&cinfo, 95, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = cmyk + (size_t)cinfo.next_scanline * (size_t)width * 4;
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(cmyk);
    return 0;
}
