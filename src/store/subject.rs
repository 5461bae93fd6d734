//! subject storage (not yet built).
