/// Finds faces with YuNet (Wu, Peng, Yu 2023): the image is shrunk so that a face of the minimum
/// size lands near the smallest face the network finds (about 10 px at stride 8), run through the
/// network once (padded to multiples of 32 inside `YuNet.run`), decoded, and mapped back.
struct YuNetDetector: Sendable {
    /// The network.
    let network: YuNet
    /// Scores, boxes, points and non-maximum suppression.
    let decoder = YuNetDecoder()
    /// The width, in network pixels, that a face of the minimum size is scaled to.
    let faceSize: Int
    /// The smallest face, in network pixels, that the network finds reliably (stride 8's anchors
    /// are about 10 px; MODELS.md): the `faceSize` that finds the most faces.
    static let smallestFace = 10

    /// A detector running `network` on the image scaled so that a face of the minimum size is
    /// `faceSize` pixels wide (at most 1:1).
    init(network: YuNet, faceSize: Int = smallestFace) {
        self.network = network
        self.faceSize = faceSize
    }

    /// The scale applied to the image before the network: never above 1 (an upscaled photo costs
    /// four times the work per doubling and adds no detail).
    func scale(minFace: Int) -> Float {
        min(1, Float(faceSize) / Float(max(1, minFace)))
    }

    /// The faces in `image` at least about `minFace` pixels wide and scoring at least `minScore`,
    /// best first, with YuNet's own five points, in image coordinates. Cells below `minScore` are
    /// dropped before the suppression: a box can only suppress worse ones, so the result is the
    /// same as filtering afterwards, without comparing thousands of weak boxes. `shouldStop` is
    /// asked between groups of the network's layers; when it says yes, no face is returned.
    func detect(
        in image: RGBImage, minFace: Int, minScore: Float, threads: Int, shouldStop: () -> Bool = { false }
    ) -> [Face] {
        let scale = scale(minFace: minFace)
        let width = max(1, Int((Float(image.width) * scale).rounded()))
        let height = max(1, Int((Float(image.height) * scale).rounded()))
        let input = scale == 1 ? image : image.resized(width: width, height: height)
        // Back to image pixels: the resize maps input pixel edges to image pixel edges.
        let sx = Float(image.width) / Float(width)
        let sy = Float(image.height) / Float(height)
        var decoder = decoder
        decoder.scoreThreshold = max(decoder.scoreThreshold, minScore)
        if shouldStop() { return [] }
        var faces = decoder.decode(network.run(on: input, threads: threads, shouldStop: shouldStop))
        guard sx != 1 || sy != 1 else { return faces }
        for i in faces.indices {
            let b = faces[i].bounds
            faces[i].bounds = Rect(x: b.x * sx, y: b.y * sy, width: b.width * sx, height: b.height * sy)
            for k in faces[i].landmarks.indices {
                let p = faces[i].landmarks[k].position
                faces[i].landmarks[k].position = Point(x: p.x * sx, y: p.y * sy)
            }
        }
        return faces
    }
}
