import Foundation
import Testing

@Suite("decode limits: set from the command line; bombs refused from their headers, quickly")
struct DecodeLimitTests {
    @Test func limitsFromTheCommandLineRefuseLargerInputs() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.copyFixture("astronaut.png", to: directory.appendingPathComponent("a.png"))
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent("a.png").path)[.size]
                    as? Int)
            let pixels = try ToolProcess.run(
                ["a.png", "--max-pixels", "262143"] + ToolProcess.plumbingFlags, in: directory)
            #expect(pixels.status == 1)
            #expect(pixels.errorLines == ["error: a.png: image too large: 512x512 exceeds the limit of 262143 pixels"])
            let bytes = try ToolProcess.run(
                ["a.png", "--max-file-size", "\(size - 1)"] + ToolProcess.plumbingFlags, in: directory)
            #expect(bytes.status == 1)
            #expect(bytes.errorLines == ["error: a.png: file too large: more than \(size - 1) bytes (the limit)"])
            let exact = try ToolProcess.run(
                ["a.png", "--max-pixels", "262144", "--max-file-size", "\(size)", "--min-face-size", "0.9"]
                    + ToolProcess.plumbingFlags,
                in: directory)
            #expect(exact.status == 0 && exact.standardError.isEmpty, "\(exact.standardError)")
        }
    }

    @Test func bombsAreRefusedFromTheirHeaders() throws {
        try withTemporaryDirectory { directory in
            let bad = ToolProcess.packageRoot.appendingPathComponent("Fixtures/codec/bad")
            for name in ["huge_sof.jpg", "huge_ihdr.png"] {
                try FileManager.default.copyItem(
                    at: bad.appendingPathComponent(name), to: directory.appendingPathComponent(name))
            }
            // A progressive JPEG whose last scan is repeated 5000 times.
            var jpeg = [UInt8](
                try Data(
                    contentsOf: ToolProcess.packageRoot.appendingPathComponent("Fixtures/codec/jpeg_progressive.jpg")))
            let end = jpeg.count - 2
            let lastScan = try #require((0..<end - 1).last { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA })
            let scan = Array(jpeg[lastScan..<end])
            jpeg.removeLast(2)
            for _ in 0..<5000 { jpeg += scan }
            try Data(jpeg + [0xFF, 0xD9]).write(to: directory.appendingPathComponent("scans.jpg"))

            let result = try ToolProcess.run(
                ["huge_sof.jpg", "huge_ihdr.png", "scans.jpg", "--json", "--threads", "2"] + ToolProcess.plumbingFlags,
                in: directory, timeout: 30)
            #expect(result.status == 1)
            let reasons = try TestInputs.records(result.standardOutput).map { $0["error"] as? String }
            #expect(
                reasons == [
                    "image too large: 65000x65000 exceeds the limit of 32768 pixels per side",
                    "image too large: 100000x100000 exceeds the limit of 32768 pixels per side",
                    "corrupt JPEG: more than 1000 progressive scans",
                ])
        }
    }
}
