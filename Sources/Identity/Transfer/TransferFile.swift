import Foundation

/// The transfer file: one JSON object per line (`AppleTeamTransfer.Entry`), written line by line so that
/// an interrupted export keeps every line it finished. A last line cut short by a crash is dropped.
enum TransferFile {
    static func read(_ file: URL) throws -> [AppleTeamTransfer.Entry] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw AppleTeamTransfer.Failure.badFile("cannot read \(file.path)")
        }
        var lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if data.last != UInt8(ascii: "\n") { lines.removeLast() }  // unfinished (or empty) last line
        var entries: [AppleTeamTransfer.Entry] = []
        for (number, line) in lines.enumerated() where !line.isEmpty {
            guard let entry = try? JSONDecoder().decode(AppleTeamTransfer.Entry.self, from: Data(line)) else {
                throw AppleTeamTransfer.Failure.badFile("\(file.path) line \(number + 1) is not a transfer entry")
            }
            entries.append(entry)
        }
        return entries
    }

    /// Appends whole lines; a file that ends in an unfinished line is first cut back to its last full line.
    final class Appender {
        private let handle: FileHandle

        init(_ file: URL) throws {
            let manager = FileManager.default
            if !manager.fileExists(atPath: file.path) {
                guard manager.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                    throw AppleTeamTransfer.Failure.badFile("cannot create \(file.path)")
                }
            }
            guard let handle = FileHandle(forUpdatingAtPath: file.path) else {
                throw AppleTeamTransfer.Failure.badFile("cannot write \(file.path)")
            }
            self.handle = handle
            let data = try handle.readToEnd() ?? Data()
            let keep = data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            try handle.truncate(atOffset: UInt64(keep))
            try handle.seek(toOffset: UInt64(keep))
        }

        deinit { try? handle.close() }

        func append(_ entry: AppleTeamTransfer.Entry) throws {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            try handle.write(contentsOf: try encoder.encode(entry) + Data("\n".utf8))
            try handle.synchronize()
        }
    }
}
