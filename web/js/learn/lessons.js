// The seven exercises of Learn TimeGo, one idea each. Each lesson has a prepared starting
// record (the student plays Black), the highlights to draw, and a goal check:
//   check({view, before, action, turn, chains, chainsBefore}) → {solved: text} |
//     {wrong: text} | null (play on)
// A wrong try is taken back; `reply` ('pass') is White's answer while play goes on, and
// `after` (an action) White's answer once the goal is reached. `watch` names the points whose
// chains a lesson needs: the page asks the server (/api/chain) for each after every change
// and passes them as `chains` (`{D4: {color, stones, liberties}}`), never working out chains
// or liberties itself.

import { stoneOf, actionKind } from './stones.js';
import { num } from '../text.js';

/** The lessons' board side. */
export const LESSON_SIZE = 7;

const lastTurn = (view) => view.timego.turns[view.timego.turns.length - 1];

/** The liberties of the chain at `point` as the server gave them (none when unknown). */
function libertiesOf(chains, point) {
  return (chains && chains[point] && chains[point].liberties) || [];
}
const placedAt = (action) => action.place;

function onlyTime(action, stone) {
  const kind = actionKind(action);
  if (kind === 'place') {
    return `That placed a new stone at ${placedAt(action)}, at the end of the order. This exercise asks for a time move: choose Time, then select ${stone}.`;
  }
  if (kind === 'lock') return `Lock protects the past but changes nothing in it. Choose Time, then select ${stone}.`;
  if (kind === 'pass') return `A pass leaves the board and the order unchanged. Choose Time, then select ${stone}.`;
  return null;
}

export const LESSONS = [
  {
    title: 'Place a stone',
    idea: 'Placing and liberties',
    task: 'Black starts. White’s stone at D4 has four liberties: the empty points right next to it, marked with dots. Place a Black stone on one of them to take a liberty away.',
    start: ['F2', 'D4'],
    watch: ['D4'],
    marks: (view, chains) => ({ rings: ['D4'], dots: libertiesOf(chains, 'D4') }),
    check({ action, chains, chainsBefore }) {
      const p = placedAt(action);
      if (!p) return { wrong: 'This exercise is about placing: click or tap an empty point next to D4.' };
      if (!libertiesOf(chainsBefore, 'D4').includes(p)) {
        return { wrong: `${p} does not touch D4. A liberty is an empty point directly above, below, left or right of a stone; diagonal points do not count.` };
      }
      const n = libertiesOf(chains, 'D4').length;
      return { solved: `Well done. D4 has ${n} liberties left. Same-color stones connect horizontally and vertically, and a group shares its liberties.` };
    },
  },
  {
    title: 'Capture a stone',
    idea: 'Capturing',
    task: 'White’s stone at D4 has only one liberty left, marked with a dot. Place a stone there to capture it.',
    start: ['C4', 'D4', 'E4', 'B6', 'D5', 'F6'],
    watch: ['D4'],
    marks: (view, chains) => ({ rings: stoneOf(view, 'D4') ? ['D4'] : [], dots: libertiesOf(chains, 'D4') }),
    check({ view, action, chains }) {
      if (!stoneOf(view, 'D4')) {
        return { solved: 'Captured! A group with no liberties is removed from the board. Your own group must still have a liberty after captures.' };
      }
      if (!placedAt(action)) return { wrong: 'White’s stone is still there: place a stone on its last liberty.' };
      return { wrong: `D4 still has a liberty at ${libertiesOf(chains, 'D4').join(', ')}. Fill the last liberty to capture.` };
    },
  },
  {
    title: 'Your first time move',
    idea: 'A time move changes the order',
    task: 'Your stone at E3 is placement 2 of the order (counting from 0). Choose Time, select E3, then pick an earlier index. Its color and intersection stay the same; only its place in the order changes.',
    start: ['C3', 'E5', 'E3', 'C5'],
    marks: () => ({ rings: ['E3'] }),
    check({ action, turn }) {
      const wrong = onlyTime(action, 'E3');
      if (wrong) return { wrong };
      return { solved: `E3 is now placement ${turn.to}. The board looks the same, but the past changed: see Current placement order. Actual turns records your time move.` };
    },
  },
  {
    title: 'Capture in a new past',
    idea: 'A time move can capture differently',
    task: 'White’s B2 captured your stone at B1, so your A2 came too late to capture A1. Move A2 earlier, after White’s A1 but before White’s B2 (index 2 to 5). In the new past A2 takes A1’s last liberty first, and B1 survives.',
    start: ['B1', 'A1', 'E5', 'C1', 'E3', 'B2', 'A2', 'F6'],
    marks: (view) => ({ rings: ['A2', 'A1'].filter((p) => stoneOf(view, p)) }),
    check({ view, action, turn }) {
      const wrong = onlyTime(action, 'A2');
      if (wrong) {
        return {
          wrong: action.place === 'B1'
            ? 'B1 captures A1 too, but it is a new placement at the end of the order: your first B1 stays captured in the past. Choose Time and move A2 earlier.'
            : wrong,
        };
      }
      if (!stoneOf(view, 'A1') && stoneOf(view, 'B1') === 'black') {
        if ((turn.cancelled || []).some((c) => c.point === 'A1')) {
          // Index 0 or 1: A2 arrives before A1 itself, so A1 never gets onto the board.
          return { solved: `A2 now comes before White’s A1 (index ${turn.to}), so A1 would have had no liberties when its turn came: it was not captured but cancelled, removed from the order (exercise 5 looks at this). Without A1, White’s B2 no longer captures B1. Moving A2 to index 2 to 5 shows the capture itself.` };
        }
        return { solved: 'In the new past A2 captured A1 before White played B2, so B2 no longer captures B1. Every later placement was replayed in order.' };
      }
      return { wrong: 'A1 is still on the board. Move A2 to an index before White’s B2.' };
    },
  },
  {
    title: 'A cancelled placement',
    idea: 'Later placements can become illegal',
    task: 'Your A2 captured White’s A1. Move A2 before A1 (index 1 or 0). In that new past A1 would have no liberties when its turn comes, so White’s placement is cancelled: a cross marks it.',
    start: ['B1', 'A1', 'A2', 'E5'],
    marks: () => ({ rings: ['A2'] }),
    check({ action, turn }) {
      const wrong = onlyTime(action, 'A2');
      if (wrong) return { wrong };
      if (!turn.cancelled || turn.cancelled.length === 0) {
        return { wrong: 'That time move cancelled nothing. Choose a target whose preview says it cancels White’s A1.' };
      }
      return { solved: 'White’s A1 was removed from the placement order. The cross marks the cancelled placement, and Actual turns records what your time move cancelled.' };
    },
  },
  {
    title: 'Lock the past',
    idea: 'Lock protects placements',
    task: 'You captured A1. Press Lock to protect every current placement: afterwards neither player may move a stone into that part of the order, and a stone captured in the locked past cannot return.',
    start: ['B1', 'A1', 'A2', 'E4'],
    marks: () => ({ rings: ['A2'] }),
    after: { place: 'C5' },
    check({ view, action }) {
      if (actionKind(action) !== 'lock') return { wrong: 'This exercise asks for Lock: press the Lock button.' };
      return { solved: `All ${view.timego.boundary} placements are locked. Both players must leave that past unchanged, so A1 stays captured. White answered at C5. Now try selecting A2: its placement is locked, so it cannot travel. You cannot Lock again until there is a new, unlocked placement.` };
    },
  },
  {
    title: 'Repetition and the end',
    idea: 'Repetition across turns, two passes, the score',
    task: 'You placed D4, C3, E5, then reordered them with two time moves while White passed. Try moving C3 to index 1: that would recreate the order D4, C3, E5 reached before, so it is refused even though the board would look the same. Then press Pass: after White’s pass, yours is the second consecutive pass and ends the game.',
    start: ['D4', 'pass', 'C3', 'pass', 'E5', 'pass', ['E5', 0], 'pass', ['D4', 0], 'pass'],
    marks: () => ({ rings: ['C3'] }),
    reply: 'pass',
    check({ view }) {
      if (view.phase !== 'finished' || !view.score) return null;
      const b = view.score.black.total;
      const w = view.score.white.total;
      return { solved: `Two consecutive passes ended the game. Area score: Black ${num(b)}, White ${num(w)} (komi included). Surviving stones and empty regions bordered by one color count; no stones are removed as dead.` };
    },
  },
];

/** The turn that `action` produced (the last turn of `view`). */
export { lastTurn };
