//! course storage (not yet built).
