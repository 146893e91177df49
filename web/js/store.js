// Local saving: each mode keeps its own round in localStorage. Data that cannot be read is
// set aside under a ".corrupt" key and reported, never allowed to break the page.

const PREFIX = 'tengen.';
const VERSION = 1;

/** The localStorage key of a mode's round ('local' | 'computer'). */
export function roundKey(mode) {
  return `${PREFIX}round.${mode}`;
}

function storage() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

/** Reads a preference (a small JSON value) or `fallback`. */
export function loadPref(name, fallback) {
  try {
    const raw = storage()?.getItem(PREFIX + name);
    return raw == null ? fallback : JSON.parse(raw);
  } catch (_) {
    return fallback;
  }
}

/** Stores a preference. */
export function savePref(name, value) {
  try {
    storage()?.setItem(PREFIX + name, JSON.stringify(value));
  } catch (_) { /* storage full or disabled: preferences are optional */ }
}

/**
 * The saved round of `mode`: `{state: 'none'}`, `{state: 'ok', round}` or
 * `{state: 'corrupt', raw, reason}`. A round is `{record, computer?, summary?}`; `summary`
 * (`{phase, result, moves}` from the last view) lets the home page describe the round without
 * asking the server; saves written before it existed have none.
 */
export function loadRound(mode) {
  const raw = storage()?.getItem(roundKey(mode));
  if (raw == null) return { state: 'none' };
  let data;
  try {
    data = JSON.parse(raw);
  } catch (_) {
    return { state: 'corrupt', raw, reason: 'it is not valid JSON' };
  }
  const reason = checkShape(data, mode);
  if (reason) return { state: 'corrupt', raw, reason };
  const summary = data.summary && typeof data.summary === 'object' && typeof data.summary.phase === 'string'
    ? data.summary : null;
  return { state: 'ok', round: { record: data.record, computer: data.computer || null, summary } };
}

function checkShape(data, mode) {
  if (!data || typeof data !== 'object') return 'it is not a saved round';
  if (data.v !== VERSION) return 'it was saved by another version';
  const r = data.record;
  if (!r || typeof r !== 'object' || !r.rules || !Array.isArray(r.actions)) {
    return 'it holds no game record';
  }
  if (mode === 'computer') {
    const c = data.computer;
    if (!c || (c.color !== 'black' && c.color !== 'white') || !(c.level >= 1 && c.level <= 10)) {
      return 'the computer settings are missing';
    }
  }
  return null;
}

/** Saves a round; returns false when the browser refuses (storage full or disabled). */
export function saveRound(mode, round) {
  try {
    const data = { v: VERSION, savedAt: new Date().toISOString(), record: round.record };
    if (round.computer) data.computer = round.computer;
    if (round.summary) data.summary = round.summary;
    storage().setItem(roundKey(mode), JSON.stringify(data));
    return true;
  } catch (_) {
    return false;
  }
}

/** Moves unreadable data out of the way; returns the key it now lives under. */
export function setAside(mode, raw) {
  const key = roundKey(mode) + '.corrupt';
  try {
    storage().setItem(key, raw);
  } catch (_) { /* keep going: the round is dropped either way */ }
  try {
    storage().removeItem(roundKey(mode));
  } catch (_) { /* ignore */ }
  return key;
}

/** Forgets a mode's round. */
export function clearRound(mode) {
  try {
    storage()?.removeItem(roundKey(mode));
  } catch (_) { /* ignore */ }
}
