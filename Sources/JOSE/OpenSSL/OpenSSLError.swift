import COpenSSL

/// Return codes become Swift errors on the line they are read (docs/architecture.md rule 11).
enum OpenSSL {
    /// Drains OpenSSL's thread-local error queue into one readable line.
    static func failure(_ what: String, code: JOSEError.Code = .cryptoFailure) -> JOSEError {
        var details: [String] = []
        while true {
            let err = ERR_get_error()
            if err == 0 { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(err, &buffer, buffer.count)
            details.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let suffix = details.isEmpty ? "" : " (\(details.joined(separator: "; ")))"
        return JOSEError(code, "\(what) failed\(suffix)")
    }

    static func check(_ rc: Int32, _ what: String, code: JOSEError.Code = .cryptoFailure) throws(JOSEError) {
        if rc != 1 { throw failure(what, code: code) }
    }

    static func clearErrors() { ERR_clear_error() }
}
