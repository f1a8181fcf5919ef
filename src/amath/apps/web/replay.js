// The record viewer: an uploaded game record, re-played by the server, stepped through turn by turn.
import { buildBoard, paintBoard, renderLegend, tileNode, variantLabel } from "./board.js";
import { api, ApiError, el, moveLine, placeLine, setupLang, showNotation, showTile, t } from "./common.js";
import { reason } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let record = null;        // the text sent to the server
let data = null;          // its answer: turns, frames (the position after each turn), rules
let at = 0;               // the frame shown: 0 is the start, N after the last turn
let gameId = null;        // set when the record is a finished game of this server (its analysis is cached per game)
let analysis = null;      // the server's analysis: {status, done, total, turns, summary} (null: not asked)
let analysisTimer = null;
let bestPick = 0;         // which of the turn's best plays the second board shows

function moveText(turn) {
  if (turn.kind === "place") return placeLine(turn.move) ?? showNotation(turn.move);
  if (turn.kind === "exchange") {
    const tiles = turn.move.split(" ").slice(1);
    const hidden = tiles.length === 1 && /^\(\d+\)$/.test(tiles[0]);
    return t("kind_exchange", { n: hidden ? tiles[0].slice(1, -1) : tiles.length }) + (hidden ? "" : ` (${tiles.map(showTile).join(" ")})`);
  }
  if (turn.kind === "end-rack") return `${t("kind_end-rack")} ${turn.move.split(" ").slice(1).map(showTile).join(" ")}`.trim();
  return t(`kind_${turn.kind}`);
}

function go(k) {
  if (!data) return;
  at = Math.max(0, Math.min(data.frames.length - 1, k));
  bestPick = 0;
  render();
}

// ----- analysis: asked once, then polled until the server's worker has done every turn ---------
function startAnalysis() {
  if (!data || (analysis && analysis.status !== "failed")) return;
  analysis = { status: "queued", done: 0, total: 0 };
  render();
  pollAnalysis(record);
}

async function pollAnalysis(mine) {
  try {
    const res = gameId
      ? await api(`/api/games/${encodeURIComponent(gameId)}/analysis`, { method: "POST" })
      : await api("/api/replay/analysis", { method: "POST", body: { record: mine } });
    if (mine !== record) return;  // another record was opened meanwhile
    analysis = res;
    if (res.status === "queued" || res.status === "running") analysisTimer = setTimeout(() => pollAnalysis(mine), 800);
  } catch (e) {
    if (mine !== record) return;
    analysis = { status: "failed", error: reason(e.message, e.messages) };
  }
  render();
}

function entryOf(turn) { return analysis && analysis.turns ? analysis.turns.find((e) => e.turn === turn) : null; }

function renderAnalysis() {
  const status = $("analysis-status");
  $("btn-analyse").hidden = !!analysis && analysis.status !== "failed";
  $("btn-analyse").disabled = !data;
  if (!analysis) { status.textContent = data ? t("analysis_help") : ""; }
  else if (analysis.status === "failed") status.textContent = t("error", { msg: reason(analysis.error || "") });
  else if (analysis.status !== "done") status.textContent = t("analysing", { a: analysis.done, b: analysis.total || "…" });
  else status.textContent = "";
  const done = analysis && analysis.status === "done";
  $("chart").replaceChildren(...(data ? [chart(done)] : []));
  renderTurnAnalysis(done ? entryOf(at) : null, done);
  $("analysis-summary").replaceChildren(...(done ? [summaryTable()] : []));
}

// What the engine thinks of the turn that led to the position shown, and its best plays.
function renderTurnAnalysis(entry, done) {
  const box = $("turn-analysis");
  $("best-wrap").hidden = !entry || !entry.best.length;
  if (!done) { box.replaceChildren(); return; }
  if (!entry) { box.replaceChildren(el("p", { class: "note", text: at === 0 ? t("analysis_step") : t("analysis_none") })); return; }
  const played = entry.kind === "place" ? moveLine(entry.played, entry.score) : moveText(data.turns[entry.turn - 1]);
  const rank = rankText(entry);
  const lost = entry.points_lost || entry.equity_lost ? t("lost", { p: entry.points_lost, e: entry.equity_lost }) : t("best_found");
  const options = entry.best.map((o, k) => el("li", {},
    el("button", { type: "button", class: `best-play${k === bestPick ? " chosen" : ""}`, "data-k": String(k), "aria-pressed": String(k === bestPick),
      text: `${moveLine(o.move, o.score) ?? showNotation(o.move)} · ${t("equity_n", { n: o.equity })}`, onclick: () => { bestPick = k; render(); } })));
  box.replaceChildren(
    el("p", { class: "played" }, el("b", { text: `${t("turn_n", { a: entry.turn, b: data.turns.length })} · ${entry.name}: ` }), el("span", { id: "played-line", text: played })),
    el("p", { class: entry.points_lost ? "lost bad" : "lost good", text: `${rank} · ${lost}` }),
    el("p", { class: "note", text: t("best_plays") }), el("ol", { class: "best-list" }, ...options));
  const best = entry.best[bestPick] || entry.best[0];
  if (!best) return;
  $("best-title").textContent = t("best_drawn", { move: moveLine(best.move, best.score) ?? best.move });
  const before = data.frames[entry.turn - 1];
  const tiles = new Map(best.tiles.map((x) => [x.square, x]));
  const choice = data.rules.choice_faces || {};
  paintBoard($("best-board"), data.layout, (square) => {
    const put = tiles.get(square);
    if (put) return tileNode(put.tile, put.face, data.points, "fixed best", choice);
    const tile = before.board.find((b) => b.square === square);
    return tile ? tileNode(tile.tile, tile.face ?? tile.tile, data.points, "fixed", choice) : null;
  });
}

// Where the move played ranks by score.  For a big Smath rack (complete: false) the list was
// not taken whole: "moves" then counts the placements scoring more (a floor when rank is null).
function rankText(entry) {
  if (entry.complete !== false) return entry.rank ? t("rank_of", { r: entry.rank, n: entry.moves }) : t("moves_found", { n: entry.moves });
  if (entry.kind !== "place") return t("moves_many");
  if (entry.rank) return t("rank_more", { r: entry.rank, n: entry.moves });
  return entry.moves ? t("rank_over", { n: entry.moves }) : t("rank_unknown");
}

// The score margin after every turn (the first side's lead over the best other side), each turn clickable.
function chart(done) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = (tag, attrs) => { const n = document.createElementNS(ns, tag); for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v)); return n; };
  const margins = data.frames.map((f) => f.scores[0] - Math.max(...f.scores.filter((_, k) => k > 0)));
  const w = 376, h = 120, pad = 14;
  const top = Math.max(10, ...margins.map(Math.abs));
  const x = (k) => pad + (k * (w - 2 * pad)) / Math.max(1, margins.length - 1);
  const y = (m) => h / 2 - (m * (h / 2 - pad)) / top;
  const root = svg("svg", { viewBox: `0 0 ${w} ${h}`, width: w, height: h, class: "margin-chart", role: "img",
    "aria-label": t("chart_label", { name: data.names[0] }) });
  root.append(svg("line", { x1: pad, x2: w - pad, y1: y(0), y2: y(0), class: "axis" }));
  root.append(svg("polyline", { points: margins.map((m, k) => `${x(k)},${y(m)}`).join(" "), class: "margin-line" }));
  const wins = done && Array.isArray(analysis.win) ? analysis.win : [];  // the engine's chance for the first side, after each turn
  if (wins.length) root.append(svg("polyline", { points: wins.map((p, k) => `${x(k)},${h - pad - p * (h - 2 * pad)}`).join(" "), class: "win-line" }));
  margins.forEach((m, k) => {
    const dot = svg("circle", { cx: x(k), cy: y(m), r: k === at ? 6 : 4, class: `dot${k === at ? " current" : ""}`, "data-turn": k, tabindex: 0, role: "button" });
    const label = svg("title", {});
    const win = wins.length > k ? ` · ${t("win_chance", { p: Math.round(wins[k] * 100) })}` : "";
    label.textContent = `${t("turn_n", { a: k, b: margins.length - 1 })} · ${m > 0 ? "+" : ""}${m}${win}`;
    dot.append(label);
    dot.addEventListener("click", () => go(k));
    dot.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); go(k); } });
    root.append(dot);
  });
  return el("figure", { class: "chart-box" }, root, el("figcaption", { class: "note", text: t("chart_caption", { name: data.names[0] }) + (wins.length ? ` · ${t("chart_win", { name: data.names[0] })}` : "") }));
}

function summaryTable() {
  const head = el("tr", {}, ...["", "sum_turns", "sum_best", "sum_points", "sum_equity"].map((k) => el("th", { text: k ? t(k) : "" })));
  const rows = analysis.summary.map((s) => el("tr", {}, el("td", { text: s.name }), el("td", { text: String(s.turns) }),
    el("td", { text: String(s.best_found) }), el("td", { text: String(s.points_lost) }), el("td", { text: String(s.equity_lost) })));
  return el("table", { class: "analysis-table" }, el("thead", {}, head), el("tbody", {}, ...rows));
}

function renderScores(frame) {
  const shared = data.rules.shared_score;
  const rows = data.names.map((name, k) => el("div", { class: `score-row${frame.to_move === k ? " to-move" : ""}`, "data-side": String(k) },
    el("span", { class: "who" }, el("span", { class: "name", text: name })),
    shared ? null : el("span", { class: "score", text: String(frame.scores[k]) })));
  if (shared) rows.unshift(el("div", { class: "shared-score" }, el("span", { text: t("shared_score") }), el("span", { class: "score", text: String(frame.scores[0]) })));
  $("scores").replaceChildren(...rows);
  const last = at === data.frames.length - 1;
  const r = data.result;
  const resigned = r && r.reason === "resign" ? ` · ${t("reason_resign", { name: data.names[r.resigned] })}` : "";
  $("result").textContent = last && r ? `${t("game_over")}${resigned} · ${r.scores.join(" : ")} · ${r.draw ? t("draw") : t("winner", { name: r.winners.map((w) => data.names[w]).join(", ") })}` : t("bag_n", { n: frame.bag });
}

function renderHistory() {
  const lostIn = (k) => { const e = entryOf(k + 1); return e && e.points_lost ? el("span", { class: "h-lost", title: t("points_lost"), text: ` −${e.points_lost}` }) : null; };
  const items = data.turns.map((turn, k) => el("li", { class: `kind-${turn.kind}${k + 1 === at ? " current" : ""}`, "data-turn": String(k + 1), onclick: () => go(k + 1) },
    el("span", { class: "h-name", text: turn.name }), el("span", { class: "h-move" }, moveText(turn), lostIn(k)),
    el("span", { class: "h-score", text: turn.score > 0 ? `+${turn.score}` : String(turn.score) }), el("span", { class: "h-total", text: String(turn.total) })));
  const ends = data.ends.map((turn) => el("li", { class: "kind-end" },
    el("span", { class: "h-name", text: turn.name }), el("span", { class: "h-move", text: moveText(turn) }),
    el("span", { class: "h-score", text: turn.score > 0 ? `+${turn.score}` : String(turn.score) }), el("span", { class: "h-total", text: String(turn.total) })));
  $("history").replaceChildren(...items, ...(at === data.frames.length - 1 ? ends : []));
  const current = $("history").querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
}

function render() {
  $("replay-error").textContent = $("replay-error").dataset.msg || "";
  if (!data) return;
  const frame = data.frames[at];
  const last = new Set(frame.last);
  const choice = data.rules.choice_faces || {};
  paintBoard($("board"), data.layout, (square) => {
    const tile = frame.board.find((b) => b.square === square);
    return tile ? tileNode(tile.tile, tile.face ?? tile.tile, data.points, last.has(square) ? "fixed last" : "fixed", choice) : null;
  });
  renderLegend($("legend"));
  $("variant").textContent = variantLabel(data.variant);
  const n = data.frames.length - 1;
  $("turn-label").textContent = at === 0 ? `${t("start_position")} · ${t("turn_n", { a: 0, b: n })}` : t("turn_n", { a: at, b: n });
  $("btn-first").disabled = $("btn-prev").disabled = at === 0;
  $("btn-next").disabled = $("btn-last").disabled = at === n;
  const next = data.turns[at];
  $("rack-line").replaceChildren(...(next ? [el("span", { text: t("rack_of", { name: next.name }) }), " ",
    ...(frame.rack ? frame.rack.map((tile) => tileNode(tile, null, data.points, "mini", choice)) : [el("span", { class: "note", text: t("rack_hidden") })])] : []));
  renderScores(frame);
  renderHistory();
  renderAnalysis();
}

async function load(text, name) {
  record = text;
  data = null;
  analysis = null;
  clearTimeout(analysisTimer);
  $("replay-error").dataset.msg = t("reading");
  $("file-name").textContent = name || "";
  render();
  try {
    data = await api("/api/replay", { method: "POST", body: { record: text } });
    $("replay-error").dataset.msg = "";
    at = 0;
  } catch (e) {
    $("replay-error").dataset.msg = t("record_error", { msg: reason(e.message, e.messages) });
  }
  render();
}

async function downloadSvg() {
  if (!data) return;
  const res = await fetch("/api/replay/svg", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ record, turn: at }) });
  if (!res.ok) return;
  const url = URL.createObjectURL(await res.blob());
  const link = el("a", { href: url, download: `board-turn-${at}.svg` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function init() {
  buildBoard($("board"));
  setupLang(render);
  $("btn-first").addEventListener("click", () => go(0));
  $("btn-prev").addEventListener("click", () => go(at - 1));
  $("btn-next").addEventListener("click", () => go(at + 1));
  $("btn-last").addEventListener("click", () => go(Infinity));
  $("btn-svg").addEventListener("click", downloadSvg);
  $("btn-analyse").addEventListener("click", startAnalysis);
  buildBoard($("best-board"));
  $("record-file").addEventListener("change", () => {
    const file = $("record-file").files[0];
    if (file) file.text().then((text) => { gameId = null; load(text, file.name); });
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement) return;
    const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity };
    if (ev.key in keys) { ev.preventDefault(); go(keys[ev.key]); }
  });
  window.amathReplay = { get data() { return data; }, get at() { return at; }, get analysis() { return analysis; } };
  const stored = sessionStorage.getItem("amath.replay");
  gameId = sessionStorage.getItem("amath.replay.game");
  const analyse = new URLSearchParams(location.search).has("analyse");
  const fromGame = new URLSearchParams(location.search).get("game");  // a finished game of this server (a profile links here)
  if (fromGame) {
    gameId = fromGame;
    fetch(`/api/games/${encodeURIComponent(fromGame)}/record`).then(async (res) => {
      if (!res.ok) throw new ApiError(res.status, "", await res.json().catch(() => null));
      return res.text();
    }).then((text) => load(text, `amath-${fromGame}.amr`)).then(() => { if (analyse) startAnalysis(); })
      .catch((e) => { $("replay-error").dataset.msg = reason(e.message, e.messages) || t("no_game"); render(); });
  } else if (stored) load(stored, sessionStorage.getItem("amath.replay.name")).then(() => { if (analyse) startAnalysis(); });
  else render();
}

init();
