//! Which of the last rack tiles a first side can still balance with: board-free value sets
//! (the twin of `amath.engine.movegen.smath_values`).
//!
//! Near the end of a first side few rack tiles are left, and the rest of the line can only be
//! made of some of them, the fixed tiles ahead and free tiles (`=` and brackets).  The values
//! the rest of the first side can end with and those later sides can take are listed without
//! the board for each such bag of tiles (cross-checks, squares and premiums left out, fixed
//! tiles in any order): a bag whose value sets never meet cannot be what the line uses.  Every
//! line the board allows is among those listed, so a bound over the bags that can balance is
//! still an upper bound.

use super::grammar::{Grammar, Map, State, CLOSE, DIVIDE, MINUS, NUM, PLUS, TIMES};
use crate::rational::Value;
use std::rc::Rc;

/// A tile as the tokens (kind, value) it may show, sorted: one for a plain tile, many for a blank.
pub type Piece = Vec<(u8, i64)>;

/// A multiset of at most [`BAG_SIZE`] interned pieces: 16 bits a piece (id + 1), sorted from the low end.
pub type Bag = u64;

/// How many (state, bag) answers [`Values::balances`] keeps before it starts again.
const MEMO_CAP: usize = 1 << 10;

/// The most pieces a [`Bag`] holds.
pub const BAG_SIZE: usize = 4;

/// The bag of the piece ids of `a` and `b`, or `None` when there are more than [`BAG_SIZE`].
pub fn bag_of(a: &[u16], b: &[u16]) -> Option<Bag> {
    if a.len() + b.len() > BAG_SIZE {
        return None;
    }
    let mut ids = [0u16; BAG_SIZE];
    ids[..a.len()].copy_from_slice(a);
    ids[a.len()..a.len() + b.len()].copy_from_slice(b);
    let ids = &mut ids[..a.len() + b.len()];
    ids.sort_unstable();
    Some(ids.iter().enumerate().fold(0u64, |bag, (k, &id)| bag | (u64::from(id) + 1) << (16 * k)))
}

/// The piece ids of a bag, in order.
fn items(bag: Bag) -> ([u16; BAG_SIZE], usize) {
    let mut out = [0u16; BAG_SIZE];
    let mut n = 0;
    for (k, slot) in out.iter_mut().enumerate() {
        let v = (bag >> (16 * k)) & 0xffff;
        if v == 0 {
            break;
        }
        *slot = (v - 1) as u16;
        n += 1;
    }
    (out, n)
}

/// The bag of the pieces of `bag` at the positions in `mask` (one bit a position).
fn pick(bag: Bag, mask: u32) -> Bag {
    let (ids, n) = items(bag);
    let mut out = 0u64;
    let mut k = 0;
    for (pos, &id) in ids.iter().enumerate().take(n) {
        if mask >> pos & 1 == 1 {
            out |= (u64::from(id) + 1) << (16 * k);
            k += 1;
        }
    }
    out
}

/// Every way to take a sub-bag (first) and leave the rest (second), each sub-bag once.
pub fn splits(bag: Bag) -> Vec<(Bag, Bag)> {
    let n = items(bag).1;
    let full = (1u32 << n) - 1;
    let mut out: Vec<(Bag, Bag)> = Vec::new();
    for mask in 0..=full {
        let a = pick(bag, mask);
        if !out.iter().any(|s| s.0 == a) {
            out.push((a, pick(bag, full & !mask)));
        }
    }
    out
}

/// The board-free value sets of one search, memoised by bag (and state).
#[derive(Default)]
pub struct Values {
    pieces: Vec<Piece>,
    ids: Map<Piece, u16>,
    expr: Map<Bag, Rc<Vec<Value>>>,
    later: Map<Bag, Rc<Vec<Value>>>,
    balances: Map<(State, Bag), bool>,
    splits: Map<Bag, Rc<Vec<(Bag, Bag)>>>,
}

/// Sorted and without repeats.
fn settle<T: Ord>(mut v: Vec<T>) -> Vec<T> {
    v.sort_unstable();
    v.dedup();
    v
}

impl Values {
    /// The id of a piece (its tokens sorted), interned; `None` past 65,534 distinct pieces.
    pub fn piece(&mut self, mut tokens: Piece) -> Option<u16> {
        tokens.sort_unstable();
        tokens.dedup();
        if let Some(&id) = self.ids.get(&tokens) {
            return Some(id);
        }
        let id = u16::try_from(self.pieces.len()).ok().filter(|&id| id < u16::MAX)?;
        self.pieces.push(tokens.clone());
        self.ids.insert(tokens, id);
        Some(id)
    }

    /// Is piece `id` a blank (a tile of more than one token, or one showing neither a number nor an
    /// operator)?  Its bags are not listed (too many values): they count as balancing.
    pub fn wild(&self, id: u16) -> bool {
        self.pieces.get(id as usize).is_none_or(|p| p.len() != 1)
    }

    /// Does `bag` hold a piece that may be a number?
    fn numbered(&self, bag: Bag) -> bool {
        let (ids, n) = items(bag);
        ids[..n].iter().any(|&id| self.tokens(id).iter().any(|t| t.0 == NUM))
    }

    /// [`splits`], memoised.
    fn splits(&mut self, bag: Bag) -> Rc<Vec<(Bag, Bag)>> {
        if let Some(hit) = self.splits.get(&bag) {
            return Rc::clone(hit);
        }
        let hit = Rc::new(splits(bag));
        self.splits.insert(bag, Rc::clone(&hit));
        hit
    }

    /// The tokens of piece `id`.
    fn tokens(&self, id: u16) -> &[(u8, i64)] {
        self.pieces.get(id as usize).map_or(&[], |p| p.as_slice())
    }

    /// Every value a side made of exactly the tiles of `bag` (and free brackets) can take:
    /// operators, implicit products `(A)(B)` and unary minus `(-(A))` over every split.
    pub fn expr(&mut self, g: &mut Grammar, bag: Bag) -> Rc<Vec<Value>> {
        if let Some(hit) = self.expr.get(&bag) {
            return Rc::clone(hit);
        }
        let (ids, n) = items(bag);
        let mut out: Vec<Value> = Vec::new();
        if n == 1 {
            out.extend(self.tokens(ids[0]).iter().filter(|t| t.0 == NUM).map(|t| Value::int(t.1)));
        } else if n > 1 {
            for &(a_bag, b_bag) in self.splits(bag).iter() {
                if a_bag != 0 && b_bag != 0 {
                    let (xs, ys) = (self.expr(g, a_bag), self.expr(g, b_bag));
                    for a in xs.iter() {
                        for b in ys.iter() {
                            push(g, &mut out, a.checked_mul(*b));
                        }
                    }
                }
            }
            for k in 0..n {
                if k > 0 && ids[k] == ids[k - 1] {
                    continue;
                }
                let rest = pick(bag, ((1u32 << n) - 1) & !(1 << k));
                let ops: Vec<u8> = settle(self.tokens(ids[k]).iter().map(|t| t.0).filter(|kd| (PLUS..=DIVIDE).contains(kd)).collect());
                if ops.contains(&MINUS) {
                    let xs = self.expr(g, rest);
                    for a in xs.iter() {
                        push(g, &mut out, a.checked_neg());
                    }
                }
                if ops.is_empty() {
                    continue;
                }
                for &(a_bag, b_bag) in self.splits(rest).iter() {
                    if a_bag == 0 || b_bag == 0 {
                        continue;
                    }
                    let (xs, ys) = (self.expr(g, a_bag), self.expr(g, b_bag));
                    for a in xs.iter() {
                        for b in ys.iter() {
                            for &kd in &ops {
                                match kd {
                                    PLUS => push(g, &mut out, a.checked_add(*b)),
                                    MINUS => push(g, &mut out, a.checked_sub(*b)),
                                    TIMES => push(g, &mut out, a.checked_mul(*b)),
                                    _ if b.is_zero() => {}
                                    _ => push(g, &mut out, a.checked_div(*b)),
                                }
                            }
                        }
                    }
                }
            }
        }
        let hit = Rc::new(settle(out));
        self.expr.insert(bag, Rc::clone(&hit));
        hit
    }

    /// The values `w` for which `bag` splits into one or more sides, each of value `w`.
    pub fn later(&mut self, g: &mut Grammar, bag: Bag) -> Rc<Vec<Value>> {
        if let Some(hit) = self.later.get(&bag) {
            return Rc::clone(hit);
        }
        let mut out: Vec<Value> = self.expr(g, bag).to_vec();
        for &(a_bag, b_bag) in self.splits(bag).iter() {
            if a_bag != 0 && b_bag != 0 {
                let (xs, ys) = (self.expr(g, a_bag), self.later(g, b_bag));
                out.extend(xs.iter().filter(|x| ys.binary_search(x).is_ok()));
            }
        }
        let hit = Rc::new(settle(out));
        self.later.insert(bag, Rc::clone(&hit));
        hit
    }

    /// Can a line go on from the first-side state `st` with exactly the tiles of `bag` (and
    /// free tiles)?  The first side ends where a side value `w` stands with tiles left that
    /// later sides can make `w` of; before that it reads a tile, closes an open bracket or
    /// reads a new bracketed group (its state depends only on the content's value).
    pub fn balances(&mut self, g: &mut Grammar, st: &State, bag: Bag) -> bool {
        if bag == 0 {
            return false; // a later side needs a tile
        }
        if let Some(&hit) = self.balances.get(&(*st, bag)) {
            return hit;
        }
        let found = self.balances_from(g, st, bag);
        if self.balances.len() >= MEMO_CAP {
            self.balances.clear(); // few states come back from other nodes: keep the table small and in cache
        }
        self.balances.insert((*st, bag), found);
        found
    }

    /// [`Values::balances`] worked out: the side ends here, or one more tile, `)` or group.
    fn balances_from(&mut self, g: &mut Grammar, st: &State, bag: Bag) -> bool {
        if let Some(w) = g.side_value(st) {
            if self.later(g, bag).binary_search(&w).is_ok() {
                return true;
            }
        }
        if let Some(closed) = g.advance(st, CLOSE, 0) {
            if self.balances(g, &closed, bag) {
                return true;
            }
        }
        let (ids, n) = items(bag);
        for k in 0..n {
            if k > 0 && ids[k] == ids[k - 1] {
                continue;
            }
            let rest = pick(bag, ((1u32 << n) - 1) & !(1 << k));
            if !self.numbered(rest) {
                continue; // the later sides need a number
            }
            for t in 0..self.tokens(ids[k]).len() {
                let (kd, v) = self.tokens(ids[k])[t];
                if let Some(nxt) = g.advance(st, kd, v) {
                    if self.balances(g, &nxt, rest) {
                        return true;
                    }
                }
            }
        }
        for &(a_bag, b_bag) in self.splits(bag).iter() {
            if a_bag == 0 || !self.numbered(b_bag) {
                continue; // the later sides need a number
            }
            let xs = self.expr(g, a_bag);
            for v in xs.iter() {
                if let Some(nxt) = g.group(st, *v) {
                    if self.balances(g, &nxt, b_bag) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Keep a value; a value that left 64 bits is flagged (the caller then asks the twin).
fn push(g: &mut Grammar, out: &mut Vec<Value>, v: Option<Value>) {
    match v {
        Some(v) => out.push(v),
        None => g.overflow = true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smath::grammar::{EQ, OPEN};

    /// The state after reading `tokens` (kind, value) from the start, `None` if refused.
    fn read(g: &mut Grammar, tokens: &[(u8, i64)]) -> Option<State> {
        tokens.iter().try_fold(State::INITIAL, |st, &(k, v)| g.advance(&st, k, v))
    }

    fn bag(v: &mut Values, faces: &[(u8, i64)]) -> Bag {
        let ids: Vec<u16> = faces.iter().map(|&f| v.piece(vec![f]).unwrap()).collect();
        bag_of(&ids, &[]).unwrap()
    }

    const fn n(k: i64) -> (u8, i64) {
        (NUM, k)
    }

    #[test]
    fn a_group_is_reading_its_brackets_around_its_value() {
        let mut g = Grammar::default();
        for head in [vec![n(7)], vec![n(2), (TIMES, 0)], vec![(OPEN, 0), n(3), (MINUS, 0)], vec![(MINUS, 0)], vec![n(1), (EQ, 0)]] {
            let st = read(&mut g, &head).unwrap();
            for k in 0..=12 {
                let by_tokens = [(OPEN, 0), n(k), (CLOSE, 0)].iter().try_fold(st, |s, &(kd, v)| g.advance(&s, kd, v));
                assert_eq!(g.group(&st, Value::int(k)), by_tokens, "{head:?} ( {k} )");
            }
        }
    }

    #[test]
    fn tiles_that_cannot_balance_are_refused() {
        let mut g = Grammar::default();
        let mut v = Values::default();
        let seven = read(&mut g, &[n(7)]).unwrap();
        let two = read(&mut g, &[(OPEN, 0), n(2)]).unwrap();
        let b = bag(&mut v, &[n(7)]);
        assert!(v.balances(&mut g, &seven, b)); // 7 = 7
        let b = bag(&mut v, &[n(5)]);
        assert!(!v.balances(&mut g, &seven, b));
        let b = bag(&mut v, &[n(5), n(12), (PLUS, 0)]);
        assert!(v.balances(&mut g, &seven, b)); // 7 + 5 = 12
        let b = bag(&mut v, &[n(3), n(6)]);
        assert!(v.balances(&mut g, &two, b)); // ( 2 ) ( 3 ) = 6
        let b = bag(&mut v, &[n(3), n(7)]);
        assert!(!v.balances(&mut g, &two, b));
        assert!(!v.balances(&mut g, &seven, 0)); // a later side needs a tile
        let b = bag(&mut v, &[n(2), n(4), (DIVIDE, 0), n(8)]);
        assert!(v.later(&mut g, b).contains(&Value::int(2))); // 8 / 4 = 2
        assert!(!g.overflow);
    }

    #[test]
    fn bags_hold_four_pieces_in_order() {
        assert_eq!(bag_of(&[3, 1], &[2]), bag_of(&[1, 2, 3], &[]));
        assert!(bag_of(&[1, 2, 3], &[4, 5]).is_none());
        let b = bag_of(&[1, 1, 2], &[]).unwrap();
        assert_eq!(splits(b).len(), 6); // {}, {1}, {1,1}, {2}, {1,2}, {1,1,2}
        assert_eq!(items(b).1, 3);
    }
}
