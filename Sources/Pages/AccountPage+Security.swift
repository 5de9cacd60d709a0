/// The account page's security part (docs/accounts-and-email.md): whether the email is confirmed (with a
/// button to send the mail again), change password (asks for the current one), change email (the current
/// password, unless the sign-in is recent), and the danger zone. A refused form is shown again with its
/// error beside the field it is about and the typed email kept (`FormError`).
extension AccountPage {
    /// A refused form of this page: which field the message is about, the message (already translated),
    /// and the new address typed into the email form (passwords are never sent back).
    public struct FormError: Sendable, Equatable {
        public enum Field: String, Sendable {
            case currentPassword = "current_password", newPassword = "new_password"
            case newEmail = "new_email", emailCurrentPassword = "email_current_password"
        }

        public var field: Field
        public var message: String
        public var keptEmail: String

        public init(field: Field, message: String, keptEmail: String = "") {
            self.field = field
            self.message = message
            self.keptEmail = keptEmail
        }
    }

    func emailBadge(_ m: Messages) -> HTML {
        guard let emailVerified else { return .empty }
        return emailVerified
            ? " <span class=\"badge\">\(m[.emailVerifiedBadge])</span>"
            : " <span class=\"badge warn\">\(m[.emailNotVerified])</span>"
    }

    func resendForm(_ m: Messages) -> HTML {
        guard emailVerified == false else { return .empty }
        return """
            <form method="post" action="/account/verify-email/resend">\(Layout.csrf(csrfToken))\
            <button class="secondary" type="submit">\(m[.resendVerification])</button></form>
            """
    }

    func passwordForm(_ m: Messages) -> HTML {
        guard emailVerified != nil else { return .empty }
        let current = field(.currentPassword, name: "current_password", label: m[.currentPassword], type: "password",
                            autocomplete: "current-password", required: false)
        let new = field(.newPassword, name: "new_password", label: m[.newPassword], type: "password",
                        autocomplete: "new-password", required: true)
        return """
            <h3>\(m[.changePasswordHeading])</h3>
            <form method="post" action="/account/password">\(Layout.csrf(csrfToken))
            \(current)\(new)
            <button class="secondary" type="submit">\(m[.changePasswordHeading])</button></form>
            """
    }

    func emailForm(_ m: Messages) -> HTML {
        guard emailVerified != nil else { return .empty }
        let kept = formError.map { [.newEmail, .emailCurrentPassword].contains($0.field) ? $0.keptEmail : "" } ?? ""
        let address = field(.newEmail, name: "new_email", label: m[.newEmail], type: "email", autocomplete: "email",
                            required: true, value: kept)
        let password = field(.emailCurrentPassword, name: "current_password", label: m[.currentPassword],
                             type: "password", autocomplete: "current-password", required: false)
        return """
            <section aria-labelledby="email-heading"><h2 id="email-heading">\(m[.changeEmailHeading])</h2>
            <form method="post" action="/account/email">\(Layout.csrf(csrfToken))
            \(address)\(password)
            <button class="secondary" type="submit">\(m[.changeEmailHeading])</button></form></section>
            """
    }

    /// One labelled input; when `formError` is about it, the message follows it, tied by `aria-describedby`
    /// and announced (`role="alert"`), and the input is marked `aria-invalid`.
    func field(_ id: FormError.Field, name: String, label: String, type: String, autocomplete: String,
               required: Bool, value: String = "") -> HTML {
        let error = formError?.field == id ? formError : nil
        let described: HTML = error == nil ? .empty : " aria-invalid=\"true\" aria-describedby=\"\(id.rawValue)-error\""
        let message: HTML = error.map { "<p class=\"error\" id=\"\(id.rawValue)-error\" role=\"alert\">\($0.message)</p>" }
            ?? .empty
        let requiredAttribute: HTML = required ? " required" : .empty
        let valueAttribute: HTML = value.isEmpty ? .empty : " value=\"\(value)\""
        return """
            <label for="\(id.rawValue)">\(label)</label>
            <input id="\(id.rawValue)" name="\(name)" type="\(type)" autocomplete="\(autocomplete)"\
            \(valueAttribute)\(requiredAttribute)\(described)>\(message)
            """
    }

    /// Delete, on its own at the end and marked as dangerous; it opens a confirmation page.
    func dangerZone(_ m: Messages) -> HTML {
        """
        <section class="danger-zone" aria-labelledby="danger-heading"><h2 id="danger-heading">\(m[.dangerZone])</h2>
        <p>\(m[.dangerZoneText])</p>
        <form method="post" action="\(url: deleteAccountURL)">\(Layout.csrf(csrfToken))\
        <button class="danger" type="submit">\(m[.deleteAccount])</button></form></section>
        """
    }
}
