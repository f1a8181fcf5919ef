//! One row or column of the board prepared for the search, and the rack as counts.
//!
//! For each square: the fixed tile's kind and value, or, for an empty square, the rack
//! tiles and faces its crossing line allows there (the cross-check set, judged exactly)
//! with the points each would score; plus prefix sums so that "may a line span p..q and
//! what does it score" is answered in constant time.

use crate::judge::is_true;
use crate::rules::{FaceDef, InputError, Result, RuleData, DIGIT, DIVIDE, EQ, NUMBER, PLUS};

/// A way to fill an empty square.
#[derive(Clone, Copy, Debug)]
pub struct Cand {
    /// index of the tile in the rack
    pub j: u8,
    pub tile: u8,
    pub face: u8,
    pub kind: u8,
    pub value: i64,
    /// main-line points of the new tile (its points times the piece premium)
    pub pts: i32,
    /// score of the crossing line it makes (0 without one)
    pub xs: i64,
    /// index in its list of the first candidate of the next rack tile: a list holds each
    /// tile's faces together, so the faces of a tile the search has used up are passed at once
    pub next: u16,
}

/// Set each candidate's `next` (the lists are built tile by tile, in rack order).
fn link(list: &mut [Cand]) {
    let mut next = list.len();
    for k in (0..list.len()).rev() {
        if k + 1 < list.len() && list[k + 1].j != list[k].j {
            next = k + 1;
        }
        list[k].next = next as u16;
    }
}

/// The rack as distinct tiles with counts, and "tiles used" packed into one `u64`:
/// one bit field per distinct tile, so two usages add with one addition and `fits`
/// checks them against the rack with one addition and one mask.
#[derive(Clone, Debug)]
pub struct Rack {
    pub tiles: Vec<u8>,
    pub counts: Vec<u8>,
    pub bits: Vec<u64>,
    bias: u64,
    high: u64,
    width: u32,
    pub size: usize,
}

impl Rack {
    /// From a count per tile id (already checked against the rules).
    pub fn new(counts_by_id: &[u8]) -> Result<Rack> {
        let mut tiles = Vec::new();
        let mut counts = Vec::new();
        for (t, &c) in counts_by_id.iter().enumerate() {
            if c > 0 {
                tiles.push(t as u8);
                counts.push(c);
            }
        }
        Rack::ordered(tiles, counts)
    }

    /// From distinct tiles in the order their bit fields take (counts above zero).
    pub fn ordered(tiles: Vec<u8>, counts: Vec<u8>) -> Result<Rack> {
        let most = counts.iter().copied().max().unwrap_or(1) as u32;
        let width = 32 - most.leading_zeros() + 1;
        if width as usize * tiles.len() > 64 {
            return Err(InputError(format!("rack of {} distinct tiles is too large for the native generator", tiles.len())));
        }
        let top = 1u64 << (width - 1);
        let mut bits = Vec::new();
        let (mut bias, mut high) = (0u64, 0u64);
        for (j, &c) in counts.iter().enumerate() {
            let shift = width * j as u32;
            bits.push(1u64 << shift);
            bias += (top - 1 - c as u64) << shift;
            high += top << shift;
        }
        let size = counts.iter().map(|&c| c as usize).sum();
        Ok(Rack { tiles, counts, bits, bias, high, width, size })
    }

    /// True when the rack holds every tile counted in `used` (a sum of `bits`).
    #[inline]
    pub fn fits(&self, used: u64) -> bool {
        (used.wrapping_add(self.bias)) & self.high == 0
    }

    /// How many tiles `used` counts.
    pub fn tiles_in(&self, mut used: u64) -> u32 {
        let mask = (1u64 << self.width) - 1;
        let mut total = 0;
        while used != 0 {
            total += (used & mask) as u32;
            used >>= self.width;
        }
        total
    }

    /// How many of rack tile `j` `used` counts.
    pub fn count_in(&self, used: u64, j: usize) -> u8 {
        ((used >> (self.width * j as u32)) & ((1u64 << self.width) - 1)) as u8
    }
}

/// A row (`across`) or column of the board prepared for the search.
pub struct Line {
    pub n: usize,
    pub across: bool,
    pub k: usize,
    /// -1 on an empty square, else the fixed face's kind
    pub kind: Vec<i8>,
    pub value: Vec<i64>,
    pub num_cands: Vec<Vec<Cand>>,
    pub digit_cands: Vec<Vec<Cand>>,
    pub op_cands: Vec<Vec<Cand>>,
    pub eq_cands: Vec<Vec<Cand>>,
    /// empty square with a crossing line
    pub hook: Vec<bool>,
    pub fixed_pts: Vec<i64>,
    pub empty: Vec<u32>,
    pub touch: Vec<u32>,
    /// product of the equation premiums of the empty squares before i
    pub emult: Vec<i64>,
    /// per square: the piece premium and the equation premium of an empty square (1 and 1
    /// on a covered one), and the crossing line's score without the new tile (0 without one)
    pub pmult: Vec<i64>,
    pub esq: Vec<i64>,
    pub cross_base: Vec<i64>,
}

impl Line {
    /// The board square of line square `i`.
    #[inline]
    pub fn square(&self, i: usize) -> usize {
        if self.across {
            self.k * self.n + i
        } else {
            i * self.n + self.k
        }
    }

    /// True when square `i` holds '=' or may receive one from the rack.
    pub fn is_eq_square(&self, i: usize) -> bool {
        self.kind[i] == EQ as i8 || !self.eq_cands[i].is_empty()
    }

    /// Prepare row `k` (`across`) or column `k`, cross-checks included.
    pub fn build(rules: &RuleData, grid: &[Option<(u8, u8)>], rack: &Rack, k: usize, across: bool) -> Line {
        let n = rules.size;
        let mut line = Line {
            n,
            across,
            k,
            kind: Vec::with_capacity(n),
            value: Vec::with_capacity(n),
            num_cands: Vec::with_capacity(n),
            digit_cands: Vec::with_capacity(n),
            op_cands: Vec::with_capacity(n),
            eq_cands: Vec::with_capacity(n),
            hook: Vec::with_capacity(n),
            fixed_pts: vec![0],
            empty: vec![0],
            touch: vec![0],
            emult: vec![1],
            pmult: Vec::with_capacity(n),
            esq: Vec::with_capacity(n),
            cross_base: Vec::with_capacity(n),
        };
        let mut cross: Vec<FaceDef> = Vec::new();
        let mut allowed = vec![false; rules.faces.len()];
        let mut judged = vec![false; rules.faces.len()];
        for i in 0..n {
            let sq = line.square(i);
            let (fp, em, tp, pm_prod) = (line.fixed_pts[i], line.empty[i], line.touch[i], line.emult[i]);
            if let Some((t, f)) = grid[sq] {
                let face = rules.faces[f as usize];
                line.kind.push(face.kind as i8);
                line.value.push(face.value);
                for v in [&mut line.num_cands, &mut line.digit_cands, &mut line.op_cands, &mut line.eq_cands] {
                    v.push(Vec::new());
                }
                line.hook.push(false);
                line.fixed_pts.push(fp + rules.tiles[t as usize].points as i64);
                line.empty.push(em);
                line.touch.push(tp + 1);
                line.emult.push(pm_prod);
                line.pmult.push(1);
                line.esq.push(1);
                line.cross_base.push(0);
                continue;
            }
            // the crossing run: tiles just before and just after, in the other direction
            let (r0, c0) = (sq / n, sq % n);
            let (dr, dc): (isize, isize) = if across { (1, 0) } else { (0, 1) };
            let at = |step: isize| -> Option<(u8, u8)> {
                let (r, c) = (r0 as isize + dr * step, c0 as isize + dc * step);
                if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                    return None;
                }
                grid[r as usize * n + c as usize]
            };
            let mut lo = 0;
            while at(-(lo + 1)).is_some() {
                lo += 1;
            }
            let mut hi = 0;
            while at(hi + 1).is_some() {
                hi += 1;
            }
            let crossing = lo > 0 || hi > 0;
            let mut cross_pts = 0i64;
            let mut gap = 0;
            if crossing {
                cross.clear();
                for s in -lo..=hi {
                    if s == 0 {
                        gap = cross.len();
                        cross.push(rules.faces[0]);
                        continue;
                    }
                    let (t, f) = at(s).unwrap_or((0, 0));
                    cross_pts += rules.tiles[t as usize].points as i64;
                    cross.push(rules.faces[f as usize]);
                }
                judged.iter_mut().for_each(|j| *j = false);
            }
            let pm = rules.piece_mult[sq] as i64;
            let em_sq = rules.eq_mult[sq] as i64;
            let (mut nums, mut digits, mut ops, mut eqs) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
            for (j, &t) in rack.tiles.iter().enumerate() {
                let tile = &rules.tiles[t as usize];
                let pts = tile.points as i64;
                let xs = if crossing { (cross_pts + pts * pm) * em_sq } else { 0 };
                for &f in &tile.faces {
                    let face = rules.faces[f as usize];
                    if crossing {
                        let fi = f as usize;
                        if !judged[fi] {
                            cross[gap] = face;
                            allowed[fi] = is_true(&cross, rules.max_digits);
                            judged[fi] = true;
                        }
                        if !allowed[fi] {
                            continue;
                        }
                    }
                    let c = Cand { j: j as u8, tile: t, face: f, kind: face.kind, value: face.value, pts: (pts * pm) as i32, xs, next: 0 };
                    match face.kind {
                        EQ => eqs.push(c),
                        DIGIT => {
                            digits.push(c);
                            nums.push(c);
                        }
                        NUMBER => nums.push(c),
                        k if (PLUS..=DIVIDE).contains(&k) => ops.push(c),
                        _ => {}
                    }
                }
            }
            for list in [&mut nums, &mut digits, &mut ops, &mut eqs] {
                link(list);
            }
            line.kind.push(-1);
            line.value.push(0);
            line.num_cands.push(nums);
            line.digit_cands.push(digits);
            line.op_cands.push(ops);
            line.eq_cands.push(eqs);
            line.hook.push(crossing);
            line.fixed_pts.push(fp);
            line.empty.push(em + 1);
            line.touch.push(tp + u32::from(crossing));
            line.emult.push(pm_prod * em_sq);
            line.pmult.push(pm);
            line.esq.push(em_sq);
            line.cross_base.push(if crossing { cross_pts * em_sq } else { 0 });
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::{link, Cand, Rack};

    #[test]
    fn each_candidate_links_to_the_first_face_of_the_next_tile() {
        let js = [0u8, 0, 2, 3, 3, 3, 5];
        let mut list: Vec<Cand> = js.iter().map(|&j| Cand { j, tile: j, face: 0, kind: 0, value: 0, pts: 0, xs: 0, next: 0 }).collect();
        link(&mut list);
        let next: Vec<u16> = list.iter().map(|c| c.next).collect();
        assert_eq!(next, vec![2, 2, 3, 6, 6, 6, 7]);
        link(&mut []);
    }

    #[test]
    fn rack_fits_counts_usages() {
        // tiles 0 x2, 3 x1, 5 x3
        let mut counts = vec![0u8; 6];
        counts[0] = 2;
        counts[3] = 1;
        counts[5] = 3;
        let rack = Rack::new(&counts).unwrap();
        assert_eq!(rack.tiles, vec![0, 3, 5]);
        assert_eq!(rack.size, 6);
        let (a, b, c) = (rack.bits[0], rack.bits[1], rack.bits[2]);
        assert!(rack.fits(0));
        assert!(rack.fits(a + a + b + c + c + c));
        assert!(!rack.fits(a + a + a));
        assert!(!rack.fits(b + b));
        assert!(!rack.fits(c * 4));
        assert_eq!(rack.tiles_in(a + b + c + c), 4);
        assert_eq!(rack.count_in(a + c + c, 2), 2);
    }
}
