extension Face {
    /// This face, found in the upright picture for `orientation` (`RGBImage.applying(orientation)`)
    /// of a stored picture `width` × `height` pixels, in the stored picture's coordinates: box,
    /// landmarks and contours moved there, the roll turned by `orientation.roll`, and in a mirrored
    /// picture the subject's left and right landmarks swapped (contours are only measured unmirrored).
    func stored(_ orientation: ImageOrientation, width: Int, height: Int) -> Face {
        if orientation == .up { return self }
        var result = self
        result.bounds = bounds.stored(orientation, width: width, height: height)
        result.landmarks = landmarks.map {
            Landmark(
                type: orientation.isMirrored ? $0.type.mirrored : $0.type,
                position: orientation.storedPoint($0.position, width: width, height: height))
        }
        result.contours = contours.map {
            FaceContour(
                kind: $0.kind, points: $0.points.map { orientation.storedPoint($0, width: width, height: height) })
        }
        if let roll = eulerZ { result.eulerZ = Self.normalizedAngle(roll + orientation.roll) }
        return result
    }

    /// This face of a stored picture `width` × `height` pixels in the upright picture for
    /// `orientation` (an unmirrored one): box and landmarks moved there, the roll turned back.
    func upright(_ orientation: ImageOrientation, width: Int, height: Int) -> Face {
        if orientation == .up { return self }
        var result = self
        result.bounds = bounds.upright(orientation, width: width, height: height)
        result.landmarks = landmarks.map {
            Landmark(type: $0.type, position: orientation.uprightPoint($0.position, width: width, height: height))
        }
        result.contours = contours.map {
            FaceContour(
                kind: $0.kind, points: $0.points.map { orientation.uprightPoint($0, width: width, height: height) })
        }
        if let roll = eulerZ { result.eulerZ = Self.normalizedAngle(roll - orientation.roll) }
        return result
    }

    /// `degrees` in (−180, 180].
    static func normalizedAngle(_ degrees: Float) -> Float {
        var a = degrees.truncatingRemainder(dividingBy: 360)
        if a > 180 { a -= 360 }
        if a <= -180 { a += 360 }
        return a
    }
}

extension LandmarkType {
    /// The same point on the subject's other side (the left eye for the right one); points on the
    /// face's middle line are their own mirror.
    var mirrored: LandmarkType {
        switch self {
        case .leftEye: return .rightEye
        case .rightEye: return .leftEye
        case .leftEar: return .rightEar
        case .rightEar: return .leftEar
        case .leftEarTip: return .rightEarTip
        case .rightEarTip: return .leftEarTip
        case .leftCheek: return .rightCheek
        case .rightCheek: return .leftCheek
        case .mouthLeft: return .mouthRight
        case .mouthRight: return .mouthLeft
        case .leftPupil: return .rightPupil
        case .rightPupil: return .leftPupil
        case .noseBase, .noseTip, .mouthBottom: return self
        }
    }
}

extension FaceMeshV2Estimator.Result {
    /// These points, measured in the upright picture for `orientation` (unmirrored) of a stored
    /// picture `width` × `height` pixels, with their x and y in the stored picture's coordinates.
    func stored(_ orientation: ImageOrientation, width: Int, height: Int) -> Self {
        if orientation == .up { return self }
        var result = self
        result.points = points.map {
            let p = orientation.storedPoint(Point(x: $0.x, y: $0.y), width: width, height: height)
            return SIMD3(p.x, p.y, $0.z)
        }
        return result
    }
}
