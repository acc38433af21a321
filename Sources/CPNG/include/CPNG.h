/// A small C boundary over libpng: decode from memory with the simplified API (`png_image_*`),
/// encode with the write API, streamed to a file descriptor or into memory.
///
/// The simplified API reads every PNG colour type and bit depth (1–16 bits, palette with tRNS,
/// grey with alpha, RGBA, Adam7 interlacing) and reports failures as text in `png_image.message`;
/// the encoder's libpng session runs inside one `setjmp`. This shim copies libpng's text into the
/// caller's `CPNGStatus` and returns a status code.
#ifndef CPNG_H
#define CPNG_H

#include <stddef.h>
#include <stdint.h>

/// Room for one libpng message (png_image's message is 64 bytes).
#define CPNG_MESSAGE_CAPACITY 64

/// The result of one call.
typedef struct {
    /// 0 on success; 1 when libpng failed (see `message`); 2 when the caller's arguments were wrong;
    /// 3 when writing the file failed (see `systemError`).
    int code;
    /// With code 3: the `errno` of the failed write(2) (ENOSPC, EFBIG, ...); ENOMEM when memory ran out.
    int systemError;
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

/// Writes `width` x `height` RGB pixels (3 bytes each, rows without padding) as an 8-bit RGB PNG to the
/// open file descriptor `fd`, row by row through a 64 KiB buffer (the encoded file is never held whole).
/// `level` is zlib's compression level 0...9; the filter and zlib strategy follow from it (CPNG.c).
/// On a failed write(2) returns code 3 with its errno in `status->systemError`; what was written stays
/// in the file (the caller writes to a temporary file and removes it).
int cpng_write(int fd, const uint8_t *rgb, uint32_t width, uint32_t height, int level, CPNGStatus *status);

/// Encodes as `cpng_write` does, into memory: on success `*output` is a buffer of `*outputSize`
/// bytes to release with `cpng_free`.
int cpng_encode(const uint8_t *rgb, uint32_t width, uint32_t height, int level,
                uint8_t **output, size_t *outputSize, CPNGStatus *status);

/// Releases a buffer returned by `cpng_encode`.
void cpng_free(uint8_t *buffer);

#endif
