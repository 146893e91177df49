// Small helpers on a game view for the lessons: which stone is at a point (read from the
// view), and the actions of a TimeGo record in JSON. Chains and liberties come from the
// server (/api/chain): the rules crate decides them.

import { parsePoint } from '../points.js';

/** 'black' | 'white' | null at a point name of `view`. */
export function stoneOf(view, name) {
  const p = parsePoint(name);
  if (!p || p.col >= view.size || p.row >= view.size) return null;
  const ch = view.board[view.size - 1 - p.row][p.col];
  return ch === 'X' ? 'black' : ch === 'O' ? 'white' : null;
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
