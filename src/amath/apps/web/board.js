// Drawing the board and tiles, shared by the game page and the record viewer.
import { el, showFace, t } from "./common.js";

export const COLS = "ABCDEFGHIJKLMNO";
const PREMIUM_CLASS = { T: "p-T", D: "p-D", 3: "p-3", 2: "p-2", "*": "p-star", ".": "" };

// One tile: its face (a blank's chosen face in colour), its points unless it is a placed blank.
export function tileNode(tile, face, points, extra = "", choiceFaces = {}) {
  const node = el("div", { class: `tile ${extra}`.trim() });
  const shown = face ?? tile;
  // what a screen reader says for it: "7", "blank as 7", "blank"
  node.dataset.say = tile === "?" ? (face ? t("say_blank_as", { face: showFace(face) }) : t("say_blank")) : showFace(shown);
  node.append(el("span", { class: "face", text: tile === "?" && !face ? "?" : showFace(shown) }));
  if (tile === "?") node.classList.add("blank");
  else if (choiceFaces[tile]) node.classList.add("choice");
  if (tile !== "?" || !face) node.append(el("span", { class: "pts", text: String(points[tile] ?? 0) }));
  if (shown.length >= 2) node.classList.add("wide");
  return node;
}

// The empty grid with coordinates; `onCell(square)` is called when a square is clicked (or, with
// the keyboard, Enter or Space on it: the arrow keys move between squares, one Tab stop for all).
export function buildBoard(box, onCell = null, onRemove = null) {
  const cells = [el("div", { class: "corner", "aria-hidden": "true" })];
  for (let c = 0; c < 15; c++) cells.push(el("div", { class: "coord", "aria-hidden": "true", text: COLS[c] }));
  for (let r = 0; r < 15; r++) {
    cells.push(el("div", { class: "coord", "aria-hidden": "true", text: String(r + 1) }));
    for (let c = 0; c < 15; c++) {
      const square = `${COLS[c]}${r + 1}`;
      const attrs = { class: "cell", "data-square": square, onclick: onCell ? () => onCell(square) : null };
      if (onCell) Object.assign(attrs, { role: "button", tabindex: square === "H8" ? "0" : "-1" });
      cells.push(el("div", attrs));
    }
  }
  box.replaceChildren(...cells);
  if (onCell) box.addEventListener("keydown", (ev) => boardKey(ev, box, onCell, onRemove));
  // A square pressed with the mouse (or a finger) takes no focus and leaves none where it was: Enter then plays the
  // tentative play (the page's shortcut) rather than acting on that square again (taking its tile back) or pressing
  // a button clicked earlier. The keyboard's Enter on a square it focused is handled by boardKey as before.
  if (onCell) {
    box.addEventListener("pointerdown", (ev) => {
      if (!(ev.target.closest && ev.target.closest(".cell"))) return;
      ev.preventDefault();
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused.blur) focused.blur();
    });
  }
}

const STEP = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function boardKey(ev, box, onCell, onRemove) {
  const cell = ev.target.closest && ev.target.closest(".cell");
  if (!cell) return;
  const square = cell.dataset.square;
  if (ev.key in STEP) {
    ev.preventDefault();
    const [dc, dr] = STEP[ev.key];
    const col = Math.max(0, Math.min(14, COLS.indexOf(square[0]) + dc));
    const row = Math.max(1, Math.min(15, Number(square.slice(1)) + dr));
    focusSquare(box, `${COLS[col]}${row}`);
  } else if (ev.key === "Enter" || ev.key === " ") {
    ev.preventDefault();
    ev.stopPropagation();
    onCell(square);
  } else if ((ev.key === "Delete" || ev.key === "Backspace") && onRemove) {
    ev.preventDefault();
    onRemove(square);
  }
}

// Move the board's one Tab stop to `square` and focus it.
export function focusSquare(box, square) {
  const next = box.querySelector(`.cell[data-square="${square}"]`);
  if (!next) return;
  for (const c of box.querySelectorAll('.cell[tabindex="0"]')) c.setAttribute("tabindex", "-1");
  next.setAttribute("tabindex", "0");
  next.focus();
}

// Paint every square: `content(square)` gives a tile node for it, or null for the bare premium square.
export function paintBoard(box, layout, content) {
  for (const cell of box.querySelectorAll(".cell")) {
    const square = cell.dataset.square;
    const p = layout[Number(square.slice(1)) - 1][COLS.indexOf(square[0])];
    cell.className = `cell ${PREMIUM_CLASS[p] || ""}`.trim();
    const node = content(square);
    if (node) cell.replaceChildren(node);
    else if (p === "*") cell.replaceChildren(el("span", { class: "star", "aria-hidden": "true", text: "★" }));
    else if (p !== ".") cell.replaceChildren(el("span", { class: "plabel", "aria-hidden": "true", text: t(`lab_${p}`) }));
    else cell.replaceChildren();
    const premium = p === "." ? "" : `, ${t(p === "*" ? "prem_star" : `prem_${p}`)}`;
    const tentative = node && node.classList.contains("pending") ? ` (${t("say_tentative")})` : "";
    cell.setAttribute("aria-label", node ? `${square}: ${node.dataset.say}${tentative}` : `${square}${premium}`);
  }
}

// The colour key of the premium squares.
export function renderLegend(box) {
  const item = (cls, label, text) => el("span", { class: "legend-item" }, el("span", { class: `swatch ${cls}`, text: label }), el("span", { text }));
  box.replaceChildren(
    item("p-T", t("lab_T"), t("prem_T")), item("p-D", t("lab_D"), t("prem_D")),
    item("p-3", t("lab_3"), t("prem_3")), item("p-2", t("lab_2"), t("prem_2")), item("p-star", "★", t("prem_star")),
  );
}

// "A-Math", "Smath", "Smath · Primary · Co-op" in the page's language.
export function variantLabel(name) {
  const [base, ...opts] = (name || "a-math").split("+");
  return [t(base === "smath" ? "variant_smath" : "variant_amath"), ...opts.map((o) => t(`opt_${o}`))].join(" · ");
}
