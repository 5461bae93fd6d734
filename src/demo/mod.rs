//! The deterministic demo school generator (docs/domain.md §The demo school).
//!
//! [`generate`] builds a whole school from the fixed tables in [`school`]:
//! classes for every graduation year that has a grade in one of the three
//! school years, teachers sized to the lessons to teach, the courses each
//! school year's lesson table implies, teachers assigned per department with
//! continuity from year to year, and employments with payments derived from
//! the assignment. The only randomness is a hand-rolled fixed-seed PRNG
//! ([`Rng`]), so the output is the same on every run and platform;
//! `data/demo-school.json` is `generate(1)` (a test keeps them equal).
//!
//! `scale` multiplies the classes per graduation year, the cross-class
//! courses and therefore the teachers — the same school, bigger, for benchmarks.

mod names;
mod opening;
pub mod school;
mod workload;

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Datelike, Duration, NaiveDate};

use crate::dataset::{
    BinaryRecord, CourseRecord, CurriculumRecord, Dataset, DatasetError, DivisionRecord, EmploymentRecord,
    LessonTableRecord, LookupRecord, SchoolClassRecord, SchoolYearRecord, SubjectRecord, TeacherRecord,
};
use crate::domain::class_grade::grade_index;
use crate::domain::fixed::Fixed;
use crate::domain::lessontable::LessonType;
use school::{Curriculum, Subject, Tenths, CURRICULA, SCHOOL_YEARS, SUBJECTS};

/// Average weekly lessons per teacher the teacher count is sized for (tenths).
const LESSONS_PER_TEACHER: Tenths = 145;
/// Day the ages of teachers refer to (start of the open school year 26/27).
const AGE_REFERENCE: (i32, u32, u32) = (2026, 8, 1);
/// E-mail domain of the fictional school (a reserved top-level domain).
const MAIL_DOMAIN: &str = "kanti-demo.example";

/// Generates the demo school at `scale` (1 = the demo school; 0 counts as 1).
pub fn generate(scale: u32) -> Dataset {
    Generator::new(scale.max(1) as usize).run()
}

/// The shipped demo dataset (`data/demo-school.json`, embedded in the binary
/// gzip-compressed by build.rs, a tenth of its size).
pub fn shipped_dataset() -> Result<Dataset, DatasetError> {
    use std::io::Read as _;
    let packed: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/demo-school.json.gz"));
    let mut json = String::new();
    flate2::read::GzDecoder::new(packed)
        .read_to_string(&mut json)
        .expect("the demo school embedded by build.rs is gzip-compressed UTF-8");
    Dataset::from_json(&json)
}

/// SplitMix64: a tiny, well-distributed PRNG; fixed seeds make runs repeatable.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// True with probability `percent`/100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
    /// One element of a non-empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

struct Class {
    code: String,
    curriculum: &'static Curriculum,
    division: &'static str,
    graduation_year: i64,
}

struct Teacher {
    code: String,
    first_name: String,
    last_name: String,
    email: String,
    birthday: NaiveDate,
    employee_number: String,
    title: Option<&'static str>,
    departments: Vec<&'static str>,
    first_year: i64,
    last_year: i64,
    /// Target employment in percent.
    target: i64,
    /// Division when the teacher teaches no class course.
    home: &'static str,
}

impl Teacher {
    fn active(&self, graduation_year: i64) -> bool {
        (self.first_year..=self.last_year).contains(&graduation_year)
    }
    /// Weekly lessons (tenths) the teacher is planned for.
    fn capacity(&self) -> Tenths {
        self.target * 23 / 10
    }
}

/// Who teaches a course.
#[derive(Debug, Clone, PartialEq)]
enum Role {
    /// Teachers of these departments; `team` more of `partner` (or the same) department.
    Department { departments: Vec<&'static str>, partner: Option<&'static str>, team: usize },
    /// The class lesson: one of the class's own teachers.
    ClassTeacher,
    /// Interdisciplinary project: two of the class's own teachers.
    Interdisciplinary,
    /// Supervision of independent work: any teacher.
    Supervisor,
}

struct Course {
    subject: &'static Subject,
    grade: &'static str,
    curriculum: &'static str,
    classes: Vec<usize>,
    lessons1: Tenths,
    lessons2: Tenths,
    cancelled: bool,
    comments: Option<String>,
    role: Role,
    /// Identifies "the same course" across years, for teacher continuity.
    key: String,
    teachers1: Vec<usize>,
    teachers2: Vec<usize>,
}

impl Course {
    fn average(&self) -> Tenths {
        (self.lessons1 + self.lessons2) / 2
    }
}

struct Generator {
    scale: usize,
    rng: Rng,
    classes: Vec<Class>,
    teachers: Vec<Teacher>,
    /// Courses per school year (index into `SCHOOL_YEARS`).
    courses: Vec<Vec<Course>>,
    /// Employment comments per (year, teacher).
    notes: BTreeMap<(usize, usize), String>,
}

fn subject(code: &str) -> &'static Subject {
    SUBJECTS.iter().find(|s| s.code == code).unwrap_or_else(|| panic!("demo table names unknown subject {code}"))
}

fn fixed(tenths: Tenths) -> Fixed {
    Fixed(tenths * 1000)
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

impl Generator {
    fn new(scale: usize) -> Generator {
        Generator {
            scale,
            rng: Rng::new(0x5C48_0014_2027_0001),
            classes: Vec::new(),
            teachers: Vec::new(),
            courses: Vec::new(),
            notes: BTreeMap::new(),
        }
    }

    fn run(mut self) -> Dataset {
        self.make_classes();
        self.courses = (0..SCHOOL_YEARS.len()).map(|y| self.plan_courses(y)).collect();
        self.make_teachers();
        for y in 0..SCHOOL_YEARS.len() {
            self.assign(y);
        }
        self.dataset()
    }

    /// Classes for every graduation year with a grade in one of the school
    /// years or in the next one ([`school::NEXT_YEAR`]).
    fn make_classes(&mut self) {
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
    fn plan_courses(&mut self, y: usize) -> Vec<Course> {
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

    /// Teachers per department, sized to the lessons of the open school year,
    /// plus a few who left and their successors.
    fn make_teachers(&mut self) {
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

    /// The least loaded active teacher (relative to capacity) of `departments`
    /// (first departments preferred over second ones), not in `exclude`;
    /// anyone active when no one of the departments is.
    fn pick(
        &self,
        year_grad: i64,
        load: &[Tenths],
        departments: &[&str],
        exclude: &[usize],
        add: Tenths,
    ) -> Option<usize> {
        let score = |t: usize, second: bool| {
            let s = (load[t] + add) * 1000 / self.teachers[t].capacity().max(1);
            if second {
                s * 13 / 10 + 150
            } else {
                s
            }
        };
        let candidates = |in_dept: bool| {
            (0..self.teachers.len())
                .filter(|t| self.teachers[*t].active(year_grad) && !exclude.contains(t))
                .filter_map(|t| {
                    let deps = &self.teachers[t].departments;
                    if !in_dept || departments.is_empty() || departments.contains(&deps[0]) {
                        Some((score(t, false), t))
                    } else if deps.iter().any(|d| departments.contains(d)) {
                        Some((score(t, true), t))
                    } else {
                        None
                    }
                })
                .min()
                .map(|(_, t)| t)
        };
        candidates(true).or_else(|| candidates(false))
    }

    /// Assigns the teachers of school year `y` (continuity from the year before).
    fn assign(&mut self, y: usize) {
        let year_grad = SCHOOL_YEARS[y].2;
        let open = !SCHOOL_YEARS[y].4 && !SCHOOL_YEARS[y].5;
        let previous: BTreeMap<String, Vec<usize>> = if y == 0 {
            BTreeMap::new()
        } else {
            self.courses[y - 1]
                .iter()
                .filter(|c| !c.teachers1.is_empty())
                .map(|c| (c.key.clone(), c.teachers1.clone()))
                .collect()
        };
        let mut load = vec![0 as Tenths; self.teachers.len()];
        let mut courses = std::mem::take(&mut self.courses[y]);
        let mut rng = Rng::new(0xC0FF_EE00 + y as u64);

        // Department and supervisor courses, in plan order.
        for course in courses.iter_mut() {
            let (departments, partner, team) = match &course.role {
                Role::Department { departments, partner, team } => (departments.clone(), *partner, *team),
                Role::Supervisor => (Vec::new(), None, 1),
                _ => continue,
            };
            if course.cancelled && rng.percent(50) {
                continue;
            }
            if open && !course.classes.is_empty() && rng.percent(2) {
                course.comments = Some("Lehrperson noch offen".to_string());
                continue;
            }
            let share = course.average() / team as Tenths;
            let mut chosen: Vec<usize> = Vec::new();
            for member in 0..team {
                let deps: Vec<&str> = match (member, partner) {
                    (0, _) | (_, None) => departments.clone(),
                    (_, Some(p)) => vec![p],
                };
                let keep = previous.get(&course.key).and_then(|prev| prev.get(member)).copied().filter(|&t| {
                    let teacher = &self.teachers[t];
                    teacher.active(year_grad)
                        && !chosen.contains(&t)
                        && (deps.is_empty() || teacher.departments.iter().any(|d| deps.contains(d)))
                        && load[t] + share <= teacher.capacity() * 115 / 100
                });
                if let Some(t) = keep.or_else(|| self.pick(year_grad, &load, &deps, &chosen, share)) {
                    chosen.push(t);
                }
            }
            if !course.cancelled {
                for &t in &chosen {
                    load[t] += share;
                }
            }
            course.teachers1 = chosen.clone();
            course.teachers2 = chosen;
        }

        // Class lessons and interdisciplinary projects: the class's own teachers.
        let mut class_teachers: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for course in courses.iter().filter(|c| matches!(c.role, Role::Department { .. })) {
            for &c in &course.classes {
                let list = class_teachers.entry(c).or_default();
                for &t in &course.teachers1 {
                    if !list.contains(&t) {
                        list.push(t);
                    }
                }
            }
        }
        let mut class_lessons = vec![0usize; self.teachers.len()];
        for course in courses.iter_mut() {
            let (count, key_prefers) = match course.role {
                Role::ClassTeacher => (1 + usize::from(rng.percent(10)), true),
                Role::Interdisciplinary => (2, false),
                _ => continue,
            };
            let own = class_teachers.get(&course.classes[0]).cloned().unwrap_or_default();
            let mut chosen: Vec<usize> = Vec::new();
            if key_prefers {
                if let Some(&t) = previous.get(&course.key).and_then(|p| p.first()) {
                    if self.teachers[t].active(year_grad) {
                        chosen.push(t);
                    }
                }
            }
            while chosen.len() < count {
                let best = own
                    .iter()
                    .copied()
                    .filter(|t| !chosen.contains(t))
                    .min_by_key(|&t| (class_lessons[t], load[t] * 1000 / self.teachers[t].capacity().max(1), t))
                    .or_else(|| self.pick(year_grad, &load, &[], &chosen, course.average()));
                match best {
                    Some(t) => chosen.push(t),
                    None => break,
                }
            }
            let share = course.average() / chosen.len().max(1) as Tenths;
            for &t in &chosen {
                load[t] += share;
                if course.role == Role::ClassTeacher {
                    class_lessons[t] += 1;
                }
            }
            if chosen.len() > 1 && course.role == Role::ClassTeacher {
                course.comments = Some("Co-Klassenlehrpersonen".to_string());
            }
            course.teachers1 = chosen.clone();
            course.teachers2 = chosen;
        }

        // A few teachers on leave in semester 2: substitutes take their courses.
        let active: Vec<usize> = (0..self.teachers.len()).filter(|&t| self.teachers[t].active(year_grad)).collect();
        let on_leave: BTreeSet<usize> = (0..active.len().div_ceil(70)).map(|_| *rng.pick(&active)).collect();
        for &t in &on_leave {
            self.notes.insert((y, t), "Bildungsurlaub im 2. Semester".to_string());
            let departments = self.teachers[t].departments.clone();
            for course in courses.iter_mut().filter(|c| c.teachers2.contains(&t) && c.lessons2 > 0) {
                let exclude: Vec<usize> =
                    course.teachers1.iter().chain(&course.teachers2).copied().chain(on_leave.iter().copied()).collect();
                let deps = match &course.role {
                    Role::Department { departments, .. } => departments.clone(),
                    _ => departments.clone(),
                };
                let share = course.lessons2 / 2;
                if let Some(sub) = self.pick(year_grad, &load, &deps, &exclude, share) {
                    load[sub] += share;
                    let pos = course.teachers2.iter().position(|&x| x == t).expect("teacher in list");
                    course.teachers2[pos] = sub;
                    if course.comments.is_none() {
                        course.comments = Some(format!("Stellvertretung im 2. Semester für {}", self.teachers[t].code));
                    }
                }
            }
        }
        // And here and there a change of teacher after semester 1.
        for course in courses.iter_mut() {
            let single = course.teachers1.len() == 1 && course.teachers1 == course.teachers2;
            if !single || course.cancelled || course.lessons2 == 0 || !rng.percent(2) {
                continue;
            }
            let Role::Department { departments, .. } = &course.role else { continue };
            let share = course.lessons2 / 2;
            if let Some(sub) = self.pick(year_grad, &load, departments, &course.teachers1, share) {
                load[sub] += share;
                course.teachers2 = vec![sub];
                course.comments.get_or_insert_with(|| "Lehrerwechsel nach dem 1. Semester".to_string());
            }
        }
        self.courses[y] = courses;
    }

    fn dataset(&mut self) -> Dataset {
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

/// The divisions whose classes follow a curriculum (FMS classes are in FMS,
/// gymnasium classes in NORD and SUED; see [`Generator::make_classes`]).
fn curriculum_divisions(curriculum: &str) -> &'static [&'static str] {
    match curriculum {
        "FMS 18" => &["FMS"],
        _ => &["NORD", "SUED"],
    }
}

/// The demo's lesson tables (docs/documents.md §Lesson table), the very tables its courses are
/// planned from ([`school::lesson_table`], [`school::cross_class_offers`]): a
/// subject that the grade before already had continues (`continuation`), any
/// other starts (`start`); electives are optional starts (the choir starts anew
/// every year). Class-based rows for every division of the curriculum.
fn lesson_table_records() -> Vec<LessonTableRecord> {
    let mut out = Vec::new();
    for cur in CURRICULA.iter().filter(|c| c.classes_per_year > 0) {
        for (gi, &grade) in cur.grades.iter().enumerate() {
            let before: &[(&str, Tenths, Tenths)] =
                if gi == 0 { &[] } else { school::lesson_table(cur.code, cur.grades[gi - 1]) };
            for &(code, l1, l2) in school::lesson_table(cur.code, grade) {
                let kind =
                    if before.iter().any(|b| b.0 == code) { LessonType::Continuation } else { LessonType::Start };
                for &division in curriculum_divisions(cur.code) {
                    out.push(LessonTableRecord {
                        curriculum: cur.code.into(),
                        division: Some(division.into()),
                        subject: code.into(),
                        grade: grade.into(),
                        kind: kind.code().into(),
                        lessons1: fixed(l1),
                        lessons2: fixed(l2),
                    });
                }
            }
            let before = if gi == 0 { Vec::new() } else { school::cross_class_offers(cur.code, cur.grades[gi - 1]) };
            for (code, _, l1, l2) in school::cross_class_offers(cur.code, grade) {
                let kind = match (subject(code).kind, code) {
                    (_, "FF CHOR") => LessonType::StartRepeating,
                    ("FF", _) => LessonType::StartOptional,
                    _ if before.iter().any(|b| b.0 == code) => LessonType::Continuation,
                    _ => LessonType::Start,
                };
                out.push(LessonTableRecord {
                    curriculum: cur.code.into(),
                    division: None,
                    subject: code.into(),
                    grade: grade.into(),
                    kind: kind.code().into(),
                    lessons1: fixed(l1),
                    lessons2: fixed(l2),
                });
            }
        }
    }
    out
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

#[cfg(test)]
mod tests;
