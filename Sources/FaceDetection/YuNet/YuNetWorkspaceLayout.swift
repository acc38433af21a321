/// Where one YuNet pass keeps its maps in its workspace (`YuNetWorkspace`): each map by name with
/// its count of floats, laid end to end in the order of the properties below, then one scratch strip
/// per thread. `YuNet` sizes it from its channels and the padded image; `maps(in:)` hands out the
/// pointers.
struct YuNetWorkspaceLayout {
    /// A map's place in the workspace: its first float and how many floats it holds.
    struct Place {
        /// The offset of its first float.
        let start: Int
        /// Its floats.
        let count: Int
    }

    /// The maps of one workspace, by name (see the layout's properties).
    struct Maps {
        /// The maps at strides 16 and 32 that take turns as a layer's input and output.
        let a, b: UnsafeMutablePointer<Float>
        /// Backbone 6's map (stride 8) and backbone 8's (stride 16): the neck's skips.
        let p8, p16: UnsafeMutablePointer<Float>
        /// The neck's maps at strides 16 and 32.
        let n16, n32: UnsafeMutablePointer<Float>
        /// The output blocks' maps (16 channels) at strides 8, 16 and 32.
        let outputs: [UnsafeMutablePointer<Float>]
        /// The scratch strips, strip k at `k * stripCount`.
        let scratch: SharedPointer<Float>
    }

    /// The places of `Maps`' maps.
    let a, b, p8, p16, n16, n32: Place
    /// The places of the output maps at strides 8, 16 and 32.
    let outputs: [Place]
    /// The scratch strips' place: `threads` strips of `stripCount` floats.
    let scratch: Place
    /// Floats in one thread's scratch strip.
    let stripCount: Int
    /// Floats in all: what the workspace must hold.
    var count: Int { scratch.start + scratch.count }

    /// Places maps of these counts end to end: `alternating` floats for each of a and b, the
    /// outputs' three counts, and `threads` strips of `stripCount` floats.
    init(
        alternating: Int, p8: Int, p16: Int, n16: Int, n32: Int, outputs: [Int], stripCount: Int, threads: Int
    ) {
        var end = 0
        func place(_ count: Int) -> Place {
            defer { end += count }
            return Place(start: end, count: count)
        }
        (a, b) = (place(alternating), place(alternating))
        (self.p8, self.p16, self.n16, self.n32) = (place(p8), place(p16), place(n16), place(n32))
        self.outputs = outputs.map(place)
        scratch = place(threads * stripCount)
        self.stripCount = stripCount
    }

    /// The maps in `floats`, a block of at least `count` floats.
    func maps(in floats: UnsafeMutablePointer<Float>) -> Maps {
        Maps(
            a: floats + a.start, b: floats + b.start, p8: floats + p8.start, p16: floats + p16.start,
            n16: floats + n16.start, n32: floats + n32.start, outputs: outputs.map { floats + $0.start },
            scratch: SharedPointer(floats + scratch.start))
    }
}
