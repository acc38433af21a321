/// A generic (average) 3-D human face: the points the head-pose fit and the landmark estimates use.
///
/// Coordinates are centimetres in the head's own frame: x towards the subject's LEFT (the image's
/// right in a frontal photo), y up, z out of the face towards the camera; origin near the centre of
/// the head's front. The face points are vertices of MediaPipe's canonical face model
/// (`mediapipe/modules/face_geometry/data/canonical_face_model.obj`, Apache-2.0; vertex numbers in
/// the comments, its x mirrored to the subject's left). The mesh has no ears: the ear points are
/// placed from adult anthropometric averages (bitragion breadth about 14.5 cm, tragion about 8.5 cm
/// behind the outer eye corner, ear top about 3.5 cm above the tragion) and are rough.
enum GenericFaceModel {
    /// The model point of a landmark type.
    static func point(_ type: LandmarkType) -> SIMD3<Float> {
        switch type {
        case .leftEye, .leftPupil: return SIMD3(3.151146, 2.624618, 3.465663)  // mean of vertices 263 and 362
        case .rightEye, .rightPupil: return SIMD3(-3.151146, 2.624618, 3.465663)  // mean of vertices 33 and 133
        case .noseTip: return SIMD3(0, -1.126865, 7.475604)  // vertex 1
        case .noseBase: return SIMD3(0, -2.089024, 6.058267)  // vertex 2 (subnasale)
        case .mouthLeft: return SIMD3(2.456206, -4.342621, 4.283884)  // vertex 291
        case .mouthRight: return SIMD3(-2.456206, -4.342621, 4.283884)  // vertex 61
        case .mouthBottom: return SIMD3(0, -5.365123, 5.535441)  // vertex 17 (lower edge of the lower lip)
        case .leftCheek: return SIMD3(4.765501, -0.701554, 3.534632)  // vertex 280
        case .rightCheek: return SIMD3(-4.765501, -0.701554, 3.534632)  // vertex 50
        case .leftEar: return SIMD3(7.25, 0.3, -5.0)  // tragion (anthropometric estimate)
        case .rightEar: return SIMD3(-7.25, 0.3, -5.0)
        case .leftEarTip: return SIMD3(7.5, 3.8, -6.5)  // top of the ear (anthropometric estimate)
        case .rightEarTip: return SIMD3(-7.5, 3.8, -6.5)
        }
    }
}
