//! division domain types (not yet built).
