//! JSON numbers of the dataset (lessons, percent) as exact [`Fixed`] decimals.
//!
//! A number is written as an integer when whole (`3`) and with its decimals
//! otherwise (`2.5`, `1.3333`), and read back exactly: at most 4 decimal
//! places (more is an error, never rounded away). Ranges (lessons 0–99,
//! percent 0–100) are checked by the API rules on import, not here.

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};

use crate::domain::fixed::{Fixed, FixedError};

/// Widest magnitude read (whole units); the API rules narrow it.
const BOUND: i64 = 1_000_000_000;

fn from_f64<E: de::Error>(x: f64) -> Result<Fixed, E> {
    match Fixed::from_f64(x, -BOUND, BOUND) {
        Ok(f) => Ok(f),
        Err(FixedError::OutOfRange) => Err(E::custom(format!("the number {x} is out of range"))),
        Err(FixedError::TooPrecise) => Err(E::custom(format!("the number {x} has more than 4 decimal places"))),
    }
}

/// `Fixed` as a JSON number.
pub mod fixed {
    use super::*;

    /// Writes a number (integer when whole).
    pub fn serialize<S: Serializer>(v: &Fixed, s: S) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }

    /// Reads a number with at most 4 decimal places.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Fixed, D::Error> {
        from_f64(f64::deserialize(d)?)
    }
}

/// `Option<Fixed>` as a JSON number or null.
pub mod opt {
    use super::*;

    /// Writes a number or null.
    pub fn serialize<S: Serializer>(v: &Option<Fixed>, s: S) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }

    /// Reads a number with at most 4 decimal places, or null.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Fixed>, D::Error> {
        Option::<f64>::deserialize(d)?.map(from_f64).transpose()
    }
}

/// `BTreeMap<String, Fixed>` (code → number) as a JSON object of numbers.
pub mod map {
    use std::collections::BTreeMap;

    use super::*;

    /// Writes an object of numbers.
    pub fn serialize<S: Serializer>(v: &BTreeMap<String, Fixed>, s: S) -> Result<S::Ok, S::Error> {
        v.serialize(s)
    }

    /// Reads an object of numbers with at most 4 decimal places each.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BTreeMap<String, Fixed>, D::Error> {
        BTreeMap::<String, f64>::deserialize(d)?.into_iter().map(|(k, x)| Ok((k, from_f64(x)?))).collect()
    }
}
