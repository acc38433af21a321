/// Paths from one page of the people page to another file, as relative links, so that the page,
/// its folder of thumbnails and the photos can be opened from `file://` (and moved together).
/// Lexical: `.` and `..` are resolved by name, symbolic links are not followed.
enum RelativePath {
    /// The components of `path` made absolute against `directory` (itself absolute), with `.`
    /// dropped and `..` taking off the component before it (never above the root).
    static func components(of path: String, in directory: String) -> [Substring] {
        let full = path.hasPrefix("/") ? path : directory + "/" + path
        var result: [Substring] = []
        for component in full.split(separator: "/") {
            switch component {
            case ".": continue
            case "..": _ = result.popLast()
            default: result.append(component)
            }
        }
        return result
    }

    /// The path of `target` relative to the folder `base`, both given as `components(of:in:)` gives
    /// them: the `..` steps up to their common folder, then the rest of `target`.
    static func path(to target: [Substring], from base: [Substring]) -> String {
        var common = 0
        while common < target.count - 1, common < base.count, target[common] == base[common] { common += 1 }
        let steps = Array(repeating: "..", count: base.count - common) + target[common...].map(String.init)
        return steps.joined(separator: "/")
    }

    /// The process's working directory ("/" when it cannot be read).
    static func workingDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "/" }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
