// The home page's words for the saved rounds: "Continue your round: 9 × 9, 12 moves played."
// for a round in progress, "Your round is finished: Black wins by 3.5 points." for a finished
// one, so a finished game is never offered as one to continue. The phase comes from the save's
// summary, or from the server for saves written before summaries existed.

import { loadRound } from './store.js';
import { playCount } from './round.js';
import { evaluate } from './api.js';
import { resultText, sizeText } from './text.js';

/**
 * The saved round of `mode` as the home page needs it: `{size, moves, finished, result,
 * record}`, or null when there is none. `finished` is null while unknown (an old save).
 */
export function savedRound(mode) {
  const saved = loadRound(mode);
  if (saved.state !== 'ok') return null;
  const { record, summary } = saved.round;
  return {
    size: record.rules.size,
    moves: playCount(record),
    finished: summary ? summary.phase === 'finished' : null,
    result: summary ? summary.result : null,
    record,
  };
}

/** Fills in `finished` and `result` of an old save by asking the server (null if it cannot). */
export async function withPhase(round) {
  if (!round || round.finished !== null) return round;
  try {
    const view = await evaluate(round.record);
    return { ...round, finished: view.phase === 'finished', result: view.result || null };
  } catch (_) {
    return round;
  }
}

/**
 * The card line for a saved round, or null when there is nothing to continue (no save, or a
 * round with no move yet). `who`: '' for Same device, ' vs computer' for Vs computer.
 */
export function roundLine(round, who = '') {
  if (!round || round.moves === 0) return null;
  if (round.finished) {
    const result = resultText(round.result);
    return `Your last round${who} is finished (${sizeText(round.size)}): ${result} Open it to look back, or start a new round.`;
  }
  const moves = `${round.moves} ${round.moves === 1 ? 'move' : 'moves'} played`;
  return `Continue your round${who}: ${sizeText(round.size)}, ${moves}.`;
}
