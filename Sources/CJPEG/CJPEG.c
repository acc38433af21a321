// libjpeg(-turbo) behind a setjmp boundary; see include/CJPEG.h for the contract.
#include "CJPEG.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jpeglib.h>
#include <jerror.h>

/// libjpeg's error manager extended with the jump target and the caller's status.
typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    CJPEGStatus *status;
    /// The decode's limit on progressive scans x image pixels (0: none).
    unsigned long long maxScanPixels;
} ErrorManager;

/// Fatal error: keep libjpeg's message and jump back to the shim call's setjmp.
static void on_error_exit(j_common_ptr cinfo) {
    ErrorManager *manager = (ErrorManager *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, manager->status->message);
    longjmp(manager->jump, 1);
}

/// Warnings (level -1) are counted and the first one kept; trace messages (level >= 0) are dropped.
static void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    ErrorManager *manager = (ErrorManager *)cinfo->err;
    if (manager->status->warningCount == 0) {
        (*cinfo->err->format_message)(cinfo, manager->status->firstWarning);
    }
    manager->status->warningCount += 1;
    cinfo->err->num_warnings += 1;
}

/// Nothing is ever printed to stderr.
static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// More scans than any real progressive JPEG has (libjpeg-turbo's tools suggest a limit of 500):
/// a crafted file with thousands of tiny scans would otherwise cost minutes of CPU.
#define CJPEG_MAX_SCANS 1000

/// Called by libjpeg between work units: fails the decode when the scan count passes the limit,
/// or when a progressive image's scans x pixels pass the decode's `maxScanPixels` (each scan
/// walks every block of the image: 999 scans of a flat 8000 x 8000 image, a 470 KB file, took 50 s).
static void on_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr decompressor = (j_decompress_ptr)cinfo;
    ErrorManager *manager = (ErrorManager *)cinfo->err;
    unsigned long long scans = (unsigned long long)decompressor->input_scan_number;
    if (scans > CJPEG_MAX_SCANS) {
        snprintf(manager->status->message, sizeof manager->status->message,
                 "more than %d progressive scans", CJPEG_MAX_SCANS);
        longjmp(manager->jump, 1);
    }
    unsigned long long pixels =
        (unsigned long long)decompressor->image_width * (unsigned long long)decompressor->image_height;
    if (!decompressor->progressive_mode || manager->maxScanPixels == 0 || pixels == 0) return;
    if (scans * pixels <= manager->maxScanPixels) return;
    snprintf(manager->status->message, sizeof manager->status->message,
             "more than %llu progressive scans for a %ux%u image", manager->maxScanPixels / pixels,
             (unsigned)decompressor->image_width, (unsigned)decompressor->image_height);
    longjmp(manager->jump, 1);
}

static void install_error_manager(ErrorManager *manager, CJPEGStatus *status) {
    jpeg_std_error(&manager->base);
    manager->maxScanPixels = 0;
    manager->base.error_exit = on_error_exit;
    manager->base.emit_message = on_emit_message;
    manager->base.output_message = on_output_message;
    manager->status = status;
}

static void reset_status(CJPEGStatus *status) {
    memset(status, 0, sizeof *status);
}

static int fail_arguments(CJPEGStatus *status, const char *message) {
    status->code = 2;
    snprintf(status->message, sizeof status->message, "%s", message);
    return 2;
}

static int is_valid_scale(int scaleDenominator) {
    return scaleDenominator == 1 || scaleDenominator == 2 || scaleDenominator == 4 || scaleDenominator == 8;
}

static int is_four_component(J_COLOR_SPACE space) {
    return space == JCS_CMYK || space == JCS_YCCK;
}

/// Copies the first APP1 payload that starts with "Exif\0\0" into the header.
static void copy_exif(struct jpeg_decompress_struct *cinfo, CJPEGHeader *header, uint8_t *exif, size_t capacity) {
    static const uint8_t exifPrefix[6] = {'E', 'x', 'i', 'f', 0, 0};
    for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1 || marker->data_length < sizeof exifPrefix) continue;
        if (memcmp(marker->data, exifPrefix, sizeof exifPrefix) != 0) continue;
        size_t length = marker->data_length < capacity ? marker->data_length : capacity;
        memcpy(exif, marker->data, length);
        header->exifLength = (int)length;
        return;
    }
}

int cjpeg_read_header(const uint8_t *data, size_t size, int scaleDenominator, CJPEGHeader *header,
                      uint8_t *exif, size_t exifCapacity, CJPEGStatus *status) {
    reset_status(status);
    memset(header, 0, sizeof *header);
    if (!is_valid_scale(scaleDenominator)) return fail_arguments(status, "scale must be 1, 2, 4 or 8");

    struct jpeg_decompress_struct cinfo;
    ErrorManager manager;
    cinfo.err = &manager.base;
    install_error_manager(&manager, status);
    if (setjmp(manager.jump)) {
        jpeg_destroy_decompress(&cinfo);
        status->code = 1;
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&cinfo, TRUE);

    header->width = (int)cinfo.image_width;
    header->height = (int)cinfo.image_height;
    header->components = cinfo.num_components;
    header->colorSpace = (int)cinfo.jpeg_color_space;
    header->progressive = cinfo.progressive_mode ? 1 : 0;
    cinfo.out_color_space = is_four_component(cinfo.jpeg_color_space) ? JCS_CMYK : JCS_RGB;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)scaleDenominator;
    jpeg_calc_output_dimensions(&cinfo);
    header->scaledWidth = (int)cinfo.output_width;
    header->scaledHeight = (int)cinfo.output_height;
    if (exif != NULL) copy_exif(&cinfo, header, exif, exifCapacity);

    jpeg_destroy_decompress(&cinfo);
    return 0;
}

/// CMYK row to RGB row. Adobe-inverted data stores 255 - ink, so R = C'·K'/255 on the stored
/// values (what libjpeg-turbo's tools and Pillow do); plain CMYK uses (255 - C)(255 - K)/255.
static void cmyk_row_to_rgb(const uint8_t *cmyk, uint8_t *rgb, size_t width, int inverted) {
    for (size_t x = 0; x < width; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgb[3 * x] = (uint8_t)((c * k + 127) / 255);
        rgb[3 * x + 1] = (uint8_t)((m * k + 127) / 255);
        rgb[3 * x + 2] = (uint8_t)((y * k + 127) / 255);
    }
}

/// Copies one decoded RGB row `y` of a `width` x `height` stored picture into the upright picture
/// `upright` at its place for EXIF `orientation` 2...8 (pixel (x, y) goes to: 2 (W-1-x, y),
/// 3 (W-1-x, H-1-y), 4 (x, H-1-y), 5 (y, x), 6 (H-1-y, x), 7 (H-1-y, W-1-x), 8 (y, W-1-x)).
/// A turned row becomes a column: one pixel per upright row, so consecutive rows fill the same
/// cache lines of the upright picture.
static void place_row(const uint8_t *row, uint8_t *upright, size_t y, size_t width, size_t height,
                      int orientation) {
    size_t uprightWidth = orientation >= 5 ? height : width;
    size_t start;       // upright pixel of the row's first pixel
    ptrdiff_t step;     // upright pixels from one pixel of the row to the next
    switch (orientation) {
    case 2: start = y * uprightWidth + width - 1; step = -1; break;
    case 3: start = (height - 1 - y) * uprightWidth + width - 1; step = -1; break;
    case 4: start = (height - 1 - y) * uprightWidth; step = 1; break;
    case 5: start = y; step = (ptrdiff_t)uprightWidth; break;
    case 6: start = height - 1 - y; step = (ptrdiff_t)uprightWidth; break;
    case 7: start = (width - 1) * uprightWidth + height - 1 - y; step = -(ptrdiff_t)uprightWidth; break;
    default: start = (width - 1) * uprightWidth + y; step = -(ptrdiff_t)uprightWidth; break;  // 8
    }
    ptrdiff_t at = (ptrdiff_t)start * 3;
    for (size_t x = 0; x < width; x++, at += step * 3) {
        upright[at] = row[3 * x];
        upright[at + 1] = row[3 * x + 1];
        upright[at + 2] = row[3 * x + 2];
    }
}

int cjpeg_decode(const uint8_t *data, size_t size, int scaleDenominator, unsigned long long maxScanPixels,
                 int orientation, uint8_t *rgb, size_t capacity, CJPEGStatus *status) {
    reset_status(status);
    if (!is_valid_scale(scaleDenominator)) return fail_arguments(status, "scale must be 1, 2, 4 or 8");
    if (orientation < 1 || orientation > 8) return fail_arguments(status, "orientation must be 1...8");

    struct jpeg_decompress_struct cinfo;
    ErrorManager manager;
    // Heap scratch for a CMYK row and a turned row. Volatile: it is set after setjmp, and only a volatile local is
    // sure to hold its last value after longjmp (C11 7.13.2.1; the fuzzer found the leak without it).
    uint8_t *volatile scratchRow = NULL;
    cinfo.err = &manager.base;
    install_error_manager(&manager, status);
    manager.maxScanPixels = maxScanPixels;
    if (setjmp(manager.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(scratchRow);
        status->code = 1;
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    struct jpeg_progress_mgr progress = { .progress_monitor = on_progress };
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    int fourComponent = is_four_component(cinfo.jpeg_color_space);
    int inverted = cinfo.saw_Adobe_marker ? 1 : 0;
    cinfo.out_color_space = fourComponent ? JCS_CMYK : JCS_RGB;
    cinfo.scale_num = 1;
    cinfo.scale_denom = (unsigned int)scaleDenominator;
    jpeg_calc_output_dimensions(&cinfo);
    size_t width = cinfo.output_width, height = cinfo.output_height;
    if (capacity != width * height * 3) {
        jpeg_destroy_decompress(&cinfo);
        return fail_arguments(status, "output buffer does not match the scaled image size");
    }
    if (fourComponent || orientation != 1) {
        // Room for one CMYK row (4 bytes a pixel) and then one RGB row to turn (3 bytes a pixel).
        scratchRow = malloc(width * 7);
        if (scratchRow == NULL) {
            jpeg_destroy_decompress(&cinfo);
            return fail_arguments(status, "out of memory");
        }
    }

    jpeg_start_decompress(&cinfo);
    while (cinfo.output_scanline < cinfo.output_height) {
        size_t y = cinfo.output_scanline;
        // An upright image's rows are decoded in place; a turned image's go through the scratch row.
        uint8_t *row = orientation == 1 ? rgb + y * width * 3 : scratchRow + width * 4;
        JSAMPROW target = fourComponent ? scratchRow : row;
        if (jpeg_read_scanlines(&cinfo, &target, 1) != 1) break;  // cannot happen with a memory source
        if (fourComponent) cmyk_row_to_rgb(scratchRow, row, width, inverted);
        if (orientation != 1) place_row(row, rgb, y, width, height, orientation);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(scratchRow);
    return 0;
}

/// Bytes gathered before one write(2).
#define CJPEG_WRITE_BUFFER (1 << 16)

/// A libjpeg destination that writes to a file descriptor through a buffer.
typedef struct {
    struct jpeg_destination_mgr base;
    int fd;
    /// errno of the failed write(2); 0 while every write succeeded.
    int systemError;
    JOCTET buffer[CJPEG_WRITE_BUFFER];
} FileDestination;

/// Writes the first `length` bytes of the buffer, retrying interrupted and partial writes; on failure
/// keeps errno and ends the encode through libjpeg's error exit (JERR_FILE_WRITE).
static void write_buffer(j_compress_ptr cinfo, size_t length) {
    FileDestination *destination = (FileDestination *)cinfo->dest;
    size_t offset = 0;
    while (offset < length) {
        ssize_t written = write(destination->fd, destination->buffer + offset, length - offset);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            destination->systemError = written < 0 ? errno : EIO;
            ERREXIT(cinfo, JERR_FILE_WRITE);
        }
        offset += (size_t)written;
    }
    destination->base.next_output_byte = destination->buffer;
    destination->base.free_in_buffer = CJPEG_WRITE_BUFFER;
}

static void on_init_destination(j_compress_ptr cinfo) {
    FileDestination *destination = (FileDestination *)cinfo->dest;
    destination->base.next_output_byte = destination->buffer;
    destination->base.free_in_buffer = CJPEG_WRITE_BUFFER;
}

/// The buffer is full: write all of it.
static boolean on_empty_output_buffer(j_compress_ptr cinfo) {
    write_buffer(cinfo, CJPEG_WRITE_BUFFER);
    return TRUE;
}

/// The end: write what is left.
static void on_term_destination(j_compress_ptr cinfo) {
    write_buffer(cinfo, CJPEG_WRITE_BUFFER - cinfo->dest->free_in_buffer);
}

/// Compresses `rgb` into `cinfo`'s destination (set by the caller, inside its setjmp).
static void compress(j_compress_ptr cinfo, const uint8_t *rgb, int width, int height, int quality,
                     const uint8_t *exif, size_t exifLength) {
    cinfo->image_width = (JDIMENSION)width;
    cinfo->image_height = (JDIMENSION)height;
    cinfo->input_components = 3;
    cinfo->in_color_space = JCS_RGB;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    if (quality >= 90) {  // full-resolution chroma: keeps coloured edges sharp
        cinfo->comp_info[0].h_samp_factor = 1;
        cinfo->comp_info[0].v_samp_factor = 1;
    }
    jpeg_start_compress(cinfo, TRUE);
    if (exifLength > 0) jpeg_write_marker(cinfo, JPEG_APP0 + 1, exif, (unsigned int)exifLength);
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(rgb + (size_t)cinfo->next_scanline * (size_t)width * 3);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
}

static int check_encode_arguments(int quality, size_t exifLength, CJPEGStatus *status) {
    if (quality < 1 || quality > 100) return fail_arguments(status, "quality must be 1...100");
    if (exifLength > CJPEG_EXIF_CAPACITY - 2) return fail_arguments(status, "Exif block too large");
    return 0;
}

int cjpeg_encode(const uint8_t *rgb, int width, int height, int quality,
                 const uint8_t *exif, size_t exifLength,
                 uint8_t **output, size_t *outputSize, CJPEGStatus *status) {
    reset_status(status);
    *output = NULL;
    *outputSize = 0;
    if (check_encode_arguments(quality, exifLength, status)) return status->code;

    struct jpeg_compress_struct cinfo;
    ErrorManager manager;
    // libjpeg's memory destination (re)allocates this buffer through its address (so the value after a
    // longjmp is the one in memory, not a stale register copy).
    struct { unsigned char *buffer; unsigned long size; } destination = { NULL, 0 };
    cinfo.err = &manager.base;
    install_error_manager(&manager, status);
    if (setjmp(manager.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(destination.buffer);
        status->code = 1;
        return 1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &destination.buffer, &destination.size);
    compress(&cinfo, rgb, width, height, quality, exif, exifLength);
    jpeg_destroy_compress(&cinfo);
    *output = destination.buffer;
    *outputSize = destination.size;
    return 0;
}

int cjpeg_write(int fd, const uint8_t *rgb, int width, int height, int quality, CJPEGStatus *status) {
    reset_status(status);
    if (check_encode_arguments(quality, 0, status)) return status->code;
    // On the heap (64 KiB), and set before setjmp so that its value is sure after a longjmp.
    FileDestination *destination = malloc(sizeof *destination);
    if (destination == NULL) return fail_arguments(status, "out of memory");
    destination->fd = fd;
    destination->systemError = 0;
    destination->base.init_destination = on_init_destination;
    destination->base.empty_output_buffer = on_empty_output_buffer;
    destination->base.term_destination = on_term_destination;

    struct jpeg_compress_struct cinfo;
    ErrorManager manager;
    cinfo.err = &manager.base;
    install_error_manager(&manager, status);
    if (setjmp(manager.jump)) {
        jpeg_destroy_compress(&cinfo);
        status->systemError = destination->systemError;
        status->code = destination->systemError ? 3 : 1;
        free(destination);
        return status->code;
    }
    jpeg_create_compress(&cinfo);
    cinfo.dest = &destination->base;
    compress(&cinfo, rgb, width, height, quality, NULL, 0);
    jpeg_destroy_compress(&cinfo);
    free(destination);
    return 0;
}

void cjpeg_free(uint8_t *buffer) { free(buffer); }
