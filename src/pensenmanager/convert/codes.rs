//! Codes: their natural order ([`natural_key`]) and the code derived from a
//! teacher's name when the reference has none.

use std::collections::BTreeSet;

use crate::domain::code_key;

/// Natural order of codes: digits compare as numbers (`GYM2` < `GYM10`).
pub fn natural_key(code: &str) -> Vec<(String, u64)> {
    let mut out = Vec::new();
    let mut text = String::new();
    let mut digits = String::new();
    for ch in code.trim().to_lowercase().chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
        } else {
            if !digits.is_empty() {
                out.push((std::mem::take(&mut text), digits.parse().unwrap_or(u64::MAX)));
                digits.clear();
            }
            text.push(ch);
        }
    }
    let n = if digits.is_empty() { 0 } else { digits.parse().unwrap_or(u64::MAX) };
    out.push((text, n));
    out
}

/// A code derived from a teacher's name: first letter of the first name and
/// the first two of the last name, lower case, letters a–z only; a digit is
/// added while it is taken.
pub(super) fn derived_code(first: &str, last: &str, taken: &BTreeSet<String>) -> String {
    let letters = |s: &str, n: usize| -> String {
        s.chars()
            .flat_map(|c| match c {
                'ä' | 'Ä' => vec!['a'],
                'ö' | 'Ö' => vec!['o'],
                'ü' | 'Ü' => vec!['u'],
                'é' | 'è' | 'ê' | 'É' => vec!['e'],
                c if c.is_ascii_alphabetic() => vec![c.to_ascii_lowercase()],
                _ => vec![],
            })
            .take(n)
            .collect()
    };
    let mut base = letters(first, 1) + &letters(last, 2);
    if base.is_empty() {
        base = "lp".to_string();
    }
    if !taken.contains(&code_key(&base)) {
        return base;
    }
    (2..).map(|i| format!("{base}{i}")).find(|c| !taken.contains(&code_key(c))).expect("a free code")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_compares_numbers() {
        let mut v = vec!["GYM10", "GYM2", "GYM1", "FMS3"];
        v.sort_by_key(|c| natural_key(c));
        assert_eq!(v, ["FMS3", "GYM1", "GYM2", "GYM10"]);
    }

    #[test]
    fn derived_codes_are_free() {
        let taken: BTreeSet<String> = ["amü", "amu"].iter().map(|s| s.to_string()).collect();
        assert_eq!(derived_code("Anna", "Müller", &taken), "amu2");
        assert_eq!(derived_code("Éva", "Zürcher", &BTreeSet::new()), "ezu");
    }
}
