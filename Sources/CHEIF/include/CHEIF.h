/// A small C boundary over libheif: the primary image of a HEIF file (HEIC: HEVC; AVIF: AV1),
/// decoded from memory to 8-bit RGB.
///
/// libheif reports errors as values (`struct heif_error`), never by jumping, so no `setjmp` is
/// needed here; this shim copies libheif's message text into the caller's `CHEIFStatus` and
/// returns a plain status code. Nothing allocated here outlives a call.
#ifndef CHEIF_H
#define CHEIF_H

#include <stddef.h>
#include <stdint.h>

/// Room for one libheif message ("Invalid input: Unexpected end of file: ..." and the like).
#define CHEIF_MESSAGE_CAPACITY 256

/// The result of one call: an error message, and the warnings the decoder raised on the way.
typedef struct {
    /// 0 on success; 1 when libheif failed (see `message`, `errorCode`, `subErrorCode`) or the decoded
    /// picture is not what the header declared (`errorCode` 0); 2 when the caller's arguments were wrong.
    int code;
    /// With code 1: libheif's `enum heif_error_code` (e.g. 2, heif_error_Invalid_input).
    int errorCode;
    /// With code 1: libheif's `enum heif_suberror_code` (e.g. 100, heif_suberror_End_of_data).
    int subErrorCode;
    /// libheif's message for the failure, NUL-terminated; empty on success.
    char message[CHEIF_MESSAGE_CAPACITY];
    /// How many decoding warnings libheif attached to the picture.
    int warningCount;
    /// The first warning's message, NUL-terminated; empty when there was none.
    char firstWarning[CHEIF_MESSAGE_CAPACITY];
} CHEIFStatus;

/// What the file's boxes say about its primary image, read before any pixel is decoded.
typedef struct {
    /// Size as displayed: after the file's own cropping (`clap`), rotation (`irot`) and mirroring (`imir`).
    int width, height;
    /// 1 when the primary image has an alpha plane.
    int hasAlpha;
    /// Top-level images in the file (the primary one among them; thumbnails and depth maps are not counted).
    int imageCount;
    /// Bits per luma sample (8, 10, 12), or -1 when the file does not say.
    int lumaBits;
} CHEIFHeader;

/// Reads the boxes of the HEIF file in `data[0..<size]` and describes its primary image in `header`.
/// Images wider or taller than `maxDimension` pixels are refused by libheif's own security limit
/// while it parses. Returns `status->code`.
int cheif_read_header(const uint8_t *data, size_t size, int maxDimension, CHEIFHeader *header,
                      CHEIFStatus *status);

/// Decodes the primary image of the HEIF file in `data[0..<size]` into `rgb`: 3 bytes per pixel, rows
/// top to bottom without padding, with the file's cropping, rotation and mirroring applied (EXIF
/// orientation, which HEIF leaves to `irot`/`imir`, is not). `rgb` holds `capacity` bytes, which
/// must be exactly `width * height * 3` of what `cheif_read_header` reported, else code 2; a decoded
/// picture of another size fails with code 1. Samples deeper than 8 bits are reduced to 8.
/// Alpha is composited over WHITE: out = (c * a + 255 * (255 - a) + 127) / 255 (premultiplied
/// samples: out = c + 255 - a), as the PNG shim does.
int cheif_decode(const uint8_t *data, size_t size, int maxDimension, uint8_t *rgb, size_t capacity,
                 CHEIFStatus *status);

#endif
