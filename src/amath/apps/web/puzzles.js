// The puzzle page (/puzzles): a position from a real game; place tiles (or type the move), the server judges it and shows the answer.
import { api, el, setupLang, showAccount, showFace, showNotation, showTile, t } from "./common.js";
import { buildBoard, paintBoard, renderLegend, tileNode, variantLabel } from "./board.js";
import { reason } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const FREE = "free:";
let puzzle = null;   // the server's view: the position, never the answer
let rack = [];       // [{id, tile}]
let pending = [];    // [{id, square, tile, face, free}]
let selected = null; // a rack tile's id, or FREE + a free tile
let result = null;   // the server's answer to an attempt
let error = null;

function rules() { return (puzzle && puzzle.rules) || {}; }
function boardAt(square) { return puzzle.board.find((b) => b.square === square); }
function pendingAt(square) { return pending.find((p) => p.square === square); }
function answerAt(square) { return result && result.tiles ? result.tiles.find((b) => b.square === square) : null; }
function fail(e) { error = e; $("pz-error").textContent = e ? t("error", { msg: reason(e.message, e.messages) }) : ""; }
function tilesText(tiles) { return tiles.map(showTile).join(" "); }

async function loadNext() {
  fail(null);
  const params = new URLSearchParams({ variant: $("pz-variant").value });
  if ($("pz-kind").value) params.set("kind", $("pz-kind").value);
  if ($("pz-difficulty").value) params.set("difficulty", $("pz-difficulty").value);
  if (puzzle) params.set("after", puzzle.id);
  try {
    puzzle = await api(`/api/puzzles/next?${params}`);
  } catch (e) {
    puzzle = null; fail(e); render(); return;
  }
  rack = puzzle.rack.map((tile, k) => ({ id: `r${k}`, tile }));
  pending = []; selected = null; result = null;
  $("pz-move").value = "";
  render();
}

// ----- placing tiles: click a tile, then a square; a placed tile clicked goes back ---------------------------
function clickTile(id) {
  if (result) return;
  selected = selected === id ? null : id;
  render();
}

function clickCell(square) {
  if (!puzzle || result) return;
  const placed = pendingAt(square);
  if (placed) { pending = pending.filter((p) => p !== placed); render(); return; }
  if (selected === null || boardAt(square)) return;
  const free = selected.startsWith(FREE);
  const tile = free ? selected.slice(FREE.length) : rack.find((r) => r.id === selected).tile;
  const id = free ? `${selected}@${square}` : selected;
  const faces = tile === "?" ? rules().blank_faces : (rules().choice_faces || {})[tile];
  const put = (face) => { pending.push({ id, square, tile, face, free }); selected = null; $("faces").hidden = true; render(); };
  if (faces && faces.length) pickFace(faces, put);
  else put(tile);
}

function pickFace(faces, done) {
  const box = $("faces");
  box.replaceChildren(el("span", { text: t("choose_face") }),
    ...faces.map((f) => el("button", { type: "button", class: "face-btn", "data-face": f, text: showFace(f), onclick: () => done(f) })));
  box.hidden = false;
}

function recall() { pending = []; selected = null; $("faces").hidden = true; render(); }

async function send(body) {
  fail(null);
  try {
    result = await api(`/api/puzzles/${puzzle.id}/attempt`, { method: "POST", body });
    selected = null;
  } catch (e) { fail(e); }
  render();
}

function check() {
  if (!puzzle || result) return;
  const typed = $("pz-move").value.trim();
  if (typed) send({ move: typed });
  else if (pending.length) send({ tiles: pending.map((p) => ({ square: p.square, tile: p.tile, face: p.face })) });
  else fail({ message: t("pz_nothing") });
}

// ----- drawing ---------------------------------------------------------------------------------------------
function renderBoard() {
  paintBoard($("board"), puzzle.layout, (square) => {
    const fixed = boardAt(square);
    if (fixed) return tileNode(fixed.tile, fixed.face ?? fixed.tile, puzzle.points, "fixed", rules().choice_faces || {});
    const shown = answerAt(square);
    if (shown) return tileNode(shown.tile, shown.face ?? shown.tile, puzzle.points, "pending answer", rules().choice_faces || {});
    const p = pendingAt(square);
    return p ? tileNode(p.tile, p.face, puzzle.points, "pending", rules().choice_faces || {}) : null;
  });
  if (selected !== null && !result) {
    for (const cell of $("board").querySelectorAll(".cell")) {
      if (!boardAt(cell.dataset.square) && !pendingAt(cell.dataset.square)) cell.classList.add("target");
    }
  }
}

function tileButton(node, id, label) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.setAttribute("aria-pressed", selected === id ? "true" : "false");
  if (selected === id) node.classList.add("selected");
  node.addEventListener("click", () => clickTile(id));
  node.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); clickTile(id); } });
  return node;
}

function renderRack() {
  const used = new Set(pending.map((p) => p.id));
  const nodes = rack.filter((r) => !used.has(r.id)).map((r) => {
    const node = tileNode(r.tile, null, puzzle.points, "", rules().choice_faces || {});
    node.dataset.tile = r.tile;
    return tileButton(node, r.id, t("say_rack_tile", { tile: node.dataset.say, n: puzzle.points[r.tile] ?? 0 }));
  });
  $("rack").replaceChildren(...nodes);
  $("rack").style.setProperty("--rack-n", String(rules().rack_size || 8));
  const free = rules().free || [];
  $("palette").hidden = free.length === 0;
  $("palette").replaceChildren(el("span", { class: "palette-label", text: t("free_tiles") }),
    ...free.map((tile) => { const node = tileNode(tile, null, puzzle.points, "free"); node.dataset.free = tile; return tileButton(node, FREE + tile, t("free_tile")); }));
}

function renderTask() {
  $("variant").textContent = variantLabel(puzzle.variant);
  $("pz-task").textContent = t(`pz_task_${puzzle.kind}`);
  const info = [t("pz_info", { kind: t(`pz_kind_${puzzle.kind}`), level: t(`pz_${puzzle.difficulty}`), rating: puzzle.rating,
    solved: puzzle.solved, attempts: puzzle.attempts })];
  if (puzzle.opponent.length) info.push(t("pz_opponent", { tiles: tilesText(puzzle.opponent) }));
  $("pz-info").textContent = info.join(" · ");
  const me = puzzle.me;
  $("pz-me").textContent = me ? t("pz_me", { rating: `${me.rating}${me.provisional ? "?" : ""}` }) : t(puzzle.account ? "pz_me_new" : "pz_guest");
  $("scores").replaceChildren(...puzzle.scores.map((s, k) => el("div", { class: k === puzzle.to_move ? "score-row to-move" : "score-row" },
    el("span", { text: k === puzzle.to_move ? t("you") : t("pz_opponent_name") }), el("span", { class: "num", text: String(s) }))));
  $("bag").textContent = t("bag_n", { n: puzzle.bag });
}

function optionLine(o, method, key) {
  const parts = [t(key, { move: showNotation(o.move), score: o.score })];
  parts.push(o.leave.length ? t("pz_keeps", { tiles: tilesText(o.leave) }) : t("pz_keeps_none"));
  if (method === "exact") parts.push(t("pz_value_exact", { value: o.value }));
  else if (result.kind === "leave") parts.push(t("pz_value_static", { value: o.value.toFixed(1) }));
  return parts.join(", ");
}

function renderResult() {
  const box = $("pz-result");
  box.hidden = !result;
  if (!result) return;
  const lines = [];
  if (result.played) lines.push(el("p", { class: result.right ? "pz-right" : "pz-wrong",
    text: result.right ? t("pz_right") : t("pz_wrong", { move: showNotation(result.played), score: result.score }) }));
  else lines.push(el("p", { class: "pz-shown", text: t("pz_shown") }));
  lines.push(el("p", { class: "pz-answer", text: optionLine(result.answer, result.method, "pz_answer") }));
  if (result.next) lines.push(el("p", { class: "pz-next-best", text: optionLine(result.next, result.method, "pz_next_best") }));
  else if (result.kind === "bingo") lines.push(el("p", { text: t("pz_only_bingo") }));
  const unit = result.kind === "leave" ? "pz_margin_value" : "pz_margin_points";
  lines.push(el("p", { class: "pz-margin", text: t(unit, { margin: result.margin }) }));
  lines.push(el("p", { class: "note", text: t(result.method === "exact" ? "pz_judged_exact" : "pz_judged_static") }));
  if (result.rating) lines.push(el("p", { class: "pz-rating", text: t("pz_rating_change", { before: result.rating.before, after: result.rating.after }) }));
  else if (puzzle.account) lines.push(el("p", { class: "note", text: t("pz_unrated_again") }));
  box.replaceChildren(...lines);
}

function render() {
  const ready = puzzle !== null;
  $("rack-area").hidden = !ready;
  if (!ready) { $("pz-result").hidden = true; return; }
  renderTask();
  renderBoard();
  renderRack();
  renderResult();
  $("pz-check").disabled = !!result;
  $("pz-give-up").disabled = !!result;
}

async function init() {
  buildBoard($("board"), clickCell, (square) => { if (pendingAt(square)) clickCell(square); });
  renderLegend($("legend"));
  setupLang(() => { renderLegend($("legend")); render(); if (error) fail(error); });
  showAccount();
  $("pz-check").addEventListener("click", check);
  $("pz-recall").addEventListener("click", recall);
  $("pz-give-up").addEventListener("click", () => { if (puzzle && !result) send({ give_up: true }); });
  $("pz-next").addEventListener("click", loadNext);
  $("pz-typed").addEventListener("submit", (ev) => { ev.preventDefault(); check(); });
  for (const id of ["pz-variant", "pz-kind", "pz-difficulty"]) $(id).addEventListener("change", () => { puzzle = null; loadNext(); });
  await loadNext();
}

init();
