/// Finds faces in images. Create one and share it: `detect(in:)` is safe to call from many
/// threads at once (the detector holds only immutable model data). It takes an ``RGBImage`` or a
/// ``PixelBuffer`` (a camera or video frame in borrowed memory) and does not throw;
/// `process(_:)` is the `async` form that honours task cancellation between stages.
public struct FaceDetector: Sendable {
    /// Which detector runs.
    public enum Mode: String, Sendable, CaseIterable {
        /// YuNet_s, YuNet's smaller network, over the same scale pyramid: fewer faces in less time
        /// (docs/results.md).
        case fast
        /// YuNet_n over a scale pyramid (every face from the minimum size up to the whole frame),
        /// with MTCNN's O-Net placing the five points: the most faces and the most precise landmarks
        /// (docs/results.md). The default.
        case accurate
        /// Every face at any cost, for hiding faces and for audits: accurate mode's network and
        /// pyramid, also run on the picture turned by 90°, 180° and 270°, mirrored, and enlarged
        /// for the smallest faces, the passes merged by score-weighted box voting
        /// (``FaceDetector/Options/rotations`` says how turned pictures are searched; docs/thorough.md
        /// measures what each pass adds and costs).
        case thorough
    }

    /// Whether pictures turned by a quarter or a half turn are searched too.
    public enum Rotations: String, Sendable, CaseIterable {
        /// Only the picture as it is (the thorough mode searches all four turns anyway).
        case none
        /// The picture turned by 0°, 90°, 180° and 270°: the turn whose confident faces add up to
        /// the most is taken as the photo's orientation and searched as usual, and the other turns
        /// add only faces scoring at least 0.8 (a person lying down). Four times the search's cost.
        case all
    }

    /// The detector networks and cascades that can run; `Options.detector` picks one, or the mode does.
    public enum Detector: String, Sendable, CaseIterable {
        /// OpenCV's boosted Haar cascade (Viola–Jones family): frontal faces only.
        case cascade
        /// MTCNN, a cascade of three small CNNs (2016).
        case mtcnn
        /// YuNet_n, a one-shot CNN (2023): finds the most faces (docs/results.md); the accurate mode's.
        case yunet
        /// YuNet_s, YuNet's smaller network: almost as many faces in less time (docs/results.md); the
        /// fast mode's.
        case yunetSmall = "yunet-s"

        /// The detector's rule for which candidates are faces when `Options.minScore` is not set,
        /// measured on detection-dev; `anonymising`: the recall-first rule for faces that are to be
        /// hidden. YuNet, 0.3 for faces under 48 px and 0.5 for larger ones, which must also be faces
        /// to the mesh when they score under 0.6 and the mesh runs (`CandidateScoreRule`; docs/defaults.md
        /// measures it against one threshold for all). The
        /// cascade, 0.25: at 20 px it keeps 82 % of the true faces and removes 93 % of the false ones
        /// (precision 0.25 → 0.79). MTCNN, 0.25: below O-Net's own threshold (0.7), so it changes nothing.
        func defaultRule(anonymising: Bool) -> CandidateScoreRule {
            switch self {
            case .cascade, .mtcnn: return .uniform(0.25)
            case .yunet: return anonymising ? .yunetAnonymising : .yunet
            case .yunetSmall: return anonymising ? .yunetAnonymising : .yunetSmall
            }
        }
    }

    /// Whether landmarks are computed (as ML Kit's landmark mode).
    public enum LandmarkMode: String, Sendable, CaseIterable {
        /// No landmarks.
        case none
        /// Android's landmarks for the face's yaw, plus the nose tip.
        case all
    }

    /// Whether the smiling and eye-open probabilities are computed (as ML Kit's classification mode).
    public enum ClassificationMode: String, Sendable, CaseIterable {
        /// No probabilities.
        case none
        /// Smiling, left eye open and right eye open.
        case all
    }

    /// Whether ML Kit's contours are computed (as ML Kit's contour mode), from the face mesh.
    public enum ContourMode: String, Sendable, CaseIterable {
        /// No contours (the mesh still runs when landmarks or classification are on).
        case none
        /// The fifteen contours of `FaceContour.Kind` (133 points) for every face.
        case all
    }

    /// Whether MediaPipe's 52 expression coefficients are reported (``Face/blendshapes``).
    public enum BlendshapeMode: String, Sendable, CaseIterable {
        /// No coefficients (the default; classification still reads some of them).
        case none
        /// All 52, from face mesh v2's points by MediaPipe's blendshape model.
        case all
    }

    /// The smallest face to look for.
    public enum MinFaceSize: Sendable, Equatable {
        /// Face width as a fraction of the image width (as ML Kit's `minFaceSize`).
        case fraction(Float)
        /// Face width in pixels.
        case pixels(Int)

        /// The default, 10 px: the smallest face YuNet finds reliably, so that every face a person
        /// sees is looked for. The search runs over a scale pyramid from this size up to the whole
        /// frame, so the cost is that of the first level (the full image) plus about 7 %. For live
        /// camera frames, `.fraction(0.1)` (ML Kit's default) is about a hundred times less work on
        /// a 1280-pixel-wide frame, and finds only faces at least a tenth of its width.
        public static let standard = MinFaceSize.pixels(10)

        /// The size in pixels for an image `imageWidth` pixels wide (at least 1).
        public func pixels(forImageWidth imageWidth: Int) -> Int {
            switch self {
            case .fraction(let f): return max(1, Int((f * Float(imageWidth)).rounded()))
            case .pixels(let p): return max(1, p)
            }
        }
    }

    /// What the detector does; the defaults suit an ordinary photo.
    public struct Options: Sendable, Equatable {
        /// Which detector runs.
        public var mode: Mode
        /// Landmarks (and the Euler angles fitted to them).
        public var landmarks: LandmarkMode
        /// Smiling and eye-open probabilities (and the Euler angles), for the faces measured in full
        /// (``fullyMeasuredWidth``).
        public var classification: ClassificationMode
        /// ML Kit's contours for every face, from MediaPipe's face mesh. The mesh (one network run per
        /// face measured in full, ``fullyMeasuredWidth``) also runs whenever landmarks or
        /// classification are on: it refines the box and the landmarks and gives the pose, the eyes'
        /// and the smile's probabilities.
        public var contours: ContourMode
        /// MediaPipe's 52 expression coefficients for every face (``Face/blendshapes``); asking for
        /// them measures every face in full (``Options/fullyMeasuredWidth``).
        public var blendshapes: BlendshapeMode
        /// The smallest face to look for.
        public var minFaceSize: MinFaceSize
        /// Faces scoring below this are dropped (0 keeps every candidate, e.g. to draw a
        /// precision-recall curve); `nil`: the detector's default rule, measured on detection-dev
        /// (YuNet: 0.3 for faces under 48 px, 0.5 for larger ones, which must also be faces to the
        /// mesh when they score under 0.6; the cascade and MTCNN: 0.25).
        public var minScore: Float?
        /// Keep only the largest face: the greatest box area (width × height), the best-scoring one
        /// among equally large ones (as ML Kit's `enableProminentFaceOnly`, and the tool's
        /// `--prominent-face-only`/`--biggest`). Chosen before landmarks and probabilities are
        /// computed, so they are computed for that face alone.
        ///
        /// The tool's `--best` is another policy, not available here: it ranks the faces after the
        /// search by 0.7 × score + 0.2 × size + 0.1 × closeness to the centre (Debian's older
        /// `facedetect`), with size measured as (width + height) / 2 relative to the largest face, so
        /// a sharp, central face can win over a larger, doubtful one at the edge.
        public var prominentFaceOnly: Bool
        /// Whether the faces are found in order to hide them (the tool's `--blur` and `--pixelate`):
        /// a face missed is a face shown, so YuNet's default thresholds are lower (0.2 for faces
        /// under 48 px, 0.3 above, with no mesh check: more of the faces, and more false ones;
        /// docs/defaults.md). A `minScore` set applies as given.
        public var anonymising: Bool
        /// Threads one `detect` call may use (1 = the calling thread only).
        public var threads: Int
        /// The detector to run; `nil` lets the mode choose (fast: YuNet_s, accurate and thorough:
        /// YuNet_n).
        public var detector: Detector?
        /// Whether turned pictures are searched too (the thorough mode always does).
        public var rotations: Rotations
        /// Whether each face gets an identity descriptor (``Face/descriptor``: SFace's, from the face
        /// aligned by its five points), which tells whose face it is; off by default, as it costs a
        /// network run per face.
        public var descriptors: Bool
        /// The least box width, in pixels, of a face that gets a descriptor (``FaceDetector/descriptorMinimumWidth``
        /// unless set): below it the face is too small to tell whose it is.
        public var descriptorMinimumWidth: Float = FaceDetector.descriptorMinimumWidth

        /// The least score a face may have: `minScore`, or the lowest of the detector's default
        /// thresholds.
        public var effectiveMinScore: Float { scoreRule.lowestScore }

        /// Which candidates are faces: `minScore` for all, or the detector's default rule.
        var scoreRule: CandidateScoreRule {
            if let minScore { return .uniform(minScore) }
            if mode == .thorough { return .thorough }
            return effectiveDetector.defaultRule(anonymising: anonymising)
        }

        /// The least width of a face measured in full with these options: 0 (every face) when
        /// contours or blendshapes are asked for, else ``FaceDetector/fullyMeasuredWidth``.
        public var fullyMeasuredWidth: Float {
            contours == .all || blendshapes == .all ? 0 : FaceDetector.fullyMeasuredWidth
        }

        /// Whether the options ask for landmarks, classification, contours or blendshapes, which
        /// need the measured points (O-Net's five; the mesh is aligned by the eyes) and the mesh.
        var measuresPoints: Bool { derivesAttributes || readsExpressions || contours == .all }
        /// Whether the options need O-Net's five points: for the measured points, or to align the
        /// faces that get descriptors by.
        var placesPoints: Bool { measuresPoints || descriptors }
        /// Whether the options ask for landmarks or classification, which the pose, Android's
        /// landmarks and the probabilities are derived for.
        var derivesAttributes: Bool { landmarks == .all || classification == .all }
        /// Whether the options ask for landmarks, classification or blendshapes, which read the
        /// blendshapes (the probabilities come from them).
        var readsExpressions: Bool { derivesAttributes || blendshapes == .all }

        /// The detector that runs: `detector`, or the mode's default.
        public var effectiveDetector: Detector { detector ?? (mode == .fast ? .yunetSmall : .yunet) }

        /// Options with the defaults of the `facedetect` tool: accurate mode, landmarks and
        /// classification on, no contours, faces from 10 px (`MinFaceSize.standard`), searched
        /// from that size up to the whole frame.
        public init(
            mode: Mode = .accurate, landmarks: LandmarkMode = .all, classification: ClassificationMode = .all,
            contours: ContourMode = .none, blendshapes: BlendshapeMode = .none, minFaceSize: MinFaceSize = .standard,
            minScore: Float? = nil,
            prominentFaceOnly: Bool = false, anonymising: Bool = false, threads: Int = 1, detector: Detector? = nil,
            rotations: Rotations = .none, descriptors: Bool = false
        ) {
            self.rotations = rotations
            self.descriptors = descriptors
            self.anonymising = anonymising
            self.detector = detector
            self.minScore = minScore
            self.mode = mode
            self.landmarks = landmarks
            self.classification = classification
            self.contours = contours
            self.blendshapes = blendshapes
            self.minFaceSize = minFaceSize
            self.prominentFaceOnly = prominentFaceOnly
            self.threads = threads
        }
    }

    /// The options this detector was made with.
    public let options: Options
    /// The fast mode's cascade detector.
    let cascadeDetector: CascadeDetector
    /// MTCNN, when `options.effectiveDetector` is `.mtcnn`.
    let mtcnn: MTCNN?
    /// YuNet, when `options.effectiveDetector` is `.yunet` or `.yunetSmall`.
    let yunet: YuNetDetector?
    /// What runs on the faces the search found, in order. The stages' models are parsed on the
    /// first face found, not here: a photo without faces never pays for them.
    let stages: FaceStages

    /// A detector with `options`, using the models compiled into the library.
    ///
    /// Nothing here can fail: the tests parse every compiled-in model, and one that does not parse
    /// is a broken build, which stops the program with a message naming the model.
    public init(options: Options = Options()) {
        self.init(
            options: options,
            cascade: BuiltinModels.parsed(BuiltinModels.frontalFaceAlt2, "haarcascade_frontalface_alt2.fdm"))
    }

    /// A detector with `options` whose cascade (`Detector.cascade`) is the one in `cascadeModelBytes`
    /// (throws `ModelFileError` when they are not a usable `HAAR` model).
    init(options: Options = Options(), cascadeModelBytes: [UInt8]) throws(ModelFileError) {
        self.init(options: options, cascade: try CascadeClassifier(modelBytes: cascadeModelBytes))
    }

    /// A detector with `options` whose cascade (`Detector.cascade`) is `cascade` with `settings`,
    /// running the stages of `stages` (``FaceStages/all``) that the options ask for.
    init(
        options: Options = Options(), cascade: CascadeClassifier,
        settings: CascadeDetector.Settings = CascadeDetector.Settings(), stages: [any FaceStage.Type] = FaceStages.all
    ) {
        self.options = options
        self.cascadeDetector = CascadeDetector(cascade: cascade, settings: settings)
        self.stages = FaceStages(options: options, kinds: stages)
        switch options.effectiveDetector {
        case .yunet: yunet = YuNetDetector(network: BuiltinModels.parsed(BuiltinModels.yunetN, "yunet_n.fdm"))
        case .yunetSmall: yunet = YuNetDetector(network: BuiltinModels.parsed(BuiltinModels.yunetS, "yunet_s.fdm"))
        case .cascade, .mtcnn: yunet = nil
        }
        if options.effectiveDetector == .mtcnn {
            var mtcnn = BuiltinModels.parsed(BuiltinModels.mtcnn, "mtcnn.fdm")
            mtcnn.refinesLandmarks = options.placesPoints  // the second O-Net pass only places landmarks
            self.mtcnn = mtcnn
        } else {
            mtcnn = nil
        }
    }

    /// The least width of a face (its detector box's, in pixels) that is measured in full: face
    /// mesh v2 and its blendshapes (so the probabilities, blendshapes, contours and pupils), the
    /// second O-Net pass and dlib's nose base. A narrower face gets its box, O-Net's five points
    /// from one pass, and the pose and landmarks fitted to them — unless the options ask for
    /// contours or blendshapes, which are asked for every face: then every face is measured in full
    /// (``Options/fullyMeasuredWidth``).
    ///
    /// From this width the attributes are about as good as on full-size faces, and group photos are
    /// mostly smaller faces, whose per-face work would dominate the pipeline's time: both measured
    /// in docs/what-is-reported.md (`tools/benchmarks/attributes_by_face_size.py`) and docs/defaults.md.
    public static let fullyMeasuredWidth: Float = 32

    /// The least box width, in pixels, of a face that gets a descriptor by default
    /// (``Options/descriptorMinimumWidth``): from this width a face's descriptor tells people apart
    /// about as well as at full size, and below it the descriptors of one person's faces stop lying
    /// close together. Measured on identity-dev's faces scaled down (docs/identity.md).
    public static let descriptorMinimumWidth: Float = 24

    /// The smallest face, in pixels, the mode can find at all (its detection window): the cascade's
    /// window, P-Net's 12 px, or YuNet's ~10 px at stride 8.
    public var smallestFace: Int {
        switch options.effectiveDetector {
        case .cascade: return max(cascadeDetector.cascade.windowWidth, cascadeDetector.cascade.windowHeight)
        case .mtcnn: return 12
        case .yunet, .yunetSmall: return yunet?.faceSize ?? YuNetDetector.smallestFace
        }
    }

    /// The faces in `image`, best first (only the largest with `prominentFaceOnly`), with what the
    /// options ask for, in `image`'s pixel coordinates.
    ///
    /// Nothing here can fail: the models that measure the faces are parsed on the first face found, and a compiled-in model that does not parse is a broken build, which
    /// stops the program with a message naming the model (the tests parse every one).
    public func detect(in image: RGBImage) -> [Face] {
        detect(in: image, minFace: options.minFaceSize.pixels(forImageWidth: image.width))
    }

    /// The faces in `image` as `detect(in:)` finds them, each with the MediaPipe face mesh its box,
    /// landmarks, contours and probabilities were measured with (``FaceMesh``: 468 points and the
    /// network's features); the mesh is nil where none ran: options without landmarks,
    /// classification, contours or blendshapes, a face narrower than
    /// ``Options/fullyMeasuredWidth``, or a face without both eye points.
    public func detectWithMeshes(in image: RGBImage) -> [MeshedFace] {
        runMeshed(on: image, afterStage: { _ in })
    }

    /// `detect(in:)` looking for faces of at least `minFace` pixels in `image` (for a reduced image,
    /// `detect(in:reducedBy:)`).
    func detect(in image: RGBImage, minFace: Int) -> [Face] {
        run(on: image, minFace: minFace, afterStage: { _ in }, stopSearch: { false })
    }

    /// The faces in `buffer` (a camera or video frame in borrowed memory), converted in one pass
    /// into the upright ``RGBImage`` (`RGBImage(_:)`) and searched: the faces are in the upright
    /// picture's coordinates (`buffer.uprightWidth` × `buffer.uprightHeight`), as ML Kit's
    /// `InputImage` with a rotation reports them. The buffer's memory is read only during this call.
    public func detect(in buffer: PixelBuffer) -> [Face] {
        detect(in: RGBImage(buffer))
    }

    /// The faces in `image`, as `detect(in:)` finds them, for Swift concurrency: the task's
    /// cancellation is checked before the search, after it and between the stages that measure the
    /// faces (the points, the mesh, the contours, the probabilities, …), and a cancelled task gets
    /// `CancellationError` there instead of the faces. YuNet's search (both modes) is also interrupted between groups of
    /// its network's layers; the other stages, and the MTCNN and cascade searches, run to their end
    /// once started.
    ///
    /// The work runs on the calling task's thread (`options.threads` spreads one stage over more).
    public func process(_ image: RGBImage) async throws(CancellationError) -> [Face] {
        if Task.isCancelled { throw CancellationError() }
        return try run(
            on: image,
            afterStage: { _ throws(CancellationError) in if Task.isCancelled { throw CancellationError() } },
            stopSearch: { Task.isCancelled })
    }

    /// The faces in `buffer` (a camera or video frame in borrowed memory), as `detect(in:)` finds
    /// them, for Swift concurrency: the buffer is converted into the upright ``RGBImage`` first (its
    /// memory is read only then, during this call), and the search checks the task's cancellation
    /// as `process(_:)` does for an image.
    public func process(_ buffer: PixelBuffer) async throws(CancellationError) -> [Face] {
        try await process(RGBImage(buffer))
    }

    /// A point of `detect(in:)` after which `process(_:)` checks for cancellation: the search, or a
    /// stage that measures the faces (``FaceStage``).
    struct Stage: Sendable, Hashable {
        /// The search's name, or the stage's type name.
        let name: String

        /// After the search: boxes and scores found, filtered by score (and to the largest face with
        /// `prominentFaceOnly`).
        static let detection = Stage(name: "detection")

        /// After the stage of type `stage`.
        init(_ stage: any FaceStage.Type) { name = String(describing: stage) }

        private init(name: String) { self.name = name }
    }

    /// The search for faces of at least `minFace` pixels (default: `options.minFaceSize` in `image`)
    /// and the stages after it, with `afterStage` called after the search and each stage that more
    /// work follows (it may throw to stop there), and `stopSearch` asked (on the calling thread) during YuNet's search:
    /// when it says yes, the search ends with no face and `afterStage(.detection)` is called even
    /// then, so that it can throw.
    func run<Failure: Error>(
        on image: RGBImage, minFace: Int? = nil, afterStage: (Stage) throws(Failure) -> Void,
        stopSearch: () -> Bool = { false }
    ) throws(Failure) -> [Face] {
        try runMeshed(on: image, minFace: minFace, afterStage: afterStage, stopSearch: stopSearch).map(\.face)
    }

    /// `run(on:minFace:afterStage:stopSearch:)` with each face's mesh (nil where none ran).
    func runMeshed<Failure: Error>(
        on image: RGBImage, minFace: Int? = nil, afterStage: (Stage) throws(Failure) -> Void,
        stopSearch: () -> Bool = { false }
    ) throws(Failure) -> [MeshedFace] {
        let minFace = minFace ?? options.minFaceSize.pixels(forImageWidth: image.width)
        let threads = max(1, options.threads)
        var faces: [Face]
        var orientations: [ImageOrientation]
        if searchesPasses {
            let found = passFaces(in: image, minFace: minFace, threads: threads, shouldStop: stopSearch)
            faces = found.map(\.face)
            orientations = found.map(\.orientation)
        } else {
            faces = search(
                in: image, minFace: minFace, minScore: options.effectiveMinScore, threads: threads,
                shouldStop: stopSearch)
            orientations = faces.map { _ in .up }
        }
        if stopSearch() {
            try afterStage(.detection)
            return []
        }
        let rule = options.scoreRule
        let scored = faces.indices.filter { rule.keeps(faces[$0], minFace: minFace) }
        faces = scored.map { faces[$0] }
        orientations = scored.map { orientations[$0] }
        if options.prominentFaceOnly,
            let largest = faces.indices.max(by: { faces[$0].bounds.area < faces[$1].bounds.area })
        {
            faces = [faces[largest]]
            orientations = [orientations[largest]]
        }
        guard !stages.isEmpty, !faces.isEmpty else {
            let kept = DistinctFaces.keptIndices(
                faces.map(NonMaximumSuppression.Corners.init), scores: faces.map(\.score), minFace: minFace)
            return kept.map { MeshedFace(face: reported(faces[$0]), mesh: nil) }
        }
        let measured = try stages.run(
            faces, orientations: orientations, in: image, threads: threads, afterStage: afterStage)
        let kept = DistinctFaces.kept(measured, minFace: minFace)
        let scaled = OverlappedFaces.scaled(kept.map(\.face))
        return zip(scaled, kept).map { MeshedFace(face: reported($0), mesh: $1.mesh) }
    }

    /// `face` with the landmarks the options ask for: none when landmarks are off (the points the
    /// search and the stages placed served only to measure the face).
    private func reported(_ face: Face) -> Face {
        guard options.landmarks == .none else { return face }
        var face = face
        face.landmarks = []
        return face
    }
}
