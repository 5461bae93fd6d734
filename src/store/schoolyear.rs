//! schoolyear storage (not yet built).
