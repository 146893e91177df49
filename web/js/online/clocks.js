// Game clocks and review timers as the players read them. The server keeps the time; a state
// says what was left at `server_time` and which side is running, so the page only counts the
// running side down from the moment the state arrived (no clock of its own to drift).

/** "1:05:09", "9:58", "0:07" for a number of milliseconds (rounded up to whole seconds). */
export function formatMs(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Spoken form: "9 minutes 58 seconds", "7 seconds". */
export function spokenMs(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  const parts = [];
  if (m) parts.push(`${m} ${m === 1 ? 'minute' : 'minutes'}`);
  if (s || !m) parts.push(`${s} ${s === 1 ? 'second' : 'seconds'}`);
  return parts.join(' ');
}

/**
 * One side's game clock after `elapsed` ms of running: `{main_ms, periods, period_ms, byoyomi,
 * out}`. `side` is the state's `{main_ms, periods?, period_ms?}`, `settings` the table's clock
 * settings (byo-yomi periods restart at `period_seconds`).
 */
export function clockAfter(side, settings, elapsed) {
  const c = { main_ms: side.main_ms ?? 0, periods: side.periods ?? 0, period_ms: side.period_ms ?? 0 };
  const byo = settings && settings.kind === 'byoyomi';
  let left = Math.max(0, elapsed);
  const used = Math.min(left, c.main_ms);
  c.main_ms -= used;
  left -= used;
  if (left > 0 && byo) {
    const full = (settings.period_seconds || 0) * 1000;
    while (left > 0 && c.periods > 0) {
      if (left < c.period_ms) {
        c.period_ms -= left;
        left = 0;
      } else {
        left -= c.period_ms;
        c.periods -= 1;
        c.period_ms = c.periods > 0 ? full : 0;
      }
    }
  }
  const rest = c.main_ms > 0 || (byo && c.periods > 0 && c.period_ms > 0);
  return { ...c, byoyomi: byo && c.main_ms === 0, out: !rest };
}

/** What a clock shows: "9:58", "0:21 · 3 periods", "Out of time". */
export function clockText(c) {
  if (c.out) return 'Out of time';
  if (!c.byoyomi) return formatMs(c.main_ms);
  return `${formatMs(c.period_ms)} · ${c.periods} ${c.periods === 1 ? 'period' : 'periods'}`;
}

/** The same for a screen reader. */
export function clockSpoken(c) {
  if (c.out) return 'out of time';
  if (!c.byoyomi) return spokenMs(c.main_ms);
  return `byo-yomi, ${spokenMs(c.period_ms)} in this period, ${c.periods} ${c.periods === 1 ? 'period' : 'periods'}`;
}

/** The table's clock setting in words. */
export function clockSetting(clock) {
  if (!clock) return 'No game clock';
  const main = clock.main_seconds >= 60 && clock.main_seconds % 60 === 0
    ? `${clock.main_seconds / 60} min` : `${clock.main_seconds} s`;
  if (clock.kind === 'byoyomi') {
    return `Byo-yomi: ${main} main time, then ${clock.periods} × ${clock.period_seconds} s`;
  }
  if (clock.kind === 'fischer') return `Fischer: ${main} plus ${clock.increment_seconds} s per move`;
  return 'Game clock';
}
