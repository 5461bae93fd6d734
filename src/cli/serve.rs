//! `schoolplan serve`: the HTTP service, with the demo school when asked
//! (docs/operations.md).

use anyhow::Context as _;
use tokio::net::TcpListener;

use super::args::Command;
use super::cli_actor;
use super::secrets::{read_secret, smtp_url_with_password};
use crate::app::{self, AppConfig};
use crate::auth::Role;
use crate::service::Store;

/// `schoolplan serve`: migrates the database, loads the demo school with
/// `--demo`, and serves until a shutdown signal. `command` is the
/// [`Command::Serve`] that [`run`](super::run) matched.
pub(super) async fn serve(database: &str, command: Command) -> anyhow::Result<()> {
    let Command::Serve {
        listen,
        demo,
        request_timeout,
        rate_limit,
        rate_burst,
        cors_origins,
        header_read_timeout,
        client,
        job_workers,
        job_lease,
        job_lease_renewal,
        jobs_per_account,
        job_products_per_account,
        job_products_total,
        smtp_url,
        change_check,
        public_url,
        default_language,
        live_streams,
        db,
        smtp_password_file,
        mail_from,
        outdated_check,
        metrics_listen,
        metrics_token,
        metrics_token_file,
    } = command
    else {
        unreachable!("run passes only `serve` here");
    };
    let smtp_url = smtp_url_with_password(smtp_url, smtp_password_file.as_deref())?;
    let metrics_token = match metrics_token_file {
        Some(file) => Some(read_secret(&file, "--metrics-token-file")?),
        None => metrics_token,
    };
    if job_lease_renewal.is_zero() || job_lease_renewal >= job_lease {
        anyhow::bail!("--job-lease-renewal must be above zero and below --job-lease");
    }
    let client_compat = client.client_compat;
    let compat_listen = client.client_compat_listen.clone();
    let signin = client.signin_settings()?;
    let (client, oidc) = client.settings()?;
    let store = Store::connect_with(database, &db.settings()).await?;
    store.migrate().await?;
    let demo_tokens = if demo {
        let dataset = crate::demo::shipped_dataset()?;
        crate::dataset::import(&store, &dataset).await.context("cannot load the demo school")?;
        tracing::info!("demo school loaded");
        Some(demo_credentials(&store).await?)
    } else {
        None
    };
    let listener = bind(&listen).await?;
    let addr = listener.local_addr()?;
    if let Some((admin, reader)) = demo_tokens {
        println!("Demo school loaded. Demo tokens (shown only now):");
        println!("  admin  (demo-admin):  {admin}   reads and writes");
        println!("  reader (demo-reader): {reader}   reads only (writes get 403)");
        println!("Try:");
        println!("  curl -s -H 'Authorization: Bearer {admin}' http://{addr}/api/v1/schoolyear");
    }
    println!("schoolplan listens on http://{addr}; API documentation: http://{addr}/docs");
    let base = public_url.clone().unwrap_or_else(|| format!("http://{addr}"));
    if demo {
        let link = crate::service::session::create_link(&store, "demo-admin", &base).await?;
        println!("Sign in to the web interface as demo-admin (valid 15 minutes, once): {link}");
    }
    tracing::info!(address = %listener.local_addr()?, database = %redact(database), "schoolplan listening");
    let compat_listener = match &compat_listen {
        Some(address) => {
            let l = bind(address).await?;
            println!("the existing client's mount listens on http://{}", l.local_addr()?);
            Some(l)
        }
        None => None,
    };
    app::serve_with_compat(
        listener,
        compat_listener,
        store.clone(),
        AppConfig {
            request_timeout,
            rate_limit: rate_limit.0,
            rate_burst,
            cors_origins,
            header_read_timeout,
            client_compat,
            client,
            oidc,
            jobs: crate::jobs::JobConfig {
                workers: usize::from(job_workers),
                smtp_url,
                mail_from,
                mail_lang: default_language,
                mail_base: Some(base.clone()),
                outdated_check,
                lease: job_lease,
                renewal: job_lease_renewal,
                per_account: jobs_per_account,
                product_caps: crate::service::job::ProductCaps {
                    per_account: job_products_per_account.saturating_mul(crate::jobs::MIB),
                    total: job_products_total.saturating_mul(crate::jobs::MIB),
                },
                ..crate::jobs::JobConfig::default()
            },
            change_check,
            web: crate::web::WebConfig {
                public_url,
                signin: signin.map(|c| crate::oidc::signin::SignInConfig {
                    redirect_uri: crate::oidc::signin::redirect_uri(&base),
                    ..c
                }),
                default_lang: default_language,
            },
            live_streams: live_streams as usize,
            metrics: app::MetricsConfig { listen: metrics_listen, token: metrics_token },
        },
        app::shutdown_signal(),
    )
    .await?;
    store.close().await;
    Ok(())
}

/// Binds `listen` (`HOST:PORT`): an IP address as it is, a host name
/// resolved (`localhost:8080`), trying its addresses in order.
pub async fn bind(listen: &str) -> anyhow::Result<TcpListener> {
    let addrs: Vec<std::net::SocketAddr> = tokio::net::lookup_host(listen)
        .await
        .with_context(|| format!("cannot listen on {listen}: not HOST:PORT with a known host"))?
        .collect();
    let mut last = None;
    for addr in &addrs {
        match TcpListener::bind(addr).await {
            Ok(listener) => return Ok(listener),
            Err(e) => last = Some(anyhow::Error::new(e).context(format!("cannot listen on {listen} ({addr})"))),
        }
    }
    Err(last.unwrap_or_else(|| anyhow::anyhow!("cannot listen on {listen}: the host has no address")))
}

/// Creates the demo accounts `demo-admin` (admin) and `demo-reader` (reader)
/// with one token each ([`crate::service::account::create_demo_accounts`]);
/// returns the two token texts.
async fn demo_credentials(store: &Store) -> anyhow::Result<(String, String)> {
    let accounts = [("demo-admin", Role::Admin), ("demo-reader", Role::Reader)];
    let mut tokens =
        crate::service::account::create_demo_accounts(store, &cli_actor("serve --demo"), &accounts).await?;
    let reader = tokens.pop().map(|t| t.text).unwrap_or_default();
    let admin = tokens.pop().map(|t| t.text).unwrap_or_default();
    Ok((admin, reader))
}

/// The database URL without a password, for logs.
fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn listen_accepts_host_names() {
        let listener = bind("localhost:0").await.expect("localhost resolves");
        assert!(listener.local_addr().unwrap().ip().is_loopback());
        let err = bind("no-such-host.invalid:8080").await.expect_err("an unknown host");
        assert!(format!("{err:#}").contains("no-such-host.invalid:8080"), "{err:#}");
    }
}
