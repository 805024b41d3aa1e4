/**
 * The 统计 page's charts: inline SVG drawn here (no library, nothing fetched, so they work
 * from a folder), at the width their place has, in pixels, so their text stays readable on a
 * phone; drawn again when that width changes.  Colours come from stats.css (both themes).
 * The SVG is hidden from screen readers: each chart has a table of the same figures beside
 * it, visually hidden until 以表格显示 shows it.  Labels are set as text only.
 */
import { button, element } from "../dom.js";
import { strings } from "../page-data.js";

const SVG = "http://www.w3.org/2000/svg";
const FONT = 13;  /* px, as the page's small text */
const ROW = 36;  /* a bar's row: its label above, the bar below */
const BAR = 14;

/** @typedef {{label: string, value: number, shown: string, tone?: string}} Bar */
/** @typedef {{label: string, value: number, mark?: boolean}} Column */

/**
 * @param {string} tag
 * @param {Record<string, string | number>} attributes
 * @param {string} [text]
 */
function svg(tag, attributes, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A label cut to the characters that fit `width` (Han characters are about a font size wide). */
function fit(/** @type {string} */ label, /** @type {number} */ width) {
  const most = Math.max(4, Math.floor(width / FONT));
  return label.length > most ? label.slice(0, most - 1) + "…" : label;
}

/** Horizontal bars, one a row, each with its figure after it; `max` is the full length. */
function drawBars(/** @type {Bar[]} */ bars, /** @type {number} */ max, /** @type {number} */ width) {
  const chart = svg("svg", { width, height: bars.length * ROW + 4, class: "stats-chart__svg", "aria-hidden": "true",
                             focusable: "false" });
  const room = Math.max(40, width - 6 * FONT);  /* space for the figure after the longest bar */
  bars.forEach((bar, i) => {
    const top = i * ROW;
    chart.append(svg("text", { x: 0, y: top + FONT, class: "stats-chart__label" }, fit(bar.label, width)));
    chart.append(svg("rect", { x: 0, y: top + FONT + 5, width: room, height: BAR, rx: 2, class: "stats-chart__track" }));
    const length = max > 0 ? Math.round((bar.value / max) * room) : 0;
    chart.append(svg("rect", { x: 0, y: top + FONT + 5, width: length, height: BAR, rx: 2,
                               class: "stats-chart__bar" + (bar.tone ? " stats-chart__bar--" + bar.tone : "") }));
    chart.append(svg("text", { x: room + 6, y: top + FONT + 5 + BAR - 2, class: "stats-chart__figure" }, bar.shown));
  });
  return chart;
}

/** Columns over days: the highest figure on a line across, a day's label every few columns. */
function drawColumns(/** @type {Column[]} */ columns, /** @type {number} */ width) {
  const height = 160, bottom = height - 2 * FONT, top = FONT + 6;
  const chart = svg("svg", { width, height, class: "stats-chart__svg", "aria-hidden": "true", focusable: "false" });
  const max = Math.max(1, ...columns.map((c) => c.value));
  const left = (String(max).length + 1) * FONT * 0.6;  /* the highest figure's room, left of the columns */
  const step = (width - left) / columns.length;
  const gap = Math.min(4, step / 4);
  chart.append(svg("line", { x1: left, x2: width, y1: bottom + 0.5, y2: bottom + 0.5, class: "stats-chart__axis" }));
  chart.append(svg("line", { x1: left, x2: width, y1: top + 0.5, y2: top + 0.5, class: "stats-chart__grid" }));
  chart.append(svg("text", { x: 0, y: top + FONT / 3, class: "stats-chart__figure" }, String(max)));
  const every = Math.ceil((4 * FONT) / step);  /* a label needs about four characters' room */
  columns.forEach((column, i) => {
    const length = Math.round((column.value / max) * (bottom - top));
    const x = left + i * step + gap / 2;
    chart.append(svg("rect", { x, y: bottom - length, width: Math.max(1, step - gap), height: length,
                               class: "stats-chart__bar" + (column.mark ? " stats-chart__bar--today" : "") }));
    if (column.value && step >= 2 * FONT) {
      chart.append(svg("text", { x: x + (step - gap) / 2, y: bottom - length - 3, class: "stats-chart__figure",
                                 "text-anchor": "middle" }, String(column.value)));
    }
    const last = i === columns.length - 1;
    if (column.mark || i % every === 0 && (columns.length - 1 - i >= every || last)) {
      const anchor = i === 0 ? "start" : last ? "end" : "middle";
      const at = i === 0 ? x : last ? x + step - gap : x + (step - gap) / 2;
      chart.append(svg("text", { x: at, y: height - 4, class: "stats-chart__label", "text-anchor": anchor }, column.label));
    }
  });
  return chart;
}

/** The figures as a table: a header row, then one row each. */
function table(/** @type {string} */ caption, /** @type {string[]} */ head, /** @type {(string | number)[][]} */ rows) {
  const found = element("table", "stats-table");
  found.append(element("caption", "", caption));
  const headRow = element("tr");
  head.forEach((name) => {
    const cell = element("th", "", name);
    cell.scope = "col";
    headRow.append(cell);
  });
  found.append(element("thead"), element("tbody"));
  found.tHead?.append(headRow);
  for (const row of rows) {
    const line = element("tr");
    row.forEach((value, i) => {
      const cell = element(i ? "td" : "th", "", value);
      if (!i) /** @type {HTMLTableCellElement} */ (cell).scope = "row";
      line.append(cell);
    });
    found.tBodies[0].append(line);
  }
  return found;
}

/**
 * A chart in its section: the SVG (redrawn as the width changes), the table of its figures,
 * and the button that shows the table on screen.
 * @param {HTMLElement} section
 * @param {(width: number) => SVGElement} draw
 * @param {{caption: string, head: string[], rows: (string | number)[][]}} figures
 */
export function showChart(section, draw, figures) {
  const s = strings();
  const frame = element("div", "stats-chart");
  const holder = element("div", "stats-chart__drawing");
  const data = element("div", "stats-chart__table stats-chart__table--hidden");
  data.append(table(figures.caption, figures.head, figures.rows));
  const toggle = button("md-button stats-chart__toggle", s.stats_table_show);
  toggle.addEventListener("click", () => {
    const open = data.classList.toggle("stats-chart__table--hidden") === false;
    toggle.textContent = open ? s.stats_table_hide : s.stats_table_show;
    // shown, a wide table scrolls sideways: the keyboard reaches it as well
    if (open) data.tabIndex = 0;
    else data.removeAttribute("tabindex");
  });
  frame.append(holder, toggle, data);
  section.append(frame);
  let width = 0;
  const redraw = () => {
    const now = Math.floor(holder.clientWidth);
    if (!now || now === width) return;
    width = now;
    holder.replaceChildren(draw(width));
  };
  redraw();
  new ResizeObserver(redraw).observe(holder);
}

export { drawBars, drawColumns };
