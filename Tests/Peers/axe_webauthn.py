"""axe-core as bundled by axe-selenium-python (3.x) predates HTML's `webauthn` autofill token
(HTML Living Standard §4.10.18.7.1: a field name may be followed by `webauthn`, which W3C WebAuthn
Level 3 §5.1.4 uses for passkey autofill), so it reports `autocomplete="username webauthn"` as invalid.
This drops exactly those reports: the node's value must end in `webauthn`, and what precedes it must be
a value axe-core itself accepts."""

CHECK = """
const node = document.querySelector(arguments[0]);
const value = node ? (node.getAttribute('autocomplete') || '') : '';
if (!/\\swebauthn$/i.test(value)) { return false; }
return axe.commons.text.isValidAutocomplete(value.replace(/\\s+webauthn$/i, ''));
"""


def real_violations(driver, violations):
    """The violations, minus `autocomplete-valid` nodes that are valid tokens plus `webauthn`."""
    kept = []
    for violation in violations:
        if violation["id"] == "autocomplete-valid":
            nodes = [n for n in violation["nodes"] if not driver.execute_script(CHECK, n["target"][-1])]
            if not nodes:
                continue
            violation = dict(violation, nodes=nodes)
        kept.append(violation)
    return kept
