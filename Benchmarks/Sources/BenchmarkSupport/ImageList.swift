import FaceDetection
import FaceDetectionIO
import Foundation

/// One picture of an evaluation set: where its pixels are and its `file` in the set's truth.json.
public struct ImageListEntry: Sendable {
    /// The picture to read: a binary PPM (as `tools/benchmarks/decode_to_ppm.py` writes) or a JPEG/PNG.
    public var path: String
    /// The name the predictions carry (the `file` of truth.json).
    public var file: String

    /// Reads the pixels (PPM by its own reader, anything else through `FaceDetectionIO`, EXIF applied).
    public func load() throws -> RGBImage {
        path.hasSuffix(".ppm") ? try PPMImage.read(path) : try DecodedImage(contentsOf: path).image
    }
}

/// Reading the image lists the benchmarks take.
public enum ImageList {
    /// The entries of a `list.tsv` as `tools/benchmarks/decode_to_ppm.py` writes it (PPM path, file, then
    /// ignored columns), read from `path`, or from standard input when `path` is nil or `-`.
    /// A line with one column is both path and file. Blank lines are skipped.
    public static func read(_ path: String?) throws -> [ImageListEntry] {
        let text: String
        if let path, path != "-" {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } else {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        return text.split(separator: "\n").compactMap { line in
            let columns = line.split(separator: "\t").map(String.init)
            guard let first = columns.first, !first.isEmpty else { return nil }
            return ImageListEntry(path: first, file: columns.count > 1 ? columns[1] : first)
        }
    }

    /// Every `count`-th of `entries`, evenly spaced (as `../shared/tools/peers.py --sample`); all if `count` is nil.
    public static func sample(_ entries: [ImageListEntry], count: Int?) -> [ImageListEntry] {
        guard let count, count > 0, count < entries.count else { return entries }
        return (0..<count).map { entries[$0 * entries.count / count] }
    }
}
