extension JSONValue {
    /// Parses RFC 8259 JSON with the strict parser the JOSE code uses (duplicate names, depth and
    /// number limits as in JSONParser.swift); public for the fuzz targets and any caller outside JOSE.
    public init(parsing bytes: [UInt8]) throws(JOSEError) {
        self = try JSONParser.parse(bytes)
    }
}
