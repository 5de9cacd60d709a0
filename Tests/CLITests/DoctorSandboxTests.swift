import Foundation
import Operations
import Settings
import Testing

/// `doctor`'s database check against the packaged unit's sandbox (packaging/debian/accountlink.service:
/// ProtectSystem=strict, ReadWritePaths=/var/lib/accountlink): a database elsewhere cannot be written by
/// the service even when the file modes allow it.
@Suite struct DoctorSandboxTests {
    static let unit = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("packaging/debian/accountlink.service").path

    static func configuration(_ folder: URL) throws -> ServerConfiguration {
        try ConfigurationLoader(environment: ["ACCOUNTLINK_DATABASE": "sqlite:" + folder.appendingPathComponent("db.sqlite").path],
                                flags: [:]).load()
    }

    @Test func aDatabaseOutsideTheUnitsWritablePathsIsAFinding() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = try Self.configuration(folder)
        #expect(Doctor.databaseWritable(configuration, units: []).ok, "writable without a sandbox")
        let sandboxed = Doctor.databaseWritable(configuration, units: [Self.unit])
        #expect(!sandboxed.ok)
        #expect(sandboxed.message.contains("/var/lib/accountlink"), "\(sandboxed.message)")
        #expect(sandboxed.fix.contains("ReadWritePaths"))
    }
}
