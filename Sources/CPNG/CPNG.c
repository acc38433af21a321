// libpng behind a status-code boundary (the simplified API to read, the write API to write);
// see include/CPNG.h for the contract.
#include "CPNG.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <png.h>
#include <zlib.h>

static void reset_status(CPNGStatus *status) { memset(status, 0, sizeof *status); }

static int fail_arguments(CPNGStatus *status, const char *message) {
    status->code = 2;
    snprintf(status->message, sizeof status->message, "%s", message);
    return 2;
}

/// Copies libpng's message out and frees the image's internal state. Returns the status code.
static int finish(png_image *image, CPNGStatus *status, int succeeded) {
    if (!succeeded || PNG_IMAGE_FAILED(*image)) {
        status->code = 1;
        snprintf(status->message, sizeof status->message, "%s",
                 image->message[0] ? image->message : "unknown libpng error");
    } else if (image->warning_or_error & PNG_IMAGE_WARNING) {
        snprintf(status->warning, sizeof status->warning, "%s", image->message);
    }
    png_image_free(image);
    return status->code;
}

static int begin_read(png_image *image, const uint8_t *data, size_t size) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    return png_image_begin_read_from_memory(image, data, size);
}

int cpng_read_header(const uint8_t *data, size_t size, CPNGHeader *header, CPNGStatus *status) {
    reset_status(status);
    memset(header, 0, sizeof *header);
    png_image image;
    if (!begin_read(&image, data, size)) return finish(&image, status, 0);
    header->width = image.width;
    header->height = image.height;
    header->hasAlpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
    header->isColor = (image.format & PNG_FORMAT_FLAG_COLOR) != 0;
    header->is16Bit = (image.format & PNG_FORMAT_FLAG_LINEAR) != 0;
    return finish(&image, status, 1);
}

/// RGBA to RGB over white: out = (c·a + 255·(255 − a) + 127) / 255 for each channel.
static void composite_over_white(const uint8_t *rgba, uint8_t *rgb, size_t pixels) {
    for (size_t i = 0; i < pixels; i++) {
        unsigned a = rgba[4 * i + 3], white = 255 * (255 - a);
        rgb[3 * i] = (uint8_t)((rgba[4 * i] * a + white + 127) / 255);
        rgb[3 * i + 1] = (uint8_t)((rgba[4 * i + 1] * a + white + 127) / 255);
        rgb[3 * i + 2] = (uint8_t)((rgba[4 * i + 2] * a + white + 127) / 255);
    }
}

int cpng_decode(const uint8_t *data, size_t size, uint8_t *rgb, size_t capacity, CPNGStatus *status) {
    reset_status(status);
    png_image image;
    if (!begin_read(&image, data, size)) return finish(&image, status, 0);
    size_t pixels = (size_t)image.width * image.height;
    if (capacity != pixels * 3) {
        png_image_free(&image);
        return fail_arguments(status, "output buffer does not match the image size");
    }
    // 16-bit files without gAMA/sRGB are sRGB-encoded like 8-bit ones (libpng would assume linear).
    image.flags |= PNG_IMAGE_FLAG_16BIT_sRGB;
    if ((image.format & PNG_FORMAT_FLAG_ALPHA) == 0) {
        image.format = PNG_FORMAT_RGB;
        int succeeded = png_image_finish_read(&image, NULL, rgb, 0, NULL);
        return finish(&image, status, succeeded);
    }
    uint8_t *rgba = malloc(pixels * 4);
    if (rgba == NULL) {
        png_image_free(&image);
        return fail_arguments(status, "out of memory");
    }
    image.format = PNG_FORMAT_RGBA;
    int succeeded = png_image_finish_read(&image, NULL, rgba, 0, NULL);
    if (succeeded) composite_over_white(rgba, rgb, pixels);
    free(rgba);
    return finish(&image, status, succeeded);
}

/// Where encoded bytes go: a file descriptor, through `buffer` (flushed when full and at the end),
/// or memory, in `buffer` itself (grown as needed and handed to the caller).
typedef struct {
    /// The file to write, or -1 for memory.
    int fd;
    uint8_t *buffer;
    size_t used, capacity;
    /// errno of the first failed write(2) (0: none; ENOMEM when memory could not grow).
    int systemError;
} Sink;

/// Bytes gathered before one write(2): libpng hands over each chunk's length, data and CRC apart.
#define CPNG_SINK_BUFFER (1 << 16)

/// Writes the buffered bytes to the sink's file, retrying interrupted and partial writes. 0 on failure.
static int flush_sink(Sink *sink) {
    size_t offset = 0;
    while (offset < sink->used) {
        ssize_t written = write(sink->fd, sink->buffer + offset, sink->used - offset);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            sink->systemError = written < 0 ? errno : EIO;
            return 0;
        }
        offset += (size_t)written;
    }
    sink->used = 0;
    return 1;
}

/// Makes room for `length` more bytes: flushes a file sink, grows a memory sink. 0 on failure.
static int make_room(Sink *sink, size_t length) {
    if (sink->fd >= 0) return flush_sink(sink);
    size_t capacity = sink->capacity * 2 > sink->used + length ? sink->capacity * 2 : sink->used + length;
    uint8_t *grown = realloc(sink->buffer, capacity);
    if (grown == NULL) {
        sink->systemError = ENOMEM;
        return 0;
    }
    sink->buffer = grown;
    sink->capacity = capacity;
    return 1;
}

/// libpng's write callback: appends to the sink; a failed write ends the encode through png_error.
static void on_write(png_structp png, png_bytep data, size_t length) {
    Sink *sink = png_get_io_ptr(png);
    while (length > 0) {
        if (sink->used == sink->capacity && !make_room(sink, length)) png_error(png, "write failed");
        size_t room = sink->capacity - sink->used;
        size_t count = length < room ? length : room;
        memcpy(sink->buffer + sink->used, data, count);
        sink->used += count;
        data += count;
        length -= count;
    }
}

/// Nothing to flush before the end: `encode` flushes the sink once libpng is done.
static void on_flush(png_structp png) { (void)png; }

/// Fatal libpng error: keep its message (unless a failed write already said why) and jump back.
static void on_png_error(png_structp png, png_const_charp message) {
    CPNGStatus *status = png_get_error_ptr(png);
    snprintf(status->message, sizeof status->message, "%s", message);
    png_longjmp(png, 1);
}

/// libpng warnings while writing are about our own settings; they are dropped.
static void on_png_warning(png_structp png, png_const_charp message) { (void)png, (void)message; }

/// Encodes into `sink`; on failure frees nothing of the sink (the caller does).
static int encode(Sink *sink, const uint8_t *rgb, uint32_t width, uint32_t height, int level,
                  CPNGStatus *status) {
    reset_status(status);
    if (width == 0 || height == 0 || width > PNG_USER_WIDTH_MAX || height > PNG_USER_HEIGHT_MAX)
        return fail_arguments(status, "image size outside what PNG holds");
    if (level < 0 || level > 9) return fail_arguments(status, "compression level must be 0...9");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, status, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return fail_arguments(status, "out of memory");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        status->code = sink->systemError ? 3 : 1;
        status->systemError = sink->systemError;
        return status->code;
    }
    png_set_write_fn(png, sink, on_write, on_flush);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level);
    // Level 1 (the default, as OpenCV's): the Up filter and zlib's run-length strategy, the fastest
    // of the filters and strategies timed on a 12 MP photo (docs/results.md); levels 2-9 ask for smaller files: Up with
    // zlib's default strategy, which gave smaller files than libpng's adaptive choice per row. Level 0
    // stores rows unfiltered.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, level == 0 ? PNG_FILTER_NONE : PNG_FILTER_UP);
    png_set_compression_strategy(png, level == 1 ? Z_RLE : Z_DEFAULT_STRATEGY);
    png_set_compression_buffer_size(png, CPNG_SINK_BUFFER);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) png_write_row(png, rgb + (size_t)y * width * 3);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    if (sink->fd >= 0 && !flush_sink(sink)) {
        status->code = 3;
        status->systemError = sink->systemError;
        snprintf(status->message, sizeof status->message, "write failed");
    }
    return status->code;
}

int cpng_write(int fd, const uint8_t *rgb, uint32_t width, uint32_t height, int level, CPNGStatus *status) {
    Sink sink = {.fd = fd, .buffer = malloc(CPNG_SINK_BUFFER), .used = 0, .capacity = CPNG_SINK_BUFFER};
    if (sink.buffer == NULL) {
        reset_status(status);
        return fail_arguments(status, "out of memory");
    }
    int code = encode(&sink, rgb, width, height, level, status);
    free(sink.buffer);
    return code;
}

int cpng_encode(const uint8_t *rgb, uint32_t width, uint32_t height, int level,
                uint8_t **output, size_t *outputSize, CPNGStatus *status) {
    *output = NULL;
    *outputSize = 0;
    Sink sink = {.fd = -1, .buffer = NULL, .used = 0, .capacity = 0};
    int code = encode(&sink, rgb, width, height, level, status);
    if (code != 0) {
        free(sink.buffer);
        return code;
    }
    *output = sink.buffer;
    *outputSize = sink.used;
    return 0;
}

void cpng_free(uint8_t *buffer) { free(buffer); }
