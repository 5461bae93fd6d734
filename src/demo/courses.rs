//! The classes and the courses: classes for every graduation year a school
//! year or the next one has ([`Generator::make_classes`]), and the courses each
//! school year's lesson table implies ([`Generator::plan_courses`]).

use super::model::{subject, Class, Course, Generator, Role};
use super::school::{self, CURRICULA, SCHOOL_YEARS};
use crate::domain::class_grade::grade_index;

impl Generator {
    /// Classes for every graduation year with a grade in one of the school
    /// years or in the next one ([`school::NEXT_YEAR`]).
    pub(super) fn make_classes(&mut self) {
        let years: Vec<i64> = SCHOOL_YEARS.iter().map(|y| y.2).chain([school::NEXT_YEAR.2]).collect();
        let first = years.iter().copied().min().unwrap_or(0);
        let last = years.iter().copied().max().unwrap_or(0);
        for cur in CURRICULA.iter().filter(|c| c.classes_per_year > 0) {
            let n = cur.grades.len();
            for grad in first..=last + n as i64 - 1 {
                if !years.iter().any(|y| grade_index(n, grad, *y).is_some()) {
                    continue;
                }
                let per_year = cur.classes_per_year * self.scale;
                for i in 0..per_year {
                    let division = match cur.code {
                        "FMS 18" => "FMS",
                        _ if i % 10 < 5 => "NORD",
                        _ => "SUED",
                    };
                    self.classes.push(Class {
                        code: format!("{}{:02}{}", cur.class_prefix, grad % 100, letters(i)),
                        curriculum: cur,
                        division,
                        graduation_year: grad,
                    });
                }
            }
        }
    }

    /// The courses school year `y` implies (teachers not yet assigned).
    pub(super) fn plan_courses(&mut self, y: usize) -> Vec<Course> {
        let year_grad = SCHOOL_YEARS[y].2;
        let mut out = Vec::new();
        for cur in CURRICULA.iter().filter(|c| c.classes_per_year > 0) {
            let n = cur.grades.len();
            for (gi, &grade) in cur.grades.iter().enumerate() {
                let class_grad = year_grad + (n - 1 - gi) as i64;
                let classes: Vec<usize> = (0..self.classes.len())
                    .filter(|&c| {
                        std::ptr::eq(self.classes[c].curriculum, cur) && self.classes[c].graduation_year == class_grad
                    })
                    .collect();
                // Sport of two classes merged: the last two of every ten GYM classes,
                // the last two of every three FMS classes in the first year.
                let merge = |pos: usize| -> Option<bool> {
                    match cur.code {
                        "GYM 17" if pos % 10 == 8 => Some(true),
                        "GYM 17" if pos % 10 == 9 => Some(false),
                        "FMS 18" if gi == 0 && pos % 3 == 1 => Some(true),
                        "FMS 18" if gi == 0 && pos % 3 == 2 => Some(false),
                        _ => None,
                    }
                };
                for (pos, &c) in classes.iter().enumerate() {
                    for &(code, l1, l2) in school::lesson_table(cur.code, grade) {
                        let subject = subject(code);
                        let mut course_classes = vec![c];
                        let mut comments = None;
                        if code == "SP" {
                            match merge(pos) {
                                Some(false) if pos > 0 => continue,
                                Some(true) if pos + 1 < classes.len() => {
                                    course_classes.push(classes[pos + 1]);
                                    comments = Some("Sport zusammengelegt, zwei Lehrpersonen".to_string());
                                }
                                _ => {}
                            }
                        }
                        if code == "IN" && l2 == 0 {
                            comments = Some("Halbklassen, nur 1. Semester".to_string());
                        }
                        let role = match code {
                            "KL" => Role::ClassTeacher,
                            "IDAF" => Role::Interdisciplinary,
                            _ => Role::Department {
                                departments: school::teaching_departments(subject),
                                partner: None,
                                team: course_classes.len(),
                            },
                        };
                        out.push(Course {
                            subject,
                            grade,
                            curriculum: cur.code,
                            key: format!("{}|{}", self.classes[c].code, code),
                            classes: course_classes,
                            lessons1: l1,
                            lessons2: l2,
                            cancelled: false,
                            comments,
                            role,
                            teachers1: Vec::new(),
                            teachers2: Vec::new(),
                        });
                    }
                }
                for (code, count, l1, l2) in school::cross_class_offers(cur.code, grade) {
                    let subject = subject(code);
                    let count = count * self.scale;
                    for k in 0..count {
                        let optional = subject.kind == "EF" || subject.kind == "FF";
                        let cancelled = optional && self.rng.percent(8);
                        let comments = if cancelled {
                            Some("Zu wenige Anmeldungen".to_string())
                        } else if count > 1 {
                            Some(format!("Gruppe {}", k + 1))
                        } else {
                            None
                        };
                        let role = if code == "MA" || code == "SA" {
                            Role::Supervisor
                        } else {
                            let partner = school::team_partner(code);
                            Role::Department {
                                departments: school::teaching_departments(subject),
                                partner,
                                team: 1 + usize::from(partner.is_some()),
                            }
                        };
                        out.push(Course {
                            subject,
                            grade,
                            curriculum: cur.code,
                            classes: Vec::new(),
                            lessons1: l1,
                            lessons2: l2,
                            cancelled,
                            comments,
                            role,
                            key: format!("{code}|{class_grad}|{k}"),
                            teachers1: Vec::new(),
                            teachers2: Vec::new(),
                        });
                    }
                }
            }
        }
        out
    }
}

/// Class letters: a…z, then aa, ab, … (bijective base 26).
fn letters(mut i: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push((b'a' + (i % 26) as u8) as char);
        if i < 26 {
            break;
        }
        i = i / 26 - 1;
    }
    s.iter().rev().collect()
}
