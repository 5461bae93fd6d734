//! The worked examples of §Worked examples and end-to-end checks of [`super::calculate`].
//!
//! Where §Worked examples states a displayed value (e.g. "47.83 %"), the test formats the
//! unrounded value the way a client does (half-up to 2 decimals for
//! lessons, to `percentDecimals` for payroll percents) via
//! [`shown`]; where it states a value that the mode itself rounds, the
//! test compares the value exactly.

use rust_decimal::Decimal;

use super::booking::book_all;
use super::convert::Context;
use super::input::{CalculationMode, PostingDetail, PostingItem, ThesisItem, WorkloadInput, Year};
use super::ipb::semester_correction;
use super::output::{Calculation, PayrollRow, Warning};
use super::test_support::*;
use super::{calculate, PayrollType};

fn teacher_a<'a>(year: &'a Year, types: &'a [PayrollType]) -> WorkloadInput<'a> {
    let mut input = empty_input(year, types);
    input.birthday = Some(date(1978, 1, 18));
    input.payment = [d("75"), d("75")];
    input.courses = vec![course(G2, "4"), course(G2, "4"), course(GK2, "1"), course(G2, "3")];
    input.pool = vec![pool(PS, "15", "15"), pool(PS, "5", "5")];
    input
}

fn teacher_b<'a>(year: &'a Year, types: &'a [PayrollType]) -> WorkloadInput<'a> {
    let mut input = empty_input(year, types);
    input.birthday = Some(date(1974, 6, 8));
    input.payment = [d("60"), d("60")];
    input.courses = vec![course(G2, "2"), course(F, "7.2"), course(BM, "2.4"), course(FK, "1")];
    input
}

/// (type, correction, lessons₁ shown, percent₁ shown) of every row, displayed
/// with 2 decimals for lessons ("—" for 0) and `percentDecimals` for percents.
fn display(c: &Calculation) -> Vec<(PayrollTypeId, bool, String, String)> {
    c.payroll
        .iter()
        .map(|r: &PayrollRow| {
            let lessons = if r.lessons[0].is_zero() { "—".to_string() } else { shown(r.lessons[0], 2) };
            (r.payroll_type, r.correction, lessons, shown(r.percent[0], c.percent_decimals))
        })
        .collect()
}

fn row(t: PayrollTypeId, correction: bool, lessons: &str, percent: &str) -> (PayrollTypeId, bool, String, String) {
    (t, correction, lessons.to_string(), percent.to_string())
}

fn same_in_both_semesters(c: &Calculation) {
    for r in &c.payroll {
        assert_eq!(r.lessons[0], r.lessons[1]);
        assert_eq!(r.percent[0], r.percent[1]);
    }
    assert_eq!(c.payroll_total[0], c.payroll_total[1]);
}

#[test]
fn teacher_a_booked() {
    let year = spec_year(CalculationMode::Percent);
    let types = spec_types();
    let input = teacher_a(&year, &types);
    let mut ctx = Context::new(&input, [Decimal::ZERO; 2]);
    let booked = book_all(&mut ctx, &input);
    assert_eq!(super::age_relief(input.birthday, 2027), [Decimal::ZERO; 2]); // no AE
                                                                             // G2 11 L = 47.826 %, GK2 1 L = 5 %, PS 20 %; total 72.826 %, diff +2.174 %
    assert_eq!(shown(booked.map.value(G2, 0), 3), "47.826");
    assert_eq!(booked.map.value(GK2, 0), d("5"));
    assert_eq!(booked.map.value(PS, 0), d("20"));
    assert_eq!(shown(booked.map.total(0), 3), "72.826");
    assert_eq!(shown(input.payment[0] - booked.map.total(0), 3), "2.174");
    assert_eq!(booked.map.by_id(), vec![G2, GK2, PS]);
}

#[test]
fn teacher_a_ipb_correction_figures() {
    let year = spec_year(CalculationMode::Lessons2);
    let types = spec_types();
    let input = teacher_a(&year, &types);
    let mut ctx = Context::new(&input, [Decimal::ZERO; 2]);
    let booked = book_all(&mut ctx, &input);
    let c = semester_correction(&mut ctx, &booked.map, input.payment, 0).unwrap();
    // correction type G2; d = −2.174 %, x = −0.5 → cL = −0.50
    assert_eq!(c.payroll_type, G2);
    assert_eq!(shown(c.difference, 3), "-2.174");
    assert_eq!(shown(ctx.p_to_l(G2, c.difference), 8), "-0.50000000");
    assert_eq!(c.lessons, d("-0.50"));
}

#[test]
fn teacher_a_percent() {
    let year = spec_year(CalculationMode::Percent);
    let types = spec_types();
    let c = calculate(&teacher_a(&year, &types));
    // the diff goes to G2 (saldo 1): G2 11.50 L / 50 %, GK2 1.00 L / 5 %, PS — / 20 %; total 75
    assert_eq!(
        display(&c),
        vec![row(G2, false, "11.50", "50.000"), row(GK2, false, "1.00", "5.000"), row(PS, false, "—", "20.000"),]
    );
    assert_eq!(c.payroll[0].lessons[0], d("11.5"));
    assert_eq!(c.payroll[0].percent[0], d("50"));
    assert_eq!(c.percent_decimals, 3);
    assert_eq!(c.payroll_total, [d("75"), d("75")]);
    assert_eq!(c.payment, d("75"));
    same_in_both_semesters(&c);
    assert!(c.warnings.is_empty());
}

#[test]
fn teacher_a_lessons() {
    let year = spec_year(CalculationMode::Lessons);
    let types = spec_types();
    let c = calculate(&teacher_a(&year, &types));
    assert_eq!(
        display(&c),
        vec![row(G2, false, "11.50", "50.00"), row(GK2, false, "1.00", "5.00"), row(PS, false, "—", "20.00"),]
    );
    assert_eq!(c.payroll[0].percent[0], d("50"));
    assert_eq!(c.percent_decimals, 2);
    assert_eq!(c.payroll_total, [d("75"), d("75")]);
    assert_eq!(c.payment, d("75"));
    same_in_both_semesters(&c);
}

#[test]
fn teacher_a_lessons2() {
    let year = spec_year(CalculationMode::Lessons2);
    let types = spec_types();
    let c = calculate(&teacher_a(&year, &types));
    // correction type G2; d = −2.174 %, x = −0.5 → cL = −0.50.
    // Rows: G2 11.00 L / 47.83 %, IPB-Korrektur 0.50 L / 2.17 %, GK2 1.00 / 5.00, PS — / 20.00; total 75.00
    assert_eq!(
        display(&c),
        vec![
            row(G2, false, "11.00", "47.83"),
            row(G2, true, "0.50", "2.17"),
            row(GK2, false, "1.00", "5.00"),
            row(PS, false, "—", "20.00"),
        ]
    );
    // the G2 row is the unrounded booked value, the IPB row −cL exactly
    assert_eq!(shown(c.payroll[0].percent[0], 10), "47.8260869565");
    assert_eq!(c.payroll[1].lessons[0], d("0.5"));
    assert_eq!(shown(c.payroll[1].percent[0], 10), "2.1739130435");
    assert_eq!(c.percent_decimals, 2);
    assert_eq!(shown(c.payroll_total[0], 2), "75.00");
    assert_eq!(shown(c.payroll_total[0], 10), "75.0000000000");
    assert_eq!(shown(c.payment, 10), "75.0000000000");
    same_in_both_semesters(&c);
}

#[test]
fn teacher_b_booked() {
    let year = spec_year(CalculationMode::Percent);
    let types = spec_types();
    let input = teacher_b(&year, &types);
    let ae = super::age_relief(input.birthday, 2027);
    assert_eq!(ae, [d("4"), d("4")]);
    let mut ctx = Context::new(&input, ae);
    let booked = book_all(&mut ctx, &input);
    // without AE: G2 8.696 % (2 L), F 30.0 % (7.2 L), BM 10.435 % (2.4 L), FK 5.0 % (1 L)
    let p: Vec<String> = booked.courses.iter().map(|c| shown(c.percent[0], 3)).collect();
    assert_eq!(p, vec!["8.696", "30.000", "10.435", "5.000"]);
    // with AE ×1.04: 9.0435, 31.2, 10.852, 5.2; total 56.296; diff +3.704
    assert_eq!(shown(booked.map.value(G2, 0), 4), "9.0435");
    assert_eq!(booked.map.value(F, 0), d("31.2"));
    assert_eq!(shown(booked.map.value(BM, 0), 3), "10.852");
    assert_eq!(booked.map.value(FK, 0), d("5.2"));
    assert_eq!(shown(booked.map.total(0), 3), "56.296");
    assert_eq!(shown(input.payment[0] - booked.map.total(0), 3), "3.704");
}

#[test]
fn teacher_b_percent() {
    let year = spec_year(CalculationMode::Percent);
    let types = spec_types();
    let c = calculate(&teacher_b(&year, &types));
    // G2 = 12.748 %, lessons 12.748/1.04·23/100 = 2.82
    let g2 = &c.payroll[0];
    assert_eq!(g2.payroll_type, G2);
    assert_eq!(g2.percent[0], d("12.748"));
    assert_eq!(g2.lessons[0], d("2.82"));
    assert_eq!(
        display(&c),
        vec![
            row(G2, false, "2.82", "12.748"),
            row(F, false, "7.20", "31.200"),
            row(BM, false, "2.40", "10.852"),
            row(FK, false, "1.00", "5.200"),
        ]
    );
    assert_eq!(c.payroll_total, [d("60"), d("60")]);
    assert_eq!(c.payment, d("60"));
    same_in_both_semesters(&c);
}

#[test]
fn teacher_b_lessons() {
    let year = spec_year(CalculationMode::Lessons);
    let types = spec_types();
    let c = calculate(&teacher_b(&year, &types));
    // G2 lessons 2.82 → percent 2.82·100/23·1.04 = 12.751 (shown 12.75 with percentDecimals 2)
    let g2 = &c.payroll[0];
    assert_eq!(g2.lessons[0], d("2.82"));
    assert_eq!(g2.percent[0], d("12.751"));
    assert_eq!(c.percent_decimals, 2);
    assert_eq!(shown(g2.percent[0], c.percent_decimals), "12.75");
    assert_eq!(c.payroll_total[0], d("12.751") + d("31.2") + d("10.852") + d("5.2"));
    assert_eq!(c.payment, d("60.003"));
    same_in_both_semesters(&c);
}

#[test]
fn teacher_b_lessons2() {
    let year = spec_year(CalculationMode::Lessons2);
    let types = spec_types();
    let c = calculate(&teacher_b(&year, &types));
    // correction type F (7.2 L beats BM 2.4 and G2 2.0); d = −3.704 %, x = −0.88904 → cL = −0.89:
    // row "IPB-Korrektur Fachmittelschule" 0.89 L / 3.71 %
    assert_eq!(
        display(&c),
        vec![
            row(G2, false, "2.00", "9.04"),
            row(F, false, "7.20", "31.20"),
            row(F, true, "0.89", "3.71"),
            row(BM, false, "2.40", "10.85"),
            row(FK, false, "1.00", "5.20"),
        ]
    );
    assert_eq!(c.payroll[2].lessons[0], d("0.89"));
    assert_eq!(shown(c.payroll[2].percent[0], 10), "3.7083333333");
    // total = booked 56.2956… + 3.7083… (the teacher's favour: ≥ 60)
    assert_eq!(shown(c.payroll_total[0], 10), "60.0039855072");
    assert_eq!(shown(c.payment, 10), "60.0039855072");
    same_in_both_semesters(&c);
}

#[test]
fn teacher_b_ipb_correction_figures() {
    let year = spec_year(CalculationMode::Lessons2);
    let types = spec_types();
    let input = teacher_b(&year, &types);
    let mut ctx = Context::new(&input, [d("4"), d("4")]);
    let booked = book_all(&mut ctx, &input);
    let c = semester_correction(&mut ctx, &booked.map, input.payment, 0).unwrap();
    // correction type F; d = −3.704 %, x = −0.88904 → cL = −0.89
    assert_eq!(c.payroll_type, F);
    assert_eq!(shown(c.difference, 3), "-3.704");
    assert_eq!(shown(ctx.p_to_l(F, c.difference), 5), "-0.88904");
    assert_eq!(c.lessons, d("-0.89"));
}

#[test]
fn summary_and_balance_end_to_end() {
    // Teacher B in `percent` with a thesis, a pool entry, postings in both semesters and an opening balance.
    let year = spec_year(CalculationMode::Percent);
    let types = spec_types();
    let mut input = teacher_b(&year, &types);
    input.pool = vec![pool(PS, "2", "0")];
    input.theses = vec![ThesisItem { payroll_type: PL, percent_each: d("0.25"), count: d("2") }];
    input.opening_balance = d("-1.5");
    input.postings = vec![
        PostingItem {
            start_date: date(2026, 10, 1),
            details: vec![PostingDetail { payroll_type: PS, percent_type: true, value: d("1") }],
        },
        PostingItem {
            start_date: date(2027, 5, 1),
            details: vec![PostingDetail { payroll_type: F, percent_type: false, value: d("-9.12") }],
        },
    ];
    let c = calculate(&input);
    assert_eq!(c.theses, vec![d("0.5")]);
    assert_eq!(c.pool_total, [d("2"), d("0")]);
    assert!(!c.pool_includes_age_relief);
    let courses = d("200") / d("23") + d("30") + d("240") / d("23") + d("5");
    assert_eq!(c.courses_total.percent, [courses, courses]);
    assert_eq!(c.courses_total.lessons, [d("12.6"), d("12.6")]);
    // Unterricht: 54.1304…·1.04 annual; Abschlussarbeiten 0.5·1.04; Pool (2 + 0)·1.04/2
    assert_eq!(c.summary[1].percent_with_age_relief, d("0.52"));
    assert_eq!(c.summary[2].percent, [d("2"), d("0")]);
    assert_eq!(c.summary[2].percent_with_age_relief, d("1.04"));
    assert_eq!(c.summary_total.percent_with_age_relief, c.summary[0].percent_with_age_relief + d("0.52") + d("1.04"));
    assert_eq!(shown(c.summary_total.percent_with_age_relief, 10), "57.8556521739");
    // postings: +1 % (+0.04 AE) in semester 1; −9.12 L = −1 % (−0.04 AE) in semester 2
    assert_eq!(c.postings[0].semester, 1);
    assert_eq!(c.postings[1].semester, 2);
    assert_eq!(c.postings_total, d("0"));
    // payment: totals are 60 in both semesters
    assert_eq!(c.payment, d("60"));
    let b = &c.balance;
    assert_eq!(b.opening, d("-1.5"));
    assert_eq!(b.workload, c.summary_total.percent_with_age_relief);
    assert_eq!(b.payment, d("60"));
    assert_eq!(b.closing, d("-1.5") + b.workload + d("0") - d("60"));
    assert_eq!(shown(b.closing, 10), "-3.6443478261");
    assert_eq!(b.change, b.closing - b.opening);
}

#[test]
fn percent_age_relief_included_end_to_end() {
    // Teacher B, AE 4 %: book adds p unchanged (without AE); diff_s = payment − withAE(total);
    // payment = mean of the payment targets.
    let year = spec_year(CalculationMode::PercentAgeReliefIncluded);
    let types = spec_types();
    let mut input = teacher_b(&year, &types);
    input.pool = vec![pool(PS, "5.2", "5.2")];
    input.payment = [d("61"), d("59")];
    let c = calculate(&input);
    assert!(c.pool_includes_age_relief);
    // map without AE: G2 8.6956…, F 30, BM 10.4347…, FK 5, PS 5 (= 5.2/1.04); total 59.1304…
    // s1: diff = 61 − 59.1304…·1.04 = −0.4956… → G2 r = 8.1999… → 8.200 %, lessons 8.2/1.04·0.23 → 1.81
    let g2 = &c.payroll[0];
    assert_eq!(g2.percent[0], d("8.2"));
    assert_eq!(g2.lessons[0], d("1.81"));
    // F keeps its value without AE as percent; its lessons remove AE again: 30/1.04·0.24 = 6.92
    let f = c.payroll.iter().find(|r| r.payroll_type == F).unwrap();
    assert_eq!(f.percent[0], d("30"));
    assert_eq!(f.lessons[0], d("6.92"));
    assert_eq!(c.payment, d("60"));
    assert_ne!(c.payment, (c.payroll_total[0] + c.payroll_total[1]) / d("2"));
    // summary: the pool line is withoutAE of the entered pool
    assert_eq!(c.summary[2].percent, [d("5"), d("5")]);
    assert_eq!(c.summary[2].percent_with_age_relief, d("5.2"));
}

#[test]
fn lessons_age_relief_included_end_to_end() {
    let year = spec_year(CalculationMode::LessonsAgeReliefIncluded);
    let types = spec_types();
    let mut input = teacher_b(&year, &types);
    input.pool = vec![pool(PS, "5.2", "5.2")];
    input.payment = [d("65.5"), d("65.5")];
    let c = calculate(&input);
    assert!(c.pool_includes_age_relief);
    assert_eq!(c.percent_decimals, 2);
    // booked with AE: 56.2956… + 5.2 = 61.4956…; diff 4.0043… → G2 r = 13.0478… → 2.89 L → 13.07 %
    let g2 = &c.payroll[0];
    assert_eq!(g2.lessons[0], d("2.89"));
    assert_eq!(g2.percent[0], d("13.07"));
    let ps = c.payroll.iter().find(|r| r.payroll_type == PS).unwrap();
    assert_eq!(ps.percent[0], d("5.2"));
    // BM 10.852… → to 2
    let bm = c.payroll.iter().find(|r| r.payroll_type == BM).unwrap();
    assert_eq!(bm.percent[0], d("10.85"));
    assert_eq!(c.payroll_total[0], d("13.07") + d("31.2") + d("10.85") + d("5.2") + d("5.2"));
}

#[test]
fn pool_title_needs_age_relief_in_semester_1() {
    let year = spec_year(CalculationMode::Lessons2AgeReliefIncluded);
    let types = spec_types();
    let mut input = teacher_a(&year, &types); // no AE
    assert!(!calculate(&input).pool_includes_age_relief);
    // AE only in semester 2 (born 1976-09-01: 49 on 2026-07-31, 50 on 2027-01-31)
    input.birthday = Some(date(1976, 9, 1));
    let c = calculate(&input);
    assert_eq!(c.age_relief, [d("0"), d("4")]);
    assert!(!c.pool_includes_age_relief);
    input.birthday = Some(date(1976, 7, 1));
    assert!(calculate(&input).pool_includes_age_relief);
}

#[test]
fn lessons2_age_relief_included_end_to_end() {
    let year = spec_year(CalculationMode::Lessons2AgeReliefIncluded);
    let types = spec_types();
    let mut input = teacher_b(&year, &types);
    input.pool = vec![pool(PS, "5.2", "5.2")]; // booked 5/… ×1.04 = 5.2
    let c = calculate(&input);
    // d = 61.4956… − 60 = +1.4956… → x = 0.35895… → toward zero 0.35 → IPB row −0.35 L / −1.4583… %
    let ipb = c.payroll.iter().find(|r| r.correction).unwrap();
    assert_eq!(ipb.payroll_type, F);
    assert_eq!(ipb.lessons[0], d("-0.35"));
    assert_eq!(shown(ipb.percent[0], 2), "-1.46");
    let ps = c.payroll.iter().find(|r| r.payroll_type == PS).unwrap();
    assert_eq!(ps.percent[0], d("5.2"));
    assert_eq!(shown(c.payroll_total[0], 10), "60.0373188406");
}

#[test]
fn warnings_each_once_in_order_met() {
    let mut year = spec_year(CalculationMode::Lessons);
    year.weekly_lessons.remove(&BM);
    let types = spec_types();
    let mut input = teacher_b(&year, &types);
    let mut no_type = course(F, "2");
    no_type.payroll_type = None;
    input.courses.insert(0, no_type);
    input.courses.push(course(BM, "1"));
    input.postings = vec![PostingItem {
        start_date: date(2026, 9, 1),
        details: vec![PostingDetail { payroll_type: BM, percent_type: false, value: d("3") }],
    }];
    let c = calculate(&input);
    assert_eq!(
        c.warnings,
        vec![Warning::NoPayrollType { course_index: 0 }, Warning::NoWeeklyLessons { payroll_type: BM }]
    );
    assert_eq!(c.warnings[1].code(), "no_weekly_lessons");
    let bm = c.payroll.iter().find(|r| r.payroll_type == BM).unwrap();
    assert_eq!((bm.lessons[0], bm.percent[0]), (d("0"), d("0")));
    assert_eq!(c.courses[0].percent, [d("0"), d("0")]);
    assert_eq!(c.courses[0].lessons, [d("2"), d("2")]);
}
