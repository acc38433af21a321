/// Where one row strip of YuNet's streamed stride-8 neck, head and output (`YuNet`'s `back`) keeps
/// its rows in its scratch, each piece placed once, in the order below: the upsampled row, then for
/// each block its stream's ring (`SeparableBlock.RowStream`) and its output row (the output block
/// writes into the output map). `count` is the strip's size.
struct YuNetBackStrip {
    /// The skip row plus the upsampled stride-16 row.
    let upsampled: FloatLayout.Place
    /// The neck's ring and output row.
    let neckRing, neckRow: FloatLayout.Place
    /// The head's ring (none without a head) and output row (empty without a head).
    let headRing: FloatLayout.Place?, headRow: FloatLayout.Place
    /// The output block's ring.
    let outRing: FloatLayout.Place
    /// Floats in all.
    let count: Int

    /// The strip for these blocks at stride 8 of an image padded to `paddedWidth`.
    init(neck: SeparableBlock, head: SeparableBlock?, out: SeparableBlock, paddedWidth pw: Int) {
        let w8 = pw / 8
        var layout = FloatLayout()
        upsampled = layout.place(neck.inputs * w8)
        neckRing = layout.place(neck.scratchCount(width: w8))
        neckRow = layout.place(neck.outputs * w8)
        headRing = head.map { layout.place($0.scratchCount(width: w8)) }
        headRow = layout.place((head?.outputs ?? 0) * w8)
        outRing = layout.place(out.scratchCount(width: w8))
        count = layout.count
    }
}
