// "Your tables": the tables this browser holds seats at (POST /api/tables/mine), with whose turn
// it is, for the home page and the Online page. Seats the server no longer knows are forgotten.

import { loadSeats, forgetSeats } from './tokens.js';
import { myTables } from './http.js';
import { colorName } from '../text.js';
import { resultText, shortSettings } from './words.js';

/** The line of one table: "9 × 9 Go vs Bob — your turn, move 12". */
export function summaryText(t) {
  const vs = t.opponent ? `vs ${t.opponent}` : 'waiting for your friend';
  let state;
  if (t.phase === 'finished') state = `finished: ${resultText(t.result)}`;
  else if (t.phase === 'review') state = t.your_turn ? 'score review, your turn' : 'score review, your friend’s turn';
  else if (!t.opponent && t.to_move) state = `you play ${colorName(t.seat)}`;
  else state = t.your_turn ? `your turn (${colorName(t.seat)}), move ${t.move_number}` : `${colorName(t.to_move)} to play, move ${t.move_number}`;
  return `${shortSettings(t.variant, t.size)} ${vs} — ${state}`;
}

/**
 * Fills `list` (an <ul>) with links to the tables; shows `box` when there are any. `note` gets a
 * line when the server cannot be asked. Returns the summaries.
 */
export async function renderMine(box, list, note) {
  const seats = loadSeats();
  if (!seats.length) {
    box.hidden = true;
    return [];
  }
  let answer;
  try {
    answer = await myTables(seats);
  } catch (e) {
    box.hidden = false;
    list.replaceChildren();
    if (note) note.textContent = `Your tables cannot be listed now: ${e.message}`;
    return [];
  }
  const tables = Array.isArray(answer.tables) ? answer.tables : [];
  const known = new Set(tables.map((t) => t.id));
  const gone = seats.filter((s) => !known.has(s.id)).map((s) => s.id);
  if (gone.length) forgetSeats(gone);
  // Unfinished tables first, yours-to-move first among them, in the order the seats were saved.
  const order = new Map(seats.map((s, i) => [s.id, i]));
  const rank = (t) => (t.phase === 'finished' ? 2 : t.your_turn ? 0 : 1);
  tables.sort((a, b) => rank(a) - rank(b) || order.get(a.id) - order.get(b.id));
  list.replaceChildren(...tables.map((t) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = `#/table/${t.id}`;
    a.textContent = summaryText(t);
    if (t.your_turn && t.phase !== 'finished') li.className = 'your-turn';
    li.appendChild(a);
    return li;
  }));
  if (note) note.textContent = tables.some((t) => t.your_turn && t.phase !== 'finished') ? 'It is your turn at a table.' : '';
  box.hidden = tables.length === 0;
  return tables;
}
