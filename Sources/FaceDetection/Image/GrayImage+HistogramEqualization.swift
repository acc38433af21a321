extension GrayImage {
    /// This image with its histogram equalised, exactly as OpenCV's `equalizeHist`: the lookup
    /// table maps grey level `v` to `round(255 · (cdf(v) − h₀) / (N − h₀))`, `h₀` being the count
    /// of the darkest level present (so it maps to 0).
    public func histogramEqualized() -> GrayImage {
        var histogram = [Int](repeating: 0, count: 256)
        // histogram[v] = number of pixels of grey level v
        for v in pixels { histogram[Int(v)] += 1 }
        guard var first = histogram.firstIndex(where: { $0 > 0 }) else { return self }
        let total = pixels.count
        if histogram[first] == total { return GrayImage(width: width, height: height, fill: UInt8(first)) }
        let scale = Float(255) / Float(total - histogram[first])
        var table = [UInt8](repeating: 0, count: 256)
        var cumulative = 0
        first += 1
        for v in first..<256 {
            cumulative += histogram[v]
            table[v] = UInt8(min(255, max(0, (Float(cumulative) * scale).rounded(.toNearestOrEven))))
        }
        return GrayImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
    }
}
