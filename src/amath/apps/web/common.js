// Shared by the lobby and the game page: API calls, seat tokens, tile display, language button.
import { applyI18n, getLang, setLang, t } from "./i18n.js";

// A refused request: the English message, and (for the library's errors) its code and its text in each language.
export class ApiError extends Error {
  constructor(status, message, data = null) {
    super(message); this.status = status; this.code = data && data.code; this.messages = data && data.messages;
  }
}

// The CSRF token the server gave this browser's session (a cookie the page reads and sends back as a header).
function csrfToken() {
  const m = /(?:^|;\s*)amath_csrf=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : null;
}

export async function api(path, { method = "GET", body, token, screen } = {}) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers["X-Seat-Token"] = token;
  const csrf = method === "GET" ? null : csrfToken();
  if (csrf) headers["X-CSRF-Token"] = csrf; // a logged-in browser's state changes carry it (docs/web.md, CSRF)
  if (screen) headers["X-Screen"] = screen; // this page's socket: the answer carries the change, the socket need not
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || res.statusText, data);
  return data;
}

// Seat tokens stay in this browser only, one per game.
export function saveSeat(gameId, seat) { localStorage.setItem(`amath.seat.${gameId}`, JSON.stringify(seat)); }
export function loadSeat(gameId) {
  try { return JSON.parse(localStorage.getItem(`amath.seat.${gameId}`) || "null"); } catch { return null; }
}

const DISPLAY = { "-": "−", "*": "×", "/": "÷", "+-": "±", "*/": "×/÷", "?": "" };
export function showFace(face) { return DISPLAY[face] ?? face; }
export function showTile(tile) { return tile === "?" ? "?" : (DISPLAY[tile] ?? tile); }
export function showNotation(text) {
  return text.split(" ").map((w) => {
    const m = /^(\[?)([^\]]*)(\]?)$/.exec(w);
    if (!m || /^\d+[A-O]$|^[A-O]\d+$/.test(w)) return w;
    const inner = m[2].split(":").map((p) => DISPLAY[p] && p !== "?" ? DISPLAY[p] : p).join(":");
    return m[1] + inner + m[3];
  }).join(" ");
}

// A placement's notation ("8E 1 2 + [3] 4 = ?:4 6") read for people: the equation, where, and the score.
const COORD = /^(\d{1,2})([A-O])$|^([A-O])(\d{1,2})$/;
function faceOfWord(word) {
  if (word.startsWith("[") && word.endsWith("]")) return word.slice(1, -1);
  const k = word.indexOf(":");
  return k > 0 ? word.slice(k + 1) : word;
}
export function equationOf(notation) {
  const words = (notation || "").split(" ");
  if (!COORD.test(words[0] || "")) return null;
  return words.slice(1).map((w) => showFace(faceOfWord(w))).join("");
}
export function placeLine(notation) {
  const eq = equationOf(notation);
  return eq === null ? null : `${eq} · ${notation.split(" ")[0]}`;
}
export function moveLine(notation, score) {
  const line = placeLine(notation);
  return line === null ? null : `${line} · ${score > 0 ? "+" : ""}${score}`;
}
// The squares of a placement's new tiles (those not in [brackets]), from its notation.
export function moveSquares(notation) {
  const words = (notation || "").split(" ");
  const m = COORD.exec(words[0] || "");
  if (!m) return [];
  const across = m[1] !== undefined;
  let col = "ABCDEFGHIJKLMNO".indexOf(across ? m[2] : m[3]);
  let row = Number(across ? m[1] : m[4]);
  const out = [];
  for (const w of words.slice(1)) {
    if (!w.startsWith("[")) out.push(`${"ABCDEFGHIJKLMNO"[col]}${row}`);
    if (across) col += 1; else row += 1;
  }
  return out;
}

export function tileOrder(a, b) {
  const na = /^\d+$/.test(a), nb = /^\d+$/.test(b);
  if (na && nb) return Number(a) - Number(b);
  if (na !== nb) return na ? -1 : 1;
  const rank = ["+", "-", "*", "/", "+-", "*/", "=", "?"];
  return rank.indexOf(a) - rank.indexOf(b);
}

// The logged-in account ({name, display}) or null; the header's account link shows it.
let me;
export async function currentAccount() {
  if (me === undefined) {
    try { me = (await api("/api/me")).account; } catch { me = null; }
  }
  return me;
}

// The header's account link: the display name (to one's profile) or "Log in"; again after a change of language.
export function paintAccount() {
  const link = document.getElementById("account-link");
  if (!link || me === undefined) return;
  link.textContent = me ? me.display : t("log_in");
  link.href = me ? `/u/${encodeURIComponent(me.name)}` : "/account";
  link.title = me ? t("my_profile") : "";
}

export async function showAccount() {
  const account = await currentAccount();
  paintAccount();
  // a class login with the password its teacher set: first its own password (the server refuses games until then)
  if (account && account.must_change && location.pathname !== "/account") location.href = "/account";
  return account;
}

export function forgetAccount(account) { me = account; paintAccount(); }

export function setupLang(render) {
  const btn = document.getElementById("lang");
  applyI18n();
  btn.addEventListener("click", () => {
    setLang(getLang() === "th" ? "en" : "th");
    applyI18n();
    render();
  });
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

// A bot level for people ("Champion", "แชมป์"): the server's names if given, else the page's level_* labels (the registry's
// LEVEL_NAMES, kept equal by tests/test_thai_glossary.py); never the raw id while a label exists.
export function botLabel(level, names = null) {
  if (names && names[level] && names[level][getLang()]) return names[level][getLang()];
  const label = t(`level_${level}`);
  return label === `level_${level}` ? level : label;
}

export { t };
