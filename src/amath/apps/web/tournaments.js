// Tournaments: /tournaments (the list, a new one), /t/ID (followed live; the directors' panel), /t/ID/print (A4 pages).
import { api, el, paintAccount, saveSeat, setupLang, showAccount, t } from "./common.js";
import { getLang, reason } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const match = /^\/t\/(\d+)(\/print)?$/.exec(location.pathname);
const tid = match ? Number(match[1]) : null;
const printing = Boolean(match && match[2]);
const query = new URLSearchParams(location.search);
const METHODS = ["swiss", "round_robin", "king_of_the_hill", "random", "manual"];
let account = null;
let list = null;       // /tournaments: the server's answer
let state = null;      // /t/ID: the tournament as this account may see it
let events = [];       // its log
let shownRound = null; // the round picked on the page (null: the newest)
let error = null;
let message = null;
const typed = new Map(); // what a director typed in the result boxes, kept across live updates

function say(key, params = {}) { message = key ? [key, params] : null; $("players-message").textContent = key ? t(key, params) : ""; }
function fail(e) { error = e; $("players-error").textContent = e ? t("error", { msg: reason(e.message, e.messages) }) : ""; }
function date(seconds) { return new Date(seconds * 1000).toLocaleString(getLang() === "th" ? "th-TH" : "en-GB", { dateStyle: "short", timeStyle: "short" }); }
function head(...keys) { return el("tr", {}, ...keys.map((k) => el("th", { text: k ? t(k) : "" }))); }
function empty(key, span = 1) { return el("tr", {}, el("td", { class: "note", colspan: String(span), text: t(key) })); }
function methodLabel(m) { return t(`tm_method_${m}`); }
function signed(n) { return n > 0 ? `+${n}` : String(n); }

async function act(fn) {
  fail(null); say(null);
  try { await fn(); } catch (e) { fail(e); }
}

// ----- /tournaments ----------------------------------------------------------------------------------
function renderList() {
  if (!list) return;
  $("list-card").hidden = false;
  $("create-card").hidden = !list.logged_in;
  $("login-needed").hidden = list.logged_in;
  $("list-table").replaceChildren(...(list.tournaments.length === 0 ? [empty("tm_none")] : [
    head("tm_name", "tm_mode", "tm_status", "tm_players", "tm_rounds", "col_date"),
    ...list.tournaments.map((x) => el("tr", { class: "tournament-row" + (x.mine ? " mine" : "") },
      el("td", {}, el("a", { href: `/t/${x.id}`, text: x.name })),
      el("td", { text: t(`tm_mode_${x.mode}`) }), el("td", { text: t(`tm_status_${x.status}`) }),
      el("td", { class: "num", text: String(x.players) }), el("td", { class: "num", text: String(x.rounds) }),
      el("td", { text: date(x.created) }))),
  ]));
  const pick = $("tm-method");
  if (pick.options.length === 0) for (const m of METHODS.slice(0, 4)) pick.append(el("option", { value: m }));
  for (const o of pick.options) o.textContent = methodLabel(o.value);
}

function setupList() {
  $("tm-nocap").addEventListener("change", () => { $("tm-cap").disabled = $("tm-nocap").checked; });
  $("create-form").addEventListener("submit", (ev) => { ev.preventDefault(); act(async () => {
    const methods = $("tm-methods").value.split(",").map((x) => x.trim()).filter(Boolean);
    const body = {
      name: $("tm-name").value, mode: $("tm-mode").value, ruleset: $("tm-ruleset").value, rounds: Number($("tm-rounds").value),
      default_method: $("tm-method").value, methods, clock_minutes: Number($("tm-clock").value),
      overtime_penalty: Number($("tm-penalty").value), spread_cap: $("tm-nocap").checked ? null : Number($("tm-cap").value),
      bye_points: Number($("tm-bye-points").value), bye_spread: Number($("tm-bye-spread").value),
      forfeit_spread: Number($("tm-forfeit-spread").value), no_show_minutes: Number($("tm-no-show").value),
      challenge: $("tm-challenge").checked, gibson_pairing: $("tm-gibson").checked,
    };
    const made = await api("/api/tournaments", { method: "POST", body });
    location.href = `/t/${made.id}`;
  }); });
}

// ----- /t/ID -------------------------------------------------------------------------------------------
function player(n) { return state.players.find((p) => p.number === n); }
function nameOf(n) {
  if (n === null || n === undefined) return t("tm_bye");
  const p = player(n);
  return p ? p.name : `#${n}`;
}
function fullName(n) {
  const p = player(n);
  if (!p) return nameOf(n);
  return p.school ? `${p.name} (${p.school})` : p.name;
}
function resultText(r) {
  if (!r) return "";
  if (r.forfeit) return t(`tm_forfeit_${r.forfeit}`);
  return `${r.first_score} – ${r.second_score} (${signed(r.spread)})`;
}
function roundOf(n) { return state.rounds.find((r) => r.number === n) || null; }
function lastPublished() {
  const pub = state.rounds.filter((r) => r.published);
  return pub.length ? pub[pub.length - 1] : null;
}

function renderHead() {
  const s = state.settings;
  $("head-card").hidden = false;
  $("t-name").textContent = state.name;
  $("t-summary").textContent = [
    t(`tm_mode_${state.mode}`), s.ruleset === "smath" ? t("variant_smath") : t("variant_amath"),
    t("tm_n_rounds", { n: s.rounds }), t("tm_clock_is", { m: s.clock_minutes, p: s.overtime_penalty }),
    s.spread_cap === null ? t("tm_no_cap") : t("tm_cap_is", { n: s.spread_cap }),
    t("tm_bye_is", { points: s.bye_points, spread: s.bye_spread }),
  ].join(" · ");
  $("t-status").textContent = t(`tm_status_${state.status}`);
  const registered = state.me.player !== null;
  $("signup-row").hidden = !state.me.logged_in || registered || state.status === "finished";
  const pub = lastPublished();
  const r = pub ? pub.number : 1;
  $("print-pairings").href = `/t/${tid}/print?what=pairings&round=${r}`;
  $("print-names").href = `/t/${tid}/print?what=names&round=${r}`;
  $("print-sheets").href = `/t/${tid}/print?what=sheets&round=${r}`;
  $("print-standings").href = `/t/${tid}/print?what=standings`;
  $("csv-standings").href = `/api/tournaments/${tid}/standings.csv`;
  $("csv-results").href = `/api/tournaments/${tid}/results.csv`;
}

function myPairing() {
  if (state.me.player === null) return null;
  const mine = state.me.player;
  for (const r of [...state.rounds].reverse()) {
    if (!r.published) continue;
    const p = r.pairings.find((x) => x.first === mine || x.second === mine);
    if (p) return { round: r, pairing: p };
  }
  return null;
}

function renderMine() {
  const found = myPairing();
  $("mine-card").hidden = !found;
  $("mine-play").hidden = true;
  if (!found) return;
  const { round, pairing: p } = found;
  const mine = state.me.player;
  if (p.second === null) {
    $("mine-text").textContent = t("tm_mine_bye", { r: round.number });
    return;
  }
  const other = p.first === mine ? p.second : p.first;
  $("mine-text").textContent = t(p.first === mine ? "tm_mine_first" : "tm_mine_second", { r: round.number, table: p.table, name: fullName(other) })
    + (p.result ? ` · ${resultText(p.result)}` : "");
  $("mine-play").hidden = !(state.mode === "online" && !p.result && p.game_id);
  $("mine-play").onclick = () => act(async () => {
    const seat = await api(`/api/tournaments/${tid}/rounds/${round.number}/seat`, { method: "POST" });
    saveSeat(seat.game_id, { token: seat.token, seat: seat.seat, mode: "room" });
    location.href = `/g/${encodeURIComponent(seat.game_id)}`;
  });
}

function keepTyped() {
  for (const input of document.querySelectorAll("#pairings-table input[data-key]")) {
    if (input.value !== "" || typed.has(input.dataset.key)) typed.set(input.dataset.key, input.value);
  }
}

function resultCells(r, p) {
  if (!state.me.director || !r.published || p.second === null) return [];
  const key = (k) => `${r.number}:${p.table}:${k}`;
  const box = (k, value) => el("input", { type: "number", min: "0", class: `score s${k}`, "data-key": key(k),
    value: typed.has(key(k)) ? typed.get(key(k)) : value, "aria-label": t(k === 1 ? "tm_first_score" : "tm_second_score") });
  const s1 = box(1, p.result && !p.result.forfeit ? String(p.result.first_score) : "");
  const s2 = box(2, p.result && !p.result.forfeit ? String(p.result.second_score) : "");
  const forfeit = el("select", { class: "forfeit", "aria-label": t("tm_forfeit") },
    el("option", { value: "", text: t("tm_forfeit_none") }),
    ...["first", "second", "both"].map((w) => el("option", { value: w, text: t(`tm_forfeit_${w}`) })));
  const save = el("button", { type: "button", class: "save-result", text: t(p.result ? "tm_correct" : "tm_save"), onclick: () => act(async () => {
    const body = forfeit.value ? { forfeit: forfeit.value } : { first: s1.value.trim(), second: s2.value.trim() };
    await api(`/api/tournaments/${tid}/rounds/${r.number}/tables/${p.table}/result`, { method: "POST", body });
    typed.delete(key(1)); typed.delete(key(2));
    await load();
    say("tm_saved", { table: p.table });
  }) });
  return [el("td", { class: "entry" }, s1, " – ", s2, " ", forfeit, " ", save)];
}

function renderRound() {
  const pick = $("round-pick");
  const numbers = state.rounds.map((r) => r.number);
  $("round-card").hidden = numbers.length === 0;
  if (numbers.length === 0) return;
  const pub = lastPublished();
  const number = numbers.includes(shownRound) ? shownRound : (pub ? pub.number : numbers[numbers.length - 1]);
  pick.replaceChildren(...state.rounds.map((r) => el("option", { value: String(r.number), selected: r.number === number,
    text: t(r.published ? "tm_round_n" : "tm_round_draft", { n: r.number }) })));
  pick.onchange = () => { shownRound = Number(pick.value); render(); };
  const r = roundOf(number);
  $("round-title").textContent = t("tm_pairings_round", { n: r.number });
  $("round-note").textContent = `${methodLabel(r.method)}${r.published ? "" : " · " + t("tm_draft_note")}`;
  const online = state.mode === "online";
  keepTyped();
  $("pairings-table").replaceChildren(
    head("tm_table", "tm_first", "tm_second", "tm_result", online ? "tm_game" : "", state.me.director && r.published ? "tm_enter" : ""),
    ...r.pairings.map((p) => el("tr", { class: "pairing-row" + ([p.first, p.second].includes(state.me.player) ? " me" : ""), "data-table": String(p.table) },
      el("td", { class: "num", text: String(p.table) }), el("td", { text: fullName(p.first) }),
      el("td", { text: p.second === null ? t("tm_bye") : fullName(p.second) }),
      el("td", { class: p.result ? "result" : "result-pending", text: p.second === null ? t("tm_bye_result") : (resultText(p.result) || t("tm_playing")) }),
      el("td", {}, online && p.game_id ? el("a", { class: "button watch", href: `/g/${encodeURIComponent(p.game_id)}`, text: t("watch") }) : null),
      ...resultCells(r, p))));
}

function renderStandings() {
  $("standings-card").hidden = state.standings.length === 0;
  $("standings-table").replaceChildren(head("tm_rank", "tm_player", "tm_points", "tm_wdl", "tm_spread", "tm_opp_points", ""),
    ...state.standings.map((s) => el("tr", { class: "standing-row" + (s.active ? "" : " withdrawn") },
      el("td", { class: "num", text: String(s.rank) }),
      el("td", { text: s.school ? `${s.name} (${s.school})` : s.name }),
      el("td", { class: "num", text: String(s.points) }),
      el("td", { class: "num", text: `${s.wins}-${s.draws}-${s.losses}` }),
      el("td", { class: "num", text: signed(s.spread) }),
      el("td", { class: "num", text: String(s.opponents_points) }),
      el("td", { class: "gibson", title: s.gibsonized ? t("tm_gibson_help") : null, text: s.gibsonized ? t("tm_gibson") : "" }))));
}

function playersRows(director) {
  return state.players.map((p) => el("tr", { class: "player-row" + (p.active ? "" : " withdrawn"), "data-number": String(p.number) },
    el("td", { class: "num", text: String(p.number) }), el("td", { text: p.name }), el("td", { text: p.school }),
    el("td", { text: p.division }),
    el("td", { text: p.bot ? t("tm_bot_player") : p.account ? t("tm_account_player") : t("tm_typed_player") }),
    el("td", { class: "checked", text: p.checked_in ? t("tm_checked_in") : "" }),
    el("td", { text: p.active ? (p.first_round > 1 ? t("tm_late", { n: p.first_round }) : "") : t("tm_withdrawn") }),
    director ? el("td", {},
      state.rounds.length === 0 ? el("button", { type: "button", class: "checkin", text: t(p.checked_in ? "tm_uncheck" : "tm_check_in"),
        onclick: () => act(() => post(`/players/${p.number}/checkin`, { present: !p.checked_in })) }) : null,
      el("button", { type: "button", class: p.active ? "withdraw" : "reinstate", text: t(p.active ? "tm_withdraw" : "tm_reinstate"),
        onclick: () => act(() => post(`/players/${p.number}/${p.active ? "withdraw" : "reinstate"}`, {})) })) : null));
}

function renderDirector() {
  const d = state.me.director;
  $("director-card").hidden = !d;
  $("public-players-card").hidden = d;
  const cols = ["tm_number", "tm_player", "tm_school", "tm_division", "tm_kind", "tm_checked", ""];
  $("public-players").replaceChildren(...(state.players.length === 0 ? [empty("tm_no_players")] : [head(...cols), ...playersRows(false)]));
  if (!d) return;
  $("players-table").replaceChildren(...(state.players.length === 0 ? [empty("tm_no_players")] : [head(...cols, ""), ...playersRows(true)]));
  const draft = state.rounds.find((r) => !r.published) || null;
  const next = draft ? draft.number : state.next_round;
  const label = document.querySelector('[data-i18n="tm_pair_method"]');
  if (label) label.textContent = t("tm_pair_method", { n: next });
  const pick = $("pair-method");
  const chosen = pick.value || state.settings.methods[next - 1] || "swiss";
  pick.replaceChildren(...METHODS.map((m) => el("option", { value: m, text: methodLabel(m), selected: m === chosen })));
  $("pair-go").textContent = t(draft ? "tm_pair_again" : "tm_pair");
  $("pair-go").disabled = next > state.settings.rounds;
  $("draft").hidden = !draft;
  if (draft) {
    $("draft-note").textContent = t("tm_draft_of", { n: draft.number });
    const items = (draft.warnings || []).map((w) => el("li", { text: t(`tm_warn_${w.code}`, { table: w.table, names: w.players.map(nameOf).join(", ") }) }));
    if (draft.problem) items.unshift(el("li", { class: "problem", text: reason(draft.problem.error, draft.problem.messages) }));
    $("draft-warnings").replaceChildren(...items);
  }
  const bots = $("add-bot");
  if (bots.options.length !== state.bots.length + 1) {
    bots.replaceChildren(el("option", { value: "" }), ...state.bots.map((b) => el("option", { value: b })));
  }
  bots.options[0].textContent = t("tm_no_bot");
  for (const o of [...bots.options].slice(1)) o.textContent = t(`level_${o.value}`);
  $("co-row").hidden = !state.me.owner;
  $("directors").textContent = "";
}

function renderLog() {
  $("log-card").hidden = events.length === 0;
  $("log-table").replaceChildren(head("col_date", "tm_by", "tm_what", "tm_old", "tm_new"),
    ...events.slice(0, 200).map((e) => el("tr", { class: `log-row ${e.action}` },
      el("td", { text: date(e.at) }), el("td", { text: e.by || t("tm_by_server") }),
      el("td", { text: `${t(`tm_action_${e.action}`)} · ${e.target}` }), el("td", { class: "old", text: e.old.slice(0, 120) }),
      el("td", { class: "new", text: e.new.slice(0, 120) }))));
}

async function post(path, body) {
  const answer = await api(`/api/tournaments/${tid}${path}`, { method: "POST", body });
  await load();
  return answer;
}

function setupPage() {
  $("signup-go").addEventListener("click", () => act(async () => {
    await post("/signup", { school: $("signup-school").value });
    say("tm_signed_up");
  }));
  $("pair-go").addEventListener("click", () => act(async () => {
    const draft = state.rounds.find((r) => !r.published);
    const r = await post("/rounds", { method: $("pair-method").value, ...(draft ? { round: draft.number } : {}) });
    shownRound = r.round;
    render();
  }));
  $("publish-go").addEventListener("click", () => act(async () => {
    const draft = state.rounds.find((r) => !r.published);
    if (!draft) return;
    await post(`/rounds/${draft.number}/publish`, {});
    shownRound = draft.number;
    render();
    say("tm_published", { n: draft.number });
  }));
  $("swap-go").addEventListener("click", () => act(async () => {
    const draft = state.rounds.find((r) => !r.published);
    await post(`/rounds/${draft.number}/edit`, { swap: [Number($("swap-a").value), Number($("swap-b").value)] });
  }));
  $("set-go").addEventListener("click", () => act(async () => {
    const draft = state.rounds.find((r) => !r.published);
    const second = $("set-second").value.trim();
    await post(`/rounds/${draft.number}/edit`, { table: Number($("set-table").value), first: Number($("set-first").value),
      second: second === "" ? null : Number(second) });
  }));
  $("add-go").addEventListener("click", () => act(async () => {
    const bot = $("add-bot").value;
    const text = $("add-players").value;
    const players = bot ? [{ name: text.trim() || t(`level_${bot}`), bot }] : text;
    const made = await post("/players", { players });
    $("add-players").value = "";
    $("add-bot").value = "";
    say("tm_added", { n: made.numbers.length });
  }));
  $("co-go").addEventListener("click", () => act(async () => {
    const made = await post("/directors", { name: $("co-name").value.trim() });
    $("co-name").value = "";
    say("tm_co_added", { name: made.display });
  }));
}

function renderTournament() {
  if (!state) return;
  renderHead();
  renderMine();
  renderRound();
  renderStandings();
  renderDirector();
  renderLog();
}

async function load() {
  state = await api(`/api/tournaments/${tid}`);
  events = state.events;
  if (printing) renderPrint(); else renderTournament();
}

// Live: the server says the tournament's revision on every change; the page fetches it again then.
function follow() {
  let retry = 0;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${proto}://${location.host}/api/tournaments/${tid}/ws`);
    socket.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.type === "tournament" && (!state || msg.rev !== state.rev)) load().catch(fail);
      retry = 0;
    };
    socket.onclose = () => { retry += 1; setTimeout(connect, Math.min(30000, 500 * 2 ** retry)); };
  };
  connect();
}

// ----- /t/ID/print -------------------------------------------------------------------------------------
function printHead(title) {
  return [el("h1", { text: state.name }), el("h2", { text: title }),
    el("p", { class: "meta", text: `${t(`tm_mode_${state.mode}`)} · ${t("tm_n_rounds", { n: state.settings.rounds })} · ${t("tm_printed", { when: date(Date.now() / 1000) })}` })];
}

function printTable(headKeys, rows) {
  return el("table", {}, el("thead", {}, el("tr", {}, ...headKeys.map((k) => el("th", { text: t(k) })))),
    el("tbody", {}, ...rows.map((cells) => el("tr", {}, ...cells.map((c) => el("td", { class: typeof c === "number" ? "num" : null, text: String(c) }))))));
}

function renderPrint() {
  $("screen").hidden = true;
  $("print").hidden = false;
  document.querySelector(".top").hidden = true;
  const what = query.get("what") || "pairings";
  const number = Number(query.get("round")) || (lastPublished() ? lastPublished().number : 1);
  const r = roundOf(number);
  $("print-back").href = `/t/${tid}`;
  const body = $("print-body");
  if (what === "standings") {
    body.replaceChildren(...printHead(t("tm_standings")), printTable(["tm_rank", "tm_player", "tm_school", "tm_points", "tm_wdl", "tm_spread", "tm_opp_points", ""],
      state.standings.map((s) => [s.rank, s.name, s.school, s.points, `${s.wins}-${s.draws}-${s.losses}`, signed(s.spread), s.opponents_points, s.gibsonized ? t("tm_gibson") : ""])));
    return;
  }
  if (!r) { body.replaceChildren(...printHead(t("tm_pairings_round", { n: number })), el("p", { text: t("tm_not_paired") })); return; }
  if (what === "names") {
    const rows = [];
    for (const p of r.pairings) {
      rows.push([p.first, nameOf(p.first), p.table, p.second === null ? t("tm_bye") : t("tm_starts"), p.second === null ? "" : nameOf(p.second)]);
      if (p.second !== null) rows.push([p.second, nameOf(p.second), p.table, t("tm_goes_second"), nameOf(p.first)]);
    }
    rows.sort((a, b) => String(a[1]).localeCompare(String(b[1]), getLang() === "th" ? "th" : "en"));
    body.replaceChildren(...printHead(t("tm_by_name_round", { n: number })), printTable(["tm_number", "tm_player", "tm_table", "tm_seat", "tm_opponent"], rows));
  } else if (what === "sheets") {
    body.replaceChildren(...r.pairings.filter((p) => p.second !== null).map((p) => el("section", { class: "sheet" },
      el("h1", { text: state.name }),
      el("h2", { text: t("tm_sheet_title", { n: number, table: p.table }) }),
      el("div", { class: "players" },
        el("div", {}, el("strong", { text: t("tm_first") }), el("br"), `${fullName(p.first)} (#${p.first})`),
        el("div", {}, el("strong", { text: t("tm_second") }), el("br"), `${fullName(p.second)} (#${p.second})`)),
      el("table", {}, el("thead", {}, el("tr", {}, el("th", { text: t("tm_sheet_item") }), el("th", { text: nameOf(p.first) }), el("th", { text: nameOf(p.second) }))),
        el("tbody", {}, ...["tm_sheet_score", "tm_sheet_penalty", "tm_sheet_final"].map((k) => el("tr", {}, el("td", { text: t(k) }), el("td", { class: "blank" }), el("td", { class: "blank" }))))),
      el("div", { class: "sign" }, el("div", { text: t("tm_sheet_sign", { name: nameOf(p.first) }) }), el("div", { text: t("tm_sheet_sign", { name: nameOf(p.second) }) })))));
  } else {
    body.replaceChildren(...printHead(t("tm_pairings_round", { n: number })), printTable(["tm_table", "tm_first", "tm_second", "tm_result"],
      r.pairings.map((p) => [p.table, fullName(p.first), p.second === null ? t("tm_bye") : fullName(p.second), p.second === null ? t("tm_bye_result") : resultText(p.result)])));
  }
  document.title = `${state.name} · ${t("tm_print")}`;
}

function render() {
  paintAccount();
  if (error) fail(error);
  if (message) say(...message);
  if (tid === null) renderList(); else if (printing) { if (state) renderPrint(); } else renderTournament();
}

async function init() {
  setupLang(render);
  account = await showAccount();
  $("print-go").addEventListener("click", () => window.print());
  try {
    if (tid === null) {
      setupList();
      list = await api("/api/tournaments");
      renderList();
    } else {
      if (!printing) setupPage();
      await load();
      if (!printing) follow();
    }
  } catch (e) { fail(e); }
  document.body.dataset.ready = account ? "account" : "guest";
}

init();
