import Testing

@Suite("-q/--query: the exit status says whether a face was found")
struct QueryTests {
    @Test func exitsZeroOnAFaceAndPrintsNothing() throws {
        let result = try ToolProcess.run(["-q", TestInputs.fixture("astronaut.png").path])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.isEmpty)
    }

    @Test func exitsTwoWithoutAFace() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("plain.png"))
            let result = try ToolProcess.run(["--query", "plain.png"], in: directory)
            #expect(result.status == 2)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func oneFaceAmongSeveralImagesIsEnough() throws {
        try withTemporaryDirectory { directory in
            try TestInputs.writePlainPNG(to: directory.appendingPathComponent("plain.png"))
            let result = try ToolProcess.run(["-q", "plain.png", TestInputs.fixture("astronaut.png").path], in: directory)
            #expect(result.status == 0)
        }
    }
}
