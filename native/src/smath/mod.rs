//! The exact Smath move search (the twin of `amath.engine.movegen.smath`): no node budget in the
//! answer, a branch-and-bound for the top N.
//!
//! Each row and column is walked from every square a line may start on, one square at a
//! time, following the grammar of a line with exact rational values (`grammar.rs`); the
//! first side's value is the target every later side must reach (on an empty board whose
//! premiums mirror in the diagonal, the rows only, each placement kept with its mirror).  Start squares are taken
//! best crude bound first, and a partial line is dropped when an upper bound on what it can
//! still score does not beat the N-th best found so far, once N are held, so the N kept are N
//! best of the complete list, in its order (best first, ties by tiles).  A top-N search runs at falling
//! thresholds (aspiration): a pass that finds N placements worth at least its threshold has
//! the N best.  A node budget may stop the search; it
//! then says so ([`Outcome::stopped`]), with what it found.

pub mod grammar;
pub mod line;
pub mod values;
pub mod walk;

use crate::line::Rack;
use crate::rules::{FirstPlay, InputError, Result, RuleData};
use grammar::Grammar;
use line::SmathLine;
use std::cmp::Ordering;
use values::Values;
use walk::LineWalk;

/// What the caller asks for besides the position.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// keep exactly the `limit` best (None: every placement)
    pub limit: Option<usize>,
    /// keep only placements worth at least this much
    pub min_score: Option<f64>,
    /// what keeping each part of the rack is worth, indexed by tiles used in mixed radix
    /// over the rack's distinct tiles in name order (count + 1 per digit)
    pub leave: Option<Vec<f64>>,
    /// stop (and say so) after this many search nodes
    pub max_nodes: Option<u64>,
    /// stop (and say so) once the tables hold more entries than this (each node worked out
    /// counts one, plus one per value of its table): what a search may take of memory
    pub max_entries: Option<u64>,
    /// only main lines of at most this many squares (for tests against a brute force)
    pub max_len: Option<i64>,
}

/// One placement: its rank value (score plus leave), score and tiles as sort keys
/// `square << 16 | tile rank << 8 | face rank`, in square order.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub value: f64,
    pub score: i64,
    pub keys: Vec<u32>,
}

/// The placements, best first, and what the search did.
#[derive(Debug, Default)]
pub struct Outcome {
    pub moves: Vec<Found>,
    /// what stopped the search, if anything: `moves` is then what it had found, not the answer
    pub stopped: Option<Stop>,
    pub nodes: u64,
    pub found: u64,
    pub pruned: u64,
    /// table entries built (see [`Options::max_entries`])
    pub entries: u64,
    /// passes that ran over their cap (`passes`)
    pub capped: u64,
}

/// Why the search ended early: the node budget, the table budget, or the progress hook said stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Budget,
    Tables,
    Hook,
    /// a pass ran over its own cap (`passes`); never the search's answer
    Cap,
}

/// Called with the number of placements found, every 10,000; `false` stops the search.
pub type Progress<'p> = &'p mut (dyn FnMut(u64) -> bool + 'p);

/// The search's state shared by every line.
pub struct Ctx<'a> {
    pub rules: &'a RuleData,
    pub rack: Rack,
    pub rack_total: u32,
    /// the bingo bonus when the rack is full, else 0
    pub bingo: i64,
    pub empty: bool,
    /// an empty board whose premiums mirror in the diagonal: the columns are the rows
    /// transposed, so only the rows are searched and each placement is kept with its mirror
    mirror: bool,
    pub limit: Option<usize>,
    pub max_nodes: Option<u64>,
    pub max_len: Option<i64>,
    max_entries: Option<u64>,
    pub entries: u64,
    extra: Option<Vec<f64>>,
    /// by tiles used (as `extra`): the best leave of any placement using at least those tiles,
    /// what a line under way can still keep (a far tighter bound than the table's maximum)
    extra_above: Option<Vec<f64>>,
    pub extra_max: f64,
    /// by tiles used: sums of the k best points among the rack tiles left, k = 0, 1, ...
    tops: grammar::Map<u64, Vec<i64>>,
    /// by rack index: every face of the tile is a number (it cannot stand between two numbers)
    numeric: Vec<bool>,
    radix: Vec<u64>,
    pub threshold: f64,
    /// the node count a capped pass stops past, and how many passes ran over theirs (`passes`)
    cap: Option<u64>,
    capped: u64,
    kept: Vec<Found>,
    pub nodes: u64,
    pub found: u64,
    pub pruned: u64,
    pub g: Grammar,
    /// by rack index: the tile's piece (the tokens it may show) and its points (the value-aware bound)
    pub pieces: Vec<u16>,
    pub tile_points: Vec<i64>,
    pub values: Values,
    progress: Option<Progress<'a>>,
}

impl Ctx<'_> {
    /// Count one search node; stop past the budget.
    #[inline]
    pub fn count_node(&mut self) -> std::result::Result<(), Stop> {
        self.nodes += 1;
        match (self.max_nodes, self.cap) {
            (Some(m), _) if self.nodes > m => Err(Stop::Budget),
            (_, Some(c)) if self.nodes > c => Err(Stop::Cap),
            _ => Ok(()),
        }
    }

    /// Count the table entries of a node worked out; stop past the table budget.
    #[inline]
    pub fn count_entries(&mut self, n: u64) -> std::result::Result<(), Stop> {
        self.entries += n;
        match self.max_entries {
            Some(m) if self.entries > m => Err(Stop::Tables),
            _ => Ok(()),
        }
    }

    /// Where the centre lies along a row (`across`) or a column through it.
    pub fn centre_index(&self, across: bool) -> usize {
        let size = self.rules.size;
        if across {
            self.rules.centre % size
        } else {
            self.rules.centre / size
        }
    }

    /// What keeping the tiles not in `used` is worth (0 without a leave table).
    #[inline]
    pub fn extra(&self, used: u64) -> f64 {
        let Some(table) = &self.extra else { return 0.0 };
        let idx: u64 = (0..self.rack.counts.len()).map(|j| self.rack.count_in(used, j) as u64 * self.radix[j]).sum();
        table.get(idx as usize).copied().unwrap_or(0.0)
    }

    /// The most a line that has used `used` so far can still add by its leave (0 without a table).
    #[inline]
    pub fn extra_bound(&self, used: u64) -> f64 {
        let Some(table) = &self.extra_above else { return 0.0 };
        let idx: u64 = (0..self.rack.counts.len()).map(|j| self.rack.count_in(used, j) as u64 * self.radix[j]).sum();
        table.get(idx as usize).copied().unwrap_or(self.extra_max)
    }

    /// The leave and bingo a line ending with usage `used` (`nrack` rack tiles) adds.
    pub fn bonus(&self, used: u64, nrack: u32) -> f64 {
        let bingo = if nrack as usize == self.rules.rack_size { self.bingo } else { 0 };
        self.extra(used) + bingo as f64
    }

    /// Could a placement of this score and usage still be among the `limit` best?
    pub fn admits(&self, score: i64, used: u64) -> bool {
        score as f64 + self.extra(used) >= self.threshold
    }

    /// Keep a placement (and its mirror, see `mirror`); once `limit` are kept, trim to the
    /// `limit` best, raising the threshold.
    pub fn record(&mut self, score: i64, used: u64, keys: Vec<u32>) -> std::result::Result<(), Stop> {
        let value = score as f64 + self.extra(used);
        let mirrored = self.mirror.then(|| {
            let mut m: Vec<u32> = keys.iter().map(|&k| self.rules.transposed(k)).collect();
            m.sort_unstable();
            m
        });
        for keys in std::iter::once(keys).chain(mirrored) {
            self.kept.push(Found { value, score, keys });
            self.found += 1;
            if self.found.is_multiple_of(10_000) {
                if let Some(hook) = self.progress.as_mut() {
                    if !hook(self.found) {
                        return Err(Stop::Hook);
                    }
                }
            }
        }
        if self.limit.is_some_and(|l| self.kept.len() >= l) {
            self.trim();
        }
        Ok(())
    }

    /// Sort the kept placements; keep the `limit` best and raise the threshold just past the
    /// last, so a placement that only ties it is cut: any N of the tied are N best (docs/rules.md "N best").
    fn trim(&mut self) {
        self.kept.sort_by(|a, b| b.value.partial_cmp(&a.value).unwrap_or(Ordering::Equal).then_with(|| a.keys.cmp(&b.keys)));
        if let Some(l) = self.limit {
            if l > 0 && self.kept.len() >= l {
                self.kept.truncate(l);
                self.threshold = self.kept[l - 1].value.next_up();
            }
        }
    }

    /// How many of the rack tiles left by `used` can only be numbers.
    pub fn numbers_left(&self, used: u64) -> u32 {
        let rack = &self.rack;
        (0..rack.counts.len()).filter(|&j| self.numeric[j]).map(|j| u32::from(rack.counts[j].saturating_sub(rack.count_in(used, j)))).sum()
    }

    /// The most `r` rack tiles left by `used` can score on the empty squares counted by piece
    /// premium 3, 2, 1 in `piece`: the best tiles on the best squares.
    pub fn left_points(&mut self, used: u64, r: u32, piece: [u32; 3]) -> i64 {
        let rules = self.rules;
        let rack = &self.rack;
        let top = self.tops.entry(used).or_insert_with(|| {
            let mut left: Vec<i64> = Vec::new();
            for (j, &t) in rack.tiles.iter().enumerate() {
                let n = rack.counts[j].saturating_sub(rack.count_in(used, j));
                left.extend(std::iter::repeat_n(rules.tiles[t as usize].points as i64, n as usize));
            }
            left.sort_unstable_by(|a, b| b.cmp(a));
            let mut top = vec![0i64];
            for p in left {
                top.push(top[top.len() - 1].saturating_add(p));
            }
            top
        });
        let at = |c: u32| top.get(c.min(r) as usize).or(top.last()).copied().unwrap_or(0);
        let [c3, c2, c1] = piece;
        at(c3).saturating_add(at(c3.saturating_add(c2))).saturating_add(at(c3.saturating_add(c2).saturating_add(c1)))
    }

    /// A quick upper bound on any line from square i: every rack tile on the best squares to the edge.
    fn crude_bound(&self, line: &SmathLine, i: usize, top: &[i64]) -> f64 {
        let r = self.rack_total;
        let [c3, c2, c1] = line.piece_suffix[i];
        let at = |c: u32| top[c.min(r) as usize];
        let pts = line.fixed_suffix[i] + at(c3) + at(c3 + c2) + at(c3 + c2 + c1);
        let mut ub = pts.saturating_mul(line.emult_suffix[i]).saturating_add(line.cross_suffix[i]) as f64 + self.extra_max;
        if self.bingo != 0 && line.empty_suffix[i] >= r {
            ub += self.bingo as f64;
        }
        ub
    }
}

/// For each usage of a mixed-radix table (digit `j` counts tile `j`, 0..=`counts[j]`, weight
/// `radix[j]`): the best value of it and of every usage using more of each tile.
fn superset_max(table: &[f64], counts: &[u8], radix: &[u64]) -> Vec<f64> {
    let mut best = table.to_vec();
    for (j, &c) in counts.iter().enumerate() {
        let step = radix[j] as usize;
        for idx in (0..best.len()).rev() {
            // digit j below its count: the usage with one more of tile j is already final for j
            if (idx / step) % (c as usize + 1) < c as usize && idx + step < best.len() {
                best[idx] = best[idx].max(best[idx + step]);
            }
        }
    }
    best
}

/// Squares a main line may start on (the square before it empty or off the board).
fn starts_of(ctx: &Ctx<'_>, line: &SmathLine) -> Vec<usize> {
    let n = line.n;
    let rules = ctx.rules;
    (0..n)
        .filter(|&p| {
            if p > 0 && line.kind[p - 1] >= 0 {
                return false;
            }
            if ctx.empty {
                let centred = matches!(rules.first_play, FirstPlay::EndOnCentre | FirstPlay::CoverCentre);
                return !(centred && p > ctx.centre_index(line.across));
            }
            !(rules.must_touch && line.touch_prefix[line.reach[p]] - line.touch_prefix[p] == 0)
        })
        .collect()
}

/// The legal placements of the rack (a count per tile id) on the board, best first: all of
/// them, or exactly the `limit` best.  Bad input is an [`InputError`]; so is an exact value
/// that leaves 64 bits (the caller then asks the Python twin, whose integers are unbounded).
pub fn search<'a>(rules: &'a RuleData, board: &[i64], rack: &[i64], opts: Options, progress: Option<Progress<'a>>) -> Result<Outcome> {
    let grid = rules.read_board(board)?;
    let counts = rules.read_rack(rack)?;
    if rules.max_digits != 1 {
        return Err(InputError(format!("the Smath search needs single-tile numbers, not max_digits {}", rules.max_digits)));
    }
    if let Some(t) = (0..counts.len()).find(|&t| counts[t] > 0 && rules.free[t]) {
        return Err(InputError(format!("tile {t} is free: it is never on a rack")));
    }
    // the rack's distinct tiles in name order, as the twin packs them
    let mut order: Vec<u8> = (0..counts.len() as u8).filter(|&t| counts[t as usize] > 0).collect();
    order.sort_by_key(|&t| rules.tiles[t as usize].rank);
    let rack = Rack::ordered(order.clone(), order.iter().map(|&t| counts[t as usize]).collect())?;
    if opts.limit == Some(0) || rack.size == 0 {
        return Ok(Outcome::default());
    }
    let mut radix = Vec::with_capacity(rack.counts.len());
    let mut cells: u64 = 1;
    for &c in &rack.counts {
        radix.push(cells);
        cells = cells.saturating_mul(c as u64 + 1);
    }
    let (extra, extra_max) = match opts.leave {
        None => (None, 0.0),
        Some(table) => {
            if table.len() as u64 != cells {
                return Err(InputError(format!("the leave table has {} entries, the rack needs {cells}", table.len())));
            }
            if table.iter().any(|v| !v.is_finite()) {
                return Err(InputError("the leave table holds a value that is not a finite number".into()));
            }
            let most = table.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            (Some(table), most)
        }
    };
    let extra_above = extra.as_ref().map(|table| superset_max(table, &rack.counts, &radix));
    if opts.min_score.is_some_and(f64::is_nan) {
        return Err(InputError("min_score is not a number".into()));
    }
    let mut free: Vec<u8> = (0..rules.tiles.len() as u8).filter(|&t| rules.free[t as usize]).collect();
    free.sort_by_key(|&t| rules.tiles[t as usize].rank);
    let rack_total = rack.size as u32;
    let bingo = if rack.size == rules.rack_size { rules.bingo_bonus as i64 } else { 0 };
    let mut points: Vec<i64> = Vec::with_capacity(rack.size);
    for (j, &t) in rack.tiles.iter().enumerate() {
        points.extend(std::iter::repeat_n(rules.tiles[t as usize].points as i64, rack.counts[j] as usize));
    }
    points.sort_unstable_by(|a, b| b.cmp(a));
    let mut top = vec![0i64];
    for p in points {
        top.push(top[top.len() - 1] + p);
    }
    let empty = grid.iter().all(|s| s.is_none());
    let mirror = empty && rules.transposable();
    let numeric = rack
        .tiles
        .iter()
        .map(|&t| {
            rules.tiles[t as usize]
                .faces
                .iter()
                .all(|&f| matches!(rules.faces[f as usize].kind, crate::rules::DIGIT | crate::rules::NUMBER))
        })
        .collect();
    let mut values = Values::default();
    let mut pieces = Vec::with_capacity(rack.tiles.len());
    for &t in &rack.tiles {
        let tokens = rules.tiles[t as usize]
            .faces
            .iter()
            .map(|&f| (line::token_kind(rules.faces[f as usize].kind), rules.faces[f as usize].value))
            .filter(|&(kind, _)| kind <= grammar::DIVIDE)
            .collect();
        pieces.push(values.piece(tokens).ok_or_else(|| InputError("too many distinct tiles".into()))?);
    }
    let tile_points = rack.tiles.iter().map(|&t| rules.tiles[t as usize].points as i64).collect();
    let mut ctx = Ctx {
        rules,
        rack,
        rack_total,
        bingo,
        empty,
        mirror,
        limit: opts.limit,
        max_nodes: opts.max_nodes,
        max_len: opts.max_len,
        max_entries: opts.max_entries,
        entries: 0,
        extra,
        extra_above,
        extra_max,
        tops: grammar::Map::default(),
        numeric,
        radix,
        threshold: opts.min_score.unwrap_or(f64::NEG_INFINITY),
        cap: None,
        capped: 0,
        kept: Vec::new(),
        nodes: 0,
        found: 0,
        pruned: 0,
        g: Grammar::default(),
        pieces,
        tile_points,
        values,
        progress,
    };
    let stopped = match run(&mut ctx, &grid, &free, &top) {
        Ok(()) => None,
        Err(Stop::Hook) => return Err(InputError("the progress hook stopped the search".into())),
        Err(stop) => Some(stop),
    };
    if ctx.g.overflow {
        return Err(InputError("an exact value of the search left 64 bits".into()));
    }
    ctx.trim();
    Ok(Outcome {
        moves: std::mem::take(&mut ctx.kept),
        stopped,
        nodes: ctx.nodes,
        found: ctx.found,
        pruned: ctx.pruned,
        entries: ctx.entries,
        capped: ctx.capped,
    })
}

/// The thresholds a top-N search tries first: the best crude bound of a start square times
/// `ASPIRATION`, its square, ... (`ASPIRATION_PASSES` of them, down to about 0.12), so the
/// first pass that finds N is seldom far below the N-th best.
const ASPIRATION: f64 = 0.9;
const ASPIRATION_PASSES: usize = 20;

/// Search at falling thresholds (aspiration) until the `limit` best are proved: a pass at
/// threshold t finds every placement worth at least t, so once it finds `limit` of them
/// they are exactly the `limit` best; otherwise the next, lower one runs, down to the floor.
fn run(ctx: &mut Ctx<'_>, grid: &[Option<(u8, u8)>], free: &[u8], top: &[i64]) -> std::result::Result<(), Stop> {
    let rules = ctx.rules;
    let size = rules.size;
    let (crow, ccol) = (rules.centre / size, rules.centre % size);
    let mut walkers: Vec<LineWalk> = Vec::new();
    let mut starts: Vec<(f64, usize, usize)> = Vec::new();
    let directions: &[bool] = if ctx.mirror { &[true] } else { &[true, false] };
    for &across in directions {
        for k in 0..size {
            if ctx.empty && rules.first_play != FirstPlay::Anywhere && k != if across { crow } else { ccol } {
                continue;
            }
            let line = SmathLine::build(rules, grid, &ctx.rack, free, k, across, &mut ctx.g);
            for p in starts_of(ctx, &line) {
                starts.push((ctx.crude_bound(&line, p, top), walkers.len(), p));
            }
            walkers.push(LineWalk::new(ctx, line));
        }
    }
    // best crude bound first (stable, as the twin's): the order every pass and the probe take
    starts.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(Ordering::Equal));
    let floor = ctx.threshold;
    let best = starts.iter().map(|s| s.0).fold(floor, f64::max);
    let mut levels: Vec<f64> = Vec::new();
    if ctx.limit.is_some() && floor == f64::NEG_INFINITY && best > 0.0 {
        let mut f = 1.0;
        for _ in 0..ASPIRATION_PASSES {
            f *= ASPIRATION; // by repeated products, as the twin computes them
            levels.push(best * f);
        }
    }
    levels.push(floor);
    // a top-N search within a budget keeps a share of it for the probe, should the passes stop
    let budget = ctx.max_nodes;
    let reserve = match budget {
        Some(m) if ctx.limit.is_some() && floor == f64::NEG_INFINITY => PROBE_NODES.min(m / PROBE_SHARE),
        _ => 0,
    };
    ctx.max_nodes = budget.map(|m| m - reserve);
    let passes = passes(ctx, &mut walkers, &starts, &levels, best);
    ctx.max_nodes = budget;
    match passes {
        Err(Stop::Budget) if reserve > 0 => {
            // what the stopped passes found stands; the probe may find better within the reserve
            ctx.threshold = floor;
            ctx.trim();
            probe(ctx, &mut walkers, &starts, reserve)?;
            Err(Stop::Budget)
        }
        other => other,
    }
}

/// Every top-N pass but the last (no threshold) runs within `CAP_GROWTH` times the nodes spent so far (at least
/// `CAP_MIN`): a pass far under the best costs many times one at it, as its bounds are worked
/// out under the lower threshold, so one that runs over tries halfway back up first, down to
/// `CAP_GAP` of the level (or a point) from a level proved empty; then it runs without a cap.
const CAP_GROWTH: u64 = 2;
const CAP_MIN: u64 = 1_000;
const CAP_GAP: f64 = 0.03;

/// The passes at the thresholds `levels` (under `top`, above every placement), until one finds
/// the `limit` best: a pass that finishes without them proves its level empty; one over its cap
/// proves nothing, and the next tries halfway between it and the lowest level proved empty.
fn passes(
    ctx: &mut Ctx<'_>,
    walkers: &mut [LineWalk],
    starts: &[(f64, usize, usize)],
    levels: &[f64],
    top: f64,
) -> std::result::Result<(), Stop> {
    let mut empty = top; // no placement is worth this much
    let mut over: Option<f64> = None; // the last level whose pass ran over its cap
    let mut then: Option<f64> = None; // the level a capped pass's finds make exact
    let mut idx = 0;
    loop {
        let (level, capped, listed) = if let Some(v) = then.take() {
            (v, false, false)
        } else if let Some(l) = over {
            if empty - l > (CAP_GAP * empty.abs()).max(1.0) {
                ((empty + l) / 2.0, true, false)
            } else {
                over = None;
                (l, false, false)
            }
        } else {
            while idx + 1 < levels.len() && levels[idx] >= empty {
                idx += 1;
            }
            if idx >= levels.len() {
                break;
            }
            (levels[idx], idx + 1 < levels.len(), true) // levels but the last: a top-N search's aspiration
        };
        ctx.cap = capped.then(|| ctx.nodes + (CAP_GROWTH * ctx.nodes).max(CAP_MIN));
        // what the last finished pass found is the exact best so far: a budget that stops
        // this pass before it finds them again still returns them
        let prior = std::mem::take(&mut ctx.kept);
        ctx.threshold = level;
        let result = one_pass(ctx, walkers, starts);
        ctx.cap = None;
        match result {
            Err(Stop::Cap) => {
                ctx.capped += 1;
                // what it found is exact from its own level up: a pass there gives them all
                ctx.trim();
                if ctx.limit.is_some_and(|l| ctx.kept.len() >= l) {
                    then = ctx.kept.last().map(|k| k.value);
                } else {
                    over = Some(level);
                }
                ctx.kept.clear();
                continue;
            }
            Err(stop) => {
                for f in prior {
                    if !ctx.kept.iter().any(|k| k.keys == f.keys) {
                        ctx.kept.push(f);
                    }
                }
                return Err(stop);
            }
            Ok(()) => {}
        }
        ctx.trim();
        if ctx.limit.is_some_and(|l| ctx.kept.len() >= l) {
            break;
        }
        empty = level;
        if listed {
            idx += 1;
        }
    }
    Ok(())
}

/// A top-N search with a budget keeps `PROBE_NODES` of it, and at most 1 / `PROBE_SHARE`, for
/// the probe (`PROBE_SLICE` nodes at most a start square): a stopped search still has good placements.
const PROBE_NODES: u64 = 100_000;
const PROBE_SHARE: u64 = 10;
const PROBE_SLICE: u64 = 50_000;

/// The probe: the start squares (best crude bound first, as `run` sorts them), each within its
/// slice, until `nodes` are spent or no crude bound reaches the threshold; what it finds joins `kept`.
fn probe(ctx: &mut Ctx<'_>, walkers: &mut [LineWalk], starts: &[(f64, usize, usize)], nodes: u64) -> std::result::Result<(), Stop> {
    let mut spent = 0;
    for &(bound, walker, p) in starts {
        if bound < ctx.threshold || spent >= nodes {
            break;
        }
        spent += walkers[walker].probe_from(ctx, p, PROBE_SLICE.min(nodes - spent))?;
    }
    ctx.trim();
    Ok(())
}

/// Search the start squares (best crude bound first, as `run` sorts them); stop when no bound
/// reaches the threshold.  A start's own bound is not worked out first: its walk takes
/// the first squares by their value-free bound and works each out in its turn
/// ([`LineWalk::walk_from`]), so once the best it can hold is found the rest is cut unseen.
fn one_pass(ctx: &mut Ctx<'_>, walkers: &mut [LineWalk], starts: &[(f64, usize, usize)]) -> std::result::Result<(), Stop> {
    for (n, &(bound, walker, p)) in starts.iter().enumerate() {
        if bound < ctx.threshold {
            ctx.pruned += (starts.len() - n) as u64;
            break;
        }
        walkers[walker].walk_from(ctx, p)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{search, superset_max, Found, Options, Outcome, Stop};
    use crate::rules::testing::smath_rules;
    use crate::rules::RuleData;

    /// The best of every usage at or above each one, against a direct scan of the lattice.
    #[test]
    fn superset_max_is_the_best_of_every_usage_above() {
        let (counts, radix) = ([2u8, 0, 1, 3], [1u64, 3, 3, 6]);
        let cells = 24;
        let table: Vec<f64> = (0..cells).map(|i| ((i * 37 + 11) % 17) as f64 - 8.0).collect();
        let digits = |i: usize| -> Vec<usize> { (0..4).map(|j| (i / radix[j] as usize) % (counts[j] as usize + 1)).collect() };
        let best = superset_max(&table, &counts, &radix);
        for (u, &got) in best.iter().enumerate() {
            let want = (0..cells)
                .filter(|&v| digits(u).iter().zip(digits(v)).all(|(a, b)| b >= *a))
                .map(|v| table[v])
                .fold(f64::NEG_INFINITY, f64::max);
            assert_eq!(got, want, "usage {u}");
        }
    }

    /// A rack of face names as counts per tile id ("?" is the blank, the last tile).
    fn rack(r: &RuleData, tiles: &[&str]) -> Vec<i64> {
        let mut counts = vec![0i64; r.tiles.len()];
        for t in tiles {
            let id = match *t {
                "?" => r.tiles.len() - 1,
                "+" => 13,
                "-" => 14,
                "*" => 15,
                "/" => 16,
                n => n.parse::<usize>().unwrap(),
            };
            counts[id] += 1;
        }
        counts
    }

    fn run(r: &RuleData, board: &[i64], tiles: &[&str], opts: Options) -> Outcome {
        search(r, board, &rack(r, tiles), opts, None).unwrap()
    }

    fn empty(r: &RuleData) -> Vec<i64> {
        vec![-1; 2 * r.size * r.size]
    }

    #[test]
    fn one_equals_one_ends_on_the_centre_with_free_equals_and_brackets() {
        let r = smath_rules(9, 10, 1);
        let all = run(&r, &empty(&r), &["1", "1"], Options::default());
        // 1=1 across and down, each end on the centre; brackets make more: (1)=1, 1=(1), ...
        assert!(all.moves.len() > 4);
        let centre = r.centre as u32;
        for m in &all.moves {
            let squares: Vec<u32> = m.keys.iter().map(|k| k >> 16).collect();
            assert!(squares[0] == centre || *squares.last().unwrap() == centre);
            let one = r.tiles[1].rank as u32;
            assert_eq!(m.keys.iter().filter(|&&k| (k >> 8) & 0xff == one).count(), 2, "both rack tiles");
            assert_eq!(m.score, 2); // two 1-point tiles, free tiles score nothing
        }
        // the shortest, "1=1", is there in both directions
        assert_eq!(all.moves.iter().filter(|m| m.keys.len() == 3).count(), 4);
    }

    /// `top` is `k` best of the complete list `all` (docs/rules.md "N best"): as many, the same values, each
    /// one of `all`'s, in its order; among ties at the boundary any may be listed.
    fn assert_n_best(top: &[Found], all: &[Found], k: usize) {
        assert_eq!(top.len(), k.min(all.len()));
        assert!(top.iter().zip(all).all(|(t, a)| t.value == a.value && t.score == a.score));
        let at: Vec<Option<usize>> = top.iter().map(|t| all.iter().position(|a| a == t)).collect();
        assert!(at.iter().all(Option::is_some) && at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    }

    #[test]
    fn top_n_is_n_best_of_the_complete_list() {
        let r = smath_rules(9, 10, 1);
        let all = run(&r, &empty(&r), &["2", "3", "+", "5", "?"], Options::default());
        assert!(all.moves.len() > 50);
        for k in [1, 2, 7, 30] {
            let top = run(&r, &empty(&r), &["2", "3", "+", "5", "?"], Options { limit: Some(k), ..Options::default() });
            assert_n_best(&top.moves, &all.moves, k);
        }
        let best = all.moves[0].score;
        let at_least = run(&r, &empty(&r), &["2", "3", "+", "5", "?"], Options { min_score: Some(best as f64), ..Options::default() });
        assert!(!at_least.moves.is_empty() && at_least.moves.iter().all(|m| m.score == best));
        assert_eq!(at_least.moves.len(), all.moves.iter().filter(|m| m.score == best).count());
    }

    #[test]
    fn a_search_on_tables_kept_from_others_is_the_same_search() {
        // the lines' tables come back emptied from earlier searches (walk.rs, `Tables`):
        // nothing of those may show, not in the moves and not in the work done
        let r = smath_rules(9, 10, 1);
        let tiles = ["2", "3", "+", "5", "?"];
        let first = run(&r, &empty(&r), &tiles, Options { limit: Some(3), ..Options::default() });
        for _ in 0..3 {
            let other = run(&r, &empty(&r), &["1", "1", "4", "-", "3"], Options::default());
            assert!(!other.moves.is_empty());
            let again = run(&r, &empty(&r), &tiles, Options { limit: Some(3), ..Options::default() });
            assert_eq!((&again.moves, again.nodes, again.entries), (&first.moves, first.nodes, first.entries));
        }
    }

    #[test]
    fn a_budget_stops_and_says_so() {
        let r = smath_rules(9, 10, 1);
        let full = run(&r, &empty(&r), &["2", "3", "+", "5"], Options::default());
        assert!(full.stopped.is_none() && full.nodes > 100);
        let cut = run(&r, &empty(&r), &["2", "3", "+", "5"], Options { max_nodes: Some(full.nodes / 2), ..Options::default() });
        assert!(cut.stopped == Some(Stop::Budget) && cut.moves.len() < full.moves.len());
        let enough = run(&r, &empty(&r), &["2", "3", "+", "5"], Options { max_nodes: Some(full.nodes), ..Options::default() });
        assert!(enough.stopped.is_none() && enough.moves == full.moves);
        // the table budget the same way
        assert!(full.entries > full.nodes / 2);
        let cut = run(&r, &empty(&r), &["2", "3", "+", "5"], Options { max_entries: Some(full.entries / 2), ..Options::default() });
        assert!(cut.stopped == Some(Stop::Tables) && cut.moves.len() < full.moves.len() && cut.entries > full.entries / 2);
        let enough = run(&r, &empty(&r), &["2", "3", "+", "5"], Options { max_entries: Some(full.entries), ..Options::default() });
        assert!(enough.stopped.is_none() && enough.moves == full.moves);
    }

    #[test]
    fn a_leave_reorders_by_score_plus_leave() {
        let r = smath_rules(9, 10, 1);
        // distinct tiles in name order: "+", "2" (two), "3", "5": index = used("+") + 2 used("2") + 6 used("3") + 12 used("5")
        let leave: Vec<f64> = (0..24).map(|i| if i % 2 == 0 { 10.0 } else { 0.0 }).collect(); // keeping "+" is worth 10
        let tiles = ["2", "2", "3", "+", "5"];
        let plain = run(&r, &empty(&r), &tiles, Options { limit: Some(5), ..Options::default() });
        let plus_rank = r.tiles[13].rank as u32;
        assert!(plain.moves.iter().all(|m| m.keys.iter().any(|k| (k >> 8) & 0xff == plus_rank)), "2+3=5 and the like score most");
        let out = run(&r, &empty(&r), &tiles, Options { leave: Some(leave), limit: Some(5), ..Options::default() });
        assert_eq!(out.moves.len(), 5);
        for m in &out.moves {
            assert!(m.keys.iter().all(|k| (k >> 8) & 0xff != plus_rank), "the best keep the '+'");
            assert_eq!(m.value, m.score as f64 + 10.0);
        }
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        let r = smath_rules(9, 10, 1);
        let b = empty(&r);
        let leave = Some(vec![0.0; 3]);
        assert!(search(&r, &b, &rack(&r, &["1", "2"]), Options { leave, ..Options::default() }, None).is_err());
        let mut free_in_rack = rack(&r, &["1"]);
        free_in_rack[17] = 1;
        assert!(search(&r, &b, &free_in_rack, Options::default(), None).is_err());
        assert!(search(&r, &b[1..], &rack(&r, &["1"]), Options::default(), None).is_err());
        assert!(search(&r, &b, &rack(&r, &["1"; 11]), Options::default(), None).is_err());
        let nan = Options { min_score: Some(f64::NAN), ..Options::default() };
        assert!(search(&r, &b, &rack(&r, &["1", "1"]), nan, None).is_err());
    }
}
