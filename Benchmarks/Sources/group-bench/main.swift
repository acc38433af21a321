// Development harness for `FaceGrouping`, two modes:
//
// group-bench dev --pred PRED.jsonl --truth TRUTH.json --out PEOPLE.json [--method M] [--distance D]
//     [--halves interleaved|split] [--threads N] [--min-points K]
//   groups each image's face nearest its centre (as score_identity.py reads it) and writes the people JSON
//   that `score_identity.py --groups` scores. --method: average (FaceGrouping, the default), or, for the
//   comparison, complete (complete linkage), cw (Chinese whispers as dlib's, in a fixed order), dbscan
//   (--min-points neighbours including itself make a core face). --halves: group the first half and assign
//   the second to its people (interleaved: even and odd images; split: first and last half of the list).
//   Also prints the same-person pair distance quantiles (for the synthetic set).
//
// group-bench synthetic [--people N] [--singletons N] [--large N] [--threads N] [--distance D] [--seed S]
//   people-like descriptors: N random unit centres in 128 dimensions with 2–18 copies each (10 on average),
//   each copy at a distance from its centre drawn so that same-person pair distances follow SFace's on
//   identity-dev, plus singletons, in a shuffled order; prints the grouping time (wall, CPU), the peak
//   resident memory (VmHWM), the groups and the pairwise and BCubed F against the generated people.
//   --large N adds one more person with N copies (the worst case: one part of N faces linked by close pairs).
import BenchmarkSupport
import FaceDetection
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else { BenchmarkArguments.fail("usage: group-bench dev|synthetic [options]") }
@MainActor func option(_ flag: String) -> String? {
    guard let k = arguments.firstIndex(of: flag), k + 1 < arguments.count else { return nil }
    return arguments[k + 1]
}
let threads = Int(option("--threads") ?? "1") ?? 1

/// The peak resident memory of this process in MB (/proc/self/status VmHWM).
func peakMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let kB = line.split(separator: " ").compactMap { Double($0) }.first ?? -1
        return kB / 1024
    }
    return -1
}

/// Pairwise and BCubed F of `labels` against `truth`.
func scores(_ labels: [Int], _ truth: [Int]) -> (pairwise: Double, bcubed: Double) {
    var joint: [[Int]: Int] = [:]
    var groups: [Int: Int] = [:]
    var people: [Int: Int] = [:]
    for (l, p) in zip(labels, truth) {
        joint[[l, p], default: 0] += 1
        groups[l, default: 0] += 1
        people[p, default: 0] += 1
    }
    let pairs = { (n: Int) in Double(n) * Double(n - 1) / 2 }
    let tp = joint.values.reduce(0) { $0 + pairs($1) }
    let precision = tp / max(1, groups.values.reduce(0) { $0 + pairs($1) })
    let recall = tp / max(1, people.values.reduce(0) { $0 + pairs($1) })
    var bp = 0.0
    var br = 0.0
    for (l, p) in zip(labels, truth) {
        let j = Double(joint[[l, p]]!)
        bp += j / Double(groups[l]!)
        br += j / Double(people[p]!)
    }
    bp /= Double(labels.count)
    br /= Double(labels.count)
    return (2 * precision * recall / max(1e-12, precision + recall), 2 * bp * br / max(1e-12, bp + br))
}

/// Euclidean distance between two unit vectors.
func distance(_ a: [Float], _ b: [Float]) -> Float {
    var dot: Float = 0
    for k in a.indices { dot += a[k] * b[k] }
    return max(0, 2 - 2 * dot).squareRoot()
}

/// Complete linkage cut at `cut` over a full distance matrix (nearest-neighbour chain), for the comparison.
func completeLinkage(_ x: [[Float]], cut: Float) -> [Int] {
    let n = x.count
    var d = [Float](repeating: 0, count: n * n)
    for a in 0..<n {
        for b in (a + 1)..<max(n, a + 1) {
            d[a * n + b] = distance(x[a], x[b])
            d[b * n + a] = d[a * n + b]
        }
    }
    var owner = Array(0..<n)
    var active = [Bool](repeating: true, count: n)
    var chain: [Int] = []
    var next = 0
    while true {
        if chain.isEmpty {
            while next < n && !active[next] { next += 1 }
            guard next < n else { break }
            chain.append(next)
        }
        let a = chain.last!
        let previous = chain.count >= 2 ? chain[chain.count - 2] : -1
        var nearest = -1
        var best = Float.infinity
        for c in 0..<n where c != a && active[c] {
            let e = d[a * n + c]
            if e < best || (e == best && c == previous) { (best, nearest) = (e, c) }
        }
        if nearest < 0 || best > cut {
            active[a] = false
            chain.removeLast()
            continue
        }
        if nearest == previous {
            chain.removeLast(2)
            let (keep, gone) = (min(a, nearest), max(a, nearest))
            for c in 0..<n where active[c] && c != keep && c != gone {
                let m = max(d[keep * n + c], d[gone * n + c])
                d[keep * n + c] = m
                d[c * n + keep] = m
            }
            active[gone] = false
            owner[gone] = keep
        } else {
            chain.append(nearest)
        }
    }
    for a in 0..<n where owner[a] != a { owner[a] = owner[owner[a]] }
    return owner
}

/// The neighbours of each face within `cut`.
func neighbours(_ x: [[Float]], cut: Float) -> [[Int]] {
    var list = [[Int]](repeating: [], count: x.count)
    for a in x.indices {
        for b in (a + 1)..<max(x.count, a + 1) where distance(x[a], x[b]) <= cut {
            list[a].append(b)
            list[b].append(a)
        }
    }
    return list
}

/// Chinese whispers as dlib's `chinese_whispers` (edges of weight 1 within `cut`, 100 passes), visiting
/// the faces in index order instead of dlib's random order.
func chineseWhispers(_ x: [[Float]], cut: Float) -> [Int] {
    let near = neighbours(x, cut: cut)
    var label = Array(x.indices)
    for _ in 0..<100 {
        for a in x.indices where !near[a].isEmpty {
            var votes: [Int: Int] = [:]
            for b in near[a] { votes[label[b], default: 0] += 1 }
            label[a] = votes.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
        }
    }
    return label
}

/// DBSCAN with radius `cut`: a face with at least `minPoints` faces within it (itself included) is a
/// core face; core faces within the radius join, border faces join their first core neighbour's group,
/// noise stays alone.
func dbscan(_ x: [[Float]], cut: Float, minPoints: Int) -> [Int] {
    let near = neighbours(x, cut: cut)
    let core = near.map { $0.count + 1 >= minPoints }
    var label = [Int](repeating: -1, count: x.count)
    for a in x.indices where core[a] && label[a] < 0 {
        label[a] = a
        var stack = [a]
        while let p = stack.popLast() {
            for q in near[p] where label[q] < 0 {
                label[q] = a
                if core[q] { stack.append(q) }
            }
        }
    }
    for a in x.indices where label[a] < 0 { label[a] = a }
    return label
}

switch mode {
case "dev":
    guard let predPath = option("--pred"), let truthPath = option("--truth"), let outPath = option("--out") else {
        BenchmarkArguments.fail("dev needs --pred, --truth and --out")
    }
    let method = option("--method") ?? "average"
    let grouping = FaceGrouping(distance: Float(option("--distance") ?? "") ?? FaceGrouping.defaultDistance)
    let truth =
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: truthPath))) as! [String: Any]
    var records: [String: [String: Any]] = [:]
    for line in try String(contentsOfFile: predPath, encoding: .utf8).split(separator: "\n") {
        let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        records[record["file"] as! String] = record
    }
    var files: [String] = []
    var boxes: [[Double]] = []
    var vectors: [[Float]] = []
    var people: [String] = []
    for image in truth["images"] as! [[String: Any]] {
        let file = image["file"] as! String
        guard let record = records[file] else { continue }
        let (w, h) = (record["width"] as! Double, record["height"] as! Double)
        let faces = (record["faces"] as? [[String: Any]] ?? []).filter { $0["descriptor"] != nil }
        func off(_ f: [String: Any]) -> Double {
            let b = f["box"] as! [Double]
            return (b[0] + b[2] / 2 - w / 2) * (b[0] + b[2] / 2 - w / 2) + (b[1] + b[3] / 2 - h / 2)
                * (b[1] + b[3] / 2 - h / 2)
        }
        guard let face = faces.min(by: { off($0) < off($1) }) else { continue }
        files.append(file)
        boxes.append(face["box"] as! [Double])
        vectors.append((face["descriptor"] as! [Double]).map { Float($0) })
        people.append(image["person"] as! String)
    }
    let descriptors = vectors.map { FaceDescriptor($0)! }
    let unit = descriptors.map(\.values)
    var personNumber: [String: Int] = [:]
    let truthLabels = people.map { p in
        if let n = personNumber[p] { return n }
        personNumber[p] = personNumber.count
        return personNumber.count - 1
    }
    var same: [Float] = []
    var byPerson: [Int: [Int]] = [:]
    for (i, p) in truthLabels.enumerated() { byPerson[p, default: []].append(i) }
    for list in byPerson.values {
        for a in list.indices { for b in (a + 1)..<list.count { same.append(distance(unit[list[a]], unit[list[b]])) } }
    }
    same.sort()
    let quantiles = [0.05, 0.25, 0.5, 0.75, 0.95].map { same[Int($0 * Double(same.count - 1))] }
    print(
        "same-person pairs \(same.count), distance quantiles 5/25/50/75/95 %:",
        quantiles.map { String(format: "%.3f", $0) })
    let start = ContinuousClock.now
    var labels: [Int]
    if let halves = option("--halves") {
        let first = descriptors.indices.filter { halves == "split" ? $0 < descriptors.count / 2 : $0 % 2 == 0 }
        let second = descriptors.indices.filter { !Set(first).contains($0) }
        let firstLabels = grouping.groups(first.map { descriptors[$0] }, threads: threads)
        var known = [[FaceDescriptor]](repeating: [], count: (firstLabels.max() ?? -1) + 1)
        for (k, i) in first.enumerated() { known[firstLabels[k]].append(descriptors[i]) }
        let secondLabels = grouping.assign(second.map { descriptors[$0] }, to: known, threads: threads)
        labels = [Int](repeating: 0, count: descriptors.count)
        for (k, i) in first.enumerated() { labels[i] = firstLabels[k] }
        for (k, i) in second.enumerated() { labels[i] = secondLabels[k] }
    } else {
        switch method {
        case "average": labels = grouping.groups(descriptors, threads: threads)
        case "complete": labels = completeLinkage(unit, cut: grouping.distance)
        case "cw": labels = chineseWhispers(unit, cut: grouping.distance)
        case "dbscan": labels = dbscan(unit, cut: grouping.distance, minPoints: Int(option("--min-points") ?? "2") ?? 2)
        default: BenchmarkArguments.fail("unknown --method \(method)")
        }
    }
    let seconds =
        Double((ContinuousClock.now - start).components.attoseconds) / 1e18
        + Double((ContinuousClock.now - start).components.seconds)
    var members: [Int: [Int]] = [:]
    var order: [Int] = []
    for (i, l) in labels.enumerated() {
        if members[l] == nil { order.append(l) }
        members[l, default: []].append(i)
    }
    let json: [String: Any] = [
        "people": order.map { l in
            ["id": l, "faces": members[l]!.map { ["file": files[$0], "box": boxes[$0]] }] as [String: Any]
        }
    ]
    try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: outPath))
    let (pairwise, bcubed) = scores(labels, truthLabels)
    print(
        "\(method) distance \(grouping.distance)\(option("--halves").map { " halves \($0)" } ?? ""):",
        "\(descriptors.count) faces, \(order.count) groups, pairwise F \(String(format: "%.4f", pairwise)),",
        "BCubed F \(String(format: "%.4f", bcubed)), \(String(format: "%.2f", seconds)) s")
case "synthetic":
    let peopleCount = Int(option("--people") ?? "9000") ?? 9000
    let singletons = Int(option("--singletons") ?? "10000") ?? 10000
    let large = Int(option("--large") ?? "0") ?? 0
    let dimension = 128
    var random = SplitMix(state: UInt64(option("--seed") ?? "1") ?? 1)
    func normal() -> Float {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random)
        let v = Double.random(in: 0..<1, using: &random)
        return Float((-2 * log(u)).squareRoot() * cos(2 * Double.pi * v))
    }
    func unitRandom() -> [Float] { (0..<dimension).map { _ in normal() } }
    // SFace's same-person pair distances on identity-dev, quantiles 0, 5, 25, 50, 75, 95, 100 % (`dev` prints them),
    // drawn by linear interpolation between them.
    let pairQuantiles: [Float] = [0.35, 0.619, 0.735, 0.812, 0.891, 1.016, 1.25]
    func pairDistance() -> Float {
        let u = Float.random(in: 0..<1, using: &random)
        let steps: [Float] = [0, 0.05, 0.25, 0.5, 0.75, 0.95, 1]
        var k = 0
        while k + 2 < steps.count && u >= steps[k + 1] { k += 1 }
        let t = (u - steps[k]) / (steps[k + 1] - steps[k])
        return pairQuantiles[k] + t * (pairQuantiles[k + 1] - pairQuantiles[k])
    }
    var items: [([Float], Int)] = []
    for p in 0..<(peopleCount + (large > 0 ? 1 : 0)) {
        let centre = unitRandom()
        let length = centre.reduce(0) { $0 + $1 * $1 }.squareRoot()
        for _ in 0..<(p == peopleCount ? large : Int.random(in: 2...18, using: &random)) {
            // A copy at distance r = d/√2 from the centre (two such copies lie about d apart): noise of length s
            // with r² = 2 − 2/√(1 + s²).
            let r = pairDistance() / Float(2).squareRoot()
            let c = 1 - r * r / 2
            let s = (1 / (c * c) - 1).squareRoot()
            let noise = unitRandom()
            let noiseLength = noise.reduce(0) { $0 + $1 * $1 }.squareRoot()
            items.append((zip(centre, noise).map { $0 / length + s * $1 / noiseLength }, p))
        }
    }
    for k in 0..<singletons { items.append((unitRandom(), peopleCount + 1 + k)) }
    items.shuffle(using: &random)
    let descriptors = items.map { FaceDescriptor($0.0)! }
    let truth = items.map(\.1)
    items = []
    let grouping = FaceGrouping(distance: Float(option("--distance") ?? "") ?? FaceGrouping.defaultDistance)
    let before = peakMegabytes()
    let cpuStart = RepeatedTiming.processCPUSeconds()
    let start = ContinuousClock.now
    let labels = grouping.groups(descriptors, threads: threads)
    let elapsed = ContinuousClock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let cpu = RepeatedTiming.processCPUSeconds() - cpuStart
    let (pairwise, bcubed) = scores(labels, truth)
    print(
        "synthetic: \(descriptors.count) descriptors (\(peopleCount) people, \(singletons) singletons,",
        "one person of \(large)),",
        "distance \(grouping.distance), threads \(threads): \(String(format: "%.2f", seconds)) s wall,",
        "\(String(format: "%.2f", cpu)) s CPU, \(Set(labels).count) groups, pairwise F \(String(format: "%.4f", pairwise)),",
        "BCubed F \(String(format: "%.4f", bcubed)); peak RSS \(String(format: "%.0f", peakMegabytes())) MB",
        "(\(String(format: "%.0f", before)) MB before grouping)")
default:
    BenchmarkArguments.fail("usage: group-bench dev|synthetic [options]")
}

/// A reproducible generator (SplitMix64).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
