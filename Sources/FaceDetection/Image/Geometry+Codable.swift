/// Decimals of a coordinate or a size in pixels in the JSON form (<doc:JSONOutput>).
private let pixelPlaces = 2

extension Point: Codable {
    /// Encodes the point as `[x, y]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(FixedDecimal(x, places: pixelPlaces))
        try container.encode(FixedDecimal(y, places: pixelPlaces))
    }

    /// Decodes a point from `[x, y]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(x: try container.decode(Float.self), y: try container.decode(Float.self))
        try rejectMore(in: container, than: "[x, y]")
    }
}

extension Rect: Codable {
    /// Encodes the rectangle as `[x, y, width, height]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for value in [x, y, width, height] { try container.encode(FixedDecimal(value, places: pixelPlaces)) }
    }

    /// Decodes a rectangle from `[x, y, width, height]`.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(
            x: try container.decode(Float.self), y: try container.decode(Float.self),
            width: try container.decode(Float.self), height: try container.decode(Float.self))
        try rejectMore(in: container, than: "[x, y, width, height]")
    }
}

/// Throws when `container` holds more values than `form` (a point or a box with extra numbers).
private func rejectMore(in container: any UnkeyedDecodingContainer, than form: String) throws {
    guard container.isAtEnd else {
        throw DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: container.codingPath, debugDescription: "more numbers than \(form)"))
    }
}
