/// Where one YuNet pass keeps its maps in its workspace (`YuNetWorkspace`): each map by name with
/// its count of floats, laid end to end by a `FloatLayout` in the order of the properties below,
/// then one scratch strip per thread. `YuNet` sizes it from its channels and the padded image and
/// views each map with `FloatLayout.Place.map(in:height:width:channels:)`, which checks that the
/// view fits in its place.
struct YuNetWorkspaceLayout {
    /// The maps at strides 16 and 32 that take turns as a layer's input and output.
    let a, b: FloatLayout.Place
    /// Backbone 6's map (stride 8) and backbone 8's (stride 16): the neck's skips.
    let p8, p16: FloatLayout.Place
    /// The neck's maps at strides 16 and 32.
    let n16, n32: FloatLayout.Place
    /// The output blocks' maps (16 channels) at strides 8, 16 and 32.
    let outputs: [FloatLayout.Place]
    /// The scratch strips: `threads` strips of `stripCount` floats, strip k at `k * stripCount`.
    let scratch: FloatLayout.Place
    /// Floats in one thread's scratch strip.
    let stripCount: Int
    /// Floats in all: what the workspace must hold.
    let count: Int

    /// Places maps of these counts end to end: `alternating` floats for each of a and b, the
    /// outputs' three counts, and `threads` strips of `stripCount` floats.
    init(
        alternating: Int, p8: Int, p16: Int, n16: Int, n32: Int, outputs: [Int], stripCount: Int, threads: Int
    ) {
        var layout = FloatLayout()
        (a, b) = (layout.place(alternating), layout.place(alternating))
        (self.p8, self.p16) = (layout.place(p8), layout.place(p16))
        (self.n16, self.n32) = (layout.place(n16), layout.place(n32))
        self.outputs = outputs.map { layout.place($0) }
        scratch = layout.place(threads * stripCount)
        self.stripCount = stripCount
        count = layout.count
    }
}
