// The page's entry: one page for every route (/ the lobby, /t/{id} a table,
// /replay/{id} the replay viewer).

import { showLobby } from "/static/lobby.js";
import { showReplay } from "/static/replay.js";
import { showTable } from "/static/table.js";

const main = document.getElementById("main");
const path = location.pathname.replace(/\/+$/, "") || "/";
let match;
if (path === "/") {
  showLobby(main);
} else if ((match = path.match(/^\/t\/([^/]+)$/))) {
  showTable(main, decodeURIComponent(match[1]));
} else if ((match = path.match(/^\/replay\/([^/]+)$/))) {
  showReplay(main, decodeURIComponent(match[1]));
} else {
  main.replaceChildren();
  const p = document.createElement("p");
  p.textContent = "There is no such page. ";
  const a = document.createElement("a");
  a.href = "/";
  a.textContent = "Go to the lobby";
  p.appendChild(a);
  main.appendChild(p);
}
