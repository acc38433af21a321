// libpng's simplified API behind a status-code boundary; see include/CPNG.h for the contract.
#include "CPNG.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

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

static void describe_rgb(png_image *image, uint32_t width, uint32_t height) {
    memset(image, 0, sizeof *image);
    image->version = PNG_IMAGE_VERSION;
    image->width = width;
    image->height = height;
    image->format = PNG_FORMAT_RGB;
}

size_t cpng_encode_capacity(uint32_t width, uint32_t height) {
    if (width == 0 || height == 0) return 0;
    if ((uint64_t)width * height > ((uint64_t)1 << 40)) return 0;
    png_image image;
    describe_rgb(&image, width, height);
    return (size_t)PNG_IMAGE_PNG_SIZE_MAX(image);
}

int cpng_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                uint8_t *output, size_t *outputSize, CPNGStatus *status) {
    reset_status(status);
    png_image image;
    describe_rgb(&image, width, height);
    png_alloc_size_t length = *outputSize;
    int succeeded = png_image_write_to_memory(&image, output, &length, 0, rgb, 0, NULL);
    if (succeeded) *outputSize = length;
    return finish(&image, status, succeeded);
}
