//! One row or column as the Smath search sees it (the twin of `amath.engine.movegen.smath_line`).
//!
//! For each square: the fixed tile's token, or every way to fill it (rack tiles and faces,
//! then the free `=` and brackets) that its crossing line allows, with the points each
//! scores, best first; plus suffix sums that bound what the rest of a line can score.

use super::grammar::{Grammar, CLOSE, DIVIDE, EQ, MINUS, NUM, OPEN, PLUS, TIMES};
use crate::line::Rack;
use crate::rules::{self, RuleData};

/// Rack index of a free tile (nothing is taken from the rack), and of a tile on the board.
pub const FREE: i8 = -1;
pub const FIXED: i8 = -2;

/// The grammar's token kind of a face kind.
pub fn token_kind(face_kind: u8) -> u8 {
    match face_kind {
        rules::DIGIT | rules::NUMBER => NUM,
        rules::PLUS => PLUS,
        rules::MINUS => MINUS,
        rules::TIMES => TIMES,
        rules::DIVIDE => DIVIDE,
        rules::EQ => EQ,
        rules::OPEN => OPEN,
        _ => CLOSE,
    }
}

/// A way to fill an empty square.
#[derive(Clone, Copy, Debug)]
pub struct Cand {
    /// rack index, or [`FREE`]
    pub j: i8,
    pub tile: u8,
    pub face: u8,
    pub kind: u8,
    pub value: i64,
    /// main-line points (tile points times the piece premium)
    pub pts: i64,
    /// the crossing line's score (0 without one)
    pub xs: i64,
}

/// A row (`across`) or column prepared for the search.
pub struct SmathLine {
    pub n: usize,
    pub across: bool,
    pub k: usize,
    /// token kind of a fixed tile, -1 on an empty square
    pub kind: Vec<i8>,
    pub value: Vec<i64>,
    /// points of a fixed tile (0 on an empty square)
    pub points: Vec<i64>,
    /// equation premium of an empty square (1 on a fixed one)
    pub emult: Vec<i64>,
    pub cands: Vec<Vec<Cand>>,
    pub hook: Vec<bool>,
    /// squares before i that hold a tile or have a crossing line
    pub touch_prefix: Vec<u32>,
    /// the first square from i on that is blocked (empty, and its crossing line takes nothing
    /// the rack or the free tiles have), else `n`: a line from i ends before it
    pub reach: Vec<usize>,
    /// suffix sums from square i to `reach[i]`: fixed points, equation premiums (product),
    /// best cross score per hook square, empty squares, empty squares by piece premium 3, 2, 1
    pub fixed_suffix: Vec<i64>,
    pub emult_suffix: Vec<i64>,
    pub cross_suffix: Vec<i64>,
    pub empty_suffix: Vec<u32>,
    pub piece_suffix: Vec<[u32; 3]>,
    /// fixed tiles from square i on that are not numbers (each may stand between two
    /// numbers), that are `=`, that are `)`
    pub sep_suffix: Vec<u32>,
    pub eq_suffix: Vec<u32>,
    pub close_suffix: Vec<u32>,
}

impl SmathLine {
    /// The board square of line square `i`.
    #[inline]
    pub fn square(&self, i: usize) -> usize {
        if self.across {
            self.k * self.n + i
        } else {
            i * self.n + self.k
        }
    }

    /// Prepare row `k` (`across`) or column `k`: candidates judged against their crossing
    /// lines, and the bounds.  `free` lists the free tiles in name order.
    pub fn build(
        rules: &RuleData,
        grid: &[Option<(u8, u8)>],
        rack: &Rack,
        free: &[u8],
        k: usize,
        across: bool,
        g: &mut Grammar,
    ) -> SmathLine {
        let n = rules.size;
        let mut line = SmathLine {
            n,
            across,
            k,
            kind: Vec::with_capacity(n),
            value: Vec::with_capacity(n),
            points: Vec::with_capacity(n),
            emult: Vec::with_capacity(n),
            cands: Vec::with_capacity(n),
            hook: Vec::with_capacity(n),
            touch_prefix: Vec::with_capacity(n + 1),
            reach: vec![n; n + 1],
            fixed_suffix: vec![0; n + 1],
            emult_suffix: vec![1; n + 1],
            cross_suffix: vec![0; n + 1],
            empty_suffix: vec![0; n + 1],
            piece_suffix: vec![[0; 3]; n + 1],
            sep_suffix: vec![0; n + 1],
            eq_suffix: vec![0; n + 1],
            close_suffix: vec![0; n + 1],
        };
        let mut best_cross = Vec::with_capacity(n);
        let mut pms = Vec::with_capacity(n);
        let mut cross: Vec<(u8, i64)> = Vec::new();
        let nf = rules.faces.len();
        let (mut judged, mut allowed) = (vec![false; nf], vec![false; nf]);
        // rack tiles in rack order, then the free tiles: (rack index, tile)
        let choices: Vec<(i8, u8)> =
            rack.tiles.iter().enumerate().map(|(j, &t)| (j as i8, t)).chain(free.iter().map(|&t| (FREE, t))).collect();
        for i in 0..n {
            let sq = line.square(i);
            if let Some((t, f)) = grid[sq] {
                let face = rules.faces[f as usize];
                line.kind.push(token_kind(face.kind) as i8);
                line.value.push(face.value);
                line.points.push(rules.tiles[t as usize].points as i64);
                line.emult.push(1);
                line.cands.push(Vec::new());
                line.hook.push(false);
                best_cross.push(0);
                pms.push(0);
                continue;
            }
            // the crossing run: tiles just before and just after, in the other direction
            let (r0, c0) = ((sq / n) as isize, (sq % n) as isize);
            let (dr, dc): (isize, isize) = if across { (1, 0) } else { (0, 1) };
            let at = |step: isize| -> Option<(u8, u8)> {
                let (r, c) = (r0 + dr * step, c0 + dc * step);
                if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                    return None;
                }
                grid[r as usize * n + c as usize]
            };
            let (mut lo, mut hi) = (0, 0);
            while at(-(lo + 1)).is_some() {
                lo += 1;
            }
            while at(hi + 1).is_some() {
                hi += 1;
            }
            let crossing = lo > 0 || hi > 0;
            let (mut cross_pts, mut gap) = (0i64, 0usize);
            if crossing {
                cross.clear();
                for s in -lo..=hi {
                    if s == 0 {
                        gap = cross.len();
                        cross.push((NUM, 0));
                        continue;
                    }
                    let (t, f) = at(s).unwrap_or((0, 0));
                    cross_pts += rules.tiles[t as usize].points as i64;
                    let face = rules.faces[f as usize];
                    cross.push((token_kind(face.kind), face.value));
                }
                judged.iter_mut().for_each(|x| *x = false);
            }
            let pm = rules.piece_mult[sq] as i64;
            let em = rules.eq_mult[sq] as i64;
            let mut here = Vec::new();
            for &(j, t) in &choices {
                let tile = &rules.tiles[t as usize];
                let pts = tile.points as i64;
                let xs = if crossing { (cross_pts + pts * pm) * em } else { 0 };
                for &f in &tile.faces {
                    let face = rules.faces[f as usize];
                    let kind = token_kind(face.kind);
                    if crossing {
                        let fi = f as usize;
                        if !judged[fi] {
                            cross[gap] = (kind, face.value);
                            allowed[fi] = g.is_true(&cross);
                            judged[fi] = true;
                        }
                        if !allowed[fi] {
                            continue;
                        }
                    }
                    here.push(Cand { j, tile: t, face: f, kind, value: face.value, pts: pts * pm, xs });
                }
            }
            // high scorers first (stable, as the twin): good moves early tighten the bound
            here.sort_by_key(|c| -(c.pts + c.xs));
            best_cross.push(here.iter().map(|c| c.xs).max().unwrap_or(0));
            line.kind.push(-1);
            line.value.push(0);
            line.points.push(0);
            line.emult.push(em);
            line.cands.push(here);
            line.hook.push(crossing);
            pms.push(pm);
        }
        line.touch_prefix.push(0);
        for i in 0..n {
            let t = line.touch_prefix[i] + u32::from(line.kind[i] >= 0 || line.hook[i]);
            line.touch_prefix.push(t);
        }
        for i in (0..n).rev() {
            let empty = line.kind[i] < 0;
            if empty && line.cands[i].is_empty() {
                // blocked: what lies past it is out of reach, as past the edge (the suffixes' start values)
                line.reach[i] = i;
                continue;
            }
            line.reach[i] = line.reach[i + 1];
            line.fixed_suffix[i] = line.fixed_suffix[i + 1] + line.points[i];
            line.emult_suffix[i] = line.emult_suffix[i + 1].saturating_mul(line.emult[i]);
            line.cross_suffix[i] = line.cross_suffix[i + 1] + best_cross[i];
            line.empty_suffix[i] = line.empty_suffix[i + 1] + u32::from(empty);
            line.sep_suffix[i] = line.sep_suffix[i + 1] + u32::from(!empty && line.kind[i] != NUM as i8);
            line.eq_suffix[i] = line.eq_suffix[i + 1] + u32::from(line.kind[i] == EQ as i8);
            line.close_suffix[i] = line.close_suffix[i + 1] + u32::from(line.kind[i] == CLOSE as i8);
            let mut c = line.piece_suffix[i + 1];
            if empty {
                for (slot, premium) in [3, 2, 1].into_iter().enumerate() {
                    c[slot] += u32::from(pms[i] == premium);
                }
            }
            line.piece_suffix[i] = c;
        }
        line
    }
}
