// The game page: board, rack (drag and drop or click), live preview, actions, live updates.
import { api, ApiError, botLabel, el, loadSeat, moveLine, moveSquares, saveSeat, setupLang, showFace, showNotation, showTile, t, tileOrder } from "./common.js";
import { buildBoard, focusSquare, paintBoard, renderLegend, tileNode, variantLabel } from "./board.js";
import { reason } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split("/")[2] || "");
const FREE = "free:";                  // a palette tile's id prefix: "free:=" (Smath's = and brackets)

let seat = loadSeat(gameId);          // {token, seat, mode} or null (spectator)
let state = null;                      // the last view from the server
let receivedAt = 0;                    // when it arrived (for the clocks)
let rack = [];                         // local rack order: [{id, tile}]
let nextId = 1;
let pending = [];                      // tentative tiles: [{id, tile, face, square}]
let selected = null;                   // rack tile id (or a palette "free:=") chosen for click-to-place
let exchangeMode = false;
const exchangeSel = new Set();
let preview = null;                    // last preview answer for `pending`
let previewSeq = 0;
let previewTimer = null;
let passArmed = false;
let summaryShown = false;
let shownSide = null;                  // hot seat: whose rack the screen last showed
let curtain = false;
let socket = null;
let screenId = null; // how the server names this page's socket (a move sent with it is not echoed on the socket)
let retry = 0;
let message = "";
let botLevels = [];                    // bot levels the server offers (to seat a bot in a room)
let shownTurn = null;                  // the history entry clicked last: its move is highlighted on the board
let hint = null;                       // {version, plays} or {busy: true} or {error}
let resignArmed = false;
let review = null;                     // practice: the engine's view of my last move {turn, best, ...} or {busy}
let reviewed = -1;                     // the last of my turns asked about
let focusRackId = null;                // keep the keyboard focus on a rack tile across a re-render

// ----- the variant's tiles (from the view: nothing of A-Math is assumed) ----------------------
const rules = () => (state && state.rules) || { free: [], blank_faces: [], choice_faces: {}, exchange_min_bag: 5, rack_size: 8 };
const choiceFaces = () => rules().choice_faces || {};
function exchangeNeeds() { const m = rules().exchange_min_bag; return m === null || m === undefined ? 1 : m; }

// ----- state ---------------------------------------------------------------------------
function myTurn() {
  return state && state.me && state.status === "playing" && state.to_move === state.me.side && !curtain;
}

function applyState(view) {
  if (!state || view.version !== state.version) { hint = null; shownTurn = null; }
  const ended = state && !state.result && view.result;  // the summary pops up when the game ends before one's eyes
  if (!state && view.result) summaryShown = true;     // a finished game opened later shows its result on the page
  state = view;
  if (!seat && state.me && state.mode !== "hotseat") seat = { token: null, seat: state.me.seat, mode: state.mode };  // my account's seat, on another device: the session is its credential
  receivedAt = Date.now();
  syncRack();
  if (state.mode === "hotseat" && state.status === "playing" && state.me) {
    if (shownSide !== null && shownSide !== state.me.side) {
      curtain = true;
      recallAll();
    }
    shownSide = state.me.side;
  }
  askReview();
  render();
  if (ended && !summaryShown) {
    summaryShown = true;
    showSummary();
  }
}

// A change (after a turn) applies to the view at its `base` revision: fields in `set` replace the view's, lists in
// `add` grow, squares in `drop` leave the board; `own` does the same for this screen's rack and its own exchanges.
// A change for another revision is ignored (older) or answered by asking for the whole view (it missed one).
function applyMessage(msg) {
  if (msg.type !== "change") { applyState(msg); return; }
  if (!state || msg.rev <= state.rev) return;
  if (msg.base !== state.rev) { askWholeView(); return; }
  const own = msg.own || {};
  const view = Object.assign({}, state, msg.set || {}, own.set || {});
  for (const [key, items] of Object.entries(msg.add || {})) view[key] = (state[key] || []).concat(items);
  const gone = new Set((msg.drop && msg.drop.board) || []);
  if (gone.size) view.board = view.board.filter((b) => !gone.has(b.square));
  if (own.history) { view.history = view.history.slice(); for (const e of own.history) view.history[e.n] = e; }
  view.rev = msg.rev;
  applyState(view);
}

function askWholeView() {
  if (socket && socket.readyState === WebSocket.OPEN) { socket.send(JSON.stringify({ type: "sync" })); return; }
  api(`/api/games/${gameId}`, { token: seat && seat.token }).then(applyState).catch(() => {});
}

function syncRack() {
  const server = state.rack || [];
  const mine = rack.map((r) => r.tile);
  const same = server.length === mine.length && [...server].sort().join(",") === [...mine].sort().join(",");
  const boardTaken = new Set(state.board.map((b) => b.square));
  if (!same) {
    const pool = [...server];
    const kept = [];
    for (const r of rack) {
      const k = pool.indexOf(r.tile);
      if (k >= 0) { kept.push(r); pool.splice(k, 1); }
    }
    rack = kept.concat(pool.map((tile) => ({ id: nextId++, tile })));
    pending = [];
    exchangeSel.clear();
    preview = null;
  } else if (pending.some((p) => boardTaken.has(p.square))) {
    pending = [];
    preview = null;
  }
}

function rackTile(id) { return rack.find((r) => r.id === id); }
function pendingAt(square) { return pending.find((p) => p.square === square); }
function boardAt(square) { return state.board.find((b) => b.square === square); }

// ----- placing -------------------------------------------------------------------------
function placeTile(id, square) {
  if (!state || !state.me || curtain || exchangeMode) return;
  if (boardAt(square) || (pendingAt(square) && pendingAt(square).id !== id)) return;
  const existing = pending.find((p) => p.id === id);
  if (existing) { existing.square = square; afterChange(); return; }
  if (typeof id === "string" && id.startsWith(FREE)) {  // a free tile: a new one each time, never from the rack
    const tile = id.slice(FREE.length);
    if (!rules().free.includes(tile)) return;
    pending.push({ id: nextId++, tile, face: tile, square, free: true });
    selected = null;
    afterChange();
    return;
  }
  const r = rackTile(id);
  if (!r) return;
  const put = (face) => { pending.push({ id, tile: r.tile, face, square }); selected = null; afterChange(); };
  if (r.tile === "?") pickFace(t("blank_face"), rules().blank_faces, put);
  else if (choiceFaces()[r.tile]) pickFace(t("choice_face"), choiceFaces()[r.tile], put);
  else put(r.tile);
}

function unplace(id) {
  pending = pending.filter((p) => p.id !== id);
  afterChange();
}

function recallAll() { pending = []; selected = null; afterChange(); }

function afterChange() {
  passArmed = false;
  message = "";
  render();
  schedulePreview();
}

function schedulePreview() {
  clearTimeout(previewTimer);
  preview = null;
  if (pending.length === 0) { renderPreview(); return; }
  renderPreview(true);
  const seq = ++previewSeq;
  previewTimer = setTimeout(async () => {
    try {
      const res = await api(`/api/games/${gameId}/preview`, { method: "POST", token: seat.token, body: { tiles: tilesJson() } });
      if (seq === previewSeq) { preview = res; render(); }
    } catch (e) {
      if (seq === previewSeq) { preview = { legal: false, reason: e.message, reasons: e.messages, score: null }; render(); }
    }
  }, 120);
}

function tilesJson() { return pending.map((p) => ({ square: p.square, tile: p.tile, face: p.face })); }

// ----- actions -------------------------------------------------------------------------
async function send(body) {
  message = "";
  try {
    const live = socket && socket.readyState === WebSocket.OPEN ? screenId : null;
    const answer = await api(`/api/games/${gameId}/move`, { method: "POST", token: seat.token, body, screen: live });
    pending = [];
    preview = null;
    exchangeMode = false;
    exchangeSel.clear();
    applyMessage(answer);
  } catch (e) {
    message = t("error", { msg: reason(e.message, e.messages) });
    render();
  }
}

function play() { if (pending.length) send({ type: "place", tiles: tilesJson() }); }

function shuffle() {
  for (let i = rack.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [rack[i], rack[j]] = [rack[j], rack[i]];
  }
  render();
}

function startExchange() {
  if (!state || state.bag < exchangeNeeds()) { message = t("exchange_needs", { n: exchangeNeeds() }); render(); return; }
  recallAll();
  exchangeMode = true;
  exchangeSel.clear();
  render();
}

function doExchange() {
  const tiles = rack.filter((r) => exchangeSel.has(r.id)).map((r) => r.tile);
  if (tiles.length) send({ type: "exchange", tiles });
}

function pass() {
  if (!passArmed) {
    passArmed = true;
    render();
    setTimeout(() => { passArmed = false; render(); }, 4000);
    return;
  }
  passArmed = false;
  send({ type: "pass" });
}

// ----- drag and drop (pointer events: mouse, pen and touch alike) --------------------------
let drag = null;

function onPointerDown(ev, id) {
  if (ev.button !== undefined && ev.button !== 0) return;
  ev.preventDefault();
  // a tile taken with the mouse leaves no focus behind (a square or a button clicked before): Enter then plays
  const focused = document.activeElement;
  if (focused && focused !== document.body && focused.blur) focused.blur();
  drag = { id, x: ev.clientX, y: ev.clientY, moved: false, ghost: null, source: ev.currentTarget };
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", onPointerUp, { once: true });
}

function onPointerMove(ev) {
  if (!drag) return;
  if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 6) return;
  if (!drag.moved) {
    if (exchangeMode || !myMoveAllowed()) { return; }
    drag.moved = true;
    drag.ghost = drag.source.cloneNode(true);
    drag.ghost.classList.add("ghost");
    document.body.append(drag.ghost);
    drag.source.classList.add("dragging");
  }
  drag.ghost.style.left = `${ev.clientX - drag.ghost.offsetWidth / 2}px`;
  drag.ghost.style.top = `${ev.clientY - drag.ghost.offsetHeight / 2}px`;
  for (const c of document.querySelectorAll(".cell.over")) c.classList.remove("over");
  const cell = cellAt(ev.clientX, ev.clientY);
  if (cell) cell.classList.add("over");
}

function cellAt(x, y) {
  const under = document.elementFromPoint(x, y);
  return under ? under.closest(".cell") : null;
}

function onPointerUp(ev) {
  document.removeEventListener("pointermove", onPointerMove);
  const d = drag;
  drag = null;
  if (!d) return;
  for (const c of document.querySelectorAll(".cell.over")) c.classList.remove("over");
  if (!d.moved) { clickTile(d.id); return; }
  d.ghost.remove();
  d.source.classList.remove("dragging");
  const cell = cellAt(ev.clientX, ev.clientY);
  if (cell && !boardAt(cell.dataset.square) && !pendingAt(cell.dataset.square)) { placeTile(d.id, cell.dataset.square); return; }
  const under = document.elementFromPoint(ev.clientX, ev.clientY);
  if (under && under.closest("#rack")) {
    if (pending.some((p) => p.id === d.id)) { unplace(d.id); return; }
    const target = under.closest(".tile");
    if (target && target.dataset.id) {
      const from = rack.findIndex((r) => r.id === d.id);
      const to = rack.findIndex((r) => r.id === Number(target.dataset.id));
      if (from >= 0 && to >= 0) {  // a palette tile is not part of the rack's order
        const [moved] = rack.splice(from, 1);
        rack.splice(to, 0, moved);
      }
    }
  }
  render();
}

function myMoveAllowed() { return state && state.me && state.status === "playing" && !curtain; }

function clickTile(id) {
  if (pending.some((p) => p.id === id)) { unplace(id); return; }
  if (exchangeMode && typeof id === "string") return;
  if (exchangeMode) {
    message = "";
    if (exchangeSel.has(id)) exchangeSel.delete(id);
    else if (exchangeSel.size < state.bag) exchangeSel.add(id);  // a rack never shrinks: at most the bag's count
    else message = t("exchange_most", { n: state.bag });
    render();
    return;
  }
  selected = selected === id ? null : id;
  render();
}

function clickCell(square) {
  if (selected !== null && !boardAt(square) && !pendingAt(square)) placeTile(selected, square);
  else if (selected === null && pendingAt(square)) unplace(pendingAt(square).id);  // a tentative tile goes back
}

function removeAt(square) { const p = pendingAt(square); if (p) unplace(p.id); }

// A rack or palette tile chosen with Enter or Space: the focus goes to the board to pick its square.
function tileKey(ev, id) {
  if (ev.key !== "Enter" && ev.key !== " ") return;
  ev.preventDefault();
  ev.stopPropagation();
  clickTile(id);
  if (selected === id && !exchangeMode) {
    const target = $("board").querySelector('.cell[tabindex="0"]');
    focusSquare($("board"), target && !boardAt(target.dataset.square) ? target.dataset.square : freeSquareNear("H8"));
  } else focusRackId = id;
  render();
}

function freeSquareNear(square) {
  if (!boardAt(square) && !pendingAt(square)) return square;
  const free = [...$("board").querySelectorAll(".cell")].find((c) => !boardAt(c.dataset.square) && !pendingAt(c.dataset.square));
  return free ? free.dataset.square : square;
}

// ----- rendering -----------------------------------------------------------------------
function renderBoard() {
  const last = new Set(state.last || []);
  paintBoard($("board"), state.layout, (square) => {
    const onBoard = boardAt(square);
    if (onBoard) return tileNode(onBoard.tile, onBoard.face ?? onBoard.tile, state.points, last.has(square) ? "fixed last" : "fixed", choiceFaces());
    const tentative = pendingAt(square);
    if (!tentative) return null;
    const node = tileNode(tentative.tile, tentative.face, state.points, tentative.free ? "pending free" : "pending", choiceFaces());
    node.dataset.id = tentative.id;
    node.addEventListener("pointerdown", (ev) => onPointerDown(ev, tentative.id));
    return node;
  });
  if (selected !== null) {
    for (const cell of $("board").querySelectorAll(".cell")) {
      if (!boardAt(cell.dataset.square) && !pendingAt(cell.dataset.square)) cell.classList.add("target");
    }
  }
  const shown = shownTurn === null ? null : state.history[shownTurn];
  for (const square of shown ? moveSquares(shown.notation) : []) {
    const cell = $("board").querySelector(`.cell[data-square="${square}"]`);
    if (cell) cell.classList.add("hl");
  }
}

// Smath: '=' and brackets come from a free supply, as many as a play needs.
function renderPalette() {
  const free = rules().free || [];
  const box = $("palette");
  box.hidden = free.length === 0 || exchangeMode;
  if (box.hidden) return;
  const tiles = free.map((tile) => {
    const node = tileNode(tile, null, state.points, "free");
    node.dataset.id = FREE + tile;
    node.dataset.free = tile;
    node.title = t("free_tile");
    if (selected === FREE + tile) node.classList.add("selected");
    focusable(node, FREE + tile, `${t("free_tile")}: ${node.dataset.say}`, selected === FREE + tile);
    return node;
  });
  box.replaceChildren(el("span", { class: "palette-label", text: t("free_tiles") }), ...tiles);
}

// A tile of the rack or the palette: pointer (drag or click) and keyboard (Tab, then Enter or Space).
function focusable(node, id, label, pressed) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.setAttribute("aria-pressed", pressed ? "true" : "false");
  node.addEventListener("pointerdown", (ev) => onPointerDown(ev, id));
  node.addEventListener("keydown", (ev) => tileKey(ev, id));
}

function renderRack() {
  const box = $("rack");
  const onBoard = new Set(pending.map((p) => p.id));
  const nodes = [];
  // behind the hot-seat curtain the next player's tiles are not in the page at all (not merely hidden) until revealed
  for (const r of curtain ? [] : rack) {
    if (onBoard.has(r.id)) continue;
    const node = tileNode(r.tile, null, state.points, "", choiceFaces());
    node.dataset.id = r.id;
    node.dataset.tile = r.tile;
    if (selected === r.id) node.classList.add("selected");
    if (exchangeMode && exchangeSel.has(r.id)) node.classList.add("marked");
    focusable(node, r.id, t("say_rack_tile", { tile: node.dataset.say, n: state.points[r.tile] ?? 0 }),
      selected === r.id || (exchangeMode && exchangeSel.has(r.id)));
    nodes.push(node);
  }
  box.replaceChildren(...nodes);
  box.style.setProperty("--rack-n", String(rules().rack_size || 8));
  $("rack-area").hidden = !state.me || state.status !== "playing";
  box.classList.toggle("curtained", curtain);
  renderPalette();
}

function renderPreview(checking = false) {
  const box = $("preview");
  box.className = "preview";
  if (message) { box.textContent = message; box.classList.add("bad"); return; }
  if (exchangeMode) { box.textContent = ""; return; }
  if (pending.length === 0) { box.textContent = state && myTurn() ? t("place_tiles") : ""; return; }
  if (checking || !preview) { box.textContent = t("checking"); return; }
  if (preview.legal) { box.textContent = t("legal", { n: preview.score }); box.classList.add("good"); }
  else if (!preview.your_turn && preview.score !== null && preview.code === "not_your_turn") {
    box.textContent = t("not_your_turn", { n: preview.score });
  } else { box.textContent = t("illegal", { reason: reason(preview.reason, preview.reasons) }); box.classList.add("bad"); }
}

function renderActions() {
  const mine = myTurn();
  const playBtn = $("btn-play");
  playBtn.disabled = !(mine && pending.length && preview && preview.legal);
  playBtn.textContent = preview && preview.legal && pending.length ? t("play_score", { n: preview.score }) : t("play");
  $("btn-recall").disabled = pending.length === 0;
  $("btn-exchange").disabled = !mine || state.bag < exchangeNeeds();
  $("btn-pass").disabled = !mine;
  $("btn-pass").textContent = passArmed ? t("pass_confirm") : t("pass");
  $("btn-pass").classList.toggle("warn", passArmed);
  $("btn-challenge").hidden = !(state.can_challenge && state.me);
  $("btn-hint").hidden = !(state.hints && state.me && state.status === "playing");
  $("btn-hint").disabled = !myMoveAllowed() || (hint && hint.busy);
  $("btn-resign").hidden = !(state.me && state.status === "playing");
  $("btn-resign").textContent = resignArmed ? t("resign_confirm") : t("resign");
  $("btn-resign").classList.toggle("warn", resignArmed);
  // a rated game whose player to move left: the other may claim the win (the server says when it may)
  $("btn-claim-win").hidden = !(state.rated && state.me && state.status === "playing" && state.to_move !== state.me.side);
  const seated = state.me && state.mode === "room" && state.status !== "over" && !curtain;
  $("btn-handover").hidden = !seated;
  $("actions").hidden = exchangeMode;
  $("exchange-bar").hidden = !exchangeMode;
  $("btn-exchange-go").textContent = t("exchange_confirm", { n: exchangeSel.size });
  $("btn-exchange-go").disabled = exchangeSel.size === 0;
}

function sideName(k) {
  const s = state.sides[k];
  if (!s) return "";
  const bot = state.seats.find((x) => x.side === k && x.bot);
  if (bot && state.seats.filter((x) => x.side === k).length === 1) {
    return t("bot_name", { level: botLabel(bot.bot) });
  }
  return s.name;
}

function clockText(k) {
  const c = state.clock;
  if (!c || c.kind === "none" || !c.used) return null;
  const running = state.to_move === k ? c.running + (Date.now() - receivedAt) / 1000 : 0;
  const left = c.kind === "total" ? c.seconds - c.used[k] - running : (state.to_move === k ? c.seconds - running : c.seconds);
  const sign = left < 0 ? "−" : "";
  const s = Math.floor(Math.abs(left));
  return `${sign}${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// A side's rack in the score list: its tiles when racks are open (Smath Primary), else how many.
function rackShown(k, count) {
  const open = state.open_racks && state.open_racks[k];
  if (!open) return el("span", { class: "rack-count", text: "▮".repeat(count) });
  return el("span", { class: "open-rack", title: t("open_rack") }, ...open.map((tile) => el("span", { class: "mini-tile", text: showTile(tile) })));
}

function renderScores() {
  const shared = rules().shared_score;
  const r = state.result;
  const scoreOf = (k) => (r ? r.scores[k] : state.sides[k].score);  // once over: the final scores, after the racks
  const rows = state.sides.map((s, k) => {
    const isMe = state.me && state.me.side === k;
    const won = r && !r.draw && r.winners.includes(k);
    const bots = state.seats.filter((x) => x.side === k && x.bot);
    const clock = clockText(k);
    return el("div", { class: `score-row${state.to_move === k ? " to-move" : ""}${isMe ? " me" : ""}${shared ? " shared" : ""}`, "data-side": String(k) },
      el("span", { class: "who" }, el("span", { class: "name", text: sideName(k) }),
        isMe ? el("span", { class: "tag", text: t("you") }) : null, bots.length ? el("span", { class: "tag", text: t("bot") }) : null,
        won ? el("span", { class: "tag win", text: t("winner_tag") }) : null),
      clock ? el("span", { class: `clock${clock.startsWith("−") ? " over" : ""}`, title: t("time_left"), text: clock }) : null,
      rackShown(k, s.rack),
      shared ? null : el("span", { class: "score", text: String(scoreOf(k)) }));
  });
  if (shared && state.sides.length) {  // Co-op: one score for the whole table
    rows.unshift(el("div", { class: "shared-score", id: "shared-score" },
      el("span", { text: t("shared_score") }), el("span", { class: "score", text: String(scoreOf(0)) })));
  }
  $("scores").replaceChildren(...rows);
  $("bag").textContent = state.bag === null ? "" : t("bag_n", { n: state.bag });
}

// "12+34=46 · 8E · +48" for a placement (the equation, where it starts, the score); words for the rest.
function historyText(h) {
  if (h.kind === "place") return (moveLine(h.notation, h.score) ?? showNotation(h.notation)) + (h.bingo ? ` · ${t("bingo")}` : "");
  const score = h.score ? ` · ${h.score > 0 ? "+" : ""}${h.score}` : "";
  if (h.kind === "exchange") return t("kind_exchange", { n: h.count ?? "" }) + (h.notation !== "exchange" ? ` (${showNotation(h.notation.slice(9))})` : "");
  return t(`kind_${h.kind}`) + score;
}

function renderHistory() {
  const box = $("history");
  const items = state.history.map((h, k) => {
    const li = el("li", { class: `kind-${h.kind}${shownTurn === k ? " current" : ""}`, "data-turn": String(k) },
      el("span", { class: "h-name", text: sideName(h.side) }), el("span", { class: "h-move", text: historyText(h) }),
      el("span", { class: "h-total", text: String(h.total) }));
    if (h.kind === "place") {
      Object.entries({ tabindex: "0", role: "button", title: t("show_on_board"), "aria-pressed": String(shownTurn === k) })
        .forEach(([a, v]) => li.setAttribute(a, v));
      const show = () => { shownTurn = shownTurn === k ? null : k; render(); };
      li.addEventListener("click", show);
      li.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); show(); } });
    }
    return li;
  });
  const atEnd = box.scrollTop + box.clientHeight >= box.scrollHeight - 4;
  const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.dataset.turn : null;
  box.replaceChildren(...items);
  if (atEnd && shownTurn === null) box.scrollTop = box.scrollHeight;
  if (focused !== null) { const again = box.querySelector(`li[data-turn="${focused}"]`); if (again) again.focus(); }
}

function renderUnseen() {
  // the counts behind the curtain would give the next player's rack away (board + unseen counts = rack): none until revealed
  const entries = Object.entries(curtain ? {} : state.unseen || {}).sort((a, b) => tileOrder(a[0], b[0]));
  $("unseen").replaceChildren(...entries.map(([tile, n]) => el("span", { class: "unseen-tile" },
    el("span", { class: "u-tile", text: showTile(tile) }), el("span", { class: "u-count", text: `×${n}` }))));
}

function renderStatus() {
  let text = "";
  if (state.status === "waiting") text = t("waiting_room");
  else if (state.status === "expired") text = t("room_expired");
  else if (state.status === "over" && state.result) text = `${t("game_over")} · ${state.result.draw ? t("draw") : t("winner", { name: state.result.winners.map(sideName).join(", ") })}`;
  else if (state.status === "over") text = t("game_over");
  else if (!state.me) text = `${t("spectating")} ${t("to_move", { name: sideName(state.to_move) })}`;
  else if (state.to_move === state.me.side) text = t("your_turn");
  else text = t("waiting_for", { name: sideName(state.to_move) });
  if (state.me && state.can_challenge) text += ` · ${t("can_challenge_hint")}`;
  $("status").textContent = text;
  $("variant").textContent = variantLabel(state.variant) + (state.rated ? ` · ${t("rated_tag")}` : "");
  $("status").classList.toggle("mine", myTurn());
}

function renderWaiting() {
  const box = $("waiting");
  box.hidden = state.status !== "waiting" && state.status !== "expired";
  document.querySelector(".side-panel").hidden = !box.hidden;
  if (box.hidden) return;
  if (state.status === "expired") {  // nobody filled it in time: say so, and where to go instead
    box.replaceChildren(el("h2", { id: "expired", text: t("room_expired") }), el("p", { text: t("room_expired_why") }),
      el("a", { class: "button primary", href: "/", text: t("room_expired_new") }));
    return;
  }
  const link = `${location.origin}/g/${gameId}`;
  const input = el("input", { readonly: true, value: link, class: "share-link" });
  const copy = el("button", { type: "button", text: t("copy"), onclick: async () => {
    input.select();
    try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
    copy.textContent = t("copied");
  } });
  const seats = state.seats.map((s) => el("li", { class: s.joined ? "joined" : "free", text: !s.joined ? t("seat_free") : s.bot ? t("bot_name", { level: botLabel(s.bot) }) : s.name }));
  const free = state.seats.some((s) => !s.joined);
  const join = !state.me && free ? [el("button", { class: "primary", type: "button", text: t("join_room"), onclick: showJoin })] : [];
  if (state.me && state.me.seat === 0 && free && botLevels.length) {
    const level = el("select", { id: "bot-level" }, ...botLevels.map((b) => el("option", { value: b, text: botLabel(b) })));
    const add = async () => {
      try { applyState(await api(`/api/games/${gameId}/bot`, { method: "POST", token: seat.token, body: { bot: level.value } })); }
      catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); render(); }
    };
    join.push(el("div", { class: "row" }, level, el("button", { type: "button", id: "add-bot", text: t("add_bot"), onclick: add })));
  }
  if (state.me) join.push(el("div", { class: "row" }, el("button", { type: "button", id: "leave-room", text: t("leave_room"), onclick: leave })));
  box.replaceChildren(el("h2", { text: t("waiting_room") }), el("p", { text: t("share_link") }), el("div", { class: "row" }, input, copy),
    el("ul", { class: "seat-list" }, ...seats), ...join);
}

function renderCurtain() {
  if (!curtain) return;
  openModal(el("div", { class: "handover" }, el("h2", { text: t("handover", { name: sideName(state.to_move) }) }),
    el("button", { class: "primary", type: "button", id: "show-tiles", text: t("show_tiles"), onclick: () => { curtain = false; closeModal(); render(); } })));
}

function render() {
  if (!state) return;
  renderStatus();
  renderBoard();
  renderLegend($("legend"));
  renderRack();
  renderPreview();
  renderActions();
  renderScores();
  renderHistory();
  renderUnseen();
  renderWaiting();
  renderResult();
  renderHint();
  renderReview();
  renderWatchers();
  renderCurtain();
  if (focusRackId !== null) {
    const again = document.querySelector(`#rack .tile[data-id="${focusRackId}"], #palette .tile[data-id="${focusRackId}"]`);
    focusRackId = null;
    if (again) again.focus();
  }
}

function renderWatchers() {
  const n = state.spectators || 0;
  $("watchers").hidden = n === 0;
  $("watchers").textContent = t("spectators_n", { n });
}

// ----- dialogs -------------------------------------------------------------------------
let modalReturn = null;                // where the focus goes back to when the dialog closes
function openModal(content) {
  if ($("modal").hidden) modalReturn = document.activeElement;
  const box = $("modal-box");
  box.replaceChildren(content);
  const title = box.querySelector("h2");
  if (title) { title.id = "modal-title"; box.setAttribute("aria-labelledby", "modal-title"); }
  $("modal").hidden = false;
  const first = box.querySelector("input, .primary, button, a[href]");
  (first || box).focus();
}
function closeModal() {
  if ($("modal").hidden) return;
  $("modal").hidden = true;
  if (modalReturn && document.contains(modalReturn)) modalReturn.focus();
  modalReturn = null;
}
function trapFocus(ev) {
  if (ev.key !== "Tab" || $("modal").hidden) return;
  const items = [...$("modal-box").querySelectorAll("button:not([disabled]), a[href], input, select")].filter((x) => x.offsetParent !== null);
  if (!items.length) return;
  const first = items[0], last = items[items.length - 1];
  if (ev.shiftKey && (document.activeElement === first || !$("modal-box").contains(document.activeElement))) { ev.preventDefault(); last.focus(); }
  else if (!ev.shiftKey && (document.activeElement === last || !$("modal-box").contains(document.activeElement))) { ev.preventDefault(); first.focus(); }
}

function pickFace(title, faces, done) {
  const buttons = faces.map((f) => el("button", { type: "button", class: "face-btn", "data-face": f, text: showFace(f), onclick: () => { closeModal(); done(f); } }));
  openModal(el("div", { class: "face-picker" }, el("h2", { text: title }), el("div", { class: "faces" }, ...buttons),
    el("button", { type: "button", class: "cancel", text: t("cancel"), onclick: closeModal })));
}

// The end of the game: why, every side's score, rack adjustment, time penalty and final score, the winner.
function resultNode(prefix) {
  const r = state.result;
  const name = (k) => sideName(k);
  let why = rules().pass_rounds === 1 ? t("reason_passes_once") : t("reason_passes");
  if (r.reason === "playout") why = t("reason_playout", { name: name(r.out_player) });
  if (r.reason === "time") why = t("reason_time", { name: name(r.loser_on_time) });
  if (r.reason === "resign") why = t("reason_resign", { name: name(r.resigned) });
  const head = el("tr", {}, ...["", "summary_score", "summary_adjust", "summary_penalty", "summary_final", "summary_left"].map((k) => el("th", { text: k ? t(k) : "" })));
  const before = (k) => r.scores[k] - r.adjustments[k] - r.penalties[k];
  const rows = state.sides.map((s, k) => el("tr", { class: r.winners.includes(k) ? "winner" : "" },
    el("td", { text: sideName(k) }), el("td", { text: String(before(k)) }),
    el("td", { text: signed(r.adjustments[k]) }), el("td", { text: signed(r.penalties[k]) }),
    el("td", { class: "final", text: String(r.scores[k]) }),
    el("td", { class: "left-tiles", text: (r.final_racks[k] || []).map(showTile).join(" ") })));
  const verdict = r.draw ? t("draw") : t("winner", { name: r.winners.map(name).join(", ") });
  const button = (key, onclick, cls = "") => el("button", { type: "button", id: `${prefix}-${key}`, class: cls, text: t(key === "record" ? "download_record" : key), onclick });
  const actions = [button("analyse", () => openReplay(true), "primary"), button("open_replay", () => openReplay(false)), button("record", downloadRecord)];
  if (state.me) actions.push(button("rematch", rematch));
  else if (state.rematch) actions.push(el("a", { class: "button", href: `/g/${state.rematch}`, text: t("watch_rematch") }));
  actions.push(el("a", { class: "button", href: "/", text: t("new_game") }));
  return el("div", { class: "summary", id: prefix === "summary" ? "summary" : null },
    el("h2", { text: t("game_over") }), el("p", { class: "why", text: why }),
    el("div", { class: "table-wrap" }, el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows))), el("p", { class: "verdict", text: verdict }),
    state.rematch && state.me ? el("p", { class: "note", text: t("rematch_offered") }) : null,
    el("div", { class: "row" }, prefix === "summary" ? el("button", { type: "button", text: t("close"), onclick: closeModal }) : null, ...actions));
}

function showSummary() { if (state.result) openModal(resultNode("summary")); }

// The result stays on the page once the summary is closed.
function renderResult() {
  const box = $("result-panel");
  box.hidden = !state.result;
  if (state.result) box.replaceChildren(resultNode("result"));
}

// The finished game in the record viewer (its analysis with `analyse`), without a file: the record goes by session storage.
async function openReplay(analyse) {
  try {
    const text = await fetchRecord();
    sessionStorage.setItem("amath.replay", text);
    sessionStorage.setItem("amath.replay.name", `amath-${gameId}.amr`);
    sessionStorage.setItem("amath.replay.game", gameId);
    location.href = analyse ? "/replay?analyse=1" : "/replay";
  } catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); render(); }
}

async function rematch() {
  try {
    const res = await api(`/api/games/${gameId}/rematch`, { method: "POST", token: seat.token });
    saveSeat(res.id, { token: seat.token, seat: res.seat, mode: res.mode });  // the same token holds the same seat there
    location.href = `/g/${res.id}`;
  } catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); closeModal(); render(); }
}

function resign() {
  if (!resignArmed) {
    resignArmed = true;
    render();
    setTimeout(() => { resignArmed = false; if (state) render(); }, 4000);
    return;
  }
  resignArmed = false;
  post("resign");
}

// A seat action that answers with the new view (resign).
async function post(action) {
  try { applyState(await api(`/api/games/${gameId}/${action}`, { method: "POST", token: seat.token })); }
  catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); render(); }
}

async function leave() {
  try {
    await api(`/api/games/${gameId}/leave`, { method: "POST", token: seat.token });
    localStorage.removeItem(`amath.seat.${gameId}`);
    location.href = "/";
  } catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); render(); }
}

// Hand my seat to someone else: a one-time link; whoever opens it takes the seat and my screen only watches.
async function handover() {
  try {
    const res = await api(`/api/games/${gameId}/handover`, { method: "POST", token: seat.token });
    const link = `${location.origin}/g/${gameId}?claim=${encodeURIComponent(res.code)}`;
    const input = el("input", { readonly: true, value: link, class: "share-link", id: "handover-link" });
    const copy = el("button", { type: "button", text: t("copy"), onclick: async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
      copy.textContent = t("copied");
    } });
    openModal(el("div", { class: "handover-box" }, el("h2", { text: t("handover_seat") }), el("p", { text: t("handover_help") }),
      el("div", { class: "row" }, input, copy), el("div", { class: "row" }, el("button", { type: "button", text: t("close"), onclick: closeModal }))));
  } catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); render(); }
}

function showClaim(code) {
  const input = el("input", { id: "claim-name", maxlength: "24", value: localStorage.getItem("amath.name") || "" });
  const go = async () => {
    try {
      const res = await api(`/api/games/${gameId}/claim`, { method: "POST", body: { code, name: input.value.trim() || undefined } });
      seat = { token: res.token, seat: res.seat, mode: res.mode };
      saveSeat(gameId, seat);
      closeModal();
      history.replaceState(null, "", `/g/${gameId}`);
      connect();
    } catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); closeModal(); history.replaceState(null, "", `/g/${gameId}`); render(); }
  };
  openModal(el("div", { class: "join" }, el("h2", { text: t("claim_seat") }), el("p", { text: t("claim_help") }),
    el("label", {}, el("span", { text: t("join_as") }), input),
    el("div", { class: "row" }, el("button", { class: "primary", type: "button", id: "claim-go", text: t("claim_go"), onclick: go }),
      el("button", { type: "button", text: t("cancel"), onclick: closeModal }))));
}

// ----- practice: after each of my moves, what the engine would have played ---------------------
async function askReview() {
  if (!state.practice || !state.me) return;
  const mine = state.history.map((h, k) => [h, k]).filter(([h]) => h.side === state.me.side && ["place", "exchange", "pass"].includes(h.kind));
  if (!mine.length) return;
  const k = mine[mine.length - 1][1];
  if (k <= reviewed) return;
  reviewed = k;
  review = { busy: true, turn: k };
  try { review = await api(`/api/games/${gameId}/review`, { method: "POST", token: seat.token, body: { turn: k } }); }
  catch (e) { review = { error: reason(e.message, e.messages) }; }
  render();
}

function renderReview() {
  const box = $("review-box");
  box.hidden = !review || !state.practice;
  if (box.hidden) return;
  if (review.busy) { box.replaceChildren(el("p", { class: "note", text: t("review_thinking") })); return; }
  if (review.error) { box.replaceChildren(el("p", { class: "error", text: t("error", { msg: review.error }) })); return; }
  const h = state.history[review.turn - 1];
  const played = h ? historyText(h) : review.played;
  const best = review.best[0];
  const verdict = !best ? t("hint_none") : review.points_lost > 0 || review.equity_lost > 0
    ? t("review_lost", { p: review.points_lost, e: review.equity_lost }) : t("review_found");
  box.replaceChildren(el("p", { class: "hint-title", text: t("review_title", { move: played }) }),
    el("p", { class: review.points_lost > 0 ? "bad" : "good", id: "review-verdict", text: verdict }),
    ...review.best.map((o) => el("p", { class: "review-play", text: moveLine(o.move, o.score) ?? showNotation(o.move) })));
}

// ----- hints (games against the bot only; the server refuses them anywhere else) -----------
async function askHint() {
  if (!state || !seat) return;
  const version = state.version;
  hint = { busy: true };
  render();
  try {
    const res = await api(`/api/games/${gameId}/hint`, { method: "POST", token: seat.token });
    if (state.version === version) hint = res;
  } catch (e) { hint = { error: reason(e.message, e.messages) }; }
  render();
}

function renderHint() {
  const box = $("hint-box");
  box.hidden = !hint || !state.hints || state.status !== "playing";
  if (box.hidden) return;
  if (hint.busy) { box.replaceChildren(el("p", { class: "note", text: t("hint_thinking") })); return; }
  if (hint.error) { box.replaceChildren(el("p", { class: "error", text: t("error", { msg: hint.error }) })); return; }
  if (!hint.plays.length) { box.replaceChildren(el("p", { class: "note", text: t("hint_none") })); return; }
  const stopped = hint.exact === false ? [el("p", { class: "note", text: t("hint_inexact") })] : [];
  box.replaceChildren(el("p", { class: "hint-title", text: t("hint_title") }), ...stopped,
    ...hint.plays.map((p, k) => el("button", { type: "button", class: "hint-play", "data-k": String(k), title: t("hint_place"),
      text: moveLine(p.move, p.score) ?? showNotation(p.move), onclick: () => placeHint(p) })));
}

// Put a hinted play on the board as tentative tiles from the rack (then Play sends it, as always).
function placeHint(play) {
  pending = [];
  const used = new Set();
  for (const tile of play.tiles) {
    if (rules().free.includes(tile.tile)) { pending.push({ id: nextId++, tile: tile.tile, face: tile.face, square: tile.square, free: true }); continue; }
    const r = rack.find((x) => x.tile === tile.tile && !used.has(x.id));
    if (!r) { pending = []; break; }
    used.add(r.id);
    pending.push({ id: r.id, tile: r.tile, face: tile.face, square: tile.square });
  }
  selected = null;
  afterChange();
}

// The game's record as this seat may see it (the token goes in a header, so fetch, not a link).
async function fetchRecord() {
  const headers = seat && seat.token ? { "X-Seat-Token": seat.token } : {};
  const res = await fetch(`/api/games/${gameId}/record`, { headers });
  if (!res.ok) {  // refused: its text in each language by code, as for the other calls
    const data = await res.json().catch(() => null);
    throw new ApiError(res.status, (data && data.error) || res.statusText, data);
  }
  return res.text();
}

// ... saved as a file.
async function downloadRecord() {
  try {
    const url = URL.createObjectURL(new Blob([await fetchRecord()], { type: "text/plain" }));
    const link = el("a", { href: url, download: `amath-${gameId}.amr` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); render(); }
}

function signed(n) { return n > 0 ? `+${n}` : String(n); }

function showJoin() {
  const input = el("input", { id: "join-name", maxlength: "24", value: localStorage.getItem("amath.name") || "" });
  const go = async () => {
    try {
      const res = await api(`/api/games/${gameId}/join`, { method: "POST", body: { name: input.value.trim() || undefined } });
      localStorage.setItem("amath.name", input.value.trim());
      seat = { token: res.token, seat: res.seat, mode: res.mode };
      saveSeat(gameId, seat);
      closeModal();
      history.replaceState(null, "", `/g/${gameId}`);
      connect();
    } catch (e) { message = t("error", { msg: reason(e.message, e.messages) }); closeModal(); render(); }
  };
  openModal(el("div", { class: "join" }, el("h2", { text: t("join_room") }),
    el("label", {}, el("span", { text: t("join_as") }), input),
    el("div", { class: "row" }, el("button", { class: "primary", type: "button", id: "join-go", text: t("join"), onclick: go }),
      el("button", { type: "button", text: t("watch"), onclick: () => { closeModal(); history.replaceState(null, "", `/g/${gameId}`); } }))));
}

// ----- live updates ------------------------------------------------------------------------
function connect() {
  if (socket) { socket.onclose = null; socket.close(); }
  screenId = null; // the new socket names itself in its first view
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = seat && seat.token ? `?token=${encodeURIComponent(seat.token)}` : "";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws${q}`);
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state" || msg.type === "change") {
      retry = 0;
      if (msg.screen) screenId = msg.screen;
      $("banner").hidden = true;
      applyMessage(msg.type === "state" ? msg.state : msg);
    } else if (msg.type === "error") {
      if (msg.status === 403 && seat) { seat = null; connect(); return; }
      $("banner").textContent = msg.status === 404 ? t("no_game") : t("error", { msg: reason(msg.error, msg.messages) });
      $("banner").hidden = false;
      socket.onclose = null;
    }
  };
  socket.onclose = () => {
    $("banner").textContent = t("reconnecting");
    $("banner").hidden = false;
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 500 * retry);
  };
}

// Bigger squares on a phone: the board is wider than the screen and scrolls (tiles are still dragged).
function setZoom(on) {
  document.body.classList.toggle("zoomed", on);
  $("btn-zoom").setAttribute("aria-pressed", String(on));
  localStorage.setItem("amath.zoom", on ? "1" : "0");
}

function init() {
  buildBoard($("board"), clickCell, removeAt);
  setupLang(render);
  $("btn-play").addEventListener("click", play);
  $("btn-recall").addEventListener("click", recallAll);
  $("btn-shuffle").addEventListener("click", shuffle);
  $("btn-exchange").addEventListener("click", startExchange);
  $("btn-pass").addEventListener("click", pass);
  $("btn-challenge").addEventListener("click", () => send({ type: "challenge" }));
  $("btn-record").addEventListener("click", downloadRecord);
  $("btn-hint").addEventListener("click", askHint);
  $("btn-resign").addEventListener("click", resign);
  $("btn-claim-win").addEventListener("click", () => post("claim-win"));
  $("btn-handover").addEventListener("click", handover);
  $("btn-zoom").addEventListener("click", () => setZoom(!document.body.classList.contains("zoomed")));
  setZoom(localStorage.getItem("amath.zoom") === "1");
  $("modal").addEventListener("keydown", trapFocus);
  $("btn-exchange-go").addEventListener("click", doExchange);
  $("btn-exchange-cancel").addEventListener("click", () => { exchangeMode = false; exchangeSel.clear(); render(); });
  $("modal").addEventListener("click", (ev) => { if (ev.target === $("modal") && !curtain) closeModal(); });
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    const modalOpen = !$("modal").hidden;
    if (ev.key === "Escape" && !curtain) { if (modalOpen) closeModal(); else recallAll(); }
    // Enter plays a legal tentative play, unless it is meant for a focused button, square, tile or move
    const own = ev.target instanceof Element && ev.target.closest("button, a, [role=button]");
    if (ev.key === "Enter" && !modalOpen && !own && !$("btn-play").disabled) { ev.preventDefault(); play(); }
  });
  setInterval(() => { if (state && state.clock && state.clock.kind !== "none" && state.status === "playing") renderScores(); }, 1000);
  window.amathDebug = { get state() { return state; }, get pending() { return pending; }, get preview() { return preview; } };
  api("/api/config").then((c) => { botLevels = c.bots; if (state) render(); }).catch(() => {});
  connect();
  const claim = new URLSearchParams(location.search).get("claim");
  if (claim) showClaim(claim);
  else if (!seat && new URLSearchParams(location.search).has("join")) {
    api(`/api/games/${gameId}`).then((v) => { if (v.status === "waiting" && v.seats.some((s) => !s.joined)) showJoin(); }).catch(() => {});
  }
}

init();
