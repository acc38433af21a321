import FaceDetection

/// What the tool found in one image: the prediction format of `shared/eval/SCHEMA.md`, plus
/// `warnings` and `error` when there are any.
struct PredictionRecord: Sendable {
    /// The path as the tool reached it (a directory argument joined with the relative path).
    var file: String
    /// Width of the upright image in pixels (`nil` when it could not be decoded).
    var width: Int?
    /// Height of the upright image in pixels.
    var height: Int?
    /// Wall time of the detection call alone, in seconds (decode excluded).
    var seconds: Double?
    /// Wall time of reading and decoding the file, in seconds.
    var decodeSeconds: Double?
    /// The faces found, in image pixels.
    var faces: [Face] = []
    /// Decoder warnings (e.g. a truncated JPEG that decoded partly).
    var warnings: [String] = []
    /// Why the image failed, when it did.
    var error: String?
    /// For a video frame: its number, counting from 0.
    var frame: Int?
    /// For a video frame: its time in seconds from the start.
    var time: Double?
    /// For a video frame: each face's `trackingId`, in the order of `faces` (empty for a photo).
    var trackingIds: [Int] = []

    /// A record for `file` with nothing found yet.
    init(file: String) { self.file = file }

    /// The record as one line of JSON, keys in a fixed order, without the trailing newline.
    ///
    /// Written by `JSONText`, not by Foundation's `JSONEncoder` through `Face`'s `Codable`, because
    /// the line is a published schema whose bytes must not change (README "JSON Lines format",
    /// scripts and `--resume` read it): `JSONEncoder` cannot round numbers to a fixed number of
    /// decimals (it writes the shortest digits of the whole `Float`: `410.47998` for a box edge this
    /// writes as `410.48`), cannot keep keys in the schema's order (`file`, `width`, … with
    /// `.sortedKeys` or without, the order is its own), writes no space after `,` and `:`, and
    /// escapes `/` in paths unless told not to. `Face`'s own `Codable` form (property names, exact
    /// values) is the library's, for embedders.
    var jsonLine: String {
        var json = JSONText()
        json.beginObject()
        json.key("file")
        json.string(file)
        if let frame {
            json.key("frame")
            json.integer(frame)
        }
        if let time {
            json.key("time")
            json.number(time, decimals: 6, trimmed: true)
        }
        if let width, let height {
            json.key("width")
            json.integer(width)
            json.key("height")
            json.integer(height)
        }
        if let seconds {
            json.key("seconds")
            json.number(seconds, decimals: 6)
        }
        if let decodeSeconds {
            json.key("decodeSeconds")
            json.number(decodeSeconds, decimals: 6)
        }
        json.key("faces")
        json.beginArray()
        for (index, face) in faces.enumerated() {
            PredictionRecord.write(face, trackingId: index < trackingIds.count ? trackingIds[index] : nil, to: &json)
        }
        json.endArray()
        if !warnings.isEmpty {
            json.key("warnings")
            json.beginArray()
            for warning in warnings { json.string(warning) }
            json.endArray()
        }
        if let error {
            json.key("error")
            json.string(error)
        }
        json.endObject()
        return json.text
    }

    /// Writes one face: its `trackingId` first for a video frame, box and score always, the other
    /// keys only when they were computed.
    private static func write(_ face: Face, trackingId: Int?, to json: inout JSONText) {
        json.beginObject()
        if let trackingId {
            json.key("trackingId")
            json.integer(trackingId)
        }
        let box = face.bounds
        json.key("box")
        json.numbers([Double(box.x), Double(box.y), Double(box.width), Double(box.height)], decimals: 2)
        json.key("score")
        json.number(Double(face.score), decimals: 4, trimmed: true)
        if !face.landmarks.isEmpty {
            json.key("landmarks")
            json.beginObject()
            for landmark in face.landmarks {
                json.key(landmark.type.rawValue)
                json.numbers([Double(landmark.position.x), Double(landmark.position.y)], decimals: 2)
            }
            json.endObject()
        }
        if !face.contours.isEmpty {
            json.key("contours")
            json.beginObject()
            for contour in face.contours {
                json.key(contour.kind.rawValue)
                json.beginArray()
                for point in contour.points {
                    json.numbers([Double(point.x), Double(point.y)], decimals: 2)
                }
                json.endArray()
            }
            json.endObject()
        }
        let probabilities: [(String, Float?)] = [
            ("smilingProbability", face.smilingProbability),
            ("leftEyeOpenProbability", face.leftEyeOpenProbability),
            ("rightEyeOpenProbability", face.rightEyeOpenProbability),
        ]
        for case (let name, let value?) in probabilities {
            json.key(name)
            json.number(Double(value), decimals: 4, trimmed: true)
        }
        let angles: [(String, Float?)] = [("eulerX", face.eulerX), ("eulerY", face.eulerY), ("eulerZ", face.eulerZ)]
        for case (let name, let value?) in angles {
            json.key(name)
            json.number(Double(value), decimals: 2, trimmed: true)
        }
        json.endObject()
    }
}
