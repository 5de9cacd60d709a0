/// The pages' only script, served by us at `PasskeyControls.scriptPath` (docs/passkeys.md, The web
/// pages). The pages carry no inline script, so the CSP allows scripts from our origin alone.
///
/// W3C WebAuthn Level 3 in the browser: `[data-passkey="sign-in"]` asks for a discoverable credential
/// (§5.1.4); the email field marked `autocomplete="username webauthn"` gets passkey autofill, a
/// conditional request (§5.1.4, `mediation: "conditional"`), when
/// `PublicKeyCredential.isConditionalMediationAvailable()` says the browser has it;
/// `[data-passkey="register"]` creates one (§5.1.3), and so does `[data-passkey="sign-up"]`, for a new
/// account: it sends the form's email and name with the options request and posts the credential to the
/// form's `data-passkey-action`. The options come from a same-origin POST of the button's form (its CSRF
/// field); the answer goes back in that form's hidden fields by an ordinary submission, so the server
/// answers it as it answers the password form.
public enum PasskeyScript {
    public static let source = #"""
        // AccountLink passkeys (docs/passkeys.md, The web pages). Same origin, no inline script.
        (function () {
          'use strict';
          if (!window.PublicKeyCredential || !navigator.credentials) { return; }

          function toBytes(text) {
            var base64 = text.replace(/-/g, '+').replace(/_/g, '/');
            while (base64.length % 4) { base64 += '='; }
            var raw = atob(base64), bytes = new Uint8Array(raw.length);
            for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
            return bytes.buffer;
          }

          function toText(buffer) {
            var bytes = new Uint8Array(buffer), raw = '';
            for (var i = 0; i < bytes.length; i++) { raw += String.fromCharCode(bytes[i]); }
            return btoa(raw).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
          }

          function withID(item) { return Object.assign({}, item, { id: toBytes(item.id) }); }

          function creationOptions(json) {
            var options = Object.assign({}, json);
            options.challenge = toBytes(json.challenge);
            options.user = withID(json.user);
            options.excludeCredentials = (json.excludeCredentials || []).map(withID);
            return options;
          }

          function requestOptions(json) {
            var options = Object.assign({}, json);
            options.challenge = toBytes(json.challenge);
            options.allowCredentials = (json.allowCredentials || []).map(withID);
            return options;
          }

          // RegistrationResponseJSON / AuthenticationResponseJSON (§5.1), binary members base64url.
          function credentialJSON(credential) {
            var r = credential.response, response = { clientDataJSON: toText(r.clientDataJSON) };
            if (r.attestationObject) {
              response.attestationObject = toText(r.attestationObject);
              response.transports = r.getTransports ? r.getTransports() : [];
            } else {
              response.authenticatorData = toText(r.authenticatorData);
              response.signature = toText(r.signature);
              response.userHandle = r.userHandle ? toText(r.userHandle) : null;
            }
            return { id: credential.id, rawId: toText(credential.rawId), type: credential.type, response: response,
                     authenticatorAttachment: credential.authenticatorAttachment || null,
                     clientExtensionResults: credential.getClientExtensionResults() };
          }

          function fetchOptions(form, fields) {
            var body = new URLSearchParams();
            ['csrf_token', 'interaction'].concat(fields || []).forEach(function (name) {
              if (form.elements[name]) { body.append(name, form.elements[name].value); }
            });
            return fetch(form.getAttribute('data-passkey-options'), {
              method: 'POST', credentials: 'same-origin', body: body, headers: { 'Accept': 'application/json' }
            }).then(function (answer) {
              if (!answer.ok) { throw new Error('passkey options: ' + answer.status); }
              return answer.json();
            });
          }

          function send(form, flowID, credential) {
            form.elements.flow_id.value = flowID;
            form.elements.credential.value = JSON.stringify(credentialJSON(credential));
            form.submit();
          }

          // A page being left (a password form submitted, a link followed) ends a pending autofill request
          // and its options fetch: that is no passkey failure to announce.
          var leaving = false;

          function failed(error) {
            if (leaving || (error && error.name === 'AbortError')) { return; }
            var note = document.querySelector('[data-passkey-error]');
            if (note) { note.setAttribute('role', 'alert'); note.hidden = false; }
          }

          var autofill = null;

          function stopAutofill() {
            if (autofill) { autofill.abort(); autofill = null; }
          }

          function signIn(form, conditional) {
            stopAutofill();
            var controller = new AbortController();
            if (conditional) { autofill = controller; }
            return fetchOptions(form).then(function (answer) {
              var options = { publicKey: requestOptions(answer.publicKey), signal: controller.signal };
              if (conditional) { options.mediation = 'conditional'; }
              return navigator.credentials.get(options).then(function (credential) {
                send(form, answer.flow_id, credential);
              });
            }).catch(failed);
          }

          function register(form) {
            stopAutofill();
            return fetchOptions(form).then(function (answer) {
              return navigator.credentials.create({ publicKey: creationOptions(answer.publicKey) })
                .then(function (credential) { send(form, answer.flow_id, credential); });
            }).catch(failed);
          }

          // A new account with a passkey instead of a password: the form's own submit stays the password's.
          function signUp(form) {
            if (!form.elements.email.reportValidity()) { return; }
            stopAutofill();
            return fetchOptions(form, ['email', 'name']).then(function (answer) {
              return navigator.credentials.create({ publicKey: creationOptions(answer.publicKey) })
                .then(function (credential) {
                  if (form.elements.password) { form.elements.password.value = ''; }
                  form.action = form.getAttribute('data-passkey-action');
                  send(form, answer.flow_id, credential);
                });
            }).catch(failed);
          }

          function start() {
            var signInForm = null;
            document.querySelectorAll('[data-passkey]').forEach(function (button) {
              var form = button.form;
              if (!form) { return; }
              if (button.getAttribute('data-passkey') === 'sign-up') {
                button.closest('[data-passkey-part]').hidden = false;
                button.addEventListener('click', function () { signUp(form); });
                return;
              }
              var action = button.getAttribute('data-passkey') === 'register' ? register : function (f) { signIn(f, false); };
              if (button.getAttribute('data-passkey') === 'sign-in') { signInForm = form; }
              form.hidden = false;
              button.addEventListener('click', function () { action(form); });
              form.addEventListener('submit', function (event) {
                if (!form.elements.credential.value) { event.preventDefault(); action(form); }
              });
            });
            var field = document.querySelector('input[autocomplete~="webauthn"]');
            if (signInForm && field && PublicKeyCredential.isConditionalMediationAvailable) {
              PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
                if (available) { signIn(signInForm, true); }
              });
            }
          }

          window.addEventListener('pagehide', function () { leaving = true; });
          document.addEventListener('submit', function (event) {
            if (!event.defaultPrevented) { leaving = true; stopAutofill(); }
          });

          if (document.readyState === 'loading') { document.addEventListener('DOMContentLoaded', start); } else { start(); }
        })();

        """#
}
