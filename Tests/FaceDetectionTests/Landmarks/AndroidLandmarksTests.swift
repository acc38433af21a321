import Testing

@testable import FaceDetection

/// DESIGN.md §2, Android's table, written out independently of the code.
private let table: [(yaw: Float, types: Set<LandmarkType>)] = [
    (-50, [.leftEye, .mouthLeft, .leftEar, .noseBase, .leftCheek]),
    (-20, [.mouthLeft, .noseBase, .mouthBottom, .rightEye, .leftEye, .leftCheek, .leftEarTip]),
    (0, [.rightEye, .leftEye, .noseBase, .leftCheek, .rightCheek, .mouthLeft, .mouthRight, .mouthBottom]),
    (20, [.mouthRight, .noseBase, .mouthBottom, .leftEye, .rightEye, .rightCheek, .rightEarTip]),
    (50, [.rightEye, .mouthRight, .rightEar, .noseBase, .rightCheek]),
]

@Test func reportedLandmarksFollowAndroidsTable() {
    for row in table { #expect(Set(AndroidLandmarks.reported(forEulerY: row.yaw)) == row.types, "yaw \(row.yaw)") }
    // Range edges: ±12 are frontal, ±36 turned.
    #expect(Set(AndroidLandmarks.reported(forEulerY: 12)) == table[2].types)
    #expect(Set(AndroidLandmarks.reported(forEulerY: -12)) == table[2].types)
    #expect(Set(AndroidLandmarks.reported(forEulerY: 36)) == table[3].types)
    #expect(Set(AndroidLandmarks.reported(forEulerY: -36)) == table[1].types)
    #expect(Set(AndroidLandmarks.reported(forEulerY: -36.5)) == table[0].types)
}

@Test func landmarksAreMeasuredWhereMeasuredAndProjectedElsewhere() throws {
    for row in table {
        let pose = HeadPose(eulerX: 5, eulerY: row.yaw, eulerZ: 10, scale: 5, translation: Point(x: 300, y: 200))
        // Measured points: the model's projection nudged by 1.5 px, so a kept measurement is told apart.
        let measured = [LandmarkType.leftEye, .rightEye, .noseTip, .mouthLeft, .mouthRight].map { type -> Landmark in
            let p = pose.project(GenericFaceModel.point(type))
            return Landmark(type: type, position: Point(x: p.x + 1.5, y: p.y - 1.5))
        }
        let result = AndroidLandmarks.landmarks(measured: measured, pose: pose)
        #expect(Set(result.map(\.type)) == row.types.union([.noseTip]), "yaw \(row.yaw)")
        for landmark in result {
            if let m = measured.first(where: { $0.type == landmark.type }) {
                #expect(landmark.position == m.position)
            } else if landmark.type == .noseBase {  // tip + model's tip-to-base offset: carries the nudge
                let base = pose.project(GenericFaceModel.point(.noseBase))
                #expect(
                    abs(landmark.position.x - base.x - 1.5) < 1e-3 && abs(landmark.position.y - base.y + 1.5) < 1e-3)
            } else {
                #expect(landmark.position == pose.project(GenericFaceModel.point(landmark.type)))
            }
        }
    }
}

@Test func estimatedPointsSitWhereFacesHaveThem() {
    // Frontal, upright, eyes 63 px apart: ears outside the eyes, mouth bottom below the corners,
    // cheeks between eye and mouth height, subject's left on the image's right.
    let pose = HeadPose(eulerX: 0, eulerY: 0, eulerZ: 0, scale: 10, translation: Point(x: 300, y: 300))
    let all = Dictionary(
        uniqueKeysWithValues: LandmarkType.allCases.map {
            ($0, AndroidLandmarks.position(of: $0, measured: [], pose: pose))
        })
    let le = all[.leftEye]!
    let re = all[.rightEye]!
    #expect(le.x > re.x)
    #expect(all[.leftEar]!.x > le.x && all[.rightEar]!.x < re.x)
    #expect(all[.leftEarTip]!.y < all[.leftEar]!.y)
    #expect(all[.mouthBottom]!.y > all[.mouthLeft]!.y && all[.noseBase]!.y > all[.noseTip]!.y)
    #expect(all[.leftCheek]!.y > le.y && all[.leftCheek]!.y < all[.mouthLeft]!.y && all[.leftCheek]!.x > le.x)
}
