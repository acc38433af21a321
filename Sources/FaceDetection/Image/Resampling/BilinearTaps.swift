/// For each destination coordinate, the first source sample and the 8-bit weight (0…256) of the
/// second one, as OpenCV's bit-exact linear interpolation computes them.
struct BilinearTaps {
    /// First source index of each destination sample.
    var index: [Int]
    /// Weight of `index + 1`, out of 256 (0 at the edges, where only `index` counts).
    var weight: [UInt32]

    init(source: Int, destination: Int) {
        let scale = 1 / (Double(destination) / Double(source))
        index = []
        weight = []
        index.reserveCapacity(destination)
        weight.reserveCapacity(destination)
        for d in 0..<destination {
            let f = scale * (Double(d) + 0.5) - 0.5
            let i = Int(f.rounded(.down))
            if i < 0 || source == 1 {
                index.append(0)
                weight.append(0)
            } else if i >= source - 1 {
                index.append(source - 1)
                weight.append(0)
            } else {
                index.append(i)
                weight.append(UInt32(((f - Double(i)) * 256).rounded(.toNearestOrEven)))
            }
        }
    }

    /// Interpolates one source row (starting at `rowStart`) horizontally, in units of 1/256.
    func interpolateRow(_ src: UnsafeBufferPointer<UInt8>, rowStart: Int, into row: inout [UInt32]) {
        // row[x] = (256 − w)·src[i] + w·src[i + 1]
        for x in 0..<index.count {
            let i = rowStart + index[x]
            let w = weight[x]
            row[x] = w == 0 ? UInt32(src[i]) << 8 : (256 - w) &* UInt32(src[i]) &+ w &* UInt32(src[i + 1])
        }
    }
}
