//! Exact rationals as reduced `i64` pairs, every operation checked.
//!
//! A value is `n / d` with `d >= 1` and `gcd(|n|, d) == 1`, so equal rationals are equal
//! structs and hash alike.  Products and sums are formed in `i128` (two `i64` factors
//! cannot overflow it) and reduced; when the reduced result does not fit `i64` again the
//! operation returns `None` and the caller treats the candidate as not a true equation.

/// An exact rational number in canonical form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Value {
    n: i64,
    d: i64,
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Value {
    /// Zero.
    pub const ZERO: Value = Value { n: 0, d: 1 };

    /// The whole number `n`.
    pub const fn int(n: i64) -> Value {
        Value { n, d: 1 }
    }

    /// `n / d` reduced, or `None` when `d == 0` or the result does not fit `i64`.
    pub fn ratio(n: i128, d: i128) -> Option<Value> {
        if d == 0 {
            return None;
        }
        let (mut n, mut d) = if d < 0 { (n.checked_neg()?, d.checked_neg()?) } else { (n, d) };
        let g = gcd(n.unsigned_abs(), d.unsigned_abs());
        if g > 1 {
            let g = g as i128; // g divides d, which fits i128
            n /= g;
            d /= g;
        }
        Some(Value { n: i64::try_from(n).ok()?, d: i64::try_from(d).ok()? })
    }

    /// Numerator (sign carrier).
    pub const fn numer(self) -> i64 {
        self.n
    }

    /// Denominator, at least 1.
    pub const fn denom(self) -> i64 {
        self.d
    }

    /// True for a whole number.
    pub const fn is_int(self) -> bool {
        self.d == 1
    }

    /// True for zero.
    pub const fn is_zero(self) -> bool {
        self.n == 0
    }

    /// `self + o`.
    pub fn checked_add(self, o: Value) -> Option<Value> {
        if self.d == 1 && o.d == 1 {
            return self.n.checked_add(o.n).map(Value::int);
        }
        if let Some(v) = Value::small_sum(self, o, false) {
            return Some(v);
        }
        let (a, b, c, d) = (self.n as i128, self.d as i128, o.n as i128, o.d as i128);
        Value::ratio(a * d + c * b, b * d)
    }

    /// `a ± b` in `i64` when no step overflows (the common case; i128 otherwise).
    #[inline]
    fn small_sum(a: Value, b: Value, minus: bool) -> Option<Value> {
        let x = a.n.checked_mul(b.d)?;
        let y = b.n.checked_mul(a.d)?;
        let n = if minus { x.checked_sub(y)? } else { x.checked_add(y)? };
        let d = a.d.checked_mul(b.d)?;
        Some(Value::reduce64(n, d))
    }

    /// `n / d` reduced, for `d > 0` (both in `i64`).
    #[inline]
    fn reduce64(n: i64, d: i64) -> Value {
        let mut a = n.unsigned_abs();
        let mut b = d as u64;
        while b != 0 {
            let t = a % b;
            a = b;
            b = t;
        }
        // a divides d (> 0) and |n|, so a fits i64 and the quotients are exact
        let g = a as i64;
        if g > 1 {
            Value { n: n / g, d: d / g }
        } else {
            Value { n, d }
        }
    }

    /// `self - o`.
    pub fn checked_sub(self, o: Value) -> Option<Value> {
        if self.d == 1 && o.d == 1 {
            return self.n.checked_sub(o.n).map(Value::int);
        }
        if let Some(v) = Value::small_sum(self, o, true) {
            return Some(v);
        }
        let (a, b, c, d) = (self.n as i128, self.d as i128, o.n as i128, o.d as i128);
        Value::ratio(a * d - c * b, b * d)
    }

    /// `-self`.
    pub fn checked_neg(self) -> Option<Value> {
        Some(Value { n: self.n.checked_neg()?, d: self.d })
    }

    /// `self * o`.
    pub fn checked_mul(self, o: Value) -> Option<Value> {
        if self.d == 1 && o.d == 1 {
            return self.n.checked_mul(o.n).map(Value::int);
        }
        if let (Some(n), Some(d)) = (self.n.checked_mul(o.n), self.d.checked_mul(o.d)) {
            return Some(Value::reduce64(n, d));
        }
        Value::ratio(self.n as i128 * o.n as i128, self.d as i128 * o.d as i128)
    }

    /// `self / o`, `None` for division by zero.
    pub fn checked_div(self, o: Value) -> Option<Value> {
        if o.n == 0 {
            return None;
        }
        if self.d == 1 && o.d == 1 && self.n.checked_rem(o.n) == Some(0) {
            return self.n.checked_div(o.n).map(Value::int);
        }
        if let (Some(n), Some(d)) = (self.n.checked_mul(o.d), self.d.checked_mul(o.n)) {
            // d may be negative here: move the sign to the numerator first
            if d > 0 {
                return Some(Value::reduce64(n, d));
            }
            if let (Some(n), Some(d)) = (n.checked_neg(), d.checked_neg()) {
                return Some(Value::reduce64(n, d));
            }
        }
        Value::ratio(self.n as i128 * o.d as i128, self.d as i128 * o.n as i128)
    }

    /// `self / o` when that is a whole number (`None` otherwise, or for `o == 0`).
    pub fn whole_div(self, o: Value) -> Option<i64> {
        if o.n == 0 {
            return None;
        }
        let num = self.n as i128 * o.d as i128;
        let den = self.d as i128 * o.n as i128;
        if num % den != 0 {
            return None;
        }
        i64::try_from(num / den).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::Value;

    fn r(n: i128, d: i128) -> Value {
        Value::ratio(n, d).unwrap()
    }

    #[test]
    fn canonical_form() {
        assert_eq!(r(6, 4), r(3, 2));
        assert_eq!(r(-6, -4), r(3, 2));
        assert_eq!(r(6, -4), r(-3, 2));
        assert_eq!(r(0, -5), Value::ZERO);
        assert_eq!(r(10, 5), Value::int(2));
        assert!(r(10, 5).is_int());
        assert_eq!(Value::ratio(1, 0), None);
    }

    #[test]
    fn arithmetic_is_exact() {
        // 1/3 + 1/6 = 1/2; 1/2 - 1/3 = 1/6; 2/3 * 3/4 = 1/2; (1/2) / (1/4) = 2
        assert_eq!(r(1, 3).checked_add(r(1, 6)), Some(r(1, 2)));
        assert_eq!(r(1, 2).checked_sub(r(1, 3)), Some(r(1, 6)));
        assert_eq!(r(2, 3).checked_mul(r(3, 4)), Some(r(1, 2)));
        assert_eq!(r(1, 2).checked_div(r(1, 4)), Some(Value::int(2)));
        assert_eq!(Value::int(7).checked_div(Value::int(2)), Some(r(7, 2)));
        assert_eq!(Value::int(8).checked_div(Value::int(-2)), Some(Value::int(-4)));
        assert_eq!(Value::int(1).checked_div(Value::ZERO), None);
        assert_eq!(Value::int(3).checked_neg(), Some(Value::int(-3)));
    }

    #[test]
    fn whole_division() {
        assert_eq!(Value::int(12).whole_div(Value::int(4)), Some(3));
        assert_eq!(Value::int(12).whole_div(Value::int(5)), None);
        assert_eq!(r(3, 2).whole_div(r(1, 2)), Some(3));
        assert_eq!(Value::int(-9).whole_div(Value::int(3)), Some(-3));
        assert_eq!(Value::int(1).whole_div(Value::ZERO), None);
    }

    #[test]
    fn overflow_is_none_not_a_panic() {
        let big = Value::int(i64::MAX);
        assert_eq!(big.checked_add(Value::int(1)), None);
        assert_eq!(big.checked_mul(Value::int(2)), None);
        assert_eq!(Value::int(i64::MIN).checked_neg(), None);
        assert_eq!(Value::int(i64::MIN).checked_div(Value::int(-1)), None);
        // denominators whose product leaves i64 after reduction
        let a = r(1, i64::MAX as i128);
        let b = r(1, (i64::MAX - 1) as i128);
        assert_eq!(a.checked_add(b), None);
        assert_eq!(a.checked_mul(b), None);
        // but a large intermediate that reduces back into range is fine
        let c = r(3, 1_000_000_007);
        assert_eq!(c.checked_mul(r(1_000_000_007, 3)), Some(Value::int(1)));
    }

    #[test]
    fn the_i64_path_agrees_with_the_i128_path() {
        let vals: Vec<Value> =
            [(1, 3), (-2, 7), (5, 1), (0, 1), (999, 998), (-12, 5), (7, 9), (1_000_000_007, 3)].iter().map(|&(n, d)| r(n, d)).collect();
        for &a in &vals {
            for &b in &vals {
                let (an, ad, bn, bd) = (a.numer() as i128, a.denom() as i128, b.numer() as i128, b.denom() as i128);
                assert_eq!(a.checked_add(b), Value::ratio(an * bd + bn * ad, ad * bd));
                assert_eq!(a.checked_sub(b), Value::ratio(an * bd - bn * ad, ad * bd));
                assert_eq!(a.checked_mul(b), Value::ratio(an * bn, ad * bd));
                assert_eq!(a.checked_div(b), if bn == 0 { None } else { Value::ratio(an * bd, ad * bn) });
            }
        }
    }

    #[test]
    fn equal_values_hash_equal() {
        use std::collections::HashSet;
        let set: HashSet<Value> = [r(2, 4), r(1, 2), r(-3, -6)].into_iter().collect();
        assert_eq!(set.len(), 1);
    }
}
