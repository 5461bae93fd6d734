//! Where the web shows an object of the audit trail
//! (docs/web.md §Working together, §History): the page a live note links to, and the page a
//! history leads back to.

/// The page of object `object_type` `id` (its audit type, e.g. `teacher`,
/// `course`), of school year `year` for planning objects: a master-data
/// record's page (`/teachers/7`), a course's editor
/// (`/years/3/courses/12/edit`), an employment's or pool entry's page, a
/// posting's or a teacher's theses' form, a year's notes. `None` for types
/// without a page of their own (accounts, tokens, settings, the lesson
/// table) and for planning objects without a year.
pub fn object_page(object_type: &str, id: i64, year: Option<i64>) -> Option<String> {
    const RECORDS: &[(&str, &str)] = &[
        ("teacher", "/teachers"),
        ("subject", "/subjects"),
        ("schoolclass", "/classes"),
        ("subjectcategory", "/subjectcategories"),
        ("subjecttype", "/subjecttypes"),
        ("gender", "/genders"),
        ("curriculum", "/curricula"),
        ("division", "/divisions"),
        ("schoolyear", "/schoolyears"),
        ("account", "/admin/accounts"),
    ];
    if let Some((_, base)) = RECORDS.iter().find(|(t, _)| *t == object_type) {
        return Some(format!("{base}/{id}"));
    }
    let year = year?;
    match object_type {
        "course" => Some(format!("/years/{year}/courses/{id}/edit")),
        "employment" => Some(format!("/years/{year}/employments/{id}")),
        "poolentry" => Some(format!("/years/{year}/pool/{id}")),
        "posting" => Some(format!("/years/{year}/postings/{id}/edit")),
        "thesis" => Some(format!("/years/{year}/theses/{id}/edit")),
        "note" => Some(format!("/years/{year}/notes")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::object_page;

    #[test]
    fn records_and_planning_objects_have_pages() {
        assert_eq!(object_page("teacher", 7, None).as_deref(), Some("/teachers/7"));
        assert_eq!(object_page("course", 12, Some(3)).as_deref(), Some("/years/3/courses/12/edit"));
        assert_eq!(object_page("employment", 5, Some(3)).as_deref(), Some("/years/3/employments/5"));
        assert_eq!(object_page("course", 12, None), None);
        assert_eq!(object_page("token", 1, None), None);
    }
}
