import Testing

@testable import FaceDetection

@Test func logisticProbabilitiesStayInUnitInterval() {
    let model = LogisticModel(weights: [3, -2], bias: 0.5)
    #expect(model.probability([0, 0]) > 0.62 && model.probability([0, 0]) < 0.63)  // 1/(1+e^-0.5)
    for features: [Float] in [[1e6, -1e6], [-1e6, 1e6], [0.3, 0.1], [.greatestFiniteMagnitude, 0]] {
        let p = model.probability(features)
        #expect(p >= 0 && p <= 1)
    }
}
