//! The generated school written as a dataset ([`Generator::dataset`]): the
//! lookup tables, the school years, subjects, teachers, classes, courses and
//! the employments their courses pay.

use std::collections::BTreeMap;

use chrono::Datelike;

use super::lesson_table::lesson_table_records;
use super::model::{fixed, Generator};
use super::school::{self, CURRICULA, SCHOOL_YEARS, SUBJECTS};
use super::teachers::AGE_REFERENCE;
use super::{opening, workload};
use crate::dataset::{
    BinaryRecord, CourseRecord, CurriculumRecord, Dataset, DivisionRecord, EmploymentRecord, LookupRecord,
    SchoolClassRecord, SchoolYearRecord, SubjectRecord, TeacherRecord,
};
use crate::domain::fixed::Fixed;

impl Generator {
    /// The dataset of the generated school: its records, the workload side
    /// ([`super::workload`]) and the next school year opened
    /// ([`super::opening`]).
    pub(super) fn dataset(&mut self) -> Dataset {
        let lookup = |items: &[(&str, &str)]| -> Vec<LookupRecord> {
            items
                .iter()
                .map(|&(code, description)| LookupRecord {
                    code: code.into(),
                    description: description.into(),
                    archived: false,
                })
                .collect()
        };
        let png = |name: &str| BinaryRecord {
            file_name: Some(name.to_string()),
            mime_type: "image/png".into(),
            data: school::PNG_1X1.into(),
        };
        let mut ds = Dataset {
            grades: lookup(school::GRADES)
                .into_iter()
                .map(|g| crate::dataset::GradeRecord {
                    code: g.code,
                    description: g.description,
                    payroll_type: None,
                    class_lesson_payroll_type: None,
                })
                .collect(),
            subject_categories: lookup(school::CATEGORIES)
                .into_iter()
                .chain(lookup(school::EXTRA_CATEGORIES))
                .collect(),
            subject_types: lookup(school::SUBJECT_TYPES),
            curricula: CURRICULA
                .iter()
                .map(|c| CurriculumRecord {
                    code: c.code.into(),
                    description: c.description.into(),
                    archived: c.archived,
                    grades: c.grades.iter().map(|g| g.to_string()).collect(),
                })
                .collect(),
            divisions: school::DIVISIONS
                .iter()
                .enumerate()
                .map(|(i, &(code, description, head))| DivisionRecord {
                    code: code.into(),
                    description: description.into(),
                    head_name: Some(head.into()),
                    head_title: Some(school::division_grouping_and_title(code).1.into()),
                    grouping: Some(school::division_grouping_and_title(code).0.into()),
                    head_signature: (i != 1).then(|| png(&format!("unterschrift-{}.png", code.to_lowercase()))),
                    logo: Some(png(&format!("logo-{}.png", code.to_lowercase()))),
                })
                .collect(),
            school_years: SCHOOL_YEARS
                .iter()
                .map(|&(code, description, graduation_year, age_relief_included, finalised, archived)| {
                    SchoolYearRecord {
                        code: code.into(),
                        description: description.into(),
                        graduation_year,
                        weeks: school::WEEKS,
                        age_relief_included: Some(age_relief_included),
                        calculation_mode: None,
                        small_group_surcharge: crate::domain::schoolyear::DEFAULT_SMALL_GROUP_SURCHARGE,
                        weekly_lessons: BTreeMap::new(),
                        show_ipb_balances: true,
                        finalised,
                        archived,
                    }
                })
                .collect(),
            subjects: SUBJECTS
                .iter()
                .map(|s| SubjectRecord {
                    code: s.code.into(),
                    description: s.description.into(),
                    category: Some(school::dataset_category(s).into()),
                    kind: s.kind.into(),
                    cross_class: s.cross_class,
                    external_code: s.external_code.map(Into::into),
                    archived: s.archived,
                    class_lesson: false,
                })
                .collect(),
            teachers: self
                .teachers
                .iter()
                .map(|t| TeacherRecord {
                    code: t.code.clone(),
                    first_name: t.first_name.clone(),
                    last_name: t.last_name.clone(),
                    email: Some(t.email.clone()),
                    birthday: Some(t.birthday.format("%Y-%m-%d").to_string()),
                    employee_number: Some(t.employee_number.clone()),
                    title: t.title.map(Into::into),
                    departments: t.departments.iter().map(|d| d.to_string()).collect(),
                    // Teachers who left before the year now running are archived.
                    archived: t.last_year < SCHOOL_YEARS[1].2,
                    gender: None,
                })
                .collect(),
            school_classes: self
                .classes
                .iter()
                .map(|c| SchoolClassRecord {
                    code: c.code.clone(),
                    curriculum: c.curriculum.code.into(),
                    division: c.division.into(),
                    graduation_year: c.graduation_year,
                    archived: c.graduation_year < SCHOOL_YEARS[1].2,
                })
                .collect(),
            lesson_table: lesson_table_records(),
            employments: self.employments(),
            courses: Vec::new(),
            ..Dataset::default()
        };
        for (y, courses) in self.courses.iter().enumerate() {
            let year = SCHOOL_YEARS[y].0;
            for c in courses {
                let codes = |list: &[usize]| list.iter().map(|&t| self.teachers[t].code.clone()).collect::<Vec<_>>();
                ds.courses.push(CourseRecord {
                    school_year: year.into(),
                    subject: c.subject.code.into(),
                    grade: c.grade.into(),
                    curriculum: c.curriculum.into(),
                    school_classes: c.classes.iter().map(|&k| self.classes[k].code.clone()).collect(),
                    teachers1: codes(&c.teachers1),
                    teachers2: codes(&c.teachers2),
                    lessons1: fixed(c.lessons1),
                    lessons2: fixed(c.lessons2),
                    cancelled: c.cancelled,
                    comments: c.comments.clone(),
                    small_group1: false,
                    small_group2: false,
                });
            }
        }
        workload::add_workload_side(&mut ds);
        let (code, description, _) = school::NEXT_YEAR;
        opening::open_next_year(&mut ds, SCHOOL_YEARS[SCHOOL_YEARS.len() - 1].0, code, description);
        ds.canonicalize();
        ds
    }

    /// One employment per teacher and school year they are active in; payments
    /// are the percent of a full position their (non-cancelled) courses make.
    fn employments(&mut self) -> Vec<EmploymentRecord> {
        let mut out = Vec::new();
        for (y, &(year, _, year_grad, ..)) in SCHOOL_YEARS.iter().enumerate() {
            // Percent in ten-thousandths, per teacher and semester; divisions taught.
            let mut pay = vec![[0i64; 2]; self.teachers.len()];
            let mut divisions: Vec<BTreeMap<&'static str, usize>> = vec![BTreeMap::new(); self.teachers.len()];
            for c in self.courses[y].iter().filter(|c| !c.cancelled) {
                let full = school::full_position(c.grade);
                for (sem, (list, lessons)) in
                    [(&c.teachers1, c.lessons1), (&c.teachers2, c.lessons2)].into_iter().enumerate()
                {
                    for &t in list.iter() {
                        pay[t][sem] += fixed(lessons).0 * 100 / full / list.len() as i64;
                    }
                }
                for &t in c.teachers1.iter().chain(&c.teachers2) {
                    for &k in &c.classes {
                        *divisions[t].entry(self.classes[k].division).or_default() += 1;
                    }
                }
            }
            for t in 0..self.teachers.len() {
                let teacher = &self.teachers[t];
                if !teacher.active(year_grad) {
                    continue;
                }
                let division = divisions[t]
                    .iter()
                    .max_by_key(|(d, n)| (**n, std::cmp::Reverse(**d)))
                    .map(|(d, _)| *d)
                    .unwrap_or(teacher.home);
                let percent = |x: i64| Fixed(((x + 50) / 100 * 100).clamp(0, 100 * 10_000));
                let (payment1, payment2) = (percent(pay[t][0]), percent(pay[t][1]));
                // The contract's band (Bandbreite): multiples of 5 around what is paid.
                let average = (payment1.0 + payment2.0) / 2 / 10_000;
                let band = ((average - 5).max(0) / 5 * 5).min(80);
                let newcomer = teacher.first_year == year_grad && year_grad > SCHOOL_YEARS[0].2;
                out.push(EmploymentRecord {
                    teacher: teacher.code.clone(),
                    school_year: year.into(),
                    division: division.into(),
                    employment_min: Some(Fixed::units(band)),
                    employment_max: Some(Fixed::units((band + 20).min(100))),
                    payment1: Some(payment1),
                    payment2: Some(payment2),
                    temporary: newcomer || (teacher.birthday.year() + 30 > AGE_REFERENCE.0 && t % 5 == 0),
                    comments: self.notes.get(&(y, t)).cloned(),
                    initial_balance: Fixed(0),
                    frozen_opening_balance: None,
                    frozen_closing_balance: None,
                });
            }
        }
        out
    }
}
