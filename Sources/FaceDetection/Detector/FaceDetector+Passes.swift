extension FaceDetector {
    /// The least score of a candidate of the thorough mode's passes before they are merged: the
    /// merged score (a mean over the passes) decides what is reported.
    static let passCandidateScore: Float = 0.05
    /// The least score of a face that makes an orientation the photo's: the orientation whose faces
    /// scoring at least this add up to the most is the one searched fully (the upright one unless
    /// another has more).
    static let strongFace: Float = 0.8
    /// The least score of a face found in a quarter-turned or upside-down picture that is not the
    /// photo's orientation (a person lying down in an upright photo); such faces are rare and the
    /// other orientations' chance false faces are not.
    static let turnedFaceScore: Float = 0.8
    /// In thorough mode, the factor on the score of such a turned face: one pass saw it, so it ranks
    /// below the faces that the voted passes agree on (detection-dev AP 0.879 → 0.882 with the
    /// voting's scores; docs/thorough.md).
    static let turnedFaceWeight: Float = 0.5
    /// The IoU above which the thorough passes' faces are voted into one (docs/thorough.md).
    static let votingOverlap: Float = 0.4
    /// The face side, in network pixels at the pyramid's first level, below which the upscaled
    /// passes (twice that scale) keep their faces: where YuNet_n's scores are lowest.
    static let upscaledFaceSide: Float = 32
    /// The most pixels an upscaled pass may search (four times the photo's): a 4-megapixel photo's.
    /// Larger photos get no upscaled pass (its workspace alone would pass half a gigabyte).
    static let largestUpscaledPixels = 16_000_000

    /// Whether the search runs more than the one upright pyramid.
    var searchesPasses: Bool { options.mode == .thorough || options.rotations == .all }

    /// The faces of the passes `options` ask for, in `image`'s coordinates, best first, each with
    /// the orientation in which it is upright.
    ///
    /// With rotations (and in thorough mode) the pyramid runs on the picture as it is and turned by
    /// 90°, 180° and 270°; the orientation whose faces scoring at least `strongFace` add up to the
    /// most is the photo's (upright unless another has more), and the other orientations keep only
    /// faces scoring at least `turnedFaceScore` that overlap no face of the photo's orientation
    /// (in thorough mode scored `turnedFaceWeight` times as much).
    /// Thorough mode also searches the photo's orientation mirrored, and, for faces under
    /// `upscaledFaceSide` network pixels, both at twice the first level's scale; those passes'
    /// candidates (from `passCandidateScore`) are merged by `BoxVoting`.
    func passFaces(
        in image: RGBImage, minFace: Int, threads: Int, shouldStop: () -> Bool
    ) -> [BoxVoting.Candidate] {
        let thorough = options.mode == .thorough
        let minScore = thorough ? Self.passCandidateScore : options.effectiveMinScore
        let orientations: [ImageOrientation] =
            options.rotations == .all || thorough ? [.up, .right, .down, .left] : [.up]
        let (width, height) = (image.width, image.height)
        var found: [[Face]] = []
        for orientation in orientations {
            let view = image.applying(orientation)
            found.append(
                search(in: view, minFace: minFace, minScore: minScore, threads: threads, shouldStop: shouldStop).map {
                    $0.stored(orientation, width: width, height: height)
                })
            if shouldStop() { return [] }
        }
        let strength = found.map { faces in faces.reduce(Float(0)) { $0 + ($1.score >= Self.strongFace ? $1.score : 0) }
        }
        var main = 0
        for i in strength.indices where strength[i] > strength[main] { main = i }
        let orientation = orientations[main]
        var faces: [BoxVoting.Candidate]
        if thorough {
            var candidates = found[main].map {
                BoxVoting.Candidate(face: $0, pass: 0, smallFacesOnly: false, orientation: orientation)
            }
            let mirrored = orientation.mirrored
            let mirroredPicture = image.applying(mirrored)
            candidates += search(
                in: mirroredPicture, minFace: minFace, minScore: minScore, threads: threads, shouldStop: shouldStop
            ).map {
                BoxVoting.Candidate(
                    face: $0.stored(mirrored, width: width, height: height), pass: 1, smallFacesOnly: false,
                    orientation: orientation)
            }
            var passes = 2
            // Faces under this side (in the photo's pixels) are the upscaled passes' to find.
            let first = yunet?.scale(minFace: minFace) ?? 1
            let largest = Self.upscaledFaceSide / first
            if let yunet, width * height * 4 <= Self.largestUpscaledPixels {
                for (view, picture) in [(orientation, image.applying(orientation)), (mirrored, mirroredPicture)] {
                    if shouldStop() { return [] }
                    let upscaled = yunet.detect(
                        in: picture, scale: 2 * first, minScore: minScore, threads: threads, shouldStop: shouldStop)
                    for face in upscaled where max(face.bounds.width, face.bounds.height) < largest {
                        candidates.append(
                            BoxVoting.Candidate(
                                face: face.stored(view, width: width, height: height), pass: passes,
                                smallFacesOnly: true, orientation: orientation))
                    }
                    passes += 1
                }
            }
            if shouldStop() { return [] }
            faces = BoxVoting.merged(
                candidates, threshold: Self.votingOverlap, smallFace: largest, passes: 2, smallFacePasses: passes)
        } else {
            faces = found[main].map {
                BoxVoting.Candidate(face: $0, pass: 0, smallFacesOnly: false, orientation: orientation)
            }
        }
        guard orientations.count > 1 else { return faces }
        // The other orientations' confident faces, best first, where no better face is.
        var turned: [BoxVoting.Candidate] = []
        for i in orientations.indices where i != main {
            turned += found[i].filter { $0.score >= Self.turnedFaceScore }.map {
                var face = $0
                if thorough { face.score *= Self.turnedFaceWeight }
                return BoxVoting.Candidate(face: face, pass: 0, smallFacesOnly: false, orientation: orientations[i])
            }
        }
        turned.sort { $0.face.score > $1.face.score }
        var kept = faces.map(\.face.bounds)
        for candidate in turned {
            let box = candidate.face.bounds
            guard !kept.contains(where: { $0.iou(box) > NonMaximumSuppression.sameFace }) else { continue }
            kept.append(box)
            faces.append(candidate)
        }
        return faces.sorted { $0.face.score > $1.face.score }
    }

    /// One search of `image` by the options' detector (YuNet: its pyramid), faces in `image`'s
    /// coordinates, best first.
    func search(in image: RGBImage, minFace: Int, minScore: Float, threads: Int, shouldStop: () -> Bool) -> [Face] {
        switch options.effectiveDetector {
        case .cascade: return cascadeDetector.detect(in: image, minFaceSize: minFace, threads: threads)
        case .mtcnn: return mtcnn?.detect(in: image, minFaceSize: minFace, threads: threads) ?? []
        case .yunet, .yunetSmall:
            return yunet?.detect(
                in: image, minFace: minFace, minScore: minScore, threads: threads, shouldStop: shouldStop)
                ?? []
        }
    }
}
