/// A small C boundary over libpng's simplified API (`png_image_*`): decode from and encode to memory.
///
/// The simplified API reads every PNG colour type and bit depth (1–16 bits, palette with tRNS,
/// grey with alpha, RGBA, Adam7 interlacing) and reports failures as text in `png_image.message`;
/// this shim copies that text into the caller's `CPNGStatus` and returns a status code.
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// Room for one libpng message (png_image's message is 64 bytes).
#define CPNG_MESSAGE_CAPACITY 64

/// The result of one call.
typedef struct {
    /// 0 on success; 1 when libpng failed (see `message`); 2 when the caller's arguments were wrong.
    int code;
    /// libpng's error message, NUL-terminated; empty on success.
    char message[CPNG_MESSAGE_CAPACITY];
    /// libpng's first warning, NUL-terminated; empty when there was none.
    char warning[CPNG_MESSAGE_CAPACITY];
} CPNGStatus;

/// What the PNG header (IHDR and the chunks before the image data) says.
typedef struct {
    /// Size in pixels.
    uint32_t width, height;
    /// 1 when the image has an alpha channel or a tRNS chunk.
    int hasAlpha;
    /// 1 when the image is colour (not grey).
    int isColor;
    /// 1 when samples are 16 bits.
    int is16Bit;
} CPNGHeader;

/// Reads the header of the PNG in `data[0..<size]`. Returns `status->code`.
int cpng_read_header(const uint8_t *data, size_t size, CPNGHeader *header, CPNGStatus *status);

/// Decodes the PNG in `data[0..<size]` into `rgb`: 3 bytes per pixel, rows top to bottom, no padding;
/// `capacity` must be exactly `width * height * 3`, else code 2.
/// Grey becomes R = G = B. 16-bit samples (taken as sRGB-encoded, like 8-bit ones) are rounded to
/// 8 bits: v8 = round(v16 * 255 / 65535). Alpha is composited over WHITE on the 8-bit values:
/// out = (c * a + 255 * (255 - a) + 127) / 255, integer arithmetic.
int cpng_decode(const uint8_t *data, size_t size, uint8_t *rgb, size_t capacity, CPNGStatus *status);

/// An upper bound on the encoded size of a `width` x `height` RGB image (0 when it would overflow).
size_t cpng_encode_capacity(uint32_t width, uint32_t height);

/// Encodes `width` x `height` RGB pixels (3 bytes each, no padding) as an 8-bit RGB PNG into `output`,
/// which holds `*outputSize` bytes (use `cpng_encode_capacity`); on success `*outputSize` is the PNG's length.
int cpng_encode(const uint8_t *rgb, uint32_t width, uint32_t height,
                uint8_t *output, size_t *outputSize, CPNGStatus *status);

#endif
