extension Messages {
    /// App Flip's `error_description` (docs/app-flip-ios.md §5), in `accountTextLanguages` order (de,
    /// pt-BR, fa, ja): short, written for the person who sees it in Google's app, not for a developer.
    static let appFlipTexts: [String: [String]] = [
        "appFlipInvalidRequest": [
            "Die Verknüpfung konnte nicht gestartet werden. Bitte versuche es noch einmal.",
            "Não foi possível iniciar a vinculação. Tente novamente.",
            "اتصال حساب آغاز نشد. لطفاً دوباره امتحان کنید.",
            "連携を開始できませんでした。もう一度お試しください。",
        ],
        "appFlipCancelled": [
            "Bitte melde dich an, um dein Konto zu verknüpfen.",
            "Faça login para vincular sua conta.",
            "برای اتصال حساب خود، لطفاً وارد شوید.",
            "アカウントを連携するにはログインしてください。",
        ],
        "appFlipAccessDenied": [
            "Du hast die Verknüpfung deines Kontos abgelehnt.",
            "Você optou por não vincular sua conta.",
            "شما اتصال حساب خود را نپذیرفتید.",
            "アカウントの連携をキャンセルしました。",
        ],
        "appFlipUnrecoverable": [
            "Dieses Konto kann nicht verknüpft werden.",
            "Não é possível vincular esta conta.",
            "این حساب قابل اتصال نیست.",
            "このアカウントは連携できません。",
        ],
        "appFlipTryLater": [
            "Etwas ist schiefgelaufen. Bitte versuche es später noch einmal.",
            "Algo deu errado. Tente novamente mais tarde.",
            "مشکلی پیش آمد. لطفاً بعداً دوباره امتحان کنید.",
            "問題が発生しました。しばらくしてからもう一度お試しください。",
        ],
    ]

    /// `table` plus `appFlipTexts` for `language` (in `accountTextLanguages`), where the table has none.
    static func withAppFlipTexts(_ table: [Key: String], _ language: String) -> [Key: String] {
        joined(appFlipTexts, into: table, language)
    }
}
