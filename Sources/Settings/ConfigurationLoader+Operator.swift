extension ConfigurationLoader {
    /// Operator settings (docs/operations.md): the admin listener and its token, trusted proxies, where
    /// `/metrics` lives.
    func addOperatorSettings(_ configuration: inout ServerConfiguration) throws {
        let token = value(Self.adminToken)
        configuration.trustedProxies = list(Self.trustedProxies)
        let placement = value(Self.metricsListener) ?? "public"
        guard ["public", "admin"].contains(placement) else {
            throw ConfigurationError(key: name(Self.metricsListener), "must be public or admin")
        }
        guard let listen = value(Self.adminListen) else {
            if token != nil {
                throw ConfigurationError(key: name(Self.adminToken), "is set but ACCOUNTLINK_ADMIN_LISTEN is not")
            }
            if placement == "admin" {
                throw ConfigurationError(key: name(Self.metricsListener), "admin needs ACCOUNTLINK_ADMIN_LISTEN")
            }
            return
        }
        let (host, port) = try parseListen(listen, setting: Self.adminListen)
        guard let token else {
            throw ConfigurationError(key: Self.adminToken.env, "is required when ACCOUNTLINK_ADMIN_LISTEN is set")
        }
        guard token.count >= 32 else {
            throw ConfigurationError(key: name(Self.adminToken), "must have at least 32 characters")
        }
        configuration.admin = ServerConfiguration.Admin(host: host, port: port, token: token)
        configuration.metricsOnAdmin = placement == "admin"
    }
}
