/// `--shard K/N`: which images this process handles when N processes share a batch.
///
/// Shard K (1…N) keeps the images whose key hashes to K − 1 modulo N. The key is the image's
/// path relative to its input root (`ImageInput.relativePath`), hashed with FNV-1a 64 over its
/// UTF-8 bytes, so the split is the same on every machine and in every run, whatever the thread
/// count or the order of the inputs. `--shard auto/N` takes K from the array-index variable
/// of the scheduler (see `environmentVariables`), which counts from 0: index i is shard i + 1.
struct ShardSelection: Sendable, Equatable {
    /// This process's shard, 1…`count`.
    let index: Int
    /// How many shards the batch is split into.
    let count: Int

    /// The array-index variables read by `--shard auto/N`, first set one wins: Slurm job arrays,
    /// Kubernetes indexed Jobs, AWS Batch array jobs.
    static let environmentVariables = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"]

    /// `--shard`'s value as written: K given, or `auto` (from the environment).
    struct Request: Sendable, Equatable {
        /// K, or `nil` for `auto`.
        var index: Int?
        /// N.
        var count: Int

        /// Parses `K/N` (1 ≤ K ≤ N) or `auto/N` (N ≥ 1).
        static func parse(_ text: String) throws(UsageError) -> Request {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let count = Int(parts[1]), count >= 1 else {
                throw UsageError(message: "--shard: '\(text)' is not K/N or auto/N (N a whole number ≥ 1)")
            }
            if parts[0] == "auto" { return Request(index: nil, count: count) }
            guard let index = Int(parts[0]), (1...count).contains(index) else {
                throw UsageError(message: "--shard: '\(text)': K must be a whole number from 1 to N")
            }
            return Request(index: index, count: count)
        }

        /// The selection, reading K from `environment` (name → value) for `auto`.
        func resolve(environment: (String) -> String?) throws(UsageError) -> ShardSelection {
            if let index { return ShardSelection(index: index, count: count) }
            for name in ShardSelection.environmentVariables {
                guard let value = environment(name) else { continue }
                guard let arrayIndex = Int(value), arrayIndex >= 0, arrayIndex < count else {
                    throw UsageError(
                        message: "--shard auto/\(count): \(name)=\(value) is not an index from 0 to \(count - 1)")
                }
                return ShardSelection(index: arrayIndex + 1, count: count)
            }
            let names = ShardSelection.environmentVariables.joined(separator: ", ")
            throw UsageError(message: "--shard auto/\(count): none of \(names) is set")
        }
    }

    /// Whether the image with `key` belongs to this shard.
    func contains(key: String) -> Bool {
        Int(ShardSelection.fnv1a64(key) % UInt64(count)) == index - 1
    }

    /// FNV-1a, 64 bits, of `text`'s UTF-8 bytes (a fixed function, unlike Swift's seeded `Hasher`).
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // Each byte is xored in, then the hash multiplied by the FNV prime.
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
