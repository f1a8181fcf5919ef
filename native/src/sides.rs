//! Every side of an equation that can start on a given square of a line.
//!
//! A side is the expression between two `=` (or a line end and an `=`).  From its start
//! square the search walks right, placing rack tiles on empty squares (only the faces
//! their crossing lines allow) and reading tiles already there, with an exact running
//! value, so the side's value is known the moment it may end.  Structure is pruned as it
//! goes: no operator after an operator, no leading zero, digit runs up to `max_digits`,
//! a number face never next to another number, no unary plus, no `-0`, no division by 0.
//! An arithmetic overflow of the exact values ends that branch: such a side could only be
//! part of a line whose value leaves `i64`, which is treated as not a true equation.

use crate::line::{Line, Rack};
use crate::rational::Value;
use crate::rules::{DIGIT, DIVIDE, EQ, MINUS, NUMBER, PLUS, TIMES};
use crate::util::ValueSet;

/// No side may end just before this square.
pub const RECORD_NO: u8 = 0;
/// A side may end just before this square.
pub const RECORD_YES: u8 = 1;
/// A side may end here if a rack tile that can show `=` is still free for this square.
pub const RECORD_IF_EQ: u8 = 2;

const NO_TERM: u8 = 0;
const MUL: u8 = 1;
const DIV: u8 = 2;

/// One side found: its value, the rack tiles it used (packed), its points and its tiles.
#[derive(Clone, Copy, Debug)]
pub struct SideRec {
    pub value: Value,
    pub used: u64,
    /// main-line points of the new tiles (before the equation premiums)
    pub pts: i64,
    /// score of the crossing lines the new tiles make
    pub xs: i64,
    pub off: u32,
    pub len: u32,
}

/// The sides of one search, by the square they end on; tiles in `arena` as
/// `square << 16 | tile << 8 | face` (line square index, tile id, face id).
pub struct SideTable {
    pub ends: Vec<Vec<SideRec>>,
    pub arena: Vec<u32>,
}

impl SideTable {
    /// The tiles of one side.
    pub fn tiles(&self, rec: &SideRec) -> &[u32] {
        &self.arena[rec.off as usize..(rec.off + rec.len) as usize]
    }
}

/// Which values a side may take where it ends.
#[derive(Clone, Copy)]
pub enum EndGoal<'a> {
    /// No side may end here.
    Never,
    /// Any value.
    Any,
    /// One of these values (empty: none).
    In(&'a ValueSet),
}

impl EndGoal<'_> {
    #[inline]
    fn possible(self) -> bool {
        match self {
            EndGoal::Never => false,
            EndGoal::Any => true,
            EndGoal::In(set) => !set.is_empty(),
        }
    }

    #[inline]
    fn accepts(self, v: Value) -> bool {
        match self {
            EndGoal::Never => false,
            EndGoal::Any => true,
            EndGoal::In(set) => set.contains(&v),
        }
    }
}

/// What to search for from one start square.  Arrays are indexed by the square just
/// after the side's end (0..=n).
pub struct Spec<'a> {
    pub record: &'a [u8],
    pub goal: &'a [EndGoal<'a>],
    /// solve for the side's last number against `goal` instead of searching it
    pub forced: &'a [bool],
    /// rack indices of tiles that can show `=` (first sides only)
    pub eq_tiles: &'a [usize],
    /// first square at or after i holding a fixed `=` (first sides only)
    pub next_fixed_eq: Option<&'a [usize]>,
}

struct Search<'a> {
    line: &'a Line,
    bits: &'a [u64],
    spec: &'a Spec<'a>,
    counts: Vec<u8>,
    max_digits: u32,
    /// some side may end just before square e or later
    useful_from: Vec<bool>,
    /// some side may end just before square e or later, found by search (not solved for)
    searched_from: Vec<bool>,
    /// a number starting on square i may end a side that is solved for
    solve_at: Vec<bool>,
    stack: Vec<u32>,
    out: SideTable,
}

/// All sides beginning on square `start` that `spec` asks for, with the rack `counts`.
pub fn sides_from(line: &Line, start: usize, rack: &Rack, counts: Vec<u8>, spec: &Spec<'_>, max_digits: u32) -> SideTable {
    let n = line.n;
    let mut useful_from = vec![false; n + 4];
    let mut searched_from = vec![false; n + 4];
    for e in (0..=n).rev() {
        let ok = spec.record[e] != RECORD_NO && spec.goal[e].possible();
        useful_from[e] = useful_from[e + 1] || ok;
        searched_from[e] = searched_from[e + 1] || (ok && !spec.forced[e]);
    }
    let longest = max_digits.max(1) as usize;
    let solve_at = (0..=n).map(|i| (i + 1..=(i + longest).min(n)).any(|e| spec.forced[e] && spec.record[e] != RECORD_NO)).collect();
    let mut s = Search {
        line,
        bits: &rack.bits,
        spec,
        counts,
        max_digits,
        useful_from,
        searched_from,
        solve_at,
        stack: Vec::with_capacity(n),
        out: SideTable { ends: (0..n).map(|_| Vec::new()).collect(), arena: Vec::new() },
    };
    if line.kind[start] != EQ as i8 {
        s.operand(start, Value::ZERO, Value::ZERO, NO_TERM, 1, true, false, 0, 0, 0);
    }
    s.out
}

impl Search<'_> {
    #[inline]
    fn eq_free(&self) -> bool {
        self.spec.eq_tiles.iter().any(|&j| self.counts[j] > 0)
    }

    /// Stop when no `=` can follow square i any more (first sides only).
    #[inline]
    fn no_eq_ahead(&self, i: usize) -> bool {
        match self.spec.next_fixed_eq {
            Some(nfe) => nfe[i] >= self.line.n && !self.eq_free(),
            None => false,
        }
    }

    fn keep(&mut self, q: usize, v: Value, used: u64, pts: i64, xs: i64) {
        if self.spec.record[q + 1] == RECORD_IF_EQ && !self.eq_free() {
            return;
        }
        let off = self.out.arena.len() as u32;
        self.out.arena.extend_from_slice(&self.stack);
        let len = self.stack.len() as u32;
        self.out.ends[q].push(SideRec { value: v, used, pts, xs, off, len });
    }

    #[inline]
    fn entry(i: usize, tile: u8, face: u8) -> u32 {
        (i as u32) << 16 | (tile as u32) << 8 | face as u32
    }

    /// Square i must begin a number (or hold a unary minus at the start of the side).
    #[allow(clippy::too_many_arguments)]
    fn operand(&mut self, i: usize, acc: Value, term: Value, mul: u8, sign: i8, start: bool, nozero: bool, used: u64, pts: i64, xs: i64) {
        let line = self.line;
        if i >= line.n || self.no_eq_ahead(i) {
            return;
        }
        if self.solve_at[i] {
            self.solve(i, acc, term, mul, sign, nozero, used, pts, xs);
        }
        // read a number here only if one may end a side by search, or an operator and a number may follow
        if !(self.searched_from[i + 1] || self.useful_from[i + 3] || start) {
            return;
        }
        let ext_ok = self.max_digits > 1;
        let k = line.kind[i];
        if k >= 0 {
            let k = k as u8;
            let val = line.value[i];
            if k == DIGIT {
                if !(val == 0 && nozero) {
                    self.after(i + 1, acc, term, mul, sign, val, val != 0 && ext_ok, 1, used, pts, xs);
                }
            } else if k == NUMBER {
                self.after(i + 1, acc, term, mul, sign, val, false, 1, used, pts, xs);
            } else if k == MINUS && start {
                self.operand(i + 1, acc, term, mul, -1, false, true, used, pts, xs);
            }
            return;
        }
        let cands = &line.num_cands[i];
        let mut k = 0;
        while let Some(c) = cands.get(k) {
            let j = c.j as usize;
            k = if self.counts[j] == 0 { c.next as usize } else { k + 1 };
            if self.counts[j] == 0 || (c.value == 0 && nozero) {
                continue;
            }
            self.counts[j] -= 1;
            self.stack.push(Self::entry(i, c.tile, c.face));
            let ext = c.kind == DIGIT && c.value != 0 && ext_ok;
            self.after(i + 1, acc, term, mul, sign, c.value, ext, 1, used + self.bits[j], pts + c.pts as i64, xs + c.xs);
            self.stack.pop();
            self.counts[j] += 1;
        }
        if start {
            let cands = &line.op_cands[i];
            let mut k = 0;
            while let Some(c) = cands.get(k) {
                let j = c.j as usize;
                k = if self.counts[j] == 0 { c.next as usize } else { k + 1 };
                if c.kind != MINUS || self.counts[j] == 0 {
                    continue;
                }
                self.counts[j] -= 1;
                self.stack.push(Self::entry(i, c.tile, c.face));
                self.operand(i + 1, acc, term, mul, -1, false, true, used + self.bits[j], pts + c.pts as i64, xs + c.xs);
                self.stack.pop();
                self.counts[j] += 1;
            }
        }
    }

    /// A number has just been read; square i may extend it, hold an operator or end the side.
    #[allow(clippy::too_many_arguments)]
    fn after(&mut self, i: usize, acc: Value, term: Value, mul: u8, sign: i8, num: i64, ext: bool, nd: u32, used: u64, pts: i64, xs: i64) {
        let line = self.line;
        let n = line.n;
        let cur = match mul {
            NO_TERM => Some(Value::int(num)),
            MUL => term.checked_mul(Value::int(num)),
            _ => term.checked_div(Value::int(num)),
        };
        let v = cur.and_then(|c| if sign > 0 { acc.checked_add(c) } else { acc.checked_sub(c) });
        if let Some(v) = v {
            if self.spec.record[i] != RECORD_NO && !self.spec.forced[i] && self.spec.goal[i].accepts(v) {
                self.keep(i - 1, v, used, pts, xs);
            }
        }
        if i >= n || self.no_eq_ahead(i) {
            return;
        }
        let grow = ext && (self.searched_from[i + 1] || self.useful_from[i + 3]);
        let more = v.is_some() && self.useful_from[i + 2];
        if !(grow || more) {
            return;
        }
        let next_ext = nd + 1 < self.max_digits;
        let k = line.kind[i];
        if k >= 0 {
            let k = k as u8;
            if k == DIGIT {
                if grow {
                    if let Some(m) = num.checked_mul(10).and_then(|m| m.checked_add(line.value[i])) {
                        self.after(i + 1, acc, term, mul, sign, m, next_ext, nd + 1, used, pts, xs);
                    }
                }
            } else if more && (PLUS..=DIVIDE).contains(&k) {
                if let (Some(cur), Some(v)) = (cur, v) {
                    self.operator(i, k, acc, cur, v, sign, used, pts, xs);
                }
            }
            return;
        }
        if grow {
            let cands = &line.digit_cands[i];
            let mut k = 0;
            while let Some(c) = cands.get(k) {
                let j = c.j as usize;
                if self.counts[j] == 0 {
                    k = c.next as usize;
                    continue;
                }
                k += 1;
                let Some(m) = num.checked_mul(10).and_then(|m| m.checked_add(c.value)) else {
                    continue;
                };
                self.counts[j] -= 1;
                self.stack.push(Self::entry(i, c.tile, c.face));
                self.after(i + 1, acc, term, mul, sign, m, next_ext, nd + 1, used + self.bits[j], pts + c.pts as i64, xs + c.xs);
                self.stack.pop();
                self.counts[j] += 1;
            }
        }
        if more {
            let (Some(cur), Some(v)) = (cur, v) else { return };
            let cands = &line.op_cands[i];
            let mut k = 0;
            while let Some(c) = cands.get(k) {
                let j = c.j as usize;
                if self.counts[j] == 0 {
                    k = c.next as usize;
                    continue;
                }
                k += 1;
                self.counts[j] -= 1;
                self.stack.push(Self::entry(i, c.tile, c.face));
                self.operator(i, c.kind, acc, cur, v, sign, used + self.bits[j], pts + c.pts as i64, xs + c.xs);
                self.stack.pop();
                self.counts[j] += 1;
            }
        }
    }

    /// Operator `k` on square i after a number whose term value is `cur` and side value `v`.
    #[allow(clippy::too_many_arguments)]
    fn operator(&mut self, i: usize, k: u8, acc: Value, cur: Value, v: Value, sign: i8, used: u64, pts: i64, xs: i64) {
        match k {
            PLUS => self.operand(i + 1, v, Value::ZERO, NO_TERM, 1, false, false, used, pts, xs),
            MINUS => self.operand(i + 1, v, Value::ZERO, NO_TERM, -1, false, false, used, pts, xs),
            TIMES => self.operand(i + 1, acc, cur, MUL, sign, false, false, used, pts, xs),
            _ => self.operand(i + 1, acc, cur, DIV, sign, false, true, used, pts, xs),
        }
    }

    /// The side ends with one more number on squares i..e-1 for an end e that is solved
    /// for: the number is computed from each target value, exactly, and only it is placed.
    #[allow(clippy::too_many_arguments)]
    fn solve(&mut self, i: usize, acc: Value, term: Value, mul: u8, sign: i8, nozero: bool, used: u64, pts: i64, xs: i64) {
        let line = self.line;
        let spec = self.spec;
        let n = line.n;
        let maxd = self.max_digits as usize;
        for d in 1..=maxd.max(1) {
            let e = i + d;
            let q = e - 1;
            if q >= n || line.kind[q] > NUMBER as i8 || (d > 1 && line.kind[q] == NUMBER as i8) {
                break;
            }
            if !spec.forced[e] || spec.record[e] == RECORD_NO {
                continue;
            }
            let EndGoal::In(set) = spec.goal[e] else { continue };
            let digits_ok = d == 1 || d <= maxd;
            for &t in set {
                let g = if sign > 0 { t.checked_sub(acc) } else { acc.checked_sub(t) };
                let Some(g) = g else { continue };
                let num = match mul {
                    NO_TERM => g.is_int().then(|| g.numer()),
                    MUL => {
                        if term.is_zero() {
                            // 0 * n: any number of d digits gives the target when it is 0
                            if g.is_zero() && digits_ok {
                                self.place_any(i, q, true, nozero, t, used, pts, xs);
                            }
                            continue;
                        }
                        g.whole_div(term)
                    }
                    _ => {
                        if g.is_zero() {
                            // 0 / n: any non-zero number when the term is 0
                            if term.is_zero() && digits_ok {
                                self.place_any(i, q, true, true, t, used, pts, xs);
                            }
                            continue;
                        }
                        term.whole_div(g)
                    }
                };
                let Some(num) = num else { continue };
                if num < 0 || (num == 0 && nozero) {
                    continue;
                }
                let mut digits = [0u8; 20];
                let mut len = 0;
                let mut rest = num;
                loop {
                    digits[len] = (rest % 10) as u8;
                    len += 1;
                    rest /= 10;
                    if rest == 0 {
                        break;
                    }
                }
                digits[..len].reverse();
                if d == 1 {
                    self.place_single(i, num, t, used, pts, xs);
                } else if len == d && d <= maxd {
                    self.place_digits(i, q, &digits[..len], t, used, pts, xs);
                }
            }
        }
    }

    /// The number `num` as one face on square i, ending the side there.
    fn place_single(&mut self, i: usize, num: i64, v: Value, used: u64, pts: i64, xs: i64) {
        let line = self.line;
        let k = line.kind[i];
        if k >= 0 {
            if (k == DIGIT as i8 || k == NUMBER as i8) && line.value[i] == num {
                self.keep(i, v, used, pts, xs);
            }
            return;
        }
        let cands = &line.num_cands[i];
        let mut k = 0;
        while let Some(c) = cands.get(k) {
            let j = c.j as usize;
            k = if self.counts[j] == 0 { c.next as usize } else { k + 1 };
            if c.value != num || self.counts[j] == 0 {
                continue;
            }
            self.counts[j] -= 1;
            self.stack.push(Self::entry(i, c.tile, c.face));
            self.keep(i, v, used + self.bits[j], pts + c.pts as i64, xs + c.xs);
            self.stack.pop();
            self.counts[j] += 1;
        }
    }

    /// The digits of a number, one per square from i to q, ending the side on q.
    #[allow(clippy::too_many_arguments)]
    fn place_digits(&mut self, i: usize, q: usize, digits: &[u8], v: Value, used: u64, pts: i64, xs: i64) {
        if i > q {
            self.keep(q, v, used, pts, xs);
            return;
        }
        let line = self.line;
        let want = digits[0] as i64;
        let k = line.kind[i];
        if k >= 0 {
            if k == DIGIT as i8 && line.value[i] == want {
                self.place_digits(i + 1, q, &digits[1..], v, used, pts, xs);
            }
            return;
        }
        let cands = &line.digit_cands[i];
        let mut k = 0;
        while let Some(c) = cands.get(k) {
            let j = c.j as usize;
            k = if self.counts[j] == 0 { c.next as usize } else { k + 1 };
            if c.value != want || self.counts[j] == 0 {
                continue;
            }
            self.counts[j] -= 1;
            self.stack.push(Self::entry(i, c.tile, c.face));
            self.place_digits(i + 1, q, &digits[1..], v, used + self.bits[j], pts + c.pts as i64, xs + c.xs);
            self.stack.pop();
            self.counts[j] += 1;
        }
    }

    /// Any number on squares i..=q (one face, or digits without a leading zero), ending the side on q.
    #[allow(clippy::too_many_arguments)]
    fn place_any(&mut self, i: usize, q: usize, first: bool, nozero: bool, v: Value, used: u64, pts: i64, xs: i64) {
        if i > q {
            self.keep(q, v, used, pts, xs);
            return;
        }
        let line = self.line;
        let single = first && i == q;
        let zero_banned = nozero || (first && !single);
        let k = line.kind[i];
        if k >= 0 {
            let fits = k == DIGIT as i8 || (k == NUMBER as i8 && single);
            if fits && !(line.value[i] == 0 && zero_banned) {
                self.place_any(i + 1, q, false, false, v, used, pts, xs);
            }
            return;
        }
        let cands = &line.num_cands[i];
        let mut k = 0;
        while let Some(c) = cands.get(k) {
            let j = c.j as usize;
            k = if self.counts[j] == 0 { c.next as usize } else { k + 1 };
            let fits = c.kind == DIGIT || single;
            if !fits || (c.value == 0 && zero_banned) || self.counts[j] == 0 {
                continue;
            }
            self.counts[j] -= 1;
            self.stack.push(Self::entry(i, c.tile, c.face));
            self.place_any(i + 1, q, false, false, v, used + self.bits[j], pts + c.pts as i64, xs + c.xs);
            self.stack.pop();
            self.counts[j] += 1;
        }
    }
}
