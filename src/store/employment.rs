//! employment storage (not yet built).
