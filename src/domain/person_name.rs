//! How a teacher's name is written, in one place for the web interface, the
//! PDFs and the mails (docs/i18n.md §Names): first name first in running text
//! and mails, last name first where a list is sorted by it, the academic
//! title on a sheet, the code before the name in a list of choices.

use super::reference_forms::TeacherRef;
use super::teacher::Teacher;

/// A person with a code and a name: a teacher, in either form.
pub trait PersonName {
    /// The code (Kürzel).
    fn code(&self) -> &str;
    /// The first name.
    fn first(&self) -> &str;
    /// The last name.
    fn last(&self) -> &str;
    /// The academic title, when the form has one and it is not blank.
    fn title(&self) -> Option<&str> {
        None
    }

    /// In running text, mails and tooltips: `Anna Muster`.
    fn name(&self) -> String {
        format!("{} {}", self.first(), self.last())
    }

    /// In a list sorted by name: `Muster Anna`.
    fn sorted_name(&self) -> String {
        format!("{} {}", self.last(), self.first())
    }

    /// On a workload sheet, with the academic title: `Dr. Anna Muster`.
    fn titled_name(&self) -> String {
        match self.title() {
            Some(title) => format!("{title} {}", self.name()),
            None => self.name(),
        }
    }

    /// A choice in a list of teachers: `MUA – Muster Anna`.
    fn choice(&self) -> String {
        format!("{} – {}", self.code(), self.sorted_name())
    }
}

impl PersonName for Teacher {
    fn code(&self) -> &str {
        &self.code
    }
    fn first(&self) -> &str {
        &self.first_name
    }
    fn last(&self) -> &str {
        &self.last_name
    }
    fn title(&self) -> Option<&str> {
        self.title.as_deref().map(str::trim).filter(|t| !t.is_empty())
    }
}

impl PersonName for TeacherRef {
    fn code(&self) -> &str {
        &self.code
    }
    fn first(&self) -> &str {
        &self.first_name
    }
    fn last(&self) -> &str {
        &self.last_name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::TeacherId;

    fn teacher(title: Option<&str>) -> Teacher {
        Teacher {
            id: TeacherId(1),
            archived: false,
            code: "MUA".into(),
            first_name: "Anna".into(),
            last_name: "Muster".into(),
            email: None,
            birthday: None,
            departments: vec![],
            employee_number: None,
            title: title.map(str::to_string),
            gender: None,
        }
    }

    #[test]
    fn each_place_has_its_order_and_a_blank_title_is_no_title() {
        let t = teacher(Some("Dr."));
        assert_eq!((t.name(), t.sorted_name()), ("Anna Muster".to_string(), "Muster Anna".to_string()));
        assert_eq!(t.titled_name(), "Dr. Anna Muster");
        assert_eq!(t.choice(), "MUA – Muster Anna");
        assert_eq!(teacher(Some("  ")).titled_name(), "Anna Muster");
        assert_eq!(teacher(None).titled_name(), "Anna Muster");
        let r = TeacherRef {
            id: TeacherId(1),
            archived: false,
            code: "MUA".into(),
            last_name: "Muster".into(),
            first_name: "Anna".into(),
            email: None,
        };
        assert_eq!((r.name(), r.titled_name(), r.choice()), (t.name(), "Anna Muster".to_string(), t.choice()));
    }
}
