//! The teachers: as many per department as the open school year's lessons
//! need, a few leaving and replaced ([`Generator::make_teachers`]), each with a
//! name, a free code and a mail address of the fictional school.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Duration, NaiveDate};

use super::model::{Generator, Role, Teacher};
use super::names;
use super::school::{self, Tenths, SCHOOL_YEARS};

/// Average weekly lessons per teacher the teacher count is sized for (tenths).
const LESSONS_PER_TEACHER: Tenths = 145;
/// Day the ages of teachers refer to (start of the open school year 26/27).
pub(super) const AGE_REFERENCE: (i32, u32, u32) = (2026, 8, 1);
/// E-mail domain of the fictional school (a reserved top-level domain).
const MAIL_DOMAIN: &str = "kanti-demo.example";

impl Generator {
    /// Teachers per department, sized to the lessons of the open school year,
    /// plus a few who left and their successors.
    pub(super) fn make_teachers(&mut self) {
        let open = SCHOOL_YEARS.len() - 1;
        let mut demand: BTreeMap<&'static str, Tenths> = BTreeMap::new();
        for course in &self.courses[open] {
            if let Role::Department { departments, partner, .. } = &course.role {
                if let Some(first) = departments.first() {
                    *demand.entry(first).or_default() += course.average();
                }
                if let Some(p) = partner {
                    *demand.entry(p).or_default() += course.average() / 2;
                }
            }
        }
        let years: Vec<i64> = SCHOOL_YEARS.iter().map(|y| y.2).collect();
        let (first_year, last_year) = (years[0], years[years.len() - 1]);
        let mut used_codes = BTreeSet::new();
        let mut used_mails = BTreeSet::new();
        let mut used_names = BTreeSet::new();
        for (ci, &(category, _)) in school::CATEGORIES.iter().enumerate() {
            let lessons = demand.get(category).copied().unwrap_or(0);
            let count = ((lessons + LESSONS_PER_TEACHER / 2) / LESSONS_PER_TEACHER).max(1) as usize;
            // Some leave (after the first or second year) and are replaced.
            let leavers = if count >= 3 { (count / 8).max(1) } else { 0 };
            let mut spans: Vec<(i64, i64)> = vec![(first_year, last_year); count - leavers];
            for l in 0..leavers {
                let end = if (ci + l) % 2 == 0 { first_year } else { first_year + 1 };
                spans.push((first_year, end));
                spans.push((end + 1, last_year));
            }
            for (span_index, (start, end)) in spans.into_iter().enumerate() {
                let newcomer = start > first_year;
                let t = self.make_teacher(
                    category,
                    start,
                    end,
                    newcomer,
                    span_index,
                    &mut used_codes,
                    &mut used_mails,
                    &mut used_names,
                );
                self.teachers.push(t);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn make_teacher(
        &mut self,
        category: &'static str,
        first_year: i64,
        last_year: i64,
        newcomer: bool,
        index: usize,
        used_codes: &mut BTreeSet<String>,
        used_mails: &mut BTreeSet<String>,
        used_names: &mut BTreeSet<(String, String)>,
    ) -> Teacher {
        let rng = &mut self.rng;
        let (mut first_name, mut last_name) = (String::new(), String::new());
        for _ in 0..50 {
            let female = rng.percent(52);
            first_name = rng.pick(if female { names::FEMALE } else { names::MALE }).to_string();
            last_name = rng.pick(names::LAST).to_string();
            if !used_names.contains(&(first_name.clone(), last_name.clone())) {
                break;
            }
        }
        used_names.insert((first_name.clone(), last_name.clone()));
        let code = teacher_code(&first_name, &last_name, used_codes);
        let mut mail = format!("{}.{}", names::mail_part(&first_name), names::mail_part(&last_name));
        if used_mails.contains(&mail) {
            let base = mail.clone();
            mail = (2..).map(|n| format!("{base}{n}")).find(|m| !used_mails.contains(m)).expect("a free address");
        }
        used_mails.insert(mail.clone());
        let age = if newcomer { 25 + rng.below(11) as i64 } else { 28 + rng.below(37) as i64 };
        let (ry, rm, rd) = AGE_REFERENCE;
        let latest = NaiveDate::from_ymd_opt(ry - age as i32, rm, rd).expect("valid date");
        let birthday = latest - Duration::days(rng.below(365) as i64);
        let title = match rng.below(100) {
            0..=11 => Some("Dr."),
            12..=13 => Some("Prof. Dr."),
            14..=16 => Some("lic. phil."),
            17..=18 => Some("MSc"),
            _ => None,
        };
        let seconds = school::second_departments(category);
        let mut departments = vec![category];
        let wants_second = matches!(category, "ITA" | "SPA" | "LAT" | "PHI" | "REL") || rng.percent(35);
        if wants_second && !seconds.is_empty() {
            departments.push(*rng.pick(seconds));
        }
        let target = *rng.pick(&[40, 50, 50, 60, 60, 70, 70, 80, 90, 100]);
        let number = self.teachers.len();
        let employee_number = format!("{}", 100_000 + number * 37 + self.rng.below(30));
        Teacher {
            code,
            first_name,
            last_name,
            email: format!("{mail}@{MAIL_DOMAIN}"),
            birthday,
            employee_number,
            title,
            departments,
            first_year,
            last_year,
            target,
            home: if index.is_multiple_of(2) { "NORD" } else { "SUED" },
        }
    }
}

/// A free three-letter code for a teacher: first letter of the first name and
/// two of the last name where possible (`Anna Müller` → `amu`), else any free one.
fn teacher_code(first: &str, last: &str, used: &mut BTreeSet<String>) -> String {
    let f = names::code_letters(first);
    let l = names::code_letters(last);
    let f0 = f.first().copied().unwrap_or('x');
    let mut take = |code: String| -> Option<String> {
        if used.contains(&code) {
            None
        } else {
            used.insert(code.clone());
            Some(code)
        }
    };
    for j in 0..l.len() {
        for k in j + 1..l.len() {
            if let Some(code) = take([f0, l[j], l[k]].iter().collect()) {
                return code;
            }
        }
    }
    for &f1 in f.iter().skip(1) {
        for &lj in &l {
            if let Some(code) = take([f0, f1, lj].iter().collect()) {
                return code;
            }
        }
    }
    for a in std::iter::once(f0).chain('a'..='z') {
        for b in 'a'..='z' {
            for c in 'a'..='z' {
                if let Some(code) = take([a, b, c].iter().collect()) {
                    return code;
                }
            }
        }
    }
    (0..).find_map(|n| take(format!("{f0}{n:03}"))).expect("a free code")
}
