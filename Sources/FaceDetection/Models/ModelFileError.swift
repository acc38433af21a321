/// Why a model could not be read: what `CascadeClassifier(modelBytes:)` throws for bytes that are not
/// a usable model (the compiled-in models, which `CascadeClassifier(_:)` and `FaceMeshEstimator()`
/// read, are part of the build and are checked by the tests).
public enum ModelFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with `FDMODEL\0`.
    case badMagic
    /// A format version this build does not read.
    case unsupportedVersion(UInt32)
    /// The file ends before the data its header announces.
    case truncated
    /// The checksum does not match: the file is damaged.
    case checksumMismatch
    /// The model is of another kind than expected.
    case wrongKind(expected: String, found: String)
    /// A tensor the model needs is missing.
    case missingTensor(String)
    /// A tensor has another type or shape than expected.
    case badTensor(String, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .badMagic: return "not a facedetect model (bad magic number)"
        case .unsupportedVersion(let v): return "unsupported model format version \(v)"
        case .truncated: return "model file is truncated"
        case .checksumMismatch: return "model file is damaged (checksum mismatch)"
        case .wrongKind(let e, let f): return "expected a \(e) model, found \(f)"
        case .missingTensor(let n): return "model has no tensor '\(n)'"
        case .badTensor(let n, let r): return "model tensor '\(n)': \(r)"
        }
    }
}
