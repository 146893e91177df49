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

/** A result string ("B+3.5", "W+R", "Draw") in words. */
export function resultText(result) {
  if (!result) return '';
  if (result === 'Draw' || result === '0') return 'Draw: both scores are equal.';
  const m = /^([BW])\+(.+)$/.exec(result);
  if (!m) return result;
  const winner = m[1] === 'B' ? 'Black' : 'White';
  if (m[2] === 'R') return `${winner} wins by resignation.`;
  const pts = Number(m[2]);
  return `${winner} wins by ${m[2]} ${pts === 1 ? 'point' : 'points'}.`;
}

/** "9 × 9". */
export function sizeText(size) {
  return `${size} × ${size}`;
}

/** Formats a score number (7.5, 42). */
export function num(x) {
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}
