/// A block of floats cut into pieces laid end to end in the order they are placed. A layout lists
/// its pieces once (`place(_:)`); its `count` is the size of the block, and each piece is handed
/// out by its `Place`, so the size of the block and the pieces taken from it cannot disagree.
struct FloatLayout {
    /// A piece's place in the block: its first float and how many floats it holds.
    struct Place {
        /// The offset of its first float.
        let start: Int
        /// Its floats.
        let count: Int

        /// The piece's first float in `block`, a block of at least the layout's `count` floats.
        func pointer(in block: UnsafeMutablePointer<Float>) -> UnsafeMutablePointer<Float> { block + start }

        /// The piece of `block` (as in `pointer(in:)`) seen as a `height`×`width`×`channels` map,
        /// which must fit in the piece.
        func map(in block: UnsafeMutablePointer<Float>, height: Int, width: Int, channels: Int) -> FeatureMapView {
            precondition(height >= 0 && width >= 0 && channels > 0 && height * width * channels <= count)
            return FeatureMapView(floats: block + start, height: height, width: width, channels: channels)
        }
    }

    /// Floats in all the pieces placed so far: the size of the block.
    private(set) var count = 0

    /// An empty layout.
    init() {}

    /// Places a piece of `count` floats after the pieces placed before it.
    mutating func place(_ count: Int) -> Place {
        precondition(count >= 0)
        defer { self.count += count }
        return Place(start: self.count, count: count)
    }
}
