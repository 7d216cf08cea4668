// The page's two ways to the server: JSON over HTTP, and the table's WebSocket with
// automatic reconnection (docs/web.md, "The WebSocket protocol").

/** ``fetch`` of JSON: resolves to {ok, status, data} (data: the JSON answer, or
 * {error} in words when there was none). Never throws. */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  try {
    const response = await fetch(path, init);
    let data;
    try {
      data = await response.json();
    } catch {
      data = { error: `the server answered ${response.status}` };
    }
    return { ok: response.ok, status: response.status, data };
  } catch {
    return { ok: false, status: 0, data: { error: "the server can not be reached" } };
  }
}

/** A fresh id for an ``act`` (unique per seat, at most 64 characters). */
export function commandId() {
  if (globalThis.crypto && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  commandId.count = (commandId.count || 0) + 1;
  return `${Date.now().toString(36)}-${commandId.count}-${Math.random().toString(36).slice(2)}`;
}

// Close codes after which trying again can not help.
const FINAL = new Set([4403, 4404]);

/**
 * One table's socket. ``hello()`` gives the first message to send on each (re)connection
 * (with the last version seen); ``onMessage`` gets every parsed message; ``onStatus``
 * gets "connecting", "open", "reconnecting" (with the delay in ms) or "closed" (with
 * the close code).
 */
export class TableSocket {
  constructor(tableId, { hello, onMessage, onStatus }) {
    this.tableId = tableId;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = 0;
    this.pinger = 0;
    window.addEventListener("online", () => this.retryNow());
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/${encodeURIComponent(this.tableId)}`;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.onStatus(this.attempt ? "reconnecting" : "connecting", 0);
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.later();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      if (ws !== this.ws) return;
      this.attempt = 0;
      ws.send(JSON.stringify(this.hello()));
      this.onStatus("open", 0);
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (e) => {
      if (ws !== this.ws) return;
      let message;
      try {
        message = JSON.parse(e.data);
      } catch {
        return;
      }
      if (message && typeof message.type === "string") this.onMessage(message);
    });
    ws.addEventListener("close", (e) => {
      if (ws !== this.ws) return;
      clearInterval(this.pinger);
      this.ws = null;
      if (this.stopped || FINAL.has(e.code)) {
        this.stopped = true;
        this.onStatus("closed", e.code);
        return;
      }
      this.later();
    });
  }

  /** Try again after a growing, jittered delay (0.5 s, 1 s, 2 s... at most 15 s). */
  later() {
    const base = Math.min(15000, 500 * 2 ** this.attempt);
    const delay = Math.round(base * (0.75 + Math.random() * 0.5));
    this.attempt += 1;
    this.onStatus("reconnecting", delay);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  retryNow() {
    if (!this.stopped && !this.ws) {
      this.connect();
    }
  }

  get open() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  /** Send ``message`` now; a command sent while the socket is down is dropped (the
   * caller keeps what it must send again after reconnecting). */
  send(message) {
    if (this.open) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Stop for good (no reconnecting). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close(1000);
  }
}
