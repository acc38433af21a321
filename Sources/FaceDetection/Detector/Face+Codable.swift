extension Face: Codable {
    /// The keys of a face, in the order they are written.
    private enum CodingKeys: String, CodingKey {
        case box, score, landmarks, contours
        case smilingProbability, leftEyeOpenProbability, rightEyeOpenProbability, captureQuality
        case eulerX, eulerY, eulerZ, blendshapes, descriptor
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
    /// Decimals of a descriptor's component (docs/identity.md: the identity scores do not change
    /// against full precision).
    static let descriptorPlaces = 4

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
            (.rightEyeOpenProbability, rightEyeOpenProbability), (.captureQuality, captureQuality),
        ]
        for (key, value) in probabilities {
            try container.encodeIfPresent(value.map { FixedDecimal($0, places: Self.probabilityPlaces) }, forKey: key)
        }
        for (key, value) in [(CodingKeys.eulerX, eulerX), (.eulerY, eulerY), (.eulerZ, eulerZ)] {
            try container.encodeIfPresent(value.map { FixedDecimal($0, places: Self.anglePlaces) }, forKey: key)
        }
        try container.encodeIfPresent(blendshapes, forKey: .blendshapes)
        if let descriptor {
            try container.encode(
                descriptor.values.map { FixedDecimal($0, places: Self.descriptorPlaces) }, forKey: .descriptor)
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
            landmarks = try Self.decodeNamed(
                LandmarkType.self, Point.self, in: container, forKey: .landmarks, what: "landmark"
            )
            .map { Landmark(type: $0.name, position: $0.value) }
        }
        if container.contains(.contours) {
            contours = try Self.decodeNamed(
                FaceContour.Kind.self, [Point].self, in: container, forKey: .contours, what: "contour"
            )
            .map { FaceContour(kind: $0.name, points: $0.value) }
        }
        smilingProbability = try container.decodeIfPresent(Float.self, forKey: .smilingProbability)
        leftEyeOpenProbability = try container.decodeIfPresent(Float.self, forKey: .leftEyeOpenProbability)
        rightEyeOpenProbability = try container.decodeIfPresent(Float.self, forKey: .rightEyeOpenProbability)
        captureQuality = try container.decodeIfPresent(Float.self, forKey: .captureQuality)
        eulerX = try container.decodeIfPresent(Float.self, forKey: .eulerX)
        eulerY = try container.decodeIfPresent(Float.self, forKey: .eulerY)
        eulerZ = try container.decodeIfPresent(Float.self, forKey: .eulerZ)
        blendshapes = try container.decodeIfPresent(Blendshapes.self, forKey: .blendshapes)
        if let values = try container.decodeIfPresent([Float].self, forKey: .descriptor) {
            guard let descriptor = FaceDescriptor(values) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .descriptor, in: container, debugDescription: "a descriptor must have a non-zero length")
            }
            self.descriptor = descriptor
        }
    }

    /// The object at `key`, whose keys are names of `Name` (landmark types, contour kinds), as
    /// (name, value) pairs in `Name.allCases` order (a JSON object has no order of its own); a key
    /// that names no case is an error ("no `what` is named …").
    private static func decodeNamed<Name: RawRepresentable & CaseIterable & Equatable, Value: Decodable>(
        _: Name.Type, _: Value.Type, in container: KeyedDecodingContainer<CodingKeys>, forKey key: CodingKeys,
        what: String
    ) throws -> [(name: Name, value: Value)] where Name.RawValue == String {
        let named = try container.nestedContainer(keyedBy: NameKey.self, forKey: key)
        let names = try named.allKeys.map { nameKey in
            guard let name = Name(rawValue: nameKey.stringValue) else {
                throw DecodingError.dataCorruptedError(
                    forKey: nameKey, in: named, debugDescription: "no \(what) is named \(nameKey.stringValue)")
            }
            return name
        }
        return try Name.allCases.filter(names.contains).map { name in
            (name, try named.decode(Value.self, forKey: NameKey(stringValue: name.rawValue)))
        }
    }
}
