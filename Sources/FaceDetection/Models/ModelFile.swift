/// Reads the project's model container: named, typed tensors behind a magic number, a format
/// version, a kind tag and a CRC-32 (layout in `Models/README.md`; writer: `tools/models/modelfile.py`).
/// Internal: an embedder meets only its errors, ``ModelFileError``.
struct ModelFile: Sendable {
    /// Why a model could not be read (as ``ModelFileError``).
    typealias Error = ModelFileError

    /// Element type of a tensor.
    enum DType: UInt8, Sendable {
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
    struct Tensor: Sendable {
        /// Element type.
        let dtype: DType
        /// Shape, outermost first.
        let shape: [Int]
        /// The file's bytes (kept alive by every tensor that points into them).
        let storage: ModelBytes
        /// Where this tensor's elements start in `storage`, in bytes.
        let offset: Int

        /// Number of elements.
        var count: Int { shape.reduce(1, *) }

        /// Calls `body` with the tensor's `count × dtype.size` raw element bytes.
        func withElementBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
            // Safety: init checked offset + count·size against the file's length, and `storage`
            // keeps those bytes alive (and unchanged) for as long as this tensor exists.
            try body(UnsafeRawBufferPointer(rebasing: storage.buffer[offset..<(offset + count * dtype.size)]))
        }
    }

    /// The format version this build reads and writes.
    static let version: UInt32 = 1

    /// Four-character tag naming what the tensors describe (e.g. `HAAR`).
    let kind: String
    /// Tensors in file order, by name.
    let tensors: [String: Tensor]

    /// Parses a model from its bytes; checks magic, version, bounds and checksum.
    init(bytes: [UInt8]) throws(Error) {
        try self.init(storage: ModelBytes(copying: bytes), verifyingChecksum: true)
    }

    /// Parses a model from bytes that live as long as the process (a model compiled into the
    /// binary), without copying them. Checks magic, version and bounds; the checksum only when
    /// `verifyingChecksum` is set (the tests check every compiled-in model's checksum once, so a
    /// run can trust them, as it trusts its own code).
    init(immortal bytes: UnsafeRawBufferPointer, verifyingChecksum: Bool) throws(Error) {
        try self.init(storage: ModelBytes(immortal: bytes), verifyingChecksum: verifyingChecksum)
    }

    /// Parses the model in `storage`.
    private init(storage: ModelBytes, verifyingChecksum: Bool) throws(Error) {
        let bytes = storage.buffer
        let magic: [UInt8] = Array("FDMODEL".utf8) + [0]
        guard bytes.count >= 24 else {
            throw bytes.starts(with: magic.prefix(bytes.count)) ? Error.truncated : Error.badMagic
        }
        guard bytes.starts(with: magic) else { throw Error.badMagic }
        var reader = ByteReader(bytes: bytes, position: 8)
        let version = try reader.u32()
        guard version == Self.version else { throw Error.unsupportedVersion(version) }
        if verifyingChecksum {
            let stored = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self))
            guard CRC32.checksum(UnsafeRawBufferPointer(rebasing: bytes[0..<(bytes.count - 4)])) == stored else {
                throw Error.checksumMismatch
            }
        }
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
            tensors[name] = Tensor(dtype: dtype, shape: shape, storage: storage, offset: reader.position)
            reader.position += size
        }
        self.tensors = tensors
    }

    /// Throws unless the model is of `kind`.
    func expectKind(_ expected: String) throws(Error) {
        guard kind == expected else { throw Error.wrongKind(expected: expected, found: kind) }
    }

    /// The tensor `name` as Floats (float32 or float16), checking its shape when `shape` is given
    /// (`-1` in `shape` matches any size).
    func floats(_ name: String, shape: [Int]? = nil) throws(Error) -> [Float] {
        let t = try tensor(name, shape: shape)
        switch t.dtype {
        case .float32: return t.withElementBytes { Self.littleEndianValues($0, count: t.count, as: Float.self) }
        case .float16:
            let halves = t.withElementBytes { Self.littleEndianValues($0, count: t.count, as: Float16.self) }
            return halves.map(Float.init)
        default:
            throw Error.badTensor(name, reason: "expected floats, found \(t.dtype)")
        }
    }

    /// The tensor `name` as Int32 values, checking its shape when `shape` is given.
    func ints(_ name: String, shape: [Int]? = nil) throws(Error) -> [Int32] {
        let t = try tensor(name, shape: shape)
        guard t.dtype == .int32 else { throw Error.badTensor(name, reason: "expected int32, found \(t.dtype)") }
        return t.withElementBytes { Self.littleEndianValues($0, count: t.count, as: Int32.self) }
    }

    /// The tensor `name` as bytes, checking its shape when `shape` is given.
    func bytes(_ name: String, shape: [Int]? = nil) throws(Error) -> [UInt8] {
        let t = try tensor(name, shape: shape)
        guard t.dtype == .uint8 else { throw Error.badTensor(name, reason: "expected uint8, found \(t.dtype)") }
        return t.withElementBytes { Array($0) }
    }

    /// `count` values of `T` stored little-endian in `raw` (which holds exactly `count × size` bytes,
    /// at any alignment), copied in one go on a little-endian machine.
    private static func littleEndianValues<T: BitwiseCopyable>(
        _ raw: UnsafeRawBufferPointer, count: Int, as: T.Type
    ) -> [T] {
        precondition(raw.count == count * MemoryLayout<T>.stride)
        #if _endian(little)
            return [T](unsafeUninitializedCapacity: count) { values, initialized in
                // Safety: `values` has room for `count` values, exactly the bytes `raw` holds.
                if count > 0 { UnsafeMutableRawBufferPointer(values).copyMemory(from: raw) }
                initialized = count
            }
        #else
            #error("ModelFile reads little-endian tensors by copying; a big-endian build needs a byte swap here")
        #endif
    }

    /// The tensor `name`, checking its shape when `shape` is given.
    func tensor(_ name: String, shape: [Int]? = nil) throws(Error) -> Tensor {
        guard let t = tensors[name] else { throw Error.missingTensor(name) }
        if let shape {
            guard shape.count == t.shape.count, zip(shape, t.shape).allSatisfy({ $0 == -1 || $0 == $1 }) else {
                throw Error.badTensor(name, reason: "shape \(t.shape), expected \(shape)")
            }
        }
        return t
    }
}

/// A model file's bytes: copied into memory of its own, or borrowed for good from a model compiled
/// into the binary.
///
/// Safety (`@unchecked Sendable`): the bytes are never written after `init`, so tensors on any
/// thread may read them.
final class ModelBytes: @unchecked Sendable {
    /// The bytes.
    let buffer: UnsafeRawBufferPointer
    /// Whether `buffer` was allocated here (and is freed with this object).
    private let owned: Bool

    /// A copy of `bytes`.
    init(copying bytes: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
        // Safety: `copy` was just allocated with exactly `bytes.count` bytes.
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
        buffer = UnsafeRawBufferPointer(copy)
        owned = true
    }

    /// `bytes` themselves, which the caller guarantees live and stay unchanged until the process ends.
    init(immortal bytes: UnsafeRawBufferPointer) {
        buffer = bytes
        owned = false
    }

    deinit {
        if owned { buffer.deallocate() }
    }
}

/// Sequential little-endian reads with bounds checks.
private struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    var position: Int

    mutating func take(_ n: Int) throws(ModelFileError) -> UnsafeRawBufferPointer {
        guard n >= 0, position <= bytes.count - n else { throw ModelFile.Error.truncated }
        defer { position += n }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<(position + n)])
    }
    mutating func u8() throws(ModelFileError) -> UInt8 { try take(1)[0] }
    mutating func u16() throws(ModelFileError) -> UInt16 {
        UInt16(littleEndian: try take(2).loadUnaligned(as: UInt16.self))
    }
    mutating func u32() throws(ModelFileError) -> UInt32 {
        UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self))
    }
}
