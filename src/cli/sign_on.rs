//! The settings of the existing browser client and of single sign-on, read
//! from the flags of [`ClientArgs`] (docs/client.md §Single sign-on, docs/web.md
//! §Sign-in and sessions).

use super::args::ClientArgs;
use super::secrets::read_secret;

impl ClientArgs {
    /// The client settings and, when a JWKS source is given, the single sign-on
    /// settings (issuer and audience then required).
    pub fn settings(&self) -> anyhow::Result<(crate::api::client::ClientSettings, Option<crate::oidc::OidcConfig>)> {
        use crate::oidc::{JwksSource, OidcConfig};
        let client = crate::api::client::ClientSettings {
            tenant_id: self.oidc_tenant_id.trim().to_string(),
            client_id: self.oidc_client_id.trim().to_string(),
            features: self.client_features.iter().map(|f| f.trim().to_string()).filter(|f| !f.is_empty()).collect(),
        };
        let jwks = match (&self.oidc_jwks_url, &self.oidc_jwks_file) {
            (Some(url), _) => JwksSource::Url(url.clone()),
            (None, Some(file)) => JwksSource::File(file.clone()),
            (None, None) => return Ok((client, None)),
        };
        let Some(issuer) = self.oidc_issuer.clone().filter(|s| !s.trim().is_empty()) else {
            anyhow::bail!("single sign-on needs --oidc-issuer (e.g. https://login.microsoftonline.com/TENANT/v2.0)");
        };
        let audience = self.oidc_audience.clone().unwrap_or_else(|| client.client_id.clone());
        if audience.trim().is_empty() {
            anyhow::bail!("single sign-on needs --oidc-audience or --oidc-client-id");
        }
        let mut oidc = OidcConfig::new(jwks, issuer.trim(), audience.trim());
        let claim = self.oidc_claim.trim();
        if claim.is_empty() || claim.contains(',') {
            anyhow::bail!("--oidc-claim names one claim (e.g. unique_name or preferred_username), not `{claim}`");
        }
        oidc.claim = claim.to_string();
        oidc.keys_max_age = self.oidc_keys_max_age;
        Ok((client, Some(oidc)))
    }

    /// The web sign-in through the identity provider when `--oidc-signin` is
    /// given (issuer, https unless on this machine, and client id then
    /// required), with its redirect URI still empty: the caller sets it from
    /// the public URL ([`crate::oidc::signin::redirect_uri`]).
    pub fn signin_settings(&self) -> anyhow::Result<Option<crate::oidc::signin::SignInConfig>> {
        if !self.oidc_signin {
            return Ok(None);
        }
        let issuer = self.oidc_issuer.as_deref().map(str::trim).unwrap_or_default();
        let client_id = self.oidc_client_id.trim();
        if issuer.is_empty() || client_id.is_empty() {
            anyhow::bail!("--oidc-signin needs --oidc-issuer and --oidc-client-id");
        }
        let url = url::Url::parse(issuer).map_err(|e| anyhow::anyhow!("--oidc-issuer `{issuer}` is not a URL: {e}"))?;
        let local = matches!(url.host_str(), Some("localhost" | "127.0.0.1" | "[::1]"));
        if url.scheme() != "https" && !(url.scheme() == "http" && local) {
            anyhow::bail!("--oidc-issuer must be an https URL for --oidc-signin, not `{issuer}`");
        }
        let mut config = crate::oidc::signin::SignInConfig::new(issuer, client_id, "");
        let secret = match &self.oidc_client_secret_file {
            Some(file) => Some(read_secret(file, "--oidc-client-secret-file")?),
            None => self.oidc_client_secret.clone(),
        };
        config.client_secret = secret.filter(|s| !s.trim().is_empty());
        config.claim = self.oidc_claim.trim().to_string();
        Ok(Some(config))
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser as _;

    use super::super::args::{Cli, ClientArgs, Command};
    use super::super::secrets::smtp_url_with_password;

    /// The client flags of `schoolplan serve ARGS`.
    fn client_args(args: &[&str]) -> anyhow::Result<ClientArgs> {
        let cli =
            Cli::try_parse_from(["schoolplan", "serve"].iter().chain(args)).map_err(|e| anyhow::anyhow!("{e}"))?;
        match cli.command {
            Command::Serve { client, .. } => Ok(client),
            _ => unreachable!("serve parsed"),
        }
    }

    fn serve_args(
        args: &[&str],
    ) -> anyhow::Result<(crate::api::client::ClientSettings, Option<crate::oidc::OidcConfig>)> {
        client_args(args)?.settings()
    }

    #[test]
    fn single_sign_on_settings() {
        let (client, oidc) = serve_args(&[]).unwrap();
        assert_eq!((client.tenant_id.as_str(), client.client_id.as_str(), oidc), ("", "", None));
        let (client, oidc) = serve_args(&[
            "--oidc-client-id",
            "app",
            "--oidc-tenant-id",
            "t",
            "--oidc-jwks-file",
            "keys.json",
            "--oidc-issuer",
            "https://idp/t/v2.0",
            "--client-feature",
            "a,b",
        ])
        .unwrap();
        let oidc = oidc.expect("switched on by the key source");
        assert_eq!(
            (oidc.audience.as_str(), oidc.issuer.as_str()),
            ("app", "https://idp/t/v2.0"),
            "audience defaults to the client id"
        );
        assert_eq!(oidc.claim, "unique_name", "one claim; email only when chosen");
        assert_eq!(client.features, ["a", "b"]);
        assert!(
            serve_args(&["--oidc-jwks-url", "https://idp/keys", "--oidc-client-id", "app"]).is_err(),
            "issuer required"
        );
        assert!(
            serve_args(&["--oidc-jwks-url", "https://idp/keys", "--oidc-issuer", "i"]).is_err(),
            "audience required"
        );
        let (_, oidc) =
            serve_args(&["--oidc-jwks-url", "u", "--oidc-issuer", "i", "--oidc-audience", "a", "--oidc-claim", "upn"])
                .unwrap();
        assert_eq!(oidc.unwrap().claim, "upn");
        assert!(
            serve_args(&[
                "--oidc-jwks-url",
                "u",
                "--oidc-issuer",
                "i",
                "--oidc-audience",
                "a",
                "--oidc-claim",
                "upn,email"
            ])
            .is_err(),
            "one claim only"
        );
    }

    fn signin_args(args: &[&str]) -> anyhow::Result<Option<crate::oidc::signin::SignInConfig>> {
        client_args(args)?.signin_settings()
    }

    #[test]
    fn secrets_come_from_files() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("secret");
        std::fs::write(&file, "s3cret-from-file\n").unwrap();
        let path = file.to_str().unwrap();
        let args = ["--oidc-signin", "--oidc-issuer", "https://idp/t/v2.0", "--oidc-client-id", "app"];
        let with_file = |extra: &[&str]| signin_args(&[&args[..], extra].concat());
        let on = with_file(&["--oidc-client-secret-file", path]).unwrap().expect("switched on");
        assert_eq!(on.client_secret.as_deref(), Some("s3cret-from-file"));
        assert!(
            with_file(&["--oidc-client-secret-file", path, "--oidc-client-secret", "x"]).is_err(),
            "one or the other"
        );
        let url = smtp_url_with_password(Some("smtps://mailer@mail.school.ch:465".into()), Some(&file)).unwrap();
        assert_eq!(url.as_deref(), Some("smtps://mailer:s3cret-from-file@mail.school.ch:465"));
        assert!(smtp_url_with_password(Some("smtps://mail.school.ch:465".into()), Some(&file)).is_err(), "no user");
        std::fs::write(&file, "\nsecond line").unwrap();
        let err = with_file(&["--oidc-client-secret-file", path]).expect_err("an empty first line");
        assert!(format!("{err:#}").contains("--oidc-client-secret-file"), "{err:#}");
        assert!(with_file(&["--oidc-client-secret-file", "/no/such/secret"]).is_err());
    }

    #[test]
    fn web_sign_in_settings() {
        assert!(signin_args(&["--oidc-issuer", "https://idp/t/v2.0", "--oidc-client-id", "app"]).unwrap().is_none());
        let on = signin_args(&[
            "--oidc-signin",
            "--oidc-issuer",
            "https://idp/t/v2.0",
            "--oidc-client-id",
            "app",
            "--oidc-client-secret",
            "s3cret",
            "--oidc-claim",
            "preferred_username",
        ])
        .unwrap()
        .expect("switched on");
        assert_eq!(
            (on.issuer.as_str(), on.client_id.as_str(), on.client_secret.as_deref(), on.claim.as_str()),
            ("https://idp/t/v2.0", "app", Some("s3cret"), "preferred_username")
        );
        assert!(signin_args(&["--oidc-signin", "--oidc-client-id", "app"]).is_err(), "issuer required");
        assert!(signin_args(&["--oidc-signin", "--oidc-issuer", "https://idp/t/v2.0"]).is_err(), "client id required");
        assert!(
            signin_args(&["--oidc-signin", "--oidc-issuer", "http://idp.example/t", "--oidc-client-id", "app"])
                .is_err(),
            "plain http only on this machine"
        );
        assert!(signin_args(&["--oidc-signin", "--oidc-issuer", "http://127.0.0.1:9/t", "--oidc-client-id", "a"])
            .unwrap()
            .is_some());
    }
}
