/// The landmarks that the face mesh measures, and how they join the five points of the landmark model.
extension FaceMesh {
    /// Where the mesh puts a landmark that it measures, or `nil` for the ones it does not (ears, ear
    /// tips: those stay estimates of the generic face; the nose tip: see ``measuredLandmarks(refining:)``;
    /// the pupils: face mesh v2's iris centres, which this mesh does not have).
    ///
    /// Eyes: the mean of the eye contour's 16 points (`FaceContour.Kind.leftEye`, `.rightEye`); mouth
    /// corners: points 291 and 61; nose base: 2 (subnasale, where the nose meets the upper lip); mouth
    /// bottom: 17 (the lower lip's lowest midline point); cheeks: 425 and 205 (ML Kit's cheek contours).
    public func landmarkPosition(_ type: LandmarkType) -> Point? {
        switch type {
        case .leftEye: return centroid(FaceContour.Kind.leftEye.meshIndices)
        case .rightEye: return centroid(FaceContour.Kind.rightEye.meshIndices)
        case .mouthLeft: return position(291)
        case .mouthRight: return position(61)
        case .noseBase: return position(2)
        case .mouthBottom: return position(17)
        case .leftCheek: return position(425)
        case .rightCheek: return position(205)
        case .leftEar, .rightEar, .leftEarTip, .rightEarTip, .noseTip, .leftPupil, .rightPupil: return nil
        }
    }

    /// The measured landmarks of a face that has both this mesh and the landmark model's points
    /// `measured` (O-Net's eyes, nose tip and mouth corners, and a nose base where one was measured).
    ///
    /// The eyes and mouth corners, which both measure, are the mean of the two: on the three sets with
    /// landmark labels the mean beats either alone (docs/what-is-reported.md). The nose tip stays
    /// O-Net's (the mesh's point 1 is the 3-D tip, which the sets' labels do not follow). The nose
    /// base, mouth bottom and cheeks come from the mesh, which measures them; the generic face then
    /// estimates only the ears and ear tips.
    public func measuredLandmarks(refining measured: [Landmark]) -> [Landmark] {
        var result: [Landmark] = []
        for type in LandmarkType.allCases {
            let fromModel = measured.first(where: { $0.type == type })?.position
            let fromMesh = landmarkPosition(type)
            switch (fromModel, fromMesh) {
            case (let a?, let b?) where type != .noseBase:
                result.append(Landmark(type: type, position: Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)))
            case (_, let b?): result.append(Landmark(type: type, position: b))
            case (let a?, nil): result.append(Landmark(type: type, position: a))
            case (nil, nil): break
            }
        }
        return result
    }

    /// The mean image position of the mesh points `indices`.
    func centroid(_ indices: [Int]) -> Point {
        var sum = Point(x: 0, y: 0)
        for index in indices {
            sum.x += points[index].x
            sum.y += points[index].y
        }
        return Point(x: sum.x / Float(indices.count), y: sum.y / Float(indices.count))
    }
}
