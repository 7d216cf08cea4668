// The chance-of-winning chart at the end of a game: an SVG line over the deals, with its
// values in a table for screen readers (the chart itself is an image with a summary).

const NS = "http://www.w3.org/2000/svg";

function el(tag, attrs) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** ``values``: the chance (0 to 1) before the first deal and after each deal; returns
 * an SVG element drawn in ``width`` × ``height`` units, scaled to its box by CSS. */
export function winChart(values, label, width = 320, height = 120) {
  const pad = { left: 34, right: 8, top: 8, bottom: 20 };
  const w = width - pad.left - pad.right;
  const h = height - pad.top - pad.bottom;
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, class: "win-chart",
    role: "img", "aria-label": label });
  const x = (i) => pad.left + (values.length > 1 ? (i * w) / (values.length - 1) : w / 2);
  const y = (v) => pad.top + (1 - v) * h;
  for (const [v, words] of [[1, "100%"], [0.5, "50%"], [0, "0%"]]) {
    svg.appendChild(el("line", { x1: pad.left, x2: pad.left + w, y1: y(v), y2: y(v),
      class: v === 0.5 ? "guide half" : "guide" }));
    const t = el("text", { x: pad.left - 4, y: y(v) + 4, "text-anchor": "end",
      class: "axis" });
    t.textContent = words;
    svg.appendChild(t);
  }
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  svg.appendChild(el("polyline", { points, class: "line", fill: "none" }));
  values.forEach((v, i) => svg.appendChild(el("circle", { cx: x(i), cy: y(v), r: 2.5,
    class: "dot" })));
  const caption = el("text", { x: pad.left + w / 2, y: height - 4, "text-anchor": "middle",
    class: "axis" });
  caption.textContent = "deals";
  svg.appendChild(caption);
  return svg;
}
