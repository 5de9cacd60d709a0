import AppFlipKit
import Foundation
import HTTPServer
import JOSE
import Support

/// Every parser that takes outside input, one fuzz target each (docs/hardening.md). A target must never
/// crash, hang or trip AddressSanitizer, whatever the bytes; where a parser has a round-trip
/// property, the target checks it too (a violated `precondition` is a finding).
enum FuzzTarget: String, CaseIterable {
    case httpWire = "http-wire"
    case httpRequest = "http-request"
    case form
    case cookies
    case json
    case jws
    case jwk
    case appFlip = "app-flip"
    case pemDER = "pem-der"
    case cbor
    case authenticatorData = "authenticator-data"
    case attestationObject = "attestation-object"

    func run(_ data: [UInt8]) {
        switch self {
        case .httpWire: WireTarget.shared.run(data)
        case .httpRequest: Self.httpRequest(data)
        case .form: Self.form(data)
        case .cookies: _ = HTTPRequest(method: "GET", path: "/", headers: ["Cookie": Self.text(data)]).cookies
        case .json: Self.json(data)
        case .jws: Self.jws(data)
        case .jwk: Self.jwk(data)
        case .appFlip: Self.appFlip(data)
        case .pemDER: Self.pemDER(data)
        case .cbor: Self.cbor(data)
        case .authenticatorData: Self.authenticatorData(data)
        case .attestationObject: Self.attestationObject(data)
        }
    }

    static func text(_ data: [UInt8]) -> String { String(decoding: data, as: UTF8.self) }

    /// Head lines become headers; after an empty line, the body. The first line is `METHOD TARGET`.
    static func httpRequest(_ data: [UInt8]) {
        let parts = text(data).components(separatedBy: "\n\n")
        var lines = parts[0].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = lines.isEmpty ? [] : lines.removeFirst().split(separator: " ", maxSplits: 1).map(String.init)
        var headers = HTTPHeaders()
        for line in lines {
            let pair = line.split(separator: ":", maxSplits: 1).map(String.init)
            headers.add(pair.first ?? "", pair.count > 1 ? pair[1] : "")
        }
        let target = first.count > 1 ? first[1] : "/"
        let query = target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        let request = HTTPRequest(method: first.first ?? "GET", path: target, rawQuery: query, headers: headers,
                                  body: Array(parts.dropFirst().joined(separator: "\n\n").utf8))
        _ = (request.form?.duplicatedNames, request.query.duplicatedNames, request.mediaType, request.cookies)
        _ = try? request.decodeJSON([String: String].self)
        headers.replaceOrAdd("X-A", "b")
        headers.remove("Cookie")
    }

    /// Parsing what we encoded gives back the same pairs.
    static func form(_ data: [UInt8]) {
        let parsed = FormParameters.parse(text(data))
        let again = FormParameters.parse(parsed.encoded)
        precondition(again.encoded.utf8.elementsEqual(parsed.encoded.utf8), "form round trip")
        _ = FormEncoding.decodeComponent(text(data), plusIsSpace: false)
    }

    /// What parses serializes to text that parses to the same value.
    /// Also the located parse of configuration files: it agrees with the plain one, and its position
    /// is inside the input (line ≥ 1, column ≥ 1).
    static func json(_ data: [UInt8]) {
        let located: JSONValue?
        do { located = try JSONValue(parsingLocated: data) } catch {
            precondition(error.line >= 1 && error.column >= 1 && error.line <= data.count + 1, "JSON error position")
            located = nil
        }
        guard let value = try? JSONValue(parsing: data) else {
            precondition(located == nil, "located parse accepted what the plain one refused")
            return
        }
        precondition(located == value, "located parse differs")
        let again = try? JSONValue(parsing: Array(value.serialized.utf8))
        precondition(again == value, "JSON round trip")
    }

    static func jws(_ data: [UInt8]) {
        guard let jws = try? CompactJWS(parsing: text(data)) else { return }
        _ = try? jws.claims()
    }

    static func jwk(_ data: [UInt8]) {
        if let key = try? JWK(json: text(data)) { _ = try? key.signingKey() }
        if let set = try? JWKSet(json: data) { _ = set }
    }

    static func appFlip(_ data: [UInt8]) {
        let raw = text(data)
        _ = try? AppFlipQuery.parse(raw)
        _ = try? AppFlipRequest(rawQuery: raw, expectedClientID: "client")
        if let url = URL(string: "https://app.example/flip?" + raw) {
            _ = try? AppFlipRequest(url: url, expectedClientID: "client")
            _ = try? AppFlipResponse(returnURL: url)
        }
    }

    static func pemDER(_ data: [UInt8]) {
        _ = try? PEM.decode(text(data))
        _ = try? RSAPublicKey(spkiDER: data)
        _ = try? P256PublicKey(spkiDER: data)
        _ = try? RSAPrivateKey(der: data)
        _ = try? P256PrivateKey(der: data)
        _ = try? RSAPublicKey(pem: text(data))
        _ = try? P256PrivateKey(pem: text(data))
    }
}
