import Dispatch
import Foundation
import Support
import Synchronization
import Testing

/// The one loop of the mail outbox and event workers (Sources/Support/NudgedLoop.swift), on a real thread.
/// The interval is an hour, so every pass after the first is one a nudge caused.
@Suite struct NudgedLoopTests {
    @Test func aPassRunsAtStartAndOnEveryNudgeUntilStopped() throws {
        let passes = Mutex(0)
        let ran = DispatchSemaphore(value: 0)
        let loop = NudgedLoop(name: "test-nudged", interval: 3600) { _ in
            passes.withLock { $0 += 1 }
            ran.signal()
        }
        loop.start()
        #expect(ran.wait(timeout: .now() + 10) == .success)
        loop.nudge()
        #expect(ran.wait(timeout: .now() + 10) == .success)
        loop.stop()
        loop.nudge()
        #expect(ran.wait(timeout: .now() + 0.5) == .timedOut)
        #expect(passes.withLock { $0 } == 2)
    }

    @Test func aPassCanNudgeTheLoopForWorkItLeftRunning() throws {
        let passes = Mutex(0)
        let third = DispatchSemaphore(value: 0)
        let loop = NudgedLoop(name: "test-nudged", interval: 3600) { loop in
            let count = passes.withLock { $0 += 1; return $0 }
            if count < 3 { DispatchQueue.global().async { loop.nudge() } } else { third.signal() }
        }
        loop.start()
        defer { loop.stop() }
        #expect(third.wait(timeout: .now() + 10) == .success)
    }
}
