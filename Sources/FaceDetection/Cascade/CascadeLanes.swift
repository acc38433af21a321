/// Where eight windows' integral-table samples come from, for SIMD evaluation.
protocol CascadeLanes {
    /// The table entries at `corner` relative to each of the eight windows.
    func load(_ table: UnsafePointer<Int32>, _ corner: Int) -> SIMD8<Int32>
}

/// Eight windows side by side in one row, `step` pixels apart, whose samples one vector load
/// fetches.
protocol RowLanes: CascadeLanes {
    /// Pixels between neighbouring windows.
    static var step: Int { get }
    /// The eight windows starting at table offset `origin`.
    init(origin: Int)
}

/// Eight adjacent windows (step 1): their samples are contiguous.
struct AdjacentLanes: RowLanes {
    static var step: Int { 1 }
    /// Table offset of the first window.
    var origin: Int

    @inline(__always)
    func load(_ table: UnsafePointer<Int32>, _ corner: Int) -> SIMD8<Int32> {
        table.loadVector(SIMD8<Int32>.self, at: origin + corner)
    }
}

/// Eight windows two pixels apart (step 2): their samples are every other element of 16.
/// Reads 16 elements from the first window's: the tables carry padding for this.
struct AlternateLanes: RowLanes {
    static var step: Int { 2 }
    /// Table offset of the first window.
    var origin: Int

    @inline(__always)
    func load(_ table: UnsafePointer<Int32>, _ corner: Int) -> SIMD8<Int32> {
        table.loadVector(SIMD16<Int32>.self, at: origin + corner).evenHalf
    }
}

/// Eight windows anywhere in the table: one load per lane.
struct ScatteredLanes: CascadeLanes {
    /// Table offset of each window.
    var origins: SIMD8<Int32>

    @inline(__always)
    func load(_ table: UnsafePointer<Int32>, _ corner: Int) -> SIMD8<Int32> {
        let p = table + corner
        return SIMD8(
            p[Int(origins[0])], p[Int(origins[1])], p[Int(origins[2])], p[Int(origins[3])],
            p[Int(origins[4])], p[Int(origins[5])], p[Int(origins[6])], p[Int(origins[7])])
    }
}
