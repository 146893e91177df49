// The words the page uses, in one place (wording from the product texts).

/** "Black" / "White". */
export function colorName(color) {
  return color === 'black' ? 'Black' : 'White';
}

/** Why an empty point cannot be played, as the player reads it. */
export function illegalReason(point, reason) {
  switch (reason) {
    case 'occupied':
      return `${point} is occupied: a stone is already there.`;
    case 'suicide':
      return `${point} is suicide: your group must have at least one liberty after captures.`;
    case 'ko':
      return `${point} is forbidden by ko: it would recreate the previous position. Play elsewhere first.`;
    case 'superko':
      return `${point} is forbidden by superko: it would repeat an earlier board position.`;
    default:
      return `${point} cannot be played now.`;
  }
}

/**
 * A result string in words: "B+3.5", "W+R", "Draw", and the results of games recorded
 * elsewhere ("B+T", "W+F", "B+", "Void", "?").
 */
export function resultText(result) {
  if (!result) return '';
  if (result === 'Draw' || result === '0') return 'Draw: both scores are equal.';
  if (result === 'Void') return 'No result: the game was void.';
  if (result === '?') return 'The game is over; its result was not recorded.';
  const m = /^([BW])\+(.*)$/.exec(result);
  if (!m) return result;
  const winner = m[1] === 'B' ? 'Black' : 'White';
  if (m[2] === 'R') return `${winner} wins by resignation.`;
  if (m[2] === 'T') return `${winner} wins on time.`;
  if (m[2] === 'F') return `${winner} wins by forfeit.`;
  if (m[2] === '') return `${winner} wins.`;
  const pts = Number(m[2]);
  return `${winner} wins by ${m[2]} ${pts === 1 ? 'point' : 'points'}.`;
}

/** Whether a view's board holds no stone. */
export function boardEmpty(view) {
  return view.board.every((row) => !/[XO]/.test(row));
}

/**
 * What a finished game's page says, as `{head, note}`: the result, and what the board shows of
 * the count. An empty-board finish says what happened ("Both passed on an empty board: White
 * wins by komi (7.5 points).").
 */
export function finishedParts(view) {
  const result = resultText(view.result);
  const s = view.score;
  if (!s) {
    // A resignation, or a result recorded with an opened game that ended elsewhere.
    return /^[BW]\+R$/.test(view.result) ? { head: result, note: '' }
      : { head: result, note: 'This is the result recorded with the game; the board shows its last position.' };
  }
  if (boardEmpty(view)) {
    const komi = s.white.komi ?? view.rules.komi;
    if (komi === 0) return { head: 'Both passed on an empty board: a draw, as there is no komi.', note: '' };
    const pts = Math.abs(komi);
    const head = `Both passed on an empty board: ${komi > 0 ? 'White' : 'Black'} wins by komi (${num(pts)} ${pts === 1 ? 'point' : 'points'}).`;
    return { head, note: '' };
  }
  const note = [];
  const dead = (s.dead || []).length;
  if (dead) note.push(dead === 1 ? 'The stone agreed dead is faded.' : `The ${dead} stones agreed dead are faded.`);
  note.push(s.black.territory + s.white.territory > 0
    ? 'Small squares mark every point counted as territory.'
    : 'No point was counted as territory.');
  return { head: result, note: note.join(' ') };
}

/**
 * A count in one sentence: "Area count: Black 12 stones + 8 territory = 20; White 10 stones +
 * 9 territory + 7.5 komi = 26.5." (territory scoring adds prisoners instead of stones).
 */
export function countText(score) {
  const side = (name, s, komi) => {
    const parts = score.scoring === 'territory'
      ? [`${s.territory} territory`, `${s.prisoners} prisoners`]
      : [`${s.stones} ${s.stones === 1 ? 'stone' : 'stones'}`, `${s.territory} territory`];
    if (komi !== undefined && komi !== null) parts.push(`${num(komi)} komi`);
    return `${name} ${parts.join(' + ')} = ${num(s.total)}`;
  };
  const method = score.scoring === 'territory' ? 'Territory count' : 'Area count';
  return `${method}: ${side('Black', score.black)}; ${side('White', score.white, score.white.komi)}.`;
}

/** "9 × 9". */
export function sizeText(size) {
  return `${size} × ${size}`;
}

/** Formats a score number (7.5, 42). */
export function num(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}
