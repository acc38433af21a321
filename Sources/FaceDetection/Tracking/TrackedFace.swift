/// A face of one video frame with the identity the tracker gave it, as ML Kit's `Face` with
/// tracking enabled carries `trackingId`.
public struct TrackedFace: Sendable, Equatable {
    /// The face, its box and landmarks smoothed over the track (when smoothing is on).
    public var face: Face
    /// The track's identifier: the same for this face in every frame where it stays in view, and
    /// again when it comes back within ``FaceTracker/Options/lostTrackMemory`` seconds and its
    /// appearance matches (re-identification); never given to another face in the same tracker,
    /// counting from 1.
    public var trackingId: Int
    /// Frames analysed since the face was last detected: 0 when it was detected in this frame;
    /// more for a track kept alive through a miss, whose `face.bounds` is then the predicted box.
    public var missedFrames: Int

    /// The box the detector gave in this frame, before smoothing (`nil` when the face was missed
    /// in it). Hiding a face (blur, pixelation) should cover this box: the smoothed one lags a
    /// little behind a moving face.
    public var detectedBounds: Rect?

    /// The track's appearance: the identity descriptor of its latest described frame (taken when
    /// the track starts and refreshed from its best frames, see ``FaceTracker``), `nil` when no
    /// descriptor was given for it.
    public var descriptor: FaceDescriptor?

    /// Whether the track is confirmed as a face (``FaceTracker/Options/confirmationScore``,
    /// ``FaceTracker/Options/confirmationDetections``): an unconfirmed track may be a flicker of
    /// low-scoring boxes on the background. Once confirmed, a track stays confirmed.
    public var isConfirmed: Bool

    /// A tracked face.
    public init(
        face: Face, trackingId: Int, missedFrames: Int = 0, detectedBounds: Rect? = nil,
        descriptor: FaceDescriptor? = nil, isConfirmed: Bool = true
    ) {
        self.face = face
        self.trackingId = trackingId
        self.missedFrames = missedFrames
        self.detectedBounds = detectedBounds
        self.descriptor = descriptor
        self.isConfirmed = isConfirmed
    }
}
