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
    /// below the faces that the voted passes agree on (docs/thorough.md measures both ways).
    static let turnedFaceWeight: Float = 0.5
    /// The IoU above which the thorough passes' faces are voted into one (docs/thorough.md).
    static let votingOverlap: Float = 0.4
    /// The enlarged passes over the photo's orientation: the scale over the pyramid's first level's,
    /// the face side, in network pixels at the first level, below which the pass keeps its faces
    /// (where YuNet_n's scores are lowest), and whether the picture is mirrored. docs/thorough.md
    /// gives what each pass adds on detection-dev (a mirrored 1.5× pass adds nothing, so there is none).
    static let enlargedPasses: [(scale: Float, largestFace: Float, mirrored: Bool)] = [
        (2, 32, false), (2, 32, true), (1.5, 48, false),
    ]
    /// The most pixels an enlarged pass may search: twice a 4-megapixel photo's side. Larger photos
    /// get no such pass (its workspace alone would pass half a gigabyte).
    static let largestUpscaledPixels: Float = 16_000_000

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
    /// Thorough mode also searches the photo's orientation mirrored, and both enlarged as
    /// `enlargedPasses` say for small faces; those passes' candidates (from `passCandidateScore`) are
    /// merged by `BoxVoting`.
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
                BoxVoting.Candidate(face: $0, pass: 0, orientation: orientation)
            }
            let mirrored = orientation.mirrored
            let mirroredPicture = image.applying(mirrored)
            candidates += search(
                in: mirroredPicture, minFace: minFace, minScore: minScore, threads: threads, shouldStop: shouldStop
            ).map {
                BoxVoting.Candidate(
                    face: $0.stored(mirrored, width: width, height: height), pass: 1, orientation: orientation)
            }
            let uprightPicture = image.applying(orientation)
            // The largest face side, in the photo's pixels, each pass looks for.
            var passLimits: [Float] = [.infinity, .infinity]
            let first = yunet?.scale(minFace: minFace) ?? 1
            for pass in Self.enlargedPasses {
                let largest = pass.largestFace / first
                guard let yunet, Float(width * height) * pass.scale * pass.scale <= Self.largestUpscaledPixels else {
                    continue
                }
                if shouldStop() { return [] }
                let (view, picture) = pass.mirrored ? (mirrored, mirroredPicture) : (orientation, uprightPicture)
                let enlarged = yunet.detect(
                    in: picture, scale: pass.scale * first, minScore: minScore, threads: threads, shouldStop: shouldStop
                )
                for face in enlarged where max(face.bounds.width, face.bounds.height) < largest {
                    candidates.append(
                        BoxVoting.Candidate(
                            face: face.stored(view, width: width, height: height), pass: passLimits.count,
                            orientation: orientation))
                }
                passLimits.append(largest)
            }
            if shouldStop() { return [] }
            faces = BoxVoting.merged(candidates, threshold: Self.votingOverlap, passLimits: passLimits)
        } else {
            faces = found[main].map {
                BoxVoting.Candidate(face: $0, pass: 0, orientation: orientation)
            }
        }
        guard orientations.count > 1 else { return faces }
        // The other orientations' confident faces, best first, where no better face is.
        var turned: [BoxVoting.Candidate] = []
        for i in orientations.indices where i != main {
            turned += found[i].filter { $0.score >= Self.turnedFaceScore }.map {
                var face = $0
                if thorough { face.score *= Self.turnedFaceWeight }
                return BoxVoting.Candidate(face: face, pass: 0, orientation: orientations[i])
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
