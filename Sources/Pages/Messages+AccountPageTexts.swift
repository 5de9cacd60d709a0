extension Messages {
    /// The account page's texts (email state, sessions and app sign-ins, danger zone) in German (du),
    /// Brazilian Portuguese, Persian and Japanese, in that order (`accountTextLanguages`), keyed by the key's name.
    static let accountPageTexts: [String: [String]] = [
        "accountEmailHeading": ["E-Mail-Adresse", "Endereço de e-mail", "نشانی ایمیل", "メールアドレス"],
        "emailVerifiedBadge": ["Bestätigt", "Confirmado", "تأییدشده", "確認済み"],
        "sessionsHeading": ["Wo du angemeldet bist", "Onde você está conectado", "جاهایی که وارد شده‌اید", "サインイン中の場所"],
        "sessionsIntro": [
            "Browser und Apps, die bei deinem Konto angemeldet sind. Melde alles ab, was du nicht kennst.",
            "Navegadores e apps conectados à sua conta. Saia de qualquer um que você não reconheça.",
            "مرورگرها و برنامه‌هایی که با حساب شما وارد شده‌اند. از هر کدام که نمی‌شناسید خارج شوید.",
            "アカウントにサインインしているブラウザとアプリです。心当たりのないものはサインアウトしてください。",
        ],
        "thisDevice": ["Dieses Gerät", "Este dispositivo", "همین دستگاه", "このデバイス"],
        "lastUsedAt": ["Zuletzt verwendet {time}", "Último uso {time}", "آخرین استفاده {time}", "最終使用 {time}"],
        "placeIP": ["Ort: IP-Adresse {ip}", "Local: endereço IP {ip}", "مکان: نشانی IP {ip}", "場所: IP アドレス {ip}"],
        "placeUnknown": ["Ort: unbekannt", "Local: desconhecido", "مکان: نامشخص", "場所: 不明"],
        "unknownDevice": ["Unbekannter Browser", "Navegador desconhecido", "مرورگر ناشناخته", "不明なブラウザ"],
        "deviceOn": ["{browser} auf {system}", "{browser} no {system}", "{browser} روی {system}", "{system} の {browser}"],
        "appSignInLabel": ["App {app}", "App {app}", "برنامه {app}", "{app} アプリ"],
        "signOutOne": ["Abmelden", "Sair", "خروج", "サインアウト"],
        "signOutEverywhereHint": [
            "Meldet alle Browser und Apps ab, auch diesen. Verknüpfte Dienste bleiben verknüpft.",
            "Encerra todos os navegadores e apps, inclusive este. Os serviços vinculados continuam vinculados.",
            "همه مرورگرها و برنامه‌ها، از جمله همین یکی، خارج می‌شوند. سرویس‌های پیوندشده پیوند می‌مانند.",
            "このブラウザを含むすべてのブラウザとアプリからサインアウトします。リンク済みのサービスはそのままです。",
        ],
        "dangerZone": ["Gefahrenbereich", "Zona de perigo", "بخش خطر", "危険な操作"],
        "dangerZoneText": [
            "Wenn du dein Konto löschst, werden alle Anmeldemethoden entfernt und alle Dienste getrennt. Das lässt sich nicht rückgängig machen.",
            "Excluir sua conta remove todas as formas de entrar e desvincula todos os serviços. Isso não pode ser desfeito.",
            "با حذف حساب، همه روش‌های ورود حذف و پیوند همه سرویس‌ها برداشته می‌شود. این کار برگشت‌پذیر نیست.",
            "アカウントを削除すると、すべてのサインイン方法が削除され、すべてのサービスのリンクが解除されます。元に戻すことはできません。",
        ],
        "passkeysHeading": ["Passkeys", "Chaves de acesso", "کلیدهای عبور", "パスキー"],
        "passkeyAddedOn": ["Hinzugefügt am {date}", "Adicionada em {date}", "افزوده‌شده در {date}", "{date} に追加"],
        "signedOutOneBody": [
            "Diese Anmeldung wurde abgemeldet.",
            "Essa sessão foi encerrada.",
            "از آن ورود خارج شدید.",
            "そのサインインをサインアウトしました。",
        ],
        "signInGoneBody": [
            "Diese Anmeldung war bereits beendet.",
            "Essa sessão já tinha sido encerrada.",
            "آن ورود پیش‌تر پایان یافته بود.",
            "そのサインインはすでに終了しています。",
        ],
    ]

    /// `table` plus `accountPageTexts` for `language`, for the keys the table has no text for.
    static func withAccountPageTexts(_ table: [Key: String], _ language: String) -> [Key: String] {
        joined(accountPageTexts, into: table, language)
    }
}
