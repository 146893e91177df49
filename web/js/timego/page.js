// TimeGo as a way to play (#/timego on one device, #/timego/computer against the computer):
// the board with Place, Time, Lock and Pass, the placement order (locked part set apart, the
// stone a time move moved highlighted) and the turn record, the final area count with the
// counted board, Undo, New round (asks), Resign (asks), Download of the record, and the
// computer's moves with a progress bar. Rounds are saved in this browser under
// "tengen.timego.local" and "tengen.timego.computer", apart from the Go rounds and from Learn
// TimeGo. Every rule decision comes from the server: legality, targets with what each would
// cancel (/api/timego/targets, one stone at a time), the count.

import { evaluate, apply, genmove, timegoTargets } from '../api.js';
import { loadPref, savePref } from '../store.js';
import { ask } from '../dialog.js';
import { colorName, num, resultText, sizeText } from '../text.js';
import { LearnBoard } from '../learn/goban.js';
import { cancelText, renderOrder, renderTurns, targetText, turnText } from '../learn/records.js';
import { stoneOf } from '../learn/stones.js';
import { timegoMarkup } from './markup.js';

const SIZES = [9, 13, 19];
const KEYS = { local: 'timego.local', computer: 'timego.computer' };
const SIZE_PREF = 'timego.size';
const COMPUTER_PREF = 'timego.computer.setup';

// The record panels and board marks share Learn TimeGo's stylesheet, loaded with this module.
const sheet = document.createElement('link');
sheet.rel = 'stylesheet';
sheet.href = new URL('../../css/learn.css', import.meta.url).href;
const sheetLoaded = new Promise((resolve) => {
  sheet.addEventListener('load', resolve, { once: true });
  sheet.addEventListener('error', resolve, { once: true });
});
if (!document.querySelector(`link[href="${sheet.href}"]`)) document.head.appendChild(sheet);

let section = document.getElementById('timego');
if (!section) {
  section = document.createElement('section');
  section.id = 'timego';
  section.hidden = true;
  section.setAttribute('aria-labelledby', 'tg-title');
  document.getElementById('main').appendChild(section);
}
section.innerHTML = timegoMarkup();

const $ = (id) => document.getElementById(id);

/** Removes "action N is illegal: " from a server message. */
function reason(error) {
  return String(error.message || error).replace(/^action \d+ is illegal: /, '');
}

/** A new TimeGo record. */
function newRecord(size, komi = 7.5) {
  return { rules: { variant: 'timego', size, komi }, actions: [] };
}

/** The side to move after `n` actions (every TimeGo action passes the turn). */
function moverAfter(n) {
  return n % 2 === 0 ? 'black' : 'white';
}

/** A saved round of `mode` ({record, computer?}) or null when there is none or it is unreadable. */
function loadSaved(mode) {
  const saved = loadPref(KEYS[mode], null);
  const r = saved && saved.record;
  // Any size the rules accept (a saved or downloaded record may have another than 9, 13, 19).
  if (!r || !r.rules || r.rules.variant !== 'timego' || !Array.isArray(r.actions) || !(r.rules.size >= 2 && r.rules.size <= 25)) {
    return null;
  }
  if (mode === 'computer') {
    const c = saved.computer;
    if (!c || !['black', 'white'].includes(c.you) || !(c.level >= 1 && c.level <= 10)) return null;
  }
  return { record: r, computer: saved.computer || null };
}

class TimeGoPage {
  constructor() {
    this.board = new LearnBoard($('tg-board'), {
      onActivate: (name) => this.activate(name),
      onFocusChange: () => {},
    }, 'tg-');
    this.mode = null; // 'local' | 'computer'
    this.record = null;
    this.view = null;
    this.computer = null; // {you, level}
    this.busy = false;
    this.thinking = false;
    this.fraction = 0;
    this.timeMode = false;
    this.selected = null; // the /api/timego/targets answer
    this.previews = [];
    this.moved = new Set(); // order indices moved by the last time move
    this.outcome = null;
    this.bind();
  }

  bind() {
    $('tg-time').addEventListener('click', () => this.toggleTime());
    $('tg-lock').addEventListener('click', () => this.act({ lock: {} }));
    $('tg-pass').addEventListener('click', () => this.act({ pass: {} }));
    $('tg-undo').addEventListener('click', () => this.undo());
    $('tg-resign').addEventListener('click', () => this.resign());
    $('tg-new').addEventListener('click', () => this.newRound());
    $('tg-size').addEventListener('change', () => this.changeSize());
    $('tg-download').addEventListener('click', () => this.download());
    $('tg-time-cancel').addEventListener('click', () => this.cancelTime());
    $('tg-level').addEventListener('input', () => { $('tg-level-out').textContent = $('tg-level').value; });
    $('tg-setup').addEventListener('submit', (e) => {
      e.preventDefault();
      this.startComputer();
    });
    $('tg-continue').addEventListener('click', () => this.openComputer(false));
    section.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.timeMode && !this.busy) {
        e.preventDefault();
        this.cancelTime();
      }
    });
  }

  // ---- opening ----------------------------------------------------------------------------

  /** Opens `#/timego`, `#/timego/computer` or `#/timego/computer/new`. */
  async open(hash) {
    if (hash === '#/timego/computer/new') return this.showSetup();
    if (hash.startsWith('#/timego/computer')) return this.openComputer(true);
    return this.openLocal();
  }

  async openLocal() {
    if (this.mode === 'local' && this.view) return this.showGame();
    this.mode = 'local';
    this.computer = null;
    const saved = loadSaved('local');
    const size = SIZES.includes(loadPref(SIZE_PREF, 9)) ? loadPref(SIZE_PREF, 9) : 9;
    await this.load(saved ? saved.record : newRecord(size));
  }

  /** The saved round against the computer, or the setup when there is none. */
  async openComputer(keepOpen) {
    if (keepOpen && this.mode === 'computer' && this.view) return this.showGame();
    const saved = loadSaved('computer');
    if (!saved) return this.showSetup();
    this.mode = 'computer';
    this.computer = saved.computer;
    await this.load(saved.record);
    if (location.hash !== '#/timego/computer') history.replaceState(null, '', '#/timego/computer');
    await this.maybeThink();
  }

  showSetup() {
    this.mode = 'setup';
    $('tg-title').textContent = 'TimeGo vs computer';
    $('tg-lede').textContent = 'Play TimeGo against the computer: it places, moves stones into the past and locks, as you can.';
    const p = loadPref(COMPUTER_PREF, {}) || {};
    const size = SIZES.includes(p.size) ? p.size : 9;
    const color = ['black', 'white', 'random'].includes(p.color) ? p.color : 'black';
    const level = Number.isInteger(p.level) && p.level >= 1 && p.level <= 10 ? p.level : 3;
    const komi = Number.isFinite(p.komi) ? p.komi : 7.5;
    section.querySelectorAll('input[name="tg-size"]').forEach((i) => { i.checked = Number(i.value) === size; });
    section.querySelectorAll('input[name="tg-color"]').forEach((i) => { i.checked = i.value === color; });
    $('tg-level').value = level;
    $('tg-level-out').textContent = level;
    $('tg-komi').value = komi;
    const saved = loadSaved('computer');
    $('tg-continue').hidden = !saved || saved.record.actions.length === 0;
    $('tg-setup').hidden = false;
    $('tg-game').hidden = true;
  }

  async startComputer() {
    const size = Number(section.querySelector('input[name="tg-size"]:checked').value);
    const pick = section.querySelector('input[name="tg-color"]:checked').value;
    const level = Math.min(10, Math.max(1, Math.round(Number($('tg-level').value))));
    const komi = Number($('tg-komi').value);
    if (!Number.isFinite(komi) || Math.round(komi * 2) !== komi * 2 || Math.abs(komi) > 50) {
      this.say('Komi must be a number in steps of 0.5, such as 7.5, 6.5 or 0.', false);
      $('tg-komi').focus();
      return;
    }
    const saved = loadPref(KEYS.computer, null);
    const inProgress = saved && saved.summary && saved.summary.turns > 0 && saved.summary.phase !== 'finished';
    if (inProgress && !this.newConfirmed) {
      const ok = await ask({
        title: 'Start a new TimeGo round?',
        message: 'New round replaces your unfinished TimeGo game against the computer. Your other saved games are not affected.',
        confirm: 'New round',
      });
      if (!ok) return;
    }
    this.newConfirmed = false;
    savePref(COMPUTER_PREF, { size, color: pick, level, komi });
    const you = pick === 'random' ? (Math.random() < 0.5 ? 'black' : 'white') : pick;
    this.mode = 'computer';
    this.computer = { you, level };
    await this.load(newRecord(size, komi));
    this.save();
    history.replaceState(null, '', '#/timego/computer');
    this.board.svg.focus({ preventScroll: true });
    await this.maybeThink();
  }

  async load(record) {
    this.clearTime();
    this.moved = new Set();
    this.outcome = null;
    this.busy = true;
    this.showGame();
    try {
      this.view = await evaluate(record);
      this.record = record;
    } catch (e) {
      this.outcome = { ok: false, text: `Your saved TimeGo round could not be read (${reason(e)}), so a new round starts.` };
      this.record = newRecord(record.rules && SIZES.includes(record.rules.size) ? record.rules.size : 9);
      this.view = await evaluate(this.record).catch(() => null);
    }
    this.busy = false;
    this.render();
  }

  showGame() {
    $('tg-setup').hidden = true;
    $('tg-game').hidden = false;
    if (this.view) this.render();
  }

  save() {
    if (!this.record || !this.view || !KEYS[this.mode]) return;
    const v = this.view;
    savePref(KEYS[this.mode], {
      record: this.record,
      computer: this.computer || undefined,
      summary: { phase: v.phase, result: v.result || null, turns: v.timego.turns.length, to_move: v.to_move },
    });
  }

  // ---- turns ------------------------------------------------------------------------------

  /** The color the person at this device plays now (null while the computer is to move). */
  humanColor() {
    if (!this.view) return null;
    if (this.mode === 'computer') return this.view.to_move === this.computer.you ? this.computer.you : null;
    return this.view.to_move;
  }

  activate(name) {
    if (this.busy || !this.view) return;
    const v = this.view;
    if (v.phase !== 'playing') {
      this.say('The game is over. Press New round to play again.');
      return;
    }
    if (!this.humanColor()) {
      this.say('The computer is thinking; your turn comes next.');
      return;
    }
    const stone = stoneOf(v, name);
    if (stone && stone === v.to_move) {
      this.selectStone(name);
    } else if (this.timeMode) {
      this.say(stone
        ? `The stone at ${name} is ${colorName(stone)}’s. Select one of your own stones for the time move.`
        : `${name} is empty. Select one of your own stones for the time move, or cancel it.`);
    } else {
      this.act({ place: name });
    }
  }

  toggleTime() {
    if (this.timeMode) {
      this.cancelTime();
      return;
    }
    this.timeMode = true;
    this.render();
    this.say(`Time move: select one of your stones on the board (${colorName(this.view.to_move)}).`);
    this.board.svg.focus({ preventScroll: true });
  }

  cancelTime() {
    this.clearTime();
    this.render();
    this.say('Time move cancelled.');
    this.board.svg.focus({ preventScroll: true });
  }

  clearTime() {
    this.timeMode = false;
    this.selected = null;
    this.previews = [];
  }

  async selectStone(name) {
    this.busy = true;
    this.renderButtons();
    try {
      const answer = await timegoTargets(this.record, name);
      this.timeMode = true;
      this.selected = answer;
      this.previews = [];
      this.busy = false;
      this.render();
      this.say(`${name} selected: placement ${answer.index}. ${answer.targets.length ? 'Choose an earlier index in the list.' : answer.note || 'It cannot travel now.'}`);
      const first = $('tg-target-list').querySelector('button.target:not(.unavailable)');
      if (first) first.focus({ preventScroll: true });
    } catch (e) {
      this.busy = false;
      this.say(`Not allowed: ${reason(e)}.`, false);
      this.render();
    }
  }

  /** Applies an action of the person at this device, then lets the computer answer. */
  async act(action) {
    if (this.busy || !this.view || !this.humanColor()) return;
    this.busy = true;
    this.renderButtons();
    let answer;
    try {
      answer = await apply(this.record, action);
    } catch (e) {
      this.busy = false;
      this.say(`Not allowed: ${reason(e)}.`, false);
      this.render();
      return;
    }
    this.took(answer, '');
    this.busy = false;
    this.render();
    if (!document.activeElement || document.activeElement === document.body || !section.contains(document.activeElement)) {
      this.board.svg.focus({ preventScroll: true });
    }
    await this.maybeThink();
  }

  /** Takes a new `{record, view}`: saves it and says what the last turn did. */
  took(answer, who) {
    this.record = answer.record;
    this.view = answer.view;
    this.clearTime();
    const turn = this.view.timego.turns[this.view.timego.turns.length - 1];
    this.moved = turn && turn.action === 'time' ? new Set([turn.to]) : new Set();
    this.save();
    let text = turn ? `${who}${turnText(turn)}.` : '';
    if (this.view.phase === 'finished') text += ` ${resultText(this.view.result)}`;
    this.outcome = { ok: true, plain: true, text };
  }

  async maybeThink() {
    if (this.mode !== 'computer' || !this.view || this.view.phase !== 'playing') return;
    if (this.view.to_move === this.computer.you || this.thinking) return;
    this.thinking = true;
    this.busy = true;
    this.fraction = 0;
    this.render();
    try {
      const answer = await genmove(this.record, this.computer.level, (p) => {
        this.fraction = p.fraction;
        this.renderThinking();
      });
      if (this.mode !== 'computer') return;
      this.took(answer, 'Computer: ');
    } catch (e) {
      this.say(`The computer could not move: ${reason(e)}. Press Undo or try again with New round.`, false);
    } finally {
      this.thinking = false;
      this.busy = false;
      this.render();
    }
  }

  async undo() {
    if (this.busy || !this.record || this.record.actions.length === 0) return;
    const actions = this.record.actions.slice();
    if (this.mode === 'computer') {
      // Back to the person's previous turn: their last action and the computer's answer.
      let removedMine = false;
      while (actions.length > 0) {
        const by = moverAfter(actions.length - 1);
        const last = actions.pop();
        const mine = 'resign' in last ? last.resign === this.computer.you : by === this.computer.you;
        removedMine = removedMine || mine;
        if (removedMine && moverAfter(actions.length) === this.computer.you) break;
      }
    } else {
      actions.pop();
    }
    await this.load({ ...this.record, actions });
    this.save();
    this.say('Undone.');
    await this.maybeThink();
  }

  async resign() {
    if (this.busy || !this.view || this.view.phase !== 'playing') return;
    const color = this.mode === 'computer' ? this.computer.you : this.view.to_move;
    const ok = await ask({
      title: `Resign as ${colorName(color)}?`,
      message: `Resigning ends the round and awards the win to ${colorName(color === 'black' ? 'white' : 'black')}.`,
      confirm: 'Resign',
    });
    if (!ok) return;
    this.busy = true;
    try {
      this.took(await apply(this.record, { resign: color }), '');
    } catch (e) {
      this.say(`Not allowed: ${reason(e)}.`, false);
    }
    this.busy = false;
    this.render();
  }

  /** Whether the round has turns and is not over (a new round then asks first). */
  inProgress() {
    return Boolean(this.view) && this.view.phase === 'playing' && this.view.timego.turns.length > 0;
  }

  async newRound() {
    if (this.busy) return;
    if (this.mode === 'computer') {
      if (this.inProgress()) {
        const ok = await ask({
          title: 'Start a new TimeGo round?',
          message: 'New round replaces your unfinished TimeGo game against the computer. Your other saved games are not affected.',
          confirm: 'New round',
        });
        if (!ok) return;
        this.newConfirmed = true;
      }
      location.hash = '#/timego/computer/new';
      return;
    }
    await this.newLocal(this.record.rules.size);
  }

  async changeSize() {
    const size = Number($('tg-size').value);
    if (this.mode !== 'local' || !this.record || size === this.record.rules.size) return;
    const ok = await this.newLocal(size);
    if (!ok) $('tg-size').value = String(this.record.rules.size);
  }

  async newLocal(size) {
    if (this.inProgress()) {
      const ok = await ask({
        title: 'Start a new TimeGo round?',
        message: `New round replaces the TimeGo game on this device with an empty ${sizeText(size)} board. Your other saved games are not affected.`,
        confirm: 'New round',
      });
      if (!ok) return false;
    }
    savePref(SIZE_PREF, size);
    await this.load(newRecord(size, this.record ? this.record.rules.komi : 7.5));
    this.save();
    this.say(`New round on ${sizeText(size)}. Black starts.`);
    this.board.svg.focus({ preventScroll: true });
    return true;
  }

  download() {
    if (!this.record) return;
    const blob = new Blob([JSON.stringify(this.record, null, 2) + '\n'], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `tengen-timego-${this.record.rules.size}x${this.record.rules.size}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    this.say('The record was downloaded as JSON.');
  }

  // ---- rendering --------------------------------------------------------------------------

  say(text, ok = true) {
    this.outcome = { ok, plain: ok, text };
    this.renderMessage();
  }

  renderMessage() {
    const m = $('tg-message');
    const o = this.outcome;
    m.textContent = o ? o.text : '';
    m.className = `message learn-message${o && !o.plain ? (o.ok ? ' success' : ' failure') : ''}`;
  }

  renderThinking() {
    $('tg-thinking').hidden = !this.thinking;
    $('tg-thinking-bar').value = this.fraction;
    $('tg-thinking-text').textContent = this.fraction > 0
      ? `The computer is thinking… ${Math.round(this.fraction * 100)}%`
      : 'The computer is thinking…';
  }

  renderButtons() {
    const v = this.view;
    const mine = Boolean(v) && v.phase === 'playing' && !this.busy && Boolean(this.humanColor());
    $('tg-time').disabled = !mine;
    $('tg-time').setAttribute('aria-pressed', String(this.timeMode));
    $('tg-lock').disabled = !mine || !v.timego.can_lock;
    $('tg-pass').disabled = !mine;
    $('tg-undo').disabled = this.busy || !this.record || this.record.actions.length === 0;
    $('tg-resign').disabled = this.busy || !v || v.phase !== 'playing';
    $('tg-new').disabled = this.busy;
    $('tg-download').disabled = !this.record;
    $('tg-size').disabled = this.busy;
    $('tg-size-wrap').hidden = this.mode !== 'local';
  }

  render() {
    const v = this.view;
    this.renderMessage();
    this.renderButtons();
    this.renderThinking();
    const computer = this.mode === 'computer';
    $('tg-title').textContent = computer ? 'TimeGo vs computer' : 'TimeGo on this device';
    $('tg-lede').textContent = computer
      ? 'Play TimeGo against the computer: it places, moves stones into the past and locks, as you can.'
      : 'Two players share this board. Black starts and White receives komi. A move can change the past.';
    if (!v) return;
    $('tg-size').value = String(v.size);
    for (const color of ['black', 'white']) {
      const name = computer ? (color === this.computer.you ? 'You' : 'Computer') : colorName(color);
      $(`tg-name-${color}`).textContent = computer ? `${colorName(color)} · ${name}` : name;
      $(`tg-caps-${color}`).textContent = String(v.captures[color]);
      $(`tg-player-${color}`).classList.toggle('to-move', v.phase === 'playing' && v.to_move === color);
    }
    $('tg-komi-white').textContent = num(v.rules.komi);
    let status;
    if (v.phase !== 'playing') status = `Game over. ${resultText(v.result)}`;
    else if (computer) status = v.to_move === this.computer.you ? `Your turn (${colorName(v.to_move)}).` : `The computer (${colorName(v.to_move)}) is to move.`;
    else status = `${colorName(v.to_move)} to move.`;
    $('tg-status').textContent = status;
    this.board.render(v, { interactive: v.phase === 'playing' && !this.busy, previewColor: this.timeMode ? null : v.to_move });
    this.renderMarks();
    const moved = new Set(this.moved);
    if (this.selected) moved.add(this.selected.index);
    renderOrder($('tg-order'), v, moved);
    this.renderCancelled();
    renderTurns($('tg-turns'), v);
    this.renderTargets();
    this.renderCount();
  }

  /**
   * Under the order: what the last turn's time move moved and cancelled (cancelled placements
   * have left the order, so the table alone cannot show them), struck through.
   */
  renderCancelled() {
    const turns = this.view.timego.turns;
    const turn = turns[turns.length - 1];
    const box = $('tg-order-cancelled');
    box.hidden = !turn || turn.action !== 'time';
    if (box.hidden) return;
    const who = this.mode === 'computer' && turn.color !== this.computer.you ? 'the computer' : colorName(turn.color);
    const cancelled = turn.cancelled || [];
    $('tg-order-cancelled-title').textContent = `Last turn: ${who} moved ${turn.stone} from index ${turn.from} to ${turn.to} (highlighted). `
      + (cancelled.length ? `It cancelled ${cancelled.length === 1 ? 'this placement' : `these ${cancelled.length} placements`}, now gone from the order:` : 'It cancelled nothing.');
    const items = cancelled.map((c) => {
      const li = document.createElement('li');
      li.className = 'cancelled';
      li.textContent = cancelText(c);
      return li;
    });
    $('tg-order-cancelled-list').replaceChildren(...items);
  }

  renderMarks() {
    const v = this.view;
    this.board.setMarks({
      crosses: v.timego.last_cancelled.map((c) => c.point),
      previews: this.previews,
      selected: this.selected ? this.selected.stone : null,
    });
  }

  renderCount() {
    const v = this.view;
    const box = $('tg-count');
    box.hidden = v.phase !== 'finished';
    if (box.hidden) return;
    $('tg-result').textContent = resultText(v.result);
    const s = v.score;
    const table = box.querySelector('table');
    table.hidden = !s;
    $('tg-count-note').hidden = !s;
    if (!s) return;
    $('tg-b-stones').textContent = String(s.black.stones);
    $('tg-b-terr').textContent = String(s.black.territory);
    $('tg-b-total').textContent = num(s.black.total);
    $('tg-w-stones').textContent = String(s.white.stones);
    $('tg-w-terr').textContent = String(s.white.territory);
    $('tg-w-komi').textContent = num(s.white.komi ?? v.rules.komi);
    $('tg-w-total').textContent = num(s.white.total);
  }

  renderTargets() {
    const box = $('tg-targets');
    const sel = this.selected;
    box.hidden = !this.timeMode;
    const list = $('tg-target-list');
    if (!this.timeMode) {
      list.replaceChildren();
      return;
    }
    if (!sel) {
      $('tg-targets-help').textContent = `Select one of your stones on the board (${colorName(this.view.to_move)}).`;
      list.replaceChildren();
      return;
    }
    const locked = sel.boundary > 0 ? ` Indices before ${sel.boundary} are locked.` : '';
    $('tg-targets-help').textContent = sel.targets.length
      ? `${sel.stone} is placement ${sel.index}. Choose an earlier index; each choice says what it would cancel.${locked}`
      : `${sel.stone} is placement ${sel.index}: ${sel.note || 'it cannot travel now'}.`;
    const buttons = [];
    for (let to = sel.boundary; to < sel.index; to++) {
      const target = sel.targets.find((t) => t.to === to);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = target ? (target.cancels ? 'target cancels' : 'target') : 'target unavailable';
      b.dataset.to = String(to);
      b.textContent = target ? targetText(target) : `Index ${to}: not allowed now`;
      const preview = () => {
        this.previews = target && target.cancels ? target.cancels.map((c) => c.point) : [];
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
      b.addEventListener('click', () => this.act({ time: { stone: sel.stone, to } }));
      buttons.push(b);
    }
    list.replaceChildren(...buttons);
  }
}

let page = null;

/** Shows TimeGo for `hash` (#/timego...). */
export async function openTimeGo(hash) {
  if (!page) {
    section.style.visibility = 'hidden';
    await sheetLoaded;
    section.style.visibility = '';
    page = new TimeGoPage();
  }
  await page.open(hash);
}

// A read-only hook for the browser tests and for debugging from the console.
window.__timego = {
  ready: () => Boolean(page && page.view) && !page.busy,
  mode: () => (page ? page.mode : null),
  thinking: () => Boolean(page && page.thinking),
  actions: () => (page && page.record ? page.record.actions.length : 0),
  view: () => (page ? page.view : null),
  record: () => (page ? page.record : null),
};
