import FaceDetection

/// One image's predictions as a JSON Lines record of `shared/eval/SCHEMA.md`.
public enum PredictionLine {
    /// The record for `faces` found in `file` (`width` × `height`) in `time`.
    public static func json(file: String, width: Int, height: Int, time: RepeatedTiming.Measurement, faces: [Face])
        -> String
    {
        "{\"file\": \(quoted(file)), \"width\": \(width), \"height\": \(height), \"seconds\": \(time.seconds), "
            + "\"cpuSeconds\": \(time.cpuSeconds), \"faces\": [\(faces.map(json).joined(separator: ", "))]}"
    }

    /// A face as a SCHEMA prediction object: box, score, and whichever landmarks, angles and
    /// probabilities it has.
    public static func json(_ face: Face) -> String {
        let b = face.bounds
        var fields = ["\"box\": [\(b.x), \(b.y), \(b.width), \(b.height)]", "\"score\": \(face.score)"]
        if !face.landmarks.isEmpty {
            let marks = face.landmarks.map { "\"\($0.type.rawValue)\": [\($0.position.x), \($0.position.y)]" }
            fields.append("\"landmarks\": {\(marks.joined(separator: ", "))}")
        }
        let optional: [(String, Float?)] = [
            ("eulerX", face.eulerX), ("eulerY", face.eulerY), ("eulerZ", face.eulerZ),
            ("smilingProbability", face.smilingProbability),
            ("leftEyeOpenProbability", face.leftEyeOpenProbability),
            ("rightEyeOpenProbability", face.rightEyeOpenProbability),
        ]
        for (name, value) in optional { if let value { fields.append("\"\(name)\": \(value)") } }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
