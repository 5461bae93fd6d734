//! The IPB balance of one year (§Balance).

use rust_decimal::Decimal;

use super::output::Balance;

/// The balance of §Balance, percent: closing = opening + workload (the summary
/// total percentWithAgeRelief) + postings (their total) − payment;
/// change = closing − opening. Unrounded. The opening balance (the previous
/// employment's closing balance or the initial balance) is the caller's.
pub(super) fn balance(opening: Decimal, workload: Decimal, postings: Decimal, payment: Decimal) -> Balance {
    let closing = opening + workload + postings - payment;
    Balance { opening, workload, postings, payment, closing, change: closing - opening }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    #[test]
    fn closing_and_change() {
        let b = balance(d("-3.5"), d("72.826"), d("1.25"), d("75"));
        assert_eq!(b.closing, d("-4.424"));
        assert_eq!(b.change, d("-0.924"));
        assert_eq!(b.payment, d("75"));
        let b = balance(d("10"), d("80"), d("0"), d("75"));
        assert_eq!((b.closing, b.change), (d("15"), d("5")));
    }
}
