//! The grammar of a Smath line as a state machine over tokens, with exact rational values
//! (the twin of `amath.engine.movegen.smath_grammar`):
//!
//! ```text
//! side   := term (("+" | "-") term)*
//! term   := factor (("*" | "/") factor | implicit factor)*     implicit: after a number or ")"
//! factor := ["-"] (number | "(" side ")")                       "-" only opening a side or "("
//! line   := side ("=" side)+                                    every side of one value
//! ```
//!
//! A state holds no target: whoever reads an `=` checks the side's value, so what follows
//! an `=` is one state whatever came before it.  Open brackets are interned frames, so a
//! state is a small `Copy` value that compares and hashes like the twin's nested tuples.

use crate::rational::Value;
use crate::util::WordHasher;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// The hasher of the Smath search's tables: the word hasher's multiply per word, then a final
/// fold of the high half into the low one, which the tables index by (without it the high bits
/// of late words, such as the rack usage, hardly reach the index and keys cluster).
#[derive(Default, Clone, Copy)]
pub struct SmathHasher(WordHasher);

impl Hasher for SmathHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.0.write_u8(i);
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.0.write_u16(i);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.0.write_u32(i);
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0.write_u64(i);
    }

    #[inline]
    fn write_i64(&mut self, i: i64) {
        self.0.write_i64(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.0.write_usize(i);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let hash = self.0.finish();
        hash ^ (hash >> 32)
    }
}

/// A map of the Smath search keyed by small words.
pub type Map<K, V> = HashMap<K, V, BuildHasherDefault<SmathHasher>>;

/// A term as hashed: its value's two words, or one word 0 when there is none (equal terms hash alike).
#[inline]
fn hash_term<H: Hasher>(term: &Option<Value>, h: &mut H) {
    match term {
        Some(t) => t.hash(h),
        None => h.write_u64(0),
    }
}

/// Token kinds.
pub const NUM: u8 = 0;
pub const PLUS: u8 = 1;
pub const MINUS: u8 = 2;
pub const TIMES: u8 = 3;
pub const DIVIDE: u8 = 4;
pub const EQ: u8 = 5;
pub const OPEN: u8 = 6;
pub const CLOSE: u8 = 7;

/// What the previous token was.
pub const START: u8 = 0;
pub const OPENED: u8 = 1;
pub const UNARY: u8 = 2;
pub const BINARY: u8 = 3;
pub const NUMBER: u8 = 4;
pub const CLOSED: u8 = 5;

/// What a term does with its next factor.
const FIRST: u8 = 0;
const MUL: u8 = 1;
const DIV: u8 = 2;

/// An open bracket: the enclosing side's value so far and its enclosing frame (0: none).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Frame {
    acc: Value,
    term: Option<Value>,
    sgn: i8,
    pend: u8,
    parent: u32,
}

/// A line read so far: previous token, the open side's `acc + sgn * term`, open brackets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct State {
    pub acc: Value,
    pub term: Option<Value>,
    pub frame: u32,
    pub prev: u8,
    pub sgn: i8,
    pub pend: u8,
    pub depth: u8,
    /// an `=` was read
    pub eq: bool,
}

/// Hashed as a few words (the small fields packed into one): equal frames hash alike.
impl Hash for Frame {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.acc.hash(h);
        hash_term(&self.term, h);
        h.write_u64(u64::from(self.parent) | u64::from(self.sgn as u8) << 32 | u64::from(self.pend) << 40);
    }
}

/// Hashed as a few words (the small fields packed into one): equal states hash alike.
impl Hash for State {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.acc.hash(h);
        hash_term(&self.term, h);
        h.write_u64(
            u64::from(self.frame)
                | u64::from(self.prev) << 32
                | u64::from(self.sgn as u8) << 40
                | u64::from(self.pend) << 48
                | u64::from(self.depth) << 56
                | u64::from(self.eq) << 39,
        );
    }
}

impl State {
    /// Before the first token.
    pub const INITIAL: State = State { acc: Value::ZERO, term: None, frame: 0, prev: START, sgn: 1, pend: FIRST, depth: 0, eq: false };
    /// Right after an `=` (the only way to reach `START` with `eq`).
    pub const AFTER_EQUALS: State = State { eq: true, ..State::INITIAL };

    /// True when a number must come next.
    pub fn wants_number(&self) -> bool {
        matches!(self.prev, START | OPENED | UNARY | BINARY)
    }

    /// True for the state right after an `=`.
    pub fn after_equals(&self) -> bool {
        self.prev == START && self.eq
    }
}

/// The interned bracket frames of one search, and whether a value left 64 bits.
#[derive(Default)]
pub struct Grammar {
    frames: Vec<Frame>,
    ids: Map<Frame, u32>,
    /// set when an exact value did not fit (the search then reports it instead of answering)
    pub overflow: bool,
    /// by frame id - 1: the chain with its outermost `acc` made 0, and that `acc` (see `relative`)
    zeroed: Vec<Option<(u32, Value)>>,
}

impl Grammar {
    fn intern(&mut self, f: Frame) -> Option<u32> {
        if let Some(&id) = self.ids.get(&f) {
            return Some(id);
        }
        let id = u32::try_from(self.frames.len() + 1).ok()?;
        self.frames.push(f);
        self.ids.insert(f, id);
        Some(id)
    }

    fn checked_id(&mut self, id: Option<u32>) -> Option<u32> {
        if id.is_none() {
            self.overflow = true;
        }
        id
    }

    fn frame(&self, id: u32) -> Option<Frame> {
        self.frames.get((id as usize).checked_sub(1)?).copied()
    }

    fn checked(&mut self, v: Option<Value>) -> Option<Value> {
        if v.is_none() {
            self.overflow = true;
        }
        v
    }

    /// The signed term after one more factor `f`; `None` on division by zero (or overflow, flagged).
    fn factor(&mut self, term: Option<Value>, pend: u8, f: Value, sgn: i8) -> Option<Value> {
        match term {
            None if sgn > 0 => Some(f),
            None => self.checked(f.checked_neg()),
            Some(_) if pend == DIV && f.is_zero() => None,
            Some(t) if pend == DIV => self.checked(t.checked_div(f)),
            Some(t) => self.checked(t.checked_mul(f)),
        }
    }

    /// The state after one more token, or `None` when no true line can go on so.
    pub fn advance(&mut self, st: &State, kind: u8, val: i64) -> Option<State> {
        let after_factor = st.prev == NUMBER || st.prev == CLOSED;
        match kind {
            NUM => {
                if st.prev == NUMBER || (st.prev == UNARY && val == 0) {
                    return None; // numbers never touch; never -0
                }
                let pend = if st.prev == CLOSED { MUL } else { st.pend };
                let t = self.factor(st.term, pend, Value::int(val), st.sgn)?;
                return Some(State { prev: NUMBER, sgn: 1, term: Some(t), pend: FIRST, ..*st });
            }
            OPEN => {
                let pend = if after_factor { MUL } else { st.pend };
                let frame = self.intern(Frame { acc: st.acc, term: st.term, sgn: st.sgn, pend, parent: st.frame });
                let frame = self.checked_id(frame)?;
                let depth = st.depth.checked_add(1)?;
                return Some(State { acc: Value::ZERO, term: None, frame, prev: OPENED, sgn: 1, pend: FIRST, depth, eq: st.eq });
            }
            _ => {}
        }
        if !after_factor {
            if kind == MINUS && (st.prev == START || st.prev == OPENED) {
                return Some(State { prev: UNARY, sgn: -st.sgn, ..*st });
            }
            return None; // an operator, ')' or '=' needs a number or ')' before it
        }
        let term = st.term?;
        match kind {
            PLUS | MINUS => {
                let acc = self.checked(st.acc.checked_add(term))?;
                let sgn = if kind == PLUS { 1 } else { -1 };
                Some(State { prev: BINARY, acc, sgn, term: None, pend: FIRST, ..*st })
            }
            TIMES => Some(State { prev: BINARY, sgn: 1, pend: MUL, ..*st }),
            DIVIDE => Some(State { prev: BINARY, sgn: 1, pend: DIV, ..*st }),
            CLOSE => {
                let f = self.frame(st.frame)?;
                let inner = self.checked(st.acc.checked_add(term))?;
                let t = self.factor(f.term, f.pend, inner, f.sgn)?;
                let depth = st.depth.checked_sub(1)?;
                Some(State { acc: f.acc, term: Some(t), frame: f.parent, prev: CLOSED, sgn: 1, pend: FIRST, depth, eq: st.eq })
            }
            EQ if st.depth == 0 => Some(State::AFTER_EQUALS),
            _ => None,
        }
    }

    /// The state after reading a bracketed group `( ... )` whose content has value `v` (the
    /// twin's `group`): what a `)` leaves depends only on the content's value, so this is
    /// `advance` over `(`, the number `v` and `)`, without interning the frame in between.
    pub fn group(&mut self, st: &State, v: Value) -> Option<State> {
        let pend = if st.prev == NUMBER || st.prev == CLOSED { MUL } else { st.pend };
        let t = self.factor(st.term, pend, v, st.sgn)?;
        Some(State { acc: st.acc, term: Some(t), frame: st.frame, prev: CLOSED, sgn: 1, pend: FIRST, depth: st.depth, eq: st.eq })
    }

    /// The state a bracket was opened from, as [`Grammar::group`] takes it: what the `)` of
    /// the innermost open bracket of `st` folds the bracket's value into.
    pub fn enclosing(&self, st: &State) -> Option<State> {
        let f = self.frame(st.frame)?;
        let depth = st.depth.checked_sub(1)?;
        Some(State { acc: f.acc, term: f.term, frame: f.parent, prev: BINARY, sgn: f.sgn, pend: f.pend, depth, eq: st.eq })
    }

    /// The content of a bracket opened from `st`, with no frame (a span read apart from what
    /// encloses it; [`Grammar::group`] folds its value back in).
    pub fn opened(st: &State) -> Option<State> {
        let depth = st.depth.checked_add(1)?;
        Some(State { acc: Value::ZERO, term: None, frame: 0, prev: OPENED, sgn: 1, pend: FIRST, depth, eq: st.eq })
    }

    /// The value of an open bracket's content just read, when a `)` may close it here.
    pub fn bracket_value(&mut self, st: &State) -> Option<Value> {
        if st.depth == 0 || !(st.prev == NUMBER || st.prev == CLOSED) {
            return None;
        }
        let term = st.term?;
        self.checked(st.acc.checked_add(term))
    }

    /// The state with the outermost side's value so far taken out, and that value (the twin's
    /// `relative`): what follows a state with outermost `acc` a is what follows it with 0,
    /// every value of the side shifted by a.  The `acc` is the state's own at depth 0, else
    /// the first open bracket's frame's.  `None` on overflow (flagged).
    pub fn relative(&mut self, st: &State) -> Option<(State, Value)> {
        if st.frame == 0 {
            if st.acc.is_zero() {
                return Some((*st, Value::ZERO));
            }
            return Some((State { acc: Value::ZERO, ..*st }, st.acc));
        }
        let (frame, outer) = self.zero_outer(st.frame)?;
        Some((State { frame, ..*st }, outer))
    }

    /// The frame chain `id` with its outermost frame's `acc` made 0, and that `acc` (cached by id).
    fn zero_outer(&mut self, id: u32) -> Option<(u32, Value)> {
        let k = (id as usize).checked_sub(1)?;
        if let Some(Some(hit)) = self.zeroed.get(k) {
            return Some(*hit);
        }
        let f = self.frame(id)?;
        let out = if f.parent == 0 {
            if f.acc.is_zero() {
                (id, Value::ZERO)
            } else {
                let z = self.intern(Frame { acc: Value::ZERO, ..f });
                (self.checked_id(z)?, f.acc)
            }
        } else {
            let (inner, outer) = self.zero_outer(f.parent)?;
            if outer.is_zero() {
                (id, outer)
            } else {
                let z = self.intern(Frame { parent: inner, ..f });
                (self.checked_id(z)?, outer)
            }
        };
        if self.zeroed.len() <= k {
            self.zeroed.resize(k + 1, None);
        }
        self.zeroed[k] = Some(out);
        Some(out)
    }

    /// The value of the side just read, when it may end here (before an `=` or the line's end).
    pub fn side_value(&mut self, st: &State) -> Option<Value> {
        if st.depth > 0 || !(st.prev == NUMBER || st.prev == CLOSED) {
            return None;
        }
        let term = st.term?;
        self.checked(st.acc.checked_add(term))
    }

    /// Is the line of tokens `(kind, value)` a true equation?  (The cross-check judge.)
    pub fn is_true(&mut self, tokens: &[(u8, i64)]) -> bool {
        let mut st = State::INITIAL;
        let mut target: Option<Value> = None;
        for &(kind, val) in tokens {
            let Some(next) = self.advance(&st, kind, val) else { return false };
            if next.after_equals() {
                let w = self.side_value(&st);
                if w.is_none() || (target.is_some() && w != target) {
                    return false;
                }
                target = w;
            }
            st = next;
        }
        st.eq && target.is_some() && self.side_value(&st) == target
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(text: &str) -> Vec<(u8, i64)> {
        text.split_whitespace()
            .map(|t| match t {
                "+" => (PLUS, 0),
                "-" => (MINUS, 0),
                "*" => (TIMES, 0),
                "/" => (DIVIDE, 0),
                "=" => (EQ, 0),
                "(" => (OPEN, 0),
                ")" => (CLOSE, 0),
                n => (NUM, n.parse().unwrap()),
            })
            .collect()
    }

    fn judge(text: &str) -> bool {
        Grammar::default().is_true(&toks(text))
    }

    #[test]
    fn the_rulebooks_lines() {
        for ok in ["2 ( 3 + 2 ) ( 4 - 2 ) = 10 + 3 + 7", "( 11 - 3 ) 2 = 8 + 8", "6 / 2 ( 3 ) = 9", "- ( 3 + 2 ) = - 5", "- ( 0 ) = 0"] {
            assert!(judge(ok), "{ok}");
        }
        for ok in ["( ( 1 ) ) = 1", "2 ( - 3 ) = - 6", "3 - ( - 2 ) = 5", "1 = 1 = ( 1 )", "( 4 ) ( 5 ) = 20", "3 / 2 = 6 / 4"] {
            assert!(judge(ok), "{ok}");
        }
        for ok in ["8 / 2 / 2 = 2", "8 / ( 2 / 2 ) = 8", "- 6 / 2 = - 3", "12 * 0 = 0 ( 5 )", "1 + 1 = 2 ( 1 )"] {
            assert!(judge(ok), "{ok}");
        }
    }

    #[test]
    fn false_lines() {
        for bad in ["- 0 = 0", "( ) = 0", "6 / ( 3 - 3 ) = 1", "0 / 0 = 0", "1 = 2 = 1", "( 1 = 1 )", "2 6 = 12"] {
            assert!(!judge(bad), "{bad}");
        }
        for bad in ["= 1 = 1", "1 = 1 =", "- 2 * - 2 = 4", "1 + = 1", "+ 1 = 1", "1 = 1 )", "( 1 = 1", "1 1", "1"] {
            assert!(!judge(bad), "{bad}");
        }
    }

    #[test]
    fn equal_futures_share_one_state() {
        // "1 + 2 =" and "3 =" leave the same state; so do "( 2 ) *" and "2 *"
        let mut g = Grammar::default();
        let read = |g: &mut Grammar, text: &str| toks(text).iter().try_fold(State::INITIAL, |st, &(k, v)| g.advance(&st, k, v));
        assert_eq!(read(&mut g, "1 + 2 ="), read(&mut g, "3 ="));
        assert_eq!(read(&mut g, "1 + 2 ="), Some(State::AFTER_EQUALS));
        assert_eq!(read(&mut g, "( 2 ) *"), read(&mut g, "2 *"));
        assert_eq!(read(&mut g, "( 1 + ("), read(&mut g, "( 1 + ("));
        assert_ne!(read(&mut g, "( 1 + ("), read(&mut g, "( 2 + ("));
    }

    #[test]
    fn a_side_relative_to_its_sum_so_far_takes_every_value_shifted() {
        // after "= 3 + 4 +" (and inside brackets after "= 5 - ( 2 +") the side read on from the
        // relative state takes the same values less the sum so far, and refuses the same tokens
        let mut g = Grammar::default();
        for (head, tail) in [("3 + 4 +", "2 ( 1 + 1 ) - 6 / 3"), ("5 - ( 2 +", "3 ) * 2 + 1"), ("( 7 ) +", "( 2 + 2 ) 3 )")] {
            let mut st = State::AFTER_EQUALS;
            for (k, v) in toks(head) {
                st = g.advance(&st, k, v).unwrap();
            }
            let (mut rel, shift) = g.relative(&st).unwrap();
            assert!(!shift.is_zero(), "{head}");
            for (k, v) in toks(tail) {
                let (a, b) = (g.advance(&st, k, v), g.advance(&rel, k, v));
                assert_eq!(a.is_none(), b.is_none(), "{head} | {tail}");
                let (Some(a), Some(b)) = (a, b) else { break };
                let (w, r) = (g.side_value(&a), g.side_value(&b));
                assert_eq!(w, r.and_then(|r| r.checked_add(shift)), "{head} | {tail}");
                (st, rel) = (a, b);
            }
        }
        assert_eq!(g.relative(&State::AFTER_EQUALS), Some((State::AFTER_EQUALS, Value::ZERO)));
    }

    #[test]
    fn overflow_is_flagged_not_a_panic() {
        let mut g = Grammar::default();
        let big = (NUM, i64::MAX);
        assert!(!g.is_true(&[big, (TIMES, 0), big, (EQ, 0), big]));
        assert!(g.overflow);
    }
}
