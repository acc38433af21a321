extension FaceDescriptor {
    /// The greatest ``distance(to:)`` at which two SFace descriptors (``Face/descriptor``) are taken
    /// to be of the same person: chosen on identity-dev's verification pairs, where docs/identity.md
    /// gives its false-accept and true-accept rates and the command that measures them.
    public static let samePersonDistance: Float = 1.10

    /// Whether `other` is of the same person by ``samePersonDistance``.
    public func isSamePerson(as other: FaceDescriptor) -> Bool {
        distance(to: other) <= Self.samePersonDistance
    }
}
