extension Messages {
    /// The account flows' texts (sign-up, email verification, password reset and change, and their mails)
    /// in German (addressing the reader as "du", like the rest of the German table), Brazilian
    /// Portuguese, Persian and Japanese, in that order, keyed by the key's name. They join the
    /// tables for every key that exists and has no text there yet (`withAccountTexts`), so the catalog is complete in all
    /// five languages as soon as those keys are in `Key` (`LanguagesTests.everyLanguageIsComplete`).
    static let accountTexts: [String: [String]] = [
        "signUpTitle": [
            "Dein {product}-Konto erstellen",
            "Criar sua conta do {product}",
            "ساختن حساب {product}",
            "{product} アカウントを作成",
        ],
        "signUpLink": [
            "Konto erstellen",
            "Criar uma conta",
            "ساختن حساب",
            "アカウントを作成",
        ],
        "forgotLink": [
            "Passwort vergessen?",
            "Esqueceu a senha?",
            "گذرواژه را فراموش کرده‌اید؟",
            "パスワードをお忘れですか？",
        ],
        "nameOptional": [
            "Name (optional)",
            "Nome (opcional)",
            "نام (اختیاری)",
            "名前（省略可）",
        ],
        "createAccount": [
            "Konto erstellen",
            "Criar conta",
            "ساختن حساب",
            "アカウントを作成",
        ],
        "passwordRules": [
            "Mindestens 8 Zeichen. Am besten ein langer Satz, den du nirgends sonst verwendest.",
            "Pelo menos 8 caracteres. O melhor é uma frase longa que você não use em nenhum outro lugar.",
            "دست‌کم ۸ نویسه. بهترین گزینه یک عبارت بلند است که جای دیگری از آن استفاده نکنید.",
            "8 文字以上。ほかで使っていない長いフレーズが最適です。",
        ],
        "checkInboxTitle": [
            "Sieh in deine E-Mails",
            "Confira seu e-mail",
            "ایمیل خود را بررسی کنید",
            "メールを確認してください",
        ],
        "checkInboxBody": [
            "Wir haben eine E-Mail an {email} gesendet. Folge dem Link darin, um die Adresse zu bestätigen.",
            "Enviamos um e-mail para {email}. Siga o link dele para confirmar o endereço.",
            "یک ایمیل به {email} فرستادیم. برای تأیید نشانی، پیوند داخل آن را دنبال کنید.",
            "{email} にメールを送信しました。メール内のリンクからアドレスを確認してください。",
        ],
        "continueLabel": [
            "Weiter",
            "Continuar",
            "ادامه",
            "続行",
        ],
        "verifyTitle": [
            "E-Mail-Adresse bestätigen",
            "Confirmar seu endereço de e-mail",
            "تأیید نشانی ایمیل",
            "メールアドレスの確認",
        ],
        "verifyBody": [
            "Drück auf die Schaltfläche, um deine E-Mail-Adresse zu bestätigen.",
            "Pressione o botão para confirmar seu endereço de e-mail.",
            "برای تأیید نشانی ایمیل خود، دکمه را بزنید.",
            "ボタンを押してメールアドレスを確認してください。",
        ],
        "verifyButton": [
            "Bestätigen",
            "Confirmar",
            "تأیید",
            "確認",
        ],
        "verifiedTitle": [
            "E-Mail-Adresse bestätigt",
            "Endereço de e-mail confirmado",
            "نشانی ایمیل تأیید شد",
            "メールアドレスを確認しました",
        ],
        "verifiedBody": [
            "Danke. Deine E-Mail-Adresse ist bestätigt.",
            "Obrigado. Seu endereço de e-mail está confirmado.",
            "سپاسگزاریم. نشانی ایمیل شما تأیید شد.",
            "ありがとうございます。メールアドレスが確認されました。",
        ],
        "linkInvalidTitle": [
            "Dieser Link funktioniert nicht",
            "Este link não funciona",
            "این پیوند کار نمی‌کند",
            "このリンクは使用できません",
        ],
        "linkInvalidBody": [
            "Der Link ist abgelaufen oder wurde schon verwendet. Fordere einen neuen an.",
            "O link expirou ou já foi usado. Peça um novo.",
            "مهلت این پیوند تمام شده یا قبلاً استفاده شده است. پیوند تازه‌ای درخواست کنید.",
            "リンクの有効期限が切れているか、すでに使用されています。新しいリンクをリクエストしてください。",
        ],
        "forgotTitle": [
            "Passwort zurücksetzen",
            "Redefinir sua senha",
            "بازنشانی گذرواژه",
            "パスワードの再設定",
        ],
        "forgotBody": [
            "Gib deine E-Mail-Adresse ein. Gehört sie zu einem Konto, senden wir ihr einen Link für ein neues Passwort.",
            "Digite seu endereço de e-mail. Se ele tiver uma conta, enviaremos um link para escolher uma nova senha.",
            "نشانی ایمیل خود را وارد کنید. اگر حسابی داشته باشد، پیوندی برای انتخاب گذرواژه تازه به آن می‌فرستیم.",
            "メールアドレスを入力してください。アカウントがある場合は、新しいパスワードを設定するためのリンクを送信します。",
        ],
        "sendLink": [
            "Link senden",
            "Enviar link",
            "فرستادن پیوند",
            "リンクを送信",
        ],
        "forgotSentBody": [
            "Gehört {email} zu einem Konto, ist eine E-Mail mit einem Link unterwegs. Der Link gilt eine Stunde.",
            "Se {email} tiver uma conta, um e-mail com um link está a caminho. O link vale por uma hora.",
            "اگر {email} حسابی داشته باشد، ایمیلی با یک پیوند در راه است. این پیوند یک ساعت اعتبار دارد.",
            "{email} のアカウントがある場合は、リンク付きのメールを送信しました。リンクの有効期間は 1 時間です。",
        ],
        "resetTitle": [
            "Neues Passwort wählen",
            "Escolher uma nova senha",
            "انتخاب گذرواژه تازه",
            "新しいパスワードを設定",
        ],
        "newPassword": [
            "Neues Passwort",
            "Nova senha",
            "گذرواژه تازه",
            "新しいパスワード",
        ],
        "setPassword": [
            "Passwort festlegen",
            "Definir senha",
            "تنظیم گذرواژه",
            "パスワードを設定",
        ],
        "resetDoneTitle": [
            "Passwort geändert",
            "Senha alterada",
            "گذرواژه تغییر کرد",
            "パスワードを変更しました",
        ],
        "resetDoneBody": [
            "Dein Passwort wurde geändert und du wurdest überall abgemeldet. Melde dich mit dem neuen Passwort an.",
            "Sua senha foi alterada e você saiu de todos os lugares. Faça login com a nova senha.",
            "گذرواژه شما تغییر کرد و از همه جا خارج شدید. با گذرواژه تازه وارد شوید.",
            "パスワードを変更し、すべての場所からログアウトしました。新しいパスワードでログインしてください。",
        ],
        "currentPassword": [
            "Aktuelles Passwort",
            "Senha atual",
            "گذرواژه کنونی",
            "現在のパスワード",
        ],
        "changePasswordHeading": [
            "Passwort ändern",
            "Alterar senha",
            "تغییر گذرواژه",
            "パスワードを変更",
        ],
        "changeEmailHeading": [
            "E-Mail-Adresse ändern",
            "Alterar e-mail",
            "تغییر ایمیل",
            "メールアドレスを変更",
        ],
        "newEmail": [
            "Neue E-Mail-Adresse",
            "Novo endereço de e-mail",
            "نشانی ایمیل تازه",
            "新しいメールアドレス",
        ],
        "emailNotVerified": [
            "Noch nicht bestätigt",
            "Ainda não confirmado",
            "هنوز تأیید نشده",
            "未確認",
        ],
        "resendVerification": [
            "Bestätigungs-E-Mail erneut senden",
            "Enviar o e-mail de confirmação de novo",
            "فرستادن دوباره ایمیل تأیید",
            "確認メールを再送信",
        ],
        "emailChangeSentBody": [
            "Wir haben einen Link an {email} gesendet. Deine Adresse ändert sich, sobald du ihm folgst.",
            "Enviamos um link para {email}. Seu endereço muda quando você o seguir.",
            "پیوندی به {email} فرستادیم. نشانی شما پس از دنبال کردن آن تغییر می‌کند.",
            "{email} にリンクを送信しました。リンクを開くとアドレスが変更されます。",
        ],
        "passwordChangedBody": [
            "Dein Passwort wurde geändert. Jede andere Anmeldung deines Kontos in Browsern und Apps wurde beendet.",
            "Sua senha foi alterada. Todas as outras sessões da sua conta em navegadores e apps foram encerradas.",
            "گذرواژه شما تغییر کرد. همه ورودهای دیگر حساب شما در مرورگرها و برنامه‌ها پایان یافت.",
            "パスワードを変更しました。このアカウントの他のブラウザとアプリのサインインはすべて終了しました。",
        ],
        "pwTooShort": [
            "Das Passwort muss mindestens 8 Zeichen haben.",
            "A senha precisa ter pelo menos 8 caracteres.",
            "گذرواژه باید دست‌کم ۸ نویسه داشته باشد.",
            "パスワードは 8 文字以上にしてください。",
        ],
        "pwTooLong": [
            "Das Passwort darf höchstens {max} Zeichen haben.",
            "A senha pode ter no máximo {max} caracteres.",
            "گذرواژه حداکثر می‌تواند {max} نویسه داشته باشد.",
            "パスワードは {max} 文字以内にしてください。",
        ],
        "pwCommon": [
            "Dieses Passwort ist zu verbreitet. Wähle ein anderes.",
            "Esta senha é muito comum. Escolha outra.",
            "این گذرواژه بیش از حد رایج است. گذرواژه دیگری انتخاب کنید.",
            "このパスワードは一般的すぎます。別のパスワードを選んでください。",
        ],
        "pwEqualsEmail": [
            "Das Passwort darf nicht deine E-Mail-Adresse sein.",
            "A senha não pode ser seu endereço de e-mail.",
            "گذرواژه نباید نشانی ایمیل شما باشد.",
            "パスワードにメールアドレスは使用できません。",
        ],
        "invalidEmail": [
            "Gib eine gültige E-Mail-Adresse ein.",
            "Digite um endereço de e-mail válido.",
            "یک نشانی ایمیل معتبر وارد کنید.",
            "有効なメールアドレスを入力してください。",
        ],
        "wrongCurrentPassword": [
            "Das aktuelle Passwort ist falsch.",
            "A senha atual está incorreta.",
            "گذرواژه کنونی نادرست است.",
            "現在のパスワードが正しくありません。",
        ],
        "signUpClosed": [
            "Auf diesem Server ist die Registrierung geschlossen.",
            "O cadastro está fechado neste servidor.",
            "ثبت‌نام در این سرور بسته است.",
            "このサーバーでは新規登録を受け付けていません。",
        ],
        "tooManyRequests": [
            "Zu viele Anfragen. Versuche es später noch einmal.",
            "Muitas solicitações. Tente de novo mais tarde.",
            "درخواست‌ها بیش از حد بوده است. بعداً دوباره تلاش کنید.",
            "リクエストが多すぎます。しばらくしてからもう一度お試しください。",
        ],
        "mailVerifySubject": [
            "Bestätige deine E-Mail-Adresse für {product}",
            "Confirme seu endereço de e-mail no {product}",
            "نشانی ایمیل خود را برای {product} تأیید کنید",
            "{product} のメールアドレスを確認してください",
        ],
        "mailVerifyBody": [
            "Bestätige, dass dies deine E-Mail-Adresse ist, um dein {product}-Konto fertig einzurichten. Der Link gilt einmal, 24 Stunden lang.",
            "Confirme que este é o seu endereço de e-mail para terminar de configurar sua conta do {product}. O link funciona uma vez, por 24 horas.",
            "تأیید کنید که این نشانی ایمیل شماست تا راه‌اندازی حساب {product} شما کامل شود. این پیوند یک بار و به مدت ۲۴ ساعت کار می‌کند.",
            "{product} アカウントの設定を完了するには、このメールアドレスがご自身のものであることを確認してください。リンクは 24 時間以内に 1 回だけ使用できます。",
        ],
        "mailVerifyButton": [
            "E-Mail-Adresse bestätigen",
            "Confirmar endereço de e-mail",
            "تأیید نشانی ایمیل",
            "メールアドレスを確認",
        ],
        "mailIgnore": [
            "Wenn du das nicht angefordert hast, ignoriere diese E-Mail; es ändert sich nichts.",
            "Se você não pediu isso, ignore este e-mail; nada vai mudar.",
            "اگر این را درخواست نکرده‌اید، این ایمیل را نادیده بگیرید؛ چیزی تغییر نمی‌کند.",
            "心当たりがない場合は、このメールを無視してください。何も変更されません。",
        ],
        "mailExistsSubject": [
            "Jemand wollte mit deiner E-Mail-Adresse ein {product}-Konto erstellen",
            "Alguém tentou criar uma conta do {product} com seu e-mail",
            "کسی تلاش کرد با ایمیل شما حساب {product} بسازد",
            "誰かがあなたのメールアドレスで {product} アカウントを作成しようとしました",
        ],
        "mailExistsBody": [
            "Jemand wollte sich mit dieser E-Mail-Adresse bei {product} registrieren, zu der es schon ein Konto gibt. Wenn du das warst, melde dich an oder setze dein Passwort zurück.",
            "Alguém tentou se cadastrar no {product} com este endereço de e-mail, que já tem uma conta. Se foi você, faça login ou redefina sua senha se a esqueceu.",
            "کسی تلاش کرد با این نشانی ایمیل، که از قبل حساب دارد، در {product} ثبت‌نام کند. اگر خودتان بودید، وارد شوید یا اگر گذرواژه را فراموش کرده‌اید آن را بازنشانی کنید.",
            "すでにアカウントがあるこのメールアドレスで、誰かが {product} に登録しようとしました。ご自身の場合はログインするか、パスワードをお忘れの場合は再設定してください。",
        ],
        "mailResetSubject": [
            "Setze dein {product}-Passwort zurück",
            "Redefina sua senha do {product}",
            "بازنشانی گذرواژه {product}",
            "{product} のパスワードを再設定",
        ],
        "mailResetBody": [
            "Folge diesem Link, um ein neues Passwort für {product} zu wählen. Er gilt einmal, eine Stunde lang.",
            "Siga este link para escolher uma nova senha para o {product}. Ele funciona uma vez, por uma hora.",
            "برای انتخاب گذرواژه تازه برای {product} این پیوند را دنبال کنید. این پیوند یک بار و به مدت یک ساعت کار می‌کند.",
            "このリンクから {product} の新しいパスワードを設定してください。リンクは 1 時間以内に 1 回だけ使用できます。",
        ],
        "mailResetButton": [
            "Neues Passwort wählen",
            "Escolher uma nova senha",
            "انتخاب گذرواژه تازه",
            "新しいパスワードを設定",
        ],
        "mailPasswordChangedSubject": [
            "Dein {product}-Passwort wurde geändert",
            "Sua senha do {product} foi alterada",
            "گذرواژه {product} شما تغییر کرد",
            "{product} のパスワードが変更されました",
        ],
        "mailPasswordChangedBody": [
            "Das Passwort deines {product}-Kontos wurde am {date} von {device} aus geändert, und jede andere Anmeldung des Kontos wurde beendet. Wenn du das nicht warst, setze dein Passwort jetzt zurück.",
            "A senha da sua conta do {product} foi alterada em {date}, a partir de {device}, e todas as outras sessões da conta foram encerradas. Se não foi você, redefina sua senha agora.",
            "گذرواژه حساب {product} شما در {date} از {device} تغییر کرد و همه ورودهای دیگر حساب پایان یافت. اگر شما نبودید، همین حالا گذرواژه را بازنشانی کنید.",
            "{product} アカウントのパスワードが {date} に {device} から変更され、このアカウントの他のサインインはすべて終了しました。心当たりがない場合は、今すぐパスワードを再設定してください。",
        ],
        "mailNewEmailSubject": [
            "Bestätige deine neue E-Mail-Adresse für {product}",
            "Confirme seu novo endereço de e-mail no {product}",
            "نشانی ایمیل تازه خود را برای {product} تأیید کنید",
            "{product} の新しいメールアドレスを確認してください",
        ],
        "mailNewEmailBody": [
            "Bestätige, dass diese Adresse die E-Mail-Adresse deines {product}-Kontos werden soll. Der Link gilt einmal, 24 Stunden lang.",
            "Confirme que este endereço deve se tornar o e-mail da sua conta do {product}. O link funciona uma vez, por 24 horas.",
            "تأیید کنید که این نشانی باید ایمیل حساب {product} شما شود. این پیوند یک بار و به مدت ۲۴ ساعت کار می‌کند.",
            "このアドレスを {product} アカウントのメールアドレスにすることを確認してください。リンクは 24 時間以内に 1 回だけ使用できます。",
        ],
        "mailChangeNoticeSubject": [
            "Die E-Mail-Adresse deines {product}-Kontos wird geändert",
            "O endereço de e-mail da sua conta do {product} está sendo alterado",
            "نشانی ایمیل حساب {product} شما در حال تغییر است",
            "{product} アカウントのメールアドレスが変更されようとしています",
        ],
        "mailChangeNoticeBody": [
            "Jemand möchte die E-Mail-Adresse deines {product}-Kontos in {email} ändern. Sie ändert sich erst, wenn ein dorthin gesendeter Link geöffnet wird. Wenn du das nicht warst, nutze den Knopf unten: Er bricht die Änderung ab und meldet dich überall ab.",
            "Alguém pediu para alterar o endereço de e-mail da sua conta do {product} para {email}. Ele só muda quando um link enviado para lá for seguido. Se não foi você, use o botão abaixo: ele cancela a alteração e encerra todas as sessões.",
            "کسی درخواست کرده است نشانی ایمیل حساب {product} شما به {email} تغییر کند. این تغییر تنها وقتی انجام می‌شود که پیوندی که به آنجا فرستاده شده دنبال شود. اگر شما نبودید، از دکمه زیر استفاده کنید: تغییر را لغو می‌کند و شما را از همه‌جا خارج می‌کند.",
            "誰かが {product} アカウントのメールアドレスを {email} に変更するようリクエストしました。そのアドレスに送信されたリンクが開かれるまで変更されません。心当たりがない場合は、下のボタンを使ってください。変更を取り消し、すべての場所からサインアウトします。",
        ],
        "mailUnknownDevice": [
            "einem unbekannten Gerät",
            "um dispositivo desconhecido",
            "دستگاهی ناشناخته",
            "不明なデバイス",
        ],
        "mailFooter": [
            "Diese E-Mail wurde von {product} gesendet.",
            "Este e-mail foi enviado pelo {product}.",
            "این ایمیل را {product} فرستاده است.",
            "このメールは {product} から送信されました。",
        ],
    ]

    /// The languages of `accountTexts`, by position.
    static let accountTextLanguages = ["de", "pt-br", "fa", "ja"]

    /// `table` plus `accountTexts` for `language`, for the keys the table has no text for (a
    /// table's own text wins).
    static func withAccountTexts(_ table: [Key: String], _ language: String) -> [Key: String] {
        joined(accountTexts, into: table, language)
    }

    /// `table` plus, for `language` (one of `accountTextLanguages`), each of `texts` whose key exists and
    /// has no text in the table yet.
    static func joined(_ texts: [String: [String]], into table: [Key: String], _ language: String) -> [Key: String] {
        guard let index = accountTextLanguages.firstIndex(of: language) else { return table }
        var table = table
        for (name, texts) in texts {
            if let key = Key(rawValue: name), table[key] == nil { table[key] = texts[index] }
        }
        return table
    }
}
