// Small board helpers on a game view for the lessons: stones, chains and their liberties,
// and the actions of a TimeGo record in JSON.

import { parsePoint, pointName } from '../points.js';

/** 'black' | 'white' | null at a point name of `view`. */
export function stoneOf(view, name) {
  const p = parsePoint(name);
  if (!p || p.col >= view.size || p.row >= view.size) return null;
  const ch = view.board[view.size - 1 - p.row][p.col];
  return ch === 'X' ? 'black' : ch === 'O' ? 'white' : null;
}

/** The on-board neighbours of a point name. */
export function neighbours(size, name) {
  const p = parsePoint(name);
  const out = [];
  for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    const col = p.col + dc;
    const row = p.row + dr;
    if (col >= 0 && row >= 0 && col < size && row < size) out.push(pointName(col, row));
  }
  return out;
}

/** The chain of the stone at `name` and its liberties: `{stones, liberties}` (empty if none). */
export function chain(view, name) {
  const color = stoneOf(view, name);
  if (!color) return { stones: [], liberties: [] };
  const stones = new Set([name]);
  const liberties = new Set();
  const todo = [name];
  while (todo.length) {
    const p = todo.pop();
    for (const q of neighbours(view.size, p)) {
      const c = stoneOf(view, q);
      if (!c) liberties.add(q);
      else if (c === color && !stones.has(q)) {
        stones.add(q);
        todo.push(q);
      }
    }
  }
  return { stones: [...stones], liberties: [...liberties] };
}

/** The liberties of the chain at `name` (empty when no stone is there). */
export function liberties(view, name) {
  return chain(view, name).liberties;
}

/** A TimeGo record on a `size` board from short actions: "D4", "pass", "lock", ["E5", 0]. */
export function timegoRecord(size, actions = []) {
  return {
    rules: { variant: 'timego', size, komi: 7.5 },
    actions: actions.map((a) => {
      if (a === 'pass') return { pass: {} };
      if (a === 'lock') return { lock: {} };
      if (Array.isArray(a)) return { time: { stone: a[0], to: a[1] } };
      return { place: a };
    }),
  };
}

/** The kind of a record action: 'place' | 'time' | 'lock' | 'pass' | 'other'. */
export function actionKind(action) {
  for (const k of ['place', 'time', 'lock', 'pass']) if (action && k in action) return k;
  return 'other';
}
