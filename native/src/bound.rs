//! Upper bounds on what a placement along one line can score, for searches after the best only.
//!
//! A placement whose main line spans squares p..=q scores (fixed points + new tiles' points)
//! x the equation premiums of its new squares + the crossing lines it makes + the bingo
//! bonus.  Two bounds, the least of which is kept for each span: (1) each new square gives
//! at most the most points and the best crossing line of any tile its cross-check allows;
//! (2) the score is a constant plus, for each new square, the points of the tile put there
//! times that square's weight (its piece premium x the span's equation premiums, plus the
//! piece premium x the crossing line's equation premium on a hook), and no placement beats
//! the rack's own tile points, highest first, on the heaviest squares (rearrangement): this
//! one is tight when one high tile (or a blank, worth 0) would count on every square in (1).
//! A top-k search (`generate::generate_bounded`) skips lines, starts and ends whose bound
//! is below the least score that can still matter.
//!
//! A span that takes the whole rack gets no bound at all when its tiles cannot be counted
//! into an equation (`kinds_fit`): most racks and board tiles have too many digits or too
//! many operators for the numbers they make, and the bingo bonus would otherwise put every
//! such span above the floor, to be searched in vain.

use crate::line::{Line, Rack};
use crate::rules::{RuleData, DIGIT, DIVIDE, EQ, MINUS, NUMBER, PLUS, TIMES};

/// Tiles counted by the kind of face each shows: digits, numbers (one tile, 10-20),
/// operators other than minus, minuses, equals.
type Kinds = [u8; 5];

/// The place of a face kind in `Kinds` (None: a kind this count does not know).
fn slot(kind: u8) -> Option<usize> {
    match kind {
        DIGIT => Some(0),
        NUMBER => Some(1),
        PLUS | TIMES | DIVIDE => Some(2),
        MINUS => Some(3),
        EQ => Some(4),
        _ => None,
    }
}

/// Every way (each once) to count all the rack's tiles by the kind of face each shows
/// (None when a face has a kind `slot` does not know: then no span is ruled out).
fn rack_kinds(rules: &RuleData, rack: &Rack) -> Option<Vec<Kinds>> {
    let mut ways: Vec<Kinds> = vec![[0; 5]];
    for (j, &t) in rack.tiles.iter().enumerate() {
        let mut slots: Vec<usize> = Vec::new();
        for &f in &rules.tiles.get(t as usize)?.faces {
            slots.push(slot(rules.faces.get(f as usize)?.kind)?);
        }
        slots.sort_unstable();
        slots.dedup();
        for _ in 0..rack.counts[j] {
            let mut next: Vec<Kinds> = Vec::with_capacity(ways.len() * slots.len());
            for w in &ways {
                for &s in &slots {
                    let mut v = *w;
                    v[s] = v[s].saturating_add(1);
                    next.push(v);
                }
            }
            next.sort_unstable();
            next.dedup();
            ways = next;
        }
    }
    Some(ways)
}

/// Can tiles of these kinds, all of them, stand in one line as `side = side (= ...)`?
/// Counting only: a side is numbers joined by operators, with at most one leading minus,
/// so a line has (operators - leading minuses) + equals + 1 numbers, and each number is
/// one number tile or a run of 1 to `max_digits` digits.  (A necessary condition.)
fn kinds_fit(kinds: Kinds, max_digits: u32) -> bool {
    let [d, b, o, m, e] = kinds.map(u32::from);
    e > 0
        && (0..=m.min(e + 1)).any(|lead| {
            let numbers = o + m - lead + e + 1;
            numbers >= b && (numbers - b..=(numbers - b).saturating_mul(max_digits)).contains(&d)
        })
}

/// The bound of every span p..=q of one line (None: no placement can lie there).
pub struct SpanBound {
    n: usize,
    /// `span[p * n + q]`
    span: Vec<Option<i64>>,
}

impl SpanBound {
    /// The bounds of `line` for `rack`.
    pub fn new(rules: &RuleData, line: &Line, rack: &Rack) -> SpanBound {
        let n = line.n;
        // (1): prefix sums of each square's best new-tile points and crossing score, and of dead squares
        let (mut pts, mut xs, mut dead) = (vec![0i64], vec![0i64], vec![0u32]);
        for i in 0..n {
            let (mut best_pts, mut best_xs, mut any) = (0i64, 0i64, false);
            if line.kind[i] < 0 {
                let cands = [&line.num_cands[i], &line.digit_cands[i], &line.op_cands[i], &line.eq_cands[i]];
                for c in cands.into_iter().flatten() {
                    any = true;
                    best_pts = best_pts.max(i64::from(c.pts));
                    best_xs = best_xs.max(c.xs);
                }
            } else {
                any = true;
            }
            pts.push(pts[i] + best_pts);
            xs.push(xs[i] + best_xs);
            dead.push(dead[i] + u32::from(!any));
        }
        // (2): the rack's tile points, highest first
        let mut held: Vec<i64> = Vec::with_capacity(rack.size);
        for (j, &t) in rack.tiles.iter().enumerate() {
            held.extend(std::iter::repeat_n(i64::from(rules.tiles[t as usize].points), rack.counts[j] as usize));
        }
        held.sort_unstable_by(|a, b| b.cmp(a));
        // the kinds of the rack's faces, all ways, and of the board tiles before each square
        let whole_kinds = rack_kinds(rules, rack);
        let mut fixed_kinds: Vec<Kinds> = vec![[0; 5]];
        for i in 0..n {
            let mut k = fixed_kinds[i];
            if let Some(s) = u8::try_from(line.kind[i]).ok().and_then(slot) {
                k[s] = k[s].saturating_add(1);
            }
            fixed_kinds.push(k);
        }
        let whole_fits = |p: usize, q: usize| {
            let Some(ways) = &whole_kinds else { return true };
            let mut fixed = fixed_kinds[q + 1];
            for (f, &before) in fixed.iter_mut().zip(&fixed_kinds[p]) {
                *f -= before;
            }
            ways.iter().any(|w| {
                let mut all = *w;
                for (a, &f) in all.iter_mut().zip(&fixed) {
                    *a = a.saturating_add(f);
                }
                kinds_fit(all, rules.max_digits)
            })
        };
        let bingo = rules.bingo_bonus as i64;
        let mut span = vec![None; n * n];
        let mut weights: Vec<i64> = Vec::with_capacity(rack.size);
        for p in 0..n {
            for q in p..n {
                let new = (line.empty[q + 1] - line.empty[p]) as usize;
                if new > rack.size {
                    break;
                }
                if new == 0 || dead[q + 1] > dead[p] || (new == rack.size && !whole_fits(p, q)) {
                    continue;
                }
                let fixed = line.fixed_pts[q + 1] - line.fixed_pts[p];
                let mult = line.emult[q + 1] / line.emult[p].max(1);
                let bonus = if new == rules.rack_size { bingo } else { 0 };
                let main = fixed.saturating_add(pts[q + 1] - pts[p]).saturating_mul(mult);
                let each = main.saturating_add(xs[q + 1] - xs[p]).saturating_add(bonus);
                weights.clear();
                let mut base = fixed.saturating_mul(mult).saturating_add(bonus);
                for i in (p..=q).filter(|&i| line.kind[i] < 0) {
                    let hook = if line.hook[i] { line.esq[i] } else { 0 };
                    weights.push(line.pmult[i].saturating_mul(mult.saturating_add(hook)));
                    base = base.saturating_add(line.cross_base[i]);
                }
                weights.sort_unstable_by(|a, b| b.cmp(a));
                let rearranged = weights.iter().zip(&held).fold(base, |acc, (&w, &t)| acc.saturating_add(w.saturating_mul(t)));
                span[p * n + q] = Some(each.min(rearranged));
            }
        }
        SpanBound { n, span }
    }

    /// No placement whose main line is exactly p..=q scores more (None: no placement can lie there).
    #[inline]
    pub fn span(&self, _line: &Line, p: usize, q: usize) -> Option<i64> {
        self.span[p * self.n + q]
    }

    /// May a placement whose main line is exactly p..=q reach `low`, the least score wanted
    /// for each number of tiles placed?
    pub fn reaches(&self, line: &Line, p: usize, q: usize, low: &[i64]) -> bool {
        let new = (line.empty[q + 1] - line.empty[p]) as usize;
        self.span(line, p, q).is_some_and(|b| low.get(new).is_none_or(|&l| b >= l))
    }

    /// May a placement whose main line starts on p reach `low`?
    pub fn from_start(&self, line: &Line, p: usize, low: &[i64]) -> bool {
        (p..line.n).any(|q| self.reaches(line, p, q, low))
    }

    /// No placement along the line scores more.
    pub fn best(&self, line: &Line) -> i64 {
        (0..line.n).flat_map(|p| (p..line.n).filter_map(move |q| self.span(line, p, q))).max().unwrap_or(i64::MIN)
    }
}

#[cfg(test)]
mod tests {
    use super::{kinds_fit, slot, Kinds};
    use crate::generate::{generate, generate_bounded, FORCE_MAX};
    use crate::rules::testing::{board, face, premium_rules};

    /// "1+1=2" across the centre row, and "3=3" down rows 4-6 of the column of its "+".
    fn crossed_board() -> Vec<Option<(u8, u8)>> {
        board(&[(7 * 15 + 5, 1, &["1", "+", "1", "=", "2"]), (4 * 15 + 6, 15, &["3", "=", "3"])])
    }

    /// The kind counts of faces written out, as `kinds_fit` takes them.
    fn kinds(faces: &[&str]) -> Kinds {
        let r = premium_rules();
        let mut k = [0u8; 5];
        for f in faces {
            k[slot(r.faces[face(f) as usize].kind).unwrap()] += 1;
        }
        k
    }

    #[test]
    fn counting_kinds_refuses_only_what_no_equation_can_hold() {
        for eq in
            [&["1", "+", "2", "=", "3"][..], &["-", "1", "=", "-", "1"], &["1", "2", "3", "=", "1", "2", "3"], &["1", "0", "=", "1", "0"]]
        {
            assert!(kinds_fit(kinds(eq), 3), "{eq:?} is an equation");
        }
        assert!(kinds_fit(kinds(&["1", "=", "1", "=", "1"]), 3));
        for no in [
            &["1", "2", "3", "4", "5", "6", "7", "="][..], // two numbers of at most 3 digits
            &["1", "+", "+", "=", "2"],                    // two operators need three numbers besides the '='
            &["1", "2", "+", "3"],                         // no '='
            &["1", "0", "=", "1", "2", "3", "4", "5", "6", "7"],
            &["-", "-", "-", "1", "=", "1"], // at most one leading minus a side
        ] {
            assert!(!kinds_fit(kinds(no), 3), "{no:?} cannot be an equation");
        }
    }

    #[test]
    fn every_whole_rack_move_passes_the_count() {
        // the counting test is necessary: the complete list's whole-rack moves, read along
        // their main line with the board tiles in it, always pass it
        let r = premium_rules();
        let grid = crossed_board();
        let mut checked = 0;
        for tiles in [vec!["1", "2", "+", "=", "3"], vec!["?", "=", "4", "*"], vec!["2", "2", "=", "+", "-"], vec!["6", "?", "="]] {
            let mut counts = vec![0u8; r.tiles.len()];
            for t in &tiles {
                counts[if *t == "?" { r.tiles.len() - 1 } else { face(t) as usize }] += 1;
            }
            let all = generate(&r, &grid, &counts, FORCE_MAX).unwrap_or_default();
            for m in all.moves.iter().filter(|m| m.len as usize == tiles.len()) {
                let keys = all.keys(m);
                let squares: Vec<usize> = keys.iter().map(|k| (k >> 16) as usize).collect();
                let across = squares.iter().all(|s| s / 15 == squares[0] / 15);
                let step = if across { 1 } else { 15 };
                let mut line: Vec<u8> = keys.iter().map(|k| r.face_by_rank[(k & 0xff) as usize]).collect();
                // the board tiles of the main line: between the new tiles and on past both ends
                let (lo, hi) = (squares[0], squares[squares.len() - 1]);
                let mut sq = lo;
                while sq >= step && (!across || sq % 15 > 0) && grid[sq - step].is_some() {
                    sq -= step;
                }
                while sq < 225 && (sq <= hi || grid[sq].is_some()) {
                    if let Some((_, f)) = grid[sq] {
                        line.push(f);
                    }
                    if across && sq % 15 == 14 {
                        break;
                    }
                    sq += step;
                }
                let mut k = [0u8; 5];
                for f in line {
                    k[slot(r.faces[f as usize].kind).unwrap()] += 1;
                }
                assert!(kinds_fit(k, r.max_digits), "rack {tiles:?}, move {keys:?}");
                checked += 1;
            }
        }
        assert!(checked > 10, "the racks must have whole-rack moves ({checked})");
    }

    /// Every move scoring at least the floor: (score, tiles), sorted.
    fn above(found: &crate::generate::MoveList, low: i64) -> Vec<(i64, Vec<u32>)> {
        let mut out: Vec<(i64, Vec<u32>)> =
            found.moves.iter().filter(|m| m.score >= low).map(|m| (m.score, found.keys(m).to_vec())).collect();
        out.sort();
        out
    }

    #[test]
    fn a_bounded_search_finds_every_move_that_reaches_its_floor() {
        // tiles worth different points and premiums around the board's tiles, so the
        // rearrangement bound is tighter than the per-square one and both are tested
        let r = premium_rules();
        let grid = crossed_board();
        let mut checked = 0;
        for tiles in [
            vec!["1", "2", "+", "=", "3", "-", "4"],
            vec!["1", "?", "=", "*", "2", "6"],
            vec!["?", "?", "="],
            vec!["4", "2", "=", "2", "+", "6", "*"],
        ] {
            let mut counts = vec![0u8; r.tiles.len()];
            for t in &tiles {
                counts[if *t == "?" { r.tiles.len() - 1 } else { face(t) as usize }] += 1;
            }
            let all = match generate(&r, &grid, &counts, FORCE_MAX) {
                Ok(found) => found,
                Err(e) => panic!("{}", e.0),
            };
            let mut scores: Vec<i64> = all.moves.iter().map(|m| m.score).collect();
            scores.sort_unstable();
            assert!(!scores.is_empty());
            for low in [scores[0], scores[scores.len() / 2], scores[scores.len() - 1]] {
                let bounded = match generate_bounded(&r, &grid, &counts, FORCE_MAX, &mut |_, _| vec![low; 9]) {
                    Ok(found) => found,
                    Err(e) => panic!("{}", e.0),
                };
                assert_eq!(above(&bounded, low), above(&all, low), "rack {tiles:?}, floor {low}");
                checked += 1;
            }
        }
        assert_eq!(checked, 12);
    }
}
