import Testing

@testable import FaceDetection

/// The scale pyramid of `YuNetDetector`: where its levels are and which faces each keeps.
@Suite struct YuNetPyramidTests {
    let detector = YuNetDetector(network: try! BuiltinModels.yunetN.get())

    @Test func aPictureThatFitsTheNetworksRangeHasOneLevel() {
        #expect(
            detector.levels(width: 320, height: 240, minFace: 10) == [
                .init(scale: 1, smallestKept: 0, largestKept: .infinity)
            ])
        // 400 px at 10 px faces: a face filling it is still in range.
        #expect(detector.levels(width: 400, height: 300, minFace: 10).count == 1)
    }

    @Test func aPhotoGetsEighthSizeLevelsUntilTheWholeFrameFits() {
        let levels = detector.levels(width: 1024, height: 768, minFace: 10)
        #expect(levels.map(\.scale) == [1, 0.125])
        // The first keeps faces up to 320 px, the second from 240 px (30 of its pixels) up to any size.
        #expect(levels[0].smallestKept == 0 && levels[0].largestKept == 320)
        #expect(levels[1].smallestKept == 240 && levels[1].largestKept == .infinity)
        // A 12-megapixel photo: 4000 → 500 → 62.5 px.
        #expect(detector.levels(width: 4000, height: 3000, minFace: 10).map(\.scale) == [1, 0.125, 0.015625])
    }

    @Test func theFirstLevelShowsTheSmallestFaceAtTenPixelsAndNeverEnlarges() {
        #expect(detector.levels(width: 4000, height: 3000, minFace: 40).map(\.scale) == [0.25, 0.03125])
        #expect(detector.levels(width: 100, height: 80, minFace: 4).map(\.scale) == [1])
    }

    @Test func everyFaceSizeIsKeptByALevelWhereItIsInTheNetworksRange() {
        let levels = detector.levels(width: 4000, height: 3000, minFace: 10)
        for side in stride(from: Float(10), through: 4000, by: 7) {
            let keeping = levels.filter { side >= $0.smallestKept && side <= $0.largestKept }
            #expect(!keeping.isEmpty, "\(side) px")
            // In the level that keeps it, the face is 10 to 400 network pixels wide (the last level
            // holds the whole frame within 400).
            #expect(keeping.contains { side * $0.scale >= 10 && side * $0.scale <= 400 }, "\(side) px")
        }
    }
}

/// Which candidates count as faces.
@Suite struct CandidateScoreRuleTests {
    func face(side: Float, score: Float) -> Face {
        Face(bounds: Rect(x: 0, y: 0, width: side, height: side * 1.2), score: score, landmarks: [])
    }

    @Test func yunetsRuleAsksMoreOfLargeFaces() {
        let rule = CandidateScoreRule.yunet
        #expect(rule.lowestScore == 0.3)
        #expect(
            rule.keeps(face(side: 20, score: 0.31), minFace: 10)
                && !rule.keeps(face(side: 20, score: 0.29), minFace: 10))
        // Large means the box's longer side: 41 px wide and 49 px high is large.
        #expect(
            !rule.keeps(face(side: 41, score: 0.45), minFace: 10) && rule.keeps(face(side: 41, score: 0.5), minFace: 10)
        )
        #expect(!rule.keeps(face(side: 30, score: .nan), minFace: 10))
    }

    @Test func yunetsRuleAsksMoreOfFacesNarrowerThanNineTenthsOfTheSmallestLookedFor() {
        let rule = CandidateScoreRule.yunet
        #expect(!rule.keeps(face(side: 8.9, score: 0.39), minFace: 10))
        #expect(rule.keeps(face(side: 8.9, score: 0.4), minFace: 10))
        #expect(rule.keeps(face(side: 9, score: 0.31), minFace: 10))
        #expect(
            !rule.keeps(face(side: 17, score: 0.39), minFace: 20)
                && rule.keeps(face(side: 18, score: 0.31), minFace: 20))
        // The fast mode's rule and the hiding one keep every narrow face their size allows.
        #expect(CandidateScoreRule.yunetSmall.keeps(face(side: 8.9, score: 0.31), minFace: 10))
        #expect(CandidateScoreRule.yunetAnonymising.keeps(face(side: 8.9, score: 0.21), minFace: 10))
    }

    @Test func theMeshChecksOnlyLargeFacesOfMiddlingScore() {
        let rule = CandidateScoreRule.yunet
        #expect(!rule.keeps(face(side: 100, score: 0.55), presence: 0.2))
        #expect(rule.keeps(face(side: 100, score: 0.55), presence: 0.6))
        #expect(rule.keeps(face(side: 100, score: 0.65), presence: 0.01))
        #expect(rule.keeps(face(side: 20, score: 0.35), presence: 0.01))  // small: the mesh cannot tell
    }

    @Test func aUniformThresholdIgnoresSizeAndMesh() {
        let rule = CandidateScoreRule.uniform(0.7)
        #expect(
            !rule.keeps(face(side: 10, score: 0.69), minFace: 10)
                && rule.keeps(face(side: 500, score: 0.7), minFace: 10))
        #expect(rule.keeps(face(side: 500, score: 0.7), presence: 0))
    }

    @Test func optionsUseTheRuleUnlessAScoreIsGiven() {
        #expect(FaceDetector.Options().scoreRule == .yunet)
        #expect(FaceDetector.Options(mode: .fast).scoreRule == .yunetSmall)
        #expect(FaceDetector.Options(minScore: 0.6).scoreRule == .uniform(0.6))
        #expect(FaceDetector.Options(detector: .mtcnn).scoreRule == .uniform(0.25))
        #expect(FaceDetector.Options(anonymising: true).scoreRule == .yunetAnonymising)
        #expect(FaceDetector.Options(minScore: 0.6, anonymising: true).scoreRule == .uniform(0.6))
    }
}
