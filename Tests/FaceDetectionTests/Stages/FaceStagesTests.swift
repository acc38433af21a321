import Testing

@testable import FaceDetection

/// A stage added to the end of a detector's list runs after the others, on their output: the
/// demonstration stage finds the pupils and the mesh's presence on the astronaut's face, and the
/// faces are otherwise those of the detector without it.
@Test func anAddedStageRunsLastAndSeesTheOthersOutput() throws {
    let image = try loadAstronaut()
    let options = FaceDetector.Options(minFaceSize: .pixels(40))
    let cascade = BuiltinModels.parsed(BuiltinModels.frontalFaceAlt2, "haarcascade_frontalface_alt2.fdm")
    let plain = FaceDetector(options: options, cascade: cascade)
    let extended = FaceDetector(options: options, cascade: cascade, stages: FaceStages.all + [EyeDistanceStage.self])
    #expect(extended.stages.stages.last is EyeDistanceStage)
    #expect(extended.stages.stages.count == plain.stages.stages.count + 1)
    var order: [FaceDetector.Stage] = []
    let measured = try #require(
        extended.stages.run(
            plain.detect(in: image).map { Face(bounds: $0.bounds, score: $0.score) }, orientations: [.up],
            in: image, threads: 1, afterStage: { order.append($0) }
        ).first)
    // The stage before it (the capture quality) reported back, and the demonstration stage read its output.
    #expect(order.last == FaceDetector.Stage(CaptureQualityStage.self))
    let (distance, presence) = try #require(measured[EyeDistanceStage.Key.self])
    let left = try #require(measured.face.landmark(.leftPupil)).position
    let right = try #require(measured.face.landmark(.rightPupil)).position
    #expect(
        abs(distance - ((left.x - right.x) * (left.x - right.x) + (left.y - right.y) * (left.y - right.y)).squareRoot())
            < 1e-4)
    #expect(presence == measured.landmarker?.presence && presence > 0.5)
    #expect(distance > 20)
    // Everything else is the plain detector's.
    #expect(extended.detect(in: image) == plain.detect(in: image))
    // Without landmarks the stage does not run.
    let quiet = FaceDetector(
        options: .init(landmarks: .none, classification: .all), cascade: cascade,
        stages: FaceStages.all + [EyeDistanceStage.self])
    #expect(!quiet.stages.stages.contains { $0 is EyeDistanceStage })
}

/// Options decide which stages run: none without landmarks, classification, contours or
/// blendshapes; the mesh and what follows it with contours alone; O-Net's points not for MTCNN.
@Test func optionsChooseTheStages() {
    func kinds(_ options: FaceDetector.Options) -> [String] {
        FaceStages(options: options).stages.map { String(describing: type(of: $0)) }
    }
    #expect(kinds(.init(landmarks: .none, classification: .none)).isEmpty)
    #expect(
        kinds(.init(landmarks: .none, classification: .none, contours: .all)) == [
            "ONetPointsStage", "FaceMeshStage", "MeshPresenceStage", "MeshBoundsStage", "ContoursStage",
        ])
    #expect(!kinds(.init(detector: .mtcnn)).contains("ONetPointsStage"))
    #expect(kinds(.init()).suffix(2) == ["PupilsStage", "CaptureQualityStage"])
    #expect(kinds(.init(landmarks: .none)).suffix(2) == ["FaceAttributesStage", "CaptureQualityStage"])
}
