//! The compiled core of `amath`'s move generator, imported as `amath.engine.movegen._native`.
//!
//! Rulesets, boards and racks arrive as plain integers (see `rules.rs`); nothing here
//! names a tile of any game.  No state outlives a call except the immutable `Rules`
//! object, so calls are re-entrant and thread-safe, and the search runs without the GIL.
//! Every bad input is a `ValueError` naming it; the search itself has no panicking path
//! on validated input (checked arithmetic throughout).

pub mod bound;
pub mod endgame;
pub mod equity;
pub mod generate;
pub mod judge;
pub mod line;
pub mod rational;
pub mod rules;
pub mod sides;
pub mod sim;
pub mod smath;
pub mod util;

use generate::MoveList;
use rules::{Result, RuleData};

/// Generate, sort (keeping `limit` if given) and re-encode the tiles in id space:
/// `(scores, offsets, tiles)` with tiles as `square << 16 | tile id << 8 | face id`.
pub fn run(
    rules: &RuleData,
    board: &[i64],
    rack: &[i64],
    limit: Option<usize>,
    force_max: usize,
) -> Result<(Vec<i64>, Vec<u32>, Vec<u32>)> {
    let grid = rules.read_board(board)?;
    let counts = rules.read_rack(rack)?;
    let mut found: MoveList = generate::generate(rules, &grid, &counts, force_max)?;
    found.sort(limit);
    let mut scores = Vec::with_capacity(found.moves.len());
    let mut offsets = Vec::with_capacity(found.moves.len() + 1);
    let mut tiles = Vec::with_capacity(found.tiles.len());
    offsets.push(0u32);
    for m in &found.moves {
        scores.push(m.score);
        for &key in found.keys(m) {
            let tile = rules.tile_by_rank[((key >> 8) & 0xff) as usize] as u32;
            let face = rules.face_by_rank[(key & 0xff) as usize] as u32;
            tiles.push((key >> 16) << 16 | tile << 8 | face);
        }
        offsets.push(tiles.len() as u32);
    }
    Ok((scores, offsets, tiles))
}

/// The Smath search's placements re-encoded in id space (as [`run`]), what stopped it (0:
/// nothing, 1: the node budget, 2: the table budget), and its (nodes, found, pruned, entries, capped) counts.
pub type SmathOut = (Vec<i64>, Vec<u32>, Vec<u32>, u8, [u64; 5]);

/// Run the exact Smath search ([`smath::search`]) and encode its moves as [`run`] does.
pub fn run_smath<'a>(
    rules: &'a RuleData,
    board: &[i64],
    rack: &[i64],
    opts: smath::Options,
    progress: Option<smath::Progress<'a>>,
) -> Result<SmathOut> {
    let out = smath::search(rules, board, rack, opts, progress)?;
    let mut scores = Vec::with_capacity(out.moves.len());
    let mut offsets = Vec::with_capacity(out.moves.len() + 1);
    let mut tiles = Vec::new();
    offsets.push(0u32);
    for m in &out.moves {
        scores.push(m.score);
        for &key in &m.keys {
            let tile = rules.tile_by_rank[((key >> 8) & 0xff) as usize] as u32;
            let face = rules.face_by_rank[(key & 0xff) as usize] as u32;
            tiles.push((key >> 16) << 16 | tile << 8 | face);
        }
        offsets.push(tiles.len() as u32);
    }
    let stopped = match out.stopped {
        None => 0,
        Some(smath::Stop::Tables) => 2,
        Some(_) => 1,
    };
    Ok((scores, offsets, tiles, stopped, [out.nodes, out.found, out.pruned, out.entries, out.capped]))
}

/// How many moves there are (no sorting, no output).
pub fn count(rules: &RuleData, board: &[i64], rack: &[i64]) -> Result<usize> {
    let grid = rules.read_board(board)?;
    let counts = rules.read_rack(rack)?;
    Ok(generate::generate(rules, &grid, &counts, generate::FORCE_MAX)?.moves.len())
}

#[cfg(feature = "python")]
pub(crate) mod python {
    use super::rules::{InputError, RuleData, RuleInput};
    use pyo3::exceptions::PyValueError;
    use pyo3::prelude::*;
    use pyo3::types::PyBytes;

    fn err(e: InputError) -> PyErr {
        PyValueError::new_err(e.0)
    }

    /// A validated ruleset; build once per ruleset and reuse (immutable, shareable).
    #[pyclass(frozen, module = "amath.engine.movegen._native", name = "Rules")]
    pub(crate) struct Rules {
        pub(crate) data: RuleData,
    }

    #[pymethods]
    impl Rules {
        #[new]
        #[pyo3(signature = (*, size, piece_mult, eq_mult, centre, tile_points, tile_faces, tile_rank, face_kind, face_value, face_rank, max_digits, rack_size, bingo_bonus, first_play, max_tiles, must_touch, free_tiles=Vec::new()))]
        #[allow(clippy::too_many_arguments)]
        fn new(
            size: i64,
            piece_mult: Vec<i64>,
            eq_mult: Vec<i64>,
            centre: i64,
            tile_points: Vec<i64>,
            tile_faces: Vec<Vec<i64>>,
            tile_rank: Vec<i64>,
            face_kind: Vec<i64>,
            face_value: Vec<i64>,
            face_rank: Vec<i64>,
            max_digits: i64,
            rack_size: i64,
            bingo_bonus: i64,
            first_play: i64,
            max_tiles: Option<i64>,
            must_touch: bool,
            free_tiles: Vec<i64>,
        ) -> PyResult<Self> {
            let inp = RuleInput {
                size,
                piece_mult,
                eq_mult,
                centre,
                tile_points,
                tile_faces,
                tile_rank,
                face_kind,
                face_value,
                face_rank,
                max_digits,
                rack_size,
                bingo_bonus,
                first_play,
                max_tiles,
                must_touch,
                free_tiles,
            };
            Ok(Rules { data: RuleData::new(inp).map_err(err)? })
        }

        /// Squares along one side.
        #[getter]
        fn size(&self) -> usize {
            self.data.size
        }
    }

    pub(crate) fn le_bytes<'py, T: Copy, const N: usize>(py: Python<'py>, xs: &[T], f: fn(T) -> [u8; N]) -> Bound<'py, PyBytes> {
        let mut out = Vec::with_capacity(xs.len() * N);
        for &x in xs {
            out.extend_from_slice(&f(x));
        }
        PyBytes::new(py, &out)
    }

    /// Every move, best first: (scores as int64, offsets as uint32, tiles as uint32), little-endian bytes.
    /// `force_max` is a tuning knob of the search (see generate.rs); it never changes the moves.
    #[pyfunction]
    #[pyo3(signature = (rules, board, rack, limit=None, force_max=super::generate::FORCE_MAX))]
    fn generate<'py>(
        py: Python<'py>,
        rules: &Rules,
        board: Vec<i64>,
        rack: Vec<i64>,
        limit: Option<usize>,
        force_max: usize,
    ) -> PyResult<(Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>)> {
        let data = &rules.data;
        let (scores, offsets, tiles) = py.detach(|| super::run(data, &board, &rack, limit, force_max)).map_err(err)?;
        Ok((le_bytes(py, &scores, i64::to_le_bytes), le_bytes(py, &offsets, u32::to_le_bytes), le_bytes(py, &tiles, u32::to_le_bytes)))
    }

    /// The number of moves.
    #[pyfunction]
    fn count(py: Python<'_>, rules: &Rules, board: Vec<i64>, rack: Vec<i64>) -> PyResult<usize> {
        let data = &rules.data;
        py.detach(|| super::count(data, &board, &rack)).map_err(err)
    }

    /// (scores, offsets, tiles, stopped, (nodes, found, pruned, entries, capped)).
    type SmathReply<'py> = (Bound<'py, PyBytes>, Bound<'py, PyBytes>, Bound<'py, PyBytes>, u8, (u64, u64, u64, u64, u64));

    /// The exact Smath search: (scores, offsets, tiles) as `generate` gives them, best first,
    /// then what stopped it (0: nothing, 1: `max_nodes`, 2: `max_entries`, the table budget) and
    /// its (nodes, found, pruned, entries, capped) counts.  `leave` is
    /// the leave table in mixed radix over the rack's distinct tiles in name order;
    /// `progress` is called with the count found, every 10,000, with the GIL held.
    #[pyfunction]
    #[pyo3(signature = (rules, board, rack, limit=None, min_score=None, leave=None, max_nodes=None, max_len=None, progress=None, max_entries=None))]
    #[allow(clippy::too_many_arguments)]
    fn smath<'py>(
        py: Python<'py>,
        rules: &Rules,
        board: Vec<i64>,
        rack: Vec<i64>,
        limit: Option<usize>,
        min_score: Option<f64>,
        leave: Option<Vec<f64>>,
        max_nodes: Option<u64>,
        max_len: Option<i64>,
        progress: Option<Py<PyAny>>,
        max_entries: Option<u64>,
    ) -> PyResult<SmathReply<'py>> {
        let data = &rules.data;
        let opts = super::smath::Options { limit, min_score, leave, max_nodes, max_entries, max_len };
        let mut raised: Option<PyErr> = None;
        let result = py.detach(|| {
            let mut hook = |found: u64| -> bool {
                let Some(callback) = progress.as_ref() else { return true };
                Python::attach(|py| match callback.call1(py, (found,)) {
                    Ok(_) => true,
                    Err(e) => {
                        raised = Some(e);
                        false
                    }
                })
            };
            super::run_smath(data, &board, &rack, opts, Some(&mut hook))
        });
        if let Some(e) = raised {
            return Err(e);
        }
        let (scores, offsets, tiles, stopped, [nodes, found, pruned, entries, capped]) = result.map_err(err)?;
        Ok((
            le_bytes(py, &scores, i64::to_le_bytes),
            le_bytes(py, &offsets, u32::to_le_bytes),
            le_bytes(py, &tiles, u32::to_le_bytes),
            stopped,
            (nodes, found, pruned, entries, capped),
        ))
    }

    #[pymodule]
    fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
        m.add_class::<Rules>()?;
        m.add_function(wrap_pyfunction!(smath, m)?)?;
        m.add_function(wrap_pyfunction!(generate, m)?)?;
        m.add_function(wrap_pyfunction!(count, m)?)?;
        m.add_function(wrap_pyfunction!(crate::endgame::python::endgame, m)?)?;
        m.add_function(wrap_pyfunction!(crate::equity::python::top_equity, m)?)?;
        m.add_function(wrap_pyfunction!(crate::sim::python::playouts, m)?)?;
        Ok(())
    }
}
