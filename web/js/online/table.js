// The table page (#/table/{id}, #/table/{id}/invite/{code}): the live game over the table's
// WebSocket. It shows the server's state and sends the player's actions; every rule decision
// (legality, whose turn, the review, the clocks) is the server's. A watcher sees the same page
// without the controls.

import { TableSocket } from './socket.js';
import { TableBoard } from './goban.js';
import { readTable, joinTable, sgfUrl, tableTargets } from './http.js';
import { seatAt, saveSeat } from './tokens.js';
import { tableLinks } from './create.js';
import { copyField } from './copy.js';
import { clockAfter, clockText, clockSpoken, formatMs, spokenMs } from './clocks.js';
import { eventText, illegalText, other, playerName, resultText, settingsText, who } from './words.js';
import { renderOrder, renderTurns, targetText } from '../learn/records.js';
import { ask } from '../dialog.js';
import { colorName, num } from '../text.js';
import { parsePoint, stoneAt } from '../points.js';
import { loadPref } from '../store.js';

const $ = (id) => document.getElementById(id);
/** The page submits the reviewer's marks this long before the review deadline it sees, so the
 * submission reaches the server before the server's own timeout does. */
const SUBMIT_MARGIN_MS = 600;
const LOG_LIMIT = 200;

/** Whether an event (re)starts a game clock: a game action, a seat taken, an accepted undo. */
function restartsClock(ev) {
  return ev.kind === 'action' || ev.kind === 'seated' || (ev.kind === 'undo_answered' && ev.accept);
}

export class TablePage {
  constructor(notify) {
    this.notify = notify;
    this.board = new TableBoard($('tb-board'), { onActivate: (p) => this.activate(p) });
    this.socket = null;
    this.id = null;
    this.reset();
    this.bind();
  }

  reset() {
    this.state = null;
    this.receivedAt = 0;
    this.seat = null;
    this.token = null;
    this.invite = null; // the invite code of the link opened, while the seat is not taken
    this.joining = false;
    this.busy = false;
    this.timeMode = false;
    this.selected = null; // {stone, index, targets}
    this.previews = [];
    this.submittedKey = null;
    this.missed = 0;
    this.synced = false;
    this.lastSpoken = {};
    this.conn = 'connecting';
    this.checked = false;
    this.clockBase = null;
    this.clockEventSeq = 0;
    clearInterval(this.ticker);
    this.ticker = null;
  }

  bind() {
    $('tb-pass').addEventListener('click', () => this.send({ pass: {} }));
    $('tb-resign').addEventListener('click', () => this.resign());
    $('tb-undo').addEventListener('click', () => this.requestUndo());
    $('tb-undo-accept').addEventListener('click', () => this.answerUndo(true));
    $('tb-undo-decline').addEventListener('click', () => this.answerUndo(false));
    $('tb-propose').addEventListener('click', () => this.propose(false));
    $('tb-time').addEventListener('click', () => this.toggleTime());
    $('tb-lock').addEventListener('click', () => this.send({ lock: {} }));
    $('tb-time-cancel').addEventListener('click', () => {
      this.clearTime();
      this.render();
      this.say('Time move cancelled.');
      this.board.svg.focus({ preventScroll: true });
    });
    $('tb-reconnect').addEventListener('click', () => this.socket && this.socket.reconnectNow());
    $('tb-join').addEventListener('submit', (e) => {
      e.preventDefault();
      this.join();
    });
    $('tb-copy-invite').addEventListener('click', () => copyField('tb-invite', $('tb-copied'), 'Invite link copied.'));
    $('tb-copy-watch').addEventListener('click', () => this.copyWatch());
    $('tb-zoom-reset').addEventListener('click', () => this.board.resetZoom());
    $('tb-board').addEventListener('zoomchange', () => {
      $('tb-zoom-reset').hidden = !this.board.isZoomed();
    });
    $('table').addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.timeMode) {
        e.preventDefault();
        this.clearTime();
        this.render();
        this.say('Time move cancelled.');
      }
    });
  }

  // ---- opening and leaving --------------------------------------------------------------

  /** Opens table `id`; `invite` is the code of an invite link (or null). */
  async open(id, invite) {
    if (this.id === id && this.socket && !invite) {
      this.render();
      return;
    }
    this.leave();
    this.id = id;
    $('tb-log').replaceChildren();
    this.message('');
    $('tb-join').hidden = true;
    $('tb-share').hidden = true;
    $('tb-copied').textContent = '';
    $('tb-sgf').href = sgfUrl(id);
    $('tb-sgf').setAttribute('download', `tengen-table-${id.slice(0, 8)}.sgf`);
    $('tb-title').textContent = 'Online table';
    $('tb-status').textContent = 'Opening the table…';
    const held = seatAt(id);
    if (invite && held) history.replaceState(null, '', `#/table/${id}`);
    if (invite && !held) {
      this.invite = invite;
      try {
        this.takeState(await readTable(id));
      } catch (e) {
        this.fail(e);
        return;
      }
      const s = this.state.players;
      if (s.black.seated && s.white.seated) {
        this.invite = null;
        this.message('Both seats are taken: you are watching this table.');
      } else {
        this.showJoin();
      }
    }
    this.token = held ? held.token : null;
    this.connect();
  }

  fail(e) {
    const text = e.status === 404
      ? 'This table does not exist. Check the link you were sent.'
      : `The table cannot be opened: ${e.message}`;
    $('tb-status').textContent = text;
    this.message(text);
  }

  connect() {
    const id = this.id;
    const since = this.socket ? this.socket.seq : 0;
    if (this.socket) this.socket.close();
    this.socket = new TableSocket(id, this.token, {
      welcome: (seat) => this.welcome(seat),
      event: (ev, state) => this.onEvent(ev, state),
      state: (state) => this.onState(state),
      presence: (p) => this.onPresence(p),
      status: (kind, detail) => this.onStatus(kind, detail),
      refused: (text) => this.onRefused(text),
    });
    this.socket.seq = since;
  }

  /** Leaves the table (another page was opened). */
  leave() {
    if (this.socket) this.socket.close();
    this.socket = null;
    this.id = null;
    this.reset();
  }

  // ---- the socket -----------------------------------------------------------------------

  welcome(seat) {
    const had = this.seat;
    this.seat = seat;
    if (this.token && !seat) {
      this.message('The seat saved in this browser was not accepted for this table: you are watching.');
    } else if (seat && had !== seat) {
      this.message(`You play ${colorName(seat)}.`);
    }
  }

  onEvent(ev, state) {
    if (!ev) return;
    if (restartsClock(ev)) this.clockEventSeq = ev.seq;
    const text = eventText(ev, state || this.state);
    this.log(ev, text);
    if (!state) {
      // A missed event, replayed after a reconnection; the state follows.
      this.missed++;
      return;
    }
    const before = this.state;
    this.takeState(state);
    this.afterEvent(ev, before, text);
  }

  onState(state) {
    this.takeState(state);
    if (!this.synced) {
      // The first state of this page: the history came before it; say where the game stands.
      this.announce(this.turnText());
    } else if (this.missed) {
      this.announce(`Back at the table: ${this.missed} ${this.missed === 1 ? 'thing' : 'things'} happened while you were away. ${this.turnText()}`);
    }
    this.synced = true;
    this.missed = 0;
  }

  onPresence(p) {
    if (!this.state) return;
    const players = this.state.players;
    for (const c of ['black', 'white']) {
      const was = players[c].connected;
      players[c].connected = p[c];
      if (c !== this.seat && players[c].seated && was !== p[c] && this.seat) {
        this.announce(`${who(this.state, c)} ${p[c] ? 'is back' : 'lost the connection'}.`);
      }
    }
    this.renderPlayers();
  }

  onStatus(kind, detail) {
    this.conn = kind;
    const box = $('tb-conn');
    const text = $('tb-conn-text');
    if (kind === 'open' || kind === 'closed') {
      box.hidden = true;
    } else if (kind === 'connecting') {
      box.hidden = !this.state;
      text.textContent = 'Connecting to the table…';
      $('tb-reconnect').hidden = true;
    } else if (kind === 'waiting') {
      if (!this.state && !this.checked) this.checkExists();
      box.hidden = false;
      text.textContent = `The connection to the table was lost. Trying again in ${Math.max(1, Math.round(detail / 1000))} s…`;
      $('tb-reconnect').hidden = false;
    } else if (kind === 'error') {
      this.message(detail);
    }
    this.renderControls();
  }

  /** The socket cannot open and nothing was shown yet: is there such a table at all? */
  async checkExists() {
    this.checked = true;
    const id = this.id;
    try {
      const state = await readTable(id);
      if (this.id === id && !this.state) this.takeState(state);
    } catch (e) {
      if (this.id !== id || e.status === 0) return;
      if (this.socket) this.socket.close();
      this.fail(e);
    }
  }

  onRefused(text) {
    this.message(`The table refused this connection: ${text}`);
    $('tb-status').textContent = 'This table cannot be opened.';
  }

  takeState(state) {
    const before = this.state;
    this.state = state;
    this.receivedAt = performance.now();
    this.updateClockBase(state);
    const v = state.view;
    if (this.selected && (!before || before.seq !== state.seq)) this.clearTime();
    if (v.phase !== 'playing') this.clearTime();
    this.render();
    this.scheduleTick();
    if (!before) this.board.svg.setAttribute('aria-label', `Go board, ${v.size} by ${v.size}`);
  }

  /** What to say and do after a live event. */
  afterEvent(ev, before, text) {
    const s = this.state;
    const v = s.view;
    let extra = '';
    if (before && before.view.phase === 'review' && v.phase === 'playing') {
      extra = ` The proposals differ: the marks are cleared and play resumes. ${colorName(v.to_move)} to play.`;
    }
    if (ev.kind === 'undo_requested' && this.seat && ev.seat !== this.seat) {
      this.alert(`${text} Accept or decline below.`);
      return;
    }
    this.announce(`${text}${extra} ${this.turnText()}`.trim());
    if (extra) this.message(extra.trim());
  }

  // ---- actions --------------------------------------------------------------------------

  canAct() {
    return Boolean(this.seat && this.state && this.socket && this.conn === 'open');
  }

  /**
   * Sends an action; resolves with the ack or null. While a move is on its way another one is
   * not sent (a double tap must not become two moves); review marks and the deadline's
   * submission (`force`) go at once, the server applies them in order.
   */
  async send(action, { quiet = false, force = false } = {}) {
    if (!this.seat) {
      this.message('You are watching this table.');
      return null;
    }
    if (!this.socket) return null;
    if (this.busy && !force) return null;
    if (!force) this.busy = true;
    try {
      const ack = await this.socket.action(action);
      if (!quiet) this.message('');
      return ack;
    } catch (e) {
      if (!quiet) this.message(e.message);
      return null;
    } finally {
      if (!force) this.busy = false;
    }
  }

  activate(name) {
    const s = this.state;
    if (!s) return;
    const v = s.view;
    if (!this.seat) return this.message('You are watching this table: only the players can play.');
    if (v.phase === 'finished') return this.message(`The game is over. ${resultText(v.result)}`);
    const p = parsePoint(name);
    const stone = stoneAt(v, p.col, p.row);
    if (v.phase === 'review') {
      const reviewer = v.review && v.review.reviewer;
      if (reviewer !== this.seat) {
        return this.message(`It is ${who(s, reviewer)}’s review turn. The board does not change during review.`);
      }
      if (!stone) return this.message(`${name} is empty: tap a stone to mark its group dead or restore it.`);
      return this.send({ toggle_dead: name }, { force: true });
    }
    if (v.to_move !== this.seat) return this.message(`It is ${who(s, v.to_move)}’s turn.`);
    if (v.variant === 'timego' && (this.timeMode || stone === this.seat)) {
      if (stone === this.seat) return this.selectStone(name);
      return this.message(stone
        ? `The stone at ${name} is ${colorName(stone)}’s. Select one of your own stones for the time move.`
        : `${name} is empty. Select one of your own stones for the time move, or cancel it.`);
    }
    if (stone) return this.message(`${name} is occupied: a stone is already there.`);
    if (v.illegal && v.illegal[name]) return this.message(illegalText(name, v.illegal[name]));
    return this.send({ place: name });
  }

  async resign() {
    const s = this.state;
    if (!this.seat || !s || s.view.phase === 'finished') return;
    const ok = await ask({
      title: 'Resign this game?',
      message: `Resigning ends the game: ${who(s, other(this.seat))} wins.`,
      confirm: 'Resign',
    });
    if (ok) await this.send({ resign: this.seat });
  }

  async requestUndo() {
    if (!this.canAct()) return;
    try {
      await this.socket.undo();
      this.message(`You asked to take back your last move. Waiting for ${who(this.state, other(this.seat))} to answer.`);
    } catch (e) {
      this.message(e.message);
    }
  }

  async answerUndo(accept) {
    if (!this.canAct()) return;
    try {
      await this.socket.undoReply(accept);
      this.message(accept ? 'You accepted: the last move was taken back.' : 'You declined the undo request.');
      this.board.svg.focus({ preventScroll: true });
    } catch (e) {
      this.message(e.message);
    }
  }

  /** Submits the reviewer's marks (also when the review deadline is reached). */
  async propose(deadline) {
    const s = this.state;
    if (!this.seat || !s || s.view.phase !== 'review' || s.view.review.reviewer !== this.seat) return;
    this.submittedKey = this.reviewKey();
    const ack = await this.send({ propose: { color: this.seat } }, { quiet: deadline, force: true });
    if (ack && deadline) this.message('Your review time ran out: your marks were submitted.');
  }

  reviewKey() {
    const s = this.state;
    const r = s && s.view.review;
    return r ? `${r.reviewer}:${JSON.stringify(r.proposals)}:${s.view.move_number}` : null;
  }

  async join() {
    if (this.joining || !this.invite) return;
    this.joining = true;
    $('tb-join-go').disabled = true;
    const name = $('tb-join-name').value.trim();
    try {
      const seat = await joinTable(this.id, this.invite, name);
      saveSeat({ id: this.id, token: seat.token, seat: seat.seat });
      this.invite = null;
      this.token = seat.token;
      $('tb-join').hidden = true;
      history.replaceState(null, '', `#/table/${this.id}`);
      this.connect();
      this.board.svg.focus({ preventScroll: true });
    } catch (e) {
      if (e.status === 409) {
        this.invite = null;
        $('tb-join').hidden = true;
        this.message('Both seats are taken: you are watching this table.');
      } else if (e.status === 403) {
        this.invite = null;
        $('tb-join').hidden = true;
        this.message('This invite link is not valid for this table: you are watching.');
      } else {
        this.message(`You could not take the seat: ${e.message}`);
      }
    } finally {
      this.joining = false;
      $('tb-join-go').disabled = false;
    }
  }

  showJoin() {
    const s = this.state;
    const sitting = ['black', 'white'].find((c) => s.players[c].seated);
    const free = sitting ? other(sitting) : 'black';
    const host = sitting ? `${playerName(s, sitting)} plays ${colorName(sitting)}. ` : '';
    $('tb-join-text').textContent = `${host}Take the ${colorName(free)} seat to play: ${settingsText(s.settings)}.`;
    const name = loadPref('online', null);
    if (name && typeof name.name === 'string' && !$('tb-join-name').value) $('tb-join-name').value = name.name;
    $('tb-join').hidden = false;
    $('tb-join-go').focus({ preventScroll: true });
  }

  copyWatch() {
    const input = $('tb-invite');
    const keep = input.value;
    input.value = tableLinks(this.id).watch;
    copyField('tb-invite', $('tb-copied'), 'Watch link copied.').finally(() => {
      input.value = keep;
    });
  }

  // ---- TimeGo ---------------------------------------------------------------------------

  toggleTime() {
    if (this.timeMode) {
      this.clearTime();
      this.render();
      return;
    }
    this.timeMode = true;
    this.render();
    this.say(`Time move: select one of your stones on the board (${colorName(this.seat)}).`);
    this.board.svg.focus({ preventScroll: true });
  }

  clearTime() {
    this.timeMode = false;
    this.selected = null;
    this.previews = [];
  }

  async selectStone(name) {
    const t = this.state.view.timego;
    let entry = (t.time_moves || []).find((m) => m.stone === name);
    if (!entry && (t.movable || []).includes(name)) {
      // The view names the stones that can travel; their targets are asked one stone at a time.
      try {
        const answer = await tableTargets(this.id, name);
        if (answer.targets.length) entry = { stone: name, index: answer.index, targets: answer.targets };
      } catch (e) {
        this.say(e.message);
      }
    }
    this.timeMode = true;
    const order = t.order.find((o) => o.point === name && o.on_board);
    this.selected = { stone: name, index: entry ? entry.index : order ? order.index : null, targets: entry ? entry.targets : [] };
    this.previews = [];
    this.render();
    if (!entry) {
      this.say(`${name} cannot travel now: its placement is locked, or no earlier index is allowed.`);
      return;
    }
    this.say(`${name} selected: placement ${entry.index}. Choose an earlier index below.`);
    const first = $('tb-target-list').querySelector('button');
    if (first) first.focus({ preventScroll: true });
  }

  // ---- time -----------------------------------------------------------------------------

  /**
   * Where the running game clock started. A state gives each clock as of `server_time`, but a
   * byo-yomi period in progress shows at its full length there; the state that comes with the
   * event that started the clock (a move, a seat taken, an undo) is made at that instant, so it
   * is exact and the page counts from it while the same turn lasts. Opened in the middle of a
   * byo-yomi period, the page counts from the state (the period shown full).
   */
  updateClockBase(state) {
    const c = state.clock && state.view.phase === 'playing' ? state.clock.running : null;
    if (!c) {
      this.clockBase = null;
      return;
    }
    const fresh = this.clockEventSeq === state.seq;
    const b = this.clockBase;
    if (fresh || !b || b.color !== c || b.seq !== this.clockEventSeq) {
      this.clockBase = { color: c, side: { ...state.clock[c] }, at: performance.now(), seq: this.clockEventSeq };
    }
  }

  /** A player's game clock now. */
  clockNow(color) {
    const s = this.state;
    const b = this.clockBase;
    if (b && b.color === color) return clockAfter(b.side, s.settings.clock, performance.now() - b.at);
    return clockAfter(s.clock[color], s.settings.clock, 0);
  }

  elapsed() {
    return performance.now() - this.receivedAt;
  }

  scheduleTick() {
    const s = this.state;
    const running = s && s.view.phase !== 'finished' &&
      ((s.clock && s.clock.running) || (s.review_timer && s.review_timer.running));
    if (running && !this.ticker) this.ticker = setInterval(() => this.tick(), 200);
    if (!running && this.ticker) {
      clearInterval(this.ticker);
      this.ticker = null;
    }
    this.renderTimers();
  }

  tick() {
    this.renderTimers();
    const s = this.state;
    if (!s || !this.seat) return;
    const rt = s.review_timer;
    const v = s.view;
    if (v.phase === 'review' && rt && rt.running === this.seat && v.review.reviewer === this.seat) {
      const left = rt[`${this.seat}_ms`] - this.elapsed();
      if (left <= SUBMIT_MARGIN_MS && this.submittedKey !== this.reviewKey()) this.propose(true);
      this.warn('review', left, 'of your review time left');
    }
    if (s.clock && s.clock.running === this.seat && v.phase === 'playing') {
      const c = this.clockNow(this.seat);
      const left = c.byoyomi ? c.period_ms : c.main_ms;
      this.warn(c.byoyomi ? `period${c.periods}` : 'main', left, c.byoyomi ? 'left in this period' : 'of main time left');
    }
  }

  /** Says once, at 30 and 10 seconds, how much time the player has left. */
  warn(key, left, what) {
    for (const at of [30000, 10000]) {
      const k = `${key}:${at}:${this.state.seq}`;
      if (left <= at && left > at - 1000 && !this.lastSpoken[k]) {
        this.lastSpoken[k] = true;
        this.alert(`${spokenMs(at)} ${what}.`);
      }
    }
  }

  // ---- drawing --------------------------------------------------------------------------

  message(text) {
    $('tb-message').textContent = text;
  }

  say(text) {
    this.message(text);
  }

  announce(text) {
    const live = $('tb-live');
    live.textContent = '';
    // A fresh text node each time, so the same words are read again.
    setTimeout(() => { live.textContent = text; }, 30);
  }

  alert(text) {
    const live = $('tb-alert');
    live.textContent = '';
    setTimeout(() => { live.textContent = text; }, 30);
  }

  log(ev, text) {
    if (!text) return;
    const ol = $('tb-log');
    const li = document.createElement('li');
    li.textContent = text;
    li.dataset.seq = String(ev.seq ?? '');
    li.dataset.kind = ev.kind;
    ol.prepend(li);
    while (ol.children.length > LOG_LIMIT) ol.lastElementChild.remove();
  }

  turnText() {
    const s = this.state;
    if (!s) return '';
    const v = s.view;
    if (v.phase === 'finished') return resultText(v.result);
    if (v.phase === 'review') {
      const r = v.review.reviewer;
      if (r === this.seat) return 'Score review: your review turn. Mark the dead groups, then submit your proposal.';
      return `Score review: ${who(s, r)} is reviewing.`;
    }
    const sitting = s.players.black.seated && s.players.white.seated;
    if (!sitting) return 'Waiting for the second player.';
    if (this.seat) {
      return v.to_move === this.seat ? `Your move (${colorName(this.seat)}).` : `${who(s, v.to_move)} to play.`;
    }
    return `${who(s, v.to_move)} to play.`;
  }

  statusText() {
    const s = this.state;
    const v = s.view;
    if (v.phase !== 'playing') return this.turnText();
    const lm = v.last_move;
    let last = '';
    if (lm && lm.pass) last = `${colorName(lm.color)} passed. `;
    else if (lm && lm.point) last = `${colorName(lm.color)} played ${lm.point}. `;
    let hint = '';
    if (v.consecutive_passes === 1) {
      hint = v.variant === 'timego' ? ' Another pass ends the game.' : ' Another pass opens the score review.';
    }
    return `${last}${this.turnText()}${hint}`;
  }

  render() {
    const s = this.state;
    if (!s) return;
    const v = s.view;
    $('tb-title').textContent = `Online · ${v.size} × ${v.size} ${v.variant === 'timego' ? 'TimeGo' : 'Go'}`;
    const status = this.statusText();
    if ($('tb-status').textContent !== status) $('tb-status').textContent = status;
    $('tb-settings').textContent = `Table: ${settingsText(s.settings)}.`;
    this.renderPlayers();
    this.renderReview();
    this.renderTimeGo();
    const finished = v.phase === 'finished';
    $('tb-result').hidden = !finished;
    if (finished) {
      $('tb-result').textContent = resultText(v.result) +
        (v.score ? ' The final board shows the dead stones and the territory.' : '');
    }
    this.renderShare();
    this.renderControls();
    const myTurn = this.seat && v.phase === 'playing' && v.to_move === this.seat;
    this.board.render(v, {
      interactive: Boolean(this.seat) && v.phase !== 'finished',
      previewColor: myTurn && !this.timeMode ? this.seat : null,
    });
    if (v.variant === 'timego') this.renderMarks();
    this.renderTimers();
    this.keepFocus();
  }

  renderPlayers() {
    const s = this.state;
    if (!s) return;
    const v = s.view;
    for (const c of ['black', 'white']) {
      const p = s.players[c];
      $(`tb-name-${c}`).textContent = p.seated ? `${colorName(c)} · ${playerName(s, c)}` : `${colorName(c)} · seat free`;
      $(`tb-you-${c}`).hidden = this.seat !== c;
      const pres = $(`tb-presence-${c}`);
      pres.textContent = !p.seated ? 'waiting for a player' : p.connected ? 'connected' : 'disconnected';
      pres.className = `presence ${!p.seated ? 'free' : p.connected ? 'on' : 'off'}`;
      $(`tb-caps-${c}`).textContent = v.captures[c];
      $(`tb-komi-wrap-${c}`).textContent = c === 'white' ? ` · komi ${num(s.settings.komi)}` : '';
      const active = (v.phase === 'playing' && v.to_move === c) || (v.phase === 'review' && v.review && v.review.reviewer === c);
      $(`tb-player-${c}`).classList.toggle('to-move', active);
    }
  }

  renderTimers() {
    const s = this.state;
    if (!s) return;
    const e = this.elapsed();
    for (const c of ['black', 'white']) {
      const clockEl = $(`tb-clock-${c}`);
      if (s.clock && s.clock[c]) {
        const running = s.clock.running === c && s.view.phase === 'playing';
        const now = this.clockNow(c);
        const text = clockText(now);
        clockEl.hidden = false;
        if (clockEl.textContent !== text) {
          clockEl.textContent = text;
          clockEl.setAttribute('aria-label', `${colorName(c)}’s clock: ${clockSpoken(now)}${running ? ', running' : ''}`);
        }
        clockEl.classList.toggle('running', running);
        clockEl.classList.toggle('low', running && (now.byoyomi ? now.period_ms : now.main_ms) < 10000);
      } else {
        clockEl.hidden = true;
      }
      const reviewEl = $(`tb-review-${c}`);
      const rt = s.review_timer;
      if (rt && s.view.phase === 'review') {
        const running = rt.running === c;
        const left = Math.max(0, rt[`${c}_ms`] - (running ? e : 0));
        const text = `Review ${formatMs(left)}`;
        reviewEl.hidden = false;
        if (reviewEl.textContent !== text) {
          reviewEl.textContent = text;
          reviewEl.setAttribute('aria-label', `${colorName(c)}’s review time: ${spokenMs(left)}${running ? ', running' : ''}`);
        }
        reviewEl.classList.toggle('running', running);
      } else {
        reviewEl.hidden = true;
      }
    }
  }

  renderReview() {
    const s = this.state;
    const v = s.view;
    const scored = v.score && (v.phase === 'review' || v.phase === 'finished');
    $('tb-review').hidden = !scored;
    if (!scored) return;
    const sc = v.score;
    $('tb-sc-b-stones').textContent = sc.black.stones;
    $('tb-sc-b-terr').textContent = sc.black.territory;
    $('tb-sc-b-pris').textContent = sc.black.prisoners ?? 0;
    $('tb-sc-b-total').textContent = num(sc.black.total);
    $('tb-sc-w-stones').textContent = sc.white.stones;
    $('tb-sc-w-terr').textContent = sc.white.territory;
    $('tb-sc-w-pris').textContent = sc.white.prisoners ?? 0;
    $('tb-sc-w-komi').textContent = num(sc.white.komi ?? s.settings.komi);
    $('tb-sc-w-total').textContent = num(sc.white.total);
    $('tb-sc-note').textContent = sc.scoring === 'territory'
      ? 'Japanese territory scoring: territory plus prisoners (captures and dead stones); stones are shown, not added.'
      : 'Chinese area scoring: living stones plus territory; prisoners are shown for reference, not added.';
    const review = v.phase === 'review' ? v.review : null;
    $('tb-review-title').textContent = review ? 'Score review' : 'Final score';
    $('tb-review-help').hidden = !review;
    $('tb-propose').hidden = true;
    if (!review) {
      $('tb-review-turn').textContent = '';
      $('tb-proposals').textContent = '';
      return;
    }
    const r = review.reviewer;
    const mine = this.seat === r;
    const n = review.dead.length;
    const marks = `${n} dead ${n === 1 ? 'stone' : 'stones'} marked`;
    if (mine) {
      $('tb-review-turn').textContent = `Your review turn (${colorName(r)}). ${marks}.`;
      $('tb-review-help').textContent = 'Tap a dead group to mark it; tap it again to restore it. Small squares show territory. Then submit your proposal. If your review time runs out, your current marks are submitted.';
      $('tb-propose').hidden = false;
      $('tb-propose').textContent = `Submit your proposal (${n} dead ${n === 1 ? 'stone' : 'stones'})`;
    } else {
      $('tb-review-turn').textContent = `${who(s, r)} is reviewing: ${marks}.`;
      $('tb-review-help').textContent = this.seat
        ? (review.proposals[this.seat] ? 'You have submitted your proposal. If both proposals match, the game ends with this count; if they differ, play resumes.' : 'Your review turn comes next. The board does not change during review.')
        : 'The players review the position in turn. The board does not change during review.';
    }
    const lines = [];
    for (const c of ['black', 'white']) {
      const p = review.proposals[c];
      if (p) lines.push(`${colorName(c)} proposed ${p.length} dead ${p.length === 1 ? 'stone' : 'stones'}${p.length ? ` (${p.join(', ')})` : ''}.`);
    }
    $('tb-proposals').textContent = lines.join(' ') ||
      `${colorName(r)} reviews first, then ${colorName(other(r))}. Matching proposals finish the game; different ones clear the marks and play resumes.`;
  }

  renderTimeGo() {
    const v = this.state.view;
    const tg = v.variant === 'timego' && v.timego;
    $('tb-timego').hidden = !tg || !this.seat || v.phase !== 'playing';
    $('tb-timego-records').hidden = !tg;
    if (!tg) return;
    renderOrder($('tb-order'), v, new Set(this.selected && this.selected.index !== null ? [this.selected.index] : []));
    renderTurns($('tb-turns'), v);
    this.renderTargets();
  }

  renderMarks() {
    const v = this.state.view;
    this.board.setMarks({
      crosses: (v.timego.last_cancelled || []).map((c) => c.point),
      previews: this.previews,
      selected: this.selected ? this.selected.stone : null,
    });
  }

  renderTargets() {
    const box = $('tb-targets');
    const sel = this.selected;
    box.hidden = !this.timeMode;
    const list = $('tb-target-list');
    if (!this.timeMode) {
      list.replaceChildren();
      return;
    }
    if (!sel) {
      $('tb-targets-help').textContent = `Select one of your stones on the board (${colorName(this.seat)}).`;
      list.replaceChildren();
      return;
    }
    const boundary = this.state.view.timego.boundary;
    $('tb-targets-help').textContent = sel.targets.length
      ? `${sel.stone} is placement ${sel.index}. Choose an earlier index; each choice says what it would cancel.${boundary > 0 ? ` Indices before ${boundary} are locked.` : ''}`
      : `${sel.stone} cannot travel now.`;
    list.replaceChildren(...sel.targets.map((target) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = target.cancels ? 'target cancels' : 'target';
      b.dataset.to = String(target.to);
      b.textContent = targetText(target);
      const preview = () => {
        this.previews = target.cancels ? target.cancels.map((c) => c.point) : [];
        this.renderMarks();
      };
      const clear = () => {
        this.previews = [];
        this.renderMarks();
      };
      b.addEventListener('mouseenter', preview);
      b.addEventListener('focus', preview);
      b.addEventListener('mouseleave', clear);
      b.addEventListener('blur', clear);
      b.addEventListener('click', () => this.send({ time: { stone: sel.stone, to: target.to } }));
      return b;
    }));
  }

  renderShare() {
    const s = this.state;
    const held = this.seat ? seatAt(this.id) : null;
    const waiting = this.seat && !s.players[other(this.seat)].seated;
    const show = Boolean(waiting && held && held.invite);
    $('tb-share').hidden = !show;
    if (show) {
      const link = tableLinks(this.id, held.invite).invite;
      if ($('tb-invite').value !== link) $('tb-invite').value = link;
    }
  }

  renderControls() {
    const s = this.state;
    if (!s) return;
    const v = s.view;
    const seated = Boolean(this.seat);
    const playing = v.phase === 'playing';
    const both = s.players.black.seated && s.players.white.seated;
    const online = this.conn === 'open';
    for (const id of ['tb-pass', 'tb-undo', 'tb-resign']) $(id).hidden = !seated;
    $('tb-pass').disabled = !(online && playing && both && v.to_move === this.seat);
    // Only your own last move, before the opponent answers it (the server says the same).
    const mine = v.last_move && v.last_move.color === this.seat;
    $('tb-undo').disabled = !(online && playing && both && mine && !s.undo_request);
    $('tb-resign').disabled = !(online && v.phase !== 'finished' && both);
    $('tb-propose').disabled = !online;
    $('tb-time').disabled = !(online && playing && v.to_move === this.seat);
    $('tb-time').setAttribute('aria-pressed', String(this.timeMode));
    $('tb-lock').disabled = !(online && playing && v.to_move === this.seat && v.timego && v.timego.can_lock);
    const ask = seated && s.undo_request && s.undo_request !== this.seat && playing;
    $('tb-undo-ask').hidden = !ask;
    if (ask) $('tb-undo-text').textContent = `${who(s, s.undo_request)} asks to take back their last move.`;
    $('tb-undo-accept').disabled = $('tb-undo-decline').disabled = !online;
  }

  /** If the focused control was just disabled or hidden, the board takes the focus. */
  keepFocus() {
    const el = document.activeElement;
    if (!el || el === document.body || !$('table').contains(el)) return;
    if (el.disabled || el.offsetParent === null) this.board.svg.focus({ preventScroll: true });
  }
}
