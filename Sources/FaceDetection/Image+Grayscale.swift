extension Image {
    /// The grey levels of this image, with OpenCV's fixed-point BT.601 weights
    /// (`(4899 R + 9617 G + 1868 B + 8192) >> 14`, as `cv::cvtColor(COLOR_RGB2GRAY)`), so that
    /// cascade windows see exactly the values OpenCV's detector sees.
    public func grayscale() -> GrayImage {
        var gray = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { rgb in
            gray.withUnsafeMutableBufferPointer { out in
                // out[i] = weighted sum of the pixel's R, G, B, rounded
                for i in 0..<out.count {
                    let r = UInt32(rgb[3 * i]), g = UInt32(rgb[3 * i + 1]), b = UInt32(rgb[3 * i + 2])
                    out[i] = UInt8(truncatingIfNeeded: (r &* 4899 &+ g &* 9617 &+ b &* 1868 &+ 8192) >> 14)
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: gray)
    }
}
