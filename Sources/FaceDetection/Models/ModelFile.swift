/// Reads the project's model container: named, typed tensors behind a magic number, a format
/// version, a kind tag and a CRC-32 (layout in `Models/README.md`; writer: `tools/modelfile.py`).
public struct ModelFile: Sendable {
    /// Why a model could not be read.
    public enum Error: Swift.Error, Equatable, CustomStringConvertible {
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

    /// Element type of a tensor.
    public enum DType: UInt8, Sendable {
        /// 32-bit float.
        case float32 = 0
        /// 32-bit signed integer.
        case int32 = 1
        /// Unsigned byte.
        case uint8 = 2
        /// 16-bit IEEE half float (widened to Float when read).
        case float16 = 3

        var size: Int {
            switch self {
            case .float32, .int32: 4
            case .uint8: 1
            case .float16: 2
            }
        }
    }

    /// One tensor: its type, shape and raw little-endian bytes.
    public struct Tensor: Sendable {
        /// Element type.
        public let dtype: DType
        /// Shape, outermost first.
        public let shape: [Int]
        /// Raw little-endian element bytes.
        let bytes: ArraySlice<UInt8>

        /// Number of elements.
        public var count: Int { shape.reduce(1, *) }
    }

    /// The format version this build reads and writes.
    public static let version: UInt32 = 1

    /// Four-character tag naming what the tensors describe (e.g. `HAAR`).
    public let kind: String
    /// Tensors in file order, by name.
    public let tensors: [String: Tensor]

    /// Parses a model from its bytes; checks magic, version, bounds and checksum.
    public init(bytes: [UInt8]) throws {
        let magic: [UInt8] = Array("FDMODEL".utf8) + [0]
        guard bytes.count >= 24 else {
            throw bytes.starts(with: magic.prefix(bytes.count)) ? Error.truncated : Error.badMagic
        }
        guard bytes.starts(with: magic) else { throw Error.badMagic }
        var reader = ByteReader(bytes: bytes, position: 8)
        let version = try reader.u32()
        guard version == Self.version else { throw Error.unsupportedVersion(version) }
        let stored =
            UInt32(bytes[bytes.count - 4]) | UInt32(bytes[bytes.count - 3]) << 8
            | UInt32(bytes[bytes.count - 2]) << 16 | UInt32(bytes[bytes.count - 1]) << 24
        guard CRC32.checksum(bytes[0..<(bytes.count - 4)]) == stored else { throw Error.checksumMismatch }
        kind = String(decoding: try reader.take(4), as: UTF8.self)
        let count = Int(try reader.u32())
        var tensors: [String: Tensor] = [:]
        for _ in 0..<count {
            let nameLength = Int(try reader.u16())
            let name = String(decoding: try reader.take(nameLength), as: UTF8.self)
            guard let dtype = DType(rawValue: try reader.u8()) else {
                throw Error.badTensor(name, reason: "unknown type")
            }
            let rank = Int(try reader.u8())
            var shape: [Int] = []
            var elements = 1
            for _ in 0..<rank {
                let d = Int(try reader.u32())
                shape.append(d)
                let (product, overflow) = elements.multipliedReportingOverflow(by: d)
                guard !overflow else { throw Error.truncated }
                elements = product
            }
            reader.position += (4 - reader.position % 4) % 4
            let (size, overflow) = elements.multipliedReportingOverflow(by: dtype.size)
            guard !overflow, reader.position <= bytes.count - 4, size <= bytes.count - 4 - reader.position else {
                throw Error.truncated
            }
            tensors[name] = Tensor(dtype: dtype, shape: shape, bytes: bytes[reader.position..<(reader.position + size)])
            reader.position += size
        }
        self.tensors = tensors
    }

    /// Throws unless the model is of `kind`.
    public func expectKind(_ expected: String) throws {
        guard kind == expected else { throw Error.wrongKind(expected: expected, found: kind) }
    }

    /// The tensor `name` as Floats (float32 or float16), checking its shape when `shape` is given
    /// (`-1` in `shape` matches any size).
    public func floats(_ name: String, shape: [Int]? = nil) throws -> [Float] {
        let t = try tensor(name, shape: shape)
        switch t.dtype {
        case .float32:
            return t.bytes.withUnsafeBytes { raw in
                // Safety: init sliced t.bytes to count·4 bytes, so each 4-byte load at $0·4 is inside raw.
                (0..<t.count).map {
                    Float(bitPattern: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self).littleEndian)
                }
            }
        case .float16:
            return t.bytes.withUnsafeBytes { raw in
                // Safety: init sliced t.bytes to count·2 bytes, so each 2-byte load at $0·2 is inside raw.
                (0..<t.count).map {
                    Float(Float16(bitPattern: raw.loadUnaligned(fromByteOffset: $0 * 2, as: UInt16.self).littleEndian))
                }
            }
        default:
            throw Error.badTensor(name, reason: "expected floats, found \(t.dtype)")
        }
    }

    /// The tensor `name` as Int32 values, checking its shape when `shape` is given.
    public func ints(_ name: String, shape: [Int]? = nil) throws -> [Int32] {
        let t = try tensor(name, shape: shape)
        guard t.dtype == .int32 else { throw Error.badTensor(name, reason: "expected int32, found \(t.dtype)") }
        return t.bytes.withUnsafeBytes { raw in
            // Safety: init sliced t.bytes to count·4 bytes, so each 4-byte load at $0·4 is inside raw.
            (0..<t.count).map {
                Int32(bitPattern: raw.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self).littleEndian)
            }
        }
    }

    /// The tensor `name` as bytes, checking its shape when `shape` is given.
    public func bytes(_ name: String, shape: [Int]? = nil) throws -> [UInt8] {
        let t = try tensor(name, shape: shape)
        guard t.dtype == .uint8 else { throw Error.badTensor(name, reason: "expected uint8, found \(t.dtype)") }
        return Array(t.bytes)
    }

    /// The tensor `name`, checking its shape when `shape` is given.
    public func tensor(_ name: String, shape: [Int]? = nil) throws -> Tensor {
        guard let t = tensors[name] else { throw Error.missingTensor(name) }
        if let shape {
            guard shape.count == t.shape.count, zip(shape, t.shape).allSatisfy({ $0 == -1 || $0 == $1 }) else {
                throw Error.badTensor(name, reason: "shape \(t.shape), expected \(shape)")
            }
        }
        return t
    }
}

/// Sequential little-endian reads with bounds checks.
private struct ByteReader {
    let bytes: [UInt8]
    var position: Int

    mutating func take(_ n: Int) throws -> ArraySlice<UInt8> {
        guard n >= 0, position <= bytes.count - n else { throw ModelFile.Error.truncated }
        defer { position += n }
        return bytes[position..<(position + n)]
    }
    mutating func u8() throws -> UInt8 { try take(1).first! }
    mutating func u16() throws -> UInt16 {
        let b = try take(2)
        return UInt16(b[b.startIndex]) | UInt16(b[b.startIndex + 1]) << 8
    }
    mutating func u32() throws -> UInt32 { try take(4).reversed().reduce(0) { $0 << 8 | UInt32($1) } }
}
