// The game page: board, rack (drag and drop or click), live preview, actions, live updates.
import { api, el, loadSeat, saveSeat, setupLang, showFace, showNotation, showTile, t, tileOrder } from "./common.js";
import { buildBoard, paintBoard, renderLegend, tileNode, variantLabel } from "./board.js";
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
let retry = 0;
let message = "";
let botLevels = [];                    // bot levels the server offers (to seat a bot in a room)

// ----- the variant's tiles (from the view: nothing of A-Math is assumed) ----------------------
const rules = () => (state && state.rules) || { free: [], blank_faces: [], choice_faces: {}, exchange_min_bag: 5, rack_size: 8 };
const choiceFaces = () => rules().choice_faces || {};
function exchangeNeeds() { const m = rules().exchange_min_bag; return m === null || m === undefined ? 1 : m; }

// ----- state ---------------------------------------------------------------------------
function myTurn() {
  return state && state.me && state.status === "playing" && state.to_move === state.me.side && !curtain;
}

function applyState(view) {
  state = view;
  receivedAt = Date.now();
  syncRack();
  if (state.mode === "hotseat" && state.status === "playing" && state.me) {
    if (shownSide !== null && shownSide !== state.me.side) {
      curtain = true;
      recallAll();
    }
    shownSide = state.me.side;
  }
  render();
  if (state.result && !summaryShown) {
    summaryShown = true;
    showSummary();
  }
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
      if (seq === previewSeq) { preview = { legal: false, reason: e.message, score: null }; render(); }
    }
  }, 120);
}

function tilesJson() { return pending.map((p) => ({ square: p.square, tile: p.tile, face: p.face })); }

// ----- actions -------------------------------------------------------------------------
async function send(body) {
  message = "";
  try {
    const view = await api(`/api/games/${gameId}/move`, { method: "POST", token: seat.token, body });
    pending = [];
    preview = null;
    exchangeMode = false;
    exchangeSel.clear();
    applyState(view);
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
    if (exchangeSel.has(id)) exchangeSel.delete(id); else exchangeSel.add(id);
    render();
    return;
  }
  selected = selected === id ? null : id;
  render();
}

function clickCell(square) {
  if (selected !== null && !boardAt(square) && !pendingAt(square)) placeTile(selected, square);
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
    node.addEventListener("pointerdown", (ev) => onPointerDown(ev, FREE + tile));
    return node;
  });
  box.replaceChildren(el("span", { class: "palette-label", text: t("free_tiles") }), ...tiles);
}

function renderRack() {
  const box = $("rack");
  const onBoard = new Set(pending.map((p) => p.id));
  const nodes = [];
  for (const r of rack) {
    if (onBoard.has(r.id)) continue;
    const node = tileNode(r.tile, null, state.points, "", choiceFaces());
    node.dataset.id = r.id;
    node.dataset.tile = r.tile;
    if (selected === r.id) node.classList.add("selected");
    if (exchangeMode && exchangeSel.has(r.id)) node.classList.add("marked");
    node.addEventListener("pointerdown", (ev) => onPointerDown(ev, r.id));
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
    const label = t(`level_${bot.bot}`);
    return t("bot_name", { level: label.startsWith("level_") ? bot.bot : label.split(" (")[0] });
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
  const rows = state.sides.map((s, k) => {
    const isMe = state.me && state.me.side === k;
    const bots = state.seats.filter((x) => x.side === k && x.bot);
    const clock = clockText(k);
    return el("div", { class: `score-row${state.to_move === k ? " to-move" : ""}${isMe ? " me" : ""}${shared ? " shared" : ""}`, "data-side": String(k) },
      el("span", { class: "who" }, el("span", { class: "name", text: sideName(k) }),
        isMe ? el("span", { class: "tag", text: t("you") }) : null, bots.length ? el("span", { class: "tag", text: t("bot") }) : null),
      clock ? el("span", { class: `clock${clock.startsWith("−") ? " over" : ""}`, title: t("time_left"), text: clock }) : null,
      rackShown(k, s.rack),
      shared ? null : el("span", { class: "score", text: String(s.score) }));
  });
  if (shared && state.sides.length) {  // Co-op: one score for the whole table
    rows.unshift(el("div", { class: "shared-score", id: "shared-score" },
      el("span", { text: t("shared_score") }), el("span", { class: "score", text: String(state.sides[0].score) })));
  }
  $("scores").replaceChildren(...rows);
  $("bag").textContent = state.bag === null ? "" : t("bag_n", { n: state.bag });
}

function historyText(h) {
  if (h.kind === "place") return showNotation(h.notation) + (h.bingo ? ` · ${t("bingo")}` : "");
  if (h.kind === "exchange") return t("kind_exchange", { n: h.count ?? "" }) + (h.notation !== "exchange" ? ` (${showNotation(h.notation.slice(9))})` : "");
  return t(`kind_${h.kind}`);
}

function renderHistory() {
  const items = state.history.map((h) => el("li", { class: `kind-${h.kind}` },
    el("span", { class: "h-name", text: sideName(h.side) }), el("span", { class: "h-move", text: historyText(h) }),
    el("span", { class: "h-score", text: h.score > 0 ? `+${h.score}` : String(h.score) }), el("span", { class: "h-total", text: String(h.total) })));
  const box = $("history");
  box.replaceChildren(...items);
  box.scrollTop = box.scrollHeight;
}

function renderUnseen() {
  const entries = Object.entries(state.unseen || {}).sort((a, b) => tileOrder(a[0], b[0]));
  $("unseen").replaceChildren(...entries.map(([tile, n]) => el("span", { class: "unseen-tile" },
    el("span", { class: "u-tile", text: showTile(tile) }), el("span", { class: "u-count", text: `×${n}` }))));
}

function renderStatus() {
  let text = "";
  if (state.status === "waiting") text = t("waiting_room");
  else if (state.status === "over") text = t("game_over");
  else if (!state.me) text = `${t("spectating")} ${t("to_move", { name: sideName(state.to_move) })}`;
  else if (state.to_move === state.me.side) text = t("your_turn");
  else text = t("waiting_for", { name: sideName(state.to_move) });
  if (state.me && state.can_challenge) text += ` · ${t("can_challenge_hint")}`;
  $("status").textContent = text;
  $("variant").textContent = variantLabel(state.variant);
  $("status").classList.toggle("mine", myTurn());
}

function renderWaiting() {
  const box = $("waiting");
  box.hidden = state.status !== "waiting";
  document.querySelector(".side-panel").hidden = !box.hidden;
  if (box.hidden) return;
  const link = `${location.origin}/g/${gameId}`;
  const input = el("input", { readonly: true, value: link, class: "share-link" });
  const copy = el("button", { type: "button", text: t("copy"), onclick: async () => {
    input.select();
    try { await navigator.clipboard.writeText(link); } catch { document.execCommand("copy"); }
    copy.textContent = t("copied");
  } });
  const seats = state.seats.map((s) => el("li", { class: s.joined ? "joined" : "free", text: s.joined ? s.name : t("seat_free") }));
  const free = state.seats.some((s) => !s.joined);
  const join = !state.me && free ? [el("button", { class: "primary", type: "button", text: t("join_room"), onclick: showJoin })] : [];
  if (state.me && state.me.seat === 0 && free && botLevels.length) {
    const level = el("select", { id: "bot-level" }, ...botLevels.map((b) => el("option", { value: b, text: t(`level_${b}`) })));
    const add = async () => {
      try { applyState(await api(`/api/games/${gameId}/bot`, { method: "POST", token: seat.token, body: { bot: level.value } })); }
      catch (e) { message = t("error", { msg: e.message }); render(); }
    };
    join.push(el("div", { class: "row" }, level, el("button", { type: "button", id: "add-bot", text: t("add_bot"), onclick: add })));
  }
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
  renderCurtain();
}

// ----- dialogs -------------------------------------------------------------------------
function openModal(content) {
  $("modal-box").replaceChildren(content);
  $("modal").hidden = false;
}
function closeModal() { $("modal").hidden = true; }

function pickFace(title, faces, done) {
  const buttons = faces.map((f) => el("button", { type: "button", class: "face-btn", "data-face": f, text: showFace(f), onclick: () => { closeModal(); done(f); } }));
  openModal(el("div", { class: "face-picker" }, el("h2", { text: title }), el("div", { class: "faces" }, ...buttons),
    el("button", { type: "button", class: "cancel", text: t("cancel"), onclick: closeModal })));
}

function showSummary() {
  const r = state.result;
  if (!r) return;
  const name = (k) => sideName(k);
  let why = rules().pass_rounds === 1 ? t("reason_passes_once") : t("reason_passes");
  if (r.reason === "playout") why = t("reason_playout", { name: name(r.out_player) });
  if (r.reason === "time") why = t("reason_time", { name: name(r.loser_on_time) });
  const head = el("tr", {}, ...["", "summary_score", "summary_adjust", "summary_penalty", "summary_final", "summary_left"].map((k) => el("th", { text: k ? t(k) : "" })));
  const rows = state.sides.map((s, k) => el("tr", { class: r.winners.includes(k) ? "winner" : "" },
    el("td", { text: sideName(k) }), el("td", { text: String(s.score) }),
    el("td", { text: signed(r.adjustments[k]) }), el("td", { text: signed(r.penalties[k]) }),
    el("td", { class: "final", text: String(r.scores[k]) }),
    el("td", { class: "left-tiles", text: (r.final_racks[k] || []).map(showTile).join(" ") })));
  const verdict = r.draw ? t("draw") : t("winner", { name: r.winners.map(name).join(", ") });
  openModal(el("div", { class: "summary", id: "summary" }, el("h2", { text: t("game_over") }), el("p", { text: why }),
    el("table", {}, el("thead", {}, head), el("tbody", {}, ...rows)), el("p", { class: "verdict", text: verdict }),
    el("div", { class: "row" }, el("button", { type: "button", text: t("close"), onclick: closeModal }),
      el("button", { type: "button", id: "summary-record", text: t("download_record"), onclick: downloadRecord }),
      el("a", { class: "button primary", href: "/", text: t("new_game") }))));
}

// The game's record as this seat may see it, saved as a file (the token goes in a header, so fetch + blob).
async function downloadRecord() {
  try {
    const headers = seat && seat.token ? { "X-Seat-Token": seat.token } : {};
    const res = await fetch(`/api/games/${gameId}/record`, { headers });
    if (!res.ok) throw new Error((await res.json().catch(() => ({}))).error || res.statusText);
    const url = URL.createObjectURL(new Blob([await res.text()], { type: "text/plain" }));
    const link = el("a", { href: url, download: `amath-${gameId}.amr` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) { message = t("error", { msg: e.message }); render(); }
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
    } catch (e) { message = t("error", { msg: e.message }); closeModal(); render(); }
  };
  openModal(el("div", { class: "join" }, el("h2", { text: t("join_room") }),
    el("label", {}, el("span", { text: t("join_as") }), input),
    el("div", { class: "row" }, el("button", { class: "primary", type: "button", id: "join-go", text: t("join"), onclick: go }),
      el("button", { type: "button", text: t("watch"), onclick: () => { closeModal(); history.replaceState(null, "", `/g/${gameId}`); } }))));
}

// ----- live updates ------------------------------------------------------------------------
function connect() {
  if (socket) { socket.onclose = null; socket.close(); }
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = seat && seat.token ? `?token=${encodeURIComponent(seat.token)}` : "";
  socket = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(gameId)}/ws${q}`);
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") {
      retry = 0;
      $("banner").hidden = true;
      applyState(msg.state);
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

function init() {
  buildBoard($("board"), clickCell);
  setupLang(render);
  $("btn-play").addEventListener("click", play);
  $("btn-recall").addEventListener("click", recallAll);
  $("btn-shuffle").addEventListener("click", shuffle);
  $("btn-exchange").addEventListener("click", startExchange);
  $("btn-pass").addEventListener("click", pass);
  $("btn-challenge").addEventListener("click", () => send({ type: "challenge" }));
  $("btn-record").addEventListener("click", downloadRecord);
  $("btn-exchange-go").addEventListener("click", doExchange);
  $("btn-exchange-cancel").addEventListener("click", () => { exchangeMode = false; exchangeSel.clear(); render(); });
  $("modal").addEventListener("click", (ev) => { if (ev.target === $("modal") && !curtain) closeModal(); });
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    const modalOpen = !$("modal").hidden;
    if (ev.key === "Escape" && !curtain) { if (modalOpen) closeModal(); else recallAll(); }
    if (ev.key === "Enter" && !modalOpen && !$("btn-play").disabled) { ev.preventDefault(); play(); }
  });
  setInterval(() => { if (state && state.clock && state.clock.kind !== "none" && state.status === "playing") renderScores(); }, 1000);
  window.amathDebug = { get state() { return state; }, get pending() { return pending; }, get preview() { return preview; } };
  api("/api/config").then((c) => { botLevels = c.bots; if (state) render(); }).catch(() => {});
  connect();
  if (!seat && new URLSearchParams(location.search).has("join")) {
    api(`/api/games/${gameId}`).then((v) => { if (v.seats.some((s) => !s.joined)) showJoin(); }).catch(() => {});
  }
}

init();
