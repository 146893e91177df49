// The page: routes (#/ home and mode guide, #/local Same device, #/computer Vs computer,
// #/learn, #/online and #/table/... loaded on demand), the theme switch and the Vs computer setup.

import { Round, newRecord, playCount } from './round.js';
import { loadRound, saveRound, loadPref, savePref } from './store.js';
import { ask } from './dialog.js';
import { sizeText } from './text.js';
import { SgfOpener } from './sgf-open.js';
import { savedRound, withPhase, roundLine } from './home-rounds.js';
import { enterView } from './view-focus.js';

const $ = (id) => document.getElementById(id);
const SIZES = [9, 13, 19];

/** The preferred board size (anything unexpected in storage means 9 × 9). */
function sizePref() {
  const size = loadPref('size', 9);
  return SIZES.includes(size) ? size : 9;
}

/** The Vs computer settings last used, each checked. */
function computerPrefs() {
  const p = loadPref('computer', {}) || {};
  return {
    size: SIZES.includes(p.size) ? p.size : 9,
    color: ['black', 'white', 'random'].includes(p.color) ? p.color : 'black',
    level: Number.isInteger(p.level) && p.level >= 1 && p.level <= 10 ? p.level : 3,
    komi: Number.isFinite(p.komi) && Math.round(p.komi * 2) === p.komi * 2 ? p.komi : 7.5,
  };
}

const SECTIONS = ['home', 'setup', 'play', 'learn', 'online', 'table', 'timego'];

/** Learn TimeGo loads on its first visit, so the other pages' first load stays small. */
async function openLearn(hash) {
  const page = await import('./learn/page.js');
  return page.openLearn(hash);
}

/** TimeGo (one device and vs computer) loads on its first visit too. */
async function openTimeGo(hash) {
  const page = await import('./timego/page.js');
  return page.openTimeGo(hash);
}

/** Online and the tables load on their first visit too; leaving them closes the table's socket. */
let online = null;
async function openOnline(hash) {
  online = await import('./online/page.js');
  show(online.sectionFor(hash));
  return online.openOnline(hash, notify);
}

/** "Your tables" on the home page, only where this browser holds seats (nothing loads otherwise). */
async function renderHomeTables() {
  const held = loadPref('tables', []);
  if (!Array.isArray(held) || held.length === 0) {
    $('home-tables').hidden = true;
    return;
  }
  const { renderMine } = await import('./online/mine.js');
  const tables = await renderMine($('home-tables'), $('home-tables-list'), $('home-tables-note'));
  const waiting = tables.filter((t) => t.your_turn && t.phase !== 'finished').length;
  $('online-status').textContent = waiting
    ? `Your turn at ${waiting} ${waiting === 1 ? 'table' : 'tables'}. Invite a friend to play from separate devices.`
    : 'Invite a friend to play from separate devices.';
}

function notify(text) {
  const n = $('notice');
  n.textContent = text;
  n.hidden = !text;
}

const round = new Round(notify);
new SgfOpener(round);

function show(id) {
  for (const s of SECTIONS) $(s).hidden = s !== id;
  for (const a of document.querySelectorAll('.top nav a')) {
    const current = (id === 'play' && a.getAttribute('href') === `#/${round.mode}`) ||
      (id === 'setup' && a.getAttribute('href') === '#/computer') ||
      (id === 'learn' && a.getAttribute('href') === '#/learn') ||
      ((id === 'online' || id === 'table') && a.getAttribute('href') === '#/online');
    if (current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

// ---- theme ------------------------------------------------------------------------------

const THEMES = ['auto', 'light', 'dark'];

function applyTheme(theme) {
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  const t = $('theme-toggle');
  t.textContent = theme[0].toUpperCase() + theme.slice(1);
  t.setAttribute('aria-label', `Theme: ${theme}. Change theme`);
}

$('theme-toggle').addEventListener('click', () => {
  const saved = loadPref('theme', 'auto');
  const now = THEMES.includes(saved) ? saved : 'auto';
  const next = THEMES[(THEMES.indexOf(now) + 1) % THEMES.length];
  savePref('theme', next);
  applyTheme(next);
});
applyTheme(THEMES.includes(loadPref('theme', 'auto')) ? loadPref('theme', 'auto') : 'auto');

// ---- home -------------------------------------------------------------------------------

async function renderHome() {
  const [local, cpu] = await Promise.all([withPhase(savedRound('local')), withPhase(savedRound('computer'))]);
  $('local-status').textContent = roundLine(local) ||
    'Your first shared Go board. Player 1 takes Black and starts; Player 2 takes White and receives 7.5 komi.';
  $('computer-status').textContent = roundLine(cpu, ' vs computer') ||
    'Try Go vs computer to practise on your own.';
  import('./timego/home.js').then(({ timegoLine }) => {
    $('timego-status').textContent = timegoLine() || 'The Go variant in which a move can change the past: on one device or against the computer.';
  }).catch(() => {});
  const size = local ? local.size : sizePref();
  for (const input of document.querySelectorAll('input[name="home-size"]')) {
    input.checked = Number(input.value) === size;
  }
}

document.querySelectorAll('input[name="home-size"]').forEach((input) => {
  input.addEventListener('change', async () => {
    const size = Number(input.value);
    const local = await withPhase(savedRound('local'));
    if (local && local.size !== size && local.moves > 0 && !local.finished) {
      const ok = await ask({
        title: `Change to ${sizeText(size)}?`,
        message: `Changing size replaces the board of your Same device round in progress (${sizeText(local.size)}).`,
        confirm: `Play ${sizeText(size)}`,
      });
      if (!ok) {
        renderHome();
        return;
      }
    }
    savePref('size', size);
    if (!local || local.size !== size) {
      saveRound('local', { record: newRecord(size) });
      if (round.mode === 'local') round.mode = null; // reopen from the new save
    }
    renderHome();
  });
});

// ---- Vs computer setup ------------------------------------------------------------------

const form = $('setup-form');

/** The approximate rank of each level, 1..10 (`level_kyu` in crates/engine/src/levels.rs;
 * how it was measured: docs/ENGINE.md, "Strength levels"). */
const LEVEL_KYU = [25, 23, 20, 18, 15, 13, 11, 10, 9, 8];

/** Shows a level with its rank, also to screen readers. */
function showLevel(level) {
  const text = `${level} · about ${LEVEL_KYU[level - 1] ?? LEVEL_KYU[2]} kyu`;
  $('level-out').textContent = text;
  form.level.setAttribute('aria-valuetext', text);
}

form.level.addEventListener('input', () => showLevel(Number(form.level.value)));

function fillSetup() {
  const prefs = computerPrefs();
  const cur = round.mode === 'computer' && round.record ? {
    size: round.record.rules.size,
    color: round.computer.color,
    level: round.computer.level,
    komi: round.record.rules.komi,
  } : prefs;
  form.querySelectorAll('input[name="size"]').forEach((i) => { i.checked = Number(i.value) === cur.size; });
  const color = prefs.color;
  form.querySelectorAll('input[name="color"]').forEach((i) => { i.checked = i.value === color; });
  form.level.value = cur.level;
  showLevel(cur.level);
  form.komi.value = cur.komi;
  const saved = savedRound('computer');
  $('setup-continue').hidden = !saved || saved.moves === 0;
  $('setup-continue').textContent = saved && saved.finished ? 'Back to your finished round' : 'Continue your round';
}

$('setup-continue').addEventListener('click', () => {
  if (round.mode === 'computer' && round.record) show('play');
  location.hash = '#/computer';
});

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  const size = Number(form.querySelector('input[name="size"]:checked').value);
  const pick = form.querySelector('input[name="color"]:checked').value;
  const level = Math.min(10, Math.max(1, Math.round(Number(form.level.value))));
  const komi = Number(form.komi.value);
  if (!Number.isFinite(komi) || Math.round(komi * 2) !== komi * 2 || Math.abs(komi) > 50) {
    notify('Komi must be a number in steps of 0.5, such as 7.5, 6.5 or 0.');
    form.komi.focus();
    return;
  }
  const saved = loadRound('computer');
  const finished = (round.mode === 'computer' && round.view && round.view.phase === 'finished') ||
    Boolean((await withPhase(savedRound('computer')))?.finished);
  const confirmed = round.newRoundConfirmed;
  round.newRoundConfirmed = false;
  if (saved.state === 'ok' && playCount(saved.round.record) > 0 && !finished && !confirmed) {
    const ok = await ask({
      title: 'Start a new round?',
      message: 'New round replaces your unfinished game against the computer.',
      confirm: 'New round',
    });
    if (!ok) return;
  }
  savePref('computer', { size, color: pick, level, komi });
  const color = pick === 'random' ? (Math.random() < 0.5 ? 'black' : 'white') : pick;
  notify('');
  show('play');
  history.replaceState(null, '', '#/computer');
  await round.startComputer({ size, color, level, komi });
  $('board').focus({ preventScroll: true });
});

// ---- routes -----------------------------------------------------------------------------

async function route() {
  const hash = location.hash || '#/';
  notify('');
  if (online && !(hash.startsWith('#/table/'))) online.leaveOnline();
  if (hash === '#/local') {
    show('play');
    if (round.mode !== 'local' || !round.record) await round.open('local', sizePref());
  } else if (hash === '#/computer') {
    if (round.mode === 'computer' && round.record) {
      show('play');
    } else if (await round.open('computer')) {
      show('play');
    } else {
      fillSetup();
      show('setup');
    }
  } else if (hash === '#/learn' || hash.startsWith('#/learn/')) {
    show('learn');
    await openLearn(hash);
  } else if (hash === '#/timego' || hash.startsWith('#/timego/')) {
    show('timego');
    await openTimeGo(hash);
  } else if (hash === '#/online' || hash.startsWith('#/table/')) {
    await openOnline(hash);
  } else if (hash === '#/computer/new') {
    fillSetup();
    show('setup');
  } else {
    show('home');
    renderHome();
    renderHomeTables();
  }
}

// Moving to another view names it in the page title and takes the focus to its heading.
window.addEventListener('hashchange', () => route().then(() => enterView(location.hash)));
route().then(() => enterView(location.hash, { focus: false }));

// A read-only hook for the browser tests and for debugging from the console.
window.__tengen = {
  actions: () => (round.record ? round.record.actions.length : 0),
  phase: () => (round.view ? round.view.phase : ''),
  ready: () => Boolean(round.view) && !round.busy,
  view: () => round.view,
  record: () => round.record,
};
