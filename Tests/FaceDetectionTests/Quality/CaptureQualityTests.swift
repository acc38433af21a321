import Testing

@testable import FaceDetection

/// The capture-quality score: its kernels against their scalar twins, each part's direction on
/// made-up signals, and the stage on the astronaut (`astronaut-256.ppm`): a score on the faces measured
/// in full, nothing else changed, and less for a blurred, a darkened or a noisy copy.
struct CaptureQualityTests {
    static let image = Result { try loadAstronaut() }

    @Test func greyGridMatchesItsTwin() {
        var rng = SeededRandom(seed: 40)
        let rgb = (0..<(QualityCrop.sampledSide * QualityCrop.sampledSide * 3)).map { _ in
            Float.random(in: 0...255, using: &rng)
        }
        let (fast, plain) = (QualityCrop.grey(rgb), QualityCrop.greyReference(rgb))
        #expect(zip(fast, plain).allSatisfy { abs($0 - $1) < 1e-3 })
    }

    @Test func signalsMatchTheirTwin() {
        var rng = SeededRandom(seed: 41)
        let grey = (0..<(QualityCrop.side * QualityCrop.side)).map { _ in Float.random(in: 0...255, using: &rng) }
        let (fast, plain) = (QualitySignals(grey: grey), QualitySignals.reference(grey: grey))
        for (a, b) in [
            (fast.mean, plain.mean), (fast.contrast, plain.contrast), (fast.clipped, plain.clipped),
            (fast.laplacianEnergy, plain.laplacianEnergy), (fast.noise, plain.noise),
        ] {
            #expect(abs(a - b) <= 1e-4 * max(1, abs(b)))
        }
        // Uniform noise of deviation 255 / √12 ≈ 73.6: Immerkær's estimator finds about that.
        #expect(abs(plain.noise - 73.6) < 5)
    }

    @Test func blockinessMatchesItsTwinAndSeesBlocks() {
        let n = JPEGBlocking.window
        var rng = SeededRandom(seed: 42)
        let noise = (0..<(n * n * 3)).map { _ in Float.random(in: 0...255, using: &rng) }
        #expect(abs(JPEGBlocking.blockiness(of: noise) - JPEGBlocking.blockinessReference(of: noise)) < 1e-4)
        #expect(JPEGBlocking.blockiness(of: noise) < 1.2)
        // Flat 8 × 8 blocks of random levels, starting 3 pixels in, with a little noise inside.
        let levels = (0..<100).map { _ in Float.random(in: 0...255, using: &rng) }
        var blocks = [Float](repeating: 0, count: n * n * 3)
        for y in 0..<n {
            for x in 0..<n {
                let level = levels[((x + 3) / 8) * 10 + (y + 3) / 8] + Float.random(in: -2...2, using: &rng)
                for c in 0..<3 { blocks[(y * n + x) * 3 + c] = level }
            }
        }
        #expect(JPEGBlocking.blockiness(of: blocks) > 3)
        #expect(abs(JPEGBlocking.blockiness(of: blocks) - JPEGBlocking.blockinessReference(of: blocks)) < 1e-3)
    }

    @Test func eachPartFallsWithItsFlaw() {
        let good = QualitySignals(mean: 110, contrast: 40, clipped: 0, laplacianEnergy: 900, noise: 2)
        func score(_ s: QualitySignals, blockiness: Float = 1.2, yaw: Float = 0, size: Float = 60) -> Float {
            CaptureQuality(signals: s, blockiness: blockiness, yaw: yaw, pitch: 0, presence: 1, eyeDistance: size).score
        }
        let best = score(good)
        var blurred = good
        blurred.laplacianEnergy = 60
        var noisy = good
        (noisy.noise, noisy.laplacianEnergy) = (6, 2000)
        var dark = good
        (dark.mean, dark.contrast, dark.clipped) = (30, 15, 0.3)
        for worse in [
            score(blurred), score(noisy), score(dark), score(good, blockiness: 2.5), score(good, yaw: 60),
            score(good, size: 12),
        ] {
            #expect(worse < best)
        }
        #expect(best > 0.5 && best <= 1)
    }

    @Test func theStageScoresFacesAndChangesNothingElse() throws {
        let image = try Self.image.get()
        let options = FaceDetector.Options(minFaceSize: .pixels(40))
        let withQuality = FaceDetector(options: options).detect(in: image)
        let without = FaceDetector(
            options: options,
            cascade: BuiltinModels.parsed(BuiltinModels.frontalFaceAlt2, "haarcascade_frontalface_alt2.fdm"),
            stages: FaceStages.all.filter { $0 != CaptureQualityStage.self }
        ).detect(in: image)
        #expect(!withQuality.isEmpty)
        #expect(withQuality.allSatisfy { face in face.captureQuality.map { (0...1).contains($0) } ?? false })
        #expect(
            withQuality.map {
                var face = $0
                face.captureQuality = nil
                return face
            } == without)
        // Off without landmarks and classification.
        let bare = FaceDetector(options: .init(landmarks: .none, classification: .none, minFaceSize: .pixels(40)))
        #expect(bare.detect(in: image).allSatisfy { $0.captureQuality == nil })
    }

    @Test func degradedCopiesScoreLower() throws {
        let image = try Self.image.get()
        let detector = FaceDetector(options: .init(minFaceSize: .pixels(40)))
        let face = try #require(detector.detect(in: image).first)
        let original = try #require(face.captureQuality)
        var blurred = image
        blurred.blur(Rect(x: 0, y: 0, width: Float(image.width), height: Float(image.height)), radius: 3)
        var dark = image
        var noisy = image
        var rng = SeededRandom(seed: 43)
        for k in 0..<image.pixels.count {
            dark.pixels[k] = UInt8(Float(image.pixels[k]) * 0.35)
            let level = Float(image.pixels[k]) + Float.random(in: -30...30, using: &rng)
            noisy.pixels[k] = UInt8(min(max(level, 0), 255))
        }
        for copy in [blurred, dark, noisy] {
            let found = detector.detect(in: copy).first { abs($0.bounds.center.x - face.bounds.center.x) < 20 }
            if let quality = found?.captureQuality { #expect(quality < original) }
        }
    }
}
