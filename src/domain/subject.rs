//! subject domain types (not yet built).
