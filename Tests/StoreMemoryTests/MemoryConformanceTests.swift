import OAuthCore
import StoreConformance
import StoreMemory
import Testing

/// The shared storage suite against the reference store (docs/architecture.md rule 6).
@Suite struct MemoryConformanceTests {
    @Test(arguments: StoreConformance.cases.map(\.name))
    func conformance(_ name: String) throws {
        try StoreConformance.run(name, on: MemoryStorage())
    }
}
