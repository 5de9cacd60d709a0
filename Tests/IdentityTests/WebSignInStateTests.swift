import Foundation
import OAuthCore
import Support
import Testing
@testable import Identity

/// The web sign-in's `state` (docs/sign-in.md, Web): single use, taken atomically, bound to the browser
/// that started, for its provider, for ten minutes.
@Suite struct WebSignInStateTests {
    func states(_ h: Harness) -> WebSignInStates {
        WebSignInStates(storage: h.storage, clock: h.clock, random: h.random)
    }

    @Test func theStateWorksOnceForTheBrowserThatStarted() throws {
        let h = try Harness()
        let started = try states(h).begin(provider: "google", interaction: "i-1", addToAccount: nil,
                                          codeVerifier: "verifier", binding: nil)
        #expect(started.binding.utf8.count >= 43)
        #expect(states(h).take(state: started.state, provider: "google", binding: started.binding) == started.record)
        #expect(states(h).take(state: started.state, provider: "google", binding: started.binding) == nil,
                "a second use is refused")
    }

    @Test func aBrowserKeepsItsBindingAcrossTabs() throws {
        let h = try Harness()
        let first = try states(h).begin(provider: "apple", interaction: nil, addToAccount: nil, binding: nil)
        let second = try states(h).begin(provider: "apple", interaction: nil, addToAccount: nil, binding: first.binding)
        #expect(second.binding == first.binding)
        #expect(try states(h).begin(provider: "apple", interaction: nil, addToAccount: nil, binding: "short").binding != "short")
        #expect(states(h).take(state: first.state, provider: "apple", binding: first.binding) != nil)
        #expect(states(h).take(state: second.state, provider: "apple", binding: first.binding) != nil)
    }

    @Test func anotherBrowserAnotherProviderOrALateCallbackIsRefused() throws {
        let h = try Harness()
        let s = states(h)
        let a = try s.begin(provider: "apple", interaction: nil, addToAccount: nil, binding: nil)
        #expect(s.take(state: a.state, provider: "apple", binding: h.random.token()) == nil, "other browser")
        let b = try s.begin(provider: "apple", interaction: nil, addToAccount: nil, binding: nil)
        #expect(s.take(state: b.state, provider: "google", binding: b.binding) == nil, "other provider")
        let c = try s.begin(provider: "apple", interaction: nil, addToAccount: nil, binding: nil)
        #expect(s.take(state: c.state, provider: "apple", binding: nil) == nil, "no binding cookie")
        let d = try s.begin(provider: "apple", interaction: nil, addToAccount: nil, binding: nil)
        h.clock.advance(by: WebSignInStates.lifetime + 1)
        #expect(s.take(state: d.state, provider: "apple", binding: d.binding) == nil, "expired")
        #expect(s.take(state: "", provider: "apple", binding: d.binding) == nil)
        #expect(s.take(state: nil, provider: "apple", binding: d.binding) == nil)
    }

    @Test func ofConcurrentCallbacksWithOneStateExactlyOneFinishes() async throws {
        let h = try Harness()
        let s = states(h)
        for _ in 0..<5 {
            let started = try s.begin(provider: "google", interaction: nil, addToAccount: nil, binding: nil)
            let winners = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 {
                    group.addTask { s.take(state: started.state, provider: "google", binding: started.binding) != nil }
                }
                return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(winners == 1)
        }
    }
}
