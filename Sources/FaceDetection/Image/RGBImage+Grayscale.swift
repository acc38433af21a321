extension RGBImage {
    /// The grey levels of this image, with OpenCV's fixed-point BT.601 weights
    /// (`GreyLevel.cascade`), so that cascade windows see exactly the values OpenCV's
    /// detector sees.
    public func grayscale() -> GrayImage {
        var gray = [UInt8](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { rgb in
            gray.withUnsafeMutableBufferPointer { out in
                // Safety: out.count = width·height, so rgb index 3·i + 2 < width·height·3 = pixels.count.
                for i in 0..<out.count { out[i] = GreyLevel.cascade(rgb[3 * i], rgb[3 * i + 1], rgb[3 * i + 2]) }
            }
        }
        return GrayImage(width: width, height: height, pixels: gray)
    }
}
