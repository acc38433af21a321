/// A window that passed every stage of a cascade, in original image pixels.
struct CascadeHit: Sendable, Equatable {
    /// Left edge.
    var x: Int
    /// Top edge.
    var y: Int
    /// Window width.
    var width: Int
    /// Window height.
    var height: Int
    /// Sum of the last stage (how far above its threshold the window ended).
    var lastStageSum: Double
}
