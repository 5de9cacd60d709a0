import Foundation
import JOSE
import Support
import Synchronization

/// A key ring that cannot be used: the master key does not open the stored keys, or no key is active.
public struct SigningKeyRingError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Our ID-token signing keys, beside the token code that uses them: the active one signs; retired ones
/// stay published at `/jwks.json` until every token they signed has expired (rotation with overlap,
/// OIDC Core §10.1.1). Private halves are kept sealed with the master key in the store and opened only
/// in memory (docs/operations.md).
public final class SigningKeyRing: Sendable {
    public struct Loaded: Sendable {
        /// Signs what names no algorithm (client_credentials access tokens): the active RS256 key.
        public let active: SigningKey
        public let published: [SigningKey]
        /// The active key of each algorithm: a client's ID tokens use the one of its
        /// `id_token_signed_response_alg`.
        public let activeByAlgorithm: [String: SigningKey]
    }

    /// The signing-key records, and a transaction for a rotation's retire-and-insert.
    public typealias Store = SigningKeyStore & Transacting

    private let storage: any Store
    private let masterKey: [UInt8]
    private let clock: any Clock
    private let random: any RandomSource
    /// How long a retired key stays published: the longest lifetime of anything it signed, plus leeway.
    private let overlap: TimeInterval
    private let cache = Mutex<Loaded?>(nil)

    public init(storage: any Store, masterKey: [UInt8], clock: any Clock, random: any RandomSource,
                overlap: TimeInterval) {
        self.storage = storage
        self.masterKey = masterKey
        self.clock = clock
        self.random = random
        self.overlap = overlap
    }

    /// The keys as last loaded; loads them (creating the first key) only when nothing is cached.
    /// It never touches the store once loaded, because ID tokens are signed inside storage
    /// transactions; `refresh()` picks up rotations made elsewhere (the server calls it periodically).
    public func current() throws -> Loaded {
        if let loaded = cache.withLock({ $0 }) { return loaded }
        return try refresh()
    }

    /// Opens the newest stored key with the master key: a wrong key is one clear line naming the
    /// setting (README "Configuration"), not a raw AES-GCM failure at the first signature.
    public func checkMasterKey() throws {
        guard let newest = try storage.signingKeys().first else { return }
        do {
            _ = try SigningKey(sealedPrivateKey: newest.encryptedPrivateKey, masterKey: masterKey, keyID: newest.kid)
        } catch {
            throw SigningKeyRingError(
                "ACCOUNTLINK_MASTER_KEY is not the key this database was sealed with (the stored signing keys do not decrypt); use the original master key")
        }
    }

    /// Reloads from the store, creating an RS256 key when none is active (the first start, or a
    /// store whose RS256 key an ES256 rotation retired before keys were kept per algorithm):
    /// OIDC Core §15.1 makes RS256 the algorithm every relying party can verify.
    @discardableResult
    public func refresh() throws -> Loaded {
        let hasRS256 = try storage.signingKeys().contains {
            $0.retiredAt == nil && $0.algorithm.sameBytes(JWSAlgorithm.rs256.rawValue)
        }
        if !hasRS256 { _ = try rotate() }
        let loaded = try load(at: clock.now())
        cache.withLock { $0 = loaded }
        return loaded
    }

    func load(at now: Date) throws -> Loaded {
        let stored = try storage.signingKeys()
        let visible = stored.filter { $0.removeAfter.map { $0 > now } ?? true }
        let keys = try visible.map {
            try SigningKey(sealedPrivateKey: $0.encryptedPrivateKey, masterKey: masterKey, keyID: $0.kid)
        }
        var active: [String: SigningKey] = [:]
        for (record, key) in zip(visible, keys) where record.retiredAt == nil && active[key.algorithm.rawValue] == nil {
            active[key.algorithm.rawValue] = key
        }
        guard let rs256 = active[JWSAlgorithm.rs256.rawValue] else {
            throw SigningKeyRingError("no active RS256 signing key; run `accountlink keys rotate`")
        }
        return Loaded(active: rs256, published: keys, activeByAlgorithm: active)
    }

    /// Makes a new active key of `algorithm` and retires the previous key of that algorithm,
    /// atomically; the active key of the other algorithm stays. Returns the new key's kid.
    @discardableResult
    public func rotate(_ algorithm: JWSAlgorithm = .rs256) throws -> String {
        let now = clock.now()
        let key = try SigningKey.generate(algorithm)
        let record = StoredSigningKey(
            kid: key.keyID, algorithm: key.algorithm.rawValue,
            encryptedPrivateKey: try key.sealedPrivateKey(masterKey: masterKey, random: random),
            publicJWK: key.publicJWK.serialized, createdAt: now)
        try storage.transaction { tx in
            for var old in try tx.signingKeys() where old.retiredAt == nil && old.algorithm.sameBytes(record.algorithm) {
                old.retiredAt = now
                old.removeAfter = now.addingTimeInterval(overlap)
                try tx.updateSigningKey(old)
            }
            try tx.insertSigningKey(record)
        }
        cache.withLock { $0 = nil }
        return key.keyID
    }

    /// `GET /jwks.json`: the public halves of the published keys.
    public func publicJWKS() throws -> String { try current().published.jwkSet.serialized }
}
