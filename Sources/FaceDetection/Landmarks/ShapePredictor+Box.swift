extension ShapePredictor {
    /// The dlib-style box (what dlib's HOG face detector would report, and what the predictor was
    /// trained on) for a face that the MTCNN detector boxed as `box`.
    ///
    /// dlib's boxes are square, a little lower and smaller than MTCNN's (which reach from the
    /// hairline to the chin). Fitted on the 358 faces of `landmarks5-dev` that both the MTCNN peer
    /// and dlib's HOG detector found (medians; `tools/models/shape5_check.py boxes`), with
    /// s = √(width · height) of the MTCNN box: side = 0.966 s, centre moved down by 0.063 s.
    /// There, dlib's mean eye-centre error against the labels (in % of the inter-ocular distance;
    /// faces over 10 % in brackets) is 6.46 % (6.7 %) on mapped boxes, 6.46 % (6.4 %) on dlib's own
    /// boxes and 6.81 % (8.4 %) on raw MTCNN boxes.
    static func dlibStyleBox(fromMTCNN box: Rect) -> Rect {
        let s = (box.width * box.height).squareRoot()
        let side = 0.966 * s
        let centre = Point(x: box.center.x, y: box.center.y + 0.063 * s)
        return Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
    }

    /// The dlib-style box for a face from its eye centres and mouth corners (e.g. MTCNN's five
    /// points): a square centred 0.46 of the way from the eyes' midpoint to the mouth's, 2.29 times
    /// that distance wide (fitted as `dlibStyleBox(fromMTCNN:)`, eye-centre error there 6.38 % (5.3 %
    /// of faces over 10 %): the best of the mappings tried).
    static func dlibStyleBox(leftEye: Point, rightEye: Point, mouthLeft: Point, mouthRight: Point) -> Rect {
        let eyes = Point(x: (leftEye.x + rightEye.x) / 2, y: (leftEye.y + rightEye.y) / 2)
        let mouth = Point(x: (mouthLeft.x + mouthRight.x) / 2, y: (mouthLeft.y + mouthRight.y) / 2)
        let dx = mouth.x - eyes.x
        let dy = mouth.y - eyes.y
        let side = 2.29 * (dx * dx + dy * dy).squareRoot()
        let centre = Point(x: eyes.x + 0.46 * dx, y: eyes.y + 0.46 * dy)
        return Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side)
    }
}
