//! employment domain types (not yet built).
