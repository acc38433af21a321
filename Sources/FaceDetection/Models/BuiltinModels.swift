import CModels

/// The trained models compiled into the library (`Models/README.md`), each parsed once, on first
/// use, and shared by every detector.
enum BuiltinModels {
    /// OpenCV's `haarcascade_frontalface_alt2`, the cascade detector's (`--detector cascade`).
    static let frontalFaceAlt2: Result<CascadeClassifier, ModelFile.Error> =
        load(cmodels_haarcascade_frontalface_alt2) { try CascadeClassifier(model: $0) }
    /// MTCNN's three networks (`Models/mtcnn.fdm`).
    static let mtcnn: Result<MTCNN, ModelFile.Error> = load(cmodels_mtcnn) { try MTCNN(model: $0) }
    /// dlib's 5-point shape predictor (`Models/shape5.fdm`).
    static let shapePredictor: Result<ShapePredictor, ModelFile.Error> = load(cmodels_shape5) {
        try ShapePredictor(model: $0)
    }
    /// YuNet_n (`Models/yunet_n.fdm`), the accurate mode's one-shot detector network.
    static let yunetN: Result<YuNet, ModelFile.Error> = load(cmodels_yunet_n) { try YuNet(model: $0) }
    /// YuNet_s (`Models/yunet_s.fdm`), the fast mode's detector network.
    static let yunetS: Result<YuNet, ModelFile.Error> = load(cmodels_yunet_s) { try YuNet(model: $0) }
    /// MediaPipe's face mesh v2 (`Models/face_mesh_v2.fdm`), 478 points with the irises.
    static let faceMeshV2: Result<FaceMeshV2Network, ModelFile.Error> = load(cmodels_face_mesh_v2) {
        try FaceMeshV2Network(model: $0)
    }
    /// MediaPipe's blendshape model (`Models/face_blendshapes.fdm`), 52 expression coefficients.
    static let blendshapes: Result<BlendshapeNetwork, ModelFile.Error> = load(cmodels_face_blendshapes) {
        try BlendshapeNetwork(model: $0)
    }
    /// SFace (`Models/sface.fdm`), the face descriptor network; its int8 blocks are dequantised here, on
    /// first use.
    static let sface: Result<SFaceNetwork, ModelFile.Error> = load(cmodels_sface) { try SFaceNetwork(model: $0) }

    /// The model that `result` holds; a compiled-in model that does not parse is a broken build (the
    /// bytes are part of the program, and the tests parse every one), so that stops the program
    /// with a message naming the model file instead of an error that no caller could act on.
    static func parsed<Model>(_ result: Result<Model, ModelFile.Error>, _ file: String) -> Model {
        switch result {
        case .success(let model): return model
        case .failure(let error):
            preconditionFailure(
                "facedetect: the compiled-in model Models/\(file) does not parse (a broken build): \(error)")
        }
    }

    /// The compiled-in model files by name, as `Models/` holds them (the tests check their checksums,
    /// which `load` skips).
    static func embeddedFiles() -> [(name: String, bytes: UnsafeRawBufferPointer)] {
        [
            ("haarcascade_frontalface_alt2.fdm", bytes(of: cmodels_haarcascade_frontalface_alt2)),
            ("mtcnn.fdm", bytes(of: cmodels_mtcnn)), ("shape5.fdm", bytes(of: cmodels_shape5)),
            ("yunet_n.fdm", bytes(of: cmodels_yunet_n)), ("yunet_s.fdm", bytes(of: cmodels_yunet_s)),
            ("face_mesh_v2.fdm", bytes(of: cmodels_face_mesh_v2)),
            ("face_blendshapes.fdm", bytes(of: cmodels_face_blendshapes)), ("sface.fdm", bytes(of: cmodels_sface)),
        ]
    }

    /// The bytes of the embedded file that `embedded` returns (static data: they live as long as the process).
    static func bytes(
        of embedded: (UnsafeMutablePointer<Int>?) -> UnsafePointer<UInt8>?
    ) -> UnsafeRawBufferPointer {
        var size = 0
        let start = embedded(&size)
        return UnsafeRawBufferPointer(start: start, count: start == nil ? 0 : size)
    }

    /// Parses the embedded file that `embedded` returns with `make`, in place (no copy) and without
    /// its checksum (checked by the tests: the bytes are part of the program).
    private static func load<T>(
        _ embedded: (UnsafeMutablePointer<Int>?) -> UnsafePointer<UInt8>?,
        _ make: (ModelFile) throws -> T
    ) -> Result<T, ModelFile.Error> {
        do {
            return .success(try make(ModelFile(immortal: bytes(of: embedded), verifyingChecksum: false)))
        } catch let error as ModelFile.Error {
            return .failure(error)
        } catch {
            return .failure(.badTensor("?", reason: "\(error)"))
        }
    }
}
