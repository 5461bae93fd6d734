//! The workload calculation (Pensum) of docs/workload.md (the calculation, the balance):
//! from a teacher's courses, pool entries, theses and postings of one school
//! year, the payroll report per payroll type (Pensenmeldung), the payment,
//! the summary and the IPB balance.
//!
//! Pure: no I/O, no floating point. Every figure is a [`Decimal`]
//! (28 significant digits) and is rounded exactly where the specification
//! rounds ("to k" = half-up, [`round::half_up`]; the IPB step,
//! [`round::ipb_correction`]), nowhere else. Lessons are lessons per week
//! (single lessons in lesson postings); percents are percent of a full
//! position (100 = full time). Semester arrays are indexed 0 = semester 1,
//! 1 = semester 2.
//!
//! Oddities of the reference system (Pensenmanager v3.9–3.11) reproduced
//! on purpose:
//! - `percentAgeReliefIncluded` books percents without age relief, yet its
//!   payroll lessons apply withoutAE to them a second time (§Modes);
//! - `lessons` rounds payroll percents to 3 decimals (percent-based ones not
//!   at all) while `percentDecimals` is 2 (§Modes);
//! - the IPB correction converts d_s to lessons without removing age relief
//!   and subtracts L→P(cL) (without age relief) from a value with age
//!   relief (§IPB correction).

// `for s in 0..2` walks the semesters; `s` indexes several per-semester
// arrays and the age relief at once, which reads closer to the
// specification than zipped iterators.
#![allow(clippy::needless_range_loop)]

use rust_decimal::Decimal;

mod age_relief;
mod balance;
mod booking;
pub mod chain;
mod convert;
pub mod facts;
pub mod form_builder;
pub mod forms;
pub mod frozen_check;
mod input;
mod ipb;
mod modes;
mod output;
mod postings;
mod round;
pub mod sheet;
mod summary;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod worked_examples;

pub use age_relief::{age_on, age_relief, age_relief_for_age, age_relief_reference_day};
pub use input::{
    CalculationMode, CourseShare, PayrollType, PoolItem, PostingDetail, PostingItem, ThesisItem, WorkloadInput, Year,
};
pub use output::{Balance, Calculation, Pair, PayrollRow, PostingDetailLine, PostingLine, SummaryLine, Warning};
pub use postings::posting_semester;
pub use round::{half_up, ipb_correction};

/// Calculates one teacher's workload for one school year (§Calculation, §Balance).
///
/// Steps: age relief (§Age relief); booking of courses, pool entries and theses
/// into the payroll map (§What counts, §Payroll map); the payroll per the year's mode
/// (§Modes or §IPB correction); the summary (§Summary); postings and the balance (§Balance).
/// Values are unrounded except where the specification rounds; the caller
/// rounds them half-up to 10 decimals for JSON.
pub fn calculate(input: &WorkloadInput) -> Calculation {
    let ae = age_relief(input.birthday, input.year.graduation_year);
    let mut ctx = convert::Context::new(input, ae);

    let booked = booking::book_all(&mut ctx, input);
    let payroll = if ctx.mode.ipb_correction() {
        ipb::payroll(&mut ctx, &booked.map, input.payment)
    } else {
        modes::payroll(&mut ctx, &booked.map, input.payment)
    };
    let (summary, summary_total) =
        summary::summary(&ctx, booked.courses_total.percent, booked.theses_total, booked.pool_total);
    let (postings, postings_total) = postings::postings(&mut ctx, &input.postings);
    let balance =
        balance::balance(input.opening_balance, summary_total.percent_with_age_relief, postings_total, payroll.payment);

    Calculation {
        age_relief: ae,
        courses: booked.courses,
        courses_total: booked.courses_total,
        pool_total: booked.pool_total,
        pool_includes_age_relief: ctx.mode.age_relief_included() && ae[0] > Decimal::ZERO,
        theses: booked.theses,
        theses_total: booked.theses_total,
        postings,
        postings_total,
        summary,
        summary_total,
        payroll: payroll.rows,
        percent_decimals: payroll.percent_decimals,
        payroll_total: payroll.total,
        payment: payroll.payment,
        balance,
        warnings: ctx.into_warnings(),
    }
}
