extension ShapePredictor {
    /// The points of dlib's 5-point model, in the order `predict` returns them.
    ///
    /// dlib names its points for the image: 0/1 are the outer/inner corner of the eye on the
    /// image's RIGHT, 2/3 those of the eye on the image's left, 4 is the nose base. In a frontal
    /// photo the eye on the image's right is the subject's own LEFT eye, so here the cases carry
    /// the subject's left and right, as `LandmarkType` does (and ML Kit).
    enum Part: Int, Sendable, CaseIterable {
        /// dlib point 0: the outer corner of the subject's left eye (on the image's right).
        case leftEyeOuterCorner = 0
        /// dlib point 1: the inner corner of the subject's left eye.
        case leftEyeInnerCorner = 1
        /// dlib point 2: the outer corner of the subject's right eye (on the image's left).
        case rightEyeOuterCorner = 2
        /// dlib point 3: the inner corner of the subject's right eye.
        case rightEyeInnerCorner = 3
        /// dlib point 4: the nose base, where the nose meets the upper lip (below the nostrils).
        case noseBase = 4
    }

    /// The project's landmarks from the five points of `predict` (in `Part` order): `.leftEye`
    /// and `.rightEye` at the midpoints of each eye's two corners (the subject's own left and
    /// right: the left eye is dlib's points 0 and 1, on the image's right), and `.noseBase` at
    /// point 4. Any other number of points gives no landmarks.
    ///
    /// Measured on landmarks5-dev with dlib's own boxes: the corner midpoints sit about 5 % of the
    /// inter-ocular distance below the labelled eye centres (pupils), and the nose base about 20 %
    /// below the labelled nose tip (`tools/models/shape5_check.py boxes` gives the eye errors).
    static func landmarks(_ points: [Point]) -> [Landmark] {
        guard points.count == Part.allCases.count else { return [] }
        func mid(_ p: Part, _ q: Part) -> Point {
            Point(
                x: (points[p.rawValue].x + points[q.rawValue].x) / 2,
                y: (points[p.rawValue].y + points[q.rawValue].y) / 2)
        }
        return [
            Landmark(type: .leftEye, position: mid(.leftEyeOuterCorner, .leftEyeInnerCorner)),
            Landmark(type: .rightEye, position: mid(.rightEyeOuterCorner, .rightEyeInnerCorner)),
            Landmark(type: .noseBase, position: points[Part.noseBase.rawValue]),
        ]
    }
}
