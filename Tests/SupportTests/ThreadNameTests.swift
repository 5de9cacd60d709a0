import Foundation
import Testing

@testable import Support

/// The store's threads carry names the operator's tools show (`ps -L`, `top -H`, perf): Foundation's
/// `Thread.name` does not reach the kernel on Linux, ThreadName writes it there.
@Suite struct ThreadNameTests {
    @Test func aThreadNamesItselfAndTheKernelKeepsFifteenBytes() async throws {
        let names = await withCheckedContinuation { (done: CheckedContinuation<[String?], Never>) in
            Thread.detachNewThread {
                let before = ThreadName.current()
                ThreadName.set("al.test.name")
                let named = ThreadName.current()
                ThreadName.set("al.a.name.longer.than.the.kernel.keeps")
                done.resume(returning: [before, named, ThreadName.current()])
            }
        }
        #expect(names[0] != "al.test.name")
        #expect(names[1] == "al.test.name")
        #expect(names[2] == "al.a.name.longe", "the first 15 bytes")
    }

    @Test func foundationsThreadNameAloneDoesNotReachTheKernel() async throws {
        // Why ThreadName exists: if this starts failing, Foundation names threads itself and ThreadName can go.
        let name = await withCheckedContinuation { (done: CheckedContinuation<String?, Never>) in
            let thread = Thread { done.resume(returning: ThreadName.current()) }
            thread.name = "al.foundation"
            thread.start()
        }
        #expect(name != "al.foundation")
    }

    @Test func storeThreadsRunTheirJobsOnThreadsOfTheirName() async throws {
        let threads = StoreThreads(limit: 2, name: "al.test.store")
        defer { threads.stop() }
        let name = await Task(executorPreference: threads) { ThreadName.current() }.value
        #expect(name == "al.test.store")
        #expect(ThreadName.all().contains("al.test.store"), "listed among the process's threads")
    }
}
