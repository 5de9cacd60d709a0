/// The product's version (`accountlink --version`, the admin API's OpenAPI `info.version`).
public enum ProductVersion {
    public static let current = "0.2.0"
}
