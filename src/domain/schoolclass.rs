//! schoolclass domain types (not yet built).
