import Foundation
import HTTPServer
import OAuthCore
import Operations

extension AdminAPI {
    /// `POST /admin/clients` body: the field names of `client list --json` plus `google_project`.
    struct NewClient: AdminBody {
        let id: String
        let name: String
        var redirect_uris: [String]?
        var scopes: [String]?
        var `public`: Bool?
        var first_party: Bool?
        var app_flip: Bool?
        var rotate_refresh_tokens: Bool?
        var google_project: String?
        var resource_server: Bool?
        var client_credentials: Bool?
        var id_token_signed_response_alg: String?
        var web_origins: [String]?
        var backchannel_logout_uri: String?
        var client_secret: String?
        static let members: Set<String> = [
            "id", "name", "redirect_uris", "scopes", "public", "first_party", "app_flip", "rotate_refresh_tokens",
            "google_project", "resource_server", "client_credentials", "id_token_signed_response_alg", "web_origins",
            "backchannel_logout_uri", "client_secret",
        ]
        static let shape = "a JSON object with at least id and name"
    }

    /// `PATCH /admin/clients/{id}` body: `POST`'s fields but the id, `public` and the secret (which a change
    /// cannot make: register a new client), each replacing the stored one.
    struct ClientChange: AdminBody {
        var name: String?
        var redirect_uris: [String]?
        var scopes: [String]?
        var first_party: Bool?
        var app_flip: Bool?
        var rotate_refresh_tokens: Bool?
        var google_project: String?
        var resource_server: Bool?
        var client_credentials: Bool?
        var id_token_signed_response_alg: String?
        var web_origins: [String]?
        /// An empty string removes it.
        var backchannel_logout_uri: String?
        static let members: Set<String> = [
            "name", "redirect_uris", "scopes", "first_party", "app_flip", "rotate_refresh_tokens", "google_project",
            "resource_server", "client_credentials", "id_token_signed_response_alg", "web_origins",
            "backchannel_logout_uri",
        ]
        static let shape = "a JSON object of the client's fields to change"

        var update: ClientUpdate {
            var update = ClientUpdate()
            update.name = name
            update.redirectURIs = redirect_uris
            update.scopes = scopes
            update.webOrigins = web_origins
            update.googleProject = google_project
            update.firstParty = first_party
            update.appFlip = app_flip
            update.rotateRefreshTokens = rotate_refresh_tokens
            update.resourceServer = resource_server
            update.clientCredentials = client_credentials
            update.idTokenSignedResponseAlg = id_token_signed_response_alg
            update.backchannelLogoutURI = backchannel_logout_uri
            return update
        }
    }

    /// The client as `client list --json` shows it, plus its secret once.
    struct CreatedClient: Encodable {
        let client: ClientView
        let client_secret: String?

        func encode(to encoder: any Encoder) throws {
            try client.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encodeIfPresent(client_secret, forKey: .client_secret)
        }

        enum Key: String, CodingKey { case client_secret }
    }

    func clients(_ request: HTTPRequest, _ path: [String]) throws -> HTTPResponse {
        let storage = runtime.storage
        switch (request.method, path.count) {
        case ("GET", 0): return Self.ok(try storage.listClients().map(ClientView.init))
        case ("POST", 0): return try addClient(request)
        case ("GET", 1):
            guard let client = try storage.client(id: path[0]) else { throw AdminFailure.notFound("client \(path[0])") }
            return Self.ok(ClientView(client))
        case ("PATCH", 1): return try changeClient(path[0], request)
        case ("DELETE", 1):
            guard try ClientRegistration.remove(id: path[0], runtime, actor: Self.actor) else {
                throw AdminFailure.notFound("client \(path[0])")
            }
            return .empty(204)
        case (_, 0), (_, 1): throw AdminFailure(405, "method_not_allowed", "\(request.method) is not allowed here")
        default: throw AdminFailure.notFound("such client resource")
        }
    }

    func addClient(_ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.body(request, NewClient.self)
        var registration = ClientRegistration(id: body.id, name: body.name)
        registration.redirectURIs = body.redirect_uris ?? []
        registration.scopes = body.scopes ?? []
        registration.isPublic = body.public ?? false
        registration.firstParty = body.first_party ?? false
        registration.appFlip = body.app_flip ?? false
        registration.rotateRefreshTokens = body.rotate_refresh_tokens ?? false
        registration.googleProject = body.google_project
        registration.resourceServer = body.resource_server ?? false
        registration.clientCredentials = body.client_credentials ?? false
        registration.idTokenSignedResponseAlg = body.id_token_signed_response_alg ?? Client.defaultIDTokenAlg
        registration.webOrigins = body.web_origins ?? []
        registration.backchannelLogoutURI = body.backchannel_logout_uri
        registration.secret = body.client_secret
        do {
            let (client, secret) = try registration.register(runtime, actor: Self.actor)
            // A secret the caller chose is not echoed back.
            return Self.ok(CreatedClient(client: ClientView(client), client_secret: body.client_secret == nil ? secret : nil),
                           status: 201)
        } catch .conflict(let text) {
            throw AdminFailure(409, "conflict", text)
        } catch {
            throw AdminFailure.invalid(error.message)
        }
    }

    /// Tokens already issued stay valid (ClientUpdate).
    func changeClient(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
        let body = try Self.body(request, ClientChange.self)
        guard try runtime.storage.client(id: id) != nil else { throw AdminFailure.notFound("client \(id)") }
        do {
            return Self.ok(ClientView(try body.update.apply(to: id, runtime, actor: Self.actor)))
        } catch {
            throw AdminFailure.invalid(error.message)
        }
    }
}
