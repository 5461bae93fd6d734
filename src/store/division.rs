//! division storage (not yet built).
