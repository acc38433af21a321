import FaceDetection
import Foundation
import Testing

@testable import FaceDetectRecords

/// The tool's JSON encoder on its own: key order, fixed decimals, non-finite numbers, string
/// escapes, nested and shared containers.
@Suite("JSON Lines encoder")
struct JSONLineEncoderTests {
    /// A value whose `encode(to:)` is the closure it was made with.
    struct Custom: Encodable {
        let body: @Sendable (any Encoder) throws -> Void
        func encode(to encoder: any Encoder) throws { try body(encoder) }
    }

    /// A key named by any string.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func keysComeInTheOrderTheyAreEncodedAndAReusedKeyKeepsItsPlace() throws {
        let value = Custom { encoder in
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("z", forKey: Key("zebra"))
            try container.encode(1, forKey: Key("apple"))
            try container.encode(true, forKey: Key("mango"))
            try container.encodeNil(forKey: Key("nothing"))
            try container.encode(2, forKey: Key("zebra"))
        }
        #expect(try JSONLineEncoder.line(value) == #"{"zebra": 2, "apple": 1, "mango": true, "nothing": null}"#)
    }

    @Test(
        "fixed decimals",
        arguments: [
            (12.5, 2, FixedDecimal.TrailingZeros.trimmed, "12.5"), (12.0, 2, .trimmed, "12.0"),
            (0.125, 2, .kept, "0.13"),
            (-0.001, 2, .trimmed, "0.0"), (-0.005, 2, .trimmed, "-0.01"), (-0.0, 2, .trimmed, "0.0"),
            (-0.0, 6, .kept, "0.000000"), (-3.14159, 2, .trimmed, "-3.14"), (0.000_000_4, 6, .kept, "0.000000"),
            (1.5, 6, .kept, "1.500000"), (1.5, 0, .kept, "2"), (123_456.5, 1, .kept, "123456.5"),
            (Double.nan, 2, .trimmed, "null"), (Double.infinity, 6, .kept, "null"),
            (-Double.infinity, 4, .trimmed, "null"),
        ])
    func fixedDecimal(value: Double, places: Int, trailingZeros: FixedDecimal.TrailingZeros, text: String) throws {
        let number = FixedDecimal(value, places: places, trailingZeros: trailingZeros)
        #expect(number.description == text)
        #expect(try JSONLineEncoder.line([number]) == "[\(text)]")
    }

    /// A `Float` is rounded from its own value (`410.47998` is `410.48`), not from its shortest digits.
    @Test func aFloatIsRoundedFromItsValue() throws {
        #expect(FixedDecimal(Float(410.47998), places: 2).description == "410.48")
        #expect(FixedDecimal(Float(0.973_100_1), places: 4).description == "0.9731")
        #expect(FixedDecimal(Float(-0.0), places: 2).description == "0.0")
    }

    /// Plain numbers keep their shortest digits; a number that is not finite is `null`, as always.
    @Test func plainNumbers() throws {
        let values: [Double] = [0.1, 5, -2.5, .nan, .infinity]
        #expect(try JSONLineEncoder.line(values) == "[0.1, 5.0, -2.5, null, null]")
        #expect(try JSONLineEncoder.line([Float(410.47998), .nan]) == "[410.47998, null]")
        #expect(try JSONLineEncoder.line([Int8(-8), 7]) == "[-8, 7]")
        #expect(try JSONLineEncoder.line(UInt64.max) == "18446744073709551615")
    }

    @Test func stringsAreEscapedAsTheResumeReaderExpects() throws {
        let text = "dir/\"q\" \\ é\t\n\r\u{0}\u{1B}\u{7F}\u{2028}😀"
        let line = try JSONLineEncoder.line(text)
        #expect(line == #""dir/\"q\" \\ é\t\n\r\u0000\u001b\u007f"# + "\u{2028}😀\"")
        #expect(JSONStringDecoder.decode(Array(line.utf8).dropFirst())?.text == text)
        #expect(try JSONSerialization.jsonObject(with: Data(line.utf8), options: .fragmentsAllowed) as? String == text)
    }

    @Test func nestedContainers() throws {
        let value = Custom { encoder in
            var container = encoder.container(keyedBy: Key.self)
            var points = container.nestedUnkeyedContainer(forKey: Key("points"))
            var first = points.nestedUnkeyedContainer()
            try first.encode(FixedDecimal(1.234, places: 2))
            try first.encode(FixedDecimal(5.0, places: 2))
            var named = points.nestedContainer(keyedBy: Key.self)
            try named.encode("b", forKey: Key("a"))
            try points.encode([Int]())
            var inner = container.nestedContainer(keyedBy: Key.self, forKey: Key("inner"))
            try inner.encode(Optional<Int>.none, forKey: Key("absent"))
            try inner.encodeIfPresent(Optional<Int>.none, forKey: Key("skipped"))
            try container.encode(FixedDecimal(0.5, places: 1), forKey: Key("last"))
            try "s".encode(to: container.superEncoder())
        }
        #expect(
            try JSONLineEncoder.line(value)
                == #"{"points": [[1.23, 5.0], {"a": "b"}, []], "inner": {"absent": null}, "last": 0.5, "super": "s"}"#)
    }

    /// Two `encode(to:)` calls on one encoder fill one object, as a video frame's face does
    /// (`trackingId`, then the face's own keys).
    @Test func twoKeyedContainersOfOneEncoderShareTheObject() throws {
        let face = Face(bounds: Rect(x: 1, y: 2, width: 3, height: 4), score: 0.5)
        let value = Custom { encoder in
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(7, forKey: Key("trackingId"))
            try face.encode(to: encoder)
        }
        #expect(try JSONLineEncoder.line(value) == #"{"trackingId": 7, "box": [1.0, 2.0, 3.0, 4.0], "score": 0.5}"#)
    }

    @Test func aValueThatEncodesNothingIsAnEmptyObject() throws {
        #expect(try JSONLineEncoder.line(Custom { _ in }) == "{}")
    }
}
