//! The exact two-sided endgame (bag empty, both racks known), the twin of the Python
//! solver `amath.engine.endgame`: negamax with alpha-beta, iterative deepening on plies,
//! a transposition table keyed by a Zobrist hash (board, racks, side, scoreless count),
//! moves by score with the play-out bonus added (the table's move first), the pass last.
//!
//! It searches exactly as the Python twin does -- the same order, bounds, table rules
//! and node count -- so the same budget gives the same answer; it only runs faster.
//! A node's value is the spread still to come for the side to move.  Budgets count
//! work, never time: a turn pushed is one unit, listing a node's turns is `LIST_COST`
//! units and one more a turn listed (a rack with a blank lists thousands of turns a node,
//! and listing costs more than searching them: a budget in pushes alone did not bound
//! the time).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::rc::Rc;

use crate::generate::{generate_cached, LineCache, FORCE_MAX};
use crate::rules::{InputError, Result, RuleData};
use crate::util::WordHasher;

/// Depth of a table entry whose value needs no horizon estimate (valid at any depth).
const COMPLETE: u32 = 1 << 20;
const INF: i64 = 1 << 30;
/// Longest expected line returned after a root move.
const PV_LIMIT: usize = 64;
/// Work of listing a node's turns beyond one unit a turn: building the board's lines
/// (measured: a list costs about 96 us plus 7 us a turn, a push well under 1 us).
const LIST_COST: u64 = 14;

/// How the game ends, from the Ruleset (docs/rules.md "End of the game").
#[derive(Clone, Copy, Debug)]
pub struct EndRules {
    /// A side that goes out adds this many times the other rack's points.
    pub playout_multiplier: i64,
    /// Racks are deducted after a play-out too.
    pub deduct_at_end: bool,
    /// Consecutive scoreless turns that end the game (pass rounds x sides).
    pub pass_limit: u32,
}

/// One turn: a placement's tiles as `(square, tile id, face id)`, or none for the pass.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub score: i64,
    pub tiles: Vec<(u16, u8, u8)>,
}

/// One root turn with its value (the spread still to come) and the expected line after it.
#[derive(Clone, Debug)]
pub struct RootLine {
    pub value: i64,
    pub turn: Turn,
    pub pv: Vec<Turn>,
}

/// What a solve found: root turns best first, whether exact, work done (turns pushed and
/// listed), depth finished.
#[derive(Clone, Debug)]
pub struct Solved {
    pub lines: Vec<RootLine>,
    pub exact: bool,
    pub nodes: u64,
    pub depth: u32,
}

#[derive(Clone, Copy)]
enum Flag {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    value: i64,
    flag: Flag,
    best: Option<usize>, // index in the node's ordered turns
}

/// A node's turns in search order (the pass last).
struct Ordered {
    turns: Vec<Turn>,
}

type Fast<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

struct OutOfBudget;

fn mix(mut x: u64) -> u64 {
    // splitmix64's finaliser: a fixed pseudo-random key per feature
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn square_key(sq: usize, tile: u8, face: u8) -> u64 {
    mix(1 << 60 | (sq as u64) << 16 | (tile as u64) << 8 | face as u64)
}

fn rack_key(side: usize, tile: usize, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        mix(2 << 60 | (side as u64) << 32 | (tile as u64) << 8 | count as u64)
    }
}

fn side_key(side: usize) -> u64 {
    mix(3 << 60 | side as u64)
}

fn scoreless_key(n: u32) -> u64 {
    mix(4 << 60 | n as u64)
}

struct Solver<'a> {
    rules: &'a RuleData,
    end: EndRules,
    grid: Vec<Option<(u8, u8)>>,
    racks: [Vec<u8>; 2],
    side: usize,
    scoreless: u32,
    board_hash: u64,
    zobrist: u64,
    nodes: u64,
    budget: u64,
    horizon: u64,
    table: Fast<u64, Entry>,
    orders: Fast<(u64, u64, i64), Rc<Ordered>>,
    /// each line's moves, for the boards a turn apart (the lists are those of `generate`)
    lines: LineCache,
}

impl<'a> Solver<'a> {
    fn rack_points(&self, side: usize) -> i64 {
        self.racks[side].iter().zip(&self.rules.tiles).map(|(&k, t)| i64::from(k) * i64::from(t.points)).sum()
    }

    fn rack_hash(&self, side: usize) -> u64 {
        let mut h = 0u64;
        for (t, &k) in self.racks[side].iter().enumerate() {
            h ^= rack_key(side, t, k);
        }
        h
    }

    /// The turns of the side to move, in search order: by score with a play-out's bonus, then the pass.
    fn ordered(&mut self) -> Result<Rc<Ordered>> {
        let bonus = self.end.playout_multiplier.saturating_mul(self.rack_points(1 - self.side));
        let key = (self.board_hash, self.rack_hash(self.side) ^ side_key(self.side), bonus);
        if let Some(o) = self.orders.get(&key) {
            return Ok(Rc::clone(o));
        }
        let rack = &self.racks[self.side];
        let size: usize = rack.iter().map(|&k| usize::from(k)).sum();
        let mut found = generate_cached(self.rules, &self.grid, rack, FORCE_MAX, &mut self.lines)?;
        found.sort(None);
        let mut scored: Vec<(i64, Turn)> = Vec::with_capacity(found.moves.len() + 1);
        for m in &found.moves {
            let keys = found.keys(m);
            let tiles: Vec<(u16, u8, u8)> = keys
                .iter()
                .map(|&k| {
                    ((k >> 16) as u16, self.rules.tile_by_rank[((k >> 8) & 0xff) as usize], self.rules.face_by_rank[(k & 0xff) as usize])
                })
                .collect();
            let order = if tiles.len() == size { m.score.saturating_add(bonus) } else { m.score };
            scored.push((order, Turn { score: m.score, tiles }));
        }
        scored.sort_by_key(|x| std::cmp::Reverse(x.0)); // stable: the generator's order breaks ties
        let mut turns: Vec<Turn> = scored.into_iter().map(|(_, t)| t).collect();
        turns.push(Turn { score: 0, tiles: Vec::new() });
        // listing is work (checked at the next push): the board's lines and each turn
        self.nodes = self.nodes.saturating_add(LIST_COST + turns.len() as u64);
        let o = Rc::new(Ordered { turns });
        self.orders.insert(key, Rc::clone(&o));
        Ok(o)
    }

    fn set_scoreless(&mut self, n: u32) {
        self.zobrist ^= scoreless_key(self.scoreless) ^ scoreless_key(n);
        self.scoreless = n;
    }

    fn change_rack(&mut self, side: usize, tile: usize, delta: i8) {
        let old = self.racks[side][tile];
        let new = old.wrapping_add_signed(delta);
        self.zobrist ^= rack_key(side, tile, old) ^ rack_key(side, tile, new);
        self.racks[side][tile] = new;
    }

    /// Play ``turn``; returns the old scoreless count, and the end adjustment difference for
    /// the mover (its own minus the other's) when the turn ends the game.
    fn push(&mut self, turn: &Turn) -> (u32, Option<i64>) {
        let me = self.side;
        let before = self.scoreless;
        for &(sq, tile, face) in &turn.tiles {
            self.grid[usize::from(sq)] = Some((tile, face));
            let k = square_key(usize::from(sq), tile, face);
            self.zobrist ^= k;
            self.board_hash ^= k;
            self.change_rack(me, usize::from(tile), -1);
        }
        self.set_scoreless(if turn.tiles.is_empty() { before + 1 } else { 0 });
        let mut end = None;
        if !turn.tiles.is_empty() && self.racks[me].iter().all(|&k| k == 0) {
            let opp = self.rack_points(1 - me);
            let mut adjust = self.end.playout_multiplier.saturating_mul(opp);
            if self.end.deduct_at_end {
                adjust = adjust.saturating_add(opp); // the other side loses its rack, the mover has none
            }
            end = Some(adjust);
        } else if self.scoreless >= self.end.pass_limit {
            end = Some(self.rack_points(1 - me) - self.rack_points(me));
        }
        self.zobrist ^= side_key(me) ^ side_key(1 - me);
        self.side = 1 - me;
        (before, end)
    }

    fn pop(&mut self, turn: &Turn, scoreless: u32) {
        self.zobrist ^= side_key(self.side) ^ side_key(1 - self.side);
        self.side = 1 - self.side;
        let me = self.side;
        self.set_scoreless(scoreless);
        for &(sq, tile, face) in &turn.tiles {
            self.grid[usize::from(sq)] = None;
            let k = square_key(usize::from(sq), tile, face);
            self.zobrist ^= k;
            self.board_hash ^= k;
            self.change_rack(me, usize::from(tile), 1);
        }
    }

    fn count(&mut self) -> std::result::Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > self.budget {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }

    fn estimate(&self) -> i64 {
        self.rack_points(1 - self.side) - self.rack_points(self.side)
    }

    /// Value for the mover of ``turn`` (pushed and popped here), searched in (alpha, beta).
    fn child(&mut self, turn: &Turn, depth: u32, alpha: i64, beta: i64) -> std::result::Result<i64, Stop> {
        let (scoreless, end) = self.push(turn);
        let out = match end {
            Some(adjust) => Ok(turn.score.saturating_add(adjust)),
            None => self.negamax(depth.saturating_sub(1), turn.score - beta, turn.score - alpha).map(|v| turn.score - v),
        };
        self.pop(turn, scoreless);
        out
    }

    fn negamax(&mut self, depth: u32, mut alpha: i64, beta: i64) -> std::result::Result<i64, Stop> {
        let key = self.zobrist;
        let mut best_index = None;
        if let Some(e) = self.table.get(&key).copied() {
            best_index = e.best;
            let usable = match e.flag {
                Flag::Exact => true,
                Flag::Lower => e.value >= beta,
                Flag::Upper => e.value <= alpha,
            };
            if e.depth >= depth && usable {
                if e.depth < COMPLETE {
                    self.horizon += 1;
                }
                return Ok(e.value);
            }
        }
        if depth == 0 {
            self.horizon += 1;
            return Ok(self.estimate());
        }
        let horizon_before = self.horizon;
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_at = best_index;
        let order = self.ordered()?;
        let first = best_index.filter(|&i| i < order.turns.len());
        let rest = (0..order.turns.len()).filter(|&i| Some(i) != first);
        for i in first.into_iter().chain(rest) {
            self.count().map_err(|_| Stop::Budget)?;
            let value = self.child(&order.turns[i], depth, alpha, beta)?;
            if value > best {
                best = value;
                best_at = Some(i);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let flag = if best <= alpha0 {
            Flag::Upper
        } else if best >= beta {
            Flag::Lower
        } else {
            Flag::Exact
        };
        let stored = if self.horizon == horizon_before { COMPLETE } else { depth };
        self.table.insert(key, Entry { depth: stored, value: best, flag, best: best_at });
        Ok(best)
    }

    /// False when an iteration at ``depth`` is sure to run out of budget (its values would be
    /// dropped): it needs a node per root turn, and one more for each whose reply must be
    /// searched (the game goes on, ``depth`` leaves a ply below it, no table entry deep enough
    /// that it might be used).  As the Python twin's ``_can_finish``.
    fn can_finish(&mut self, depth: u32) -> Result<bool> {
        let order = self.ordered()?;
        let left = self.budget.saturating_sub(self.nodes);
        let mut need = order.turns.len() as u64;
        if need > left || depth < 2 {
            return Ok(need <= left);
        }
        for turn in &order.turns {
            let (scoreless, end) = self.push(turn);
            let deep = self.table.get(&self.zobrist).is_some_and(|e| e.depth.saturating_add(1) >= depth);
            self.pop(turn, scoreless);
            if end.is_none() && !deep {
                need += 1;
                if need > left {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// One iteration at the root: every turn's value (exact for the best ``top``), best first, as indices.
    fn root(&mut self, depth: u32, top: usize, previous: &[(i64, usize)]) -> std::result::Result<Vec<(i64, usize)>, Stop> {
        let order = self.ordered()?;
        let mut indices: Vec<usize> = (0..order.turns.len()).collect();
        if !previous.is_empty() {
            let mut rank = vec![previous.len(); order.turns.len()];
            for (k, &(_, i)) in previous.iter().enumerate() {
                if let Some(r) = rank.get_mut(i) {
                    *r = k;
                }
            }
            indices.sort_by_key(|&i| rank[i]);
        }
        let mut scored: Vec<(i64, usize)> = Vec::with_capacity(indices.len());
        let mut best_values: std::collections::BinaryHeap<std::cmp::Reverse<i64>> = std::collections::BinaryHeap::new();
        for i in indices {
            let bound = if best_values.len() >= top { best_values.peek().map_or(-INF, |r| r.0) } else { -INF };
            self.count().map_err(|_| Stop::Budget)?;
            let value = self.child(&order.turns[i], depth, bound, INF)?;
            let kept = if value > bound { value } else { value.min(bound) };
            scored.push((kept, i));
            if best_values.len() < top {
                best_values.push(std::cmp::Reverse(kept));
            } else if best_values.peek().is_some_and(|r| kept > r.0) {
                best_values.pop();
                best_values.push(std::cmp::Reverse(kept));
            }
        }
        scored.sort_by_key(|x| std::cmp::Reverse(x.0));
        if let Some(&(value, i)) = scored.first() {
            let d = if self.horizon == 0 { COMPLETE } else { depth };
            self.table.insert(self.zobrist, Entry { depth: d, value, flag: Flag::Exact, best: Some(i) });
        }
        Ok(scored)
    }

    /// The expected line after the root turn ``first``, from the table's best turns.
    fn pv(&mut self, first: &Turn) -> Result<Vec<Turn>> {
        let mut line: Vec<Turn> = Vec::new();
        let mut stack: Vec<(Turn, u32)> = Vec::new();
        let (s, mut end) = self.push(first);
        stack.push((first.clone(), s));
        while end.is_none() && line.len() + 1 < PV_LIMIT {
            let Some(best) = self.table.get(&self.zobrist).and_then(|e| e.best) else { break };
            let order = self.ordered()?;
            let Some(turn) = order.turns.get(best).cloned() else { break };
            let (s, e) = self.push(&turn);
            end = e;
            stack.push((turn.clone(), s));
            line.push(turn);
        }
        while let Some((turn, s)) = stack.pop() {
            self.pop(&turn, s);
        }
        Ok(line)
    }
}

enum Stop {
    Budget,
    Input(InputError),
}

impl From<InputError> for Stop {
    fn from(e: InputError) -> Stop {
        Stop::Input(e)
    }
}

/// Solve the endgame: ``board`` and ``racks`` as the generator reads them (tile id and face
/// id per square, -1 for empty; counts per tile id), side 0 to move, ``scoreless`` turns
/// so far.  Deepens until exact or ``nodes`` units of work are done (a turn pushed or listed); the best ``top``
/// root turns get exact values.  Bad input is an error naming it.
pub fn solve(rules: &RuleData, end: EndRules, board: &[i64], racks: [&[i64]; 2], scoreless: u32, nodes: u64, top: usize) -> Result<Solved> {
    let grid = rules.read_board(board)?;
    let r0 = rules.read_rack(racks[0])?;
    let r1 = rules.read_rack(racks[1])?;
    if r0.iter().all(|&k| k == 0) || r1.iter().all(|&k| k == 0) {
        return Err(InputError("an endgame needs tiles on both racks (an empty rack has ended the game)".to_string()));
    }
    if scoreless >= end.pass_limit {
        return Err(InputError(format!("{scoreless} scoreless turns have already ended the game (the limit is {})", end.pass_limit)));
    }
    let top = top.max(1);
    let mut s = Solver {
        rules,
        end,
        grid,
        racks: [r0, r1],
        side: 0,
        scoreless,
        board_hash: 0,
        zobrist: 0,
        nodes: 0,
        budget: nodes,
        horizon: 0,
        table: Fast::default(),
        orders: Fast::default(),
        lines: LineCache::default(),
    };
    let mut h = 0u64;
    for (sq, cell) in s.grid.iter().enumerate() {
        if let Some((t, f)) = *cell {
            h ^= square_key(sq, t, f);
        }
    }
    s.board_hash = h;
    s.zobrist = h ^ side_key(0) ^ scoreless_key(scoreless) ^ s.rack_hash(0) ^ s.rack_hash(1);
    let mut finished: Vec<(i64, usize)> = Vec::new();
    let mut exact = false;
    let mut depth_done = 0;
    let mut depth = 1;
    while s.can_finish(depth)? {
        s.horizon = 0;
        match s.root(depth, top, &finished) {
            Ok(results) => {
                finished = results;
                depth_done = depth;
                if s.horizon == 0 {
                    exact = true;
                    break;
                }
                depth += 1;
            }
            Err(Stop::Budget) => break,
            Err(Stop::Input(e)) => return Err(e),
        }
    }
    let order = s.ordered()?;
    if finished.is_empty() {
        finished = order.turns.iter().enumerate().map(|(i, t)| (t.score, i)).collect();
    }
    let mut lines = Vec::new();
    for &(value, i) in finished.iter().take(top) {
        let Some(turn) = order.turns.get(i).cloned() else { continue };
        let pv = s.pv(&turn)?;
        lines.push(RootLine { value, turn, pv });
    }
    Ok(Solved { lines, exact, nodes: s.nodes, depth: depth_done })
}

#[cfg(feature = "python")]
pub mod python {
    //! ``amath.engine.movegen._native.endgame``: the solver for the Python wrapper ``amath.engine.native_endgame``.
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;

    use super::{solve, EndRules, Turn};
    use crate::python::Rules;

    type PyTurn = (i64, Vec<u32>);
    type PyLine = (i64, PyTurn, Vec<PyTurn>);

    fn out(t: Turn) -> PyTurn {
        (t.score, t.tiles.iter().map(|&(sq, tile, face)| u32::from(sq) << 16 | u32::from(tile) << 8 | u32::from(face)).collect())
    }

    /// Solve an endgame; returns ``(lines, exact, nodes, depth)``, each line ``(value, turn, pv)``
    /// and each turn ``(score, tiles)``, a tile ``square << 16 | tile id << 8 | face id`` as
    /// ``generate`` gives them (no tiles: the pass).
    #[pyfunction]
    #[pyo3(signature = (rules, board, rack0, rack1, *, scoreless, nodes, top, playout_multiplier, deduct_at_end, pass_limit))]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn endgame(
        py: Python<'_>,
        rules: &Rules,
        board: Vec<i64>,
        rack0: Vec<i64>,
        rack1: Vec<i64>,
        scoreless: u32,
        nodes: u64,
        top: usize,
        playout_multiplier: i64,
        deduct_at_end: bool,
        pass_limit: u32,
    ) -> PyResult<(Vec<PyLine>, bool, u64, u32)> {
        let end = EndRules { playout_multiplier, deduct_at_end, pass_limit };
        let data = &rules.data;
        let solved =
            py.detach(|| solve(data, end, &board, [&rack0, &rack1], scoreless, nodes, top)).map_err(|e| PyValueError::new_err(e.0))?;
        let lines = solved.lines.into_iter().map(|l| (l.value, out(l.turn), l.pv.into_iter().map(out).collect())).collect();
        Ok((lines, solved.exact, solved.nodes, solved.depth))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{face, rules};

    fn tile_id(r: &RuleData, name: &str) -> usize {
        let f = face(name);
        r.tiles.iter().position(|t| t.faces == vec![f]).unwrap_or(0)
    }

    fn rack(r: &RuleData, tiles: &[&str]) -> Vec<i64> {
        let mut counts = vec![0i64; r.tiles.len()];
        for t in tiles {
            counts[tile_id(r, t)] += 1;
        }
        counts
    }

    const END: EndRules = EndRules { playout_multiplier: 2, deduct_at_end: false, pass_limit: 6 };

    #[test]
    fn going_out_at_once_earns_the_bonus() {
        let r = rules(9, 8);
        let board = vec![-1i64; 2 * 81];
        let solved = solve(&r, END, &board, [&rack(&r, &["1", "=", "1"]), &rack(&r, &["2", "2"])], 0, 10_000, 1);
        let solved = solved.unwrap_or_else(|e| panic!("{}", e.0));
        assert!(solved.exact);
        let best = &solved.lines[0];
        assert_eq!(best.turn.tiles.len(), 3, "the play-out first");
        let two = i64::from(r.tiles[tile_id(&r, "2")].points);
        assert_eq!(best.value, best.turn.score + 2 * 2 * two);
    }

    #[test]
    fn with_no_placement_the_passes_deduct_the_racks() {
        let r = rules(9, 8);
        let board = vec![-1i64; 2 * 81];
        let solved = solve(&r, END, &board, [&rack(&r, &["1", "2"]), &rack(&r, &["3"])], 0, 10_000, 1);
        let solved = solved.unwrap_or_else(|e| panic!("{}", e.0));
        assert!(solved.exact);
        let p = |n: &str| i64::from(r.tiles[tile_id(&r, n)].points);
        assert_eq!(solved.lines[0].value, p("3") - p("1") - p("2"));
        assert!(solved.lines[0].turn.tiles.is_empty());
        assert_eq!(solved.lines[0].pv.len(), 5, "five more passes end it");
    }

    #[test]
    fn bad_input_is_an_error() {
        let r = rules(9, 8);
        let board = vec![-1i64; 2 * 81];
        assert!(solve(&r, END, &board, [&rack(&r, &[]), &rack(&r, &["3"])], 0, 100, 1).is_err());
        assert!(solve(&r, END, &board[1..], [&rack(&r, &["1"]), &rack(&r, &["3"])], 0, 100, 1).is_err());
        assert!(solve(&r, END, &board, [&rack(&r, &["1"]), &rack(&r, &["3"])], 6, 100, 1).is_err());
    }
}
