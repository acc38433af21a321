import Testing

@Test func placeholder() { #expect(true) }
