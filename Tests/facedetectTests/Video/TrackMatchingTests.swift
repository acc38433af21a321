import FaceDetectRecords
import FaceDetection
import Testing

@testable import FaceDetectCLI

/// `TrackMatching`: a track is a reference person on several described frames, never on one; a
/// frame far from the decided person ends the decision; descriptors are asked for sparingly.
@Suite("Per-track matching")
struct TrackMatchingTests {
    /// Unit descriptors of 8 components: `axis` tilted towards the next axis by `tilt`.
    static func descriptor(axis: Int, tilt: Float = 0) -> FaceDescriptor {
        FaceMatcherTests.descriptor(axis: axis, tilt: tilt)
    }

    /// A vote over Ada (axis 0), 3 of the last 5 frames within 0.5, broken beyond 1.0.
    static func matching() -> TrackMatching {
        TrackMatching(
            references: [.init(person: "Ada", id: 1, descriptors: [descriptor(axis: 0)])],
            rule: .init(votes: 3, window: 5, distance: 0.5, breakDistance: 1.0, retryInterval: 2, recheckInterval: 4))
    }

    @Test func oneOrTwoLuckyFramesNeverKeepAStranger() {
        var matching = Self.matching()
        let near = Self.descriptor(axis: 0, tilt: 0.2)
        let far = Self.descriptor(axis: 3)
        for descriptor in [near, far, far, near, far, far, far, near] {
            matching.observe(7, descriptor: descriptor)
            #expect(matching.person(of: 7) == nil)
            #expect(!matching.visibility(of: 7, mode: .keep).shown)
        }
        #expect(matching.visibility(of: 7, mode: .keep).reason == .noMatch)
    }

    @Test func threeMatchingFramesKeepATrackAndAFarFrameEndsIt() throws {
        var matching = Self.matching()
        let near = Self.descriptor(axis: 0, tilt: 0.2)
        matching.observe(1, descriptor: near)
        matching.observe(1, descriptor: nil)  // not described: no vote
        matching.observe(1, descriptor: near)
        #expect(
            matching.visibility(of: 1, mode: .keep)
                == FaceVisibility(shown: false, reason: .undecided, votes: 2, described: 2))
        matching.observe(1, descriptor: near)
        let kept = matching.visibility(of: 1, mode: .keep)
        #expect(kept.shown && kept.reason == .match && kept.match?.person == "Ada" && kept.votes == 3)
        #expect(try #require(kept.match?.distance) < 0.5)
        // Beyond the match distance but within the break distance: still Ada.
        matching.observe(1, descriptor: Self.descriptor(axis: 0, tilt: 1))
        #expect(matching.person(of: 1)?.person == "Ada")
        // A frame of someone else (a tracker that swapped faces): hidden again, the vote starts over.
        matching.observe(1, descriptor: Self.descriptor(axis: 4))
        #expect(matching.person(of: 1) == nil)
        #expect(
            matching.visibility(of: 1, mode: .keep)
                == FaceVisibility(shown: false, reason: .undecided, votes: 0, described: 1))
    }

    @Test func hideOnlyShowsATrackOnlyAfterAFullWindowFarFromEveryReference() {
        var matching = Self.matching()
        for index in 0..<5 {
            #expect(!matching.visibility(of: 2, mode: .hideOnly).shown)
            matching.observe(2, descriptor: Self.descriptor(axis: 3, tilt: Float(index) * 0.01))
        }
        #expect(
            matching.visibility(of: 2, mode: .hideOnly)
                == FaceVisibility(shown: true, reason: .noMatch, votes: 0, described: 5))
        // One frame near the reference hides it again.
        matching.observe(2, descriptor: Self.descriptor(axis: 0, tilt: 0.9))
        #expect(!matching.visibility(of: 2, mode: .hideOnly).shown)
    }

    @Test func descriptorsAreAskedForEveryFrameUntilAWindowThenSparingly() {
        var matching = Self.matching()
        var asked: [Int] = []
        for frame in 0..<20 {
            matching.advance([5])
            if matching.wantsDescriptor(5) {
                asked.append(frame)
                matching.observe(5, descriptor: Self.descriptor(axis: frame < 5 ? 3 : 0))
            }
        }
        // Five in a row (a stranger), then every 2nd frame until Ada is kept (3 near frames), then every 4th.
        #expect(asked == [0, 1, 2, 3, 4, 6, 8, 10, 14, 18])
        #expect(matching.person(of: 5)?.person == "Ada")
    }

    @Test func tracksWhoseBoxesTouchAreDescribedOnEveryFrameAndNothingIsWithoutPeople() {
        let rule = KeepRule(mode: .keep, references: [.init(person: "Ada", descriptors: [Self.descriptor(axis: 0)])])
        var people = TrackPeople(PeopleToFind(matcher: nil, keepRule: rule))
        let boxes = [
            Rect(x: 0, y: 0, width: 20, height: 20), Rect(x: 15, y: 0, width: 20, height: 20),
            Rect(x: 100, y: 0, width: 20, height: 20),
        ]
        let faces = boxes.map { Face(bounds: $0, score: 1) }
        let detected = boxes.enumerated().map { TrackedFace(face: faces[$0], trackingId: $0 + 1, detectedBounds: $1) }
        var calls: [Int] = []
        for _ in 0..<12 {
            _ = people.update(detected, faces: faces) { index in
                calls.append(index)
                return Self.descriptor(axis: 3)
            }
        }
        // The two touching faces on every frame; the lone one on its first 5, then every 5th.
        #expect(calls.filter { $0 == 0 }.count == 12 && calls.filter { $0 == 1 }.count == 12)
        #expect(calls.filter { $0 == 2 }.count == 6)
        var nobody = TrackPeople(PeopleToFind())
        let labels = nobody.update(detected, faces: faces) { _ in
            Issue.record("described without people")
            return nil
        }
        #expect(labels.matches.isEmpty && labels.visibilities.isEmpty && nobody.shown(among: [1, 2, 3]).isEmpty)
    }

    @Test func theWinnerIsThePersonWithEnoughVotes() {
        let ada = FaceMatch(person: "Ada", distance: 0.3)
        let bob = FaceMatch(person: "Bob", distance: 0.1)
        #expect(TrackMatching.winner(of: [ada, bob, ada, nil, ada], votes: 3)?.person == "Ada")
        #expect(TrackMatching.winner(of: [ada, bob, bob, nil, ada], votes: 3) == nil)
    }

    @Test func aShownTrackIsHiddenNowhereNorItsDuplicateBox() {
        var buffer = HidingBuffer<RGBImage>(delay: 0, margin: 0)
        let box = Rect(x: 0, y: 10, width: 20, height: 20)
        let kept = TrackedFace(face: Face(bounds: box, score: 1), trackingId: 1, detectedBounds: box)
        let otherBox = Rect(x: 40, y: 10, width: 20, height: 20)
        let other = TrackedFace(face: Face(bounds: otherBox, score: 1), trackingId: 2, detectedBounds: otherBox)
        let duplicate = Rect(x: 1, y: 11, width: 20, height: 20)
        let out = buffer.add(
            frame: 0, image: RGBImage(width: 4, height: 4), detected: [kept, other], live: [kept, other],
            otherBoxes: [box, otherBox, duplicate], shown: [1])
        #expect(out.count == 1 && out[0].hidden == [otherBox])
    }
}
