//! What counts (§What counts) and the payroll map (§Payroll map).

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use super::convert::Context;
use super::input::{CalculationMode, CourseShare, WorkloadInput};
use super::output::{Pair, Warning};
use crate::domain::ids::PayrollTypeId;

/// The payroll map of §Payroll map: one accumulator per (payroll type, semester)
/// plus a total per semester, percent of a full position (including age
/// relief, except in `percentAgeReliefIncluded`).
#[derive(Debug, Clone, PartialEq, Default)]
pub(super) struct PayrollMap {
    /// Payroll type id → accumulated percent per semester. A key exists
    /// exactly when the type is present.
    values: BTreeMap<PayrollTypeId, [Decimal; 2]>,
    /// Σ of everything booked, per semester.
    total: [Decimal; 2],
}

impl PayrollMap {
    /// book(t, s, p) of §Payroll map: adds withAE_s(p) to the accumulator of `t` in
    /// semester `s` (0-based) and to the total; in `percentAgeReliefIncluded`
    /// adds `p` unchanged. Makes `t` present even when `p` is 0.
    pub fn book(&mut self, ctx: &Context, t: PayrollTypeId, s: usize, p: Decimal) {
        let amount = if ctx.mode == CalculationMode::PercentAgeReliefIncluded { p } else { ctx.with_ae(s, p) };
        self.values.entry(t).or_insert([Decimal::ZERO; 2])[s] += amount;
        self.total[s] += amount;
    }

    /// Makes `t` present without booking anything (the lowest-saldo type,
    /// §Payroll map).
    pub fn make_present(&mut self, t: PayrollTypeId) {
        self.values.entry(t).or_insert([Decimal::ZERO; 2]);
    }

    /// The accumulated value of `t` in semester `s` (0 when not present).
    pub fn value(&self, t: PayrollTypeId, s: usize) -> Decimal {
        self.values.get(&t).map_or(Decimal::ZERO, |v| v[s])
    }

    /// The total of semester `s`.
    pub fn total(&self, s: usize) -> Decimal {
        self.total[s]
    }

    /// The present types ordered by id (display order, §Payroll map).
    pub fn by_id(&self) -> Vec<PayrollTypeId> {
        self.values.keys().copied().collect()
    }

    /// The present types ordered by saldoResolvingOrder (§Modes).
    pub fn by_saldo(&self, ctx: &Context) -> Vec<PayrollTypeId> {
        let mut ids = self.by_id();
        ids.sort_by_key(|t| ctx.saldo_key(*t));
        ids
    }
}

/// What §What counts counts for one teacher, booked into the payroll map.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Booked {
    /// Per course: the teacher's lessons share and percent (without AE).
    pub courses: Vec<Pair>,
    /// Σ of `courses`.
    pub courses_total: Pair,
    /// Σ pool percents per semester, as entered.
    pub pool_total: [Decimal; 2],
    /// Annual percent per thesis item.
    pub theses: Vec<Decimal>,
    /// Σ of `theses`.
    pub theses_total: Decimal,
    /// The payroll map.
    pub map: PayrollMap,
}

/// poolPercent_s(p) of §What counts: withoutAE_s(p) in the three
/// `…AgeReliefIncluded` modes (pool entries are entered including age
/// relief there), else `p` unchanged.
pub(super) fn pool_percent(ctx: &Context, s: usize, p: Decimal) -> Decimal {
    if ctx.mode.age_relief_included() {
        ctx.without_ae(s, p)
    } else {
        p
    }
}

/// The teacher's lessons share of a course in semester `s` (§What counts):
/// lessons_s / (number of teachers) when the teacher is in that semester's
/// list, else 0. A teacher count of 0 with the teacher listed (inconsistent
/// input) is taken as 1.
pub(super) fn lessons_share(course: &CourseShare, s: usize) -> Decimal {
    if course.teaches[s] {
        course.lessons[s] / Decimal::from(course.teachers[s].max(1))
    } else {
        Decimal::ZERO
    }
}

/// Books everything §What counts counts: courses (in input order), then pool
/// entries, then theses; then makes the lowest-saldo type present (§Payroll map).
/// Postings are not booked (§What counts).
///
/// A course's percent is L→P(type, share, sur) with the small-group
/// surcharge when `small_group[s]`; on a percent-based payroll type it is 0
/// (no weekly lessons, no warning). A course without payroll type gets
/// percent 0 (its lessons share is still listed), is not booked and warns
/// [`Warning::NoPayrollType`].
pub(super) fn book_all(ctx: &mut Context, input: &WorkloadInput) -> Booked {
    let mut map = PayrollMap::default();
    let zero2 = [Decimal::ZERO; 2];

    let mut courses = Vec::with_capacity(input.courses.len());
    let mut courses_total = Pair { lessons: zero2, percent: zero2 };
    for (index, course) in input.courses.iter().enumerate() {
        let lessons = [lessons_share(course, 0), lessons_share(course, 1)];
        let mut percent = zero2;
        match course.payroll_type {
            Some(t) => {
                for s in 0..2 {
                    let sur = if course.small_group[s] { ctx.small_group_surcharge } else { Decimal::ZERO };
                    percent[s] = ctx.l_to_p(t, lessons[s], sur);
                    map.book(ctx, t, s, percent[s]);
                }
            }
            None => ctx.warn(Warning::NoPayrollType { course_index: index }),
        }
        for s in 0..2 {
            courses_total.lessons[s] += lessons[s];
            courses_total.percent[s] += percent[s];
        }
        courses.push(Pair { lessons, percent });
    }

    let mut pool_total = zero2;
    for item in &input.pool {
        for s in 0..2 {
            pool_total[s] += item.percent[s];
            let p = pool_percent(ctx, s, item.percent[s]);
            map.book(ctx, item.payroll_type, s, p);
        }
    }

    let mut theses = Vec::with_capacity(input.theses.len());
    let mut theses_total = Decimal::ZERO;
    for item in &input.theses {
        let p = item.percent_each * item.count;
        for s in 0..2 {
            map.book(ctx, item.payroll_type, s, p);
        }
        theses_total += p;
        theses.push(p);
    }

    if let Some(t) = ctx.lowest_saldo_type() {
        map.make_present(t);
    }

    Booked { courses, courses_total, pool_total, theses, theses_total, map }
}

#[cfg(test)]
mod tests {
    use super::super::input::ThesisItem;
    use super::super::test_support::*;
    use super::*;

    fn run(input: &WorkloadInput, ae: [Decimal; 2]) -> (Booked, Vec<Warning>) {
        let mut ctx = Context::new(input, ae);
        let booked = book_all(&mut ctx, input);
        (booked, ctx.into_warnings())
    }

    #[test]
    fn lowest_saldo_type_always_present() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let input = empty_input(&year, &types);
        let (b, w) = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(b.map.by_id(), vec![G2]);
        assert_eq!(b.map.value(G2, 0), Decimal::ZERO);
        assert!(w.is_empty());
    }

    #[test]
    fn zero_bookings_make_types_present() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "0"));
        input.courses.push(course(G1, "1"));
        input.pool.push(pool(PL, "0", "0"));
        let mut ctx = Context::new(&input, [Decimal::ZERO; 2]);
        let b = book_all(&mut ctx, &input);
        assert_eq!(b.map.by_id(), vec![G1, G2, F, PL]);
        assert_eq!(b.map.by_saldo(&ctx), vec![G2, G1, F, PL]);
    }

    #[test]
    fn team_teaching_splits_evenly() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        let mut c = course(F, "3");
        c.teachers = [3, 2];
        input.courses.push(c);
        let (b, _) = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(b.courses[0].lessons, [d("1"), d("1.5")]);
        assert_eq!(b.courses[0].percent[1], d("6.25")); // 1.5·100/24
        assert_eq!(shown(b.courses[0].percent[0], 10), "4.1666666667");
    }

    #[test]
    fn teacher_in_one_semester_only() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        let mut c = course(G1, "4");
        c.teaches = [false, true];
        input.courses.push(c);
        let (b, _) = run(&input, [d("4"), d("4")]);
        assert_eq!(b.courses[0].lessons, [d("0"), d("4")]);
        assert_eq!(b.courses[0].percent, [d("0"), d("4") * d("100") / d("28")]);
        // booked in both semesters, with AE
        assert!(b.map.by_id().contains(&G1));
        assert_eq!(b.map.value(G1, 0), Decimal::ZERO);
        assert_eq!(b.map.value(G1, 1), d("4") * d("100") / d("28") * d("1.04"));
        assert_eq!(b.map.total(1), b.map.value(G1, 1));
    }

    #[test]
    fn small_group_adds_surcharge_to_full_position() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        let mut c = course(BM, "5");
        c.small_group = [true, false];
        input.courses.push(c);
        let (b, _) = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(b.courses[0].percent[0], d("20")); // 5·100/(23+2)
        assert_eq!(b.courses[0].percent[1], d("500") / d("23"));
    }

    #[test]
    fn course_without_payroll_type() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "2"));
        let mut c = course(F, "3");
        c.payroll_type = None;
        input.courses.push(c.clone());
        input.courses.push(c);
        let (b, w) = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(b.courses[1].lessons, [d("3"), d("3")]);
        assert_eq!(b.courses[1].percent, [Decimal::ZERO; 2]);
        assert_eq!(b.courses_total.lessons, [d("8"), d("8")]);
        assert_eq!(b.map.total(0), d("200") / d("24"));
        assert_eq!(w, vec![Warning::NoPayrollType { course_index: 1 }, Warning::NoPayrollType { course_index: 2 }]);
    }

    #[test]
    fn lesson_type_without_weekly_lessons_warns() {
        let mut year = spec_year(CalculationMode::Percent);
        year.weekly_lessons.remove(&BM);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(BM, "4"));
        input.courses.push(course(BM, "2"));
        input.pool.push(pool(PS, "5", "5")); // percent-based: never warns
        let (b, w) = run(&input, [Decimal::ZERO; 2]);
        assert_eq!(b.courses[0].percent, [Decimal::ZERO; 2]);
        assert!(b.map.by_id().contains(&BM));
        assert_eq!(w, vec![Warning::NoWeeklyLessons { payroll_type: BM }]);
    }

    #[test]
    fn pool_and_theses() {
        let year = spec_year(CalculationMode::Lessons);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.pool.push(pool(PS, "10.4", "0"));
        input.pool.push(pool(PS, "5", "2"));
        input.theses.push(ThesisItem { payroll_type: PL, percent_each: d("0.5"), count: d("3") });
        let (b, _) = run(&input, [d("4"), d("0")]);
        assert_eq!(b.pool_total, [d("15.4"), d("2")]);
        assert_eq!(b.theses, vec![d("1.5")]);
        // with AE in semester 1
        assert_eq!(b.map.value(PS, 0), d("16.016"));
        assert_eq!(b.map.value(PS, 1), d("2"));
        assert_eq!(b.map.value(PL, 0), d("1.56"));
        assert_eq!(b.map.value(PL, 1), d("1.5"));
        assert_eq!(b.map.total(0), d("17.576"));
    }

    #[test]
    fn pool_without_ae_in_age_relief_included_modes() {
        for mode in [
            CalculationMode::LessonsAgeReliefIncluded,
            CalculationMode::Lessons2AgeReliefIncluded,
            CalculationMode::PercentAgeReliefIncluded,
        ] {
            let year = spec_year(mode);
            let types = spec_types();
            let mut input = empty_input(&year, &types);
            input.pool.push(pool(PS, "10.4", "10.4"));
            let (b, _) = run(&input, [d("4"), d("0")]);
            if mode == CalculationMode::PercentAgeReliefIncluded {
                // book adds p unchanged: the map is without AE
                assert_eq!(b.map.value(PS, 0), d("10"));
            } else {
                assert_eq!(b.map.value(PS, 0), d("10.4"));
            }
            assert_eq!(b.map.value(PS, 1), d("10.4"));
            assert_eq!(b.pool_total, [d("10.4"), d("10.4")]);
        }
    }

    #[test]
    fn percent_age_relief_included_books_courses_without_ae() {
        let year = spec_year(CalculationMode::PercentAgeReliefIncluded);
        let types = spec_types();
        let mut input = empty_input(&year, &types);
        input.courses.push(course(F, "6"));
        let (b, _) = run(&input, [d("8"), d("8")]);
        assert_eq!(b.map.value(F, 0), d("25"));
        assert_eq!(b.map.total(1), d("25"));
    }
}
