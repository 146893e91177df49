// GTP vertices: columns A..Z without I, rows 1..size from the bottom.
const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

/** The GTP name of the point at column `col` (0 = left) and row `row` (0 = bottom). */
export function pointName(col, row) {
  return COLUMNS[col] + String(row + 1);
}

/** `{col, row}` from a GTP name such as "D4", or null. */
export function parsePoint(name) {
  const m = /^([A-HJ-Za-hj-z])(\d{1,2})$/.exec(String(name || '').trim());
  if (!m) return null;
  return { col: COLUMNS.indexOf(m[1].toUpperCase()), row: Number(m[2]) - 1 };
}

/** The column letters of a board of side `size`. */
export function columnLetters(size) {
  return COLUMNS.slice(0, size).split('');
}

/** Star points (hoshi) of the usual board sizes, as `{col, row}`. */
export function starPoints(size) {
  const edge = size >= 13 ? 3 : 2;
  if (size < 7) return [];
  const far = size - 1 - edge;
  const mid = (size - 1) / 2;
  const pts = [[edge, edge], [far, edge], [edge, far], [far, far]];
  if (size % 2 === 1) pts.push([mid, mid]);
  if (size >= 19 && size % 2 === 1) pts.push([mid, edge], [mid, far], [edge, mid], [far, mid]);
  return pts.map(([col, row]) => ({ col, row }));
}

/** What is at `col,row` of a view: 'black' | 'white' | null. */
export function stoneAt(view, col, row) {
  const ch = view.board[view.size - 1 - row][col];
  return ch === 'X' ? 'black' : ch === 'O' ? 'white' : null;
}

/** The ownership letter ('B', 'W', '.') of a point in a score, or '.'. */
export function ownerAt(score, size, col, row) {
  const line = score && score.ownership && score.ownership[size - 1 - row];
  return line ? line[col] || '.' : '.';
}
