// What the home page says about the saved TimeGo rounds (no side effects: the home page loads
// this small module, not the TimeGo page).

import { loadPref } from '../store.js';
import { colorName, resultText } from '../text.js';

/** One line about each saved TimeGo round, or '' when there is none. */
export function timegoLine() {
  const lines = [];
  for (const [key, where] of [['timego.local', 'on this device'], ['timego.computer', 'vs computer']]) {
    const saved = loadPref(key, null);
    const s = saved && saved.summary;
    if (!s || !s.turns) continue;
    lines.push(s.phase === 'finished'
      ? `TimeGo ${where}: finished, ${resultText(s.result)}`
      : `TimeGo ${where}: ${s.turns} ${s.turns === 1 ? 'turn' : 'turns'}, ${colorName(s.to_move)} to move.`);
  }
  return lines.join(' ');
}
