/// An RGB image as floats (0…255), pixels interleaved `R, G, B`, rows top to bottom: the form
/// the MTCNN resampler reads, converted once per detection so that every pyramid level and every
/// candidate crop loads floats directly.
struct FloatImage: Sendable {
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    /// `width * height * 3` values, plus 16 zeros so that vector loads may run past the end.
    let values: [Float]

    /// The float form of `image`.
    init(_ image: Image) {
        width = image.width
        height = image.height
        let count = image.pixels.count
        values = [Float](unsafeUninitializedCapacity: count + 16) { buffer, initialized in
            image.pixels.withUnsafeBufferPointer { bytes in
                // values[i] = Float(bytes[i])
                for i in 0..<count { buffer[i] = Float(bytes[i]) }
            }
            for i in count..<(count + 16) { buffer[i] = 0 }
            initialized = count + 16
        }
    }
}
