import Foundation
import Testing

@testable import FaceDetection

@Suite struct FaceGroupingTests {
    /// A reproducible generator (SplitMix64), so the synthetic people are the same in every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// A roughly standard normal number: the sum of 12 uniform ones, less 6.
    static func normal(_ random: inout Seeded) -> Float {
        var sum: Float = -6
        for _ in 0..<12 { sum += Float.random(in: 0..<1, using: &random) }
        return sum
    }

    /// `people` random directions in 64 dimensions, `copies` descriptors each at about `spread` from it,
    /// listed person by person; with the person of each.
    static func people(_ people: Int, copies: Int, spread: Float, seed: UInt64) -> ([FaceDescriptor], [Int]) {
        var random = Seeded(state: seed)
        let dimension = 64
        var descriptors: [FaceDescriptor] = []
        var truth: [Int] = []
        for p in 0..<people {
            let centre = (0..<dimension).map { _ in normal(&random) }
            let length = centre.reduce(0) { $0 + $1 * $1 }.squareRoot()
            for _ in 0..<copies {
                let noise = (0..<dimension).map { _ in normal(&random) * spread / Float(dimension).squareRoot() }
                descriptors.append(FaceDescriptor(zip(centre, noise).map { $0 / length + $1 })!)
                truth.append(p)
            }
        }
        return (descriptors, truth)
    }

    @Test func separatedPeopleAreGroupedRight() {
        let (descriptors, truth) = Self.people(12, copies: 5, spread: 0.4, seed: 1)
        let groups = FaceGrouping(distance: 0.9).groups(descriptors)
        #expect(groups == truth)
    }

    @Test func singletonsStayAlone() {
        let (descriptors, _) = Self.people(40, copies: 1, spread: 0, seed: 2)
        #expect(FaceGrouping(distance: 1).groups(descriptors) == Array(0..<40))
    }

    @Test func groupsAreNumberedByFirstAppearance() throws {
        let a = try #require(FaceDescriptor([1, 0, 0]))
        let a2 = try #require(FaceDescriptor([0.99, 0.1, 0]))
        let b = try #require(FaceDescriptor([0, 1, 0]))
        let c = try #require(FaceDescriptor([0, 0, 1]))
        #expect(FaceGrouping(distance: 0.5).groups([b, a, c, a2, b]) == [0, 1, 2, 1, 0])
        #expect(FaceGrouping(distance: 0.5).groups([]) == [])
    }

    @Test func averageLinkageDoesNotChain() throws {
        // Points 0.3 apart along an arc: single links join them all, the mean distance does not.
        let step: Float = 0.3
        var line: [FaceDescriptor] = []
        for k in 0..<12 {
            let x = Float(k) * step
            line.append(try #require(FaceDescriptor([1, x])))
        }
        let groups = FaceGrouping(distance: 0.35).groups(line)
        #expect(line[0].distance(to: line[1]) < 0.35)
        #expect(Set(groups).count > 2)
        for k in 1..<groups.count {
            let g = groups[k]
            let previous = groups[k - 1]
            #expect(g == previous || g == previous + 1)
        }
    }

    @Test func resultIsDeterministicAndIndependentOfThreadsAndOrder() {
        let (descriptors, _) = Self.people(300, copies: 4, spread: 0.9, seed: 3)
        let grouping = FaceGrouping(distance: 1)
        let one = grouping.groups(descriptors, threads: 1)
        #expect(grouping.groups(descriptors, threads: 2) == one)
        #expect(grouping.groups(descriptors, threads: 3) == one)
        let reversed = grouping.groups(descriptors.reversed())
        // The same partition, numbered afresh: faces together in one order are together in the other.
        let n = descriptors.count
        for i in 0..<n {
            for j in 0..<n where (one[i] == one[j]) != (reversed[n - 1 - i] == reversed[n - 1 - j]) {
                Issue.record("faces \(i) and \(j) grouped differently in reverse order")
            }
        }
    }

    @Test func assignKeepsKnownPeopleAndFindsNewOnes() {
        let (descriptors, truth) = Self.people(6, copies: 6, spread: 0.4, seed: 4)
        // People 0–3 known from their first three faces; the rest of the faces are new.
        var known = [[FaceDescriptor]](repeating: [], count: 4)
        var new: [FaceDescriptor] = []
        var expected: [Int] = []
        var numbers: [Int: Int] = [:]
        for (d, p) in zip(descriptors, truth) {
            if p < 4 && known[p].count < 3 {
                known[p].append(d)
            } else {
                new.append(d)
                if p < 4 {
                    expected.append(p)
                } else {
                    if numbers[p] == nil { numbers[p] = 4 + numbers.count }
                    expected.append(numbers[p]!)
                }
            }
        }
        let grouping = FaceGrouping(distance: 0.9)
        #expect(grouping.assign(new, to: known) == expected)
        #expect(grouping.assign(new, to: known, threads: 2) == expected)
        #expect(grouping.assign(new, to: []) == grouping.groups(new))
    }

    @Test func knownPeopleNeverMerge() throws {
        // Two known people with the same face: a new copy joins the first, and they stay two people.
        let a = try #require(FaceDescriptor([1, 0]))
        #expect(FaceGrouping(distance: 0.5).assign([a, a], to: [[a], [a], []]) == [0, 0])
    }

    @Test func pairSearchMatchesItsScalarTwin() {
        let (descriptors, _) = Self.people(150, copies: 4, spread: 0.9, seed: 5)
        let values = descriptors.flatMap(\.values)
        let n = descriptors.count
        for fixed in [0, 7, 300, n] {
            let minimumDot = DescriptorPairs.minimumDot(within: 1)
            let blocked = DescriptorPairs.find(values, count: n, dimension: 64, minimumDot: minimumDot, fixed: fixed)
            let scalar = DescriptorPairs.findScalar(
                values, count: n, dimension: 64, minimumDot: minimumDot, fixed: fixed)
            #expect(Set(blocked.map { [$0.0, $0.1] }) == Set(scalar.map { [$0.0, $0.1] }))
            #expect(!scalar.isEmpty || fixed == n)
            #expect(blocked.count == scalar.count)
        }
    }
    /// The partition of `0..<count` that `pairs` link (union-find), as each point's lowest linked point.
    static func parts(_ pairs: [(Int, Int)], count: Int) -> [Int] {
        var root = Array(0..<count)
        func find(_ a: Int) -> Int { root[a] == a ? a : find(root[a]) }
        for (i, j) in pairs {
            let (a, b) = (find(i), find(j))
            if a != b { root[max(a, b)] = min(a, b) }
        }
        return (0..<count).map(find)
    }

    @Test func linksJoinThePartsThePairsDoWithFewerEdges() {
        // One person of 600 close faces and 150 people of 4: most of the first's 179,700 pairs are close.
        let (crowd, _) = Self.people(1, copies: 600, spread: 0.3, seed: 6)
        let (others, _) = Self.people(150, copies: 4, spread: 0.9, seed: 7)
        let descriptors = crowd + others
        let values = descriptors.flatMap(\.values)
        let n = descriptors.count
        let blocks = (n + DescriptorPairs.columns - 1) / DescriptorPairs.columns
        for fixed in [0, 7, 650, n] {
            let minimumDot = DescriptorPairs.minimumDot(within: 1)
            let pairs = DescriptorPairs.findScalar(
                values, count: n, dimension: 64, minimumDot: minimumDot, fixed: fixed)
            for threads in [1, 2] {
                let links = DescriptorPairs.links(
                    values, count: n, dimension: 64, minimumDot: minimumDot, fixed: fixed, threads: threads)
                #expect(Self.parts(links, count: n) == Self.parts(pairs, count: n))
                #expect(links.count <= blocks * (n - 1))
                #expect(Set(links.map { [$0.0, $0.1] }).isSubset(of: Set(pairs.map { [$0.0, $0.1] })))
            }
            if fixed == 0 { #expect(pairs.count > 100_000) }
        }
    }

    @Test func squaredLinkageMatchesItsScalarTwin() {
        let (descriptors, _) = Self.people(8, copies: 5, spread: 0.8, seed: 8)
        let values = descriptors.flatMap(\.values)
        // Clusters of one or two faces, the first three of them fixed people.
        var clusters: [[Int]] = [[0, 1], [5], [10, 11]]
        for p in 2..<descriptors.count where ![5, 10, 11].contains(p) { clusters.append([p]) }
        for cut: Float in [0.8, 1.0, 1.2] {
            for fixedCount in [0, 3] {
                let chain = SquaredLinkage.merge(
                    clusters: clusters, values: values, dimension: 64, fixedCount: fixedCount, cut: cut)
                let scalar = SquaredLinkage.mergeScalar(
                    clusters: clusters, values: values, dimension: 64, fixedCount: fixedCount, cut: cut)
                #expect(chain == scalar)
                if cut == 1 { #expect(Set(chain).count >= 8 && Set(chain).count < clusters.count) }
            }
        }
    }

    @Test func aPartLargerThanTheMatrixLimitIsGroupedFromSums() throws {
        // Three faces on a circle at 0, 0.6 and 1.25 rad: chords 0.59 (first two), 0.64 and 1.17. At the
        // cut 0.92 the mean distance joins all three (0.90 from the first two to the third) and the mean
        // squared distance keeps the third apart (0.89 > 0.92²): which linkage ran shows in the groups.
        let faces = try [0, 0.6, 1.25].map { (a: Float) in try #require(FaceDescriptor([cos(a), sin(a)])) }
        var grouping = FaceGrouping(distance: 0.92)
        #expect(grouping.groups(faces) == [0, 0, 0])
        grouping.matrixPartLimit = 2
        #expect(grouping.groups(faces) == [0, 0, 1])
        #expect(grouping.assign(faces, to: []) == [0, 0, 1])
        // Separated people come out the same either way, in parts over the limit too.
        let (people, truth) = Self.people(12, copies: 30, spread: 0.4, seed: 9)
        var bounded = FaceGrouping(distance: 0.9)
        bounded.matrixPartLimit = 16
        #expect(bounded.groups(people, threads: 2) == truth)
        #expect(FaceGrouping(distance: 0.9).groups(people) == truth)
    }
}
