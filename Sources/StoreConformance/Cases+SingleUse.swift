import Foundation
import OAuthCore

extension StoreConformance {
    /// docs/sign-in.md, Web: the web sign-in state is taken atomically, so of two callbacks racing with one `state`
    /// only one can finish the sign-in (RFC 9700 §4.7).
    static let singleUseCases: [ConformanceCase] = [
        ConformanceCase("concurrency: 8 threads taking one interaction, exactly one gets it") { s in
            for round in 0..<5 {
                let interaction = Fixture.interaction("web:race-\(round)")
                try s.insertInteraction(interaction)
                let taken = try race { _ in try s.takeInteraction(id: "web:race-\(round)") }
                try expectEqual(taken.compactMap { $0 }, [interaction], "round \(round): takers")
            }
        },
    ]
}
