import CModels

/// The trained models compiled into the library (`Models/README.md`), each parsed once, on first
/// use, and shared by every detector.
enum BuiltinModels {
    /// OpenCV's `haarcascade_frontalface_alt2`, the fast mode's cascade.
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
    /// MediaPipe's face landmark network (`Models/face_mesh.fdm`), the 468-point mesh.
    static let faceMesh: Result<FaceMeshNetwork, ModelFile.Error> = load(cmodels_face_mesh) {
        try FaceMeshNetwork(model: $0)
    }

    /// Parses the embedded file that `embedded` returns with `make`.
    private static func load<T>(
        _ embedded: (UnsafeMutablePointer<Int>?) -> UnsafePointer<UInt8>?,
        _ make: (ModelFile) throws -> T
    ) -> Result<T, ModelFile.Error> {
        var size = 0
        let start = embedded(&size)
        let bytes = Array(UnsafeBufferPointer(start: start, count: start == nil ? 0 : size))
        do {
            return .success(try make(ModelFile(bytes: bytes)))
        } catch let error as ModelFile.Error {
            return .failure(error)
        } catch {
            return .failure(.badTensor("?", reason: "\(error)"))
        }
    }
}
