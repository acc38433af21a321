extension FaceDetector {
    /// SFace's identity descriptor of `face`, a face found in `image` (its pixel coordinates), for
    /// callers that choose which faces to describe (a tracker describes a track's best frames, not
    /// every frame) instead of describing every face with ``Options/descriptors``.
    ///
    /// The face is aligned on its reported eyes, nose tip and mouth corners (``Face/landmarks``),
    /// which the stage with ``Options/descriptors`` takes from O-Net before the mesh refines them: the
    /// two descriptors of one face are close but not equal. Nil for a face narrower than
    /// ``Options/descriptorMinimumWidth`` or without those five landmarks (options without
    /// landmarks). One SFace pass; its model is parsed on first use.
    public func descriptor(of face: Face, in image: RGBImage) -> FaceDescriptor? {
        guard face.bounds.width >= options.descriptorMinimumWidth, let crop = SFaceAlignment.crop(for: face) else {
            return nil
        }
        return DescriptorStage.descriptor(crop, in: UprightImage(image))
    }
}
