// Dev-time helper for tools/make_codec_fixtures.py: writes a YCCK JPEG (Adobe APP14, transform 2),
// which Pillow cannot write. Usage: make_ycck_jpeg WIDTH HEIGHT < cmyk.raw > out.jpg
// Build: cc -O2 -o make_ycck_jpeg make_ycck_jpeg.c -ljpeg
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>

int main(int argc, char **argv) {
    if (argc != 3) return 2;
    int width = atoi(argv[1]), height = atoi(argv[2]);
    size_t size = (size_t)width * (size_t)height * 4;
    unsigned char *cmyk = malloc(size);
    if (cmyk == NULL || fread(cmyk, 1, size, stdin) != size) return 1;

    struct jpeg_compress_struct cinfo;
    struct jpeg_error_mgr errors;
    cinfo.err = jpeg_std_error(&errors);
    jpeg_create_compress(&cinfo);
    jpeg_stdio_dest(&cinfo, stdout);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_CMYK;
    jpeg_set_defaults(&cinfo);
    jpeg_set_colorspace(&cinfo, JCS_YCCK);  // also makes libjpeg write the Adobe marker
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
