//! curriculum domain types (not yet built).
