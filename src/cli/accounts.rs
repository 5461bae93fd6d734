//! `schoolplan account` and `schoolplan token`: the accounts and their API
//! tokens (docs/security.md §Roles).

use super::args::{AccountAction, TokenAction};
use super::{cli_actor, open};

/// `schoolplan account add|list|signin-link`.
pub(super) async fn account(database: &str, action: AccountAction) -> anyhow::Result<()> {
    let store = open(database, false).await?;
    match action {
        AccountAction::Add { name, role, teacher } => {
            let actor = cli_actor("account add");
            let teacher = match teacher {
                Some(code) => Some(
                    crate::service::account::teacher_by_code(&store, &code)
                        .await?
                        .ok_or_else(|| anyhow::anyhow!("there is no teacher with the code {code}"))?,
                ),
                None => None,
            };
            let new = crate::service::account::NewAccount { name, role, teacher };
            let a = crate::service::account::create_account(&store, &actor, &new)
                .await
                .map_err(|e| anyhow::anyhow!("{}", e.message(crate::i18n::Lang::En)))?
                .item;
            match a.teacher {
                Some(t) => println!("account {} ({}, teacher {t}) created with id {}", a.name, a.role, a.id),
                None => println!("account {} ({}) created with id {}", a.name, a.role, a.id),
            }
        }
        AccountAction::List => {
            for a in crate::service::account::accounts(&store).await? {
                println!("{}\t{}\t{}\t{}", a.id, a.name, a.role, a.created_at);
            }
        }
        AccountAction::SigninLink { name, public_url, listen } => {
            let base = public_url.unwrap_or_else(|| format!("http://{listen}"));
            let link =
                crate::service::session::create_link(&store, &name, &base).await.map_err(|e| match e.code() {
                    crate::error::ErrorCode::NotFound => {
                        anyhow::anyhow!("there is no account named {name} (create it with `schoolplan account add`)")
                    }
                    _ => anyhow::anyhow!("{e}"),
                })?;
            eprintln!("sign-in link for {name}, valid 15 minutes and once:");
            println!("{link}");
        }
    }
    Ok(())
}

/// `schoolplan token create|revoke|list`.
pub(super) async fn token(database: &str, action: TokenAction) -> anyhow::Result<()> {
    let store = open(database, false).await?;
    match action {
        TokenAction::Create { account, expires_in_days, label } => {
            let Some(acc) = crate::service::account::account_named(&store, &account).await? else {
                anyhow::bail!("there is no account named {account} (create it with `schoolplan account add`)");
            };
            let expires = crate::service::account::expiry_in(expires_in_days.map(i64::from));
            let actor = cli_actor("token create");
            let (info, token) =
                crate::service::account::create_token(&store, &actor, acc.id, label.as_deref(), expires.as_deref())
                    .await?;
            eprintln!("token {} for {} ({}) created; it is shown only now", info.id, acc.name, acc.role);
            println!("{}", token.text);
        }
        TokenAction::Revoke { id } => {
            let info = crate::service::account::revoke_token(&store, &cli_actor("token revoke"), id).await?;
            eprintln!("token {} of {} revoked at {}", info.id, info.account_name, info.revoked_at.unwrap_or_default());
        }
        TokenAction::List => {
            for t in crate::service::account::tokens(&store).await? {
                let state = if t.revoked_at.is_some() { "revoked" } else { "active" };
                println!(
                    "{}\t{}\tsp_{}_…\t{}\t{}\texpires {}",
                    t.id,
                    t.account_name,
                    t.public_id,
                    t.label.unwrap_or_default(),
                    state,
                    t.expires_at.unwrap_or_else(|| "never".into())
                );
            }
        }
    }
    Ok(())
}
