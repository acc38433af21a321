import Testing

@Suite("-q/--query: the exit status says whether a face was found")
struct QueryTests {
    @Test func exitsTwoWithoutAFace() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("plain.png"))
            let result = try ToolProcess.run(["--query", "plain.png"] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 2)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func oneFaceAmongSeveralImagesIsEnough() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("plain.png"))
            let result = try ToolProcess.run(
                [
                    "-q", "plain.png", TestInputs.fixture("astronaut.png").path,
                    "--min-face-size", "0.15",
                ] + ToolProcess.plumbingFlags, in: directory)
            #expect(result.status == 0)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.isEmpty)
        }
    }
}
