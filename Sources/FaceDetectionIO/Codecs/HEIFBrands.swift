/// Tells HEIF and AVIF images from other ISO base-media files (MP4 and QuickTime videos, which
/// share their box structure) by the brands of the `ftyp` box that starts the file.
///
/// The box is `size` (4 bytes, big-endian), `ftyp`, the major brand, a minor version, then
/// compatible brands up to `size`. A file is an image when its major brand, or one of its
/// compatible brands, is an image brand of HEIF (ISO/IEC 23008-12: `mif1`, `msf1`, `heic`, `heix`,
/// …) or AVIF (`avif`, `avis`): an MP4 video lists `isom`, `mp41`, `mp42`, `avc1`…, a QuickTime
/// movie `qt  `. It is AVIF when its major brand is an AVIF brand, or when no HEVC brand is listed
/// beside an AVIF one; otherwise HEIF.
enum HEIFBrands {
    /// HEIF brands for HEVC pictures (and their image sequences).
    static let hevc: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
    /// AVIF brands: still image, image sequence (animation), and the intra-only profile.
    static let av1: Set<String> = ["avif", "avis", "avio"]
    /// HEIF's codec-neutral structural brands: image collections and image sequences.
    static let structural: Set<String> = ["mif1", "mif2", "msf1"]

    /// The format of a file that starts with `bytes`: `.heif`, `.avif`, or nil when it does not start
    /// with an `ftyp` box that names an image brand among the brands within `bytes`.
    static func format(ofFileStart bytes: [UInt8]) -> ImageFormat? {
        guard let brands = brands(ofFileStart: bytes) else { return nil }
        let major = brands[0]
        if av1.contains(major) { return .avif }
        if hevc.contains(major) { return .heif }
        let imageBrands = brands.filter { av1.contains($0) || hevc.contains($0) || structural.contains($0) }
        guard !imageBrands.isEmpty else { return nil }
        let isAV1 = imageBrands.contains(where: av1.contains) && !imageBrands.contains(where: hevc.contains)
        return isAV1 ? .avif : .heif
    }

    /// The major brand and then the compatible brands of the `ftyp` box at the start of `bytes` (as
    /// many as `bytes` holds), or nil when `bytes` does not start with an `ftyp` box.
    static func brands(ofFileStart bytes: [UInt8]) -> [String]? {
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        guard size >= 16 else { return nil }
        var result = [brand(bytes, at: 8)]
        var offset = 16
        while offset + 4 <= min(size, bytes.count) {
            result.append(brand(bytes, at: offset))
            offset += 4
        }
        return result
    }

    /// The four bytes at `offset` as text (bytes outside ASCII become U+FFFD, which matches no brand).
    private static func brand(_ bytes: [UInt8], at offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }
}
