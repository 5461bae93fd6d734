//! The conversions of §Notation and rounding (WL, L→P, P→L, withAE, withoutAE) and the lookup of
//! payroll types, with the warnings they raise.

use std::collections::BTreeMap;

use rust_decimal::Decimal;

use crate::domain::ids::PayrollTypeId;

use super::input::{CalculationMode, PayrollType, WorkloadInput};
use super::output::Warning;

const HUNDRED: Decimal = Decimal::ONE_HUNDRED;

/// State shared by the steps of one calculation: mode, age relief, payroll
/// types, weekly lessons, and the warnings raised so far.
#[derive(Debug)]
pub(super) struct Context<'a> {
    /// The year's calculation mode.
    pub mode: CalculationMode,
    /// AE_s in percent, index 0 = semester 1.
    pub ae: [Decimal; 2],
    /// The year's weeks (§Balance).
    pub weeks: i64,
    /// The year's small-group surcharge in lessons per week (§What counts).
    pub small_group_surcharge: Decimal,
    /// The year's graduation year (§Pool, postings, theses and notes posting semester).
    pub graduation_year: i32,
    weekly_lessons: &'a BTreeMap<PayrollTypeId, Decimal>,
    types: BTreeMap<PayrollTypeId, PayrollType>,
    lowest_saldo_type: Option<PayrollTypeId>,
    warnings: Vec<Warning>,
}

impl<'a> Context<'a> {
    /// A context for `input` with the given age relief.
    pub fn new(input: &WorkloadInput<'a>, ae: [Decimal; 2]) -> Self {
        let types: BTreeMap<PayrollTypeId, PayrollType> = input.payroll_types.iter().map(|t| (t.id, *t)).collect();
        let lowest_saldo_type = input.payroll_types.iter().min_by_key(|t| (t.saldo_order, t.id)).map(|t| t.id);
        Context {
            mode: input.year.mode,
            ae,
            weeks: input.year.weeks,
            small_group_surcharge: input.year.small_group_surcharge,
            graduation_year: input.year.graduation_year,
            weekly_lessons: &input.year.weekly_lessons,
            types,
            lowest_saldo_type,
            warnings: Vec::new(),
        }
    }

    /// The payroll type `id`. An id missing from the school's payroll types
    /// (the caller's data is inconsistent) is treated as a type that is
    /// lesson-based exactly when the year has weekly lessons for it, sorts
    /// after every known type in saldo order and allows no IPB correction.
    pub fn payroll_type(&self, id: PayrollTypeId) -> PayrollType {
        self.types.get(&id).copied().unwrap_or(PayrollType {
            id,
            lesson_based: self.weekly_lessons.contains_key(&id),
            saldo_order: i64::MAX,
            ipb_correction_allowed: false,
        })
    }

    /// Sort key of saldo order (§Modes): saldoResolvingOrder, then id.
    pub fn saldo_key(&self, id: PayrollTypeId) -> (i64, PayrollTypeId) {
        (self.payroll_type(id).saldo_order, id)
    }

    /// The school's payroll type with the lowest saldoResolvingOrder; always
    /// present in the payroll (§Payroll map). `None` only when the school has no
    /// payroll type.
    pub fn lowest_saldo_type(&self) -> Option<PayrollTypeId> {
        self.lowest_saldo_type
    }

    /// Records a warning unless it was recorded before.
    pub fn warn(&mut self, warning: Warning) {
        if !self.warnings.contains(&warning) {
            self.warnings.push(warning);
        }
    }

    /// The warnings so far, in the order first met.
    pub fn into_warnings(self) -> Vec<Warning> {
        self.warnings
    }

    /// WL(t) in lessons per week, `None` when the type converts to 0: a
    /// percent-based type (silently; §Notation and rounding "never warn") or a lesson-based type
    /// without weekly lessons (or with a non-positive entry), which warns
    /// [`Warning::NoWeeklyLessons`].
    pub fn weekly_lessons(&mut self, t: PayrollTypeId) -> Option<Decimal> {
        if !self.payroll_type(t).lesson_based {
            return None;
        }
        match self.weekly_lessons.get(&t) {
            Some(wl) if *wl > Decimal::ZERO => Some(*wl),
            _ => {
                self.warn(Warning::NoWeeklyLessons { payroll_type: t });
                None
            }
        }
    }

    /// L→P(t, l, sur) = l·100 / (WL(t) + sur): lessons per week → percent.
    /// 0 when WL(t) is missing (§Notation and rounding). `sur` is the small-group surcharge for a
    /// course's own percent (§What counts), 0 everywhere else.
    pub fn l_to_p(&mut self, t: PayrollTypeId, lessons: Decimal, sur: Decimal) -> Decimal {
        match self.weekly_lessons(t) {
            Some(wl) => lessons * HUNDRED / (wl + sur),
            None => Decimal::ZERO,
        }
    }

    /// P→L(t, p) = p·WL(t)/100: percent → lessons per week; 0 when WL(t) is
    /// missing (§Notation and rounding).
    pub fn p_to_l(&mut self, t: PayrollTypeId, percent: Decimal) -> Decimal {
        match self.weekly_lessons(t) {
            Some(wl) => percent * wl / HUNDRED,
            None => Decimal::ZERO,
        }
    }

    /// withAE_s(p) = p·(1 + AE_s/100); `s` is 0 for semester 1, 1 for
    /// semester 2.
    pub fn with_ae(&self, s: usize, p: Decimal) -> Decimal {
        p * (Decimal::ONE + self.ae[s] / HUNDRED)
    }

    /// withoutAE_s(p) = p / (1 + AE_s/100); `s` is 0 for semester 1, 1 for
    /// semester 2.
    pub fn without_ae(&self, s: usize, p: Decimal) -> Decimal {
        p / (Decimal::ONE + self.ae[s] / HUNDRED)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn conversions() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let mut ctx = Context::new(&empty_input(&year, &types), [d("4"), d("0")]);
        assert_eq!(ctx.l_to_p(PayrollTypeId(2), d("11.5"), Decimal::ZERO), d("50"));
        assert_eq!(ctx.l_to_p(PayrollTypeId(3), d("7.2"), Decimal::ZERO), d("30"));
        // small-group surcharge enlarges the full position
        assert_eq!(ctx.l_to_p(PayrollTypeId(3), d("2.6"), d("2")), d("10"));
        assert_eq!(ctx.p_to_l(PayrollTypeId(2), d("50")), d("11.5"));
        assert_eq!(ctx.with_ae(0, d("30")), d("31.2"));
        assert_eq!(ctx.without_ae(0, d("31.2")), d("30"));
        assert_eq!(ctx.with_ae(1, d("30")), d("30"));
        // percent-based types convert to 0 silently
        assert_eq!(ctx.p_to_l(PayrollTypeId(8), d("20")), Decimal::ZERO);
        assert_eq!(ctx.l_to_p(PayrollTypeId(8), d("2"), Decimal::ZERO), Decimal::ZERO);
        assert_eq!(ctx.lowest_saldo_type(), Some(PayrollTypeId(2)));
        assert!(ctx.into_warnings().is_empty());
    }

    #[test]
    fn missing_weekly_lessons_converts_to_zero_and_warns_once() {
        let mut year = spec_year(CalculationMode::Percent);
        year.weekly_lessons.remove(&PayrollTypeId(3));
        let types = spec_types();
        let mut ctx = Context::new(&empty_input(&year, &types), [Decimal::ZERO; 2]);
        assert_eq!(ctx.l_to_p(PayrollTypeId(3), d("7.2"), d("2")), Decimal::ZERO);
        assert_eq!(ctx.p_to_l(PayrollTypeId(3), d("30")), Decimal::ZERO);
        assert_eq!(ctx.into_warnings(), vec![Warning::NoWeeklyLessons { payroll_type: PayrollTypeId(3) }]);
    }

    #[test]
    fn unknown_type_sorts_last() {
        let year = spec_year(CalculationMode::Percent);
        let types = spec_types();
        let ctx = Context::new(&empty_input(&year, &types), [Decimal::ZERO; 2]);
        assert!(ctx.saldo_key(PayrollTypeId(9)) < ctx.saldo_key(PayrollTypeId(77)));
        assert!(!ctx.payroll_type(PayrollTypeId(77)).lesson_based);
        assert!(ctx.payroll_type(PayrollTypeId(1)).lesson_based);
    }
}
