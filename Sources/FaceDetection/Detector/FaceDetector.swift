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
        /// OpenCV's boosted Haar cascade (Viola–Jones family): frontal faces only; the fast mode's
        /// detector before YuNet.
        case cascade
        /// MTCNN, a cascade of three small CNNs (2016); the accurate mode's detector before YuNet.
        case mtcnn
        /// YuNet_n, a one-shot CNN (2023): finds the most faces (docs/results.md); the accurate mode's.
        case yunet
        /// YuNet_s, YuNet's smaller network: almost as many faces in three quarters of the time; the
        /// fast mode's.
        case yunetSmall = "yunet-s"

        /// The detector's rule for which candidates are faces when `Options.minScore` is not set,
        /// measured on detection-dev; `anonymising`: the recall-first rule for faces that are to be
        /// hidden. YuNet, 0.3 for faces under 48 px and 0.5 for larger ones, which must also be faces
        /// to the mesh when they score under 0.6 and the mesh runs (docs/defaults.md: AP 0.839 from
        /// the candidates, against 0.817 at 0.5 for all; `CandidateScoreRule`). The
        /// cascade, 0.25: at 20 px it keeps 82 % of the true faces and removes 93 % of the false ones
        /// (precision 0.25 → 0.79). MTCNN, 0.25: below O-Net's own threshold (0.7), so it changes nothing.
        func defaultRule(anonymising: Bool) -> CandidateScoreRule {
            switch self {
            case .cascade, .mtcnn: return .uniform(0.25)
            case .yunet, .yunetSmall: return anonymising ? .yunetAnonymising : .yunet
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
        /// under 48 px, 0.3 above, with no mesh check; on detection-dev 88 % of the faces instead of
        /// 86 %, with twice the false ones). A `minScore` set applies as given.
        public var anonymising: Bool
        /// Threads one `detect` call may use (1 = the calling thread only).
        public var threads: Int
        /// The detector to run; `nil` lets the mode choose (fast: YuNet_s, accurate and thorough:
        /// YuNet_n).
        public var detector: Detector?
        /// Whether turned pictures are searched too (the thorough mode always does).
        public var rotations: Rotations

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

        /// Whether a face with the detector's box `box` is measured in full (``fullyMeasuredWidth``).
        func measuresInFull(_ box: Rect) -> Bool { box.width >= fullyMeasuredWidth }

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
            rotations: Rotations = .none
        ) {
            self.rotations = rotations
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
    /// Whether the options ask for landmarks, classification or contours, which need the measured
    /// points (O-Net's five eyes, nose and mouth corners; the mesh is aligned by the eyes). Their
    /// models are parsed on the first face found, not here: a photo without faces never pays for
    /// them (about 15 ms of a process's start).
    let needsPoints: Bool
    /// Whether the options ask for landmarks or classification, which also need dlib's nose base
    /// and the attributes derived from the points.
    let needsAttributes: Bool
    /// Whether the options ask for landmarks, classification or blendshapes, which run face mesh v2
    /// (the pupils, the blendshapes the probabilities come from).
    let needsExpressions: Bool
    /// Euler angles, Android's landmarks and the probabilities, from the measured points.
    let attributes = FaceAttributes()

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

    /// A detector with `options` whose cascade (`Detector.cascade`) is `cascade` with `settings`.
    init(
        options: Options = Options(), cascade: CascadeClassifier,
        settings: CascadeDetector.Settings = CascadeDetector.Settings()
    ) {
        self.options = options
        self.cascadeDetector = CascadeDetector(cascade: cascade, settings: settings)
        needsAttributes = options.landmarks == .all || options.classification == .all
        needsExpressions = needsAttributes || options.blendshapes == .all
        needsPoints = needsExpressions || options.contours == .all
        switch options.effectiveDetector {
        case .yunet: yunet = YuNetDetector(network: BuiltinModels.parsed(BuiltinModels.yunetN, "yunet_n.fdm"))
        case .yunetSmall: yunet = YuNetDetector(network: BuiltinModels.parsed(BuiltinModels.yunetS, "yunet_s.fdm"))
        case .cascade, .mtcnn: yunet = nil
        }
        if options.effectiveDetector == .mtcnn {
            var mtcnn = BuiltinModels.parsed(BuiltinModels.mtcnn, "mtcnn.fdm")
            mtcnn.refinesLandmarks = needsPoints  // the second O-Net pass only places landmarks
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
    /// Measured (docs/what-is-reported.md, `tools/benchmarks/attributes_by_face_size.py`: the dev sets shrunk
    /// so that their faces are this wide, the mesh on every face): from 32 px the attributes are
    /// within about 0.01 of full-size faces' (eye-open AUC 0.987 against 0.998, smile 0.918 against
    /// 0.933), at 24 px 0.961 and 0.899, at 20 px 0.889 and 0.874. Group photos are mostly small
    /// faces, and this work is per face (the mesh about 3 ms): on the 40 photos of the speed
    /// comparison 83 % of the faces are under 32 px, and measuring them in full would make the
    /// default pipeline slower than OpenCV's YuNet boxes alone (docs/defaults.md).
    public static let fullyMeasuredWidth: Float = 32

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
    /// Nothing here can fail: the models a face needs (O-Net, dlib's predictor, the mesh) are parsed
    /// on the first face found, and a compiled-in model that does not parse is a broken build, which
    /// stops the program with a message naming the model (the tests parse every one).
    public func detect(in image: RGBImage) -> [Face] {
        detect(in: image, minFace: options.minFaceSize.pixels(forImageWidth: image.width))
    }

    /// The faces in `image` as `detect(in:)` finds them, each with the MediaPipe face mesh its box,
    /// landmarks, contours and probabilities were measured with (``FaceMesh``: 468 points and the
    /// network's features); the mesh is nil where none ran: options without landmarks,
    /// classification or contours, or a face without both eye points.
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
    /// cancellation is checked before the search and between its stages (detection, the measured
    /// points, contours, landmarks and probabilities), and a cancelled task gets `CancellationError`
    /// there instead of the faces. YuNet's search (both modes) is also interrupted between groups of
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

    /// The stages of `detect(in:)`, after each of which `process(_:)` checks for cancellation.
    enum Stage: Sendable, Equatable {
        /// Boxes and scores found, filtered by score (and to the largest face with `prominentFaceOnly`).
        case detection
        /// O-Net's five points placed on the boxes of YuNet and the cascade.
        case points
        /// The mesh and ML Kit's contours.
        case contours
    }

    /// The search for faces of at least `minFace` pixels (default: `options.minFaceSize` in `image`), with `afterStage` called after each stage that more work follows (it may throw to
    /// stop the search there), and `stopSearch` asked (on the calling thread) during YuNet's search:
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
        let scored = faces.indices.filter { rule.keeps(faces[$0]) }
        faces = scored.map { faces[$0] }
        orientations = scored.map { orientations[$0] }
        if options.prominentFaceOnly,
            let largest = faces.indices.max(by: { faces[$0].bounds.area < faces[$1].bounds.area })
        {
            faces = [faces[largest]]
            orientations = [orientations[largest]]
        }
        guard needsPoints, !faces.isEmpty else {
            for i in faces.indices { faces[i].landmarks = [] }
            return faces.map { MeshedFace(face: $0, mesh: nil) }
        }
        try afterStage(.detection)
        guard orientations.contains(where: { $0 != .up }) else {
            return try measured(faces, in: image, threads: threads, afterStage: afterStage)
        }
        // Each face is measured in the picture in which it is upright, and reported in the photo's.
        var results: [MeshedFace] = []
        for orientation in [ImageOrientation.up, .right, .down, .left] {
            let group = faces.indices.filter { orientations[$0] == orientation }
            guard !group.isEmpty else { continue }
            let view = image.applying(orientation)
            let upright = group.map { faces[$0].upright(orientation, width: image.width, height: image.height) }
            for found in try measured(upright, in: view, threads: threads, afterStage: afterStage) {
                results.append(
                    MeshedFace(
                        face: found.face.stored(orientation, width: image.width, height: image.height),
                        mesh: found.mesh?.stored(orientation, width: image.width, height: image.height)))
            }
        }
        // Faces of different orientations measured onto one face are one face: the better stays.
        let distinct = NonMaximumSuppression.keptIndices(
            results.map { NonMaximumSuppression.Corners($0.face) }, scores: results.map(\.face.score),
            threshold: NonMaximumSuppression.sameFace, overlap: .union, inclusive: false)
        return distinct.map { results[$0] }
    }

    /// The points, mesh, contours and attributes the options ask for, measured on `faces` (found in
    /// `image` and upright in it), with duplicates the mesh moved onto one face removed; each face
    /// with its mesh (nil where none ran).
    private func measured<Failure: Error>(
        _ faces: [Face], in image: RGBImage, threads: Int, afterStage: (Stage) throws(Failure) -> Void
    ) throws(Failure) -> [MeshedFace] {
        var faces = faces
        let rule = options.scoreRule
        if options.effectiveDetector != .mtcnn {
            let mtcnn = BuiltinModels.parsed(BuiltinModels.mtcnn, "mtcnn.fdm")
            // O-Net's five points on the other detectors' boxes (YuNet's own are about half as precise);
            // the cascade keeps its one-pass points (its results stay those of the old fast mode).
            let points = mtcnn.landmarks(
                for: faces.map(\.bounds), in: image, threads: threads,
                regressingFrom: options.effectiveDetector != .cascade ? options.fullyMeasuredWidth : nil)
            for i in faces.indices { faces[i].landmarks = points[i] ?? faces[i].landmarks }
            try afterStage(.points)
        }
        // The mesh runs on every face at least `options.fullyMeasuredWidth` wide that gets landmarks,
        // probabilities or contours: it is aligned by the eye points, so it runs before they may be
        // dropped. Where it ran, it refines the box. Its 468 points are the mesh (contours, landmarks,
        // the box, the pose), its irises the pupils, and the blendshapes come from its points.
        let estimator = FaceMeshV2Estimator(
            network: BuiltinModels.parsed(BuiltinModels.faceMeshV2, "face_mesh_v2.fdm"),
            blendshapes: BuiltinModels.parsed(BuiltinModels.blendshapes, "face_blendshapes.fdm"))
        let detected = faces
        var results = parallelMap(count: detected.count, threads: threads) { i in
            options.measuresInFull(detected[i].bounds) ? estimator.points(for: detected[i], in: image) : nil
        }
        // A large face of middling score that the mesh does not take for a face is dropped.
        let confirmed = faces.indices.filter { i in
            results[i].map { rule.keeps(faces[i], presence: $0.presence) } ?? true
        }
        if confirmed.count < faces.count {
            faces = confirmed.map { faces[$0] }
            results = confirmed.map { results[$0] }
        }
        var meshes = results.map { $0?.mesh }
        for i in faces.indices {
            guard let mesh = meshes[i] else { continue }
            faces[i].bounds = mesh.refinedBounds(faces[i].bounds)
            if options.contours == .all { faces[i].contours = FaceContour.contours(of: mesh) }
        }
        // Two boxes the mesh moved onto one face are one face: the better one stays (before the
        // attributes, so that one face never gets two sets of probabilities).
        let distinct = NonMaximumSuppression.keptIndices(
            faces.map(NonMaximumSuppression.Corners.init), scores: faces.map(\.score),
            threshold: NonMaximumSuppression.sameFace, overlap: .union, inclusive: false)
        if distinct.count < faces.count {
            faces = distinct.map { faces[$0] }
            meshes = distinct.map { meshes[$0] }
            results = distinct.map { results[$0] }
        }
        if needsAttributes || needsExpressions { try afterStage(.contours) }
        guard needsAttributes || needsExpressions else {
            for i in faces.indices { faces[i].landmarks = [] }
            return faces.map { MeshedFace(face: $0, mesh: nil) }
        }
        let found = faces
        let foundMeshes = meshes
        let foundResults = results
        // Each face on its own: the blendshapes, then what the attributes derive from the points and
        // the mesh (dlib's nose base only for a face measured in full without a mesh).
        return parallelMap(count: found.count, threads: threads) { i in
            var face = found[i]
            let irises = foundResults[i]
            let shapes = irises.map { estimator.blendshapes($0.points) }
            if needsAttributes {
                if foundMeshes[i] == nil && options.measuresInFull(face.bounds) {
                    let shapePredictor = BuiltinModels.parsed(BuiltinModels.shapePredictor, "shape5.fdm")
                    face.landmarks += measuredNoseBase(of: face, in: image, predictor: shapePredictor)
                }
                attributes.annotate(
                    &face, mesh: foundMeshes[i], blendshapes: shapes,
                    landmarks: options.landmarks == .all, classification: options.classification == .all)
            }
            if options.landmarks == .all, let irises {
                face.landmarks += [
                    Landmark(type: .leftPupil, position: irises.position(FaceMeshV2Estimator.leftIrisCentre)),
                    Landmark(type: .rightPupil, position: irises.position(FaceMeshV2Estimator.rightIrisCentre)),
                ]
            } else if options.landmarks == .none {
                face.landmarks = []
            }
            if options.blendshapes == .all { face.blendshapes = shapes }
            return MeshedFace(face: face, mesh: foundMeshes[i])
        }
    }

    /// dlib's nose base for a face with MTCNN's five points (the box dlib expects is placed from them).
    private func measuredNoseBase(of face: Face, in image: RGBImage, predictor: ShapePredictor) -> [Landmark] {
        guard let leftEye = face.landmark(.leftEye)?.position, let rightEye = face.landmark(.rightEye)?.position,
            let mouthLeft = face.landmark(.mouthLeft)?.position, let mouthRight = face.landmark(.mouthRight)?.position
        else { return [] }
        let box = ShapePredictor.dlibStyleBox(
            leftEye: leftEye, rightEye: rightEye, mouthLeft: mouthLeft, mouthRight: mouthRight)
        return ShapePredictor.landmarks(predictor.predict(in: image, box: box)).filter { $0.type == .noseBase }
    }
}
