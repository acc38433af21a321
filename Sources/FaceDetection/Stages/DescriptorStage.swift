/// SFace's identity descriptor for each face big enough to tell (``Face/descriptor``).
///
/// Reads: the face's five points (the eyes, the nose tip and the mouth corners) as O-Net placed
/// them (``ONetPointsStage``; MTCNN's own faces have O-Net's points), and the box's width. Adds: the
/// face's descriptor, the network's 128 outputs scaled to length 1; nothing for a face narrower than
/// ``FaceDetector/Options/descriptorMinimumWidth`` or without the five points. Model: SFace
/// (`Models/sface.fdm`) on the face aligned onto its 112×112 template (``SFaceAlignment``, an
/// ``ImageCrop``). Cost: one SFace pass per face (574 million multiply-adds; docs/identity.md times
/// it). Runs when descriptors are asked for.
struct DescriptorStage: PerFaceStage {
    /// The least box width of a face that gets a descriptor.
    let minimumWidth: Float

    init?(options: FaceDetector.Options) {
        guard options.descriptors else { return nil }
        minimumWidth = options.descriptorMinimumWidth
    }

    func measure(_ face: inout FaceMeasurement, in image: UprightImage) {
        guard face.face.bounds.width >= minimumWidth, let crop = SFaceAlignment.crop(for: face.face) else { return }
        face.face.descriptor = Self.descriptor(crop, in: image)
    }

    /// The descriptor of the face that `crop` aligns in `image`.
    static func descriptor(_ crop: ImageCrop, in image: UprightImage) -> FaceDescriptor? {
        let network = BuiltinModels.parsed(BuiltinModels.sface, "sface.fdm")
        var input: [Float] = []
        crop.sample(image, into: &input)
        return FaceDescriptor(network.outputs(for: input))
    }
}
