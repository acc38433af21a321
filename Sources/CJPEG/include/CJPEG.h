/// A small C boundary over libjpeg(-turbo): decode from memory, encode to memory or to a file descriptor.
///
/// libjpeg reports fatal errors through `error_exit`, which must not return; Swift cannot call
/// `setjmp`. So every function here does its whole libjpeg session inside one `setjmp`, copies
/// libjpeg's own message text into the caller's `CJPEGStatus`, and returns a plain status code.
/// Nothing here allocates memory that outlives a call except `cjpeg_encode`'s output buffer,
/// which the caller releases with `cjpeg_free`.
#ifndef CJPEG_H
#define CJPEG_H

#include <stddef.h>
#include <stdint.h>

/// Room for one libjpeg message (libjpeg's JMSG_LENGTH_MAX is 200).
#define CJPEG_MESSAGE_CAPACITY 200
/// The largest APP1 Exif payload a JPEG marker can hold.
#define CJPEG_EXIF_CAPACITY 65535

/// The result of one call: an error message, and the warnings libjpeg raised on the way.
typedef struct {
    /// 0 on success; 1 when libjpeg failed (see `message`); 2 when the caller's arguments were wrong;
    /// 3 when writing the file failed (see `systemError`).
    int code;
    /// With code 3: the `errno` of the failed write(2) (ENOSPC, EFBIG, ...).
    int systemError;
    /// libjpeg's message for the failure, NUL-terminated; empty on success.
    char message[CJPEG_MESSAGE_CAPACITY];
    /// How many warnings (corrupt or missing data that libjpeg worked around) were raised.
    long warningCount;
    /// The first warning's message, NUL-terminated; empty when there was none.
    char firstWarning[CJPEG_MESSAGE_CAPACITY];
} CJPEGStatus;

/// What the JPEG header says, read before any pixel memory is needed.
typedef struct {
    /// Size as stored in the file.
    int width, height;
    /// Components in the file: 1 grey, 3 YCbCr/RGB, 4 CMYK/YCCK.
    int components;
    /// libjpeg's `J_COLOR_SPACE` of the file (JCS_GRAYSCALE = 1, JCS_YCbCr = 3, JCS_CMYK = 4, JCS_YCCK = 5, ...).
    int colorSpace;
    /// 1 for a progressive JPEG.
    int progressive;
    /// The size the decoder produces at the requested DCT scale (1/scaleDenominator).
    int scaledWidth, scaledHeight;
    /// Length of the APP1 Exif payload copied to the caller's `exif` buffer, 0 when absent.
    int exifLength;
} CJPEGHeader;

/// Reads the header of the JPEG in `data[0..<size]` into `header`.
/// `scaleDenominator` (1, 2, 4 or 8) sets `header->scaledWidth/Height`. The payload of the first
/// APP1 marker that starts with "Exif\0\0" is copied to `exif` (room for `exifCapacity` bytes,
/// CJPEG_EXIF_CAPACITY holds any; longer payloads are cut). Returns `status->code`.
int cjpeg_read_header(const uint8_t *data, size_t size, int scaleDenominator, CJPEGHeader *header,
                      uint8_t *exif, size_t exifCapacity, CJPEGStatus *status);

/// Decodes the JPEG in `data[0..<size]` at 1/`scaleDenominator` size into `rgb`, 3 bytes per pixel,
/// rows top to bottom without padding, turned upright for the EXIF `orientation` 1...8 (5...8 swap
/// width and height) as it is decoded, so that no second image is needed. `rgb` holds `capacity`
/// bytes, which must be exactly `width * height * 3` of the scaled image (as `cjpeg_read_header`
/// reported), else code 2.
/// Grey becomes R = G = B; CMYK and YCCK become RGB (Adobe-inverted when an Adobe APP14 marker is present).
/// A truncated file decodes with a warning ("Premature end of JPEG file"); the missing part is grey.
/// A file with more than 1000 scans fails ("more than 1000 progressive scans"), and so does a
/// progressive file whose scans x width x height pass `maxScanPixels` (0: no such limit;
/// "more than N progressive scans for a WxH image"): CPU-time guards, as each scan walks the
/// whole image.
int cjpeg_decode(const uint8_t *data, size_t size, int scaleDenominator, unsigned long long maxScanPixels,
                 int orientation, uint8_t *rgb, size_t capacity, CJPEGStatus *status);

/// Encodes `width` x `height` RGB pixels (3 bytes each, no padding) as a baseline JPEG of
/// `quality` 1...100 (4:2:0 chroma subsampling below quality 90, 4:4:4 from 90 up).
/// When `exifLength` > 0, writes `exif[0..<exifLength]` (a payload starting "Exif\0\0") as an APP1 marker.
/// On success `*output` is a buffer of `*outputSize` bytes to release with `cjpeg_free`.
int cjpeg_encode(const uint8_t *rgb, int width, int height, int quality,
                 const uint8_t *exif, size_t exifLength,
                 uint8_t **output, size_t *outputSize, CJPEGStatus *status);

/// Encodes as `cjpeg_encode` does (without Exif) to the open file descriptor `fd`, through a 64 KiB
/// buffer (the encoded file is never held whole). On a failed write(2) returns code 3 with its errno
/// in `status->systemError`; what was written stays in the file (the caller writes to a temporary
/// file and removes it).
int cjpeg_write(int fd, const uint8_t *rgb, int width, int height, int quality, CJPEGStatus *status);

/// Releases a buffer returned by `cjpeg_encode`.
void cjpeg_free(uint8_t *buffer);

#endif
