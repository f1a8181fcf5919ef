//! Upper bounds on what a placement along one line can score, for searches after the best only.
//!
//! A placement whose main line spans squares p..=q scores (fixed points + new tiles' points)
//! x the equation premiums of its new squares + the crossing lines it makes + the bingo
//! bonus.  Each new square gives at most the most points and the best crossing line of any
//! tile its cross-check allows, so summing those maxima bounds every placement over the
//! span.  A top-k search (`generate::generate_bounded`) skips lines, starts and ends whose
//! bound is below the least score that can still matter.

use crate::line::Line;
use crate::rules::RuleData;

/// Prefix sums over one line of the best a new tile can give on each square.
pub struct SpanBound {
    /// best main-line points of the new tiles on squares before i
    pts: Vec<i64>,
    /// best crossing-line scores of the new tiles on squares before i
    xs: Vec<i64>,
    /// empty squares before i that no rack tile may fill
    dead: Vec<u32>,
    rack_size: usize,
    bingo_size: usize,
    bingo: i64,
}

impl SpanBound {
    /// The bounds of `line` for a rack of `rack_size` tiles.
    pub fn new(rules: &RuleData, line: &Line, rack_size: usize) -> SpanBound {
        let mut b =
            SpanBound { pts: vec![0], xs: vec![0], dead: vec![0], rack_size, bingo_size: rules.rack_size, bingo: rules.bingo_bonus as i64 };
        for i in 0..line.n {
            let (mut pts, mut xs, mut any) = (0i64, 0i64, false);
            if line.kind[i] < 0 {
                let cands = [&line.num_cands[i], &line.digit_cands[i], &line.op_cands[i], &line.eq_cands[i]];
                for c in cands.into_iter().flatten() {
                    any = true;
                    pts = pts.max(i64::from(c.pts));
                    xs = xs.max(c.xs);
                }
            } else {
                any = true;
            }
            b.pts.push(b.pts[i] + pts);
            b.xs.push(b.xs[i] + xs);
            b.dead.push(b.dead[i] + u32::from(!any));
        }
        b
    }

    /// No placement whose main line is exactly p..=q scores more (None: no placement can lie there).
    pub fn span(&self, line: &Line, p: usize, q: usize) -> Option<i64> {
        let new = (line.empty[q + 1] - line.empty[p]) as usize;
        if new == 0 || new > self.rack_size || self.dead[q + 1] > self.dead[p] {
            return None;
        }
        let fixed = line.fixed_pts[q + 1] - line.fixed_pts[p];
        let mult = line.emult[q + 1] / line.emult[p].max(1);
        let bonus = if new == self.bingo_size { self.bingo } else { 0 };
        let main = fixed.saturating_add(self.pts[q + 1] - self.pts[p]).saturating_mul(mult);
        Some(main.saturating_add(self.xs[q + 1] - self.xs[p]).saturating_add(bonus))
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
    use crate::generate::{generate, generate_bounded, FORCE_MAX};
    use crate::rules::testing::{face, rules};

    /// Every move scoring at least the floor: (score, tiles), sorted.
    fn above(found: &crate::generate::MoveList, low: i64) -> Vec<(i64, Vec<u32>)> {
        let mut out: Vec<(i64, Vec<u32>)> =
            found.moves.iter().filter(|m| m.score >= low).map(|m| (m.score, found.keys(m).to_vec())).collect();
        out.sort();
        out
    }

    #[test]
    fn a_bounded_search_finds_every_move_that_reaches_its_floor() {
        let r = rules(15, 8);
        let mut grid = vec![None; 225];
        for (k, f) in ["1", "+", "1", "=", "2"].iter().enumerate() {
            grid[7 * 15 + 5 + k] = Some((face(f), face(f)));
        }
        for (k, f) in ["3", "=", "3"].iter().enumerate() {
            grid[(4 + k) * 15 + 6] = Some((face(f), face(f)));
        }
        let mut checked = 0;
        for tiles in [vec!["1", "2", "+", "=", "3", "-", "4"], vec!["1", "?", "=", "*", "2", "6"], vec!["?", "?", "="]] {
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
        assert_eq!(checked, 9);
    }
}
