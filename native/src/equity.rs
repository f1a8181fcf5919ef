//! The best placements by static equity: score x unit + the value of the tiles kept.
//!
//! The leave table crosses once per call, as integers: `values[i]` is the worth of keeping
//! the rack less the tiles of index `i`, where each use of tile id `t` adds `strides[t]`
//! (Python builds it from any leave model; see `amath/engine/movegen/rack_leaves.py`, the twin).  Each
//! move's value is its score times `unit` plus the table entry of the tiles it places;
//! the best `k` are kept, ties in the generator's order (score, then squares, tiles, faces).
//! With a table of zeros and unit 1 this is the top k by score (the greedy bot's move).

use crate::generate::{self, MoveList, MoveRec};
use crate::rules::{InputError, Result, RuleData};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A rack's leave table: index steps per tile id and the value of each index.
pub struct Leaves<'a> {
    pub strides: &'a [i64],
    pub values: &'a [i64],
    pub unit: i64,
}

/// The chosen moves, best first: scores, values, and tiles as `lib::run` encodes them.
pub struct Ranked {
    pub scores: Vec<i64>,
    pub values: Vec<i64>,
    pub offsets: Vec<u32>,
    pub tiles: Vec<u32>,
}

fn bad<T>(msg: String) -> Result<T> {
    Err(InputError(msg))
}

impl Leaves<'_> {
    fn check(&self, rules: &RuleData) -> Result<()> {
        if self.strides.len() != rules.tiles.len() {
            return bad(format!("strides has {} entries but the ruleset has {} tiles", self.strides.len(), rules.tiles.len()));
        }
        if let Some(s) = self.strides.iter().find(|&&s| s < 0) {
            return bad(format!("strides must be 0 or more, not {s}"));
        }
        if self.values.is_empty() {
            return bad("the leave table is empty (it needs at least the value of keeping the whole rack)".to_string());
        }
        if self.unit < 1 {
            return bad(format!("unit must be 1 or more, not {}", self.unit));
        }
        Ok(())
    }

    /// The value of one move: score x unit + the leave of the tiles it places.
    fn value(&self, rules: &RuleData, found: &MoveList, m: &MoveRec) -> Result<i64> {
        let mut index: i64 = 0;
        for &key in found.keys(m) {
            let tile = rules.tile_by_rank[((key >> 8) & 0xff) as usize] as usize;
            let step = self.strides.get(tile).copied().unwrap_or(0);
            index = index.checked_add(step).ok_or_else(|| InputError("the leave index overflows".to_string()))?;
        }
        let Some(&leave) = usize::try_from(index).ok().and_then(|i| self.values.get(i)) else {
            return bad(format!("a move uses leave index {index} but the table has {} values", self.values.len()));
        };
        m.score.checked_mul(self.unit).and_then(|s| s.checked_add(leave)).ok_or_else(|| InputError("a move's equity overflows".to_string()))
    }
}

/// The least score s with s x unit + best >= value (unit > 0).
fn least_score(value: i64, best: i64, unit: i64) -> i64 {
    let need = value.saturating_sub(best);
    let q = need.div_euclid(unit);
    if need.rem_euclid(unit) != 0 {
        q + 1
    } else {
        q
    }
}

/// The best leave of a move that places n tiles, for each n from 0 to the rack's size
/// (`i64::MAX` where no index of the table fits: no pruning there), counting only the moves
/// that place between `least` and `most` of the tiles `wide` marks.
fn best_leave_by_count(counts: &[u8], leaves: &Leaves, wide: &[bool], least: usize, most: usize) -> Vec<i64> {
    let held: Vec<(usize, u8)> = counts.iter().enumerate().filter(|(_, &c)| c > 0).map(|(t, &c)| (t, c)).collect();
    let size: usize = held.iter().map(|&(_, c)| c as usize).sum();
    let mut best = vec![i64::MIN; size + 1];
    let mut used = vec![0u8; held.len()];
    loop {
        let n: usize = used.iter().map(|&u| u as usize).sum();
        let placed_wide: usize =
            held.iter().zip(&used).filter(|(&(t, _), _)| wide.get(t).copied().unwrap_or(false)).map(|(_, &u)| u as usize).sum();
        if (least..=most).contains(&placed_wide) {
            let index = held.iter().zip(&used).try_fold(0i64, |acc, (&(t, _), &u)| {
                leaves.strides.get(t).and_then(|&s| s.checked_mul(i64::from(u))).and_then(|x| acc.checked_add(x))
            });
            let value = index.and_then(|i| usize::try_from(i).ok()).and_then(|i| leaves.values.get(i).copied());
            best[n] = best[n].max(value.unwrap_or(i64::MAX));
        }
        // next combination (mixed radix over the tiles held)
        let mut j = 0;
        while j < held.len() && used[j] == held[j].1 {
            used[j] = 0;
            j += 1;
        }
        if j == held.len() {
            break;
        }
        used[j] += 1;
    }
    best
}

/// One search's result: the moves wanted, each with its value, and the k best values seen.
struct Pass {
    found: MoveList,
    picked: Vec<(i64, MoveRec)>,
    best: BinaryHeap<Reverse<i64>>,
}

/// What one pass asks: the `k` best values of the moves `wanted` of the rack `counts` on
/// the board, a move placing n tiles worth at most `best_leave[n]` beyond its score.
#[derive(Clone, Copy)]
struct Query<'a> {
    rules: &'a RuleData,
    grid: &'a [Option<(u8, u8)>],
    counts: &'a [u8],
    leaves: &'a Leaves<'a>,
    k: usize,
    best_leave: &'a [i64],
    wanted: &'a dyn Fn(&MoveList, &MoveRec) -> bool,
}

/// A bounded search for the `k` best values, the heap already holding `seed` (the k best
/// values of moves found before): the moves `wanted` that can reach the k-th value.  The
/// floor for a move placing n tiles is what the k-th value less `best_leave[n]` needs, and
/// at least `start[n]` from the beginning.
fn best_k(q: &Query<'_>, seed: BinaryHeap<Reverse<i64>>, start: &[i64]) -> Result<Pass> {
    let (leaves, k) = (q.leaves, q.k);
    let mut heap = seed;
    let mut picked: Vec<(i64, MoveRec)> = Vec::new();
    let mut failed: Option<InputError> = None;
    let mut low = start.to_vec();
    let mut floor = |found: &MoveList, from: usize| -> Vec<i64> {
        for m in &found.moves[from..] {
            if !(q.wanted)(found, m) {
                continue;
            }
            match leaves.value(q.rules, found, m) {
                Ok(v) => {
                    picked.push((v, *m));
                    heap.push(Reverse(v));
                    if heap.len() > k {
                        heap.pop();
                    }
                }
                Err(e) => {
                    failed = Some(e);
                    return vec![i64::MAX; low.len()]; // stops the search; the error is returned below
                }
            }
        }
        if let Some(&Reverse(kth)) = heap.peek() {
            if heap.len() == k {
                for (l, &b) in low.iter_mut().zip(q.best_leave) {
                    *l = (*l).max(least_score(kth, b, leaves.unit));
                }
            }
        }
        low.clone()
    };
    let found = generate::generate_bounded(q.rules, q.grid, q.counts, generate::FORCE_MAX, &mut floor)?;
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(Pass { found, picked, best: heap })
}

/// `best_k` that first tries a high floor: the moves worth `trial` or more (an aspiration
/// window).  When k of them are found the k-th value is at least `trial`, so every move
/// left out is worth less and the answer is exact; otherwise a second search with the
/// usual floor counts only the moves the first could not have found (those below the trial
/// floor for their tile count), so no move is counted twice.  Without `trial`: one search.
fn best_k_aspiring(q: &Query<'_>, seed: BinaryHeap<Reverse<i64>>, trial: Option<i64>) -> Result<Vec<Pass>> {
    let none = vec![i64::MIN; q.best_leave.len()];
    let Some(trial) = trial else {
        return Ok(vec![best_k(q, seed, &none)?]);
    };
    let high: Vec<i64> = q.best_leave.iter().map(|&b| least_score(trial, b, q.leaves.unit)).collect();
    let first = best_k(q, seed, &high)?;
    if first.best.len() == q.k && first.best.peek().is_some_and(|&Reverse(kth)| kth >= trial) {
        return Ok(vec![first]);
    }
    // the k-th value stayed below the trial, so the first search's floor was `high` throughout
    // and it found exactly the wanted moves scoring at least `high` for their tile count
    let below = |found: &MoveList, m: &MoveRec| (q.wanted)(found, m) && high.get(m.len as usize).is_none_or(|&h| m.score < h);
    let second = best_k(&Query { wanted: &below, ..*q }, first.best.clone(), &none)?;
    Ok(vec![first, second])
}

/// The `k` best moves of the rack on the board by score x unit + leave, best first.
///
/// The search keeps the `k` best values seen in a bounded heap; once it is full, a move
/// placing n tiles must score at least what the k-th value less the best leave of such a
/// move needs, and the generator skips lines, starts and ends that cannot
/// (`generate::generate_bounded`).  With blanks (tiles of many faces, "wide") it searches
/// once per number of them placed, fewest first: pass c holds at most c of each wide tile
/// and counts only the moves that place exactly c wide tiles (the last pass, with the
/// whole rack, those that place c or more), and its floors use the best leave *of such a
/// move*.  So the cheap searches come first and raise the k-th value, and the costly ones
/// (two blanks on the rack) run against high floors: a kept blank is worth a lot, so a
/// move that spends one must score that much more.  Each move is counted in one pass
/// only, so the answer is the same as one full search.
pub fn top_equity(rules: &RuleData, board: &[i64], rack: &[i64], leaves: &Leaves, k: usize) -> Result<Ranked> {
    leaves.check(rules)?;
    let grid = rules.read_board(board)?;
    let counts = rules.read_rack(rack)?;
    if k == 0 {
        return Ok(ranked(rules, &[], 0));
    }
    let wide: Vec<bool> = rules.tiles.iter().map(|t| t.faces.len() > 2).collect();
    let wide_in = |found: &MoveList, m: &MoveRec| {
        found.keys(m).iter().filter(|&&key| wide[rules.tile_by_rank[((key >> 8) & 0xff) as usize] as usize]).count()
    };
    // the most copies of one wide tile on the rack: the passes are 0 to that many
    let top = counts.iter().zip(&wide).filter(|(_, &w)| w).map(|(&n, _)| n).max().unwrap_or(0);
    let mut passes: Vec<Pass> = Vec::new();
    let mut heap: BinaryHeap<Reverse<i64>> = BinaryHeap::new();
    for c in 0..=top {
        let capped: Vec<u8> = counts.iter().zip(&wide).map(|(&n, &w)| if w { n.min(c) } else { n }).collect();
        let (least, most) = (c as usize, if c == top { usize::MAX } else { c as usize });
        if capped.iter().all(|&n| n == 0) {
            continue; // a rack of blanks only: nothing places no blank
        }
        let floor_leave = best_leave_by_count(&counts, leaves, &wide, least, most);
        let wanted = |found: &MoveList, m: &MoveRec| c == 0 || (least..=most).contains(&wide_in(found, m));
        // the passes with two or more blanks are the costly ones: aspire to half way between
        // the k-th value so far and the most any move can be worth
        let trial = if c >= 2 && heap.len() == k {
            let best_leave = floor_leave.iter().copied().filter(|&b| b != i64::MAX).max().unwrap_or(0);
            let most = generate::best_bound(rules, &grid, &capped)?.saturating_mul(leaves.unit).saturating_add(best_leave);
            heap.peek().and_then(|&Reverse(kth)| Some(kth.saturating_add(most.saturating_sub(kth) / 2)).filter(|&t| t > kth))
        } else {
            None
        };
        let query = Query { rules, grid: &grid, counts: &capped, leaves, k, best_leave: &floor_leave, wanted: &wanted };
        let found = best_k_aspiring(&query, heap, trial)?;
        heap = found.last().map(|p| p.best.clone()).unwrap_or_default();
        passes.extend(found);
    }
    Ok(ranked(rules, &passes, k))
}

/// The `k` best of the moves the passes picked, best first (ties by score, then squares,
/// tiles and faces), encoded for Python.
fn ranked(rules: &RuleData, passes: &[Pass], k: usize) -> Ranked {
    let mut out = Ranked { scores: Vec::new(), values: Vec::new(), offsets: vec![0], tiles: Vec::new() };
    let mut ranked: Vec<(i64, &MoveRec, &MoveList)> = Vec::new();
    for pass in passes {
        ranked.extend(pass.picked.iter().map(|(v, m)| (*v, m, &pass.found)));
    }
    let order = |a: &(i64, &MoveRec, &MoveList), b: &(i64, &MoveRec, &MoveList)| {
        b.0.cmp(&a.0).then_with(|| b.1.score.cmp(&a.1.score)).then_with(|| a.2.keys(a.1).cmp(b.2.keys(b.1)))
    };
    if k == 0 {
        return out;
    }
    if k < ranked.len() {
        ranked.select_nth_unstable_by(k - 1, order);
        ranked.truncate(k);
    }
    ranked.sort_unstable_by(order);
    for (value, m, found) in ranked {
        out.scores.push(m.score);
        out.values.push(value);
        for &key in found.keys(m) {
            let tile = rules.tile_by_rank[((key >> 8) & 0xff) as usize] as u32;
            let face = rules.face_by_rank[(key & 0xff) as usize] as u32;
            out.tiles.push((key >> 16) << 16 | tile << 8 | face);
        }
        out.offsets.push(out.tiles.len() as u32);
    }
    out
}

#[cfg(feature = "python")]
pub(crate) mod python {
    use super::{top_equity as rank, Leaves};
    use crate::python::{le_bytes, Rules};
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;
    use pyo3::types::PyBytes;

    type Bytes<'py> = Bound<'py, PyBytes>;

    /// The `k` best moves by score x unit + leave: (scores int64, values int64, offsets uint32, tiles uint32) as bytes.
    #[pyfunction]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn top_equity<'py>(
        py: Python<'py>,
        rules: &Rules,
        board: Vec<i64>,
        rack: Vec<i64>,
        strides: Vec<i64>,
        values: Vec<i64>,
        unit: i64,
        k: usize,
    ) -> PyResult<(Bytes<'py>, Bytes<'py>, Bytes<'py>, Bytes<'py>)> {
        let data = &rules.data;
        let leaves = Leaves { strides: &strides, values: &values, unit };
        let out = py.detach(|| rank(data, &board, &rack, &leaves, k)).map_err(|e| PyValueError::new_err(e.0))?;
        Ok((
            le_bytes(py, &out.scores, i64::to_le_bytes),
            le_bytes(py, &out.values, i64::to_le_bytes),
            le_bytes(py, &out.offsets, u32::to_le_bytes),
            le_bytes(py, &out.tiles, u32::to_le_bytes),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{best_k_aspiring, best_leave_by_count, ranked as rank_passes, top_equity, Leaves, Query, Ranked};
    use crate::generate::{generate, FORCE_MAX};
    use crate::rules::testing::{face, premium_rules, rules};
    use crate::rules::RuleData;
    use std::collections::BinaryHeap;

    /// A board with two equations and premiums, tiles of different points (as in bound.rs).
    fn position() -> (RuleData, Vec<i64>) {
        let r = premium_rules();
        let mut board = vec![-1i64; 2 * 225];
        let mut put = |sq: usize, f: &str| {
            board[2 * sq] = i64::from(face(f));
            board[2 * sq + 1] = i64::from(face(f));
        };
        for (k, f) in ["1", "+", "1", "=", "2"].iter().enumerate() {
            put(7 * 15 + 5 + k, f);
        }
        for (k, f) in ["3", "=", "3"].iter().enumerate() {
            put((4 + k) * 15 + 6, f);
        }
        (r, board)
    }

    /// Counts by tile id ("?" is the blank, the last tile) and a leave table in which every
    /// kept blank is worth a lot and other parts a few lumpy values (so values tie often).
    fn rack_and_table(r: &RuleData, names: &[&str]) -> (Vec<i64>, Vec<i64>, Vec<i64>) {
        let blank = r.tiles.len() - 1;
        let mut counts = vec![0i64; r.tiles.len()];
        for n in names {
            counts[if *n == "?" { blank } else { face(n) as usize }] += 1;
        }
        let mut strides = vec![0i64; r.tiles.len()];
        let mut step = 1;
        for (t, &c) in counts.iter().enumerate() {
            if c > 0 {
                strides[t] = step;
                step *= c + 1;
            }
        }
        let values = (0..step)
            .map(|i| {
                let blanks_used = (i / strides[blank]) % (counts[blank] + 1);
                (counts[blank] - blanks_used) * 900 + (i * 37 % 5) * 100
            })
            .collect();
        (counts, strides, values)
    }

    /// The ranking written out plainly: every move of `generate`, valued, sorted, the first k.
    fn plain(r: &RuleData, board: &[i64], counts: &[i64], leaves: &Leaves, k: usize) -> Vec<(i64, i64, Vec<u32>)> {
        let grid = r.read_board(board).unwrap();
        let rack = r.read_rack(counts).unwrap();
        let all = generate(r, &grid, &rack, FORCE_MAX).unwrap();
        let mut out: Vec<(i64, i64, Vec<u32>)> = all
            .moves
            .iter()
            .map(|m| {
                let keys = all.keys(m).to_vec();
                let index: i64 = keys.iter().map(|&key| leaves.strides[r.tile_by_rank[((key >> 8) & 0xff) as usize] as usize]).sum();
                (m.score * leaves.unit + leaves.values[index as usize], m.score, keys)
            })
            .collect();
        out.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        out.truncate(k);
        out.into_iter()
            .map(|(v, s, keys)| {
                let tiles = keys
                    .iter()
                    .map(|&key| {
                        let tile = r.tile_by_rank[((key >> 8) & 0xff) as usize] as u32;
                        let face = r.face_by_rank[(key & 0xff) as usize] as u32;
                        (key >> 16) << 16 | tile << 8 | face
                    })
                    .collect();
                (v, s, tiles)
            })
            .collect()
    }

    fn listed(out: &Ranked) -> Vec<(i64, i64, Vec<u32>)> {
        (0..out.scores.len())
            .map(|i| (out.values[i], out.scores[i], out.tiles[out.offsets[i] as usize..out.offsets[i + 1] as usize].to_vec()))
            .collect()
    }

    #[test]
    fn one_pass_per_number_of_blanks_placed_gives_the_plain_ranking() {
        let (r, board) = position();
        let empty = vec![-1i64; 2 * 225];
        let mut checked = 0;
        for names in [vec!["?", "?", "1", "=", "2", "+"], vec!["?", "?", "3", "*", "="], vec!["?", "4", "=", "2", "+", "6"], vec!["?", "?"]]
        {
            let (counts, strides, values) = rack_and_table(&r, &names);
            let leaves = Leaves { strides: &strides, values: &values, unit: 100 };
            for b in [&board, &empty] {
                let every = plain(&r, b, &counts, &leaves, usize::MAX);
                for k in [1, 3, 40, every.len() + 1] {
                    let got = listed(&top_equity(&r, b, &counts, &leaves, k).unwrap());
                    assert_eq!(got, every[..k.min(every.len())].to_vec(), "rack {names:?}, k {k}");
                    checked += got.len();
                }
            }
        }
        assert!(checked > 1000, "the cases must have many moves ({checked})");
    }

    #[test]
    fn an_aspiration_too_high_too_low_or_between_changes_nothing() {
        let (r, board) = position();
        let grid = r.read_board(&board).unwrap();
        let (counts, strides, values) = rack_and_table(&r, &["?", "?", "1", "=", "2", "+"]);
        let leaves = Leaves { strides: &strides, values: &values, unit: 100 };
        let rack = r.read_rack(&counts).unwrap();
        let wide: Vec<bool> = r.tiles.iter().map(|t| t.faces.len() > 2).collect();
        let best = best_leave_by_count(&rack, &leaves, &wide, 0, usize::MAX);
        let every = |_: &crate::generate::MoveList, _: &crate::generate::MoveRec| true;
        for k in [1, 10] {
            let query = Query { rules: &r, grid: &grid, counts: &rack, leaves: &leaves, k, best_leave: &best, wanted: &every };
            let plain = listed(&rank_passes(&r, &best_k_aspiring(&query, BinaryHeap::new(), None).unwrap(), k));
            assert_eq!(plain.len(), k);
            let kth = plain[k - 1].0;
            let mut fell_back = false;
            // trials at and just above the values of the best moves, and far off both ways
            let mut trials: Vec<i64> = plain.iter().flat_map(|m| [m.0, m.0 + 1]).collect();
            trials.extend([i64::MIN / 4, kth - 1000, kth + 3000, i64::MAX / 4]);
            for trial in trials {
                let passes = best_k_aspiring(&query, BinaryHeap::new(), Some(trial)).unwrap();
                fell_back |= passes.len() == 2;
                assert_eq!(listed(&rank_passes(&r, &passes, k)), plain, "k {k}, trial {trial}");
                // no move is counted by both searches
                let mut seen: Vec<Vec<u32>> = passes.iter().flat_map(|p| p.picked.iter().map(|(_, m)| p.found.keys(m).to_vec())).collect();
                let picked = seen.len();
                seen.sort();
                seen.dedup();
                assert_eq!(seen.len(), picked, "k {k}, trial {trial}: a move counted twice");
            }
            assert!(fell_back, "a trial above the k-th value searches again");
        }
    }

    /// The rack as counts by tile id (test tiles: one per face, the blank last) and the ids held.
    fn rack(r: &RuleData, names: &[&str]) -> (Vec<i64>, Vec<usize>) {
        let mut counts = vec![0i64; r.tiles.len()];
        let ids: Vec<usize> = names.iter().map(|n| face(n) as usize).collect();
        for &t in &ids {
            counts[t] += 1;
        }
        (counts, ids)
    }

    fn ranked(r: &RuleData, rack: &[i64], strides: &[i64], values: &[i64], k: usize) -> Ranked {
        let board = vec![-1i64; 2 * r.size * r.size];
        match top_equity(r, &board, rack, &Leaves { strides, values, unit: 100 }, k) {
            Ok(out) => out,
            Err(e) => panic!("top_equity failed: {}", e.0),
        }
    }

    #[test]
    fn the_leave_of_the_tiles_kept_reorders_the_moves() {
        let r = rules(15, 8);
        let (counts, ids) = rack(&r, &["1", "+", "2", "=", "3", "-"]);
        // Each tile held once: tile j of the list adds bit j to the index (the - is bit 32).
        let mut strides = vec![0i64; r.tiles.len()];
        for (j, &t) in ids.iter().enumerate() {
            strides[t] = 1 << j;
        }
        let plain = ranked(&r, &counts, &strides, &[0; 64], 100_000);
        assert!(!plain.scores.is_empty());
        assert!(plain.scores.windows(2).all(|w| w[0] >= w[1]), "with a flat table the order is by score");
        assert!(plain.values.iter().zip(&plain.scores).all(|(v, s)| *v == s * 100));
        // Keeping the - (no bit 32 in the index) is worth a lot: the best moves keep it.
        let keep3: Vec<i64> = (0..64).map(|i| if i & 32 == 0 { 100_000 } else { 0 }).collect();
        let best = ranked(&r, &counts, &strides, &keep3, 3);
        assert_eq!(best.scores.len(), 3);
        assert!(best.values.iter().all(|&v| v >= 100_000), "the best three keep the -");
        let minus = ids[5] as u32;
        assert!(plain.tiles.iter().any(|e| (e >> 8) & 0xff == minus), "some moves use the -");
        for w in best.offsets.windows(2) {
            assert!(best.tiles[w[0] as usize..w[1] as usize].iter().all(|e| (e >> 8) & 0xff != minus));
        }
        assert!(best.values.windows(2).all(|w| w[0] >= w[1]));
    }

    #[test]
    fn a_bad_table_is_an_error_not_a_panic() {
        let r = rules(15, 8);
        let (counts, _) = rack(&r, &["1", "1", "="]);
        let board = vec![-1i64; 2 * r.size * r.size];
        let strides = vec![1i64; r.tiles.len()];
        let run =
            |strides: &[i64], values: &[i64], unit: i64| top_equity(&r, &board, &counts, &Leaves { strides, values, unit }, 5).is_err();
        assert!(run(&strides, &[0], 100), "a table too short for the tiles a move uses");
        assert!(run(&strides[1..], &[0; 8], 100), "strides for the wrong number of tiles");
        assert!(run(&strides, &[0; 8], 0), "unit 0");
        assert!(run(&strides, &[], 100), "an empty table");
        assert!(run(&vec![-1; r.tiles.len()], &[0; 8], 100), "a negative stride");
        assert!(run(&strides, &[i64::MAX; 8], 100), "an equity that overflows");
    }
}
