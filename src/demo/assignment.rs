//! The teachers of each school year's courses ([`Generator::assign`]): the
//! same teachers as the year before where they can, else the least loaded of
//! the departments; class lessons to the class's own teachers; a few leaves
//! and changes of teacher in semester 2.

use std::collections::{BTreeMap, BTreeSet};

use super::model::{Generator, Role};
use super::rng::Rng;
use super::school::{Tenths, SCHOOL_YEARS};

impl Generator {
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
    pub(super) fn assign(&mut self, y: usize) {
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
}
