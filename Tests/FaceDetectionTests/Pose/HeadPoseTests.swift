import Testing

@testable import FaceDetection

/// The five points MTCNN measures, as the model projects them with `pose`.
private func projectedFive(_ pose: HeadPose) -> [Landmark] {
    [LandmarkType.leftEye, .rightEye, .noseTip, .mouthLeft, .mouthRight].map {
        Landmark(type: $0, position: pose.project(GenericFaceModel.point($0)))
    }
}

/// A pose with ML Kit angles, 4 px per model centimetre, head at (200, 150).
private func pose(_ x: Float, _ y: Float, _ z: Float) -> HeadPose {
    HeadPose(eulerX: x, eulerY: y, eulerZ: z, scale: 4, translation: Point(x: 200, y: 150))
}

@Test(arguments: [Float(-20), 0, 15], [Float(-55), -30, -10, 0, 20, 45])
func poseFitRecoversKnownAngles(pitch: Float, yaw: Float) throws {
    for roll: Float in [-30, 0, 12] {
        let truth = pose(pitch, yaw, roll)
        let fitted = try #require(HeadPoseEstimator().estimate(projectedFive(truth)))
        #expect(abs(fitted.eulerX - pitch) < 0.5, "pitch \(fitted.eulerX) for \(pitch)")
        #expect(abs(fitted.eulerY - yaw) < 0.5, "yaw \(fitted.eulerY) for \(yaw)")
        #expect(abs(fitted.eulerZ - roll) < 0.5, "roll \(fitted.eulerZ) for \(roll)")
        #expect(abs(fitted.scale - 4) < 0.05)
    }
}

@Test func poseFitToleratesNoisyPoints() throws {
    var rng = SeededRandom(seed: 7)
    for yaw: Float in [-35, 0, 25] {
        let noisy = projectedFive(pose(5, yaw, -8)).map { lm -> Landmark in
            var lm = lm  // up to ±0.5 px on a face whose eyes are 25 px apart (2 % of the eye distance)
            lm.position.x += Float.random(in: -0.5...0.5, using: &rng)
            lm.position.y += Float.random(in: -0.5...0.5, using: &rng)
            return lm
        }
        let fitted = try #require(HeadPoseEstimator().estimate(noisy))
        #expect(abs(fitted.eulerY - yaw) < 5 && abs(fitted.eulerZ + 8) < 3, "\(fitted.eulerY), \(fitted.eulerZ)")
    }
}

/// The signs, checked against pictures described in words rather than against the pose code's own
/// formulas: a frontal layout (eyes 60 px apart) edited by hand.
@Test func signsFollowMLKit() throws {
    let frontal = projectedFive(pose(0, 0, 0))
    func edited(_ change: (inout Landmark) -> Void) -> [Landmark] {
        frontal.map {
            var l = $0
            change(&l)
            return l
        }
    }
    let estimator = HeadPoseEstimator()
    // Nose tip moved towards the image's right: the face turns to the image's right → yaw > 0.
    let turned = try #require(estimator.estimate(edited { if $0.type == .noseTip { $0.position.x += 8 } }))
    #expect(turned.eulerY > 10)
    // Nose tip moved up (image y smaller) towards the eyes: the face looks up → pitch > 0.
    let up = try #require(estimator.estimate(edited { if $0.type == .noseTip { $0.position.y -= 6 } }))
    #expect(up.eulerX > 5)
    // Everything turned 20° counter-clockwise on screen about (200, 150) (y down): roll = +20.
    let c: Float = 0.9396926
    let s: Float = 0.3420201
    let rolled = try #require(
        estimator.estimate(
            edited {
                let dx = $0.position.x - 200
                let dy = $0.position.y - 150
                $0.position = Point(x: 200 + c * dx + s * dy, y: 150 - s * dx + c * dy)
            }))
    #expect(abs(rolled.eulerZ - 20) < 0.5)
    // Counter-clockwise on screen lifts the subject's left eye (on the image's right).
    let left = rolled.project(GenericFaceModel.point(.leftEye))
    let right = rolled.project(GenericFaceModel.point(.rightEye))
    #expect(left.x > right.x && left.y < right.y)
}

@Test func mirroredPointsGiveMirroredAngles() throws {
    let original = projectedFive(pose(10, 28, 15))
    let swapped: [LandmarkType: LandmarkType] = [
        .leftEye: .rightEye, .rightEye: .leftEye, .noseTip: .noseTip,
        .mouthLeft: .mouthRight, .mouthRight: .mouthLeft,
    ]
    let mirrored = original.map {
        Landmark(type: swapped[$0.type]!, position: Point(x: 500 - $0.position.x, y: $0.position.y))
    }
    let a = try #require(HeadPoseEstimator().estimate(original))
    let b = try #require(HeadPoseEstimator().estimate(mirrored))
    #expect(abs(a.eulerY + b.eulerY) < 0.1 && abs(a.eulerZ + b.eulerZ) < 0.1 && abs(a.eulerX - b.eulerX) < 0.1)
}

@Test func tooFewOrDegeneratePointsGiveNoPose() {
    let three = Array(projectedFive(pose(0, 0, 0)).prefix(3))
    #expect(HeadPoseEstimator().estimate(three) == nil)
    let stacked = projectedFive(pose(0, 0, 0)).map { Landmark(type: $0.type, position: Point(x: 5, y: 5)) }
    #expect(HeadPoseEstimator().estimate(stacked) == nil)
}

@Test func linearSolveMatchesKnownSolution() throws {
    // 3x3 system with solution (1, -2, 3), needing a row swap.
    let a: [Float] = [0, 2, 1, 1, 1, 1, 2, -1, 3]
    let x = try #require(Matrix3.solve(a, [-1, 2, 13], size: 3))
    #expect(abs(x[0] - 1) < 1e-5 && abs(x[1] + 2) < 1e-5 && abs(x[2] - 3) < 1e-5)
    #expect(Matrix3.solve([1, 2, 2, 4], [1, 2], size: 2) == nil)
}
