/// A channel-last feature map in memory that it does not own: `height` rows of `width` pixels of
/// `channels` floats each, packed (the pixel stride is `channels`), with no border, at `floats`.
///
/// YuNet's maps are views into one block of its workspace (`YuNetWorkspace`), which many maps of
/// different shapes share and which is reused from pass to pass; a `FeatureMap` owns an array of
/// its own that grows, which such a block cannot be. `FloatLayout.Place.map(in:height:width:channels:)`
/// makes a view that fits in its piece.
///
/// Safety: a view is `Sendable` so that row strips on several threads can share one; whoever makes
/// it guarantees that the memory outlives its use and that no two threads write the same row.
struct FeatureMapView: @unchecked Sendable {
    /// The first float of row 0.
    let floats: UnsafeMutablePointer<Float>
    /// Rows.
    let height: Int
    /// Pixels per row.
    let width: Int
    /// Floats per pixel.
    let channels: Int

    /// Floats from one row to the next.
    var rowStride: Int { width * channels }

    /// The first float of row `y`.
    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<Float> { floats + y * rowStride }
}
