-- Single sign-on of the web interface (src/store/session.rs, docs/web.md §Sign-in and sessions):
-- one row per started OIDC sign-in, until the identity provider sends the browser back (used once)
-- or it expires (10 minutes). `state_hash` is the SHA-256 hash of the `state` parameter; `nonce`
-- and `code_verifier` (PKCE) are needed in clear text at the callback. Timestamps as in 0011.
CREATE TABLE oidc_signin (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    state_hash BLOB NOT NULL CONSTRAINT oidc_signin_state_hash_key UNIQUE,
    nonce TEXT NOT NULL,
    code_verifier TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
