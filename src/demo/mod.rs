//! The deterministic demo school generator (domain.md, "The demo school"). Being built.

use crate::dataset::Dataset;

/// Generates the demo school at `scale` (1 = the demo school).
pub fn generate(_scale: u32) -> Dataset {
    Dataset::default()
}

/// The shipped demo dataset (`data/demo-school.json`, embedded in the binary).
pub fn shipped_dataset() -> anyhow::Result<Dataset> {
    Dataset::from_json(include_str!("../../data/demo-school.json"))
}
