//! The deterministic demo school generator (docs/domain.md §The demo school).
//!
//! [`generate`] builds a whole school from the fixed tables in [`school`]:
//! classes for every graduation year that has a grade in one of the three
//! school years, teachers sized to the lessons to teach, the courses each
//! school year's lesson table implies, teachers assigned per department with
//! continuity from year to year, and employments with payments derived from
//! the assignment. The only randomness is a hand-rolled fixed-seed PRNG
//! ([`Rng`]), so the output is the same on every run and platform;
//! `data/demo-school.json` is `generate(1)` (a test keeps them equal).
//!
//! `scale` multiplies the classes per graduation year, the cross-class
//! courses and therefore the teachers — the same school, bigger, for benchmarks.
//!
//! The files, in the order of the steps:
//!
//! | file | holds |
//! |---|---|
//! | `school.rs` | the fixed tables of the school |
//! | `rng.rs` | [`Rng`], the fixed-seed random numbers |
//! | `model.rs` | the generator's state: classes, teachers, courses |
//! | `courses.rs` | the classes and the courses each school year implies |
//! | `teachers.rs` | the teachers, their names, codes and mail addresses (`names.rs`) |
//! | `assignment.rs` | the teachers of each course |
//! | `records.rs` | the dataset written from it all, with the lesson tables (`lesson_table.rs`) |
//! | `workload.rs` | the workload side of the dataset |
//! | `opening.rs` | the next school year, opened |

mod assignment;
mod courses;
mod lesson_table;
mod model;
mod names;
mod opening;
mod records;
mod rng;
pub mod school;
mod teachers;
mod workload;

use crate::dataset::{Dataset, DatasetError};
use model::Generator;
use school::SCHOOL_YEARS;

pub use rng::Rng;

/// Generates the demo school at `scale` (1 = the demo school; 0 counts as 1).
pub fn generate(scale: u32) -> Dataset {
    let mut generator = Generator::new(scale.max(1) as usize);
    generator.make_classes();
    generator.courses = (0..SCHOOL_YEARS.len()).map(|y| generator.plan_courses(y)).collect();
    generator.make_teachers();
    for y in 0..SCHOOL_YEARS.len() {
        generator.assign(y);
    }
    generator.dataset()
}

/// The shipped demo dataset (`data/demo-school.json`, embedded in the binary
/// gzip-compressed by build.rs, a tenth of its size).
pub fn shipped_dataset() -> Result<Dataset, DatasetError> {
    use std::io::Read as _;
    let packed: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/demo-school.json.gz"));
    let mut json = String::new();
    flate2::read::GzDecoder::new(packed)
        .read_to_string(&mut json)
        .expect("the demo school embedded by build.rs is gzip-compressed UTF-8");
    Dataset::from_json(&json)
}

#[cfg(test)]
mod tests;
