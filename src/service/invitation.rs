//! "Lehrpersonen einladen" (docs/teachers.md §Inviting the teachers): for a
//! school year, every teacher employed that year who has a valid e-mail
//! address and no account gets a `teacher` account named by that address,
//! bound to them, and a personal sign-in link valid for
//! [`INVITATION_LIFETIME`]. [`invitees`] lists them first (what the
//! administrator sees before anything happens); [`invite`] creates the
//! accounts and links in one transaction, each account audited.

use chrono::Duration;

use super::audit::Actor;
use super::outbox::{invitation_mail, queue, MailSettings};
use super::session::link_in;
use crate::domain::ids::SchoolYearId;
use crate::domain::reference_forms::TeacherRef;
use crate::domain::teacher::valid_email;
use crate::error::{Error, Result};
use crate::store::employment::EmploymentFilter;
use crate::store::{Conn, Store};

/// How long an invitation's sign-in link is valid.
pub const INVITATION_LIFETIME: Duration = Duration::days(14);

/// A teacher to invite.
#[derive(Debug, Clone, PartialEq)]
pub struct Invitee {
    /// The teacher.
    pub teacher: TeacherRef,
    /// The address: the new account's name and where the link goes.
    pub email: String,
}

/// An invited teacher: the account made and the sign-in link (shown once).
#[derive(Debug, Clone, PartialEq)]
pub struct Invited {
    /// The teacher and the address.
    pub invitee: Invitee,
    /// The new account's id.
    pub account: i64,
    /// The sign-in link.
    pub link: String,
    /// Whether the link was queued to be mailed.
    pub mailed: bool,
}

/// The teachers of `year` to invite, read on `conn`, by code: employed that
/// year, with a valid e-mail address, without an account of their own, and
/// whose address names no account yet. 404 for an unknown year.
async fn invitees_on(conn: &mut Conn, year: SchoolYearId) -> Result<Vec<Invitee>> {
    if conn.get_school_year(year).await?.is_none() {
        return Err(Error::not_found(SchoolYearId::KIND, year.0));
    }
    let employments = conn.list_employments(EmploymentFilter { school_year: Some(year), teacher: None }).await?;
    let bound: Vec<_> = conn.teacher_accounts().await?.into_iter().map(|(t, _, _)| t).collect();
    let names: Vec<String> =
        conn.list_accounts().await?.into_iter().map(|a| crate::domain::code_key(&a.name)).collect();
    let mut out: Vec<Invitee> = employments
        .into_iter()
        .filter(|e| !bound.contains(&e.teacher.id))
        .filter_map(|e| {
            let email = e.teacher.email.clone().map(|m| m.trim().to_string()).filter(|m| valid_email(m))?;
            (!names.contains(&crate::domain::code_key(&email)))
                .then(|| Invitee { teacher: e.teacher.reference.clone(), email })
        })
        .collect();
    out.sort_by(|a, b| a.teacher.code.cmp(&b.teacher.code));
    out.dedup_by(|a, b| a.teacher.id == b.teacher.id);
    Ok(out)
}

/// The teachers of `year` an invitation would reach (see [`invitees_on`]),
/// read in one snapshot.
pub async fn invitees(store: &Store, year: SchoolYearId) -> Result<Vec<Invitee>> {
    store.snapshot(async |conn| invitees_on(conn, year).await).await
}

/// Invites the teachers of `year` for `actor`: in one transaction, for each
/// of [`invitees_on`] (read again inside it), a `teacher` account named by
/// the address and bound to the teacher, audited, and a sign-in link under
/// `base_url` valid for [`INVITATION_LIFETIME`]; with `mail`, the mail of
/// each link is queued in the same transaction (its text in the school's
/// language). Returns who was invited, with their links (shown once, stored
/// only as hashes, and in a queued mail's body until it is sent).
pub async fn invite(
    store: &Store,
    actor: &Actor,
    year: SchoolYearId,
    base_url: &str,
    mail: Option<&MailSettings>,
) -> Result<Vec<Invited>> {
    let mut tx = store.begin().await?;
    let list = invitees_on(&mut tx, year).await?;
    let code = tx.get_school_year(year).await?.map(|y| y.code).unwrap_or_default();
    let mut out = Vec::with_capacity(list.len());
    let mut mails = Vec::new();
    for invitee in list {
        let account = tx.create_teacher_account(&invitee.email, invitee.teacher.id).await?;
        actor.record(&mut tx, "account", account.id, None::<&()>, Some(&account)).await?;
        let link = link_in(&mut tx, account.id, base_url, INVITATION_LIFETIME).await?;
        if let Some(m) = mail {
            let days = INVITATION_LIFETIME.num_days();
            let mailed = super::session::mailed(&link);
            mails.push(invitation_mail(m.lang, &invitee.teacher, &invitee.email, &code, &mailed, days));
        }
        out.push(Invited { invitee, account: account.id, link, mailed: mail.is_some() });
    }
    queue(&mut tx, &mails).await?;
    tx.commit().await?;
    Ok(out)
}
