/// Where one row strip of YuNet's streamed first layers (stem to backbone 6, `YuNet`'s `front`)
/// keeps its rows in its scratch, each piece placed once, in the order below: the stem's three
/// filled input rows and its output row, then for each backbone block its stream's ring
/// (`SeparableBlock.RowStream`) and the output rows kept for the next layer (two, then the pooled
/// row, where a max-pool follows). `count` is the strip's size.
struct YuNetFrontStrip {
    /// Floats in one filled stem input row.
    let fillCount: Int
    /// The stem's three filled input rows, `fillCount` floats each.
    let filled: FloatLayout.Place
    /// The stem's output row.
    let stemRow: FloatLayout.Place
    /// Backbone k's stream ring, k = 0…6.
    let rings: [FloatLayout.Place]
    /// Backbone k's kept output rows, k = 0…5: two where a pool follows (blocks 0 and 4), else one.
    let rows: [FloatLayout.Place]
    /// The max-pooled rows after blocks 0 and 4 (strides 4 and 8).
    let pooled: [FloatLayout.Place]
    /// Floats in all.
    let count: Int

    /// The strip for `backbone` (YuNet's blocks, at strides `YuNet.backboneStride`) on an image
    /// padded to `paddedWidth`.
    init(backbone: [SeparableBlock], paddedWidth pw: Int) {
        var layout = FloatLayout()
        fillCount = StemConvolution.rowCount(outputWidth: pw / 2)
        filled = layout.place(3 * fillCount)
        stemRow = layout.place(16 * (pw / 2))
        var (rings, rows, pooled) = ([FloatLayout.Place](), [FloatLayout.Place](), [FloatLayout.Place]())
        for k in 0...6 {
            let (stride, w) = (YuNet.backboneStride[k], pw / YuNet.backboneStride[k])
            rings.append(layout.place(backbone[k].scratchCount(width: w)))
            guard k < 6 else { break }  // block 6 writes into the stride-8 map
            let pools = YuNet.backboneStride[k + 1] > stride
            rows.append(layout.place((pools ? 2 : 1) * backbone[k].outputs * w))
            if pools { pooled.append(layout.place(backbone[k].outputs * (w / 2))) }
        }
        (self.rings, self.rows, self.pooled) = (rings, rows, pooled)
        count = layout.count
    }
}
