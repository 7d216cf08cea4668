// Cards drawn as SVG by this page (no images, no fonts needed for the suits), and their
// names in words. A card is written as in records: "Jh", "Td", "9c"; "B" is the Benny.

const SVG = "http://www.w3.org/2000/svg";

export const SUITS = {
  c: { name: "clubs", one: "club", symbol: "♣", red: false },
  d: { name: "diamonds", one: "diamond", symbol: "♦", red: true },
  h: { name: "hearts", one: "heart", symbol: "♥", red: true },
  s: { name: "spades", one: "spade", symbol: "♠", red: false },
};

const RANKS = {
  2: ["2", "Two"], 3: ["3", "Three"], 4: ["4", "Four"], 5: ["5", "Five"], 6: ["6", "Six"],
  7: ["7", "Seven"], 8: ["8", "Eight"], 9: ["9", "Nine"], T: ["10", "Ten"],
  J: ["J", "Jack"], Q: ["Q", "Queen"], K: ["K", "King"], A: ["A", "Ace"],
};

// Each suit's shape in a 20×20 box: the shapes, not only the colours, tell them apart.
const SHAPES = {
  h: "M10 18.5C10 18.5 1 12.4 1 6.6 1 3.6 3.3 1.5 5.9 1.5 7.8 1.5 9.3 2.7 10 4.3 10.7 2.7 "
    + "12.2 1.5 14.1 1.5 16.7 1.5 19 3.6 19 6.6 19 12.4 10 18.5 10 18.5Z",
  d: "M10 1 17.5 10 10 19 2.5 10Z",
  s: "M10 1C10 1 1 7.6 1 12.1 1 14.9 3.2 16.7 5.6 16.7 7.3 16.7 8.6 15.8 9.3 14.7 9.1 16.5 "
    + "8.3 17.9 6.8 19H13.2C11.7 17.9 10.9 16.5 10.7 14.7 11.4 15.8 12.7 16.7 14.4 16.7 "
    + "16.8 16.7 19 14.9 19 12.1 19 7.6 10 1 10 1Z",
  c: "M10 1.2a4.3 4.3 0 1 1 0 8.6a4.3 4.3 0 1 1 0-8.6ZM5.5 7.1a4.3 4.3 0 1 1 0 8.6a4.3 4.3 0 1 "
    + "1 0-8.6ZM14.5 7.1a4.3 4.3 0 1 1 0 8.6a4.3 4.3 0 1 1 0-8.6ZM9.2 9 9 15C8.7 16.9 7.9 "
    + "18.1 6.6 19H13.4C12.1 18.1 11.3 16.9 11 15L10.8 9Z",
  B: "M10 1 12.4 7.2 19 7.6 13.9 11.8 15.6 18.3 10 14.6 4.4 18.3 6.1 11.8 1 7.6 7.6 7.2Z",
};

/** The card's rank and suit characters (the Benny: rank "B", no suit). */
export function parts(card) {
  if (card === "B") return { rank: "B", suit: null };
  return { rank: card.slice(0, -1), suit: card.slice(-1) };
}

/** "Jack of hearts"; "the Benny". */
export function cardName(card) {
  if (!card) return "no card";
  const { rank, suit } = parts(card);
  if (rank === "B") return "the Benny (the highest trump)";
  const r = RANKS[rank];
  const s = SUITS[suit];
  return r && s ? `${r[1]} of ${s.name}` : card;
}

/** "J♥", "10♦", "Benny". */
export function cardShort(card) {
  if (!card) return "";
  const { rank, suit } = parts(card);
  if (rank === "B") return "Benny";
  return `${(RANKS[rank] || [rank])[0]}${SUITS[suit] ? SUITS[suit].symbol : suit}`;
}

/** A label with suit symbols spelt out for screen readers: "Call ♥" is "Call hearts". */
export function spoken(text) {
  return String(text).replace(/[♣♦♥♠]/g, (ch) => {
    const s = Object.values(SUITS).find((x) => x.symbol === ch);
    return s ? ` ${s.name}` : ch;
  }).replace(/\s+/g, " ").trim();
}

function el(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function shape(key, x, y, size, fill) {
  const g = el("g", { transform: `translate(${x} ${y}) scale(${size / 20})` });
  g.appendChild(el("path", { d: SHAPES[key], fill }));
  return g;
}

function text(x, y, size, fill, words, anchor = "start") {
  const t = el("text", {
    x, y, "font-size": size, fill, "font-weight": 700, "text-anchor": anchor,
    "font-family": "system-ui, 'DejaVu Sans', Arial, sans-serif",
  });
  t.textContent = words;
  return t;
}

/** A face-up card as an SVG element (decorative: the button or figure around it carries
 * the card's name). */
export function cardSvg(card) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "face", "aria-hidden": "true",
    focusable: "false" });
  const { rank, suit } = parts(card);
  const benny = rank === "B";
  const colour = benny ? "#6b2fa3" : SUITS[suit] && SUITS[suit].red ? "#c0161b" : "#111";
  svg.appendChild(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#fff",
    stroke: "#555", "stroke-width": 1.2 }));
  const key = benny ? "B" : suit;
  const label = benny ? "B" : (RANKS[rank] || [rank])[0];
  svg.appendChild(text(4, 17, label.length > 1 ? 13 : 15, colour, label));
  if (SHAPES[key]) svg.appendChild(shape(key, 4, 20, 11, colour));
  // the same corner upside down
  const turned = el("g", { transform: "rotate(180 30 42)" });
  turned.appendChild(text(4, 17, label.length > 1 ? 13 : 15, colour, label));
  if (SHAPES[key]) turned.appendChild(shape(key, 4, 20, 11, colour));
  svg.appendChild(turned);
  if (SHAPES[key]) {
    const big = ["J", "Q", "K"].includes(rank) ? 22 : 28;
    svg.appendChild(shape(key, 30 - big / 2, 42 - big / 2, big, colour));
  }
  if (["J", "Q", "K"].includes(rank)) {
    // a court card: a frame and its letter under the suit
    svg.appendChild(el("rect", { x: 16, y: 16, width: 28, height: 52, rx: 3, fill: "none",
      stroke: colour, "stroke-width": 1 }));
    svg.appendChild(text(30, 62, 11, colour, rank, "middle"));
  }
  return svg;
}

/** A face-down card. */
export function backSvg() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "back", "aria-hidden": "true",
    focusable: "false" });
  svg.appendChild(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 5, fill: "#1d4f91",
    stroke: "#fff", "stroke-width": 2 }));
  svg.appendChild(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, fill: "none",
    stroke: "#9fc2ef", "stroke-width": 1.5 }));
  svg.appendChild(el("path", { d: "M30 14 46 42 30 70 14 42Z", fill: "none", stroke: "#9fc2ef",
    "stroke-width": 1.5 }));
  return svg;
}

/** A face-up card that is only shown (not a control), with its name for screen readers. */
export function cardFigure(card, extraClass = "") {
  const span = document.createElement("span");
  span.className = `card shown ${extraClass}`.trim();
  span.setAttribute("role", "img");
  span.setAttribute("aria-label", cardName(card));
  span.dataset.card = card;
  span.appendChild(cardSvg(card));
  return span;
}
