//! schoolclass storage (not yet built).
