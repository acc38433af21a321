import CModels

extension CascadeClassifier {
    /// The cascades compiled into the library (see `Models/README.md`). Another cascade in the
    /// `.fdm` format, such as OpenCV's `haarcascade_frontalface_default` in `Models/`, is read with
    /// ``CascadeClassifier/init(modelBytes:)``.
    public enum Builtin: String, Sendable, CaseIterable {
        /// OpenCV's `haarcascade_frontalface_alt2`: 20×20 window, 20 stages, 1047 two-split trees.
        case frontalFaceAlt2

        /// The embedded `.fdm` file's bytes.
        public var modelBytes: [UInt8] {
            switch self {
            case .frontalFaceAlt2: Array(BuiltinModels.bytes(of: cmodels_haarcascade_frontalface_alt2))
            }
        }
    }

    /// Reads one of the cascades compiled into the library (``ModelFileError`` only for a broken build:
    /// the tests parse every compiled-in model).
    public init(_ builtin: Builtin) throws(ModelFileError) {
        try self.init(modelBytes: builtin.modelBytes)
    }
}
