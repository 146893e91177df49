// The seats this browser holds at online tables: localStorage "tengen.tables", a JSON list of
// {id, token, seat, invite?, saved}. The token is the seat: whoever holds it plays. The creator
// also keeps the invite code so the invite link can be shown again. Anything unreadable is
// ignored (a broken entry never breaks the page).

const KEY = 'tengen.tables';
const HEX32 = /^[0-9a-f]{32}$/;
/** The server answers "Your tables" for at most this many tables. */
export const MAX_TABLES = 100;

function storage() {
  try {
    return window.localStorage;
  } catch (_) {
    return null;
  }
}

function valid(e) {
  return e && typeof e === 'object' && HEX32.test(e.id) && HEX32.test(e.token) &&
    (e.seat === 'black' || e.seat === 'white');
}

/** Every seat held here, newest first. */
export function loadSeats() {
  let list;
  try {
    list = JSON.parse(storage()?.getItem(KEY) || '[]');
  } catch (_) {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return list.filter(valid).map((e) => ({
    id: e.id,
    token: e.token,
    seat: e.seat,
    invite: typeof e.invite === 'string' && HEX32.test(e.invite) ? e.invite : null,
    saved: typeof e.saved === 'string' ? e.saved : '',
  }));
}

/** Whether this browser holds any seat (cheap: the home page asks before loading anything). */
export function holdsSeats() {
  return loadSeats().length > 0;
}

/** The seat held at table `id`, or null. */
export function seatAt(id) {
  return loadSeats().find((e) => e.id === id) || null;
}

/** Remembers a seat (the newest first; the list is kept to MAX_TABLES). Returns false when the
 * browser refuses to store it. */
export function saveSeat({ id, token, seat, invite = null }) {
  const rest = loadSeats().filter((e) => e.id !== id);
  const entry = { id, token, seat, saved: new Date().toISOString() };
  if (invite) entry.invite = invite;
  try {
    storage().setItem(KEY, JSON.stringify([entry, ...rest].slice(0, MAX_TABLES)));
    return true;
  } catch (_) {
    return false;
  }
}

/** Forgets the seats at these table ids (tables the server no longer knows). */
export function forgetSeats(ids) {
  const drop = new Set(ids);
  const keep = loadSeats().filter((e) => !drop.has(e.id));
  try {
    storage()?.setItem(KEY, JSON.stringify(keep));
  } catch (_) { /* nothing to do */ }
}
