extension RGBImage {
    /// The grey levels of this image, with OpenCV's fixed-point BT.601 weights
    /// (`(9798 R + 19235 G + 3735 B + 16384) >> 15`, as `cv::cvtColor(COLOR_RGB2GRAY)` computes
    /// 8-bit images in OpenCV 4.x), so that
    /// cascade windows see exactly the values OpenCV's detector sees.
    public func grayscale() -> GrayImage {
        var gray = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { rgb in
            gray.withUnsafeMutableBufferPointer { out in
                // Safety: out.count = width·height, so rgb index 3·i + 2 < width·height·3 = pixels.count.
                // out[i] = weighted sum of the pixel's R, G, B, rounded
                for i in 0..<out.count {
                    let r = UInt32(rgb[3 * i])
                    let g = UInt32(rgb[3 * i + 1])
                    let b = UInt32(rgb[3 * i + 2])
                    out[i] = UInt8(truncatingIfNeeded: (r &* 9798 &+ g &* 19235 &+ b &* 3735 &+ 16384) >> 15)
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: gray)
    }
}
