// Classes: /classes (join a class with its code, make a class, the classes I teach) and /classes/ID (the teacher's page).
import { api, el, setupLang, showAccount, t, paintAccount } from "./common.js";
import { getLang, reason } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const match = /^\/classes\/(\d+)$/.exec(location.pathname);
const classId = match ? Number(match[1]) : null;
let mine = null;      // /classes: the server's answer
let page = null;      // /classes/ID: the server's answer
let logins = null;    // the class logins just made (shown once)
let error = null;
let message = null;   // [key, params]

function say(key, params = {}) { message = key ? [key, params] : null; $("players-message").textContent = key ? t(key, params) : ""; }
function fail(e) { error = e; $("players-error").textContent = e ? t("error", { msg: reason(e.message, e.messages) }) : ""; }
function date(seconds) { return new Date(seconds * 1000).toLocaleString(getLang() === "th" ? "th-TH" : "en-GB", { dateStyle: "short", timeStyle: "short" }); }
function rulesetLabel(r) { return r === "smath" ? t("variant_smath") : r === "a-math" ? t("variant_amath") : r; }
function empty(key) { return el("tr", {}, el("td", { class: "note", text: t(key) })); }
function head(...keys) { return el("tr", {}, ...keys.map((k) => el("th", { text: k ? t(k) : "" }))); }

async function act(fn) {
  fail(null); say(null);
  try { await fn(); } catch (e) { fail(e); }
}

// ----- /classes ------------------------------------------------------------------------------------------
function renderMine() {
  if (!mine) return;
  $("join-card").hidden = false;
  $("teach-card").hidden = mine.class_login;
  $("class-login-note").hidden = !mine.class_login;
  $("join-form").hidden = mine.class_login;
  $("studying-list").replaceChildren(...(mine.studying.length === 0 ? [el("li", { class: "note", text: t("class_none") })]
    : mine.studying.map((c) => el("li", { class: "studying-row", text: `${c.name} (${t("class_teacher_is", { name: c.teacher })})` }))));
  $("teaching-table").replaceChildren(...(mine.teaching.length === 0 ? [empty("class_none")] : mine.teaching.map((c) => el("tr", { class: "teaching-row" },
    el("td", {}, el("a", { href: `/classes/${c.id}`, text: c.name })),
    el("td", { text: t("class_code_is", { code: c.code }) }),
    el("td", { class: "num", text: t("class_students_n", { n: c.students }) })))));
}

async function loadMine() {
  mine = await api("/api/classes");
  renderMine();
}

function setupMine() {
  $("join-form").addEventListener("submit", (ev) => { ev.preventDefault(); act(async () => {
    const joined = await api("/api/classes/join", { method: "POST", body: { code: $("join-code").value.trim() } });
    $("join-code").value = "";
    await loadMine();
    say("class_joined", { name: joined.name });
  }); });
  $("create-form").addEventListener("submit", (ev) => { ev.preventDefault(); act(async () => {
    const made = await api("/api/classes", { method: "POST", body: { name: $("create-name").value } });
    location.href = `/classes/${made.id}`;
  }); });
}

// ----- /classes/ID ---------------------------------------------------------------------------------------
function ratingsText(ratings) {
  const pool = (r) => (r.pool === "bots" ? ` · ${t("pool_bots")}` : "");  // the rating against the bots, apart from people's
  return ratings.map((r) => `${rulesetLabel(r.ruleset)} · ${t(`class_${r.time_class}`)}${pool(r)}: ${r.rating}${r.provisional ? "?" : ""}`).join("; ");
}

function gameCells(g) {
  return [el("td", { text: g.opponent }), el("td", { class: `outcome ${g.outcome}`, text: t(`outcome_${g.outcome}`) }),
    el("td", { class: "num", text: `${g.score} – ${g.opponent_score}` })];
}

function openLink(id) { return el("a", { class: "button", href: `/replay?game=${encodeURIComponent(id)}`, text: t("open_game") }); }
function watchLink(id) { return el("a", { class: "button", href: `/g/${encodeURIComponent(id)}`, text: t("class_watch") }); }

function renderPage() {
  if (!page) return;
  for (const id of ["class-card", "logins-card", "log-card"]) $(id).hidden = false;
  $("class-name").textContent = page.name;
  $("class-code").textContent = t("class_code_is", { code: page.code });
  $("students-table").replaceChildren(...(page.students.length === 0 ? [empty("class_no_students")] : [
    head("class_col_student", "class_col_login", "class_col_ratings", "class_col_recent", "class_col_now", ""),
    ...page.students.map((s) => el("tr", { class: "student-row" },
      el("td", {}, el("a", { href: `/u/${encodeURIComponent(s.name)}`, text: s.display })),
      el("td", { text: s.class_login ? `${s.name} (${t("class_login_tag")})` : s.name }),
      el("td", { text: ratingsText(s.ratings) }),
      el("td", {}, ...s.recent.map((g) => el("a", { class: `outcome ${g.outcome}`, href: `/replay?game=${encodeURIComponent(g.id)}`,
        title: `${g.opponent} · ${date(g.finished)}`, text: `${t(`outcome_${g.outcome}`)} ${g.score}–${g.opponent_score} ` }))),
      el("td", {}, ...s.playing.map(watchLink)),
      el("td", {},
        s.class_login ? el("button", { type: "button", class: "reset", text: t("class_reset"), onclick: () => act(async () => {
          const r = await api(`/api/classes/${classId}/students/${encodeURIComponent(s.name)}/password`, { method: "POST" });
          say("class_reset_done", { name: r.name, password: r.password });
        }) }) : null,
        s.class_login ? el("button", { type: "button", class: "delete-login", text: t("class_delete_login"), onclick: () => act(async () => {
          if (!confirm(t("class_delete_login_confirm", { name: `${s.display} (${s.name})` }))) return;
          await api(`/api/classes/${classId}/students/${encodeURIComponent(s.name)}/delete`, { method: "POST" });
          await loadPage();
          say("class_login_deleted", { name: s.display });
        }) }) : null,
        el("button", { type: "button", class: "remove", text: t("class_remove"), onclick: () => act(async () => {
          if (!confirm(t("class_remove_confirm", { name: s.display }))) return;
          await api(`/api/classes/${classId}/students/${encodeURIComponent(s.name)}/remove`, { method: "POST" });
          await loadPage();
          say("class_removed", { name: s.display });
        }) })))),
  ]));
  $("live-table").replaceChildren(...(page.live.length === 0 ? [empty("class_none")] : page.live.map((g) => el("tr", { class: "live-row" },
    el("td", { text: g.seats.map((x) => x.name).join(" – ") }),
    el("td", { class: "num", text: g.scores ? g.scores.join(" – ") : "" }),
    el("td", { text: g.turns === null ? "" : t("class_turns", { n: g.turns }) }),
    el("td", { text: date(g.created) }), el("td", {}, watchLink(g.id))))));
  $("finished-table").replaceChildren(...(page.finished.length === 0 ? [empty("no_games")] : [
    head("col_date", "class_col_student", "col_opponent", "col_result", "col_score", "col_game", ""),
    ...page.finished.map((g) => el("tr", { class: "finished-row" },
      el("td", { text: date(g.finished) }), el("td", { text: g.student }), ...gameCells(g),
      el("td", { text: `${rulesetLabel(g.ruleset)} · ${t(`class_${g.time_class}`)} · ${t(g.rated ? "rated_tag" : "casual_tag")}` }),
      el("td", {}, openLink(g.id)))),
  ]));
  $("logins-made").hidden = !logins;
  if (logins) {
    $("logins-table").replaceChildren(head("class_col_student", "class_col_login", "class_col_password"),
      ...logins.map((x) => el("tr", { class: "login-row" }, el("td", { text: x.display }), el("td", { text: x.name }), el("td", { class: "num", text: x.password }))));
  }
  $("log-list").replaceChildren(...page.events.map((e) => el("li", { text: `${date(e.at)} · ${e.by || ""} · ${t(`class_event_${e.action}`)}` })));
}

async function loadPage() {
  page = await api(`/api/classes/${classId}`);
  renderPage();
}

function setupPage() {
  $("class-rename").addEventListener("click", () => act(async () => {
    const name = prompt(t("class_rename_prompt"), page ? page.name : "");
    if (name === null) return;
    const r = await api(`/api/classes/${classId}/name`, { method: "POST", body: { name } });
    await loadPage();
    say("class_renamed", { name: r.name });
  }));
  $("class-delete").addEventListener("click", () => act(async () => {
    if (!confirm(t("class_delete_confirm", { name: page ? page.name : "" }))) return;
    await api(`/api/classes/${classId}/delete`, { method: "POST" });
    location.href = "/classes";
  }));
  $("new-code").addEventListener("click", () => act(async () => {
    if (!confirm(t("class_new_code_confirm"))) return;
    await api(`/api/classes/${classId}/code`, { method: "POST" });
    await loadPage();
  }));
  $("logins-form").addEventListener("submit", (ev) => { ev.preventDefault(); act(async () => {
    const names = $("logins-names").value.split("\n").map((x) => x.trim()).filter(Boolean);
    logins = (await api(`/api/classes/${classId}/students`, { method: "POST", body: { names } })).logins;
    $("logins-names").value = "";
    await loadPage();
  }); });
  setInterval(() => { if (!document.hidden) loadPage().catch(fail); }, 10000);  // the games in play, as they go
}

function render() {
  paintAccount();
  if (error) fail(error);
  if (message) say(...message);
  renderMine();
  renderPage();
}

async function init() {
  setupLang(render);
  const account = await showAccount();
  if (!account) { $("login-needed").hidden = false; return; }
  try {
    if (classId === null) { setupMine(); await loadMine(); } else { setupPage(); await loadPage(); }
  } catch (e) { fail(e); }
}

init();
