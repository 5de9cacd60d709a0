extension Messages {
    /// The texts of the OpenID Connect edges (docs/pages.md): `offline_access` on the consent page
    /// (OIDC Core §11) and the form_post page (OAuth 2.0 Form Post Response Mode §2), in German,
    /// Brazilian Portuguese, Persian and Japanese, in that order, keyed by the key's name.
    static let firstWeekTexts: [String: [String]] = [
        "scopeOfflineAccess": [
            "Verbunden bleiben, während du es nicht benutzt",
            "Continuar conectado enquanto você não o usa",
            "متصل ماندن وقتی از آن استفاده نمی‌کنید",
            "使用していない間も接続を維持する",
        ],
        "formPostTitle": [
            "Zurück zur App",
            "Voltando ao app",
            "بازگشت به برنامه",
            "アプリに戻っています",
        ],
        "formPostBody": [
            "Drücke auf Weiter, falls du nicht automatisch zurückgeleitet wirst.",
            "Toque em Continuar se você não for levado de volta automaticamente.",
            "اگر به‌طور خودکار بازگردانده نشدید، ادامه را بزنید.",
            "自動的に戻らない場合は「続行」を押してください。",
        ],
    ]

    /// `table` plus `firstWeekTexts` for `language` (`accountTextLanguages` order), for the keys the table has no text for.
    static func withFirstWeekTexts(_ table: [Key: String], _ language: String) -> [Key: String] {
        joined(firstWeekTexts, into: table, language)
    }
}
