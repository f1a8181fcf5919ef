// The record viewer: an uploaded game record, re-played by the server, stepped through turn by turn.
import { buildBoard, paintBoard, renderLegend, tileNode, variantLabel } from "./board.js";
import { api, el, setupLang, showNotation, showTile, t } from "./common.js";
import { reason } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let record = null;        // the text sent to the server
let data = null;          // its answer: turns, frames (the position after each turn), rules
let at = 0;               // the frame shown: 0 is the start, N after the last turn

function moveText(turn) {
  if (turn.kind === "place") return showNotation(turn.move);
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
  render();
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
  $("result").textContent = last && r ? `${t("game_over")} · ${r.scores.join(" : ")} · ${r.draw ? t("draw") : t("winner", { name: r.winners.map((w) => data.names[w]).join(", ") })}` : t("bag_n", { n: frame.bag });
}

function renderHistory() {
  const items = data.turns.map((turn, k) => el("li", { class: `kind-${turn.kind}${k + 1 === at ? " current" : ""}`, "data-turn": String(k + 1), onclick: () => go(k + 1) },
    el("span", { class: "h-name", text: turn.name }), el("span", { class: "h-move", text: moveText(turn) }),
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
}

async function load(text, name) {
  record = text;
  data = null;
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
  $("record-file").addEventListener("change", () => {
    const file = $("record-file").files[0];
    if (file) file.text().then((text) => load(text, file.name));
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.target instanceof HTMLInputElement) return;
    const keys = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity };
    if (ev.key in keys) { ev.preventDefault(); go(keys[ev.key]); }
  });
  window.amathReplay = { get data() { return data; }, get at() { return at; } };
  const stored = sessionStorage.getItem("amath.replay");
  if (stored) load(stored, sessionStorage.getItem("amath.replay.name"));
  else render();
}

init();
