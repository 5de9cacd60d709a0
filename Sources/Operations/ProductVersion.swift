/// The product's version, one place for every surface that names it (`accountlink --version`, the admin
/// API's OpenAPI `info.version`, `accountlink_build_info`).
public enum ProductVersion {
    public static let current = "0.2.0"
}
