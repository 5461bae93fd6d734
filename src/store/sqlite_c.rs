//! The one call of SQLite's C API that sqlx does not offer, and so the one
//! place of the crate allowed `unsafe` code (`src/lib.rs` denies it
//! everywhere else): switching a connection's triggers on or off, for the
//! writer's connection ([`super::writer`]).
#![allow(unsafe_code)]

use sqlx::SqliteConnection;

/// `sqlite3_db_config(SQLITE_DBCONFIG_ENABLE_TRIGGER, on)` on `conn`. Takes
/// effect for the statements prepared afterwards: SQLite compiles a
/// statement's triggers into it.
pub(super) async fn trigger_setting(conn: &mut SqliteConnection, on: bool) -> sqlx::Result<()> {
    let mut handle = conn.lock_handle().await?;
    let mut now_enabled: std::ffi::c_int = -1;
    // SAFETY: the handle is locked for the duration of the call, so no
    // statement runs on the connection meanwhile; the option takes an int
    // (0 off, 1 on) and a pointer to an int that SQLite sets to the new
    // state, which lives on this stack frame.
    let rc = unsafe {
        libsqlite3_sys::sqlite3_db_config(
            handle.as_raw_handle().as_ptr(),
            libsqlite3_sys::SQLITE_DBCONFIG_ENABLE_TRIGGER,
            std::ffi::c_int::from(on),
            &mut now_enabled as *mut std::ffi::c_int,
        )
    };
    if rc != libsqlite3_sys::SQLITE_OK || now_enabled != std::ffi::c_int::from(on) {
        return Err(sqlx::Error::Configuration(
            format!("SQLite did not set the writer's triggers to {on} (code {rc}, state {now_enabled})").into(),
        ));
    }
    Ok(())
}
