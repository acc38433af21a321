/// A small C boundary over libwebp: a WebP file (lossy, lossless, with alpha, or animated)
/// decoded from memory to 8-bit RGB.
///
/// libwebp reports errors as status values (`VP8StatusCode`), never by jumping, so no `setjmp` is
/// needed here; this shim names the status in the caller's `CWebPStatus` and returns a plain status
/// code. Nothing allocated here outlives a call.
#ifndef CWEBP_H
#define CWEBP_H

#include <stddef.h>
#include <stdint.h>

/// Room for one message.
#define CWEBP_MESSAGE_CAPACITY 128

/// The result of one call.
typedef struct {
    /// 0 on success; 1 when libwebp failed (see `message` and `decoderStatus`); 2 when the caller's
    /// arguments were wrong.
    int code;
    /// With code 1: libwebp's `VP8StatusCode` (7, VP8_STATUS_NOT_ENOUGH_DATA, for a truncated file).
    int decoderStatus;
    /// What failed, NUL-terminated; empty on success.
    char message[CWEBP_MESSAGE_CAPACITY];
} CWebPStatus;

/// What the WebP header (the RIFF header and the first chunks) says, read before any pixel is decoded.
typedef struct {
    /// Size in pixels; for an animation, the canvas.
    int width, height;
    /// 1 when the image (or an animation frame) may have alpha.
    int hasAlpha;
    /// 1 for an animation.
    int isAnimated;
    /// Frames of an animation counted in the data (1 for a still image; at least 1 for an
    /// animation whose frames could be counted, 0 when they could not).
    int frameCount;
} CWebPHeader;

/// The value of `CWebPStatus.decoderStatus` for a file that ends too early (VP8_STATUS_NOT_ENOUGH_DATA).
#define CWEBP_STATUS_NOT_ENOUGH_DATA 7

/// Reads the header of the WebP file in `data[0..<size]`. Returns `status->code`.
int cwebp_read_header(const uint8_t *data, size_t size, CWebPHeader *header, CWebPStatus *status);

/// Decodes the WebP file in `data[0..<size]` into `rgb`: 3 bytes per pixel, rows top to bottom, no
/// padding; `capacity` must be exactly `width * height * 3` of what `cwebp_read_header` reported,
/// else code 2. An animation gives its first frame, composed on its canvas (whose background is
/// taken as transparent, as libwebp's animation decoder does). Alpha is composited over WHITE:
/// out = (c * a + 255 * (255 - a) + 127) / 255, as the PNG shim does. EXIF orientation is not
/// applied here (the caller reads the EXIF chunk).
int cwebp_decode(const uint8_t *data, size_t size, uint8_t *rgb, size_t capacity, CWebPStatus *status);

#endif
