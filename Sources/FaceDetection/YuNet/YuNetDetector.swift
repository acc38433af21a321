/// Finds faces with YuNet (Wu, Peng, Yu 2023) over a scale pyramid: the image is scaled so that a
/// face of the minimum size is `faceSize` pixels wide (never enlarged), then shrunk by 8 per level
/// until the whole frame fits in the network's reliable range; each level runs the network once
/// (padded to multiples of 32 inside `YuNet.run`) and keeps the faces of its band, and one
/// suppression merges the levels.
///
/// The network finds a face reliably from about 10 to about 400 of its input pixels wide
/// (`tools/acceptance/synthetic_scenes.py sweep`: the astronaut's face at 12–448 px gives one box
/// scoring 0.74–0.96; at
/// 512 px a second box appears, from 576 px the face breaks into 2–22 boxes). So every level but the
/// last keeps only faces up to `largestKept` (320) of its pixels, the next level (8 times smaller)
/// keeps faces from 3/4 of that (30 of its pixels) up, and the last level keeps everything: each
/// face is measured at a level where it is 10–320 pixels wide, and those found twice near a band's
/// edge are merged by the suppression. The levels below the first cost 1/64, 1/4096, … of its
/// pixels (levels 4 times apart cost 1/16 and found the same faces: docs/defaults.md).
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
    /// The largest face side, in network pixels, that a level keeps when a coarser level follows.
    static let largestKept: Float = 320
    /// The largest image side, in network pixels, that the last level may have: a face filling it
    /// is still in the network's range.
    static let largestFrame: Float = 400
    /// Each level's scale over the previous one's.
    static let levelRatio: Float = 0.125

    /// One level of the pyramid: its scale and the band of face sizes it keeps.
    struct Level: Equatable {
        /// Network pixels per image pixel.
        var scale: Float
        /// The smallest face side, in image pixels, this level keeps (0 for the first level).
        var smallestKept: Float
        /// The largest face side, in image pixels, this level keeps (infinity for the last level).
        var largestKept: Float
    }

    /// A detector running `network` on the image scaled so that a face of the minimum size is
    /// `faceSize` pixels wide (at most 1:1) and on the coarser levels below it.
    init(network: YuNet, faceSize: Int = smallestFace) {
        self.network = network
        self.faceSize = faceSize
    }

    /// The scale of the first level: never above 1 (an upscaled photo costs four times the work
    /// per doubling and adds no detail).
    func scale(minFace: Int) -> Float {
        min(1, Float(faceSize) / Float(max(1, minFace)))
    }

    /// The levels for an image `width`×`height` pixels looking for faces of at least `minFace`
    /// pixels: the first at `scale(minFace:)`, each next one `levelRatio` times it, until the
    /// image's longer side is at most `largestFrame` network pixels.
    func levels(width: Int, height: Int, minFace: Int) -> [Level] {
        let side = Float(max(width, height, 1))
        var levels = [Level(scale: scale(minFace: minFace), smallestKept: 0, largestKept: .infinity)]
        while side * levels[levels.count - 1].scale > Self.largestFrame {
            let previous = levels[levels.count - 1].scale
            let next = previous * Self.levelRatio
            levels[levels.count - 1].largestKept = Self.largestKept / previous
            levels.append(Level(scale: next, smallestKept: 0.75 * Self.largestKept / previous, largestKept: .infinity))
        }
        return levels
    }

    /// The faces in `image` at least about `minFace` pixels wide and scoring at least `minScore`,
    /// best first, with YuNet's own five points, in image coordinates. Cells below `minScore` are
    /// dropped before the suppression: a box can only suppress worse ones, so the result is the
    /// same as filtering afterwards, without comparing thousands of weak boxes. `shouldStop` is
    /// asked between groups of the network's layers; when it says yes, no face is returned.
    func detect(
        in image: RGBImage, minFace: Int, minScore: Float, threads: Int, shouldStop: () -> Bool = { false }
    ) -> [Face] {
        var decoder = decoder
        decoder.scoreThreshold = max(decoder.scoreThreshold, minScore)
        let levels = levels(width: image.width, height: image.height, minFace: minFace)
        var faces: [Face] = []
        var input = image
        for level in levels {
            let width = max(1, Int((Float(image.width) * level.scale).rounded()))
            let height = max(1, Int((Float(image.height) * level.scale).rounded()))
            // Each level is shrunk from the one above it (area averaging composes).
            if width != input.width || height != input.height { input = input.resized(width: width, height: height) }
            if shouldStop() { return [] }
            // A stopped run gives no outputs; the next level's question (or the caller's) ends the search.
            let found = decoder.decode(network.run(on: input, threads: threads, shouldStop: shouldStop))
            // Back to image pixels: the resize maps input pixel edges to image pixel edges.
            let sx = Float(image.width) / Float(width)
            let sy = Float(image.height) / Float(height)
            for var face in found {
                if sx != 1 || sy != 1 { face = face.scaled(x: sx, y: sy) }
                let side = max(face.bounds.width, face.bounds.height)
                guard side >= level.smallestKept && side <= level.largestKept else { continue }
                faces.append(face)
            }
        }
        guard levels.count > 1 else { return faces }
        return NonMaximumSuppression.kept(faces, threshold: decoder.nmsThreshold)
    }
}

extension YuNetDetector {
    /// The faces in `image` scaled by `scale` alone (no pyramid; above 1 the image is enlarged), each
    /// scoring at least `minScore`, best first, in image coordinates.
    func detect(
        in image: RGBImage, scale: Float, minScore: Float, threads: Int, shouldStop: () -> Bool = { false }
    ) -> [Face] {
        var decoder = decoder
        decoder.scoreThreshold = max(decoder.scoreThreshold, minScore)
        let width = max(1, Int((Float(image.width) * scale).rounded()))
        let height = max(1, Int((Float(image.height) * scale).rounded()))
        let input = width == image.width && height == image.height ? image : image.resized(width: width, height: height)
        if shouldStop() { return [] }
        let sx = Float(image.width) / Float(width)
        let sy = Float(image.height) / Float(height)
        return decoder.decode(network.run(on: input, threads: threads, shouldStop: shouldStop)).map {
            sx == 1 && sy == 1 ? $0 : $0.scaled(x: sx, y: sy)
        }
    }
}
