import CCurl
import Foundation

/// SMTP through libcurl (the protocol is libcurl's, not ours). `smtps://` is TLS from the start;
/// `smtp://` upgrades with STARTTLS (RFC 3207): when the server offers it on a loopback host, always
/// elsewhere (CURLUSESSL_ALL: no mail in clear over a network). User and password come from the URL.
public struct CurlSMTPTransport: SMTPTransport {
    public let url: String
    public let requireTLS: Bool
    /// PEM CAs to trust instead of the system's (CURLOPT_CAINFO); the certificate is always verified.
    public let caFile: String?
    public let connectTimeout: Int
    public let timeout: Int

    public init(url: String, requireTLS: Bool, caFile: String? = nil, connectTimeout: Int = 10, timeout: Int = 60) {
        Self.initialize
        self.url = url
        self.requireTLS = requireTLS
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.timeout = timeout
    }

    /// curl_global_init is not thread-safe: once, before any handle.
    private static let initialize: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    public func send(from: String, to: String, message: [UInt8]) -> SMTPOutcome {
        guard let easy = CurlEasy() else { return .notDelivered("curl_easy_init failed") }
        let body = UploadBody(message)
        let recipients = CurlList(["<\(to)>"])
        let setup = [
            al_curl_setopt_string(easy.handle, CURLOPT_URL, url),
            al_curl_setopt_string(easy.handle, CURLOPT_MAIL_FROM, "<\(from)>"),
            al_curl_setopt_slist(easy.handle, CURLOPT_MAIL_RCPT, recipients.list),
            al_curl_setopt_long(easy.handle, CURLOPT_USE_SSL, Int(requireTLS ? CURLUSESSL_ALL.rawValue : CURLUSESSL_TRY.rawValue)),
            al_curl_setopt_long(easy.handle, CURLOPT_UPLOAD, 1),
            al_curl_setopt_long(easy.handle, CURLOPT_NOSIGNAL, 1),
            al_curl_setopt_long(easy.handle, CURLOPT_CONNECTTIMEOUT, connectTimeout),
            al_curl_setopt_long(easy.handle, CURLOPT_TIMEOUT, timeout),
            al_curl_setopt_read(easy.handle, uploadRead),
        ] + (caFile.map { [al_curl_setopt_string(easy.handle, CURLOPT_CAINFO, $0)] } ?? [])
        guard setup.allSatisfy({ $0 == CURLE_OK }) else { return .notDelivered("curl option refused") }
        let code: CURLcode = withExtendedLifetime(body) {
            _ = al_curl_setopt_pointer(easy.handle, CURLOPT_READDATA, Unmanaged.passUnretained(body).toOpaque())
            return curl_easy_perform(easy.handle)
        }
        var reply = 0
        _ = al_curl_response_code(easy.handle, &reply)
        return Self.classify(code, reply: reply, text: String(cString: curl_easy_strerror(code)))
    }

    /// `classify` by libcurl's numeric result code (for tests, which do not import CCurl).
    static func classify(rawCode: UInt32, reply: Int, text: String) -> SMTPOutcome {
        classify(CURLcode(rawCode), reply: reply, text: text)
    }

    /// Only a final 2xx is delivered; any 4xx/5xx reply or a failure before the server said anything
    /// useful is certain; a break after MAIL/RCPT/DATA were accepted (250, 354) is unknown.
    static func classify(_ code: CURLcode, reply: Int, text: String) -> SMTPOutcome {
        let detail = "curl \(code.rawValue) (\(text)), last reply \(reply)"
        if code == CURLE_OK { return .delivered("\(reply)") }
        switch reply {
        case 500...599: return .rejected(detail)
        case 400...499, 0, 220, 221: return .notDelivered(detail)
        default: return [CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_LOGIN_DENIED, CURLE_USE_SSL_FAILED,
                         CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION].contains(code)
            ? .notDelivered(detail) : .unknown(detail)
        }
    }
}

/// libcurl's read callback: copies the next slice of the message (size · count bytes at most).
private let uploadRead: al_curl_read_callback = { buffer, size, count, userdata in
    guard let buffer, let userdata else { return 0 }
    let body = Unmanaged<UploadBody>.fromOpaque(userdata).takeUnretainedValue()
    return body.read(into: buffer, capacity: size * count)
}

private final class UploadBody {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}

/// A curl easy handle, cleaned up in deinit (docs/architecture.md rule 11).
private final class CurlEasy {
    let handle: UnsafeMutableRawPointer

    init?() {
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
    }

    deinit { curl_easy_cleanup(handle) }
}

/// A curl_slist, freed in deinit.
private final class CurlList {
    private(set) var list: UnsafeMutablePointer<curl_slist>?

    init(_ items: [String]) {
        for item in items { list = curl_slist_append(list, item) }
    }

    deinit { curl_slist_free_all(list) }
}
