// Online (#/online) and the tables (#/table/{id}, #/table/{id}/invite/{code}): loaded on the
// first visit, so the other pages' first load stays small. Fills the two sections once.

import { onlineMarkup, tableMarkup } from './markup.js';
import { CreatePage } from './create.js';
import { TablePage } from './table.js';

function section(id, label) {
  let s = document.getElementById(id);
  if (!s) {
    s = document.createElement('section');
    s.id = id;
    s.hidden = true;
    s.setAttribute('aria-labelledby', label);
    document.getElementById('main').appendChild(s);
  }
  return s;
}

section('online', 'online-title').innerHTML = onlineMarkup();
section('table', 'tb-title').innerHTML = tableMarkup();

const HEX32 = '[0-9a-f]{32}';
const TABLE = new RegExp(`^#/table/(${HEX32})(?:/invite/(${HEX32}))?/?$`);

let create = null;
let table = null;

/** The section a hash shows: 'online' or 'table'. */
export function sectionFor(hash) {
  return hash.startsWith('#/table/') ? 'table' : 'online';
}

/** Opens the page of `hash`. `notify(text)` shows a page-level notice. */
export async function openOnline(hash, notify) {
  if (hash.startsWith('#/table/')) {
    const m = TABLE.exec(hash);
    if (!m) {
      notify('This table link is not complete: a table link ends in 32 letters and digits. Check the link you were sent.');
      if (table) table.leave();
      return;
    }
    if (!table) table = new TablePage(notify);
    await table.open(m[1], m[2] || null);
    return;
  }
  if (table) table.leave();
  if (!create) create = new CreatePage();
  await create.open();
}

/** Closes the table's connection when another page opens. */
export function leaveOnline() {
  if (table) table.leave();
}

// A read-only hook for the browser tests and for debugging from the console.
window.__online = {
  ready: () => Boolean(table && table.state && table.conn === 'open'),
  seat: () => (table ? table.seat : null),
  seq: () => (table && table.state ? table.state.seq : 0),
  phase: () => (table && table.state ? table.state.view.phase : ''),
  view: () => (table && table.state ? table.state.view : null),
  state: () => (table ? table.state : null),
  conn: () => (table ? table.conn : ''),
  /** Drops the connection as a network failure would (the page reconnects by itself). */
  drop: () => {
    const ws = table && table.socket && table.socket.ws;
    if (ws) ws.close();
    return Boolean(ws);
  },
};
