extension Messages {
    /// The passkey texts of the web pages (docs/passkeys.md) in German, Brazilian Portuguese, Persian and
    /// Japanese, in that order (`accountTextLanguages`; English is in `englishTable`).
    static let passkeyTexts: [String: [String]] = [
        "passkeySignIn": ["Mit einem Passkey anmelden", "Entrar com uma chave de acesso", "ورود با کلید عبور", "パスキーでサインイン"],
        "passkeyFailed": [
            "Mit diesem Passkey konnte die Anmeldung nicht erfolgen. Versuche es noch einmal oder nutze dein Passwort.",
            "Não foi possível entrar com essa chave de acesso. Tente de novo ou use sua senha.",
            "ورود با این کلید عبور ممکن نشد. دوباره امتحان کنید یا از گذرواژه استفاده کنید.",
            "このパスキーではサインインできませんでした。もう一度試すか、パスワードを使用してください。",
        ],
        "passkeysIntro": [
            "Mit einem Passkey meldest du dich per Fingerabdruck, Gesicht oder Bildschirmsperre an statt mit einem Passwort.",
            "Com uma chave de acesso, você entra com a impressão digital, o rosto ou o bloqueio de tela, sem senha.",
            "با کلید عبور، به‌جای گذرواژه با اثر انگشت، چهره یا قفل صفحه وارد می‌شوید.",
            "パスキーを使うと、パスワードの代わりに指紋、顔、画面ロックでサインインできます。",
        ],
        "passkeyNone": ["Noch keine Passkeys.", "Nenhuma chave de acesso ainda.", "هنوز کلید عبوری ندارید.", "パスキーはまだありません。"],
        "passkeyCreated": ["Hinzugefügt am {date}", "Adicionada em {date}", "افزوده‌شده در {date}", "{date} に追加"],
        "passkeyLastUsed": ["zuletzt verwendet am {date}", "usada pela última vez em {date}", "آخرین استفاده در {date}", "最終使用 {date}"],
        "passkeyNeverUsed": ["noch nicht verwendet", "ainda não usada", "هنوز استفاده نشده", "未使用"],
        "passkeySynced": [
            "auf deinen Geräten synchronisiert", "sincronizada entre seus dispositivos", "در دستگاه‌های شما همگام‌شده",
            "デバイス間で同期済み",
        ],
        "passkeyNotSynced": ["nur auf einem Gerät", "em um único dispositivo", "فقط روی یک دستگاه", "1 台のデバイスのみ"],
        "passkeyName": ["Name des Passkeys", "Nome da chave de acesso", "نام کلید عبور", "パスキーの名前"],
        "passkeyRename": ["Umbenennen", "Renomear", "تغییر نام", "名前を変更"],
        "passkeyAdd": ["Passkey hinzufügen", "Adicionar chave de acesso", "افزودن کلید عبور", "パスキーを追加"],
        "passkeyNotAdded": [
            "Der Passkey wurde nicht hinzugefügt. Versuche es noch einmal.",
            "A chave de acesso não foi adicionada. Tente de novo.",
            "کلید عبور افزوده نشد. دوباره امتحان کنید.",
            "パスキーを追加できませんでした。もう一度お試しください。",
        ],
        "passkeyProblem": [
            "Der Passkey wurde nicht geändert", "A chave de acesso não foi alterada", "کلید عبور تغییر نکرد",
            "パスキーは変更されませんでした",
        ],
        "passkeyNotChanged": [
            "Geh zurück zu deinem Konto und versuche es noch einmal.", "Volte para a página da sua conta e tente de novo.",
            "به صفحهٔ حساب خود برگردید و دوباره امتحان کنید.", "アカウントページに戻って、もう一度お試しください。",
        ],
        "passkeySignUp": [
            "Konto mit einem Passkey erstellen", "Criar a conta com uma chave de acesso", "ساختن حساب با کلید عبور",
            "パスキーでアカウントを作成",
        ],
        "passkeySignUpNote": [
            "Oder ganz ohne Passwort: Dein Gerät bewahrt einen Passkey für {product} auf.",
            "Ou dispense a senha: seu dispositivo guarda uma chave de acesso para o {product}.",
            "یا بدون گذرواژه: دستگاه شما یک کلید عبور برای {product} نگه می‌دارد.",
            "パスワードなしでも作成できます。デバイスに {product} のパスキーが保存されます。",
        ],
        "passkeySignUpFailed": [
            "Mit diesem Passkey wurde kein Konto erstellt. Versuche es noch einmal oder wähle ein Passwort.",
            "A conta não foi criada com essa chave de acesso. Tente de novo ou escolha uma senha.",
            "حساب با این کلید عبور ساخته نشد. دوباره امتحان کنید یا یک گذرواژه انتخاب کنید.",
            "このパスキーではアカウントを作成できませんでした。もう一度試すか、パスワードを設定してください。",
        ],
    ]

    /// `table` plus `passkeyTexts` for `language` (in `accountTextLanguages`), where the table has none.
    static func withPasskeyTexts(_ table: [Key: String], _ language: String) -> [Key: String] {
        joined(passkeyTexts, into: table, language)
    }
}
