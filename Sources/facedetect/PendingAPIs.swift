// TEMPORARY stand-in for the cascade branch (FaceDetector.init(options:) / detect(in:)); delete on merge.
import FaceDetection
extension FaceDetector {
    init(options: Options) throws { self = unsafeBitCast(options, to: FaceDetector.self) }
    func detect(in image: Image) throws -> [Face] { [] }
}
