import Foundation

extension Messages {
    /// The texts of the account-lifecycle rules (docs/accounts-and-email.md, "Taking over an account
    /// through its lifecycle"): re-authentication for an email change, the cancel link, "this wasn't me",
    /// the unproven account, sign-out-everywhere. In German ("du"), Brazilian Portuguese, Persian and
    /// Japanese, in that order (`accountTextLanguages`; English is in `englishTable`); a table's own text wins.
    static let lifecycleTexts: [String: [String]] = [
        "madeWith": [
            "Dieses Konto wurde am {date} erstellt, Anmeldung mit: {methods}.",
            "Esta conta foi criada em {date} para entrar com: {methods}.",
            "این حساب در {date} ساخته شد، برای ورود با: {methods}.",
            "このアカウントは {date} に作成されました。サインイン方法: {methods}。",
        ],
        "notMeButton": [
            "Das war ich nicht",
            "Não fui eu",
            "این من نبودم",
            "心当たりがありません",
        ],
        "notMeDoneTitle": [
            "Konto gelöscht",
            "Conta excluída",
            "حساب حذف شد",
            "アカウントを削除しました",
        ],
        "notMeDoneBody": [
            "Das mit deiner Adresse erstellte Konto wurde gelöscht; die Adresse ist wieder frei.",
            "A conta criada com o seu endereço foi excluída, e o endereço está livre de novo.",
            "حسابی که با نشانی شما ساخته شده بود حذف شد و این نشانی دوباره آزاد است.",
            "あなたのアドレスで作成されたアカウントを削除しました。このアドレスは再び使用できます。",
        ],
        "mailVerifyNewAccountBody": [
            "Jemand hat am {date} mit dieser Adresse ein {product}-Konto erstellt, Anmeldung mit: {methods}. Wenn du das warst, bestätige die Adresse. Wenn nicht, öffne den Link und wähle „Das war ich nicht“: Das Konto wird gelöscht und deine Adresse ist wieder frei. Der Link gilt einmal, 24 Stunden lang.",
            "Alguém criou uma conta do {product} com este endereço em {date}, para entrar com: {methods}. Se foi você, confirme o endereço. Se não foi, abra o link e escolha \u{201C}Não fui eu\u{201D}: a conta é excluída e seu endereço fica livre de novo. O link funciona uma vez, por 24 horas.",
            "کسی در {date} با این نشانی یک حساب {product} ساخت، برای ورود با: {methods}. اگر شما بودید، نشانی را تأیید کنید. اگر نبودید، پیوند را باز کنید و «این من نبودم» را بزنید: حساب حذف می‌شود و نشانی شما دوباره آزاد است. این پیوند یک بار و به مدت ۲۴ ساعت کار می‌کند.",
            "{date} に、このアドレスで {product} アカウントが作成されました(サインイン方法: {methods})。ご自身で作成した場合は、アドレスを確認してください。心当たりがない場合は、リンクを開いて「心当たりがありません」を選んでください。アカウントは削除され、アドレスは再び使用できるようになります。リンクは 24 時間以内に 1 回だけ使用できます。",
        ],
        "mailCancelChangeButton": [
            "Änderung abbrechen und überall abmelden",
            "Cancelar a alteração e sair de todos os lugares",
            "لغو تغییر و خروج از همه‌جا",
            "変更を取り消してすべての場所からサインアウト",
        ],
        "cancelChangeTitle": [
            "E-Mail-Änderung abbrechen",
            "Cancelar a alteração de e-mail",
            "لغو تغییر ایمیل",
            "メールアドレスの変更を取り消す",
        ],
        "cancelChangeBody": [
            "Damit brichst du die Änderung der E-Mail-Adresse deines Kontos ab, machst sie rückgängig, falls sie schon geschehen ist, und meldest jeden Browser und jede App ab. Setze danach dein Passwort zurück, falls jemand anderes es kennen könnte.",
            "Isto cancela a alteração do endereço de e-mail da sua conta, desfaz a alteração se ela já aconteceu e encerra a sessão em todos os navegadores e apps. Depois, redefina sua senha se outra pessoa puder conhecê-la.",
            "این کار تغییر نشانی ایمیل حساب شما را لغو می‌کند، اگر انجام شده باشد آن را برمی‌گرداند و همه مرورگرها و برنامه‌ها را از حساب خارج می‌کند. اگر ممکن است کس دیگری گذرواژه شما را بداند، پس از آن گذرواژه را بازنشانی کنید.",
            "アカウントのメールアドレス変更を取り消し(すでに変更済みの場合は元に戻し)、すべてのブラウザとアプリからサインアウトします。その後、パスワードを他人が知っている可能性があれば再設定してください。",
        ],
        "cancelChangeDoneBody": [
            "Die E-Mail-Änderung wurde abgebrochen und jeder Browser und jede App wurde abgemeldet.",
            "A alteração de e-mail foi cancelada e todos os navegadores e apps foram desconectados.",
            "تغییر ایمیل لغو شد و همه مرورگرها و برنامه‌ها از حساب خارج شدند.",
            "メールアドレスの変更を取り消し、すべてのブラウザとアプリからサインアウトしました。",
        ],
        "emailChangeNeedsPassword": [
            "Gib dein aktuelles Passwort ein, um deine E-Mail-Adresse zu ändern, oder melde dich zuerst erneut an.",
            "Digite sua senha atual para alterar seu endereço de e-mail, ou entre de novo primeiro.",
            "برای تغییر نشانی ایمیل، گذرواژه فعلی خود را وارد کنید یا ابتدا دوباره وارد شوید.",
            "メールアドレスを変更するには、現在のパスワードを入力するか、先にもう一度サインインしてください。",
        ],
        "msgEmailUnverified": [
            "Bestätige deine E-Mail-Adresse, bevor du eine weitere Anmeldemethode hinzufügst.",
            "Confirme seu endereço de e-mail antes de adicionar outra forma de entrar.",
            "پیش از افزودن روش دیگری برای ورود، نشانی ایمیل خود را تأیید کنید.",
            "別のサインイン方法を追加する前に、メールアドレスを確認してください。",
        ],
        "resetDoneRemovedBody": [
            "Dein Passwort wurde geändert, deine E-Mail-Adresse ist bestätigt und du wurdest überall abgemeldet. Das Konto hatte Anmeldemethoden, die hinzugefügt wurden, bevor jemand diese Adresse bestätigt hatte; sie wurden entfernt: {methods}.",
            "Sua senha foi alterada, seu endereço de e-mail está confirmado e você saiu de todos os lugares. A conta tinha formas de entrar adicionadas antes de alguém comprovar este endereço; elas foram removidas: {methods}.",
            "گذرواژه شما تغییر کرد، نشانی ایمیل شما تأیید شد و از همه‌جا خارج شدید. این حساب روش‌های ورودی داشت که پیش از اثبات این نشانی افزوده شده بودند؛ آن‌ها حذف شدند: {methods}.",
            "パスワードを変更し、メールアドレスを確認済みにして、すべての場所からサインアウトしました。このアドレスが確認される前に追加されたサインイン方法は削除しました: {methods}。",
        ],
        "mailPasswordResetRemovedBody": [
            "Das Passwort deines {product}-Kontos wurde soeben mit einem Link an diese Adresse gesetzt; die Adresse ist nun bestätigt. Das Konto hatte Anmeldemethoden, die hinzugefügt wurden, bevor die Adresse bestätigt war; sie wurden entfernt: {methods}. Wenn du das nicht warst, setze dein Passwort jetzt zurück.",
            "A senha da sua conta do {product} acabou de ser definida com um link enviado a este endereço, que agora está confirmado. A conta tinha formas de entrar adicionadas antes de o endereço ser comprovado; elas foram removidas: {methods}. Se não foi você, redefina sua senha agora.",
            "گذرواژه حساب {product} شما همین حالا با پیوندی که به این نشانی فرستاده شد تعیین شد و این نشانی اکنون تأیید شده است. این حساب روش‌های ورودی داشت که پیش از اثبات نشانی افزوده شده بودند؛ آن‌ها حذف شدند: {methods}. اگر شما نبودید، همین حالا گذرواژه را بازنشانی کنید.",
            "このアドレスに送信したリンクで {product} アカウントのパスワードが設定され、アドレスは確認済みになりました。アドレスの確認前に追加されたサインイン方法は削除しました: {methods}。心当たりがない場合は、今すぐパスワードを再設定してください。",
        ],
        "signOutEverywhere": [
            "Überall abmelden",
            "Sair de todos os lugares",
            "خروج از همه‌جا",
            "すべての場所からサインアウト",
        ],
        "signedOutEverywhereBody": [
            "Du wurdest überall abgemeldet: Jede Anmeldung deines Kontos in Browsern und Apps wurde beendet.",
            "Você saiu de todos os lugares: todas as sessões da sua conta em navegadores e apps foram encerradas.",
            "از همه‌جا خارج شدید: همه ورودهای حساب شما در مرورگرها و برنامه‌ها پایان یافت.",
            "すべての場所からサインアウトしました。アカウントのブラウザとアプリのサインインはすべて終了しました。",
        ],
    ]

    /// `table` plus `lifecycleTexts` for `language` (`accountTextLanguages` order), for the keys the table has no text for.
    static func withLifecycleTexts(_ table: [Key: String], _ language: String) -> [Key: String] {
        joined(lifecycleTexts, into: table, language)
    }

    /// A moment as `YYYY-MM-DD HH:MM UTC`, the same whatever the server's locale.
    public static func moment(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d UTC", p.year ?? 0, p.month ?? 0, p.day ?? 0, p.hour ?? 0,
                      p.minute ?? 0)
    }

    /// Sign-in methods by name in this language ("password" translated; Apple, Google and passkeys by name).
    public func methods(_ providers: [String]) -> String {
        providers.map { $0.lowercased() == "password" ? text(.methodPassword) : $0.capitalized }
            .joined(separator: ", ")
    }
}
