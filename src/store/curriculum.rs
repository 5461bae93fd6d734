//! curriculum storage (not yet built).
