// libwebp behind a status-code boundary; see include/CWebP.h for the contract.
#include "CWebP.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <webp/decode.h>
#include <webp/demux.h>

static void reset_status(CWebPStatus *status) { memset(status, 0, sizeof *status); }

static int fail_arguments(CWebPStatus *status, const char *message) {
    status->code = 2;
    snprintf(status->message, sizeof status->message, "%s", message);
    return 2;
}

/// libwebp's status in words.
static const char *describe(VP8StatusCode code) {
    switch (code) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "decoding suspended";
    case VP8_STATUS_USER_ABORT: return "decoding aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data";
    default: return "unknown libwebp error";
    }
}

/// Keeps libwebp's status (and `what` failed) in `status`; returns 1.
static int fail_webp(CWebPStatus *status, VP8StatusCode code, const char *what) {
    status->code = 1;
    status->decoderStatus = (int)code;
    snprintf(status->message, sizeof status->message, "%s: %s", what, describe(code));
    return 1;
}

/// The frames an animation's data holds, counted by libwebp's demuxer over what is there; 0 when
/// it cannot parse the data at all.
static int count_frames(const uint8_t *data, size_t size, WebPDemuxState *state) {
    WebPData webp = {data, size};
    WebPDemuxer *demuxer = WebPDemuxPartial(&webp, state);
    if (demuxer == NULL) return 0;
    int frames = (int)WebPDemuxGetI(demuxer, WEBP_FF_FRAME_COUNT);
    WebPDemuxDelete(demuxer);
    return frames;
}

int cwebp_read_header(const uint8_t *data, size_t size, CWebPHeader *header, CWebPStatus *status) {
    reset_status(status);
    memset(header, 0, sizeof *header);
    if (data == NULL || size == 0) return fail_arguments(status, "no data");
    WebPBitstreamFeatures features;
    VP8StatusCode code = WebPGetFeatures(data, size, &features);
    if (code != VP8_STATUS_OK) return fail_webp(status, code, "cannot read the WebP header");
    header->width = features.width;
    header->height = features.height;
    header->hasAlpha = features.has_alpha ? 1 : 0;
    header->isAnimated = features.has_animation ? 1 : 0;
    WebPDemuxState state;
    header->frameCount = features.has_animation ? count_frames(data, size, &state) : 1;
    return 0;
}

/// RGBA rows to packed RGB over white: out = (c·a + 255·(255 − a) + 127) / 255.
static void composite_over_white(const uint8_t *rgba, uint8_t *rgb, size_t pixels) {
    for (size_t i = 0; i < pixels; i++) {
        unsigned a = rgba[4 * i + 3], white = 255 * (255 - a);
        rgb[3 * i] = (uint8_t)((rgba[4 * i] * a + white + 127) / 255);
        rgb[3 * i + 1] = (uint8_t)((rgba[4 * i + 1] * a + white + 127) / 255);
        rgb[3 * i + 2] = (uint8_t)((rgba[4 * i + 2] * a + white + 127) / 255);
    }
}

/// A still image: straight into `rgb` without alpha, through an RGBA buffer with it.
static int decode_still(const uint8_t *data, size_t size, const WebPBitstreamFeatures *features, uint8_t *rgb,
                        size_t pixels, CWebPStatus *status) {
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) return fail_arguments(status, "libwebp version mismatch");
    config.input = *features;
    uint8_t *rgba = NULL;
    config.output.is_external_memory = 1;
    if (features->has_alpha) {
        rgba = malloc(pixels * 4);
        if (rgba == NULL) return fail_arguments(status, "out of memory");
        config.output.colorspace = MODE_RGBA;
        config.output.u.RGBA.rgba = rgba;
        config.output.u.RGBA.stride = features->width * 4;
        config.output.u.RGBA.size = pixels * 4;
    } else {
        config.output.colorspace = MODE_RGB;
        config.output.u.RGBA.rgba = rgb;
        config.output.u.RGBA.stride = features->width * 3;
        config.output.u.RGBA.size = pixels * 3;
    }
    VP8StatusCode code = WebPDecode(data, size, &config);
    WebPFreeDecBuffer(&config.output);
    if (code == VP8_STATUS_OK && rgba != NULL) composite_over_white(rgba, rgb, pixels);
    free(rgba);
    return code == VP8_STATUS_OK ? 0 : fail_webp(status, code, "cannot decode the WebP image");
}

/// An animation: its first frame on the canvas, through libwebp's animation decoder (RGBA).
static int decode_first_frame(const uint8_t *data, size_t size, size_t width, size_t height, uint8_t *rgb,
                              CWebPStatus *status) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return fail_arguments(status, "libwebp version mismatch");
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPData webp = {data, size};
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&webp, &options);
    WebPAnimInfo info;
    uint8_t *canvas = NULL;
    int timestamp = 0;
    int decoded = decoder != NULL && WebPAnimDecoderGetInfo(decoder, &info) && info.canvas_width == width
                  && info.canvas_height == height && WebPAnimDecoderGetNext(decoder, &canvas, &timestamp);
    if (decoded) composite_over_white(canvas, rgb, width * height);
    WebPAnimDecoderDelete(decoder);
    if (decoded) return 0;
    // The animation decoder says only that it failed: a file cut short is told by the demuxer.
    WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
    count_frames(data, size, &state);
    VP8StatusCode code = state == WEBP_DEMUX_DONE || state == WEBP_DEMUX_PARSE_ERROR ? VP8_STATUS_BITSTREAM_ERROR
                                                                                    : VP8_STATUS_NOT_ENOUGH_DATA;
    return fail_webp(status, code, "cannot decode the first frame of the WebP animation");
}

int cwebp_decode(const uint8_t *data, size_t size, uint8_t *rgb, size_t capacity, CWebPStatus *status) {
    reset_status(status);
    if (data == NULL || size == 0) return fail_arguments(status, "no data");
    WebPBitstreamFeatures features;
    VP8StatusCode code = WebPGetFeatures(data, size, &features);
    if (code != VP8_STATUS_OK) return fail_webp(status, code, "cannot read the WebP header");
    size_t width = (size_t)features.width, height = (size_t)features.height;
    if (rgb == NULL || width == 0 || height == 0 || capacity != width * height * 3)
        return fail_arguments(status, "output buffer does not match the image size");
    if (features.has_animation) return decode_first_frame(data, size, width, height, rgb, status);
    return decode_still(data, size, &features, rgb, width * height, status);
}
