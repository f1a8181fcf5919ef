// Players: /account (sign up, log in, settings, log out), /u/NAME (a profile), /leaderboard.
import { api, botLabel, currentAccount, el, forgetAccount, paintAccount, setupLang, showAccount, t } from "./common.js";
import { getLang, reason } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const path = location.pathname;
let profile = null;   // /u/NAME: the server's answer
let board = null;     // /leaderboard: the server's answer
let error = null;     // the last refusal, shown in the page's language

function say(message) { $("players-message").textContent = message || ""; }
function fail(e) { error = e; $("players-error").textContent = e ? t("error", { msg: reason(e.message, e.messages) }) : ""; }

function date(seconds) { return new Date(seconds * 1000).toLocaleDateString(getLang() === "th" ? "th-TH" : "en-GB"); }
function ratingText(r) { return `${r.rating}${r.provisional ? "?" : ""}`; }
function classLabel(c) { return t(`class_${c}`); }
function poolLabel(p) { return t(p === "bots" ? "pool_bots" : "pool_people"); }
function rulesetLabel(r) { return r === "smath" ? t("variant_smath") : r === "a-math" ? t("variant_amath") : r; }

// ----- /account ----------------------------------------------------------------------------------------
async function submit(event, fn) {
  event.preventDefault();
  fail(null); say("");
  try { await fn(); } catch (e) { fail(e); }
}

function renderAccount(account) {
  $("login-card").hidden = $("signup-card").hidden = Boolean(account);
  $("settings-card").hidden = !account;
  $("must-change").hidden = !(account && account.must_change);
  if (account) {
    $("settings-title").textContent = t("logged_in_as", { name: account.name });
    $("my-profile").href = `/u/${encodeURIComponent(account.name)}`;
    if (document.activeElement !== $("display-name")) $("display-name").value = account.display;
  }
}

function loggedIn(res) {
  forgetAccount(res.account);
  renderAccount(res.account);
}

function setupAccount() {
  $("login-form").addEventListener("submit", (ev) => submit(ev, async () => {
    const res = await api("/api/account/login", { method: "POST", body: { name: $("login-name").value.trim(), password: $("login-password").value } });
    loggedIn(res);
    const pin = $("login-password").value;
    $("login-password").value = "";
    if (res.account.must_change) { $("old-password").value = pin; $("new-password").focus(); return; }  // first its own password
    const next = new URLSearchParams(location.search).get("next");
    if (next && next.startsWith("/") && !next.startsWith("//")) location.href = next;
  }));
  $("signup-form").addEventListener("submit", (ev) => submit(ev, async () => {
    const body = { name: $("signup-name").value.trim(), password: $("signup-password").value };
    if ($("signup-display").value.trim()) body.display = $("signup-display").value.trim();
    loggedIn(await api("/api/account/signup", { method: "POST", body }));
    $("signup-password").value = "";
  }));
  $("display-form").addEventListener("submit", (ev) => submit(ev, async () => {
    loggedIn(await api("/api/account/display", { method: "POST", body: { display: $("display-name").value.trim() } }));
    say(t("saved"));
  }));
  $("password-form").addEventListener("submit", (ev) => submit(ev, async () => {
    loggedIn(await api("/api/account/password", { method: "POST", body: { old: $("old-password").value, new: $("new-password").value } }));
    $("old-password").value = $("new-password").value = "";
    say(t("password_changed"));
  }));
  $("logout").addEventListener("click", () => submit(new Event("submit"), async () => {
    loggedIn(await api("/api/account/logout", { method: "POST" }));
  }));
}

// A rating's line over its games: an SVG drawn from [time, rating] points (the first is the rating before the first game).
function chart(points, label) {
  const NS = "http://www.w3.org/2000/svg";
  const w = 160, h = 36, pad = 3;
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("class", "rating-chart");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  if (points.length < 2) return svg;
  const values = points.map((p) => p[1]);
  const lo = Math.min(...values) - 5, hi = Math.max(...values) + 5;
  const x = (k) => pad + (k * (w - 2 * pad)) / (points.length - 1);
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / (hi - lo);
  const line = document.createElementNS(NS, "polyline");
  line.setAttribute("points", values.map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
  svg.append(line);
  const title = document.createElementNS(NS, "title");
  title.textContent = label;
  svg.append(title);
  return svg;
}

// ----- /u/NAME -----------------------------------------------------------------------------------------
function renderProfile() {
  if (!profile) return;
  $("profile-card").hidden = false;
  const display = profile.bot ? t("bot_name", { level: botLabel(profile.bot) }) : profile.display;  // a bot's page: its level's name in the page's language
  $("profile-name").textContent = display === profile.name ? profile.name : `${display} (${profile.name})`;
  $("profile-since").textContent = t("member_since", { date: date(profile.created) });
  const s = profile.stats;
  const average = s.average_score === null ? "" : ` · ${t("average_score")}: ${s.average_score}`;
  $("profile-stats").textContent = `${t("games_played")}: ${s.played} · ${t("outcome_win")}: ${s.won} · ${t("outcome_draw")}: ${s.drawn} · ${t("outcome_loss")}: ${s.lost}${average} · ${t("bingos")}: ${s.bingos}`;
  const head = (...keys) => el("tr", {}, ...keys.map((k) => el("th", { text: t(k) })));
  $("profile-ratings").replaceChildren(...(profile.ratings.length === 0 ? [el("tr", {}, el("td", { class: "note", text: t("no_ratings") }))] : [
    head("col_game", "clock", "rating", "col_games", "rating_chart"),
    ...profile.ratings.map((r) => el("tr", { class: `rating-row pool-${r.pool}` },
      el("td", { text: rulesetLabel(r.ruleset) }),
      el("td", { text: r.pool === "bots" ? `${classLabel(r.time_class)} · ${poolLabel(r.pool)}` : classLabel(r.time_class) }),
      el("td", { class: "num", text: ratingText(r), title: `± ${r.rd}` }), el("td", { class: "num", text: String(r.games) }),
      el("td", {}, chart(r.history, t("rating_chart_label", { from: r.history.length ? r.history[0][1] : r.rating, to: r.rating }))))),
  ]));
  $("profile-games").replaceChildren(...(profile.games.length === 0 ? [el("tr", {}, el("td", { class: "note", text: t("no_games") }))] : [
    head("col_date", "col_opponent", "col_result", "col_score", "col_game", "rating", ""),
    ...profile.games.map((g) => el("tr", { class: "game-row" },
      el("td", { text: date(g.finished) }), el("td", { text: g.opponent }),
      el("td", { class: `outcome ${g.outcome}`, text: t(`outcome_${g.outcome}`) }),
      el("td", { class: "num", text: `${g.score} – ${g.opponent_score}` }),
      el("td", { text: `${rulesetLabel(g.ruleset)} · ${classLabel(g.time_class)} · ${t(g.rated ? "rated_tag" : "casual_tag")}${g.rated && g.pool === "bots" ? ` (${poolLabel(g.pool)})` : ""}` }),
      el("td", { class: "num", text: g.rated ? `${g.rating_before} → ${g.rating_after}` : "" }),
      el("td", {}, el("a", { class: "button", href: `/replay?game=${encodeURIComponent(g.id)}`, text: t("open_game") })))),
  ]));
}

// My own profile: my games waiting or in play, to open on this device (the session holds their seats).
let playing = [];
function renderPlaying() {
  $("profile-playing-box").hidden = playing.length === 0;
  $("profile-playing").replaceChildren(...playing.map((g) => el("li", { class: "playing-row" },
    el("span", { text: `${rulesetLabel(g.variant.split("+")[0])} · ${g.seats.filter((x) => x.joined).map((x) => x.name).join(" – ")}` }),
    el("a", { class: "button", href: `/g/${encodeURIComponent(g.id)}`, text: t("resume") }))));
}

async function loadProfile(name) {
  try { profile = await api(`/api/users/${encodeURIComponent(name)}`); } catch (e) { fail(e); }
  renderProfile();
  const me = await currentAccount();
  if (me && profile && me.name.toLowerCase() === profile.name.toLowerCase()) {
    try { playing = (await api("/api/me/games")).games; } catch { playing = []; }
    renderPlaying();
  }
}

// ----- /leaderboard --------------------------------------------------------------------------------------
function renderBoard() {
  $("board-card").hidden = false;
  if (!board) return;
  $("board-table").replaceChildren(...(board.players.length === 0 ? [el("tr", {}, el("td", { class: "note", text: t("leaderboard_empty") }))] : [
    el("tr", {}, ...["col_rank", "col_player", "rating", "col_games"].map((k) => el("th", { text: t(k) }))),
    ...board.players.map((p, k) => el("tr", { class: "board-row" },
      el("td", { class: "num", text: String(k + 1) }),
      el("td", {}, el("a", { href: `/u/${encodeURIComponent(p.name)}`, text: p.display })),
      el("td", { class: "num", text: ratingText(p), title: `± ${p.rd}` }), el("td", { class: "num", text: String(p.games) }))),
  ]));
}

async function loadBoard() {
  const q = new URLSearchParams({ ruleset: $("board-ruleset").value, time_class: $("board-class").value, pool: $("board-pool").value });
  history.replaceState(null, "", `/leaderboard?${q}`);
  try { board = await api(`/api/leaderboard?${q}`); fail(null); } catch (e) { fail(e); }
  renderBoard();
}

function render() {
  paintAccount();
  if (error) fail(error);
  renderProfile();
  renderPlaying();
  if (board) renderBoard();
  if (path === "/account") currentAccount().then(renderAccount);
}

async function init() {
  setupLang(render);
  await showAccount();
  if (path === "/account") {
    setupAccount();
    renderAccount(await currentAccount());
  } else if (path.startsWith("/u/")) {
    await loadProfile(decodeURIComponent(path.slice(3)));
  } else {
    const q = new URLSearchParams(location.search);
    if (["a-math", "smath"].includes(q.get("ruleset"))) $("board-ruleset").value = q.get("ruleset");
    if (["classic", "fast", "untimed"].includes(q.get("time_class"))) $("board-class").value = q.get("time_class");
    if (["people", "bots"].includes(q.get("pool"))) $("board-pool").value = q.get("pool");
    $("board-pool").addEventListener("change", loadBoard);
    $("board-ruleset").addEventListener("change", loadBoard);
    $("board-class").addEventListener("change", loadBoard);
    await loadBoard();
  }
}

init();
