/// Finds faces in images. Create one and share it: `detect(in:)` is safe to call from many
/// threads at once (the detector holds only immutable model data).
public struct FaceDetector: Sendable {
    /// Which detector runs.
    public enum Mode: String, Sendable, CaseIterable {
        /// A boosted cascade (Viola–Jones family): fast, frontal faces.
        case fast
    }

    /// The smallest face to look for.
    public enum MinFaceSize: Sendable, Equatable {
        /// Face width as a fraction of the image width (as ML Kit's `minFaceSize`).
        case fraction(Float)
        /// Face width in pixels.
        case pixels(Int)

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
        /// The smallest face to look for.
        public var minFaceSize: MinFaceSize
        /// Keep only the largest face.
        public var prominentFaceOnly: Bool
        /// Threads one `detect` call may use (1 = the calling thread only).
        public var threads: Int

        /// Options with ML Kit-like defaults: fast mode, faces at least 10 % of the image width.
        public init(mode: Mode = .fast, minFaceSize: MinFaceSize = .fraction(0.1),
                    prominentFaceOnly: Bool = false, threads: Int = 1) {
            self.mode = mode
            self.minFaceSize = minFaceSize
            self.prominentFaceOnly = prominentFaceOnly
            self.threads = threads
        }
    }

    /// The options this detector was made with.
    public let options: Options
    /// The fast mode's cascade detector.
    public let cascadeDetector: CascadeDetector

    /// A detector with `options`, using the models compiled into the library.
    public init(options: Options = Options()) throws {
        try self.init(options: options, cascade: CascadeClassifier(.frontalFaceAlt2))
    }

    /// A detector with `options` running the cascade whose model file bytes are given
    /// (throws `ModelFile.Error` when they are not a usable `HAAR` model).
    public init(options: Options = Options(), cascadeModelBytes: [UInt8]) throws {
        try self.init(options: options, cascade: CascadeClassifier(modelBytes: cascadeModelBytes))
    }

    /// A detector with `options` running `cascade` with `settings`.
    public init(options: Options = Options(), cascade: CascadeClassifier,
                settings: CascadeDetector.Settings = CascadeDetector.Settings()) throws {
        self.options = options
        self.cascadeDetector = CascadeDetector(cascade: cascade, settings: settings)
    }

    /// The faces in `image`, best first (only the largest with `prominentFaceOnly`).
    public func detect(in image: Image) throws -> [Face] {
        let minFace = options.minFaceSize.pixels(forImageWidth: image.width)
        let faces = cascadeDetector.detect(in: image, minFace: minFace, threads: max(1, options.threads))
        if options.prominentFaceOnly, let largest = faces.max(by: { $0.bounds.area < $1.bounds.area }) {
            return [largest]
        }
        return faces
    }
}
