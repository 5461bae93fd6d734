//! Test fixtures of the course module: reference forms and courses built in
//! a few words (school year 26/27, curriculum GYM 17, grade GYM4).

use super::{ClassInYear, Course};
use crate::domain::fixed::Fixed;
use crate::domain::ids::{CourseId, CurriculumId, GradeId, SchoolClassId, SchoolYearId, SubjectId};
use crate::domain::reference_forms::{CurriculumRef, LookupRef, SchoolClassRef, SchoolYearRef, SubjectRef};
use crate::error::{Error, ErrorCode};

/// An open school year.
pub fn year(id: i64, code: &str) -> SchoolYearRef {
    SchoolYearRef {
        id: SchoolYearId(id),
        archived: false,
        code: code.into(),
        description: code.into(),
        graduation_year: 2027,
        finalised: false,
        age_relief_included: false,
    }
}

/// A lookup (grade, division, subject type) whose description is its code.
pub fn lookup(id: i64, code: &str) -> LookupRef {
    LookupRef { id, code: code.into(), description: code.into() }
}

/// A curriculum whose description is its code.
pub fn curriculum(id: i64, code: &str) -> CurriculumRef {
    CurriculumRef { id: CurriculumId(id), archived: false, code: code.into(), description: code.into() }
}

/// A class of curriculum GYM 17, division GYM, graduating 2027.
pub fn class(id: i64, code: &str) -> SchoolClassRef {
    SchoolClassRef {
        id: SchoolClassId(id),
        archived: false,
        code: code.into(),
        graduation_year: 2027,
        curriculum: curriculum(1, "GYM 17"),
        division: lookup(1, "GYM"),
    }
}

/// A subject of type GF whose description is its code.
pub fn subject(id: i64, code: &str) -> SubjectRef {
    SubjectRef {
        id: SubjectId(id),
        archived: false,
        category: None,
        code: code.into(),
        description: code.into(),
        kind: lookup(1, "GF"),
    }
}

/// A course of subject `subject_code` (id 1 for `D`, 2 otherwise) with the
/// `classes` (id, code) in 26/27, grade GYM4, 2 open lessons per semester.
pub fn course(id: i64, subject_code: &str, classes: &[(i64, &str)]) -> Course {
    Course {
        id: CourseId(id),
        cancelled: false,
        comments: None,
        cross_class: false,
        curriculum: curriculum(1, "GYM 17"),
        grade: lookup(4, "GYM4"),
        lessons1: Fixed::units(2),
        lessons2: Fixed::units(2),
        school_classes: classes.iter().map(|(i, c)| class(*i, c)).collect(),
        school_year: year(1, "26/27"),
        subject: subject(if subject_code == "D" { 1 } else { 2 }, subject_code),
        teachers1: vec![],
        teachers2: vec![],
        small_group1: false,
        small_group2: false,
        open1: Fixed::units(2),
        open2: Fixed::units(2),
    }
}

/// A problem's status, code and field pointers.
pub fn code_of(e: Error) -> (u16, ErrorCode, Vec<String>) {
    match e {
        Error::Problem { code, errors, .. } => {
            (code.status().as_u16(), code, errors.into_iter().map(|e| e.pointer).collect())
        }
        Error::Internal(e) => panic!("internal: {e}"),
    }
}

/// Class `code` of curriculum `curr` (code `C<curr>`) with grade `grade`
/// (code `G<grade>`) in the year, or none.
pub fn in_year(id: i64, code: &str, curr: i64, grade: Option<i64>) -> ClassInYear {
    ClassInYear {
        id: SchoolClassId(id),
        code: code.into(),
        curriculum: CurriculumId(curr),
        curriculum_code: format!("C{curr}"),
        grade: grade.map(|g| (GradeId(g), format!("G{g}"))),
    }
}

/// Whether the problem's detail and every field error's text come from the
/// catalogue (no English literal), so that each language has its own sentence.
pub fn keyed(e: &Error) -> bool {
    match e {
        Error::Problem { text, errors, .. } => !text.is_literal() && errors.iter().all(|f| !f.text.is_literal()),
        Error::Internal(_) => false,
    }
}
