//! course domain types (not yet built).
