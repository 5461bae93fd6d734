//! Request ids: a random (version 4) UUID per request from tower-http's
//! [`MakeRequestUuid`], set as `x-request-id` on the request unless the client
//! sent one, copied to the response and logged as the `request_id` field of the
//! request's tracing span ([`crate::app::build_app`]).
//!
//! uuid's `fast-rng` feature (switched on in `Cargo.toml`) makes the ids from
//! a per-thread generator seeded once from the kernel instead of one
//! `getrandom` system call per request. Request ids only tell requests apart in
//! logs; they are not secrets.

pub use tower_http::request_id::MakeRequestUuid;

#[cfg(test)]
mod tests {
    use axum::http::Request;
    use tower_http::request_id::MakeRequestId as _;

    use super::MakeRequestUuid;

    fn id() -> String {
        let req = Request::new(());
        let id = MakeRequestUuid.make_request_id(&req).expect("an id");
        id.header_value().to_str().unwrap().to_string()
    }

    #[test]
    fn ids_are_distinct_version_4_uuids() {
        let a = id();
        assert_ne!(a, id());
        assert_eq!(a.len(), 36);
        let parts: Vec<&str> = a.split('-').collect();
        assert_eq!(parts.iter().map(|p| p.len()).collect::<Vec<_>>(), [8, 4, 4, 4, 12]);
        assert!(parts[2].starts_with('4'));
        assert!(matches!(parts[3].as_bytes()[0], b'8' | b'9' | b'a' | b'b'));
        assert!(a.bytes().all(|c| c == b'-' || c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
    }
}
