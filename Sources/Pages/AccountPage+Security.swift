/// The account page's security part (docs/accounts-and-email.md): whether the email is confirmed (with a
/// button to send the mail again), change password (asks for the current one), change email (the current
/// password, unless the sign-in is recent) and sign out everywhere.
extension AccountPage {
    func security(_ m: Messages) -> HTML {
        guard let emailVerified else { return .empty }
        let unconfirmed: HTML = emailVerified ? .empty : """
            <p class="unverified">\(m[.emailNotVerified])</p>
            <form method="post" action="/account/verify-email/resend">\(Layout.csrf(csrfToken))\
            <button class="secondary" type="submit">\(m[.resendVerification])</button></form>
            """
        let notice: HTML = securityNotice.map { "<p role=\"status\">\($0)</p>" } ?? .empty
        return """
            \(notice)\(unconfirmed)
            <h2>\(m[.changePasswordHeading])</h2>
            <form method="post" action="/account/password">\(Layout.csrf(csrfToken))
            <label for="current_password">\(m[.currentPassword])</label>
            <input id="current_password" name="current_password" type="password" autocomplete="current-password">
            <label for="new_password">\(m[.newPassword])</label>
            <input id="new_password" name="new_password" type="password" autocomplete="new-password" required>
            <button class="secondary" type="submit">\(m[.changePasswordHeading])</button></form>
            <h2>\(m[.changeEmailHeading])</h2>
            <form method="post" action="/account/email">\(Layout.csrf(csrfToken))
            <label for="new_email">\(m[.newEmail])</label>
            <input id="new_email" name="new_email" type="email" autocomplete="email" required>
            <label for="email_current_password">\(m[.currentPassword])</label>
            <input id="email_current_password" name="current_password" type="password" autocomplete="current-password">
            <button class="secondary" type="submit">\(m[.changeEmailHeading])</button></form>
            <h2>\(m[.signOutEverywhere])</h2>
            <form method="post" action="/account/sign-out-everywhere">\(Layout.csrf(csrfToken))\
            <button class="secondary" type="submit">\(m[.signOutEverywhere])</button></form>
            """
    }
}
