extension ImageOrientation {
    /// The point of a stored picture `width` × `height` pixels that `point` of its upright picture
    /// (`RGBImage.applying(self)`) shows, in continuous coordinates (pixel edges map to pixel edges).
    public func storedPoint(_ point: Point, width: Int, height: Int) -> Point {
        let w = Float(width)
        let h = Float(height)
        let (x, y) = (point.x, point.y)
        switch self {
        case .up: return Point(x: x, y: y)
        case .upMirrored: return Point(x: w - x, y: y)
        case .down: return Point(x: w - x, y: h - y)
        case .downMirrored: return Point(x: x, y: h - y)
        case .leftMirrored: return Point(x: y, y: x)
        case .right: return Point(x: y, y: h - x)
        case .rightMirrored: return Point(x: w - y, y: h - x)
        case .left: return Point(x: w - y, y: x)
        }
    }

    /// The point of the upright picture (`RGBImage.applying(self)`) that shows `point` of the stored
    /// picture `width` × `height` pixels: the inverse of `storedPoint(_:width:height:)`, which is the
    /// inverse orientation's `storedPoint` on the upright picture's size.
    public func uprightPoint(_ point: Point, width: Int, height: Int) -> Point {
        let turnsQuarter = self == .left || self == .right || self == .leftMirrored || self == .rightMirrored
        let inverse: ImageOrientation = self == .left ? .right : self == .right ? .left : self
        return turnsQuarter
            ? inverse.storedPoint(point, width: height, height: width)
            : inverse.storedPoint(point, width: width, height: height)
    }

    /// True for the four orientations that mirror the picture (2, 4, 5 and 7).
    public var isMirrored: Bool {
        switch self {
        case .upMirrored, .downMirrored, .leftMirrored, .rightMirrored: return true
        case .up, .down, .left, .right: return false
        }
    }

    /// The orientation whose upright picture is this one's mirrored left to right.
    public var mirrored: ImageOrientation {
        switch self {
        case .up: return .upMirrored
        case .upMirrored: return .up
        case .down: return .downMirrored
        case .downMirrored: return .down
        case .right: return .leftMirrored
        case .leftMirrored: return .right
        case .left: return .rightMirrored
        case .rightMirrored: return .left
        }
    }

    /// How far, in degrees counter-clockwise, a face upright in the upright picture is turned in the
    /// stored one (for a mirrored orientation, that of its unmirrored partner, `mirrored`): 0, 90
    /// (`.right`: the stored picture needs a clockwise turn), 180 or −90.
    public var roll: Float {
        switch isMirrored ? mirrored : self {
        case .right: return 90
        case .down: return 180
        case .left: return -90
        default: return 0
        }
    }
}

extension Rect {
    /// The box in the stored picture `width` × `height` pixels that covers this box of the upright
    /// picture for `orientation` (a quarter turn swaps width and height).
    func stored(_ orientation: ImageOrientation, width: Int, height: Int) -> Rect {
        Rect(
            corners: orientation.storedPoint(Point(x: x, y: y), width: width, height: height),
            orientation.storedPoint(Point(x: maxX, y: maxY), width: width, height: height))
    }

    /// The box in the upright picture for `orientation` that covers this box of the stored picture
    /// `width` × `height` pixels.
    func upright(_ orientation: ImageOrientation, width: Int, height: Int) -> Rect {
        Rect(
            corners: orientation.uprightPoint(Point(x: x, y: y), width: width, height: height),
            orientation.uprightPoint(Point(x: maxX, y: maxY), width: width, height: height))
    }

    /// The box with opposite corners `a` and `b`.
    init(corners a: Point, _ b: Point) {
        self.init(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }
}
