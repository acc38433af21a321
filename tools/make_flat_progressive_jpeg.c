// Dev-time helper for tools/hostile_inputs.py: writes a WIDTH x HEIGHT mid-grey progressive JPEG
// (libjpeg's standard progression, 10 scans), whose scans are tiny: the base of a file that
// repeats its last scan hundreds of times, cheap to store and slow to decode.
// Usage: make_flat_progressive_jpeg WIDTH HEIGHT > out.jpg
// Build: cc -O2 -o make_flat_progressive_jpeg make_flat_progressive_jpeg.c -ljpeg
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

#include "jpeg_to_stdout.h"

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    int width = atoi(argv[1]), height = atoi(argv[2]);
    if (width <= 0 || height <= 0) return 2;
    unsigned char *row = malloc((size_t)width * 3);
    if (row == NULL) return 1;
    memset(row, 128, (size_t)width * 3);

    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr errors;
    jpeg_to_stdout(&cinfo, &errors, width, height, 3, JCS_RGB);
    jpeg_set_quality(&cinfo, 90, TRUE);
    jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) jpeg_write_scanlines(&cinfo, &row, 1);
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    return 0;
}
