/// The face box refined by the face mesh.
extension FaceMesh {
    /// The bounding box of the face oval (`FaceContour.Kind.face`, 36 points from the top of the
    /// forehead round the chin).
    public var ovalBounds: Rect {
        var minX = Float.infinity
        var minY = Float.infinity
        var maxX = -Float.infinity
        var maxY = -Float.infinity
        for index in FaceContour.Kind.face.meshIndices {
            minX = min(minX, points[index].x)
            maxX = max(maxX, points[index].x)
            minY = min(minY, points[index].y)
            maxY = max(maxY, points[index].y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The detector's `box` refined by the mesh: 0.8 of `box` and 0.2 of the face oval's box with its
    /// top lowered by 0.15 of its height (the oval starts at the top of the forehead, above where face
    /// boxes start).
    ///
    /// The detector places a box from the whole head's look, the mesh from the face's own points, so
    /// the blend is steadier than either. The weight and the lowering were chosen for face mesh v2's
    /// points (the detector's mesh) from a small grid on the development sets' boxes (the figures
    /// are in docs/what-is-reported.md).
    public func refinedBounds(_ box: Rect) -> Rect {
        let oval = ovalBounds
        let top = oval.y + oval.height * 0.15
        let mesh = Rect(x: oval.x, y: top, width: oval.width, height: oval.maxY - top)
        let w: Float = 0.2
        return Rect(
            x: box.x + w * (mesh.x - box.x), y: box.y + w * (mesh.y - box.y),
            width: box.width + w * (mesh.width - box.width), height: box.height + w * (mesh.height - box.height))
    }
}
