// libheif behind a status-code boundary; see include/CHEIF.h for the contract.
#include "CHEIF.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libheif/heif.h>

static void reset_status(CHEIFStatus *status) { memset(status, 0, sizeof *status); }

static int fail_arguments(CHEIFStatus *status, const char *message) {
    status->code = 2;
    snprintf(status->message, sizeof status->message, "%s", message);
    return 2;
}

/// Makes `text` one line: control characters (libheif ends some messages with a newline) become
/// spaces, and trailing spaces are dropped.
static void one_line(char *text) {
    size_t length = strlen(text);
    for (size_t i = 0; i < length; i++) {
        if ((unsigned char)text[i] < 0x20 || text[i] == 0x7F) text[i] = ' ';
    }
    while (length > 0 && text[length - 1] == ' ') text[--length] = '\0';
}

/// Keeps libheif's error (its codes and a copy of its message, which the context owns) in `status`; returns 1.
static int fail_heif(CHEIFStatus *status, struct heif_error error) {
    status->code = 1;
    status->errorCode = (int)error.code;
    status->subErrorCode = (int)error.subcode;
    snprintf(status->message, sizeof status->message, "%s",
             error.message && error.message[0] ? error.message : "unknown libheif error");
    one_line(status->message);
    return 1;
}

/// Registers libheif's decoders once per process (heif_init; never undone: the process keeps them
/// to its end), so that the first decodes of several threads never race to do it.
static void initialize_libheif(void) { heif_init(NULL); }
static pthread_once_t libheif_initialized = PTHREAD_ONCE_INIT;

/// A parsed file and its primary image; both NULL until `open_primary` succeeds.
typedef struct {
    struct heif_context *context;
    struct heif_image_handle *primary;
} Primary;

static void close_primary(Primary *primary) {
    if (primary->primary) heif_image_handle_release(primary->primary);
    if (primary->context) heif_context_free(primary->context);
    primary->primary = NULL;
    primary->context = NULL;
}

/// Parses the file's boxes (without copying `data`, which outlives the context) and finds its
/// primary image. Returns `status->code`.
static int open_primary(const uint8_t *data, size_t size, int maxDimension, Primary *primary, CHEIFStatus *status) {
    primary->context = NULL;
    primary->primary = NULL;
    if (data == NULL || size == 0) return fail_arguments(status, "no data");
    if (maxDimension <= 0) return fail_arguments(status, "maxDimension must be positive");
    pthread_once(&libheif_initialized, initialize_libheif);
    primary->context = heif_context_alloc();
    if (primary->context == NULL) return fail_arguments(status, "out of memory");
    heif_context_set_maximum_image_size_limit(primary->context, maxDimension);
    struct heif_error error = heif_context_read_from_memory_without_copy(primary->context, data, size, NULL);
    if (error.code == heif_error_Ok) error = heif_context_get_primary_image_handle(primary->context, &primary->primary);
    if (error.code != heif_error_Ok) {
        fail_heif(status, error);  // before the context that owns the message is freed
        close_primary(primary);
        return 1;
    }
    return 0;
}

int cheif_read_header(const uint8_t *data, size_t size, int maxDimension, CHEIFHeader *header,
                      CHEIFStatus *status) {
    reset_status(status);
    memset(header, 0, sizeof *header);
    Primary primary;
    if (open_primary(data, size, maxDimension, &primary, status) != 0) return status->code;
    header->width = heif_image_handle_get_width(primary.primary);
    header->height = heif_image_handle_get_height(primary.primary);
    header->hasAlpha = heif_image_handle_has_alpha_channel(primary.primary) ? 1 : 0;
    header->imageCount = heif_context_get_number_of_top_level_images(primary.context);
    header->lumaBits = heif_image_handle_get_luma_bits_per_pixel(primary.primary);
    close_primary(&primary);
    return 0;
}

/// Copies the decoder's warnings (the count and the first message) into `status`.
static void keep_warnings(struct heif_image *image, CHEIFStatus *status) {
    int count = heif_image_get_decoding_warnings(image, 0, NULL, 0);
    if (count <= 0) return;
    struct heif_error first;
    if (heif_image_get_decoding_warnings(image, 0, &first, 1) == 1) {
        snprintf(status->firstWarning, sizeof status->firstWarning, "%s",
                 first.message && first.message[0] ? first.message : "libheif warning");
        one_line(status->firstWarning);
    }
    status->warningCount = count;
}

/// Copies the decoded interleaved plane (3 or 4 bytes a pixel, rows `stride` bytes apart) into the
/// caller's packed RGB rows, compositing alpha over white.
static void copy_rows(const uint8_t *plane, int stride, int channels, int premultiplied, uint8_t *rgb,
                      size_t width, size_t height) {
    for (size_t y = 0; y < height; y++) {
        const uint8_t *row = plane + (size_t)stride * y;
        uint8_t *out = rgb + width * 3 * y;
        if (channels == 3) {
            memcpy(out, row, width * 3);
            continue;
        }
        for (size_t x = 0; x < width; x++) {
            unsigned a = row[4 * x + 3];
            for (int c = 0; c < 3; c++) {
                unsigned v = row[4 * x + c];
                unsigned composed = premultiplied ? v + 255 - a : (v * a + 255 * (255 - a) + 127) / 255;
                out[3 * x + c] = (uint8_t)(composed > 255 ? 255 : composed);
            }
        }
    }
}

int cheif_decode(const uint8_t *data, size_t size, int maxDimension, uint8_t *rgb, size_t capacity,
                 CHEIFStatus *status) {
    reset_status(status);
    Primary primary;
    if (open_primary(data, size, maxDimension, &primary, status) != 0) return status->code;
    size_t width = (size_t)heif_image_handle_get_width(primary.primary);
    size_t height = (size_t)heif_image_handle_get_height(primary.primary);
    if (rgb == NULL || capacity != width * height * 3) {
        close_primary(&primary);
        return fail_arguments(status, "output buffer does not match the image size");
    }
    int hasAlpha = heif_image_handle_has_alpha_channel(primary.primary);
    int premultiplied = hasAlpha && heif_image_handle_is_premultiplied_alpha(primary.primary);
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options == NULL) {
        close_primary(&primary);
        return fail_arguments(status, "out of memory");
    }
    options->convert_hdr_to_8bit = 1;
    struct heif_image *image = NULL;
    struct heif_error error = heif_decode_image(
        primary.primary, &image, heif_colorspace_RGB,
        hasAlpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options);
    heif_decoding_options_free(options);
    if (error.code != heif_error_Ok) {
        fail_heif(status, error);  // before the context that owns the message is freed
        if (image) heif_image_release(image);
        close_primary(&primary);
        return 1;
    }
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    int decodedWidth = heif_image_get_width(image, heif_channel_interleaved);
    int decodedHeight = heif_image_get_height(image, heif_channel_interleaved);
    int channels = hasAlpha ? 4 : 3;
    if (plane == NULL || heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) != 8) {
        status->code = 1;
        snprintf(status->message, sizeof status->message, "libheif gave no 8-bit RGB picture");
    } else if ((size_t)decodedWidth != width || (size_t)decodedHeight != height
               || stride < decodedWidth * channels) {
        snprintf(status->message, sizeof status->message, "decoded picture is %dx%d, but the file declares %zux%zu",
                 decodedWidth, decodedHeight, width, height);
        status->code = 1;
    } else {
        copy_rows(plane, stride, channels, premultiplied, rgb, width, height);
        keep_warnings(image, status);
    }
    heif_image_release(image);
    close_primary(&primary);
    return status->code;
}
