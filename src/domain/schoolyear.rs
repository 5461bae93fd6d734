//! schoolyear domain types (not yet built).
