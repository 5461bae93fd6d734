# Sign-in through the identity provider (src/web/sso.rs, docs/web.md §Sign-in and sessions), English.

oidc-signin-microsoft = Sign in with Microsoft
oidc-signin-generic = Sign in with single sign-on
oidc-signin-or = Or with a sign-in link:
oidc-error-state = This sign-in has expired, was completed already or was started in another browser. Please sign in again.
oidc-error-denied = The sign-in was cancelled or refused at the identity provider.
oidc-error-refused = The sign-in could not be confirmed. Please sign in again.
oidc-error-account = There is no schoolplan account for “{ $name }”. Please contact the administrators.
oidc-error-unavailable = The identity provider cannot be reached at the moment. Please try again later or sign in with a sign-in link.
