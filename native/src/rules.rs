//! A ruleset as plain data, validated once: the layout's premiums, the tile table, the
//! faces' kinds and values, and the few numbers the generator needs.  Nothing here names
//! a tile of any particular game; the Python wrapper translates its `Ruleset` into this.

use std::fmt;

/// Kinds of face, as the equation language sees them.
pub const DIGIT: u8 = 0;
pub const NUMBER: u8 = 1;
pub const PLUS: u8 = 2;
pub const MINUS: u8 = 3;
pub const TIMES: u8 = 4;
pub const DIVIDE: u8 = 5;
pub const EQ: u8 = 6;
/// Brackets (Smath): they group, and join a number or bracket beside them by multiplication.
pub const OPEN: u8 = 7;
pub const CLOSE: u8 = 8;

/// Bad input at the boundary, with a message that names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub type Result<T> = std::result::Result<T, InputError>;

fn bad<T>(msg: String) -> Result<T> {
    Err(InputError(msg))
}

/// Where the first placement may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstPlay {
    /// A new tile on the centre square.
    CoverCentre,
    /// The main line starts or ends on the centre square.
    EndOnCentre,
    /// Anywhere.
    Anywhere,
}

impl FirstPlay {
    /// From the wrapper's enum value (0, 1, 2).
    pub fn from_code(code: i64) -> Result<FirstPlay> {
        match code {
            0 => Ok(FirstPlay::CoverCentre),
            1 => Ok(FirstPlay::EndOnCentre),
            2 => Ok(FirstPlay::Anywhere),
            _ => bad(format!("first_play code {code} is not 0 (cover centre), 1 (end on centre) or 2 (anywhere)")),
        }
    }
}

/// One tile of the set: its points and the faces it may show.
#[derive(Clone, Debug)]
pub struct TileDef {
    pub points: i32,
    pub faces: Vec<u8>,
    pub rank: u8,
}

/// One face: its kind, number value (for digits and numbers) and sort rank.
#[derive(Clone, Copy, Debug)]
pub struct FaceDef {
    pub kind: u8,
    pub value: i64,
    pub rank: u8,
}

/// The validated ruleset.
#[derive(Clone, Debug)]
pub struct RuleData {
    pub size: usize,
    pub piece_mult: Vec<i32>,
    pub eq_mult: Vec<i32>,
    pub centre: usize,
    pub tiles: Vec<TileDef>,
    pub faces: Vec<FaceDef>,
    pub max_digits: u32,
    pub rack_size: usize,
    pub bingo_bonus: i32,
    pub first_play: FirstPlay,
    pub max_tiles: Option<usize>,
    pub must_touch: bool,
    /// tiles nobody draws (Smath's `=` and brackets): a placement uses as many as it needs
    pub free: Vec<bool>,
    /// tile id by tile rank (to map sorted keys back to ids)
    pub tile_by_rank: [u8; 256],
    /// face id by face rank
    pub face_by_rank: [u8; 256],
}

/// Largest board side accepted (squares are packed in 16 bits, lines recurse per square).
pub const MAX_SIZE: usize = 64;
/// Most tiles and most faces in a set (ids are bytes).
pub const MAX_IDS: usize = 255;
/// Largest rack accepted (tile usages are packed in a u64).
pub const MAX_RACK: usize = 24;

/// The plain data the wrapper sends, before validation.
pub struct RuleInput {
    pub size: i64,
    pub piece_mult: Vec<i64>,
    pub eq_mult: Vec<i64>,
    pub centre: i64,
    pub tile_points: Vec<i64>,
    pub tile_faces: Vec<Vec<i64>>,
    pub tile_rank: Vec<i64>,
    pub face_kind: Vec<i64>,
    pub face_value: Vec<i64>,
    pub face_rank: Vec<i64>,
    pub max_digits: i64,
    pub rack_size: i64,
    pub bingo_bonus: i64,
    pub first_play: i64,
    pub max_tiles: Option<i64>,
    pub must_touch: bool,
    /// ids of the free tiles (none for A-Math)
    pub free_tiles: Vec<i64>,
}

fn ranks(name: &str, ranks: &[i64], count: usize) -> Result<[u8; 256]> {
    if ranks.len() != count {
        return bad(format!("{name} has {} entries, expected {count}", ranks.len()));
    }
    let mut by_rank = [u8::MAX; 256];
    for (id, &r) in ranks.iter().enumerate() {
        if !(0..count as i64).contains(&r) {
            return bad(format!("{name}[{id}] = {r} is not in 0..{count}"));
        }
        if by_rank[r as usize] != u8::MAX {
            return bad(format!("{name} repeats rank {r}"));
        }
        by_rank[r as usize] = id as u8;
    }
    Ok(by_rank)
}

impl RuleData {
    /// Do the premiums and the centre mirror in the diagonal (square (r, c) as (c, r))?  Then
    /// on an empty board every column is a row transposed, with the same moves.
    pub fn transposable(&self) -> bool {
        let n = self.size;
        let same = |a: usize, b: usize| self.piece_mult.get(a) == self.piece_mult.get(b) && self.eq_mult.get(a) == self.eq_mult.get(b);
        n > 0 && self.centre / n == self.centre % n && (0..n).all(|r| (0..r).all(|c| same(r * n + c, c * n + r)))
    }

    /// A placed tile's key `square << 16 | tile << 8 | face` with its square mirrored in the diagonal.
    #[inline]
    pub fn transposed(&self, key: u32) -> u32 {
        let (sq, n) = (key >> 16, self.size.max(1) as u32);
        (sq % n * n + sq / n) << 16 | (key & 0xffff)
    }

    /// Validate the wrapper's data; every fault is an [`InputError`] naming the field.
    pub fn new(inp: RuleInput) -> Result<RuleData> {
        if !(1..=MAX_SIZE as i64).contains(&inp.size) {
            return bad(format!("board size {} is not in 1..={MAX_SIZE}", inp.size));
        }
        let size = inp.size as usize;
        let squares = size * size;
        for (name, v) in [("piece_mult", &inp.piece_mult), ("eq_mult", &inp.eq_mult)] {
            if v.len() != squares {
                return bad(format!("{name} has {} squares, the board has {squares}", v.len()));
            }
            if let Some(m) = v.iter().find(|m| !(1..=9).contains(*m)) {
                return bad(format!("{name} holds {m}, premiums must be 1..=9"));
            }
        }
        // a line's equation premiums multiply into every score of that line: keep them in range
        for k in 0..size {
            let row: i64 = (0..size).map(|i| inp.eq_mult[k * size + i]).fold(1i64, |a, m| a.saturating_mul(m));
            let col: i64 = (0..size).map(|i| inp.eq_mult[i * size + k]).fold(1i64, |a, m| a.saturating_mul(m));
            if row.max(col) > 1 << 40 {
                return bad(format!("the equation premiums of line {k} multiply to more than 2^40"));
            }
        }
        if !(0..squares as i64).contains(&inp.centre) {
            return bad(format!("centre square {} is off the board", inp.centre));
        }
        let nt = inp.tile_points.len();
        let nf = inp.face_kind.len();
        if nt == 0 || nt > MAX_IDS {
            return bad(format!("{nt} tiles: a set needs 1..={MAX_IDS}"));
        }
        if nf == 0 || nf > MAX_IDS {
            return bad(format!("{nf} faces: a set needs 1..={MAX_IDS}"));
        }
        if inp.tile_faces.len() != nt {
            return bad(format!("tile_faces has {} entries for {nt} tiles", inp.tile_faces.len()));
        }
        if inp.face_value.len() != nf {
            return bad(format!("face_value has {} entries for {nf} faces", inp.face_value.len()));
        }
        let tile_by_rank = ranks("tile_rank", &inp.tile_rank, nt)?;
        let face_by_rank = ranks("face_rank", &inp.face_rank, nf)?;
        let mut faces = Vec::with_capacity(nf);
        for f in 0..nf {
            let (kind, value) = (inp.face_kind[f], inp.face_value[f]);
            if !(DIGIT as i64..=CLOSE as i64).contains(&kind) {
                return bad(format!("face {f} has kind {kind}, not 0..=8"));
            }
            let kind = kind as u8;
            let ok = match kind {
                DIGIT => (0..=9).contains(&value),
                NUMBER => (0..=1_000_000_000).contains(&value),
                _ => value == 0,
            };
            if !ok {
                return bad(format!("face {f} of kind {kind} cannot have the value {value}"));
            }
            faces.push(FaceDef { kind, value, rank: inp.face_rank[f] as u8 });
        }
        let mut tiles = Vec::with_capacity(nt);
        for t in 0..nt {
            let pts = inp.tile_points[t];
            if !(0..=1000).contains(&pts) {
                return bad(format!("tile {t} is worth {pts} points, expected 0..=1000"));
            }
            let fs = &inp.tile_faces[t];
            if fs.len() > nf {
                return bad(format!("tile {t} has {} faces, expected at most {nf}", fs.len()));
            }
            let mut seen = vec![false; nf];
            let mut ids = Vec::with_capacity(fs.len());
            for &f in fs {
                if !(0..nf as i64).contains(&f) || seen[f as usize] {
                    return bad(format!("tile {t} lists the face {f}, which is unknown or repeated"));
                }
                seen[f as usize] = true;
                ids.push(f as u8);
            }
            tiles.push(TileDef { points: pts as i32, faces: ids, rank: inp.tile_rank[t] as u8 });
        }
        if !(1..=18).contains(&inp.max_digits) {
            return bad(format!("max_digits {} is not in 1..=18", inp.max_digits));
        }
        if !(1..=MAX_RACK as i64).contains(&inp.rack_size) {
            return bad(format!("rack size {} is not in 1..={MAX_RACK}", inp.rack_size));
        }
        if !(0..=10_000).contains(&inp.bingo_bonus) {
            return bad(format!("bingo bonus {} is not in 0..=10000", inp.bingo_bonus));
        }
        let max_tiles = match inp.max_tiles {
            None => None,
            Some(m) if m >= 1 => Some(m as usize),
            Some(m) => return bad(format!("max tiles per turn {m} must be at least 1")),
        };
        let mut free = vec![false; nt];
        for &t in &inp.free_tiles {
            if !(0..nt as i64).contains(&t) || free[t as usize] {
                return bad(format!("free tile {t} is unknown or repeated"));
            }
            free[t as usize] = true;
        }
        Ok(RuleData {
            size,
            piece_mult: inp.piece_mult.iter().map(|&m| m as i32).collect(),
            eq_mult: inp.eq_mult.iter().map(|&m| m as i32).collect(),
            centre: inp.centre as usize,
            tiles,
            faces,
            max_digits: inp.max_digits as u32,
            rack_size: inp.rack_size as usize,
            bingo_bonus: inp.bingo_bonus as i32,
            first_play: FirstPlay::from_code(inp.first_play)?,
            max_tiles,
            must_touch: inp.must_touch,
            free,
            tile_by_rank,
            face_by_rank,
        })
    }

    /// True when a face is a bracket or a tile is free: only the Smath search reads such a set.
    pub fn needs_smath_search(&self) -> bool {
        self.free.iter().any(|&f| f) || self.faces.iter().any(|f| f.kind == OPEN || f.kind == CLOSE)
    }

    /// Check a board (tile id, face id per square, -1 for empty) and return it as a grid.
    pub fn read_board(&self, board: &[i64]) -> Result<Vec<Option<(u8, u8)>>> {
        let squares = self.size * self.size;
        if board.len() != 2 * squares {
            return bad(format!("board has {} numbers, expected 2 per square ({})", board.len(), 2 * squares));
        }
        let mut grid = Vec::with_capacity(squares);
        for sq in 0..squares {
            let (t, f) = (board[2 * sq], board[2 * sq + 1]);
            if t == -1 && f == -1 {
                grid.push(None);
                continue;
            }
            if !(0..self.tiles.len() as i64).contains(&t) {
                return bad(format!("square {sq} holds tile id {t}, not a tile of the set"));
            }
            if !(0..self.faces.len() as i64).contains(&f) || !self.tiles[t as usize].faces.contains(&(f as u8)) {
                return bad(format!("square {sq} holds tile {t} showing face {f}, which that tile cannot show"));
            }
            grid.push(Some((t as u8, f as u8)));
        }
        Ok(grid)
    }

    /// Check a rack given as a count per tile id.
    pub fn read_rack(&self, rack: &[i64]) -> Result<Vec<u8>> {
        if rack.len() != self.tiles.len() {
            return bad(format!("rack has {} counts, the set has {} tiles", rack.len(), self.tiles.len()));
        }
        let mut total = 0i64;
        for (t, &c) in rack.iter().enumerate() {
            if c < 0 {
                return bad(format!("rack count {c} of tile {t} is negative"));
            }
            total += c.min(1 << 20);
        }
        if total > self.rack_size as i64 {
            return bad(format!("rack holds {total} tiles, more than the rack size {}", self.rack_size));
        }
        Ok(rack.iter().map(|&c| c as u8).collect())
    }
}

#[cfg(test)]
pub mod testing {
    //! A small A-Math-like ruleset built in tests only (the crate itself has no game data).
    use super::*;

    /// Faces: "0".."20", "+", "-", "*", "/", "=" (ids in that order).
    pub fn face_names() -> Vec<String> {
        let mut names: Vec<String> = (0..=20).map(|n| n.to_string()).collect();
        names.extend(["+", "-", "*", "/", "="].iter().map(|s| s.to_string()));
        names
    }

    /// Tiles: one per face, plus a blank (all faces); ranks in string order.
    pub fn rules(size: usize, rack_size: i64) -> RuleData {
        let names = face_names();
        let nf = names.len();
        let mut order: Vec<usize> = (0..nf).collect();
        order.sort_by(|&a, &b| names[a].cmp(&names[b]));
        let mut face_rank = vec![0i64; nf];
        for (r, &f) in order.iter().enumerate() {
            face_rank[f] = r as i64;
        }
        let mut tile_names = names.clone();
        tile_names.push("?".into());
        let nt = tile_names.len();
        let mut torder: Vec<usize> = (0..nt).collect();
        torder.sort_by(|&a, &b| tile_names[a].cmp(&tile_names[b]));
        let mut tile_rank = vec![0i64; nt];
        for (r, &t) in torder.iter().enumerate() {
            tile_rank[t] = r as i64;
        }
        let mut tile_faces: Vec<Vec<i64>> = (0..nf as i64).map(|f| vec![f]).collect();
        tile_faces.push((0..nf as i64).collect());
        let face_kind: Vec<i64> = (0..nf)
            .map(|f| match f {
                0..=9 => DIGIT as i64,
                10..=20 => NUMBER as i64,
                21 => PLUS as i64,
                22 => MINUS as i64,
                23 => TIMES as i64,
                24 => DIVIDE as i64,
                _ => EQ as i64,
            })
            .collect();
        let face_value: Vec<i64> = (0..nf as i64).map(|f| if f <= 20 { f } else { 0 }).collect();
        let mut tile_points = vec![1i64; nt];
        tile_points[nt - 1] = 0;
        RuleData::new(RuleInput {
            size: size as i64,
            piece_mult: vec![1; size * size],
            eq_mult: vec![1; size * size],
            centre: (size * size / 2) as i64,
            tile_points,
            tile_faces,
            tile_rank,
            face_kind,
            face_value,
            face_rank,
            max_digits: 3,
            rack_size,
            bingo_bonus: 40,
            first_play: 0,
            max_tiles: None,
            must_touch: true,
            free_tiles: vec![],
        })
        .unwrap()
    }

    /// `rules(15, 8)` with tiles worth different points and premiums around the middle rows,
    /// so a bound that rearranges tiles over squares is tighter than one per square.
    pub fn premium_rules() -> RuleData {
        let mut r = rules(15, 8);
        for (t, pts) in [("2", 3), ("4", 5), ("6", 2), ("+", 2), ("*", 4)] {
            r.tiles[face(t) as usize].points = pts;
        }
        for (sq, piece, eq) in [(7 * 15 + 4, 3, 1), (7 * 15 + 11, 2, 1), (6 * 15 + 5, 1, 2), (8 * 15 + 9, 2, 3), (3 * 15 + 6, 3, 1)] {
            r.piece_mult[sq] = piece;
            r.eq_mult[sq] = eq;
        }
        r
    }

    /// Face id of a face name.
    pub fn face(name: &str) -> u8 {
        face_names().iter().position(|n| n == name).unwrap() as u8
    }

    /// A 15x15 board with each word's faces laid from its start square by its step
    /// (1 across, 15 down), each tile showing its own face.
    pub fn board(words: &[(usize, usize, &[&str])]) -> Vec<Option<(u8, u8)>> {
        let mut grid = vec![None; 225];
        for (start, step, faces) in words {
            for (k, f) in faces.iter().enumerate() {
                grid[start + k * step] = Some((face(f), face(f)));
            }
        }
        grid
    }

    /// A small Smath-like set: numbers "0".."12", "+", "-", "*", "/", "=", "(", ")" (face ids in
    /// that order), a tile per face, a blank ("?", numbers and signs), and "=" and brackets free.
    pub fn smath_rules(size: usize, rack_size: i64, first_play: i64) -> RuleData {
        let mut names: Vec<String> = (0..=12).map(|n| n.to_string()).collect();
        names.extend(["+", "-", "*", "/", "=", "(", ")"].iter().map(|s| s.to_string()));
        let nf = names.len();
        let rank_of = |names: &[String]| {
            let mut order: Vec<usize> = (0..names.len()).collect();
            order.sort_by(|&a, &b| names[a].cmp(&names[b]));
            let mut rank = vec![0i64; names.len()];
            for (r, &i) in order.iter().enumerate() {
                rank[i] = r as i64;
            }
            rank
        };
        let face_rank = rank_of(&names);
        let mut tile_names = names.clone();
        tile_names.push("?".into());
        let tile_rank = rank_of(&tile_names);
        let mut tile_faces: Vec<Vec<i64>> = (0..nf as i64).map(|f| vec![f]).collect();
        tile_faces.push((0..17).collect());
        let face_kind: Vec<i64> = (0..nf)
            .map(|f| match f {
                0..=9 => DIGIT,
                10..=12 => NUMBER,
                13 => PLUS,
                14 => MINUS,
                15 => TIMES,
                16 => DIVIDE,
                17 => EQ,
                18 => OPEN,
                _ => CLOSE,
            } as i64)
            .collect();
        let face_value: Vec<i64> = (0..nf as i64).map(|f| if f <= 12 { f } else { 0 }).collect();
        let mut tile_points = vec![1i64; tile_names.len()];
        for t in [17, 18, 19, 20] {
            tile_points[t] = 0; // '=', brackets, blank
        }
        RuleData::new(RuleInput {
            size: size as i64,
            piece_mult: vec![1; size * size],
            eq_mult: vec![1; size * size],
            centre: (size * size / 2) as i64,
            tile_points,
            tile_faces,
            tile_rank,
            face_kind,
            face_value,
            face_rank,
            max_digits: 1,
            rack_size,
            bingo_bonus: 25,
            first_play,
            max_tiles: None,
            must_touch: true,
            free_tiles: vec![17, 18, 19],
        })
        .unwrap()
    }
}
