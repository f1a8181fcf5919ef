//! The lines of one row or column (the twin of `amath.engine.movegen.smath_walk`): a memoised
//! bound per search node, then the enumeration.
//!
//! A node is "about to fill square i" with a grammar state, the rack tiles used so far and
//! a few flags.  What can follow a node does not depend on how it was reached, so
//! [`LineWalk::bounds`] works it out once per node (before any `=` value-free, after one by
//! the value every side from there must have): whether a true line can still be completed,
//! and bounds on what the rest can add to the score.
//! [`LineWalk::walk`] lists the lines from a start square, entering only nodes that can be
//! completed and whose bound reaches the threshold.
//!
//! A bracket's contents are read apart from what encloses it ([`LineWalk::span`]): a node
//! inside a bracket is keyed without the frames around it, and its span lists the ways the
//! contents can close (the square after the `)`, the value, the tiles used, bounds on the
//! stretch).  A node that reads `(` goes on from each of them as after a number of that value,
//! so contents read under many different enclosing sides are worked out once.
//!
//! Under a threshold the programme skips a child whose value-free bound (the best tiles
//! left on the best squares left, [`LineWalk::cheap`]) cannot reach it from the line so far;
//! that child's part of the bound is then the value-free one and the node is not exact; it
//! keeps the best bound of a part it cut.  A node that is not exact is worked out again only
//! for a caller with a better line so far, or under a lower threshold that such a part reaches,
//! so every bound stays an upper bound and the N best stay exact.

use super::grammar::{Grammar, Map, SmathHasher, State, CLOSE, CLOSED, DIVIDE, NUM, NUMBER, OPEN, OPENED};
use super::line::{SmathLine, FIXED, FREE};
use super::values::{bag_of, BAG_SIZE};
use super::{Ctx, Stop};
use crate::rational::Value;
use crate::rules::FirstPlay;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::rc::Rc;
use std::sync::Mutex;

/// For each bag of fixed tiles (piece ids) a line can read to where it ends, the most empty squares it covers.
type Ahead = Vec<(Vec<u16>, u32)>;

/// The value-aware bound ([`LineWalk::balancing`]) runs on first-side nodes with at most this
/// many rack tiles left (the twin's `VALUE_TILES`),
const VALUE_TILES: u32 = 3;
/// and lists values only for bags of at most this many tiles (rack and fixed) and no blank;
/// others count as balancing (the twin's `VALUE_TOKENS`).
const VALUE_TOKENS: usize = BAG_SIZE;

/// Bounds on what can follow a node: most equation premium, most points x premium, most cross + bonus.
#[derive(Clone, Copy, Debug)]
pub struct Summary {
    cm: i64,
    cpm: i64,
    cx: f64,
}

impl Summary {
    /// A child's bounds seen from its parent, which adds a tile (points `tp`, premium `em`, cross `tx`).
    #[inline]
    fn through(self, tp: i64, em: i64, tx: i64) -> Summary {
        Summary {
            cm: em.saturating_mul(self.cm),
            cpm: em.saturating_mul(tp.saturating_mul(self.cm).saturating_add(self.cpm)),
            cx: tx as f64 + self.cx,
        }
    }

    /// The bounds of either of two sets of completions.
    #[inline]
    fn merge(a: Option<Summary>, b: Summary) -> Summary {
        match a {
            None => b,
            Some(a) => Summary { cm: a.cm.max(b.cm), cpm: a.cpm.max(b.cpm), cx: if a.cx >= b.cx { a.cx } else { b.cx } },
        }
    }
}

/// The line so far as the score sees it: equation premium, points x piece premium, cross scores.
pub type Prefix = (i64, i64, i64);

/// The most a line with prefix `pre` can score through completions bounded by `sm`.
#[inline]
fn ub(pre: Prefix, sm: Summary) -> f64 {
    let (e, p, x) = pre;
    e.saturating_mul(p.saturating_mul(sm.cm).saturating_add(sm.cpm)).saturating_add(x) as f64 + sm.cx
}

/// Would working a node out again from `pre` under `threshold` cut what it cut before?  Then
/// it cannot tighten it: it cut nothing, or it was worked out under a prefix at least as good
/// and under a threshold no higher or with every part it cut still under this one (`cut`).
#[inline]
fn settled(hit: &Bounds, pre: Prefix, threshold: f64) -> bool {
    let then = hit.pre;
    hit.cut == f64::NEG_INFINITY
        || (pre.0 <= then.0 && pre.1 <= then.1 && pre.2 <= then.2 && (threshold >= hit.threshold || hit.cut < threshold))
}

/// What can follow a node: bounds by value (a range of the arena, sorted by value; after an
/// '=' only), a bound for any value (the first side's, and where the threshold cut), the
/// bound over everything, the best bound of a part the threshold cut (-inf: none, exact), and the
/// prefix and threshold it was worked out under.
#[derive(Clone, Copy)]
pub struct Bounds {
    off: u32,
    len: u32,
    wild: Option<Summary>,
    any: Option<Summary>,
    cut: f64,
    pre: Prefix,
    threshold: f64,
}

/// No completion at all.
const NOTHING: Bounds = Bounds { off: 0, len: 0, wild: None, any: None, cut: f64::NEG_INFINITY, pre: (0, 0, 0), threshold: f64::INFINITY };

fn merge_opt(a: Option<Summary>, b: Option<Summary>) -> Option<Summary> {
    match b {
        None => a,
        Some(b) => Some(Summary::merge(a, b)),
    }
}

/// A memo key: the node's state, rack usage, square and flags packed into seven words (the
/// state's values as numerator and denominator, a term that is not there as 0 / 0, which no
/// value is; the small fields side by side).  Equal nodes, equal keys, and the other way round.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key([u64; 7]);

/// Hashed word by word.
impl Hash for Key {
    #[inline]
    fn hash<H: Hasher>(&self, h: &mut H) {
        for w in self.0 {
            h.write_u64(w);
        }
    }
}

/// A memo entry as stored: [`Bounds`] with the two optional summaries' presence in one
/// byte (104 bytes, not 112: the memo of a big search holds millions).
#[derive(Clone, Copy)]
struct Stored {
    off: u32,
    len: u32,
    wild: Summary,
    any: Summary,
    cut: f64,
    pre: Prefix,
    threshold: f64,
    flags: u8,
}

const NONE: Summary = Summary { cm: 0, cpm: 0, cx: 0.0 };

impl Stored {
    #[inline]
    fn pack(b: &Bounds) -> Stored {
        let flags = u8::from(b.wild.is_some()) | u8::from(b.any.is_some()) << 1;
        let (wild, any) = (b.wild.unwrap_or(NONE), b.any.unwrap_or(NONE));
        Stored { off: b.off, len: b.len, wild, any, cut: b.cut, pre: b.pre, threshold: b.threshold, flags }
    }

    #[inline]
    fn unpack(&self) -> Bounds {
        let f = self.flags;
        Bounds {
            off: self.off,
            len: self.len,
            wild: (f & 1 != 0).then_some(self.wild),
            any: (f & 2 != 0).then_some(self.any),
            cut: self.cut,
            pre: self.pre,
            threshold: self.threshold,
        }
    }
}

/// The memo of one line: entries `(key, bounds)` in the order worked out, found through a
/// table of slots probed linearly (at most half full): per slot a tag byte (0: empty, else 7
/// bits of the key's hash), which is all a miss reads, and the entry's index.  A new entry is
/// appended where the last one went (not written into a random bucket), a node worked out
/// again overwrites its entry by index without a second probe, and growing moves only the slots.
#[derive(Default)]
struct Memo {
    tags: Vec<u8>,
    slots: Vec<u32>,
    entries: Vec<(Key, Stored)>,
    hasher: BuildHasherDefault<SmathHasher>,
}

impl Memo {
    /// Where `key`'s probe starts (within `mask`) and its tag.
    #[inline]
    fn place_of(&self, key: &Key, mask: usize) -> (usize, u8) {
        let h = self.hasher.hash_one(key);
        ((h >> 32) as usize & mask, (h >> 57) as u8 | 0x80)
    }

    /// The index of `key`'s entry.
    #[inline]
    fn find(&self, key: &Key) -> Option<usize> {
        let mask = self.tags.len().checked_sub(1)?;
        let (mut p, tag) = self.place_of(key, mask);
        loop {
            let t = *self.tags.get(p)?;
            if t == 0 {
                return None;
            }
            if t == tag {
                let e = *self.slots.get(p)? as usize;
                if self.entries.get(e).is_some_and(|x| x.0 == *key) {
                    return Some(e);
                }
            }
            p = (p + 1) & mask;
        }
    }

    #[inline]
    fn get(&self, e: usize) -> Option<Bounds> {
        self.entries.get(e).map(|x| x.1.unpack())
    }

    /// Overwrite entry `e` (a node worked out again).
    #[inline]
    fn set(&mut self, e: usize, b: &Bounds) {
        if let Some(x) = self.entries.get_mut(e) {
            x.1 = Stored::pack(b);
        }
    }

    /// Add an entry for a key not in the memo (past 2^32 - 1 entries it is not kept: only more work).
    fn add(&mut self, key: Key, b: &Bounds) {
        let Ok(id) = u32::try_from(self.entries.len()) else { return };
        if (self.entries.len() + 1) * 2 > self.tags.len() {
            self.grow();
        }
        self.place(&key, id);
        self.entries.push((key, Stored::pack(b)));
    }

    /// Put entry `id` of `key` in the first free slot from its hash's.
    fn place(&mut self, key: &Key, id: u32) {
        let Some(mask) = self.tags.len().checked_sub(1) else { return };
        let (mut p, tag) = self.place_of(key, mask);
        while let Some(t) = self.tags.get_mut(p) {
            if *t == 0 {
                *t = tag;
                if let Some(s) = self.slots.get_mut(p) {
                    *s = id;
                }
                return;
            }
            p = (p + 1) & mask;
        }
    }

    /// Empty, its memory kept.
    fn clear(&mut self) {
        self.tags.clear();
        self.slots.clear();
        self.entries.clear();
    }

    /// The memory it holds.
    fn bytes(&self) -> usize {
        self.tags.capacity() + self.slots.capacity() * 4 + self.entries.capacity() * std::mem::size_of::<(Key, Stored)>()
    }

    /// Twice the slots (at least 1,024), every entry placed again.
    fn grow(&mut self) {
        let size = (self.tags.len() * 2).max(1 << 10);
        self.tags.clear();
        self.tags.resize(size, 0);
        self.slots.clear();
        self.slots.resize(size, 0);
        for e in 0..self.entries.len() {
            let key = self.entries[e].0;
            self.place(&key, e as u32);
        }
    }
}

/// A line's big tables, kept between searches (empty, their memory kept, up to
/// `SPARE_BYTES` in all): a search that allocated them afresh would spend a tenth of its time
/// having the kernel fault in and zero their pages, and copying them as they grow.
#[derive(Default)]
struct Tables {
    memo: Memo,
    balanced: Map<Key, Option<Summary>>,
    arena: Vec<(Value, Summary)>,
    spans: Vec<SpanEntry>,
}

impl Tables {
    fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.memo.bytes()
            + self.balanced.capacity() * (size_of::<Key>() + size_of::<Option<Summary>>() + 1)
            + self.arena.capacity() * size_of::<(Value, Summary)>()
            + self.spans.capacity() * size_of::<SpanEntry>()
    }
}

const SPARE_BYTES: usize = 256 << 20;

/// The tables kept for the next search, shared by the threads (a poisoned lock: none kept).
static SPARE: Mutex<Vec<Tables>> = Mutex::new(Vec::new());

fn spare_tables() -> Tables {
    SPARE.lock().ok().and_then(|mut v| v.pop()).unwrap_or_default()
}

/// Keep `t` for a later search, emptied, if the tables kept stay within `SPARE_BYTES`.
fn keep_tables(mut t: Tables) {
    t.memo.clear();
    t.balanced.clear();
    t.arena.clear();
    t.spans.clear();
    let Ok(mut kept) = SPARE.lock() else { return };
    let have: usize = kept.iter().map(Tables::bytes).sum();
    if have + t.bytes() <= SPARE_BYTES {
        kept.push(t);
    }
}

/// One way to fill (or read) a square.
#[derive(Clone, Copy)]
struct Step {
    j: i8,
    /// the token kind read
    kind: u8,
    tile: u8,
    face: u8,
    tp: i64,
    em: i64,
    tx: i64,
    nxt: State,
    used: u64,
}

/// A child of a walk node that its bound admits.
#[derive(Clone, Copy)]
struct Child {
    ub: f64,
    /// the state and goal of its own bound, when `ub` is only the value-free one (`walk`, `rough`)
    later: Option<(State, Option<Value>)>,
    step: Step,
    goal: Option<Value>,
    /// where the walk stands after it
    node: Node,
}

/// A way a bracket's contents can close: the square after its `)`, its value, where the
/// walk then stands (tiles used, rack tiles used, and tiles placed, touched and lone-hooked
/// packed as `ntiles << 2 | touched << 1 | lone`), and bounds on the stretch from the span's
/// square through the `)`.  56 bytes: a span's entries are copied into every node above it.
#[derive(Clone, Copy)]
struct SpanEntry {
    v: Value,
    used: u64,
    sm: Summary,
    k: u8,
    nrack: u8,
    flags: u16,
}

impl SpanEntry {
    fn new(k: usize, v: Value, nd: &Node, sm: Summary) -> SpanEntry {
        let flags = (nd.ntiles.min(0x3fff) as u16) << 2 | u16::from(nd.touched) << 1 | u16::from(nd.lone);
        SpanEntry { v, used: nd.used, sm, k: k.min(255) as u8, nrack: nd.nrack.min(255) as u8, flags }
    }

    /// The node the walk is at after the `)` (`need_end` is the span's own).
    fn node(&self, need_end: i64) -> Node {
        let f = self.flags;
        Node { used: self.used, nrack: u32::from(self.nrack), ntiles: u32::from(f >> 2), touched: f & 2 != 0, lone: f & 1 != 0, need_end }
    }

    /// What tells entries apart (equal ones merge their bounds).
    #[inline]
    fn at(&self) -> (u8, Value, u64, u16) {
        (self.k, self.v, self.used, self.flags)
    }
}

/// Where the walk of a node stands (everything but the square and state).
#[derive(Clone, Copy)]
pub struct Node {
    pub used: u64,
    pub nrack: u32,
    pub ntiles: u32,
    pub touched: bool,
    pub lone: bool,
    pub need_end: i64,
}

/// The search of one row or column for one whole-board search.
pub struct LineWalk {
    pub line: SmathLine,
    n: usize,
    must_touch: bool,
    min_end: i64,
    max_tiles: Option<u32>,
    nums_from: Vec<u32>,
    /// by node; the state says which side of the line it is on
    memo: Memo,
    /// by first-side node with few tiles left: [`LineWalk::balancing`]'s answer
    balanced: Map<Key, Option<Summary>>,
    arena: Vec<(Value, Summary)>,
    /// the spans' entries, by span (a range each, sorted by square, value and tiles)
    spans: Vec<SpanEntry>,
    /// per square: the entries of a span being worked out (reused, as `bufs`)
    souts: Vec<Vec<SpanEntry>>,
    bufs: Vec<Vec<Step>>,
    /// per square: the entries by value of a node being merged (reused, as `bufs`)
    accs: Vec<Vec<(Value, Summary)>>,
    /// by (square, need_end): the bags of fixed tiles a line can read to where it ends, with the most empty squares
    ahead: Map<(usize, i64), Rc<Ahead>>,
}

/// Its tables go back to the spares.
impl Drop for LineWalk {
    fn drop(&mut self) {
        let t = Tables {
            memo: std::mem::take(&mut self.memo),
            balanced: std::mem::take(&mut self.balanced),
            arena: std::mem::take(&mut self.arena),
            spans: std::mem::take(&mut self.spans),
        };
        keep_tables(t);
    }
}

impl LineWalk {
    pub fn new(ctx: &Ctx<'_>, line: SmathLine) -> LineWalk {
        let n = line.n;
        let mut nums_from = vec![0u32; n + 1];
        for i in (0..n).rev() {
            nums_from[i] = nums_from[i + 1] + u32::from(line.kind[i] == NUM as i8);
        }
        let rules = ctx.rules;
        let tables = spare_tables();
        let min_end = if ctx.empty && rules.first_play == FirstPlay::CoverCentre { ctx.centre_index(line.across) as i64 } else { -1 };
        LineWalk {
            n,
            must_touch: rules.must_touch && !ctx.empty,
            min_end,
            max_tiles: rules.max_tiles.map(|m| m.min(u32::MAX as usize) as u32),
            nums_from,
            memo: tables.memo,
            balanced: tables.balanced,
            arena: tables.arena,
            spans: tables.spans,
            souts: (0..=n).map(|_| Vec::new()).collect(),
            bufs: (0..=n).map(|_| Vec::new()).collect(),
            accs: (0..=n).map(|_| Vec::new()).collect(),
            ahead: Map::default(),
            line,
        }
    }

    /// Where a line from `start` may end, as one int: `e >= 0` exactly on square e (the
    /// centre, on Smath's first move); `e < 0` on any square up to `-e - 1`.
    pub fn need_end(&self, ctx: &Ctx<'_>, start: usize) -> i64 {
        let n = self.n as i64;
        let start = start as i64;
        let longest = ctx.max_len.unwrap_or(n);
        if ctx.empty && ctx.rules.first_play == FirstPlay::EndOnCentre {
            let c = ctx.centre_index(self.line.across) as i64;
            if start < c {
                return if c - start < longest { c } else { -start };
            }
        }
        -(n - 1).min(start.saturating_add(longest).saturating_sub(1)) - 1
    }

    /// The ways to fill (or read) square i from node (i, st).  `bare` (the bounds and the
    /// spans): a `(` opens a bracket without a frame (its span is looked up apart) and a `)`
    /// is a step that leaves the state as it is (the span ends there), never interning a frame.
    fn steps(&self, ctx: &mut Ctx<'_>, i: usize, st: &State, nd: &Node, out: &mut Vec<Step>, bare: bool) {
        out.clear();
        let (used, ntiles) = (nd.used, nd.ntiles);
        let line = &self.line;
        let kind = line.kind[i];
        if kind >= 0 {
            if let Some(nxt) = advance(ctx, st, kind as u8, line.value[i], bare) {
                out.push(Step { j: FIXED, kind: kind as u8, tile: 0, face: 0, tp: line.points[i], em: 1, tx: 0, nxt, used });
            }
            return;
        }
        if self.max_tiles.is_some_and(|m| ntiles >= m) {
            return;
        }
        let em = line.emult[i];
        for c in &line.cands[i] {
            let mut used2 = used;
            if c.j != FREE {
                let j = c.j as usize;
                let rack = &ctx.rack;
                if rack.count_in(used, j) >= rack.counts[j] {
                    continue;
                }
                used2 += rack.bits[j];
            }
            if c.kind == OPEN {
                // a '(' too late to be closed and balanced: its node has no completion, and
                // skipping it here spares interning its frame (the squares' test needs no frame)
                let opened = State { prev: OPENED, depth: st.depth.saturating_add(1), ..*st };
                if self.prunable(ctx, i + 1, &opened, nd.nrack, nd.need_end) {
                    continue;
                }
            }
            if let Some(nxt) = advance(ctx, st, c.kind, c.value, bare) {
                out.push(Step { j: c.j, kind: c.kind, tile: c.tile, face: c.face, tp: c.pts, em, tx: c.xs, nxt, used: used2 });
            }
        }
    }

    /// May a line end on square i (geometry and rules; the grammar is checked apart)?
    fn may_end(&self, i: usize, used: u64, ntiles: u32, touched: bool, lone: bool, need_end: i64) -> bool {
        if i + 1 < self.n && self.line.kind[i + 1] >= 0 {
            return false;
        }
        if used == 0 || (self.must_touch && !touched) || (need_end >= 0 && i as i64 != need_end) || (i as i64) < self.min_end {
            return false;
        }
        !(ntiles == 1 && lone) // a lone tile with a line across is the across search's move
    }

    /// (tiles placed, touched, lone-hooked) after filling square i with rack index j.
    fn flags(&self, i: usize, j: i8, ntiles: u32, touched: bool, lone: bool) -> (u32, bool, bool) {
        if j == FIXED {
            return (ntiles, true, lone);
        }
        let hooked = self.line.hook[i];
        let nt = ntiles + 1;
        (nt, touched || hooked, nt == 1 && hooked && !self.line.across)
    }

    fn key(&self, i: usize, st: &State, nd: &Node) -> Key {
        let ntiles = if self.max_tiles.is_some() { nd.ntiles } else { nd.ntiles.min(2) };
        let (tn, td) = st.term.map_or((0, 0), |t| (t.numer(), t.denom()));
        let small = u64::from(st.frame)
            | u64::from(st.prev | u8::from(st.eq) << 7) << 32
            | u64::from(st.sgn as u8) << 40
            | u64::from(st.pend) << 48
            | u64::from(st.depth) << 56;
        // need_end lies within -(n + 1)..n and i below n (a line of at most 255 squares), so 32 and 8 bits hold them
        let flags = u64::from(nd.need_end as i32 as u32)
            | u64::from(i as u8) << 32
            | u64::from(ntiles.min(255) as u8) << 40
            | u64::from(nd.touched) << 48
            | u64::from(nd.lone) << 49;
        Key([st.acc.numer() as u64, st.acc.denom() as u64, tn as u64, td as u64, small, nd.used, flags])
    }

    /// Cheap proofs that no line can be completed from square i: too few squares or numbers left.
    fn prunable(&self, ctx: &Ctx<'_>, i: usize, st: &State, nrack: u32, need_end: i64) -> bool {
        let last = if need_end >= 0 { need_end } else { -need_end - 1 };
        if i as i64 > last || i >= self.n {
            return true;
        }
        let numbers = i64::from(st.wants_number()) + i64::from(!st.eq); // to end this factor; a side after '='
        let squares = numbers + i64::from(st.depth) + i64::from(!st.eq); // ... the brackets to close, the '='
        if last - i as i64 + 1 < squares {
            return true;
        }
        (ctx.rack_total as i64) - (nrack as i64) + (self.nums_from[i] as i64) < numbers
    }

    fn child_node(&self, i: usize, step: &Step, nd: &Node) -> Node {
        let nrack = if step.j < 0 { nd.nrack } else { nd.nrack + 1 };
        let (ntiles, touched, lone) = self.flags(i, step.j, nd.ntiles, nd.touched, nd.lone);
        Node { used: step.used, nrack, ntiles, touched, lone, need_end: nd.need_end }
    }

    /// The bound for the sides that must have value `w` (None: any value, as on the first side).
    fn lookup(&self, ent: &Bounds, w: Option<Value>) -> Option<Summary> {
        let Some(w) = w else { return ent.any };
        let part = &self.arena[ent.off as usize..(ent.off + ent.len) as usize];
        let sm = part.binary_search_by(|e| e.0.cmp(&w)).ok().map(|k| part[k].1);
        merge_opt(sm, ent.wild)
    }

    /// How many of the rack tiles left a line from node (i, st) can still place ([`placeable`]).
    fn fits(&self, ctx: &Ctx<'_>, i: usize, st: &State, nd: &Node) -> u32 {
        let line = &self.line;
        let r = ctx.rack_total.saturating_sub(nd.nrack);
        let numbers = ctx.numbers_left(nd.used).min(r);
        let seps = line.sep_suffix[i] + (r - numbers);
        // free tiles a line from here needs anyway: its '=' (none fixed ahead) and the brackets to close
        let needed = u32::from(!st.eq && line.eq_suffix[i] == 0) + u32::from(st.depth).saturating_sub(line.close_suffix[i]);
        placeable(r, numbers, st.prev == NUMBER, seps, needed, line.empty_suffix[i])
    }

    /// A value-free bound on what can follow a node, from the squares and the tiles left (None: nothing can).
    fn cheap(&self, ctx: &mut Ctx<'_>, i: usize, st: &State, nd: &Node) -> Option<Summary> {
        if self.prunable(ctx, i, st, nd.nrack, nd.need_end) {
            return None;
        }
        let line = &self.line;
        let fits = self.fits(ctx, i, st, nd);
        let pts = line.fixed_suffix[i].saturating_add(ctx.left_points(nd.used, fits, line.piece_suffix[i]));
        let em = line.emult_suffix[i];
        let bingo = if fits == ctx.rack_total.saturating_sub(nd.nrack) { ctx.bingo } else { 0 };
        let cx = line.cross_suffix[i] as f64 + (ctx.extra_bound(nd.used) + bingo as f64);
        Some(Summary { cm: em, cpm: em.saturating_mul(pts), cx })
    }

    /// The value-free bound of a first-side node over the sets of its tiles left that can still
    /// balance the line.  Each set that fits has the bound of the best of its tiles on the best
    /// squares (the bingo only for all of them); taken best first, the first set that can
    /// balance (board-free value sets, `values.rs`) bounds every set that can.  None: no set
    /// can balance (no completion).
    fn balancing(&mut self, ctx: &mut Ctx<'_>, i: usize, st: &State, nd: &Node) -> Option<Summary> {
        if ctx.rack_total.saturating_sub(nd.nrack) > VALUE_TILES {
            return self.cheap(ctx, i, st, nd); // too many tiles left to list their sets
        }
        let fits = self.fits(ctx, i, st, nd);
        // the tiles left as (points, piece), best first
        let mut items = [(0i64, 0u16); VALUE_TILES as usize];
        let mut n = 0;
        for j in 0..ctx.rack.counts.len() {
            for _ in ctx.rack.count_in(nd.used, j)..ctx.rack.counts[j] {
                if n < items.len() {
                    items[n] = (ctx.tile_points[j], ctx.pieces[j]);
                    n += 1;
                }
            }
        }
        let items = &mut items[..n];
        items.sort_unstable_by(|a, b| b.cmp(a));
        let line = &self.line;
        let [c3, c2, c1] = line.piece_suffix[i];
        let em = line.emult_suffix[i];
        let extra = ctx.extra_bound(nd.used); // one for every set: the sort below needs it
        let mut sets = [(Summary { cm: 0, cpm: 0, cx: 0.0 }, 0u32); 1 << VALUE_TILES];
        let mut m = 0;
        for mask in 0u32..(1 << n) {
            // each set of tiles once: of equal tiles, always the first ones
            let repeat = (1..n).any(|k| items[k] == items[k - 1] && mask >> k & 1 == 1 && mask >> (k - 1) & 1 == 0);
            if repeat || mask.count_ones() > fits {
                continue;
            }
            let mut here = line.fixed_suffix[i];
            for (t, &(p, _)) in items.iter().enumerate().filter(|&(k, _)| mask >> k & 1 == 1).map(|(_, it)| it).enumerate() {
                let t = t as u32;
                let squares = u32::from(t < c3) + u32::from(t < c3 + c2) + u32::from(t < c3 + c2 + c1);
                here = here.saturating_add(p.saturating_mul(i64::from(squares)));
            }
            let bingo = if mask.count_ones() as usize == n { ctx.bingo } else { 0 };
            let sm = Summary { cm: em, cpm: em.saturating_mul(here), cx: line.cross_suffix[i] as f64 + (extra + bingo as f64) };
            sets[m] = (sm, mask);
            m += 1;
        }
        let sets = &mut sets[..m];
        // best first: the first set that balances bounds every set that does (all the tiles
        // left have the most points and the bingo; the others differ only in points)
        sets.sort_unstable_by(|a, b| b.0.cpm.cmp(&a.0.cpm).then(b.0.cx.partial_cmp(&a.0.cx).unwrap_or(std::cmp::Ordering::Equal)));
        for &(sm, mask) in sets.iter() {
            if self.balances(ctx, i, st, nd.need_end, items, mask) {
                return Some(sm);
            }
        }
        None
    }

    /// Can the tiles of `items` picked by `mask` (with the fixed tiles ahead) balance the line
    /// from first-side node (i, st)?  A bag with a blank, or of more than [`VALUE_TOKENS`]
    /// tiles, counts as balancing (too many values to list).
    fn balances(&mut self, ctx: &mut Ctx<'_>, i: usize, st: &State, need_end: i64, items: &[(i64, u16)], mask: u32) -> bool {
        let mut mine = [0u16; BAG_SIZE];
        let mut size = 0;
        for (k, &(_, piece)) in items.iter().enumerate() {
            if mask >> k & 1 == 1 && size < BAG_SIZE {
                mine[size] = piece;
                size += 1;
            }
        }
        let mine = &mine[..size];
        let wild = mine.iter().any(|&p| ctx.values.wild(p));
        let ahead = self.ahead_bags(ctx, i, need_end);
        ahead.iter().any(|(bag, empties)| {
            if size as u32 > *empties {
                return false;
            }
            if wild || size + bag.len() > VALUE_TOKENS {
                return true;
            }
            bag_of(mine, bag).is_none_or(|all| ctx.values.balances(&mut ctx.g, st, all))
        })
    }

    /// For each bag of fixed numbers and operators a line from square i can read to where it
    /// ends, the most empty squares it covers ('=' and brackets are free tiles anyway).
    fn ahead_bags(&mut self, ctx: &mut Ctx<'_>, i: usize, need_end: i64) -> Rc<Ahead> {
        if let Some(hit) = self.ahead.get(&(i, need_end)) {
            return Rc::clone(hit);
        }
        let line = &self.line;
        let last = (self.n as i64 - 1).min(if need_end >= 0 { need_end } else { -need_end - 1 });
        let mut most: Ahead = Vec::new();
        let mut fixed: Vec<u16> = Vec::new();
        let mut empties = 0u32;
        let last = usize::try_from(last).unwrap_or(0);
        for e in (i..=last).filter(|_| i <= last) {
            let kind = line.kind[e];
            if kind < 0 {
                empties += 1;
            } else if kind <= DIVIDE as i8 {
                let Some(id) = ctx.values.piece(vec![(kind as u8, line.value[e])]) else {
                    ctx.g.overflow = true; // too many distinct pieces: let the twin answer
                    continue;
                };
                fixed.push(id);
                fixed.sort_unstable();
            }
            if (need_end >= 0 && e as i64 != need_end) || (e + 1 < self.n && line.kind[e + 1] >= 0) {
                continue;
            }
            match most.iter_mut().find(|m| m.0 == fixed) {
                Some(m) => m.1 = m.1.max(empties),
                None => most.push((fixed.clone(), empties)),
            }
        }
        let most = Rc::new(most);
        self.ahead.insert((i, need_end), Rc::clone(&most));
        most
    }

    /// Bounds on what can follow a node, by the value every side from here must have.  One
    /// mechanism for both parts of a line: after an '=' the bounds are kept by the value the
    /// sides from here take; before any '=' (the first side) no value is owed yet, so
    /// everything lands in the value-free part (`wild`), and an '=' looks its side's value up
    /// in the node after it.  `goal` is the value the caller needs (None: any); the node is
    /// explored only when the bound for it reaches the threshold from `pre`.
    pub fn bounds(&mut self, ctx: &mut Ctx<'_>, i: usize, st: &State, nd: &Node, pre: Prefix, goal: Option<Value>) -> Result<Bounds, Stop> {
        if self.prunable(ctx, i, st, nd.nrack, nd.need_end) {
            // never in the memo (a node is kept only after `cheap`, whose first test this is), so no probe
            return Ok(NOTHING);
        }
        let key = self.key(i, st, nd);
        let threshold = ctx.threshold;
        let found = self.memo.find(&key);
        if let Some(hit) = found.and_then(|e| self.memo.get(e)) {
            let Some(sm) = self.lookup(&hit, goal) else { return Ok(hit) };
            if settled(&hit, pre, threshold) {
                return Ok(hit);
            }
            let b = ub(pre, sm);
            if b < threshold {
                return Ok(Bounds { cut: hit.cut.max(b), ..hit }); // cut here, as a whole
            }
        } else {
            let mut cheap = self.cheap(ctx, i, st, nd);
            let few = ctx.rack_total.saturating_sub(nd.nrack) <= VALUE_TILES;
            if cheap.is_some_and(|c| ub(pre, c) >= threshold) && !st.eq && few {
                // the values, where they may cut; the answer depends only on the node, and nodes it
                // cuts or rules out are not kept in the memo, so it is kept apart
                cheap = match self.balanced.get(&key) {
                    Some(&hit) => hit,
                    None => {
                        let b = self.balancing(ctx, i, st, nd);
                        self.balanced.insert(key, b);
                        b
                    }
                };
            }
            match cheap {
                None => return Ok(NOTHING),
                Some(c) if ub(pre, c) < threshold => {
                    return Ok(Bounds { off: 0, len: 0, wild: Some(c), any: Some(c), cut: ub(pre, c), pre, threshold });
                }
                Some(_) => {}
            }
        }
        ctx.count_node()?;
        let side = st.eq; // after an '=': bounds by value
        let mut acc = std::mem::take(&mut self.accs[i.min(self.n)]);
        acc.clear();
        let mut wild: Option<Summary> = None;
        let mut cut = f64::NEG_INFINITY;
        let (e, p, x) = pre;
        let mut buf = std::mem::take(&mut self.bufs[i]);
        self.steps(ctx, i, st, nd, &mut buf, true);
        for step in &buf {
            let cn = self.child_node(i, step, nd);
            let pre2 = (e.saturating_mul(step.em), p.saturating_add(step.tp), x.saturating_add(step.tx));
            if step.kind == OPEN {
                // a bracket: its contents are a span read apart (by closing square, value and
                // tiles), and the line goes on after its `)` as after a number of that value
                let sp = self.span(ctx, i + 1, &step.nxt, &cn, pre2)?;
                let head = tile_stretch(step);
                absorb(&sp, head, &mut wild, &mut cut);
                for k in sp.off as usize..(sp.off + sp.len) as usize {
                    let en = self.spans[k];
                    let Some(st2) = ctx.g.group(st, en.v) else { continue };
                    let head = compose(head, en.sm);
                    let (k2, nd2) = (en.k as usize, en.node(nd.need_end));
                    if side && self.may_end(k2 - 1, nd2.used, nd2.ntiles, nd2.touched, nd2.lone, nd2.need_end) {
                        if let Some(w) = ctx.g.side_value(&st2) {
                            acc.push((w, compose(head, line_end(ctx, &nd2))));
                        }
                    }
                    let (nxt, shift) = if side {
                        let Some(rel) = ctx.g.relative(&st2) else { continue };
                        rel
                    } else {
                        (st2, Value::ZERO)
                    };
                    let ent = self.bounds(ctx, k2, &nxt, &nd2, past(pre2, en.sm), None)?;
                    for k in ent.off as usize..(ent.off + ent.len) as usize {
                        let (w, c) = self.arena[k];
                        let Some(w) = shifted(ctx, w, shift) else { continue };
                        acc.push((w, compose(head, c)));
                    }
                    absorb(&ent, head, &mut wild, &mut cut);
                }
                continue;
            }
            if step.nxt.after_equals() {
                if let Some(w) = ctx.g.side_value(st) {
                    // the first '=': the sides after it must have the first side's value w.  A
                    // further '=': this node's values are relative (`Grammar::relative`), so the
                    // side after it is bounded over every value (a superset, still an upper bound).
                    let goal2 = if side { None } else { Some(w) };
                    let ent = self.bounds(ctx, i + 1, &step.nxt, &cn, pre2, goal2)?;
                    if let Some(c) = self.lookup(&ent, goal2) {
                        let c = c.through(step.tp, step.em, step.tx);
                        if side {
                            acc.push((w, c));
                        } else {
                            wild = Some(Summary::merge(wild, c));
                        }
                        cut = cut.max(ent.cut);
                    }
                }
                continue;
            }
            if side && self.may_end(i, cn.used, cn.ntiles, cn.touched, cn.lone, cn.need_end) {
                if let Some(w) = ctx.g.side_value(&step.nxt) {
                    let cx = step.tx as f64 + ctx.bonus(cn.used, cn.nrack);
                    acc.push((w, Summary { cm: step.em, cpm: step.tp.saturating_mul(step.em), cx }));
                }
            }
            let (nxt, shift) = if side {
                let Some(rel) = ctx.g.relative(&step.nxt) else { continue };
                rel
            } else {
                (step.nxt, Value::ZERO)
            };
            let ent = self.bounds(ctx, i + 1, &nxt, &cn, pre2, None)?;
            for k in ent.off as usize..(ent.off + ent.len) as usize {
                let (w, c) = self.arena[k];
                let Some(w) = shifted(ctx, w, shift) else { continue };
                acc.push((w, c.through(step.tp, step.em, step.tx)));
            }
            if let Some(c) = ent.wild {
                wild = Some(Summary::merge(wild, c.through(step.tp, step.em, step.tx)));
            }
            cut = cut.max(ent.cut);
        }
        self.bufs[i] = buf;
        acc.sort_by_key(|a| a.0);
        let off = self.arena.len();
        let mut any = wild;
        for &(w, s) in &acc {
            any = Some(Summary::merge(any, s));
            let fresh = self.arena.len() == off;
            match self.arena.last_mut() {
                Some(last) if !fresh && last.0 == w => last.1 = Summary::merge(Some(last.1), s),
                _ => self.arena.push((w, s)),
            }
        }
        self.accs[i.min(self.n)] = acc;
        let ent = Bounds { off: off as u32, len: (self.arena.len() - off) as u32, wild, any, cut, pre, threshold };
        match found {
            Some(e) => self.memo.set(e, &ent),
            None => self.memo.add(key, &ent),
        }
        ctx.count_entries(1 + u64::from(ent.len))?;
        Ok(ent)
    }

    /// The ways a bracket's contents from node (i, s) can close (`s` inside a bracket, with no
    /// frame: what encloses it is not part of the node), memoised as the nodes of
    /// [`LineWalk::bounds`] are (their keys differ by depth).  A child the threshold cuts
    /// (from `pre`, by the value-free bound on the whole rest of the line) lands in `wild`, a
    /// bound on the rest of the line rather than on the stretch; the span is then not exact.
    fn span(&mut self, ctx: &mut Ctx<'_>, i: usize, s: &State, nd: &Node, pre: Prefix) -> Result<Bounds, Stop> {
        if self.prunable(ctx, i, s, nd.nrack, nd.need_end) {
            return Ok(NOTHING);
        }
        let key = self.key(i, s, nd);
        let threshold = ctx.threshold;
        let found = self.memo.find(&key);
        if let Some(hit) = found.and_then(|e| self.memo.get(e)) {
            if hit.any.is_none() || settled(&hit, pre, threshold) {
                return Ok(hit);
            }
        } else {
            match self.cheap(ctx, i, s, nd) {
                None => return Ok(NOTHING),
                Some(c) if ub(pre, c) < threshold => {
                    return Ok(Bounds { off: 0, len: 0, wild: Some(c), any: Some(c), cut: ub(pre, c), pre, threshold });
                }
                Some(_) => {}
            }
        }
        ctx.count_node()?;
        let mut out = std::mem::take(&mut self.souts[i]);
        out.clear();
        let mut wild: Option<Summary> = None;
        let mut cut = f64::NEG_INFINITY;
        let (e, p, x) = pre;
        let mut buf = std::mem::take(&mut self.bufs[i]);
        self.steps(ctx, i, s, nd, &mut buf, true);
        for step in &buf {
            let cn = self.entry_node(i, step, nd);
            let pre2 = (e.saturating_mul(step.em), p.saturating_add(step.tp), x.saturating_add(step.tx));
            let head = tile_stretch(step);
            if step.kind == CLOSE {
                let Some(v) = ctx.g.bracket_value(s) else { continue };
                // what can follow the `)` by the squares and tiles left alone (which need no
                // enclosing values), or the line's end: no entry where nothing can, none under
                // the threshold
                let after = State { prev: CLOSED, depth: s.depth.saturating_sub(1), ..*s };
                let mut c = self.cheap(ctx, i + 1, &after, &cn);
                if after.depth == 0 && after.eq && self.may_end(i, cn.used, cn.ntiles, cn.touched, cn.lone, cn.need_end) {
                    c = merge_opt(c, Some(line_end(ctx, &cn))); // or the line ends right after it
                }
                match c {
                    None => {}
                    Some(c) if ub(pre2, c) < threshold => {
                        wild = Some(Summary::merge(wild, compose(head, c)));
                        cut = cut.max(ub(pre2, c));
                    }
                    Some(_) => out.push(SpanEntry::new(i + 1, v, &cn, head)),
                }
                continue;
            }
            if step.kind != OPEN {
                let sp = self.span(ctx, i + 1, &step.nxt, &cn, pre2)?;
                self.take_span(&sp, head, &mut out, &mut wild, &mut cut);
                continue;
            }
            // a bracket inside: its span, then this span from after its `)`
            let inner = self.span(ctx, i + 1, &step.nxt, &cn, pre2)?;
            absorb(&inner, head, &mut wild, &mut cut);
            for k in inner.off as usize..(inner.off + inner.len) as usize {
                let en = self.spans[k];
                let Some(st2) = ctx.g.group(s, en.v) else { continue };
                let rest = self.span(ctx, en.k as usize, &st2, &en.node(nd.need_end), past(pre2, en.sm))?;
                self.take_span(&rest, compose(head, en.sm), &mut out, &mut wild, &mut cut);
            }
        }
        self.bufs[i] = buf;
        // children's entries come in sorted runs: a stable sort merges them
        out.sort_by_key(SpanEntry::at);
        let off = self.spans.len();
        for en in &out {
            let fresh = self.spans.len() == off;
            match self.spans.last_mut() {
                Some(last) if !fresh && last.at() == en.at() => {
                    last.sm = Summary::merge(Some(last.sm), en.sm);
                }
                _ => self.spans.push(*en),
            }
        }
        self.souts[i] = out;
        let len = self.spans.len() - off;
        let any = if len > 0 { Some(Summary::merge(wild, NONE)) } else { wild };
        let ent = Bounds { off: off as u32, len: len as u32, wild, any, cut, pre, threshold };
        match found {
            Some(e) => self.memo.set(e, &ent),
            None => self.memo.add(key, &ent),
        }
        ctx.count_entries(1 + len as u64)?;
        Ok(ent)
    }

    /// A child's span seen from its parent, whose own stretch to the child is `head`.
    fn take_span(&self, sp: &Bounds, head: Summary, out: &mut Vec<SpanEntry>, wild: &mut Option<Summary>, cut: &mut f64) {
        absorb(sp, head, wild, cut);
        for en in &self.spans[sp.off as usize..(sp.off + sp.len) as usize] {
            out.push(SpanEntry { sm: compose(head, en.sm), ..*en });
        }
    }

    /// A child node as a span's entry keeps it: past two tiles placed only a cap on them tells nodes apart.
    fn entry_node(&self, i: usize, step: &Step, nd: &Node) -> Node {
        let mut cn = self.child_node(i, step, nd);
        if self.max_tiles.is_none() {
            cn.ntiles = cn.ntiles.min(2);
        }
        cn
    }

    /// The bound for a walk's child at (i, st): its node's entry for `goal`, or inside brackets
    /// through the span of its innermost bracket ([`LineWalk::framed_bound`]).
    fn child_bound(
        &mut self,
        ctx: &mut Ctx<'_>,
        i: usize,
        st: &State,
        nd: &Node,
        pre: Prefix,
        goal: Option<Value>,
    ) -> Result<Option<Summary>, Stop> {
        if st.depth > 0 {
            return self.framed_bound(ctx, i, st, nd, pre, goal);
        }
        let ent = self.bounds(ctx, i, st, nd, pre, goal)?;
        Ok(self.lookup(&ent, goal))
    }

    /// The bound for a walk's child inside brackets (`st` with its frames): the span of its
    /// innermost bracket, each way it closes followed by what encloses it.
    fn framed_bound(
        &mut self,
        ctx: &mut Ctx<'_>,
        i: usize,
        st: &State,
        nd: &Node,
        pre: Prefix,
        goal: Option<Value>,
    ) -> Result<Option<Summary>, Stop> {
        let Some(outer) = ctx.g.enclosing(st) else { return Ok(None) };
        let sp = self.span(ctx, i, &State { frame: 0, ..*st }, nd, pre)?;
        let mut best = sp.wild;
        for k in sp.off as usize..(sp.off + sp.len) as usize {
            let en = self.spans[k];
            let Some(st2) = ctx.g.group(&outer, en.v) else { continue };
            let (k2, nd2) = (en.k as usize, en.node(nd.need_end));
            let pre2 = past(pre, en.sm);
            let rest = if st2.depth > 0 {
                self.framed_bound(ctx, k2, &st2, &nd2, pre2, goal)?
            } else {
                let mut end = None;
                if st2.eq
                    && goal.is_some()
                    && self.may_end(k2 - 1, nd2.used, nd2.ntiles, nd2.touched, nd2.lone, nd2.need_end)
                    && ctx.g.side_value(&st2) == goal
                {
                    end = Some(line_end(ctx, &nd2));
                }
                let ent = self.bounds(ctx, k2, &st2, &nd2, pre2, goal)?;
                merge_opt(end, self.lookup(&ent, goal))
            };
            if let Some(c) = rest {
                best = Some(Summary::merge(best, compose(en.sm, c)));
            }
        }
        Ok(best)
    }

    fn start_node(&self, ctx: &Ctx<'_>, start: usize) -> Node {
        Node { used: 0, nrack: 0, ntiles: 0, touched: false, lone: false, need_end: self.need_end(ctx, start) }
    }

    /// List (through the search's `record`) every line from `start` the bound admits.  The
    /// start's children are taken by their value-free bound and each is worked out in its turn
    /// (`rough`): once the best line under one is found, a sibling whose value-free bound does
    /// not beat it is cut before its table is built.
    pub fn walk_from(&mut self, ctx: &mut Ctx<'_>, start: usize) -> Result<(), Stop> {
        let nd = self.start_node(ctx, start);
        let mut link = Vec::new();
        self.walk(ctx, start, &State::INITIAL, None, &nd, (0, 1, 0), &mut link, true)
    }

    /// Enumerate the lines through node (i, st, ...), which has (points, premium, cross) so far.
    /// `rough` (a start square, before any '='): a child (a bracket opened too) is first bounded
    /// by the value-free bound alone, and by its own only when its turn comes.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        ctx: &mut Ctx<'_>,
        i: usize,
        st: &State,
        target: Option<Value>,
        nd: &Node,
        sofar: (i64, i64, i64),
        link: &mut Vec<u32>,
        rough: bool,
    ) -> Result<(), Stop> {
        ctx.count_node()?;
        if i >= self.n {
            return Ok(());
        }
        let (pts, emult, cross) = sofar;
        let mut buf = std::mem::take(&mut self.bufs[i]);
        self.steps(ctx, i, st, nd, &mut buf, false);
        let mut children: Vec<Child> = Vec::new();
        for step in &buf {
            let cn = self.child_node(i, step, nd);
            let (pts2, emult2, cross2) = (pts + step.tp, emult.saturating_mul(step.em), cross + step.tx);
            let mut goal = target;
            if step.nxt.after_equals() {
                let w = ctx.g.side_value(st);
                if w.is_none() || (target.is_some() && w != target) {
                    continue;
                }
                goal = w;
            } else if let Some(t) = target {
                if self.may_end(i, cn.used, cn.ntiles, cn.touched, cn.lone, cn.need_end) && ctx.g.side_value(&step.nxt) == Some(t) {
                    let bingo = if cn.nrack as usize == ctx.rules.rack_size { ctx.bingo } else { 0 };
                    let score = pts2.saturating_mul(emult2).saturating_add(cross2).saturating_add(bingo);
                    if ctx.admits(score, cn.used) {
                        let here = if step.j == FIXED { None } else { Some(entry(i, step)) };
                        self.record(ctx, score, cn.used, link, here)?;
                    }
                }
            }
            let pre2 = (emult2, pts2, cross2);
            if step.nxt.eq && goal.is_none() {
                continue; // after an '=' whose side has no value
            }
            // after an '=' the memo holds the state relative to its side's value so far
            let (key_st, g) = if step.nxt.eq {
                let Some((rel, shift)) = ctx.g.relative(&step.nxt) else { continue };
                let g = match goal {
                    Some(t) if !shift.is_zero() => {
                        let v = t.checked_sub(shift);
                        if v.is_none() {
                            ctx.g.overflow = true;
                            continue;
                        }
                        v
                    }
                    other => other,
                };
                (rel, g)
            } else {
                (step.nxt, goal)
            };
            let c = if rough { self.cheap(ctx, i + 1, &key_st, &cn) } else { self.child_bound(ctx, i + 1, &key_st, &cn, pre2, g)? };
            let Some(c) = c else { continue };
            let ub = emult2.saturating_mul(pts2.saturating_mul(c.cm).saturating_add(c.cpm)).saturating_add(cross2) as f64 + c.cx;
            if ub < ctx.threshold {
                ctx.pruned += 1;
                continue;
            }
            children.push(Child { ub, later: rough.then_some((key_st, g)), step: *step, goal, node: cn });
        }
        self.bufs[i] = buf;
        if ctx.limit.is_some() {
            // the most promising first (stable): the threshold rises sooner
            children.sort_by(|a, b| b.ub.partial_cmp(&a.ub).unwrap_or(std::cmp::Ordering::Equal));
        }
        for ch in &children {
            if ch.ub < ctx.threshold {
                ctx.pruned += 1;
                continue;
            }
            let step = &ch.step;
            let cn = ch.node;
            let next = (pts + step.tp, emult.saturating_mul(step.em), cross + step.tx);
            if let Some((key_st, g)) = ch.later {
                // its turn: its own bound, under the threshold as it stands now
                let pre2 = (next.1, next.0, next.2);
                let Some(c) = self.child_bound(ctx, i + 1, &key_st, &cn, pre2, g)? else { continue };
                if ub(pre2, c) < ctx.threshold {
                    ctx.pruned += 1;
                    continue;
                }
            }
            let placed = step.j != FIXED;
            if placed {
                link.push(entry(i, step));
            }
            self.walk(ctx, i + 1, &step.nxt, ch.goal, &cn, next, link, false)?;
            if placed {
                link.pop();
            }
        }
        Ok(())
    }

    /// A quick look for good lines from `start` before the exact passes (the twin's
    /// `probe_from`): depth first, children best value-free bound first, within `slice` nodes.
    /// Returns the nodes it took.  What it records is exact (legal, scored); that it finds the
    /// best is not, so the search only uses its score as a floor (`mod.rs`, `run`).
    pub fn probe_from(&mut self, ctx: &mut Ctx<'_>, start: usize, slice: u64) -> Result<u64, Stop> {
        let nd = self.start_node(ctx, start);
        let mut left = slice;
        let mut link = Vec::new();
        self.probe(ctx, start, &State::INITIAL, None, &nd, (0, 1, 0), &mut link, &mut left)?;
        Ok(slice - left)
    }

    /// The probe of node (i, st, ...): as [`LineWalk::walk`], but a child's bound is only the
    /// value-free one (and the value-aware one with few tiles left), nothing is memoised, and
    /// the threshold is whatever the placements found so far raised it to.  `Ok(false)`: the
    /// slice is spent.
    #[allow(clippy::too_many_arguments)]
    fn probe(
        &mut self,
        ctx: &mut Ctx<'_>,
        i: usize,
        st: &State,
        target: Option<Value>,
        nd: &Node,
        sofar: (i64, i64, i64),
        link: &mut Vec<u32>,
        left: &mut u64,
    ) -> Result<bool, Stop> {
        if *left == 0 {
            return Ok(false);
        }
        *left -= 1;
        ctx.count_node()?;
        let (pts, emult, cross) = sofar;
        let mut buf = Vec::new();
        self.steps(ctx, i, st, nd, &mut buf, false);
        let mut children: Vec<Child> = Vec::new();
        for step in &buf {
            let cn = self.child_node(i, step, nd);
            let (pts2, emult2, cross2) = (pts + step.tp, emult.saturating_mul(step.em), cross + step.tx);
            let mut goal = target;
            if step.nxt.after_equals() {
                let w = ctx.g.side_value(st);
                if w.is_none() || (target.is_some() && w != target) {
                    continue;
                }
                goal = w;
            } else if let Some(t) = target {
                if self.may_end(i, cn.used, cn.ntiles, cn.touched, cn.lone, cn.need_end) && ctx.g.side_value(&step.nxt) == Some(t) {
                    let bingo = if cn.nrack as usize == ctx.rules.rack_size { ctx.bingo } else { 0 };
                    let score = pts2.saturating_mul(emult2).saturating_add(cross2).saturating_add(bingo);
                    if ctx.admits(score, cn.used) {
                        let here = if step.j == FIXED { None } else { Some(entry(i, step)) };
                        self.record(ctx, score, cn.used, link, here)?;
                    }
                }
            }
            if step.nxt.eq && goal.is_none() {
                continue; // after an '=' whose side has no value
            }
            let pre2 = (emult2, pts2, cross2);
            let mut c = self.cheap(ctx, i + 1, &step.nxt, &cn);
            let few = ctx.rack_total.saturating_sub(cn.nrack) <= VALUE_TILES;
            if c.is_some_and(|c| ub(pre2, c) >= ctx.threshold) && !step.nxt.eq && few {
                let key = self.key(i + 1, &step.nxt, &cn);
                c = match self.balanced.get(&key) {
                    Some(&hit) => hit,
                    None => {
                        let b = self.balancing(ctx, i + 1, &step.nxt, &cn);
                        self.balanced.insert(key, b);
                        b
                    }
                };
            }
            let Some(c) = c else { continue };
            let bound = ub(pre2, c);
            if bound < ctx.threshold {
                continue;
            }
            children.push(Child { ub: bound, later: None, step: *step, goal, node: cn });
        }
        // the most promising first (stable), as the walk
        children.sort_by(|a, b| b.ub.partial_cmp(&a.ub).unwrap_or(std::cmp::Ordering::Equal));
        for ch in &children {
            if ch.ub < ctx.threshold {
                continue;
            }
            let step = &ch.step;
            let placed = step.j != FIXED;
            if placed {
                link.push(entry(i, step));
            }
            let cn = ch.node;
            let next = (pts + step.tp, emult.saturating_mul(step.em), cross + step.tx);
            let more = self.probe(ctx, i + 1, &step.nxt, ch.goal, &cn, next, link, left)?;
            if placed {
                link.pop();
            }
            if !more {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Record a placement: the tiles in `link` (and `here`) as board-wide sort keys.
    fn record(&self, ctx: &mut Ctx<'_>, score: i64, used: u64, link: &[u32], here: Option<u32>) -> Result<(), Stop> {
        let rules = ctx.rules;
        let mut keys: Vec<u32> = link
            .iter()
            .chain(here.iter())
            .map(|&e| {
                let sq = self.line.square((e >> 16) as usize) as u32;
                let tile = rules.tiles[((e >> 8) & 0xff) as usize].rank as u32;
                let face = rules.faces[(e & 0xff) as usize].rank as u32;
                sq << 16 | tile << 8 | face
            })
            .collect();
        keys.sort_unstable();
        ctx.record(score, used, keys)
    }
}

/// The most of `r` rack tiles left (`numbers` of them only numbers) a line can still place
/// on `empty` squares.  Two numbers never touch, so between each two placed numbers (and
/// after a number just read) stands a tile that is not one: `seps` of those can come from
/// the rack and the fixed tiles ahead, the others are free tiles, which take squares too, as
/// do the `needed` free tiles (an `=`, closing brackets).  Leaving out a number frees its
/// square and maybe a free tile's, so the numbers go first.
pub fn placeable(r: u32, numbers: u32, after_number: bool, seps: u32, needed: u32, empty: u32) -> u32 {
    let numbers = numbers.min(r);
    for k in 0..=numbers {
        let gaps = (numbers - k + u32::from(after_number)).saturating_sub(1);
        let free = gaps.saturating_sub(seps).max(needed);
        if r - k + free <= empty {
            return r - k;
        }
    }
    (r - numbers).min(empty.saturating_sub(needed))
}

/// The state after one more token; `bare` as in [`LineWalk::steps`].
fn advance(ctx: &mut Ctx<'_>, st: &State, kind: u8, val: i64, bare: bool) -> Option<State> {
    if !bare {
        return ctx.g.advance(st, kind, val);
    }
    match kind {
        OPEN => Grammar::opened(st),
        CLOSE => ctx.g.bracket_value(st).map(|_| *st),
        _ => ctx.g.advance(st, kind, val),
    }
}

/// The bounds of a stretch of squares `a` followed by completions bounded by `b`: premiums
/// multiply, points add (a single tile's stretch makes this [`Summary::through`]).
#[inline]
fn compose(a: Summary, b: Summary) -> Summary {
    Summary { cm: a.cm.saturating_mul(b.cm), cpm: a.cpm.saturating_mul(b.cm).saturating_add(a.cm.saturating_mul(b.cpm)), cx: a.cx + b.cx }
}

/// A child's value-free part (a bound on the rest of the line), seen from a node whose own
/// stretch to the child is `head`, and the best bound of a part the threshold cut in it.
#[inline]
fn absorb(child: &Bounds, head: Summary, wild: &mut Option<Summary>, cut: &mut f64) {
    if let Some(c) = child.wild {
        *wild = Some(Summary::merge(*wild, compose(head, c)));
    }
    *cut = cut.max(child.cut);
}

/// The line ending here, after a node at `nd`: nothing more, and the bonus.
#[inline]
fn line_end(ctx: &Ctx<'_>, nd: &Node) -> Summary {
    Summary { cm: 1, cpm: 0, cx: ctx.bonus(nd.used, nd.nrack) }
}

/// One tile's stretch: its premium, points x premium and cross score.
#[inline]
fn tile_stretch(step: &Step) -> Summary {
    Summary { cm: step.em, cpm: step.em.saturating_mul(step.tp), cx: step.tx as f64 }
}

/// A prefix followed by a stretch bounded by `sm`: at least as good as the prefix of any line through it.
#[inline]
fn past(pre: Prefix, sm: Summary) -> Prefix {
    (pre.0.saturating_mul(sm.cm), pre.1.saturating_add(sm.cpm), pre.2.saturating_add(sm.cx.ceil() as i64))
}

/// `w + shift` (a value relative to a side's sum so far made absolute); `None` on overflow (flagged).
fn shifted(ctx: &mut Ctx<'_>, w: Value, shift: Value) -> Option<Value> {
    if shift.is_zero() {
        return Some(w);
    }
    let v = w.checked_add(shift);
    if v.is_none() {
        ctx.g.overflow = true;
    }
    v
}

/// A placed tile as `square index along the line << 16 | tile << 8 | face`.
fn entry(i: usize, step: &Step) -> u32 {
    (i as u32) << 16 | (step.tile as u32) << 8 | step.face as u32
}

#[cfg(test)]
mod tests {
    use super::{placeable, Bounds, Key, Memo, Summary, NOTHING};

    /// Keys that differ in one word each, many sharing their first words (as nodes of one state do).
    fn key(n: u64) -> Key {
        Key([n % 7, 1, n % 3, 1, n >> 3, n.wrapping_mul(0x9e37_79b9), n & 1])
    }

    fn mark(n: u64) -> Bounds {
        Bounds { off: n as u32, len: 1, cut: if n.is_multiple_of(2) { f64::NEG_INFINITY } else { n as f64 }, ..NOTHING }
    }

    #[test]
    fn the_memo_finds_every_key_it_was_given_and_no_other() {
        let mut memo = Memo::default();
        assert_eq!(memo.find(&key(0)), None);
        for n in 0..5_000u64 {
            assert_eq!(memo.find(&key(n)), None, "not added yet");
            memo.add(key(n), &mark(n));
        }
        assert!(memo.tags.len() >= 2 * 5_000 && memo.tags.len().is_power_of_two());
        for n in 0..5_000u64 {
            let e = memo.find(&key(n)).expect("added");
            let b = memo.get(e).expect("an entry");
            assert_eq!((b.off, b.len, b.cut == f64::NEG_INFINITY), (n as u32, 1, n.is_multiple_of(2)));
        }
        assert_eq!(memo.find(&key(5_000)), None);
        // a node worked out again is overwritten in place
        let e = memo.find(&key(42)).expect("added");
        memo.set(e, &NOTHING);
        let b = memo.get(memo.find(&key(42)).expect("still there")).expect("an entry");
        assert!(b.any.is_none() && b.wild.is_none() && b.cut == f64::NEG_INFINITY && b.len == 0);
        assert_eq!(memo.entries.len(), 5_000);
        // the summaries, the cut and the prefix survive the packing
        let full = Bounds {
            wild: Some(Summary { cm: 3, cpm: 45, cx: 7.5 }),
            any: Some(Summary { cm: 9, cpm: 90, cx: 32.5 }),
            cut: 199.5,
            pre: (3, 14, 2),
            threshold: 201.5,
            ..NOTHING
        };
        memo.set(e, &full);
        let b = memo.get(e).expect("an entry");
        let (w, a) = (b.wild.expect("wild"), b.any.expect("any"));
        assert_eq!((w.cm, w.cpm, w.cx, a.cm, a.cpm, a.cx), (3, 45, 7.5, 9, 90, 32.5));
        assert_eq!((b.cut, b.pre, b.threshold), (199.5, (3, 14, 2), 201.5));
    }

    #[test]
    fn placeable_counts_the_tiles_that_still_fit() {
        // three numbers and an '=' to place: two free tiles between them (one the '='), five squares
        assert_eq!(placeable(3, 3, false, 0, 1, 5), 3);
        // four squares: one number stays on the rack
        assert_eq!(placeable(3, 3, false, 0, 1, 4), 2);
        // a rack operator and a fixed one ahead separate them: the '=' is the only free tile
        assert_eq!(placeable(4, 3, false, 2, 1, 5), 4);
        // right after a number, a lone number needs a separator first
        assert_eq!(placeable(1, 1, true, 0, 0, 1), 0);
        // no numbers, but two free tiles owed on three squares
        assert_eq!(placeable(5, 0, false, 5, 2, 3), 1);
        assert_eq!(placeable(0, 0, true, 0, 3, 0), 0);
    }
}
