// The two record panels of a TimeGo game: "Current placement order" (placements only: index,
// color, point, locked or not, still on the board or not) and "Actual turns" (every action,
// with what each time move cancelled). Plus the words for cancellations and time targets.

import { colorName } from '../text.js';

const REASONS = {
  occupied: 'its point was occupied',
  suicide: 'it would have had no liberties',
  repeated_position: 'it would have repeated an earlier position',
};

/** "White A1 (index 1): it would have had no liberties". */
export function cancelText(c) {
  return `${colorName(c.color)} ${c.point} (index ${c.index}): ${REASONS[c.reason] || c.reason}`;
}

/** One line of the turn record. */
export function turnText(turn) {
  const who = colorName(turn.color);
  switch (turn.action) {
    case 'place':
      return `${who} placed ${turn.point} (index ${turn.index})`;
    case 'time': {
      const base = `${who} moved ${turn.stone} from index ${turn.from} to ${turn.to}`;
      if (!turn.cancelled || turn.cancelled.length === 0) return `${base}; nothing cancelled`;
      return `${base}; cancelled ${turn.cancelled.map(cancelText).join('; ')}`;
    }
    case 'lock':
      return turn.boundary === 1
        ? `${who} locked placement 0`
        : `${who} locked placements 0 to ${turn.boundary - 1}`;
    case 'pass':
      return `${who} passed`;
    case 'resign':
      return `${who} resigned`;
    default:
      return `${who}: ${turn.action}`;
  }
}

function cell(tag, text, row, cls) {
  const c = document.createElement(tag);
  c.textContent = text;
  if (cls) c.className = cls;
  row.appendChild(c);
  return c;
}

/**
 * Fills the placement-order table body. `highlight`: indices to mark (the moved stone). The
 * locked part is set apart: a row at the lock boundary says where the protected past ends.
 */
export function renderOrder(tbody, view, highlight = new Set()) {
  const t = view.timego;
  const rows = document.createDocumentFragment();
  if (t.order.length === 0) {
    const tr = document.createElement('tr');
    const td = cell('td', 'No placements yet.', tr, 'empty');
    td.colSpan = 5;
    rows.appendChild(tr);
  }
  for (const entry of t.order) {
    if (t.boundary > 0 && entry.index === t.boundary) rows.appendChild(boundaryRow(t.boundary));
    const tr = document.createElement('tr');
    if (entry.locked) tr.classList.add('locked-row');
    if (highlight.has(entry.index)) tr.className = 'moved';
    if (!entry.on_board) tr.classList.add('gone');
    cell('th', String(entry.index), tr).scope = 'row';
    const stone = cell('td', '', tr);
    const dot = document.createElement('span');
    dot.className = `stone-dot ${entry.color}`;
    dot.setAttribute('aria-hidden', 'true');
    stone.append(dot, colorName(entry.color));
    cell('td', entry.point, tr);
    cell('td', entry.locked ? 'Locked' : 'Unlocked', tr, entry.locked ? 'locked' : '');
    cell('td', entry.on_board ? 'On board' : 'Captured', tr);
    rows.appendChild(tr);
  }
  if (t.boundary > 0 && t.boundary === t.order.length) rows.appendChild(boundaryRow(t.boundary));
  tbody.replaceChildren(rows);
}

/** The row that marks the lock boundary in the order table. */
function boundaryRow(boundary) {
  const tr = document.createElement('tr');
  tr.className = 'lock-boundary';
  const td = cell('td', boundary === 1
    ? 'Lock boundary: placement 0 above is locked'
    : `Lock boundary: placements 0 to ${boundary - 1} above are locked`, tr);
  td.colSpan = 5;
  return tr;
}

/** Fills the turn record list (newest last). */
export function renderTurns(ol, view) {
  const turns = view.timego.turns;
  const items = document.createDocumentFragment();
  turns.forEach((turn) => {
    const li = document.createElement('li');
    li.textContent = turnText(turn);
    li.className = `turn ${turn.action}`;
    if (turn.cancelled && turn.cancelled.length) li.classList.add('cancelling');
    items.appendChild(li);
  });
  ol.replaceChildren(items);
  const empty = ol.nextElementSibling;
  if (empty && empty.classList.contains('empty')) empty.hidden = turns.length > 0;
}

/** The label of a time target: "Index 1: cancels White A1 (index 1): ..." */
export function targetText(target) {
  if (!target.cancels || target.cancels.length === 0) return `Index ${target.to}: cancels nothing`;
  return `Index ${target.to}: cancels ${target.cancels.map(cancelText).join('; ')}`;
}
