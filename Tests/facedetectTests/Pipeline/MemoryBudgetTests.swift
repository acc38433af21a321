import Foundation
import Synchronization
import Testing

@testable import FaceDetectCLI

@Suite("the memory budget: huge images wait for each other, small ones pass")
struct MemoryBudgetTests {
    @Test func aSecondHugeImageWaitsForTheFirst() throws {
        let budget = MemoryBudget(total: 100)
        let first = budget.reserve(70)
        #expect(first == 70)
        #expect(budget.reserve(30) == 30)  // fits beside it: no wait
        budget.release(30)
        let second = Atomic<Int>(0)
        let thread = Thread {
            second.store(budget.reserve(60), ordering: .sequentiallyConsistent)
        }
        thread.start()
        usleep(100_000)
        #expect(second.load(ordering: .sequentiallyConsistent) == 0, "reserved beside 70 of 100")
        budget.release(first)
        var waited = 0
        while second.load(ordering: .sequentiallyConsistent) == 0 && waited < 5_000 {
            usleep(1_000)
            waited += 1
        }
        #expect(second.load(ordering: .sequentiallyConsistent) == 60)
        // More than the whole budget is capped to it (the image runs alone).
        budget.release(60)
        #expect(budget.reserve(1_000) == 100)
    }
}
