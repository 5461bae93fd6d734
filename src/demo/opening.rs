//! The demo's next school year, 27/28, opened from 26/27 by the very rules of
//! `POST /schoolyear/ID/open` ([`crate::domain::opening::plan`], docs/documents.md §Opening a school year).
//!
//! The dataset speaks codes; the plan speaks ids. [`open_next_year`] numbers
//! the records (id = position + 1), builds the facts, plans, and turns the
//! plan back into records.

use std::collections::{BTreeSet, HashMap};

use crate::dataset::{CourseRecord, Dataset, EmploymentRecord, PoolEntryRecord, SchoolYearRecord};
use crate::domain::code_key;
use crate::domain::fixed::Fixed;
use crate::domain::ids::{
    CurriculumId, DivisionId, GradeId, PoolTypeId, SchoolClassId, SchoolYearId, SubjectId, TeacherId,
};
use crate::domain::lessontable::{LessonEntry, LessonType};
use crate::domain::opening::{
    plan, ClassFact, CourseFact, CurriculumFact, EmploymentFact, OpeningFacts, PoolFact, SubjectFact,
};
use crate::domain::reference_forms::SchoolYearRef;

/// Code ↔ synthetic id of one kind of record.
struct Ids {
    ids: HashMap<String, i64>,
    codes: Vec<String>,
}

impl Ids {
    fn new<'a>(codes: impl IntoIterator<Item = &'a String>) -> Ids {
        let codes: Vec<String> = codes.into_iter().cloned().collect();
        Ids { ids: codes.iter().enumerate().map(|(i, c)| (code_key(c), i as i64 + 1)).collect(), codes }
    }
    fn id(&self, code: &str) -> i64 {
        *self.ids.get(&code_key(code)).unwrap_or_else(|| panic!("demo record names unknown code {code}"))
    }
    fn code(&self, id: i64) -> String {
        self.codes[(id - 1) as usize].clone()
    }
}

fn year_ref(id: i64, y: &SchoolYearRecord) -> SchoolYearRef {
    SchoolYearRef {
        id: SchoolYearId(id),
        archived: y.archived,
        code: y.code.clone(),
        description: y.description.clone(),
        graduation_year: y.graduation_year,
        finalised: y.finalised,
        age_relief_included: false,
    }
}

/// Adds school year `code` (`description`, graduating one year after `from`,
/// with `from`'s settings, open) and what opening it from `from` creates.
pub fn open_next_year(ds: &mut Dataset, from: &str, code: &str, description: &str) {
    let previous = ds.school_years.iter().find(|y| y.code == from).expect("the demo has the year to open from").clone();
    let next = SchoolYearRecord {
        code: code.into(),
        description: description.into(),
        graduation_year: previous.graduation_year + 1,
        finalised: false,
        archived: false,
        ..previous.clone()
    };
    ds.school_years.push(next.clone());

    let classes = Ids::new(ds.school_classes.iter().map(|c| &c.code));
    let curricula = Ids::new(ds.curricula.iter().map(|c| &c.code));
    let divisions = Ids::new(ds.divisions.iter().map(|d| &d.code));
    let subjects = Ids::new(ds.subjects.iter().map(|s| &s.code));
    let grades = Ids::new(ds.grades.iter().map(|g| &g.code));
    let teachers = Ids::new(ds.teachers.iter().map(|t| &t.code));
    let pool_types = Ids::new(ds.pool_types.iter().map(|t| &t.code));
    let course_fact = |c: &CourseRecord| CourseFact {
        subject: SubjectId(subjects.id(&c.subject)),
        grade: GradeId(grades.id(&c.grade)),
        curriculum: CurriculumId(curricula.id(&c.curriculum)),
        school_classes: c.school_classes.iter().map(|k| SchoolClassId(classes.id(k))).collect(),
        cancelled: c.cancelled,
        comments: c.comments.clone(),
        lessons1: c.lessons1,
        lessons2: c.lessons2,
        teachers1: c.teachers1.iter().map(|t| TeacherId(teachers.id(t))).collect(),
        teachers2: c.teachers2.iter().map(|t| TeacherId(teachers.id(t))).collect(),
        small_group1: c.small_group1,
        small_group2: c.small_group2,
    };
    let facts = OpeningFacts {
        year: year_ref(2, &next),
        previous: year_ref(1, &previous),
        classes: ds
            .school_classes
            .iter()
            .map(|c| ClassFact {
                id: SchoolClassId(classes.id(&c.code)),
                code: c.code.clone(),
                curriculum: CurriculumId(curricula.id(&c.curriculum)),
                division: DivisionId(divisions.id(&c.division)),
                graduation_year: c.graduation_year,
            })
            .collect(),
        curricula: ds
            .curricula
            .iter()
            .map(|c| CurriculumFact {
                id: CurriculumId(curricula.id(&c.code)),
                code: c.code.clone(),
                archived: c.archived,
                grades: c.grades.iter().map(|g| (GradeId(grades.id(g)), g.clone())).collect(),
            })
            .collect(),
        subjects: ds
            .subjects
            .iter()
            .map(|s| {
                let fact = SubjectFact { code: s.code.clone(), cross_class: s.cross_class, archived: s.archived };
                (SubjectId(subjects.id(&s.code)), fact)
            })
            .collect(),
        entries: ds
            .lesson_table
            .iter()
            .map(|e| LessonEntry {
                curriculum: CurriculumId(curricula.id(&e.curriculum)),
                division: e.division.as_deref().map(|d| DivisionId(divisions.id(d))),
                subject: SubjectId(subjects.id(&e.subject)),
                grade: GradeId(grades.id(&e.grade)),
                kind: LessonType::from_code(&e.kind).expect("demo lesson types are known"),
                lessons1: e.lessons1,
                lessons2: e.lessons2,
            })
            .collect(),
        previous_courses: ds.courses.iter().filter(|c| c.school_year == from).map(course_fact).collect(),
        courses: ds.courses.iter().filter(|c| c.school_year == code).map(course_fact).collect(),
        previous_employments: ds
            .employments
            .iter()
            .filter(|e| e.school_year == from)
            .map(|e| EmploymentFact {
                teacher: TeacherId(teachers.id(&e.teacher)),
                division: DivisionId(divisions.id(&e.division)),
                employment_min: e.employment_min,
                employment_max: e.employment_max,
                payment1: e.payment1,
                payment2: e.payment2,
                temporary: e.temporary,
            })
            .collect(),
        employed: ds
            .employments
            .iter()
            .filter(|e| e.school_year == code)
            .map(|e| TeacherId(teachers.id(&e.teacher)))
            .collect::<BTreeSet<_>>(),
        previous_pool: ds
            .pool_entries
            .iter()
            .filter(|p| p.school_year == from)
            .map(|p| PoolFact {
                teacher: TeacherId(teachers.id(&p.teacher)),
                kind: PoolTypeId(pool_types.id(&p.kind)),
                auto_copy: ds.pool_types.iter().any(|t| t.code == p.kind && t.auto_copy),
                description: p.description.clone(),
                percent1: p.percent1,
                percent2: p.percent2,
            })
            .collect(),
        has_pool_entries: ds.pool_entries.iter().any(|p| p.school_year == code),
    };
    let planned = plan(&facts).expect("the demo's next year opens by the course rules");

    ds.employments.extend(planned.employments.iter().map(|e| EmploymentRecord {
        teacher: teachers.code(e.teacher.0),
        school_year: code.into(),
        division: divisions.code(e.division.0),
        employment_min: e.employment_min,
        employment_max: e.employment_max,
        payment1: e.payment1,
        payment2: e.payment2,
        temporary: e.temporary,
        comments: None,
        initial_balance: Fixed(0),
        frozen_opening_balance: None,
        frozen_closing_balance: None,
    }));
    ds.courses.extend(planned.courses.iter().map(|c| CourseRecord {
        school_year: code.into(),
        subject: subjects.code(c.subject.0),
        grade: grades.code(c.grade.0),
        curriculum: curricula.code(c.curriculum.0),
        school_classes: c.school_classes.iter().map(|k| classes.code(k.0)).collect(),
        teachers1: c.teachers1.iter().map(|t| teachers.code(t.0)).collect(),
        teachers2: c.teachers2.iter().map(|t| teachers.code(t.0)).collect(),
        lessons1: c.lessons1,
        lessons2: c.lessons2,
        cancelled: c.cancelled,
        comments: c.comments.clone(),
        small_group1: c.small_group1,
        small_group2: c.small_group2,
    }));
    ds.pool_entries.extend(planned.pool_entries.iter().map(|p| PoolEntryRecord {
        school_year: code.into(),
        teacher: teachers.code(p.teacher.0),
        kind: pool_types.code(p.kind.0),
        description: p.description.clone(),
        percent1: p.percent1,
        percent2: p.percent2,
    }));
}
