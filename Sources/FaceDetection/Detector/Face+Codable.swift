extension Face: Codable {
    /// The keys of a face, in the order they are written.
    private enum CodingKeys: String, CodingKey {
        case box, score, landmarks, contours
        case smilingProbability, leftEyeOpenProbability, rightEyeOpenProbability
        case eulerX, eulerY, eulerZ
    }

    /// A key that is a landmark's or a contour's name.
    private struct NameKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decimals of a probability (`score` too).
    private static let probabilityPlaces = 4
    /// Decimals of an Euler angle in degrees.
    private static let anglePlaces = 2

    /// Encodes the face in the form of <doc:JSONOutput>.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bounds, forKey: .box)
        try container.encode(FixedDecimal(score, places: Self.probabilityPlaces), forKey: .score)
        if !landmarks.isEmpty {
            var named = container.nestedContainer(keyedBy: NameKey.self, forKey: .landmarks)
            for landmark in landmarks {
                try named.encode(landmark.position, forKey: NameKey(stringValue: landmark.type.rawValue))
            }
        }
        if !contours.isEmpty {
            var named = container.nestedContainer(keyedBy: NameKey.self, forKey: .contours)
            for contour in contours {
                try named.encode(contour.points, forKey: NameKey(stringValue: contour.kind.rawValue))
            }
        }
        let probabilities: [(CodingKeys, Float?)] = [
            (.smilingProbability, smilingProbability), (.leftEyeOpenProbability, leftEyeOpenProbability),
            (.rightEyeOpenProbability, rightEyeOpenProbability),
        ]
        for (key, value) in probabilities {
            try container.encodeIfPresent(value.map { FixedDecimal($0, places: Self.probabilityPlaces) }, forKey: key)
        }
        for (key, value) in [(CodingKeys.eulerX, eulerX), (.eulerY, eulerY), (.eulerZ, eulerZ)] {
            try container.encodeIfPresent(value.map { FixedDecimal($0, places: Self.anglePlaces) }, forKey: key)
        }
    }

    /// Decodes a face from the form of <doc:JSONOutput> (other keys, such as a video frame's
    /// `trackingId`, are ignored); a landmark or contour name that the library does not know is an
    /// error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            bounds: try container.decode(Rect.self, forKey: .box),
            score: try container.decode(Float.self, forKey: .score))
        if container.contains(.landmarks) {
            let named = try container.nestedContainer(keyedBy: NameKey.self, forKey: .landmarks)
            let types = try named.allKeys.map { key in
                guard let type = LandmarkType(rawValue: key.stringValue) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: named, debugDescription: "no landmark is named \(key.stringValue)")
                }
                return type
            }
            landmarks = try LandmarkType.allCases.filter(types.contains).map { type in
                Landmark(
                    type: type, position: try named.decode(Point.self, forKey: NameKey(stringValue: type.rawValue)))
            }
        }
        if container.contains(.contours) {
            let named = try container.nestedContainer(keyedBy: NameKey.self, forKey: .contours)
            let kinds = try named.allKeys.map { key in
                guard let kind = FaceContour.Kind(rawValue: key.stringValue) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key, in: named, debugDescription: "no contour is named \(key.stringValue)")
                }
                return kind
            }
            contours = try FaceContour.Kind.allCases.filter(kinds.contains).map { kind in
                FaceContour(
                    kind: kind, points: try named.decode([Point].self, forKey: NameKey(stringValue: kind.rawValue)))
            }
        }
        smilingProbability = try container.decodeIfPresent(Float.self, forKey: .smilingProbability)
        leftEyeOpenProbability = try container.decodeIfPresent(Float.self, forKey: .leftEyeOpenProbability)
        rightEyeOpenProbability = try container.decodeIfPresent(Float.self, forKey: .rightEyeOpenProbability)
        eulerX = try container.decodeIfPresent(Float.self, forKey: .eulerX)
        eulerY = try container.decodeIfPresent(Float.self, forKey: .eulerY)
        eulerZ = try container.decodeIfPresent(Float.self, forKey: .eulerZ)
    }
}
