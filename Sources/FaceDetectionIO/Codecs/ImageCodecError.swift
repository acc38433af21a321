/// Why an image could not be read, decoded, encoded or written: one case per kind of failure, so
/// that a caller can switch on it, each naming the file (`path`) and saying plainly what is wrong
/// (`reason`); `description` is the one-line "path: reason" the command-line tool prints.
public enum ImageCodecError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file could not be opened or read: no such file, permission denied, is a directory, …
    /// (`errno` is the system's error number).
    case cannotRead(path: String, errno: Int32)
    /// The file holds more than `limit` bytes (`DecodeLimits.maxFileBytes`); it was not read whole.
    case fileTooLarge(path: String, limit: Int)
    /// The file is empty.
    case empty(path: String)
    /// The bytes are in no format that is read, or in a variant of one that the decoder lacks;
    /// `reason` says what they look like, e.g. "not a JPEG, PNG, HEIF, AVIF or WebP image (looks
    /// like text)".
    case unsupportedFormat(path: String, reason: String)
    /// The header declares no pixels or more than `DecodeLimits` allow; nothing was decoded.
    case exceedsLimits(path: String, reason: String)
    /// The data ends before the image does; `detail` is the decoder's message, if any.
    case truncated(path: String, format: ImageFormat, detail: String?)
    /// The data is damaged, or breaks a decoding guard such as the progressive-scan limit;
    /// `detail` is the decoder's message.
    case corrupt(path: String, format: ImageFormat, detail: String)
    /// An output path whose extension is not .png, .jpg or .jpeg (an unknown one, or a format that
    /// is only read, such as .heic).
    case unknownOutputFormat(path: String)
    /// The image cannot be encoded as `format`: a size the format cannot hold, a quality outside
    /// 1…100, or the encoder failed (`reason`).
    case cannotEncode(path: String, format: ImageFormat, reason: String)
    /// The output could not be written (`errno`: no space left, permission denied, …); nothing
    /// is left behind.
    case cannotWrite(path: String, errno: Int32)

    /// The file (or the name given to `ImageCodec.decode`) the error is about.
    public var path: String {
        switch self {
        case .cannotRead(let path, _), .fileTooLarge(let path, _), .empty(let path),
            .unsupportedFormat(let path, _), .exceedsLimits(let path, _), .truncated(let path, _, _),
            .corrupt(let path, _, _), .unknownOutputFormat(let path), .cannotEncode(let path, _, _),
            .cannotWrite(let path, _):
            return path
        }
    }

    /// What went wrong, e.g. "no such file", "truncated PNG", "image too large: …".
    public var reason: String {
        switch self {
        case .cannotRead(_, let code): return describeSystemError(code)
        case .fileTooLarge(_, let limit): return "file too large: more than \(limit) bytes (the limit)"
        case .empty: return "empty file"
        case .unsupportedFormat(_, let reason), .exceedsLimits(_, let reason), .cannotEncode(_, _, let reason):
            return reason
        case .truncated(_, let format, let detail):
            return "truncated \(format.displayName)" + (detail.map { ": " + $0 } ?? "")
        case .corrupt(_, let format, let detail): return "corrupt \(format.displayName): \(detail)"
        case .unknownOutputFormat(let path):
            let supported = "use a .png, .jpg or .jpeg file name"
            guard let format = ImageFormat(path: path) else { return "unknown output format (\(supported))" }
            return "cannot write \(format.displayName): it is read, not written (\(supported))"
        case .cannotWrite(_, let code): return "cannot write: \(describeSystemError(code))"
        }
    }

    /// "path: reason".
    public var description: String { "\(path): \(reason)" }

    /// The failed write of an image file, as `.cannotWrite`.
    init(_ error: FileWriteError) { self = .cannotWrite(path: error.path, errno: error.errno) }

    /// The same error about another file (the output path of an encoding that was given none).
    func about(_ path: String) -> ImageCodecError {
        switch self {
        case .cannotRead(_, let code): return .cannotRead(path: path, errno: code)
        case .fileTooLarge(_, let limit): return .fileTooLarge(path: path, limit: limit)
        case .empty: return .empty(path: path)
        case .unsupportedFormat(_, let reason): return .unsupportedFormat(path: path, reason: reason)
        case .exceedsLimits(_, let reason): return .exceedsLimits(path: path, reason: reason)
        case .truncated(_, let format, let detail): return .truncated(path: path, format: format, detail: detail)
        case .corrupt(_, let format, let detail): return .corrupt(path: path, format: format, detail: detail)
        case .unknownOutputFormat: return .unknownOutputFormat(path: path)
        case .cannotEncode(_, let format, let reason): return .cannotEncode(path: path, format: format, reason: reason)
        case .cannotWrite(_, let code): return .cannotWrite(path: path, errno: code)
        }
    }
}

extension ImageFormat {
    /// "JPEG", "PNG", "HEIF", "AVIF" or "WebP", as error messages write it.
    public var displayName: String { self == .webp ? "WebP" : rawValue.uppercased() }
}
