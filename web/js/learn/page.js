// Learn TimeGo (#/learn, #/learn/1..7, #/learn/play): the lesson list, the TimeGo board with
// Place, Time, Lock and Pass, goal checks with White's scripted replies, the two record panels
// and the rules. Progress is kept in localStorage under "tengen.learn" and the free game under
// "tengen.learn.sandbox"; the Same device and Vs computer saves are never touched.

import { evaluate, apply, timegoTargets, chainAt } from '../api.js';
import { loadPref, savePref } from '../store.js';
import { ask } from '../dialog.js';
import { colorName, countText, resultText } from '../text.js';
import { LearnBoard } from './goban.js';
import { LESSONS, LESSON_SIZE, lastTurn } from './lessons.js';
import { learnMarkup } from './markup.js';
import { renderOrder, renderTurns, targetText, turnText } from './records.js';
import { stoneOf, timegoRecord } from './stones.js';

const SANDBOX_SIZE = 9;
const PROGRESS_KEY = 'learn';
const SANDBOX_KEY = 'learn.sandbox';

// Learn TimeGo's stylesheet comes with its modules, so the other pages never load it. The
// section stays invisible until the sheet has loaded (no flash of unstyled markup).
const sheet = document.createElement('link');
sheet.rel = 'stylesheet';
sheet.href = new URL('../../css/learn.css', import.meta.url).href;
const sheetLoaded = new Promise((resolve) => {
  sheet.addEventListener('load', resolve, { once: true });
  sheet.addEventListener('error', resolve, { once: true });
});
document.head.appendChild(sheet);

// The section is filled when the module loads (index.html holds an empty one, so the router
// can show and hide it before this module is loaded; it is created if missing).
let section = document.getElementById('learn');
if (!section) {
  section = document.createElement('section');
  section.id = 'learn';
  section.hidden = true;
  section.setAttribute('aria-labelledby', 'learn-title');
  document.getElementById('main').appendChild(section);
}
section.innerHTML = learnMarkup();

const $ = (id) => document.getElementById(id);

/** Removes "action N is illegal: " from an engine message. */
function reason(error) {
  return String(error.message || error).replace(/^action \d+ is illegal: /, '');
}

function loadProgress() {
  const p = loadPref(PROGRESS_KEY, null);
  const solved = p && Array.isArray(p.solved) ? p.solved.filter((n) => Number.isInteger(n) && n >= 0 && n < LESSONS.length) : [];
  const lesson = p && Number.isInteger(p.lesson) && p.lesson >= 0 && p.lesson < LESSONS.length ? p.lesson : 0;
  return { solved: [...new Set(solved)], lesson };
}

class Learn {
  constructor() {
    this.board = new LearnBoard($('learn-board'), {
      onActivate: (name) => this.activate(name),
      onFocusChange: () => {},
    });
    this.mode = null; // 'lesson' | 'sandbox'
    this.index = 0;
    this.record = null;
    this.view = null;
    this.busy = false;
    this.selected = null; // {stone, index, boundary, targets, note}
    this.timeMode = false;
    this.outcome = null; // {ok, text, plain}
    this.solved = false; // the current exercise has been solved since it was opened
    this.solvedBefore = false; // it had been solved before it was opened
    this.previews = [];
    this.chains = {}; // the watched chains of the current view, from the server
    this.progress = loadProgress();
    this.bind();
  }

  bind() {
    $('learn-time').addEventListener('click', () => this.toggleTime());
    $('learn-lock').addEventListener('click', () => this.act({ lock: {} }));
    $('learn-pass').addEventListener('click', () => this.act({ pass: {} }));
    $('learn-reset').addEventListener('click', () => this.reset());
    $('learn-next').addEventListener('click', () => this.next());
    $('learn-time-cancel').addEventListener('click', () => this.cancelTime());
    // Escape leaves a time move from the board or the target list.
    section.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.timeMode && !this.busy) {
        e.preventDefault();
        this.cancelTime();
      }
    });
  }

  cancelTime() {
    this.clearTime();
    this.render();
    this.say('Time move cancelled.');
    this.board.svg.focus({ preventScroll: true });
  }

  get lesson() {
    return this.mode === 'lesson' ? LESSONS[this.index] : null;
  }

  // ---- opening ----------------------------------------------------------------------------

  /** Opens the page for a hash: #/learn, #/learn/N (1-based) or #/learn/play. */
  async open(hash) {
    const rest = hash.replace(/^#\/learn\/?/, '');
    if (rest === 'play') return this.openSandbox();
    const n = Number(rest);
    const index = rest && Number.isInteger(n) && n >= 1 && n <= LESSONS.length ? n - 1 : this.progress.lesson;
    if (this.mode === 'lesson' && this.index === index && this.view) return this.render();
    return this.openLesson(index);
  }

  async openLesson(index) {
    this.mode = 'lesson';
    this.index = index;
    this.solvedBefore = this.progress.solved.includes(index);
    this.progress.lesson = index;
    savePref(PROGRESS_KEY, this.progress);
    await this.load(timegoRecord(LESSON_SIZE, LESSONS[index].start));
  }

  async openSandbox() {
    this.mode = 'sandbox';
    const saved = loadPref(SANDBOX_KEY, null);
    const record = saved && saved.record && saved.record.rules && Array.isArray(saved.record.actions)
      ? saved.record : timegoRecord(SANDBOX_SIZE);
    await this.load(record, () => {
      this.outcome = { ok: false, text: 'Your saved TimeGo game could not be read, so a new game starts.' };
      return timegoRecord(SANDBOX_SIZE);
    });
  }

  async load(record, fallback) {
    this.clearTime();
    this.outcome = null;
    this.solved = false;
    this.busy = true;
    this.view = null;
    this.renderFrame();
    try {
      this.view = await evaluate(record);
      this.record = record;
      this.chains = await this.watchedChains();
    } catch (e) {
      if (!fallback) {
        this.outcome = { ok: false, text: reason(e) };
        this.busy = false;
        this.renderFrame();
        return;
      }
      this.record = fallback();
      this.view = await evaluate(this.record).catch(() => null);
    }
    this.busy = false;
    this.render();
  }

  /** The chains the lesson watches in the current position, asked of the server. */
  async watchedChains() {
    const points = (this.lesson && this.lesson.watch) || [];
    const chains = {};
    for (const point of points) {
      try {
        chains[point] = await chainAt(this.record, point);
      } catch (_) { /* no marks for it: the lesson still works */ }
    }
    return chains;
  }

  // ---- actions ----------------------------------------------------------------------------

  activate(name) {
    if (this.busy || !this.view) return;
    const view = this.view;
    if (view.phase !== 'playing') {
      this.say(this.mode === 'sandbox' ? 'The game is over. Press New game to play again.' : 'The game is over. Press Reset to try again.');
      return;
    }
    const stone = stoneOf(view, name);
    if (stone && stone === view.to_move) {
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
      this.clearTime();
      this.render();
      return;
    }
    this.timeMode = true;
    this.render();
    this.say(`Time move: select one of your stones on the board (${colorName(this.view.to_move)}).`);
    this.board.svg.focus({ preventScroll: true });
  }

  clearTime() {
    this.timeMode = false;
    this.selected = null;
    this.previews = [];
  }

  async selectStone(name) {
    this.busy = true;
    try {
      const answer = await timegoTargets(this.record, name);
      this.timeMode = true;
      this.selected = answer;
      this.previews = [];
      this.outcome = null;
      this.busy = false;
      this.render();
      this.say(`${name} selected: placement ${answer.index}. ${answer.targets.length ? 'Choose an earlier index below.' : answer.note || 'It cannot travel now.'}`);
      $('learn-targets').scrollIntoView({ block: 'nearest' });
      const first = $('learn-target-list').querySelector('button');
      if (first) first.focus({ preventScroll: true });
    } catch (e) {
      this.busy = false;
      this.outcome = { ok: false, text: `Not allowed: ${reason(e)}.` };
      this.render();
    }
  }

  /** Applies the student's action, then checks the goal and lets White reply. */
  async act(action) {
    if (this.busy || !this.view) return;
    const before = { record: this.record, view: this.view, chains: this.chains };
    this.busy = true;
    this.renderButtons();
    let answer;
    try {
      answer = await apply(this.record, action);
    } catch (e) {
      this.busy = false;
      this.outcome = { ok: false, text: `Not allowed: ${reason(e)}.` };
      this.render();
      return;
    }
    this.record = answer.record;
    this.view = answer.view;
    this.clearTime();
    if (this.mode === 'sandbox') {
      savePref(SANDBOX_KEY, { record: this.record });
      this.outcome = { ok: true, text: turnText(lastTurn(this.view)) + '.', plain: true };
    } else {
      await this.judge(action, before);
    }
    this.busy = false;
    this.render();
    // A chosen time target is gone from the page: give the focus back to the board.
    if (!document.activeElement || document.activeElement === document.body) {
      this.board.svg.focus({ preventScroll: true });
    }
  }

  async judge(action, before) {
    const lesson = this.lesson;
    if (this.solved) {
      this.outcome = { ok: true, text: turnText(lastTurn(this.view)) + '.', plain: true };
      return;
    }
    this.chains = await this.watchedChains();
    const goal = () => lesson.check({
      view: this.view, before: before.view, action, turn: lastTurn(this.view),
      chains: this.chains, chainsBefore: before.chains,
    });
    let result = goal();
    if (!result && lesson.reply && this.view.phase === 'playing') {
      try {
        const reply = await apply(this.record, lesson.reply === 'pass' ? { pass: {} } : lesson.reply);
        this.record = reply.record;
        this.view = reply.view;
        this.chains = await this.watchedChains();
      } catch (_) { /* no reply: the student plays on */ }
      result = goal();
    }
    if (result && result.solved) {
      this.solved = true;
      this.outcome = { ok: true, text: `Solved! ${result.solved}` };
      if (lesson.after && this.view.phase === 'playing') {
        // White's answer after the goal, so the student can see what the lesson showed.
        try {
          const reply = await apply(this.record, lesson.after);
          this.record = reply.record;
          this.view = reply.view;
          this.chains = await this.watchedChains();
        } catch (_) { /* the lesson still counts as solved */ }
      }
      if (!this.progress.solved.includes(this.index)) this.progress.solved.push(this.index);
      savePref(PROGRESS_KEY, this.progress);
    } else if (result && result.wrong) {
      this.record = before.record;
      this.view = before.view;
      this.chains = before.chains;
      this.outcome = { ok: false, text: `Not quite. ${result.wrong} The board is back as it was.` };
    } else {
      const turns = this.view.timego.turns.slice(before.view.timego.turns.length);
      this.outcome = { ok: true, plain: true, text: turns.map(turnText).join('. ') + '.' };
    }
  }

  async reset() {
    if (this.busy) return;
    if (this.mode === 'sandbox') {
      if (this.record.actions.length > 0 && this.view.phase === 'playing') {
        const ok = await ask({
          title: 'Start a new TimeGo game?',
          message: 'New game replaces the TimeGo game on this device. Your other saved games are not affected.',
          confirm: 'New game',
        });
        if (!ok) return;
      }
      savePref(SANDBOX_KEY, { record: timegoRecord(SANDBOX_SIZE) });
      await this.openSandbox();
    } else {
      await this.openLesson(this.index);
      this.say('The exercise starts again.');
    }
    this.board.svg.focus({ preventScroll: true });
  }

  next() {
    if (this.mode !== 'lesson') return;
    location.hash = this.index + 1 < LESSONS.length ? `#/learn/${this.index + 2}` : '#/learn/play';
  }

  // ---- rendering --------------------------------------------------------------------------

  say(text) {
    this.outcome = { ok: true, plain: true, text };
    this.renderMessage();
  }

  renderFrame() {
    this.renderList();
    const lesson = this.lesson;
    const n = LESSONS.length;
    if (lesson) {
      $('learn-lesson-title').textContent = `${this.index + 1}. ${lesson.title}`;
      const before = this.solvedBefore ? ' You have solved it before.' : '';
      $('learn-progress').textContent = `Exercise ${this.index + 1} of ${n}: ${lesson.idea}.${before} ${this.progress.solved.length} of ${n} solved.`;
      $('learn-task-title').textContent = 'Your task';
      $('learn-task').textContent = lesson.task;
      $('learn-reset').textContent = 'Reset';
      $('learn-next').hidden = false;
      $('learn-next').textContent = this.index + 1 < n ? 'Next' : 'Next: play TimeGo';
    } else if (this.mode === 'sandbox') {
      $('learn-lesson-title').textContent = 'Play TimeGo on this device';
      $('learn-progress').textContent = `${this.progress.solved.length} of ${n} exercises solved.`;
      $('learn-task-title').textContent = 'Free game';
      $('learn-task').textContent = 'Both players share this 9 × 9 board: Black starts and White receives 7.5 komi. The game is saved in this browser, separately from your other games.';
      $('learn-reset').textContent = 'New game';
      $('learn-next').hidden = true;
    }
    this.renderMessage();
    this.renderButtons();
  }

  renderList() {
    const ol = $('learn-lessons');
    const items = LESSONS.map((lesson, i) => ({
      href: `#/learn/${i + 1}`, label: `${i + 1}. ${lesson.title}`, current: this.mode === 'lesson' && this.index === i,
      solved: this.progress.solved.includes(i),
    }));
    items.push({ href: '#/learn/play', label: 'Play TimeGo on this device', current: this.mode === 'sandbox', solved: false });
    ol.replaceChildren(...items.map((item) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = item.href;
      a.textContent = item.label;
      if (item.current) a.setAttribute('aria-current', 'step');
      if (item.solved) {
        const mark = document.createElement('span');
        mark.className = 'solved';
        mark.textContent = ' ✓';
        mark.setAttribute('aria-label', ', solved');
        mark.setAttribute('role', 'img');
        a.appendChild(mark);
      }
      li.appendChild(a);
      return li;
    }));
    // On a phone the list is one scrolling row: keep the current exercise in sight.
    const current = ol.querySelector('[aria-current]');
    if (current && ol.scrollWidth > ol.clientWidth) {
      ol.scrollLeft = current.parentElement.offsetLeft - ol.offsetLeft - 8;
    }
  }

  renderMessage() {
    const m = $('learn-message');
    const o = this.outcome;
    m.textContent = o ? o.text : '';
    m.className = `message learn-message${o && !o.plain ? (o.ok ? ' success' : ' failure') : ''}`;
    const next = $('learn-next');
    next.classList.toggle('primary', this.solved);
  }

  renderButtons() {
    const v = this.view;
    const playing = Boolean(v) && v.phase === 'playing' && !this.busy;
    $('learn-time').disabled = !playing;
    $('learn-time').setAttribute('aria-pressed', String(this.timeMode));
    $('learn-lock').disabled = !playing || !v.timego.can_lock;
    $('learn-pass').disabled = !playing;
    $('learn-reset').disabled = this.busy;
  }

  render() {
    this.renderFrame();
    const v = this.view;
    if (!v) return;
    let status = `${colorName(v.to_move)} to move.`;
    if (v.phase !== 'playing') {
      status = `Game over. ${resultText(v.result)}${v.score ? ` ${countText(v.score)}` : ''}`;
    }
    else if (this.mode === 'lesson') {
      status = this.solved
        ? 'Exercise solved. Press Next for the next one, or Reset to try again.'
        : `${status} You play Black.`;
    }
    $('learn-status').textContent = status;
    this.board.render(v, { interactive: v.phase === 'playing', previewColor: this.timeMode ? null : v.to_move });
    this.renderMarks();
    const moved = new Set();
    if (this.selected) moved.add(this.selected.index);
    renderOrder($('learn-order'), v, moved);
    renderTurns($('learn-turns'), v);
    this.renderTargets();
  }

  renderMarks() {
    const v = this.view;
    const lessonMarks = this.lesson ? this.lesson.marks(v, this.chains) : {};
    this.board.setMarks({
      rings: lessonMarks.rings || [],
      dots: (lessonMarks.dots || []).filter((p) => !stoneOf(v, p)),
      crosses: v.timego.last_cancelled.map((c) => c.point),
      previews: this.previews,
      selected: this.selected ? this.selected.stone : null,
    });
  }

  renderTargets() {
    const box = $('learn-targets');
    const sel = this.selected;
    box.hidden = !this.timeMode;
    const list = $('learn-target-list');
    if (!this.timeMode) {
      list.replaceChildren();
      return;
    }
    $('learn-time-cancel').textContent = 'Cancel time move';
    if (!sel) {
      $('learn-targets-help').textContent = `Select one of your stones on the board (${colorName(this.view.to_move)}).`;
      list.replaceChildren();
      return;
    }
    const locked = sel.boundary > 0 ? ` Indices before ${sel.boundary} are locked.` : '';
    $('learn-targets-help').textContent = sel.targets.length
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

let learn = null;

/** Shows Learn TimeGo for `hash` (#/learn...). */
export async function openLearn(hash) {
  if (!learn) {
    section.style.visibility = 'hidden';
    await sheetLoaded;
    section.style.visibility = '';
    learn = new Learn();
  }
  await learn.open(hash);
}

// A read-only hook for the browser tests and for debugging from the console.
window.__learn = {
  ready: () => Boolean(learn && learn.view) && !learn.busy,
  lesson: () => (learn ? learn.index + 1 : 0),
  mode: () => (learn ? learn.mode : null),
  solved: () => Boolean(learn && learn.solved),
  actions: () => (learn && learn.record ? learn.record.actions.length : 0),
  turns: () => (learn && learn.view ? learn.view.timego.turns.length : 0),
  view: () => (learn ? learn.view : null),
  record: () => (learn ? learn.record : null),
};
