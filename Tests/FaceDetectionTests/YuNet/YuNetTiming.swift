import Foundation
import Testing

@testable import FaceDetection

/// Opt-in timing (release: `swift test -c release -Xswiftc -enable-testing --filter yunetTiming`):
/// YUNET_BENCH=<binary PPM> runs both models 5 times at 1 and 2 threads and prints the median ms.
@Test(.enabled(if: ProcessInfo.processInfo.environment["YUNET_BENCH"] != nil))
func yunetTiming() throws {
    let data = Array(try Data(contentsOf: URL(fileURLWithPath: ProcessInfo.processInfo.environment["YUNET_BENCH"]!)))
    // Binary PPM "P6\n<w> <h>\n255\n" then RGB bytes.
    var fields: [String] = []
    var i = 0
    while fields.count < 4 {
        while data[i] == 0x20 || data[i] == 0x0A { i += 1 }
        var s = ""
        while data[i] != 0x20 && data[i] != 0x0A {
            s.append(Character(UnicodeScalar(data[i])))
            i += 1
        }
        fields.append(s)
    }
    let w = Int(fields[1])!
    let h = Int(fields[2])!
    let image = Image(width: w, height: h, pixels: Array(data[(i + 1)..<(i + 1 + w * h * 3)]))
    for (name, model) in [("yunet_n", BuiltinModels.yunetN), ("yunet_s", BuiltinModels.yunetS)] {
        let net = try model.get()
        for threads in [1, 2] {
            var times: [Double] = []
            for _ in 0..<5 {
                let t = DispatchTime.now().uptimeNanoseconds
                _ = net.run(on: image, threads: threads)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6)
            }
            print("\(name) \(w)x\(h) threads \(threads): median \(times.sorted()[2]) ms")
        }
    }
}
