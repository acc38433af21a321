import Testing

@testable import FaceDetection

/// A bordered map zeroes its border on every reshape (whatever the storage held) and indexes its
/// interior inside it; a map without a border indexes from the first float.
@Test func featureMapBorderIsZeroAroundATightInterior() {
    var map = FeatureMap()
    map.values = [Float](repeating: .nan, count: 6 * 7 * 8)
    map.reshape(height: 4, width: 5, channels: 8, alignment: 1, border: 1)
    #expect(map.pixelStride == 8 && map.rowStride == 7 * 8 && map.offset(0, 0) == (7 + 1) * 8)
    #expect(map.index(3, 4, 7) == (4 * 7 + 5) * 8 + 7)
    for y in -1...4 {
        for x in -1...5 where y == -1 || y == 4 || x == -1 || x == 5 {
            #expect((0..<8).allSatisfy { map[y, x, $0] == 0 }, "border pixel (\(y), \(x))")
        }
    }
    #expect(map[0, 0, 0].isNaN)
    map.reshape(height: 2, width: 3, channels: 3)
    #expect(map.border == 0 && map.pixelStride == 16 && map.offset(1, 2) == 5 * 16 && map.rowStride == 48)
}

/// A layout places its pieces end to end; a map of a piece starts at the piece.
@Test func floatLayoutPlacesPiecesEndToEnd() {
    var layout = FloatLayout()
    let (a, b, c) = (layout.place(12), layout.place(0), layout.place(30))
    #expect(a.start == 0 && b.start == 12 && c.start == 12 && layout.count == 42)
    var block = [Float](repeating: 0, count: layout.count)
    block.withUnsafeMutableBufferPointer { buffer in
        let map = c.map(in: buffer.baseAddress!, height: 2, width: 3, channels: 5)
        #expect(map.floats == buffer.baseAddress! + 12 && map.row(1) == buffer.baseAddress! + 27)
    }
}

/// The pieces of YuNet's strip scratch lie inside the strip without overlapping, and each stream's
/// ring is the size its block asks for at its stride.
@Test(arguments: [32, 640, 4032])
func yunetStripLayoutsTileTheirStrips(paddedWidth pw: Int) throws {
    let net = try BuiltinModels.yunetN.get()
    let backbone = net.backbone
    let front = YuNetFrontStrip(backbone: backbone, paddedWidth: pw)
    for k in 0...6 {
        #expect(front.rings[k].count == backbone[k].scratchCount(width: pw / YuNet.backboneStride[k]))
    }
    #expect(front.rows[0].count == 2 * backbone[0].outputs * (pw / 2))
    #expect(front.pooled.map(\.count) == [backbone[0].outputs * (pw / 4), backbone[4].outputs * (pw / 8)])
    let frontPieces = [front.filled, front.stemRow] + front.rings + front.rows + front.pooled
    for head in [nil, net.heads[0]] {
        let back = YuNetBackStrip(neck: net.neck8, head: head, out: net.outs[0], paddedWidth: pw)
        #expect(back.headRing?.count == head?.scratchCount(width: pw / 8))
        var backPieces = [back.upsampled, back.neckRing, back.neckRow, back.headRow, back.outRing]
        if let ring = back.headRing { backPieces.append(ring) }
        for (pieces, count) in [(frontPieces, front.count), (backPieces, back.count)] {
            let sorted = pieces.sorted { ($0.start, $0.count) < ($1.start, $1.count) }
            #expect(sorted.first?.start == 0 && sorted.last.map { $0.start + $0.count } == count)
            #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.start + $0.count == $1.start })
        }
    }
}
