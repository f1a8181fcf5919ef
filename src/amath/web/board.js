// Drawing the board and tiles, shared by the game page and the record viewer.
import { el, showFace, t } from "./common.js";

export const COLS = "ABCDEFGHIJKLMNO";
const PREMIUM_CLASS = { T: "p-T", D: "p-D", 3: "p-3", 2: "p-2", "*": "p-star", ".": "" };

// One tile: its face (a blank's chosen face in colour), its points unless it is a placed blank.
export function tileNode(tile, face, points, extra = "", choiceFaces = {}) {
  const node = el("div", { class: `tile ${extra}`.trim() });
  const shown = face ?? tile;
  node.append(el("span", { class: "face", text: tile === "?" && !face ? "?" : showFace(shown) }));
  if (tile === "?") node.classList.add("blank");
  else if (choiceFaces[tile]) node.classList.add("choice");
  if (tile !== "?" || !face) node.append(el("span", { class: "pts", text: String(points[tile] ?? 0) }));
  if (shown.length >= 2) node.classList.add("wide");
  return node;
}

// The empty grid with coordinates; `onCell(square)` is called when a square is clicked.
export function buildBoard(box, onCell = null) {
  const cells = [el("div", { class: "corner" })];
  for (let c = 0; c < 15; c++) cells.push(el("div", { class: "coord", text: COLS[c] }));
  for (let r = 0; r < 15; r++) {
    cells.push(el("div", { class: "coord", text: String(r + 1) }));
    for (let c = 0; c < 15; c++) {
      const square = `${COLS[c]}${r + 1}`;
      cells.push(el("div", { class: "cell", "data-square": square, onclick: onCell ? () => onCell(square) : null }));
    }
  }
  box.replaceChildren(...cells);
}

// Paint every square: `content(square)` gives a tile node for it, or null for the bare premium square.
export function paintBoard(box, layout, content) {
  for (const cell of box.querySelectorAll(".cell")) {
    const square = cell.dataset.square;
    const p = layout[Number(square.slice(1)) - 1][COLS.indexOf(square[0])];
    cell.className = `cell ${PREMIUM_CLASS[p] || ""}`.trim();
    const node = content(square);
    if (node) cell.replaceChildren(node);
    else if (p === "*") cell.replaceChildren(el("span", { class: "star", text: "★" }));
    else if (p !== ".") cell.replaceChildren(el("span", { class: "plabel", text: t(`lab_${p}`) }));
    else cell.replaceChildren();
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
