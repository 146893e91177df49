// The table's WebSocket (docs/TABLES.md): hello with the seat token and the last event number
// seen, then events, states and presence; actions wait for their ack or error. A lost
// connection is retried with a growing delay (0.5 s doubling up to 15 s, with jitter), and
// each new hello carries `since` = the last seq seen, so the server sends exactly the missed
// events (the first hello says 0: the whole history).

const MAX_DELAY = 15000;
/** While connected, the page pings this often; a link that stays silent for PING_WAIT after a
 * ping is dead (a network that vanished without closing the socket) and is replaced. */
const PING_EVERY = 25000;
const PING_WAIT = 10000;

/** An error the server answered to one of our messages (nothing changed), or a lost link. */
export class TableError extends Error {
  constructor(message, lost = false) {
    super(message);
    this.name = 'TableError';
    this.lost = lost;
  }
}

export class TableSocket {
  /**
   * `handlers`: {welcome(seat), event(event, state|null), state(state), presence({black, white}),
   * status('connecting'|'open'|'waiting'|'closed', detail), refused(message)}.
   */
  constructor(id, token, handlers) {
    this.id = id;
    this.token = token;
    this.h = handlers;
    this.ws = null;
    // The last event number seen: 0 at first, so the first hello asks for the whole history
    // (the page lists what happened); later hellos ask for what was missed.
    this.seq = 0;
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
    this.attempt = 0;
    this.timer = null;
    this.closed = false;
    this.welcomed = false;
    this.everWelcomed = false;
    this.pinger = null;
    this.heard = 0;
    this.onWake = () => {
      if (!this.closed && (!this.ws || this.ws.readyState > 1)) this.reconnectNow();
    };
    window.addEventListener('online', this.onWake);
    document.addEventListener('visibilitychange', this.onWake);
    this.connect();
  }

  url() {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${proto}//${location.host}/api/tables/${this.id}/ws`;
  }

  connect() {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.welcomed = false;
    this.h.status('connecting', this.attempt);
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (_) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'hello', token: this.token || null, since: this.seq }));
    };
    ws.onmessage = (e) => {
      if (ws !== this.ws) return;
      this.heard = performance.now();
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch (_) {
        return; // not ours to read
      }
      this.receive(msg);
    };
    ws.onclose = () => {
      if (ws !== this.ws) return;
      this.ws = null;
      this.failPending('The connection was lost before the server answered. It is being restored; check the board before trying again.');
      if (this.closed) return;
      this.retry();
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  receive(msg) {
    switch (msg.type) {
      case 'welcome':
        this.welcomed = true;
        this.everWelcomed = true;
        this.attempt = 0;
        this.startPings();
        this.h.status('open');
        this.h.welcome(msg.seat || null);
        break;
      case 'pong':
        break;
      case 'event':
        if (msg.event && Number.isInteger(msg.event.seq)) {
          if (msg.event.seq <= this.seq) break; // seen already
          this.seq = msg.event.seq;
        }
        this.h.event(msg.event, msg.state || null);
        break;
      case 'state':
        if (msg.state && Number.isInteger(msg.state.seq)) this.seq = msg.state.seq;
        this.h.state(msg.state);
        break;
      case 'presence':
        this.h.presence({ black: Boolean(msg.black), white: Boolean(msg.white) });
        break;
      case 'ack': {
        const p = this.pending.get(msg.id);
        if (p) {
          this.pending.delete(msg.id);
          p.resolve(msg);
        }
        break;
      }
      case 'error': {
        const p = msg.id != null ? this.pending.get(msg.id) : null;
        const text = typeof msg.message === 'string' ? msg.message : 'The server refused this.';
        if (p) {
          this.pending.delete(msg.id);
          p.reject(new TableError(text));
        } else if (!this.welcomed) {
          // The hello itself was refused (an unknown table, a malformed token): retrying the
          // same hello cannot help.
          this.closed = true;
          this.h.refused(text);
          this.shutdown();
        } else {
          this.h.status('error', text);
        }
        break;
      }
      default:
        break;
    }
  }

  startPings() {
    clearInterval(this.pinger);
    this.heard = performance.now();
    this.pinger = setInterval(() => {
      const ws = this.ws;
      if (!ws || ws.readyState !== 1) return;
      if (performance.now() - this.heard > PING_EVERY + PING_WAIT) {
        // No answer to the last ping: drop this link and build a new one.
        this.ws = null;
        ws.onclose = ws.onmessage = ws.onopen = ws.onerror = null;
        try {
          ws.close(4000, 'no answer');
        } catch (_) { /* already gone */ }
        this.failPending('The connection was lost before the server answered. It is being restored; check the board before trying again.');
        this.retry();
        return;
      }
      try {
        ws.send('{"type":"ping"}');
      } catch (_) { /* onclose follows */ }
    }, PING_EVERY);
  }

  retry() {
    clearInterval(this.pinger);
    if (this.closed) return;
    const base = Math.min(MAX_DELAY, 500 * 2 ** this.attempt);
    const delay = Math.round(base * (0.6 + Math.random() * 0.4));
    this.attempt++;
    this.h.status('waiting', delay);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Tries again at once (the "Reconnect now" button, the browser coming back online). */
  reconnectNow() {
    if (this.closed) return;
    this.attempt = 0;
    if (this.ws && this.ws.readyState <= 1) return;
    this.connect();
  }

  failPending(text) {
    for (const p of this.pending.values()) p.reject(new TableError(text, true));
    this.pending.clear();
  }

  /** Sends a message; resolves with the ack, rejects with a TableError. */
  request(message) {
    if (!this.ws || this.ws.readyState !== 1 || !this.welcomed) {
      return Promise.reject(new TableError('Not connected to the table right now: wait until the connection is back, then try again.', true));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  /** A game action (docs/API.md). */
  action(action) {
    return this.request({ type: 'action', action });
  }

  undo() {
    return this.request({ type: 'undo' });
  }

  undoReply(accept) {
    return this.request({ type: 'undo_reply', accept });
  }

  shutdown() {
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    window.removeEventListener('online', this.onWake);
    document.removeEventListener('visibilitychange', this.onWake);
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = ws.onmessage = ws.onopen = ws.onerror = null;
      try {
        ws.close(1000);
      } catch (_) { /* already closed */ }
    }
    this.failPending('You left the table.');
  }

  /** Leaves the table for good (the page went elsewhere). */
  close() {
    this.closed = true;
    this.shutdown();
    this.h.status('closed');
  }
}
