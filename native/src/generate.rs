//! The move generator: sides searched once per start square, joined at `=` by value.
//!
//! For every row and column: the first sides from every square a main line may start on,
//! then, at each square that holds or may receive `=`, the partial equations ending there
//! (first sides, or chains `a=b` extended by a middle side) joined with the sides that
//! start just after it, by a hash lookup on the exact value, with one integer check that
//! the rack holds the tiles of both.  Moves come out scored and sorted best first, ties
//! by their tiles' (square, tile rank, face rank) sequences, as the Python twin sorts.

use crate::bound::SpanBound;
use crate::line::{Line, Rack};
use crate::rational::Value;
use crate::rules::{FirstPlay, InputError, Result, RuleData, EQ};
use crate::sides::{sides_from, EndGoal, SideRec, SideTable, Spec, RECORD_IF_EQ, RECORD_NO, RECORD_YES};
use crate::util::{ValueMap, ValueSet};

/// Solve for a side's last number when it must take at most this many values; search it
/// otherwise.  Any value gives the same moves (tested); it only trades one way for the other.
pub const FORCE_MAX: usize = 2;

/// A partial equation through an `=` square: its start, tiles used, points and tiles.
#[derive(Clone, Copy)]
struct Partial {
    p: u32,
    used: u64,
    pts: i64,
    xs: i64,
    off: u32,
    len: u32,
}

type Partials = ValueMap<Vec<Partial>>;

/// One move: its score and its tiles in `MoveList::tiles[off..off+len]`.
#[derive(Clone, Copy, Debug)]
pub struct MoveRec {
    pub score: i64,
    pub off: u32,
    pub len: u32,
}

/// Every move found; tiles as sort keys `square << 16 | tile rank << 8 | face rank`.
#[derive(Default)]
pub struct MoveList {
    pub moves: Vec<MoveRec>,
    pub tiles: Vec<u32>,
}

impl MoveList {
    /// The sort keys of one move's tiles (by square, as the square is the high part).
    pub fn keys(&self, m: &MoveRec) -> &[u32] {
        &self.tiles[m.off as usize..(m.off + m.len) as usize]
    }

    fn order(&self, a: &MoveRec, b: &MoveRec) -> std::cmp::Ordering {
        b.score.cmp(&a.score).then_with(|| self.keys(a).cmp(self.keys(b)))
    }

    /// Add the moves of `other` after these, in its order.
    fn append(&mut self, other: &MoveList) {
        let shift = self.tiles.len() as u32;
        self.tiles.extend_from_slice(&other.tiles);
        self.moves.extend(other.moves.iter().map(|m| MoveRec { score: m.score, off: m.off + shift, len: m.len }));
    }

    /// Add the transpose (row and column swapped, [`RuleData::transposed`]) of every move from
    /// `from` on.  A row's squares stay in square order in a column.
    fn mirror(&mut self, from: usize, rules: &RuleData) {
        let end = self.moves.len();
        for k in from..end {
            let m = self.moves[k];
            let off = self.tiles.len() as u32;
            for i in m.off..m.off + m.len {
                let key = self.tiles[i as usize];
                self.tiles.push(rules.transposed(key));
            }
            self.moves.push(MoveRec { score: m.score, off, len: m.len });
        }
    }

    /// Best first; with `limit`, only the first `limit` are kept (and sorted).
    pub fn sort(&mut self, limit: Option<usize>) {
        let mut moves = std::mem::take(&mut self.moves);
        if let Some(k) = limit {
            if k == 0 {
                moves.clear();
            } else if k < moves.len() {
                moves.select_nth_unstable_by(k - 1, |a, b| self.order(a, b));
                moves.truncate(k);
            }
        }
        moves.sort_unstable_by(|a, b| self.order(a, b));
        self.moves = moves;
    }
}

/// Every legal placement of the rack's tiles on the board, unsorted.
pub fn generate(rules: &RuleData, grid: &[Option<(u8, u8)>], rack_counts: &[u8], force_max: usize) -> Result<MoveList> {
    if rules.needs_smath_search() {
        return Err(InputError("this ruleset has brackets or free tiles: its moves come from the Smath search".into()));
    }
    let rack = Rack::new(rack_counts)?;
    let mut found = MoveList::default();
    if rack.size == 0 {
        return Ok(found);
    }
    let empty_board = grid.iter().all(|s| s.is_none());
    let mirror = opening_mirrors(rules, empty_board);
    for (k, across, centre) in lines_to_search(rules, empty_board, mirror) {
        let before = found.moves.len();
        search_line(rules, grid, &rack, (k, across, centre), empty_board, force_max, &mut found);
        if mirror {
            found.mirror(before, rules);
        }
    }
    Ok(found)
}

/// Add every move of one line, `(index, across, the centre's place along it)`, to `found`.
fn search_line(
    rules: &RuleData,
    grid: &[Option<(u8, u8)>],
    rack: &Rack,
    (k, across, centre): (usize, bool, usize),
    empty_board: bool,
    force_max: usize,
    found: &mut MoveList,
) {
    let line = Line::build(rules, grid, rack, k, across);
    let mut g = LineGen { force_max, rules, line: &line, rack, empty_board, centre, parts: Vec::new(), floor: None };
    g.run(found);
}

/// Each line's moves by all they depend on: the line's squares, the crossing runs of its
/// empty squares, the rack and `force_max` (`line_key`).  A search that lists many boards a
/// few tiles apart (the endgame) builds only the lines a turn changed; the lists are the
/// ones `generate` makes, in the same order.
#[derive(Default)]
pub struct LineCache {
    lines: std::collections::HashMap<Vec<u32>, MoveList>,
}

/// Lines a cache holds before it starts afresh (a few hundred MB at most).
const CACHE_LINES: usize = 100_000;

/// What line `k` (`across`) reads of the board, with the rack and `force_max`: each square's
/// tile, or for an empty square the tiles just before and after it in the other direction.
fn line_key(rules: &RuleData, grid: &[Option<(u8, u8)>], rack_counts: &[u8], k: usize, across: bool, force_max: usize) -> Vec<u32> {
    const EMPTY: u32 = 1 << 30;
    const AFTER: u32 = 1 << 29;
    let n = rules.size;
    let mut key = Vec::with_capacity(rack_counts.len() + 3 * n);
    key.push((k as u32) << 1 | u32::from(across));
    key.push(force_max as u32);
    key.extend(rack_counts.iter().map(|&c| u32::from(c)));
    let (dr, dc): (isize, isize) = if across { (1, 0) } else { (0, 1) };
    for i in 0..n {
        let sq = if across { k * n + i } else { i * n + k };
        if let Some((t, f)) = grid[sq] {
            key.push(u32::from(t) << 8 | u32::from(f));
            continue;
        }
        key.push(EMPTY);
        let (r0, c0) = ((sq / n) as isize, (sq % n) as isize);
        for dir in [-1isize, 1] {
            let mut step = dir;
            loop {
                let (r, c) = (r0 + dr * step, c0 + dc * step);
                if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                    break;
                }
                let Some((t, f)) = grid[r as usize * n + c as usize] else { break };
                key.push(u32::from(t) << 8 | u32::from(f));
                step += dir;
            }
            key.push(AFTER);
        }
    }
    key
}

/// `generate` with each line's moves taken from `cache` when that line, its crossing runs
/// and the rack are as before (the same moves in the same order; the empty board is not cached).
pub fn generate_cached(
    rules: &RuleData,
    grid: &[Option<(u8, u8)>],
    rack_counts: &[u8],
    force_max: usize,
    cache: &mut LineCache,
) -> Result<MoveList> {
    if rules.needs_smath_search() || grid.iter().all(|s| s.is_none()) {
        return generate(rules, grid, rack_counts, force_max);
    }
    let rack = Rack::new(rack_counts)?;
    let mut found = MoveList::default();
    if rack.size == 0 {
        return Ok(found);
    }
    for (k, across, centre) in lines_to_search(rules, false, false) {
        let key = line_key(rules, grid, rack_counts, k, across, force_max);
        if cache.lines.len() >= CACHE_LINES && !cache.lines.contains_key(&key) {
            cache.lines.clear();
        }
        let part = cache.lines.entry(key).or_insert_with(|| {
            let mut part = MoveList::default();
            search_line(rules, grid, &rack, (k, across, centre), false, force_max, &mut part);
            part
        });
        found.append(part);
    }
    Ok(found)
}

/// The lines a search visits, as (index, across, the centre's place along the line):
/// every row and column; on an empty board that must be opened at the centre only the
/// centre row and column, and only the row when the opening mirrors.
fn lines_to_search(rules: &RuleData, empty_board: bool, mirror: bool) -> Vec<(usize, bool, usize)> {
    let size = rules.size;
    let (crow, ccol) = (rules.centre / size, rules.centre % size);
    let mut out = Vec::new();
    for across in [true, false] {
        if mirror && !across {
            break;
        }
        for k in 0..size {
            if empty_board && rules.first_play != FirstPlay::Anywhere && k != if across { crow } else { ccol } {
                continue;
            }
            out.push((k, across, if across { ccol } else { crow }));
        }
    }
    out
}

/// True when the opening's moves down the centre column are exactly the transposes of
/// those along the centre row: the board is empty, only the centre row and column can
/// hold the first move, the centre lies on the diagonal and both premium layouts are
/// symmetric about it (no crossing lines yet, so nothing else differs).  The search then
/// runs the row only and mirrors its moves, which halves the opening's cost.
fn opening_mirrors(rules: &RuleData, empty_board: bool) -> bool {
    empty_board && rules.first_play != FirstPlay::Anywhere && rules.transposable()
}

/// The moves that can score at least what `floor` asks, unsorted (others may be there too).
///
/// Lines are searched best bound first (`bound.rs`); after each line `floor` sees the
/// moves found so far and the index of the first new one, and answers, for each number of
/// tiles a move places (0 to the rack's size), the least score such a move must have to
/// matter (`i64::MIN`: every move).  Lines, starts and ends whose bound is below it are
/// skipped, so a top-k search stops early; moves scoring at least the final floor for
/// their tile count are all found, the same as `generate` finds them.
pub fn generate_bounded(
    rules: &RuleData,
    grid: &[Option<(u8, u8)>],
    rack_counts: &[u8],
    force_max: usize,
    floor: &mut dyn FnMut(&MoveList, usize) -> Vec<i64>,
) -> Result<MoveList> {
    let rack = Rack::new(rack_counts)?;
    let mut found = MoveList::default();
    if rack.size == 0 {
        return Ok(found);
    }
    let empty_board = grid.iter().all(|s| s.is_none());
    let mirror = opening_mirrors(rules, empty_board);
    let lines = bounded_lines(rules, grid, &rack, empty_board, mirror);
    let mut low = vec![i64::MIN; rack.size + 1];
    raise(&mut low, &floor(&found, 0));
    for (best, line, bound, centre) in &lines {
        if *best < low.iter().copied().min().unwrap_or(i64::MIN) {
            break; // best bound first: no later line reaches the floor either
        }
        if !(0..line.n).any(|p| bound.from_start(line, p, &low)) {
            continue;
        }
        let before = found.moves.len();
        let mut g =
            LineGen { force_max, rules, line, rack: &rack, empty_board, centre: *centre, parts: Vec::new(), floor: Some((&low, bound)) };
        g.run(&mut found);
        if mirror {
            found.mirror(before, rules);
        }
        let next = floor(&found, before);
        raise(&mut low, &next);
    }
    Ok(found)
}

/// The lines a search visits with their bounds, best bound first: (best, line, bounds, centre).
fn bounded_lines(
    rules: &RuleData,
    grid: &[Option<(u8, u8)>],
    rack: &Rack,
    empty_board: bool,
    mirror: bool,
) -> Vec<(i64, Line, SpanBound, usize)> {
    let mut lines: Vec<(i64, Line, SpanBound, usize)> = Vec::new();
    for (k, across, centre) in lines_to_search(rules, empty_board, mirror) {
        let line = Line::build(rules, grid, rack, k, across);
        let bound = SpanBound::new(rules, &line, rack);
        lines.push((bound.best(&line), line, bound, centre));
    }
    lines.sort_by_key(|l| std::cmp::Reverse(l.0));
    lines
}

/// No placement of the rack on the board scores more than this (`i64::MIN`: none can lie anywhere).
pub fn best_bound(rules: &RuleData, grid: &[Option<(u8, u8)>], rack_counts: &[u8]) -> Result<i64> {
    let rack = Rack::new(rack_counts)?;
    let empty_board = grid.iter().all(|s| s.is_none());
    let mirror = opening_mirrors(rules, empty_board);
    Ok(bounded_lines(rules, grid, &rack, empty_board, mirror).first().map_or(i64::MIN, |l| l.0))
}

/// Raise each floor to the new one where that is higher (floors never fall during a search).
fn raise(low: &mut [i64], new: &[i64]) {
    for (l, &n) in low.iter_mut().zip(new) {
        *l = (*l).max(n);
    }
}

struct LineGen<'a> {
    force_max: usize,
    rules: &'a RuleData,
    line: &'a Line,
    rack: &'a Rack,
    empty_board: bool,
    /// the centre's index along this line (used on the empty board)
    centre: usize,
    /// tiles of the partial equations
    parts: Vec<u32>,
    /// moves scoring less than this are not wanted, with the line's bounds (None: every move)
    floor: Option<(&'a [i64], &'a SpanBound)>,
}

impl LineGen<'_> {
    /// May a placement's main line run exactly over squares p..=q (all empties filled)?
    fn span_ok(&self, p: usize, q: usize) -> bool {
        let line = self.line;
        let new = (line.empty[q + 1] - line.empty[p]) as usize;
        if new == 0 {
            return false;
        }
        if self.rules.max_tiles.is_some_and(|m| new > m) {
            return false;
        }
        if self.empty_board {
            return match self.rules.first_play {
                FirstPlay::CoverCentre => p <= self.centre && self.centre <= q,
                FirstPlay::EndOnCentre => self.centre == p || self.centre == q,
                FirstPlay::Anywhere => true,
            };
        }
        if self.rules.must_touch && line.touch[q + 1] == line.touch[p] {
            return false;
        }
        if new == 1 && !line.across {
            // a lone tile with a crossing line is found by the across search already
            if let Some(i) = (p..=q).find(|&i| line.kind[i] < 0) {
                if line.hook[i] {
                    return false;
                }
            }
        }
        true
    }

    /// Could a line starting on square p reach a touching square with the rack's tiles?
    fn may_touch(&self, p: usize) -> bool {
        if self.empty_board || !self.rules.must_touch {
            return true;
        }
        let line = self.line;
        for q in p..line.n {
            if (line.empty[q + 1] - line.empty[p]) as usize > self.rack.size {
                return false;
            }
            if line.touch[q + 1] > line.touch[p] {
                return true;
            }
        }
        false
    }

    /// May a move starting on p score at least the floor?
    fn may_reach(&self, p: usize) -> bool {
        self.floor.is_none_or(|(low, bound)| bound.from_start(self.line, p, low))
    }

    /// The distinct starts of the partial equations in `cur`.
    fn starts_of(&self, cur: &Partials) -> Vec<usize> {
        if self.floor.is_none() {
            return Vec::new();
        }
        let mut starts: Vec<usize> = cur.values().flatten().map(|g| g.p as usize).collect();
        starts.sort_unstable();
        starts.dedup();
        starts
    }

    /// May a last side ending just before x complete a move that scores at least the floor?
    /// (An end at an `=` square stays: the side may be the middle of a longer chain.)
    fn may_end(&self, starts: &[usize], x: usize) -> bool {
        let Some((low, bound)) = self.floor else { return true };
        if x < self.line.n && self.line.is_eq_square(x) {
            return true;
        }
        starts.iter().any(|&p| bound.reaches(self.line, p, x - 1, low))
    }

    /// File a partial equation whose tiles are `parts[head]` followed by `extra`.
    fn push_partial(&mut self, map: &mut Partials, v: Value, mut part: Partial, head: (u32, u32), extra: &[u32]) {
        let off = self.parts.len();
        self.parts.extend_from_within(head.0 as usize..(head.0 + head.1) as usize);
        self.parts.extend_from_slice(extra);
        part.off = off as u32;
        part.len = head.1 + extra.len() as u32;
        map.entry(v).or_default().push(part);
    }

    fn run(&mut self, found: &mut MoveList) {
        let line = self.line;
        let n = line.n;
        let eqs: Vec<usize> = (0..n).filter(|&i| line.is_eq_square(i)).collect();
        let Some(&last_eq) = eqs.last() else { return };
        let rack = self.rack;
        let total = rack.size;
        let mut eq_tiles: Vec<usize> = eqs.iter().flat_map(|&i| line.eq_cands[i].iter().map(|c| c.j as usize)).collect();
        eq_tiles.sort_unstable();
        eq_tiles.dedup();
        let mut next_fixed_eq = vec![n; n + 1];
        for i in (0..n).rev() {
            next_fixed_eq[i] = if line.kind[i] == EQ as i8 { i } else { next_fixed_eq[i + 1] };
        }
        let mut left_record = vec![RECORD_NO; n + 1];
        let mut right_record = vec![RECORD_YES; n + 1];
        for i in 0..n {
            if line.kind[i] == EQ as i8 {
                left_record[i] = RECORD_YES;
            } else if line.kind[i] >= 0 {
                right_record[i] = RECORD_NO;
            } else if !line.eq_cands[i].is_empty() {
                left_record[i] = RECORD_IF_EQ;
            }
        }
        let max_digits = self.rules.max_digits;
        let empty = &line.empty;
        let no_force = vec![false; n + 1];
        let starts: Vec<usize> = (0..last_eq)
            .filter(|&p| (p == 0 || line.kind[p - 1] < 0) && line.kind[p] != EQ as i8 && self.may_touch(p) && self.may_reach(p))
            .collect();
        if starts.is_empty() {
            return;
        }
        // A side's tile count is fixed by the squares it spans and one equation fits in the
        // rack, so a long first side leaves few tiles for the second: the values those short
        // second sides can take, by the most tiles they use, bound the long first sides.
        let split = total / 2;
        let mut partner: Vec<Vec<ValueSet>> = (0..n).map(|_| Vec::new()).collect();
        for &e in &eqs {
            // no first side ends before the first start (starts may lie past some '=' squares)
            if e + 1 >= n || e < starts[0] || (empty[e] - empty[starts[0]]) as usize <= split {
                continue;
            }
            let most = total as i64 - (split as i64 + 1) - i64::from(line.kind[e] != EQ as i8);
            if most < 0 {
                continue;
            }
            let base = empty[e + 1] as i64;
            let goal: Vec<EndGoal<'_>> =
                (0..=n).map(|x| if empty[x] as i64 - base <= most { EndGoal::Any } else { EndGoal::Never }).collect();
            let spec = Spec { record: &right_record, goal: &goal, forced: &no_force, eq_tiles: &[], next_fixed_eq: None };
            let table = sides_from(line, e + 1, rack, rack.counts.clone(), &spec, max_digits);
            let mut by_tiles: Vec<ValueSet> = (0..=most).map(|_| ValueSet::default()).collect();
            for (q, recs) in table.ends.iter().enumerate() {
                for rec in recs {
                    by_tiles[(empty[q + 1] - empty[e + 1]) as usize].insert(rec.value);
                }
            }
            for k in 1..by_tiles.len() {
                let (lo, hi) = by_tiles.split_at_mut(k);
                hi[0].extend(lo[k - 1].iter().copied());
            }
            partner[e] = by_tiles;
        }
        // first sides from every start; ends that leave no room for '=' and a second side are never recorded
        let mut left_tables: Vec<(usize, SideTable)> = Vec::with_capacity(starts.len());
        for &p in &starts {
            let mut goal = vec![EndGoal::Any; n + 1];
            let mut forced = vec![false; n + 1];
            for &e in &eqs {
                if e <= p {
                    continue;
                }
                let tiles = (empty[e] - empty[p]) as usize;
                let eq_new = usize::from(line.kind[e] != EQ as i8);
                let least_after = usize::from(!(e + 1 < n && line.kind[e + 1] >= 0));
                if e + 1 >= n || tiles + eq_new + least_after > total {
                    goal[e] = EndGoal::Never;
                } else if tiles > split {
                    let by_tiles = &partner[e];
                    let room = total as i64 - tiles as i64 - eq_new as i64;
                    if by_tiles.is_empty() || room < 0 {
                        goal[e] = EndGoal::Never;
                    } else {
                        let set = &by_tiles[(room as usize).min(by_tiles.len() - 1)];
                        goal[e] = EndGoal::In(set);
                        forced[e] = set.len() <= self.force_max;
                    }
                }
            }
            let spec =
                Spec { record: &left_record, goal: &goal, forced: &forced, eq_tiles: &eq_tiles, next_fixed_eq: Some(&next_fixed_eq) };
            left_tables.push((p, sides_from(line, p, rack, rack.counts.clone(), &spec, max_digits)));
        }
        // partial equations through an earlier '=' with the sides searched after it (for a=b=c)
        let mut chains: Vec<(Partials, SideTable)> = Vec::new();
        for &e in &eqs {
            if e == 0 {
                continue;
            }
            let mut lefts: Partials = ValueMap::default();
            for (p, table) in &left_tables {
                if *p < e {
                    for rec in &table.ends[e - 1] {
                        let part = Partial { p: *p as u32, used: rec.used, pts: rec.pts, xs: rec.xs, off: 0, len: 0 };
                        self.push_partial(&mut lefts, rec.value, part, (0, 0), table.tiles(rec));
                    }
                }
            }
            for (partial, middle) in &chains {
                for rec in &middle.ends[e - 1] {
                    let Some(groups) = partial.get(&rec.value) else { continue };
                    for g in groups {
                        let used = g.used + rec.used;
                        if !rack.fits(used) {
                            continue;
                        }
                        let part = Partial { p: g.p, used, pts: g.pts + rec.pts, xs: g.xs + rec.xs, off: 0, len: 0 };
                        self.push_partial(&mut lefts, rec.value, part, (g.off, g.len), middle.tiles(rec));
                    }
                }
            }
            if lefts.is_empty() || e + 1 >= n {
                continue;
            }
            let cur = self.attach_eq(e, lefts);
            if cur.is_empty() {
                continue;
            }
            // the rack left by the best-off partial bounds the rest; fewest tiles per value
            let mut spare = vec![0u8; rack.counts.len()];
            let mut fewest: ValueMap<u32> = ValueMap::default();
            for (v, groups) in &cur {
                let mut least = u32::MAX;
                for g in groups {
                    least = least.min(rack.tiles_in(g.used));
                    for (j, &c) in rack.counts.iter().enumerate() {
                        let left = c - rack.count_in(g.used, j);
                        spare[j] = spare[j].max(left);
                    }
                }
                fewest.insert(*v, least);
            }
            // a long last side only meets partial equations with few tiles
            let cur_values: ValueSet = cur.keys().copied().collect();
            let few: Vec<ValueSet> = (0..=total)
                .map(|tiles| {
                    if tiles > split {
                        fewest.iter().filter(|(_, &k)| k as usize + tiles <= total).map(|(v, _)| *v).collect()
                    } else {
                        ValueSet::default()
                    }
                })
                .collect();
            let mut goal = vec![EndGoal::Never; n + 1];
            let mut forced = vec![false; n + 1];
            let cur_starts = self.starts_of(&cur);
            for x in e + 2..=n {
                let tiles = (empty[x] - empty[e + 1]) as usize;
                if !self.may_end(&cur_starts, x) {
                    continue; // no partial's start reaches the floor with a line ending before x
                }
                if tiles <= split {
                    goal[x] = EndGoal::In(&cur_values);
                } else if tiles <= total {
                    goal[x] = EndGoal::In(&few[tiles]);
                    forced[x] = few[tiles].len() <= self.force_max;
                }
            }
            let spec = Spec { record: &right_record, goal: &goal, forced: &forced, eq_tiles: &[], next_fixed_eq: None };
            let table_r = sides_from(line, e + 1, rack, spare, &spec, max_digits);
            for q in e + 1..n {
                if table_r.ends[q].is_empty() || (q + 1 < n && line.kind[q + 1] >= 0) {
                    continue;
                }
                self.complete(&cur, &table_r, &table_r.ends[q], q, found);
            }
            chains.push((cur, table_r));
        }
    }

    /// Partial equations through the `=` square e (fixed, or each way to place one).
    fn attach_eq(&mut self, e: usize, lefts: Partials) -> Partials {
        let line = self.line;
        if line.kind[e] == EQ as i8 {
            return lefts;
        }
        let mut out: Partials = ValueMap::default();
        for (v, groups) in &lefts {
            for c in &line.eq_cands[e] {
                let b = self.rack.bits[c.j as usize];
                let entry = (e as u32) << 16 | (c.tile as u32) << 8 | c.face as u32;
                for g in groups {
                    if !self.rack.fits(g.used + b) {
                        continue;
                    }
                    let part = Partial { p: g.p, used: g.used + b, pts: g.pts + c.pts as i64, xs: g.xs + c.xs, off: 0, len: 0 };
                    self.push_partial(&mut out, *v, part, (g.off, g.len), &[entry]);
                }
            }
        }
        out
    }

    /// Emit every equation: a partial through an `=` plus a last side ending on q.
    fn complete(&self, partial: &Partials, table: &SideTable, rights: &[SideRec], q: usize, found: &mut MoveList) {
        let line = self.line;
        let rules = self.rules;
        for rec in rights {
            let Some(groups) = partial.get(&rec.value) else { continue };
            for g in groups {
                let p = g.p as usize;
                if !self.rack.fits(g.used + rec.used) || !self.span_ok(p, q) {
                    continue;
                }
                let fixed = line.fixed_pts[q + 1] - line.fixed_pts[p];
                let mult = line.emult[q + 1] / line.emult[p];
                let new = (line.empty[q + 1] - line.empty[p]) as usize;
                let bonus = if new == rules.rack_size { rules.bingo_bonus as i64 } else { 0 };
                let score = (fixed + g.pts + rec.pts) * mult + g.xs + rec.xs + bonus;
                if self.floor.is_some_and(|(low, _)| low.get(new).is_some_and(|&l| score < l)) {
                    continue;
                }
                let off = found.tiles.len() as u32;
                let head = &self.parts[g.off as usize..(g.off + g.len) as usize];
                for &t in head.iter().chain(table.tiles(rec)) {
                    found.tiles.push(self.sort_key(t));
                }
                found.moves.push(MoveRec { score, off, len: g.len + rec.len });
            }
        }
    }

    /// A line entry `i << 16 | tile << 8 | face` as a board-wide sort key.
    fn sort_key(&self, t: u32) -> u32 {
        let i = (t >> 16) as usize;
        let tile = ((t >> 8) & 0xff) as usize;
        let face = (t & 0xff) as usize;
        let sq = self.line.square(i) as u32;
        sq << 16 | (self.rules.tiles[tile].rank as u32) << 8 | self.rules.faces[face].rank as u32
    }
}

#[cfg(test)]
mod tests {
    use super::{generate, generate_bounded, generate_cached, opening_mirrors, LineCache, MoveList, FORCE_MAX};
    use crate::rules::testing::{face, rules};
    use crate::rules::RuleData;

    fn rack(r: &RuleData, tiles: &[&str]) -> Vec<u8> {
        let mut counts = vec![0u8; r.tiles.len()];
        for t in tiles {
            let id = if *t == "?" { r.tiles.len() - 1 } else { face(t) as usize };
            counts[id] += 1;
        }
        counts
    }

    fn moves(r: &RuleData, grid: &[Option<(u8, u8)>], tiles: &[&str]) -> Vec<(i64, Vec<u32>)> {
        let mut found = generate(r, grid, &rack(r, tiles), FORCE_MAX).unwrap();
        found.sort(None);
        listed(&found)
    }

    fn listed(found: &MoveList) -> Vec<(i64, Vec<u32>)> {
        found.moves.iter().map(|m| (m.score, found.keys(m).to_vec())).collect()
    }

    #[test]
    fn the_line_cache_lists_what_generate_lists_as_the_board_grows() {
        let r = rules(15, 8);
        let mut grid = vec![None; 225];
        let mut cache = LineCache::default();
        let mut total = 0;
        let racks: [&[&str]; 4] = [&["*", "1"], &["1", "=", "2", "+"], &["2", "?"], &["1", "1", "=", "+", "2", "?"]];
        // tiles laid one equation after another, each crossing or touching the last
        let steps: [(usize, bool, &[&str]); 3] =
            [(7 * 15 + 5, true, &["1", "+", "1", "=", "2"]), (5 * 15 + 9, false, &["1", "+", "1"]), (3 * 15 + 2, true, &["2", "=", "2"])];
        for (start, across, faces) in steps {
            for (k, f) in faces.iter().enumerate() {
                let sq = if across { start + k } else { start + 15 * k };
                grid[sq] = Some((face(f), face(f)));
            }
            for tiles in racks {
                let counts = rack(&r, tiles);
                let plain = generate(&r, &grid, &counts, FORCE_MAX).unwrap();
                total += plain.moves.len();
                for _ in 0..2 {
                    // the second time every line comes from the cache
                    let cached = generate_cached(&r, &grid, &counts, FORCE_MAX, &mut cache).unwrap();
                    assert_eq!(listed(&cached), listed(&plain), "rack {tiles:?}");
                }
            }
        }
        assert!(!cache.lines.is_empty() && total > 100, "{total} moves: the racks must find moves");
    }

    #[test]
    fn one_equals_one_on_the_empty_board_lies_six_ways_through_the_centre() {
        let r = rules(15, 8);
        let grid = vec![None; 225];
        let found = moves(&r, &grid, &["1", "=", "1"]);
        assert_eq!(found.len(), 6); // across and down, with each of the three tiles on the centre
        for (score, keys) in &found {
            assert_eq!(keys.len(), 3);
            assert!(keys.iter().any(|k| (k >> 16) as usize == r.centre));
            assert_eq!(*score, 3); // three tiles of 1 point, no premiums in the test layout
        }
    }

    #[test]
    fn no_equals_no_move_and_the_rack_is_respected() {
        let r = rules(15, 8);
        let grid = vec![None; 225];
        assert!(moves(&r, &grid, &["1", "2", "+", "3"]).is_empty());
        // one '1' only: 1=1 needs two
        assert!(moves(&r, &grid, &["1", "=", "2"]).is_empty());
        // a blank as the other 1: 1=? and ?=1 are different placements, six ways each
        let with_blank = moves(&r, &grid, &["1", "=", "?"]);
        assert_eq!(with_blank.len(), 12);
    }

    #[test]
    fn a_full_rack_earns_the_bingo_bonus() {
        let r = rules(15, 3);
        let grid = vec![None; 225];
        let found = moves(&r, &grid, &["2", "=", "2"]);
        assert!(!found.is_empty() && found.iter().all(|(score, _)| *score == 3 + 40));
    }

    #[test]
    fn moves_extend_the_board_and_join_at_a_fixed_equals() {
        let r = rules(15, 8);
        let mut grid = vec![None; 225];
        // "1 + 1 = 2" across through the centre row, squares 7*15+5 .. 7*15+9
        for (k, f) in ["1", "+", "1", "=", "2"].iter().enumerate() {
            grid[7 * 15 + 5 + k] = Some((face(f), face(f)));
        }
        // "1+1=2*1" (after) and "1*1+1=2" (before) extend the line with '*' and '1'
        let found = moves(&r, &grid, &["*", "1"]);
        let ext: Vec<_> = found.iter().filter(|(_, k)| k.len() == 2 && k.iter().all(|e| (e >> 16) as usize / 15 == 7)).collect();
        assert_eq!(ext.len(), 2);
        assert!(ext.iter().all(|(score, _)| *score == 7)); // all seven tiles of the line score 1 each
    }

    #[test]
    fn the_opening_searched_once_and_mirrored_is_the_search_of_both_lines() {
        // premiums on the centre row and column, symmetric about the diagonal
        let mut mirrored = rules(15, 8);
        for (a, b, piece) in [(7 * 15 + 9, 9 * 15 + 7, true), (7 * 15 + 3, 3 * 15 + 7, false), (7 * 15 + 6, 6 * 15 + 7, true)] {
            let m = if piece { &mut mirrored.piece_mult } else { &mut mirrored.eq_mult };
            m[a] = 3;
            m[b] = 3;
        }
        // the same, but one premium far from both lines breaks the symmetry: both lines are searched
        let mut both = rules(15, 8);
        both.piece_mult.clone_from(&mirrored.piece_mult);
        both.eq_mult.clone_from(&mirrored.eq_mult);
        both.piece_mult[1] = 2;
        let grid = vec![None; 225];
        assert!(opening_mirrors(&mirrored, true) && !opening_mirrors(&both, true) && !opening_mirrors(&mirrored, false));
        for tiles in [vec!["1", "2", "+", "=", "3", "-", "4"], vec!["1", "?", "=", "*", "2", "6"]] {
            let a = moves(&mirrored, &grid, &tiles);
            assert!(a.len() > 20, "rack {tiles:?}");
            assert_eq!(a, moves(&both, &grid, &tiles), "rack {tiles:?}");
            let low = a[a.len() / 2].0;
            let bounded = |r: &RuleData| {
                let mut found = generate_bounded(r, &grid, &rack(r, &tiles), FORCE_MAX, &mut |_, _| vec![low; 9]).unwrap();
                found.sort(None);
                found.moves.iter().filter(|m| m.score >= low).map(|m| (m.score, found.keys(m).to_vec())).collect::<Vec<_>>()
            };
            assert_eq!(bounded(&mirrored), bounded(&both), "rack {tiles:?}");
        }
    }
}
