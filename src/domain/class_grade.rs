//! Grade derivation (docs/domain.md §Grade of a class in a school year).

/// Index into a curriculum's ordered grades (entry grade first) of a class
/// graduating in `class_graduation_year`, in the school year graduating in
/// `school_year_graduation_year`; `None` when the class does not exist that year.
///
/// yearsToGraduation = C − Y + 1; index = (number of grades) − yearsToGraduation.
pub fn grade_index(grade_count: usize, class_graduation_year: i64, school_year_graduation_year: i64) -> Option<usize> {
    let years_to_graduation = class_graduation_year - school_year_graduation_year + 1;
    let index = grade_count as i64 - years_to_graduation;
    (0..grade_count as i64).contains(&index).then_some(index as usize)
}

#[cfg(test)]
mod tests {
    use super::grade_index;

    #[test]
    fn domain_example_gym17_in_26_27() {
        // GYM 17 has GYM1..GYM4; school year 26/27 graduates in 2027.
        assert_eq!(grade_index(4, 2027, 2027), Some(3)); // G27a -> GYM4
        assert_eq!(grade_index(4, 2030, 2027), Some(0)); // G30a -> GYM1
        assert_eq!(grade_index(4, 2028, 2027), Some(2)); // G28 -> GYM3
        assert_eq!(grade_index(4, 2031, 2027), None); // G31a not yet
        assert_eq!(grade_index(4, 2026, 2027), None); // G26a graduated
    }

    #[test]
    fn three_year_curriculum() {
        assert_eq!(grade_index(3, 2029, 2027), Some(0));
        assert_eq!(grade_index(3, 2027, 2027), Some(2));
        assert_eq!(grade_index(3, 2030, 2027), None);
        assert_eq!(grade_index(0, 2027, 2027), None);
    }
}
