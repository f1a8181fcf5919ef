//! The simulation's play-outs with no Python in the loop, the twin of `amath.engine.playouts`.
//!
//! One play-out is a candidate turn, then each side's static-equity turn (the best
//! placement or exchange by score x unit + leave, the pass only when neither is legal)
//! for the remaining plies, or to the end of the game when the position asks for it.
//! Iteration `i` draws one scenario from a splitmix64 stream seeded by (seed, i): the
//! opponent's rack (kept tiles picked by inference weight first, the rest uniform from the
//! unseen tiles) and the order of the bag.  Every candidate meets the same scenario
//! (common random numbers), and a play-out depends on nothing but (position, candidate,
//! scenario), so the answer is the same with any number of threads.  Values are integers
//! (1/unit points), the leave model an integer linear one (tile weights and synergies), so
//! the Python twin gives the same numbers.

use crate::equity::{top_equity, Leaves};
use crate::rules::{InputError, Result, RuleData};

/// Tile classes of the leave model's synergy terms.
pub const NUMBER: u8 = 0;
pub const OPERATOR: u8 = 1;
pub const EQUALS: u8 = 2;
pub const BLANK: u8 = 3;
pub const OTHER: u8 = 4;
/// A play-out's reply searches with at most this many blanks; more stay on the rack (valued in its leave).
pub const PLAYOUT_BLANKS: u8 = 1;
/// A play-out asked to finish goes on at most this many turns past its plies.
pub const FINISH_PLIES: usize = 24;
/// Bounds on what crosses the boundary, so no sum can overflow.
const MAX_WEIGHT: i64 = 1 << 40;
const MAX_UNIT: i64 = 1 << 20;

fn bad<T>(msg: String) -> Result<T> {
    Err(InputError(msg))
}

/// A small, fast generator written the same way in Python (`amath.engine.playouts.SplitMix64`).
#[derive(Clone, Copy, Debug)]
pub struct SplitMix64(u64);

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

fn mix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(GOLDEN);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    /// The stream of one iteration: a function of (seed, iteration) only.
    pub fn new(seed: u64, iteration: u64) -> SplitMix64 {
        SplitMix64(mix64(seed ^ mix64(iteration)))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..n (0 when n is 0): the high word of a 64 x 64-bit product.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }
}

/// Leave values as integers: a weight per tile id and five synergy weights (duplicates,
/// extra `=`, no `=`, no number, no operator), all in 1/unit points.  With the bag empty a
/// kept tile is worth minus its points.
pub struct LeaveModel {
    pub tile: Vec<i64>,
    pub synergy: [i64; 5],
    pub class: Vec<u8>,
    pub unit: i64,
}

impl LeaveModel {
    fn check(&self, rules: &RuleData) -> Result<()> {
        let n = rules.tiles.len();
        if self.tile.len() != n || self.class.len() != n {
            return bad(format!("the leave model has {} weights and {} classes for {n} tiles", self.tile.len(), self.class.len()));
        }
        if self.tile.iter().chain(&self.synergy).any(|w| w.abs() > MAX_WEIGHT) {
            return bad(format!("a leave weight is beyond +-{MAX_WEIGHT}"));
        }
        if let Some(c) = self.class.iter().find(|&&c| c > OTHER) {
            return bad(format!("tile class {c} is not one of 0..={OTHER}"));
        }
        if !(1..=MAX_UNIT).contains(&self.unit) {
            return bad(format!("unit must be 1 to {MAX_UNIT}, not {}", self.unit));
        }
        Ok(())
    }

    /// Worth of keeping `kept` (counts per tile id) on a turn taken with `bag` tiles in the bag.
    pub fn value(&self, rules: &RuleData, kept: &[u8], bag: usize) -> i64 {
        if bag == 0 {
            let points: i64 = kept.iter().zip(&rules.tiles).map(|(&k, t)| i64::from(k) * i64::from(t.points)).sum();
            return -points * self.unit;
        }
        if kept.iter().all(|&k| k == 0) {
            return 0;
        }
        let mut by_class = [0i64; 5];
        let mut duplicates = 0i64;
        let mut total = 0i64;
        for ((&k, &w), &c) in kept.iter().zip(&self.tile).zip(&self.class) {
            let k = i64::from(k);
            total += k * w;
            by_class[usize::from(c)] += k;
            if k > 1 && c != EQUALS && c != BLANK {
                duplicates += k - 1;
            }
        }
        let blanks = by_class[usize::from(BLANK)];
        let none = |c: u8| i64::from(by_class[usize::from(c)] == 0 && blanks == 0);
        let features = [duplicates, (by_class[usize::from(EQUALS)] - 1).max(0), none(EQUALS), none(NUMBER), none(OPERATOR)];
        total + features.iter().zip(&self.synergy).map(|(f, w)| f * w).sum::<i64>()
    }
}

/// How a game ends and when one may exchange (from the Ruleset).
#[derive(Clone, Copy, Debug)]
pub struct GameRules {
    pub playout_multiplier: i64,
    pub deduct_at_end: bool,
    /// consecutive scoreless turns that end the game (pass rounds x 2 sides)
    pub pass_limit: u32,
    pub exchange_min_bag: Option<usize>,
    /// an exchange counts toward the scoreless turns
    pub exchange_scoreless: bool,
}

impl GameRules {
    fn can_exchange(&self, rack_size: usize, n: usize, bag: usize) -> bool {
        (1..=rack_size).contains(&n) && n <= bag && self.exchange_min_bag.is_none_or(|m| bag >= m)
    }

    /// A scoreless turn now may end the game if the other side takes one too.
    fn may_end(&self, scoreless: u32) -> bool {
        scoreless + 2 >= self.pass_limit
    }
}

/// A turn: a placement's tiles `(square, tile id, face id)` and score, an exchange's
/// returned tiles (counts per tile id), or the pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    Place { score: i64, tiles: Vec<(u16, u8, u8)> },
    Exchange(Vec<u8>),
    Pass,
}

/// The root position as the side to move (side 0 here) sees it.
pub struct Root<'a> {
    pub rules: &'a RuleData,
    pub game: GameRules,
    pub leaves: LeaveModel,
    /// tile id, face id per square (-1, -1 empty), as the generator reads it
    pub board: Vec<i64>,
    pub rack: Vec<u8>,
    /// the opponent's known tiles (its whole rack when known)
    pub other: Vec<u8>,
    /// how many of the opponent's tiles are hidden (drawn from `unseen` per scenario)
    pub hidden: usize,
    /// the bag and the hidden tiles, counts per tile id
    pub unseen: Vec<u8>,
    pub scoreless: u32,
    /// kept tiles (counts per tile id) with integer weights: the opponent's inferred leave
    pub inference: Vec<(Vec<u8>, u64)>,
    pub plies: usize,
    /// play on to the end of the game (at most `FINISH_PLIES` more turns)
    pub finish: bool,
    pub seed: u64,
}

/// One play-out's result: its value (1/unit points, for the side to move) and the tiles
/// still unseen by it at the end (0 when the game ended).
pub type Outcome = (i64, u32);

impl Root<'_> {
    /// Check everything that crossed the boundary; `rules` must be A-Math-like (no Smath search).
    pub fn check(&self, turns: &[Turn]) -> Result<()> {
        let rules = self.rules;
        if rules.needs_smath_search() {
            return bad("the play-outs take rulesets of the A-Math generator, not the Smath search".to_string());
        }
        self.leaves.check(rules)?;
        rules.read_board(&self.board)?;
        let n = rules.tiles.len();
        for (name, v) in [("rack", &self.rack), ("other", &self.other), ("unseen", &self.unseen)] {
            if v.len() != n {
                return bad(format!("{name} has {} counts, the set has {n} tiles", v.len()));
            }
        }
        let size = |v: &[u8]| v.iter().map(|&k| usize::from(k)).sum::<usize>();
        if size(&self.rack) == 0 || size(&self.rack) > rules.rack_size {
            return bad(format!("the rack to move holds {} tiles (1 to {})", size(&self.rack), rules.rack_size));
        }
        if size(&self.other) + self.hidden > rules.rack_size {
            return bad(format!("the opponent holds {} tiles, more than a rack", size(&self.other) + self.hidden));
        }
        if self.hidden > size(&self.unseen) {
            return bad(format!("{} hidden tiles but only {} unseen", self.hidden, size(&self.unseen)));
        }
        if self.plies == 0 || self.plies > 64 {
            return bad(format!("plies must be 1 to 64, not {}", self.plies));
        }
        if self.game.pass_limit == 0 || self.scoreless >= self.game.pass_limit {
            return bad(format!("{} scoreless turns with a limit of {}: the game is over", self.scoreless, self.game.pass_limit));
        }
        if self.game.playout_multiplier.abs() > 1000 {
            return bad(format!("playout_multiplier {} is out of range", self.game.playout_multiplier));
        }
        let mut total: u64 = 0;
        for (kept, w) in &self.inference {
            if kept.len() != n {
                return bad(format!("an inferred leave has {} counts, the set has {n} tiles", kept.len()));
            }
            total = total.checked_add(*w).ok_or_else(|| InputError("the inference weights overflow".to_string()))?;
        }
        for (k, turn) in turns.iter().enumerate() {
            self.check_turn(turn).map_err(|e| InputError(format!("candidate {k}: {}", e.0)))?;
        }
        Ok(())
    }

    fn check_turn(&self, turn: &Turn) -> Result<()> {
        let rules = self.rules;
        let squares = rules.size * rules.size;
        match turn {
            Turn::Place { score, tiles } => {
                if tiles.is_empty() || score.abs() > MAX_WEIGHT {
                    return bad("a placement needs tiles and a score in range".to_string());
                }
                let mut used = vec![0u8; rules.tiles.len()];
                let mut seen = vec![false; squares];
                for &(sq, t, f) in tiles {
                    let (sq, t) = (usize::from(sq), usize::from(t));
                    let Some(tile) = rules.tiles.get(t) else { return bad(format!("tile id {t} is not in the set")) };
                    if sq >= squares || seen[sq] || self.board[2 * sq] != -1 {
                        return bad(format!("square {sq} is off the board, repeated or taken"));
                    }
                    seen[sq] = true;
                    if !tile.faces.contains(&f) {
                        return bad(format!("tile {t} cannot show face {f}"));
                    }
                    used[t] += 1;
                    if used[t] > self.rack[t] {
                        return bad(format!("tile {t} is not on the rack that often"));
                    }
                }
                Ok(())
            }
            Turn::Exchange(used) => {
                let n: usize = used.iter().map(|&k| usize::from(k)).sum();
                let bag = self.unseen.iter().map(|&k| usize::from(k)).sum::<usize>() - self.hidden;
                if used.len() != rules.tiles.len() || used.iter().zip(&self.rack).any(|(u, r)| u > r) {
                    return bad("an exchange returns tiles the rack does not hold".to_string());
                }
                if !self.game.can_exchange(rules.rack_size, n, bag) {
                    return bad(format!("exchanging {n} tiles with {bag} in the bag is not allowed"));
                }
                Ok(())
            }
            Turn::Pass => Ok(()),
        }
    }

    /// The scenario of one iteration: the opponent's rack, the bag in draw order, and the
    /// stream that places the tiles an exchange returns.
    fn scenario(&self, iteration: u64) -> (Vec<u8>, Vec<u8>, SplitMix64) {
        let mut rng = SplitMix64::new(self.seed, iteration);
        let mut pool: Vec<u8> = Vec::new();
        for (t, &k) in self.unseen.iter().enumerate() {
            pool.extend(std::iter::repeat_n(t as u8, usize::from(k)));
        }
        let mut rack = self.other.clone();
        let mut drawn = 0;
        if self.hidden > 0 {
            let total: u64 = self.inference.iter().map(|(_, w)| w).sum();
            if total > 0 {
                let mut x = rng.below(total);
                let pick = self.inference.iter().find(|(_, w)| {
                    let hit = x < *w;
                    x = x.saturating_sub(*w);
                    hit
                });
                if let Some((kept, _)) = pick {
                    for (t, &k) in kept.iter().enumerate() {
                        for _ in 0..k {
                            if drawn < self.hidden {
                                if let Some(i) = pool.iter().position(|&p| usize::from(p) == t) {
                                    pool.remove(i);
                                    rack[t] += 1;
                                    drawn += 1;
                                }
                            }
                        }
                    }
                }
            }
            while drawn < self.hidden && !pool.is_empty() {
                let i = rng.below(pool.len() as u64) as usize;
                let t = pool.remove(i);
                rack[usize::from(t)] += 1;
                drawn += 1;
            }
        }
        for k in (1..pool.len()).rev() {
            let j = rng.below(k as u64 + 1) as usize;
            pool.swap(k, j);
        }
        (rack, pool, rng)
    }

    /// The value of `turn` (score x unit + what it keeps) for a rack on the bag given.
    fn turn_value(&self, rack: &[u8], turn: &Turn, bag: usize, scoreless: u32) -> i64 {
        let mut kept = rack.to_vec();
        let (score, closing) = match turn {
            Turn::Place { score, tiles } => {
                for &(_, t, _) in tiles {
                    kept[usize::from(t)] -= 1;
                }
                (*score, false)
            }
            Turn::Exchange(used) => {
                for (k, u) in kept.iter_mut().zip(used) {
                    *k -= u;
                }
                (0, self.game.exchange_scoreless && self.game.may_end(scoreless))
            }
            Turn::Pass => (0, self.game.may_end(scoreless)),
        };
        score * self.leaves.unit + self.leaves.value(self.rules, &kept, if closing { 0 } else { bag })
    }

    /// One candidate played out against iteration `iteration`'s scenario.
    pub fn playout(&self, turn: &Turn, iteration: u64) -> Result<Outcome> {
        let (other, order, shake) = self.scenario(iteration);
        let mut g = Game {
            board: self.board.clone(),
            racks: [self.rack.clone(), other],
            order,
            shake,
            scores: [0, 0],
            scoreless: self.scoreless,
            side: 0,
            over: false,
            kept: [0, 0],
        };
        let most = if self.finish { self.plies + FINISH_PLIES } else { self.plies };
        for ply in 0..most {
            if g.over {
                break;
            }
            let chosen = if ply == 0 { turn.clone() } else { self.reply(&g)? };
            let value = self.turn_value(&g.racks[g.side], &chosen, g.order.len(), g.scoreless);
            let score = if let Turn::Place { score, .. } = &chosen { *score } else { 0 };
            g.kept[g.side] = value - score * self.leaves.unit;
            self.push(&mut g, &chosen);
        }
        let spread = g.scores[0] - g.scores[1];
        if g.over {
            return Ok((spread * self.leaves.unit, 0));
        }
        let unseen = g.order.len() + g.racks[1].iter().map(|&k| usize::from(k)).sum::<usize>();
        Ok((spread * self.leaves.unit + g.kept[0] - g.kept[1], unseen as u32))
    }

    fn rack_points(&self, rack: &[u8]) -> i64 {
        rack.iter().zip(&self.rules.tiles).map(|(&k, t)| i64::from(k) * i64::from(t.points)).sum()
    }

    fn push(&self, g: &mut Game, turn: &Turn) {
        let side = g.side;
        match turn {
            Turn::Place { score, tiles } => {
                for &(sq, t, f) in tiles {
                    g.board[2 * usize::from(sq)] = i64::from(t);
                    g.board[2 * usize::from(sq) + 1] = i64::from(f);
                    g.racks[side][usize::from(t)] -= 1;
                }
                g.scores[side] += score;
                let n = tiles.len().min(g.order.len());
                for t in g.order.drain(..n) {
                    g.racks[side][usize::from(t)] += 1;
                }
                g.scoreless = 0;
            }
            Turn::Exchange(used) => {
                let n: usize = used.iter().map(|&k| usize::from(k)).sum();
                for (k, u) in g.racks[side].iter_mut().zip(used) {
                    *k -= u;
                }
                let n = n.min(g.order.len());
                for t in g.order.drain(..n) {
                    g.racks[side][usize::from(t)] += 1;
                }
                // the returned tiles go back into the bag, somewhere, in the order of their names
                for rank in 0..self.rules.tiles.len() {
                    let t = self.rules.tile_by_rank[rank];
                    for _ in 0..used.get(usize::from(t)).copied().unwrap_or(0) {
                        let at = g.shake.below(g.order.len() as u64 + 1) as usize;
                        g.order.insert(at, t);
                    }
                }
                g.scoreless = if self.game.exchange_scoreless { g.scoreless + 1 } else { 0 };
            }
            Turn::Pass => g.scoreless += 1,
        }
        let placed = matches!(turn, Turn::Place { .. });
        if placed && g.order.is_empty() && g.racks[side].iter().all(|&k| k == 0) {
            self.end(g, Some(side));
        } else if g.scoreless >= self.game.pass_limit {
            self.end(g, None);
        }
        if !g.over {
            g.side = 1 - side;
        }
    }

    fn end(&self, g: &mut Game, out: Option<usize>) {
        let points = [self.rack_points(&g.racks[0]), self.rack_points(&g.racks[1])];
        if let Some(o) = out {
            g.scores[o] += self.game.playout_multiplier * points[1 - o];
        }
        if out.is_none() || self.game.deduct_at_end {
            g.scores[0] -= points[0];
            g.scores[1] -= points[1];
        }
        g.over = true;
    }

    /// The leave table of `rack` as `top_equity` reads it: strides per tile id and the value
    /// of keeping the rack less the tiles of each index.
    fn table(&self, rack: &[u8], bag: usize) -> (Vec<i64>, Vec<i64>) {
        let mut strides = vec![0i64; rack.len()];
        let mut step = 1i64;
        for (t, &k) in rack.iter().enumerate() {
            if k > 0 {
                strides[t] = step;
                step *= i64::from(k) + 1;
            }
        }
        let mut values = Vec::with_capacity(step as usize);
        let mut used = vec![0u8; rack.len()];
        let mut kept = rack.to_vec();
        for index in 0..step {
            let mut rest = index;
            for (t, &k) in rack.iter().enumerate() {
                if k > 0 {
                    let radix = i64::from(k) + 1;
                    used[t] = (rest % radix) as u8;
                    rest /= radix;
                    kept[t] = k - used[t];
                }
            }
            values.push(self.leaves.value(self.rules, &kept, bag));
        }
        (strides, values)
    }

    /// The static player's turn (`amath.engine.static.Turns.best`): the best placement or
    /// exchange, a placement on a tie, the pass only when neither is legal.  Blanks past
    /// `PLAYOUT_BLANKS` stay on the rack for the search and count in the turn's value.
    fn reply(&self, g: &Game) -> Result<Turn> {
        let full = &g.racks[g.side];
        let bag = g.order.len();
        let mut rack = full.clone();
        for (k, &c) in rack.iter_mut().zip(&self.leaves.class) {
            if c == BLANK && *k > PLAYOUT_BLANKS {
                *k = PLAYOUT_BLANKS;
            }
        }
        if rack.iter().all(|&k| k == 0) {
            return Ok(Turn::Pass);
        }
        let (strides, values) = self.table(&rack, bag);
        let counts: Vec<i64> = rack.iter().map(|&k| i64::from(k)).collect();
        let leaves = Leaves { strides: &strides, values: &values, unit: self.leaves.unit };
        let top = top_equity(self.rules, &g.board, &counts, &leaves, 1)?;
        let place = top.scores.first().map(|&score| {
            let end = top.offsets.get(1).copied().unwrap_or(0) as usize;
            let tiles = top.tiles.get(..end).unwrap_or(&[]).iter().map(|&e| ((e >> 16) as u16, (e >> 8) as u8, e as u8)).collect();
            (Turn::Place { score, tiles }, top.values.first().copied().unwrap_or(i64::MIN))
        });
        let swap = self.best_exchange(&rack, &strides, bag, g.scoreless);
        let chosen = match (place, swap) {
            (Some((p, pv)), Some((s, sv))) => {
                if sv > pv {
                    s
                } else {
                    p
                }
            }
            (Some((p, _)), None) => p,
            (None, Some((s, _))) => s,
            (None, None) => Turn::Pass,
        };
        Ok(chosen)
    }

    /// `Turns.best_exchange`: the part worth most kept among those the rules let go back,
    /// fewest tiles and then by the tiles' names first; None when none may go back.
    fn best_exchange(&self, rack: &[u8], strides: &[i64], bag: usize, scoreless: u32) -> Option<(Turn, i64)> {
        let rules = self.rules;
        if !self.game.can_exchange(rules.rack_size, 1, bag) {
            return None;
        }
        let closing = self.game.exchange_scoreless && self.game.may_end(scoreless);
        let (_, values) = self.table(rack, if closing { 0 } else { bag });
        let mut best: Option<(i64, usize, Vec<u8>, Vec<u8>)> = None; // (value, size, ranks, used)
        for (index, &v) in values.iter().enumerate().skip(1) {
            let mut rest = index as i64;
            let mut used = vec![0u8; rack.len()];
            for (t, &k) in rack.iter().enumerate() {
                if k > 0 && strides[t] > 0 {
                    let radix = i64::from(k) + 1;
                    used[t] = (rest % radix) as u8;
                    rest /= radix;
                }
            }
            let size: usize = used.iter().map(|&u| usize::from(u)).sum();
            if !self.game.can_exchange(rules.rack_size, size, bag) {
                continue;
            }
            let mut ranks: Vec<u8> = Vec::with_capacity(size);
            for (t, &u) in used.iter().enumerate() {
                ranks.extend(std::iter::repeat_n(rules.tiles[t].rank, usize::from(u)));
            }
            ranks.sort_unstable();
            let better = match &best {
                None => true,
                Some((bv, bs, br, _)) => v > *bv || (v == *bv && (size, &ranks) < (*bs, br)),
            };
            if better {
                best = Some((v, size, ranks, used));
            }
        }
        best.map(|(v, _, _, used)| (Turn::Exchange(used), v))
    }

    /// The play-outs of `jobs` (candidate index, iteration), in order.
    pub fn run(&self, turns: &[Turn], jobs: &[(usize, u64)], threads: usize) -> Result<Vec<Outcome>> {
        self.check(turns)?;
        if let Some(&(c, _)) = jobs.iter().find(|&&(c, _)| c >= turns.len()) {
            return bad(format!("job names candidate {c} of {}", turns.len()));
        }
        let one = |&(c, it): &(usize, u64)| self.playout(&turns[c], it);
        parallel(jobs, threads, one)
    }
}

#[cfg(feature = "parallel")]
fn parallel<F>(jobs: &[(usize, u64)], threads: usize, f: F) -> Result<Vec<Outcome>>
where
    F: Fn(&(usize, u64)) -> Result<Outcome> + Sync + Send,
{
    use rayon::prelude::*;
    if threads <= 1 {
        return jobs.iter().map(f).collect();
    }
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| InputError(format!("no thread pool: {e}")))?;
    pool.install(|| jobs.par_iter().map(f).collect())
}

#[cfg(not(feature = "parallel"))]
fn parallel<F>(jobs: &[(usize, u64)], _threads: usize, f: F) -> Result<Vec<Outcome>>
where
    F: Fn(&(usize, u64)) -> Result<Outcome>,
{
    jobs.iter().map(f).collect()
}

/// A play-out's state: side 0 is the root's side to move.
struct Game {
    board: Vec<i64>,
    racks: [Vec<u8>; 2],
    order: Vec<u8>,
    shake: SplitMix64,
    scores: [i64; 2],
    scoreless: u32,
    side: usize,
    over: bool,
    /// each side's leave value at its last turn
    kept: [i64; 2],
}

#[cfg(feature = "python")]
pub mod python {
    //! ``amath.engine.movegen._native.playouts``: the play-outs for ``amath.engine.playouts``.
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;

    use super::{GameRules, LeaveModel, Root, Turn};
    use crate::python::Rules;

    fn counts(name: &str, v: Vec<i64>) -> PyResult<Vec<u8>> {
        v.into_iter().map(|k| u8::try_from(k).map_err(|_| PyValueError::new_err(format!("{name}: count {k} is not 0 to 255")))).collect()
    }

    /// A candidate as it crosses: (kind, score, entries): kind 0 a placement (entries
    /// ``square << 16 | tile id << 8 | face id``), 1 an exchange (entries: tile ids returned), 2 the pass.
    fn turn(rules: &Rules, (kind, score, entries): (i64, i64, Vec<u32>)) -> PyResult<Turn> {
        match kind {
            0 => Ok(Turn::Place {
                score,
                tiles: entries.iter().map(|&e| ((e >> 16) as u16, ((e >> 8) & 0xff) as u8, (e & 0xff) as u8)).collect(),
            }),
            1 => {
                let mut used = vec![0u8; rules.data.tiles.len()];
                for &t in &entries {
                    let Some(k) = used.get_mut(t as usize) else {
                        return Err(PyValueError::new_err(format!("exchange: tile id {t} is not in the set")));
                    };
                    *k = k.saturating_add(1);
                }
                Ok(Turn::Exchange(used))
            }
            2 => Ok(Turn::Pass),
            _ => Err(PyValueError::new_err(format!("candidate kind {kind} is not 0 (place), 1 (exchange) or 2 (pass)"))),
        }
    }

    /// The play-outs of ``jobs`` ((candidate index, iteration) pairs), in order: each
    /// ``(value, unseen)`` (docs/search.md, "Native play-outs").
    #[pyfunction]
    #[pyo3(signature = (rules, board, rack, other, hidden, unseen, *, scoreless, tile_weights, synergy, classes, unit, playout_multiplier, deduct_at_end, pass_limit, exchange_min_bag, exchange_scoreless, inference, candidates, jobs, plies, finish, seed, threads))]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn playouts(
        py: Python<'_>,
        rules: &Rules,
        board: Vec<i64>,
        rack: Vec<i64>,
        other: Vec<i64>,
        hidden: usize,
        unseen: Vec<i64>,
        scoreless: u32,
        tile_weights: Vec<i64>,
        synergy: [i64; 5],
        classes: Vec<u8>,
        unit: i64,
        playout_multiplier: i64,
        deduct_at_end: bool,
        pass_limit: u32,
        exchange_min_bag: Option<usize>,
        exchange_scoreless: bool,
        inference: Vec<(Vec<i64>, u64)>,
        candidates: Vec<(i64, i64, Vec<u32>)>,
        jobs: Vec<(usize, u64)>,
        plies: usize,
        finish: bool,
        seed: u64,
        threads: usize,
    ) -> PyResult<Vec<(i64, u32)>> {
        let data = &rules.data;
        let mut inferred = Vec::with_capacity(inference.len());
        for (kept, w) in inference {
            inferred.push((counts("inference", kept)?, w));
        }
        let turns = candidates.into_iter().map(|c| turn(rules, c)).collect::<PyResult<Vec<Turn>>>()?;
        let root = Root {
            rules: data,
            game: GameRules { playout_multiplier, deduct_at_end, pass_limit, exchange_min_bag, exchange_scoreless },
            leaves: LeaveModel { tile: tile_weights, synergy, class: classes, unit },
            board,
            rack: counts("rack", rack)?,
            other: counts("other", other)?,
            hidden,
            unseen: counts("unseen", unseen)?,
            scoreless,
            inference: inferred,
            plies,
            finish,
            seed,
        };
        py.detach(|| root.run(&turns, &jobs, threads.clamp(1, 256))).map_err(|e| PyValueError::new_err(e.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{face, rules};

    const GAME: GameRules =
        GameRules { playout_multiplier: 2, deduct_at_end: false, pass_limit: 6, exchange_min_bag: Some(5), exchange_scoreless: false };

    fn counts(r: &RuleData, tiles: &[&str]) -> Vec<u8> {
        let mut out = vec![0u8; r.tiles.len()];
        for t in tiles {
            let id = if *t == "?" { r.tiles.len() - 1 } else { usize::from(face(t)) };
            out[id] += 1;
        }
        out
    }

    fn model(r: &RuleData) -> LeaveModel {
        let class = (0..r.tiles.len())
            .map(|t| match t {
                0..=20 => NUMBER,
                21..=24 => OPERATOR,
                25 => EQUALS,
                _ => BLANK,
            })
            .collect();
        LeaveModel { tile: (0..r.tiles.len() as i64).map(|t| 10 - t).collect(), synergy: [-150, -350, -200, -200, -150], class, unit: 100 }
    }

    fn root<'a>(r: &'a RuleData, bag: &[&str], finish: bool) -> Root<'a> {
        let size = r.size * r.size;
        let mut board = vec![-1i64; 2 * size];
        for (k, f) in ["1", "+", "2", "=", "3"].iter().enumerate() {
            let sq = 4 * r.size + 2 + k;
            board[2 * sq] = i64::from(face(f));
            board[2 * sq + 1] = i64::from(face(f));
        }
        Root {
            rules: r,
            game: GAME,
            leaves: model(r),
            board,
            rack: counts(r, &["1", "2", "3", "=", "+", "4", "5", "?"]),
            other: vec![0; r.tiles.len()],
            hidden: 8,
            unseen: counts(r, bag),
            scoreless: 0,
            inference: Vec::new(),
            plies: 3,
            finish,
            seed: 42,
        }
    }

    const BAG: [&str; 20] = ["6", "7", "8", "9", "1", "2", "=", "=", "+", "-", "*", "/", "1", "3", "4", "5", "10", "12", "=", "2"];

    #[test]
    fn splitmix64_is_the_published_generator() {
        let mut g = SplitMix64(0);
        assert_eq!([g.next_u64(), g.next_u64()], [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4]);
        let mut h = SplitMix64::new(3, 9);
        assert!((0..1000).all(|_| h.below(7) < 7));
        assert_eq!(SplitMix64::new(3, 9).next_u64(), SplitMix64::new(3, 9).next_u64());
        assert_ne!(SplitMix64::new(3, 9).next_u64(), SplitMix64::new(3, 10).next_u64());
    }

    #[test]
    fn the_leave_model_adds_weights_and_synergies() {
        let r = rules(9, 8);
        let m = model(&r);
        let one = usize::from(face("1"));
        // a lone "1": its weight, and no "=", no operator
        assert_eq!(m.value(&r, &counts(&r, &["1"]), 10), m.tile[one] - 200 - 150);
        // two "1": a duplicate
        assert_eq!(m.value(&r, &counts(&r, &["1", "1"]), 10), 2 * m.tile[one] - 150 - 200 - 150);
        // a blank stands for anything
        let blank = r.tiles.len() - 1;
        assert_eq!(m.value(&r, &counts(&r, &["?"]), 10), m.tile[blank]);
        // the bag empty: minus the points (1 each, the blank 0)
        assert_eq!(m.value(&r, &counts(&r, &["1", "2", "?"]), 0), -200);
        assert_eq!(m.value(&r, &counts(&r, &[]), 10), 0);
    }

    #[test]
    fn playouts_are_the_same_for_any_thread_count() {
        let r = rules(9, 8);
        let root = root(&r, &BAG, false);
        let turns = vec![Turn::Pass, Turn::Exchange(counts(&r, &["?"])), Turn::Exchange(counts(&r, &["4", "5"]))];
        let jobs: Vec<(usize, u64)> = (0..3).flat_map(|c| (0..4).map(move |i| (c, i))).collect();
        let one = root.run(&turns, &jobs, 1).unwrap_or_else(|e| panic!("{}", e.0));
        let two = root.run(&turns, &jobs, 2).unwrap_or_else(|e| panic!("{}", e.0));
        assert_eq!(one, two);
        assert!(one.iter().any(|o| o != &one[0]), "different scenarios give different values");
    }

    #[test]
    fn a_finished_playout_ends_the_game() {
        let r = rules(9, 8);
        let root = root(&r, &BAG[..10], true);
        let jobs: Vec<(usize, u64)> = (0..6).map(|i| (0, i)).collect();
        let out = root.run(&[Turn::Pass], &jobs, 1).unwrap_or_else(|e| panic!("{}", e.0));
        assert!(out.iter().all(|&(_, unseen)| unseen == 0), "{out:?}");
    }

    #[test]
    fn bad_input_is_an_error() {
        let r = rules(9, 8);
        let good = root(&r, &BAG, false);
        let on_board = Turn::Place { score: 3, tiles: vec![(38, face("1"), face("1"))] };
        let not_held = Turn::Place { score: 3, tiles: vec![(0, face("9"), face("9"))] };
        let bad_face = Turn::Place { score: 3, tiles: vec![(0, face("1"), face("2"))] };
        let too_many = Turn::Exchange(counts(&r, &["1", "1"]));
        for t in [on_board, not_held, bad_face, too_many] {
            assert!(good.run(&[t], &[(0, 0)], 1).is_err());
        }
        assert!(good.run(&[Turn::Pass], &[(1, 0)], 1).is_err(), "no candidate 1");
        let mut short = root(&r, &BAG, false);
        short.board.pop();
        assert!(short.run(&[Turn::Pass], &[(0, 0)], 1).is_err());
        let mut few = root(&r, &BAG[..3], false);
        few.hidden = 8;
        assert!(few.run(&[Turn::Pass], &[(0, 0)], 1).is_err(), "more hidden tiles than unseen");
        let mut over = root(&r, &BAG, false);
        over.scoreless = 6;
        assert!(over.run(&[Turn::Pass], &[(0, 0)], 1).is_err());
    }
}
