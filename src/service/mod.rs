//! Use cases that combine the store and the pure domain rules: they read
//! through [`crate::store::Conn`] (never SQL of their own) and build the
//! forms the API answers with.

pub mod balances;
pub mod check;
pub mod course;
pub mod employment;
pub mod grid;
pub mod opening;
pub mod pool;
pub mod references;
pub mod schoolyear;
pub mod session;
pub mod workload;
