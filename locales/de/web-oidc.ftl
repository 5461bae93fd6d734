# Sign-in through the identity provider (src/web/sso.rs, docs/web.md §Sign-in and sessions), German.

oidc-signin-microsoft = Mit Microsoft anmelden
oidc-signin-generic = Mit Single Sign-on anmelden
oidc-signin-or = Oder mit einem Anmeldelink:
oidc-error-state = Diese Anmeldung ist abgelaufen, wurde schon abgeschlossen oder in einem anderen Browser begonnen. Bitte melden Sie sich erneut an.
oidc-error-denied = Die Anmeldung wurde beim Identitätsanbieter abgebrochen oder abgelehnt.
oidc-error-refused = Die Anmeldung konnte nicht bestätigt werden. Bitte melden Sie sich erneut an.
oidc-error-account = Für «{ $name }» gibt es in schoolplan kein Konto. Bitte wenden Sie sich an die Administration.
oidc-error-unavailable = Der Identitätsanbieter ist zurzeit nicht erreichbar. Bitte versuchen Sie es später erneut oder melden Sie sich mit einem Anmeldelink an.
