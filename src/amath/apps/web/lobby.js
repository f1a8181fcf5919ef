// The lobby: the game (A-Math or Smath and its options), new game against the bot, hot seat,
// online rooms, join or watch, and opening a game record to replay.
import { variantLabel } from "./board.js";
import { api, botLabel, el, paintAccount, saveSeat, setupLang, showAccount, t } from "./common.js";
import { reason } from "./i18n.js";

const $ = (id) => document.getElementById(id);
let bots = [];
let botNames = {};  // level -> {en, th}: the registry's names for people (so no level shows as a raw id)
let rooms = { waiting: [], playing: [], bot_ratings: {} };
let mine = [];       // the logged-in account's games waiting or in play (any device): /api/me/games
let account = null;  // the logged-in account, or null (a guest)

function myName() { return $("name").value.trim() || t("default_name"); }

const OPTIONS = ["beginners", "primary", "coop"];

// The ruleset name the server expects: "a-math", "smath" or "smath+primary+coop".
function variantName() {
  if ($("variant").value !== "smath") return "a-math";
  return ["smath", ...OPTIONS.filter((o) => $(`opt-${o}`).checked)].join("+");
}

function showVariant() {
  const smath = $("variant").value === "smath";
  $("smath-options").hidden = !smath;
  $("variant-help").hidden = !smath;
  localStorage.setItem("amath.variant", variantName());
}

function restoreVariant() {
  const [base, ...opts] = (localStorage.getItem("amath.variant") || "a-math").split("+");
  $("variant").value = base === "smath" ? "smath" : "a-math";
  for (const o of OPTIONS) $(`opt-${o}`).checked = opts.includes(o);
  showVariant();
}

// A chosen record file goes to the record viewer through this tab's session storage.
function openRecord(file) {
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    sessionStorage.setItem("amath.replay", String(reader.result));
    sessionStorage.setItem("amath.replay.name", file.name);
    sessionStorage.removeItem("amath.replay.game");  // an upload, not a game of this server
    location.href = "/replay";
  };
  reader.readAsText(file);
}

function clockOptions(select) {
  const value = select.value || "none";
  select.replaceChildren(
    el("option", { value: "none", text: t("clock_none") }),
    el("option", { value: "total", text: t("clock_total") }),
    el("option", { value: "move", text: t("clock_move") }),
  );
  select.value = value;
}

function clockOf(select) {
  const kind = select.value;
  return kind === "none" ? { kind } : { kind, minutes: kind === "total" ? 22 : 3 };
}

function renderNames() {
  const box = $("hs-names");
  const v = $("hs-players").value;
  const n = v === "teams" ? 4 : Number(v);
  const old = [...box.querySelectorAll("input")].map((i) => i.value);
  box.replaceChildren(...Array.from({ length: n }, (_, k) =>
    el("input", { class: "hs-name", maxlength: "24", placeholder: t("player_n", { n: k + 1 }), value: old[k] ?? (k === 0 ? $("name").value : "") })));
}

// A clock's time class, as the server rates it (accounts.time_class): 22 minutes each is classic.
function timeClass(clock) { return clock.kind === "none" ? "untimed" : clock.kind === "total" && clock.minutes >= 20 ? "classic" : "fast"; }
const RATED = ["a-math", "smath"];

// The chosen bot's published rating for the chosen game and clock, and the link to its profile.
function renderBotRating(label) {
  const level = $("bot-level").value;
  const found = ((rooms.bot_ratings || {})[level] || {})[variantName()];
  const r = found && found[timeClass(clockOf($("bot-clock")))];
  $("bot-rating").hidden = !level;
  $("bot-rating-text").textContent = r ? `${label(level)} · ${t("bot_rating_is", { rating: `${r.rating}${r.provisional ? "?" : ""}` })}` : "";
  $("bot-profile").href = `/u/bot-${encodeURIComponent(level)}`;
  const rateable = Boolean(r) && RATED.includes(variantName());
  $("bot-rated-box").hidden = !account || !rateable;
  if ($("bot-rated-box").hidden) $("bot-rated").checked = false;
  $("bot-practice").disabled = $("bot-rated").checked;  // no hints in a rated game
  if ($("bot-rated").checked) $("bot-practice").checked = false;
}

function renderMine() {
  $("my-games-box").hidden = mine.length === 0;
  $("my-games").replaceChildren(...mine.map((g) => {
    const who = g.seats.filter((s) => s.joined).map((s) => s.bot ? t("bot_name", { level: botLabel(s.bot, botNames) }) : s.name).join(", ");
    return el("li", { class: "my-game" }, el("span", { text: `${variantLabel(g.variant)} · ${who}` }),
      el("a", { class: "button", href: `/g/${g.id}`, text: t("resume") }));
  }));
}

function render() {
  const level = $("bot-level");
  const chosen = level.value;
  const label = (b) => botLabel(b, botNames);
  level.replaceChildren(...bots.map((b) => el("option", { value: b, text: label(b) })));
  if (bots.includes(chosen)) level.value = chosen;
  renderBotRating(label);
  renderMine();
  $("no-bots").hidden = bots.length > 0;
  $("start-bot").disabled = bots.length === 0;
  for (const s of document.querySelectorAll(".clock-select")) clockOptions(s);
  renderNames();
  const list = (items, action) => items.length === 0 ? [el("li", { class: "note", text: t("none_yet") })] : items.map((g) => {
    const joined = g.seats.filter((s) => s.joined).length;
    const who = g.seats.filter((s) => s.joined).map((s) => s.bot ? t("bot_name", { level: label(s.bot) }) : s.rating ? `${s.name} (${s.rating.rating}${s.rating.provisional ? "?" : ""})` : s.name).join(", ");
    const [low, high] = g.rating_range || [null, null];
    const range = low === null && high === null ? "" : ` · ${t("rating_range")} ${low ?? ""}–${high ?? ""}`;
    const what = `${variantLabel(g.variant)}${g.rated ? " · " + t("rated_tag") : ""}${range} · ${who} · ${t("seats_taken", { a: joined, b: g.seats.length })}${g.teams ? " · " + t("teams") : ""}`;
    return el("li", {}, el("span", { text: what }),
      el("a", { class: "button", href: `/g/${g.id}${action === "join" ? "?join=1" : ""}`, text: t(action) }));
  });
  paintAccount();
  const rateable = $("room-players").value === "2" && ["a-math", "smath"].includes(variantName());
  $("room-rated-box").hidden = !account || !rateable;
  $("rated-login").hidden = Boolean(account) || !rateable;
  if ($("room-rated-box").hidden) $("room-rated").checked = false;
  $("room-range").hidden = !$("room-rated").checked;
  $("open-rooms").replaceChildren(...list(rooms.waiting, "join"));
  $("live-games").replaceChildren(...list(rooms.playing, "watch"));
}

async function create(body) {
  $("lobby-error").textContent = "";
  try {
    const res = await api("/api/games", { method: "POST", body });
    saveSeat(res.id, { token: res.token, seat: res.seat, mode: res.mode });
    location.href = `/g/${res.id}`;
  } catch (e) {
    $("lobby-error").textContent = t("error", { msg: reason(e.message, e.messages) });
  }
}

// A rated room's seek: the opponents' lowest and highest rating, when given.
function ratingRange() {
  if (!$("room-rated").checked) return {};
  const bound = (id) => ($(id).value.trim() === "" ? null : Math.round(Number($(id).value)));
  return { rating_min: bound("range-min"), rating_max: bound("range-max") };
}

function setupPlayers(value) { return value === "teams" ? { players: 4, teams: true } : { players: Number(value), teams: false }; }

async function refresh() {
  try { rooms = await api("/api/rooms"); render(); } catch { /* the lobby still works offline */ }
}

async function refreshMine() {
  if (!account) return;
  try { mine = (await api("/api/me/games")).games; render(); } catch { /* logged out meanwhile */ }
}

// The lobby pushed by the server (server-sent events); polling only when the stream cannot be had.
let polling = null;
function follow() {
  if (!window.EventSource) { polling = setInterval(refresh, 5000); return; }
  const source = new EventSource("/api/rooms/events");
  source.addEventListener("lobby", (ev) => {
    try { rooms = JSON.parse(ev.data); } catch { return; }
    if (polling) { clearInterval(polling); polling = null; }
    render();
    refreshMine();
  });
  source.onerror = () => {  // the browser reconnects by itself; meanwhile (or if refused) the lobby is read every 5 s
    if (!polling) polling = setInterval(refresh, 5000);
  };
  window.amathLobby = { source, get rooms() { return rooms; } };
}

async function init() {
  $("name").value = localStorage.getItem("amath.name") || "";
  $("name").addEventListener("change", () => localStorage.setItem("amath.name", $("name").value.trim()));
  setupLang(render);
  try { ({ bots, bot_names: botNames = {} } = await api("/api/config")); } catch { bots = []; }
  $("hs-players").addEventListener("change", renderNames);
  restoreVariant();
  $("variant").addEventListener("change", showVariant);
  for (const o of OPTIONS) $(`opt-${o}`).addEventListener("change", showVariant);
  $("record-file").addEventListener("change", () => openRecord($("record-file").files[0]));
  $("start-bot").addEventListener("click", () => create({
    variant: variantName(), mode: "bot", name: myName(), bot: $("bot-level").value, challenge: $("bot-challenge").checked, clock: clockOf($("bot-clock")),
    practice: $("bot-practice").checked, rated: $("bot-rated").checked,
  }));
  $("start-hotseat").addEventListener("click", () => create({
    variant: variantName(), mode: "hotseat", ...setupPlayers($("hs-players").value), challenge: $("hs-challenge").checked, clock: clockOf($("hs-clock")),
    names: [...document.querySelectorAll(".hs-name")].map((i, k) => i.value.trim() || t("player_n", { n: k + 1 })),
  }));
  $("create-room").addEventListener("click", () => create({
    variant: variantName(), mode: "room", name: myName(), ...setupPlayers($("room-players").value), challenge: $("room-challenge").checked, clock: clockOf($("room-clock")),
    rated: $("room-rated").checked, ...ratingRange(),
  }));
  $("room-rated").addEventListener("change", render);
  for (const id of ["bot-level", "bot-clock", "bot-rated"]) $(id).addEventListener("change", render);
  $("room-players").addEventListener("change", render);
  for (const id of ["variant", "opt-beginners", "opt-primary", "opt-coop"]) $(id).addEventListener("change", render);
  $("join-go").addEventListener("click", () => {
    const text = $("join-code").value.trim();
    const m = /([A-Za-z0-9_-]{6,32})\/?(\?.*)?$/.exec(text);
    if (m) location.href = `/g/${m[1]}?join=1`;
  });
  render();
  account = await showAccount();
  if (account && !localStorage.getItem("amath.name")) $("name").value = account.display;
  render();
  refresh();
  refreshMine();
  follow();
}

init();
