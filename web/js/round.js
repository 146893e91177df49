// One round on a shared board (Same device) or against the computer (Vs computer): the record
// lives in the browser, every action goes to the server's stateless API, and the round is saved
// after every action.

import * as api from './api.js';
import { Board } from './board.js';
import { loadRound, saveRound, setAside, savePref } from './store.js';
import { ask } from './dialog.js';
import { colorName, illegalReason, resultText, finishedParts, sizeText, num } from './text.js';
import { parsePoint, stoneAt } from './points.js';
import { ReviewBar } from './review-bar.js';

const $ = (id) => document.getElementById(id);
const MODE_NAMES = { local: 'Same device', computer: 'Vs computer' };

/** Today's date as SGF's DT writes it (2026-05-04), in the player's time zone. */
export function today() {
  const d = new Date();
  const two = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** A fresh record with the Same device rules, dated today. */
export function newRecord(size, komi = 7.5, players = { black: 'Player 1', white: 'Player 2' }) {
  return {
    rules: { variant: 'go', size, komi, ko: 'superko', scoring: 'area', review: 'shared' },
    players,
    date: today(),
    actions: [],
  };
}

const isPass = (a) => a && typeof a === 'object' && 'pass' in a;
const isPlay = (a) => a && typeof a === 'object' && ('place' in a || 'pass' in a);
const other = (c) => (c === 'black' ? 'white' : 'black');
const sameSet = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The "thinking" indicator: the bar follows every progress report of the search; the text (a
 * live region) changes at most once a second, to the share of the search done ("45%"), or to
 * the seconds waited while no progress is known (a server that does not stream).
 */
class ThinkingIndicator {
  constructor() {
    this.started = performance.now();
    this.fraction = null;
    this.bar = $('thinking-bar');
    this.bar.removeAttribute('value');
    this.setText('The computer is thinking…');
    this.tick = setInterval(() => this.update(), 1000);
  }

  /** A progress report `{playouts, budget, fraction}` from the server. */
  progress(p) {
    const f = Number(p && p.fraction);
    if (!Number.isFinite(f)) return;
    this.fraction = Math.min(1, Math.max(0, f));
    this.bar.value = this.fraction;
  }

  update() {
    if (this.fraction !== null) {
      this.setText(`The computer is thinking… ${Math.round(this.fraction * 100)}%`);
    } else {
      const s = Math.round((performance.now() - this.started) / 1000);
      this.setText(`The computer is thinking… ${s} s`);
    }
  }

  setText(text) {
    const el = $('thinking-text');
    if (el.textContent !== text) el.textContent = text;
  }

  stop() {
    clearInterval(this.tick);
    this.setText('The computer is thinking…');
    this.bar.removeAttribute('value');
  }
}

/** The number of play actions (placements and passes) in a record. */
export function playCount(record) {
  return record.actions.filter(isPlay).length;
}

export class Round {
  /** `notify(text)` shows a page-level notice. */
  constructor(notify) {
    this.notify = notify;
    this.mode = null;
    this.record = null;
    this.view = null;
    this.computer = null;
    this.busy = false;
    this.thinking = false;
    this.estimate = null;
    this.epoch = 0;
    this.firstPaint = false;
    this.cleared = false; // the last change to the marks cleared a confirmation
    this.board = new Board($('board'), { onActivate: (p) => this.activate(p) });
    this.reviewBar = new ReviewBar($('review-bar'), $('review'), $('review-slot'));
    $('pass').addEventListener('click', () => this.pass());
    $('undo').addEventListener('click', () => this.undo());
    $('resign').addEventListener('click', () => this.resign());
    $('new-round').addEventListener('click', () => this.newRoundClicked());
    $('size-select').addEventListener('change', () => this.sizeChanged());
    $('download').addEventListener('click', () => this.download());
    $('confirm').addEventListener('click', () => this.act({ confirm: this.view.review.next_confirm }));
    $('resume').addEventListener('click', () => this.act({ resume: {} }));
    $('estimate-toggle').addEventListener('change', () => this.refreshEstimate());
    $('zoom-reset').addEventListener('click', () => this.board.resetZoom());
    $('board').addEventListener('zoomchange', () => {
      $('zoom-reset').hidden = !this.board.isZoomed();
    });
  }

  // ---- opening and starting -------------------------------------------------------------

  /**
   * Opens the saved round of `mode`. Unreadable saves are set aside and reported. Returns false
   * when Vs computer has no round yet (the caller shows the setup).
   */
  async open(mode, defaultSize = 9) {
    this.epoch++;
    this.mode = mode;
    this.record = null;
    this.view = null;
    this.computer = null;
    this.estimate = null;
    $('estimate-toggle').checked = false;
    const saved = loadRound(mode);
    if (saved.state === 'ok') {
      try {
        const view = await api.evaluate(saved.round.record);
        this.commit(saved.round.record, view, saved.round.computer);
        this.afterChange();
        return true;
      } catch (e) {
        if (e.status === 0) {
          this.notify(e.message);
          return false;
        }
        this.setAsideSaved(mode, JSON.stringify({ v: 1, record: saved.round.record }), e.message);
      }
    } else if (saved.state === 'corrupt') {
      this.setAsideSaved(mode, saved.raw, saved.reason);
    }
    if (mode === 'local') {
      await this.start(newRecord(defaultSize), null);
      return true;
    }
    return false;
  }

  setAsideSaved(mode, raw, reason) {
    const key = setAside(mode, raw);
    this.notify(
      `Your saved ${MODE_NAMES[mode]} round could not be read (${reason}). ` +
        `It was set aside in this browser under “${key}”, and a new round starts.`,
    );
  }

  /** Starts a new round from `record` (computer settings for Vs computer). */
  async start(record, computer) {
    this.epoch++;
    this.estimate = null;
    try {
      const view = await api.evaluate(record);
      this.commit(record, view, computer);
      this.message('');
      this.afterChange();
    } catch (e) {
      this.message(e.message);
    }
  }

  /** Starts a Vs computer round with these settings `{size, color, level, komi}`. */
  async startComputer({ size, color, level, komi }) {
    this.mode = 'computer';
    const players = color === 'black'
      ? { black: 'You', white: `Tengen level ${level}` }
      : { black: `Tengen level ${level}`, white: 'You' };
    await this.start(newRecord(size, komi, players), { color, level });
  }

  /** Replaces the round with an opened game (Open SGF…): saved, drawn, continued from there. */
  replace(record, view) {
    this.epoch++;
    this.estimate = null;
    this.commit(record, view, null);
  }

  // ---- state ----------------------------------------------------------------------------

  /**
   * Takes a new record and view, saves them, and redraws. `cleared`: this change to the marks
   * cleared the confirmations given (the review bar says so).
   */
  commit(record, view, computer, cleared = false) {
    this.cleared = cleared;
    this.record = record;
    this.view = view;
    if (computer !== undefined) this.computer = computer;
    const summary = { phase: view.phase, result: view.result || null, moves: view.move_number };
    if (!saveRound(this.mode, { record, computer: this.computer, summary })) {
      this.message('This browser refused to save the round (storage is full or disabled).');
    }
    this.render();
  }

  unfinished() {
    return this.view && this.view.phase !== 'finished' && this.record.actions.length > 0;
  }

  humanColor() {
    return this.mode === 'computer' && this.computer ? this.computer.color : null;
  }

  isHumanTurn() {
    const human = this.humanColor();
    return !human || this.view.to_move === human;
  }

  /** After two passes, pre-mark the suggested dead groups. */
  async withSuggestion(record, view, action) {
    const r = view.review;
    if (view.phase === 'review' && isPass(action) && r.dead.length === 0 && r.suggested_dead.length) {
      return api.apply(record, { set_dead: r.suggested_dead });
    }
    return { record, view };
  }

  /** Sends one action to the server; on success the round moves on and is saved. */
  async act(action) {
    if (this.busy || !this.record) return;
    const epoch = this.epoch;
    this.busy = true;
    this.renderControls();
    let ok = false;
    try {
      const res = await api.apply(this.record, action);
      const { record, view } = await this.withSuggestion(res.record, res.view, action);
      if (epoch !== this.epoch) return;
      this.commit(record, view, undefined, confirmationsCleared(this.view, view));
      this.message('');
      ok = true;
      if (this.estimate) this.refreshEstimate();
    } catch (e) {
      this.message(e.message);
    } finally {
      this.busy = false;
      this.render();
    }
    // Only a change lets the computer act: a refused action must not loop.
    if (ok) this.afterChange();
  }

  // ---- player actions -------------------------------------------------------------------

  /** A tap, click, Enter or Space on a point. */
  activate(name) {
    const v = this.view;
    if (!v) return;
    if (this.thinking) return this.message('The computer is thinking; your move comes next.');
    if (this.busy) return;
    if (v.phase === 'finished') {
      return this.message('The round is over. Choose New round to play again.');
    }
    const p = parsePoint(name);
    if (v.phase === 'review') {
      if (!stoneAt(v, p.col, p.row)) {
        return this.message(`${name} is empty: tap a stone to mark its group dead or restore it.`);
      }
      return this.act({ toggle_dead: name });
    }
    if (!this.isHumanTurn()) return this.message('It is the computer’s turn.');
    if (stoneAt(v, p.col, p.row)) return this.message(illegalReason(name, 'occupied'));
    if (v.illegal[name]) return this.message(illegalReason(name, v.illegal[name]));
    return this.act({ place: name });
  }

  pass() {
    if (this.view && this.view.phase === 'playing' && this.isHumanTurn()) this.act({ pass: {} });
  }

  async resign() {
    const v = this.view;
    if (!v || v.phase === 'finished' || this.busy) return;
    const color = this.humanColor() || v.to_move;
    const ok = await ask({
      title: `Resign as ${colorName(color)}?`,
      message: `Resign ends the round and awards the win to ${colorName(other(color))}.`,
      confirm: 'Resign',
    });
    if (ok) await this.act({ resign: color });
  }

  /** Undo: drops the last action (against the computer, back to your last move). */
  async undo() {
    if (this.busy || !this.record || !(this.record.actions.length || this.record.result)) return;
    if (this.record.result) {
      // An opened game that ended elsewhere: Undo first takes back its recorded ending.
      const { result: _, ...record } = this.record;
      return this.replaceBy(record);
    }
    const actions = this.record.actions.slice();
    const human = this.humanColor();
    if (human) {
      let plays = actions.filter(isPlay).length;
      let first = true;
      while (actions.length) {
        const a = actions.pop();
        if (first && 'resign' in a) break;
        first = false;
        if (isPlay(a)) {
          plays--;
          if ((plays % 2 === 0 ? 'black' : 'white') === human) break;
        }
      }
    } else {
      const a = actions.pop();
      // The suggestion pre-marked right after the second pass goes with that pass.
      if ('set_dead' in a && isPass(actions[actions.length - 1])) actions.pop();
    }
    return this.replaceBy({ ...this.record, actions });
  }

  /** Undo's second half: evaluates the shortened record and makes it the round. */
  async replaceBy(record) {
    const human = this.humanColor();
    this.busy = true;
    const epoch = this.epoch;
    try {
      const view = await api.evaluate(record);
      if (epoch === this.epoch) {
        this.commit(record, view);
        this.message('');
      }
    } catch (e) {
      this.message(e.message);
    } finally {
      this.busy = false;
      this.render();
    }
    if (this.estimate) this.refreshEstimate();
    // Against the computer, undo stops at your move; never let the computer replay at once.
    if (!human) this.afterChange();
  }

  async newRoundClicked() {
    if (this.busy && !this.thinking) return;
    if (this.unfinished()) {
      const ok = await ask({
        title: 'Start a new round?',
        message: `New round replaces the unfinished game and keeps the ${sizeText(this.view.size)} board.`,
        confirm: 'New round',
      });
      if (!ok) return;
    }
    if (this.mode === 'computer') {
      this.newRoundConfirmed = true; // the setup form need not ask again
      location.hash = '#/computer/new';
      return;
    }
    await this.start(newRecord(this.view.size), null);
  }

  async sizeChanged() {
    const select = $('size-select');
    const size = Number(select.value);
    if (!this.view || size === this.view.size) return;
    if (this.unfinished()) {
      const ok = await ask({
        title: `Change to ${sizeText(size)}?`,
        message: `Changing size replaces the board of the round in progress (${sizeText(this.view.size)}).`,
        confirm: `Play ${sizeText(size)}`,
      });
      if (!ok) {
        select.value = String(this.view.size);
        return;
      }
    }
    if (this.mode === 'computer') {
      const { komi } = this.record.rules;
      await this.startComputer({ ...this.computer, size, komi });
    } else {
      savePref('size', size);
      await this.start(newRecord(size), null);
    }
  }

  async download() {
    try {
      // Rounds saved before records were dated get today's date in the file.
      const text = await api.exportSgf({ date: today(), ...this.record });
      const blob = new Blob([text], { type: 'application/x-go-sgf' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      const day = new Date().toISOString().slice(0, 10);
      a.download = `tengen-${this.mode}-${this.view.size}x${this.view.size}-${day}.sgf`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    } catch (e) {
      this.message(e.message);
    }
  }

  async refreshEstimate() {
    const on = $('estimate-toggle').checked && this.mode === 'computer';
    if (!on) {
      this.estimate = null;
      this.render();
      return;
    }
    try {
      const est = await api.estimate(this.record);
      this.estimate = est.ownership;
    } catch (e) {
      this.estimate = null;
      this.message(e.message);
    }
    this.render();
  }

  // ---- the computer ---------------------------------------------------------------------

  /** Lets the computer move or confirm when it is its turn. */
  async afterChange() {
    if (this.mode !== 'computer' || !this.computer || this.busy || !this.view) return;
    const v = this.view;
    const cpu = other(this.computer.color);
    if (v.phase === 'playing' && v.to_move === cpu) {
      await this.computerMove();
    } else if (v.phase === 'review' && v.review.next_confirm === cpu && !v.review.confirmed[cpu]) {
      if (sameSet(v.review.dead, v.review.suggested_dead)) await this.act({ confirm: cpu });
    }
  }

  async computerMove() {
    const epoch = this.epoch;
    this.busy = true;
    this.thinking = true;
    const indicator = new ThinkingIndicator();
    this.render();
    let done = false;
    try {
      for (let attempt = 0; attempt < 4 && !done; attempt++) {
        try {
          const res = await api.genmove(this.record, this.computer.level, (p) => indicator.progress(p));
          const { record, view } = await this.withSuggestion(res.record, res.view, res.action);
          if (epoch !== this.epoch) return;
          this.commit(record, view);
          this.message(describeComputer(res.action));
          done = true;
        } catch (e) {
          const retry = (e.status === 503 || e.status === 0) && attempt < 3;
          if (!retry) {
            this.message(`The computer could not move: ${e.message}`);
            break;
          }
          await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
          if (epoch !== this.epoch) return;
        }
      }
    } finally {
      indicator.stop();
      if (epoch === this.epoch) {
        this.thinking = false;
        this.busy = false;
        this.render();
      }
    }
    if (done) {
      if (this.estimate) this.refreshEstimate();
      this.afterChange();
    }
  }

  // ---- drawing --------------------------------------------------------------------------

  message(text) {
    $('message').textContent = text;
  }

  statusText() {
    const v = this.view;
    if (v.phase === 'finished') return resultText(v.result);
    if (v.phase === 'review') return 'Score review: both players confirm the same score.';
    const lm = v.last_move;
    let last = '';
    if (lm && lm.pass) last = `${colorName(lm.color)} passed. `;
    else if (lm) last = `${colorName(lm.color)} played ${lm.point}. `;
    const human = this.humanColor();
    const turn = human
      ? v.to_move === human ? `Your move (${colorName(human)}).` : 'The computer’s move.'
      : `${colorName(v.to_move)} to play.`;
    const hint = v.consecutive_passes === 1 ? ' Pass again to open score review.' : '';
    return last + turn + hint;
  }

  /**
   * Enables the controls that make sense now. A request in flight does not disable them (that
   * would drop the keyboard focus); `act` ignores presses while busy.
   */
  renderControls() {
    const v = this.view;
    if (!v) return;
    const playing = v.phase === 'playing';
    $('pass').disabled = !(playing && this.isHumanTurn() && !this.thinking);
    $('undo').disabled = !((this.record.actions.length > 0 || this.record.result) && !this.thinking);
    $('resign').disabled = v.phase === 'finished';
  }

  /** If the focused control was just disabled or hidden, the board takes the focus. */
  keepFocus() {
    const el = document.activeElement;
    if (!el || el === document.body || !$('play').contains(el)) return;
    if (el.disabled || el.offsetParent === null) $('board').focus({ preventScroll: true });
  }

  render() {
    const v = this.view;
    if (!v) return;
    const human = this.humanColor();
    for (const a of $('play').hidden ? [] : document.querySelectorAll('.top nav a')) {
      if (a.getAttribute('href') === `#/${this.mode}`) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    $('play-title').textContent = this.mode === 'computer'
      ? `Vs computer · level ${this.computer.level}`
      : 'Same device';
    const names = this.record.players || {};
    $('name-black').textContent = `Black · ${names.black || 'Player 1'}`;
    $('name-white').textContent = `White · ${names.white || 'Player 2'}`;
    $('caps-black').textContent = v.captures.black;
    $('caps-white').textContent = v.captures.white;
    $('komi-white').textContent = num(v.rules.komi);
    $('player-black').classList.toggle('to-move', v.phase === 'playing' && v.to_move === 'black');
    $('player-white').classList.toggle('to-move', v.phase === 'playing' && v.to_move === 'white');
    const status = this.statusText();
    if ($('status').textContent !== status) $('status').textContent = status;
    $('thinking').hidden = !this.thinking;
    this.renderSize(v.size);
    $('estimate-wrap').hidden = this.mode !== 'computer';
    $('open-sgf').hidden = $('open-sgf-hint').hidden = this.mode !== 'local';

    const review = v.review;
    const scored = v.score && (v.phase === 'review' || v.phase === 'finished');
    $('review').hidden = !scored;
    if (scored) this.renderScore(v, human);
    this.reviewBar.show(v.phase === 'review');
    $('review-help').hidden = v.phase !== 'review';
    if (review) {
      const next = review.next_confirm;
      $('confirm').textContent = `Confirm ${colorName(next)}`;
      const cpuNext = human && next !== human;
      $('confirm').hidden = Boolean(cpuNext);
      let state = review.confirmed.black
        ? `Black has confirmed. ${colorName(next)}’s confirmation is next.`
        : 'No confirmation yet. Black confirms first, then White.';
      if (this.cleared) state = 'The marks changed, so the confirmations were cleared: Black confirms first, then White.';
      if (cpuNext && !sameSet(review.dead, review.suggested_dead)) {
        const n = review.suggested_dead.length;
        state += ` The computer confirms only when the marks agree with its estimate (${n} dead ${n === 1 ? 'stone' : 'stones'}). Restore the marks, or choose Resume play to settle it on the board.`;
      }
      $('confirm-state').textContent = state;
    } else {
      $('confirm-state').textContent = '';
    }
    const finished = v.phase === 'finished';
    $('result').hidden = !finished;
    if (finished) {
      // The result in bold; what the board shows of the count in plain words after it.
      const { head, note } = finishedParts(v);
      const strong = document.createElement('strong');
      strong.textContent = head;
      const small = document.createElement('span');
      small.className = 'result-note';
      small.textContent = note ? ` ${note}` : '';
      $('result').replaceChildren(strong, small);
    }
    this.renderControls();
    const preview = v.phase === 'playing' && this.isHumanTurn() ? v.to_move : null;
    this.board.render(v, {
      interactive: !this.thinking,
      previewColor: preview,
      estimate: v.phase === 'playing' ? this.estimate : null,
    });
    this.keepFocus();
    if (!this.firstPaint) {
      this.firstPaint = true;
      performance.mark('first-board');
    }
  }

  /** The size menu shows the board's size; an opened game of another size gets its own entry. */
  renderSize(size) {
    const select = $('size-select');
    for (const o of select.querySelectorAll('option[data-opened]')) {
      if (Number(o.value) !== size) o.remove();
    }
    const options = Array.from(select.options);
    if (!options.some((o) => Number(o.value) === size)) {
      const o = new Option(sizeText(size), String(size));
      o.dataset.opened = '';
      select.add(o, options.find((x) => Number(x.value) > size) || null);
    }
    select.value = String(size);
  }

  renderScore(v) {
    const s = v.score;
    $('sc-b-stones').textContent = s.black.stones;
    $('sc-b-terr').textContent = s.black.territory;
    $('sc-b-total').textContent = num(s.black.total);
    $('sc-w-stones').textContent = s.white.stones;
    $('sc-w-terr').textContent = s.white.territory;
    $('sc-w-komi').textContent = num(s.white.komi ?? v.rules.komi);
    $('sc-w-total').textContent = num(s.white.total);
    $('review-title').textContent = v.phase === 'review' ? 'Score review' : 'Final score';
    $('review-totals').textContent = totalsText(s);
    $('sc-prisoners').textContent =
      `Captured stones, for reference and not added again: Black took ${v.captures.black}, White took ${v.captures.white}.`;
  }
}

/** Whether a change during review cleared a confirmation that had been given. */
function confirmationsCleared(before, after) {
  const was = before && before.phase === 'review' && before.review.confirmed;
  const now = after.phase === 'review' && after.review.confirmed;
  return Boolean(was && now && (was.black || was.white) && !now.black && !now.white);
}

/** The totals in one line, for the bar under the board on a phone. */
function totalsText(s) {
  const b = s.black.total;
  const w = s.white.total;
  const lead = b === w ? 'equal' : `${b > w ? 'Black' : 'White'} leads by ${num(Math.abs(b - w))}`;
  return `Black ${num(b)} · White ${num(w)} · ${lead}`;
}

function describeComputer(action) {
  if ('place' in action) return `The computer played ${action.place}.`;
  if ('pass' in action) return 'The computer passed.';
  if ('resign' in action) return 'The computer resigned.';
  return '';
}
