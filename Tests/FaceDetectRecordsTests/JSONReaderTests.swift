import Foundation
import Testing

@testable import FaceDetectRecords

/// The strict JSON reader: what it reads, what it refuses and where it says the fault is.
@Suite("JSON reader")
struct JSONReaderTests {
    /// `text` read as the file `t.json`.
    static func read(_ text: String) throws(JSONReadError) -> JSONValue {
        try JSONReader.read(Array(text.utf8), name: "t.json")
    }

    /// The error reading `bytes` gives, or `nil` when they read.
    static func failure(_ bytes: [UInt8]) -> JSONReadError? {
        do {
            _ = try JSONReader.read(bytes, name: "t.json")
            return nil
        } catch {
            return error
        }
    }

    /// The error reading `text` gives.
    static func failure(_ text: String) -> JSONReadError? { failure(Array(text.utf8)) }

    @Test func valuesOfEveryKindReadWithTheirPositions() throws {
        let value = try Self.read(
            " {\"a\": [1, -2.5e3, 0, 0.125, true, false, null],\n  \"b\": {\"c\": \"x\\u00e9\\n\\ud83d\\ude00\"}} ")
        let members = try #require(value.object)
        #expect(value.position == JSONPosition(line: 1, column: 2))
        let a = try #require(members["a"]?.array)
        #expect(
            a.map(\.kind) == [.number(1), .number(-2500), .number(0), .number(0.125), .bool(true), .bool(false), .null])
        #expect(a[1].position == JSONPosition(line: 1, column: 12))
        let b = try #require(members["b"])
        #expect(b.position == JSONPosition(line: 2, column: 8))
        #expect(b.object?["c"]?.string == "xé\n😀")
        #expect(try Self.read("12").wholeNumber == 12)
        #expect(try Self.read("1.5").wholeNumber == nil)
        #expect(try Self.read("\u{FEFF}[]").array == [])
    }

    @Test(arguments: [
        ("", "1:1: the text ends where a value should be"),
        ("  ", "1:3: the text ends where a value should be"),
        ("[1,]", "1:4: not a JSON value (']')"),
        ("[1 2]", "1:4: expected ',' or ']' after an array element"),
        ("{\"a\" 1}", "1:6: expected ':' after a key"),
        ("{\"a\": 1,}", "1:9: expected a key in quotes"),
        ("{'a': 1}", "1:2: expected a key in quotes"),
        ("{\"a\": 1, \"a\": 2}", "1:10: the key \"a\" appears twice"),
        ("[1]\n x", "2:2: more after the JSON value"),
        ("01", "1:2: a number does not start with 0 and more digits"),
        ("-", "1:2: a number needs a digit here"),
        ("+1", "1:1: not a JSON value ('+')"),
        ("1.", "1:3: a number needs a digit after '.'"),
        ("1e", "1:3: a number needs a digit in its exponent"),
        ("1e999", "1:1: the number 1e999 is out of range"),
        ("NaN", "1:1: not a JSON value ('N')"),
        ("tru", "1:1: not a JSON value ('t')"),
        ("[true", "1:6: the text ends inside an array"),
        ("{\"a\": 1", "1:8: the text ends inside an object"),
        ("\"abc", "1:1: a malformed string"),
        ("\"a\nb\"", "1:1: a malformed string"),
        ("\"\\x\"", "1:1: a malformed string"),
        ("\"\\ud800\"", "1:1: a malformed string"),
        ("// no\n1", "1:1: not a JSON value ('/')"),
    ])
    func malformedTextIsAnErrorAtItsPlace(text: String, expected: String) throws {
        let error = try #require(Self.failure(text))
        #expect(error.description.hasPrefix("t.json:" + expected), "\(error.description)")
    }

    @Test func bytesThatAreNotUTF8AreAnError() throws {
        #expect(
            Self.failure([0x22, 0xC3, 0x28, 0x22])?.description.hasPrefix("t.json:1:1: a malformed string") == true)
        #expect(Self.failure([0x5B, 0xFF, 0x5D])?.description == "t.json:1:2: not a JSON value (byte 0xff)")
        #expect(Self.failure([0x22, 0xED, 0xA0, 0x80, 0x22]) != nil)
    }

    @Test func nestingBeyondTheLimitIsAnErrorNotACrash() throws {
        let limit = JSONReader.maximumDepth
        let deep = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(try Self.read(deep).array?.count == 1)
        let tooDeep = String(repeating: "[", count: 100_000)
        let error = try #require(Self.failure(tooDeep))
        #expect(error.description == "t.json:1:\(limit + 1): nested more than \(limit) deep")
    }

    @Test func everyCutOfAValidTextIsAnErrorAndNoCrash() throws {
        let text = Array(#"{"people": [{"id": 1, "name": "é", "faces": [{"box": [1.5, -2e1], "s": true}]}]}"#.utf8)
        #expect(Self.failure(text) == nil)
        for length in 0..<text.count {
            #expect(Self.failure(Array(text[0..<length])) != nil, "cut at \(length)")
        }
        // Every single byte changed to each of a few troublesome bytes reads or fails, never crashes.
        for index in text.indices {
            for byte: UInt8 in [0x00, 0x22, 0x5C, 0x7B, 0x5D, 0xC3, 0xFF, 0x0A] {
                var changed = text
                changed[index] = byte
                _ = Self.failure(changed)
            }
        }
    }

    @Test func whatFoundationReadsTheReaderReadsAlike() throws {
        let text = #"{"a": [0.1, 1e-7, -0, 123456789012, "\/\b\f\r\t"], "b": {}, "c": [[]]}"#
        let value = try Self.read(text)
        let foundation = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let a = try #require(value.object?["a"]?.array)
        let numbers = try #require(foundation["a"] as? [Any])
        for index in 0..<4 {
            #expect(a[index].number == (numbers[index] as? NSNumber)?.doubleValue)
        }
        #expect(a[4].string == numbers[4] as? String)
        #expect(value.object?["b"]?.object == [:])
        #expect(value.object?["c"]?.array?.first?.array == [])
    }
}
