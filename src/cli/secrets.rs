//! Secrets read from files (`--oidc-client-secret-file`, `--smtp-password-file`,
//! `--metrics-token-file`), so that they stay off the command line and out of
//! the configuration file.

use anyhow::Context as _;

/// The secret in `file`: its first line (without the line end), not empty.
/// `flag` names the flag in errors.
pub fn read_secret(file: &std::path::Path, flag: &str) -> anyhow::Result<String> {
    let text = std::fs::read_to_string(file).with_context(|| format!("{flag}: cannot read {}", file.display()))?;
    let secret = text.lines().next().unwrap_or_default().to_string();
    if secret.trim().is_empty() {
        anyhow::bail!("{flag}: {} holds no secret on its first line", file.display());
    }
    Ok(secret)
}

/// `--smtp-url` with the password of `--smtp-password-file` put in.
pub(super) fn smtp_url_with_password(
    url: Option<String>,
    password_file: Option<&std::path::Path>,
) -> anyhow::Result<Option<String>> {
    let (Some(url), Some(file)) = (&url, password_file) else {
        return Ok(url);
    };
    let password = read_secret(file, "--smtp-password-file")?;
    let mut parsed = url::Url::parse(url).map_err(|e| anyhow::anyhow!("--smtp-url is not a URL: {e}"))?;
    if parsed.username().is_empty() {
        anyhow::bail!("--smtp-password-file needs the user in --smtp-url (smtps://USER@host:465)");
    }
    parsed.set_password(Some(&password)).map_err(|()| anyhow::anyhow!("--smtp-url cannot hold a password"))?;
    Ok(Some(parsed.to_string()))
}
